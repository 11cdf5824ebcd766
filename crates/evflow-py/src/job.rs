//! Running a path from Python, and the report it returns.

use crate::adapters::{module_name, signal_of, PyModuleAdapter, PySourceAdapter};
use crate::builtin;
use crate::errors::{config_error, EvflowError, ResumeError};
use crate::topology::SegmentOptions;
use evflow_runtime::engine::{self, Hooks, Live, ParallelOptions, Transport};
use evflow_runtime::job::{unique_names, Interrupt, OnError, Outcome, Path, ProcessOptions};
use evflow_runtime::module::{Module, Severity, Source};
use evflow_runtime::report::Report;
use evflow_runtime::resume::{self, Prepared};
use evflow_runtime::sequential;
use pyo3::exceptions::{PyException, PyKeyboardInterrupt};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::cell::{Cell, RefCell};
use std::time::Duration;

/// What a job did: counts, time and per-module statistics.
#[pyclass(name = "Report", module = "evflow", frozen)]
pub struct PyReport {
    inner: Report,
    /// The modules' mergeable objects by "module.attribute", summed over every process.
    #[pyo3(get)]
    mergeables: Py<PyDict>,
}

#[pymethods]
impl PyReport {
    /// Events read from the source.
    #[getter]
    fn read(&self) -> u64 {
        self.inner.read
    }
    /// Events that went through the whole path (failed ones included).
    #[getter]
    fn accepted(&self) -> u64 {
        self.inner.accepted
    }
    /// Events the outputs wrote (the same as `accepted`).
    #[getter]
    fn written(&self) -> u64 {
        self.inner.written
    }
    /// Parallel jobs: events sent to a worker again after a worker died on them.
    #[getter]
    fn retried(&self) -> u64 {
        self.inner.retried
    }
    /// Parallel jobs: results dropped because the output had that event already.
    #[getter]
    fn duplicates(&self) -> u64 {
        self.inner.duplicates
    }
    /// Parallel jobs: poison events written to the quarantine file.
    #[getter]
    fn quarantined(&self) -> u64 {
        self.inner.quarantined
    }
    /// Parallel jobs: replacement workers started.
    #[getter]
    fn restarts(&self) -> u64 {
        self.inner.restarts
    }
    /// Worker processes (0: the job ran in one process).
    #[getter]
    fn processes(&self) -> u64 {
        self.inner.processes
    }
    /// A resumed job: input positions passed over because every output had them.
    #[getter]
    fn resumed(&self) -> u64 {
        self.inner.resumed
    }
    /// Seqs of the events read but not completed (a job stopped early).
    #[getter]
    fn not_completed(&self) -> Vec<u64> {
        self.inner.not_completed.clone()
    }
    /// Parallel jobs: per worker slot, events processed, of them rejected, and restarts.
    #[getter]
    fn workers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for w in &self.inner.workers {
            let d = PyDict::new(py);
            d.set_item("events", w.events)?;
            d.set_item("rejected", w.rejected)?;
            d.set_item("restarts", w.restarts)?;
            list.append(d)?;
        }
        Ok(list)
    }
    /// Events a module rejected.
    #[getter]
    fn rejected(&self) -> u64 {
        self.inner.rejected
    }
    /// Events flagged failed (a module raised, `on_error="skip"`).
    #[getter]
    fn failed(&self) -> u64 {
        self.inner.failed
    }
    /// Wall-clock time, seconds.
    #[getter]
    fn wall_s(&self) -> f64 {
        self.inner.wall_s
    }
    /// Events read per second.
    #[getter]
    fn events_per_s(&self) -> f64 {
        self.inner.events_per_s()
    }
    /// Whether a signal stopped the job early.
    #[getter]
    fn interrupted(&self) -> bool {
        self.inner.interrupted
    }
    /// Per-module statistics (the source first): name, calls, total_s, mean_us.
    #[getter]
    fn modules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for m in &self.inner.modules {
            let d = PyDict::new(py);
            d.set_item("name", &m.name)?;
            d.set_item("calls", m.calls)?;
            d.set_item("failed", m.failed)?;
            d.set_item("total_s", m.total_s)?;
            d.set_item("mean_us", m.mean_us())?;
            list.append(d)?;
        }
        Ok(list)
    }
    /// The report as JSON.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }
    /// The statistics table printed at the end of a job.
    fn table(&self) -> String {
        self.inner.table()
    }
    /// The table's last line: `events: N read, M written, K rejected, ...`.
    fn totals(&self) -> String {
        self.inner.totals()
    }
    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "<Report read={} written={} rejected={} failed={} wall_s={:.3}>",
            r.read, r.written, r.rejected, r.failed, r.wall_s
        )
    }
}

/// The totals line of a job's summary, as `Report.totals()` writes it, from counts summed
/// elsewhere: a topology across hosts, whose controller adds up its devices' reports.
/// `counts` has the report's names (`read`, `written`, ..., `not_completed`, a list of
/// seqs, `wall_s`, `interrupted`); a count not given is 0.
#[pyfunction]
pub fn report_totals(counts: &Bound<'_, PyDict>) -> PyResult<String> {
    fn get<'py, T: FromPyObjectOwned<'py> + Default>(counts: &Bound<'py, PyDict>, key: &str) -> PyResult<T> {
        counts.get_item(key)?.map_or_else(|| Ok(T::default()), |v| v.extract().map_err(Into::into))
    }
    let report = Report {
        read: get(counts, "read")?,
        resumed: get(counts, "resumed")?,
        written: get(counts, "written")?,
        rejected: get(counts, "rejected")?,
        failed: get(counts, "failed")?,
        retried: get(counts, "retried")?,
        duplicates: get(counts, "duplicates")?,
        quarantined: get(counts, "quarantined")?,
        restarts: get(counts, "restarts")?,
        processes: get(counts, "processes")?,
        not_completed: get(counts, "not_completed")?,
        wall_s: get(counts, "wall_s")?,
        interrupted: get(counts, "interrupted")?,
        ..Report::default()
    };
    Ok(report.totals())
}

/// The engine's path of Python steps; `job` is the JSON-able metadata file outputs record.
pub(crate) fn path_of<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    modules: &[Bound<'py, PyAny>],
    job: Option<&Bound<'py, PyAny>>,
) -> PyResult<Path> {
    let job: serde_json::Value = match job {
        None => serde_json::Value::Null,
        Some(job) => {
            let text: String = py.import("json")?.call_method1("dumps", (job,))?.extract()?;
            serde_json::from_str(&text).map_err(config_error)?
        }
    };
    let names = std::iter::once(source).chain(modules).map(module_name).collect::<PyResult<Vec<_>>>()?;
    let names = unique_names(names.iter().map(String::as_str));
    Ok(Path {
        source: source_of(source)?,
        modules: modules.iter().zip(&names[1..]).map(|(m, name)| module_of(m, name, &job)).collect::<PyResult<_>>()?,
    })
}

fn source_of(obj: &Bound<'_, PyAny>) -> PyResult<Box<dyn Source>> {
    match builtin::native_source(obj)? {
        Some(source) => Ok(source),
        None => Ok(Box::new(PySourceAdapter::new(obj)?)),
    }
}

/// The runtime module of a step; `name` is its unique name in the path (its random stream).
fn module_of(obj: &Bound<'_, PyAny>, name: &str, job: &serde_json::Value) -> PyResult<Box<dyn Module>> {
    match builtin::native_module(obj, job)? {
        Some(module) => Ok(module),
        None => Ok(Box::new(PyModuleAdapter::new(obj, random_stream(name), job)?)),
    }
}

/// A module's random stream, from its unique name: inserting another module into the path
/// does not change the numbers a module draws. FNV-1a, stable across runs and versions.
fn random_stream(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// What `run_path` returns: report, error, interrupt, clean-up errors.
type JobResult = (Py<PyReport>, Py<PyAny>, Py<PyAny>, Vec<String>);

/// Runs a path in this process. Returns `(report, error, interrupt, cleanup)`: `error` is
/// `None` or a dict (module, hook, run, event, message, location, traceback, cause; the
/// cause is `None` when the exception was raised in another process of a parallel job);
/// `interrupt` is the exception a signal raised (KeyboardInterrupt) after the job closed
/// cleanly, or `None`; `cleanup` lists the errors of `end_run`/`terminate` after the job had failed or been interrupted.
/// `job` is JSON-able metadata that file outputs store in their header under "job".
/// `parallel` is `None` for one process, else a dict of the parallel options (processes,
/// ordered, worker_queue, event_timeout, max_retries, max_restarts_per_minute, quarantine,
/// transport, segment_size, and from `evflow up` parts: (input modules, input + worker
/// modules, (input name, worker name, output name, [each worker's name]))); a path without a parallel-safe module
/// then runs in one process. `watch`, for a parallel job, is called about every 250 ms with a
/// dict of the job's counters and processes; when it returns True the job stops as if
/// `evflow ctl stop` asked (it drains).
/// `resume`: go on from the outputs a killed run of the job left (docs/steering.md,
/// "Resuming a job"); a refusal raises `ResumeError` before anything is changed.
#[pyfunction]
#[pyo3(signature = (source, modules, max_events=None, seed=0, on_error="stop", job=None, parallel=None, watch=None, resume=false))]
#[allow(clippy::too_many_arguments)]
pub fn run_path<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    modules: Vec<Bound<'py, PyAny>>,
    max_events: Option<u64>,
    seed: u64,
    on_error: &str,
    job: Option<&Bound<'py, PyAny>>,
    parallel: Option<&Bound<'py, PyAny>>,
    watch: Option<&Bound<'py, PyAny>>,
    resume: bool,
) -> PyResult<JobResult> {
    let on_error: OnError = on_error.parse().map_err(config_error)?;
    // `process()`'s options, or a topology's segment's as its plan compiled them.
    let parallel = match parallel {
        Some(p) => Some(match p.cast::<SegmentOptions>() {
            Ok(compiled) => checked(compiled.get().0.clone())?,
            Err(_) => parallel_options(p.cast::<PyDict>()?)?,
        }),
        None => None,
    };
    let mut path = path_of(py, source, &modules, job)?;
    let mut opts = ProcessOptions { max_events, seed, on_error, resume: None };
    let nothing_to_do = resume && !plan_resume(&mut path, &mut opts)?;
    let mut interrupt: Option<PyErr> = None;
    // A signal whose handler raised in the watcher (Python code the monitor called) rather
    // than in the check below: taken as if the check had raised it.
    let raised_in_watch: RefCell<Option<PyErr>> = RefCell::new(None);
    let mut control = || match raised_in_watch.take().map_or_else(|| py.check_signals(), Err) {
        Ok(()) => Ok(()),
        Err(e) => {
            // The first signal says how the job ends (SIGINT or SIGTERM).
            let signal = signal_of(py, &e);
            interrupt.get_or_insert(e);
            Err(Interrupt(signal))
        }
    };
    let steps: Vec<Py<PyAny>> = std::iter::once(source).chain(&modules).map(|m| m.clone().unbind()).collect();
    // A job of one process shows `watch` its counts too; a stop it asks for is taken before
    // the next event, as a signal would be.
    let stop_asked = Cell::new(false);
    let mut control = || match stop_asked.take() {
        true => Err(Interrupt::STOP),
        false => control(),
    };
    let mut watch_one = |live: &Live| {
        if let Some(watch) = watch {
            stop_asked.set(stop_asked.get() | call_watch(py, watch, live, &raised_in_watch));
        }
        // Lets the steering process's other threads (the metrics server) take the GIL, which
        // a path of Rust modules otherwise holds for the whole job.
        py.detach(|| ());
    };
    let parallel = parallel.filter(|p| p.processes > 0).filter(|p| {
        let parallel = p.parts.is_some() || engine::Parts::by_parallel_safe(&path.modules).is_some();
        if !parallel {
            evflow_runtime::log::warn!("no module of the path is parallel-safe: the job runs in one process");
        }
        parallel
    });
    let mut outcome = match parallel {
        _ if nothing_to_do => Outcome { report: Report::default(), error: None, cleanup_errors: Vec::new() },
        None => sequential::process_watched(&mut path, &opts, &mut control, &mut watch_one),
        Some(popts) => {
            let mut hooks =
                PyHooks { py, control: &mut control, steps: &steps, watch, stop: false, raised: &raised_in_watch };
            engine::process(path, &opts, &popts, &mut hooks).map_err(|e| EvflowError::new_err(e.to_string()))?
        }
    };
    if let Some(e) = outcome.error.take_if(|e| e.error.severity == Severity::Interrupt) {
        // A signal raised inside a module: re-raise it once the job has closed cleanly.
        let message = e.to_string();
        let py_err = match e.error.source.map(|s| s.downcast::<PyErr>()) {
            Some(Ok(py_err)) => *py_err,
            _ => PyKeyboardInterrupt::new_err(message),
        };
        interrupt.get_or_insert(py_err);
    }
    let error = match outcome.error {
        None => py.None(),
        Some(e) => {
            let d = PyDict::new(py);
            d.set_item("module", &e.module)?;
            d.set_item("hook", e.hook.to_string())?;
            d.set_item("run", e.run)?;
            d.set_item("event", e.event)?;
            d.set_item("message", e.to_string())?;
            let origin = e.error.origin();
            d.set_item("location", origin.location)?;
            d.set_item("traceback", origin.traceback)?;
            let cause = match e.error.source.map(|s| s.downcast::<PyErr>()) {
                Some(Ok(py_err)) => py_err.into_value(py).into_any(),
                _ => py.None(),
            };
            d.set_item("cause", cause)?;
            d.into_any().unbind()
        }
    };
    let interrupt = interrupt.map_or_else(|| py.None(), |e| e.into_value(py).into_any());
    let cleanup = outcome.cleanup_errors.iter().map(ToString::to_string).collect();
    let mergeables = py.import("evflow.mergeable")?.call_method1("gather", (steps_list(py, &steps)?,))?;
    let mergeables = mergeables.cast_into::<PyDict>()?.unbind();
    Ok((Py::new(py, PyReport { inner: outcome.report, mergeables })?, error, interrupt, cleanup))
}

/// A resumed job: what its outputs hold, and where it goes on (`opts.resume`); false when
/// every output is complete and there is nothing to do.
fn plan_resume(path: &mut Path, opts: &mut ProcessOptions) -> PyResult<bool> {
    match resume::prepare(path).map_err(ResumeError::new_err)? {
        Prepared::NoOutputs => evflow_runtime::log::warn!(
            "nothing to resume from: no output of the path writes a file a resumed job can go on with; \
             the job runs from the start"
        ),
        Prepared::Fresh => {
            evflow_runtime::log::info!("no output of an earlier run is there: the job runs from the start")
        }
        Prepared::Complete(outputs) => {
            let files: Vec<String> = outputs.iter().map(|o| o.file.display().to_string()).collect();
            evflow_runtime::log::warn!("{} complete: nothing to resume", files.join(", "));
            return Ok(false);
        }
        Prepared::Resume(plan, outputs) => {
            for o in outputs.iter().filter(|o| o.found) {
                let state = if o.complete { "complete" } else { "not complete" };
                let (file, kept, from) = (o.file.display(), o.seqs.len(), o.accounted);
                evflow_runtime::log::info!("resuming: {file} ({state}) holds {kept} events, accounted below {from}");
            }
            opts.resume = Some(std::sync::Arc::new(plan));
        }
    }
    Ok(true)
}

/// What a built-in source reads, as a job's output records it (`Source::identity`), as
/// JSON text; `None` for a Python source or one that says nothing.
#[pyfunction]
pub fn source_identity(source: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let native = builtin::native_source(source)?;
    Ok(native.and_then(|s| s.identity()).map(|v| v.to_string()))
}

/// Shows `watch` the job so far; whether it asks the job to stop. A signal's exception raised
/// in it is left in `raised` for the job's control.
fn call_watch(py: Python<'_>, watch: &Bound<'_, PyAny>, live: &Live, raised: &RefCell<Option<PyErr>>) -> bool {
    match live_dict(py, live).and_then(|d| watch.call1((d,))).and_then(|r| r.is_truthy()) {
        Ok(stop) => stop,
        // KeyboardInterrupt, Terminated: a signal's handler ran in the watcher.
        Err(e) if !e.is_instance_of::<PyException>(py) => {
            raised.borrow_mut().get_or_insert(e);
            false
        }
        Err(e) => {
            evflow_runtime::log::error!("the job's watcher failed: {e}");
            false
        }
    }
}

/// The live snapshot as Python sees it (`watch`, the metrics server): the job's counters so
/// far and its processes; the one conversion for every shape of job.
pub(crate) fn live_dict<'py>(py: Python<'py>, live: &Live) -> PyResult<Bound<'py, PyDict>> {
    let r = &live.report;
    let d = PyDict::new(py);
    for (key, value) in [
        ("read", r.read),
        ("written", r.written),
        ("rejected", r.rejected),
        ("failed", r.failed),
        ("retried", r.retried),
        ("restarts", r.restarts),
        ("duplicates", r.duplicates),
        ("quarantined", r.quarantined),
        ("incomplete", live.incomplete),
        ("abandoned", live.abandoned),
    ] {
        d.set_item(key, value)?;
    }
    let workers = PyList::empty(py);
    for w in &r.workers {
        workers.append((w.events, w.restarts, w.rejected))?;
    }
    d.set_item("workers", workers)?;
    let processes = PyList::empty(py);
    for p in &live.processes {
        let entry = PyDict::new(py);
        entry.set_item("name", &p.name)?;
        entry.set_item("pid", p.pid)?;
        entry.set_item("running", p.running)?;
        entry.set_item("worker", p.worker)?;
        entry.set_item("role", p.role)?;
        let modules: Vec<_> = p.modules.iter().map(|m| (&m.name, m.calls, m.failed, m.total_s)).collect();
        entry.set_item("modules", modules)?;
        if let Some(placed) = &p.placed {
            entry.set_item("device", &placed.device)?;
            entry.set_item("host", &placed.host)?;
            // Its pid is its host's: this machine's /proc knows nothing of it.
            entry.set_item("local", false)?;
        }
        if let Some(usage) = p.usage {
            entry.set_item("usage", usage)?;
        }
        if let Some(unit) = &p.unit {
            let counts = PyDict::new(py);
            counts.set_item("unit", unit.unit)?;
            counts.set_item("batch", unit.batch)?;
            for (key, value) in &unit.counts {
                counts.set_item(key, value)?;
            }
            entry.set_item("eventbuilding", counts)?;
        }
        processes.append(entry)?;
    }
    d.set_item("processes", processes)?;
    let modules = PyList::empty(py);
    for m in &r.modules {
        modules.append((&m.name, m.calls, m.total_s))?;
    }
    d.set_item("modules", modules)?;
    d.set_item("queued", &live.queued)?;
    d.set_item("worker_queue", live.worker_queue)?;
    d.set_item("session", &live.session)?;
    d.set_item("dir", live.dir.as_ref().map(|d| d.display().to_string()))?;
    d.set_item("processes_requested", r.processes)?;
    Ok(d)
}

fn steps_list<'py>(py: Python<'py>, steps: &[Py<PyAny>]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, steps.iter().map(|s| s.bind(py)))
}

/// The parallel options of a `process()` call, every one checked, also for a job of one
/// process (`processes` 0), so that a wrong option is an error whatever the job's size.
pub(crate) fn parallel_options(d: &Bound<'_, PyDict>) -> PyResult<ParallelOptions> {
    fn get<'py, T: FromPyObjectOwned<'py>>(d: &Bound<'py, PyDict>, key: &str, what: &str) -> PyResult<Option<T>> {
        match d.get_item(key)?.filter(|v| !v.is_none()) {
            None => Ok(None),
            Some(v) => v.extract::<T>().map(Some).map_err(|_| {
                let shown = v.repr().map(|r| r.to_string()).unwrap_or_default();
                config_error(format!("process(): {key} must be {what}, not {shown}"))
            }),
        }
    }
    let mut o = ParallelOptions::default();
    if let Some(v) = get(d, "processes", "a non-negative integer")? {
        o.processes = v;
    }
    if let Some(v) = get(d, "ordered", "True or False")? {
        o.ordered = v;
    }
    if let Some(v) = get(d, "worker_queue", "an integer")? {
        o.worker_queue = v;
    }
    if let Some(seconds) = get::<f64>(d, "event_timeout", "a number of seconds or None")? {
        if !(seconds > 0.0 && seconds.is_finite()) {
            return Err(config_error(format!("event_timeout must be a positive number of seconds, not {seconds}")));
        }
        o.event_timeout = Some(Duration::from_secs_f64(seconds));
    }
    if let Some(v) = get(d, "max_retries", "a non-negative integer")? {
        o.max_retries = v;
    }
    if let Some(v) = get(d, "max_restarts_per_minute", "a non-negative integer")? {
        o.max_restarts_per_minute = v;
    }
    if let Some(v) = get::<std::path::PathBuf>(d, "quarantine", "a file name or None")? {
        o.quarantine = Some(v);
    }
    if let Some(v) = get::<String>(d, "transport", "\"shm\" or \"ipc\"")? {
        o.transport = v.parse::<Transport>().map_err(config_error)?;
    }
    if let Some(v) = get(d, "segment_size", "a number of bytes or None")? {
        o.segment_size = Some(v);
    }
    checked(o)
}

/// `o`, once its options are checked. A job of one process runs none of them, but they must
/// still be right.
pub(crate) fn checked(o: ParallelOptions) -> PyResult<ParallelOptions> {
    let at_least_one = ParallelOptions { processes: o.processes.max(1), ..o.clone() };
    at_least_one.validate().map_err(config_error)?;
    Ok(o)
}

/// The defaults of `process()`'s parallel options, for its signature (one source for each).
#[pyfunction]
pub fn parallel_defaults(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let o = ParallelOptions::default();
    let d = PyDict::new(py);
    d.set_item("worker_queue", o.worker_queue)?;
    d.set_item("max_retries", o.max_retries)?;
    d.set_item("max_restarts_per_minute", o.max_restarts_per_minute)?;
    d.set_item("transport", o.transport.name())?;
    Ok(d)
}

pub(crate) fn flush_std_streams(py: Python<'_>) {
    if let Ok(sys) = py.import("sys") {
        for stream in ["stdout", "stderr"] {
            if let Ok(s) = sys.getattr(stream) {
                let _ = s.call_method0("flush");
            }
        }
    }
}

/// The Python side of the parallel engine: signals, fork bookkeeping of the interpreter,
/// mergeable objects.
pub(crate) struct PyHooks<'a, 'py> {
    pub py: Python<'py>,
    pub control: &'a mut dyn FnMut() -> Result<(), Interrupt>,
    pub steps: &'a [Py<PyAny>],
    /// Called with the job's progress (`evflow up`'s status line and `evflow ctl`).
    pub watch: Option<&'a Bound<'py, PyAny>>,
    /// `watch` asked the job to stop.
    pub stop: bool,
    /// Where `watch` leaves a signal's exception for `control`.
    pub raised: &'a RefCell<Option<PyErr>>,
}

impl Hooks for PyHooks<'_, '_> {
    fn control(&mut self) -> Result<(), Interrupt> {
        if std::mem::take(&mut self.stop) {
            return Err(Interrupt::STOP);
        }
        (self.control)()
    }

    fn watch(&mut self, live: &Live) {
        if let Some(watch) = self.watch {
            self.stop |= call_watch(self.py, watch, live, self.raised);
        }
    }

    fn before_fork(&mut self) {
        // What Python buffered would otherwise be written again by every child.
        flush_std_streams(self.py);
        // SAFETY: called with the GIL held, as os.fork() does.
        unsafe { pyo3::ffi::PyOS_BeforeFork() }
    }

    fn after_fork_parent(&mut self) {
        // SAFETY: as above, after fork() in the parent.
        unsafe { pyo3::ffi::PyOS_AfterFork_Parent() }
    }

    fn after_fork_child(&mut self, process: &str, steps: std::ops::Range<usize>, dir: &std::path::Path) {
        // SAFETY: as above, first thing in the child.
        unsafe { pyo3::ffi::PyOS_AfterFork_Child() }
        // Which process this is, for evflow.device() and the log's labels.
        let named = self.py.import("evflow.steering").and_then(|s| s.setattr("process_name", process));
        if let Err(e) = named {
            evflow_runtime::log::error!("cannot tell Python which process it is: {e}");
        }
        // Where it publishes its mergeable objects while it runs (docs/operations.md).
        let py = self.py;
        let live = steps_list(py, self.steps).and_then(|all| {
            let args = (all, steps.start, steps.end, dir, process);
            py.import("evflow.mergeable")?.call_method1("start_live", args).map(drop)
        });
        if let Err(e) = live {
            evflow_runtime::log::error!("cannot publish the mergeable objects while the job runs: {e}");
        }
    }

    fn before_exit(&mut self) {
        flush_std_streams(self.py);
    }

    fn idle(&mut self, wait: &mut (dyn FnMut() + Send)) {
        // Other threads of the steering process run meanwhile.
        self.py.detach(wait);
    }

    fn collect(&mut self, steps: std::ops::Range<usize>) -> Option<Vec<u8>> {
        let py = self.py;
        let run = || -> PyResult<Option<Vec<u8>>> {
            let all = steps_list(py, self.steps)?;
            let bytes = py.import("evflow.mergeable")?.call_method1("collect", (all, steps.start, steps.end))?;
            if bytes.is_none() {
                return Ok(None);
            }
            Ok(Some(bytes.cast::<PyBytes>()?.as_bytes().to_vec()))
        };
        run().unwrap_or_else(|e| {
            evflow_runtime::log::error!("cannot collect the mergeable objects: {e}");
            None
        })
    }

    fn merge(&mut self, bytes: &[u8]) -> Result<(), String> {
        let py = self.py;
        let all = steps_list(py, self.steps).map_err(|e| e.to_string())?;
        py.import("evflow.mergeable")
            .and_then(|m| m.call_method1("merge", (all, PyBytes::new(py, bytes))))
            .map(drop)
            .map_err(|e| e.to_string())
    }

    fn write_cut(&mut self, steps: std::ops::Range<usize>, file: &std::path::Path) -> Result<(), String> {
        let py = self.py;
        let all = steps_list(py, self.steps).map_err(|e| e.to_string())?;
        py.import("evflow.mergeable")
            .and_then(|m| m.call_method1("write_cut", (all, steps.start, steps.end, file)))
            .map(drop)
            .map_err(|e| e.to_string())
    }

    fn at_cut(&mut self, files: &[std::path::PathBuf]) -> Result<(), String> {
        let told = self.py.import("evflow.mergeable").and_then(|m| m.call_method1("at_cut", (files.to_vec(),)));
        told.map(drop).map_err(|e| e.to_string())
    }
}
