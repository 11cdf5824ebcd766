//! Channel errors: typed, each naming the channel and saying what to do.

use std::time::Duration;
use thiserror::Error;

/// A channel operation failed.
#[derive(Debug, Error)]
pub enum ChannelError {
    /// The address string is malformed.
    #[error("bad channel address {address:?}: {reason}")]
    Address {
        /// The address given.
        address: String,
        /// What is wrong, and what is expected.
        reason: String,
    },
    /// The CURVE settings cannot be used (a key file, or CURVE off tcp).
    #[error("{channel}: {reason}")]
    Security {
        /// The channel.
        channel: String,
        /// What is wrong, and what to do.
        reason: String,
    },
    /// The pattern cannot do this (receive on push, two requests without a reply, ...).
    #[error("{channel}: {reason}")]
    State {
        /// The channel.
        channel: String,
        /// What was done out of turn.
        reason: String,
    },
    /// Nothing arrived before the timeout.
    #[error("{channel}: no message within {after:?}")]
    Timeout {
        /// The channel.
        channel: String,
        /// The timeout.
        after: Duration,
    },
    /// The receivers' queues stayed full until the timeout (send side).
    #[error("{channel}: the receivers' queues stayed full for {after:?} ({detail}): receivers are slow or stopped; wait longer or add receivers")]
    QueueFull {
        /// The channel.
        channel: String,
        /// The timeout.
        after: Duration,
        /// Who is behind.
        detail: String,
    },
    /// No receiver is connected (and none came before the timeout), or the peer died.
    #[error("{channel}: {detail}")]
    PeerGone {
        /// The channel.
        channel: String,
        /// Who is gone.
        detail: String,
    },
    /// A shared-memory allocation or handle failed: segment full, message too large, corrupt handle.
    #[error("{channel}: {source}")]
    Alloc {
        /// The channel.
        channel: String,
        /// The allocator's error.
        #[source]
        source: evflow_shm::AllocError,
    },
    /// A shared-memory ring is corrupt.
    #[error("{channel}: {source}")]
    Ring {
        /// The channel.
        channel: String,
        /// The ring's error.
        #[source]
        source: evflow_shm::RingError,
    },
    /// The session's segment could not be created or opened.
    #[error("{channel}: {source}")]
    Shm {
        /// The channel.
        channel: String,
        /// The segment's error.
        #[source]
        source: evflow_shm::ShmError,
    },
    /// libzmq refused.
    #[error("{channel}: {operation} failed: {source}")]
    Zmq {
        /// The channel.
        channel: String,
        /// What was being done.
        operation: &'static str,
        /// libzmq's error.
        #[source]
        source: zmq::Error,
    },
}

impl ChannelError {
    /// Whether the error is a timeout (nothing arrived, or no room): the channel is still usable.
    pub fn is_timeout(&self) -> bool {
        matches!(self, ChannelError::Timeout { .. } | ChannelError::QueueFull { .. })
    }
}
