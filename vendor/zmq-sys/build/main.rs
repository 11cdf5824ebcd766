//! Builds the vendored libzmq with CURVE: linked against the static libsodium that
//! libsodium-sys-stable built (its `links = "sodium"` metadata gives the two directories).

use std::env;
use std::path::PathBuf;

fn sodium_dir(key: &str) -> PathBuf {
    match env::var_os(key) {
        Some(dir) => PathBuf::from(dir),
        None => panic!(
            "{} is not set: libsodium-sys-stable did not report where libsodium is",
            key
        ),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build/main.rs");
    println!("cargo:rerun-if-env-changed=PROFILE");
    let libsodium = zeromq_src::LibLocation::new(
        sodium_dir("DEP_SODIUM_LIB"),
        sodium_dir("DEP_SODIUM_INCLUDE"),
    );
    // libzmq's own sources warn under cc's defaults; they are not ours to fix, and cargo would
    // print every one of them for a path dependency.
    env::set_var("CXXFLAGS", "-w");
    // The DRAFT API for zmq_socket_monitor_versioned: event version 2 names both ends of a
    // connection, so evflow logs a failed CURVE handshake with the peer's address.
    zeromq_src::Build::new()
        .with_libsodium(Some(libsodium))
        .enable_draft(true)
        .build();
}
