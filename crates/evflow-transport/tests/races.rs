//! Races and crash cases of the shm channels (crates/evflow-transport/src/shm) found in review:
//! each comment says what used to go wrong, and the test shows it no longer does. Children are this test binary run again with
//! `CHILD_ENV` set (as in kill_loop.rs); they die with the parent (PR_SET_PDEATHSIG) and every
//! wait has a deadline, so no test can hang.

mod common;

use evflow_shm::alloc::entry;
use evflow_shm::layout::{MIN_SEGMENT_LEN, PAGE_LEN};
use evflow_shm::{Block, Segment, SegmentConfig};
use evflow_transport::{Channel, ChannelError, Message, Options, Part, Pattern};
use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

const CHILD_ENV: &str = "EVFLOW_RACES_CHILD";
const WAIT: Option<Duration> = Some(Duration::from_secs(10));
const SHORT: Option<Duration> = Some(Duration::from_millis(300));

// ---------------------------------------------------------------------------------------------
// Helpers

fn options(session: &str) -> Options {
    let segment = SegmentConfig { size: MIN_SEGMENT_LEN, ring_capacity: 64, ..SegmentConfig::new(session) };
    Options { segment, ..Options::default() }
}

/// A fresh session name; its segment file is removed when the value drops.
struct Session(String);

impl Session {
    fn new(tag: &str) -> Session {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        Session(format!("test-review-{tag}-{}-{nanos}", std::process::id()))
    }

    fn address(&self, channel: &str) -> String {
        format!("shm://{}/{channel}", self.0)
    }

    fn open(&self, pattern: Pattern, channel: &str) -> Channel {
        Channel::connect(pattern, &self.address(channel), &options(&self.0)).unwrap()
    }

    /// The segment, mapped once more (as `evflow shm ls` or a monitor would).
    fn segment(&self) -> Segment {
        Segment::open(&self.0).unwrap()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        common::remove_session(&self.0);
    }
}

fn one(bytes: &[u8]) -> Message {
    Message::single(Part::from(bytes))
}

/// A child process, SIGKILLed and reaped when dropped; its stdout lines arrive on `lines`.
struct ChildProcess {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl ChildProcess {
    fn spawn(role: String) -> ChildProcess {
        let mut child = common::spawn_child(CHILD_ENV, &role, Stdio::piped());
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        ChildProcess { child, lines }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The first line saying one of `words` within `limit` (panics after it), from that word on
    /// (the harness prints "test child_process ... " before the child's first line).
    fn expect_any(&self, words: &[&str], limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(at) = words.iter().find_map(|w| line.find(w)) {
                        return line[at..].to_string();
                    }
                }
                Err(_) => panic!("the child did not say any of {words:?} within {limit:?}"),
            }
        }
    }

    fn expect(&self, word: &str, limit: Duration) -> String {
        self.expect_any(&[word], limit)
    }

    /// Kills the child and reaps it.
    fn kill_and_reap(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits for the child to exit by itself; its exit code.
    fn wait(&mut self, limit: Duration) -> i32 {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "a child did not finish within {limit:?}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for ChildProcess {
    fn drop(&mut self) {
        self.kill_and_reap();
    }
}

fn park_forever() -> ! {
    loop {
        std::thread::park();
    }
}

/// The children. Roles: `<role>:<session>:<channel>[:<arg>]`.
#[test]
fn child_process() {
    let Ok(role) = std::env::var(CHILD_ENV) else { return };
    common::die_with_parent();
    let fields: Vec<String> = role.split(':').map(str::to_string).collect();
    let (session, channel) = (fields[1].clone(), fields[2].clone());
    let address = format!("shm://{session}/{channel}");
    let options = options(&session);
    let code = match fields[0].as_str() {
        // A puller that joins and never reads.
        "pull-park" => {
            let _pull = Channel::connect(Pattern::Pull, &address, &options).unwrap();
            println!("joined");
            park_forever()
        }
        // A puller that receives one message, says so, and keeps it.
        "pull-hold" => {
            let mut pull = Channel::connect(Pattern::Pull, &address, &options).unwrap();
            println!("joined");
            let message = pull.recv(WAIT).unwrap();
            println!("got {}", message.parts[0].as_slice()[0]);
            park_forever()
        }
        // A pusher that sends `n` messages of 100 kB, says so, and closes (normal exit).
        "push-n" => {
            let n: usize = fields[3].parse().unwrap();
            let mut push = Channel::connect(Pattern::Push, &address, &options).unwrap();
            for i in 0..n {
                push.send(&one(&vec![i as u8; 100_000]), WAIT).unwrap();
            }
            println!("sent");
            drop(push);
            0
        }
        // A replier that receives one request and never replies.
        "rep-park" => {
            let mut rep = Channel::connect(Pattern::Rep, &address, &options).unwrap();
            println!("joined");
            let request = rep.recv(WAIT).unwrap();
            println!("got {}", String::from_utf8_lossy(request.parts[0].as_slice()));
            park_forever()
        }
        // A replier that answers every request with "fresh answer".
        "rep-serve" => {
            let mut rep = Channel::connect(Pattern::Rep, &address, &options).unwrap();
            println!("joined");
            loop {
                if rep.recv(SHORT).is_ok() {
                    println!("served");
                    rep.send(&one(b"fresh answer"), WAIT).unwrap();
                }
            }
        }
        // A requester that sends `<arg>` and prints the reply (or the error), waiting 3 s.
        "req-once" => {
            let mut req = Channel::connect(Pattern::Req, &address, &options).unwrap();
            req.send(&one(fields[3].as_bytes()), WAIT).unwrap();
            println!("sent");
            match req.recv(Some(Duration::from_secs(3))) {
                Ok(reply) => println!("reply {}", String::from_utf8_lossy(reply.parts[0].as_slice())),
                Err(e) => println!("error {e}"),
            }
            park_forever()
        }
        // Opens a pull and a push on the channel, forks, lets the forked child drop its
        // inherited copies of both, then checks that its own still work.
        "fork-drop" => fork_drop(&address, &options),
        other => panic!("unknown role {other}"),
    };
    std::process::exit(code);
}

fn fork_drop(address: &str, options: &Options) -> i32 {
    let mut pull = Channel::connect(Pattern::Pull, address, options).unwrap();
    let mut push = Channel::connect(Pattern::Push, address, options).unwrap();
    push.send(&one(b"before"), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"before");
    // SAFETY: the child only drops the inherited channels and `_exit`s.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // A forked worker closing what it inherited, as fork-based worker pools tell users to.
        drop(pull);
        drop(push);
        // SAFETY: ends the forked child at once.
        unsafe { libc::_exit(0) };
    }
    assert!(pid > 0, "fork failed");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut status = 0;
        // SAFETY: waits for our own child, without blocking.
        let rc = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if rc == pid {
            break;
        }
        if Instant::now() > deadline {
            println!("the forked child hung");
            return 3;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    if let Err(e) = push.send(&one(b"after"), Some(Duration::from_secs(1))) {
        println!("send after fork: {e}");
        return 1;
    }
    match pull.recv(Some(Duration::from_secs(1))) {
        Ok(m) if m.parts[0].as_slice() == b"after" => 0,
        Ok(_) => 2,
        Err(e) => {
            println!("recv after fork: {e}");
            1
        }
    }
}

fn head_page(segment: &Segment, block: &Block) -> usize {
    (block.handle().offset as usize - segment.layout().heap) / PAGE_LEN
}

// ---------------------------------------------------------------------------------------------
// Case 1, formerly broken: a failed join (wrong pattern) drops the socket it was building, whose Drop leaves
// endpoint 0 of channel 0: another socket's endpoint and rings are torn down.

#[test]
fn a_failed_join_leaves_the_other_sockets_of_the_session_alone() {
    let session = Session::new("failjoin");
    let mut pull = session.open(Pattern::Pull, "a");
    let mut push = session.open(Pattern::Push, "a");
    push.send(&one(b"first"), WAIT).unwrap();
    assert_eq!(pull.recv(WAIT).unwrap().parts[0].as_slice(), b"first");

    // A pub socket cannot join a push/pull channel: a State error, and nothing else changes.
    let err = Channel::connect(Pattern::Pub, &session.address("a"), &options(&session.0)).err().unwrap();
    assert!(matches!(err, ChannelError::State { .. }), "{err}");

    let sent = push.send(&one(b"second"), Some(Duration::from_secs(1)));
    let received = pull.recv(Some(Duration::from_secs(1)));
    assert!(
        sent.is_ok() && received.as_ref().is_ok_and(|m| m.parts[0].as_slice() == b"second"),
        "the failed join tore down the pull socket's endpoint: send {:?}, recv {:?}",
        sent.err().map(|e| e.to_string()),
        received.err().map(|e| e.to_string())
    );
}

// ---------------------------------------------------------------------------------------------
// Case 2, formerly broken: a message to a socket of the same process is pushed before its block is parked in the
// loopback; a receiving thread that pops it in between finds no parked block and adopts the
// handle, making a second reference family for one holder bit. The first family to drop frees
// the block while the other still uses it.

#[test]
fn a_message_to_the_same_process_is_never_adopted_as_a_second_reference() {
    let session = Session::new("loopback");
    let mut pull = session.open(Pattern::Pull, "l");
    let mut push = session.open(Pattern::Push, "l");
    let segment = session.segment();
    let mut part = push.alloc(1000, WAIT).unwrap();
    part.as_mut_slice().fill(0xAB);
    let Part::Shm(block) = part.freeze() else { panic!("a shm part") };
    let page = head_page(&segment, &block);

    // Today this fails within a second; a fixed build runs until the limit.
    const MESSAGES: usize = 5_000_000;
    let limit = Instant::now() + Duration::from_secs(5);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let errors = std::thread::scope(|s| {
        let sender = s.spawn(|| {
            for _ in 0..MESSAGES {
                if Instant::now() > limit || stop.load(Ordering::Relaxed) {
                    break;
                }
                // The receiver stops early once it has seen the bug: then a full queue is fine.
                let _ = push.send(&Message::single(Part::Shm(block.clone())), Some(Duration::from_millis(100)));
            }
        });
        let mut received = 0;
        let mut errors = Vec::new();
        while received < MESSAGES && Instant::now() < limit && errors.len() < 5 {
            match pull.recv(Some(Duration::ZERO)) {
                Ok(m) => {
                    received += 1;
                    if m.parts[0].as_slice().iter().any(|&b| b != 0xAB) {
                        errors.push("payload changed under the receiver".to_string());
                    }
                }
                Err(e) if e.is_timeout() => {
                    if sender.is_finished() && received > 0 {
                        // Drain what is left, then stop.
                        while pull.recv(SHORT).is_ok() {}
                        break;
                    }
                }
                Err(e) => errors.push(e.to_string()),
            }
            if segment.page_map()[page].load(Ordering::Acquire) != entry::HEAD {
                errors.push("the block was freed while this process still holds it".to_string());
                break;
            }
        }
        stop.store(true, Ordering::Relaxed);
        sender.join().unwrap();
        errors
    });
    assert_eq!(segment.page_map()[page].load(Ordering::Acquire), entry::HEAD, "freed while held: {errors:?}");
    assert!(errors.is_empty(), "{errors:?}");
    drop(block);
}

// ---------------------------------------------------------------------------------------------
// Case 3, formerly broken: handles left in a ring whose consumer end was released (its receiver died and was
// reclaimed) carry no holder bit (the sender took it back), but freeing that ring later calls
// `release_for` with the ring's old receiver slot. If a new process has taken that slot and
// holds the same block, its bit is cleared: the block is freed under it.

#[test]
fn freeing_a_stale_ring_does_not_clear_the_bit_of_the_process_now_in_its_slot() {
    let session = Session::new("slotreuse");
    let mut c_push = session.open(Pattern::Push, "c");
    let mut d_push = session.open(Pattern::Push, "d");
    let monitor = session.segment();

    // B pulls on "c" (slot 1), and is killed.
    let mut b = ChildProcess::spawn(format!("pull-park:{}:c", session.0));
    b.expect("joined", Duration::from_secs(10));
    b.kill_and_reap();
    // A monitor (or any process attaching) reclaims B's slot: its ring is reset and released.
    assert_eq!(monitor.reclaim_dead().slots, vec![1]);

    // This process holds a block X and sends it on "c" before it noticed B's death: the push
    // lands in B's released ring, and the sender takes B's bit back.
    let mut part = c_push.alloc(1000, WAIT).unwrap();
    part.as_mut_slice().fill(0xAB);
    let Part::Shm(x) = part.freeze() else { panic!("a shm part") };
    // (Today the send reports success; a fixed sender may say the receiver is gone instead.)
    let _ = c_push.send(&Message::single(Part::Shm(x.clone())), SHORT);
    assert_eq!(x.holders(), 1, "only this process (slot 0) holds X");

    // C attaches, gets slot 1, and receives X on "d".
    let c = ChildProcess::spawn(format!("pull-hold:{}:d", session.0));
    c.expect("joined", Duration::from_secs(10));
    assert_eq!(monitor.process_slots()[1].pid.load(Ordering::Acquire), c.pid(), "C took B's old slot");
    d_push.send(&Message::single(Part::Shm(x.clone())), WAIT).unwrap();
    assert_eq!(c.expect("got", Duration::from_secs(10)), "got 171");
    assert_eq!(x.holders(), 0b11, "C holds X");

    // This process's next send on "c" frees B's stale ring.
    let _ = c_push.send(&one(b"poke"), SHORT);
    let holders = x.holders();
    let page = head_page(&monitor, &x);
    drop(x);
    let page_entry = monitor.page_map()[page].load(Ordering::Acquire);
    assert!(
        holders & 0b10 != 0 && page_entry == entry::HEAD,
        "C's holder bit was cleared while C holds X (holders {holders:#b}); dropping our reference freed \
         X under C (page-map entry {page_entry:#x})"
    );
}

// ---------------------------------------------------------------------------------------------
// Case 4, formerly broken: req/rep partners are named by endpoint index, which the next socket to join reuses.

#[test]
fn a_reply_for_a_requester_that_died_does_not_reach_the_one_that_took_its_place() {
    let session = Session::new("repreuse");
    let mut rep = session.open(Pattern::Rep, "r");
    let mut q1 = ChildProcess::spawn(format!("req-once:{}:r:question one", session.0));
    q1.expect("sent", Duration::from_secs(10));
    assert_eq!(rep.recv(WAIT).unwrap().parts[0].as_slice(), b"question one");
    q1.kill_and_reap();
    // A new requester joins (taking the dead one's endpoint) and asks its own question.
    let q2 = ChildProcess::spawn(format!("req-once:{}:r:question two", session.0));
    q2.expect("sent", Duration::from_secs(10));
    // The answer to question one has nobody to go to.
    let sent = rep.send(&one(b"answer to question one"), Some(Duration::from_secs(1)));
    let q2_got = q2.expect_any(&["reply ", "error "], Duration::from_secs(10));
    assert!(
        matches!(sent, Err(ChannelError::PeerGone { .. })) && q2_got != "reply answer to question one",
        "the reply to a dead requester was delivered to the next one: send {:?}, second requester: {q2_got}",
        sent.map_err(|e| e.to_string())
    );
}

#[test]
fn a_requester_whose_replier_died_is_told_even_after_a_new_replier_joined() {
    let session = Session::new("reqreuse");
    let mut req = session.open(Pattern::Req, "q");
    let mut r1 = ChildProcess::spawn(format!("rep-park:{}:q", session.0));
    r1.expect("joined", Duration::from_secs(10));
    req.send(&one(b"hello"), WAIT).unwrap();
    r1.expect("got hello", Duration::from_secs(10));
    r1.kill_and_reap();
    // A replacement replier joins (taking the dead one's endpoint); it never saw the request.
    let r2 = ChildProcess::spawn(format!("rep-serve:{}:q", session.0));
    r2.expect("joined", Duration::from_secs(10));
    let started = Instant::now();
    let got = req.recv(Some(Duration::from_secs(3)));
    assert!(
        matches!(got, Err(ChannelError::PeerGone { .. })),
        "the request died with its replier, but the requester waited {:?} and got {:?} (with no timeout it \
         would wait for ever)",
        started.elapsed(),
        got.map(|m| m.parts[0].len()).map_err(|e| e.to_string())
    );
}

// ---------------------------------------------------------------------------------------------
// Case 5, formerly broken: a reply sent just before the replier closes its socket is never received: the req
// only reads rings whose sender is still its partner.

#[test]
fn a_reply_sent_just_before_the_replier_closes_is_received() {
    let session = Session::new("replyclose");
    let mut req = session.open(Pattern::Req, "rc");
    let mut rep = session.open(Pattern::Rep, "rc");
    req.send(&one(b"question"), WAIT).unwrap();
    assert_eq!(rep.recv(WAIT).unwrap().parts[0].as_slice(), b"question");
    rep.send(&one(b"answer"), WAIT).unwrap();
    drop(rep); // a worker that answers its last request and exits
    let got = req.recv(Some(Duration::from_secs(2)));
    assert!(
        got.as_ref().is_ok_and(|m| m.parts[0].as_slice() == b"answer"),
        "the reply was in the requester's ring, but recv said {:?}",
        got.map(|_| ()).map_err(|e| e.to_string())
    );
}

// ---------------------------------------------------------------------------------------------
// Case 6, formerly broken: a receiver that closes with messages from another process still queued drops the
// handles without clearing its holder bit (`release` only looks in the loopback for its own
// slot): the blocks stay allocated for as long as the process stays in the session.

#[test]
fn closing_a_receiver_with_queued_messages_from_another_process_frees_their_blocks() {
    let session = Session::new("leavefree");
    let _keep = session.open(Pattern::Push, "keep"); // this process stays in the session
    let pull = session.open(Pattern::Pull, "lv");
    let mut sender = ChildProcess::spawn(format!("push-n:{}:lv:8", session.0));
    sender.expect("sent", Duration::from_secs(10));
    assert_eq!(sender.wait(Duration::from_secs(10)), 0);
    drop(pull); // closes with the 8 messages unread
    let segment = session.segment();
    segment.reclaim_dead();
    let usage = segment.heap_usage();
    assert_eq!(
        usage.free_pages, usage.pages,
        "the discarded messages' blocks are still held by this process: {usage:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Case 7, formerly broken: a send into a ring whose consumer was already released (dead receiver reclaimed, its
// endpoint not yet removed) is reported as sent and lost, while a live puller was available.

#[test]
fn sends_after_a_dead_receiver_was_reclaimed_reach_the_live_receiver() {
    let session = Session::new("deadsend");
    let mut pull = session.open(Pattern::Pull, "g");
    let mut push = session.open(Pattern::Push, "g");
    let mut b = ChildProcess::spawn(format!("pull-park:{}:g", session.0));
    b.expect("joined", Duration::from_secs(10));
    b.kill_and_reap();
    // Reclaimed (by a process attaching, or a monitor) before the sender looked for dead peers.
    assert_eq!(session.segment().reclaim_dead().slots.len(), 1);
    for i in 0..10u8 {
        push.send(&one(&[i]), WAIT).unwrap();
    }
    let mut received = 0;
    while pull.recv(SHORT).is_ok() {
        received += 1;
    }
    assert_eq!(received, 10, "sends reported as done were dropped in the dead receiver's released ring");
}

// ---------------------------------------------------------------------------------------------
// Case 8, formerly broken: liveness is "/proc/<pid>/stat exists with the same start time", which holds for a
// zombie: a killed child that its parent has not reaped yet counts as alive (process slots,
// endpoints, the control lock). A req waiting for its own child's reply never learns it died.

#[test]
fn a_requester_learns_that_its_replier_died_before_the_replier_is_reaped() {
    let session = Session::new("zombie");
    let mut req = session.open(Pattern::Req, "z");
    let r = ChildProcess::spawn(format!("rep-park:{}:z", session.0));
    r.expect("joined", Duration::from_secs(10));
    req.send(&one(b"hello"), WAIT).unwrap();
    r.expect("got hello", Duration::from_secs(10));
    // SIGKILL, not reaped yet (a parent busy waiting for the reply does not reap).
    // SAFETY: kill sends a signal to our own child.
    unsafe { libc::kill(r.pid() as libc::pid_t, libc::SIGKILL) };
    std::thread::sleep(Duration::from_millis(200));
    let got = req.recv(Some(Duration::from_secs(3)));
    drop(r); // reaps
    assert!(
        matches!(got, Err(ChannelError::PeerGone { .. })),
        "the replier was dead (a zombie) but recv said {:?}",
        got.map(|_| ()).map_err(|e| e.to_string())
    );
}

// ---------------------------------------------------------------------------------------------
// Case 9, formerly broken: a forked child that drops the channels it inherited leaves the parent's endpoints
// (`Attached` and blocks know they are inherited; `ShmSocket::drop` does not).

#[test]
fn a_forked_child_dropping_inherited_channels_leaves_the_parents_alone() {
    let session = Session::new("fork");
    let mut k = ChildProcess::spawn(format!("fork-drop:{}:f", session.0));
    let code = k.wait(Duration::from_secs(30));
    assert_eq!(code, 0, "the parent's channels stopped working once its forked child dropped its copies");
}

// ---------------------------------------------------------------------------------------------
// Case 10, formerly broken: pub/sub "never blocks the publisher", but a subscriber that does not read holds the
// blocks of its queued messages until the segment is full; publishing then waits for space
// and fails, and the fast subscribers get nothing more.

#[test]
fn a_slow_subscriber_does_not_stop_the_publisher_or_the_fast_subscribers() {
    let session = Session::new("slowsub");
    let _slow = session.open(Pattern::Sub, "p");
    let mut fast = session.open(Pattern::Sub, "p");
    let mut publisher = session.open(Pattern::Pub, "p");
    let payload = vec![1u8; 1 << 20];
    let mut failures = Vec::new();
    for i in 0..40 {
        let started = Instant::now();
        match publisher.send(&one(&payload), Some(Duration::from_millis(200))) {
            Ok(()) => {}
            Err(e) => failures.push(format!("publish {i} failed after {:?}: {e}", started.elapsed())),
        }
        if fast.recv(Some(Duration::from_millis(500))).is_err() {
            failures.push(format!("the fast subscriber missed message {i}"));
        }
    }
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
}
