//! Requirement 2: encoding and writing and reading files of 100 KiB events at 1 GB/s or
//! more, and at half the machine's memcpy rate or more, measured side by side.

use crate::file_io::{self, Close, WrittenFile, FILE_EVENTS};
use crate::measure::{self, Case, Plan, Samples};
use crate::payload::adc_event;
use crate::table::{self, Table};
use evflow_core::file::Compression;
use evflow_core::wire::{self, EncodeOptions, FrameLayout};
use evflow_core::Event;
use std::hint::black_box;

/// Payload bytes of one event.
const EVENT_BYTES: usize = 100 << 10;
/// Payload bytes of one file.
const FILE_BYTES: u64 = (FILE_EVENTS * EVENT_BYTES) as u64;
/// Distinct events cycled through, so the codecs do not see one buffer over and over.
const EVENT_POOL: usize = 8;
/// A copy far larger than the caches: the memory bandwidth a long stream gets.
const LARGE_COPY_BYTES: usize = 256 << 20;
/// Throughput targets of encoding and of uncompressed files.
const MIN_GB_PER_S: f64 = 1.0;
const MIN_MEMCPY_SHARE: f64 = 0.5;

const MEMCPY_EVENT: &str = "memcpy 100 KiB";
const MEMCPY_LARGE: &str = "memcpy 256 MiB";
const OS_WRITE: &str = "OS write(), 1 MiB calls";
const OS_READ: &str = "OS pread(), 100 KiB calls";
const ENCODE_INTO: &str = "encode_into, reused buffer";
const ENCODE_TO_VEC: &str = "encode_to_vec, reused Vec";
const WRITE_WITH_CLOSE: &str = "file write none + close (fsync)";

/// The compressions files are written with; `none` carries the targets.
const CODECS: [Compression; 3] = [Compression::None, Compression::zstd(), Compression::Lz4];

/// Measures copies, encoding and file I/O and prints the tables.
pub fn run(plan: Plan) {
    let events: Vec<Event> = (1..=EVENT_POOL as u64).map(|n| adc_event(n, EVENT_BYTES)).collect();
    let dir = tempfile::Builder::new().prefix("evflow-bench-").tempdir().expect("a temporary directory");
    let dir = dir.path();
    let written: Vec<WrittenFile> = CODECS.iter().map(|&c| file_io::write_file(dir, c, &events)).collect();

    let mut cases = vec![
        memcpy_case(MEMCPY_EVENT, EVENT_BYTES),
        memcpy_case(MEMCPY_LARGE, LARGE_COPY_BYTES),
        file_io::os_write_case(OS_WRITE, dir, FILE_BYTES),
        file_io::os_read_case(OS_READ, &written[0], EVENT_BYTES),
        encode_into_case(&events),
        encode_to_vec_case(&events),
    ];
    for file in &written {
        let c = file.compression;
        let path = dir.join(format!("write-{}.evf", c.name()));
        cases.push(file_io::write_case(write_name(c), path, c, &events, FILE_BYTES, Close::Untimed));
        cases.push(file_io::read_case(read_name(c), file, FILE_BYTES));
    }
    let path = dir.join("write-closed.evf");
    let none = Compression::None;
    cases.push(file_io::write_case(WRITE_WITH_CLOSE.into(), path, none, &events, FILE_BYTES, Close::Timed));
    let samples = measure::run(cases, plan);

    print_throughput(&samples);
    print_targets(&samples);
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

/// The plain OS call a file case does the same I/O as, if any.
fn os_baseline(name: &str) -> Option<&'static str> {
    if name.starts_with("file write") {
        Some(OS_WRITE)
    } else if name.starts_with("file read") {
        Some(OS_READ)
    } else {
        None
    }
}

fn print_throughput(samples: &[Samples]) {
    let event_copy = measure::find(samples, MEMCPY_EVENT);
    let large_copy = measure::find(samples, MEMCPY_LARGE);
    let mut t = Table::new(
        format!(
            "Throughput of {} events (GB/s of event payload; files of {FILE_EVENTS} events in the page cache)",
            table::size(EVENT_BYTES)
        ),
        &["case", "GB/s", "spread", "vs memcpy 100 KiB", "vs memcpy 256 MiB", "vs OS call"],
    );
    for s in samples {
        let vs_os = match os_baseline(&s.name) {
            Some(os) => table::ratio(s.speed_ratio(measure::find(samples, os))),
            None => "-".to_string(),
        };
        t.row(vec![
            s.name.clone(),
            table::gb_s(s.gb_per_s()),
            table::percent(s.spread()),
            table::ratio(s.speed_ratio(event_copy)),
            table::ratio(s.speed_ratio(large_copy)),
            vs_os,
        ]);
    }
    t.print();
}

fn print_targets(samples: &[Samples]) {
    let event_copy = measure::find(samples, MEMCPY_EVENT);
    let large_copy = measure::find(samples, MEMCPY_LARGE);
    let share = MIN_MEMCPY_SHARE * 100.0;
    let mut t = Table::new(
        format!("Targets: >= {MIN_GB_PER_S} GB/s and >= {share:.0}% of memcpy (against each memcpy baseline)"),
        &["case", "GB/s", ">= 1 GB/s", "% of memcpy 100 KiB", "verdict", "% of memcpy 256 MiB", "verdict"],
    );
    for name in [ENCODE_INTO.to_string(), write_name(Compression::None), read_name(Compression::None)] {
        let s = measure::find(samples, &name);
        let (small, large) = (s.speed_ratio(event_copy), s.speed_ratio(large_copy));
        let fast = s.gb_per_s() >= MIN_GB_PER_S;
        t.row(vec![
            name,
            table::gb_s(s.gb_per_s()),
            table::verdict(fast),
            table::percent(small),
            table::verdict(fast && small >= MIN_MEMCPY_SHARE),
            table::percent(large),
            table::verdict(fast && large >= MIN_MEMCPY_SHARE),
        ]);
    }
    t.print();
}

fn print_compression(files: &[WrittenFile]) {
    let title =
        format!("Files of {FILE_EVENTS} events of {} of detector-like `<u2` ADC samples", table::size(EVENT_BYTES));
    let mut t = Table::new(title, &["compression", "file MiB", "raw / stored"]);
    for f in files {
        let mib = f.file_bytes as f64 / (1 << 20) as f64;
        let ratio = f.raw_bytes as f64 / f.file_bytes as f64;
        t.row(vec![f.compression.to_string(), format!("{mib:.1}"), table::ratio(ratio)]);
    }
    t.print();
}
