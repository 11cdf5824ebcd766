//! `evflow.Event`: an event as Python sees it.

use crate::arrays::{entry_array, entry_from_value};
use crate::errors::{config_error, format_error, ExpiredEventError};
use bytes::Bytes;
use evflow_core::aligned::aligned_copy;
use evflow_core::wire::{self, DecodeOptions, EncodeOptions};
use evflow_core::{Event, EventMeta, Flags};
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyFrozenSet};

static RNG_FACTORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// An event: run, event number, seq, flags and named numpy arrays.
///
/// Events handed to `Module.event()` are lent: they are valid during that call only.
#[pyclass(name = "Event", module = "evflow")]
pub struct PyEvent {
    inner: Option<Event>,
    seed: u64,
    /// Random stream of the module the event is lent to (from its name; 0 outside a path).
    stream: u64,
    rng: Option<Py<PyAny>>,
}

impl PyEvent {
    /// Wraps an event owned by Python.
    pub fn owned(event: Event) -> PyEvent {
        PyEvent { inner: Some(event), seed: 0, stream: 0, rng: None }
    }

    /// Wraps an event lent to a module of a job, whose random stream is `stream`.
    pub fn lent(event: Event, seed: u64, stream: u64) -> PyEvent {
        PyEvent { inner: Some(event), seed, stream, rng: None }
    }

    /// Takes the event back from Python; later use from Python raises ExpiredEventError.
    pub fn take(&mut self) -> Option<Event> {
        self.rng = None;
        self.inner.take()
    }

    /// The event, or `ExpiredEventError` once it was taken back.
    pub(crate) fn event(&self) -> PyResult<&Event> {
        self.inner.as_ref().ok_or_else(expired)
    }

    fn event_mut(&mut self) -> PyResult<&mut Event> {
        self.inner.as_mut().ok_or_else(expired)
    }
}

fn expired() -> PyErr {
    ExpiredEventError::new_err(
        "this event was lent to a module's event() call that has returned; \
         keep the arrays you need (event['name']), not the event",
    )
}

#[pymethods]
impl PyEvent {
    #[new]
    #[pyo3(signature = (run=0, number=0, **entries))]
    fn new(py: Python<'_>, run: i128, number: i128, entries: Option<&Bound<'_, PyDict>>) -> PyResult<PyEvent> {
        let out_of_range = |what: &str, value: i128, max: u64| {
            config_error(format!("Event: {what} = {value} is out of range (0 to {max})"))
        };
        let run = u32::try_from(run).map_err(|_| out_of_range("run", run, u32::MAX.into()))?;
        let number = u64::try_from(number).map_err(|_| out_of_range("number", number, u64::MAX))?;
        let mut event = Event::new(run, number);
        if let Some(entries) = entries {
            for (name, value) in entries.iter() {
                let name: String = name.extract()?;
                let entry = entry_from_value(py, &name, &value)?;
                event.put(name, entry).map_err(config_error)?;
            }
        }
        Ok(PyEvent::owned(event))
    }

    fn __getitem__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        let event = self.event()?;
        match event.get(name) {
            Some(entry) => entry_array(py, entry).map_err(|e| {
                format_error(format!("entry {name:?} cannot be viewed as a numpy array: {}", e.value(py)))
            }),
            None => {
                let names: Vec<&str> = event.names().collect();
                Err(PyKeyError::new_err(format!("no entry {name:?} in this event (it has: {})", names.join(", "))))
            }
        }
    }

    fn __setitem__(&mut self, py: Python<'_>, name: String, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.event()?;
        let entry = entry_from_value(py, &name, value)?;
        self.event_mut()?.put(name, entry).map_err(config_error)
    }

    fn __delitem__(&mut self, name: &str) -> PyResult<()> {
        match self.event_mut()?.remove(name) {
            Some(_) => Ok(()),
            None => Err(PyKeyError::new_err(name.to_string())),
        }
    }

    fn __contains__(&self, name: &str) -> PyResult<bool> {
        Ok(self.event()?.contains(name))
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.event()?.len())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let keys = self.keys()?;
        Ok(keys.into_pyobject(py)?.try_iter()?.into_any().unbind())
    }

    /// Entry names in order.
    fn keys(&self) -> PyResult<Vec<String>> {
        Ok(self.event()?.names().map(str::to_string).collect())
    }

    /// Run number.
    #[getter]
    fn run(&self) -> PyResult<u32> {
        Ok(self.event()?.meta.run)
    }

    /// Event number within the run.
    #[getter]
    fn number(&self) -> PyResult<u64> {
        Ok(self.event()?.meta.event)
    }

    /// Position in the job's input (assigned by the input).
    #[getter]
    fn seq(&self) -> PyResult<u64> {
        Ok(self.event()?.meta.seq)
    }

    /// The event's flags as a frozenset of names such as "failed".
    #[getter]
    fn flags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        PyFrozenSet::new(py, self.event()?.meta.flags.names())
    }

    #[setter]
    fn set_flags(&mut self, names: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut flags = Flags::default();
        for name in names.try_iter()? {
            let name: String = name?.extract()?;
            let known: Vec<&str> = Flags::NAMED.iter().map(|(_, n)| *n).collect();
            let flag = Flags::from_name(&name)
                .ok_or_else(|| config_error(format!("unknown flag {name:?} (known: {}, or bitN)", known.join(", "))))?;
            flags.insert(flag);
        }
        self.event_mut()?.meta.flags = flags;
        Ok(())
    }

    /// A numpy Generator seeded from (job seed, run, event number, the module's name in the
    /// path): the same numbers whichever process handles the event, independent numbers for
    /// each module, unchanged when other modules are added to the path.
    #[getter]
    fn rng(&mut self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(rng) = &self.rng {
            return Ok(rng.clone_ref(py));
        }
        let meta = self.event()?.meta;
        let factory = RNG_FACTORY
            .get_or_try_init(py, || Ok::<_, PyErr>(py.import("evflow._rng")?.getattr("event_rng")?.unbind()))?;
        let rng = factory.call1(py, (self.seed, meta.run, meta.event, self.stream))?;
        self.rng = Some(rng.clone_ref(py));
        Ok(rng)
    }

    /// The event as one wire-format frame (with a CRC32C unless `crc=False`).
    #[pyo3(signature = (crc=true))]
    fn encode<'py>(&self, py: Python<'py>, crc: bool) -> PyResult<Bound<'py, PyBytes>> {
        let frame = wire::encode(self.event()?, EncodeOptions { crc });
        Ok(PyBytes::new(py, &frame))
    }

    /// Decodes one wire-format frame (checking its CRC32C if it has one).
    #[staticmethod]
    fn decode(data: &[u8]) -> PyResult<PyEvent> {
        let frame: Bytes = aligned_copy(data);
        let opts = DecodeOptions { verify_crc: true, ..Default::default() };
        let event = wire::decode(&frame, &opts).map_err(format_error)?;
        Ok(PyEvent::owned(event))
    }

    fn __repr__(&self) -> String {
        let Some(event) = &self.inner else { return "<Event (expired)>".to_string() };
        let EventMeta { run, event: number, seq, flags } = event.meta;
        let entries: Vec<String> =
            event.iter().map(|(name, e)| format!("{name}: {} {:?}", e.dtype(), e.shape())).collect();
        let flags = if flags.0 == 0 { String::new() } else { format!(", flags={{{}}}", flags.names().join(", ")) };
        format!("<Event run={run} number={number} seq={seq}{flags} [{}]>", entries.join(", "))
    }
}
