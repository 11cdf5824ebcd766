//! The input process: reads events, runs the input part, dispatches each event to the
//! worker with the most room, and keeps it backed up until the output has it. Worker deaths
//! (seen on the board) send its events to other workers; an event that killed workers too
//! often is a poison event (docs/parallel.md).

use crate::engine::board::Stop;
use crate::engine::board::{BoardTally, IDLE, NO_FAULT};
use crate::engine::context::{internal_error, job_end, Ctx, End};
use crate::engine::error::SendError;
use crate::engine::exit::ExitCode;
use crate::engine::net::is_not_ready;
use crate::engine::protocol::{
    decode_acks, encode_resume, Foreign, Header, Kind, Origin, Resumed, RunAt, Status, BATCH_BYTES, BATCH_EVENTS,
    WIRE_WINDOW_BYTES, WIRE_WINDOW_EVENTS,
};
use crate::engine::roles::cut::InputCuts;
use crate::engine::roles::sending::batch_message;
use crate::engine::{Hooks, Transport, DEFAULT_SEGMENT_LEN, REORDER_WINDOW};
use crate::job::{Hook, JobError, Path};
use crate::log;
use crate::stage::{Fate, Stage};
use evflow_core::file::{FileError, FileWriter, WriterOptions};
use evflow_core::wire::FrameError;
use evflow_core::{Event, Flags};
use evflow_transport::{Channel, ChannelError, Message, Part, Pattern};
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How often the input tells its acknowledged floor (`Counters::acknowledged`): a
/// restartable merger drops its journal's records below it (docs/topology-design.md, "The
/// journal is bounded").
const ACKNOWLEDGED_EVERY: Duration = Duration::from_millis(100);

/// How long the input waits for acks when it has nothing else to do, before it looks at the
/// board again (stop requests, worker deaths).
const IDLE_WAIT: Duration = Duration::from_millis(5);
/// ... and while it waits for the output to take a cut (docs/root.md, "Cuts in a parallel
/// job").
const CUT_WAIT: Duration = Duration::from_millis(1);

/// While the input reads event after event, it looks for acks and credits once in this many
/// turns: a look at an empty channel over libzmq is a system call, as costly as the rest of
/// a small event's turn. Acks wait at most this many reads; a turn that reads nothing looks.
const ACKS_EVERY_READS: u32 = 16;

/// With shm, backups may hold at most this share (1/n) of the segment's heap. With events
/// (and what workers make of them) below about a sixth of the heap, a worker then always
/// finds a free run for its result however the backups lie; larger events may not, and a
/// sender that finds no room while the output takes nothing stops the job with an error
/// (`sending::STUCK_AFTER`).
const BACKUP_SHARE: usize = 4;

/// Bytes of the heap of a segment of `size` bytes (what is left after its tables).
fn heap_bytes(size: usize) -> usize {
    let ring_capacity = evflow_shm::segment::DEFAULT_RING_CAPACITY;
    evflow_shm::layout::Layout::new(size, ring_capacity).map_or(size, |l| l.heap_pages * evflow_shm::layout::PAGE_LEN)
}

/// An event dispatched and not yet acknowledged by the output.
struct Backup {
    /// The event's frame and external entries (on shm: the blocks, one more reference).
    parts: Vec<Part>,
    /// The worker that has it, or `None` while it waits to be (re)sent.
    at: Option<Origin>,
    /// Workers it killed.
    attempts: u32,
    /// The output has a result for it from an earlier worker; drop it once `at` answers.
    done: bool,
    /// It was at a worker on another host that died with a batch: it goes alone from now
    /// on, so that a death while it is out is put on it and on no other event.
    suspect: bool,
    /// Its last dispatch carried it alone: a death of its worker before its credit came is
    /// its fault (with a batch, the worker may have died on any event of it).
    alone: bool,
}

struct Worker {
    generation: u32,
    channel: Option<Channel>,
    /// Events sent to this worker and not yet finished (credited back).
    load: usize,
    /// Bytes of their frames: the sum over `unfinished`, kept so that `takes` need not add.
    bytes: usize,
    /// Their seqs and sizes, in the order they were sent: a worker takes them in that order,
    /// so the first is the one it is busy on.
    unfinished: VecDeque<(u64, usize)>,
    /// `Retire` was sent to this generation (the controller retires its replica).
    retired: bool,
}

impl Worker {
    fn new(generation: u32) -> Worker {
        Worker { generation, channel: None, load: 0, bytes: 0, unfinished: VecDeque::new(), retired: false }
    }
}

struct Input<'c, 'a> {
    ctx: &'c Ctx<'a>,
    workers: Vec<Worker>,
    results: Channel,
    acks: Channel,
    backups: HashMap<u64, Backup>,
    /// Seqs waiting to be (re)sent, oldest first.
    pending: BTreeSet<u64>,
    quarantine: Option<FileWriter>,
    error: Option<JobError>,
    /// Bytes of the events backed up.
    backup_bytes: usize,
    /// With shm: most bytes of backups before the input stops reading, so the workers always
    /// find room in the segment for the events they change.
    backup_budget: usize,
    /// Messages on the acks channel that were no engine message (over tcp, anything on the
    /// network reaches it), dropped.
    foreign: Foreign,
    /// A custody that is restarted when it dies: the results of the input's own (rejected,
    /// poison, quarantined, abandoned events) kept until it acknowledges them, to be sent
    /// again to its next generation.
    kept: Option<BTreeMap<u64, (Status, Vec<Part>)>>,
    /// A held topology's restartable custody: the run it is in (the run going, or the last
    /// one, closed once it acknowledged its `RunEnd`), which `Resume` names.
    custody_run: Option<RunAt>,
    /// The `RunEnd` a restartable custody has not acknowledged: sent again after `Resume`.
    run_end: Option<Header>,
    /// The seqs below this one are backed up, kept or acknowledged (an event read is not
    /// until it is dispatched or its result sent), but for those a restarted merger's
    /// source owes (`Source::owed`: it gives them again).
    handed: u64,
    /// A restartable merger's or funnel's origin: the lowest seq its source owes.
    owed: Option<u64>,
    /// A restartable merger's or funnel's origin, or an event builder's manager: the seqs the
    /// custody acknowledged since its source was last told (`Source::delivered`).
    delivered: Vec<u64>,
    /// A restartable merger's or funnel's origin in a held topology: the numbers of the runs
    /// whose end is at the custody (or was there already) since its source was last told
    /// (`Source::run_delivered`).
    delivered_runs: Vec<u32>,
    /// Where the next search for a worker starts: the one after the worker sent to last, so
    /// that workers with equal room take turns.
    turn: usize,
    /// The generation of the restarted custody whose `Resumed` it answered last: the acks of
    /// an older one (sent before it died, taken after) are dropped.
    custody_generation: u32,
    /// When it last told its acknowledged floor.
    acknowledged_told: Option<Instant>,
    /// The cut it took last, and the workers it has still to tell.
    cuts: InputCuts,
}

/// Why the input stopped: each failure as the job's error names it.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// Its channels could not be opened.
    #[error("the input cannot open its channels: {0}")]
    Open(#[source] ChannelError),
    /// Its source's own channels (an event builder's manager) could not be opened.
    #[error("the input cannot open its source's channels: {0}")]
    SourceChannels(String),
    /// The channel to a worker could not be opened.
    #[error("the input cannot open the channel to worker {worker}: {source}")]
    OpenWork {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// Sending a dispatch to a worker failed.
    #[error("the input cannot send to worker {worker}: {source}")]
    SendWork {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// The acks channel failed.
    #[error("the input cannot receive acks: {0}")]
    ReceiveAcks(#[source] ChannelError),
    /// Something not an ack or a credit on the acks channel, on a transport of this host.
    #[error("the input got {what} on its acks channel")]
    Foreign {
        /// What it was.
        what: String,
    },
    /// Sending to the output failed.
    #[error("the input cannot send to the output: {0}")]
    SendOutput(#[source] ChannelError),
    /// A backed-up event could not be decoded again (a poison event on its way out).
    #[error("the input cannot read back its own event seq {seq}: {source}")]
    ReadBack {
        /// The event's seq.
        seq: u64,
        /// Why.
        #[source]
        source: FrameError,
    },
    /// The quarantine file could not be created.
    #[error("cannot create the quarantine file {}: {source}", path.display())]
    QuarantineCreate {
        /// The file.
        path: PathBuf,
        /// Why (boxed: the file's error is large).
        #[source]
        source: Box<FileError>,
    },
    /// A poison event could not be written to the quarantine file.
    #[error("cannot write to the quarantine file {}: {source}", path.display())]
    QuarantineWrite {
        /// The file.
        path: PathBuf,
        /// Why (boxed: the file's error is large).
        #[source]
        source: Box<FileError>,
    },
    /// The job was aborted while the segment was full.
    #[error("the job was aborted while the input waited for room in the segment")]
    AbortedWaitingForRoom,
    /// The job was aborted while the output took nothing.
    #[error("the job was aborted while the input sent to the output")]
    AbortedSending,
    /// An event could not be encoded (a block not allocated, a segment that stayed full).
    #[error(transparent)]
    Encode(#[from] SendError),
}

/// Runs the input: reads events, runs the input part, dispatches them to the workers.
pub fn run(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) -> End {
    let open = || -> Result<(Channel, Channel), ChannelError> {
        Ok((ctx.net.acks(Pattern::Pull)?, ctx.net.results(Pattern::Push)?))
    };
    let (acks, results) = match open() {
        Ok(c) => c,
        Err(e) => {
            internal_error(ctx, InputError::Open(e));
            ctx.board.fail();
            ctx.board.request_stop(Stop::Abort);
            return End { code: ExitCode::Internal, terminated: false };
        }
    };
    let workers =
        (0..ctx.board.workers()).map(|w| Worker::new(ctx.board.worker(w).generation.load(Ordering::Acquire))).collect();
    let mut input = Input {
        ctx,
        workers,
        results,
        acks,
        backups: HashMap::new(),
        pending: BTreeSet::new(),
        quarantine: None,
        error: None,
        backup_bytes: 0,
        backup_budget: match ctx.popts.transport {
            Transport::Shm => heap_bytes(ctx.popts.segment_size.unwrap_or(DEFAULT_SEGMENT_LEN)) / BACKUP_SHARE,
            Transport::Ipc | Transport::Tcp => usize::MAX,
        },
        foreign: Foreign::new("acks channel", ("an ack or a credit", "acks or credits")),
        kept: ctx.popts.custody.or(ctx.popts.origin).map(|_| BTreeMap::new()),
        custody_run: None,
        run_end: None,
        handed: 0,
        owed: None,
        delivered: Vec::new(),
        delivered_runs: Vec::new(),
        turn: 0,
        custody_generation: 0,
        acknowledged_told: None,
        cuts: InputCuts::default(),
    };
    let _home = crate::engine::frames::make_home(&input.results);
    let mut stage = ctx.stage(&mut path.modules[..ctx.parts.input], 1);
    let outcome = path
        .source
        .open_channels(ctx.net)
        .map_err(InputError::SourceChannels)
        .and_then(|()| (0..input.workers.len()).try_for_each(|w| input.open_work(w)))
        .and_then(|()| input.pump(&mut *path.source, &mut stage, hooks));
    let mut errors = stage.finish(&job_end(ctx, input.error.as_ref()));
    if let Err(e) = path.source.terminate() {
        errors.push(source_error(ctx, Hook::Terminate, None, e));
    }
    input.foreign.report(&ctx.name());
    if let Some(writer) = input.quarantine.take() {
        if let Err(e) = writer.close() {
            log::error!("cannot close the quarantine file: {e}");
        }
    }
    let mut code = match outcome {
        Ok(()) => ExitCode::Ok,
        // Whatever was cut short by an abort is listed by the output.
        Err(_) if ctx.board.stop() == Stop::Abort => ExitCode::Ok,
        Err(message) => {
            internal_error(ctx, message);
            ctx.board.fail();
            ctx.board.request_stop(Stop::Abort);
            ExitCode::Internal
        }
    };
    for e in input.error.iter().chain(&errors) {
        ctx.record(e);
        code = code.max(ExitCode::JobError);
    }
    End { code, terminated: true }
}

/// Follows a held topology's runs on the board: the next run once the controller started it,
/// and whether it still reads (not once asked to stop, nor when the job stops).
fn follow_runs(board: &crate::engine::board::Board, run: &mut Option<(u32, u32)>, open: &mut bool) {
    let runs = board.runs();
    if run.is_none() && board.stop() == Stop::Run {
        let next = runs.drained.load(Ordering::Acquire) + 1;
        if runs.started.load(Ordering::Acquire) >= next {
            *run = Some((next, runs.number.load(Ordering::Acquire)));
            *open = true;
        }
    }
    if let Some((index, _)) = *run {
        if runs.stopping.load(Ordering::Acquire) >= index || board.stop() != Stop::Run {
            *open = false;
        }
    }
}

/// Whether the end of a run that is not the one served (`run`) is that of a run closed at
/// the custody already: once a view has said which runs are started and done, the run
/// served is the first one the custody has not closed, or every run started is done.
fn passed_over(board: &crate::engine::board::Board, run: Option<(u32, u32)>) -> bool {
    let runs = board.runs();
    let done = runs.started.load(Ordering::Acquire) <= runs.drained.load(Ordering::Acquire);
    runs.viewed.load(Ordering::Acquire) != 0 && (run.is_some() || done)
}

pub(super) fn source_error(
    ctx: &Ctx<'_>,
    hook: Hook,
    last: Option<(u32, u64)>,
    error: crate::module::ModuleError,
) -> JobError {
    JobError {
        module: ctx.names[0].clone(),
        is_source: true,
        hook,
        run: last.map(|l| l.0),
        event: last.map(|l| l.1),
        error,
    }
}

impl Input<'_, '_> {
    /// The main loop; `Err` is an engine failure (a channel that broke).
    fn pump(
        &mut self,
        source: &mut dyn crate::module::Source,
        stage: &mut Stage<'_, BoardTally<'_>>,
        hooks: &mut dyn Hooks,
    ) -> Result<(), InputError> {
        let board = self.ctx.board;
        let max_events = self.ctx.opts.max_events;
        let ordered = self.ctx.popts.ordered;
        let mut reading = true;
        let mut last = None;
        let mut seq = 0u64;
        let resume = self.ctx.opts.resume.as_deref();
        if let Some(plan) = resume {
            // A resumed job goes on where its outputs' accounting ends.
            seq = match crate::resume::seek(source, plan.start) {
                Ok(position) => position,
                Err(e) => {
                    self.stop_with(source_error(self.ctx, Hook::Read, None, e));
                    reading = false;
                    0
                }
            };
            board.counters().passed_over.store(seq, Ordering::Release);
            board.counters().read.store(seq, Ordering::Release);
            self.handed = seq;
        }
        // A held topology reads only during the runs its controller starts: the run being
        // served (index, number), and whether it still reads.
        let held = board.runs().held.load(Ordering::Acquire) != 0;
        let mut run: Option<(u32, u32)> = None;
        let mut run_open = false;
        // The number of a run whose end its source gave (a merger's: every input ended the
        // run), until it is taken.
        let mut ending: Option<u32> = None;
        // The last turn read an event: what it read may wait for the next ones.
        let mut filling = false;
        // Turns that read an event since acks were last looked for.
        let mut reads_without_acks = 0u32;
        loop {
            match board.stop() {
                Stop::Abort => return Ok(()),
                Stop::Drain => reading = false,
                Stop::Run => {}
            }
            if held {
                follow_runs(board, &mut run, &mut run_open);
                self.follow_custody_run(run, seq);
                // A source whose runs end by themselves (a merger's) ends this one.
                ending = ending.or_else(|| source.end_of_run());
                if let Some(number) = ending {
                    if run.is_some_and(|(_, served)| served == number) {
                        run_open = false;
                        ending = None;
                    } else if self.ctx.popts.origin.is_some_and(|g| g > 0) && passed_over(board, run) {
                        // The end of a run closed at the custody already, made again by a
                        // restarted merger (docs/topology-design.md, "In a held topology").
                        self.delivered_runs.push(number);
                        ending = None;
                    }
                }
            }
            self.check_workers()?;
            self.retire_idle();
            if board.failed() {
                self.abandon_pending()?;
            }
            let mut progressed = false;
            if !filling || reads_without_acks >= ACKS_EVERY_READS {
                reads_without_acks = 0;
                progressed = self.take_acks(Some(Duration::ZERO))?;
            }
            if !self.delivered.is_empty() {
                source.delivered(&self.delivered);
                self.delivered.clear();
            }
            if self.ctx.popts.origin.is_some() {
                for number in self.delivered_runs.drain(..) {
                    source.run_delivered(number);
                }
                self.owed = source.owed();
            }
            self.tell_acknowledged();
            // Events read a moment ago wait while more can be read at once, so that they go
            // in one batch (docs/parallel.md, "Batches of small events on the wire").
            if !std::mem::take(&mut filling) || self.pending.len() >= self.read_ahead() {
                progressed |= self.dispatch_pending()?;
            }
            let room = self.has_room() && (self.backup_bytes < self.backup_budget || self.backups.is_empty());
            // An ordered custody holds what is above its watermark: the input reads at most a
            // window ahead of it, but for an event its source owes, which the watermark may be
            // waiting for (a restarted merger's, made again after new ones).
            let window_open = !ordered || seq < board.counters().watermark.load(Ordering::Acquire) + REORDER_WINDOW;
            // A restarted merger's origin reads what it owes also outside a run: events of a
            // run closed downstream already, made again, which the custody drops.
            let serving = if held {
                ending.is_none() && (run_open || self.owed.is_some())
            } else {
                board.runs().one_run_started()
            };
            if reading && self.pending.is_empty() {
                // Every event read is at a worker: a cut the output asked for is taken here.
                self.cuts.take(self.ctx, hooks, seq, self.workers.len());
            }
            self.tell_cut()?;
            if reading
                && serving
                && !self.cuts.waiting(self.ctx)
                && room
                && self.pending.len() < self.read_ahead()
                && (window_open || (self.owed.is_some() && source.owed_ready()))
            {
                if max_events.is_some_and(|max| seq >= max) {
                    reading = false;
                    continue;
                }
                source.acknowledged(board.counters().watermark.load(Ordering::Acquire));
                if !source.ready() {
                    // A live source with nothing yet: what was read goes, and acks are looked
                    // at meanwhile, then again.
                    progressed |= self.dispatch_pending()?;
                    if !progressed {
                        self.take_acks(Some(IDLE_WAIT))?;
                    }
                    continue;
                }
                let mut event = match stage.read(source) {
                    Ok(Some(event)) => event,
                    Ok(None) => {
                        reading = false;
                        continue;
                    }
                    Err(e) => {
                        self.stop_with(source_error(self.ctx, Hook::Read, last, e));
                        reading = false;
                        continue;
                    }
                };
                if let Some((_, number)) = run.filter(|_| run_open) {
                    event.meta.run = number;
                }
                last = Some((event.meta.run, event.meta.event));
                event.meta.seq = match source.sequence(seq) {
                    Ok(given) => given,
                    Err(e) => {
                        self.stop_with(source_error(self.ctx, Hook::Read, last, e));
                        reading = false;
                        continue;
                    }
                };
                // Above every seq given: a restarted merger's source gives some again.
                seq = seq.max(event.meta.seq + 1);
                if resume.is_some_and(|plan| plan.accounted(event.meta.seq)) {
                    // Every output has it already: the output counts it as done.
                    board.counters().passed_over.fetch_add(1, Ordering::AcqRel);
                    board.counters().read.store(seq, Ordering::Release);
                    stage.accounted(seq);
                    self.handed = seq;
                    continue;
                }
                board.counters().read.store(seq, Ordering::Release);
                match stage.event(&mut event) {
                    Fate::Keep => self.dispatch_new(&event)?,
                    Fate::Reject => self.send_result(event.meta.seq, Status::Rejected, Vec::new())?,
                    Fate::Stop(e) => {
                        self.send_result(event.meta.seq, Status::Abandoned, Vec::new())?;
                        self.stop_with(e);
                        reading = false;
                    }
                }
                if self.error.is_none() {
                    stage.accounted(seq);
                }
                self.handed = seq;
                filling = true;
                reads_without_acks += 1;
                continue;
            }
            // Nothing more is read now: what was read goes.
            progressed |= self.dispatch_pending()?;
            if let Some((index, number)) = run.filter(|_| !run_open) {
                if self.backups.is_empty() && self.pending.is_empty() {
                    // Every event of the run is at the custody: it may end the run there.
                    let origin = Origin { worker: 0, generation: index };
                    let header = Header { origin, attempt: number, ..Header::new(Kind::RunEnd, seq) };
                    self.send(header.encode().to_vec(), Vec::new())?;
                    if self.kept.is_some() {
                        self.run_end = Some(header);
                    } else if self.ctx.popts.origin.is_some() {
                        // A custody that is not restarted: its death stops the topology.
                        self.delivered_runs.push(number);
                    }
                    if let Some(e) = stage.end_run().into_iter().next() {
                        self.stop_with(e);
                    }
                    board.runs().drained.store(index, Ordering::Release);
                    run = None;
                    continue;
                }
            }
            let over = if held { board.stop() != Stop::Run && run.is_none() } else { !reading };
            let custody_has_all = self.kept.as_ref().is_none_or(BTreeMap::is_empty) && self.run_end.is_none();
            if over && self.backups.is_empty() && custody_has_all {
                board.counters().read.store(seq, Ordering::Release);
                self.send(Header::new(Kind::End, seq).encode().to_vec(), Vec::new())?;
                board.end_of_data();
                self.tell_workers_the_end(seq);
                return Ok(());
            }
            if !progressed {
                // A cut's end comes on the board, not on a channel: looked at often.
                let wait = if self.cuts.waiting(self.ctx) { CUT_WAIT } else { IDLE_WAIT };
                self.take_acks(Some(wait))?;
            }
        }
    }

    /// Tells every worker the data ended, so that it ends now instead of at its next poll
    /// of the board; a worker whose queue is full, or not connected, finds out by the poll.
    fn tell_workers_the_end(&mut self, seq: u64) {
        let end = Message::new(vec![Part::from(Header::new(Kind::End, seq).encode().to_vec())]);
        for worker in &mut self.workers {
            if let Some(channel) = worker.channel.as_mut() {
                let _ = channel.send(&end, Some(Duration::ZERO));
            }
        }
    }

    /// The job is stopping on an error: events not at a worker are given up on.
    fn abandon_pending(&mut self) -> Result<(), InputError> {
        while let Some(seq) = self.pending.pop_first() {
            self.drop_backup(&seq);
            self.send_result(seq, Status::Abandoned, Vec::new())?;
        }
        Ok(())
    }

    /// Forgets a backup (acknowledged, given up on, or sent elsewhere as poison).
    fn drop_backup(&mut self, seq: &u64) -> Option<Backup> {
        let backup = self.backups.remove(seq)?;
        self.backup_bytes -= crate::engine::frames::len(&backup.parts);
        Some(backup)
    }

    fn stop_with(&mut self, error: JobError) {
        self.ctx.board.fail();
        self.error.get_or_insert(error);
    }

    fn has_room(&self) -> bool {
        if self.workers.is_empty() {
            // A direct segment: events go straight to the custody, as fast as it takes them.
            return true;
        }
        (0..self.workers.len()).any(|w| self.ready(w) && self.takes(w, 0, 0))
    }

    /// Whether worker `w` is running and takes events (as far as the board says).
    fn ready(&self, w: usize) -> bool {
        let slot = self.ctx.board.worker(w);
        slot.pid.load(Ordering::Acquire) != 0
            && slot.generation.load(Ordering::Acquire) == self.workers[w].generation
            && slot.retire.load(Ordering::Acquire) == 0
    }

    /// Sends `Retire` to each worker the controller retires once it holds none of this
    /// input's events (docs/topology-design.md, "Removing a replica"): it came after every
    /// dispatch, so the worker has finished them all when it takes it. A lane with no room
    /// now is tried again at the next turn.
    fn retire_idle(&mut self) {
        for w in 0..self.workers.len() {
            let worker = &mut self.workers[w];
            let slot = self.ctx.board.worker(w);
            if worker.retired || worker.load > 0 || slot.retire.load(Ordering::Acquire) == 0 {
                continue;
            }
            let Some(channel) = worker.channel.as_mut() else { continue };
            let origin = Origin { worker: w as u32, generation: worker.generation };
            let retire = Header { origin, ..Header::new(Kind::Retire, 0) };
            if channel.send(&Message::single(retire.encode().to_vec()), Some(Duration::ZERO)).is_ok() {
                worker.retired = true;
            }
        }
    }

    /// Tells the workers of the cut the input took (docs/root.md, "Cuts in a parallel job"),
    /// after the events it sent them.
    fn tell_cut(&mut self) -> Result<(), InputError> {
        let workers = &mut self.workers;
        let told = self.cuts.tell(self.ctx, |w, cut| match workers[w].channel.as_mut() {
            Some(channel) => channel.send(cut, Some(Duration::ZERO)),
            None => Err(ChannelError::PeerGone { channel: format!("work-{w}"), detail: "not open yet".into() }),
        });
        told.map_err(|(w, source)| InputError::SendWork { worker: w + 1, source })
    }

    /// Sees slots the controller added and worker deaths on the board, and re-sends (or
    /// gives up on) the dead workers' events.
    fn check_workers(&mut self) -> Result<(), InputError> {
        while self.workers.len() < self.ctx.board.workers() {
            let w = self.workers.len();
            self.workers.push(Worker::new(self.ctx.board.worker(w).generation.load(Ordering::Acquire)));
        }
        for w in 0..self.workers.len() {
            let slot = self.ctx.board.worker(w);
            let generation = slot.generation.load(Ordering::Acquire);
            if generation == self.workers[w].generation {
                continue;
            }
            // The monitor saw a forked worker's busy seq; for a worker on another host, the
            // controller only hears it every heartbeat, so the input's own account is better:
            // the oldest event sent to it that it neither credited nor got to the output (a
            // credit sent just before dying may be lost with the process).
            let died_on = match self.ctx.net.remote {
                None => slot.died_on.load(Ordering::Acquire),
                Some(_) if slot.died_on.load(Ordering::Acquire) == NO_FAULT => IDLE,
                Some(_) => {
                    let open = |s: &&u64| self.backups.get(s).is_some_and(|b| !b.done);
                    let oldest = self.workers[w].unfinished.iter().map(|(s, _)| s).find(open).copied();
                    // Sent in a batch, the worker may have died on any of its events: none is
                    // counted, and each goes alone next (docs/parallel.md).
                    oldest.filter(|s| self.backups[s].alone).unwrap_or(IDLE)
                }
            };
            let old = Origin { worker: w as u32, generation: self.workers[w].generation };
            self.workers[w] = Worker::new(generation);
            // A cut waiting for the dead worker's objects is given up (its events go again).
            self.cuts.give_up(self.ctx);
            slot.queued.store(0, Ordering::Relaxed);
            let mut lost: Vec<u64> = self.backups.iter().filter(|(_, b)| b.at == Some(old)).map(|(&s, _)| s).collect();
            lost.sort_unstable();
            let batched = self.batch() > 1;
            for seq in lost {
                let backup = self.backups.get_mut(&seq).expect("listed above");
                backup.at = None;
                backup.suspect |= batched;
                if backup.done {
                    self.drop_backup(&seq);
                    continue;
                }
                if self.ctx.board.failed() {
                    self.drop_backup(&seq);
                    self.send_result(seq, Status::Abandoned, Vec::new())?;
                    continue;
                }
                if seq == died_on {
                    backup.attempts += 1;
                    if backup.attempts > self.ctx.popts.max_retries {
                        self.poison(seq)?;
                        continue;
                    }
                    self.ctx.board.counters().retried.fetch_add(1, Ordering::Relaxed);
                }
                self.pending.insert(seq);
            }
        }
        // A lane for every slot that takes events (one added, one taken again), bound before
        // its replica connects.
        for w in 0..self.workers.len() {
            if self.ctx.board.worker(w).retire.load(Ordering::Acquire) == 0 {
                self.open_work(w)?;
            }
        }
        Ok(())
    }

    /// An event that killed workers `max_retries + 1` times: to the output flagged failed, or
    /// to the quarantine file.
    fn poison(&mut self, seq: u64) -> Result<(), InputError> {
        let backup = self.drop_backup(&seq).expect("poison events are backed up");
        let mut event =
            crate::engine::frames::decode(&backup.parts).map_err(|source| InputError::ReadBack { seq, source })?;
        event.meta.flags.insert(Flags::FAILED);
        event.meta.flags.insert(Flags::RETRIED);
        let (run, number, attempts) = (event.meta.run, event.meta.event, backup.attempts);
        if let Some(path) = self.ctx.popts.quarantine.clone() {
            log::warn!(
                "run {run} event {number} killed {attempts} workers: written to the quarantine file {}",
                path.display()
            );
            if self.quarantine.is_none() {
                let writer = FileWriter::create(&path, WriterOptions::default())
                    .map_err(|source| InputError::QuarantineCreate { path: path.clone(), source: Box::new(source) })?;
                self.quarantine = Some(writer);
            }
            let writer = self.quarantine.as_mut().expect("created above");
            let written = writer.write(&event).and_then(|()| writer.flush());
            written.map_err(|source| InputError::QuarantineWrite { path, source: Box::new(source) })?;
            return self.send_result(seq, Status::Quarantined, Vec::new());
        }
        log::warn!("run {run} event {number} killed {attempts} workers: it is written out flagged failed");
        let parts = self.encode(&event)?;
        self.send_result(seq, Status::Poison, parts)
    }

    /// Encodes an event into message parts; while the segment is full, takes acks
    /// (releasing backups, which is what frees the segment).
    fn encode(&mut self, event: &Event) -> Result<Vec<Part>, InputError> {
        let mut wait = crate::engine::roles::sending::RoomWait::new(self.ctx.board);
        loop {
            if let Some(parts) =
                crate::engine::frames::try_encode(&self.results, event, crate::engine::roles::sending::POLL)?
            {
                return Ok(parts);
            }
            if self.ctx.board.stop() == Stop::Abort || self.ctx.monitor_gone() {
                return Err(InputError::AbortedWaitingForRoom);
            }
            self.take_acks(Some(Duration::ZERO))?;
            wait.check(self.ctx.board, event)?;
        }
    }

    fn dispatch_new(&mut self, event: &Event) -> Result<(), InputError> {
        let parts = self.encode(event)?;
        let seq = event.meta.seq;
        if self.workers.is_empty() {
            // A direct segment: no worker can die with the event, so nothing is backed up;
            // the custody's death stops the topology.
            return self.send_result(seq, Status::Processed, parts);
        }
        self.backup_bytes += crate::engine::frames::len(&parts);
        self.backups.insert(seq, Backup { parts, at: None, attempts: 0, done: false, suspect: false, alone: false });
        self.pending.insert(seq);
        if self.pending.len() >= self.read_ahead() {
            self.dispatch_pending()?;
        }
        Ok(())
    }

    /// Opens the channel to worker `w`'s current generation, if it is not open yet. Done as
    /// soon as a generation is known, so the worker finds it bound when it connects.
    fn open_work(&mut self, w: usize) -> Result<(), InputError> {
        if self.workers[w].channel.is_none() {
            let channel = self.ctx.net.work(w, self.workers[w].generation, Pattern::Push);
            let channel = channel.map_err(|source| InputError::OpenWork { worker: w + 1, source })?;
            self.workers[w].channel = Some(channel);
        }
        Ok(())
    }

    /// Sends waiting events to workers with room, each to the one with the most room, taking
    /// turns among equals (every idle worker gets events, a replica just added too); true if
    /// any went. With batches on the wire a worker is sent as many of the oldest waiting
    /// events as it has room for in one message, up to a batch ([`BATCH_BYTES`] of them at
    /// most, its first whatever its size); a suspect goes alone.
    fn dispatch_pending(&mut self) -> Result<bool, InputError> {
        if self.pending.is_empty() {
            return Ok(false);
        }
        let mut sent = false;
        let n = self.workers.len();
        let mut skip = vec![false; n];
        while !self.pending.is_empty() {
            let best = (0..n)
                .map(|i| (self.turn + i) % n)
                .filter(|&w| !skip[w] && self.ready(w) && self.takes(w, 0, 0))
                .min_by_key(|&w| self.workers[w].load);
            let Some(w) = best else { break };
            let mut seqs: Vec<(u64, usize)> = Vec::new();
            let mut bytes = 0;
            for &seq in &self.pending {
                let backup = &self.backups[&seq];
                let len = crate::engine::frames::len(&backup.parts);
                let more = !seqs.is_empty();
                if more && (seqs.len() == self.batch() || bytes + len > BATCH_BYTES || backup.suspect) {
                    break;
                }
                if more && !self.takes(w, seqs.len(), bytes) {
                    break;
                }
                seqs.push((seq, len));
                bytes += len;
                if backup.suspect {
                    break;
                }
            }
            let generation = self.workers[w].generation;
            let origin = Origin { worker: w as u32, generation };
            let message = if let [(seq, _)] = seqs[..] {
                let backup = &self.backups[&seq];
                let header = Header { origin, attempt: backup.attempts, ..Header::new(Kind::Dispatch, seq) };
                let mut parts = vec![Part::from(header.encode().to_vec())];
                parts.extend(backup.parts.iter().cloned());
                Message::new(parts)
            } else {
                let events = seqs.iter().map(|&(seq, _)| {
                    let backup = &self.backups[&seq];
                    (seq, backup.attempts, backup.parts.clone())
                });
                batch_message(Kind::Dispatches, origin, events.collect())
            };
            self.open_work(w)?;
            let channel = self.workers[w].channel.as_mut().expect("opened above");
            match channel.send(&message, Some(Duration::ZERO)) {
                Ok(()) => {
                    let alone = seqs.len() == 1;
                    for (seq, len) in seqs {
                        self.pending.remove(&seq);
                        let backup = self.backups.get_mut(&seq).expect("pending events are backed up");
                        backup.at = Some(origin);
                        backup.alone = alone;
                        let worker = &mut self.workers[w];
                        worker.load += 1;
                        worker.bytes += len;
                        worker.unfinished.push_back((seq, len));
                    }
                    self.ctx.board.worker(w).queued.store(self.workers[w].load as u64, Ordering::Relaxed);
                    self.turn = w + 1;
                    sent = true;
                }
                // Not connected yet, or its queue is full: try another worker.
                Err(e) if is_not_ready(&e) => skip[w] = true,
                Err(source) => return Err(InputError::SendWork { worker: w + 1, source }),
            }
        }
        Ok(sent)
    }

    /// Whether worker `w` has room for one more event, beyond `events` events of `bytes`
    /// bytes about to be sent it: at most `worker_queue` events and, where events go in
    /// batches, more than [`WIRE_WINDOW_EVENTS`] only while they take less than
    /// [`WIRE_WINDOW_BYTES`] (small events fill the queue, large ones are held as they were
    /// one by one).
    fn takes(&self, w: usize, events: usize, bytes: usize) -> bool {
        let worker = &self.workers[w];
        let load = worker.load + events;
        let window = self.batch() > 1 && load >= WIRE_WINDOW_EVENTS && worker.bytes + bytes >= WIRE_WINDOW_BYTES;
        load < self.ctx.popts.worker_queue && !window
    }

    /// Most events one message to a worker holds.
    fn batch(&self) -> usize {
        self.ctx.popts.wire_batch.clamp(1, BATCH_EVENTS)
    }

    /// Events the input holds read and not yet sent before it sends them: with batches on
    /// the wire, as many as the workers have room for (at most a batch), so that they go
    /// together; else one, sent at once.
    fn read_ahead(&self) -> usize {
        if self.batch() == 1 || self.workers.is_empty() {
            return 1;
        }
        let (queue, batch) = (self.ctx.popts.worker_queue, self.batch());
        let mut free = 0;
        // Looks at workers only until they have room for a batch: with many, most turns
        // look at one or two.
        for w in (0..self.workers.len()).filter(|&w| self.ready(w) && self.takes(w, 0, 0)) {
            free += queue.saturating_sub(self.workers[w].load);
            if free >= batch {
                return batch;
            }
        }
        free.max(1)
    }

    /// Receives acks (waiting up to `timeout`); true if any arrived.
    fn take_acks(&mut self, timeout: Option<Duration>) -> Result<bool, InputError> {
        let mut any = false;
        let mut timeout = timeout;
        loop {
            let message = match self.acks.recv(timeout) {
                Ok(m) => m,
                Err(e) if e.is_timeout() => return Ok(any),
                Err(e) => return Err(InputError::ReceiveAcks(e)),
            };
            timeout = Some(Duration::ZERO);
            any = true;
            let bytes = message.parts.first().map(Part::as_slice).unwrap_or_default();
            let header = match Header::decode(bytes) {
                Ok(h) if matches!(h.kind, Kind::Credit | Kind::Acks) => h,
                Ok(h) if h.kind == Kind::Resumed && self.kept.is_some() => {
                    self.custody_generation = self.custody_generation.max(h.origin.generation);
                    self.resume_custody(h.origin.generation)?;
                    continue;
                }
                Ok(h) => {
                    self.drop_foreign(message.peer.as_deref(), format!("a {:?} message", h.kind))?;
                    continue;
                }
                Err(e) => {
                    self.drop_foreign(message.peer.as_deref(), e.to_string())?;
                    continue;
                }
            };
            if header.kind == Kind::Credit {
                // A credit of a dead worker's generation is void: its successor starts empty.
                let origin = header.origin;
                if let Some(worker) = self.workers.get_mut(origin.worker as usize) {
                    if worker.generation == origin.generation {
                        worker.load = worker.load.saturating_sub(header.attempt.max(1) as usize);
                        let queued = &self.ctx.board.worker(origin.worker as usize).queued;
                        queued.store(worker.load as u64, Ordering::Relaxed);
                        // A worker takes its events in the order they were sent: every one
                        // sent before the last it finished is finished too.
                        if let Some(at) = worker.unfinished.iter().position(|&(s, _)| s == header.seq) {
                            let finished: usize = worker.unfinished.drain(..=at).map(|(_, len)| len).sum();
                            worker.bytes = worker.bytes.saturating_sub(finished);
                        }
                    }
                }
                continue;
            }
            let (watermark, acks) = match decode_acks(bytes, &header) {
                Ok(decoded) => decoded,
                Err(e) => {
                    self.drop_foreign(message.peer.as_deref(), e.to_string())?;
                    continue;
                }
            };
            if header.origin.generation < self.custody_generation {
                // A dead custody's: what it acknowledged was sent again, and its successor
                // acknowledges it; counted now, it would move the floor past a part sent again.
                continue;
            }
            // The same value the output stores on the board, for an output in another place.
            self.ctx.board.counters().watermark.fetch_max(watermark, Ordering::AcqRel);
            let chained = self.ctx.popts.origin.is_some();
            // A merger's origin journals what is delivered; the event builder's manager lets
            // the readouts drop the batches at the custody (docs/eventbuilding.md, "Memory").
            let tells = chained || self.ctx.popts.event_building.is_some();
            for ack in acks {
                if ack.origin.worker == Origin::RUN {
                    // The custody closed the run: it will not need its end again.
                    if let Some(end) = self.run_end.filter(|h| h.origin.generation == ack.origin.generation) {
                        self.run_end = None;
                        if let Some(run) = self.custody_run.as_mut() {
                            run.closed = true;
                        }
                        if chained {
                            self.delivered_runs.push(end.attempt);
                        }
                    }
                    continue;
                }
                if ack.origin.worker == Origin::INPUT {
                    let acknowledged = self.kept.as_mut().and_then(|kept| kept.remove(&ack.seq));
                    if acknowledged.is_some() && tells {
                        self.delivered.push(ack.seq);
                    }
                    continue;
                }
                let Some(backup) = self.backups.get_mut(&ack.seq) else { continue };
                if !backup.done && tells {
                    self.delivered.push(ack.seq);
                }
                if backup.at == Some(ack.origin) {
                    self.drop_backup(&ack.seq);
                    self.pending.remove(&ack.seq);
                } else if backup.at.is_none() {
                    // Waiting to be re-sent, and an earlier worker's result made it after all.
                    self.drop_backup(&ack.seq);
                    self.pending.remove(&ack.seq);
                } else {
                    backup.done = true;
                }
            }
        }
    }

    /// A message on the acks channel that is no engine message: over tcp it is dropped,
    /// counted and logged once (anything on the network can send it); on this host's
    /// transports it is a bug, and the error.
    fn drop_foreign(&mut self, peer: Option<&str>, what: String) -> Result<(), InputError> {
        if self.ctx.popts.transport != Transport::Tcp {
            return Err(InputError::Foreign { what });
        }
        self.foreign.drop(&self.ctx.name(), peer, &what);
        Ok(())
    }

    fn send_result(&mut self, seq: u64, status: Status, event: Vec<Part>) -> Result<(), InputError> {
        if let Some(kept) = self.kept.as_mut() {
            kept.insert(seq, (status, event.clone()));
        }
        self.send_own(seq, status, event)
    }

    /// Sends the custody a result of the input's own.
    fn send_own(&mut self, seq: u64, status: Status, event: Vec<Part>) -> Result<(), InputError> {
        let header = Header::result(seq, status, Origin { worker: Origin::INPUT, generation: 0 });
        self.send(header.encode().to_vec(), event)
    }

    /// Tells the board the input's acknowledged floor, the `below` a `Resume` would name now,
    /// at most every [`ACKNOWLEDGED_EVERY`].
    fn tell_acknowledged(&mut self) {
        if self.acknowledged_told.is_some_and(|t| t.elapsed() < ACKNOWLEDGED_EVERY) {
            return;
        }
        self.acknowledged_told = Some(Instant::now());
        let counters = self.ctx.board.counters();
        let decided = counters.watermark.load(Ordering::Acquire);
        let kept = self.kept.iter().filter_map(|kept| kept.keys().next());
        let first = self.backups.keys().chain(kept).min().copied();
        counters.acknowledged.store(Resumed::below(self.handed, self.owed, decided, first), Ordering::Release);
    }

    /// The custody was restarted (its generation `generation` says so, on the acks channel):
    /// it is told below which seq everything was acknowledged, gets the input's own results
    /// again, and every event at a worker is sent again (its result may have been lost with
    /// the custody; a copy that arrives anyway is a duplicate it drops).
    fn resume_custody(&mut self, generation: u32) -> Result<(), InputError> {
        let decided = self.ctx.board.counters().watermark.load(Ordering::Acquire);
        let kept = self.kept.iter().flat_map(BTreeMap::keys);
        let outstanding: BTreeSet<u64> = self.backups.keys().chain(kept).copied().collect();
        let (below, ranges) = Resumed::point(self.handed, self.owed, decided, &outstanding);
        log::info!(
            "{}: its custody was restarted (generation {generation}): everything below seq {below} was acknowledged; \
             sending the rest again",
            self.ctx.name()
        );
        let resumed = Resumed { run: self.custody_run, decided: ranges };
        let mut resume = encode_resume(below, &resumed);
        let header = resume.remove(0);
        self.send(header, resume.into_iter().map(Part::from).collect())?;
        let again: Vec<(u64, Status, Vec<Part>)> =
            self.kept.iter().flatten().map(|(&seq, (status, event))| (seq, *status, event.clone())).collect();
        for (seq, status, event) in again {
            self.send_own(seq, status, event)?;
        }
        if let Some(run_end) = self.run_end {
            // After the run's last results: the custody closes the run as it would have.
            self.send(run_end.encode().to_vec(), Vec::new())?;
        }
        for (&seq, backup) in &mut self.backups {
            if backup.at.take().is_some() {
                self.pending.insert(seq);
            }
        }
        Ok(())
    }

    /// A held topology's restartable custody enters the run the input serves from `seq` on,
    /// once it starts: the controller starts a run only once every sink closed the last one,
    /// whose `RunEnd` is then needed no more.
    fn follow_custody_run(&mut self, run: Option<(u32, u32)>, seq: u64) {
        let Some((index, number)) = run.filter(|_| self.kept.is_some()) else { return };
        if self.custody_run.is_none_or(|r| r.index != index) {
            self.custody_run = Some(RunAt { index, number, start: seq, closed: false });
            if let Some(end) = self.run_end.take().filter(|_| self.ctx.popts.origin.is_some()) {
                self.delivered_runs.push(end.attempt);
            }
        }
    }

    /// Sends to the output, taking acks meanwhile so the two can never wait on each other.
    fn send(&mut self, header: Vec<u8>, event: Vec<Part>) -> Result<(), InputError> {
        let mut parts = vec![Part::from(header)];
        parts.extend(event);
        let message = Message::new(parts);
        loop {
            match self.results.send(&message, Some(IDLE_WAIT)) {
                Ok(()) => return Ok(()),
                Err(e) if is_not_ready(&e) => {
                    if self.ctx.board.stop() == Stop::Abort || self.ctx.monitor_gone() {
                        return Err(InputError::AbortedSending);
                    }
                    self.take_acks(Some(Duration::ZERO))?;
                }
                Err(e) => return Err(InputError::SendOutput(e)),
            }
        }
    }
}
