//! Blocks (docs/shm.md, sections 3 and 4): a run of heap pages whose first 64 bytes are the
//! block header, the payload following; and this process's references to them.
//!
//! ```text
//!  head page of a block (the heap and every page are PAGE_LEN-aligned)
//!   0   holders: u64      bit s set while process slot s holds the block (section 4)
//!   8   generation: u64   names this allocation: a handle must carry it
//!   16  pages: u32        pages in the run
//!   20  magic: u32        "BLK1"
//!   24  len: u64          payload bytes asked for (informative; a handle says its own len)
//!   32  next_cached: u32  while cached: the next block down its class's stack (page + 1)
//!   36  home: u32         the allocating process's slot + 1, for returns (section 5)
//!   40  reserved
//!   64  payload, up to pages x PAGE_LEN - 64 bytes (64-byte aligned)
//! ```
//!
//! A [`BlockMut`] is a block just allocated: only this process has it, so it may write. A
//! [`Block`] is a shared, read-only reference; its clones are this process's local references,
//! all standing for the one holder bit. When the last of them drops, the bit is cleared, and
//! the process that clears the last bit of all frees the pages (see [`crate::alloc`]).

use crate::alloc::{clear_holder, HolderBit};
use crate::layout::{MAX_PROCESSES, PAGE_LEN};
use crate::process::Attached;
use crate::ring::Handle;
use std::fmt;
use std::mem::size_of;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// `magic` of a block header: "BLK1".
pub const BLOCK_MAGIC: u32 = u32::from_le_bytes(*b"BLK1");
/// Bytes of the block header at the start of a block's head page.
pub const BLOCK_HEADER_LEN: usize = 64;

/// A block's header, in place at the start of its head page. All fields are atomics: a
/// process validating a stale handle may read a header that another process is writing.
#[repr(C, align(64))]
pub struct BlockHeader {
    /// Bit `s` set while process slot `s` holds the block.
    pub holders: AtomicU64,
    /// This allocation's generation (never 0).
    pub generation: AtomicU64,
    /// Pages in the block's run.
    pub pages: AtomicU32,
    /// [`BLOCK_MAGIC`].
    pub magic: AtomicU32,
    /// Payload bytes asked for at allocation (or set by [`BlockMut::set_len`]).
    pub len: AtomicU64,
    /// While the block is cached: the head page plus one of the next block down its size
    /// class's stack (0: the bottom); docs/shm.md, section 3.
    pub next_cached: AtomicU32,
    /// The slot plus one of the process that allocated the block: a consumer that popped it
    /// from a ring of that producer gives it back there (docs/shm.md, section 5, "Returns").
    pub home: AtomicU32,
    _reserved: [u32; 6],
}

const _: () = assert!(size_of::<BlockHeader>() == BLOCK_HEADER_LEN);
const _: () = assert!(MAX_PROCESSES <= 64, "one holder bit per process slot");

/// Payload bytes of a block of `pages` pages.
pub(crate) fn capacity_of(pages: usize) -> usize {
    pages * PAGE_LEN - BLOCK_HEADER_LEN
}

/// One local reference family of this process to a block: its holder bit. Dropping it clears
/// the bit (and frees the block if that was the last one).
pub(crate) struct Held {
    pub(crate) owner: Attached,
    pub(crate) header: NonNull<BlockHeader>,
    /// Index of the head page in the heap.
    pub(crate) head: usize,
    pub(crate) pages: usize,
    pub(crate) len: usize,
    pub(crate) generation: u64,
    /// This process's bit was handed to a receiver ([`Block::hand_over`]): dropping the last
    /// reference leaves the mask alone.
    pub(crate) given: bool,
    /// The ring (index plus one, 0: none) the block was popped from: where it goes back to
    /// its home when this process lets go of it last.
    pub(crate) ring: u32,
}

// SAFETY: the header is all atomics; the payload is written only through `&mut BlockMut`
// (the block is this process's alone then) and only read once shared as a `Block`. The
// mapping stays while `owner` holds the segment.
unsafe impl Send for Held {}
// SAFETY: as above.
unsafe impl Sync for Held {}

impl Held {
    fn header(&self) -> &BlockHeader {
        // SAFETY: the header lies in the segment's mapping, which `owner` keeps alive.
        unsafe { self.header.as_ref() }
    }

    fn payload(&self) -> *mut u8 {
        // SAFETY: the payload follows the header inside the block's pages.
        unsafe { self.header.as_ptr().cast::<u8>().add(BLOCK_HEADER_LEN) }
    }

    fn handle(&self) -> Handle {
        let offset = self.owner.segment().layout().heap + self.head * PAGE_LEN;
        Handle { offset: offset as u64, len: self.len as u64, generation: self.generation }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if self.given || self.owner.inner.is_detached() {
            return;
        }
        if self.ring != 0 && self.owner.give_back(self) {
            return;
        }
        let index = self.owner.index();
        if let HolderBit::Freed { pages } = clear_holder(self.owner.segment(), self.head, self.pages, index, index) {
            // Freed by its allocator right behind its cursor (alloc, free, alloc...): the next
            // allocation takes the same pages again, still in the cache.
            let cursor = &self.owner.inner.cursor;
            let _ = cursor.compare_exchange(self.head + pages, self.head, Ordering::Relaxed, Ordering::Relaxed);
        }
    }
}

fn check_slot(slot: usize) {
    assert!(slot < MAX_PROCESSES, "process slot {slot} does not exist: slots are 0 to {}", MAX_PROCESSES - 1);
}

/// A block just allocated: only this process has it, so it is writable. Its payload is the
/// bytes after the 64-byte block header; [`BlockMut::freeze`] makes it a shareable [`Block`].
/// Dropped unfrozen, the block is freed.
pub struct BlockMut {
    pub(crate) held: Held,
}

impl BlockMut {
    /// The payload, `len` bytes.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: `len <= capacity`, so the bytes lie in the block's pages; only this process
        // holds the block and `&mut self` makes this the only reference into it.
        unsafe { std::slice::from_raw_parts_mut(self.held.payload(), self.held.len) }
    }

    /// The payload, `len` bytes.
    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: as in `as_mut_slice`; `&self` excludes writers.
        unsafe { std::slice::from_raw_parts(self.held.payload(), self.held.len) }
    }

    /// Payload bytes: the block's pages x 4096 - 64.
    pub fn capacity(&self) -> usize {
        capacity_of(self.held.pages)
    }

    /// Payload bytes in use (what a handle to the block will say).
    pub fn len(&self) -> usize {
        self.held.len
    }

    /// Whether the payload is empty.
    pub fn is_empty(&self) -> bool {
        self.held.len == 0
    }

    /// Sets the payload's length, up to the capacity (a block never grows past its pages).
    ///
    /// # Panics
    /// If `len > capacity()`: a programming error.
    pub fn set_len(&mut self, len: usize) {
        let capacity = self.capacity();
        assert!(len <= capacity, "a block of {} pages holds at most {capacity} bytes, not {len}", self.held.pages);
        self.held.len = len;
        self.held.header().len.store(len as u64, Ordering::Relaxed);
    }

    /// Makes the block shareable and read-only.
    pub fn freeze(self) -> Block {
        Block { held: Arc::new(self.held) }
    }
}

impl fmt::Debug for BlockMut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockMut").field("handle", &self.held.handle()).field("pages", &self.held.pages).finish()
    }
}

/// A shared, read-only reference to a block. Clones are further local references of this
/// process; when the last one drops, this process's holder bit is cleared, and whoever clears
/// the last bit frees the pages.
#[derive(Clone)]
pub struct Block {
    held: Arc<Held>,
}

impl Block {
    pub(crate) fn new(held: Held) -> Block {
        Block { held: Arc::new(held) }
    }

    /// The handle naming this block (its offset from the segment's start, its length and its
    /// generation), to push through a ring after [`Block::share_with`] the receiver.
    pub fn handle(&self) -> Handle {
        self.held.handle()
    }

    /// The payload.
    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: `len <= capacity`, so the bytes lie in the block's pages; a shared block is
        // only read, by every holder.
        unsafe { std::slice::from_raw_parts(self.held.payload(), self.held.len) }
    }

    /// Payload bytes.
    pub fn len(&self) -> usize {
        self.held.len
    }

    /// Whether the payload is empty.
    pub fn is_empty(&self) -> bool {
        self.held.len == 0
    }

    /// The payload's start, 64-byte aligned.
    pub fn as_ptr(&self) -> *const u8 {
        self.held.payload()
    }

    /// Payload bytes the block's pages hold.
    pub fn capacity(&self) -> usize {
        capacity_of(self.held.pages)
    }

    /// The holder mask now (a snapshot, for monitoring and tests).
    pub fn holders(&self) -> u64 {
        self.held.header().holders.load(Ordering::Acquire)
    }

    /// Sets `slot`'s holder bit, before the block's handle is pushed to that process. `false`
    /// if the bit was set already: that process holds the block, or is being sent it, and one
    /// bit never stands for two independent reference families, so the caller copies the
    /// payload into a new block and sends that instead.
    ///
    /// # Panics
    /// If `slot` is not a process slot (`>= MAX_PROCESSES`): slots come from
    /// [`Attached::index`] or from a checked ring end.
    pub fn share_with(&self, slot: usize) -> bool {
        check_slot(slot);
        let bit = 1u64 << slot;
        // AcqRel: the receiver, reading the holders after popping the handle, sees the bit.
        let before = self.held.header().holders.fetch_or(bit, Ordering::AcqRel);
        if before & bit != 0 {
            return false;
        }
        true
    }

    /// Hands this process's holder bit to process `slot` in one step (`bit(me) -> bit(slot)`),
    /// for a block sent to that process and given up, whose only reference this is: the
    /// header is written once, before the handle goes, rather than by a [`Block::share_with`]
    /// now and a clear when this reference drops, which would take the header's cache line
    /// back from a receiver that may have read it already. Dropping this reference then
    /// leaves the mask alone. `false`, and nothing changed, if the block has other references
    /// here, another holder, or `slot` is this process: share it instead. If the handle is
    /// not delivered after all, [`Block::unshare`] releases the receiver's bit (freeing the
    /// block).
    ///
    /// # Panics
    /// If `slot` is not a process slot, as [`Block::share_with`].
    pub fn hand_over(&mut self, slot: usize) -> bool {
        check_slot(slot);
        let Some(held) = Arc::get_mut(&mut self.held) else { return false };
        let me = held.owner.index();
        if slot == me || held.given || held.owner.inner.is_detached() {
            return false;
        }
        // A store, not a CAS: the block's only holder is this process (checked), and only a
        // holder writes a mask that has bits set (a reclaimer clears the bits of the dead, a
        // flush takes masks of 0), so nobody can change it meanwhile. Release: our writes to
        // the block happen before the receiver's reads (it also gets the handle by Release).
        let header = held.header();
        if header.holders.load(Ordering::Relaxed) != 1 << me {
            return false;
        }
        header.holders.store(1 << slot, Ordering::Release);
        held.given = true;
        true
    }

    /// Takes back a block handed to `slot` ([`Block::hand_over`]) whose handle was not
    /// delivered: `bit(slot) -> bit(me)`, and the reference holds the block again. `false` if
    /// the bit was no longer `slot`'s alone (a reclaimer of that dead process freed the block):
    /// the reference is then dead, and dropping it changes nothing.
    pub fn take_back(&mut self, slot: usize) -> bool {
        check_slot(slot);
        let Some(held) = Arc::get_mut(&mut self.held).filter(|held| held.given) else { return false };
        let me = held.owner.index();
        let back = held.header().holders.compare_exchange(1 << slot, 1 << me, Ordering::AcqRel, Ordering::Relaxed);
        held.given = back.is_err();
        !held.given
    }

    /// Clears `slot`'s bit again, when a push after [`Block::share_with`] failed. This
    /// process's own bit stands for this reference and is left alone (it is cleared when the
    /// last local reference drops), so the block stays while this reference lives.
    ///
    /// # Panics
    /// If `slot` is not a process slot, as [`Block::share_with`].
    pub fn unshare(&self, slot: usize) {
        check_slot(slot);
        let me = self.held.owner.index();
        if slot != me {
            clear_holder(self.held.owner.segment(), self.held.head, self.held.pages, slot, me);
        }
    }
}

impl fmt::Debug for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Block").field("handle", &self.handle()).field("pages", &self.held.pages).finish()
    }
}
