//! A session's segment: one file in `/dev/shm`, created once and mapped by every process of
//! the session (docs/shm.md, section 1).

use crate::error::ShmError;
use crate::layout::{
    Layout, SegmentHeader, HEADER_LEN, LAYOUT_VERSION, MAX_PROCESSES, MAX_SESSION_LEN, MAX_USER_LEN, PAGE_LEN,
    SEGMENT_MAGIC_WORD,
};
use crate::process::CONTROL_WAIT;
use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Where segments live.
pub const SHM_DIR: &str = "/dev/shm";
/// Prefix of every segment file name: `evflow.<user>.<session>`.
pub const FILE_PREFIX: &str = "evflow.";
/// Default segment size.
pub const DEFAULT_SEGMENT_LEN: usize = 1 << 30;
/// Default entries per ring.
pub const DEFAULT_RING_CAPACITY: usize = 1024;

/// How to create a segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentConfig {
    /// Session name: letters, digits, `-` and `_`.
    pub session: String,
    /// Total bytes.
    pub size: usize,
    /// Entries per ring.
    pub ring_capacity: usize,
    /// Whether the last process to detach removes the file (docs/shm.md, "Lifetime of a
    /// session"). Without it, the file stays until [`Segment::remove`] or a removal from
    /// outside ([`Segment::remove_if_unused`]).
    pub remove_when_unused: bool,
}

impl SegmentConfig {
    /// A session with the default size and ring capacity, removed when its last process leaves.
    pub fn new(session: impl Into<String>) -> SegmentConfig {
        SegmentConfig {
            session: session.into(),
            size: DEFAULT_SEGMENT_LEN,
            ring_capacity: DEFAULT_RING_CAPACITY,
            remove_when_unused: true,
        }
    }
}

/// Who removes a segment with [`Segment::remove_if_unused`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// The last process to detach: the file goes when no slot belongs to a living process.
    LastToLeave,
    /// Anyone else (`evflow shm clean`, the sweep at a join, a job's monitor): the file also
    /// stays while its creator runs (it may not have attached yet), unless the caller is it.
    Outside,
}

/// The login name of this process's user, or `uid<N>`.
pub fn current_user() -> String {
    // SAFETY: getuid cannot fail; getpwuid's result is read before any other call into it.
    unsafe {
        let uid = libc::getuid();
        let pw = libc::getpwuid(uid);
        if !pw.is_null() && !(*pw).pw_name.is_null() {
            if let Ok(name) = std::ffi::CStr::from_ptr((*pw).pw_name).to_str() {
                if valid_name(name) {
                    return name.to_string();
                }
            }
        }
        format!("uid{uid}")
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The file of `session` owned by `user`.
pub fn segment_path(user: &str, session: &str) -> PathBuf {
    Path::new(SHM_DIR).join(format!("{FILE_PREFIX}{user}.{session}"))
}

/// A shared mapping of a file, unmapped on drop.
struct Mapping {
    base: NonNull<u8>,
    len: usize,
}

// SAFETY: the mapping is shared memory accessed only through atomics and through structures
// whose fields are written before they are published (docs/shm.md).
unsafe impl Send for Mapping {}
// SAFETY: as above.
unsafe impl Sync for Mapping {}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: base and len are a mapping made by `map`.
        unsafe { libc::munmap(self.base.as_ptr().cast(), self.len) };
    }
}

/// A mapped segment. Unmapped on drop; the file stays until [`Segment::remove`] or
/// [`Segment::remove_if_unused`] (called by the last process to detach, when the segment
/// was created with `remove_when_unused`).
pub struct Segment {
    mapping: Mapping,
    layout: Layout,
    path: PathBuf,
    /// Device and inode of the file mapped: the path may name a newer file of the session
    /// once this one is removed, and that one is not ours to unlink.
    file_id: (u64, u64),
    /// The file, open for writing: the heap gets its memory a chunk at a time through it.
    file: OwnedFd,
}

impl Segment {
    /// Creates the session's segment (failing if it exists), reserves its memory so that a
    /// full `/dev/shm` is an error now rather than a SIGBUS later, and writes the header.
    pub fn create(config: &SegmentConfig) -> Result<Segment, ShmError> {
        let user = current_user();
        check_names(&user, &config.session)?;
        let layout = Layout::new(config.size, config.ring_capacity).map_err(ShmError::Config)?;
        let path = segment_path(&user, &config.session);
        let fd = open_file(&path, libc::O_RDWR | libc::O_CREAT | libc::O_EXCL)?;
        let file_id = match stat(&fd, &path) {
            Ok(st) => (st.st_dev, st.st_ino),
            Err(e) => {
                let _ = std::fs::remove_file(&path);
                return Err(e);
            }
        };
        // The tables get their memory now; the heap a chunk at a time, on first use.
        let sized = resize(&fd, config.size, &path).and_then(|()| reserve(&fd, 0, layout.heap));
        let mapping = match sized.and_then(|()| map(&fd, layout.size, &path)) {
            Ok(mapping) => mapping,
            Err(e) => {
                let _ = std::fs::remove_file(&path);
                return Err(e);
            }
        };
        // SAFETY: the mapping is fresh, zero-filled and at least HEADER_LEN long; nobody
        // else uses it before the magic below is written.
        let header = unsafe { &mut *(mapping.base.as_ptr() as *mut SegmentHeader) };
        header.version = LAYOUT_VERSION;
        header.ring_capacity = layout.ring_capacity as u32;
        header.size = layout.size as u64;
        header.created = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        header.creator_pid = std::process::id();
        header.creator_start = crate::process::start_time(header.creator_pid).unwrap_or(0);
        header.process_table = layout.process_table as u64;
        header.channel_table = layout.channel_table as u64;
        header.ring_table = layout.ring_table as u64;
        header.page_map = layout.page_map as u64;
        header.heap = layout.heap as u64;
        header.heap_pages = layout.heap_pages as u64;
        header.free_seq = AtomicU32::new(0);
        header.generation = AtomicU64::new(1);
        header.free_hint = AtomicU64::new(crate::alloc::NO_HINT);
        header.remove_when_unused = u32::from(config.remove_when_unused);
        copy_name(&mut header.user, &user);
        copy_name(&mut header.session, &config.session);
        // Last, with Release: a process that loads the magic with Acquire sees the header.
        header.magic.store(SEGMENT_MAGIC_WORD, Ordering::Release);
        Ok(Segment { mapping, layout, path, file_id, file: fd })
    }

    /// Opens the segment of `session` (of this user), checking magic, version and layout.
    pub fn open(session: &str) -> Result<Segment, ShmError> {
        let user = current_user();
        check_names(&user, session)?;
        Segment::open_path(&segment_path(&user, session))
    }

    /// Opens a segment file by path.
    pub fn open_path(path: &Path) -> Result<Segment, ShmError> {
        let fd = open_file(path, libc::O_RDWR)?;
        let st = stat(&fd, path)?;
        let file_len = st.st_size as usize;
        let bad = |reason: String| ShmError::NotASegment { path: path.to_path_buf(), reason };
        if file_len < HEADER_LEN {
            return Err(bad(format!("{file_len} bytes is too short for a header")));
        }
        let probe = map(&fd, HEADER_LEN, path)?;
        // SAFETY: the probe maps HEADER_LEN bytes, page-aligned.
        let header = unsafe { &*(probe.base.as_ptr() as *const SegmentHeader) };
        if header.magic.load(Ordering::Acquire) != SEGMENT_MAGIC_WORD {
            return Err(bad("no evflow segment magic (or still being created)".into()));
        }
        if header.version != LAYOUT_VERSION {
            return Err(bad(format!("layout version {} (this evflow reads {LAYOUT_VERSION})", header.version)));
        }
        let layout = Layout::new(header.size as usize, header.ring_capacity as usize).map_err(bad)?;
        let matches = layout.size == file_len
            && layout.heap as u64 == header.heap
            && layout.heap_pages as u64 == header.heap_pages
            && layout.page_map as u64 == header.page_map;
        if !matches {
            return Err(bad("its header does not match its size".into()));
        }
        drop(probe);
        let file_id = (st.st_dev, st.st_ino);
        Ok(Segment { mapping: map(&fd, layout.size, path)?, layout, path: path.to_path_buf(), file_id, file: fd })
    }

    /// The header.
    pub fn header(&self) -> &SegmentHeader {
        // SAFETY: the mapping is at least HEADER_LEN long and page-aligned.
        unsafe { &*(self.mapping.base.as_ptr() as *const SegmentHeader) }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A pointer `offset` bytes into the segment, checked to leave room for `len` bytes.
    pub(crate) fn at(&self, offset: usize, len: usize) -> NonNull<u8> {
        assert!(offset.checked_add(len).is_some_and(|end| end <= self.layout.size), "offset outside the segment");
        // SAFETY: in bounds, as just checked.
        unsafe { NonNull::new_unchecked(self.mapping.base.as_ptr().add(offset)) }
    }

    /// The page map: one entry per heap page, 0 when the page is free (docs/shm.md, section 3).
    pub fn page_map(&self) -> &[std::sync::atomic::AtomicU32] {
        let (offset, pages) = (self.layout.page_map, self.layout.heap_pages);
        let ptr = self.at(offset, pages * std::mem::size_of::<AtomicU32>());
        // SAFETY: inside the mapping, 4-byte aligned (the tables before it are multiples of
        // 64 bytes), and only atomics.
        unsafe { std::slice::from_raw_parts(ptr.as_ptr() as *const AtomicU32, pages) }
    }

    /// Removes the segment's file; processes that have it mapped keep their mapping.
    pub fn remove(&self) -> Result<(), ShmError> {
        std::fs::remove_file(&self.path).map_err(|e| ShmError::io(&self.path, "removing it", e))
    }

    /// Removes the file if no process of the session is alive (docs/shm.md, "Lifetime of a
    /// session"): holding the control lock, so that no process attaches meanwhile, stores
    /// `removed` and unlinks the file. `Ok(true)` when this call removed it; `Ok(false)` when
    /// a process is alive, the creator runs (for [`Removal::Outside`]), or it was removed
    /// already.
    pub fn remove_if_unused(&self, how: Removal) -> Result<bool, ShmError> {
        let _lock = self.lock_control(CONTROL_WAIT).ok_or_else(|| self.stuck_lock())?;
        let header = self.header();
        if header.removed.load(Ordering::Acquire) != 0 {
            return Ok(false);
        }
        let dead = self.dead_slots();
        let slots = self.process_slots();
        if (0..MAX_PROCESSES).any(|i| slots[i].pid.load(Ordering::Acquire) != 0 && !dead.contains(&i)) {
            return Ok(false);
        }
        let creator = header.creator_pid;
        if how == Removal::Outside
            && creator != std::process::id()
            && crate::process::is_running(creator, header.creator_start)
        {
            return Ok(false);
        }
        header.removed.store(1, Ordering::Release);
        self.unlink_if_same()?;
        Ok(true)
    }

    /// Unlinks the path if it still names this segment's file.
    fn unlink_if_same(&self) -> Result<(), ShmError> {
        match std::fs::metadata(&self.path) {
            Ok(meta) if (meta.dev(), meta.ino()) == self.file_id => std::fs::remove_file(&self.path)
                .or_else(ignore_not_found)
                .map_err(|e| ShmError::io(&self.path, "removing it", e)),
            Ok(_) => Ok(()),
            Err(e) => ignore_not_found(e).map_err(|e| ShmError::io(&self.path, "removing it", e)),
        }
    }
}

fn ignore_not_found(e: std::io::Error) -> std::io::Result<()> {
    if e.kind() == std::io::ErrorKind::NotFound {
        Ok(())
    } else {
        Err(e)
    }
}

/// The file's status, from its descriptor.
fn stat(fd: &OwnedFd, path: &Path) -> Result<libc::stat, ShmError> {
    // SAFETY: an all-zero stat is a valid value to be overwritten by fstat.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: fd is open; st is a valid out-pointer.
    if unsafe { libc::fstat(fd.as_raw_fd(), &mut st) } != 0 {
        return Err(ShmError::io(path, "reading its size", std::io::Error::last_os_error()));
    }
    Ok(st)
}

fn check_names(user: &str, session: &str) -> Result<(), ShmError> {
    if !valid_name(session) || session.len() > MAX_SESSION_LEN {
        return Err(ShmError::Config(format!(
            "session name {session:?} must be 1 to {MAX_SESSION_LEN} letters, digits, '-' or '_'"
        )));
    }
    if user.len() > MAX_USER_LEN {
        return Err(ShmError::Config(format!("user name {user:?} is longer than {MAX_USER_LEN} bytes")));
    }
    Ok(())
}

fn copy_name(dst: &mut [u8], name: &str) {
    dst[..name.len()].copy_from_slice(name.as_bytes());
}

fn open_file(path: &Path, flags: i32) -> Result<OwnedFd, ShmError> {
    let c_path = CString::new(path.as_os_str().as_encoded_bytes())
        .map_err(|_| ShmError::Config("path has a NUL byte".into()))?;
    // SAFETY: c_path is a valid C string; the mode is used only with O_CREAT.
    let fd = unsafe { libc::open(c_path.as_ptr(), flags | libc::O_CLOEXEC, 0o600 as libc::c_uint) };
    if fd < 0 {
        let err = std::io::Error::last_os_error();
        if err.raw_os_error() == Some(libc::EEXIST) {
            return Err(ShmError::Exists { path: path.to_path_buf() });
        }
        return Err(ShmError::io(path, "opening it", err));
    }
    // SAFETY: fd is a new, open descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Gives bytes `offset .. offset + len` of the file backing memory now; the error number of
/// posix_fallocate on failure.
fn fallocate(fd: &OwnedFd, offset: usize, len: usize) -> Result<(), i32> {
    // SAFETY: fd is open for writing.
    match unsafe { libc::posix_fallocate(fd.as_raw_fd(), offset as libc::off_t, len as libc::off_t) } {
        0 => Ok(()),
        errno => Err(errno),
    }
}

/// [`fallocate`] at creation.
fn reserve(fd: &OwnedFd, offset: usize, len: usize) -> Result<(), ShmError> {
    fallocate(fd, offset, len).map_err(|errno| ShmError::Create {
        path: PathBuf::from(SHM_DIR),
        needed: len as u64,
        available: available_bytes(),
        errno,
    })
}

/// Sets the file's size (sparse: no memory yet).
fn resize(fd: &OwnedFd, size: usize, path: &Path) -> Result<(), ShmError> {
    // SAFETY: fd is open for writing.
    if unsafe { libc::ftruncate(fd.as_raw_fd(), size as libc::off_t) } != 0 {
        return Err(ShmError::io(path, "setting its size", std::io::Error::last_os_error()));
    }
    Ok(())
}

impl Segment {
    /// Makes sure heap pages `head .. head + pages` have backing memory (docs/shm.md,
    /// section 1): each backing chunk they touch gets it the first time, here.
    pub(crate) fn back(&self, head: usize, pages: usize) -> Result<(), crate::AllocError> {
        let layout = self.layout();
        let chunk = layout.backing_chunk_pages;
        let backed = &self.header().backed;
        for c in head / chunk..=(head + pages - 1) / chunk {
            let (word, bit) = (&backed[c / 64], 1u64 << (c % 64));
            if word.load(Ordering::Acquire) & bit != 0 {
                continue;
            }
            let first = c * chunk;
            let len = chunk.min(layout.heap_pages - first) * PAGE_LEN;
            fallocate(&self.file, layout.heap + first * PAGE_LEN, len).map_err(|errno| {
                crate::AllocError::NoMemory {
                    segment: self.path.clone(),
                    needed: len as u64,
                    available: available_bytes(),
                    errno,
                }
            })?;
            word.fetch_or(bit, Ordering::Release);
        }
        Ok(())
    }
}

/// Free bytes in [`SHM_DIR`], or 0 if unknown.
pub fn available_bytes() -> u64 {
    let dir = CString::new(SHM_DIR).expect("no NUL");
    // SAFETY: an all-zero statvfs is a valid value to be overwritten.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: dir is a valid C string, st a valid out-pointer.
    if unsafe { libc::statvfs(dir.as_ptr(), &mut st) } != 0 {
        return 0;
    }
    st.f_bavail as u64 * st.f_frsize as u64
}

fn map(fd: &OwnedFd, len: usize, path: &Path) -> Result<Mapping, ShmError> {
    // SAFETY: mapping a file descriptor we hold; the result is checked.
    let ptr = unsafe {
        libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd.as_raw_fd(), 0)
    };
    if ptr == libc::MAP_FAILED {
        return Err(ShmError::io(path, "mapping it", std::io::Error::last_os_error()));
    }
    let base = NonNull::new(ptr.cast()).expect("mmap never returns null on success");
    Ok(Mapping { base, len })
}
