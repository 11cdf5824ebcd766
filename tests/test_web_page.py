"""The web page in a real headless browser (docs/web.md): Debian's chromium driven through
its chromedriver (``make test-packages`` installs both), reaching nothing but the page's
own server on loopback. The page is read and clicked through its stable hooks only
(``data-process``, ``data-state``, ``data-pid``, ``name="run"``, ``data-action``,
``data-histogram``, ``data-entries``)."""

import os
import signal
import time

import pytest
import test_web
from test_runs import events, status, status_when
from test_web import RECO, holding, ready

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PAGE_WAIT_S = 30

held = test_web.held
"""The standard farm held with its page (tests/test_web.py)."""

pytestmark = pytest.mark.skipif(
    not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)),
    reason="Debian's chromium and chromium-driver are not installed (make test-packages, as root)",
)


@pytest.fixture
def browser(tmp_path):
    """Opens a fresh headless chromium (its own profile: no token from another test);
    ``browser()`` gives one more."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opened = []

    def open_one():
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--window-size=1400,1100",
            # Nothing but loopback resolves: the page must need nothing from elsewhere.
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            f"--user-data-dir={tmp_path / f'chromium-{len(opened)}'}",
        ):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()


def rows(driver, table="processes", pids=False) -> dict:
    """The process rows of the page's ``table`` (``processes``, the living; ``ended``, those
    that died): {name: state}, or {(name, pid): state}; read in one go (the page redraws its
    tables with every view, so rows found one call earlier may be gone)."""
    found = driver.execute_script(
        f"return [...document.querySelectorAll('#{table} tr[data-process]')]"
        ".map((r) => [r.dataset.process, Number(r.dataset.pid), r.dataset.state]);"
    )
    if pids:
        return {(name, pid): state for name, pid, state in found}
    return {name: state for name, _, state in found}


def wait(what, check, seen=None):
    """What ``check`` gives once it is true; ``seen()`` says what there was instead."""
    deadline = time.monotonic() + PAGE_WAIT_S
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.2)
    raise AssertionError(f"the page never showed {what}" + (f": {seen()}" if seen else ""))


def refused(page, action) -> bool:
    """Whether the page says the server refused ``action`` with 403."""
    answer = page.find_element("id", "answer")
    return answer.text.startswith(f"{action}:") and answer.get_attribute("data-status") == "403"


def test_the_page_lists_every_process_with_its_state(held, browser):
    topo, up = held
    wanted = {d["name"]: d["state"] for d in ready(topo)["devices"]}
    page = browser()
    page.get(up.url)
    wait(f"the processes {wanted}", lambda: rows(page) == wanted)
    assert "token" not in page.current_url  # taken out of the address bar
    assert not [
        e
        for e in page.get_log("browser")
        if e["level"] == "SEVERE" and "favicon" not in e["message"]
    ]


def run_from_page(held, browser, number) -> tuple:
    """Starts run ``number`` from the page of the held topology and, once every process
    runs, stops it there: (the page, the run's events as the sink wrote them)."""
    topo, up = held
    ready(topo)
    page = browser()
    page.get(up.url)
    wait("the processes", lambda: rows(page))
    page.find_element("css selector", 'input[name="run"]').send_keys(str(number))
    page.find_element("css selector", '[data-action="start"]').click()
    status_when(topo, lambda s: s["run"]["number"] == number and s["run"]["state"] == "running")
    wait("running processes", lambda: set(rows(page).values()) == {"running"})
    page.find_element("css selector", '[data-action="stop"]').click()
    status_when(topo, lambda s: s["run"]["state"] == "stopped" and s["run"].get("closed", 0) >= 1)
    return page, events(topo.parent / "out" / f"run-{number}.evf")


def test_a_run_started_and_stopped_from_the_page(held, browser):
    _, written = run_from_page(held, browser, 9)
    assert written and {e.run for e in written} == {9}


def test_clicks_without_the_token_change_nothing(held, browser):
    topo, up = held
    ready(topo)
    page = browser()
    page.get(up.base + "/")  # the URL without its token, in a browser that never had it
    wait("the processes", lambda: rows(page))
    page.find_element("css selector", 'input[name="run"]').send_keys("4")
    for action in ("start", "stop"):
        page.find_element("css selector", f'[data-action="{action}"]').click()
        wait(f"{action} refused", lambda a=action: refused(page, a))
    now = status(topo)
    assert now["run"]["number"] is None and all(d["state"] == "configured" for d in now["devices"])
    assert "refused: no valid token (403)" in "".join(up.lines)


def test_a_replica_killed_turns_dead_and_its_replacement_appears(held, browser):
    topo, up = held
    devices = ready(topo)["devices"]
    page = browser()
    page.get(up.url)
    wait("the processes", lambda: rows(page) == {d["name"]: d["state"] for d in devices})
    victim = next(d for d in devices if d["device"] == "reco")
    os.kill(victim["pid"], signal.SIGKILL)
    name, pid = victim["name"], victim["pid"]
    wait(f"{name} (pid {pid}) dead", lambda: rows(page, "ended", True).get((name, pid)) == "dead")
    living = wait(
        f"{name}'s replacement",
        lambda: [
            (p, state)
            for (n, p), state in rows(page, pids=True).items()
            if n == name and p and p != pid and state == "configured"
        ],
    )
    now = {d["name"]: d for d in status(topo)["devices"]}
    assert now[name]["pid"] == living[0][0] and now[name]["restarts"] == 1
    # The controller's warning is in the page's log.
    told = f"{name} was killed by SIGKILL"
    wait(f"the warning {told!r}", lambda: told in page.find_element("id", "log").text)


def histogram(page, key):
    """(entries, whether JSROOT drew it as SVG) of the page's histogram ``key``."""
    return page.execute_script(
        "const box = document.querySelector(`[data-histogram='${arguments[0]}']`);"
        "return box ? [Number(box.dataset.entries), box.querySelector('svg') !== null] : null;",
        key,
    )


def test_histograms_are_drawn_with_every_entry(held, browser):
    page, written = run_from_page(held, browser, 11)
    written = len(written)
    wanted = [8 * written, True]  # 8 ADC values an event, over both replicas
    wait(f"Sum/adc with {wanted[0]} entries", lambda: histogram(page, "Sum/adc") == wanted)
    # JSROOT's own statistics box says the same number.
    box = page.find_element("css selector", '[data-histogram="Sum/adc"]')
    assert f"{wanted[0]}" in box.text.replace(",", "").replace(" ", ""), box.text


MARKUP = "<img src=x onerror=alert(1)>"

NAMED = RECO.replace("class Sum(ef.Module):\n", f"class Sum(ef.Module):\n    name = {MARKUP!r}\n")


def test_a_module_named_as_markup_shows_as_text(tmp_path, browser):
    assert f"name = {MARKUP!r}" in NAMED
    with holding(tmp_path, NAMED) as (topo, up):
        ready(topo)
        assert up.post("/api/start", {"run": 1}, token=up.token)[0] == 200
        page = browser()
        page.get(up.url)
        shown = wait(
            "the module's name",
            lambda: page.execute_script(
                "return [...document.querySelectorAll('tr[data-module]')]"
                ".map((r) => r.dataset.module);"
            ),
            lambda: (up.state(), "".join(up.lines)[-3000:]),
        )
        assert MARKUP in shown, up.state()
        wait("its histogram", lambda: histogram(page, f"{MARKUP}/adc"))
        cells = page.execute_script(
            "return [...document.querySelectorAll('#modules td')].map((td) => td.textContent);"
        )
        assert MARKUP in cells
        # Neither the table nor the histogram's title made an element of it, nor ran it.
        assert page.execute_script("return document.querySelectorAll('img').length;") == 0
        from selenium.common.exceptions import NoAlertPresentException

        with pytest.raises(NoAlertPresentException):
            page.switch_to.alert.text  # noqa: B018 (reading it is the check)
