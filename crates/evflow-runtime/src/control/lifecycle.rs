//! The life cycle of a topology's device processes and of its runs (docs/topology-design.md,
//! "Controller and life cycle"): each a state enum, its transitions, and ONE table of rows
//! (state × transition → next state). A transition not in the table is refused here, in
//! [`next`], with a [`Refused`] that names the current state and what to do.
//!
//! The controller (`python/evflow/farm.py`, `controller.py`, through `evflow._native`) moves
//! its runs and its view of each process through these tables; every device moves its own
//! state through [`DEVICE_TABLE`] as it initializes, runs, drains, stops between runs and
//! ends, and reports it (`Report.state`). States, transitions and the stop request travel as
//! their lower-case names, the words `evflow ctl FILE status` shows.
//!
//! ```
//! use evflow_runtime::control::lifecycle::{next, RunState, RunTransition};
//!
//! let running = next(RunState::Configured, RunTransition::Start).unwrap();
//! let refused = next(running, RunTransition::Start).unwrap_err().about("run 7");
//! assert_eq!(refused.to_string(), "run 7 is running: stop it first (evflow ctl FILE stop)");
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An enum whose values have one name each: the word users see and the wire carries.
macro_rules! named {
    ($(#[$doc:meta])* pub enum $name:ident { $($(#[$vdoc:meta])* $variant:ident = $word:literal,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vdoc])* #[serde(rename = $word)] $variant,)*
        }

        impl $name {
            /// Every value, in the order of the life cycle.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// Its name: the word users see and the wire carries.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $word,)*
                }
            }
        }

        impl Named for $name {
            fn name(self) -> &'static str {
                $name::name(self)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = UnknownName;

            fn from_str(word: &str) -> Result<$name, UnknownName> {
                $name::ALL.iter().copied().find(|v| v.name() == word).ok_or_else(|| UnknownName {
                    kind: stringify!($name),
                    word: word.to_string(),
                    known: $name::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", "),
                })
            }
        }
    };
}

named! {
    /// What a device process is doing, as `evflow ctl FILE status` shows it.
    pub enum DeviceState {
        /// Not started yet.
        Idle = "idle",
        /// Launched; its modules are not initialized yet (or it has not been heard from).
        Starting = "starting",
        /// Its modules initialized; held, it waits for a run.
        Configured = "configured",
        /// Its sources read, or its events flow.
        Running = "running",
        /// Asked to stop: it finishes the events in flight and ends the run.
        Draining = "draining",
        /// Held, between runs: its part of the last run is done.
        Stopped = "stopped",
        /// It ended normally.
        Exited = "exited",
        /// It stopped on an error.
        Error = "error",
        /// It was killed, or went silent.
        Dead = "dead",
    }
}

named! {
    /// What moves a device process from one state to the next.
    pub enum DeviceTransition {
        /// The controller starts it (again, for a replacement).
        Launch = "launch",
        /// Its modules are initialized.
        Configure = "configure",
        /// A run starts (without `--hold`: the topology's one run, at once).
        Start = "start",
        /// It is asked to stop: the run's stop, or the topology's drain.
        Stop = "stop",
        /// Its part of the run is done (held: ready for the next).
        Finish = "finish",
        /// It ends normally.
        Exit = "exit",
        /// It ends on an error.
        Fail = "fail",
        /// It was killed, or went silent past its limit.
        Lose = "lose",
    }
}

named! {
    /// Where the topology's run is, as `evflow ctl FILE status` shows it (`"run"`).
    pub enum RunState {
        /// No run started yet.
        Configured = "configured",
        /// The sources read; their events carry the run's number.
        Running = "running",
        /// Asked to stop: the sources stopped; the events in flight reach their sinks.
        Draining = "draining",
        /// Ended everywhere: every sink closed the run's files, every device is stopped.
        Stopped = "stopped",
    }
}

named! {
    /// What moves a run.
    pub enum RunTransition {
        /// `evflow ctl FILE start --run N` (without `--hold`: the topology starting).
        Start = "start",
        /// `evflow ctl FILE stop`, a signal, or the topology's drain.
        Stop = "stop",
        /// Every sink has closed the run and every device has stopped it.
        Close = "close",
    }
}

/// One row of a table: in state `from`, `transition` leads to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row<S, T> {
    /// The state it applies in.
    pub from: S,
    /// The transition.
    pub transition: T,
    /// The state it leads to.
    pub to: S,
}

const fn row<S, T>(from: S, transition: T, to: S) -> Row<S, T> {
    Row { from, transition, to }
}

use DeviceState as D;
use DeviceTransition as DT;
use RunState as R;
use RunTransition as RT;

/// The device life cycle: every transition a device process may take.
pub const DEVICE_TABLE: &[Row<DeviceState, DeviceTransition>] = &[
    row(D::Idle, DT::Launch, D::Starting),
    row(D::Starting, DT::Configure, D::Configured),
    row(D::Configured, DT::Start, D::Running),
    row(D::Configured, DT::Stop, D::Draining),
    row(D::Running, DT::Stop, D::Draining),
    row(D::Draining, DT::Finish, D::Stopped),
    row(D::Stopped, DT::Start, D::Running),
    row(D::Stopped, DT::Stop, D::Draining),
    row(D::Starting, DT::Exit, D::Exited),
    row(D::Configured, DT::Exit, D::Exited),
    row(D::Running, DT::Exit, D::Exited),
    row(D::Draining, DT::Exit, D::Exited),
    row(D::Stopped, DT::Exit, D::Exited),
    row(D::Starting, DT::Fail, D::Error),
    row(D::Configured, DT::Fail, D::Error),
    row(D::Running, DT::Fail, D::Error),
    row(D::Draining, DT::Fail, D::Error),
    row(D::Stopped, DT::Fail, D::Error),
    row(D::Starting, DT::Lose, D::Dead),
    row(D::Configured, DT::Lose, D::Dead),
    row(D::Running, DT::Lose, D::Dead),
    row(D::Draining, DT::Lose, D::Dead),
    row(D::Stopped, DT::Lose, D::Dead),
    row(D::Dead, DT::Launch, D::Starting),
    row(D::Exited, DT::Launch, D::Starting),
];

/// The run life cycle: every transition a run may take.
pub const RUN_TABLE: &[Row<RunState, RunTransition>] = &[
    row(R::Configured, RT::Start, R::Running),
    row(R::Running, RT::Stop, R::Draining),
    row(R::Draining, RT::Stop, R::Draining),
    row(R::Draining, RT::Close, R::Stopped),
    row(R::Stopped, RT::Start, R::Running),
];

/// A state or a transition: a value with a name.
pub trait Named: Copy + Eq + fmt::Display + 'static {
    /// Its name: the word users see and the wire carries.
    fn name(self) -> &'static str;
}

/// A state machine: its states, its transitions and its one table.
pub trait Machine: Named {
    /// What moves it.
    type Transition: Named;
    /// What a refusal calls the thing in this state when the caller names none.
    const SUBJECT: &'static str;
    /// The table.
    const TABLE: &'static [Row<Self, Self::Transition>];

    /// What to do when `transition` is refused in this state, where more helps than the
    /// transitions the state takes.
    fn advice(self, transition: Self::Transition) -> Option<&'static str>;
}

impl Machine for DeviceState {
    type Transition = DeviceTransition;
    const SUBJECT: &'static str = "the device process";
    const TABLE: &'static [Row<DeviceState, DeviceTransition>] = DEVICE_TABLE;

    fn advice(self, _: DeviceTransition) -> Option<&'static str> {
        None
    }
}

impl Machine for RunState {
    type Transition = RunTransition;
    const SUBJECT: &'static str = "the run";
    const TABLE: &'static [Row<RunState, RunTransition>] = RUN_TABLE;

    fn advice(self, transition: RunTransition) -> Option<&'static str> {
        match (self, transition) {
            (R::Running, RT::Start) => Some("stop it first (evflow ctl FILE stop)"),
            (R::Draining, RT::Start) => {
                Some("wait until it has stopped, then start the next (evflow ctl FILE status shows it)")
            }
            (R::Configured | R::Stopped, RT::Stop) => {
                Some("there is no run to stop; start one with evflow ctl FILE start --run N")
            }
            _ => None,
        }
    }
}

/// The state `transition` leads to from `state`, or why the table refuses it.
pub fn next<S: Machine>(state: S, transition: S::Transition) -> Result<S, Refused> {
    S::TABLE
        .iter()
        .find(|r| r.from == state && r.transition == transition)
        .map(|r| r.to)
        .ok_or_else(|| Refused::new(state, transition))
}

/// [`next`], or `state` unchanged where the table refuses: for following facts (a report, a
/// loop turn) that may be old news, where a refusal only means "not now".
pub fn follow<S: Machine>(state: S, transition: S::Transition) -> S {
    next(state, transition).unwrap_or(state)
}

/// The transitions `state` takes, in the table's order.
pub fn transitions_from<S: Machine>(state: S) -> Vec<S::Transition> {
    S::TABLE.iter().filter(|r| r.from == state).map(|r| r.transition).collect()
}

/// A transition the table does not have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{subject} is {state}: {advice}")]
pub struct Refused {
    /// What was asked to move (`the run`, `run 7`, `evf-reco-b-1`).
    pub subject: String,
    /// Its state now.
    pub state: &'static str,
    /// The transition refused.
    pub transition: &'static str,
    /// What to do instead.
    pub advice: String,
}

impl Refused {
    fn new<S: Machine>(state: S, transition: S::Transition) -> Refused {
        let advice = match state.advice(transition) {
            Some(advice) => advice.to_string(),
            None => {
                let takes: Vec<String> = transitions_from(state).iter().map(|t| t.to_string()).collect();
                let takes = if takes.is_empty() { "nothing: it has ended".to_string() } else { takes.join(", ") };
                format!("it cannot {transition} (from {state} it takes {takes})")
            }
        };
        Refused { subject: S::SUBJECT.to_string(), state: state.name(), transition: transition.name(), advice }
    }

    /// The same refusal about `subject` (`run 7`, a process's name).
    pub fn about(mut self, subject: impl Into<String>) -> Refused {
        self.subject = subject.into();
        self
    }
}

/// A name that is no value of its enum (from Python, or a hand-made report).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{word:?} is no {kind}; the {kind}s are {known}")]
pub struct UnknownName {
    /// The enum (`DeviceState`).
    pub kind: &'static str,
    /// The word given.
    pub word: String,
    /// The names it has.
    pub known: String,
}

impl DeviceState {
    /// The states of a process that has ended: it runs no more until launched again.
    pub const ENDED: &'static [DeviceState] = &[D::Exited, D::Error, D::Dead];

    /// Whether the process has ended (see [`DeviceState::ENDED`]).
    pub fn ended(self) -> bool {
        Self::ENDED.contains(&self)
    }

    /// The state of a process from those of its roles (a merger plays several): the one
    /// furthest from done, so that a process is `stopped` once every role is, and `running`
    /// while any runs. `None` for no role.
    pub fn of_roles(roles: impl IntoIterator<Item = DeviceState>) -> Option<DeviceState> {
        roles.into_iter().min_by_key(|s| ROLE_PRECEDENCE.iter().position(|p| p == s))
    }
}

/// Which role's state a process shows, first first (see [`DeviceState::of_roles`]).
const ROLE_PRECEDENCE: [DeviceState; 9] =
    [D::Error, D::Dead, D::Starting, D::Draining, D::Running, D::Configured, D::Stopped, D::Exited, D::Idle];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row, as the docs list them.
    const DEVICE_ROWS: [(&str, &str, &str); 25] = [
        ("idle", "launch", "starting"),
        ("starting", "configure", "configured"),
        ("configured", "start", "running"),
        ("configured", "stop", "draining"),
        ("running", "stop", "draining"),
        ("draining", "finish", "stopped"),
        ("stopped", "start", "running"),
        ("stopped", "stop", "draining"),
        ("starting", "exit", "exited"),
        ("configured", "exit", "exited"),
        ("running", "exit", "exited"),
        ("draining", "exit", "exited"),
        ("stopped", "exit", "exited"),
        ("starting", "fail", "error"),
        ("configured", "fail", "error"),
        ("running", "fail", "error"),
        ("draining", "fail", "error"),
        ("stopped", "fail", "error"),
        ("starting", "lose", "dead"),
        ("configured", "lose", "dead"),
        ("running", "lose", "dead"),
        ("draining", "lose", "dead"),
        ("stopped", "lose", "dead"),
        ("dead", "launch", "starting"),
        ("exited", "launch", "starting"),
    ];

    const RUN_ROWS: [(&str, &str, &str); 5] = [
        ("configured", "start", "running"),
        ("running", "stop", "draining"),
        ("draining", "stop", "draining"),
        ("draining", "close", "stopped"),
        ("stopped", "start", "running"),
    ];

    fn check_rows<S>(rows: &[(&str, &str, &str)])
    where
        S: Machine + FromStr + fmt::Debug,
        S::Transition: FromStr + fmt::Debug,
        <S as FromStr>::Err: fmt::Debug,
        <S::Transition as FromStr>::Err: fmt::Debug,
    {
        assert_eq!(S::TABLE.len(), rows.len());
        for &(from, transition, to) in rows {
            let (from, transition): (S, S::Transition) = (from.parse().unwrap(), transition.parse().unwrap());
            assert_eq!(next(from, transition).map(|s| s.to_string()), Ok(to.to_string()), "{from} {transition}");
        }
    }

    #[test]
    fn every_device_row_leads_where_it_says() {
        check_rows::<DeviceState>(&DEVICE_ROWS);
    }

    #[test]
    fn every_run_row_leads_where_it_says() {
        check_rows::<RunState>(&RUN_ROWS);
    }

    /// Every (state, transition) pair without a row is refused, naming the state.
    fn check_refusals<S>(states: &[S], transitions: &[S::Transition], rows: &[(&str, &str, &str)])
    where
        S: Machine + fmt::Debug,
        S::Transition: fmt::Debug,
    {
        for &state in states {
            for &transition in transitions {
                let listed = rows.iter().any(|&(f, t, _)| f == state.to_string() && t == transition.to_string());
                match next(state, transition) {
                    Ok(_) => assert!(listed, "{state} takes {transition} without a row"),
                    Err(refused) => {
                        assert!(!listed, "{state} refuses {transition} of its row");
                        assert_eq!((refused.state, refused.transition), (state.name(), transition.name()));
                        assert!(refused.to_string().starts_with(&format!("{} is {state}: ", S::SUBJECT)), "{refused}");
                        assert_eq!(follow(state, transition), state);
                    }
                }
            }
        }
    }

    #[test]
    fn every_device_state_refuses_what_the_table_does_not_list() {
        check_refusals(DeviceState::ALL, DeviceTransition::ALL, &DEVICE_ROWS);
        let refused = next(D::Error, DT::Launch).unwrap_err().about("evf-gen-a-1");
        assert_eq!(
            refused.to_string(),
            "evf-gen-a-1 is error: it cannot launch (from error it takes nothing: it has ended)"
        );
        let refused = next(D::Exited, DT::Configure).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "the device process is exited: it cannot configure (from exited it takes launch)"
        );
    }

    #[test]
    fn every_run_state_refuses_what_the_table_does_not_list() {
        check_refusals(RunState::ALL, RunTransition::ALL, &RUN_ROWS);
        let said = |s, t| next(s, t).unwrap_err().about("run 7").to_string();
        assert_eq!(said(R::Running, RT::Start), "run 7 is running: stop it first (evflow ctl FILE stop)");
        assert!(said(R::Draining, RT::Start).starts_with("run 7 is draining: wait until it has stopped"));
        assert!(said(R::Stopped, RT::Stop).contains("there is no run to stop"));
        assert!(said(R::Configured, RT::Close).contains("it cannot close (from configured it takes start)"));
    }

    #[test]
    fn every_state_is_reachable_from_the_first() {
        fn reachable<S: Machine>(first: S, all: &[S]) {
            let mut seen = vec![first];
            while let Some(more) = S::TABLE.iter().find(|r| seen.contains(&r.from) && !seen.contains(&r.to)) {
                seen.push(more.to);
            }
            for s in all {
                assert!(seen.contains(s), "{s} is not reachable");
            }
        }
        reachable(D::Idle, DeviceState::ALL);
        reachable(R::Configured, RunState::ALL);
    }

    #[test]
    fn names_are_the_words_on_the_wire() {
        for s in DeviceState::ALL {
            assert_eq!(serde_json::to_string(s).unwrap(), format!("\"{s}\""));
            assert_eq!(serde_json::from_str::<DeviceState>(&format!("\"{s}\"")).unwrap(), *s);
        }
        for s in RunState::ALL {
            assert_eq!(serde_json::to_string(s).unwrap(), format!("\"{s}\""));
        }
        let unknown = "Running".parse::<DeviceState>().unwrap_err();
        assert_eq!(unknown.to_string(), "\"Running\" is no DeviceState; the DeviceStates are idle, starting, configured, running, draining, stopped, exited, error, dead");
        assert!(serde_json::from_str::<RunState>("\"idle\"").is_err());
    }

    #[test]
    fn a_process_shows_the_state_of_its_least_advanced_role() {
        assert_eq!(DeviceState::of_roles([D::Stopped, D::Draining]), Some(D::Draining));
        assert_eq!(DeviceState::of_roles([D::Stopped, D::Running]), Some(D::Running));
        assert_eq!(DeviceState::of_roles([D::Exited, D::Running]), Some(D::Running));
        assert_eq!(DeviceState::of_roles([D::Configured, D::Starting]), Some(D::Starting));
        assert_eq!(DeviceState::of_roles([D::Stopped, D::Stopped]), Some(D::Stopped));
        assert_eq!(DeviceState::of_roles([]), None);
        assert!(ROLE_PRECEDENCE.iter().all(|s| DeviceState::ALL.contains(s)));
        assert_eq!(ROLE_PRECEDENCE.len(), DeviceState::ALL.len());
        assert!(D::Dead.ended() && D::Exited.ended() && D::Error.ended() && !D::Stopped.ended());
    }
}
