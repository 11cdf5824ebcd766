//! `evflow device`: one process of a topology run as device processes, with its roles in
//! the topology's segments (docs/topology-design.md).

use crate::errors::{config_error, EvflowError};
use crate::job::{parallel_options, path_of, PyHooks};
use evflow_runtime::engine::curve::{KeyFiles, Keys};
use evflow_runtime::engine::device::{self, DeviceOptions, RoleSpec};
use evflow_runtime::job::{OnError, ProcessOptions};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

/// Runs the device process `name`: each of `roles` (dicts with `segment`, `role` (`input`,
/// `worker:N`, `output` or `bridge`), `generation`, `port`, `session`, `steps` (its segment's path,
/// source first), `parallel` (the segment's options), `bridged` (the segment has a
/// bridge) and `held` (runs started by the controller)), reporting to the controller's
/// `reports` channel and taking its `views`; returns the exit code. The first role runs in
/// this thread; the others (a merger's custodies) in threads of their own. `curve` (a
/// topology with `security = "curve"`): the host's secret key file, every host's public key
/// file by host name, and the controller's public key file.
#[pyfunction]
#[pyo3(signature = (roles, *, name, host_address, reports, views, max_part_size, job=None, max_events=None, seed=0, on_error="stop", curve=None))]
#[allow(clippy::too_many_arguments)]
pub fn run_device<'py>(
    py: Python<'py>,
    roles: Vec<Bound<'py, PyDict>>,
    name: String,
    host_address: String,
    reports: String,
    views: String,
    max_part_size: u64,
    job: Option<&Bound<'py, PyAny>>,
    max_events: Option<u64>,
    seed: u64,
    on_error: &str,
    curve: Option<(PathBuf, HashMap<String, PathBuf>, PathBuf)>,
) -> PyResult<i32> {
    let on_error: OnError = on_error.parse().map_err(config_error)?;
    let mut specs = Vec::new();
    let mut first_steps: Vec<Py<PyAny>> = Vec::new();
    for (i, d) in roles.iter().enumerate() {
        let item = |key: &str| -> PyResult<Bound<'py, PyAny>> {
            d.get_item(key)?.ok_or_else(|| config_error(format!("a device role needs {key:?}")))
        };
        let steps: Vec<Bound<'py, PyAny>> = item("steps")?.cast_into::<PyList>()?.iter().collect();
        let Some((source, modules)) = steps.split_first() else {
            return Err(config_error("a device role's path is empty"));
        };
        if i == 0 {
            first_steps = steps.iter().map(|s| s.clone().unbind()).collect();
        }
        specs.push(RoleSpec {
            segment: item("segment")?.extract()?,
            role: item("role")?.extract::<String>()?.parse().map_err(config_error)?,
            generation: item("generation")?.extract()?,
            port: item("port")?.extract()?,
            session: item("session")?.extract()?,
            path: path_of(py, source, modules, job)?,
            popts: parallel_options(&item("parallel")?.cast_into::<PyDict>()?)?,
            bridged: flag(d, "bridged")?,
            held: flag(d, "held")?,
        });
    }
    let opts = ProcessOptions { max_events, seed, on_error };
    let curve = match curve {
        Some((secret, hosts, controller)) => {
            let keys = Keys::read(&KeyFiles { secret, hosts, controller }).map_err(config_error)?;
            Some(Arc::new(keys))
        }
        None => None,
    };
    let device = DeviceOptions { host_address, reports, views, max_part_size, curve };
    let raised = RefCell::new(None);
    let mut control = || Ok(());
    let mut hooks =
        PyHooks { py, control: &mut control, steps: &first_steps, watch: None, stop: false, raised: &raised };
    device::run(specs, &name, &opts, &device, &mut hooks)
        .map(|code| code.code())
        .map_err(|e| EvflowError::new_err(e.to_string()))
}

/// An optional true/false item of a role's dict.
fn flag(d: &Bound<'_, PyDict>, key: &str) -> PyResult<bool> {
    Ok(d.get_item(key)?.map(|v| v.is_truthy()).transpose()?.unwrap_or(false))
}
