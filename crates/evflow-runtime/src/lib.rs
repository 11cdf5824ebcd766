//! evflow runtime.
