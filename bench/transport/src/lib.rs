//! The transport benchmark (`evflow bench transport`, docs/benchmarks.md section 5), outside
//! the transport crate's API: the binary `evflow-bench-transport` runs one side of a trial
//! per process, and `bench/evflow_bench/transport.py` drives it and prints the tables. The two
//! roles of one trial, each run in its own process, over an evflow channel (`shm`, `ipc`,
//! `tcp`) or over libzmq used directly (`zmq-raw` over ipc, `zmq-raw-tcp`): the baseline,
//! measured in the same run.
//!
//! A trial uses two channels of the transport, `data` (sender to receiver) and `back`
//! (receiver to sender); the receiver binds both. Every message is `size` bytes whose first
//! [`TAG_LEN`] are a little-endian tag: a sequence number, or [`END`], which closes a phase.
//!
//! ```text
//!  sender                                   receiver
//!  throughput  0, 1, 2, ... for `stream`, END  ─────▶  checks the order, counts
//!              ◀─────────────────────────────────────  END (the acknowledgement)
//!  latency     i  ──────────────────────────────────▶
//!              ◀──────────────────────────────────── i (a new message, made the same way)
//!              ... up to ROUND_TRIPS times, then END
//! ```
//!
//! Making a message: on shm, `Channel::alloc` a block, write the tag, `freeze` and send (only
//! the handle moves: what a producer does); on ipc and tcp, write the tag into one buffer
//! allocated up front and send it (libzmq copies it into its own message, through evflow's
//! Channel or directly). Taking a message, on every transport: receive it in place, check
//! its length, read the tag and the last byte.

#![warn(missing_docs)]

mod compress;
mod endpoint;
mod iceoryx2;

pub use compress::{compress_rate, CompressRate};
pub use endpoint::{open, Endpoint};

use evflow_transport::channel::DEFAULT_QUEUE;
use evflow_transport::ChannelError;
use std::fmt;
use std::hint::black_box;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Bytes of the tag at the start of every message: the smallest message.
pub const TAG_LEN: usize = 8;
/// The tag that closes a phase.
pub const END: u64 = u64::MAX;
/// Most latency round trips of a trial, after [`WARM_UP_ROUND_TRIPS`].
pub const ROUND_TRIPS: usize = 1000;
/// Round trips made before the latency samples, not counted.
pub const WARM_UP_ROUND_TRIPS: usize = 10;
/// Fewest latency samples, however long they take.
pub const MIN_ROUND_TRIPS: usize = 5;
/// The latency phase stops after this fraction of the throughput phase's length.
pub const LATENCY_SHARE: f64 = 0.25;
/// Longest wait for one send or receive once the peer has been heard from.
pub const OPERATION_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait for the peer's first message: it may be a process still starting.
pub const CONTACT_TIMEOUT: Duration = Duration::from_secs(30);
/// How often a side waiting for the first message checks that the peer process still runs.
const CONTACT_POLL: Duration = Duration::from_millis(100);
/// Bytes the libzmq queues may hold per socket: the queue length (high-water mark) of large
/// messages is cut to this, so 16 MiB messages cannot pile up gigabytes.
pub const QUEUE_BYTES: usize = 256 << 20;
/// Shortest queue, for the largest messages.
const MIN_QUEUE: usize = 4;
/// The sender reads the clock after about this many bytes (at least every message, at most
/// every 64), so that a clock read is not part of the cost of a small message.
const CLOCK_EVERY_BYTES: usize = 1 << 20;

/// The transports measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Transport {
    /// evflow `shm://` channels: zero-copy, a handle moves.
    Shm,
    /// evflow `ipc://` channels (libzmq over a Unix socket).
    Ipc,
    /// evflow `tcp://` channels on the loopback (libzmq over TCP).
    Tcp,
    /// The same with CURVE (docs/security.md): the receiver is the server of both channels,
    /// the sender the client; every message is encrypted and authenticated.
    TcpCurve,
    /// libzmq PUSH/PULL over `ipc://`, used directly: the baseline of `shm` and `ipc`.
    ZmqRaw,
    /// libzmq PUSH/PULL over `tcp://`, used directly: the baseline of `tcp`.
    ZmqRawTcp,
    /// The iceoryx2 crate's publish-subscribe over shared memory (`iceoryx2.rs`): the peer
    /// `shm` is compared with.
    Iceoryx2,
}

impl Transport {
    /// Every transport, in the order of the tables.
    pub const ALL: [Transport; 7] = [
        Transport::Shm,
        Transport::Ipc,
        Transport::Tcp,
        Transport::TcpCurve,
        Transport::ZmqRaw,
        Transport::ZmqRawTcp,
        Transport::Iceoryx2,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Shm => "shm",
            Transport::Ipc => "ipc",
            Transport::Tcp => "tcp",
            Transport::TcpCurve => "tcp-curve",
            Transport::ZmqRaw => "zmq-raw",
            Transport::ZmqRawTcp => "zmq-raw-tcp",
            Transport::Iceoryx2 => "iceoryx2",
        }
    }

    /// The raw libzmq transport this one is compared with.
    pub fn baseline(self) -> Transport {
        match self {
            Transport::Tcp | Transport::TcpCurve | Transport::ZmqRawTcp => Transport::ZmqRawTcp,
            Transport::Shm | Transport::Ipc | Transport::ZmqRaw | Transport::Iceoryx2 => Transport::ZmqRaw,
        }
    }

    /// Whether this is libzmq used directly rather than an evflow channel.
    pub fn is_raw(self) -> bool {
        matches!(self, Transport::ZmqRaw | Transport::ZmqRawTcp)
    }

    /// The addresses the receiver binds: sockets in `dir` (ipc), a free loopback port (tcp),
    /// or channels of the shm session `session`.
    pub fn addresses(self, dir: &Path, session: &str) -> Addresses {
        let pair = |f: &dyn Fn(&str) -> String| Addresses { data: f("data"), back: f("back") };
        match self {
            Transport::Shm => pair(&|name| format!("shm://{session}/{name}")),
            Transport::Ipc | Transport::ZmqRaw => pair(&|name| format!("ipc://{}", dir.join(name).display())),
            Transport::Tcp | Transport::TcpCurve | Transport::ZmqRawTcp => pair(&|_| "tcp://127.0.0.1:0".to_string()),
            Transport::Iceoryx2 => pair(&|name| format!("evflow-bench/{session}/{name}")),
        }
    }
}

impl fmt::Display for Transport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Transport {
    type Err = BenchError;

    fn from_str(text: &str) -> Result<Transport, BenchError> {
        Transport::ALL.into_iter().find(|t| t.name() == text).ok_or_else(|| {
            let names: Vec<&str> = Transport::ALL.iter().map(|t| t.name()).collect();
            BenchError::Config(format!("unknown transport {text:?}: use {}", names.join(", ")))
        })
    }
}

/// The two roles of a trial.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Streams messages, then makes the latency round trips; connects.
    Sender,
    /// Takes the stream, acknowledges it and answers the round trips; binds.
    Receiver,
}

impl FromStr for Role {
    type Err = BenchError;

    fn from_str(text: &str) -> Result<Role, BenchError> {
        match text {
            "sender" => Ok(Role::Sender),
            "receiver" => Ok(Role::Receiver),
            other => Err(BenchError::Config(format!("unknown role {other:?}: use sender or receiver"))),
        }
    }
}

/// The two channels of a trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Addresses {
    /// Sender to receiver.
    pub data: String,
    /// Receiver to sender.
    pub back: String,
}

/// What both sides of a trial agree on; everything but the transport, the size and the
/// stream's length follows from them, so two processes given the same three agree.
#[derive(Debug, Clone, PartialEq)]
pub struct Trial {
    /// The transport.
    pub transport: Transport,
    /// Bytes per message.
    pub size: usize,
    /// How long the sender streams.
    pub stream: Duration,
    /// The latency phase stops after this (and at least [`MIN_ROUND_TRIPS`] samples).
    pub latency_budget: Duration,
    /// Messages queued per socket: the libzmq high-water mark (the same for evflow and raw
    /// libzmq), iceoryx2's subscriber buffer, and the shm rings' capacity (rounded up to a
    /// power of two), so every transport has the same number of messages in flight.
    pub queue: usize,
}

impl Trial {
    /// A trial of `size`-byte messages streamed for `stream`.
    pub fn new(transport: Transport, size: usize, stream: Duration) -> Result<Trial, BenchError> {
        if size < TAG_LEN {
            return Err(BenchError::Config(format!(
                "messages of {size} bytes are too small: the benchmark needs at least {TAG_LEN}"
            )));
        }
        if stream.is_zero() {
            return Err(BenchError::Config("the stream must last longer than 0 s".into()));
        }
        Ok(Trial {
            transport,
            size,
            stream,
            latency_budget: stream.mul_f64(LATENCY_SHARE),
            queue: (QUEUE_BYTES / size).clamp(MIN_QUEUE, DEFAULT_QUEUE),
        })
    }
}

/// One-way latency, half the round trip, over the samples of one trial.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latency {
    /// Round trips timed.
    pub round_trips: usize,
    /// Median, microseconds.
    pub p50_us: f64,
    /// 99th percentile (nearest rank), microseconds.
    pub p99_us: f64,
}

impl Latency {
    fn of(mut round_trips: Vec<Duration>) -> Latency {
        round_trips.sort();
        let rank = |q: f64| {
            let index = ((q * round_trips.len() as f64).ceil() as usize).clamp(1, round_trips.len()) - 1;
            round_trips[index].as_secs_f64() * 1e6 / 2.0
        };
        Latency { round_trips: round_trips.len(), p50_us: rank(0.50), p99_us: rank(0.99) }
    }
}

/// What one side measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Messages of the stream this side sent or received.
    pub messages: u64,
    /// Sender: from the first send to the acknowledgement; receiver: from the arrival of the
    /// first message to that of `END`.
    pub seconds: f64,
    /// Messages per second: sender, `messages / seconds`; receiver, the messages that arrived
    /// after the first (`END` included, made like the others) per second.
    pub msgs_per_s: f64,
    /// User and system CPU time of this process (every thread, libzmq's included) over the
    /// stream, from `getrusage`.
    pub cpu_seconds: f64,
    /// The round trips' latency (the sender's report only).
    pub latency: Option<Latency>,
}

impl Report {
    /// CPU time per message of the stream, microseconds.
    pub fn cpu_us_per_msg(&self) -> f64 {
        self.cpu_seconds * 1e6 / self.messages.max(1) as f64
    }
}

/// A trial failed.
#[derive(Debug, Error)]
pub enum BenchError {
    /// Bad parameters.
    #[error("{0}")]
    Config(String),
    /// An evflow channel failed.
    #[error(transparent)]
    Channel(#[from] ChannelError),
    /// libzmq, used directly, failed.
    #[error("{address}: {operation} failed: {source}")]
    Zmq {
        /// The address.
        address: String,
        /// What was being done.
        operation: &'static str,
        /// libzmq's error.
        #[source]
        source: zmq::Error,
    },
    /// The peer went quiet.
    #[error("no {waiting_for} within {after:?}: the other process is stuck or gone")]
    Timeout {
        /// What was awaited.
        waiting_for: &'static str,
        /// How long.
        after: Duration,
    },
    /// The peer process ended before its first message.
    #[error("the other process (pid {pid}) ended before its first message")]
    PeerGone {
        /// Its pid.
        pid: u32,
    },
    /// A message that the protocol does not allow: lost, reordered, of the wrong size.
    #[error("{0}")]
    Protocol(String),
}

/// This machine's memcpy rate for `size`-byte copies from one buffer into `set` bytes of
/// destinations, `size` bytes apart in turn, GB/s (10^9 bytes per second): the median of
/// batches of about a millisecond, run for `budget`. With `set` = `size` the copies stay in
/// the cache; with a `set` larger than the caches they stream through memory, as fresh
/// events do.
pub fn memcpy_gb_per_s(size: usize, budget: Duration, set: usize) -> f64 {
    let size = size.max(1);
    let slots = (set / size).max(1);
    let src = vec![1u8; size];
    let mut dst = vec![0u8; size * slots];
    let mut at = 0;
    let mut copy = |n: u64| {
        let start = Instant::now();
        for _ in 0..n {
            dst[at * size..(at + 1) * size].copy_from_slice(black_box(&src));
            black_box(&mut dst);
            at = (at + 1) % slots;
        }
        start.elapsed()
    };
    let mut per_batch = 1u64;
    while copy(per_batch) < Duration::from_millis(1) {
        per_batch *= 2;
    }
    let start = Instant::now();
    let mut rates = Vec::new();
    while rates.is_empty() || start.elapsed() < budget {
        let took = copy(per_batch).as_secs_f64();
        rates.push(per_batch as f64 * size as f64 / took / 1e9);
    }
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

/// Removes the segment of shm session `session` of this user if none of its processes runs
/// (docs/shm.md, "Lifetime of a session"); whether it did.
pub fn remove_session(session: &str) -> Result<bool, evflow_shm::ShmError> {
    let path = evflow_shm::segment::segment_path(&evflow_shm::segment::current_user(), session);
    evflow_shm::session::remove_session(&path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_parameters_say_what_is_expected() {
        let err = Trial::new(Transport::Shm, 4, Duration::from_secs(1)).unwrap_err().to_string();
        assert!(err.contains("at least 8"), "{err}");
        let err = "udp".parse::<Transport>().unwrap_err().to_string();
        assert!(err.contains("shm, ipc, tcp, tcp-curve, zmq-raw, zmq-raw-tcp"), "{err}");
        assert!("both".parse::<Role>().is_err());
    }

    #[test]
    fn queues_of_large_messages_are_cut_to_the_byte_budget() {
        let queue = |size| Trial::new(Transport::Ipc, size, Duration::from_secs(1)).unwrap().queue;
        assert_eq!(queue(64), DEFAULT_QUEUE);
        assert_eq!(queue(1 << 20), QUEUE_BYTES >> 20);
        assert_eq!(queue(1 << 30), MIN_QUEUE);
    }

    #[test]
    fn latency_percentiles_are_half_the_round_trip() {
        let samples = (1..=100).map(Duration::from_micros).collect();
        let latency = Latency::of(samples);
        assert_eq!((latency.round_trips, latency.p50_us, latency.p99_us), (100, 25.0, 49.5));
    }
}
