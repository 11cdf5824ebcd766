//! A builder unit (BU): a worker of the event-building segment. For each batch the engine
//! dispatches to it, it asks every RU for its fragments, joins them by event number, and
//! sends the built events to the custody as one result (docs/eventbuilding.md,
//! "Building"). Credits, re-sends after its death and the done-set are the engine's.

use super::manager::{done_of, release_of};
use super::{batch_of, BatchKey, BuiltIndex, EventBuilding, FragmentsHead, Malformed, Request, REQUEST_RETRY};
use crate::engine::board::{monotonic_ns, Stop, IDLE};
use crate::engine::context::{internal_error, job_end, Ctx, End};
use crate::engine::error::{MessageError, SendError};
use crate::engine::exit::ExitCode;
use crate::engine::frames;
use crate::engine::protocol::{Foreign, Header, Kind, Origin, Status};
use crate::engine::roles::sending::{encode, header_only, read_dispatch, send_message, POLL};
use crate::job::Path;
use crate::log;
use crate::modules::merger::{names_entry, MISSING_SOURCES};
use crate::stage::Fate;
use evflow_core::wire::FrameError;
use evflow_core::{Event, Flags};
use evflow_transport::{Channel, ChannelError, Message, Part, Pattern, Side};
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Why a builder stopped: its failure, with its number (from 1) as the job's error names it.
#[derive(Debug, thiserror::Error)]
pub enum BuilderError {
    /// The segment's options have no event building.
    #[error("a builder in a segment that builds no events")]
    NotBuilding,
    /// Its channels could not be opened.
    #[error("builder {builder} cannot open its channels: {source}")]
    Open {
        /// The builder, from 1.
        builder: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// A batch could not be built or handed on.
    #[error("builder {builder}: {source}")]
    Build {
        /// The builder, from 1.
        builder: usize,
        /// Why.
        #[source]
        source: BuildError,
    },
}

/// A batch that could not be built or handed on.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The work channel failed.
    #[error("cannot receive: {0}")]
    Receive(#[source] ChannelError),
    /// A dispatch that cannot be read.
    #[error(transparent)]
    Dispatch(#[from] MessageError),
    /// A dispatch that is not a batch descriptor.
    #[error("a batch descriptor without its release point")]
    NoRelease,
    /// The fragments channel failed.
    #[error("cannot receive fragments: {0}")]
    ReceiveFragments(#[source] ChannelError),
    /// A built event or the result could not be sent.
    #[error(transparent)]
    Send(#[from] SendError),
}

/// An RU's answer that cannot be read: dropped as foreign.
#[derive(Debug, thiserror::Error)]
enum FragmentsError {
    #[error("an empty message")]
    Empty,
    #[error(transparent)]
    Malformed(#[from] Malformed),
    #[error("readout {readout} of {readouts}")]
    Readout { readout: u32, readouts: usize },
    #[error("a fragment that cannot be read: {0}")]
    Frame(#[source] FrameError),
}

/// What a builder counted: its reports' counters (docs/eventbuilding.md, "Metrics") and its
/// last log line.
#[derive(Debug, Default)]
struct Counts {
    events: u64,
    incomplete: u64,
    late: u64,
    malformed: u64,
    fragments: u64,
    bytes: u64,
}

impl Counts {
    /// Shows the counts in the board's counters (this process's own), for its reports.
    fn publish(&self, board: &crate::engine::board::Board) {
        let c = board.counters();
        for (counter, value) in [
            (&c.eb_built, self.events),
            (&c.eb_incomplete, self.incomplete),
            (&c.eb_late, self.late),
            (&c.eb_fragments, self.fragments),
            (&c.eb_bytes, self.bytes),
        ] {
            counter.store(value, Ordering::Relaxed);
        }
    }
}

struct Channels {
    work: Channel,
    results: Channel,
    credits: Channel,
    requests: Channel,
    fragments: Channel,
    /// What arrives on `fragments` that is no readout's answer.
    foreign: Foreign,
}

/// Runs builder `w` until the segment ends.
pub fn run(ctx: &Ctx<'_>, path: &mut Path, w: usize) -> End {
    let Some(eb) = ctx.popts.event_building.as_ref() else {
        internal_error(ctx, BuilderError::NotBuilding);
        return End { code: ExitCode::Internal, terminated: false };
    };
    let slot = ctx.board.worker(w);
    let origin = Origin { worker: w as u32, generation: slot.generation.load(Ordering::Acquire) };
    let g = origin.generation;
    let open = || -> Result<Channels, ChannelError> {
        Ok(Channels {
            work: ctx.net.work(w, g, Pattern::Pull)?,
            results: ctx.net.results(Pattern::Push)?,
            credits: ctx.net.acks(Pattern::Push)?,
            requests: crate::module::Opener::open(ctx.net, Pattern::Pub, &format!("requests-{w}-{g}"), Side::Bind)?,
            fragments: crate::module::Opener::open(ctx.net, Pattern::Pull, &format!("fragments-{w}-{g}"), Side::Bind)?,
            foreign: Foreign::new("fragments channel", ("a readout's fragments", "fragments")),
        })
    };
    let mut c = match open() {
        Ok(c) => c,
        Err(_) if ctx.board.ended() || ctx.board.stop() == Stop::Abort => {
            return End { code: ExitCode::Ok, terminated: false };
        }
        Err(e) => {
            internal_error(ctx, BuilderError::Open { builder: w + 1, source: e });
            return End { code: ExitCode::Internal, terminated: false };
        }
    };
    let _home = frames::make_home(&c.results);
    let (input, workers) = (ctx.parts.input, ctx.parts.workers);
    let mut stage = ctx.stage(&mut path.modules[input..workers], 1 + input);
    let mut counts = Counts::default();
    let mut stopped = None;
    let advice = super::too_large(eb);
    let outcome = (|| -> Result<(), BuildError> {
        loop {
            if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                return Ok(());
            }
            let message = match c.work.recv(Some(POLL)) {
                Ok(m) => m,
                Err(e) if e.is_timeout() => {
                    if ctx.board.ended() {
                        return Ok(());
                    }
                    continue;
                }
                Err(e) => return Err(BuildError::Receive(e)),
            };
            match header_only(&message).map(|h| h.kind) {
                Some(Kind::End) if ctx.board.ended() => return Ok(()),
                Some(Kind::End) => continue,
                // Retired by the controller: every batch sent here was built before this came.
                Some(Kind::Retire) => return Ok(()),
                _ => {}
            }
            let (seq, _attempt, _parts, descriptor) = read_dispatch(message)?;
            slot.since_ns.store(monotonic_ns(), Ordering::Relaxed);
            slot.busy_seq.store(seq, Ordering::Release);
            let batch = (descriptor.meta.run, descriptor.meta.event);
            let release = release_of(&descriptor).ok_or(BuildError::NoRelease)?;
            let wanted = vec![true; eb.readouts.len()];
            let (worker, generation, done) = (origin.worker, origin.generation, done_of(&descriptor));
            let ask = Request { batch, release, slot: worker, generation, wanted, done };
            let Some(fragments) = collect(ctx, eb, &mut c, ask, &mut counts)? else {
                return Ok(()); // the job was aborted meanwhile
            };
            let built = build(eb, batch, fragments, &mut counts);
            let mut parts = Vec::new();
            let mut index = BuiltIndex { parts: Vec::with_capacity(built.len()) };
            for mut event in built {
                // The builder's own modules (its steering), on each built event; a rejected
                // one takes no parts, and the custody counts it.
                let encoded = match stage.event(&mut event) {
                    Fate::Keep => encode(ctx, &c.results, &event, &advice)?,
                    Fate::Reject => Vec::new(),
                    Fate::Stop(e) => {
                        stopped = Some(e);
                        return Ok(());
                    }
                };
                counts.bytes += event.payload_bytes() as u64;
                index.parts.push(encoded.len() as u32);
                parts.extend(encoded);
            }
            counts.publish(ctx.board);
            slot.busy_seq.store(IDLE, Ordering::Release);
            let header = Header::result(seq, Status::Built, origin);
            let mut message = vec![Part::from(header.encode().to_vec()), Part::from(index.encode())];
            message.extend(parts);
            send_message(ctx, &mut c.results, &Message::new(message))?;
            slot.events.fetch_add(1, Ordering::Relaxed);
            let credit = Header::credit(origin, seq, 1);
            send_message(ctx, &mut c.credits, &Message::single(credit.encode().to_vec()))?;
        }
    })();
    if counts.late > 0 || counts.malformed > 0 {
        log::warn!(
            "builder {}: {} late answers (for batches built already) and {} malformed messages were dropped",
            w + 1,
            counts.late,
            counts.malformed
        );
    }
    log::debug!("builder {}: built {} events, {} incomplete", w + 1, counts.events, counts.incomplete);
    if let Some(e) = &stopped {
        ctx.record(e);
        ctx.board.fail();
    }
    let errors = stage.finish(&job_end(ctx, stopped.as_ref()));
    for e in &errors {
        ctx.record(e);
    }
    if stopped.is_some() {
        return End { code: ExitCode::JobError, terminated: true };
    }
    match outcome {
        Ok(()) if errors.is_empty() => End { code: ExitCode::Ok, terminated: true },
        Ok(()) => End { code: ExitCode::JobError, terminated: true },
        Err(_) if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() => {
            End { code: ExitCode::Ok, terminated: false }
        }
        Err(e) => {
            internal_error(ctx, BuilderError::Build { builder: w + 1, source: e });
            End { code: ExitCode::Internal, terminated: false }
        }
    }
}

/// Asks every RU for its fragments of the batch of `ask` and takes their answers: all of
/// them, or what came within `timeout` of the first. `None` when the job was aborted
/// meanwhile.
fn collect(
    ctx: &Ctx<'_>,
    eb: &EventBuilding,
    c: &mut Channels,
    mut ask: Request,
    counts: &mut Counts,
) -> Result<Option<Vec<Option<Vec<Event>>>>, BuildError> {
    let (n, batch) = (eb.readouts.len(), ask.batch);
    let mut got: Vec<Option<Vec<Event>>> = (0..n).map(|_| None).collect();
    let start = Instant::now();
    let mut deadline = start + eb.timeout;
    let mut first = true;
    let mut next_ask = start;
    loop {
        let now = Instant::now();
        if now >= next_ask {
            ask.wanted = got.iter().map(Option::is_none).collect();
            // A pub that no RU hears yet drops it: asked again below.
            let _ = c.requests.send(&Message::single(ask.encode()), Some(Duration::ZERO));
            next_ask = now + super::REQUEST_RETRY;
        }
        if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
            return Ok(None);
        }
        let wait = next_ask.min(deadline).saturating_duration_since(now).min(REQUEST_RETRY);
        let message = match c.fragments.recv(Some(wait)) {
            Ok(m) => Some(m),
            Err(e) if e.is_timeout() => None,
            Err(e) => return Err(BuildError::ReceiveFragments(e)),
        };
        if let Some(mut message) = message {
            let peer = message.peer.take();
            match read_fragments(message, n) {
                Ok((head, _)) if head.batch != batch => counts.late += 1,
                Ok((head, _)) if got[head.readout as usize].is_some() => {}
                Ok((head, events)) => {
                    counts.fragments += events.len() as u64;
                    if first {
                        // The timeout runs from the first answer.
                        deadline = Instant::now() + eb.timeout;
                        first = false;
                    }
                    got[head.readout as usize] = Some(events);
                }
                Err(e) => {
                    c.foreign.drop(&ctx.name(), peer.as_deref(), &e.to_string());
                    counts.malformed += 1;
                }
            }
        }
        if got.iter().all(Option::is_some) || Instant::now() >= deadline {
            return Ok(Some(got));
        }
    }
}

/// The head and the fragments of a `Fragments` message.
fn read_fragments(message: Message, readouts: usize) -> Result<(FragmentsHead, Vec<Event>), FragmentsError> {
    let head = message.parts.first().ok_or(FragmentsError::Empty)?;
    let head = FragmentsHead::decode(head.as_slice(), message.parts.len())?;
    if head.readout as usize >= readouts {
        return Err(FragmentsError::Readout { readout: head.readout, readouts });
    }
    let mut events = Vec::with_capacity(head.parts.len());
    let mut at = 1;
    for &count in &head.parts {
        let parts = &message.parts[at..at + count as usize];
        events.push(frames::decode(parts).map_err(FragmentsError::Frame)?);
        at += count as usize;
    }
    Ok((head, events))
}

/// Joins the fragments of `batch` by event number, in number order: each event holds every
/// fragment's entries under `<readout>.<entry>`; one that misses a fragment is flagged
/// incomplete and names the missing RUs in `missing_sources`.
fn build(eb: &EventBuilding, batch: BatchKey, fragments: Vec<Option<Vec<Event>>>, counts: &mut Counts) -> Vec<Event> {
    let n = eb.readouts.len();
    let mut events: BTreeMap<u64, Vec<Option<Event>>> = BTreeMap::new();
    for (i, answer) in fragments.into_iter().enumerate() {
        for fragment in answer.into_iter().flatten() {
            let (run, number) = (fragment.meta.run, fragment.meta.event);
            if batch_of(run, number, eb.batch) != batch {
                counts.malformed += 1;
                continue;
            }
            events.entry(number).or_insert_with(|| (0..n).map(|_| None).collect())[i] = Some(fragment);
        }
    }
    let mut built = Vec::with_capacity(events.len());
    for (number, parts) in events {
        let mut event = Event::new(batch.0, number);
        let mut missing = Vec::new();
        for (i, part) in parts.into_iter().enumerate() {
            let Some(part) = part else {
                missing.push(eb.readouts[i].as_str());
                continue;
            };
            for flag in [Flags::FAILED, Flags::INCOMPLETE] {
                if part.meta.flags.contains(flag) {
                    event.meta.flags.insert(flag);
                }
            }
            for (name, entry) in part.iter() {
                let _ = event.put(format!("{}.{name}", eb.readouts[i]), entry.clone());
            }
        }
        if !missing.is_empty() {
            event.meta.flags.insert(Flags::INCOMPLETE);
            let _ = event.put(MISSING_SOURCES, names_entry(&missing));
            counts.incomplete += 1;
        }
        counts.events += 1;
        built.push(event);
    }
    built
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use evflow_core::Entry;

    fn fragment(number: u64, value: u8) -> Event {
        let mut e = Event::new(1, number);
        e.put("adc", Entry::bytes(Bytes::from(vec![value; 4]))).unwrap();
        e
    }

    #[test]
    fn fragments_join_by_number_and_missing_ones_are_named() {
        let eb =
            EventBuilding { readouts: vec!["ecal".into(), "hcal".into()], batch: 4, timeout: Duration::from_secs(1) };
        let ecal: Vec<Event> = (4..8).map(|n| fragment(n, 1)).collect();
        let bytes_of_4 = ecal[0].get("adc").unwrap().data().as_ptr();
        let hcal = vec![fragment(4, 2), fragment(6, 2), fragment(9, 2)];
        let mut counts = Counts::default();
        let built = build(&eb, (1, 1), vec![Some(ecal), Some(hcal)], &mut counts);
        let numbers: Vec<u64> = built.iter().map(|e| e.meta.event).collect();
        assert_eq!(numbers, vec![4, 5, 6, 7]);
        assert_eq!(built[0].get("hcal.adc").unwrap().data().as_ref(), &[2; 4]);
        assert_eq!(built[0].get("ecal.adc").unwrap().data().as_ref(), &[1; 4]);
        assert_eq!(built[0].get("ecal.adc").unwrap().data().as_ptr(), bytes_of_4, "the fragment's bytes, not a copy");
        assert!(!built[0].meta.flags.contains(Flags::INCOMPLETE));
        assert!(built[1].meta.flags.contains(Flags::INCOMPLETE));
        assert_eq!(built[1].get(MISSING_SOURCES).unwrap().shape(), &[1]);
        assert_eq!((counts.events, counts.incomplete, counts.malformed), (4, 2, 1), "9 is not in batch 1");
        let none = build(&eb, (1, 3), vec![None, None], &mut counts);
        assert!(none.is_empty(), "a number no RU delivered does not exist");
    }
}
