//! The controller's side of a topology: what it decides and how it tells it. For now the life
//! cycle of device processes and runs ([`lifecycle`]), which the controller and every device
//! follow.

pub mod lifecycle;
