"""The toy detector and trigger modules of the examples: hits from charged tracks and noise,
a Hough-transform tracker, a two-track trigger, a mergeable efficiency count. Used by
trigger.py (one job) and by the devices of hlt.toml (a topology)."""

import evflow as ef
import numpy as np

LAYER_RADII = np.array([5.0, 9.0, 14.0, 20.0, 27.0, 35.0, 44.0, 54.0], dtype=np.float32)  # cm
HIT = np.dtype([("layer", "u1"), ("phi", "<f4")])  # barrel hits: layer and azimuth
PHI_BINS, CURV_BINS, MAX_CURV = 256, 33, 0.01  # Hough space: phi0 x curvature (1/cm)

NOISE = {
    "noise_phi": {
        "dtype": "<f4",
        "size": ("poisson", 20),
        "values": ("uniform", -np.pi, np.pi),
    }
}
"""The generator's entry: noise hits per event, uniform in azimuth."""


class ToyDetector(ef.Module):
    """Charged tracks from the beam spot (circles through the origin) plus the noise hits."""

    parallel_safe = True

    def event(self, event):
        rng = event.rng
        n = rng.poisson(2.0)
        phi0 = rng.uniform(-np.pi, np.pi, n)
        curv = rng.uniform(-0.8, 0.8, n) * MAX_CURV
        # a circle through the origin reaches radius r at phi0 + asin(curv * r / 2)
        phi = phi0[:, None] + np.arcsin(curv[:, None] * LAYER_RADII / 2)
        phi += rng.normal(0, 0.002, phi.shape)
        seen = rng.random(phi.shape) < 0.95  # layer efficiency
        layers = np.broadcast_to(np.arange(len(LAYER_RADII)), phi.shape)
        noise = event["noise_phi"]
        hits = np.empty(seen.sum() + len(noise), HIT)
        hits["layer"] = np.concatenate(
            [layers[seen], rng.integers(0, len(LAYER_RADII), len(noise))]
        )
        hits["phi"] = np.concatenate([phi[seen], noise])
        event["hits"] = hits
        event["mc_phi0"] = phi0.astype(np.float32)


class HoughTracker(ef.Module):
    """Finds tracks as peaks in (phi0, curvature) space: each hit votes for every track
    through it; a track needs hits in at least 6 of the 8 layers."""

    parallel_safe = True
    min_layers = 6

    def initialize(self):
        self.curvatures = np.linspace(-MAX_CURV, MAX_CURV, CURV_BINS)

    def event(self, event):
        hits = event["hits"]
        r = LAYER_RADII[hits["layer"]]
        phi0 = hits["phi"][:, None] - np.arcsin(self.curvatures[None, :] * r[:, None] / 2)
        phi_bin = ((phi0 + np.pi) / (2 * np.pi) * PHI_BINS).astype(np.int64) % PHI_BINS
        curv_bin = np.broadcast_to(np.arange(CURV_BINS), phi_bin.shape)
        # count distinct layers per cell: one bit per layer, OR-ed into the cell
        cells = np.zeros((PHI_BINS, CURV_BINS), dtype=np.uint16)
        layer_bit = np.broadcast_to((1 << hits["layer"].astype(np.uint16))[:, None], phi_bin.shape)
        np.bitwise_or.at(cells, (phi_bin, curv_bin), layer_bit)
        n_layers = np.bitwise_count(cells)
        peaks = (n_layers >= self.min_layers) & (n_layers == _local_max(n_layers))
        i_phi, i_curv = np.nonzero(peaks)
        tracks = np.empty(len(i_phi), [("phi0", "<f4"), ("curvature", "<f4"), ("layers", "u1")])
        tracks["phi0"] = (i_phi + 0.5) / PHI_BINS * 2 * np.pi - np.pi
        tracks["curvature"] = self.curvatures[i_curv]
        tracks["layers"] = n_layers[i_phi, i_curv]
        event["tracks"] = _merge_neighbours(tracks)


def _local_max(a):
    """Each cell's maximum over its 3x3 neighbourhood (phi wraps around)."""
    padded = np.pad(a, ((0, 0), (1, 1)), mode="edge")
    m = padded.copy()
    for shift in (-1, 1):
        m = np.maximum(m, np.roll(padded, shift, axis=0))
    return np.maximum.reduce([m[:, :-2], m[:, 1:-1], m[:, 2:]])


def _merge_neighbours(tracks, dphi=4 * 2 * np.pi / PHI_BINS):
    """One track per cluster of neighbouring peaks: keep the best, drop those near it."""
    order = np.argsort(-tracks["layers"], kind="stable")
    kept = []
    for t in tracks[order]:
        if all(abs((t["phi0"] - k["phi0"] + np.pi) % (2 * np.pi) - np.pi) > dphi for k in kept):
            kept.append(t)
    return np.array(kept, dtype=tracks.dtype)


class TwoTrackTrigger(ef.Module):
    """The trigger decision: keep events with at least two tracks."""

    parallel_safe = True

    def event(self, event):
        return len(event["tracks"]) >= 2


class Efficiency(ef.Module):
    """Counts simulated tracks and those the tracker found within 20 mrad. Its counts are
    mergeable: each worker fills its own, and after the job they hold the sums."""

    parallel_safe = True
    mergeable = ("counts",)

    def initialize(self):
        self.counts = np.zeros(2, dtype=np.int64)  # simulated, found

    def event(self, event):
        truth, found = event["mc_phi0"], event["tracks"]["phi0"]
        if len(found):
            dphi = np.abs((truth[:, None] - found[None, :] + np.pi) % (2 * np.pi) - np.pi)
            self.counts[1] += int((dphi.min(axis=1) < 0.02).sum())
        self.counts[0] += len(truth)
