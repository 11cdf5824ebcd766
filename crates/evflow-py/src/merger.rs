//! A topology's merger as Python objects: `evflow up` builds one `MergeTable` per merger
//! device and puts its steps into the merger's segments' paths (python/evflow/plan.py).

use crate::errors::config_error;
use evflow_runtime::module::{Module, Source};
use evflow_runtime::modules::{MergeInput, MergeSource, MergeTable};
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

/// The runtime source of a merger's source step, or `None` for other objects.
pub fn native_source(obj: &Bound<'_, PyAny>) -> Option<Box<dyn Source>> {
    let step = obj.cast::<PyMergeStep>().ok()?;
    let step = step.get();
    step.input.is_none().then(|| Box::new(MergeSource::new(step.table.clone())) as Box<dyn Source>)
}

/// The runtime module of a merger's input step, or `None` for other objects.
pub fn native_module(obj: &Bound<'_, PyAny>) -> Option<Box<dyn Module>> {
    let step = obj.cast::<PyMergeStep>().ok()?;
    let step = step.get();
    step.input.map(|i| Box::new(MergeInput::new(step.table.clone(), i)) as Box<dyn Module>)
}

/// Adds the classes to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMergeTable>()?;
    m.add_class::<PyMergeStep>()?;
    Ok(())
}
