//! Rust modules as evflow plugins (docs/plugins.md): any type that implements
//! [`evflow_runtime::module::Module`] is exported through the C ABI of `evflow/plugin.h`, so a
//! Python steering file loads it from the crate's shared library with `ef.modules.Plugin`.
//!
//! ```ignore
//! // Cargo.toml: [lib] crate-type = ["cdylib"]; evflow-plugin as a dependency.
//! use evflow_plugin::{export, Params};
//!
//! impl CaloTrigger {
//!     fn from_params(params: &Params) -> Result<CaloTrigger, String> {
//!         Ok(CaloTrigger::new(params.f64_or("threshold_gev", 15.0)? as f32, &GAINS))
//!     }
//! }
//! export!(CaloTrigger = CaloTrigger::from_params);
//! ```
//!
//! ```python
//! path.add(ef.modules.Plugin("target/release/libcalo.so", "CaloTrigger", threshold_gev=12.0))
//! ```
//!
//! The exported name is the type's. In each call the module gets an [`evflow_core::Event`]
//! whose entries borrow evflow's bytes without a copy, valid for that call only: a module
//! that keeps an entry past its call keeps a copy (`Bytes::copy_from_slice(entry.data())`).
//! What the module changed (entries put, replaced or removed, flags) goes back to evflow when
//! it returns, each new entry copied once into memory evflow gives (in the job's shared memory
//! where the process sends over it). A panic is the hook's error, with its message. Messages
//! of `evflow_runtime::log` reach the host's log.
#![warn(missing_docs)]

mod event;
mod params;
#[doc(hidden)]
pub mod trampolines;

pub use evflow_runtime::modules::plugin::abi;
pub use evflow_runtime::modules::Param;
pub use params::Params;

/// Defines the two symbols of a plugin library (`evflow_plugin_abi`, `evflow_plugin_modules`)
/// for module types given as `Type = constructor`, the constructor a
/// `fn(&Params) -> Result<Type, E>` with `E: Display` (its error refuses `Plugin(...)`).
#[macro_export]
macro_rules! export {
    ($($ty:ident = $create:expr),+ $(,)?) => {
        /// The plugin ABI version this library was built against.
        #[unsafe(no_mangle)]
        pub extern "C" fn evflow_plugin_abi() -> u32 {
            $crate::abi::ABI
        }

        /// The module types of this library, NULL-terminated.
        #[unsafe(no_mangle)]
        pub extern "C" fn evflow_plugin_modules() -> *const *const $crate::abi::ModuleType {
            static TYPES: $crate::abi::ModuleTypes<{ [$(stringify!($ty)),+].len() + 1 }> =
                $crate::abi::ModuleTypes([
                    $({
                        extern "C" fn create(
                            host: *const $crate::abi::Host,
                            call: *mut $crate::abi::Call,
                            params: *const $crate::abi::Params,
                            instance: *mut *mut ::std::ffi::c_void,
                        ) -> ::std::ffi::c_int {
                            // SAFETY: evflow's arguments to create, passed on.
                            unsafe { $crate::trampolines::create::<$ty, _, _>(host, call, params, instance, $create) }
                        }
                        static TYPE: $crate::abi::ModuleType =
                            $crate::trampolines::module_type::<$ty>(concat!(stringify!($ty), "\0"), create);
                        &TYPE as *const $crate::abi::ModuleType
                    },)+
                    ::std::ptr::null(),
                ]);
            TYPES.0.as_ptr()
        }
    };
}
