//! The compression pool of a compressing [`FileWriter`](super::FileWriter) (docs/formats.md,
//! "Writing"): threads that compress encoded frames into records' stored bytes, handed back
//! tagged with their order so that the writer writes them as a single thread would.

use super::codec::{Compression, Compressor};
use super::layout::{CODEC_NONE, HEAD_LEN};
use super::made::compress_frame;
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Most compressing threads of one writer.
const MAX_THREADS: usize = 8;
/// Frames in the pool per thread, at most: enough to keep every thread busy while the writer
/// encodes and writes, few enough that a killed job loses only a handful of records.
const FRAMES_PER_THREAD: usize = 2;
/// Overrides the number of threads (1 to [`MAX_THREADS`]).
pub const THREADS_VARIABLE: &str = "EVFLOW_COMPRESS_THREADS";

/// An event's frame to compress, and where it goes.
pub(crate) struct Job {
    pub seq: u64,
    pub run: u32,
    pub event: u64,
    /// The encoded frame.
    pub frame: Vec<u8>,
    /// A buffer for the record (reused): its stored bytes start at `HEAD_LEN`.
    pub record: Vec<u8>,
}

/// A compressed frame, ready to be written.
pub(crate) struct Done {
    pub seq: u64,
    pub run: u32,
    pub event: u64,
    /// The codec of the stored bytes: the writer's, or none if compressing did not pay.
    pub codec: u8,
    /// Stored bytes, at `record[HEAD_LEN..HEAD_LEN + stored]`.
    pub stored: usize,
    /// The frame's length before compression.
    pub raw: usize,
    pub record: Vec<u8>,
    /// The frame's buffer, back for reuse.
    pub frame: Vec<u8>,
}

/// Threads compressing frames, and the records they gave back that are not written yet.
pub(crate) struct Pool {
    jobs: Option<Sender<Job>>,
    done: Receiver<Done>,
    threads: Vec<JoinHandle<()>>,
    /// Records back from the threads, by order, waiting for the ones before them.
    ready: BTreeMap<u64, Done>,
    /// The next job's number, and the number of the next record to write.
    next_job: u64,
    next_write: u64,
    /// Buffers back from written records.
    spare: Vec<(Vec<u8>, Vec<u8>)>,
    /// The process whose threads these are: a child forked from it has none of them.
    pid: u32,
}

/// The number of compressing threads: one per CPU this process may use, at most
/// [`MAX_THREADS`], or [`THREADS_VARIABLE`].
fn thread_count() -> usize {
    let from_env = std::env::var(THREADS_VARIABLE).ok().and_then(|v| v.trim().parse::<usize>().ok());
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    from_env.unwrap_or(cpus).clamp(1, MAX_THREADS)
}

impl Pool {
    /// Starts the threads, each with its own compressor of `compression`.
    pub fn start(compression: Compression) -> Result<Pool, String> {
        let (jobs, queue) = channel::<Job>();
        let (finished, done) = channel::<Done>();
        let queue = Arc::new(Mutex::new(queue));
        let mut threads = Vec::new();
        for i in 0..thread_count() {
            let mut compressor = Compressor::new(compression)?;
            let (queue, finished) = (Arc::clone(&queue), finished.clone());
            let thread = std::thread::Builder::new()
                .name(format!("evf-compress-{i}"))
                .spawn(move || {
                    loop {
                        // The lock is held only to take a job, never while compressing.
                        let job = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        let Ok(job) = job else { return };
                        if finished.send(compress(&mut compressor, job)).is_err() {
                            return;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a compressing thread: {e}"))?;
            threads.push(thread);
        }
        Ok(Pool {
            jobs: Some(jobs),
            done,
            threads,
            ready: BTreeMap::new(),
            next_job: 0,
            next_write: 0,
            spare: Vec::new(),
            pid: std::process::id(),
        })
    }

    /// Whether the threads run in this process (not in the one this one was forked from).
    pub fn is_ours(&self) -> bool {
        self.pid == std::process::id()
    }

    /// Frames in the pool or compressed but not written yet.
    pub fn pending(&self) -> usize {
        (self.next_job - self.next_write) as usize
    }

    /// Whether the pool holds as many frames as it may.
    pub fn is_full(&self) -> bool {
        self.pending() >= FRAMES_PER_THREAD * self.threads.len()
    }

    /// A frame buffer and a record buffer, reused when there are some.
    pub fn buffers(&mut self) -> (Vec<u8>, Vec<u8>) {
        self.spare.pop().unwrap_or_default()
    }

    /// Gives back the buffers of a written record.
    pub fn recycle(&mut self, frame: Vec<u8>, record: Vec<u8>) {
        self.spare.push((frame, record));
    }

    /// Hands a frame to the threads.
    pub fn submit(&mut self, run: u32, event: u64, frame: Vec<u8>, record: Vec<u8>) {
        let job = Job { seq: self.next_job, run, event, frame, record };
        self.next_job += 1;
        let jobs = self.jobs.as_ref().expect("the pool runs until dropped");
        // The threads end only when the pool is dropped (or panic, which `next` reports).
        let _ = jobs.send(job);
    }

    /// The next record in order: at once if it is back, after waiting for it if `wait`.
    /// `Err` if a thread died.
    pub fn next(&mut self, wait: bool) -> Result<Option<Done>, String> {
        loop {
            if let Some(done) = self.ready.remove(&self.next_write) {
                self.next_write += 1;
                return Ok(Some(done));
            }
            if self.pending() == 0 {
                return Ok(None);
            }
            let done = if wait {
                self.done.recv().map_err(|_| "a compressing thread died".to_string())?
            } else {
                match self.done.try_recv() {
                    Ok(done) => done,
                    Err(std::sync::mpsc::TryRecvError::Empty) => return Ok(None),
                    Err(_) => return Err("a compressing thread died".into()),
                }
            };
            self.ready.insert(done.seq, done);
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing the queue ends the threads once they are idle.
        self.jobs = None;
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Compresses a job's frame into its record buffer; stores it as it is if that does not
/// make it smaller (or the codec fails).
fn compress(compressor: &mut Compressor, job: Job) -> Done {
    let Job { seq, run, event, frame, mut record } = job;
    let raw = frame.len();
    let bound = compressor.bound(raw).max(raw);
    if record.len() < HEAD_LEN + bound {
        record.resize(HEAD_LEN + bound, 0);
    }
    let (codec, stored) = match compress_frame(compressor, &frame, &mut record[HEAD_LEN..HEAD_LEN + bound]) {
        Some(n) => (compressor.codec(), n),
        None => {
            record[HEAD_LEN..HEAD_LEN + raw].copy_from_slice(&frame);
            (CODEC_NONE, raw)
        }
    };
    Done { seq, run, event, codec, stored, raw, record, frame }
}
