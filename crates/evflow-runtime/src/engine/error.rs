//! The errors every role meets when it hands an event on or reads one: a message it cannot
//! read ([`MessageError`]) and a send that fails ([`SendError`]). Each role wraps them with
//! its own words; the dispatcher records them as the job's engine error.

use super::protocol::{Kind, ProtocolError};
use super::roles::eventbuilding::Malformed;
use evflow_core::wire::FrameError;
use evflow_transport::ChannelError;

/// A dispatch or a result that cannot be read: a bug or a foreign sender.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    /// Fewer parts than the message's kind has.
    #[error("{what} has a header and a frame, this message {parts} parts")]
    Parts {
        /// The message expected (`a dispatch`).
        what: &'static str,
        /// Parts it had.
        parts: usize,
    },
    /// The header cannot be read.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
    /// A message of another kind.
    #[error("expected {expected}, got {got:?}")]
    Kind {
        /// The kind expected (`a dispatch`).
        expected: &'static str,
        /// The kind it was.
        got: Kind,
    },
    /// The event's frame cannot be read.
    #[error("cannot read the event of seq {seq}: {source}")]
    Frame {
        /// The event's seq.
        seq: u64,
        /// What is wrong with the frame.
        #[source]
        source: FrameError,
    },
    /// A result that says it carries an event, and carries none.
    #[error("a result of seq {seq} without its event")]
    NoEvent {
        /// The event's seq.
        seq: u64,
    },
    /// A result whose event does not decode.
    #[error("a result of seq {seq} whose event does not decode: {source}")]
    Undecodable {
        /// The event's seq.
        seq: u64,
        /// What is wrong with the frame.
        #[source]
        source: FrameError,
    },
    /// A result whose record (made by the worker) is malformed.
    #[error("a result of seq {seq} whose record is malformed: {reason}")]
    Record {
        /// The event's seq.
        seq: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A builder's batch without its index.
    #[error("the built batch of seq {seq} has no index")]
    NoIndex {
        /// The batch's seq.
        seq: u64,
    },
    /// A builder's batch whose index does not fit its parts.
    #[error("the built batch of seq {seq} is malformed: {}", source.0)]
    Batch {
        /// The batch's seq.
        seq: u64,
        /// What is wrong with it.
        #[source]
        source: Malformed,
    },
}

/// An event or a message that could not be handed on: no room for it in the segment, or a
/// channel that failed, or the job aborted while the sender waited.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// The job was aborted (or the monitor died) while the sender waited.
    #[error("the job was aborted")]
    Aborted,
    /// A block for the event could not be allocated, for another reason than a full segment.
    #[error("no room for run {run} event {event}: {source}")]
    NoRoom {
        /// The event's run.
        run: u32,
        /// The event's number.
        event: u64,
        /// Why (boxed: the channel's error is large, and this one travels on every
        /// send's `Result`).
        #[source]
        source: Box<ChannelError>,
    },
    /// The segment stayed full and the output took nothing for [`STUCK_AFTER`](super::roles::sending::STUCK_AFTER).
    #[error(
        "no room in the shared-memory segment for run {run} event {event} ({len} bytes) for {after:?}, and the \
         output took nothing meanwhile: the segment is too small for events this large; {advice}"
    )]
    Stuck {
        /// The event's run.
        run: u32,
        /// The event's number.
        event: u64,
        /// The frame's length.
        len: usize,
        /// How long the sender waited.
        after: std::time::Duration,
        /// What to change.
        advice: String,
    },
    /// The channel failed.
    #[error("cannot send: {0}")]
    Channel(#[source] ChannelError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{OptionsError, MAX_WORKERS};

    /// The messages users see, word for word as they were when they were strings.
    #[test]
    fn messages_are_the_ones_users_read() {
        let cases: Vec<(String, String)> = vec![
            (
                ProtocolError::ShortHeader(3).to_string(),
                "malformed engine message: header of 3 bytes, expected 24".into(),
            ),
            (
                ProtocolError::Version(3).to_string(),
                "malformed engine message: protocol version 3, this evflow speaks version 4: run the same evflow on \
                 every host"
                    .into(),
            ),
            (ProtocolError::UnknownKind(9).to_string(), "malformed engine message: unknown kind 9".into()),
            (ProtocolError::UnknownStatus(0).to_string(), "malformed engine message: unknown result status 0".into()),
            (
                ProtocolError::AcksLength { declared: 1, len: 23 }.to_string(),
                "malformed engine message: 1 acks declared in 23 bytes".into(),
            ),
            (
                MessageError::Parts { what: "a dispatch", parts: 1 }.to_string(),
                "a dispatch has a header and a frame, this message 1 parts".into(),
            ),
            (
                MessageError::Kind { expected: "a dispatch", got: Kind::Acks }.to_string(),
                "expected a dispatch, got Acks".into(),
            ),
            (MessageError::NoEvent { seq: 4 }.to_string(), "a result of seq 4 without its event".into()),
            (MessageError::NoIndex { seq: 4 }.to_string(), "the built batch of seq 4 has no index".into()),
            (
                MessageError::Batch { seq: 4, source: Malformed("x".into()) }.to_string(),
                "the built batch of seq 4 is malformed: x".into(),
            ),
            (SendError::Aborted.to_string(), "the job was aborted".into()),
            (
                SendError::Stuck {
                    run: 1,
                    event: 2,
                    len: 3,
                    after: std::time::Duration::from_secs(10),
                    advice: "raise segment_size".into(),
                }
                .to_string(),
                "no room in the shared-memory segment for run 1 event 2 (3 bytes) for 10s, and the output took \
                 nothing meanwhile: the segment is too small for events this large; raise segment_size"
                    .into(),
            ),
            (
                OptionsError::Transport("bogus".into()).to_string(),
                "transport must be \"shm\" or \"ipc\", not \"bogus\"".into(),
            ),
            (
                OptionsError::Processes(0).to_string(),
                format!("processes must be 1 to {MAX_WORKERS} for a parallel job, not 0"),
            ),
            (
                OptionsError::ShmProcesses { slots: 62, processes: 70 }.to_string(),
                format!(
                    "processes must be at most 62 with transport=\"shm\" (a segment has {} process slots, two of \
                     them for the input and the output), not 70; use transport=\"ipc\" for more",
                    evflow_shm::layout::MAX_PROCESSES
                ),
            ),
            (
                OptionsError::TcpInProcess.to_string(),
                "transport=\"tcp\" joins the devices of a topology on several hosts; process() runs on one: use \
                 \"shm\" or \"ipc\""
                    .into(),
            ),
            (OptionsError::WorkerQueue(0).to_string(), "worker_queue must be 1 to 1000, not 0".into()),
            (OptionsError::EventTimeout.to_string(), "event_timeout must be positive (or None for no limit)".into()),
            (
                OptionsError::SegmentSize { min: 2 << 20, size: 4096 }.to_string(),
                "segment_size must be at least 2097152 bytes (2 MiB), not 4096".into(),
            ),
            (
                OptionsError::WorkerPart { modules: 2, input: 1, workers: 1 }.to_string(),
                "the worker part must hold one or more of the path's 2 modules, not modules 1..1".into(),
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
    }
}
