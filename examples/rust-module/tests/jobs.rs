//! The example's path as a user runs it, in one process and with the parallel engine (two
//! workers over shared memory): generated events in, a real file out, read back. One test
//! function, because the parallel engine forks and forking a multi-threaded test harness is
//! asking for trouble.

use evflow_core::file::{FileReader, ReaderOptions};
use evflow_core::Event;
use evflow_example_rust_module::{calorimeter, trigger_path, GAINS, GRID, PEDESTAL, RUNS, THRESHOLD_GEV, TOWERS};
use evflow_runtime::engine::{self, Hooks, ParallelOptions, Transport};
use evflow_runtime::job::{Interrupt, ProcessOptions};
use evflow_runtime::report::Report;
use evflow_runtime::sequential;

const SEED: u64 = 1;
const EVENTS: u64 = RUNS[0].1 + RUNS[1].1;

struct NoSignals;

impl Hooks for NoSignals {
    fn control(&mut self) -> Result<(), Interrupt> {
        Ok(())
    }
}

fn read(file: &std::path::Path) -> Vec<Event> {
    FileReader::open(file, ReaderOptions::default()).unwrap().map(Result::unwrap).collect()
}

fn scalar<const N: usize>(event: &Event, name: &str) -> [u8; N] {
    event.get(name).unwrap_or_else(|| panic!("no {name}")).data()[..].try_into().unwrap()
}

/// The seed tower and cluster energy of an event, worked out again here: the towers at most
/// one row and one column from the hottest (the first on a tie), summed row by row.
fn expected_cluster(event: &Event) -> (u16, f32) {
    let gain = GAINS.iter().find(|(run, _)| *run == event.meta.run).unwrap().1;
    let adc = event.get("adc").unwrap().data();
    let energy = |t: usize| u16::from_le_bytes([adc[2 * t], adc[2 * t + 1]]).saturating_sub(PEDESTAL) as f32 * gain;
    let seed = (0..TOWERS).fold(0, |best, t| if energy(t) > energy(best) { t } else { best });
    let near = |t: usize| (t / GRID).abs_diff(seed / GRID) <= 1 && (t % GRID).abs_diff(seed % GRID) <= 1;
    (seed as u16, (0..TOWERS).filter(|&t| near(t)).map(energy).sum())
}

fn check_counts(report: &Report, kept: u64) {
    assert_eq!((report.read, report.written, report.rejected, report.failed), (EVENTS, kept, EVENTS - kept, 0));
    let calls: Vec<(&str, u64)> = report.modules.iter().map(|m| (m.name.as_str(), m.calls)).collect();
    assert_eq!(calls, [("EventGenerator", EVENTS), ("CaloTrigger", EVENTS), ("FileOutput", kept)]);
}

#[test]
fn one_process_and_two_workers_keep_the_same_events_those_above_threshold() {
    let dir = tempfile::tempdir().unwrap();
    let opts = ProcessOptions { seed: SEED, ..Default::default() };

    // What the trigger must keep: (seq, run, event, seed tower, cluster energy).
    let mut generator = calorimeter(&RUNS).unwrap();
    let all = RUNS.iter().flat_map(|&(run, events)| (1..=events).map(move |n| (run, n)));
    let expected: Vec<(u64, u32, u64, u16, f32)> = all
        .map(|(run, n)| generator.generate(SEED, run, n).unwrap())
        .enumerate()
        .map(|(seq, event)| (seq as u64, event.meta.run, event.meta.event, expected_cluster(&event)))
        .filter(|(.., (_, energy))| *energy >= THRESHOLD_GEV)
        .map(|(seq, run, n, (seed, energy))| (seq, run, n, seed, energy))
        .collect();
    let kept = expected.len() as u64;
    assert!((EVENTS / 10..EVENTS / 2).contains(&kept), "the threshold keeps some events, not most: {kept}");
    assert!(expected.iter().any(|e| e.1 == 2), "run 2, with its own gain, has kept events");

    let one = dir.path().join("p0.evf");
    let outcome = sequential::process(&mut trigger_path(&RUNS, &one).unwrap(), &opts, &mut || Ok(()));
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    check_counts(&outcome.report, kept);
    let reference = read(&one);
    let written: Vec<(u64, u32, u64, u16, f32)> = reference
        .iter()
        .map(|e| {
            let (seed, energy) = (u16::from_le_bytes(scalar(e, "cluster_seed")), scalar(e, "cluster_energy"));
            (e.meta.seq, e.meta.run, e.meta.event, seed, f32::from_le_bytes(energy))
        })
        .collect();
    // The same f32 operations in the same order: the energies are equal, not only close.
    assert_eq!(written, expected);
    for event in &reference {
        let generated = generator.generate(SEED, event.meta.run, event.meta.event).unwrap();
        assert_eq!(event.get("adc"), generated.get("adc"), "the raw data is written as generated");
        let energy = event.get("cluster_energy").unwrap();
        assert_eq!((energy.dtype(), energy.shape()), ("<f4", &[][..]), "a scalar");
    }

    for ordered in [true, false] {
        let out = dir.path().join(format!("p2-ordered-{ordered}.evf"));
        let popts = ParallelOptions { processes: 2, ordered, transport: Transport::Shm, ..Default::default() };
        let outcome = engine::process(trigger_path(&RUNS, &out).unwrap(), &opts, &popts, &mut NoSignals).unwrap();
        assert!(outcome.error.is_none(), "ordered={ordered}: {:?}", outcome.error);
        let report = &outcome.report;
        check_counts(report, kept);
        assert_eq!((report.processes, report.retried, report.duplicates, report.restarts), (2, 0, 0, 0));
        assert_eq!(report.workers.iter().map(|w| w.events).sum::<u64>(), EVENTS);
        let mut events = read(&out);
        if !ordered {
            events.sort_by_key(|e| e.meta.seq);
        }
        assert_eq!(events, reference, "-p 2 (ordered={ordered}) writes the events -p 0 writes");
    }
}
