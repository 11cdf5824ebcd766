//! evflow core: the event data model, the wire format (one event = one frame) and the
//! `.evf` file format. This crate knows nothing of processes or transports.
//!
//! ```
//! use evflow_core::{wire, Entry, Event};
//! use bytes::Bytes;
//!
//! let mut event = Event::new(1, 42);
//! event.put("adc", Entry::new("<u2", vec![2], Bytes::from_static(&[1, 0, 2, 0])).unwrap()).unwrap();
//! let frame = wire::encode(&event, wire::EncodeOptions { crc: true });
//! let back = wire::decode(&frame, &wire::DecodeOptions::default()).unwrap();
//! assert_eq!(back.get("adc").unwrap().shape(), &[2]);
//! ```
#![warn(missing_docs)]

pub mod aligned;
pub mod dtype;
pub mod entry;
pub mod event;
pub mod file;
pub mod home;
mod le;
pub mod wire;

pub use entry::{Entry, EntryError};
pub use event::{Event, EventMeta, Flags};
