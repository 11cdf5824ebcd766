//! PyO3 bindings of evflow: the extension module `evflow._native`. The Python package
//! `evflow` (python/evflow) is the API users see; this crate is its engine room.

mod adapters;
mod arrays;
mod builtin;
mod channels;
mod device;
mod device_steps;
mod errors;
mod event;
mod files;
mod job;
mod keys;
mod lifecycle;
mod sessions;
mod supervisor;
mod topology;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    builtin::register(m)?;
    device_steps::register(m)?;
    files::register(m)?;
    channels::register(m)?;
    keys::register(m)?;
    lifecycle::register(m)?;
    sessions::register(m)?;
    supervisor::register(m)?;
    m.add_class::<builtin::PyPlugin>()?;
    m.add_class::<event::PyEvent>()?;
    m.add_class::<arrays::EntryBytes>()?;
    m.add_function(wrap_pyfunction!(arrays::fresh, m)?)?;
    m.add_class::<job::PyReport>()?;
    m.add_function(wrap_pyfunction!(job::run_path, m)?)?;
    m.add_function(wrap_pyfunction!(job::source_identity, m)?)?;
    m.add_function(wrap_pyfunction!(job::parallel_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(job::report_totals, m)?)?;
    m.add_function(wrap_pyfunction!(device::run_device, m)?)?;
    m.add_function(wrap_pyfunction!(device::recover_device, m)?)?;
    m.add_function(wrap_pyfunction!(topology::load_topology, m)?)?;
    m.add_function(wrap_pyfunction!(topology::compile_plan, m)?)?;
    m.add_class::<topology::PyCompiledPlan>()?;
    m.add_class::<topology::SegmentOptions>()?;
    m.add_class::<topology::TopologyFile>()?;
    m.add_function(wrap_pyfunction!(topology::py_process_name, m)?)?;
    m.add("NETNS_DIR", evflow_runtime::topology::machine::NETNS_DIR)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
