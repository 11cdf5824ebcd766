//! Records made where the events are (docs/parallel.md, "Compressed output"): a parallel
//! job's workers encode and compress each event's record as the output's writer would, and
//! the writer writes that record as it came, compressing nothing itself.

use super::codec::{Compression, Compressor};
use super::layout::{CODEC_LZ4, CODEC_NONE, CODEC_ZSTD};
use crate::event::Fingerprint;
use crate::wire::{encode_into, DecodeLimits, EncodeOptions, FrameLayout};
use crate::Event;
use bytes::Bytes;

/// Length of a [`StoredRecord`]'s description as it travels beside the stored bytes.
pub const DESCRIPTION_LEN: usize = 16;

/// An event's record made for a writer of `compression`, for the event as it was.
#[derive(Debug)]
pub struct StoredRecord {
    /// The writer it was made for.
    pub compression: Compression,
    /// The codec of the stored bytes: the writer's, or none when compressing did not pay.
    pub codec: u8,
    /// The length of the event's frame.
    pub raw_len: u64,
    /// The stored bytes; empty when `codec` is none: the record stores the frame as it is.
    pub stored: Bytes,
    /// The event it was made for, and what keeps that event's memory from being used again.
    made_for: Fingerprint,
    _keeping: Vec<Bytes>,
}

impl StoredRecord {
    /// A record made for `event` as it is now, from its description (as
    /// [`RecordMaker::describe`] wrote it) and its stored bytes; `Err` says what is wrong
    /// with the description.
    pub fn for_event(event: &Event, description: &[u8], stored: Bytes) -> Result<StoredRecord, String> {
        let bad = |what: &str| format!("a record description {what}");
        let d: &[u8; DESCRIPTION_LEN] = description
            .try_into()
            .map_err(|_| bad(&format!("of {} bytes, expected {DESCRIPTION_LEN}", description.len())))?;
        let level = i32::from_le_bytes(d[4..8].try_into().expect("4 bytes"));
        let compression = match d[1] {
            CODEC_ZSTD => Compression::Zstd { level },
            CODEC_LZ4 => Compression::Lz4,
            other => return Err(bad(&format!("names the writer's codec {other}, which compresses nothing"))),
        };
        let codec = d[0];
        if codec != CODEC_NONE && codec != d[1] {
            return Err(bad(&format!("names codec {codec} for a writer of {compression}")));
        }
        if (codec == CODEC_NONE) != stored.is_empty() {
            return Err(bad(&format!("with codec {codec} and {} stored bytes", stored.len())));
        }
        let raw_len = u64::from_le_bytes(d[8..16].try_into().expect("8 bytes"));
        let (made_for, _keeping) = Fingerprint::keeping(event);
        Ok(StoredRecord { compression, codec, raw_len, stored, made_for, _keeping })
    }

    /// Whether `event` is still as it was when the record was made for it.
    pub(crate) fn made_for(&self, event: &Event) -> bool {
        self.made_for == Fingerprint::of(event)
    }
}

/// Makes the records a writer of one compression writes: the event's frame as the writer
/// encodes it, compressed as the writer compresses it.
pub struct RecordMaker {
    compression: Compression,
    compressor: Compressor,
    /// The last event's frame.
    frame: Vec<u8>,
}

/// A record [`RecordMaker::compress_into`] made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Made {
    /// The codec of the stored bytes (none: the frame is stored as it is, nothing written).
    pub codec: u8,
    /// Stored bytes written.
    pub stored: usize,
    /// The frame's length.
    pub raw: usize,
}

impl RecordMaker {
    /// A maker for a writer of `compression`, which compresses (`Err` otherwise, or for a
    /// level zstd does not have).
    pub fn new(compression: Compression) -> Result<RecordMaker, String> {
        if compression == Compression::None {
            return Err("records stored as they are need no maker".into());
        }
        Ok(RecordMaker { compression, compressor: Compressor::new(compression)?, frame: Vec::new() })
    }

    /// The compression of the writer it makes records for.
    pub fn compression(&self) -> Compression {
        self.compression
    }

    /// Encodes `event`'s frame as the writer does; the most stored bytes its record can
    /// take, or `None` when the event is too large for a file (the writer refuses it).
    pub fn encode(&mut self, event: &Event) -> Option<usize> {
        let raw = encode_frame(event, &mut self.frame)?;
        Some(self.compressor.bound(raw).max(raw))
    }

    /// Compresses the frame [`RecordMaker::encode`] made into `dst` (at least the length it
    /// said), or nothing when that does not make it smaller.
    pub fn compress_into(&mut self, dst: &mut [u8]) -> Made {
        let raw = self.frame.len();
        match compress_frame(&mut self.compressor, &self.frame, dst) {
            Some(stored) => Made { codec: self.compressor.codec(), stored, raw },
            None => Made { codec: CODEC_NONE, stored: 0, raw },
        }
    }

    /// The description that travels with a record it made, read by [`StoredRecord::for_event`].
    pub fn describe(&self, made: Made) -> [u8; DESCRIPTION_LEN] {
        let mut d = [0u8; DESCRIPTION_LEN];
        d[0] = made.codec;
        d[1] = self.compressor.codec();
        if let Compression::Zstd { level } = self.compression {
            d[4..8].copy_from_slice(&level.to_le_bytes());
        }
        d[8..16].copy_from_slice(&(made.raw as u64).to_le_bytes());
        d
    }
}

/// Encodes `event`'s frame as a file stores it into `frame` (resized to it); its length, or
/// `None` when it is longer than readers accept by default.
pub(crate) fn encode_frame(event: &Event, frame: &mut Vec<u8>) -> Option<usize> {
    let layout = FrameLayout::of(event);
    let raw = layout.frame_len();
    if raw as u64 > DecodeLimits::DEFAULT.max_frame_len {
        return None;
    }
    frame.resize(raw, 0);
    encode_into(event, &layout, frame, EncodeOptions { crc: false });
    Some(raw)
}

/// Compresses `frame` into `dst` (at least its bound); the stored length, or `None` when
/// compressing fails or does not make it smaller (the record then stores the frame).
pub(crate) fn compress_frame(compressor: &mut Compressor, frame: &[u8], dst: &mut [u8]) -> Option<usize> {
    compressor.compress(frame, dst).ok().filter(|&n| n < frame.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entry;

    fn event() -> Event {
        let mut event = Event::new(3, 7);
        let data: Vec<u8> = (0..4096u32).map(|i| (i % 7) as u8).collect();
        event.put("adc", Entry::bytes(Bytes::from(data))).unwrap();
        event
    }

    fn made(event: &mut Event) -> Made {
        let mut maker = RecordMaker::new(Compression::zstd()).unwrap();
        let bound = maker.encode(event).unwrap();
        let mut stored = vec![0u8; bound];
        let made = maker.compress_into(&mut stored);
        stored.truncate(made.stored);
        let record = StoredRecord::for_event(event, &maker.describe(made), Bytes::from(stored)).unwrap();
        event.attach_record(record);
        made
    }

    #[test]
    fn a_record_is_the_writers_until_the_event_changes() {
        let mut e = event();
        let made = made(&mut e);
        assert_eq!(made.codec, CODEC_ZSTD);
        let record = e.stored_record().expect("the event is unchanged");
        assert_eq!((record.compression, record.raw_len), (Compression::zstd(), made.raw as u64));
        let mut copy = e.clone();
        assert!(copy.stored_record().is_some(), "a copy holds the same content");
        copy.meta.flags.insert(crate::Flags::FAILED);
        assert!(copy.stored_record().is_none(), "flags changed");
        let mut copy = e.clone();
        copy.put("more", Entry::bytes(Bytes::from_static(b"x"))).unwrap();
        assert!(copy.stored_record().is_none(), "an entry added");
        let mut copy = e.clone();
        let adc = copy.remove("adc").unwrap();
        copy.put("adc", Entry::bytes(Bytes::copy_from_slice(adc.data()))).unwrap();
        assert!(copy.stored_record().is_none(), "an entry replaced by the same bytes elsewhere");
    }

    #[test]
    fn descriptions_that_do_not_fit_are_refused() {
        let e = event();
        let mut d = [0u8; DESCRIPTION_LEN];
        d[1] = CODEC_NONE;
        assert!(StoredRecord::for_event(&e, &d, Bytes::new()).unwrap_err().contains("compresses nothing"));
        d[1] = CODEC_ZSTD;
        d[0] = CODEC_LZ4;
        assert!(StoredRecord::for_event(&e, &d, Bytes::from_static(b"x")).unwrap_err().contains("codec 2"));
        d[0] = CODEC_ZSTD;
        assert!(StoredRecord::for_event(&e, &d, Bytes::new()).unwrap_err().contains("0 stored bytes"));
        assert!(StoredRecord::for_event(&e, &d[..3], Bytes::new()).unwrap_err().contains("3 bytes"));
    }

    #[test]
    fn a_writer_writes_a_made_record_as_it_would_have_made_it() {
        let dir = std::env::temp_dir().join(format!("evflow-made-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, attach: bool| {
            let path = dir.join(name);
            let opts = super::super::WriterOptions { compression: Compression::zstd(), ..Default::default() };
            let mut w = super::super::FileWriter::create(&path, opts).unwrap();
            for number in 0..5 {
                let mut e = event();
                e.meta.event = number;
                if attach {
                    made(&mut e);
                }
                w.write(&e).unwrap();
            }
            w.close().unwrap();
            std::fs::read(&path).unwrap()
        };
        let (made, compressed) = (write("made.evf", true), write("compressed.evf", false));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(made.len(), compressed.len());
        // Only the metadata's creation time may differ.
        let differ: Vec<usize> = (0..made.len()).filter(|&i| made[i] != compressed[i]).collect();
        assert!(differ.iter().all(|&i| i < 512), "records differ at {differ:?}");
    }
}
