//! The `.evf` file format: a file header with JSON metadata, one record per event (a frame
//! of the wire format, optionally compressed), and on close an index and a trailer for
//! random access. `docs/formats.md` ("File format") is the specification; [`layout`] draws
//! the bytes.
//!
//! Guarantees:
//! - a file under its final name is intact: the writer works on `.<name>.part` and renames
//!   it on [`FileWriter::close`]; its closing record says whether the job that wrote it
//!   finished ([`FileReader::completion`]);
//! - a file cut at any byte (a crashed writer, a copy cut short) reads up to its last
//!   complete record, and [`FileReader::stopped`] says where and why reading ended;
//! - damage is found by checksums (every header, every record's stored bytes), reported as
//!   [`FileError`] naming the file and byte offset, or skipped with
//!   [`ReaderOptions::skip_corrupt`]; no input makes the reader panic or allocate more
//!   than the file size and [`crate::wire::DecodeLimits`] allow.
//!
//! ```
//! use evflow_core::file::{Compression, FileReader, FileWriter, ReaderOptions, WriterOptions};
//! use evflow_core::{Entry, Event};
//! use bytes::Bytes;
//!
//! let dir = std::env::temp_dir().join(format!("evflow-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("run1.evf");
//! let opts = WriterOptions { compression: Compression::zstd(), ..Default::default() };
//! let mut writer = FileWriter::create(&path, opts).unwrap();
//! for n in 0..3 {
//!     let mut event = Event::new(1, n);
//!     event.put("adc", Entry::new("<u2", vec![2], Bytes::from_static(&[1, 0, 2, 0])).unwrap()).unwrap();
//!     writer.write(&event).unwrap();
//! }
//! writer.close().unwrap();
//!
//! let mut reader = FileReader::open(&path, ReaderOptions::default()).unwrap();
//! assert_eq!(reader.len(), 3);
//! assert_eq!(reader.read_at(reader.find(1, 2).unwrap()).unwrap().meta.event, 2);
//! let events: Vec<Event> = reader.by_ref().collect::<Result<_, _>>().unwrap();
//! assert_eq!(events.len(), 3);
//! assert!(reader.stopped().is_none());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod closing;
mod codec;
mod error;
mod index;
pub mod layout;
mod made;
mod pool;
mod progress;
mod reader;
mod record;
mod resume;
mod verify;
mod writer;

pub use closing::Completion;
pub use codec::{zstd_levels, Compression};
pub use error::{FileError, SkippedRecord, Stopped};
pub use layout::IndexEntry;
pub use made::{Made, RecordMaker, StoredRecord, DESCRIPTION_LEN};
pub use progress::{accounted_record, resumed_record, Progress};
pub use reader::{FileReader, IndexStatus, ReaderOptions};
pub use resume::{recover, Recovery, Resumed};
pub use verify::{verify, CutTail, EntryStats, Integrity, IntegrityReport};
pub use writer::{
    is_part_path, part_path, FileWriter, WriterOptions, MAX_BUFFER_AGE, PART_SUFFIX, WRITER_METADATA_KEYS,
};
