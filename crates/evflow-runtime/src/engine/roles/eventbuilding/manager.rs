//! The event manager (EVM): the source of the event-building segment. It follows the RUs'
//! progress and yields one descriptor per batch, in order, once some RU has read past the
//! batch (docs/eventbuilding.md, "Assignment"); the engine dispatches each to a builder
//! with credit. A descriptor carries the release point, the oldest batch not yet at the
//! custody, and the batches after it that are at the custody already.

use super::{batch_of, BatchKey, EventBuilding, Progress, DONE_LISTED};
use crate::engine::protocol::Foreign;
use crate::log;
use crate::module::{HookResult, ModuleError, Opener, Source};
use evflow_core::{Entry, Event};
use evflow_transport::{Channel, ChannelError, Pattern, Side};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::time::Duration;

/// The entry of a descriptor holding the release point: `[run, batch]`.
pub const RELEASE: &str = "release";
/// The entry of a descriptor holding batches after the release point that are at the
/// custody: `[run, batch]` each, at most [`DONE_LISTED`], the newest.
pub const DONE: &str = "done";

/// The event manager's progress channel that failed.
#[derive(Debug, thiserror::Error)]
pub enum ManagerError {
    /// Receiving the RUs' progress failed.
    #[error("the event manager cannot receive progress: {0}")]
    ReceiveProgress(#[source] ChannelError),
}

/// Where one RU stands.
#[derive(Debug, Clone, Copy, Default)]
struct Readout {
    /// The batch of the fragment it read last, if any.
    at: Option<BatchKey>,
    ended: bool,
}

/// The event-building segment's source.
pub struct EventManager {
    name: String,
    eb: EventBuilding,
    progress: Option<Channel>,
    readouts: Vec<Readout>,
    /// Per run: the next batch to issue and the highest batch any RU reached.
    runs: BTreeMap<u32, (u64, u64)>,
    /// Descriptors issued and not yet at the custody: (seq, batch).
    issued: VecDeque<(u64, BatchKey)>,
    /// Batches at the custody after the release point (acknowledged one by one).
    done: BTreeSet<BatchKey>,
    seq: u64,
    foreign: Foreign,
}

impl EventManager {
    /// The manager of the builder named `name`.
    pub fn new(name: &str, eb: EventBuilding) -> EventManager {
        let readouts = vec![Readout::default(); eb.readouts.len()];
        EventManager {
            name: name.to_string(),
            eb,
            progress: None,
            readouts,
            runs: BTreeMap::new(),
            issued: VecDeque::new(),
            done: BTreeSet::new(),
            seq: 0,
            foreign: Foreign::new("progress channel", ("a readout's progress", "progress")),
        }
    }

    /// Takes the progress messages waiting.
    fn take_progress(&mut self, wait: Duration) -> Result<(), ManagerError> {
        let mut wait = Some(wait);
        loop {
            let Some(channel) = self.progress.as_mut() else { return Ok(()) };
            let message = match channel.recv(wait) {
                Ok(m) => m,
                Err(e) if e.is_timeout() => return Ok(()),
                Err(e) => return Err(ManagerError::ReceiveProgress(e)),
            };
            wait = Some(Duration::ZERO);
            let progress = match message.parts.first().map(|p| Progress::decode(p.as_slice())) {
                Some(Ok(p)) if (p.readout as usize) < self.readouts.len() => p,
                _ => {
                    self.foreign.drop(&self.name, message.peer.as_deref(), "not progress, or of no readout");
                    continue;
                }
            };
            self.take(progress);
        }
    }

    fn take(&mut self, p: Progress) {
        let readout = &mut self.readouts[p.readout as usize];
        if p.ended {
            readout.ended = true;
        }
        if !p.any {
            return;
        }
        let at = batch_of(p.run, p.number, self.eb.batch);
        // A restarted RU reads from its beginning: where it is now is behind what it read.
        readout.at = readout.at.max(Some(at));
        let first = batch_of(p.run, p.first, self.eb.batch).1.min(at.1);
        let run = self.runs.entry(at.0).or_insert((first, at.1));
        run.1 = run.1.max(at.1);
    }

    /// Whether some RU has read past `batch` (a later fragment, or to its source's end).
    fn passed(&self, batch: BatchKey) -> bool {
        self.readouts.iter().any(|r| match r.at {
            Some(at) if r.ended => at >= batch,
            Some(at) => at > batch,
            None => false,
        })
    }

    /// The next batch to issue, if some RU has passed it.
    fn next_batch(&self) -> Option<BatchKey> {
        let (&run, &(next, _)) = self.runs.iter().find(|(_, (next, highest))| next <= highest)?;
        self.passed((run, next)).then_some((run, next))
    }

    fn all_ended(&self) -> bool {
        self.readouts.iter().all(|r| r.ended)
    }

    /// The oldest batch not yet at the custody.
    fn release(&self) -> BatchKey {
        if let Some(&(_, batch)) = self.issued.front() {
            return batch;
        }
        self.runs.iter().find(|(_, (next, highest))| next <= highest).map_or((0, 0), |(&run, &(next, _))| (run, next))
    }
}

impl Source for EventManager {
    fn name(&self) -> &str {
        &self.name
    }

    fn open_channels(&mut self, open: &dyn Opener) -> Result<(), String> {
        self.progress = Some(open.open(Pattern::Pull, "progress", Side::Bind).map_err(|e| e.to_string())?);
        Ok(())
    }

    fn acknowledged(&mut self, watermark: u64) {
        while self.issued.front().is_some_and(|&(seq, _)| seq < watermark) {
            self.issued.pop_front();
        }
        // Called on every turn of the input's loop: pops what the release point passed,
        // rather than splitting the set (a new tree each time).
        let release = self.release();
        while self.done.first().is_some_and(|&b| b < release) {
            self.done.pop_first();
        }
    }

    fn delivered(&mut self, seqs: &[u64]) {
        for &seq in seqs {
            if let Ok(at) = self.issued.binary_search_by_key(&seq, |&(s, _)| s) {
                self.done.insert(self.issued[at].1);
            }
        }
    }

    fn ready(&mut self) -> bool {
        if let Err(e) = self.take_progress(Duration::ZERO) {
            log::error!("{e}");
            return true; // next_event says it
        }
        self.next_batch().is_some() || self.all_ended()
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        loop {
            if let Some(batch) = self.next_batch() {
                self.runs.get_mut(&batch.0).expect("a run it issues from").0 += 1;
                let release = self.release().min(batch);
                let mut event = Event::new(batch.0, batch.1);
                event.put(RELEASE, batches_entry(&[release])).map_err(|e| ModuleError::msg(e.to_string()))?;
                let done: Vec<BatchKey> = self.done.range(release..).rev().take(DONE_LISTED).copied().collect();
                event.put(DONE, batches_entry(&done)).map_err(|e| ModuleError::msg(e.to_string()))?;
                self.issued.push_back((self.seq, batch));
                self.seq += 1;
                return Ok(Some(event));
            }
            if self.all_ended() {
                self.foreign.report(&self.name);
                return Ok(None);
            }
            self.take_progress(Duration::from_millis(20)).map_err(|e| ModuleError::msg(e.to_string()))?;
        }
    }
}

/// An entry of batches: `[run, batch]` each, as u64 LE words.
fn batches_entry(batches: &[BatchKey]) -> Entry {
    let bytes: Vec<u8> = batches.iter().flat_map(|&(run, k)| [u64::from(run), k]).flat_map(u64::to_le_bytes).collect();
    Entry::new("<u8", vec![2 * batches.len() as u64], bytes.into()).expect("two words a batch")
}

/// The batches of entry `name` of a descriptor (`None`: no such entry, or not whole batches).
fn batches_of(descriptor: &Event, name: &str) -> Option<Vec<BatchKey>> {
    let data = descriptor.get(name)?.data();
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().expect("8 bytes"));
    (data.len() % 16 == 0).then(|| data.chunks_exact(16).map(|b| (word(&b[..8]) as u32, word(&b[8..]))).collect())
}

/// The release point a descriptor carries.
pub fn release_of(descriptor: &Event) -> Option<BatchKey> {
    match batches_of(descriptor, RELEASE)?.as_slice() {
        &[release] => Some(release),
        _ => None,
    }
}

/// The batches after the release point at the custody that a descriptor names.
pub fn done_of(descriptor: &Event) -> Vec<BatchKey> {
    batches_of(descriptor, DONE).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manager(readouts: usize) -> EventManager {
        let names = (0..readouts).map(|i| format!("ru{i}")).collect();
        EventManager::new("eb", EventBuilding { readouts: names, batch: 10, timeout: Duration::from_secs(1) })
    }

    fn at(readout: u32, run: u32, number: u64) -> Progress {
        Progress { readout, run, number, first: 0, any: true, ended: false }
    }

    fn issued(m: &mut EventManager) -> Vec<BatchKey> {
        let mut out = Vec::new();
        while let Some(b) = m.next_batch() {
            m.runs.get_mut(&b.0).unwrap().0 += 1;
            out.push(b);
        }
        out
    }

    #[test]
    fn a_batch_goes_once_some_readout_passed_it() {
        let mut m = manager(2);
        m.take(at(0, 1, 5));
        m.take(at(1, 1, 0));
        assert_eq!(issued(&mut m), vec![], "batch 0 is still being read");
        m.take(at(1, 1, 25));
        assert_eq!(issued(&mut m), vec![(1, 0), (1, 1)]);
        // A later run closes the run's last batch; its own batches follow.
        m.take(at(1, 2, 12));
        m.take(at(0, 2, 31));
        assert_eq!(issued(&mut m), vec![(1, 2), (2, 0), (2, 1), (2, 2)], "run 2 from its first batch");
        m.take(Progress { ended: true, ..at(0, 2, 31) });
        assert_eq!(issued(&mut m), vec![(2, 3)]);
        assert!(!m.all_ended());
        m.take(Progress { ended: true, any: false, ..at(1, 0, 0) });
        assert!(m.all_ended());
    }

    #[test]
    fn a_restarted_readout_going_back_changes_nothing() {
        let mut m = manager(1);
        m.take(at(0, 1, 45));
        assert_eq!(issued(&mut m).len(), 4);
        m.take(at(0, 1, 3));
        assert_eq!(issued(&mut m), vec![]);
        assert_eq!(m.readouts[0].at, Some((1, 4)));
    }

    #[test]
    fn the_release_point_is_the_oldest_batch_not_at_the_custody() {
        let mut m = manager(1);
        m.take(at(0, 1, 35));
        let releases: Vec<_> = (0..3).map(|_| release_of(&m.next_event().unwrap().unwrap()).unwrap()).collect();
        assert_eq!(releases, vec![(1, 0), (1, 0), (1, 0)]);
        m.acknowledged(2);
        assert_eq!(m.release(), (1, 2));
        m.acknowledged(3);
        assert_eq!(m.release(), (1, 3), "nothing in flight: the next batch");
    }

    #[test]
    fn descriptors_name_the_batches_at_the_custody_after_the_release_point() {
        let mut m = manager(1);
        m.take(at(0, 1, 10 * (DONE_LISTED as u64 + 5)));
        let mut next = || m.next_event().unwrap().unwrap();
        let first = next();
        assert_eq!((release_of(&first), done_of(&first)), (Some((1, 0)), vec![]));
        for _ in 0..DONE_LISTED + 2 {
            next();
        }
        m.delivered(&[2, 4, 999]);
        m.acknowledged(0);
        let d = m.next_event().unwrap().unwrap();
        assert_eq!((release_of(&d), done_of(&d)), (Some((1, 0)), vec![(1, 4), (1, 2)]), "the newest first");
        // Seqs 0 to DONE_LISTED + 3 issued: all but 0, 1 and 3 at the custody.
        m.delivered(&(5..DONE_LISTED as u64 + 4).collect::<Vec<_>>());
        let done = done_of(&m.next_event().unwrap().unwrap());
        let newest = (1, DONE_LISTED as u64 + 3);
        assert_eq!((done.len(), done[0], done[DONE_LISTED - 1]), (DONE_LISTED, newest, (1, 4)), "(1, 2) left out");
        m.acknowledged(1);
        assert_eq!(m.release(), (1, 1));
        m.acknowledged(3);
        assert_eq!((m.release(), m.done.first()), ((1, 3), Some(&(1, 4))), "done batches before it are forgotten");
    }
}
