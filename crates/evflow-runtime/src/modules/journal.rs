//! What a restartable merger or funnel keeps so that its death loses no part and writes no
//! event twice (docs/topology-design.md, "Mergers, junctions and funnels that are restarted"):
//!
//! - a [`Journal`], the seq its origin gave each event, by the event's parts, in a file that
//!   outlives the process: a restarted process gives an event made again from the parts
//!   sent again the seq it had, so its custody drops the copy it has; a part's record is
//!   dropped once its input says it will not send the part again ([`Journal::settle`]);
//! - a [`Chain`]: the parts of each event sent and not yet at the custody, so that each
//!   input acknowledges a part only once the event made of it is there.
//!
//! ```text
//!   journal file: records of 20 bytes, little-endian, appended before each dispatch
//!     input u32 │ part u64 │ seq u64    (input u32::MAX: part 0, seq the first seq never given;
//!                                        seq u64::MAX: the part was late, decided without event)
//! ```
//!
//! A part is `(input, the seq it had in its input's segment)`. A record cut by the process's
//! death is dropped. The file is rewritten without the records dropped once they are most
//! of it (docs/topology-design.md, "The journal is bounded").

use crate::module::{HookResult, JobContext, ModuleError};
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// A part of an event: its input, and the seq it had in its input's segment.
pub type Part = (usize, u64);

/// Bytes of one journal record.
const RECORD: usize = 20;
/// The input of the record that says the first seq never given (a rewritten file's first).
const FLOOR_RECORD: u32 = u32::MAX;
/// The seq of a part's record that says it was decided without an event (late): sent again
/// to a restarted merger, it is late there too.
const LATE: u64 = u64::MAX;
/// Records of parts dropped that a journal file may hold beyond as many as it needs, before
/// it is rewritten without them (320 KiB).
pub const JOURNAL_SLACK: u64 = 1 << 14;

/// The seq a part's event was given, and whether an earlier process gave it and this one
/// has not given it again yet (owed).
#[derive(Clone, Copy)]
struct Given {
    seq: u64,
    owed: bool,
}

/// The seqs given to events, by their parts, in a file.
pub struct Journal {
    file: File,
    path: PathBuf,
    /// The records still needed, by input: part -> seq.
    parts: Vec<BTreeMap<u64, Given>>,
    /// How many records `parts` holds.
    needed: u64,
    /// Records in the file.
    in_file: u64,
    /// The seqs owed, with how many parts' records owe each.
    owed: BTreeMap<u64, u32>,
    /// New events get seqs from here on: above every seq given before.
    floor: u64,
    /// A rewrite failed (said once): the file goes on growing, every record in it.
    warned: bool,
}

impl Journal {
    /// Opens the journal at `path`: with `resume`, goes on with what an earlier process
    /// journaled there (a missing file is an empty journal); else starts it empty.
    pub fn open(path: &Path, resume: bool) -> std::io::Result<Journal> {
        // A rewrite that a death cut: the file it was to replace is whole.
        let _ = std::fs::remove_file(rewrite_path(path));
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true);
        let mut file = if resume { options.open(path)? } else { options.truncate(true).open(path)? };
        let mut bytes = Vec::new();
        if resume {
            file.read_to_end(&mut bytes)?;
        }
        let whole = bytes.len() - bytes.len() % RECORD;
        // A record cut by a death: the next one goes where it began.
        file.set_len(whole as u64)?;
        let file = OpenOptions::new().append(true).open(path)?;
        let mut journal = Journal {
            file,
            path: path.to_path_buf(),
            parts: Vec::new(),
            needed: 0,
            in_file: (whole / RECORD) as u64,
            owed: BTreeMap::new(),
            floor: 0,
            warned: false,
        };
        for record in bytes[..whole].chunks_exact(RECORD) {
            let (input, part, seq) = (u32_at(record, 0), u64_at(record, 4), u64_at(record, 12));
            if input == FLOOR_RECORD {
                journal.floor = journal.floor.max(seq);
                continue;
            }
            // A late part owes no seq and gives none.
            let owed = seq != LATE;
            if owed {
                journal.floor = journal.floor.max(seq + 1);
            }
            if let Entry::Vacant(slot) = journal.input(input as usize).entry(part) {
                slot.insert(Given { seq, owed });
                journal.needed += 1;
                if owed {
                    *journal.owed.entry(seq).or_default() += 1;
                }
            }
        }
        Ok(journal)
    }

    /// The records of input `input`.
    fn input(&mut self, input: usize) -> &mut BTreeMap<u64, Given> {
        if self.parts.len() <= input {
            self.parts.resize_with(input + 1, BTreeMap::new);
        }
        &mut self.parts[input]
    }

    /// The seq of the event made of `parts` (given `next`, the next seq its origin has not
    /// given): the one an earlier process gave it (the lowest its parts owe), or a new one;
    /// journaled before this returns.
    pub fn seq(&mut self, parts: &[Part], next: u64) -> std::io::Result<u64> {
        let owed = (parts.iter())
            .filter_map(|&(input, part)| self.parts.get(input)?.get(&part).filter(|g| g.owed).map(|g| g.seq))
            .min();
        let seq = owed.unwrap_or_else(|| {
            let seq = next.max(self.floor);
            self.floor = seq + 1;
            seq
        });
        let mut records = Vec::new();
        for &(input, part) in parts {
            match self.input(input).entry(part) {
                Entry::Occupied(mut given) if given.get().owed && given.get().seq == seq => {
                    given.get_mut().owed = false;
                    self.unowe(seq);
                }
                // Given another seq: its record stays, owed until its input settles it.
                Entry::Occupied(_) => {}
                Entry::Vacant(slot) => {
                    slot.insert(Given { seq, owed: false });
                    self.needed += 1;
                    records.extend_from_slice(&record(input as u32, part, seq));
                }
            }
        }
        // One write, to the OS: it outlives the process.
        self.file.write_all(&records)?;
        self.in_file += (records.len() / RECORD) as u64;
        self.rewrite_if_mostly_dropped();
        Ok(seq)
    }

    /// Whether one of `parts` has a record that owes its seq: the event made of them gets
    /// that seq again.
    pub fn owes(&self, parts: &[Part]) -> bool {
        (parts.iter()).any(|&(input, part)| self.parts.get(input).and_then(|p| p.get(&part)).is_some_and(|g| g.owed))
    }

    /// Journals input `input`'s part `part` as decided without an event (late), unless it is
    /// journaled already.
    pub fn late(&mut self, input: usize, part: u64) -> std::io::Result<()> {
        let Entry::Vacant(slot) = self.input(input).entry(part) else { return Ok(()) };
        slot.insert(Given { seq: LATE, owed: false });
        self.needed += 1;
        self.file.write_all(&record(input as u32, part, LATE))?;
        self.in_file += 1;
        self.rewrite_if_mostly_dropped();
        Ok(())
    }

    /// Whether input `input`'s part `part` was decided without an event (by any process).
    pub fn is_late(&self, input: usize, part: u64) -> bool {
        self.parts.get(input).and_then(|parts| parts.get(&part)).is_some_and(|given| given.seq == LATE)
    }

    fn unowe(&mut self, seq: u64) {
        if let Entry::Occupied(mut count) = self.owed.entry(seq) {
            *count.get_mut() -= 1;
            if *count.get() == 0 {
                count.remove();
            }
        }
    }

    /// Input `input` will never send again the parts below `below` nor those in `decided`
    /// (ranges: first seq, count): their records are dropped.
    pub fn settle(&mut self, input: usize, below: u64, decided: &[(u64, u64)]) {
        let map = self.input(input);
        let kept = map.split_off(&below);
        let mut dropped: Vec<Given> = std::mem::replace(map, kept).into_values().collect();
        for &(first, n) in decided {
            let parts: Vec<u64> = map.range(first..first.saturating_add(n)).map(|(&part, _)| part).collect();
            dropped.extend(parts.iter().filter_map(|part| map.remove(part)));
        }
        self.needed -= dropped.len() as u64;
        for given in dropped.into_iter().filter(|g| g.owed) {
            self.unowe(given.seq);
        }
        self.rewrite_if_mostly_dropped();
    }

    /// Rewrites the file with the records still needed once it holds more than twice as
    /// many plus [`JOURNAL_SLACK`]: into a new file, renamed over the old one (a death
    /// meanwhile leaves the old one whole). A rewrite that fails leaves the file as it was.
    fn rewrite_if_mostly_dropped(&mut self) {
        if self.in_file <= 2 * self.needed + JOURNAL_SLACK {
            return;
        }
        match self.rewrite() {
            Ok(file) => {
                self.file = file;
                self.in_file = self.needed + 1;
            }
            Err(e) if !self.warned => {
                self.warned = true;
                crate::log::warn!(
                    "the journal {} could not be rewritten without the records it no longer needs ({e}): it \
                     keeps growing",
                    self.path.display()
                );
            }
            Err(_) => {}
        }
    }

    fn rewrite(&self) -> std::io::Result<File> {
        let path = rewrite_path(&self.path);
        let mut file = OpenOptions::new().create(true).truncate(true).write(true).open(&path)?;
        let mut bytes = Vec::with_capacity((self.needed as usize + 1) * RECORD);
        bytes.extend_from_slice(&record(FLOOR_RECORD, 0, self.floor));
        for (input, parts) in self.parts.iter().enumerate() {
            for (&part, given) in parts {
                bytes.extend_from_slice(&record(input as u32, part, given.seq));
            }
        }
        let written = file.write_all(&bytes).and_then(|()| std::fs::rename(&path, &self.path));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&path);
            return Err(e);
        }
        Ok(file)
    }

    /// The lowest seq an earlier process gave that this one has not given again.
    pub fn lowest_owed(&self) -> Option<u64> {
        self.owed.keys().next().copied()
    }

    /// Removes the file (the job is over for the merger).
    pub fn remove(self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Where a journal at `path` is rewritten before it replaces it.
fn rewrite_path(path: &Path) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(".new");
    PathBuf::from(name)
}

fn record(input: u32, part: u64, seq: u64) -> [u8; RECORD] {
    let mut record = [0u8; RECORD];
    record[..4].copy_from_slice(&input.to_le_bytes());
    record[4..12].copy_from_slice(&part.to_le_bytes());
    record[12..].copy_from_slice(&seq.to_le_bytes());
    record
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

/// Where a restartable merger or funnel stands with the parts of the events it sent; one that
/// is not restarted has a chain that does nothing.
#[derive(Default)]
pub struct Chain {
    /// The merger or funnel is restarted when it dies.
    restarts: bool,
    /// Opened by the origin's source when it is initialized ([`Chain::open`]).
    journal: Option<Journal>,
    /// The parts of each event given a seq and not yet at the custody.
    sent: HashMap<u64, Vec<Part>>,
    /// Per input: the seqs of its parts that became safe, not yet taken by its custody.
    released: Vec<Vec<u64>>,
    /// Per input: the numbers of the runs whose end became safe, not yet taken.
    runs_released: Vec<Vec<u32>>,
    /// What each input settled before the journal was opened: applied when it is.
    settled: Vec<(u64, Vec<(u64, u64)>)>,
}

impl Chain {
    /// A chain for `inputs` inputs of a merger or funnel that `restarts` when it dies (else
    /// it does nothing).
    pub fn new(inputs: usize, restarts: bool) -> Chain {
        Chain {
            restarts,
            journal: None,
            sent: HashMap::new(),
            released: vec![Vec::new(); inputs],
            runs_released: vec![Vec::new(); inputs],
            settled: vec![(0, Vec::new()); inputs],
        }
    }

    /// Opens the journal where the engine keeps it (`ctx.journal`), going on with an earlier
    /// process's when it resumes.
    pub fn open(&mut self, ctx: &JobContext) -> HookResult {
        let Some(path) = ctx.journal.as_ref().filter(|_| self.restarts) else { return Ok(()) };
        let mut journal = Journal::open(path, ctx.resume)
            .map_err(|e| ModuleError::wrap(format!("cannot open the journal {}", path.display()), e))?;
        for (input, (below, decided)) in std::mem::take(&mut self.settled).into_iter().enumerate() {
            journal.settle(input, below, &decided);
        }
        self.journal = Some(journal);
        Ok(())
    }

    /// Removes the journal's file: the job is over for its merger or funnel.
    pub fn remove_journal(&mut self) {
        if let Some(journal) = self.journal.take() {
            journal.remove();
        }
    }

    /// The lowest seq the journal owes ([`Journal::lowest_owed`]).
    pub fn lowest_owed(&self) -> Option<u64> {
        self.journal.as_ref()?.lowest_owed()
    }

    /// Whether the event made of `parts` gets a seq an earlier process gave ([`Journal::owes`]).
    pub fn owes(&self, parts: &[Part]) -> bool {
        self.journal.as_ref().is_some_and(|journal| journal.owes(parts))
    }

    /// Whether the merger or funnel is restarted when it dies: its inputs' custodies hold what
    /// they keep until the chain releases it (`Module::holds`).
    pub fn restarts(&self) -> bool {
        self.restarts
    }

    /// The event made of `parts` goes out: its seq (journaled), given `next`.
    pub fn give(&mut self, parts: Vec<Part>, next: u64) -> HookResult<u64> {
        if !self.restarts {
            return Ok(next);
        }
        let seq = match self.journal.as_mut() {
            Some(journal) => {
                journal.seq(&parts, next).map_err(|e| ModuleError::wrap("cannot write to the journal", e))?
            }
            None => next,
        };
        self.sent.entry(seq).or_default().extend(parts);
        Ok(seq)
    }

    /// The events of `seqs` are at the custody: their parts are safe.
    pub fn delivered(&mut self, seqs: &[u64]) {
        for seq in seqs {
            for (input, part) in self.sent.remove(seq).into_iter().flatten() {
                self.released[input].push(part);
            }
        }
    }

    /// A part decided without an event (late): safe at once, and journaled so, so that a
    /// restarted process takes it for late too when its input sends it again.
    pub fn release(&mut self, input: usize, part: u64) -> HookResult {
        if !self.restarts {
            return Ok(());
        }
        if let Some(journal) = self.journal.as_mut() {
            journal.late(input, part).map_err(|e| ModuleError::wrap("cannot write to the journal", e))?;
        }
        self.released[input].push(part);
        Ok(())
    }

    /// Whether input `input`'s part `part` was decided late by an earlier process.
    pub fn is_late(&self, input: usize, part: u64) -> bool {
        self.journal.as_ref().is_some_and(|journal| journal.is_late(input, part))
    }

    /// The end of the run numbered `number` is at the custody (or was there already): every
    /// input's end of it is safe.
    pub fn run_delivered(&mut self, number: u32) {
        if self.restarts {
            self.runs_released.iter_mut().for_each(|runs| runs.push(number));
        }
    }

    /// The runs whose end became safe since input `input`'s custody last asked.
    pub fn take_runs_released(&mut self, input: usize) -> Vec<u32> {
        std::mem::take(&mut self.runs_released[input])
    }

    /// The seqs of input `input`'s parts that became safe since it last asked.
    pub fn take_released(&mut self, input: usize) -> Vec<u64> {
        std::mem::take(&mut self.released[input])
    }

    /// Input `input` will never send again its parts below `below` nor those `decided`
    /// names ([`Journal::settle`]).
    pub fn settle(&mut self, input: usize, below: u64, decided: &[(u64, u64)]) {
        match self.journal.as_mut() {
            Some(journal) => journal.settle(input, below, decided),
            None if !self.restarts => {}
            None => {
                let (floor, ranges) = &mut self.settled[input];
                *floor = (*floor).max(below);
                ranges.extend_from_slice(decided);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("evflow-test-journal-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_resumed_journal_gives_each_event_its_seq_again_and_new_ones_above() {
        let p = path("resume");
        let mut j = Journal::open(&p, false).unwrap();
        assert_eq!(j.seq(&[(0, 10), (1, 20)], 0).unwrap(), 0);
        assert_eq!(j.seq(&[(0, 11)], 1).unwrap(), 1);
        assert_eq!(j.seq(&[(0, 12), (1, 21)], 2).unwrap(), 2);
        drop(j);
        // A record cut by a death is dropped.
        std::fs::OpenOptions::new().append(true).open(&p).unwrap().write_all(&[7; 9]).unwrap();
        let mut j = Journal::open(&p, true).unwrap();
        assert_eq!(j.lowest_owed(), Some(0));
        assert_eq!(j.seq(&[(0, 11)], 0).unwrap(), 1);
        assert_eq!(j.seq(&[(1, 20)], 0).unwrap(), 0, "found by any of its parts");
        assert_eq!(j.lowest_owed(), Some(0), "its other part still owes it");
        assert_eq!(j.seq(&[(0, 13)], 0).unwrap(), 3, "new events above every seq given");
        assert_eq!(j.seq(&[(0, 10)], 4).unwrap(), 0);
        assert_eq!(j.seq(&[(0, 12), (1, 21)], 4).unwrap(), 2);
        assert_eq!(j.lowest_owed(), None);
        drop(j);
        let mut j = Journal::open(&p, true).unwrap();
        assert_eq!(j.seq(&[(0, 13)], 0).unwrap(), 3, "what the second process journaled is kept");
        j.remove();
        assert!(!p.exists());
    }

    #[test]
    fn a_late_part_stays_late_in_a_resumed_journal_until_settled() {
        let p = path("late");
        let mut j = Journal::open(&p, false).unwrap();
        assert_eq!(j.seq(&[(0, 10), (1, 20)], 0).unwrap(), 0);
        j.late(2, 30).unwrap();
        j.late(1, 20).unwrap();
        assert!(j.is_late(2, 30) && !j.is_late(1, 20), "a part of an event is not late");
        drop(j);
        let mut j = Journal::open(&p, true).unwrap();
        assert!(j.is_late(2, 30) && !j.is_late(2, 31));
        assert_eq!(j.lowest_owed(), Some(0), "a late part owes no seq");
        assert_eq!(j.seq(&[(0, 11)], 0).unwrap(), 1, "nor moves the floor");
        j.settle(2, 31, &[]);
        assert!(!j.is_late(2, 30));
        j.remove();
    }

    #[test]
    fn a_fresh_journal_forgets_an_old_file() {
        let p = path("fresh");
        Journal::open(&p, false).unwrap().seq(&[(1, 1)], 0).unwrap();
        let mut j = Journal::open(&p, false).unwrap();
        assert_eq!((j.lowest_owed(), j.seq(&[(2, 2)], 0).unwrap()), (None, 0));
        j.remove();
    }

    #[test]
    fn settled_parts_are_owed_no_more_and_a_part_of_two_events_keeps_the_other_seq() {
        let p = path("settle");
        let mut j = Journal::open(&p, false).unwrap();
        for part in 0..6 {
            j.seq(&[(0, part), (1, 100 + part)], part).unwrap();
        }
        drop(j);
        let mut j = Journal::open(&p, true).unwrap();
        // Input 0 had acks for its parts 0 and 1 and 3 (out of order); input 1 for 100-102.
        j.settle(0, 2, &[(3, 1)]);
        assert_eq!(j.lowest_owed(), Some(0), "input 1's part 100 may come again");
        j.settle(1, 103, &[]);
        assert_eq!(j.lowest_owed(), Some(2));
        assert_eq!(j.needed, 12 - 3 - 3);
        // Part 103 of input 1 comes again alone: its event's seq, though input 0's part is
        // settled.
        assert_eq!(j.seq(&[(1, 103)], 9).unwrap(), 3);
        // Parts of two events made into one: the lowest seq; the other stays owed.
        assert_eq!(j.seq(&[(0, 5), (1, 104)], 9).unwrap(), 4);
        assert_eq!(j.lowest_owed(), Some(2));
        j.settle(0, 6, &[]);
        j.settle(1, 106, &[]);
        assert_eq!((j.lowest_owed(), j.needed), (None, 0));
        assert_eq!(j.seq(&[(0, 6)], 0).unwrap(), 6, "seqs above every one given, though none is owed");
        j.remove();
    }

    #[test]
    fn a_journal_mostly_dropped_is_rewritten_and_keeps_its_floor() {
        let p = path("rewrite");
        let mut j = Journal::open(&p, false).unwrap();
        let events = 3 * JOURNAL_SLACK;
        for part in 0..events {
            j.seq(&[(0, part)], part).unwrap();
            // The input has had every ack but the last 10's.
            j.settle(0, part.saturating_sub(10), &[]);
        }
        let bytes = std::fs::metadata(&p).unwrap().len();
        assert!(bytes <= (JOURNAL_SLACK + 2 * 11 + 1) * RECORD as u64 + RECORD as u64, "{bytes} bytes");
        assert!(!rewrite_path(&p).exists());
        drop(j);
        // Resumed: the file still holds records dropped since it was rewritten, until the
        // input's `Resume` settles them.
        let mut j = Journal::open(&p, true).unwrap();
        assert!(j.needed > 11);
        j.settle(0, events - 11, &[]);
        assert_eq!((j.needed, j.lowest_owed()), (11, Some(events - 11)));
        assert_eq!(j.seq(&[(0, events - 1)], 0).unwrap(), events - 1);
        assert_eq!(j.seq(&[(0, events)], 0).unwrap(), events, "new seqs above the rewritten file's floor");
        drop(j);
        // A rewritten file whose records were all dropped: its floor record keeps the seqs given.
        std::fs::write(&p, record(FLOOR_RECORD, 0, events + 1)).unwrap();
        let mut j = Journal::open(&p, true).unwrap();
        assert_eq!((j.lowest_owed(), j.seq(&[(0, 0)], 0).unwrap()), (None, events + 1));
        j.remove();
    }

    #[test]
    fn a_chain_settles_what_came_before_its_journal_opened() {
        let p = path("chain");
        let mut j = Journal::open(&p, false).unwrap();
        j.seq(&[(0, 1)], 0).unwrap();
        j.seq(&[(0, 2)], 1).unwrap();
        drop(j);
        let mut chain = Chain::new(1, true);
        chain.settle(0, 2, &[]);
        let ctx = JobContext { journal: Some(p.clone()), resume: true, ..JobContext::default() };
        chain.open(&ctx).unwrap();
        assert_eq!(chain.lowest_owed(), Some(1));
        chain.remove_journal();
    }

    #[test]
    fn parts_are_released_once_their_event_is_delivered() {
        let mut off = Chain::new(2, false);
        assert_eq!(off.give(vec![(0, 40)], 7).unwrap(), 7);
        off.release(1, 3).unwrap();
        off.delivered(&[7]);
        assert!(!off.restarts() && off.take_released(0).is_empty() && off.take_released(1).is_empty());
        let mut chain = Chain::new(2, true);
        let seq = chain.give(vec![(0, 40), (1, 41)], 7).unwrap();
        chain.release(1, 3).unwrap();
        assert_eq!((seq, chain.take_released(0)), (7, vec![]));
        chain.delivered(&[7, 7]);
        assert_eq!((chain.take_released(0), chain.take_released(1)), (vec![40], vec![3, 41]));
        assert!(chain.take_released(1).is_empty());
    }

    #[test]
    fn a_runs_end_at_the_custody_is_released_to_every_input_once() {
        let mut off = Chain::new(2, false);
        off.run_delivered(4);
        assert!(off.take_runs_released(0).is_empty());
        let mut chain = Chain::new(2, true);
        chain.run_delivered(4);
        chain.run_delivered(5);
        assert_eq!((chain.take_runs_released(0), chain.take_runs_released(1)), (vec![4, 5], vec![4, 5]));
        assert!(chain.take_runs_released(0).is_empty());
    }
}
