"""``evflow up --resume`` of a topology of device processes (docs/topology-design.md,
"Resuming a topology of device processes"): before anything is bound or started, each sink
recovers its files on its host (``evflow device --recover``, changing nothing); its source
goes on with its plan (a source that feeds several sinks, with the lowest start of theirs),
and both are started with it."""

import json
import logging
import os
import sys

from evflow.errors import EvflowError, ResumeError

log = logging.getLogger("evflow")

RECOVERED = "evflow-recovered"
"""What starts the line ``evflow device --recover`` prints its JSON on."""

USAGE = 2
"""The exit code of ``evflow device`` for a refusal (``ResumeError``, bad configuration)."""


def recover(farm, pairs: list) -> dict | None:
    """What each sink of ``pairs`` (``(source, sink)`` device names, one process each) found;
    the plan (``ResumePlan`` as JSON) each process of ``farm`` goes on with, by its index
    (a source and a sink resumed from the start have none); ``None`` when every sink's
    files are complete. A sink's refusal is raised (``ResumeError``: the device, its host
    and its message), as is a sink that could not say (``EvflowError``)."""
    index = {device: i for i, (_, device, *_) in enumerate(farm.processes)}
    started = []
    try:
        for source, sink in pairs:
            name, device, _, host, replica = farm.processes[index[sink]]
            command = [
                sys.executable, "-m", "evflow", "device", os.path.abspath(farm.topology.file),
                "--device", device, "--host", host, "--replica", str(replica),
                "--plan", farm.sv.plan_json(), "--recover",
            ]  # fmt: skip
            started.append((source, sink, host, farm.launcher.start(host, command, name)))
        found = [
            (source, sink, _answer(farm, sink, host, popen))
            for source, sink, host, popen in started
        ]
    finally:
        farm.launcher.stop([popen for *_, popen in started])
    plans = {}
    for source, sink, answer in found:
        for f in answer["files"]:
            state = "complete" if f["complete"] else "not complete"
            log.info(
                "resuming: %s (%s, device %s) holds %d events, accounted below %d",
                f["file"], state, sink, f["events"], f["accounted"],
            )  # fmt: skip
        if answer["state"] == "none":
            log.warning(
                "nothing to resume from in sink %s: none of its outputs writes a file a resumed "
                "topology can go on with; its source %s reads from the start",
                sink, source,
            )  # fmt: skip
        if answer["plan"] is not None:
            plans[index[sink]] = answer["plan"]
    if found and all(answer["state"] == "complete" for *_, answer in found):
        files = [f["file"] for *_, answer in found for f in answer["files"]]
        log.warning("%s complete: nothing to resume", ", ".join(files))
        return None
    for source in dict.fromkeys(source for source, *_ in found):
        plan = _source_plan([answer["plan"] for s, _, answer in found if s == source])
        if plan is not None:
            plans[index[source]] = plan
    return plans


def _source_plan(sinks: list) -> str | None:
    """Where a source goes on, given the plans of the sinks it feeds (``None``: from the
    start): its one sink's; with several (a broadcast, or several channels), from the lowest
    start, passing over nothing (each sink drops what its files hold), so that every segment
    of its broadcast numbers the events as the source reads them."""
    if len(sinks) == 1:
        return sinks[0]
    if None in sinks:
        return None
    start = min(json.loads(plan)["start"] for plan in sinks)
    return json.dumps({"start": start, "above": []})


def _answer(farm, sink: str, host: str, popen) -> dict:
    """What sink ``sink``'s ``evflow device --recover`` on ``host`` printed, once it exited;
    its other lines (its log) are passed on, labelled with the process."""
    out, _ = popen.communicate()
    lines = out.decode(errors="replace").splitlines()
    answer = None
    for line in lines:
        if line.startswith(f"{RECOVERED} "):
            answer = line[len(RECOVERED) + 1 :]
        elif line.strip():
            print(f"[{sink}] {line}", file=sys.stderr)
    where = f"sink {sink} (host {host})"
    if popen.returncode == 0 and answer is not None:
        try:
            return json.loads(answer)
        except ValueError:
            pass
    said = [line.removeprefix("evflow: error: ") for line in lines if line.startswith("evflow: ")]
    why = said[-1] if said else (lines[-1] if lines else "no output")
    if popen.returncode == USAGE:
        raise ResumeError(f"cannot resume {farm.topology.file}: {where}: {why}")
    code = farm.launcher.describe(popen.returncode) or f"exit code {popen.returncode}"
    raise EvflowError(
        f"cannot resume {farm.topology.file}: {where} could not read its files ({code}): {why}"
    )
