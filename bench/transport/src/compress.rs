//! One core's compression rate on a file's first event: the baseline of `evflow bench
//! parallel --sections compressed`, which compares a job whose workers compress its output's
//! records with so many cores doing nothing else.

use crate::BenchError;
use evflow_core::file::{Compression, FileReader, ReaderOptions, RecordMaker};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

/// What one core compressing the record of `file`'s first event reached.
pub struct CompressRate {
    /// Bytes of the event's frame (what the record decompresses to).
    pub raw_len: usize,
    /// Bytes the record stores.
    pub stored_len: usize,
    /// Frame bytes compressed per second, the median of batches of about a millisecond.
    pub gb_per_s: f64,
}

/// Compresses the first event of `file` as a writer of `compression` does, for `budget`.
pub fn compress_rate(file: &Path, compression: Compression, budget: Duration) -> Result<CompressRate, BenchError> {
    let fail = |e: &dyn std::fmt::Display| BenchError::Config(format!("{}: {e}", file.display()));
    let mut reader = FileReader::open(file, ReaderOptions::default()).map_err(|e| fail(&e))?;
    let event = reader.next_event().map_err(|e| fail(&e))?.ok_or_else(|| fail(&"it holds no event"))?;
    let mut maker = RecordMaker::new(compression).map_err(|e| fail(&e))?;
    let bound = maker.encode(&event).ok_or_else(|| fail(&"its first event is too large for a file"))?;
    let mut stored = vec![0u8; bound];
    let mut compress = |n: u32| {
        let start = Instant::now();
        let mut made = None;
        for _ in 0..n {
            made = Some(maker.compress_into(black_box(&mut stored)));
        }
        (start.elapsed(), made.expect("at least one"))
    };
    let mut per_batch = 1;
    while compress(per_batch).0 < Duration::from_millis(1) {
        per_batch *= 2;
    }
    let (start, mut rates) = (Instant::now(), Vec::new());
    let mut made = None;
    while rates.is_empty() || start.elapsed() < budget {
        let (took, last) = compress(per_batch);
        made = Some(last);
        rates.push(f64::from(per_batch) * last.raw as f64 / took.as_secs_f64() / 1e9);
    }
    rates.sort_by(f64::total_cmp);
    let made = made.expect("at least one batch");
    Ok(CompressRate { raw_len: made.raw, stored_len: made.stored, gb_per_s: rates[rates.len() / 2] })
}
