//! Where the bytes of new large entries go: a process that sends events over shared memory
//! installs its segment here, so an entry made from an array is copied straight into a block
//! that moves by handle (docs/parallel.md, "Large entries travel beside the frame").

use crate::aligned::aligned_copy;
use crate::entry::Home;
use crate::wire::EXTERNAL_MIN;
use bytes::Bytes;
use std::sync::{Arc, PoisonError, RwLock};

/// A place that takes copies of large entries' bytes.
pub trait Homes: Send + Sync {
    /// `data` copied into a home, or `None` when there is no room for it now.
    fn copy(&self, data: &[u8]) -> Option<(Bytes, Home)>;
}

static HOMES: RwLock<Option<Arc<dyn Homes>>> = RwLock::new(None);

/// Sets (or, with `None`, removes) this process's home for new large entries.
pub fn set_homes(homes: Option<Arc<dyn Homes>>) {
    *HOMES.write().unwrap_or_else(PoisonError::into_inner) = homes;
}

/// A copy of `data` for a new entry: in this process's home when it has one and `data` is
/// at least [`EXTERNAL_MIN`] bytes, otherwise in a new 64-byte-aligned buffer.
pub fn copy_in(data: &[u8]) -> (Bytes, Option<Home>) {
    if data.len() >= EXTERNAL_MIN {
        let homes = HOMES.read().unwrap_or_else(PoisonError::into_inner).clone();
        if let Some((bytes, home)) = homes.and_then(|h| h.copy(data)) {
            return (bytes, Some(home));
        }
    }
    (aligned_copy(data), None)
}
