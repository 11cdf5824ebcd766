//! The topologies the controller's tests plan and supervise.

use crate::control::plan::Plan;
use crate::topology::Topology;
use std::path::Path;

/// gen on host a, reco in two replicas on b, store on a: processes 0 (gen), 1 and 2 (reco),
/// 3 (store).
pub const ACROSS: &str = r#"
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

/// The topology `text` (a valid file) and its plan, `held` or not.
pub fn compiled(text: &str, held: bool) -> (Plan, Topology) {
    let topology = crate::topology::parse(text, Path::new("/tmp/t.toml")).expect("a valid file");
    (Plan::compile(&topology, held, &Default::default()).expect("a plan"), topology)
}
