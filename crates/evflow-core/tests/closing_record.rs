//! The closing record (docs/formats.md, "Closing record"): a file says in its own bytes
//! whether the job that wrote it finished.

use bytes::Bytes;
use evflow_core::file::layout::HEAD_LEN;
use evflow_core::file::{verify, Completion, FileReader, FileWriter, ReaderOptions, WriterOptions};
use evflow_core::{Entry, Event};
use std::path::{Path, PathBuf};

fn event(n: u64) -> Event {
    let mut ev = Event::new(1, n);
    ev.put("adc", Entry::new("<u2", vec![2], Bytes::from(vec![n as u8, 0, 1, 0])).unwrap()).unwrap();
    ev
}

/// A file of `n` events, closed as `completion` says (or left open).
fn written(dir: &Path, n: u64, completion: Option<Completion>) -> PathBuf {
    let path = dir.join("out.evf");
    let mut w = FileWriter::create(&path, WriterOptions::default()).unwrap();
    for i in 0..n {
        w.write(&event(i)).unwrap();
    }
    match completion {
        Some(c) => w.close_as(&c).unwrap(),
        None => {
            w.flush().unwrap();
            std::mem::forget(w); // as a writer that died: the .part file stays
            return dir.join(".out.evf.part");
        }
    }
    path
}

fn open(path: &Path) -> FileReader {
    FileReader::open(path, ReaderOptions::default()).unwrap()
}

fn events_of(path: &Path) -> Vec<u64> {
    open(path).map(|e| e.unwrap().meta.event).collect()
}

#[test]
fn a_file_of_a_job_that_finished_says_it_is_complete() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), 5, Some(Completion::complete()));
    assert_eq!(open(&path).completion(), &Completion::complete());
    let report = verify(&path).unwrap();
    assert!(report.is_ok() && report.completion.complete, "{report}");
    // FileWriter::close says the same.
    let mut w = FileWriter::create(dir.path().join("b.evf"), WriterOptions::default()).unwrap();
    w.write(&event(0)).unwrap();
    w.close().unwrap();
    assert!(open(&dir.path().join("b.evf")).completion().complete);
}

#[test]
fn a_file_of_an_interrupted_job_is_intact_readable_and_says_why_it_is_partial() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), 5, Some(Completion::incomplete("interrupted by SIGINT")));
    let reader = open(&path);
    assert_eq!(reader.completion(), &Completion::incomplete("interrupted by SIGINT"));
    assert_eq!(reader.len(), 5);
    assert_eq!(events_of(&path), vec![0, 1, 2, 3, 4]);
    let report = verify(&path).unwrap();
    assert!(report.is_ok(), "intact, not damaged: {report}");
    assert!(!report.completion.complete);
    assert!(report.to_string().contains("not complete (interrupted by SIGINT)"), "{report}");
}

#[test]
fn a_file_its_writer_did_not_close_is_not_complete() {
    let dir = tempfile::tempdir().unwrap();
    let part = written(dir.path(), 3, None);
    let reader = open(&part);
    assert_eq!(reader.completion(), &Completion::incomplete("the writer did not close it"));
    assert_eq!(events_of(&part), vec![0, 1, 2]);
}

#[test]
fn a_file_written_before_closing_records_reads_as_complete() {
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/before-closing-records.evf");
    let reader = open(&old);
    assert!(reader.completion().complete);
    assert_eq!(reader.len(), 3);
    assert!(verify(&old).unwrap().is_ok());
}

/// The closing record's offset and content length, from the trailer.
fn closing_record(bytes: &[u8]) -> (usize, usize) {
    let trailer = bytes.len() - HEAD_LEN;
    let index = u64::from_le_bytes(bytes[trailer + 8..trailer + 16].try_into().unwrap()) as usize;
    let len = u32::from_le_bytes(bytes[trailer + 24..trailer + 28].try_into().unwrap()) as usize;
    let at = index - len;
    let stored = u64::from_le_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize;
    (at, stored)
}

#[test]
fn a_damaged_closing_record_is_reported_and_the_file_is_not_complete() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), 4, Some(Completion::complete()));
    let mut bytes = std::fs::read(&path).unwrap();
    let (at, stored) = closing_record(&bytes);
    assert!(std::str::from_utf8(&bytes[at + HEAD_LEN..at + HEAD_LEN + stored]).unwrap().contains("\"complete\":true"));
    bytes[at + HEAD_LEN + 3] ^= 0x20; // inside the JSON: its CRC no longer matches
    std::fs::write(&path, &bytes).unwrap();
    let reader = open(&path);
    let completion = reader.completion();
    assert!(!completion.complete);
    assert!(completion.reason.as_deref().unwrap().starts_with(&format!("its closing record at byte {at} is damaged")));
    assert_eq!(reader.len(), 4, "the events and the index are intact");
    let report = verify(&path).unwrap();
    assert_eq!(report.corrupt.len(), 1, "{report}");
    assert_eq!(report.corrupt[0].offset, at as u64);
    assert_eq!(report.events, 4);
}

#[test]
fn a_closing_record_that_is_not_json_is_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let path = written(dir.path(), 2, Some(Completion::incomplete("x")));
    let mut bytes = std::fs::read(&path).unwrap();
    let (at, stored) = closing_record(&bytes);
    let content = at + HEAD_LEN;
    bytes[content] = b'[';
    // Reseal: the data CRC at record byte 24, then the header CRC at 28.
    let crc = crc32c::crc32c(&bytes[content..content + stored]);
    bytes[at + 24..at + 28].copy_from_slice(&crc.to_le_bytes());
    let crc = crc32c::crc32c(&bytes[at..at + 28]);
    bytes[at + 28..at + 32].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    assert!(!open(&path).completion().complete);
    let report = verify(&path).unwrap();
    assert!(report.corrupt[0].reason.starts_with("closing record: not JSON"), "{report}");
}
