//! Job statistics: per-module calls and times, event counts, and the JSON report.

use serde::Serialize;
use std::fmt::Write;

/// Calls and time of one module (or of the source).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ModuleStats {
    /// Module name, unique within the path.
    pub name: String,
    /// Events the module was called for.
    pub calls: u64,
    /// Events the module raised on: with `on_error="skip"` they went on flagged failed, with
    /// `"stop"` the first one stopped the job.
    pub failed: u64,
    /// Total time in the module's event hook (for the source: reading), seconds.
    pub total_s: f64,
    /// How much the process's peak resident memory grew during the module's hooks, bytes
    /// (docs/operations.md, "Memory per module": `initialize`, and event calls while growth
    /// is being looked for).
    pub rss_growth_bytes: u64,
}

impl ModuleStats {
    /// Mean time per call in microseconds (0 without calls).
    pub fn mean_us(&self) -> f64 {
        if self.calls == 0 {
            0.0
        } else {
            self.total_s * 1e6 / self.calls as f64
        }
    }
}

/// What one worker slot of a parallel job did (all its processes together).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct WorkerStats {
    /// Events it processed (retries included).
    pub events: u64,
    /// Replacement processes started for it.
    pub restarts: u64,
    /// Of `events`, those its modules rejected (not passed on to the output).
    pub rejected: u64,
}

/// Events read and written by a time of the job.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct RatePoint {
    /// Seconds since the job started.
    pub t_s: f64,
    /// Events read by then.
    pub read: u64,
    /// Events written by then.
    pub written: u64,
}

/// Most points of a job's rate series: past it, every other point is dropped and points
/// are taken half as often, so a long job's series stays small and spans the whole job.
pub const MAX_RATE_POINTS: usize = 512;

/// A job's progress over time, taken at each look of its watcher (every 250 ms).
#[derive(Debug, Clone, Default)]
pub struct RateSeries {
    points: Vec<RatePoint>,
    /// Looks between two points kept.
    stride: usize,
    looks: usize,
}

impl RateSeries {
    /// Notes the counts at time `t_s` (one look).
    pub fn look(&mut self, t_s: f64, read: u64, written: u64) {
        self.stride = self.stride.max(1);
        self.looks += 1;
        if !(self.looks - 1).is_multiple_of(self.stride) {
            return;
        }
        self.points.push(RatePoint { t_s, read, written });
        if self.points.len() >= MAX_RATE_POINTS {
            let kept = self.points.iter().step_by(2).copied().collect();
            self.points = kept;
            self.stride *= 2;
        }
    }

    /// The points, the last at `t_s` with the final counts.
    pub fn finish(mut self, t_s: f64, read: u64, written: u64) -> Vec<RatePoint> {
        if self.points.last().is_none_or(|p| p.t_s < t_s) {
            self.points.push(RatePoint { t_s, read, written });
        }
        self.points
    }
}

/// What a job did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Report {
    /// Events read from the source.
    pub read: u64,
    /// Events that went through the whole path (failed ones included).
    pub accepted: u64,
    /// Events the outputs wrote: the same as `accepted`.
    pub written: u64,
    /// Events a module rejected.
    pub rejected: u64,
    /// Events flagged failed because a module raised (`on_error="skip"`).
    pub failed: u64,
    /// Parallel jobs: events sent to a worker again after a worker died on them.
    pub retried: u64,
    /// Parallel jobs: results dropped because the output had that event already.
    pub duplicates: u64,
    /// Parallel jobs: poison events written to the quarantine file.
    pub quarantined: u64,
    /// Parallel jobs: replacement workers started.
    pub restarts: u64,
    /// Worker processes (0: the job ran in one process).
    pub processes: u64,
    /// Seqs of events read but not completed (the job was stopped early or by an error).
    pub not_completed: Vec<u64>,
    /// A resumed job: input positions passed over, every output had them (docs/steering.md,
    /// "Resuming a job"); not counted in `read`.
    pub resumed: u64,
    /// Parallel jobs: per worker slot.
    pub workers: Vec<WorkerStats>,
    /// Wall-clock time of the job, seconds.
    pub wall_s: f64,
    /// Whether the job was stopped early by a signal.
    pub interrupted: bool,
    /// Per-module statistics, the source first.
    pub modules: Vec<ModuleStats>,
    /// Events read and written over time (about every 250 ms, thinned on long jobs).
    pub rate_series: Vec<RatePoint>,
}

impl Report {
    /// Events read per second of wall-clock time.
    pub fn events_per_s(&self) -> f64 {
        if self.wall_s > 0.0 {
            self.read as f64 / self.wall_s
        } else {
            0.0
        }
    }

    /// The report as pretty JSON, with derived means and rates included.
    pub fn to_json(&self) -> String {
        let mut value = serde_json::to_value(self).expect("report serializes");
        value["events_per_s"] = self.events_per_s().into();
        if let Some(mods) = value["modules"].as_array_mut() {
            for (m, stats) in mods.iter_mut().zip(&self.modules) {
                m["mean_us"] = stats.mean_us().into();
            }
        }
        serde_json::to_string_pretty(&value).expect("report serializes")
    }

    /// The statistics table printed at the end of a job.
    pub fn table(&self) -> String {
        let width = self.modules.iter().map(|m| m.name.len()).max().unwrap_or(6).max(6);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<width$} {:>12} {:>8} {:>12} {:>12}",
            "module", "calls", "failed", "total [s]", "mean [us]"
        );
        for m in &self.modules {
            let _ = writeln!(
                out,
                "{:<width$} {:>12} {:>8} {:>12.3} {:>12.2}",
                m.name,
                m.calls,
                m.failed,
                m.total_s,
                m.mean_us()
            );
        }
        if self.processes > 0 {
            let counts: Vec<String> = self.workers.iter().map(|w| w.events.to_string()).collect();
            let _ = writeln!(out, "events per worker: {}", counts.join(" "));
        }
        out.push_str(&self.totals());
        out
    }

    /// The last line of [`Report::table`]: the job's counts, time and rate (`events: 900
    /// read, 771 written, 129 rejected, ...`). `evflow up` ends its summary with it too.
    pub fn totals(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "events: {} read, {} written, {} rejected, {} failed",
            self.read, self.written, self.rejected, self.failed
        );
        if self.processes > 0 {
            let processes = if self.restarts == 1 { "process" } else { "processes" };
            let _ = write!(
                out,
                ", {} retried, {} duplicates suppressed, {} {processes} restarted",
                self.retried, self.duplicates, self.restarts
            );
            if self.quarantined > 0 {
                let _ = write!(out, ", {} quarantined", self.quarantined);
            }
        }
        if !self.not_completed.is_empty() {
            let _ = write!(out, ", {} not completed", self.not_completed.len());
        }
        if self.resumed > 0 {
            let _ = write!(out, ", {} passed over (the outputs had them)", self.resumed);
        }
        let _ = write!(
            out,
            " in {:.2} s ({:.0} events/s){}",
            self.wall_s,
            self.events_per_s(),
            if self.interrupted { " [interrupted]" } else { "" }
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_series_is_thinned_and_spans_the_whole_job() {
        let mut series = RateSeries::default();
        for look in 0..10_000u64 {
            series.look(look as f64 * 0.25, look * 10, look * 5);
        }
        let points = series.finish(2500.0, 100_000, 50_000);
        assert!(points.len() < MAX_RATE_POINTS, "{}", points.len());
        assert_eq!(points[0], RatePoint { t_s: 0.0, read: 0, written: 0 });
        assert_eq!(*points.last().unwrap(), RatePoint { t_s: 2500.0, read: 100_000, written: 50_000 });
        assert!(points.windows(2).all(|w| w[0].t_s < w[1].t_s && w[0].read <= w[1].read));
    }
}
