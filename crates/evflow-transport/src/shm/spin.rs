//! How long a socket polls before it sleeps on its doorbell (docs/transport.md, "Receive"):
//! long enough that a busy peer rarely makes it sleep, short when polling would only burn
//! CPU, because the peer is slow or because another process waits for this CPU.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// The longest poll before a sleep: about what a futex sleep and wake-up cost the two sides
/// on a VM.
pub(super) const SPIN: Duration = Duration::from_micros(50);
/// The longest poll right after this thread woke a peer: its answer comes a wake-up later,
/// 30-60 us on the benchmark's VM and more when the host is busy; polling only [`SPIN`] left
/// both sides of a ping-pong sleeping by turns in one trial of three.
const SPIN_AFTER_WAKE: Duration = Duration::from_micros(120);
/// The shortest poll, also while the CPU is contended: a message already on its way.
const MIN_SPIN: Duration = Duration::from_micros(2);
/// What a wake-up adds to a wait: the wait for an answer from a peer this thread had to wake
/// counts this much less, so that a peer that slept once does not make its waits look slow
/// (two sockets in a ping-pong would then sleep for each other's wake-ups for ever).
const WAKE_COST: Duration = Duration::from_micros(40);
/// How often, at most, the thread's involuntary context switches are read (a system call).
const CONTENTION_CHECK: Duration = Duration::from_millis(10);
/// The longest wait the average counts: a peer that stopped for a while is not slow for ever.
const MAX_COUNTED: Duration = Duration::from_millis(100);

thread_local! {
    /// Whether this thread woke a sleeping peer since its last wait.
    static WOKE_A_PEER: Cell<bool> = const { Cell::new(false) };
}

/// Notes that this thread has just woken a peer from its sleep (a doorbell it rang had a
/// sleeper): the answer it waits for next includes that wake-up.
pub(super) fn woke_a_peer() {
    WOKE_A_PEER.with(|w| w.set(true));
}

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

    /// How long a wait that starts at `now` polls before it sleeps: twice the running
    /// average of the waits while that is at most half the longest poll (a busy peer:
    /// polling saves both sides a wake-up), the shortest poll when waits are longer (polling
    /// would mostly fail, and burn CPU another process of the job could use) or the CPU is
    /// contended; a wake-up longer, up to [`SPIN_AFTER_WAKE`], right after this thread woke
    /// the peer it waits for.
    pub(super) fn budget(&mut self, now: Instant) -> Duration {
        if now >= self.next_check {
            self.observe(now, preempted());
        }
        if self.contended || self.typical_wait > SPIN / 2 {
            return MIN_SPIN;
        }
        // A peer this thread just woke answers a wake-up later: polling that long as well
        // saves this side a wake-up, and the peer's next wait finds it awake (two sockets in a
        // ping-pong that both slept otherwise stay asleep by turns).
        if WOKE_A_PEER.with(Cell::get) {
            return (self.typical_wait * 2 + WAKE_COST).clamp(MIN_SPIN, SPIN_AFTER_WAKE);
        }
        (self.typical_wait * 2).clamp(MIN_SPIN, SPIN)
    }

    /// Takes the thread's involuntary context switches, `count`, read at `now`: preempted
    /// since the last check, another process wanted this CPU while this thread ran (polled,
    /// most likely), and a sleeper would have let it run.
    fn observe(&mut self, now: Instant, count: i64) {
        self.contended = count > self.preempted;
        self.preempted = count;
        self.next_check = now + CONTENTION_CHECK;
    }

    /// Counts a wait that lasted `waited`, polled or slept; less a wake-up if this thread
    /// woke the peer it waited for.
    pub(super) fn waited(&mut self, waited: Duration) {
        let woke = WOKE_A_PEER.with(|w| w.replace(false));
        let waited = if woke { waited.saturating_sub(WAKE_COST) } else { waited };
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
        for _ in 0..50 {
            spin.waited(Duration::from_micros(5));
        }
        assert!(spin.budget(now) >= Duration::from_micros(9) && spin.budget(now) <= SPIN);
        // A slow peer: waits of 2 ms, and polling stops.
        for _ in 0..50 {
            spin.waited(Duration::from_millis(2));
        }
        assert_eq!(spin.budget(now), MIN_SPIN);
        // Waits for answers from peers this thread woke count a wake-up less, and such a wait
        // polls a wake-up longer: a ping-pong whose peer slept goes back to polling.
        for _ in 0..50 {
            woke_a_peer();
            spin.waited(Duration::from_micros(45));
        }
        assert!(spin.budget(now) >= Duration::from_micros(9), "{:?}", spin.budget(now));
        woke_a_peer();
        assert!(spin.budget(now) >= WAKE_COST, "{:?}", spin.budget(now));
        spin.waited(Duration::from_micros(5));
        // Without the wake-up, the same waits are a slow peer's.
        for _ in 0..50 {
            spin.waited(Duration::from_micros(45));
        }
        assert_eq!(spin.budget(now), MIN_SPIN);
    }

    #[test]
    fn a_thread_that_was_preempted_polls_briefly_until_it_is_not() {
        let mut spin = Spin::new();
        for _ in 0..50 {
            spin.waited(Duration::from_micros(10));
        }
        let now = Instant::now();
        spin.observe(now, spin.preempted + 3);
        assert_eq!(spin.budget(now), MIN_SPIN);
        spin.observe(now, spin.preempted);
        assert!(spin.budget(now) > Duration::from_micros(15));
        // The count is read again once the check's interval has passed, and not before.
        assert!(spin.next_check > now && spin.next_check <= now + CONTENTION_CHECK);
    }
}
