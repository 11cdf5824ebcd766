//! The built-in Rust modules as Python classes (`evflow.modules`). Each Python object holds
//! a validated configuration; the runtime module is built fresh for every job.

use crate::errors::config_error;
use evflow_runtime::module::{Module, Source};
use evflow_runtime::modules::file_output::JOB_METADATA_KEY;
use evflow_runtime::modules::{
    EntrySpec, EventGenerator, FileInput, FileInputConfig, FileOutput, FileOutputConfig, GeneratorConfig, Param,
    Plugin, Progress, ProgressConfig, ProgressStyle, RunSpec, SizeDist, ValueDist,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};
use std::path::PathBuf;

/// The runtime source a built-in source object configures, or `None` for other objects.
pub fn native_source(obj: &Bound<'_, PyAny>) -> PyResult<Option<Box<dyn Source>>> {
    if let Ok(g) = obj.cast::<PyEventGenerator>() {
        let source = EventGenerator::new(g.get().config.clone()).map_err(config_error)?;
        return Ok(Some(Box::new(source)));
    }
    if let Ok(f) = obj.cast::<PyFileInput>() {
        let source = FileInput::new(f.get().config.clone()).map_err(config_error)?;
        return Ok(Some(Box::new(source)));
    }
    Ok(crate::device_steps::native_source(obj))
}

/// The runtime module a built-in module object configures, or `None` for other objects.
/// File outputs store `job` (the job's metadata, unless null) in their header.
pub fn native_module(obj: &Bound<'_, PyAny>, job: &serde_json::Value) -> PyResult<Option<Box<dyn Module>>> {
    if let Ok(f) = obj.cast::<PyFileOutput>() {
        let mut config = f.get().config.clone();
        if !job.is_null() {
            config.metadata.insert(JOB_METADATA_KEY.to_string(), job.clone());
        }
        let module = FileOutput::new(config).map_err(config_error)?;
        return Ok(Some(Box::new(module)));
    }
    if let Ok(p) = obj.cast::<PyProgress>() {
        let module = Progress::new(p.get().config.clone()).map_err(config_error)?;
        return Ok(Some(Box::new(module)));
    }
    if let Ok(p) = obj.cast::<PyPlugin>() {
        return Ok(Some(Box::new(p.get().load()?)));
    }
    Ok(crate::device_steps::native_module(obj))
}

/// A count or number given from Python, checked to fit its type, naming the option if not.
fn count<T: TryFrom<i128>>(option: &str, value: i128) -> PyResult<T> {
    T::try_from(value).map_err(|_| {
        config_error(format!("EventGenerator: {option} = {value} is out of range (a non-negative integer is needed)"))
    })
}

/// A distribution spelled `("kind", params...)`, or a bare name such as "sequence".
fn dist_parts(entry: &str, option: &str, value: &Bound<'_, PyAny>) -> PyResult<(String, Vec<f64>)> {
    if let Ok(name) = value.cast::<PyString>() {
        return Ok((name.to_string(), vec![]));
    }
    let parts: Vec<Bound<'_, PyAny>> = value.extract().map_err(|_| {
        config_error(format!(
            "entry {entry:?}: {option} must be a number, a name or a tuple such as (\"uniform\", 0, 1)"
        ))
    })?;
    let Some((kind, params)) = parts.split_first() else {
        return Err(config_error(format!("entry {entry:?}: {option} is empty; give e.g. (\"uniform\", 0, 1)")));
    };
    let kind: String = kind
        .extract()
        .map_err(|_| config_error(format!("entry {entry:?}: {option} must start with a name such as \"uniform\"")))?;
    let params =
        params.iter().map(|p| p.extract::<f64>()).collect::<PyResult<Vec<f64>>>().map_err(|_| {
            config_error(format!("entry {entry:?}: the parameters of {option} {kind:?} must be numbers"))
        })?;
    Ok((kind, params))
}

fn size_dist(entry: &str, value: &Bound<'_, PyAny>) -> PyResult<SizeDist> {
    if let Ok(n) = value.extract::<u64>() {
        return Ok(SizeDist::Fixed(n));
    }
    match dist_parts(entry, "size", value)? {
        (k, p) if k == "uniform" && p.len() == 2 => {
            let bound = |x: f64| {
                (x >= 0.0 && x.fract() == 0.0 && x < u64::MAX as f64).then_some(x as u64).ok_or_else(|| {
                    config_error(format!(
                        "entry {entry:?}: size (\"uniform\", lo, hi) takes whole numbers >= 0, not {x}"
                    ))
                })
            };
            Ok(SizeDist::Uniform { lo: bound(p[0])?, hi: bound(p[1])? })
        }
        (k, p) if k == "poisson" && p.len() == 1 => Ok(SizeDist::Poisson { mean: p[0] }),
        (k, p) => Err(config_error(format!(
            "entry {entry:?}: size ({k:?} with {} parameters) must be N, (\"uniform\", lo, hi) or (\"poisson\", mean)",
            p.len()
        ))),
    }
}

fn value_dist(entry: &str, value: &Bound<'_, PyAny>) -> PyResult<ValueDist> {
    match dist_parts(entry, "values", value)? {
        (k, p) if k == "uniform" && p.len() == 2 => Ok(ValueDist::Uniform { lo: p[0], hi: p[1] }),
        (k, p) if k == "normal" && p.len() == 2 => Ok(ValueDist::Normal { mean: p[0], sigma: p[1] }),
        (k, p) if k == "exponential" && p.len() == 1 => Ok(ValueDist::Exponential { scale: p[0] }),
        (k, p) if k == "sequence" && p.is_empty() => Ok(ValueDist::Sequence),
        (k, p) => Err(config_error(format!(
            "entry {entry:?}: values ({k:?} with {} parameters) must be (\"uniform\", lo, hi), (\"normal\", mean, \
             sigma), (\"exponential\", scale) or \"sequence\"",
            p.len()
        ))),
    }
}

/// Generates events with configurable entries, reproducibly from (seed, run, event).
///
/// `EventGenerator(events=1000, run=1, entries={"adc": {"dtype": "<u2", "size": 64,
/// "values": ("normal", 100, 5)}})`, or `runs=[(1, 500), (2, 500)]` for several runs.
#[pyclass(name = "EventGenerator", module = "evflow.modules", frozen)]
pub struct PyEventGenerator {
    config: GeneratorConfig,
}

#[pymethods]
impl PyEventGenerator {
    #[new]
    #[pyo3(signature = (events=None, run=1, runs=None, entries=None))]
    fn new(
        events: Option<i128>,
        run: i128,
        runs: Option<Vec<(i128, Option<i128>)>>,
        entries: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let runs = match runs {
            Some(runs) if events.is_some() => {
                return Err(config_error(format!("give either events= or runs=, not both (runs={runs:?})")))
            }
            Some(runs) => runs
                .into_iter()
                .map(|(r, n)| {
                    Ok(RunSpec::new(count("runs: run", r)?, n.map(|n| count("runs: events", n)).transpose()?))
                })
                .collect::<PyResult<_>>()?,
            None => vec![RunSpec::new(count("run", run)?, events.map(|n| count("events", n)).transpose()?)],
        };
        let mut specs = Vec::new();
        for (name, spec) in entries.map(|d| d.iter().collect::<Vec<_>>()).unwrap_or_default() {
            let name: String = name.extract()?;
            let spec = spec
                .cast::<PyDict>()
                .map_err(|_| config_error(format!("entry {name:?} must be a dict with keys dtype, size, values")))?;
            for key in spec.keys() {
                let key: String = key.extract()?;
                if !["dtype", "size", "values"].contains(&key.as_str()) {
                    return Err(config_error(format!("entry {name:?}: unknown key {key:?} (use dtype, size, values)")));
                }
            }
            let dtype: String = match spec.get_item("dtype")? {
                Some(d) => d.extract()?,
                None => return Err(config_error(format!("entry {name:?} needs a dtype, e.g. \"<f4\""))),
            };
            let size = spec.get_item("size")?.map(|s| size_dist(&name, &s)).transpose()?.unwrap_or(SizeDist::Fixed(1));
            let values = spec
                .get_item("values")?
                .map(|v| value_dist(&name, &v))
                .transpose()?
                .unwrap_or(ValueDist::Uniform { lo: 0.0, hi: 1.0 });
            specs.push(EntrySpec::new(name, dtype, size, values));
        }
        let config = GeneratorConfig::new(runs, specs);
        config.validate().map_err(config_error)?;
        Ok(PyEventGenerator { config })
    }

    /// Built-in sources are sources.
    #[getter]
    fn is_source(&self) -> bool {
        true
    }
    /// Name in statistics.
    #[getter]
    fn name(&self) -> &'static str {
        "EventGenerator"
    }
    /// Runs in the input process.
    #[getter]
    fn parallel_safe(&self) -> bool {
        false
    }
    /// Events the generator gives, if bounded.
    #[getter]
    fn expected_events(&self) -> Option<u64> {
        self.config.runs.iter().try_fold(0u64, |acc, r| r.events.and_then(|n| acc.checked_add(n)))
    }
    fn __repr__(&self) -> String {
        format!("EventGenerator({:?})", self.config)
    }
}

/// Reads events from one or more `.evf` files in order.
#[pyclass(name = "FileInput", module = "evflow.modules", frozen)]
pub struct PyFileInput {
    config: FileInputConfig,
}

#[pymethods]
impl PyFileInput {
    #[new]
    #[pyo3(signature = (paths, skip_corrupt=false))]
    fn new(paths: &Bound<'_, PyAny>, skip_corrupt: bool) -> PyResult<Self> {
        let paths: Vec<PathBuf> = match paths.extract::<PathBuf>() {
            Ok(one) => vec![one],
            Err(_) => paths.extract().map_err(|_| config_error("FileInput takes a path or a list of paths"))?,
        };
        if paths.is_empty() {
            return Err(config_error("FileInput needs at least one path"));
        }
        let config = FileInputConfig::new(paths, skip_corrupt);
        config.validate().map_err(config_error)?;
        Ok(PyFileInput { config })
    }
    /// Built-in sources are sources.
    #[getter]
    fn is_source(&self) -> bool {
        true
    }
    /// Name in statistics.
    #[getter]
    fn name(&self) -> &'static str {
        "FileInput"
    }
    /// Runs in the input process.
    #[getter]
    fn parallel_safe(&self) -> bool {
        false
    }
    fn __repr__(&self) -> String {
        format!("FileInput({:?}, skip_corrupt={})", self.config.paths, self.config.skip_corrupt)
    }
}

/// Writes every event that reaches it (failed ones included) to an `.evf` file.
#[pyclass(name = "FileOutput", module = "evflow.modules", frozen)]
pub struct PyFileOutput {
    config: FileOutputConfig,
}

#[pymethods]
impl PyFileOutput {
    #[new]
    #[pyo3(signature = (path, compression="none", level=None, metadata=None))]
    fn new(
        py: Python<'_>,
        path: PathBuf,
        compression: &str,
        level: Option<i32>,
        metadata: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let compression = FileOutputConfig::compression_named(compression, level).map_err(config_error)?;
        let mut config = FileOutputConfig::new(path, compression);
        if let Some(metadata) = metadata {
            let json: String = py.import("json")?.call_method1("dumps", (metadata,))?.extract()?;
            config.metadata = serde_json::from_str(&json).map_err(config_error)?;
        }
        config.validate().map_err(config_error)?;
        Ok(PyFileOutput { config })
    }
    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        true
    }
    /// Name in statistics.
    #[getter]
    fn name(&self) -> &'static str {
        "FileOutput"
    }
    /// The file it writes.
    #[getter]
    fn path(&self) -> PathBuf {
        self.config.path.clone()
    }
    /// The `.part` file it writes until it closes it (with `{run}`: the pattern of the files
    /// per run).
    fn part_files(&self) -> Vec<PathBuf> {
        self.config.part_files()
    }
    /// Runs in the output process.
    #[getter]
    fn parallel_safe(&self) -> bool {
        false
    }
    fn __repr__(&self) -> String {
        format!("FileOutput({:?}, compression={:?})", self.config.path, self.config.compression)
    }
}

/// A progress bar on stderr (plain lines when stderr is not a terminal).
#[pyclass(name = "Progress", module = "evflow.modules", frozen)]
pub struct PyProgress {
    config: ProgressConfig,
}

#[pymethods]
impl PyProgress {
    #[new]
    #[pyo3(signature = (style="auto"))]
    fn new(style: &str) -> PyResult<Self> {
        let style = match style {
            "auto" => ProgressStyle::Auto,
            "bar" => ProgressStyle::Bar,
            "plain" => ProgressStyle::Plain,
            other => return Err(config_error(format!("Progress style must be auto, bar or plain, not {other:?}"))),
        };
        Ok(PyProgress { config: ProgressConfig::new(style) })
    }
    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        true
    }
    /// Name in statistics.
    #[getter]
    fn name(&self) -> &'static str {
        "Progress"
    }
    /// Runs in the output process.
    #[getter]
    fn parallel_safe(&self) -> bool {
        false
    }
}

/// Sets the level of evflow's Rust log messages: debug, info, warning or error.
#[pyfunction]
pub fn set_log_level(level: &str) -> PyResult<()> {
    let level = level.parse().map_err(config_error)?;
    evflow_runtime::log::set_level(level);
    Ok(())
}

/// Starts (or stops) keeping the warnings and errors evflow's Rust side prints in this
/// process, for the web page's log (docs/web.md).
#[pyfunction]
pub fn log_tap(on: bool) {
    evflow_runtime::log::tap(on);
}

/// The warnings and errors kept since the last call: (Unix time, level, message), oldest first.
#[pyfunction]
pub fn log_tapped() -> Vec<(f64, &'static str, String)> {
    evflow_runtime::log::tapped().into_iter().map(|(t, level, m)| (t, level.name(), m)).collect()
}

/// Registers the classes on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEventGenerator>()?;
    m.add_class::<PyFileInput>()?;
    m.add_class::<PyFileOutput>()?;
    m.add_class::<PyProgress>()?;
    m.add_function(wrap_pyfunction!(set_log_level, m)?)?;
    m.add_function(wrap_pyfunction!(log_tap, m)?)?;
    m.add_function(wrap_pyfunction!(log_tapped, m)?)?;
    Ok(())
}

/// A module of a compiled plugin library (docs/plugins.md): `evflow.modules.Plugin(library,
/// name, parallel_safe=None, **params)`, its parameters given here as tagged values
/// (`("int", 3)`, `("list", [...])`, `("array", dtype, shape, bytes)`) by the Python
/// function of that name, which checks them. Made here once, to check the library and the
/// parameters before the job starts; each job makes its own instance.
#[pyclass(name = "Plugin", module = "evflow.modules", frozen)]
pub struct PyPlugin {
    library: PathBuf,
    name: String,
    params: Vec<(String, Param)>,
    parallel_safe: Option<bool>,
}

impl PyPlugin {
    fn load(&self) -> PyResult<Plugin> {
        Plugin::load(&self.library, &self.name, &self.params, self.parallel_safe).map_err(config_error)
    }
}

#[pymethods]
impl PyPlugin {
    #[new]
    #[pyo3(signature = (library, name, parallel_safe, params))]
    fn new(
        library: PathBuf,
        name: String,
        parallel_safe: Option<bool>,
        params: Vec<(String, Bound<'_, PyAny>)>,
    ) -> PyResult<Self> {
        let params = params.into_iter().map(|(k, v)| Ok((k, param(&v)?))).collect::<PyResult<Vec<_>>>()?;
        let plugin = PyPlugin { library, name, params, parallel_safe };
        drop(plugin.load()?);
        Ok(plugin)
    }

    /// The module's name, in statistics and errors.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Marks built-in modules for `Path.add`.
    #[getter]
    fn is_native_module(&self) -> bool {
        true
    }

    fn __repr__(&self) -> String {
        format!("Plugin({:?}, {:?})", self.library.display().to_string(), self.name)
    }
}

/// A tagged parameter value as the Python function `Plugin` makes it.
fn param(value: &Bound<'_, PyAny>) -> PyResult<Param> {
    let tagged = value.cast::<PyTuple>()?;
    let tag: String = tagged.get_item(0)?.extract()?;
    let item = |i: usize| tagged.get_item(i);
    Ok(match tag.as_str() {
        "int" => Param::Int(item(1)?.extract()?),
        "float" => Param::Float(item(1)?.extract()?),
        "bool" => Param::Bool(item(1)?.extract()?),
        "str" => Param::Str(item(1)?.extract()?),
        "list" => {
            let items: Vec<Bound<'_, PyAny>> = item(1)?.extract()?;
            Param::List(items.iter().map(param).collect::<PyResult<_>>()?)
        }
        "array" => Param::Array {
            dtype: item(1)?.extract()?,
            shape: item(2)?.extract()?,
            data: item(3)?.cast::<PyBytes>()?.as_bytes().to_vec(),
        },
        other => return Err(config_error(format!("Plugin: a parameter tagged {other:?}"))),
    })
}
