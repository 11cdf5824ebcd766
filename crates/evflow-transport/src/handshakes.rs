//! Failed CURVE handshakes, logged (docs/security.md, "CURVE on channels").
//!
//! A client with the wrong server key never reaches the ZAP handler: the server cannot open
//! its HELLO and drops the connection. Each CURVE channel has a libzmq socket monitor
//! (event version 2, which names both ends of a connection) publishing on `inproc://`; one
//! thread per process, started with the first CURVE channel, reads them all and logs each
//! misconfiguration once per channel and peer. The monitor publishes (`ZMQ_PUB`): were the
//! thread to lag, events would be dropped, never block libzmq's I/O thread that emits them.

use std::collections::{HashMap, HashSet};
use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};

const HANDSHAKE_FAILED_NO_DETAIL: u64 = zmq_sys::ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL as u64;
const HANDSHAKE_SUCCEEDED: u64 = zmq_sys::ZMQ_EVENT_HANDSHAKE_SUCCEEDED as u64;
const HANDSHAKE_FAILED_PROTOCOL: u64 = zmq_sys::ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL as u64;
const HANDSHAKE_FAILED_AUTH: u64 = zmq_sys::ZMQ_EVENT_HANDSHAKE_FAILED_AUTH as u64;
const EVENTS: u64 =
    HANDSHAKE_FAILED_NO_DETAIL | HANDSHAKE_SUCCEEDED | HANDSHAKE_FAILED_PROTOCOL | HANDSHAKE_FAILED_AUTH;
/// The values of a failed handshake's protocol errors that the log explains.
const CRYPTOGRAPHIC: u64 = zmq_sys::ZMQ_PROTOCOL_ERROR_ZMTP_CRYPTOGRAPHIC as u64;
const MECHANISM_MISMATCH: u64 = zmq_sys::ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH as u64;
/// Connections a client sees dropped in a row during the handshake before it says so: one
/// is also a server that exits at that moment; a wrong server key drops every one.
const DROPPED_IN_A_ROW: u32 = 3;
/// How long the thread waits for events before it looks for newly watched channels.
const POLL_MS: i64 = 200;

extern "C" {
    // libzmq's DRAFT API (zmq.h), built in by the vendored build (vendor/zmq-sys).
    fn zmq_socket_monitor_versioned(
        socket: *mut c_void,
        endpoint: *const c_char,
        events: u64,
        event_version: c_int,
        kind: c_int,
    ) -> c_int;
}

/// One watched channel: the subscription to its monitor's events.
struct Watched {
    events: zmq::Socket,
    server: bool,
    /// A client's channel as the log names it (a server's events name its bound address).
    channel: String,
    /// The lines logged already: each is logged once.
    logged: HashSet<String>,
    /// Per server address, connections dropped in a row during the handshake.
    dropped: HashMap<String, u32>,
    /// Set when the channel closes: the watch ends.
    closed: Arc<AtomicBool>,
}

/// Held by a watched channel: dropping it ends the watch.
pub(crate) struct Watch(Arc<AtomicBool>);

impl Drop for Watch {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

static WATCHER: Mutex<Option<(u32, mpsc::Sender<Watched>)>> = Mutex::new(None);
static NEXT_MONITOR: AtomicU64 = AtomicU64::new(0);

/// Logs the failed handshakes of CURVE channel `socket` (a server if `server`).
pub(crate) fn watch(socket: &mut zmq::Socket, channel: &str, server: bool) -> zmq::Result<Watch> {
    let pid = std::process::id();
    let endpoint = format!("inproc://evflow-handshakes-{pid}-{}", NEXT_MONITOR.fetch_add(1, Ordering::Relaxed));
    let c_endpoint = CString::new(endpoint.clone()).expect("no NUL in the endpoint");
    // SAFETY: a live socket and a NUL-terminated endpoint; libzmq copies the endpoint.
    let rc = unsafe {
        zmq_socket_monitor_versioned(socket.as_mut_ptr(), c_endpoint.as_ptr(), EVENTS, 2, zmq_sys::ZMQ_PUB as c_int)
    };
    if rc != 0 {
        // SAFETY: reads libzmq's thread-local error number.
        return Err(zmq::Error::from_raw(unsafe { zmq_sys::zmq_errno() }));
    }
    let events = crate::zmq::context().socket(zmq::SUB)?;
    events.set_linger(0)?;
    events.set_subscribe(b"")?;
    events.connect(&endpoint)?;
    let closed = Arc::new(AtomicBool::new(false));
    let watched = Watched {
        events,
        server,
        channel: channel.to_string(),
        logged: HashSet::new(),
        dropped: HashMap::new(),
        closed: closed.clone(),
    };
    let mut watcher = WATCHER.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, sender)) = watcher.as_ref().filter(|(owner, _)| *owner == pid) {
        sender.send(watched).map_err(|_| zmq::Error::ETERM)?;
        return Ok(Watch(closed));
    }
    // None yet in this process (a forked child starts its own).
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("evflow-handshakes".into())
        .spawn(move || serve(receiver))
        .map_err(|_| zmq::Error::ENOMEM)?;
    sender.send(watched).map_err(|_| zmq::Error::ETERM)?;
    *watcher = Some((pid, sender));
    Ok(Watch(closed))
}

/// Reads the watched channels' events until the context ends.
fn serve(new: mpsc::Receiver<Watched>) {
    let mut watched: Vec<Watched> = Vec::new();
    loop {
        watched.extend(new.try_iter());
        let mut items: Vec<zmq::PollItem> = watched.iter().map(|w| w.events.as_poll_item(zmq::POLLIN)).collect();
        match zmq::poll(&mut items, POLL_MS) {
            // ETERM: the context is ending; closing the subscriptions lets it end.
            Err(zmq::Error::ETERM) => return,
            Err(_) => continue,
            Ok(_) => {}
        }
        let ready: Vec<bool> = items.iter().map(zmq::PollItem::is_readable).collect();
        drop(items);
        let mut ready = ready.into_iter();
        watched.retain_mut(|w| {
            let closed = w.closed.load(Ordering::Acquire);
            (!ready.next().unwrap_or(false) || read_events(w)) && !closed
        });
    }
}

/// Logs what the events waiting on `w` say; false if its subscription failed.
fn read_events(w: &mut Watched) -> bool {
    loop {
        let frames = match w.events.recv_multipart(zmq::DONTWAIT) {
            Ok(frames) => frames,
            Err(zmq::Error::EINTR) => continue,
            Err(zmq::Error::EAGAIN) => return true,
            Err(_) => return false,
        };
        // Event, count of values, the values (u64 in the machine's byte order), local
        // address, remote address.
        let number = |frame: &Vec<u8>| frame.as_slice().try_into().map(u64::from_ne_bytes).ok();
        let [event, _count, value, .., local, remote] = frames.as_slice() else { continue };
        let (Some(event), Some(value)) = (number(event), number(value)) else { continue };
        if let Some(line) = w.judge(event, value, String::from_utf8_lossy(remote).into_owned()) {
            let channel = if w.server { String::from_utf8_lossy(local) } else { w.channel.as_str().into() };
            crate::warn(&format!("{channel}: {line}"));
        }
    }
}

impl Watched {
    /// The line to log for one event, if it is one to log and not logged yet.
    fn judge(&mut self, event: u64, value: u64, remote: String) -> Option<String> {
        if event == HANDSHAKE_SUCCEEDED {
            self.dropped.remove(&remote);
            return None;
        }
        let line = if self.server {
            // The client's IP: its port changes with each reconnect.
            let host = remote.strip_prefix("tcp://").unwrap_or(&remote);
            let host = host.rsplit_once(':').map_or(host, |(host, _port)| host);
            let why = match (event, value) {
                (HANDSHAKE_FAILED_PROTOCOL, CRYPTOGRAPHIC) => {
                    "its handshake cannot be opened with this channel's key: the client's curve_server is another \
                     server's key"
                }
                (HANDSHAKE_FAILED_PROTOCOL, MECHANISM_MISMATCH) => {
                    "its handshake is not CURVE: the client has no curve_secret and curve_server"
                }
                // Both ends check the other's mechanism: a client without CURVE that
                // notices first just leaves, as does one stopped during the handshake.
                (HANDSHAKE_FAILED_NO_DETAIL, _) => {
                    "it left during the CURVE handshake: it does not use CURVE, or it stopped"
                }
                // Refused keys are the ZAP handler's to log: it knows the key.
                _ => return None,
            };
            format!("refused a client at {host}: {why}; nothing it sends gets through")
        } else {
            let why = match (event, value) {
                (HANDSHAKE_FAILED_AUTH, _) => {
                    "refused this channel's public key (it is not on the server's curve_allow)".to_string()
                }
                (HANDSHAKE_FAILED_PROTOCOL, MECHANISM_MISMATCH) => "does not use CURVE".to_string(),
                (HANDSHAKE_FAILED_PROTOCOL, code) => format!("failed the CURVE handshake (protocol error {code:#x})"),
                (HANDSHAKE_FAILED_NO_DETAIL, _) => {
                    let dropped = self.dropped.entry(remote.clone()).or_default();
                    *dropped += 1;
                    if *dropped < DROPPED_IN_A_ROW {
                        return None;
                    }
                    "closed each connection during the CURVE handshake: check that curve_server is that server's \
                     public key and that the server uses CURVE"
                        .to_string()
                }
                _ => return None,
            };
            format!("the server at {remote} {why}; nothing is sent to it")
        };
        self.logged.insert(line.clone()).then_some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watched(server: bool) -> Watched {
        let events = crate::zmq::context().socket(zmq::SUB).unwrap();
        let (logged, dropped, closed) = (HashSet::new(), HashMap::new(), Arc::default());
        Watched { events, server, channel: "tcp://x".into(), logged, dropped, closed }
    }

    #[test]
    fn a_server_logs_each_client_host_once_and_not_refused_keys() {
        let mut w = watched(true);
        let line = w.judge(HANDSHAKE_FAILED_PROTOCOL, CRYPTOGRAPHIC, "tcp://10.0.0.2:40000".into()).unwrap();
        assert!(line.contains("client at 10.0.0.2:") && line.contains("curve_server"), "{line}");
        assert_eq!(w.judge(HANDSHAKE_FAILED_PROTOCOL, CRYPTOGRAPHIC, "tcp://10.0.0.2:40001".into()), None);
        assert!(
            w.judge(HANDSHAKE_FAILED_PROTOCOL, MECHANISM_MISMATCH, "tcp://10.0.0.2:1".into()).is_some(),
            "another reason"
        );
        assert_eq!(w.judge(HANDSHAKE_FAILED_AUTH, 400, "tcp://10.0.0.4:1".into()), None);
        assert!(w.judge(HANDSHAKE_FAILED_NO_DETAIL, 32, "tcp://10.0.0.4:1".into()).unwrap().contains("left during"));
    }

    #[test]
    fn a_client_logs_dropped_handshakes_only_when_they_repeat() {
        let mut w = watched(false);
        let server = || "tcp://10.0.0.1:5555".to_string();
        assert_eq!(w.judge(HANDSHAKE_FAILED_NO_DETAIL, 0, server()), None);
        assert_eq!(w.judge(HANDSHAKE_SUCCEEDED, 0, server()), None);
        assert_eq!(w.judge(HANDSHAKE_FAILED_NO_DETAIL, 0, server()), None);
        assert_eq!(w.judge(HANDSHAKE_FAILED_NO_DETAIL, 0, server()), None);
        let line = w.judge(HANDSHAKE_FAILED_NO_DETAIL, 0, server()).unwrap();
        assert!(line.contains("at tcp://10.0.0.1:5555") && line.contains("curve_server"), "{line}");
        assert_eq!(w.judge(HANDSHAKE_FAILED_NO_DETAIL, 0, server()), None, "logged once");
        assert!(w.judge(HANDSHAKE_FAILED_AUTH, 400, server()).unwrap().contains("curve_allow"));
    }
}
