//! Crash recovery (docs/shm.md, section 7): what a dead process held is given back by
//! whichever process finds it dead, and what a detaching process still holds by itself.
//!
//! Reclaiming slot `d`:
//!
//! 1. Take the reclaim: CAS the slot's `reclaimer` from 0 (or from a reclaimer that died) to
//!    our owner token (pid and start time, so a reused pid is not taken for a living
//!    reclaimer); then, holding it, check again that `d`'s process is dead (the slot may have
//!    been reclaimed and claimed anew since we looked) and store `RECLAIMING`.
//! 2. Rings consumed by `d`: reset (the handles in them are dropped; their bits for `d` are
//!    cleared in step 3) and release the consumer end; rings produced by `d`: release the
//!    producer end (its messages stay for the consumer). Ends are released before the bits
//!    are cleared, so a sender that still sees `d` as the consumer after pushing (and so
//!    keeps its bit set) pushed before step 3 began and has its bit cleared there.
//! 3. One pass over the page map: runs that start at `CLAIMING|d` or `FREEING|d` (an
//!    allocation or a free that `d` did not finish) are cleared with the `BODY` entries that
//!    follow them, right to left; at every `HEAD`, `d`'s holder bit is cleared, and a block
//!    left with no holder is freed (tagged `FREEING|d`, so a reclaimer killed meanwhile leaves
//!    it to the next reclaimer of `d`).
//! 4. Take `d`'s registrations out of the header's `free_waiters`; store `FREE`, then clear the
//!    reclaimer and, last, the pid, which lets a new process claim the slot.
//!
//! Every step is idempotent: a reclaimer killed midway leaves the slot `RECLAIMING` with its
//! own (dead) pid as the reclaimer, which [`Segment::dead_slots`] reports, and the next
//! reclaimer does it all again.

use crate::alloc::{clear_holder, entry, saturating_decrement, HolderBit};
use crate::layout::{slot_state, MAX_RINGS, RING_HEADER_LEN};
use crate::process::{is_running, start_time, Attached, OwnerToken};
use crate::ring::{Ring, RingHeader, RING_MAGIC};
use crate::segment::{Removal, Segment};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long a detaching process waits for a living reclaimer to let go of its slot.
const RELEASE_WAIT: Duration = Duration::from_secs(1);

/// What a reclaim did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Reclaimed {
    /// The process slots reclaimed (now free).
    pub slots: Vec<usize>,
    /// Blocks freed: blocks the dead processes held last, and frees they had begun.
    pub blocks_freed: usize,
    /// Heap pages freed, including allocations the dead processes had begun.
    pub pages_freed: usize,
    /// Rings reset because their consumer was dead.
    pub rings_reset: usize,
}

impl Segment {
    /// Finds the slots of dead processes and gives back what they held (docs/shm.md, section
    /// 7); needs no slot of its own (for `evflow shm clean`, `evflow shm ls` and monitors).
    /// A slot another living process is reclaiming is left to it.
    pub fn reclaim_dead(&self) -> Reclaimed {
        let mut done = Reclaimed::default();
        for dead in self.dead_slots() {
            if self.take_dead_slot(dead) {
                self.reclaim_slot(dead, &mut done);
                done.slots.push(dead);
            }
        }
        done
    }

    /// Takes the reclaim of slot `d` if its process is dead and nobody living reclaims it.
    fn take_dead_slot(&self, d: usize) -> bool {
        let slot = &self.process_slots()[d];
        let me = OwnerToken::of_self();
        let reclaimer = slot.reclaimer.load(Ordering::Acquire);
        if reclaimer != 0 && OwnerToken(reclaimer).is_running() {
            return false;
        }
        if slot.reclaimer.compare_exchange(reclaimer, me.0, Ordering::AcqRel, Ordering::Acquire).is_err() {
            return false;
        }
        // Only the holder of `reclaimer` changes a dead slot's state, and no new process
        // claims it while its pid is set: what we see now stays so.
        let pid = slot.pid.load(Ordering::Acquire);
        let dead = match slot.state.load(Ordering::Acquire) {
            slot_state::ALIVE => !is_running(pid, slot.start_time.load(Ordering::Relaxed)),
            // Its reclaimer died (we just took over from it).
            slot_state::RECLAIMING => true,
            // Killed mid-claim or mid-release.
            _ => pid != 0 && start_time(pid).is_none(),
        };
        if !dead {
            let _ = slot.reclaimer.compare_exchange(me.0, 0, Ordering::AcqRel, Ordering::Relaxed);
            return false;
        }
        slot.state.store(slot_state::RECLAIMING, Ordering::Release);
        true
    }

    /// Releases this process's own slot when it detaches: as a reclaim of a dead slot, so that
    /// a process killed while detaching leaves a slot the next reclaimer finishes. Then, for a
    /// segment created with `remove_when_unused`, removes the file if no process is left.
    pub(crate) fn release_own_slot(&self, index: usize) {
        let slot = &self.process_slots()[index];
        let me = OwnerToken::of_self();
        // A reclaimer (perhaps a thread of this process) may hold the claim for a moment while
        // it finds us alive; it then lets go. One that keeps it (stopped) is not waited for:
        // the slot stays ours, and is reclaimed as a dead process's once we have exited.
        let deadline = Instant::now() + RELEASE_WAIT;
        loop {
            let reclaimer = slot.reclaimer.load(Ordering::Acquire);
            let free = reclaimer == 0 || !OwnerToken(reclaimer).is_running();
            if free && slot.reclaimer.compare_exchange(reclaimer, me.0, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                break;
            }
            if Instant::now() >= deadline {
                return;
            }
            std::thread::yield_now();
        }
        slot.state.store(slot_state::RECLAIMING, Ordering::Release);
        self.reclaim_slot(index, &mut Reclaimed::default());
        if self.header().remove_when_unused != 0 {
            // Nothing to tell the caller (a drop): a file that stays is removed by the next
            // sweep or `evflow shm clean`.
            let _ = self.remove_if_unused(Removal::LastToLeave);
        }
    }

    /// Steps 2 to 4 of the module documentation, for slot `d`, whose reclaim we hold.
    fn reclaim_slot(&self, d: usize, done: &mut Reclaimed) {
        for index in 0..MAX_RINGS {
            let Some(ring) = self.formatted_ring(index) else { continue };
            if ring.consumer() == Some(d) {
                ring.reset();
                ring.release_consumer(d);
                done.rings_reset += 1;
            }
            if ring.producer() == Some(d) {
                ring.release_producer(d);
            }
        }
        self.reclaim_pages(d, done);
        let slot = &self.process_slots()[d];
        let waiting = slot.free_waiting.swap(0, Ordering::Relaxed);
        saturating_decrement(&self.header().free_waiters, waiting);
        slot.state.store(slot_state::FREE, Ordering::Release);
        slot.reclaimer.store(0, Ordering::Release);
        // Last: a zero pid is what lets a new process claim the slot.
        slot.pid.store(0, Ordering::Release);
    }

    /// Step 3: one pass over the page map for slot `d`.
    fn reclaim_pages(&self, d: usize, done: &mut Reclaimed) {
        let map = self.page_map();
        let heap_pages = map.len();
        let mut page = 0;
        while page < heap_pages {
            let value = map[page].load(Ordering::Acquire);
            if entry::in_flight_by(value, d) {
                // `d`'s unfinished allocation or free: the run and the BODY pages after it.
                let end = page
                    + 1
                    + map[page + 1..]
                        .iter()
                        .map(|p| p.load(Ordering::Relaxed))
                        .take_while(|&p| p == entry::BODY || entry::in_flight_by(p, d))
                        .count();
                for p in map[page..end].iter().rev() {
                    p.store(entry::FREE, Ordering::Release);
                }
                done.pages_freed += end - page;
                if value & entry::KIND == entry::FREEING {
                    done.blocks_freed += 1;
                }
                self.notify_free();
                page = end;
                continue;
            }
            if value == entry::HEAD {
                // Pages as the header says, but never past the heap: clear_holder frees only
                // the BODY run that follows, whatever the count.
                let pages =
                    (self.block_header(page).pages.load(Ordering::Relaxed) as usize).clamp(1, heap_pages - page);
                if let HolderBit::Freed { pages } = clear_holder(self, page, pages, d, d) {
                    done.blocks_freed += 1;
                    done.pages_freed += pages;
                }
            }
            page += 1;
        }
    }

    /// Ring `index` if it has been formatted (a reclaim formats no ring).
    fn formatted_ring(&self, index: usize) -> Option<Ring<'_>> {
        let layout = self.layout();
        let ptr = self.at(layout.ring_table + index * layout.ring_len, RING_HEADER_LEN);
        // SAFETY: `at` checked the ring header lies in the mapping; it is 64-byte aligned
        // (ring.rs asserts the table's alignment) and all atomics.
        let header = unsafe { &*ptr.as_ptr().cast::<RingHeader>() };
        if header.magic.load(Ordering::Acquire) != RING_MAGIC {
            return None;
        }
        self.ring(index).ok()
    }
}

impl Attached {
    /// Finds the slots of dead processes and gives back what they held, as
    /// [`Segment::reclaim_dead`] (section 7).
    pub fn reclaim_dead(&self) -> Reclaimed {
        self.segment().reclaim_dead()
    }
}
