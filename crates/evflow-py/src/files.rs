//! `.evf` files from Python: sequential and random-access reading, integrity reports.

use crate::errors::{config_error, file_error, format_error};
use crate::event::PyEvent;
use evflow_core::file::{self, FileReader, ReaderOptions};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyStopIteration};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// An open `.evf` file: iterate it for its events in order, or index it (`reader[i]`,
/// `reader.event(run, number)`) for random access.
#[pyclass(name = "FileReader", module = "evflow", unsendable)]
pub struct PyFileReader {
    inner: Option<FileReader>,
    path: PathBuf,
}

impl PyFileReader {
    fn reader(&mut self) -> PyResult<&mut FileReader> {
        let path = self.path.display().to_string();
        self.inner.as_mut().ok_or_else(|| config_error(format!("file {path} is closed")))
    }
}

fn json_to_py<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (value.to_string(),))
}

#[pymethods]
impl PyFileReader {
    #[new]
    #[pyo3(signature = (path, skip_corrupt=false))]
    fn new(py: Python<'_>, path: PathBuf, skip_corrupt: bool) -> PyResult<Self> {
        let opts = ReaderOptions { skip_corrupt, ..Default::default() };
        let reader = FileReader::open(&path, opts).map_err(|e| file_error(py, &e))?;
        Ok(PyFileReader { inner: Some(reader), path })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<PyEvent> {
        match self.reader()?.next_event().map_err(format_error)? {
            Some(event) => Ok(PyEvent::owned(event)),
            None => Err(PyStopIteration::new_err(())),
        }
    }

    fn __len__(&mut self) -> PyResult<usize> {
        Ok(self.reader()?.len())
    }

    fn __getitem__(&mut self, i: isize) -> PyResult<PyEvent> {
        let reader = self.reader()?;
        let len = reader.len() as isize;
        let at = if i < 0 { i + len } else { i };
        if at < 0 || at >= len {
            return Err(PyIndexError::new_err(format!("event {i} out of range: the file holds {len} events")));
        }
        Ok(PyEvent::owned(reader.read_at(at as usize).map_err(format_error)?))
    }

    /// `(run, event number)` of every event, in file order (from the index: no event is read).
    fn ids(&mut self) -> PyResult<Vec<(u32, u64)>> {
        Ok(self.reader()?.index().iter().map(|e| (e.run, e.event)).collect())
    }

    /// Position of the event with this run and event number, or None.
    fn find(&mut self, run: u32, number: u64) -> PyResult<Option<usize>> {
        Ok(FileReader::find(self.reader()?, run, number))
    }

    /// The event with this run and event number (KeyError if the file has none).
    fn event(&mut self, run: u32, number: u64) -> PyResult<PyEvent> {
        let reader = self.reader()?;
        let i = FileReader::find(reader, run, number)
            .ok_or_else(|| PyKeyError::new_err(format!("no run {run} event {number}")))?;
        Ok(PyEvent::owned(reader.read_at(i).map_err(format_error)?))
    }

    /// Why sequential reading stopped early: `(byte offset, reason)`, or None. Known only
    /// once every record has been read in order (iterating the file): None before, even for
    /// a file cut short; random access does not set it.
    #[getter]
    fn stopped(&mut self) -> PyResult<Option<(u64, String)>> {
        Ok(self.reader()?.stopped().map(|s| (s.offset, s.reason.clone())))
    }

    /// How many corrupt records were skipped (with `skip_corrupt=True`) by the reading in
    /// order so far: all of them once every record has been read (iterating the file).
    #[getter]
    fn skipped(&mut self) -> PyResult<u64> {
        Ok(self.reader()?.skipped())
    }

    /// The skipped records as `(byte offset, reason)`, as `skipped` counts them: complete
    /// once every record has been read in order.
    #[getter]
    fn skipped_records(&mut self) -> PyResult<Vec<(u64, String)>> {
        Ok(self.reader()?.skipped_records().iter().map(|r| (r.offset, r.reason.clone())).collect())
    }

    /// The file header's JSON metadata.
    #[getter]
    fn metadata<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = self.reader()?.metadata().clone();
        json_to_py(py, &value)
    }

    /// Whether the file holds everything the job that wrote it was to write: False for a
    /// file of a job that was interrupted or failed, and for one its writer did not close.
    #[getter]
    fn complete(&mut self) -> PyResult<bool> {
        Ok(self.reader()?.completion().complete)
    }

    /// Why the file is not complete ("interrupted by SIGINT", ...), or None.
    #[getter]
    fn incomplete_reason(&mut self) -> PyResult<Option<String>> {
        Ok(self.reader()?.completion().reason.clone())
    }

    /// Each time a job resumed the file (docs/steering.md, "Resuming a job"), oldest first:
    /// a dict of `at` (UTC), `kept` (event records before), `accounted`, `evflow`,
    /// `steering_changed`.
    #[getter]
    fn resumes<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::Value::Array(self.reader()?.resumes()).to_string();
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The state of the file's index: "valid (N events)", or why it was rebuilt by scanning.
    #[getter]
    fn index_status(&mut self) -> PyResult<String> {
        Ok(self.reader()?.index_status().to_string())
    }

    /// The compression the file was written with.
    #[getter]
    fn compression(&mut self) -> PyResult<String> {
        Ok(self.reader()?.compression().name().to_string())
    }

    /// The file's path.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// Closes the file.
    fn close(&mut self) {
        self.inner = None;
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(&mut self, _t: Py<PyAny>, _v: Py<PyAny>, _tb: Py<PyAny>) {
        self.close();
    }

    fn __repr__(&self) -> String {
        format!("<evflow.FileReader {:?}{}>", self.path, if self.inner.is_none() { " (closed)" } else { "" })
    }
}

/// Reads every record of a file and reports what it holds and whether it is intact.
#[pyfunction]
pub fn verify<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    let r = file::verify(&path).map_err(|e| file_error(py, &e))?;
    let d = PyDict::new(py);
    d.set_item("path", r.path.display().to_string())?;
    d.set_item("file_len", r.file_len)?;
    d.set_item("metadata", json_to_py(py, &r.metadata)?)?;
    d.set_item("compression", r.compression.name())?;
    d.set_item("events", r.events)?;
    d.set_item("runs", r.runs.iter().map(|(k, v)| (*k, *v)).collect::<Vec<_>>())?;
    let entries = PyDict::new(py);
    for (name, e) in &r.entries {
        entries.set_item(name, (e.dtype.clone(), e.events, e.bytes))?;
    }
    d.set_item("entries", entries)?;
    d.set_item("stored_bytes", r.stored_bytes)?;
    d.set_item("raw_bytes", r.raw_bytes)?;
    d.set_item("index", r.index.to_string())?;
    d.set_item("corrupt", r.corrupt.iter().map(|c| (c.offset, c.reason.clone())).collect::<Vec<_>>())?;
    d.set_item("stopped", r.stopped.as_ref().map(|s| (s.offset, s.reason.clone())))?;
    d.set_item("ok", r.is_ok())?;
    d.set_item("integrity", r.integrity().name())?;
    d.set_item("cut", r.cut_tail().map(|c| (c.events, c.end, c.bytes)))?;
    d.set_item("complete", r.completion.complete)?;
    d.set_item("incomplete_reason", r.completion.reason.as_deref())?;
    Ok(d)
}

/// What a resumed job finds of the output `path` (docs/formats.md, "Recovering a job's
/// output"), changing nothing: `None` when there is no file, else a dict of `file` (the one
/// read), `part`, `events`, `accounted`, `complete` and `cut` (bytes after the last complete
/// record). The time this takes is what `evflow bench resume` measures.
#[pyfunction]
pub fn recover<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(r) = py.detach(|| file::recover(&path)).map_err(|e| file_error(py, &e))? else { return Ok(None) };
    let d = PyDict::new(py);
    d.set_item("file", r.file.display().to_string())?;
    d.set_item("part", r.part)?;
    d.set_item("events", r.seqs.len())?;
    d.set_item("accounted", r.progress.accounted)?;
    d.set_item("complete", r.completion.as_ref().map(|c| c.complete))?;
    d.set_item("cut", r.cut)?;
    Ok(Some(d))
}

/// What the error reporting the death of a process whose modules write the temporary files
/// `names` says of them (evflow_runtime::part_files::death_note); `host`: it ran there.
#[pyfunction]
#[pyo3(signature = (names, host=None))]
pub fn part_files_note(names: Vec<PathBuf>, host: Option<&str>) -> String {
    evflow_runtime::part_files::death_note(&names, host)
}

/// Registers the classes on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFileReader>()?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(recover, m)?)?;
    m.add_function(wrap_pyfunction!(part_files_note, m)?)?;
    Ok(())
}
