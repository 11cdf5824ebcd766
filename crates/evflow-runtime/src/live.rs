//! A running job's live snapshot: its counters and processes, what every executor (the
//! sequential one, the forked engine's monitor) shows its watcher (docs/operations.md, "One
//! source").

use std::time::Duration;

/// How often the monitor shows `Hooks::watch` the job's progress.
pub const WATCH_EVERY: Duration = Duration::from_millis(250);

/// A process of a running job, as `Hooks::watch` sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveProcess {
    /// Its name (`evf-worker-2`, or a device's).
    pub name: String,
    /// Its pid.
    pub pid: i32,
    /// Whether it still runs.
    pub running: bool,
    /// The worker slot it runs in, for a worker.
    pub worker: Option<usize>,
    /// `input`, `worker`, `output`, `bridge`, or `main` (a job of one process).
    pub role: &'static str,
    /// Its modules' statistics so far, one per path step (source first; the steps it does
    /// not run stay at zero).
    pub modules: Vec<crate::report::ModuleStats>,
    /// A topology's device process: its device and host (its pid is its host's, not this
    /// machine's); `None` for a process of this machine's job.
    pub placed: Option<Placed>,
    /// Its CPU time (s) and resident memory (bytes) as its host read them; `None` where this
    /// machine's `/proc` tells them.
    pub usage: Option<(f64, u64)>,
    /// An event-building unit's counters.
    pub unit: Option<UnitLive>,
}

/// Where a topology's device process runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Its device.
    pub device: String,
    /// Its host.
    pub host: String,
}

/// An event-building unit as the metrics show it (docs/eventbuilding.md, "Metrics").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitLive {
    /// `readout` or `builder`.
    pub unit: &'static str,
    /// The builder's events per batch.
    pub batch: u64,
    /// Its counters by name (`fragments`, `bytes`, `late`, `built`, `incomplete`), and a
    /// builder's `credits`.
    pub counts: Vec<(&'static str, u64)>,
}

/// A running job's counters and processes (docs/operations.md, "One source").
#[derive(Debug, Clone, Default)]
pub struct Live {
    /// Counts and statistics so far (`not_completed` is empty until the end).
    pub report: crate::report::Report,
    /// Every process started, the dead ones included (empty for a job of one process: the
    /// process is the caller's).
    pub processes: Vec<LiveProcess>,
    /// Per worker slot: events sent to it and not yet finished.
    pub queued: Vec<u64>,
    /// Events a worker may hold (`worker_queue`).
    pub worker_queue: usize,
    /// The job's shm session, on shm.
    pub session: Option<String>,
    /// Written events flagged incomplete.
    pub incomplete: u64,
    /// Events given up on when the job stopped.
    pub abandoned: u64,
    /// The job directory, where the processes publish their mergeable objects while they
    /// run (docs/operations.md, "Live histograms").
    pub dir: Option<std::path::PathBuf>,
}
