//! The tee of a broadcast channel (docs/topology-design.md, "Broadcast"): an origin whose channel
//! has several receiving devices is the origin of one segment per receiver. The first reads
//! the source; a [`TeeStep`], the last step of its input part, hands each event it keeps to
//! the others, whose source is a [`TeeSource`]. Every receiver gets every event; the slowest
//! one sets the pace (a full queue makes the reader wait), nothing is dropped.

use crate::module::{Decision, HookResult, Module, Source};
use evflow_core::Event;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Events a follower may have waiting before the reader waits for it.
pub const TEE_QUEUE: usize = 1024;
/// Bytes of events a follower may have waiting before the reader waits for it (the events
/// of all followers share their bytes).
pub const TEE_BYTES: usize = 64 << 20;
/// How long a waiting side looks at the queues before it looks again (closed, ended).
const WAIT_SLICE: Duration = Duration::from_millis(50);

enum Item {
    Event(Event),
    /// The reader ended the run numbered so (a held topology): the followers end theirs.
    RunEnd(u32),
}

#[derive(Default)]
struct Queues {
    queues: Vec<VecDeque<Item>>,
    /// Bytes of the events waiting for each follower.
    bytes: Vec<usize>,
    /// The reader has read everything.
    ended: bool,
    /// A follower stopped taking events (its job ended): the reader no longer waits for it.
    gone: Vec<bool>,
}

/// The queues between a broadcast's reader and its followers.
pub struct TeeTable {
    name: String,
    /// In a held topology the reader's run ends are passed on to the followers.
    held: bool,
    queues: Mutex<Queues>,
    changed: Condvar,
}

impl TeeTable {
    /// A tee named `name` (the broadcast channel's) with `followers` followers; `held`: in a
    /// held topology, whose runs end by `evflow ctl stop`.
    pub fn new(name: &str, followers: usize, held: bool) -> Arc<TeeTable> {
        let queues = Queues {
            queues: (0..followers).map(|_| VecDeque::new()).collect(),
            bytes: vec![0; followers],
            gone: vec![false; followers],
            ..Queues::default()
        };
        Arc::new(TeeTable { name: name.to_string(), held, queues: Mutex::new(queues), changed: Condvar::new() })
    }

    fn lock(&self) -> MutexGuard<'_, Queues> {
        self.queues.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands `item` (of `bytes` bytes) to every follower still there, waiting while one's
    /// queue is full.
    fn push(&self, bytes: usize, item: impl Fn() -> Item) {
        let mut q = self.lock();
        loop {
            let full = |f: usize| q.queues[f].len() >= TEE_QUEUE || q.bytes[f] >= TEE_BYTES;
            if !(0..q.queues.len()).any(|f| !q.gone[f] && full(f)) {
                break;
            }
            q = self.changed.wait_timeout(q, WAIT_SLICE).unwrap_or_else(|p| p.into_inner()).0;
        }
        for f in 0..q.queues.len() {
            if !q.gone[f] {
                q.queues[f].push_back(item());
                q.bytes[f] += bytes;
            }
        }
        self.changed.notify_all();
    }
}

/// The last step of a broadcast reader's input part: hands every event it sees to the
/// followers (a clone: entries are shared, not copied).
pub struct TeeStep {
    table: Arc<TeeTable>,
}

impl TeeStep {
    /// The reader's step of `table`.
    pub fn new(table: Arc<TeeTable>) -> TeeStep {
        TeeStep { table }
    }
}

impl Module for TeeStep {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn sees_failed(&self) -> bool {
        true
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        self.table.push(event.payload_bytes(), || Item::Event(event.clone()));
        Ok(Decision::Keep)
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        // A held topology's reader ends a run with no later event: its followers end theirs
        // there too. Otherwise the next event's run begins theirs.
        if self.table.held {
            self.table.push(0, || Item::RunEnd(run));
        }
        Ok(())
    }

    fn terminate(&mut self) -> HookResult {
        self.table.lock().ended = true;
        self.table.changed.notify_all();
        Ok(())
    }
}

/// The source of a broadcast follower: the reader's events, in the reader's order.
pub struct TeeSource {
    table: Arc<TeeTable>,
    follower: usize,
}

impl TeeSource {
    /// Follower `follower` (from 0) of `table`.
    pub fn new(table: Arc<TeeTable>, follower: usize) -> TeeSource {
        TeeSource { table, follower }
    }
}

impl Source for TeeSource {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn ready(&mut self) -> bool {
        let q = self.table.lock();
        match q.queues[self.follower].front() {
            Some(Item::Event(_)) => true,
            Some(Item::RunEnd(_)) => false,
            None => q.ended,
        }
    }

    fn end_of_run(&mut self) -> Option<u32> {
        let mut q = self.table.lock();
        let Some(&Item::RunEnd(run)) = q.queues[self.follower].front() else { return None };
        q.queues[self.follower].pop_front();
        self.table.changed.notify_all();
        Some(run)
    }

    /// A resumed topology: the reader goes to `position` (every segment of a broadcast goes
    /// on with the same plan), so the first event it hands over is the one there.
    fn seek(&mut self, _position: u64) -> HookResult<bool> {
        Ok(true)
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        let mut q = self.table.lock();
        loop {
            match q.queues[self.follower].front() {
                Some(Item::Event(_)) => {
                    let Some(Item::Event(event)) = q.queues[self.follower].pop_front() else {
                        unreachable!("looked at")
                    };
                    q.bytes[self.follower] -= event.payload_bytes();
                    self.table.changed.notify_all();
                    return Ok(Some(event));
                }
                // Not in a run's events: a run's end is taken by end_of_run.
                Some(Item::RunEnd(_)) => {
                    q.queues[self.follower].pop_front();
                }
                None if q.ended => return Ok(None),
                None => q = self.table.changed.wait_timeout(q, WAIT_SLICE).unwrap_or_else(|p| p.into_inner()).0,
            }
        }
    }

    fn terminate(&mut self) -> HookResult {
        let mut q = self.table.lock();
        q.gone[self.follower] = true;
        q.queues[self.follower].clear();
        q.bytes[self.follower] = 0;
        self.table.changed.notify_all();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_follower_gets_every_event_in_order_then_the_end() {
        let table = TeeTable::new("raw", 2, false);
        let mut step = TeeStep::new(table.clone());
        let mut followers: Vec<TeeSource> = (0..2).map(|f| TeeSource::new(table.clone(), f)).collect();
        for number in 1..=3 {
            step.event(&mut Event::new(1, number)).unwrap();
        }
        step.terminate().unwrap();
        for follower in &mut followers {
            let numbers: Vec<u64> =
                std::iter::from_fn(|| follower.next_event().unwrap()).map(|e| e.meta.event).collect();
            assert_eq!(numbers, [1, 2, 3]);
        }
    }

    #[test]
    fn a_run_end_reaches_the_followers_between_the_runs_events() {
        let table = TeeTable::new("raw", 1, true);
        let mut step = TeeStep::new(table.clone());
        let mut follower = TeeSource::new(table, 0);
        step.event(&mut Event::new(7, 1)).unwrap();
        step.end_run(7).unwrap();
        assert!(follower.ready() && follower.end_of_run().is_none());
        assert_eq!(follower.next_event().unwrap().unwrap().meta.run, 7);
        assert!(!follower.ready());
        assert_eq!(follower.end_of_run(), Some(7));
    }

    #[test]
    fn a_follower_gone_does_not_hold_the_reader() {
        let table = TeeTable::new("raw", 2, false);
        let mut step = TeeStep::new(table.clone());
        TeeSource::new(table.clone(), 1).terminate().unwrap();
        let mut follower = TeeSource::new(table, 0);
        for number in 0..(TEE_QUEUE as u64 + 10) {
            step.event(&mut Event::new(1, number)).unwrap();
            follower.next_event().unwrap();
        }
    }
}
