"""An event's life: requested byes, late entries, withdrawals, no-shows, corrections,
unpairing, finishing early and finalising. Each refusal is one line, a non-zero
exit, and no change on disk."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import PLAYERS, Runner, snapshot


def swiss(arbiter: Runner, tmp_path: Path, n: int = 10, rounds: int = 5, settings: str = "") -> Path:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", rounds, "--seed", "7",
                   "--initial-colour", "white").code == 0
    if settings:
        path = folder / "tournament.toml"
        text = path.read_text()
        head, _, tail = text.partition("[scoring]")
        path.write_text(head + settings.strip() + "\n\n[scoring]" + tail)
    for i in range(n):
        name, rating, title = PLAYERS[i] if i < len(PLAYERS) else (f"Player, {i:02d}", 2000 - i, "")
        extra = ["--title", title] if title else []
        assert arbiter("-d", folder, "player", "add", name, "--rating", rating, *extra).code == 0
    return folder


def pairings(arbiter: Runner, folder: Path, number: int | None = None) -> list[dict]:
    return json.loads(arbiter("-d", folder, "pairings", *([number] if number else []), "-f", "json").out)


def play(arbiter: Runner, folder: Path, number: int, code: str = "1/2") -> None:
    """Enter ``code`` on every board of the round that has no result yet."""
    boards = [b["board"] for b in pairings(arbiter, folder, number) if b["board"] and b["result"] is None]
    text = "".join(f"{b} {code}\n" for b in boards)
    assert arbiter("-d", folder, "result", number, "--from", "-", stdin=text).code == 0


def refused(arbiter: Runner, folder: Path, *args: object, code: int = 4, says: str = "",
            stdin: str | None = None) -> str:
    """Run a command that must fail: its exit code, one line on stderr, nothing changed."""
    before = snapshot(folder)
    outcome = arbiter("-d", folder, *args, stdin=stdin)
    assert outcome.code == code, (outcome.code, outcome.err)
    lines = [line for line in outcome.err.splitlines() if line.startswith("arbiter: error:")]
    assert len(lines) == 1 and says in lines[0], outcome.err
    assert snapshot(folder) == before
    return lines[0]


def standings(arbiter: Runner, folder: Path) -> dict[str, Fraction]:
    rows = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    return {row["name"]: Fraction(str(row["points"])) for row in rows}


# --------------------------------------------------------------------------- requested byes

def test_a_requested_bye_is_not_paired_and_scores_its_points(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 10)
    assert arbiter("-d", folder, "bye", "3", "--round", "1", "--half").code == 0
    assert arbiter("-d", folder, "bye", "4", "--round", "1", "--zero").code == 0
    listed = json.loads(arbiter("-d", folder, "bye", "list", "-f", "json").out)
    assert [(b["round"], b["start_number"], b["kind"]) for b in listed] == [(1, 3, "HPB"), (1, 4, "ZPB")]
    assert arbiter("-d", folder, "pair").code == 0
    rows = pairings(arbiter, folder, 1)
    playing = {p for b in rows if b["board"] for p in (b["white"], b["black"])}
    assert 3 not in playing and 4 not in playing and len(playing) == 8
    assert {(b["white"], b["result"]) for b in rows if not b["board"]} == {(3, "HPB"), (4, "ZPB")}
    assert not (folder / "byes.csv").exists()  # taken into the round
    play(arbiter, folder, 1, "1-0")
    points = standings(arbiter, folder)
    name = {p["start_number"]: p["name"] for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)}
    assert points[name[3]] == Fraction(1, 2) and points[name[4]] == 0
    crosstable = arbiter("-d", folder, "crosstable", "-f", "csv").out
    assert "HPB" in crosstable and "ZPB" in crosstable


def test_bye_rules_are_enforced(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8, rounds=5, settings="max_half_byes = 1\nhalf_byes_closed_last_rounds = 2")
    assert arbiter("-d", folder, "bye", "1", "--round", "2", "--half").code == 0
    refused(arbiter, folder, "bye", "1", "--round", "3", "--half", says="already taken or requested 1 half-point bye")
    refused(arbiter, folder, "bye", "2", "--round", "4", "--half", says="not allowed in the last 2 rounds")
    refused(arbiter, folder, "bye", "1", "--round", "2", "--zero", says="already has a half-point bye in round 2")
    refused(arbiter, folder, "bye", "99", "--round", "2", "--zero", code=2, says="no player with start number 99")
    refused(arbiter, folder, "bye", "2", "--round", "9", "--zero", code=2, says="there is no round 9")
    refused(arbiter, folder, "bye", "2", "--round", "2", code=2, says="exactly one of --half")
    refused(arbiter, folder, "bye", "x", "--round", "2", "--half", code=2, says="not a start number")
    refused(arbiter, folder, "bye", "cancel", "2", "--round", "2", code=2, says="no requested bye in round 2")
    assert arbiter("-d", folder, "bye", "2", "--round", "4", "--zero").code == 0  # a zero-point bye is fine
    assert arbiter("-d", folder, "pair").code == 0
    refused(arbiter, folder, "bye", "3", "--round", "1", "--zero", says="round 1 is already paired")
    assert arbiter("-d", folder, "bye", "cancel", "1", "--round", "2").code == 0
    assert arbiter("-d", folder, "bye", "1", "--round", "3", "--half").code == 0  # the limit counts again


def test_round_robins_take_no_requested_byes(arbiter: Runner, make_event) -> None:
    folder = make_event(4)
    refused(arbiter, folder, "bye", "1", "--round", "2", "--zero", says="requested byes are for Swiss events")


# --------------------------------------------------------------------------- late entries

def test_a_late_entry_gets_its_number_and_zero_for_missed_rounds(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 9)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1, "1-0")
    outcome = arbiter("-d", folder, "player", "add", "Zz, Late", "--rating", "2725")
    assert outcome.code == 0 and "paired from round 2" in outcome.err
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    late = next(p for p in players if p["name"] == "Zz, Late")
    # 2725 sorts between Mamedyarov (2730) and Kramnik (2720): before round 4, numbers follow C.04.2 2.2.
    assert [p["rating"] for p in players] == sorted((p["rating"] for p in players), reverse=True)
    assert late["start_number"] == [p["rating"] for p in players].index(2725) + 1
    first = pairings(arbiter, folder, 1)
    assert {"white": late["start_number"], "result": "ZPB"}.items() <= next(
        b for b in first if b["white"] == late["start_number"]).items()
    assert arbiter("-d", folder, "pair").code == 0
    assert any(late["start_number"] in (b["white"], b["black"]) for b in pairings(arbiter, folder, 2) if b["board"])
    assert standings(arbiter, folder)["Zz, Late"] == 0


def test_no_renumbering_once_round_4_is_paired_and_missed_rounds_as_set(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8, rounds=6, settings='late_entry_missed = "HPB"')
    for number in range(1, 5):
        assert arbiter("-d", folder, "pair").code == 0
        play(arbiter, folder, number)
    before = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert arbiter("-d", folder, "player", "add", "Strong, Late", "--rating", "2900").code == 0
    after = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert [{k: v for k, v in p.items() if k != "entered_round"} for p in after[:8]] == before
    assert after[8]["start_number"] == 9 and after[8]["entered_round"] == 5
    assert standings(arbiter, folder)["Strong, Late"] == 2  # four half-point byes


# --------------------------------------------------------------------------- withdrawals and no-shows

def test_a_withdrawn_player_is_not_paired_again(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    for number in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        play(arbiter, folder, number)
    assert arbiter("-d", folder, "player", "withdraw", "5", "--after-round", "2").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert all(5 not in (b["white"], b["black"]) for b in pairings(arbiter, folder, 3))
    refused(arbiter, folder, "player", "withdraw", "5", says="already withdrew after round 2")
    refused(arbiter, folder, "player", "withdraw", "77", code=2, says="no player with start number 77")


def test_a_no_show_withdraws_only_after_confirm(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    board = pairings(arbiter, folder, 1)[0]
    line = refused(arbiter, folder, "result", "1", "1", "+/-", says="withdraws")
    assert "1 no-show without notice" in line and "--confirm" in line
    assert arbiter("-d", folder, "result", "1", "1", "+/-", "--confirm").code == 0
    players = {p["start_number"]: p for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)}
    assert players[board["black"]]["status"] == "withdrawn"
    journal = (folder / "journal.csv").read_text()
    assert f"player {board['black']} (" in journal and "status" in journal


def test_an_excused_no_show_counts_only_towards_the_total(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    loser = pairings(arbiter, folder, 1)[0]["white"]
    assert arbiter("-d", folder, "result", "1", "1", "-/+", "--excused").code == 0
    assert "excused" in (folder / "rounds" / "01.csv").read_text()
    play(arbiter, folder, 1)
    assert arbiter("-d", folder, "pair").code == 0
    board = next(b for b in pairings(arbiter, folder, 2) if loser in (b["white"], b["black"]))
    code = "-/+" if board["white"] == loser else "+/-"
    line = refused(arbiter, folder, "result", "2", board["board"], code, "--excused", says="withdraws")
    assert "2 no-shows" in line


def test_bulk_entry_compares_and_sets(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "2", "1-0").code == 0
    line = refused(arbiter, folder, "result", "1", "--from", "-",
                   "--correct", stdin="1 1-0 was none\n2 0-1 was none\n", says="nothing saved")
    assert "board 2: stored 1-0, yours 0-1 (based on none)" in line
    outcome = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0 was none\n2 0-1 was 1-0\n")
    assert outcome.code == 0
    assert [b["result"] for b in pairings(arbiter, folder, 1)[:2]] == ["1-0", "0-1"]
    same = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n")
    assert same.code == 0 and "nothing changed" in same.err
    refused(arbiter, folder, "result", "1", "--from", "-", stdin="1 1-0 were none\n", code=2, says="line 1")


# --------------------------------------------------------------------------- unpair

def test_unpair_removes_a_round_without_results_and_keeps_its_byes(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1)
    assert arbiter("-d", folder, "bye", "2", "--round", "2", "--half").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "player", "add", "Late, Comer", "--rating", "1500").code == 0
    assert arbiter("-d", folder, "unpair").code == 0
    assert not (folder / "rounds" / "02.csv").exists()
    assert json.loads(arbiter("-d", folder, "bye", "list", "-f", "json").out)[0]["start_number"] == 2
    assert arbiter("-d", folder, "pair").code == 0  # the late entry now plays round 2
    late = next(p for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
                if p["name"] == "Late, Comer")
    assert any(late["start_number"] in (b["white"], b["black"]) for b in pairings(arbiter, folder, 2))
    assert arbiter("-d", folder, "result", "2", "1", "1-0").code == 0
    refused(arbiter, folder, "unpair", says="already has results")


# --------------------------------------------------------------------------- finalize

def test_finalize_lists_what_is_missing_then_closes_the_event(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 6, rounds=2)
    assert arbiter("-d", folder, "pair").code == 0
    outcome = arbiter("-d", folder, "finalize")
    assert outcome.code == 4 and "missing: round 1: no result on boards 1, 2, 3" in outcome.err
    assert "missing: round 2 not paired yet" in outcome.err
    play(arbiter, folder, 1, "1-0")
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 2, "0-1")
    assert arbiter("-d", folder, "finalize", "--date", "2026-05-01").code == 0
    final = json.loads((folder / "final" / "standings.json").read_text())
    assert final == json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert (folder / "final" / "standings.csv").read_text() == arbiter("-d", folder, "standings", "-f", "csv").out
    refused(arbiter, folder, "finalize", says="already finalised on 2026-05-01")
    refused(arbiter, folder, "pair", says="finalised")
    refused(arbiter, folder, "result", "2", "1", "1-0", says="give --correct")
    refused(arbiter, folder, "bye", "1", "--round", "2", "--half", says="finalised")
    refused(arbiter, folder, "player", "add", "New, Player", says="finalised")
    assert arbiter("-d", folder, "result", "2", "1", "1-0", "--correct").code == 0
    again = json.loads((folder / "final" / "standings.json").read_text())
    assert again != final and again == json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert "stored again: final/standings.csv" in (folder / "journal.csv").read_text()
    refused(arbiter, folder, "finalize", "--date", "2026-13-01", code=2, says="not a date")
    # a finalised event's result is corrected, never removed (the final standings would miss a game)
    refused(arbiter, folder, "result", "2", "1", "none", "--correct", says="can be corrected, not removed")


def test_results_for_a_round_not_paired_yet_say_so_before_reading_the_file(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 4, rounds=3)
    assert arbiter("-d", folder, "pair").code == 0
    refused(arbiter, folder, "result", "2", "--from", "-", stdin="", code=2, says="there is no round 2")


def test_finalize_on_a_date_after_today_says_so(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 2, rounds=1)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1, "1-0")
    done = arbiter("-d", folder, "finalize", "--date", "2999-01-01")
    assert done.code == 0 and "note: --date 2999-01-01 is after today" in done.err


def test_finishing_early_shows_the_plan_and_acts_only_with_yes(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8, rounds=5)
    for number in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        play(arbiter, folder, number)
    assert arbiter("-d", folder, "player", "withdraw", "8", "--after-round", "2").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "bye", "1", "--round", "4", "--half").code == 0
    assert arbiter("-d", folder, "player", "add", "Late, Comer", "--rating", "1000").code == 0
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "finalize", "--after-round", "2")
    assert outcome.code == 4 and snapshot(folder) == before
    for expected in ("the event will have 2 rounds instead of 5", "round 3 (paired, no results) will be deleted",
                     "requested HPB of player 1 in round 4 will be dropped",
                     "Late, Comer (start number 9), entered for round 4, will be removed",
                     "withdrawal of", "give --yes"):
        assert expected in outcome.err, expected
    refused(arbiter, folder, "finalize", "--after-round", "7", code=2, says="between 1 and 3")
    assert arbiter("-d", folder, "finalize", "--after-round", "2", "--yes").code == 0
    settings = (folder / "tournament.toml").read_text()
    assert "rounds = 2" in settings and 'status = "finalised"' in settings
    assert not (folder / "rounds" / "03.csv").exists() and not (folder / "byes.csv").exists()
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert len(players) == 8 and all(p["status"] == "active" for p in players)


def test_a_round_with_some_results_must_be_completed_before_finishing_early(arbiter: Runner,
                                                                            tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 6, rounds=4)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1)
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "2", "1", "1-0").code == 0
    refused(arbiter, folder, "finalize", "--after-round", "1", "--yes", says="round 2 already has results")


# --------------------------------------------------------------------------- the whole story

def test_a_20_player_swiss_through_every_path(arbiter: Runner, tmp_path: Path) -> None:
    """A 20-player, 6-round Swiss finished after round 5. Every game is drawn except one
    forfeit and one correction, so each player's points can be worked out by hand."""
    folder = swiss(arbiter, tmp_path, 20, rounds=6)
    names = [p["name"] for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)]
    half, zero, gone = names[4], names[5], names[10]
    assert arbiter("-d", folder, "bye", "5", "--round", "1", "--half").code == 0
    assert arbiter("-d", folder, "bye", "6", "--round", "1", "--zero").code == 0
    for number in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        play(arbiter, folder, number)
    assert arbiter("-d", folder, "player", "add", "Late, Entry", "--rating", "2705").code == 0  # after round 2
    assert arbiter("-d", folder, "pair").code == 0  # round 3: 21 players, so a PAB
    pab = next(b["white_name"] for b in pairings(arbiter, folder, 3) if b["result"] == "PAB")
    play(arbiter, folder, 3)
    number_of = {p["name"]: p["start_number"] for p in
                 json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)}
    assert arbiter("-d", folder, "player", "withdraw", number_of[gone], "--after-round", "3").code == 0
    assert arbiter("-d", folder, "pair").code == 0  # round 4: 20 players
    first = pairings(arbiter, folder, 4)[0]
    winner, loser = first["white_name"], first["black_name"]
    assert arbiter("-d", folder, "result", "4", "1", "+/-", "--excused").code == 0
    play(arbiter, folder, 4)  # the other boards
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 5)
    assert arbiter("-d", folder, "pair").code == 0  # round 6 is paired, then the event stops early
    assert arbiter("-d", folder, "finalize", "--after-round", "5", "--yes", "--date", "2026-06-30").code == 0
    second = pairings(arbiter, folder, 5)[1]
    assert arbiter("-d", folder, "result", "5", "2", "1-0", "--correct").code == 0

    # By hand: 5 rounds, a draw is ½. Regular players: 5 draws = 2½.
    expected = {name: Fraction(5, 2) for name in number_of}
    expected[half] = Fraction(1, 2) + 4 * Fraction(1, 2)  # HPB in round 1, then four draws
    expected[zero] = 0 + 4 * Fraction(1, 2)  # ZPB in round 1
    expected["Late, Entry"] = 0 + 0 + 3 * Fraction(1, 2)  # missed rounds 1-2 score 0
    expected[gone] = 3 * Fraction(1, 2)  # withdrawn after round 3: rounds 4-5 score 0
    expected[pab] += Fraction(1, 2)  # the PAB is a win's point instead of a draw's half
    expected[winner] += Fraction(1, 2)  # a forfeit win instead of a draw
    expected[loser] -= Fraction(1, 2)  # a forfeit loss
    expected[second["white_name"]] += Fraction(1, 2)  # the correction: 1-0 instead of ½-½
    expected[second["black_name"]] -= Fraction(1, 2)
    final = json.loads((folder / "final" / "standings.json").read_text())
    assert {row["name"]: Fraction(str(row["points"])) for row in final} == expected
    assert [row["rank"] for row in final] == sorted(row["rank"] for row in final)
    assert final[0]["points"] == max(expected.values())
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    assert any("finish after round 5" in row["change"] for row in journal)
    assert any("correction" in row["change"] for row in journal)


def test_the_board_order_of_bye_rows(arbiter: Runner, tmp_path: Path) -> None:
    """Games first, then the PAB, then requested byes: the stored round is readable by people."""
    folder = swiss(arbiter, tmp_path, 7)
    assert arbiter("-d", folder, "bye", "7", "--round", "1", "--zero").code == 0
    assert arbiter("-d", folder, "bye", "6", "--round", "1", "--half").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    rows = (folder / "rounds" / "01.csv").read_text().splitlines()
    assert rows[-2:] == [",6,,HPB", ",7,,ZPB"] and rows[1].startswith("1,")


@pytest.mark.parametrize("text,where", [
    ("round,start_number,kind\n9,1,HPB\n", "line 2, field 'round'"),
    ("round,start_number,kind\n2,42,HPB\n", "line 2, field 'start_number'"),
    ("round,start_number,kind\n2,1,FPB\n", "line 2, field 'kind'"),
    ("round,start_number,kind\n2,1,HPB\n2,1,ZPB\n", "line 3, field 'start_number'"),
])
def test_a_broken_byes_file_is_named(arbiter: Runner, tmp_path: Path, text: str, where: str) -> None:
    folder = swiss(arbiter, tmp_path, 4)
    (folder / "byes.csv").write_text(text)
    outcome = arbiter("-d", folder, "bye", "list")
    assert outcome.code == 3 and f"byes.csv, {where}" in outcome.err


# --------------------------------------------------------------------------- round robin withdrawals

def _round_robin_with_withdrawal(arbiter: Runner, make_event, after: int, rule: str = "") -> tuple[Path, str]:
    folder = make_event(6, "--initial-colour", "white")
    if rule:
        path = folder / "tournament.toml"
        path.write_text(path.read_text().replace("[scoring]", f'round_robin_withdrawal = "{rule}"\n\n[scoring]'))
    names = {p["start_number"]: p["name"] for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)}
    for number in range(1, 6):
        assert arbiter("-d", folder, "pair").code == 0
        play(arbiter, folder, number, "1-0")
        if number == after:
            assert arbiter("-d", folder, "player", "withdraw", "6", "--after-round", after).code == 0
    return folder, names[6]


def test_a_round_robin_withdrawal_before_half_leaves_the_standings(arbiter: Runner, make_event) -> None:
    folder, gone = _round_robin_with_withdrawal(arbiter, make_event, 2)  # 2 of 5 games played
    outcome = arbiter("-d", folder, "standings", "-f", "json")
    rows = json.loads(outcome.out)
    assert gone not in [r["name"] for r in rows] and len(rows) == 5
    assert "withdrew having played fewer than half" in outcome.err
    # By hand: only the games among the five others count; each played 4 of them.
    games = {r["name"]: r for r in rows}
    counted = sum(Fraction(str(r["points"])) for r in rows)
    assert counted == 10  # the 10 games among five players, all decisive
    assert all(Fraction(str(r["points"])) <= 4 for r in games.values())
    square = arbiter("-d", folder, "crosstable", "-f", "csv").out
    assert gone not in square


def test_a_round_robin_withdrawal_after_half_keeps_the_games_as_forfeits(arbiter: Runner, make_event) -> None:
    folder, gone = _round_robin_with_withdrawal(arbiter, make_event, 3)  # 3 of 5 games played
    rows = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert len(rows) == 6 and gone in [r["name"] for r in rows]
    assert sum(Fraction(str(r["points"])) for r in rows) == 15  # every game counts: played or forfeited


def test_the_forfeits_rule_keeps_every_withdrawn_players_games(arbiter: Runner, make_event) -> None:
    folder, gone = _round_robin_with_withdrawal(arbiter, make_event, 1, rule="forfeits")
    rows = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert len(rows) == 6 and sum(Fraction(str(r["points"])) for r in rows) == 15


# --------------------------------------------------------------------------- found in a new user's trial

def test_a_withdrawal_drops_the_players_later_requested_byes(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 5, rounds=4)
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "bye", "5", "--round", "3", "--half").code == 0
    outcome = arbiter("-d", folder, "player", "withdraw", "5", "--after-round", "1")
    assert outcome.code == 0 and "round 3 requested bye of 5 (Bacrot, Etienne): HPB dropped" in outcome.err
    assert not (folder / "byes.csv").exists()
    assert "round 3 requested bye of 5 (Bacrot, Etienne)\",HPB," in (folder / "journal.csv").read_text()
    for number in (1, 2):
        play(arbiter, folder, number)
        assert arbiter("-d", folder, "pair").code == 0
    assert all(5 not in (b["white"], b["black"]) for b in pairings(arbiter, folder, 3))


def test_registrations_before_round_1_move_requested_byes_with_their_players(arbiter: Runner,
                                                                              tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 2)  # Aronian 2740 (1), Bacrot 2650 (2)
    assert arbiter("-d", folder, "bye", "2", "--round", "1", "--half").code == 0
    assert arbiter("-d", folder, "player", "add", "Middle, Man", "--rating", "2700").code == 0
    assert json.loads(arbiter("-d", folder, "bye", "list", "-f", "json").out)[0]["name"] == "Bacrot, Etienne"
    assert arbiter("-d", folder, "player", "remove", "2").code == 0  # Middle, Man
    assert json.loads(arbiter("-d", folder, "bye", "list", "-f", "json").out)[0]["start_number"] == 2
    assert arbiter("-d", folder, "player", "remove", "2").code == 0  # Bacrot, with his bye
    assert arbiter("-d", folder, "bye", "list", "-f", "json").code == 0
    assert not (folder / "byes.csv").exists()


def test_no_withdrawal_before_round_1_and_no_show_rule_only_for_the_latest_round(arbiter: Runner,
                                                                                  tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 6)
    refused(arbiter, folder, "player", "withdraw", "3", says="player remove 3")
    for number in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        play(arbiter, folder, number)
    outcome = arbiter("-d", folder, "result", "1", "1", "+/-", "--correct")
    assert outcome.code == 0 and "withdrawn" not in outcome.err
    refused(arbiter, folder, "bye", "1", "--round", "0", "--half", code=2, says="there is no round 0")


def test_correcting_an_earlier_round_names_the_rounds_paired_on_the_old_result(arbiter: Runner,
                                                                               tmp_path: Path) -> None:
    """Issue 13, item 9: published pairings stand (C.04.2 4.3), but the arbiter is told which rounds
    were paired on the old score, and which of them trf check will report."""
    import shutil

    from conftest import ROOT

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    changed = arbiter("-d", folder, "result", "3", "1", "0-1", "--correct")
    assert changed.code == 0
    assert ("note: rounds 4-5 were paired before this correction of round 3; published pairings stand "
            "(C.04.2 4.3), but paired again now rounds 4-5 would come out differently: 'arbiter trf check' "
            "on an export will report them") in changed.err
    back = arbiter("-d", folder, "result", "3", "1", "1-0", "--correct")
    assert "paired again now, they come out the same" in back.err
    last = arbiter("-d", folder, "result", "5", "2", "1-0")
    assert last.code == 0 and "were paired before" not in last.err  # the last round: nothing after it
    assert arbiter("-d", folder, "result", "3", "1", "0-1", "--correct").code == 0
    assert arbiter("-d", folder, "result", "5", "--from", "-", stdin="5 1-0\n9 1-0\n14 1-0\n").code == 0
    assert arbiter("-d", folder, "export", "-o", tmp_path / "ev.trf").code == 0
    checked = arbiter("trf", "check", tmp_path / "ev.trf")
    assert checked.code == 4 and "round 4: differs" in checked.out and "round 5: differs" in checked.out
