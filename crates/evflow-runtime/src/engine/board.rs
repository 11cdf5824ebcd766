//! The board: a small shared mapping the monitor makes before it forks, so every process of
//! the job (replacement workers included) sees it. It carries the stop request, the job's
//! counters, each worker's status slot (pid, generation, the event it is busy on and since
//! when) and each process's module statistics. Plain atomics only: a process killed between
//! two stores leaves nothing locked.

use crate::job::Interrupt;
use crate::stage::Tally;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

/// `busy_seq` of a worker that is not processing an event.
pub const IDLE: u64 = u64::MAX;
/// `died_on` of a worker whose death was no event's fault: the controller restarted it
/// because the bridge in front of it died. No attempt is counted.
pub const NO_FAULT: u64 = u64::MAX - 1;

/// What the monitor asks of the job; a device's report and the controller's view carry it by
/// name (`"run"`, `"drain"`, `"abort"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u32)]
pub enum Stop {
    /// Keep going.
    #[default]
    Run = 0,
    /// Stop reading; finish the events in flight; close cleanly.
    Drain = 1,
    /// Stop now; the output closes its files with what it has.
    Abort = 2,
}

impl Stop {
    /// Every stop request, the mildest first: a request is only ever raised.
    pub const ALL: [Stop; 3] = [Stop::Run, Stop::Drain, Stop::Abort];
}

/// Job-wide counters.
#[repr(C)]
#[derive(Default)]
pub struct Counters {
    /// Events read by the input (the next seq).
    pub read: AtomicU64,
    /// A resumed job: input positions passed over, every output had them (among `read`).
    pub passed_over: AtomicU64,
    /// Events the output part kept (written).
    pub written: AtomicU64,
    /// Events rejected by a module (counted once, at the output).
    pub rejected: AtomicU64,
    /// Written events flagged failed.
    pub failed: AtomicU64,
    /// Written events flagged incomplete (a merger sent them with a part missing).
    pub incomplete: AtomicU64,
    /// Events sent to a worker again after a worker died on them.
    pub retried: AtomicU64,
    /// Results dropped because their seq was already done.
    pub duplicates: AtomicU64,
    /// Poison events written to the quarantine file.
    pub quarantined: AtomicU64,
    /// Events given up on (the job stopped before they were processed).
    pub abandoned: AtomicU64,
    /// Every seq below this is done at the output (ordered: written).
    pub watermark: AtomicU64,
    /// The input has had the acks of every seq below this, and will never send one again
    /// (`Resumed::below`); a custody's, as the input's last told it (through the view).
    pub acknowledged: AtomicU64,
    /// Messages a bridge forwarded from the origin (dispatches and results).
    pub relayed: AtomicU64,
    /// Event building (docs/eventbuilding.md, "Metrics"): fragments an RU read, or a BU
    /// received.
    pub eb_fragments: AtomicU64,
    /// Event building: bytes of the fragments an RU read, or of the events a BU built.
    pub eb_bytes: AtomicU64,
    /// Event building: fragments that came late (an RU's, of batches already released; a
    /// BU's, answers for batches it had built), dropped.
    pub eb_late: AtomicU64,
    /// Event building: fragments an RU copied into the segment when a builder asked for
    /// them (made outside it, docs/eventbuilding.md "Memory"); 0 off shm.
    pub eb_copied: AtomicU64,
    /// Event building: events a BU built.
    pub eb_built: AtomicU64,
    /// Event building: events a BU built incomplete.
    pub eb_incomplete: AtomicU64,
    /// A custody: `written` as the last run it closed left it (stored before the run's
    /// `closed`).
    pub written_closed: AtomicU64,
    /// A restarted custody: how it resumed ([`RESUMED_EVERY_RUN`], [`RESUMED_ITS_RUN`]; 0
    /// until the input's `Resume`) ...
    pub resumed_as: AtomicU64,
    /// ... the events its continued files held ...
    pub resumed: AtomicU64,
    /// ... and the run it entered then (0: none).
    pub resumed_run: AtomicU64,
}

/// `Counters::resumed_as`: the files a restarted custody continued hold every run's events.
pub const RESUMED_EVERY_RUN: u64 = 1;
/// `Counters::resumed_as`: they hold only the events of the run it entered (a file per run),
/// or none: the runs closed before are in files it does not know.
pub const RESUMED_ITS_RUN: u64 = 2;

impl Counters {
    /// Results the output has taken so far (any fate, duplicates included): grows while the
    /// output makes progress.
    pub fn output_taken(&self) -> u64 {
        [&self.written, &self.rejected, &self.duplicates, &self.quarantined, &self.abandoned]
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .sum()
    }
}

/// The runs of a held topology (docs/topology-design.md, "Runs: the protocol"): which runs
/// its controller started and asked to stop, and how far the origin and the custody have
/// got. Runs are counted from 1 in the order they were started; 0 is none.
#[repr(C)]
#[derive(Default)]
pub struct Runs {
    /// Set when the job is held: the input reads only during the runs the controller starts.
    pub held: AtomicU32,
    /// Set in a topology's device processes: their sources read once the controller has
    /// started a run (one not held starts its one run once every process is configured).
    pub controlled: AtomicU32,
    /// The last run started.
    pub started: AtomicU32,
    /// Its run number, which every event read during it carries.
    pub number: AtomicU32,
    /// The last run asked to stop.
    pub stopping: AtomicU32,
    /// The last run whose every event reached the custody (the input sent its `RunEnd`).
    pub drained: AtomicU32,
    /// The last run whose end the custody applied (its modules' `end_run`: files closed).
    pub closed: AtomicU32,
    /// Set once the controller's first view is applied: the runs above are the topology's,
    /// not only this process's.
    pub viewed: AtomicU32,
}

impl Runs {
    /// Whether a job that is not held may read: at once on its own, in a topology once its
    /// controller has started the run.
    pub fn one_run_started(&self) -> bool {
        self.controlled.load(Ordering::Acquire) == 0 || self.started.load(Ordering::Acquire) > 0
    }
}

/// The cuts of a parallel job (docs/root.md, "Cuts in a parallel job"): a moment when every
/// event below an input position went through every module and none above reached any,
/// where the output's modules checkpoint with the sums of every process. Cuts are counted
/// from 1; 0 is none.
#[repr(C)]
#[derive(Default)]
pub struct Cuts {
    /// The last cut the output asked for.
    pub asked: AtomicU64,
    /// Where the input stopped reading for the cut it took last: the next seq it reads.
    pub at: AtomicU64,
    /// The last cut the input took (`at` stored first): it wrote its objects and tells the
    /// workers.
    pub taken: AtomicU64,
    /// The last cut a process could not write its objects for, or the input saw a worker die
    /// during: the output gives it up.
    pub failed: AtomicU64,
    /// The last cut the output took or gave up: the input reads on.
    pub done: AtomicU64,
}

/// One worker's status, written by the worker and the monitor.
#[repr(C)]
pub struct WorkerSlot {
    /// The worker process, 0 when there is none.
    pub pid: AtomicI32,
    /// Bumped by the monitor each time the worker in this slot is gone.
    pub generation: AtomicU32,
    /// The seq being processed, or [`IDLE`].
    pub busy_seq: AtomicU64,
    /// When processing of `busy_seq` began (CLOCK_MONOTONIC, ns).
    pub since_ns: AtomicU64,
    /// The seq the last dead worker of this slot was busy on, or [`IDLE`]. Written before
    /// `generation` is bumped.
    pub died_on: AtomicU64,
    /// Events processed in this slot, by all its generations.
    pub events: AtomicU64,
    /// Of `events`, those this slot's modules rejected: not passed on to the output.
    pub rejected: AtomicU64,
    /// Replacement workers forked for this slot.
    pub restarts: AtomicU64,
    /// Events the input sent to this slot's worker that it has not finished (written by the
    /// input only).
    pub queued: AtomicU64,
    /// Set while the controller retires the slot's replica (docs/topology-design.md,
    /// "Removing a replica"): the input sends it nothing more, and `Retire` once it holds
    /// nothing.
    pub retire: AtomicU32,
    /// The last cut whose objects the slot's worker wrote ([`Cuts`]).
    pub cut: AtomicU64,
}

/// Calls, failures and time of one module in one process.
#[repr(C)]
#[derive(Default)]
pub struct ModuleCounters {
    /// Calls of the event hook (for the source: events read).
    pub calls: AtomicU64,
    /// Failures let through by `on_error="skip"`.
    pub failed: AtomicU64,
    /// Time in the hook, ns.
    pub total_ns: AtomicU64,
    /// Growth of the process's peak resident memory during its hooks, bytes.
    pub rss_growth: AtomicU64,
}

#[repr(C)]
struct Head {
    stop: AtomicU32,
    /// Set when a child stopped the job with an error (no resends, no restarts).
    error: AtomicU32,
    /// Set by the input once every event read is at the output.
    ended: AtomicU32,
    /// The signal that stopped the job (an index into [`SIGNALS`] plus one), 0 for none.
    signal: AtomicU32,
    /// Set in a device when its controller is gone (no word from it for too long).
    monitor_lost: AtomicU32,
    /// Worker slots in use: the controller's view adds slots during a run (at most the
    /// board's capacity).
    workers: AtomicU32,
    counters: Counters,
    runs: Runs,
    cuts: Cuts,
}

/// What may interrupt a job: the signals, an operator's stop, and the rest.
const SIGNALS: [&str; 4] = [Interrupt::SIGINT.0, Interrupt::SIGTERM.0, Interrupt::STOP.0, "a signal"];

/// The shared board of one job.
#[derive(Debug)]
pub struct Board {
    base: *mut u8,
    len: usize,
    /// Worker slots mapped: the most [`Board::workers`] can grow to.
    capacity: usize,
    modules: usize,
}

// SAFETY: the mapping is only accessed through atomics.
unsafe impl Send for Board {}
unsafe impl Sync for Board {}

/// Process slots of the module statistics: the input, the output, then one per worker.
pub const INPUT_SLOT: usize = 0;
/// The output's process slot.
pub const OUTPUT_SLOT: usize = 1;

impl Board {
    /// Maps a zeroed board for `workers` workers and a path of `modules` steps (source
    /// included), shared with every process forked after this.
    pub fn new(workers: usize, modules: usize) -> std::io::Result<Board> {
        Board::with_capacity(workers, workers, modules)
    }

    /// A board with `workers` slots in use and room for `capacity` (at least `workers`): a
    /// device's, whose controller may add replicas during a run.
    pub fn with_capacity(workers: usize, capacity: usize, modules: usize) -> std::io::Result<Board> {
        let capacity = capacity.max(workers);
        let len = Self::offset_stats(capacity) + (2 + capacity) * modules * std::mem::size_of::<ModuleCounters>();
        // SAFETY: an anonymous shared mapping; the kernel zeroes it, and zero is a valid
        // value of every atomic in it.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        let board = Board { base: base.cast(), len, capacity, modules };
        board.head().workers.store(workers as u32, Ordering::Release);
        for w in 0..capacity {
            board.worker(w).busy_seq.store(IDLE, Ordering::Relaxed);
            board.worker(w).died_on.store(IDLE, Ordering::Relaxed);
        }
        Ok(board)
    }

    fn offset_workers() -> usize {
        std::mem::size_of::<Head>().next_multiple_of(64)
    }

    fn offset_stats(workers: usize) -> usize {
        Self::offset_workers() + workers * std::mem::size_of::<WorkerSlot>().next_multiple_of(64)
    }

    fn head(&self) -> &Head {
        // SAFETY: the mapping starts with a Head and lives as long as self.
        unsafe { &*self.base.cast::<Head>() }
    }

    /// The job's counters.
    pub fn counters(&self) -> &Counters {
        &self.head().counters
    }

    /// The runs of a held topology.
    pub fn runs(&self) -> &Runs {
        &self.head().runs
    }

    /// The cuts of a parallel job.
    pub fn cuts(&self) -> &Cuts {
        &self.head().cuts
    }

    /// The stop request.
    pub fn stop(&self) -> Stop {
        match self.head().stop.load(Ordering::Acquire) {
            0 => Stop::Run,
            1 => Stop::Drain,
            _ => Stop::Abort,
        }
    }

    /// Raises the stop request to at least `stop`.
    pub fn request_stop(&self, stop: Stop) {
        self.head().stop.fetch_max(stop as u32, Ordering::AcqRel);
    }

    /// Whether a child stopped the job with an error.
    pub fn failed(&self) -> bool {
        self.head().error.load(Ordering::Acquire) != 0
    }

    /// Marks the job as stopped by an error: no more reading, resending or restarting.
    pub fn fail(&self) {
        self.head().error.store(1, Ordering::Release);
        self.request_stop(Stop::Drain);
    }

    /// Records the signal that stopped the job (the first one counts), for the files it leaves.
    pub fn record_signal(&self, name: &str) {
        let code = SIGNALS.iter().position(|&s| s == name).unwrap_or(SIGNALS.len() - 1) as u32 + 1;
        let _ = self.head().signal.compare_exchange(0, code, Ordering::AcqRel, Ordering::Relaxed);
    }

    /// The signal that stopped the job, if one did.
    pub fn signal(&self) -> Option<&'static str> {
        let code = self.head().signal.load(Ordering::Acquire) as usize;
        code.checked_sub(1).and_then(|i| SIGNALS.get(i)).copied()
    }

    /// Marks the job's monitor (a device's controller) as gone: the processes stop as when
    /// their parent monitor dies.
    pub fn lose_monitor(&self) {
        self.head().monitor_lost.store(1, Ordering::Release);
        self.request_stop(Stop::Abort);
    }

    /// Whether [`Board::lose_monitor`] was called.
    pub fn monitor_lost(&self) -> bool {
        self.head().monitor_lost.load(Ordering::Acquire) != 0
    }

    /// Marks the end of data: every event read is at the output; workers may finish.
    pub fn end_of_data(&self) {
        self.head().ended.store(1, Ordering::Release);
    }

    /// Whether the input has reached the end of data (see [`Board::end_of_data`]).
    pub fn ended(&self) -> bool {
        self.head().ended.load(Ordering::Acquire) != 0
    }

    /// Number of worker slots in use.
    pub fn workers(&self) -> usize {
        self.head().workers.load(Ordering::Acquire) as usize
    }

    /// Puts slots up to `workers` in use (never fewer than before, never past the capacity);
    /// the number in use now.
    pub fn grow_workers(&self, workers: usize) -> usize {
        let workers = workers.min(self.capacity) as u32;
        self.head().workers.fetch_max(workers, Ordering::AcqRel).max(workers) as usize
    }

    /// Worker `w`'s status slot.
    pub fn worker(&self, w: usize) -> &WorkerSlot {
        assert!(w < self.capacity, "worker slot {w} out of range");
        let stride = std::mem::size_of::<WorkerSlot>().next_multiple_of(64);
        // SAFETY: in bounds of the mapping, aligned to 64, zero-initialized atomics.
        unsafe { &*self.base.add(Self::offset_workers() + w * stride).cast::<WorkerSlot>() }
    }

    /// Module `m`'s statistics in process slot `slot` ([`INPUT_SLOT`], [`OUTPUT_SLOT`], or
    /// `2 + w` for worker `w`).
    pub fn module(&self, slot: usize, m: usize) -> &ModuleCounters {
        assert!(slot < 2 + self.capacity && m < self.modules, "module counter out of range");
        let at = Self::offset_stats(self.capacity) + (slot * self.modules + m) * std::mem::size_of::<ModuleCounters>();
        // SAFETY: in bounds, aligned to 8, zero-initialized atomics.
        unsafe { &*self.base.add(at).cast::<ModuleCounters>() }
    }

    /// Number of path steps (source included) counted per process.
    pub fn modules(&self) -> usize {
        self.modules
    }
}

/// A stage's statistics, counted on the board in one process's slot.
pub struct BoardTally<'a> {
    board: &'a Board,
    slot: usize,
}

impl BoardTally<'_> {
    /// Counts into process slot `slot` of `board`.
    pub fn new(board: &Board, slot: usize) -> BoardTally<'_> {
        BoardTally { board, slot }
    }
}

impl Tally for BoardTally<'_> {
    fn call(&mut self, step: usize, elapsed: Duration) {
        let c = self.board.module(self.slot, step);
        c.calls.fetch_add(1, Ordering::Relaxed);
        c.total_ns.fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
    }

    fn fail(&mut self, step: usize) -> u64 {
        self.board.module(self.slot, step).failed.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn time(&mut self, step: usize, elapsed: Duration) {
        self.board.module(self.slot, step).total_ns.fetch_add(elapsed.as_nanos() as u64, Ordering::Relaxed);
    }

    fn memory(&mut self, step: usize, bytes: u64) {
        self.board.module(self.slot, step).rss_growth.fetch_add(bytes, Ordering::Relaxed);
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        // SAFETY: unmaps what new() mapped; no reference outlives self.
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

/// CLOCK_MONOTONIC in nanoseconds: the same clock in every process of the machine.
pub fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: writes into a local timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}
