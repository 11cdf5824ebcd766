//! Shared-memory failure cases of issue 3, each a clear error while the channel goes on:
//! segment full, queue full, message larger than the segment, corrupt handle, receiver gone.

mod common;

use common::ChildProcess;
use evflow_shm::layout::MIN_SEGMENT_LEN;
use evflow_shm::{Handle, Segment, SegmentConfig};
use evflow_transport::{Channel, ChannelError, Message, Options, Part, Pattern};
use std::process::Stdio;
use std::sync::atomic::Ordering;
use std::time::Duration;

const CHILD_ENV: &str = "EVFLOW_SHM_ERRORS_CHILD";
const WAIT: Option<Duration> = Some(Duration::from_secs(10));
const SHORT: Option<Duration> = Some(Duration::from_millis(200));

struct Session {
    name: String,
    options: Options,
}

impl Session {
    fn new(tag: &str) -> Session {
        let name = format!("test-{tag}-{}", std::process::id());
        let segment = SegmentConfig {
            session: name.clone(),
            size: MIN_SEGMENT_LEN,
            ring_capacity: 16,
            remove_when_unused: false,
        };
        let options = Options { segment, ..Options::default() };
        Session { name, options }
    }

    fn address(&self) -> String {
        format!("shm://{}/errors", self.name)
    }

    fn open(&self, pattern: Pattern) -> Channel {
        Channel::connect(pattern, &self.address(), &self.options).unwrap()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        common::remove_session(&self.name);
    }
}

fn one(bytes: &[u8]) -> Message {
    Message::single(Part::from(bytes))
}

#[test]
fn segment_full_names_the_size_and_the_holders() {
    let session = Session::new("full");
    let (mut pull, mut push) = (session.open(Pattern::Pull), session.open(Pattern::Push));
    let big = vec![7u8; 3 << 20];
    let err = loop {
        if let Err(e) = push.send(&one(&big), SHORT) {
            break e;
        }
    };
    let text = err.to_string();
    assert!(matches!(err, ChannelError::Alloc { .. }), "{text}");
    for expect in ["shm://", "free", "largest free run", &std::process::id().to_string()] {
        assert!(text.contains(expect), "{expect:?} missing from: {text}");
    }
    // The receiver frees the blocks by receiving; the sender goes on.
    while pull.recv(SHORT).is_ok() {}
    push.send(&one(&big), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().len(), big.len());
}

#[test]
fn queue_full_names_the_receiver() {
    let session = Session::new("queue");
    let (mut pull, mut push) = (session.open(Pattern::Pull), session.open(Pattern::Push));
    let err = loop {
        if let Err(e) = push.send(&one(b"x"), SHORT) {
            break e;
        }
    };
    let text = err.to_string();
    assert!(matches!(err, ChannelError::QueueFull { .. }), "{text}");
    assert!(text.contains(&format!("receiver pid {}", std::process::id())) && text.contains("16 entries"), "{text}");
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"x");
    push.send(&one(b"y"), WAIT).unwrap();
}

#[test]
fn a_message_larger_than_the_segment_fails_at_once() {
    let session = Session::new("large");
    let (_pull, mut push) = (session.open(Pattern::Pull), session.open(Pattern::Push));
    let started = std::time::Instant::now();
    let err = push.send(&one(&vec![0u8; MIN_SEGMENT_LEN + 1]), Some(Duration::from_secs(30))).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(20), "waited for a message that can never fit");
    assert!(matches!(err, ChannelError::Alloc { source: evflow_shm::AllocError::TooLarge { .. }, .. }), "{err}");
}

#[test]
fn a_corrupt_handle_is_an_error_and_the_next_message_arrives() {
    let session = Session::new("corrupt");
    let (mut pull, mut push) = (session.open(Pattern::Pull), session.open(Pattern::Push));
    push.send(&one(b"first"), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"first");
    // Scribble a handle into the channel's ring, as a broken process would.
    let segment = Segment::open(&session.name).unwrap();
    let ring = (0..evflow_shm::layout::MAX_RINGS)
        .map(|i| segment.ring(i).unwrap())
        .find(|r| r.header().state.load(Ordering::Acquire) != 0)
        .expect("the channel's ring");
    let heap = segment.layout().heap as u64;
    for bogus in [Handle { offset: 12345, len: 10, generation: 1 }, Handle { offset: heap, len: 10, generation: 999 }] {
        ring.try_push(&[bogus]).unwrap();
        let err = pull.recv(WAIT).unwrap_err();
        assert!(
            matches!(err, ChannelError::Alloc { source: evflow_shm::AllocError::CorruptHandle { .. }, .. }),
            "{err}"
        );
    }
    push.send(&one(b"next"), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"next");
}

/// The child: a puller that receives for ever (until killed).
#[test]
fn child_process() {
    let Ok(session) = std::env::var(CHILD_ENV) else { return };
    common::die_with_parent();
    let segment =
        SegmentConfig { session: session.clone(), size: MIN_SEGMENT_LEN, ring_capacity: 16, remove_when_unused: false };
    let options = Options { segment, ..Options::default() };
    let mut pull = Channel::connect(Pattern::Pull, &format!("shm://{session}/errors"), &options).unwrap();
    println!("joined");
    // Receives a few, then stops reading while holding what it got.
    let held: Vec<Message> = (0..4).filter_map(|_| pull.recv(WAIT).ok()).collect();
    println!("holding {}", held.len());
    loop {
        std::thread::park();
    }
}

#[test]
fn a_receiver_killed_holding_messages_leaves_no_block_and_the_others_go_on() {
    use std::io::{BufRead, BufReader};
    let session = Session::new("gone");
    let mut push = session.open(Pattern::Push);
    let mut child = common::spawn_child(CHILD_ENV, &session.name, Stdio::piped());
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let child = ChildProcess(child);
    assert!(lines.find(|l| l.as_ref().is_ok_and(|l| l.contains("joined"))).is_some());
    for i in 0..10u8 {
        push.send(&one(&[i; 100_000]), WAIT).unwrap();
    }
    assert!(lines.find(|l| l.as_ref().is_ok_and(|l| l.contains("holding 4"))).is_some());
    drop(child);
    // With the only receiver dead, sending says so once the sender has noticed (its queue may
    // take a few more messages before: they are lost with the receiver, as on any transport).
    let err = (0..1000)
        .find_map(|_| push.send(&one(b"to nobody"), Some(Duration::from_millis(200))).err())
        .expect("the sender noticed the dead receiver");
    assert!(matches!(err, ChannelError::PeerGone { .. } | ChannelError::QueueFull { .. }), "{err}");
    // A new receiver gets new messages; the dead one's blocks and queue were reclaimed.
    let mut pull = session.open(Pattern::Pull);
    push.send(&one(b"to the new one"), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"to the new one");
    drop((push, pull));
    let segment = Segment::open(&session.name).unwrap();
    segment.reclaim_dead();
    let usage = segment.heap_usage();
    assert_eq!(usage.free_pages, usage.pages, "{usage:?}");
}
