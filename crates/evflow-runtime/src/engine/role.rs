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
