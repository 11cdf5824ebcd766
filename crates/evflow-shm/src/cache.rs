//! The block cache (docs/shm.md, section 3, "Block cache"): a freed block stays whole, its
//! page-map entries untouched (`HEAD`, then `BODY`), its header's holder mask 0, and the next
//! allocation of its size takes it with a pop and a CAS instead of claiming and freeing one
//! page-map entry per page. A `HEAD` whose holder mask is 0 is a cached block, and only that:
//! a live block always has a bit set (the last holder frees it with its bit still set).
//!
//! Each size class is a stack of cached blocks: the class's line holds its top (a head page
//! plus one, and a tag counted up by every push and pop), and each block's header the next
//! one down (`next_cached`). The stacks only say where to look: the holder mask decides, by
//! one CAS `0 -> bit(s)`, who gets a block. So a stale top costs a look, and a cached block
//! that no stack names (its putter was killed between the two steps) is freed by the next
//! [`Segment::flush_cache`].
//!
//! ```text
//!  top: AtomicU64   bits 0..32: head page + 1 of the block on top (0: empty)
//!                   bits 32..64: tag, + 1 on every push and pop
//! ```

use crate::alloc::{entry, free_block_now};
use crate::layout::{CACHE_CLASSES, CACHE_CLASS_LEN};
use crate::segment::Segment;
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest share of the heap one cached block may be: bigger ones are freed, so that the
/// cache never holds a large part of the heap away from other sizes between flushes.
pub(crate) const MAX_HEAP_SHARE: usize = 8;

/// The most blocks one allocation looks at in a class's stack before it tries the next class
/// (a wider class holds blocks of several sizes, and a stale top may lead nowhere useful).
const CACHE_POPS: usize = 8;

/// The size class of a block of `pages` pages: the exact count from 1 to 15, then 8 classes per
/// power of two.
pub(crate) fn class_of(pages: usize) -> Option<usize> {
    match pages {
        0 => None,
        1..=15 => Some(pages - 1),
        _ => {
            let power = usize::BITS - 1 - pages.leading_zeros();
            let sub = (pages >> (power - 3)) & 7;
            Some(15 + (power as usize - 4) * 8 + sub).filter(|&c| c < CACHE_CLASSES)
        }
    }
}

/// A stack's top: the block on it (head page plus one, 0: none) and its tag.
fn top_of(page_plus_one: u32, tag: u32) -> u64 {
    u64::from(tag) << 32 | u64::from(page_plus_one)
}

/// What [`Segment::cache_block`] did with a block whose last holder let go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Put {
    /// Kept whole, its holder mask 0, on its class's stack.
    Cached,
    /// Not cached (too large for the cache): free it as usual.
    NotCached,
    /// Its holder mask was no longer the caller's bit alone: another process frees it.
    Lost,
}

impl Segment {
    /// The top of size class `class`'s stack.
    fn top(&self, class: usize) -> &AtomicU64 {
        let ptr = self.at(self.layout().block_cache + class * CACHE_CLASS_LEN, CACHE_CLASS_LEN);
        // SAFETY: inside the mapping (checked by `at`), 8-byte aligned (the tables before it
        // are multiples of 64 bytes), and only atomics.
        unsafe { &*(ptr.as_ptr() as *const AtomicU64) }
    }

    /// Pushes the cached block whose head is page `head` onto its class's stack.
    pub(crate) fn push_cached(&self, class: usize, head: usize) {
        let (top, next) = (self.top(class), &self.block_header(head).next_cached);
        let mut seen = top.load(Ordering::Relaxed);
        loop {
            next.store(seen as u32, Ordering::Relaxed);
            // Release: whoever pops the block (Acquire) reads its `next_cached`.
            let pushed = top_of(head as u32 + 1, (seen >> 32) as u32 + 1);
            match top.compare_exchange_weak(seen, pushed, Ordering::Release, Ordering::Relaxed) {
                Ok(_) => return,
                Err(now) => seen = now,
            }
        }
    }

    /// Pops the block on top of class `class`'s stack: its head page, a page inside the heap
    /// (not necessarily still cached: the caller's mask CAS decides).
    fn pop_cached(&self, class: usize) -> Option<usize> {
        let (top, heap_pages) = (self.top(class), self.page_map().len());
        let mut seen = top.load(Ordering::Acquire);
        loop {
            let page = (seen as u32 as usize).checked_sub(1).filter(|&p| p < heap_pages)?;
            // A block taken since may say anything here, and a page that is no block's head
            // any more has no header to read: either is the bottom.
            let next = match self.page_map()[page].load(Ordering::Acquire) {
                entry::HEAD => self.block_header(page).next_cached.load(Ordering::Relaxed),
                _ => 0,
            };
            let next = if (next as usize) <= heap_pages { next } else { 0 };
            match top.compare_exchange_weak(
                seen,
                top_of(next, (seen >> 32) as u32 + 1),
                Ordering::Acquire,
                Ordering::Acquire,
            ) {
                Ok(_) => return Some(page),
                Err(now) => seen = now,
            }
        }
    }

    /// Keeps the block whose head is page `head` (`pages` long) whole for the next allocation
    /// of its size, instead of freeing it: `slot`'s bit is its last.
    pub(crate) fn cache_block(&self, head: usize, pages: usize, slot: usize) -> Put {
        let Some(class) = class_of(pages).filter(|_| pages <= self.layout().heap_pages / MAX_HEAP_SHARE) else {
            return Put::NotCached;
        };
        // AcqRel, as a free: the holders' reads of the block happen before the next owner's
        // writes (its Acquire on 0 -> bit).
        let header = self.block_header(head);
        if header.holders.compare_exchange(1 << slot, 0, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            return Put::Lost;
        }
        self.push_cached(class, head);
        Put::Cached
    }

    /// Takes a cached block of at least `pages` pages for slot `claimer`: its holder mask is
    /// `bit(claimer)` on return, its page-map entries as they were (`HEAD`, `BODY`...). Returns
    /// the head page and the block's page count.
    pub(crate) fn take_cached(&self, pages: usize, claimer: usize) -> Option<(usize, usize)> {
        let class = class_of(pages)?;
        let map = self.page_map();
        let bit = 1u64 << claimer;
        let mut too_small = [0usize; CACHE_POPS];
        let mut kept = 0;
        let mut taken = None;
        'classes: for class in class..(class + 2).min(CACHE_CLASSES) {
            for _ in 0..CACHE_POPS {
                let Some(head) = self.pop_cached(class) else { continue 'classes };
                if map[head].load(Ordering::Acquire) != entry::HEAD {
                    continue; // stale: the block was flushed; gone from the stack with the pop
                }
                let header = self.block_header(head);
                if header.holders.compare_exchange(0, bit, Ordering::Acquire, Ordering::Relaxed).is_err() {
                    continue; // stale: taken since
                }
                // The header is ours now; the page count is the block's, BODY entries after it.
                let got = header.pages.load(Ordering::Relaxed) as usize;
                if got >= pages && got <= map.len() - head {
                    taken = Some((head, got));
                    break 'classes;
                }
                // Too small (a wider class holds several sizes): cached again, after the take.
                header.holders.store(0, Ordering::Release);
                too_small[kept] = head;
                kept += 1;
                if kept == CACHE_POPS {
                    break;
                }
            }
        }
        for &head in &too_small[..kept] {
            self.push_cached(class, head);
        }
        taken
    }

    /// Whether the block whose head is page `head` (a `HEAD` entry) is cached.
    pub(crate) fn is_cached(&self, head: usize) -> bool {
        self.block_header(head).holders.load(Ordering::Relaxed) == 0
    }

    /// Frees every cached block (for an allocation that found no free run), named by a stack
    /// or not, and empties the stacks; returns the pages freed.
    pub(crate) fn flush_cache(&self, freer: usize) -> usize {
        let map = self.page_map();
        let bit = 1u64 << freer;
        let mut freed = 0;
        for head in 0..map.len() {
            if map[head].load(Ordering::Acquire) != entry::HEAD {
                continue;
            }
            let header = self.block_header(head);
            // Claimed as a block of our own (a kill from here on leaves our bit, which the
            // reclaimer frees), then freed as its last holder.
            if header.holders.compare_exchange(0, bit, Ordering::Acquire, Ordering::Relaxed).is_ok() {
                let pages = (header.pages.load(Ordering::Relaxed) as usize).clamp(1, map.len() - head);
                if free_block_now(self, head, pages, freer) {
                    freed += pages;
                }
            }
        }
        // What the stacks named is freed (or cached since, and then left out of them: the
        // next flush frees it). A new tag, so that no pop that read the old top succeeds.
        for class in 0..CACHE_CLASSES {
            let top = self.top(class);
            let seen = top.load(Ordering::Relaxed);
            let _ = top.compare_exchange(seen, top_of(0, (seen >> 32) as u32 + 1), Ordering::AcqRel, Ordering::Relaxed);
        }
        freed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_exact_from_1_to_15_pages_then_eight_per_power_of_two() {
        assert_eq!((class_of(0), class_of(1)), (None, Some(0)));
        assert_eq!((class_of(2), class_of(15)), (Some(1), Some(14)));
        assert_eq!(
            (class_of(16), class_of(17), class_of(18), class_of(31), class_of(32)),
            (Some(15), Some(15), Some(16), Some(22), Some(23))
        );
        assert_eq!(class_of(u32::MAX as usize), Some(CACHE_CLASSES - 1));
        // Classes grow with the size, and the next class is at most a quarter wider.
        let mut last = 0;
        for pages in 1..100_000usize {
            let class = class_of(pages).unwrap();
            assert!(class >= last);
            last = class;
        }
        for pages in [16usize, 257, 4097, 1 << 20] {
            let next = (pages..).find(|&p| class_of(p) > class_of(pages).map(|c| c + 1)).unwrap();
            assert!(next - 1 <= pages + pages / 4 + 1, "{pages}: {next}");
        }
    }
}
