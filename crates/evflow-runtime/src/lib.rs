//! evflow runtime: the module and source traits, paths, the stage every executor runs its
//! modules through, the sequential executor, the engine of jobs of several processes, job statistics and the
//! built-in Rust modules.
//!
//! ```
//! use evflow_runtime::module::{Decision, HookResult, Module, Source};
//! use evflow_runtime::job::{Path, ProcessOptions};
//! use evflow_runtime::sequential::process;
//! use evflow_core::Event;
//!
//! struct Count(u64);
//! impl Source for Count {
//!     fn name(&self) -> &str { "Count" }
//!     fn next_event(&mut self) -> HookResult<Option<Event>> {
//!         self.0 += 1;
//!         Ok((self.0 <= 3).then(|| Event::new(1, self.0)))
//!     }
//! }
//! struct OddOnly;
//! impl Module for OddOnly {
//!     fn name(&self) -> &str { "OddOnly" }
//!     fn event(&mut self, e: &mut Event) -> HookResult<Decision> {
//!         Ok(if e.meta.event % 2 == 1 { Decision::Keep } else { Decision::Reject })
//!     }
//! }
//! let mut path = Path { source: Box::new(Count(0)), modules: vec![Box::new(OddOnly)] };
//! let outcome = process(&mut path, &ProcessOptions::default(), &mut || Ok(()));
//! assert_eq!((outcome.report.accepted, outcome.report.rejected), (2, 1));
//! ```
#![warn(missing_docs)]

pub mod control;
pub mod engine;
pub mod job;
pub mod live;
pub mod log;
pub mod module;
pub mod modules;
pub mod part_files;
pub mod report;
pub mod resume;
pub mod sequential;
pub mod stage;
pub mod topology;
