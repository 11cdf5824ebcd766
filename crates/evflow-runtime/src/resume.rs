//! Resuming a killed job from its own output (docs/steering.md, "Resuming a job"): each
//! output reads what a killed run of the job left and checks it was written by this job
//! ([`Module::recover`], changing nothing); the plan says which input positions every output
//! has accounted for; the executors read the source from the first one not accounted for,
//! pass over those accounted for, and process the rest.

use crate::job::Path;
use crate::log;
use crate::module::{HookResult, Source};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// What an output found of the file a killed run of its job left ([`Module::recover`]).
///
/// [`Module::recover`]: crate::module::Module::recover
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// The file, as the user named it.
    pub file: PathBuf,
    /// Whether it is there (a `.part` file or the file under its final name).
    pub found: bool,
    /// Whether its closing record says the job finished: nothing to do for it.
    pub complete: bool,
    /// The seq of each event it holds, sorted.
    pub seqs: Vec<u64>,
    /// Every seq below this is in it or never reaches it (its last progress record).
    pub accounted: u64,
}

impl Recovered {
    /// No file: a run of the job has not made it yet.
    pub fn absent(file: PathBuf) -> Recovered {
        Recovered { file, found: false, complete: false, seqs: Vec::new(), accounted: 0 }
    }

    /// Whether the event at input position `seq` is accounted for in this output.
    fn has(&self, seq: u64) -> bool {
        self.complete || seq < self.accounted || self.seqs.binary_search(&seq).is_ok()
    }
}

/// Which input positions a resumed job passes over: every output has accounted for them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResumePlan {
    /// Reading starts here: every position below it is accounted for.
    pub start: u64,
    /// The positions at or above `start` accounted for.
    pub above: BTreeSet<u64>,
}

impl ResumePlan {
    /// The plan of outputs that found these; `None` when every one is complete.
    pub fn of(outputs: &[Recovered]) -> Option<ResumePlan> {
        if outputs.iter().all(|o| o.complete) {
            return None;
        }
        let start = outputs.iter().filter(|o| !o.complete).map(|o| o.accounted).min().unwrap_or(0);
        let candidates = outputs.iter().flat_map(|o| o.seqs.iter().copied()).filter(|&s| s >= start);
        let above = candidates.filter(|&s| outputs.iter().all(|o| o.has(s))).collect();
        Some(ResumePlan { start, above })
    }

    /// Whether the event at input position `seq` is accounted for in every output.
    pub fn accounted(&self, seq: u64) -> bool {
        seq < self.start || self.above.contains(&seq)
    }

    /// Of the first `positions` input positions, how many are accounted for.
    pub fn accounted_below(&self, positions: u64) -> u64 {
        self.start.min(positions) + self.above.range(..positions).count() as u64
    }

    /// Where the source of complete outputs goes on, in a topology whose other sinks are not
    /// complete: past every position they hold or account for, where it reads nothing more.
    pub fn at_end(outputs: &[Recovered]) -> ResumePlan {
        let past = |o: &Recovered| o.accounted.max(o.seqs.last().map_or(0, |&s| s + 1));
        ResumePlan { start: outputs.iter().map(past).max().unwrap_or(0), above: BTreeSet::new() }
    }

    /// The plan as `evflow up` hands it to a topology's source and sink (`--resume-plan`):
    /// `{"start": n, "above": [[first, last], ...]}`, the positions above as ranges.
    pub fn to_json(&self) -> String {
        let mut ranges: Vec<[u64; 2]> = Vec::new();
        for &seq in &self.above {
            match ranges.last_mut() {
                Some(last) if last[1] + 1 == seq => last[1] = seq,
                _ => ranges.push([seq, seq]),
            }
        }
        serde_json::json!({"start": self.start, "above": ranges}).to_string()
    }

    /// The plan [`ResumePlan::to_json`] wrote; what is not one says so.
    pub fn from_json(text: &str) -> Result<ResumePlan, String> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Sent {
            start: u64,
            above: Vec<[u64; 2]>,
        }
        let sent: Sent = serde_json::from_str(text).map_err(|e| format!("not a resume plan ({e}): {text:.200}"))?;
        if let Some([first, last]) = sent.above.iter().find(|[first, last]| first > last || *first < sent.start) {
            return Err(format!("a resume plan's range [{first}, {last}] is empty or below its start {}", sent.start));
        }
        let above = sent.above.iter().flat_map(|&[first, last]| first..=last).collect();
        Ok(ResumePlan { start: sent.start, above })
    }
}

/// What [`prepare`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prepared {
    /// No module of the path writes a file it can go on with: the job runs as it is.
    NoOutputs,
    /// No output has a file yet: an ordinary run.
    Fresh,
    /// Every output is complete: nothing to do.
    Complete(Vec<Recovered>),
    /// Go on as the plan says; the outputs continue their files.
    Resume(ResumePlan, Vec<Recovered>),
}

/// Asks every module of `path` what it finds of a killed run of the job, in order; the
/// first refusal is the error (nothing has been changed then).
pub fn prepare(path: &mut Path) -> Result<Prepared, String> {
    let mut outputs = Vec::new();
    for module in &mut path.modules {
        if let Some(found) = module.recover()? {
            outputs.push(found);
        }
    }
    if outputs.is_empty() {
        return Ok(Prepared::NoOutputs);
    }
    if outputs.iter().all(|o| !o.found) {
        return Ok(Prepared::Fresh);
    }
    Ok(match ResumePlan::of(&outputs) {
        None => Prepared::Complete(outputs),
        Some(plan) => Prepared::Resume(plan, outputs),
    })
}

/// Brings `source` to input position `start`: directly where it can ([`Source::seek`]),
/// else by reading and dropping the events before it. The position reached: `start`, or
/// less where the source ended first.
pub fn seek(source: &mut dyn Source, start: u64) -> HookResult<u64> {
    if start == 0 || source.seek(start)? {
        return Ok(start);
    }
    let mut position = 0;
    while position < start && source.next_event()?.is_some() {
        position += 1;
    }
    Ok(position)
}

/// The keys of the job's record (docs/steering.md, "Resuming a job") a resumed job must
/// match, each with what the refusal calls it.
const MUST_MATCH: [(&str, &str); 6] = [
    ("path", "path (its steps in order)"),
    ("args", "steering file's arguments"),
    ("seed", "seed"),
    ("max_events", "max_events"),
    ("inputs", "inputs"),
    ("evflow", "evflow version"),
];

/// Checks that the job `recorded` in `file`'s header is the job `now` is; the refusal when it
/// is not. A steering file whose text changed is allowed, with a warning; the result says
/// whether it changed.
pub fn check_job(file: &std::path::Path, recorded: Option<&Value>, now: &Value) -> Result<bool, String> {
    let file = file.display();
    let again = "run the job as it was, or without --resume to start again (which replaces the file)";
    let Some(recorded) = recorded.filter(|r| r.is_object()) else {
        return Err(format!(
            "cannot resume: {file} was not written by an evflow job (its header records none); {again}"
        ));
    };
    let name = |job: &Value| {
        job.get("steering")
            .and_then(Value::as_str)
            .map(|s| std::path::Path::new(s).file_name().map(|n| n.to_string_lossy().into_owned()))
    };
    if name(recorded) != name(now) {
        return Err(format!(
            "cannot resume: {file} was written by another job (steering file {}; this one is {}); {again}",
            shown(recorded.get("steering")),
            shown(now.get("steering")),
        ));
    }
    for (key, what) in MUST_MATCH {
        let (was, is) = (recorded.get(key).unwrap_or(&Value::Null), now.get(key).unwrap_or(&Value::Null));
        if was != is {
            return Err(format!(
                "cannot resume: the {what} differ from those {file} records: it has {}, this job has {}; {again}",
                shown(Some(was)),
                shown(Some(is)),
            ));
        }
    }
    let changed = recorded.get("steering_sha256") != now.get("steering_sha256");
    if changed {
        log::warn!(
            "resuming {file}: the steering file {} changed since the job that wrote it began; its new text runs \
             the events not yet written",
            now.get("steering").and_then(Value::as_str).unwrap_or("(unknown)")
        );
    }
    Ok(changed)
}

/// A recorded value as a refusal shows it: JSON, cut short when long.
fn shown(value: Option<&Value>) -> String {
    const MAX: usize = 300;
    let text = value.map_or_else(|| "nothing".to_string(), Value::to_string);
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn found(seqs: &[u64], accounted: u64) -> Recovered {
        Recovered { file: "o.evf".into(), found: true, complete: false, seqs: seqs.to_vec(), accounted }
    }

    #[test]
    fn a_plan_passes_over_what_every_output_has_accounted_for() {
        let plan = ResumePlan::of(&[found(&[0, 2, 3, 7, 9], 4)]).unwrap();
        assert_eq!((plan.start, plan.above.iter().copied().collect::<Vec<_>>()), (4, vec![7, 9]));
        assert!(plan.accounted(1) && plan.accounted(7) && !plan.accounted(4) && !plan.accounted(8));
        assert_eq!(plan.accounted_below(8), 5);
        // Two outputs: a position is passed over only where both have it.
        let plan = ResumePlan::of(&[found(&[0, 5, 6], 2), found(&[1, 6, 8], 4)]).unwrap();
        assert_eq!((plan.start, plan.above.iter().copied().collect::<Vec<_>>()), (2, vec![6]));
        let complete = Recovered { complete: true, ..found(&[], 0) };
        assert_eq!(ResumePlan::of(std::slice::from_ref(&complete)), None);
        assert_eq!(ResumePlan::of(&[complete, found(&[0], 1)]).unwrap().start, 1);
    }

    #[test]
    fn a_plan_goes_to_its_source_and_sink_as_json_and_back() {
        let plan = ResumePlan::of(&[found(&[0, 2, 5, 6, 7, 9, 12], 4)]).unwrap();
        assert_eq!(plan.to_json(), r#"{"above":[[5,7],[9,9],[12,12]],"start":4}"#);
        assert_eq!(ResumePlan::from_json(&plan.to_json()), Ok(plan));
        for bad in [r#"{"start":4,"above":[[3,5]]}"#, r#"{"start":0,"above":[[5,4]]}"#, r#"{"start":0}"#, "[]"] {
            assert!(ResumePlan::from_json(bad).is_err(), "{bad}");
        }
        let complete = Recovered { complete: true, ..found(&[0, 1, 2, 8], 5) };
        assert_eq!(ResumePlan::at_end(&[complete]), ResumePlan { start: 9, above: BTreeSet::new() });
    }

    #[test]
    fn a_job_that_differs_is_refused_and_a_changed_steering_text_is_not() {
        let job = json!({"steering": "a/reco.py", "steering_sha256": "x", "path": ["G", "O"], "args": [],
                         "seed": 1, "max_events": null, "inputs": null, "evflow": "1"});
        let file = std::path::Path::new("o.evf");
        assert_eq!(check_job(file, Some(&job), &job), Ok(false));
        let mut now = job.clone();
        now["steering"] = json!("elsewhere/reco.py");
        now["steering_sha256"] = json!("y");
        assert_eq!(check_job(file, Some(&job), &now), Ok(true));
        for (key, value) in
            [("seed", json!(2)), ("path", json!(["G"])), ("args", json!(["-x"])), ("evflow", json!("2"))]
        {
            let mut now = job.clone();
            now[key] = value;
            let refused = check_job(file, Some(&job), &now).unwrap_err();
            assert!(refused.starts_with("cannot resume: the "), "{refused}");
        }
        let mut other = job.clone();
        other["steering"] = json!("calib.py");
        assert!(check_job(file, Some(&job), &other).unwrap_err().contains("another job"));
        assert!(check_job(file, None, &job).unwrap_err().contains("not written by an evflow job"));
    }
}
