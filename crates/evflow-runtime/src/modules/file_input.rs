//! `FileInput`: reads events from one or more `.evf` files, in order.
//!
//! Damage is handled the way the file format's policy says:
//!
//! - a file that merely ends early (its writer crashed, a copy was cut short) is read up to
//!   its last complete record; a warning names the file, the byte offset where reading
//!   stopped and why, and reading goes on with the next file;
//! - a corrupt record in the middle of a file stops the job with an error that names the
//!   file and the offset, unless `skip_corrupt` is set: then the record is skipped, a
//!   warning names its offset, and [`FileInput::skipped`] counts it;
//! - a file that cannot be opened is an error in `initialize`, before any event is read.
//!
//! Events keep the run, event number and flags they were written with.

use super::config::ConfigError;
use crate::log;
use crate::module::{HookResult, JobContext, ModuleError, Source};
use evflow_core::file::{FileReader, IndexStatus, ReaderOptions};
use evflow_core::wire::DecodeLimits;
use evflow_core::Event;
use std::path::PathBuf;

const MODULE: &str = "FileInput";

/// What [`FileInput`] reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileInputConfig {
    /// Files, read one after the other; at least one.
    pub paths: Vec<PathBuf>,
    /// Skip corrupt records (with a warning each) instead of stopping the job.
    pub skip_corrupt: bool,
    /// Bounds on the frames read, so a damaged file cannot make the reader allocate at will.
    pub limits: DecodeLimits,
}

impl FileInputConfig {
    /// Read `paths` in order; corrupt records stop the job unless `skip_corrupt`.
    pub fn new(paths: Vec<PathBuf>, skip_corrupt: bool) -> FileInputConfig {
        FileInputConfig { paths, skip_corrupt, limits: DecodeLimits::DEFAULT }
    }

    /// Checks every option, naming the first that is wrong.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.paths.is_empty() {
            return Err(ConfigError::new(MODULE, "paths", &self.paths, "at least one file"));
        }
        if let Some(i) = self.paths.iter().position(|p| p.as_os_str().is_empty()) {
            return Err(ConfigError::new(MODULE, format!("paths[{i}]"), &self.paths[i], "a file name"));
        }
        if self.limits.max_frame_len == 0 || self.limits.max_entries == 0 {
            return Err(ConfigError::new(MODULE, "limits", self.limits, "limits above 0"));
        }
        Ok(())
    }

    fn reader_options(&self) -> ReaderOptions {
        ReaderOptions { skip_corrupt: self.skip_corrupt, limits: self.limits }
    }
}

/// Reads events from `.evf` files; see the module documentation.
pub struct FileInput {
    config: FileInputConfig,
    /// The file being read, and its position in `config.paths`.
    reader: Option<FileReader>,
    file_index: usize,
    /// Skipped records of the current file already warned about.
    warned_skips: usize,
    /// Skipped records of the files already closed.
    skipped_before: u64,
    /// Events read from the current file.
    events_in_file: u64,
}

impl std::fmt::Debug for FileInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileInput")
            .field("config", &self.config)
            .field("file_index", &self.file_index)
            .field("skipped", &self.skipped())
            .finish_non_exhaustive()
    }
}

impl FileInput {
    /// A source reading what `config` says, or the first option that is wrong. Files are
    /// opened in `initialize` (the first) and as reading reaches them (the others).
    pub fn new(config: FileInputConfig) -> Result<FileInput, ConfigError> {
        config.validate()?;
        Ok(FileInput { config, reader: None, file_index: 0, warned_skips: 0, skipped_before: 0, events_in_file: 0 })
    }

    /// Corrupt records skipped so far, over all files (only with `skip_corrupt`).
    pub fn skipped(&self) -> u64 {
        self.skipped_before + self.reader.as_ref().map_or(0, FileReader::skipped)
    }

    fn open(&self, index: usize) -> HookResult<FileReader> {
        let path = &self.config.paths[index];
        FileReader::open(path, self.config.reader_options())
            .map_err(|e| ModuleError::wrap(format!("cannot read input file: {e}"), e))
    }

    /// Warns about the records of the current file skipped since the last warning.
    fn warn_new_skips(&mut self) {
        let Some(reader) = &self.reader else { return };
        for record in &reader.skipped_records()[self.warned_skips..] {
            log::warn!(
                "{}: skipped corrupt record at byte {}: {}",
                reader.path().display(),
                record.offset,
                record.reason
            );
        }
        self.warned_skips = reader.skipped_records().len();
    }

    /// Closes the current file, warning when it was cut short, and opens the next one;
    /// false when there is none.
    fn next_file(&mut self) -> HookResult<bool> {
        if let Some(reader) = self.reader.take() {
            if let Some(stopped) = reader.stopped() {
                log::warn!(
                    "{}: file ends early, {} events read from it; reading stopped at byte {}: {}",
                    reader.path().display(),
                    self.events_in_file,
                    stopped.offset,
                    stopped.reason
                );
            }
            self.skipped_before += reader.skipped();
            self.file_index += 1;
        }
        if self.file_index >= self.config.paths.len() {
            return Ok(false);
        }
        let reader = self.open(self.file_index)?;
        // A file its writer did not close is warned about where reading stops.
        if let (Some(why), IndexStatus::Valid { .. }) = (&reader.completion().reason, reader.index_status()) {
            log::warn!(
                "{}: written by a job that did not finish ({why}): it holds only the events that job wrote",
                reader.path().display()
            );
        }
        self.reader = Some(reader);
        self.warned_skips = 0;
        self.events_in_file = 0;
        // A damaged file header skipped on open is reported like a skipped record.
        self.warn_new_skips();
        Ok(true)
    }
}

impl Source for FileInput {
    fn name(&self) -> &str {
        MODULE
    }

    /// Opens the first file and checks that the others can be opened, so a missing or
    /// unreadable file stops the job before it starts.
    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        for path in &self.config.paths[1..] {
            if let Err(e) = std::fs::File::open(path) {
                return Err(ModuleError::wrap(format!("cannot open input file {}: {e}", path.display()), e));
            }
        }
        self.reader = None;
        self.file_index = 0;
        self.skipped_before = 0;
        self.next_file()?;
        Ok(())
    }

    /// The sum of the events the files' indexes list, when every file has an intact index
    /// (files are not scanned to count their records).
    fn expected_events(&self) -> Option<u64> {
        let options = self.config.reader_options();
        self.config.paths.iter().try_fold(0u64, |total, path| {
            match FileReader::open(path, options).ok()?.index_status() {
                IndexStatus::Valid { events } => total.checked_add(*events),
                IndexStatus::Missing | IndexStatus::Invalid(_) => None,
            }
        })
    }

    /// Goes to `position` through the files' indexes (a file without one is scanned once).
    fn seek(&mut self, position: u64) -> HookResult<bool> {
        let mut left = position;
        loop {
            let Some(reader) = self.reader.as_mut() else { return Ok(true) };
            let events = reader.len() as u64;
            if left <= events {
                reader.seek_to(left as usize);
                self.events_in_file = left;
                return Ok(true);
            }
            left -= events;
            self.events_in_file = events;
            if !self.next_file()? {
                return Ok(true);
            }
        }
    }

    /// Each file's path, size and index checksum ([`FileReader::identity_checksum`]).
    fn identity(&self) -> Option<serde_json::Value> {
        let files = self.config.paths.iter().map(|path| {
            let reader = FileReader::open(path, self.config.reader_options()).ok();
            let checksum = reader.as_ref().and_then(|r| r.identity_checksum().ok());
            serde_json::json!({
                "path": path.display().to_string(),
                "size": reader.as_ref().map(FileReader::file_len),
                "index_crc32c": checksum,
            })
        });
        Some(serde_json::json!({ "files": files.collect::<Vec<_>>() }))
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        loop {
            let Some(reader) = self.reader.as_mut() else {
                if !self.next_file()? {
                    return Ok(None);
                }
                continue;
            };
            let result = reader.next_event();
            self.warn_new_skips();
            match result {
                Ok(Some(event)) => {
                    self.events_in_file += 1;
                    return Ok(Some(event));
                }
                Ok(None) => {
                    if !self.next_file()? {
                        return Ok(None);
                    }
                }
                Err(e) => {
                    return Err(ModuleError::wrap(e.to_string(), e));
                }
            }
        }
    }

    fn terminate(&mut self) -> HookResult {
        if let Some(reader) = self.reader.take() {
            self.skipped_before += reader.skipped();
        }
        Ok(())
    }
}
