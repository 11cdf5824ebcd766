//! Entries as numpy arrays: read-only views over an entry's bytes (no copy), and arrays
//! copied into new entries.

use crate::errors::value_error;
use bytes::Bytes;
use evflow_core::entry::Home;
use evflow_core::home::copy_in;
use evflow_core::Entry;
use numpy::npyffi::{npy_intp, NpyTypes, PyArrayObject, PyArray_Descr, PY_ARRAY_API};
use numpy::{PyArrayDescr, PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::ffi::c_void;
use std::os::raw::c_int;
use std::ptr::null_mut;

/// Keeps an entry's bytes alive while a numpy array views them.
#[pyclass(frozen, module = "evflow._native")]
pub struct EntryBytes {
    data: Bytes,
    /// The entry's home, so an entry made from this view keeps it (docs/parallel.md).
    home: Option<Home>,
}

/// Most dtypes kept in the cache; a file with more distinct dtypes makes the rest anew.
const MAX_CACHED_DTYPES: usize = 1024;

static DTYPES: PyOnceLock<Py<PyDict>> = PyOnceLock::new();
static DTYPES_MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

fn dtypes_module(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    DTYPES_MODULE.get_or_try_init(py, || Ok::<_, PyErr>(py.import("evflow._dtypes")?.unbind())).map(|m| m.bind(py))
}

/// The numpy dtype of a wire dtype string, cached.
fn dtype_of<'py>(py: Python<'py>, wire: &str) -> PyResult<Bound<'py, PyArrayDescr>> {
    let cache = DTYPES.get_or_init(py, || PyDict::new(py).unbind()).bind(py);
    let key = PyString::new(py, wire);
    if let Some(found) = cache.get_item(&key)? {
        return Ok(found.cast_into::<PyArrayDescr>()?);
    }
    let dtype = dtypes_module(py)?.call_method1("from_wire", (wire,))?;
    // Dtype strings come from untrusted frames: the cache must not grow without bound.
    if cache.len() < MAX_CACHED_DTYPES {
        cache.set_item(key, &dtype)?;
    }
    Ok(dtype.cast_into::<PyArrayDescr>()?)
}

/// A read-only numpy array over the entry's bytes; the array keeps the bytes alive.
pub fn entry_array<'py>(py: Python<'py>, entry: &Entry) -> PyResult<Bound<'py, PyAny>> {
    let descr = dtype_of(py, entry.dtype())?;
    let mut dims: Vec<npy_intp> = entry.shape().iter().map(|&d| d as npy_intp).collect();
    let owner = Py::new(py, EntryBytes { data: entry.data().clone(), home: entry.home().cloned() })?;
    // SAFETY: the descr reference is stolen by NewFromDescr, the owner reference by
    // SetBaseObject; the data pointer stays valid as long as the owner (the array's base)
    // lives, and flags 0 makes the array read-only, so numpy never writes to it.
    unsafe {
        let subtype = numpy::npyffi::get_type_object(py, NpyTypes::PyArray_Type);
        let ptr = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            subtype,
            descr.into_ptr() as *mut PyArray_Descr,
            dims.len() as c_int,
            dims.as_mut_ptr(),
            null_mut(),
            entry.data().as_ptr() as *mut c_void,
            0,
            null_mut(),
        );
        if ptr.is_null() {
            return Err(PyErr::fetch(py));
        }
        let array = Bound::from_owned_ptr(py, ptr);
        if PY_ARRAY_API.PyArray_SetBaseObject(py, ptr as *mut PyArrayObject, owner.into_ptr()) < 0 {
            return Err(PyErr::fetch(py));
        }
        Ok(array)
    }
}

/// Copies any array-like value into a new entry (little-endian, C order). An entry's own
/// read-only view (`event["raw"]` of another event) is shared, not copied: entries are
/// immutable, so both events may hold the same bytes.
pub fn entry_from_value(py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<Entry> {
    let prepared = dtypes_module(py)?.call_method1("prepare", (name, value))?;
    let prepared = prepared.cast::<PyTuple>()?;
    let wire: String = prepared.get_item(0)?.extract()?;
    let item = prepared.get_item(1)?;
    let array = item.cast::<PyUntypedArray>()?;
    let shape: Vec<u64> = array.shape().iter().map(|&d| d as u64).collect();
    let nbytes = array.len() * array.dtype().itemsize();
    if let Some((data, home)) = viewed_bytes(array, nbytes)? {
        let entry = Entry::new(wire, shape, data).map_err(|e| value_error(format!("entry {name:?}: {e}")))?;
        return Ok(entry.with_home(home));
    }
    // SAFETY: `prepare` returns a C-contiguous array, so its data pointer covers nbytes
    // bytes, and `array` keeps it alive while we copy.
    let (data, home) = unsafe {
        let raw = (*array.as_array_ptr()).fields.data as *const u8;
        if nbytes == 0 {
            (Bytes::new(), None)
        } else {
            copy_in(std::slice::from_raw_parts(raw, nbytes))
        }
    };
    let entry = Entry::new(wire, shape, data).map_err(|e| value_error(format!("entry {name:?}: {e}")))?;
    Ok(entry.with_home(home))
}

/// The bytes (and home) of an entry that `array` views whole (an array [`entry_array`]
/// made), or None.
fn viewed_bytes(array: &Bound<'_, PyUntypedArray>, nbytes: usize) -> PyResult<Option<(Bytes, Option<Home>)>> {
    let base = array.getattr("base")?;
    let Ok(owner) = base.cast::<EntryBytes>() else { return Ok(None) };
    let EntryBytes { data, home } = owner.get();
    // SAFETY: reads the data pointer of a live array.
    let at = unsafe { (*array.as_array_ptr()).fields.data as *const u8 };
    Ok((at == data.as_ptr() && nbytes == data.len() && array.is_c_contiguous()).then(|| (data.clone(), home.clone())))
}
