//! The event of an `event` call as an [`evflow_core::Event`] whose entries borrow evflow's
//! bytes, and what the module changed in it, handed back to evflow.

use crate::abi;
use crate::params::slice_of;
use bytes::Bytes;
use evflow_core::dtype::DType;
use evflow_core::{Entry, Event, EventMeta, Flags};
use std::ffi::{c_char, CStr, CString};

/// What an instance keeps from call to call: the dtypes it met, parsed, and the C strings of
/// the names and dtypes it gave evflow (the same few recur in every event).
#[derive(Default)]
pub(crate) struct Cache {
    dtypes: Vec<(String, DType)>,
    strings: Vec<CString>,
    /// C strings of this call only, once `strings` is full.
    this_call: Vec<CString>,
}

impl Cache {
    /// Entries kept at most of each kind: ever new names do not grow it without end.
    const KEPT: usize = 256;

    fn dtype(&mut self, text: &str) -> Result<DType, String> {
        if let Some((_, parsed)) = self.dtypes.iter().find(|(t, _)| t == text) {
            return Ok(parsed.clone());
        }
        let parsed = DType::parse(text).map_err(|e| e.to_string())?;
        if self.dtypes.len() < Self::KEPT {
            self.dtypes.push((text.to_string(), parsed.clone()));
        }
        Ok(parsed)
    }

    /// `text` as a C string valid until the call ends.
    fn c(&mut self, text: &str) -> Result<*const c_char, String> {
        if let Some(kept) = self.strings.iter().find(|c| c.as_bytes() == text.as_bytes()) {
            return Ok(kept.as_ptr());
        }
        let c = CString::new(text).map_err(|_| format!("{text:?} holds a NUL"))?;
        let pointer = c.as_ptr();
        if self.strings.len() < Self::KEPT {
            self.strings.push(c);
        } else {
            self.this_call.push(c);
        }
        Ok(pointer)
    }

    /// The end of a call: its own C strings go.
    pub(crate) fn end_call(&mut self) {
        self.this_call.clear();
    }
}

/// An entry as evflow gave it (evflow's C strings, its view), to tell after the call which
/// entries the module replaced.
pub(crate) struct Given {
    name: *const c_char,
    view: abi::Array,
}

impl Given {
    /// Whether `entry` is this one as given: the same bytes, dtype and shape.
    fn is(&self, name: &str, entry: &Entry) -> bool {
        // SAFETY: evflow's strings and extents, valid for the call.
        let (given_name, dtype, shape) = unsafe {
            (
                CStr::from_ptr(self.name),
                CStr::from_ptr(self.view.dtype),
                slice_of(self.view.shape, u64::from(self.view.ndim)),
            )
        };
        given_name.to_bytes() == name.as_bytes()
            && self.view.data.cast::<u8>() == entry.data().as_ptr()
            && self.view.nbytes == entry.len() as u64
            && dtype.to_bytes() == entry.dtype().as_bytes()
            && shape == entry.shape()
    }
}

/// The event evflow passed, as an `Event` of borrowed entries, with what was given.
pub(crate) fn borrow(
    host: &abi::Host,
    event: *const abi::Event,
    cache: &mut Cache,
) -> Result<(Event, Vec<Given>), String> {
    let mut meta = abi::Meta::default();
    (host.meta)(event, &mut meta);
    let mut borrowed =
        Event::with_meta(EventMeta { run: meta.run, event: meta.number, seq: meta.seq, flags: Flags(meta.flags) });
    let mut given = Vec::new();
    for index in 0.. {
        let name = (host.entry_name)(event, index);
        if name.is_null() {
            break;
        }
        let mut view = abi::Array::EMPTY;
        if (host.entry)(event, name, &mut view) != abi::OK {
            continue;
        }
        // SAFETY: evflow's NUL-terminated strings and a view valid for the call.
        let (text, dtype) = unsafe { (CStr::from_ptr(name), CStr::from_ptr(view.dtype)) };
        let text = text.to_str().map_err(|_| "an entry name that is not UTF-8".to_string())?;
        // SAFETY: ndim extents and nbytes bytes, evflow's until the hook returns; the event
        // that borrows them is dropped before that (the crate docs say what a module keeps).
        let (shape, data) = unsafe {
            (slice_of(view.shape, u64::from(view.ndim)).to_vec(), slice_of(view.data.cast::<u8>(), view.nbytes))
        };
        let dtype = dtype.to_str().map_err(|_| format!("entry {text:?}: a dtype that is not UTF-8"))?;
        let parsed = cache.dtype(dtype)?;
        let entry = Entry::with_dtype(dtype.to_string(), &parsed, shape, Bytes::from_static(data))
            .map_err(|e| format!("entry {text:?}: {e}"))?;
        borrowed.put(text, entry).map_err(|e| format!("entry {text:?}: {e}"))?;
        given.push(Given { name, view });
    }
    Ok((borrowed, given))
}

/// Hands evflow what the module changed in `event`: entries removed, entries new or
/// replaced (each copied once into memory evflow gives), flags added.
pub(crate) fn give_back(
    host: &abi::Host,
    handle: *mut abi::Event,
    event: &Event,
    given: &[Given],
    flags: u32,
    cache: &mut Cache,
) -> Result<(), String> {
    for g in given {
        // SAFETY: evflow's name, valid for the call.
        let name = unsafe { CStr::from_ptr(g.name) }.to_str().unwrap_or_default();
        if !event.contains(name) && (host.remove)(handle, g.name) != abi::OK {
            return Err(format!("evflow refused to remove entry {name:?}"));
        }
    }
    for (name, entry) in event.iter() {
        if given.iter().any(|g| g.is(name, entry)) {
            continue;
        }
        let (c_name, dtype) = (cache.c(name)?, cache.c(entry.dtype())?);
        let shape = entry.shape();
        let mut data = std::ptr::null_mut();
        let code = (host.put)(handle, c_name, dtype, shape.len() as u32, shape.as_ptr(), &mut data);
        if code != abi::OK || (data.is_null() && !entry.is_empty()) {
            return Err(format!("evflow refused entry {name:?} ({} of shape {shape:?})", entry.dtype()));
        }
        if !entry.is_empty() {
            // SAFETY: evflow gave room for exactly the entry's bytes (its dtype and shape).
            unsafe { std::ptr::copy_nonoverlapping(entry.data().as_ptr(), data.cast::<u8>(), entry.len()) };
        }
    }
    let added = event.meta.flags.0 & !flags;
    if added != 0 {
        (host.set_flags)(handle, added);
    }
    Ok(())
}
