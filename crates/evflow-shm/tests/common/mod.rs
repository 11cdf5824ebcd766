//! Helpers of the allocator and reclaimer tests: fresh segments, forked children that are
//! killed and reaped whatever happens, waits that always have a deadline.
//!
//! Children are forked from the test process: they inherit the segment's shared mapping,
//! attach on their own (the copies of the parent's `Attached` and blocks they inherit release
//! nothing), end with `_exit` and say what went wrong by their exit code.
#![allow(dead_code)]

use evflow_shm::alloc::entry;
use evflow_shm::block::BlockHeader;
use evflow_shm::layout::PAGE_LEN;
use evflow_shm::{Segment, SegmentConfig};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A deadline no healthy test comes near; only a hung peer reaches it.
pub const LONG: Duration = Duration::from_secs(20);

pub fn deadline() -> Option<Instant> {
    Some(Instant::now() + LONG)
}

/// A fresh segment, removed when the test ends, passed or failed.
pub struct Session {
    pub segment: Arc<Segment>,
}

impl Session {
    pub fn new(tag: &str, size: usize) -> Session {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let session = format!("test-{tag}-{}-{nanos}", std::process::id());
        let config = SegmentConfig { session, size, ring_capacity: 64, remove_when_unused: false };
        Session { segment: Arc::new(Segment::create(&config).unwrap()) }
    }

    /// Pages of the heap that are neither free nor in a cached block.
    pub fn pages_in_use(&self) -> usize {
        self.segment.pages_used()
    }

    /// Page-map entries that are neither free nor part of a whole block (HEAD or BODY; a cached
    /// block is a HEAD too): an allocation or a free in flight.
    pub fn pages_in_flight(&self) -> usize {
        let whole = |e: u32| e == entry::FREE || e == entry::HEAD || e == entry::BODY;
        self.segment.page_map().iter().filter(|e| !whole(e.load(Ordering::Relaxed))).count()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.segment.remove();
    }
}

/// How a child ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

/// A forked child, killed and reaped on drop if the test did not reap it.
pub struct Child {
    pub pid: libc::pid_t,
    reaped: bool,
}

/// Runs `body` in a forked child, which exits with the code it returns (101 if it panics).
pub fn fork(body: impl FnOnce() -> i32) -> Child {
    // SAFETY: the child runs `body` and `_exit`s, never returning into the test harness.
    match unsafe { libc::fork() } {
        -1 => panic!("fork: {}", std::io::Error::last_os_error()),
        0 => {
            // SAFETY: prctl with these arguments only sets this process's parent-death signal.
            unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
            let code = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or(101);
            // SAFETY: ends the child without running the harness's exit path.
            unsafe { libc::_exit(code) }
        }
        pid => Child { pid, reaped: false },
    }
}

impl Child {
    /// Waits for the child to end by itself, at most [`LONG`]; kills it and fails past that.
    pub fn wait(mut self) -> Exit {
        if !self.ends_within(LONG) {
            let pid = self.pid;
            let killed = self.kill();
            panic!("child {pid} did not end within {LONG:?} (killed: {killed:?})");
        }
        self.reap()
    }

    /// SIGKILLs the child and reaps it: once this returns, the process is gone (not a zombie
    /// that still looks alive in /proc).
    pub fn kill(mut self) -> Exit {
        // SAFETY: our own, not yet reaped child.
        unsafe { libc::kill(self.pid, libc::SIGKILL) };
        self.reap()
    }

    fn reap(&mut self) -> Exit {
        let mut status = 0;
        // SAFETY: our own child; status is a valid out-pointer.
        let rc = unsafe { libc::waitpid(self.pid, &mut status, 0) };
        assert_eq!(rc, self.pid, "waitpid: {}", std::io::Error::last_os_error());
        self.reaped = true;
        if libc::WIFSIGNALED(status) {
            Exit::Signal(libc::WTERMSIG(status))
        } else {
            Exit::Code(libc::WEXITSTATUS(status))
        }
    }

    /// Whether the child ends within `timeout`: a poll on its pidfd, no sleep loop.
    fn ends_within(&self, timeout: Duration) -> bool {
        // SAFETY: pidfd_open on our own child; the result is checked.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, self.pid, 0) } as libc::c_int;
        assert!(fd >= 0, "pidfd_open: {}", std::io::Error::last_os_error());
        let until = Instant::now() + timeout;
        let ended = loop {
            let left = until.saturating_duration_since(Instant::now());
            let mut poll = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
            // SAFETY: one valid pollfd.
            let rc = unsafe { libc::poll(&mut poll, 1, left.as_millis().min(i32::MAX as u128) as libc::c_int) };
            if rc >= 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                break rc > 0;
            }
        };
        // SAFETY: our own descriptor.
        unsafe { libc::close(fd) };
        ended
    }

    /// The child's scheduler state (`S`: asleep in the kernel).
    pub fn state(&self) -> String {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid)).unwrap_or_default();
        stat.rfind(')').and_then(|i| stat[i + 1..].split_whitespace().next()).unwrap_or("?").to_string()
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if !self.reaped {
            // SAFETY: our own, not yet reaped child.
            unsafe {
                libc::kill(self.pid, libc::SIGKILL);
                libc::waitpid(self.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// Waits (spinning, with a deadline) until `condition` holds.
pub fn wait_until(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + LONG;
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::yield_now();
    }
}

/// A tiny xorshift generator; seeds are printed so that a failing run can be replayed.
pub struct Random(pub u64);

impl Random {
    pub fn from_clock(what: &str) -> Random {
        let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1;
        eprintln!("{what}: seed {seed}");
        Random(seed)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A block size: mostly small messages, now and then many pages.
    pub fn size(&mut self) -> usize {
        match self.below(10) {
            0..=5 => self.below(200) as usize,
            6..=8 => self.below(20_000) as usize,
            _ => self.below(300_000) as usize,
        }
    }
}

/// The pattern byte `i` of block `seq` of process slot `slot` holds.
pub fn pattern(slot: usize, seq: u64, i: usize) -> u8 {
    (seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as u8 ^ (slot as u8).wrapping_mul(31) ^ (i as u8)
}

pub fn fill(bytes: &mut [u8], slot: usize, seq: u64) {
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = pattern(slot, seq, i);
    }
}

pub fn holds(bytes: &[u8], slot: usize, seq: u64) -> bool {
    bytes.iter().enumerate().all(|(i, &b)| b == pattern(slot, seq, i))
}

/// `(page, holders)` of every held block in the heap (cached blocks, holding none, left out).
pub fn heads(segment: &Segment) -> Vec<(usize, u64)> {
    let base = segment.header() as *const _ as *const u8;
    let heap = segment.layout().heap;
    let map = segment.page_map().iter().enumerate();
    map.filter(|(_, e)| e.load(Ordering::Acquire) == entry::HEAD)
        .map(|(page, _)| {
            // SAFETY: a HEAD page lies in the heap, inside the mapping; its header is atomics.
            let header = unsafe { &*base.add(heap + page * PAGE_LEN).cast::<BlockHeader>() };
            (page, header.holders.load(Ordering::Acquire))
        })
        // A block without holder is not held: the block cache keeps it whole for reuse.
        .filter(|&(_, holders)| holders != 0)
        .collect()
}
