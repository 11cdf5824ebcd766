//! File cases of the throughput section: `FileWriter` and `FileReader` on files of 100 KiB
//! events in the page cache, and plain `write`/`pread` of the same bytes as the operating
//! system's own ceiling.

use crate::measure::Case;
use evflow_core::file::{Compression, FileReader, FileWriter, WriterOptions};
use evflow_core::Event;
use std::fs::File;
use std::hint::black_box;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Events per file written or read in one operation.
pub const FILE_EVENTS: usize = 1000;
/// Size of the plain `write` calls of the OS baseline: `FileWriter`'s write buffer.
const OS_WRITE_CHUNK: usize = 1 << 20;

/// Whether a write sample includes closing the file (index, trailer, fsync, rename).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Close {
    /// Closing is part of the time.
    Timed,
    /// The file is closed after the clock stops.
    Untimed,
}

/// A file written before the measurement, for the read cases.
pub struct WrittenFile {
    /// How its records are compressed.
    pub compression: Compression,
    path: PathBuf,
    /// Bytes of the frames before compression.
    pub raw_bytes: u64,
    /// Bytes of the file's header and records.
    pub file_bytes: u64,
}

/// Writes `FILE_EVENTS` events cycled from `events` to `dir/read-<codec>.evf` and closes it.
pub fn write_file(dir: &Path, compression: Compression, events: &[Event]) -> WrittenFile {
    let path = dir.join(format!("read-{}.evf", compression.name()));
    let writer = write_events(&path, compression, &mut events.to_vec());
    let (raw_bytes, file_bytes) = (writer.raw_bytes(), writer.bytes_written());
    writer.close().expect("the benchmark file closes");
    WrittenFile { compression, path, raw_bytes, file_bytes }
}

/// Writes `FILE_EVENTS` events cycled from `events`, numbered from 1, and flushes them to
/// the page cache.
fn write_events(path: &Path, compression: Compression, events: &mut [Event]) -> FileWriter {
    let opts = WriterOptions { compression, ..Default::default() };
    let mut writer = FileWriter::create(path, opts).expect("the benchmark file can be created");
    let pool = events.len();
    for number in 0..FILE_EVENTS {
        let event = &mut events[number % pool];
        event.meta.event = number as u64 + 1;
        writer.write(event).expect("the benchmark event is written");
    }
    writer.flush().expect("the benchmark file flushes");
    writer
}

/// `FileWriter` writing a new file of `FILE_EVENTS` events. The file is always closed, which
/// syncs it to disk, so dirty pages do not pile up and slow later samples down; `close`
/// says whether that is timed.
pub fn write_case(
    name: String,
    path: PathBuf,
    compression: Compression,
    events: &[Event],
    bytes: u64,
    close: Close,
) -> Case<'static> {
    let mut events = events.to_vec();
    Case::new(name, bytes, move |n| {
        let mut took = Duration::ZERO;
        for _ in 0..n {
            let start = Instant::now();
            let writer = write_events(&path, compression, &mut events);
            if close == Close::Untimed {
                took += start.elapsed();
            }
            writer.close().expect("the benchmark file closes");
            if close == Close::Timed {
                took += start.elapsed();
            }
        }
        took
    })
}

/// `FileReader::next_event` over every event of `file` (page cache, warm).
pub fn read_case(name: String, file: &WrittenFile, bytes: u64) -> Case<'static> {
    let path = file.path.clone();
    Case::timed(name, bytes, move || {
        let mut reader = FileReader::open(&path, Default::default()).expect("the benchmark file opens");
        let mut count = 0;
        while let Some(event) = reader.next_event().expect("the benchmark file reads") {
            black_box(event);
            count += 1;
        }
        assert_eq!(count, FILE_EVENTS, "events read back from {}", path.display());
    })
}

/// Plain `write` calls of `OS_WRITE_CHUNK` bytes to a new file, `bytes` in all, then (not
/// timed) fsync and a rename over the previous copy: what `FileWriter` does, minus evflow.
pub fn os_write_case(name: &str, dir: &Path, bytes: u64) -> Case<'static> {
    let part = dir.join(".os-write.part");
    let path = dir.join("os-write");
    let chunk = vec![1u8; OS_WRITE_CHUNK];
    Case::new(name, bytes, move |n| {
        let mut took = Duration::ZERO;
        for _ in 0..n {
            let start = Instant::now();
            let mut file = File::create(&part).expect("the benchmark file can be created");
            let mut left = bytes as usize;
            while left > 0 {
                let len = left.min(OS_WRITE_CHUNK);
                file.write_all(&chunk[..len]).expect("the benchmark file is written");
                left -= len;
            }
            took += start.elapsed();
            file.sync_all().expect("the benchmark file syncs");
            std::fs::rename(&part, &path).expect("the benchmark file is renamed");
        }
        took
    })
}

/// Plain positioned reads of `chunk` bytes into one reused buffer, over all of `file`.
pub fn os_read_case(name: &str, file: &WrittenFile, chunk: usize) -> Case<'static> {
    let path = file.path.clone();
    let mut buf = vec![0u8; chunk];
    Case::timed(name, file.file_bytes, move || {
        let file = File::open(&path).expect("the benchmark file opens");
        let len = file.metadata().expect("the benchmark file has a size").len();
        let mut at = 0;
        while at < len {
            let n = file.read_at(&mut buf, at).expect("the benchmark file reads");
            black_box(&buf[..n]);
            at += n as u64;
        }
    })
}
