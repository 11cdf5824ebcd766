//! A readout unit (RU): runs its device's path (a source of its slice's fragments and its
//! modules), keeps the fragments by batch, tells the event manager how far it has read,
//! and answers the builders' requests (docs/eventbuilding.md).

use super::{
    batch_of, BatchKey, EventBuilding, FragmentsHead, Progress, Request, READOUT_HOMES, STORE_BATCHES, STORE_BYTES,
};
use crate::engine::board::Stop;
use crate::engine::context::{internal_error, job_end, Ctx, End};
use crate::engine::error::SendError;
use crate::engine::exit::ExitCode;
use crate::engine::frames;
use crate::engine::net::is_not_ready;
use crate::engine::protocol::Foreign;
use crate::engine::roles::sending::RoomWait;
use crate::job::{Hook, Path};
use crate::log;
use crate::module::Opener;
use crate::stage::Fate;
use evflow_core::Event;
use evflow_transport::{Channel, ChannelError, Message, Part, Pattern, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How long an RU with nothing to do waits for a request before it looks again.
const IDLE: Duration = Duration::from_micros(200);

/// The fragments an RU holds, by batch, from the release point on: those requested (kept
/// until released or at the custody, since a builder that dies asks again through another)
/// and those read ahead of the requests, which bound its reading, as does what its home
/// holds.
pub struct Store {
    batches: BTreeMap<BatchKey, (Vec<Event>, usize)>,
    bytes: usize,
    /// Bytes of the fragment put last: the next one is taken to be as large.
    last: usize,
    /// Bytes it may read ahead of the requests.
    ahead_bytes: usize,
    /// Bytes it may hold in all (on shm its home's share of the segment).
    held_bytes: usize,
    /// Every batch before it is at the custody.
    release: BatchKey,
    /// Batches after the release point that are at the custody: dropped.
    done: BTreeSet<BatchKey>,
    /// The highest batch a builder asked for.
    requested: Option<BatchKey>,
    /// Fragments read for batches already released (a restarted RU catching up).
    pub late: u64,
}

impl Store {
    /// A store that reads at most `ahead_bytes` ahead of the requests (and [`STORE_BATCHES`])
    /// and holds at most `held_bytes`, except for the one batch beyond the requests that is
    /// always read.
    pub fn new(ahead_bytes: usize, held_bytes: usize) -> Store {
        Store {
            batches: BTreeMap::new(),
            bytes: 0,
            last: 0,
            ahead_bytes,
            held_bytes,
            release: BatchKey::default(),
            done: BTreeSet::new(),
            requested: None,
            late: 0,
        }
    }

    /// Keeps `fragment` of `batch`; a fragment of a batch at the custody is late: counted,
    /// dropped.
    pub fn put(&mut self, batch: BatchKey, fragment: Event) {
        if batch < self.release || self.done.contains(&batch) {
            self.late += 1;
            return;
        }
        let bytes = fragment.payload_bytes();
        self.bytes += bytes;
        self.last = bytes;
        let held = self.batches.entry(batch).or_default();
        held.0.push(fragment);
        held.1 += bytes;
    }

    /// Notes that a builder asked for `batch`.
    pub fn requested(&mut self, batch: BatchKey) {
        self.requested = self.requested.max(Some(batch));
    }

    /// Drops the batches before `release`.
    pub fn release(&mut self, release: BatchKey) {
        if release <= self.release {
            return;
        }
        self.release = release;
        let kept = self.batches.split_off(&release);
        for (_, bytes) in std::mem::replace(&mut self.batches, kept).into_values() {
            self.bytes -= bytes;
        }
        self.done = self.done.split_off(&release);
    }

    /// Drops the batches of `done`, at the custody after the release point: no builder will
    /// ask for them again (their descriptors' backups are gone).
    pub fn done(&mut self, done: &[BatchKey]) {
        for &batch in done.iter().filter(|&&b| b >= self.release) {
            if self.done.insert(batch) {
                if let Some((_, bytes)) = self.batches.remove(&batch) {
                    self.bytes -= bytes;
                }
            }
        }
    }

    /// Whether it may read more: fewer than [`STORE_BATCHES`] batches and its bytes
    /// read ahead of the requests, and room for another fragment in all it holds. One batch
    /// beyond the requests is always allowed, however large: the release point comes with
    /// the requests, and the requests with the batches passed. Requested batches do not
    /// count among those read ahead: they wait for the custody, which the requests to come
    /// tell of.
    pub fn has_room(&self) -> bool {
        let ahead: Vec<usize> = match self.requested {
            Some(r) => self
                .batches
                .range((std::ops::Bound::Excluded(r), std::ops::Bound::Unbounded))
                .map(|(_, b)| b.1)
                .collect(),
            None => self.batches.values().map(|b| b.1).collect(),
        };
        ahead.len() <= 1
            || ahead.len() < STORE_BATCHES
                && ahead.iter().sum::<usize>() < self.ahead_bytes
                && self.bytes + self.last <= self.held_bytes
    }

    /// The fragments of `batch` (shared, not copied).
    pub fn fragments(&self, batch: BatchKey) -> &[Event] {
        self.batches.get(&batch).map_or(&[], |b| b.0.as_slice())
    }
}

/// A builder's channels, for one generation of its slot.
struct Builder {
    generation: u32,
    requests: Channel,
    fragments: Channel,
}

struct Readout<'a> {
    ctx: &'a Ctx<'a>,
    eb: &'a EventBuilding,
    index: u32,
    store: Store,
    /// The batch of the fragment read last, and whether the source ended.
    at: Option<(u32, u64)>,
    /// The run of the fragment read last and its first fragment's number.
    first: Option<(u32, u64)>,
    ended: bool,
    progress: Channel,
    /// What the event manager has not been told yet.
    progress_due: bool,
    builders: Vec<Option<Builder>>,
    /// Requests for batches not passed yet.
    waiting: Vec<Request>,
    /// The batches answered, with the builder (slot, generation) each went to, from the
    /// release point on: a request published again before the answer arrived is not
    /// answered twice (the builder holds those blocks already, so a second answer would copy
    /// every fragment into the segment again, which a full segment cannot take).
    answered: BTreeSet<(BatchKey, u32, u32)>,
    foreign: Foreign,
    /// Fragments kept that are not in the segment: copied into it when a builder asks.
    copied: u64,
}

/// Why a readout unit stopped, as the job's error names it.
#[derive(Debug, thiserror::Error)]
pub enum ReadoutError {
    /// The segment's options have no event building.
    #[error("a readout role in a segment that builds no events")]
    NotBuilding,
    /// Its channels could not be opened.
    #[error("readout {readout} cannot open its channels: {source}")]
    Open {
        /// The readout's name.
        readout: String,
        /// Why.
        #[source]
        source: ChannelError,
    },
    /// Answering the builders, or telling the event manager its progress, failed.
    #[error("readout {readout}: {source}")]
    Answer {
        /// The readout's name.
        readout: String,
        /// Why.
        #[source]
        source: AnswerError,
    },
}

/// A readout unit's exchange with the builders and the event manager that failed.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// The requests channel failed.
    #[error("cannot receive requests: {0}")]
    ReceiveRequests(#[source] ChannelError),
    /// A fragment could not be encoded (no block, a segment that stayed full).
    #[error(transparent)]
    Encode(#[from] SendError),
    /// Sending fragments to a builder failed.
    #[error("cannot send fragments: {0}")]
    SendFragments(#[source] ChannelError),
    /// Sending progress to the event manager failed.
    #[error("cannot send progress: {0}")]
    SendProgress(#[source] ChannelError),
}

/// Runs readout unit `index` of the segment until the event manager's segment ends.
pub fn run(ctx: &Ctx<'_>, path: &mut Path, index: usize) -> End {
    let Some(eb) = ctx.popts.event_building.as_ref() else {
        internal_error(ctx, ReadoutError::NotBuilding);
        return End { code: ExitCode::Internal, terminated: false };
    };
    let progress = match ctx.net.open(Pattern::Push, "progress", Side::Connect) {
        Ok(c) => c,
        Err(_) if ctx.board.ended() || ctx.board.stop() == Stop::Abort => {
            return End { code: ExitCode::Ok, terminated: false };
        }
        Err(e) => {
            internal_error(ctx, ReadoutError::Open { readout: eb.readouts[index].clone(), source: e });
            return End { code: ExitCode::Internal, terminated: false };
        }
    };
    // Fragments made by the source land in blocks of the segment, and go to builders by
    // handle; the RU holds no more than its home's share of the segment, so each is written
    // once (docs/eventbuilding.md, "Memory").
    let held = held_bytes(&progress, eb);
    let home = frames::make_home_within(&progress, held);
    let store = Store::new(STORE_BYTES, held);
    let mut ru = Readout {
        ctx,
        eb,
        index: index as u32,
        store,
        at: None,
        first: None,
        ended: false,
        progress,
        progress_due: true,
        builders: (0..ctx.board.workers()).map(|_| None).collect(),
        waiting: Vec::new(),
        answered: BTreeSet::new(),
        foreign: Foreign::new("requests channel", ("a builder's request", "requests")),
        copied: 0,
    };
    let mut stage = ctx.stage(&mut path.modules[..], 1);
    let outcome = ru.pump(&mut *path.source, &mut stage);
    let own = match &outcome {
        Err(Some(e)) => Some(e),
        _ => None,
    };
    let mut errors = stage.finish(&job_end(ctx, own));
    if let Err(e) = path.source.terminate() {
        errors.push(crate::engine::roles::input::source_error(ctx, Hook::Terminate, None, e));
    }
    ru.foreign.report(&eb.readouts[index]);
    if ru.store.late > 0 {
        log::warn!(
            "{}: {} fragments were late (their batches were built already) and were dropped",
            eb.readouts[index],
            ru.store.late
        );
    }
    if home.refused() > 0 {
        log::warn!(
            "{}: {} large entries of its fragments did not fit in its share of the segment ({} MiB) and were copied \
             again when a builder asked for them: raise the builder's `segment_size`, or lower its `batch` \
             (docs/eventbuilding.md, \"Memory\")",
            eb.readouts[index],
            home.refused(),
            held >> 20
        );
    }
    let mut code = ExitCode::Ok;
    match outcome {
        Ok(()) => {}
        Err(Some(e)) => {
            ctx.record(&e);
            ctx.board.fail();
            code = ExitCode::JobError;
        }
        Err(None) => code = ExitCode::Internal,
    }
    for e in &errors {
        ctx.record(e);
        code = code.max(ExitCode::JobError);
    }
    End { code, terminated: true }
}

/// Bytes an RU holds: on shm its share of [`READOUT_HOMES`] of the segment's heap (what is
/// beyond its home waits in its own memory, and is copied into the segment when a builder
/// asks for it); off shm no bound but the read-ahead's.
fn held_bytes(channel: &Channel, eb: &EventBuilding) -> usize {
    frames::heap_len(channel)
        .map_or(usize::MAX, |heap| heap / READOUT_HOMES.1 * READOUT_HOMES.0 / eb.readouts.len().max(1))
}

impl Readout<'_> {
    /// Reads and answers until the segment ends; `Err(Some)`: a module stopped the job,
    /// `Err(None)`: an engine error (recorded).
    fn pump(
        &mut self,
        source: &mut dyn crate::module::Source,
        stage: &mut crate::stage::Stage<'_, crate::engine::board::BoardTally<'_>>,
    ) -> Result<(), Option<crate::job::JobError>> {
        let board = self.ctx.board;
        loop {
            if board.stop() == Stop::Abort || self.ctx.monitor_gone() || board.ended() {
                return Ok(());
            }
            self.connect_builders().map_err(|e| self.engine_error(e))?;
            let mut busy = self.take_requests().map_err(|e| self.engine_error(e))?;
            busy |= self.answer().map_err(|e| self.engine_error(e))?;
            let reading = !self.ended && board.stop() == Stop::Run && !board.failed() && board.runs().one_run_started();
            if reading && self.store.has_room() {
                busy = true;
                match stage.read(source) {
                    Ok(Some(mut event)) => {
                        board.counters().read.fetch_add(1, Ordering::Relaxed);
                        match stage.event(&mut event) {
                            Fate::Keep => self.keep(event),
                            Fate::Reject => {}
                            Fate::Stop(e) => return Err(Some(e)),
                        }
                    }
                    Ok(None) => {
                        self.ended = true;
                        self.progress_due = true;
                    }
                    Err(e) => {
                        let at = self.at;
                        return Err(Some(crate::engine::roles::input::source_error(self.ctx, Hook::Read, at, e)));
                    }
                }
            }
            self.tell_progress().map_err(|e| self.engine_error(e))?;
            if !busy {
                std::thread::sleep(IDLE);
            }
        }
    }

    fn engine_error(&self, source: AnswerError) -> Option<crate::job::JobError> {
        internal_error(
            self.ctx,
            ReadoutError::Answer { readout: self.eb.readouts[self.index as usize].clone(), source },
        );
        None
    }

    fn keep(&mut self, fragment: Event) {
        let (run, number) = (fragment.meta.run, fragment.meta.event);
        let batch = batch_of(run, number, self.eb.batch);
        if self.at.map(|(r, n)| batch_of(r, n, self.eb.batch)) != Some(batch) {
            self.progress_due = true;
        }
        if self.first.is_none_or(|(r, _)| r != run) {
            self.first = Some((run, number));
        }
        self.at = Some((run, number));
        let c = self.ctx.board.counters();
        c.eb_fragments.fetch_add(1, Ordering::Relaxed);
        c.eb_bytes.fetch_add(fragment.payload_bytes() as u64, Ordering::Relaxed);
        if !frames::homed(&self.progress, &fragment) {
            self.copied += 1;
            c.eb_copied.store(self.copied, Ordering::Relaxed);
        }
        self.store.put(batch, fragment);
        c.eb_late.store(self.store.late, Ordering::Relaxed);
    }

    /// Whether this RU has read all it will of `batch`.
    fn passed(&self, batch: BatchKey) -> bool {
        self.ended || self.at.is_some_and(|(r, n)| batch_of(r, n, self.eb.batch) > batch)
    }

    /// Connects to every live builder's channels (its generation, as the view says), also
    /// those of slots the controller added since (`evflow ctl scale`).
    fn connect_builders(&mut self) -> Result<(), AnswerError> {
        self.builders.resize_with(self.ctx.board.workers().max(self.builders.len()), || None);
        for w in 0..self.builders.len() {
            let slot = self.ctx.board.worker(w);
            let generation = slot.generation.load(Ordering::Acquire);
            let live = slot.pid.load(Ordering::Acquire) != 0;
            if self.builders[w].as_ref().is_some_and(|b| b.generation == generation) || !live {
                continue;
            }
            self.builders[w] = None;
            let open = |pattern, name: String| self.ctx.net.open(pattern, &name, Side::Connect);
            let opened = open(Pattern::Sub, format!("requests-{w}-{generation}"))
                .and_then(|r| Ok((r, open(Pattern::Push, format!("fragments-{w}-{generation}"))?)));
            match opened {
                Ok((requests, fragments)) => self.builders[w] = Some(Builder { generation, requests, fragments }),
                // Not bound yet (it is starting): the next turn tries again.
                Err(e) => log::debug!("readout cannot reach builder {w} yet: {e}"),
            }
        }
        Ok(())
    }

    fn take_requests(&mut self) -> Result<bool, AnswerError> {
        let mut any = false;
        for builder in self.builders.iter_mut().flatten() {
            loop {
                let message = match builder.requests.recv(Some(Duration::ZERO)) {
                    Ok(m) => m,
                    Err(e) if e.is_timeout() || is_not_ready(&e) => break,
                    Err(e) => return Err(AnswerError::ReceiveRequests(e)),
                };
                any = true;
                match message.parts.first().map(|p| Request::decode(p.as_slice())) {
                    Some(Ok(r)) if r.wanted.len() == self.eb.readouts.len() => {
                        self.store.release(r.release);
                        self.store.done(&r.done);
                        self.store.requested(r.batch);
                        self.answered.retain(|&(batch, _, _)| batch >= r.release);
                        if r.wanted[self.index as usize] && !self.answered.contains(&(r.batch, r.slot, r.generation)) {
                            self.waiting.retain(|w| (w.batch, w.slot) != (r.batch, r.slot));
                            self.waiting.push(r);
                        }
                    }
                    _ => {
                        let name = self.eb.readouts[self.index as usize].as_str();
                        self.foreign.drop(name, message.peer.as_deref(), "not a request of this event building");
                    }
                }
            }
        }
        Ok(any)
    }

    /// Answers the requests for batches this RU has passed.
    fn answer(&mut self) -> Result<bool, AnswerError> {
        let mut answered = false;
        let mut i = 0;
        while i < self.waiting.len() {
            let request = &self.waiting[i];
            if !self.passed(request.batch) {
                i += 1;
                continue;
            }
            let request = self.waiting.swap_remove(i);
            let Some(builder) = self.builders.get_mut(request.slot as usize).and_then(Option::as_mut) else {
                continue;
            };
            if builder.generation != request.generation {
                continue; // a dead builder's: its batch goes to another, which asks again
            }
            let fragments = self.store.fragments(request.batch);
            let mut parts = Vec::new();
            let mut counts = Vec::with_capacity(fragments.len());
            for fragment in fragments {
                let mut wait = RoomWait::new(self.ctx.board);
                let encoded = loop {
                    if let Some(p) = frames::try_encode(&builder.fragments, fragment, Duration::from_millis(20))? {
                        break p;
                    }
                    if self.ctx.board.stop() == Stop::Abort || self.ctx.monitor_gone() || self.ctx.board.ended() {
                        return Ok(answered);
                    }
                    wait.check_with(self.ctx.board, fragment, &super::too_large(self.eb))?;
                };
                counts.push(encoded.len() as u32);
                parts.extend(encoded);
            }
            let head = FragmentsHead { batch: request.batch, readout: self.index, parts: counts };
            let mut message = vec![Part::from(head.encode())];
            message.extend(parts);
            let message = Message::new(message);
            let slot = self.ctx.board.worker(request.slot as usize);
            let mut room = RoomWait::new(self.ctx.board);
            loop {
                match builder.fragments.send(&message, Some(Duration::from_millis(5))) {
                    Ok(()) => {
                        self.answered.insert((request.batch, request.slot, request.generation));
                        break;
                    }
                    Err(e) if is_not_ready(&e) => {
                        // A builder that died asks no more: its batch goes to another, which
                        // asks again. A live one that is full is waited for.
                        let gone = slot.pid.load(Ordering::Acquire) == 0
                            || slot.generation.load(Ordering::Acquire) != request.generation;
                        if gone || self.ctx.board.stop() == Stop::Abort || self.ctx.board.ended() {
                            break;
                        }
                    }
                    // A part the builder holds already is copied again into the segment
                    // (docs/shm.md): a full segment is waited for as when encoding.
                    Err(ChannelError::Alloc { source: evflow_shm::AllocError::SegmentFull { .. }, .. })
                        if !fragments.is_empty() =>
                    {
                        if self.ctx.board.stop() == Stop::Abort || self.ctx.board.ended() {
                            return Ok(answered);
                        }
                        room.check_with(self.ctx.board, &fragments[0], &super::too_large(self.eb))?;
                    }
                    Err(e) => return Err(AnswerError::SendFragments(e)),
                }
            }
            answered = true;
        }
        Ok(answered)
    }

    fn tell_progress(&mut self) -> Result<(), AnswerError> {
        if !self.progress_due {
            return Ok(());
        }
        let (run, number) = self.at.unwrap_or((0, 0));
        let first = self.first.filter(|&(r, _)| r == run).map_or(number, |(_, n)| n);
        let p = Progress { readout: self.index, run, number, first, any: self.at.is_some(), ended: self.ended };
        match self.progress.send(&Message::single(p.encode()), Some(Duration::ZERO)) {
            Ok(()) => self.progress_due = false,
            Err(e) if is_not_ready(&e) => {}
            Err(e) => return Err(AnswerError::SendProgress(e)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use evflow_core::Entry;

    fn fragment(number: u64, len: usize) -> Event {
        let mut e = Event::new(1, number);
        e.put("adc", Entry::bytes(Bytes::from(vec![0u8; len]))).unwrap();
        e
    }

    #[test]
    fn the_store_drops_released_batches_and_counts_late_fragments() {
        let mut s = Store::new(STORE_BYTES, usize::MAX);
        for n in 0..30 {
            s.put(batch_of(1, n, 10), fragment(n, 100));
        }
        assert_eq!(s.fragments((1, 1)).len(), 10);
        s.release((1, 2));
        assert!(s.fragments((1, 1)).is_empty());
        assert_eq!(s.bytes, 1000);
        s.put((1, 0), fragment(3, 100));
        assert_eq!(s.late, 1);
        s.release((1, 1));
        assert_eq!(s.fragments((1, 2)).len(), 10, "the release point never goes back");
    }

    #[test]
    fn the_store_drops_batches_at_the_custody_after_the_release_point() {
        let mut s = Store::new(STORE_BYTES, 3000);
        for n in 0..30 {
            s.put(batch_of(1, n, 10), fragment(n, 100));
        }
        assert!(!s.has_room(), "3000 held");
        s.done(&[(1, 1), (1, 2)]);
        assert!(s.fragments((1, 1)).is_empty() && s.fragments((1, 2)).is_empty());
        assert_eq!((s.fragments((1, 0)).len(), s.bytes), (10, 1000), "the release point's batch stays");
        assert!(s.has_room(), "done batches give their room back");
        s.put((1, 2), fragment(25, 100));
        assert_eq!((s.late, s.bytes), (1, 1000), "a fragment of a done batch is late");
        s.done(&[(1, 2)]);
        assert_eq!(s.bytes, 1000, "told twice, dropped once");
        s.release((1, 3));
        assert!(s.done.is_empty(), "the release point passed them");
        s.done(&[(1, 1)]);
        assert!(s.done.is_empty(), "a batch before the release point is released already");
    }

    #[test]
    fn the_store_bounds_batches_and_bytes() {
        let mut s = Store::new(STORE_BYTES, usize::MAX);
        s.put((1, 0), fragment(0, STORE_BYTES));
        assert!(s.has_room(), "one batch is always held, however large");
        s.put((1, 1), fragment(10, 1));
        assert!(!s.has_room());
        let mut s = Store::new(STORE_BYTES, usize::MAX);
        for k in 0..STORE_BATCHES as u64 {
            assert!(s.has_room());
            s.put((1, k), fragment(k * 10, 1));
        }
        assert!(!s.has_room());
        s.requested((1, 3));
        assert!(s.has_room(), "requested batches wait for the custody, and do not stop reading");
    }

    #[test]
    fn the_store_holds_no_more_than_its_home_but_always_reads_one_batch_beyond_the_requests() {
        let mut s = Store::new(STORE_BYTES, 1000);
        for n in 0..9 {
            s.put(batch_of(1, n, 4), fragment(n, 100));
        }
        assert!(s.has_room(), "900 held and room for one more like the last");
        s.put(batch_of(1, 9, 4), fragment(9, 100));
        assert!(!s.has_room(), "a tenth of 100 would not fit in 1000");
        s.requested((1, 1));
        assert!(s.has_room(), "the batch beyond the requests is read however full the home");
        s.put(batch_of(1, 12, 4), fragment(12, 100));
        assert!(!s.has_room(), "a second batch beyond them waits for the release");
        s.release((1, 1));
        assert!(s.has_room(), "released, the first batch's 400 bytes make room");
    }
}
