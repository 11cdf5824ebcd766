//! evflow shared memory: one segment per session in `/dev/shm`, a process table, futex
//! wake-ups and rings of handles. Lock-free throughout, so a process killed at any instant
//! holds no lock; see `docs/shm.md` for the layout and the recovery rules. This crate knows
//! nothing of events.
#![warn(missing_docs)]

pub mod error;
pub mod futex;
pub mod layout;
pub mod process;
pub mod ring;
pub mod segment;
pub mod session;
pub mod table;

pub use error::ShmError;
pub use ring::{Handle, Ring, RingError};
pub use segment::{Segment, SegmentConfig};
