"""What the controller of a topology run as device processes says at the end
(docs/topology.md, "Running a topology"): the summary (``summary.table``, the same as on
one host) from its devices' last reports, the events not completed, the JSON report."""

from evflow import _native, summary
from evflow.controller import write_report
from evflow.path import step_name


def modules(farm) -> list:
    """Calls, failures and time of each step of each segment, summed over processes and
    their generations."""
    out = []
    procs = [farm.process(i) for i in range(len(farm.processes))]
    for i in range(farm.plan.native.segments):
        reports = [p["reports"].get(i) or {} for p in procs]
        names = [step_name(s) for s in farm.plan.steps(i)]
        for device, start, stop in farm.plan.native.ranges(i):
            for step in range(start, stop):
                calls = failed = ns = 0
                for report in reports:
                    # A readout's report counts its own device's path (below).
                    counts = report.get("modules", []) if report.get("role") != "readout" else []
                    if step < len(counts):
                        calls += counts[step][0]
                        failed += counts[step][1]
                        ns += counts[step][2]
                out.append(_module(names[step], device, i, calls, failed, ns))
        for p, report in enumerate(reports):
            if report.get("role") != "readout":
                continue
            counts = report.get("modules", [])
            for step, (calls, failed, ns) in zip(farm.own_steps(p), counts, strict=False):
                out.append(_module(step_name(step), farm.processes[p][1], i, calls, failed, ns))
    return out


def _module(name: str, device: str, segment: int, calls: int, failed: int, ns: int) -> dict:
    return {
        "name": name,
        "device": device,
        "segment": segment,
        "calls": calls,
        "failed": failed,
        "total_s": ns / 1e9,
    }


def table(farm, final: list, wall_s: float, interrupted: bool) -> str:
    """The summary (``summary.table``, as on one host) of the devices' last reports."""
    workers = farm.plan.native.workers
    totals = _native.report_totals(
        {**counts(farm), "processes": workers, "wall_s": wall_s, "interrupted": interrupted}
    )
    return summary.table(final, modules(farm), totals)


def counts(farm) -> dict:
    """The job's counts, summed over the devices' last reports as ``process()`` counts them
    in one job: events read by each source once (a broadcast's followers read them again
    from it), written by the sinks."""
    everyone = range(len(farm.processes))

    def total(procs, role, key):
        return sum(farm.sv.counter(i, role, key) for i in procs)

    # A resumed topology's sources pass over what their sinks' files had: not read now.
    passed_over = total(everyone, "input", "passed_over")
    return {
        "read": farm.sv.read() - passed_over,
        "resumed": passed_over,
        "written": farm.sv.written(),
        "rejected": total(everyone, "output", "rejected"),
        "failed": total(farm.sinks, "output", "failed"),
        "incomplete": total(farm.sinks, "output", "incomplete"),
        "retried": total(everyone, "input", "retried"),
        "duplicates": total(everyone, "output", "duplicates"),
        "quarantined": total(everyone, "input", "quarantined"),
        "restarts": sum(r["restarts"] for r in farm.sv.rows()),
        "not_completed": farm.sv.not_completed(),
    }


def _steady(farm):
    """The sink's first and last report of a change, if they are two moments apart."""
    first, last = farm.sv.written_at
    if first is None or last is None or last[0] <= first[0]:
        return None
    return first, last


def steady_rate(farm):
    """Events/s the sink wrote between its first and its last report of a change."""
    if (steady := _steady(farm)) is None:
        return None
    (t0, written0, _), (t1, written1, _) = steady
    return (written1 - written0) / (t1 - t0)


def steady_cpu(farm):
    """CPU seconds of the device processes, and events the sink wrote, between its first and
    its last report of a change (their reports' CPU times: each up to a report old)."""
    if (steady := _steady(farm)) is None:
        return None, None
    (_, written0, cpu0), (_, written1, cpu1) = steady
    return (cpu1 - cpu0) / 1e9, written1 - written0


def write(farm, file, final: list, wall_s: float) -> None:
    """Writes the report of ``--report FILE`` (JSON)."""
    cpu_s, events = steady_cpu(farm)
    job = {
        **counts(farm),
        "modules": modules(farm),
        "steady_events_per_s": steady_rate(farm),
        "steady_cpu_s": cpu_s,
        "steady_events": events,
        "malformed_reports": farm.sv.malformed + farm.malformed_sums,
        "wall_s": wall_s,
        "changes": farm.changes(),
    }
    write_report(file, farm.topology, final, job)
