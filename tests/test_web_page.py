"""The web page in a real headless browser (docs/web.md): Debian's chromium driven through
its chromedriver (``make test-packages`` installs both), reaching nothing but the page's
own server on loopback. The page is read and clicked through its stable hooks only
(``data-process``, ``data-state``, ``name="run"``, ``data-action``)."""

import os
import time

import pytest
import test_web
from test_runs import events, status, status_when
from test_web import ready

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


def rows(driver) -> dict:
    """The page's process rows: {name: state}, read in one go (the page redraws its table
    with every view, so rows found one call earlier may be gone)."""
    found = driver.execute_script(
        "return [...document.querySelectorAll('tr[data-process]')]"
        ".map((r) => [r.dataset.process, r.dataset.state]);"
    )
    return dict(found)


def wait(what, check):
    deadline = time.monotonic() + PAGE_WAIT_S
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.2)
    raise AssertionError(f"the page never showed {what}")


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


def test_a_run_started_and_stopped_from_the_page(held, browser):
    topo, up = held
    ready(topo)
    page = browser()
    page.get(up.url)
    wait("the processes", lambda: rows(page))
    page.find_element("css selector", 'input[name="run"]').send_keys("9")
    page.find_element("css selector", '[data-action="start"]').click()
    status_when(topo, lambda s: s["run"]["number"] == 9 and s["run"]["state"] == "running")
    wait("running processes", lambda: set(rows(page).values()) == {"running"})
    page.find_element("css selector", '[data-action="stop"]').click()
    status_when(topo, lambda s: s["run"]["state"] == "stopped" and s["run"].get("closed", 0) >= 1)
    written = events(topo.parent / "out" / "run-9.evf")
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
