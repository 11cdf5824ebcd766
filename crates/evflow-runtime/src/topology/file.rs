//! Reading a topology file: TOML into [`Topology`], every unknown key, missing key and value
//! of the wrong type reported with its line.

use super::syntax::{self, line_at};
use super::{
    Channel, Device, Host, Kind, Pattern, Problem, Restart, SecretKey, Security, Topology, Transport, DEFAULT_BATCH,
    DEFAULT_MERGER_TIMEOUT_S, DEFAULT_REPLICAS, LOCAL_HOST,
};
use crate::engine::{DEFAULT_MAX_RESTARTS_PER_MINUTE, DEFAULT_MAX_RETRIES};
use crate::job::OnError;
use evflow_shm::layout::MIN_SEGMENT_LEN;
use evflow_transport::curve::{PUBLIC_SUFFIX, SECRET_SUFFIX};
use std::collections::BTreeMap;
use std::path::Path;
use toml_edit::{Item, Key, TableLike};

/// Largest `segment_size` a file may ask for (1 TiB).
const MAX_SEGMENT_LEN: u64 = 1 << 40;
const TOP_KEYS: &[&str] =
    &["name", "controller", "metrics", "web", "security", "controller_key", "hosts", "devices", "channels"];
const HOST_KEYS: &[&str] = &["address", "netns", "ssh", "key", "standby"];
const DEVICE_KEYS: &[&str] = &[
    "steering",
    "kind",
    "host",
    "replicas",
    "inputs",
    "outputs",
    "max_restarts_per_minute",
    "restart",
    "port",
    "timeout",
    "batch",
    "segment_size",
    "on_error",
    "event_timeout",
    "max_retries",
    "quarantine",
];
const CHANNEL_KEYS: &[&str] = &["pattern", "transport", "ordered"];

struct Reader<'t, 'p> {
    text: &'t str,
    problems: &'p mut Vec<Problem>,
}

/// Reads `text` (the contents of `path`), problems and all; `None` when it is not TOML at all.
pub fn read(text: &str, path: &Path, problems: &mut Vec<Problem>) -> Option<Topology> {
    let mut r = Reader { text, problems };
    let doc = match toml_edit::Document::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            r.problems.push(syntax::problem(text, &e));
            return None;
        }
    };
    let root = doc.as_table();
    r.known_keys(root, TOP_KEYS, "the top level");
    let name = match r.string(root, "name", "the top level") {
        Some((name, line)) => {
            r.check_name(&name, line, "name");
            name
        }
        None => {
            if root.get("name").is_none() {
                r.problem(1, "the topology has no `name`: add `name = \"...\"` at the top (it names its shared memory and control socket)".into());
            }
            String::new()
        }
    };
    let controller = r.string(root, "controller", "the top level").map(|(s, _)| s);
    let (metrics, metrics_line) = r.string(root, "metrics", "the top level").unzip();
    let (web, web_line) = r.string(root, "web", "the top level").unzip();
    let dir = path.parent().unwrap_or(Path::new("."));
    let security = r.choice(root, "security", "the top level", &[("curve", Security::Curve)]);
    let controller_key = r.secret_key(root, "controller_key", "the top level", dir);
    let hosts: BTreeMap<String, Host> =
        r.tables(root, "hosts").into_iter().map(|(name, line, t)| (name, r.host(t, line, dir))).collect();
    r.check_security(root, security, &controller_key, &hosts);
    let controller_key = controller_key.map(|(key, _)| key);
    let devices: BTreeMap<String, Device> = r
        .tables(root, "devices")
        .into_iter()
        .map(|(name, line, t)| (name.clone(), r.device(&name, t, line, dir)))
        .collect();
    if devices.is_empty() && root.get("devices").is_none() {
        r.problem(0, "the topology has no devices: add a [devices.NAME] table".into());
    }
    let mut channels: BTreeMap<String, Channel> = r
        .tables(root, "channels")
        .into_iter()
        .map(|(name, line, t)| (name.clone(), r.channel(&name, t, line)))
        .collect();
    for name in devices.values().flat_map(|d| d.inputs.iter().chain(&d.outputs)) {
        channels.entry(name.clone()).or_default();
    }
    Some(Topology {
        file: path.to_path_buf(),
        name,
        controller,
        metrics,
        metrics_line: metrics_line.unwrap_or(0),
        web,
        web_line: web_line.unwrap_or(0),
        security,
        controller_key,
        hosts,
        devices,
        channels,
        order: Vec::new(),
    })
}

impl Reader<'_, '_> {
    fn problem(&mut self, line: usize, message: String) {
        self.problems.push(Problem { line, message });
    }

    fn key_line(&self, key: &Key) -> usize {
        key.span().map_or(0, |s| line_at(self.text, s.start))
    }

    fn item_line(&self, table: &dyn TableLike, key: &str) -> usize {
        table.get_key_value(key).map_or(0, |(k, _)| self.key_line(k))
    }

    /// Names become parts of process names and shm sessions: letters, digits, `_` and `-`.
    fn check_name(&mut self, name: &str, line: usize, what: &str) {
        let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !ok {
            self.problem(line, format!("{what} {name:?} may hold only letters, digits, `_` and `-`"));
        }
    }

    fn known_keys(&mut self, table: &dyn TableLike, known: &[&str], place: &str) {
        for (key, _) in table.iter() {
            if known.contains(&key) {
                continue;
            }
            let line = self.item_line(table, key);
            let hint = match closest(key, known) {
                Some(near) => format!("did you mean `{near}`?"),
                None => format!("known keys: {}", known.join(", ")),
            };
            self.problem(line, format!("unknown key `{key}` in {place}; {hint}"));
        }
    }

    /// The tables under `key` (`[hosts.a]`, `[devices.gen]`), by name, with their lines.
    fn tables<'d>(&mut self, root: &'d dyn TableLike, key: &str) -> Vec<(String, usize, &'d dyn TableLike)> {
        let Some(item) = root.get(key) else { return Vec::new() };
        let Some(outer) = item.as_table_like() else {
            let line = self.item_line(root, key);
            self.problem(line, format!("`{key}` must be a table of tables ([{key}.NAME]), not {}", item.type_name()));
            return Vec::new();
        };
        let mut out = Vec::new();
        for (name, inner) in outer.iter() {
            let line = self.item_line(outer, name);
            match inner.as_table_like() {
                Some(t) => {
                    self.check_name(name, line, &format!("{key} name"));
                    out.push((name.to_string(), line, t));
                }
                None => self.problem(line, format!("`{key}.{name}` must be a table, not {}", inner.type_name())),
            }
        }
        out
    }

    fn value<'d>(&mut self, t: &'d dyn TableLike, key: &str) -> Option<(&'d Item, usize)> {
        let (k, item) = t.get_key_value(key)?;
        Some((item, self.key_line(k)))
    }

    fn wrong_type(&mut self, line: usize, key: &str, place: &str, want: &str, item: &Item) {
        self.problem(line, format!("`{key}` in {place} must be {want}, not {}", item.type_name()));
    }

    fn string(&mut self, t: &dyn TableLike, key: &str, place: &str) -> Option<(String, usize)> {
        let (item, line) = self.value(t, key)?;
        match item.as_str() {
            Some(s) => Some((s.to_string(), line)),
            None => {
                self.wrong_type(line, key, place, "a string", item);
                None
            }
        }
    }

    fn choice<T: Copy>(&mut self, t: &dyn TableLike, key: &str, place: &str, choices: &[(&str, T)]) -> Option<T> {
        let (s, line) = self.string(t, key, place)?;
        let found = choices.iter().find(|(name, _)| *name == s).map(|(_, v)| *v);
        if found.is_none() {
            let names: Vec<String> = choices.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            self.problem(line, format!("`{key}` in {place} must be one of {}, not {s:?}", names.join(", ")));
        }
        found
    }

    fn integer(&mut self, t: &dyn TableLike, key: &str, place: &str, range: (i64, i64)) -> Option<i64> {
        let (item, line) = self.value(t, key)?;
        match item.as_integer() {
            Some(v) if v >= range.0 && v <= range.1 => Some(v),
            Some(v) => {
                self.problem(line, format!("`{key}` in {place} must be {} to {}, not {v}", range.0, range.1));
                None
            }
            None => {
                self.wrong_type(line, key, place, "an integer", item);
                None
            }
        }
    }

    /// A string or a list of strings.
    fn strings(&mut self, t: &dyn TableLike, key: &str, place: &str) -> Option<(Vec<String>, usize)> {
        let (item, line) = self.value(t, key)?;
        if let Some(s) = item.as_str() {
            return Some((vec![s.to_string()], line));
        }
        let list: Option<Vec<String>> =
            item.as_array().and_then(|a| a.iter().map(|v| v.as_str().map(str::to_string)).collect());
        if list.is_none() {
            self.wrong_type(line, key, place, "a string or a list of strings", item);
        }
        list.map(|l| (l, line))
    }

    /// A secret key file's path (resolved against the topology's directory), which must be
    /// a `NAME.key_secret` with its public `NAME.key` beside it (docs/security.md).
    fn secret_key(&mut self, t: &dyn TableLike, key: &str, place: &str, dir: &Path) -> Option<(SecretKey, usize)> {
        let (path, line) = self.string(t, key, place)?;
        let Some(stem) = path.strip_suffix(SECRET_SUFFIX) else {
            self.problem(
                line,
                format!(
                    "`{key}` names a secret key file, NAME{SECRET_SUFFIX} (evflow keys new NAME writes it), \
                     with its public NAME{PUBLIC_SUFFIX} beside it; not {path:?}"
                ),
            );
            return None;
        };
        let public = dir.join(format!("{stem}{PUBLIC_SUFFIX}"));
        Some((SecretKey { secret: dir.join(&path), public }, line))
    }

    /// `security = "curve"` needs the controller's key and every host's; keys without it
    /// protect nothing, and are refused rather than ignored.
    fn check_security(
        &mut self,
        root: &dyn TableLike,
        security: Option<Security>,
        controller_key: &Option<(SecretKey, usize)>,
        hosts: &BTreeMap<String, Host>,
    ) {
        let line = self.item_line(root, "security");
        let keyed = controller_key.is_some() || hosts.values().any(|h| h.key.is_some());
        match security {
            Some(Security::Curve) => {
                if controller_key.is_none() && root.get("controller_key").is_none() {
                    self.problem(line, "security = \"curve\" needs `controller_key`: the controller's secret key file (evflow keys new controller)".into());
                }
                if hosts.is_empty() {
                    self.problem(line, "security = \"curve\" protects the tcp links between hosts, and this topology has no [hosts.NAME]".into());
                }
                for (name, host) in hosts {
                    if host.key.is_none() {
                        self.problem(host.line, format!("host {name} needs a `key` (its secret key file, evflow keys new {name}): the topology has security = \"curve\""));
                    }
                }
            }
            None if keyed && root.get("security").is_none() => {
                let key_line = controller_key.as_ref().map_or(0, |(_, l)| *l);
                let line = hosts
                    .values()
                    .filter(|h| h.key.is_some())
                    .map(|h| h.line)
                    .chain([key_line])
                    .filter(|l| *l > 0)
                    .min();
                self.problem(
                    line.unwrap_or(0),
                    "keys are given but `security` is not: add security = \"curve\" to use them".into(),
                );
            }
            None => {}
        }
    }

    fn host(&mut self, t: &dyn TableLike, line: usize, dir: &Path) -> Host {
        let place = "a host";
        self.known_keys(t, HOST_KEYS, place);
        let address = self.string(t, "address", place).map(|(s, _)| s);
        let netns = self.string(t, "netns", place);
        if let (Some((_, netns_line)), None) = (&netns, &address) {
            self.problem(*netns_line, "a host with `netns` needs an `address`: where other hosts reach it".into());
        }
        let ssh = self.string(t, "ssh", place).map(|(s, _)| s);
        let key = self.secret_key(t, "key", place, dir).map(|(k, _)| k);
        let standby = match self.value(t, "standby") {
            None => false,
            Some((item, l)) => item.as_bool().unwrap_or_else(|| {
                self.wrong_type(l, "standby", place, "true or false", item);
                false
            }),
        };
        Host { address, netns: netns.map(|(s, _)| s), ssh, key, standby, line }
    }

    fn device(&mut self, name: &str, t: &dyn TableLike, line: usize, dir: &Path) -> Device {
        let place = format!("[devices.{name}]");
        let place = place.as_str();
        self.known_keys(t, DEVICE_KEYS, place);
        let kinds = [
            ("path", Kind::Path),
            ("merger", Kind::Merger),
            ("bridge", Kind::Bridge),
            ("readout", Kind::Readout),
            ("builder", Kind::Builder),
        ];
        let kind = self.choice(t, "kind", place, &kinds).unwrap_or(Kind::Path);
        let steering = self.string(t, "steering", place);
        let steering_line = steering.as_ref().map_or(line, |s| s.1);
        match (kind, &steering) {
            (Kind::Path | Kind::Readout, None) if t.get("steering").is_none() => self.problem(
                line,
                format!("device {name} has no `steering`: name the Python file that defines its `path`, or give it a built-in `kind`"),
            ),
            (Kind::Merger | Kind::Bridge, Some((_, l))) => {
                self.problem(*l, format!("device {name} is a built-in {kind:?} and takes no `steering`").to_lowercase())
            }
            _ => {}
        }
        let hosts = self.strings(t, "host", place).map_or_else(|| vec![LOCAL_HOST.to_string()], |(h, _)| h);
        let replicas = self.integer(t, "replicas", place, (1, 1024)).map_or(DEFAULT_REPLICAS, |v| v as u32);
        let inputs = self.strings(t, "inputs", place).map_or_else(Vec::new, |(l, _)| l);
        let outputs = self.strings(t, "outputs", place).map_or_else(Vec::new, |(l, _)| l);
        let max_restarts = self
            .integer(t, "max_restarts_per_minute", place, (0, 1_000_000))
            .map_or(DEFAULT_MAX_RESTARTS_PER_MINUTE, |v| v as u32);
        // Not given: the plan's default, which depends on the device's place in it.
        let restarts = [("always", Restart::Always), ("never", Restart::Never)];
        let restart = self.choice(t, "restart", place, &restarts);
        let port = self.integer(t, "port", place, (1, 65535)).map(|p| p as u16);
        let timeout_s = match self.value(t, "timeout") {
            None => DEFAULT_MERGER_TIMEOUT_S,
            Some((item, l)) => match item.as_float().or_else(|| item.as_integer().map(|i| i as f64)) {
                Some(v) if v > 0.0 && matches!(kind, Kind::Merger | Kind::Builder) => v,
                Some(_) if !matches!(kind, Kind::Merger | Kind::Builder) => {
                    self.problem(l, format!("`timeout` in {place} is only for kind = \"merger\" or \"builder\""));
                    DEFAULT_MERGER_TIMEOUT_S
                }
                Some(v) => {
                    self.problem(l, format!("`timeout` in {place} must be a positive number of seconds, not {v}"));
                    DEFAULT_MERGER_TIMEOUT_S
                }
                None => {
                    self.wrong_type(l, "timeout", place, "a number of seconds", item);
                    DEFAULT_MERGER_TIMEOUT_S
                }
            },
        };
        let batch = self.integer(t, "batch", place, (1, 1 << 20)).map_or(DEFAULT_BATCH, |v| v as u64);
        if let (Some((_, l)), false) = (self.value(t, "batch"), kind == Kind::Builder) {
            self.problem(l, format!("`batch` in {place} is only for kind = \"builder\""));
        }
        let segment_size =
            self.integer(t, "segment_size", place, (MIN_SEGMENT_LEN as i64, MAX_SEGMENT_LEN as i64)).map(|v| v as u64);
        let on_errors = [("stop", OnError::Stop), ("skip", OnError::Skip)];
        let on_error = self.choice(t, "on_error", place, &on_errors).unwrap_or_default();
        let event_timeout_s = self.seconds(t, "event_timeout", place);
        let max_retries =
            self.integer(t, "max_retries", place, (0, 1_000_000)).map_or(DEFAULT_MAX_RETRIES, |v| v as u32);
        let quarantine = self.string(t, "quarantine", place);
        // The replicas of a processor are what a hung or crashing event kills: these options
        // are its segment's, and mean nothing on a device that is never restarted for an event.
        let replicated = !inputs.is_empty() && !outputs.is_empty() && matches!(kind, Kind::Path | Kind::Builder);
        for key in ["event_timeout", "max_retries", "quarantine"] {
            if let (Some((_, l)), false) = (self.value(t, key), replicated) {
                self.problem(
                    l,
                    format!(
                        "`{key}` in {place} is for a processor (a device with inputs and outputs, or a builder): \
                         only its replicas are killed and restarted for an event"
                    ),
                );
            }
        }
        Device {
            kind,
            steering: steering.map(|(s, _)| dir.join(s)),
            steering_line,
            hosts,
            replicas,
            inputs,
            outputs,
            max_restarts_per_minute: max_restarts,
            restart,
            port,
            timeout_s,
            batch,
            segment_size,
            on_error,
            event_timeout_s,
            max_retries,
            quarantine: quarantine.map(|(q, _)| q),
            line,
        }
    }

    /// A positive number of seconds (an integer or a float), or `None`.
    fn seconds(&mut self, t: &dyn TableLike, key: &str, place: &str) -> Option<f64> {
        let (item, line) = self.value(t, key)?;
        match item.as_float().or_else(|| item.as_integer().map(|i| i as f64)) {
            Some(v) if v > 0.0 && v.is_finite() => Some(v),
            Some(v) => {
                self.problem(line, format!("`{key}` in {place} must be a positive number of seconds, not {v}"));
                None
            }
            None => {
                self.wrong_type(line, key, place, "a number of seconds", item);
                None
            }
        }
    }

    fn channel(&mut self, name: &str, t: &dyn TableLike, line: usize) -> Channel {
        let place = format!("[channels.{name}]");
        let place = place.as_str();
        self.known_keys(t, CHANNEL_KEYS, place);
        let patterns = [("balance", Pattern::Balance), ("broadcast", Pattern::Broadcast)];
        let transports = Transport::ALL.map(|t| (t.name(), t));
        let defaults = Channel::default();
        let ordered = match self.value(t, "ordered") {
            None => defaults.ordered,
            Some((item, l)) => item.as_bool().unwrap_or_else(|| {
                self.wrong_type(l, "ordered", place, "true or false", item);
                defaults.ordered
            }),
        };
        Channel {
            pattern: self.choice(t, "pattern", place, &patterns).unwrap_or(defaults.pattern),
            transport: self.choice(t, "transport", place, &transports).unwrap_or(defaults.transport),
            ordered,
            line,
        }
    }
}

/// The known key closest to `key`, if one is close enough to be a typo.
fn closest<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    known.iter().map(|k| (edit_distance(key, k), *k)).filter(|(d, _)| *d <= 2).min().map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j])).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
