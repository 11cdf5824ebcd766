//! Topologies: devices (processes running a path slice or a built-in component) joined by
//! channels, on one host or many, declared in a TOML file (`docs/topology.md`). This module
//! reads and checks the file; every problem is reported with its line, all at once.

mod check;
mod file;
pub mod machine;
mod syntax;

use crate::job::OnError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Replicas of a device per host when the file does not say.
pub const DEFAULT_REPLICAS: u32 = 1;
/// Seconds a merger waits for the missing parts of an event when the file does not say.
pub const DEFAULT_MERGER_TIMEOUT_S: f64 = 2.0;
/// Events per batch of a builder when the file does not say (docs/eventbuilding.md).
pub const DEFAULT_BATCH: u64 = 64;
/// The host of a device that names none: the machine `evflow up` runs on.
pub const LOCAL_HOST: &str = "local";

/// One problem in a topology file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// 1-based line it is on (0 when it concerns the whole file).
    pub line: usize,
    /// What is wrong and what to do.
    pub message: String,
}

/// Every problem of a topology file, each shown as `FILE:LINE: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems {
    /// The file.
    pub file: PathBuf,
    /// The problems, in the order of their lines.
    pub problems: Vec<Problem>,
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match p.line {
                0 => write!(f, "{}: {}", self.file.display(), p.message)?,
                line => write!(f, "{}:{line}: {}", self.file.display(), p.message)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

/// A host devices run on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Host {
    /// Where other hosts reach this host's devices.
    pub address: Option<String>,
    /// Network namespace the local launcher runs this host's devices in.
    pub netns: Option<String>,
    /// Target of the ssh launcher.
    pub ssh: Option<String>,
    /// The host's CURVE key pair (`security = "curve"`).
    pub key: Option<SecretKey>,
    /// Checked at `evflow up`, nothing started on it until `evflow ctl FILE add-host`: its
    /// devices are processors and builders only.
    pub standby: bool,
    /// Line of its table.
    pub line: usize,
}

/// How a topology's tcp links are protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// ZeroMQ's CURVE: every tcp channel and the control plane authenticated and encrypted.
    Curve,
}

/// A key pair's files: the secret certificate (`NAME.key_secret`, named in the file) and the
/// public one beside it (`NAME.key`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SecretKey {
    /// The secret certificate.
    pub secret: PathBuf,
    /// The public certificate.
    pub public: PathBuf,
}

/// What a device runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The `path` of a steering file.
    Path,
    /// Joins the parts of one event arriving on several inputs.
    Merger,
    /// Forwards one channel to another without decoding events.
    Bridge,
    /// A readout unit: reads its detector slice's fragments for the builders.
    Readout,
    /// A builder unit: joins each event's fragments from every readout unit.
    Builder,
}

/// Whether a dead process of a device is started again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Restart {
    /// Always: the default of every device but a source, where it can be
    /// (`control::plan`, `Plan::default_restart`).
    Always,
    /// Never: its death stops the topology (the default of sources).
    Never,
}

/// A device: the same program on each of its hosts, `replicas` times per host.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Device {
    /// What it runs.
    pub kind: Kind,
    /// The steering file (kind `path`), relative paths resolved against the topology file.
    pub steering: Option<PathBuf>,
    /// Line of `steering` (or of the device's table without one).
    pub steering_line: usize,
    /// Hosts it runs on.
    pub hosts: Vec<String>,
    /// Processes per host.
    pub replicas: u32,
    /// Channels it receives from.
    pub inputs: Vec<String>,
    /// Channels it sends on.
    pub outputs: Vec<String>,
    /// Restarts allowed within a minute before its crash loop stops the topology.
    pub max_restarts_per_minute: u32,
    /// Whether a dead process of it is started again; `None`: not given, the plan's default.
    pub restart: Option<Restart>,
    /// Fixed tcp port for the channel it binds.
    pub port: Option<u16>,
    /// Merger: seconds before an event with a part missing goes on flagged incomplete.
    pub timeout_s: f64,
    /// Builder: events per batch.
    pub batch: u64,
    /// Bytes of the shared-memory segment of the segment whose workers it is (a processor,
    /// a builder), or whose origin it is (a source); `None`: the engine's default.
    pub segment_size: Option<u64>,
    /// What a module that raises on an event does: `process()`'s `on_error`.
    pub on_error: OnError,
    /// A processor: seconds a replica may spend on one event before it is killed.
    pub event_timeout_s: Option<f64>,
    /// A processor: re-sends of an event that killed a replica; then it is a poison event.
    pub max_retries: u32,
    /// A processor: poison events go to this file (relative to where `evflow up` runs),
    /// written by its segment's origin, instead of on, flagged `failed`.
    pub quarantine: Option<String>,
    /// Line of its table.
    pub line: usize,
}

/// How a channel delivers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// Each event to one receiver, credit-based, reliable.
    Balance,
    /// Every receiver gets every message.
    Broadcast,
}

/// Which transport a channel uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Transport {
    /// shm between processes of one host, tcp across hosts.
    Auto,
    /// Shared memory (one host only).
    Shm,
    /// libzmq over Unix sockets (one host only).
    Ipc,
    /// libzmq over tcp.
    Tcp,
}

impl Transport {
    /// Every transport, as a file names them.
    pub const ALL: [Transport; 4] = [Transport::Auto, Transport::Shm, Transport::Ipc, Transport::Tcp];

    /// Its name in a file (`transport = "shm"`).
    pub fn name(self) -> &'static str {
        match self {
            Transport::Auto => "auto",
            Transport::Shm => "shm",
            Transport::Ipc => "ipc",
            Transport::Tcp => "tcp",
        }
    }
}

/// A channel: its pattern, transport and ordering.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Channel {
    /// How it delivers.
    pub pattern: Pattern,
    /// Its transport.
    pub transport: Transport,
    /// Receivers see each source's events in source order.
    pub ordered: bool,
    /// Line of its table (0 for a channel only devices name).
    pub line: usize,
}

impl Default for Channel {
    fn default() -> Channel {
        Channel { pattern: Pattern::Balance, transport: Transport::Auto, ordered: false, line: 0 }
    }
}

/// A checked topology.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Topology {
    /// The file it was read from.
    pub file: PathBuf,
    /// The job's name.
    pub name: String,
    /// Where devices reach the controller, if the file says.
    pub controller: Option<String>,
    /// `HOST:PORT` where the controller serves the live metrics (docs/operations.md).
    pub metrics: Option<String>,
    /// Line of `metrics` (0 without it): the controller checks the address can be bound.
    pub metrics_line: usize,
    /// `HOST:PORT` (or `PORT`, on loopback) where the controller serves the shift crew's
    /// page (docs/web.md); `evflow up --web` gives it too.
    pub web: Option<String>,
    /// Line of `web` (0 without it).
    pub web_line: usize,
    /// How the tcp links are protected (docs/security.md); `None`: not at all.
    pub security: Option<Security>,
    /// The controller's CURVE key pair (`security = "curve"`).
    pub controller_key: Option<SecretKey>,
    /// Hosts by name (empty: every device runs on this machine).
    pub hosts: BTreeMap<String, Host>,
    /// Devices by name.
    pub devices: BTreeMap<String, Device>,
    /// Channels by name, declared or only named by devices.
    pub channels: BTreeMap<String, Channel>,
    /// Device names, each after every device that sends to it.
    pub order: Vec<String>,
}

/// A topology file as read, problems and all: `evflow up` goes on to check its steering
/// files, so that every problem of the file is reported at once.
#[derive(Debug, Clone)]
pub struct Reading {
    /// The topology: `None` when the file cannot be read or is not TOML at all; with
    /// `problems`, what could be read of it.
    pub topology: Option<Topology>,
    /// Every problem found, in the order of their lines.
    pub problems: Problems,
}

impl Reading {
    /// The topology, if it has no problem.
    pub fn checked(self) -> Result<Topology, Problems> {
        match self.topology {
            Some(topology) if self.problems.problems.is_empty() => Ok(topology),
            _ => Err(self.problems),
        }
    }
}

/// Reads and checks the topology file at `path`.
pub fn load(path: &Path) -> Result<Topology, Problems> {
    read(path).checked()
}

/// Reads and checks `text`, the contents of `path` (relative steering paths are resolved
/// against its directory).
pub fn parse(text: &str, path: &Path) -> Result<Topology, Problems> {
    read_text(text, path).checked()
}

/// Reads and checks the topology file at `path`, keeping what was read alongside its problems.
pub fn read(path: &Path) -> Reading {
    match std::fs::read_to_string(path) {
        Ok(text) => read_text(&text, path),
        Err(e) => Reading {
            topology: None,
            problems: Problems {
                file: path.to_path_buf(),
                problems: vec![Problem { line: 0, message: format!("cannot read the topology file: {e}") }],
            },
        },
    }
}

/// Reads and checks `text`, the contents of `path`, keeping what was read alongside its
/// problems.
pub fn read_text(text: &str, path: &Path) -> Reading {
    let mut problems = Vec::new();
    let mut topology = file::read(text, path, &mut problems);
    if let Some(topology) = &mut topology {
        check::check(topology, &mut problems);
        // A cycle is one of the problems, and leaves no order.
        topology.order = check::order(topology).unwrap_or_default();
    }
    problems.sort_by_key(|p| p.line);
    Reading { topology, problems: Problems { file: path.to_path_buf(), problems } }
}

#[cfg(test)]
mod tests;
