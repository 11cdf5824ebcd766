//! Segments, the process table and sessions, with real processes: the children are this
//! test binary run again with `EVFLOW_SHM_CHILD` set (no fork of the multi-threaded test
//! harness), killed with SIGKILL where a test needs a dead process.

use evflow_shm::layout::MIN_SEGMENT_LEN;
use evflow_shm::segment::segment_path;
use evflow_shm::session::{clean_dead_sessions, list_sessions};
use evflow_shm::{Segment, SegmentConfig, ShmError};
use std::io::{BufRead, BufReader, Write};
use std::os::fd::FromRawFd;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

const CHILD_ENV: &str = "EVFLOW_SHM_CHILD";

fn unique(tag: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("test-{tag}-{}-{nanos}", std::process::id())
}

fn small(session: &str) -> SegmentConfig {
    SegmentConfig { session: session.to_string(), size: MIN_SEGMENT_LEN, ring_capacity: 64, remove_when_unused: false }
}

/// Removes a segment file when the test ends, passed or failed.
struct Cleanup(PathBuf);

impl Drop for Cleanup {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn user() -> String {
    evflow_shm::segment::current_user()
}

/// The child's side: `create:<session>` or `open:<session>`, then attach, print the slot,
/// and wait to be killed.
#[test]
fn child_process() {
    let Ok(role) = std::env::var(CHILD_ENV) else { return };
    // SAFETY: prctl with these arguments only sets this process's parent-death signal.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    let (action, session) = role.split_once(':').expect("action:session");
    let segment = Arc::new(match action {
        "create" => Segment::create(&small(session)).expect("child creates"),
        _ => Segment::open(session).expect("child opens"),
    });
    let attached = segment.attach().expect("child attaches");
    // Straight to fd 1: the test harness captures println!.
    // SAFETY: fd 1 is open for the whole process; the File is forgotten, not closed.
    let mut stdout = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(1) });
    writeln!(stdout, "slot {}", attached.index()).unwrap();
    loop {
        std::thread::park();
    }
}

/// A child process, killed (SIGKILL) when dropped if a test has not killed it already.
struct ChildProcess(Child);

impl Drop for ChildProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts a child doing `action` on `session`; returns it and the slot it attached to.
fn spawn_child(action: &str, session: &str) -> (ChildProcess, usize) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child_process", "--test-threads=1"])
        .env(CHILD_ENV, format!("{action}:{session}"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let slot = lines
        // libtest has printed "test child_process ... " on the same line before the test ran.
        .find_map(|line| line.ok()?.rsplit_once("slot ")?.1.trim().parse().ok())
        .expect("the child reports its slot");
    (ChildProcess(child), slot)
}

fn kill(child: ChildProcess) {
    drop(child); // SIGKILL, then reaped
}

#[test]
fn create_open_and_remove() {
    let session = unique("create");
    let segment = Segment::create(&small(&session)).unwrap();
    let _cleanup = Cleanup(segment.path().to_path_buf());
    assert_eq!(segment.path(), segment_path(&user(), &session));
    let again = Segment::open(&session).unwrap();
    assert_eq!(again.layout(), segment.layout());
    assert_eq!(again.header().creator_pid, std::process::id());
    assert!(matches!(Segment::create(&small(&session)), Err(ShmError::Exists { .. })));
    segment.remove().unwrap();
    assert!(matches!(Segment::open(&session), Err(ShmError::Io { .. })));
}

#[test]
fn bad_names_and_sizes_are_configuration_errors() {
    for session in ["", "a/b", "x y", "dot.ted", &"s".repeat(200)] {
        let err = Segment::create(&small(session)).err().expect("refused");
        assert!(matches!(err, ShmError::Config(_)), "{session:?}: {err}");
    }
    let too_small = SegmentConfig { size: 1 << 20, ..small(&unique("tiny")) };
    assert!(matches!(Segment::create(&too_small), Err(ShmError::Config(_))));
}

#[test]
fn a_file_that_is_not_a_segment_is_refused_with_the_reason() {
    let session = unique("junk");
    let path = segment_path(&user(), &session);
    let _cleanup = Cleanup(path.clone());
    std::fs::write(&path, vec![7u8; 8192]).unwrap();
    let err = Segment::open(&session).err().expect("refused");
    assert!(err.to_string().contains("no evflow segment magic"), "{err}");
    std::fs::write(&path, b"short").unwrap();
    assert!(matches!(Segment::open(&session), Err(ShmError::NotASegment { .. })));
}

#[test]
fn a_segment_whose_size_changed_is_refused() {
    let session = unique("resized");
    let segment = Segment::create(&small(&session)).unwrap();
    let _cleanup = Cleanup(segment.path().to_path_buf());
    std::fs::OpenOptions::new().write(true).open(segment.path()).unwrap().set_len(2 * MIN_SEGMENT_LEN as u64).unwrap();
    let err = Segment::open(&session).err().expect("refused");
    assert!(err.to_string().contains("does not match its size"), "{err}");
}

#[test]
fn a_killed_process_is_found_dead_and_its_slot_is_reclaimed_before_reuse() {
    let session = unique("attach");
    let segment = Arc::new(Segment::create(&small(&session)).unwrap());
    let _cleanup = Cleanup(segment.path().to_path_buf());
    let me = segment.attach().unwrap();
    let (child, child_slot) = spawn_child("open", &session);
    assert_ne!(child_slot, me.index());
    assert_eq!(segment.process_counts(), (2, 0));
    assert!(segment.dead_slots().is_empty());
    kill(child);
    assert_eq!(segment.dead_slots(), vec![child_slot]);
    assert_eq!(segment.process_counts(), (1, 1));
    // Attaching reclaims the dead slot first; only then may it be handed out again.
    let other = segment.attach().unwrap();
    assert!(segment.dead_slots().is_empty(), "attach reclaimed the dead slot");
    assert_ne!(other.index(), me.index());
    assert_eq!(segment.process_counts(), (2, 0));
    let slot = &segment.process_slots()[other.index()];
    assert_eq!(slot.pid.load(std::sync::atomic::Ordering::Relaxed), std::process::id());
}

#[test]
fn detaching_frees_the_slot() {
    let session = unique("detach");
    let segment = Arc::new(Segment::create(&small(&session)).unwrap());
    let _cleanup = Cleanup(segment.path().to_path_buf());
    let first = segment.attach().unwrap().index();
    let second = segment.attach().unwrap();
    assert_eq!(second.index(), first, "the first slot was released when its guard dropped");
    let clone = second.clone();
    drop(second);
    assert_eq!(segment.process_counts(), (1, 0), "a clone keeps the slot");
    assert_eq!(clone.index(), first);
    drop(clone);
    assert_eq!(segment.process_counts(), (0, 0), "the last clone releases it");
}

#[test]
fn sessions_are_listed_and_only_dead_ones_are_cleaned() {
    let dead_session = unique("dead");
    let (child, _) = spawn_child("create", &dead_session);
    let _dead_cleanup = Cleanup(segment_path(&user(), &dead_session));
    let live_session = unique("live");
    let live = Segment::create(&small(&live_session)).unwrap();
    let _live_cleanup = Cleanup(live.path().to_path_buf());

    let listed = |name: &str| list_sessions().unwrap().into_iter().find(|s| s.session == name);
    let before = listed(&dead_session).expect("listed");
    assert!(before.is_alive() && before.alive == 1 && before.dead == 0, "{before:?}");
    kill(child);
    let after = listed(&dead_session).expect("still listed");
    assert!(!after.is_alive() && after.dead == 1, "{after:?}");
    assert_eq!(after.pages_used, 0);
    assert!(after.pages > 0);

    let removed = clean_dead_sessions().unwrap();
    assert!(removed.contains(&segment_path(&user(), &dead_session)), "{removed:?}");
    assert!(listed(&dead_session).is_none());
    assert!(listed(&live_session).expect("a live session stays").is_alive());
}

/// A segment removed by its last process to leave (docs/shm.md, "Lifetime of a session").
fn removed_when_unused(session: &str) -> SegmentConfig {
    SegmentConfig { remove_when_unused: true, ..small(session) }
}

#[test]
fn the_last_process_to_detach_removes_the_file() {
    let session = unique("lastleaves");
    let segment = Arc::new(Segment::create(&removed_when_unused(&session)).unwrap());
    let _cleanup = Cleanup(segment.path().to_path_buf());
    let (first, second) = (segment.attach().unwrap(), segment.attach().unwrap());
    drop(first);
    assert!(segment.path().exists(), "a process is still attached");
    drop(second);
    assert!(!segment.path().exists(), "the last process to leave removes the file");
    // A process that opened the file before it was removed cannot attach to it.
    assert!(matches!(segment.attach(), Err(ShmError::Removed { .. })));
    // The session can be started anew under the same name.
    let again = Arc::new(Segment::create(&removed_when_unused(&session)).unwrap());
    drop(again.attach().unwrap());
    assert!(!again.path().exists());
}

#[test]
fn a_killed_process_does_not_keep_the_file_from_going() {
    let session = unique("killedpeer");
    let segment = Arc::new(Segment::create(&removed_when_unused(&session)).unwrap());
    let _cleanup = Cleanup(segment.path().to_path_buf());
    let me = segment.attach().unwrap();
    let (child, _) = spawn_child("open", &session);
    kill(child);
    drop(me);
    assert!(!segment.path().exists(), "no living process was left when this one detached");
}

#[test]
fn removing_from_outside_spares_a_session_whose_creator_or_a_process_runs() {
    use evflow_shm::session::remove_session;
    let session = unique("outside");
    let (child, _) = spawn_child("create", &session);
    let path = segment_path(&user(), &session);
    let _cleanup = Cleanup(path.clone());
    assert!(!remove_session(&path).unwrap(), "a process of the session runs");
    kill(child);
    assert!(remove_session(&path).unwrap(), "every process is dead");
    assert!(!path.exists());
    assert!(!remove_session(&path).unwrap(), "gone already");
}

#[test]
fn a_segment_without_remove_when_unused_stays_after_its_last_process() {
    let session = unique("stays");
    let segment = Arc::new(Segment::create(&small(&session)).unwrap());
    let _cleanup = Cleanup(segment.path().to_path_buf());
    drop(segment.attach().unwrap());
    assert!(segment.path().exists());
    assert!(segment.attach().is_ok(), "it can be attached again");
}
