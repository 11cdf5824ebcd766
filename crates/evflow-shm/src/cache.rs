//! The block cache (docs/shm.md, section 3, "Block cache"): a freed block stays whole, its head
//! entry `CACHED`, and the next allocation of its size takes it with two CAS instead of
//! claiming and freeing one page-map entry per page.
//!
//! The table of hints (`CACHE_CLASSES` x `CACHE_WAYS` words, a head page plus one or 0) only
//! says where to look: the page map decides, by one CAS on the head entry, who gets a block.
//! So a stale or duplicated hint costs a look, and a `CACHED` block that no hint names (its
//! putter was killed between the two steps) is freed by the next [`Segment::flush_cache`].

use crate::alloc::{entry, free_run};
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
    /// Kept whole, its head `CACHED`.
    Cached,
    /// Not cached (too small, too large, or no empty hint): free it as usual.
    NotCached,
    /// Another process claimed the block's free first: nothing to do.
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

    /// Keeps the block whose head is page `head` (`pages` long, its head entry `HEAD`) whole
    /// for the next allocation of its size, instead of freeing it; `freer` is the slot of the
    /// calling process.
    pub(crate) fn cache_block(&self, head: usize, pages: usize, freer: usize) -> Put {
        let Some(class) = class_of(pages).filter(|_| pages <= self.layout().heap_pages / MAX_HEAP_SHARE) else {
            return Put::NotCached;
        };
        let hints = self.hints(class);
        let map = self.page_map();
        // AcqRel, as a free: the holders' reads of the block happen before the next owner's
        // writes (its Acquire on CACHED -> CLAIMING).
        if map[head].compare_exchange(entry::HEAD, entry::CACHED, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            return Put::Lost;
        }
        let hint = head as u32 + 1;
        if hints.iter().any(|h| h.compare_exchange(0, hint, Ordering::Release, Ordering::Relaxed).is_ok()) {
            return Put::Cached;
        }
        // The hints filled up meanwhile: take the block back and free it after all.
        if map[head]
            .compare_exchange(entry::CACHED, entry::freeing(freer), Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
        {
            free_run(map, head, pages);
        }
        Put::Cached
    }

    /// Takes a cached block of at least `pages` pages for slot `claimer`: its head entry is
    /// `CLAIMING|claimer` on return, the `BODY` entries after it as they were. Returns the head
    /// page and the block's page count.
    pub(crate) fn take_cached(&self, pages: usize, claimer: usize) -> Option<(usize, usize)> {
        let class = class_of(pages)?;
        let map = self.page_map();
        for class in class..(class + 2).min(CACHE_CLASSES) {
            for hint in self.hints(class) {
                // Each access below is a read-modify-write: the lines come over once, for
                // writing, instead of being read and then written (two transfers each).
                let value = hint.swap(0, Ordering::Acquire);
                if value == 0 {
                    continue;
                }
                let head = value as usize - 1;
                let claiming = entry::claiming(claimer);
                let claimed = head < map.len()
                    && map[head]
                        .compare_exchange(entry::CACHED, claiming, Ordering::Acquire, Ordering::Relaxed)
                        .is_ok();
                if !claimed {
                    // Stale: the block was taken, or flushed. The hint is gone with the swap.
                    continue;
                }
                // The header is ours now. A CACHED head is followed by exactly its header's
                // count of BODY entries, less one.
                let got = self.block_header(head).pages.load(Ordering::Relaxed) as usize;
                if got >= pages && got <= map.len() - head {
                    return Some((head, got));
                }
                // Too small (a wider class holds several sizes): cached again, for others.
                map[head].store(entry::CACHED, Ordering::Release);
                let _ = hint.compare_exchange(0, value, Ordering::Release, Ordering::Relaxed);
            }
        }
        None
    }

    /// Frees every cached block (for an allocation that found no free run); returns the pages
    /// freed. Also frees cached blocks that no hint names any more.
    pub(crate) fn flush_cache(&self, freer: usize) -> usize {
        let map = self.page_map();
        let mut freed = 0;
        let mut page = 0;
        while page < map.len() {
            let freeing = entry::freeing(freer);
            if map[page].compare_exchange(entry::CACHED, freeing, Ordering::Acquire, Ordering::Relaxed).is_ok() {
                let run = 1 + map[page + 1..].iter().take_while(|p| p.load(Ordering::Relaxed) == entry::BODY).count();
                free_run(map, page, run);
                freed += run;
                page += run;
            } else {
                page += 1;
            }
        }
        if freed > 0 {
            self.notify_free();
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
