//! Runs the calorimeter trigger over simulated events and writes the events it keeps:
//!
//! ```sh
//! cargo run --release -p evflow-example-rust-module -- [-p PROCESSES] [OUTPUT.evf]
//! ```
//!
//! `-p 0` (the default) runs the path in this process; `-p N` runs the trigger in N worker
//! processes. The output defaults to `calo-trigger.evf` in the temporary directory.

use evflow_example_rust_module::{trigger_path, RUNS};
use evflow_runtime::engine::{self, Hooks, ParallelOptions};
use evflow_runtime::job::{Interrupt, ProcessOptions};
use evflow_runtime::sequential;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by SIGINT, taken by the job's control check: each Ctrl-C is one interrupt.
static CTRL_C: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    CTRL_C.store(true, Ordering::Relaxed);
}

fn control() -> Result<(), Interrupt> {
    if CTRL_C.swap(false, Ordering::Relaxed) {
        Err(Interrupt::SIGINT)
    } else {
        Ok(())
    }
}

/// What this program does around the parallel engine's forks.
struct Program;

impl Hooks for Program {
    fn control(&mut self) -> Result<(), Interrupt> {
        control()
    }
    fn before_fork(&mut self) {
        // A line still buffered here would be printed again by the child that inherits it.
        let _ = std::io::stdout().flush();
    }
    fn before_exit(&mut self) {
        // Children end with _exit, which flushes nothing.
        let _ = std::io::stdout().flush();
    }
}

fn main() -> ExitCode {
    let (processes, output) = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}\nusage: evflow-example-rust-module [-p PROCESSES] [OUTPUT.evf]");
            return ExitCode::from(2);
        }
    };
    let mut path = match trigger_path(&RUNS, &output) {
        Ok(path) => path,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // SAFETY: the handler only stores an atomic.
    unsafe { libc::signal(libc::SIGINT, on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t) };
    let opts = ProcessOptions { seed: 1, ..Default::default() };
    let outcome = if processes == 0 {
        sequential::process(&mut path, &opts, &mut control)
    } else {
        let popts = ParallelOptions { processes, ordered: true, ..Default::default() };
        match engine::process(path, &opts, &popts, &mut Program) {
            Ok(outcome) => outcome,
            Err(e) => {
                eprintln!("error: the job cannot start: {e}");
                return ExitCode::from(1);
            }
        }
    };
    println!("{}", outcome.report.table());
    if let Some(error) = &outcome.error {
        eprintln!("error: {error}");
        for later in &outcome.cleanup_errors {
            eprintln!("error: during clean-up: {later}");
        }
        return ExitCode::from(1);
    }
    if outcome.report.interrupted {
        return ExitCode::from(130);
    }
    println!("kept events in {}", output.display());
    ExitCode::SUCCESS
}

/// `[-p PROCESSES] [OUTPUT]` into (processes, output file).
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<(usize, std::path::PathBuf), String> {
    let (mut processes, mut output) = (0, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-p" | "--processes" => {
                let value = args.next().ok_or("-p needs a number of processes")?;
                processes = value.parse().map_err(|_| format!("-p: {value:?} is not a number of processes"))?;
            }
            _ if output.is_none() && !arg.starts_with('-') => output = Some(arg.into()),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    Ok((processes, output.unwrap_or_else(|| std::env::temp_dir().join("calo-trigger.evf"))))
}
