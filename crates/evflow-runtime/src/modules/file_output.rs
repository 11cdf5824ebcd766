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
//!
//! While it writes it records, at most once a second, what the job has accounted for (a
//! progress record: docs/formats.md), so that a job killed mid-way can be resumed from the
//! file (docs/steering.md, "Resuming a job"): `recover` reads what a killed run left and
//! checks it was this job, `initialize` goes on with it, and events it holds already are
//! not written again. With `{run}`, every run's file there is recovered, and each is
//! continued when its run begins again.

use super::config::ConfigError;
use crate::log;
use crate::module::{Decision, HookResult, JobContext, JobEnd, Module, ModuleError, Severity};
use crate::resume::{check_job, Recovered};
use evflow_core::file::{
    accounted_record, part_path, recover, resumed_record, zstd_levels, Completion, Compression, FileError, FileReader,
    FileWriter, IndexStatus, ReaderOptions, Recovery, WriterOptions, MAX_BUFFER_AGE, PART_SUFFIX, WRITER_METADATA_KEYS,
};
use evflow_core::Event;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

const MODULE: &str = "FileOutput";

/// The key of the job's record (steering file, path, seed, inputs) in an output file's
/// header (docs/steering.md, "Resuming a job").
pub const JOB_METADATA_KEY: &str = "job";

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
    /// A resumed job: what a killed run left of each file, by its final path, to go on with
    /// when the file is opened (in `initialize`, or as its run begins).
    recoveries: BTreeMap<PathBuf, Recovery>,
    /// A resumed job: the seqs the file held already, sorted (not written again).
    kept: Vec<u64>,
    /// A resumed job whose file is complete already: nothing is written.
    complete_before: bool,
    /// A resumed job: its steering file's text changed since the file was begun.
    steering_changed: bool,
    /// Every seq below this reached it or never will (`Module::accounted`).
    accounted: u64,
    /// The job writes in input order (`JobContext::ordered`).
    ordered: bool,
    /// The seq of the last record in the file, and whether the records are in seq order.
    last_seq: Option<u64>,
    in_order: bool,
    /// What the last progress record says, and when it was written.
    told: (u64, Instant),
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
            recoveries: BTreeMap::new(),
            kept: Vec::new(),
            complete_before: false,
            steering_changed: false,
            accounted: 0,
            ordered: false,
            last_seq: None,
            in_order: true,
            told: (0, Instant::now()),
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

    /// The job its file records (`job` in its metadata), null when none was given.
    fn job(&self) -> &Value {
        self.config.metadata.get(JOB_METADATA_KEY).unwrap_or(&Value::Null)
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
        (self.in_order, self.last_seq) = (true, None);
        let mut writer = if let Some(recovery) = self.recoveries.remove(&self.current) {
            let kept = recovery.seqs.len() as u64;
            self.in_order = recovery.seqs.windows(2).all(|w| w[0] < w[1]);
            self.last_seq = recovery.seqs.last().copied();
            let accounted = recovery.progress.accounted.unwrap_or(0);
            let mut writer =
                FileWriter::continue_recovered(recovery, options).map_err(|e| self.error("cannot continue", e))?;
            writer
                .write_progress(&resumed_record(kept, accounted, self.steering_changed))
                .map_err(|e| self.error("cannot write", e))?;
            log::info!(
                "resuming {}: {kept} events kept, going on from input position {accounted}",
                self.current.display()
            );
            self.written = kept;
            self.told = (accounted, Instant::now());
            writer
        } else if self.resume {
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
            // A resumed job's file that a restarted sink continues may hold them out of order.
            self.in_order = resumed.seqs.windows(2).all(|w| w[0] < w[1]);
            self.last_seq = resumed.seqs.last().copied();
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

    /// Writes a progress record when what it says would change.
    fn tell_progress(&mut self) -> HookResult {
        let Some(writer) = self.writer.as_mut().filter(|_| self.accounted > self.told.0) else { return Ok(()) };
        if let Err(e) = writer.write_progress(&accounted_record(self.accounted)) {
            return Err(ModuleError { severity: Severity::Fatal, ..self.error("cannot write", e) });
        }
        self.told = (self.accounted, Instant::now());
        Ok(())
    }

    /// Closes the file being written, as `completion` says, under its final name.
    fn close(&mut self, completion: &Completion) -> HookResult {
        if !completion.complete || self.per_run() {
            // A complete file needs none (a resumed job leaves it as it is), but for a file per
            // run: a later run may follow it, and a resume goes on from what it accounted for.
            self.tell_progress()?;
        }
        let Some(writer) = self.writer.take() else { return Ok(()) };
        if self.ordered && !self.in_order && completion.complete {
            // A resumed ordered job whose records are not in input order: the file is closed
            // as not complete, then written again sorted; killed meanwhile, it is resumed.
            writer.close_as(&Completion::incomplete(SORTING)).map_err(|e| self.error("cannot close", e))?;
            let started = Instant::now();
            sort_by_seq(&self.current, self.config.compression).map_err(|e| self.error("cannot sort", e))?;
            log::info!(
                "{}: records put in input order in {:.1} s",
                self.current.display(),
                started.elapsed().as_secs_f64()
            );
            log::info!("wrote {} events to {}", self.written, self.current.display());
            return Ok(());
        }
        writer.close_as(completion).map_err(|e| self.error("cannot close", e))?;
        match &completion.reason {
            None => log::info!("wrote {} events to {}", self.written, self.current.display()),
            Some(why) => {
                log::info!("wrote {} events to {}, marked incomplete: {why}", self.written, self.current.display())
            }
        }
        Ok(())
    }

    /// What a killed run left of the file `file`, checked to be this job's; `None` when there
    /// is nothing (or a file cut inside its header, which is made anew).
    fn recover_file(&mut self, file: &Path) -> Result<Option<Recovery>, String> {
        let recovery = match recover(file) {
            Ok(Some(recovery))
                if recovery.seqs.is_empty() && recovery.metadata.as_object().is_none_or(Map::is_empty) =>
            {
                return Ok(None);
            }
            Ok(Some(recovery)) => recovery,
            Ok(None) => return Ok(None),
            Err(FileError::Corrupt { path, offset, reason }) => {
                return Err(format!(
                    "cannot resume: {}: the record at byte {offset} is damaged before the last valid record ({reason}), \
                     and going on would lose the records after it: move the file away to keep it, and run the job \
                     without --resume",
                    path.display()
                ));
            }
            Err(e) => return Err(format!("cannot resume from {}: {e}", file.display())),
        };
        self.steering_changed |= check_job(&recovery.file, recovery.metadata.get(JOB_METADATA_KEY), self.job())?;
        let compression = self.config.compression.to_string();
        let recorded = recovery.metadata.get("compression").and_then(Value::as_str).unwrap_or("none");
        if recorded != compression {
            return Err(format!(
                "cannot resume: {} is compressed as {recorded}, and this FileOutput compresses as {compression}; give \
                 it the file's compression, or run the job without --resume",
                recovery.file.display()
            ));
        }
        Ok(Some(recovery))
    }
}

/// The files of an output with a file per run that are there (`raw-{run}.evf`: `raw-7.evf`,
/// `.raw-8.evf.part`), by their final path, in run order.
fn run_files(pattern: &Path) -> Result<Vec<PathBuf>, String> {
    let name = pattern.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let Some((prefix, suffix)) = name
        .split_once(RUN_PLACEHOLDER)
        .filter(|_| !pattern.parent().is_some_and(|dir| dir.to_string_lossy().contains(RUN_PLACEHOLDER)))
    else {
        return Err(format!(
            "cannot resume: FileOutput {} has {RUN_PLACEHOLDER} in a directory's name, which a resumed job cannot go \
             on with yet; run the job without --resume",
            pattern.display()
        ));
    };
    let dir = pattern.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot resume: cannot list {}: {e}", dir.display())),
    };
    let mut runs = std::collections::BTreeSet::new();
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let unclosed = file.strip_prefix('.').and_then(|f| f.strip_suffix(PART_SUFFIX));
        let run = unclosed.unwrap_or(&file).strip_prefix(prefix).and_then(|f| f.strip_suffix(suffix));
        // Only the name the output gives run N (no leading zeros, no sign).
        if let Some(run) = run.and_then(|r| r.parse::<u32>().ok().filter(|n| n.to_string() == r)) {
            runs.insert(run);
        }
    }
    Ok(runs.into_iter().map(|run| run_file(pattern, run)).collect())
}

/// The file of run `run` of an output with a file per run.
fn run_file(pattern: &Path, run: u32) -> PathBuf {
    PathBuf::from(pattern.to_string_lossy().replace(RUN_PLACEHOLDER, &run.to_string()))
}

/// The reason a file being put in input order says it is not complete, until it is.
const SORTING: &str = "a resumed job was putting its records in input order";

/// Writes the closed file at `path` again with its event records in seq order (its metadata
/// and resume history kept), and puts it in its place.
fn sort_by_seq(path: &std::path::Path, compression: Compression) -> Result<(), FileError> {
    let mut reader = FileReader::open(path, ReaderOptions::default())?;
    let mut seqs = Vec::with_capacity(reader.len());
    while let Some(event) = reader.next_event()? {
        seqs.push(event.meta.seq);
    }
    let mut order: Vec<usize> = (0..seqs.len()).collect();
    order.sort_by_key(|&i| seqs[i]);
    let mut metadata = reader.metadata().as_object().cloned().unwrap_or_default();
    metadata.retain(|key, _| !WRITER_METADATA_KEYS.contains(&key.as_str()));
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".sorted");
    let sorted = path.with_file_name(name);
    let mut writer = FileWriter::create(&sorted, WriterOptions { compression, metadata })?;
    for resumed in &reader.progress().resumes {
        writer.write_progress(&serde_json::json!({ "resumed": resumed }))?;
    }
    for i in order {
        writer.write(&reader.read_at(i)?)?;
    }
    if let Some(accounted) = reader.progress().accounted {
        writer.write_progress(&accounted_record(accounted))?;
    }
    writer.close()?;
    std::fs::rename(&sorted, path).map_err(|source| FileError::Io {
        path: sorted.clone(),
        context: format!("renaming it to {}", path.display()),
        source,
    })
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
        self.ordered = ctx.ordered;
        if self.per_run() || self.complete_before {
            return Ok(()); // each run's file is created when the run begins
        }
        self.open(self.config.path.clone())
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        if !self.per_run() {
            return Ok(());
        }
        self.open(run_file(&self.config.path, run))
    }

    fn end_run(&mut self, _run: u32) -> HookResult {
        if !self.per_run() {
            return Ok(());
        }
        let completion = self.completion.clone();
        self.close(&completion)
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        if self.complete_before || (!self.kept.is_empty() && self.kept.binary_search(&event.meta.seq).is_ok()) {
            // A resumed job's file holds it already.
            return Ok(Decision::Keep);
        }
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
        let seq = event.meta.seq;
        self.in_order &= self.last_seq.is_none_or(|last| seq > last);
        self.last_seq = Some(seq);
        Ok(Decision::Keep)
    }

    fn accounted(&mut self, below: u64) {
        self.accounted = below;
        if self.accounted > self.told.0 && self.told.1.elapsed() >= MAX_BUFFER_AGE {
            // An error here is the next write's too: that one stops the job.
            let _ = self.tell_progress();
        }
    }

    /// Reads what a killed run of the job left of the file (of each run's file, with
    /// `{run}`), and checks it was this job (docs/steering.md, "Resuming a job"); nothing is
    /// changed until the files are opened.
    fn recover(&mut self) -> Result<Option<Recovered>, String> {
        let pattern = self.config.path.clone();
        let files = if self.per_run() { run_files(&pattern)? } else { vec![pattern.clone()] };
        let (mut found, mut complete, mut seqs, mut accounted) = (false, !self.per_run(), Vec::new(), 0);
        for file in files {
            let Some(recovery) = self.recover_file(&file)? else { continue };
            found = true;
            // A file per run is never complete by itself: a later run may follow it.
            complete &= recovery.completion.as_ref().is_some_and(|c| c.complete);
            seqs.extend_from_slice(&recovery.seqs);
            accounted = accounted.max(recovery.progress.accounted.unwrap_or(0));
            self.recoveries.insert(file, recovery);
        }
        if !found {
            return Ok(Some(Recovered::absent(pattern)));
        }
        seqs.sort_unstable();
        self.kept.clone_from(&seqs);
        self.complete_before = complete;
        if complete {
            self.recoveries.clear();
        }
        Ok(Some(Recovered { file: pattern, found, complete, seqs, accounted }))
    }

    fn checkpoint(&mut self) -> HookResult {
        self.tell_progress()?;
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

    fn record_compression(&self) -> Option<Compression> {
        (self.config.compression != Compression::None).then_some(self.config.compression)
    }

    fn part_files(&self) -> Vec<PathBuf> {
        self.config.part_files()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_of_an_output_per_run_are_those_it_names() {
        let dir = tempfile::tempdir().unwrap();
        for name in
            ["raw-7.evf", ".raw-8.evf.part", "raw-07.evf", "raw-x.evf", "raw-9.evf.tmp", "raw--1.evf", "raw-.evf"]
        {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        let found = run_files(&dir.path().join("raw-{run}.evf")).unwrap();
        assert_eq!(found, [dir.path().join("raw-7.evf"), dir.path().join("raw-8.evf")]);
        assert_eq!(run_files(&dir.path().join("none/raw-{run}.evf")).unwrap(), Vec::<PathBuf>::new());
        let refused = run_files(&dir.path().join("{run}/raw.evf")).unwrap_err();
        assert!(refused.contains("in a directory's name"), "{refused}");
    }
}
