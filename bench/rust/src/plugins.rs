//! The cost of calling a plugin module (docs/plugins.md): SumPut, which reads one small entry
//! and puts one, called on the same event as a built-in Rust module, as a C plugin
//! (`bench/plugins/sum_put.c`, compiled here with `cc`) and as the same Rust code exported
//! through `evflow-plugin` (`examples/sum_put_plugin.rs`). Target: a plugin call at most
//! [`MAX_PLUGIN_RATIO`] times a built-in one's. `evflow bench plugins` adds a Python module.

use crate::measure::{self, Case, Plan, Samples};
use crate::module_path::Replay;
use crate::sum_put::SumPut;
use crate::table::{self, Table};
use bytes::Bytes;
use evflow_core::{Entry, Event};
use evflow_runtime::job::{self, ProcessOptions};
use evflow_runtime::module::Module;
use evflow_runtime::modules::Plugin;
use evflow_runtime::sequential;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Elements of the event's `<u2` entry `adc` (32 bytes), as in the paths section.
const ADC_ELEMENTS: u16 = 16;
/// The most a plugin call may cost, as a multiple of a built-in module's.
const MAX_PLUGIN_RATIO: f64 = 1.5;
/// Events of each job of the path cases.
const PATH_EVENTS: u64 = 100_000;
/// The path cases' names: a job of replayed events through one module of each kind, or none.
const IN_PATH: &str = "in a path: ";
const NO_MODULE: &str = "no module";

const BUILT_IN: &str = "built-in Rust module";
/// The example's calorimeter trigger: a module with work (64 towers, a 3 x 3 cluster).
const CALO_BUILT_IN: &str = "CaloTrigger, built in";
const CALO_PLUGIN: &str = "CaloTrigger, Rust plugin (evflow-plugin)";
const C_PLUGIN: &str = "C plugin (sum_put.c)";
const RUST_PLUGIN: &str = "Rust plugin (evflow-plugin)";

/// A new SumPut of one kind.
type Make = Box<dyn Fn() -> Box<dyn Module>>;

/// Measures one call of each, alone and in a path, and prints the tables.
pub fn run(plan: Plan) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut kinds: Vec<(&str, Make)> = vec![(BUILT_IN, Box::new(|| Box::new(SumPut)))];
    for (name, library) in [(C_PLUGIN, c_plugin(dir.path())), (RUST_PLUGIN, rust_plugin())] {
        match library.and_then(|l| Plugin::load(&l, "SumPut", &[], None).map(|_| l)) {
            Ok(l) => kinds.push((name, Box::new(move || Box::new(Plugin::load(&l, "SumPut", &[], None).unwrap())))),
            Err(why) => println!("(left out: {name}: {why})\n"),
        }
    }
    let mut cases: Vec<Case> = kinds
        .iter()
        .map(|(name, make)| {
            let (mut module, mut event) = (make(), event());
            Case::timed(*name, 0, move || {
                module.event(&mut event).expect("SumPut runs");
            })
        })
        .collect();
    cases.push(path_case(NO_MODULE.to_string(), Box::new(Vec::new)));
    for (name, make) in &kinds {
        cases.push(path_case(format!("{IN_PATH}{name}"), Box::new(move || vec![make()])));
    }
    let calo = calo_cases();
    let with_calo = calo.len() == 2;
    cases.extend(calo);
    let samples = measure::run(cases, plan);
    print(&samples, kinds.iter().map(|(name, _)| *name));
    if with_calo {
        print_calo(&samples);
    }
}

/// The example's CaloTrigger called on one calorimeter event, built in and from the
/// example's plugin library (`make develop` builds it); none when the library is missing.
fn calo_cases() -> Vec<Case<'static>> {
    use evflow_example_rust_module::{calorimeter, CaloTrigger, GAINS, THRESHOLD_GEV};
    let exe = std::env::current_exe().expect("this program's path");
    let library = exe.parent().unwrap_or(Path::new(".")).join("libevflow_example_rust_module.so");
    let plugin = match Plugin::load(&library, "CaloTrigger", &[], None) {
        Ok(plugin) => plugin,
        Err(why) => {
            println!(
                "(left out: CaloTrigger as a plugin: {why}; cargo build --release -p evflow-example-rust-module)\n"
            );
            return Vec::new();
        }
    };
    let mut generator = calorimeter(&[(1, 1)]).expect("the example's generator");
    let event = generator.generate(0, 1, 1).expect("a calorimeter event");
    let modules: [(&str, Box<dyn Module>); 2] =
        [(CALO_BUILT_IN, Box::new(CaloTrigger::new(THRESHOLD_GEV, &GAINS))), (CALO_PLUGIN, Box::new(plugin))];
    modules
        .into_iter()
        .map(|(name, mut module)| {
            module.begin_run(1).expect("the calibration has run 1");
            let mut event = event.clone();
            Case::timed(name, 0, move || {
                module.event(&mut event).expect("CaloTrigger runs");
            })
        })
        .collect()
}

fn print_calo(samples: &[Samples]) {
    let title = "A module with work: the example's CaloTrigger (64 towers in, two scalars put), one event";
    alone_table(samples, title, CALO_BUILT_IN, [CALO_BUILT_IN, CALO_PLUGIN].into_iter()).print();
}

/// The calls of `names`, each against `built_in`'s, in a table.
fn alone_table<'a>(samples: &[Samples], title: &str, built_in: &str, names: impl Iterator<Item = &'a str>) -> Table {
    let built_in = measure::find(samples, built_in);
    let mut t = Table::new(title, &["module", "ns/call", "vs built-in", "spread"]);
    for name in names {
        let s = measure::find(samples, name);
        t.row(vec![
            name.to_string(),
            table::ns(s.secs()),
            table::ratio(s.time_ratio(built_in)),
            table::percent(s.spread()),
        ]);
    }
    t
}

/// A job of [`PATH_EVENTS`] replayed events through the modules `make` gives, per operation.
fn path_case<'a>(name: String, make: Box<dyn Fn() -> Vec<Box<dyn Module>> + 'a>) -> Case<'a> {
    Case::new(name, 0, move |n| {
        let mut took = Duration::ZERO;
        for _ in 0..n {
            let source = Box::new(Replay { event: event(), left: PATH_EVENTS });
            let mut path = job::Path { source, modules: make() };
            let start = Instant::now();
            let outcome = sequential::process(&mut path, &ProcessOptions::default(), &mut || Ok(()));
            took += start.elapsed();
            assert!(outcome.error.is_none(), "{:?}", outcome.error);
        }
        took
    })
}

/// An event with `adc`, as a generator makes it.
fn event() -> Event {
    let mut event = Event::new(1, 1);
    let adc: Vec<u8> = (0..ADC_ELEMENTS).flat_map(|v| (v * 37).to_le_bytes()).collect();
    event.put("adc", Entry::new("<u2", vec![u64::from(ADC_ELEMENTS)], Bytes::from(adc)).unwrap()).unwrap();
    event
}

/// The repository's root, where the plugin header and the C source are.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// sum_put.c compiled into `dir` with `cc -O2`, against the header alone.
fn c_plugin(dir: &Path) -> Result<PathBuf, String> {
    let library = dir.join("libsum_put.so");
    let include = repo().join("python/evflow/include");
    let source = repo().join("bench/plugins/sum_put.c");
    let done = Command::new("cc")
        .args(["-O2", "-std=c99", "-fPIC", "-shared", "-I"])
        .arg(&include)
        .arg(&source)
        .arg("-o")
        .arg(&library)
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !done.status.success() {
        return Err(format!("cc failed: {}", String::from_utf8_lossy(&done.stderr)));
    }
    Ok(library)
}

/// The plugin cargo builds from examples/sum_put_plugin.rs, beside this binary.
fn rust_plugin() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let library = exe.parent().unwrap_or(Path::new(".")).join("examples/libsum_put_plugin.so");
    if !library.is_file() {
        return Err(format!("{} is missing: cargo build --release -p evflow-bench --examples", library.display()));
    }
    Ok(library)
}

fn print<'a>(samples: &[Samples], kinds: impl Iterator<Item = &'a str> + Clone) {
    let built_in = measure::find(samples, BUILT_IN);
    let title = "Calling a module that reads one entry and puts one (SumPut): one event, the module alone";
    alone_table(samples, title, BUILT_IN, kinds.clone()).print();
    let bare = measure::find(samples, NO_MODULE);
    let events = PATH_EVENTS as f64;
    let built_in_path = measure::find(samples, &format!("{IN_PATH}{BUILT_IN}")).extra_secs(bare, events);
    let mut t = Table::new(
        format!("SumPut in a path of {PATH_EVENTS} replayed events: what the call adds to the executor's work"),
        &["module", "ns/event", "ns/call (vs no module)", "vs built-in", "spread"],
    );
    let mut verdicts = Vec::new();
    for name in kinds {
        let s = measure::find(samples, &format!("{IN_PATH}{name}"));
        let extra = s.extra_secs(bare, events);
        let (per_event, ratio, spread) = (s.secs() / events, extra / built_in_path, table::percent(s.spread()));
        t.row(vec![name.to_string(), table::ns(per_event), table::ns(extra), table::ratio(ratio), spread]);
        if name != BUILT_IN {
            let alone = measure::find(samples, name).time_ratio(built_in);
            let verdict = |r: f64| if r <= MAX_PLUGIN_RATIO { "met" } else { "NOT met" };
            verdicts.push(format!(
                "{name}: {alone:.2}x a built-in module's call alone ({}), {ratio:.2}x in a path ({}); target <= \
                 {MAX_PLUGIN_RATIO}x.",
                verdict(alone),
                verdict(ratio)
            ));
        }
    }
    t.print();
    println!("{}\n", verdicts.join("\n"));
}
