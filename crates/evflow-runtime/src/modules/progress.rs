//! `Progress`: a progress bar on stderr that costs next to nothing per event.
//!
//! On a terminal it redraws one line, at most every [`REDRAW_INTERVAL`]:
//!
//! ```text
//! evflow: [=========>          ]  45.3%  45300/100000 events  1.21e6 events/s  ETA 0:00:05
//! ```
//!
//! When stderr is not a terminal (a log file, a batch system) it prints a plain line at
//! every tenth of the job instead, or every [`PLAIN_INTERVAL`] when the total is not known,
//! and a last line in `terminate`.
//!
//! It counts the events that reach it, failed ones included: put it first in the path to
//! count every event read. The total is the job's expected number of events
//! ([`JobContext::expected_events`]), when the source knows it.
//!
//! Reading the clock costs more than the rest of the per-event work, so the clock is read
//! only every few events, a stride that grows while events come faster than
//! [`CHECK_INTERVAL`] apart.

use super::config::ConfigError;
use crate::log;
use crate::module::{Decision, HookResult, JobContext, Module};
use evflow_core::Event;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

const MODULE: &str = "Progress";

/// Shortest time between two redraws of the bar on a terminal.
pub const REDRAW_INTERVAL: Duration = Duration::from_millis(100);
/// Time between plain lines when the total is not known.
pub const PLAIN_INTERVAL: Duration = Duration::from_secs(10);
/// Plain lines are printed at every this many percent of the total.
pub const PLAIN_STEP_PERCENT: u32 = 10;
/// The clock is read about this often; the stride of events between reads follows.
pub const CHECK_INTERVAL: Duration = Duration::from_millis(10);
/// Width of the bar in characters.
const BAR_WIDTH: usize = 20;
/// The most events between two clock reads.
const MAX_STRIDE: u64 = 1 << 16;

/// How the progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgressStyle {
    /// A redrawn bar when stderr is a terminal, plain lines otherwise.
    Auto,
    /// A bar redrawn in place (needs a terminal to look right).
    Bar,
    /// Plain lines, one per step.
    Plain,
}

/// Settings of [`Progress`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgressConfig {
    /// Bar or plain lines.
    pub style: ProgressStyle,
    /// Shortest time between redraws of the bar.
    pub redraw_interval: Duration,
    /// Plain lines at every this many percent of the total, from 1 to 100.
    pub plain_step_percent: u32,
    /// Time between plain lines when the total is not known, at least 1 s.
    pub plain_interval: Duration,
}

impl ProgressConfig {
    /// The settings described in the module documentation, with `style`.
    pub fn new(style: ProgressStyle) -> ProgressConfig {
        ProgressConfig {
            style,
            redraw_interval: REDRAW_INTERVAL,
            plain_step_percent: PLAIN_STEP_PERCENT,
            plain_interval: PLAIN_INTERVAL,
        }
    }

    /// Checks every option, naming the first that is wrong.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=100).contains(&self.plain_step_percent) {
            return Err(ConfigError::new(MODULE, "plain_step_percent", self.plain_step_percent, "1 to 100"));
        }
        if self.plain_interval < Duration::from_secs(1) {
            return Err(ConfigError::new(MODULE, "plain_interval", self.plain_interval, "at least 1 s"));
        }
        if self.redraw_interval.is_zero() {
            return Err(ConfigError::new(MODULE, "redraw_interval", self.redraw_interval, "more than 0"));
        }
        Ok(())
    }
}

/// Shows how far the job is; see the module documentation.
pub struct Progress {
    config: ProgressConfig,
    out: Box<dyn Write + Send>,
    /// Whether the bar is redrawn in place (decided at construction from the style).
    bar: bool,
    /// Whether `out` is this process's stderr, where log messages must clear the bar.
    on_stderr: bool,
    total: Option<u64>,
    done: u64,
    start: Option<Instant>,
    /// Events left before the clock is read again, and the stride that refills it.
    countdown: u64,
    stride: u64,
    last_check: Option<Instant>,
    last_draw: Option<Instant>,
    /// The next plain line: at this many events (known total) or at this time (unknown).
    next_plain_events: u64,
    next_plain_time: Option<Instant>,
    drawn: bool,
    finished: bool,
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress").field("config", &self.config).field("done", &self.done).finish_non_exhaustive()
    }
}

impl Progress {
    /// A progress bar on stderr.
    pub fn new(config: ProgressConfig) -> Result<Progress, ConfigError> {
        let bar = match config.style {
            ProgressStyle::Auto => std::io::stderr().is_terminal(),
            ProgressStyle::Bar => true,
            ProgressStyle::Plain => false,
        };
        let mut progress = Progress::to_writer(config, Box::new(std::io::stderr()), bar)?;
        progress.on_stderr = true;
        Ok(progress)
    }

    /// Progress written to `out` instead of stderr, as a redrawn bar when `bar` is true
    /// and as plain lines otherwise (`config.style` is not consulted).
    pub fn to_writer(config: ProgressConfig, out: Box<dyn Write + Send>, bar: bool) -> Result<Progress, ConfigError> {
        config.validate()?;
        Ok(Progress {
            config,
            out,
            bar,
            on_stderr: false,
            total: None,
            done: 0,
            start: None,
            countdown: 1,
            stride: 1,
            last_check: None,
            last_draw: None,
            next_plain_events: u64::MAX,
            next_plain_time: None,
            drawn: false,
            finished: false,
        })
    }

    /// Events counted so far.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// Reads the clock and draws what is due; called every `stride` events.
    fn check(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last_check {
            let gap = now - last;
            if gap < CHECK_INTERVAL {
                self.stride = (self.stride * 2).min(MAX_STRIDE);
            } else if gap > CHECK_INTERVAL * 4 {
                self.stride = (self.stride / 2).max(1);
            }
        }
        self.last_check = Some(now);
        if self.bar {
            if self.last_draw.is_none_or(|last| now - last >= self.config.redraw_interval) {
                self.last_draw = Some(now);
                self.draw_bar(now);
            }
        } else if self.total.is_some() {
            // The line at the total is the one `terminate` prints.
            if self.done >= self.next_plain_events && self.total.is_some_and(|total| self.done < total) {
                self.print_plain(now);
                self.next_plain_events = self.next_plain_at(self.done);
            }
        } else if self.next_plain_time.is_some_and(|t| now >= t) {
            self.print_plain(now);
            self.next_plain_time = Some(now + self.config.plain_interval);
        }
        // Read the clock again at the next plain step at the latest, so its line is on time.
        let to_next_step = if self.bar { u64::MAX } else { self.next_plain_events.saturating_sub(self.done).max(1) };
        self.countdown = self.stride.min(to_next_step);
    }

    /// The event count of the first plain line after `done` events.
    fn next_plain_at(&self, done: u64) -> u64 {
        let Some(total) = self.total.filter(|&t| t > 0) else { return u64::MAX };
        let step = u128::from(self.config.plain_step_percent);
        let done_steps = u128::from(done) * 100 / (u128::from(total) * step);
        let next = ((done_steps + 1) * step * u128::from(total)).div_ceil(100);
        u64::try_from(next).unwrap_or(u64::MAX)
    }

    fn elapsed(&self, now: Instant) -> f64 {
        self.start.map_or(0.0, |start| (now - start).as_secs_f64())
    }

    fn rate(&self, now: Instant) -> f64 {
        let elapsed = self.elapsed(now);
        if elapsed > 0.0 {
            self.done as f64 / elapsed
        } else {
            0.0
        }
    }

    /// `45.3%  45300/100000 events  1.21e6 events/s  ETA 0:00:05`, or without a total
    /// `45300 events  1.21e6 events/s  0:00:37`.
    fn status(&self, now: Instant, eta: bool) -> String {
        let rate = self.rate(now);
        match self.total {
            Some(total) => {
                let percent = if total > 0 { 100.0 * self.done as f64 / total as f64 } else { 100.0 };
                let mut line = format!("{percent:5.1}%  {}/{total} events  {} events/s", self.done, format_rate(rate));
                if eta {
                    let left = total.saturating_sub(self.done) as f64;
                    let eta = if rate > 0.0 { format_duration(left / rate) } else { "?".to_string() };
                    line.push_str(&format!("  ETA {eta}"));
                }
                line
            }
            None => {
                format!("{} events  {} events/s  {}", self.done, format_rate(rate), format_duration(self.elapsed(now)))
            }
        }
    }

    fn draw_bar(&mut self, now: Instant) {
        let bar = match self.total {
            Some(total) if total > 0 => {
                let filled = ((self.done.min(total) as f64 / total as f64) * BAR_WIDTH as f64) as usize;
                let mut bar = "=".repeat(filled);
                if filled < BAR_WIDTH {
                    bar.push('>');
                }
                format!("[{bar:<BAR_WIDTH$}] ")
            }
            _ => String::new(),
        };
        let line = format!("\r\x1b[2Kevflow: {bar}{}", self.status(now, true));
        // A progress bar that cannot be drawn is no reason to stop the job.
        let _ = self.out.write_all(line.as_bytes()).and_then(|()| self.out.flush());
        self.drawn = true;
        if self.on_stderr {
            log::set_status_line(true);
        }
    }

    fn print_plain(&mut self, now: Instant) {
        let line = format!("evflow: {}\n", self.status(now, true));
        let _ = self.out.write_all(line.as_bytes()).and_then(|()| self.out.flush());
    }
}

impl Module for Progress {
    fn name(&self) -> &str {
        MODULE
    }

    fn sees_failed(&self) -> bool {
        true
    }

    fn initialize(&mut self, ctx: &JobContext) -> HookResult {
        let now = Instant::now();
        self.total = ctx.expected_events;
        self.done = 0;
        self.start = Some(now);
        self.last_check = Some(now);
        self.last_draw = None;
        self.countdown = 1;
        self.stride = 1;
        self.next_plain_events = self.next_plain_at(0);
        self.next_plain_time = Some(now + self.config.plain_interval);
        self.drawn = false;
        self.finished = false;
        Ok(())
    }

    #[inline]
    fn event(&mut self, _event: &mut Event) -> HookResult<Decision> {
        self.done += 1;
        self.countdown -= 1;
        if self.countdown == 0 {
            self.check();
        }
        Ok(Decision::Keep)
    }

    fn terminate(&mut self) -> HookResult {
        if self.finished || self.start.is_none() {
            return Ok(());
        }
        self.finished = true;
        let now = Instant::now();
        let summary = format!(
            "{} events in {} ({} events/s)",
            self.done,
            format_duration(self.elapsed(now)),
            format_rate(self.rate(now))
        );
        let line = if self.bar && self.drawn {
            let status = self.status(now, false);
            format!("\r\x1b[2Kevflow: {status}  done: {summary}\n")
        } else {
            format!("evflow: done: {summary}\n")
        };
        let _ = self.out.write_all(line.as_bytes()).and_then(|()| self.out.flush());
        if self.bar && self.on_stderr {
            log::set_status_line(false);
        }
        Ok(())
    }
}

/// Events per second, readable at a glance: `812`, `4.5k`, `1.21M`.
fn format_rate(rate: f64) -> String {
    if rate < 1e3 {
        format!("{rate:.0}")
    } else if rate < 1e6 {
        format!("{:.1}k", rate / 1e3)
    } else {
        format!("{:.2}M", rate / 1e6)
    }
}

/// Seconds as `h:mm:ss`.
fn format_duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "?".to_string();
    }
    let s = seconds.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_steps_fall_on_tenths() {
        let mut p =
            Progress::to_writer(ProgressConfig::new(ProgressStyle::Plain), Box::new(std::io::sink()), false).unwrap();
        p.total = Some(95);
        assert_eq!(p.next_plain_at(0), 10);
        assert_eq!(p.next_plain_at(10), 19);
        assert_eq!(p.next_plain_at(94), 95);
        assert_eq!(p.next_plain_at(95), 105);
    }

    #[test]
    fn formats() {
        assert_eq!(format_duration(3725.4), "1:02:05");
        assert_eq!(format_rate(812.2), "812");
        assert_eq!(format_rate(1_210_000.0), "1.21M");
        assert_eq!(format_rate(4_510.0), "4.5k");
    }
}
