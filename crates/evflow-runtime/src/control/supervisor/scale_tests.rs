//! `evflow ctl scale` as the supervisor takes it: slots added and parked, replicas retired,
//! and what is refused.

use std::collections::HashSet;

use crate::control::fixtures::{compiled, ACROSS};
use crate::control::lifecycle::DeviceState;
use crate::control::supervisor::farm::{Action, Exited, Placement, Supervisor};
use crate::engine::Role;

/// The supervisor of ACROSS (reco: two replicas on b), every process launched at 0.
fn supervisor() -> Supervisor {
    let (plan, topology) = compiled(ACROSS, false);
    let here: HashSet<String> = ["a", "b"].iter().map(|h| h.to_string()).collect();
    let placement = Placement { here, files: vec![Vec::new(); 4], steps: vec![Vec::new()], worker_queue: vec![16] };
    let mut s = Supervisor::new(plan, &topology, placement);
    for i in 0..4 {
        s.launched(i, 0.0);
    }
    s
}

/// A report of replica `i` that finished 3 events; its last, when it exits with `code`.
fn report(s: &Supervisor, i: usize, code: Option<i32>) -> Vec<u8> {
    let p = &s.procs[i];
    let Some((_, Role::Worker(slot))) = p.roles.first().copied() else { panic!("a replica") };
    serde_json::json!({
        "name": p.name, "segment": 0, "role": "worker", "worker": slot, "generation": p.generation,
        "pid": 200 + i, "busy": null, "bound": {}, "state": "running", "failed": false,
        "stop": "run", "ended": false, "counters": {"events": 3}, "modules": [],
        "exit": code.map(|code| serde_json::json!({"code": code, "errors": [], "not_completed": []})),
    })
    .to_string()
    .into_bytes()
}

fn exits(s: &Supervisor, exited: &[usize]) -> Vec<Exited> {
    (0..s.procs.len()).map(|i| Exited { code: exited.contains(&i).then_some(0), described: None }).collect()
}

fn names(s: &Supervisor) -> Vec<String> {
    s.rows().into_iter().map(|r| r.name).collect()
}

#[test]
fn scaling_up_adds_slots_with_the_next_replica_numbers() {
    let mut s = supervisor();
    let (actions, told) = s.scale("reco", 4, Some("b"), 1.0).expect("scaled");
    assert_eq!(actions, [Action::Start(4), Action::Start(5)]);
    assert_eq!(told, ["reco on b: 2 -> 4 replicas"]);
    assert_eq!(s.procs[5].name, "evf-reco-b-4");
    assert_eq!(s.procs[5].roles, [(0, Role::Worker(3))]);
    assert_eq!(s.plan().segments[0].slots.last(), Some(&("b".to_string(), 4)));
    // The new slots are in the view from now on, with no process yet.
    let view = &s.views()[0].1;
    assert_eq!(view.workers.len(), 4);
    assert_eq!((view.workers[3].pid, view.workers[3].retire), (0, false));
    assert_eq!(s.changes.len(), 1);
    assert_eq!((s.changes[0].before, s.changes[0].after), (Some(2), Some(4)));
    // It joined once it finished its first event.
    s.launched(5, 1.5);
    assert!(s.take(&report(&s, 5, None), 2.5));
    let joined = s.changes.last().expect("a change");
    assert_eq!((joined.what, joined.process.as_deref(), joined.at), ("joined", Some("evf-reco-b-4"), 2.5));
}

#[test]
fn scaling_down_retires_the_highest_replicas_and_parks_their_slots_once_they_exit() {
    let mut s = supervisor();
    let (actions, _) = s.scale("reco", 1, None, 1.0).expect("scaled");
    assert!(actions.is_empty());
    assert!(s.procs[2].retiring && !s.procs[1].retiring);
    assert!(s.views()[0].1.workers[1].retire);
    // It exits when told: not restarted, gone from the list, its slot parked.
    assert!(s.take(&report(&s, 2, Some(0)), 2.0));
    let actions = s.tick(2.1, &exits(&s, &[2]));
    assert!(actions.is_empty(), "{actions:?}");
    assert_eq!(s.procs[2].state, DeviceState::Exited);
    assert!(s.procs[2].parked);
    assert_eq!(names(&s), ["evf-gen-a-1", "evf-reco-b-1", "evf-store-a-1"]);
    assert_eq!(s.changes.last().map(|c| c.what), Some("retired"));
    // Scaling up again takes the parked slot, with the next generation.
    let generation = s.procs[2].generation;
    let (actions, _) = s.scale("reco", 2, Some("b"), 3.0).expect("scaled");
    assert_eq!(actions, [Action::Start(2)]);
    s.launched(2, 3.0);
    let view = &s.views()[0].1;
    assert_eq!((view.workers.len(), view.workers[1].retire, view.workers[1].generation), (2, false, generation));
}

#[test]
fn a_retiring_replica_that_dies_is_parked_not_replaced() {
    let mut s = supervisor();
    s.scale("reco", 1, None, 1.0).expect("scaled");
    let mut killed = exits(&s, &[]);
    killed[2].code = Some(-libc::SIGKILL);
    let actions = s.tick(1.5, &killed);
    assert_eq!(
        actions,
        [Action::Warn("evf-reco-b-2 was killed by SIGKILL while it retired; its events go to the others".into())]
    );
    assert!(s.procs[2].parked && s.procs[2].state == DeviceState::Dead);
    // Its slot's generation moved on: the origin re-sends what it held.
    assert_eq!(s.views()[0].1.workers[1].generation, 1);
}

#[test]
fn a_replica_retired_while_its_replacement_starts_retires_once_it_runs() {
    // Killed: its replacement is started after this turn (the controller launches it).
    let mut s = supervisor();
    let mut killed = exits(&s, &[]);
    killed[2].code = Some(-libc::SIGKILL);
    assert!(s.tick(1.0, &killed).contains(&Action::Start(2)));
    // Scaled down before the launch: the replacement is launched all the same.
    s.scale("reco", 1, None, 1.1).expect("scaled");
    s.launched(2, 1.2);
    assert!(s.procs[2].retiring && !s.procs[2].parked, "it runs, and is told to retire");
    assert!(s.views()[0].1.workers[1].retire);
    assert!(names(&s).contains(&"evf-reco-b-2".to_string()), "listed until it has exited");
    // Killed again while it retires: parked, not replaced.
    let mut killed = exits(&s, &[]);
    killed[2].code = Some(-libc::SIGKILL);
    assert!(!s.tick(1.5, &killed).contains(&Action::Start(2)));
    assert!(s.procs[2].parked);
    assert_eq!(names(&s), ["evf-gen-a-1", "evf-reco-b-1", "evf-store-a-1"]);
}

#[test]
fn what_scale_refuses() {
    let mut s = supervisor();
    let refused = |s: &mut Supervisor, device: &str, n: u32, host: Option<&str>| {
        s.scale(device, n, host, 1.0).expect_err("refused")
    };
    assert_eq!(
        refused(&mut s, "reco", 0, None),
        "scaling reco to 0 replicas on b would leave it with none: a device keeps one replica or more"
    );
    assert!(refused(&mut s, "gen", 2, None).starts_with("gen is a source:"));
    assert!(refused(&mut s, "store", 2, None).starts_with("store is a sink:"));
    assert_eq!(refused(&mut s, "nope", 2, None), "the topology has no device \"nope\" (its devices: gen, reco, store)");
    assert_eq!(refused(&mut s, "reco", 2, Some("a")), "reco runs on host b, not on a");
    assert_eq!(refused(&mut s, "reco", 2, Some("z")), "the topology has no host \"z\" (its hosts: a, b)");
    assert!(refused(&mut s, "reco", 300, None).contains("more than its segment allows (256"));
    s.request_stop(crate::engine::board::Stop::Drain, None);
    assert_eq!(refused(&mut s, "reco", 3, None), "the topology is stopping");
    assert!(s.changes.is_empty());
    assert_eq!(s.procs.len(), 4);
}
