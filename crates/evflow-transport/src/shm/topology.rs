//! Joining and leaving a shm channel (docs/transport.md): the channel and endpoint tables,
//! a ring from every sender to every receiver, dead peers removed, rings freed once both
//! sides have gone. Everything here runs under the session's control lock, or reads what
//! such a step published; messages never take the lock.

use super::{Link, ShmSocket, CONTROL_TIMEOUT, LIVENESS_CHECK};
use crate::channel::Pattern;
use crate::error::ChannelError;
use evflow_shm::futex;
use evflow_shm::layout::{MAX_CHANNELS, MAX_ENDPOINTS, MAX_PROCESSES, MAX_RINGS};
use evflow_shm::table::EndpointEntry;
use evflow_shm::Ring;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// States of a ring, in its header's `state` word.
mod ring_state {
    pub const FREE: u32 = 0;
    pub const OPEN: u32 = 1;
}

fn pattern_code(pattern: Pattern) -> u32 {
    Pattern::ALL.iter().position(|&p| p == pattern).expect("listed") as u32 + 1
}

fn family(pattern: Pattern) -> u32 {
    match pattern {
        Pattern::Push | Pattern::Pull => 1,
        Pattern::Pub | Pattern::Sub => 2,
        Pattern::Req | Pattern::Rep => 3,
    }
}

fn family_name(code: u32) -> &'static str {
    match code {
        1 => "push/pull",
        2 => "pub/sub",
        3 => "req/rep",
        _ => "unknown",
    }
}

/// Whether a socket of pattern `from` sends to a socket of pattern `to`.
fn sends_to(from: u32, to: u32) -> bool {
    let pattern = |code: u32| Pattern::ALL.get((code as usize).wrapping_sub(1)).copied();
    let (Some(from), Some(to)) = (pattern(from), pattern(to)) else {
        return false;
    };
    from.can_send() && from.peer() == to
}

impl ShmSocket {
    /// Joins the channel: finds or names it, claims an endpoint and a ring to and from every
    /// peer socket already there.
    pub(super) fn join(&mut self, name: &str) -> Result<(), ChannelError> {
        self.remove_dead_peers();
        let segment = Arc::clone(self.me().segment());
        let _lock = segment.lock_control(CONTROL_TIMEOUT).ok_or_else(|| self.busy_lock())?;
        let channels = segment.channels();
        let family = family(self.pattern);
        // Checked first, so that a full table leaves no channel named without a socket.
        let endpoints = segment.endpoints();
        let endpoint = endpoints.iter().position(|e| e.channel.load(Ordering::Acquire) == 0).ok_or_else(|| {
            self.state_error(format!("all {} sockets of the session are taken: close some", endpoints.len()))
        })?;
        let existing = channels.iter().position(|c| c.name().as_deref() == Some(name));
        let channel = match existing {
            Some(i) => {
                let found = channels[i].family.load(Ordering::Acquire);
                if found != family {
                    return Err(self.state_error(format!(
                        "a {} socket cannot join a {} channel: use the matching pattern or another name",
                        self.pattern,
                        family_name(found)
                    )));
                }
                i
            }
            None => {
                let free = channels.iter().position(|c| c.family.load(Ordering::Acquire) == 0).ok_or_else(|| {
                    self.state_error(format!("all {} channel names of the session are taken", channels.len()))
                })?;
                channels[free].set_name(name);
                channels[free].family.store(family, Ordering::Release);
                free
            }
        };
        let mine = &endpoints[endpoint];
        let my_pattern = pattern_code(self.pattern);
        mine.pattern.store(my_pattern, Ordering::Relaxed);
        mine.slot.store(self.me().index() as u32 + 1, Ordering::Relaxed);
        mine.pid.store(std::process::id(), Ordering::Relaxed);
        mine.waiting.store(0, Ordering::Relaxed);
        mine.generation.fetch_add(1, Ordering::AcqRel);
        mine.channel.store(channel as u32 + 1, Ordering::Release);
        self.channel = channel;
        self.endpoint = endpoint;
        for (peer, entry) in endpoints.iter().enumerate() {
            if peer == endpoint || entry.channel.load(Ordering::Acquire) != channel as u32 + 1 {
                continue;
            }
            let peer_pattern = entry.pattern.load(Ordering::Relaxed);
            if sends_to(my_pattern, peer_pattern) {
                self.open_ring(endpoint, peer)?;
            }
            if sends_to(peer_pattern, my_pattern) {
                self.open_ring(peer, endpoint)?;
            }
        }
        self.announce();
        Ok(())
    }

    /// Claims a free ring from `sender` to `receiver` (under the control lock).
    fn open_ring(&self, sender: usize, receiver: usize) -> Result<(), ChannelError> {
        let endpoints = self.segment().endpoints();
        let sender_slot = (endpoints[sender].slot.load(Ordering::Relaxed) as usize).wrapping_sub(1);
        let receiver_slot = (endpoints[receiver].slot.load(Ordering::Relaxed) as usize).wrapping_sub(1);
        for index in 0..MAX_RINGS {
            let ring = self.ring(index)?;
            let header = ring.header();
            if header.state.load(Ordering::Acquire) != ring_state::FREE {
                continue;
            }
            ring.reset();
            self.segment().recycle_returns(&ring);
            if let Some(old) = ring.producer() {
                ring.release_producer(old);
            }
            if let Some(old) = ring.consumer() {
                ring.release_consumer(old);
            }
            ring.claim_producer(sender_slot)
                .map_err(|source| ChannelError::Ring { channel: self.name.clone(), source })?;
            ring.claim_consumer(receiver_slot)
                .map_err(|source| ChannelError::Ring { channel: self.name.clone(), source })?;
            header.channel.store(self.channel as u32 + 1, Ordering::Relaxed);
            header.sender.store(sender as u32 + 1, Ordering::Relaxed);
            header.receiver.store(receiver as u32 + 1, Ordering::Relaxed);
            header.receiver_slot.store(receiver_slot as u32 + 1, Ordering::Relaxed);
            header.state.store(ring_state::OPEN, Ordering::Release);
            return Ok(());
        }
        Err(self.state_error(format!(
            "all {} rings of the session are in use (one per sender and receiver pair): use fewer sockets",
            MAX_RINGS
        )))
    }

    /// Bumps the channel's topology and wakes every socket on it.
    fn announce(&self) {
        self.channel_entry().topology.fetch_add(1, Ordering::AcqRel);
        let tag = self.channel as u32 + 1;
        for entry in self.segment().endpoints() {
            if entry.channel.load(Ordering::Acquire) == tag {
                entry.doorbell.fetch_add(1, Ordering::Release);
                futex::wake(&entry.doorbell, u32::MAX);
            }
        }
    }

    fn busy_lock(&self) -> ChannelError {
        self.state_error(format!(
            "another process of the session held its control lock for {CONTROL_TIMEOUT:?}: it is stuck; stop it"
        ))
    }

    /// Re-reads this socket's rings if sockets joined or left the channel since last time,
    /// and frees the rings whose other side has gone (once nothing is left in them for us).
    /// A socket that joined may take a dead one's place (a restarted receiver): the dead are
    /// removed first, so that nothing sent from then on goes into a ring nobody reads.
    pub(super) fn refresh(&mut self) {
        self.calls = self.calls.wrapping_add(1);
        if self.calls.is_multiple_of(64) {
            let now = Instant::now();
            if now >= self.next_liveness_check {
                self.next_liveness_check = now + LIVENESS_CHECK;
                self.remove_dead_peers();
            }
        }
        let mut topology = self.channel_entry().topology.load(Ordering::Acquire);
        if topology == self.topology_seen && !self.incoming.iter().any(|l| l.peer == usize::MAX) {
            return;
        }
        if topology != self.topology_seen {
            self.remove_dead_peers();
            topology = self.channel_entry().topology.load(Ordering::Acquire);
        }
        self.topology_seen = topology;
        let me = self.endpoint as u32 + 1;
        let (mut outgoing, mut incoming, mut orphans) = (Vec::new(), Vec::new(), Vec::new());
        for index in 0..MAX_RINGS {
            let Ok(ring) = self.segment().ring(index) else { continue };
            let header = ring.header();
            if header.state.load(Ordering::Acquire) != ring_state::OPEN {
                continue;
            }
            let (sender, receiver) = (header.sender.load(Ordering::Relaxed), header.receiver.load(Ordering::Relaxed));
            if sender as usize > MAX_ENDPOINTS || receiver as usize > MAX_ENDPOINTS {
                continue;
            }
            let generation =
                |endpoint: u32| self.endpoint_entry(endpoint as usize - 1).generation.load(Ordering::Acquire);
            if sender == me && receiver != 0 {
                let slot = header.receiver_slot.load(Ordering::Relaxed) as usize;
                let (peer, peer_generation) = (receiver as usize - 1, generation(receiver));
                outgoing.push(Link { ring: index, peer, peer_generation, peer_slot: slot.wrapping_sub(1) });
            } else if receiver == me && sender != 0 {
                let slot = self.endpoint_entry(sender as usize - 1).slot.load(Ordering::Relaxed) as usize;
                let (peer, peer_generation) = (sender as usize - 1, generation(sender));
                incoming.push(Link { ring: index, peer, peer_generation, peer_slot: slot.wrapping_sub(1) });
            } else if receiver == me && !ring.is_empty() {
                // The sender left: what it sent before is still ours to receive.
                incoming.push(Link { ring: index, peer: usize::MAX, peer_generation: 0, peer_slot: usize::MAX });
            } else if receiver == me || sender == me {
                orphans.push(index);
            }
        }
        // A slot outside the table (scribbled memory) could only name nobody: skip such rings.
        outgoing.retain(|l: &Link| l.peer_slot < MAX_PROCESSES && l.peer < MAX_ENDPOINTS);
        // Allocations of this process look for blocks given back in the rings it sends on.
        for gone in self.outgoing.iter().filter(|l| !outgoing.iter().any(|n| n.ring == l.ring)) {
            self.me().produce_into(gone.ring, false);
        }
        for link in &outgoing {
            self.me().produce_into(link.ring, true);
        }
        self.outgoing = outgoing;
        self.incoming = incoming;
        if !orphans.is_empty() {
            self.free_orphans(&orphans);
        }
    }

    /// Frees rings whose other side has gone (under the control lock, checking again).
    fn free_orphans(&self, rings: &[usize]) {
        let Some(_lock) = self.segment().lock_control(CONTROL_TIMEOUT) else { return };
        let me = self.endpoint as u32 + 1;
        for &index in rings {
            let Ok(ring) = self.segment().ring(index) else { continue };
            let header = ring.header();
            let (sender, receiver) = (header.sender.load(Ordering::Relaxed), header.receiver.load(Ordering::Relaxed));
            let orphan = (sender == me && receiver == 0) || (receiver == me && sender == 0 && ring.is_empty());
            if header.state.load(Ordering::Acquire) == ring_state::OPEN && orphan {
                header.sender.store(0, Ordering::Relaxed);
                header.receiver.store(0, Ordering::Relaxed);
                self.free_ring(&ring);
            }
        }
    }

    /// Finds sockets of the session whose process died, reclaims what their processes held
    /// and removes them from their channels.
    pub(super) fn remove_dead_peers(&self) {
        let segment = self.segment();
        if !segment.dead_slots().is_empty() {
            self.me().reclaim_dead();
        }
        let dead = |entry: &EndpointEntry| {
            entry.channel.load(Ordering::Acquire) != 0
                && evflow_shm::process::start_time(entry.pid.load(Ordering::Relaxed)).is_none()
        };
        if !segment.endpoints().iter().any(dead) {
            return;
        }
        let Some(_lock) = segment.lock_control(CONTROL_TIMEOUT) else { return };
        for (index, entry) in segment.endpoints().iter().enumerate() {
            let channel = entry.channel.load(Ordering::Acquire) as usize;
            if dead(entry) && channel <= MAX_CHANNELS {
                let channel = channel - 1;
                self.leave_endpoint(index, channel, false);
            }
        }
    }

    /// Removes `endpoint` from its channel (under the control lock): its side of every ring is
    /// cleared, and rings with neither side left are freed. `drain` pops and drops what is
    /// still addressed to it (a living socket closing; a dead one's blocks were reclaimed).
    pub(super) fn leave_endpoint(&self, endpoint: usize, channel: usize, drain: bool) {
        let segment = self.segment();
        let tag = endpoint as u32 + 1;
        for index in 0..MAX_RINGS {
            let Ok(ring) = segment.ring(index) else { continue };
            let header = ring.header();
            if header.state.load(Ordering::Acquire) != ring_state::OPEN
                || header.channel.load(Ordering::Relaxed) != channel as u32 + 1
            {
                continue;
            }
            if header.receiver.load(Ordering::Relaxed) == tag {
                if drain {
                    // Released first: a sender pushing meanwhile sees it and takes its message
                    // back; what was pushed before is ours to give back. Clearing a bit twice
                    // is harmless (only the one that clears it frees).
                    let slot = self.me().index();
                    ring.release_consumer(slot);
                    self.drain(&ring, Some(slot));
                }
                header.receiver.store(0, Ordering::Release);
            }
            if header.sender.load(Ordering::Relaxed) == tag {
                header.sender.store(0, Ordering::Release);
            }
            if header.sender.load(Ordering::Relaxed) == 0 && header.receiver.load(Ordering::Relaxed) == 0 {
                self.free_ring(&ring);
            }
        }
        let entry = &segment.endpoints()[endpoint];
        entry.slot.store(0, Ordering::Relaxed);
        entry.channel.store(0, Ordering::Release);
        let channel_entry = &segment.channels()[channel];
        let tag = channel as u32 + 1;
        channel_entry.topology.fetch_add(1, Ordering::AcqRel);
        if !segment.endpoints().iter().any(|e| e.channel.load(Ordering::Acquire) == tag) {
            channel_entry.family.store(0, Ordering::Release);
        } else {
            for entry in segment.endpoints() {
                if entry.channel.load(Ordering::Acquire) == tag {
                    entry.doorbell.fetch_add(1, Ordering::Release);
                    futex::wake(&entry.doorbell, u32::MAX);
                }
            }
        }
    }

    /// Drops the handles left in a ring whose receiver has gone, giving back the receiver's
    /// bits while its consumer end is still claimed. Once it is released, a reclaimer (or a
    /// sender) has given them back already, and the slot may belong to a new process by now.
    fn discard(&self, ring: &Ring<'_>) {
        let slot = ring.header().receiver_slot.load(Ordering::Relaxed) as usize;
        self.drain(ring, (slot != 0 && ring.consumer() == Some(slot - 1)).then(|| slot - 1));
    }

    /// Pops every handle from a ring, releasing `slot`'s reference of each.
    fn drain(&self, ring: &Ring<'_>, slot: Option<usize>) {
        let mut handles = Vec::new();
        while ring.try_pop(&mut handles).is_ok() {
            if let Some(slot) = slot {
                // Inline parts hold no block: nothing to give back for them.
                handles
                    .iter()
                    .filter(|h| h.offset != evflow_shm::INLINE)
                    .for_each(|&handle| self.release(handle, slot));
            }
        }
        ring.reset();
    }

    /// Frees a ring neither side uses any more (under the control lock).
    fn free_ring(&self, ring: &Ring<'_>) {
        self.discard(ring);
        self.segment().recycle_returns(ring);
        let header = ring.header();
        if let Some(slot) = ring.producer() {
            ring.release_producer(slot);
        }
        if let Some(slot) = ring.consumer() {
            ring.release_consumer(slot);
        }
        header.receiver_slot.store(0, Ordering::Relaxed);
        header.channel.store(0, Ordering::Relaxed);
        header.state.store(ring_state::FREE, Ordering::Release);
    }
}
