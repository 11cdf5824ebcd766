//! The checks of a topology file against the machine `evflow up` runs on, before anything
//! starts: its network namespaces exist, its key files can be read, its fixed ports are free.
//! A device process, started after, skips them.

use super::{Problem, Security, Topology};
use std::fs::File;
use std::net::TcpListener;
use std::os::fd::AsRawFd;
use std::path::Path;

/// Where `ip netns add` makes the named network namespaces.
pub const NETNS_DIR: &str = "/run/netns";

/// Every problem of `topology` on this machine, each with the line it concerns.
pub fn check(topology: &Topology) -> Vec<Problem> {
    let mut problems = Vec::new();
    let missing = |netns: &Option<String>| netns.as_ref().is_some_and(|n| !Path::new(NETNS_DIR).join(n).exists());
    for (name, host) in &topology.hosts {
        if missing(&host.netns) {
            let netns = host.netns.as_deref().unwrap_or_default();
            problems.push(Problem {
                line: host.line,
                message: format!(
                    "host {name}: network namespace '{netns}' does not exist (as root, `evflow hosts up {}` \
                     makes the namespace hosts of the file)",
                    topology.file.display()
                ),
            });
        }
    }
    problems.extend(keys(topology));
    for (name, device) in &topology.devices {
        let Some(port) = device.port else { continue };
        for host in &device.hosts {
            let netns = topology.hosts.get(host).and_then(|h| h.netns.clone());
            if missing(&netns) {
                continue; // reported above
            }
            if !port_free(port, netns.as_deref()) {
                problems.push(Problem {
                    line: device.line,
                    message: format!(
                        "device {name}: port {port} is already in use on host {host}; choose another or stop \
                         what holds it"
                    ),
                });
            }
        }
    }
    problems
}

/// With `security = "curve"`: the controller's secret key and every host's public key must be
/// readable here (each host's secret key is read by its own devices). A key the file misses or
/// misnames is one of the file's own problems already.
fn keys(topology: &Topology) -> Vec<Problem> {
    use evflow_transport::curve::{read_certificate, read_secret};
    if topology.security != Some(Security::Curve) {
        return Vec::new();
    }
    let mut problems = Vec::new();
    if let Some(Err(e)) = topology.controller_key.as_ref().map(|key| read_secret(&key.secret)) {
        problems.push(Problem { line: 0, message: format!("controller_key: {e}") });
    }
    for (name, host) in &topology.hosts {
        if let Some(Err(e)) = host.key.as_ref().map(|key| read_certificate(&key.public)) {
            problems.push(Problem {
                line: host.line,
                message: format!("host {name}: {e} (each host's public key lies beside its secret one)"),
            });
        }
    }
    problems
}

/// Whether tcp `port` can be bound on this machine, or in network namespace `netns`. It is
/// bound as libzmq binds it (std sets SO_REUSEADDR): only a listening socket makes it fail, not
/// the TIME_WAIT connections of a run that just ended. A namespace is entered by a thread of
/// its own, which ends with it.
pub fn port_free(port: u16, netns: Option<&str>) -> bool {
    let bind = move || TcpListener::bind(("0.0.0.0", port)).is_ok();
    let Some(netns) = netns else { return bind() };
    let Ok(file) = File::open(Path::new(NETNS_DIR).join(netns)) else { return false };
    std::thread::spawn(move || {
        // SAFETY: setns on a descriptor of an open namespace file changes this thread only.
        let entered = unsafe { libc::setns(file.as_raw_fd(), libc::CLONE_NEWNET) } == 0;
        entered && bind()
    })
    .join()
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_port_is_free_unless_a_socket_listens_on_it() {
        let listener = TcpListener::bind(("0.0.0.0", 0)).expect("a free port");
        let port = listener.local_addr().expect("its address").port();
        assert!(!port_free(port, None));
        drop(listener);
        assert!(port_free(port, None));
        assert!(!port_free(port, Some("evf-no-such-namespace")));
    }

    #[test]
    fn a_missing_namespace_and_a_taken_port_are_problems_with_their_lines() {
        let listener = TcpListener::bind(("0.0.0.0", 0)).expect("a free port");
        let port = listener.local_addr().expect("its address").port();
        let text = format!(
            "name = \"t\"\n[hosts.a]\nnetns = \"evf-no-such-namespace\"\naddress = \"10.0.0.1\"\n[hosts.b]\n\
             [devices.gen]\nsteering = \"gen.py\"\nhost = \"a\"\nport = 7000\noutputs = [\"raw\"]\n\
             [devices.store]\nsteering = \"store.py\"\nhost = \"b\"\nport = {port}\ninputs = [\"raw\"]\n"
        );
        let topology = crate::topology::parse(&text, Path::new("/tmp/t.toml")).expect("a valid file");
        let problems = check(&topology);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0].line, 2);
        assert!(problems[0].message.starts_with("host a: network namespace 'evf-no-such-namespace' does not exist"));
        assert_eq!(problems[1].line, 11);
        assert_eq!(
            problems[1].message,
            format!("device store: port {port} is already in use on host b; choose another or stop what holds it")
        );
    }
}
