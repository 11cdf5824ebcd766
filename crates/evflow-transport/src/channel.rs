//! The Channel: one socket of a pattern at one address, over whichever transport the address
//! names (docs/transport.md).

use crate::address::Address;
use crate::error::ChannelError;
use crate::message::Message;
use crate::shm::ShmSocket;
use crate::zmq::ZmqSocket;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Messaging patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Sends; each message goes to one puller, in turn among those with room.
    Push,
    /// Receives from pushers.
    Pull,
    /// Sends every message to every subscriber (a full subscriber misses it).
    Pub,
    /// Receives the publishers' messages whose first part starts with a subscribed topic.
    Sub,
    /// Sends a request, then receives its reply.
    Req,
    /// Receives a request, then sends its reply.
    Rep,
}

impl Pattern {
    /// Every pattern, in the order of the docs.
    pub const ALL: [Pattern; 6] =
        [Pattern::Push, Pattern::Pull, Pattern::Pub, Pattern::Sub, Pattern::Req, Pattern::Rep];

    /// The pattern this one talks to.
    pub fn peer(self) -> Pattern {
        match self {
            Pattern::Push => Pattern::Pull,
            Pattern::Pull => Pattern::Push,
            Pattern::Pub => Pattern::Sub,
            Pattern::Sub => Pattern::Pub,
            Pattern::Req => Pattern::Rep,
            Pattern::Rep => Pattern::Req,
        }
    }

    /// Whether the pattern may send.
    pub fn can_send(self) -> bool {
        !matches!(self, Pattern::Pull | Pattern::Sub)
    }

    /// Whether the pattern may receive.
    pub fn can_receive(self) -> bool {
        !matches!(self, Pattern::Push | Pattern::Pub)
    }

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Push => "push",
            Pattern::Pull => "pull",
            Pattern::Pub => "pub",
            Pattern::Sub => "sub",
            Pattern::Req => "req",
            Pattern::Rep => "rep",
        }
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Pattern {
    type Err = String;

    fn from_str(text: &str) -> Result<Pattern, String> {
        Pattern::ALL
            .into_iter()
            .find(|p| p.name() == text.to_ascii_lowercase())
            .ok_or_else(|| format!("unknown pattern {text:?}: use push, pull, pub, sub, req or rep"))
    }
}

/// Default messages queued per peer on the libzmq transports (libzmq's own default).
pub const DEFAULT_QUEUE: usize = 1000;
/// Default time a closing libzmq channel keeps trying to deliver what was sent.
pub const DEFAULT_LINGER: Duration = Duration::from_secs(1);

/// How to open a channel. Each option applies where the transport has the notion.
#[derive(Debug, Clone)]
pub struct Options {
    /// Messages queued per peer (libzmq high-water mark). On shm, the segment's ring capacity
    /// (entries per ring) bounds it instead.
    pub queue: usize,
    /// How long closing waits to deliver messages already sent (libzmq).
    pub linger: Duration,
    /// Size and ring capacity of the session's segment, if this channel creates it (shm).
    pub segment: evflow_shm::SegmentConfig,
    /// Topic prefixes a sub channel receives; empty: every message.
    pub topics: Vec<Vec<u8>>,
    /// Largest part a libzmq channel receives: a peer that announces a larger one is
    /// disconnected before anything is allocated for it (`ZMQ_MAXMSGSIZE`); `None`: no limit.
    pub max_part_size: Option<u64>,
    /// CURVE authentication and encryption (tcp only); `None`: none, at no cost.
    pub curve: Option<crate::curve::Curve>,
    /// Each message received over tcp names its sender's address ([`Message::peer`]): a
    /// lookup per message, for channels that name who sent what they drop.
    pub peer_address: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            queue: DEFAULT_QUEUE,
            linger: DEFAULT_LINGER,
            segment: evflow_shm::SegmentConfig::new(""),
            topics: Vec::new(),
            max_part_size: None,
            curve: None,
            peer_address: false,
        }
    }
}

/// How a channel reaches its address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Listens at the address.
    Bind,
    /// Connects to the address.
    Connect,
}

enum Backend {
    Zmq(ZmqSocket),
    Shm(Box<ShmSocket>),
}

/// One socket: a pattern at an address.
pub struct Channel {
    pattern: Pattern,
    address: Address,
    backend: Backend,
}

impl Channel {
    /// Binds a channel of `pattern` at `address`.
    pub fn bind(pattern: Pattern, address: &str, options: &Options) -> Result<Channel, ChannelError> {
        Channel::open(pattern, address, Side::Bind, options)
    }

    /// Connects a channel of `pattern` to `address`.
    pub fn connect(pattern: Pattern, address: &str, options: &Options) -> Result<Channel, ChannelError> {
        Channel::open(pattern, address, Side::Connect, options)
    }

    /// Opens a channel on either side.
    pub fn open(pattern: Pattern, address: &str, side: Side, options: &Options) -> Result<Channel, ChannelError> {
        let address = Address::parse(address)?;
        if options.curve.is_some() && !matches!(address, Address::Tcp(_)) {
            return Err(ChannelError::Security {
                channel: address.to_string(),
                reason: "CURVE (curve_secret, curve_allow, curve_server) is for tcp:// channels; \
                         the other transports never leave this machine"
                    .into(),
            });
        }
        let backend = match &address {
            Address::Shm { session, channel } => {
                Backend::Shm(Box::new(ShmSocket::open(pattern, session, channel, options)?))
            }
            other => Backend::Zmq(ZmqSocket::open(pattern, other, side, options)?),
        };
        Ok(Channel { pattern, address, backend })
    }

    /// The pattern.
    pub fn pattern(&self) -> Pattern {
        self.pattern
    }

    /// The address, as given; for a tcp channel bound to port 0 or `*`, the port it got.
    pub fn address(&self) -> String {
        match &self.backend {
            Backend::Zmq(socket) => socket.endpoint().unwrap_or_else(|| self.address.to_string()),
            Backend::Shm(_) => self.address.to_string(),
        }
    }

    /// Sends a message, waiting up to `timeout` (`None`: for ever) for room.
    pub fn send(&mut self, message: &Message, timeout: Option<Duration>) -> Result<(), ChannelError> {
        if !self.pattern.can_send() {
            return Err(self.state_error(format!("a {} channel cannot send", self.pattern)));
        }
        if message.is_empty() {
            return Err(self.state_error("a message needs at least one part".into()));
        }
        match &mut self.backend {
            Backend::Zmq(socket) => socket.send(message, timeout),
            Backend::Shm(socket) => socket.send(message, timeout),
        }
    }

    /// Sends a message the caller gives up, as [`Channel::send`]: on shm, a block whose only
    /// reference is in the message moves with this process's holder bit handed to the
    /// receiver, so its header is written once per message rather than twice (docs/shm.md,
    /// section 4). [`Unsent`] gives the message back when it was not sent.
    pub fn send_owned(&mut self, message: Message, timeout: Option<Duration>) -> Result<(), Box<Unsent>> {
        let refused = |error, message| Box::new(Unsent { error, message: Some(message) });
        if !self.pattern.can_send() {
            return Err(refused(self.state_error(format!("a {} channel cannot send", self.pattern)), message));
        }
        if message.is_empty() {
            return Err(refused(self.state_error("a message needs at least one part".into()), message));
        }
        match &mut self.backend {
            Backend::Zmq(socket) => socket.send(&message, timeout).map_err(|error| refused(error, message)),
            Backend::Shm(socket) => socket.send_owned(message, timeout),
        }
    }

    /// Receives a message, waiting up to `timeout` (`None`: for ever).
    pub fn recv(&mut self, timeout: Option<Duration>) -> Result<Message, ChannelError> {
        if !self.pattern.can_receive() {
            return Err(self.state_error(format!("a {} channel cannot receive", self.pattern)));
        }
        match &mut self.backend {
            Backend::Zmq(socket) => socket.recv(timeout),
            Backend::Shm(socket) => socket.recv(timeout),
        }
    }

    /// Allocates a writable part for a zero-copy send: a block of the session's segment on shm,
    /// memory of this process elsewhere.
    pub fn alloc(&self, len: usize, timeout: Option<Duration>) -> Result<PartMut, ChannelError> {
        match &self.backend {
            // A small part travels inline in the ring (docs/shm.md, section 5): no block.
            Backend::Shm(_) if len <= evflow_shm::INLINE_MAX => Ok(PartMut::Bytes(vec![0; len])),
            Backend::Shm(socket) => socket.alloc(len, timeout).map(PartMut::Shm),
            Backend::Zmq(_) => Ok(PartMut::Bytes(vec![0; len])),
        }
    }

    /// This process's membership of the channel's shared-memory segment (`None` off shm): what
    /// allocates blocks that a send to this channel moves by handle.
    pub fn segment(&self) -> Option<&evflow_shm::Attached> {
        match &self.backend {
            Backend::Shm(socket) => Some(socket.me()),
            Backend::Zmq(_) => None,
        }
    }

    /// Messages a pub channel dropped because a subscriber's queue was full (shm; libzmq does
    /// not count them).
    pub fn dropped(&self) -> u64 {
        match &self.backend {
            Backend::Shm(socket) => socket.dropped(),
            Backend::Zmq(_) => 0,
        }
    }

    fn state_error(&self, reason: String) -> ChannelError {
        ChannelError::State { channel: self.address.to_string(), reason }
    }
}

/// A part being written before it is sent.
pub enum PartMut {
    /// Memory of this process.
    Bytes(Vec<u8>),
    /// A block of the session's segment.
    Shm(evflow_shm::BlockMut),
}

impl PartMut {
    /// The bytes to fill.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        match self {
            PartMut::Bytes(bytes) => bytes,
            PartMut::Shm(block) => block.as_mut_slice(),
        }
    }

    /// Keeps the first `len` bytes (at most as many as it has).
    pub fn truncate(&mut self, len: usize) {
        match self {
            PartMut::Bytes(bytes) => bytes.truncate(len),
            PartMut::Shm(block) => block.set_len(len.min(block.len())),
        }
    }

    /// The finished part.
    pub fn freeze(self) -> crate::message::Part {
        match self {
            PartMut::Bytes(bytes) => bytes.into(),
            PartMut::Shm(block) => block.freeze().into(),
        }
    }
}

/// A message [`Channel::send_owned`] did not send, and why.
#[derive(Debug)]
pub struct Unsent {
    /// Why it was not sent.
    pub error: ChannelError,
    /// The message, to send again; `None` if it was lost (on shm: its receiver died while it
    /// was sent, and the blocks handed to it were freed with it).
    pub message: Option<Message>,
}

impl std::fmt::Display for Unsent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Unsent {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
