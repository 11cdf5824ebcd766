//! The steps of a topology's built-in devices as Python objects (python/evflow/plan.py puts
//! them into the segments' paths): a merger's (one `MergeTable` per merger or junction), a
//! broadcast's tee (one `TeeTable` per origin sending to several devices) and a funnel's
//! (one `FunnelTable` per channel with several sending devices).

use crate::errors::config_error;
use evflow_runtime::module::{Module, Source};
use evflow_runtime::modules::{
    FunnelInput, FunnelSource, FunnelTable, MergeInput, MergeSource, MergeTable, TeeSource, TeeStep, TeeTable,
};
use pyo3::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The table a merger's input steps fill and its source empties.
#[pyclass(name = "MergeTable", module = "evflow._native", frozen)]
pub struct PyMergeTable {
    table: Arc<MergeTable>,
    name: String,
}

#[pymethods]
impl PyMergeTable {
    #[new]
    #[pyo3(signature = (name, inputs, timeout, held=false))]
    fn new(name: String, inputs: Vec<String>, timeout: f64, held: bool) -> PyResult<Self> {
        if !(timeout > 0.0 && timeout.is_finite()) {
            return Err(config_error(format!("merger {name}: timeout must be a positive number of seconds")));
        }
        let table = MergeTable::new(&name, inputs, Duration::from_secs_f64(timeout), held);
        Ok(PyMergeTable { table, name })
    }

    /// The last step of input `input`'s custody.
    fn input(&self, input: usize) -> PyMergeStep {
        PyMergeStep { table: self.table.clone(), input: Some(input), name: self.name.clone() }
    }

    /// The source of the merger's origin.
    fn source(&self) -> PyMergeStep {
        PyMergeStep { table: self.table.clone(), input: None, name: self.name.clone() }
    }
}

/// A step of a merger in a path: an input's custody step, or the origin's source.
#[pyclass(name = "MergeStep", module = "evflow._native", frozen)]
pub struct PyMergeStep {
    table: Arc<MergeTable>,
    input: Option<usize>,
    name: String,
}

#[pymethods]
impl PyMergeStep {
    /// Name in statistics: the merger device's.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// Whether it is the merger's source.
    #[getter]
    fn is_source(&self) -> bool {
        self.input.is_none()
    }
    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        self.input.is_some()
    }
    fn __repr__(&self) -> String {
        match self.input {
            Some(i) => format!("MergeStep({:?}, input={i})", self.name),
            None => format!("MergeStep({:?}, source)", self.name),
        }
    }
}

/// The queues of a broadcast channel's tee: its reader's step and its followers' sources.
#[pyclass(name = "TeeTable", module = "evflow._native", frozen)]
pub struct PyTeeTable {
    table: Arc<TeeTable>,
    name: String,
}

#[pymethods]
impl PyTeeTable {
    #[new]
    #[pyo3(signature = (name, followers, held=false))]
    fn new(name: String, followers: usize, held: bool) -> Self {
        PyTeeTable { table: TeeTable::new(&name, followers, held), name }
    }

    /// The last step of the reader's input part.
    fn step(&self) -> PyTeeStep {
        PyTeeStep { table: self.table.clone(), follower: None, name: self.name.clone() }
    }

    /// The source of follower `follower` (from 0).
    fn source(&self, follower: usize) -> PyTeeStep {
        PyTeeStep { table: self.table.clone(), follower: Some(follower), name: self.name.clone() }
    }
}

/// A step of a broadcast's tee in a path: the reader's step, or a follower's source.
#[pyclass(name = "TeeStep", module = "evflow._native", frozen)]
pub struct PyTeeStep {
    table: Arc<TeeTable>,
    follower: Option<usize>,
    name: String,
}

#[pymethods]
impl PyTeeStep {
    /// Name in statistics: the broadcast channel's.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// Whether it is a follower's source.
    #[getter]
    fn is_source(&self) -> bool {
        self.follower.is_some()
    }
    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        self.follower.is_none()
    }
}

/// The queue of a funnel: its inputs' steps and its origin's source.
#[pyclass(name = "FunnelTable", module = "evflow._native", frozen)]
pub struct PyFunnelTable {
    table: Arc<FunnelTable>,
    name: String,
}

#[pymethods]
impl PyFunnelTable {
    #[new]
    #[pyo3(signature = (name, inputs, held=false))]
    fn new(name: String, inputs: usize, held: bool) -> Self {
        PyFunnelTable { table: FunnelTable::new(&name, inputs, held), name }
    }

    /// The last step of input `input`'s segment.
    fn input(&self, input: usize) -> PyFunnelStep {
        PyFunnelStep { table: self.table.clone(), input: Some(input), name: self.name.clone() }
    }

    /// The source of the funnel's origin.
    fn source(&self) -> PyFunnelStep {
        PyFunnelStep { table: self.table.clone(), input: None, name: self.name.clone() }
    }
}

/// A step of a funnel in a path: an input's step, or the origin's source.
#[pyclass(name = "FunnelStep", module = "evflow._native", frozen)]
pub struct PyFunnelStep {
    table: Arc<FunnelTable>,
    input: Option<usize>,
    name: String,
}

#[pymethods]
impl PyFunnelStep {
    /// Name in statistics: the funnel's.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// Whether it is the funnel's source.
    #[getter]
    fn is_source(&self) -> bool {
        self.input.is_none()
    }
    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        self.input.is_some()
    }
}

/// The runtime source of a merger's, a tee's or a funnel's source step, or `None` for
/// other objects.
pub fn native_source(obj: &Bound<'_, PyAny>) -> Option<Box<dyn Source>> {
    if let Ok(step) = obj.cast::<PyFunnelStep>() {
        let step = step.get();
        return step.input.is_none().then(|| Box::new(FunnelSource::new(step.table.clone())) as Box<dyn Source>);
    }
    if let Ok(step) = obj.cast::<PyTeeStep>() {
        let step = step.get();
        return step.follower.map(|f| Box::new(TeeSource::new(step.table.clone(), f)) as Box<dyn Source>);
    }
    let step = obj.cast::<PyMergeStep>().ok()?;
    let step = step.get();
    step.input.is_none().then(|| Box::new(MergeSource::new(step.table.clone())) as Box<dyn Source>)
}

/// The runtime module of a merger's or a funnel's input step or a tee's reader step, or
/// `None` for other objects.
pub fn native_module(obj: &Bound<'_, PyAny>) -> Option<Box<dyn Module>> {
    if let Ok(step) = obj.cast::<PyFunnelStep>() {
        let step = step.get();
        return step.input.map(|i| Box::new(FunnelInput::new(step.table.clone(), i)) as Box<dyn Module>);
    }
    if let Ok(step) = obj.cast::<PyTeeStep>() {
        let step = step.get();
        return step.follower.is_none().then(|| Box::new(TeeStep::new(step.table.clone())) as Box<dyn Module>);
    }
    let step = obj.cast::<PyMergeStep>().ok()?;
    let step = step.get();
    step.input.map(|i| Box::new(MergeInput::new(step.table.clone(), i)) as Box<dyn Module>)
}

/// Adds the classes to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMergeTable>()?;
    m.add_class::<PyMergeStep>()?;
    m.add_class::<PyTeeTable>()?;
    m.add_class::<PyTeeStep>()?;
    m.add_class::<PyFunnelTable>()?;
    m.add_class::<PyFunnelStep>()?;
    Ok(())
}
