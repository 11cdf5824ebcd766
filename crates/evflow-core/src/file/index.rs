//! Random access: the index from the trailer, or rebuilt by scanning the records of a file
//! whose writer did not close it.

use super::closing::Completion;
use super::codec::Decompressor;
use super::error::FileError;
use super::layout::{
    is_aligned, IndexEntry, RecordHeader, Trailer, CODEC_NONE, HEAD_LEN, INDEX_ENTRY_LEN, KIND_CLOSING, KIND_EVENT,
    KIND_INDEX, KIND_PROGRESS, MAX_CLOSING_LEN, MAX_PROGRESS_LEN,
};
use super::progress::Progress;
use super::reader::{FileReader, IndexStatus};
use super::record::{decode_event, frame_ids, Fault, Probe, FRAME_IDS_LEN};
use crate::aligned::ALIGN;
use crate::Event;

impl FileReader {
    /// Reads the trailer and the index record it points to; on any damage the index is left
    /// to be rebuilt by scanning, and [`IndexStatus`] says why.
    pub(super) fn read_index(&mut self) -> Result<(), FileError> {
        let (len, first) = (self.rf.len, self.first_record.unwrap_or(u64::MAX));
        if len < first.saturating_add(HEAD_LEN as u64) {
            return Ok(());
        }
        let trailer_at = len - HEAD_LEN as u64;
        let mut b = [0u8; HEAD_LEN];
        self.rf.read_at(&mut b, trailer_at).map_err(|f| self.fault_error(trailer_at, f))?;
        let trailer = match Trailer::parse(&b) {
            Ok(Some(t)) => t,
            Ok(None) => return Ok(()),
            Err(reason) => {
                self.index_status = IndexStatus::Invalid(format!("trailer at byte {trailer_at}: {reason}"));
                self.completion = Completion::incomplete(format!("its trailer or index is damaged: {reason}"));
                return Ok(());
            }
        };
        match self.load_index(&trailer, first, trailer_at) {
            Ok(entries) => {
                self.index_status = IndexStatus::Valid { events: trailer.event_count };
                self.completion = self.load_closing(&trailer, first);
                self.trailer = Some(trailer);
                self.index = entries.into();
            }
            Err(Fault::Io { context, source }) => {
                return Err(FileError::Io { path: self.rf.path.clone(), context, source })
            }
            Err(Fault::Cut(reason) | Fault::Corrupt { reason, .. }) => self.index_damaged(trailer.index_offset, reason),
            // A raw length past the file's end: the index cannot be what it says.
            Err(Fault::TooLarge { len, .. }) => {
                self.index_damaged(trailer.index_offset, format!("it declares {len} bytes, more than the file holds"))
            }
        }
        Ok(())
    }

    fn index_damaged(&mut self, at: u64, reason: String) {
        self.completion = Completion::incomplete(format!("its trailer or index is damaged: {reason}"));
        self.index_status = IndexStatus::Invalid(format!("index record at byte {at}: {reason}"));
        self.damaged_index_at = Some(at);
    }

    /// What the closing record the trailer points to says; a file without one (written
    /// before closing records) is complete.
    fn load_closing(&mut self, t: &Trailer, first: u64) -> Completion {
        if t.closing_len == 0 {
            return Completion::complete();
        }
        let at = t.index_offset.saturating_sub(u64::from(t.closing_len));
        let damaged =
            |why: String| Completion::incomplete(format!("its closing record at byte {at} is damaged: {why}"));
        if at < first || !is_aligned(at) || u64::from(t.closing_len) > t.index_offset {
            return damaged("the trailer points to a position that cannot hold it".into());
        }
        let h = match self.rf.probe(at, None) {
            Ok(Probe::Header(h)) if h.kind == KIND_CLOSING && h.codec == CODEC_NONE => h,
            Ok(Probe::Header(h)) => {
                return damaged(format!("the record there is of kind {}, codec {}", h.kind, h.codec))
            }
            Ok(Probe::End) => return damaged("no record there".into()),
            Err(Fault::Cut(why) | Fault::Corrupt { reason: why, .. }) => return damaged(why),
            Err(Fault::TooLarge { len, .. }) => return damaged(format!("it declares {len} bytes")),
            Err(Fault::Io { source, .. }) => return damaged(source.to_string()),
        };
        if self.rf.extent_end(at, &h).ok() != Some(t.index_offset) {
            return damaged("it does not end where the index starts".into());
        }
        match self.rf.load(at, &h, MAX_CLOSING_LEN, &mut self.scratch, &mut self.dec) {
            Ok(loaded) => Completion::parse(&loaded.content).unwrap_or_else(damaged),
            Err(Fault::Cut(why) | Fault::Corrupt { reason: why, .. }) => damaged(why),
            Err(Fault::TooLarge { len, limit, .. }) => damaged(format!("{len} bytes, more than the limit of {limit}")),
            Err(Fault::Io { source, .. }) => damaged(source.to_string()),
        }
    }

    fn load_index(&mut self, t: &Trailer, first: u64, trailer_at: u64) -> Result<Vec<IndexEntry>, Fault> {
        let bad = |reason: String| Fault::Corrupt { reason, next: None };
        let at = t.index_offset;
        if at < first || !is_aligned(at) || at >= trailer_at {
            return Err(bad("the trailer points to a position that cannot hold the index".into()));
        }
        let h = match self.rf.probe(at, None)? {
            Probe::Header(h) => h,
            Probe::End => return Err(bad("no record there".into())),
        };
        let count = usize::try_from(t.event_count).ok().filter(|n| n.checked_mul(INDEX_ENTRY_LEN).is_some());
        let shape_ok = h.kind == KIND_INDEX
            && h.codec == CODEC_NONE
            && count.is_some_and(|n| h.raw_len == (n * INDEX_ENTRY_LEN) as u64);
        if !shape_ok {
            let reason = format!(
                "kind {}, codec {}, {} raw bytes do not make an index of {} events",
                h.kind, h.codec, h.raw_len, t.event_count
            );
            return Err(bad(reason));
        }
        if self.rf.extent_end(at, &h)? != trailer_at {
            return Err(bad("the index record does not end where the trailer starts".into()));
        }
        let loaded = self.rf.load(at, &h, self.rf.len, &mut self.scratch, &mut self.dec)?;
        let entries: Vec<IndexEntry> = loaded.content.chunks_exact(INDEX_ENTRY_LEN).map(IndexEntry::parse).collect();
        let mut floor = first;
        for (i, e) in entries.iter().enumerate() {
            if e.offset < floor || e.offset >= at || !is_aligned(e.offset) {
                return Err(bad(format!(
                    "entry {i} points to byte {}, not an aligned record offset in order",
                    e.offset
                )));
            }
            floor = e.offset + ALIGN as u64;
        }
        Ok(entries)
    }

    /// The index: one entry per event record, in file order. Built from the trailer, or on
    /// first use by scanning the record headers (see [`IndexStatus`]).
    pub fn index(&self) -> &[IndexEntry] {
        self.index.get_or_init(|| self.scan())
    }

    /// Number of events (the index's length).
    pub fn len(&self) -> usize {
        self.index().len()
    }

    /// Whether the file holds no events.
    pub fn is_empty(&self) -> bool {
        self.index().is_empty()
    }

    /// Position in the index of the first event with this run and event number.
    pub fn find(&self, run: u32, event: u64) -> Option<usize> {
        let index = self.index();
        let key = |i: usize| (index[i].run, index[i].event);
        let by_id = self.by_id.get_or_init(|| {
            let mut order: Vec<usize> = (0..index.len()).collect();
            order.sort_by_key(|&i| key(i));
            order
        });
        let p = by_id.partition_point(|&i| key(i) < (run, event));
        by_id.get(p).copied().filter(|&i| key(i) == (run, event))
    }

    /// Reads the `i`-th event of the index. Independent of sequential reading.
    pub fn read_at(&mut self, i: usize) -> Result<Event, FileError> {
        let len = self.len();
        let entry =
            *self.index().get(i).ok_or_else(|| FileError::OutOfRange { path: self.rf.path.clone(), index: i, len })?;
        let at = entry.offset;
        let bad_index =
            |reason: String| FileError::BadIndex { path: self.rf.path.clone(), entry: i, offset: at, reason };
        let h = match self.rf.probe(at, None) {
            Ok(Probe::Header(h)) if h.kind == KIND_EVENT => h,
            Ok(Probe::Header(h)) => return Err(bad_index(format!("the record there is of kind {}", h.kind))),
            Ok(Probe::End) => return Err(bad_index("the file ends there".into())),
            Err(Fault::Cut(reason)) => return Err(bad_index(reason)),
            Err(f) => return Err(self.fault_error(at, f)),
        };
        let limit = self.opts.limits.max_frame_len;
        let event = self
            .rf
            .load(at, &h, limit, &mut self.scratch, &mut self.dec)
            .and_then(|loaded| decode_event(&loaded.content, &self.opts.limits, 0))
            .map_err(|f| self.fault_error(at, f))?;
        if (event.meta.run, event.meta.event) != (entry.run, entry.event) {
            let m = &event.meta;
            let reason = format!(
                "the record holds run {} event {}, the index says run {} event {}",
                m.run, m.event, entry.run, entry.event
            );
            return Err(FileError::BadIndex { path: self.rf.path.clone(), entry: i, offset: at, reason });
        }
        Ok(event)
    }

    /// Walks the record headers from the first record. Stops at the index record, at the end
    /// of the data, or at the first damaged record (with `skip_corrupt`, passes over it).
    /// Only headers and the ids at the start of each frame are read (whole records when
    /// compressed); payloads are checked when they are read.
    fn scan(&self) -> Vec<IndexEntry> {
        let mut out = Vec::new();
        let Some(mut at) = self.first_record else { return out };
        let (mut scratch, mut dec) = (Vec::new(), Decompressor::default());
        let skip = self.opts.skip_corrupt;
        loop {
            let h = match self.rf.probe(at, None) {
                Ok(Probe::Header(h)) => h,
                Err(Fault::Corrupt { .. }) if skip => match self.rf.resync(at + 1) {
                    Ok(Some(next)) => {
                        at = next;
                        continue;
                    }
                    _ => break,
                },
                _ => break,
            };
            let Ok(next) = self.rf.extent_end(at, &h) else { break };
            match h.kind {
                KIND_INDEX => break,
                KIND_EVENT => match self.ids(at, &h, &mut scratch, &mut dec) {
                    Some((run, event)) => out.push(IndexEntry { run, event, offset: at }),
                    None if skip => {}
                    None => break,
                },
                _ => {}
            }
            at = next;
        }
        out
    }

    /// Every `resumed` entry of the file's progress records, oldest first (docs/formats.md,
    /// "Progress record"): record headers are walked, only progress records are read, up to
    /// the index or the first damaged or incomplete record.
    pub fn resumes(&self) -> Vec<serde_json::Value> {
        let mut progress = Progress::default();
        let Some(mut at) = self.first_record else { return Vec::new() };
        let (mut scratch, mut dec) = (Vec::new(), Decompressor::default());
        while let Ok(Probe::Header(h)) = self.rf.probe(at, None) {
            let Ok(next) = self.rf.extent_end(at, &h) else { break };
            match h.kind {
                KIND_INDEX => break,
                KIND_PROGRESS => match self.rf.load(at, &h, MAX_PROGRESS_LEN, &mut scratch, &mut dec) {
                    Ok(loaded) if progress.take(&loaded.content).is_ok() => {}
                    _ => break,
                },
                _ => {}
            }
            at = next;
        }
        progress.resumes
    }

    /// Run and event number of the event record `h` at `at`.
    fn ids(&self, at: u64, h: &RecordHeader, scratch: &mut Vec<u8>, dec: &mut Decompressor) -> Option<(u32, u64)> {
        if h.codec == CODEC_NONE {
            let mut head = [0u8; FRAME_IDS_LEN];
            if h.stored_len < FRAME_IDS_LEN as u64 || self.rf.read_at(&mut head, at + HEAD_LEN as u64).is_err() {
                return None;
            }
            return frame_ids(&head);
        }
        let loaded = self.rf.load(at, h, self.opts.limits.max_frame_len, scratch, dec).ok()?;
        frame_ids(&loaded.content)
    }
}
