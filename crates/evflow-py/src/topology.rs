//! Reading a topology file for `evflow up` (the checks that need no Python are done here), and
//! its compiled plan with the steps of its devices' paths.

use crate::device_steps::{segment_steps, Tables};
use crate::errors::{config_error, ResumeError};
use evflow_runtime::control::plan::Plan;
use evflow_runtime::control::roles::process_name;
use evflow_runtime::engine::{ParallelOptions, Role};
use evflow_runtime::topology;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Mutex;

/// Reads and checks the topology file at `path`: `(topology, [(line, message), ...])` with
/// every problem found; the topology is `None` only when the file is not TOML at all (with
/// problems, it is what could be read, for the checks of its steering files). `machine`: also
/// checks it against this machine (`topology::machine`: the controller's check before
/// anything starts).
#[pyfunction]
#[pyo3(signature = (path, machine=false))]
pub fn load_topology(path: PathBuf, machine: bool) -> (Option<TopologyFile>, Vec<(usize, String)>) {
    let mut reading = topology::read(&path);
    if let (true, Some(t)) = (machine, &reading.topology) {
        reading.problems.problems.extend(topology::machine::check(t));
    }
    let file = reading
        .topology
        .map(|t| TopologyFile { json: serde_json::to_string(&t).expect("a topology serializes"), topology: t });
    (file, lines(reading.problems))
}

/// A topology file as the engine read it: the plan is compiled from it, the file read once.
#[pyclass(module = "evflow._native", frozen)]
pub struct TopologyFile {
    topology: topology::Topology,
    json: String,
}

#[pymethods]
impl TopologyFile {
    /// The topology as JSON, for Python's `Topology`.
    #[getter]
    fn json(&self) -> &str {
        &self.json
    }
}

/// Problems as Python's `TopologyError` takes them: `[(line, message), ...]`.
fn lines(problems: topology::Problems) -> Vec<(usize, String)> {
    problems.problems.into_iter().map(|p| (p.line, p.message)).collect()
}

/// A compiled plan, with the topology it was compiled from and its devices' own steps: what
/// `evflow up` sends to its devices (`json`) and builds its supervisor from, and what a device
/// process fills its roles' paths from.
#[pyclass(name = "CompiledPlan", module = "evflow._native", frozen)]
pub struct PyCompiledPlan {
    pub plan: Plan,
    pub topology: topology::Topology,
    json: String,
    /// Each device of the file's own steps (its steering file's path), by name.
    paths: HashMap<String, Vec<Py<PyAny>>>,
    /// The built-in devices' tables of this process.
    tables: Mutex<Tables>,
}

impl PyCompiledPlan {
    fn new(plan: Plan, topology: topology::Topology, paths: HashMap<String, Vec<Py<PyAny>>>) -> PyCompiledPlan {
        PyCompiledPlan { json: plan.to_json(), plan, topology, paths, tables: Mutex::default() }
    }

    /// The path of segment `s` and the number of steps of its origin, workers and custody.
    pub fn steps_of(&self, py: Python<'_>, s: usize) -> PyResult<(Vec<Py<PyAny>>, [usize; 3])> {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        segment_steps(py, &self.plan, &self.topology, s, &self.paths, &mut tables)
    }

    /// A device's own steps (its steering file's path).
    pub fn own_steps(&self, py: Python<'_>, device: usize) -> Vec<Py<PyAny>> {
        let own = self.paths.get(&self.plan.devices[device].of);
        own.map_or_else(Vec::new, |steps| steps.iter().map(|s| s.clone_ref(py)).collect())
    }

    fn segment(&self, s: usize) -> PyResult<usize> {
        (s < self.plan.segments.len()).then_some(s).ok_or_else(|| config_error(format!("the plan has no segment {s}")))
    }
}

#[pymethods]
impl PyCompiledPlan {
    /// The plan `evflow up` sent (`evflow device --plan JSON`) for the topology `file` (read
    /// without problems), with its devices' own steps (`paths`, by device name).
    #[staticmethod]
    fn sent(file: &TopologyFile, json: &str, paths: HashMap<String, Vec<Py<PyAny>>>) -> PyResult<PyCompiledPlan> {
        let topology = file.topology.clone();
        let plan = Plan::from_json(json, &topology).map_err(|e| {
            config_error(format!(
                "{}: the plan given with --plan does not fit this file ({e}); was the file changed after evflow up \
                 started? Start the topology again",
                topology.file.display()
            ))
        })?;
        Ok(PyCompiledPlan::new(plan, topology, paths))
    }

    /// The plan as the devices read it (`evflow device --plan JSON`).
    #[getter]
    fn json(&self) -> &str {
        &self.json
    }

    /// Whether it runs as the forked engine on this machine (one segment, one host).
    #[getter]
    fn forked(&self) -> bool {
        self.plan.forked
    }

    /// Its number of segments.
    #[getter]
    fn segments(&self) -> usize {
        self.plan.segments.len()
    }

    /// `evflow up --resume` of its device processes: each segment's source and sink, by
    /// device name; a shape that cannot be resumed is refused (`ResumeError`).
    fn resume_pairs(&self) -> PyResult<Vec<(String, String)>> {
        let name = |d: usize| self.plan.devices[d].name.clone();
        match self.plan.resume_pairs() {
            Ok(pairs) => Ok(pairs.into_iter().map(|(origin, custody)| (name(origin), name(custody))).collect()),
            Err(e) => Err(ResumeError::new_err(format!("cannot resume {}: {e}", self.topology.file.display()))),
        }
    }

    /// Its processor replicas, over every segment.
    #[getter]
    fn workers(&self) -> usize {
        self.plan.segments.iter().map(|s| s.slots.len()).sum()
    }

    /// The path of segment `s`, source first: the origin's, the workers', the custody's steps.
    fn steps<'py>(&self, py: Python<'py>, s: usize) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.steps_of(py, self.segment(s)?)?.0)
    }

    /// `(device, start, stop)`: which steps of segment `s`'s path are whose.
    fn ranges(&self, py: Python<'_>, s: usize) -> PyResult<Vec<(String, usize, usize)>> {
        let (_, sizes) = self.steps_of(py, self.segment(s)?)?;
        let segment = &self.plan.segments[s];
        let mut start = 0;
        let mut out = Vec::new();
        for (device, size) in [Some(segment.origin), segment.workers, Some(segment.custody)].into_iter().zip(sizes) {
            if let Some(d) = device {
                out.push((self.plan.devices[d].name.clone(), start, start + size));
            }
            start += size;
        }
        Ok(out)
    }

    /// `(name, device, of, host, replica)` of every device process, in the file's order: its
    /// process name, its device, the file's device whose path and options it takes.
    fn processes(&self) -> Vec<(String, String, String, String, u32)> {
        (self.plan.process_names().into_iter())
            .map(|(name, d, host, replica)| {
                let device = &self.plan.devices[d];
                (name, device.name.clone(), device.of.clone(), host, replica)
            })
            .collect()
    }

    /// The forked job's processes, as `evflow ctl status` lists them: `(name, device, host,
    /// replica, part)`, `part` `"input"`, a worker's slot or `"output"`.
    fn forked_parts<'py>(&self, py: Python<'py>) -> PyResult<Vec<ForkedPart<'py>>> {
        let word = |w: &str| w.into_pyobject(py).map(|w| w.into_any());
        let entry = |d: usize, replica: u32, name: String, part: Bound<'py, PyAny>| {
            let device = &self.plan.devices[d];
            (name, device.name.clone(), device.hosts[0].clone(), replica, part)
        };
        let Some(segment) = self.plan.segments.first() else {
            let only = &self.plan.devices[0];
            return Ok(vec![entry(0, 1, process_name(&only.name, &only.hosts[0], 1), word("input")?)]);
        };
        let names = self.plan.part_names(segment);
        let mut out = vec![entry(segment.origin, 1, names.input, word("input")?)];
        if let Some(w) = segment.workers {
            for (slot, replica) in (0..segment.slots.len()).zip(1..) {
                let name = process_name(&self.plan.devices[w].name, &self.plan.devices[w].hosts[0], replica);
                out.push(entry(w, replica, name, slot.into_pyobject(py)?.into_any()));
            }
        }
        out.push(entry(segment.custody, 1, names.output, word("output")?));
        Ok(out)
    }

    /// The forked job's path and engine options (`run_path`'s `parallel`); a topology of one
    /// device runs its path alone (no options).
    fn forked_job<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyList>, Option<SegmentOptions>)> {
        if self.plan.segments.is_empty() {
            return Ok((PyList::new(py, self.own_steps(py, 0))?, None));
        }
        let (steps, sizes) = self.steps_of(py, 0)?;
        let options = self.plan.options(&self.topology, 0, Role::Input, sizes);
        Ok((PyList::new(py, steps)?, Some(SegmentOptions(options))))
    }
}

/// A forked job's process: `(name, device, host, replica, part)`.
type ForkedPart<'py> = (String, String, String, u32, Bound<'py, PyAny>);

/// A segment's engine options, as the plan compiled them (`run_path`'s `parallel`).
#[pyclass(name = "SegmentOptions", module = "evflow._native", frozen)]
pub struct SegmentOptions(pub ParallelOptions);

/// The plan of topology `file` (read without problems; docs/controller.md, "The plan"):
/// `(plan, [(line, message), ...])`, the plan `None` when its shape has problems. `paths`:
/// each device's own steps, by name (its steering file's path); `unresumable`: the devices
/// with a step that keeps what a restarted process cannot rebuild, not restarted by default.
#[pyfunction]
#[pyo3(signature = (file, hold, paths=HashMap::new(), unresumable=BTreeSet::new()))]
pub fn compile_plan(
    file: &TopologyFile,
    hold: bool,
    paths: HashMap<String, Vec<Py<PyAny>>>,
    unresumable: BTreeSet<String>,
) -> (Option<PyCompiledPlan>, Vec<(usize, String)>) {
    match Plan::compile(&file.topology, hold, &unresumable) {
        Ok(plan) => (Some(PyCompiledPlan::new(plan, file.topology.clone(), paths)), Vec::new()),
        Err(e) => (None, lines(e)),
    }
}

/// A device process's name, as `ps` (its first 15 bytes) and the status show it.
#[pyfunction(name = "process_name")]
pub fn py_process_name(device: &str, host: &str, replica: u32) -> String {
    process_name(device, host, replica)
}
