//! Owned byte buffers aligned to [`ALIGN`] bytes, so payloads inside them can be mapped as
//! arrays of any element type.

use bytes::Bytes;
use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;

/// Alignment of frames in memory and of payloads inside a frame.
pub const ALIGN: usize = 64;

/// A zero-initialized, [`ALIGN`]-aligned heap buffer.
pub struct AlignedBuf {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: the buffer owns its allocation exclusively, like a Vec<u8>.
unsafe impl Send for AlignedBuf {}
// SAFETY: shared access only hands out &[u8].
unsafe impl Sync for AlignedBuf {}

impl AlignedBuf {
    /// Allocates `len` zero bytes.
    pub fn zeroed(len: usize) -> AlignedBuf {
        if len == 0 {
            return AlignedBuf { ptr: NonNull::<[u8; ALIGN]>::dangling().cast(), len };
        }
        let layout = Self::layout(len);
        // SAFETY: layout has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) };
        let ptr = NonNull::new(raw).unwrap_or_else(|| std::alloc::handle_alloc_error(layout));
        AlignedBuf { ptr, len }
    }

    fn layout(len: usize) -> Layout {
        Layout::from_size_align(len, ALIGN).expect("buffer size overflows isize")
    }

    /// The buffer's bytes, writable.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: ptr is valid for len initialized bytes and uniquely borrowed.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }

    /// Freezes the buffer into shared, cheaply clonable [`Bytes`].
    pub fn freeze(self) -> Bytes {
        Bytes::from_owner(self)
    }
}

impl AsRef<[u8]> for AlignedBuf {
    fn as_ref(&self) -> &[u8] {
        // SAFETY: ptr is valid for len initialized bytes.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for AlignedBuf {
    fn drop(&mut self) {
        if self.len != 0 {
            // SAFETY: allocated in `zeroed` with the same layout.
            unsafe { dealloc(self.ptr.as_ptr(), Self::layout(self.len)) }
        }
    }
}

/// Rounds `n` up to a multiple of [`ALIGN`], or `None` on overflow.
pub fn align_up(n: usize) -> Option<usize> {
    n.checked_add(ALIGN - 1).map(|v| v & !(ALIGN - 1))
}

/// Copies `data` into a new aligned buffer.
pub fn aligned_copy(data: &[u8]) -> Bytes {
    if data.is_empty() {
        return AlignedBuf::zeroed(0).freeze();
    }
    let layout = AlignedBuf::layout(data.len());
    // SAFETY: layout has a non-zero size. The allocation is not zeroed: every byte is written
    // by the copy before the buffer is used (a zeroing pass would cost as much as the copy).
    let raw = unsafe { std::alloc::alloc(layout) };
    let ptr = NonNull::new(raw).unwrap_or_else(|| std::alloc::handle_alloc_error(layout));
    // SAFETY: `ptr` is valid for `data.len()` bytes and does not overlap `data`.
    unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr.as_ptr(), data.len()) };
    AlignedBuf { ptr, len: data.len() }.freeze()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_are_aligned_and_zeroed() {
        for len in [0, 1, 63, 64, 4097] {
            let b = AlignedBuf::zeroed(len).freeze();
            assert_eq!(b.len(), len);
            assert!(b.iter().all(|&x| x == 0));
            if len > 0 {
                assert_eq!(b.as_ptr() as usize % ALIGN, 0);
            }
        }
        assert_eq!(align_up(65), Some(128));
        assert_eq!(align_up(usize::MAX), None);
    }
}
