//! The supervisor for the topology controller in Python (python/evflow/farm.py): its limits,
//! its crash-loop window (the same as the forked job's monitor uses), and the supervisor.

use crate::errors::EvflowError;
use crate::job::live_dict;
use crate::lifecycle::{stop_name, stop_of};
use crate::topology::PyCompiledPlan;
use evflow_runtime::control::supervisor::farm::{Action, Exited, Placement, Supervisor};
use evflow_runtime::control::supervisor::{self as policy, RestartWindow};
use evflow_runtime::engine::{ExitCode, Role};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::IntoPyObjectExt;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
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
    m.add_class::<PyRestartWindow>()?;
    m.add_class::<PySupervisor>()
}

/// `(time, events written)`.
type Written = (f64, u64, u64);

/// A topology's supervisor (`control::supervisor::farm::Supervisor`) for the controller in
/// python/evflow/farm.py: told what happened, it answers what to do; the controller
/// launches, kills, prints and publishes. Times are the controller's `time.monotonic()`.
#[pyclass(name = "Supervisor", module = "evflow._native")]
struct PySupervisor(Supervisor);

#[pymethods]
impl PySupervisor {
    /// The supervisor of `plan`: `here`, the hosts whose devices run on this machine;
    /// `files`, each process's output files (the plan's process order); `steps`, each
    /// segment's step names.
    #[new]
    fn new(
        plan: &PyCompiledPlan,
        here: HashSet<String>,
        files: Vec<Vec<PathBuf>>,
        steps: Vec<Vec<String>>,
    ) -> PySupervisor {
        let queue = |s| plan.plan.options(&plan.topology, s, Role::Worker(0), [0; 3]).worker_queue;
        let worker_queue = (0..plan.plan.segments.len()).map(queue).collect();
        let placement = Placement { here, files, steps, worker_queue };
        PySupervisor(Supervisor::new(plan.plan.clone(), &plan.topology, placement))
    }

    /// Process `i` was launched at `now`.
    fn launched(&mut self, i: usize, now: f64) {
        self.0.launched(i, now);
    }

    /// Takes a message of the reports port: false (counted) when it is not a device's report.
    fn take(&mut self, message: &[u8], now: f64) -> bool {
        self.0.take(message, now)
    }

    /// The controller did not run for `stalled` seconds more than a turn takes.
    fn forgive(&mut self, stalled: f64) {
        self.0.forgive(stalled);
    }

    /// Raises the stop to `stop` (`drain`, `abort`), `signal` what interrupted the topology;
    /// whether it rose.
    #[pyo3(signature = (stop, signal=None))]
    fn request_stop(&mut self, stop: &str, signal: Option<String>) -> PyResult<bool> {
        Ok(self.0.request_stop(stop_of(stop)?, signal))
    }

    /// Whether a launched process has not ended.
    fn running(&self) -> bool {
        self.0.running()
    }

    /// A turn at `now`, with `(exit code or None, how the launcher describes it or None)` of
    /// each process: `[("start" | "kill", i) | ("warn", line)]`, in order.
    fn tick(
        &mut self,
        py: Python<'_>,
        now: f64,
        exits: Vec<(Option<i32>, Option<String>)>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let exits: Vec<Exited> = exits.into_iter().map(|(code, described)| Exited { code, described }).collect();
        self.0.tick(now, &exits).into_iter().map(|a| action(py, a)).collect()
    }

    /// `evflow ctl FILE scale DEVICE N [--host H]` at `now` (`Supervisor::scale`): `(actions,
    /// lines)`, the actions as `tick`'s; `EvflowError` says why it is refused.
    #[pyo3(signature = (device, n, host, now))]
    fn scale(
        &mut self,
        py: Python<'_>,
        device: &str,
        n: u32,
        host: Option<&str>,
        now: f64,
    ) -> PyResult<(Vec<Py<PyAny>>, Vec<String>)> {
        let (actions, told) = self.0.scale(device, n, host, now).map_err(EvflowError::new_err)?;
        Ok((actions.into_iter().map(|a| action(py, a)).collect::<PyResult<_>>()?, told))
    }

    /// `evflow ctl FILE add-host NAME` at `now`: the actions (`tick`'s) that start its
    /// processors; `EvflowError` says why it is refused.
    fn add_host(&mut self, py: Python<'_>, host: &str, now: f64) -> PyResult<Vec<Py<PyAny>>> {
        let actions = self.0.add_host(host, now).map_err(EvflowError::new_err)?;
        actions.into_iter().map(|a| action(py, a)).collect()
    }

    /// `evflow ctl FILE drain-host NAME` at `now`: the processes it retires; `EvflowError`
    /// says why it is refused.
    fn drain_host(&mut self, host: &str, now: f64) -> PyResult<Vec<String>> {
        self.0.drain_host(host, now).map_err(EvflowError::new_err)
    }

    /// Process `i` is a sink of a resumed topology whose first process goes on from the
    /// files it recovered (`Process::resuming`).
    fn resuming(&mut self, i: usize) {
        self.0.procs[i].resuming = true;
    }

    /// Whether process `i` waits on a standby host (not started with the topology).
    fn standing_by(&self, i: usize) -> bool {
        self.0.standing_by(i)
    }

    /// Process `i`: `(name, device, the file's device, host, replica)`.
    fn identity(&self, i: usize) -> (String, String, String, String, u32) {
        let p = &self.0.procs[i];
        let d = &self.0.plan().devices[p.device];
        (p.name.clone(), d.name.clone(), d.of.clone(), p.host.clone(), p.replica)
    }

    /// The plan as the devices it starts now take it (`--plan`): with the slots added.
    fn plan_json(&self) -> String {
        self.0.plan().to_json()
    }

    /// The changes of the farm during the run, as JSON (`Change`).
    fn changes(&self) -> String {
        serde_json::to_string(&self.0.changes).expect("changes serialize")
    }

    /// Each segment's `(topic, view)`, as JSON, with the held topology's runs.
    fn views(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        (self.0.views().into_iter())
            .map(|(topic, view)| (topic.into_bytes(), serde_json::to_vec(&view).expect("a view serializes")))
            .collect()
    }

    /// A topology that is not held starts its one run once no process is still starting
    /// (`Supervisor::begin_run`): whether it started now.
    fn begin_run(&mut self) -> bool {
        self.0.begin_run()
    }

    /// `evflow ctl start --run number` (`Supervisor::start_run`): the run's state;
    /// `EvflowError` says why it may not start.
    fn start_run(&mut self, number: u32, files: Vec<String>, overwrite: bool) -> PyResult<&'static str> {
        let state = self.0.start_run(number, &files, overwrite).map_err(EvflowError::new_err)?;
        Ok(state.name())
    }

    /// `evflow ctl stop` in a held topology with a run going: `(its index, its number)`, or
    /// None (no run to stop).
    fn stop_run(&mut self) -> Option<(u32, Option<u32>)> {
        self.0.stop_run()
    }

    /// The run as `evflow ctl status` shows it: its state and number (None without --hold);
    /// held, also the runs started (`index`) and closed by every sink.
    fn run_status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let runs = &self.0.runs;
        let run = PyDict::new(py);
        run.set_item("state", runs.state.name())?;
        run.set_item("number", runs.number)?;
        if runs.held {
            run.set_item("index", runs.started)?;
            run.set_item("closed", self.0.run_closed())?;
        }
        Ok(run)
    }

    /// Follows the run, once a turn: what to tell when one has ended everywhere.
    fn follow_runs(&mut self) -> Option<String> {
        self.0.follow_runs()
    }

    /// `evflow ctl status`'s rows.
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (self.0.rows().into_iter())
            .map(|r| {
                let row = PyDict::new(py);
                row.set_item("name", r.name)?;
                row.set_item("device", r.device)?;
                row.set_item("host", r.host)?;
                row.set_item("replica", r.replica)?;
                row.set_item("host_state", r.host_state.name())?;
                row.set_item("pid", r.pid)?;
                row.set_item("state", r.state.name())?;
                row.set_item("events_in", r.events_in)?;
                row.set_item("events_out", r.events_out)?;
                row.set_item("restarts", r.restarts)?;
                row.set_item("generation", r.generation)?;
                Ok(row)
            })
            .collect()
    }

    /// Process `i` as JSON: its generation, its ports (by segment), and every segment's last report
    /// (every generation counted).
    fn process(&self, i: usize) -> String {
        let p = &self.0.procs[i];
        let reports: BTreeMap<usize, _> = p.segments().into_iter().filter_map(|s| Some((s, p.report(s)?))).collect();
        serde_json::json!({"generation": p.generation, "ports": p.ports, "reports": reports}).to_string()
    }

    /// The topology as a live snapshot: what the metrics server shows.
    fn live<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        live_dict(py, &self.0.live())
    }

    /// Counter `key` summed over process `i`'s roles of kind `role`, every generation's.
    fn counter(&self, i: usize, role: &str, key: &str) -> u64 {
        self.0.procs[i].counter(role, key)
    }

    /// Events the sources read, each once.
    fn read(&self) -> u64 {
        self.0.read()
    }

    /// Events the sinks wrote.
    fn written(&self) -> u64 {
        self.0.written()
    }

    /// Seqs read and not completed.
    fn not_completed(&self) -> Vec<u64> {
        self.0.not_completed()
    }

    /// What stopped the topology, the first first, as the engine's errors read in Python
    /// (`module`, `message`, `location`, `traceback`): `module` empty for the engine's own.
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (self.0.errors.iter())
            .map(|e| {
                let error = PyDict::new(py);
                error.set_item("module", &e.module)?;
                error.set_item("message", &e.message)?;
                error.set_item("location", &e.origin.location)?;
                error.set_item("traceback", &e.origin.traceback)?;
                Ok(error)
            })
            .collect()
    }

    /// Every segment's channels' endpoints, by segment.
    fn endpoints(&self) -> Vec<BTreeMap<String, String>> {
        self.0.endpoints.clone()
    }

    /// The stop asked of the topology: `run`, `drain` or `abort`.
    #[getter]
    fn stop(&self) -> PyResult<String> {
        stop_name(self.0.stop)
    }

    /// What interrupted the topology.
    #[getter]
    fn signal(&self) -> Option<String> {
        self.0.signal.clone()
    }

    /// The sinks' processes (a path with no outputs).
    #[getter]
    fn sinks(&self) -> Vec<usize> {
        self.0.sinks.clone()
    }

    /// Messages on the reports port that were not a device's report.
    #[getter]
    fn malformed(&self) -> u64 {
        self.0.malformed
    }

    /// `(time, events written, CPU ns of the device processes)` when the sinks' count first
    /// changed, and when it last did.
    #[getter]
    fn written_at(&self) -> (Option<Written>, Option<Written>) {
        (self.0.first_written, self.0.last_written)
    }
}

/// A supervisor's action as the controller takes it: `("start" | "kill", i)` or `("warn", line)`.
fn action(py: Python<'_>, a: Action) -> PyResult<Py<PyAny>> {
    match a {
        Action::Start(i) => ("start", i).into_py_any(py),
        Action::Kill(i) => ("kill", i).into_py_any(py),
        Action::Warn(line) => ("warn", line).into_py_any(py),
    }
}
