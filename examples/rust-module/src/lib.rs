//! A calorimeter trigger written in Rust as an evflow module: the example of
//! `docs/rust-modules.md`.
//!
//! Each event carries `adc`: the raw counts of an 8 x 8 grid of calorimeter towers (`<u2`, 64
//! values, row by row). [`CaloTrigger`] subtracts the pedestal, converts counts to GeV with
//! the gain of the event's run, takes the hottest tower as the seed of a cluster and sums
//! the 3 x 3 towers around it. It puts `cluster_energy` (`<f4`, GeV) and `cluster_seed`
//! (`<u2`, the seed's tower index), and keeps the event when the cluster energy reaches the
//! threshold. [`calorimeter`] simulates such events and [`trigger_path`] is the whole job:
//! simulated events, the trigger, and a file of the events it keeps.
//!
//! The crate is also a plugin ([`plugin`]): its shared library puts the trigger on a Python
//! steering file's path (`steer.py` beside it).
#![warn(missing_docs)]

pub mod plugin;

use bytes::Bytes;
use evflow_core::file::Compression;
use evflow_core::{Entry, Event};
use evflow_runtime::job::Path;
use evflow_runtime::log;
use evflow_runtime::module::{Decision, HookResult, JobContext, Module, ModuleError};
use evflow_runtime::modules::{
    ConfigError, EntrySpec, EventGenerator, FileOutput, FileOutputConfig, GeneratorConfig, RunSpec, SizeDist, ValueDist,
};

/// Towers per row and per column of the calorimeter.
pub const GRID: usize = 8;
/// Towers in all: the length of `adc`.
pub const TOWERS: usize = GRID * GRID;
/// ADC counts of an empty tower.
pub const PEDESTAL: u16 = 10;
/// Runs of the example job: (run, events).
pub const RUNS: [(u32, u64); 2] = [(1, 300), (2, 200)];
/// The calibration: GeV per ADC count, per run (the gain drifted between the two runs).
pub const GAINS: [(u32, f32); 2] = [(1, 0.050), (2, 0.048)];
/// Events whose cluster has less energy are rejected.
pub const THRESHOLD_GEV: f32 = 15.0;

/// The trigger; see the crate documentation.
pub struct CaloTrigger {
    threshold_gev: f32,
    gains: Vec<(u32, f32)>,
    /// The gain of the current run, set by `begin_run`.
    gain: Option<f32>,
    /// Events seen and kept in the current run, by this process.
    seen: u64,
    kept: u64,
}

impl CaloTrigger {
    /// Keeps events with a cluster of `threshold_gev` or more; `gains` is the calibration.
    pub fn new(threshold_gev: f32, gains: &[(u32, f32)]) -> CaloTrigger {
        CaloTrigger { threshold_gev, gains: gains.to_vec(), gain: None, seen: 0, kept: 0 }
    }
}

impl Module for CaloTrigger {
    fn name(&self) -> &str {
        "CaloTrigger"
    }

    /// Each event is judged alone, so any number of workers may run the trigger.
    fn parallel_safe(&self) -> bool {
        true
    }

    fn initialize(&mut self, _ctx: &JobContext) -> HookResult {
        if !(self.threshold_gev.is_finite() && self.threshold_gev > 0.0) {
            return Err(ModuleError::msg(format!("threshold_gev must be above 0 GeV, not {}", self.threshold_gev)));
        }
        Ok(())
    }

    fn begin_run(&mut self, run: u32) -> HookResult {
        let gain = self.gains.iter().find(|(r, _)| *r == run).map(|(_, gain)| *gain);
        self.gain = Some(gain.ok_or_else(|| ModuleError::msg(format!("no gain for run {run} in the calibration")))?);
        (self.seen, self.kept) = (0, 0);
        Ok(())
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let gain = self.gain.ok_or_else(|| ModuleError::msg("event before begin_run"))?;
        let energies = tower_energies(event, gain)?;
        let (seed, energy) = cluster(&energies);
        put(event, "cluster_energy", "<f4", &energy.to_le_bytes())?;
        put(event, "cluster_seed", "<u2", &(seed as u16).to_le_bytes())?;
        self.seen += 1;
        if energy < self.threshold_gev {
            return Ok(Decision::Reject);
        }
        self.kept += 1;
        Ok(Decision::Keep)
    }

    fn end_run(&mut self, run: u32) -> HookResult {
        // In a parallel job every worker says this for its own share of the run.
        log::info!("CaloTrigger: run {run}: kept {} of {} events", self.kept, self.seen);
        Ok(())
    }
}

/// Energy of each tower in GeV, from the event's `adc` entry.
fn tower_energies(event: &Event, gain: f32) -> HookResult<[f32; TOWERS]> {
    let adc = event.get("adc").ok_or_else(|| ModuleError::msg("the event has no entry \"adc\""))?;
    if adc.dtype() != "<u2" || adc.shape() != [TOWERS as u64] {
        let (dtype, shape) = (adc.dtype(), adc.shape());
        return Err(ModuleError::msg(format!("entry \"adc\" is {dtype} of shape {shape:?}, not <u2 of [{TOWERS}]")));
    }
    let mut energies = [0.0; TOWERS];
    // Entries are little-endian bytes, not necessarily aligned for u16: decode each value.
    for (energy, counts) in energies.iter_mut().zip(adc.data().chunks_exact(2)) {
        *energy = u16::from_le_bytes([counts[0], counts[1]]).saturating_sub(PEDESTAL) as f32 * gain;
    }
    Ok(energies)
}

/// The hottest tower (the first one on a tie), and the energy of the 3 x 3 towers around it
/// (fewer at an edge).
fn cluster(energies: &[f32; TOWERS]) -> (usize, f32) {
    let seed = (0..TOWERS).max_by(|&a, &b| energies[a].total_cmp(&energies[b]).then(b.cmp(&a))).unwrap_or(0);
    let (row, col) = (seed / GRID, seed % GRID);
    let mut sum = 0.0;
    for r in row.saturating_sub(1)..=(row + 1).min(GRID - 1) {
        for c in col.saturating_sub(1)..=(col + 1).min(GRID - 1) {
            sum += energies[r * GRID + c];
        }
    }
    (seed, sum)
}

/// Puts a scalar (a 0-dimensional array) of `dtype` on the event.
fn put(event: &mut Event, name: &str, dtype: &str, value: &[u8]) -> HookResult {
    let entry = Entry::new(dtype, vec![], Bytes::copy_from_slice(value))
        .map_err(|e| ModuleError::wrap(format!("cannot make entry {name:?}"), e))?;
    event.put(name, entry).map_err(|e| ModuleError::wrap(format!("cannot put entry {name:?}"), e))
}

/// Simulated calorimeter events of `runs` ((run, events) pairs): 64 towers with
/// exponentially falling counts.
pub fn calorimeter(runs: &[(u32, u64)]) -> Result<EventGenerator, ConfigError> {
    let adc = EntrySpec::new("adc", "<u2", SizeDist::Fixed(TOWERS as u64), ValueDist::Exponential { scale: 30.0 });
    let runs = runs.iter().map(|&(run, events)| RunSpec::new(run, Some(events))).collect();
    EventGenerator::new(GeneratorConfig::new(runs, vec![adc]))
}

/// The example's path: simulated events, the trigger, and an output file of the kept events.
pub fn trigger_path(runs: &[(u32, u64)], output: &std::path::Path) -> Result<Path, ConfigError> {
    let output = FileOutput::new(FileOutputConfig::new(output, Compression::zstd()))?;
    let trigger = CaloTrigger::new(THRESHOLD_GEV, &GAINS);
    Ok(Path { source: Box::new(calorimeter(runs)?), modules: vec![Box::new(trigger), Box::new(output)] })
}
