//! The job's channels: their addresses on each transport and who binds them.

use super::Transport;
use evflow_transport::{Channel, ChannelError, Options, Pattern, Side};
use std::path::PathBuf;
use std::time::Duration;

/// libzmq queue of every engine channel: far above what credits let through, so a send
/// never waits on libzmq's limit; shm rings have their own capacity.
const ZMQ_QUEUE: usize = 100_000;
/// How long a closing libzmq channel tries to deliver what it sent.
const ZMQ_LINGER: Duration = Duration::from_secs(5);

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
}

impl Net {
    fn address(&self, name: &str) -> String {
        match self.transport {
            Transport::Shm => format!("shm://{}/{name}", self.session),
            Transport::Ipc => format!("ipc://{}", self.dir.join(name).display()),
        }
    }

    fn options(&self) -> Options {
        let mut options = Options { queue: ZMQ_QUEUE, linger: ZMQ_LINGER, ..Options::default() };
        options.segment.session = self.session.clone();
        options.segment.size = self.segment_size.unwrap_or(super::DEFAULT_SEGMENT_LEN);
        options
    }

    fn open(&self, pattern: Pattern, name: &str, side: Side) -> Result<Channel, ChannelError> {
        Channel::open(pattern, &self.address(name), side, &self.options())
    }

    /// Input to worker `w` of generation `generation`: a fresh channel per generation, so no
    /// event can reach a dead worker's queue after the input has seen it die.
    pub fn work(&self, w: usize, generation: u32, pattern: Pattern) -> Result<Channel, ChannelError> {
        let side = if pattern == Pattern::Push { Side::Bind } else { Side::Connect };
        self.open(pattern, &format!("work-{w}-{generation}"), side)
    }

    /// Workers and the input to the output.
    pub fn results(&self, pattern: Pattern) -> Result<Channel, ChannelError> {
        let side = if pattern == Pattern::Pull { Side::Bind } else { Side::Connect };
        self.open(pattern, "results", side)
    }

    /// Output to input.
    pub fn acks(&self, pattern: Pattern) -> Result<Channel, ChannelError> {
        let side = if pattern == Pattern::Pull { Side::Bind } else { Side::Connect };
        self.open(pattern, "acks", side)
    }
}

/// Whether a send failed only because no receiver has room now (not connected yet, queue
/// full, gone): worth trying again, or elsewhere.
pub fn is_not_ready(e: &ChannelError) -> bool {
    matches!(e, ChannelError::Timeout { .. } | ChannelError::QueueFull { .. } | ChannelError::PeerGone { .. })
}
