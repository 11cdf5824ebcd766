//! `evflow keys new`: CURVE key pairs as ZeroMQ certificates (docs/security.md, "Keys").

use crate::errors::ConfigError;
use pyo3::prelude::*;
use std::path::PathBuf;

/// Writes a new key pair as `dir/NAME.key` and `dir/NAME.key_secret` (mode 0600); returns
/// the two paths. An existing file of either name is a `ConfigError`, and stays as it was.
#[pyfunction]
pub fn curve_keys_new(name: &str, dir: PathBuf) -> PyResult<(String, String)> {
    let (public, secret) = evflow_transport::curve::write_certificates(&dir, name).map_err(ConfigError::new_err)?;
    Ok((public.display().to_string(), secret.display().to_string()))
}

/// The Z85 public key and (for a secret certificate, whose mode must be 0600) secret key of
/// certificate `path`.
#[pyfunction]
pub fn curve_key_read(path: PathBuf, secret: bool) -> PyResult<(String, Option<String>)> {
    use evflow_transport::curve::{read_certificate, read_secret, z85};
    if secret {
        let pair = read_secret(&path).map_err(ConfigError::new_err)?;
        return Ok((z85(&pair.public), Some(z85(&pair.secret))));
    }
    let (public, _) = read_certificate(&path).map_err(ConfigError::new_err)?;
    Ok((z85(&public), None))
}

/// Registers the functions on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(curve_keys_new, m)?)?;
    m.add_function(wrap_pyfunction!(curve_key_read, m)?)?;
    Ok(())
}
