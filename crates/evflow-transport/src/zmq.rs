//! The libzmq transports (`inproc://`, `ipc://`, `tcp://`): a Channel is one libzmq socket.

use crate::address::Address;
use crate::channel::{Options, Pattern, Side};
use crate::curve::Curve;
use crate::error::ChannelError;
use crate::message::{Message, Part};
use bytes::Bytes;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// First retry of a connect whose peer is not there yet, milliseconds; doubled up to
/// [`RECONNECT_MAX_MS`].
const RECONNECT_FIRST_MS: i32 = 5;
/// Longest wait between two retries of a connect, milliseconds.
const RECONNECT_MAX_MS: i32 = 1000;

/// The process's libzmq context: one, so that `inproc://` channels of every thread meet.
///
/// One per process id: a child forked from a process that used libzmq must not touch the
/// parent's context. Its I/O threads do not exist in the child, and its wake-up descriptors
/// are shared with the parent, whose I/O thread would read the child's commands and abort.
/// The child gets a fresh context; the inherited one is leaked, never used or ended.
pub(crate) fn context() -> zmq::Context {
    static CONTEXT: Mutex<Option<(u32, zmq::Context)>> = Mutex::new(None);
    let pid = std::process::id();
    let mut slot = CONTEXT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    match slot.as_ref() {
        Some((owner, context)) if *owner == pid => context.clone(),
        _ => {
            if let Some(inherited) = slot.take() {
                std::mem::forget(inherited);
            }
            let context = zmq::Context::new();
            *slot = Some((pid, context.clone()));
            context
        }
    }
}

/// Delivers what closed libzmq channels still hold (each up to its linger) and ends the
/// process's libzmq context. For a process about to `_exit`, which skips the clean-up that
/// would do this; no libzmq channel may be used afterwards.
pub fn finish() {
    let mut context = context();
    let _ = context.destroy();
}

/// Parts at least this large go to libzmq without a copy: it keeps a reference to the part
/// until its I/O thread has written it. Smaller ones it copies into the message, cheaper
/// than the bookkeeping.
const ZERO_COPY_FROM: usize = 16 << 10;

/// Sends one part, without copying a large one (see [`ZERO_COPY_FROM`]).
fn send_part(socket: &mut zmq::Socket, part: &Part, flags: i32) -> zmq::Result<()> {
    let Part::Bytes(bytes) = part else { return socket.send(part.as_slice(), flags) };
    if bytes.len() < ZERO_COPY_FROM {
        return socket.send(&bytes[..], flags);
    }
    let (data, len) = (bytes.as_ptr(), bytes.len());
    let hint = Box::into_raw(Box::new(bytes.clone()));
    let mut msg = zmq_sys::zmq_msg_t::default();
    // SAFETY: `data` and `len` are the bytes that `hint`, a boxed reference to them, keeps
    // alive; libzmq calls `release` with `hint` once it is done with the message (also when
    // the message is closed unsent, below), and never writes to the data.
    unsafe {
        if zmq_sys::zmq_msg_init_data(&mut msg, data as *mut _, len, Some(release), hint.cast()) != 0 {
            drop(Box::from_raw(hint));
            return Err(zmq::Error::from_raw(zmq_sys::zmq_errno()));
        }
        if zmq_sys::zmq_msg_send(&mut msg, socket.as_mut_ptr(), flags) == -1 {
            let error = zmq::Error::from_raw(zmq_sys::zmq_errno());
            zmq_sys::zmq_msg_close(&mut msg);
            return Err(error);
        }
    }
    Ok(())
}

/// Drops the reference a zero-copy message held on its bytes (libzmq's free function).
unsafe extern "C" fn release(_data: *mut std::ffi::c_void, hint: *mut std::ffi::c_void) {
    // SAFETY: `hint` is the box `send_part` leaked for this message, released once.
    drop(unsafe { Box::from_raw(hint.cast::<Bytes>()) });
}

/// A libzmq message buffer owned by a received part, read in place.
struct ZmqBuffer(zmq::Message);

impl AsRef<[u8]> for ZmqBuffer {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

pub(crate) struct ZmqSocket {
    socket: zmq::Socket,
    channel: String,
    /// The timeouts last given to libzmq, so unchanged ones cost no system call.
    send_timeout: Option<Option<Duration>>,
    recv_timeout: Option<Option<Duration>>,
    /// A CURVE server's ZAP domain (its allow-list), forgotten when it closes.
    zap_domain: Option<String>,
    /// A CURVE channel's failed handshakes are logged while it is open.
    _handshakes: Option<crate::handshakes::Watch>,
    /// A CURVE client: a send that finds no receiver says to check the keys too.
    curve_client: bool,
    /// Each message received names its sender's address ([`Options::peer_address`]).
    peer_address: bool,
}

impl Drop for ZmqSocket {
    fn drop(&mut self) {
        if let Some(domain) = &self.zap_domain {
            crate::zap::unregister(domain);
        }
    }
}

/// Sets CURVE's options on `socket`; for a server, registers its allow-list and returns its
/// ZAP domain.
fn set_curve(socket: &zmq::Socket, curve: &Curve, channel: &str) -> zmq::Result<Option<String>> {
    match curve {
        Curve::Server { pair, allow } => {
            socket.set_curve_server(true)?;
            socket.set_curve_secretkey(&pair.secret)?;
            let domain = crate::zap::register(channel, allow)?;
            socket.set_zap_domain(&domain)?;
            Ok(Some(domain))
        }
        Curve::Client { pair, server } => {
            socket.set_curve_serverkey(server)?;
            socket.set_curve_publickey(&pair.public)?;
            socket.set_curve_secretkey(&pair.secret)?;
            Ok(None)
        }
    }
}

fn socket_type(pattern: Pattern) -> zmq::SocketType {
    match pattern {
        Pattern::Push => zmq::PUSH,
        Pattern::Pull => zmq::PULL,
        Pattern::Pub => zmq::PUB,
        Pattern::Sub => zmq::SUB,
        Pattern::Req => zmq::REQ,
        Pattern::Rep => zmq::REP,
    }
}

/// libzmq's timeout option: milliseconds, -1 for ever.
fn millis(timeout: Option<Duration>) -> i32 {
    timeout.map_or(-1, |t| t.as_millis().min(i32::MAX as u128) as i32)
}

/// When a send or receive stops waiting. A zero timeout reads no clock: the engine's loops
/// look at an empty socket that way on every turn.
#[derive(Clone, Copy)]
enum Deadline {
    Never,
    Now,
    At(Instant),
}

impl Deadline {
    fn of(timeout: Option<Duration>) -> Deadline {
        match timeout {
            None => Deadline::Never,
            Some(t) if t.is_zero() => Deadline::Now,
            Some(t) => Deadline::At(Instant::now() + t),
        }
    }

    /// The time left (`None`: no end).
    fn left(self) -> Option<Duration> {
        match self {
            Deadline::Never => None,
            Deadline::Now => Some(Duration::ZERO),
            Deadline::At(at) => Some(at.saturating_duration_since(Instant::now())),
        }
    }
}

impl ZmqSocket {
    pub(crate) fn open(
        pattern: Pattern,
        address: &Address,
        side: Side,
        options: &Options,
    ) -> Result<ZmqSocket, ChannelError> {
        let channel = address.to_string();
        let fail = |operation: &'static str| {
            let channel = channel.clone();
            move |source| ChannelError::Zmq { channel, operation, source }
        };
        let socket = context().socket(socket_type(pattern)).map_err(fail("creating the socket"))?;
        let queue = options.queue.min(i32::MAX as usize) as i32;
        socket.set_sndhwm(queue).map_err(fail("setting the queue length"))?;
        socket.set_rcvhwm(queue).map_err(fail("setting the queue length"))?;
        socket.set_linger(millis(Some(options.linger))).map_err(fail("setting linger"))?;
        // A connect made before the peer binds retries soon, then backs off (libzmq's
        // default is a flat 100 ms, a long wait for a job whose processes start together).
        socket.set_reconnect_ivl(RECONNECT_FIRST_MS).map_err(fail("setting the reconnect interval"))?;
        socket.set_reconnect_ivl_max(RECONNECT_MAX_MS).map_err(fail("setting the reconnect interval"))?;
        if let Some(limit) = options.max_part_size {
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            socket.set_maxmsgsize(limit).map_err(fail("setting the largest part"))?;
        }
        if pattern == Pattern::Sub {
            if options.topics.is_empty() {
                socket.set_subscribe(b"").map_err(fail("subscribing"))?;
            }
            for topic in &options.topics {
                socket.set_subscribe(topic).map_err(fail("subscribing"))?;
            }
        }
        let zap_domain = match &options.curve {
            Some(curve) => set_curve(&socket, curve, &channel).map_err(fail("setting CURVE"))?,
            None => None,
        };
        // Unregisters the allow-list again if binding or connecting fails.
        let mut socket = ZmqSocket {
            socket,
            channel: channel.clone(),
            send_timeout: None,
            recv_timeout: None,
            zap_domain,
            _handshakes: None,
            curve_client: matches!(options.curve, Some(Curve::Client { .. })),
            peer_address: options.peer_address,
        };
        if let Some(curve) = &options.curve {
            let server = matches!(curve, Curve::Server { .. });
            let watch = crate::handshakes::watch(&mut socket.socket, &channel, server)
                .map_err(fail("monitoring the CURVE handshakes"))?;
            socket._handshakes = Some(watch);
        }
        let mut endpoint = address.zmq_endpoint().expect("a libzmq address");
        match side {
            Side::Bind => {
                // libzmq spells "any free port" as '*'.
                if let Some(host) = endpoint.strip_suffix(":0").filter(|_| matches!(address, Address::Tcp(_))) {
                    endpoint = format!("{host}:*");
                }
                socket.socket.bind(&endpoint).map_err(fail("binding"))?;
            }
            Side::Connect => socket.socket.connect(&endpoint).map_err(fail("connecting"))?,
        }
        // Errors name the port a tcp channel bound to `:0` got.
        if let Some(bound) = socket.endpoint().filter(|_| side == Side::Bind) {
            if let Some(domain) = &socket.zap_domain {
                crate::zap::rename(domain, &bound);
            }
            socket.channel = bound;
        }
        Ok(socket)
    }

    /// The endpoint libzmq bound (with the port it picked), if any.
    pub(crate) fn endpoint(&self) -> Option<String> {
        self.socket.get_last_endpoint().ok()?.ok().filter(|e| !e.is_empty())
    }

    pub(crate) fn send(&mut self, message: &Message, timeout: Option<Duration>) -> Result<(), ChannelError> {
        if self.send_timeout != Some(timeout) {
            self.socket.set_sndtimeo(millis(timeout)).map_err(|e| self.error("setting the send timeout", e))?;
            self.send_timeout = Some(timeout);
        }
        let last = message.parts.len() - 1;
        let deadline = Deadline::of(timeout);
        for (i, part) in message.parts.iter().enumerate() {
            let flags = if i < last { zmq::SNDMORE } else { 0 };
            match self.retry_interrupted(deadline, true, |socket| send_part(socket, part, flags)) {
                Ok(()) => {}
                // Only the first part can wait: libzmq takes the rest of a message it accepted.
                Err(zmq::Error::EAGAIN) => {
                    return Err(ChannelError::QueueFull {
                        channel: self.channel.clone(),
                        after: timeout.unwrap_or_default(),
                        detail: if self.curve_client {
                            "no receiver connected, or every receiver's queue is full; with CURVE, also check \
                             that curve_server is the server's key and the server allows this channel's key"
                                .into()
                        } else {
                            "no receiver connected, or every receiver's queue is full".into()
                        },
                    })
                }
                Err(e) => return Err(self.error("sending", e)),
            }
        }
        Ok(())
    }

    pub(crate) fn recv(&mut self, timeout: Option<Duration>) -> Result<Message, ChannelError> {
        if self.recv_timeout != Some(timeout) {
            self.socket.set_rcvtimeo(millis(timeout)).map_err(|e| self.error("setting the receive timeout", e))?;
            self.recv_timeout = Some(timeout);
        }
        let mut parts = Vec::with_capacity(1);
        let mut peer = None;
        let deadline = Deadline::of(timeout);
        loop {
            let flags = if parts.is_empty() { 0 } else { zmq::DONTWAIT };
            match self.retry_interrupted(deadline, false, |socket| socket.recv_msg(flags)) {
                Ok(mut msg) => {
                    if self.peer_address && parts.is_empty() {
                        peer = msg.gets("Peer-Address").map(str::to_string);
                    }
                    parts.push(Part::Bytes(Bytes::from_owner(ZmqBuffer(msg))));
                }
                Err(zmq::Error::EAGAIN) if parts.is_empty() => {
                    return Err(ChannelError::Timeout {
                        channel: self.channel.clone(),
                        after: timeout.unwrap_or_default(),
                    })
                }
                Err(e) => return Err(self.error("receiving", e)),
            }
            if !self.socket.get_rcvmore().map_err(|e| self.error("receiving", e))? {
                return Ok(Message { parts, peer });
            }
        }
    }

    /// Runs a libzmq call again when a signal interrupted it (EINTR), with the time left, so
    /// a signal handled elsewhere (Python's, say) does not end a wait as an error. The caller
    /// that must react to signals waits in short slices.
    fn retry_interrupted<T>(
        &mut self,
        deadline: Deadline,
        sending: bool,
        mut call: impl FnMut(&mut zmq::Socket) -> zmq::Result<T>,
    ) -> zmq::Result<T> {
        loop {
            match call(&mut self.socket) {
                Err(zmq::Error::EINTR) => {
                    let left = deadline.left();
                    if left.is_some_and(|l| l.is_zero()) {
                        return Err(zmq::Error::EAGAIN);
                    }
                    let option = if sending { zmq::Socket::set_sndtimeo } else { zmq::Socket::set_rcvtimeo };
                    option(&self.socket, millis(left))?;
                    // The timeout now set is not the caller's: set it again next call.
                    if sending {
                        self.send_timeout = None;
                    } else {
                        self.recv_timeout = None;
                    }
                }
                other => return other,
            }
        }
    }

    fn error(&self, operation: &'static str, source: zmq::Error) -> ChannelError {
        if source == zmq::Error::EFSM {
            let reason = match operation {
                "sending" => "a reply must be received (req) or a request received (rep) before sending again",
                _ => "a request must be sent (req) or the reply sent (rep) before receiving again",
            };
            return ChannelError::State { channel: self.channel.clone(), reason: reason.into() };
        }
        ChannelError::Zmq { channel: self.channel.clone(), operation, source }
    }
}
