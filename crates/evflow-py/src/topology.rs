//! Reading a topology file for `evflow up` (the checks that need no Python are done here).

use evflow_runtime::topology;
use pyo3::prelude::*;

/// Reads and checks the topology file at `path`: `(topology as JSON, None)`, or `(None,
/// [(line, message), ...])` with every problem found.
#[pyfunction]
pub fn load_topology(path: std::path::PathBuf) -> (Option<String>, Vec<(usize, String)>) {
    match topology::load(&path) {
        Ok(t) => (Some(serde_json::to_string(&t).expect("a topology serializes")), Vec::new()),
        Err(problems) => (None, problems.problems.into_iter().map(|p| (p.line, p.message)).collect()),
    }
}
