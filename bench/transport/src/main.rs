//! `evflow-bench-transport`: one side of a transport trial, or a baseline, as a command whose
//! answer is one JSON line on stdout. `bench/evflow_bench/transport.py` runs the receiver
//! and the sender of each trial in two such processes, pinned to two CPUs.
//!
//! ```text
//! evflow-bench-transport transports                      [[name, baseline], ...]
//! evflow-bench-transport memcpy SIZE SECONDS [SET]       {"gb_per_s": ...}
//!     copies of SIZE bytes into SET bytes of destinations in turn (default SIZE: in cache)
//! evflow-bench-transport compress FILE COMPRESSION SECONDS
//!     {"gb_per_s": ..., "raw_len": ..., "stored_len": ...}: one core compressing the record
//!     of FILE's first event as a writer of COMPRESSION (zstd:3, lz4) does
//! evflow-bench-transport receiver TRANSPORT SIZE SECONDS DIR SESSION [CPU]
//!     binds, prints {"data": ..., "back": ...} (tcp ports filled in), reads the sender's
//!     pid on stdin, runs, prints its report
//! evflow-bench-transport sender TRANSPORT SIZE SECONDS DATA BACK [CPU]
//!     connects, runs, prints its report
//! ```
//!
//! Errors: one `evflow bench: error:` line on stderr; exit code 2 for bad arguments, 1 for a
//! trial that failed.

use evflow_bench_transport::{
    compress_rate, memcpy_gb_per_s, open, Addresses, BenchError, CompressRate, Report, Role, Transport, Trial,
};
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::time::Duration;

const USAGE: &str = "usage: evflow-bench-transport transports | memcpy SIZE SECONDS [SET] | \
                     compress FILE COMPRESSION SECONDS | \
                     receiver TRANSPORT SIZE SECONDS DIR SESSION [CPU] | sender TRANSPORT SIZE SECONDS DATA BACK [CPU]";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = run(&args);
    // exit() runs no destructors: libzmq gets to deliver what this side sent last (END).
    evflow_transport::finish_zmq();
    let code = match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("evflow bench: error: {e}");
            if matches!(e, BenchError::Config(_)) {
                2
            } else {
                1
            }
        }
    };
    std::process::exit(code);
}

fn run(args: &[String]) -> Result<(), BenchError> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["transports"] => {
            let pairs: Vec<[&str; 2]> = Transport::ALL.iter().map(|t| [t.name(), t.baseline().name()]).collect();
            answer(&json!(pairs))
        }
        ["memcpy", size, seconds, set @ ..] => {
            let size = number(size)?;
            let set = match set {
                [] => size,
                [set] => number(set)?,
                _ => return Err(BenchError::Config(USAGE.into())),
            };
            answer(&json!({ "gb_per_s": memcpy_gb_per_s(size, duration(seconds)?, set) }))
        }
        ["compress", file, compression, seconds] => {
            let compression = compression.parse().map_err(BenchError::Config)?;
            let rate = compress_rate(file.as_ref(), compression, duration(seconds)?)?;
            let CompressRate { raw_len, stored_len, gb_per_s } = rate;
            answer(&json!({ "gb_per_s": gb_per_s, "raw_len": raw_len, "stored_len": stored_len }))
        }
        ["receiver", transport, size, seconds, dir, session, cpu @ ..] => {
            pin(cpu)?;
            let trial = trial(transport, size, seconds)?;
            let endpoint = open(Role::Receiver, &trial, &trial.transport.addresses(dir.as_ref(), session))?;
            let Addresses { data, back } = endpoint.addresses();
            answer(&json!({ "data": data, "back": back }))?;
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line).map_err(|e| BenchError::Protocol(e.to_string()))?;
            let peer = line.trim().parse::<u32>().ok();
            answer(&report(&endpoint.run(peer)?))
        }
        ["sender", transport, size, seconds, data, back, cpu @ ..] => {
            pin(cpu)?;
            let trial = trial(transport, size, seconds)?;
            let addresses = Addresses { data: data.to_string(), back: back.to_string() };
            answer(&report(&open(Role::Sender, &trial, &addresses)?.run(None)?))
        }
        _ => Err(BenchError::Config(USAGE.into())),
    }
}

fn trial(transport: &str, size: &str, seconds: &str) -> Result<Trial, BenchError> {
    Trial::new(transport.parse()?, number(size)?, duration(seconds)?)
}

fn number(text: &str) -> Result<usize, BenchError> {
    text.parse().map_err(|_| BenchError::Config(format!("{text:?} is not a number of bytes")))
}

fn duration(text: &str) -> Result<Duration, BenchError> {
    text.parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .filter(|d| !d.is_zero())
        .ok_or_else(|| BenchError::Config(format!("{text:?} is not a number of seconds above 0")))
}

/// Runs this process on CPU `cpu`, when one is given.
fn pin(cpu: &[&str]) -> Result<(), BenchError> {
    let Some(cpu) = cpu.first() else { return Ok(()) };
    let index: usize = cpu.parse().map_err(|_| BenchError::Config(format!("{cpu:?} is not a CPU number")))?;
    // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET and sched_setaffinity get valid pointers.
    let rc = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(index, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set)
    };
    if rc != 0 {
        let e = std::io::Error::last_os_error();
        return Err(BenchError::Config(format!("cannot run on CPU {index}: {e}")));
    }
    Ok(())
}

fn report(r: &Report) -> Value {
    let mut value = json!({
        "messages": r.messages,
        "seconds": r.seconds,
        "msgs_per_s": r.msgs_per_s,
        "cpu_seconds": r.cpu_seconds,
        "cpu_us_per_msg": r.cpu_us_per_msg(),
    });
    if let Some(latency) = r.latency {
        value["round_trips"] = json!(latency.round_trips);
        value["p50_us"] = json!(latency.p50_us);
        value["p99_us"] = json!(latency.p99_us);
    }
    value
}

/// One JSON line on stdout, flushed: the harness reads it while this process may go on.
fn answer(value: &Value) -> Result<(), BenchError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{value}").and_then(|()| out.flush()).map_err(|e| BenchError::Protocol(format!("stdout: {e}")))
}
