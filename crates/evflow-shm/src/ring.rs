//! Rings of handles (docs/shm.md, section 5): one producer process, one consumer process,
//! [`MAX_RINGS`] rings in the segment's ring table, each a header and `capacity` entries.
//!
//! ```text
//!  header (RING_HEADER_LEN = 256 B, four cache lines)
//!   0   magic "RNG1", capacity, producer slot+1, consumer slot+1, channel, state   (u32 each)
//!   64  tail: u64      data_seq: u32 (futex)    consumer_waiting: u32   (producer's line)
//!   128 head: u64      space_seq: u32 (futex)   producer_waiting: u32   (consumer's line)
//!   192 reserved
//!  entries (capacity x RING_ENTRY_LEN = 32 B)
//!   { offset: u64, len: u64, generation: u64, parts_left: u32, 0: u32 }
//!   an inline part: { INLINE, len, n, parts_left, 0 } then n entries of its bytes
//!  returns (capacity x RETURN_ENTRY_LEN = 4 B, rounded up to 64 B)
//!   head page + 1 of a block the consumer gave back to the producer
//! ```
//!
//! The return queue runs the other way (consumer to producer, docs/shm.md, section 5,
//! "Returns"): `returns_put` on the consumer's line, `returns_taken` on the producer's. It
//! only names blocks that are cached already (mask 0): a taker still claims each with the
//! mask's CAS, so a stale or wrong entry costs a look, never a block handed out twice.
//!
//! A part of at most [`INLINE_MAX`] bytes may travel in the ring itself ([`Slot::Inline`]):
//! its first entry says so (`offset` [`INLINE`], `generation` the number of data entries),
//! and the next `ceil(len / 32)` entries hold the bytes, which the consumer copies out before
//! it moves `head`. `parts_left` counts parts, not entries.
//!
//! `tail` and `head` count entries since the ring was formatted and never wrap in practice;
//! entry `i` lives at `i % capacity`. A message of `k` parts is `k` consecutive entries whose
//! `parts_left` counts down from `k - 1` to 0. The producer writes the entries, then publishes
//! them all with one store of `tail`: a message is visible whole or not at all, and a producer
//! killed before that store leaves nothing visible.
//!
//! A side that must wait (consumer on an empty ring, producer on a full one) sets its
//! `*_waiting` flag, re-checks, and sleeps on the futex word (`data_seq`, `space_seq`); the
//! other side bumps the word and wakes it only when it sees the flag, so the busy path makes
//! no system call. Every value read from the header is checked before use: another process
//! may have died or scribbled mid-update, and that gives [`RingError::Malformed`], not a panic.

use crate::futex::{self, Wait};
use crate::layout::{
    ProcessSlot, CHANNEL_ENTRY_LEN, ENDPOINT_ENTRY_LEN, HEADER_LEN, MAX_CHANNELS, MAX_ENDPOINTS, MAX_PROCESSES,
    MAX_RINGS, RETURN_ENTRY_LEN, RING_ENTRY_LEN, RING_HEADER_LEN,
};
use crate::segment::Segment;
use std::fmt;
use std::mem::{offset_of, size_of};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Instant;
use thiserror::Error;

/// `magic` of a formatted ring: "RNG1".
pub const RING_MAGIC: u32 = u32::from_le_bytes(*b"RNG1");

/// A ring's header, in place in the segment. Fields are public for monitoring and for the
/// channel layer (`channel`, `state`); [`Ring`] is the way to move messages through it.
#[repr(C, align(64))]
pub struct RingHeader {
    /// [`RING_MAGIC`] once formatted; 0 in a fresh segment.
    pub magic: AtomicU32,
    /// Entries in the ring, the segment's ring capacity (a power of two).
    pub capacity: AtomicU32,
    /// Process slot of the producer plus one; 0 when there is none.
    pub producer: AtomicU32,
    /// Process slot of the consumer plus one; 0 when there is none.
    pub consumer: AtomicU32,
    /// The channel this ring belongs to, for the channel layer.
    pub channel: AtomicU32,
    /// The channel layer's state of the ring; 0 in a fresh segment.
    pub state: AtomicU32,
    /// The channel layer's sending endpoint plus one.
    pub sender: AtomicU32,
    /// The channel layer's receiving endpoint plus one.
    pub receiver: AtomicU32,
    /// The receiving process's slot plus one, kept until the ring is freed: the holder bit the
    /// handles still in the ring stand for.
    pub receiver_slot: AtomicU32,
    _reserved0: [u32; 7],
    /// Entries ever published; written by the producer only.
    pub tail: AtomicU64,
    /// Bumped by the producer to wake a waiting consumer (futex word).
    pub data_seq: AtomicU32,
    /// 1 while the consumer is (about to be) asleep on `data_seq`.
    pub consumer_waiting: AtomicU32,
    /// Payload bytes ever pushed, kept by the channel layer's sender (with `bytes_popped`,
    /// the bytes a queue holds).
    pub bytes_pushed: AtomicU64,
    /// The consumer's `head` as the producer last read it: room is checked against it first,
    /// so the producer reads the consumer's cache line only when the ring looks full.
    pub head_seen: AtomicU64,
    /// Return entries the producer has taken; written by the producer only.
    pub returns_taken: AtomicU64,
    /// `returns_put` as the producer last read it: the entries up to it are taken without
    /// reading the consumer's line again.
    pub returns_put_seen: AtomicU64,
    _reserved1: [u64; 2],
    /// Entries ever consumed; written by the consumer only (and by [`Ring::reset`]).
    pub head: AtomicU64,
    /// Bumped by the consumer to wake a waiting producer (futex word).
    pub space_seq: AtomicU32,
    /// 1 while the producer is (about to be) asleep on `space_seq`.
    pub producer_waiting: AtomicU32,
    /// Payload bytes ever popped, kept by the channel layer's receiver.
    pub bytes_popped: AtomicU64,
    /// Return entries the consumer has published (a whole line of them at a time, or all it
    /// wrote before it waits); written by the consumer only.
    pub returns_put: AtomicU64,
    /// `returns_taken` as the consumer last read it (a lower bound: room checked against it
    /// first).
    pub returns_taken_seen: AtomicU64,
    /// Return entries the consumer has written, published or not; the consumer's only.
    pub returns_written: AtomicU64,
    /// The `tail` the consumer read at its last pop: with `head` equal to it, it had caught
    /// up, and a block it gives back is published at once (nothing else is on its way).
    pub tail_seen: AtomicU64,
    _reserved2: [u64; 1],
    _reserved3: [u64; 8],
}

/// One entry: a part of a message. Atomics with relaxed access, so that even a ring whose
/// header was corrupted into letting both sides touch the same entry is no data race; the
/// order between entries and indices comes from the Acquire/Release on `tail` and `head`.
#[repr(C)]
struct RingEntry {
    offset: AtomicU64,
    len: AtomicU64,
    generation: AtomicU64,
    parts_left: AtomicU32,
    _zero: AtomicU32,
}

impl RingEntry {
    /// The entry as four words: how an inline part's data entries hold its bytes.
    fn words(&self) -> &[AtomicU64; 4] {
        // SAFETY: RingEntry is repr(C), 32 bytes, 8-byte aligned (its first field is an
        // AtomicU64), and all atomics: any of its bytes may be read and written as AtomicU64.
        unsafe { &*(self as *const RingEntry).cast::<[AtomicU64; 4]>() }
    }
}

/// Return entries published at once: a cache line of them.
pub const RETURN_BATCH: u64 = (64 / RETURN_ENTRY_LEN) as u64;

/// Most bytes a part may carry inline in the ring instead of in a block.
pub const INLINE_MAX: usize = 128;
/// `offset` of an inline part's first entry, and of the [`Handle`]s [`Ring::try_pop_parts`]
/// gives for inline parts.
pub const INLINE: u64 = u64::MAX;

/// One part of a message to push.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot<'a> {
    /// A block of the segment, by handle.
    Block(Handle),
    /// At most [`INLINE_MAX`] bytes, carried in the ring.
    Inline(&'a [u8]),
}

impl Slot<'_> {
    /// Ring entries the part takes.
    pub fn entries(&self) -> usize {
        match self {
            Slot::Block(_) => 1,
            Slot::Inline(bytes) => 1 + bytes.len().div_ceil(RING_ENTRY_LEN),
        }
    }
}

const _: () = assert!(size_of::<RingHeader>() == RING_HEADER_LEN);
const _: () = assert!(offset_of!(RingHeader, tail) == 64);
const _: () = assert!(offset_of!(RingHeader, head) == 128);
const _: () = assert!(size_of::<RingEntry>() == RING_ENTRY_LEN);
// Every ring header starts on a cache line: the table does, and so does every ring (a header
// plus a power of two (>= 2) of 32-byte entries).
const _: () = assert!((HEADER_LEN
    + MAX_PROCESSES * size_of::<ProcessSlot>()
    + MAX_CHANNELS * CHANNEL_ENTRY_LEN
    + MAX_ENDPOINTS * ENDPOINT_ENTRY_LEN)
    .is_multiple_of(64));
const _: () = assert!(RING_HEADER_LEN.is_multiple_of(64) && (2 * RING_ENTRY_LEN).is_multiple_of(64));

/// Where a message part lies in the heap: a block's offset, the part's length, and the
/// block's generation (so a handle to a freed-and-reused block is detected).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Handle {
    /// Offset of the block from the segment's start.
    pub offset: u64,
    /// Bytes of the part.
    pub len: u64,
    /// The block's generation.
    pub generation: u64,
}

/// The two ends of a ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// The process that pushes.
    Producer,
    /// The process that pops.
    Consumer,
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Endpoint::Producer => "producer",
            Endpoint::Consumer => "consumer",
        })
    }
}

/// A ring operation failed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RingError {
    /// No ring has this index.
    #[error("ring {index} does not exist: a segment has rings 0 to {}", count - 1)]
    NoSuchRing {
        /// The index asked for.
        index: usize,
        /// Rings in a segment.
        count: usize,
    },
    /// No process slot has this index.
    #[error("process slot {slot} does not exist: slots are 0 to {}", MAX_PROCESSES - 1)]
    NoSuchSlot {
        /// The slot given.
        slot: usize,
    },
    /// The endpoint is claimed already.
    #[error("ring {ring} already has a {endpoint} (process slot {holder}): release it first, or reclaim that process if it died")]
    Busy {
        /// The ring.
        ring: usize,
        /// Which end.
        endpoint: Endpoint,
        /// The slot holding it.
        holder: u32,
    },
    /// A message with no parts.
    #[error("a message needs at least one part")]
    NoParts,
    /// A message with more parts than the ring has entries; it could never be sent.
    #[error("a message of {parts} parts cannot fit a ring of {capacity} entries: send fewer, larger parts or raise the ring capacity")]
    TooManyParts {
        /// Parts in the message.
        parts: usize,
        /// Entries in the ring.
        capacity: usize,
    },
    /// The ring stayed too full for the message until the deadline.
    #[error("ring {ring} stayed full ({capacity} entries) until the deadline: its consumer is slow or gone; wait longer, add consumers or raise the ring capacity")]
    Full {
        /// The ring.
        ring: usize,
        /// Entries in the ring.
        capacity: usize,
    },
    /// No message arrived before the deadline.
    #[error("no message arrived on ring {ring} before the deadline")]
    Empty {
        /// The ring.
        ring: usize,
    },
    /// The shared header or an entry is inconsistent: another process corrupted it.
    #[error("ring {ring} is corrupt: {reason}; reset it from the consumer side (the messages in it are lost) and look for a process writing outside its buffers")]
    Malformed {
        /// The ring.
        ring: usize,
        /// What is inconsistent.
        reason: String,
    },
}

/// Who wakes the other side of a ring after a push or a pop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wake {
    /// The ring, through its futex words, if that side waits on them.
    Ring,
    /// The caller, by its own means: the ring's futex words are not touched.
    Caller,
}

/// How long an operation may wait.
#[derive(Clone, Copy)]
enum Until {
    /// Not at all.
    Now,
    /// Until the deadline (`None`: no limit).
    Deadline(Option<Instant>),
}

/// One ring of a mapped segment. Push from the producer process only and pop from the
/// consumer process only (claim the ends with [`Ring::claim_producer`] and
/// [`Ring::claim_consumer`]); a ring shared by two producers interleaves their messages.
pub struct Ring<'s> {
    index: usize,
    capacity: u64,
    header: &'s RingHeader,
    entries: &'s [RingEntry],
    returns: &'s [AtomicU32],
}

impl Segment {
    /// Ring `index` of this segment; see [`Ring::new`].
    pub fn ring(&self, index: usize) -> Result<Ring<'_>, RingError> {
        Ring::new(self, index)
    }
}

impl<'s> Ring<'s> {
    /// Ring `index` of `segment`, formatted on first use (any process may do it: they all
    /// write the same capacity, so racing formatters agree).
    pub fn new(segment: &'s Segment, index: usize) -> Result<Ring<'s>, RingError> {
        if index >= MAX_RINGS {
            return Err(RingError::NoSuchRing { index, count: MAX_RINGS });
        }
        let layout = segment.layout();
        let capacity = layout.ring_capacity;
        let base = segment.at(layout.ring_table + index * layout.ring_len, layout.ring_len);
        debug_assert!(base.cast::<RingHeader>().is_aligned(), "ring table misaligned");
        // SAFETY: `at` checked the ring's bytes lie in the mapping, which outlives 's; they are
        // aligned (see the assertions above); the header and entries are all atomics (or
        // never-written padding), so shared references to them are sound while other
        // processes write them.
        let (header, entries, returns) = unsafe {
            let header = &*base.as_ptr().cast::<RingHeader>();
            let entries = std::slice::from_raw_parts(base.as_ptr().add(RING_HEADER_LEN).cast::<RingEntry>(), capacity);
            let returns = base.as_ptr().add(RING_HEADER_LEN + capacity * RING_ENTRY_LEN).cast::<AtomicU32>();
            (header, entries, std::slice::from_raw_parts(returns, capacity))
        };
        let ring = Ring { index, capacity: capacity as u64, header, entries, returns };
        let magic = header.magic.load(Ordering::Acquire);
        if magic == 0 {
            // The capacity is stored before the magic is published with Release, so a process
            // that reads the magic with Acquire also reads the capacity.
            header.capacity.store(capacity as u32, Ordering::Relaxed);
            match header.magic.compare_exchange(0, RING_MAGIC, Ordering::Release, Ordering::Acquire) {
                Ok(_) | Err(RING_MAGIC) => {}
                Err(other) => return Err(ring.malformed(format!("magic {other:#010x}, not {RING_MAGIC:#010x}"))),
            }
        } else if magic != RING_MAGIC {
            return Err(ring.malformed(format!("magic {magic:#010x}, not {RING_MAGIC:#010x}")));
        }
        let stored = header.capacity.load(Ordering::Relaxed);
        if u64::from(stored) != ring.capacity {
            return Err(ring.malformed(format!("capacity {stored}, but the segment's rings have {capacity}")));
        }
        Ok(ring)
    }

    /// This ring's index in the segment.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Entries in the ring (the most parts one message can have).
    pub fn capacity(&self) -> usize {
        self.capacity as usize
    }

    /// Entries (message parts, not messages) waiting to be popped: a snapshot, at most
    /// [`Ring::capacity`].
    pub fn len(&self) -> usize {
        // head first: it only grows toward tail, so a later tail is never behind it.
        let head = self.header.head.load(Ordering::Acquire);
        let tail = self.header.tail.load(Ordering::Acquire);
        tail.wrapping_sub(head).min(self.capacity) as usize
    }

    /// Whether no entry is waiting (a snapshot).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The header, in place, for monitoring and the channel layer.
    pub fn header(&self) -> &'s RingHeader {
        self.header
    }

    /// Pushes a message of `parts` as one unit, waiting until `deadline` (`None`: no limit)
    /// for room for all of them. Producer side only.
    ///
    /// Errors: [`RingError::NoParts`] and [`RingError::TooManyParts`] at once,
    /// [`RingError::Full`] when the deadline passes first, [`RingError::Malformed`].
    pub fn push(&self, parts: &[Handle], deadline: Option<Instant>) -> Result<(), RingError> {
        self.push_until(parts.iter().copied().map(Slot::Block), Until::Deadline(deadline), Wake::Ring)
    }

    /// Pushes a message of blocks and inline parts if the ring has room for its entries now,
    /// for a caller that wakes the consumer itself (the channel layer rings the receiving
    /// socket's doorbell): no futex word of the ring is touched, so a consumer must not wait
    /// on this ring with [`Ring::pop`] and a deadline.
    pub fn try_push_parts<'a>(&self, parts: impl Iterator<Item = Slot<'a>> + Clone) -> Result<(), RingError> {
        self.push_until(parts, Until::Now, Wake::Caller)
    }

    /// [`Ring::push`] without waiting: [`RingError::Full`] if there is no room now.
    pub fn try_push(&self, parts: &[Handle]) -> Result<(), RingError> {
        self.push_until(parts.iter().copied().map(Slot::Block), Until::Now, Wake::Ring)
    }

    /// Pops one whole message into `out` (cleared first), waiting until `deadline` (`None`:
    /// no limit) for one to arrive. Consumer side only. An `out` with room for
    /// [`Ring::capacity`] handles is never reallocated.
    ///
    /// Errors: [`RingError::Empty`] when the deadline passes first, [`RingError::Malformed`]
    /// (the ring is left as it is: [`Ring::reset`] it).
    pub fn pop(&self, out: &mut Vec<Handle>, deadline: Option<Instant>) -> Result<(), RingError> {
        self.pop_until(out, &mut Vec::new(), Until::Deadline(deadline), Wake::Ring)
    }

    /// [`Ring::pop`] without waiting: [`RingError::Empty`] if no message is there now.
    pub fn try_pop(&self, out: &mut Vec<Handle>) -> Result<(), RingError> {
        self.pop_until(out, &mut Vec::new(), Until::Now, Wake::Ring)
    }

    /// Drops every message in the ring (`head = tail`) and returns how many entries that was.
    /// For the consumer, or for a reclaimer once the consumer is dead (docs/shm.md, section 7
    /// step 4): the holder bits of the dropped handles are the reclaimer's to clear.
    pub fn reset(&self) -> usize {
        let head = self.header.head.load(Ordering::Acquire);
        let tail = self.header.tail.load(Ordering::Acquire);
        // Release, as in pop: the producer may reuse the dropped entries once it sees head.
        self.header.head.store(tail, Ordering::Release);
        self.header.consumer_waiting.store(0, Ordering::Relaxed);
        self.notify(&self.header.space_seq, &self.header.producer_waiting);
        tail.wrapping_sub(head).min(self.capacity) as usize
    }

    /// Claims the producer end for process slot `slot`.
    pub fn claim_producer(&self, slot: usize) -> Result<(), RingError> {
        self.claim(Endpoint::Producer, slot)
    }

    /// Claims the consumer end for process slot `slot`.
    pub fn claim_consumer(&self, slot: usize) -> Result<(), RingError> {
        self.claim(Endpoint::Consumer, slot)
    }

    /// Releases the producer end if `slot` holds it (also for a reclaimer releasing a dead
    /// producer); wakes a waiting consumer so it can notice. Returns whether `slot` held it.
    pub fn release_producer(&self, slot: usize) -> bool {
        self.release(Endpoint::Producer, slot)
    }

    /// Releases the consumer end if `slot` holds it (also for a reclaimer releasing a dead
    /// consumer); wakes a waiting producer so it can notice. Returns whether `slot` held it.
    pub fn release_consumer(&self, slot: usize) -> bool {
        self.release(Endpoint::Consumer, slot)
    }

    /// The process slot holding the producer end, if any.
    pub fn producer(&self) -> Option<usize> {
        Self::holder(&self.header.producer)
    }

    /// The process slot holding the consumer end, if any.
    pub fn consumer(&self) -> Option<usize> {
        Self::holder(&self.header.consumer)
    }

    fn push_until<'a>(
        &self,
        parts: impl Iterator<Item = Slot<'a>> + Clone,
        until: Until,
        wake: Wake,
    ) -> Result<(), RingError> {
        let (mut k, mut count) = (0u64, 0usize);
        for part in parts.clone() {
            if let Slot::Inline(bytes) = part {
                if bytes.len() > INLINE_MAX {
                    let reason = format!("an inline part of {} bytes (at most {INLINE_MAX})", bytes.len());
                    return Err(self.malformed(reason));
                }
            }
            k += part.entries() as u64;
            count += 1;
        }
        if count == 0 {
            return Err(RingError::NoParts);
        }
        if k > self.capacity {
            return Err(RingError::TooManyParts { parts: k as usize, capacity: self.capacity() });
        }
        // Only this producer writes tail; Acquire so that a producer taking over from a dead
        // one starts from the last tail published.
        let tail = self.header.tail.load(Ordering::Acquire);
        let room = || self.room_for(tail, k);
        let ready = self.wait_for(&self.header.space_seq, &self.header.producer_waiting, until, room)?;
        if !ready {
            return Err(RingError::Full { ring: self.index, capacity: self.capacity() });
        }
        let last = count - 1;
        let mut at = tail;
        for (j, part) in parts.enumerate() {
            let entry = self.entry(at);
            let (offset, len, generation) = match part {
                Slot::Block(handle) => (handle.offset, handle.len, handle.generation),
                Slot::Inline(bytes) => (INLINE, bytes.len() as u64, (part.entries() - 1) as u64),
            };
            entry.offset.store(offset, Ordering::Relaxed);
            entry.len.store(len, Ordering::Relaxed);
            entry.generation.store(generation, Ordering::Relaxed);
            entry.parts_left.store((last - j) as u32, Ordering::Relaxed);
            at = at.wrapping_add(1);
            if let Slot::Inline(bytes) = part {
                for chunk in bytes.chunks(RING_ENTRY_LEN) {
                    for (word, bytes) in self.entry(at).words().iter().zip(chunk.chunks(8)) {
                        let mut value = [0u8; 8];
                        value[..bytes.len()].copy_from_slice(bytes);
                        word.store(u64::from_le_bytes(value), Ordering::Relaxed);
                    }
                    at = at.wrapping_add(1);
                }
            }
        }
        // Release: the entries written above are visible to a consumer that reads this tail
        // with Acquire. One store publishes the whole message.
        self.header.tail.store(tail.wrapping_add(k), Ordering::Release);
        if wake == Wake::Ring {
            self.notify(&self.header.data_seq, &self.header.consumer_waiting);
        }
        Ok(())
    }

    /// Pops one message: a handle per part into `out`; an inline part's bytes are appended
    /// to `inline`, and its handle is `{ offset: INLINE, len, generation: where in `inline`
    /// its bytes start }`. For a caller that wakes the producer itself, as
    /// [`Ring::try_push_parts`]: a producer must not wait on this ring with a deadline.
    pub fn try_pop_parts(&self, out: &mut Vec<Handle>, inline: &mut Vec<u8>) -> Result<(), RingError> {
        self.pop_until(out, inline, Until::Now, Wake::Caller)
    }

    fn pop_until(
        &self,
        out: &mut Vec<Handle>,
        inline: &mut Vec<u8>,
        until: Until,
        wake: Wake,
    ) -> Result<(), RingError> {
        out.clear();
        inline.clear();
        let head = self.header.head.load(Ordering::Acquire);
        let available = || -> Result<bool, RingError> {
            let tail = self.header.tail.load(Ordering::Acquire);
            Ok(self.used(head, tail)? > 0)
        };
        let ready = self.wait_for(&self.header.data_seq, &self.header.consumer_waiting, until, available)?;
        if !ready {
            return Err(RingError::Empty { ring: self.index });
        }
        let tail = self.header.tail.load(Ordering::Acquire);
        self.header.tail_seen.store(tail, Ordering::Relaxed);
        let published = self.used(head, tail)?;
        let parts = u64::from(self.entry(head).parts_left.load(Ordering::Relaxed)) + 1;
        if parts > published {
            return Err(self.malformed(format!(
                "the message at entry {head} has {parts} parts but only {published} entries are published"
            )));
        }
        let mut taken = 0u64;
        for j in 0..parts {
            if taken >= published {
                out.clear();
                return Err(self.malformed(format!(
                    "the {parts}-part message at entry {head} runs past the {published} entries published"
                )));
            }
            let entry = self.entry(head.wrapping_add(taken));
            let left = u64::from(entry.parts_left.load(Ordering::Relaxed));
            if left != parts - 1 - j {
                out.clear();
                return Err(self.malformed(format!(
                    "part {j} of the {parts}-part message at entry {head} says {left} parts follow, not {}",
                    parts - 1 - j
                )));
            }
            let handle = Handle {
                offset: entry.offset.load(Ordering::Relaxed),
                len: entry.len.load(Ordering::Relaxed),
                generation: entry.generation.load(Ordering::Relaxed),
            };
            taken += 1;
            if handle.offset != INLINE {
                out.push(handle);
                continue;
            }
            let data = (handle.len as usize).div_ceil(RING_ENTRY_LEN) as u64;
            if handle.len > INLINE_MAX as u64 || handle.generation != data || taken + data > published {
                out.clear();
                return Err(self.malformed(format!(
                    "part {j} of the message at entry {head} says {} inline bytes in {} entries",
                    handle.len, handle.generation
                )));
            }
            let start = inline.len();
            for d in 0..data {
                for word in self.entry(head.wrapping_add(taken + d)).words() {
                    inline.extend_from_slice(&word.load(Ordering::Relaxed).to_le_bytes());
                }
            }
            inline.truncate(start + handle.len as usize);
            taken += data;
            out.push(Handle { offset: INLINE, len: handle.len, generation: start as u64 });
        }
        self.header.head.store(head.wrapping_add(taken), Ordering::Release);
        if wake == Wake::Ring {
            self.notify(&self.header.space_seq, &self.header.producer_waiting);
        }
        Ok(())
    }

    fn wait_for(
        &self,
        seq: &AtomicU32,
        waiting: &AtomicU32,
        until: Until,
        ready: impl Fn() -> Result<bool, RingError>,
    ) -> Result<bool, RingError> {
        loop {
            if ready()? {
                return Ok(true);
            }
            let deadline = match until {
                Until::Now => return Ok(false),
                Until::Deadline(deadline) => deadline,
            };
            // Acquire, before setting the flag: a bump made after the notifier saw our flag
            // cannot be the value read here.
            let before = seq.load(Ordering::Acquire);
            waiting.store(1, Ordering::Relaxed);
            futex::full_fence();
            let outcome = if ready()? { None } else { Some(futex::wait(seq, before, deadline)) };
            waiting.store(0, Ordering::Relaxed);
            match outcome {
                None => return Ok(true),
                Some(Wait::TimedOut) => return ready(),
                Some(Wait::Woken | Wait::Changed) => {}
            }
        }
    }

    /// The notifier's half of [`Ring::wait_for`], after publishing a new `tail` or `head`.
    fn notify(&self, seq: &AtomicU32, waiting: &AtomicU32) {
        futex::full_fence();
        if waiting.load(Ordering::Relaxed) != 0 {
            seq.fetch_add(1, Ordering::Release);
            futex::wake(seq, u32::MAX);
        }
    }

    fn claim(&self, endpoint: Endpoint, slot: usize) -> Result<(), RingError> {
        let value = Self::slot_value(slot)?;
        let (word, waiting) = self.endpoint_words(endpoint);
        // AcqRel: a new holder sees everything the previous one published before releasing.
        match word.compare_exchange(0, value, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => {
                // A flag left by a holder that died asleep would only cost spurious wake-ups.
                waiting.store(0, Ordering::Relaxed);
                Ok(())
            }
            Err(holder) => Err(RingError::Busy { ring: self.index, endpoint, holder: holder.wrapping_sub(1) }),
        }
    }

    fn release(&self, endpoint: Endpoint, slot: usize) -> bool {
        let Ok(value) = Self::slot_value(slot) else { return false };
        let (word, waiting) = self.endpoint_words(endpoint);
        if word.compare_exchange(value, 0, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            return false;
        }
        waiting.store(0, Ordering::Relaxed);
        // Wake the other side unconditionally: it may be asleep waiting for this end, and a
        // producer killed between publishing and waking left it asleep with work to do.
        let peer_seq = match endpoint {
            Endpoint::Producer => &self.header.data_seq,
            Endpoint::Consumer => &self.header.space_seq,
        };
        peer_seq.fetch_add(1, Ordering::Release);
        futex::wake(peer_seq, u32::MAX);
        true
    }

    fn endpoint_words(&self, endpoint: Endpoint) -> (&AtomicU32, &AtomicU32) {
        match endpoint {
            Endpoint::Producer => (&self.header.producer, &self.header.producer_waiting),
            Endpoint::Consumer => (&self.header.consumer, &self.header.consumer_waiting),
        }
    }

    fn slot_value(slot: usize) -> Result<u32, RingError> {
        if slot >= MAX_PROCESSES {
            return Err(RingError::NoSuchSlot { slot });
        }
        Ok(slot as u32 + 1)
    }

    fn holder(word: &AtomicU32) -> Option<usize> {
        match word.load(Ordering::Acquire) {
            0 => None,
            value => Some(value as usize - 1),
        }
    }

    /// Gives the block whose head is heap page `head` back to the producer (consumer side;
    /// the caller has made it a cached block first): `false` if the return queue is full.
    ///
    /// The entry is published with its line's last ([`RETURN_BATCH`]), so that the producer
    /// never reads a line the consumer is still writing (each such read would cross CPUs
    /// again); at once if the consumer had caught up with the producer at its last pop (a
    /// producer waiting for an answer reuses the block sooner); or by
    /// [`Ring::publish_returns`].
    pub fn put_return(&self, head: usize) -> bool {
        let put = self.header.returns_written.load(Ordering::Relaxed);
        let room = |taken: u64| put.wrapping_sub(taken) < self.capacity;
        if !room(self.header.returns_taken_seen.load(Ordering::Relaxed)) {
            // Acquire, paired with the producer's Release: its read of the entry it took
            // happens before we write that entry again.
            let taken = self.header.returns_taken.load(Ordering::Acquire);
            self.header.returns_taken_seen.store(taken, Ordering::Relaxed);
            if !room(taken) {
                return false;
            }
        }
        self.returns[(put & (self.capacity - 1)) as usize].store(head as u32 + 1, Ordering::Relaxed);
        let written = put.wrapping_add(1);
        self.header.returns_written.store(written, Ordering::Relaxed);
        let caught_up = self.header.head.load(Ordering::Relaxed) == self.header.tail_seen.load(Ordering::Relaxed);
        if written.is_multiple_of(RETURN_BATCH) || caught_up {
            // Release: the entries, and the blocks' masks of 0, are visible to whoever reads it.
            self.header.returns_put.store(written, Ordering::Release);
        }
        true
    }

    /// Publishes the return entries written since the last whole line (consumer side: before
    /// it waits, so that a producer waiting for those blocks gets them). Whether there were
    /// any.
    pub fn publish_returns(&self) -> bool {
        let written = self.header.returns_written.load(Ordering::Relaxed);
        if self.header.returns_put.load(Ordering::Relaxed) == written {
            return false;
        }
        self.header.returns_put.store(written, Ordering::Release);
        true
    }

    /// The next block the consumer gave back (producer side): its head page, which may be
    /// anything in a corrupt ring (the caller checks it, and claims the block by its mask).
    pub fn take_return(&self) -> Option<usize> {
        let taken = self.header.returns_taken.load(Ordering::Relaxed);
        let mut put = self.header.returns_put_seen.load(Ordering::Acquire);
        if put == taken {
            // Acquire, paired with the consumer's Release: the entries up to it are written.
            put = self.header.returns_put.load(Ordering::Acquire);
            self.header.returns_put_seen.store(put, Ordering::Release);
        }
        let waiting = put.wrapping_sub(taken);
        if waiting == 0 {
            return None;
        }
        if waiting > self.capacity {
            // Scribbled counters: what the queue names is forgotten (the blocks stay cached).
            self.header.returns_taken.store(put, Ordering::Release);
            return None;
        }
        let entry = self.returns[(taken & (self.capacity - 1)) as usize].load(Ordering::Relaxed);
        // Release: our read of the entry happens before the consumer writes it again.
        self.header.returns_taken.store(taken.wrapping_add(1), Ordering::Release);
        (entry as usize).checked_sub(1)
    }

    /// The block the next [`Ring::take_return`] will give, if the producer has seen it put
    /// already (for a prefetch of its header; producer side).
    pub fn next_return(&self) -> Option<usize> {
        let taken = self.header.returns_taken.load(Ordering::Relaxed);
        let put = self.header.returns_put_seen.load(Ordering::Relaxed);
        if put.wrapping_sub(taken).wrapping_sub(1) >= self.capacity {
            return None;
        }
        (self.returns[(taken & (self.capacity - 1)) as usize].load(Ordering::Relaxed) as usize).checked_sub(1)
    }

    /// Whether the producer may write `k` entries now (producer side): checked against the
    /// head it saw last, and only if that is not enough against the consumer's head, read
    /// again. Errors only on a corrupt ring.
    pub fn has_room(&self, k: usize) -> Result<bool, RingError> {
        let tail = self.header.tail.load(Ordering::Acquire);
        self.room_for(tail, k as u64)
    }

    fn room_for(&self, tail: u64, k: u64) -> Result<bool, RingError> {
        // A head seen earlier is never ahead of the real one: room from it is a lower bound.
        // Acquire/Release on it pass on the order of the load that saw the head (below), also
        // to a producer that took over from a dead one.
        let seen = self.header.head_seen.load(Ordering::Acquire);
        if self.used(seen, tail).is_ok_and(|used| self.capacity - used >= k) {
            return Ok(true);
        }
        // Acquire pairs with the consumer's Release store of head: its reads of the entries
        // it consumed happen before we overwrite them.
        let head = self.header.head.load(Ordering::Acquire);
        self.header.head_seen.store(head, Ordering::Release);
        Ok(self.capacity - self.used(head, tail)? >= k)
    }

    /// Entries published and not yet consumed, checked against the capacity.
    fn used(&self, head: u64, tail: u64) -> Result<u64, RingError> {
        let used = tail.wrapping_sub(head);
        if used > self.capacity {
            return Err(self.malformed(format!(
                "tail {tail} and head {head} are {} entries apart in a ring of {}",
                used as i64, self.capacity
            )));
        }
        Ok(used)
    }

    fn entry(&self, position: u64) -> &RingEntry {
        // The capacity is our own (from the layout), a power of two: the index is in bounds
        // whatever position a corrupted header gave.
        &self.entries[(position & (self.capacity - 1)) as usize]
    }

    fn malformed(&self, reason: String) -> RingError {
        RingError::Malformed { ring: self.index, reason }
    }
}
