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
pub use channel::{Channel, Options, PartMut, Pattern, Side, Unsent};
pub use error::ChannelError;
pub use message::{Message, Part};
pub use zmq::finish as finish_zmq;

/// Writes a warning to stderr in the runtime's line format (this layer has no logger of
/// its own), in one write, so that lines other threads or processes write to the same
/// stream do not cut into it.
pub(crate) fn warn(text: &str) {
    use std::io::Write;
    let line = format!("evflow: warning: {text}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
