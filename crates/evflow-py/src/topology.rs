//! Reading a topology file for `evflow up` (the checks that need no Python are done here).

use evflow_runtime::control::plan::Plan;
use evflow_runtime::topology;
use pyo3::prelude::*;

/// Reads and checks the topology file at `path`: `(topology as JSON, [(line, message), ...])`
/// with every problem found; the topology is `None` only when the file is not TOML at all
/// (with problems, it is what could be read, for the checks of its steering files).
#[pyfunction]
pub fn load_topology(path: std::path::PathBuf) -> (Option<String>, Vec<(usize, String)>) {
    let reading = topology::read(&path);
    let json = reading.topology.map(|t| serde_json::to_string(&t).expect("a topology serializes"));
    (json, lines(reading.problems))
}

/// Problems as Python's `TopologyError` takes them: `[(line, message), ...]`.
fn lines(problems: topology::Problems) -> Vec<(usize, String)> {
    problems.problems.into_iter().map(|p| (p.line, p.message)).collect()
}

/// A compiled plan, with the topology it was compiled from: what `evflow up` sends to its
/// devices (`json`) and builds its supervisor from.
#[pyclass(name = "CompiledPlan", module = "evflow._native", frozen)]
pub struct PyCompiledPlan {
    pub plan: Plan,
    pub topology: topology::Topology,
    json: String,
}

#[pymethods]
impl PyCompiledPlan {
    /// The plan as the devices read it (`evflow device --plan JSON`).
    #[getter]
    fn json(&self) -> &str {
        &self.json
    }
}

/// The plan of the topology file at `path` (docs/controller.md, "The plan"): `(plan,
/// [(line, message), ...])`, the plan `None` when the file or its shape has problems.
#[pyfunction]
pub fn compile_plan(path: std::path::PathBuf, hold: bool) -> (Option<PyCompiledPlan>, Vec<(usize, String)>) {
    let reading = topology::read(&path);
    match reading.topology {
        Some(t) if reading.problems.problems.is_empty() => match Plan::compile(&t, hold) {
            Ok(plan) => (Some(PyCompiledPlan { json: plan.to_json(), plan, topology: t }), Vec::new()),
            Err(e) => (None, lines(e)),
        },
        _ => (None, lines(reading.problems)),
    }
}
