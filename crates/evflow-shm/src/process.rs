//! The process table (docs/shm.md, section 2): each process of a session claims a slot, whose
//! index is its bit in holder masks; a slot whose process died is found by pid and start time.

use crate::error::ShmError;
use crate::layout::{slot_state, ProcessSlot, MAX_PROCESSES, MAX_RINGS};
use crate::segment::Segment;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long attaching or removing a segment waits for the control lock held by a living
/// process (joins and leaves hold it for microseconds; longer means the holder is stuck).
pub const CONTROL_WAIT: Duration = Duration::from_secs(10);

/// Start time of a process (clock ticks since boot, field 22 of `/proc/<pid>/stat`), or
/// `None` if it does not exist or is a zombie.
pub fn start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace();
    // A zombie (killed, not yet reaped) is dead: it will never touch the segment again.
    if matches!(fields.next()?, "Z" | "X" | "x") {
        return None;
    }
    fields.nth(18)?.parse().ok()
}

/// Whether the process `pid`, started at `start`, is still running (a reused pid is not).
pub fn is_running(pid: u32, start: u64) -> bool {
    pid != 0 && start_time(pid) == Some(start)
}

/// A process named in one shared word, so that a reused pid is not mistaken for it: the pid in
/// the high 32 bits and the low 32 bits of its start time in the low ones. 0 names nobody.
/// The control lock and a slot's reclaimer are held by such tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnerToken(pub u64);

impl OwnerToken {
    /// Nobody.
    pub const NONE: OwnerToken = OwnerToken(0);

    /// This process.
    pub fn of_self() -> OwnerToken {
        let pid = std::process::id();
        OwnerToken::of(pid, start_time(pid).unwrap_or(0))
    }

    /// The process `pid` started at `start`.
    pub fn of(pid: u32, start: u64) -> OwnerToken {
        OwnerToken(u64::from(pid) << 32 | (start & 0xffff_ffff))
    }

    /// The pid.
    pub fn pid(self) -> u32 {
        (self.0 >> 32) as u32
    }

    /// Whether the process it names still runs (not a zombie, and not another process that
    /// got its pid).
    pub fn is_running(self) -> bool {
        self != OwnerToken::NONE
            && start_time(self.pid()).is_some_and(|start| start & 0xffff_ffff == self.0 & 0xffff_ffff)
    }
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

    /// Claims a slot for this process, after reclaiming the slots of dead processes (cheap
    /// when none is dead). The slot is released when the last clone of the result drops.
    /// Claiming holds the control lock, so it cannot interleave with the removal of the
    /// file: a segment already removed gives [`ShmError::Removed`] (docs/shm.md, "Lifetime of
    /// a session").
    pub fn attach(self: &Arc<Self>) -> Result<Attached, ShmError> {
        self.reclaim_dead();
        let pid = std::process::id();
        let start = start_time(pid).ok_or_else(|| ShmError::Config("cannot read /proc/self/stat".into()))?;
        let _lock = self.lock_control(CONTROL_WAIT).ok_or_else(|| self.stuck_lock())?;
        if self.header().removed.load(Ordering::Acquire) != 0 {
            return Err(ShmError::Removed { path: self.path().to_path_buf() });
        }
        for (index, slot) in self.process_slots().iter().enumerate() {
            // The pid word is the claim: a claimer killed at any step has left its pid,
            // so the slot can be recognised as dead and freed.
            let claimed = slot.pid.compare_exchange(0, pid, Ordering::AcqRel, Ordering::Relaxed);
            if claimed.is_ok() {
                slot.state.store(slot_state::CLAIMING, Ordering::Relaxed);
                slot.start_time.store(start, Ordering::Relaxed);
                slot.free_waiting.store(0, Ordering::Relaxed);
                slot.generation.fetch_add(1, Ordering::Relaxed);
                // Release: whoever sees ALIVE sees the pid and start time.
                slot.state.store(slot_state::ALIVE, Ordering::Release);
                // Processes start their page-map scans far apart, so that they rarely meet.
                let cursor = index * self.layout().heap_pages / MAX_PROCESSES;
                let inner = AttachedInner {
                    segment: Arc::clone(self),
                    index,
                    fork_epoch: fork_epoch(),
                    left: AtomicBool::new(false),
                    cursor: AtomicUsize::new(cursor),
                    generations: AtomicU64::new(0),
                    returns: AtomicBool::new(false),
                    producing: Default::default(),
                    last_return: AtomicUsize::new(0),
                    unpublished: Default::default(),
                    reserved: Default::default(),
                };
                return Ok(Attached { inner: Arc::new(inner) });
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
            slot_state::RECLAIMING => !OwnerToken(slot.reclaimer.load(Ordering::Relaxed)).is_running(),
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

/// This process's slot in a segment, and its allocator (docs/shm.md, sections 2 and 3).
///
/// Clones share the slot; it is released when the last clone drops, and every [`crate::Block`]
/// holds a clone, so the slot outlives the blocks that carry its holder bit. Releasing does
/// what the reclaimer does for a dead process (section 7): the holder bits still set for this
/// slot (handles in rings addressed to it that it never took) are cleared, the rings it
/// consumes are reset and its ring ends released; then the slot is free.
///
/// A forked child inherits copies of its parent's `Attached` and blocks; dropping them there
/// releases nothing (the slot and its bits are the parent's). A child attaches on its own.
#[derive(Clone)]
pub struct Attached {
    pub(crate) inner: Arc<AttachedInner>,
}

pub(crate) struct AttachedInner {
    pub(crate) segment: Arc<Segment>,
    pub(crate) index: usize,
    /// [`fork_epoch`] when attached: a forked child's inherited copy sees another.
    fork_epoch: u32,
    /// Set by [`Attached::leave`]: the slot is released already, and may be another
    /// process's by now; this process's blocks no longer touch the segment.
    left: AtomicBool,
    /// Where this process's next page-map scan starts.
    pub(crate) cursor: AtomicUsize,
    /// The next block generation of this process's batch, 0 when a new batch is needed.
    pub(crate) generations: AtomicU64,
    /// Held by a thread of this process that puts blocks into return queues or takes them
    /// out (docs/shm.md, section 5, "Returns"): one pusher and one taker per queue.
    pub(crate) returns: AtomicBool,
    /// The rings (a bit per index) whose producer this process is, set by the channel layer:
    /// the return queues its allocations look in.
    pub(crate) producing: [AtomicU64; MAX_RINGS / 64],
    /// The ring whose return queue gave a block last: allocations look there first.
    pub(crate) last_return: AtomicUsize,
    /// The rings (a bit per index) this process has written return entries into that it has
    /// not published yet.
    pub(crate) unpublished: [AtomicU64; MAX_RINGS / 64],
    /// Returned blocks this process claimed while it waited, for its next allocations: head
    /// page plus one in the low 32 bits, pages in the high (0: none).
    pub(crate) reserved: [AtomicU64; crate::returns::RESERVED],
}

impl Attached {
    /// The slot's index: this process's bit in holder masks.
    pub fn index(&self) -> usize {
        self.inner.index
    }

    /// The segment.
    pub fn segment(&self) -> &Arc<Segment> {
        &self.inner.segment
    }

    /// Releases the slot now, as the drop of the last clone would, for a process that is
    /// exiting with clones still alive (an `atexit` handler). Blocks of this process dropped
    /// afterwards no longer touch the segment, and nothing may be allocated or sent through
    /// any clone any more. The last process to leave removes the file (docs/shm.md, "Lifetime
    /// of a session"). Does nothing in a forked child's inherited copy, or a second time.
    pub fn leave(&self) {
        if !self.inner.is_inherited() && !self.inner.left.swap(true, Ordering::AcqRel) {
            self.inner.segment.release_own_slot(self.inner.index);
        }
    }
}

impl fmt::Debug for Attached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Attached")
            .field("segment", &self.inner.segment.path())
            .field("slot", &self.inner.index)
            .finish()
    }
}

impl AttachedInner {
    /// Whether this is a forked child's copy of its parent's slot, which must release nothing.
    pub(crate) fn is_inherited(&self) -> bool {
        FORKS.load(Ordering::Relaxed) != self.fork_epoch
    }

    /// Whether the slot is not this process's to use: inherited through fork, or left.
    pub(crate) fn is_detached(&self) -> bool {
        self.is_inherited() || self.left.load(Ordering::Relaxed)
    }
}

impl Drop for AttachedInner {
    fn drop(&mut self) {
        if !self.is_detached() {
            self.segment.release_own_slot(self.index);
        }
    }
}

/// Forks this process has gone through (bumped in each child): a child inherits copies of its
/// parent's `Attached` and blocks, whose slot and holder bits are the parent's. Checked with
/// one relaxed load where a reference is dropped, instead of a `getpid` system call.
static FORKS: AtomicU32 = AtomicU32::new(0);

extern "C" fn forked_child() {
    FORKS.fetch_add(1, Ordering::Relaxed);
}

/// The number of forks this process has gone through, counting from the first attach.
fn fork_epoch() -> u32 {
    register_fork_handler();
    FORKS.load(Ordering::Relaxed)
}

/// Who registers the fork handler: nobody yet, the pid of the process doing it, or done.
static REGISTRATION: AtomicU32 = AtomicU32::new(0);
const REGISTERED: u32 = u32::MAX;

/// Registers [`forked_child`] once per process. Not a `std::sync::Once`: a child forked while
/// another thread of its parent registers (glibc holds that thread in `pthread_atfork` until
/// the fork is done) would inherit a `Once` that never completes and wait on it forever; here
/// the child sees its parent's pid and registers on its own. (If the parent's registration
/// was done at the fork, the child then has the handler twice and bumps `FORKS` by two in each
/// of its own children: still not the epoch they inherited.)
fn register_fork_handler() {
    if REGISTRATION.load(Ordering::Acquire) == REGISTERED {
        return;
    }
    let me = std::process::id();
    loop {
        let state = REGISTRATION.load(Ordering::Acquire);
        if state == REGISTERED {
            return;
        }
        if state == me {
            // Another thread of this process is registering; it takes microseconds.
            std::thread::yield_now();
            continue;
        }
        if REGISTRATION.compare_exchange(state, me, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            // SAFETY: registers a child handler that only bumps an atomic (async-signal-safe).
            // If registering fails (ENOMEM), a child takes inherited copies for its own, as it
            // would without this guard.
            unsafe { libc::pthread_atfork(None, None, Some(forked_child)) };
            REGISTRATION.store(REGISTERED, Ordering::Release);
            return;
        }
    }
}
