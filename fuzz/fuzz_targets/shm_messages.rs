//! Fuzz target: untrusted bytes as a message in a shared-memory ring (docs/shm.md, section
//! 5): the header of every Channel API message on shm, written by another process that may
//! have died or scribbled mid-update. The input is the ring as a producer left it: how many
//! entries it published, where `head` stands, then the entries (offset, len, generation,
//! parts left; inline parts' bytes). The consumer pops what it finds and takes over each
//! handle as a channel does (`Attached::adopt`): any bytes are a message or `Malformed`,
//! never a panic or a read outside the segment, and since nothing was shared with this
//! process, no handle is ever taken, however close it comes to a live block of another.
#![no_main]

use evflow_shm::layout::{MIN_SEGMENT_LEN, RING_ENTRY_LEN, RING_HEADER_LEN};
use evflow_shm::ring::RingHeader;
use evflow_shm::{Attached, Block, RingError, Segment, SegmentConfig, INLINE};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Entries in the fixture's rings.
const CAPACITY: usize = 64;
/// Lengths of the blocks another process holds: one page, several, a part of a page.
const HELD: [usize; 4] = [4096, 3 * 4096 + 17, 100, 64 << 10];

struct Fixture {
    segment: Arc<Segment>,
    me: Attached,
    _other: Attached,
    _held: Vec<Block>,
}

impl Fixture {
    /// A segment (its file removed at once: the mapping stays), this process attached, and
    /// a second slot holding blocks that were never shared with the first.
    fn new() -> Fixture {
        let session = format!("fuzz-shm-{}", std::process::id());
        let config =
            SegmentConfig { session, size: MIN_SEGMENT_LEN, ring_capacity: CAPACITY, remove_when_unused: false };
        let segment = Arc::new(Segment::create(&config).expect("the fuzz segment is created"));
        let me = segment.attach().expect("attached");
        let other = segment.attach().expect("attached twice");
        let held: Vec<Block> =
            HELD.iter().map(|&len| other.try_alloc(len).expect("room for the held blocks").freeze()).collect();
        segment.remove().expect("the fuzz segment's file is removed");
        for block in &held {
            // Their exact handles pass every check but the holder bit: what the inputs get
            // close to is a live block, and only the bit keeps it from being taken.
            let refused = me.adopt(block.handle()).err().expect("a block not shared with this process is refused");
            assert!(refused.to_string().contains("not among the block's holders"), "{refused}");
        }
        Fixture { segment, me, _other: other, _held: held }
    }
}

thread_local! {
    static FIXTURE: Fixture = Fixture::new();
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| FIXTURE.with(|f| check_ring(f, data)));

fn check_ring(f: &Fixture, data: &[u8]) {
    let (Some(&published), Some(head)) = (data.first(), data.get(1..9)) else { return };
    let head = u64::from_le_bytes(head.try_into().expect("8 bytes"));
    let ring = f.segment.ring(0).expect("the fixture's ring");
    let header = ring.header();
    let entries = (header as *const RingHeader as *mut u8).wrapping_add(RING_HEADER_LEN);
    for (i, chunk) in data[9..].chunks(RING_ENTRY_LEN).take(CAPACITY).enumerate() {
        let at = (head.wrapping_add(i as u64) % CAPACITY as u64) as usize;
        let mut entry = [0u8; RING_ENTRY_LEN];
        entry[..chunk.len()].copy_from_slice(chunk);
        // SAFETY: entry `at` of ring 0 lies inside the mapped segment (the ring table holds
        // `CAPACITY` entries after the header); no other thread touches the ring.
        unsafe { std::ptr::copy_nonoverlapping(entry.as_ptr(), entries.add(at * RING_ENTRY_LEN), RING_ENTRY_LEN) };
    }
    header.head.store(head, Ordering::Release);
    header.tail.store(head.wrapping_add(u64::from(published)), Ordering::Release);

    let (mut handles, mut inline) = (Vec::new(), Vec::new());
    match ring.try_pop_parts(&mut handles, &mut inline) {
        Ok(()) => {
            assert!(!handles.is_empty(), "a message of no parts");
            for handle in handles {
                if handle.offset == INLINE {
                    let end = handle.generation as usize + handle.len as usize;
                    assert!(end <= inline.len(), "an inline part past the bytes popped: {handle:?}");
                    continue;
                }
                let taken = f.me.adopt(handle);
                assert!(taken.is_err(), "a handle to a block nobody shared was taken: {handle:?}");
            }
        }
        Err(RingError::Empty { .. } | RingError::Malformed { .. }) => {}
        Err(e) => panic!("popping gave neither a message nor Malformed: {e}"),
    }
    ring.reset();
}
