//! The topology file: what it accepts, and one test per problem it reports.

use super::*;

const HLT: &str = r#"
name = "hlt"
[hosts.a]
address = "10.77.0.1"
netns = "evf-a"
[hosts.b]
address = "10.77.0.2"
[devices.gen]
steering = "gen.py"
host = "a"
outputs = ["raw"]
[devices.reco]
steering = "reco.py"
host = ["b", "a"]
replicas = 2
inputs = ["raw"]
outputs = ["accepted"]
[devices.store]
steering = "store.py"
host = "a"
inputs = ["accepted"]
[channels.accepted]
ordered = true
"#;

/// A topology file named x whose first table is `[devices.DEVICE]`, followed by `rest`: the
/// name is line 1, the table's header line 2, and `rest` starts on line 3.
fn topology(device: &str, rest: &str) -> String {
    format!("name = \"x\"\n[devices.{device}]\n{rest}")
}

fn problems(text: &str) -> Vec<(usize, String)> {
    match parse(text, Path::new("/topo/t.toml")) {
        Ok(_) => Vec::new(),
        Err(p) => p.problems.into_iter().map(|p| (p.line, p.message)).collect(),
    }
}

fn assert_problem(text: &str, line: usize, needle: &str) {
    let found = problems(text);
    assert!(found.iter().any(|(l, m)| *l == line && m.contains(needle)), "no {needle:?} on line {line} in {found:?}");
}

#[test]
fn a_good_file_is_read_with_its_defaults() {
    let t = parse(HLT, Path::new("/topo/t.toml")).unwrap();
    assert_eq!(t.name, "hlt");
    assert_eq!(t.order, ["gen", "reco", "store"]);
    let reco = &t.devices["reco"];
    assert_eq!((reco.replicas, reco.hosts.clone(), reco.restart), (2, vec!["b".to_string(), "a".to_string()], None));
    assert_eq!(reco.steering.as_deref(), Some(Path::new("/topo/reco.py")));
    assert_eq!(t.devices["gen"].restart, None, "not given: the plan's default");
    let never =
        parse(&HLT.replace("inputs = [\"accepted\"]", "inputs = [\"accepted\"]\nrestart = \"never\""), Path::new("/t"));
    assert_eq!(never.unwrap().devices["store"].restart, Some(Restart::Never));
    assert_eq!(t.devices["gen"].max_restarts_per_minute, crate::engine::DEFAULT_MAX_RESTARTS_PER_MINUTE);
    assert_eq!(t.channels["raw"], Channel::default(), "a channel only devices name has the defaults");
    assert!(t.channels["accepted"].ordered);
    assert_eq!(t.hosts["a"].netns.as_deref(), Some("evf-a"));
}

#[test]
fn every_problem_is_reported_with_its_line() {
    let text = HLT.replace("replicas = 2", "replica = 2").replace("host = \"a\"\noutputs", "host = \"z\"\noutputs");
    let found = problems(&text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_problem(&text, 8, "runs on host z, which [hosts] does not declare (declared hosts: a, b)");
    assert_problem(&text, 15, "unknown key `replica` in [devices.reco]; did you mean `replicas`?");
    let shown = parse(&text, Path::new("t.toml")).unwrap_err().to_string();
    assert!(shown.starts_with("t.toml:8: device gen runs on host z"), "{shown}");
}

#[test]
fn not_toml_at_all() {
    assert_problem(&topology("p", "x = 1 y = 2\n"), 3, "not a valid TOML file: unexpected key or value");
}

#[test]
fn missing_name_and_devices() {
    assert_problem("[channels.x]\n", 1, "has no `name`");
    assert_problem("name = \"x\"\n", 0, "has no devices");
}

#[test]
fn names_that_cannot_name_processes() {
    assert_problem("name = \"a b\"\n[devices.g]\nsteering = \"g.py\"\n", 1, "may hold only letters");
}

#[test]
fn wrong_types_and_values() {
    let base = topology("g", "steering = \"g.py\"\n");
    assert_problem(&format!("{base}replicas = \"2\"\n"), 4, "`replicas` in [devices.g] must be an integer, not string");
    assert_problem(&format!("{base}replicas = 0\n"), 4, "must be 1 to 1024, not 0");
    assert_problem(&format!("{base}kind = \"sorter\"\n"), 4, "must be one of \"path\", \"merger\", \"bridge\"");
    assert_problem(&format!("{base}port = 70000\n"), 4, "`port` in [devices.g] must be 1 to 65535");
    assert_problem(&format!("{base}timeout = 1.0\n"), 4, "only for kind = \"merger\"");
    assert_problem(&format!("{base}inputs = [1]\n"), 4, "a string or a list of strings, not array");
    assert_problem(&topology("g", "kind = \"path\"\n"), 2, "has no `steering`");
    assert_problem(&format!("{base}segment_size = 1024\n"), 4, "`segment_size` in [devices.g] must be 16777216 to");
    let t = parse(&format!("{base}segment_size = 1_073_741_824\n"), Path::new("/t.toml")).unwrap();
    assert_eq!(t.devices["g"].segment_size, Some(1 << 30));
}

#[test]
fn channels_need_both_ends() {
    let text = topology("g", "steering = \"g.py\"\noutputs = [\"raw\"]\n");
    assert_problem(&text, 2, "channel raw has no receiver: g sends on it");
    let text = topology("r", "steering = \"r.py\"\ninputs = [\"raw\"]\n");
    assert_problem(&text, 2, "channel raw has no sender: r receives on it");
    let text = topology("g", "steering = \"g.py\"\n[channels.unused]\nordered = true\n");
    assert_problem(&text, 4, "channel unused is declared but no device sends or receives on it");
}

#[test]
fn cycles_are_refused() {
    let text = topology(
        "a",
        "steering = \"a.py\"\ninputs = [\"y\"]\noutputs = [\"x\"]\n\
         [devices.b]\nsteering = \"b.py\"\ninputs = [\"x\"]\noutputs = [\"y\"]\n",
    );
    let found = problems(&text);
    assert!(
        found
            .iter()
            .any(|(_, m)| m.contains("the channels form a cycle: ") && m.contains("a -> b") || m.contains("b -> a")),
        "{found:?}"
    );
}

#[test]
fn built_ins_need_their_channels() {
    let text = topology(
        "g",
        "steering = \"g.py\"\noutputs = [\"a\"]\n\
         [devices.m]\nkind = \"merger\"\nsteering = \"m.py\"\ninputs = [\"a\"]\n",
    );
    assert_problem(&text, 5, "merger m needs two or more inputs and one output, not 1 and 0");
    assert_problem(&text, 7, "device m is a built-in merger and takes no `steering`");
}

#[test]
fn local_transports_between_hosts_and_shared_ports() {
    let text = HLT.replace("ordered = true", "transport = \"shm\"");
    assert_problem(&text, 22, "channel accepted uses transport \"shm\" between hosts a, b");
    let text = HLT.replace("replicas = 2", "port = 5555");
    assert!(problems(&text).is_empty(), "{:?}", problems(&text));
    let text = HLT.replace("replicas = 2", "replicas = 2\nport = 5555");
    assert_problem(&text, 12, "has a fixed `port` and 2 replicas per host");
    let text =
        HLT.replace("replicas = 2", "port = 5555").replace("host = \"a\"\ninputs", "host = \"a\"\nport = 5555\ninputs");
    assert_problem(&text, 18, "devices reco and store both bind port 5555 on host a");
}

#[test]
fn a_netns_host_needs_an_address() {
    let text = HLT.replace("address = \"10.77.0.1\"\n", "");
    assert_problem(&text, 4, "a host with `netns` needs an `address`");
}

#[test]
fn security_curve_takes_the_controllers_and_every_hosts_key() {
    let text = HLT
        .replace("name = \"hlt\"\n", "name = \"hlt\"\nsecurity = \"curve\"\ncontroller_key = \"keys/ctl.key_secret\"\n")
        .replace("[hosts.b]\n", "key = \"keys/a.key_secret\"\n[hosts.b]\nkey = \"/etc/evflow/b.key_secret\"\n");
    let t = parse(&text, Path::new("/topo/t.toml")).unwrap();
    assert_eq!(t.security, Some(Security::Curve));
    let key = |secret: &str, public: &str| Some(SecretKey { secret: secret.into(), public: public.into() });
    assert_eq!(t.controller_key, key("/topo/keys/ctl.key_secret", "/topo/keys/ctl.key"));
    assert_eq!(t.hosts["a"].key, key("/topo/keys/a.key_secret", "/topo/keys/a.key"));
    assert_eq!(t.hosts["b"].key, key("/etc/evflow/b.key_secret", "/etc/evflow/b.key"));
}

#[test]
fn security_problems_name_their_line() {
    let curve = HLT.replace("name = \"hlt\"\n", "name = \"hlt\"\nsecurity = \"curve\"\n");
    assert_problem(&curve, 3, "needs `controller_key`");
    assert_problem(&curve, 4, "host a needs a `key`");
    assert_problem(
        &HLT.replace("name = \"hlt\"\n", "name = \"hlt\"\nsecurity = \"tls\"\n"),
        3,
        "must be one of \"curve\"",
    );
    let public = curve.replace("security = \"curve\"\n", "security = \"curve\"\ncontroller_key = \"ctl.key\"\n");
    assert_problem(&public, 4, "names a secret key file, NAME.key_secret");
    let unused = HLT.replace("[hosts.b]\n", "key = \"a.key_secret\"\n[hosts.b]\n");
    assert_problem(&unused, 3, "add security = \"curve\"");
}

#[test]
fn a_table_or_key_given_twice_names_it_and_both_lines() {
    let text =
        topology("proc", "steering = \"p.py\"\n\n[devices.gen]\nsteering = \"g.py\"\n[devices.proc]\nreplicas = 2\n");
    assert_problem(&text, 7, "[devices.proc] is declared twice (lines 2 and 7): merge them or rename one");
    let text = topology("p", "replicas = 1\nsteering = \"p.py\"\nreplicas = 2\n");
    assert_problem(&text, 5, "`replicas` in [devices.p] is given twice (lines 3 and 5): keep one");
    assert_problem("name = \"x\"\nname = \"y\"\n", 2, "`name` in the top level is given twice (lines 1 and 2)");
    let text = "name = \"x\"\n[devices]\np = 1\n[devices.p]\n";
    assert_problem(text, 4, "[devices.p] is declared twice (lines 3 and 4)");
    assert_problem(
        &topology("p", "host = { a = 1, a = 2 }\n"),
        3,
        "`host` in [devices.p]: `a` is given twice: keep one",
    );
}

#[test]
fn a_value_that_is_no_toml_value_says_how_values_are_written() {
    let found = problems(&topology("p", "replicas = 3 3\n"));
    assert_eq!(
        found,
        [(
            3,
            "`replicas` in [devices.p]: 3 3 is not a valid value; a number is written 3, a string \"...\", \
             a list [\"a\", \"b\"]"
                .to_string()
        )]
    );
    assert_problem(&topology("p", "steering = p.py # the reco\n"), 3, "`steering` in [devices.p]: p.py is not");
    assert_problem(&topology("p", "port = 07\n"), 3, "07 is not a valid value (unexpected leading zero)");
    assert_problem(&topology("p", "replicas = tru\n"), 3, "tru is not a valid value (invalid boolean)");
    assert_problem("name = \n", 1, "`name` in the top level: no value after `=`");
    assert_problem("[devices.p]\nsteering 'a'\n", 2, "`steering 'a'` is not a `key = value` line");
}

#[test]
fn an_unclosed_string_or_table_is_shown_where_it_opens() {
    let text = topology("p", "steering = \"p.py\ninputs = [\"raw\"]\n");
    assert_problem(
        &text,
        3,
        "`steering` in [devices.p]: the string \"p.py is not closed: end it with \" on the same line",
    );
    assert_problem(&topology("p", "steering = 'p.py\n"), 3, "end it with ' on the same line");
    let text = topology("p", "steering = \"\"\"p.py\n\n[devices.q]\nsteering = \"q.py\"\n");
    assert_problem(
        &text,
        3,
        "`steering` in [devices.p]: the multi-line string opened here is not closed: end it with \"\"\"",
    );
    assert_problem(
        "name = \"x\"\n[devices.p\nsteering = \"p.py\"\n",
        2,
        "the table header [devices.p is not closed: end it with ]",
    );
    assert_problem("name = \"x\"\n[[runs\n", 2, "the table header [[runs is not closed: end it with ]]");
    assert_problem(&topology("p", "inputs = [\"a\", \"b\"\n"), 3, "`inputs` in [devices.p]: the list is not closed");
    assert_problem(&topology("p", "host = { a = 1\n"), 3, "the inline table is not closed: end it with }");
    assert_problem(&topology("p", "steering = \"C:\\q.py\"\n"), 3, "has a `\\` that starts no escape");
}

#[test]
fn a_file_with_problems_is_still_read_as_far_as_it_goes() {
    let text = HLT.replace("replicas = 2", "replica = 2\nmetrics_port = 1");
    let reading = read_text(&text, Path::new("/topo/t.toml"));
    assert_eq!(reading.problems.problems.len(), 2, "{:?}", reading.problems);
    let t = reading.topology.expect("read despite its problems");
    assert_eq!(t.devices["reco"].steering.as_deref(), Some(Path::new("/topo/reco.py")));
    assert!(read_text("name = \"x\"\n[devices.a\n", Path::new("t.toml")).topology.is_none(), "not TOML at all");
}

#[test]
fn metrics_keeps_its_line() {
    let t =
        parse(&HLT.replace("name = \"hlt\"\n", "name = \"hlt\"\nmetrics = \"127.0.0.1:0\"\n"), Path::new("/t.toml"));
    let t = t.unwrap();
    assert_eq!((t.metrics.as_deref(), t.metrics_line), (Some("127.0.0.1:0"), 3));
}

#[test]
fn web_keeps_its_line() {
    let t = parse(&HLT.replace("name = \"hlt\"\n", "name = \"hlt\"\nweb = \"8080\"\n"), Path::new("/t.toml"));
    let t = t.unwrap();
    assert_eq!((t.web.as_deref(), t.web_line), (Some("8080"), 3));
}

#[test]
fn a_standby_host_runs_processors_only_and_never_all_of_a_device() {
    let hosts = "[hosts.a]\n[hosts.b]\n[hosts.c]\nstandby = true\n";
    let chain = |reco: &str, store: &str| {
        format!(
            "name = \"t\"\n{hosts}[devices.gen]\nsteering = \"g.py\"\nhost = \"a\"\noutputs = [\"raw\"]\n\
             [devices.reco]\nsteering = \"r.py\"\nhost = {reco}\ninputs = [\"raw\"]\noutputs = [\"out\"]\n\
             [devices.store]\nsteering = \"s.py\"\nhost = \"{store}\"\ninputs = [\"out\"]\n"
        )
    };
    let good = chain("[\"b\", \"c\"]", "a");
    assert!(problems(&good).is_empty(), "{:?}", problems(&good));
    assert!(parse(&good, Path::new("/topo/t.toml")).expect("valid").hosts["c"].standby);
    assert_problem(&chain("[\"b\", \"c\"]", "c"), 15, "device store runs on host c, which has standby = true");
    assert_problem(&chain("[\"c\"]", "a"), 10, "device reco runs only on standby hosts (c)");
    assert_problem(&good.replace("standby = true", "standby = 1"), 5, "`standby`");
}
