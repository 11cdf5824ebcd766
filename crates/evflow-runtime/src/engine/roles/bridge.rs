//! A bridge (a topology's `kind = "bridge"`, docs/topology-design.md "The bridge"): a segment's
//! origin on another host sends its dispatches to the bridge, which puts each into the named
//! worker's channel on its own host without decoding the event, and sends the origin the
//! acks and credits the host's processes send it. On shm each event lands once in a block of
//! the host's segment, and the replicas read it there. The bridge holds nothing that a
//! restart does not recover: the controller restarts the replicas behind a dead bridge, and
//! the origin sends their events again.

use crate::engine::board::Stop;
use crate::engine::context::{internal_error, Ctx, End};
use crate::engine::exit::ExitCode;
use crate::engine::net::{is_not_ready, RELAY};
use crate::engine::protocol::{BatchIndex, Foreign, Header, Kind};
use evflow_transport::Part;
use evflow_transport::{Channel, ChannelError, Message, Pattern, Side};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long the bridge waits for a message before it looks at the board again.
const POLL: Duration = Duration::from_millis(5);

/// Why a bridge stopped: each failure as the job's error names it.
#[derive(Debug, thiserror::Error)]
pub enum BridgeError {
    /// Its channels could not be opened.
    #[error("the bridge cannot open its channels: {0}")]
    Open(#[source] ChannelError),
    /// The relay failed.
    #[error("the bridge cannot receive: {0}")]
    Receive(#[source] ChannelError),
    /// The channel to a worker on this host could not be opened.
    #[error("the bridge cannot open the channel to worker {worker}: {source}")]
    OpenWork {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// Putting a dispatch into a worker's channel failed.
    #[error("the bridge cannot send to worker {worker}: {source}")]
    SendWork {
        /// The worker, from 1.
        worker: usize,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// The host's acks channel failed.
    #[error("the bridge cannot receive acks: {0}")]
    ReceiveAcks(#[source] ChannelError),
    /// Sending acks to the origin failed.
    #[error("the bridge cannot send: {0}")]
    Send(#[source] ChannelError),
    /// The job was aborted while the bridge waited to send.
    #[error("the job was aborted")]
    Aborted,
}

struct Bridge<'c, 'a> {
    ctx: &'c Ctx<'a>,
    /// Messages on the relay that are not a dispatch of this segment: its port is reachable
    /// from the network, and what is not the origin's is dropped, never fatal.
    foreign: Foreign,
    /// Each worker slot's current generation and its channel on this host.
    work: HashMap<u32, (u32, Channel)>,
}

/// Runs a bridge: relays its segment's messages between the origin's host and its own.
pub fn run(ctx: &Ctx<'_>) -> End {
    let open = || -> Result<(Channel, Channel, Channel), ChannelError> {
        let relay = ctx.net.open_tcp(Pattern::Pull, RELAY, Side::Bind)?;
        let acks_in = ctx.net.acks(Pattern::Pull)?;
        let acks_out = ctx.net.open_tcp(Pattern::Push, "acks", Side::Connect)?;
        Ok((relay, acks_in, acks_out))
    };
    let (mut relay, acks_in, acks_out) = match open() {
        Ok(c) => c,
        Err(_) if ctx.board.ended() || ctx.board.stop() == Stop::Abort => {
            return End { code: ExitCode::Ok, terminated: false }
        }
        Err(e) => {
            internal_error(ctx, BridgeError::Open(e));
            return End { code: ExitCode::Internal, terminated: false };
        }
    };
    let mut bridge = Bridge { ctx, foreign: Foreign::new("relay", ("a dispatch", "dispatches")), work: HashMap::new() };
    // Acks and credits go back on a thread of their own: waiting for the next dispatch never
    // holds them (the origin sends more only once they are back).
    let stop = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        let back = scope.spawn(|| {
            let relayed = relay_acks(ctx, acks_in, acks_out, &stop);
            stop.store(true, Ordering::Release);
            relayed
        });
        let mut forwarded = Ok(());
        // Once the origin has ended, every event of the segment is at its custody.
        while forwarded.is_ok() && !ctx.board.ended() && !stop.load(Ordering::Acquire) {
            if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                break;
            }
            forwarded = match relay.recv(Some(POLL)) {
                Ok(message) => bridge.forward(message),
                Err(e) if e.is_timeout() => Ok(()),
                Err(e) => Err(BridgeError::Receive(e)),
            };
        }
        stop.store(true, Ordering::Release);
        let back = back.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        forwarded.and(back)
    });
    bridge.foreign.report(&ctx.name());
    match outcome {
        Err(e) if ctx.board.stop() != Stop::Abort && !ctx.monitor_gone() => {
            internal_error(ctx, e);
            End { code: ExitCode::Internal, terminated: false }
        }
        _ => End { code: ExitCode::Ok, terminated: false },
    }
}

/// Sends the origin what the host's processes sent it (acks, credits) until the bridge stops,
/// then what is left: the custody's last acks and the workers' last credits, for an origin
/// still waiting.
fn relay_acks(
    ctx: &Ctx<'_>,
    mut acks_in: Channel,
    mut acks_out: Channel,
    stop: &AtomicBool,
) -> Result<(), BridgeError> {
    loop {
        let stopping = stop.load(Ordering::Acquire) || ctx.board.ended();
        let wait = if stopping { Duration::ZERO } else { POLL };
        match acks_in.recv(Some(wait)) {
            Ok(message) => send(ctx, &mut acks_out, &message)?,
            Err(e) if e.is_timeout() && stopping => return Ok(()),
            Err(e) if e.is_timeout() => {
                if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                    return Ok(());
                }
            }
            Err(e) => return Err(BridgeError::ReceiveAcks(e)),
        }
    }
}

impl Bridge<'_, '_> {
    /// Puts one dispatch from the origin into its worker's channel on this host: a header
    /// and an event (its frame and external entries) that decodes, a batch of them, or a
    /// `Retire` alone.
    fn forward(&mut self, message: Message) -> Result<(), BridgeError> {
        let header = message.parts.first().map(|head| Header::decode(head.as_slice()));
        let dispatch = match header {
            Some(Ok(h))
                if h.kind == Kind::Dispatch
                    && message.parts.len() >= 2
                    && (h.origin.worker as usize) < self.ctx.board.workers()
                    && crate::engine::frames::decode(&message.parts[1..]).is_ok() =>
            {
                h
            }
            // A batch of dispatches goes as it came, when its index fits and its events decode.
            Some(Ok(h))
                if h.kind == Kind::Dispatches
                    && (h.origin.worker as usize) < self.ctx.board.workers()
                    && batch_decodes(&h, &message.parts[1..]) =>
            {
                h
            }
            // The origin retires the slot's replica: forwarded behind its dispatches.
            Some(Ok(h))
                if h.kind == Kind::Retire
                    && message.parts.len() == 1
                    && (h.origin.worker as usize) < self.ctx.board.workers() =>
            {
                h
            }
            other => {
                let what = match other {
                    None => "an empty message".to_string(),
                    Some(Err(e)) => e.to_string(),
                    Some(Ok(h)) => format!("a {:?} message for worker slot {}", h.kind, h.origin.worker),
                };
                self.foreign.drop(&self.ctx.name(), message.peer.as_deref(), &what);
                return Ok(());
            }
        };
        let (w, generation) = (dispatch.origin.worker, dispatch.origin.generation);
        // A dispatch for a generation already gone (the controller's view says so, or a later
        // one came): the origin sends it again to the new one.
        let slot = self.ctx.board.worker(w as usize).generation.load(Ordering::Acquire);
        let known = self.work.get(&w).map(|(g, _)| *g);
        if generation < slot || known.is_some_and(|g| g > generation) {
            return Ok(());
        }
        if known != Some(generation) {
            let channel = self
                .ctx
                .net
                .work(w as usize, generation, Pattern::Push)
                .map_err(|source| BridgeError::OpenWork { worker: w as usize + 1, source })?;
            self.work.insert(w, (generation, channel));
        }
        // On shm, sending copies each part once into a block of the host's segment: the
        // replicas map the event where it lies. A worker that has not joined yet, or died,
        // takes nothing: the bridge keeps the acks flowing meanwhile, and drops the dispatch
        // once the worker's generation is gone (the origin sends it again to the next).
        loop {
            let (_, channel) = self.work.get_mut(&w).expect("opened above");
            match channel.send(&message, Some(POLL)) {
                Ok(()) => break,
                Err(e) if is_not_ready(&e) => {
                    if self.ctx.board.stop() == Stop::Abort || self.ctx.monitor_gone() {
                        return Err(BridgeError::Aborted);
                    }
                    if self.ctx.board.worker(w as usize).generation.load(Ordering::Acquire) > generation {
                        return Ok(());
                    }
                }
                Err(source) => return Err(BridgeError::SendWork { worker: w as usize + 1, source }),
            }
        }
        let events = match dispatch.kind {
            Kind::Dispatches => dispatch.seq,
            Kind::Dispatch => 1,
            _ => 0,
        };
        self.ctx.board.counters().relayed.fetch_add(events, Ordering::Relaxed);
        Ok(())
    }
}

/// Whether the parts after a `Dispatches` header are an index that fits them and events that
/// decode, each with a frame.
fn batch_decodes(header: &Header, parts: &[Part]) -> bool {
    let Some((index, events)) = parts.split_first() else { return false };
    let Ok(index) = BatchIndex::decode(index.as_slice(), header.seq, events.len()) else { return false };
    let decodes = |(_, event): (_, &[Part])| !event.is_empty() && crate::engine::frames::decode(event).is_ok();
    let all = index.split(events).all(decodes);
    all
}

/// Sends, waiting as long as the job goes on.
fn send(ctx: &Ctx<'_>, channel: &mut Channel, message: &Message) -> Result<(), BridgeError> {
    loop {
        match channel.send(message, Some(POLL)) {
            Ok(()) => return Ok(()),
            Err(e) if is_not_ready(&e) => {
                if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                    return Err(BridgeError::Aborted);
                }
            }
            Err(e) => return Err(BridgeError::Send(e)),
        }
    }
}
