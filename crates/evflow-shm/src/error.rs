//! Errors of the shared-memory layer: what failed, on which segment, and what to do.

use crate::alloc::{segment_full_message, HeapUsage};
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
    /// The segment was removed (its last process left) after this process opened it.
    #[error("{path} was removed (its last process left) after this process opened it: open the session again")]
    Removed {
        /// The segment file.
        path: PathBuf,
    },
    /// A living process held the session's control lock for too long.
    #[error("{path}: process {pid} has held the session's control lock for {waited:?}: it is stuck; stop it")]
    ControlLockStuck {
        /// The segment file.
        path: PathBuf,
        /// The holder.
        pid: u32,
        /// How long this process waited.
        waited: std::time::Duration,
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

/// A block could not be allocated, or a received handle does not name a block this process
/// may take (docs/shm.md, section 6).
#[derive(Debug, Error)]
pub enum AllocError {
    /// The heap could never hold the block: failed at once, without waiting.
    #[error(
        "a block of {len} bytes (and its 64-byte header) can never fit the heap of {heap} bytes: raise the segment \
         size (SegmentConfig.size, `segment_size`) or send the data in smaller parts"
    )]
    TooLarge {
        /// Payload bytes asked for.
        len: usize,
        /// Bytes of the whole heap.
        heap: usize,
    },
    /// No free run was large enough until the deadline. The message says how much is free, the
    /// largest free run (free but fragmented, or too small?), who holds the rest, and the
    /// sizing rule of docs/shm.md, section 1.
    #[error("{}", segment_full_message(segment, *size, *len, usage))]
    SegmentFull {
        /// The segment file.
        segment: PathBuf,
        /// Its size in bytes.
        size: usize,
        /// Payload bytes asked for.
        len: usize,
        /// How the heap was used when the allocation gave up.
        usage: HeapUsage,
    },
    /// `/dev/shm` had no memory left for the part of the heap the block lies in.
    #[error(
        "{segment}: /dev/shm has no room left for {needed} more bytes of this segment ({available} available, \
         errno {errno}): free /dev/shm (`df /dev/shm`, `evflow shm clean`) or ask for a smaller segment"
    )]
    NoMemory {
        /// The segment file.
        segment: PathBuf,
        /// Bytes the chunk needed.
        needed: u64,
        /// Bytes free in /dev/shm.
        available: u64,
        /// The error number of posix_fallocate.
        errno: i32,
    },
    /// A handle received does not name a block this process may take; nothing was changed.
    #[error(
        "corrupt handle (block offset {offset}): {reason}; drop this message part: a process wrote outside its \
         buffers, or a handle was taken twice"
    )]
    CorruptHandle {
        /// The handle's block offset.
        offset: u64,
        /// Which check failed.
        reason: String,
    },
}
