//! A bridge (a topology's `kind = "bridge"`, docs/topology.md "The bridge"): the channels of
//! a segment's origin on another host end at the bridge, which forwards them to and from
//! the channels of its own host without decoding an event. Dispatches go into the named
//! worker's channel, the origin's results into the custody's, and the acks and credits the
//! host's processes send the origin go back over tcp. On shm each event lands once in a
//! block of the host's segment, and the replicas read it there.

use super::board::Stop;
use super::child::{internal_error, Ctx, End, EXIT_INTERNAL, EXIT_OK};
use super::net::{is_not_ready, RELAY};
use super::protocol::{Header, Kind};
use evflow_transport::{Channel, ChannelError, Message, Pattern, Side};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long the bridge waits for a message before it looks at the board again.
const POLL: Duration = Duration::from_millis(5);
/// Once the origin has ended, how long the bridge waits without a message before it leaves
/// (its `End` went through an earlier bridge, or a restarted one came too late for it).
const IDLE_AFTER_END: Duration = Duration::from_millis(500);

struct Bridge<'c, 'a> {
    ctx: &'c Ctx<'a>,
    /// Each worker slot's current generation and its channel on this host.
    work: HashMap<u32, (u32, Channel)>,
    results: Channel,
    acks_in: Channel,
    acks_out: Channel,
}

pub fn run(ctx: &Ctx<'_>) -> End {
    let open = || -> Result<(Channel, Channel, Channel, Channel), ChannelError> {
        let relay = ctx.net.open_tcp(Pattern::Pull, RELAY, Side::Bind)?;
        let results = ctx.net.results(Pattern::Push)?;
        let acks_in = ctx.net.acks(Pattern::Pull)?;
        let acks_out = ctx.net.open_tcp(Pattern::Push, "acks", Side::Connect)?;
        Ok((relay, results, acks_in, acks_out))
    };
    let (mut relay, results, acks_in, acks_out) = match open() {
        Ok(c) => c,
        Err(_) if ctx.board.ended() || ctx.board.stop() == Stop::Abort => {
            return End { code: EXIT_OK, terminated: false }
        }
        Err(e) => {
            internal_error(ctx, format!("the bridge cannot open its channels: {e}"));
            return End { code: EXIT_INTERNAL, terminated: false };
        }
    };
    let mut bridge = Bridge { ctx, work: HashMap::new(), results, acks_in, acks_out };
    let mut heard = Instant::now();
    loop {
        if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
            break;
        }
        if ctx.board.ended() && heard.elapsed() > IDLE_AFTER_END {
            break;
        }
        let forwarded = bridge.forward_acks().and_then(|()| match relay.recv(Some(POLL)) {
            Ok(message) => {
                heard = Instant::now();
                bridge.forward(message)
            }
            Err(e) if e.is_timeout() => Ok(false),
            Err(e) => Err(format!("the bridge cannot receive: {e}")),
        });
        match forwarded {
            // The origin's End went through: every event of the segment has.
            Ok(true) => break,
            Ok(false) => {}
            Err(_) if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() => break,
            Err(e) => {
                internal_error(ctx, e);
                return End { code: EXIT_INTERNAL, terminated: false };
            }
        }
    }
    // The custody's last acks and the workers' last credits, for an origin still waiting.
    let _ = bridge.forward_acks();
    End { code: EXIT_OK, terminated: false }
}

impl Bridge<'_, '_> {
    /// Puts one message from the origin into its channel on this host; true for `End`.
    fn forward(&mut self, message: Message) -> Result<bool, String> {
        let head = message.parts.first().ok_or("the bridge got an empty message")?;
        let header = Header::decode(head.as_slice()).map_err(|e| e.to_string())?;
        // On shm, sending copies each part once into a block of the host's segment: the
        // receivers map the event where it lies.
        let landed = message;
        let end = header.kind == Kind::End;
        match header.kind {
            Kind::Dispatch => {
                let (w, generation) = (header.origin.worker, header.origin.generation);
                match self.work.get(&w) {
                    // A dispatch for a generation already gone: the origin re-sends it.
                    Some((current, _)) if *current > generation => return Ok(false),
                    Some((current, _)) if *current == generation => {}
                    _ => {
                        let channel = self
                            .ctx
                            .net
                            .work(w as usize, generation, Pattern::Push)
                            .map_err(|e| format!("the bridge cannot open the channel to worker {}: {e}", w + 1))?;
                        self.work.insert(w, (generation, channel));
                    }
                }
                let (_, channel) = self.work.get_mut(&w).expect("opened above");
                send(self.ctx, channel, &landed)?;
            }
            Kind::Result | Kind::End | Kind::RunEnd => send(self.ctx, &mut self.results, &landed)?,
            other => return Err(format!("the bridge got a {other:?} message from the origin")),
        }
        self.ctx.board.counters().relayed.fetch_add(1, Ordering::Relaxed);
        Ok(end)
    }

    /// Sends the origin what the host's processes sent it (acks, credits).
    fn forward_acks(&mut self) -> Result<(), String> {
        loop {
            match self.acks_in.recv(Some(Duration::ZERO)) {
                Ok(message) => send(self.ctx, &mut self.acks_out, &message)?,
                Err(e) if e.is_timeout() => return Ok(()),
                Err(e) => return Err(format!("the bridge cannot receive acks: {e}")),
            }
        }
    }
}

/// Sends, waiting as long as the job goes on.
fn send(ctx: &Ctx<'_>, channel: &mut Channel, message: &Message) -> Result<(), String> {
    loop {
        match channel.send(message, Some(POLL)) {
            Ok(()) => return Ok(()),
            Err(e) if is_not_ready(&e) => {
                if ctx.board.stop() == Stop::Abort || ctx.monitor_gone() {
                    return Err("the job was aborted".into());
                }
            }
            Err(e) => return Err(format!("the bridge cannot send: {e}")),
        }
    }
}
