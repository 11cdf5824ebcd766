//! A worker process: receives events from the input, runs the worker part, sends what
//! became of each to the output. Its status slot on the board says which event it is busy
//! on and since when, so the monitor can tell a hung worker and the input a poison event.

use super::board::{monotonic_ns, Board, Stop, IDLE};
use super::child::{internal_error, job_end, Ctx, End, EXIT_INTERNAL, EXIT_JOB_ERROR, EXIT_OK};
use super::frames;
use super::net::is_not_ready;
use super::protocol::{Header, Kind, Origin, Status};
use crate::job::Path;
use crate::stage::Fate;
use evflow_core::wire::FrameLayout;
use evflow_core::{Event, Flags};
use evflow_transport::{Channel, ChannelError, Message, Part, Pattern};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long a worker waits for an event before it looks at the board again.
pub(crate) const POLL: Duration = Duration::from_millis(20);

pub fn run(ctx: &Ctx<'_>, path: &mut Path, w: usize) -> End {
    if ctx.popts.event_building.is_some() {
        return super::eventbuilding::builder::run(ctx, path, w);
    }
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
            return End { code: EXIT_OK, terminated: false };
        }
        Err(e) => {
            internal_error(ctx, format!("worker {} cannot open its channels: {e}", w + 1));
            return End { code: EXIT_INTERNAL, terminated: false };
        }
    };
    let _home = frames::make_home(&results);
    let (input, workers) = (ctx.parts.input, ctx.parts.workers);
    let modules = &mut path.modules[input..workers];
    let mut stage = ctx.stage(modules, 1 + input);
    // The last run of a held topology whose end this worker's modules saw.
    let mut closed = 0;
    loop {
        if ctx.board.stop() == Stop::Abort {
            return End { code: EXIT_OK, terminated: false };
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
                    return End { code: EXIT_OK, terminated: false };
                }
                continue;
            }
            Err(e) => {
                internal_error(ctx, format!("worker {} cannot receive: {e}", w + 1));
                return End { code: EXIT_INTERNAL, terminated: false };
            }
        };
        if is_end(&message) {
            // The input's word that the data ended, so that this worker need not wait for
            // its poll to notice (docs/parallel.md): the board says the same.
            if ctx.board.ended() {
                break;
            }
            continue;
        }
        let (seq, attempt, parts, mut event) = match read_dispatch(message) {
            Ok(d) => d,
            Err(e) => {
                internal_error(ctx, format!("worker {}: {e}", w + 1));
                return End { code: EXIT_INTERNAL, terminated: false };
            }
        };
        // As the frame has it: an event flagged retried here is not the frame it came in.
        let before = Snapshot::of(&event);
        if attempt > 0 {
            event.meta.flags.insert(Flags::RETRIED);
        }
        slot.since_ns.store(monotonic_ns(), Ordering::Relaxed);
        slot.busy_seq.store(seq, Ordering::Release);
        let fate = stage.event(&mut event);
        // The modules are done: waiting to hand the result on is not the event's fault, so
        // event_timeout no longer runs, and a death from here on counts no attempt.
        slot.busy_seq.store(IDLE, Ordering::Release);
        let rejected = matches!(fate, Fate::Reject);
        let sent = match fate {
            Fate::Keep => {
                // An event the worker part left as it came goes on as the same frame.
                let parts = if before == Snapshot::of(&event) {
                    Ok(parts)
                } else {
                    encode(ctx, &results, &event, RAISE_SEGMENT)
                };
                parts.and_then(|parts| send(ctx, &mut results, seq, Status::Processed, origin, parts))
            }
            Fate::Reject => send(ctx, &mut results, seq, Status::Rejected, origin, Vec::new()),
            Fate::Stop(e) => {
                ctx.record(&e);
                ctx.board.fail();
                for e in stage.finish(&job_end(ctx, Some(&e))) {
                    ctx.record(&e);
                }
                return End { code: EXIT_JOB_ERROR, terminated: true };
            }
        };
        slot.events.fetch_add(1, Ordering::Relaxed);
        if rejected {
            slot.rejected.fetch_add(1, Ordering::Relaxed);
        }
        // The seq it finished: the input then knows which event a worker on another host was
        // busy on when it died (the oldest it sent it and got no credit for).
        let credit = Message::single(Header { origin, ..Header::new(Kind::Credit, seq) }.encode().to_vec());
        let sent = sent.and_then(|()| send_message(ctx, &mut credits, &credit));
        if let Err(e) = sent {
            if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                return End { code: EXIT_OK, terminated: false };
            }
            internal_error(ctx, format!("worker {}: {e}", w + 1));
            return End { code: EXIT_INTERNAL, terminated: false };
        }
    }
    let errors = stage.finish(&job_end(ctx, None));
    for e in &errors {
        ctx.record(e);
    }
    End { code: if errors.is_empty() { EXIT_OK } else { EXIT_JOB_ERROR }, terminated: true }
}

/// Whether a message is the input's `End` (a header alone).
pub(super) fn is_end(message: &Message) -> bool {
    match &message.parts[..] {
        [head] => Header::decode(head.as_slice()).is_ok_and(|h| h.kind == Kind::End),
        _ => false,
    }
}

/// The seq, attempt, event parts (frame and external entries) and event of a dispatch.
pub(super) fn read_dispatch(message: Message) -> Result<(u64, u32, Vec<Part>, Event), String> {
    let mut parts = message.parts;
    if parts.len() < 2 {
        return Err(format!("a dispatch has a header and a frame, this message {} parts", parts.len()));
    }
    let header = Header::decode(parts[0].as_slice()).map_err(|e| e.to_string())?;
    if header.kind != Kind::Dispatch {
        return Err(format!("expected a dispatch, got {:?}", header.kind));
    }
    parts.remove(0);
    let event = frames::decode(&parts).map_err(|e| format!("cannot read the event of seq {}: {e}", header.seq))?;
    Ok((header.seq, header.attempt, parts, event))
}

/// What identifies an event's contents without reading its bytes: its meta, and each
/// entry's name, type and memory. Equal before and after the modules: nothing changed.
#[derive(PartialEq)]
struct Snapshot {
    meta: evflow_core::EventMeta,
    entries: Vec<(String, String, Vec<u64>, usize, usize)>,
}

impl Snapshot {
    fn of(event: &Event) -> Snapshot {
        let entries = event
            .iter()
            .map(|(name, e)| {
                (name.to_string(), e.dtype().to_string(), e.shape().to_vec(), e.data().as_ptr() as usize, e.len())
            })
            .collect();
        Snapshot { meta: event.meta, entries }
    }
}

/// A sender waiting for room in a full segment gives up after this long without the output
/// taking any result: nothing will free room then (the segment is too small, or too
/// fragmented, for events this large), and a clear error beats a job that hangs.
pub const STUCK_AFTER: Duration = Duration::from_secs(10);

/// What to change when events do not fit the segment.
const RAISE_SEGMENT: &str = "raise segment_size";

/// Watches the output's progress while a sender waits for room in the segment.
pub struct RoomWait {
    since: Instant,
    taken: u64,
}

impl RoomWait {
    /// Starts watching now.
    pub fn new(board: &Board) -> RoomWait {
        RoomWait { since: Instant::now(), taken: board.counters().output_taken() }
    }

    /// `Err` once the output has taken nothing for [`STUCK_AFTER`].
    pub fn check(&mut self, board: &Board, event: &Event) -> Result<(), String> {
        self.check_with(board, event, RAISE_SEGMENT)
    }

    /// [`RoomWait::check`], whose error ends with `advice`: what to change.
    pub fn check_with(&mut self, board: &Board, event: &Event, advice: &str) -> Result<(), String> {
        let taken = board.counters().output_taken();
        if taken != self.taken {
            (self.since, self.taken) = (Instant::now(), taken);
        } else if self.since.elapsed() > STUCK_AFTER {
            let len = FrameLayout::of(event).frame_len();
            return Err(format!(
                "no room in the shared-memory segment for run {} event {} ({len} bytes) for {STUCK_AFTER:?}, \
                 and the output took nothing meanwhile: the segment is too small for events this large; {advice}",
                event.meta.run, event.meta.event
            ));
        }
        Ok(())
    }
}

/// `advice`: what to change when the segment stays full (see [`RoomWait::check_with`]).
pub(super) fn encode(ctx: &Ctx<'_>, channel: &Channel, event: &Event, advice: &str) -> Result<Vec<Part>, String> {
    let mut wait = RoomWait::new(ctx.board);
    loop {
        if let Some(parts) = frames::try_encode(channel, event, POLL)? {
            return Ok(parts);
        }
        if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
            return Err("the job was aborted".into());
        }
        wait.check_with(ctx.board, event, advice)?;
    }
}

fn send(
    ctx: &Ctx<'_>,
    results: &mut Channel,
    seq: u64,
    status: Status,
    origin: Origin,
    event: Vec<Part>,
) -> Result<(), String> {
    let mut parts = vec![Part::from(Header::result(seq, status, origin).encode().to_vec())];
    parts.extend(event);
    send_message(ctx, results, &Message::new(parts))
}

/// Sends, waiting as long as the job goes on.
pub(super) fn send_message(ctx: &Ctx<'_>, channel: &mut Channel, message: &Message) -> Result<(), String> {
    loop {
        match channel.send(message, Some(POLL)) {
            Ok(()) => return Ok(()),
            Err(e) if is_not_ready(&e) => {
                if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                    return Err("the job was aborted".into());
                }
                if ctx.board.ended() {
                    // Every event is at the output and the input has left: a late result
                    // (of an event another worker did) or credit is of no use to anyone.
                    return Ok(());
                }
            }
            Err(e) => return Err(format!("cannot send: {e}")),
        }
    }
}
