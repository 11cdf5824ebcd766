//! The exception hierarchy, defined here so Rust can raise it; `evflow.errors` re-exports it.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(evflow, EvflowError, PyException, "Base of every evflow error.");
create_exception!(evflow, FormatError, EvflowError, "A frame or file is malformed, truncated or corrupt.");
create_exception!(evflow, ConfigError, EvflowError, "A module, path or job is configured wrongly.");
create_exception!(evflow, ModuleError, EvflowError, "A module raised during the job.");
create_exception!(
    evflow,
    ExpiredEventError,
    EvflowError,
    "An event was used after the module call it was lent to returned."
);
create_exception!(evflow, ChannelError, EvflowError, "A channel operation failed (docs/transport.md).");
create_exception!(
    evflow,
    ChannelTimeout,
    ChannelError,
    "Nothing arrived, or the receivers' queues stayed full, until the timeout; the channel is still usable."
);
create_exception!(evflow, PeerGone, ChannelError, "No peer is connected, or the peer left or died.");
create_exception!(
    evflow,
    SegmentFull,
    ChannelError,
    "The session's shared-memory segment has no room for the message."
);
create_exception!(evflow, MessageTooLarge, SegmentFull, "The message part can never fit the session's segment.");
create_exception!(evflow, CorruptMessage, ChannelError, "A received message, or the ring it came through, is corrupt.");

/// Makes an error an `EvflowError` subclass instance, keeping its message.
pub fn format_error(e: impl std::fmt::Display) -> PyErr {
    FormatError::new_err(e.to_string())
}

/// A configuration error.
pub fn config_error(e: impl std::fmt::Display) -> PyErr {
    ConfigError::new_err(e.to_string())
}

/// A value error for bad arguments (wrong entry contents).
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Registers the exceptions on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EvflowError", py.get_type::<EvflowError>())?;
    m.add("FormatError", py.get_type::<FormatError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("ModuleError", py.get_type::<ModuleError>())?;
    m.add("ExpiredEventError", py.get_type::<ExpiredEventError>())?;
    m.add("ChannelError", py.get_type::<ChannelError>())?;
    m.add("ChannelTimeout", py.get_type::<ChannelTimeout>())?;
    m.add("PeerGone", py.get_type::<PeerGone>())?;
    m.add("SegmentFull", py.get_type::<SegmentFull>())?;
    m.add("MessageTooLarge", py.get_type::<MessageTooLarge>())?;
    m.add("CorruptMessage", py.get_type::<CorruptMessage>())?;
    Ok(())
}
