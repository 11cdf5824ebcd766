//! What the transport's process tests share: children that are this test binary run again
//! (no fork of the multi-threaded harness), killed with the parent and when dropped, and
//! shm sessions removed when a test ends.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::process::{Child, Command, Stdio};

/// Runs this test binary again, only its `child_process` test, with `env=role` set.
pub fn spawn_child(env: &str, role: &str, stdout: Stdio) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child_process", "--test-threads=1", "--nocapture"])
        .env(env, role)
        .stdout(stdout)
        .spawn()
        .unwrap()
}

/// In a child: be SIGKILLed when the test process dies, so no child outlives a failed test.
pub fn die_with_parent() {
    // SAFETY: prctl with these arguments only sets this process's parent-death signal.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
}

/// A child, SIGKILLed and reaped when dropped if a test has not ended it already.
pub struct ChildProcess(pub Child);

impl Drop for ChildProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Removes the segment file of this user's shm session `session`, if there is one.
pub fn remove_session(session: &str) {
    let _ = std::fs::remove_file(evflow_shm::segment::segment_path(&evflow_shm::segment::current_user(), session));
}
