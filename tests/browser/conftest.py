"""A real headless Chromium (Debian's ``chromium`` and ``chromedriver``, driven by Selenium) and
the sites it opens, for the browser tests of issue 19.

``scripts/install-browser`` installs the browser; the README's test command and ``.ci/run`` run it.
A missing browser fails these tests loudly, never skips them (``-m "not browser"`` leaves them out
on purpose).

Each site is served two ways: "published", the pages written to a folder and served by a plain
static web server (what a web host does with ``arbiter publish``'s folder), and "serve", by
``arbiter serve`` in a process of its own.

The site under test is ``arbiter publish``'s (``site_pages``), on every sample event and on an
event whose player is named ``<script>alert(1)</script>``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from arbiter_cli.events.registry import site_pages
from in_process import arbiter_output
from web import served

#: The site under test: folder -> {relative path: bytes}.
SITE_PAGES: Callable[[Path], Mapping[str, bytes]] = site_pages

#: The folders whose sites are opened: sample events, and "escaped-names", made by escaped_event()
#: (a player named <script>alert(1)</script>): every folder of sample_events/ besides.
EVENTS = [*sorted(p.name for p in (ROOT / "sample_events").iterdir() if p.is_dir()), "escaped-names"]
#: How a site is served.
MODES = ["published", "serve"]
#: Each (event, mode) a site is opened for; a test that concerns only some pages takes the subset of
#: these (the same objects, so that the module's site is reused: ``indirect`` parametrization).
SITES = [(event, mode) for event in EVENTS for mode in MODES]
#: The events whose site has a standings page and player cards: every one but a club's (a club site
#: has its members' pages and rating lists instead).
WITH_STANDINGS = [event for event in EVENTS if not (ROOT / "sample_events" / event / "club.toml").is_file()]
#: The individual events (a Swiss or a round robin: their rounds' pages hold ``table.pairings``).
INDIVIDUAL = [event for event in EVENTS if event == "escaped-names" or (
    (ROOT / "sample_events" / event / "tournament.toml").is_file()
    and not any((ROOT / "sample_events" / event / marker).exists() for marker in ("bracket.csv", "teams.csv", "stages")))]
#: The events whose site has a bracket: the knockouts (their folder has a bracket.csv).
WITH_BRACKET = [event for event in EVENTS if (ROOT / "sample_events" / event / "bracket.csv").is_file()]


def site_id(param: tuple[str, str]) -> str:
    return f"{param[0]}-{param[1]}"


def _param(site: tuple[str, str]) -> Any:
    """A site as a parameter of ``site``, its tests one group for pytest-xdist (``--dist loadgroup``,
    pyproject.toml): they run in one worker, which serves the site once and opens each page once
    (the walks of test_site_in_browser.py and test_phone_fit.py are kept for the module's tests)."""
    return pytest.param(site, id=site_id(site), marks=pytest.mark.xdist_group(site_id(site)))


def sites_of(events: list[str]) -> list[Any]:
    """The parameters of ``site`` for these events only, each way they are served."""
    return [_param(site) for site in SITES if site[0] in events]


def published(events: list[str]) -> list[Any]:
    """The parameters of ``site`` for these events, published: a test of what pages show, which
    ``arbiter serve`` shows byte for byte the same (tests/web/test_serve.py)."""
    return [_param(site) for site in SITES if site[0] in events and site[1] == "published"]


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: The widths of the standings screenshots: a phone and a desktop.
PHONE, DESKTOP = 390, 1280

ESCAPED_NAME = "<script>alert(1)</script>"


def escaped_event(folder: Path) -> Path:
    """A round robin whose names and clubs are markup: what a site must show as text."""
    arbiter_output(folder.parent, "new", str(folder), "--name", "<b>Open</b> & <i>Co</i>", "--system", "round-robin",
                   "--seed", "1", "--initial-colour", "white")
    for name, rating, extra in [(ESCAPED_NAME, "2000", ["--club", "<img src=x onerror=alert(2)>"]),
                                ('O\'Brien, "Pat"', "1900", []), ("Ünal, Zoë & Co", "1800", []),
                                ("Smith, Ann", "1700", [])]:
        arbiter_output(folder, "player", "add", name, "--rating", rating, *extra)
    arbiter_output(folder, "pair")
    arbiter_output(folder, "result", "1", "1", "1-0")
    arbiter_output(folder, "result", "1", "2", "1/2")
    return folder


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium through chromedriver, both Debian's: Selenium Manager downloads nothing."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    if missing:
        pytest.fail(f"the browser tests need {' and '.join(missing)}: run scripts/install-browser "
                    "(apt packages chromium and chromium-driver)", pytrace=False)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
                 f"--window-size={DESKTOP},900"):
        options.add_argument(flag)
    options.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays open for the test to see
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@dataclass
class Site:
    """A site being served: its address, its pages, and the event folder it shows."""

    event: str
    mode: str
    url: str
    pages: Mapping[str, bytes]
    folder: Path


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


def _folder(event: str, where: Path) -> Path:
    if event == "escaped-names":
        return escaped_event(where / event)
    return Path(shutil.copytree(ROOT / "sample_events" / event, where / event))


@contextlib.contextmanager
def _serving(event: str, mode: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """An event's site, published and served by a plain web server, or under ``arbiter serve``."""
    folder = _folder(event, tmp_path_factory.mktemp("event"))
    pages = SITE_PAGES(folder)
    if mode == "serve":
        running = served.start(folder)
        yield Site(event, mode, running.url, pages, folder)
        code, said = running.stop()
        assert code == 130 and "Traceback" not in said, said
        return
    out = tmp_path_factory.mktemp("published")
    for name, body in pages.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(body)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(event, mode, f"http://127.0.0.1:{server.server_address[1]}/", pages, folder)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module", params=sites_of(EVENTS))
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Each event's site, each way it is served."""
    with _serving(*request.param, tmp_path_factory) as serving:
        yield serving


@pytest.fixture(scope="module", params=MODES)
def escaped_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site of the event whose names are markup (escaped_event), each way it is served."""
    with _serving("escaped-names", request.param, tmp_path_factory) as serving:
        yield serving


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: ARBITER_SCREENSHOTS (docs/screenshots to refresh the README's), else a
    temporary folder."""
    where = os.environ.get("ARBITER_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
