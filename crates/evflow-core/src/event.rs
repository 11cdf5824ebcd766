//! Events: meta data and a data store of named entries.

use crate::entry::{check_name, Entry, EntryError, MAX_ENTRIES};
use crate::file::StoredRecord;
use bytes::Bytes;
use indexmap::IndexMap;
use std::sync::Arc;

/// Event flags, a bit set with one name per bit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Flags(pub u32);

impl Flags {
    /// A module raised on this event and processing went on (`on_error="skip"`).
    pub const FAILED: Flags = Flags(1);
    /// The event was sent to a worker again after a worker died on it.
    pub const RETRIED: Flags = Flags(1 << 1);
    /// Event building timed out before every source had delivered.
    pub const INCOMPLETE: Flags = Flags(1 << 2);

    /// Every named flag, in bit order: the one table of names.
    pub const NAMED: [(Flags, &'static str); 3] =
        [(Flags::FAILED, "failed"), (Flags::RETRIED, "retried"), (Flags::INCOMPLETE, "incomplete")];

    /// Whether every bit of `other` is set.
    pub fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Sets the bits of `other`.
    pub fn insert(&mut self, other: Flags) {
        self.0 |= other.0;
    }

    /// Clears the bits of `other`.
    pub fn remove(&mut self, other: Flags) {
        self.0 &= !other.0;
    }

    /// The names of the set bits; unnamed bits read as `bitN`.
    pub fn names(self) -> Vec<String> {
        (0..32)
            .filter(|bit| self.0 & (1 << bit) != 0)
            .map(|bit| match Flags::NAMED.iter().find(|(f, _)| f.0 == 1 << bit) {
                Some((_, name)) => name.to_string(),
                None => format!("bit{bit}"),
            })
            .collect()
    }

    /// The flag of a name, as [`Flags::names`] writes it.
    pub fn from_name(name: &str) -> Option<Flags> {
        if let Some((flag, _)) = Flags::NAMED.iter().find(|(_, n)| *n == name) {
            return Some(*flag);
        }
        let bit: u32 = name.strip_prefix("bit")?.parse().ok()?;
        (bit < 32).then(|| Flags(1 << bit))
    }
}

/// Where an event comes from and what happened to it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EventMeta {
    /// Run number.
    pub run: u32,
    /// Event number within the run.
    pub event: u64,
    /// Position in the job's input, assigned by the input: unique and increasing.
    pub seq: u64,
    /// Flags such as failed or retried.
    pub flags: Flags,
}

/// One event: meta data and an ordered data store.
#[derive(Debug, Clone, Default)]
pub struct Event {
    /// Run, event number, seq, flags.
    pub meta: EventMeta,
    entries: IndexMap<String, Entry>,
    /// Its file record as a worker made it (docs/parallel.md, "Compressed output"), for the
    /// event as it was then.
    record: Option<Arc<StoredRecord>>,
}

/// Two events are equal when their meta data and entries are: a record made for one says
/// nothing more about it.
impl PartialEq for Event {
    fn eq(&self, other: &Event) -> bool {
        self.meta == other.meta && self.entries == other.entries
    }
}

/// What identifies an event's content without reading its bytes: its meta data, and each
/// entry's name, type, shape and memory. Entries never change their bytes in place, so an
/// event with the same fingerprint as before holds the same content, as long as the memory
/// the fingerprint names is not given back and used again (see [`Fingerprint::keeping`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Fingerprint {
    meta: EventMeta,
    entries: Vec<(String, String, Vec<u64>, usize, usize)>,
}

impl Fingerprint {
    /// The fingerprint of `event` now.
    pub fn of(event: &Event) -> Fingerprint {
        let entries = event
            .iter()
            .map(|(name, e)| {
                (name.to_string(), e.dtype().to_string(), e.shape().to_vec(), e.data().as_ptr() as usize, e.len())
            })
            .collect();
        Fingerprint { meta: event.meta, entries }
    }

    /// The fingerprint of `event` now, and references to its entries' bytes: while they are
    /// held, no other bytes can take the memory the fingerprint names.
    pub fn keeping(event: &Event) -> (Fingerprint, Vec<Bytes>) {
        (Fingerprint::of(event), event.iter().map(|(_, e)| e.data().clone()).collect())
    }
}

impl Event {
    /// An empty event.
    pub fn new(run: u32, event: u64) -> Event {
        Event::with_meta(EventMeta { run, event, ..EventMeta::default() })
    }

    /// An event with the given meta data and no entries.
    pub fn with_meta(meta: EventMeta) -> Event {
        Event { meta, entries: IndexMap::new(), record: None }
    }

    /// The entry called `name`.
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    /// Puts an entry, replacing one of the same name in place (order is kept).
    pub fn put(&mut self, name: impl Into<String>, entry: Entry) -> Result<(), EntryError> {
        let name = name.into();
        check_name(&name)?;
        if self.entries.len() >= MAX_ENTRIES && !self.entries.contains_key(&name) {
            return Err(EntryError::TooManyEntries);
        }
        self.entries.insert(name, entry);
        Ok(())
    }

    /// Removes and returns the entry called `name`, keeping the order of the others.
    pub fn remove(&mut self, name: &str) -> Option<Entry> {
        self.entries.shift_remove(name)
    }

    /// Entry `index` in order, its name and the entry, writable (the name is not).
    pub fn get_index_mut(&mut self, index: usize) -> Option<(&str, &mut Entry)> {
        self.entries.get_index_mut(index).map(|(k, v)| (k.as_str(), v))
    }

    /// Entry `index` in order, with its name.
    pub fn get_index(&self, index: usize) -> Option<(&str, &Entry)> {
        self.entries.get_index(index).map(|(k, v)| (k.as_str(), v))
    }

    /// Keeps the first `len` entries, in order.
    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
    }

    /// Whether an entry called `name` exists.
    pub fn contains(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    /// Entry names in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// Entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the data store is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Total payload bytes.
    pub fn payload_bytes(&self) -> usize {
        self.entries.values().map(Entry::len).sum()
    }

    /// A copy whose entries own their bytes (64-byte aligned): it holds no reference to the
    /// frame or the shared memory the event was decoded from, so it may wait in a queue
    /// without keeping them.
    pub fn detached(&self) -> Event {
        let entries = self
            .entries
            .iter()
            .map(|(name, e)| {
                let data = crate::aligned::aligned_copy(e.data());
                (name.clone(), Entry::from_checked(e.dtype().to_string(), e.shape().to_vec(), data, None))
            })
            .collect();
        Event { meta: self.meta, entries, record: None }
    }

    /// An event from meta data and entries the decoder has already checked.
    pub(crate) fn from_parts(meta: EventMeta, entries: IndexMap<String, Entry>) -> Event {
        Event { meta, entries, record: None }
    }

    /// Gives the event its file record as a worker made it from the event as it is now.
    pub fn attach_record(&mut self, record: StoredRecord) {
        self.record = Some(Arc::new(record));
    }

    /// The record attached to the event, if the event is still as it was when it was
    /// attached: a writer writes that record instead of making it again.
    pub fn stored_record(&self) -> Option<&StoredRecord> {
        self.record.as_deref().filter(|r| r.made_for(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;

    #[test]
    fn flags_have_names() {
        let mut f = Flags::default();
        f.insert(Flags::FAILED);
        f.insert(Flags(1 << 9));
        assert_eq!(f.names(), vec!["failed", "bit9"]);
        assert_eq!(Flags::from_name("retried"), Some(Flags::RETRIED));
        assert_eq!(Flags::from_name("bit9"), Some(Flags(1 << 9)));
        assert_eq!(Flags::from_name("bit32"), None);
    }

    #[test]
    fn replacing_keeps_order() {
        let mut ev = Event::new(1, 2);
        for name in ["a", "b", "c"] {
            ev.put(name, Entry::bytes(Bytes::from_static(b"x"))).unwrap();
        }
        ev.put("a", Entry::bytes(Bytes::from_static(b"yy"))).unwrap();
        ev.remove("b");
        assert_eq!(ev.names().collect::<Vec<_>>(), vec!["a", "c"]);
        assert_eq!(ev.get("a").unwrap().len(), 2);
        assert!(ev.put("", Entry::bytes(Bytes::new())).is_err());
    }
}
