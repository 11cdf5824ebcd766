//! The transport benchmark (`evflow bench transport`, docs/benchmarks.md section 5): the two
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

use crate::channel::{Channel, Options, Pattern, Side, DEFAULT_LINGER, DEFAULT_QUEUE};
use crate::error::ChannelError;
use crate::message::{Message, Part};
use bytes::BytesMut;
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
    /// libzmq PUSH/PULL over `ipc://`, used directly: the baseline of `shm` and `ipc`.
    ZmqRaw,
    /// libzmq PUSH/PULL over `tcp://`, used directly: the baseline of `tcp`.
    ZmqRawTcp,
}

impl Transport {
    /// Every transport, in the order of the tables.
    pub const ALL: [Transport; 5] =
        [Transport::Shm, Transport::Ipc, Transport::Tcp, Transport::ZmqRaw, Transport::ZmqRawTcp];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Shm => "shm",
            Transport::Ipc => "ipc",
            Transport::Tcp => "tcp",
            Transport::ZmqRaw => "zmq-raw",
            Transport::ZmqRawTcp => "zmq-raw-tcp",
        }
    }

    /// The raw libzmq transport this one is compared with.
    pub fn baseline(self) -> Transport {
        match self {
            Transport::Tcp | Transport::ZmqRawTcp => Transport::ZmqRawTcp,
            Transport::Shm | Transport::Ipc | Transport::ZmqRaw => Transport::ZmqRaw,
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
            Transport::Tcp | Transport::ZmqRawTcp => pair(&|_| "tcp://127.0.0.1:0".to_string()),
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
    /// Messages queued per socket (libzmq high-water mark, the same for evflow and raw
    /// libzmq; shm rings have their segment's capacity instead).
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

/// Sends messages made the way a producer of the transport makes them.
enum Producer {
    /// A new block of `size` bytes per message, the tag written into it; only its handle moves.
    Shm { channel: Channel, size: usize },
    /// One buffer made up front; evflow's libzmq backend copies it into a libzmq message.
    Copied { channel: Channel, buffer: BytesMut },
    /// One buffer made up front; libzmq copies it.
    Raw { socket: zmq::Socket, buffer: Vec<u8>, address: String },
}

impl Producer {
    fn send(&mut self, tag: u64) -> Result<(), BenchError> {
        let timeout = Some(OPERATION_TIMEOUT);
        match self {
            Producer::Shm { channel, size } => {
                let mut part = channel.alloc(*size, timeout)?;
                part.as_mut_slice()[..TAG_LEN].copy_from_slice(&tag.to_le_bytes());
                channel.send(&Message::single(part.freeze()), timeout)?;
            }
            Producer::Copied { channel, buffer } => {
                let mut bytes = std::mem::take(buffer);
                bytes[..TAG_LEN].copy_from_slice(&tag.to_le_bytes());
                let message = Message::single(bytes.freeze());
                let sent = channel.send(&message, timeout);
                *buffer = reclaim(message);
                sent?;
            }
            Producer::Raw { socket, buffer, address } => {
                buffer[..TAG_LEN].copy_from_slice(&tag.to_le_bytes());
                match socket.send(&buffer[..], 0) {
                    Ok(()) => {}
                    Err(zmq::Error::EAGAIN) => {
                        return Err(BenchError::Timeout { waiting_for: "room to send", after: OPERATION_TIMEOUT })
                    }
                    Err(source) => {
                        return Err(BenchError::Zmq { address: address.clone(), operation: "sending", source })
                    }
                }
            }
        }
        Ok(())
    }
}

/// The buffer of a sent message, back for the next one (without a copy: nothing else holds it).
fn reclaim(mut message: Message) -> BytesMut {
    match message.parts.pop() {
        Some(Part::Bytes(bytes)) => bytes.try_into_mut().unwrap_or_else(|shared| BytesMut::from(&shared[..])),
        _ => unreachable!("the message was made of one buffer"),
    }
}

/// Takes messages in place and reads their tag and last byte.
enum Consumer {
    /// An evflow channel: the part is a block of the segment or a libzmq message buffer.
    Channel(Channel),
    /// libzmq used directly: one `zmq::Message` received into again and again.
    Raw { socket: zmq::Socket, message: zmq::Message, timeout: Option<Duration>, address: String },
}

impl Consumer {
    /// The next message's tag and last byte; `None` if nothing came within `timeout`.
    fn recv(&mut self, timeout: Duration, size: usize) -> Result<Option<(u64, u8)>, BenchError> {
        match self {
            Consumer::Channel(channel) => match channel.recv(Some(timeout)) {
                Ok(message) => match message.parts.as_slice() {
                    [part] => read(part.as_slice(), size).map(Some),
                    parts => {
                        Err(BenchError::Protocol(format!("a message of {} parts arrived; 1 was sent", parts.len())))
                    }
                },
                Err(ChannelError::Timeout { .. }) => Ok(None),
                Err(e) => Err(e.into()),
            },
            Consumer::Raw { socket, message, timeout: set, address } => {
                let fail = |operation| {
                    let address = address.clone();
                    move |source| BenchError::Zmq { address, operation, source }
                };
                if *set != Some(timeout) {
                    socket.set_rcvtimeo(millis(timeout)).map_err(fail("setting the receive timeout"))?;
                    *set = Some(timeout);
                }
                match socket.recv(message, 0) {
                    Ok(()) => read(message, size).map(Some),
                    Err(zmq::Error::EAGAIN) => Ok(None),
                    Err(source) => Err(fail("receiving")(source)),
                }
            }
        }
    }
}

/// The tag and the last byte of a message, which must be `size` bytes.
fn read(bytes: &[u8], size: usize) -> Result<(u64, u8), BenchError> {
    if bytes.len() != size {
        return Err(BenchError::Protocol(format!("a message of {} bytes arrived; {size} were sent", bytes.len())));
    }
    let tag = u64::from_le_bytes(bytes[..TAG_LEN].try_into().expect("TAG_LEN bytes"));
    Ok((tag, bytes[size - 1]))
}

fn millis(timeout: Duration) -> i32 {
    timeout.as_millis().min(i32::MAX as u128) as i32
}

/// One side of a trial, its channels open.
pub struct Endpoint {
    role: Role,
    trial: Trial,
    addresses: Addresses,
    producer: Producer,
    consumer: Consumer,
    /// The last bytes read, summed so that reading them cannot be optimized away.
    checksum: u64,
}

/// Opens `role`'s channels of `trial`: the receiver binds `addresses`, the sender connects
/// to them.
pub fn open(role: Role, trial: &Trial, addresses: &Addresses) -> Result<Endpoint, BenchError> {
    let (send_on, receive_on) = match role {
        Role::Sender => (&addresses.data, &addresses.back),
        Role::Receiver => (&addresses.back, &addresses.data),
    };
    let bind = role == Role::Receiver;
    let (producer, consumer, resolved) = if trial.transport.is_raw() {
        let context = zmq::Context::new();
        let tx = raw_socket(&context, zmq::PUSH, send_on, bind, trial.queue)?;
        let rx = raw_socket(&context, zmq::PULL, receive_on, bind, trial.queue)?;
        let bound = |socket: &zmq::Socket, given: &String| {
            socket
                .get_last_endpoint()
                .ok()
                .and_then(Result::ok)
                .filter(|e| bind && !e.is_empty())
                .unwrap_or(given.clone())
        };
        let (tx_at, rx_at) = (bound(&tx, send_on), bound(&rx, receive_on));
        let buffer = vec![0u8; trial.size];
        let producer = Producer::Raw { socket: tx, buffer, address: tx_at.clone() };
        let consumer =
            Consumer::Raw { socket: rx, message: zmq::Message::new(), timeout: None, address: rx_at.clone() };
        (producer, consumer, (tx_at, rx_at))
    } else {
        let options = Options { queue: trial.queue, ..Options::default() };
        let side = if bind { Side::Bind } else { Side::Connect };
        let tx = Channel::open(Pattern::Push, send_on, side, &options)?;
        let rx = Channel::open(Pattern::Pull, receive_on, side, &options)?;
        let resolved = (tx.address(), rx.address());
        let producer = if trial.transport == Transport::Shm {
            Producer::Shm { channel: tx, size: trial.size }
        } else {
            Producer::Copied { channel: tx, buffer: BytesMut::zeroed(trial.size) }
        };
        (producer, Consumer::Channel(rx), resolved)
    };
    let (send_at, receive_at) = resolved;
    let addresses = match role {
        Role::Sender => Addresses { data: send_at, back: receive_at },
        Role::Receiver => Addresses { data: receive_at, back: send_at },
    };
    Ok(Endpoint { role, trial: trial.clone(), addresses, producer, consumer, checksum: 0 })
}

fn raw_socket(
    context: &zmq::Context,
    kind: zmq::SocketType,
    address: &str,
    bind: bool,
    queue: usize,
) -> Result<zmq::Socket, BenchError> {
    let fail =
        |operation: &'static str| move |source| BenchError::Zmq { address: address.to_string(), operation, source };
    let socket = context.socket(kind).map_err(fail("creating the socket"))?;
    let queue = queue.min(i32::MAX as usize) as i32;
    socket.set_sndhwm(queue).map_err(fail("setting the queue length"))?;
    socket.set_rcvhwm(queue).map_err(fail("setting the queue length"))?;
    socket.set_linger(millis(DEFAULT_LINGER)).map_err(fail("setting linger"))?;
    socket.set_sndtimeo(millis(OPERATION_TIMEOUT)).map_err(fail("setting the send timeout"))?;
    if bind {
        // libzmq spells "any free port" as '*'.
        let endpoint = address.strip_suffix(":0").map_or(address.to_string(), |host| format!("{host}:*"));
        socket.bind(&endpoint).map_err(fail("binding"))?;
    } else {
        socket.connect(address).map_err(fail("connecting"))?;
    }
    Ok(socket)
}

impl Endpoint {
    /// The addresses, as bound (a tcp port chosen by the system filled in).
    pub fn addresses(&self) -> &Addresses {
        &self.addresses
    }

    /// Runs the trial to its end. A receiver given the pid of the peer process stops waiting
    /// for the first message as soon as that process has ended.
    pub fn run(mut self, peer: Option<u32>) -> Result<Report, BenchError> {
        let report = match self.role {
            Role::Sender => {
                let mut report = self.send_stream()?;
                report.latency = Some(self.time_round_trips()?);
                report
            }
            Role::Receiver => {
                let report = self.receive_stream(peer)?;
                self.answer_round_trips()?;
                report
            }
        };
        black_box(self.checksum);
        Ok(report)
    }

    fn send_stream(&mut self) -> Result<Report, BenchError> {
        let clock_every = (CLOCK_EVERY_BYTES / self.trial.size).clamp(1, 64) as u64;
        let cpu = cpu_seconds();
        let start = Instant::now();
        let mut sent = 0u64;
        loop {
            self.producer.send(sent)?;
            sent += 1;
            if sent.is_multiple_of(clock_every) && start.elapsed() >= self.trial.stream {
                break;
            }
        }
        self.producer.send(END)?;
        self.expect(END, "acknowledgement of the stream")?;
        let seconds = start.elapsed().as_secs_f64();
        let cpu_seconds = cpu_seconds() - cpu;
        Ok(Report { messages: sent, seconds, msgs_per_s: sent as f64 / seconds, cpu_seconds, latency: None })
    }

    fn receive_stream(&mut self, peer: Option<u32>) -> Result<Report, BenchError> {
        let cpu = cpu_seconds();
        let first = self.first_message(peer)?;
        let first_at = Instant::now();
        if first != 0 {
            return Err(BenchError::Protocol(format!("the stream began with message {first}, not 0")));
        }
        let mut received = 1u64;
        loop {
            let tag = self.recv("message of the stream")?;
            if tag == END {
                break;
            }
            if tag != received {
                return Err(BenchError::Protocol(format!(
                    "message {tag} arrived where {received} was due: lost or reordered"
                )));
            }
            received += 1;
        }
        let seconds = first_at.elapsed().as_secs_f64();
        let cpu_seconds = cpu_seconds() - cpu;
        self.producer.send(END)?;
        Ok(Report { messages: received, seconds, msgs_per_s: received as f64 / seconds, cpu_seconds, latency: None })
    }

    fn time_round_trips(&mut self) -> Result<Latency, BenchError> {
        let mut samples = Vec::with_capacity(ROUND_TRIPS);
        let start = Instant::now();
        for tag in 0..(WARM_UP_ROUND_TRIPS + ROUND_TRIPS) as u64 {
            let sent_at = Instant::now();
            self.producer.send(tag)?;
            self.expect(tag, "reply")?;
            let round_trip = sent_at.elapsed();
            if tag >= WARM_UP_ROUND_TRIPS as u64 {
                samples.push(round_trip);
                if samples.len() >= MIN_ROUND_TRIPS && start.elapsed() >= self.trial.latency_budget {
                    break;
                }
            }
        }
        self.producer.send(END)?;
        Ok(Latency::of(samples))
    }

    fn answer_round_trips(&mut self) -> Result<(), BenchError> {
        loop {
            let tag = self.recv("round trip")?;
            if tag == END {
                return Ok(());
            }
            self.producer.send(tag)?;
        }
    }

    /// The next message's tag, waiting up to [`OPERATION_TIMEOUT`].
    fn recv(&mut self, waiting_for: &'static str) -> Result<u64, BenchError> {
        let (tag, last) = self
            .consumer
            .recv(OPERATION_TIMEOUT, self.trial.size)?
            .ok_or(BenchError::Timeout { waiting_for, after: OPERATION_TIMEOUT })?;
        self.checksum = self.checksum.wrapping_add(last as u64);
        Ok(tag)
    }

    fn expect(&mut self, tag: u64, waiting_for: &'static str) -> Result<(), BenchError> {
        match self.recv(waiting_for)? {
            got if got == tag => Ok(()),
            got => Err(BenchError::Protocol(format!("{waiting_for}: message {got} arrived where {tag} was due"))),
        }
    }

    /// The first message's tag, waiting up to [`CONTACT_TIMEOUT`] while `peer` runs.
    fn first_message(&mut self, peer: Option<u32>) -> Result<u64, BenchError> {
        let deadline = Instant::now() + CONTACT_TIMEOUT;
        loop {
            let wait = CONTACT_POLL.min(deadline.saturating_duration_since(Instant::now()));
            if let Some((tag, last)) = self.consumer.recv(wait, self.trial.size)? {
                self.checksum = self.checksum.wrapping_add(last as u64);
                return Ok(tag);
            }
            if let Some(pid) = peer.filter(|&pid| !process_runs(pid)) {
                return Err(BenchError::PeerGone { pid });
            }
            if Instant::now() >= deadline {
                return Err(BenchError::Timeout { waiting_for: "first message", after: CONTACT_TIMEOUT });
            }
        }
    }
}

/// Whether process `pid` runs (exists and is not a zombie).
fn process_runs(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    // The state follows the command name, which is in parentheses and may hold any byte.
    let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.trim_start().chars().next());
    !matches!(state, None | Some('Z') | Some('X'))
}

/// User and system CPU seconds of this process, all threads.
fn cpu_seconds() -> f64 {
    // SAFETY: an all-zero rusage is a valid value to be overwritten.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: usage is a valid out-pointer; RUSAGE_SELF cannot fail.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// This machine's memcpy rate for `size`-byte copies between two buffers, GB/s (10^9 bytes
/// per second): the median of batches of about a millisecond, run for `budget`.
pub fn memcpy_gb_per_s(size: usize, budget: Duration) -> f64 {
    let src = vec![1u8; size.max(1)];
    let mut dst = vec![0u8; size.max(1)];
    let mut copy = |n: u64| {
        let start = Instant::now();
        for _ in 0..n {
            dst.copy_from_slice(black_box(&src));
            black_box(&mut dst);
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

/// Removes the segment of shm session `session` of this user, if there is one; whether
/// there was.
pub fn remove_session(session: &str) -> std::io::Result<bool> {
    let path = evflow_shm::segment::segment_path(&evflow_shm::segment::current_user(), session);
    match std::fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs both roles of a trial in two threads of this process.
    fn run_trial(transport: Transport) -> (Report, Report) {
        let dir = std::env::temp_dir().join(format!("evflow-bench-test-{}-{transport}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let session = format!("bench-test-{}", std::process::id());
        let trial = Trial::new(transport, 4096, Duration::from_millis(50)).unwrap();
        let receiver = open(Role::Receiver, &trial, &transport.addresses(&dir, &session)).unwrap();
        let addresses = receiver.addresses().clone();
        let sender = std::thread::spawn(move || open(Role::Sender, &trial, &addresses).unwrap().run(None).unwrap());
        let received = receiver.run(None).unwrap();
        let sent = sender.join().unwrap();
        remove_session(&session).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        (sent, received)
    }

    #[test]
    fn every_trial_delivers_the_whole_stream_and_times_round_trips() {
        // One process: on shm both sides share a process slot, so parts are copied, not moved.
        for transport in Transport::ALL {
            let (sent, received) = run_trial(transport);
            assert_eq!(sent.messages, received.messages, "{transport}");
            assert!(received.messages > 0 && received.seconds > 0.0 && received.msgs_per_s > 0.0, "{transport}");
            let latency = sent.latency.expect("the sender times round trips");
            assert!(latency.round_trips >= MIN_ROUND_TRIPS && latency.p50_us > 0.0, "{transport}");
            assert!(latency.p99_us >= latency.p50_us, "{transport}");
            assert!(received.latency.is_none());
        }
    }

    #[test]
    fn a_sent_buffer_comes_back_without_a_copy() {
        let buffer = BytesMut::zeroed(4096);
        let at = buffer.as_ptr();
        let message = Message::single(buffer.freeze());
        assert_eq!(reclaim(message).as_ptr(), at);
    }

    #[test]
    fn bad_parameters_say_what_is_expected() {
        let err = Trial::new(Transport::Shm, 4, Duration::from_secs(1)).unwrap_err().to_string();
        assert!(err.contains("at least 8"), "{err}");
        let err = "udp".parse::<Transport>().unwrap_err().to_string();
        assert!(err.contains("shm, ipc, tcp, zmq-raw, zmq-raw-tcp"), "{err}");
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

    #[test]
    fn this_process_runs_and_a_missing_one_does_not() {
        assert!(process_runs(std::process::id()));
        assert!(!process_runs(u32::MAX));
    }
}
