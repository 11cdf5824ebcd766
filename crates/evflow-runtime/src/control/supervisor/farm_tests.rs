//! The topology supervisor's decisions, told events by hand: what it answers to deaths,
//! silence and crash loops, and what it shows.

use std::collections::HashSet;

use crate::control::fixtures::{compiled, ACROSS};
use crate::control::lifecycle::{DeviceState, RunState};
use crate::control::supervisor::farm::{Action, Exited, Placement, Supervisor};
use crate::engine::board::Stop;

fn supervisor(here: &[&str]) -> Supervisor {
    supervisor_of(ACROSS, here, false)
}

/// The supervisor of `text` (ACROSS or a variant of it), `held` or not, every process
/// launched at 0.
fn supervisor_of(text: &str, here: &[&str], held: bool) -> Supervisor {
    let (plan, topology) = compiled(text, held);
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
    killed_of(4, i)
}

/// The exits of `n` processes, process `i` killed by SIGKILL.
fn killed_of(n: usize, i: usize) -> Vec<Exited> {
    let mut exits = vec![Exited::default(); n];
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
    let view = &s.views()[0].1;
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
fn a_dead_sink_with_restart_never_stops_the_topology() {
    let text = ACROSS.replace("inputs = [\"accepted\"]", "inputs = [\"accepted\"]\nrestart = \"never\"");
    let mut s = supervisor_of(&text, &["a", "b"], false);
    everyone_reports(&mut s, 1.0);
    assert!(s.tick(1.1, &killed(3)).is_empty());
    assert_eq!(s.stop, Stop::Abort);
    assert_eq!(
        s.errors[0].message,
        "evf-store-a-1 was killed by SIGKILL: the topology stops; its files may be incomplete"
    );
}

#[test]
fn a_dead_sink_is_started_again_on_its_port() {
    let mut s = supervisor(&["a", "b"]);
    everyone_reports(&mut s, 1.0);
    let mut bound: serde_json::Value = serde_json::from_slice(&report("evf-store-a-1", 0, "output", None)).unwrap();
    bound["bound"] = serde_json::json!({"results": "tcp://10.0.0.1:40123"});
    assert!(s.take(bound.to_string().as_bytes(), 1.0));
    let actions = s.tick(1.1, &killed(3));
    let warned = "evf-store-a-1 was killed by SIGKILL; starting a replacement, which continues its files";
    assert_eq!(actions, vec![Action::Warn(warned.into()), Action::Start(3)]);
    assert_eq!(s.stop, Stop::Run);
    let store = &s.procs[3];
    assert_eq!((store.generation, store.restarts), (1, 1));
    assert_eq!(store.ports, [(0, 40123)].into());
    assert!(s.errors.is_empty(), "nothing stops the topology");
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
    // Host b on another machine, silent as a whole: the first replica's events go to the
    // other, and with the second no replica is left: the topology stops (it would wait).
    let mut s = supervisor(&["a"]);
    everyone_reports(&mut s, 1.0);
    let actions = s.tick(2.5, &running());
    assert!(
        matches!(&actions[1], Action::Warn(w) if w.ends_with("(its host is unreachable?); its events go to the others"))
    );
    assert!(!actions.iter().any(|a| matches!(a, Action::Start(_))));
    assert_eq!(s.stop, Stop::Abort);
    let stopped = &s.errors[0].message;
    assert!(stopped.starts_with("evf-reco-b-2 sent nothing for 1.5 s (its host is unreachable?), and no replica of reco is left: the topology stops"), "{stopped}");
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

#[test]
fn a_held_topology_starts_and_stops_its_runs_as_the_run_table_allows() {
    let mut s = supervisor_of(ACROSS, &["a", "b"], true);
    assert_eq!((s.runs.state, s.runs.number), (RunState::Configured, None));
    assert_eq!(s.stop_run(), None, "no run to stop: the held topology exits");
    assert_eq!(s.start_run(7, &[], false), Ok(RunState::Running));
    let refused = s.start_run(8, &[], false).unwrap_err();
    assert!(refused.starts_with("run 7 is running: stop it first"), "{refused}");
    assert_eq!(s.stop_run(), Some((1, Some(7))));
    assert_eq!(s.runs.state, RunState::Draining);
    assert_eq!(s.views()[0].1.runs.stopping, 1);
    assert_eq!(s.follow_runs(), None, "no sink has closed it");
    // The sink closes run 1 and every device process stops it.
    for (name, role, closed) in [("evf-gen-a-1", "input", 0), ("evf-store-a-1", "output", 1)] {
        assert!(s.take(&stopped(name, role, closed), 1.0));
    }
    for name in ["evf-reco-b-1", "evf-reco-b-2"] {
        assert!(s.take(&stopped(name, "worker", 0), 1.0));
    }
    assert_eq!(s.run_closed(), 1);
    assert_eq!(s.follow_runs().as_deref(), Some("run 7 stopped: 5 events written, files closed"));
    assert_eq!(s.runs.state, RunState::Stopped);
    assert_eq!(s.follow_runs(), None, "told once");
    // A number taken, or with files, only with --overwrite.
    let refused = s.start_run(7, &["out.7.evf".into()], false).unwrap_err();
    assert!(
        refused.starts_with("run 7 was already taken by this topology and has files already (out.7.evf)"),
        "{refused}"
    );
    assert_eq!(s.start_run(7, &[], true), Ok(RunState::Running));
    assert_eq!((s.runs.started, s.views()[0].1.runs.number), (2, 7));
    s.request_stop(Stop::Drain, None);
    assert_eq!(s.start_run(9, &[], false).unwrap_err(), "the topology is stopping");
}

#[test]
fn a_topology_that_is_not_held_starts_its_one_run_once_no_process_is_starting() {
    let mut s = supervisor(&["a", "b"]);
    let roles = [("evf-gen-a-1", "input"), ("evf-reco-b-1", "worker"), ("evf-reco-b-2", "worker")];
    for (name, role) in roles {
        assert!(s.take(&in_state(name, role, "configured", 0), 0.5));
    }
    assert!(!s.begin_run(), "the sink is starting");
    assert_eq!((s.runs.state, s.views()[0].1.runs.started), (RunState::Configured, 0));
    assert!(s.take(&in_state("evf-store-a-1", "output", "configured", 0), 0.6));
    assert!(s.begin_run());
    assert_eq!((s.runs.state, s.views()[0].1.runs.started), (RunState::Running, 1));
    assert!(!s.begin_run(), "once");
    // A replacement starting joins the run going; there is no run to stop but the topology's.
    let actions = s.tick(1.0, &killed(1));
    assert!(actions.contains(&Action::Start(1)), "{actions:?}");
    s.launched(1, 1.0);
    assert_eq!((s.begin_run(), s.views()[0].1.runs.started), (false, 1));
    assert_eq!(s.stop_run(), None);
    s.request_stop(Stop::Drain, None);
    s.follow_runs();
    assert_eq!(s.runs.state, RunState::Draining);
}

#[test]
fn a_topology_stopped_while_its_processes_start_never_starts_its_run() {
    let mut s = supervisor(&["a", "b"]);
    s.request_stop(Stop::Drain, None);
    for (name, role) in [("evf-gen-a-1", "input"), ("evf-store-a-1", "output")] {
        assert!(s.take(&in_state(name, role, "configured", 0), 0.5));
    }
    for name in ["evf-reco-b-1", "evf-reco-b-2"] {
        assert!(s.take(&in_state(name, "worker", "configured", 0), 0.5));
    }
    assert!(!s.begin_run());
    assert_eq!(s.views()[0].1.runs.started, 0);
}

/// A report of process `name`'s role in segment 0 saying it stopped the run, its sink having
/// closed `closed` runs.
fn stopped(name: &str, role: &str, closed: u64) -> Vec<u8> {
    in_state(name, role, "stopped", closed)
}

/// A report of process `name`'s role in segment 0 saying it is in `state`, its sink having
/// closed `closed` runs.
fn in_state(name: &str, role: &str, state: &str, closed: u64) -> Vec<u8> {
    let worker = (role == "worker").then(|| name.ends_with('2') as usize);
    serde_json::json!({
        "name": name, "segment": 0, "role": role, "worker": worker, "generation": 0,
        "pid": 100, "busy": null, "bound": {}, "state": state, "failed": false,
        "stop": "run", "ended": false, "counters": {"events": 5, "written": 5, "run_closed": closed}, "modules": [],
        "exit": null,
    })
    .to_string()
    .into_bytes()
}

/// Two sources merged on host a, then ACROSS's reco and store: processes 0 and 1 (the
/// sources), 2 (the merger, custody of segments 0 and 1, origin of 2), 3 and 4 (reco), 5
/// (store).
const MERGED: &str = r#"
name = "t"
[hosts.a]
[hosts.b]
[devices.ecal]
steering = "part.py"
host = "a"
outputs = ["e"]
[devices.hcal]
steering = "part.py"
host = "a"
outputs = ["h"]
[devices.merge]
kind = "merger"
host = "a"
inputs = ["e", "h"]
outputs = ["raw"]
restart = "always"
[devices.reco]
steering = "reco.py"
host = "b"
replicas = 2
inputs = ["raw"]
outputs = ["accepted"]
[devices.store]
steering = "store.py"
host = "a"
inputs = ["accepted"]
"#;

/// The supervisor of MERGED, every process launched at 0 and heard at `now`, the merger's
/// channels bound on ports 40000 + segment; its origin `ended` or not.
fn merged_supervisor(now: f64, ended: bool) -> Supervisor {
    let (plan, topology) = compiled(MERGED, false);
    let here: HashSet<String> = ["a", "b"].iter().map(|h| h.to_string()).collect();
    let placement = Placement { here, files: vec![Vec::new(); 6], steps: Vec::new(), worker_queue: vec![16; 3] };
    let mut s = Supervisor::new(plan, &topology, placement);
    for i in 0..6 {
        s.launched(i, 0.0);
    }
    assert_eq!(s.procs[2].roles.len(), 3, "an output per input and an input");
    for i in 0..6 {
        let (name, worker) = (s.procs[i].name.clone(), s.procs[i].worker());
        for (segment, role) in s.procs[i].roles.clone() {
            let mut r: serde_json::Value = serde_json::from_slice(&report(&name, 0, role.label(), None)).unwrap();
            r["segment"] = segment.into();
            r["worker"] = worker.map(|(_, slot)| slot).into();
            if i == 2 {
                let channel = if role == crate::engine::Role::Input { "acks" } else { "results" };
                r["bound"] = serde_json::json!({ channel: format!("tcp://10.0.0.1:{}", 40000 + segment) });
                r["ended"] = (ended && role == crate::engine::Role::Input).into();
            }
            assert!(s.take(r.to_string().as_bytes(), now));
        }
    }
    s
}

#[test]
fn a_dead_merger_with_restart_always_is_started_again_on_its_ports_and_its_replicas_too() {
    let mut s = merged_supervisor(1.0, false);
    let actions = s.tick(1.1, &killed_of(6, 2));
    let warned = "evf-merge-a-1 was killed by SIGKILL; starting a replacement, which makes its events again";
    let expected = [
        Action::Warn(warned.into()),
        Action::Start(2),
        Action::Kill(3),
        Action::Start(3),
        Action::Kill(4),
        Action::Start(4),
    ];
    assert_eq!(actions, expected);
    assert_eq!(s.stop, Stop::Run);
    assert!(s.errors.is_empty(), "nothing stops the topology");
    let merge = &s.procs[2];
    assert_eq!((merge.generation, merge.restarts), (1, 1));
    assert_eq!(merge.ports, [(0, 40000), (1, 40001), (2, 40002)].into());
    assert_eq!(s.no_fault[2], [true, true], "reco's events are sent again for no fault of theirs");
    // The restarted merger's origin learns from its view where its custody, the sink, has
    // decided up to: starting from 0, an ordered origin would not read past its reorder window.
    let mut r: serde_json::Value = serde_json::from_slice(&report("evf-store-a-1", 0, "output", None)).unwrap();
    r["segment"] = 2.into();
    r["counters"]["watermark"] = 17.into();
    assert!(s.take(r.to_string().as_bytes(), 1.2));
    let views = s.views();
    let view = |i: usize| &views.iter().find(|(key, _)| *key == format!("view/{i}/")).unwrap().1;
    assert_eq!((view(0).watermark, view(2).watermark), (0, 17));
}

#[test]
fn a_dead_merger_restarts_no_replica_a_scale_retired() {
    // reco on b: replica 2 retired (parked once it exited), replica 3 added then retiring.
    let mut s = merged_supervisor(1.0, false);
    s.scale("reco", 1, Some("b"), 1.0).expect("scaled");
    let (started, _) = s.scale("reco", 2, Some("b"), 1.01).expect("scaled");
    assert_eq!(started, [Action::Start(6)], "a new slot: replica 2 still runs");
    s.launched(6, 1.01);
    let mut exits = vec![Exited::default(); 7];
    exits[4].code = Some(0);
    assert!(s.tick(1.02, &exits).is_empty());
    assert!(s.procs[4].parked);
    s.scale("reco", 1, Some("b"), 1.03).expect("scaled");
    assert!(s.procs[6].retiring);
    // The merger dies: its replicas are restarted, but for the retired slots.
    let actions = s.tick(1.1, &killed_of(7, 2));
    assert!(actions.contains(&Action::Kill(3)) && actions.contains(&Action::Start(3)), "{actions:?}");
    assert!(!actions.contains(&Action::Kill(4)) && !actions.contains(&Action::Start(4)), "{actions:?}");
    assert!(actions.contains(&Action::Kill(6)) && !actions.contains(&Action::Start(6)), "{actions:?}");
    assert!(s.procs[4].parked && s.procs[6].parked);
}

#[test]
fn a_merger_killed_after_its_origin_ended_is_not_started_again() {
    let mut s = merged_supervisor(1.0, true);
    let actions = s.tick(1.1, &killed_of(6, 2));
    assert!(!actions.iter().any(|a| matches!(a, Action::Start(_))), "{actions:?}");
    assert!(s.errors.is_empty() && s.stop == Stop::Run);
}
