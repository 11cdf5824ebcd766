//! evflow shared memory: one segment per session in `/dev/shm`, a process table, a page-map
//! allocator of blocks with holder masks, crash recovery, futex wake-ups and rings of handles.
//! Messages and memory are lock-free, so a process killed at any instant holds no lock; only
//! joining and leaving a channel takes the control lock (`table.rs`), which is taken over from
//! a dead holder. See `docs/shm.md` for the layout and the recovery rules, `docs/transport.md`
//! for the channel tables. This crate knows nothing of events.
#![warn(missing_docs)]

pub mod alloc;
pub mod block;
mod cache;
pub mod error;
pub mod futex;
pub mod layout;
pub mod process;
pub mod reclaim;
mod returns;
pub mod ring;
pub mod segment;
pub mod session;
pub mod table;

pub use alloc::HeapUsage;
pub use block::{Block, BlockMut};
pub use error::{AllocError, ShmError};
pub use process::Attached;
pub use reclaim::Reclaimed;
pub use ring::{Handle, Ring, RingError, Slot, INLINE, INLINE_MAX};
pub use segment::{Removal, Segment, SegmentConfig};
