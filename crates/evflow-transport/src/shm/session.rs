//! This process's membership in a session: the segment is opened (or created) once per
//! process and session, and one process slot is shared by all of the process's sockets on it,
//! so a block held by one socket and sent on by another keeps one holder bit.

use evflow_shm::{Attached, Segment, SegmentConfig, ShmError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long opening waits for a segment another process is creating.
const CREATION_WAIT: Duration = Duration::from_secs(5);

struct Entry {
    pid: u32,
    attached: Attached,
    sockets: usize,
}

/// Sessions this process has joined, by name. The pid guards against a forked child using its
/// parent's slot.
static JOINED: Mutex<Option<HashMap<String, Entry>>> = Mutex::new(None);

/// One socket's share of the process's membership in a session; the slot is released when
/// the last socket of the session closes.
pub(crate) struct Membership {
    session: String,
    attached: Attached,
}

impl Membership {
    pub(crate) fn join(session: &str, config: &SegmentConfig) -> Result<Membership, ShmError> {
        let pid = std::process::id();
        let mut joined = JOINED.lock().unwrap_or_else(|e| e.into_inner());
        let map = joined.get_or_insert_with(HashMap::new);
        if let Some(entry) = map.get_mut(session).filter(|e| e.pid == pid) {
            entry.sockets += 1;
            return Ok(Membership { session: session.to_string(), attached: entry.attached.clone() });
        }
        let segment = Arc::new(open_or_create(session, config)?);
        let attached = segment.attach()?;
        map.insert(session.to_string(), Entry { pid, attached: attached.clone(), sockets: 1 });
        Ok(Membership { session: session.to_string(), attached })
    }

    pub(crate) fn attached(&self) -> &Attached {
        &self.attached
    }
}

impl Drop for Membership {
    fn drop(&mut self) {
        let mut joined = JOINED.lock().unwrap_or_else(|e| e.into_inner());
        let Some(map) = joined.as_mut() else { return };
        let pid = std::process::id();
        if let Some(entry) = map.get_mut(&self.session).filter(|e| e.pid == pid) {
            entry.sockets -= 1;
            if entry.sockets == 0 {
                map.remove(&self.session);
            }
        }
    }
}

/// Opens the session's segment, creating it with `config`'s size if it does not exist.
fn open_or_create(session: &str, config: &SegmentConfig) -> Result<Segment, ShmError> {
    let deadline = Instant::now() + CREATION_WAIT;
    loop {
        match Segment::open(session) {
            Ok(segment) => return Ok(segment),
            Err(ShmError::Io { ref source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                let config = SegmentConfig { session: session.to_string(), ..config.clone() };
                match Segment::create(&config) {
                    Err(ShmError::Exists { .. }) => {}
                    other => return other,
                }
            }
            // Another process is between creating the file and writing its header.
            Err(ShmError::NotASegment { .. }) if Instant::now() < deadline => {}
            Err(e) => return Err(e),
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}
