//! The error every built-in module's configuration gives when an option is wrong.

use crate::module::ModuleError;
use thiserror::Error;

/// An option of a built-in module has a value that is not allowed.
///
/// Reads as `EventGenerator: option entries[0].dtype = "<f2" is not allowed: use one of
/// "<f4", "<f8", ...`.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{module}: option {option} = {value} is not allowed: {allowed}")]
pub struct ConfigError {
    /// The module whose option is wrong.
    pub module: &'static str,
    /// The option, with its position for options inside lists (`entries[2].size`).
    pub option: String,
    /// The value given, as debug-printed.
    pub value: String,
    /// What is allowed instead.
    pub allowed: String,
}

impl ConfigError {
    /// An error for option `option` of `module`, given `value`, that allows `allowed`.
    pub fn new(
        module: &'static str,
        option: impl Into<String>,
        value: impl std::fmt::Debug,
        allowed: impl Into<String>,
    ) -> ConfigError {
        ConfigError { module, option: option.into(), value: format!("{value:?}"), allowed: allowed.into() }
    }
}

impl From<ConfigError> for ModuleError {
    fn from(error: ConfigError) -> ModuleError {
        ModuleError::wrap(error.to_string(), error)
    }
}
