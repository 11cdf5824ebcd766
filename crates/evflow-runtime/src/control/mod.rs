//! What a controller decides, for the forked job's monitor and a topology's controller alike
//! (docs/controller.md): decisions without I/O, applied by the engine's monitor, a device's
//! link, and the Python controller through the native module.

pub mod supervisor;
