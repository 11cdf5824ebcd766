//! Running a path from Python, and the report it returns.

use crate::adapters::{PyModuleAdapter, PySourceAdapter};
use crate::builtin;
use crate::errors::config_error;
use evflow_runtime::module::{Module, Source};
use evflow_runtime::report::Report;
use evflow_runtime::sequential::{self, Interrupt, OnError, Path, ProcessOptions};
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

/// The runtime module of the step at `position` (1 for the first module after the source).
fn module_of(obj: &Bound<'_, PyAny>, position: u64) -> PyResult<Box<dyn Module>> {
    match builtin::native_module(obj)? {
        Some(module) => Ok(module),
        None => Ok(Box::new(PyModuleAdapter::new(obj, position)?)),
    }
}

/// Runs a path in this process. Returns `(report, error, interrupt)`: `error` is `None` or a
/// dict (module, hook, run, event, message, cause); `interrupt` is the exception a signal
/// raised (KeyboardInterrupt) after the job closed cleanly, or `None`.
#[pyfunction]
#[pyo3(signature = (source, modules, max_events=None, seed=0, on_error="stop"))]
pub fn run_path<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    modules: Vec<Bound<'py, PyAny>>,
    max_events: Option<u64>,
    seed: u64,
    on_error: &str,
) -> PyResult<(Py<PyReport>, Py<PyAny>, Py<PyAny>)> {
    let on_error: OnError = on_error.parse().map_err(config_error)?;
    let mut path = Path {
        source: source_of(source)?,
        modules: modules.iter().zip(1..).map(|(m, position)| module_of(m, position)).collect::<PyResult<_>>()?,
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
    if let Some(e) = outcome.error.take_if(|e| e.error.interrupt) {
        // A signal raised inside a module: re-raise it once the job has closed cleanly.
        if let Some(Ok(py_err)) = e.error.source.map(|s| s.downcast::<PyErr>()) {
            interrupt.get_or_insert(*py_err);
        }
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
            let cleanup: Vec<String> = outcome.cleanup_errors.iter().map(ToString::to_string).collect();
            d.set_item("cleanup_errors", cleanup)?;
            d.into_any().unbind()
        }
    };
    let interrupt = interrupt.map_or_else(|| py.None(), |e| e.into_value(py).into_any());
    Ok((Py::new(py, PyReport { inner: outcome.report })?, error, interrupt))
}
