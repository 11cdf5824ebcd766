//! evflow's Rust benchmarks: frame decoding, encoding and file I/O against memcpy, paths of
//! Rust modules, and the cost of a plugin call. Run with `make bench` (or `cargo run --release -p evflow-bench`); the
//! tables go to stdout as Markdown. `docs/benchmarks.md` explains them.
//!
//! Arguments name the sections to run (`decode`, `throughput`, `paths`, `plugins`); none runs
//! all.

mod decode;
mod file_io;
mod measure;
pub mod module_path;
mod payload;
mod plugins;
mod sum_put;
mod table;
mod throughput;

use measure::Plan;
use std::time::{Duration, Instant};

/// Samples per case: the tables report their median.
const REPETITIONS: usize = 9;
/// Fast operations are repeated until one sample lasts this long.
const SAMPLE_TIME: Duration = Duration::from_millis(40);

/// Measures one section and prints its tables.
type Section = fn(Plan);

/// The sections, by the name that selects them on the command line.
const SECTIONS: [(&str, Section); 4] =
    [("decode", decode::run), ("throughput", throughput::run), ("paths", module_path::run), ("plugins", plugins::run)];

fn main() {
    let chosen: Vec<String> = std::env::args().skip(1).collect();
    if let Some(unknown) = chosen.iter().find(|a| !SECTIONS.iter().any(|(name, _)| name == a)) {
        let names: Vec<&str> = SECTIONS.iter().map(|(name, _)| *name).collect();
        eprintln!("evflow-bench: unknown section {unknown:?}; choose from {names:?}, or none for all");
        std::process::exit(2);
    }
    let start = Instant::now();
    let plan = Plan { repetitions: REPETITIONS, sample_time: SAMPLE_TIME };
    println!("## evflow Rust benchmarks\n");
    println!("{}; median of {REPETITIONS} interleaved samples per case.\n", machine());
    for (name, run) in SECTIONS {
        if chosen.is_empty() || chosen.iter().any(|c| c == name) {
            run(plan);
        }
    }
    println!("Rust benchmarks took {:.0} s.\n", start.elapsed().as_secs_f64());
}

/// The CPU model and count, from `/proc/cpuinfo` where there is one.
fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    format!("Machine: {model}, {cpus} CPUs available")
}
