"""The hall screen in a real browser (issue 26): published with ``--refresh 5`` and left open, it
reloads itself (a meta refresh, no script) and shows a result entered with ``arbiter result`` and
published, without anyone touching the browser."""

from __future__ import annotations

import functools
import shutil
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import _Quiet
from conftest import ROOT
from in_process import arbiter_output

pytestmark = pytest.mark.browser

#: The result cell of board 3 in the hall's pairings (board, White, Pts, Result, Pts, Black).
_BOARD_3 = """return Array.from(document.querySelectorAll('table.hall-pairings tbody tr'))
                    .filter(row => row.cells[0].textContent === '3')
                    .map(row => row.cells[3].textContent)[0];"""


def test_the_hall_screen_reloads_by_itself_and_shows_a_result_entered_by_the_command_line(
        browser: Any, tmp_path: Path) -> None:
    folder = Path(shutil.copytree(ROOT / "sample_events" / "rr10-in-progress", tmp_path / "event"))
    out = tmp_path / "site"
    arbiter_output(folder, "publish", str(out), "--refresh", "5")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/hall.html")
        assert browser.execute_script(_BOARD_3) == ""
        browser.execute_script("window.notReloaded = true;")  # gone once the page has reloaded itself
        # A plain web server's Last-Modified counts whole seconds: a page rewritten within the second the
        # browser fetched it would be "304 Not Modified" to the reload. A venue's result comes later.
        time.sleep(1.1)
        arbiter_output(folder, "result", "5", "3", "1/2-1/2")
        arbiter_output(folder, "publish", str(out), "--refresh", "5")
        saved = time.monotonic()
        while time.monotonic() - saved < 20 and browser.execute_script(_BOARD_3) != "½-½":
            time.sleep(0.25)
        assert browser.execute_script(_BOARD_3) == "½-½"
        assert browser.execute_script("return window.notReloaded === undefined;")
        assert time.monotonic() - saved <= 5 + 3  # within one refresh interval (and a moment to load)
    finally:
        server.shutdown()
        server.server_close()
