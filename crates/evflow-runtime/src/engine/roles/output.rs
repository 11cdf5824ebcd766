//! The output process: takes results into custody (acknowledging them to the input), drops
//! the ones it already has (exactly once), runs the output part on kept events, in input
//! order with `ordered`, and closes its files cleanly on every way out.
//!
//! A custody that is restarted when it dies (`ParallelOptions::custody`) acknowledges an
//! event only once it is decided and its modules have checkpointed (a file's records are
//! then the OS's); a restarted one continues its files, tells the input (`Resumed`), and
//! takes what it missed from the input's `Resume` on (docs/topology-design.md, "Custodies
//! that are restarted").

use crate::engine::board::Stop;
use crate::engine::board::{BoardTally, RESUMED_EVERY_RUN, RESUMED_ITS_RUN};
use crate::engine::context::{internal_error, job_end, terminated, Ctx, End};
use crate::engine::error::MessageError;
use crate::engine::exit::ExitCode;
use crate::engine::frames::{self, ResultError};
use crate::engine::net::is_not_ready;
use crate::engine::protocol::{
    decode_resume, encode_acks, Ack, BatchIndex, Foreign, Header, Kind, Origin, ProtocolError, Resumed, Status,
};
use crate::engine::roles::cut::OutputCuts;
use crate::engine::roles::eventbuilding::BuiltIndex;
use crate::engine::Hooks;
use crate::job::{JobError, Path};
use crate::log;
use crate::stage::{Fate, Stage};
use evflow_core::wire::FrameError;
use evflow_core::Flags;
use evflow_transport::{Channel, ChannelError, Message, Part, Pattern};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long the output waits for results before it looks at the board again.
const POLL: Duration = Duration::from_millis(20);
/// How long it waits for results while a cut is asked (docs/root.md, "Cuts in a parallel
/// job"): the pipeline drains meanwhile, and the input waits for the cut.
const CUT_POLL: Duration = Duration::from_millis(1);
/// Acks sent in one message at most; fewer when no result is waiting.
const ACK_BATCH: usize = 64;
/// With a bridge, how often the output looks at the origin's own channel while it waits on
/// the workers' (the origin sends there rarely: its rejected and poison events, `End`).
const ORIGIN_SLICE: Duration = Duration::from_millis(2);
/// A restartable custody checkpoints (and sends the acks held until then) at least this
/// often while results keep coming; at once whenever none is waiting.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);
/// ... or when this many acks wait.
const CHECKPOINT_ACKS: usize = 4096;
/// How often a restarted custody tells the input again that it waits for its `Resume`.
const RESUMED_AGAIN: Duration = Duration::from_secs(1);

/// Which seqs are done: all below `watermark`, and those in `above`.
#[derive(Default)]
struct Done {
    watermark: u64,
    above: HashSet<u64>,
}

impl Done {
    fn contains(&self, seq: u64) -> bool {
        seq < self.watermark || self.above.contains(&seq)
    }

    fn insert(&mut self, seq: u64) {
        self.above.insert(seq);
        self.advance();
    }

    /// Moves the watermark over the seqs above it that are done.
    fn advance(&mut self) {
        while self.above.remove(&self.watermark) {
            self.watermark += 1;
        }
    }
}

/// Where a restarted custody takes up, from its input's `Resume` (`below`, `resumed`) and
/// the seqs its continued files hold (`written`): the first seq it waits for (`below`), the
/// seqs above it that an earlier process decided or wrote (passed over when writing in
/// order: a resumed job's file can hold seqs above ones it lacks, which come again), and its
/// done-set.
fn resumption(below: u64, resumed: &Resumed, written: &[u64]) -> (u64, BTreeSet<u64>, Done) {
    let decided = resumed.decided_seqs().chain(written.iter().copied());
    let decided_before: BTreeSet<u64> = decided.filter(|&s| s >= below).collect();
    let mut done = Done { watermark: below, above: decided_before.iter().copied().collect() };
    done.advance();
    (below, decided_before, done)
}

struct Output<'c, 'a> {
    ctx: &'c Ctx<'a>,
    results: Channel,
    /// A bridged segment's origin's own channel (its results, `End`, `RunEnd`).
    from_origin: Option<Channel>,
    acks: Channel,
    pending_acks: Vec<Ack>,
    /// The watermark the input was last told: it is sent again, with or without acks,
    /// whenever it moves (results of the input's own, a poison event, move it too).
    told_watermark: u64,
    done: Done,
    /// `ordered`: results waiting for the ones before them (with the acks they hold back,
    /// when the custody is restartable).
    reorder: BTreeMap<u64, (Status, Vec<Part>, Vec<Ack>)>,
    next_write: u64,
    abandoned: Vec<u64>,
    /// The first error of the output part; later results are not written.
    error: Option<JobError>,
    /// The input sent `End`.
    ended: bool,
    /// `End`'s count of events read: the output is done once it has them all.
    end: Option<u64>,
    /// A held topology's run that ended at the input: (events read, run index, number).
    run_end: Option<(u64, u32, u32)>,
    /// Messages on the results channel that were no engine message (over tcp, anything on
    /// the network reaches it), dropped.
    foreign: Foreign,
    /// When the modules last checkpointed.
    checkpointed: Instant,
    /// A restarted custody before the input's `Resume`: what came meanwhile.
    resuming: Option<Resuming>,
    /// A restartable custody whose modules hold what they keep (a merger's input,
    /// `Module::holds`): its acks wait for them to release it.
    holds: bool,
    /// The acks of events its modules kept and hold, by seq, until they release them.
    parked: BTreeMap<u64, Vec<Ack>>,
    /// The acks of the runs it closed, with their numbers, until its modules release their
    /// end (`Module::runs_released`: a restartable merger's run is closed downstream).
    parked_runs: Vec<(u32, Ack)>,
    /// The input's acknowledged floor as its modules were last told it (`Module::settled`).
    settled: u64,
    /// Whether the modules kept the event applied last.
    kept_last: bool,
    /// A restarted ordered custody: the seqs above where it writes from that an earlier
    /// process decided, passed over in order; a resumed job's, those its outputs had.
    decided_before: BTreeSet<u64>,
    /// The lowest seq done but not accounted for by the output part (abandoned, or written
    /// to the quarantine file): a resumed job processes it again.
    not_accounted: u64,
    /// The cuts it asks for, for its modules' checkpoints (docs/root.md, "Cuts in a parallel
    /// job").
    cuts: OutputCuts,
}

/// What a restarted custody holds until the input's `Resume` says where it stands.
struct Resuming {
    /// The messages that came meanwhile (results, `End`, `RunEnd`), in their order.
    early: Vec<(Header, Vec<Part>)>,
    /// When it last told the input (`Resumed`).
    told: Instant,
}

/// Why the output stopped: each failure as the job's error names it.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Its channels could not be opened.
    #[error("the output cannot open its channels: {0}")]
    Open(#[source] ChannelError),
    /// The results channel failed.
    #[error("the output cannot receive: {0}")]
    Receive(#[source] ChannelError),
    /// Something not a result or an end on the results channel, on a transport of this host.
    #[error("the output got {what} on its results channel")]
    Foreign {
        /// What it was.
        what: String,
    },
    /// A kept result without its event.
    #[error("result of seq {seq} without its event")]
    NoEvent {
        /// The event's seq.
        seq: u64,
    },
    /// A kept result whose event cannot be read.
    #[error("the output cannot read the event of seq {seq}: {source}")]
    Read {
        /// The event's seq.
        seq: u64,
        /// Why.
        #[source]
        source: FrameError,
    },
    /// A builder's batch that cannot be read.
    #[error(transparent)]
    Batch(#[from] MessageError),
    /// Sending acks to the input failed.
    #[error("the output cannot send acks: {0}")]
    SendAcks(#[source] ChannelError),
}

/// Runs the output: takes the workers' results, runs the output part, writes.
pub fn run(ctx: &Ctx<'_>, path: &mut Path, hooks: &mut dyn Hooks) -> End {
    let open = || -> Result<(Channel, Option<Channel>, Channel), ChannelError> {
        Ok((ctx.net.results(Pattern::Pull)?, ctx.net.origin_results()?, ctx.net.acks(Pattern::Push)?))
    };
    let workers = ctx.parts.workers;
    let mut stage = ctx.stage(&mut path.modules[workers..], 1 + workers);
    let (results, from_origin, acks) = match open() {
        Ok(c) => c,
        Err(e) => {
            internal_error(ctx, OutputError::Open(e));
            ctx.board.fail();
            ctx.board.request_stop(Stop::Abort);
            return finish(ctx, &mut stage, None, ExitCode::Internal);
        }
    };
    let mut out = Output {
        ctx,
        results,
        from_origin,
        acks,
        pending_acks: Vec::new(),
        told_watermark: 0,
        done: Done::default(),
        reorder: BTreeMap::new(),
        next_write: 0,
        abandoned: Vec::new(),
        error: None,
        ended: false,
        end: None,
        run_end: None,
        foreign: Foreign::new("results channel", ("a result", "results")),
        checkpointed: Instant::now(),
        resuming: None,
        holds: ctx.popts.custody.is_some() && stage.holds(),
        parked: BTreeMap::new(),
        parked_runs: Vec::new(),
        settled: 0,
        kept_last: false,
        decided_before: BTreeSet::new(),
        not_accounted: u64::MAX,
        cuts: OutputCuts::new(ctx, stage.checkpoint_every()),
    };
    if let Some(plan) = ctx.opts.resume.as_deref() {
        // A resumed job: what every output had is done, and never comes.
        out.done = Done { watermark: plan.start, above: plan.above.iter().copied().collect() };
        out.done.advance();
        out.next_write = plan.start;
        if ctx.popts.ordered {
            out.decided_before = plan.above.clone();
        }
        if let Err(e) = out.write_in_order(&mut stage) {
            internal_error(ctx, e);
            ctx.board.fail();
            ctx.board.request_stop(Stop::Abort);
            return finish(ctx, &mut stage, None, ExitCode::Internal);
        }
    }
    if let Some(generation) = ctx.popts.custody.filter(|&g| g > 0) {
        out.resuming = Some(Resuming { early: Vec::new(), told: Instant::now() });
        if let Err(e) = out.tell_resumed(generation) {
            internal_error(ctx, e);
            ctx.board.fail();
            ctx.board.request_stop(Stop::Abort);
            return finish(ctx, &mut stage, None, ExitCode::Internal);
        }
    }
    let code = match out.pump(&mut stage, hooks) {
        Ok(complete) => {
            if !complete {
                out.write_buffered(&mut stage);
                out.list_not_completed();
            } else if !out.abandoned.is_empty() {
                out.abandoned.sort_unstable();
                let read = ctx.board.counters().read.load(Ordering::Acquire);
                ctx.dir.write_not_completed(&out.abandoned, read);
            }
            ExitCode::Ok
        }
        Err(message) => {
            internal_error(ctx, message);
            ctx.board.fail();
            ctx.board.request_stop(Stop::Abort);
            out.write_buffered(&mut stage);
            out.list_not_completed();
            ExitCode::Internal
        }
    };
    out.foreign.report(&ctx.name());
    let error = out.error.take();
    finish(ctx, &mut stage, error, code)
}

fn finish(ctx: &Ctx<'_>, stage: &mut Stage<'_, BoardTally<'_>>, error: Option<JobError>, code: ExitCode) -> End {
    let mut code = code;
    let end = job_end(ctx, error.as_ref());
    for e in error.iter().chain(&stage.finish(&end)) {
        ctx.record(e);
        code = code.max(ExitCode::JobError);
    }
    End { code, terminated: true }
}

impl Output<'_, '_> {
    /// Receives until every event read is done (`Ok(true)`), or the job is aborted
    /// (`Ok(false)`); `Err` is an engine failure.
    fn pump(&mut self, stage: &mut Stage<'_, BoardTally<'_>>, hooks: &mut dyn Hooks) -> Result<bool, OutputError> {
        loop {
            if self.error.is_none() {
                let accounted = self.watermark().min(self.not_accounted);
                if let Err(e) = self.cuts.follow(self.ctx, hooks, stage, accounted, self.ended) {
                    self.stop_with(e);
                }
            }
            if let Some((count, index, number)) = self.run_end {
                if !self.ctx.popts.ordered || self.next_write >= count {
                    self.end_run(stage, index, number, count);
                    self.run_end = None;
                }
            }
            if let Some(count) = self.end {
                if !self.ctx.popts.ordered || self.next_write >= count {
                    return Ok(true);
                }
            }
            if self.ctx.board.stop() == Stop::Abort || (terminated() && self.ctx.monitor_gone()) {
                return Ok(false);
            }
            let Some(message) = self.receive(stage)? else {
                if self.resuming.is_some() && self.ctx.board.ended() {
                    // The input ended before it heard of this process: it had every ack, so
                    // an earlier generation decided every event it read, and closed every run.
                    let read = self.ctx.board.counters().read.load(Ordering::Acquire);
                    self.resume(read, Resumed::default(), stage)?;
                    self.end = Some(read);
                    self.ended = true;
                }
                continue;
            };
            let (mut parts, peer) = (message.parts, message.peer);
            let header = match parts.first().map(|head| Header::decode(head.as_slice())) {
                Some(Ok(h)) if matches!(h.kind, Kind::End | Kind::RunEnd | Kind::Result | Kind::Results) => h,
                Some(Ok(h)) if h.kind == Kind::Resume && self.restartable() => h,
                other => {
                    let what = match other {
                        None => "an empty message".to_string(),
                        Some(Err(e)) => e.to_string(),
                        Some(Ok(h)) => format!("a {:?} message", h.kind),
                    };
                    self.drop_foreign(peer.as_deref(), what)?;
                    continue;
                }
            };
            parts.remove(0);
            match header.kind {
                // A worker's batch: each of its results as if it had come alone.
                Kind::Results => match split_results(&header, parts) {
                    Ok(results) => {
                        for (header, parts) in results {
                            self.take_result(header, parts, peer.as_deref(), stage)?;
                        }
                    }
                    Err(e) => self.drop_foreign(peer.as_deref(), e.to_string())?,
                },
                Kind::Resume => {
                    let rest: Vec<&[u8]> = parts.iter().map(Part::as_slice).collect();
                    match decode_resume(&header, &rest) {
                        Ok(resumed) => self.resume(header.seq, resumed, stage)?,
                        Err(e) => self.drop_foreign(peer.as_deref(), e.to_string())?,
                    }
                }
                Kind::Result => self.take_result(header, parts, peer.as_deref(), stage)?,
                _ => self.handle(header, parts, stage)?,
            }
        }
    }

    /// Takes one result (alone or of a batch). Where others can reach the results channel it
    /// is checked before it counts as done: a result whose event does not decode is dropped,
    /// and the event's own result still comes.
    fn take_result(
        &mut self,
        header: Header,
        parts: Vec<Part>,
        peer: Option<&str>,
        stage: &mut Stage<'_, BoardTally<'_>>,
    ) -> Result<(), OutputError> {
        if self.reachable_by_others() {
            let status = header.status.expect("results have a status");
            if let Err(e) = check_result(header.seq, status, &parts) {
                return self.drop_foreign(peer, e.to_string());
            }
        }
        self.handle(header, parts, stage)
    }

    /// Does what a result, `End` or `RunEnd` says; in a restarted custody, once the input's
    /// `Resume` has said where it stands (until then they wait, in their order).
    fn handle(
        &mut self,
        header: Header,
        parts: Vec<Part>,
        stage: &mut Stage<'_, BoardTally<'_>>,
    ) -> Result<(), OutputError> {
        if let Some(resuming) = self.resuming.as_mut() {
            resuming.early.push((header, frames::detached(parts)));
            return Ok(());
        }
        match header.kind {
            Kind::End => {
                self.end = Some(header.seq);
                self.ended = true;
            }
            Kind::RunEnd => {
                let index = header.origin.generation;
                if index > self.ctx.board.runs().closed.load(Ordering::Acquire) {
                    self.run_end = Some((header.seq, index, header.attempt));
                } else if self.restartable() && !self.parked_runs.iter().any(|(_, a)| a.origin.generation == index) {
                    // Sent again (a `Resume` answered twice): closed already, and said so again.
                    self.pending_acks.push(Ack::run_closed(header.seq, index));
                }
            }
            Kind::Result => {
                let status = header.status.expect("results have a status");
                self.take(header.seq, status, header.origin, parts, stage)?;
                if self.pending_acks.len() >= ACK_BATCH || self.restartable() {
                    self.release_acks(stage, false)?;
                }
            }
            _ => unreachable!("only results, End and RunEnd are handled"),
        }
        Ok(())
    }

    /// A message on the results channel that is no engine message: over tcp it is dropped,
    /// counted and logged once (anything on the network can send it); on this host's
    /// transports it is a bug, and the error.
    fn drop_foreign(&mut self, peer: Option<&str>, what: String) -> Result<(), OutputError> {
        if !self.reachable_by_others() {
            return Err(OutputError::Foreign { what });
        }
        self.foreign.drop(&self.ctx.name(), peer, &what);
        Ok(())
    }

    /// Whether anything on the network can send to its results channels (tcp).
    fn reachable_by_others(&self) -> bool {
        self.ctx.popts.transport == crate::engine::Transport::Tcp || self.from_origin.is_some()
    }

    /// The next message: at once if one waits, else after the acks are sent, waiting up to
    /// [`POLL`]; `None` when none came.
    fn receive(&mut self, stage: &mut Stage<'_, BoardTally<'_>>) -> Result<Option<Message>, OutputError> {
        if let Some(m) = self.poll(Duration::ZERO)? {
            return Ok(Some(m));
        }
        self.release_acks(stage, true)?;
        let again = self.resuming.as_ref().is_some_and(|r| r.told.elapsed() >= RESUMED_AGAIN);
        if let Some(generation) = self.ctx.popts.custody.filter(|_| again) {
            // The input answers every `Resumed`: one lost on the way is told again.
            self.tell_resumed(generation)?;
            if let Some(resuming) = self.resuming.as_mut() {
                resuming.told = Instant::now();
            }
        }
        // While a cut is asked, its parts come on the board, not on a channel: looked at often.
        let wait = if self.cuts.asking() { CUT_POLL } else { POLL };
        let slice = if self.from_origin.is_some() { ORIGIN_SLICE.min(wait) } else { wait };
        let deadline = std::time::Instant::now() + wait;
        loop {
            if let Some(m) = self.poll(slice)? {
                return Ok(Some(m));
            }
            if std::time::Instant::now() >= deadline {
                return Ok(None);
            }
        }
    }

    /// A message from the workers (waiting up to `wait`), or else from the origin's own
    /// channel of a bridged segment.
    fn poll(&mut self, wait: Duration) -> Result<Option<Message>, OutputError> {
        let from = |channel: &mut Channel, wait| match channel.recv(Some(wait)) {
            Ok(m) => Ok(Some(m)),
            Err(e) if e.is_timeout() => Ok(None),
            Err(e) => Err(OutputError::Receive(e)),
        };
        if let Some(m) = from(&mut self.results, wait)? {
            return Ok(Some(m));
        }
        match self.from_origin.as_mut() {
            Some(channel) => from(channel, Duration::ZERO),
            None => Ok(None),
        }
    }

    /// Takes a result into custody. Its ack goes at once, or, in a restartable custody,
    /// once the event is decided (written, rejected, dropped as a duplicate) and with the
    /// next checkpoint.
    fn take(
        &mut self,
        seq: u64,
        status: Status,
        origin: Origin,
        event: Vec<Part>,
        stage: &mut Stage<'_, BoardTally<'_>>,
    ) -> Result<(), OutputError> {
        let ack = Ack { seq, origin };
        // The input's own results are acknowledged to an origin that keeps them.
        let origin_keeps = self.ctx.popts.origin.is_some();
        if !self.restartable() && (origin.worker != Origin::INPUT || origin_keeps) {
            self.pending_acks.push(ack);
        }
        let counters = self.ctx.board.counters();
        if self.done.contains(seq) {
            counters.duplicates.fetch_add(1, Ordering::Relaxed);
            if self.restartable() {
                // Its first copy waits to be written, or is held: so does this ack.
                match (self.reorder.get_mut(&seq), self.parked.get_mut(&seq)) {
                    (Some((_, _, acks)), _) | (None, Some(acks)) => acks.push(ack),
                    (None, None) => self.pending_acks.push(ack),
                }
            }
            return Ok(());
        }
        self.done.insert(seq);
        let held = if self.restartable() { vec![ack] } else { Vec::new() };
        if !self.ctx.popts.ordered {
            self.apply(seq, status, event, stage)?;
            self.decided(seq, held);
            counters.watermark.store(self.watermark(), Ordering::Release);
            stage.accounted(self.watermark().min(self.not_accounted));
            return Ok(());
        }
        if seq != self.next_write {
            // Waits for the events before it: a copy in this process's memory, so a slow
            // event cannot fill the shared segment with the ones behind it.
            self.reorder.insert(seq, (status, frames::detached(event), held));
        } else {
            self.reorder.insert(seq, (status, event, held));
        }
        self.write_in_order(stage)
    }

    /// With `ordered`: applies what waits in the reorder buffer from `next_write` on, passing
    /// over what an earlier process decided.
    fn write_in_order(&mut self, stage: &mut Stage<'_, BoardTally<'_>>) -> Result<(), OutputError> {
        loop {
            if self.decided_before.remove(&self.next_write) {
                self.next_write += 1;
                continue;
            }
            let Some(entry) = self.reorder.first_entry() else { break };
            if *entry.key() != self.next_write {
                break;
            }
            let (status, event, acks) = entry.remove();
            self.apply(self.next_write, status, event, stage)?;
            self.decided(self.next_write, acks);
            self.next_write += 1;
        }
        self.ctx.board.counters().watermark.store(self.watermark(), Ordering::Release);
        stage.accounted(self.watermark().min(self.not_accounted));
        Ok(())
    }

    /// Event `seq` is decided: its `acks` go with the next checkpoint, or, when the modules
    /// kept it and hold it, once they release it.
    fn decided(&mut self, seq: u64, acks: Vec<Ack>) {
        if self.holds && self.kept_last {
            self.parked.entry(seq).or_default().extend(acks);
        } else {
            self.pending_acks.extend(acks);
        }
    }

    /// A restarted custody learns where it stands: every seq below `below` was decided by an
    /// earlier generation, and so were the seqs the input says (`decided`: acknowledged out
    /// of order) and every seq its continued files hold (with `ordered`, every seq up to the
    /// highest of them). In a held topology it enters the run first, so that a file per run
    /// is continued (or kept, when it was closed already: then the run is closed here too).
    /// What came meanwhile is taken now.
    fn resume(
        &mut self,
        below: u64,
        resumed: Resumed,
        stage: &mut Stage<'_, BoardTally<'_>>,
    ) -> Result<(), OutputError> {
        let Some(resuming) = self.resuming.take() else { return Ok(()) };
        let run = resumed.run;
        if let Some(run) = run.filter(|_| self.error.is_none()) {
            if let Err(e) = stage.enter_run(run.number) {
                self.stop_with(e);
            }
        }
        if self.holds {
            stage.settled(below, &resumed.decided);
            self.settled = self.settled.max(below);
        }
        let written = stage.resumed();
        let (start, decided_before, done) = resumption(below, &resumed, &written);
        (self.decided_before, self.done, self.next_write) = (decided_before, done, start);
        if self.ctx.popts.ordered {
            self.write_in_order(stage)?;
        } else {
            self.decided_before.clear();
        }
        let counters = self.ctx.board.counters();
        counters.watermark.store(self.watermark(), Ordering::Release);
        // What its files hold is written, whichever generation wrote it (on the forked
        // engine's board, the dead output's count is replaced). What the controller needs
        // to count the files of runs closed before, which a file per run does not hold:
        let alone = match run {
            Some(run) => written.iter().all(|&s| s >= run.start),
            None => written.is_empty(),
        };
        counters.written.store(written.len() as u64, Ordering::Relaxed);
        counters.resumed.store(written.len() as u64, Ordering::Relaxed);
        counters.resumed_run.store(run.map_or(0, |r| r.index.into()), Ordering::Relaxed);
        let resumed_as = if alone { RESUMED_ITS_RUN } else { RESUMED_EVERY_RUN };
        counters.resumed_as.store(resumed_as, Ordering::Release);
        if let Some(run) = run.filter(|r| r.closed) {
            // An earlier process closed the run it entered. Modules that hold (a merger's
            // input) end it now, as they did: the merger's table waits for every input to.
            if self.holds {
                if let Some(e) = stage.end_run().into_iter().next() {
                    self.stop_with(e);
                }
            }
            self.say_closed(run.index);
        }
        log::info!(
            "{}: resumed with {} events written before; taking events from seq {start} on",
            self.ctx.name(),
            written.len()
        );
        for (header, parts) in resuming.early {
            self.handle(header, parts, stage)?;
        }
        Ok(())
    }

    /// Tells the input that this restarted custody (of `generation`) waits for its `Resume`.
    fn tell_resumed(&mut self, generation: u32) -> Result<(), OutputError> {
        let origin = Origin { worker: 0, generation };
        let message = Message::single(Header { origin, ..Header::new(Kind::Resumed, 0) }.encode().to_vec());
        loop {
            match self.acks.send(&message, Some(POLL)) {
                Ok(()) => return Ok(()),
                Err(e) if is_not_ready(&e) => {
                    if self.ctx.board.ended() || self.ctx.board.stop() == Stop::Abort || self.ctx.monitor_gone() {
                        return Ok(());
                    }
                }
                Err(e) => return Err(OutputError::SendAcks(e)),
            }
        }
    }

    /// Sends the acks taken so far. A restartable custody first checkpoints its modules, and
    /// does so when it is `idle` (no result waits), or [`CHECKPOINT_EVERY`], or once
    /// [`CHECKPOINT_ACKS`] acks wait.
    fn release_acks(&mut self, stage: &mut Stage<'_, BoardTally<'_>>, idle: bool) -> Result<(), OutputError> {
        if !self.restartable() {
            return self.flush_acks();
        }
        if self.holds {
            let floor = self.ctx.board.counters().acknowledged.load(Ordering::Acquire);
            if floor > self.settled {
                self.settled = floor;
                stage.settled(floor, &[]);
            }
            for seq in stage.released() {
                self.pending_acks.extend(self.parked.remove(&seq).into_iter().flatten());
            }
            let runs = stage.runs_released();
            let released = self.parked_runs.iter().filter(|(number, _)| runs.contains(number));
            self.pending_acks.extend(released.map(|&(_, ack)| ack));
            self.parked_runs.retain(|(number, _)| !runs.contains(number));
        }
        if !self.news() {
            return Ok(());
        }
        let due = idle || self.pending_acks.len() >= CHECKPOINT_ACKS || self.checkpointed.elapsed() >= CHECKPOINT_EVERY;
        if !due {
            return Ok(());
        }
        if self.error.is_none() {
            if let Err(e) = stage.checkpoint() {
                // Nothing is safe: no ack goes, and the job stops as on a failed write.
                self.stop_with(e);
                return Ok(());
            }
        }
        self.checkpointed = Instant::now();
        self.flush_acks()
    }

    /// The job stops on `e`, an error of the output part's modules: nothing more is written.
    fn stop_with(&mut self, e: JobError) {
        self.ctx.board.fail();
        self.ctx.board.request_stop(Stop::Abort);
        self.error = Some(e);
    }

    /// Says run `index` is closed here: what is written then is what the closed runs' files
    /// hold (stored first, so that a report that says the run is closed counts it).
    fn say_closed(&self, index: u32) {
        let counters = self.ctx.board.counters();
        counters.written_closed.store(counters.written.load(Ordering::Relaxed), Ordering::Relaxed);
        self.ctx.board.runs().closed.fetch_max(index, Ordering::AcqRel);
    }

    /// Whether the custody is restarted when it dies: its acks wait for a checkpoint.
    fn restartable(&self) -> bool {
        self.ctx.popts.custody.is_some()
    }

    /// The watermark the input is told: with `ordered`, what is written; else what is done.
    ///
    /// A custody whose modules hold events (a restartable merger's input) says what is
    /// decided, held or not: its input reads that far ahead (`REORDER_WINDOW`), whereas a
    /// part may wait in the merge table for the timeout. (What it says is safe for an event
    /// builder's manager only where it holds nothing: a merger restarted behind a builder
    /// is refused.)
    fn watermark(&self) -> u64 {
        if self.ctx.popts.ordered {
            self.next_write
        } else {
            self.done.watermark
        }
    }

    /// Whether the input has acks or a watermark to be told.
    fn news(&self) -> bool {
        !self.ended && (!self.pending_acks.is_empty() || self.watermark() != self.told_watermark)
    }

    /// Ends a held topology's run `index` (run number `number`) once all its events are
    /// written: the modules' `end_run` (a file per run is closed, complete; one that no
    /// event began is begun first, so an empty run leaves its empty file).
    fn end_run(&mut self, stage: &mut Stage<'_, BoardTally<'_>>, index: u32, number: u32, read: u64) {
        let entered = if self.error.is_none() { stage.enter_run(number) } else { Ok(()) };
        let errors = entered.err().into_iter().chain(stage.end_run());
        if let Some(e) = errors.into_iter().next() {
            self.ctx.board.fail();
            self.error.get_or_insert(e);
        }
        self.say_closed(index);
        if self.restartable() && self.error.is_none() {
            // The input keeps the run's end until the run is closed here (and, where the
            // modules hold, its end is safe downstream).
            let ack = Ack::run_closed(read, index);
            if self.holds {
                self.parked_runs.push((number, ack));
            } else {
                self.pending_acks.push(ack);
            }
        }
    }

    /// Does what a result says: runs the output part on a kept event, or counts it.
    fn apply(
        &mut self,
        seq: u64,
        status: Status,
        event: Vec<Part>,
        stage: &mut Stage<'_, BoardTally<'_>>,
    ) -> Result<(), OutputError> {
        let counters = self.ctx.board.counters();
        self.kept_last = false;
        if self.error.is_some() {
            // The output part stopped the job: nothing more is written.
            self.not_accounted = self.not_accounted.min(seq);
            self.abandoned.push(seq);
            counters.abandoned.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
        match status {
            Status::Built => {
                for event in built_events(seq, &event)? {
                    let status = if event.is_empty() { Status::Rejected } else { Status::Processed };
                    self.apply(seq, status, event.to_vec(), stage)?;
                }
            }
            Status::Processed | Status::Poison | Status::Recorded => {
                // check_result let in only results whose event decodes, their record too.
                let mut event = match frames::decode_result(status == Status::Recorded, &event) {
                    Ok(event) => event,
                    Err(ResultError::Frame(source)) => return Err(OutputError::Read { seq, source }),
                    Err(_) => return Err(OutputError::NoEvent { seq }),
                };
                match stage.event(&mut event) {
                    Fate::Keep => {
                        self.kept_last = true;
                        counters.written.fetch_add(1, Ordering::Relaxed);
                        if event.meta.flags.contains(Flags::FAILED) {
                            counters.failed.fetch_add(1, Ordering::Relaxed);
                        }
                        if event.meta.flags.contains(Flags::INCOMPLETE) {
                            counters.incomplete.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    Fate::Reject => {
                        counters.rejected.fetch_add(1, Ordering::Relaxed);
                    }
                    Fate::Stop(e) => {
                        log::debug!("the output part stopped the job at seq {seq}");
                        if e.error.stops_job() {
                            self.ctx.board.request_stop(Stop::Abort);
                        }
                        self.ctx.board.fail();
                        self.error = Some(e);
                        self.not_accounted = self.not_accounted.min(seq);
                        self.abandoned.push(seq);
                        counters.abandoned.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            Status::Rejected => {
                counters.rejected.fetch_add(1, Ordering::Relaxed);
            }
            Status::Quarantined => {
                self.not_accounted = self.not_accounted.min(seq);
                counters.quarantined.fetch_add(1, Ordering::Relaxed);
            }
            Status::Abandoned => {
                self.not_accounted = self.not_accounted.min(seq);
                self.abandoned.push(seq);
                counters.abandoned.fetch_add(1, Ordering::Relaxed);
            }
        }
        Ok(())
    }

    /// Sends the acks taken so far, and the watermark if it moved. Nothing once the input
    /// has sent `End`: it had every ack it waited for, and has left (an ack sent to it then
    /// would only linger in libzmq).
    fn flush_acks(&mut self) -> Result<(), OutputError> {
        if !self.news() {
            return Ok(());
        }
        let watermark = self.watermark();
        let generation = self.ctx.popts.custody.unwrap_or(0);
        let message = Message::single(encode_acks(generation, watermark, &self.pending_acks));
        loop {
            match self.acks.send(&message, Some(POLL)) {
                Ok(()) => break,
                Err(e) if is_not_ready(&e) => {
                    // The input has ended (it needs no more acks) or is gone.
                    if self.ctx.board.ended() || self.ctx.board.stop() == Stop::Abort || self.ctx.monitor_gone() {
                        break;
                    }
                }
                Err(e) => return Err(OutputError::SendAcks(e)),
            }
        }
        self.pending_acks.clear();
        self.told_watermark = watermark;
        Ok(())
    }

    /// On an abort with `ordered`: writes what waits in the reorder buffer, in order, gaps
    /// skipped, so nothing the output holds is lost.
    fn write_buffered(&mut self, stage: &mut Stage<'_, BoardTally<'_>>) {
        let buffered = std::mem::take(&mut self.reorder);
        for (seq, (status, event, _)) in buffered {
            if let Err(e) = self.apply(seq, status, event, stage) {
                log::error!("{e}");
            }
        }
    }

    /// On an abort: every event read that the output does not have is listed.
    fn list_not_completed(&mut self) {
        let read = self.ctx.board.counters().read.load(Ordering::Acquire);
        let mut missing: Vec<u64> = (self.done.watermark..read).filter(|&s| !self.done.contains(s)).collect();
        missing.extend(&self.abandoned);
        missing.sort_unstable();
        self.ctx.dir.write_not_completed(&missing, read);
    }
}

/// Why result `seq`'s parts cannot be what `status` says they are, if they cannot: its
/// event does not decode, or its built batch is malformed or holds an event that does not.
fn check_result(seq: u64, status: Status, parts: &[Part]) -> Result<(), MessageError> {
    let decodes = |event: &[Part]| match frames::decode(event) {
        Ok(_) => Ok(()),
        Err(source) => Err(MessageError::Undecodable { seq, source }),
    };
    match status {
        Status::Processed | Status::Poison | Status::Recorded => {
            match frames::decode_result(status == Status::Recorded, parts) {
                Ok(_) => Ok(()),
                Err(ResultError::NoEvent | ResultError::NoRecord) => Err(MessageError::NoEvent { seq }),
                Err(ResultError::Frame(source)) => Err(MessageError::Undecodable { seq, source }),
                Err(ResultError::Record(reason)) => Err(MessageError::Record { seq, reason }),
            }
        }
        Status::Built => built_events(seq, parts)?.into_iter().filter(|e| !e.is_empty()).try_for_each(decodes),
        _ => Ok(()),
    }
}

/// Each result of a worker's batch (`Results`, whose header is `header`), as the header and
/// parts it would have had alone.
fn split_results(header: &Header, parts: Vec<Part>) -> Result<Vec<(Header, Vec<Part>)>, ProtocolError> {
    let (index, events) = parts.split_first().ok_or(ProtocolError::Batch("without its index".into()))?;
    let index = BatchIndex::decode(index.as_slice(), header.seq, events.len())?;
    let mut results = Vec::with_capacity(index.entries.len());
    for (entry, event) in index.split(events) {
        let result = Header::result(entry.seq, BatchIndex::status(&entry)?, header.origin);
        results.push((result, event.to_vec()));
    }
    Ok(results)
}

/// The parts of each event of a builder's batch (`Status::Built`), after its index; none:
/// the builder's modules rejected it.
fn built_events(seq: u64, parts: &[Part]) -> Result<Vec<&[Part]>, MessageError> {
    let (index, rest) = parts.split_first().ok_or(MessageError::NoIndex { seq })?;
    let index =
        BuiltIndex::decode(index.as_slice(), rest.len()).map_err(|source| MessageError::Batch { seq, source })?;
    Ok(index.split(rest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use evflow_core::wire::{self, EncodeOptions};
    use evflow_core::Event;

    fn frame() -> Part {
        Part::from(wire::encode(&Event::new(1, 2), EncodeOptions::default()))
    }

    fn index(parts: &[u32]) -> Part {
        Part::from(BuiltIndex { parts: parts.to_vec() }.encode())
    }

    /// What a peer on the results port may send: each result that is not what its status
    /// says is an error to drop, never a panic.
    #[test]
    fn results_that_are_not_what_they_say_are_refused() {
        let garbage = || Part::from(b"not a frame".to_vec());
        assert!(check_result(0, Status::Processed, &[frame()]).is_ok());
        assert!(check_result(0, Status::Processed, &[]).is_err(), "no event");
        assert!(check_result(0, Status::Poison, &[garbage()]).is_err());
        assert!(check_result(0, Status::Rejected, &[]).is_ok());
        assert!(check_result(0, Status::Built, &[index(&[1, 0]), frame()]).is_ok());
        assert!(check_result(0, Status::Built, &[]).is_err(), "no index");
        assert!(check_result(0, Status::Built, &[index(&[2]), frame()]).is_err(), "a part missing");
        assert!(check_result(0, Status::Built, &[index(&[1, 1]), frame(), garbage()]).is_err());
        let batch = [index(&[1, 0, 1]), frame(), frame()];
        let events = built_events(0, &batch).unwrap();
        assert_eq!(events.iter().map(|e| e.len()).collect::<Vec<_>>(), [1, 0, 1]);
    }

    /// A custody whose modules hold events acknowledges out of order: seqs 0..10 were handed
    /// out, 3 and 5 were held at its gate when it died, the rest acknowledged. Its successor
    /// is told so, skips what was decided and, once 3 and 5 come again, has decided all ten,
    /// written in order: told only `below`, it would wait for seq 4 for ever.
    #[test]
    fn a_custody_restarted_after_acknowledging_out_of_order_waits_only_for_what_was_not() {
        let outstanding = BTreeSet::from([3, 5]);
        let (below, decided) = Resumed::point(10, None, 0, &outstanding);
        assert_eq!((below, decided.as_slice()), (3, &[(4, 1), (6, 4)][..]));
        let resumed = Resumed { run: None, decided };
        let (start, mut skipped, mut done) = resumption(below, &resumed, &[]);
        assert_eq!((start, skipped.iter().copied().collect::<Vec<_>>()), (3, vec![4, 6, 7, 8, 9]));
        // Written in order, as `write_in_order` does: what comes waits for what is owed before it.
        let (mut next_write, mut reorder, mut written) = (start, BTreeSet::new(), Vec::new());
        for seq in [5, 3] {
            assert!(!done.contains(seq), "seq {seq} is still owed");
            done.insert(seq);
            reorder.insert(seq);
            loop {
                if reorder.remove(&next_write) {
                    written.push(next_write);
                } else if !skipped.remove(&next_write) {
                    break;
                }
                next_write += 1;
            }
        }
        assert_eq!(written, [3, 5]);
        assert_eq!((done.watermark, next_write), (10, 10));
        // What its file holds is passed over, and what it lacks below them is waited for (a
        // resumed job's file holds 5 and 7 without 6, say).
        let (start, skipped, done) = resumption(3, &resumed, &[0, 1, 2, 3, 4]);
        assert_eq!((start, skipped.into_iter().collect::<Vec<_>>(), done.watermark), (3, vec![3, 4, 6, 7, 8, 9], 5));
        let (start, skipped, done) = resumption(3, &Resumed::default(), &[0, 1, 2, 5, 7]);
        assert_eq!((start, skipped.into_iter().collect::<Vec<_>>(), done.watermark), (3, vec![5, 7], 3));
        let (start, _, done) = resumption(3, &resumed, &[3, 5]);
        assert_eq!((start, done.watermark), (3, 10));
    }

    /// An origin restarted from its journal owes what it journaled and has not made again,
    /// but for what its custody's watermark says was decided there: the ranges stop at the
    /// first seq owed, or at the watermark when that is higher.
    #[test]
    fn a_restarted_origin_tells_what_it_owes_apart_from_what_was_acknowledged() {
        let none = BTreeSet::new();
        assert_eq!(Resumed::point(10, Some(6), 0, &none), (6, vec![]));
        assert_eq!(Resumed::point(10, Some(6), 8, &none), (8, vec![]));
        assert_eq!(Resumed::point(10, Some(6), 8, &BTreeSet::from([2, 7])), (2, vec![(3, 4)]));
        assert_eq!(Resumed::point(10, Some(6), 20, &none), (10, vec![]));
    }
}
