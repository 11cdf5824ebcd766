//! Channel addresses: the transport is chosen by the scheme (docs/transport.md).

use crate::error::ChannelError;
use std::fmt;

/// Longest channel name on shm (it is stored in the segment's channel table).
pub const MAX_SHM_CHANNEL_NAME: usize = 200;

/// Where a channel binds or connects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// `inproc://name`: threads of one process, through libzmq.
    Inproc(String),
    /// `shm://session/name`: processes of one machine, zero-copy through the session's segment.
    Shm {
        /// The session (the segment's name).
        session: String,
        /// The channel's name in the session.
        channel: String,
    },
    /// `ipc://path`: processes of one machine, libzmq over a Unix socket.
    Ipc(String),
    /// `tcp://host:port`: libzmq over TCP.
    Tcp(String),
}

impl Address {
    /// Parses an address string, or says what is wrong with it and what is expected.
    pub fn parse(text: &str) -> Result<Address, ChannelError> {
        const FORMS: &str = "expected inproc://name, shm://session/name, ipc://path or tcp://host:port";
        let bad = |reason: &str| ChannelError::Address { address: text.to_string(), reason: reason.to_string() };
        let Some((scheme, rest)) = text.split_once("://") else {
            return Err(bad(FORMS));
        };
        if rest.is_empty() {
            return Err(bad(&format!("nothing after the scheme: {FORMS}")));
        }
        match scheme {
            "inproc" => Ok(Address::Inproc(rest.to_string())),
            "ipc" => Ok(Address::Ipc(rest.to_string())),
            "tcp" => {
                let (host, port) = rest.rsplit_once(':').ok_or_else(|| bad("tcp addresses are tcp://host:port"))?;
                if host.is_empty() || (port != "*" && port.parse::<u16>().is_err()) {
                    return Err(bad("tcp addresses are tcp://host:port, the port a number (0 or * picks a free one)"));
                }
                Ok(Address::Tcp(rest.to_string()))
            }
            "shm" => {
                let (session, channel) =
                    rest.split_once('/').ok_or_else(|| bad("shm addresses are shm://session/name"))?;
                let valid_session =
                    !session.is_empty() && session.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                if !valid_session {
                    return Err(bad("the session is letters, digits, '-' and '_'"));
                }
                if channel.is_empty() || channel.len() > MAX_SHM_CHANNEL_NAME || channel.contains('\0') {
                    return Err(bad(&format!("the channel name is 1 to {MAX_SHM_CHANNEL_NAME} bytes")));
                }
                Ok(Address::Shm { session: session.to_string(), channel: channel.to_string() })
            }
            other => Err(bad(&format!("unknown transport {other:?}: use inproc, shm, ipc or tcp"))),
        }
    }

    /// The address as libzmq takes it (`None` for shm).
    pub(crate) fn zmq_endpoint(&self) -> Option<String> {
        match self {
            Address::Inproc(name) => Some(format!("inproc://{name}")),
            Address::Ipc(path) => Some(format!("ipc://{path}")),
            Address::Tcp(host_port) => Some(format!("tcp://{host_port}")),
            Address::Shm { .. } => None,
        }
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::Shm { session, channel } => write!(f, "shm://{session}/{channel}"),
            other => f.write_str(&other.zmq_endpoint().unwrap_or_default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_parses_and_prints_back() {
        for text in ["inproc://a", "shm://job-1/events", "ipc:///tmp/x.sock", "tcp://127.0.0.1:5555", "tcp://*:0"] {
            assert_eq!(Address::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_addresses_say_what_is_expected() {
        for (text, expect) in [
            ("localhost:5555", "expected inproc"),
            ("udp://x:1", "unknown transport \"udp\""),
            ("tcp://host", "tcp://host:port"),
            ("tcp://host:http", "port a number"),
            ("shm://nochannel", "shm://session/name"),
            ("shm://bad session/x", "session is letters"),
            ("inproc://", "nothing after"),
        ] {
            let err = Address::parse(text).unwrap_err().to_string();
            assert!(err.contains(expect), "{text}: {err}");
        }
    }
}
