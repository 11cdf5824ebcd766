//! Writing an `.evf` file. The file is written under a temporary name and renamed on close,
//! so a file under its final name is always intact; its closing record says whether the job
//! that wrote it finished.

use super::closing::Completion;
use super::codec::{Compression, Compressor};
use super::error::FileError;
use super::layout::{
    align64, FileHeader, IndexEntry, RecordHeader, Trailer, CODEC_NONE, FILE_VERSION, HEAD_LEN, INDEX_ENTRY_LEN,
    KIND_CLOSING, KIND_EVENT, KIND_INDEX, KIND_PROGRESS, MAX_METADATA_LEN, MAX_PROGRESS_LEN,
};
use super::made::{encode_frame, StoredRecord};
use super::pool::{Done, Pool};
use super::reader::io_error;
use crate::wire::{encode_into, DecodeLimits, EncodeOptions, FrameLayout};
use crate::Event;
use serde_json::{Map, Value};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use std::time::{SystemTime, UNIX_EPOCH};

/// Size of the write buffer: small records are gathered into writes of this size, larger
/// ones go to the file in one write each.
const WRITE_BUFFER_LEN: usize = 1 << 20;
/// The metadata keys the writer sets itself; user metadata of these names is replaced.
pub const WRITER_METADATA_KEYS: [&str; 4] = ["creator", "format_version", "created", "compression"];
/// Records of at least this many bytes bypass the write buffer.
const DIRECT_WRITE_LEN: usize = 64 << 10;
/// Buffered records go to the file at least this often (while events keep coming), so a job
/// killed at any instant loses at most this much of its output.
pub const MAX_BUFFER_AGE: Duration = Duration::from_secs(1);
/// The end of the name of a file a writer has not closed yet, `.<name>.part`: a reader takes
/// a file so named, cut short, for what a writer that was killed left (docs/formats.md).
pub const PART_SUFFIX: &str = ".part";

/// The temporary file a writer of `path` writes until it closes it: `.<name>.part` in the
/// same directory, relative when `path` is; `None` when `path` names no file.
pub fn part_path(path: &Path) -> Option<PathBuf> {
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name()?);
    name.push(PART_SUFFIX);
    Some(path.with_file_name(name))
}

/// Whether `path` is named as a writer names a file it has not closed (`.part` at the end,
/// also after a user renamed it keeping that).
pub fn is_part_path(path: &Path) -> bool {
    path.file_name().is_some_and(|name| name.to_string_lossy().ends_with(PART_SUFFIX))
}

/// Options for [`FileWriter::create`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WriterOptions {
    /// How records are compressed (default: not at all).
    pub compression: Compression,
    /// User metadata merged into the file's JSON metadata, e.g. a steering summary. The keys
    /// `creator`, `format_version`, `created` and `compression` always describe the file and
    /// replace user values of the same name.
    pub metadata: Map<String, Value>,
}

/// Writes events to an `.evf` file.
///
/// The records go to `.<name>.part` in the same directory; [`FileWriter::close`] writes the
/// index and trailer, syncs the file to disk and renames it to its final name. A writer
/// dropped without `close` (or a process that dies) leaves the `.part` file, which a reader
/// reads up to its last complete record.
pub struct FileWriter {
    path: PathBuf,
    part: PathBuf,
    out: BufWriter<File>,
    offset: u64,
    index: Vec<IndexEntry>,
    compression: Compression,
    /// The threads that compress records, started by the first compressed write in the
    /// process that writes (a parallel job forks after the file is created).
    pool: Option<Pool>,
    /// The record being written: header, stored bytes, padding. Reused across events.
    record: Vec<u8>,
    raw_bytes: u64,
    /// The first write error, after which the writer refuses to go on.
    failed: Option<String>,
    /// When the write buffer was last empty.
    flushed_at: Instant,
}

impl FileWriter {
    /// Creates `.<name>.part` next to `path` (replacing any stale one) and writes the file
    /// header and metadata.
    pub fn create(path: impl AsRef<Path>, opts: WriterOptions) -> Result<FileWriter, FileError> {
        let path = path.as_ref().to_path_buf();
        let invalid = |reason: String| FileError::InvalidOptions { path: path.clone(), reason };
        let part = part_path(&path).ok_or_else(|| invalid("the path does not name a file".into()))?;
        Compressor::new(opts.compression).map_err(invalid)?;

        let mut meta = opts.metadata;
        let [creator, format_version, created, compression] = WRITER_METADATA_KEYS.map(String::from);
        meta.insert(creator, format!("evflow {}", env!("CARGO_PKG_VERSION")).into());
        meta.insert(format_version, FILE_VERSION.into());
        meta.insert(created, utc_now_iso8601().into());
        meta.insert(compression, opts.compression.to_string().into());
        let json = serde_json::to_vec(&Value::Object(meta)).map_err(|e| invalid(format!("metadata: {e}")))?;
        let json_len = u32::try_from(json.len()).ok().filter(|&n| n <= MAX_METADATA_LEN).ok_or_else(|| {
            invalid(format!("metadata is {} bytes of JSON, more than the limit of {MAX_METADATA_LEN}", json.len()))
        })?;

        let file = File::create(&part).map_err(|e| io_error(&part, "cannot create it", e))?;
        let header = FileHeader { json_len, json_crc: crc32c::crc32c(&json) };
        let first_record = header.first_record();
        let mut writer = FileWriter {
            path,
            part,
            out: BufWriter::with_capacity(WRITE_BUFFER_LEN, file),
            offset: 0,
            index: Vec::new(),
            compression: opts.compression,
            pool: None,
            record: Vec::new(),
            raw_bytes: 0,
            failed: None,
            flushed_at: Instant::now(),
        };
        let mut head = header.encode().to_vec();
        head.extend_from_slice(&json);
        head.resize(first_record as usize, 0);
        // The header reaches the disk at once, so even a writer that dies early leaves a
        // `.part` file that says what it is.
        writer.put(&head)?;
        writer.out.flush().map_err(|e| writer.fail("writing the file header", e))?;
        Ok(writer)
    }

    /// A writer that goes on writing `file`, the `.part` file of `path`, at `offset`, after
    /// the events `index` lists ([`FileWriter::resume`]).
    pub(super) fn continuing(
        path: PathBuf,
        part: PathBuf,
        file: File,
        (offset, index, raw_bytes): (u64, Vec<IndexEntry>, u64),
        compression: Compression,
    ) -> Result<FileWriter, FileError> {
        let invalid = |reason: String| FileError::InvalidOptions { path: path.clone(), reason };
        Compressor::new(compression).map_err(invalid)?;
        Ok(FileWriter {
            path,
            part,
            out: BufWriter::with_capacity(WRITE_BUFFER_LEN, file),
            offset,
            index,
            compression,
            pool: None,
            record: Vec::new(),
            raw_bytes,
            failed: None,
            flushed_at: Instant::now(),
        })
    }

    /// Appends one event as one record.
    pub fn write(&mut self, event: &Event) -> Result<(), FileError> {
        let layout = FrameLayout::of(event);
        let raw = layout.frame_len();
        let limit = DecodeLimits::DEFAULT.max_frame_len;
        if raw as u64 > limit {
            // A file is only useful if it can be read back with the default limits.
            let (run, event) = (event.meta.run, event.meta.event);
            return Err(FileError::FrameTooLarge { path: self.part.clone(), run, event, len: raw as u64, limit });
        }
        if let Some(record) = event.stored_record() {
            if record.compression == self.compression && record.raw_len == raw as u64 {
                return self.put_made(event, record, &layout);
            }
        }
        if self.compression != Compression::None && self.pool().is_none() {
            let pool = Pool::start(self.compression)
                .map_err(|cause| FileError::WriterFailed { path: self.part.clone(), cause })?;
            self.pool = Some(pool);
        }
        if let Some(pool) = &mut self.pool {
            // Compressed in the pool's threads; written in order as they come back.
            let (mut frame, record) = pool.buffers();
            // The frame a worker's `RecordMaker` makes: the two never differ.
            encode_frame(event, &mut frame);
            pool.submit(event.meta.run, event.meta.event, frame, record);
            while let Some(done) = self.next_compressed(false)? {
                self.put_compressed(done)?;
            }
            while self.pool.as_ref().is_some_and(Pool::is_full) {
                if let Some(done) = self.next_compressed(true)? {
                    self.put_compressed(done)?;
                }
            }
            return Ok(());
        }
        self.put_uncompressed(event, &layout)
    }

    /// Writes `event`'s frame as a record of its own, uncompressed.
    fn put_uncompressed(&mut self, event: &Event, layout: &FrameLayout) -> Result<(), FileError> {
        let raw = layout.frame_len();
        grow(&mut self.record, HEAD_LEN + raw);
        encode_into(event, layout, &mut self.record[HEAD_LEN..HEAD_LEN + raw], EncodeOptions { crc: false });
        let offset = self.offset;
        self.put_record(KIND_EVENT, CODEC_NONE, raw, raw as u64)?;
        self.index.push(IndexEntry { run: event.meta.run, event: event.meta.event, offset });
        self.raw_bytes += raw as u64;
        Ok(())
    }

    /// Writes the record a worker made for `event` (docs/parallel.md, "Compressed output"),
    /// after every record the pool still holds.
    fn put_made(&mut self, event: &Event, record: &StoredRecord, layout: &FrameLayout) -> Result<(), FileError> {
        self.drain_pool()?;
        if record.codec == CODEC_NONE {
            return self.put_uncompressed(event, layout);
        }
        let stored = &record.stored[..];
        let header = record_header(KIND_EVENT, record.codec, stored, record.raw_len);
        let offset = self.offset;
        let padding = align64((HEAD_LEN + stored.len()) as u64) as usize - HEAD_LEN - stored.len();
        self.put(&header.encode())?;
        self.put(stored)?;
        self.put(&[0; 64][..padding])?;
        self.index.push(IndexEntry { run: event.meta.run, event: event.meta.event, offset });
        self.raw_bytes += record.raw_len;
        Ok(())
    }

    /// The compressing threads, if this process has started them. A pool inherited through
    /// fork has no threads here: it is forgotten (joining threads of another process would
    /// hang), and its records are the parent's to write (a writer is flushed before a fork).
    fn pool(&mut self) -> Option<&mut Pool> {
        if self.pool.as_ref().is_some_and(|pool| !pool.is_ours()) {
            std::mem::forget(self.pool.take());
        }
        self.pool.as_mut()
    }

    /// The pool's next record in order, waiting for it if `wait`.
    fn next_compressed(&mut self, wait: bool) -> Result<Option<Done>, FileError> {
        let Some(pool) = self.pool() else { return Ok(None) };
        match pool.next(wait) {
            Ok(done) => Ok(done),
            Err(cause) => {
                self.failed.get_or_insert(cause.clone());
                Err(FileError::WriterFailed { path: self.part.clone(), cause })
            }
        }
    }

    /// Writes a record the pool compressed.
    fn put_compressed(&mut self, done: Done) -> Result<(), FileError> {
        let Done { run, event, codec, stored, raw, mut record, frame, .. } = done;
        let offset = self.offset;
        let written = self.put_record_in(&mut record, KIND_EVENT, codec, stored, raw as u64);
        if let Some(pool) = &mut self.pool {
            pool.recycle(frame, record);
        }
        written?;
        self.index.push(IndexEntry { run, event, offset });
        self.raw_bytes += raw as u64;
        Ok(())
    }

    /// Writes every record still in the pool.
    fn drain_pool(&mut self) -> Result<(), FileError> {
        while let Some(done) = self.next_compressed(true)? {
            self.put_compressed(done)?;
        }
        Ok(())
    }

    /// Writes the record whose stored bytes are in `self.record[HEAD_LEN..][..stored]`.
    fn put_record(&mut self, kind: u8, codec: u8, stored: usize, raw_len: u64) -> Result<(), FileError> {
        let mut record = std::mem::take(&mut self.record);
        let result = self.put_record_in(&mut record, kind, codec, stored, raw_len);
        self.record = record;
        result
    }

    /// Writes the record whose stored bytes are in `record[HEAD_LEN..][..stored]`, filling in
    /// its header and padding.
    fn put_record_in(
        &mut self,
        record: &mut Vec<u8>,
        kind: u8,
        codec: u8,
        stored: usize,
        raw_len: u64,
    ) -> Result<(), FileError> {
        let extent = align64((HEAD_LEN + stored) as u64) as usize;
        grow(record, extent);
        let header = record_header(kind, codec, &record[HEAD_LEN..HEAD_LEN + stored], raw_len);
        record[..HEAD_LEN].copy_from_slice(&header.encode());
        record[HEAD_LEN + stored..extent].fill(0);
        self.put(&record[..extent])
    }

    /// Writes `bytes` at the current offset; an error stops the writer for good.
    fn put(&mut self, bytes: &[u8]) -> Result<(), FileError> {
        if let Some(cause) = &self.failed {
            return Err(FileError::WriterFailed { path: self.part.clone(), cause: cause.clone() });
        }
        let written = if bytes.len() >= DIRECT_WRITE_LEN {
            // Copying a large record into the buffer would cost a memcpy and save no system call.
            self.out.flush().and_then(|()| self.out.get_mut().write_all(bytes))
        } else {
            self.out.write_all(bytes)
        };
        match written {
            Ok(()) => {
                self.offset += bytes.len() as u64;
                self.flush_if_old()
            }
            Err(e) => Err(self.fail(&format!("writing {} bytes at byte {}", bytes.len(), self.offset), e)),
        }
    }

    /// Hands the buffer to the operating system when it has held records for too long.
    fn flush_if_old(&mut self) -> Result<(), FileError> {
        if self.out.buffer().is_empty() {
            self.flushed_at = Instant::now();
        } else if self.flushed_at.elapsed() >= MAX_BUFFER_AGE {
            self.out.flush().map_err(|e| self.fail("flushing", e))?;
            self.flushed_at = Instant::now();
        }
        Ok(())
    }

    fn fail(&mut self, context: &str, e: std::io::Error) -> FileError {
        let error = io_error(&self.part, context, e);
        self.failed.get_or_insert_with(|| error.to_string());
        error
    }

    /// Appends a progress record (docs/formats.md, "Progress record") after every event
    /// written so far: `content` is a JSON object such as [`super::accounted_record`]'s.
    pub fn write_progress(&mut self, content: &Value) -> Result<(), FileError> {
        let content = serde_json::to_vec(content).expect("a JSON value serializes");
        if content.len() as u64 > MAX_PROGRESS_LEN {
            let reason = format!("a progress record of {} bytes, more than {MAX_PROGRESS_LEN}", content.len());
            return Err(FileError::InvalidOptions { path: self.part.clone(), reason });
        }
        self.drain_pool()?;
        grow(&mut self.record, HEAD_LEN + content.len());
        self.record[HEAD_LEN..HEAD_LEN + content.len()].copy_from_slice(&content);
        self.put_record(KIND_PROGRESS, CODEC_NONE, content.len(), content.len() as u64)
    }

    /// Hands buffered records to the operating system, so that readers of the `.part` file
    /// see them.
    pub fn flush(&mut self) -> Result<(), FileError> {
        if let Some(cause) = &self.failed {
            return Err(FileError::WriterFailed { path: self.part.clone(), cause: cause.clone() });
        }
        self.drain_pool()?;
        self.out.flush().map_err(|e| self.fail("flushing", e))
    }

    /// Writes the closing record (the job finished), the index and the trailer, syncs the
    /// file to disk and renames it to its final name (replacing a file of that name).
    pub fn close(self) -> Result<(), FileError> {
        self.close_as(&Completion::complete())
    }

    /// As [`FileWriter::close`], saying in the closing record whether the job that wrote the
    /// file finished (docs/formats.md, "Closing record"): a file of a job that stopped early
    /// still gets its final name, and says it is partial.
    pub fn close_as(mut self, completion: &Completion) -> Result<(), FileError> {
        self.drain_pool()?;
        self.pool = None;
        let closing_offset = self.offset;
        let content = completion.encode(self.index.len() as u64);
        grow(&mut self.record, HEAD_LEN + content.len());
        self.record[HEAD_LEN..HEAD_LEN + content.len()].copy_from_slice(&content);
        self.put_record(KIND_CLOSING, CODEC_NONE, content.len(), content.len() as u64)?;
        let index_offset = self.offset;
        let closing_len = u32::try_from(index_offset - closing_offset).expect("a closing record is below 64 KiB");
        let content_len = self.index.len() * INDEX_ENTRY_LEN;
        grow(&mut self.record, HEAD_LEN + content_len);
        for (entry, out) in self.index.iter().zip(self.record[HEAD_LEN..].chunks_exact_mut(INDEX_ENTRY_LEN)) {
            entry.encode_into(out);
        }
        self.put_record(KIND_INDEX, CODEC_NONE, content_len, content_len as u64)?;
        let trailer = Trailer { index_offset, event_count: self.index.len() as u64, closing_len };
        self.put(&trailer.encode())?;
        self.out.flush().map_err(|e| self.fail("flushing", e))?;
        self.out.get_ref().sync_all().map_err(|e| self.fail("syncing it to disk", e))?;
        std::fs::rename(&self.part, &self.path).map_err(|e| {
            let context = format!("renaming it to {}", self.path.display());
            self.fail(&context, e)
        })?;
        // Make the rename itself durable; some file systems cannot sync a directory, and
        // the data are safe either way.
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = File::open(dir).and_then(|d| d.sync_all());
        }
        Ok(())
    }

    /// Events written so far.
    pub fn events_written(&self) -> u64 {
        self.index.len() as u64
    }

    /// Bytes of the file so far (header, metadata and records).
    pub fn bytes_written(&self) -> u64 {
        self.offset
    }

    /// Bytes of the events' frames before compression.
    pub fn raw_bytes(&self) -> u64 {
        self.raw_bytes
    }

    /// The final path, which the file gets on [`FileWriter::close`].
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The temporary path the file is written under until it is closed.
    pub fn part_path(&self) -> &Path {
        &self.part
    }
}

impl Drop for FileWriter {
    /// A writer dropped without `close` leaves what a single-threaded one leaves: every record
    /// written (the write buffer is flushed as it is dropped), those still in the pool too.
    fn drop(&mut self) {
        if self.failed.is_none() {
            let _ = self.drain_pool();
        }
    }
}

/// The header of a record whose stored bytes are `stored`.
fn record_header(kind: u8, codec: u8, stored: &[u8], raw_len: u64) -> RecordHeader {
    RecordHeader { kind, codec, stored_len: stored.len() as u64, raw_len, data_crc: crc32c::crc32c(stored) }
}

/// Makes `v` at least `n` bytes long without touching bytes it already has (no zeroing
/// pass per record in steady state).
fn grow(v: &mut Vec<u8>, n: usize) {
    if v.len() < n {
        v.resize(n, 0);
    }
}

/// The current UTC time as ISO 8601, e.g. `2025-06-01T12:34:56Z`.
pub(super) fn utc_now_iso8601() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", s / 3600, s % 3600 / 60, s % 60)
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
