//! The page-map allocator (docs/shm.md, section 3): the heap is an array of [`PAGE_LEN`]
//! pages, a block is a run of them, and the page map has one `u32` entry per page. Every
//! change to an entry is one atomic instruction, in an order chosen so that a process killed
//! between any two of them leaves entries that the reclaimer (section 7) recognises.
//!
//! ```text
//!  entry             meaning
//!  0x0000_0000       FREE
//!  0x4000_0000 | s   CLAIMING: process slot s is allocating this page
//!  0x8000_0000       HEAD: the first page of a block (its header is there)
//!  0x8000_0001       BODY: a further page of the block whose head is to its left
//!  0xC000_0000 | s   FREEING: slot s is freeing the block whose head page this is
//! ```
//!
//! **Allocate** `n` pages (slot `s`): scan from the process's cursor for `n` free entries,
//! claim them left to right with CAS `FREE -> CLAIMING|s` (on a lost CAS store `FREE` back,
//! right to left, and scan on), write the block header, store `BODY` into the further pages,
//! and last, with Release, `HEAD` into the first. Whoever reads `HEAD` (Acquire) reads a
//! whole header; a run never shows `HEAD` before its further pages are `BODY`.
//!
//! **Free** (by the process that finds its holder bit is the last one, section 4): the free is
//! claimed with one CAS on the head entry, `HEAD -> FREE` for a one-page block, otherwise
//! `HEAD -> FREEING|s`, then the `BODY` entries are stored `FREE` right to left and the head
//! last. Then waiting allocators are woken (only if there are any: the busy path makes no
//! system call).
//!
//! So a `BODY` entry always lies to the right of its own head, `HEAD`, `CLAIMING|s` or
//! `FREEING|s`, with only `BODY` entries between: the reclaimer of a dead slot `d` clears
//! every run that starts at `CLAIMING|d` or `FREEING|d` together with the `BODY` entries that
//! follow it, right to left, so that a reclaimer killed midway leaves the start for the next.

use crate::block::{capacity_of, BlockHeader, BlockMut, Held, BLOCK_HEADER_LEN, BLOCK_MAGIC};
use crate::cache::Put;
use crate::error::AllocError;
use crate::futex::{self, Wait};
use crate::layout::{MAX_PROCESSES, PAGE_LEN};
use crate::process::Attached;
use crate::ring::Handle;
use crate::segment::Segment;
use crate::Block;
use std::fmt::Write;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::time::Instant;

/// Page-map entry values (see the module documentation).
pub mod entry {
    /// A free page.
    pub const FREE: u32 = 0;
    /// Tag of a page being allocated; the low bits are the allocating slot.
    pub const CLAIMING: u32 = 0x4000_0000;
    /// The head page of a block.
    pub const HEAD: u32 = 0x8000_0000;
    /// A further page of a block.
    pub const BODY: u32 = 0x8000_0001;
    /// Tag of the head page of a block being freed; the low bits are the freeing slot.
    pub const FREEING: u32 = 0xC000_0000;
    /// The bits that tell the kind of an entry.
    pub const KIND: u32 = 0xC000_0000;

    /// `CLAIMING` by `slot`.
    pub const fn claiming(slot: usize) -> u32 {
        CLAIMING | slot as u32
    }

    /// `FREEING` by `slot`.
    pub const fn freeing(slot: usize) -> u32 {
        FREEING | slot as u32
    }

    /// Whether `entry` is `CLAIMING` or `FREEING` by `slot`: that process's work in flight.
    pub const fn in_flight_by(entry: u32, slot: usize) -> bool {
        (entry == claiming(slot) || entry == freeing(slot)) && slot < super::MAX_PROCESSES
    }
}

/// Bits of a block generation numbering it inside its process's batch: a process takes
/// generations from the segment-wide counter `2^16 - 1` at a time, so allocators do not all
/// write one shared cache line.
const BATCH_BITS: u32 = 16;
const BATCH_MASK: u64 = (1 << BATCH_BITS) - 1;

/// How the heap is used, for `evflow shm ls` and [`AllocError::SegmentFull`]: a snapshot,
/// taken while other processes allocate and free.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct HeapUsage {
    /// Pages in the heap.
    pub pages: usize,
    /// Free pages.
    pub free_pages: usize,
    /// The longest run of free pages: the largest block that fits now is
    /// `largest_free_run x 4096 - 64` bytes.
    pub largest_free_run: usize,
    /// `(slot, pid, bytes held)` of each attached process, most bytes first (approximate).
    pub by_slot: Vec<(usize, u32, u64)>,
}

impl HeapUsage {
    /// Free bytes in all.
    pub fn free_bytes(&self) -> usize {
        self.free_pages * PAGE_LEN
    }

    /// Bytes of the longest free run.
    pub fn largest_free_bytes(&self) -> usize {
        self.largest_free_run * PAGE_LEN
    }
}

/// Free pages and the longest free run. Cached blocks (a `HEAD` whose holder mask is 0, and
/// its `BODY` pages) count as free: an allocation that needs their pages flushes them.
fn free_pages(segment: &Segment) -> (usize, usize) {
    let map = segment.page_map();
    let (mut free, mut run, mut longest, mut in_cached) = (0, 0, 0, false);
    for (page, entry) in map.iter().enumerate() {
        let value = entry.load(Ordering::Relaxed);
        in_cached = (value == entry::HEAD && segment.is_cached(page)) || (in_cached && value == entry::BODY);
        if value == entry::FREE || in_cached {
            free += 1;
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    (free, longest)
}

/// Pages of a block with room for `len` payload bytes, if any could be.
fn pages_for(len: usize) -> Option<usize> {
    Some(len.checked_add(BLOCK_HEADER_LEN)?.div_ceil(PAGE_LEN))
}

/// `bytes` for people: "512 B", "4.0 KiB", "1.5 GiB".
pub(crate) fn human(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The message of [`AllocError::SegmentFull`].
pub(crate) fn segment_full_message(segment: &std::path::Path, size: usize, len: usize, usage: &HeapUsage) -> String {
    let heap = usage.pages * PAGE_LEN;
    let needed = pages_for(len).unwrap_or(usize::MAX);
    let mut message = format!(
        "{}: no free run for a block of {len} bytes ({needed} pages) in the {} segment: {} of the heap's {} free, \
         the largest free run {}",
        segment.display(),
        human(size),
        human(usage.free_bytes()),
        human(heap),
        human(usage.largest_free_bytes()),
    );
    if usage.free_pages >= needed {
        message.push_str(" (fragmented: enough pages are free, but not in one run)");
    }
    let holders: Vec<_> = usage.by_slot.iter().filter(|(_, _, bytes)| *bytes > 0).take(5).collect();
    if holders.is_empty() {
        message.push_str("; no process holds blocks (they are being freed)");
    } else {
        message.push_str("; held by");
        for (i, (slot, pid, bytes)) in holders.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            let _ = write!(message, "{sep}pid {pid} (slot {slot}) {}", human(*bytes as usize));
        }
    }
    message.push_str(
        ". A segment needs at least 2 x events in flight x largest event: raise its size \
         (SegmentConfig.size, `segment_size`), or find the process that holds on to blocks",
    );
    message
}

impl Segment {
    /// How the heap is used now: free pages, the largest free run, and bytes held by process.
    pub fn heap_usage(&self) -> HeapUsage {
        let map = self.page_map();
        let (free_pages, largest_free_run) = free_pages(self);
        // Bytes held by each process: the blocks whose holder bit it has (counted here, not on
        // every share and free, where a shared counter would cost a cache miss per message).
        let mut held = [0u64; MAX_PROCESSES];
        for (page, value) in map.iter().enumerate() {
            if value.load(Ordering::Relaxed) == entry::HEAD {
                let header = self.block_header(page);
                let bytes = u64::from(header.pages.load(Ordering::Relaxed)).min(map.len() as u64) * PAGE_LEN as u64;
                let holders = header.holders.load(Ordering::Relaxed);
                for (slot, total) in held.iter_mut().enumerate() {
                    if holders & (1 << slot) != 0 {
                        *total += bytes;
                    }
                }
            }
        }
        let mut by_slot: Vec<_> = (self.process_slots().iter().enumerate())
            .filter_map(|(slot, s)| {
                let pid = s.pid.load(Ordering::Acquire);
                (pid != 0).then_some((slot, pid, held[slot]))
            })
            .collect();
        by_slot.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
        HeapUsage { pages: map.len(), free_pages, largest_free_run, by_slot }
    }

    /// Heap pages in use: neither free nor in a cached block.
    pub fn pages_used(&self) -> usize {
        self.page_map().len() - free_pages(self).0
    }

    /// The header of the block whose head is heap page `page` (`< heap_pages`).
    pub(crate) fn block_header(&self, page: usize) -> &BlockHeader {
        let ptr = self.at(self.layout().heap + page * PAGE_LEN, PAGE_LEN);
        // SAFETY: `at` checked that the page lies in the mapping, which lives as long as
        // `self`; pages are PAGE_LEN-aligned, and the header is all atomics, so reading it
        // while another process writes it is no data race.
        unsafe { &*ptr.as_ptr().cast::<BlockHeader>() }
    }

    /// Wakes the allocators waiting for space, if there are any: the notifier's half of
    /// [`Attached::alloc`]'s wait, after a free has published its `FREE` entries.
    pub(crate) fn notify_free(&self) {
        let header = self.header();
        // No fence (docs/shm.md, section 5, "Waking without a fence"): either we see the
        // waiter registered and bump the word it sleeps on, or its re-check after the grace
        // period sees the freed pages.
        std::sync::atomic::compiler_fence(Ordering::SeqCst);
        if header.free_waiters.load(Ordering::Relaxed) != 0 {
            header.free_seq.fetch_add(1, Ordering::Release);
            futex::wake(&header.free_seq, u32::MAX);
        }
    }

    /// The head page of the block a handle names, checked as far as the handle goes: inside
    /// the heap, page-aligned, a `HEAD` entry, magic, generation, pages inside the heap and
    /// `len` within the block. Reads nothing outside the heap, whatever the handle says.
    fn validate(&self, handle: Handle) -> Result<(usize, usize, &BlockHeader), String> {
        let layout = self.layout();
        let (heap, heap_end) = (layout.heap as u64, (layout.heap + layout.heap_pages * PAGE_LEN) as u64);
        if handle.offset < heap || handle.offset >= heap_end {
            return Err(format!("outside the heap (offsets {heap} to {heap_end})"));
        }
        let from_heap = handle.offset - heap;
        if !from_heap.is_multiple_of(PAGE_LEN as u64) {
            return Err(format!("{} bytes into a page, not at a block's start", from_heap % PAGE_LEN as u64));
        }
        let head = (from_heap / PAGE_LEN as u64) as usize;
        // Acquire, paired with the allocator's Release store of HEAD: the header is whole.
        let page = self.page_map()[head].load(Ordering::Acquire);
        if page != entry::HEAD {
            return Err(format!("heap page {head} is not the head of a block (page-map entry {page:#010x})"));
        }
        let header = self.block_header(head);
        let magic = header.magic.load(Ordering::Relaxed);
        if magic != BLOCK_MAGIC {
            return Err(format!("block magic {magic:#010x}, not {BLOCK_MAGIC:#010x}"));
        }
        let generation = header.generation.load(Ordering::Relaxed);
        if generation != handle.generation {
            return Err(format!(
                "generation {}, but the block there is generation {generation}: a stale handle to a block freed since",
                handle.generation
            ));
        }
        if header.holders.load(Ordering::Relaxed) == 0 {
            return Err("a stale handle to a block freed since (kept whole in the block cache)".into());
        }
        let pages = header.pages.load(Ordering::Relaxed) as usize;
        if pages == 0 || pages > layout.heap_pages - head {
            return Err(format!("the block header says {pages} pages, past the heap's end"));
        }
        if handle.len > capacity_of(pages) as u64 {
            return Err(format!("len {} is more than the block's {} bytes", handle.len, capacity_of(pages)));
        }
        Ok((head, pages, header))
    }
}

impl Attached {
    /// Allocates a block with room for `len` payload bytes, waiting until `deadline` (`None`:
    /// no limit) for space. The wait sleeps on the segment's `free_seq` (futex) and is woken
    /// by frees, never a sleep loop.
    ///
    /// Errors: [`AllocError::TooLarge`] at once if the heap could never hold it,
    /// [`AllocError::SegmentFull`] when the deadline passes first.
    pub fn alloc(&self, len: usize, deadline: Option<Instant>) -> Result<BlockMut, AllocError> {
        let pages = self.pages_for(len)?;
        if let Some(block) = self.claim(pages, len)? {
            return Ok(block);
        }
        let segment = self.segment();
        let header = segment.header();
        let slot = &segment.process_slots()[self.index()];
        // Registered once for the whole wait (docs/shm.md, section 5, "Waking without a
        // fence"): in the header first and in our slot second (and the other way round after),
        // so the slot's count, which a reclaimer takes back out of the header if we die, never
        // exceeds what we added there.
        header.free_waiters.fetch_add(1, Ordering::Relaxed);
        slot.free_waiting.fetch_add(1, Ordering::Relaxed);
        let registered = Instant::now();
        let result = loop {
            // As ring.rs's `wait_for`: read the futex word, re-check, and sleep only while the
            // word is unchanged; the first sleep lasts at most the grace period, after which
            // a freer that did not see us has published what it freed.
            let before = header.free_seq.load(Ordering::Acquire);
            futex::full_fence();
            match self.claim(pages, len) {
                Ok(None) => {}
                claimed => break claimed,
            }
            let grace = registered + futex::WAKE_GRACE;
            let wake_at = match deadline {
                Some(d) if d <= grace => Some(d),
                _ if Instant::now() < grace => Some(grace),
                _ => deadline,
            };
            if futex::wait(&header.free_seq, before, wake_at) == Wait::TimedOut && wake_at == deadline {
                break self.claim(pages, len);
            }
        };
        slot.free_waiting.fetch_sub(1, Ordering::Relaxed);
        saturating_decrement(&header.free_waiters, 1);
        result?.ok_or_else(|| self.segment_full(len))
    }

    /// [`Attached::alloc`] waiting at most `timeout`, read off the clock only if there is no
    /// room at once (the busy path makes no clock read).
    pub fn alloc_within(&self, len: usize, timeout: Option<std::time::Duration>) -> Result<BlockMut, AllocError> {
        let pages = self.pages_for(len)?;
        match self.claim(pages, len)? {
            Some(block) => Ok(block),
            None => self.alloc(len, timeout.map(|t| Instant::now() + t)),
        }
    }

    /// [`Attached::alloc`] without waiting: [`AllocError::SegmentFull`] if no run fits now.
    pub fn try_alloc(&self, len: usize) -> Result<BlockMut, AllocError> {
        let pages = self.pages_for(len)?;
        self.claim(pages, len)?.ok_or_else(|| self.segment_full(len))
    }

    /// Starts loading the block header and the first payload line a handle names into this
    /// CPU's cache, without checking anything: called for every part of a message just
    /// popped, so that the two lines, which the sender wrote last, come over together rather
    /// than one after the other ([`Attached::adopt`] reads the header, and the receiver the
    /// payload). A handle outside the segment is ignored.
    pub fn prefetch(&self, handle: Handle) {
        let segment = self.segment();
        let Some(end) = handle.offset.checked_add(2 * BLOCK_HEADER_LEN as u64) else { return };
        if end <= segment.layout().size as u64 {
            prefetch_lines(segment.at(handle.offset as usize, 2 * BLOCK_HEADER_LEN).as_ptr(), 2);
            if let Some(from_heap) = (handle.offset as usize).checked_sub(segment.layout().heap) {
                self.prefetch_map_entry(from_heap / PAGE_LEN);
            }
        }
    }

    /// Starts loading the header and the page-map entry of the block whose head is heap page
    /// `page` (if in the heap).
    pub(crate) fn prefetch_page(&self, page: usize) {
        let layout = self.segment().layout();
        if page < layout.heap_pages {
            prefetch_lines(self.segment().at(layout.heap + page * PAGE_LEN, BLOCK_HEADER_LEN).as_ptr(), 1);
            self.prefetch_map_entry(page);
        }
    }

    /// Starts loading the page-map entry of heap page `page` (if in the heap): for blocks of
    /// a MiB and more in flight, each one's entry is a line (and a page) of its own.
    fn prefetch_map_entry(&self, page: usize) {
        let map = self.segment().page_map();
        if let Some(entry) = map.get(page) {
            prefetch_lines(entry.as_ptr() as *const u8, 1);
        }
    }

    /// Takes over a handle received from a ring: the block it names must be where it says
    /// (offset inside the heap, at the head page of a block), be the same allocation (magic
    /// and generation), hold `len` bytes, and have this process's holder bit set (by the
    /// sender). The result owns this process's reference: dropping it clears the bit. Take
    /// each handle received once.
    ///
    /// Errors: [`AllocError::CorruptHandle`] saying which check failed; nothing changes.
    pub fn adopt(&self, handle: Handle) -> Result<Block, AllocError> {
        self.adopt_held(handle, 0)
    }

    /// [`Attached::adopt`] of a handle popped from ring `ring`: when this process lets go of
    /// the block last, it goes back to its home through that ring's return queue, if the
    /// ring's producer is its home (docs/shm.md, section 5, "Returns").
    pub fn adopt_from(&self, handle: Handle, ring: usize) -> Result<Block, AllocError> {
        self.adopt_held(handle, u32::try_from(ring + 1).unwrap_or(0))
    }

    fn adopt_held(&self, handle: Handle, ring: u32) -> Result<Block, AllocError> {
        let corrupt = |reason| AllocError::CorruptHandle { offset: handle.offset, reason };
        let (head, pages, header) = self.segment().validate(handle).map_err(corrupt)?;
        let holders = header.holders.load(Ordering::Acquire);
        if holders & (1 << self.index()) == 0 {
            return Err(corrupt(format!(
                "this process (slot {}) is not among the block's holders ({holders:#x}): the sender did not share it",
                self.index()
            )));
        }
        let header = NonNull::from(header);
        let (len, generation) = (handle.len as usize, handle.generation);
        Ok(Block::new(Held { owner: self.clone(), header, head, pages, len, generation, given: false, ring }))
    }

    /// Clears `slot`'s holder bit on the block a handle names, for a handle that will never
    /// reach that process (a ring discarded for a consumer that went away); frees the block if
    /// no holder is left. Checks the handle as [`Attached::adopt`] does, but for the bit:
    /// `Ok(false)` if it was clear already (or `slot` is no process slot), `Ok(true)` if this
    /// call cleared it.
    pub fn release_for(&self, handle: Handle, slot: usize) -> Result<bool, AllocError> {
        let corrupt = |reason| AllocError::CorruptHandle { offset: handle.offset, reason };
        let (head, pages, _) = self.segment().validate(handle).map_err(corrupt)?;
        if slot >= MAX_PROCESSES {
            return Ok(false);
        }
        Ok(!matches!(clear_holder(self.segment(), head, pages, slot, self.index()), HolderBit::NotSet))
    }

    fn pages_for(&self, len: usize) -> Result<usize, AllocError> {
        let heap_pages = self.segment().layout().heap_pages;
        match pages_for(len) {
            Some(pages) if pages <= heap_pages && pages <= u32::MAX as usize => Ok(pages),
            _ => Err(AllocError::TooLarge { len, heap: heap_pages * PAGE_LEN }),
        }
    }

    fn segment_full(&self, len: usize) -> AllocError {
        let segment = self.segment();
        AllocError::SegmentFull {
            segment: segment.path().to_path_buf(),
            size: segment.layout().size,
            len,
            usage: segment.heap_usage(),
        }
    }

    /// Allocates `pages` pages for `len` bytes if a block is cached or a run is free now
    /// (flushing the cache before giving up). A fresh run gets backing memory first
    /// ([`Segment::back`]); [`AllocError::NoMemory`] if `/dev/shm` has none left.
    fn claim(&self, pages: usize, len: usize) -> Result<Option<BlockMut>, AllocError> {
        let (segment, index) = (self.segment(), self.index());
        let map = segment.page_map();
        let reused = (self.take_reserved(pages))
            .or_else(|| self.take_returned(pages))
            .or_else(|| segment.take_cached(pages, index));
        if let Some((head, pages)) = reused {
            // Ours already (its holder mask is our bit); its page-map entries stay as they are,
            // so no page-map line crosses CPUs. The header reaches a receiver with the handle
            // (the ring's Release and Acquire).
            let generation = self.next_generation();
            let header = segment.block_header(head);
            header.generation.store(generation, Ordering::Relaxed);
            header.len.store(len as u64, Ordering::Relaxed);
            header.home.store(index as u32 + 1, Ordering::Relaxed);
            let header = NonNull::from(header);
            let held = Held { owner: self.clone(), header, head, pages, len, generation, given: false, ring: 0 };
            return Ok(Some(BlockMut { held }));
        }
        // Start at the run freed last, if any: recycling recently used pages keeps the working
        // set small, so neither side takes a page fault (first touch of a page in a process)
        // or a cache miss per message, as walking the whole heap would.
        let hint = segment.header().free_hint.swap(NO_HINT, Ordering::Relaxed);
        if hint != NO_HINT {
            self.inner.cursor.store(hint as usize, Ordering::Relaxed);
        }
        let backed_out = || segment.notify_free();
        let claiming = entry::claiming(index);
        let head = claim_run(map, &self.inner.cursor, pages, claiming, &backed_out).or_else(|| {
            self.release_reserved();
            (segment.flush_cache(index) > 0)
                .then(|| claim_run(map, &self.inner.cursor, pages, claiming, &backed_out))
                .flatten()
        });
        let Some(head) = head else { return Ok(None) };
        if let Err(e) = segment.back(head, pages) {
            free_run(map, head, pages);
            segment.notify_free();
            return Err(e);
        }
        for page in &map[head + 1..head + pages] {
            page.store(entry::BODY, Ordering::Relaxed);
        }
        let generation = self.next_generation();
        let header = segment.block_header(head);
        header.holders.store(1 << index, Ordering::Relaxed);
        header.generation.store(generation, Ordering::Relaxed);
        header.pages.store(pages as u32, Ordering::Relaxed);
        header.magic.store(BLOCK_MAGIC, Ordering::Relaxed);
        header.len.store(len as u64, Ordering::Relaxed);
        header.home.store(index as u32 + 1, Ordering::Relaxed);
        // Release, last: whoever reads HEAD with Acquire reads the header and the BODY entries.
        map[head].store(entry::HEAD, Ordering::Release);
        let header = NonNull::from(header);
        Ok(Some(BlockMut {
            held: Held { owner: self.clone(), header, head, pages, len, generation, given: false, ring: 0 },
        }))
    }

    /// A generation no other allocation of the segment has: the next of this process's batch,
    /// or the first of a new batch from the segment-wide counter (which starts at 1, so no
    /// generation is 0).
    fn next_generation(&self) -> u64 {
        let local = &self.inner.generations;
        let mut next = local.load(Ordering::Relaxed);
        loop {
            if next == 0 {
                let batch = self.segment().header().generation.fetch_add(1, Ordering::Relaxed);
                let first = batch << BATCH_BITS | 1;
                match local.compare_exchange(0, first + 1, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => return first,
                    // Another thread of this process took a batch first: ours is skipped.
                    Err(now) => next = now,
                }
                continue;
            }
            let after = if (next + 1) & BATCH_MASK == 0 { 0 } else { next + 1 };
            match local.compare_exchange_weak(next, after, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return next,
                Err(now) => next = now,
            }
        }
    }
}

/// Starts loading `lines` cache lines from `at` (in the mapping) into this CPU's cache.
fn prefetch_lines(at: *const u8, lines: usize) {
    #[cfg(target_arch = "x86_64")]
    for line in 0..lines {
        // SAFETY: a prefetch reads nothing the program sees and cannot fault; the caller's
        // addresses lie in the mapping.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(at.wrapping_add(line * BLOCK_HEADER_LEN) as *const i8);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (at, lines);
}

/// `free_hint` when no run was freed since the last allocation looked.
pub(crate) const NO_HINT: u64 = u64::MAX;

/// Subtracts `n` from a counter, stopping at 0 (a count left wrong by a killed process must not
/// wrap round and make every free a system call).
pub(crate) fn saturating_decrement(counter: &AtomicU32, n: u32) {
    let _ = counter.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| Some(v.saturating_sub(n)));
}

/// Claims `pages` consecutive free entries for `claiming` (a `CLAIMING|s` value), scanning
/// from `cursor` to the heap's end and then from its start; returns the first page.
/// `backed_out` runs after pages claimed for a run that could not be completed are given back
/// (an allocator that saw them claimed may be waiting for free pages).
fn claim_run(
    map: &[AtomicU32],
    cursor: &AtomicUsize,
    pages: usize,
    claiming: u32,
    backed_out: &dyn Fn(),
) -> Option<usize> {
    let total = map.len();
    let start = Some(cursor.load(Ordering::Relaxed)).filter(|&c| c < total).unwrap_or(0);
    // Entries [i, known_free) were free when read.
    let (mut i, mut known_free, mut wrapped) = (start, start, false);
    loop {
        if wrapped && i >= start {
            return None;
        }
        let end = i + pages;
        if end > total {
            if wrapped || start == 0 {
                return None;
            }
            (i, known_free, wrapped) = (0, 0, true);
            continue;
        }
        // From the right: a used entry moves the window past it in one step.
        if let Some(used) = (known_free.max(i)..end).rev().find(|&k| map[k].load(Ordering::Relaxed) != entry::FREE) {
            (i, known_free) = (used + 1, end);
            continue;
        }
        let mut claimed = i;
        while claimed < end
            && map[claimed].compare_exchange(entry::FREE, claiming, Ordering::Acquire, Ordering::Relaxed).is_ok()
        {
            claimed += 1;
        }
        if claimed == end {
            cursor.store(if end == total { 0 } else { end }, Ordering::Relaxed);
            return Some(i);
        }
        // Another allocator took a page first: give back ours, right to left, and scan on.
        for page in map[i..claimed].iter().rev() {
            page.store(entry::FREE, Ordering::Release);
        }
        if claimed > i {
            backed_out();
        }
        (i, known_free) = (claimed + 1, claimed + 1);
    }
}

/// Frees the run of `pages` pages at `head`, whose head entry this process has tagged
/// (`FREEING|s` or `CLAIMING|s`): the further entries right to left, the head last, so that a
/// process killed midway leaves the tagged head for the reclaimer.
pub(crate) fn free_run(map: &[AtomicU32], head: usize, pages: usize) {
    for page in map[head + 1..head + pages].iter().rev() {
        page.store(entry::FREE, Ordering::Release);
    }
    map[head].store(entry::FREE, Ordering::Release);
}

/// What [`clear_holder`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HolderBit {
    /// The bit was not set (or another process freed the block first).
    NotSet,
    /// The bit was cleared; other holders remain.
    Cleared,
    /// The bit was the last one: the block's pages are free.
    Freed {
        /// Pages freed.
        pages: usize,
    },
}

/// Clears `slot`'s holder bit in the block whose head is page `head` (`pages` long, checked
/// to lie in the heap); the last holder frees the block, tagging its head `FREEING|freer`.
///
/// The last bit is not cleared: the free is claimed on the head entry while the bit is still
/// set, so a process killed at any step leaves either a `HEAD` with the bit (the reclaimer of
/// `slot` clears it and frees) or a `FREEING|freer` run (the reclaimer of `freer` finishes it).
pub(crate) fn clear_holder(segment: &Segment, head: usize, pages: usize, slot: usize, freer: usize) -> HolderBit {
    let header = segment.block_header(head);
    let bit = 1u64 << slot;
    // Acquire (here and on a failed CAS): the other holders' reads of the block happen before
    // a free by us.
    let mut holders = header.holders.load(Ordering::Acquire);
    loop {
        if holders & bit == 0 {
            return HolderBit::NotSet;
        }
        if holders == bit {
            if !free_block(segment, head, pages, slot, freer) {
                return HolderBit::NotSet;
            }
            return HolderBit::Freed { pages };
        }
        // Release: our reads of the block happen before whoever frees it.
        match header.holders.compare_exchange_weak(holders, holders & !bit, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return HolderBit::Cleared,
            Err(now) => holders = now,
        }
    }
}

/// Frees the block whose head is page `head`, whose last holder is `slot`, for process slot
/// `freer` (keeping it whole in the block cache if it may); `false` if another process freed
/// it first.
fn free_block(segment: &Segment, head: usize, pages: usize, slot: usize, freer: usize) -> bool {
    match segment.cache_block(head, pages, slot) {
        Put::Cached => {
            segment.notify_free();
            true
        }
        Put::Lost => false,
        Put::NotCached => free_block_now(segment, head, pages, freer),
    }
}

/// Frees the block whose head is page `head` if its head entry is still `HEAD`: gives its
/// pages back to the page map (no block cache); `false` if another process claimed the free
/// first.
pub(crate) fn free_block_now(segment: &Segment, head: usize, pages: usize, freer: usize) -> bool {
    let map = segment.page_map();
    // AcqRel: the holders' reads happen before the next allocator (Acquire on its CAS) writes.
    if pages == 1 {
        if map[head].compare_exchange(entry::HEAD, entry::FREE, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            return false;
        }
    } else {
        let freeing = entry::freeing(freer);
        if map[head].compare_exchange(entry::HEAD, freeing, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            return false;
        }
        // Only the BODY entries that follow: never past the block's run, whatever the header says.
        let body = map[head + 1..head + pages].iter().take_while(|p| p.load(Ordering::Relaxed) == entry::BODY).count();
        free_run(map, head, body + 1);
    }
    // The next allocation looks here first: pages both sides have mapped and cached.
    segment.header().free_hint.store(head as u64, Ordering::Relaxed);
    segment.notify_free();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_tell_kind_and_slot_apart() {
        for slot in [0, 1, 63] {
            assert!(entry::in_flight_by(entry::claiming(slot), slot));
            assert!(entry::in_flight_by(entry::freeing(slot), slot));
            assert_eq!(entry::claiming(slot) & entry::KIND, entry::CLAIMING);
            assert_eq!(entry::freeing(slot) & entry::KIND, entry::FREEING);
            for other in [entry::FREE, entry::HEAD, entry::BODY, entry::claiming(slot ^ 1), entry::freeing(slot ^ 2)] {
                assert!(!entry::in_flight_by(other, slot));
            }
        }
        assert!(!entry::in_flight_by(entry::HEAD, 0) && !entry::in_flight_by(entry::BODY, 1));
    }

    #[test]
    fn a_scan_claims_the_first_free_run_from_the_cursor_and_wraps() {
        let map: Vec<AtomicU32> = (0..16).map(|_| AtomicU32::new(0)).collect();
        let used = [3, 4, 9, 13];
        for &page in &used {
            map[page].store(entry::HEAD, Ordering::Relaxed);
        }
        let cursor = AtomicUsize::new(2);
        let mine = entry::claiming(5);
        assert_eq!(claim_run(&map, &cursor, 3, mine, &|| {}), Some(5));
        assert_eq!(cursor.load(Ordering::Relaxed), 8);
        // 8 is alone before 9, 10..12 fits 3; then 14..15 is too short and the scan wraps to 0.
        assert_eq!(claim_run(&map, &cursor, 3, mine, &|| {}), Some(10));
        assert_eq!(claim_run(&map, &cursor, 3, mine, &|| {}), Some(0));
        assert_eq!(claim_run(&map, &cursor, 3, mine, &|| {}), None);
        assert_eq!(claim_run(&map, &cursor, 2, mine, &|| {}), Some(14));
        assert_eq!(cursor.load(Ordering::Relaxed), 0, "a run ending at the heap's end wraps the cursor");
        assert_eq!(claim_run(&map, &cursor, 1, mine, &|| {}), Some(8));
        assert_eq!(claim_run(&map, &cursor, 1, mine, &|| {}), None);
        let claimed = map.iter().filter(|e| e.load(Ordering::Relaxed) == mine).count();
        assert_eq!(claimed, 16 - used.len());
    }

    #[test]
    fn sizes_are_readable() {
        assert_eq!(human(512), "512 B");
        assert_eq!(human(4096), "4.0 KiB");
        assert_eq!(human(3 << 29), "1.5 GiB");
    }
}
