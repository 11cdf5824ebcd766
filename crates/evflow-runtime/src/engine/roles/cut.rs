//! The cuts of a parallel job (docs/root.md, "Cuts in a parallel job"): a moment when every
//! event below an input position `B` went through every module and none at or above it
//! reached any. The output asks for one as often as its modules want checkpoints; the input
//! stops reading at `B`, writes its mergeable objects and tells each worker after the events
//! it sent it; each worker writes its own; once every event below `B` is decided, the
//! output's modules checkpoint with the sums of every process, and the input reads on. A
//! worker that dies meanwhile, or a process that cannot write its objects, gives the cut up.

use crate::engine::context::Ctx;
use crate::engine::net::is_not_ready;
use crate::engine::protocol::{Header, Kind};
use crate::engine::Hooks;
use crate::job::JobError;
use crate::log;
use crate::stage::{Stage, Tally};
use evflow_transport::{ChannelError, Message};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Whether the job takes cuts: a parallel job forked on one host (a topology's devices
/// recover through their custody instead).
fn taken_in(ctx: &Ctx<'_>) -> bool {
    let popts = ctx.popts;
    ctx.net.remote.is_none()
        && !ctx.net.bridged
        && popts.custody.is_none()
        && popts.origin.is_none()
        && popts.event_building.is_none()
        && popts.processes > 0
        && ctx.board.runs().held.load(Ordering::Acquire) == 0
}

/// Writes this process's mergeable objects for cut `cut`; a failure gives the cut up (the
/// output learns it from the board).
pub fn write(ctx: &Ctx<'_>, hooks: &mut dyn Hooks, cut: u64) {
    let file = ctx.dir.cut_file(cut, &ctx.name());
    if let Err(e) = hooks.write_cut(ctx.steps(), &file) {
        log::warn!("{}: cannot write its mergeable objects for cut {cut} ({e}): the cut is given up", ctx.name());
        ctx.board.cuts().failed.fetch_max(cut, Ordering::AcqRel);
    }
}

/// The input's side: the cut it took last, and the workers not told yet.
#[derive(Default)]
pub struct InputCuts {
    taken: u64,
    untold: Vec<usize>,
}

impl InputCuts {
    /// Takes the cut the output asked for, if any, before reading `seq` (every event read
    /// before is at a worker or the output): where it is, the input's objects, and the
    /// `workers` to tell.
    pub fn take(&mut self, ctx: &Ctx<'_>, hooks: &mut dyn Hooks, seq: u64, workers: usize) {
        let cuts = ctx.board.cuts();
        let asked = cuts.asked.load(Ordering::Acquire);
        if asked <= self.taken || !taken_in(ctx) {
            return;
        }
        cuts.at.store(seq, Ordering::Release);
        write(ctx, hooks, asked);
        self.taken = asked;
        self.untold = (0..workers).collect();
        cuts.taken.store(asked, Ordering::Release);
    }

    /// Whether the input waits for the output to take (or give up) the cut it took.
    pub fn waiting(&self, ctx: &Ctx<'_>) -> bool {
        ctx.board.cuts().done.load(Ordering::Acquire) < self.taken
    }

    /// A worker died: the cut the input waits for, if any, is given up (the output sees it on
    /// the board), whichever generation the output saw when it asked.
    pub fn give_up(&self, ctx: &Ctx<'_>) {
        if self.waiting(ctx) {
            ctx.board.cuts().failed.fetch_max(self.taken, Ordering::AcqRel);
        }
    }

    /// Tells the workers not told yet, with `send` (a worker whose queue is full, or that
    /// is not connected yet, is told at the next turn); nothing once the cut is over.
    pub fn tell(
        &mut self,
        ctx: &Ctx<'_>,
        mut send: impl FnMut(usize, &Message) -> Result<(), ChannelError>,
    ) -> Result<(), (usize, ChannelError)> {
        if !self.waiting(ctx) {
            self.untold.clear();
        }
        if self.untold.is_empty() {
            return Ok(());
        }
        let cut = Message::single(Header::new(Kind::Cut, self.taken).encode().to_vec());
        let mut failed = None;
        self.untold.retain(|&w| match send(w, &cut) {
            Ok(()) => false,
            Err(e) if is_not_ready(&e) => true,
            Err(e) => {
                failed.get_or_insert((w, e));
                true
            }
        });
        failed.map_or(Ok(()), Err)
    }
}

/// A cut the output asked for: its number, and the workers' generations then (one that
/// changes gives it up).
struct Asked {
    cut: u64,
    generations: Vec<u32>,
    when: Instant,
}

/// The output's side: how often its modules want checkpoints, and the cut asked.
pub struct OutputCuts {
    every: Option<Duration>,
    since: Instant,
    asked: Option<Asked>,
    last: u64,
}

impl OutputCuts {
    /// Cuts every `every` (the output's modules' `checkpoint_every`), in a job that takes them.
    pub fn new(ctx: &Ctx<'_>, every: Option<Duration>) -> OutputCuts {
        OutputCuts { every: every.filter(|_| taken_in(ctx)), since: Instant::now(), asked: None, last: 0 }
    }

    /// Whether a cut is asked and not yet taken or given up.
    pub fn asking(&self) -> bool {
        self.asked.is_some()
    }

    /// Asks for the next cut when it is due (never once the input ended, or the job stops);
    /// takes the one asked once every event below it is accounted for (`accounted`: every
    /// seq below it is decided and accounted for by the output part), or gives it up. `Err`:
    /// the modules' checkpoint failed.
    pub fn follow<T: Tally>(
        &mut self,
        ctx: &Ctx<'_>,
        hooks: &mut dyn Hooks,
        stage: &mut Stage<'_, T>,
        accounted: u64,
        ended: bool,
    ) -> Result<(), JobError> {
        let Some(every) = self.every else { return Ok(()) };
        let board = ctx.board;
        let cuts = board.cuts();
        let Some(asked) = self.asked.as_ref() else {
            let running = board.stop() == crate::engine::board::Stop::Run && !board.failed();
            if !ended && running && self.since.elapsed() >= every {
                self.last += 1;
                let generations =
                    (0..board.workers()).map(|w| board.worker(w).generation.load(Ordering::Acquire)).collect();
                self.asked = Some(Asked { cut: self.last, generations, when: Instant::now() });
                cuts.asked.store(self.last, Ordering::Release);
            }
            return Ok(());
        };
        let cut = asked.cut;
        let died =
            asked.generations.iter().enumerate().any(|(w, &g)| board.worker(w).generation.load(Ordering::Acquire) != g);
        if died || cuts.failed.load(Ordering::Acquire) >= cut {
            let why = if died { "a worker died" } else { "a worker died, or a process could not write its objects" };
            log::info!("{}: cut {cut} given up ({why}); the next in {every:?}", ctx.name());
            self.close(ctx, cut);
            return Ok(());
        }
        if cuts.taken.load(Ordering::Acquire) < cut {
            return Ok(());
        }
        let at = cuts.at.load(Ordering::Acquire);
        let written = (0..asked.generations.len()).all(|w| board.worker(w).cut.load(Ordering::Acquire) >= cut);
        if !written || accounted < at {
            return Ok(());
        }
        if let Err(e) = hooks.at_cut(&ctx.dir.cut_files(cut)) {
            log::warn!("{}: cut {cut} given up: its modules cannot be told where the objects are ({e})", ctx.name());
            self.close(ctx, cut);
            return Ok(());
        }
        let checkpointed = stage.checkpoint();
        let _ = hooks.at_cut(&[]);
        log::debug!("{}: cut {cut} at seq {at} taken in {:?}", ctx.name(), asked.when.elapsed());
        self.close(ctx, cut);
        checkpointed
    }

    /// Cut `cut` is over (taken or given up): its files go, and the input reads on.
    fn close(&mut self, ctx: &Ctx<'_>, cut: u64) {
        ctx.dir.remove_cut(cut);
        ctx.board.cuts().done.store(cut, Ordering::Release);
        self.asked = None;
        self.since = Instant::now();
    }
}
