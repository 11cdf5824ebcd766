"""What the controller of a topology run as device processes says at the end
(docs/topology.md, "Running a topology"): the summary (``summary.table``, the same as on
one host) from its devices' last reports, the events not completed, the JSON report."""

import json
import os

from evflow import _native, summary
from evflow.path import step_name


def modules(farm) -> list:
    """Calls, failures and time of each step of each segment, summed over processes and
    their generations."""
    out = []
    for segment in farm.segments:
        i = segment.index
        for device, steps in farm.plan.ranges(segment):
            for step in steps:
                calls = failed = ns = 0
                for p in farm.procs:
                    report = p.report(i) or {}
                    # A readout's report counts its own device's path (below).
                    counts = report.get("modules", []) if report.get("role") != "readout" else []
                    if step < len(counts):
                        calls += counts[step][0]
                        failed += counts[step][1]
                        ns += counts[step][2]
                name = step_name(farm.plan.steps(segment)[step])
                out.append(
                    {
                        "name": name,
                        "device": device.name,
                        "segment": i,
                        "calls": calls,
                        "failed": failed,
                        "total_s": ns / 1e9,
                    }
                )
        for p in farm.procs:
            report = p.report(i) or {}
            if report.get("role") != "readout":
                continue
            counts = report.get("modules", [])
            for step, (calls, failed, ns) in zip(p.device.steps(), counts, strict=False):
                out.append(
                    {
                        "name": step_name(step),
                        "device": p.device.name,
                        "segment": i,
                        "calls": calls,
                        "failed": failed,
                        "total_s": ns / 1e9,
                    }
                )
    return out


def table(farm, final: list, wall_s: float, interrupted: bool) -> str:
    """The summary (``summary.table``, as on one host) of the devices' last reports."""
    workers = sum(len(s.slots) for s in farm.segments)
    totals = _native.report_totals(
        {**counts(farm), "processes": workers, "wall_s": wall_s, "interrupted": interrupted}
    )
    return summary.table(final, modules(farm), totals)


def counts(farm) -> dict:
    """The job's counts, summed over the devices' last reports as ``process()`` counts them
    in one job: events read by each source once (a broadcast's followers read them again
    from it), written by the sinks."""

    def total(procs, role, key):
        return sum(p.counter(role, key) for p in procs)

    read = sum(
        farm.origin[s.index].reports.get(s.index, {}).get("counters", {}).get("read", 0)
        for s in farm.segments
        if s.origin.kind == "path" and s.reader is None
    )
    return {
        "read": read,
        "written": total(farm.sinks, "output", "written"),
        "rejected": total(farm.procs, "output", "rejected"),
        "failed": total(farm.sinks, "output", "failed"),
        "incomplete": total(farm.sinks, "output", "incomplete"),
        "retried": total(farm.procs, "input", "retried"),
        "duplicates": total(farm.procs, "output", "duplicates"),
        "quarantined": total(farm.procs, "input", "quarantined"),
        "restarts": sum(p.restarts for p in farm.procs),
        "not_completed": not_completed(farm),
    }


def not_completed(farm) -> list:
    """Seqs read and not completed (a second signal stops at once): those each sink listed,
    and those its source read after the sink last heard how many it had read."""
    seqs = []
    for segment in farm.segments:
        if segment.custody.kind != "path":
            continue
        i = segment.index
        sink = next(p for p in farm.sinks if (segment, "output") in p.roles)
        listed = sink.exits.get(i, {}).get("not_completed", [])
        seen = sink.reports.get(i, {}).get("counters", {}).get("read", 0)
        read = farm.origin[i].reports.get(i, {}).get("counters", {}).get("read", 0)
        seqs.extend(listed)
        if listed or farm.stop >= 2:
            seqs.extend(range(seen, read))
    return sorted(set(seqs))


def steady_rate(farm):
    """Events/s the sink wrote between its first and its last report of a change."""
    return _rate(farm.first_written, farm.last_written)


def write(farm, file, final: list, wall_s: float) -> None:
    """Writes the report of ``--report FILE`` (JSON)."""
    data = {
        "topology": farm.topology.name,
        "file": os.path.abspath(farm.topology.file),
        "devices": final,
        "job": {
            **counts(farm),
            "modules": modules(farm),
            "steady_events_per_s": steady_rate(farm),
            "malformed_reports": farm.malformed,
            "wall_s": wall_s,
        },
    }
    with open(file, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def _rate(first, last):
    if first is None or last is None or last[0] <= first[0]:
        return None
    return (last[1] - first[1]) / (last[0] - first[0])
