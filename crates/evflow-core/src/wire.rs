//! The wire format: one event is one frame. `docs/formats.md` is the specification; this
//! module is its one implementation.
//!
//! ```text
//!  frame (all integers little-endian, frame_len a multiple of 64)
//!  ┌──────────────────────── header, 64 bytes ────────────────────────┐
//!  │ 0 magic "EVFR" │ 4 version u16 │ 6 header_len u16 │ 8 frame_len u64│
//!  │ 16 run u32 │ 20 flags u32 │ 24 event u64 │ 32 seq u64              │
//!  │ 40 entry_count u32 │ 44 table_len u32 │ 48 frame_flags u32        │
//!  │ 52 crc32c u32 │ 56 reserved u64                                   │
//!  ├──────────────── entry table, table_len bytes ────────────────────┤
//!  │ per entry: 0 offset u64 │ 8 length u64 │ 16 name_len u16 │         │
//!  │ 18 dtype_len u16 │ 20 ndim u8 │ 21 entry_flags u8 │ 22 reserved    │
//!  │ 24 shape u64 × ndim │ name │ dtype │ zero padding to 8             │
//!  ├──────── payloads, each at a multiple of 64 from frame start ──────┤
//!  │ entry 0 bytes │ pad │ entry 1 bytes │ pad │ ...                    │
//!  └───────────────────────────────────────────────────────────────────┘
//! ```
//!
//! The CRC32C, when `frame_flags` has [`FRAME_HAS_CRC`], covers the whole frame with the
//! crc field read as zero. Decoding maps every payload in place: the entries of a decoded
//! event are slices of the frame's [`Bytes`].
//!
//! In a message, an entry may be *external* ([`ENTRY_EXTERNAL`]): its payload is a further
//! part of the message, not in the frame ([`FrameLayout::with_external`],
//! [`decode_with_parts`]). Files never hold external entries.

use crate::aligned::{align_up, AlignedBuf, ALIGN};
use crate::dtype::DType;
use crate::entry::{check_size, Entry, Home, MAX_ENTRIES, MAX_NAME_LEN, MAX_NDIM};
use crate::event::{Event, EventMeta, Flags};
use crate::le::{get_u16, get_u32, get_u64, put_u16, put_u32, put_u64};
use bytes::Bytes;
use indexmap::IndexMap;
use thiserror::Error;

/// First four bytes of every frame.
pub const FRAME_MAGIC: [u8; 4] = *b"EVFR";
/// The frame version this code writes and reads.
pub const FRAME_VERSION: u16 = 1;
/// Size of the frame header.
pub const HEADER_LEN: usize = 64;
/// Size of the fixed part of an entry-table record.
pub const ENTRY_FIXED_LEN: usize = 24;
/// `frame_flags` bit: the crc32c field is set.
pub const FRAME_HAS_CRC: u32 = 1;
/// `entry_flags` bit: the payload is a part of the message after the frame.
pub const ENTRY_EXTERNAL: u8 = 1;
/// Entries of at least this many bytes travel as external parts in the parallel engine's
/// messages ([`FrameLayout::with_external`]).
pub const EXTERNAL_MIN: usize = 64 << 10;
/// Most external entries in one frame (each is a part, and a ring entry on shm); later large
/// entries are inline.
pub const MAX_EXTERNAL: usize = 32;

const OFF_MAGIC: usize = 0;
const OFF_VERSION: usize = 4;
const OFF_HEADER_LEN: usize = 6;
const OFF_FRAME_LEN: usize = 8;
/// Offset of the run number in the frame header.
pub const OFF_RUN: usize = 16;
const OFF_FLAGS: usize = 20;
/// Offset of the event number in the frame header.
pub const OFF_EVENT: usize = 24;
const OFF_SEQ: usize = 32;
const OFF_ENTRY_COUNT: usize = 40;
const OFF_TABLE_LEN: usize = 44;
const OFF_FRAME_FLAGS: usize = 48;
const OFF_CRC: usize = 52;
// Entry-record field offsets (shape, name and dtype follow at ENTRY_FIXED_LEN).
const ENT_OFF_OFFSET: usize = 0;
const ENT_OFF_LENGTH: usize = 8;
const ENT_OFF_NAME_LEN: usize = 16;
const ENT_OFF_DTYPE_LEN: usize = 18;
const ENT_OFF_NDIM: usize = 20;
const ENT_OFF_FLAGS: usize = 21;

/// Bounds on what a decoder accepts, so untrusted input cannot make it allocate at will.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeLimits {
    /// Largest frame accepted, in bytes.
    pub max_frame_len: u64,
    /// Most entries in one frame.
    pub max_entries: u32,
}

impl DecodeLimits {
    /// Defaults: frames up to 2 GiB with up to 65536 entries.
    pub const DEFAULT: DecodeLimits = DecodeLimits { max_frame_len: 2 << 30, max_entries: MAX_ENTRIES as u32 };
}

impl Default for DecodeLimits {
    fn default() -> Self {
        DecodeLimits::DEFAULT
    }
}

/// What is wrong with a frame.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FrameErrorKind {
    /// Fewer bytes than the frame needs.
    #[error("truncated: needs {needed} bytes, has {available}")]
    Truncated {
        /// Bytes the frame declares or needs.
        needed: u64,
        /// Bytes present.
        available: u64,
    },
    /// The magic number is wrong: not a frame, or not at a frame boundary.
    #[error("bad magic {0:02x?} (expected \"EVFR\")")]
    BadMagic([u8; 4]),
    /// A version this reader does not know.
    #[error("unsupported frame version {0} (this reader supports {FRAME_VERSION})")]
    UnsupportedVersion(u16),
    /// A header field holds an impossible value.
    #[error("invalid {field}: {detail}")]
    Invalid {
        /// The field.
        field: &'static str,
        /// Why.
        detail: String,
    },
    /// A declared size exceeds the configured limit.
    #[error("{what} {value} exceeds the limit {limit}")]
    LimitExceeded {
        /// What was too large.
        what: &'static str,
        /// Declared value.
        value: u64,
        /// Configured limit.
        limit: u64,
    },
    /// The checksum does not match the bytes.
    #[error("crc32c mismatch: stored {stored:#010x}, computed {computed:#010x}")]
    Checksum {
        /// Stored checksum.
        stored: u32,
        /// Checksum of the bytes read.
        computed: u32,
    },
    /// An entry record is malformed.
    #[error("entry {index}: {detail}")]
    BadEntry {
        /// Entry index in the table.
        index: usize,
        /// What is wrong.
        detail: String,
    },
}

/// A frame that could not be decoded: what is wrong and at which byte offset.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("bad frame at byte {offset}: {kind}")]
pub struct FrameError {
    /// Offset in the frame where the problem was found.
    pub offset: u64,
    /// What is wrong.
    pub kind: FrameErrorKind,
}

fn fail<T>(offset: usize, kind: FrameErrorKind) -> Result<T, FrameError> {
    Err(FrameError { offset: offset as u64, kind })
}

/// Where an entry's payload goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// At this offset of the frame.
    Inline(usize),
    /// In this part after the frame (0: the first).
    External(usize),
}

/// Where each part of an event goes in its frame.
#[derive(Debug, Clone)]
pub struct FrameLayout {
    table_len: usize,
    places: Vec<Place>,
    frame_len: usize,
}

impl FrameLayout {
    /// Computes the layout of `event`'s frame, every payload inside it (files, and any frame
    /// that travels alone).
    pub fn of(event: &Event) -> FrameLayout {
        Self::placing(event, |_, _| false)
    }

    /// The layout of `event`'s frame for a message: entries of at least [`EXTERNAL_MIN`]
    /// bytes, the first [`MAX_EXTERNAL`] of them, are external parts after the frame
    /// ([`FrameLayout::externals`] lists them in order).
    pub fn with_external(event: &Event) -> FrameLayout {
        Self::placing(event, |entry, taken| entry.len() >= EXTERNAL_MIN && taken < MAX_EXTERNAL)
    }

    fn placing(event: &Event, external: impl Fn(&Entry, usize) -> bool) -> FrameLayout {
        let table_len: usize = event.iter().map(|(name, e)| entry_record_len(name, e)).sum();
        let mut at = align_up(HEADER_LEN + table_len).expect("frame size overflows");
        let mut places = Vec::with_capacity(event.len());
        let mut parts = 0;
        for (_, entry) in event.iter() {
            if external(entry, parts) {
                places.push(Place::External(parts));
                parts += 1;
            } else {
                places.push(Place::Inline(at));
                at = align_up(at + entry.len()).expect("frame size overflows");
            }
        }
        FrameLayout { table_len, places, frame_len: at }
    }

    /// Total frame size in bytes.
    pub fn frame_len(&self) -> usize {
        self.frame_len
    }

    /// The external entries of `event` (the event this layout was computed for), in the
    /// order of their parts.
    pub fn externals<'e>(&self, event: &'e Event) -> impl Iterator<Item = &'e Entry> + use<'e, '_> {
        event.iter().zip(&self.places).filter(|(_, p)| matches!(p, Place::External(_))).map(|((_, e), _)| e)
    }
}

fn entry_record_len(name: &str, entry: &Entry) -> usize {
    let raw = ENTRY_FIXED_LEN + 8 * entry.shape().len() + name.len() + entry.dtype().len();
    raw.next_multiple_of(8)
}

/// Options for encoding.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Compute and store a CRC32C (for frames that leave memory).
    pub crc: bool,
}

/// Writes `event` as a frame into `out`, which must be exactly `layout.frame_len()` bytes.
///
/// Only headers, padding and payloads are written: `out` need not be zeroed first.
pub fn encode_into(event: &Event, layout: &FrameLayout, out: &mut [u8], opts: EncodeOptions) {
    assert_eq!(out.len(), layout.frame_len, "output buffer must match the frame layout");
    let m = &event.meta;
    out[..HEADER_LEN].fill(0);
    out[OFF_MAGIC..OFF_MAGIC + 4].copy_from_slice(&FRAME_MAGIC);
    put_u16(out, OFF_VERSION, FRAME_VERSION);
    put_u16(out, OFF_HEADER_LEN, HEADER_LEN as u16);
    put_u64(out, OFF_FRAME_LEN, layout.frame_len as u64);
    put_u32(out, OFF_RUN, m.run);
    put_u32(out, OFF_FLAGS, m.flags.0);
    put_u64(out, OFF_EVENT, m.event);
    put_u64(out, OFF_SEQ, m.seq);
    put_u32(out, OFF_ENTRY_COUNT, event.len() as u32);
    put_u32(out, OFF_TABLE_LEN, layout.table_len as u32);
    put_u32(out, OFF_FRAME_FLAGS, if opts.crc { FRAME_HAS_CRC } else { 0 });

    let mut at = HEADER_LEN;
    for ((name, entry), &place) in event.iter().zip(&layout.places) {
        let rec_len = entry_record_len(name, entry);
        let rec = &mut out[at..at + rec_len];
        rec[..ENTRY_FIXED_LEN].fill(0);
        match place {
            Place::Inline(offset) => put_u64(rec, ENT_OFF_OFFSET, offset as u64),
            Place::External(part) => {
                put_u64(rec, ENT_OFF_OFFSET, part as u64);
                rec[ENT_OFF_FLAGS] = ENTRY_EXTERNAL;
            }
        }
        put_u64(rec, ENT_OFF_LENGTH, entry.len() as u64);
        put_u16(rec, ENT_OFF_NAME_LEN, name.len() as u16);
        put_u16(rec, ENT_OFF_DTYPE_LEN, entry.dtype().len() as u16);
        rec[ENT_OFF_NDIM] = entry.shape().len() as u8;
        let mut p = ENTRY_FIXED_LEN;
        for &dim in entry.shape() {
            put_u64(rec, p, dim);
            p += 8;
        }
        rec[p..p + name.len()].copy_from_slice(name.as_bytes());
        p += name.len();
        rec[p..p + entry.dtype().len()].copy_from_slice(entry.dtype().as_bytes());
        p += entry.dtype().len();
        rec[p..].fill(0);
        at += rec_len;
    }
    for ((_, entry), &place) in event.iter().zip(&layout.places) {
        let Place::Inline(offset) = place else { continue };
        out[at..offset].fill(0);
        out[offset..offset + entry.len()].copy_from_slice(entry.data());
        at = offset + entry.len();
    }
    out[at..].fill(0);
    if opts.crc {
        let crc = crc32c::crc32c(out);
        put_u32(out, OFF_CRC, crc);
    }
}

/// Encodes `event` into `buf`, replacing its contents (the buffer is reused across calls).
pub fn encode_to_vec(event: &Event, opts: EncodeOptions, buf: &mut Vec<u8>) {
    let layout = FrameLayout::of(event);
    // encode_into writes every byte, so only a growing tail needs initializing.
    buf.resize(layout.frame_len, 0);
    encode_into(event, &layout, buf, opts);
}

/// Encodes `event` into a new aligned buffer.
pub fn encode(event: &Event, opts: EncodeOptions) -> Bytes {
    let layout = FrameLayout::of(event);
    let mut buf = AlignedBuf::zeroed(layout.frame_len);
    encode_into(event, &layout, buf.as_mut_slice(), opts);
    buf.freeze()
}

/// Reads the frame length a header declares, checking magic, version and limits; needs only
/// the first [`HEADER_LEN`] bytes. Used to find frame boundaries in a stream.
pub fn peek_frame_len(head: &[u8], limits: &DecodeLimits) -> Result<u64, FrameError> {
    if head.len() < HEADER_LEN {
        return fail(0, FrameErrorKind::Truncated { needed: HEADER_LEN as u64, available: head.len() as u64 });
    }
    let magic: [u8; 4] = head[OFF_MAGIC..OFF_MAGIC + 4].try_into().expect("4 bytes");
    if magic != FRAME_MAGIC {
        return fail(OFF_MAGIC, FrameErrorKind::BadMagic(magic));
    }
    let version = get_u16(head, OFF_VERSION);
    if version != FRAME_VERSION {
        return fail(OFF_VERSION, FrameErrorKind::UnsupportedVersion(version));
    }
    let header_len = get_u16(head, OFF_HEADER_LEN);
    if header_len as usize != HEADER_LEN {
        return fail(OFF_HEADER_LEN, invalid("header_len", format!("{header_len}, expected {HEADER_LEN}")));
    }
    let frame_len = get_u64(head, OFF_FRAME_LEN);
    if frame_len > limits.max_frame_len {
        return fail(
            OFF_FRAME_LEN,
            FrameErrorKind::LimitExceeded { what: "frame_len", value: frame_len, limit: limits.max_frame_len },
        );
    }
    if frame_len < HEADER_LEN as u64 || !frame_len.is_multiple_of(ALIGN as u64) {
        return fail(
            OFF_FRAME_LEN,
            invalid("frame_len", format!("{frame_len} is not a multiple of {ALIGN} of at least {HEADER_LEN}")),
        );
    }
    Ok(frame_len)
}

/// Options for decoding.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DecodeOptions {
    /// Size limits.
    pub limits: DecodeLimits,
    /// Check the CRC32C if the frame has one.
    pub verify_crc: bool,
}

/// Decodes the frame at the start of `frame` without copying payloads: the entries of the
/// returned event share `frame`'s memory. Bytes after the declared frame length are ignored.
/// A frame with external entries is refused: see [`decode_with_parts`].
pub fn decode(frame: &Bytes, opts: &DecodeOptions) -> Result<Event, FrameError> {
    decode_with_parts(frame, &[], opts)
}

/// A message part after a frame: the payload of one external entry.
#[derive(Clone, Debug)]
pub struct External {
    /// The payload.
    pub data: Bytes,
    /// Its owner, when a transport can send it on by handle (becomes the entry's home).
    pub home: Option<Home>,
}

/// [`decode`] for a frame that came with further message parts: each external entry is the
/// next part, in place (its home the part's), and every part must be used.
pub fn decode_with_parts(frame: &Bytes, parts: &[External], opts: &DecodeOptions) -> Result<Event, FrameError> {
    let buf: &[u8] = frame;
    let frame_len = peek_frame_len(buf, &opts.limits)? as usize;
    if buf.len() < frame_len {
        return fail(buf.len(), FrameErrorKind::Truncated { needed: frame_len as u64, available: buf.len() as u64 });
    }
    let buf = &buf[..frame_len];
    let frame_flags = get_u32(buf, OFF_FRAME_FLAGS);
    if frame_flags & !FRAME_HAS_CRC != 0 {
        return fail(OFF_FRAME_FLAGS, invalid("frame_flags", format!("unknown bits {frame_flags:#x}")));
    }
    if frame_flags & FRAME_HAS_CRC == 0 && get_u32(buf, OFF_CRC) != 0 {
        // A cleared flag must not switch the check off: without a CRC the field is zero.
        return fail(OFF_CRC, invalid("crc32c", "set although frame_flags says the frame has no CRC".into()));
    }
    if opts.verify_crc && frame_flags & FRAME_HAS_CRC != 0 {
        let stored = get_u32(buf, OFF_CRC);
        let computed = crc32c::crc32c_append(crc32c::crc32c(&buf[..OFF_CRC]), &[0; 4]);
        let computed = crc32c::crc32c_append(computed, &buf[OFF_CRC + 4..]);
        if stored != computed {
            return fail(OFF_CRC, FrameErrorKind::Checksum { stored, computed });
        }
    }
    let entry_count = get_u32(buf, OFF_ENTRY_COUNT);
    if entry_count > opts.limits.max_entries {
        return fail(
            OFF_ENTRY_COUNT,
            FrameErrorKind::LimitExceeded {
                what: "entry_count",
                value: entry_count.into(),
                limit: opts.limits.max_entries.into(),
            },
        );
    }
    let table_len = get_u32(buf, OFF_TABLE_LEN) as usize;
    let table_end = HEADER_LEN + table_len;
    if table_end > frame_len || (entry_count as usize) * ENTRY_FIXED_LEN > table_len {
        return fail(
            OFF_TABLE_LEN,
            invalid("table_len", format!("{table_len} does not fit {entry_count} entries in a {frame_len}-byte frame")),
        );
    }
    let meta = EventMeta {
        run: get_u32(buf, OFF_RUN),
        event: get_u64(buf, OFF_EVENT),
        seq: get_u64(buf, OFF_SEQ),
        flags: Flags(get_u32(buf, OFF_FLAGS)),
    };
    let payload_start = align_up(table_end).expect("table_end is bounded by frame_len");
    let mut entries = IndexMap::with_capacity(entry_count as usize);
    let mut at = HEADER_LEN;
    let mut payload_floor = payload_start;
    let mut used = 0;
    for index in 0..entry_count as usize {
        let place = Payloads { frame, buf, floor: payload_floor, parts, used };
        let decoded = decode_entry(place, at, table_end).map_err(|(off, detail)| FrameError {
            offset: off as u64,
            kind: FrameErrorKind::BadEntry { index, detail },
        })?;
        let DecodedEntry { name, entry, record_len, payload_end } = decoded;
        match payload_end {
            Some(end) => payload_floor = align_up(end).expect("bounded by frame_len"),
            None => used += 1,
        }
        if entries.insert(name, entry).is_some() {
            return fail(at, FrameErrorKind::BadEntry { index, detail: "duplicate entry name".into() });
        }
        at += record_len;
    }
    if at != table_end {
        return fail(at, invalid("table_len", format!("entries end at {at}, table at {table_end}")));
    }
    if used != parts.len() {
        return fail(
            OFF_ENTRY_COUNT,
            invalid("entry_count", format!("{used} external entries for the {} parts after the frame", parts.len())),
        );
    }
    Ok(Event::from_parts(meta, entries))
}

struct DecodedEntry {
    name: String,
    entry: Entry,
    record_len: usize,
    /// Where the payload ends in the frame (`None`: external).
    payload_end: Option<usize>,
}

/// Where the next entry's payload may be: in the frame from `floor` on, or the part `used`.
struct Payloads<'a> {
    frame: &'a Bytes,
    buf: &'a [u8],
    floor: usize,
    parts: &'a [External],
    used: usize,
}

/// An entry, or the offset and description of what is wrong with its record.
type EntryResult = Result<DecodedEntry, (usize, String)>;

fn decode_entry(payloads: Payloads<'_>, at: usize, table_end: usize) -> EntryResult {
    let Payloads { frame, buf, floor: payload_floor, parts, used } = payloads;
    if at + ENTRY_FIXED_LEN > table_end {
        return Err((at, "record runs past the entry table".into()));
    }
    let offset = get_u64(buf, at + ENT_OFF_OFFSET);
    let length = get_u64(buf, at + ENT_OFF_LENGTH);
    let name_len = get_u16(buf, at + ENT_OFF_NAME_LEN) as usize;
    let dtype_len = get_u16(buf, at + ENT_OFF_DTYPE_LEN) as usize;
    let ndim = buf[at + ENT_OFF_NDIM] as usize;
    let flags = buf[at + ENT_OFF_FLAGS];
    if flags & !ENTRY_EXTERNAL != 0 {
        return Err((at + ENT_OFF_FLAGS, format!("unknown entry_flags bits {flags:#x}")));
    }
    if ndim > MAX_NDIM {
        return Err((at + ENT_OFF_NDIM, format!("ndim {ndim} exceeds {MAX_NDIM}")));
    }
    if name_len == 0 || name_len > MAX_NAME_LEN {
        return Err((at + ENT_OFF_NAME_LEN, format!("name length {name_len} not in 1..={MAX_NAME_LEN}")));
    }
    let raw_len = ENTRY_FIXED_LEN + 8 * ndim + name_len + dtype_len;
    let rec_len = raw_len.next_multiple_of(8);
    if at + rec_len > table_end {
        return Err((at, format!("record of {rec_len} bytes runs past the entry table at {table_end}")));
    }
    let shape: Vec<u64> = (0..ndim).map(|i| get_u64(buf, at + ENTRY_FIXED_LEN + 8 * i)).collect();
    let name_at = at + ENTRY_FIXED_LEN + 8 * ndim;
    let name = std::str::from_utf8(&buf[name_at..name_at + name_len])
        .map_err(|e| (name_at, format!("name is not UTF-8: {e}")))?;
    let dtype_at = name_at + name_len;
    let dtype = std::str::from_utf8(&buf[dtype_at..dtype_at + dtype_len])
        .map_err(|e| (dtype_at, format!("dtype is not UTF-8: {e}")))?;
    let itemsize = DType::parse(dtype).map_err(|e| (dtype_at, e.to_string()))?.itemsize();
    if flags & ENTRY_EXTERNAL != 0 {
        let Some(part) = parts.get(used) else {
            let detail = if parts.is_empty() {
                "external payload, but the frame came without its parts".to_string()
            } else {
                format!("external payload, but the message has only {} parts after the frame", parts.len())
            };
            return Err((at, detail));
        };
        if offset != used as u64 || length != part.data.len() as u64 {
            return Err((
                at,
                format!(
                    "external payload {offset} of {length} bytes, but the next part is {used} of {} bytes",
                    part.data.len()
                ),
            ));
        }
        check_size(dtype, &shape, itemsize, length as usize).map_err(|e| (at, e.to_string()))?;
        let entry = Entry::from_checked(dtype.to_string(), shape, part.data.clone(), part.home.clone());
        return Ok(DecodedEntry { name: name.to_string(), entry, record_len: rec_len, payload_end: None });
    }
    let offset_ok = offset.is_multiple_of(ALIGN as u64) && offset >= payload_floor as u64;
    let end = offset.checked_add(length);
    if !offset_ok || end.is_none_or(|end| end > buf.len() as u64) {
        return Err((
            at,
            format!("payload {offset}+{length} is not an aligned, in-order range of the {}-byte frame", buf.len()),
        ));
    }
    check_size(dtype, &shape, itemsize, length as usize).map_err(|e| (at, e.to_string()))?;
    let data = frame.slice(offset as usize..(offset + length) as usize);
    let entry = Entry::from_checked(dtype.to_string(), shape, data, None);
    Ok(DecodedEntry {
        name: name.to_string(),
        entry,
        record_len: rec_len,
        payload_end: Some((offset + length) as usize),
    })
}

fn invalid(field: &'static str, detail: String) -> FrameErrorKind {
    FrameErrorKind::Invalid { field, detail }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Event {
        let mut ev = Event::new(7, 42);
        ev.meta.seq = 3;
        ev.meta.flags = Flags::FAILED;
        let hits: Vec<u8> = (0..24u8).collect();
        ev.put("hits", Entry::new("<f4", vec![2, 3], Bytes::from(hits)).unwrap()).unwrap();
        ev.put("raw", Entry::bytes(Bytes::from_static(b"abc"))).unwrap();
        ev.put("empty", Entry::new("<f8", vec![0], Bytes::new()).unwrap()).unwrap();
        ev
    }

    #[test]
    fn round_trip_is_zero_copy_and_aligned() {
        let ev = sample();
        let frame = encode(&ev, EncodeOptions { crc: true });
        assert_eq!(frame.len() % ALIGN, 0);
        let opts = DecodeOptions { verify_crc: true, ..Default::default() };
        let back = decode(&frame, &opts).unwrap();
        assert_eq!(back, ev);
        for (_, entry) in back.iter().filter(|(_, e)| !e.is_empty()) {
            let p = entry.data().as_ptr() as usize;
            assert!(p >= frame.as_ptr() as usize && p < frame.as_ptr() as usize + frame.len());
            assert_eq!(p % ALIGN, 0);
        }
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let frame = encode(&sample(), EncodeOptions { crc: true });
        for cut in 0..frame.len() {
            let err = decode(&frame.slice(..cut), &DecodeOptions::default()).unwrap_err();
            assert!(matches!(err.kind, FrameErrorKind::Truncated { .. }), "cut {cut}: {err}");
        }
    }

    #[test]
    fn crc_catches_a_flipped_bit_and_names_the_offset() {
        let mut bytes = encode(&sample(), EncodeOptions { crc: true }).to_vec();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let opts = DecodeOptions { verify_crc: true, ..Default::default() };
        let err = decode(&Bytes::from(bytes), &opts).unwrap_err();
        assert_eq!(err.offset, OFF_CRC as u64);
        assert!(err.to_string().contains("crc32c mismatch"), "{err}");
    }

    fn with_large() -> (Event, Bytes) {
        let mut ev = sample();
        let big = Bytes::from(vec![7u8; EXTERNAL_MIN]);
        ev.put("big", Entry::bytes(big.clone())).unwrap();
        (ev, big)
    }

    fn encode_external(ev: &Event) -> (Bytes, Vec<External>) {
        let layout = FrameLayout::with_external(ev);
        let mut buf = AlignedBuf::zeroed(layout.frame_len());
        encode_into(ev, &layout, buf.as_mut_slice(), EncodeOptions::default());
        let parts = layout.externals(ev).map(|e| External { data: e.data().clone(), home: None }).collect();
        (buf.freeze(), parts)
    }

    #[test]
    fn external_entries_round_trip_in_place_and_leave_the_frame_small() {
        let (ev, big) = with_large();
        let (frame, parts) = encode_external(&ev);
        assert_eq!(parts.len(), 1);
        assert!(frame.len() < 1024, "the large payload is not in the frame: {}", frame.len());
        let back = decode_with_parts(&frame, &parts, &DecodeOptions::default()).unwrap();
        assert_eq!(back, ev);
        assert_eq!(back.get("big").unwrap().data().as_ptr(), big.as_ptr(), "mapped in place");
        // The same event encoded for a file holds everything inline.
        assert_eq!(decode(&encode(&ev, EncodeOptions::default()), &DecodeOptions::default()).unwrap(), ev);
    }

    #[test]
    fn external_entries_without_their_parts_are_refused_by_name() {
        let (ev, _) = with_large();
        let (frame, parts) = encode_external(&ev);
        let err = decode(&frame, &DecodeOptions::default()).unwrap_err();
        assert!(err.to_string().contains("entry 3: external payload, but the frame came without its parts"), "{err}");
        let short = External { data: parts[0].data.slice(1..), home: None };
        let err = decode_with_parts(&frame, &[short], &DecodeOptions::default()).unwrap_err();
        assert!(err.to_string().contains("but the next part is 0 of"), "{err}");
        let extra = vec![parts[0].clone(), parts[0].clone()];
        let err = decode_with_parts(&frame, &extra, &DecodeOptions::default()).unwrap_err();
        assert!(err.to_string().contains("1 external entries for the 2 parts"), "{err}");
        let mut bad = frame.to_vec();
        let third = HEADER_LEN
            + (0..3).map(|i| entry_record_len(ev.iter().nth(i).unwrap().0, ev.iter().nth(i).unwrap().1)).sum::<usize>();
        bad[third + ENT_OFF_FLAGS] |= 0x80;
        let err = decode_with_parts(&Bytes::from(bad), &parts, &DecodeOptions::default()).unwrap_err();
        assert!(err.to_string().contains("unknown entry_flags bits 0x81"), "{err}");
    }

    #[test]
    fn at_most_max_external_entries_leave_the_frame() {
        let mut ev = Event::new(1, 1);
        for i in 0..MAX_EXTERNAL + 2 {
            ev.put(format!("e{i}"), Entry::bytes(Bytes::from(vec![i as u8; EXTERNAL_MIN]))).unwrap();
        }
        let (frame, parts) = encode_external(&ev);
        assert_eq!(parts.len(), MAX_EXTERNAL);
        assert!(frame.len() >= 2 * EXTERNAL_MIN);
        assert_eq!(decode_with_parts(&frame, &parts, &DecodeOptions::default()).unwrap(), ev);
    }

    #[test]
    fn limits_are_enforced_before_allocation() {
        let frame = encode(&sample(), EncodeOptions::default());
        let tight = DecodeOptions { limits: DecodeLimits { max_frame_len: 64, max_entries: 1 }, verify_crc: false };
        let err = decode(&frame, &tight).unwrap_err();
        assert!(matches!(err.kind, FrameErrorKind::LimitExceeded { what: "frame_len", .. }), "{err}");
    }
}
