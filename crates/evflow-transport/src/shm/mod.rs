//! Shared-memory channels (`shm://session/name`), docs/transport.md: an SPSC ring from every
//! sending socket to every receiving socket of a channel; a message part is a block of the
//! session's segment, and only its handle moves. Sending and receiving are here; joining and
//! leaving in `topology.rs`; a process's one slot per session in `session.rs`.

mod session;
mod spin;
mod topology;

use crate::channel::{Options, Pattern, Unsent};
use crate::error::ChannelError;
use crate::message::{Message, Part};
use evflow_shm::futex;
use evflow_shm::table::{ChannelEntry, EndpointEntry};
use evflow_shm::{Attached, Block, BlockMut, Handle, Ring, Segment, Slot, INLINE, INLINE_MAX};
use session::Membership;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a socket waiting for a peer checks that the peer is still alive.
const LIVENESS_CHECK: Duration = Duration::from_millis(100);
/// Pause instructions between two polls of a spin. One, as iceoryx2's subscriber: a pause
/// takes 25 ns on the Zen 3 VM of docs/benchmarks.md, and 32 of them between polls (as
/// before) added 0.4 us to the average wait, most of the one-way latency's gap to iceoryx2.
const SPIN_BATCH: usize = 1;
/// Polls of a wait between two looks for blocks given back ([`Attached::reserve_returned`]):
/// often enough to have one before the answer comes, rarely enough not to take the return
/// queue's line away from the consumer writing it.
const RESERVE_EVERY: u32 = 8;
/// How long joining or leaving waits for the control lock held by a living process.
const CONTROL_TIMEOUT: Duration = Duration::from_secs(10);

/// One ring seen from a socket: its index and the socket at the other end.
#[derive(Clone, Copy, Debug)]
struct Link {
    ring: usize,
    peer: usize,
    /// The peer endpoint's generation: a socket that takes a closed one's place is not it.
    peer_generation: u32,
    peer_slot: usize,
}

impl Link {
    fn same(&self, other: &Link) -> bool {
        (self.ring, self.peer, self.peer_generation) == (other.ring, other.peer, other.peer_generation)
    }
}

pub(crate) struct ShmSocket {
    membership: Membership,
    pattern: Pattern,
    name: String,
    channel: usize,
    endpoint: usize,
    topology_seen: u32,
    outgoing: Vec<Link>,
    incoming: Vec<Link>,
    next_out: usize,
    next_in: usize,
    topics: Vec<Vec<u8>>,
    /// rep: the ring to the requester to reply to; req: the ring from the replier whose answer
    /// is awaited.
    partner: Option<Link>,
    dropped: u64,
    handles: Vec<Handle>,
    /// The parts of the message being sent, made ready for the ring ([`ShmSocket::prepare`]).
    outbound: Vec<Outbound>,
    /// The bytes of the inline parts of the message popped last.
    inline: Vec<u8>,
    /// Sends and receives so far, to look at the clock only every so often.
    calls: u64,
    /// When to look for dead peers next while busy (an idle socket looks on every wake-up).
    next_liveness_check: Instant,
    /// The process that joined: a child that inherited the socket through fork must not leave.
    opened_by: u32,
    /// How long a wait polls before it sleeps.
    spin: spin::Spin,
}

impl ShmSocket {
    pub(crate) fn open(
        pattern: Pattern,
        session: &str,
        name: &str,
        options: &Options,
    ) -> Result<ShmSocket, ChannelError> {
        let label = format!("shm://{session}/{name}");
        let membership = Membership::join(session, &options.segment)
            .map_err(|source| ChannelError::Shm { channel: label.clone(), source })?;
        let mut socket = ShmSocket {
            membership,
            pattern,
            name: label,
            channel: 0,
            endpoint: usize::MAX,
            topology_seen: 0,
            outgoing: Vec::new(),
            incoming: Vec::new(),
            next_out: 0,
            next_in: 0,
            topics: options.topics.clone(),
            partner: None,
            dropped: 0,
            handles: Vec::with_capacity(options.segment.ring_capacity),
            outbound: Vec::new(),
            inline: Vec::new(),
            calls: 0,
            next_liveness_check: Instant::now() + LIVENESS_CHECK,
            opened_by: std::process::id(),
            spin: spin::Spin::new(),
        };
        socket.join(name)?;
        Ok(socket)
    }

    pub(crate) fn me(&self) -> &Attached {
        self.membership.attached()
    }

    fn segment(&self) -> &Segment {
        self.me().segment()
    }

    fn channel_entry(&self) -> &ChannelEntry {
        &self.segment().channels()[self.channel]
    }

    fn endpoint_entry(&self, index: usize) -> &EndpointEntry {
        &self.segment().endpoints()[index]
    }

    fn ring(&self, index: usize) -> Result<Ring<'_>, ChannelError> {
        self.segment().ring(index).map_err(|source| ChannelError::Ring { channel: self.name.clone(), source })
    }

    fn state_error(&self, reason: impl Into<String>) -> ChannelError {
        ChannelError::State { channel: self.name.clone(), reason: reason.into() }
    }

    pub(crate) fn alloc(&self, len: usize, timeout: Option<Duration>) -> Result<BlockMut, ChannelError> {
        self.me()
            .alloc_within(len, timeout)
            .map_err(|source| ChannelError::Alloc { channel: self.name.clone(), source })
    }

    pub(crate) fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Makes ready the parts of a message as they go to the process in `slot`, into
    /// `outbound`: a part that travels inline stays where it is ([`inline`]); a block of
    /// this segment that process does not hold yet moves by handle, handed over if the
    /// message is given up and holds its only reference ([`Block::hand_over`]); anything else
    /// is copied into a new block. Each block carries a reference for the receiver: its holder
    /// bit, or, for this process's own slot, a reference parked in the loopback until it is
    /// received. On an error nothing is left shared.
    fn prepare(
        &self,
        outbound: &mut Vec<Outbound>,
        message: &mut Sending<'_>,
        slot: usize,
        deadline: &Deadline,
    ) -> Result<(), ChannelError> {
        let myself = slot == self.me().index();
        outbound.clear();
        for i in 0..message.parts().len() {
            let part = &message.parts()[i];
            if inline(part) {
                outbound.push(Outbound::Inline);
                continue;
            }
            if let Part::Shm(block) = part {
                if self.owns(block) {
                    let handle = block.handle();
                    if !myself && message.part_to_give(i).is_some_and(|block| block.hand_over(slot)) {
                        outbound.push(Outbound::HandedOver(handle));
                        continue;
                    }
                    let block = match &message.parts()[i] {
                        Part::Shm(block) => block,
                        Part::Bytes(_) => unreachable!("the part is a block"),
                    };
                    if myself || block.share_with(slot) {
                        outbound.push(Outbound::Shared(block.clone()));
                        continue;
                    }
                }
            }
            match self.copy(message.parts()[i].as_slice(), deadline.get()) {
                Ok(block) => {
                    if !myself {
                        block.share_with(slot);
                    }
                    outbound.push(Outbound::Shared(block));
                }
                Err(e) => {
                    self.unshare_outbound(outbound, message, slot);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Takes back the receiver's references of the blocks in `outbound`, which were not
    /// delivered; a block handed over comes back to the message. `false` if one could not (a
    /// reclaimer of the dead receiver freed it): the message is lost.
    fn unshare_outbound(&self, outbound: &mut Vec<Outbound>, message: &mut Sending<'_>, slot: usize) -> bool {
        let me = self.me().index();
        let mut whole = true;
        for (i, outbound) in outbound.drain(..).enumerate() {
            match outbound {
                Outbound::Shared(block) if slot != me => block.unshare(slot),
                Outbound::HandedOver(_) => whole &= message.part_to_give(i).is_some_and(|b| b.take_back(slot)),
                _ => {}
            }
        }
        if !whole {
            message.lose();
        }
        whole
    }

    /// Takes over a handle received over `link` (whose sender slot is `usize::MAX` if it left):
    /// from the loopback if that may be this process, which parked its reference there.
    fn take(&self, handle: Handle, link: Link) -> Result<Block, evflow_shm::AllocError> {
        let maybe_me = link.peer_slot == self.me().index() || link.peer_slot == usize::MAX;
        let parked = if maybe_me { self.membership.loopback().take(handle) } else { None };
        match parked {
            Some(block) => Ok(block),
            None => self.me().adopt_from(handle, link.ring),
        }
    }

    /// Drops the receiver's reference of a handle that will not be received.
    fn release(&self, handle: Handle, slot: usize) {
        if slot == self.me().index() {
            if self.membership.loopback().take(handle).is_none() {
                let _ = self.me().release_for(handle, slot);
            }
        } else {
            let _ = self.me().release_for(handle, slot);
        }
    }

    fn copy(&self, bytes: &[u8], deadline: Option<Instant>) -> Result<Block, ChannelError> {
        let mut block = self
            .me()
            .alloc(bytes.len(), deadline)
            .map_err(|source| ChannelError::Alloc { channel: self.name.clone(), source })?;
        block.as_mut_slice().copy_from_slice(bytes);
        Ok(block.freeze())
    }

    /// Whether a block lies in this socket's segment.
    fn owns(&self, block: &Block) -> bool {
        let base = self.segment().header() as *const _ as usize;
        let address = block.as_ptr() as usize;
        address >= base && address < base + self.segment().layout().size
    }

    /// Pushes a message into `link`'s ring if it has room now and its receiver is still
    /// there; `Ok(false)` if not (the caller tries another receiver or waits), with the
    /// message untouched. Once its parts are made ready the message is sent or, on an error,
    /// given up (if it was the caller's to give).
    fn try_send_on(
        &mut self,
        link: Link,
        message: &mut Sending<'_>,
        deadline: &Deadline,
    ) -> Result<bool, ChannelError> {
        let mut outbound = std::mem::take(&mut self.outbound);
        let sent = self.push_on(&mut outbound, link, message, deadline);
        outbound.clear();
        self.outbound = outbound;
        sent
    }

    /// [`ShmSocket::try_send_on`] with the list it makes the parts ready in.
    fn push_on(
        &self,
        outbound: &mut Vec<Outbound>,
        link: Link,
        message: &mut Sending<'_>,
        deadline: &Deadline,
    ) -> Result<bool, ChannelError> {
        let ring = self.ring(link.ring)?;
        let receiver_there = ring.consumer() == Some(link.peer_slot);
        let room = ring.has_room(entries_of(message.parts()));
        let room = room.map_err(|source| ChannelError::Ring { channel: self.name.clone(), source })?;
        if !receiver_there || !room {
            return Ok(false);
        }
        self.prepare(outbound, message, link.peer_slot, deadline)?;
        // A message to this process's own slot: its references wait in the loopback, parked
        // before the push so that a receiving thread never finds the handle without them.
        let loopback = link.peer_slot == self.me().index();
        if loopback {
            for part in outbound.iter() {
                if let Outbound::Shared(block) = part {
                    self.membership.loopback().put(block.clone());
                }
            }
        }
        let slots = message.parts().iter().zip(outbound.iter()).map(|(part, outbound)| match outbound {
            Outbound::Inline => Slot::Inline(part.as_slice()),
            Outbound::Shared(block) => Slot::Block(block.handle()),
            Outbound::HandedOver(handle) => Slot::Block(*handle),
        });
        let pushed = ring.try_push_parts(slots);
        // A reclaimer that released a dead receiver meanwhile may have missed these handles:
        // take the references back, as for a failed push (the receiver never pops them).
        if pushed.is_err() || ring.consumer() != Some(link.peer_slot) {
            if loopback {
                for part in outbound.iter() {
                    if let Outbound::Shared(block) = part {
                        drop(self.membership.loopback().take(block.handle()));
                    }
                }
            }
            let whole = self.unshare_outbound(outbound, message, link.peer_slot);
            return match pushed {
                Ok(()) | Err(evflow_shm::RingError::Full { .. }) if whole => Ok(false),
                Ok(()) | Err(evflow_shm::RingError::Full { .. }) => Err(ChannelError::PeerGone {
                    channel: self.name.clone(),
                    detail: "the receiver died while the message was sent, and its blocks were freed with it"
                        .to_string(),
                }),
                Err(source) => Err(ChannelError::Ring { channel: self.name.clone(), source }),
            };
        }
        let header = ring.header();
        let bytes = message.parts().iter().map(Part::len).sum::<usize>() as u64;
        header.bytes_pushed.store(header.bytes_pushed.load(Ordering::Relaxed).wrapping_add(bytes), Ordering::Relaxed);
        ring_doorbell(self.endpoint_entry(link.peer));
        Ok(true)
    }

    /// Payload bytes queued in a ring (a snapshot).
    fn queued_bytes(ring: &Ring<'_>) -> u64 {
        let header = ring.header();
        header.bytes_pushed.load(Ordering::Relaxed).wrapping_sub(header.bytes_popped.load(Ordering::Relaxed))
    }

    pub(crate) fn send(&mut self, message: &Message, timeout: Option<Duration>) -> Result<(), ChannelError> {
        self.send_message(&mut Sending::Borrowed(message), timeout)
    }

    /// [`ShmSocket::send`] of a message given up: a block it holds the only reference to
    /// moves with its holder bit handed over ([`Block::hand_over`]). `Err` with the message
    /// back if it was not sent (it is lost only if its receiver died while it was sent).
    pub(crate) fn send_owned(&mut self, message: Message, timeout: Option<Duration>) -> Result<(), Box<Unsent>> {
        let mut given = Some(message);
        self.send_message(&mut Sending::Owned(&mut given), timeout)
            .map_err(|error| Box::new(Unsent { error, message: given }))
    }

    fn send_message(&mut self, message: &mut Sending<'_>, timeout: Option<Duration>) -> Result<(), ChannelError> {
        let deadline = Deadline::after(timeout);
        match self.pattern {
            Pattern::Pub => self.publish(message.parts()),
            Pattern::Rep => {
                let requester = self
                    .partner
                    .ok_or_else(|| self.state_error("a rep channel must receive a request before sending a reply"))?;
                self.partner = None;
                self.send_to(message, &deadline, timeout, Some(requester)).map(|_| ())
            }
            Pattern::Req => {
                if self.partner.is_some() {
                    return Err(self.state_error("a req channel must receive the reply before sending another request"));
                }
                let sent = self.send_to(message, &deadline, timeout, None)?;
                // The reply comes on the ring back from that very replier (not from whichever
                // socket takes its endpoint's place if it dies).
                let back =
                    self.incoming.iter().find(|l| l.peer == sent.peer && l.peer_generation == sent.peer_generation);
                self.partner = Some(back.copied().unwrap_or(Link { ring: usize::MAX, ..sent }));
                Ok(())
            }
            _ => self.send_to(message, &deadline, timeout, None).map(|_| ()),
        }
    }

    /// Sends to the next receiver in turn with room (or only on the ring of `only`), waiting
    /// until `deadline`; returns the link it went on.
    fn send_to(
        &mut self,
        message: &mut Sending<'_>,
        deadline: &Deadline,
        timeout: Option<Duration>,
        only: Option<Link>,
    ) -> Result<Link, ChannelError> {
        let capacity = self.segment().layout().ring_capacity;
        let entries = entries_of(message.parts());
        if entries > capacity {
            return Err(self.state_error(format!(
                "a message of {} parts ({entries} ring entries with its small parts' bytes) cannot fit a ring of \
                 {capacity} entries: send fewer, larger parts",
                message.parts().len(),
            )));
        }
        let sent = self.wait_until(deadline, |socket| {
            socket.refresh();
            // The links to try, in turn from the one after the last used (no list is made:
            // this runs for every message).
            let count = match only {
                None => socket.outgoing.len(),
                Some(o) => socket.outgoing.iter().filter(|l| o.same(l)).count(),
            };
            for k in 0..count {
                let link = match only {
                    None => socket.outgoing[(socket.next_out + k) % count],
                    Some(o) => *socket.outgoing.iter().filter(|l| o.same(l)).nth(k).expect("counted"),
                };
                if socket.try_send_on(link, message, deadline)? {
                    socket.next_out = (socket.next_out + k + 1) % count;
                    return Ok(Some(link));
                }
            }
            if only.is_some() && count == 0 {
                let detail = "the requester left or died before its reply was sent".to_string();
                return Err(ChannelError::PeerGone { channel: socket.name.clone(), detail });
            }
            Ok(None)
        })?;
        sent.ok_or_else(|| {
            let candidates: Vec<Link> =
                self.outgoing.iter().copied().filter(|l| only.is_none_or(|o| o.same(l))).collect();
            self.send_timeout(timeout, &candidates)
        })
    }

    fn send_timeout(&self, timeout: Option<Duration>, candidates: &[Link]) -> ChannelError {
        let after = timeout.unwrap_or_default();
        if candidates.is_empty() {
            let detail = "no receiver has joined the channel".to_string();
            return ChannelError::QueueFull { channel: self.name.clone(), after, detail };
        }
        let detail = candidates
            .iter()
            .map(|l| {
                let pid = self.endpoint_entry(l.peer).pid.load(Ordering::Relaxed);
                let queued = self.segment().ring(l.ring).map_or(0, |r| r.len());
                format!("receiver pid {pid} has {queued} of {} entries queued", self.segment().layout().ring_capacity)
            })
            .collect::<Vec<_>>()
            .join(", ");
        ChannelError::QueueFull { channel: self.name.clone(), after, detail }
    }

    /// Runs `attempt` until it gives a value, sleeping on this socket's doorbell between
    /// tries; `Ok(None)` once the deadline has passed. The protocol of `Ring::wait_for`: read
    /// the doorbell, set `waiting`, try again, and sleep only while the doorbell is unchanged,
    /// so a peer that publishes and then sees no `waiting` flag cannot have been missed. A
    /// sleep ends at least every [`LIVENESS_CHECK`] to remove peers that died.
    fn wait_until<T>(
        &mut self,
        deadline: &Deadline,
        mut attempt: impl FnMut(&mut Self) -> Result<Option<T>, ChannelError>,
    ) -> Result<Option<T>, ChannelError> {
        if let Some(value) = attempt(self)? {
            return Ok(Some(value));
        }
        let deadline = deadline.get();
        // The blocks this process gave back since its returns' last whole line go out now: a
        // peer may be waiting for them to allocate (docs/shm.md, section 5, "Returns").
        self.me().publish_returns();
        // A peer that is busy right now usually answers within microseconds: poll that long
        // before paying for a futex sleep and wake-up (tens of microseconds on a VM).
        let start = Instant::now();
        let spin_until = start + self.spin.budget(start);
        let mut polls = 0u32;
        while Instant::now() < spin_until.min(deadline.unwrap_or(spin_until)) {
            for _ in 0..SPIN_BATCH {
                std::hint::spin_loop();
            }
            polls = polls.wrapping_add(1);
            if polls.is_multiple_of(RESERVE_EVERY) {
                // While it waits, the process takes a block its consumer gave back, so that its
                // next allocation is served without a cache line from another CPU.
                self.me().reserve_returned();
            }
            if let Some(value) = attempt(self)? {
                self.spin.waited(start.elapsed());
                return Ok(Some(value));
            }
        }
        let found = self.sleep_until(deadline, &mut attempt);
        // A wait cut short by its deadline says nothing about the peer unless it outlasted
        // the longest spin.
        let waited = start.elapsed();
        if matches!(found, Ok(Some(_))) || waited > spin::SPIN {
            self.spin.waited(waited);
        }
        found
    }

    /// The sleeping part of [`ShmSocket::wait_until`]. The endpoint's `waiting` flag stays
    /// raised across the sleeps (a notifier that rings takes it down); the first sleep after
    /// raising it lasts at most [`futex::WAKE_GRACE`], since notifiers make no fence
    /// (docs/shm.md, section 5, "Waking without a fence").
    fn sleep_until<T>(
        &mut self,
        deadline: Option<Instant>,
        attempt: &mut impl FnMut(&mut Self) -> Result<Option<T>, ChannelError>,
    ) -> Result<Option<T>, ChannelError> {
        let mut raised = None;
        let mut next_liveness_check = Instant::now() + LIVENESS_CHECK;
        let found = loop {
            let now = Instant::now();
            if deadline.is_some_and(|d| d <= now) {
                break Ok(None);
            }
            let entry = self.endpoint_entry(self.endpoint);
            let seq = entry.doorbell.load(Ordering::Acquire);
            if raised.is_none() || entry.waiting.load(Ordering::Relaxed) == 0 {
                entry.waiting.store(1, Ordering::Relaxed);
                raised = Some(now);
            }
            futex::full_fence();
            match attempt(self) {
                Ok(None) => {}
                again => break again,
            }
            let grace_end = raised.map(|r| r + futex::WAKE_GRACE).filter(|&g| g > now);
            let wake_at = [deadline, grace_end, Some(next_liveness_check)].into_iter().flatten().min();
            futex::wait(&self.endpoint_entry(self.endpoint).doorbell, seq, wake_at);
            if Instant::now() >= next_liveness_check {
                self.remove_dead_peers();
                next_liveness_check = Instant::now() + LIVENESS_CHECK;
            }
        };
        self.endpoint_entry(self.endpoint).waiting.store(0, Ordering::Relaxed);
        found
    }

    /// Sends to every subscriber with room now, never waiting: a part in this process's memory
    /// is copied into the segment once and shared by all of them. A subscriber whose queue is
    /// full or holds more than its share of the heap (half the heap over the subscribers), or a
    /// segment too full for the copy, counts the message as dropped.
    fn publish(&mut self, parts: &[Part]) -> Result<(), ChannelError> {
        self.refresh();
        if self.outgoing.is_empty() {
            return Ok(());
        }
        let mut shared = Message::new(Vec::with_capacity(parts.len()));
        for part in parts {
            shared.parts.push(match part {
                Part::Shm(block) if self.owns(block) => part.clone(),
                _ if inline(part) => part.clone(),
                _ => match self.copy(part.as_slice(), Some(Instant::now())) {
                    Ok(block) => Part::Shm(block),
                    Err(ChannelError::Alloc { source: evflow_shm::AllocError::SegmentFull { .. }, .. }) => {
                        self.dropped += self.outgoing.len() as u64;
                        return Ok(());
                    }
                    Err(e) => return Err(e),
                },
            });
        }
        // One subscriber may hold a share of the heap, so that slow ones cannot starve the rest.
        let heap = (self.segment().layout().heap_pages * evflow_shm::layout::PAGE_LEN) as u64;
        let share = heap / (2 * self.outgoing.len() as u64);
        for link in self.outgoing.clone() {
            let behind = self.ring(link.ring).map(|r| Self::queued_bytes(&r) > share)?;
            let zero = Deadline::after(Some(Duration::ZERO));
            if behind || !self.try_send_on(link, &mut Sending::Borrowed(&shared), &zero)? {
                self.dropped += 1;
            }
        }
        Ok(())
    }

    pub(crate) fn recv(&mut self, timeout: Option<Duration>) -> Result<Message, ChannelError> {
        if self.pattern == Pattern::Req && self.partner.is_none() {
            return Err(self.state_error("a req channel must send a request before receiving"));
        }
        if self.pattern == Pattern::Rep && self.partner.is_some() {
            return Err(self.state_error("a rep channel must send the reply before receiving the next request"));
        }
        let deadline = Deadline::after(timeout);
        let received = self.wait_until(&deadline, |socket| {
            socket.refresh();
            if socket.pattern == Pattern::Req {
                return socket.try_recv_reply();
            }
            for k in 0..socket.incoming.len() {
                let link = socket.incoming[(socket.next_in + k) % socket.incoming.len()];
                let Some(message) = socket.try_recv_on(link)? else { continue };
                socket.next_in = (socket.next_in + k + 1) % socket.incoming.len();
                if socket.pattern == Pattern::Sub && !socket.subscribed(&message) {
                    return socket.skip_unsubscribed();
                }
                if socket.pattern == Pattern::Rep {
                    // The reply goes back on the ring to that very requester.
                    let back = socket
                        .outgoing
                        .iter()
                        .find(|l| l.peer == link.peer && l.peer_generation == link.peer_generation);
                    socket.partner = Some(back.copied().unwrap_or(Link { ring: usize::MAX, ..link }));
                }
                return Ok(Some(message));
            }
            Ok(None)
        })?;
        received.ok_or_else(|| ChannelError::Timeout { channel: self.name.clone(), after: timeout.unwrap_or_default() })
    }

    /// A req's reply: only from the ring back from the replier the request went to, which
    /// stays readable after that replier has closed.
    fn try_recv_reply(&mut self) -> Result<Option<Message>, ChannelError> {
        let partner = self.partner.expect("a req receives only after sending");
        let link = self.incoming.iter().copied().find(|l| {
            l.ring == partner.ring
                && (l.peer == usize::MAX || (l.peer == partner.peer && l.peer_generation == partner.peer_generation))
        });
        let Some(link) = link else {
            self.partner = None;
            let detail = "the replier left or died before replying: send the request again".to_string();
            return Err(ChannelError::PeerGone { channel: self.name.clone(), detail });
        };
        let reply = self.try_recv_on(link)?;
        if reply.is_some() {
            self.partner = None;
        }
        Ok(reply)
    }

    /// After a message no topic matched: try again at once (more may be queued).
    fn skip_unsubscribed(&mut self) -> Result<Option<Message>, ChannelError> {
        for k in 0..self.incoming.len() {
            let link = self.incoming[(self.next_in + k) % self.incoming.len()];
            while let Some(message) = self.try_recv_on(link)? {
                if self.subscribed(&message) {
                    return Ok(Some(message));
                }
            }
        }
        Ok(None)
    }

    fn subscribed(&self, message: &Message) -> bool {
        let first = message.parts.first().map_or(&[][..], Part::as_slice);
        self.topics.is_empty() || self.topics.iter().any(|t| first.starts_with(t))
    }

    /// Pops one message from `link`'s ring, if there is one.
    fn try_recv_on(&mut self, link: Link) -> Result<Option<Message>, ChannelError> {
        let (mut handles, mut inline) = (std::mem::take(&mut self.handles), std::mem::take(&mut self.inline));
        let result = self.pop_from(link, &mut handles, &mut inline);
        (self.handles, self.inline) = (handles, inline);
        result
    }

    fn pop_from(
        &mut self,
        link: Link,
        handles: &mut Vec<Handle>,
        inline: &mut Vec<u8>,
    ) -> Result<Option<Message>, ChannelError> {
        let ring = self.ring(link.ring)?;
        match ring.try_pop_parts(handles, inline) {
            Err(evflow_shm::RingError::Empty { .. }) => return Ok(None),
            Err(source) => {
                ring.reset();
                return Err(ChannelError::Ring { channel: self.name.clone(), source });
            }
            Ok(()) => {}
        }
        for handle in handles.iter().filter(|h| h.offset != INLINE) {
            self.me().prefetch(*handle);
        }
        let header = ring.header();
        let bytes: u64 = handles.iter().map(|h| h.len).sum();
        header.bytes_popped.store(header.bytes_popped.load(Ordering::Relaxed).wrapping_add(bytes), Ordering::Relaxed);
        if link.peer != usize::MAX {
            ring_doorbell(self.endpoint_entry(link.peer));
        }
        let mut parts = Vec::with_capacity(handles.len());
        let mut failure = None;
        for &handle in handles.iter() {
            if handle.offset == INLINE {
                let start = handle.generation as usize;
                parts.push(Part::Bytes(bytes::Bytes::copy_from_slice(&inline[start..start + handle.len as usize])));
                continue;
            }
            match self.take(handle, link) {
                Ok(block) => parts.push(Part::Shm(block)),
                Err(source) => failure = Some(ChannelError::Alloc { channel: self.name.clone(), source }),
            }
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(Some(Message::new(parts))),
        }
    }
}

/// Whether a part travels inline in the ring rather than in a block: at most
/// [`INLINE_MAX`] bytes (docs/shm.md, section 5). Copying them costs less than the cache lines
/// a block's allocation, holder bit and free move between two CPUs.
fn inline(part: &Part) -> bool {
    part.len() <= INLINE_MAX
}

/// Ring entries a message of `parts` takes.
fn entries_of(parts: &[Part]) -> usize {
    parts.iter().map(|p| if inline(p) { Slot::Inline(p.as_slice()).entries() } else { 1 }).sum()
}

/// A message being sent: the caller's, which it keeps, or one it gives up.
enum Sending<'m> {
    Borrowed(&'m Message),
    /// `Some` until sent; `None` once given up on an error.
    Owned(&'m mut Option<Message>),
}

impl Sending<'_> {
    fn parts(&self) -> &[Part] {
        match self {
            Sending::Borrowed(message) => &message.parts,
            Sending::Owned(message) => message.as_ref().map_or(&[], |m| &m.parts),
        }
    }

    /// Drops a given-up message that can no longer be sent (a block handed to a receiver
    /// that died was freed with it): the caller gets `None` back.
    fn lose(&mut self) {
        if let Sending::Owned(message) = self {
            **message = None;
        }
    }

    /// Part `i`'s block, if the message is given up (so its references may move).
    fn part_to_give(&mut self, i: usize) -> Option<&mut Block> {
        match self {
            Sending::Owned(Some(message)) => match message.parts.get_mut(i) {
                Some(Part::Shm(block)) => Some(block),
                _ => None,
            },
            _ => None,
        }
    }
}

/// One part of a message made ready for the ring ([`ShmSocket::prepare`]).
enum Outbound {
    /// The part's bytes, copied into the ring.
    Inline,
    /// A block with a reference for the receiver: the part's own, shared, or a copy.
    Shared(Block),
    /// The part's own block, this process's holder bit handed to the receiver.
    HandedOver(Handle),
}

/// A send's or receive's deadline, read off the clock only when first needed: a message, or
/// room, found at the first try costs no clock read.
struct Deadline {
    timeout: Option<Duration>,
    at: std::cell::Cell<Option<Instant>>,
}

impl Deadline {
    fn after(timeout: Option<Duration>) -> Deadline {
        Deadline { timeout, at: std::cell::Cell::new(None) }
    }

    /// The deadline (`None`: none), fixed at the first call.
    fn get(&self) -> Option<Instant> {
        let timeout = self.timeout?;
        Some(*self.at.get().get_or_insert_with(|| Instant::now() + timeout))
    }
}

/// Wakes a socket if it sleeps on its doorbell (no system call when it does not). The flag is
/// taken (swapped to 0): one wake-up per sleep, however many messages follow before it runs.
/// No fence between the caller's publication and the read of the flag: the sleeper's grace
/// period covers a read that went ahead of the publication (docs/shm.md, section 5).
fn ring_doorbell(entry: &EndpointEntry) {
    std::sync::atomic::compiler_fence(Ordering::SeqCst);
    if entry.waiting.load(Ordering::Relaxed) != 0 && entry.waiting.swap(0, Ordering::Relaxed) != 0 {
        entry.doorbell.fetch_add(1, Ordering::Release);
        futex::wake(&entry.doorbell, u32::MAX);
        spin::woke_a_peer();
    }
}

impl Drop for ShmSocket {
    fn drop(&mut self) {
        // Not joined (a failed open), or inherited through fork: the endpoint is not ours.
        if self.endpoint == usize::MAX || self.opened_by != std::process::id() {
            return;
        }
        for link in &self.outgoing {
            self.me().produce_into(link.ring, false);
        }
        let segment = Arc::clone(self.me().segment());
        let lock = segment.lock_control(CONTROL_TIMEOUT);
        if lock.is_some() {
            self.leave_endpoint(self.endpoint, self.channel, true);
        }
        drop(lock);
    }
}
