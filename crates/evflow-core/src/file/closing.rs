//! The closing record (docs/formats.md, "Closing record"): whether the job that wrote a file
//! finished, said in the file's own bytes.

use super::layout::MAX_CLOSING_LEN;
use serde_json::{json, Value};

/// Whether a file holds everything the job that wrote it was to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The job finished (or the file predates closing records and was closed).
    pub complete: bool,
    /// Why not, when it is not complete.
    pub reason: Option<String>,
}

impl Completion {
    /// A file of a job that finished.
    pub fn complete() -> Completion {
        Completion { complete: true, reason: None }
    }

    /// A file of a job that stopped early, for `reason` ("interrupted by SIGINT", ...).
    pub fn incomplete(reason: impl Into<String>) -> Completion {
        Completion { complete: false, reason: Some(reason.into()) }
    }

    /// The closing record's content for a file of `events` events.
    pub(crate) fn encode(&self, events: u64) -> Vec<u8> {
        let mut value = json!({ "complete": self.complete, "events": events });
        if let Some(reason) = &self.reason {
            value["reason"] = Value::String(truncate(reason));
        }
        serde_json::to_vec(&value).expect("a JSON object serializes")
    }

    /// Reads a closing record's content; the reason when it is not one.
    pub(crate) fn parse(content: &[u8]) -> Result<Completion, String> {
        if content.len() as u64 > MAX_CLOSING_LEN {
            return Err(format!("{} bytes, more than the limit of {MAX_CLOSING_LEN}", content.len()));
        }
        let value: Value = serde_json::from_slice(content).map_err(|e| format!("not JSON: {e}"))?;
        let complete = value.get("complete").and_then(Value::as_bool).ok_or("no boolean \"complete\"")?;
        let reason = value.get("reason").and_then(Value::as_str).map(str::to_string);
        Ok(Completion { complete, reason: if complete { None } else { reason.or(Some("no reason given".into())) } })
    }
}

impl std::fmt::Display for Completion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.complete, &self.reason) {
            (true, _) => f.write_str("complete"),
            (false, Some(reason)) => write!(f, "not complete ({reason})"),
            (false, None) => f.write_str("not complete"),
        }
    }
}

/// A reason short enough that the record stays far below its limit.
fn truncate(reason: &str) -> String {
    const MAX: usize = 4096;
    if reason.len() <= MAX {
        return reason.to_string();
    }
    let mut end = MAX;
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &reason[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_what_is_not_a_closing_record() {
        for c in [Completion::complete(), Completion::incomplete("interrupted by SIGINT")] {
            assert_eq!(Completion::parse(&c.encode(3)), Ok(c));
        }
        let long = Completion::incomplete("x".repeat(100_000));
        assert!(Completion::parse(&long.encode(1)).unwrap().reason.unwrap().len() < 5000);
        assert!(Completion::parse(b"[1]").unwrap_err().contains("complete"));
        assert!(Completion::parse(b"{\"complete\": 1}").is_err());
        assert!(Completion::parse(b"\xff").unwrap_err().contains("not JSON"));
        let reasonless = Completion::parse(b"{\"complete\": false}").unwrap();
        assert_eq!(reasonless.reason.as_deref(), Some("no reason given"));
    }
}
