//! The kill loop of issue 3: a sender and a receiver exchange messages over a shm channel
//! while one of them is SIGKILLed at a random moment and replaced, 200 times. At the end the
//! channel still works, no block or ring is leaked, and every message the receiver confirmed
//! was delivered once. The children are this test binary run again with `CHILD_ENV` set.

mod common;

use common::ChildProcess;
use evflow_shm::layout::MAX_RINGS;
use evflow_shm::{Segment, SegmentConfig};
use evflow_transport::{Channel, ChannelError, Message, Options, Part, Pattern};
use std::collections::HashSet;
use std::io::Write;
use std::process::Stdio;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

const CHILD_ENV: &str = "EVFLOW_KILL_LOOP_CHILD";
const ROUNDS: usize = 200;
const END: &[u8] = b"END";

fn options(session: &str) -> Options {
    let segment =
        SegmentConfig { session: session.to_string(), size: 64 << 20, ring_capacity: 64, remove_when_unused: false };
    Options { segment, ..Options::default() }
}

/// A small deterministic generator, so a failing run can be repeated from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The children: `send:<session>:<first seq>:<count or 0 for ever>` and `receive:<session>:<log>`.
#[test]
fn child_process() {
    let Ok(role) = std::env::var(CHILD_ENV) else { return };
    common::die_with_parent();
    let fields: Vec<&str> = role.split(':').collect();
    let address = format!("shm://{}/kill", fields[1]);
    let code = match fields[0] {
        "send" => send(&address, &options(fields[1]), fields[2].parse().unwrap(), fields[3].parse().unwrap()),
        _ => receive(&address, &options(fields[1]), fields[2]),
    };
    std::process::exit(code);
}

fn send(address: &str, options: &Options, first: u64, count: u64) -> i32 {
    let mut channel = Channel::connect(Pattern::Push, address, options).expect("sender joins");
    let mut rng = Rng(first | 1);
    let mut seq = first;
    while count == 0 || seq < first + count {
        let payload = vec![(seq % 251) as u8; 64 + rng.below(128 << 10) as usize];
        let message = Message::new(vec![Part::from(seq.to_le_bytes().to_vec()), Part::from(payload)]);
        match channel.send(&message, Some(Duration::from_secs(5))) {
            Ok(()) => seq += 1,
            Err(e) if e.is_timeout() || matches!(e, ChannelError::PeerGone { .. }) => {}
            Err(e) => {
                eprintln!("sender: {e}");
                return 2;
            }
        }
    }
    match channel.send(&Message::single(Part::from(END)), Some(Duration::from_secs(30))) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sender: END: {e}");
            3
        }
    }
}

fn receive(address: &str, options: &Options, log: &str) -> i32 {
    let mut channel = Channel::connect(Pattern::Pull, address, options).expect("receiver joins");
    let mut log = std::fs::OpenOptions::new().append(true).create(true).open(log).unwrap();
    loop {
        match channel.recv(Some(Duration::from_secs(1))) {
            Ok(message) if message.parts[0].as_slice() == END => return 0,
            Ok(message) => {
                let seq = u64::from_le_bytes(message.parts[0].as_slice().try_into().expect("8-byte seq"));
                let payload = message.parts[1].as_slice();
                if payload.iter().any(|&b| b != (seq % 251) as u8) {
                    eprintln!("receiver: message {seq} corrupted");
                    return 4;
                }
                // One write per confirmation: whole or not at all when killed.
                log.write_all(format!("{seq}\n").as_bytes()).unwrap();
            }
            Err(e) if e.is_timeout() => {}
            Err(e) => {
                eprintln!("receiver: {e}");
                return 2;
            }
        }
    }
}

fn spawn(role: String) -> ChildProcess {
    ChildProcess(common::spawn_child(CHILD_ENV, &role, Stdio::null()))
}

/// Waits for a child to exit by itself; its exit code.
fn wait(mut child: ChildProcess, limit: Duration) -> i32 {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        assert!(Instant::now() < deadline, "a child did not finish within {limit:?}: the channel is wedged");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Removes the session's segment when the test ends, passed or failed.
struct Cleanup(String);

impl Drop for Cleanup {
    fn drop(&mut self) {
        common::remove_session(&self.0);
    }
}

#[test]
fn kill_loop_leaks_nothing_and_delivers_confirmed_messages_once() {
    let session = format!("test-kill-{}", std::process::id());
    let segment = Segment::create(&options(&session).segment).unwrap();
    let _cleanup = Cleanup(session.clone());
    let dir = std::env::temp_dir().join(format!("evflow-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("confirmed.log");
    let log_text = log.to_str().unwrap().to_string();
    let seed = std::env::var("EVFLOW_KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed_u64);
    let mut rng = Rng(seed);
    let mut sender: Option<ChildProcess> = None;
    let mut receiver: Option<ChildProcess> = None;
    let (mut senders_killed, mut receivers_killed) = (0, 0);
    for round in 0..ROUNDS {
        if sender.is_none() {
            sender = Some(spawn(format!("send:{session}:{}:0", (round as u64 + 1) << 32)));
        }
        if receiver.is_none() {
            receiver = Some(spawn(format!("receive:{session}:{log_text}")));
        }
        std::thread::sleep(Duration::from_micros(rng.below(40_000)));
        if rng.below(2) == 0 {
            drop(sender.take());
            senders_killed += 1;
        } else {
            drop(receiver.take());
            receivers_killed += 1;
        }
    }
    drop(sender.take());
    // The channel still works: a last sender's messages all reach a receiver, then END.
    let last = 1_000u64;
    let first = (ROUNDS as u64 + 1) << 32;
    let receiver = receiver.take().unwrap_or_else(|| spawn(format!("receive:{session}:{log_text}")));
    let sender = spawn(format!("send:{session}:{first}:{last}"));
    assert_eq!(wait(sender, Duration::from_secs(60)), 0, "the last sender finished");
    assert_eq!(wait(receiver, Duration::from_secs(60)), 0, "the last receiver got END");

    let confirmed: Vec<u64> =
        std::fs::read_to_string(&log).unwrap_or_default().lines().map(|l| l.parse().expect("whole lines")).collect();
    let unique: HashSet<u64> = confirmed.iter().copied().collect();
    assert_eq!(unique.len(), confirmed.len(), "a confirmed message was delivered twice");
    assert!((first..first + last).all(|s| unique.contains(&s)), "the last sender's messages all arrived");
    assert!(senders_killed > 50 && receivers_killed > 50);
    let during = confirmed.iter().filter(|&&s| s < first).count();
    eprintln!(
        "{senders_killed} senders and {receivers_killed} receivers killed; {during} messages confirmed during the loop"
    );
    assert!(during > ROUNDS, "messages flowed during the kill loop: {during}");

    // Nothing leaked: every page free once the dead are reclaimed, every ring and endpoint free.
    segment.reclaim_dead();
    let usage = segment.heap_usage();
    assert_eq!(usage.free_pages, usage.pages, "pages leaked: {usage:?}");
    for index in 0..MAX_RINGS {
        assert_eq!(segment.ring(index).unwrap().header().state.load(Ordering::Acquire), 0, "ring {index} leaked");
    }
    assert!(segment.endpoints().iter().all(|e| e.channel.load(Ordering::Acquire) == 0), "an endpoint leaked");
    let _ = std::fs::remove_dir_all(&dir);
}
