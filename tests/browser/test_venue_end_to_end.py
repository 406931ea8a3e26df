"""The venue end to end (issue 26), in Debian's Chromium against the real ``arbiter serve --entry``
(a process of its own, as a venue laptop runs it) on a copy of a sample event, with the people of
its access list made by ``arbiter access add``.

Two arbiters sign in at once and save conflicting results for the same board: one is saved, the
other sees both values, and nothing is lost. An arbiter cannot finalise; a manager can. A removed
person's link stops working. Each change appears in ``arbiter log`` with its ``by``. The hall
screen reloads by itself and shows a result entered on the command line; the player card shows
the current board.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from browser.test_entry_in_browser import _choose, _click, _text
from in_process import arbiter_output
from web import served

pytestmark = pytest.mark.browser

#: swiss32-in-progress: round 5 is paired, boards 5 and 9 wait for their result.
EVENT = "swiss32-in-progress"


def _add(folder: Path, name: str, role: str) -> str:
    """``arbiter access add NAME --role ROLE -f json``: the person's sign-in code."""
    return str(json.loads(arbiter_output(folder, "access", "add", name, "--role", role, "-f", "json"))["code"])


@pytest.fixture
def venue(tmp_path: Path, browser: Any) -> Iterator[tuple[Path, str, dict[str, str]]]:
    folder = tmp_path / EVENT
    shutil.copytree(ROOT / "sample_events" / EVENT, folder)
    codes = {role: _add(folder, name, role) for name, role in
             [("Ali Arbiter", "arbiter"), ("Mia Manager", "manager")]}
    codes["deputy"] = _add(folder, "Dana Deputy", "arbiter")
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
    running = served.start(folder, "--entry", "--refresh", "2")
    try:
        yield folder, running.url.rstrip("/").split(":")[-1], codes
    finally:
        code, said = running.stop()
        browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
        while len(browser.window_handles) > 1:
            browser.switch_to.window(browser.window_handles[-1])
            browser.close()
        browser.switch_to.window(browser.window_handles[0])
        assert code == 130 and "Traceback" not in said, said


def _board(folder: Path, round_number: int, board: int) -> dict[str, str]:
    rows = list(csv.DictReader(io.StringIO((folder / "rounds" / f"{round_number:02d}.csv").read_text("utf-8"))))
    return next(row for row in rows if row["board"] == str(board))


def test_two_arbiters_at_once_on_one_board_one_is_saved_the_other_sees_both_and_log_names_who(
        browser: Any, venue: tuple[Path, str, dict[str, str]]) -> None:
    folder, port, codes = venue
    first, second = f"http://127.0.0.1:{port}", f"http://localhost:{port}"
    browser.get(f"{first}/signin?code={codes['arbiter']}")
    assert browser.current_url == f"{first}/entry" and "Ali Arbiter" in _text(browser)
    ali = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(f"{second}/signin?code={codes['deputy']}")
    assert browser.current_url == f"{second}/entry" and "Dana Deputy" in _text(browser)
    dana = browser.current_window_handle
    assert _board(folder, 5, 5)["result"] == ""

    browser.switch_to.window(ali)
    _choose(browser, "5", "1-0")
    browser.switch_to.window(dana)
    _choose(browser, "5", "0-1")
    browser.switch_to.window(ali)
    _click(browser, ".save button")
    assert _board(folder, 5, 5)["result"] == "1-0"
    browser.switch_to.window(dana)
    _click(browser, ".save button")

    shown = _text(browser)
    assert "1-0" in shown and "0-1" in shown and "Nothing was saved" in shown, shown
    assert _board(folder, 5, 5)["result"] == "1-0"  # Ali's result stands; Dana's was not written over it
    log = arbiter_output(folder, "log", "--round", "5", "--board", "5", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(log)))
    assert [(row["new"], row["by"]) for row in rows if row["new"]] == [("1-0", "Ali Arbiter")], log


def test_an_arbiter_cannot_finalise_a_manager_can_be_refused_for_an_unfinished_event(
        browser: Any, venue: tuple[Path, str, dict[str, str]]) -> None:
    folder, port, codes = venue
    url = f"http://127.0.0.1:{port}"
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    browser.get(f"{url}/signin?code={codes['arbiter']}")
    assert not browser.find_elements("css selector", "a[href='/finalise']")
    browser.get(f"{url}/finalise")
    assert "Only the owner or a manager may finalise" in _text(browser)
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    browser.get(f"{url}/signin?code={codes['manager']}")
    assert browser.find_elements("css selector", "a[href='/finalise']")


def test_a_removed_persons_link_stops_working_on_the_real_access_list(
        browser: Any, venue: tuple[Path, str, dict[str, str]]) -> None:
    folder, port, codes = venue
    url = f"http://127.0.0.1:{port}"
    browser.get(f"{url}/signin?code={codes['deputy']}")
    _choose(browser, "9", "1/2-1/2")
    arbiter_output(folder, "access", "remove", "Dana Deputy")
    _click(browser, ".save button")
    assert "no longer on the access list" in _text(browser)
    assert _board(folder, 5, 9)["result"] == ""
    browser.get(f"{url}/signin?code={codes['deputy']}")
    assert browser.current_url.startswith(f"{url}/signin")


def test_the_hall_screen_reloads_and_shows_a_result_entered_on_the_command_line(
        browser: Any, venue: tuple[Path, str, dict[str, str]]) -> None:
    folder, port, _ = venue
    browser.get(f"http://127.0.0.1:{port}/hall.html")
    browser.execute_script("window.notReloaded = true;")
    row = _board(folder, 5, 9)
    assert row["result"] == ""
    arbiter_output(folder, "result", "5", "9", "0-1")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if not browser.execute_script("return window.notReloaded === true;"):
            cells = [" ".join(r.text.split()) for r in browser.find_elements("css selector", "table.hall-pairings tr")]
            if any(cell.startswith("9 ") and "0-1" in cell for cell in cells):
                break
            browser.execute_script("window.notReloaded = true;")
        time.sleep(0.25)
    else:
        raise AssertionError("the hall screen did not show board 9's 0-1 within 30 s")


def test_the_player_card_begins_with_the_current_board(browser: Any,
                                                        venue: tuple[Path, str, dict[str, str]]) -> None:
    folder, port, _ = venue
    row = _board(folder, 5, 3)
    browser.get(f"http://127.0.0.1:{port}/players/{row['white']}.html")
    assert "Round 5: board 3, White" in _text(browser)
