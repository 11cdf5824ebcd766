//! evflow transport: one Channel API (push/pull, pub/sub, req/rep, multi-part messages,
//! timeouts, typed errors) over `inproc://`, `shm://` (zero-copy shared memory), `ipc://` and
//! `tcp://` (the reference libzmq). See `docs/transport.md`. Messages are opaque bytes: this
//! crate knows nothing of events.
#![warn(missing_docs)]

pub mod address;
pub mod channel;
pub mod curve;
pub mod error;
mod handshakes;
pub mod message;
mod shm;
mod zap;
mod zmq;

pub use address::Address;
pub use channel::{Channel, Options, PartMut, Pattern, Side};
pub use error::ChannelError;
pub use message::{Message, Part};
pub use zmq::finish as finish_zmq;
