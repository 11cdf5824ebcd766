//! `evflow device`: one process of a topology run as device processes, with its roles in
//! the topology's segments as the controller's plan gives them (docs/topology-design.md).

use crate::errors::{config_error, EvflowError, ResumeError};
use crate::job::{checked, flush_std_streams, path_of, PyHooks};
use crate::topology::PyCompiledPlan;
use evflow_runtime::control::roles::process_name;
use evflow_runtime::engine::curve::{KeyFiles, Keys};
use evflow_runtime::engine::device::{self, DeviceOptions, RoleSpec};
use evflow_runtime::engine::{Hooks, PartNames, Role, SumsSource};
use evflow_runtime::job::{Interrupt, OnError, ProcessOptions};
use evflow_runtime::resume::{self, Prepared, ResumePlan};
use evflow_runtime::topology::{Security, Topology};
use pyo3::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;

/// Where a device process runs in the plan, as `evflow device` names it.
struct Place<'a> {
    device: &'a str,
    host: &'a str,
    replica: u32,
}

/// Runs replica `replica` of device `device` on `host` (generation `generation`, in each
/// segment of `ports` bound on that port: a restarted process binds where its first did) with
/// its roles in `plan`'s segments, reporting to the controller's `reports` channel and taking
/// its `views`; returns the exit code. The first role runs in this thread; the others (a
/// merger's custodies) in threads of their own. `held`: its origins read only during the runs
/// its controller starts. `resume_plan` (`ResumePlan::to_json`): a resumed topology's source
/// and sink go on as it says (docs/topology-design.md, "Resuming a topology of device
/// processes"), a sink's outputs continuing what they recover. `parent`: the process that
/// started it, as it was when the process began (`DeviceOptions::parent`).
#[pyfunction]
#[pyo3(signature = (plan, *, device, host, replica, generation, ports, held, host_address, reports, views, max_part_size, job=None, resume_plan=None, parent=None))]
#[allow(clippy::too_many_arguments)]
pub fn run_device<'py>(
    py: Python<'py>,
    plan: &PyCompiledPlan,
    device: &str,
    host: &str,
    replica: u32,
    generation: u32,
    ports: std::collections::HashMap<u32, u16>,
    held: bool,
    host_address: String,
    reports: String,
    views: String,
    max_part_size: u64,
    job: Option<&Bound<'py, PyAny>>,
    resume_plan: Option<&str>,
    parent: Option<i32>,
) -> PyResult<i32> {
    let place = Place { device, host, replica };
    let (mut specs, first_steps) = role_specs(py, plan, &place, generation, &ports, held, job)?;
    let mut opts = ProcessOptions { max_events: None, seed: 0, on_error: OnError::Stop, resume: None };
    if let Some(sent) = resume_plan {
        let resume = ResumePlan::from_json(sent).map_err(config_error)?;
        for spec in specs.iter_mut().filter(|spec| spec.role == Role::Output) {
            // What recover found before the topology started: nothing ran since.
            resume::prepare(&mut spec.path).map_err(ResumeError::new_err)?;
        }
        opts.resume = Some(Arc::new(resume));
    }
    let name = process_name(device, host, replica);
    let curve = keys(&plan.topology, host)?.map(Arc::new);
    let device = DeviceOptions { host_address, reports, views, max_part_size, curve, parent };
    // The roles run with the GIL released: each takes it when it calls Python (a role in a
    // thread of its own may, as a custody asking its segment's Python source how many events
    // to expect); held by the first role while it waits on its channels, it would wait for ever.
    let work = Unguarded((specs, name, opts, device, first_steps));
    let done = py.detach(move || {
        let (specs, name, opts, device, steps) = work.into_inner();
        let code = device::run(specs, &name, &opts, &device, &mut DeviceHooks { steps: &steps });
        Unguarded(code.map(|code| code.code()).map_err(|e| e.to_string()))
    });
    done.0.map_err(EvflowError::new_err)
}

/// `evflow device --recover`: what the outputs of sink `device` on `host` find of the files
/// a killed run of the topology left, changing nothing (docs/topology-design.md, "Resuming a
/// topology of device processes"), as JSON: `state` (`none`, `fresh`, `complete`,
/// `resume`), the `plan` its source and it go on with (`ResumePlan::to_json`; null from
/// the start), and each output's `files` found. A refusal is `ResumeError`.
#[pyfunction]
#[pyo3(signature = (plan, *, device, host, replica, job=None))]
pub fn recover_device<'py>(
    py: Python<'py>,
    plan: &PyCompiledPlan,
    device: &str,
    host: &str,
    replica: u32,
    job: Option<&Bound<'py, PyAny>>,
) -> PyResult<String> {
    let place = Place { device, host, replica };
    let (mut specs, _) = role_specs(py, plan, &place, 0, &Default::default(), false, job)?;
    let mut sink = specs.iter_mut().filter(|spec| spec.role == Role::Output);
    let (Some(spec), None) = (sink.next(), sink.next()) else {
        return Err(config_error(format!("{}: device {device} is not a sink", plan.topology.file.display())));
    };
    let (state, plan, outputs) = match resume::prepare(&mut spec.path).map_err(ResumeError::new_err)? {
        Prepared::NoOutputs => ("none", None, Vec::new()),
        Prepared::Fresh => ("fresh", None, Vec::new()),
        Prepared::Complete(outputs) => ("complete", Some(ResumePlan::at_end(&outputs)), outputs),
        Prepared::Resume(plan, outputs) => ("resume", Some(plan), outputs),
    };
    let files: Vec<_> = outputs
        .iter()
        .filter(|o| o.found)
        .map(|o| {
            let (file, events) = (o.file.display().to_string(), o.seqs.len());
            serde_json::json!({"file": file, "complete": o.complete, "events": events, "accounted": o.accounted})
        })
        .collect();
    let plan = plan.map(|p| p.to_json());
    Ok(serde_json::json!({"state": state, "plan": plan, "files": files}).to_string())
}

/// The roles of the process at `place` in `plan`'s segments, and its first role's steps.
fn role_specs<'py>(
    py: Python<'py>,
    plan: &PyCompiledPlan,
    place: &Place<'_>,
    generation: u32,
    ports: &std::collections::HashMap<u32, u16>,
    held: bool,
    job: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Vec<RoleSpec>, Vec<Py<PyAny>>)> {
    let Place { device, host, replica } = *place;
    let file = plan.topology.file.display();
    if plan.plan.forked {
        return Err(config_error(format!("{file}: its devices run on this machine: use evflow up")));
    }
    let found = plan
        .plan
        .processes()
        .into_iter()
        .find(|(d, h, r)| plan.plan.devices[*d].name == device && h == host && *r == replica);
    let Some((d, _, _)) = found else {
        return Err(config_error(format!("{file} has no replica {replica} of device {device} on host {host}")));
    };
    let name = process_name(device, host, replica);
    let mut specs = Vec::new();
    let mut first_steps: Vec<Py<PyAny>> = Vec::new();
    for (s, role) in plan.plan.roles(d, host, replica) {
        let (mut steps, sizes) = plan.steps_of(py, s)?;
        let mut popts = plan.plan.options(&plan.topology, s, role, sizes);
        if let (Role::Readout(_), Some(parts)) = (role, &mut popts.parts) {
            // A readout runs its own device's path, under its own name.
            steps = plan.own_steps(py, d);
            (parts.input, parts.workers) = (0, 0);
            parts.names = PartNames { input: name.clone(), ..parts.names.clone() };
        }
        let popts = checked(popts)?;
        let bound: Vec<Bound<'py, PyAny>> = steps.iter().map(|s| s.bind(py).clone()).collect();
        let Some((source, modules)) = bound.split_first() else {
            return Err(config_error(format!("device {device}: its path in segment {s} is empty")));
        };
        if specs.is_empty() {
            first_steps = steps;
        }
        specs.push(RoleSpec {
            segment: s as u32,
            role,
            generation,
            // A source's fixed port is its acks channel's, a sink's its results channel's, a
            // bridge's its relay channel's.
            port: matches!(role, Role::Input | Role::Output | Role::Bridge)
                .then_some(ports.get(&(s as u32)).copied().or(plan.plan.devices[d].port))
                .flatten(),
            session: plan.plan.session(&plan.topology, s, host),
            path: path_of(py, source, modules, job)?,
            popts,
            bridged: plan.plan.segments[s].bridge.is_some(),
            held,
        });
    }
    Ok((specs, first_steps))
}

/// What a device's roles take to the threads that run them with the GIL released.
struct Unguarded<T>(T);

impl<T> Unguarded<T> {
    /// Taken whole: a closure that named its fields would capture them one by one.
    fn into_inner(self) -> T {
        self.0
    }
}

// SAFETY: the roles' Python objects are touched only with the GIL taken (`Python::attach`
// in the step adapters and in `DeviceHooks`), as the forked engine's roles do.
unsafe impl<T> Send for Unguarded<T> {}

/// A device's hooks, called with the GIL released: each takes it.
struct DeviceHooks<'a> {
    /// Its first role's steps, whose mergeable objects it collects at its end.
    steps: &'a [Py<PyAny>],
}

impl Hooks for DeviceHooks<'_> {
    fn control(&mut self) -> Result<(), Interrupt> {
        Ok(())
    }

    fn before_exit(&mut self) {
        Python::attach(flush_std_streams);
    }

    fn collect(&mut self, steps: std::ops::Range<usize>) -> Option<Vec<u8>> {
        Python::attach(|py| {
            let (raised, mut control) = (RefCell::new(None), || Ok(()));
            let mut hooks =
                PyHooks { py, control: &mut control, steps: self.steps, watch: None, stop: false, raised: &raised };
            hooks.collect(steps)
        })
    }

    fn live_sums(&mut self, steps: std::ops::Range<usize>) -> Option<SumsSource> {
        let sender = Python::attach(|py| -> PyResult<Option<Py<PyAny>>> {
            let all = pyo3::types::PyList::new(py, self.steps.iter().map(|s| s.bind(py)))?;
            let sender = py.import("evflow.sums")?.call_method1("sender", (all, steps.start, steps.end))?;
            Ok((!sender.is_none()).then(|| sender.unbind()))
        });
        let sender = sender.unwrap_or_else(|e| {
            evflow_runtime::log::error!("cannot send the mergeable objects to the controller: {e}");
            None
        })?;
        Some(Box::new(move || {
            Python::attach(|py| {
                let encoded = sender.call_method0(py, "message")?;
                let encoded = encoded.bind(py);
                if encoded.is_none() {
                    return Ok(None);
                }
                Ok(Some(encoded.cast::<pyo3::types::PyBytes>()?.as_bytes().to_vec()))
            })
            .map_err(|e: PyErr| {
                evflow_runtime::log::error!("cannot send the mergeable objects to the controller: {e}");
            })
        }))
    }
}

/// With `security = "curve"` (docs/security.md): this host's secret key, every host's public
/// one and the controller's.
fn keys(topology: &Topology, host: &str) -> PyResult<Option<Keys>> {
    if topology.security != Some(Security::Curve) {
        return Ok(None);
    }
    let missing = || {
        config_error(format!(
            "{}: security = \"curve\" needs every host's key and controller_key",
            topology.file.display()
        ))
    };
    let secret = topology.hosts.get(host).and_then(|h| h.key.as_ref()).ok_or_else(missing)?.secret.clone();
    let hosts = (topology.hosts.iter())
        .map(|(name, h)| h.key.as_ref().map(|k| (name.clone(), k.public.clone())).ok_or_else(missing))
        .collect::<PyResult<_>>()?;
    let controller = topology.controller_key.as_ref().ok_or_else(missing)?.public.clone();
    Keys::read(&KeyFiles { secret, hosts, controller }).map(Some).map_err(config_error)
}
