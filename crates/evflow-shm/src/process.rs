//! The process table (docs/shm.md, section 2): each process of a session claims a slot, whose
//! index is its bit in holder masks; a slot whose process died is found by pid and start time.

use crate::error::ShmError;
use crate::layout::{slot_state, ProcessSlot, MAX_PROCESSES};
use crate::segment::Segment;
use std::sync::atomic::Ordering;

/// Start time of a process (clock ticks since boot, field 22 of `/proc/<pid>/stat`), or
/// `None` if it does not exist.
pub fn start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(19)?.parse().ok()
}

/// Whether the process `pid`, started at `start`, is still running (a reused pid is not).
pub fn is_running(pid: u32, start: u64) -> bool {
    pid != 0 && start_time(pid) == Some(start)
}

impl Segment {
    /// The process slots.
    pub fn process_slots(&self) -> &[ProcessSlot] {
        let offset = self.layout().process_table;
        let ptr = self.at(offset, MAX_PROCESSES * std::mem::size_of::<ProcessSlot>());
        // SAFETY: the table lies inside the mapping, is aligned (offset 4096) and holds only
        // atomics, which any process may read and write concurrently.
        unsafe { std::slice::from_raw_parts(ptr.as_ptr() as *const ProcessSlot, MAX_PROCESSES) }
    }

    /// Claims a slot for this process.
    pub fn attach(&self) -> Result<Attached<'_>, ShmError> {
        let pid = std::process::id();
        let start = start_time(pid).ok_or_else(|| ShmError::Config("cannot read /proc/self/stat".into()))?;
        for (index, slot) in self.process_slots().iter().enumerate() {
            // The pid word is the claim: a claimer killed at any step has left its pid,
            // so the slot can be recognised as dead and freed.
            let claimed = slot.pid.compare_exchange(0, pid, Ordering::AcqRel, Ordering::Relaxed);
            if claimed.is_ok() {
                slot.state.store(slot_state::CLAIMING, Ordering::Relaxed);
                slot.start_time.store(start, Ordering::Relaxed);
                slot.bytes_held.store(0, Ordering::Relaxed);
                slot.generation.fetch_add(1, Ordering::Relaxed);
                // Release: whoever sees ALIVE sees the pid and start time.
                slot.state.store(slot_state::ALIVE, Ordering::Release);
                return Ok(Attached { segment: self, index });
            }
        }
        Err(ShmError::Config(format!(
            "{}: all {MAX_PROCESSES} process slots are taken (`evflow shm ls` shows by whom)",
            self.path().display()
        )))
    }

    /// Slots held by processes that are no longer running (claimed but dead, or dead while
    /// their resources are being reclaimed by a process that died too).
    pub fn dead_slots(&self) -> Vec<usize> {
        let slots = self.process_slots();
        (0..MAX_PROCESSES).filter(|&i| self.slot_is_dead(&slots[i])).collect()
    }

    fn slot_is_dead(&self, slot: &ProcessSlot) -> bool {
        match slot.state.load(Ordering::Acquire) {
            slot_state::ALIVE => !is_running(slot.pid.load(Ordering::Relaxed), slot.start_time.load(Ordering::Relaxed)),
            slot_state::RECLAIMING => {
                let reclaimer = slot.reclaimer_pid.load(Ordering::Relaxed);
                reclaimer == 0 || start_time(reclaimer).is_none()
            }
            // Mid-claim or mid-release: its pid tells whether the claimer still runs.
            _ => {
                let pid = slot.pid.load(Ordering::Relaxed);
                pid != 0 && start_time(pid).is_none()
            }
        }
    }

    /// Processes attached and alive, and attached but dead.
    pub fn process_counts(&self) -> (usize, usize) {
        let dead = self.dead_slots().len();
        let attached = self.process_slots().iter().filter(|s| s.pid.load(Ordering::Acquire) != 0).count();
        (attached.saturating_sub(dead), dead)
    }
}

/// This process's slot in a segment; released on drop.
pub struct Attached<'a> {
    segment: &'a Segment,
    index: usize,
}

impl Attached<'_> {
    /// The slot's index: this process's bit in holder masks.
    pub fn index(&self) -> usize {
        self.index
    }
}

impl Drop for Attached<'_> {
    fn drop(&mut self) {
        let slot = &self.segment.process_slots()[self.index];
        slot.state.store(slot_state::FREE, Ordering::Release);
        // Last: clearing the pid is what lets another process claim the slot.
        slot.pid.store(0, Ordering::Release);
    }
}
