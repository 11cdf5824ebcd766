//! Compiled modules from a shared library (docs/plugins.md): the C ABI of the header
//! `python/evflow/include/evflow/plugin.h`. [`Plugin::load`] opens the library, checks its
//! ABI version and finds the module type by name; the [`Plugin`] it gives is a [`Module`]
//! that runs wherever a Rust module runs (one process, the parallel engine's workers). Every
//! call into evflow goes through the [`Host`] table: parameters, entries as views, entries
//! put, flags, errors.

use crate::module::{Decision, HookResult, JobContext, Module, ModuleError};
use evflow_core::dtype::DType;
use evflow_core::{Entry, Event, Flags};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The ABI version this evflow speaks (`EVFLOW_PLUGIN_ABI`).
pub const ABI: u32 = 1;

const OK: c_int = 0;
const ERROR: c_int = -1;
const KEEP: c_int = 0;
const REJECT: c_int = 1;
const PARALLEL_SAFE: u32 = 1;
const SEES_FAILED: u32 = 2;
const INT: u32 = 1;
const FLOAT: u32 = 2;
const BOOL: u32 = 3;
const STR: u32 = 4;
const LIST: u32 = 5;
const ARRAY: u32 = 6;

#[repr(C)]
struct Array {
    dtype: *const c_char,
    ndim: u32,
    reserved: u32,
    shape: *const u64,
    data: *const c_void,
    nbytes: u64,
}

impl Array {
    const EMPTY: Array = Array {
        dtype: std::ptr::null(),
        ndim: 0,
        reserved: 0,
        shape: std::ptr::null(),
        data: std::ptr::null(),
        nbytes: 0,
    };
}

#[repr(C)]
struct Value {
    kind: u32,
    reserved: u32,
    integer: i64,
    real: f64,
    text: *const c_char,
    length: u64,
    array: Array,
    list: *const c_void,
}

#[repr(C)]
struct Meta {
    run: u32,
    flags: u32,
    number: u64,
    seq: u64,
}

/// One call of a hook: what the plugin says went wrong.
struct Call {
    error: Option<String>,
    module: String,
}

impl Call {
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
    /// NUL-terminated copies the plugin was given pointers to (dtypes, names).
    strings: Vec<CString>,
    puts: Vec<Put>,
    removes: Vec<String>,
    flags: u32,
}

/// An entry the plugin put: name, dtype, shape, its bytes (8-byte aligned words) and their
/// number.
type Put = (String, String, Vec<u64>, Vec<u64>, usize);

type Fail = extern "C" fn(*mut Call, *const c_char);
type Log = extern "C" fn(*mut Call, c_int, *const c_char);

#[repr(C)]
struct Host {
    size: u64,
    abi: u32,
    reserved: u32,
    fail: Fail,
    log: Log,
    param: extern "C" fn(*const Params, *const c_char, *mut Value) -> c_int,
    param_name: extern "C" fn(*const Params, u64) -> *const c_char,
    list_item: extern "C" fn(*const Value, u64, *mut Value) -> c_int,
    meta: extern "C" fn(*const EventCall<'_>, *mut Meta),
    entry: extern "C" fn(*mut EventCall<'_>, *const c_char, *mut Array) -> c_int,
    entry_name: extern "C" fn(*mut EventCall<'_>, u64) -> *const c_char,
    put: extern "C" fn(*mut EventCall<'_>, *const c_char, *const c_char, u32, *const u64, *mut *mut c_void) -> c_int,
    remove: extern "C" fn(*mut EventCall<'_>, *const c_char) -> c_int,
    set_flags: extern "C" fn(*mut EventCall<'_>, u32),
}

type Create = extern "C" fn(*const Host, *mut Call, *const Params, *mut *mut c_void) -> c_int;
type Hook = extern "C" fn(*mut Call, *mut c_void) -> c_int;
type RunHook = extern "C" fn(*mut Call, *mut c_void, u32) -> c_int;
type EventHook = extern "C" fn(*mut Call, *mut c_void, *mut EventCall<'_>) -> c_int;

#[repr(C)]
struct ModuleType {
    size: u64,
    name: *const c_char,
    flags: u32,
    reserved: u32,
    create: Option<Create>,
    destroy: Option<extern "C" fn(*mut c_void)>,
    initialize: Option<Hook>,
    begin_run: Option<RunHook>,
    event: Option<EventHook>,
    end_run: Option<RunHook>,
    terminate: Option<Hook>,
}

static HOST: Host = Host {
    size: std::mem::size_of::<Host>() as u64,
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
    parallel_safe: bool,
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
        let mut call = Call { error: None, module: name.to_string() };
        let mut instance = std::ptr::null_mut();
        if create(&HOST, &mut call, &params, &mut instance) != OK {
            let why = call.error.unwrap_or_else(|| "create failed without saying why".into());
            return Err(format!("{name} ({where_}): {why}"));
        }
        Ok(Plugin {
            _library: lib,
            ty,
            name: name.to_string(),
            instance,
            parallel_safe: parallel_safe.unwrap_or(ty.flags & PARALLEL_SAFE != 0),
        })
    }

    fn call(&mut self, hook: Option<Hook>) -> HookResult {
        let Some(hook) = hook else { return Ok(()) };
        let mut call = self.new_call();
        let code = hook(&mut call, self.instance);
        call.ended(code)
    }

    fn call_run(&mut self, hook: Option<RunHook>, run: u32) -> HookResult {
        let Some(hook) = hook else { return Ok(()) };
        let mut call = self.new_call();
        let code = hook(&mut call, self.instance, run);
        call.ended(code)
    }

    fn new_call(&self) -> Call {
        Call { error: None, module: self.name.clone() }
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
        self.ty.flags & SEES_FAILED != 0
    }

    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        self.call(self.ty.initialize)
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        self.call_run(self.ty.begin_run, run)
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let hook = self.ty.event.expect("checked at load");
        let mut call = self.new_call();
        let mut ec = EventCall { event: &*event, strings: Vec::new(), puts: Vec::new(), removes: Vec::new(), flags: 0 };
        let code = hook(&mut call, self.instance, &mut ec);
        let EventCall { puts, removes, flags, .. } = ec;
        let decision = match code {
            KEEP => Decision::Keep,
            REJECT => Decision::Reject,
            other => return Err(call.failure(other)),
        };
        for name in removes {
            event.remove(&name);
        }
        for (name, dtype, shape, words, nbytes) in puts {
            // SAFETY: words holds at least nbytes bytes.
            let bytes = unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), nbytes) };
            let (data, home) = evflow_core::home::copy_in(bytes);
            let entry = Entry::new(dtype, shape, data).map_err(|e| ModuleError::msg(format!("entry {name:?}: {e}")))?;
            event
                .put(name.clone(), entry.with_home(home))
                .map_err(|e| ModuleError::msg(format!("entry {name:?}: {e}")))?;
        }
        if flags != 0 {
            event.meta.flags.insert(Flags(flags));
        }
        Ok(decision)
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        self.call_run(self.ty.end_run, run)
    }

    fn terminate(&mut self) -> HookResult {
        self.call(self.ty.terminate)
    }
}

/// A C string the plugin passed, or `None` (NULL, not UTF-8).
fn text<'a>(s: *const c_char) -> Option<&'a str> {
    if s.is_null() {
        return None;
    }
    // SAFETY: the plugin passes NUL-terminated strings (docs/plugins.md).
    unsafe { CStr::from_ptr(s) }.to_str().ok()
}

extern "C" fn host_fail(call: *mut Call, message: *const c_char) {
    // SAFETY: the call evflow passed to the hook running now.
    if let Some(call) = unsafe { call.as_mut() } {
        call.error = Some(text(message).unwrap_or("(no message, or not UTF-8)").to_string());
    }
}

extern "C" fn host_log(call: *mut Call, level: c_int, message: *const c_char) {
    // SAFETY: as above.
    let module = unsafe { call.as_ref() }.map_or("a plugin", |c| c.module.as_str());
    let message = text(message).unwrap_or("(not UTF-8)");
    match level {
        ..=10 => crate::log::debug!("{module}: {message}"),
        11..=20 => crate::log::info!("{module}: {message}"),
        21..=30 => crate::log::warn!("{module}: {message}"),
        _ => crate::log::error!("{module}: {message}"),
    }
}

extern "C" fn host_param(params: *const Params, name: *const c_char, value: *mut Value) -> c_int {
    // SAFETY: the parameters evflow passed to create, running now.
    let (Some(params), Some(name), Some(value)) = (unsafe { params.as_ref() }, text(name), unsafe { value.as_mut() })
    else {
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

extern "C" fn host_param_name(params: *const Params, index: u64) -> *const c_char {
    // SAFETY: as above.
    let Some(params) = (unsafe { params.as_ref() }) else { return std::ptr::null() };
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

extern "C" fn host_meta(event: *const EventCall<'_>, meta: *mut Meta) {
    // SAFETY: the event call evflow passed to the hook running now.
    let (Some(ec), Some(meta)) = (unsafe { event.as_ref() }, unsafe { meta.as_mut() }) else { return };
    let m = &ec.event.meta;
    *meta = Meta { run: m.run, flags: m.flags.0, number: m.event, seq: m.seq };
}

extern "C" fn host_entry(event: *mut EventCall<'_>, name: *const c_char, view: *mut Array) -> c_int {
    // SAFETY: as above.
    let (Some(ec), Some(name), Some(view)) = (unsafe { event.as_mut() }, text(name), unsafe { view.as_mut() }) else {
        return ERROR;
    };
    let Some(entry) = ec.event.get(name) else { return ERROR };
    let Ok(dtype) = CString::new(entry.dtype()) else { return ERROR };
    *view = Array {
        dtype: dtype.as_ptr(),
        ndim: entry.shape().len() as u32,
        reserved: 0,
        shape: entry.shape().as_ptr(),
        data: entry.data().as_ptr().cast(),
        nbytes: entry.len() as u64,
    };
    ec.strings.push(dtype);
    OK
}

extern "C" fn host_entry_name(event: *mut EventCall<'_>, index: u64) -> *const c_char {
    // SAFETY: as above.
    let Some(ec) = (unsafe { event.as_mut() }) else { return std::ptr::null() };
    let Some(name) = ec.event.names().nth(index as usize) else { return std::ptr::null() };
    let Ok(name) = CString::new(name) else { return std::ptr::null() };
    let pointer = name.as_ptr();
    ec.strings.push(name);
    pointer
}

extern "C" fn host_put(
    event: *mut EventCall<'_>,
    name: *const c_char,
    dtype: *const c_char,
    ndim: u32,
    shape: *const u64,
    data: *mut *mut c_void,
) -> c_int {
    // SAFETY: as above.
    let (Some(ec), Some(name), Some(dtype), Some(data)) =
        (unsafe { event.as_mut() }, text(name), text(dtype), unsafe { data.as_mut() })
    else {
        return ERROR;
    };
    let Ok(parsed) = DType::parse(dtype) else { return ERROR };
    let shape: Vec<u64> = if ndim == 0 || shape.is_null() {
        Vec::new()
    } else {
        // SAFETY: the plugin passes ndim extents.
        unsafe { std::slice::from_raw_parts(shape, ndim as usize) }.to_vec()
    };
    let Some(nbytes) = shape.iter().try_fold(parsed.itemsize() as u64, |n, &e| n.checked_mul(e)) else { return ERROR };
    let Ok(nbytes) = usize::try_from(nbytes) else { return ERROR };
    let mut words = vec![0u64; nbytes.div_ceil(8)];
    *data = words.as_mut_ptr().cast();
    ec.removes.retain(|r| r != name);
    ec.puts.retain(|(n, ..)| n != name);
    // The Vec's heap buffer does not move when the Vec is moved into `puts`.
    ec.puts.push((name.to_string(), dtype.to_string(), shape, words, nbytes));
    OK
}

extern "C" fn host_remove(event: *mut EventCall<'_>, name: *const c_char) -> c_int {
    // SAFETY: as above.
    let (Some(ec), Some(name)) = (unsafe { event.as_mut() }, text(name)) else { return ERROR };
    if ec.event.get(name).is_none() && !ec.puts.iter().any(|(n, ..)| n == name) {
        return ERROR;
    }
    ec.puts.retain(|(n, ..)| n != name);
    ec.removes.push(name.to_string());
    OK
}

extern "C" fn host_set_flags(event: *mut EventCall<'_>, flags: u32) {
    // SAFETY: as above.
    if let Some(ec) = unsafe { event.as_mut() } {
        ec.flags |= flags;
    }
}
