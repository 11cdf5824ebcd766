"""A toy high-level trigger: simulate hits, find tracks with a Hough transform, keep events
with at least two tracks, write them out.   Run it with:  evflow run examples/trigger.py
"""

import os

import evflow as ef
from toy_detector import NOISE, Efficiency, HoughTracker, ToyDetector, TwoTrackTrigger

OUTPUT = "out/triggered.evf"
os.makedirs("out", exist_ok=True)
path = ef.Path()
path.add(
    ef.modules.EventGenerator(
        runs=[(1, 10_000), (2, 10_000)],
        entries=NOISE,
    )
)
path.add(ef.modules.Progress())
path.add(ToyDetector())
path.add(HoughTracker())
efficiency = path.add(Efficiency())
path.add(TwoTrackTrigger())
path.add(ef.modules.FileOutput(OUTPUT, compression="zstd"))
# Two worker processes run the simulation, tracking and trigger; `evflow run -p N` overrides.
report = ef.process(path, processes=2)
simulated, found = efficiency.counts
if simulated:
    print(f"track finding efficiency: {found / simulated:.1%} of {simulated} tracks")
kept = report.written / report.read if report.read else 0.0
print(f"trigger kept {report.written} of {report.read} events ({kept:.0%}): {OUTPUT}")
