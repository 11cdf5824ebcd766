//! Where the bytes of new large entries go: a process that sends events over shared memory
//! installs its segment here, so an entry made from an array is copied (or written in place,
//! [`allocate`]) straight into a block that moves by handle (docs/parallel.md, "Large entries
//! travel beside the frame").

use crate::aligned::{aligned_copy, AlignedBuf};
use crate::entry::Home;
use crate::wire::EXTERNAL_MIN;
use bytes::Bytes;
use std::sync::{Arc, PoisonError, RwLock};

/// A place that gives room for large entries' bytes.
pub trait Homes: Send + Sync {
    /// Room for `len` bytes in a home, or `None` when there is none now.
    fn allocate(&self, len: usize) -> Option<Box<dyn HomeBlock>>;
}

/// Room in a home, writable until it is frozen into an entry's bytes; dropped unfrozen, the
/// room goes back to the home.
pub trait HomeBlock: Send {
    /// The bytes, writable.
    fn as_mut_slice(&mut self) -> &mut [u8];
    /// The bytes for an entry, and what keeps them in their home.
    fn freeze(self: Box<Self>) -> (Bytes, Home);
}

static HOMES: RwLock<Option<Arc<dyn Homes>>> = RwLock::new(None);

/// Sets (or, with `None`, removes) this process's home for new large entries.
pub fn set_homes(homes: Option<Arc<dyn Homes>>) {
    *HOMES.write().unwrap_or_else(PoisonError::into_inner) = homes;
}

/// The bytes of a new entry, to be written before the entry is made.
pub enum Fresh {
    /// A buffer of this process, aligned to [`HEAP_ALIGN`] bytes at least.
    Heap(Vec<u8>),
    /// A 64-byte-aligned buffer of this process, where the allocator gave less than that.
    Aligned(AlignedBuf),
    /// Room in this process's home.
    Homed(Box<dyn HomeBlock>),
}

impl Fresh {
    /// The bytes, writable (zero in a heap buffer; anything in a home).
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        match self {
            Fresh::Heap(vec) => vec.as_mut_slice(),
            Fresh::Aligned(buf) => buf.as_mut_slice(),
            Fresh::Homed(block) => block.as_mut_slice(),
        }
    }

    /// The entry's bytes and their home, if they have one.
    pub fn freeze(self) -> (Bytes, Option<Home>) {
        match self {
            // A Vec whose length is its capacity becomes Bytes without a copy or an allocation.
            Fresh::Heap(vec) => (Bytes::from(vec), None),
            Fresh::Aligned(buf) => (buf.freeze(), None),
            Fresh::Homed(block) => {
                let (bytes, home) = block.freeze();
                (bytes, Some(home))
            }
        }
    }
}

/// The least alignment of the heap buffers [`allocate`] gives: that of every numpy element
/// type (complex128).
pub const HEAP_ALIGN: usize = 16;

/// Room for a new entry of `len` bytes, zeroed: in this process's home when it has one and
/// `len` is at least [`EXTERNAL_MIN`], otherwise in a new buffer aligned to [`HEAP_ALIGN`].
pub fn allocate(len: usize) -> Fresh {
    if let Some(block) = home_block(len) {
        return Fresh::Homed(block);
    }
    // One allocation, as an entry made from a Vec (glibc's malloc aligns to 16 on 64-bit).
    let vec = if len < EXTERNAL_MIN {
        // malloc and zeroing cost less than calloc for small sizes, which it zeroes as well
        // (docs/benchmarks.md, section 13: 100 instructions of a plugin's put).
        #[expect(clippy::slow_vector_initialization, reason = "measured faster than calloc below EXTERNAL_MIN")]
        let mut vec = Vec::with_capacity(len);
        vec.resize(len, 0);
        vec
    } else {
        vec![0u8; len]
    };
    if (vec.as_ptr() as usize).is_multiple_of(HEAP_ALIGN) {
        Fresh::Heap(vec)
    } else {
        Fresh::Aligned(AlignedBuf::zeroed(len))
    }
}

/// A copy of `data` for a new entry, where [`allocate`] puts it (a heap copy is not zeroed
/// first).
pub fn copy_in(data: &[u8]) -> (Bytes, Option<Home>) {
    match home_block(data.len()) {
        Some(mut block) => {
            block.as_mut_slice().copy_from_slice(data);
            let (bytes, home) = block.freeze();
            (bytes, Some(home))
        }
        None => (aligned_copy(data), None),
    }
}

fn home_block(len: usize) -> Option<Box<dyn HomeBlock>> {
    if len < EXTERNAL_MIN {
        return None;
    }
    let homes = HOMES.read().unwrap_or_else(PoisonError::into_inner).clone();
    homes.and_then(|h| h.allocate(len))
}
