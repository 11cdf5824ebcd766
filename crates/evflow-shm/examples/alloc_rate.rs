//! Allocations and frees per second of 64-byte blocks (docs/shm.md, section 3), printed as a
//! table: one process freeing each block at once, one holding a window of blocks in flight,
//! and two processes doing the latter at the same time.
//!
//! ```text
//! cargo run -p evflow-shm --release --example alloc_rate [-- <millions of blocks>]
//! ```

use evflow_shm::{Attached, Segment, SegmentConfig};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

/// Allocates, writes and drops `n` blocks of 64 bytes, keeping the last `window` alive;
/// returns blocks per second.
fn run(me: &Attached, n: usize, window: usize) -> f64 {
    let mut held = VecDeque::with_capacity(window + 1);
    let start = Instant::now();
    for i in 0..n {
        let mut block = me.try_alloc(64).expect("a 256 MiB segment holds the window");
        block.as_mut_slice()[0] = i as u8;
        held.push_back(block.freeze());
        if held.len() > window {
            held.pop_front();
        }
    }
    drop(held);
    n as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let millions: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let n = millions * 1_000_000;
    let session = format!("alloc-rate-{}", std::process::id());
    let config = SegmentConfig { size: 256 << 20, remove_when_unused: false, ..SegmentConfig::new(session) };
    let segment = Arc::new(Segment::create(&config).expect("create the segment"));
    let me = segment.attach().expect("attach");
    println!("| case | blocks | alloc+free per second |");
    println!("| --- | --- | --- |");
    for (case, window) in [("one process, freed at once", 0), ("one process, 1000 in flight", 1000)] {
        run(&me, n / 10, window);
        println!("| {case} | {n} | {:.2} M |", run(&me, n, window) / 1e6);
    }
    // Two processes at once: each reports its own rate through its exit... pipe.
    let mut fds = [0; 2];
    // SAFETY: a valid array for the two descriptors.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: the child only runs the benchmark on its own slot and `_exit`s.
    let child = unsafe { libc::fork() };
    if child == 0 {
        let mine = segment.attach().expect("attach");
        let rate = run(&mine, n, 1000);
        drop(mine);
        let bytes = rate.to_le_bytes();
        // SAFETY: writes 8 bytes from a valid buffer to our pipe, then ends the child.
        unsafe {
            libc::write(fds[1], bytes.as_ptr().cast(), 8);
            libc::_exit(0);
        }
    }
    let parent_rate = run(&me, n, 1000);
    let mut bytes = [0u8; 8];
    // SAFETY: reads 8 bytes into a valid buffer; waits for our own child.
    unsafe {
        libc::read(fds[0], bytes.as_mut_ptr().cast(), 8);
        libc::waitpid(child, std::ptr::null_mut(), 0);
    }
    let child_rate = f64::from_le_bytes(bytes);
    println!(
        "| two processes, 1000 in flight each | {n} each | {:.2} M + {:.2} M |",
        parent_rate / 1e6,
        child_rate / 1e6
    );
    let _ = segment.remove();
}
