//! The C strings and parsed dtypes one plugin instance needs call after call, made once:
//! the same few names and dtypes recur in every event. The host keeps one per instance for
//! what it hands the plugin, the Rust wrapper (`evflow-plugin`) one for what it hands back.

use evflow_core::dtype::{DType, DTypeError};
use std::ffi::{c_char, CString};

/// The C strings handed out and the dtypes parsed, kept from call to call.
#[derive(Default)]
pub struct Strings {
    kept: Vec<CString>,
    /// Strings of this call only, once `kept` is full.
    this_call: Vec<CString>,
    dtypes: Vec<(String, DType)>,
}

impl Strings {
    /// Strings (and dtypes) kept at most: an instance that sees ever new names does not grow
    /// without end.
    const KEPT: usize = 256;

    /// `text` parsed as a dtype.
    pub fn dtype(&mut self, text: &str) -> Result<DType, DTypeError> {
        if let Some((_, parsed)) = self.dtypes.iter().find(|(t, _)| t == text) {
            return Ok(parsed.clone());
        }
        let parsed = DType::parse(text)?;
        if self.dtypes.len() < Self::KEPT {
            self.dtypes.push((text.to_string(), parsed.clone()));
        }
        Ok(parsed)
    }

    /// `text` as a C string valid until the call ends (`None`: a NUL inside).
    pub fn c(&mut self, text: &str) -> Option<*const c_char> {
        if let Some(kept) = self.kept.iter().find(|c| c.as_bytes() == text.as_bytes()) {
            return Some(kept.as_ptr());
        }
        let c = CString::new(text).ok()?;
        let pointer = c.as_ptr();
        if self.kept.len() < Self::KEPT {
            self.kept.push(c);
        } else {
            self.this_call.push(c);
        }
        Some(pointer)
    }

    /// The end of a call: the strings made for it alone go.
    pub fn end_call(&mut self) {
        self.this_call.clear();
    }
}
