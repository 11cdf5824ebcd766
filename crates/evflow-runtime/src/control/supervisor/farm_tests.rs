//! The topology supervisor's decisions, told events by hand: what it answers to deaths,
//! silence and crash loops, and what it shows.

use std::collections::HashSet;
use std::path::Path;

use crate::control::lifecycle::DeviceState;
use crate::control::plan::Plan;
use crate::control::supervisor::farm::{Action, Exited, Placement, Supervisor};
use crate::engine::board::Stop;

/// gen on A, reco x2 on B, store on A: processes 0 (gen), 1 and 2 (reco), 3 (store).
const CHAIN: &str = r#"
name = "t"
[hosts.a]
[hosts.b]
[devices.gen]
steering = "gen.py"
host = "a"
outputs = ["raw"]
[devices.reco]
steering = "reco.py"
host = "b"
replicas = 2
max_restarts_per_minute = 2
inputs = ["raw"]
outputs = ["accepted"]
[devices.store]
steering = "store.py"
host = "a"
inputs = ["accepted"]
"#;

fn supervisor(here: &[&str]) -> Supervisor {
    let topology = crate::topology::parse(CHAIN, Path::new("/tmp/t.toml")).expect("a valid file");
    let plan = Plan::compile(&topology, false).expect("a plan");
    let here: HashSet<String> = here.iter().map(|h| h.to_string()).collect();
    let steps = vec![vec!["EventGenerator".into(), "Sum".into(), "FileOutput".into()]];
    let placement = Placement { here, files: vec![Vec::new(); 4], steps, worker_queue: vec![16] };
    let mut s = Supervisor::new(plan, &topology, placement);
    for i in 0..4 {
        s.launched(i, 0.0);
    }
    s
}

/// A report of process `name`'s role in segment 0, as its device sends it (a replica's
/// slot: its replica number less one).
fn report(name: &str, generation: u32, role: &str, busy: Option<u64>) -> Vec<u8> {
    let worker = (role == "worker").then(|| name.ends_with('2') as usize);
    serde_json::json!({
        "name": name, "segment": 0, "role": role, "worker": worker, "generation": generation,
        "pid": 100, "busy": busy, "bound": {}, "state": "running", "failed": false,
        "stop": "run", "ended": false, "counters": {"events": 5, "read": 3 + generation}, "modules": [[5, 0, 10]],
        "exit": null,
    })
    .to_string()
    .into_bytes()
}

fn running() -> Vec<Exited> {
    vec![Exited::default(); 4]
}

fn killed(i: usize) -> Vec<Exited> {
    let mut exits = running();
    exits[i].code = Some(-libc::SIGKILL);
    exits
}

fn everyone_reports(s: &mut Supervisor, now: f64) {
    for (name, role) in [("evf-gen-a-1", "input"), ("evf-store-a-1", "output")] {
        assert!(s.take(&report(name, 0, role, None), now));
    }
    for i in [1, 2] {
        let p = &s.procs[i];
        let (name, generation) = (p.name.clone(), p.generation);
        assert!(s.take(&report(&name, generation, "worker", Some(42)), now));
    }
}

#[test]
fn a_killed_replica_is_replaced_and_its_event_named() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    let actions = s.tick(1.1, &killed(1));
    assert_eq!(
        actions,
        vec![Action::Warn("evf-reco-b-1 was killed by SIGKILL; starting a replacement".into()), Action::Start(1)]
    );
    assert_eq!((s.procs[1].generation, s.procs[1].restarts, s.procs[1].state), (1, 1, DeviceState::Dead));
    let view = &s.views(0, 0, 0)[0].1;
    assert_eq!(view.workers[0].died_on, Some(42));
    assert_eq!(view.workers[0].generation, 1);
    s.launched(1, 1.2);
    // Its predecessor's counts stay with the slot.
    assert!(s.take(&report("evf-reco-b-1", 1, "worker", None), 1.3));
    assert_eq!(s.procs[1].counter("worker", "events"), 10);
    // A counter that mirrors the job, not what the process did, is the last generation's;
    // each counter reads as the whole report does.
    let report = s.procs[1].report(0).expect("its report");
    assert_eq!(s.procs[1].counter("worker", "read"), 4);
    for key in ["events", "read"] {
        assert_eq!(s.procs[1].counter("worker", key), report.counters.get(key).copied().unwrap_or(0), "{key}");
    }
}

#[test]
fn a_dead_sink_stops_the_topology() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    assert!(s.tick(1.1, &killed(3)).is_empty());
    assert_eq!(s.stop, Stop::Abort);
    assert_eq!(
        s.errors[0].message,
        "evf-store-a-1 was killed by SIGKILL: the topology stops; its files may be incomplete"
    );
}

#[test]
fn more_replacements_than_a_minute_allows_are_a_crash_loop() {
    let mut s = supervisor(&["a", "b"]);
    for round in 0..3 {
        everyone_reports(&mut s, 1.0);
        let actions = s.tick(1.1, &killed(1));
        if round < 2 {
            assert!(actions.contains(&Action::Start(1)));
            s.launched(1, 1.0);
        } else {
            assert!(actions.is_empty());
        }
    }
    assert_eq!(s.stop, Stop::Abort);
    assert!(s.errors[0].message.starts_with("reco processes died 3 times within a minute"), "{}", s.errors[0].message);
}

#[test]
fn a_silent_replica_is_replaced_where_its_host_answers_and_given_up_where_it_does_not() {
    // Host b is this machine: a silent replica there was stopped or hung, and is replaced.
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    let actions = s.tick(2.5, &running());
    assert_eq!(actions[0], Action::Kill(1));
    assert!(
        matches!(&actions[1], Action::Warn(w) if w.contains("sent nothing for 1.5 s (stopped or hung: its host answers)"))
    );
    assert!(actions.contains(&Action::Start(2)));
    // Host b on another machine, silent as a whole: its replicas' events go to the others.
    let mut s = supervisor(&["a"]);
    everyone_reports(&mut s, 1.0);
    let actions = s.tick(2.5, &running());
    assert!(
        matches!(&actions[1], Action::Warn(w) if w.ends_with("(its host is unreachable?); its events go to the others"))
    );
    assert!(!actions.iter().any(|a| matches!(a, Action::Start(_))));
}

#[test]
fn a_replacement_that_goes_silent_is_taken_for_lost_too() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    assert!(s.tick(1.1, &killed(1)).contains(&Action::Start(1)));
    s.launched(1, 1.2);
    everyone_reports(&mut s, 1.3);
    // The replacement runs and is silent past LOST_AFTER: it exited before, not now.
    assert!(s.tick(2.0, &running()).is_empty());
    assert!(s.tick(2.5, &running()).contains(&Action::Kill(1)));
}

#[test]
fn a_stall_of_the_supervisor_is_no_process_s_silence() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    s.forgive(5.0);
    assert!(s.tick(6.5, &running()).is_empty());
}

#[test]
fn a_normal_end_is_no_death_and_a_recorded_error_stops_the_topology() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    let mut exits = running();
    exits[1].code = Some(0);
    assert!(s.tick(1.1, &exits).is_empty());
    assert_eq!((s.procs[1].state, s.stop), (DeviceState::Exited, Stop::Run));
    exits[2].code = Some(70);
    // Its reports naming the error may still be on their way: it waits LOST_AFTER for them.
    assert!(s.tick(1.2, &exits).is_empty());
    assert_eq!(s.procs[2].state, DeviceState::Running);
    s.tick(2.3, &exits);
    assert_eq!((s.procs[2].state, s.stop), (DeviceState::Error, Stop::Drain));
    assert_eq!(s.errors[0].message, "evf-reco-b-2 stopped on an error");
}

#[test]
fn what_is_not_a_report_is_counted_and_changes_nothing() {
    let mut s = supervisor(&["a", "b"]);
    assert!(!s.take(b"{\"name\": \"evf-gen-a-1\"}", 1.0));
    assert!(!s.take(&[b'['; 100_000], 1.0));
    assert_eq!(s.malformed, 2);
    assert!(s.rows().iter().all(|r| r.pid.is_none()));
}

#[test]
fn the_live_snapshot_counts_every_generation_and_shows_a_replacement_as_not_running_yet() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    s.tick(1.1, &killed(1));
    s.launched(1, 1.2);
    let live = s.live();
    let replica = live.processes.iter().find(|p| p.name == "evf-reco-b-1").expect("its predecessor's entry");
    assert!(!replica.running);
    assert_eq!(replica.modules[0].name, "EventGenerator");
    assert_eq!(replica.placed.as_ref().map(|p| p.host.as_str()), Some("b"));
    assert_eq!(live.report.workers.len(), 2);
    assert_eq!((live.report.workers[0].events, live.report.workers[0].restarts), (5, 1));
    assert_eq!((live.report.restarts, live.worker_queue), (1, 16));
    assert!(s.take(&report("evf-reco-b-1", 1, "worker", None), 1.3));
    let live = s.live();
    let replica = live.processes.iter().find(|p| p.name == "evf-reco-b-1").expect("its entry");
    assert!(replica.running);
    assert_eq!(live.report.workers[0].events, 10);
}
