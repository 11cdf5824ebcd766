//! Requirement 2: encoding and writing and reading files of 100 KiB events at 1 GB/s or
//! more, and at half the machine's memcpy rate or more, measured side by side.

use crate::measure::{self, Case, Plan, Samples};
use crate::payload::adc_event;
use crate::table::{self, Table};
use evflow_core::file::{Compression, FileReader, FileWriter, ReaderOptions, WriterOptions};
use evflow_core::wire::{self, EncodeOptions, FrameLayout};
use evflow_core::Event;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Payload bytes of one event.
const EVENT_BYTES: usize = 100 << 10;
/// Distinct events cycled through, so the codecs do not see one buffer over and over.
const EVENT_POOL: usize = 8;
/// Events per file written or read in one operation (100 MiB of payload).
const FILE_EVENTS: usize = 1000;
/// A copy far larger than the caches: the memory bandwidth a long stream gets.
const LARGE_COPY_BYTES: usize = 256 << 20;
/// Throughput targets of the uncompressed paths.
const MIN_GB_PER_S: f64 = 1.0;
const MIN_MEMCPY_SHARE: f64 = 0.5;

const MEMCPY_EVENT: &str = "memcpy 100 KiB";
const MEMCPY_LARGE: &str = "memcpy 256 MiB";
const ENCODE_INTO: &str = "encode_into, reused buffer";
const ENCODE_TO_VEC: &str = "encode_to_vec, reused Vec";
const WRITE_WITH_CLOSE: &str = "write none + close (fsync)";

/// The compressions files are written with; `none` carries the targets.
const CODECS: [Compression; 3] = [Compression::None, Compression::zstd(), Compression::Lz4];

/// Measures copies, encoding and file I/O and prints the tables.
pub fn run(plan: Plan) {
    let events: Vec<Event> = (1..=EVENT_POOL as u64).map(|n| adc_event(n, EVENT_BYTES)).collect();
    let dir = tempfile::Builder::new().prefix("evflow-bench-").tempdir().expect("a temporary directory");
    let written: Vec<WrittenFile> = CODECS.iter().map(|&c| write_file(dir.path(), c, &events)).collect();

    let mut cases = vec![
        memcpy_case(MEMCPY_EVENT, EVENT_BYTES),
        memcpy_case(MEMCPY_LARGE, LARGE_COPY_BYTES),
        encode_into_case(&events),
        encode_to_vec_case(&events),
    ];
    for file in &written {
        cases.push(write_case(dir.path(), file.compression, &events, Close::Untimed));
        cases.push(read_case(file));
    }
    cases.push(write_case(dir.path(), Compression::None, &events, Close::Timed));
    let samples = measure::run(cases, plan);

    print_throughput(&samples);
    print_compression(&written);
}

fn write_name(c: Compression) -> String {
    format!("file write {c}")
}

fn read_name(c: Compression) -> String {
    format!("file read {c}")
}

/// Copies a `len`-byte buffer into another with `copy_from_slice`.
fn memcpy_case(name: &str, len: usize) -> Case<'static> {
    let src = vec![1u8; len];
    let mut dst = vec![0u8; len];
    Case::timed(name, len as u64, move || {
        dst.copy_from_slice(black_box(&src));
        black_box(&mut dst);
    })
}

/// `wire::encode_into` into one buffer kept across events, with the layout computed per event.
fn encode_into_case(events: &[Event]) -> Case<'_> {
    let mut buf = vec![0u8; FrameLayout::of(&events[0]).frame_len()];
    let mut next = 0;
    Case::timed(ENCODE_INTO, EVENT_BYTES as u64, move || {
        let event = &events[next % events.len()];
        next += 1;
        let layout = FrameLayout::of(event);
        wire::encode_into(event, &layout, &mut buf[..layout.frame_len()], EncodeOptions::default());
        black_box(&mut buf);
    })
}

/// `wire::encode_to_vec` into one `Vec` kept across events.
fn encode_to_vec_case(events: &[Event]) -> Case<'_> {
    let mut buf = Vec::new();
    let mut next = 0;
    Case::timed(ENCODE_TO_VEC, EVENT_BYTES as u64, move || {
        wire::encode_to_vec(&events[next % events.len()], EncodeOptions::default(), &mut buf);
        next += 1;
        black_box(&mut buf);
    })
}

/// Whether a write sample includes `FileWriter::close` (index, trailer, fsync, rename).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Close {
    Timed,
    Untimed,
}

/// Writes `FILE_EVENTS` events to a new file and flushes them to the page cache. Closing
/// (which syncs to disk) is timed only with `Close::Timed`; it always happens, so dirty
/// pages do not pile up and slow later samples down.
fn write_case(dir: &Path, compression: Compression, events: &[Event], close: Close) -> Case<'static> {
    let (name, file) = match close {
        Close::Untimed => (write_name(compression), format!("write-{}.evf", compression.name())),
        Close::Timed => (WRITE_WITH_CLOSE.to_string(), "write-closed.evf".to_string()),
    };
    let path = dir.join(file);
    let mut events = events.to_vec();
    Case::new(name, (FILE_EVENTS * EVENT_BYTES) as u64, move |n| {
        let mut took = Duration::ZERO;
        for _ in 0..n {
            let start = Instant::now();
            let writer = write_events(&path, compression, &mut events);
            if close == Close::Timed {
                writer.close().expect("the benchmark file closes");
                took += start.elapsed();
            } else {
                took += start.elapsed();
                writer.close().expect("the benchmark file closes");
            }
        }
        took
    })
}

/// Writes `FILE_EVENTS` events cycled from `events`, numbered 1 up, and flushes the writer.
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

/// A file written before the measurement, for the read cases.
struct WrittenFile {
    compression: Compression,
    path: PathBuf,
    raw_bytes: u64,
    file_bytes: u64,
}

fn write_file(dir: &Path, compression: Compression, events: &[Event]) -> WrittenFile {
    let path = dir.join(format!("read-{}.evf", compression.name()));
    let writer = write_events(&path, compression, &mut events.to_vec());
    let (raw_bytes, file_bytes) = (writer.raw_bytes(), writer.bytes_written());
    writer.close().expect("the benchmark file closes");
    WrittenFile { compression, path, raw_bytes, file_bytes }
}

/// Opens `file` and reads every event with `FileReader::next_event` (page cache, warm).
fn read_case(file: &WrittenFile) -> Case<'static> {
    let path = file.path.clone();
    Case::timed(read_name(file.compression), (FILE_EVENTS * EVENT_BYTES) as u64, move || {
        let mut reader = FileReader::open(&path, ReaderOptions::default()).expect("the benchmark file opens");
        let mut count = 0;
        while let Some(event) = reader.next_event().expect("the benchmark file reads") {
            black_box(event);
            count += 1;
        }
        assert_eq!(count, FILE_EVENTS, "events read back from {}", path.display());
    })
}

fn print_throughput(samples: &[Samples]) {
    let event_copy = measure::find(samples, MEMCPY_EVENT);
    let large_copy = measure::find(samples, MEMCPY_LARGE);
    let mut t = Table::new(
        format!(
            "Throughput of 100 KiB events (GB/s of payload; target for encode and uncompressed files: \
             >= {MIN_GB_PER_S} GB/s and >= {:.0}% of memcpy 100 KiB)",
            MIN_MEMCPY_SHARE * 100.0
        ),
        &["case", "GB/s", "spread", "vs memcpy 100 KiB", "vs memcpy 256 MiB", "target"],
    );
    let targeted = [ENCODE_INTO.to_string(), write_name(Compression::None), read_name(Compression::None)];
    for s in samples {
        let share = s.speed_ratio(event_copy);
        let target = match targeted.contains(&s.name) {
            true => table::verdict(s.gb_per_s() >= MIN_GB_PER_S && share >= MIN_MEMCPY_SHARE),
            false => "-".to_string(),
        };
        t.row(vec![
            s.name.clone(),
            table::gb_s(s.gb_per_s()),
            table::percent(s.spread()),
            table::ratio(share),
            table::ratio(s.speed_ratio(large_copy)),
            target,
        ]);
    }
    t.print();
}

fn print_compression(files: &[WrittenFile]) {
    let mut t = Table::new(
        format!("Files of {FILE_EVENTS} events of {} detector-like `<u2` ADC samples", table::size(EVENT_BYTES)),
        &["compression", "file MiB", "raw / stored"],
    );
    for f in files {
        let mib = f.file_bytes as f64 / (1 << 20) as f64;
        t.row(vec![
            f.compression.to_string(),
            format!("{mib:.1}"),
            table::ratio(f.raw_bytes as f64 / f.file_bytes as f64),
        ]);
    }
    t.print();
}
