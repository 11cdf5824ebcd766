//! A worker process: receives events from the input, runs the worker part, sends what
//! became of each to the output. Its status slot on the board says which event it is busy
//! on and since when, so the monitor can tell a hung worker and the input a poison event.

use crate::engine::board::{monotonic_ns, Stop, IDLE};
use crate::engine::context::{internal_error, job_end, Ctx, End};
use crate::engine::error::{MessageError, SendError};
use crate::engine::exit::ExitCode;
use crate::engine::frames;
use crate::engine::protocol::{Header, Kind, Origin, Status};
use crate::engine::roles::sending::{
    batch_message, encode, header_only, read_dispatches, send_message, with_room, POLL, RAISE_SEGMENT,
};
use crate::engine::Hooks;
use crate::job::Path;
use crate::stage::Fate;
use evflow_core::event::Fingerprint;
use evflow_core::file::RecordMaker;
use evflow_core::Flags;
use evflow_transport::{Channel, ChannelError, Message, Part, Pattern};
use std::sync::atomic::Ordering;

/// Why a worker stopped: its failure, with its number (from 1) as the job's error names it.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// Its channels could not be opened.
    #[error("worker {worker} cannot open its channels: {source}")]
    Open {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// Its work channel failed.
    #[error("worker {worker} cannot receive: {source}")]
    Receive {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// A dispatch it cannot read.
    #[error("worker {worker}: {source}")]
    Dispatch {
        /// The worker, from 1.
        worker: usize,
        /// What is wrong with it.
        #[source]
        source: MessageError,
    },
    /// A result or a credit it could not send.
    #[error("worker {worker}: {source}")]
    Send {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: SendError,
    },
}

/// Runs worker slot `w` (the dispatcher runs an event builder's slots instead).
pub fn run(ctx: &Ctx<'_>, path: &mut Path, w: usize, hooks: &mut dyn Hooks) -> End {
    let slot = ctx.board.worker(w);
    let origin = Origin { worker: w as u32, generation: slot.generation.load(Ordering::Acquire) };
    let open = || -> Result<(Channel, Channel, Channel), ChannelError> {
        let work = ctx.net.work(w, origin.generation, Pattern::Pull)?;
        Ok((work, ctx.net.results(Pattern::Push)?, ctx.net.acks(Pattern::Push)?))
    };
    let (mut work, mut results, mut credits) = match open() {
        Ok(c) => c,
        // A replica started as the job ended (on another host) has nothing to do.
        Err(_) if ctx.board.ended() || ctx.board.stop() == Stop::Abort => {
            return End { code: ExitCode::Ok, terminated: false };
        }
        Err(e) => {
            internal_error(ctx, WorkerError::Open { worker: w + 1, source: e });
            return End { code: ExitCode::Internal, terminated: false };
        }
    };
    let _home = frames::make_home(&results);
    let (input, workers) = (ctx.parts.input, ctx.parts.workers);
    let mut records = record_maker(path, workers);
    let modules = &mut path.modules[input..workers];
    let mut stage = ctx.stage(modules, 1 + input);
    // The last run of a held topology whose end this worker's modules saw.
    let mut closed = 0;
    loop {
        if ctx.board.stop() == Stop::Abort {
            return End { code: ExitCode::Ok, terminated: false };
        }
        let message = match work.recv(Some(POLL)) {
            Ok(m) => m,
            Err(e) if e.is_timeout() => {
                if ctx.board.ended() {
                    break;
                }
                let drained = ctx.board.runs().drained.load(Ordering::Acquire);
                if drained > closed {
                    // Every event of the run is at the custody: nothing of it comes here.
                    closed = drained;
                    if let Some(e) = stage.end_run().into_iter().next() {
                        ctx.record(&e);
                        ctx.board.fail();
                    }
                }
                if ctx.monitor_gone() {
                    return End { code: ExitCode::Ok, terminated: false };
                }
                continue;
            }
            Err(e) => {
                internal_error(ctx, WorkerError::Receive { worker: w + 1, source: e });
                return End { code: ExitCode::Internal, terminated: false };
            }
        };
        match header_only(&message).map(|h| (h.kind, h.seq)) {
            // The input's word that the data ended, so that this worker need not wait for
            // its poll to notice (docs/parallel.md): the board says the same.
            Some((Kind::End, _)) if ctx.board.ended() => break,
            Some((Kind::End, _)) => continue,
            // Retired by the controller: every event sent here was finished before this came.
            Some((Kind::Retire, _)) => break,
            // A cut: every event the input sent before it was finished here (docs/root.md,
            // "Cuts in a parallel job").
            Some((Kind::Cut, cut)) => {
                super::cut::write(ctx, hooks, cut);
                slot.cut.fetch_max(cut, Ordering::AcqRel);
                continue;
            }
            _ => {}
        }
        let events = match read_dispatches(message) {
            Ok(d) => d,
            Err(e) => {
                internal_error(ctx, WorkerError::Dispatch { worker: w + 1, source: e });
                return End { code: ExitCode::Internal, terminated: false };
            }
        };
        let mut finished = Finished::new(origin, events.len() > 1);
        for (seq, attempt, parts, mut event) in events {
            // As the frame has it: an event flagged retried here is not the frame it came in.
            let before = Fingerprint::of(&event);
            if attempt > 0 {
                event.meta.flags.insert(Flags::RETRIED);
            }
            let started_ns = monotonic_ns();
            slot.since_ns.store(started_ns, Ordering::Relaxed);
            slot.busy_seq.store(seq, Ordering::Release);
            let fate = stage.event(&mut event);
            // A batch's events read the clock once more, when done: one dispatch reads none.
            let done_ns = finished.batch.then(monotonic_ns);
            let slow = done_ns.is_some_and(|done| done.saturating_sub(started_ns) >= SLOW_EVENT_NS);
            // The modules are done: waiting to hand the result on is not the event's fault, so
            // event_timeout no longer runs, and a death from here on counts no attempt.
            slot.busy_seq.store(IDLE, Ordering::Release);
            let result = match fate {
                Fate::Keep => {
                    // An event the worker part left as it came goes on as the same frame.
                    let parts = if before == Fingerprint::of(&event) {
                        Ok(parts)
                    } else {
                        encode(ctx, &results, &event, RAISE_SEGMENT)
                    };
                    match &mut records {
                        Some(maker) => parts.and_then(|mut parts| {
                            let made = with_room(ctx, &event, RAISE_SEGMENT, |wait| {
                                frames::try_record(&results, maker, &event, wait)
                            })?;
                            Ok(match made {
                                Some(record) => {
                                    parts.extend(record);
                                    (Status::Recorded, parts)
                                }
                                None => (Status::Processed, parts),
                            })
                        }),
                        None => parts.map(|parts| (Status::Processed, parts)),
                    }
                }
                Fate::Reject => Ok((Status::Rejected, Vec::new())),
                Fate::Stop(e) => {
                    // What the batch finished before goes on: it is done.
                    let _ = finished.send(ctx, &mut results, &mut credits);
                    ctx.record(&e);
                    ctx.board.fail();
                    for e in stage.finish(&job_end(ctx, Some(&e))) {
                        ctx.record(&e);
                    }
                    return End { code: ExitCode::JobError, terminated: true };
                }
            };
            slot.events.fetch_add(1, Ordering::Relaxed);
            if matches!(result, Ok((Status::Rejected, _))) {
                slot.rejected.fetch_add(1, Ordering::Relaxed);
            }
            let sent = result.and_then(|(status, parts)| {
                finished.push(seq, status, parts, done_ns);
                // A batch of slow events: its results go as they are done, not all at its end.
                if slow || finished.waited_ns(done_ns) >= SEND_RESULTS_AFTER_NS {
                    finished.send(ctx, &mut results, &mut credits)?;
                }
                Ok(())
            });
            if let Err(e) = sent {
                return send_failed(ctx, w, e);
            }
        }
        if let Err(e) = finished.send(ctx, &mut results, &mut credits) {
            return send_failed(ctx, w, e);
        }
    }
    let errors = stage.finish(&job_end(ctx, None));
    for e in &errors {
        ctx.record(e);
    }
    End { code: if errors.is_empty() { ExitCode::Ok } else { ExitCode::JobError }, terminated: true }
}

/// What makes the records of the output's first module, when it writes every event as it
/// comes into compressed records (docs/parallel.md, "Compressed output").
fn record_maker(path: &Path, workers: usize) -> Option<RecordMaker> {
    let compression = path.modules.get(workers)?.record_compression()?;
    RecordMaker::new(compression).ok()
}

/// How long (ns) a worker keeps the results of a batch's events it finished before it sends
/// them, with their credits: a batch of slow events does not hold its first results back.
const SEND_RESULTS_AFTER_NS: u64 = 1_000_000;

/// An event of a batch that took this long (ns) has its result sent at once, with those
/// before it: results are kept only while the events are fast.
const SLOW_EVENT_NS: u64 = 50_000;

/// The results a worker finished and has not sent yet: they go in one message (one result
/// alone as before, several as a `Results` batch), then one credit for them all.
struct Finished {
    origin: Origin,
    results: Vec<(u64, Status, Vec<Part>)>,
    /// A batch's: when its oldest unsent result was finished ([`monotonic_ns`]).
    since_ns: Option<u64>,
    batch: bool,
}

impl Finished {
    /// For the events of one dispatch (`batch`: of several).
    fn new(origin: Origin, batch: bool) -> Finished {
        Finished { origin, results: Vec::new(), since_ns: None, batch }
    }

    /// A result finished at `done_ns` (a batch's; `None` for one dispatch's).
    fn push(&mut self, seq: u64, status: Status, parts: Vec<Part>, done_ns: Option<u64>) {
        if self.since_ns.is_none() {
            self.since_ns = done_ns;
        }
        self.results.push((seq, status, parts));
    }

    /// How long (ns) the oldest result has waited at `now_ns`.
    fn waited_ns(&self, now_ns: Option<u64>) -> u64 {
        match (self.since_ns, now_ns) {
            (Some(since), Some(now)) => now.saturating_sub(since),
            _ => 0,
        }
    }

    /// Sends the results, then the credit that says how many and which was last: the input
    /// then knows which event a worker on another host was busy on when it died (the oldest
    /// it sent it and got no credit for).
    fn send(&mut self, ctx: &Ctx<'_>, results: &mut Channel, credits: &mut Channel) -> Result<(), SendError> {
        let Some(&(last, _, _)) = self.results.last() else { return Ok(()) };
        let count = self.results.len() as u32;
        let message = if count == 1 {
            let (seq, status, event) = self.results.pop().expect("one result");
            let mut parts = vec![Part::from(Header::result(seq, status, self.origin).encode().to_vec())];
            parts.extend(event);
            Message::new(parts)
        } else {
            let results = self.results.drain(..).map(|(seq, status, parts)| (seq, status as u32, parts));
            batch_message(Kind::Results, self.origin, results.collect())
        };
        self.since_ns = None;
        send_message(ctx, results, &message)?;
        let credit = Message::single(Header::credit(self.origin, last, count).encode().to_vec());
        send_message(ctx, credits, &credit)
    }
}

/// A result or a credit that could not be sent: the end of this worker, quietly when the job
/// is aborted or its monitor gone.
fn send_failed(ctx: &Ctx<'_>, w: usize, e: SendError) -> End {
    if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
        return End { code: ExitCode::Ok, terminated: false };
    }
    internal_error(ctx, WorkerError::Send { worker: w + 1, source: e });
    End { code: ExitCode::Internal, terminated: false }
}
