"""The Rust calorimeter trigger as a plugin on a Python path: simulated calorimeter events,
CaloTrigger (src/plugin.rs), and a file of the events it keeps. Run it with

    cargo build --release -p evflow-example-rust-module
    evflow run examples/rust-module/steer.py -p 2 -- \
        target/release/libevflow_example_rust_module.so out/calo.evf
"""

import sys

import evflow as ef

library, output = sys.argv[1:3]
path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        runs=[(1, 300), (2, 200)],
        entries={"adc": {"dtype": "<u2", "size": 64, "values": ("exponential", 30.0)}},
    )
)
path.add(
    ef.modules.Plugin(library, "CaloTrigger", threshold_gev=15.0, gains=[[1, 0.05], [2, 0.048]])
)
path.add(ef.modules.FileOutput(output))
report = ef.process(path, ordered=True)
print(f"CaloTrigger kept {report.written} of {report.read} events: {output}")
