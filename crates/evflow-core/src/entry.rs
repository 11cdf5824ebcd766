//! Data store entries: typed, C-contiguous, little-endian n-dimensional arrays.

use crate::dtype::{DType, DTypeError};
use bytes::Bytes;
use std::any::Any;
use std::sync::Arc;
use thiserror::Error;

/// The most dimensions an entry may have (numpy's own limit).
pub const MAX_NDIM: usize = 64;
/// The longest entry name, in bytes of UTF-8.
pub const MAX_NAME_LEN: usize = 1024;
/// The most entries one event may hold (also the decoder's default limit).
pub const MAX_ENTRIES: usize = 1 << 16;

/// Why an entry could not be made.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// The dtype string is not one an entry can carry.
    #[error(transparent)]
    DType(#[from] DTypeError),
    /// The shape has more than [`MAX_NDIM`] dimensions.
    #[error("shape has {0} dimensions; at most {MAX_NDIM} are allowed")]
    TooManyDims(usize),
    /// The byte count does not match shape times itemsize.
    #[error("dtype {dtype} with shape {shape:?} needs {expected} bytes, got {actual}")]
    SizeMismatch {
        /// The entry's dtype.
        dtype: String,
        /// The entry's shape.
        shape: Vec<u64>,
        /// Shape product times itemsize, in words ("more than numpy can address" when the
        /// array could not be viewed in numpy).
        expected: String,
        /// Bytes given.
        actual: usize,
    },
    /// The event already holds [`MAX_ENTRIES`] entries.
    #[error("an event holds at most {MAX_ENTRIES} entries")]
    TooManyEntries,
    /// The name is empty or longer than [`MAX_NAME_LEN`].
    #[error("entry name must be 1 to {MAX_NAME_LEN} bytes, got {0}")]
    BadName(usize),
}

/// The owner of an entry's bytes when they lie where a transport can move them without a
/// copy (a block of a shared-memory segment); the transport recognizes its own type.
pub type Home = Arc<dyn Any + Send + Sync>;

/// One named array of the data store. Immutable once made; cloning shares the bytes.
#[derive(Clone)]
pub struct Entry {
    dtype: String,
    shape: Vec<u64>,
    data: Bytes,
    home: Option<Home>,
}

impl PartialEq for Entry {
    /// Equal type, shape and bytes (wherever the bytes live).
    fn eq(&self, other: &Entry) -> bool {
        self.dtype == other.dtype && self.shape == other.shape && self.data == other.data
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("dtype", &self.dtype)
            .field("shape", &self.shape)
            .field("data", &self.data)
            .field("homed", &self.home.is_some())
            .finish()
    }
}

impl Entry {
    /// Makes an entry, checking that `data` holds exactly `shape` elements of `dtype`.
    pub fn new(dtype: impl Into<String>, shape: Vec<u64>, data: Bytes) -> Result<Entry, EntryError> {
        let dtype = dtype.into();
        let parsed = DType::parse(&dtype)?;
        Entry::with_dtype(dtype, &parsed, shape, data)
    }

    /// [`Entry::new`] for a dtype parsed already (`parsed` is `DType::parse(&dtype)`): a
    /// caller that makes many entries of a few dtypes parses each once.
    pub fn with_dtype(dtype: String, parsed: &DType, shape: Vec<u64>, data: Bytes) -> Result<Entry, EntryError> {
        check_size(&dtype, &shape, parsed.itemsize(), data.len())?;
        Ok(Entry { dtype, shape, data, home: None })
    }

    /// Puts `data` in place of the entry's bytes, as many of them (the dtype and shape stay);
    /// the entry has no home after it.
    pub fn set_data(&mut self, data: Bytes) -> Result<(), EntryError> {
        if data.len() != self.data.len() {
            return Err(EntryError::SizeMismatch {
                dtype: self.dtype.clone(),
                shape: self.shape.clone(),
                expected: self.data.len().to_string(),
                actual: data.len(),
            });
        }
        self.data = data;
        self.home = None;
        Ok(())
    }

    /// The same entry, its bytes owned by `home` (which must keep `data` alive).
    pub fn with_home(self, home: Option<Home>) -> Entry {
        Entry { home, ..self }
    }

    /// A one-dimensional `|u1` entry over raw bytes (blobs, raw detector data).
    pub fn bytes(data: Bytes) -> Entry {
        let shape = vec![data.len() as u64];
        Entry { dtype: "|u1".to_string(), shape, data, home: None }
    }

    /// Makes an entry whose dtype and size the caller has already checked (the decoder).
    pub(crate) fn from_checked(dtype: String, shape: Vec<u64>, data: Bytes, home: Option<Home>) -> Entry {
        Entry { dtype, shape, data, home }
    }

    /// numpy dtype string.
    pub fn dtype(&self) -> &str {
        &self.dtype
    }

    /// Array shape.
    pub fn shape(&self) -> &[u64] {
        &self.shape
    }

    /// The array's bytes (C order, little-endian).
    pub fn data(&self) -> &Bytes {
        &self.data
    }

    /// The owner of the bytes, when a transport may move them by handle.
    pub fn home(&self) -> Option<&Home> {
        self.home.as_ref()
    }

    /// Number of bytes.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the array holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// Checks that `actual` bytes are `shape` elements of `itemsize` bytes.
pub(crate) fn check_size(dtype: &str, shape: &[u64], itemsize: usize, actual: usize) -> Result<(), EntryError> {
    if shape.len() > MAX_NDIM {
        return Err(EntryError::TooManyDims(shape.len()));
    }
    // numpy's rule: every dimension, and the bytes of the non-zero dimensions, fit a signed
    // 64-bit integer, so an array numpy cannot view is refused here rather than there.
    let numpy_max = i64::MAX as u64;
    let viewable = shape.iter().all(|&d| d <= numpy_max)
        && shape
            .iter()
            .filter(|&&d| d != 0)
            .try_fold(itemsize as u64, |acc, &d| acc.checked_mul(d))
            .is_some_and(|bytes| bytes <= numpy_max);
    let elements = shape.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d));
    let expected = elements.and_then(|n| n.checked_mul(itemsize as u64)).filter(|_| viewable);
    if expected != Some(actual as u64) {
        return Err(EntryError::SizeMismatch {
            dtype: dtype.to_string(),
            shape: shape.to_vec(),
            expected: expected.map_or("more than numpy can address (2^63 - 1)".to_string(), |e| e.to_string()),
            actual,
        });
    }
    Ok(())
}

/// Checks an entry name.
pub fn check_name(name: &str) -> Result<(), EntryError> {
    if name.is_empty() || name.len() > MAX_NAME_LEN {
        return Err(EntryError::BadName(name.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_must_match_shape_and_dtype() {
        assert!(Entry::new("<f8", vec![2, 3], Bytes::from(vec![0u8; 48])).is_ok());
        let err = Entry::new("<f8", vec![2, 3], Bytes::from(vec![0u8; 47])).unwrap_err();
        assert!(err.to_string().contains("needs 48 bytes, got 47"), "{err}");
        assert!(Entry::new("<f8", vec![u64::MAX, 2], Bytes::new()).is_err());
        // Zero elements, but dimensions numpy cannot represent.
        assert!(Entry::new("<f8", vec![0, u64::MAX], Bytes::new()).is_err());
        assert!(Entry::new("<f8", vec![0, 1 << 62, 4], Bytes::new()).is_err());
        assert!(Entry::new("<f8", vec![0, 1 << 40], Bytes::new()).is_ok());
    }
}
