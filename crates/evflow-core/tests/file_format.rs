//! Tests of the `.evf` file format on real files: round trips, files cut at every byte,
//! damaged records, random access with and without an index, and hostile bytes.

#[path = "common/largest_allocation.rs"]
mod largest_allocation;
#[path = "../../../fuzz/fuzz_targets/read_file.rs"]
mod read_file;

use bytes::Bytes;
use evflow_core::aligned::ALIGN;
use evflow_core::file::layout::{FILE_MAGIC, HEAD_LEN};
use evflow_core::file::{
    verify, Compression, FileError, FileReader, FileWriter, IndexStatus, ReaderOptions, WriterOptions,
};
use evflow_core::wire::DecodeLimits;
use evflow_core::{Entry, Event, Flags};
use largest_allocation::largest_allocation_in;
use proptest::prelude::*;
use serde_json::json;
use std::path::{Path, PathBuf};

const CODECS: [Compression; 4] =
    [Compression::None, Compression::zstd(), Compression::Zstd { level: 1 }, Compression::Lz4];

/// An event with entries of several dtypes and shapes, zero-size ones included.
fn sample(n: u64) -> Event {
    let mut ev = Event::new((n / 10) as u32 + 1, n);
    ev.meta.seq = n;
    if n % 7 == 3 {
        ev.meta.flags = Flags::FAILED;
    }
    let floats: Vec<u8> = (0..6).flat_map(|i| (i as f32 * n as f32).to_le_bytes()).collect();
    ev.put("hits", Entry::new("<f4", vec![2, 3], Bytes::from(floats)).unwrap()).unwrap();
    let len = (n % 5) as usize * 40;
    ev.put("raw", Entry::bytes(Bytes::from(vec![(n % 251) as u8; len]))).unwrap();
    ev.put("empty", Entry::new("<f8", vec![0, 4], Bytes::new()).unwrap()).unwrap();
    let ids: Vec<u8> = (0..n % 4).flat_map(|i| (i as i64 - 2).to_le_bytes()).collect();
    ev.put("ids", Entry::new("<i8", vec![n % 4], Bytes::from(ids)).unwrap()).unwrap();
    let rec = r#"[["x","<f8"],["n","<u2",[3]]]"#;
    ev.put("track", Entry::new(rec, vec![1], Bytes::from(vec![n as u8; 14])).unwrap()).unwrap();
    ev.put("label", Entry::new("<U3", vec![], Bytes::from(vec![b'a', 0, 0, 0, b'b', 0, 0, 0, 0, 0, 0, 0])).unwrap())
        .unwrap();
    ev
}

fn write(path: &Path, events: &[Event], compression: Compression, close: bool) {
    let opts = WriterOptions { compression, ..Default::default() };
    let mut w = FileWriter::create(path, opts).unwrap();
    for ev in events {
        w.write(ev).unwrap();
    }
    if close {
        w.close().unwrap();
    }
}

fn part_of(path: &Path) -> PathBuf {
    path.with_file_name(format!(".{}.part", path.file_name().unwrap().to_str().unwrap()))
}

fn open(path: &Path, skip_corrupt: bool) -> Result<FileReader, FileError> {
    FileReader::open(path, ReaderOptions { skip_corrupt, ..Default::default() })
}

fn read_all(r: &mut FileReader) -> Vec<Event> {
    r.by_ref().collect::<Result<_, _>>().unwrap()
}

fn events(n: u64) -> Vec<Event> {
    (0..n).map(sample).collect()
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

#[test]
fn round_trip_with_every_compression() {
    let dir = tempfile::tempdir().unwrap();
    let evs = events(300);
    for c in CODECS {
        let path = dir.path().join(format!("{}.evf", c.to_string().replace(':', "_")));
        write(&path, &evs, c, true);
        let mut r = open(&path, false).unwrap();
        assert_eq!(r.compression(), c);
        assert_eq!(r.index_status(), &IndexStatus::Valid { events: 300 });
        let back = read_all(&mut r);
        assert_eq!(back, evs, "{c}");
        assert!(r.stopped().is_none(), "{c}: {:?}", r.stopped());
        for (_, entry) in back.iter().flat_map(|e| e.iter()).filter(|(_, e)| !e.is_empty()) {
            assert_eq!(entry.data().as_ptr() as usize % ALIGN, 0, "{c}: payloads keep their alignment");
        }
        assert_eq!(r.len(), 300);
        for i in [0, 1, 150, 299] {
            assert_eq!(r.read_at(i).unwrap(), evs[i], "{c}");
        }
        assert_eq!(r.find(evs[123].meta.run, 123), Some(123));
        assert_eq!(r.find(9999, 1), None);
    }
}

#[test]
fn compression_shrinks_or_stores_raw() {
    let dir = tempfile::tempdir().unwrap();
    let compressible = dir.path().join("zeros.evf");
    let mut ev = Event::new(1, 1);
    ev.put("zeros", Entry::bytes(Bytes::from(vec![0u8; 100_000]))).unwrap();
    write(&compressible, &[ev.clone()], Compression::zstd(), true);
    let report = verify(&compressible).unwrap();
    assert!(report.stored_bytes < report.raw_bytes / 50, "{report}");

    // Bytes that do not compress are stored as they are, and still read back.
    let random = dir.path().join("random.evf");
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let noise: Vec<u8> = (0..50_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let mut ev = Event::new(1, 2);
    ev.put("noise", Entry::bytes(Bytes::from(noise))).unwrap();
    for c in [Compression::zstd(), Compression::Lz4] {
        write(&random, &[ev.clone()], c, true);
        let report = verify(&random).unwrap();
        assert_eq!(report.stored_bytes, report.raw_bytes, "{c}: stored raw");
        assert_eq!(read_all(&mut open(&random, false).unwrap()), vec![ev.clone()]);
    }
}

#[test]
fn empty_events_and_empty_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.evf");
    let evs = vec![Event::new(0, 0), Event::new(u32::MAX, u64::MAX)];
    write(&path, &evs, Compression::Lz4, true);
    assert_eq!(read_all(&mut open(&path, false).unwrap()), evs);
    write(&path, &[], Compression::None, true);
    let mut r = open(&path, false).unwrap();
    assert!(r.is_empty());
    assert_eq!(r.next_event().unwrap(), None);
    assert!(r.stopped().is_none());
}

#[test]
fn metadata_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.evf");
    let user = json!({"steering": {"paths": ["main"], "modules": 3}, "creator": "not me", "note": "ünïcode"});
    let opts = WriterOptions { compression: Compression::Lz4, metadata: user.as_object().unwrap().clone() };
    FileWriter::create(&path, opts).unwrap().close().unwrap();
    let r = open(&path, false).unwrap();
    let m = r.metadata();
    assert_eq!(m["steering"], user["steering"]);
    assert_eq!(m["note"], "ünïcode");
    assert_eq!(m["creator"], format!("evflow {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(m["format_version"], 1);
    assert_eq!(m["compression"], "lz4");
    let created = m["created"].as_str().unwrap();
    assert!(created.len() == 20 && created.ends_with('Z') && created.as_bytes()[10] == b'T', "{created}");
}

#[test]
fn a_file_cut_at_every_byte_reads_its_complete_records() {
    let dir = tempfile::tempdir().unwrap();
    let evs = events(4);
    for c in [Compression::None, Compression::Lz4] {
        let full_path = dir.path().join("full.evf");
        write(&full_path, &evs, c, true);
        let full = std::fs::read(&full_path).unwrap();
        let offsets: Vec<u64> = open(&full_path, false).unwrap().index().iter().map(|e| e.offset).collect();
        // A record is complete once its header and stored bytes are in the file.
        let data_ends: Vec<u64> =
            offsets.iter().map(|&o| o + HEAD_LEN as u64 + u64_at(&full, o as usize + 8)).collect();
        let cut_path = dir.path().join("cut.evf");
        for cut in 0..=full.len() {
            std::fs::write(&cut_path, &full[..cut]).unwrap();
            let complete = data_ends.iter().filter(|&&end| end <= cut as u64).count();
            let mut r = open(&cut_path, false).unwrap_or_else(|e| panic!("{c} cut {cut}: {e}"));
            assert_eq!(r.len(), complete, "{c} cut {cut}: index");
            let back: Vec<Event> = r.by_ref().collect::<Result<_, _>>().unwrap_or_else(|e| panic!("cut {cut}: {e}"));
            assert_eq!(back, evs[..complete], "{c} cut {cut}");
            if cut == full.len() {
                assert!(r.stopped().is_none(), "{c}: {:?}", r.stopped());
            } else {
                let stopped = r.stopped().unwrap_or_else(|| panic!("{c} cut {cut}: stopped() must say why"));
                assert!(stopped.offset <= cut as u64, "{c} cut {cut}: {stopped}");
            }
            if complete > 0 {
                assert_eq!(r.read_at(complete - 1).unwrap(), evs[complete - 1]);
            }
        }
    }
}

#[test]
fn stopped_names_the_offset_and_the_file_end() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.evf");
    write(&path, &events(3), Compression::None, true);
    let offsets: Vec<u64> = open(&path, false).unwrap().index().iter().map(|e| e.offset).collect();
    let cut = offsets[2] + 20;
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(cut).unwrap();
    let mut r = open(&path, false).unwrap();
    assert_eq!(read_all(&mut r).len(), 2);
    let stopped = r.stopped().unwrap();
    assert_eq!(stopped.offset, offsets[2]);
    assert_eq!(
        stopped.to_string(),
        format!("reading stopped at byte {}: record header is cut short: file ends at byte {cut}", offsets[2])
    );
}

/// Writes five events, lets `damage` change the bytes, and returns the path and offsets.
fn damaged(dir: &Path, c: Compression, damage: impl FnOnce(&mut Vec<u8>, &[u64])) -> (PathBuf, Vec<u64>) {
    let path = dir.join("d.evf");
    write(&path, &events(5), c, true);
    let offsets: Vec<u64> = open(&path, false).unwrap().index().iter().map(|e| e.offset).collect();
    let mut bytes = std::fs::read(&path).unwrap();
    damage(&mut bytes, &offsets);
    std::fs::write(&path, &bytes).unwrap();
    (path, offsets)
}

fn assert_skips_record_2(path: &Path, offsets: &[u64], what: &str) {
    let mut r = open(path, false).unwrap();
    assert_eq!(r.next_event().unwrap().unwrap().meta.event, 0);
    assert_eq!(r.next_event().unwrap().unwrap().meta.event, 1);
    let err = r.next_event().unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, FileError::Corrupt { offset, .. } if offset == offsets[2]), "{what}: {msg}");
    assert!(msg.contains(&path.display().to_string()) && msg.contains(&format!("byte {}", offsets[2])), "{msg}");
    assert!(msg.contains(what) && msg.contains("skip_corrupt"), "{msg}");
    assert_eq!(r.next_event().unwrap(), None, "reading ends after an error");

    let mut r = open(path, true).unwrap();
    let got: Vec<u64> = read_all(&mut r).iter().map(|e| e.meta.event).collect();
    assert_eq!(got, vec![0, 1, 3, 4], "{what}");
    assert_eq!(r.skipped(), 1);
    assert_eq!(r.skipped_records()[0].offset, offsets[2]);
    assert!(r.skipped_records()[0].reason.contains(what), "{:?}", r.skipped_records());
    assert!(r.stopped().is_none(), "{:?}", r.stopped());
}

#[test]
fn a_flipped_payload_byte_is_an_error_naming_the_record_or_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    for c in [Compression::None, Compression::zstd(), Compression::Lz4] {
        let (path, offsets) = damaged(dir.path(), c, |b, off| b[off[2] as usize + HEAD_LEN + 40] ^= 0x10);
        assert_skips_record_2(&path, &offsets, "data crc32c mismatch");
        let mut r = open(&path, false).unwrap();
        assert!(matches!(r.read_at(2), Err(FileError::Corrupt { offset, .. }) if offset == offsets[2]));
        assert_eq!(r.read_at(3).unwrap().meta.event, 3);
        let report = verify(&path).unwrap();
        assert!(!report.is_ok() && report.events == 4 && report.corrupt.len() == 1, "{report}");
    }
}

#[test]
fn a_corrupt_record_header_resyncs() {
    let dir = tempfile::tempdir().unwrap();
    for c in [Compression::None, Compression::zstd()] {
        let (path, offsets) = damaged(dir.path(), c, |b, off| b[off[2] as usize + 9] ^= 1);
        assert_skips_record_2(&path, &offsets, "header crc32c mismatch");
        let (path, offsets) = damaged(dir.path(), c, |b, off| b[off[2] as usize..][..4].copy_from_slice(b"XXXX"));
        assert_skips_record_2(&path, &offsets, "bad record magic");
    }
}

#[test]
fn a_frame_that_does_not_decode_is_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    // Change a frame's entry count and fix up the record's data crc: only decoding sees it.
    let (path, offsets) = damaged(dir.path(), Compression::None, |b, off| {
        let at = off[2] as usize;
        let stored = u64_at(b, at + 8) as usize;
        b[at + HEAD_LEN + 40] ^= 1;
        let crc = crc32c::crc32c(&b[at + HEAD_LEN..at + HEAD_LEN + stored]);
        b[at + 24..at + 28].copy_from_slice(&crc.to_le_bytes());
        let head_crc = crc32c::crc32c(&b[at..at + 28]);
        b[at + 28..at + 32].copy_from_slice(&head_crc.to_le_bytes());
    });
    assert_skips_record_2(&path, &offsets, "frame does not decode");
}

#[test]
fn random_access_via_index_and_via_scan() {
    let dir = tempfile::tempdir().unwrap();
    let evs = events(50);
    for c in [Compression::None, Compression::zstd()] {
        let path = dir.path().join("r.evf");
        write(&path, &evs, c, false); // dropped without close: no index, no trailer
        assert!(!path.exists());
        let part = part_of(&path);
        let mut r = open(&part, false).unwrap();
        assert_eq!(r.index_status(), &IndexStatus::Missing);
        assert_eq!(r.len(), 50);
        assert_eq!(r.read_at(37).unwrap(), evs[37]);
        assert_eq!(r.find(evs[12].meta.run, 12), Some(12));
        assert!(matches!(r.read_at(50), Err(FileError::OutOfRange { index: 50, len: 50, .. })));
        assert_eq!(read_all(&mut r), evs);
        assert!(r.stopped().unwrap().reason.contains("did not close"), "{:?}", r.stopped());
        let report = verify(&part).unwrap();
        assert_eq!((report.events, report.index.clone()), (50, IndexStatus::Missing));
    }
}

#[test]
fn a_damaged_index_falls_back_to_scanning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("i.evf");
    write(&path, &events(10), Compression::None, true);
    let mut bytes = std::fs::read(&path).unwrap();
    let index_offset = u64_at(&bytes, bytes.len() - HEAD_LEN + 8) as usize;
    bytes[index_offset + HEAD_LEN + 3] ^= 0xff;
    std::fs::write(&path, &bytes).unwrap();
    let mut r = open(&path, false).unwrap();
    assert!(matches!(r.index_status(), IndexStatus::Invalid(why) if why.contains("crc32c")), "{:?}", r.index_status());
    assert_eq!(r.len(), 10);
    assert_eq!(r.read_at(9).unwrap().meta.event, 9);
    assert_eq!(read_all(&mut r).len(), 10);
    assert!(r.stopped().is_some());
}

#[test]
fn a_damaged_index_header_ends_sequential_reading_without_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("h.evf");
    write(&path, &events(10), Compression::None, true);
    let mut bytes = std::fs::read(&path).unwrap();
    let index_offset = u64_at(&bytes, bytes.len() - HEAD_LEN + 8) as usize;
    bytes[index_offset + 9] ^= 0xff; // the index record's stored_len: its header crc fails
    std::fs::write(&path, &bytes).unwrap();
    let mut r = open(&path, false).unwrap();
    assert_eq!(read_all(&mut r).len(), 10, "every event is read, and no error is raised");
    let stopped = r.stopped().expect("the damage is reported");
    assert_eq!(stopped.offset, index_offset as u64);
    assert!(stopped.reason.contains("index record is damaged"), "{stopped:?}");
}

#[test]
fn a_crafted_index_size_is_a_damaged_index_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crafted.evf");
    write(&path, &events(3), Compression::None, true);
    let mut b = std::fs::read(&path).unwrap();
    let trailer = b.len() - HEAD_LEN;
    let index = u64_at(&b, trailer + 8) as usize;
    let count: u64 = 1 << 40;
    b[trailer + 16..trailer + 24].copy_from_slice(&count.to_le_bytes());
    b[index + 16..index + 24].copy_from_slice(&(count * 24).to_le_bytes()); // raw_len
    for at in [trailer, index] {
        let crc = crc32c::crc32c(&b[at..at + 28]);
        b[at + 28..at + 32].copy_from_slice(&crc.to_le_bytes());
    }
    std::fs::write(&path, &b).unwrap();
    let mut r = open(&path, false).unwrap();
    assert!(matches!(r.index_status(), IndexStatus::Invalid(_)), "{:?}", r.index_status());
    assert_eq!(r.len(), 3, "the index is rebuilt by scanning");
    assert_eq!(read_all(&mut r).len(), 3);
    assert_eq!(verify(&path).unwrap().events, 3);
}

#[test]
fn a_small_record_cannot_make_the_reader_allocate_gigabytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bomb.evf");
    write(&path, &events(3), Compression::zstd(), true);
    let mut b = std::fs::read(&path).unwrap();
    let first = 64 * b.chunks(64).position(|c| c.starts_with(b"EVRC")).unwrap();
    assert_eq!(b[first + 5], 1, "the first record is zstd-compressed");
    b[first + 16..first + 24].copy_from_slice(&(1u64 << 30).to_le_bytes()); // raw_len: 1 GiB
    let crc = crc32c::crc32c(&b[first..first + 28]);
    b[first + 28..first + 32].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &b).unwrap();
    let (result, largest) = largest_allocation_in(|| read_all_or_error(&path));
    let err = result.unwrap_err().to_string();
    assert!(err.contains("more than it can decompress to"), "{err}");
    assert!(largest < 1 << 20, "allocated {largest} bytes at once");
}

fn read_all_or_error(path: &Path) -> Result<Vec<Event>, FileError> {
    open(path, false)?.by_ref().collect()
}

#[test]
fn a_cut_inside_the_trailer_stops_at_or_before_the_cut() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.evf");
    write(&path, &events(3), Compression::None, true);
    let bytes = std::fs::read(&path).unwrap();
    let index_offset = u64_at(&bytes, bytes.len() - HEAD_LEN + 8) as usize;
    for cut in index_offset + HEAD_LEN..bytes.len() {
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let mut r = open(&path, false).unwrap();
        assert_eq!(read_all(&mut r).len(), 3, "cut at {cut}");
        let stopped = r.stopped().unwrap_or_else(|| panic!("cut at {cut} is reported"));
        assert!(stopped.offset <= cut as u64, "cut at {cut}: {stopped:?}");
    }
}

#[test]
fn buffered_records_reach_the_file_once_they_are_old() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slow.evf");
    let mut w = FileWriter::create(&path, WriterOptions::default()).unwrap();
    let evs = events(2);
    w.write(&evs[0]).unwrap();
    assert_eq!(read_all(&mut open(&part_of(&path), false).unwrap()).len(), 0, "a small record waits in the buffer");
    std::thread::sleep(evflow_core::file::MAX_BUFFER_AGE);
    w.write(&evs[1]).unwrap();
    let on_disk = read_all(&mut open(&part_of(&path), false).unwrap());
    assert_eq!(on_disk, evs, "a killed writer would lose at most MAX_BUFFER_AGE of records");
    w.close().unwrap();
}

#[test]
fn the_final_name_appears_only_on_close() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.evf");
    let part = part_of(&path);
    let mut w = FileWriter::create(&path, WriterOptions::default()).unwrap();
    assert_eq!(w.part_path(), part);
    for ev in events(3) {
        w.write(&ev).unwrap();
    }
    w.flush().unwrap();
    assert!(!path.exists() && part.exists());
    assert_eq!(read_all(&mut open(&part, false).unwrap()).len(), 3, "a live .part file is readable");
    assert_eq!(w.events_written(), 3);
    w.close().unwrap();
    assert!(path.exists() && !part.exists());
    assert!(verify(&path).unwrap().is_ok());
}

#[test]
fn not_an_evf_file_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "hello, this is text and no event file").unwrap();
    let err = open(&path, false).err().unwrap();
    let msg = err.to_string();
    assert!(matches!(err, FileError::NotEvf { .. }), "{msg}");
    assert!(msg.contains("notes.txt is not an evflow event file") && msg.contains("check the path"), "{msg}");
    assert!(matches!(open(&dir.path().join("missing.evf"), false), Err(FileError::Io { .. })));

    let evf = dir.path().join("v.evf");
    write(&evf, &events(1), Compression::None, true);
    let mut bytes = std::fs::read(&evf).unwrap();
    assert_eq!(bytes[..8], FILE_MAGIC);
    bytes[8] = 9;
    std::fs::write(&evf, &bytes).unwrap();
    let msg = open(&evf, false).err().unwrap().to_string();
    assert!(msg.contains("version 9") && msg.contains("upgrade evflow"), "{msg}");
}

#[test]
fn a_damaged_header_is_an_error_or_skipped() {
    let dir = tempfile::tempdir().unwrap();
    for at in [12, 40] {
        let path = dir.path().join("h.evf");
        write(&path, &events(3), Compression::None, true);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[at] ^= 1; // json_len (header crc) or the JSON itself (metadata crc)
        std::fs::write(&path, &bytes).unwrap();
        let err = open(&path, false).err().unwrap();
        assert!(matches!(err, FileError::BadHeader { .. }), "{err}");
        let mut r = open(&path, true).unwrap();
        assert_eq!(read_all(&mut r).len(), 3);
        assert_eq!((r.skipped(), r.metadata()), (1, &json!({})));
    }
}

#[test]
fn limits_are_enforced_per_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("l.evf");
    write(&path, &events(3), Compression::zstd(), true);
    let limits = DecodeLimits { max_frame_len: 64, ..DecodeLimits::DEFAULT };
    let mut r = FileReader::open(&path, ReaderOptions { skip_corrupt: false, limits }).unwrap();
    let msg = r.next_event().unwrap_err().to_string();
    assert!(msg.contains("above the limit of 64 bytes") && msg.contains("max_frame_len"), "{msg}");
    let mut r = FileReader::open(&path, ReaderOptions { skip_corrupt: true, limits }).unwrap();
    assert_eq!((read_all(&mut r).len(), r.skipped()), (0, 3));
}

#[test]
fn verify_reports_contents() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v.evf");
    write(&path, &events(25), Compression::Lz4, true);
    let report = verify(&path).unwrap();
    assert!(report.is_ok(), "{report}");
    assert_eq!(report.events, 25);
    assert_eq!(report.runs.iter().map(|(r, n)| (*r, *n)).collect::<Vec<_>>(), vec![(1, 10), (2, 10), (3, 5)]);
    assert_eq!(report.entries["hits"].dtype, "<f4");
    assert_eq!(report.entries["hits"].bytes, 25 * 24);
    assert_eq!(report.entries["empty"].bytes, 0);
    assert_eq!(report.index, IndexStatus::Valid { events: 25 });
    assert!(report.to_string().contains("status: ok"), "{report}");
}

#[test]
fn readers_can_move_between_threads() {
    fn is_send<T: Send>() {}
    is_send::<FileReader>();
    is_send::<FileWriter>();
}

/// Reads everything a reader offers, ignoring errors: the point is that it does not panic.
fn read_everything(path: &Path, skip_corrupt: bool, limits: DecodeLimits) {
    let Ok(mut r) = FileReader::open(path, ReaderOptions { skip_corrupt, limits }) else { return };
    for i in 0..r.len() {
        let _ = r.read_at(i);
    }
    let _ = r.find(1, 2);
    for _ in 0..1000 {
        match r.next_event() {
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => break,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_never_panic(
        codec in 0usize..3,
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.evf");
        write(&path, &events(6), [Compression::None, Compression::zstd(), Compression::Lz4][codec], true);
        let mut bytes = std::fs::read(&path).unwrap();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        std::fs::write(&path, &bytes).unwrap();
        let ((), largest) = largest_allocation_in(|| {
            read_everything(&path, false, DecodeLimits::DEFAULT);
            read_everything(&path, true, DecodeLimits::DEFAULT);
            let _ = verify(&path);
        });
        prop_assert!(largest <= 4 << 20, "largest allocation {largest} bytes for a {}-byte file", bytes.len());
    }
}

/// Overwrites byte `at` of the 32-byte structure at `start` and reseals its CRC, so that the
/// reader must cope with lengths and offsets that pass the checksum.
fn reseal(bytes: &mut [u8], start: usize, at: usize, value: u8) {
    bytes[start + at] = value;
    let crc = crc32c::crc32c(&bytes[start..start + 28]);
    bytes[start + 28..start + 32].copy_from_slice(&crc.to_le_bytes());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn checksum_valid_nonsense_in_headers_never_panics(
        codec in 0usize..3,
        target in any::<prop::sample::Index>(),
        edits in prop::collection::vec((4usize..28, any::<u8>()), 1..4),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.evf");
        write(&path, &events(6), [Compression::None, Compression::zstd(), Compression::Lz4][codec], true);
        let mut bytes = std::fs::read(&path).unwrap();
        let r = open(&path, false).unwrap();
        // The file header, every record header (events, closing and index) and the trailer.
        let index_offset = u64_at(&bytes, bytes.len() - HEAD_LEN + 8) as usize;
        let closing_len = u32::from_le_bytes(bytes[bytes.len() - 8..bytes.len() - 4].try_into().unwrap());
        let mut starts: Vec<usize> = r.index().iter().map(|e| e.offset as usize).collect();
        starts.extend([0, index_offset - closing_len as usize, index_offset, bytes.len() - HEAD_LEN]);
        let start = starts[target.index(starts.len())];
        for (at, value) in edits {
            let at = if start == 0 { at.max(10) } else { at }; // keep magic and version
            reseal(&mut bytes, start, at, value);
        }
        std::fs::write(&path, &bytes).unwrap();
        let limits = DecodeLimits { max_frame_len: 1 << 20, ..DecodeLimits::DEFAULT };
        let ((), largest) = largest_allocation_in(|| {
            read_everything(&path, false, limits);
            read_everything(&path, true, limits);
        });
        prop_assert!(largest <= 4 << 20, "largest allocation {largest} bytes for a {}-byte file", bytes.len());
    }
}

fn file_seeds_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/file_seeds")
}

/// Small closed files, one per compression: the fuzz target's starting points.
fn seed_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    [("none", Compression::None), ("zstd", Compression::zstd()), ("lz4", Compression::Lz4)]
        .into_iter()
        .map(|(name, c)| {
            let path = dir.join(format!("{name}.evf"));
            write(&path, &events(3), c, true);
            (format!("{name}.evf"), std::fs::read(&path).unwrap())
        })
        .collect()
}

/// The file fuzz target's check, in `cargo test`: over the seeds in fuzz/file_seeds, their
/// truncations, and every byte of them flipped (the target reseals CRCs, so the flips reach
/// lengths, offsets and frames). To rewrite the seeds after a format change:
/// `EVFLOW_WRITE_SEEDS=1 cargo test -p evflow-core --test file_format fuzz`.
#[test]
fn file_fuzz_check_passes_on_seeds_cuts_and_flips() {
    let dir = tempfile::tempdir().unwrap();
    let seeds = seed_files(dir.path());
    if std::env::var_os("EVFLOW_WRITE_SEEDS").is_some() {
        std::fs::create_dir_all(file_seeds_dir()).unwrap();
        for (name, bytes) in &seeds {
            std::fs::write(file_seeds_dir().join(name), bytes).unwrap();
        }
    }
    for (name, bytes) in &seeds {
        let committed = std::fs::read(file_seeds_dir().join(name)).expect("fuzz/file_seeds holds the seed files");
        assert_eq!(committed.len(), bytes.len(), "{name}: rewrite the seeds (see this test's doc)");
        for cut in (0..bytes.len()).step_by(13) {
            read_file::check_file(&bytes[..cut]);
        }
        for at in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x5a;
            read_file::check_file(&flipped);
        }
    }
}

#[test]
fn a_compressing_writer_keeps_the_order_and_flush_reaches_the_file() {
    // Records are compressed in a pool of threads; events whose frames compress at very
    // different speeds (large and repetitive, small and varied) still come out in order.
    let dir = tempfile::tempdir().unwrap();
    let evs: Vec<Event> = (0..400u64)
        .map(|n| {
            let mut ev = sample(n);
            let len = if n % 3 == 0 { 200_000 } else { 50 };
            ev.put("big", Entry::bytes(Bytes::from(vec![(n % 7) as u8; len]))).unwrap();
            ev
        })
        .collect();
    for c in [Compression::zstd(), Compression::Lz4] {
        let path = dir.path().join(format!("{}.evf", c.name()));
        let mut w = FileWriter::create(&path, WriterOptions { compression: c, ..Default::default() }).unwrap();
        for ev in &evs {
            w.write(ev).unwrap();
        }
        w.flush().unwrap();
        assert_eq!(w.events_written(), 400, "{c}: flush writes what the pool holds");
        // What flush promised is in the .part file, in order, before any close.
        let mut part = open(&part_of(&path), false).unwrap();
        assert_eq!(read_all(&mut part), evs, "{c}");
        w.close().unwrap();
        let mut r = open(&path, false).unwrap();
        assert_eq!(r.index_status(), &IndexStatus::Valid { events: 400 });
        assert_eq!(read_all(&mut r), evs, "{c}");
        assert!(std::fs::metadata(&path).unwrap().len() < 400 * 70_000, "{c}: compressed");
    }
}
