//! Crash recovery (docs/shm.md, section 7) with real processes and real SIGKILLs: what a dead
//! process held comes back, whenever it was killed, and so does what a killed reclaimer was
//! giving back.

mod common;

use common::{deadline, fork, heads, wait_until, Exit, Random, Session};
use evflow_shm::alloc::entry;
use evflow_shm::layout::{slot_state, MIN_SEGMENT_LEN, PAGE_LEN};
use evflow_shm::process::{start_time, OwnerToken};
use evflow_shm::{AllocError, Block, Handle, Reclaimed, Segment};
use std::sync::atomic::{AtomicU64, Ordering};

/// The slot's state, pid and reclaimer.
fn slot(segment: &Segment, index: usize) -> (u32, u32, u64) {
    let s = &segment.process_slots()[index];
    (s.state.load(Ordering::Acquire), s.pid.load(Ordering::Acquire), s.reclaimer.load(Ordering::Acquire))
}

/// A handle that carries a number instead of a block.
fn number(n: usize) -> [Handle; 1] {
    [Handle { offset: n as u64, len: 0, generation: 0 }]
}

#[test]
fn a_killed_process_gives_back_its_blocks_its_bits_and_its_rings() {
    let session = Session::new("dead", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let me = segment.attach().unwrap();
    let (to_child, to_parent) = (segment.ring(0).unwrap(), segment.ring(1).unwrap());
    to_child.claim_producer(me.index()).unwrap();
    to_parent.claim_consumer(me.index()).unwrap();
    let parent = me.index();
    let own_sizes = [1, 5000, 100_000, 1 << 20];
    let child = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        if to_child.claim_consumer(child.index()).is_err() || to_parent.claim_producer(child.index()).is_err() {
            return 11;
        }
        if to_parent.push(&number(child.index()), None).is_err() {
            return 12;
        }
        // One block from the parent taken, one left in the ring.
        let mut got = Vec::new();
        if to_child.pop(&mut got, deadline()).is_err() {
            return 13;
        }
        let Ok(_taken) = child.adopt(got[0]) else { return 14 };
        let own: Result<Vec<_>, _> = own_sizes.iter().map(|&len| child.try_alloc(len)).collect();
        let Ok(_own) = own else { return 15 };
        // One block sent to the parent.
        let Ok(sent) = child.try_alloc(300) else { return 16 };
        let sent = sent.freeze();
        if !sent.share_with(parent) || to_parent.push(&[sent.handle()], None).is_err() {
            return 17;
        }
        if to_parent.push(&number(0), None).is_err() {
            return 18;
        }
        loop {
            // SAFETY: waits for the SIGKILL.
            unsafe { libc::pause() };
        }
    });
    let mut got = Vec::new();
    to_parent.pop(&mut got, deadline()).unwrap();
    let c = got[0].offset as usize;
    let mine: Vec<Block> = (0..2).map(|_| me.try_alloc(10_000).unwrap().freeze()).collect();
    for block in &mine {
        assert!(block.share_with(c));
        to_child.push(&[block.handle()], deadline()).unwrap();
    }
    to_parent.pop(&mut got, deadline()).unwrap();
    let received = me.adopt(got[0]).unwrap();
    to_parent.pop(&mut got, deadline()).unwrap();
    assert_eq!(got, number(0), "the child is ready");
    assert_eq!(received.holders(), 1 << parent | 1 << c);
    assert!(mine.iter().all(|b| b.holders() == 1 << parent | 1 << c));

    assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL));
    assert_eq!(segment.dead_slots(), vec![c]);
    let own_pages: usize = own_sizes.iter().map(|len| (len + 64).div_ceil(PAGE_LEN)).sum();
    let done = me.reclaim_dead();
    assert_eq!(
        done,
        Reclaimed { slots: vec![c], blocks_freed: own_sizes.len(), pages_freed: own_pages, rings_reset: 1 }
    );
    // What it shared with us stays ours; what we sent it (taken or still in its ring) is ours again.
    assert_eq!(received.holders(), 1 << parent);
    assert!(mine.iter().all(|b| b.holders() == 1 << parent));
    assert!(heads(segment).iter().all(|&(_, holders)| holders == 1 << parent));
    assert_eq!((to_child.consumer(), to_child.len(), to_parent.producer()), (None, 0, None));
    assert_eq!(slot(segment, c), (slot_state::FREE, 0, 0));
    assert!(segment.dead_slots().is_empty());
    assert_eq!(me.reclaim_dead(), Reclaimed::default(), "nothing left to do");
    drop((mine, received));
    assert_eq!(session.pages_in_use(), 0);
    assert!(segment.heap_usage().by_slot.iter().all(|&(s, _, _)| s != c));
}

#[test]
fn attaching_reclaims_the_dead_first() {
    let session = Session::new("attach", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let child = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        let held: Result<Vec<_>, _> = (0..10).map(|i| child.try_alloc(i * 3000)).collect();
        let Ok(_held) = held else { return 11 };
        // SAFETY: raise only signals this process: it stops, for the parent to kill.
        unsafe { libc::raise(libc::SIGSTOP) };
        12
    });
    wait_until("the child holds its blocks", || child.state() == "T");
    assert!(session.pages_in_use() > 10);
    assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL));
    let me = segment.attach().unwrap();
    assert_eq!(session.pages_in_use(), 0, "attach reclaimed the dead child's blocks");
    assert!(segment.dead_slots().is_empty());
    drop(me);
    assert_eq!(segment.process_counts(), (0, 0));
}

#[test]
fn detaching_gives_back_what_was_never_taken() {
    let session = Session::new("detach", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (sender, receiver) = (segment.attach().unwrap(), segment.attach().unwrap());
    let ring = segment.ring(0).unwrap();
    ring.claim_producer(sender.index()).unwrap();
    ring.claim_consumer(receiver.index()).unwrap();
    for len in [10, 50_000] {
        let block = sender.try_alloc(len).unwrap().freeze();
        assert!(block.share_with(receiver.index()));
        ring.push(&[block.handle()], deadline()).unwrap();
    }
    assert!(session.pages_in_use() > 0, "the receiver's bits hold the blocks");
    let clone = receiver.clone();
    drop(receiver);
    assert_eq!(ring.len(), 2, "a clone keeps the slot and what it holds");
    drop(clone);
    assert_eq!(session.pages_in_use(), 0);
    assert_eq!((ring.consumer(), ring.len()), (None, 0));
    assert_eq!(ring.producer(), Some(sender.index()));
    drop(sender);
    assert_eq!((ring.producer(), segment.process_counts()), (None, (0, 0)));
}

#[test]
fn a_process_killed_at_random_moments_of_an_alloc_free_loop_leaks_no_page() {
    const ROUNDS: usize = 50;
    let session = Session::new("killloop", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let me = segment.attach().unwrap();
    let mut counter = me.try_alloc(8).unwrap();
    let progress = counter.as_mut_slice().as_mut_ptr().cast::<u64>();
    // SAFETY: the payload is 64-byte aligned, 8 bytes long, and lives (in the shared mapping)
    // until the end of the test; it is only accessed atomically, here and in the children.
    let progress = unsafe { AtomicU64::from_ptr(progress) };
    let mut random = Random::from_clock("kill loop");
    let mut killed_holding = 0;
    for round in 0..ROUNDS {
        progress.store(0, Ordering::Relaxed);
        let seed = random.below(u64::MAX) | 1;
        // A slot the child shares blocks with now and then: its bits, never taken, are given
        // back when it detaches.
        let bystander = segment.attach().unwrap();
        let share = bystander.index();
        let child = fork(move || {
            let Ok(child) = segment.attach() else { return 10 };
            let mut random = Random(seed);
            let mut held = std::collections::VecDeque::new();
            loop {
                let block = match child.try_alloc(random.size()) {
                    Ok(block) => block,
                    Err(AllocError::SegmentFull { .. }) => {
                        held.clear();
                        continue;
                    }
                    Err(_) => return 11,
                };
                let block = block.freeze();
                match random.below(128) {
                    0 => {
                        block.share_with(share);
                    }
                    1..=16 => {
                        block.share_with(share);
                        block.unshare(share);
                    }
                    _ => {}
                }
                held.push_back(block.clone());
                drop(block);
                while held.len() > random.below(16) as usize {
                    held.pop_front();
                }
                progress.fetch_add(1, Ordering::Relaxed);
            }
        });
        let target = 1 + random.below(20_000);
        wait_until("the child makes progress", || progress.load(Ordering::Relaxed) >= target);
        assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL), "round {round}");
        killed_holding += usize::from(session.pages_in_use() > 1);
        let done = me.reclaim_dead();
        assert_eq!(done.slots.len(), 1, "round {round}: {done:?}");
        let c = done.slots[0];
        assert_eq!(session.pages_in_flight(), 0, "round {round}: an allocation or free left unfinished");
        assert!(heads(segment).iter().all(|&(_, holders)| holders & 1 << c == 0), "round {round}: a bit left");
        assert_eq!(slot(segment, c), (slot_state::FREE, 0, 0));
        drop(bystander);
        let left = heads(segment);
        assert_eq!(left, vec![(left[0].0, 1 << me.index())], "round {round}: only the progress counter is left");
        assert_eq!(session.pages_in_use(), 1, "round {round}");
    }
    eprintln!("{killed_holding} of {ROUNDS} children were killed holding blocks");
    drop(counter);
    assert_eq!(session.pages_in_use(), 0);
}

/// Forks a child that attaches, takes `blocks` blocks of 1 to `max_pages` pages and stops
/// itself; returns it and its slot once it has.
fn holder(session: &Session, blocks: usize, max_pages: usize) -> (common::Child, usize) {
    let segment = &session.segment;
    let before = segment.process_counts().0;
    let child = fork(|| {
        let Ok(child) = segment.attach() else { return 10 };
        let held: Result<Vec<_>, _> = (0..blocks).map(|i| child.try_alloc((i % max_pages) * PAGE_LEN)).collect();
        let Ok(_held) = held else { return 11 };
        // SAFETY: raise only signals this process: it stops, for the parent to kill.
        unsafe { libc::raise(libc::SIGSTOP) };
        12
    });
    wait_until("the holder took its blocks (or ended)", || matches!(&*child.state(), "T" | "Z"));
    if child.state() == "Z" {
        let ended = child.wait();
        panic!("the holder ended ({ended:?}; 10: it could not attach, 11: nor allocate) instead of stopping");
    }
    assert_eq!(segment.process_counts().0, before + 1);
    let pid = child.pid as u32;
    let index = (0..segment.process_slots().len()).find(|&i| slot(segment, i).1 == pid).unwrap();
    (child, index)
}

/// The pid of a process that has ended.
fn dead_pid() -> u32 {
    let child = fork(|| 0);
    let pid = child.pid as u32;
    assert_eq!(child.wait(), Exit::Code(0));
    pid
}

#[test]
fn a_reclaim_left_half_done_is_finished_by_the_next() {
    let session = Session::new("halfdone", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (child, d) = holder(&session, 30, 3);
    assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL));
    // As a reclaimer killed midway leaves it: RECLAIMING, its (dead) pid, and the dead
    // process's own work in flight.
    let map = segment.page_map();
    let pages = map.len();
    let s = &segment.process_slots()[d];
    s.reclaimer.store(OwnerToken::of(dead_pid(), 0).0, Ordering::Release);
    s.state.store(slot_state::RECLAIMING, Ordering::Release);
    // A 3-page block of the dead process being freed: head FREEING, the last page done.
    let (head, _) =
        heads(segment).into_iter().find(|&(p, _)| map[p + 2].load(Ordering::Relaxed) == entry::BODY).unwrap();
    map[head].store(entry::freeing(d), Ordering::Release);
    map[head + 2].store(entry::FREE, Ordering::Release);
    // An allocation claimed, and one whose further pages were stored already.
    let tail = pages - 6;
    assert!(map[tail..].iter().all(|e| e.load(Ordering::Relaxed) == entry::FREE));
    for (page, value) in
        [entry::claiming(d), entry::claiming(d), entry::FREE, entry::claiming(d), entry::BODY, entry::BODY]
            .into_iter()
            .enumerate()
    {
        map[tail + page].store(value, Ordering::Release);
    }
    assert_eq!(segment.dead_slots(), vec![d], "a reclaim whose reclaimer died is to be done again");
    let done = segment.reclaim_dead();
    assert_eq!(done.slots, vec![d]);
    assert_eq!(session.pages_in_use(), 0, "{done:?}");
    assert_eq!(slot(segment, d), (slot_state::FREE, 0, 0));
    assert_eq!(segment.reclaim_dead(), Reclaimed::default());
}

#[test]
fn a_reclaimer_killed_at_random_moments_is_finished_by_the_next() {
    const ROUNDS: usize = 20;
    let session = Session::new("reclaimer", 64 << 20);
    let segment = &session.segment;
    let mut random = Random::from_clock("killed reclaimers");
    let mut killed_midway = 0;
    for round in 0..ROUNDS {
        // Many one-page blocks: a reclaim long enough to be killed in.
        let (child, d) = holder(&session, 12_000, 1);
        assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL));
        let held = session.pages_in_use();
        // A reclaimer that needs no slot, killed a random while after it took the slot.
        let reclaimer = fork(|| {
            segment.reclaim_dead();
            0
        });
        let state = || segment.process_slots()[d].state.load(Ordering::Acquire);
        wait_until("the reclaimer takes the slot", || state() != slot_state::ALIVE);
        // Killed once it has freed a random share of the pages (none: while it does the rings).
        let freed = random.below(held as u64 * 5 / 4) as usize;
        // Spinning, not yielding: a yield on a busy machine lets the reclaimer run to its end.
        let until = std::time::Instant::now() + common::LONG;
        while session.pages_in_use() + freed > held && state() != slot_state::FREE {
            assert!(std::time::Instant::now() < until, "round {round}: the reclaimer stalled");
            std::hint::spin_loop();
        }
        let exit = reclaimer.kill();
        if state() == slot_state::RECLAIMING {
            killed_midway += 1;
            assert_eq!(exit, Exit::Signal(libc::SIGKILL));
            assert_eq!(segment.dead_slots(), vec![d], "round {round}");
        }
        segment.reclaim_dead();
        assert_eq!(session.pages_in_use(), 0, "round {round}");
        assert_eq!(slot(segment, d), (slot_state::FREE, 0, 0), "round {round}");
    }
    eprintln!("{killed_midway} of {ROUNDS} reclaimers were killed midway");
    assert!(killed_midway > 0, "no reclaimer was killed midway: the test did not test what it says");
}

/// A token for a process that runs under `pid` but started at another time: what a dead
/// reclaimer's token looks like once its pid has been given to a new process.
fn reused(pid: u32) -> OwnerToken {
    OwnerToken::of(pid, start_time(pid).unwrap() + 1)
}

#[test]
fn a_dead_reclaimer_whose_pid_was_reused_does_not_keep_the_slot() {
    let session = Session::new("reusedpid", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    let (child, d) = holder(&session, 5, 1);
    assert_eq!(child.kill(), Exit::Signal(libc::SIGKILL));
    // A reclaimer that died mid-reclaim, whose pid now belongs to a living process (ours).
    let s = &segment.process_slots()[d];
    s.reclaimer.store(reused(std::process::id()).0, Ordering::Release);
    s.state.store(slot_state::RECLAIMING, Ordering::Release);
    assert_eq!(segment.dead_slots(), vec![d], "a reclaimer is alive only with its own start time");
    assert_eq!(segment.reclaim_dead().slots, vec![d]);
    assert_eq!(session.pages_in_use(), 0);
    assert_eq!(slot(segment, d), (slot_state::FREE, 0, 0));
}

#[test]
fn detaching_is_not_blocked_by_a_reused_pid_or_a_stopped_reclaimer() {
    let session = Session::new("detachwait", MIN_SEGMENT_LEN);
    let segment = &session.segment;
    // A reclaimer token whose pid was reused: the slot is released at once.
    let me = segment.attach().unwrap();
    let index = me.index();
    segment.process_slots()[index].reclaimer.store(reused(std::process::id()).0, Ordering::Release);
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(me);
        done.send(()).unwrap();
    });
    finished.recv_timeout(common::LONG).expect("detaching waited on a reclaimer that is not running");
    assert_eq!(slot(segment, index), (slot_state::FREE, 0, 0));
    // A living reclaimer that never lets go (stopped): detaching gives up after a while and
    // leaves the slot for a reclaim once this process has exited.
    let stopped = fork(|| loop {
        std::thread::park();
    });
    let me = segment.attach().unwrap();
    let index = me.index();
    let token = OwnerToken::of(stopped.pid as u32, start_time(stopped.pid as u32).unwrap());
    segment.process_slots()[index].reclaimer.store(token.0, Ordering::Release);
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(me);
        done.send(()).unwrap();
    });
    finished.recv_timeout(common::LONG).expect("detaching waited without limit");
    assert_eq!(slot(segment, index), (slot_state::ALIVE, std::process::id(), token.0), "the slot is left as it was");
    assert_eq!(stopped.kill(), Exit::Signal(libc::SIGKILL));
}
