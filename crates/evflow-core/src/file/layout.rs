//! The byte layout of an `.evf` file: constants and the fixed-size headers. `docs/formats.md`
//! ("File format") is the specification; every number of the layout is named here once.
//!
//! ```text
//!  file (all integers little-endian; every record starts at a multiple of 64)
//!  ┌─────────── file header, 32 bytes ───────────┐
//!  │ 0 magic "\x89EVF\r\n\x1a\n" │ 8 version u16    │
//!  │ 10 reserved u16 │ 12 json_len u32              │
//!  │ 16 json_crc u32 │ 20 reserved [u8; 8]          │
//!  │ 28 header_crc u32 (crc32c of bytes 0..28)      │
//!  ├─────────── metadata ────────────────────────┤
//!  │ JSON object, json_len bytes │ zeros to 64      │
//!  ├─────────── record, at a multiple of 64 ─────┤
//!  │ 0 magic "EVRC" │ 4 kind u8 │ 5 codec u8        │
//!  │ 6 reserved u16 │ 8 stored_len u64              │
//!  │ 16 raw_len u64 │ 24 data_crc u32               │
//!  │ 28 header_crc u32 (crc32c of bytes 0..28)      │
//!  │ stored bytes │ zeros to the next multiple of 64│
//!  ├─────────── more records ... ────────────────┤
//!  ├─────────── closing record (kind 3) ─────────┤
//!  │ JSON: complete, reason, events              │
//!  ├─────────── index record (kind 2) ───────────┤
//!  │ per event: run u32 │ reserved u32 │ event u64 │
//!  │            record_offset u64                 │
//!  ├─────────── trailer, last 32 bytes ──────────┤
//!  │ 0 magic "EVFEND\0\0" │ 8 index_offset u64      │
//!  │ 16 event_count u64 │ 24 closing_len u32        │
//!  │ 28 trailer_crc u32 (crc32c of bytes 0..28)     │
//!  └─────────────────────────────────────────────┘
//! ```
//!
//! The three fixed-size structures share one rule: 32 bytes, the last four of which are the
//! CRC32C of the first 28.

use crate::aligned::ALIGN;
use crate::le::{get_u16, get_u32, get_u64, put_u16, put_u32, put_u64};

/// First eight bytes of every `.evf` file (PNG-style: catches text-mode and 7-bit mangling).
pub const FILE_MAGIC: [u8; 8] = *b"\x89EVF\r\n\x1a\n";
/// The file format version this code writes and reads.
pub const FILE_VERSION: u16 = 1;
/// Size of the file header, of a record header and of the trailer.
pub const HEAD_LEN: usize = 32;
/// Largest JSON metadata block accepted, in bytes.
pub const MAX_METADATA_LEN: u32 = 16 << 20;
/// First four bytes of every record.
pub const RECORD_MAGIC: [u8; 4] = *b"EVRC";
/// Record kind: one event frame.
pub const KIND_EVENT: u8 = 1;
/// Record kind: the index written on close.
pub const KIND_INDEX: u8 = 2;
/// Record kind: the closing record written on close, right before the index: whether the
/// job that wrote the file finished.
pub const KIND_CLOSING: u8 = 3;
/// Largest closing record content accepted, in bytes.
pub const MAX_CLOSING_LEN: u64 = 64 << 10;
/// Record kind: a progress record: what the job writing the file has accounted for, or that
/// a job resumed the file (docs/formats.md, "Progress record").
pub const KIND_PROGRESS: u8 = 4;
/// Largest progress record content accepted, in bytes.
pub const MAX_PROGRESS_LEN: u64 = 64 << 10;
/// Codec byte: stored bytes are the raw bytes.
pub const CODEC_NONE: u8 = 0;
/// Codec byte: one zstd frame.
pub const CODEC_ZSTD: u8 = 1;
/// Codec byte: one LZ4 block (no frame header; `raw_len` gives the decompressed size).
pub const CODEC_LZ4: u8 = 2;
/// Size of one index entry.
pub const INDEX_ENTRY_LEN: usize = 24;
/// First eight bytes of the trailer.
pub const TRAILER_MAGIC: [u8; 8] = *b"EVFEND\0\0";

// Field offsets, as drawn above (magics start at 0).
const OFF_CRC: usize = 28;
const FILE_OFF_VERSION: usize = 8;
const FILE_OFF_JSON_LEN: usize = 12;
const FILE_OFF_JSON_CRC: usize = 16;
const REC_OFF_KIND: usize = 4;
const REC_OFF_CODEC: usize = 5;
const REC_OFF_STORED_LEN: usize = 8;
const REC_OFF_RAW_LEN: usize = 16;
const REC_OFF_DATA_CRC: usize = 24;
const TRAILER_OFF_INDEX: usize = 8;
const TRAILER_OFF_COUNT: usize = 16;
const TRAILER_OFF_CLOSING: usize = 24;
const INDEX_OFF_RUN: usize = 0;
const INDEX_OFF_EVENT: usize = 8;
const INDEX_OFF_RECORD: usize = 16;

/// Puts the header CRC (of bytes 0..28) into bytes 28..32.
fn seal(mut b: [u8; HEAD_LEN]) -> [u8; HEAD_LEN] {
    let crc = crc32c::crc32c(&b[..OFF_CRC]);
    put_u32(&mut b, OFF_CRC, crc);
    b
}

/// Whether bytes 28..32 hold the CRC of bytes 0..28; on mismatch, a description.
fn check_seal(b: &[u8; HEAD_LEN]) -> Result<(), String> {
    let stored = get_u32(b, OFF_CRC);
    let computed = crc32c::crc32c(&b[..OFF_CRC]);
    if stored != computed {
        return Err(format!("header crc32c mismatch: stored {stored:#010x}, computed {computed:#010x}"));
    }
    Ok(())
}

/// The parsed file header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FileHeader {
    pub json_len: u32,
    pub json_crc: u32,
}

impl FileHeader {
    pub fn encode(&self) -> [u8; HEAD_LEN] {
        let mut b = [0u8; HEAD_LEN];
        b[..FILE_MAGIC.len()].copy_from_slice(&FILE_MAGIC);
        put_u16(&mut b, FILE_OFF_VERSION, FILE_VERSION);
        put_u32(&mut b, FILE_OFF_JSON_LEN, self.json_len);
        put_u32(&mut b, FILE_OFF_JSON_CRC, self.json_crc);
        seal(b)
    }

    /// Parses a header whose magic and version the caller has checked.
    pub fn parse(b: &[u8; HEAD_LEN]) -> Result<FileHeader, String> {
        check_seal(b)?;
        Ok(FileHeader { json_len: get_u32(b, FILE_OFF_JSON_LEN), json_crc: get_u32(b, FILE_OFF_JSON_CRC) })
    }

    /// Offset of the first record: the metadata rounded up to [`ALIGN`].
    pub fn first_record(&self) -> u64 {
        align64(HEAD_LEN as u64 + u64::from(self.json_len))
    }
}

/// The version field of a file header (bytes 8..10), meaningful in every version.
pub(crate) fn version_of(b: &[u8]) -> Option<u16> {
    (b.len() >= FILE_OFF_VERSION + 2).then(|| get_u16(b, FILE_OFF_VERSION))
}

/// A parsed record header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RecordHeader {
    pub kind: u8,
    pub codec: u8,
    pub stored_len: u64,
    pub raw_len: u64,
    pub data_crc: u32,
}

impl RecordHeader {
    pub fn encode(&self) -> [u8; HEAD_LEN] {
        let mut b = [0u8; HEAD_LEN];
        b[..RECORD_MAGIC.len()].copy_from_slice(&RECORD_MAGIC);
        b[REC_OFF_KIND] = self.kind;
        b[REC_OFF_CODEC] = self.codec;
        put_u64(&mut b, REC_OFF_STORED_LEN, self.stored_len);
        put_u64(&mut b, REC_OFF_RAW_LEN, self.raw_len);
        put_u32(&mut b, REC_OFF_DATA_CRC, self.data_crc);
        seal(b)
    }

    pub fn parse(b: &[u8; HEAD_LEN]) -> Result<RecordHeader, String> {
        let magic = &b[..RECORD_MAGIC.len()];
        if magic != RECORD_MAGIC {
            return Err(format!("bad record magic {magic:02x?} (expected \"EVRC\")"));
        }
        check_seal(b)?;
        Ok(RecordHeader {
            kind: b[REC_OFF_KIND],
            codec: b[REC_OFF_CODEC],
            stored_len: get_u64(b, REC_OFF_STORED_LEN),
            raw_len: get_u64(b, REC_OFF_RAW_LEN),
            data_crc: get_u32(b, REC_OFF_DATA_CRC),
        })
    }

    /// Bytes from the record's start to the next record: header, stored bytes, padding.
    /// `None` when a (CRC-valid but absurd) length overflows.
    pub fn extent(&self) -> Option<u64> {
        (HEAD_LEN as u64).checked_add(self.stored_len)?.checked_add(ALIGN as u64 - 1).map(|n| n & !(ALIGN as u64 - 1))
    }
}

/// The parsed trailer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Trailer {
    pub index_offset: u64,
    pub event_count: u64,
    /// Bytes from the closing record's start to the index record's; 0 when there is none.
    pub closing_len: u32,
}

impl Trailer {
    pub fn encode(&self) -> [u8; HEAD_LEN] {
        let mut b = [0u8; HEAD_LEN];
        b[..TRAILER_MAGIC.len()].copy_from_slice(&TRAILER_MAGIC);
        put_u64(&mut b, TRAILER_OFF_INDEX, self.index_offset);
        put_u64(&mut b, TRAILER_OFF_COUNT, self.event_count);
        put_u32(&mut b, TRAILER_OFF_CLOSING, self.closing_len);
        seal(b)
    }

    /// `Ok(None)` when the bytes are not a trailer at all (no magic).
    pub fn parse(b: &[u8; HEAD_LEN]) -> Result<Option<Trailer>, String> {
        if b[..TRAILER_MAGIC.len()] != TRAILER_MAGIC {
            return Ok(None);
        }
        check_seal(b)?;
        Ok(Some(Trailer {
            index_offset: get_u64(b, TRAILER_OFF_INDEX),
            event_count: get_u64(b, TRAILER_OFF_COUNT),
            closing_len: get_u32(b, TRAILER_OFF_CLOSING),
        }))
    }
}

/// One index entry: which event a record holds and where the record starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IndexEntry {
    /// Run number of the event.
    pub run: u32,
    /// Event number of the event.
    pub event: u64,
    /// Byte offset of the event's record in the file.
    pub offset: u64,
}

impl IndexEntry {
    pub(crate) fn encode_into(&self, out: &mut [u8]) {
        out[..INDEX_ENTRY_LEN].fill(0);
        put_u32(out, INDEX_OFF_RUN, self.run);
        put_u64(out, INDEX_OFF_EVENT, self.event);
        put_u64(out, INDEX_OFF_RECORD, self.offset);
    }

    pub(crate) fn parse(b: &[u8]) -> IndexEntry {
        IndexEntry {
            run: get_u32(b, INDEX_OFF_RUN),
            event: get_u64(b, INDEX_OFF_EVENT),
            offset: get_u64(b, INDEX_OFF_RECORD),
        }
    }
}

/// Rounds `n` up to a multiple of [`ALIGN`] (saturating; file offsets never get near).
pub(crate) fn align64(n: u64) -> u64 {
    n.saturating_add(ALIGN as u64 - 1) & !(ALIGN as u64 - 1)
}

/// Whether `n` is a multiple of [`ALIGN`] (a possible record offset).
pub(crate) fn is_aligned(n: u64) -> bool {
    n & (ALIGN as u64 - 1) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_round_trip_and_detect_damage() {
        let h = RecordHeader { kind: KIND_EVENT, codec: CODEC_ZSTD, stored_len: 100, raw_len: 640, data_crc: 7 };
        let mut b = h.encode();
        assert_eq!(RecordHeader::parse(&b), Ok(h));
        assert_eq!(h.extent(), Some(192));
        b[9] ^= 1;
        assert!(RecordHeader::parse(&b).unwrap_err().contains("crc32c mismatch"));
        let t = Trailer { index_offset: 128, event_count: 3, closing_len: 64 };
        assert_eq!(Trailer::parse(&t.encode()), Ok(Some(t)));
        assert_eq!(Trailer::parse(&[0; HEAD_LEN]), Ok(None));
        let f = FileHeader { json_len: 33, json_crc: 1 };
        assert_eq!(FileHeader::parse(&f.encode()), Ok(f));
        assert_eq!(f.first_record(), 128);
    }
}
