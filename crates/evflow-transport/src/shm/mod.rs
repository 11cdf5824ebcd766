//! Shared-memory channels (`shm://session/name`), docs/transport.md: an SPSC ring from every
//! sending socket to every receiving socket of a channel; a message part is a block of the
//! session's segment, and only its handle moves. Sending and receiving are here; joining and
//! leaving in `topology.rs`; a process's one slot per session in `session.rs`.

mod session;
mod topology;

use crate::channel::{Options, Pattern};
use crate::error::ChannelError;
use crate::message::{Message, Part};
use evflow_shm::futex::{self, Wait};
use evflow_shm::table::{ChannelEntry, EndpointEntry};
use evflow_shm::{Attached, Block, BlockMut, Handle, Ring, Segment, Slot, INLINE, INLINE_MAX};
use session::Membership;
use std::sync::atomic::{fence, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a socket waiting for a peer checks that the peer is still alive.
const LIVENESS_CHECK: Duration = Duration::from_millis(100);
/// The longest a socket polls for a message or for room before it sleeps on its doorbell: a
/// bounded spin, so an idle socket still uses no CPU.
const SPIN: Duration = Duration::from_micros(50);
/// The shortest spin. A socket adapts its spin between the two to how long its waits last
/// (a running average): twice that while it is at most [`WORTH_SPINNING`] (a busy peer:
/// polling saves a wake-up on both sides), the shortest spin when waits are longer (a slower
/// peer: polling would only burn CPU that another process of the job could use).
const MIN_SPIN: Duration = Duration::from_micros(2);
/// Waits up to this long are cheaper spun than slept (a futex sleep and wake-up costs both
/// sides several microseconds of CPU, tens on a VM).
const WORTH_SPINNING: Duration = Duration::from_micros(20);
/// Pause instructions between two polls of a spin.
const SPIN_BATCH: usize = 32;
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
    /// The bytes of the inline parts of the message popped last.
    inline: Vec<u8>,
    /// Sends and receives so far, to look at the clock only every so often.
    calls: u64,
    /// When to look for dead peers next while busy (an idle socket looks on every wake-up).
    next_liveness_check: Instant,
    /// The process that joined: a child that inherited the socket through fork must not leave.
    opened_by: u32,
    /// How long the next wait polls before it sleeps (between [`MIN_SPIN`] and [`SPIN`]).
    spin: Duration,
    /// Running average of how long waits last.
    typical_wait: Duration,
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
            inline: Vec::new(),
            calls: 0,
            next_liveness_check: Instant::now() + LIVENESS_CHECK,
            opened_by: std::process::id(),
            spin: SPIN,
            typical_wait: WORTH_SPINNING / 2,
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

    /// The blocks of a message, as they go to the process in `slot` (`None` for a part that
    /// travels inline: see [`inline`]): a block of this segment that process does not hold yet
    /// moves by handle; anything else is copied into a new block. Each block returned carries
    /// a reference for the receiver: its holder bit, or, for this process's own slot, a
    /// reference parked in the loopback until it is received.
    fn blocks_for(
        &self,
        message: &Message,
        slot: usize,
        deadline: &Deadline,
    ) -> Result<Vec<Option<Block>>, ChannelError> {
        let myself = slot == self.me().index();
        let mut blocks = Vec::with_capacity(message.parts.len());
        for part in &message.parts {
            if inline(part) {
                blocks.push(None);
                continue;
            }
            if let Part::Shm(block) = part {
                if self.owns(block) && (myself || block.share_with(slot)) {
                    blocks.push(Some(block.clone()));
                    continue;
                }
            }
            match self.copy(part.as_slice(), deadline.get()) {
                Ok(block) => {
                    if !myself {
                        block.share_with(slot);
                    }
                    blocks.push(Some(block));
                }
                Err(e) => {
                    self.unshare_all(&blocks, slot);
                    return Err(e);
                }
            }
        }
        Ok(blocks)
    }

    /// Takes back the receiver's references of blocks that were not delivered.
    fn unshare_all(&self, blocks: &[Option<Block>], slot: usize) {
        if slot != self.me().index() {
            for block in blocks.iter().flatten() {
                block.unshare(slot);
            }
        }
    }

    /// Takes over a handle received from the process in slot `sender` (`usize::MAX`: a sender
    /// that left): from the loopback if that may be this process, which parked its reference
    /// there.
    fn take(&self, handle: Handle, sender: usize) -> Result<Block, evflow_shm::AllocError> {
        let maybe_me = sender == self.me().index() || sender == usize::MAX;
        let parked = if maybe_me { self.membership.loopback().take(handle) } else { None };
        match parked {
            Some(block) => Ok(block),
            None => self.me().adopt(handle),
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
    /// there; `Ok(false)` if not (the caller tries another receiver or waits).
    fn try_send_on(&mut self, link: Link, message: &Message, deadline: &Deadline) -> Result<bool, ChannelError> {
        let ring = self.ring(link.ring)?;
        let receiver_there = ring.consumer() == Some(link.peer_slot);
        let room = ring.has_room(entries_of(message));
        let room = room.map_err(|source| ChannelError::Ring { channel: self.name.clone(), source })?;
        if !receiver_there || !room {
            return Ok(false);
        }
        let blocks = self.blocks_for(message, link.peer_slot, deadline)?;
        let slots: Vec<Slot<'_>> = (message.parts.iter().zip(&blocks))
            .map(|(part, block)| match block {
                Some(block) => Slot::Block(block.handle()),
                None => Slot::Inline(part.as_slice()),
            })
            .collect();
        // A message to this process's own slot: its references wait in the loopback, parked
        // before the push so that a receiving thread never finds the handle without them.
        let loopback = link.peer_slot == self.me().index();
        if loopback {
            blocks.iter().flatten().for_each(|block| self.membership.loopback().put(block.clone()));
        }
        let ring = self.ring(link.ring)?;
        let pushed = ring.try_push_parts(&slots);
        // A reclaimer that released a dead receiver meanwhile may have missed these handles:
        // take the references back, as for a failed push (the receiver never pops them).
        if pushed.is_err() || ring.consumer() != Some(link.peer_slot) {
            if loopback {
                blocks.iter().flatten().for_each(|block| drop(self.membership.loopback().take(block.handle())));
            }
            self.unshare_all(&blocks, link.peer_slot);
            return match pushed {
                Ok(()) | Err(evflow_shm::RingError::Full { .. }) => Ok(false),
                Err(source) => Err(ChannelError::Ring { channel: self.name.clone(), source }),
            };
        }
        let header = ring.header();
        let bytes = message.len() as u64;
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
        let deadline = Deadline::after(timeout);
        match self.pattern {
            Pattern::Pub => self.publish(message),
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
        message: &Message,
        deadline: &Deadline,
        timeout: Option<Duration>,
        only: Option<Link>,
    ) -> Result<Link, ChannelError> {
        let capacity = self.segment().layout().ring_capacity;
        if entries_of(message) > capacity {
            return Err(self.state_error(format!(
                "a message of {} parts ({} ring entries with its small parts' bytes) cannot fit a ring of \
                 {capacity} entries: send fewer, larger parts",
                message.parts.len(),
                entries_of(message)
            )));
        }
        let mut candidates = Vec::new();
        let sent = self.wait_until(deadline, |socket| {
            socket.refresh();
            candidates.clear();
            candidates.extend(socket.outgoing.iter().copied().filter(|l| only.is_none_or(|o| o.same(l))));
            for k in 0..candidates.len() {
                let link = candidates[(socket.next_out + k) % candidates.len()];
                if socket.try_send_on(link, message, deadline)? {
                    socket.next_out = (socket.next_out + k + 1) % candidates.len();
                    return Ok(Some(link));
                }
            }
            if only.is_some() && candidates.is_empty() {
                let detail = "the requester left or died before its reply was sent".to_string();
                return Err(ChannelError::PeerGone { channel: socket.name.clone(), detail });
            }
            Ok(None)
        })?;
        sent.ok_or_else(|| self.send_timeout(timeout, &candidates))
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
        // A peer that is busy right now usually answers within microseconds: poll that long
        // before paying for a futex sleep and wake-up (tens of microseconds on a VM).
        let start = Instant::now();
        let spin_until = start + self.spin;
        while Instant::now() < spin_until.min(deadline.unwrap_or(spin_until)) {
            for _ in 0..SPIN_BATCH {
                std::hint::spin_loop();
            }
            if let Some(value) = attempt(self)? {
                self.adapt_spin(start.elapsed());
                return Ok(Some(value));
            }
        }
        let found = self.sleep_until(deadline, &mut attempt);
        // A wait cut short by its deadline says nothing about the peer unless it outlasted
        // the longest spin.
        let waited = start.elapsed();
        if matches!(found, Ok(Some(_))) || waited > SPIN {
            self.adapt_spin(waited);
        }
        found
    }

    /// Sets the next spin from the running average of waits, `waited` the latest.
    fn adapt_spin(&mut self, waited: Duration) {
        self.typical_wait = (self.typical_wait * 7 + waited.min(LIVENESS_CHECK)) / 8;
        self.spin =
            if self.typical_wait <= WORTH_SPINNING { (self.typical_wait * 2).clamp(MIN_SPIN, SPIN) } else { MIN_SPIN };
    }

    /// The sleeping part of [`ShmSocket::wait_until`].
    fn sleep_until<T>(
        &mut self,
        deadline: Option<Instant>,
        attempt: &mut impl FnMut(&mut Self) -> Result<Option<T>, ChannelError>,
    ) -> Result<Option<T>, ChannelError> {
        loop {
            let now = Instant::now();
            if deadline.is_some_and(|d| d <= now) {
                return Ok(None);
            }
            let seq = self.endpoint_entry(self.endpoint).doorbell.load(Ordering::Acquire);
            self.endpoint_entry(self.endpoint).waiting.store(1, Ordering::Relaxed);
            fence(Ordering::SeqCst);
            let again = attempt(self);
            if !matches!(again, Ok(None)) {
                self.endpoint_entry(self.endpoint).waiting.store(0, Ordering::Relaxed);
                return again;
            }
            let wake_at = deadline.map_or(now + LIVENESS_CHECK, |d| d.min(now + LIVENESS_CHECK));
            let outcome = futex::wait(&self.endpoint_entry(self.endpoint).doorbell, seq, Some(wake_at));
            self.endpoint_entry(self.endpoint).waiting.store(0, Ordering::Relaxed);
            if outcome == Wait::TimedOut {
                self.remove_dead_peers();
            }
            if let Some(value) = attempt(self)? {
                return Ok(Some(value));
            }
        }
    }

    /// Sends to every subscriber with room now, never waiting: a part in this process's memory
    /// is copied into the segment once and shared by all of them. A subscriber whose queue is
    /// full or holds more than its share of the heap (half the heap over the subscribers), or a
    /// segment too full for the copy, counts the message as dropped.
    fn publish(&mut self, message: &Message) -> Result<(), ChannelError> {
        self.refresh();
        if self.outgoing.is_empty() {
            return Ok(());
        }
        let mut shared = Message::new(Vec::with_capacity(message.parts.len()));
        for part in &message.parts {
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
            if behind || !self.try_send_on(link, &shared, &Deadline::after(Some(Duration::ZERO)))? {
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
            match self.take(handle, link.peer_slot) {
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

/// Ring entries a message takes.
fn entries_of(message: &Message) -> usize {
    message.parts.iter().map(|p| if inline(p) { Slot::Inline(p.as_slice()).entries() } else { 1 }).sum()
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
fn ring_doorbell(entry: &EndpointEntry) {
    fence(Ordering::SeqCst);
    if entry.waiting.load(Ordering::Relaxed) != 0 && entry.waiting.swap(0, Ordering::Relaxed) != 0 {
        entry.doorbell.fetch_add(1, Ordering::Release);
        futex::wake(&entry.doorbell, u32::MAX);
    }
}

impl Drop for ShmSocket {
    fn drop(&mut self) {
        // Not joined (a failed open), or inherited through fork: the endpoint is not ours.
        if self.endpoint == usize::MAX || self.opened_by != std::process::id() {
            return;
        }
        let segment = Arc::clone(self.me().segment());
        let lock = segment.lock_control(CONTROL_TIMEOUT);
        if lock.is_some() {
            self.leave_endpoint(self.endpoint, self.channel, true);
        }
        drop(lock);
    }
}
