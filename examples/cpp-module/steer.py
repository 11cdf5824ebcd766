"""A C++ cluster finder (cluster_trigger.cpp) on a Python path: simulated calorimeter
events, ClusterTrigger, and a file of the events it selects. Build and run it with

    cmake -S examples/cpp-module -B build/cpp-module && cmake --build build/cpp-module
    evflow run examples/cpp-module/steer.py -p 2 -- \
        build/cpp-module/libcluster_trigger.so out/clusters.evf
"""

import sys

import evflow as ef
import numpy as np

library, output = sys.argv[1:3]
gains = np.full(64, 0.05)  # GeV per count, tower by tower
gains[27] = 0.045  # a tower calibrated apart
path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        runs=[(1, 500), (2, 500)],
        entries={"adc": {"dtype": "<u2", "size": 64, "values": ("exponential", 8.0)}},
    )
)
path.add(ef.modules.Plugin(library, "ClusterTrigger", threshold=3.5, seed=1.0, gains=gains))
path.add(ef.modules.FileOutput(output))
report = ef.process(path, ordered=True)
print(f"ClusterTrigger selected {report.written} of {report.read} events: {output}")
