//! SumPut called 100000 times on one event, as a built-in module or from a plugin library,
//! for counting instructions (they do not depend on the machine's load, unlike time):
//!
//! ```sh
//! valgrind --tool=callgrind target/release/examples/plugin_calls built-in
//! valgrind --tool=callgrind target/release/examples/plugin_calls target/release/examples/libsum_put_plugin.so
//! ```
//!
//! (docs/benchmarks.md, section 13, divides the totals by the calls.)

#[path = "../src/sum_put.rs"]
mod sum_put;

use bytes::Bytes;
use evflow_core::{Entry, Event};
use evflow_runtime::module::Module;
use evflow_runtime::modules::Plugin;

/// Calls made.
const CALLS: u64 = 100_000;

fn main() {
    let Some(which) = std::env::args().nth(1) else {
        eprintln!("usage: plugin_calls built-in | LIBRARY (a plugin with module SumPut)");
        std::process::exit(2);
    };
    let mut module: Box<dyn Module> = if which == "built-in" {
        Box::new(sum_put::SumPut)
    } else {
        match Plugin::load(std::path::Path::new(&which), "SumPut", &[], None) {
            Ok(plugin) => Box::new(plugin),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    };
    let mut event = Event::new(1, 1);
    let adc: Vec<u8> = (0..16u16).flat_map(|v| (v * 37).to_le_bytes()).collect();
    event.put("adc", Entry::new("<u2", vec![16], Bytes::from(adc)).unwrap()).unwrap();
    for _ in 0..CALLS {
        module.event(&mut event).expect("SumPut runs");
    }
}
