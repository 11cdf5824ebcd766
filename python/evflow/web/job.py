"""The job of a steering file (``evflow run STEER.py --web``) as the page shows it: its
processes from the engine's live snapshot (this process alone, or the input, the workers and
the output of a parallel job), its one run, and a stop that drains it as Ctrl-C does. A job is
not held: it has no run to start, and its processes are its own to restart."""

import os
import threading

from evflow import controller
from evflow._native import lifecycle

NOT_HELD = "a job runs its source's runs straight through: it has no run to start"
FIXED = "a job's processes are fixed when it starts (processes=N): run a topology to change them"
HERE = "this machine"


class JobStatus(controller.Fixed):
    """What the page asks of a job (``devices()``, ``run_status()``, the commands), updated
    by the engine's watch calls (``update``)."""

    not_held = NOT_HELD
    fixed = FIXED

    def __init__(self, name: str):
        self.name = name
        self.lock = threading.Lock()
        self.live = None
        self.stop_requested = False

    def update(self, live: dict) -> bool:
        """Takes the engine's progress; True asks the job to stop (the page's stop)."""
        with self.lock:
            self.live = live
            return self.stop_requested

    def request_stop(self) -> dict:
        with self.lock:
            self.stop_requested = True
        return {"ok": True, "state": lifecycle.DRAINING}

    def run_status(self) -> dict:
        with self.lock:
            live, stopping = self.live, self.stop_requested
        state = lifecycle.RUNNING if live is not None else lifecycle.CONFIGURED
        return {"number": None, "state": lifecycle.DRAINING if stopping else state}

    def devices(self) -> list:
        """A row per process, as ``evflow ctl status`` lists a topology's: the last process
        of each name (a worker's replacement has its name)."""
        with self.lock:
            live, stopping = self.live, self.stop_requested
        running = lifecycle.DRAINING if stopping else lifecycle.RUNNING
        if live is None:
            return []
        if not live["processes"]:  # a job of one process: this one
            row = _row(self.name, "job", None, os.getpid(), running)
            row.update(events_in=live["read"], events_out=live["written"])
            return [row]
        last = {p["name"]: p for p in live["processes"]}
        rows = []
        for p in sorted(last.values(), key=_order):
            state = running if p["running"] else lifecycle.EXITED
            row = _row(p["name"], p["role"], p["worker"], p["pid"], state)
            if p["role"] == "input":
                row["events_out"] = live["read"]
            elif p["role"] == "output":
                row.update(events_in=live["written"], events_out=live["written"])
            elif p["worker"] is not None and p["worker"] < len(live["workers"]):
                events, restarts, rejected = live["workers"][p["worker"]]
                row.update(events_in=events, events_out=events - rejected, restarts=restarts)
            rows.append(row)
        return rows


def _row(name, device, worker, pid, state) -> dict:
    replica = None if worker is None else worker + 1
    return {
        "name": name,
        "device": device,
        "host": HERE,
        "replica": replica,
        "pid": pid,
        "state": state,
        "events_in": 0,
        "events_out": 0,
        "restarts": 0,
    }


def _order(process: dict) -> tuple:
    """Input, workers in order, output: the way events go."""
    rank = {"input": 0, "worker": 1, "output": 2}.get(process["role"], 3)
    return rank, process["worker"] if process["worker"] is not None else -1
