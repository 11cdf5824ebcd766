//! The channel and endpoint tables (docs/transport.md): shared records the transport layer
//! uses to name channels and join their sockets, and the control lock that serialises joins
//! and leaves. Messages never take the lock.

use crate::error::ShmError;
use crate::layout::{CHANNEL_ENTRY_LEN, ENDPOINT_ENTRY_LEN, MAX_CHANNELS, MAX_ENDPOINTS};
use crate::process::{OwnerToken, CONTROL_WAIT};
use crate::segment::Segment;
use std::mem::size_of;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

/// Longest channel name in the table.
pub const MAX_CHANNEL_NAME: usize = 200;

/// A named channel of the session.
#[repr(C, align(64))]
pub struct ChannelEntry {
    /// 0 when free, else the transport's pattern family plus one.
    pub family: AtomicU32,
    /// Bumped on every join and leave: sockets re-read their rings when it changes.
    pub topology: AtomicU32,
    /// Bytes of `name`.
    pub name_len: AtomicU32,
    _pad: u32,
    /// The name, UTF-8.
    pub name: [AtomicU8; MAX_CHANNEL_NAME],
    _reserved: [u8; CHANNEL_ENTRY_LEN - 16 - MAX_CHANNEL_NAME],
}

impl ChannelEntry {
    /// The name, if the entry is in use.
    pub fn name(&self) -> Option<String> {
        if self.family.load(Ordering::Acquire) == 0 {
            return None;
        }
        let len = (self.name_len.load(Ordering::Relaxed) as usize).min(MAX_CHANNEL_NAME);
        let bytes: Vec<u8> = self.name[..len].iter().map(|b| b.load(Ordering::Relaxed)).collect();
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Writes the name (under the control lock, before `family` is published).
    pub fn set_name(&self, name: &str) {
        let bytes = &name.as_bytes()[..name.len().min(MAX_CHANNEL_NAME)];
        for (dst, &b) in self.name.iter().zip(bytes) {
            dst.store(b, Ordering::Relaxed);
        }
        self.name_len.store(bytes.len() as u32, Ordering::Relaxed);
    }
}

/// A socket joined to a channel.
#[repr(C, align(64))]
pub struct EndpointEntry {
    /// The channel's index plus one; 0 when the entry is free.
    pub channel: AtomicU32,
    /// The transport's pattern of the socket.
    pub pattern: AtomicU32,
    /// The process slot plus one.
    pub slot: AtomicU32,
    /// The process.
    pub pid: AtomicU32,
    /// Bumped to wake the socket (futex word): a message for it, room for it, a topology change.
    pub doorbell: AtomicU32,
    /// 1 while the socket is (about to be) asleep on `doorbell`.
    pub waiting: AtomicU32,
    /// Bumped each time a socket claims the entry, so a peer remembered by index is not
    /// mistaken for the socket that took its place.
    pub generation: AtomicU32,
    _reserved: [u32; 9],
}

const _: () = assert!(size_of::<ChannelEntry>() == CHANNEL_ENTRY_LEN);
const _: () = assert!(size_of::<EndpointEntry>() == ENDPOINT_ENTRY_LEN);

impl Segment {
    /// The channel table.
    pub fn channels(&self) -> &[ChannelEntry] {
        let ptr = self.at(self.layout().channel_table, MAX_CHANNELS * CHANNEL_ENTRY_LEN);
        // SAFETY: inside the mapping, 64-byte aligned (the tables before it are whole pages and
        // 64-byte slots), and all atomics or never-written padding.
        unsafe { std::slice::from_raw_parts(ptr.as_ptr() as *const ChannelEntry, MAX_CHANNELS) }
    }

    /// The endpoint table.
    pub fn endpoints(&self) -> &[EndpointEntry] {
        let ptr = self.at(self.layout().endpoint_table, MAX_ENDPOINTS * ENDPOINT_ENTRY_LEN);
        // SAFETY: as for `channels`.
        unsafe { std::slice::from_raw_parts(ptr.as_ptr() as *const EndpointEntry, MAX_ENDPOINTS) }
    }

    /// Takes the control lock, waiting for a living holder and taking it over from a dead one.
    /// `None` if a living holder kept it past `timeout`.
    pub fn lock_control(&self, timeout: Duration) -> Option<ControlGuard<'_>> {
        let me = OwnerToken::of_self();
        let word = &self.header().control_lock;
        let deadline = Instant::now() + timeout;
        let mut pause = Duration::from_micros(20);
        loop {
            let holder = word.load(Ordering::Acquire);
            let free_or_dead = holder == 0 || !OwnerToken(holder).is_running();
            if free_or_dead && word.compare_exchange(holder, me.0, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Some(ControlGuard { word, value: me.0 });
            }
            if Instant::now() >= deadline {
                return None;
            }
            // Joins and leaves are rare and short: a short sleep, doubling, is enough.
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }

    /// The error for a control lock that a living process held past [`CONTROL_WAIT`].
    pub(crate) fn stuck_lock(&self) -> ShmError {
        let holder = OwnerToken(self.header().control_lock.load(Ordering::Acquire));
        ShmError::ControlLockStuck { path: self.path().to_path_buf(), pid: holder.pid(), waited: CONTROL_WAIT }
    }
}

/// The control lock, released on drop.
pub struct ControlGuard<'a> {
    word: &'a AtomicU64,
    value: u64,
}

impl Drop for ControlGuard<'_> {
    fn drop(&mut self) {
        let _ = self.word.compare_exchange(self.value, 0, Ordering::AcqRel, Ordering::Relaxed);
    }
}
