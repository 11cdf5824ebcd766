//! What a device process costs its host: its CPU time and resident memory, read from its own
//! `/proc/self` at each report. A controller on another host cannot read this host's `/proc`;
//! on one host the controller reads `/proc/PID` of each process itself, the same two files.

/// A process's CPU time and resident memory at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// User + system CPU time of all its threads, ns.
    pub cpu_ns: u64,
    /// Resident set size, bytes.
    pub rss_bytes: u64,
}

impl Usage {
    /// This process's usage; zeros for what `/proc/self` does not give (not Linux, no
    /// `/proc` mounted): the controller then shows the process without CPU and memory.
    pub fn of_this_process() -> Usage {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
        Usage { cpu_ns: cpu_ns(&stat).unwrap_or(0), rss_bytes: rss_bytes(&statm).unwrap_or(0) }
    }
}

/// utime + stime of a `/proc/PID/stat` line, in ns.
fn cpu_ns(stat: &str) -> Option<u64> {
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow
    // the last ')'. utime and stime are fields 14 and 15, the 12th and 13th after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let ticks = fields.next()?.parse::<u64>().ok()? + fields.next()?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok().filter(|&t| t > 0)?;
    Some(ticks.saturating_mul(1_000_000_000) / per_second)
}

/// The resident pages of a `/proc/PID/statm` line (its second field), in bytes.
fn rss_bytes(statm: &str) -> Option<u64> {
    let pages = statm.split_whitespace().nth(1)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?;
    Some(pages.saturating_mul(page))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_spaces_and_parentheses_does_not_shift_the_fields() {
        let stat = "42 (evf (a) b) S 1 42 42 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 3 0 7 0 0";
        // SAFETY: sysconf has no preconditions.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
        assert_eq!(cpu_ns(stat), Some(300 * 1_000_000_000 / hz));
        assert_eq!(cpu_ns("garbage"), None);
    }

    #[test]
    fn this_process_uses_cpu_and_memory() {
        // CPU time grows in clock ticks: work until one is counted.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        let mut usage = Usage::of_this_process();
        while usage.cpu_ns == 0 && std::time::Instant::now() < deadline {
            std::hint::black_box((0..1_000_000u64).fold(0u64, |a, x| a.wrapping_add(x * x)));
            usage = Usage::of_this_process();
        }
        assert!(usage.cpu_ns > 0 && usage.rss_bytes > 0, "{usage:?}");
    }
}
