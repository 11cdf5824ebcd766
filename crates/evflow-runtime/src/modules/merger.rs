//! The merger of a topology (`kind = "merger"`, docs/topology-design.md "The merger"): the parts of
//! one event, keyed by (run, event number), arrive on several inputs and go out as one
//! event. A [`MergeInput`] per input is the last step of that input's custody; a
//! [`MergeSource`] is the source of the merger's origin. They share a [`MergeTable`].
//!
//! An event goes out when every input has delivered its part, or `timeout` after its first
//! part with what it has, flagged `incomplete` and naming the missing inputs in the entry
//! `missing_sources`; when every input has ended, whatever waits goes out the same way. A
//! part for a key that already went out is late: counted, not sent again.
//!
//! A run change is a barrier: once every input has ended run N (`end_run`), what waits of
//! run N goes out at once; in a held topology the source then says that run N is over
//! ([`Source::end_of_run`]), so the merger's origin ends it downstream.
//!
//! A merger that is restarted when it dies journals the seq of each event it sends and
//! releases a part to its input only once the event made of it is at the custody
//! ([`Chain`]: docs/topology-design.md, "Mergers, junctions and funnels that are
//! restarted"); a junction (one input) keys its events by the seq they had in its input.

use crate::log;
use crate::module::{Decision, HookResult, JobContext, Module, Source};
use crate::modules::journal::{Chain, Part};
use evflow_core::{Entry, Event, Flags};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Keys one input may have waiting in the table for the other inputs before it waits too:
/// bounds the merger's memory when one input runs ahead of the others, or drops parts.
pub const MERGE_WINDOW: usize = 16_384;
/// Bytes of parts waiting in the table before a part that starts a new key waits: parts
/// that complete a waiting key never wait, so an input behind the others always catches up.
pub const MERGE_BYTES: usize = 256 << 20;
/// How long a key that went out incomplete is remembered, so that its missing parts are known
/// as late when they come: this many timeouts, and at least [`LATE_MEMORY_MIN`].
pub const LATE_MEMORY_TIMEOUTS: u32 = 100;
/// The least time a key that went out incomplete is remembered.
pub const LATE_MEMORY_MIN: Duration = Duration::from_secs(60);
/// The most keys that went out incomplete remembered at once (the oldest are forgotten
/// first): bounds the memory when an input drops parts for hours.
pub const LATE_MEMORY_KEYS: usize = 1 << 18;
/// The entry of an incomplete event naming the inputs that did not deliver.
pub const MISSING_SOURCES: &str = "missing_sources";
/// How long a waiting input looks at the table before it looks again (closed, flushed).
const WAIT_SLICE: Duration = Duration::from_millis(50);

type Key = (u32, u64);

/// The merger's counts, for its report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MergeCounts {
    /// Events that went out with every part.
    pub complete: u64,
    /// Events that went out with a part missing.
    pub incomplete: u64,
    /// Parts that arrived after their event went out.
    pub late: u64,
}

/// The parts of an event: (input, the part's seq in its input's segment).
type Parts = Vec<Part>;

/// What the source gives next.
enum Ready {
    Event(Event, Parts),
    /// Every event of the run numbered so went out (a held topology).
    RunEnd(u32),
}

struct Waiting {
    parts: Vec<Option<Event>>,
    first: Instant,
}

#[derive(Default)]
struct Table {
    waiting: HashMap<Key, Waiting>,
    /// Keys by their first part's arrival, for timeouts (a key may have gone out already).
    arrivals: VecDeque<(Key, Instant)>,
    /// Keys waiting that each input has delivered to.
    held: Vec<usize>,
    /// Bytes of the parts waiting.
    bytes: usize,
    ready: VecDeque<Ready>,
    /// The run each input ended last (cleared once every input has ended it).
    runs_ended: Vec<Option<u32>>,
    /// Keys that went out incomplete, when, and which inputs they still miss: a part of one
    /// of those is late. Forgotten once nothing is missing, its inputs ended, or it is old.
    gone: HashMap<Key, (Instant, Vec<bool>)>,
    gone_order: VecDeque<(Key, Instant)>,
    ended: Vec<bool>,
    closed: bool,
    counts: MergeCounts,
    warned_late: bool,
    warned_clash: bool,
    /// Its journal and the parts of the events it sent, where it is restarted ([`Chain`]).
    chain: Chain,
}

/// The table the merger's inputs fill and its source empties.
pub struct MergeTable {
    name: String,
    inputs: Vec<String>,
    timeout: Duration,
    /// In a held topology: the end of each run is passed on to the source.
    held: bool,
    table: Mutex<Table>,
    changed: Condvar,
}

impl MergeTable {
    /// A table for the merger `name` whose inputs are the channels `inputs` (their names go
    /// into `missing_sources`), sending an event on `timeout` after its first part; `held`:
    /// in a held topology, whose runs end by `evflow ctl stop`; `restarts`: it is started
    /// again when it dies.
    pub fn new(name: &str, inputs: Vec<String>, timeout: Duration, held: bool, restarts: bool) -> Arc<MergeTable> {
        let n = inputs.len();
        let chain = Chain::new(n, restarts);
        let table =
            Table { held: vec![0; n], ended: vec![false; n], runs_ended: vec![None; n], chain, ..Table::default() };
        Arc::new(MergeTable {
            name: name.to_string(),
            inputs,
            timeout,
            held,
            table: Mutex::new(table),
            changed: Condvar::new(),
        })
    }

    /// The counts so far.
    pub fn counts(&self) -> MergeCounts {
        self.lock().counts
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes input `input`'s part, waiting while that input is [`MERGE_WINDOW`] keys ahead;
    /// `Err` where the journal cannot be written.
    fn put(&self, input: usize, part: Event) -> HookResult {
        let key = (part.meta.run, part.meta.event);
        let part_bytes = part.payload_bytes();
        let mut t = self.lock();
        // Waits while it is far ahead of the others, or the origin is behind: memory stays
        // bounded, and its channel fills so that its source slows down.
        let full = |t: &Table| {
            let starts_key = !t.waiting.contains_key(&key);
            t.held[input] >= MERGE_WINDOW || t.ready.len() >= MERGE_WINDOW || (starts_key && t.bytes >= MERGE_BYTES)
        };
        while full(&t) && !t.closed {
            self.expire(&mut t, Instant::now());
            t = self.changed.wait_timeout(t, WAIT_SLICE).unwrap_or_else(|p| p.into_inner()).0;
        }
        if t.closed {
            return Ok(());
        }
        let now = Instant::now();
        self.forget_gone(&mut t, now);
        if t.chain.is_late(input, part.meta.seq) {
            // Late in an earlier process, whose death kept its ack from the input.
            t.counts.late += 1;
            return t.chain.release(input, part.meta.seq);
        }
        if let Some((_, missing)) = t.gone.get_mut(&key).filter(|(_, missing)| missing[input]) {
            missing[input] = false;
            if !missing.contains(&true) {
                t.gone.remove(&key);
            }
            t.counts.late += 1;
            // Decided without an event: safe at once.
            t.chain.release(input, part.meta.seq)?;
            if !t.warned_late {
                t.warned_late = true;
                log::warn!(
                    "merger {}: a part of run {} event {} from {} arrived after the event went out (timeout {:?}); \
                     late parts are counted, not sent again",
                    self.name,
                    key.0,
                    key.1,
                    self.inputs[input],
                    self.timeout
                );
            }
            return Ok(());
        }
        if t.waiting.get(&key).is_some_and(|w| w.parts[input].is_some()) {
            // The same input twice for one key: the first goes out with what it has, so
            // neither part is lost.
            self.send(&mut t, key, now);
        }
        let n = self.inputs.len();
        let t = &mut *t;
        let waiting = t.waiting.entry(key).or_insert_with(|| {
            t.arrivals.push_back((key, now));
            Waiting { parts: vec![None; n], first: now }
        });
        waiting.parts[input] = Some(part);
        t.held[input] += 1;
        t.bytes += part_bytes;
        if waiting.parts.iter().all(Option::is_some) {
            self.send(t, key, now);
        }
        self.changed.notify_all();
        Ok(())
    }

    /// Input `input` has ended: nothing more comes from it.
    fn end(&self, input: usize) {
        let mut t = self.lock();
        t.ended[input] = true;
        // Nothing late can come from it any more.
        t.gone.retain(|_, (_, missing)| {
            missing[input] = false;
            missing.contains(&true)
        });
        self.changed.notify_all();
    }

    /// Input `input` has ended run `run`: once every input has, what waits of the run goes
    /// out, followed (held) by the end of the run.
    fn end_run(&self, input: usize, run: u32) {
        let mut t = self.lock();
        t.runs_ended[input] = Some(run);
        if t.runs_ended.iter().any(|r| *r != Some(run)) {
            return;
        }
        t.runs_ended.iter_mut().for_each(|r| *r = None);
        let now = Instant::now();
        let keys: Vec<Key> = t.arrivals.iter().map(|(k, _)| *k).filter(|k| k.0 == run).collect();
        for key in keys {
            self.send(&mut t, key, now);
        }
        if self.held {
            t.ready.push_back(Ready::RunEnd(run));
        }
        self.changed.notify_all();
    }

    /// Stops the table: waiting inputs return, parts that come later are dropped (the job
    /// is over for the merger).
    fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// Sends the keys whose time is up; every key once every input has ended.
    fn expire(&self, t: &mut Table, now: Instant) {
        let all_ended = t.ended.iter().all(|&e| e);
        while let Some(&(key, first)) = t.arrivals.front() {
            let current = t.waiting.get(&key).is_some_and(|w| w.first == first);
            if current && !all_ended && now.duration_since(first) < self.timeout {
                break;
            }
            t.arrivals.pop_front();
            if current {
                self.send(t, key, now);
            }
        }
    }

    fn forget_gone(&self, t: &mut Table, now: Instant) {
        let memory = (self.timeout * LATE_MEMORY_TIMEOUTS).max(LATE_MEMORY_MIN);
        while let Some(&(key, at)) = t.gone_order.front() {
            if now.duration_since(at) < memory && t.gone_order.len() <= LATE_MEMORY_KEYS {
                break;
            }
            t.gone_order.pop_front();
            if t.gone.get(&key).is_some_and(|(when, _)| *when == at) {
                t.gone.remove(&key);
            }
        }
    }

    /// Merges the parts of `key` into one event, ready to go out.
    fn send(&self, t: &mut Table, key: Key, now: Instant) {
        let Some(waiting) = t.waiting.remove(&key) else { return };
        let mut event = Event::new(key.0, key.1);
        let mut missing = Vec::new();
        let parts = waiting.parts.iter().enumerate().filter_map(|(i, p)| Some((i, p.as_ref()?.meta.seq))).collect();
        let still_missing: Vec<bool> =
            waiting.parts.iter().enumerate().map(|(i, p)| p.is_none() && !t.ended[i]).collect();
        for (i, part) in waiting.parts.into_iter().enumerate() {
            let Some(part) = part else {
                missing.push(self.inputs[i].as_str());
                continue;
            };
            t.held[i] -= 1;
            t.bytes -= part.payload_bytes();
            for flag in [Flags::FAILED, Flags::RETRIED, Flags::INCOMPLETE] {
                if part.meta.flags.contains(flag) {
                    event.meta.flags.insert(flag);
                }
            }
            for (name, entry) in part.iter() {
                let name = match event.get(name) {
                    None => name.to_string(),
                    Some(kept) if kept == entry => continue,
                    Some(_) => {
                        if !t.warned_clash {
                            t.warned_clash = true;
                            log::warn!(
                                "merger {}: input {} carries an entry {name:?} that another input carries with \
                                 other contents: kept as {:?}",
                                self.name,
                                self.inputs[i],
                                format!("{}.{name}", self.inputs[i])
                            );
                        }
                        format!("{}.{name}", self.inputs[i])
                    }
                };
                // Only a duplicate name of the same input could fail here; it was kept once.
                let _ = event.put(name, entry.clone());
            }
        }
        if missing.is_empty() {
            t.counts.complete += 1;
        } else {
            t.counts.incomplete += 1;
            event.meta.flags.insert(Flags::INCOMPLETE);
            let _ = event.put(MISSING_SOURCES, names_entry(&missing));
        }
        if still_missing.contains(&true) {
            t.gone.insert(key, (now, still_missing));
            t.gone_order.push_back((key, now));
        }
        t.ready.push_back(Ready::Event(event, parts));
    }

    /// The next event to go out: `Some(Some(event))`, `Some(None)` at the end (every input
    /// ended, nothing waits), or `None` when there is nothing yet.
    fn take(&self, t: &mut Table) -> Option<Option<(Event, Parts)>> {
        self.expire(t, Instant::now());
        match t.ready.front() {
            Some(Ready::Event(..)) => {
                let Some(Ready::Event(event, parts)) = t.ready.pop_front() else { unreachable!("looked at") };
                self.changed.notify_all();
                return Some(Some((event, parts)));
            }
            // The origin ends the run first (end_of_run).
            Some(Ready::RunEnd(_)) => return None,
            None => {}
        }
        (t.ended.iter().all(|&e| e) && t.waiting.is_empty()).then_some(None)
    }
}

/// A numpy array of strings (`<U`, UTF-32) holding `names`.
pub(crate) fn names_entry(names: &[&str]) -> Entry {
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(1);
    let mut bytes = Vec::with_capacity(names.len() * width * 4);
    for name in names {
        let mut chars = name.chars().map(u32::from).collect::<Vec<_>>();
        chars.resize(width, 0);
        bytes.extend(chars.iter().flat_map(|c| c.to_le_bytes()));
    }
    Entry::new(format!("<U{width}"), vec![names.len() as u64], bytes.into()).expect("sized for its shape")
}

/// The last step of one input's custody in a merger: hands each part to the table.
pub struct MergeInput {
    table: Arc<MergeTable>,
    input: usize,
}

impl MergeInput {
    /// The step for input `input` (its position in the merger's `inputs`).
    pub fn new(table: Arc<MergeTable>, input: usize) -> MergeInput {
        MergeInput { table, input }
    }
}

impl Module for MergeInput {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn sees_failed(&self) -> bool {
        true
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        self.table.end_run(self.input, run);
        Ok(())
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

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        // A copy in this process's memory: a part may wait for `timeout`, and should not
        // hold a block of the input's shared memory meanwhile.
        self.table.put(self.input, event.detached())?;
        Ok(Decision::Keep)
    }

    fn terminate(&mut self) -> HookResult {
        self.table.end(self.input);
        Ok(())
    }
}

/// The source of a merger's origin: the merged events, as they are ready.
pub struct MergeSource {
    table: Arc<MergeTable>,
    summary: bool,
    /// The parts of the event it gave last (a merger that is restarted).
    last: Option<Parts>,
}

impl MergeSource {
    /// The source that empties `table`.
    pub fn new(table: Arc<MergeTable>) -> MergeSource {
        MergeSource { table, summary: false, last: None }
    }
}

impl Source for MergeSource {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        self.table.lock().chain.open(ctx)
    }

    fn sequence(&mut self, next: u64) -> HookResult<u64> {
        self.table.lock().chain.give(self.last.take().unwrap_or_default(), next)
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
        let mut t = self.table.lock();
        self.table.expire(&mut t, Instant::now());
        match t.ready.front() {
            Some(Ready::Event(..)) => true,
            Some(Ready::RunEnd(_)) => false,
            None => t.ended.iter().all(|&e| e) && t.waiting.is_empty(),
        }
    }

    fn owed_ready(&mut self) -> bool {
        let mut t = self.table.lock();
        self.table.expire(&mut t, Instant::now());
        let t = &mut *t;
        // Within the events before a run's end: those of the next run wait for it.
        let run = t.ready.iter().take_while(|r| matches!(r, Ready::Event(..)));
        let Some(at) = run.into_iter().position(|r| matches!(r, Ready::Event(_, parts) if t.chain.owes(parts))) else {
            return false;
        };
        let owed = t.ready.remove(at).expect("found above");
        t.ready.push_front(owed);
        true
    }

    fn end_of_run(&mut self) -> Option<u32> {
        let mut t = self.table.lock();
        let Some(&Ready::RunEnd(run)) = t.ready.front() else { return None };
        t.ready.pop_front();
        self.table.changed.notify_all();
        Some(run)
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        let mut t = self.table.lock();
        loop {
            if let Some(next) = self.table.take(&mut t) {
                let next = next.map(|(event, parts)| {
                    self.last = Some(parts);
                    event
                });
                if next.is_none() && !self.summary {
                    self.summary = true;
                    let c = t.counts;
                    log::info!(
                        "merger {}: {} events complete, {} incomplete, {} late parts",
                        self.table.name,
                        c.complete,
                        c.incomplete,
                        c.late
                    );
                }
                return Ok(next);
            }
            t = self.table.changed.wait_timeout(t, WAIT_SLICE).unwrap_or_else(|p| p.into_inner()).0;
        }
    }

    fn terminate(&mut self) -> HookResult {
        self.table.close();
        self.table.lock().chain.remove_journal();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;

    fn part(run: u32, number: u64, entry: &str, value: u8) -> Event {
        let mut e = Event::new(run, number);
        e.put(entry, Entry::bytes(Bytes::from(vec![value]))).unwrap();
        e
    }

    /// A restartable table of two inputs (timeout 30 ms) journaled at `journal`, going on
    /// with it where `resume`.
    fn restartable(journal: &std::path::Path, resume: bool) -> (Arc<MergeTable>, MergeSource, Vec<MergeInput>) {
        let names = vec!["a".into(), "b".into()];
        let t = MergeTable::new("m", names, Duration::from_millis(30), false, true);
        let mut source = MergeSource::new(t.clone());
        let ctx = JobContext { journal: Some(journal.to_path_buf()), resume, ..JobContext::default() };
        source.initialize(&ctx).unwrap();
        let inputs: Vec<MergeInput> = (0..2).map(|i| MergeInput::new(t.clone(), i)).collect();
        (t, source, inputs)
    }

    #[test]
    fn a_part_late_in_a_dead_process_is_late_in_the_next() {
        let journal = std::env::temp_dir().join(format!("evflow-test-merger-late-{}", std::process::id()));
        let restarted = |resume: bool| restartable(&journal, resume);
        let (t, mut source, mut inputs) = restarted(false);
        let mut first = part(1, 1, "x", 1);
        first.meta.seq = 40;
        inputs[0].event(&mut first).unwrap();
        assert!(source.next_event().unwrap().unwrap().meta.flags.contains(Flags::INCOMPLETE));
        assert_eq!(source.sequence(0).unwrap(), 0);
        let mut late = part(1, 1, "y", 2);
        late.meta.seq = 70;
        inputs[1].event(&mut late).unwrap();
        assert_eq!((t.counts().late, inputs[1].released()), (1, vec![70]));
        // Killed before the late part's ack reached its input, which sends it again; the
        // first part's input had its event's ack.
        drop((t, source, inputs));
        let (t, mut source, mut inputs) = restarted(true);
        inputs[1].settled(0, &[]);
        inputs[1].event(&mut late).unwrap();
        assert_eq!((t.counts().late, inputs[1].released()), (1, vec![70]), "late again, not an event");
        assert!(!source.ready());
        source.terminate().unwrap();
        assert!(!journal.exists());
    }

    #[test]
    fn an_event_made_again_after_a_timeout_goes_before_new_ones_when_asked() {
        let journal = std::env::temp_dir().join(format!("evflow-test-merger-owed-{}", std::process::id()));
        let restarted = |resume: bool| {
            let (_, source, inputs) = restartable(&journal, resume);
            (source, inputs)
        };
        let with_seq = |number: u64, entry: &str, seq: u64| {
            let mut p = part(1, number, entry, 1);
            p.meta.seq = seq;
            p
        };
        // Event 1 (input b's part dropped) went out incomplete as seq 0; the process died
        // before it reached the custody.
        let (mut source, mut inputs) = restarted(false);
        inputs[0].event(&mut with_seq(1, "x", 10)).unwrap();
        source.next_event().unwrap().unwrap();
        assert_eq!(source.sequence(0).unwrap(), 0);
        drop((source, inputs));
        // Made again, it waits for the timeout while event 2, new, is complete at once.
        let (mut source, mut inputs) = restarted(true);
        inputs[0].event(&mut with_seq(1, "x", 10)).unwrap();
        inputs[0].event(&mut with_seq(2, "x", 11)).unwrap();
        inputs[1].event(&mut with_seq(2, "y", 20)).unwrap();
        assert_eq!(source.owed(), Some(0));
        assert!(!source.owed_ready(), "event 1 waits for its timeout");
        std::thread::sleep(Duration::from_millis(40));
        assert!(source.owed_ready());
        assert_eq!(source.next_event().unwrap().unwrap().meta.event, 1, "the owed event first");
        assert_eq!((source.sequence(1).unwrap(), source.owed()), (0, None));
        assert!(!source.owed_ready());
        assert_eq!(source.next_event().unwrap().unwrap().meta.event, 2);
        assert_eq!(source.sequence(1).unwrap(), 1);
        source.terminate().unwrap();
    }

    fn table(timeout_ms: u64) -> (Arc<MergeTable>, MergeSource, Vec<MergeInput>) {
        let names = vec!["a".into(), "b".into(), "c".into()];
        let t = MergeTable::new("m", names, Duration::from_millis(timeout_ms), true, false);
        let inputs = (0..3).map(|i| MergeInput::new(t.clone(), i)).collect();
        (t.clone(), MergeSource::new(t), inputs)
    }

    #[test]
    fn parts_of_one_key_go_out_as_one_event() {
        let (t, mut source, mut inputs) = table(10_000);
        inputs[0].event(&mut part(1, 7, "x", 1)).unwrap();
        inputs[1].event(&mut part(1, 7, "y", 2)).unwrap();
        assert!(!source.ready());
        inputs[2].event(&mut part(1, 7, "z", 3)).unwrap();
        assert!(source.ready());
        let e = source.next_event().unwrap().unwrap();
        assert_eq!((e.meta.run, e.meta.event), (1, 7));
        assert_eq!(e.names().collect::<Vec<_>>(), ["x", "y", "z"]);
        assert!(!e.meta.flags.contains(Flags::INCOMPLETE));
        assert_eq!(t.counts(), MergeCounts { complete: 1, incomplete: 0, late: 0 });
    }

    #[test]
    fn a_missing_part_times_out_named_and_a_late_one_is_counted() {
        let (t, mut source, mut inputs) = table(30);
        inputs[0].event(&mut part(1, 1, "x", 1)).unwrap();
        inputs[2].event(&mut part(1, 1, "z", 3)).unwrap();
        let e = source.next_event().unwrap().unwrap();
        assert!(e.meta.flags.contains(Flags::INCOMPLETE));
        let missing = e.get(MISSING_SOURCES).unwrap();
        assert_eq!((missing.dtype(), missing.shape()), ("<U1", &[1u64][..]));
        assert_eq!(&missing.data()[..], &u32::from('b').to_le_bytes());
        inputs[1].event(&mut part(1, 1, "y", 2)).unwrap();
        assert_eq!(t.counts(), MergeCounts { complete: 0, incomplete: 1, late: 1 });
        assert!(!source.ready());
    }

    #[test]
    fn every_input_ended_sends_what_waits_then_ends() {
        let (_, mut source, mut inputs) = table(10_000);
        inputs[1].event(&mut part(2, 5, "y", 2)).unwrap();
        for input in &mut inputs {
            input.terminate().unwrap();
        }
        let e = source.next_event().unwrap().unwrap();
        let missing = e.get(MISSING_SOURCES).unwrap();
        assert_eq!(missing.shape(), &[2]);
        assert!(source.next_event().unwrap().is_none());
    }

    #[test]
    fn clashing_entries_are_kept_under_the_input_name_equal_ones_once() {
        let (_, mut source, mut inputs) = table(10_000);
        inputs[0].event(&mut part(1, 1, "x", 1)).unwrap();
        inputs[1].event(&mut part(1, 1, "x", 1)).unwrap();
        inputs[2].event(&mut part(1, 1, "x", 9)).unwrap();
        let e = source.next_event().unwrap().unwrap();
        assert_eq!(e.names().collect::<Vec<_>>(), ["x", "c.x"]);
    }

    #[test]
    fn the_same_input_twice_for_a_key_loses_neither_part() {
        let (t, mut source, mut inputs) = table(10_000);
        inputs[0].event(&mut part(1, 1, "x", 1)).unwrap();
        inputs[0].event(&mut part(1, 1, "x", 2)).unwrap();
        for input in &mut inputs {
            input.terminate().unwrap();
        }
        // The first went out with what it had when the second came; the second at the end.
        assert_eq!(source.next_event().unwrap().unwrap().get("x").unwrap().data()[0], 1);
        assert_eq!(source.next_event().unwrap().unwrap().get("x").unwrap().data()[0], 2);
        assert!(source.next_event().unwrap().is_none());
        assert_eq!(t.counts().incomplete, 2);
    }

    #[test]
    fn a_run_ended_by_every_input_sends_what_waits_then_says_so() {
        let (_, mut source, mut inputs) = table(10_000);
        inputs[0].event(&mut part(4, 1, "x", 1)).unwrap();
        inputs[1].event(&mut part(4, 1, "y", 1)).unwrap();
        for input in &mut inputs[..2] {
            input.end_run(4).unwrap();
        }
        assert!(!source.ready() && source.end_of_run().is_none());
        inputs[2].end_run(4).unwrap();
        let e = source.next_event().unwrap().unwrap();
        assert_eq!(e.get(MISSING_SOURCES).unwrap().shape(), &[1]);
        assert!(!source.ready());
        assert_eq!(source.end_of_run(), Some(4));
        assert_eq!(source.end_of_run(), None);
    }
}
