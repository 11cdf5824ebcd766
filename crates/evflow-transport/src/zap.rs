//! The allow-lists of CURVE servers: a ZAP handler (ZeroMQ RFC 27), as pyzmq's `zmq.auth`
//! runs one (docs/security.md, "CURVE on channels").
//!
//! One per process (per libzmq context): a thread with a `ZMQ_REP` socket bound to
//! `inproc://zeromq.zap.01`, started when the first CURVE server channel opens. Each server
//! channel registers a ZAP domain of its own with its allow-list; libzmq asks the handler
//! about every client that completes the CURVE handshake, with the domain, the client's
//! address and its public key, and lets through only those answered `200`.

use crate::curve::{z85, KEY_LEN};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Where libzmq sends its requests (RFC 27).
const ZAP_ENDPOINT: &str = "inproc://zeromq.zap.01";
const ZAP_VERSION: &[u8] = b"1.0";

/// One server channel's allow-list.
struct Domain {
    /// The channel, as the log names it.
    channel: String,
    allow: HashSet<[u8; KEY_LEN]>,
    /// The (address, key) pairs refused and logged already: each is logged once.
    refused: HashSet<(String, [u8; KEY_LEN])>,
}

struct Registry {
    /// The process whose context the handler serves (a forked child starts its own).
    handler_pid: Option<u32>,
    domains: BTreeMap<String, Domain>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry { handler_pid: None, domains: BTreeMap::new() });
static NEXT_DOMAIN: AtomicU64 = AtomicU64::new(0);

fn registry() -> std::sync::MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Registers the allow-list of server channel `channel` (starting the handler in the
/// process's context if it has none) and returns the ZAP domain its socket must name.
pub(crate) fn register(channel: &str, allow: &[[u8; KEY_LEN]]) -> zmq::Result<String> {
    let pid = std::process::id();
    let mut registry = registry();
    if registry.handler_pid != Some(pid) {
        // Bound here, before the server socket exists, so libzmq finds the handler for the
        // very first client; served on a thread of its own.
        let socket = crate::zmq::context().socket(zmq::REP)?;
        socket.set_linger(0)?;
        socket.bind(ZAP_ENDPOINT)?;
        std::thread::Builder::new()
            .name("evflow-zap".into())
            .spawn(move || serve(socket))
            .map_err(|_| zmq::Error::ENOMEM)?;
        registry.handler_pid = Some(pid);
    }
    let domain = format!("evflow-{pid}-{}", NEXT_DOMAIN.fetch_add(1, Ordering::Relaxed));
    let entry =
        Domain { channel: channel.to_string(), allow: allow.iter().copied().collect(), refused: HashSet::new() };
    registry.domains.insert(domain.clone(), entry);
    Ok(domain)
}

/// Names the channel of `domain` as bound (with the port a `:0` bind got), for the log.
pub(crate) fn rename(domain: &str, channel: &str) {
    if let Some(entry) = registry().domains.get_mut(domain) {
        entry.channel = channel.to_string();
    }
}

/// Forgets a closed server channel's allow-list.
pub(crate) fn unregister(domain: &str) {
    registry().domains.remove(domain);
}

/// Answers libzmq's requests until the context ends.
fn serve(socket: zmq::Socket) {
    loop {
        let request = match socket.recv_multipart(0) {
            Ok(request) => request,
            Err(zmq::Error::EINTR) => continue,
            // ETERM: the context is ending; closing this socket lets it end.
            Err(_) => return,
        };
        let reply = answer(&request);
        if let Err(zmq::Error::ETERM) = socket.send_multipart(reply, 0) {
            return;
        }
    }
}

/// The reply to one request: version, request id, status code and text, user id, metadata.
fn answer(request: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let id = request.get(1).cloned().unwrap_or_default();
    let reply =
        |code: &str, text: &str| vec![ZAP_VERSION.to_vec(), id.clone(), code.into(), text.into(), vec![], vec![]];
    // version, request id, domain, address, identity, mechanism, then the credentials.
    let [version, _, domain, address, _, mechanism, credentials @ ..] = request else {
        return reply("500", "malformed ZAP request");
    };
    if version.as_slice() != ZAP_VERSION {
        return reply("500", "unknown ZAP version");
    }
    let domain = String::from_utf8_lossy(domain);
    let address = String::from_utf8_lossy(address);
    let mut registry = registry();
    let Some(entry) = registry.domains.get_mut(domain.as_ref()) else {
        return reply("400", "no such domain: the channel is closed");
    };
    let key: Option<[u8; KEY_LEN]> = match (mechanism.as_slice(), credentials) {
        (b"CURVE", [key]) => key.as_slice().try_into().ok(),
        _ => None,
    };
    let Some(key) = key else {
        return reply("400", "CURVE credentials required");
    };
    if entry.allow.contains(&key) {
        return reply("200", "OK");
    }
    if entry.refused.insert((address.to_string(), key)) {
        crate::warn(&format!(
            "{}: refused a CURVE client at {address}: its public key \"{}\" is not on the allow-list (curve_allow); \
             nothing it sends gets through",
            entry.channel,
            z85(&key)
        ));
    }
    reply("400", "public key not allowed")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(domain: &str, key: &[u8]) -> Vec<Vec<u8>> {
        [b"1.0".as_slice(), b"7", domain.as_bytes(), b"10.0.0.2", b"", b"CURVE", key].map(|p| p.to_vec()).to_vec()
    }

    #[test]
    fn listed_keys_pass_and_others_are_refused() {
        let allowed = [1u8; KEY_LEN];
        let domain = register("tcp://127.0.0.1:5555", &[allowed]).unwrap();
        assert_eq!(answer(&request(&domain, &allowed))[2], b"200");
        assert_eq!(answer(&request(&domain, &[2u8; KEY_LEN]))[2], b"400");
        assert_eq!(answer(&request(&domain, b"short"))[2], b"400");
        assert_eq!(answer(&request("evflow-none", &allowed))[2], b"400");
        assert_eq!(answer(&request(&domain, &allowed)[..3])[2], b"500");
        unregister(&domain);
        assert_eq!(answer(&request(&domain, &allowed))[2], b"400");
    }
}
