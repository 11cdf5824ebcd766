//! `Progress`: what it prints, as a bar and as plain lines.

use evflow_core::Event;
use evflow_runtime::job::{Path, ProcessOptions};
use evflow_runtime::module::{HookResult, Module, Source};
use evflow_runtime::modules::{EventGenerator, GeneratorConfig, Progress, ProgressConfig, ProgressStyle, RunSpec};
use evflow_runtime::sequential::process;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

fn events(runs: Vec<RunSpec>) -> Box<dyn Source> {
    Box::new(EventGenerator::new(GeneratorConfig::new(runs, vec![])).unwrap())
}

/// Runs `source` through a `Progress` writing to a buffer; returns what it wrote.
fn run(source: Box<dyn Source>, bar: bool, max_events: Option<u64>) -> String {
    let out = Shared::default();
    let progress = Progress::to_writer(ProgressConfig::new(ProgressStyle::Plain), Box::new(out.clone()), bar).unwrap();
    let mut path = Path { source, modules: vec![Box::new(progress)] };
    let opts = ProcessOptions { max_events, ..ProcessOptions::default() };
    let outcome = process(&mut path, &opts, &mut || Ok(()));
    assert!(outcome.error.is_none());
    out.text()
}

#[test]
fn plain_lines_come_at_every_tenth_and_at_the_end() {
    let text = run(events(vec![RunSpec::new(1, Some(1000))]), false, None);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10, "{text}");
    for (i, line) in lines[..9].iter().enumerate() {
        let done = (i + 1) * 100;
        assert!(line.starts_with("evflow: "), "{line}");
        assert!(line.contains(&format!("{}.0%  {done}/1000 events", (i + 1) * 10)), "{line}");
        assert!(line.contains("events/s") && line.contains("ETA"), "{line}");
    }
    assert!(lines[9].starts_with("evflow: done: 1000 events in "), "{}", lines[9]);
    assert!(!text.contains('\r'), "plain lines are not redrawn");
}

#[test]
fn the_total_is_the_jobs_expected_events_with_max_events() {
    let text = run(events(vec![RunSpec::new(1, Some(1000))]), false, Some(200));
    assert!(text.lines().next().unwrap().contains("10.0%  20/200 events"), "{text}");
}

#[test]
fn without_a_total_plain_mode_prints_only_the_end_of_a_short_job() {
    /// 500 events, without saying so in advance.
    struct Quiet(u64);
    impl Source for Quiet {
        fn name(&self) -> &str {
            "Quiet"
        }
        fn next_event(&mut self) -> HookResult<Option<Event>> {
            self.0 += 1;
            Ok((self.0 <= 500).then(|| Event::new(1, self.0)))
        }
    }
    let text = run(Box::new(Quiet(0)), false, None);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("evflow: done: 500 events in "), "{text}");
}

#[test]
fn the_bar_is_redrawn_in_place_and_finished_with_a_newline() {
    let text = run(events(vec![RunSpec::new(1, Some(1000))]), true, None);
    assert!(text.starts_with("\r\x1b[2Kevflow: ["), "{text:?}");
    assert!(text.ends_with('\n') && text.matches('\n').count() == 1, "{text:?}");
    let last = text.rsplit('\r').next().unwrap();
    assert!(last.contains("100.0%  1000/1000 events") && last.contains("done: 1000 events in "), "{last:?}");
}

#[test]
fn terminate_twice_prints_once() {
    let out = Shared::default();
    let mut progress =
        Progress::to_writer(ProgressConfig::new(ProgressStyle::Plain), Box::new(out.clone()), false).unwrap();
    progress.initialize(&Default::default()).unwrap();
    progress.terminate().unwrap();
    progress.terminate().unwrap();
    assert_eq!(out.text().lines().count(), 1);
}

#[test]
fn wrong_options_are_named() {
    let mut config = ProgressConfig::new(ProgressStyle::Auto);
    config.plain_step_percent = 0;
    let err = Progress::new(config).unwrap_err().to_string();
    assert!(err.contains("Progress: option plain_step_percent = 0") && err.contains("1 to 100"), "{err}");
}
