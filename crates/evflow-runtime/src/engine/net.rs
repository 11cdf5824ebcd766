//! The job's channels: their addresses on each transport and who binds them. On one host the
//! names map to shm or ipc addresses; a topology's devices on several hosts bind tcp ports
//! and learn each other's from their controller (an [`AddressBook`]).

use super::board::{Board, Stop};
use super::curve::Keys;
use super::Transport;
use evflow_transport::{Channel, ChannelError, Options, Pattern, Side};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// libzmq queue of every engine channel: far above what credits let through, so a send
/// never waits on libzmq's limit; shm rings have their own capacity.
const ZMQ_QUEUE: usize = 100_000;
/// How long a closing libzmq channel tries to deliver what it sent.
const ZMQ_LINGER: Duration = Duration::from_secs(5);
/// How long a device waits for the controller to publish the address of a channel it
/// connects to, before it gives up with an error.
const ADDRESS_WAIT: Duration = Duration::from_secs(60);

/// The tcp endpoints of a topology's channels: those this process bound (reported to the
/// controller) and those the controller published (from every process).
#[derive(Debug, Default)]
pub struct AddressBook {
    inner: Mutex<Addresses>,
}

#[derive(Debug, Default)]
struct Addresses {
    bound: HashMap<String, String>,
    published: HashMap<String, String>,
    /// The host that bound each published endpoint.
    hosts: HashMap<String, String>,
}

impl AddressBook {
    /// Records that this process bound `name` at `endpoint`.
    pub fn bound(&self, name: &str, endpoint: String) {
        self.inner.lock().expect("not poisoned").bound.insert(name.to_string(), endpoint);
    }

    /// What this process bound.
    pub fn bound_by_me(&self) -> HashMap<String, String> {
        self.inner.lock().expect("not poisoned").bound.clone()
    }

    /// Takes the controller's table of every process's endpoints, and of the hosts that
    /// bound them.
    pub fn publish(&self, endpoints: HashMap<String, String>, hosts: HashMap<String, String>) {
        let mut inner = self.inner.lock().expect("not poisoned");
        inner.published = endpoints;
        inner.hosts = hosts;
    }

    /// The endpoint of `name`, and the host that bound it.
    fn lookup(&self, name: &str) -> Option<(String, Option<String>)> {
        let inner = self.inner.lock().expect("not poisoned");
        let endpoint = inner.published.get(name)?.clone();
        Some((endpoint, inner.hosts.get(name).cloned()))
    }
}

/// A device's place among hosts: where it binds, and the book of everyone's endpoints.
#[derive(Debug, Clone)]
pub struct Remote {
    /// This host's address (`10.77.0.1`): tcp channels bind there on a free port.
    pub host_address: String,
    /// The endpoints.
    pub book: Arc<AddressBook>,
    /// Largest part a tcp channel receives.
    pub max_part_size: u64,
    /// The device's board: waiting for an address ends when the job does.
    pub board: Arc<Board>,
    /// A channel bound on a fixed port (the topology's `port`), never moved to another.
    pub fixed: Option<(String, u16)>,
    /// CURVE keys (`security = "curve"`): bound channels are servers, connected ones clients.
    pub curve: Option<Arc<Keys>>,
}

/// Names the channels of one job.
#[derive(Debug, Clone)]
pub struct Net {
    /// The transport.
    pub transport: Transport,
    /// The shm session (also used in names of ipc sockets' directory).
    pub session: String,
    /// The job's directory: ipc sockets live here.
    pub dir: PathBuf,
    /// Segment size for shm.
    pub segment_size: Option<usize>,
    /// For tcp: the device's host and the address book.
    pub remote: Option<Remote>,
    /// The segment has a bridge: its origin sends its dispatches to the bridge's `relay`
    /// channel (tcp), which puts them into the workers' channels on its host; the origin's
    /// own results go straight to the custody, which receives them on a tcp channel beside
    /// its host's ([`Net::origin_results`]).
    pub bridged: bool,
}

impl Net {
    fn address(&self, name: &str) -> String {
        match self.transport {
            Transport::Shm => format!("shm://{}/{name}", self.session),
            Transport::Ipc => format!("ipc://{}", self.dir.join(name).display()),
            Transport::Tcp => String::new(),
        }
    }

    fn options(&self) -> Options {
        let mut options = Options { queue: ZMQ_QUEUE, linger: ZMQ_LINGER, ..Options::default() };
        options.segment.session = self.session.clone();
        options.segment.size = self.segment_size.unwrap_or(super::DEFAULT_SEGMENT_LEN);
        options.max_part_size = self.remote.as_ref().map(|r| r.max_part_size);
        options
    }

    fn open(&self, pattern: Pattern, name: &str, side: Side) -> Result<Channel, ChannelError> {
        if self.transport != Transport::Tcp {
            return Channel::open(pattern, &self.address(name), side, &self.options());
        }
        self.open_tcp(pattern, name, side)
    }

    /// Opens channel `name` over tcp, whatever the job's transport: bound on this host's
    /// address (a free port, or the fixed one) and reported, or connected to the endpoint the
    /// controller published (a bridge's channels to its segment's origin).
    pub fn open_tcp(&self, pattern: Pattern, name: &str, side: Side) -> Result<Channel, ChannelError> {
        let Some(remote) = self.remote.as_ref() else {
            return Err(ChannelError::State {
                channel: name.to_string(),
                reason: "a tcp channel needs the device's host and address book".into(),
            });
        };
        match side {
            Side::Bind => {
                let port = remote.fixed.as_ref().filter(|(channel, _)| channel == name).map_or(0, |(_, p)| *p);
                let address = format!("tcp://{}:{port}", remote.host_address);
                let curve = remote.curve.as_ref().map(|keys| keys.server());
                let options = Options { curve, peer_address: true, ..self.options() };
                let channel = Channel::open(pattern, &address, side, &options)?;
                remote.book.bound(name, channel.address());
                Ok(channel)
            }
            Side::Connect => {
                let deadline = Instant::now() + ADDRESS_WAIT;
                loop {
                    if let Some((endpoint, host)) = remote.book.lookup(name) {
                        let curve = match (&remote.curve, host) {
                            (None, _) => None,
                            (Some(keys), Some(host)) => Some(keys.client_of(&host)),
                            (Some(_), None) => Some(Err("its controller did not say which host bound it".into())),
                        };
                        let curve = curve
                            .transpose()
                            .map_err(|reason| ChannelError::Security { channel: endpoint.clone(), reason })?;
                        let options = Options { curve, peer_address: true, ..self.options() };
                        return Channel::open(pattern, &endpoint, side, &options);
                    }
                    let board = &remote.board;
                    if board.ended() || board.stop() == Stop::Abort || board.monitor_lost() {
                        return Err(ChannelError::State {
                            channel: name.to_string(),
                            reason: "the job ended before its address was published".into(),
                        });
                    }
                    if Instant::now() > deadline {
                        return Err(ChannelError::State {
                            channel: name.to_string(),
                            reason: format!("its controller published no address for it within {ADDRESS_WAIT:?}"),
                        });
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
    }

    /// Input to worker `w` of generation `generation`: a fresh channel per generation, so no
    /// event can reach a dead worker's queue after the input has seen it die.
    pub fn work(&self, w: usize, generation: u32, pattern: Pattern) -> Result<Channel, ChannelError> {
        if self.bridged && self.transport == Transport::Tcp && pattern == Pattern::Push {
            return self.open_tcp(pattern, RELAY, Side::Connect);
        }
        let side = if pattern == Pattern::Push { Side::Bind } else { Side::Connect };
        self.open(pattern, &format!("work-{w}-{generation}"), side)
    }

    /// Workers and the input to the output.
    pub fn results(&self, pattern: Pattern) -> Result<Channel, ChannelError> {
        let side = if pattern == Pattern::Pull { Side::Bind } else { Side::Connect };
        self.open(pattern, "results", side)
    }

    /// A bridged segment's origin to its custody (tcp): the origin's own results, `End`
    /// and `RunEnd`. `None` in a segment without a bridge.
    pub fn origin_results(&self) -> Result<Option<Channel>, ChannelError> {
        if !self.bridged {
            return Ok(None);
        }
        self.open_tcp(Pattern::Pull, "results", Side::Bind).map(Some)
    }

    /// Output to input.
    pub fn acks(&self, pattern: Pattern) -> Result<Channel, ChannelError> {
        let side = if pattern == Pattern::Pull { Side::Bind } else { Side::Connect };
        self.open(pattern, "acks", side)
    }
}

impl crate::module::Opener for Net {
    fn open(&self, pattern: Pattern, name: &str, side: Side) -> Result<Channel, ChannelError> {
        Net::open(self, pattern, name, side)
    }
}

/// The channel a bridge receives its segment's dispatches on.
pub const RELAY: &str = "relay";

/// Whether a send failed only because no receiver has room now (not connected yet, queue
/// full, gone): worth trying again, or elsewhere.
pub fn is_not_ready(e: &ChannelError) -> bool {
    matches!(e, ChannelError::Timeout { .. } | ChannelError::QueueFull { .. } | ChannelError::PeerGone { .. })
}
