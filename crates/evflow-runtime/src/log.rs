//! The one logging policy of evflow.
//!
//! Four levels, from most to least severe: `error`, `warning`, `info`, `debug`. One global
//! level, [`DEFAULT_LEVEL`] (warning) unless [`set_level`] says otherwise, decides what is printed: a
//! message is printed when its level is at least as severe as the global one. Messages go
//! to stderr as one line each, `evflow: warning: ...`, so they read the same from every
//! process of a job.
//!
//! What each level is for:
//!
//! | level     | for                                                                   |
//! |-----------|-----------------------------------------------------------------------|
//! | `error`   | the job cannot go on; also returned as an error, so printed once      |
//! | `warning` | data was lost or skipped, or a setting is suspicious; the job goes on |
//! | `info`    | what a job does at its start and end (files opened and closed)        |
//! | `debug`   | anything else; never per event on the normal path                     |
//!
//! ```
//! use evflow_runtime::log::{self, Level};
//!
//! log::set_level(Level::Warning);
//! log::warn!("file {} ends early at byte {}", "raw.evf", 4096);
//! log::info!("not printed at level warning");
//! assert!(!log::enabled(Level::Debug));
//! # log::set_level(Level::Info);
//! ```

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::io::Write;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Mutex, OnceLock};

/// How severe a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Level {
    /// The job cannot go on.
    Error = 0,
    /// Something was lost or skipped; the job goes on.
    Warning = 1,
    /// What the job does at its start and end.
    Info = 2,
    /// Details for whoever debugs a job.
    Debug = 3,
}

impl Level {
    /// Every level, most severe first: the one table of names.
    pub const ALL: [Level; 4] = [Level::Error, Level::Warning, Level::Info, Level::Debug];

    /// The level's name as printed and as [`Level::from_str`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Info => "info",
            Level::Debug => "debug",
        }
    }

    fn from_u8(value: u8) -> Level {
        match value {
            0 => Level::Error,
            1 => Level::Warning,
            2 => Level::Info,
            _ => Level::Debug,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == s)
            .ok_or_else(|| format!("log level must be \"error\", \"warning\", \"info\" or \"debug\", not {s:?}"))
    }
}

/// The default level, the same as the command line's `-l` default.
pub const DEFAULT_LEVEL: Level = Level::Warning;

static LEVEL: AtomicU8 = AtomicU8::new(DEFAULT_LEVEL as u8);

/// The process's label (a topology device's process name), printed before each message.
static LABEL: OnceLock<String> = OnceLock::new();

/// Labels every message this process prints from now on with `label` (`[evf-reco-b-1]`),
/// so lines of several processes on one terminal say where they come from. Once per process.
pub fn set_label(label: &str) {
    let _ = LABEL.set(label.to_string());
}

/// Whether a status line (the progress bar) is drawn on stderr without its newline yet.
static STATUS_LINE: AtomicBool = AtomicBool::new(false);

thread_local! {
    static CAPTURE: RefCell<Option<Vec<(Level, String)>>> = const { RefCell::new(None) };
}

/// Warnings and errors this process printed and no reader took yet, while a tap is on.
static TAPPED: Mutex<Option<VecDeque<Tapped>>> = Mutex::new(None);

/// Messages a tap keeps at most: the oldest go first.
pub const TAP_KEPT: usize = 200;

/// A message a tap kept: when (Unix seconds), how severe, what.
pub type Tapped = (f64, Level, String);

/// Starts (`true`) or stops keeping this process's printed warnings and errors for a reader
/// that shows them elsewhere (the web page's log: docs/web.md), as they print.
pub fn tap(on: bool) {
    *TAPPED.lock().unwrap_or_else(|e| e.into_inner()) = on.then(VecDeque::new);
}

/// The warnings and errors kept since the last call, oldest first.
pub fn tapped() -> Vec<Tapped> {
    let mut tapped = TAPPED.lock().unwrap_or_else(|e| e.into_inner());
    tapped.as_mut().map(|kept| kept.drain(..).collect()).unwrap_or_default()
}

fn keep(level: Level, message: &dyn fmt::Display) {
    if level > Level::Warning {
        return;
    }
    let mut tapped = TAPPED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(kept) = tapped.as_mut() {
        if kept.len() == TAP_KEPT {
            kept.pop_front();
        }
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
        kept.push_back((now, level, message.to_string()));
    }
}

/// Sets the global level: messages less severe than `level` are not printed.
pub fn set_level(level: Level) {
    LEVEL.store(level as u8, Ordering::Relaxed);
}

/// The global level.
pub fn level() -> Level {
    Level::from_u8(LEVEL.load(Ordering::Relaxed))
}

/// Whether a message of `level` would be printed (or captured).
pub fn enabled(level: Level) -> bool {
    level as u8 <= LEVEL.load(Ordering::Relaxed)
}

/// Prints one message at `level`, if the global level lets it through. The macros
/// [`error!`], [`warn!`], [`info!`] and [`debug!`] call this.
pub fn emit(level: Level, args: fmt::Arguments<'_>) {
    if !enabled(level) {
        return;
    }
    let captured = CAPTURE.with(|capture| match capture.borrow_mut().as_mut() {
        Some(records) => {
            records.push((level, args.to_string()));
            true
        }
        None => false,
    });
    if captured {
        return;
    }
    keep(level, &args);
    let stderr = std::io::stderr();
    let mut out = stderr.lock();
    // Clear an unfinished progress bar first; it is drawn again on its next update.
    let clear = if STATUS_LINE.load(Ordering::Relaxed) { "\r\x1b[2K" } else { "" };
    // Nothing useful can be done when stderr itself fails.
    let _ = match LABEL.get() {
        Some(label) => writeln!(out, "{clear}[{label}] evflow: {level}: {args}"),
        None => writeln!(out, "{clear}evflow: {level}: {args}"),
    };
}

/// Marks whether a status line without its newline is on stderr (the progress bar), so a
/// message clears it before printing.
pub(crate) fn set_status_line(active: bool) {
    STATUS_LINE.store(active, Ordering::Relaxed);
}

/// Collects the messages this thread emits while it lives, instead of printing them.
///
/// For tests, and for embedders that show messages their own way. Levels still apply.
/// Captures do not nest: starting a second one while one lives drops what the first held.
#[derive(Debug)]
#[must_use = "messages are captured only while the capture lives"]
pub struct Capture {
    _not_send: std::marker::PhantomData<*const ()>,
}

impl Capture {
    /// Starts capturing this thread's messages.
    pub fn start() -> Capture {
        CAPTURE.with(|capture| *capture.borrow_mut() = Some(Vec::new()));
        Capture { _not_send: std::marker::PhantomData }
    }

    /// The messages captured so far, removed from the capture.
    pub fn take(&self) -> Vec<(Level, String)> {
        CAPTURE.with(|capture| capture.borrow_mut().as_mut().map(std::mem::take).unwrap_or_default())
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        CAPTURE.with(|capture| *capture.borrow_mut() = None);
    }
}

#[doc(hidden)]
#[macro_export]
macro_rules! __evflow_log_error {
    ($($arg:tt)+) => { $crate::log::emit($crate::log::Level::Error, format_args!($($arg)+)) };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __evflow_log_warn {
    ($($arg:tt)+) => { $crate::log::emit($crate::log::Level::Warning, format_args!($($arg)+)) };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __evflow_log_info {
    ($($arg:tt)+) => { $crate::log::emit($crate::log::Level::Info, format_args!($($arg)+)) };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __evflow_log_debug {
    ($($arg:tt)+) => { $crate::log::emit($crate::log::Level::Debug, format_args!($($arg)+)) };
}

/// Prints `evflow: error: ...` (format arguments as `format!`).
#[doc(inline)]
pub use crate::__evflow_log_error as error;

/// Prints `evflow: warning: ...` (format arguments as `format!`).
#[doc(inline)]
pub use crate::__evflow_log_warn as warn;

/// Prints `evflow: info: ...` (format arguments as `format!`).
#[doc(inline)]
pub use crate::__evflow_log_info as info;

/// Prints `evflow: debug: ...` (format arguments as `format!`); the arguments are not even
/// formatted when debug messages are off.
#[doc(inline)]
pub use crate::__evflow_log_debug as debug;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        let err = "verbose".parse::<Level>().unwrap_err();
        assert!(err.contains("\"warning\"") && err.contains("verbose"), "{err}");
    }

    #[test]
    fn capture_collects_this_threads_messages() {
        let capture = Capture::start();
        warn!("lost {} events", 3);
        error!("stopped");
        assert_eq!(
            capture.take(),
            vec![(Level::Warning, "lost 3 events".to_string()), (Level::Error, "stopped".to_string())]
        );
        assert!(capture.take().is_empty());
    }

    #[test]
    fn a_tap_keeps_the_warnings_and_errors_printed_while_it_is_on() {
        tap(true);
        warn!("tap test: lost {} events", 3);
        debug!("tap test: not printed, so not kept");
        error!("tap test: stopped");
        // Other tests print too: this one looks at its own messages.
        let mine = |kept: Vec<Tapped>| -> Vec<(Level, String)> {
            kept.into_iter().filter(|(t, _, m)| *t > 0.0 && m.starts_with("tap test")).map(|(_, l, m)| (l, m)).collect()
        };
        assert_eq!(
            mine(tapped()),
            vec![(Level::Warning, "tap test: lost 3 events".into()), (Level::Error, "tap test: stopped".into())]
        );
        assert!(mine(tapped()).is_empty(), "taken once");
        tap(false);
        warn!("tap test: after the tap");
        assert!(mine(tapped()).is_empty());
    }
}
