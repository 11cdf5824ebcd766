//! How long a socket polls before it sleeps on its doorbell (docs/transport.md, "Receive"):
//! long enough that a busy peer never makes it sleep, short when polling would only burn CPU,
//! because the peer is slow or because another process waits for this CPU.

use std::time::{Duration, Instant};

/// The poll before a sleep, by default: about what a futex sleep and wake-up cost the two
/// sides on a VM, so that a peer answering within it never costs either a wake-up.
pub(super) const SPIN: Duration = Duration::from_micros(50);
/// The poll while the peer is slow or the CPU contended: a message already on its way.
const MIN_SPIN: Duration = Duration::from_micros(2);
/// Waits longer than this on average are a slow peer's, not a wake-up's (one or two of those
/// make a wait of 50-150 us on a VM).
const SLOW_PEER: Duration = Duration::from_micros(250);
/// How often, at most, the thread's involuntary context switches are read (a system call).
const CONTENTION_CHECK: Duration = Duration::from_millis(10);
/// The longest wait the average counts: a peer that stopped for a while is not slow for ever.
const MAX_COUNTED: Duration = Duration::from_millis(100);

/// A socket's polling: the running average of its waits and whether its CPU is contended.
pub(super) struct Spin {
    typical_wait: Duration,
    contended: bool,
    next_check: Instant,
    /// Involuntary context switches of this thread at the last check.
    preempted: i64,
}

impl Spin {
    pub(super) fn new() -> Spin {
        Spin { typical_wait: Duration::ZERO, contended: false, next_check: Instant::now(), preempted: preempted() }
    }

    /// How long a wait that starts at `now` polls before it sleeps.
    pub(super) fn budget(&mut self, now: Instant) -> Duration {
        if now >= self.next_check {
            self.observe(now, preempted());
        }
        if self.contended || self.typical_wait > SLOW_PEER {
            MIN_SPIN
        } else {
            SPIN
        }
    }

    /// Takes the thread's involuntary context switches, `count`, read at `now`: preempted
    /// since the last check, another process wanted this CPU while this thread ran (polled,
    /// most likely), and a sleeper would have let it run.
    fn observe(&mut self, now: Instant, count: i64) {
        self.contended = count > self.preempted;
        self.preempted = count;
        self.next_check = now + CONTENTION_CHECK;
    }

    /// Counts a wait that lasted `waited`, polled or slept.
    pub(super) fn waited(&mut self, waited: Duration) {
        self.typical_wait = (self.typical_wait * 7 + waited.min(MAX_COUNTED)) / 8;
    }
}

/// Involuntary context switches of the calling thread so far.
fn preempted() -> i64 {
    // SAFETY: an all-zero rusage is a valid value to be overwritten.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: usage is a valid out-pointer; RUSAGE_THREAD is supported since Linux 2.6.26.
    if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut usage) } != 0 {
        return 0;
    }
    usage.ru_nivcsw
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_peer_is_polled_for_and_a_slow_one_is_not() {
        let mut spin = Spin::new();
        let now = Instant::now();
        assert_eq!(spin.budget(now), SPIN);
        // A peer that slept makes waits of tens of microseconds: polling goes on.
        for _ in 0..50 {
            spin.waited(Duration::from_micros(60));
        }
        assert_eq!(spin.budget(now), SPIN);
        for _ in 0..50 {
            spin.waited(Duration::from_millis(2));
        }
        assert_eq!(spin.budget(now), MIN_SPIN);
        for _ in 0..50 {
            spin.waited(Duration::from_micros(1));
        }
        assert_eq!(spin.budget(now), SPIN);
    }

    #[test]
    fn a_thread_that_was_preempted_polls_briefly_until_it_is_not() {
        let mut spin = Spin::new();
        let now = Instant::now();
        spin.observe(now, spin.preempted + 3);
        assert_eq!(spin.budget(now), MIN_SPIN);
        spin.observe(now, spin.preempted);
        assert_eq!(spin.budget(now), SPIN);
        // The count is read again once the check's interval has passed, and not before.
        assert!(spin.next_check > now && spin.next_check <= now + CONTENTION_CHECK);
    }
}
