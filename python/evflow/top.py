"""``evflow top ENDPOINT``: a live terminal view of a running job's metrics
(docs/operations.md), scraped from its ``/metrics`` endpoint and drawn with rich."""

import json
import select
import sys
import termios
import time
import tty
import urllib.error
import urllib.request
from dataclasses import dataclass, field

from prometheus_client.parser import text_string_to_metric_families
from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from evflow.errors import ConfigError

SCRAPE_TIMEOUT_S = 2.0


def save_histograms(endpoint: str, target) -> int:
    """``evflow histograms``: saves the job's live histograms (``/histograms.root``) to
    ``target``; returns the exit code."""
    url = endpoint_url(endpoint).rsplit("/", 1)[0] + "/histograms.root"
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            data = response.read()
    except OSError as e:
        print(f"evflow: error: no histograms at {url}: {e}", file=sys.stderr)
        return 1
    with open(target, "wb") as f:
        f.write(data)
    print(f"{len(data)} bytes of histograms: {url} -> {target}", file=sys.stderr)
    return 0


def histograms(url: str) -> dict:
    """The job's live histograms and arrays (``/histograms``), or {} when it has none."""
    with urllib.request.urlopen(
        url.rsplit("/", 1)[0] + "/histograms", timeout=SCRAPE_TIMEOUT_S
    ) as r:
        return json.loads(r.read())


def endpoint_url(endpoint: str) -> str:
    """``http://HOST:PORT/metrics`` from a URL, ``HOST:PORT``, or a topology file whose
    ``metrics`` key says where ``evflow up`` serves them."""
    if endpoint.endswith(".toml"):
        from evflow import topology

        served = topology.read(endpoint).metrics
        if served is None:
            raise ConfigError(
                f'{endpoint} has no `metrics = "HOST:PORT"`: add one, and evflow up serves '
                "the topology's metrics there"
            )
        endpoint = served
    if endpoint.startswith(("http://", "https://")):
        return (
            endpoint
            if endpoint.rstrip("/").endswith("/metrics")
            else endpoint.rstrip("/") + "/metrics"
        )
    if ":" not in endpoint:
        raise ConfigError(
            f"evflow top needs HOST:PORT or http://HOST:PORT/metrics (the job's --metrics), "
            f"not {endpoint!r}"
        )
    return f"http://{endpoint}/metrics"


@dataclass
class Scrape:
    """One scrape: when, and its samples {(name, frozenset(labels)): value}."""

    at: float
    samples: dict = field(default_factory=dict)

    def get(self, name, **labels):
        wanted = set(labels.items())
        return {k: v for (n, k), v in self.samples.items() if n == name and wanted <= set(k)}

    def one(self, name, default=0.0, **labels):
        found = self.get(name, **labels)
        return sum(found.values()) if found else default


def scrape(url: str) -> Scrape:
    """Scrapes ``url`` (an ``OSError`` when nobody answers)."""
    with urllib.request.urlopen(url, timeout=SCRAPE_TIMEOUT_S) as response:
        text = response.read().decode()
    samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            samples[s.name, frozenset(s.labels.items())] = s.value
    return Scrape(time.monotonic(), samples)


def _rate(now: Scrape, before: Scrape | None, name, **labels) -> float | None:
    if before is None or now.at <= before.at:
        return None
    return (now.one(name, **labels) - before.one(name, **labels)) / (now.at - before.at)


def _fmt_rate(value) -> str:
    if value is None:
        return "-"
    if value >= 1e6:
        return f"{value / 1e6:.2f} M/s"
    if value >= 1e3:
        return f"{value / 1e3:.1f} k/s"
    return f"{value:.0f}/s"


def render(url: str, now: Scrape | None, before: Scrape | None, note: str = "", hists=None):
    """The view of one scrape (and the one before it, for rates)."""
    if now is None:
        return Text(f"evflow top  {url}\nwaiting for the job ... {note}\n(q quits)")
    running = now.one("evflow_job_running") == 1
    events = {dict(k)["outcome"]: v for k, v in now.get("evflow_events_total").items()}
    head = Text()
    head.append("evflow top  ", style="bold")
    head.append(f"{url}  ")
    head.append("running" if running else "ended", style="green" if running else "yellow")
    head.append(f"  workers {int(now.one('evflow_job_processes'))}\n")
    head.append(
        "events  read {read:,.0f} ({rr})  written {written:,.0f} ({wr})  rejected {rejected:,.0f}"
        "  failed {failed:,.0f}  retried {retried:,.0f}".format(
            rr=_fmt_rate(_rate(now, before, "evflow_events_total", outcome="read")),
            wr=_fmt_rate(_rate(now, before, "evflow_events_total", outcome="written")),
            **{k: events.get(k, 0) for k in ("read", "written", "rejected", "failed", "retried")},
        )
    )
    size = now.one("evflow_shm_segment_bytes", default=None)
    if size:
        used = now.one("evflow_shm_used_bytes")
        head.append(f"\nshared memory  {used / 2**20:,.1f} of {size / 2**20:,.0f} MiB used")
    if note:
        head.append(f"\n{note}", style="yellow")
    parts = [head, _processes(now, before), _modules(now, before)]
    changes = _changes(now)
    if changes:
        parts.append(changes)
    if hists:
        parts.append(_histograms(hists))
    return Group(*parts, Text("q quits"))


CHANGES_SHOWN = 5
"""The farm's changes ``evflow top`` shows, the last ones."""


def _changes(now: Scrape) -> Text | None:
    """The farm's last changes during the run, one line each, the latest last."""
    found = sorted(now.get("evflow_farm_change_time_seconds").items(), key=lambda kv: kv[1])
    if not found:
        return None
    text = Text("changes", style="bold")
    for key, at in found[-CHANGES_SHOWN:]:
        c = dict(key)
        what = c["what"]
        if what == "scale":
            said = f"scale {c['device']} on {c['host']}: {c['before']} -> {c['after']} replicas"
        elif what in ("joined", "retired"):
            said = f"{c['process']} {what}"
        else:
            said = f"{what} {c['host']}"
        text.append(f"\n{time.strftime('%H:%M:%S', time.localtime(at))}  {said}")
    return text


def _processes(now: Scrape, before: Scrape | None) -> Table:
    table = Table(title="processes", title_justify="left", expand=False)
    rows = sorted(now.get("evflow_process_up").items(), key=lambda kv: _order(dict(kv[0])))
    # A topology's processes are on its hosts (a job of process() is on one).
    hosts = any("device" in dict(key) for key, _ in rows)
    columns = ("process", "host", "role") if hosts else ("process", "role")
    for column in (*columns, "pid", "state", "events/s", "queue", "CPU %", "RSS MiB"):
        _column(table, column, left=column in columns)
    _column(table, "restarts")
    for key, up in rows:
        labels = dict(key)
        name, pid = labels["process"], labels["pid"]
        # By name and pid: pids of processes on different hosts may be the same.
        cpu = _rate(now, before, "evflow_process_cpu_seconds_total", process=name, pid=pid)
        rss = now.one("evflow_process_resident_memory_bytes", default=None, process=name, pid=pid)
        worker = labels.get("worker")
        queue = (
            now.one("evflow_worker_queue_depth", default=None, worker=worker) if worker else None
        )
        restarts = now.one("evflow_worker_restarts_total", worker=worker) if worker else None
        # Events through the process: read (input, main), processed (worker), written (output).
        if worker:
            rate = _rate(now, before, "evflow_worker_events_total", worker=worker)
        else:
            outcome = "written" if labels["role"] == "output" else "read"
            rate = _rate(now, before, "evflow_events_total", outcome=outcome)
        table.add_row(
            name,
            *([labels["host"]] if hosts else []),
            labels["role"],
            pid,
            "up" if up else "dead",
            _fmt_rate(rate) if up else "-",
            "-" if queue is None else f"{queue:.0f}",
            "-" if cpu is None or not up else f"{100 * cpu:.0f}",
            "-" if rss is None or not up else f"{rss / 2**20:,.0f}",
            "-" if restarts is None else f"{restarts:.0f}",
        )
    return table


def _histograms(shown: dict) -> Table:
    table = Table(title="mergeable objects (all processes)", title_justify="left")
    for column in ("object", "kind", "bins", "entries"):
        _column(table, column, left=column in ("object", "kind"))
    for key, h in shown.items():
        values = h["values"]
        bins = "x".join(str(len(a["edges"]) - 1) for a in h.get("axes", [])) or str(len(values))
        entries = h.get("entries", float(sum(_flat(values))))
        table.add_row(key, h["type"], bins, f"{entries:,.0f}")
    return table


def _flat(values):
    for v in values:
        if isinstance(v, list):
            yield from _flat(v)
        else:
            yield v


def _column(table: Table, name: str, left: bool = False) -> None:
    # Never shortened to "proc…": a narrow terminal crops the table's right side instead.
    table.add_column(name, justify="left" if left else "right", no_wrap=True, min_width=len(name))


def _order(labels):
    role = {"main": 0, "input": 1, "worker": 2, "output": 3}.get(labels["role"], 4)
    return role, labels["process"], labels["pid"]


def _modules(now: Scrape, before: Scrape | None) -> Table:
    table = Table(title="modules", title_justify="left", expand=False)
    for column in ("module", "calls", "calls/s", "time share", "us/call"):
        _column(table, column, left=column == "module")
    calls, seconds, earlier = {}, {}, {}
    for key, value in now.get("evflow_module_calls_total").items():
        calls[dict(key)["module"]] = calls.get(dict(key)["module"], 0.0) + value
    for key, value in now.get("evflow_module_seconds_total").items():
        seconds[dict(key)["module"]] = seconds.get(dict(key)["module"], 0.0) + value
    if before is not None:
        for key, value in before.get("evflow_module_calls_total").items():
            earlier[dict(key)["module"]] = earlier.get(dict(key)["module"], 0.0) + value
    total = sum(seconds.values()) or 1.0
    # In path order: the input's modules, the workers', the output's.
    roles = {"main": 0, "input": 1, "worker": 2, "output": 3}
    where = {}
    for key in now.get("evflow_module_calls_total"):
        labels = dict(key)
        process = labels["process"]
        role = "worker" if "worker" in process else process.rsplit("-", 1)[-1]
        where.setdefault(labels["module"], roles.get(role, 1))
    for module, n in sorted(calls.items(), key=lambda kv: where.get(kv[0], 4)):
        rate = (n - earlier.get(module, 0.0)) / (now.at - before.at) if before else None
        mean = 1e6 * seconds.get(module, 0.0) / n if n else 0.0
        share = seconds.get(module, 0.0) / total
        table.add_row(module, f"{n:,.0f}", _fmt_rate(rate), f"{share:.0%}", f"{mean:,.1f}")
    return table


def _key_pressed(timeout: float) -> str | None:
    ready, _, _ = select.select([sys.stdin], [], [], timeout)
    return sys.stdin.read(1) if ready else None


def run(endpoint: str, *, interval: float, once: bool) -> int:
    """Shows the job at ``endpoint`` every ``interval`` seconds until ``q`` (``once``: one
    frame, printed, for scripts); returns the exit code."""
    url = endpoint_url(endpoint)
    # Piped (--once into a file), rich would assume 80 columns: the tables need more.
    console = Console() if sys.stdout.isatty() else Console(width=120)
    if once:
        try:
            first = scrape(url)
        except OSError as e:
            print(f"evflow: error: no metrics at {url}: {e}", file=sys.stderr)
            return 1
        time.sleep(min(interval, 1.0))
        try:
            console.print(render(url, scrape(url), first, hists=histograms(url)))
        except OSError:  # the job ended meanwhile: its last view, without rates
            console.print(render(url, first, None, "the job ended after this view"))
        return 0
    interactive = sys.stdin.isatty()
    saved = termios.tcgetattr(sys.stdin) if interactive else None
    before = now = hists = None
    try:
        if interactive:
            tty.setcbreak(sys.stdin.fileno())
        with Live(
            render(url, None, None), console=console, auto_refresh=False, screen=True
        ) as live:
            while True:
                note = ""
                try:
                    before, now = now, scrape(url)
                    hists = histograms(url)
                except (OSError, urllib.error.URLError) as e:
                    note = f"no answer from the job ({getattr(e, 'reason', e)}); last view shown"
                live.update(render(url, now, before, note, hists), refresh=True)
                key = _key_pressed(interval) if interactive else time.sleep(interval)
                if key in ("q", "Q"):
                    return 0
    except KeyboardInterrupt:
        return 0
    finally:
        if saved is not None:
            termios.tcsetattr(sys.stdin, termios.TCSADRAIN, saved)
