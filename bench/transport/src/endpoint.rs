//! One side of a trial (the protocol is in the module above): its two sockets, how it makes
//! messages (a new block per message on shm, one reused buffer that libzmq copies on ipc and
//! tcp) and takes them (in place: length, tag, last byte), and the two phases.

use crate::{
    Addresses, BenchError, Latency, Report, Role, Transport, Trial, CLOCK_EVERY_BYTES, CONTACT_POLL, CONTACT_TIMEOUT,
    END, MIN_ROUND_TRIPS, OPERATION_TIMEOUT, ROUND_TRIPS, TAG_LEN, WARM_UP_ROUND_TRIPS,
};
use bytes::BytesMut;
use evflow_transport::channel::{Channel, Options, Pattern, Side, DEFAULT_LINGER};
use evflow_transport::curve::{Curve, KeyPair, KEY_LEN};
use evflow_transport::{ChannelError, Message, Part};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Sends messages made the way a producer of the transport makes them.
enum Producer {
    /// A new block of `size` bytes per message, the tag written into it, given up when sent;
    /// only its handle moves.
    Shm { channel: Channel, size: usize },
    /// One buffer made up front; evflow's libzmq backend copies it into a libzmq message.
    Copied { channel: Channel, buffer: BytesMut },
    /// One buffer made up front; libzmq copies it.
    Raw { socket: zmq::Socket, buffer: Vec<u8>, address: String },
    /// A sample loaned from iceoryx2's publisher, the tag written into it.
    Iceoryx2(crate::iceoryx2::Sender),
}

impl Producer {
    fn send(&mut self, tag: u64) -> Result<(), BenchError> {
        let timeout = Some(OPERATION_TIMEOUT);
        match self {
            Producer::Shm { channel, size } => {
                let mut part = channel.alloc(*size, timeout)?;
                part.as_mut_slice()[..TAG_LEN].copy_from_slice(&tag.to_le_bytes());
                // Given up once sent, as a producer of the transport does: its block moves
                // with this process's holder bit.
                channel.send_owned(Message::single(part.freeze()), timeout).map_err(|unsent| unsent.error)?;
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
            Producer::Iceoryx2(sender) => sender.send(tag)?,
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
    /// iceoryx2's subscriber, busy-polled.
    Iceoryx2(crate::iceoryx2::Receiver),
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
            Consumer::Iceoryx2(receiver) => receiver.recv(timeout, size),
        }
    }
}

/// The tag and the last byte of a message, which must be `size` bytes.
pub(crate) fn read(bytes: &[u8], size: usize) -> Result<(u64, u8), BenchError> {
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
    let (producer, consumer, resolved) = if trial.transport == Transport::Iceoryx2 {
        let (sender, receiver) = crate::iceoryx2::open(trial, send_on, receive_on)?;
        (Producer::Iceoryx2(sender), Consumer::Iceoryx2(receiver), (send_on.clone(), receive_on.clone()))
    } else if trial.transport.is_raw() {
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
        let mut options = Options { queue: trial.queue, ..Options::default() };
        // As many in flight as the other transports: a deeper ring only holds more blocks
        // whose headers have gone cold in the caches.
        options.segment.ring_capacity = trial.queue.next_power_of_two();
        if trial.transport == Transport::TcpCurve {
            options.curve = Some(curve(role));
        }
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

/// A `tcp-curve` side's CURVE role: the receiver (which binds) is the server and allows the
/// sender's key, the sender is the client. The keys are fixed, so both processes know them
/// without files: they secure nothing but a benchmark on the loopback.
fn curve(role: Role) -> Curve {
    let server = KeyPair::from_secret([0x5e; KEY_LEN]);
    let client = KeyPair::from_secret([0xc1; KEY_LEN]);
    match role {
        Role::Receiver => Curve::Server { allow: vec![client.public], pair: server },
        Role::Sender => Curve::Client { server: server.public, pair: client },
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{remove_session, MIN_ROUND_TRIPS};
    use std::time::Duration;

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
        // Both roles in one process: a check of the protocol, not a measurement.
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
    fn this_process_runs_and_a_missing_one_does_not() {
        assert!(process_runs(std::process::id()));
        assert!(!process_runs(u32::MAX));
    }
}
