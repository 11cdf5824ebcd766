//! Reading one record at a time with positioned reads: the part of the reader that never
//! trusts a length it has not checked against the file size and the limits.

use super::codec::Decompressor;
use super::layout::{align64, RecordHeader, CODEC_LZ4, CODEC_NONE, CODEC_ZSTD, HEAD_LEN, RECORD_MAGIC};
use crate::aligned::{AlignedBuf, ALIGN};
use crate::le::{get_u32, get_u64};
use crate::wire::{self, DecodeLimits, DecodeOptions};
use crate::Event;
use bytes::Bytes;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::PathBuf;

/// Bytes read per step when scanning for the next intact record header: the first step,
/// and the most (each step doubles).
const RESYNC_FIRST_CHUNK: usize = 4 << 10;
const RESYNC_CHUNK: usize = 1 << 20;
/// Frame-header bytes needed to read run and event number.
pub(crate) const FRAME_IDS_LEN: usize = wire::OFF_EVENT + 8;

/// Why a record could not be delivered.
#[derive(Debug)]
pub(crate) enum Fault {
    /// The file ends before the record does: not an error, reading stops here.
    Cut(String),
    /// The record is damaged; `next` is where the next record starts when the header is intact.
    Corrupt { reason: String, next: Option<u64> },
    /// The frame is larger than the limits allow; the header is intact.
    TooLarge { len: u64, limit: u64, next: u64 },
    /// The OS failed a read.
    Io { context: String, source: io::Error },
}

impl Fault {
    fn corrupt(reason: impl Into<String>, next: Option<u64>) -> Fault {
        Fault::Corrupt { reason: reason.into(), next }
    }
}

/// What sits at a record position.
pub(crate) enum Probe {
    /// An intact record header.
    Header(RecordHeader),
    /// The file ends exactly here.
    End,
}

/// A record's content, and the next record's header when it came with the same read.
pub(crate) struct Loaded {
    pub content: Bytes,
    pub next_head: Option<[u8; HEAD_LEN]>,
}

/// An open `.evf` file, read with positioned reads only.
pub(crate) struct RecordFile {
    pub path: PathBuf,
    pub file: File,
    /// Size of the file when it was opened; reading never goes past it.
    pub len: u64,
}

impl RecordFile {
    /// Reads exactly `buf.len()` bytes at `at`; a file that shrank since it was opened is cut.
    pub fn read_at(&self, buf: &mut [u8], at: u64) -> Result<(), Fault> {
        self.file.read_exact_at(buf, at).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => {
                Fault::Cut(format!("the file shrank to less than {} bytes while it was read", at + buf.len() as u64))
            }
            _ => Fault::Io { context: format!("reading {} bytes at byte {at}", buf.len()), source: e },
        })
    }

    /// Reads and checks the record header at `at` (`cached`: its bytes, if already read).
    pub fn probe(&self, at: u64, cached: Option<[u8; HEAD_LEN]>) -> Result<Probe, Fault> {
        if at == self.len {
            return Ok(Probe::End);
        }
        if at > self.len {
            return Err(Fault::Cut(format!("file ends at byte {}, inside the padding before this position", self.len)));
        }
        if self.len - at < HEAD_LEN as u64 {
            return Err(Fault::Cut(format!("record header is cut short: file ends at byte {}", self.len)));
        }
        let head = match cached {
            Some(head) => head,
            None => {
                let mut head = [0u8; HEAD_LEN];
                self.read_at(&mut head, at)?;
                head
            }
        };
        RecordHeader::parse(&head).map(Probe::Header).map_err(|reason| Fault::corrupt(reason, None))
    }

    /// Where the record with header `h` at `at` ends, padding included; checks that its
    /// stored bytes are in the file.
    pub fn extent_end(&self, at: u64, h: &RecordHeader) -> Result<u64, Fault> {
        let end = h.extent().and_then(|e| at.checked_add(e));
        let data_end = (at + HEAD_LEN as u64).checked_add(h.stored_len);
        match (end, data_end) {
            (Some(end), Some(data_end)) if data_end <= self.len => Ok(end),
            _ => Err(Fault::Cut(format!(
                "record of {} stored bytes is cut short: it needs {} bytes from here, file ends at byte {}",
                h.stored_len,
                HEAD_LEN as u128 + u128::from(h.stored_len),
                self.len
            ))),
        }
    }

    /// Reads, checks and (if compressed) decompresses the content of the record `h` at `at`.
    /// Raw content is read straight into an aligned buffer; the read also takes in the next
    /// record's header when the file has it, saving a read per record.
    pub fn load(
        &self,
        at: u64,
        h: &RecordHeader,
        limit: u64,
        scratch: &mut Vec<u8>,
        dec: &mut Decompressor,
    ) -> Result<Loaded, Fault> {
        let next = self.extent_end(at, h)?;
        if h.raw_len > limit {
            return Err(Fault::TooLarge { len: h.raw_len, limit, next });
        }
        check_lengths(h).map_err(|reason| Fault::corrupt(reason, Some(next)))?;
        let data_at = at + HEAD_LEN as u64;
        let stored = h.stored_len as usize;
        // Up to the end of the next record's header: extent from data_at plus one header.
        let want = (next + HEAD_LEN as u64 - data_at).min(self.len - data_at) as usize;
        let take_head = |buf: &[u8]| -> Option<[u8; HEAD_LEN]> {
            (want as u64 == next + HEAD_LEN as u64 - data_at)
                .then(|| buf[want - HEAD_LEN..want].try_into().expect("32 bytes"))
        };
        let check_crc = |data: &[u8]| -> Result<(), Fault> {
            let computed = crc32c::crc32c(data);
            if computed != h.data_crc {
                let reason = format!("data crc32c mismatch: stored {:#010x}, computed {computed:#010x}", h.data_crc);
                return Err(Fault::corrupt(reason, Some(next)));
            }
            Ok(())
        };
        if h.codec == CODEC_NONE {
            let mut buf = AlignedBuf::zeroed(want);
            self.read_at(buf.as_mut_slice(), data_at)?;
            check_crc(&buf.as_ref()[..stored])?;
            let next_head = take_head(buf.as_ref());
            return Ok(Loaded { content: buf.freeze().slice(..stored), next_head });
        }
        if scratch.len() < want {
            scratch.resize(want, 0);
        }
        self.read_at(&mut scratch[..want], data_at)?;
        check_crc(&scratch[..stored])?;
        let next_head = take_head(scratch);
        let mut out = AlignedBuf::zeroed(h.raw_len as usize);
        dec.decompress(h.codec, &scratch[..stored], out.as_mut_slice()).map_err(|r| Fault::corrupt(r, Some(next)))?;
        Ok(Loaded { content: out.freeze(), next_head })
    }

    /// Finds the first intact record header at a multiple of [`ALIGN`] at or after `from`.
    pub fn resync(&self, from: u64) -> Result<Option<u64>, Fault> {
        let mut at = align64(from);
        // The next header is usually near: read a little first, more as the search goes on.
        let mut chunk = RESYNC_FIRST_CHUNK;
        let mut buf = Vec::new();
        while at + (HEAD_LEN as u64) <= self.len {
            let n = (self.len - at).min(chunk as u64) as usize;
            buf.resize(n, 0);
            chunk = (chunk * 2).min(RESYNC_CHUNK);
            self.read_at(&mut buf[..n], at)?;
            let mut off = 0;
            while off + HEAD_LEN <= n {
                let head: &[u8; HEAD_LEN] = buf[off..off + HEAD_LEN].try_into().expect("32 bytes");
                if head[..4] == RECORD_MAGIC && RecordHeader::parse(head).is_ok() {
                    return Ok(Some(at + off as u64));
                }
                off += ALIGN;
            }
            at += off as u64;
        }
        Ok(None)
    }
}

/// The most a byte of zstd can expand to: a 128 KiB block of one repeated byte is stored in
/// 4 bytes (block header and the byte).
const ZSTD_MAX_EXPANSION: u64 = 32 << 10;
/// The most a byte of an LZ4 block can expand to (each length byte adds at most 255).
const LZ4_MAX_EXPANSION: u64 = 255;
/// Slack for the fixed overhead of a compressed record (headers, the last literals).
const EXPANSION_SLACK: u64 = 64;

/// Checks the codec and that stored and raw lengths agree with it, so that no buffer is
/// ever larger than the frame limit allows, nor than the stored bytes could decompress to
/// (a small file cannot make the reader allocate gigabytes).
fn check_lengths(h: &RecordHeader) -> Result<(), String> {
    let expansion = match h.codec {
        CODEC_ZSTD => ZSTD_MAX_EXPANSION,
        _ => LZ4_MAX_EXPANSION,
    };
    let most = h.stored_len.saturating_mul(expansion).saturating_add(EXPANSION_SLACK);
    match h.codec {
        CODEC_NONE if h.stored_len != h.raw_len => Err(format!(
            "stored length {} differs from raw length {} in an uncompressed record",
            h.stored_len, h.raw_len
        )),
        CODEC_NONE => Ok(()),
        c if c > CODEC_LZ4 => Err(format!("unknown codec {c}")),
        _ if h.stored_len >= h.raw_len => Err(format!(
            "compressed record stores {} bytes for {} raw bytes; it must be smaller",
            h.stored_len, h.raw_len
        )),
        _ if h.raw_len > most => Err(format!(
            "compressed record of {} bytes declares {} raw bytes, more than it can decompress to ({most})",
            h.stored_len, h.raw_len
        )),
        _ => Ok(()),
    }
}

/// Decodes an event record's content; `next` is where the following record starts.
pub(crate) fn decode_event(content: &Bytes, limits: &DecodeLimits, next: u64) -> Result<Event, Fault> {
    let frame_len = wire::peek_frame_len(content, limits)
        .map_err(|e| Fault::corrupt(format!("content is not a frame: {e} (offset within the frame)"), Some(next)))?;
    if frame_len != content.len() as u64 {
        let reason = format!("frame length {frame_len} differs from the record's raw length {}", content.len());
        return Err(Fault::corrupt(reason, Some(next)));
    }
    let opts = DecodeOptions { limits: *limits, verify_crc: true };
    wire::decode(content, &opts)
        .map_err(|e| Fault::corrupt(format!("frame does not decode: {e} (offset within the frame)"), Some(next)))
}

/// Run and event number from the first bytes of a frame, without decoding it.
pub(crate) fn frame_ids(head: &[u8]) -> Option<(u32, u64)> {
    if head.len() < FRAME_IDS_LEN || head[..wire::FRAME_MAGIC.len()] != wire::FRAME_MAGIC {
        return None;
    }
    let run = get_u32(head, wire::OFF_RUN);
    let event = get_u64(head, wire::OFF_EVENT);
    Some((run, event))
}
