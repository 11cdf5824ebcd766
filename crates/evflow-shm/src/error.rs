//! Errors of the shared-memory layer: what failed, on which segment, and what to do.

use std::path::{Path, PathBuf};
use thiserror::Error;

/// A shared-memory operation failed.
#[derive(Debug, Error)]
pub enum ShmError {
    /// An option is wrong.
    #[error("{0}")]
    Config(String),
    /// The session's segment exists already.
    #[error("{path} exists: another job uses this session name (or a dead one left it: `evflow shm clean`)")]
    Exists {
        /// The segment file.
        path: PathBuf,
    },
    /// The segment could not be given its memory.
    #[error("cannot reserve {needed} bytes in {path} ({available} available, errno {errno}): free /dev/shm or ask for a smaller segment")]
    Create {
        /// The shared-memory directory.
        path: PathBuf,
        /// Bytes asked for.
        needed: u64,
        /// Bytes free there.
        available: u64,
        /// The error number of posix_fallocate.
        errno: i32,
    },
    /// The file is not a segment this evflow can use.
    #[error("{path} is not an evflow segment: {reason}")]
    NotASegment {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A system call failed.
    #[error("{path}: {context}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What was being done.
        context: &'static str,
        /// The error.
        #[source]
        source: std::io::Error,
    },
}

impl ShmError {
    pub(crate) fn io(path: &Path, context: &'static str, source: std::io::Error) -> ShmError {
        ShmError::Io { path: path.to_path_buf(), context, source }
    }
}
