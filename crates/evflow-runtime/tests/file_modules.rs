//! `FileOutput` and `FileInput`: round trips through real jobs, failed and rejected events,
//! and damaged files.

use evflow_core::file::{Compression, FileReader, ReaderOptions};
use evflow_core::{Event, Flags};
use evflow_runtime::job::{OnError, Outcome, Path, ProcessOptions};
use evflow_runtime::log::{Capture, Level};
use evflow_runtime::module::{Decision, HookResult, JobContext, Module, ModuleError, Source};
use evflow_runtime::modules::{
    EntrySpec, EventGenerator, FileInput, FileInputConfig, FileOutput, FileOutputConfig, GeneratorConfig, RunSpec,
    SizeDist, ValueDist,
};
use evflow_runtime::sequential::process;
use std::path::{Path as FsPath, PathBuf};
use std::sync::{Arc, Mutex};

/// Keeps a copy of every event it sees.
struct Collect(Arc<Mutex<Vec<Event>>>);

impl Module for Collect {
    fn name(&self) -> &str {
        "Collect"
    }
    fn sees_failed(&self) -> bool {
        true
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        self.0.lock().unwrap().push(event.clone());
        Ok(Decision::Keep)
    }
}

/// Raises on the listed event numbers, rejects the event numbers divisible by `reject_every`.
struct Judge {
    raise: Vec<u64>,
    reject_every: Option<u64>,
}

impl Module for Judge {
    fn name(&self) -> &str {
        "Judge"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        if self.raise.contains(&event.meta.event) {
            return Err(ModuleError::msg(format!("bad event {}", event.meta.event)));
        }
        Ok(match self.reject_every {
            Some(n) if event.meta.event.is_multiple_of(n) => Decision::Reject,
            _ => Decision::Keep,
        })
    }
}

fn generator(runs: Vec<RunSpec>) -> Box<dyn Source> {
    let entries = vec![
        EntrySpec::new("hits", "<f4", SizeDist::Poisson { mean: 6.0 }, ValueDist::Normal { mean: 0.0, sigma: 1.0 }),
        EntrySpec::new("adc", "<u2", SizeDist::Uniform { lo: 0, hi: 40 }, ValueDist::Uniform { lo: 0.0, hi: 4096.0 }),
        EntrySpec::new("time", "<f8", SizeDist::Fixed(1), ValueDist::Exponential { scale: 2.0 }),
        EntrySpec::new("mask", "|b1", SizeDist::Fixed(16), ValueDist::Uniform { lo: 0.0, hi: 1.0 }),
        EntrySpec::new("seq", "<i8", SizeDist::Fixed(100), ValueDist::Sequence),
    ];
    Box::new(EventGenerator::new(GeneratorConfig::new(runs, entries)).unwrap())
}

fn output(path: &FsPath, compression: Compression) -> Box<dyn Module> {
    Box::new(FileOutput::new(FileOutputConfig::new(path, compression)).unwrap())
}

fn input(paths: &[&FsPath], skip_corrupt: bool) -> FileInput {
    FileInput::new(FileInputConfig::new(paths.iter().map(|p| p.to_path_buf()).collect(), skip_corrupt)).unwrap()
}

fn run(source: Box<dyn Source>, modules: Vec<Box<dyn Module>>, opts: &ProcessOptions) -> Outcome {
    let mut path = Path { source, modules };
    process(&mut path, opts, &mut || Ok(()))
}

/// Reads `paths` with a `FileInput` job; the events, the outcome and the warnings.
fn read_back(paths: &[&FsPath], skip_corrupt: bool) -> (Vec<Event>, Outcome, Vec<String>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let capture = Capture::start();
    let outcome =
        run(Box::new(input(paths, skip_corrupt)), vec![Box::new(Collect(seen.clone()))], &ProcessOptions::default());
    let warnings = capture.take().into_iter().filter(|(l, _)| *l == Level::Warning).map(|(_, m)| m).collect();
    let events = seen.lock().unwrap().clone();
    (events, outcome, warnings)
}

/// Writes `events` generated events (run 1) to `path` and returns them as written.
fn write_file(path: &FsPath, events: u64, compression: Compression) -> Vec<Event> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let outcome = run(
        generator(vec![RunSpec::new(1, Some(events))]),
        vec![Box::new(Collect(seen.clone())), output(path, compression)],
        &ProcessOptions { seed: 3, ..ProcessOptions::default() },
    );
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let written = seen.lock().unwrap().clone();
    written
}

fn ids(events: &[Event]) -> Vec<(u32, u64)> {
    events.iter().map(|e| (e.meta.run, e.meta.event)).collect()
}

#[test]
fn events_written_and_read_back_are_identical_with_every_compression() {
    let dir = tempfile::tempdir().unwrap();
    for compression in [Compression::None, Compression::zstd(), Compression::Zstd { level: 9 }, Compression::Lz4] {
        let path = dir.path().join(format!("out-{}.evf", compression.name()));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mut config = FileOutputConfig::new(&path, compression);
        config.metadata.insert("steering".into(), "test job".into());
        let outcome = run(
            generator(vec![RunSpec::new(1, Some(150)), RunSpec::new(2, Some(150))]),
            vec![Box::new(Collect(seen.clone())), Box::new(FileOutput::new(config).unwrap())],
            &ProcessOptions { seed: 11, ..ProcessOptions::default() },
        );
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let written = seen.lock().unwrap().clone();
        assert_eq!(written.len(), 300);

        let names: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert!(!names.iter().any(|n| n.ends_with(".part")), "the temporary file is renamed: {names:?}");
        let reader = FileReader::open(&path, ReaderOptions::default()).unwrap();
        assert_eq!(reader.metadata()["steering"], "test job");
        assert_eq!(reader.compression().name(), compression.name());
        assert_eq!(input(&[&path], false).expected_events(), Some(300));

        let (read, outcome, warnings) = read_back(&[&path], false);
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(read, written, "{}", compression.name());
    }
}

#[test]
fn several_files_are_read_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.evf"), dir.path().join("b.evf"));
    let first = write_file(&a, 5, Compression::Lz4);
    let second = write_file(&b, 7, Compression::None);
    let (read, outcome, _) = read_back(&[&b, &a], false);
    assert!(outcome.error.is_none());
    assert_eq!(ids(&read), ids(&second).into_iter().chain(ids(&first)).collect::<Vec<_>>());
    assert_eq!(input(&[&a, &b], false).expected_events(), Some(12));
}

#[test]
fn failed_events_are_written_with_their_flag() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("failed.evf");
    let outcome = run(
        generator(vec![RunSpec::new(1, Some(10))]),
        vec![Box::new(Judge { raise: vec![3, 7], reject_every: None }), output(&path, Compression::None)],
        &ProcessOptions { on_error: OnError::Skip, ..ProcessOptions::default() },
    );
    assert!(outcome.error.is_none());
    assert_eq!(outcome.report.failed, 2);
    let (read, _, _) = read_back(&[&path], false);
    assert_eq!(read.len(), 10);
    let failed: Vec<u64> = read.iter().filter(|e| e.meta.flags.contains(Flags::FAILED)).map(|e| e.meta.event).collect();
    assert_eq!(failed, [3, 7]);
}

#[test]
fn rejected_events_are_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.evf");
    let outcome = run(
        generator(vec![RunSpec::new(1, Some(10))]),
        vec![Box::new(Judge { raise: vec![], reject_every: Some(2) }), output(&path, Compression::Lz4)],
        &ProcessOptions::default(),
    );
    assert_eq!(outcome.report.rejected, 5);
    let (read, _, _) = read_back(&[&path], false);
    assert_eq!(ids(&read), [(1, 1), (1, 3), (1, 5), (1, 7), (1, 9)]);
}

#[test]
fn a_job_stopped_by_an_error_still_closes_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stopped.evf");
    let outcome = run(
        generator(vec![RunSpec::new(1, Some(10))]),
        vec![Box::new(Judge { raise: vec![4], reject_every: None }), output(&path, Compression::zstd())],
        &ProcessOptions::default(),
    );
    assert!(outcome.error.is_some());
    let reader = FileReader::open(&path, ReaderOptions::default()).unwrap();
    assert_eq!(reader.len(), 3);
    assert!(matches!(reader.index_status(), evflow_core::file::IndexStatus::Valid { events: 3 }));
}

#[test]
fn output_directories_are_created_and_terminate_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a/b/out.evf");
    let mut out = FileOutput::new(FileOutputConfig::new(&path, Compression::None)).unwrap();
    out.terminate().unwrap(); // never initialized: nothing to close
    out.initialize(&JobContext::default()).unwrap();
    out.event(&mut Event::new(1, 1)).unwrap();
    out.terminate().unwrap();
    out.terminate().unwrap();
    assert_eq!(out.written(), 1);
    assert_eq!(FileReader::open(&path, ReaderOptions::default()).unwrap().len(), 1);
    let err = out.event(&mut Event::new(1, 2)).unwrap_err();
    assert!(err.message.contains("is not open"), "{err}");
}

/// A sink restarted after its process closed the file (killed between the rename and its
/// exit) keeps that file as it is: it hands back its events' seqs and closes nothing over it.
#[test]
fn a_restarted_output_keeps_the_file_closed_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.evf");
    let mut first = FileOutput::new(FileOutputConfig::new(&path, Compression::None)).unwrap();
    first.initialize(&JobContext::default()).unwrap();
    for seq in 0..5 {
        let mut event = Event::new(1, seq + 1);
        event.meta.seq = seq;
        first.event(&mut event).unwrap();
    }
    first.terminate().unwrap();
    let mut again = FileOutput::new(FileOutputConfig::new(&path, Compression::None)).unwrap();
    again.initialize(&JobContext { resume: true, ..JobContext::default() }).unwrap();
    assert_eq!(again.resumed(), (0..5).collect::<Vec<u64>>());
    assert_eq!(again.written(), 5);
    again.terminate().unwrap();
    let reader = FileReader::open(&path, ReaderOptions::default()).unwrap();
    assert_eq!(reader.len(), 5);
    assert!(reader.completion().complete);
}

#[test]
fn an_output_that_cannot_be_created_names_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("plain-file");
    std::fs::write(&blocker, b"not a directory").unwrap();
    let path = blocker.join("sub/out.evf");
    let mut out = FileOutput::new(FileOutputConfig::new(&path, Compression::None)).unwrap();
    let err = out.initialize(&JobContext::default()).unwrap_err();
    assert!(err.message.contains("cannot create directory") && err.message.contains("plain-file"), "{err}");
    out.terminate().unwrap();
}

#[test]
fn a_missing_input_file_is_an_error_before_any_event() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.evf");
    write_file(&good, 2, Compression::None);
    let missing = dir.path().join("missing.evf");
    for paths in [vec![missing.as_path()], vec![good.as_path(), missing.as_path()]] {
        let (read, outcome, _) = read_back(&paths, false);
        let error = outcome.error.expect("initialize fails");
        assert_eq!(error.hook, evflow_runtime::job::Hook::Initialize);
        assert!(error.to_string().contains("missing.evf"), "{error}");
        assert!(read.is_empty());
    }
}

/// Offsets of the event records of a complete file, from its index.
fn record_offsets(path: &FsPath) -> Vec<u64> {
    FileReader::open(path, ReaderOptions::default()).unwrap().index().iter().map(|e| e.offset).collect()
}

#[test]
fn a_truncated_file_is_read_to_its_last_complete_record_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.evf");
    let next = dir.path().join("next.evf");
    let written = write_file(&cut, 20, Compression::zstd());
    let after = write_file(&next, 3, Compression::None);
    let offsets = record_offsets(&cut);
    let cut_at = offsets[12] + 10;
    let file = std::fs::OpenOptions::new().write(true).open(&cut).unwrap();
    file.set_len(cut_at).unwrap();
    drop(file);

    assert_eq!(input(&[&cut, &next], false).expected_events(), None, "a cut file has no index");
    let (read, outcome, warnings) = read_back(&[&cut, &next], false);
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(read[..12], written[..12]);
    assert_eq!(ids(&read[12..]), ids(&after), "reading goes on with the next file");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let warning = &warnings[0];
    let at = format!("byte {}", offsets[12]);
    assert!(warning.contains("cut.evf") && warning.contains(&at) && warning.contains("12 events"), "{warning}");
}

/// Flips one byte inside the stored data of the `n`-th record; returns the record's offset.
fn corrupt_record(path: &PathBuf, n: usize) -> u64 {
    let offset = record_offsets(path)[n];
    let mut bytes = std::fs::read(path).unwrap();
    bytes[offset as usize + evflow_core::file::layout::HEAD_LEN + 40] ^= 0xff;
    std::fs::write(path, bytes).unwrap();
    offset
}

#[test]
fn a_corrupt_record_stops_the_job_unless_skip_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.evf");
    let written = write_file(&path, 10, Compression::None);
    let offset = corrupt_record(&path, 4);

    let (read, outcome, _) = read_back(&[&path], false);
    assert_eq!(read[..], written[..4]);
    let message = outcome.error.expect("the job stops").to_string();
    let at = format!("byte {offset}");
    assert!(message.contains("damaged.evf") && message.contains(&at) && message.contains("skip_corrupt"), "{message}");

    let mut source = input(&[&path], true);
    let capture = Capture::start();
    source.initialize(&JobContext::default()).unwrap();
    let mut read = Vec::new();
    while let Some(event) = source.next_event().unwrap() {
        read.push(event);
    }
    source.terminate().unwrap();
    let warnings = capture.take();
    assert_eq!(source.skipped(), 1);
    assert_eq!(ids(&read), ids(&written).into_iter().filter(|&(_, e)| e != 5).collect::<Vec<_>>());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].1.contains("damaged.evf") && warnings[0].1.contains(&at), "{warnings:?}");
}

#[test]
fn wrong_options_are_named() {
    let err = FileOutputConfig::compression_named("gzip", None).unwrap_err().to_string();
    assert!(err.contains("option compression = \"gzip\"") && err.contains("\"lz4\""), "{err}");
    let err = FileOutputConfig::compression_named("lz4", Some(3)).unwrap_err().to_string();
    assert!(err.contains("level"), "{err}");
    assert_eq!(FileOutputConfig::compression_named("zstd", Some(7)), Ok(Compression::Zstd { level: 7 }));

    let err = FileOutput::new(FileOutputConfig::new("x.evf", Compression::Zstd { level: 99 })).unwrap_err();
    assert!(err.to_string().contains("level = 99"), "{err}");
    let mut config = FileOutputConfig::new("x.evf", Compression::None);
    config.metadata.insert("creator".into(), "me".into());
    let err = FileOutput::new(config).unwrap_err().to_string();
    assert!(err.contains("metadata[\"creator\"]"), "{err}");
    let err = FileOutput::new(FileOutputConfig::new("", Compression::None)).unwrap_err().to_string();
    assert!(err.contains("option path"), "{err}");
    let err = FileInput::new(FileInputConfig::new(vec![], false)).unwrap_err().to_string();
    assert!(err.contains("FileInput: option paths") && err.contains("at least one file"), "{err}");
}
