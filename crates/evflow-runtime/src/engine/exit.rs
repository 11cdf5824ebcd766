//! How a process of a job exits: the one list of exit codes the engine's processes use and
//! their supervisors (the forked job's monitor, a topology's controller) read.

/// The exit code of a process of a job (a forked child, or a topology's device process),
/// ordered as their numbers: the worst of several roles' ends is their `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExitCode {
    /// It ended normally.
    Ok,
    /// A module error stopped it (recorded in the job directory, or in its last report).
    JobError,
    /// An engine error stopped it (recorded as a module error is).
    Internal,
    /// Its monitor was gone before it started, or a device took its controller for gone (it
    /// heard nothing from it for a while) and stopped short.
    Orphan,
}

impl ExitCode {
    /// Every exit code, in the order of their numbers.
    pub const ALL: [ExitCode; 4] = [ExitCode::Ok, ExitCode::JobError, ExitCode::Internal, ExitCode::Orphan];

    /// The number the process exits with (70 and up: clear of a shell's 1 and 2 and of the
    /// 128 + signal of a killed process).
    pub const fn code(self) -> i32 {
        match self {
            ExitCode::Ok => 0,
            ExitCode::JobError => 70,
            ExitCode::Internal => 71,
            ExitCode::Orphan => 72,
        }
    }

    /// The engine's exit code of number `code`, if it is one.
    pub fn of(code: i32) -> Option<ExitCode> {
        ExitCode::ALL.into_iter().find(|e| e.code() == code)
    }

    /// Whether the process ended as the engine ends it (done, or stopped on an error it
    /// recorded), rather than dying.
    pub fn is_engine_end(self) -> bool {
        matches!(self, ExitCode::Ok | ExitCode::JobError | ExitCode::Internal)
    }

    /// Whether it stopped on an error it recorded.
    pub fn is_error(self) -> bool {
        matches!(self, ExitCode::JobError | ExitCode::Internal)
    }

    /// The name the Python side gives it (`evflow._native.EXIT_CODES`).
    pub fn name(self) -> &'static str {
        match self {
            ExitCode::Ok => "ok",
            ExitCode::JobError => "job_error",
            ExitCode::Internal => "internal",
            ExitCode::Orphan => "orphan",
        }
    }
}

/// The name of `signal`, as a process killed by it is said to be (`SIGKILL`).
pub fn signal_name(signal: i32) -> String {
    let known = [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
    ];
    known.iter().find(|(s, _)| *s == signal).map_or_else(|| format!("signal {signal}"), |(_, name)| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_and_others_are_none() {
        for e in ExitCode::ALL {
            assert_eq!(ExitCode::of(e.code()), Some(e));
        }
        assert_eq!(ExitCode::of(1), None);
        assert_eq!(ExitCode::of(137), None);
    }
}
