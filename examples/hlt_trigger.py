"""The trigger device of hlt.toml: no source, its events come from the readout."""

import evflow as ef
from toy_detector import Efficiency, HoughTracker, TwoTrackTrigger

path = ef.Path()
path.add(HoughTracker())
path.add(Efficiency())
path.add(TwoTrackTrigger())
