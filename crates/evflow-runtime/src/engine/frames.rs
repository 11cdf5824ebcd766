//! Events as the parts of a message: the frame, then the payloads of its external entries,
//! each a block of the segment that moves by handle; and the segment as the home of the large
//! entries a process makes (docs/parallel.md, "Large entries travel beside the frame").

use super::error::SendError;
use evflow_core::entry::Home;
use evflow_core::file::{RecordMaker, StoredRecord};
use evflow_core::home::{HomeBlock, Homes};
use evflow_core::wire::{self, DecodeOptions, EncodeOptions, External, FrameError, FrameLayout};
use evflow_core::{Entry, Event};
use evflow_shm::{Attached, Block, BlockMut};
use evflow_transport::{Channel, ChannelError, Part, PartMut};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Encodes `event` as message parts of `channel` (the frame a block of the segment on shm),
/// waiting up to `wait` for room; `None` when the segment stayed full, so the caller can see
/// to its duties and retry. External entries with a home in the channel's segment go by
/// handle; on shm the others are copied into blocks here (so a send never waits for room).
pub fn try_encode(channel: &Channel, event: &Event, wait: Duration) -> Result<Option<Vec<Part>>, SendError> {
    let layout = FrameLayout::with_external(event);
    let alloc = |len| try_alloc(channel, len, event, wait);
    let Some(mut frame) = alloc(layout.frame_len())? else { return Ok(None) };
    wire::encode_into(event, &layout, frame.as_mut_slice(), EncodeOptions::default());
    let mut parts = vec![frame.freeze()];
    for entry in layout.externals(event) {
        let Some(segment) = channel.segment() else {
            parts.push(Part::Bytes(entry.data().clone()));
            continue;
        };
        if let Some(block) = homed_in(entry, segment) {
            parts.push(Part::Shm(block.clone()));
            continue;
        }
        let Some(mut part) = alloc(entry.len())? else { return Ok(None) };
        part.as_mut_slice().copy_from_slice(entry.data());
        parts.push(part.freeze());
    }
    Ok(Some(parts))
}

/// Room for `len` bytes of `event` in a message of `channel`, waiting up to `wait` for it;
/// `None` when the segment stayed full.
fn try_alloc(channel: &Channel, len: usize, event: &Event, wait: Duration) -> Result<Option<PartMut>, SendError> {
    match channel.alloc(len, Some(wait)) {
        Ok(part) => Ok(Some(part)),
        Err(ChannelError::Alloc { source: evflow_shm::AllocError::SegmentFull { .. }, .. }) => Ok(None),
        Err(source) => {
            Err(SendError::NoRoom { run: event.meta.run, event: event.meta.event, source: Box::new(source) })
        }
    }
}

/// The parts of `event`'s file record as `maker` makes it (docs/parallel.md, "Compressed
/// output"): its description, then its stored bytes, compressed straight into a block of the
/// segment on shm. `Some(None)` when the event is too large for a file (the output's writer
/// refuses it); `None` when the segment stayed full for `wait`.
pub fn try_record(
    channel: &Channel,
    maker: &mut RecordMaker,
    event: &Event,
    wait: Duration,
) -> Result<Option<Option<[Part; 2]>>, SendError> {
    let Some(bound) = maker.encode(event) else { return Ok(Some(None)) };
    let Some(mut stored) = try_alloc(channel, bound, event, wait)? else { return Ok(None) };
    let made = maker.compress_into(stored.as_mut_slice());
    stored.truncate(made.stored);
    Ok(Some(Some([Part::from(maker.describe(made).to_vec()), stored.freeze()])))
}

/// A result's event parts, and the parts of the record made for it when its status says it
/// carries one (`None` when the parts are too few for that).
fn split_record(recorded: bool, parts: &[Part]) -> Option<(&[Part], Option<[&Part; 2]>)> {
    if !recorded {
        return Some((parts, None));
    }
    match parts {
        [event @ .., description, stored] => Some((event, Some([description, stored]))),
        _ => None,
    }
}

/// Decodes a result's event from its parts, with the record made for it attached.
pub fn decode_result(recorded: bool, parts: &[Part]) -> Result<Event, ResultError> {
    let (event, record) = split_record(recorded, parts).ok_or(ResultError::NoRecord)?;
    if event.is_empty() {
        return Err(ResultError::NoEvent);
    }
    let mut decoded = decode(event).map_err(ResultError::Frame)?;
    if let Some([description, stored]) = record {
        let record = StoredRecord::for_event(&decoded, description.as_slice(), stored.clone().into_bytes())
            .map_err(ResultError::Record)?;
        decoded.attach_record(record);
    }
    Ok(decoded)
}

/// Why a result's parts are not an event (and its record).
#[derive(Debug, thiserror::Error)]
pub enum ResultError {
    /// No event's parts.
    #[error("no event")]
    NoEvent,
    /// Too few parts for an event and its record.
    #[error("fewer parts than an event and the record made for it")]
    NoRecord,
    /// The event does not decode.
    #[error("its event does not decode: {0}")]
    Frame(FrameError),
    /// The record's description is malformed.
    #[error("{0}")]
    Record(String),
}

/// The block of `segment` that holds exactly `entry`'s bytes, if its home is one.
fn homed_in<'e>(entry: &'e Entry, segment: &Attached) -> Option<&'e Block> {
    let block = &entry.home()?.downcast_ref::<Homed>()?.block;
    let start = segment.segment().header() as *const _ as usize;
    let inside = (start..start + segment.segment().layout().size).contains(&(block.as_ptr() as usize));
    (inside && block.as_ptr() == entry.data().as_ptr() && block.len() == entry.len()).then_some(block)
}

/// Decodes an event from its parts, in place; its external entries keep their blocks as
/// homes, so encoding the event again sends them on by handle.
pub fn decode(parts: &[Part]) -> Result<Event, FrameError> {
    let (frame, rest) = parts.split_first().expect("an event travels as at least its frame");
    let externals: Vec<External> = rest
        .iter()
        .map(|part| match part {
            Part::Shm(block) => {
                let home: Home = Arc::new(Homed { block: block.clone(), budget: None });
                External { data: part.clone().into_bytes(), home: Some(home) }
            }
            Part::Bytes(bytes) => External { data: bytes.clone(), home: None },
        })
        .collect();
    wire::decode_with_parts(&frame.clone().into_bytes(), &externals, &DecodeOptions::default())
}

/// Bytes of all the parts.
pub fn len(parts: &[Part]) -> usize {
    parts.iter().map(Part::len).sum()
}

/// Copies of the parts in this process's memory, holding nothing of the segment.
pub fn detached(parts: Vec<Part>) -> Vec<Part> {
    parts.into_iter().map(|p| Part::from(evflow_core::aligned::aligned_copy(p.as_slice()))).collect()
}

/// The owner of a large entry's bytes in a block of the segment.
struct Homed {
    block: Block,
    /// The bytes this process's homes hold, for one the segment gave it.
    budget: Option<Arc<AtomicUsize>>,
}

impl Drop for Homed {
    fn drop(&mut self) {
        if let Some(used) = &self.budget {
            used.fetch_sub(self.block.len(), Ordering::Relaxed);
        }
    }
}

/// A segment as the home of new large entries, up to `budget` bytes at a time.
struct SegmentHomes {
    segment: Attached,
    budget: usize,
    used: Arc<AtomicUsize>,
    /// Entries the budget left out (they got process memory).
    refused: Arc<AtomicU64>,
}

impl Homes for SegmentHomes {
    fn allocate(&self, len: usize) -> Option<Box<dyn HomeBlock>> {
        if self.used.load(Ordering::Relaxed) + len > self.budget {
            self.refused.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        let block = self.segment.try_alloc(len).ok()?;
        self.used.fetch_add(len, Ordering::Relaxed);
        Some(Box::new(Room { block: Some(block), used: self.used.clone() }))
    }
}

/// Room in the segment not yet frozen into an entry's bytes: counted in the homes' budget
/// from the start; dropped unfrozen, the block goes back and the budget with it.
struct Room {
    block: Option<BlockMut>,
    used: Arc<AtomicUsize>,
}

impl HomeBlock for Room {
    fn as_mut_slice(&mut self) -> &mut [u8] {
        self.block.as_mut().expect("taken only by freeze").as_mut_slice()
    }

    fn freeze(mut self: Box<Self>) -> (bytes::Bytes, Home) {
        let block = self.block.take().expect("taken only by freeze").freeze();
        let bytes = Part::Shm(block.clone()).into_bytes();
        (bytes, Arc::new(Homed { block, budget: Some(self.used.clone()) }))
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        if let Some(block) = &self.block {
            self.used.fetch_sub(block.len(), Ordering::Relaxed);
        }
    }
}

/// The homes of one process hold at most this share (1/n) of the segment's heap, so the
/// arrays a module keeps cannot fill the segment (the share the input's backups may hold).
const HOME_SHARE: usize = 4;

/// Bytes of the heap of `channel`'s segment, if it is on shm.
pub fn heap_len(channel: &Channel) -> Option<usize> {
    channel.segment().map(|segment| segment.segment().layout().heap_pages * evflow_shm::layout::PAGE_LEN)
}

/// Makes `channel`'s segment (if it is on shm) this process's home for new large entries,
/// until the guard drops: the home holds the process's membership of the segment, which must
/// end with the process's part of the job (the last to leave removes the segment).
#[must_use = "the home is removed when the guard drops"]
pub fn make_home(channel: &Channel) -> HomeGuard {
    make_home_within(channel, heap_len(channel).unwrap_or(0) / HOME_SHARE)
}

/// [`make_home`] whose homes hold at most `budget` bytes at a time (an event builder's
/// readout unit: its share of the segment, docs/eventbuilding.md "Memory").
#[must_use = "the home is removed when the guard drops"]
pub fn make_home_within(channel: &Channel, budget: usize) -> HomeGuard {
    let refused = Arc::new(AtomicU64::new(0));
    if let Some(segment) = channel.segment() {
        let used = Arc::new(AtomicUsize::new(0));
        let homes = SegmentHomes { segment: segment.clone(), budget, used, refused: refused.clone() };
        evflow_core::home::set_homes(Some(Arc::new(homes)));
    }
    HomeGuard { refused }
}

/// Whether every external entry of `event` is in a block of `channel`'s segment, so that
/// [`try_encode`] sends it by handle rather than copying it (always so off shm: nothing is
/// copied into a segment there).
pub fn homed(channel: &Channel, event: &Event) -> bool {
    let Some(segment) = channel.segment() else { return true };
    FrameLayout::with_external(event).externals(event).all(|entry| homed_in(entry, segment).is_some())
}

/// Removes this process's home for new large entries when dropped.
pub struct HomeGuard {
    refused: Arc<AtomicU64>,
}

impl HomeGuard {
    /// Large entries made so far that did not fit in the homes' budget (they got process
    /// memory, and are copied into the segment when sent).
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }
}

impl Drop for HomeGuard {
    fn drop(&mut self) {
        evflow_core::home::set_homes(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evflow_core::home::copy_in;
    use evflow_shm::layout::MIN_SEGMENT_LEN;
    use evflow_shm::SegmentConfig;
    use evflow_transport::{Message, Options, Pattern};

    const BIG: usize = evflow_core::wire::EXTERNAL_MIN;

    fn entry(data: &[u8]) -> Entry {
        let (bytes, home) = copy_in(data);
        Entry::bytes(bytes).with_home(home)
    }

    /// One test, as the home is the process's: homed entries go by handle, others are copied
    /// into blocks; decoding gives the blocks back as homes; the budget bounds the homes.
    #[test]
    fn large_entries_travel_beside_the_frame_by_handle() {
        let session = format!("test-frames-{}", std::process::id());
        let segment = SegmentConfig { size: MIN_SEGMENT_LEN, ring_capacity: 64, ..SegmentConfig::new(session.clone()) };
        let options = Options { segment, ..Options::default() };
        let address = format!("shm://{session}/frames");
        let mut pull = Channel::bind(Pattern::Pull, &address, &options).unwrap();
        let mut push = Channel::connect(Pattern::Push, &pull.address(), &options).unwrap();
        let home = make_home(&push);

        let mut event = Event::new(1, 7);
        event.put("homed", entry(&vec![1; BIG])).unwrap();
        event.put("small", entry(&[2; 100])).unwrap();
        event.put("elsewhere", Entry::bytes(bytes::Bytes::from(vec![3; BIG]))).unwrap();
        assert!(event.get("homed").unwrap().home().is_some() && event.get("small").unwrap().home().is_none());

        let parts = try_encode(&push, &event, Duration::ZERO).unwrap().unwrap();
        assert_eq!(parts.len(), 3, "frame, then the two large entries");
        assert!(parts[0].len() < 1024, "the frame holds no large payload");
        assert!(parts.iter().all(|p| matches!(p, Part::Shm(_))));
        assert_eq!(parts[1].as_slice().as_ptr(), event.get("homed").unwrap().data().as_ptr(), "by handle");
        assert_ne!(parts[2].as_slice().as_ptr(), event.get("elsewhere").unwrap().data().as_ptr(), "copied");

        push.send(&Message::new(parts), Some(Duration::from_secs(5))).unwrap();
        let received = pull.recv(Some(Duration::from_secs(5))).unwrap();
        let back = decode(&received.parts).unwrap();
        assert_eq!(back, event);
        // Encoded again (a worker that changed the event), the large entries go on by handle.
        let again = try_encode(&pull, &back, Duration::ZERO).unwrap().unwrap();
        assert_eq!(again[1].as_slice().as_ptr(), received.parts[1].as_slice().as_ptr());
        assert_eq!(again[2].as_slice().as_ptr(), received.parts[2].as_slice().as_ptr());

        // Homes hold at most a quarter of the heap: past that, entries get process memory.
        let quarter = MIN_SEGMENT_LEN / HOME_SHARE;
        let kept: Vec<Entry> = (0..quarter / BIG + 2).map(|_| entry(&vec![4; BIG])).collect();
        assert!(kept.iter().any(|e| e.home().is_none()));
        assert!(kept.iter().filter(|e| e.home().is_some()).count() * BIG <= quarter);
        assert_eq!(home.refused(), kept.iter().filter(|e| e.home().is_none()).count() as u64);
        drop(kept);
        assert!(entry(&vec![5; BIG]).home().is_some(), "dropped entries give their room back");

        drop(home);
        assert!(entry(&vec![6; BIG]).home().is_none(), "no home once the guard is gone");
        drop((event, back, again, received, push, pull));
        let _ = std::fs::remove_file(evflow_shm::segment::segment_path(&evflow_shm::segment::current_user(), &session));
    }

    #[test]
    fn off_shm_external_entries_are_bytes_parts() {
        let dir = std::env::temp_dir().join(format!("evflow-frames-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let address = format!("ipc://{}", dir.join("socket").display());
        let push = Channel::bind(Pattern::Push, &address, &Options::default()).unwrap();
        let mut event = Event::new(1, 1);
        event.put("big", Entry::bytes(bytes::Bytes::from(vec![9; BIG]))).unwrap();
        let parts = try_encode(&push, &event, Duration::ZERO).unwrap().unwrap();
        assert!(matches!(&parts[1], Part::Bytes(b) if b.as_ptr() == event.get("big").unwrap().data().as_ptr()));
        assert_eq!(decode(&parts).unwrap(), event);
        let _ = std::fs::remove_dir_all(dir);
    }
}
