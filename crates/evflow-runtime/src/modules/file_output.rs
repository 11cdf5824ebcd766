//! `FileOutput`: writes every event that reaches it to an `.evf` file.
//!
//! The file is created in `initialize` (with its directory, when that is missing) under a
//! temporary name, `.<name>.part`, and gets its final name when `terminate` closes it, also
//! after a job that stopped on an error or a signal, so whatever was processed is kept; its
//! closing record then says the file is not complete, and why (`job_ending`). A job killed
//! before `terminate` leaves the `.part` file, which `FileInput` reads up to its last
//! complete record.
//!
//! Events flagged `failed` (a module raised on them with `on_error="skip"`) are written
//! too, with their flag, so no event is silently dropped; rejected events never reach it.
//!
//! A path with `{run}` in it (`raw-{run}.evf`) is a file per run: each is created when its
//! run begins and closed, complete, when the run ends (a held topology's run stopped by
//! `evflow ctl stop`, or the next run beginning); the last one is closed at the end of the
//! job saying how the job ended.
//!
//! In a sink restarted after its process died (`JobContext::resume`), it continues the
//! `.part` file the dead process left (`FileWriter::resume`): the complete records stay, an
//! unfinished one is cut, and the seqs of the events kept are handed to the engine
//! (`Module::resumed`), which drops those events when they come again; with a file per run,
//! the file of the run the engine enters before it asks (the run going, or the last one). A
//! file the dead process had closed already (killed after it gave the file its final name)
//! is kept as it is, and its seqs are handed on the same way. `checkpoint` hands the
//! records written so far to the OS: they outlive the process.

use super::config::ConfigError;
use crate::log;
use crate::module::{Decision, HookResult, JobContext, JobEnd, Module, ModuleError, Severity};
use evflow_core::file::{
    part_path, zstd_levels, Completion, Compression, FileError, FileReader, FileWriter, IndexStatus, ReaderOptions,
    WriterOptions, WRITER_METADATA_KEYS,
};
use evflow_core::Event;
use serde_json::{Map, Value};
use std::path::PathBuf;

const MODULE: &str = "FileOutput";

/// What [`FileOutput`] writes and how.
#[derive(Debug, Clone, PartialEq)]
pub struct FileOutputConfig {
    /// The file to write; replaced if it exists.
    pub path: PathBuf,
    /// How records are compressed.
    pub compression: Compression,
    /// Extra JSON metadata stored in the file header, e.g. a steering summary.
    pub metadata: Map<String, Value>,
}

impl FileOutputConfig {
    /// Write to `path` with `compression` and no extra metadata.
    pub fn new(path: impl Into<PathBuf>, compression: Compression) -> FileOutputConfig {
        FileOutputConfig { path: path.into(), compression, metadata: Map::new() }
    }

    /// The compression named `name` (`"none"`, `"zstd"` or `"lz4"`), with the zstd `level` for
    /// zstd (`None`: [`Compression::DEFAULT_ZSTD_LEVEL`]).
    pub fn compression_named(name: &str, zstd_level: Option<i32>) -> Result<Compression, ConfigError> {
        match (name, zstd_level) {
            ("none", None) => Ok(Compression::None),
            ("lz4", None) => Ok(Compression::Lz4),
            ("zstd", None) => Ok(Compression::zstd()),
            ("zstd", Some(level)) => Ok(Compression::Zstd { level }),
            ("none" | "lz4", Some(level)) => {
                Err(ConfigError::new(MODULE, "level", level, format!("no level with compression {name:?}")))
            }
            _ => Err(ConfigError::new(MODULE, "compression", name, "\"none\", \"zstd\" or \"lz4\"")),
        }
    }

    /// The `.part` file it writes until it closes it (docs/formats.md, "Writing"); with
    /// `{run}` in the path, the pattern of the files per run.
    pub fn part_files(&self) -> Vec<PathBuf> {
        part_path(&self.path).into_iter().collect()
    }

    /// Checks every option, naming the first that is wrong.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.path.file_name().is_none() {
            return Err(ConfigError::new(MODULE, "path", &self.path, "a path that names a file"));
        }
        if self.path.is_dir() {
            return Err(ConfigError::new(MODULE, "path", &self.path, "a file name; this path is a directory"));
        }
        if let Compression::Zstd { level } = self.compression {
            let levels = zstd_levels();
            if !levels.contains(&level) {
                let allowed = format!("{} to {} (1 to 19 are the usual ones)", levels.start(), levels.end());
                return Err(ConfigError::new(MODULE, "level", level, allowed));
            }
        }
        if let Some(key) = WRITER_METADATA_KEYS.iter().find(|key| self.metadata.contains_key(**key)) {
            return Err(ConfigError {
                module: MODULE,
                option: format!("metadata[{key:?}]"),
                value: self.metadata[*key].to_string(),
                allowed: format!("keys other than {WRITER_METADATA_KEYS:?}, which evflow sets itself"),
            });
        }
        Ok(())
    }
}

/// The placeholder of a path that makes a file per run.
pub const RUN_PLACEHOLDER: &str = "{run}";

/// Writes events to an `.evf` file; see the module documentation.
pub struct FileOutput {
    config: FileOutputConfig,
    writer: Option<FileWriter>,
    /// The file being written (the path, or this run's file).
    current: PathBuf,
    written: u64,
    /// How the job ended, for the file's closing record (complete until told otherwise).
    completion: Completion,
    /// It continues the files an earlier process of its device left.
    resume: bool,
    /// The seqs of the events those files held, until the engine takes them.
    resumed: Vec<u64>,
}

impl std::fmt::Debug for FileOutput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileOutput")
            .field("config", &self.config)
            .field("open", &self.writer.is_some())
            .field("written", &self.written)
            .finish()
    }
}

impl FileOutput {
    /// An output as `config` says, or the first option that is wrong. Nothing is created
    /// before `initialize`.
    pub fn new(config: FileOutputConfig) -> Result<FileOutput, ConfigError> {
        config.validate()?;
        let current = config.path.clone();
        Ok(FileOutput {
            config,
            writer: None,
            current,
            written: 0,
            completion: Completion::complete(),
            resume: false,
            resumed: Vec::new(),
        })
    }

    /// Events written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// The file's final path (with `{run}`: as configured).
    pub fn path(&self) -> &std::path::Path {
        &self.config.path
    }

    /// Whether it writes a file per run.
    pub fn per_run(&self) -> bool {
        self.config.path.to_string_lossy().contains(RUN_PLACEHOLDER)
    }

    fn error(&self, what: &str, source: impl std::error::Error + Send + Sync + 'static) -> ModuleError {
        ModuleError::wrap(format!("{what} {}: {source}", self.current.display()), source)
    }

    /// Creates the file at `path` (with its directory, when that is missing).
    fn open(&mut self, path: PathBuf) -> HookResult {
        self.current = path;
        if let Some(dir) = self.current.parent().filter(|dir| !dir.as_os_str().is_empty() && !dir.exists()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                let message = format!("cannot create directory {} for {}: {e}", dir.display(), self.current.display());
                ModuleError::wrap(message, e)
            })?;
        }
        let options = WriterOptions { compression: self.config.compression, metadata: self.config.metadata.clone() };
        self.written = 0;
        let mut writer = if self.resume {
            if let Some(seqs) = self.closed_before() {
                log::info!("{} was closed before this process: kept as it is", self.current.display());
                self.written = seqs.len() as u64;
                self.resumed.extend(seqs);
                return Ok(());
            }
            let (writer, resumed) =
                FileWriter::resume(&self.current, options).map_err(|e| self.error("cannot continue", e))?;
            if resumed.found {
                log::info!(
                    "continuing {}: {} events kept, {} bytes of an unfinished record cut",
                    self.current.display(),
                    resumed.seqs.len(),
                    resumed.cut
                );
            }
            self.written = resumed.seqs.len() as u64;
            self.resumed.extend(resumed.seqs);
            writer
        } else {
            FileWriter::create(&self.current, options).map_err(|e| self.error("cannot create", e))?
        };
        // Nothing stays buffered: a parallel job forks after initialize, and a buffer copied
        // into two processes would be written twice.
        writer.flush().map_err(|e| self.error("cannot write", e))?;
        self.writer = Some(writer);
        Ok(())
    }

    /// In a restarted sink, the seqs of the file being opened when the process before it
    /// closed it already (killed after the file got its final name): no `.part` file is
    /// left, and the file is complete. `None`: there is a file to continue or to create.
    fn closed_before(&self) -> Option<Vec<u64>> {
        if part_path(&self.current).is_none_or(|part| part.exists()) {
            return None;
        }
        let mut reader = FileReader::open(&self.current, ReaderOptions::default()).ok()?;
        if !matches!(reader.index_status(), IndexStatus::Valid { .. }) || !reader.completion().complete {
            return None;
        }
        let mut seqs = Vec::new();
        while let Some(event) = reader.next_event().ok()? {
            seqs.push(event.meta.seq);
        }
        Some(seqs)
    }

    /// Closes the file being written, as `completion` says, under its final name.
    fn close(&mut self, completion: &Completion) -> HookResult {
        let Some(writer) = self.writer.take() else { return Ok(()) };
        writer.close_as(completion).map_err(|e| self.error("cannot close", e))?;
        match &completion.reason {
            None => log::info!("wrote {} events to {}", self.written, self.current.display()),
            Some(why) => {
                log::info!("wrote {} events to {}, marked incomplete: {why}", self.written, self.current.display())
            }
        }
        Ok(())
    }
}

impl Module for FileOutput {
    fn name(&self) -> &str {
        MODULE
    }

    fn sees_failed(&self) -> bool {
        true
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        self.resume = ctx.resume;
        if self.per_run() {
            return Ok(()); // each run's file is created when the run begins
        }
        self.open(self.config.path.clone())
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        if !self.per_run() {
            return Ok(());
        }
        let path = self.config.path.to_string_lossy().replace(RUN_PLACEHOLDER, &run.to_string());
        self.open(PathBuf::from(path))
    }

    fn end_run(&mut self, _run: u32) -> HookResult {
        if !self.per_run() {
            return Ok(());
        }
        let completion = self.completion.clone();
        self.close(&completion)
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let Some(writer) = self.writer.as_mut() else {
            return Err(ModuleError::msg(format!(
                "{} is not open: initialize (or begin_run) was not called, or terminate already was",
                self.current.display()
            )));
        };
        if let Err(e) = writer.write(event) {
            // An event too large for any reader fails alone; an output that cannot write
            // would lose every later event, so then the job stops.
            let severity = if matches!(e, FileError::FrameTooLarge { .. }) { Severity::Event } else { Severity::Fatal };
            let what = format!("cannot write run {} event {} to", event.meta.run, event.meta.event);
            return Err(ModuleError { severity, ..self.error(&what, e) });
        }
        self.written += 1;
        Ok(Decision::Keep)
    }

    fn checkpoint(&mut self) -> HookResult {
        match self.writer.as_mut() {
            Some(writer) => writer.flush().map_err(|e| self.error("cannot write", e)),
            None => Ok(()),
        }
    }

    /// The seqs of the file it continued; from now on, the files of later runs are created
    /// anew (one left by an earlier job is replaced).
    fn resumed(&mut self) -> Vec<u64> {
        self.resume = false;
        std::mem::take(&mut self.resumed)
    }

    fn job_ending(&mut self, end: &JobEnd) {
        self.completion = match end.reason() {
            None => Completion::complete(),
            Some(reason) => Completion::incomplete(reason),
        };
    }

    /// Closes the file, saying whether the job finished, and gives it its final name; a
    /// second call does nothing.
    fn terminate(&mut self) -> HookResult {
        let completion = self.completion.clone();
        self.close(&completion)
    }

    fn part_files(&self) -> Vec<PathBuf> {
        self.config.part_files()
    }
}
