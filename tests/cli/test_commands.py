"""Every command: its success path and its refusals, with exit codes and messages."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Runner, snapshot


def paired(arbiter: Runner, make_event, n: int = 6) -> Path:
    folder = make_event(n, "--initial-colour", "white")
    assert arbiter("-d", folder, "pair").code == 0
    return folder


# --------------------------------------------------------------------------- new

def test_new_writes_a_valid_folder(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "club" / "spring"
    result = arbiter("new", folder, "--name", "Spring Open", "--system", "round-robin",
                     "--tiebreaks", "DE,SB,WIN,KS", "--seed", "42", "--federation", "TUR",
                     "--start-date", "2026-04-01", "--scoring", "3,1,0")
    assert result.code == 0, result.err
    assert result.out == ""
    assert {p.name for p in folder.iterdir()} >= {"tournament.toml", "players.csv", "rounds", "journal.csv"}
    text = (folder / "tournament.toml").read_text()
    assert 'tiebreaks = [\n    "DE",' in text or 'tiebreaks = ["DE"' in text
    assert "win = 3" in text and "seed = 42" in text
    assert arbiter("-d", folder, "player", "list", "-f", "json").out.strip() == "[]"


@pytest.mark.parametrize("args,message", [
    (["--system", "cup"], "unknown system 'cup'"),
    (["--system", "swiss"], "a Swiss needs the number of rounds"),
    (["--system", "round-robin", "--tiebreaks", "BH/C1,XYZ"], "unknown tie-break 'XYZ'"),
    (["--system", "round-robin", "--scoring", "1,2"], "three values"),
    (["--system", "round-robin", "--scoring", "0,1,2"], "win > draw >= loss"),
    (["--system", "round-robin", "--start-date", "2026-02-30"], "not a real date"),
    (["--system", "round-robin", "--federation", "Turkey"], "3-letter"),
    (["--system", "round-robin", "--initial-colour", "green"], "green"),
])
def test_new_refuses_bad_settings(arbiter: Runner, tmp_path: Path, args: list[str], message: str) -> None:
    result = arbiter("new", tmp_path / "x", "--name", "X", *args)
    assert result.code == 2
    assert message in result.err
    assert result.err.startswith("arbiter: error: ") and result.err.count("\n") == 1
    assert not (tmp_path / "x").exists()


def test_new_refuses_an_existing_folder(arbiter: Runner, make_event) -> None:
    folder = make_event(2)
    before = snapshot(folder)
    result = arbiter("new", folder, "--name", "Again", "--system", "round-robin")
    assert result.code == 4 and "already exists" in result.err
    assert snapshot(folder) == before


# --------------------------------------------------------------------------- players

def test_start_numbers_follow_rating_then_title_then_name(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "e"
    arbiter("new", folder, "--name", "E", "--system", "round-robin")
    for args in (["Zeta", "--rating", "2000"], ["Alpha", "--rating", "2000", "--title", "WCM"],
                 ["Beta", "--rating", "2000", "--title", "IM"], ["Gamma", "--rating", "2100"],
                 ["Delta"], ["Omega", "--rating", "2000", "--title", "WGM"], ["Eta", "--rating", "2000"]):
        assert arbiter("-d", folder, "player", "add", *args).code == 0
    names = [p["name"] for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)]
    assert names == ["Gamma", "Beta", "Omega", "Alpha", "Eta", "Zeta", "Delta"]


def test_player_add_keeps_every_field(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "e"
    arbiter("new", folder, "--name", "E", "--system", "round-robin")
    result = arbiter("-d", folder, "player", "add", "Polgar, Judit", "--rating", "2675", "--title", "gm",
                     "--fide-id", "700070", "--federation", "hun", "--sex", "w", "--birth", "1976-07-23",
                     "--club", "Budapest")
    assert result.code == 0 and "start number 1" in result.err
    [player] = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert player == {"start_number": 1, "name": "Polgar, Judit", "title": "GM", "rating": 2675,
                      "fide_id": 700070, "federation": "HUN", "sex": "w", "birth_date": "1976-07-23",
                      "club": "Budapest", "status": "active", "withdrawn_after": None}
    csv_out = arbiter("-d", folder, "player", "list", "-f", "csv").out
    assert csv_out.splitlines()[0].startswith("start_number,name,title,rating")
    table = arbiter("-d", folder, "player", "list").out
    assert "Polgar, Judit" in table


@pytest.mark.parametrize("args,field", [
    (["X", "--title", "XM"], "--title"),
    (["X", "--rating", "9000"], "--rating"),
    (["X", "--sex", "q"], "--sex"),
    (["X", "--birth", "1990-13-01"], "--birth"),
    (["X", "--federation", "12"], "--federation"),
    (["   "], "NAME"),
])
def test_player_add_refuses_bad_fields(arbiter: Runner, make_event, args: list[str], field: str) -> None:
    folder = make_event(2)
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "add", *args)
    assert result.code == 2, result.err
    assert f"field '{field}'" in result.err and result.err.count("\n") == 1
    assert snapshot(folder) == before


def test_a_refused_sex_names_every_spelling_the_program_reads(arbiter: Runner, make_event) -> None:
    """f, female and male are read too (trial37: the refusal named only 'm' or 'w')."""
    folder = make_event(2)
    result = arbiter("-d", folder, "player", "add", "X", "--sex", "q")
    assert result.err == "arbiter: error: field '--sex': give m or male, w, f or female (found 'q')\n"
    for spelling, kept in (("f", "w"), ("Female", "w"), ("male", "m")):
        done = arbiter("-d", folder, "player", "add", f"Player {spelling}", "--sex", spelling)
        assert done.code == 0, done.err
        assert f'Player {spelling},,,,,{kept},' in (folder / "players.csv").read_text(encoding="utf-8")


def test_player_add_refuses_a_duplicate_fide_id(arbiter: Runner, make_event) -> None:
    folder = make_event(0)
    arbiter("-d", folder, "player", "add", "A", "--fide-id", "123")
    result = arbiter("-d", folder, "player", "add", "B", "--fide-id", "123")
    assert result.code == 4 and "FIDE ID 123 is already registered" in result.err


def test_no_player_joins_a_round_robin_once_it_is_paired(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "add", "Late, Larry")
    assert result.code == 4 and "after round 1" in result.err
    assert snapshot(folder) == before


def test_player_import_from_a_file_and_from_stdin(arbiter: Runner, make_event, tmp_path: Path) -> None:
    folder = make_event(0)
    source = tmp_path / "players.csv"
    source.write_text("name,rating,title,federation\n\"Ding, Liren\",2780,GM,CHN\nNobody,,,\n",
                      encoding="utf-8")
    assert arbiter("-d", folder, "player", "import", source).code == 0
    result = arbiter("-d", folder, "player", "import", "-", stdin="Name,Rating\nCaruana,2800\n")
    assert result.code == 0, result.err
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert [(p["start_number"], p["name"]) for p in players] == [(1, "Caruana"), (2, "Ding, Liren"), (3, "Nobody")]


@pytest.mark.parametrize("text,message", [
    ("name,elo\nA,2000\n", "line 1, field 'elo': unknown column"),
    ("rating\n2000\n", "line 1: the column 'name' (or 'fide_id' or 'national_id') is required"),
    ("name,rating\nA,2000\nB,lots\n", "line 3, field 'rating'"),
    ("name,rating\nA,2000,7\n", "line 2: expected 2 fields, found 3"),
    ("", "the file is empty"),
    ("name\n", "no players in the file"),
])
def test_player_import_refuses_bad_files_whole(arbiter: Runner, make_event, text: str, message: str) -> None:
    folder = make_event(2)
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "import", "-", stdin=text)
    assert result.code == 2
    assert message in result.err and result.err.count("\n") == 1
    assert snapshot(folder) == before


def test_player_import_of_a_missing_file(arbiter: Runner, make_event, tmp_path: Path) -> None:
    folder = make_event(2)
    result = arbiter("-d", folder, "player", "import", tmp_path / "nope.csv")
    assert result.code == 2 and "nope.csv: no such file" in result.err


def test_player_withdraw(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    assert arbiter("-d", folder, "player", "withdraw", "2").code == 0
    again = arbiter("-d", folder, "player", "withdraw", "2")
    assert again.code == 4 and "already withdrew after round 1" in again.err
    assert arbiter("-d", folder, "player", "withdraw", "9").code == 2
    bad = arbiter("-d", folder, "player", "withdraw", "3", "--after-round", "5")
    assert bad.code == 2 and "--after-round" in bad.err
    journal = (folder / "journal.csv").read_text()
    assert "player 2 (Aronian, Levon) status\",active,withdrawn after round 1" in journal


# --------------------------------------------------------------------------- pair and pairings

def test_pair_refuses_while_results_are_missing_and_names_the_boards(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 6)
    arbiter("-d", folder, "result", "1", "2", "1-0")
    before = snapshot(folder)
    result = arbiter("-d", folder, "pair")
    assert result.code == 4
    assert result.err == "arbiter: error: round 1 still has no result on boards 1, 3\n"
    assert snapshot(folder) == before


def test_pair_needs_two_players(arbiter: Runner, make_event) -> None:
    folder = make_event(1)
    result = arbiter("-d", folder, "pair")
    assert result.code == 4 and "at least 2 players" in result.err


def test_pair_checks_the_announced_number_of_rounds(arbiter: Runner, make_event) -> None:
    folder = make_event(6, "--rounds", "7")
    result = arbiter("-d", folder, "pair")
    assert result.code == 4 and "has 5 rounds" in result.err


def test_pairings_formats(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    table = arbiter("-d", folder, "pairings")
    assert table.code == 0 and "round 1" in table.out and "\x1b[" not in table.out
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "pairings", "1", "-f", "csv").out)))
    assert [(r["board"], r["white"], r["black"], r["result"]) for r in rows] == [("1", "1", "4", ""), ("2", "2", "3", "")]
    data = json.loads(arbiter("-d", folder, "pairings", "-f", "json").out)
    assert set(data[0]) == {"board", "white", "black", "result", "white_name", "black_name"}
    assert arbiter("-d", folder, "pairings", "2").code == 2


def test_pairings_before_any_round(arbiter: Runner, make_event) -> None:
    folder = make_event(4)
    result = arbiter("-d", folder, "pairings")
    assert result.code == 4 and "no round has been paired yet" in result.err


# --------------------------------------------------------------------------- result

def test_result_entry_correction_and_clearing(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    assert arbiter("-d", folder, "result", "1", "1", "1-0").code == 0
    same = arbiter("-d", folder, "result", "1", "1", "1-0")
    assert same.code == 0 and "nothing changed" in same.err
    before = snapshot(folder)
    refused = arbiter("-d", folder, "result", "1", "1", "0-1")
    assert refused.code == 4
    assert "board 1 has 1-0, not 0-1" in refused.err and "--correct" in refused.err
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "result", "1", "1", "0-1", "--correct").code == 0
    assert arbiter("-d", folder, "result", "1", "1", "none").code == 4
    assert arbiter("-d", folder, "result", "1", "1", "none", "--correct").code == 0
    data = json.loads(arbiter("-d", folder, "pairings", "-f", "json").out)
    assert data[0]["result"] is None
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    corrections = [row for row in journal if "correction" in row["change"]]
    assert [(r["old"], r["new"]) for r in corrections] == [("1-0", "0-1"), ("0-1", "")]
    assert corrections[0]["command"] == "arbiter -d %s result 1 1 0-1 --correct" % folder


@pytest.mark.parametrize("code,stored", [
    ("1-0", "1-0"), ("0-1", "0-1"), ("½-½", "1/2-1/2"), ("1/2-1/2", "1/2-1/2"), ("=", "1/2-1/2"),
    ("+/-", "+/-"), ("-/+", "-/+"), ("-/-", "-/-"), ("0-0", "0-0"),
])
def test_every_result_code(arbiter: Runner, make_event, code: str, stored: str) -> None:
    folder = paired(arbiter, make_event, 2)
    forfeit = "+" in code or code == "-/-"
    # A forfeit loss is a no-show: by default the event's rule withdraws the player, after --confirm.
    assert arbiter("-d", folder, "result", "1", "1", code, *(["--confirm"] if forfeit else [])).code == 0
    assert (folder / "rounds" / "01.csv").read_text().splitlines()[1] == f"1,1,2,{stored}"


@pytest.mark.parametrize("args,code,message", [
    (["1", "1", "2-0"], 2, "unknown result '2-0'"),
    (["1", "9", "1-0"], 2, "round 1 has no board 9"),
    (["4", "1", "1-0"], 2, "there is no round 4"),
    (["1", "1"], 2, "give BOARD and RESULT"),
    (["1", "x", "1-0"], 2, "field 'BOARD': 'x' is not a board number"),
])
def test_result_refuses_bad_input(arbiter: Runner, make_event, args: list[str], code: int, message: str) -> None:
    folder = paired(arbiter, make_event, 4)
    before = snapshot(folder)
    result = arbiter("-d", folder, "result", *args)
    assert result.code == code, result.err
    assert message in result.err and result.err.count("\n") == 1
    assert snapshot(folder) == before


def test_bulk_results_are_all_or_nothing(arbiter: Runner, make_event, tmp_path: Path) -> None:
    folder = paired(arbiter, make_event, 6)
    source = tmp_path / "r1.txt"
    source.write_text("# round 1\n1 1-0\n2 =\n3 bogus\n")
    before = snapshot(folder)
    result = arbiter("-d", folder, "result", "1", "--from", source)
    assert result.code == 2 and f"{source}, line 4, field 'result'" in result.err
    assert snapshot(folder) == before
    source.write_text("1 1-0\n2 =\n1 0-1\n")
    result = arbiter("-d", folder, "result", "1", "--from", source)
    assert result.code == 2 and "board 1 is already given on line 1" in result.err
    source.write_text("1 1-0\n2 =\n3 0-1\n")
    result = arbiter("-d", folder, "result", "1", "--from", source)
    assert result.code == 0 and "all results entered" in result.err
    conflict = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 0-1\n2 =\n3 1-0\n")
    assert conflict.code == 4
    assert "board 1 has 1-0, not 0-1; board 3 has 0-1, not 1-0" in conflict.err
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0 extra\n").code == 2
    assert arbiter("-d", folder, "result", "1", "2", "=", "--from", source).code == 2


# --------------------------------------------------------------------------- standings and crosstable

def test_standings_count_only_entered_results_and_flag_partial_rounds(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    arbiter("-d", folder, "result", "1", "1", "1-0")
    result = arbiter("-d", folder, "standings", "-f", "json")
    assert result.code == 0
    assert "round 1 is not complete; no result yet on board 2" in result.err
    rows = json.loads(result.out)
    assert rows[0] == {"rank": 1, "start_number": 1, "name": rows[0]["name"], "rating": 2830, "points": 1,
                       "played": 1, "wins": 1, "draws": 0, "losses": 0, "forfeit_wins": 0,
                       "forfeit_losses": 0, "byes": 0, "tiebreaks": {"DE": None, "SB": 0, "WIN": 1, "KS": 0}}
    assert [r["rank"] for r in rows] == [1, 2, 2, 2]
    assert arbiter("-d", folder, "standings", "--after-round", "0", "-f", "csv").out.count("\n") == 5
    assert arbiter("-d", folder, "standings", "--after-round", "3").code == 2


def test_standings_table_shows_shared_ranks(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 =\n")
    table = arbiter("-d", folder, "standings").out
    assert "2-3" in table and "½" in table


def test_crosstable(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    assert arbiter("-d", folder, "result", "1", "--from", "-", "--excused", stdin="1 +/-\n2 =\n").code == 0
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "crosstable", "-f", "csv").out)))
    assert [(r["start_number"], r["1"], r["2"], r["3"], r["4"]) for r in rows] == [
        ("1", "×", "", "", "+"), ("2", "", "×", "½", ""), ("3", "", "½", "×", ""), ("4", "-", "", "", "×")]
    data = json.loads(arbiter("-d", folder, "crosstable", "-f", "json").out)
    assert data[0]["games"] == [{"round": 1, "opponent": 4, "colour": "w", "result": "+"}]
    assert "×" in arbiter("-d", folder, "crosstable").out


# --------------------------------------------------------------------------- the command line itself

def test_folder_from_the_environment(arbiter: Runner, make_event, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_event(3)
    monkeypatch.setenv("ARBITER_DIR", str(folder))
    assert len(json.loads(arbiter("player", "list", "-f", "json").out)) == 3


def test_no_tournament_folder(arbiter: Runner, tmp_path: Path) -> None:
    result = arbiter("-d", tmp_path / "nowhere", "standings")
    assert result.code == 3 and "no tournament folder" in result.err
    result = arbiter("-d", tmp_path, "standings")
    assert result.code == 3 and "tournament.toml is missing" in result.err


@pytest.mark.parametrize(("args", "near"), [(("2", "1", "--corect"), "--correct"), (("2", "--form", "-"), "--from")])
def test_a_mistyped_option_of_result_is_named_as_an_unknown_option(arbiter: Runner, sample, args: tuple[str, ...],
                                                                   near: str) -> None:
    """``result`` takes the forfeit codes (-/+) as arguments, so a mistyped option reached it as the board or
    the result ('--form' is not MATCH.BOARD): it is named as an unknown option, with the nearest one."""
    folder = sample("swiss32-in-progress")
    done = arbiter("-d", folder, "result", *args)
    assert done.code == 2 and f"no such option: {args[-1] if args[-1] != '-' else args[1]}" in done.err
    assert f"did you mean {near}?" in done.err


@pytest.mark.parametrize("args", [("5", "3", "1-0", "--corect"), ("--corect", "5", "3", "1-0"),
                                  ("5", "3", "1-0", "--correct", "--exused")])
def test_a_mistyped_option_anywhere_on_the_line_is_named_not_blamed_on_an_argument(
        arbiter: Runner, sample, args: tuple[str, ...]) -> None:
    """Trial of issue 29: after the three arguments the parser called '--corect' an extra argument, and
    before them it blamed ROUND; a global option before the command (--dir=) is not the command's."""
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    mistyped = next(word for word in args if word.startswith("--") and word != "--correct")
    done = arbiter(f"--dir={folder}", "result", *args)
    assert done.code == 2 and done.err.count("\n") == 1
    assert f"no such option: {mistyped}" in done.err and "ROUND" not in done.err
    assert snapshot(folder) == before


@pytest.mark.parametrize("option", ["--from", "--pgn"])
def test_result_from_given_twice_is_refused_not_half_entered(arbiter: Runner, sample, tmp_path: Path,
                                                             option: str) -> None:
    """Note of issue 28: 'result --from a --from b' entered only b (the parser keeps the last)."""
    folder = sample("swiss32-in-progress")
    (tmp_path / "a.txt").write_text("2 1-0\n")
    (tmp_path / "b.txt").write_text("5 0-1\n")
    before = snapshot(folder)
    done = arbiter("-d", folder, "result", "5", option, tmp_path / "a.txt", option, tmp_path / "b.txt")
    assert done.code == 2 and done.err.count("\n") == 1 and f"{option} is given 2 times" in done.err
    assert snapshot(folder) == before


def test_a_file_named_without_o_says_to_give_o(arbiter: Runner, sample, tmp_path: Path) -> None:
    """Trial of issue 29: 'arbiter export out.trf' said only "unexpected extra argument"."""
    folder = sample("swiss32-in-progress")
    done = arbiter("-d", folder, "export", str(tmp_path / "out.trf"))
    assert done.code == 2 and done.err.count("\n") == 1
    assert f"-o {tmp_path / 'out.trf'}" in done.err and not (tmp_path / "out.trf").exists()
    done = arbiter("-d", folder, "export", "-o", str(tmp_path / "out.trf"), "extra")
    assert done.code == 2 and "-o extra" not in done.err and not (tmp_path / "out.trf").exists()


def test_usage_errors_are_one_line(arbiter: Runner) -> None:
    result = arbiter("frobnicate")
    assert result.code == 2 and result.err.count("\n") == 1 and "No such command" in result.err
    result = arbiter("standings", "--format", "xml")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "'xml' is not one of 'table', 'csv', 'json'" in result.err and "Value error" not in result.err


def test_version_and_help(arbiter: Runner) -> None:
    assert arbiter("--version").out.startswith("arbiter ")
    helped = arbiter("--help")
    assert helped.code == 0 and "pair" in helped.out


def test_version_is_answered_before_the_command_line_loads() -> None:
    """``arbiter --version`` (issue 29: at most 0.15 s) prints what Typer's option prints, without
    importing Typer, Rich or pydantic: the ``arbiter`` script answers it first."""
    import subprocess
    import sys

    from arbiter_cli import __version__

    script = Path(__file__).resolve().parents[2] / "bin" / "arbiter"
    done = subprocess.run([sys.executable, "-X", "importtime", str(script), "--version"], capture_output=True,
                          text=True, check=True)
    assert done.stdout == f"arbiter {__version__}\n"
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
    assert not imported & {"typer", "rich", "pydantic", "click"}, imported & {"typer", "rich", "pydantic", "click"}


#: Runs the command as ``arbiter`` does and writes the names of the modules it loaded to the file named first.
_LOADED = ("import os, sys\n"
           "out, sys.argv = sys.argv[1], ['arbiter', *sys.argv[2:]]\n"
           "leave = os._exit\n"
           "def _exit(code):\n"
           "    with open(out, 'w') as f: f.write('\\n'.join(sorted(sys.modules)))\n"
           "    leave(code)\n"
           "os._exit = _exit\n"
           "from arbiter_cli.__main__ import run\n"
           "run()\n")


def _imported(args: list[str], folder: Path, out: Path) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """``arbiter ARGS`` run in ``folder`` as a new process, and the modules it had loaded when it left
    (their names written to ``out``)."""
    done = subprocess.run([sys.executable, "-c", _LOADED, str(out), *args], capture_output=True, text=True,
                          cwd=folder, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"})
    return done, set(out.read_text().split())


def test_a_command_on_a_swiss_loads_neither_the_server_nor_the_other_kinds_nor_the_pairing_engine(
        sample, tmp_path: Path) -> None:
    """Issue 29 (start-up): ``arbiter standings`` on a Swiss imports its own kind of event only, not
    the web server and its templates (``arbiter serve``'s), the team, knockout, group or club code,
    ``arbiter new``'s plans, the venue's sign-in (``verify``'s), the Dutch engine (``pair``'s) nor the
    other commands' modules."""
    done, imported = _imported(["standings"], sample("swiss32-in-progress"), tmp_path / "modules.txt")
    assert done.returncode == 0, done.stderr[-500:]
    assert {"arbiter_cli.cli.reports", "arbiter_cli.events.individual", "arbiter_cli.lifecycle.standings"} <= imported
    unwanted = {"arbiter_cli.cli.serve", "arbiter_cli.cli.teams", "arbiter_cli.cli.trf", "arbiter_cli.cli.rounds",
                "jinja2", "http.server", "arbiter_cli.web", "arbiter_cli.events.team", "arbiter_cli.events.knockout",
                "arbiter_cli.events.groups", "arbiter_cli.events.club", "arbiter_cli.core.team_tournament",
                "arbiter_cli.lifecycle.new_event", "arbiter_cli.core.venue", "arbiter_cli.pairing.dutch"}
    assert not imported & unwanted, imported & unwanted
    assert not {name for name in imported if name.startswith(("arbiter_cli.web.", "arbiter_cli.pairing.dutch."))}


def test_help_loads_no_model_nor_any_event(tmp_path: Path) -> None:
    """Issue 29 (start-up): ``arbiter --help`` lists the commands without pydantic, the model or the
    events: the options' choices (``--initial-colour``) are plain enumerations (core/choices.py)."""
    done, imported = _imported(["--help"], tmp_path, tmp_path / "modules.txt")
    assert done.returncode == 0 and "Usage: arbiter" in done.stdout, done.stderr[-500:]
    unwanted = {"pydantic", "arbiter_cli.core.model", "arbiter_cli.events", "arbiter_cli.store.files"}
    assert not imported & unwanted, imported & unwanted


def test_a_commands_help_loads_no_pydantic(tmp_path: Path) -> None:
    """Issue 29 (start-up): ``arbiter pair --help`` builds no pydantic validator for the command's
    options (cli/values.py), so pydantic is not loaded at all."""
    done, imported = _imported(["pair", "--help"], tmp_path, tmp_path / "modules.txt")
    assert done.returncode == 0 and "Usage: arbiter pair" in done.stdout, done.stderr[-500:]
    stand_in = {"pydantic.plugin._loader"}  # arbiter's stand-in for the plugin loader (__main__), no pydantic code
    assert not {name for name in imported if name.split(".")[0] in ("pydantic", "pydantic_core")} - stand_in


def test_a_short_command_builds_no_validator_for_its_options_nor_looks_for_pydantic_plugins(
        sample, tmp_path: Path) -> None:
    """Issue 29 (start-up): ``arbiter pairings`` converts its options the quick way (cli/values.py:
    Typer's pydantic validators, ``typer._adapters``, are not loaded), and pydantic's search for
    plugins is off (``PYDANTIC_DISABLE_PLUGINS``, set by the entry point)."""
    script = ("import os, sys, importlib.metadata as metadata\n"
              "def refuse(*args, **kwargs):\n"
              "    raise AssertionError('pydantic looked for plugins')\n"
              "metadata.entry_points = refuse\n") + _LOADED
    out = tmp_path / "modules.txt"
    environment = {key: value for key, value in os.environ.items() if key != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run([sys.executable, "-c", script, str(out), "pairings"], capture_output=True, text=True,
                          cwd=sample("swiss32-in-progress"), env={**environment, "NO_COLOR": "1", "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr[-500:]
    imported = set(out.read_text().split())
    assert "arbiter_cli.core.model" in imported and "typer._adapters" not in imported


def test_the_persons_own_pydantic_plugin_setting_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter_cli.__main__ import _no_pydantic_plugins

    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "logfire")
    _no_pydantic_plugins()
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "logfire"
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS")
    _no_pydantic_plugins()
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__"


def test_pair_loads_no_package_metadata_while_pydantic_plugins_are_off_by_arbiter(
        make_event, tmp_path: Path) -> None:
    """Issue 29 (start-up): with the switch arbiter's own, pydantic's plugin loader is a stand-in, so
    ``importlib.metadata`` (and email, zipfile, socket) is not imported; the pairing is made as ever.
    With the person's own switch the real loader is used. (An empty cache: the folder's first command
    checks its files with pydantic; one after ``make_event``'s finds them checked.)"""
    folder = make_event(8)
    environment = {key: value for key, value in os.environ.items() if key != "PYDANTIC_DISABLE_PLUGINS"}
    environment["ARBITER_CACHE_DIR"] = str(tmp_path / "empty cache")
    out = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _LOADED, str(out), "-d", str(folder), "pair"], capture_output=True,
                          text=True, env={**environment, "NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr[-500:]
    imported = set(out.read_text().split())
    assert "pydantic" in imported and "importlib.metadata" not in imported and "email" not in imported
    assert (folder / "rounds" / "01.csv").is_file()
    own = subprocess.run([sys.executable, "-c", _LOADED, str(out), "-d", str(folder), "pairings"],
                         capture_output=True, text=True, env={**environment, "PYDANTIC_DISABLE_PLUGINS": "1",
                                                              "ARBITER_CACHE_DIR": str(tmp_path / "another")})
    assert own.returncode == 0 and "importlib.metadata" in set(out.read_text().split())


def test_the_plugin_loaders_stand_in_gives_any_other_name_from_the_real_loader() -> None:
    script = ("import os, sys\n"
              "os.environ.pop('PYDANTIC_DISABLE_PLUGINS', None)\n"
              "from arbiter_cli.__main__ import _no_pydantic_plugins\n"
              "_no_pydantic_plugins()\n"
              "from pydantic.plugin import _loader\n"
              "assert list(_loader.get_plugins()) == []\n"
              "assert _loader.PYDANTIC_ENTRY_POINT_GROUP == 'pydantic'\n"
              "import pydantic.plugin._loader as real\n"
              "assert real.get_plugins() == () and hasattr(real, 'entry_points')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-800:]


def test_pair_and_standings_piped_to_a_file_draw_their_tables_without_loading_rich(
        arbiter: Runner, make_event, tmp_path: Path) -> None:
    """Issue 29 (start-up): on a pipe or a file, which Rich would draw as plain lines, a command's
    table and messages are written without loading Rich (render/output.py's plain path; the same
    characters, tests/render/test_fast_table_body.py); ``--help`` loads no Rich either."""
    folder = make_event(8, "--rounds", "5", system="swiss")
    for command, where, first in ((["pair"], folder, "┏"), (["standings"], folder, "┏"),
                                  (["--help"], tmp_path, "Usage: arbiter")):
        done, imported = _imported(command, where, tmp_path / "modules.txt")
        assert done.returncode == 0, done.stderr[-500:]
        assert first in done.stdout, done.stdout
        assert not {name for name in imported if name == "rich" or name.startswith("rich.")}, command
        if command == ["pair"]:
            assert done.stderr == "round 1 of 5 paired\n" and "arbiter_cli.pairing.dutch" in imported


def test_pair_loads_neither_result_entry_nor_the_venue_s_sign_in(make_event, tmp_path: Path) -> None:
    """Issue 29 (start-up): ``arbiter pair`` checks the unfinished games of the last round
    (lifecycle/unfinished.py) without loading result entry's checks (lifecycle/entry.py), which it
    names in annotations only, nor the venue's desk and sign-in (core/venue.py)."""
    folder = make_event(8, "--rounds", "5", system="swiss")
    done, imported = _imported(["pair"], folder, tmp_path / "modules.txt")
    assert done.returncode == 0 and done.stderr == "round 1 of 5 paired\n", done.stderr[-500:]
    assert "arbiter_cli.lifecycle.unfinished" in imported
    assert not imported & {"arbiter_cli.lifecycle.entry", "arbiter_cli.core.venue"}, imported


def test_a_refusal_names_every_kind_that_has_the_command_though_a_command_loads_its_own_kind_only(
        sample, tmp_path: Path) -> None:
    """The kinds of event are imported only as a folder of each is opened: a refusal, in a new process
    that opened a club, still lists every kind that has the command, in the registry's order."""
    done, _ = _imported(["pair"], sample("club-lyon"), tmp_path / "modules.txt")
    assert done.returncode == 4
    assert done.stdout == "" and done.stderr.splitlines()[-1] == (
        "arbiter: error: this folder holds a club: 'arbiter pair' is for team events, Swiss and round-robin events, "
        "knockouts and group events")


def test_the_commands_annotations_are_values_that_typer_need_not_evaluate() -> None:
    """Typer reads a command's options from its annotations: as values (no ``from __future__ import
    annotations`` in cli/), not strings it would evaluate again at every start (see cli/__init__.py)."""
    from arbiter_cli.cli.app import COMMANDS, GROUPS, _options

    runs = [_options, *(c.run for c in COMMANDS), *(g.run for g in GROUPS if g.run is not None),
            *(c.run for g in GROUPS for c in g.commands)]
    strings = [(run.__module__, run.__name__) for run in runs
               if any(isinstance(value, str) for value in run.__annotations__.values())]
    assert len(runs) > 60 and strings == []


def test_player_remove_only_before_the_first_pairing(arbiter: Runner, make_event) -> None:
    folder = make_event(4)
    assert arbiter("-d", folder, "player", "remove", "2").code == 0
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert [p["start_number"] for p in players] == [1, 2, 3]
    assert "player removed" in (folder / "journal.csv").read_text()
    assert arbiter("-d", folder, "player", "remove", "7").code == 2
    arbiter("-d", folder, "pair")
    result = arbiter("-d", folder, "player", "remove", "1")
    assert result.code == 4 and "player withdraw" in result.err


def test_registering_a_name_twice_is_noted_and_numbers_are_reported_right(arbiter: Runner, make_event) -> None:
    folder = make_event(3)
    result = arbiter("-d", folder, "player", "add", "Bacrot, Etienne", "--rating", "2650", "--title", "GM")
    assert result.code == 0
    assert "note: Bacrot, Etienne was already registered" in result.err
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    reported = int(result.err.strip().rsplit(" ", 1)[1])
    assert players[reported - 1]["name"] == "Bacrot, Etienne"
    result = arbiter("-d", folder, "player", "add", "Zz", "--rating", "2000")
    assert result.err.strip().endswith("as start number 5")


def test_pair_refuses_while_any_earlier_round_is_missing_a_result(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n")
    arbiter("-d", folder, "pair")
    arbiter("-d", folder, "result", "2", "--from", "-", stdin="1 1-0\n2 0-1\n")
    arbiter("-d", folder, "result", "1", "2", "none", "--correct")
    result = arbiter("-d", folder, "pair")
    assert result.code == 4 and "round 1 still has no result on board 2" in result.err


def test_the_journal_only_grows_and_names_every_change(arbiter: Runner, make_event) -> None:
    folder = make_event(4, "--initial-colour", "white")
    seen = (folder / "journal.csv").read_text()
    for args in (["pair"], ["result", "1", "1", "1-0"], ["result", "1", "1", "=", "--correct"],
                 ["player", "withdraw", "4"], ["standings"], ["result", "1", "2", "0-1"]):
        assert arbiter("-d", folder, *args).code == 0
        now = (folder / "journal.csv").read_text()
        assert now.startswith(seen)
        seen = now
    rows = list(csv.DictReader(io.StringIO(seen)))
    assert set(rows[0]) == {"time", "command", "change", "old", "new", "by"}
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", row["time"]) for row in rows)
    changes = [(row["change"], row["old"], row["new"]) for row in rows]
    assert ("round 1 board 1 correction", "1-0", "1/2-1/2") in changes
    assert ("round 1 board 2 result", "", "0-1") in changes
    assert not any(row["command"].endswith("standings") for row in rows)  # reading changes nothing


def test_a_swiss_settings_file_without_rounds_is_refused(arbiter: Runner, make_event) -> None:
    folder = make_event(4)
    text = (folder / "tournament.toml").read_text().replace('system = "round-robin"', 'system = "swiss"')
    (folder / "tournament.toml").write_text(text)
    result = arbiter("-d", folder, "pair")
    assert result.code == 3 and "a Swiss needs the number of rounds" in result.err


def test_import_names_a_fide_id_repeated_inside_the_file(arbiter: Runner, make_event) -> None:
    folder = make_event(0)
    result = arbiter("-d", folder, "player", "import", "-", stdin="name,fide_id\nA,5\nB,6\nC,5\n")
    assert result.code == 2 and "<stdin>, line 4, field 'fide_id': FIDE ID 5 is also on line 2" in result.err


def test_import_points_out_a_name_given_twice_or_registered_already(arbiter: Runner, make_event) -> None:
    folder = make_event(0)
    result = arbiter("-d", folder, "player", "import", "-", stdin="name,rating\nDoe,2000\nRoe,1900\ndoe,1800\n")
    assert result.code == 0 and "note: doe is registered twice by this import (start numbers 1 and 3)" in result.err
    again = arbiter("-d", folder, "player", "import", "-", stdin="name,rating\nRoe,1700\n")
    assert again.code == 0 and "note: Roe was already registered (start number 2" in again.err


def test_a_bad_lock_timeout_is_a_usage_error(arbiter: Runner, make_event, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_event(2)
    monkeypatch.setenv("ARBITER_LOCK_TIMEOUT", "abc")
    result = arbiter("-d", folder, "standings")
    assert result.code == 2 and "ARBITER_LOCK_TIMEOUT must be a number of seconds" in result.err


def test_a_withdrawal_cannot_contradict_a_game_played_later(arbiter: Runner, make_event) -> None:
    folder = paired(arbiter, make_event, 4)
    arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n")
    arbiter("-d", folder, "pair")
    arbiter("-d", folder, "result", "2", "--from", "-", stdin="1 1-0\n2 =\n")
    result = arbiter("-d", folder, "player", "withdraw", "1", "--after-round", "1")
    assert result.code == 4 and "played a game in round 2" in result.err
    assert arbiter("-d", folder, "player", "withdraw", "1", "--after-round", "2").code == 0


def test_a_swiss_runs_through_the_folder_workflow(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss").code == 2  # needs --rounds
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "4", "--seed", "2",
                   "--initial-colour", "white").code == 0
    for i in range(1, 10):
        assert arbiter("-d", folder, "player", "add", f"Player {i:02d}", "--rating", 2400 - 10 * i).code == 0
    first = json.loads(arbiter("-d", folder, "pair", "-f", "json").out)
    # C.04.3 §1.6: S1 = 1-4 against S2 = 5-8, colours by 5.2.5, the lowest player gets the PAB
    assert [(b["white"], b["black"]) for b in first] == [(1, 5), (6, 2), (3, 7), (8, 4), (9, None)]
    assert first[-1]["result"] == "PAB"
    arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n3 =\n4 1-0\n")
    assert arbiter("-d", folder, "player", "withdraw", "3").code == 0
    assert arbiter("-d", folder, "player", "add", "Late, Lara", "--rating", "2000").code == 0  # late entry
    second = json.loads(arbiter("-d", folder, "pair", "-f", "json").out)
    paired = [p for b in second for p in (b["white"], b["black"]) if p]
    assert 3 not in paired and 10 in paired and len(paired) == len(set(paired)) == 9
    met = {frozenset((b["white"], b["black"])) for b in first if b["black"]}
    assert not any(frozenset((b["white"], b["black"])) in met for b in second if b["black"])
    assert [b["result"] for b in second if b["black"] is None] == ["PAB"]
    assert 9 not in [b["white"] for b in second if b["black"] is None]  # no second PAB (C2)


# --------------------------------------------------------------------------- start-up: one command's parser

def test_only_the_command_being_run_is_built() -> None:
    from arbiter_cli.cli.app import COMMANDS, GROUPS, _narrowed

    for argv in (["pair"], ["-d", "x", "pair", "--explain"], ["--dir=x", "pair"], ["-dx", "pair"]):
        narrowed = _narrowed(argv)
        assert [c.name for c in narrowed.registered_commands] == ["pair"] and not narrowed.registered_groups
    assert [g.name for g in _narrowed(["player", "list"]).registered_groups] == ["player"]
    assert [g.name for g in _narrowed(["trf", "pair"]).registered_groups] == ["trf"]
    for argv in ([], ["--help"], ["--version"], ["-d"], ["-d", "x"], ["paer"]):
        whole = _narrowed(argv)
        assert len(whole.registered_commands) == len(COMMANDS) and len(whole.registered_groups) == len(GROUPS), argv


def test_narrowed_commands_answer_as_the_whole_app(arbiter: Runner, make_event) -> None:
    folder = make_event(4)
    helped = arbiter("-d", folder, "pair", "--help")
    assert helped.code == 0 and "Usage: arbiter pair" in helped.out
    wrong = arbiter("-d", folder, "pair", "--no-such-option")
    assert wrong.code == 2 and "no such option: --no-such-option" in wrong.err and "arbiter pair --help" in wrong.err
    typo = arbiter("-d", folder, "paer")
    assert typo.code == 2 and "No such command 'paer'" in typo.err
    overview = arbiter("--help")
    assert overview.code == 0 and "standings" in overview.out and "club" in overview.out


def test_the_same_result_again_after_finalising_changes_nothing(arbiter: Runner, tmp_path: Path) -> None:
    """Issue 13, item 10: the README says entering the stored result again changes nothing."""
    import shutil

    from conftest import ROOT

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "rr10-finished", folder)
    assert arbiter("-d", folder, "finalize", "--date", "2026-12-01").code == 0
    stored = arbiter("-d", folder, "pairings", "9", "-f", "csv").out.splitlines()[1].split(",")[3]
    before = snapshot(folder)
    again = arbiter("-d", folder, "result", "9", "1", stored)
    assert again.code == 0 and "round 9: nothing changed" in again.err and snapshot(folder) == before
    other = "0-1" if stored != "0-1" else "1-0"
    assert arbiter("-d", folder, "result", "9", "1", other).code == 4  # a change still needs --correct


def test_one_round_and_one_player_are_said_in_the_singular(arbiter: Runner, tmp_path: Path) -> None:
    generated = arbiter("trf", "generate", "-o", tmp_path / "one.trf", "--players", "2", "--rounds", "1")
    assert generated.code == 0 and "2 players, 1 round (seed 1)" in generated.err
    imported = arbiter("import", tmp_path / "one.trf", tmp_path / "ev")
    assert imported.code == 0 and "1 of 1 round paired" in imported.err
    checked = arbiter("trf", "check", tmp_path / "one.trf")
    assert checked.code == 0 and "the round is identical" in checked.err
    exported = arbiter("-d", tmp_path / "ev", "export", "-o", tmp_path / "again.trf")
    assert exported.code == 0 and exported.err.rstrip().endswith("2 players, 1 round")
    assert " 1 rounds" not in generated.err + imported.err + checked.err + exported.err


def test_a_semicolon_separated_csv_is_read(arbiter: Runner, make_event) -> None:
    """Issue 13, item 10: many spreadsheets write ';' between the columns."""
    folder = make_event(2)
    result = arbiter("-d", folder, "player", "import", "-", stdin="name;rating;federation\nDoe, Jane;2100;FRA\n")
    assert result.code == 0, result.err
    players = arbiter("-d", folder, "player", "list", "-f", "json").out
    assert '"name": "Doe, Jane"' in players and '"federation": "FRA"' in players


def _six_hundred(arbiter: Runner, tmp_path: Path) -> Path:
    """A 600-player Swiss of one round, 300 boards with a result each (generated, then imported)."""
    assert arbiter("trf", "generate", "-o", tmp_path / "big.trf", "--players", "600", "--rounds", "1").code == 0
    assert arbiter("import", tmp_path / "big.trf", tmp_path / "ev").code == 0
    return tmp_path / "ev"


FIRST_TEN = "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 290 more"


def test_unpair_of_a_600_player_round_with_results_names_ten_boards_and_counts_the_rest(arbiter: Runner,
                                                                                       tmp_path: Path) -> None:
    """Issue 25 (trial): 'unpair' of a 600-player round with results listed all 300 board numbers in
    one line. Such a list names the first ten and says how many more (core.words.listed)."""
    folder = _six_hundred(arbiter, tmp_path)
    refused = arbiter("-d", folder, "unpair")
    assert refused.code == 4 and refused.err == (f"arbiter: error: round 1 already has results (boards {FIRST_TEN}); "
                                                 "a published round with results is not re-paired\n")


def test_every_message_that_lists_the_boards_of_a_big_round_names_ten_and_counts_the_rest(arbiter: Runner,
                                                                                         tmp_path: Path) -> None:
    """The same one helper for every list of boards: 'pair' while results are missing, 'finalize',
    the standings' note, and what 'result' says is still missing."""
    folder = _six_hundred(arbiter, tmp_path)
    round_file = folder / "rounds" / "01.csv"
    rows = list(csv.reader(io.StringIO(round_file.read_text(encoding="utf-8"))))
    for row in rows[1:]:
        row[3] = ""
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    round_file.write_text(text.getvalue(), encoding="utf-8")
    paired = arbiter("-d", folder, "pair")
    assert paired.code == 4 and f"round 1 still has no result on boards {FIRST_TEN}\n" in paired.err
    finalised = arbiter("-d", folder, "finalize", "--yes")
    assert finalised.code == 4 and f"round 1: no result on boards {FIRST_TEN}" in finalised.err
    standings = arbiter("-d", folder, "standings", "-f", "csv")
    assert f"note: round 1 is not complete; no result yet on boards {FIRST_TEN}" in standings.err
    entered = arbiter("-d", folder, "result", "1", "1", "1-0")
    assert entered.code == 0 and \
        "round 1: 299 results missing (boards 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 289 more)" in entered.err
    assert all(len(line) < 200 for line in (paired.err + finalised.err + standings.err + entered.err).splitlines())


def test_an_unknown_option_reads_the_same_whatever_command_it_is_given_to(arbiter: Runner, make_event) -> None:
    """The trial: click's "No such option: --explian (Possible options: --explain, --print)" beside ours,
    "no such option: --corect (did you mean --correct?)"; now one style, with the nearest option."""
    folder = make_event(4)
    for argv, line in ((["pairings", "--explian"], "no such option: --explian (did you mean --explain?); "
                                                     "see 'arbiter pairings --help'"),
                       (["result", "1", "1", "1-0", "--corect"], "no such option: --corect (did you mean --correct?); "
                                                                 "see 'arbiter result --help'")):
        done = arbiter("-d", folder, *argv)
        assert done.code == 2 and done.err == f"arbiter: error: {line}\n", done.err
