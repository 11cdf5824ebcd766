//! The steps of a topology's built-in devices as Python objects (python/evflow/plan.py puts
//! them into the segments' paths): a merger's (one `MergeTable` per merger or junction), a
//! broadcast's tee (one `TeeTable` per origin sending to several devices) and a funnel's
//! (one `FunnelTable` per channel with several sending devices).

use crate::errors::config_error;
use evflow_runtime::engine::eventbuilding::{BuildStep, EventBuilding, EventManager};
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
    fn input(&self, input: usize) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::MergeInput(self.table.clone(), input))
    }

    /// The source of the merger's origin.
    fn source(&self) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::MergeSource(self.table.clone()))
    }
}

/// The queues of a broadcast's tee: its reader's step and its followers' sources.
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
    fn step(&self) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::TeeReader(self.table.clone()))
    }

    /// The source of follower `follower` (from 0).
    fn source(&self, follower: usize) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::TeeSource(self.table.clone(), follower))
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
    fn input(&self, input: usize) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::FunnelInput(self.table.clone(), input))
    }

    /// The source of the funnel's origin.
    fn source(&self) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::FunnelSource(self.table.clone()))
    }
}

/// An event builder's steps: its event manager's source and its builders' step.
#[pyclass(name = "EventBuilder", module = "evflow._native", frozen)]
pub struct PyEventBuilder {
    eb: EventBuilding,
    name: String,
}

#[pymethods]
impl PyEventBuilder {
    #[new]
    fn new(name: String, readouts: Vec<String>, batch: u64, timeout: f64) -> PyResult<Self> {
        if !(timeout > 0.0 && timeout.is_finite()) || batch == 0 || readouts.is_empty() {
            return Err(config_error(format!(
                "builder {name}: needs readout devices, a batch of 1 or more and a positive timeout"
            )));
        }
        let eb = EventBuilding { readouts, batch, timeout: Duration::from_secs_f64(timeout) };
        Ok(PyEventBuilder { eb, name })
    }

    /// The source of the event manager: one descriptor per batch.
    fn manager(&self) -> PyDeviceStep {
        PyDeviceStep::new(&format!("{}-evm", self.name), Step::EventManager(self.eb.clone()))
    }

    /// The builders' step.
    fn build(&self) -> PyDeviceStep {
        PyDeviceStep::new(&self.name, Step::Build)
    }
}

/// Which step of which built-in device.
enum Step {
    EventManager(EventBuilding),
    Build,
    MergeInput(Arc<MergeTable>, usize),
    MergeSource(Arc<MergeTable>),
    TeeReader(Arc<TeeTable>),
    TeeSource(Arc<TeeTable>, usize),
    FunnelInput(Arc<FunnelTable>, usize),
    FunnelSource(Arc<FunnelTable>),
}

/// A step of a built-in device in a path: a module, or a source.
#[pyclass(name = "DeviceStep", module = "evflow._native", frozen)]
pub struct PyDeviceStep {
    step: Step,
    name: String,
}

impl PyDeviceStep {
    fn new(name: &str, step: Step) -> PyDeviceStep {
        PyDeviceStep { step, name: name.to_string() }
    }
}

#[pymethods]
impl PyDeviceStep {
    /// Name in statistics: the device's (or the channel's).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// Whether it is a source.
    #[getter]
    fn is_source(&self) -> bool {
        matches!(self.step, Step::MergeSource(_) | Step::TeeSource(..) | Step::FunnelSource(_) | Step::EventManager(_))
    }
    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        !self.is_source()
    }
}

/// The runtime source of a built-in device's source step, or `None` for other objects.
pub fn native_source(obj: &Bound<'_, PyAny>) -> Option<Box<dyn Source>> {
    let step = obj.cast::<PyDeviceStep>().ok()?;
    Some(match &step.get().step {
        Step::MergeSource(table) => Box::new(MergeSource::new(table.clone())),
        Step::TeeSource(table, follower) => Box::new(TeeSource::new(table.clone(), *follower)),
        Step::FunnelSource(table) => Box::new(FunnelSource::new(table.clone())),
        Step::EventManager(eb) => Box::new(EventManager::new(&step.get().name, eb.clone())),
        _ => return None,
    })
}

/// The runtime module of a built-in device's step, or `None` for other objects.
pub fn native_module(obj: &Bound<'_, PyAny>) -> Option<Box<dyn Module>> {
    let step = obj.cast::<PyDeviceStep>().ok()?;
    Some(match &step.get().step {
        Step::MergeInput(table, input) => Box::new(MergeInput::new(table.clone(), *input)),
        Step::TeeReader(table) => Box::new(TeeStep::new(table.clone())),
        Step::FunnelInput(table, input) => Box::new(FunnelInput::new(table.clone(), *input)),
        Step::Build => Box::new(BuildStep::new(&step.get().name)),
        _ => return None,
    })
}

/// Adds the classes to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMergeTable>()?;
    m.add_class::<PyTeeTable>()?;
    m.add_class::<PyFunnelTable>()?;
    m.add_class::<PyDeviceStep>()?;
    m.add_class::<PyEventBuilder>()?;
    Ok(())
}
