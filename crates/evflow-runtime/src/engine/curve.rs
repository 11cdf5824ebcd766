//! A device's CURVE keys in a topology with `security = "curve"` (docs/security.md, "A
//! topology with security"): its host's key pair, the public keys it lets connect (every
//! host's and the controller's), and the public key of each server it connects to.

use evflow_transport::curve::{read_allow_list, read_certificate, read_secret, Curve, KeyPair, KEY_LEN};
use std::collections::HashMap;
use std::path::PathBuf;

/// The key files of one device process, as its controller names them.
#[derive(Debug, Clone)]
pub struct KeyFiles {
    /// Its host's secret key file.
    pub secret: PathBuf,
    /// Every host's public key file, by host name.
    pub hosts: HashMap<String, PathBuf>,
    /// The controller's public key file.
    pub controller: PathBuf,
}

/// The keys, read.
#[derive(Debug)]
pub struct Keys {
    pair: KeyPair,
    allow: Vec<[u8; KEY_LEN]>,
    hosts: HashMap<String, [u8; KEY_LEN]>,
    controller: [u8; KEY_LEN],
}

impl Keys {
    /// Reads the files; an error names the file and what to do.
    pub fn read(files: &KeyFiles) -> Result<Keys, String> {
        let pair = read_secret(&files.secret)?;
        let mut hosts = HashMap::new();
        for (host, path) in &files.hosts {
            hosts.insert(host.clone(), read_certificate(path)?.0);
        }
        let mut listed: Vec<PathBuf> = files.hosts.values().cloned().collect();
        listed.push(files.controller.clone());
        let allow = read_allow_list(&listed)?;
        let controller = read_certificate(&files.controller)?.0;
        Ok(Keys { pair, allow, hosts, controller })
    }

    /// A channel this device binds: a server that lets in the hosts and the controller.
    pub fn server(&self) -> Curve {
        Curve::Server { pair: self.pair.clone(), allow: self.allow.clone() }
    }

    /// A channel this device connects to a channel that `host`'s device bound.
    pub fn client_of(&self, host: &str) -> Result<Curve, String> {
        let server = self.hosts.get(host).ok_or_else(|| format!("host {host} has no key in the topology file"))?;
        Ok(Curve::Client { pair: self.pair.clone(), server: *server })
    }

    /// A channel this device connects to the controller's.
    pub fn client_of_controller(&self) -> Curve {
        Curve::Client { pair: self.pair.clone(), server: self.controller }
    }
}
