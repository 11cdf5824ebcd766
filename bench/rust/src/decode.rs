//! Requirement 1: decoding a frame costs the same whatever its payload size (payloads are
//! mapped, not copied), unless the CRC is verified, which reads every byte.

use crate::measure::{self, Case, Plan, Samples};
use crate::payload::blob_event;
use crate::table::{self, Table};
use bytes::Bytes;
use evflow_core::wire::{self, DecodeOptions, EncodeOptions};
use std::hint::black_box;

/// Payload sizes of the one-entry frames decoded.
const PAYLOAD_SIZES: [usize; 5] = [64, 4 << 10, 64 << 10, 1 << 20, 16 << 20];
/// The size the zero-copy requirement compares with the smallest.
const REFERENCE_SIZE: usize = 1 << 20;
/// decode(1 MiB) / decode(64 B) counts as "about 1" up to this ratio.
const MAX_ZERO_COPY_RATIO: f64 = 1.5;

/// Measures decoding with and without CRC verification and prints the tables.
pub fn run(plan: Plan) {
    let plain: Vec<Bytes> = frames(EncodeOptions { crc: false });
    let checked: Vec<Bytes> = frames(EncodeOptions { crc: true });
    let no_crc = DecodeOptions { verify_crc: false, ..Default::default() };
    let with_crc = DecodeOptions { verify_crc: true, ..Default::default() };
    let mut cases = Vec::new();
    for (&size, frame) in PAYLOAD_SIZES.iter().zip(&plain) {
        cases.push(decode_case(no_crc_name(size), frame, no_crc));
    }
    for (&size, frame) in PAYLOAD_SIZES.iter().zip(&checked) {
        cases.push(decode_case(crc_name(size), frame, with_crc));
    }
    let samples = measure::run(cases, plan);
    print_no_crc(&samples, &plain);
    print_crc(&samples);
}

fn frames(opts: EncodeOptions) -> Vec<Bytes> {
    PAYLOAD_SIZES.iter().map(|&size| wire::encode(&blob_event(size), opts)).collect()
}

fn no_crc_name(size: usize) -> String {
    format!("decode {}", table::size(size))
}

fn crc_name(size: usize) -> String {
    format!("decode+crc {}", table::size(size))
}

/// Decodes `frame` and drops the event: what a consumer of in-memory frames pays.
fn decode_case<'a>(name: String, frame: &'a Bytes, opts: DecodeOptions) -> Case<'a> {
    let bytes = frame.len() as u64;
    Case::timed(name, bytes, move || {
        let event = wire::decode(black_box(frame), &opts).expect("the benchmark frame decodes");
        black_box(event);
    })
}

fn print_no_crc(samples: &[Samples], frames: &[Bytes]) {
    let smallest = measure::find(samples, &no_crc_name(PAYLOAD_SIZES[0]));
    let mut t = Table::new(
        "Frame decode without CRC verification (in-memory frames, one `|u1` entry)",
        &["payload", "frame bytes", "ns/decode", "spread", "vs 64 B"],
    );
    for (&size, frame) in PAYLOAD_SIZES.iter().zip(frames) {
        let s = measure::find(samples, &no_crc_name(size));
        let cells = [table::size(size), frame.len().to_string(), table::ns(s.secs())];
        t.row([cells.to_vec(), vec![table::percent(s.spread()), table::ratio(s.time_ratio(smallest))]].concat());
    }
    t.print();
    let r = measure::find(samples, &no_crc_name(REFERENCE_SIZE)).time_ratio(smallest);
    println!(
        "Target: decode({})/decode({}) about 1 (at most {MAX_ZERO_COPY_RATIO}): {:.2} -> {}\n",
        table::size(REFERENCE_SIZE),
        table::size(PAYLOAD_SIZES[0]),
        r,
        table::verdict(r <= MAX_ZERO_COPY_RATIO)
    );
}

fn print_crc(samples: &[Samples]) {
    let mut t = Table::new(
        "Frame decode with CRC32C verification (frames that left memory)",
        &["payload", "us/decode", "GB/s", "spread"],
    );
    for &size in &PAYLOAD_SIZES {
        let s = measure::find(samples, &crc_name(size));
        t.row(vec![table::size(size), table::us(s.secs()), table::gb_s(s.gb_per_s()), table::percent(s.spread())]);
    }
    t.print();
}
