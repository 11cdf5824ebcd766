//! evflow's directories in the temporary directory (`$TMPDIR/evflow-*`: a forked job's
//! directory, a device role's, a segment's ipc sockets on a host): claimed by the processes
//! that use them, and swept once every one of them is dead, by the next `evflow up` and by
//! `evflow shm clean` (docs/operations.md, "What a killed job leaves").
//!
//! ```text
//!   $TMPDIR/evflow-job-4711-123/      one directory
//!     .owner                          "PID START" of the process that made it (empty when
//!                                     several processes share it: a segment's ipc sockets)
//!     ...                             what its users keep there
//! ```
//!
//! Each process that uses a directory holds a shared `flock` on its `.owner` file for as long
//! as it lives (forked children share their parent's: they keep the directory too). The
//! kernel drops the lock when the last process holding it dies, however it died, so a sweeper
//! that takes the lock exclusively knows nobody uses the directory; it also checks the
//! recorded process (pid and start time, as shm sessions do) before it removes anything. A
//! directory without `.owner` is left alone: it is being made, or older than this scheme.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// What names a directory as evflow's in the temporary directory.
pub const PREFIX: &str = "evflow-";

/// The file whose lock says who uses a directory.
const OWNER: &str = ".owner";

/// A process's use of one directory: the shared lock on its `.owner`, dropped with it.
#[derive(Debug)]
pub struct Claim {
    path: PathBuf,
    owner: File,
}

impl Claim {
    /// Makes `$TMPDIR/evflow-NAME` if missing and claims it; `sole`: this process made it for
    /// itself (its pid and start time are recorded), else it shares it with others.
    pub fn take(name: &str, sole: bool) -> std::io::Result<Claim> {
        let path = std::env::temp_dir().join(format!("{PREFIX}{name}"));
        loop {
            std::fs::create_dir_all(&path)?;
            let owner = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path.join(OWNER));
            let mut owner = match owner {
                Ok(file) => file,
                // A sweeper removed it between the two calls: make it again.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            flock(&owner, libc::LOCK_SH)?;
            // A sweeper may have locked the file first and removed the directory meanwhile.
            if !still_there(&owner, &path.join(OWNER)) {
                continue;
            }
            if sole {
                let pid = std::process::id();
                let start = evflow_shm::process::start_time(pid).unwrap_or(0);
                owner.set_len(0)?;
                owner.write_all(format!("{pid} {start}").as_bytes())?;
            }
            return Ok(Claim { path, owner });
        }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Gives the directory up, and removes it if no other process holds it.
    pub fn release(self) {
        // Converting the lock to exclusive fails at once while another process holds it.
        if flock(&self.owner, libc::LOCK_EX | libc::LOCK_NB).is_ok() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// Removes every evflow directory in the temporary directory whose processes are all dead
/// (`only`: of these names, `evflow-NAME`); the directories removed.
pub fn sweep(only: Option<&[String]>) -> Vec<PathBuf> {
    sweep_in(&std::env::temp_dir(), only)
}

/// As [`sweep`], in the directory `root`.
fn sweep_in(root: &Path, only: Option<&[String]>) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(root) else { return Vec::new() };
    let mut removed = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_str().and_then(|n| n.strip_prefix(PREFIX));
        let is_ours = name.is_some_and(|n| only.is_none_or(|only| only.iter().any(|o| o == n)));
        if is_ours && entry.file_type().is_ok_and(|t| t.is_dir()) && remove_if_dead(&entry.path()) {
            removed.push(entry.path());
        }
    }
    removed
}

/// Removes `dir` if it has an owner file that no living process holds.
fn remove_if_dead(dir: &Path) -> bool {
    let Ok(mut owner) = File::open(dir.join(OWNER)) else { return false };
    if flock(&owner, libc::LOCK_EX | libc::LOCK_NB).is_err() || !still_there(&owner, &dir.join(OWNER)) {
        return false;
    }
    let mut text = String::new();
    let _ = owner.read_to_string(&mut text);
    let recorded = text.split_once(' ').and_then(|(pid, start)| Some((pid.parse().ok()?, start.parse().ok()?)));
    if recorded.is_some_and(|(pid, start)| evflow_shm::process::is_running(pid, start)) {
        return false; // its maker lives and let go of the lock: not ours to judge
    }
    std::fs::remove_dir_all(dir).is_ok()
}

/// Whether the open `file` is still the one at `path` (not removed, nor replaced).
fn still_there(file: &File, path: &Path) -> bool {
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(open), Ok(named)) => (open.dev(), open.ino()) == (named.dev(), named.ino()),
        _ => false,
    }
}

fn flock(file: &File, operation: libc::c_int) -> std::io::Result<()> {
    loop {
        // SAFETY: flock on a descriptor this File owns.
        if unsafe { libc::flock(file.as_raw_fd(), operation) } == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unique(what: &str) -> String {
        format!("test-tmpdir-{what}-{}-{}", std::process::id(), super::super::board::monotonic_ns())
    }

    #[test]
    fn a_claimed_directory_is_kept_and_a_released_one_removed() {
        let claim = Claim::take(&unique("kept"), true).unwrap();
        let path = claim.path().to_path_buf();
        assert!(!sweep(None).contains(&path));
        assert!(path.exists(), "a directory in use is never swept");
        claim.release();
        assert!(!path.exists());
    }

    #[test]
    fn a_shared_directory_is_removed_by_its_last_user() {
        let name = unique("shared");
        let first = Claim::take(&name, false).unwrap();
        let second = Claim::take(&name, false).unwrap();
        let path = first.path().to_path_buf();
        first.release();
        assert!(path.exists(), "the second user still holds it");
        second.release();
        assert!(!path.exists());
    }

    #[test]
    fn a_directory_whose_owner_died_is_swept_and_one_without_owner_file_is_not() {
        // In a directory of its own: the other tests' jobs sweep the temporary directory
        // (every job does as it starts), and would take the dead one first.
        let root = tempfile::tempdir().unwrap();
        let (dead_name, bare_name) = (unique("dead"), unique("bare"));
        let dead = root.path().join(format!("{PREFIX}{dead_name}"));
        std::fs::create_dir_all(&dead).unwrap();
        // A pid that cannot run now: beyond the kernel's largest.
        std::fs::write(dead.join(OWNER), "4194305 1").unwrap();
        let bare = root.path().join(format!("{PREFIX}{bare_name}"));
        std::fs::create_dir_all(&bare).unwrap();
        let removed = sweep_in(root.path(), Some(&[dead_name.clone(), bare_name.clone()]));
        assert_eq!(removed, std::slice::from_ref(&dead));
        assert!(!dead.exists());
        assert!(bare.exists(), "a directory being made has no owner file yet");
    }
}
