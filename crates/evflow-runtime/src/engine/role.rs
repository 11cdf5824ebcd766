//! The roles a process of a job plays: what it runs, its slot on the board, its name in
//! metrics.

use super::board::{INPUT_SLOT, OUTPUT_SLOT};

/// A child's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Reads, runs the input part, dispatches.
    Input,
    /// Runs the worker part; the slot.
    Worker(usize),
    /// Runs the output part, writes.
    Output,
    /// Forwards a segment's messages between the origin's host and its own (a topology's
    /// bridge); runs no modules.
    Bridge,
    /// Reads its device's fragments and answers the builders (event building); the index
    /// of its readout device.
    Readout(usize),
}

impl Role {
    /// The role's process slot for module statistics on the board.
    pub fn slot(self) -> usize {
        match self {
            Role::Input => INPUT_SLOT,
            // A bridge counts no module: the output's slot is never written by it.
            Role::Output | Role::Bridge => OUTPUT_SLOT,
            // A readout's board is its own: its modules count in the input's slot.
            Role::Readout(_) => INPUT_SLOT,
            Role::Worker(w) => 2 + w,
        }
    }

    /// The role's name in metrics (docs/operations.md).
    pub fn label(self) -> &'static str {
        match self {
            Role::Input => "input",
            Role::Worker(_) => "worker",
            Role::Output => "output",
            Role::Bridge => "bridge",
            Role::Readout(_) => "readout",
        }
    }
}

/// A role's name in a plan: `input`, `worker:N`, `output`, `bridge`, `readout:N`.
impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Role::Worker(w) => write!(f, "worker:{w}"),
            Role::Readout(r) => write!(f, "readout:{r}"),
            other => f.write_str(other.label()),
        }
    }
}

impl std::str::FromStr for Role {
    type Err = String;

    fn from_str(role: &str) -> Result<Role, String> {
        let index = |i: &str, what: &str| i.parse().map_err(|_| format!("bad {what} {i:?}"));
        match role.split_once(':') {
            None if role == "input" => Ok(Role::Input),
            None if role == "output" => Ok(Role::Output),
            None if role == "bridge" => Ok(Role::Bridge),
            Some(("readout", i)) => Ok(Role::Readout(index(i, "readout")?)),
            Some(("worker", w)) => Ok(Role::Worker(index(w, "worker slot")?)),
            _ => Err(format!("role must be input, worker:N, output, bridge or readout:N, not {role:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Role;

    #[test]
    fn a_role_reads_back_its_name() {
        for role in [Role::Input, Role::Worker(3), Role::Output, Role::Bridge, Role::Readout(1)] {
            assert_eq!(role.to_string().parse::<Role>(), Ok(role));
        }
        assert!("worker:x".parse::<Role>().is_err());
        assert!("custody".parse::<Role>().is_err());
    }
}
