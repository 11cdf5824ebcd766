//! What the user of the trigger sees when its input or its calibration is wrong: the job
//! stops with an error that names the module, the hook and the event, or, with
//! `OnError::Skip`, the event is flagged failed and still written.

use evflow_core::file::{Compression, FileReader, ReaderOptions};
use evflow_core::{Event, Flags};
use evflow_example_rust_module::{trigger_path, CaloTrigger, GAINS, THRESHOLD_GEV};
use evflow_runtime::job::{Hook, OnError, Path, ProcessOptions};
use evflow_runtime::log::{Capture, Level};
use evflow_runtime::modules::{
    EntrySpec, EventGenerator, FileOutput, FileOutputConfig, GeneratorConfig, RunSpec, SizeDist, ValueDist,
};
use evflow_runtime::sequential::process;

fn read(file: &std::path::Path) -> Vec<Event> {
    FileReader::open(file, ReaderOptions::default()).unwrap().map(Result::unwrap).collect()
}

#[test]
fn a_run_without_a_gain_stops_the_job_in_begin_run_and_keeps_what_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kept.evf");
    let mut path = trigger_path(&[(1, 100), (3, 10)], &out).unwrap();
    let outcome = process(&mut path, &ProcessOptions { seed: 1, ..Default::default() }, &mut || Ok(()));
    let error = outcome.error.expect("run 3 has no gain");
    assert_eq!(
        (error.module.as_str(), error.hook, error.run, error.event),
        ("CaloTrigger", Hook::BeginRun, Some(3), None)
    );
    assert_eq!(
        error.to_string(),
        "module CaloTrigger failed in begin_run for run 3: no gain for run 3 in the calibration"
    );
    assert_eq!(outcome.report.read, 101, "the job stopped at the first event of run 3");
    let written = read(&out);
    assert!(!written.is_empty() && written.iter().all(|e| e.meta.run == 1));
    assert_eq!(written.len() as u64, outcome.report.written, "the output was closed after the error");
}

#[test]
fn adc_of_the_wrong_dtype_stops_the_job_or_with_skip_flags_the_event_failed() {
    let dir = tempfile::tempdir().unwrap();
    let floats = EntrySpec::new("adc", "<f4", SizeDist::Fixed(64), ValueDist::Uniform { lo: 0.0, hi: 100.0 });
    for on_error in [OnError::Stop, OnError::Skip] {
        let out = dir.path().join(format!("{on_error:?}.evf"));
        let source = EventGenerator::new(GeneratorConfig::new(vec![RunSpec::new(1, Some(7))], vec![floats.clone()]));
        let output = FileOutput::new(FileOutputConfig::new(&out, Compression::None)).unwrap();
        let trigger = CaloTrigger::new(THRESHOLD_GEV, &GAINS);
        let mut path = Path { source: Box::new(source.unwrap()), modules: vec![Box::new(trigger), Box::new(output)] };
        let capture = Capture::start();
        let outcome = process(&mut path, &ProcessOptions { on_error, ..Default::default() }, &mut || Ok(()));
        let warnings: Vec<String> =
            capture.take().into_iter().filter(|(level, _)| *level == Level::Warning).map(|(_, m)| m).collect();
        let what = "entry \"adc\" is <f4 of shape [64], not <u2 of [64]";
        match on_error {
            OnError::Stop => {
                let error = outcome.error.expect("the job stops on the first event");
                assert_eq!((error.hook, error.run, error.event), (Hook::Event, Some(1), Some(1)));
                assert_eq!(error.to_string(), format!("module CaloTrigger failed in event on run 1 event 1: {what}"));
                assert_eq!((outcome.report.read, outcome.report.written), (1, 0));
                assert!(read(&out).is_empty());
            }
            OnError::Skip => {
                assert!(outcome.error.is_none(), "{:?}", outcome.error);
                let report = &outcome.report;
                assert_eq!((report.read, report.written, report.failed, report.modules[1].failed), (7, 7, 7, 7));
                let written = read(&out);
                assert_eq!(written.len(), 7, "failed events are written, flagged");
                assert!(written.iter().all(|e| e.meta.flags == Flags::FAILED && !e.contains("cluster_energy")));
                assert_eq!(warnings.len(), 6, "five failures shown, then one line that says the rest are counted");
                assert!(
                    warnings[0].contains(&format!("module CaloTrigger failed on run 1 event 1: {what}")),
                    "{warnings:?}"
                );
            }
        }
    }
}

#[test]
fn a_threshold_below_zero_is_refused_in_initialize_before_any_event() {
    let dir = tempfile::tempdir().unwrap();
    let mut path = trigger_path(&[(1, 10)], &dir.path().join("kept.evf")).unwrap();
    path.modules[0] = Box::new(CaloTrigger::new(-1.0, &GAINS));
    let outcome = process(&mut path, &ProcessOptions::default(), &mut || Ok(()));
    let error = outcome.error.expect("the threshold is refused");
    assert_eq!(error.to_string(), "module CaloTrigger failed in initialize: threshold_gev must be above 0 GeV, not -1");
    assert_eq!(outcome.report.read, 0);
}
