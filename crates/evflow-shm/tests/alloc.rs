//! The page-map allocator, blocks and holder masks (docs/shm.md, sections 3, 4 and 6), with
//! real processes: forked children that allocate, wait, share and are killed.

mod common;

use common::{deadline, fill, fork, holds, wait_until, Exit, Random, Session};
use evflow_shm::block::{BlockHeader, BLOCK_HEADER_LEN};
use evflow_shm::layout::{MIN_SEGMENT_LEN, PAGE_LEN};
use evflow_shm::{AllocError, Block, BlockMut, Handle};
use std::mem::offset_of;
use std::os::unix::fs::FileExt;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

fn soon() -> Option<Instant> {
    Some(Instant::now() + Duration::from_millis(30))
}

#[test]
fn blocks_of_every_size_round_trip() {
    let session = Session::new("sizes", 64 << 20);
    let me = session.segment.attach().unwrap();
    let heap = session.segment.layout().heap;
    let sizes = [0, 1, 63, 64, 4031, 4032, 4033, 8128, 8129, 65536, 1 << 20, 10 << 20, 40 << 20];
    let mut blocks = Vec::new();
    for (seq, &len) in sizes.iter().enumerate() {
        let mut block = me.try_alloc(len).unwrap();
        assert_eq!((block.len(), block.is_empty()), (len, len == 0));
        let pages = (len + BLOCK_HEADER_LEN).div_ceil(PAGE_LEN);
        assert_eq!(block.capacity(), pages * PAGE_LEN - BLOCK_HEADER_LEN, "{len} bytes take {pages} pages");
        fill(block.as_mut_slice(), me.index(), seq as u64);
        let block = block.freeze();
        assert_eq!(block.as_ptr() as usize % 64, 0, "the payload is 64-byte aligned");
        let handle = block.handle();
        assert_eq!((handle.offset as usize - heap) % PAGE_LEN, 0);
        assert_eq!(handle.len, len as u64);
        assert_ne!(handle.generation, 0);
        assert_eq!(block.holders(), 1 << me.index());
        blocks.push((seq as u64, block));
    }
    let generations: std::collections::HashSet<_> = blocks.iter().map(|(_, b)| b.handle().generation).collect();
    assert_eq!(generations.len(), sizes.len(), "every allocation has its own generation");
    for (seq, block) in &blocks {
        assert!(holds(block.as_slice(), me.index(), *seq), "block {seq} kept its bytes");
    }
    let used = sizes.iter().map(|len| (len + BLOCK_HEADER_LEN).div_ceil(PAGE_LEN)).sum::<usize>();
    assert_eq!(session.pages_in_use(), used);
    drop(blocks);
    assert_eq!(session.pages_in_use(), 0, "every page is free again");

    // A block may shrink, never grow; a dropped BlockMut is freed.
    let mut block = me.try_alloc(5000).unwrap();
    block.set_len(10);
    assert_eq!(block.as_slice().len(), 10);
    block.set_len(block.capacity());
    let frozen = block.freeze();
    assert_eq!(frozen.len(), 2 * PAGE_LEN - BLOCK_HEADER_LEN);
    drop(frozen);
    let mut block = me.try_alloc(100).unwrap();
    let too_long = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| block.set_len(PAGE_LEN)));
    assert!(too_long.is_err(), "set_len past the capacity is a programming error");
    drop(block);
    assert_eq!(session.pages_in_use(), 0);
    let usage = session.segment.heap_usage();
    assert_eq!((usage.free_pages, usage.largest_free_run), (usage.pages, usage.pages));
}

#[test]
fn a_block_larger_than_the_heap_fails_at_once() {
    let session = Session::new("large", MIN_SEGMENT_LEN);
    let me = session.segment.attach().unwrap();
    let heap = session.segment.layout().heap_pages * PAGE_LEN;
    for len in [heap, heap - BLOCK_HEADER_LEN + 1, usize::MAX - 10, usize::MAX] {
        // A deadline far away: waiting for space that can never come would be the bug.
        match me.alloc(len, Some(Instant::now() + Duration::from_secs(3600))) {
            Err(AllocError::TooLarge { len: l, heap: h }) => assert_eq!((l, h), (len, heap)),
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    let err = me.try_alloc(heap).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("can never fit") && message.contains("segment_size"), "{message}");
    // The largest block that fits does.
    let block = me.try_alloc(heap - BLOCK_HEADER_LEN).unwrap();
    assert_eq!(session.segment.heap_usage().free_pages, 0);
    drop(block);
}

#[test]
fn a_full_segment_says_what_is_free_and_who_holds_the_rest() {
    let session = Session::new("full", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let heap_pages = segment.layout().heap_pages;
    let me = segment.attach().unwrap();
    // A child takes about half of the heap in 1 MiB blocks (256 pages each) and holds them.
    let count = heap_pages / 2 / 256;
    let child = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        let mut held = Vec::new();
        while held.len() < count {
            match child.try_alloc((1 << 20) - BLOCK_HEADER_LEN) {
                Ok(block) => held.push(block),
                Err(_) => return 11,
            }
        }
        loop {
            // SAFETY: waits for the SIGKILL.
            unsafe { libc::pause() };
        }
    });
    let child_pid = child.pid as u32;
    let held_by_child = |usage: &evflow_shm::HeapUsage| {
        usage.by_slot.iter().find(|(_, pid, _)| *pid == child_pid).map_or(0, |&(_, _, bytes)| bytes)
    };
    wait_until("the child holds its blocks", || held_by_child(&segment.heap_usage()) == (count as u64) << 20);
    // This process takes the rest, in blocks of 25 pages and then of one.
    let mut mine = Vec::new();
    while let Ok(block) = me.try_alloc(100_000) {
        mine.push(block);
    }
    mine.extend(fill_heap(&me));
    let err = me.try_alloc(100_000).unwrap_err();
    let AllocError::SegmentFull { segment: path, size, len, usage } = &err else { panic!("{err:?}") };
    assert_eq!((path.as_path(), *size, *len), (segment.path(), MIN_SEGMENT_LEN, 100_000));
    assert_eq!((usage.pages, usage.free_pages, usage.largest_free_run), (heap_pages, 0, 0));
    // Most bytes first: this process, then the child.
    let mine_bytes = ((heap_pages - count * 256) * PAGE_LEN) as u64;
    assert_eq!(usage.by_slot[0], (me.index(), std::process::id(), mine_bytes));
    assert_eq!(usage.by_slot[1].1, child_pid);
    assert_eq!(usage.by_slot.len(), 2, "{usage:?}");
    let message = err.to_string();
    for part in [
        &segment.path().display().to_string(),
        "100000 bytes",
        "16.0 MiB segment",
        "0 B of the heap's 15.3 MiB free",
        "the largest free run 0 B",
        &format!("pid {child_pid}"),
        &format!("pid {}", std::process::id()),
        "2 x events in flight x largest event",
        "segment_size",
    ] {
        assert!(message.contains(part), "{part:?} missing from: {message}");
    }
    assert!(!message.contains("fragmented"), "{message}");
    // With a deadline: the same error once it passes.
    assert!(matches!(me.alloc(100_000, soon()), Err(AllocError::SegmentFull { .. })));
    assert_eq!(segment.header().free_waiters.load(Ordering::Relaxed), 0, "a timed-out wait unregisters");
    // Once the child is gone and reclaimed, there is room again.
    assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL));
    assert_eq!(me.reclaim_dead().slots.len(), 1);
    me.try_alloc(100_000).unwrap();
}

#[test]
fn a_fragmented_heap_is_told_apart_from_a_full_one() {
    let session = Session::new("fragmented", MIN_SEGMENT_LEN);
    let me = session.segment.attach().unwrap();
    let mut blocks = Vec::new();
    while let Ok(block) = me.try_alloc(100) {
        blocks.push(Some(block));
    }
    let pages = session.segment.layout().heap_pages;
    assert_eq!(blocks.len(), pages, "one page each");
    // Every other block given back: half the heap is free, in runs of one page.
    for block in blocks.iter_mut().step_by(2) {
        *block = None;
    }
    let err = me.try_alloc(PAGE_LEN).unwrap_err();
    let AllocError::SegmentFull { usage, .. } = &err else { panic!("{err:?}") };
    assert_eq!((usage.free_pages, usage.largest_free_run), (pages.div_ceil(2), 1));
    let message = err.to_string();
    assert!(message.contains("fragmented") && message.contains("largest free run 4.0 KiB"), "{message}");
    // A one-page block still fits.
    drop(me.try_alloc(PAGE_LEN - BLOCK_HEADER_LEN).unwrap());
    drop(blocks);
    assert_eq!(session.pages_in_use(), 0);
}

/// Fills the heap with one-page blocks.
fn fill_heap(me: &evflow_shm::Attached) -> Vec<BlockMut> {
    let mut blocks = Vec::new();
    while let Ok(block) = me.try_alloc(1) {
        blocks.push(block);
    }
    blocks
}

#[test]
fn an_allocation_sleeps_until_another_process_frees() {
    let session = Session::new("wait", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let me = segment.attach().unwrap();
    let mut blocks = fill_heap(&me);
    let waiter = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        // No deadline: only a wake-up ends this wait (the parent's own deadline guards it).
        match child.alloc(3000, None) {
            Ok(block) if block.capacity() >= 3000 => 0,
            Ok(_) => 11,
            Err(_) => 12,
        }
    });
    wait_until("the child sleeps in its allocation", || {
        segment.header().free_waiters.load(Ordering::Acquire) == 1 && waiter.state() == "S"
    });
    blocks.pop();
    assert_eq!(waiter.wait(), Exit::Code(0));
    assert_eq!(segment.header().free_waiters.load(Ordering::Relaxed), 0);
}

#[test]
fn a_process_killed_while_waiting_for_space_is_taken_out_of_the_waiters() {
    let session = Session::new("waitkill", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let me = segment.attach().unwrap();
    let blocks = fill_heap(&me);
    let waiter = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        let _ = child.alloc(1, None);
        11
    });
    wait_until("the child sleeps in its allocation", || {
        segment.header().free_waiters.load(Ordering::Acquire) == 1 && waiter.state() == "S"
    });
    assert_eq!(waiter.kill(), Exit::Signal(libc::SIGKILL));
    assert_eq!(me.reclaim_dead().slots.len(), 1);
    assert_eq!(segment.header().free_waiters.load(Ordering::Relaxed), 0, "frees make no system call again");
    drop(blocks);
    assert_eq!(session.pages_in_use(), 0);
}

/// Writes `bytes` at `offset` of the segment's file, as a process writing out of bounds would.
fn scribble(session: &Session, offset: usize, bytes: &[u8]) {
    let file = std::fs::OpenOptions::new().write(true).open(session.segment.path()).unwrap();
    file.write_all_at(bytes, offset as u64).unwrap();
}

fn corrupt_reason(result: Result<Block, AllocError>) -> String {
    match result {
        Err(AllocError::CorruptHandle { reason, .. }) => reason,
        other => panic!("expected a corrupt handle, got {other:?}"),
    }
}

#[test]
fn a_block_handed_over_is_the_receivers_alone_and_comes_back_if_not_delivered() {
    let session = Session::new("handover", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (sender, receiver) = (segment.attach().unwrap(), segment.attach().unwrap());
    let (s, r) = (sender.index(), receiver.index());
    let mut block = sender.try_alloc(3 * PAGE_LEN).unwrap().freeze();
    // Another reference here, or the receiver itself: nothing is handed over.
    let other = block.clone();
    assert!(!block.hand_over(r));
    drop(other);
    assert!(!block.hand_over(s));
    assert_eq!(block.holders(), 1 << s);
    // One CAS: the sender's bit becomes the receiver's; dropping the sender's reference then
    // leaves the mask alone, and the receiver's drop frees the block.
    assert!(block.hand_over(r));
    assert_eq!(block.holders(), 1 << r);
    let handle = block.handle();
    drop(block);
    let taken = receiver.adopt(handle).unwrap();
    assert_eq!(taken.holders(), 1 << r);
    drop(taken);
    assert_eq!(session.pages_in_use(), 0);

    // Not delivered: taken back whole, and sent again later.
    let mut block = sender.try_alloc(3 * PAGE_LEN).unwrap().freeze();
    assert!(block.hand_over(r) && block.take_back(r));
    assert_eq!(block.holders(), 1 << s);
    // Not delivered, and the receiver's bit cleared meanwhile (a reclaimer of it, which freed
    // the block): the reference is dead, and dropping it touches nothing.
    assert!(block.hand_over(r));
    assert!(sender.release_for(block.handle(), r).unwrap());
    assert!(!block.take_back(r));
    let again = sender.try_alloc(3 * PAGE_LEN).unwrap().freeze();
    assert_eq!(again.handle().offset, block.handle().offset, "the freed block is reused");
    drop(block);
    assert_eq!(again.holders(), 1 << s, "the dead reference's drop left the new owner alone");
}

#[test]
fn adopt_refuses_every_handle_that_does_not_name_a_block_shared_with_it() {
    let session = Session::new("adopt", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let layout = *segment.layout();
    // Two slots of this one process: a sender and a receiver.
    let (sender, receiver) = (segment.attach().unwrap(), segment.attach().unwrap());
    let r = receiver.index();
    let mut block = sender.try_alloc(3 * PAGE_LEN).unwrap();
    fill(block.as_mut_slice(), sender.index(), 1);
    let block = block.freeze();
    let good = block.handle();
    let snapshot = || (block.holders(), session.pages_in_use(), segment.heap_usage());
    let before = snapshot();

    let heap_end = (layout.heap + layout.heap_pages * PAGE_LEN) as u64;
    let cases = [
        (Handle { offset: 0, ..good }, "outside the heap"),
        (Handle { offset: layout.heap as u64 - PAGE_LEN as u64, ..good }, "outside the heap"),
        (Handle { offset: heap_end, ..good }, "outside the heap"),
        (Handle { offset: u64::MAX, ..good }, "outside the heap"),
        (Handle { offset: good.offset + 64, ..good }, "not at a block's start"),
        (Handle { offset: good.offset + PAGE_LEN as u64, ..good }, "not the head of a block"),
        (Handle { offset: heap_end - PAGE_LEN as u64, ..good }, "not the head of a block"),
        (Handle { generation: good.generation + 1, ..good }, "stale handle"),
        (Handle { len: 4 * PAGE_LEN as u64, ..good }, "more than the block's"),
        (Handle { len: u64::MAX, ..good }, "more than the block's"),
        (good, "not among the block's holders"),
    ];
    for (handle, reason) in cases {
        let got = corrupt_reason(receiver.adopt(handle));
        assert!(got.contains(reason), "{handle:?}: {got:?} should say {reason:?}");
        assert_eq!(snapshot(), before, "a refused handle changes nothing");
    }
    let err = receiver.adopt(Handle { offset: 1, ..good }).unwrap_err().to_string();
    assert!(err.contains("corrupt handle (block offset 1)") && err.contains("drop this message part"), "{err}");
    // release_for checks the same way, but for the bit.
    assert!(matches!(receiver.release_for(Handle { offset: 0, ..good }, r), Err(AllocError::CorruptHandle { .. })));
    assert!(!receiver.release_for(good, r).unwrap(), "the bit was not set");
    assert!(!receiver.release_for(good, 64).unwrap(), "no such slot, no such bit");

    // Shared, the handle is taken; a scribbled header is not.
    assert!(block.share_with(r));
    let taken = receiver.adopt(good).unwrap();
    assert!(holds(taken.as_slice(), sender.index(), 1));
    assert_eq!(taken.as_ptr(), block.as_ptr());
    let head = good.offset as usize;
    let pages = (3 * PAGE_LEN + BLOCK_HEADER_LEN).div_ceil(PAGE_LEN) as u32;
    scribble(&session, head + offset_of!(BlockHeader, magic), b"XXXX");
    assert!(corrupt_reason(receiver.adopt(good)).contains("magic"));
    scribble(&session, head + offset_of!(BlockHeader, magic), b"BLK1");
    scribble(&session, head + offset_of!(BlockHeader, pages), &u32::MAX.to_le_bytes());
    assert!(corrupt_reason(receiver.adopt(good)).contains("past the heap's end"));
    scribble(&session, head + offset_of!(BlockHeader, pages), &pages.to_le_bytes());
    drop((taken, block));
    assert_eq!(session.pages_in_use(), 0);

    // A stale handle: its block freed and the same pages given to a new block.
    let block = sender.try_alloc(10).unwrap().freeze();
    let stale = block.handle();
    assert!(block.share_with(r));
    assert!(receiver.release_for(stale, r).unwrap());
    drop(block);
    let again = sender.try_alloc(10).unwrap().freeze();
    assert_eq!(again.handle().offset, stale.offset, "the freed page is allocated again at once");
    assert!(again.share_with(r));
    assert!(corrupt_reason(receiver.adopt(stale)).contains("stale handle"));
    assert!(matches!(receiver.release_for(stale, r), Err(AllocError::CorruptHandle { .. })));
    drop(receiver.adopt(again.handle()).unwrap());
}

#[test]
fn one_bit_per_process_and_the_last_holder_frees() {
    let session = Session::new("share", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (a, b) = (segment.attach().unwrap(), segment.attach().unwrap());
    let (ia, ib) = (a.index(), b.index());
    let block = a.try_alloc(10_000).unwrap().freeze();
    let handle = block.handle();
    assert_eq!(block.holders(), 1 << ia);
    // Sharing sets the bit once; a second send to the same process must copy instead.
    assert!(block.share_with(ib));
    assert!(!block.share_with(ib));
    assert!(!block.share_with(ia), "the sender holds it already");
    assert_eq!(block.holders(), 1 << ia | 1 << ib);
    let bytes = |slot: usize| {
        segment.heap_usage().by_slot.iter().find(|(s, _, _)| *s == slot).map_or(0, |&(_, _, bytes)| bytes)
    };
    assert_eq!((bytes(ia), bytes(ib)), (3 * PAGE_LEN as u64, 3 * PAGE_LEN as u64));
    // A push that failed takes the bit back; the sender's own bit is not its to take.
    block.unshare(ib);
    block.unshare(ia);
    assert_eq!(block.holders(), 1 << ia);
    assert_eq!(bytes(ib), 0);
    let copy_rule = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| block.share_with(64)));
    assert!(copy_rule.is_err(), "slot 64 does not exist");

    // The receiver's reference outlives the sender's.
    assert!(block.share_with(ib));
    let received = b.adopt(handle).unwrap();
    let clone = block.clone();
    drop(block);
    assert_eq!(clone.holders(), 1 << ia | 1 << ib, "a clone keeps the sender's bit");
    drop(clone);
    assert_eq!(received.holders(), 1 << ib);
    assert_eq!(session.pages_in_use(), 3);
    drop(received);
    assert_eq!(session.pages_in_use(), 0, "the last holder freed it");
    assert_eq!((bytes(ia), bytes(ib)), (0, 0));

    // release_for by a third party frees a block whose only holder is the released slot.
    let block = a.try_alloc(1).unwrap().freeze();
    let handle = block.handle();
    assert!(block.share_with(ib));
    drop(block);
    assert_eq!(session.pages_in_use(), 1);
    assert!(a.release_for(handle, ib).unwrap());
    assert_eq!(session.pages_in_use(), 0);
    assert!(matches!(a.release_for(handle, ib), Err(AllocError::CorruptHandle { .. })), "gone");
}

#[test]
fn a_block_crosses_processes_by_handle() {
    let session = Session::new("cross", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let me = segment.attach().unwrap();
    let (to_child, to_parent) = (segment.ring(0).unwrap(), segment.ring(1).unwrap());
    to_child.claim_producer(me.index()).unwrap();
    to_parent.claim_consumer(me.index()).unwrap();
    let parent_slot = me.index();
    let child = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        if to_child.claim_consumer(child.index()).is_err() || to_parent.claim_producer(child.index()).is_err() {
            return 11;
        }
        // Say which slot to share with.
        if to_parent.push(&[Handle { offset: child.index() as u64, len: 0, generation: 0 }], None).is_err() {
            return 12;
        }
        let mut got = Vec::new();
        if to_child.pop(&mut got, deadline()).is_err() {
            return 13;
        }
        let Ok(block) = child.adopt(got[0]) else { return 14 };
        if !holds(block.as_slice(), parent_slot, 7) {
            return 15;
        }
        // And a reply of its own, written here, read there.
        let Ok(mut reply) = child.alloc(block.len() * 2, deadline()) else { return 16 };
        fill(reply.as_mut_slice(), child.index(), 8);
        let reply = reply.freeze();
        if !reply.share_with(parent_slot) || to_parent.push(&[reply.handle()], None).is_err() {
            return 17;
        }
        0
    });
    let mut got = Vec::new();
    to_parent.pop(&mut got, deadline()).unwrap();
    let child_slot = got[0].offset as usize;
    let mut block = me.alloc(50_000, deadline()).unwrap();
    fill(block.as_mut_slice(), parent_slot, 7);
    let block = block.freeze();
    assert!(block.share_with(child_slot));
    to_child.push(&[block.handle()], deadline()).unwrap();
    drop(block);
    to_parent.pop(&mut got, deadline()).unwrap();
    let reply = me.adopt(got[0]).unwrap();
    assert_eq!(child.wait(), Exit::Code(0));
    assert!(holds(reply.as_slice(), child_slot, 8));
    assert_eq!(reply.len(), 100_000);
    // The child detached on exit: its references are gone, and its ring ends with them.
    assert_eq!(reply.holders(), 1 << parent_slot);
    assert_eq!(to_child.consumer(), None);
    drop(reply);
    assert_eq!(session.pages_in_use(), 0);
}

#[test]
fn processes_hammering_the_allocator_never_get_the_same_page() {
    // Three processes race for the pages of a small free window of an otherwise full heap, and
    // fill each block they get whole, checking it before they drop it: a page given to two
    // processes at once shows as the other's pattern.
    const ROUNDS: u64 = 50_000;
    const WINDOW: usize = 256;
    let session = Session::new("hammer", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let me = segment.attach().unwrap();
    let mut rest = fill_heap(&me);
    drop(rest.drain(..WINDOW));
    assert_eq!(segment.heap_usage().largest_free_run, WINDOW);
    let mut random = Random::from_clock("hammer");
    let children: Vec<_> = (0..3)
        .map(|_| {
            let seed = random.below(u64::MAX) | 1;
            fork(move || {
                let Ok(me) = segment.attach() else { return 10 };
                let mut random = Random(seed);
                let mut held: std::collections::VecDeque<(u64, Block)> = std::collections::VecDeque::new();
                for seq in 0..ROUNDS {
                    let len = if random.below(8) == 0 { random.below(5 * PAGE_LEN as u64) } else { random.below(200) };
                    let mut block = match me.try_alloc(len as usize) {
                        Ok(block) => block,
                        // Full: give back what we hold (checked), then wait for the others to.
                        Err(AllocError::SegmentFull { .. }) => {
                            while let Some((seq, block)) = held.pop_front() {
                                if !holds(block.as_slice(), me.index(), seq) {
                                    return 12;
                                }
                            }
                            let Ok(block) = me.alloc(len as usize, deadline()) else { return 11 };
                            block
                        }
                        Err(_) => return 13,
                    };
                    block.set_len(block.capacity());
                    fill(block.as_mut_slice(), me.index(), seq);
                    held.push_back((seq, block.freeze()));
                    while held.len() > random.below(16) as usize {
                        let (seq, block) = held.pop_front().unwrap();
                        if !holds(block.as_slice(), me.index(), seq) {
                            return 12;
                        }
                    }
                }
                0
            })
        })
        .collect();
    for child in children {
        assert_eq!(child.wait(), Exit::Code(0), "a child found its block overwritten (12) or failed");
    }
    drop(rest);
    assert_eq!(session.pages_in_use(), 0);
    assert_eq!(segment.header().free_waiters.load(Ordering::Relaxed), 0);
    drop(me);
    assert_eq!(segment.process_counts(), (0, 0));
}

/// The page-map entry and the holder mask of the block a handle names.
fn head_state(session: &Session, handle: Handle) -> (u32, u64) {
    let page = (handle.offset as usize - session.segment.layout().heap) / PAGE_LEN;
    let mut holders = [0u8; 8];
    let file = std::fs::File::open(session.segment.path()).unwrap();
    file.read_exact_at(&mut holders, handle.offset).unwrap();
    (session.segment.page_map()[page].load(Ordering::Relaxed), u64::from_le_bytes(holders))
}

#[test]
fn a_freed_block_stays_whole_for_the_next_allocation_of_its_size() {
    use evflow_shm::alloc::entry;
    let session = Session::new("cache", 64 << 20);
    let me = session.segment.attach().unwrap();
    for len in [5000, 1 << 20, 4 << 20] {
        let first = me.try_alloc(len).unwrap().freeze();
        let (handle, pages) = (first.handle(), (len + BLOCK_HEADER_LEN).div_ceil(PAGE_LEN));
        drop(first);
        assert_eq!(head_state(&session, handle), (entry::HEAD, 0), "{len}: kept whole, no holder");
        assert_eq!(session.pages_in_use(), 0, "a cached block counts as free");
        assert_eq!(session.pages_in_flight(), 0);
        // The next allocation of that size class takes it, a new generation, its size at least asked.
        let again = me.try_alloc(len - 10).unwrap().freeze();
        assert_eq!(again.handle().offset, handle.offset, "{len}: the cached block is reused");
        assert_ne!(again.handle().generation, handle.generation);
        assert_eq!(head_state(&session, again.handle()), (entry::HEAD, 1 << me.index()));
        assert!(again.len() == len - 10 && session.pages_in_use() == pages);
        // The old handle names a block freed since.
        let stale = me.adopt(handle).unwrap_err().to_string();
        assert!(stale.contains("stale handle"), "{stale}");
        // A different size does not take it.
        drop(again);
        let other = me.try_alloc(3 * len).unwrap().freeze();
        assert_ne!(other.handle().offset, handle.offset);
    }
}

#[test]
fn a_stream_with_hundreds_of_blocks_in_flight_reuses_them_all() {
    // More blocks in flight than layout version 3 held hints per class (16): every block of
    // the next rounds comes back from the cache, none from pages not used before.
    let session = Session::new("stack", 64 << 20);
    let me = session.segment.attach().unwrap();
    let first: Vec<_> = (0..500).map(|_| me.try_alloc(4096).unwrap().freeze()).collect();
    let offsets: std::collections::HashSet<u64> = first.iter().map(|b| b.handle().offset).collect();
    drop(first);
    for round in 0..3 {
        let again: Vec<_> = (0..500).map(|_| me.try_alloc(4000).unwrap().freeze()).collect();
        let distinct: std::collections::HashSet<u64> = again.iter().map(|b| b.handle().offset).collect();
        assert_eq!(distinct.len(), 500, "round {round}: a block handed out twice");
        assert!(distinct.is_subset(&offsets), "round {round}: fresh pages taken while cached blocks waited");
    }
}

#[test]
fn the_stacks_emptied_by_a_flush_hand_out_no_block_twice() {
    let session = Session::new("stale", MIN_SEGMENT_LEN);
    let me = session.segment.attach().unwrap();
    let pages = session.segment.layout().heap_pages;
    drop((0..50).map(|_| me.try_alloc(3 * PAGE_LEN).unwrap()).collect::<Vec<_>>());
    // The whole heap but one page: the cached blocks are freed and the stacks emptied.
    let big = me.try_alloc((pages - 1) * PAGE_LEN).unwrap();
    drop(big);
    let live: Vec<_> = (0..50).map(|_| me.try_alloc(3 * PAGE_LEN).unwrap().freeze()).collect();
    let distinct: std::collections::HashSet<u64> = live.iter().map(|b| b.handle().offset).collect();
    assert_eq!(distinct.len(), live.len());
    assert!(live.iter().all(|b| b.holders() == 1 << me.index()));
}

#[test]
fn cached_blocks_never_make_an_allocation_fail() {
    let session = Session::new("flush", MIN_SEGMENT_LEN);
    let me = session.segment.attach().unwrap();
    let pages = session.segment.layout().heap_pages;
    // Blocks of many sizes, freed: the cache keeps some of each whole.
    let blocks: Vec<_> =
        (2..40).flat_map(|n| (0..4).map(move |_| n)).map(|n| me.try_alloc(n * PAGE_LEN - 100)).collect();
    drop(blocks);
    assert_eq!(session.pages_in_use(), 0);
    let usage = session.segment.heap_usage();
    assert_eq!((usage.free_pages, usage.largest_free_run), (pages, pages), "cached runs count as free");
    // A block of the whole heap but one page fits: the allocation flushes the cache first.
    let big = me.try_alloc((pages - 1) * PAGE_LEN).unwrap();
    assert_eq!(session.pages_in_use(), pages);
    drop(big);
    assert_eq!(session.pages_in_use(), 0);
}

#[test]
fn a_block_cached_by_a_process_killed_before_its_hint_is_flushed() {
    let session = Session::new("orphan", MIN_SEGMENT_LEN);
    let me = session.segment.attach().unwrap();
    let pages = session.segment.layout().heap_pages;
    // What a putter killed between its two steps leaves: a block without holder that no hint
    // names.
    let block = me.try_alloc(10 * PAGE_LEN).unwrap().freeze();
    let offset = block.handle().offset;
    std::mem::forget(block);
    scribble(&session, offset as usize, &0u64.to_le_bytes());
    assert_eq!(session.pages_in_use(), 0);
    // Not lost: an allocation of the whole heap frees it on its way.
    let whole = me.try_alloc((pages - 1) * PAGE_LEN).unwrap().freeze();
    assert_eq!(whole.handle().offset as usize, session.segment.layout().heap);
    drop(whole);
    assert_eq!(session.pages_in_use(), 0);
}

#[test]
fn a_consumer_gives_its_producers_blocks_back_through_the_rings_return_queue() {
    let session = Session::new("giveback", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (producer, consumer) = (segment.attach().unwrap(), segment.attach().unwrap());
    let (p, c) = (producer.index(), consumer.index());
    let ring = segment.ring(3).unwrap();
    ring.claim_producer(p).unwrap();
    ring.claim_consumer(c).unwrap();
    producer.produce_into(3, true);
    let stream = |round: u64| -> Vec<u64> {
        let mut sent = Vec::new();
        for seq in 0..40 {
            let mut block = producer.try_alloc(2 * PAGE_LEN).unwrap();
            fill(block.as_mut_slice(), p, round * 100 + seq);
            let mut block = block.freeze();
            assert!(block.hand_over(c));
            sent.push(block.handle().offset);
            ring.try_push(&[block.handle()]).unwrap();
        }
        let mut got = Vec::new();
        for seq in 0..40 {
            ring.try_pop(&mut got).unwrap();
            let block = consumer.adopt_from(got[0], 3).unwrap();
            assert!(holds(block.as_slice(), p, round * 100 + seq));
        } // each dropped here, the consumer its last holder: back into the return queue
        ring.publish_returns();
        sent
    };
    let first = stream(0);
    assert_eq!(session.pages_in_use(), 0, "returned blocks are cached, free to anyone");
    // The producer's next blocks are the ones it got back, in the order they came back.
    assert_eq!(stream(1), first);
    // A ring being freed (its producer no longer looks in its queue): what the queue names
    // goes onto the stacks, where any allocation finds it.
    producer.produce_into(3, false);
    segment.recycle_returns(&ring);
    let third = stream(2);
    assert_eq!(session.pages_in_use(), 0);
    let (mut sorted, mut again) = (first.clone(), third);
    sorted.sort();
    again.sort();
    assert_eq!(again, sorted, "the same blocks, from the stacks");
}

#[test]
fn a_producer_that_waits_reserves_a_returned_block_and_gives_it_up_when_the_heap_is_full() {
    let session = Session::new("reserve", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (producer, consumer) = (segment.attach().unwrap(), segment.attach().unwrap());
    let (p, c) = (producer.index(), consumer.index());
    let ring = segment.ring(5).unwrap();
    ring.claim_producer(p).unwrap();
    ring.claim_consumer(c).unwrap();
    producer.produce_into(5, true);
    let mut block = producer.try_alloc(3 * PAGE_LEN).unwrap().freeze();
    let handle = block.handle();
    assert!(block.hand_over(c));
    drop(block);
    ring.try_push(&[handle]).unwrap();
    let mut got = Vec::new();
    ring.try_pop(&mut got).unwrap();
    drop(consumer.adopt_from(got[0], 5).unwrap()); // caught up: given back and published at once
    assert_eq!(session.pages_in_use(), 0);
    // Reserved while the producer waits: its own (held by its bit), and its next block.
    producer.reserve_returned();
    assert_eq!(session.pages_in_use(), 4);
    let next = producer.try_alloc(3 * PAGE_LEN).unwrap();
    assert_eq!(next.freeze().handle().offset, handle.offset);
    // Reserved again, then an allocation that needs the whole heap takes it back first.
    let mut again = producer.try_alloc(3 * PAGE_LEN).unwrap().freeze();
    let handle = again.handle();
    assert!(again.hand_over(c));
    drop(again);
    ring.try_push(&[handle]).unwrap();
    ring.try_pop(&mut got).unwrap();
    drop(consumer.adopt_from(got[0], 5).unwrap());
    producer.reserve_returned();
    let pages = segment.layout().heap_pages;
    let whole = producer.try_alloc((pages - 1) * PAGE_LEN).unwrap();
    drop(whole);
    assert_eq!(session.pages_in_use(), 0);
}
