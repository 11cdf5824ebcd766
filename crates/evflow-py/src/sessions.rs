//! This user's shared-memory sessions, for `evflow shm ls` and `evflow shm clean`.

use crate::errors::EvflowError;
use evflow_runtime::engine::tmpdir;
use evflow_shm::layout::PAGE_LEN;
use evflow_shm::session::{clean_dead_sessions, list_sessions, remove_session, SessionInfo};
use evflow_shm::Segment;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The state `evflow shm ls` shows.
fn state(info: &SessionInfo) -> &'static str {
    if info.unreadable.is_some() {
        "unreadable"
    } else if info.is_alive() {
        "alive"
    } else {
        "dead"
    }
}

fn describe<'py>(py: Python<'py>, info: &SessionInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("session", &info.session)?;
    d.set_item("path", info.path.display().to_string())?;
    d.set_item("state", state(info))?;
    d.set_item("size", info.size)?;
    d.set_item("alive", info.alive)?;
    d.set_item("dead", info.dead)?;
    d.set_item("creator_running", info.creator_running)?;
    d.set_item("unreadable", info.unreadable.as_deref())?;
    let heap = info.pages * PAGE_LEN as u64;
    let mut used = info.pages_used * PAGE_LEN as u64;
    let mut largest_free_run = None;
    let mut holders = Vec::new();
    // The file may be gone by now: then the listing's numbers stand.
    let usage = match info.unreadable {
        None => Segment::open_path(&info.path).ok().map(|segment| segment.heap_usage()),
        Some(_) => None,
    };
    // The processes attached: pid, and whether it still runs.
    let mut processes: Vec<(u32, bool)> = Vec::new();
    if let Some(segment) = info.unreadable.is_none().then(|| Segment::open_path(&info.path).ok()).flatten() {
        let dead = segment.dead_slots();
        for (index, slot) in segment.process_slots().iter().enumerate() {
            let pid = slot.pid.load(std::sync::atomic::Ordering::Acquire);
            if pid != 0 {
                processes.push((pid, !dead.contains(&index)));
            }
        }
        d.set_item("creator_pid", segment.header().creator_pid)?;
    }
    d.set_item("processes", processes)?;
    if let Some(usage) = usage {
        used = ((usage.pages - usage.free_pages) * PAGE_LEN) as u64;
        largest_free_run = Some(usage.largest_free_bytes() as u64);
        holders = usage.by_slot;
    }
    d.set_item("heap", heap)?;
    d.set_item("used", used)?;
    d.set_item("free", heap.saturating_sub(used))?;
    d.set_item("largest_free_run", largest_free_run)?;
    d.set_item("holders", holders)?;
    Ok(d)
}

/// This user's sessions, by name: one dict each (session, path, state "alive", "dead" or
/// "unreadable", size, alive and dead processes, heap bytes used and free, the largest free
/// run in bytes, holders as (slot, pid, bytes held)).
#[pyfunction]
pub fn shm_sessions(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let sessions = py.detach(list_sessions).map_err(|e| EvflowError::new_err(e.to_string()))?;
    sessions.iter().map(|info| describe(py, info)).collect()
}

/// Removes this user's sessions whose processes are all dead; returns their files.
#[pyfunction]
pub fn shm_clean(py: Python<'_>) -> PyResult<Vec<String>> {
    let removed = py.detach(clean_dead_sessions).map_err(|e| EvflowError::new_err(e.to_string()))?;
    Ok(removed.iter().map(|p| p.display().to_string()).collect())
}

/// Removes the session file at `path` if none of its processes is alive (docs/shm.md,
/// "Lifetime of a session"); whether it was removed.
#[pyfunction]
pub fn shm_remove(py: Python<'_>, path: std::path::PathBuf) -> PyResult<bool> {
    py.detach(|| remove_session(&path)).map_err(|e| EvflowError::new_err(e.to_string()))
}

/// Removes evflow's directories in the temporary directory whose processes are all dead (a
/// killed job's, a killed device's), or only those of the named sessions; returns them.
#[pyfunction]
#[pyo3(signature = (sessions=None))]
pub fn sweep_tmpdirs(py: Python<'_>, sessions: Option<Vec<String>>) -> Vec<String> {
    let removed = py.detach(|| tmpdir::sweep(sessions.as_deref()));
    removed.iter().map(|p| p.display().to_string()).collect()
}

/// Registers the functions on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shm_sessions, m)?)?;
    m.add_function(wrap_pyfunction!(shm_clean, m)?)?;
    m.add_function(wrap_pyfunction!(shm_remove, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_tmpdirs, m)?)?;
    Ok(())
}
