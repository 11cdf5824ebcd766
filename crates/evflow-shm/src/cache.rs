//! The block cache (docs/shm.md, section 3, "Block cache"): a freed block stays whole, its
//! page-map entries untouched (`HEAD`, then `BODY`), its header's holder mask 0, and the next
//! allocation of its size takes it with a swap and a CAS instead of claiming and freeing one
//! page-map entry per page. A `HEAD` whose holder mask is 0 is a cached block, and only that:
//! a live block always has a bit set (the last holder frees it with its bit still set).
//!
//! The table of hints (`CACHE_CLASSES` x `CACHE_WAYS` words, a head page plus one or 0) only
//! says where to look: the holder mask decides, by one CAS `0 -> bit(s)`, who gets a block.
//! So a stale or duplicated hint costs a look, and a cached block that no hint names (its
//! putter was killed between the two steps) is freed by the next [`Segment::flush_cache`].

use crate::alloc::{entry, free_block_now};
use crate::layout::{CACHE_CLASSES, CACHE_WAYS};
use crate::segment::Segment;
use std::sync::atomic::{AtomicU32, Ordering};

/// The largest share of the heap one cached block may be: bigger ones are freed, so that the
/// cache never holds a large part of the heap away from other sizes between flushes.
const MAX_HEAP_SHARE: usize = 8;

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

/// What [`Segment::cache_block`] did with a block whose last holder let go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Put {
    /// Kept whole, its holder mask 0 (or freed, if no hint was empty).
    Cached,
    /// Not cached (too large for the cache): free it as usual.
    NotCached,
    /// Its holder mask was no longer the caller's bit alone: another process frees it.
    Lost,
}

impl Segment {
    /// The hints of size class `class`.
    fn hints(&self, class: usize) -> &[AtomicU32] {
        let offset = self.layout().block_cache + class * CACHE_WAYS * size_of::<AtomicU32>();
        let ptr = self.at(offset, CACHE_WAYS * size_of::<AtomicU32>());
        // SAFETY: inside the mapping (checked by `at`), 4-byte aligned (the tables before it
        // are multiples of 64 bytes), and only atomics.
        unsafe { std::slice::from_raw_parts(ptr.as_ptr() as *const AtomicU32, CACHE_WAYS) }
    }

    /// Keeps the block whose head is page `head` (`pages` long) whole for the next allocation
    /// of its size, instead of freeing it: `slot`'s bit is its last, and `freer` is the slot
    /// of the calling process.
    pub(crate) fn cache_block(&self, head: usize, pages: usize, slot: usize, freer: usize) -> Put {
        let Some(class) = class_of(pages).filter(|_| pages <= self.layout().heap_pages / MAX_HEAP_SHARE) else {
            return Put::NotCached;
        };
        let header = self.block_header(head);
        // AcqRel, as a free: the holders' reads of the block happen before the next owner's
        // writes (its Acquire on 0 -> bit).
        if header.holders.compare_exchange(1 << slot, 0, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            return Put::Lost;
        }
        let hint = head as u32 + 1;
        if self.hints(class).iter().any(|h| h.compare_exchange(0, hint, Ordering::Release, Ordering::Relaxed).is_ok()) {
            return Put::Cached;
        }
        // No empty hint: take the block back (as ours: a kill leaves our bit for the
        // reclaimer) and free it after all.
        if header.holders.compare_exchange(0, 1 << freer, Ordering::Acquire, Ordering::Relaxed).is_ok() {
            free_block_now(self, head, pages, freer);
        }
        Put::Cached
    }

    /// Takes a cached block of at least `pages` pages for slot `claimer`: its holder mask is
    /// `bit(claimer)` on return, its page-map entries as they were (`HEAD`, `BODY`...). Returns
    /// the head page and the block's page count.
    pub(crate) fn take_cached(&self, pages: usize, claimer: usize) -> Option<(usize, usize)> {
        let class = class_of(pages)?;
        let map = self.page_map();
        let bit = 1u64 << claimer;
        for class in class..(class + 2).min(CACHE_CLASSES) {
            for hint in self.hints(class) {
                // Read-modify-writes: the hint's and the header's lines come over once, for
                // writing, instead of being read and then written (two transfers each). The
                // page map is only read, and stays in both processes' caches.
                let value = hint.swap(0, Ordering::Acquire);
                if value == 0 {
                    continue;
                }
                let head = value as usize - 1;
                if head >= map.len() || map[head].load(Ordering::Acquire) != entry::HEAD {
                    continue; // stale: the block was flushed; the hint is gone with the swap
                }
                let header = self.block_header(head);
                if header.holders.compare_exchange(0, bit, Ordering::Acquire, Ordering::Relaxed).is_err() {
                    continue; // stale: taken since
                }
                // The header is ours now; the page count is the block's, BODY entries after it.
                let got = header.pages.load(Ordering::Relaxed) as usize;
                if got >= pages && got <= map.len() - head {
                    return Some((head, got));
                }
                // Too small (a wider class holds several sizes): cached again, for others.
                header.holders.store(0, Ordering::Release);
                let _ = hint.compare_exchange(0, value, Ordering::Release, Ordering::Relaxed);
            }
        }
        None
    }

    /// Whether the block whose head is page `head` (a `HEAD` entry) is cached.
    pub(crate) fn is_cached(&self, head: usize) -> bool {
        self.block_header(head).holders.load(Ordering::Relaxed) == 0
    }

    /// Frees every cached block (for an allocation that found no free run), named by a hint
    /// or not; returns the pages freed.
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
