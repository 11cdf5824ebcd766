//! `evflow bench transport`: one side of a trial, run in this process; `python/evflow/bench.py`
//! starts the other side in a child process and prints the tables.

use crate::errors::{config_error, EvflowError};
use evflow_transport::bench::{self, Addresses, BenchError, Report, Role, Transport, Trial};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::time::Duration;

fn bench_error(e: BenchError) -> PyErr {
    match e {
        BenchError::Config(_) => config_error(e),
        other => EvflowError::new_err(other.to_string()),
    }
}

fn trial(transport: &str, size: usize, seconds: f64) -> PyResult<Trial> {
    let stream = Duration::try_from_secs_f64(seconds)
        .map_err(|_| config_error(format!("{seconds} is not a number of seconds above 0")))?;
    Trial::new(transport.parse().map_err(bench_error)?, size, stream).map_err(bench_error)
}

/// The transports, each with the raw libzmq transport it is compared with.
#[pyfunction]
fn bench_transports() -> Vec<(&'static str, &'static str)> {
    Transport::ALL.iter().map(|t| (t.name(), t.baseline().name())).collect()
}

/// The data and back addresses the receiver of a trial binds: sockets in `dir`, a free
/// loopback port, or channels of shm session `session`.
#[pyfunction]
fn bench_addresses(transport: &str, dir: PathBuf, session: &str) -> PyResult<(String, String)> {
    let Addresses { data, back } = transport.parse::<Transport>().map_err(bench_error)?.addresses(&dir, session);
    Ok((data, back))
}

/// Runs `role` ("sender" or "receiver") of a trial and returns what it measured. The receiver
/// binds, then calls `on_ready(data, back)` with the bound addresses; that returns the pid of
/// the process that runs the sender (or None), and a receiver stops waiting for a sender
/// whose process has ended.
#[pyfunction]
#[pyo3(signature = (role, transport, size, seconds, data, back, on_ready=None))]
#[allow(clippy::too_many_arguments)]
fn bench_transport_role<'py>(
    py: Python<'py>,
    role: &str,
    transport: &str,
    size: usize,
    seconds: f64,
    data: String,
    back: String,
    on_ready: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let role: Role = role.parse().map_err(bench_error)?;
    let trial = trial(transport, size, seconds)?;
    let report = py.detach(move || -> PyResult<Report> {
        let endpoint = bench::open(role, &trial, &Addresses { data, back }).map_err(bench_error)?;
        let peer = match on_ready {
            Some(on_ready) => Python::attach(|py| -> PyResult<Option<u32>> {
                let at = endpoint.addresses();
                on_ready.call1(py, (&at.data, &at.back))?.extract(py)
            })?,
            None => None,
        };
        endpoint.run(peer).map_err(bench_error)
    })?;
    let d = PyDict::new(py);
    d.set_item("messages", report.messages)?;
    d.set_item("seconds", report.seconds)?;
    d.set_item("msgs_per_s", report.msgs_per_s)?;
    d.set_item("cpu_seconds", report.cpu_seconds)?;
    d.set_item("cpu_us_per_msg", report.cpu_us_per_msg())?;
    if let Some(latency) = report.latency {
        d.set_item("round_trips", latency.round_trips)?;
        d.set_item("p50_us", latency.p50_us)?;
        d.set_item("p99_us", latency.p99_us)?;
    }
    Ok(d)
}

/// This machine's memcpy rate for `size`-byte copies, GB/s, measured for `seconds`.
#[pyfunction]
fn bench_memcpy(py: Python<'_>, size: usize, seconds: f64) -> PyResult<f64> {
    let budget = Duration::try_from_secs_f64(seconds).map_err(|e| config_error(format!("seconds = {seconds}: {e}")))?;
    Ok(py.detach(|| bench::memcpy_gb_per_s(size, budget)))
}

/// Removes the segment of shm session `session`, if there is one; whether there was.
#[pyfunction]
fn bench_remove_session(session: &str) -> PyResult<bool> {
    bench::remove_session(session)
        .map_err(|e| EvflowError::new_err(format!("removing the segment of shm session {session:?}: {e}")))
}

/// Registers the benchmark's functions on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bench_transports, m)?)?;
    m.add_function(wrap_pyfunction!(bench_addresses, m)?)?;
    m.add_function(wrap_pyfunction!(bench_transport_role, m)?)?;
    m.add_function(wrap_pyfunction!(bench_memcpy, m)?)?;
    m.add_function(wrap_pyfunction!(bench_remove_session, m)?)?;
    Ok(())
}
