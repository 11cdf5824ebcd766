//! evflow's Rust benchmarks: frame decoding, encoding and file I/O against memcpy, and paths
//! of Rust modules. Run with `make bench` (or `cargo run --release -p evflow-bench`); the
//! tables go to stdout as Markdown. `docs/benchmarks.md` explains them.

mod decode;
mod measure;
mod module_path;
mod payload;
mod table;
mod throughput;

use measure::Plan;
use std::time::{Duration, Instant};

/// Samples per case: the tables report their median.
const REPETITIONS: usize = 7;
/// Fast operations are repeated until one sample lasts this long.
const SAMPLE_TIME: Duration = Duration::from_millis(30);

fn main() {
    let start = Instant::now();
    let plan = Plan { repetitions: REPETITIONS, sample_time: SAMPLE_TIME };
    println!("## evflow Rust benchmarks\n");
    println!("{}; median of {REPETITIONS} interleaved samples per case.\n", machine());
    decode::run(plan);
    throughput::run(plan);
    module_path::run(plan);
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
