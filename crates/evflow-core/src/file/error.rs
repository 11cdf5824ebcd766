//! What can go wrong with an `.evf` file, and what a reader reports when it stops early.
//!
//! Policy: damage that loses data in the middle of a file (a corrupt record) is an error,
//! unless the reader was opened with `skip_corrupt`; a file that merely ends early (a crashed
//! writer, a copy cut short) is not an error: the reader delivers every complete record and
//! [`Stopped`] says where and why it ended.

use super::layout::FILE_VERSION;
use std::fmt;
use std::path::PathBuf;
use thiserror::Error;

/// An error reading or writing an `.evf` file. Every message names the file, the byte offset
/// where it applies, and what to do.
#[derive(Debug, Error)]
pub enum FileError {
    /// The operating system refused an operation.
    #[error("{path}: {context}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What was being done, e.g. "reading 32 bytes at byte 4096".
        context: String,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with the `.evf` magic.
    #[error(
        "{path} is not an evflow event file: {reason}; check the path (an .evf file starts with the bytes \\x89EVF)"
    )]
    NotEvf {
        /// The file.
        path: PathBuf,
        /// What was found instead.
        reason: String,
    },
    /// The file was written in a format version this reader does not know.
    #[error(
        "{path} has file format version {version}; this evflow reads version {FILE_VERSION}: upgrade evflow to read it"
    )]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        version: u16,
    },
    /// The file header or its JSON metadata is damaged.
    #[error("{path}: file header at byte {offset} is corrupt: {reason}; open it with skip_corrupt to read the records without it")]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Byte offset of the damaged part.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
    /// A record is damaged: bad magic, bad checksum, or a frame that does not decode.
    #[error("{path}: corrupt record at byte {offset}: {reason}; open it with skip_corrupt to skip it")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Byte offset of the record.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
    /// A record declares a frame larger than the reader's limits.
    #[error("{path}: record at byte {offset} holds a {len}-byte frame, above the limit of {limit} bytes: raise the reader's max_frame_len to read it, or open it with skip_corrupt to skip it")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Byte offset of the record.
        offset: u64,
        /// Declared frame length.
        len: u64,
        /// The configured limit.
        limit: u64,
    },
    /// A record the index points to is missing or is not the event the index names.
    #[error("{path}: index entry {entry} points to byte {offset}, but {reason}; read the file sequentially instead, or run `evflow info` on it")]
    BadIndex {
        /// The file.
        path: PathBuf,
        /// Position of the entry in the index.
        entry: usize,
        /// Byte offset the entry points to.
        offset: u64,
        /// What was found there.
        reason: String,
    },
    /// `read_at` was asked for an event the file does not have.
    #[error("{path}: event index {index} is out of range: the file has {len} events")]
    OutOfRange {
        /// The file.
        path: PathBuf,
        /// The index asked for.
        index: usize,
        /// Events in the file.
        len: usize,
    },
    /// Writer options that cannot be used.
    #[error("{path}: cannot write: {reason}")]
    InvalidOptions {
        /// The file.
        path: PathBuf,
        /// What is wrong with the options.
        reason: String,
    },
    /// An event's frame is larger than any reader accepts by default; nothing was written.
    #[error("{path}: run {run} event {event} makes a frame of {len} bytes, more than readers accept ({limit}); it was not written")]
    FrameTooLarge {
        /// The `.part` file being written.
        path: PathBuf,
        /// The event's run.
        run: u32,
        /// The event's number.
        event: u64,
        /// The frame's size.
        len: u64,
        /// The largest frame readers accept by default.
        limit: u64,
    },
    /// An earlier write failed, so the writer refuses to go on.
    #[error("{path}: an earlier write failed ({cause}); the file holds the records written before it, and nothing more can be written")]
    WriterFailed {
        /// The `.part` file being written.
        path: PathBuf,
        /// The first error.
        cause: String,
    },
}

/// Where and why a reader stopped before the clean end of a file (index and trailer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopped {
    /// Byte offset of the structure that is incomplete or missing.
    pub offset: u64,
    /// Why reading stopped there, e.g. "record header is cut short: file ends at byte 12360".
    pub reason: String,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "reading stopped at byte {}: {}", self.offset, self.reason)
    }
}

/// A damaged record that a reader with `skip_corrupt` passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedRecord {
    /// Byte offset of the damaged record (or of the damaged file header).
    pub offset: u64,
    /// What was wrong with it.
    pub reason: String,
}

impl fmt::Display for SkippedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "skipped byte {}: {}", self.offset, self.reason)
    }
}
