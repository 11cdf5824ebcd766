//! Checks across a topology's tables: hosts that exist, channels with senders and
//! receivers, built-in kinds with the channels they need, transports that can reach, ports
//! that do not collide, and no cycles.

use super::{Kind, Problem, Topology, Transport, LOCAL_HOST};
use std::collections::{BTreeMap, BTreeSet};

/// Adds every problem of `t` to `problems`.
pub fn check(t: &Topology, problems: &mut Vec<Problem>) {
    let mut problem = |line: usize, message: String| problems.push(Problem { line, message });
    for (name, device) in &t.devices {
        for host in &device.hosts {
            if host != LOCAL_HOST && !t.hosts.contains_key(host) {
                let declared = if t.hosts.is_empty() {
                    "the file declares no [hosts]".to_string()
                } else {
                    format!("declared hosts: {}", t.hosts.keys().cloned().collect::<Vec<_>>().join(", "))
                };
                problem(
                    device.line,
                    format!("device {name} runs on host {host}, which [hosts] does not declare ({declared})"),
                );
            }
        }
        let (inputs, outputs) = (device.inputs.len(), device.outputs.len());
        match device.kind {
            Kind::Merger if inputs < 2 || outputs != 1 => problem(
                device.line,
                format!("merger {name} needs two or more inputs and one output, not {inputs} and {outputs}"),
            ),
            Kind::Builder if inputs != 1 || outputs != 1 => problem(
                device.line,
                format!("builder {name} needs one input (from its readout devices) and one output, not {inputs} and {outputs}"),
            ),
            Kind::Readout if inputs != 0 || outputs != 1 => problem(
                device.line,
                format!("readout {name} needs no input (its path starts with a source) and one output, to its builder, not {inputs} and {outputs}"),
            ),
            Kind::Bridge if inputs != 1 || outputs != 1 => problem(
                device.line,
                format!("bridge {name} needs one input and one output, not {inputs} and {outputs}"),
            ),
            _ => {}
        }
        if device.port.is_some() && device.replicas > 1 {
            problem(
                device.line,
                format!(
                    "device {name} has a fixed `port` and {} replicas per host: only one process can bind a port",
                    device.replicas
                ),
            );
        }
        let standby: Vec<&str> =
            device.hosts.iter().filter(|h| t.hosts.get(*h).is_some_and(|h| h.standby)).map(String::as_str).collect();
        let processor = (device.kind == Kind::Path && !device.inputs.is_empty() && !device.outputs.is_empty())
            || device.kind == Kind::Builder;
        if !standby.is_empty() && !processor {
            problem(
                device.line,
                format!(
                    "device {name} runs on host {}, which has standby = true: a standby host runs processors \
                     (devices with inputs and outputs) and builders only, which `evflow ctl FILE add-host` starts",
                    standby[0]
                ),
            );
        } else if !standby.is_empty() && standby.len() == device.hosts.len() {
            problem(
                device.line,
                format!(
                    "device {name} runs only on standby hosts ({}): it would have no replica when the topology \
                     starts; give it a host that is not standby",
                    standby.join(", ")
                ),
            );
        }
        for channel in device.inputs.iter().filter(|c| device.outputs.contains(c)) {
            problem(device.line, format!("device {name} both sends and receives on channel {channel}"));
        }
    }
    check_channels(t, &mut problem);
    check_ports(t, &mut problem);
    if let Err(cycle) = order(t) {
        let line = t.devices.get(&cycle[0]).map_or(0, |d| d.line);
        problem(line, format!("the channels form a cycle: {}; events must flow one way", cycle.join(" -> ")));
    }
}

/// Devices sending and receiving on each channel.
fn ends(t: &Topology) -> BTreeMap<&str, (Vec<&str>, Vec<&str>)> {
    let mut ends: BTreeMap<&str, (Vec<&str>, Vec<&str>)> = BTreeMap::new();
    for (name, device) in &t.devices {
        for c in &device.outputs {
            ends.entry(c).or_default().0.push(name);
        }
        for c in &device.inputs {
            ends.entry(c).or_default().1.push(name);
        }
    }
    ends
}

fn check_channels(t: &Topology, problem: &mut impl FnMut(usize, String)) {
    let ends = ends(t);
    for (channel, spec) in &t.channels {
        if spec.line > 0 && !ends.contains_key(channel.as_str()) {
            problem(spec.line, format!("channel {channel} is declared but no device sends or receives on it"));
        }
    }
    for (channel, (senders, receivers)) in &ends {
        let line_of = |devices: &[&str]| devices.first().and_then(|d| t.devices.get(*d)).map_or(0, |d| d.line);
        if senders.is_empty() {
            problem(
                line_of(receivers),
                format!(
                    "channel {channel} has no sender: {} receives on it, but no device lists it in `outputs`",
                    receivers.join(", ")
                ),
            );
        }
        if receivers.is_empty() {
            problem(
                line_of(senders),
                format!(
                    "channel {channel} has no receiver: {} sends on it, but no device lists it in `inputs`",
                    senders.join(", ")
                ),
            );
        }
        let transport = t.channels.get(*channel).map_or(Transport::Auto, |c| c.transport);
        if matches!(transport, Transport::Shm | Transport::Ipc) {
            let hosts: BTreeSet<&String> = senders.iter().chain(receivers).flat_map(|d| &t.devices[*d].hosts).collect();
            if hosts.len() > 1 {
                let line = t.channels.get(*channel).map_or(0, |c| c.line);
                let names: Vec<&str> = hosts.iter().map(|h| h.as_str()).collect();
                problem(
                    line,
                    format!(
                        "channel {channel} uses transport \"{}\" between hosts {}: it reaches within one host only; use \"tcp\" or \"auto\"",
                        transport.name(),
                        names.join(", ")
                    ),
                );
            }
        }
    }
}

fn check_ports(t: &Topology, problem: &mut impl FnMut(usize, String)) {
    let mut taken: BTreeMap<(&str, u16), &str> = BTreeMap::new();
    for (name, device) in &t.devices {
        let Some(port) = device.port else { continue };
        for host in &device.hosts {
            if let Some(other) = taken.insert((host, port), name) {
                problem(device.line, format!("devices {other} and {name} both bind port {port} on host {host}"));
            }
        }
    }
}

/// Device names with every sender before its receivers; `Err` with a cycle's devices.
pub fn order(t: &Topology) -> Result<Vec<String>, Vec<String>> {
    let ends = ends(t);
    let mut downstream: BTreeMap<&str, BTreeSet<&str>> =
        t.devices.keys().map(|d| (d.as_str(), BTreeSet::new())).collect();
    for (senders, receivers) in ends.values() {
        for s in senders {
            downstream.get_mut(s).expect("a device").extend(receivers.iter().copied());
        }
    }
    let mut upstream_count: BTreeMap<&str, usize> = t.devices.keys().map(|d| (d.as_str(), 0)).collect();
    for next in downstream.values() {
        for d in next {
            *upstream_count.get_mut(d).expect("a device") += 1;
        }
    }
    let mut ready: Vec<&str> = upstream_count.iter().filter(|(_, &n)| n == 0).map(|(d, _)| *d).collect();
    let mut order = Vec::new();
    while let Some(d) = ready.pop() {
        order.push(d.to_string());
        for next in &downstream[d] {
            let n = upstream_count.get_mut(next).expect("a device");
            *n -= 1;
            if *n == 0 {
                ready.push(next);
            }
        }
    }
    if order.len() == t.devices.len() {
        return Ok(order);
    }
    // Every device left over has a sender left over: walking upstream must repeat a device.
    let left: BTreeSet<&str> = upstream_count.iter().filter(|(_, &n)| n > 0).map(|(d, _)| *d).collect();
    let upstream =
        |d: &str| *downstream.iter().find(|(u, next)| left.contains(*u) && next.contains(d)).expect("a sender").0;
    let mut path = vec![*left.first().expect("a device in a cycle")];
    loop {
        let before = upstream(path[path.len() - 1]);
        if let Some(at) = path.iter().position(|d| *d == before) {
            let mut cycle: Vec<String> = path[at..].iter().rev().map(|d| d.to_string()).collect();
            cycle.push(cycle[0].clone());
            return Err(cycle);
        }
        path.push(before);
    }
}
