//! The C ABI of `python/evflow/include/evflow/plugin.h`, mirrored in Rust: the one place
//! evflow's side (the host, [`super`]) and the Rust wrapper (the `evflow-plugin` crate) take
//! its layouts and constants from. Every type here is `#[repr(C)]` and matches the header
//! field for field; the handles are opaque (each side knows what its own point to).

use std::ffi::{c_char, c_int, c_void};

/// `EVFLOW_PLUGIN_ABI`: a plugin built against another version is refused.
pub const ABI: u32 = 1;

/// What hooks return: `EVFLOW_OK`.
pub const OK: c_int = 0;
/// `EVFLOW_ERROR`.
pub const ERROR: c_int = -1;
/// What `event` returns to keep the event: `EVFLOW_KEEP`.
pub const KEEP: c_int = 0;
/// `EVFLOW_REJECT`.
pub const REJECT: c_int = 1;

/// `evflow_module_type.flags`: may run in several worker processes at once.
pub const PARALLEL_SAFE: u32 = 1;
/// `evflow_module_type.flags`: gets events flagged failed too.
pub const SEES_FAILED: u32 = 2;

/// `evflow_value.kind`: an integer.
pub const INT: u32 = 1;
/// A number.
pub const FLOAT: u32 = 2;
/// True or false.
pub const BOOL: u32 = 3;
/// UTF-8 text.
pub const STR: u32 = 4;
/// A list of values.
pub const LIST: u32 = 5;
/// A numpy array.
pub const ARRAY: u32 = 6;

/// Levels of `evflow_host.log`.
pub const LOG_DEBUG: c_int = 10;
/// `EVFLOW_LOG_INFO`.
pub const LOG_INFO: c_int = 20;
/// `EVFLOW_LOG_WARNING`.
pub const LOG_WARNING: c_int = 30;
/// `EVFLOW_LOG_ERROR`.
pub const LOG_ERROR: c_int = 40;

/// `evflow_call`: one call of a hook (opaque).
#[repr(C)]
pub struct Call {
    _opaque: [u8; 0],
}

/// `evflow_event`: the event of an `event` call (opaque).
#[repr(C)]
pub struct Event {
    _opaque: [u8; 0],
}

/// `evflow_params`: the keyword parameters of `create` (opaque).
#[repr(C)]
pub struct Params {
    _opaque: [u8; 0],
}

/// `evflow_array`: an entry's bytes or a numpy parameter, read-only, C order.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Array {
    /// numpy's dtype string, NUL-terminated.
    pub dtype: *const c_char,
    /// The number of extents.
    pub ndim: u32,
    /// Zero.
    pub reserved: u32,
    /// `ndim` extents.
    pub shape: *const u64,
    /// The bytes, aligned to 8 at least.
    pub data: *const c_void,
    /// How many.
    pub nbytes: u64,
}

impl Array {
    /// No array.
    pub const EMPTY: Array = Array {
        dtype: std::ptr::null(),
        ndim: 0,
        reserved: 0,
        shape: std::ptr::null(),
        data: std::ptr::null(),
        nbytes: 0,
    };
}

/// `evflow_value`: a parameter's value.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Value {
    /// [`INT`] ... [`ARRAY`].
    pub kind: u32,
    /// Zero.
    pub reserved: u32,
    /// INT; BOOL: 0 or 1; LIST: the number of items.
    pub integer: i64,
    /// FLOAT.
    pub real: f64,
    /// STR: UTF-8, not NUL-terminated, of `length` bytes.
    pub text: *const c_char,
    /// STR: its length in bytes.
    pub length: u64,
    /// ARRAY.
    pub array: Array,
    /// LIST: for `list_item`.
    pub list: *const c_void,
}

impl Value {
    /// No value.
    pub const EMPTY: Value = Value {
        kind: 0,
        reserved: 0,
        integer: 0,
        real: 0.0,
        text: std::ptr::null(),
        length: 0,
        array: Array::EMPTY,
        list: std::ptr::null(),
    };
}

/// `evflow_meta`: an event's identity.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Meta {
    /// Its run.
    pub run: u32,
    /// `EVFLOW_FLAG_*`, as the `.evf` format stores them.
    pub flags: u32,
    /// Its number within the run.
    pub number: u64,
    /// Its position in the job's input.
    pub seq: u64,
}

/// `evflow_host`: what evflow gives a plugin, the same table for every call.
#[repr(C)]
pub struct Host {
    /// `sizeof(evflow_host)` in the evflow that loaded the plugin.
    pub size: u64,
    /// [`ABI`] of that evflow.
    pub abi: u32,
    /// Zero.
    pub reserved: u32,
    /// Says why the hook of the call fails (copied).
    pub fail: extern "C" fn(*mut Call, *const c_char),
    /// A line in the process's log (copied).
    pub log: extern "C" fn(*mut Call, c_int, *const c_char),
    /// `create` only: parameter `name`.
    pub param: extern "C" fn(*const Params, *const c_char, *mut Value) -> c_int,
    /// `create` only: the name of parameter `index`, NULL past the last.
    pub param_name: extern "C" fn(*const Params, u64) -> *const c_char,
    /// `create` only: item `index` of a LIST value.
    pub list_item: extern "C" fn(*const Value, u64, *mut Value) -> c_int,
    /// `event` only: the event's identity.
    pub meta: extern "C" fn(*const Event, *mut Meta),
    /// Entry `name` as a view.
    pub entry: extern "C" fn(*const Event, *const c_char, *mut Array) -> c_int,
    /// The name of entry `index`, NULL past the last.
    pub entry_name: extern "C" fn(*const Event, u64) -> *const c_char,
    /// A new entry: `*data` is where to write its bytes.
    pub put: extern "C" fn(*mut Event, *const c_char, *const c_char, u32, *const u64, *mut *mut c_void) -> c_int,
    /// Removes an entry.
    pub remove: extern "C" fn(*mut Event, *const c_char) -> c_int,
    /// Adds `EVFLOW_FLAG_*` flags.
    pub set_flags: extern "C" fn(*mut Event, u32),
    /// `create` only: this instance's [`PARALLEL_SAFE`] and [`SEES_FAILED`], in place of the
    /// type's flags.
    pub set_module_flags: extern "C" fn(*mut Call, u32),
    /// `event` only: entry `index` in order, its name and view (EVFLOW_ERROR past the last).
    pub entry_at: extern "C" fn(*const Event, u64, *mut *const c_char, *mut Array) -> c_int,
}

/// `create`: makes an instance from the parameters.
pub type Create = extern "C" fn(*const Host, *mut Call, *const Params, *mut *mut c_void) -> c_int;
/// `initialize`, `terminate`.
pub type Hook = extern "C" fn(*mut Call, *mut c_void) -> c_int;
/// `begin_run`, `end_run`.
pub type RunHook = extern "C" fn(*mut Call, *mut c_void, u32) -> c_int;
/// `event`: [`KEEP`], [`REJECT`] or [`ERROR`].
pub type EventHook = extern "C" fn(*mut Call, *mut c_void, *mut Event) -> c_int;

/// `evflow_module_type`: a module type of the plugin.
#[repr(C)]
pub struct ModuleType {
    /// `sizeof(evflow_module_type)` as the plugin was compiled.
    pub size: u64,
    /// What `Plugin(library, name)` picks, NUL-terminated.
    pub name: *const c_char,
    /// [`PARALLEL_SAFE`], [`SEES_FAILED`].
    pub flags: u32,
    /// Zero.
    pub reserved: u32,
    /// Makes an instance.
    pub create: Option<Create>,
    /// Frees one.
    pub destroy: Option<extern "C" fn(*mut c_void)>,
    /// The hooks of every module; any may be NULL.
    pub initialize: Option<Hook>,
    /// Before the first event of a run.
    pub begin_run: Option<RunHook>,
    /// Each event.
    pub event: Option<EventHook>,
    /// After the last event of a run.
    pub end_run: Option<RunHook>,
    /// Once at the end.
    pub terminate: Option<Hook>,
}

// SAFETY: a module type is immutable data (a static of the plugin), its name a static string.
unsafe impl Sync for ModuleType {}

/// What `evflow_plugin_modules` returns: module types, NULL-terminated.
#[repr(transparent)]
pub struct ModuleTypes<const N: usize>(pub [*const ModuleType; N]);

// SAFETY: pointers to immutable statics.
unsafe impl<const N: usize> Sync for ModuleTypes<N> {}
