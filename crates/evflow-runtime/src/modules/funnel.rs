//! The funnel of a channel with several sending devices (docs/topology-design.md, "Funnels"): each
//! sender's segment ends at the funnel, whose [`FunnelInput`] steps put the events they
//! take into one queue, in the order they come (each sender's in its own order), and whose
//! origin's source, a [`FunnelSource`], sends them on. Events pass through unchanged: a
//! funnel joins streams, where a merger joins the parts of one event.
//!
//! A funnel that is restarted when it dies journals the seq of each event it sends (keyed by
//! its input and the seq it had there) and releases it to its input only once it is at the
//! custody, as a restartable merger does ([`Chain`]).

use crate::module::{Decision, HookResult, JobContext, Module, Source};
use crate::modules::journal::{Chain, Part};
use evflow_core::Event;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Events waiting in a funnel before its inputs wait: its senders then slow down.
pub const FUNNEL_QUEUE: usize = 1024;
/// Bytes of events waiting in a funnel before its inputs wait.
pub const FUNNEL_BYTES: usize = 64 << 20;
/// How long a waiting side looks at the queue before it looks again (closed, ended).
const WAIT_SLICE: Duration = Duration::from_millis(50);

enum Item {
    /// An event, and the input it came from.
    Event(Event, usize),
    /// Every input ended the run numbered so (a held topology).
    RunEnd(u32),
}

#[derive(Default)]
struct Queue {
    items: VecDeque<Item>,
    /// Bytes of the events waiting.
    bytes: usize,
    ended: Vec<bool>,
    /// The run each input ended last (cleared once every input has ended it).
    runs_ended: Vec<Option<u32>>,
    closed: bool,
    /// Its journal and the events it sent, where it is restarted ([`Chain`]).
    chain: Chain,
}

/// The queue a funnel's inputs fill and its source empties.
pub struct FunnelTable {
    name: String,
    /// In a held topology a run's end is passed on once every input has ended it.
    held: bool,
    queue: Mutex<Queue>,
    changed: Condvar,
}

impl FunnelTable {
    /// A funnel named `name` with `inputs` inputs; `held`: in a held topology; `restarts`:
    /// it is started again when it dies.
    pub fn new(name: &str, inputs: usize, held: bool, restarts: bool) -> Arc<FunnelTable> {
        let chain = Chain::new(inputs, restarts);
        let queue = Queue { ended: vec![false; inputs], runs_ended: vec![None; inputs], chain, ..Queue::default() };
        Arc::new(FunnelTable { name: name.to_string(), held, queue: Mutex::new(queue), changed: Condvar::new() })
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn all_ended(q: &Queue) -> bool {
        q.ended.iter().all(|&e| e)
    }
}

/// The last step of one sender's segment at a funnel.
pub struct FunnelInput {
    table: Arc<FunnelTable>,
    input: usize,
}

impl FunnelInput {
    /// The step of input `input` (from 0).
    pub fn new(table: Arc<FunnelTable>, input: usize) -> FunnelInput {
        FunnelInput { table, input }
    }
}

impl Module for FunnelInput {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn sees_failed(&self) -> bool {
        true
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        // A copy in this process's memory: it may wait, and should not hold a block of the
        // sender's shared memory meanwhile.
        let event = event.detached();
        let mut q = self.table.lock();
        while (q.items.len() >= FUNNEL_QUEUE || q.bytes >= FUNNEL_BYTES) && !q.closed {
            q = self.table.changed.wait_timeout(q, WAIT_SLICE).unwrap_or_else(|p| p.into_inner()).0;
        }
        if !q.closed {
            q.bytes += event.payload_bytes();
            q.items.push_back(Item::Event(event, self.input));
        }
        self.table.changed.notify_all();
        Ok(Decision::Keep)
    }

    fn holds(&self) -> bool {
        self.table.lock().chain.restarts()
    }

    fn released(&mut self) -> Vec<u64> {
        self.table.lock().chain.take_released(self.input)
    }

    fn runs_released(&mut self) -> Vec<u32> {
        self.table.lock().chain.take_runs_released(self.input)
    }

    fn settled(&mut self, below: u64, decided: &[(u64, u64)]) {
        self.table.lock().chain.settle(self.input, below, decided);
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        let mut q = self.table.lock();
        q.runs_ended[self.input] = Some(run);
        if self.table.held && q.runs_ended.iter().all(|r| *r == Some(run)) {
            q.runs_ended.iter_mut().for_each(|r| *r = None);
            q.items.push_back(Item::RunEnd(run));
        }
        self.table.changed.notify_all();
        Ok(())
    }

    fn terminate(&mut self) -> HookResult {
        self.table.lock().ended[self.input] = true;
        self.table.changed.notify_all();
        Ok(())
    }
}

/// The source of a funnel's origin: the events its inputs took, in the order they came.
pub struct FunnelSource {
    table: Arc<FunnelTable>,
    /// The event it gave last, as a part of its input (a funnel that is restarted).
    last: Option<Part>,
}

impl FunnelSource {
    /// The source that empties `table`.
    pub fn new(table: Arc<FunnelTable>) -> FunnelSource {
        FunnelSource { table, last: None }
    }
}

impl Source for FunnelSource {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        self.table.lock().chain.open(ctx)
    }

    fn sequence(&mut self, next: u64) -> HookResult<u64> {
        self.table.lock().chain.give(self.last.take().into_iter().collect(), next)
    }

    fn owed(&self) -> Option<u64> {
        self.table.lock().chain.lowest_owed()
    }

    fn delivered(&mut self, seqs: &[u64]) {
        self.table.lock().chain.delivered(seqs);
    }

    fn run_delivered(&mut self, number: u32) {
        self.table.lock().chain.run_delivered(number);
    }

    fn ready(&mut self) -> bool {
        let q = self.table.lock();
        match q.items.front() {
            Some(Item::Event(..)) => true,
            Some(Item::RunEnd(_)) => false,
            None => FunnelTable::all_ended(&q),
        }
    }

    fn owed_ready(&mut self) -> bool {
        let mut q = self.table.lock();
        let q = &mut *q;
        // Each input's owed events come before its new ones: moving its first one ahead keeps
        // every input's order. Within the events before a run's end.
        let run = q.items.iter().take_while(|i| matches!(i, Item::Event(..)));
        let owes = |i: &Item| matches!(i, Item::Event(e, input) if q.chain.owes(&[(*input, e.meta.seq)]));
        let Some(at) = run.into_iter().position(owes) else { return false };
        let owed = q.items.remove(at).expect("found above");
        q.items.push_front(owed);
        true
    }

    fn end_of_run(&mut self) -> Option<u32> {
        let mut q = self.table.lock();
        let Some(&Item::RunEnd(run)) = q.items.front() else { return None };
        q.items.pop_front();
        Some(run)
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        let mut q = self.table.lock();
        loop {
            match q.items.front() {
                Some(Item::Event(..)) => {
                    let Some(Item::Event(event, input)) = q.items.pop_front() else { unreachable!("looked at") };
                    q.bytes -= event.payload_bytes();
                    self.last = Some((input, event.meta.seq));
                    self.table.changed.notify_all();
                    return Ok(Some(event));
                }
                // Not in a run's events: a run's end is taken by end_of_run.
                Some(Item::RunEnd(_)) => {
                    q.items.pop_front();
                }
                None if FunnelTable::all_ended(&q) => return Ok(None),
                None => q = self.table.changed.wait_timeout(q, WAIT_SLICE).unwrap_or_else(|p| p.into_inner()).0,
            }
        }
    }

    fn terminate(&mut self) -> HookResult {
        let mut q = self.table.lock();
        q.closed = true;
        q.chain.remove_journal();
        self.table.changed.notify_all();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_of_every_input_pass_through_in_the_order_they_came() {
        let table = FunnelTable::new("raw", 2, false, false);
        let mut inputs: Vec<FunnelInput> = (0..2).map(|i| FunnelInput::new(table.clone(), i)).collect();
        let mut source = FunnelSource::new(table);
        inputs[0].event(&mut Event::new(1, 1)).unwrap();
        inputs[1].event(&mut Event::new(1, 1)).unwrap();
        inputs[0].event(&mut Event::new(1, 2)).unwrap();
        inputs[0].terminate().unwrap();
        assert!(source.ready());
        let numbers: Vec<u64> = (0..3).map(|_| source.next_event().unwrap().unwrap().meta.event).collect();
        assert_eq!(numbers, [1, 1, 2]);
        assert!(!source.ready(), "input 1 has not ended");
        inputs[1].terminate().unwrap();
        assert!(source.next_event().unwrap().is_none());
    }

    #[test]
    fn an_owed_event_goes_before_new_ones_when_asked_each_inputs_order_kept() {
        let journal = std::env::temp_dir().join(format!("evflow-test-funnel-owed-{}", std::process::id()));
        let restarted = |resume: bool| {
            let table = FunnelTable::new("raw", 2, false, true);
            let mut source = FunnelSource::new(table.clone());
            let ctx = JobContext { journal: Some(journal.clone()), resume, ..JobContext::default() };
            source.initialize(&ctx).unwrap();
            let inputs: Vec<FunnelInput> = (0..2).map(|i| FunnelInput::new(table.clone(), i)).collect();
            (source, inputs)
        };
        let with_seq = |number: u64, seq: u64| {
            let mut e = Event::new(1, number);
            e.meta.seq = seq;
            e
        };
        // Input 1's event went out as seq 0; the process died before it reached the custody.
        let (mut source, mut inputs) = restarted(false);
        inputs[1].event(&mut with_seq(100, 5)).unwrap();
        source.next_event().unwrap().unwrap();
        assert_eq!(source.sequence(0).unwrap(), 0);
        drop((source, inputs));
        // Input 0's new events come before input 1 sends its own again, then its new one.
        let (mut source, mut inputs) = restarted(true);
        inputs[0].event(&mut with_seq(1, 0)).unwrap();
        inputs[0].event(&mut with_seq(2, 1)).unwrap();
        inputs[1].event(&mut with_seq(100, 5)).unwrap();
        inputs[1].event(&mut with_seq(101, 6)).unwrap();
        assert!(source.owed_ready());
        let numbers: Vec<u64> = (0..4).map(|_| source.next_event().unwrap().unwrap().meta.event).collect();
        assert_eq!(numbers, [100, 1, 2, 101]);
        assert!(!source.owed_ready());
        source.terminate().unwrap();
    }

    #[test]
    fn a_held_run_ends_once_every_input_has_ended_it() {
        let table = FunnelTable::new("raw", 2, true, false);
        let mut inputs: Vec<FunnelInput> = (0..2).map(|i| FunnelInput::new(table.clone(), i)).collect();
        let mut source = FunnelSource::new(table);
        inputs[0].end_run(5).unwrap();
        assert_eq!(source.end_of_run(), None);
        inputs[1].end_run(5).unwrap();
        assert!(!source.ready());
        assert_eq!(source.end_of_run(), Some(5));
    }
}
