"""The readout device of hlt.toml: events with the detector's hits. Alone, it runs as a job
of its own:  evflow run examples/hlt_readout.py"""

import evflow as ef
from toy_detector import NOISE, ToyDetector

path = ef.Path()
path.add(ef.modules.EventGenerator(runs=[(1, 10_000), (2, 10_000)], entries=NOISE))
path.add(ToyDetector())

if __name__ == "__main__":
    ef.process(path)
