//! Continuing the `.part` file a killed writer left (docs/formats.md, "Continuing a `.part`
//! file"): a restarted sink goes on writing its file instead of starting a second one.

use super::error::FileError;
use super::layout::{align64, IndexEntry, HEAD_LEN};
use super::reader::{io_error, FileReader, ReaderOptions};
use super::writer::{part_path, FileWriter, WriterOptions};
use std::fs::OpenOptions;
use std::io::{Seek, SeekFrom};
use std::path::Path;

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

impl FileWriter {
    /// Goes on writing the `.part` file that a writer of `path` left: every complete event
    /// record is kept, what follows the last one is cut, and the records written from now on
    /// follow it; the file header and metadata are the first writer's. With no `.part` file,
    /// or one cut inside its header (no record was written), the file is created as
    /// [`FileWriter::create`] does. A record damaged before the end is an error: cutting
    /// there would drop the intact records after it.
    pub fn resume(path: impl AsRef<Path>, opts: WriterOptions) -> Result<(FileWriter, Resumed), FileError> {
        let path = path.as_ref();
        let Some(part) = part_path(path) else {
            return Ok((FileWriter::create(path, opts)?, Resumed::default()));
        };
        if !part.exists() {
            return Ok((FileWriter::create(path, opts)?, Resumed::default()));
        }
        let mut reader = FileReader::open(&part, ReaderOptions::default())?;
        // Its header or metadata cut short (reading stopped there): no record was written yet.
        let Some(mut end) = reader.first_record.filter(|_| reader.stopped().is_none()) else {
            let cut = reader.file_len();
            drop(reader);
            return Ok((FileWriter::create(path, opts)?, Resumed { seqs: Vec::new(), cut, found: true }));
        };
        let (mut seqs, mut index, mut raw_bytes) = (Vec::new(), Vec::new(), 0u64);
        while let Some(event) = reader.next_event()? {
            let record = reader.last_record.as_ref().expect("an event read has its record");
            seqs.push(event.meta.seq);
            index.push(IndexEntry { run: event.meta.run, event: event.meta.event, offset: record.offset });
            raw_bytes += record.raw_len;
            end = record.offset + align64(HEAD_LEN as u64 + record.stored_len);
        }
        let len = reader.file_len();
        drop(reader);
        let mut file = OpenOptions::new()
            .write(true)
            .open(&part)
            .map_err(|e| io_error(&part, "cannot open it to continue it", e))?;
        file.set_len(end).map_err(|e| io_error(&part, "cannot cut its unfinished end", e))?;
        file.seek(SeekFrom::Start(end)).map_err(|e| io_error(&part, "cannot seek to its end", e))?;
        let writer = FileWriter::continuing(path.to_path_buf(), part, file, (end, index, raw_bytes), opts.compression)?;
        Ok((writer, Resumed { seqs, cut: len.saturating_sub(end), found: true }))
    }
}
