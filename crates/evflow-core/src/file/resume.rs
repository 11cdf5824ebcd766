//! Continuing what a writer left: the `.part` file of a killed writer (docs/formats.md,
//! "Continuing a `.part` file"), so a restarted sink goes on writing its file instead of
//! starting a second one; and a job's output, `.part` or closed as not complete, that a
//! resumed job goes on with ("Recovering a job's output").

use super::closing::Completion;
use super::error::FileError;
use super::layout::{align64, IndexEntry, HEAD_LEN};
use super::progress::Progress;
use super::reader::{io_error, FileReader, IndexStatus, ReaderOptions};
use super::writer::{part_path, FileWriter, WriterOptions};
use serde_json::Value;
use std::fs::OpenOptions;
use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// What [`FileWriter::resume`] found in the `.part` file it continues.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resumed {
    /// The seq of each event it kept, in file order.
    pub seqs: Vec<u64>,
    /// Bytes cut from its end: the records the writer that died had not finished (or the
    /// closing record, index and trailer of a file it closed but had not renamed yet).
    pub cut: u64,
    /// Whether there was a `.part` file to continue.
    pub found: bool,
}

/// What [`recover`] found of a writer's file, read and checked, nothing changed yet.
#[derive(Debug, Clone)]
pub struct Recovery {
    /// The file's final path.
    pub path: PathBuf,
    /// The file read: the `.part` file, or the file under its final name.
    pub file: PathBuf,
    /// Whether `file` is the `.part` file.
    pub part: bool,
    /// Its metadata.
    pub metadata: Value,
    /// The seq of each event record, in file order.
    pub seqs: Vec<u64>,
    /// What its progress records said.
    pub progress: Progress,
    /// A file under its final name: what its closing record says.
    pub completion: Option<Completion>,
    /// Where a writer goes on: the end of the last complete record; `None` when the file is
    /// cut inside its header or metadata (no record was written: it is made anew).
    end: Option<u64>,
    /// Bytes from `end` to the file's end, cut when writing goes on.
    pub cut: u64,
    index: Vec<IndexEntry>,
    raw_bytes: u64,
}

/// Reads what a writer of `path` left, without changing it: its `.part` file when there is
/// one (the newest writer's), else the file under its final name; `None` when neither is
/// there. A damaged record before the last complete one is an error naming its offset.
pub fn recover(path: impl AsRef<Path>) -> Result<Option<Recovery>, FileError> {
    let path = path.as_ref();
    let part = part_path(path).ok_or_else(|| FileError::InvalidOptions {
        path: path.into(),
        reason: "the path does not name a file".into(),
    })?;
    if part.exists() {
        return read(path, &part, true).map(Some);
    }
    if path.exists() {
        return read(path, path, false).map(Some);
    }
    Ok(None)
}

fn read(path: &Path, file: &Path, part: bool) -> Result<Recovery, FileError> {
    let mut reader = FileReader::open(file, ReaderOptions::default())?;
    let completion =
        (!part && matches!(reader.index_status(), IndexStatus::Valid { .. })).then(|| reader.completion().clone());
    // Its header or metadata cut short (reading stopped there): no record was written yet.
    let mut end = reader.first_record.filter(|_| reader.stopped().is_none());
    let (mut seqs, mut index, mut raw_bytes) = (Vec::new(), Vec::new(), 0u64);
    if end.is_some() {
        while let Some(event) = reader.next_event()? {
            let record = reader.last_record.as_ref().expect("an event read has its record");
            seqs.push(event.meta.seq);
            index.push(IndexEntry { run: event.meta.run, event: event.meta.event, offset: record.offset });
            raw_bytes += record.raw_len;
            end = Some(record.offset + align64(HEAD_LEN as u64 + record.stored_len));
        }
        end = end.max(reader.progress_end);
    }
    let len = reader.file_len();
    Ok(Recovery {
        path: path.to_path_buf(),
        file: file.to_path_buf(),
        part,
        metadata: reader.metadata().clone(),
        seqs,
        progress: reader.progress().clone(),
        completion,
        cut: len.saturating_sub(end.unwrap_or(0)),
        end,
        index,
        raw_bytes,
    })
}

impl FileWriter {
    /// Goes on writing the `.part` file that a writer of `path` left: every complete event
    /// record is kept, what follows the last one is cut, and the records written from now on
    /// follow it; the file header and metadata are the first writer's. With no `.part` file,
    /// or one cut inside its header (no record was written), the file is created as
    /// [`FileWriter::create`] does. A record damaged before the end is an error: cutting
    /// there would drop the intact records after it.
    pub fn resume(path: impl AsRef<Path>, opts: WriterOptions) -> Result<(FileWriter, Resumed), FileError> {
        let path = path.as_ref();
        let Some(part) = part_path(path).filter(|part| part.exists()) else {
            return Ok((FileWriter::create(path, opts)?, Resumed::default()));
        };
        let recovery = read(path, &part, true)?;
        let resumed = Resumed { seqs: recovery.seqs.clone(), cut: recovery.cut, found: true };
        Ok((FileWriter::continue_recovered(recovery, opts)?, resumed))
    }

    /// Goes on writing the file `recovery` found ([`recover`]): a file under its final name
    /// is first renamed back to its `.part` name; the file is cut after its last complete
    /// record, and `close()` indexes every record, the earlier ones included. A file cut
    /// inside its header is made anew, with `opts`' metadata.
    pub fn continue_recovered(recovery: Recovery, opts: WriterOptions) -> Result<FileWriter, FileError> {
        let Recovery { path, file, part, end, index, raw_bytes, .. } = recovery;
        let Some(end) = end else { return FileWriter::create(&path, opts) };
        let part_file = part_path(&path).expect("a recovered file has a name");
        if !part {
            std::fs::rename(&file, &part_file).map_err(|e| io_error(&file, "cannot rename it to continue it", e))?;
        }
        let mut out = OpenOptions::new()
            .write(true)
            .open(&part_file)
            .map_err(|e| io_error(&part_file, "cannot open it to continue it", e))?;
        out.set_len(end).map_err(|e| io_error(&part_file, "cannot cut its unfinished end", e))?;
        out.seek(SeekFrom::Start(end)).map_err(|e| io_error(&part_file, "cannot seek to its end", e))?;
        FileWriter::continuing(path, part_file, out, (end, index, raw_bytes), opts.compression)
    }
}
