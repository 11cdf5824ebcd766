//! The sessions of this user on this machine: listing them (`evflow shm ls`) and removing
//! those whose processes are all dead (`evflow shm clean`, and every evflow start).

use crate::error::ShmError;
use crate::process::is_running;
use crate::segment::{current_user, Removal, Segment, FILE_PREFIX, SHM_DIR};
use std::path::{Path, PathBuf};

/// What `evflow shm ls` shows of one session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// The segment file.
    pub path: PathBuf,
    /// The session name.
    pub session: String,
    /// Segment size in bytes.
    pub size: u64,
    /// Processes attached and running.
    pub alive: usize,
    /// Processes attached but dead (their resources not yet reclaimed).
    pub dead: usize,
    /// Whether the creating process still runs.
    pub creator_running: bool,
    /// Heap pages in use, and in all.
    pub pages_used: u64,
    /// See `pages_used`.
    pub pages: u64,
    /// Why the file could not be read as a segment, if it could not.
    pub unreadable: Option<String>,
}

impl SessionInfo {
    /// Whether a process of the session still runs.
    pub fn is_alive(&self) -> bool {
        self.alive > 0 || self.creator_running
    }
}

/// The sessions of this user, by name.
pub fn list_sessions() -> Result<Vec<SessionInfo>, ShmError> {
    let prefix = format!("{FILE_PREFIX}{}.", current_user());
    let dir = std::fs::read_dir(SHM_DIR).map_err(|e| ShmError::io(SHM_DIR.as_ref(), "listing it", e))?;
    let mut sessions: Vec<SessionInfo> = dir
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let session = name.strip_prefix(&prefix)?.to_string();
            Some(describe(entry.path(), session))
        })
        .collect();
    sessions.sort_by(|a, b| a.session.cmp(&b.session));
    Ok(sessions)
}

fn describe(path: PathBuf, session: String) -> SessionInfo {
    let mut info = SessionInfo {
        path,
        session,
        size: 0,
        alive: 0,
        dead: 0,
        creator_running: false,
        pages_used: 0,
        pages: 0,
        unreadable: None,
    };
    match Segment::open_path(&info.path) {
        Ok(segment) => {
            let header = segment.header();
            (info.alive, info.dead) = segment.process_counts();
            info.size = header.size;
            info.creator_running = is_running(header.creator_pid, header.creator_start);
            info.pages = header.heap_pages;
            info.pages_used = segment.pages_used() as u64;
        }
        Err(e) => info.unreadable = Some(e.to_string()),
    }
    info
}

/// Removes this user's sessions in which no process is alive, creators included (docs/shm.md,
/// "Lifetime of a session"); returns their files. A file that is not a readable segment is
/// left alone (and listed by `evflow shm ls`).
pub fn clean_dead_sessions() -> Result<Vec<PathBuf>, ShmError> {
    let mut removed = Vec::new();
    for info in list_sessions()? {
        if info.unreadable.is_none() && !info.is_alive() && remove_session(&info.path)? {
            removed.push(info.path);
        }
    }
    Ok(removed)
}

/// Removes the session file at `path` if no process of it is alive and its creator does not
/// run; `Ok(false)` when it stays (or is gone already).
pub fn remove_session(path: &Path) -> Result<bool, ShmError> {
    match Segment::open_path(path) {
        Ok(segment) => segment.remove_if_unused(Removal::Outside),
        Err(ShmError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}
