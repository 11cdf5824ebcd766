//! The segment's memory layout (docs/shm.md, section 1): every structure at a fixed offset,
//! every size named once. The structures are `repr(C)` and read and written in place in the
//! mapping by every process of the session.
//!
//! ```text
//!  0            SegmentHeader                    HEADER_LEN
//!  HEADER_LEN   ProcessSlot x MAX_PROCESSES
//!               ChannelEntry x MAX_CHANNELS
//!               EndpointEntry x MAX_ENDPOINTS
//!               (RingHeader + entries + returns) x MAX_RINGS
//!               BlockCache: CACHE_CLASS_LEN x CACHE_CLASSES (a stack's top each)
//!               PageMap: AtomicU32 x heap pages
//!  (4 KiB)      Heap: pages of PAGE_LEN
//! ```

use std::mem::size_of;
use std::sync::atomic::{AtomicU32, AtomicU64};

/// First bytes of every segment.
pub const SEGMENT_MAGIC: [u8; 8] = *b"EVFSHM\0\x01";
/// [`SEGMENT_MAGIC`] as the header's magic word holds it (little-endian).
pub const SEGMENT_MAGIC_WORD: u64 = u64::from_le_bytes(SEGMENT_MAGIC);
/// The layout version this code creates and opens (2: the `removed` word, the atomic magic
/// and the reclaimer's owner token, docs/shm.md, "Lifetime of a session"; 3: the block cache,
/// section 3; 4: its classes are stacks, and rings have return queues, section 5).
pub const LAYOUT_VERSION: u32 = 4;
/// Bytes reserved for the segment header.
pub const HEADER_LEN: usize = 4096;
/// Processes one session can hold (one bit each in a block's holder mask).
pub const MAX_PROCESSES: usize = 64;
/// Channels one session can name.
pub const MAX_CHANNELS: usize = 256;
/// Bytes of one channel entry.
pub const CHANNEL_ENTRY_LEN: usize = 256;
/// Channel endpoints (sockets) one session can hold.
pub const MAX_ENDPOINTS: usize = 256;
/// Bytes of one endpoint entry.
pub const ENDPOINT_ENTRY_LEN: usize = 64;
/// Rings one session can hold.
pub const MAX_RINGS: usize = 256;
/// Size classes of the block cache (docs/shm.md, section 3): page counts 1 to 15, then 8 per
/// power of two up to 2^32 pages.
pub const CACHE_CLASSES: usize = 239;
/// Bytes of one size class of the block cache: a cache line, whose first word is the top of
/// the class's stack of cached blocks.
pub const CACHE_CLASS_LEN: usize = 64;
/// Heap pages of one backing chunk (16 MiB): the heap gets its memory a chunk at a time, on
/// first use (docs/shm.md, section 1).
pub const BACKING_CHUNK_PAGES: usize = 4096;
/// Words of the header's `backed` bitmap: one bit per backing chunk.
pub const BACKING_WORDS: usize = 256;
/// Heap page size: the allocation granule.
pub const PAGE_LEN: usize = 4096;
/// Smallest segment accepted: the tables and a heap of at least 16 pages.
pub const MIN_SEGMENT_LEN: usize = 16 << 20;
/// Longest user and session names stored in the header.
pub const MAX_USER_LEN: usize = 63;
/// See [`MAX_USER_LEN`].
pub const MAX_SESSION_LEN: usize = 127;

/// The segment header, at offset 0.
#[repr(C)]
pub struct SegmentHeader {
    /// [`SEGMENT_MAGIC_WORD`], stored last by the creator (Release) and loaded first by every
    /// process that opens the file (Acquire): whoever sees it sees a whole header.
    pub magic: AtomicU64,
    /// [`LAYOUT_VERSION`].
    pub version: u32,
    /// Entries per ring (a power of two).
    pub ring_capacity: u32,
    /// Total bytes of the segment.
    pub size: u64,
    /// Creation time, seconds since the Unix epoch.
    pub created: u64,
    /// Pid of the creating process.
    pub creator_pid: u32,
    _pad0: u32,
    /// Its start time: while the creator runs, the session is alive even with no slot taken.
    pub creator_start: u64,
    /// Offsets of the tables and the heap, from the segment's start.
    pub process_table: u64,
    /// See `process_table`.
    pub channel_table: u64,
    /// See `process_table`.
    pub ring_table: u64,
    /// See `process_table`.
    pub page_map: u64,
    /// See `process_table`.
    pub heap: u64,
    /// Pages in the heap.
    pub heap_pages: u64,
    /// Bumped on every free; allocators waiting for space wait on it (futex).
    pub free_seq: AtomicU32,
    /// Allocators asleep on `free_seq`: a free calls FUTEX_WAKE only when this is not 0.
    pub free_waiters: AtomicU32,
    /// Source of block generations.
    pub generation: AtomicU64,
    /// Owner's login name, zero-padded UTF-8.
    pub user: [u8; MAX_USER_LEN + 1],
    /// Session name, zero-padded UTF-8.
    pub session: [u8; MAX_SESSION_LEN + 1],
    /// The channel layer's join/leave lock: 0, or the holder's pid (high 32 bits) and the low
    /// 32 bits of its start time, so a lock left by a dead process is recognised and taken over.
    pub control_lock: AtomicU64,
    /// Head page of the run freed last (`u64::MAX`: none since the last allocation), where
    /// the next allocation starts looking.
    pub free_hint: AtomicU64,
    /// 1 once the file is unlinked (or about to be, under the control lock): nobody attaches.
    pub removed: AtomicU32,
    /// 1 when the last process to detach removes the file (`SegmentConfig::remove_when_unused`).
    pub remove_when_unused: u32,
    /// Bit `c` is set once backing chunk `c` of the heap has its memory (posix_fallocate).
    pub backed: [AtomicU64; BACKING_WORDS],
}

/// States of a process slot.
pub mod slot_state {
    /// Unused (when `pid` is 0), or being claimed or released by `pid`.
    pub const FREE: u32 = 0;
    /// A process is filling it in.
    pub const CLAIMING: u32 = 1;
    /// Held by a process that was alive when last checked.
    pub const ALIVE: u32 = 2;
    /// Its process died; a reclaimer is releasing what it held.
    pub const RECLAIMING: u32 = 3;
}

/// One process of the session (docs/shm.md, section 2).
#[repr(C, align(64))]
pub struct ProcessSlot {
    /// One of [`slot_state`].
    pub state: AtomicU32,
    /// The process's pid; 0 when the slot is free. Claiming is a CAS from 0 to the pid.
    pub pid: AtomicU32,
    /// Its start time (clock ticks since boot), to tell a reused pid from the original.
    pub start_time: AtomicU64,
    /// Bumped on every claim.
    pub generation: AtomicU32,
    _reserved: u32,
    /// Owner token ([`crate::process::OwnerToken`]) of the process reclaiming the slot, while
    /// `state` is RECLAIMING; 0 when nobody does.
    pub reclaimer: AtomicU64,
    /// Its allocators registered in the header's `free_waiters` (a reclaimer takes them back
    /// out, so a process killed while waiting does not leave every free making a system call).
    pub free_waiting: AtomicU32,
}

/// Offsets of every table for a segment of `size` bytes with rings of `ring_capacity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Total bytes.
    pub size: usize,
    /// Entries per ring.
    pub ring_capacity: usize,
    /// Offset of the process table.
    pub process_table: usize,
    /// Offset of the channel table.
    pub channel_table: usize,
    /// Offset of the endpoint table.
    pub endpoint_table: usize,
    /// Offset of the ring table.
    pub ring_table: usize,
    /// Bytes of one ring (header and entries).
    pub ring_len: usize,
    /// Offset of the block cache's hints.
    pub block_cache: usize,
    /// Offset of the page map.
    pub page_map: usize,
    /// Offset of the heap (a multiple of [`PAGE_LEN`]).
    pub heap: usize,
    /// Pages in the heap.
    pub heap_pages: usize,
    /// Heap pages per backing chunk: [`BACKING_CHUNK_PAGES`], or more for a heap of more
    /// chunks than the `backed` bitmap has bits.
    pub backing_chunk_pages: usize,
}

/// Bytes of a ring's header (docs/shm.md, section 5).
pub const RING_HEADER_LEN: usize = 256;
/// Bytes of a ring entry: one message part's handle.
pub const RING_ENTRY_LEN: usize = 32;
/// Bytes of an entry of a ring's return queue: a block's head page plus one (docs/shm.md,
/// section 5, "Returns").
pub const RETURN_ENTRY_LEN: usize = 4;

/// Bytes of a ring of `capacity` entries: its header, its entries and its return queue,
/// rounded up to a cache line (every ring starts on one).
pub const fn ring_len(capacity: usize) -> usize {
    (RING_HEADER_LEN + capacity * RING_ENTRY_LEN + capacity * RETURN_ENTRY_LEN).next_multiple_of(64)
}

impl Layout {
    /// The layout of a segment of `size` bytes, or why there is none.
    pub fn new(size: usize, ring_capacity: usize) -> Result<Layout, String> {
        if !ring_capacity.is_power_of_two() || ring_capacity < 2 {
            return Err(format!("ring capacity must be a power of two of at least 2, not {ring_capacity}"));
        }
        if size < MIN_SEGMENT_LEN {
            return Err(format!("a segment needs at least {MIN_SEGMENT_LEN} bytes, not {size}"));
        }
        let process_table = HEADER_LEN;
        let channel_table = process_table + MAX_PROCESSES * size_of::<ProcessSlot>();
        let endpoint_table = channel_table + MAX_CHANNELS * CHANNEL_ENTRY_LEN;
        let ring_table = endpoint_table + MAX_ENDPOINTS * ENDPOINT_ENTRY_LEN;
        let ring_len = ring_len(ring_capacity);
        let block_cache = ring_table + MAX_RINGS * ring_len;
        let page_map = block_cache + CACHE_CLASSES * CACHE_CLASS_LEN;
        // Each heap page costs PAGE_LEN bytes plus its 4-byte page-map entry.
        let rest = size.checked_sub(page_map + PAGE_LEN).ok_or("the tables do not fit")?;
        let heap_pages = rest / (PAGE_LEN + size_of::<AtomicU32>());
        let heap = (page_map + heap_pages * size_of::<AtomicU32>()).next_multiple_of(PAGE_LEN);
        if heap_pages < 16 || heap + heap_pages * PAGE_LEN > size {
            return Err(format!("a segment of {size} bytes leaves no room for a heap"));
        }
        Ok(Layout {
            size,
            ring_capacity,
            process_table,
            channel_table,
            endpoint_table,
            ring_table,
            ring_len,
            block_cache,
            page_map,
            heap,
            heap_pages,
            backing_chunk_pages: BACKING_CHUNK_PAGES.max(heap_pages.div_ceil(BACKING_WORDS * 64)),
        })
    }
}

const _: () = assert!(size_of::<SegmentHeader>() <= HEADER_LEN);
const _: () = assert!(size_of::<ProcessSlot>() == 64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_fit_and_the_heap_is_page_aligned() {
        for size in [MIN_SEGMENT_LEN, 1 << 30, (1 << 30) + 12345] {
            let l = Layout::new(size, 1024).unwrap();
            assert_eq!(l.heap % PAGE_LEN, 0);
            assert!(l.page_map + l.heap_pages * 4 <= l.heap);
            assert!(l.heap + l.heap_pages * PAGE_LEN <= size);
            // Everything after the tables is heap, but for the page map and page rounding.
            let after_tables = (size - l.page_map) as f64;
            assert!((l.heap_pages * PAGE_LEN) as f64 > 0.99 * after_tables - (2 * PAGE_LEN) as f64);
        }
        assert!(Layout::new(1 << 20, 1024).is_err());
        assert!(Layout::new(1 << 30, 1000).is_err());
    }
}
