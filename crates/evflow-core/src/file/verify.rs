//! Checking a whole file: what `evflow info` reports.

use super::closing::Completion;
use super::codec::Compression;
use super::error::{FileError, SkippedRecord, Stopped};
use super::layout::IndexEntry;
use super::reader::{FileReader, IndexStatus, ReaderOptions};
use super::writer::is_part_path;
use indexmap::IndexMap;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Totals for one entry name over a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryStats {
    /// The entry's dtype; distinct dtypes joined by `" | "` when events disagree.
    pub dtype: String,
    /// Events that have the entry.
    pub events: u64,
    /// Payload bytes over all events.
    pub bytes: u64,
}

/// What [`verify`] found in a file.
#[derive(Debug, Clone, PartialEq)]
pub struct IntegrityReport {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub file_len: u64,
    /// Its JSON metadata.
    pub metadata: Value,
    /// The compression its metadata declares.
    pub compression: Compression,
    /// Events read intact.
    pub events: u64,
    /// Events per run number.
    pub runs: BTreeMap<u32, u64>,
    /// Totals per entry name, in order of first appearance.
    pub entries: IndexMap<String, EntryStats>,
    /// Bytes the event records store (after compression, headers and padding excluded).
    pub stored_bytes: u64,
    /// Bytes of the event frames before compression.
    pub raw_bytes: u64,
    /// Whether the trailer and index are present, intact and agree with the records.
    pub index: IndexStatus,
    /// Damaged records (and damaged file header), with offsets and reasons.
    pub corrupt: Vec<SkippedRecord>,
    /// Where the file is cut short, if it is.
    pub stopped: Option<Stopped>,
    /// Whether the job that wrote the file finished (its closing record).
    pub completion: Completion,
}

/// A file whose records are intact up to where its bytes run out: what a writer killed
/// while it wrote leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CutTail {
    /// Events in the intact records before the cut.
    pub events: u64,
    /// Where the last complete record (padding included) or, with none, the file header ends.
    pub end: u64,
    /// Bytes after `end`: the start of a record (or of the index or trailer) never finished.
    pub bytes: u64,
}

/// What `evflow info` says of a file's integrity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Integrity {
    /// Undamaged and closed by its writer.
    Ok,
    /// A `.part` file cut short, all its records intact up to the cut: a killed writer's,
    /// which is how such a file is expected to end.
    CutShort(CutTail),
    /// A corrupt record or header, a damaged index or trailer, or a file under its final
    /// name that is cut short (its writer closed it, so it was cut afterwards).
    Damaged,
}

impl Integrity {
    /// Its name in `evflow info --json`.
    pub fn name(&self) -> &'static str {
        match self {
            Integrity::Ok => "ok",
            Integrity::CutShort(_) => "cut short",
            Integrity::Damaged => "damaged",
        }
    }
}

impl IntegrityReport {
    /// Whether the file is intact: undamaged, and closed by its writer (a file of a job that
    /// stopped early is intact too; `completion` says whether it is whole).
    pub fn is_ok(&self) -> bool {
        self.corrupt.is_empty() && self.stopped.is_none() && matches!(self.index, IndexStatus::Valid { .. })
    }

    /// The cut, when a cut tail is all that is wrong: no corrupt record, no trailer, and
    /// reading stopped where the bytes ran out.
    pub fn cut_tail(&self) -> Option<CutTail> {
        if !self.corrupt.is_empty() || self.index != IndexStatus::Missing {
            return None;
        }
        let stopped = self.stopped.as_ref()?;
        Some(CutTail { events: self.events, end: stopped.offset, bytes: self.file_len.saturating_sub(stopped.offset) })
    }

    /// Its integrity: a cut tail is what a killed writer leaves in its `.part` file, so only
    /// there is it not damage.
    pub fn integrity(&self) -> Integrity {
        match self.cut_tail() {
            _ if self.is_ok() => Integrity::Ok,
            Some(cut) if is_part_path(&self.path) => Integrity::CutShort(cut),
            _ => Integrity::Damaged,
        }
    }
}

/// Reads every record of the file at `path`, checking every checksum and decoding every
/// frame, and reports what it holds and what is wrong with it. Damage is reported, not
/// raised; errors are for files that cannot be read at all (missing, not `.evf`, I/O).
pub fn verify(path: impl AsRef<Path>) -> Result<IntegrityReport, FileError> {
    let opts = ReaderOptions { skip_corrupt: true, ..ReaderOptions::default() };
    let mut reader = FileReader::open(path, opts)?;
    let mut report = IntegrityReport {
        path: reader.path().to_path_buf(),
        file_len: reader.file_len(),
        metadata: reader.metadata().clone(),
        compression: reader.compression(),
        events: 0,
        runs: BTreeMap::new(),
        entries: IndexMap::new(),
        stored_bytes: 0,
        raw_bytes: 0,
        index: reader.index_status().clone(),
        corrupt: Vec::new(),
        stopped: None,
        completion: reader.completion().clone(),
    };
    let mut seen = Vec::new();
    while let Some(event) = reader.next_event()? {
        report.events += 1;
        *report.runs.entry(event.meta.run).or_default() += 1;
        for (name, entry) in event.iter() {
            let stats = report.entries.entry(name.to_string()).or_insert_with(|| EntryStats {
                dtype: entry.dtype().to_string(),
                events: 0,
                bytes: 0,
            });
            stats.events += 1;
            stats.bytes += entry.len() as u64;
            if !stats.dtype.split(" | ").any(|d| d == entry.dtype()) {
                stats.dtype = format!("{} | {}", stats.dtype, entry.dtype());
            }
        }
        if let Some(info) = reader.last_record {
            report.stored_bytes += info.stored_len;
            report.raw_bytes += info.raw_len;
            seen.push(IndexEntry { run: event.meta.run, event: event.meta.event, offset: info.offset });
        }
    }
    report.corrupt = reader.skipped_records().to_vec();
    report.stopped = reader.stopped().cloned();
    if matches!(report.index, IndexStatus::Valid { .. }) && report.corrupt.is_empty() {
        if let Some(problem) = disagreement(reader.index(), &seen) {
            report.index = IndexStatus::Invalid(problem);
        }
    }
    Ok(report)
}

/// How the index differs from the records read, if it does.
fn disagreement(index: &[IndexEntry], records: &[IndexEntry]) -> Option<String> {
    if let Some((i, (a, b))) = index.iter().zip(records).enumerate().find(|(_, (a, b))| a != b) {
        return Some(format!(
            "index entry {i} says run {} event {} at byte {}, the record there holds run {} event {} at byte {}",
            a.run, a.event, a.offset, b.run, b.event, b.offset
        ));
    }
    (index.len() != records.len())
        .then(|| format!("the index lists {} events, the file holds {}", index.len(), records.len()))
}

/// A human summary, as `evflow info` prints it.
impl fmt::Display for IntegrityReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} bytes, {} events, compression {}",
            self.path.display(),
            self.file_len,
            self.events,
            self.compression
        )?;
        if self.raw_bytes > 0 {
            let ratio = self.stored_bytes as f64 / self.raw_bytes as f64;
            writeln!(f, "  frames: {} bytes, stored as {} ({:.1}%)", self.raw_bytes, self.stored_bytes, 100.0 * ratio)?;
        }
        for (run, n) in &self.runs {
            writeln!(f, "  run {run}: {n} events")?;
        }
        for (name, s) in &self.entries {
            writeln!(f, "  entry {name}: {} in {} events, {} bytes", s.dtype, s.events, s.bytes)?;
        }
        writeln!(f, "  index: {}", self.index)?;
        writeln!(f, "  {}", self.completion)?;
        for skipped in &self.corrupt {
            writeln!(f, "  corrupt: byte {}: {}", skipped.offset, skipped.reason)?;
        }
        if let Some(stopped) = &self.stopped {
            writeln!(f, "  {stopped}")?;
        }
        if let Some(cut) = self.cut_tail() {
            writeln!(
                f,
                "  {} events readable up to byte {}; {} bytes after it are cut short",
                cut.events, cut.end, cut.bytes
            )?;
        }
        write!(f, "  status: {}", self.integrity().name())
    }
}
