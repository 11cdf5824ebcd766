//! Fuzz target: untrusted bytes as an `.evf` file, read every way a user can.
//!
//! Random bytes rarely get past the CRC32C of a header or record, so the target first
//! reseals every header and record it finds (at the offsets of docs/formats.md): mutations
//! then reach lengths, offsets, codecs, the index and the frames inside. The check is a plain
//! function so that `crates/evflow-core/tests/file_format.rs` runs it in `cargo test`.
#![cfg_attr(not(test), no_main)]

use evflow_core::file::layout::{FILE_MAGIC, HEAD_LEN, RECORD_MAGIC, TRAILER_MAGIC};
use evflow_core::file::{verify, FileReader, IndexStatus, ReaderOptions};
use std::path::PathBuf;

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check_file(data));

/// Records and events read at most, so a crafted index cannot make one input run for long.
const MAX_READS: usize = 10_000;
/// Offsets in a record header (docs/formats.md): stored length, data CRC.
const REC_STORED_LEN: usize = 8;
const REC_DATA_CRC: usize = 24;
/// Offset of the CRC of bytes 0..28 in the file header, record headers and trailer.
const HEAD_CRC: usize = 28;
/// Records start at multiples of this.
const RECORD_ALIGN: usize = 64;

/// Writes `data` (resealed) to a file and reads it sequentially (strict and skipping
/// corrupt records), by random access and with `verify`: nothing may panic, and a reader
/// that stops early must say where, inside the file.
pub fn check_file(data: &[u8]) {
    let mut bytes = data.to_vec();
    reseal(&mut bytes);
    let path = scratch_path();
    std::fs::write(&path, &bytes).expect("the scratch file can be written");
    for skip_corrupt in [false, true] {
        let Ok(mut reader) = FileReader::open(&path, ReaderOptions { skip_corrupt, ..Default::default() }) else {
            continue;
        };
        for _ in 0..MAX_READS {
            match reader.next_event() {
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break,
            }
        }
        if let Some(stopped) = reader.stopped() {
            assert!(stopped.offset <= bytes.len() as u64, "stopped past the end: {stopped:?}");
        }
        if reader.completion().complete {
            assert!(matches!(reader.index_status(), IndexStatus::Valid { .. }), "complete without an intact index");
        }
        let len = reader.len().min(MAX_READS);
        for i in 0..len {
            if let Ok(event) = reader.read_at(i) {
                assert!(reader.find(event.meta.run, event.meta.event).is_some(), "event {i} is not found by id");
            }
        }
    }
    let _ = verify(&path);
    let _ = std::fs::remove_file(&path);
}

/// In `/dev/shm` where there is one: a tmpfs, so each input's file costs no journal writes.
/// Not named `evflow-*`: a fuzzer stopped by a signal leaves it, and the tests take what is
/// named so in `/dev/shm` for a job's leftovers.
fn scratch_path() -> PathBuf {
    let shm = std::path::Path::new("/dev/shm");
    let dir = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
    dir.join(format!("fuzz-read_file-{}.evf", std::process::id()))
}

fn put_crc(bytes: &mut [u8], at: usize, crc: u32) {
    bytes[at..at + 4].copy_from_slice(&crc.to_le_bytes());
}

/// Recomputes the CRCs of the file header, of every record (data, then header) and of the
/// trailer, wherever their magic numbers stand.
fn reseal(bytes: &mut [u8]) {
    let seal = |bytes: &mut [u8], at: usize| {
        let crc = crc32c::crc32c(&bytes[at..at + HEAD_CRC]);
        put_crc(bytes, at + HEAD_CRC, crc);
    };
    if bytes.len() >= HEAD_LEN && bytes.starts_with(&FILE_MAGIC) {
        seal(bytes, 0);
    }
    for at in (0..bytes.len().saturating_sub(HEAD_LEN - 1)).step_by(RECORD_ALIGN) {
        if bytes[at..].starts_with(&RECORD_MAGIC) {
            let stored = u64::from_le_bytes(bytes[at + REC_STORED_LEN..at + REC_STORED_LEN + 8].try_into().unwrap());
            let data = at + HEAD_LEN;
            if let Some(end) = usize::try_from(stored).ok().and_then(|s| data.checked_add(s)) {
                if end <= bytes.len() {
                    let crc = crc32c::crc32c(&bytes[data..end]);
                    put_crc(bytes, at + REC_DATA_CRC, crc);
                }
            }
            seal(bytes, at);
        }
    }
    if let Some(at) = bytes.len().checked_sub(HEAD_LEN) {
        if bytes[at..].starts_with(&TRAILER_MAGIC) {
            seal(bytes, at);
        }
    }
}
