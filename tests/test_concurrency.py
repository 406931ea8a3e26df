"""Concurrent commands from separate processes are serialised by the folder lock."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import PLAYERS


def run(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter_cli", *map(str, args)], capture_output=True,
                          text=True, env=env, check=False)


def spawn(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "arbiter_cli", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_parallel_result_commands_are_all_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    assert run("new", folder, "--name", "Race", "--system", "round-robin", "--seed", "1").returncode == 0
    source = "name,rating\n" + "".join(f"\"{name}\",{rating}\n" for name, rating, _ in PLAYERS)
    (tmp_path / "players.csv").write_text(source)
    assert run("-d", folder, "player", "import", tmp_path / "players.csv").returncode == 0
    assert run("-d", folder, "pair").returncode == 0

    # Eight shells each enter one board of round 1 at the same moment.
    processes = [spawn("-d", folder, "result", "1", board, "1-0" if board % 2 else "0-1")
                 for board in range(1, 9)]
    outcomes = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in processes]
    assert all(code == 0 for code, _ in outcomes), outcomes

    pairing = json.loads(run("-d", folder, "pairings", "1", "--format", "json").stdout)
    assert [b["result"] for b in pairing] == ["1-0" if b % 2 else "0-1" for b in range(1, 9)]
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    assert sorted(row["change"] for row in journal if row["change"].startswith("round 1 board")) == \
        sorted(f"round 1 board {b} result" for b in range(1, 9))
    assert not [p for p in folder.rglob(".*tmp*")]


def test_two_shells_racing_on_the_same_board_record_exactly_one(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    run("new", folder, "--name", "Race", "--system", "round-robin", "--seed", "1")
    for name, rating, _ in PLAYERS[:4]:
        run("-d", folder, "player", "add", name, "--rating", rating)
    run("-d", folder, "pair")
    first, second = spawn("-d", folder, "result", "1", "1", "1-0"), spawn("-d", folder, "result", "1", "1", "0-1")
    codes = sorted([first.wait(timeout=60), second.wait(timeout=60)])
    assert codes == [0, 4]  # one wins; the other sees the result and refuses without --correct
    rows = (folder / "rounds" / "01.csv").read_text().splitlines()
    assert rows[1] in ("1,1,4,1-0", "1,1,4,0-1")


def test_the_command_runs_as_a_module_and_as_a_script(tmp_path: Path) -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("arbiter ")
    env = dict(os.environ, NO_COLOR="1")
    piped = run("--help", env=env)
    assert "\x1b[" not in piped.stdout


def test_no_colour_codes_when_piped(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    result = run("-d", Path(__file__).resolve().parents[1] / "sample_events" / "rr10-finished", "standings",
                 env=env)
    assert result.returncode == 0 and "Rank" in result.stdout
    assert "\x1b[" not in result.stdout and "\x1b[" not in result.stderr
