//! The parallel engine from Rust, end to end: real forks, real channels, real files. One
//! test function, because forking a multi-threaded test harness is asking for trouble.

use bytes::Bytes;
use evflow_core::file::{Compression, FileReader, ReaderOptions};
use evflow_core::{Entry, Event, Flags};
use evflow_runtime::engine::{self, Hooks, ParallelOptions, Transport};
use evflow_runtime::job::{Interrupt, Outcome, Path, ProcessOptions};
use evflow_runtime::module::{Decision, HookResult, Module, Source};
use evflow_runtime::modules::{FileOutput, FileOutputConfig};
use evflow_runtime::sequential;
use std::path::Path as FsPath;

struct Count(u64, u64);

impl Source for Count {
    fn name(&self) -> &str {
        "Count"
    }
    fn next_event(&mut self) -> HookResult<Option<Event>> {
        self.0 += 1;
        Ok((self.0 <= self.1).then(|| Event::new(1 + (self.0 > self.1 / 2) as u32, self.0)))
    }
}

/// Puts the square of the event number; rejects every fifth event; `_exit`s on `dies_on`.
struct Square {
    dies_on: Option<u64>,
}

impl Module for Square {
    fn name(&self) -> &str {
        "Square"
    }
    fn parallel_safe(&self) -> bool {
        true
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let n = event.meta.event;
        if self.dies_on == Some(n) {
            // SAFETY: ends this worker process on purpose.
            unsafe { libc::_exit(9) };
        }
        let square = Bytes::copy_from_slice(&(n * n).to_le_bytes());
        event.put("square", Entry::new("<u8", vec![1], square).unwrap()).unwrap();
        Ok(if n.is_multiple_of(5) { Decision::Reject } else { Decision::Keep })
    }
}

struct NoSignals;

impl Hooks for NoSignals {
    fn control(&mut self) -> Result<(), Interrupt> {
        Ok(())
    }
}

fn path(out: &FsPath, events: u64, dies_on: Option<u64>) -> Path {
    let output = FileOutput::new(FileOutputConfig::new(out, Compression::None)).unwrap();
    Path { source: Box::new(Count(0, events)), modules: vec![Box::new(Square { dies_on }), Box::new(output)] }
}

/// (run, event, seq, flags, square) of every event of a file.
fn read(file: &FsPath) -> Vec<(u32, u64, u64, u32, Vec<u8>)> {
    FileReader::open(file, ReaderOptions::default())
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let square = e.get("square").map(|s| s.data().to_vec()).unwrap_or_default();
            (e.meta.run, e.meta.event, e.meta.seq, e.meta.flags.0, square)
        })
        .collect()
}

fn run(out: &FsPath, events: u64, dies_on: Option<u64>, popts: ParallelOptions) -> Outcome {
    engine::process(path(out, events, dies_on), &ProcessOptions::default(), &popts, &mut NoSignals).unwrap()
}

#[test]
fn parallel_jobs_write_what_one_process_writes_and_survive_a_poison_event() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("one.evf");
    let outcome = sequential::process(&mut path(&reference, 1000, None), &ProcessOptions::default(), &mut || Ok(()));
    assert!(outcome.error.is_none());
    let expected = read(&reference);
    assert_eq!(expected.len(), 800);

    for transport in [Transport::Shm, Transport::Ipc] {
        let out = dir.path().join(format!("{transport:?}.evf"));
        let popts = ParallelOptions { processes: 2, ordered: true, transport, ..Default::default() };
        let outcome = run(&out, 1000, None, popts);
        assert!(outcome.error.is_none(), "{transport:?}: {:?}", outcome.error);
        let r = &outcome.report;
        assert_eq!((r.read, r.written, r.rejected, r.duplicates), (1000, 800, 200, 0), "{transport:?}");
        assert_eq!(r.workers.iter().map(|w| w.events).sum::<u64>(), 1000);
        assert_eq!(read(&out), expected, "{transport:?}");
    }

    // Event 7 kills every worker that touches it: re-sent once, then written flagged failed.
    let out = dir.path().join("poison.evf");
    let outcome = run(&out, 100, Some(7), ParallelOptions { processes: 2, ..Default::default() });
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let r = &outcome.report;
    assert_eq!((r.read, r.written, r.rejected, r.failed, r.restarts, r.retried), (100, 80, 20, 1, 2, 1));
    let events = read(&out);
    let poison: Vec<_> = events.iter().filter(|e| e.1 == 7).collect();
    assert_eq!(poison.len(), 1);
    assert_eq!(poison[0].3, Flags::FAILED.0 | Flags::RETRIED.0);
    let mut numbers: Vec<u64> = events.iter().map(|e| e.1).collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), 80, "no event written twice");
}
