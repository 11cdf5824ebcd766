//! How a process sends events and results: encoding an event into the segment while
//! waiting for room, sending while the job goes on, and reading a dispatch. Shared by the
//! workers and the event builders.

use crate::engine::board::{Board, Stop};
use crate::engine::context::Ctx;
use crate::engine::error::{MessageError, SendError};
use crate::engine::frames;
use crate::engine::net::is_not_ready;
use crate::engine::protocol::{BatchEntry, BatchIndex, Header, Kind, Origin};
use evflow_core::wire::FrameLayout;
use evflow_core::Event;
use evflow_transport::{Channel, Message, Part};
use std::time::{Duration, Instant};

/// How long a worker waits for an event before it looks at the board again.
pub const POLL: Duration = Duration::from_millis(20);

/// The header of a message that is a header alone (`End`, `Retire`, `Cut`).
pub fn header_only(message: &Message) -> Option<Header> {
    match &message.parts[..] {
        [head] => Header::decode(head.as_slice()).ok(),
        _ => None,
    }
}

/// The seq, attempt, event parts (frame and external entries) and event of a dispatch.
pub fn read_dispatch(message: Message) -> Result<Dispatched, MessageError> {
    let header = first_header(&message, "a dispatch")?;
    single_dispatch(header, message.parts)
}

/// An event of a dispatch: its seq, attempt, parts (frame and external entries) and the
/// event decoded from them.
pub type Dispatched = (u64, u32, Vec<Part>, Event);

/// The events of a `Dispatch` (one) or a `Dispatches` batch, in the order the input sent them.
pub fn read_dispatches(message: Message) -> Result<Vec<Dispatched>, MessageError> {
    let header = first_header(&message, "a dispatch")?;
    if header.kind != Kind::Dispatches {
        return single_dispatch(header, message.parts).map(|d| vec![d]);
    }
    let mut parts = message.parts.into_iter().skip(1);
    let index = parts.next().ok_or(MessageError::Parts { what: "a batch of dispatches", parts: 1 })?;
    let parts: Vec<Part> = parts.collect();
    let index = BatchIndex::decode(index.as_slice(), header.seq, parts.len())?;
    index
        .split(&parts)
        .map(|(entry, event_parts)| {
            if event_parts.is_empty() {
                return Err(MessageError::NoEvent { seq: entry.seq });
            }
            let event = frames::decode(event_parts).map_err(|source| MessageError::Frame { seq: entry.seq, source })?;
            Ok((entry.seq, entry.word, event_parts.to_vec(), event))
        })
        .collect()
}

/// The header of a message's first part (`what` names the message in the error).
fn first_header(message: &Message, what: &'static str) -> Result<Header, MessageError> {
    match message.parts.first() {
        Some(head) => Ok(Header::decode(head.as_slice())?),
        None => Err(MessageError::Parts { what, parts: 0 }),
    }
}

/// The dispatch of one event whose `header` was read from the first of its `parts`.
fn single_dispatch(header: Header, mut parts: Vec<Part>) -> Result<Dispatched, MessageError> {
    if parts.len() < 2 {
        return Err(MessageError::Parts { what: "a dispatch", parts: parts.len() });
    }
    if header.kind != Kind::Dispatch {
        return Err(MessageError::Kind { expected: "a dispatch", got: header.kind });
    }
    parts.remove(0);
    let event = frames::decode(&parts).map_err(|source| MessageError::Frame { seq: header.seq, source })?;
    Ok((header.seq, header.attempt, parts, event))
}

/// A batch message (`Dispatches`, `Results`) of the `events` (each one's seq, word and
/// parts) for or from `origin`: its header, its index, then the events' parts.
pub fn batch_message(kind: Kind, origin: Origin, events: Vec<(u64, u32, Vec<Part>)>) -> Message {
    let header = Header { origin, ..Header::new(kind, events.len() as u64) };
    let entries =
        events.iter().map(|(seq, word, parts)| BatchEntry { seq: *seq, word: *word, parts: parts.len() as u32 });
    let index = BatchIndex { entries: entries.collect() };
    let mut parts = vec![Part::from(header.encode().to_vec()), Part::from(index.encode())];
    parts.extend(events.into_iter().flat_map(|(_, _, parts)| parts));
    Message::new(parts)
}

/// A sender waiting for room in a full segment gives up after this long without the output
/// taking any result: nothing will free room then (the segment is too small, or too
/// fragmented, for events this large), and a clear error beats a job that hangs.
pub const STUCK_AFTER: Duration = Duration::from_secs(10);

/// What to change when events do not fit the segment.
pub const RAISE_SEGMENT: &str = "raise segment_size";

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
    pub fn check(&mut self, board: &Board, event: &Event) -> Result<(), SendError> {
        self.check_with(board, event, RAISE_SEGMENT)
    }

    /// [`RoomWait::check`], whose error ends with `advice`: what to change.
    pub fn check_with(&mut self, board: &Board, event: &Event, advice: &str) -> Result<(), SendError> {
        let taken = board.counters().output_taken();
        if taken != self.taken {
            (self.since, self.taken) = (Instant::now(), taken);
        } else if self.since.elapsed() > STUCK_AFTER {
            return Err(SendError::Stuck {
                run: event.meta.run,
                event: event.meta.event,
                len: FrameLayout::of(event).frame_len(),
                after: STUCK_AFTER,
                advice: advice.to_string(),
            });
        }
        Ok(())
    }
}

/// `advice`: what to change when the segment stays full (see [`RoomWait::check_with`]).
pub fn encode(ctx: &Ctx<'_>, channel: &Channel, event: &Event, advice: &str) -> Result<Vec<Part>, SendError> {
    with_room(ctx, event, advice, |wait| frames::try_encode(channel, event, wait))
}

/// What `attempt` makes of `event` in the segment, given a wait for room each time, tried
/// until it finds room as long as the job goes on (`advice`: see [`RoomWait::check_with`]).
pub fn with_room<T>(
    ctx: &Ctx<'_>,
    event: &Event,
    advice: &str,
    mut attempt: impl FnMut(Duration) -> Result<Option<T>, SendError>,
) -> Result<T, SendError> {
    let mut wait = RoomWait::new(ctx.board);
    loop {
        if let Some(made) = attempt(POLL)? {
            return Ok(made);
        }
        if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
            return Err(SendError::Aborted);
        }
        wait.check_with(ctx.board, event, advice)?;
    }
}

/// Sends, waiting as long as the job goes on.
pub fn send_message(ctx: &Ctx<'_>, channel: &mut Channel, message: &Message) -> Result<(), SendError> {
    loop {
        match channel.send(message, Some(POLL)) {
            Ok(()) => return Ok(()),
            Err(e) if is_not_ready(&e) => {
                if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                    return Err(SendError::Aborted);
                }
                if ctx.board.ended() {
                    // Every event is at the output and the input has left: a late result
                    // (of an event another worker did) or credit is of no use to anyone.
                    return Ok(());
                }
            }
            Err(e) => return Err(SendError::Channel(e)),
        }
    }
}
