//! Compiled modules from a shared library (docs/plugins.md): the C ABI of the header
//! `python/evflow/include/evflow/plugin.h`. [`Plugin::load`] opens the library, checks its
//! ABI version and finds the module type by name; the [`Plugin`] it gives is a [`Module`]
//! that runs wherever a Rust module runs (one process, the parallel engine's workers). Every
//! call into evflow goes through the [`abi::Host`] table: parameters, entries as views, entries
//! put, flags, errors.

use crate::module::{Decision, HookResult, JobContext, Module, ModuleError};
use evflow_core::dtype::DType;
use evflow_core::home::Fresh;
use evflow_core::{Entry, Event, Flags};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

pub mod abi;
mod strings;

pub use abi::ABI;
use abi::{
    Array, Meta, ModuleType, Value, ARRAY, BOOL, ERROR, FLOAT, INT, KEEP, LIST, OK, PARALLEL_SAFE, REJECT, SEES_FAILED,
    STR,
};
pub use strings::Strings;

/// One call of a hook: what the plugin says went wrong.
struct CallState<'m> {
    error: Option<String>,
    module: &'m str,
    /// What `create` said of the instance's flags.
    flags: Option<u32>,
}

impl<'m> CallState<'m> {
    fn new(module: &'m str) -> CallState<'m> {
        CallState { error: None, module, flags: None }
    }

    /// The opaque handle the plugin gets.
    fn handle(&mut self) -> *mut abi::Call {
        std::ptr::from_mut(self).cast()
    }

    /// What a hook that returned `code` did: `Ok` for `EVFLOW_OK`, else its failure.
    fn ended(self, code: c_int) -> HookResult {
        if code == OK {
            return Ok(());
        }
        Err(self.failure(code))
    }

    /// The failure of a hook that returned `code`, with the plugin's message.
    fn failure(self, code: c_int) -> ModuleError {
        ModuleError::msg(self.error.unwrap_or_else(|| format!("returned {code} without saying why")))
    }
}

/// The event of an `event` call: what the plugin reads, and what it changes (applied once
/// the hook returns, so that the views it was given stay valid meanwhile).
struct EventCall<'e> {
    event: &'e Event,
    /// NUL-terminated copies of the dtypes and names the plugin was given pointers to.
    strings: &'e mut Strings,
    puts: Vec<Put>,
    removes: Vec<String>,
    flags: u32,
}

/// An entry the plugin put: its name, dtype (as given and parsed), shape, and the room it
/// writes its bytes in.
struct Put {
    name: String,
    dtype: String,
    parsed: DType,
    shape: Vec<u64>,
    bytes: Fresh,
}

static HOST: abi::Host = abi::Host {
    size: std::mem::size_of::<abi::Host>() as u64,
    abi: ABI,
    reserved: 0,
    fail: host_fail,
    log: host_log,
    param: host_param,
    param_name: host_param_name,
    list_item: host_list_item,
    meta: host_meta,
    entry: host_entry,
    entry_name: host_entry_name,
    put: host_put,
    remove: host_remove,
    set_flags: host_set_flags,
    set_module_flags: host_set_module_flags,
    entry_at: host_entry_at,
};

/// A keyword parameter's value, as a steering file gives it.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    /// An integer.
    Int(i64),
    /// A number.
    Float(f64),
    /// True or false.
    Bool(bool),
    /// Text.
    Str(String),
    /// A list of values.
    List(Vec<Param>),
    /// A numpy array: its dtype string, shape and bytes in C order.
    Array {
        /// numpy's dtype string.
        dtype: String,
        /// Its extents.
        shape: Vec<u64>,
        /// Its bytes.
        data: Vec<u8>,
    },
}

/// A parameter as the plugin reads it: C strings and aligned bytes made once.
struct Prepared {
    kind: u32,
    integer: i64,
    real: f64,
    text: CString,
    length: u64,
    shape: Vec<u64>,
    /// An array's bytes, 8-byte aligned.
    words: Vec<u64>,
    nbytes: u64,
    items: Vec<Prepared>,
}

impl Prepared {
    fn of(param: &Param) -> Prepared {
        let mut p = Prepared {
            kind: 0,
            integer: 0,
            real: 0.0,
            text: CString::default(),
            length: 0,
            shape: Vec::new(),
            words: Vec::new(),
            nbytes: 0,
            items: Vec::new(),
        };
        match param {
            Param::Int(i) => (p.kind, p.integer) = (INT, *i),
            Param::Float(f) => (p.kind, p.real) = (FLOAT, *f),
            Param::Bool(b) => (p.kind, p.integer) = (BOOL, i64::from(*b)),
            Param::Str(s) => {
                // NUL-terminated for C; a NUL inside would end it early.
                let text = s.replace('\0', "");
                p.kind = STR;
                p.length = text.len() as u64;
                p.text = CString::new(text).unwrap_or_default();
            }
            Param::List(items) => {
                p.kind = LIST;
                p.items = items.iter().map(Prepared::of).collect();
                p.integer = p.items.len() as i64;
            }
            Param::Array { dtype, shape, data } => {
                p.kind = ARRAY;
                p.text = CString::new(dtype.as_str()).unwrap_or_default();
                p.shape.clone_from(shape);
                p.words = vec![0u64; data.len().div_ceil(8)];
                // SAFETY: words holds at least data.len() bytes; the regions do not overlap.
                unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), p.words.as_mut_ptr().cast::<u8>(), data.len()) };
                p.nbytes = data.len() as u64;
            }
        }
        p
    }

    fn fill(&self, value: &mut Value) {
        *value = Value {
            kind: self.kind,
            reserved: 0,
            integer: self.integer,
            real: self.real,
            text: if self.kind == STR { self.text.as_ptr() } else { std::ptr::null() },
            length: self.length,
            array: Array::EMPTY,
            list: if self.kind == LIST { std::ptr::from_ref(self).cast() } else { std::ptr::null() },
        };
        if self.kind == ARRAY {
            value.array = Array {
                dtype: self.text.as_ptr(),
                ndim: self.shape.len() as u32,
                reserved: 0,
                shape: self.shape.as_ptr(),
                data: self.words.as_ptr().cast(),
                nbytes: self.nbytes,
            };
        }
    }
}

/// The keyword parameters of one module, as `create` reads them.
pub struct Params {
    names: Vec<CString>,
    values: Vec<Prepared>,
}

impl Params {
    fn new(params: &[(String, Param)]) -> Params {
        Params {
            names: params.iter().map(|(name, _)| CString::new(name.as_str()).unwrap_or_default()).collect(),
            values: params.iter().map(|(_, value)| Prepared::of(value)).collect(),
        }
    }
}

/// An open library: never closed (its code may be running in a forked copy of an instance).
struct Library {
    handle: *mut c_void,
    path: PathBuf,
}

// SAFETY: a dlopen handle may be used from any thread.
unsafe impl Send for Library {}
unsafe impl Sync for Library {}

/// The libraries opened so far, by path: one handle each.
fn libraries() -> &'static Mutex<HashMap<PathBuf, Arc<Library>>> {
    static OPEN: OnceLock<Mutex<HashMap<PathBuf, Arc<Library>>>> = OnceLock::new();
    OPEN.get_or_init(Default::default)
}

fn dlerror() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        return "unknown error".into();
    }
    // SAFETY: not NULL, NUL-terminated.
    unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
}

fn open(path: &Path) -> Result<Arc<Library>, String> {
    let mut open = libraries().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(library) = open.get(path) {
        return Ok(library.clone());
    }
    let name = CString::new(path.as_os_str().as_encoded_bytes()).map_err(|_| "a NUL in the library's path")?;
    // SAFETY: a NUL-terminated path; RTLD_LOCAL keeps the plugin's symbols to itself.
    let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if handle.is_null() {
        return Err(format!("cannot open {}: {}", path.display(), dlerror()));
    }
    let library = Arc::new(Library { handle, path: path.to_path_buf() });
    open.insert(path.to_path_buf(), library.clone());
    Ok(library)
}

fn symbol(library: &Library, name: &str) -> Result<*mut c_void, String> {
    let c = CString::new(name).expect("no NUL in symbol names");
    // SAFETY: a handle from dlopen, a NUL-terminated name.
    let found = unsafe { libc::dlsym(library.handle, c.as_ptr()) };
    if found.is_null() {
        return Err(format!(
            "{} has no symbol {name} (a plugin defines it with EVFLOW_PLUGIN_EXPORT, docs/plugins.md)",
            library.path.display()
        ));
    }
    Ok(found)
}

/// A module of a plugin library, with its own instance.
pub struct Plugin {
    _library: Arc<Library>,
    ty: &'static ModuleType,
    name: String,
    instance: *mut c_void,
    strings: Strings,
    /// What the plugin put in the current call, kept empty between calls (its capacity
    /// reused).
    puts: Vec<Put>,
    parallel_safe: bool,
    sees_failed: bool,
}

// SAFETY: an instance is called by one thread at a time (docs/plugins.md, "Threads").
unsafe impl Send for Plugin {}

impl Plugin {
    /// Opens `library` (once per process), checks its ABI version, finds module type `name`
    /// and makes an instance with `params`; `parallel_safe` overrides the plugin's flag.
    /// The error says what failed and where.
    pub fn load(
        library: &Path,
        name: &str,
        params: &[(String, Param)],
        parallel_safe: Option<bool>,
    ) -> Result<Plugin, String> {
        let lib = open(library)?;
        let where_ = library.display();
        // SAFETY: the symbol is the function EVFLOW_PLUGIN_EXPORT defines.
        let abi: extern "C" fn() -> u32 = unsafe { std::mem::transmute(symbol(&lib, "evflow_plugin_abi")?) };
        let theirs = abi();
        if theirs != ABI {
            return Err(format!(
                "{where_} was built against plugin ABI version {theirs}; this evflow speaks version {ABI}: rebuild it \
                 against the header in `evflow config --include`"
            ));
        }
        // SAFETY: as above.
        let modules: extern "C" fn() -> *const *const ModuleType =
            unsafe { std::mem::transmute(symbol(&lib, "evflow_plugin_modules")?) };
        let mut found = None;
        let mut names = Vec::new();
        let list = modules();
        if list.is_null() {
            return Err(format!("{where_}: evflow_plugin_modules() returned NULL"));
        }
        for i in 0.. {
            // SAFETY: a NULL-terminated array of pointers to static module types.
            let ty = unsafe { *list.add(i) };
            if ty.is_null() {
                break;
            }
            // SAFETY: the plugin's static definition, alive while the library is loaded (never
            // closed).
            let ty: &'static ModuleType = unsafe { &*ty };
            if ty.size != std::mem::size_of::<ModuleType>() as u64 || ty.name.is_null() {
                return Err(format!("{where_}: a module type of another layout (size {})", ty.size));
            }
            // SAFETY: NUL-terminated, static.
            let ty_name = unsafe { CStr::from_ptr(ty.name) }.to_string_lossy().into_owned();
            if ty_name == name {
                found = Some(ty);
            }
            names.push(ty_name);
        }
        let Some(ty) = found else {
            return Err(format!("{where_} has no module {name:?}; it has {}", names.join(", ")));
        };
        let (Some(create), Some(_)) = (ty.create, ty.event) else {
            return Err(format!("{where_}: module {name} has no create or no event function"));
        };
        let params = Params::new(params);
        let mut call = CallState::new(name);
        let mut instance = std::ptr::null_mut();
        if create(&HOST, call.handle(), std::ptr::from_ref(&params).cast(), &mut instance) != OK {
            let why = call.error.unwrap_or_else(|| "create failed without saying why".into());
            return Err(format!("{name} ({where_}): {why}"));
        }
        let flags = call.flags.unwrap_or(ty.flags);
        Ok(Plugin {
            _library: lib,
            ty,
            name: name.to_string(),
            instance,
            strings: Strings::default(),
            puts: Vec::new(),
            parallel_safe: parallel_safe.unwrap_or(flags & PARALLEL_SAFE != 0),
            sees_failed: flags & SEES_FAILED != 0,
        })
    }

    fn call(&mut self, hook: Option<abi::Hook>) -> HookResult {
        let Some(hook) = hook else { return Ok(()) };
        let mut call = CallState::new(&self.name);
        let code = hook(call.handle(), self.instance);
        call.ended(code)
    }

    fn call_run(&mut self, hook: Option<abi::RunHook>, run: u32) -> HookResult {
        let Some(hook) = hook else { return Ok(()) };
        let mut call = CallState::new(&self.name);
        let code = hook(call.handle(), self.instance, run);
        call.ended(code)
    }
}

impl Drop for Plugin {
    fn drop(&mut self) {
        if let Some(destroy) = self.ty.destroy {
            destroy(self.instance);
        }
    }
}

impl Module for Plugin {
    fn name(&self) -> &str {
        &self.name
    }

    fn parallel_safe(&self) -> bool {
        self.parallel_safe
    }

    fn sees_failed(&self) -> bool {
        self.sees_failed
    }

    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        self.call(self.ty.initialize)
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        self.call_run(self.ty.begin_run, run)
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let hook = self.ty.event.expect("checked at load");
        let mut call = CallState::new(&self.name);
        let strings = &mut self.strings;
        let puts = std::mem::take(&mut self.puts);
        let mut ec = EventCall { event: &*event, strings, puts, removes: Vec::new(), flags: 0 };
        let code = hook(call.handle(), self.instance, std::ptr::from_mut(&mut ec).cast());
        let EventCall { mut puts, removes, flags, strings, .. } = ec;
        strings.end_call();
        let decision = apply(event, code, call, &mut puts, removes, flags);
        puts.clear();
        self.puts = puts;
        decision
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        self.call_run(self.ty.end_run, run)
    }

    fn terminate(&mut self) -> HookResult {
        self.call(self.ty.terminate)
    }
}

/// What an `event` hook that returned `code` decided, its changes applied to a kept `event`
/// (the entries put are taken from `puts`); a rejected event goes no further, so nothing is
/// applied to it.
fn apply(
    event: &mut Event,
    code: c_int,
    call: CallState<'_>,
    puts: &mut Vec<Put>,
    removes: Vec<String>,
    flags: u32,
) -> HookResult<Decision> {
    match code {
        KEEP => {}
        REJECT => return Ok(Decision::Reject),
        other => return Err(call.failure(other)),
    }
    for name in removes {
        event.remove(&name);
    }
    for Put { name, dtype, parsed, shape, bytes } in puts.drain(..) {
        let (data, home) = bytes.freeze();
        let entry = Entry::with_dtype(dtype, &parsed, shape, data)
            .map_err(|e| ModuleError::msg(format!("entry {name:?}: {e}")))?;
        if let Err(e) = event.put(name, entry.with_home(home)) {
            return Err(ModuleError::msg(format!("an entry put: {e}")));
        }
    }
    if flags != 0 {
        event.meta.flags.insert(Flags(flags));
    }
    Ok(Decision::Keep)
}

/// A C string the plugin passed, or `None` (NULL, not UTF-8).
fn text<'a>(s: *const c_char) -> Option<&'a str> {
    if s.is_null() {
        return None;
    }
    // SAFETY: the plugin passes NUL-terminated strings (docs/plugins.md).
    let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
    // Names and dtypes are ASCII as a rule: one pass checks that, the UTF-8 check does the rest.
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).ok()
}

/// The call behind a handle evflow passed to the hook running now.
fn call_of<'a>(call: *mut abi::Call) -> Option<&'a mut CallState<'a>> {
    // SAFETY: every `*mut abi::Call` evflow hands out is a `CallState` alive for the hook.
    unsafe { call.cast::<CallState<'a>>().as_mut() }
}

/// The event call behind a handle evflow passed to the `event` hook running now.
fn event_of<'a>(event: *const abi::Event) -> Option<&'a mut EventCall<'a>> {
    // SAFETY: every `*const abi::Event` evflow hands out is an `EventCall` alive for the hook,
    // used by one thread.
    unsafe { event.cast::<EventCall<'a>>().cast_mut().as_mut() }
}

/// The parameters behind a handle evflow passed to `create`, running now.
fn params_of<'a>(params: *const abi::Params) -> Option<&'a Params> {
    // SAFETY: every `*const abi::Params` evflow hands out is a `Params` alive during create.
    unsafe { params.cast::<Params>().as_ref() }
}

extern "C" fn host_fail(call: *mut abi::Call, message: *const c_char) {
    if let Some(call) = call_of(call) {
        call.error = Some(text(message).unwrap_or("(no message, or not UTF-8)").to_string());
    }
}

extern "C" fn host_log(call: *mut abi::Call, level: c_int, message: *const c_char) {
    let module = call_of(call).map_or("a plugin", |c| c.module);
    let message = text(message).unwrap_or("(not UTF-8)");
    if level <= abi::LOG_DEBUG {
        crate::log::debug!("{module}: {message}");
    } else if level <= abi::LOG_INFO {
        crate::log::info!("{module}: {message}");
    } else if level <= abi::LOG_WARNING {
        crate::log::warn!("{module}: {message}");
    } else {
        crate::log::error!("{module}: {message}");
    }
}

extern "C" fn host_param(params: *const abi::Params, name: *const c_char, value: *mut Value) -> c_int {
    // SAFETY: a value of the plugin's, to fill.
    let (Some(params), Some(name), Some(value)) = (params_of(params), text(name), unsafe { value.as_mut() }) else {
        return ERROR;
    };
    match params.names.iter().position(|n| n.as_bytes() == name.as_bytes()) {
        Some(i) => {
            params.values[i].fill(value);
            OK
        }
        None => ERROR,
    }
}

extern "C" fn host_param_name(params: *const abi::Params, index: u64) -> *const c_char {
    let Some(params) = params_of(params) else { return std::ptr::null() };
    params.names.get(index as usize).map_or(std::ptr::null(), |n| n.as_ptr())
}

extern "C" fn host_list_item(list: *const Value, index: u64, item: *mut Value) -> c_int {
    // SAFETY: a value evflow filled, whose `list` points to its Prepared, alive during create.
    let (Some(list), Some(item)) = (unsafe { list.as_ref() }, unsafe { item.as_mut() }) else { return ERROR };
    if list.kind != LIST || list.list.is_null() {
        return ERROR;
    }
    // SAFETY: set by Prepared::fill for a LIST.
    let prepared = unsafe { &*list.list.cast::<Prepared>() };
    match prepared.items.get(index as usize) {
        Some(p) => {
            p.fill(item);
            OK
        }
        None => ERROR,
    }
}

extern "C" fn host_meta(event: *const abi::Event, meta: *mut Meta) {
    // SAFETY: a struct of the plugin's, to fill.
    let (Some(ec), Some(meta)) = (event_of(event), unsafe { meta.as_mut() }) else { return };
    let m = &ec.event.meta;
    *meta = Meta { run: m.run, flags: m.flags.0, number: m.event, seq: m.seq };
}

extern "C" fn host_entry(event: *const abi::Event, name: *const c_char, view: *mut Array) -> c_int {
    // SAFETY: a struct of the plugin's, to fill.
    let (Some(ec), Some(name), Some(view)) = (event_of(event), text(name), unsafe { view.as_mut() }) else {
        return ERROR;
    };
    let Some(entry) = ec.event.get(name) else { return ERROR };
    let Some(dtype) = ec.strings.c(entry.dtype()) else { return ERROR };
    *view = view_of(entry, dtype);
    OK
}

extern "C" fn host_entry_at(event: *const abi::Event, index: u64, name: *mut *const c_char, view: *mut Array) -> c_int {
    // SAFETY: a pointer and a struct of the plugin's, to fill.
    let (Some(ec), Some(name), Some(view)) = (event_of(event), unsafe { name.as_mut() }, unsafe { view.as_mut() })
    else {
        return ERROR;
    };
    let Some((entry_name, entry)) = ec.event.get_index(index as usize) else { return ERROR };
    let (Some(c_name), Some(dtype)) = (ec.strings.c(entry_name), ec.strings.c(entry.dtype())) else { return ERROR };
    *name = c_name;
    *view = view_of(entry, dtype);
    OK
}

/// The view of `entry`, its dtype the C string `dtype`.
fn view_of(entry: &Entry, dtype: *const c_char) -> Array {
    Array {
        dtype,
        ndim: entry.shape().len() as u32,
        reserved: 0,
        shape: entry.shape().as_ptr(),
        data: entry.data().as_ptr().cast(),
        nbytes: entry.len() as u64,
    }
}

extern "C" fn host_entry_name(event: *const abi::Event, index: u64) -> *const c_char {
    let Some(ec) = event_of(event) else { return std::ptr::null() };
    let Some(name) = ec.event.names().nth(index as usize) else { return std::ptr::null() };
    ec.strings.c(name).unwrap_or(std::ptr::null())
}

extern "C" fn host_put(
    event: *mut abi::Event,
    name: *const c_char,
    dtype: *const c_char,
    ndim: u32,
    shape: *const u64,
    data: *mut *mut c_void,
) -> c_int {
    // SAFETY: a pointer of the plugin's, to set.
    let (Some(ec), Some(name), Some(dtype), Some(data)) =
        (event_of(event), text(name), text(dtype), unsafe { data.as_mut() })
    else {
        return ERROR;
    };
    let Ok(parsed) = ec.strings.dtype(dtype) else { return ERROR };
    let shape: Vec<u64> = if ndim == 0 || shape.is_null() {
        Vec::new()
    } else {
        // SAFETY: the plugin passes ndim extents.
        unsafe { std::slice::from_raw_parts(shape, ndim as usize) }.to_vec()
    };
    let Some(nbytes) = shape.iter().try_fold(parsed.itemsize() as u64, |n, &e| n.checked_mul(e)) else { return ERROR };
    let Ok(nbytes) = usize::try_from(nbytes) else { return ERROR };
    if !ec.removes.is_empty() {
        ec.removes.retain(|r| r != name);
    }
    if !ec.puts.is_empty() {
        ec.puts.retain(|p| p.name != name);
    }
    // Where the entry will be sent from: a block of the segment for a large entry of a
    // process that sends over shared memory, so it is written once.
    let mut bytes = evflow_core::home::allocate(nbytes);
    // The room does not move when the Put is moved into `puts`.
    *data = bytes.as_mut_slice().as_mut_ptr().cast();
    ec.puts.push(Put { name: name.to_string(), dtype: dtype.to_string(), parsed, shape, bytes });
    OK
}

extern "C" fn host_remove(event: *mut abi::Event, name: *const c_char) -> c_int {
    let (Some(ec), Some(name)) = (event_of(event), text(name)) else { return ERROR };
    if ec.event.get(name).is_none() && !ec.puts.iter().any(|p| p.name == name) {
        return ERROR;
    }
    ec.puts.retain(|p| p.name != name);
    ec.removes.push(name.to_string());
    OK
}

extern "C" fn host_set_flags(event: *mut abi::Event, flags: u32) {
    if let Some(ec) = event_of(event) {
        ec.flags |= flags;
    }
}

extern "C" fn host_set_module_flags(call: *mut abi::Call, flags: u32) {
    if let Some(call) = call_of(call) {
        call.flags = Some(flags);
    }
}
