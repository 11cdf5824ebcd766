//! Requirement 3: a path of Rust modules runs at 1 million small events per second or more
//! in one process.

use crate::measure::{self, Case, Plan, Samples};
use crate::payload::RUN;
use crate::table::{self, Table};
use evflow_core::Event;
use evflow_runtime::job::{Path, ProcessOptions};
use evflow_runtime::module::{Decision, HookResult, JobContext, Module, Source};
use evflow_runtime::modules::{
    EntrySpec, EventGenerator, GeneratorConfig, Progress, ProgressConfig, ProgressStyle, RunSpec, SizeDist, ValueDist,
};
use evflow_runtime::sequential::process;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Events per job.
const EVENTS: u64 = 500_000;
/// Elements of the one `<u2` entry of each event (32 bytes).
const ENTRY_ELEMENTS: u64 = 16;
/// The entry the generator makes and the modules look at.
const ENTRY: &str = "adc";
/// Trivial modules in the measured path.
const MODULES: usize = 3;
/// Target rate of the path with its trivial modules.
const MIN_EVENTS_PER_S: f64 = 1e6;

const GENERATE_ONLY: &str = "EventGenerator::next_event, no executor";
const GENERATOR: &str = "generator";
const GENERATOR_MODULES: &str = "generator -> 3 modules";
const GENERATOR_PROGRESS_MODULES: &str = "generator -> Progress -> 3 modules";
const REPLAY: &str = "replayed event -> 3 modules";
const CLOCK: &str = "Instant::now()";
/// The paths, in the order of the table.
const PATHS: [&str; 5] = [GENERATE_ONLY, GENERATOR, GENERATOR_MODULES, GENERATOR_PROGRESS_MODULES, REPLAY];

/// Counts the events it sees.
struct CountEvents(u64);

impl Module for CountEvents {
    fn name(&self) -> &str {
        "CountEvents"
    }
    fn event(&mut self, _event: &mut Event) -> HookResult<Decision> {
        self.0 += 1;
        Ok(Decision::Keep)
    }
}

/// Looks the entry up and adds its element count.
struct SumElements(u64);

impl Module for SumElements {
    fn name(&self) -> &str {
        "SumElements"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        self.0 += event.get(ENTRY).map_or(0, |e| e.shape()[0]);
        Ok(Decision::Keep)
    }
}

/// Keeps events of the generated run (all of them).
struct RunFilter(u32);

impl Module for RunFilter {
    fn name(&self) -> &str {
        "RunFilter"
    }
    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        Ok(if event.meta.run == self.0 { Decision::Keep } else { Decision::Reject })
    }
}

/// A source that hands out clones of one event: the executor without the generator's cost.
pub struct Replay {
    /// The event handed out.
    pub event: Event,
    /// How many more times.
    pub left: u64,
}

impl Source for Replay {
    fn name(&self) -> &str {
        "Replay"
    }
    fn next_event(&mut self) -> HookResult<Option<Event>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        Ok(Some(self.event.clone()))
    }
}

fn generator() -> EventGenerator {
    let entry =
        EntrySpec::new(ENTRY, "<u2", SizeDist::Fixed(ENTRY_ELEMENTS), ValueDist::Uniform { lo: 0.0, hi: 4096.0 });
    let config = GeneratorConfig::new(vec![RunSpec::new(RUN, Some(EVENTS))], vec![entry]);
    EventGenerator::new(config).expect("a valid generator configuration")
}

fn trivial_modules() -> Vec<Box<dyn Module>> {
    vec![Box::new(CountEvents(0)), Box::new(SumElements(0)), Box::new(RunFilter(RUN))]
}

fn progress() -> Box<dyn Module> {
    // Plain lines to a sink: the same per-event work as on stderr, without the output.
    let config = ProgressConfig::new(ProgressStyle::Plain);
    Box::new(Progress::to_writer(config, Box::new(std::io::sink()), false).expect("a valid progress configuration"))
}

/// Runs a fresh path from `make` through `sequential::process` per operation.
fn path_case(name: &'static str, make: impl Fn() -> Path + 'static) -> Case<'static> {
    Case::new(name, 0, move |n| {
        let mut took = Duration::ZERO;
        for _ in 0..n {
            let mut path = make();
            let start = Instant::now();
            let outcome = process(&mut path, &ProcessOptions::default(), &mut || Ok(()));
            took += start.elapsed();
            assert!(outcome.error.is_none(), "{name}: {:?}", outcome.error);
            assert_eq!(outcome.report.accepted, EVENTS, "{name}: events through the path");
        }
        took
    })
}

/// Calls the generator directly, to tell its cost from the executor's.
fn generate_only_case() -> Case<'static> {
    Case::new(GENERATE_ONLY, 0, |n| {
        let mut took = Duration::ZERO;
        for _ in 0..n {
            let mut source = generator();
            source.initialize(&JobContext::default()).expect("the generator initializes");
            let start = Instant::now();
            while let Some(event) = source.next_event().expect("the generator makes events") {
                black_box(event);
            }
            took += start.elapsed();
        }
        took
    })
}

/// One clock read, which the executor makes per module and event to time the modules.
fn clock_case() -> Case<'static> {
    Case::timed(CLOCK, 0, || {
        black_box(Instant::now());
    })
}

/// Measures the paths and prints the table.
pub fn run(plan: Plan) {
    let sample_event = generator().generate(0, RUN, 1).expect("the generator makes an event");
    let cases = vec![
        generate_only_case(),
        path_case(GENERATOR, || Path { source: Box::new(generator()), modules: vec![] }),
        path_case(GENERATOR_MODULES, || Path { source: Box::new(generator()), modules: trivial_modules() }),
        path_case(GENERATOR_PROGRESS_MODULES, || {
            let mut modules = vec![progress()];
            modules.extend(trivial_modules());
            Path { source: Box::new(generator()), modules }
        }),
        path_case(REPLAY, move || Path {
            source: Box::new(Replay { event: sample_event.clone(), left: EVENTS }),
            modules: trivial_modules(),
        }),
        clock_case(),
    ];
    let samples = measure::run(cases, plan);
    print_rates(&samples);
    print_costs(&samples);
}

fn print_rates(samples: &[Samples]) {
    let mut t = Table::new(
        format!(
            "Rust module paths, {EVENTS} events of one `<u2` entry of {ENTRY_ELEMENTS} elements \
             (target: >= {} M events/s with {MODULES} modules)",
            MIN_EVENTS_PER_S / 1e6
        ),
        &["path", "events/s", "ns/event", "spread", "target"],
    );
    for name in PATHS {
        let s = measure::find(samples, name);
        let per_s = s.ops_per_s() * EVENTS as f64;
        let target = match name {
            GENERATOR_MODULES | GENERATOR_PROGRESS_MODULES => table::verdict(per_s >= MIN_EVENTS_PER_S),
            _ => "-".to_string(),
        };
        let ns = table::ns(s.secs() / EVENTS as f64);
        t.row(vec![name.to_string(), table::millions(per_s), ns, table::percent(s.spread()), target]);
    }
    t.print();
}

fn print_costs(samples: &[Samples]) {
    let events = EVENTS as f64;
    let bare = measure::find(samples, GENERATOR);
    let with_modules = measure::find(samples, GENERATOR_MODULES);
    let with_progress = measure::find(samples, GENERATOR_PROGRESS_MODULES);
    let generate = measure::find(samples, GENERATE_ONLY);
    let mut t = Table::new("Where the time of a Rust path goes (medians of paired differences)", &["cost", "ns/event"]);
    t.row(vec!["generating the event (EventGenerator alone)".into(), table::ns(generate.secs() / events)]);
    t.row(vec!["executor around the source (generator path - generator alone)".into(), ns(bare, generate, 1.0)]);
    t.row(vec!["one trivial Rust module (incl. executor timing)".into(), ns(with_modules, bare, MODULES as f64)]);
    t.row(vec!["Progress module".into(), ns(with_progress, with_modules, 1.0)]);
    let clock = table::ns(measure::find(samples, CLOCK).secs());
    t.row(vec!["one clock read (the executor makes 3 + one per module per event)".into(), clock]);
    t.print();
}

/// The cost per event of what `with` adds to `without`, shared by `count` modules.
fn ns(with: &Samples, without: &Samples, count: f64) -> String {
    table::ns(with.extra_secs(without, EVENTS as f64 * count))
}
