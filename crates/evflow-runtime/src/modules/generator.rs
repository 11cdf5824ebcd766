//! `EventGenerator`: a source of synthetic events with random entries, for tests,
//! benchmarks and examples.
//!
//! Events are numbered from 1 in each run: a run of 3 events gives events 1, 2 and 3. The
//! data of each event is drawn from [`EventRng`] seeded with (job seed, run, event), and
//! each entry from its own stream of that event (keyed by the entry's name), so:
//!
//! - the same seed and configuration give the same events, however the job is split
//!   across processes;
//! - an entry's data does not change when other entries are added or removed.
//!
//! Values are drawn as real numbers and stored in the entry's dtype: floats are rounded
//! to the nearest `<f4`/`<f8`; integers take the floor of the value, clamped to the type's
//! range (so `Uniform { lo: 0.0, hi: 10.0 }` gives the integers 0 to 9 equally often);
//! booleans are true when the value is at least 0.5.
//!
//! ```
//! use evflow_runtime::modules::{EntrySpec, EventGenerator, GeneratorConfig, RunSpec, SizeDist, ValueDist};
//! use evflow_runtime::module::{JobContext, Source};
//!
//! let config = GeneratorConfig::new(
//!     vec![RunSpec::new(1, Some(2))],
//!     vec![EntrySpec::new("hits", "<f4", SizeDist::Poisson { mean: 5.0 }, ValueDist::Normal { mean: 0.0, sigma: 1.0 })],
//! );
//! let mut generator = EventGenerator::new(config).unwrap();
//! generator.initialize(&JobContext { seed: 7, ..JobContext::default() }).unwrap();
//! assert_eq!(generator.expected_events(), Some(2));
//! let event = generator.next_event().unwrap().unwrap();
//! assert_eq!((event.meta.run, event.meta.event), (1, 1));
//! assert_eq!(event.get("hits").unwrap().dtype(), "<f4");
//! ```

use super::config::ConfigError;
use super::rng::EventRng;
use crate::module::{HookResult, JobContext, ModuleError, Source};
use evflow_core::entry::MAX_ENTRIES;
use evflow_core::{Entry, Event};

const MODULE: &str = "EventGenerator";

/// The dtypes an entry may have, in numpy's spelling; the one table of names.
const DTYPES: [(&str, NumericType); 11] = [
    ("<f4", NumericType::F32),
    ("<f8", NumericType::F64),
    ("|i1", NumericType::I8),
    ("<i2", NumericType::I16),
    ("<i4", NumericType::I32),
    ("<i8", NumericType::I64),
    ("|u1", NumericType::U8),
    ("<u2", NumericType::U16),
    ("<u4", NumericType::U32),
    ("<u8", NumericType::U64),
    ("|b1", NumericType::Bool),
];

/// The largest number of elements one entry of one event may have, so a typo in a size
/// does not exhaust memory.
pub const MAX_ENTRY_ELEMENTS: u64 = 1 << 28;

/// One run of generated events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunSpec {
    /// Run number.
    pub run: u32,
    /// Events in the run; `None` is unbounded, ended only by the job's `max_events`, and
    /// must be the last run.
    pub events: Option<u64>,
}

impl RunSpec {
    /// Run `run` with `events` events (`None`: unbounded).
    pub fn new(run: u32, events: Option<u64>) -> RunSpec {
        RunSpec { run, events }
    }
}

/// How many elements an entry has in one event (a one-dimensional array).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SizeDist {
    /// Always `n`.
    Fixed(u64),
    /// Uniform between `lo` and `hi`, both included.
    Uniform {
        /// Smallest size.
        lo: u64,
        /// Largest size.
        hi: u64,
    },
    /// Poisson with mean `mean`.
    Poisson {
        /// Mean size, at least 0.
        mean: f64,
    },
}

/// How an entry's values are drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ValueDist {
    /// Uniform in [`lo`, `hi`).
    Uniform {
        /// Lower bound, included.
        lo: f64,
        /// Upper bound, excluded.
        hi: f64,
    },
    /// Normal with mean `mean` and standard deviation `sigma`.
    Normal {
        /// Mean.
        mean: f64,
        /// Standard deviation, at least 0.
        sigma: f64,
    },
    /// Exponential with mean `scale`.
    Exponential {
        /// Mean, greater than 0.
        scale: f64,
    },
    /// 0, 1, 2, ... in each event: not random, for checking data paths.
    Sequence,
}

/// One entry of each generated event.
#[derive(Debug, Clone, PartialEq)]
pub struct EntrySpec {
    /// Entry name.
    pub name: String,
    /// numpy dtype string: `"<f4"`, `"<f8"`, `"|i1"`, `"<i2"`, `"<i4"`, `"<i8"`, `"|u1"`,
    /// `"<u2"`, `"<u4"`, `"<u8"` or `"|b1"` (`"<i1"`, `"<u1"` and `"<b1"` are read as
    /// their `|` spellings, which is what numpy writes).
    pub dtype: String,
    /// Number of elements per event.
    pub size: SizeDist,
    /// Distribution of the values.
    pub values: ValueDist,
}

impl EntrySpec {
    /// An entry `name` of `dtype` whose size and values follow `size` and `values`.
    pub fn new(name: impl Into<String>, dtype: impl Into<String>, size: SizeDist, values: ValueDist) -> EntrySpec {
        EntrySpec { name: name.into(), dtype: dtype.into(), size, values }
    }
}

/// What [`EventGenerator`] generates.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorConfig {
    /// Runs in order; at least one.
    pub runs: Vec<RunSpec>,
    /// Entries of each event, in order; may be empty (events with meta data only).
    pub entries: Vec<EntrySpec>,
}

impl GeneratorConfig {
    /// Events of `runs`, each with `entries`.
    pub fn new(runs: Vec<RunSpec>, entries: Vec<EntrySpec>) -> GeneratorConfig {
        GeneratorConfig { runs, entries }
    }

    /// Checks every option, naming the first that is wrong.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.compile().map(|_| ())
    }

    fn compile(&self) -> Result<Vec<CompiledEntry>, ConfigError> {
        if self.runs.is_empty() {
            return Err(ConfigError::new(MODULE, "runs", &self.runs, "give at least one run"));
        }
        for (i, spec) in self.runs.iter().enumerate() {
            if spec.events.is_none() && i + 1 != self.runs.len() {
                return Err(ConfigError::new(
                    MODULE,
                    format!("runs[{i}].events"),
                    spec.events,
                    "only the last run may be unbounded (None); give this run a number of events",
                ));
            }
            if self.runs[..i].iter().any(|earlier| earlier.run == spec.run) {
                return Err(ConfigError::new(
                    MODULE,
                    format!("runs[{i}].run"),
                    spec.run,
                    "each run number once, so no two events share (run, event)",
                ));
            }
        }
        if self.entries.len() > MAX_ENTRIES {
            let allowed = format!("at most {MAX_ENTRIES} entries, as an event holds");
            return Err(ConfigError::new(MODULE, "entries", self.entries.len(), allowed));
        }
        let mut compiled = Vec::with_capacity(self.entries.len());
        for (i, entry) in self.entries.iter().enumerate() {
            compiled.push(compile_entry(i, entry, &self.entries[..i])?);
        }
        Ok(compiled)
    }
}

fn compile_entry(i: usize, spec: &EntrySpec, earlier: &[EntrySpec]) -> Result<CompiledEntry, ConfigError> {
    if let Err(e) = evflow_core::entry::check_name(&spec.name) {
        return Err(ConfigError::new(MODULE, format!("entries[{i}].name"), &spec.name, e.to_string()));
    }
    if earlier.iter().any(|e| e.name == spec.name) {
        return Err(ConfigError::new(MODULE, format!("entries[{i}].name"), &spec.name, "each entry name once"));
    }
    let (dtype, numeric) = parse_dtype(&spec.dtype).ok_or_else(|| {
        let names: Vec<&str> = DTYPES.iter().map(|(name, _)| *name).collect();
        ConfigError::new(MODULE, format!("entries[{i}].dtype"), &spec.dtype, format!("use one of {names:?}"))
    })?;
    let size_option = format!("entries[{i}].size");
    match spec.size {
        SizeDist::Fixed(n) if n > MAX_ENTRY_ELEMENTS => {
            return Err(ConfigError::new(MODULE, size_option, spec.size, format!("at most {MAX_ENTRY_ELEMENTS}")))
        }
        SizeDist::Uniform { lo, hi } if lo > hi || hi > MAX_ENTRY_ELEMENTS => {
            return Err(ConfigError::new(MODULE, size_option, spec.size, format!("lo <= hi <= {MAX_ENTRY_ELEMENTS}")))
        }
        SizeDist::Poisson { mean } if !(0.0..=MAX_ENTRY_ELEMENTS as f64 / 2.0).contains(&mean) => {
            return Err(ConfigError::new(
                MODULE,
                size_option,
                spec.size,
                format!("a mean from 0 to {}", MAX_ENTRY_ELEMENTS / 2),
            ))
        }
        _ => {}
    }
    let values_option = format!("entries[{i}].values");
    let finite = |x: f64| x.is_finite();
    match spec.values {
        ValueDist::Uniform { lo, hi } if !(finite(lo) && finite(hi) && lo <= hi) => {
            return Err(ConfigError::new(MODULE, values_option, spec.values, "finite bounds with lo <= hi"))
        }
        ValueDist::Normal { mean, sigma } if !(finite(mean) && finite(sigma) && sigma >= 0.0) => {
            return Err(ConfigError::new(MODULE, values_option, spec.values, "a finite mean and a finite sigma >= 0"))
        }
        ValueDist::Exponential { scale } if !(finite(scale) && scale > 0.0) => {
            return Err(ConfigError::new(MODULE, values_option, spec.values, "a finite scale > 0"))
        }
        _ => {}
    }
    Ok(CompiledEntry {
        name: spec.name.clone(),
        dtype,
        numeric,
        size: spec.size,
        values: spec.values,
        stream: stream_key(&spec.name),
    })
}

/// The canonical spelling and type of an allowed dtype string.
fn parse_dtype(dtype: &str) -> Option<(&'static str, NumericType)> {
    let canonical = match dtype {
        "<i1" => "|i1",
        "<u1" => "|u1",
        "<b1" => "|b1",
        other => other,
    };
    DTYPES.iter().find(|(name, _)| *name == canonical).copied()
}

/// FNV-1a of the entry name: the entry's random stream within an event.
fn stream_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumericType {
    F32,
    F64,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    Bool,
}

impl NumericType {
    /// Bytes of one value.
    fn item_size(self) -> usize {
        match self {
            NumericType::I8 | NumericType::U8 | NumericType::Bool => 1,
            NumericType::I16 | NumericType::U16 => 2,
            NumericType::F32 | NumericType::I32 | NumericType::U32 => 4,
            NumericType::F64 | NumericType::I64 | NumericType::U64 => 8,
        }
    }
}

#[derive(Debug, Clone)]
struct CompiledEntry {
    name: String,
    dtype: &'static str,
    numeric: NumericType,
    size: SizeDist,
    values: ValueDist,
    stream: u64,
}

/// A source of synthetic events; see the module documentation.
#[derive(Debug)]
pub struct EventGenerator {
    runs: Vec<RunSpec>,
    entries: Vec<CompiledEntry>,
    seed: u64,
    /// Index into `runs` of the run being generated.
    run_index: usize,
    /// The number of the next event in that run.
    next_event: u64,
    /// Reused buffer of values before they are stored in the entry's dtype.
    scratch: Vec<f64>,
}

impl EventGenerator {
    /// A generator for `config`, or the first option that is wrong.
    pub fn new(config: GeneratorConfig) -> Result<EventGenerator, ConfigError> {
        let entries = config.compile()?;
        Ok(EventGenerator { runs: config.runs, entries, seed: 0, run_index: 0, next_event: 1, scratch: Vec::new() })
    }

    /// The event `event` of run `run`, as this generator makes it for a job seeded with
    /// `seed`, whether or not the run has that many events.
    pub fn generate(&mut self, seed: u64, run: u32, event: u64) -> Result<Event, ModuleError> {
        let mut out = Event::new(run, event);
        for entry in &self.entries {
            let mut rng = EventRng::for_stream(seed, entry.stream, run, event);
            let n = draw_size(&mut rng, entry.size);
            draw_values(&mut rng, entry.values, n, &mut self.scratch);
            // Written once, where the entry's bytes stay: in this process's home on shm.
            let mut fresh = evflow_core::home::allocate(n * entry.numeric.item_size());
            store(entry.numeric, &self.scratch, fresh.as_mut_slice());
            let (bytes, home) = fresh.freeze();
            let made = Entry::new(entry.dtype, vec![n as u64], bytes)
                .map(|data| data.with_home(home))
                .and_then(|data| out.put(entry.name.as_str(), data));
            if let Err(e) = made {
                // Sizes and names were checked at construction; this is a bug if it happens.
                return Err(ModuleError::wrap(format!("cannot make entry {:?}", entry.name), e));
            }
        }
        Ok(out)
    }
}

impl Source for EventGenerator {
    fn name(&self) -> &str {
        MODULE
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        self.seed = ctx.seed;
        self.run_index = 0;
        self.next_event = 1;
        Ok(())
    }

    fn expected_events(&self) -> Option<u64> {
        self.runs.iter().try_fold(0u64, |total, spec| total.checked_add(spec.events?))
    }

    /// Goes to `position` by counting the runs' events (each event is made from its run and
    /// number alone).
    fn seek(&mut self, position: u64) -> HookResult<bool> {
        let mut left = position;
        self.run_index = 0;
        self.next_event = 1;
        while let Some(spec) = self.runs.get(self.run_index) {
            match spec.events {
                Some(n) if left >= n => {
                    left -= n;
                    self.run_index += 1;
                }
                _ => {
                    self.next_event = left + 1;
                    break;
                }
            }
        }
        Ok(true)
    }

    /// Its runs and entries: other ones make other events.
    fn identity(&self) -> Option<serde_json::Value> {
        let runs: Vec<_> = self.runs.iter().map(|r| (r.run, r.events)).collect();
        let entries: Vec<_> = self.entries.iter().map(|e| format!("{e:?}")).collect();
        Some(serde_json::json!({ "runs": runs, "entries": entries }))
    }

    fn next_event(&mut self) -> HookResult<Option<Event>> {
        loop {
            let Some(spec) = self.runs.get(self.run_index) else { return Ok(None) };
            let exhausted = match spec.events {
                Some(n) => self.next_event > n,
                None => self.next_event == u64::MAX,
            };
            if !exhausted {
                break;
            }
            self.run_index += 1;
            self.next_event = 1;
        }
        let run = self.runs[self.run_index].run;
        let number = self.next_event;
        self.next_event += 1;
        self.generate(self.seed, run, number).map(Some)
    }
}

fn draw_size(rng: &mut EventRng, size: SizeDist) -> usize {
    let n = match size {
        SizeDist::Fixed(n) => n,
        SizeDist::Uniform { lo, hi } => rng.uniform_u64(lo, hi),
        SizeDist::Poisson { mean } => rng.poisson(mean),
    };
    // A Poisson tail past the limit is cut, so one event never exceeds it.
    n.min(MAX_ENTRY_ELEMENTS) as usize
}

fn draw_values(rng: &mut EventRng, values: ValueDist, n: usize, out: &mut Vec<f64>) {
    out.clear();
    out.reserve(n);
    match values {
        ValueDist::Uniform { lo, hi } => out.extend((0..n).map(|_| rng.uniform_range(lo, hi))),
        ValueDist::Normal { mean, sigma } => out.extend((0..n).map(|_| rng.normal(mean, sigma))),
        ValueDist::Exponential { scale } => out.extend((0..n).map(|_| rng.exponential(scale))),
        ValueDist::Sequence => out.extend((0..n).map(|i| i as f64)),
    }
}

/// A number type as stored in an entry: its size and its little-endian bytes.
trait Element: Copy {
    const SIZE: usize;
    fn from_value(value: f64) -> Self;
    fn write_le(self, out: &mut [u8]);
}

macro_rules! float_element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            #[inline]
            fn from_value(value: f64) -> Self {
                value as $t
            }
            #[inline]
            fn write_le(self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}

macro_rules! int_element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            #[inline]
            fn from_value(value: f64) -> Self {
                // `as` saturates at the type's bounds and maps NaN to 0.
                value.floor() as $t
            }
            #[inline]
            fn write_le(self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}

float_element!(f32, f64);
int_element!(i8, i16, i32, i64, u8, u16, u32, u64);

/// numpy's bool: one byte, 0 or 1.
#[derive(Clone, Copy)]
struct NumpyBool(u8);

impl Element for NumpyBool {
    const SIZE: usize = 1;
    #[inline]
    fn from_value(value: f64) -> Self {
        NumpyBool(u8::from(value >= 0.5))
    }
    #[inline]
    fn write_le(self, out: &mut [u8]) {
        out[0] = self.0;
    }
}

/// Writes `values` into `bytes` (as long as they are in `numeric`'s size).
fn store(numeric: NumericType, values: &[f64], bytes: &mut [u8]) {
    match numeric {
        NumericType::F32 => store_as::<f32>(values, bytes),
        NumericType::F64 => store_as::<f64>(values, bytes),
        NumericType::I8 => store_as::<i8>(values, bytes),
        NumericType::I16 => store_as::<i16>(values, bytes),
        NumericType::I32 => store_as::<i32>(values, bytes),
        NumericType::I64 => store_as::<i64>(values, bytes),
        NumericType::U8 => store_as::<u8>(values, bytes),
        NumericType::U16 => store_as::<u16>(values, bytes),
        NumericType::U32 => store_as::<u32>(values, bytes),
        NumericType::U64 => store_as::<u64>(values, bytes),
        NumericType::Bool => store_as::<NumpyBool>(values, bytes),
    }
}

fn store_as<T: Element>(values: &[f64], bytes: &mut [u8]) {
    for (chunk, &value) in bytes.chunks_exact_mut(T::SIZE).zip(values) {
        T::from_value(value).write_le(chunk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dtype_spellings() {
        assert_eq!(parse_dtype("<i1"), Some(("|i1", NumericType::I8)));
        assert_eq!(parse_dtype("<f8"), Some(("<f8", NumericType::F64)));
        assert_eq!(parse_dtype("<f2"), None);
        assert_eq!(parse_dtype(">f8"), None);
    }

    #[test]
    fn integers_floor_and_saturate() {
        let stored = |numeric: NumericType, values: &[f64]| {
            let mut bytes = vec![0xaa; values.len() * numeric.item_size()];
            store(numeric, values, &mut bytes);
            bytes
        };
        assert_eq!(stored(NumericType::I8, &[-0.5, 1.9, 300.0, f64::NAN]), vec![0xff, 1, 127, 0]);
        assert_eq!(stored(NumericType::U16, &[-3.0, 65535.5]), vec![0, 0, 0xff, 0xff]);
        assert_eq!(stored(NumericType::Bool, &[0.49, 0.5, 2.0]), vec![0, 1, 1]);
    }
}
