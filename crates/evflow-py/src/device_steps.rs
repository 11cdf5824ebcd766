//! The steps of a topology's built-in devices as Python objects, and a segment's path filled
//! in from the plan (`control::roles`): each device's own steps (its steering file's path),
//! and the built-in devices' steps over their tables, one of each per process (a merger's or
//! junction's `MergeTable`, a broadcast's `TeeTable`, a funnel's `FunnelTable`, an event
//! builder's options), shared by the roles of the process that use it.

use evflow_runtime::control::plan::Plan;
use evflow_runtime::control::roles::Step as Planned;
use evflow_runtime::engine::eventbuilding::{BuildStep, EventBuilding, EventManager};
use evflow_runtime::module::{Module, Source};
use evflow_runtime::modules::{
    FunnelInput, FunnelSource, FunnelTable, MergeInput, MergeSource, MergeTable, TeeSource, TeeStep, TeeTable,
};
use evflow_runtime::topology::Topology;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// The built-in devices' tables of one process, each made when a path first needs it.
#[derive(Default)]
pub struct Tables {
    merges: HashMap<usize, Arc<MergeTable>>,
    funnels: HashMap<usize, Arc<FunnelTable>>,
    tees: HashMap<usize, Arc<TeeTable>>,
}

/// The path of segment `s` of `plan`, its devices' own steps taken from `paths` (by the file's
/// device names), with the number of steps of its origin, workers and custody.
pub fn segment_steps(
    py: Python<'_>,
    plan: &Plan,
    topology: &Topology,
    s: usize,
    paths: &HashMap<String, Vec<Py<PyAny>>>,
    tables: &mut Tables,
) -> PyResult<(Vec<Py<PyAny>>, [usize; 3])> {
    let mut steps = Vec::new();
    let mut sizes = [0; 3];
    for (part, planned) in plan.path(s).into_iter().enumerate() {
        let before = steps.len();
        for step in planned {
            match step {
                Planned::Own(d) => {
                    let own = paths.get(&plan.devices[d].of).map_or(&[][..], |p| &p[..]);
                    steps.extend(own.iter().map(|p| p.clone_ref(py)));
                }
                builtin => steps.push(Py::new(py, device_step(plan, topology, builtin, tables))?.into_any()),
            }
        }
        sizes[part] = steps.len() - before;
    }
    Ok((steps, sizes))
}

/// The step object of built-in step `step`.
fn device_step(plan: &Plan, topology: &Topology, step: Planned, tables: &mut Tables) -> PyDeviceStep {
    let device = |d: usize| &plan.devices[d];
    let options = |d: usize| &topology.devices[&plan.devices[d].of];
    let seconds = |s: f64| Duration::try_from_secs_f64(s).unwrap_or(Duration::MAX);
    let restarts = |d: usize| plan.restarts(d);
    let mut merge = |d: usize| {
        let made = || {
            let timeout = seconds(options(d).timeout_s);
            MergeTable::new(&device(d).name, device(d).inputs.clone(), timeout, plan.hold, restarts(d))
        };
        tables.merges.entry(d).or_insert_with(made).clone()
    };
    let (name, step) = match step {
        Planned::Own(_) => unreachable!("a device's own steps are its steering file's"),
        Planned::MergeSource(d) => (&device(d).name, Step::MergeSource(merge(d))),
        Planned::MergeInput(d, input) => (&device(d).name, Step::MergeInput(merge(d), input)),
        Planned::FunnelSource(d) | Planned::FunnelInput(d, _) => {
            let channel = device(d).inputs.first().cloned().unwrap_or_default();
            let made = || {
                let senders = plan.devices.iter().filter(|s| s.outputs.contains(&channel)).count();
                FunnelTable::new(&device(d).name, senders, plan.hold, restarts(d))
            };
            let table = tables.funnels.entry(d).or_insert_with(made).clone();
            match step {
                Planned::FunnelInput(_, input) => (&device(d).name, Step::FunnelInput(table, input)),
                _ => (&device(d).name, Step::FunnelSource(table)),
            }
        }
        Planned::Tee(reader) | Planned::TeeSource(reader, _) => {
            let segment = &plan.segments[reader];
            let name = device(segment.origin).outputs.join("+");
            let followers = segment.tee.map_or(0, |t| t.followers);
            let table = tables.tees.entry(reader).or_insert_with(|| TeeTable::new(&name, followers, plan.hold)).clone();
            let step = match step {
                Planned::TeeSource(_, follower) => Step::TeeSource(table, follower),
                _ => Step::TeeReader(table),
            };
            return PyDeviceStep { step, name };
        }
        Planned::Manager(b) => {
            let readouts = plan.segments.iter().find(|s| s.workers == Some(b)).map_or(&[][..], |s| &s.readouts[..]);
            let eb = EventBuilding {
                readouts: readouts.iter().map(|&r| device(r).name.clone()).collect(),
                batch: options(b).batch,
                timeout: seconds(options(b).timeout_s),
            };
            return PyDeviceStep { step: Step::EventManager(eb), name: format!("{}-evm", device(b).name) };
        }
        Planned::Build(b) => (&device(b).name, Step::Build),
    };
    PyDeviceStep { step, name: name.clone() }
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

/// Adds the class to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeviceStep>()
}
