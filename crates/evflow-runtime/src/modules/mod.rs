//! Built-in Rust modules.
