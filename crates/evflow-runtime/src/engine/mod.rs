//! The parallel engine: one input process, N workers and one output process, forked from
//! the monitor (the calling process), joined by channels. Design and failure cases in
//! `docs/parallel.md`.

pub mod board;
mod context;
pub mod curve;
pub mod device;
mod dispatch;
pub mod error;
pub mod exit;
mod frames;
mod jobdir;
mod monitor;
mod net;
pub mod parts;
pub mod protocol;
pub mod role;
mod roles;
pub mod tmpdir;
mod usage;

use crate::job::Interrupt;
use std::path::PathBuf;
use std::time::Duration;

pub use exit::ExitCode;
pub use monitor::{process, StartError};
pub use parts::{PartNames, Parts};
pub use role::Role;
pub use roles::eventbuilding;

/// How the processes of a job talk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Transport {
    /// Shared-memory channels: events move as blocks of one segment, without copies.
    #[default]
    Shm,
    /// libzmq over Unix sockets: every event is copied through the kernel.
    Ipc,
    /// libzmq over tcp: a topology's devices on several hosts (not for `process()`).
    Tcp,
}

impl Transport {
    /// The name `transport=` takes.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Shm => "shm",
            Transport::Ipc => "ipc",
            Transport::Tcp => "tcp",
        }
    }
}

impl std::str::FromStr for Transport {
    type Err = OptionsError;
    fn from_str(s: &str) -> Result<Transport, OptionsError> {
        match s {
            "shm" => Ok(Transport::Shm),
            "ipc" => Ok(Transport::Ipc),
            "tcp" => Ok(Transport::Tcp),
            other => Err(OptionsError::Transport(other.to_string())),
        }
    }
}

/// Default events a worker holds at once (the one it processes and the next).
pub const DEFAULT_WORKER_QUEUE: usize = 2;
/// Default times an event may be re-sent after killing a worker.
pub const DEFAULT_MAX_RETRIES: u32 = 1;
/// Default replacement workers allowed per minute before the job is declared a crash loop.
pub const DEFAULT_MAX_RESTARTS_PER_MINUTE: u32 = 30;
/// With `ordered`, how far the input may read ahead of the oldest event not yet written.
pub const REORDER_WINDOW: u64 = 512;
/// Default size of a job's shared-memory segment. Events in flight are bounded by credits
/// (workers x `worker_queue`) and the output's queue, and a full segment makes senders wait
/// (the input taking acks meanwhile); the reorder buffer holds copies in process memory.
/// Reserving the segment costs time at the start of a job (the kernel zeroes it), about
/// 50 ms for 128 MiB here.
pub const DEFAULT_SEGMENT_LEN: usize = 128 << 20;
/// Most workers one job may have.
pub const MAX_WORKERS: usize = 256;

pub use crate::live::{Live, LiveProcess, WATCH_EVERY};

/// Options of a parallel job (next to [`ProcessOptions`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParallelOptions {
    /// Worker processes.
    pub processes: usize,
    /// Write events in input order.
    pub ordered: bool,
    /// Events a worker holds at most.
    pub worker_queue: usize,
    /// A worker busy on one event for longer is killed.
    pub event_timeout: Option<Duration>,
    /// Re-sends of an event after it killed a worker; then it is a poison event.
    pub max_retries: u32,
    /// More replacement workers than this within a minute end the job.
    pub max_restarts_per_minute: u32,
    /// Poison events go to this file instead of the output.
    pub quarantine: Option<PathBuf>,
    /// Channels between the processes.
    pub transport: Transport,
    /// Size of the shared-memory segment (shm transport); `None`: [`DEFAULT_SEGMENT_LEN`].
    pub segment_size: Option<usize>,
    /// Which process runs which modules; `None`: by the modules' `parallel_safe`.
    pub parts: Option<Parts>,
    /// The segment builds events (docs/eventbuilding.md): its workers are builders.
    pub event_building: Option<eventbuilding::EventBuilding>,
    /// The custody is started again when it dies (docs/topology-design.md, "Custodies that
    /// are restarted"): it acknowledges what it takes only once it is safe, and the input
    /// keeps its own results until then. In the custody's own options, its generation (0:
    /// the first; above, it continues what an earlier one left). `None`: acks at receipt.
    pub custody: Option<u32>,
    /// The origin is started again when it dies (a merger's, junction's or funnel's): it
    /// journals the seq of each event and keeps its own results until the custody
    /// acknowledges them, which the custody does for each. In the origin's own options, its
    /// generation (above 0: it goes on with an earlier process's journal). `None`: no journal.
    pub origin: Option<u32>,
    /// Most events the input sends a worker in one message, and a worker's results go in
    /// (docs/parallel.md, "Batches of small events on the wire"): 1 to
    /// [`protocol::BATCH_EVENTS`]; 1 sends each event alone.
    pub wire_batch: usize,
}

impl Default for ParallelOptions {
    fn default() -> ParallelOptions {
        ParallelOptions {
            processes: 2,
            ordered: false,
            worker_queue: DEFAULT_WORKER_QUEUE,
            event_timeout: None,
            max_retries: DEFAULT_MAX_RETRIES,
            max_restarts_per_minute: DEFAULT_MAX_RESTARTS_PER_MINUTE,
            quarantine: None,
            transport: Transport::Shm,
            segment_size: None,
            parts: None,
            event_building: None,
            custody: None,
            origin: None,
            wire_batch: 1,
        }
    }
}

/// Parallel options that cannot run: which one, its value, and what it may be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A transport name that is none.
    #[error("transport must be \"shm\" or \"ipc\", not {0:?}")]
    Transport(String),
    /// Too few or too many worker processes.
    #[error("processes must be 1 to {MAX_WORKERS} for a parallel job, not {0}")]
    Processes(usize),
    /// More workers than a segment has process slots.
    #[error(
        "processes must be at most {slots} with transport=\"shm\" (a segment has {} process slots, two of them \
         for the input and the output), not {processes}; use transport=\"ipc\" for more",
        evflow_shm::layout::MAX_PROCESSES
    )]
    ShmProcesses {
        /// Worker slots a segment has.
        slots: usize,
        /// Workers asked for.
        processes: usize,
    },
    /// tcp for a job on one host.
    #[error(
        "transport=\"tcp\" joins the devices of a topology on several hosts; process() runs on one: use \"shm\" \
         or \"ipc\""
    )]
    TcpInProcess,
    /// A worker queue out of range.
    #[error("worker_queue must be 1 to 1000, not {0}")]
    WorkerQueue(usize),
    /// A zero event timeout.
    #[error("event_timeout must be positive (or None for no limit)")]
    EventTimeout,
    /// A segment too small for its own layout.
    #[error("segment_size must be at least {min} bytes ({} MiB), not {size}", min >> 20)]
    SegmentSize {
        /// The least size.
        min: usize,
        /// The size asked for.
        size: usize,
    },
    /// A worker part that holds no module of the path.
    #[error("the worker part must hold one or more of the path's {modules} modules, not modules {input}..{workers}")]
    WorkerPart {
        /// Modules of the path, after the source.
        modules: usize,
        /// Where the worker part starts.
        input: usize,
        /// Where it ends.
        workers: usize,
    },
}

impl ParallelOptions {
    /// Checks the options before anything starts.
    pub fn validate(&self) -> Result<(), OptionsError> {
        // A topology's direct segment (parts given) has no workers.
        let least = usize::from(self.parts.is_none());
        if self.processes < least || self.processes > MAX_WORKERS {
            return Err(OptionsError::Processes(self.processes));
        }
        // The input and the output take a process slot of the segment too.
        let slots = evflow_shm::layout::MAX_PROCESSES - 2;
        if self.transport == Transport::Shm && self.processes > slots {
            return Err(OptionsError::ShmProcesses { slots, processes: self.processes });
        }
        if self.transport == Transport::Tcp && self.parts.is_none() {
            return Err(OptionsError::TcpInProcess);
        }
        if self.worker_queue == 0 || self.worker_queue > 1000 {
            return Err(OptionsError::WorkerQueue(self.worker_queue));
        }
        if self.event_timeout.is_some_and(|t| t.is_zero()) {
            return Err(OptionsError::EventTimeout);
        }
        let min = evflow_shm::layout::MIN_SEGMENT_LEN;
        if self.segment_size.is_some_and(|size| size < min) {
            return Err(OptionsError::SegmentSize { min, size: self.segment_size.unwrap_or(0) });
        }
        Ok(())
    }
}

/// What the embedding program (the Python binding, or a Rust `main`) does around the engine.
pub trait Hooks {
    /// Called in the monitor about every 10 ms: `Err` when a signal asks the job to stop,
    /// once per signal: the first makes the job drain, a second stops it at once.
    fn control(&mut self) -> Result<(), Interrupt>;
    /// Called in the monitor just before each fork.
    fn before_fork(&mut self) {}
    /// Called in the monitor just after each fork.
    fn after_fork_parent(&mut self) {}
    /// Called first in each child, with the child's process name, the path steps it runs and
    /// the job directory (where it publishes its mergeable objects while it runs).
    fn after_fork_child(&mut self, _process: &str, _steps: std::ops::Range<usize>, _dir: &std::path::Path) {}
    /// Called last in each child, before it exits (flush buffered output).
    fn before_exit(&mut self) {}
    /// Called in the monitor every [`WATCH_EVERY`] with the job's counters so far and its
    /// processes, for a live view, and once more when every process has ended.
    fn watch(&mut self, _live: &Live) {}
    /// Called in the monitor between two looks at its children: call `wait`, which returns
    /// when a child ends or after a tick (letting other threads of the embedding program run
    /// meanwhile).
    fn idle(&mut self, wait: &mut (dyn FnMut() + Send)) {
        wait();
    }
    /// In a child at its end: the mergeable objects of path steps `steps` (source = 0), as
    /// bytes for [`Hooks::merge`], or `None` when they have none.
    fn collect(&mut self, _steps: std::ops::Range<usize>) -> Option<Vec<u8>> {
        None
    }
    /// In the monitor: adds one child's mergeable objects to its own.
    fn merge(&mut self, _bytes: &[u8]) -> Result<(), String> {
        Ok(())
    }
    /// In an input or a worker child at a cut of a parallel job (docs/root.md, "Cuts in a
    /// parallel job"): writes the mergeable objects of path steps `steps` to `file` as
    /// [`Hooks::collect`] gives them (no file when they have none); `Err` says why not.
    fn write_cut(&mut self, _steps: std::ops::Range<usize>, _file: &std::path::Path) -> Result<(), String> {
        Ok(())
    }
    /// In the output child at a cut, just before its modules checkpoint: `files` hold the
    /// objects the other processes wrote for it (an empty list once the checkpoint is over);
    /// `Err`: the modules cannot be told, and the cut is given up.
    fn at_cut(&mut self, _files: &[PathBuf]) -> Result<(), String> {
        Ok(())
    }
    /// In a device process, right after its role's modules are initialized: what encodes
    /// the mergeable objects of path steps `steps` for its controller while it runs
    /// (docs/web.md, "The histograms"), or `None` when they have none.
    fn live_sums(&mut self, _steps: std::ops::Range<usize>) -> Option<SumsSource> {
        None
    }
}

/// Encodes a device's mergeable objects for its controller (`Ok(None)`: none this time;
/// `Err`: it cannot, said in the log, and is not asked again). Called from a thread of its
/// own, and last from the role's.
pub type SumsSource = Box<dyn FnMut() -> Result<Option<Vec<u8>>, ()> + Send>;
