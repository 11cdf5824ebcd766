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
    /// Parallel jobs: per worker slot.
    pub workers: Vec<WorkerStats>,
    /// Wall-clock time of the job, seconds.
    pub wall_s: f64,
    /// Whether the job was stopped early by a signal.
    pub interrupted: bool,
    /// Per-module statistics, the source first.
    pub modules: Vec<ModuleStats>,
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
        let _ = write!(
            out,
            "events: {} read, {} written, {} rejected, {} failed",
            self.read, self.written, self.rejected, self.failed
        );
        if self.processes > 0 {
            let _ = write!(
                out,
                ", {} retried, {} duplicates suppressed, {} workers restarted",
                self.retried, self.duplicates, self.restarts
            );
            if self.quarantined > 0 {
                let _ = write!(out, ", {} quarantined", self.quarantined);
            }
        }
        if !self.not_completed.is_empty() {
            let _ = write!(out, ", {} not completed", self.not_completed.len());
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
