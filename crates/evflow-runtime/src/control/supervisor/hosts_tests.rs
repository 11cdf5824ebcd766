//! Standby hosts, `add-host` and `drain-host` as the supervisor takes them.

use std::collections::HashSet;

use crate::control::fixtures::{compiled, ACROSS};
use crate::control::lifecycle::DeviceState;
use crate::control::supervisor::farm::{Action, Exited, Placement, Supervisor};

/// ACROSS with reco on b and on a standby host c: processes 0 (gen), 1 and 2 (reco on b), 3
/// and 4 (reco on c), 5 (store). Every process but c's launched at 0.
fn supervisor() -> Supervisor {
    let text = ACROSS
        .replace("[hosts.b]\n", "[hosts.b]\n[hosts.c]\nstandby = true\n")
        .replace("host = \"b\"\nreplicas = 2", "host = [\"b\", \"c\"]\nreplicas = 2");
    let (plan, topology) = compiled(&text, false);
    let here: HashSet<String> = ["a", "b", "c"].iter().map(|h| h.to_string()).collect();
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
    (r.pid, r.state, r.host_state)
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
    assert_eq!(s.host_state("c"), "standby");
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
        "host a runs evf-gen-a-1 (gen), evf-store-a-1 (store): only a host that runs processors alone can be drained"
    );
    assert_eq!(s.drain_host("c", 1.0).unwrap_err(), "host c is standby: only a host that is up is drained");
    assert_eq!(
        s.drain_host("b", 1.0).unwrap_err(),
        "draining b would leave reco with no replica: scale it up elsewhere first"
    );
    assert_eq!(s.drain_host("z", 1.0).unwrap_err(), "the topology has no host \"z\" (its hosts: a, b, c)");
    assert!(s.changes.is_empty());
}
