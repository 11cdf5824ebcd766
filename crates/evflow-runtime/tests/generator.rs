//! `EventGenerator` and `EventRng`: reproducibility, numbering and distributions.

use evflow_core::Event;
use evflow_runtime::job::{Path, ProcessOptions};
use evflow_runtime::module::{Decision, HookResult, JobContext, Module, Source};
use evflow_runtime::modules::{EntrySpec, EventGenerator, EventRng, GeneratorConfig, RunSpec, SizeDist, ValueDist};
use evflow_runtime::sequential::process;
use std::sync::{Arc, Mutex};

/// Keeps a copy of every event it sees.
struct Collect(Arc<Mutex<Vec<Event>>>);

impl Module for Collect {
    fn name(&self) -> &str {
        "Collect"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        self.0.lock().unwrap().push(event.clone());
        Ok(Decision::Keep)
    }
}

fn entries() -> Vec<EntrySpec> {
    vec![
        EntrySpec::new("hits", "<f4", SizeDist::Poisson { mean: 4.0 }, ValueDist::Normal { mean: 0.0, sigma: 1.0 }),
        EntrySpec::new("adc", "<u2", SizeDist::Uniform { lo: 0, hi: 8 }, ValueDist::Uniform { lo: 0.0, hi: 4096.0 }),
        EntrySpec::new("index", "<i8", SizeDist::Fixed(3), ValueDist::Sequence),
    ]
}

fn generator(runs: Vec<RunSpec>, entries: Vec<EntrySpec>) -> EventGenerator {
    EventGenerator::new(GeneratorConfig::new(runs, entries)).unwrap()
}

/// The events of a job over `source`.
fn run_job(source: EventGenerator, opts: &ProcessOptions) -> Vec<Event> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut path = Path { source: Box::new(source), modules: vec![Box::new(Collect(seen.clone()))] };
    let outcome = process(&mut path, opts, &mut || Ok(()));
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let events = seen.lock().unwrap().clone();
    events
}

fn seeded(seed: u64) -> ProcessOptions {
    ProcessOptions { seed, ..ProcessOptions::default() }
}

/// An entry's values as f64, whatever its dtype.
fn values(event: &Event, name: &str) -> Vec<f64> {
    let entry = event.get(name).unwrap();
    let data = entry.data();
    match entry.dtype() {
        "<f4" => data.chunks_exact(4).map(|c| f64::from(f32::from_le_bytes(c.try_into().unwrap()))).collect(),
        "<f8" => data.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect(),
        "<u2" => data.chunks_exact(2).map(|c| f64::from(u16::from_le_bytes(c.try_into().unwrap()))).collect(),
        "<i8" => data.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap()) as f64).collect(),
        "|i1" => data.iter().map(|&b| f64::from(b as i8)).collect(),
        "|u1" | "|b1" => data.iter().map(|&b| f64::from(b)).collect(),
        other => panic!("no decoder for {other}"),
    }
}

fn mean_and_variance(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, variance)
}

#[test]
fn events_are_numbered_from_one_in_each_run() {
    let events = run_job(generator(vec![RunSpec::new(7, Some(2)), RunSpec::new(3, Some(3))], vec![]), &seeded(1));
    let ids: Vec<(u32, u64)> = events.iter().map(|e| (e.meta.run, e.meta.event)).collect();
    assert_eq!(ids, [(7, 1), (7, 2), (3, 1), (3, 2), (3, 3)]);
    let seqs: Vec<u64> = events.iter().map(|e| e.meta.seq).collect();
    assert_eq!(seqs, [0, 1, 2, 3, 4]);
}

#[test]
fn expected_events_is_the_total_when_every_run_is_bounded() {
    let bounded = generator(vec![RunSpec::new(1, Some(5)), RunSpec::new(2, Some(0)), RunSpec::new(3, Some(7))], vec![]);
    assert_eq!(bounded.expected_events(), Some(12));
    let unbounded = generator(vec![RunSpec::new(1, Some(5)), RunSpec::new(2, None)], vec![]);
    assert_eq!(unbounded.expected_events(), None);
}

#[test]
fn an_unbounded_run_is_ended_by_max_events() {
    let source = generator(vec![RunSpec::new(1, Some(2)), RunSpec::new(2, None)], entries());
    let opts = ProcessOptions { max_events: Some(1000), ..seeded(5) };
    let events = run_job(source, &opts);
    assert_eq!(events.len(), 1000);
    let last = events.last().unwrap();
    assert_eq!((last.meta.run, last.meta.event), (2, 998));
}

#[test]
fn the_same_seed_gives_the_same_events_and_another_seed_others() {
    let runs = || vec![RunSpec::new(1, Some(50)), RunSpec::new(2, Some(50))];
    let a = run_job(generator(runs(), entries()), &seeded(42));
    let b = run_job(generator(runs(), entries()), &seeded(42));
    let c = run_job(generator(runs(), entries()), &seeded(43));
    assert_eq!(a, b);
    assert_eq!(a.len(), c.len());
    let same_hits = a.iter().zip(&c).filter(|(x, y)| x.get("hits") == y.get("hits")).count();
    // Only events that drew no hits at all can agree.
    assert!(same_hits < 10, "{same_hits} of 100 events have the same hits under another seed");
}

#[test]
fn an_events_data_depends_only_on_seed_run_and_event() {
    let whole = run_job(generator(vec![RunSpec::new(4, Some(20))], entries()), &seeded(9));
    // Another split of the same run: events 11 to 20 made on their own, out of order.
    let mut part = generator(vec![RunSpec::new(4, Some(20))], entries());
    for number in (11..=20).rev() {
        let event = part.generate(9, 4, number).unwrap();
        let mut expected = whole[number as usize - 1].clone();
        expected.meta.seq = 0;
        assert_eq!(event, expected, "event {number}");
    }
    // A job with fewer events in the run makes its events the same way.
    let shorter = run_job(generator(vec![RunSpec::new(4, Some(5))], entries()), &seeded(9));
    assert_eq!(shorter[..], whole[..5]);
}

#[test]
fn an_entrys_data_does_not_change_when_other_entries_are_added() {
    let runs = || vec![RunSpec::new(1, Some(10))];
    let alone = run_job(generator(runs(), entries()[1..2].to_vec()), &seeded(3));
    let together = run_job(generator(runs(), entries()), &seeded(3));
    for (a, b) in alone.iter().zip(&together) {
        assert_eq!(a.get("adc"), b.get("adc"));
    }
}

#[test]
fn sizes_follow_their_distributions() {
    let entries = vec![
        EntrySpec::new("fixed", "|u1", SizeDist::Fixed(5), ValueDist::Sequence),
        EntrySpec::new("uniform", "|u1", SizeDist::Uniform { lo: 2, hi: 6 }, ValueDist::Sequence),
        EntrySpec::new("small", "|u1", SizeDist::Poisson { mean: 3.5 }, ValueDist::Sequence),
        EntrySpec::new("large", "|u1", SizeDist::Poisson { mean: 60.0 }, ValueDist::Sequence),
        EntrySpec::new("empty", "|u1", SizeDist::Poisson { mean: 0.0 }, ValueDist::Sequence),
    ];
    let events = run_job(generator(vec![RunSpec::new(1, Some(20_000))], entries), &seeded(11));
    let sizes = |name: &str| -> Vec<f64> { events.iter().map(|e| e.get(name).unwrap().shape()[0] as f64).collect() };

    assert!(sizes("fixed").iter().all(|&n| n == 5.0));
    let uniform = sizes("uniform");
    assert!(uniform.iter().all(|n| (2.0..=6.0).contains(n)));
    for k in 2..=6 {
        let share = uniform.iter().filter(|&&n| n == f64::from(k)).count() as f64 / uniform.len() as f64;
        assert!((share - 0.2).abs() < 0.02, "size {k} drawn {share:.3} of the time");
    }
    // Poisson: mean and variance both equal the parameter; 20000 draws pin them to ~2%.
    for (name, expected) in [("small", 3.5), ("large", 60.0)] {
        let (mean, variance) = mean_and_variance(&sizes(name));
        assert!((mean / expected - 1.0).abs() < 0.02, "{name}: mean {mean}");
        assert!((variance / expected - 1.0).abs() < 0.06, "{name}: variance {variance}");
    }
    assert!(sizes("empty").iter().all(|&n| n == 0.0));
    assert_eq!(events[0].get("empty").unwrap().dtype(), "|u1");
}

#[test]
fn values_follow_their_distributions() {
    let n = SizeDist::Fixed(50);
    let entries = vec![
        EntrySpec::new("uniform", "<f8", n, ValueDist::Uniform { lo: -1.0, hi: 3.0 }),
        EntrySpec::new("normal", "<f4", n, ValueDist::Normal { mean: 10.0, sigma: 2.0 }),
        EntrySpec::new("exponential", "<f8", n, ValueDist::Exponential { scale: 0.5 }),
        EntrySpec::new("sequence", "<i8", n, ValueDist::Sequence),
        EntrySpec::new("digits", "<u2", n, ValueDist::Uniform { lo: 0.0, hi: 10.0 }),
        EntrySpec::new("coin", "|b1", n, ValueDist::Uniform { lo: 0.0, hi: 1.0 }),
    ];
    let events = run_job(generator(vec![RunSpec::new(1, Some(400))], entries), &seeded(12));
    let all = |name: &str| -> Vec<f64> { events.iter().flat_map(|e| values(e, name)).collect() };

    let uniform = all("uniform");
    assert!(uniform.iter().all(|x| (-1.0..3.0).contains(x)));
    let (mean, variance) = mean_and_variance(&uniform);
    assert!((mean - 1.0).abs() < 0.03 && (variance - 16.0 / 12.0).abs() < 0.04, "{mean} {variance}");

    let (mean, variance) = mean_and_variance(&all("normal"));
    assert!((mean - 10.0).abs() < 0.04 && (variance.sqrt() - 2.0).abs() < 0.04, "{mean} {variance}");

    let exponential = all("exponential");
    assert!(exponential.iter().all(|&x| x >= 0.0));
    let (mean, variance) = mean_and_variance(&exponential);
    assert!((mean - 0.5).abs() < 0.01 && (variance.sqrt() - 0.5).abs() < 0.02, "{mean} {variance}");

    let expected: Vec<f64> = (0..50).map(f64::from).collect();
    assert!(events.iter().all(|e| values(e, "sequence") == expected));

    let digits = all("digits");
    assert!(digits.iter().all(|&d| d == d.floor() && (0.0..=9.0).contains(&d)));
    let nines = digits.iter().filter(|&&d| d == 9.0).count() as f64 / digits.len() as f64;
    assert!((nines - 0.1).abs() < 0.01, "{nines}");

    let coin = all("coin");
    assert!(coin.iter().all(|&c| c == 0.0 || c == 1.0));
    let heads = coin.iter().sum::<f64>() / coin.len() as f64;
    assert!((heads - 0.5).abs() < 0.02, "{heads}");
}

#[test]
fn every_allowed_dtype_gives_entries_of_the_right_size() {
    let dtypes = ["<f4", "<f8", "<i1", "|i1", "<i2", "<i4", "<i8", "|u1", "<u1", "<u2", "<u4", "<u8", "|b1"];
    let entries: Vec<EntrySpec> = dtypes
        .iter()
        .enumerate()
        .map(|(i, d)| {
            EntrySpec::new(format!("e{i}"), *d, SizeDist::Fixed(3), ValueDist::Normal { mean: 0.0, sigma: 200.0 })
        })
        .collect();
    let mut source = generator(vec![RunSpec::new(1, Some(1))], entries);
    let event = source.generate(0, 1, 1).unwrap();
    for (i, dtype) in dtypes.iter().enumerate() {
        let entry = event.get(&format!("e{i}")).unwrap();
        let itemsize = dtype[2..].parse::<usize>().unwrap();
        assert_eq!((entry.shape(), entry.len()), (&[3u64][..], 3 * itemsize), "{dtype}");
        assert_eq!(&entry.dtype()[1..], &dtype[1..], "{dtype}");
    }
    // numpy spells one-byte types with `|`.
    assert_eq!(event.get("e2").unwrap().dtype(), "|i1");
}

#[test]
fn wrong_options_name_the_option_and_what_is_allowed() {
    let bad = |runs: Vec<RunSpec>, entries: Vec<EntrySpec>| -> String {
        EventGenerator::new(GeneratorConfig::new(runs, entries)).unwrap_err().to_string()
    };
    let one_run = || vec![RunSpec::new(1, Some(1))];
    let sized = |dtype: &str, size: SizeDist, values: ValueDist| vec![EntrySpec::new("x", dtype, size, values)];
    let seq = ValueDist::Sequence;

    let err = bad(one_run(), sized("<f2", SizeDist::Fixed(1), seq));
    assert!(err.contains("entries[0].dtype") && err.contains("\"<f2\"") && err.contains("\"<f8\""), "{err}");
    let err = bad(vec![], vec![]);
    assert!(err.contains("option runs") && err.contains("at least one run"), "{err}");
    let err = bad(vec![RunSpec::new(1, None), RunSpec::new(2, Some(1))], vec![]);
    assert!(err.contains("runs[0].events") && err.contains("only the last run"), "{err}");
    let err = bad(vec![RunSpec::new(1, Some(1)), RunSpec::new(1, Some(1))], vec![]);
    assert!(err.contains("runs[1].run"), "{err}");
    let err = bad(one_run(), sized("<f8", SizeDist::Uniform { lo: 5, hi: 2 }, seq));
    assert!(err.contains("entries[0].size") && err.contains("lo <= hi"), "{err}");
    let err = bad(one_run(), sized("<f8", SizeDist::Poisson { mean: -1.0 }, seq));
    assert!(err.contains("entries[0].size"), "{err}");
    let err = bad(one_run(), sized("<f8", SizeDist::Fixed(1), ValueDist::Normal { mean: 0.0, sigma: -1.0 }));
    assert!(err.contains("entries[0].values") && err.contains("sigma >= 0"), "{err}");
    let err = bad(one_run(), sized("<f8", SizeDist::Fixed(1), ValueDist::Exponential { scale: 0.0 }));
    assert!(err.contains("entries[0].values") && err.contains("scale > 0"), "{err}");
    let err = bad(one_run(), sized("<f8", SizeDist::Fixed(1), ValueDist::Uniform { lo: f64::NAN, hi: 1.0 }));
    assert!(err.contains("entries[0].values"), "{err}");
    let mut twice = sized("<f8", SizeDist::Fixed(1), seq);
    twice.extend(sized("<f4", SizeDist::Fixed(1), seq));
    let err = bad(one_run(), twice);
    assert!(err.contains("entries[1].name") && err.contains("once"), "{err}");
    let err = bad(one_run(), vec![EntrySpec::new("", "<f8", SizeDist::Fixed(1), seq)]);
    assert!(err.contains("entries[0].name"), "{err}");
    assert!(err.starts_with("EventGenerator: "), "{err}");
}

#[test]
fn the_generator_takes_its_seed_from_the_job() {
    let mut source = generator(vec![RunSpec::new(1, Some(1))], entries());
    source.initialize(&JobContext { seed: 77, ..JobContext::default() }).unwrap();
    let event = source.next_event().unwrap().unwrap();
    assert_eq!(event, source.generate(77, 1, 1).unwrap());
    assert_eq!(source.next_event().unwrap(), None);
}

#[test]
fn rng_streams_are_reproducible_and_distinct() {
    let draw = |seed, run, event| -> Vec<u64> {
        let mut rng = EventRng::for_event(seed, run, event);
        (0..4).map(|_| rng.next_u64()).collect()
    };
    assert_eq!(draw(1, 2, 3), draw(1, 2, 3));
    let neighbours = [draw(1, 2, 4), draw(1, 3, 3), draw(2, 2, 3), draw(0, 0, 0), draw(0, 0, 1)];
    for (i, a) in neighbours.iter().enumerate() {
        assert_ne!(*a, draw(1, 2, 3));
        for b in &neighbours[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(EventRng::for_event(5, 6, 7), EventRng::for_stream(5, 0, 6, 7));
    assert_ne!(EventRng::for_event(5, 6, 7), EventRng::for_stream(5, 1, 6, 7));
    // Uniform deviates fill [0, 1) evenly: each tenth gets its share.
    let mut rng = EventRng::for_event(0, 0, 0);
    let mut bins = [0u32; 10];
    for _ in 0..100_000 {
        bins[(rng.uniform() * 10.0) as usize] += 1;
    }
    assert!(bins.iter().all(|&b| (9_500..10_500).contains(&b)), "{bins:?}");
}
