//! A device's mergeable objects, sent to its controller while it runs (docs/web.md, "The
//! histograms"): a thread of its own encodes them every [`SUMS_EVERY`] when its role's
//! modules were called since it last looked, and leaves the bytes where the [`Link`] thread
//! sends them from. Encoding takes the embedding program's lock (Python's), which a module
//! may keep for long: the link's heartbeats never wait for it.
//!
//! [`Link`]: super::link::Link

use crate::engine::board::Board;
use crate::engine::SumsSource;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How often a device's objects are encoded for its controller while its modules run.
pub const SUMS_EVERY: Duration = Duration::from_secs(2);

/// The last encoded objects, not yet sent: the sums thread puts, the link thread takes.
pub type SumsSlot = Arc<Mutex<Option<Vec<u8>>>>;

/// The running sums thread of a role.
pub struct Publisher {
    stop: Arc<(Mutex<bool>, Condvar)>,
    source: Arc<Mutex<SumsSource>>,
    slot: SumsSlot,
    failed: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Publisher {
    /// Starts encoding `source`'s objects into `slot` while the modules counted in `slot`
    /// `counted` of `board` are called; `None` when the thread cannot start (logged: the
    /// job runs on without live sums).
    pub fn start(source: SumsSource, board: Arc<Board>, counted: usize, slot: SumsSlot) -> Option<Publisher> {
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let source = Arc::new(Mutex::new(source));
        let failed = Arc::new(AtomicBool::new(false));
        let thread = {
            let (stop, source, slot, failed) = (stop.clone(), source.clone(), slot.clone(), failed.clone());
            std::thread::Builder::new().name("evflow-sums".into()).spawn(move || {
                let mut seen = None;
                loop {
                    let (lock, wake) = &*stop;
                    let stopped = lock.lock().expect("not poisoned");
                    let (stopped, _) = wake.wait_timeout(stopped, SUMS_EVERY).expect("not poisoned");
                    if *stopped || failed.load(Ordering::Acquire) {
                        return;
                    }
                    drop(stopped);
                    let calls = calls(&board, counted);
                    if seen == Some(calls) {
                        continue; // nothing ran: the controller has these already
                    }
                    seen = Some(calls);
                    encode(&source, &slot, &failed);
                }
            })
        };
        match thread {
            Ok(thread) => Some(Publisher { stop, source, slot, failed, thread: Some(thread) }),
            Err(e) => {
                crate::log::error!("cannot start sending the mergeable objects to the controller: {e}");
                None
            }
        }
    }

    /// Stops the thread and encodes the objects as the role left them, for the link's last
    /// messages.
    pub fn finish(mut self) {
        {
            let (lock, wake) = &*self.stop;
            *lock.lock().expect("not poisoned") = true;
            wake.notify_all();
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        encode(&self.source, &self.slot, &self.failed);
    }
}

/// Every call of the role's steps so far, its slot's: changed when a module ran.
fn calls(board: &Board, slot: usize) -> u64 {
    (0..board.modules()).map(|m| board.module(slot, m).calls.load(Ordering::Acquire)).sum()
}

/// Encodes the objects into the slot; a source that fails (it logged why) is not asked again.
fn encode(source: &Mutex<SumsSource>, slot: &SumsSlot, failed: &AtomicBool) {
    if failed.load(Ordering::Acquire) {
        return;
    }
    match (source.lock().expect("not poisoned"))() {
        Ok(Some(bytes)) => *slot.lock().expect("not poisoned") = Some(bytes),
        Ok(None) => {}
        Err(()) => failed.store(true, Ordering::Release),
    }
}
