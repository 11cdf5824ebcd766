//! The supervisor's policy for the topology controller in Python (python/evflow/farm.py):
//! its limits and its crash-loop window, the same as the forked job's monitor uses.

use evflow_runtime::control::supervisor::{self as policy, RestartWindow};
use evflow_runtime::engine::ExitCode;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::{Duration, Instant};

/// The replacements of one device within the last minute (`RestartWindow`).
#[pyclass(name = "RestartWindow", module = "evflow._native")]
struct PyRestartWindow(RestartWindow);

#[pymethods]
impl PyRestartWindow {
    #[new]
    fn new(limit: u32) -> PyRestartWindow {
        PyRestartWindow(RestartWindow::new(limit))
    }

    /// Counts a replacement now: None, or why it makes a crash loop (then the job stops).
    fn record(&mut self) -> Option<String> {
        self.0.record(Instant::now()).err().map(|e| e.to_string())
    }
}

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Adds the supervisor's limits (`SUPERVISOR`, in seconds), the engine's exit codes by name
/// (`EXIT_CODES`) and `RestartWindow` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let limits = PyDict::new(m.py());
    limits.set_item("heartbeat", seconds(policy::HEARTBEAT))?;
    limits.set_item("lost_after", seconds(policy::LOST_AFTER))?;
    limits.set_item("vital_lost_after", seconds(policy::VITAL_LOST_AFTER))?;
    limits.set_item("start_grace", seconds(policy::START_GRACE))?;
    limits.set_item("exit_grace", seconds(policy::EXIT_GRACE))?;
    limits.set_item("controller_lost_after", seconds(policy::HEARTBEAT * policy::CONTROLLER_LOST_AFTER_HEARTBEATS))?;
    m.add("SUPERVISOR", limits)?;
    let exits = PyDict::new(m.py());
    for code in ExitCode::ALL {
        exits.set_item(code.name(), code.code())?;
    }
    m.add("EXIT_CODES", exits)?;
    m.add_class::<PyRestartWindow>()
}
