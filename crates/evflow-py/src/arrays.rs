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
    /// Room of [`fresh`] for a new entry, written through a writable array until an entry is
    /// made of it: the array is made read-only then.
    fresh: bool,
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
    let owner = Py::new(py, EntryBytes { data: entry.data().clone(), home: entry.home().cloned(), fresh: false })?;
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

/// A writable array of `shape` and `dtype` for a new entry (`evflow.empty`,
/// docs/steering.md): room in this process's home for large entries when it has one (shared
/// memory, where the entry is sent from by handle), a buffer of its own otherwise; not zeroed
/// in a home. An entry made of the
/// whole array takes the bytes as they are, without a copy, and makes the array read-only.
#[pyfunction]
pub fn fresh<'py>(py: Python<'py>, shape: Vec<usize>, dtype: Bound<'py, PyArrayDescr>) -> PyResult<Bound<'py, PyAny>> {
    let len = shape.iter().try_fold(dtype.itemsize(), |n, &d| n.checked_mul(d));
    let len = len.ok_or_else(|| value_error(format!("evflow.empty: shape {shape:?} is too large")))?;
    let (data, home) = evflow_core::home::allocate(len).freeze();
    let owner = Py::new(py, EntryBytes { data: data.clone(), home, fresh: true })?;
    let mut dims: Vec<npy_intp> = shape.iter().map(|&d| d as npy_intp).collect();
    let descr = dtype;
    // SAFETY: as in `entry_array`; the bytes are the new entry's room, which nothing else
    // reads until an entry is made of them, so numpy may write them (NPY_ARRAY_WRITEABLE).
    unsafe {
        let subtype = numpy::npyffi::get_type_object(py, NpyTypes::PyArray_Type);
        let ptr = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            subtype,
            descr.into_ptr() as *mut PyArray_Descr,
            dims.len() as c_int,
            dims.as_mut_ptr(),
            null_mut(),
            data.as_ptr() as *mut c_void,
            numpy::npyffi::NPY_ARRAY_WRITEABLE,
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
    if let Some((data, home, fresh)) = viewed_bytes(array, nbytes)? {
        let entry = Entry::new(wire, shape, data).map_err(|e| value_error(format!("entry {name:?}: {e}")))?;
        if fresh {
            // The entry's bytes are immutable from here on: no more writes through this array.
            value.call_method1("setflags", (false,))?;
        }
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
/// made, or [`fresh`] room filled), or None; and whether it was fresh room.
fn viewed_bytes(array: &Bound<'_, PyUntypedArray>, nbytes: usize) -> PyResult<Option<(Bytes, Option<Home>, bool)>> {
    let base = array.getattr("base")?;
    let Ok(owner) = base.cast::<EntryBytes>() else { return Ok(None) };
    let EntryBytes { data, home, fresh } = owner.get();
    // SAFETY: reads the data pointer of a live array.
    let at = unsafe { (*array.as_array_ptr()).fields.data as *const u8 };
    let whole = at == data.as_ptr() && nbytes == data.len() && array.is_c_contiguous();
    Ok(whole.then(|| (data.clone(), home.clone(), *fresh)))
}
