//! The job directory: what children leave for the monitor that does not fit the board (the
//! errors that stopped them, their mergeable objects, the events not completed), and the
//! ipc sockets. Removed at the end of the job.

use super::tmpdir::Claim;
use crate::job::{Hook, JobError};
use crate::module::{ModuleError, Origin, Severity};
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

/// The job directory of one job, claimed by the process that made it (and its forked
/// children) until they are all gone ([`super::tmpdir`]).
#[derive(Debug)]
pub struct JobDir {
    path: PathBuf,
    _claim: Claim,
}

impl JobDir {
    /// Makes a fresh directory for the job under the temporary directory.
    pub fn create(session: &str) -> std::io::Result<JobDir> {
        let claim = Claim::take(session, true)?;
        Ok(JobDir { path: claim.path().to_path_buf(), _claim: claim })
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

    /// The errors children recorded, oldest first, with the process that had each. A record
    /// that cannot be read is an error of the engine, never dropped.
    pub fn errors(&self) -> Vec<(String, JobError)> {
        let mut names = self.files("error-");
        names.sort();
        names.into_iter().map(|file| Self::read_error(&file)).collect()
    }

    fn read_error(file: &Path) -> (String, JobError) {
        let record = std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<ErrorRecord>(&text).map_err(|e| e.to_string()));
        let r = match record {
            Ok(r) => r,
            Err(e) => {
                let message = format!(
                    "a process of the job stopped with an error whose record {} cannot be read ({e}); \
                     the job is not complete",
                    file.display()
                );
                return ("evf-monitor".into(), JobError::engine(message));
            }
        };
        let hook = HOOKS.into_iter().find(|h| h.to_string() == r.hook).unwrap_or(Hook::Event);
        let origin = r.origin;
        let mut error = ModuleError::msg(r.message).with_origin(move || origin.clone());
        if r.fatal {
            error.severity = Severity::Fatal;
        }
        let e = JobError { module: r.module, is_source: r.is_source, hook, run: r.run, event: r.event, error };
        (r.process, e)
    }

    /// Whether process `pid` left an error record.
    pub fn has_error_from(&self, pid: libc::pid_t) -> bool {
        let suffix = format!("-{pid}.json");
        self.files("error-").iter().any(|f| f.to_string_lossy().ends_with(&suffix))
    }

    /// Stores a child's mergeable objects.
    pub fn write_mergeables(&self, process: &str, bytes: &[u8]) -> std::io::Result<()> {
        std::fs::write(self.path.join(format!("merge-{process}-{}.bin", std::process::id())), bytes)
    }

    /// Every child's mergeable objects.
    pub fn mergeables(&self) -> Vec<(PathBuf, std::io::Result<Vec<u8>>)> {
        self.files("merge-").into_iter().map(|f| (f.clone(), std::fs::read(&f))).collect()
    }

    /// Where process `process` writes its mergeable objects for cut `cut` (docs/root.md,
    /// "Cuts in a parallel job").
    pub fn cut_file(&self, cut: u64, process: &str) -> PathBuf {
        self.path.join(format!("cut-{cut}-{process}.npz"))
    }

    /// The files written for cut `cut`.
    pub fn cut_files(&self, cut: u64) -> Vec<PathBuf> {
        let mut files = self.files(&format!("cut-{cut}-"));
        files.sort();
        files
    }

    /// Removes the files of cut `cut` (taken or given up).
    pub fn remove_cut(&self, cut: u64) {
        for file in self.cut_files(cut) {
            let _ = std::fs::remove_file(file);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreadable_error_record_is_an_engine_error() {
        let dir = JobDir::create(&format!("test-jobdir-{}", std::process::id())).unwrap();
        let error = JobError { module: "Reco".into(), ..JobError::engine("boom") };
        dir.write_error("evf-worker-1", &error);
        assert!(dir.has_error_from(libc::pid_t::try_from(std::process::id()).unwrap()));
        assert!(!dir.has_error_from(1));
        std::fs::write(dir.path().join("error-99999999999999999999-1.json"), "{\"process\": ").unwrap();
        let errors = dir.errors();
        dir.remove();
        assert_eq!(errors.len(), 2);
        assert_eq!((errors[0].0.as_str(), errors[0].1.module.as_str()), ("evf-worker-1", "Reco"));
        assert!(errors[1].1.module.is_empty(), "the engine's own error");
        assert!(errors[1].1.to_string().contains("cannot be read"), "{}", errors[1].1);
    }
}
