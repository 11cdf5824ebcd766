//! This process's membership in a session: the segment is opened (or created) once per
//! process and session, and one process slot is shared by all of the process's sockets on it,
//! so a block held by one socket and sent on by another keeps one holder bit.

use evflow_shm::{Attached, Block, Handle, Segment, SegmentConfig, ShmError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

/// How long opening waits for a segment another process is creating.
const CREATION_WAIT: Duration = Duration::from_secs(5);

struct Entry {
    pid: u32,
    attached: Attached,
    loopback: Loopback,
    sockets: usize,
}

/// Blocks this process sent to its own sockets, by handle, until they are received: a message
/// to the same process slot carries no holder bit of its own, so the sender's reference waits
/// here for the receiver.
#[derive(Clone, Default)]
pub(crate) struct Loopback(Arc<Mutex<Parked>>);

/// Blocks by (offset, generation).
type Parked = HashMap<(u64, u64), Vec<Block>>;

impl Loopback {
    pub(crate) fn put(&self, block: Block) {
        let key = (block.handle().offset, block.handle().generation);
        self.0.lock().unwrap_or_else(|e| e.into_inner()).entry(key).or_default().push(block);
    }

    pub(crate) fn take(&self, handle: Handle) -> Option<Block> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let key = (handle.offset, handle.generation);
        let blocks = map.get_mut(&key)?;
        let block = blocks.pop();
        if blocks.is_empty() {
            map.remove(&key);
        }
        block
    }
}

/// Sessions this process has joined, by name. The pid guards against a forked child using its
/// parent's slot.
static JOINED: Mutex<Option<HashMap<String, Entry>>> = Mutex::new(None);

/// One socket's share of the process's membership in a session; the slot is released when
/// the last socket of the session closes.
pub(crate) struct Membership {
    session: String,
    attached: Attached,
    loopback: Loopback,
}

impl Membership {
    pub(crate) fn join(session: &str, config: &SegmentConfig) -> Result<Membership, ShmError> {
        let pid = std::process::id();
        let mut joined = JOINED.lock().unwrap_or_else(|e| e.into_inner());
        let map = joined.get_or_insert_with(HashMap::new);
        if let Some(entry) = map.get_mut(session).filter(|e| e.pid == pid) {
            entry.sockets += 1;
            let (attached, loopback) = (entry.attached.clone(), entry.loopback.clone());
            return Ok(Membership { session: session.to_string(), attached, loopback });
        }
        if map.is_empty() {
            // A new process, or one that had left every session: remove what killed
            // processes left (docs/shm.md, "Lifetime of a session").
            sweep_dead_sessions();
        }
        let attached = open_and_attach(session, config)?;
        let loopback = Loopback::default();
        map.insert(
            session.to_string(),
            Entry { pid, attached: attached.clone(), loopback: loopback.clone(), sockets: 1 },
        );
        leave_at_exit();
        Ok(Membership { session: session.to_string(), attached, loopback })
    }

    pub(crate) fn attached(&self) -> &Attached {
        &self.attached
    }

    pub(crate) fn loopback(&self) -> &Loopback {
        &self.loopback
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

/// Opens the session's segment (creating it if it does not exist) and attaches to it; a
/// segment removed by its last process after we opened it is opened again.
fn open_and_attach(session: &str, config: &SegmentConfig) -> Result<Attached, ShmError> {
    let deadline = Instant::now() + CREATION_WAIT;
    loop {
        match Arc::new(open_or_create(session, config)?).attach() {
            Err(ShmError::Removed { .. }) if Instant::now() < deadline => {}
            other => return other,
        }
    }
}

/// Removes this user's sessions in which no process is alive. A failure is no reason to
/// refuse the join: `evflow shm clean` says what is wrong.
fn sweep_dead_sessions() {
    let _ = evflow_shm::session::clean_dead_sessions();
}

/// Registers, once per process, an `atexit` handler that leaves every session this process
/// is still in: a program that ends with channels open (their objects never dropped) still
/// releases its slot, and its last process removes the file.
fn leave_at_exit() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // SAFETY: registers a handler with the C library; it runs at exit(), on one thread.
        unsafe { libc::atexit(leave_every_session) };
    });
}

extern "C" fn leave_every_session() {
    let pid = std::process::id();
    // try_lock: a thread that held the lock when exit() was called will never let go.
    let Ok(mut joined) = JOINED.try_lock() else { return };
    let Some(map) = joined.as_mut() else { return };
    // Entries of this process only: a forked child's copies are its parent's.
    for (_, entry) in map.drain().filter(|(_, e)| e.pid == pid) {
        entry.attached.leave();
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
