//! The example's program, run as a user runs it.

use evflow_core::file::{FileReader, ReaderOptions};
use std::process::Command;

const PROGRAM: &str = env!("CARGO_BIN_EXE_evflow-example-rust-module");

#[test]
fn the_program_runs_the_trigger_in_two_workers_and_prints_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kept.evf");
    let run = Command::new(PROGRAM).args(["-p", "2"]).arg(&out).output().unwrap();
    let (stdout, stderr) = (String::from_utf8(run.stdout).unwrap(), String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "{}\n{stdout}\n{stderr}", run.status);
    let written = FileReader::open(&out, ReaderOptions::default()).unwrap().count();
    assert!(stdout.contains(&format!("events: 500 read, {written} written, {} rejected", 500 - written)), "{stdout}");
    let calls = |name: &str| stdout.lines().find(|l| l.starts_with(name)).and_then(|l| l.split_whitespace().nth(1));
    assert_eq!((calls("CaloTrigger"), calls("FileOutput")), (Some("500"), Some(written.to_string().as_str())));
    assert!(stdout.contains("events per worker: "), "the parallel engine ran: {stdout}");
}

#[test]
fn a_wrong_argument_is_a_usage_error() {
    let run = Command::new(PROGRAM).args(["-p", "two"]).output().unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(stderr.starts_with("-p: \"two\" is not a number of processes\nusage: "), "{stderr}");
}
