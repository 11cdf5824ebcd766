//! `evflow.Channel`, `evflow.Message` and `evflow.Part`: the transport's Channel API from
//! Python (docs/transport.md). `python/evflow/channels.py` is the documented front end.
//!
//! Threads: a channel is a `frozen` class around a `Mutex`, so any Python thread may use it;
//! one operation runs at a time (a second thread's call waits for the first one's current
//! wait slice, at most [`SIGNAL_CHECK`]). Blocking calls release the GIL and wait in slices
//! of [`SIGNAL_CHECK`], running Python's signal handlers between slices, so Ctrl-C stops a
//! `recv()` that waits for ever.

use crate::errors::{self, config_error, format_error};
use crate::event::PyEvent;
use bytes::Bytes;
use evflow_core::aligned::aligned_copy;
use evflow_core::wire::{self, DecodeOptions, EncodeOptions, FrameLayout};
use evflow_core::Event;
use evflow_shm::segment::DEFAULT_SEGMENT_LEN;
use evflow_shm::{AllocError, SegmentConfig, ShmError};
use evflow_transport::channel::{DEFAULT_LINGER, DEFAULT_QUEUE};
use evflow_transport::curve::Curve;
use evflow_transport::{Channel, ChannelError, Message, Options, Part, Pattern, Side};
use pyo3::buffer::PyUntypedBuffer;
use pyo3::exceptions::{PyBufferError, PyIndexError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use std::ffi::{c_int, c_void};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Longest a blocking call waits without looking at Python's signals (Ctrl-C).
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// Frames whose start is aligned to this (numpy's strictest dtype alignment) are decoded in
/// place; others are copied once, so event arrays are always aligned.
const VIEW_ALIGN: usize = 16;

/// The Python exception for a channel error; its message is the error's own text.
pub fn channel_error(e: ChannelError) -> PyErr {
    let message = e.to_string();
    match e {
        ChannelError::Address { .. } | ChannelError::Security { .. } => errors::ConfigError::new_err(message),
        ChannelError::Timeout { .. } | ChannelError::QueueFull { .. } => errors::ChannelTimeoutError::new_err(message),
        ChannelError::PeerGone { .. } => errors::PeerGoneError::new_err(message),
        ChannelError::Alloc { source: AllocError::TooLarge { .. }, .. } => {
            errors::MessageTooLargeError::new_err(message)
        }
        ChannelError::Alloc { source: AllocError::SegmentFull { .. } | AllocError::NoMemory { .. }, .. } => {
            errors::SegmentFullError::new_err(message)
        }
        ChannelError::Alloc { source: AllocError::CorruptHandle { .. }, .. } | ChannelError::Ring { .. } => {
            errors::CorruptMessageError::new_err(message)
        }
        ChannelError::Shm { source: ShmError::Config(_), .. } => errors::ConfigError::new_err(message),
        _ => errors::ChannelError::new_err(message),
    }
}

/// A number of seconds as a `Duration`.
fn seconds(what: &str, seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| config_error(format!("{what} = {seconds} is not a number of seconds (0 or more)")))
}

/// A timeout in seconds, `None` for ever.
fn timeout_of(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    timeout.map(|t| seconds("timeout", t)).transpose()
}

/// One message part as given to `send`: bytes ready to go, or an event still to encode (into
/// the channel's own memory: a block of the segment on shm).
enum Outgoing {
    Part(Part),
    Event(Event),
}

/// A Python buffer lent to a `Bytes` for the time of a send: the transports copy the bytes
/// (into a libzmq message or a block of the segment) before `send` returns.
struct Lent(PyUntypedBuffer);

impl AsRef<[u8]> for Lent {
    fn as_ref(&self) -> &[u8] {
        // SAFETY: the buffer is C-contiguous (checked when it was taken) and stays exported,
        // so its memory stays valid, until this owner is dropped.
        unsafe { std::slice::from_raw_parts(self.0.buf_ptr() as *const u8, self.0.len_bytes()) }
    }
}

/// What `send` can take as one part.
const PART_KINDS: &str =
    "bytes, a bytearray, a memoryview, a contiguous numpy array, an evflow.Event or a received evflow.Part";

fn outgoing_part(item: &Bound<'_, PyAny>, index: usize) -> PyResult<Outgoing> {
    if let Ok(part) = item.cast::<PyPart>() {
        return Ok(Outgoing::Part(part.get().part.clone()));
    }
    if let Ok(event) = item.cast::<PyEvent>() {
        return Ok(Outgoing::Event(event.borrow().event()?.clone()));
    }
    let kind = || item.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    if item.is_instance_of::<PyString>() {
        let hint = "encode it first (text.encode())";
        return Err(PyTypeError::new_err(format!("part {index}: cannot send a str: {hint}")));
    }
    let buffer = PyUntypedBuffer::get(item)
        .map_err(|_| PyTypeError::new_err(format!("part {index}: cannot send a {}: send {PART_KINDS}", kind())))?;
    if !buffer.is_c_contiguous() {
        return Err(PyBufferError::new_err(format!(
            "part {index}: the {} is not C-contiguous: send numpy.ascontiguousarray(it)",
            kind()
        )));
    }
    if buffer.len_bytes() == 0 {
        return Ok(Outgoing::Part(Part::Bytes(Bytes::new())));
    }
    Ok(Outgoing::Part(Part::Bytes(Bytes::from_owner(Lent(buffer)))))
}

/// The parts of what was given to `send`: one part, a list or tuple of parts, or a message.
fn outgoing(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Outgoing>> {
    if let Ok(message) = obj.cast::<PyMessage>() {
        return Ok(message.get().parts.iter().cloned().map(Outgoing::Part).collect());
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return obj.try_iter()?.enumerate().map(|(i, item)| outgoing_part(&item?, i)).collect();
    }
    Ok(vec![outgoing_part(obj, 0)?])
}

/// The message to send: events are encoded into memory the channel allocates.
fn assemble(channel: &Channel, parts: &[Outgoing], timeout: Option<Duration>) -> Result<Message, ChannelError> {
    let mut message = Message::new(Vec::with_capacity(parts.len()));
    for part in parts {
        message.parts.push(match part {
            Outgoing::Part(part) => part.clone(),
            Outgoing::Event(event) => {
                let layout = FrameLayout::of(event);
                let mut frame = channel.alloc(layout.frame_len(), timeout)?;
                wire::encode_into(event, &layout, frame.as_mut_slice(), EncodeOptions { crc: false });
                frame.freeze()
            }
        });
    }
    Ok(message)
}

/// Whether a failed wait may go on in the next slice: nothing came, or no room yet.
fn still_waiting(e: &ChannelError, sending: bool) -> bool {
    match e {
        ChannelError::Timeout { .. } | ChannelError::QueueFull { .. } => true,
        ChannelError::Alloc { source: AllocError::SegmentFull { .. }, .. } => sending,
        _ => false,
    }
}

/// The error of the last slice, stated for the whole timeout.
fn for_whole_wait(e: ChannelError, timeout: Duration) -> ChannelError {
    match e {
        ChannelError::Timeout { channel, .. } => ChannelError::Timeout { channel, after: timeout },
        ChannelError::QueueFull { channel, detail, .. } => ChannelError::QueueFull { channel, after: timeout, detail },
        other => other,
    }
}

/// One socket of a pattern at an address (`evflow.Channel` is the documented front end).
#[pyclass(name = "Channel", module = "evflow._native", frozen)]
pub struct PyChannel {
    inner: Mutex<Option<Channel>>,
    pattern: Pattern,
    address: Arc<str>,
}

impl Drop for PyChannel {
    /// A shm channel leaves its session under the session's control lock: not with the GIL.
    fn drop(&mut self) {
        let mut channel = self.inner.get_mut().unwrap_or_else(|e| e.into_inner()).take();
        if channel.is_some() {
            // Where Python cannot be detached from (a garbage-collector pass), it drops here.
            Python::try_attach(|py| {
                let channel = channel.take();
                py.detach(move || drop(channel));
            });
        }
    }
}

impl PyChannel {
    fn lock(&self) -> MutexGuard<'_, Option<Channel>> {
        // A panic while the lock was held leaves the channel as it was: usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn closed_error(&self) -> ChannelError {
        ChannelError::State { channel: self.address.to_string(), reason: "the channel is closed".into() }
    }

    /// Runs `attempt` on the channel without the GIL, in slices of at most [`SIGNAL_CHECK`],
    /// until it succeeds, fails for good, or `timeout` has passed.
    fn wait<T: Send>(
        &self,
        py: Python<'_>,
        timeout: Option<Duration>,
        sending: bool,
        mut attempt: impl FnMut(&mut Channel, Duration) -> Result<T, ChannelError> + Send,
    ) -> PyResult<T> {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            let slice =
                deadline.map_or(SIGNAL_CHECK, |d| d.saturating_duration_since(Instant::now()).min(SIGNAL_CHECK));
            let outcome = py.detach(|| match self.lock().as_mut() {
                Some(channel) => attempt(channel, slice),
                None => Err(self.closed_error()),
            });
            let e = match outcome {
                Ok(value) => return Ok(value),
                Err(e) => e,
            };
            if !still_waiting(&e, sending) {
                return Err(channel_error(e));
            }
            py.check_signals()?;
            if let (Some(timeout), Some(deadline)) = (timeout, deadline) {
                if Instant::now() >= deadline {
                    return Err(channel_error(for_whole_wait(e, timeout)));
                }
            }
        }
    }
}

#[pymethods]
impl PyChannel {
    /// Opens a channel; `evflow.Channel` checks and documents the arguments.
    #[allow(clippy::too_many_arguments)] // one per option of the Python signature
    #[new]
    #[pyo3(signature = (pattern, address, bind, queue, linger, segment_size=None, topics=Vec::new(), max_part_size=None,
                        curve_secret=None, curve_allow=Vec::new(), curve_server=None))]
    fn new(
        py: Python<'_>,
        pattern: &str,
        address: &str,
        bind: bool,
        queue: usize,
        linger: f64,
        segment_size: Option<usize>,
        topics: Vec<Vec<u8>>,
        max_part_size: Option<u64>,
        curve_secret: Option<PathBuf>,
        curve_allow: Vec<PathBuf>,
        curve_server: Option<PathBuf>,
    ) -> PyResult<PyChannel> {
        let pattern: Pattern = pattern.parse().map_err(config_error)?;
        if queue == 0 {
            return Err(config_error("queue = 0: a channel queues at least 1 message per peer"));
        }
        if !topics.is_empty() && pattern != Pattern::Sub {
            return Err(config_error(format!("topics apply to sub channels only, not to a {pattern} channel")));
        }
        let linger = seconds("linger", linger)?;
        let mut segment = SegmentConfig::new("");
        segment.size = segment_size.unwrap_or(DEFAULT_SEGMENT_LEN);
        let curve = match (curve_secret, curve_server) {
            (None, _) => None,
            (Some(secret), Some(server)) => Some(Curve::client(&secret, &server)),
            (Some(secret), None) => Some(Curve::server(&secret, &curve_allow)),
        };
        let curve = curve.transpose().map_err(|e| config_error(format!("Channel({address:?}): {e}")))?;
        let options = Options { queue, linger, segment, topics, max_part_size, curve, peer_address: false };
        let side = if bind { Side::Bind } else { Side::Connect };
        let channel = py.detach(|| Channel::open(pattern, address, side, &options)).map_err(channel_error)?;
        let address = channel.address().into();
        Ok(PyChannel { inner: Mutex::new(Some(channel)), pattern, address })
    }

    /// Sends one part, or a list or tuple of parts (a multi-part message), or a received
    /// message; waits up to `timeout` seconds for room (`None`: for ever).
    #[pyo3(signature = (message, timeout=None))]
    fn send(&self, py: Python<'_>, message: &Bound<'_, PyAny>, timeout: Option<f64>) -> PyResult<()> {
        let timeout = timeout_of(timeout)?;
        let parts = outgoing(message)?;
        let mut assembled: Option<Message> = None;
        let sent = self.wait(py, timeout, true, |channel, slice| {
            let message = match &mut assembled {
                Some(message) => message,
                empty => empty.insert(assemble(channel, &parts, Some(slice))?),
            };
            channel.send(message, Some(slice))
        });
        // The lent Python buffers are released here, with the GIL held.
        drop(assembled);
        drop(parts);
        sent
    }

    /// Receives a message, waiting up to `timeout` seconds (`None`: for ever).
    #[pyo3(signature = (timeout=None))]
    fn recv(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<PyMessage> {
        let timeout = timeout_of(timeout)?;
        let message = self.wait(py, timeout, false, |channel, slice| channel.recv(Some(slice)))?;
        Ok(PyMessage { parts: message.parts, channel: Arc::clone(&self.address) })
    }

    /// Closes the channel (a libzmq channel keeps delivering what was sent for `linger`).
    fn close(&self, py: Python<'_>) {
        let channel = py.detach(|| self.lock().take());
        py.detach(move || drop(channel));
    }

    /// The address; for tcp bound to port 0, with the port it got.
    #[getter]
    fn address(&self) -> &str {
        &self.address
    }

    /// The pattern's name.
    #[getter]
    fn pattern(&self) -> &'static str {
        self.pattern.name()
    }

    /// Whether `close()` was called.
    #[getter]
    fn closed(&self, py: Python<'_>) -> bool {
        py.detach(|| self.lock().is_none())
    }

    /// Messages a pub channel dropped because a subscriber's queue was full (shm only).
    #[getter]
    fn dropped(&self, py: Python<'_>) -> u64 {
        py.detach(|| self.lock().as_ref().map_or(0, Channel::dropped))
    }
}

/// A received message: a sequence of read-only parts.
#[pyclass(name = "Message", module = "evflow", frozen, sequence)]
pub struct PyMessage {
    parts: Vec<Part>,
    channel: Arc<str>,
}

impl PyMessage {
    fn part(&self, index: isize) -> PyResult<&Part> {
        let len = self.parts.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if at < 0 || at >= len {
            return Err(PyIndexError::new_err(format!("part {index} out of range: the message has {len} parts")));
        }
        Ok(&self.parts[at as usize])
    }
}

#[pymethods]
impl PyMessage {
    fn __len__(&self) -> usize {
        self.parts.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<PyPart> {
        Ok(PyPart { part: self.part(index)?.clone() })
    }

    /// The parts as `bytes` objects (copies).
    fn bytes<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        self.parts.iter().map(|p| PyBytes::new(py, p.as_slice())).collect()
    }

    /// Part `index` decoded as an evflow event; its arrays are read-only views of the
    /// received memory (the shared segment on shm), which they keep alive.
    #[pyo3(signature = (index=0))]
    fn event(&self, index: isize) -> PyResult<PyEvent> {
        let mut frame = self.part(index)?.clone().into_bytes();
        if !(frame.as_ptr() as usize).is_multiple_of(VIEW_ALIGN) {
            frame = aligned_copy(&frame);
        }
        let options = DecodeOptions { verify_crc: true, ..Default::default() };
        let event = wire::decode(&frame, &options).map_err(|e| {
            format_error(format!("{}: part {index} of the message is not an evflow event: {e}", self.channel))
        })?;
        Ok(PyEvent::owned(event))
    }

    /// Bytes in all parts.
    #[getter]
    fn nbytes(&self) -> usize {
        self.parts.iter().map(Part::len).sum()
    }

    fn __repr__(&self) -> String {
        let sizes: Vec<String> = self.parts.iter().map(|p| p.len().to_string()).collect();
        format!("<evflow.Message from {}: {} parts of {} bytes>", self.channel, self.parts.len(), sizes.join(", "))
    }
}

/// One received message part: a read-only buffer (`bytes(part)`, `memoryview(part)`,
/// `numpy.frombuffer(part)`) over the received memory, which it keeps alive.
#[pyclass(name = "Part", module = "evflow", frozen)]
pub struct PyPart {
    part: Part,
}

#[pymethods]
impl PyPart {
    fn __len__(&self) -> usize {
        self.part.len()
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.part.as_slice())
    }

    /// Whether the part lies in a shared-memory segment.
    #[getter]
    fn shared(&self) -> bool {
        matches!(self.part, Part::Shm(_))
    }

    /// # Safety
    /// Called by Python with a valid `view` to fill.
    unsafe fn __getbuffer__(slf: Bound<'_, Self>, view: *mut ffi::Py_buffer, flags: c_int) -> PyResult<()> {
        let bytes = slf.get().part.as_slice();
        // SAFETY: the bytes live as long as the part, which the view keeps alive through its
        // `obj` reference (set by FillInfo); readonly = 1 refuses writable requests.
        let rc = unsafe {
            ffi::PyBuffer_FillInfo(
                view,
                slf.as_ptr(),
                bytes.as_ptr() as *mut c_void,
                bytes.len() as ffi::Py_ssize_t,
                1,
                flags,
            )
        };
        if rc < 0 {
            return Err(PyErr::fetch(slf.py()));
        }
        Ok(())
    }

    fn __repr__(&self) -> String {
        let kind = if self.shared() { "shared memory" } else { "memory" };
        format!("<evflow.Part {} bytes in {kind}>", self.part.len())
    }
}

/// Registers the classes on the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyChannel>()?;
    m.add_class::<PyMessage>()?;
    m.add_class::<PyPart>()?;
    m.add("DEFAULT_QUEUE", DEFAULT_QUEUE)?;
    m.add("DEFAULT_LINGER", DEFAULT_LINGER.as_secs_f64())?;
    m.add("DEFAULT_SEGMENT_SIZE", DEFAULT_SEGMENT_LEN)?;
    Ok(())
}
