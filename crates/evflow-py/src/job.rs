//! Running a path from Python, and the report it returns.

use crate::adapters::{module_name, PyModuleAdapter, PySourceAdapter};
use crate::builtin;
use crate::errors::config_error;
use evflow_runtime::module::{Module, Severity, Source};
use evflow_runtime::report::Report;
use evflow_runtime::sequential::{self, unique_names, Interrupt, OnError, Path, ProcessOptions};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// What a job did: counts, time and per-module statistics.
#[pyclass(name = "Report", module = "evflow", frozen)]
pub struct PyReport {
    inner: Report,
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
    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "<Report read={} accepted={} rejected={} failed={} wall_s={:.3}>",
            r.read, r.accepted, r.rejected, r.failed, r.wall_s
        )
    }
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
        None => Ok(Box::new(PyModuleAdapter::new(obj, random_stream(name))?)),
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
/// `None` or a dict (module, hook, run, event, message, cause); `interrupt` is the exception
/// a signal raised (KeyboardInterrupt) after the job closed cleanly, or `None`; `cleanup`
/// lists the errors of `end_run`/`terminate` after the job had failed or been interrupted.
/// `job` is JSON-able metadata that file outputs store in their header under "job".
#[pyfunction]
#[pyo3(signature = (source, modules, max_events=None, seed=0, on_error="stop", job=None))]
pub fn run_path<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    modules: Vec<Bound<'py, PyAny>>,
    max_events: Option<u64>,
    seed: u64,
    on_error: &str,
    job: Option<&Bound<'py, PyAny>>,
) -> PyResult<JobResult> {
    let on_error: OnError = on_error.parse().map_err(config_error)?;
    let job: serde_json::Value = match job {
        None => serde_json::Value::Null,
        Some(job) => {
            let text: String = py.import("json")?.call_method1("dumps", (job,))?.extract()?;
            serde_json::from_str(&text).map_err(config_error)?
        }
    };
    let names = std::iter::once(source).chain(&modules).map(module_name).collect::<PyResult<Vec<_>>>()?;
    let names = unique_names(names.iter().map(String::as_str));
    let mut path = Path {
        source: source_of(source)?,
        modules: modules.iter().zip(&names[1..]).map(|(m, name)| module_of(m, name, &job)).collect::<PyResult<_>>()?,
    };
    let opts = ProcessOptions { max_events, seed, on_error };
    let mut interrupt: Option<PyErr> = None;
    let mut control = || match py.check_signals() {
        Ok(()) => Ok(()),
        Err(e) => {
            interrupt = Some(e);
            Err(Interrupt)
        }
    };
    let mut outcome = sequential::process(&mut path, &opts, &mut control);
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
    Ok((Py::new(py, PyReport { inner: outcome.report })?, error, interrupt, cleanup))
}
