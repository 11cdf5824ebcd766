//! The event of an `event` call as an [`evflow_core::Event`] whose entries borrow evflow's
//! bytes, and what the module changed in it, handed back to evflow.

use crate::abi;
use crate::params::slice_of;
use bytes::Bytes;
use evflow_core::{Entry, Event, EventMeta, Flags};
use evflow_runtime::modules::plugin::Strings;
use std::ffi::{c_char, CStr};

/// `text` as a C string valid until the call ends.
fn c_string(strings: &mut Strings, text: &str) -> Result<*const c_char, String> {
    strings.c(text).ok_or_else(|| format!("{text:?} holds a NUL"))
}

/// An entry as evflow gave it in this call (evflow's C strings, its view), to tell after
/// the module's call which entries it replaced or removed.
struct Given {
    name: *const c_char,
    name_len: usize,
    view: abi::Array,
}

impl Given {
    fn name(&self) -> &[u8] {
        // SAFETY: evflow's name of `name_len` bytes, valid for the call.
        unsafe { std::slice::from_raw_parts(self.name.cast::<u8>(), self.name_len) }
    }

    /// Whether `entry` is this one as given: the same bytes, dtype and shape.
    fn is(&self, entry: &Entry) -> bool {
        // SAFETY: evflow's dtype and extents, valid for the call.
        let (dtype, shape) =
            unsafe { (CStr::from_ptr(self.view.dtype), slice_of(self.view.shape, u64::from(self.view.ndim))) };
        self.view.data.cast::<u8>() == entry.data().as_ptr()
            && self.view.nbytes == entry.len() as u64
            && dtype.to_bytes() == entry.dtype().as_bytes()
            && shape == entry.shape()
    }
}

/// The event of an instance's `event` calls as an [`Event`], kept from call to call: an
/// entry of the same name, dtype and shape as in the call before (the same few recur in
/// every event) only has its bytes pointed at this call's, no name, dtype or shape made again.
#[derive(Default)]
pub(crate) struct Borrowed {
    /// Its entries borrow evflow's bytes during a call, and point at bytes no longer there
    /// between calls (never read then: the next call points them anew first).
    pub(crate) event: Event,
    given: Vec<Given>,
    /// Per entry given, whether the module left it in the event.
    kept: Vec<bool>,
}

// SAFETY: the pointers are evflow's for one call, used only by the thread making it.
unsafe impl Send for Borrowed {}

impl Borrowed {
    /// The event evflow passed in `handle`, as [`Borrowed::event`].
    pub(crate) fn refresh(
        &mut self,
        host: &abi::Host,
        handle: *const abi::Event,
        cache: &mut Strings,
    ) -> Result<(), String> {
        let mut meta = abi::Meta::default();
        (host.meta)(handle, &mut meta);
        self.event.meta = EventMeta { run: meta.run, event: meta.number, seq: meta.seq, flags: Flags(meta.flags) };
        self.given.clear();
        for index in 0.. {
            let (mut name, mut view) = (std::ptr::null(), abi::Array::EMPTY);
            if (host.entry_at)(handle, index, &mut name, &mut view) != abi::OK {
                break;
            }
            // SAFETY: evflow's NUL-terminated strings, ndim extents and nbytes bytes, valid for
            // the call; the entries that borrow them are pointed anew before the next is read.
            let (text, dtype, shape, data) = unsafe {
                (
                    CStr::from_ptr(name),
                    CStr::from_ptr(view.dtype),
                    slice_of(view.shape, u64::from(view.ndim)),
                    slice_of(view.data.cast::<u8>(), view.nbytes),
                )
            };
            let bytes = Bytes::from_static(data);
            let at = index as usize;
            let same = match self.event.get_index_mut(at) {
                Some((n, entry))
                    if n.as_bytes() == text.to_bytes()
                        && entry.dtype().as_bytes() == dtype.to_bytes()
                        && entry.shape() == shape =>
                {
                    entry.set_data(bytes.clone()).is_ok()
                }
                _ => false,
            };
            let name_len = text.to_bytes().len();
            if !same {
                let text = text.to_str().map_err(|_| "an entry name that is not UTF-8".to_string())?;
                let dtype = dtype.to_str().map_err(|_| format!("entry {text:?}: a dtype that is not UTF-8"))?;
                // Every entry from here on is made again, so the positions stay those given.
                self.event.truncate(at);
                let parsed = cache.dtype(dtype).map_err(|e| e.to_string())?;
                let entry = Entry::with_dtype(dtype.to_string(), &parsed, shape.to_vec(), bytes)
                    .map_err(|e| format!("entry {text:?}: {e}"))?;
                self.event.put(text, entry).map_err(|e| format!("entry {text:?}: {e}"))?;
            }
            self.given.push(Given { name, name_len, view });
        }
        self.event.truncate(self.given.len());
        Ok(())
    }

    /// Hands evflow what the module changed in the event since [`Borrowed::refresh`]:
    /// entries removed, entries new or replaced (each copied once into memory evflow gives),
    /// flags added to `flags`.
    pub(crate) fn give_back(
        &mut self,
        host: &abi::Host,
        handle: *mut abi::Event,
        flags: u32,
        cache: &mut Strings,
    ) -> Result<(), String> {
        self.kept.clear();
        self.kept.resize(self.given.len(), false);
        for (name, entry) in self.event.iter() {
            if let Some(k) = self.given.iter().position(|g| g.name() == name.as_bytes()) {
                self.kept[k] = true;
                if self.given[k].is(entry) {
                    continue;
                }
            }
            let (c_name, dtype) = (c_string(cache, name)?, c_string(cache, entry.dtype())?);
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
        for (g, _) in self.given.iter().zip(&self.kept).filter(|(_, kept)| !**kept) {
            if (host.remove)(handle, g.name) != abi::OK {
                return Err(format!("evflow refused to remove entry {:?}", String::from_utf8_lossy(g.name())));
            }
        }
        let added = self.event.meta.flags.0 & !flags;
        if added != 0 {
            (host.set_flags)(handle, added);
        }
        Ok(())
    }
}
