//! What a restartable merger or funnel keeps so that its death loses no part and writes no
//! event twice (docs/topology-design.md, "Mergers, junctions and funnels that are restarted"):
//!
//! - a [`Journal`], the seq its origin gave each event, by the event's key, in a file that
//!   outlives the process: a restarted process gives an event made again from the parts
//!   sent again the seq it had, so its custody drops the copy it has;
//! - a [`Chain`]: the parts of each event sent and not yet at the custody, so that each
//!   input acknowledges a part only once the event made of it is there.
//!
//! ```text
//!   journal file: records of 20 bytes, little-endian, appended before each dispatch
//!     key.0 u32 │ key.1 u64 │ seq u64
//! ```
//!
//! A merger's key is (run, event number); a junction's and a funnel's (input, the seq the
//! event had in its input's segment). A record cut by the process's death is dropped.

use crate::module::{HookResult, JobContext, ModuleError};
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What identifies an event made from parts, the same every time it is made again.
pub type JournalKey = (u32, u64);

/// Bytes of one journal record.
const RECORD: usize = 20;

/// The seqs given to events, by key, in a file.
pub struct Journal {
    file: File,
    path: PathBuf,
    /// Seqs an earlier process gave, not given again yet, by key (in the order given).
    owed: HashMap<JournalKey, VecDeque<u64>>,
    /// The same seqs, lowest first.
    owed_seqs: BTreeSet<u64>,
    /// New events get seqs from here on: above every seq given before.
    floor: u64,
}

impl Journal {
    /// Opens the journal at `path`: with `resume`, goes on with what an earlier process
    /// journaled there (a missing file is an empty journal); else starts it empty.
    pub fn open(path: &Path, resume: bool) -> std::io::Result<Journal> {
        let mut owed: HashMap<JournalKey, VecDeque<u64>> = HashMap::new();
        let mut owed_seqs = BTreeSet::new();
        let mut floor = 0;
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true);
        let mut file = if resume { options.open(path)? } else { options.truncate(true).open(path)? };
        if resume {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            let whole = bytes.len() - bytes.len() % RECORD;
            for record in bytes[..whole].chunks_exact(RECORD) {
                let key = (u32_at(record, 0), u64_at(record, 4));
                let seq = u64_at(record, 12);
                owed.entry(key).or_default().push_back(seq);
                owed_seqs.insert(seq);
                floor = floor.max(seq + 1);
            }
            // A record cut by a death: the next one goes where it began.
            file.set_len(whole as u64)?;
        }
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal { file, path: path.to_path_buf(), owed, owed_seqs, floor })
    }

    /// The seq of the event `key` (given `next`, the next seq its origin has not given):
    /// the one an earlier process gave it, or a new one, journaled before this returns.
    pub fn seq(&mut self, key: JournalKey, next: u64) -> std::io::Result<u64> {
        if let Some(seqs) = self.owed.get_mut(&key) {
            let seq = seqs.pop_front().expect("no empty lists are kept");
            if seqs.is_empty() {
                self.owed.remove(&key);
            }
            self.owed_seqs.remove(&seq);
            return Ok(seq);
        }
        let seq = next.max(self.floor);
        self.floor = seq + 1;
        let mut record = [0u8; RECORD];
        record[..4].copy_from_slice(&key.0.to_le_bytes());
        record[4..12].copy_from_slice(&key.1.to_le_bytes());
        record[12..].copy_from_slice(&seq.to_le_bytes());
        // One write, to the OS: it outlives the process.
        self.file.write_all(&record)?;
        Ok(seq)
    }

    /// The lowest seq an earlier process gave that this one has not given again.
    pub fn lowest_owed(&self) -> Option<u64> {
        self.owed_seqs.first().copied()
    }

    /// Removes the file (the job is over for the merger).
    pub fn remove(self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}

/// Where a restartable merger or funnel stands with the parts of the events it sent.
#[derive(Default)]
pub struct Chain {
    /// Opened by the origin's source when it is initialized ([`Chain::open`]).
    journal: Option<Journal>,
    /// The parts of each event given a seq and not yet at the custody: (input, the part's
    /// seq in its input's segment).
    sent: HashMap<u64, Vec<(usize, u64)>>,
    /// Per input: the seqs of its parts that became safe, not yet taken by its custody.
    released: Vec<Vec<u64>>,
}

impl Chain {
    /// A chain for `inputs` inputs.
    pub fn new(inputs: usize) -> Chain {
        Chain { journal: None, sent: HashMap::new(), released: vec![Vec::new(); inputs] }
    }

    /// Opens the journal where the engine keeps it (`ctx.journal`), going on with an earlier
    /// process's when it resumes.
    pub fn open(&mut self, ctx: &JobContext) -> HookResult {
        let Some(path) = ctx.journal.as_ref() else { return Ok(()) };
        let journal = Journal::open(path, ctx.resume)
            .map_err(|e| ModuleError::wrap(format!("cannot open the journal {}", path.display()), e))?;
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

    /// The event of key `key` made of `parts` goes out: its seq (journaled), given `next`.
    pub fn give(&mut self, key: JournalKey, parts: Vec<(usize, u64)>, next: u64) -> HookResult<u64> {
        let seq = match self.journal.as_mut() {
            Some(journal) => journal.seq(key, next).map_err(|e| ModuleError::wrap("cannot write to the journal", e))?,
            None => next,
        };
        self.sent.insert(seq, parts);
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

    /// A part decided without an event (late): safe at once.
    pub fn release(&mut self, input: usize, part: u64) {
        self.released[input].push(part);
    }

    /// The seqs of input `input`'s parts that became safe since it last asked.
    pub fn take_released(&mut self, input: usize) -> Vec<u64> {
        std::mem::take(&mut self.released[input])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("evflow-test-journal-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_resumed_journal_gives_each_key_its_seq_again_and_new_ones_above() {
        let p = path("resume");
        let mut j = Journal::open(&p, false).unwrap();
        assert_eq!(j.seq((1, 10), 0).unwrap(), 0);
        assert_eq!(j.seq((1, 11), 1).unwrap(), 1);
        assert_eq!(j.seq((1, 10), 2).unwrap(), 2, "a key given twice gets a seq each time");
        drop(j);
        // A record cut by a death is dropped.
        std::fs::OpenOptions::new().append(true).open(&p).unwrap().write_all(&[7; 9]).unwrap();
        let mut j = Journal::open(&p, true).unwrap();
        assert_eq!(j.lowest_owed(), Some(0));
        assert_eq!(j.seq((1, 11), 0).unwrap(), 1);
        assert_eq!(j.seq((1, 10), 0).unwrap(), 0);
        assert_eq!(j.seq((1, 12), 0).unwrap(), 3, "new keys above every seq given");
        assert_eq!(j.seq((1, 10), 4).unwrap(), 2);
        assert_eq!(j.lowest_owed(), None);
        drop(j);
        let mut j = Journal::open(&p, true).unwrap();
        assert_eq!(j.seq((1, 12), 0).unwrap(), 3, "what the second process journaled is kept");
        j.remove();
        assert!(!p.exists());
    }

    #[test]
    fn a_fresh_journal_forgets_an_old_file() {
        let p = path("fresh");
        Journal::open(&p, false).unwrap().seq((1, 1), 0).unwrap();
        let mut j = Journal::open(&p, false).unwrap();
        assert_eq!((j.lowest_owed(), j.seq((2, 2), 0).unwrap()), (None, 0));
        j.remove();
    }

    #[test]
    fn parts_are_released_once_their_event_is_delivered() {
        let mut chain = Chain::new(2);
        let seq = chain.give((1, 5), vec![(0, 40), (1, 41)], 7).unwrap();
        chain.release(1, 3);
        assert_eq!((seq, chain.take_released(0)), (7, vec![]));
        chain.delivered(&[7, 7]);
        assert_eq!((chain.take_released(0), chain.take_released(1)), (vec![40], vec![3, 41]));
        assert!(chain.take_released(1).is_empty());
    }
}
