//! The event builder (docs/eventbuilding.md): readout units (RUs) read the fragments of
//! their detector slice, builder units (BUs) join the fragments of each event. It is a
//! segment of the engine whose unit is a batch of events: the event manager's source
//! ([`EventManager`]) yields one descriptor per batch, the engine dispatches each to a BU
//! with credit (a worker, [`builder`]), which asks every RU ([`readout`]) for its
//! fragments of the batch and sends the built events to the custody as one result.
//!
//! This file holds the configuration and the messages between the units.

pub mod builder;
mod manager;
pub mod readout;

pub use manager::EventManager;

use std::time::Duration;

/// How a segment builds events (set on the event-building segment's options).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventBuilding {
    /// The readout devices, in the file's order: their names prefix their fragments'
    /// entries, their index is their place in every message.
    pub readouts: Vec<String>,
    /// Events per batch.
    pub batch: u64,
    /// How long after a batch's first fragments the missing ones are given up.
    pub timeout: Duration,
}

/// A builder publishes a request again after this long to the RUs that have not answered
/// (a pub drops what a subscriber not connected yet misses; a restarted RU comes back).
pub const REQUEST_RETRY: Duration = Duration::from_millis(50);
/// Batches an RU holds beyond the release point before it stops reading its source.
pub const STORE_BATCHES: usize = 32;
/// Bytes of fragments an RU reads ahead of the requests before it stops reading its source
/// (at least one batch is always read, so a batch larger than this still goes).
pub const STORE_BYTES: usize = 256 << 20;
/// The share (numerator, denominator) of the segment's heap the RUs' homes hold together
/// on shm, and so the fragments they hold (docs/eventbuilding.md, "Memory").
pub const READOUT_HOMES: (usize, usize) = (3, 4);
/// The most batches after the release point at the custody that a descriptor and a request
/// name (the newest): RUs drop their fragments before the release point reaches them.
pub const DONE_LISTED: usize = 64;

/// A batch: (run, k), the events of the run numbered `k·B` to `(k + 1)·B - 1`.
pub type BatchKey = (u32, u64);

/// The batch of event `number` of run `run`, with `batch` events per batch.
pub fn batch_of(run: u32, number: u64, batch: u64) -> BatchKey {
    (run, number / batch.max(1))
}

/// What to change when a batch does not fit the segment: a batch's fragments are held in
/// the segment at once, by every RU and by the builder building it.
pub fn too_large(eb: &EventBuilding) -> String {
    format!(
        "a batch holds {} events of {} readouts at once: lower the builder's `batch`, or raise its `segment_size` \
         (docs/eventbuilding.md, \"Memory\")",
        eb.batch,
        eb.readouts.len()
    )
}

/// The builder's step in its segment's path: the worker part, which the builder's own loop
/// runs ([`builder::run`]); it holds the place of the builder's statistics.
pub struct BuildStep {
    name: String,
}

impl BuildStep {
    /// The step of the builder named `name`.
    pub fn new(name: &str) -> BuildStep {
        BuildStep { name: name.to_string() }
    }
}

impl crate::module::Module for BuildStep {
    fn name(&self) -> &str {
        &self.name
    }

    fn parallel_safe(&self) -> bool {
        true
    }

    fn event(&mut self, _event: &mut evflow_core::Event) -> crate::module::HookResult<crate::module::Decision> {
        Ok(crate::module::Decision::Keep)
    }
}

/// A message of event building that cannot be read: from a foreign sender or a bug.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed event-building message: {0}")]
pub struct Malformed(pub String);

const PROGRESS: u8 = 1;
const REQUEST: u8 = 2;
const FRAGMENTS: u8 = 3;

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

fn sized(bytes: &[u8], kind: u8, len: usize, what: &str) -> Result<(), Malformed> {
    if bytes.first() != Some(&kind) {
        return Err(Malformed(format!("expected a {what}, got kind {:?}", bytes.first())));
    }
    if bytes.len() < len {
        return Err(Malformed(format!("a {what} of {} bytes, expected {len} or more", bytes.len())));
    }
    Ok(())
}

/// RU to the event manager: where its source is (the fragment it read last), sent once
/// per batch it reaches, and when its source ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The RU's index.
    pub readout: u32,
    /// Run of the fragment it read last.
    pub run: u32,
    /// Number of that fragment.
    pub number: u64,
    /// Number of the first fragment of that run it read (a run's first batch is the
    /// lowest any RU reports).
    pub first: u64,
    /// Whether it read any fragment yet.
    pub any: bool,
    /// Its source ended.
    pub ended: bool,
}

impl Progress {
    const LEN: usize = 28;

    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = vec![PROGRESS, u8::from(self.ended), u8::from(self.any), 0];
        b.extend_from_slice(&self.readout.to_le_bytes());
        b.extend_from_slice(&self.run.to_le_bytes());
        b.extend_from_slice(&self.number.to_le_bytes());
        b.extend_from_slice(&self.first.to_le_bytes());
        b
    }

    /// Reads a progress message.
    pub fn decode(b: &[u8]) -> Result<Progress, Malformed> {
        sized(b, PROGRESS, Self::LEN, "progress")?;
        Ok(Progress {
            ended: b[1] != 0,
            any: b[2] != 0,
            readout: u32_at(b, 4),
            run: u32_at(b, 8),
            number: u64_at(b, 12),
            first: u64_at(b, 20),
        })
    }
}

/// BU to the RUs: send me your fragments of `batch`. `release`: every batch before it is
/// at the custody, so RUs drop them, as they drop those of `done`. `wanted`: the RUs that
/// have not answered yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The batch.
    pub batch: BatchKey,
    /// The oldest batch not yet at the custody.
    pub release: BatchKey,
    /// The builder's worker slot and generation: where the answer goes.
    pub slot: u32,
    /// Its generation.
    pub generation: u32,
    /// One flag per RU: it is asked.
    pub wanted: Vec<bool>,
    /// Batches after the release point that are at the custody (at most [`DONE_LISTED`]).
    pub done: Vec<BatchKey>,
}

impl Request {
    const LEN: usize = 40;

    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = vec![REQUEST, 0, 0, 0];
        b.extend_from_slice(&self.batch.0.to_le_bytes());
        b.extend_from_slice(&self.batch.1.to_le_bytes());
        b.extend_from_slice(&self.release.0.to_le_bytes());
        b.extend_from_slice(&self.release.1.to_le_bytes());
        b.extend_from_slice(&self.slot.to_le_bytes());
        b.extend_from_slice(&self.generation.to_le_bytes());
        b.extend_from_slice(&(self.wanted.len() as u32).to_le_bytes());
        b.extend(self.wanted.iter().map(|&w| u8::from(w)));
        b.extend_from_slice(&(self.done.len() as u32).to_le_bytes());
        for &(run, k) in &self.done {
            b.extend_from_slice(&run.to_le_bytes());
            b.extend_from_slice(&k.to_le_bytes());
        }
        b
    }

    /// Reads a request.
    pub fn decode(b: &[u8]) -> Result<Request, Malformed> {
        sized(b, REQUEST, Self::LEN, "request")?;
        let n = u32_at(b, 36) as usize;
        let at = Self::LEN.saturating_add(n);
        let done = b.get(at..at + 4).map(|d| u32_at(d, 0) as usize);
        if done.is_none_or(|d| d > DONE_LISTED || b.len() != at + 4 + 12 * d) {
            return Err(Malformed(format!("a request for {n} readouts in {} bytes", b.len())));
        }
        let listed = &b[at + 4..];
        Ok(Request {
            done: listed.chunks_exact(12).map(|d| (u32_at(d, 0), u64_at(d, 4))).collect(),
            batch: (u32_at(b, 4), u64_at(b, 8)),
            release: (u32_at(b, 16), u64_at(b, 20)),
            slot: u32_at(b, 28),
            generation: u32_at(b, 32),
            wanted: b[Self::LEN..at].iter().map(|&w| w != 0).collect(),
        })
    }
}

/// RU to BU, the first part of a `Fragments` message: the batch, the RU, and how many
/// message parts each fragment takes (its frame and external entries), which follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FragmentsHead {
    /// The batch.
    pub batch: BatchKey,
    /// The RU's index.
    pub readout: u32,
    /// Parts of each fragment, in number order.
    pub parts: Vec<u32>,
}

impl FragmentsHead {
    const LEN: usize = 24;

    /// The first part's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = vec![FRAGMENTS, 0, 0, 0];
        b.extend_from_slice(&self.readout.to_le_bytes());
        b.extend_from_slice(&self.batch.0.to_le_bytes());
        b.extend_from_slice(&self.batch.1.to_le_bytes());
        b.extend_from_slice(&(self.parts.len() as u32).to_le_bytes());
        for p in &self.parts {
            b.extend_from_slice(&p.to_le_bytes());
        }
        b
    }

    /// Reads the first part of a `Fragments` message of `parts` parts in all.
    pub fn decode(b: &[u8], parts: usize) -> Result<FragmentsHead, Malformed> {
        sized(b, FRAGMENTS, Self::LEN, "fragments message")?;
        let follow = parts.checked_sub(1).ok_or_else(|| Malformed("a fragments message of no parts".into()))?;
        let n = u32_at(b, 20) as usize;
        if b.len() != Self::LEN + 4 * n {
            return Err(Malformed(format!("{n} fragments declared in a head of {} bytes", b.len())));
        }
        let counts: Vec<u32> = (0..n).map(|i| u32_at(b, Self::LEN + 4 * i)).collect();
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if counts.contains(&0) || total != follow as u64 {
            return Err(Malformed(format!("fragments of {total} parts declared, {follow} follow")));
        }
        Ok(FragmentsHead { readout: u32_at(b, 4), batch: (u32_at(b, 8), u64_at(b, 12)), parts: counts })
    }
}

/// BU to the custody, the part after the header of a `Built` result: how many message parts
/// each built event takes (its frame and external entries; none for an event the builder's
/// modules rejected), which follow. Bytes: the count of events, then each one's parts, u32 LE.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltIndex {
    /// Parts of each built event, in number order.
    pub parts: Vec<u32>,
}

impl BuiltIndex {
    /// The index part's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = (self.parts.len() as u32).to_le_bytes().to_vec();
        for p in &self.parts {
            b.extend_from_slice(&p.to_le_bytes());
        }
        b
    }

    /// Reads an index that `follow` message parts follow.
    pub fn decode(b: &[u8], follow: usize) -> Result<BuiltIndex, Malformed> {
        if b.len() < 4 || !b.len().is_multiple_of(4) {
            return Err(Malformed(format!("a built batch's index of {} bytes (4 per event, and 4)", b.len())));
        }
        let n = u32_at(b, 0) as usize;
        if b.len() != 4 + 4 * n {
            return Err(Malformed(format!("{n} built events declared in an index of {} bytes", b.len())));
        }
        let counts: Vec<u32> = (0..n).map(|i| u32_at(b, 4 + 4 * i)).collect();
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if total != follow as u64 {
            return Err(Malformed(format!("built events of {total} parts declared, {follow} follow")));
        }
        Ok(BuiltIndex { parts: counts })
    }

    /// The parts of each event, out of the `parts` that followed the index it was decoded
    /// with.
    pub fn split<'a, T>(&self, parts: &'a [T]) -> Vec<&'a [T]> {
        let mut at = 0;
        self.parts
            .iter()
            .map(|&n| {
                let event = &parts[at..at + n as usize];
                at += n as usize;
                event
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let p = Progress { readout: 3, run: 7, number: 1 << 40, first: 5, any: true, ended: true };
        assert_eq!(Progress::decode(&p.encode()), Ok(p));
        let wanted = vec![true, false, true];
        let r = Request { batch: (2, 9), release: (1, 4), slot: 1, generation: 5, wanted, done: vec![(1, 6), (2, 0)] };
        assert_eq!(Request::decode(&r.encode()), Ok(r));
        let h = FragmentsHead { batch: (4, 11), readout: 2, parts: vec![1, 3, 1] };
        assert_eq!(FragmentsHead::decode(&h.encode(), 6), Ok(h));
        let b = BuiltIndex { parts: vec![2, 0, 1] };
        assert_eq!(BuiltIndex::decode(&b.encode(), 3), Ok(b.clone()));
        assert_eq!(b.split(&["f", "x", "g"]), [&["f", "x"][..], &[], &["g"]]);
    }

    #[test]
    fn malformed_messages_are_errors() {
        let p = Progress { readout: 0, run: 1, number: 2, first: 0, any: true, ended: false }.encode();
        assert!(Progress::decode(&p[..10]).is_err());
        assert!(Request::decode(&p).is_err());
        let r = Request { batch: (1, 1), release: (1, 0), slot: 0, generation: 0, wanted: vec![true; 4], done: vec![] };
        let bytes = r.encode();
        assert!(Request::decode(&bytes[..bytes.len() - 1]).is_err());
        let many = Request { done: vec![(1, 2); DONE_LISTED + 1], ..r }.encode();
        assert!(Request::decode(&many).is_err(), "more done batches than a request names");
        let h = FragmentsHead { batch: (1, 1), readout: 0, parts: vec![2, 1] }.encode();
        assert!(FragmentsHead::decode(&h, 3).is_err(), "three parts follow the head, not two");
        assert!(FragmentsHead::decode(&h[..h.len() - 2], 4).is_err());
        let zero = FragmentsHead { batch: (1, 1), readout: 0, parts: vec![0] }.encode();
        assert!(FragmentsHead::decode(&zero, 1).is_err());
        assert!(FragmentsHead::decode(&[], 1).is_err());
        let b = BuiltIndex { parts: vec![1, 2] }.encode();
        assert!(BuiltIndex::decode(&b, 2).is_err(), "two parts follow the index, not three");
        assert!(BuiltIndex::decode(&b[..b.len() - 4], 3).is_err());
        assert!(BuiltIndex::decode(&b[..5], 3).is_err());
        assert!(BuiltIndex::decode(&[], 0).is_err());
    }

    proptest::proptest! {
        /// Bytes from another process: any of them is a message or an error, never a panic,
        /// and every message reads back as it was written.
        #[test]
        fn any_bytes_decode_or_fail_cleanly(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..96), parts in 0usize..8) {
            let _ = Progress::decode(&bytes);
            let _ = Request::decode(&bytes);
            let _ = FragmentsHead::decode(&bytes, parts);
            if let Ok(b) = BuiltIndex::decode(&bytes, parts) {
                proptest::prop_assert_eq!(b.split(&vec![0u8; parts]).concat().len(), parts);
            }
        }

        #[test]
        fn messages_read_back_as_written(
            run in proptest::num::u32::ANY, k in proptest::num::u64::ANY, slot in proptest::num::u32::ANY,
            wanted in proptest::collection::vec(proptest::bool::ANY, 0..40),
            done in proptest::collection::vec((proptest::num::u32::ANY, proptest::num::u64::ANY), 0..DONE_LISTED),
            counts in proptest::collection::vec(1u32..5, 0..20),
        ) {
            let p = Progress { readout: slot, run, number: k, first: k / 2, any: wanted.is_empty(), ended: true };
            proptest::prop_assert_eq!(Progress::decode(&p.encode()), Ok(p));
            let r = Request { batch: (run, k), release: (run, k / 3), slot, generation: run, wanted, done };
            proptest::prop_assert_eq!(Request::decode(&r.encode()), Ok(r));
            let parts = 1 + counts.iter().map(|&c| c as usize).sum::<usize>();
            // A built batch: the same counts, a rejected event (no parts) among them.
            let b = BuiltIndex { parts: [&counts[..], &[0]].concat() };
            proptest::prop_assert_eq!(BuiltIndex::decode(&b.encode(), parts - 1), Ok(b));
            let h = FragmentsHead { batch: (run, k), readout: slot, parts: counts };
            proptest::prop_assert_eq!(FragmentsHead::decode(&h.encode(), parts), Ok(h));
        }
    }

    #[test]
    fn batches_are_number_ranges() {
        assert_eq!(batch_of(3, 0, 64), (3, 0));
        assert_eq!(batch_of(3, 63, 64), (3, 0));
        assert_eq!(batch_of(3, 64, 64), (3, 1));
    }
}
