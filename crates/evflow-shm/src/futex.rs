//! Futex waits and wake-ups on 32-bit words in the shared segment (docs/shm.md, section 5):
//! an idle process sleeps in the kernel, and a busy one makes no system call.
//!
//! The operations are the shared (not `FUTEX_PRIVATE_FLAG`) kind. A private futex is keyed by
//! the calling process's address space and the word's virtual address, so a wake-up reaches
//! only threads of the same process. Our words live in a `MAP_SHARED` file that every process
//! of the session maps, each at its own address; the shared kind is keyed by the file page and
//! the offset in it, so a wake-up in one process reaches a waiter in another.
//!
//! A wait can end without its condition being met (a wake-up meant for an earlier round, a
//! spurious return); callers always re-check the condition they wait for.

use std::sync::atomic::AtomicU32;
use std::time::Instant;

/// How a [`wait`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// Woken by [`wake`] (or spuriously): re-check the condition.
    Woken,
    /// The deadline passed first.
    TimedOut,
    /// The word did not hold the expected value when the wait began.
    Changed,
}

/// Sleeps while `word` holds `expected`, until woken or until `deadline` (`None`: no limit).
///
/// A deadline already past returns [`Wait::TimedOut`] without a system call. A signal does not
/// end the wait: it resumes with the time remaining. Errors that a valid word cannot cause
/// (`EFAULT`, `EINVAL`, `ENOSYS` under a seccomp filter) are reported as [`Wait::Woken`], which
/// every caller handles by re-checking; they never turn into a panic.
pub fn wait(word: &AtomicU32, expected: u32, deadline: Option<Instant>) -> Wait {
    loop {
        let timeout = match deadline {
            None => None,
            Some(deadline) => {
                let now = Instant::now();
                if deadline <= now {
                    return Wait::TimedOut;
                }
                let left = deadline - now;
                Some(libc::timespec {
                    tv_sec: left.as_secs().min(libc::time_t::MAX as u64) as libc::time_t,
                    tv_nsec: left.subsec_nanos() as libc::c_long,
                })
            }
        };
        let timeout_ptr = timeout.as_ref().map_or(std::ptr::null(), |t| t as *const libc::timespec);
        // SAFETY: the word is a valid, aligned u32 for the duration of the call; FUTEX_WAIT
        // only reads it; the timeout is null or points to a timespec on this stack frame.
        // FUTEX_WAIT takes a relative timeout on CLOCK_MONOTONIC, the clock of `Instant`.
        let rc = unsafe {
            libc::syscall(
                libc::SYS_futex,
                word.as_ptr(),
                libc::FUTEX_WAIT,
                expected,
                timeout_ptr,
                std::ptr::null::<u32>(),
                0u32,
            )
        };
        if rc == 0 {
            return Wait::Woken;
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EAGAIN) => return Wait::Changed,
            Some(libc::ETIMEDOUT) => return Wait::TimedOut,
            _ => return Wait::Woken,
        }
    }
}

/// How long a waiter's first sleep after it raised its flag lasts at most, in the wake-up
/// protocol without a fence on the notifier's side (docs/shm.md, section 5, "Waking without a
/// fence"): a notifier that read the flag before its own publication had left its CPU's store
/// buffer saw no waiter, and the waiter's re-check after this sees the publication.
pub const WAKE_GRACE: std::time::Duration = std::time::Duration::from_micros(100);

/// The full barrier of the sleep and wake-up protocol (a waiter's flag store before its
/// re-check, a notifier's publication before it reads the flag): no load after it is done
/// before a store before it. On x86-64 a locked read-modify-write of this thread's own stack
/// (as Linux's `smp_mb`) is such a barrier for ordinary memory, and on many CPUs, AMD's
/// among them, cheaper than `mfence`, which `fence(SeqCst)` compiles to; every send and
/// receive pays for one. Elsewhere it is `fence(SeqCst)`.
#[inline(always)]
pub fn full_fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `or` of 0 into the word at the stack pointer changes no memory; the word is
    // this thread's own stack, mapped and writable. The asm has no `nomem`, so the compiler
    // orders every memory access of the program around it, as it does around a fence.
    unsafe {
        std::arch::asm!("lock or dword ptr [rsp], 0", options(nostack));
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}

/// Wakes up to `n` processes (or threads) waiting on `word`; returns how many were woken.
pub fn wake(word: &AtomicU32, n: u32) -> usize {
    let n = n.min(i32::MAX as u32) as libc::c_int;
    // SAFETY: the word is a valid, aligned u32; FUTEX_WAKE does not access its memory beyond
    // using its address as the key; the remaining arguments are ignored by FUTEX_WAKE.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            libc::FUTEX_WAKE,
            n,
            std::ptr::null::<libc::timespec>(),
            std::ptr::null::<u32>(),
            0u32,
        )
    };
    usize::try_from(rc).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    #[test]
    fn a_changed_word_returns_at_once() {
        let word = AtomicU32::new(1);
        assert_eq!(wait(&word, 0, None), Wait::Changed);
    }

    #[test]
    fn a_past_deadline_times_out() {
        let word = AtomicU32::new(0);
        assert_eq!(wait(&word, 0, Some(Instant::now())), Wait::TimedOut);
        assert_eq!(wait(&word, 0, Some(Instant::now() + Duration::from_millis(10))), Wait::TimedOut);
    }

    #[test]
    fn a_wake_ends_a_wait() {
        let word = AtomicU32::new(0);
        std::thread::scope(|s| {
            let waiter = s.spawn(|| {
                let deadline = Instant::now() + Duration::from_secs(30);
                while word.load(Ordering::Acquire) == 0 {
                    if wait(&word, 0, Some(deadline)) == Wait::TimedOut {
                        return false;
                    }
                }
                true
            });
            word.store(1, Ordering::Release);
            wake(&word, 1);
            assert!(waiter.join().unwrap());
        });
        assert_eq!(wake(&word, u32::MAX), 0);
    }
}
