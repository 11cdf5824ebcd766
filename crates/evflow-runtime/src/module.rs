//! The module and source traits: the hooks a path calls, in Rust.

use evflow_core::Event;
use serde::{Deserialize, Serialize};
use std::error::Error;
use std::fmt;

/// An error raised by a module hook. Carries the original error (for Python, the exception)
/// so the binding can chain it.
#[derive(Debug)]
pub struct ModuleError {
    /// One line: what went wrong.
    pub message: String,
    /// The underlying error, if any.
    pub source: Option<Box<dyn Error + Send + Sync>>,
    /// What the error means for the job.
    pub severity: Severity,
    /// Where it was raised, worked out when asked (see [`ModuleError::origin`]).
    pub origin: Option<OriginFn>,
}

/// Where an error was raised: what a user needs to find it, kept as text so that it survives
/// the trip from a worker process to the monitor.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The innermost place in the user's own code, `file:line in function`.
    pub location: Option<String>,
    /// The whole traceback, as the module's language formats it.
    pub traceback: Option<String>,
}

/// Works out an error's [`Origin`] when it is needed: only errors that stop a job are shown,
/// so an event that fails under `on_error="skip"` does not pay for formatting a traceback.
pub struct OriginFn(pub Box<dyn Fn() -> Origin + Send + Sync>);

impl fmt::Debug for OriginFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OriginFn")
    }
}

/// What a module error means for the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The module failed on this event: `on_error` decides whether the job goes on.
    Event,
    /// The job cannot go on (an output cannot write): it stops whatever `on_error` says.
    Fatal,
    /// A signal arrived while the hook ran (Ctrl-C in Python code): the job stops and
    /// closes cleanly, and reports that it was interrupted.
    Interrupt,
}

impl ModuleError {
    /// An error with a message only.
    pub fn msg(message: impl Into<String>) -> ModuleError {
        ModuleError { message: message.into(), source: None, severity: Severity::Event, origin: None }
    }

    /// An error wrapping another.
    pub fn wrap(message: impl Into<String>, source: impl Error + Send + Sync + 'static) -> ModuleError {
        ModuleError { message: message.into(), source: Some(Box::new(source)), severity: Severity::Event, origin: None }
    }

    /// The same error, saying where it was raised when asked.
    pub fn with_origin(self, origin: impl Fn() -> Origin + Send + Sync + 'static) -> ModuleError {
        ModuleError { origin: Some(OriginFn(Box::new(origin))), ..self }
    }

    /// Where the error was raised, as far as is known.
    pub fn origin(&self) -> Origin {
        self.origin.as_ref().map(|f| (f.0)()).unwrap_or_default()
    }

    /// An interruption (a signal) that arrived while a hook ran.
    pub fn interrupt(message: impl Into<String>, source: impl Error + Send + Sync + 'static) -> ModuleError {
        ModuleError { severity: Severity::Interrupt, ..ModuleError::wrap(message, source) }
    }

    /// An error after which the job cannot go on, such as an output that cannot write.
    pub fn fatal(message: impl Into<String>, source: impl Error + Send + Sync + 'static) -> ModuleError {
        ModuleError { severity: Severity::Fatal, ..ModuleError::wrap(message, source) }
    }

    /// Whether the job must stop, whatever `on_error` says.
    pub fn stops_job(&self) -> bool {
        self.severity != Severity::Event
    }
}

impl fmt::Display for ModuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Error for ModuleError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.source.as_deref().map(|e| e as &(dyn Error + 'static))
    }
}

/// The result of a module hook.
pub type HookResult<T = ()> = Result<T, ModuleError>;

/// What every module and source learns at initialization.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JobContext {
    /// The job's seed: per-event random numbers come from (seed, run, event).
    pub seed: u64,
    /// Events the job expects to process, when known (for progress bars).
    pub expected_events: Option<u64>,
    /// Events reach the outputs in input order (one process, or `ordered`).
    pub ordered: bool,
    /// The modules continue what an earlier process of their device left (a restarted
    /// sink: docs/topology-design.md, "Custodies that are restarted"): a file output goes on
    /// writing its `.part` file.
    pub resume: bool,
    /// A restartable merger's or funnel's origin: the file where the seq each event got is
    /// journaled, so that a restarted process gives an event made again the same seq
    /// (docs/topology-design.md, "Mergers, junctions and funnels that are restarted"). With
    /// `resume`, what an earlier process journaled is read first.
    pub journal: Option<std::path::PathBuf>,
}

/// How a job ended, as every module hears it just before `terminate` (a file output writes
/// it into its file's closing record: docs/formats.md, "Closing record").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobEnd {
    /// The source was read to its end (or to `max_events`), and every event went through.
    Complete,
    /// A signal stopped the job early: its name (`"SIGINT"`).
    Interrupted(String),
    /// The job stopped early for another reason: an error, its monitor died.
    Stopped(String),
}

impl JobEnd {
    /// Why the job did not finish, as a file says it; `None` when it did.
    pub fn reason(&self) -> Option<String> {
        match self {
            JobEnd::Complete => None,
            JobEnd::Interrupted(signal) => Some(format!("interrupted by {signal}")),
            JobEnd::Stopped(why) => Some(why.clone()),
        }
    }
}

/// Whether a module keeps or rejects an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Later modules see the event and outputs write it.
    Keep,
    /// Nothing after this module sees the event; it is counted as rejected.
    Reject,
}

/// A step of a path. Hooks other than [`Module::event`] default to doing nothing.
pub trait Module {
    /// Name shown in statistics and errors.
    fn name(&self) -> &str;

    /// Whether the module may run in many worker processes at once.
    fn parallel_safe(&self) -> bool {
        false
    }

    /// Whether the module sees events flagged `failed` (outputs do, so those are written).
    fn sees_failed(&self) -> bool {
        false
    }

    /// Called once before the first event.
    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        Ok(())
    }

    /// Called before the first event of each run.
    fn begin_run(&mut self, _run: u32) -> HookResult {
        Ok(())
    }

    /// Called for each event the module sees.
    fn event(&mut self, event: &mut Event) -> HookResult<Decision>;

    /// Called after the last event of each run.
    fn end_run(&mut self, _run: u32) -> HookResult {
        Ok(())
    }

    /// Called at the end of the job, in every process that terminates the module, before
    /// the last `end_run` and `terminate`: how the job ended (complete, interrupted, stopped
    /// by an error); called again if a module failed in that last `end_run`.
    fn job_ending(&mut self, _end: &JobEnd) {}

    /// In a sink that is restarted when it dies: makes what the events seen so far left
    /// outlive the process (a file output hands its buffered records to the OS). The engine
    /// acknowledges those events upstream only after it returns (docs/topology-design.md,
    /// "Custodies that are restarted").
    fn checkpoint(&mut self) -> HookResult {
        Ok(())
    }

    /// How often a job of one process should checkpoint every module ([`Module::checkpoint`],
    /// between two events), if this module asks for it: a module that keeps sums of the
    /// events so far (a histogram output) snapshots them there, each output having recorded
    /// what it accounted for first (docs/root.md, "Resuming `HistogramOutput`").
    fn checkpoint_every(&self) -> Option<std::time::Duration> {
        None
    }

    /// After an `initialize` with [`JobContext::resume`] (in a held topology, and the run
    /// the sink was in begun): the seqs of the events an earlier process already wrote (a
    /// file output's `.part` file holds them), taken once.
    fn resumed(&mut self) -> Vec<u64> {
        Vec::new()
    }

    /// A job resumed from its output (docs/steering.md, "Resuming a job"): a module that
    /// writes a file reads what a killed run of the job left of it, checks that this job
    /// wrote it, and keeps it to go on with in `initialize`, changing nothing yet; the
    /// refusal when resuming would be wrong. `None`: it writes no file it can go on with.
    fn recover(&mut self) -> Result<Option<crate::resume::Recovered>, String> {
        Ok(None)
    }

    /// Every event whose seq is below `below` has reached this module, or never will (a
    /// module before it rejected it): an output records it, so that a resumed job need not
    /// process those events again.
    fn accounted(&mut self, _below: u64) {}

    /// In a custody that is restarted: whether the events this module keeps are safe only
    /// once it says so ([`Module::released`]): a restartable merger's input hands its parts
    /// to the merger's origin, and they are safe once the merged event is at its custody.
    fn holds(&self) -> bool {
        false
    }

    /// A module that [`holds`](Module::holds) its events: the input has had the acks of the
    /// seqs below `below` and of those in `decided` (ranges: first seq, count), and will
    /// never send them again (told at a restarted custody's `Resume`, and whenever the
    /// input's acknowledged floor moves).
    fn settled(&mut self, _below: u64, _decided: &[(u64, u64)]) {}

    /// A module that [`holds`](Module::holds) its events: the seqs of those it kept that
    /// became safe since it was last asked.
    fn released(&mut self) -> Vec<u64> {
        Vec::new()
    }

    /// A module that [`holds`](Module::holds) its events, in a held topology: the numbers of
    /// the runs it ended whose end became safe since it was last asked.
    fn runs_released(&mut self) -> Vec<u32> {
        Vec::new()
    }

    /// Called once at the end of the job, also after an error, so files are closed.
    fn terminate(&mut self) -> HookResult {
        Ok(())
    }

    /// The files it writes under a temporary name until `terminate`, as the user named them
    /// (`{run}` for the run number of a file per run): a process killed while it ran leaves
    /// them, and the error reporting its death names those that are there.
    fn part_files(&self) -> Vec<std::path::PathBuf> {
        Vec::new()
    }

    /// The compression of the file records it makes of every event it is given, as the event
    /// comes (a compressing `FileOutput`): first in a parallel job's output part, the workers
    /// make those records (docs/parallel.md, "Compressed output"). `None`: it makes none.
    fn record_compression(&self) -> Option<evflow_core::file::Compression> {
        None
    }
}

/// Opens a channel of the engine's segment by its name, on the segment's transport (shm or
/// ipc on one host, tcp with published addresses across hosts).
pub trait Opener {
    /// Opens `name` as `pattern`, binding or connecting.
    fn open(
        &self,
        pattern: evflow_transport::Pattern,
        name: &str,
        side: evflow_transport::Side,
    ) -> Result<evflow_transport::Channel, evflow_transport::ChannelError>;
}

/// The first step of a path: where events come from.
pub trait Source {
    /// Name shown in statistics and errors.
    fn name(&self) -> &str;

    /// Called once before the first event.
    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        Ok(())
    }

    /// How many events the source will give, when known.
    fn expected_events(&self) -> Option<u64> {
        None
    }

    /// Whether [`Source::next_event`] has something to say now (an event, or the end of
    /// data). A file or a generator always has; a live source (a merge table, a readout)
    /// may not yet, and a parallel job's input then goes on with its other duties rather
    /// than block in `next_event`.
    fn ready(&mut self) -> bool {
        true
    }

    /// In a held topology (runs started and stopped by its controller), a live source whose
    /// runs end by themselves (a merge table: when every input has ended the run) says so
    /// here, once per run, with the run's number: every event of that run has been given.
    /// Other sources' runs end when the controller stops them.
    fn end_of_run(&mut self) -> Option<u32> {
        None
    }

    /// The next event, or `None` at the end of data.
    fn next_event(&mut self) -> HookResult<Option<Event>>;

    /// A resumed job (docs/steering.md, "Resuming a job"), after `initialize` and before the
    /// first event: makes the next event the one at input position `position` (from 0), if
    /// the source can go there directly; false leaves it where it is (the job then reads
    /// and drops the events before it).
    fn seek(&mut self, _position: u64) -> HookResult<bool> {
        Ok(false)
    }

    /// What the source reads, as the job's output records it (file names, sizes,
    /// checksums, a generator's configuration): a resumed job whose source says otherwise
    /// is refused. `None`: nothing beyond the source's name.
    fn identity(&self) -> Option<serde_json::Value> {
        None
    }

    /// A source that talks on channels of its own (the event builder's manager) opens them
    /// here, once, in the parallel engine's input, before its first event.
    fn open_channels(&mut self, _open: &dyn Opener) -> Result<(), String> {
        Ok(())
    }

    /// In the parallel engine's input: every event whose seq is below `watermark` is at the
    /// custody (told whenever it moves).
    fn acknowledged(&mut self, _watermark: u64) {}

    /// In the parallel engine's input: the seq that the event just read gets, given `next`,
    /// the next seq not given yet. A restarted merger's origin gives an event made again
    /// the seq an earlier process gave it (journaled), and new events seqs above every one
    /// given before; the input goes on above whatever seq it got.
    fn sequence(&mut self, next: u64) -> HookResult<u64> {
        Ok(next)
    }

    /// The lowest seq it gave before (a restarted merger's origin: an earlier process did)
    /// and will give again: no seq from there on is at the custody for sure.
    fn owed(&self) -> Option<u64> {
        None
    }

    /// Whether an event it owes ([`Source::owed`]) is ready, in which case it gives that one
    /// next: the input reads it even with its reorder window closed, since the custody's
    /// watermark waits for it (an event made again later than new ones, after a timeout).
    fn owed_ready(&mut self) -> bool {
        false
    }

    /// In the parallel engine's input: the events of `seqs` are at the custody (each told
    /// once, by its ack), told to a merger's or funnel's origin and to the event builder's
    /// manager.
    fn delivered(&mut self, _seqs: &[u64]) {}

    /// In the parallel engine's input, in a held topology: the end of the run numbered
    /// `number` ([`Source::end_of_run`]) is at the custody, or passed over there.
    fn run_delivered(&mut self, _number: u32) {}

    /// Called once at the end of the job, also after an error.
    fn terminate(&mut self) -> HookResult {
        Ok(())
    }
}
