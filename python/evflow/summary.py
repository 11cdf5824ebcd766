"""The summary a topology's controller prints at its end (docs/topology.md, "Running a
topology"): one table on one host and across hosts, a row per process, a row per module of
each device, and the job's totals line, the one ``process()`` ends its table with."""

PROCESSES = ("process", "host", "state", "events in", "events out", "restarts")
"""The processes' columns. A processor's events out are those it passed on: the events its
modules rejected are not among them (the totals line counts them)."""

MODULES = ("module", "device", "calls", "failed", "total [s]")
"""The modules' columns, under the processes'."""


def table(processes: list, modules: list, totals: str) -> str:
    """The summary: ``processes``, the controller's ``devices()`` entries; ``modules``,
    each step's ``name``, ``device``, ``calls``, ``failed`` and ``total_s``; ``totals``, the
    totals line (``Report.totals()``, or ``report_totals()`` of the same counts)."""
    rows = [PROCESSES]
    for d in processes:
        rows.append(
            (
                d["name"],
                d["host"],
                d["state"],
                str(d["events_in"]),
                str(d["events_out"]),
                str(d["restarts"]),
            )
        )
    rows.append((*MODULES, ""))
    for m in modules:
        row = (m["name"], m["device"], str(m["calls"]), str(m["failed"]), f"{m['total_s']:.3f}")
        rows.append((*row, ""))
    widths = [max(len(r[i]) for r in rows) for i in range(len(PROCESSES))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join([*lines, totals])
