//! Blocks given back to their home through a ring's return queue (docs/shm.md, section 5,
//! "Returns"): in a stream, the consumer that lets go of a block last makes it a cached block
//! with a store and names it in the ring's return queue; the producer's next allocation of
//! that size claims it there with one CAS, instead of two CAS on a class stack's shared line
//! and a CAS of the mask by each side.
//!
//! A returned block is an ordinary cached block (mask 0): the queue is a hint, and the mask's
//! CAS `0 -> bit(p)` decides who gets it. So a stale entry (a flush took the block), a wrong
//! one (a scribbled queue) or a consumer killed between its two steps costs a look or leaves
//! a cached block for the next flush, never a block handed out twice or lost.

use crate::alloc::entry;
use crate::block::Held;
use crate::cache::{class_of, MAX_HEAP_SHARE};
use crate::layout::MAX_RINGS;
use crate::process::Attached;
use crate::ring::Ring;
use crate::segment::Segment;
use std::sync::atomic::Ordering;

/// The most returned blocks one allocation looks at (blocks of other sizes go onto their
/// class's stack on the way).
const RETURN_LOOKS: usize = 8;

/// Returned blocks a process claims ahead while it waits ([`Attached::reserve_returned`]).
pub(crate) const RESERVED: usize = 2;

/// The share of the heap those may hold at most.
const RESERVED_HEAP_SHARE: usize = 16;

/// This process's try-lock over its return queues: one thread at a time puts or takes, so
/// that each queue has one pusher and one taker. A thread that finds it held does without.
struct ReturnsLock<'a>(&'a std::sync::atomic::AtomicBool);

impl<'a> ReturnsLock<'a> {
    fn try_take(attached: &'a Attached) -> Option<ReturnsLock<'a>> {
        let flag = &attached.inner.returns;
        flag.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).ok().map(|_| ReturnsLock(flag))
    }
}

impl Drop for ReturnsLock<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

impl Attached {
    /// Says whether this process is the producer of ring `ring`, whose return queue its
    /// allocations then look in (the channel layer calls it as it starts and stops sending on
    /// a ring).
    pub fn produce_into(&self, ring: usize, producing: bool) {
        if ring >= MAX_RINGS {
            return;
        }
        let (word, bit) = (&self.inner.producing[ring / 64], 1u64 << (ring % 64));
        if producing {
            word.fetch_or(bit, Ordering::Relaxed);
        } else {
            word.fetch_and(!bit, Ordering::Relaxed);
        }
    }

    /// Gives a block this process lets go of last back to its home, through the return
    /// queue of the ring it was popped from, if that ring's producer is its home and this
    /// process still its consumer; `false` if not (the caller frees it the usual way).
    pub(crate) fn give_back(&self, held: &Held) -> bool {
        let (segment, me) = (self.segment(), self.index());
        let header = segment.block_header(held.head);
        let home = header.home.load(Ordering::Relaxed) as usize;
        let Some(class) = class_of(held.pages).filter(|_| held.pages <= segment.layout().heap_pages / MAX_HEAP_SHARE)
        else {
            return false;
        };
        if home == 0 || home - 1 == me {
            return false;
        }
        // Acquire, as a clear: the other holders' reads happen before the block's reuse.
        if header.holders.load(Ordering::Acquire) != 1 << me {
            return false;
        }
        let Some(_lock) = ReturnsLock::try_take(self) else { return false };
        let Ok(ring) = segment.ring(held.ring as usize - 1) else { return false };
        if ring.consumer() != Some(me) || ring.producer() != Some(home - 1) {
            return false;
        }
        // A store: this process is the block's only holder, and nobody else writes a mask
        // with a bit set (docs/shm.md, section 5). Release: our reads of the block happen
        // before its next owner's writes (its CAS 0 -> bit is Acquire).
        header.holders.store(0, Ordering::Release);
        if ring.put_return(held.head) {
            let index = held.ring as usize - 1;
            self.inner.unpublished[index / 64].fetch_or(1 << (index % 64), Ordering::Relaxed);
        } else {
            segment.push_cached(class, held.head); // a full queue: cached all the same
        }
        segment.notify_free();
        true
    }

    /// Publishes the return entries this process has written and not published yet (the
    /// channel layer calls it before a socket waits: the producer may wait for those blocks).
    pub fn publish_returns(&self) {
        let inner = &self.inner;
        if inner.unpublished.iter().all(|w| w.load(Ordering::Relaxed) == 0) {
            return;
        }
        let Some(_lock) = ReturnsLock::try_take(self) else { return };
        for (w, word) in inner.unpublished.iter().enumerate() {
            let mut bits = word.swap(0, Ordering::Relaxed);
            while bits != 0 {
                let index = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Ok(ring) = self.segment().ring(index) {
                    ring.publish_returns();
                }
            }
        }
    }

    /// Claims the next block given back in the return queues of the rings this process
    /// produces into, if it has room for one more ([`RESERVED`], a sixteenth of the heap):
    /// called while a socket of the process waits, so that the cache lines of the return
    /// queue and of the block's header, which the consumer wrote last, cross CPUs then and
    /// not in the next allocation (it takes the block with no shared line touched).
    pub fn reserve_returned(&self) {
        let inner = &self.inner;
        let free = || inner.reserved.iter().position(|r| r.load(Ordering::Relaxed) == 0);
        if free().is_none() || inner.producing.iter().all(|w| w.load(Ordering::Relaxed) == 0) {
            return;
        }
        let Some(_lock) = ReturnsLock::try_take(self) else { return };
        // Only a thread holding the lock fills a slot.
        let Some(free) = free() else { return };
        let (segment, bit) = (self.segment(), 1u64 << self.index());
        let map = segment.page_map();
        let held: usize = inner.reserved.iter().map(|r| (r.load(Ordering::Relaxed) >> 32) as usize).sum();
        let first = inner.last_return.load(Ordering::Relaxed);
        for k in 0..MAX_RINGS {
            let index = (first + k) % MAX_RINGS;
            if inner.producing[index / 64].load(Ordering::Relaxed) & 1 << (index % 64) == 0 {
                continue;
            }
            let Ok(ring) = segment.ring(index) else { continue };
            let Some(head) = ring.take_return() else { continue };
            if head >= map.len() || map[head].load(Ordering::Acquire) != entry::HEAD {
                continue;
            }
            let header = segment.block_header(head);
            if header.holders.compare_exchange(0, bit, Ordering::Acquire, Ordering::Relaxed).is_err() {
                continue; // stale: taken since
            }
            let pages = (header.pages.load(Ordering::Relaxed) as usize).clamp(1, map.len() - head);
            if held + pages > map.len() / RESERVED_HEAP_SHARE {
                // Too much to keep aside: cached again, where any allocation finds it.
                header.holders.store(0, Ordering::Release);
                if let Some(class) = class_of(pages) {
                    segment.push_cached(class, head);
                }
                return;
            }
            inner.reserved[free].store((pages as u64) << 32 | (head as u64 + 1), Ordering::Relaxed);
            inner.last_return.store(index, Ordering::Relaxed);
            return;
        }
    }

    /// A reserved block of `pages`'s class and at least `pages` pages, ours already.
    pub(crate) fn take_reserved(&self, pages: usize) -> Option<(usize, usize)> {
        let class = class_of(pages);
        for slot in &self.inner.reserved {
            let value = slot.load(Ordering::Relaxed);
            let Some(head) = (value as u32 as usize).checked_sub(1) else { continue };
            let got = (value >> 32) as usize;
            if got >= pages
                && class_of(got) == class
                && slot.compare_exchange(value, 0, Ordering::Relaxed, Ordering::Relaxed).is_ok()
            {
                return Some((head, got));
            }
        }
        None
    }

    /// Gives back the blocks reserved and not used (for an allocation that found no room).
    pub(crate) fn release_reserved(&self) {
        let me = self.index();
        for slot in &self.inner.reserved {
            let value = slot.swap(0, Ordering::Relaxed);
            if let Some(head) = (value as u32 as usize).checked_sub(1) {
                crate::alloc::clear_holder(self.segment(), head, (value >> 32) as usize, me, me);
            }
        }
    }

    /// A returned block of at least `pages` pages from the return queues of the rings this
    /// process produces into, claimed for it (its mask `bit(me)`): its head page and page
    /// count.
    pub(crate) fn take_returned(&self, pages: usize) -> Option<(usize, usize)> {
        let inner = &self.inner;
        if inner.producing.iter().all(|w| w.load(Ordering::Relaxed) == 0) {
            return None;
        }
        let _lock = ReturnsLock::try_take(self)?;
        let segment = self.segment();
        let first = inner.last_return.load(Ordering::Relaxed);
        for k in 0..MAX_RINGS {
            let index = (first + k) % MAX_RINGS;
            if inner.producing[index / 64].load(Ordering::Relaxed) & 1 << (index % 64) == 0 {
                continue;
            }
            let Ok(ring) = segment.ring(index) else { continue };
            if let Some(taken) = self.claim_returned(&ring, pages) {
                inner.last_return.store(index, Ordering::Relaxed);
                return Some(taken);
            }
        }
        None
    }

    /// Looks at up to [`RETURN_LOOKS`] blocks of `ring`'s return queue for one of `pages`'s
    /// class, claiming it; the others go onto their classes' stacks.
    fn claim_returned(&self, ring: &Ring<'_>, pages: usize) -> Option<(usize, usize)> {
        let segment = self.segment();
        let (map, bit) = (segment.page_map(), 1u64 << self.index());
        for _ in 0..RETURN_LOOKS {
            let head = ring.take_return()?;
            // The next one's header is on its way while we look at this one: the consumer
            // wrote both last, so each costs a line from its CPU.
            if let Some(next) = ring.next_return() {
                self.prefetch_page(next);
            }
            if head >= map.len() || map[head].load(Ordering::Acquire) != entry::HEAD {
                continue; // stale: freed by a flush since
            }
            let header = segment.block_header(head);
            let got = (header.pages.load(Ordering::Relaxed) as usize).min(map.len() - head);
            if got < pages || class_of(got) != class_of(pages) {
                if let Some(class) = class_of(got) {
                    segment.push_cached(class, head);
                }
                continue;
            }
            if header.holders.compare_exchange(0, bit, Ordering::Acquire, Ordering::Relaxed).is_err() {
                continue; // stale: taken since
            }
            // The page count again, now that the block is ours: it may have been freed and
            // cached anew (another size) between the look and the CAS.
            let got = header.pages.load(Ordering::Relaxed) as usize;
            if got >= pages && got <= map.len() - head {
                return Some((head, got));
            }
            header.holders.store(0, Ordering::Release);
            if let Some(class) = class_of(got) {
                segment.push_cached(class, head);
            }
        }
        None
    }
}

impl Segment {
    /// Moves the blocks `ring`'s return queue still names onto their classes' stacks, for a
    /// ring being freed or opened again (under the channel layer's control lock): nobody
    /// takes them from the queue any more.
    pub fn recycle_returns(&self, ring: &Ring<'_>) {
        ring.publish_returns();
        let map = self.page_map();
        for _ in 0..ring.capacity() {
            let Some(head) = ring.take_return() else { return };
            if head < map.len() && map[head].load(Ordering::Acquire) == entry::HEAD && self.is_cached(head) {
                let pages = self.block_header(head).pages.load(Ordering::Relaxed) as usize;
                if let Some(class) = class_of(pages) {
                    self.push_cached(class, head);
                }
            }
        }
    }
}
