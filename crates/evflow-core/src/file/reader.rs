//! Reading an `.evf` file: opening it, and reading its events in order. Random access by
//! index lives in `index.rs`.

use super::closing::Completion;
use super::codec::{Compression, Decompressor};
use super::error::{FileError, SkippedRecord, Stopped};
use super::layout::{
    version_of, FileHeader, IndexEntry, RecordHeader, Trailer, FILE_MAGIC, FILE_VERSION, HEAD_LEN, KIND_CLOSING,
    KIND_EVENT, KIND_INDEX, KIND_PROGRESS, MAX_CLOSING_LEN, MAX_METADATA_LEN, MAX_PROGRESS_LEN,
};
use super::progress::Progress;

/// Why a file without a trailer is not complete.
pub(super) const NOT_CLOSED: &str = "the writer did not close it";
use super::record::{decode_event, Fault, Probe, RecordFile};
use crate::wire::DecodeLimits;
use crate::Event;
use serde_json::Value;
use std::cell::OnceCell;
use std::fs::File;
use std::path::{Path, PathBuf};

/// Options for [`FileReader::open`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReaderOptions {
    /// Skip damaged records (counting them) instead of failing on the first one.
    pub skip_corrupt: bool,
    /// Bounds on the frames read, so a damaged or hostile file cannot make the reader
    /// allocate at will.
    pub limits: DecodeLimits,
}

/// Whether a file's index (written on close) could be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexStatus {
    /// Trailer and index record are intact; the index lists `events` events.
    Valid {
        /// Events the index lists.
        events: u64,
    },
    /// There is no trailer: the writer did not close the file. The index is rebuilt by
    /// scanning the records when random access needs it.
    Missing,
    /// A trailer is there but it or the index record is damaged (the reason); the index is
    /// rebuilt by scanning.
    Invalid(String),
}

impl std::fmt::Display for IndexStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IndexStatus::Valid { events } => write!(f, "valid ({events} events)"),
            IndexStatus::Missing => f.write_str("missing (the writer did not close the file); rebuilt by scanning"),
            IndexStatus::Invalid(why) => write!(f, "damaged ({why}); rebuilt by scanning"),
        }
    }
}

/// Size and position of the last record delivered, for integrity reports.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RecordInfo {
    pub offset: u64,
    pub stored_len: u64,
    pub raw_len: u64,
}

/// Reads events from an `.evf` file, in order ([`FileReader::next_event`]) or by position
/// ([`FileReader::read_at`]). Reads are positioned reads into fresh aligned buffers, so the
/// events returned share nothing with the reader and payloads keep their 64-byte alignment.
pub struct FileReader {
    pub(super) rf: RecordFile,
    pub(super) opts: ReaderOptions,
    metadata: Value,
    /// Where records start, when the file header says (or a resync found it).
    pub(super) first_record: Option<u64>,
    /// The trailer, when it and the index it points to are intact.
    pub(super) trailer: Option<Trailer>,
    /// Where an intact trailer says the index is, when the index record there is damaged.
    pub(super) damaged_index_at: Option<u64>,
    pub(super) index_status: IndexStatus,
    /// What the closing record says, or why the file cannot say it is complete.
    pub(super) completion: Completion,
    pub(super) index: OnceCell<Vec<IndexEntry>>,
    pub(super) by_id: OnceCell<Vec<usize>>,
    pos: u64,
    done: bool,
    stopped: Option<Stopped>,
    skipped: Vec<SkippedRecord>,
    next_head: Option<(u64, [u8; HEAD_LEN])>,
    pub(super) scratch: Vec<u8>,
    pub(super) dec: Decompressor,
    pub(crate) last_record: Option<RecordInfo>,
    /// What the progress records read so far said.
    progress: Progress,
    /// Where the last progress record read ends.
    pub(crate) progress_end: Option<u64>,
}

/// One step of sequential reading.
enum Step {
    Event { event: Event, next: u64, next_head: Option<[u8; HEAD_LEN]>, info: RecordInfo },
    Skip(u64),
    End,
    Stop(u64, String),
}

impl FileReader {
    /// Opens `path`, reads its header and metadata, and loads its index if it has one.
    pub fn open(path: impl AsRef<Path>, opts: ReaderOptions) -> Result<FileReader, FileError> {
        let path = path.as_ref().to_path_buf();
        let file = File::open(&path).map_err(|source| io_error(&path, "cannot open it", source))?;
        let len = file.metadata().map_err(|source| io_error(&path, "cannot read its size", source))?.len();
        let mut reader = FileReader {
            rf: RecordFile { path, file, len },
            opts,
            metadata: Value::Object(Default::default()),
            first_record: None,
            trailer: None,
            damaged_index_at: None,
            index_status: IndexStatus::Missing,
            completion: Completion::incomplete(NOT_CLOSED),
            index: OnceCell::new(),
            by_id: OnceCell::new(),
            pos: 0,
            done: false,
            stopped: None,
            skipped: Vec::new(),
            next_head: None,
            scratch: Vec::new(),
            dec: Decompressor::default(),
            last_record: None,
            progress: Progress::default(),
            progress_end: None,
        };
        reader.read_header()?;
        if reader.first_record.is_some() {
            reader.read_index()?;
        }
        Ok(reader)
    }

    fn read_header(&mut self) -> Result<(), FileError> {
        let len = self.rf.len;
        let n = len.min(HEAD_LEN as u64) as usize;
        let mut head = [0u8; HEAD_LEN];
        self.rf.read_at(&mut head[..n], 0).map_err(|f| self.fault_error(0, f))?;
        let m = n.min(FILE_MAGIC.len());
        if head[..m] != FILE_MAGIC[..m] {
            let reason = format!("it starts with the bytes {:02x?}", &head[..m]);
            return Err(FileError::NotEvf { path: self.rf.path.clone(), reason });
        }
        if let Some(version) = version_of(&head[..n]).filter(|&v| v != FILE_VERSION) {
            return Err(FileError::UnsupportedVersion { path: self.rf.path.clone(), version });
        }
        if n < HEAD_LEN {
            self.stop(0, format!("file header is cut short: file ends at byte {len}"));
            return Ok(());
        }
        let header = match FileHeader::parse(&head) {
            Ok(h) => h,
            Err(reason) => return self.header_fault(0, reason, None),
        };
        let first = header.first_record();
        self.first_record = Some(first);
        self.pos = first;
        let json_at = HEAD_LEN as u64;
        if header.json_len > MAX_METADATA_LEN {
            let reason = format!("metadata of {} bytes exceeds the limit of {MAX_METADATA_LEN}", header.json_len);
            return self.header_fault(json_at, reason, Some(first));
        }
        if json_at + u64::from(header.json_len) > len {
            self.stop(
                json_at,
                format!("metadata is cut short: it needs {} bytes, file ends at byte {len}", header.json_len),
            );
            return Ok(());
        }
        let mut json = vec![0u8; header.json_len as usize];
        self.rf.read_at(&mut json, json_at).map_err(|f| self.fault_error(json_at, f))?;
        let computed = crc32c::crc32c(&json);
        if computed != header.json_crc {
            let reason =
                format!("metadata crc32c mismatch: stored {:#010x}, computed {computed:#010x}", header.json_crc);
            return self.header_fault(json_at, reason, Some(first));
        }
        match serde_json::from_slice::<Value>(&json) {
            Ok(v @ Value::Object(_)) => self.metadata = v,
            Ok(_) => return self.header_fault(json_at, "metadata is not a JSON object".into(), Some(first)),
            Err(e) => return self.header_fault(json_at, format!("metadata is not JSON: {e}"), Some(first)),
        }
        Ok(())
    }

    /// A damaged file header: an error, or with `skip_corrupt` a skipped entry and a jump to
    /// `resume` (or to the first intact record header, when the lengths cannot be trusted).
    fn header_fault(&mut self, offset: u64, reason: String, resume: Option<u64>) -> Result<(), FileError> {
        if !self.opts.skip_corrupt {
            return Err(FileError::BadHeader { path: self.rf.path.clone(), offset, reason });
        }
        self.skipped.push(SkippedRecord { offset, reason });
        let resume = match resume {
            Some(at) => Some(at),
            None => self.rf.resync(HEAD_LEN as u64).map_err(|f| self.fault_error(0, f))?,
        };
        match resume {
            Some(at) => {
                self.first_record = Some(at);
                self.pos = at;
            }
            None => self.stop(HEAD_LEN as u64, "no intact record header follows the damaged file header".into()),
        }
        Ok(())
    }

    /// Reads the next event; `Ok(None)` at the end of the file, or where a cut-short file
    /// stops ([`FileReader::stopped`] says which).
    pub fn next_event(&mut self) -> Result<Option<Event>, FileError> {
        loop {
            if self.done {
                return Ok(None);
            }
            let at = self.pos;
            let cached = self.next_head.take().filter(|(o, _)| *o == at).map(|(_, h)| h);
            match self.step(at, cached) {
                Ok(Step::Event { event, next, next_head, info }) => {
                    self.pos = next;
                    self.next_head = next_head.map(|h| (next, h));
                    self.last_record = Some(info);
                    return Ok(Some(event));
                }
                Ok(Step::Skip(next)) => self.pos = next,
                Ok(Step::End) => self.done = true,
                Ok(Step::Stop(offset, reason)) => self.stop(offset, reason),
                Err(fault) => self.handle_fault(at, fault)?,
            }
        }
    }

    fn step(&mut self, at: u64, cached: Option<[u8; HEAD_LEN]>) -> Result<Step, Fault> {
        if at > self.rf.len {
            let reason = format!("file ends inside the padding before byte {at}, after the last complete record");
            return Ok(Step::Stop(self.rf.len, reason));
        }
        let h = match self.rf.probe(at, cached)? {
            Probe::Header(h) => h,
            Probe::End => {
                let reason = "file ends after the last complete record, without an index and trailer: \
                              the writer did not close it";
                return Ok(Step::Stop(at, reason.into()));
            }
        };
        match h.kind {
            KIND_EVENT => {
                let limit = self.opts.limits.max_frame_len;
                let loaded = self.rf.load(at, &h, limit, &mut self.scratch, &mut self.dec)?;
                let next = self.rf.extent_end(at, &h)?;
                let event = decode_event(&loaded.content, &self.opts.limits, next)?;
                let info = RecordInfo { offset: at, stored_len: h.stored_len, raw_len: h.raw_len };
                Ok(Step::Event { event, next, next_head: loaded.next_head, info })
            }
            KIND_INDEX => {
                let end = self
                    .rf
                    .extent_end(at, &h)
                    .map_err(|_| Fault::Cut(format!("index record is cut short: file ends at byte {}", self.rf.len)))?;
                if self.trailer.is_some_and(|t| t.index_offset == at) {
                    return Ok(Step::End);
                }
                let reason = match &self.index_status {
                    _ if end + HEAD_LEN as u64 > self.rf.len => {
                        format!("trailer is cut short: file ends at byte {}", self.rf.len)
                    }
                    IndexStatus::Invalid(why) => format!("no intact trailer and index: {why}"),
                    _ => "no trailer follows the index record".to_string(),
                };
                // The index's padding may be missing: never report a stop past the file's end.
                Ok(Step::Stop(end.min(self.rf.len), reason))
            }
            KIND_CLOSING => {
                // Checked as any record is, so a damaged one is reported; what it says is
                // read with the index (`completion`).
                let next = self.rf.extent_end(at, &h)?;
                let loaded = self.rf.load(at, &h, MAX_CLOSING_LEN, &mut self.scratch, &mut self.dec)?;
                Completion::parse(&loaded.content)
                    .map_err(|why| Fault::Corrupt { reason: format!("closing record: {why}"), next: Some(next) })?;
                Ok(Step::Skip(next))
            }
            KIND_PROGRESS => {
                let next = self.rf.extent_end(at, &h)?;
                let loaded = self.rf.load(at, &h, MAX_PROGRESS_LEN, &mut self.scratch, &mut self.dec)?;
                self.progress
                    .take(&loaded.content)
                    .map_err(|why| Fault::Corrupt { reason: format!("progress record: {why}"), next: Some(next) })?;
                self.progress_end = Some(next);
                Ok(Step::Skip(next))
            }
            _ => Ok(Step::Skip(self.rf.extent_end(at, &h)?)),
        }
    }

    /// Turns a fault at `at` into a stop, a skip or an error.
    fn handle_fault(&mut self, at: u64, fault: Fault) -> Result<(), FileError> {
        let (reason, next, err) = match fault {
            Fault::Cut(reason) => {
                self.stop(at, reason);
                return Ok(());
            }
            Fault::Io { .. } => {
                self.done = true;
                return Err(self.fault_error(at, fault));
            }
            Fault::Corrupt { reason, next } => {
                let err = FileError::Corrupt { path: self.rf.path.clone(), offset: at, reason: reason.clone() };
                (reason, next, err)
            }
            Fault::TooLarge { len, limit, next } => {
                let reason = format!("frame of {len} bytes exceeds the limit of {limit}");
                (reason, Some(next), FileError::TooLarge { path: self.rf.path.clone(), offset: at, len, limit })
            }
        };
        if self.damaged_index_at == Some(at) {
            // Only the index follows the last event record: every event has been read.
            let reason = format!("the index record is damaged ({reason}); random access rebuilds it by scanning");
            self.stop(at, reason);
            return Ok(());
        }
        if !self.opts.skip_corrupt {
            self.stop(at, format!("corrupt record: {reason}"));
            return Err(err);
        }
        self.skipped.push(SkippedRecord { offset: at, reason });
        let next = match next {
            Some(next) => Some(next),
            None => match self.rf.resync(at + 1) {
                Ok(next) => next,
                Err(f) => return self.handle_fault(at, f),
            },
        };
        match next {
            Some(next) => self.pos = next,
            None => self.stop(at, format!("no intact record header follows: file ends at byte {}", self.rf.len)),
        }
        Ok(())
    }

    fn stop(&mut self, offset: u64, reason: String) {
        self.done = true;
        self.stopped = Some(Stopped { offset, reason });
    }

    /// The error for a fault that cannot be skipped.
    pub(super) fn fault_error(&self, at: u64, fault: Fault) -> FileError {
        let path = self.rf.path.clone();
        match fault {
            Fault::Io { context, source } => FileError::Io { path, context, source },
            Fault::Cut(reason) | Fault::Corrupt { reason, .. } => FileError::Corrupt { path, offset: at, reason },
            Fault::TooLarge { len, limit, .. } => FileError::TooLarge { path, offset: at, len, limit },
        }
    }

    /// Where and why reading stopped before the clean end of the file; `None` while reading
    /// goes on and after a clean end (index and trailer reached).
    pub fn stopped(&self) -> Option<&Stopped> {
        self.stopped.as_ref()
    }

    /// Number of damaged records skipped so far (with `skip_corrupt`).
    pub fn skipped(&self) -> u64 {
        self.skipped.len() as u64
    }

    /// The damaged records skipped so far: byte offset and reason of each.
    pub fn skipped_records(&self) -> &[SkippedRecord] {
        &self.skipped
    }

    /// Makes the `i`-th event of the index the next one sequential reading gives (the end,
    /// for `i` at the index's length); false when the file holds fewer events.
    pub fn seek_to(&mut self, i: usize) -> bool {
        let index = self.index();
        let next = match index.get(i) {
            Some(entry) => entry.offset,
            None if i == index.len() => {
                self.done = true;
                return true;
            }
            None => return false,
        };
        self.pos = next;
        self.next_head = None;
        true
    }

    /// A checksum of what the file holds, for a resumed job's check that its input did not
    /// change: the CRC32C of its index record (its stored checksum, read from the record's
    /// header), or, without an intact index, of its last 64 KiB.
    pub fn identity_checksum(&self) -> Result<u32, FileError> {
        if let Some(trailer) = self.trailer {
            let mut head = [0u8; HEAD_LEN];
            let at = trailer.index_offset;
            self.rf.read_at(&mut head, at).map_err(|f| self.fault_error(at, f))?;
            // An intact trailer points at an intact index record: its header parses.
            let reason = |why| Fault::Corrupt { reason: format!("index record header: {why}"), next: None };
            return RecordHeader::parse(&head).map(|h| h.data_crc).map_err(|why| self.fault_error(at, reason(why)));
        }
        let len = self.rf.len.min(64 << 10);
        let mut tail = vec![0u8; len as usize];
        self.rf.read_at(&mut tail, self.rf.len - len).map_err(|f| self.fault_error(self.rf.len - len, f))?;
        Ok(crc32c::crc32c(&tail))
    }

    /// What the progress records read so far in order said (docs/formats.md, "Progress
    /// record"): the last `accounted` and every `resumed`.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The file's JSON metadata (an empty object when the header is cut short or damaged).
    pub fn metadata(&self) -> &Value {
        &self.metadata
    }

    /// The compression the metadata declares (records carry their own codec byte, which
    /// is what reading uses).
    pub fn compression(&self) -> Compression {
        self.metadata.get("compression").and_then(Value::as_str).and_then(|s| s.parse().ok()).unwrap_or_default()
    }

    /// Whether the index written on close could be used.
    pub fn index_status(&self) -> &IndexStatus {
        &self.index_status
    }

    /// Whether the file holds everything the job that wrote it was to write: what its closing
    /// record says, or why it cannot say so (docs/formats.md, "Closing record").
    pub fn completion(&self) -> &Completion {
        &self.completion
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.rf.path
    }

    /// Size of the file when it was opened; reading never goes past it.
    pub fn file_len(&self) -> u64 {
        self.rf.len
    }
}

/// Events in order; an error ends the iteration.
impl Iterator for FileReader {
    type Item = Result<Event, FileError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_event().transpose()
    }
}

pub(super) fn io_error(path: &Path, context: &str, source: std::io::Error) -> FileError {
    FileError::Io { path: PathBuf::from(path), context: context.to_string(), source }
}
