//! The keyword parameters of `Plugin(...)`, as a module's constructor reads them.

use crate::abi;
use evflow_runtime::modules::Param;
use std::ffi::{c_char, CStr, CString};

/// The parameters given to `Plugin(library, name, **params)`, valid while the constructor
/// runs.
pub struct Params<'a> {
    pub(crate) host: &'a abi::Host,
    pub(crate) params: *const abi::Params,
}

impl Params<'_> {
    /// The names of every parameter given.
    pub fn names(&self) -> Vec<String> {
        (0..)
            .map_while(|i| {
                let name = (self.host.param_name)(self.params, i);
                // SAFETY: NULL or a NUL-terminated name evflow owns for the call.
                (!name.is_null()).then(|| unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned())
            })
            .collect()
    }

    /// Parameter `name`, or `None` when it was not given.
    pub fn get(&self, name: &str) -> Option<Param> {
        let c = CString::new(name).ok()?;
        let mut value = abi::Value::EMPTY;
        if (self.host.param)(self.params, c.as_ptr(), &mut value) != abi::OK {
            return None;
        }
        Some(self.convert(&value))
    }

    /// Number parameter `name` (an integer is taken as a number), or `default`.
    pub fn f64_or(&self, name: &str, default: f64) -> Result<f64, String> {
        match self.get(name) {
            None => Ok(default),
            Some(Param::Float(x)) => Ok(x),
            Some(Param::Int(i)) => Ok(i as f64),
            Some(other) => Err(format!("parameter {name} must be a number, not {other:?}")),
        }
    }

    /// Integer parameter `name`, or `default`.
    pub fn i64_or(&self, name: &str, default: i64) -> Result<i64, String> {
        match self.get(name) {
            None => Ok(default),
            Some(Param::Int(i)) => Ok(i),
            Some(other) => Err(format!("parameter {name} must be an integer, not {other:?}")),
        }
    }

    /// Text parameter `name`, or `default`.
    pub fn str_or(&self, name: &str, default: &str) -> Result<String, String> {
        match self.get(name) {
            None => Ok(default.to_string()),
            Some(Param::Str(s)) => Ok(s),
            Some(other) => Err(format!("parameter {name} must be text, not {other:?}")),
        }
    }

    fn convert(&self, value: &abi::Value) -> Param {
        match value.kind {
            abi::INT => Param::Int(value.integer),
            abi::FLOAT => Param::Float(value.real),
            abi::BOOL => Param::Bool(value.integer != 0),
            abi::STR => Param::Str(
                bytes_of(value.text.cast(), value.length).map(String::from_utf8_lossy).unwrap_or_default().into_owned(),
            ),
            abi::LIST => Param::List(
                (0..value.integer.max(0) as u64)
                    .filter_map(|i| {
                        let mut item = abi::Value::EMPTY;
                        ((self.host.list_item)(value, i, &mut item) == abi::OK).then(|| self.convert(&item))
                    })
                    .collect(),
            ),
            _ => {
                let array = &value.array;
                // SAFETY: evflow gives ndim extents and a NUL-terminated dtype.
                let shape = unsafe { slice_of(array.shape, array.ndim as u64) }.to_vec();
                let dtype = if array.dtype.is_null() {
                    String::new()
                } else {
                    // SAFETY: as above.
                    unsafe { CStr::from_ptr(array.dtype) }.to_string_lossy().into_owned()
                };
                let data = bytes_of(array.data.cast(), array.nbytes).map(<[u8]>::to_vec).unwrap_or_default();
                Param::Array { dtype, shape, data }
            }
        }
    }
}

/// `len` bytes at `data`, evflow's for the call (`None` for NULL).
fn bytes_of<'a>(data: *const c_char, len: u64) -> Option<&'a [u8]> {
    // SAFETY: evflow passes `len` readable bytes at `data`.
    (!data.is_null()).then(|| unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len as usize) })
}

/// `len` items at `data`, or none for NULL.
///
/// # Safety
/// `data` is NULL or points to `len` readable items.
pub(crate) unsafe fn slice_of<'a, T>(data: *const T, len: u64) -> &'a [T] {
    if data.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: the caller's promise.
    unsafe { std::slice::from_raw_parts(data, len as usize) }
}
