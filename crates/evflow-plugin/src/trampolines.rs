//! The functions of a module type's table, for any [`Module`]: each turns the C call into the
//! trait's, a panic into the hook's error, and the module's log messages into the host's.
//! Used by [`crate::export!`]; not called by hand.

use crate::abi;
use crate::event;
use crate::params::Params;
use evflow_runtime::log::{self, Capture, Level};
use evflow_runtime::module::{Decision, HookResult, JobContext, Module};
use evflow_runtime::modules::plugin::Strings;
use std::ffi::{c_int, c_void, CString};
use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// An instance: the module, the host table it was made with, what it keeps between calls.
struct Instance<T> {
    host: &'static abi::Host,
    module: T,
    /// The C strings and dtypes it handed evflow or met, kept from call to call.
    cache: Strings,
    borrowed: event::Borrowed,
}

/// The table of module type `T`, named `name` (NUL-terminated), made by `create`.
pub const fn module_type<T: Module>(name: &'static str, create: abi::Create) -> abi::ModuleType {
    abi::ModuleType {
        size: std::mem::size_of::<abi::ModuleType>() as u64,
        name: name.as_ptr().cast(),
        // The module's own parallel_safe and sees_failed, said by create (set_module_flags).
        flags: 0,
        reserved: 0,
        create: Some(create),
        destroy: Some(destroy::<T>),
        initialize: Some(initialize::<T>),
        begin_run: Some(begin_run::<T>),
        event: Some(event::<T>),
        end_run: Some(end_run::<T>),
        terminate: Some(terminate::<T>),
    }
}

/// `create`: the module from `make`, or `make`'s error (or panic) as the failure.
///
/// # Safety
/// The arguments are those evflow passed to the module type's `create`.
pub unsafe fn create<T: Module, F, E>(
    host: *const abi::Host,
    call: *mut abi::Call,
    params: *const abi::Params,
    instance: *mut *mut c_void,
    make: F,
) -> c_int
where
    F: FnOnce(&Params<'_>) -> Result<T, E>,
    E: Display,
{
    // SAFETY: evflow's table, alive as long as the instances it makes.
    let Some(host) = (unsafe { host.as_ref() }) else { return abi::ERROR };
    if instance.is_null() {
        return abi::ERROR;
    }
    // The host's level decides what is printed: here every message is passed on.
    log::set_level(Level::Debug);
    let made = guarded(host, call, || make(&Params { host, params }).map_err(|e| e.to_string()));
    let Some(module) = made else { return abi::ERROR };
    // The type's table cannot know them: they are the instance's answers.
    let flags = if module.parallel_safe() { abi::PARALLEL_SAFE } else { 0 }
        | if module.sees_failed() { abi::SEES_FAILED } else { 0 };
    (host.set_module_flags)(call, flags);
    let boxed = Box::new(Instance { host, module, cache: Strings::default(), borrowed: event::Borrowed::default() });
    // SAFETY: checked not NULL; evflow's pointer to set.
    unsafe { *instance = Box::into_raw(boxed).cast() };
    abi::OK
}

extern "C" fn destroy<T: Module>(instance: *mut c_void) {
    if !instance.is_null() {
        // SAFETY: made by create with Box::into_raw, destroyed once.
        drop(unsafe { Box::from_raw(instance.cast::<Instance<T>>()) });
    }
}

/// The instance behind evflow's pointer.
fn instance_of<'a, T>(instance: *mut c_void) -> Option<&'a mut Instance<T>> {
    // SAFETY: made by create; called by one thread at a time (docs/plugins.md).
    unsafe { instance.cast::<Instance<T>>().as_mut() }
}

extern "C" fn initialize<T: Module>(call: *mut abi::Call, instance: *mut c_void) -> c_int {
    hook::<T>(call, instance, |m| m.initialize(&JobContext::default()))
}

extern "C" fn begin_run<T: Module>(call: *mut abi::Call, instance: *mut c_void, run: u32) -> c_int {
    hook::<T>(call, instance, |m| m.begin_run(run))
}

extern "C" fn end_run<T: Module>(call: *mut abi::Call, instance: *mut c_void, run: u32) -> c_int {
    hook::<T>(call, instance, |m| m.end_run(run))
}

extern "C" fn terminate<T: Module>(call: *mut abi::Call, instance: *mut c_void) -> c_int {
    hook::<T>(call, instance, Module::terminate)
}

extern "C" fn event<T: Module>(call: *mut abi::Call, instance: *mut c_void, handle: *mut abi::Event) -> c_int {
    let Some(inst) = instance_of::<T>(instance) else { return abi::ERROR };
    let host = inst.host;
    let (module, cache, borrowed) = (&mut inst.module, &mut inst.cache, &mut inst.borrowed);
    let decided = guarded(host, call, || {
        borrowed.refresh(host, handle, cache)?;
        let flags = borrowed.event.meta.flags.0;
        let decision = module.event(&mut borrowed.event).map_err(|e| e.message)?;
        if decision == Decision::Keep {
            borrowed.give_back(host, handle, flags, cache)?;
        }
        Ok(decision)
    });
    inst.cache.end_call();
    match decided {
        Some(Decision::Keep) => abi::KEEP,
        Some(Decision::Reject) => abi::REJECT,
        None => abi::ERROR,
    }
}

/// Runs hook `f` of the instance: `EVFLOW_OK`, or `EVFLOW_ERROR` with its message.
fn hook<T: Module>(call: *mut abi::Call, instance: *mut c_void, f: impl FnOnce(&mut T) -> HookResult) -> c_int {
    let Some(inst) = instance_of::<T>(instance) else { return abi::ERROR };
    let module = &mut inst.module;
    match guarded(inst.host, call, || f(module).map_err(|e| e.message)) {
        Some(()) => abi::OK,
        None => abi::ERROR,
    }
}

/// `f`'s value, or `None` once its error (or panic) is told to evflow as the call's failure;
/// what the module logged meanwhile goes to evflow's log.
fn guarded<R>(host: &abi::Host, call: *mut abi::Call, f: impl FnOnce() -> Result<R, String>) -> Option<R> {
    let capture = Capture::start();
    let outcome = catch_unwind(AssertUnwindSafe(f));
    for (level, message) in capture.take() {
        let level = match level {
            Level::Error => abi::LOG_ERROR,
            Level::Warning => abi::LOG_WARNING,
            Level::Info => abi::LOG_INFO,
            Level::Debug => abi::LOG_DEBUG,
        };
        let message = CString::new(message.replace('\0', "")).unwrap_or_default();
        (host.log)(call, level, message.as_ptr());
    }
    let why = match outcome {
        Ok(Ok(value)) => return Some(value),
        Ok(Err(message)) => message,
        Err(panic) => format!("panicked: {}", panic_message(&panic)),
    };
    let why = CString::new(why.replace('\0', "")).unwrap_or_default();
    (host.fail)(call, why.as_ptr());
    None
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> &str {
    panic.downcast_ref::<&str>().copied().or_else(|| panic.downcast_ref::<String>().map(String::as_str)).unwrap_or("?")
}
