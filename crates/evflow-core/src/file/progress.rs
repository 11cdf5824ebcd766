//! Progress records (docs/formats.md, "Progress record"): what the job writing a file has
//! accounted for, and when jobs resumed it, so that a killed job can go on from its output.

use super::layout::MAX_PROGRESS_LEN;
use serde_json::{json, Value};

/// What the progress records of a file said, in reading order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    /// The last `accounted`: every input position below it is in a record before that
    /// progress record, or never reaches the file.
    pub accounted: Option<u64>,
    /// Each `resumed` entry (`at`, `kept`, `accounted`, ...), oldest first.
    pub resumes: Vec<Value>,
}

impl Progress {
    /// Takes in one progress record's content; the reason when it is not one.
    pub(crate) fn take(&mut self, content: &[u8]) -> Result<(), String> {
        if content.len() as u64 > MAX_PROGRESS_LEN {
            return Err(format!("{} bytes, more than the limit of {MAX_PROGRESS_LEN}", content.len()));
        }
        let value: Value = serde_json::from_slice(content).map_err(|e| format!("not JSON: {e}"))?;
        if let Some(accounted) = value.get("accounted") {
            self.accounted = Some(accounted.as_u64().ok_or("\"accounted\" is not a non-negative integer")?);
        } else if let Some(resumed @ Value::Object(_)) = value.get("resumed") {
            if let Some(accounted) = resumed.get("accounted").and_then(Value::as_u64) {
                self.accounted = Some(accounted);
            }
            self.resumes.push(resumed.clone());
        } else {
            return Err("neither \"accounted\" nor a \"resumed\" object".into());
        }
        Ok(())
    }
}

/// The content of a progress record saying every input position below `below` is accounted for.
pub fn accounted_record(below: u64) -> Value {
    json!({ "accounted": below })
}

/// The content of the progress record a resumed job writes before its first new record: it
/// kept the `kept` event records before it and goes on from input position `accounted`.
pub fn resumed_record(kept: u64, accounted: u64, steering_changed: bool) -> Value {
    json!({ "resumed": {
        "at": super::writer::utc_now_iso8601(),
        "kept": kept,
        "accounted": accounted,
        "evflow": env!("CARGO_PKG_VERSION"),
        "steering_changed": steering_changed,
    }})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_accounted_and_resumed_and_refuses_anything_else() {
        let mut p = Progress::default();
        p.take(&serde_json::to_vec(&accounted_record(7)).unwrap()).unwrap();
        assert_eq!(p.accounted, Some(7));
        p.take(br#"{"resumed": {"at": "2026-11-28T12:00:00Z", "kept": 5, "accounted": 9}}"#).unwrap();
        assert_eq!((p.accounted, p.resumes.len()), (Some(9), 1));
        for bad in [&b"[1]"[..], b"{\"accounted\": -1}", b"{\"resumed\": 3}", b"\xff"] {
            assert!(p.take(bad).is_err(), "{bad:?}");
        }
    }
}
