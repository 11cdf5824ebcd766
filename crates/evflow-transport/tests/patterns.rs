//! Every pattern, written once and run over all four transports. Sockets live on threads of
//! this process (inproc needs that; shm, ipc and tcp would work across processes the same
//! way, and tests/kill_loop.rs uses processes).

mod common;

use evflow_shm::layout::MIN_SEGMENT_LEN;
use evflow_shm::SegmentConfig;
use evflow_transport::{Channel, ChannelError, Message, Options, Part, Pattern};
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const WAIT: Option<Duration> = Some(Duration::from_secs(10));
const SHORT: Option<Duration> = Some(Duration::from_millis(200));

#[derive(Clone, Copy, Debug)]
enum Transport {
    Inproc,
    Shm,
    Ipc,
    Tcp,
}

const ALL: [Transport; 4] = [Transport::Inproc, Transport::Shm, Transport::Ipc, Transport::Tcp];

/// A fresh address, and the options for it; the shm session is removed when the value drops.
struct Place {
    bind: String,
    options: Options,
    session: Option<String>,
    _dir: Option<TempDir>,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(session) = &self.session {
            common::remove_session(session);
        }
    }
}

fn place(transport: Transport, tag: &str) -> Place {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let unique = format!("{tag}-{}-{n}", std::process::id());
    let mut options = Options::default();
    match transport {
        Transport::Inproc => Place { bind: format!("inproc://{unique}"), options, session: None, _dir: None },
        Transport::Shm => {
            let session = format!("test-{unique}");
            options.segment =
                SegmentConfig { size: MIN_SEGMENT_LEN, ring_capacity: 64, ..SegmentConfig::new(session.clone()) };
            Place { bind: format!("shm://{session}/{tag}"), options, session: Some(session), _dir: None }
        }
        Transport::Ipc => {
            let dir = std::env::temp_dir().join(format!("evflow-test-{unique}"));
            std::fs::create_dir_all(&dir).unwrap();
            let bind = format!("ipc://{}", dir.join("socket").display());
            Place { bind, options, session: None, _dir: Some(TempDir(dir)) }
        }
        Transport::Tcp => Place { bind: "tcp://127.0.0.1:0".into(), options, session: None, _dir: None },
    }
}

/// Binds `bound`, then connects each of `connected` to the address it got.
fn open(place: &Place, bound: Pattern, connected: &[Pattern]) -> (Channel, Vec<Channel>) {
    let server = Channel::bind(bound, &place.bind, &place.options).unwrap();
    let address = server.address();
    let clients = connected.iter().map(|&p| Channel::connect(p, &address, &place.options).unwrap()).collect();
    (server, clients)
}

fn text(message: &Message) -> Vec<Vec<u8>> {
    message.parts.iter().map(|p| p.as_slice().to_vec()).collect()
}

fn one(bytes: &[u8]) -> Message {
    Message::single(Part::from(bytes))
}

#[test]
fn push_pull_balances_and_delivers_each_message_once() {
    for transport in ALL {
        let place = place(transport, "pushpull");
        let (mut push, pulls) = open(&place, Pattern::Push, &[Pattern::Pull, Pattern::Pull]);
        // libzmq connects asynchronously: let both pullers arrive before sending.
        std::thread::sleep(Duration::from_millis(100));
        let total = 200;
        let receivers: Vec<_> = pulls
            .into_iter()
            .map(|mut pull| {
                std::thread::spawn(move || {
                    let mut got = Vec::new();
                    while let Ok(m) = pull.recv(Some(Duration::from_millis(500))) {
                        got.push(u32::from_le_bytes(m.parts[0].as_slice().try_into().unwrap()));
                    }
                    got
                })
            })
            .collect();
        for i in 0..total as u32 {
            push.send(&one(&i.to_le_bytes()), WAIT).unwrap();
        }
        let got: Vec<Vec<u32>> = receivers.into_iter().map(|r| r.join().unwrap()).collect();
        let all: Vec<u32> = got.iter().flatten().copied().collect();
        assert_eq!(all.len(), total, "{transport:?}: every message once");
        assert_eq!(all.iter().copied().collect::<HashSet<_>>().len(), total, "{transport:?}: no duplicate");
        assert!(got.iter().all(|g| !g.is_empty()), "{transport:?}: both pullers got some: {:?}", got.map_lens());
    }
}

trait Lens {
    fn map_lens(&self) -> Vec<usize>;
}

impl Lens for Vec<Vec<u32>> {
    fn map_lens(&self) -> Vec<usize> {
        self.iter().map(Vec::len).collect()
    }
}

#[test]
fn pub_sub_broadcasts_to_every_subscriber_by_topic() {
    for transport in ALL {
        let mut place = place(transport, "pubsub");
        let mut publisher = Channel::bind(Pattern::Pub, &place.bind, &place.options).unwrap();
        let address = publisher.address();
        let mut everything = Channel::connect(Pattern::Sub, &address, &place.options).unwrap();
        place.options.topics = vec![b"calib".to_vec()];
        let mut calib_only = Channel::connect(Pattern::Sub, &address, &place.options).unwrap();
        // Subscriptions travel asynchronously on libzmq: publish until both hear.
        let mut heard = (false, false);
        for _ in 0..100 {
            publisher.send(&Message::new(vec![Part::from(&b"calib"[..]), Part::from(&b"warm-up"[..])]), WAIT).unwrap();
            heard.0 |= everything.recv(Some(Duration::from_millis(20))).is_ok();
            heard.1 |= calib_only.recv(Some(Duration::from_millis(20))).is_ok();
            if heard.0 && heard.1 {
                break;
            }
        }
        assert!(heard.0 && heard.1, "{transport:?}: subscribers connected");
        while everything.recv(SHORT).is_ok() {}
        while calib_only.recv(SHORT).is_ok() {}
        publisher.send(&Message::new(vec![Part::from(&b"data"[..]), Part::from(&b"1"[..])]), WAIT).unwrap();
        publisher.send(&Message::new(vec![Part::from(&b"calib"[..]), Part::from(&b"2"[..])]), WAIT).unwrap();
        assert_eq!(text(&everything.recv(WAIT).unwrap())[1], b"1", "{transport:?}");
        assert_eq!(text(&everything.recv(WAIT).unwrap())[1], b"2", "{transport:?}");
        assert_eq!(text(&calib_only.recv(WAIT).unwrap())[1], b"2", "{transport:?}: topic filtered");
        assert!(calib_only.recv(SHORT).unwrap_err().is_timeout(), "{transport:?}");
    }
}

#[test]
fn request_reply_alternates_and_refuses_out_of_turn() {
    for transport in ALL {
        let place = place(transport, "reqrep");
        let (mut rep, mut reqs) = open(&place, Pattern::Rep, &[Pattern::Req]);
        let mut req = reqs.pop().unwrap();
        let server = std::thread::spawn(move || {
            for _ in 0..20 {
                let request = rep.recv(WAIT).unwrap();
                let mut answer = request.parts[0].as_slice().to_vec();
                answer.reverse();
                rep.send(&one(&answer), WAIT).unwrap();
            }
            rep
        });
        for i in 0..20u8 {
            req.send(&one(&[i, 1, 2]), WAIT).unwrap();
            assert_eq!(text(&req.recv(WAIT).unwrap())[0], vec![2, 1, i], "{transport:?}");
        }
        let mut rep = server.join().unwrap();
        assert!(matches!(rep.send(&one(b"x"), SHORT), Err(ChannelError::State { .. })), "{transport:?}");
        req.send(&one(b"q"), WAIT).unwrap();
        assert!(matches!(req.send(&one(b"q"), SHORT), Err(ChannelError::State { .. })), "{transport:?}");
    }
}

#[test]
fn multipart_messages_arrive_whole_with_empty_and_large_parts() {
    for transport in ALL {
        let place = place(transport, "multipart");
        let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
        let big: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
        let parts =
            vec![Part::from(&b"head"[..]), Part::from(Vec::new()), Part::from(big.clone()), Part::from(&b"t"[..])];
        pushes[0].send(&Message::new(parts), WAIT).unwrap();
        let got = pull.recv(WAIT).unwrap();
        assert_eq!(text(&got), vec![b"head".to_vec(), vec![], big.clone(), b"t".to_vec()], "{transport:?}");
    }
}

#[test]
fn timeouts_are_typed_and_leave_the_channel_usable() {
    for transport in ALL {
        let place = place(transport, "timeouts");
        let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
        let err = pull.recv(SHORT).unwrap_err();
        assert!(matches!(err, ChannelError::Timeout { .. }), "{transport:?}: {err}");
        assert!(err.to_string().contains("no message within"), "{err}");
        pushes[0].send(&one(b"after"), WAIT).unwrap();
        assert_eq!(text(&pull.recv(WAIT).unwrap())[0], b"after");
        // Nobody receives: the sender's queue fills, then sending times out.
        let mut sent = 0;
        let err = loop {
            match pushes[0].send(&one(&[0; 1024]), Some(Duration::from_millis(50))) {
                Ok(()) => sent += 1,
                Err(e) => break e,
            }
            assert!(sent < 1_000_000, "{transport:?}: the queue never filled");
        };
        assert!(err.is_timeout(), "{transport:?}: {err}");
        // Draining makes room again.
        while pull.recv(SHORT).is_ok() {}
        pushes[0].send(&one(b"again"), WAIT).unwrap();
        assert_eq!(text(&pull.recv(WAIT).unwrap())[0], b"again", "{transport:?}");
    }
}

#[test]
fn misuse_is_a_state_error_naming_the_channel() {
    for transport in ALL {
        let place = place(transport, "misuse");
        let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
        let err = pushes[0].recv(SHORT).unwrap_err();
        assert!(matches!(err, ChannelError::State { .. }) && err.to_string().contains("push channel cannot receive"));
        let err = pull.send(&one(b"x"), SHORT).unwrap_err();
        assert!(err.to_string().contains("pull channel cannot send"), "{err}");
        assert!(pushes[0].send(&Message::default(), SHORT).unwrap_err().to_string().contains("at least one part"));
    }
}

#[test]
fn a_zero_copy_part_is_received_in_place() {
    let place = place(Transport::Shm, "zerocopy");
    let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
    let mut part = pushes[0].alloc(1 << 20, WAIT).unwrap();
    part.as_mut_slice()[..5].copy_from_slice(b"hello");
    let part = part.freeze();
    let sent_at = part.as_slice().as_ptr() as usize;
    pushes[0].send(&Message::single(part), WAIT).unwrap();
    let got = pull.recv(WAIT).unwrap();
    assert!(matches!(got.parts[0], Part::Shm(_)));
    assert_eq!(&got.parts[0].as_slice()[..5], b"hello");
    // One process, one mapping: the receiver reads the very bytes the sender wrote.
    assert_eq!(got.parts[0].as_slice().as_ptr() as usize, sent_at);
}

#[test]
fn a_message_given_up_arrives_and_one_not_sent_comes_back() {
    for transport in ALL {
        let place = place(transport, "owned");
        let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
        for n in 0..3u8 {
            let mut part = pushes[0].alloc(64 << 10, WAIT).unwrap();
            part.as_mut_slice()[..2].copy_from_slice(&[n, n]);
            let message = Message::new(vec![Part::from(&b"head"[..]), part.freeze()]);
            pushes[0].send_owned(message, WAIT).unwrap();
            let got = pull.recv(WAIT).unwrap();
            assert_eq!((got.parts[0].as_slice(), &got.parts[1].as_slice()[..2]), (&b"head"[..], &[n, n][..]));
            if let Part::Shm(block) = &got.parts[1] {
                // The sender's holder bit went to the receiver: the block is the receiver's alone.
                assert_eq!(block.holders(), 1 << pull.segment().unwrap().index(), "{transport:?}");
            }
        }
        // No room: the message comes back whole, and goes once there is room.
        let mut full = None;
        for n in 0..1000u32 {
            if let Err(unsent) = pushes[0].send_owned(one(&n.to_le_bytes()), Some(Duration::ZERO)) {
                full = Some((n, unsent));
                break;
            }
        }
        let Some((n, unsent)) = full else { continue }; // libzmq queues more than 1000 here
        assert!(unsent.error.is_timeout(), "{transport:?}: {}", unsent.error);
        let message = unsent.message.expect("a message not sent comes back");
        assert_eq!(message.parts[0].as_slice(), n.to_le_bytes());
        for k in 0..n {
            assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), k.to_le_bytes(), "{transport:?}");
        }
        pushes[0].send_owned(message, WAIT).unwrap();
        assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), n.to_le_bytes(), "{transport:?}");
    }
}

#[test]
fn shm_errors_name_the_segment_and_what_to_do() {
    let place = place(Transport::Shm, "shmerrors");
    let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
    let too_large = vec![0u8; 2 * MIN_SEGMENT_LEN];
    let err = pushes[0].send(&one(&too_large), SHORT).unwrap_err();
    assert!(matches!(err, ChannelError::Alloc { .. }), "{err}");
    // Fill the segment with large messages nobody receives.
    let mut err = None;
    for _ in 0..64 {
        if let Err(e) = pushes[0].send(&one(&vec![1u8; 1 << 20]), SHORT) {
            err = Some(e);
            break;
        }
    }
    let err = err.expect("the segment filled");
    let text = err.to_string();
    assert!(text.contains("segment") || err.is_timeout(), "{text}");
    while pull.recv(SHORT).is_ok() {}
    pushes[0].send(&one(b"room again"), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"room again");
}

/// CPU ticks (user + system) a thread of this process has used.
fn thread_ticks(tid: i64) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/self/task/{tid}/stat")).unwrap();
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn a_receiver_waiting_for_messages_uses_no_cpu() {
    for transport in ALL {
        let place = place(transport, "idle");
        let (mut pull, mut pushes) = open(&place, Pattern::Pull, &[Pattern::Push]);
        let (tid_tx, tid_rx) = std::sync::mpsc::channel();
        let receiver = std::thread::spawn(move || {
            // SAFETY: gettid has no arguments and cannot fail.
            tid_tx.send(unsafe { libc::syscall(libc::SYS_gettid) }).unwrap();
            pull.recv(WAIT).map(|m| m.parts[0].as_slice().to_vec())
        });
        let tid = tid_rx.recv().unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let before = thread_ticks(tid);
        std::thread::sleep(Duration::from_secs(1));
        let used = thread_ticks(tid) - before;
        pushes[0].send(&one(b"wake"), WAIT).unwrap();
        assert_eq!(receiver.join().unwrap().unwrap(), b"wake");
        // A tick is 10 ms: a receiver that spun would use about 100 in that second.
        assert!(used <= 1, "{transport:?}: an idle receiver used {used} ticks of CPU in a second");
    }
}
