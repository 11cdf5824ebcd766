//! A global allocator that remembers the largest single allocation of each thread, so
//! "never allocates more than the input allows" is an assertion. Included by the test
//! crates that need it with `#[path = "common/largest_allocation.rs"] mod largest_allocation;`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct TrackingAlloc;

thread_local! {
    static LARGEST_ALLOC: Cell<usize> = const { Cell::new(0) };
}

fn note_alloc(size: usize) {
    // try_with: the allocator also runs while thread-locals are being torn down.
    let _ = LARGEST_ALLOC.try_with(|l| l.set(l.get().max(size)));
}

// SAFETY: forwards every call to the system allocator unchanged.
unsafe impl GlobalAlloc for TrackingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_alloc(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_alloc(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_alloc(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: TrackingAlloc = TrackingAlloc;

/// Runs `f` and returns its result with the largest single allocation it made on this thread.
pub fn largest_allocation_in<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LARGEST_ALLOC.with(|l| l.set(0));
    let out = f();
    (out, LARGEST_ALLOC.with(Cell::get))
}
