//! `evflow._native.lifecycle`: the runtime's device and run life cycle
//! (`evflow_runtime::control::lifecycle`) for the Python controller. States and transitions
//! are their names (`"running"`, `"start"`), each also a constant of its upper-case name
//! (`lifecycle.RUNNING`); `next_device` and `next_run` move through the one table, raising
//! `EvflowError` with the refusal's message where it has no row.

use crate::errors::EvflowError;
use evflow_runtime::control::lifecycle::{
    follow, next, DeviceState, DeviceTransition, Machine, Named, Refused, Row, RunState, RunTransition,
};
use evflow_runtime::engine::board::Stop;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::str::FromStr;

/// Adds the submodule `lifecycle` to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let sub = PyModule::new(py, "lifecycle")?;
    sub.add("DEVICE_STATES", PyTuple::new(py, names(DeviceState::ALL))?)?;
    sub.add("DEVICE_TRANSITIONS", PyTuple::new(py, names(DeviceTransition::ALL))?)?;
    sub.add("RUN_STATES", PyTuple::new(py, names(RunState::ALL))?)?;
    sub.add("RUN_TRANSITIONS", PyTuple::new(py, names(RunTransition::ALL))?)?;
    sub.add("ENDED", PyTuple::new(py, names(DeviceState::ENDED))?)?;
    sub.add("DEVICE_TABLE", PyTuple::new(py, rows(DeviceState::TABLE))?)?;
    sub.add("RUN_TABLE", PyTuple::new(py, rows(RunState::TABLE))?)?;
    sub.add("STOPS", PyTuple::new(py, Stop::ALL.iter().map(|s| stop_name(*s)).collect::<PyResult<Vec<_>>>()?)?)?;
    let words = names(DeviceState::ALL).into_iter().chain(names(DeviceTransition::ALL)).chain(names(RunState::ALL));
    for word in words.chain(names(RunTransition::ALL)) {
        sub.add(word.to_uppercase().as_str(), word)?;
    }
    sub.add_function(wrap_pyfunction!(next_device, &sub)?)?;
    sub.add_function(wrap_pyfunction!(next_run, &sub)?)?;
    sub.add_function(wrap_pyfunction!(follow_device, &sub)?)?;
    sub.add_function(wrap_pyfunction!(follow_run, &sub)?)?;
    sub.add_function(wrap_pyfunction!(device_state_of, &sub)?)?;
    m.add("lifecycle", sub)?;
    Ok(())
}

fn names<T: Named>(values: &[T]) -> Vec<&'static str> {
    values.iter().map(|v| v.name()).collect()
}

fn rows<S: Named, T: Named>(table: &[Row<S, T>]) -> Vec<(&'static str, &'static str, &'static str)> {
    table.iter().map(|r| (r.from.name(), r.transition.name(), r.to.name())).collect()
}

/// A stop request's name, as serde writes it on the wire.
pub(crate) fn stop_name(stop: Stop) -> PyResult<String> {
    match serde_json::to_value(stop) {
        Ok(serde_json::Value::String(name)) => Ok(name),
        _ => Err(PyValueError::new_err(format!("{stop:?} has no name"))),
    }
}

/// The stop request named `word`, as serde reads it from the wire.
pub(crate) fn stop_of(word: &str) -> PyResult<Stop> {
    serde_json::from_value(serde_json::Value::String(word.into()))
        .map_err(|_| PyValueError::new_err(format!("a stop is run, drain or abort, not {word:?}")))
}

fn parse<T: FromStr>(word: &str) -> PyResult<T>
where
    T::Err: std::fmt::Display,
{
    word.parse().map_err(|e: T::Err| PyValueError::new_err(e.to_string()))
}

fn refused(e: Refused, subject: Option<String>) -> PyErr {
    let e = match subject {
        Some(subject) => e.about(subject),
        None => e,
    };
    EvflowError::new_err(e.to_string())
}

/// The state a device process's `transition` leads to from `state`; `EvflowError` (naming
/// `subject`, or "the device process") where the table refuses it.
#[pyfunction]
#[pyo3(signature = (state, transition, subject=None))]
fn next_device(state: &str, transition: &str, subject: Option<String>) -> PyResult<&'static str> {
    let (state, transition) = (parse::<DeviceState>(state)?, parse::<DeviceTransition>(transition)?);
    next(state, transition).map(|s| s.name()).map_err(|e| refused(e, subject))
}

/// The state a run's `transition` leads to from `state`; `EvflowError` (naming `subject`, or
/// "the run") where the table refuses it.
#[pyfunction]
#[pyo3(signature = (state, transition, subject=None))]
fn next_run(state: &str, transition: &str, subject: Option<String>) -> PyResult<&'static str> {
    let (state, transition) = (parse::<RunState>(state)?, parse::<RunTransition>(transition)?);
    next(state, transition).map(|s| s.name()).map_err(|e| refused(e, subject))
}

/// `next_device`, or `state` unchanged where the table refuses: for following facts that may
/// be old news.
#[pyfunction]
fn follow_device(state: &str, transition: &str) -> PyResult<&'static str> {
    Ok(follow(parse::<DeviceState>(state)?, parse::<DeviceTransition>(transition)?).name())
}

/// `next_run`, or `state` unchanged where the table refuses.
#[pyfunction]
fn follow_run(state: &str, transition: &str) -> PyResult<&'static str> {
    Ok(follow(parse::<RunState>(state)?, parse::<RunTransition>(transition)?).name())
}

/// The state of a process from those of its roles (a merger plays several); None for none.
#[pyfunction]
fn device_state_of(states: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let states =
        states.try_iter()?.map(|s| parse::<DeviceState>(&s?.extract::<String>()?)).collect::<PyResult<Vec<_>>>()?;
    Ok(DeviceState::of_roles(states).map(|s| s.name()))
}
