//! Rings of handles between real processes (docs/shm.md, sections 5 and 8). Children are
//! forked: they inherit the segment's shared mapping, run only ring operations on memory
//! allocated before the fork, and end with `_exit`, never returning into the test harness.
//! Their exit code says what went wrong (see each child's closure).

use evflow_shm::layout::{MIN_SEGMENT_LEN, RING_ENTRY_LEN, RING_HEADER_LEN};
use evflow_shm::ring::{Endpoint, RING_MAGIC};
use evflow_shm::{Handle, Ring, RingError, Segment, SegmentConfig, Slot, INLINE, INLINE_MAX};
use std::mem::size_of;
use std::os::unix::fs::FileExt;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Ring capacity of the test segments.
const CAPACITY: usize = 64;
/// Process slots the tests claim ring ends for (the process table is not involved here).
const PRODUCER: usize = 1;
const CONSUMER: usize = 2;
/// A deadline no healthy test comes near; only a hung peer reaches it.
const LONG: Duration = Duration::from_secs(10);

fn deadline() -> Option<Instant> {
    Some(Instant::now() + LONG)
}

/// A fresh segment, removed when the test ends, passed or failed.
struct Session {
    segment: Segment,
}

impl Session {
    fn new(tag: &str) -> Session {
        Session::with_capacity(tag, CAPACITY, MIN_SEGMENT_LEN)
    }

    fn with_capacity(tag: &str, ring_capacity: usize, size: usize) -> Session {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let session = format!("test-ring-{tag}-{}-{nanos}", std::process::id());
        let config = SegmentConfig { session, size, ring_capacity, remove_when_unused: false };
        Session { segment: Segment::create(&config).unwrap() }
    }

    fn ring(&self) -> Ring<'_> {
        self.segment.ring(0).unwrap()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.segment.remove();
    }
}

/// How a child ended.
#[derive(Debug, PartialEq, Eq)]
enum Exit {
    Code(i32),
    Signal(i32),
}

impl Exit {
    fn from_status(status: i32) -> Exit {
        if libc::WIFSIGNALED(status) {
            Exit::Signal(libc::WTERMSIG(status))
        } else {
            Exit::Code(libc::WEXITSTATUS(status))
        }
    }
}

/// A forked child, killed and reaped on drop if the test did not reap it.
struct Child {
    pid: libc::pid_t,
    reaped: bool,
}

/// Runs `body` in a forked child, which exits with the code it returns (101 if it panics).
fn fork(body: impl FnOnce() -> i32) -> Child {
    // SAFETY: the child runs only `body` (ring operations on inherited memory) and `_exit`.
    match unsafe { libc::fork() } {
        -1 => panic!("fork: {}", std::io::Error::last_os_error()),
        0 => {
            let code = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or(101);
            // SAFETY: ends the child without running the harness's exit path.
            unsafe { libc::_exit(code) }
        }
        pid => Child { pid, reaped: false },
    }
}

impl Child {
    fn wait(mut self) -> Exit {
        let mut status = 0;
        // SAFETY: our own child; status is a valid out-pointer.
        let rc = unsafe { libc::waitpid(self.pid, &mut status, 0) };
        assert_eq!(rc, self.pid, "waitpid: {}", std::io::Error::last_os_error());
        self.reaped = true;
        Exit::from_status(status)
    }

    fn kill(self) -> Exit {
        // SAFETY: our own, not yet reaped child.
        unsafe { libc::kill(self.pid, libc::SIGKILL) };
        self.wait()
    }

    /// utime + stime of the child, in clock ticks, from `/proc/<pid>/stat`.
    fn cpu_ticks(&self) -> u64 {
        let fields = self.stat_fields();
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    }

    /// The child's scheduler state (`S`: asleep in the kernel).
    fn state(&self) -> String {
        self.stat_fields()[0].clone()
    }

    /// The fields of `/proc/<pid>/stat` after the command name, from field 3 (state) on.
    fn stat_fields(&self) -> Vec<String> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid)).unwrap();
        let after_name = &stat[stat.rfind(')').unwrap() + 1..];
        after_name.split_whitespace().map(str::to_string).collect()
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if !self.reaped {
            // SAFETY: our own, not yet reaped child.
            unsafe {
                libc::kill(self.pid, libc::SIGKILL);
                libc::waitpid(self.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// Waits (yielding, with a deadline) until `condition` holds.
fn wait_until(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + LONG;
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::yield_now();
    }
}

/// Parts of message `seq`: 1 to 4, scrambled.
fn parts_of(seq: u64) -> usize {
    1 + (seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 62) as usize
}

/// Writes message `seq` of `round` into `buf`; returns its parts. Part `j` of `k` says
/// `(round, seq)` in its offset, `j` in its len and `k` in its generation.
fn message(buf: &mut [Handle; 4], round: u64, seq: u64) -> &[Handle] {
    let k = parts_of(seq);
    for (j, part) in buf[..k].iter_mut().enumerate() {
        *part = Handle { offset: round << 40 | seq, len: j as u64, generation: k as u64 };
    }
    &buf[..k]
}

/// Asserts that `got` is message `seq` of `round`, whole.
fn check(got: &[Handle], round: u64, seq: u64) {
    let mut want = [Handle::default(); 4];
    assert_eq!(got, message(&mut want, round, seq), "round {round}: expected message {seq} whole");
}

fn single(seq: u64) -> [Handle; 1] {
    [Handle { offset: seq, len: 0, generation: 1 }]
}

#[test]
fn messages_cross_processes_in_order_and_whole_and_no_wake_up_is_lost() {
    // Producer and consumer are both children and wait with no deadline, so that a lost
    // wake-up leaves one asleep for ever instead of being rescued by a deadline. The consumer
    // checks every message and reports on a second ring, which the parent waits on with one.
    const MESSAGES: u64 = 200_000;
    let session = Session::new("order");
    let (ring, report) = (session.segment.ring(0).unwrap(), session.segment.ring(1).unwrap());
    let mut out = Vec::with_capacity(CAPACITY);
    let producer = fork(|| {
        if ring.claim_producer(PRODUCER).is_err() {
            return 10;
        }
        let mut buf = [Handle::default(); 4];
        for seq in 0..MESSAGES {
            if ring.push(message(&mut buf, 0, seq), None).is_err() {
                return 11;
            }
        }
        if !ring.release_producer(PRODUCER) {
            return 12;
        }
        0
    });
    let consumer = fork(|| {
        if ring.claim_consumer(CONSUMER).is_err() || report.claim_producer(CONSUMER).is_err() {
            return 10;
        }
        let mut want = [Handle::default(); 4];
        // The first message that did not arrive whole and in order, or MESSAGES.
        let mut first_bad = MESSAGES;
        for seq in 0..MESSAGES {
            if ring.pop(&mut out, None).is_err() || out != message(&mut want, 0, seq) {
                first_bad = seq;
                break;
            }
        }
        if ring.try_pop(&mut out) != Err(RingError::Empty { ring: 0 }) {
            first_bad = MESSAGES + 1;
        }
        match report.push(&single(first_bad), None) {
            Ok(()) => 0,
            Err(_) => 11,
        }
    });
    report.claim_consumer(0).unwrap();
    if let Err(e) = report.pop(&mut out, deadline()) {
        let (producer, consumer) = (producer.kill(), consumer.kill());
        panic!("the consumer never reported ({e}): producer {producer:?}, consumer {consumer:?}; a lost wake-up?");
    }
    // The consumer reports the first message that was lost, out of order or torn, if any.
    assert_eq!(out, single(MESSAGES), "message {} was lost, out of order or torn", out[0].offset);
    assert_eq!(producer.wait(), Exit::Code(0));
    assert_eq!(consumer.wait(), Exit::Code(0));
    assert_eq!(ring.producer(), None);
}

#[test]
fn a_producer_blocked_on_a_full_ring_wakes_when_the_consumer_pops() {
    let session = Session::new("full");
    let ring = session.ring();
    ring.claim_consumer(CONSUMER).unwrap();
    let producer = fork(|| {
        if ring.claim_producer(PRODUCER).is_err() {
            return 10;
        }
        for seq in 0..CAPACITY as u64 {
            if ring.try_push(&single(seq)).is_err() {
                return 11;
            }
        }
        // The ring is full: this push sleeps until the consumer makes room.
        match ring.push(&single(CAPACITY as u64), deadline()) {
            Ok(()) => 0,
            Err(_) => 12,
        }
    });
    wait_until("the producer sleeps on the full ring", || {
        ring.len() == CAPACITY && ring.header().producer_waiting.load(Ordering::Acquire) == 1
    });
    let mut out = Vec::with_capacity(CAPACITY);
    ring.pop(&mut out, deadline()).unwrap();
    assert_eq!(out, single(0));
    assert_eq!(producer.wait(), Exit::Code(0));
    for seq in 1..=CAPACITY as u64 {
        ring.try_pop(&mut out).unwrap();
        assert_eq!(out, single(seq));
    }
    assert!(ring.is_empty());
}

/// Forks a consumer that claims the ring and pops one message, exiting 0 if it is
/// `expected`; returns once the consumer sleeps on the empty ring.
fn sleeping_consumer(ring: &Ring<'_>, expected: [Handle; 1]) -> Child {
    let mut out = Vec::with_capacity(CAPACITY);
    let consumer = fork(|| {
        if ring.claim_consumer(CONSUMER).is_err() {
            return 10;
        }
        match ring.pop(&mut out, deadline()) {
            Ok(()) if out == expected => 0,
            Ok(()) => 11,
            Err(_) => 12,
        }
    });
    wait_until("the consumer sleeps on the empty ring", || {
        ring.header().consumer_waiting.load(Ordering::Acquire) == 1 && consumer.state() == "S"
    });
    consumer
}

#[test]
fn a_consumer_blocked_on_an_empty_ring_wakes_when_the_producer_pushes() {
    let session = Session::new("empty");
    let ring = session.ring();
    let consumer = sleeping_consumer(&ring, single(7));
    ring.claim_producer(PRODUCER).unwrap();
    ring.push(&single(7), deadline()).unwrap();
    assert_eq!(consumer.wait(), Exit::Code(0));
}

#[test]
fn deadlines_give_full_and_empty_and_bad_messages_fail_at_once() {
    let session = Session::new("deadline");
    let ring = session.ring();
    let mut out = Vec::new();
    let soon = || Some(Instant::now() + Duration::from_millis(20));
    assert_eq!(ring.pop(&mut out, soon()), Err(RingError::Empty { ring: 0 }));
    assert_eq!(ring.try_pop(&mut out), Err(RingError::Empty { ring: 0 }));
    for seq in 0..CAPACITY as u64 {
        ring.try_push(&single(seq)).unwrap();
    }
    assert_eq!(ring.len(), CAPACITY);
    assert_eq!(ring.push(&single(0), soon()), Err(RingError::Full { ring: 0, capacity: CAPACITY }));
    assert_eq!(ring.try_push(&single(0)), Err(RingError::Full { ring: 0, capacity: CAPACITY }));
    // A timed-out wait leaves no flag behind that would cost the other side system calls.
    assert_eq!(ring.header().producer_waiting.load(Ordering::Relaxed), 0);
    assert_eq!(ring.header().consumer_waiting.load(Ordering::Relaxed), 0);
    let too_many = vec![Handle::default(); CAPACITY + 1];
    assert_eq!(ring.push(&too_many, None), Err(RingError::TooManyParts { parts: CAPACITY + 1, capacity: CAPACITY }));
    assert_eq!(ring.push(&[], None), Err(RingError::NoParts));
    // Room for one 3-part message needs three free entries, not one.
    ring.try_pop(&mut out).unwrap();
    let three = [Handle::default(); 3];
    assert_eq!(ring.try_push(&three), Err(RingError::Full { ring: 0, capacity: CAPACITY }));
    ring.try_pop(&mut out).unwrap();
    ring.try_pop(&mut out).unwrap();
    ring.try_push(&three).unwrap();
    assert!(session.segment.ring(evflow_shm::layout::MAX_RINGS).is_err());
}

#[test]
fn an_idle_consumer_uses_no_cpu() {
    let session = Session::new("idle");
    let ring = session.ring();
    let consumer = sleeping_consumer(&ring, single(0));
    let before = consumer.cpu_ticks();
    // The measurement window, not a synchronization: the consumer must stay asleep through it.
    std::thread::sleep(Duration::from_secs(1));
    let after = consumer.cpu_ticks();
    assert!(after - before <= 2, "an idle consumer used {} clock ticks of CPU in a second", after - before);
    ring.claim_producer(PRODUCER).unwrap();
    ring.push(&single(0), deadline()).unwrap();
    assert_eq!(consumer.wait(), Exit::Code(0));
}

/// A tiny xorshift generator: the kill moments differ from run to run, and the seed is
/// printed so that a failing run can be replayed.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn a_producer_killed_mid_push_leaves_only_whole_messages() {
    const ROUNDS: u64 = 100;
    // A large ring, so that the producer runs flat out (writing entries, publishing) for a
    // while before it fills the ring and sleeps: most kills land mid-push.
    const BIG: usize = 4096;
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1;
    eprintln!("kill moments from seed {seed}");
    let mut random = Random(seed);
    let session = Session::with_capacity("kill", BIG, 4 * MIN_SEGMENT_LEN);
    let ring = session.ring();
    ring.claim_consumer(CONSUMER).unwrap();
    let mut out = Vec::with_capacity(BIG);
    let ring = &ring;
    let produce = |round: u64, messages: u64| {
        fork(move || {
            if ring.claim_producer(PRODUCER).is_err() {
                return 10;
            }
            let mut buf = [Handle::default(); 4];
            for seq in 0..messages {
                if ring.push(message(&mut buf, round, seq), None).is_err() {
                    return 11;
                }
            }
            ring.release_producer(PRODUCER);
            0
        })
    };
    for round in 0..ROUNDS {
        let producer = produce(round, u64::MAX);
        // Kill it once it has published a random number of entries; now and then past the
        // capacity, so that some kills find it asleep on the full ring.
        let published = 1 + random.below(BIG as u64 * 5 / 4);
        // Spinning, not yielding: on a busy machine a yield lets the producer run far past.
        let until = Instant::now() + LONG;
        while (ring.len() as u64) < published.min(BIG as u64 - 3) {
            assert!(Instant::now() < until, "round {round}: the producer stalled at {} entries", ring.len());
            std::hint::spin_loop();
        }
        assert_eq!(producer.kill(), Exit::Signal(libc::SIGKILL), "round {round}: the producer failed on its own");
        assert!(ring.release_producer(PRODUCER), "round {round}: the dead producer held the ring");
        // What it published arrives whole and in order; what it was writing never appears.
        let mut next = 0;
        loop {
            match ring.try_pop(&mut out) {
                Ok(()) => check(&out, round, next),
                Err(RingError::Empty { .. }) => break,
                Err(e) => panic!("round {round}, message {next}: {e}"),
            }
            next += 1;
        }
        assert!(next > 0 && ring.is_empty());
    }
    // A new producer finds the ring working.
    let producer = produce(ROUNDS, 1000);
    for seq in 0..1000 {
        ring.pop(&mut out, deadline()).unwrap();
        check(&out, ROUNDS, seq);
    }
    assert_eq!(producer.wait(), Exit::Code(0));
    assert_eq!(ring.try_pop(&mut out), Err(RingError::Empty { ring: 0 }));
}

#[test]
fn reset_after_a_killed_consumer_makes_the_ring_empty_and_usable() {
    let session = Session::new("reset");
    let ring = session.ring();
    ring.claim_producer(PRODUCER).unwrap();
    for seq in 0..10 {
        ring.try_push(&single(seq)).unwrap();
    }
    let mut out = Vec::with_capacity(CAPACITY);
    let consumer = fork(|| {
        if ring.claim_consumer(CONSUMER).is_err() {
            return 10;
        }
        for _ in 0..3 {
            if ring.try_pop(&mut out).is_err() {
                return 11;
            }
        }
        loop {
            // SAFETY: waits for the SIGKILL.
            unsafe { libc::pause() };
        }
    });
    wait_until("the consumer took 3 messages", || ring.len() == 7);
    assert_eq!(consumer.kill(), Exit::Signal(libc::SIGKILL));
    // The reclaimer's part (docs/shm.md, section 7, step 4).
    assert_eq!(ring.consumer(), Some(CONSUMER));
    assert!(ring.release_consumer(CONSUMER));
    assert_eq!(ring.reset(), 7);
    assert!(ring.is_empty());
    assert_eq!(ring.try_pop(&mut out), Err(RingError::Empty { ring: 0 }));
    // A new consumer, and the whole capacity usable again.
    ring.claim_consumer(CONSUMER + 1).unwrap();
    for seq in 100..100 + CAPACITY as u64 {
        ring.try_push(&single(seq)).unwrap();
    }
    assert!(matches!(ring.try_push(&single(0)), Err(RingError::Full { .. })));
    for seq in 100..100 + CAPACITY as u64 {
        ring.try_pop(&mut out).unwrap();
        assert_eq!(out, single(seq));
    }
}

#[test]
fn endpoints_are_claimed_once() {
    let session = Session::new("claim");
    let ring = session.ring();
    assert_eq!((ring.producer(), ring.consumer()), (None, None));
    ring.claim_producer(PRODUCER).unwrap();
    ring.claim_consumer(CONSUMER).unwrap();
    assert_eq!(
        ring.claim_producer(5),
        Err(RingError::Busy { ring: 0, endpoint: Endpoint::Producer, holder: PRODUCER as u32 })
    );
    assert_eq!(ring.claim_consumer(64), Err(RingError::NoSuchSlot { slot: 64 }));
    assert!(!ring.release_producer(5));
    assert!(ring.release_producer(PRODUCER));
    ring.claim_producer(5).unwrap();
    assert_eq!((ring.producer(), ring.consumer()), (Some(5), Some(CONSUMER)));
    // Another ring of the same segment is independent.
    session.segment.ring(1).unwrap().claim_producer(PRODUCER).unwrap();
}

/// Overwrites `parts_left` of entry `index` of ring 0 through the segment's file, as a
/// process writing out of bounds would.
fn corrupt_parts_left(segment: &Segment, index: usize, value: u32) {
    let layout = segment.layout();
    // parts_left follows the offset, len and generation (u64 each) of the entry.
    let offset = layout.ring_table + RING_HEADER_LEN + index * RING_ENTRY_LEN + 3 * size_of::<u64>();
    let file = std::fs::OpenOptions::new().write(true).open(segment.path()).unwrap();
    file.write_all_at(&value.to_le_bytes(), offset as u64).unwrap();
}

#[test]
fn a_corrupted_ring_gives_malformed_not_a_panic() {
    let session = Session::new("corrupt");
    let ring = session.ring();
    let header = ring.header();
    let malformed = |r: Result<(), RingError>| matches!(r, Err(RingError::Malformed { ring: 0, .. }));
    let mut out = Vec::new();

    // tail and head further apart than the capacity (or head past tail).
    header.tail.store(1000, Ordering::Release);
    assert!(malformed(ring.try_pop(&mut out)));
    assert!(malformed(ring.try_push(&single(0))));
    assert_eq!(ring.len(), CAPACITY);
    header.tail.store(0, Ordering::Release);
    header.head.store(5, Ordering::Release);
    assert!(malformed(ring.try_pop(&mut out)));
    header.head.store(0, Ordering::Release);

    // A first part announcing more parts than were published.
    ring.try_push(&[Handle::default(); 2]).unwrap();
    corrupt_parts_left(&session.segment, 0, 5);
    assert!(malformed(ring.try_pop(&mut out)));
    assert!(out.is_empty());
    // A later part not counting down.
    corrupt_parts_left(&session.segment, 0, 1);
    corrupt_parts_left(&session.segment, 1, 7);
    let err = ring.try_pop(&mut out).unwrap_err();
    assert!(err.to_string().contains("reset it"), "the error says what to do: {err}");
    assert_eq!(ring.reset(), 2);
    ring.try_push(&single(1)).unwrap();
    ring.try_pop(&mut out).unwrap();
    assert_eq!(out, single(1));

    // A header that is not a ring.
    header.magic.store(0xdead_beef, Ordering::Release);
    assert!(matches!(session.segment.ring(0), Err(RingError::Malformed { .. })));
    header.magic.store(RING_MAGIC, Ordering::Release);
    header.capacity.store(1 << 20, Ordering::Release);
    assert!(matches!(session.segment.ring(0), Err(RingError::Malformed { .. })));
}

/// Bytes of inline part `seq` of a test message: its length varies over 0..=INLINE_MAX.
fn inline_bytes(seq: u64) -> Vec<u8> {
    let len = (seq as usize * 37) % (INLINE_MAX + 1);
    (0..len).map(|i| (seq as usize + i) as u8).collect()
}

#[test]
fn inline_parts_cross_processes_whole_beside_handles() {
    let session = Session::new("inline");
    let ring = session.ring();
    ring.claim_producer(PRODUCER).unwrap();
    ring.claim_consumer(CONSUMER).unwrap();
    const MESSAGES: u64 = 20_000;
    let producer = fork(|| {
        let ring = session.ring();
        for seq in 0..MESSAGES {
            let bytes = inline_bytes(seq);
            let parts = [Slot::Inline(&bytes), Slot::Block(single(seq)[0]), Slot::Inline(&bytes[..bytes.len() / 2])];
            loop {
                match ring.try_push_parts(parts.iter().copied()) {
                    Ok(()) => break,
                    Err(RingError::Full { .. }) => std::hint::spin_loop(),
                    Err(_) => return 1,
                }
            }
        }
        0
    });
    let (mut out, mut inline) = (Vec::new(), Vec::new());
    for seq in 0..MESSAGES {
        let started = Instant::now();
        while let Err(e) = ring.try_pop_parts(&mut out, &mut inline) {
            assert!(matches!(e, RingError::Empty { .. }), "{e}");
            assert!(started.elapsed() < LONG, "message {seq} never came");
        }
        let bytes = inline_bytes(seq);
        let half = bytes.len() / 2;
        assert_eq!(out.len(), 3, "message {seq}");
        assert_eq!((out[0].offset, out[0].len, out[0].generation), (INLINE, bytes.len() as u64, 0));
        assert_eq!(out[1], single(seq)[0]);
        assert_eq!((out[2].offset, out[2].len, out[2].generation), (INLINE, half as u64, bytes.len() as u64));
        assert_eq!(inline, [&bytes[..], &bytes[..half]].concat(), "message {seq}: the bytes sent");
    }
    assert_eq!(producer.wait(), Exit::Code(0));
    assert!(ring.is_empty());
}

#[test]
fn inline_parts_count_their_entries_and_bad_ones_are_refused() {
    let session = Session::new("inline-bad");
    let ring = session.ring();
    let big = vec![7u8; INLINE_MAX];
    // A full-size inline part takes its entry and INLINE_MAX / 32 more.
    assert_eq!(Slot::Inline(&big).entries(), 1 + INLINE_MAX / RING_ENTRY_LEN);
    let per_message = Slot::Inline(&big).entries();
    let fit = CAPACITY / per_message;
    for _ in 0..fit {
        ring.try_push_parts([Slot::Inline(&big)].into_iter()).unwrap();
    }
    assert!(matches!(ring.try_push_parts([Slot::Inline(&big)].into_iter()), Err(RingError::Full { .. })));
    let too_big = vec![0u8; INLINE_MAX + 1];
    assert!(matches!(ring.try_push_parts([Slot::Inline(&too_big)].into_iter()), Err(RingError::Malformed { .. })));
    let (mut out, mut inline) = (Vec::new(), Vec::new());
    for _ in 0..fit {
        ring.try_pop_parts(&mut out, &mut inline).unwrap();
        assert_eq!(inline, big);
    }
    // An inline entry whose length and data count disagree, or whose data runs past what was
    // published, is malformed, never read past the ring.
    ring.try_push_parts([Slot::Inline(&big[..40])].into_iter()).unwrap();
    let at = fit * per_message % CAPACITY;
    let layout = session.segment.layout();
    let file = std::fs::OpenOptions::new().write(true).open(session.segment.path()).unwrap();
    let generation_at = (layout.ring_table + RING_HEADER_LEN + at * RING_ENTRY_LEN + 2 * size_of::<u64>()) as u64;
    file.write_all_at(&9u64.to_le_bytes(), generation_at).unwrap();
    let err = ring.try_pop_parts(&mut out, &mut inline).unwrap_err();
    assert!(matches!(err, RingError::Malformed { .. }) && out.is_empty(), "{err}");
    assert_eq!(ring.reset(), 3);
}

#[test]
fn returns_are_taken_in_order_a_whole_line_at_a_time_and_a_full_queue_refuses() {
    let session = Session::new("returns");
    let ring = session.ring();
    const LINE: usize = evflow_shm::ring::RETURN_BATCH as usize;
    // The consumer is behind the producer (a message waits): returns go a line at a time.
    let mut got = Vec::new();
    ring.try_push(&single(1)).unwrap();
    ring.try_push(&single(2)).unwrap();
    ring.try_pop(&mut got).unwrap();
    // Written but not published: the producer sees nothing until a line is whole.
    for page in 0..LINE - 1 {
        assert!(ring.put_return(page));
        assert_eq!(ring.take_return(), None, "entry {page} published before its line was whole");
    }
    assert!(ring.put_return(LINE - 1));
    let taken: Vec<usize> = std::iter::from_fn(|| ring.take_return()).collect();
    assert_eq!(taken, (0..LINE).collect::<Vec<_>>());
    // Published before the consumer waits, however few.
    assert!(ring.put_return(100) && ring.put_return(101));
    assert_eq!(ring.take_return(), None);
    assert!(ring.publish_returns() && !ring.publish_returns());
    assert_eq!((ring.take_return(), ring.take_return(), ring.take_return()), (Some(100), Some(101), None));
    // A consumer that has caught up (its last pop emptied the ring): published at once.
    ring.try_pop(&mut got).unwrap();
    assert!(ring.put_return(200));
    assert_eq!(ring.take_return(), Some(200));
    ring.try_push(&single(3)).unwrap();
    ring.try_push(&single(4)).unwrap();
    ring.try_pop(&mut got).unwrap();
    // As many as the ring has entries, then no room until the producer takes some.
    for page in 0..CAPACITY {
        assert!(ring.put_return(1000 + page), "{page}");
    }
    assert!(!ring.put_return(5000));
    assert_eq!(ring.take_return(), Some(1000));
    assert!(ring.put_return(5000));
    ring.publish_returns();
    let rest: Vec<usize> = std::iter::from_fn(|| ring.take_return()).collect();
    assert_eq!(rest, (1001..1000 + CAPACITY).chain([5000]).collect::<Vec<_>>());
}

#[test]
fn scribbled_return_counters_give_nothing_and_the_queue_goes_on() {
    let session = Session::new("badreturns");
    let ring = session.ring();
    let header = ring.header();
    header.returns_put.store(header.returns_taken.load(Ordering::Relaxed) + 10 * CAPACITY as u64, Ordering::Relaxed);
    header.returns_put_seen.store(header.returns_taken.load(Ordering::Relaxed), Ordering::Relaxed);
    assert_eq!(ring.take_return(), None, "counters further apart than the queue holds");
    // The producer caught up with the scribbled count; the consumer's next line goes through.
    header.returns_written.store(header.returns_put.load(Ordering::Relaxed), Ordering::Relaxed);
    header.returns_taken_seen.store(header.returns_taken.load(Ordering::Relaxed), Ordering::Relaxed);
    assert!(ring.put_return(7));
    ring.publish_returns();
    assert_eq!(ring.take_return(), Some(7));
}
