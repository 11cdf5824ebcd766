//! The messages between the input, the workers and the output (docs/parallel.md). Each
//! message starts with a 24-byte little-endian header part; an event travels as a second
//! part, its wire frame.
//!
//! ```text
//!  0     1        2         3   4             8                 12        16     24
//!  | kind | status | version | - | origin slot | origin generation | attempt | seq |
//! ```
//!
//! `version` is [`VERSION`]: a process of another evflow whose messages differ is refused
//! with both versions named, never misread.

use std::collections::{BTreeSet, HashSet};

/// Kinds of message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// Input to worker: process this event (frame follows).
    Dispatch = 1,
    /// To the output: what became of an event (frame follows for kept and failed events).
    Result = 2,
    /// Output to input: results taken into custody (the output's watermark and the ack list
    /// follow in the same part).
    Acks = 3,
    /// Input to the output: no more events; `seq` is the number read.
    End = 4,
    /// Worker to input: it finished `attempt` events (at least 1), the last of them `seq`, so
    /// it has room for as many more (its credits).
    Credit = 5,
    /// Input to the output, in a held topology: every event of a run is at the output;
    /// `seq` is the number read so far, `attempt` the run number, `origin.generation` the
    /// run's index (runs counted from 1).
    RunEnd = 6,
    /// Input to a worker the controller retires: it holds no event of the input's any more
    /// (every dispatch came before this); it ends its modules and exits.
    Retire = 7,
    /// A restarted custody to the input, on the acks channel: it continues its earlier
    /// generation's work (`origin.generation`: its own) and waits for `Resume`.
    Resumed = 8,
    /// The input to a restarted custody, on the results channel: every seq below `seq` was
    /// acknowledged (decided by an earlier generation); what it has not acknowledged follows
    /// again (docs/topology-design.md, "Custodies that are restarted"). In a held topology
    /// it names the run the custody is in ([`encode_resume`]).
    Resume = 9,
    /// Input to a worker of a parallel job, after the events read before cut `seq`
    /// (docs/root.md, "Cuts in a parallel job"): it writes its mergeable objects for it.
    Cut = 10,
    /// Input to worker: a batch of events (docs/parallel.md, "Batches of small events on the
    /// wire"); `seq` is the number of events, a [`BatchIndex`] part follows (each event's seq,
    /// attempt and parts), then the events' parts.
    Dispatches = 11,
    /// To the output: what became of a batch of events; `seq` is the number of events, a
    /// [`BatchIndex`] part follows (each event's seq, status and parts), then their parts.
    Results = 12,
}

/// What became of an event, as the output is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Status {
    /// Went through the worker part; the frame follows.
    Processed = 1,
    /// A module rejected it.
    Rejected = 2,
    /// It killed workers too often: written flagged failed (frame follows).
    Poison = 3,
    /// It killed workers too often and went to the quarantine file.
    Quarantined = 4,
    /// The job stopped before the event was processed.
    Abandoned = 5,
    /// A builder's batch (docs/eventbuilding.md): a part listing how many parts each built
    /// event takes follows the header, then the events' parts.
    Built = 6,
    /// Went through the worker part, which made the event's file record as the output's
    /// first module writes it (docs/parallel.md, "Compressed output"): the event's parts
    /// follow, then the record's description and its stored bytes.
    Recorded = 7,
}

impl Status {
    fn from_u8(v: u8) -> Option<Status> {
        Some(match v {
            1 => Status::Processed,
            2 => Status::Rejected,
            3 => Status::Poison,
            4 => Status::Quarantined,
            5 => Status::Abandoned,
            6 => Status::Built,
            7 => Status::Recorded,
            _ => return None,
        })
    }
}

/// Who produced a result: a worker slot and its generation, or the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    /// Worker slot, or [`Origin::INPUT`].
    pub worker: u32,
    /// Generation of the worker in the slot.
    pub generation: u32,
}

impl Origin {
    /// The input process as an origin.
    pub const INPUT: u32 = u32::MAX;
    /// The origin of an ack that acknowledges a held topology's `RunEnd` (its `seq`, and the
    /// run's index as the generation): a restartable custody sends it once it closed the run.
    pub const RUN: u32 = u32::MAX - 1;
}

/// Length of every header.
pub const HEADER_LEN: usize = 24;
/// The version of these messages, in every header: bumped when a layout changes.
pub const VERSION: u8 = 4;

/// A decoded header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Message kind.
    pub kind: Kind,
    /// For results.
    pub status: Option<Status>,
    /// For results and credits: who sent it; for dispatches: the worker slot and generation
    /// it is for (a bridge routes it by them).
    pub origin: Origin,
    /// For dispatches: how many workers the event killed so far.
    pub attempt: u32,
    /// The event's seq (End: number of events read).
    pub seq: u64,
}

/// A message the engine cannot read: a bug or a foreign sender, never silently ignored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first part is shorter than a header.
    #[error("malformed engine message: header of {0} bytes, expected {HEADER_LEN}")]
    ShortHeader(usize),
    /// The sender speaks another version of these messages.
    #[error(
        "malformed engine message: protocol version {0}, this evflow speaks version {VERSION}: run the same \
         evflow on every host"
    )]
    Version(u8),
    /// The kind byte names no kind.
    #[error("malformed engine message: unknown kind {0}")]
    UnknownKind(u8),
    /// A result whose status byte names no status.
    #[error("malformed engine message: unknown result status {0}")]
    UnknownStatus(u8),
    /// A `Resume` whose parts are not the run's first seq (when it names a run) and ranges.
    #[error(
        "malformed engine message: a Resume followed by parts of {0:?} bytes, not the run's first seq (8 bytes, when \
         it names a run) and ranges of seqs (16 bytes each)"
    )]
    ResumeRun(Vec<usize>),
    /// A batch (`Dispatches`, `Results`) whose index does not fit its header or its parts.
    #[error("malformed engine message: a batch {0}")]
    Batch(String),
    /// An `Acks` message whose length is not what its header declares.
    #[error("malformed engine message: {declared} acks declared in {len} bytes")]
    AcksLength {
        /// Acks the header declares.
        declared: u64,
        /// Bytes of the body.
        len: usize,
    },
}

impl Header {
    /// A header of `kind` for `seq`.
    pub fn new(kind: Kind, seq: u64) -> Header {
        Header { kind, status: None, origin: Origin { worker: 0, generation: 0 }, attempt: 0, seq }
    }

    /// A result header.
    pub fn result(seq: u64, status: Status, origin: Origin) -> Header {
        Header { kind: Kind::Result, status: Some(status), origin, attempt: 0, seq }
    }

    /// A worker's credit: it finished `count` events, the last of them `last`.
    pub fn credit(origin: Origin, last: u64, count: u32) -> Header {
        Header { origin, attempt: count, ..Header::new(Kind::Credit, last) }
    }

    /// The header's bytes.
    pub fn encode(&self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[0] = self.kind as u8;
        b[1] = self.status.map_or(0, |s| s as u8);
        b[2] = VERSION;
        b[4..8].copy_from_slice(&self.origin.worker.to_le_bytes());
        b[8..12].copy_from_slice(&self.origin.generation.to_le_bytes());
        b[12..16].copy_from_slice(&self.attempt.to_le_bytes());
        b[16..24].copy_from_slice(&self.seq.to_le_bytes());
        b
    }

    /// Reads a header from the start of `bytes`.
    pub fn decode(bytes: &[u8]) -> Result<Header, ProtocolError> {
        if bytes.len() < HEADER_LEN {
            return Err(ProtocolError::ShortHeader(bytes.len()));
        }
        if bytes[2] != VERSION {
            return Err(ProtocolError::Version(bytes[2]));
        }
        let kind = match bytes[0] {
            1 => Kind::Dispatch,
            2 => Kind::Result,
            3 => Kind::Acks,
            4 => Kind::End,
            5 => Kind::Credit,
            6 => Kind::RunEnd,
            7 => Kind::Retire,
            8 => Kind::Resumed,
            9 => Kind::Resume,
            10 => Kind::Cut,
            11 => Kind::Dispatches,
            12 => Kind::Results,
            k => return Err(ProtocolError::UnknownKind(k)),
        };
        let status = match (kind, Status::from_u8(bytes[1])) {
            (Kind::Result, None) => return Err(ProtocolError::UnknownStatus(bytes[1])),
            (_, s) => s,
        };
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let origin = Origin { worker: u32_at(4), generation: u32_at(8) };
        let seq = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        Ok(Header { kind, status, origin, attempt: u32_at(12), seq })
    }
}

/// The messages on one channel that anything on the network can reach which were not the
/// engine's (docs/security.md, "Hostile or broken peers"): dropped, counted, the first of
/// each sender logged with what it was, the count logged when the process ends.
#[derive(Debug)]
pub struct Foreign {
    /// The channel, as the log names it (`relay`, `results channel`).
    channel: &'static str,
    /// What belongs on it: one (`a dispatch`) and many (`dispatches`).
    expected: (&'static str, &'static str),
    /// Messages dropped.
    count: u64,
    /// The senders logged already (at most [`FOREIGN_PEERS_LOGGED`]).
    logged: HashSet<String>,
}

/// Senders of foreign messages a channel names in the log, each once; the rest are counted.
pub const FOREIGN_PEERS_LOGGED: usize = 64;

impl Foreign {
    /// None dropped yet on `channel`, where `expected` belongs.
    pub fn new(channel: &'static str, expected: (&'static str, &'static str)) -> Foreign {
        Foreign { channel, expected, count: 0, logged: HashSet::new() }
    }

    /// Messages dropped so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Drops a message of process `name` from `peer` (its address, if the channel knows
    /// it), which was `what`: logged if it is the first from its sender.
    pub fn drop(&mut self, name: &str, peer: Option<&str>, what: &str) {
        self.count += 1;
        let peer = peer.unwrap_or("an unknown sender");
        if self.logged.len() < FOREIGN_PEERS_LOGGED && self.logged.insert(peer.to_string()) {
            crate::log::warn!(
                "{name}: dropped a message from {peer} on its {} that is not {} ({what}); such messages are dropped and counted, each sender logged once",
                self.channel,
                self.expected.0
            );
        }
    }

    /// Logs how many process `name` dropped, if any.
    pub fn report(&self, name: &str) {
        if self.count > 0 {
            crate::log::warn!(
                "{name}: dropped {} messages on its {} that were not {}",
                self.count,
                self.channel,
                self.expected.1
            );
        }
    }
}

/// The run a restarted custody is in, as `Resume` names it in a held topology: the run its
/// events carry now, or the last one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunAt {
    /// The run's index (runs counted from 1).
    pub index: u32,
    /// Its run number.
    pub number: u32,
    /// The seq of its first event.
    pub start: u64,
    /// An earlier process of the custody closed it (it acknowledged the run's `RunEnd`).
    pub closed: bool,
}

const RUN_START_LEN: usize = 8;

/// What a `Resume` says beyond its `below`: the run the custody is in, and the seqs above
/// `below` acknowledged already, as ranges (first seq, count).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resumed {
    /// The run, in a held topology.
    pub run: Option<RunAt>,
    /// The seqs at or above `below` that were acknowledged (decided by an earlier process).
    pub decided: Vec<(u64, u64)>,
}

impl Resumed {
    /// The input's half of a custody's restart: below which seq everything was acknowledged,
    /// and the seqs above it acknowledged too (out of order, when the custody's modules hold
    /// events), as ranges. Seqs handed out are those below `handed`; `outstanding` are those
    /// not acknowledged (backed up, or kept by the input). An origin restarted from its
    /// journal owes the seqs from `owed` on (journaled, not made again yet) but for those
    /// below the custody's watermark `custody_decided`, decided there already.
    pub fn point(
        handed: u64,
        owed: Option<u64>,
        custody_decided: u64,
        outstanding: &BTreeSet<u64>,
    ) -> (u64, Vec<(u64, u64)>) {
        let until = Resumed::until(handed, owed, custody_decided);
        let below = Resumed::below(handed, owed, custody_decided, outstanding.first().copied());
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for seq in (below..until).filter(|seq| !outstanding.contains(seq)) {
            match ranges.last_mut() {
                Some((first, n)) if *first + *n == seq => *n += 1,
                _ => ranges.push((seq, 1)),
            }
        }
        (below, ranges)
    }

    /// The `below` of [`Resumed::point`], given the lowest seq outstanding: the input's
    /// acknowledged floor, which it tells as it moves (docs/topology-design.md, "The journal
    /// is bounded").
    pub fn below(handed: u64, owed: Option<u64>, custody_decided: u64, first_outstanding: Option<u64>) -> u64 {
        let until = Resumed::until(handed, owed, custody_decided);
        first_outstanding.map_or(until, |first| first.min(until))
    }

    /// Where the seqs the input may name acknowledged end: those handed out, but those its
    /// source owes and the custody has not decided.
    fn until(handed: u64, owed: Option<u64>, custody_decided: u64) -> u64 {
        owed.map_or(handed, |owed| owed.max(custody_decided).min(handed))
    }

    /// Every seq the ranges name.
    pub fn decided_seqs(&self) -> impl Iterator<Item = u64> + '_ {
        self.decided.iter().flat_map(|&(first, n)| first..first.saturating_add(n))
    }
}

/// A `Resume` message's parts: its header (`seq`: every seq below was acknowledged;
/// `origin.generation`: the run's index, 0 for none; `attempt`: its number; `origin.worker`:
/// 1 when the run is closed), then, when it names a run, the run's first seq (8 bytes), then,
/// when there are any, the ranges of seqs above `below` acknowledged too (16 bytes each).
pub fn encode_resume(below: u64, resumed: &Resumed) -> Vec<Vec<u8>> {
    let mut parts = Vec::new();
    match resumed.run {
        None => parts.push(Header::new(Kind::Resume, below).encode().to_vec()),
        Some(run) => {
            let origin = Origin { worker: run.closed.into(), generation: run.index };
            let header = Header { origin, attempt: run.number, ..Header::new(Kind::Resume, below) };
            parts.push(header.encode().to_vec());
            parts.push(run.start.to_le_bytes().to_vec());
        }
    }
    if !resumed.decided.is_empty() {
        parts.push(resumed.decided.iter().flat_map(|&(first, n)| [first, n]).flat_map(u64::to_le_bytes).collect());
    }
    parts
}

/// What a `Resume` whose header is decoded says, from the parts after its header.
pub fn decode_resume(header: &Header, rest: &[&[u8]]) -> Result<Resumed, ProtocolError> {
    let malformed = || ProtocolError::ResumeRun(rest.iter().map(|p| p.len()).collect());
    let (run, rest) = match (header.origin.generation, rest) {
        (0, rest) => (None, rest),
        (index, [start, rest @ ..]) if start.len() == RUN_START_LEN => {
            let start = u64::from_le_bytes((*start).try_into().expect("8 bytes"));
            let closed = header.origin.worker == 1;
            (Some(RunAt { index, number: header.attempt, start, closed }), rest)
        }
        _ => return Err(malformed()),
    };
    let decided = match rest {
        [] => Vec::new(),
        [ranges] if ranges.len() % 16 == 0 => ranges
            .chunks_exact(16)
            .map(|r| {
                let word = |at: usize| u64::from_le_bytes(r[at..at + 8].try_into().expect("8 bytes"));
                (word(0), word(8))
            })
            .collect(),
        _ => return Err(malformed()),
    };
    Ok(Resumed { run, decided })
}

/// Most events one batch on the wire holds (docs/parallel.md, "Batches of small events on
/// the wire").
pub const BATCH_EVENTS: usize = 64;
/// Most bytes of events one batch holds (its first event goes whatever its size).
pub const BATCH_BYTES: usize = 64 << 10;

/// Where events go in batches, a worker holds more than this many events only while they
/// take less than [`WIRE_WINDOW_BYTES`]: small events fill its queue, large ones are held as
/// many as they were one by one.
pub const WIRE_WINDOW_EVENTS: usize = 16;
/// See [`WIRE_WINDOW_EVENTS`].
pub const WIRE_WINDOW_BYTES: usize = 16 << 20;

const BATCH_ENTRY_LEN: usize = 16;

/// One event of a batch: its seq, a word (a dispatch's attempt, a result's status) and how
/// many of the parts after the index are its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchEntry {
    /// The event.
    pub seq: u64,
    /// `Dispatches`: the event's attempt; `Results`: its [`Status`].
    pub word: u32,
    /// Its parts (a rejected event's result has none).
    pub parts: u32,
}

/// The index part of a `Dispatches` or `Results` message: 16 bytes per event (seq, word,
/// parts), in the order of the events' parts after it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatchIndex {
    /// The events, in order.
    pub entries: Vec<BatchEntry>,
}

impl BatchIndex {
    /// The index part's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(self.entries.len() * BATCH_ENTRY_LEN);
        for e in &self.entries {
            b.extend_from_slice(&e.seq.to_le_bytes());
            b.extend_from_slice(&e.word.to_le_bytes());
            b.extend_from_slice(&e.parts.to_le_bytes());
        }
        b
    }

    /// Reads the index of a batch whose header declares `declared` events, which `follow`
    /// parts follow: 1 to [`BATCH_EVENTS`] events whose parts add up to `follow`.
    pub fn decode(b: &[u8], declared: u64, follow: usize) -> Result<BatchIndex, ProtocolError> {
        let malformed = |what: String| Err(ProtocolError::Batch(what));
        if declared == 0 || declared > BATCH_EVENTS as u64 {
            return malformed(format!("of {declared} events (1 to {BATCH_EVENTS})"));
        }
        if b.len() as u64 != declared * BATCH_ENTRY_LEN as u64 {
            return malformed(format!("of {declared} events with an index of {} bytes (16 per event)", b.len()));
        }
        let entries: Vec<BatchEntry> = b
            .chunks_exact(BATCH_ENTRY_LEN)
            .map(|c| BatchEntry {
                seq: u64::from_le_bytes(c[0..8].try_into().expect("8 bytes")),
                word: u32::from_le_bytes(c[8..12].try_into().expect("4 bytes")),
                parts: u32::from_le_bytes(c[12..16].try_into().expect("4 bytes")),
            })
            .collect();
        let total: u64 = entries.iter().map(|e| u64::from(e.parts)).sum();
        if total != follow as u64 {
            return malformed(format!("whose events have {total} parts, {follow} follow its index"));
        }
        Ok(BatchIndex { entries })
    }

    /// Each event's entry and parts, out of the `parts` that followed the index.
    pub fn split<'a, T>(&'a self, parts: &'a [T]) -> impl Iterator<Item = (BatchEntry, &'a [T])> + 'a {
        let mut at = 0;
        self.entries.iter().map(move |&e| {
            let event = &parts[at..at + e.parts as usize];
            at += e.parts as usize;
            (e, event)
        })
    }

    /// A result's status in the entry's word, if it names one.
    pub fn status(entry: &BatchEntry) -> Result<Status, ProtocolError> {
        u8::try_from(entry.word)
            .ok()
            .and_then(Status::from_u8)
            .ok_or(ProtocolError::UnknownStatus(entry.word.min(255) as u8))
    }
}

/// One acknowledged result: its seq and who sent it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ack {
    /// The event.
    pub seq: u64,
    /// The result's origin.
    pub origin: Origin,
}

impl Ack {
    /// The ack of a held topology's `RunEnd` (`read`: its count of events read) for run
    /// `index`: the custody closed the run ([`Origin::RUN`]).
    pub fn run_closed(read: u64, index: u32) -> Ack {
        Ack { seq: read, origin: Origin { worker: Origin::RUN, generation: index } }
    }
}

const ACK_LEN: usize = 16;
const WATERMARK_LEN: usize = 8;

/// An `Acks` message: header (`seq`: the number of acks; `origin.generation`: the custody's
/// generation, so that an input drops the acks of a custody replaced since), the output's
/// watermark (every seq below it is done: the ordered input's read-ahead limit, so it needs
/// no shared memory with the output), then 16 bytes per ack.
pub fn encode_acks(generation: u32, watermark: u64, acks: &[Ack]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + WATERMARK_LEN + acks.len() * ACK_LEN);
    let origin = Origin { worker: 0, generation };
    out.extend_from_slice(&Header { origin, ..Header::new(Kind::Acks, acks.len() as u64) }.encode());
    out.extend_from_slice(&watermark.to_le_bytes());
    for a in acks {
        out.extend_from_slice(&a.seq.to_le_bytes());
        out.extend_from_slice(&a.origin.worker.to_le_bytes());
        out.extend_from_slice(&a.origin.generation.to_le_bytes());
    }
    out
}

/// The watermark and the acks of an `Acks` message whose header is already decoded.
pub fn decode_acks(bytes: &[u8], header: &Header) -> Result<(u64, Vec<Ack>), ProtocolError> {
    let body = &bytes[HEADER_LEN..];
    let declared = header.seq.saturating_mul(ACK_LEN as u64).saturating_add(WATERMARK_LEN as u64);
    if body.len() as u64 != declared {
        return Err(ProtocolError::AcksLength { declared: header.seq, len: body.len() });
    }
    let (watermark, body) = body.split_at(WATERMARK_LEN);
    let watermark = u64::from_le_bytes(watermark.try_into().expect("8 bytes"));
    let acks = body
        .chunks_exact(ACK_LEN)
        .map(|c| Ack {
            seq: u64::from_le_bytes(c[0..8].try_into().expect("8 bytes")),
            origin: Origin {
                worker: u32::from_le_bytes(c[8..12].try_into().expect("4 bytes")),
                generation: u32::from_le_bytes(c[12..16].try_into().expect("4 bytes")),
            },
        })
        .collect();
    Ok((watermark, acks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_acks_round_trip() {
        let origin = Origin { worker: 3, generation: 7 };
        let h = Header::result(42, Status::Poison, origin);
        assert_eq!(Header::decode(&h.encode()).unwrap(), h);
        let d = Header { origin, attempt: 2, ..Header::new(Kind::Dispatch, 9) };
        assert_eq!(Header::decode(&d.encode()).unwrap(), d);
        // A restarted custody's handshake: its generation, and the seq below which all is done.
        let resumed = Header { origin, ..Header::new(Kind::Resumed, 0) };
        assert_eq!(Header::decode(&resumed.encode()).unwrap(), resumed);
        let resume = Header::new(Kind::Resume, 1234);
        assert_eq!(Header::decode(&resume.encode()).unwrap(), resume);
        let run = RunAt { index: 3, number: 77, start: 1 << 40, closed: false };
        for run in [None, Some(run), Some(RunAt { closed: true, ..run })] {
            for decided in [vec![], vec![(1240, 3), (u64::MAX - 5, 5)]] {
                let resumed = Resumed { run, decided };
                let parts = encode_resume(1234, &resumed);
                let header = Header::decode(&parts[0]).unwrap();
                let rest: Vec<&[u8]> = parts[1..].iter().map(Vec::as_slice).collect();
                assert_eq!((header.kind, header.seq), (Kind::Resume, 1234));
                assert_eq!(decode_resume(&header, &rest).unwrap(), resumed);
                let cut: Vec<&[u8]> = rest.iter().map(|p| &p[..p.len() - 1]).collect();
                assert!(rest.is_empty() || decode_resume(&header, &cut).is_err(), "parts cut short");
            }
            assert!(
                run.is_none()
                    || decode_resume(
                        &Header::decode(&encode_resume(1, &Resumed { run, decided: vec![] })[0]).unwrap(),
                        &[]
                    )
                    .is_err(),
                "a run without its first seq"
            );
        }
        let acks = [
            Ack { seq: 1, origin },
            Ack { seq: u64::MAX - 1, origin: Origin { worker: Origin::INPUT, generation: 0 } },
        ];
        let bytes = encode_acks(3, 77, &acks);
        let header = Header::decode(&bytes).unwrap();
        assert_eq!(header.origin.generation, 3);
        assert_eq!(decode_acks(&bytes, &header).unwrap(), (77, acks.to_vec()));
    }

    #[test]
    fn batch_indexes_round_trip_and_refuse_what_does_not_fit() {
        let entries = vec![
            BatchEntry { seq: 7, word: 0, parts: 1 },
            BatchEntry { seq: 9, word: Status::Rejected as u32, parts: 0 },
            BatchEntry { seq: u64::MAX, word: 3, parts: 2 },
        ];
        let index = BatchIndex { entries };
        let bytes = index.encode();
        assert_eq!(BatchIndex::decode(&bytes, 3, 3), Ok(index.clone()));
        let split: Vec<(u64, &[char])> = index.split(&['a', 'b', 'c']).map(|(e, p)| (e.seq, p)).collect();
        assert_eq!(split, [(7, &['a'][..]), (9, &[][..]), (u64::MAX, &['b', 'c'][..])]);
        assert!(BatchIndex::decode(&bytes, 3, 4).is_err(), "four parts follow, the events have three");
        assert!(BatchIndex::decode(&bytes, 2, 3).is_err(), "the header declares two events");
        assert!(BatchIndex::decode(&bytes[..bytes.len() - 1], 3, 3).is_err());
        assert!(BatchIndex::decode(&[], 0, 0).is_err(), "an empty batch");
        let many = BatchIndex { entries: vec![BatchEntry { seq: 1, word: 0, parts: 1 }; BATCH_EVENTS + 1] };
        let e = BatchIndex::decode(&many.encode(), BATCH_EVENTS as u64 + 1, BATCH_EVENTS + 1).unwrap_err();
        assert!(e.to_string().contains("of 65 events (1 to 64)"), "{e}");
        assert_eq!(BatchIndex::status(&index.entries[1]), Ok(Status::Rejected));
        assert!(BatchIndex::status(&BatchEntry { seq: 1, word: 300, parts: 0 }).is_err());
        let credit = Header::credit(Origin { worker: 2, generation: 5 }, 41, 17);
        assert_eq!(Header::decode(&credit.encode()), Ok(credit));
        assert_eq!((credit.kind, credit.seq, credit.attempt), (Kind::Credit, 41, 17));
    }

    proptest::proptest! {
        /// A batch's index from another process: any bytes decode or are refused, never a
        /// panic, and what decodes splits its parts exactly.
        #[test]
        fn batch_indexes_from_any_bytes_never_panic(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
            declared in 0u64..80,
            follow in 0usize..300,
        ) {
            if let Ok(index) = BatchIndex::decode(&bytes, declared, follow) {
                let parts = vec![0u8; follow];
                let total: usize = index.split(&parts).map(|(_, p)| p.len()).sum();
                proptest::prop_assert_eq!(total, follow);
            }
        }
    }

    #[test]
    fn malformed_headers_are_errors() {
        assert!(Header::decode(&[1, 0, 0]).is_err());
        let mut b = Header::new(Kind::End, 5).encode();
        b[0] = 200;
        assert!(Header::decode(&b).is_err());
        let mut b = Header::result(1, Status::Processed, Origin { worker: 0, generation: 0 }).encode();
        b[1] = 0;
        assert!(Header::decode(&b).is_err());
        let mut b = Header::new(Kind::End, 5).encode();
        b[2] = VERSION + 1;
        let e = Header::decode(&b).unwrap_err().to_string();
        assert!(e.contains(&format!("protocol version {}, this evflow speaks version {VERSION}", VERSION + 1)), "{e}");
        let bytes = encode_acks(0, 0, &[Ack { seq: 1, origin: Origin { worker: 0, generation: 0 } }]);
        let header = Header::decode(&bytes).unwrap();
        assert!(decode_acks(&bytes[..bytes.len() - 1], &header).is_err());
    }
}
