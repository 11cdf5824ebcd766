//! What a supervisor decides (docs/controller.md, "The supervisor"). For the forked job's
//! monitor and a topology's controller alike: how long a process may be silent, and when
//! replacing dead processes has become a crash loop. For a topology: the supervisor itself
//! ([`farm::Supervisor`]), over its processes' records ([`process::Process`]).

pub mod farm;
pub mod hosts;
pub mod process;
pub mod runs;
pub mod scale;
pub mod views;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How often a device reports, and the controller publishes its view.
pub const HEARTBEAT: Duration = Duration::from_millis(100);

/// Silence after which a running replica (a processor's or a readout unit's) counts as lost:
/// its events go to the others.
pub const LOST_AFTER: Duration = Duration::from_secs(1);

/// Silence after which a running process whose loss stops the topology (a source, a sink, a
/// merger, a bridge, a device with `restart = "never"`) counts as lost: waiting longer costs
/// only the time to notice a dead host, while taking a stalled process (a host loaded far
/// past its CPUs, swapping) for dead would end the run.
pub const VITAL_LOST_AFTER: Duration = Duration::from_secs(5);

/// How close together the deaths of every process on a host must be for the host to count
/// as lost (docs/topology-design.md, "Hosts"): the supervisor sees processes killed together
/// over a few of its turns, and a replica's replacement may run before the last one is seen.
pub const HOST_LOST_WITHIN: Duration = Duration::from_secs(1);

/// How long a started device has to send its first report.
pub const START_GRACE: Duration = Duration::from_secs(30);

/// How long a device that sent its last reports has to exit before it is killed (libzmq may
/// take its linger to deliver what it still holds).
pub const EXIT_GRACE: Duration = Duration::from_secs(10);

/// Heartbeats without a view before a device takes its controller for gone: three times as
/// long as the controller waits for a replica's report ([`LOST_AFTER`]), so that when a
/// host's link is cut the controller has taken its replicas for lost before they stop by
/// themselves, and a controller starved for CPU a little past [`LOST_AFTER`] (it forgives
/// its own stall) still has time to run again and publish before its devices give up.
pub const CONTROLLER_LOST_AFTER_HEARTBEATS: u32 = 30;

/// How long a device whose controller is gone has to end before it ends itself: time for its
/// sink to close its files; a module that never returns cannot keep it alive past it.
pub const ORPHAN_GRACE: Duration = Duration::from_secs(10);

/// The window over which replacements are counted against `max_restarts_per_minute`.
pub const RESTART_WINDOW: Duration = Duration::from_secs(60);

/// More replacements within [`RESTART_WINDOW`] than a device allows: the job stops.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("died {count} times within a minute (more than max_restarts_per_minute = {limit})")]
pub struct CrashLoop {
    /// Replacements within the window, this one included.
    pub count: usize,
    /// The device's `max_restarts_per_minute`.
    pub limit: u32,
}

/// The replacements of one device (or of a forked job's workers) within the last minute.
#[derive(Debug, Clone)]
pub struct RestartWindow {
    limit: u32,
    times: VecDeque<Instant>,
}

impl RestartWindow {
    /// A window allowing `limit` replacements per minute.
    pub fn new(limit: u32) -> RestartWindow {
        RestartWindow { limit, times: VecDeque::new() }
    }

    /// Counts a replacement at `now`; `Err` when it makes a crash loop (then the job stops).
    pub fn record(&mut self, now: Instant) -> Result<(), CrashLoop> {
        self.times.push_back(now);
        while self.times.front().is_some_and(|t| now.duration_since(*t) > RESTART_WINDOW) {
            self.times.pop_front();
        }
        if self.times.len() > self.limit as usize {
            return Err(CrashLoop { count: self.times.len(), limit: self.limit });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_allowed_and_one_more_is_a_crash_loop() {
        let mut window = RestartWindow::new(3);
        let t = Instant::now();
        for _ in 0..3 {
            window.record(t).unwrap();
        }
        assert_eq!(window.record(t), Err(CrashLoop { count: 4, limit: 3 }));
    }

    #[test]
    fn replacements_older_than_a_minute_do_not_count() {
        let mut window = RestartWindow::new(1);
        let t = Instant::now();
        window.record(t).unwrap();
        window.record(t + RESTART_WINDOW + Duration::from_millis(1)).unwrap();
        assert!(window.record(t + RESTART_WINDOW + Duration::from_millis(2)).is_err());
    }

    #[test]
    fn a_device_waits_longer_for_its_controller_than_the_controller_for_a_replica() {
        assert!(HEARTBEAT * CONTROLLER_LOST_AFTER_HEARTBEATS >= 3 * LOST_AFTER);
        assert!(VITAL_LOST_AFTER > HEARTBEAT * CONTROLLER_LOST_AFTER_HEARTBEATS);
    }
}
