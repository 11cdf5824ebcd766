//! Built-in Rust modules: they run without the Python interpreter.
//!
//! | module             | kind   | what it does                                          |
//! |--------------------|--------|-------------------------------------------------------|
//! | [`EventGenerator`] | source | synthetic events with random entries                  |
//! | [`FileInput`]      | source | events from `.evf` files, in order                    |
//! | [`FileOutput`]     | module | writes every event that reaches it to an `.evf` file  |
//! | [`Progress`]       | module | a progress bar (or plain lines) on stderr             |
//!
//! Every module takes a config struct, built by an explicit constructor and checked when
//! the module is made: a wrong option is a [`ConfigError`] that names it and says what is
//! allowed. [`EventRng`] gives the per-event random numbers.

pub mod config;
pub mod file_input;
pub mod file_output;
pub mod funnel;
pub mod generator;
pub mod journal;
pub mod merger;
pub mod plugin;
pub mod progress;
pub mod rng;
pub mod tee;

pub use config::ConfigError;
pub use file_input::{FileInput, FileInputConfig};
pub use file_output::{FileOutput, FileOutputConfig};
pub use funnel::{FunnelInput, FunnelSource, FunnelTable};
pub use generator::{EntrySpec, EventGenerator, GeneratorConfig, RunSpec, SizeDist, ValueDist};
pub use merger::{MergeInput, MergeSource, MergeTable};
pub use plugin::{Param, Plugin};
pub use progress::{Progress, ProgressConfig, ProgressStyle};
pub use rng::EventRng;
pub use tee::{TeeSource, TeeStep, TeeTable};
