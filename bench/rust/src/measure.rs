//! Timing on a shared, noisy machine: every case of a section is run once per repetition,
//! in turn, so a baseline and the cases compared with it see the same machine state; the
//! tables report medians over the repetitions.

use std::time::{Duration, Instant};

/// How a section is measured.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Samples per case; the tables show their median.
    pub repetitions: usize,
    /// Shortest duration of one sample: fast operations are repeated to last this long.
    pub sample_time: Duration,
}

/// Runs `n` operations and returns the time they took. The body decides what is timed, so
/// set-up and tear-down (opening, closing a file) can stay outside the measurement.
type Body<'a> = Box<dyn FnMut(u64) -> Duration + 'a>;

/// One thing to measure.
pub struct Case<'a> {
    name: String,
    bytes_per_op: u64,
    body: Body<'a>,
}

impl<'a> Case<'a> {
    /// A case whose body times itself; `bytes_per_op` is 0 where throughput means nothing.
    pub fn new(name: impl Into<String>, bytes_per_op: u64, body: impl FnMut(u64) -> Duration + 'a) -> Case<'a> {
        Case { name: name.into(), bytes_per_op, body: Box::new(body) }
    }

    /// A case that times `n` calls of `op`, all of it.
    pub fn timed(name: impl Into<String>, bytes_per_op: u64, mut op: impl FnMut() + 'a) -> Case<'a> {
        Case::new(name, bytes_per_op, move |n| {
            let start = Instant::now();
            for _ in 0..n {
                op();
            }
            start.elapsed()
        })
    }

    /// The number of operations that make one sample last about `target`; the runs that
    /// find it also warm caches and allocators up.
    fn calibrate(&mut self, target: Duration) -> u64 {
        let mut n = 1u64;
        loop {
            let took = (self.body)(n);
            if took >= target {
                return n;
            }
            if took >= target / 8 {
                let scale = target.as_secs_f64() / took.as_secs_f64();
                return ((n as f64 * scale).ceil() as u64).max(1);
            }
            n *= 2;
        }
    }
}

/// The samples of one case: seconds per operation, one per repetition, in run order.
#[derive(Debug, Clone)]
pub struct Samples {
    /// The case's name.
    pub name: String,
    /// Bytes one operation processes (0: not a throughput case).
    pub bytes_per_op: u64,
    secs_per_op: Vec<f64>,
}

impl Samples {
    /// Median seconds per operation.
    pub fn secs(&self) -> f64 {
        median(self.secs_per_op.clone())
    }

    /// Median throughput in GB/s (10^9 bytes per second).
    pub fn gb_per_s(&self) -> f64 {
        median(self.secs_per_op.iter().map(|s| self.bytes_per_op as f64 / s / 1e9).collect())
    }

    /// Median operations per second.
    pub fn ops_per_s(&self) -> f64 {
        median(self.secs_per_op.iter().map(|s| 1.0 / s).collect())
    }

    /// (slowest - fastest) / median sample, as a fraction: how noisy the case was.
    pub fn spread(&self) -> f64 {
        let fastest = self.secs_per_op.iter().copied().fold(f64::INFINITY, f64::min);
        let slowest = self.secs_per_op.iter().copied().fold(0.0, f64::max);
        (slowest - fastest) / self.secs()
    }

    /// Median over repetitions of this case's time per operation over `base`'s, each pair
    /// taken in the same repetition.
    pub fn time_ratio(&self, base: &Samples) -> f64 {
        median(self.paired(base).map(|(t, b)| t / b).collect())
    }

    /// Median over repetitions of this case's throughput over `base`'s, each pair taken in
    /// the same repetition.
    pub fn speed_ratio(&self, base: &Samples) -> f64 {
        let (bytes, base_bytes) = (self.bytes_per_op as f64, base.bytes_per_op as f64);
        median(self.paired(base).map(|(t, b)| (bytes / t) / (base_bytes / b)).collect())
    }

    /// Median over repetitions of `(self - base) / divisor` seconds: the cost of what this
    /// case adds to `base`, per unit of `divisor`.
    pub fn extra_secs(&self, base: &Samples, divisor: f64) -> f64 {
        median(self.paired(base).map(|(t, b)| (t - b) / divisor).collect())
    }

    fn paired<'s>(&'s self, base: &'s Samples) -> impl Iterator<Item = (f64, f64)> + 's {
        self.secs_per_op.iter().copied().zip(base.secs_per_op.iter().copied())
    }
}

/// Measures `cases`, interleaved: each repetition runs every case once, in order.
pub fn run(mut cases: Vec<Case<'_>>, plan: Plan) -> Vec<Samples> {
    let ops: Vec<u64> = cases.iter_mut().map(|case| case.calibrate(plan.sample_time)).collect();
    let mut samples: Vec<Samples> = cases
        .iter()
        .map(|c| Samples { name: c.name.clone(), bytes_per_op: c.bytes_per_op, secs_per_op: Vec::new() })
        .collect();
    for _ in 0..plan.repetitions {
        for ((case, &n), out) in cases.iter_mut().zip(&ops).zip(&mut samples) {
            let took = (case.body)(n);
            out.secs_per_op.push(took.as_secs_f64() / n as f64);
        }
    }
    samples
}

/// The samples of the case called `name`.
pub fn find<'s>(samples: &'s [Samples], name: &str) -> &'s Samples {
    samples.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("no case called {name:?}"))
}

fn median(mut values: Vec<f64>) -> f64 {
    assert!(!values.is_empty(), "median of no samples");
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}
