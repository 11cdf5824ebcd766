"""``evflow bench parallel --sections compressed`` (docs/parallel.md, "Compressed output"):
a zstd level 3 ``FileOutput`` of 100 KiB detector-like events in one process (its writer
compresses in a pool of threads) and with 1, 2, ... workers (the workers compress the
records), against that many cores doing nothing but compressing the same record, measured
in the same run (``evflow-bench-transport compress``)."""

import os
import statistics
import tempfile

import evflow as ef
import numpy as np

from evflow_bench import native
from evflow_bench.parallel import Nothing, case, medians, run_cases

SIZE = 100 << 10
COMPRESSION = "zstd"
LEVEL = 3
BASELINE_SECONDS = 0.3
# The detector-like samples of bench/rust/src/payload.rs: a pedestal with Gaussian noise and
# exponential pulses on 1% of the samples (compresses about as well as raw waveforms).
PEDESTAL, NOISE_SIGMA, PULSE_PROBABILITY, PULSE_SCALE, SEED = 100.0, 2.5, 0.01, 300.0, 2024


def adc_samples() -> np.ndarray:
    """``SIZE`` bytes of ``<u2`` ADC samples."""
    rng = np.random.default_rng(SEED)
    values = rng.normal(PEDESTAL, NOISE_SIGMA, SIZE // 2)
    pulses = rng.uniform(size=values.size) < PULSE_PROBABILITY
    values[pulses] += rng.exponential(PULSE_SCALE, int(pulses.sum()))
    return np.clip(np.round(values), 0, 65535).astype("<u2")


class SameSamples(ef.Source):
    """``events`` events of one ``adc`` entry, each the same samples."""

    def __init__(self, events: int, samples: np.ndarray):
        self.count = events
        self.expected_events = events
        self.samples = samples

    def events(self):
        for number in range(1, self.count + 1):
            yield ef.Event(run=1, number=number, adc=self.samples)


def compressed(args, progress) -> list[dict]:
    n = args.compressed_events
    samples = adc_samples()
    with tempfile.TemporaryDirectory(prefix="evflow-bench-compressed-") as directory:
        sample_file = os.path.join(directory, "sample.evf")
        path = ef.Path()
        path.add(SameSamples(1, samples))
        path.add(ef.modules.FileOutput(sample_file))
        ef.process(path, summary=False)
        cases = {}
        for p in args.processes:
            options = {"transport": args.transports[0]} if p else {}
            output = ef.modules.FileOutput(
                os.path.join(directory, f"p{p}.evf"), compression=COMPRESSION, level=LEVEL
            )
            cases[p] = case(
                lambda events: SameSamples(events, samples), n, [Nothing(), output], p, **options
            )
        answers = []
        spec = f"{COMPRESSION}:{LEVEL}"
        cases["core"] = lambda: answers.append(native.compress(sample_file, spec, BASELINE_SECONDS))
        runs = run_cases(cases, args.repeats, progress)
    del runs["core"]
    raw_len, stored_len = answers[0]["raw_len"], answers[0]["stored_len"]
    core = [a["gb_per_s"] for a in answers]
    results = []
    for p, samples_of_p in runs.items():
        m = medians(samples_of_p, n)
        steady = m["steady_events_per_s"]
        # Within each repetition: the job's steady rate against max(p, 1) cores compressing.
        shares = [
            (n - 1) / (r["wall_s"] - r["start_s"]) * raw_len / 1e9 / (max(p, 1) * c)
            for r, c in zip(samples_of_p, core, strict=True)
            if r["wall_s"] > r["start_s"]
        ]
        results.append(
            {
                "section": "compressed",
                "processes": p,
                "transport": args.transports[0] if p else None,
                "events": n,
                "wall_s": m["wall_s"],
                "start_s": m["start_s"],
                "raw_len": raw_len,
                "stored_len": stored_len,
                "compression": spec,
                "gb_per_s": m["events_per_s"] * raw_len / 1e9,
                "steady_gb_per_s": steady * raw_len / 1e9 if steady else None,
                "cpu_us_per_event": m["cpu_us_per_event"],
                "core_gb_per_s": statistics.median(core),
                "vs_cores": statistics.median(shares) if shares else None,
                "repeats": args.repeats,
            }
        )
    return results
