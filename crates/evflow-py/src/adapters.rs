//! Python modules and sources as runtime modules and sources.

use crate::event::PyEvent;
use evflow_core::Event;
use evflow_runtime::module::{Decision, HookResult, JobContext, JobEnd, Module, ModuleError, Origin, Severity, Source};
use evflow_runtime::resume::{check_job, Recovered};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// Events between two looks, by a module with mergeable objects, at whether they are due to
/// be published (`evflow.mergeable.tick`, which reads the clock).
const TICK_EVERY: u64 = 16;

/// Input positions between two calls of a Python module's `accounted(below)` (docs/steering.md,
/// "Resuming a job"): its output records progress with what it was told last.
const ACCOUNTED_EVERY: u64 = 256;

/// Turns a Python exception into a module error that keeps the exception as its source.
/// A `BaseException` that is not an `Exception` (KeyboardInterrupt, SystemExit, SIGTERM's
/// `Terminated`) is an interruption, not a module failure.
pub fn module_error(py: Python<'_>, err: PyErr) -> ModuleError {
    let kind = err.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "Exception".into());
    let message = format!("{kind}: {}", err.value(py));
    let exception = err.value(py).clone();
    if let Some(traceback) = err.traceback(py) {
        // Where it was raised: kept on the exception itself, for `evflow.diagnostics`.
        let _ = exception.setattr("__traceback__", traceback);
    }
    let exception = exception.unbind();
    let error = if err.is_instance_of::<PyException>(py) {
        ModuleError::wrap(message, err)
    } else {
        // An interruption's message is the signal, for the files the job closes.
        ModuleError::interrupt(signal_of(py, &err), err)
    };
    error.with_origin(move || Python::attach(|py| origin(exception.bind(py))))
}

/// The signal a `BaseException` that stops a job stands for: KeyboardInterrupt is SIGINT,
/// `evflow.processing.Terminated` SIGTERM; anything else (SystemExit) is named by its type.
pub fn signal_of(py: Python<'_>, err: &PyErr) -> &'static str {
    if err.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) {
        return "SIGINT";
    }
    let name = err.get_type(py).name().map(|n| n.to_string()).unwrap_or_default();
    match name.as_str() {
        "Terminated" => "SIGTERM",
        "SystemExit" => "SystemExit",
        _ => "a signal",
    }
}

/// Where a Python exception was raised (`evflow.diagnostics.origin`); nothing if that fails.
fn origin(exception: &Bound<'_, PyAny>) -> Origin {
    let described = exception
        .py()
        .import("evflow.diagnostics")
        .and_then(|m| m.call_method1("origin", (exception,)))
        .and_then(|o| o.extract::<(Option<String>, String)>());
    match described {
        Ok((location, traceback)) => Origin { location, traceback: Some(traceback) },
        Err(_) => Origin::default(),
    }
}

/// Reads an optional boolean attribute.
pub fn flag_attr(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    match obj.getattr_opt(name)? {
        Some(v) => v.is_truthy(),
        None => Ok(false),
    }
}

/// A module's method `name`, if it has one: an attribute of that name that is not callable
/// (a counter called `accounted`) is not a hook.
fn method(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<Py<PyAny>>> {
    Ok(obj.getattr_opt(name)?.filter(|f| f.is_callable()).map(Bound::unbind))
}

/// A module's `checkpoint_every` attribute: seconds, or None.
fn checkpoint_every(obj: &Bound<'_, PyAny>) -> PyResult<Option<std::time::Duration>> {
    match obj.getattr_opt("checkpoint_every")? {
        Some(every) if !every.is_none() => {
            let seconds: f64 = every.extract()?;
            let every = std::time::Duration::try_from_secs_f64(seconds).ok().filter(|d| !d.is_zero());
            every.map(Some).ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "checkpoint_every must be a positive number of seconds, not {seconds}"
                ))
            })
        }
        _ => Ok(None),
    }
}

/// The display name of a Python module: its `name` attribute, or its class name.
pub fn module_name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    match obj.getattr_opt("name")? {
        Some(n) if !n.is_none() => n.str()?.extract(),
        _ => obj.get_type().name()?.extract(),
    }
}

/// A Python `evflow.Module` in a path.
pub struct PyModuleAdapter {
    obj: Py<PyAny>,
    event_fn: Py<PyAny>,
    name: String,
    parallel_safe: bool,
    sees_failed: bool,
    /// `evflow.mergeable.tick`, for a module that declares mergeable objects: they are
    /// published while the job runs.
    tick: Option<Py<PyAny>>,
    calls: u64,
    seed: u64,
    stream: u64,
    /// `numpy.bool_`, a decision `event()` may return.
    numpy_bool: Py<PyAny>,
    /// The job its file records (`job_record`), which a resumed job's must match.
    job: serde_json::Value,
    /// Its `accounted(below)`, when it has one, and the last `below` it was told.
    accounted_fn: Option<Py<PyAny>>,
    told: u64,
    pending: u64,
    /// Its `checkpoint_every` attribute ([`Module::checkpoint_every`]).
    checkpoint_every: Option<std::time::Duration>,
}

impl PyModuleAdapter {
    /// Wraps a Python module object whose `event.rng` draws from random stream `stream`;
    /// `job` is what its file records of the job.
    pub fn new(obj: &Bound<'_, PyAny>, stream: u64, job: &serde_json::Value) -> PyResult<PyModuleAdapter> {
        Ok(PyModuleAdapter {
            event_fn: obj.getattr("event")?.unbind(),
            name: module_name(obj)?,
            parallel_safe: flag_attr(obj, "parallel_safe")?,
            sees_failed: flag_attr(obj, "sees_failed")?,
            tick: match flag_attr(obj, "mergeable")? {
                true => Some(obj.py().import("evflow.mergeable")?.getattr("tick")?.unbind()),
                false => None,
            },
            calls: 0,
            obj: obj.clone().unbind(),
            seed: 0,
            stream,
            numpy_bool: obj.py().import("numpy")?.getattr("bool_")?.unbind(),
            job: job.clone(),
            accounted_fn: method(obj, "accounted")?,
            told: 0,
            pending: 0,
            checkpoint_every: checkpoint_every(obj)?,
        })
    }

    /// Tells its `accounted(below)` the last `below`, if it has one and it has not heard it.
    fn tell_accounted(&mut self, below: u64) {
        let Some(accounted) = self.accounted_fn.as_ref().filter(|_| below > self.told) else { return };
        self.told = below;
        Python::attach(|py| {
            if let Err(e) = accounted.call1(py, (below,)) {
                // Progress not recorded costs only events processed again after a resume.
                evflow_runtime::log::warn!("{}.accounted({below}) failed: {}", self.name, e.value(py));
            }
        });
    }

    /// What `event()` returned, as keep (true) or reject: True, False, None (keep) or a numpy
    /// bool (`return hits.sum() > 3`). Anything else stops the job: a module that returns
    /// `0` or `"no"` or an array almost surely means something its truth value does not.
    fn decision(&self, value: &Bound<'_, PyAny>) -> HookResult<bool> {
        if value.is_none() {
            return Ok(true);
        }
        if let Ok(b) = value.cast::<PyBool>() {
            return Ok(b.is_true());
        }
        if value.is_instance(self.numpy_bool.bind(value.py())).unwrap_or(false) {
            return value.is_truthy().map_err(|e| module_error(value.py(), e));
        }
        let kind = value.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        let shown = value.repr().map(|r| r.to_string()).unwrap_or_default();
        let shown: String = shown.chars().take(60).collect();
        let message = format!(
            "event() returned {kind} {shown}: it must return True (keep the event), False (reject it) or \
             None (keep it); convert the value with bool(...) if its truth value is what you mean"
        );
        Err(ModuleError { severity: Severity::Fatal, ..ModuleError::msg(message) })
    }

    fn call_hook<A>(&self, hook: &str, args: A) -> HookResult
    where
        A: for<'py> pyo3::call::PyCallArgs<'py>,
    {
        Python::attach(|py| self.obj.call_method1(py, hook, args).map(drop).map_err(|e| module_error(py, e)))
    }
}

impl Module for PyModuleAdapter {
    fn name(&self) -> &str {
        &self.name
    }

    fn parallel_safe(&self) -> bool {
        self.parallel_safe
    }

    fn sees_failed(&self) -> bool {
        self.sees_failed
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        self.seed = ctx.seed;
        self.call_hook("initialize", ())
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        self.call_hook("begin_run", (run,))
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        Python::attach(|py| {
            let lent = Py::new(py, PyEvent::lent(std::mem::take(event), self.seed, self.stream))
                .map_err(|e| module_error(py, e))?;
            let result = self.event_fn.call1(py, (lent.clone_ref(py),));
            // A thread the module started may still be using the event: that is an error of
            // the module, not a reason to abort the job without closing its files.
            let mut back = lent.try_borrow_mut(py).map_err(|_| {
                let message = "the event is still in use after event() returned (by a thread the module started?)";
                // The event cannot be taken back, so it cannot go on: the job stops.
                ModuleError { severity: Severity::Fatal, ..ModuleError::msg(message) }
            })?;
            if let Some(back) = back.take() {
                *event = back;
            }
            let value = result.map_err(|e| module_error(py, e))?;
            let keep = self.decision(value.bind(py))?;
            self.calls += 1;
            if let Some(tick) = self.tick.as_ref().filter(|_| self.calls.is_multiple_of(TICK_EVERY)) {
                tick.call0(py).map_err(|e| module_error(py, e))?;
            }
            Ok(if keep { Decision::Keep } else { Decision::Reject })
        })
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        self.call_hook("end_run", (run,))
    }

    fn terminate(&mut self) -> HookResult {
        self.call_hook("terminate", ())
    }

    /// Its `recover()`, when it has one: `None`, or a dict `file`, `found`, `complete`,
    /// `seqs`, `accounted` and `job` (what the file records), which is checked against this
    /// job's as a `FileOutput`'s is. An exception is the refusal.
    fn recover(&mut self) -> Result<Option<Recovered>, String> {
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            let found = match method(obj, "recover") {
                Ok(Some(recover)) => recover.call0(py),
                Ok(None) => return Ok(None),
                Err(e) => Err(e),
            }
            .map_err(|e| e.value(py).to_string())?;
            let found = found.bind(py);
            if found.is_none() {
                return Ok(None);
            }
            let recovered = recovered_of(found).map_err(|e| {
                format!(
                    "{}.recover() must return None or a dict of file, found, complete, seqs, accounted, job: {e}",
                    self.name
                )
            })?;
            if recovered.0.found {
                check_job(&recovered.0.file, Some(&recovered.1), &self.job)?;
            }
            Ok(Some(recovered.0))
        })
    }

    /// Told every [`ACCOUNTED_EVERY`] positions (and at the end of the job).
    fn accounted(&mut self, below: u64) {
        self.pending = below;
        if below >= self.told + ACCOUNTED_EVERY {
            self.tell_accounted(below);
        }
    }

    /// Its `checkpoint_every` attribute (seconds).
    fn checkpoint_every(&self) -> Option<std::time::Duration> {
        self.checkpoint_every
    }

    /// Its `job_ending(reason)`, when it has one (`reason`: `None` when the job completed);
    /// the last `accounted` first.
    fn job_ending(&mut self, end: &JobEnd) {
        self.tell_accounted(self.pending);
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            if let Ok(Some(ending)) = method(obj, "job_ending") {
                if let Err(e) = ending.call1(py, (end.reason(),)) {
                    evflow_runtime::log::warn!("{}.job_ending failed: {}", self.name, e.value(py));
                }
            }
        });
    }

    /// Its `checkpoint()`, when it has one, told the last `accounted` first.
    fn checkpoint(&mut self) -> HookResult {
        self.tell_accounted(self.pending);
        Python::attach(|py| match self.obj.bind(py).getattr_opt("checkpoint") {
            Ok(Some(checkpoint)) => checkpoint.call0().map(drop).map_err(|e| module_error(py, e)),
            Ok(None) => Ok(()),
            Err(e) => Err(module_error(py, e)),
        })
    }

    /// What its `part_files()` returns; nothing when it has none or it raises (this is asked
    /// while an error is being reported, which a second error would only hide).
    fn part_files(&self) -> Vec<std::path::PathBuf> {
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            match obj.getattr_opt("part_files") {
                Ok(Some(f)) => f.call0().and_then(|files| files.extract()).unwrap_or_default(),
                _ => Vec::new(),
            }
        })
    }
}

/// What a Python module's `recover()` returned, and the job its file records.
fn recovered_of(found: &Bound<'_, PyAny>) -> PyResult<(Recovered, serde_json::Value)> {
    let job = found.get_item("job")?;
    let job = if job.is_none() {
        serde_json::Value::Null
    } else {
        let text: String = found.py().import("json")?.call_method1("dumps", (job,))?.extract()?;
        serde_json::from_str(&text).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?
    };
    let mut seqs: Vec<u64> = found.get_item("seqs")?.try_iter()?.map(|s| s?.extract()).collect::<PyResult<_>>()?;
    seqs.sort_unstable();
    let recovered = Recovered {
        file: found.get_item("file")?.extract()?,
        found: found.get_item("found")?.is_truthy()?,
        complete: found.get_item("complete")?.is_truthy()?,
        seqs,
        accounted: found.get_item("accounted")?.extract()?,
    };
    Ok((recovered, job))
}

/// A Python `evflow.Source`: its `events()` yields `evflow.Event` objects.
pub struct PySourceAdapter {
    obj: Py<PyAny>,
    name: String,
    iter: Option<Py<PyAny>>,
}

impl PySourceAdapter {
    /// Wraps a Python source object.
    pub fn new(obj: &Bound<'_, PyAny>) -> PyResult<PySourceAdapter> {
        Ok(PySourceAdapter { name: module_name(obj)?, obj: obj.clone().unbind(), iter: None })
    }
}

impl Source for PySourceAdapter {
    fn name(&self) -> &str {
        &self.name
    }

    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            obj.call_method0("initialize").map_err(|e| module_error(py, e))?;
            let events = obj.call_method0("events").map_err(|e| module_error(py, e))?;
            let iter = events.try_iter().map_err(|_| {
                let kind = events.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                ModuleError::msg(format!(
                    "events() must return an iterable of evflow.Event (e.g. yield them), not {kind}"
                ))
            })?;
            self.iter = Some(iter.into_any().unbind());
            Ok(())
        })
    }

    fn expected_events(&self) -> Option<u64> {
        Python::attach(|py| self.obj.bind(py).getattr("expected_events").ok()?.extract().ok())
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        let Some(iter) = &self.iter else { return Ok(None) };
        Python::attach(|py| {
            let item = match iter.bind(py).call_method0("__next__") {
                Ok(item) => item,
                Err(e) if e.is_instance_of::<pyo3::exceptions::PyStopIteration>(py) => return Ok(None),
                Err(e) => return Err(module_error(py, e)),
            };
            let Ok(event) = item.cast::<PyEvent>() else {
                let kind = item.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                return Err(ModuleError::msg(format!("events() must yield evflow.Event objects, not {kind}")));
            };
            event
                .try_borrow_mut()
                .map_err(|_| ModuleError::msg("events() yielded an event that is in use elsewhere"))?
                .take()
                .map(Some)
                .ok_or_else(|| ModuleError::msg("events() yielded an event that was already used"))
        })
    }

    /// The source's own `seek(position)`, when it has one: whether `events()` starts there.
    fn seek(&mut self, position: u64) -> HookResult<bool> {
        Python::attach(|py| {
            let seek = match self.obj.bind(py).getattr("seek") {
                Ok(seek) if !seek.is_none() => seek,
                _ => return Ok(false),
            };
            let answer = seek.call1((position,)).map_err(|e| module_error(py, e))?;
            answer.extract::<bool>().map_err(|_| {
                let kind = answer.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                ModuleError::msg(format!("seek() must return True or False, not {kind}"))
            })
        })
    }

    fn terminate(&mut self) -> HookResult {
        self.iter = None;
        Python::attach(|py| self.obj.call_method0(py, "terminate").map(drop).map_err(|e| module_error(py, e)))
    }
}
