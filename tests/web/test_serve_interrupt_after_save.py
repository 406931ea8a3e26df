"""Ctrl-C of ``arbiter serve --entry`` after results were saved from a phone (the new-user trial of
issue 26): it said ``arbiter: error: interrupted``, which means that nothing changed, though the
phone had been told "Saved" and the journal held the row. Then it said "interrupted after the change
was saved", as if a save had been cut short (trial of issue 29). It now says it stopped serving, and
where the results saved meanwhile are."""

from __future__ import annotations

import http.cookiejar
import json
import re
import shutil
import urllib.parse
import urllib.request
from pathlib import Path

from conftest import ROOT
from in_process import arbiter_output

from . import served


def test_ctrl_c_after_a_save_from_a_phone_says_it_stopped_and_where_the_results_were_saved(tmp_path: Path) -> None:
    folder = Path(shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", tmp_path / "event"))
    code = json.loads(arbiter_output(folder, "access", "add", "Ali Arbiter", "--role", "arbiter", "-f", "json"))["code"]
    running = served.start(folder, "--entry")
    try:
        phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        sheet = phone.open(f"{running.url}signin?code={code}", timeout=60).read().decode()
        token = re.search(r'name="csrf" value="([^"]+)"', sheet)
        assert token is not None and 'name="seen:5" value=""' in sheet
        form = urllib.parse.urlencode({"csrf": token.group(1), "seen:5": "", "chosen:5": "1-0"}).encode()
        answer = phone.open(f"{running.url}entry/5", form, timeout=60).read().decode()
        assert "Saved" in answer
    finally:
        status, said = running.stop()
    assert status == 130
    assert said.splitlines()[-1] == (f"arbiter: stopped serving (Ctrl-C); the results saved from browsers are in "
                                     f"{folder} ('arbiter log' shows them)"), said
    assert "error" not in said and "interrupted" not in said
    log = arbiter_output(folder, "log", "--round", "5", "--board", "5", "-f", "json")
    assert [row["by"] for row in json.loads(log) if row["new"] == "1-0"] == ["Ali Arbiter"]


def test_ctrl_c_of_serve_with_nothing_saved_says_it_stopped(tmp_path: Path) -> None:
    folder = Path(shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", tmp_path / "event"))
    running = served.start(folder)
    status, said = running.stop()
    assert status == 130 and "arbiter: stopped serving (Ctrl-C)" in said and "saved" not in said
    assert "error" not in said
