//! Continuing a killed writer's `.part` file (`FileWriter::resume`): cut at every byte, the
//! file continued holds every complete record once, then what is written after, and closes
//! into one valid file.

use bytes::Bytes;
use evflow_core::file::{
    accounted_record, recover, resumed_record, Completion, Compression, FileError, FileReader, FileWriter,
    ReaderOptions, Resumed, WriterOptions,
};
use evflow_core::{Entry, Event};
use std::path::Path;

fn event(seq: u64) -> Event {
    let mut ev = Event::new(1, 100 + seq);
    ev.meta.seq = seq;
    let len = (seq % 4) as usize * 30 + 8;
    ev.put("adc", Entry::bytes(Bytes::from(vec![(seq % 251) as u8; len]))).unwrap();
    ev
}

fn options(compression: Compression) -> WriterOptions {
    WriterOptions { compression, ..WriterOptions::default() }
}

/// Writes events `seqs` and leaves the `.part` file, as a writer whose process died does
/// once its records reached the OS.
fn killed_writer(path: &Path, seqs: std::ops::Range<u64>, compression: Compression) -> Vec<u8> {
    let mut writer = FileWriter::create(path, options(compression)).unwrap();
    for seq in seqs {
        writer.write(&event(seq)).unwrap();
    }
    writer.flush().unwrap();
    let part = writer.part_path().to_path_buf();
    drop(writer);
    std::fs::read(part).unwrap()
}

/// The (seq, number, bytes of adc) of every event of a closed file, and whether it says it
/// is complete.
fn read_closed(path: &Path) -> (Vec<(u64, u64, Vec<u8>)>, bool) {
    let mut reader = FileReader::open(path, ReaderOptions::default()).unwrap();
    let mut events = Vec::new();
    while let Some(e) = reader.next_event().unwrap() {
        events.push((e.meta.seq, e.meta.event, e.get("adc").unwrap().data().to_vec()));
    }
    assert!(reader.stopped().is_none(), "{:?}", reader.stopped());
    (events, reader.completion().complete)
}

fn expected(seqs: impl Iterator<Item = u64>) -> Vec<(u64, u64, Vec<u8>)> {
    seqs.map(|s| {
        let e = event(s);
        (s, e.meta.event, e.get("adc").unwrap().data().to_vec())
    })
    .collect()
}

#[test]
fn a_part_file_continued_holds_its_events_then_the_new_ones() {
    for compression in [Compression::None, Compression::zstd(), Compression::Lz4] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.evf");
        killed_writer(&path, 0..20, compression);
        let (mut writer, resumed) = FileWriter::resume(&path, options(compression)).unwrap();
        assert_eq!(resumed, Resumed { seqs: (0..20).collect(), cut: 0, found: true });
        assert_eq!(writer.events_written(), 20);
        for seq in 20..35 {
            writer.write(&event(seq)).unwrap();
        }
        writer.close().unwrap();
        assert_eq!(read_closed(&path), (expected(0..35), true), "{compression}");
    }
}

#[test]
fn a_part_file_cut_at_every_byte_is_continued_from_its_last_complete_record() {
    for compression in [Compression::None, Compression::zstd()] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.evf");
        let whole = killed_writer(&path, 0..6, compression);
        let part = dir.path().join(".out.evf.part");
        let mut kept_before = 0;
        for cut in 0..=whole.len() {
            std::fs::write(&part, &whole[..cut]).unwrap();
            let (mut writer, resumed) = FileWriter::resume(&path, options(compression)).unwrap();
            let kept = resumed.seqs.len() as u64;
            assert_eq!(resumed.seqs, (0..kept).collect::<Vec<_>>(), "cut at {cut}");
            assert!(kept >= kept_before, "a longer file keeps at least as many records");
            kept_before = kept;
            writer.write(&event(99)).unwrap();
            writer.close().unwrap();
            let (events, complete) = read_closed(&path);
            assert_eq!(events, expected((0..kept).chain([99])), "cut at {cut}, {compression}");
            assert!(complete);
        }
        assert_eq!(kept_before, 6, "the whole file keeps every record");
    }
}

#[test]
fn a_part_file_closed_but_not_renamed_loses_its_index_and_keeps_its_events() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.evf");
    let mut writer = FileWriter::create(&path, WriterOptions::default()).unwrap();
    for seq in 0..5 {
        writer.write(&event(seq)).unwrap();
    }
    writer.close().unwrap();
    // As if the process died between the trailer and the rename.
    std::fs::rename(&path, dir.path().join(".out.evf.part")).unwrap();
    let (mut writer, resumed) = FileWriter::resume(&path, WriterOptions::default()).unwrap();
    assert_eq!(resumed.seqs, (0..5).collect::<Vec<_>>());
    assert!(resumed.cut > 0, "the closing record, index and trailer are cut");
    writer.write(&event(5)).unwrap();
    writer.close().unwrap();
    assert_eq!(read_closed(&path), (expected(0..6), true));
}

#[test]
fn no_part_file_is_a_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.evf");
    let (mut writer, resumed) = FileWriter::resume(&path, WriterOptions::default()).unwrap();
    assert_eq!(resumed, Resumed::default());
    writer.write(&event(0)).unwrap();
    writer.close().unwrap();
    assert_eq!(read_closed(&path), (expected(0..1), true));
}

#[test]
fn a_record_damaged_before_the_end_is_an_error_and_nothing_is_cut() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.evf");
    let mut whole = killed_writer(&path, 0..6, Compression::None);
    let part = dir.path().join(".out.evf.part");
    // A byte inside the records, before the last one: its CRC no longer matches.
    let at = whole.len() / 3;
    whole[at] ^= 0xff;
    std::fs::write(&part, &whole).unwrap();
    let err = FileWriter::resume(&path, WriterOptions::default()).err().expect("refused");
    assert!(matches!(err, FileError::Corrupt { .. }), "{err}");
    assert_eq!(std::fs::read(&part).unwrap(), whole, "the file is left as it was");
}

#[test]
fn a_job_output_closed_as_not_complete_is_recovered_then_continued_with_its_progress() {
    for compression in [Compression::None, Compression::zstd()] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.evf");
        let mut writer = FileWriter::create(&path, options(compression)).unwrap();
        for seq in 0..4 {
            writer.write(&event(seq)).unwrap();
        }
        writer.write_progress(&accounted_record(5)).unwrap();
        writer.write(&event(7)).unwrap();
        writer.close_as(&Completion::incomplete("interrupted by SIGINT")).unwrap();
        let before = std::fs::read(&path).unwrap();

        // Recovering changes nothing.
        let recovery = recover(&path).unwrap().expect("the file is there");
        assert_eq!(std::fs::read(&path).unwrap(), before);
        assert!(!recovery.part);
        assert_eq!(recovery.seqs, vec![0, 1, 2, 3, 7]);
        assert_eq!(recovery.progress.accounted, Some(5));
        assert_eq!(recovery.completion.as_ref().map(|c| c.complete), Some(false));

        let mut writer = FileWriter::continue_recovered(recovery, options(compression)).unwrap();
        assert!(!path.exists(), "renamed back to its .part name while it is written");
        writer.write_progress(&resumed_record(5, 5, false)).unwrap();
        for seq in [5, 6, 8] {
            writer.write(&event(seq)).unwrap();
        }
        writer.close().unwrap();
        let (events, complete) = read_closed(&path);
        assert!(complete);
        let order: Vec<u64> = events.iter().map(|e| e.0).collect();
        assert_eq!(order, vec![0, 1, 2, 3, 7, 5, 6, 8], "{compression}");
        let reader = FileReader::open(&path, ReaderOptions::default()).unwrap();
        let resumes = reader.resumes();
        assert_eq!(resumes.len(), 1);
        assert_eq!(resumes[0]["kept"], 5);
    }
}

#[test]
fn nothing_to_recover_without_a_file_and_a_part_file_is_preferred_to_a_closed_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.evf");
    assert!(recover(&path).unwrap().is_none());
    let mut writer = FileWriter::create(&path, WriterOptions::default()).unwrap();
    writer.write(&event(0)).unwrap();
    writer.close().unwrap();
    killed_writer(&path, 0..3, Compression::None);
    let recovery = recover(&path).unwrap().unwrap();
    assert!(recovery.part && recovery.completion.is_none());
    assert_eq!(recovery.seqs, vec![0, 1, 2]);
}
