//! The exception hierarchy, defined here so Rust can raise it; `evflow.errors` re-exports it.

use evflow_core::file::FileError;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

create_exception!(evflow, EvflowError, PyException, "Base of every evflow error.");
create_exception!(evflow, FormatError, EvflowError, "A frame or file is malformed, truncated or corrupt.");
create_exception!(evflow, ConfigError, EvflowError, "A module, path or job is configured wrongly.");
create_exception!(evflow, ModuleError, EvflowError, "A module raised during the job.");
create_exception!(
    evflow,
    ResumeError,
    ConfigError,
    "A job cannot be resumed from its outputs (docs/steering.md, \"Resuming a job\"); nothing was changed."
);
create_exception!(
    evflow,
    ExpiredEventError,
    EvflowError,
    "An event was used after the module call it was lent to returned."
);
create_exception!(evflow, ChannelError, EvflowError, "A channel operation failed (docs/transport.md).");
create_exception!(
    evflow,
    ChannelTimeoutError,
    ChannelError,
    "Nothing arrived, or the receivers' queues stayed full, until the timeout; the channel is still usable."
);
create_exception!(evflow, PeerGoneError, ChannelError, "The peer left or died, or no receiver has joined (shm).");
create_exception!(
    evflow,
    SegmentFullError,
    ChannelError,
    "The session's shared-memory segment has no room for the message."
);
create_exception!(
    evflow,
    MessageTooLargeError,
    SegmentFullError,
    "The message part can never fit the session's segment."
);
create_exception!(
    evflow,
    CorruptMessageError,
    ChannelError,
    "A received message, or the ring it came through, is corrupt."
);

/// The old names of the exceptions that did not end in `Error`, kept as aliases for now.
const ALIASES: [(&str, &str); 5] = [
    ("ChannelTimeout", "ChannelTimeoutError"),
    ("PeerGone", "PeerGoneError"),
    ("SegmentFull", "SegmentFullError"),
    ("MessageTooLarge", "MessageTooLargeError"),
    ("CorruptMessage", "CorruptMessageError"),
];

/// `evflow.MissingFileError`: a `FormatError` that is also Python's `FileNotFoundError`.
static MISSING_FILE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn missing_file_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    let made = MISSING_FILE_ERROR.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let bases = PyTuple::new(
            py,
            [py.get_type::<FormatError>().into_any(), py.get_type::<PyFileNotFoundError>().into_any()],
        )?;
        let attrs = PyDict::new(py);
        attrs.set_item("__module__", "evflow")?;
        attrs.set_item("__doc__", "A file evflow was asked to read does not exist.")?;
        let made = py.import("builtins")?.getattr("type")?.call1(("MissingFileError", bases, attrs))?;
        Ok(made.cast_into::<PyType>()?.unbind())
    })?;
    Ok(made.bind(py))
}

/// The Python exception for a file error: a missing file is a `MissingFileError` (a
/// `FileNotFoundError` too), anything else a `FormatError`.
pub fn file_error(py: Python<'_>, e: &FileError) -> PyErr {
    if let FileError::Io { path, source, .. } = e {
        if source.kind() == std::io::ErrorKind::NotFound {
            let args = (libc::ENOENT, e.to_string(), path.display().to_string());
            return match missing_file_error_type(py).and_then(|t| t.call1(args)) {
                Ok(exception) => PyErr::from_value(exception),
                Err(err) => err,
            };
        }
    }
    format_error(e)
}

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
    m.add("ResumeError", py.get_type::<ResumeError>())?;
    m.add("ChannelError", py.get_type::<ChannelError>())?;
    m.add("ChannelTimeoutError", py.get_type::<ChannelTimeoutError>())?;
    m.add("PeerGoneError", py.get_type::<PeerGoneError>())?;
    m.add("SegmentFullError", py.get_type::<SegmentFullError>())?;
    m.add("MessageTooLargeError", py.get_type::<MessageTooLargeError>())?;
    m.add("CorruptMessageError", py.get_type::<CorruptMessageError>())?;
    for (old, new) in ALIASES {
        m.add(old, m.getattr(new)?)?;
    }
    m.add("MissingFileError", missing_file_error_type(py)?)?;
    Ok(())
}
