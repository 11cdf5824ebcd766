//! What a controller decides, for the forked job's monitor and a topology's controller alike
//! (docs/controller.md): decisions without I/O, applied by the engine's monitor, a device's
//! link, and the Python controller through the native module. The life cycle of device
//! processes and runs ([`lifecycle`]), which the controller and every device follow; the
//! supervisor's limits and crash-loop window ([`supervisor`]).

#[cfg(test)]
pub(crate) mod fixtures;
pub mod lifecycle;
pub mod plan;
pub mod roles;
pub mod supervisor;
