//! Standby hosts, `add-host` and `drain-host` as the supervisor takes them.

use std::collections::HashSet;

use crate::control::fixtures::{compiled, ACROSS};
use crate::control::lifecycle::DeviceState;
use crate::control::supervisor::farm::{Action, Exited, Placement, Supervisor};
use crate::control::supervisor::hosts::HostState;
use crate::engine::Role;

/// ACROSS with reco on b and on a standby host c: processes 0 (gen), 1 and 2 (reco on b), 3
/// and 4 (reco on c), 5 (store). Every process but c's launched at 0.
fn supervisor() -> Supervisor {
    supervisor_here(&["a", "b", "c"])
}

/// The same, with the hosts whose devices run on this machine.
fn supervisor_here(here: &[&str]) -> Supervisor {
    let text = ACROSS
        .replace("[hosts.b]\n", "[hosts.b]\n[hosts.c]\nstandby = true\n")
        .replace("host = \"b\"\nreplicas = 2", "host = [\"b\", \"c\"]\nreplicas = 2");
    let (plan, topology) = compiled(&text, false);
    let here: HashSet<String> = here.iter().map(|h| h.to_string()).collect();
    let placement = Placement { here, files: vec![Vec::new(); 6], steps: vec![Vec::new()], worker_queue: vec![16] };
    let mut s = Supervisor::new(plan, &topology, placement);
    for i in 0..6 {
        if !s.standing_by(i) {
            s.launched(i, 0.0);
        }
    }
    s
}

fn row(s: &Supervisor, name: &str) -> (Option<i32>, DeviceState, &'static str) {
    let r = s.rows().into_iter().find(|r| r.name == name).expect("listed");
    (r.pid, r.state, r.host_state.name())
}

#[test]
fn a_standby_host_s_replicas_are_listed_idle_and_take_no_events_until_it_is_added() {
    let mut s = supervisor();
    assert!(s.standing_by(3) && s.standing_by(4) && !s.standing_by(1));
    assert_eq!(row(&s, "evf-reco-c-1"), (None, DeviceState::Idle, "standby"));
    assert_eq!(row(&s, "evf-reco-b-1").2, "up");
    let view = &s.views()[0].1;
    assert_eq!(view.workers.len(), 4);
    assert!(view.workers[2].retire && view.workers[3].retire && !view.workers[0].retire);
    // Scaling on it is refused; without --host it changes the hosts that are up.
    assert_eq!(
        s.scale("reco", 3, Some("c"), 1.0).unwrap_err(),
        "host c is standby: start its replicas with add-host first"
    );
    assert_eq!(s.scale("reco", 2, None, 1.0).expect("scaled").1, ["reco on b: 2 -> 2 replicas"]);
    assert_eq!(s.add_host("c", 2.0), Ok(vec![Action::Start(3), Action::Start(4)]));
    assert_eq!(s.add_host("c", 2.0).unwrap_err(), "host c is up: its processes run already");
    s.launched(3, 2.0);
    s.launched(4, 2.0);
    assert!(!s.views()[0].1.workers[2].retire);
    assert_eq!(row(&s, "evf-reco-c-2").2, "up");
    assert_eq!(s.changes.last().map(|c| (c.what, c.host.as_str())), Some(("add-host", "c")));
}

#[test]
fn a_drained_host_retires_its_replicas_and_is_standby_once_they_exited() {
    let mut s = supervisor();
    s.add_host("c", 1.0).expect("added");
    s.launched(3, 1.0);
    s.launched(4, 1.0);
    assert_eq!(s.drain_host("c", 2.0), Ok(vec!["evf-reco-c-1".to_string(), "evf-reco-c-2".to_string()]));
    assert_eq!(row(&s, "evf-reco-c-1").2, "draining");
    let exits: Vec<Exited> =
        (0..6).map(|i| Exited { code: (3..5).contains(&i).then_some(0), described: None }).collect();
    s.tick(3.0, &exits);
    assert!(s.procs[3].parked && s.procs[4].parked);
    assert_eq!(s.host_state("c"), HostState::Standby);
    // Listed still, without a process, for add-host.
    assert_eq!(row(&s, "evf-reco-c-1"), (None, DeviceState::Exited, "standby"));
    // And it can be added again: the replicas it had when drained, not those a scale retired.
    assert_eq!(s.add_host("c", 4.0), Ok(vec![Action::Start(3), Action::Start(4)]));
    s.launched(3, 4.0);
    s.launched(4, 4.0);
    s.scale("reco", 3, Some("c"), 5.0).expect("scaled up");
    s.launched(6, 5.0);
    s.scale("reco", 2, Some("c"), 6.0).expect("scaled down");
    let exits: Vec<Exited> = (0..7).map(|i| Exited { code: (i == 6).then_some(0), described: None }).collect();
    s.tick(7.0, &exits);
    assert!(s.procs[6].parked);
    s.drain_host("c", 8.0).expect("drained");
    let exits: Vec<Exited> =
        (0..7).map(|i| Exited { code: (3..5).contains(&i).then_some(0), described: None }).collect();
    s.tick(9.0, &exits);
    assert_eq!(s.add_host("c", 10.0), Ok(vec![Action::Start(3), Action::Start(4)]));
}

#[test]
fn what_drain_host_refuses() {
    let mut s = supervisor();
    assert_eq!(
        s.drain_host("a", 1.0).unwrap_err(),
        "host a runs evf-gen-a-1 (gen), evf-store-a-1 (store): only a host that runs processors and builders alone can be drained"
    );
    assert_eq!(s.drain_host("c", 1.0).unwrap_err(), "host c is standby: only a host that is up is drained");
    assert_eq!(
        s.drain_host("b", 1.0).unwrap_err(),
        "draining b would leave reco with no replica: scale it up elsewhere first"
    );
    assert_eq!(s.drain_host("z", 1.0).unwrap_err(), "the topology has no host \"z\" (its hosts: a, b, c)");
    assert!(s.changes.is_empty());
}

/// Every launched process reports itself running at `now`.
fn everyone_runs(s: &mut Supervisor, now: f64) {
    let launched: Vec<usize> = (0..s.procs.len()).filter(|&i| s.procs[i].launched).collect();
    for i in launched {
        let p = &s.procs[i];
        let role = match p.roles[0].1 {
            Role::Input => "input",
            Role::Output => "output",
            _ => "worker",
        };
        let report = serde_json::json!({
            "name": p.name, "segment": 0, "role": role, "worker": p.worker().map(|w| w.1),
            "generation": p.generation, "pid": 100 + i, "busy": null, "bound": {},
            "state": "running", "failed": false, "stop": "run", "ended": false,
            "counters": {}, "modules": [], "exit": null,
        });
        assert!(s.take(report.to_string().as_bytes(), now));
    }
}

#[test]
fn a_host_whose_processes_all_die_at_once_is_lost_until_they_run_again() {
    let mut s = supervisor();
    everyone_runs(&mut s, 1.0);
    let mut exits: Vec<Exited> = vec![Exited::default(); 6];
    (exits[1].code, exits[2].code) = (Some(-libc::SIGKILL), Some(-libc::SIGKILL));
    let actions = s.tick(1.1, &exits);
    let said = "host b is lost: its 2 processes died at once; their events go to the other hosts, they are \
                started there again";
    assert!(actions.contains(&Action::Warn(said.into())), "{actions:?}");
    assert!(actions.contains(&Action::Start(1)) && actions.contains(&Action::Start(2)));
    assert_eq!(s.host_state("b"), HostState::Lost);
    assert_eq!(s.changes.last().map(|c| (c.what, c.host.as_str())), Some(("host-lost", "b")));
    s.launched(1, 1.2);
    s.launched(2, 1.2);
    everyone_runs(&mut s, 1.5);
    assert_eq!(s.host_state("b"), HostState::Up);
    // One replica killed alone is no host lost.
    let mut exits: Vec<Exited> = vec![Exited::default(); 6];
    exits[1].code = Some(-libc::SIGKILL);
    assert!(!s.tick(2.0, &exits).iter().any(|a| matches!(a, Action::Warn(w) if w.contains("is lost"))));
}

/// The launcher's word that processes `killed` were SIGKILLed, and nothing of the others.
fn sigkilled(killed: &[usize]) -> Vec<Exited> {
    let mut exits = vec![Exited::default(); 6];
    for &i in killed {
        exits[i].code = Some(-libc::SIGKILL);
    }
    exits
}

#[test]
fn a_host_whose_processes_die_over_two_turns_is_lost_once() {
    // Killed together, seen apart: the first is replaced (and runs) before the second is seen.
    let mut s = supervisor();
    let lost =
        |actions: &[Action]| actions.iter().filter(|a| matches!(a, Action::Warn(w) if w.contains("is lost"))).count();
    everyone_runs(&mut s, 1.0);
    assert_eq!(lost(&s.tick(1.1, &sigkilled(&[1]))), 0);
    s.launched(1, 1.15);
    everyone_runs(&mut s, 1.2);
    assert_eq!(lost(&s.tick(1.3, &sigkilled(&[2]))), 1);
    assert_eq!(s.changes.iter().filter(|c| c.what == "host-lost").count(), 1);
    // Both die again much later, apart: no host lost; then together: lost again, once.
    s.launched(2, 1.35);
    everyone_runs(&mut s, 4.9);
    assert_eq!(lost(&s.tick(5.0, &sigkilled(&[1]))), 0);
    s.launched(1, 5.1);
    everyone_runs(&mut s, 7.0);
    assert_eq!(lost(&s.tick(7.1, &sigkilled(&[2]))), 0);
    s.launched(2, 7.2);
    everyone_runs(&mut s, 9.0);
    assert_eq!(lost(&s.tick(9.1, &sigkilled(&[1, 2]))), 1);
    assert_eq!(lost(&s.tick(9.2, &sigkilled(&[]))), 0);
    assert_eq!(s.changes.iter().filter(|c| c.what == "host-lost").count(), 2);
}

/// The supervisor with host c on another machine (its link can be cut), added and running
/// at 1.0.
fn c_added_elsewhere() -> Supervisor {
    let mut s = supervisor_here(&["a"]);
    s.add_host("c", 0.5).expect("added");
    s.launched(3, 0.5);
    s.launched(4, 0.5);
    everyone_runs(&mut s, 1.0);
    s
}

#[test]
fn a_host_cut_off_is_lost_and_add_host_brings_it_back() {
    // Host c on another machine: its replicas fall silent together, are not restarted, and
    // b's take their events.
    let mut s = c_added_elsewhere();
    for i in [0, 1, 2, 5] {
        s.procs[i].heard = 2.4; // heard from since: only c is silent
    }
    let actions = s.tick(2.5, &vec![Exited::default(); 6]);
    assert!(actions.iter().any(|a| matches!(a, Action::Warn(w) if w.starts_with("host c is lost") && w.ends_with("`evflow ctl FILE add-host c` brings it back once it answers"))), "{actions:?}");
    assert!(!actions.iter().any(|a| matches!(a, Action::Start(_))));
    assert_eq!(s.host_state("c"), HostState::Lost);
    assert_eq!(s.rows().iter().filter(|r| r.host == "c").map(|r| r.state).collect::<Vec<_>>(), [DeviceState::Dead; 2]);
    assert_eq!(s.add_host("c", 3.0), Ok(vec![Action::Start(3), Action::Start(4)]));
    assert_eq!(s.host_state("c"), HostState::Up);
}

#[test]
fn add_host_starts_what_was_lost_on_a_host_one_of_whose_processes_came_back() {
    // Host c cut off: replica 1 silent, stranded; replica 2 killed at the same moment and
    // restarted there, which runs once the link is back: the host is up, and add-host
    // starts the stranded one (it was refused: "host c is up").
    let mut s = c_added_elsewhere();
    assert!(s.tick(1.5, &sigkilled(&[4])).contains(&Action::Start(4)));
    s.launched(4, 1.6);
    for i in [0, 1, 2, 5] {
        s.procs[i].heard = 2.4;
    }
    let actions = s.tick(2.5, &sigkilled(&[]));
    assert!(!actions.iter().any(|a| matches!(a, Action::Start(_))), "{actions:?}");
    assert!(s.procs[3].stranded);
    everyone_runs(&mut s, 3.0);
    assert_eq!(s.host_state("c"), HostState::Up);
    assert_eq!(s.add_host("c", 3.1), Ok(vec![Action::Start(3)]));
    s.launched(3, 3.1);
    assert_eq!(s.add_host("c", 3.2).unwrap_err(), "host c is up: its processes run already");
}
