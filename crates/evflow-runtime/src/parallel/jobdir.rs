//! The job directory: what children leave for the monitor that does not fit the board (the
//! errors that stopped them, their mergeable objects, the events not completed), and the
//! ipc sockets. Removed at the end of the job.

use crate::module::{ModuleError, Origin, Severity};
use crate::sequential::{Hook, JobError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A job error as a child writes it.
#[derive(Debug, Serialize, Deserialize)]
struct ErrorRecord {
    process: String,
    module: String,
    is_source: bool,
    hook: String,
    run: Option<u32>,
    event: Option<u64>,
    message: String,
    fatal: bool,
    /// Where it was raised: the monitor shows it as the process that raised it would.
    #[serde(default)]
    origin: Origin,
}

const HOOKS: [Hook; 6] = [Hook::Initialize, Hook::BeginRun, Hook::Event, Hook::Read, Hook::EndRun, Hook::Terminate];

/// The job directory of one job.
#[derive(Debug, Clone)]
pub struct JobDir {
    path: PathBuf,
}

impl JobDir {
    /// Makes a fresh directory for the job under the temporary directory.
    pub fn create(session: &str) -> std::io::Result<JobDir> {
        let path = std::env::temp_dir().join(format!("evflow-{session}"));
        std::fs::create_dir_all(&path)?;
        Ok(JobDir { path })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records an error of process `process` (e.g. `evf-worker-1`). Files are named by the
    /// time they were written, so the monitor reads the one that stopped the job first.
    pub fn write_error(&self, process: &str, error: &JobError) {
        let record = ErrorRecord {
            process: process.to_string(),
            module: error.module.clone(),
            is_source: error.is_source,
            hook: error.hook.to_string(),
            run: error.run,
            event: error.event,
            message: error.error.to_string(),
            fatal: error.error.severity != Severity::Event,
            origin: error.error.origin(),
        };
        let name = format!("error-{:020}-{}.json", super::board::monotonic_ns(), std::process::id());
        let text = serde_json::to_string(&record).expect("error record serializes");
        if let Err(e) = std::fs::write(self.path.join(name), text) {
            crate::log::error!("{process}: cannot record the error for the monitor ({e}): {error}");
        }
    }

    /// The errors children recorded, oldest first, with the process that had each.
    pub fn errors(&self) -> Vec<(String, JobError)> {
        let mut names = self.files("error-");
        names.sort();
        names
            .into_iter()
            .filter_map(|file| {
                let text = std::fs::read_to_string(&file).ok()?;
                let r: ErrorRecord = serde_json::from_str(&text).ok()?;
                let hook = HOOKS.into_iter().find(|h| h.to_string() == r.hook).unwrap_or(Hook::Event);
                let origin = r.origin;
                let mut error = ModuleError::msg(r.message).with_origin(move || origin.clone());
                if r.fatal {
                    error.severity = Severity::Fatal;
                }
                let e = JobError { module: r.module, is_source: r.is_source, hook, run: r.run, event: r.event, error };
                Some((r.process, e))
            })
            .collect()
    }

    /// Stores a child's mergeable objects.
    pub fn write_mergeables(&self, process: &str, bytes: &[u8]) -> std::io::Result<()> {
        std::fs::write(self.path.join(format!("merge-{process}-{}.bin", std::process::id())), bytes)
    }

    /// Every child's mergeable objects.
    pub fn mergeables(&self) -> Vec<(PathBuf, std::io::Result<Vec<u8>>)> {
        self.files("merge-").into_iter().map(|f| (f.clone(), std::fs::read(&f))).collect()
    }

    /// Stores the seqs the output did not complete, and the number of events read when it
    /// looked: any read after that cannot have been completed either.
    pub fn write_not_completed(&self, seqs: &[u64], read: u64) {
        let text = serde_json::json!({ "seqs": seqs, "read": read }).to_string();
        if let Err(e) = std::fs::write(self.path.join("not-completed.json"), text) {
            crate::log::error!("cannot record the {} events not completed ({e})", seqs.len());
        }
    }

    /// The seqs not completed, given that `read` events were read in all: those the output
    /// listed, and those read after it looked.
    pub fn not_completed(&self, read: u64) -> Vec<u64> {
        let Ok(text) = std::fs::read_to_string(self.path.join("not-completed.json")) else { return Vec::new() };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else { return Vec::new() };
        let mut seqs: Vec<u64> = value["seqs"].as_array().into_iter().flatten().filter_map(|v| v.as_u64()).collect();
        let seen = value["read"].as_u64().unwrap_or(read);
        seqs.extend(seen..read);
        seqs
    }

    fn files(&self, prefix: &str) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.path) else { return Vec::new() };
        entries
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
            .map(|e| e.path())
            .collect()
    }

    /// Removes the directory and everything in it.
    pub fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
