"""Issue 25 through the CLI: what a new user's trial of the team events found. Each test drives the
commands an arbiter types on a copy of a sample event and reads what the folder, the journal,
pairings, verify and the printouts then say, so the harm itself is pinned, not only the act."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, Callable

import pytest
from conftest import Runner

SWISS = "team-swiss20-in-progress"
LEAGUE = "team-league-in-progress"


def _ok(arbiter: Runner, *args: object, stdin: str | None = None) -> str:
    done = arbiter(*args, stdin=stdin)
    assert done.code == 0, (args, done.err)
    return done.err


def _json(arbiter: Runner, *args: object) -> Any:
    done = arbiter(*args, "-f", "json")
    assert done.code == 0, done.err
    return json.loads(done.out)


def _csv(arbiter: Runner, *args: object) -> list[dict[str, str]]:
    done = arbiter(*args, "-f", "csv")
    assert done.code == 0, done.err
    return list(csv.DictReader(io.StringIO(done.out)))


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _fill(arbiter: Runner, folder: Path, round_number: int) -> None:
    """Every board of the round still without a result: 1-0."""
    rows = _json(arbiter, "-d", folder, "pairings", round_number)
    lines = [f"{r['match']}.{r['board']} 1-0\n" for r in rows
             if r["board"] is not None and r["match"] is not None and r["result"] is None
             and None not in (r["first"], r["second"])]
    _ok(arbiter, "-d", folder, "result", round_number, "--from", "-", stdin="".join(lines))


def _journal(arbiter: Runner, folder: Path) -> list[tuple[str, str, str]]:
    return [(r["change"], r["old"] or "", r["new"] or "") for r in _json(arbiter, "-d", folder, "log")]


def _board(arbiter: Runner, folder: Path, round_number: int, match: int, board: int) -> dict[str, Any]:
    return next(r for r in _json(arbiter, "-d", folder, "pairings", round_number)
                if (r["match"], r["board"]) == (match, board))


# --------------------------------------------------------------------------- 1. unpair keeps the line-ups


def test_unpair_puts_the_rounds_line_ups_back_in_lineups_csv_and_journals_them_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(LEAGUE)
    _fill(arbiter, folder, 4)
    _ok(arbiter, "-d", folder, "pair")
    _ok(arbiter, "-d", folder, "lineup", "5", "VIL", "6", "7", "8", "10")  # reserve Girard on board 4
    match = next(r["match"] for r in _json(arbiter, "-d", folder, "pairings", "5")
                 if r["board"] is None and 2 in (r["first"], r["second"]))
    side = "first" if _board(arbiter, folder, 5, match, 1)["first"] == 6 else "second"
    assert _board(arbiter, folder, 5, match, 4)[side] == 10
    said = _ok(arbiter, "-d", folder, "unpair")
    assert "round 5 line-up of team 2: 1. Michel, Louis, 2. Bertrand, Nathan, 3. Simon, Manon, 4. Girard, Lucas " \
           "(kept for the pairing)" in said
    assert (folder / "lineups.csv").read_text().splitlines() == [
        "round,team,board,start_number", "5,2,1,6", "5,2,2,7", "5,2,3,8", "5,2,4,10"]
    assert ("round 5 line-up of team 2", "", "1. Michel, Louis, 2. Bertrand, Nathan, 3. Simon, Manon, "
            "4. Girard, Lucas") in _journal(arbiter, folder)
    _ok(arbiter, "-d", folder, "pair")
    assert _board(arbiter, folder, 5, match, 4)[side] == 10  # Girard, not Mercier
    assert not (folder / "lineups.csv").exists()  # on the boards again
    # a line-up given before the pairing comes back the same way
    _ok(arbiter, "-d", folder, "unpair")
    _ok(arbiter, "-d", folder, "lineup", "5", "VIE", "11", "12", "13")  # board 4 left empty
    _ok(arbiter, "-d", folder, "pair")
    _ok(arbiter, "-d", folder, "unpair")
    assert "5,3,3,13" in (folder / "lineups.csv").read_text().splitlines()
    assert "5,3,4," not in (folder / "lineups.csv").read_text()
    assert _ok(arbiter, "-d", folder, "verify")


# --------------------------------------------------------------------------- 2. a forfeit keeps the line-up


def test_a_match_forfeit_entered_by_mistake_and_cleared_keeps_the_line_up_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)
    _ok(arbiter, "-d", folder, "lineup", "4", "8", "36", "37", "38", "40")  # Muller (40) on board 4, not 39
    before = (folder / "rounds/04.csv").read_text()
    _ok(arbiter, "-d", folder, "result", "4", "10", "-/+")
    kept = [line for line in (folder / "rounds/04.csv").read_text().splitlines() if line.startswith("10,")]
    assert kept == ["10,,8,4,-/+", "10,1,36,16,", "10,2,37,17,", "10,3,38,18,", "10,4,40,19,"]
    assert [(r["board"], r["result"], r["score"]) for r in _json(arbiter, "-d", folder, "pairings", "4")
            if r["match"] == 10] == [(None, "-/+", "0-4")]  # the forfeit alone counts
    _ok(arbiter, "-d", folder, "result", "4", "10", "none", "--correct")
    assert (folder / "rounds/04.csv").read_text() == before
    assert _board(arbiter, folder, 4, 10, 4)["first"] == 40
    # a short line-up's empty board too
    _ok(arbiter, "-d", folder, "lineup", "4", "8", "36", "37", "38")
    short = (folder / "rounds/04.csv").read_text()
    assert "10,4,,19,-/+" in short.splitlines()
    _ok(arbiter, "-d", folder, "result", "4", "10", "+/-")
    _ok(arbiter, "-d", folder, "result", "4", "10", "none", "--correct")
    assert (folder / "rounds/04.csv").read_text() == short
    assert _ok(arbiter, "-d", folder, "verify")


# --------------------------------------------------------------------------- 3. no pairing over a gap


@pytest.mark.parametrize(("kind", "gap"), [(SWISS, 3), (LEAGUE, 2)], ids=["team-swiss", "team-round-robin"])
def test_pair_refuses_and_verify_lists_an_earlier_round_without_a_result_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path], kind: str, gap: int) -> None:
    folder = sample(kind)
    _fill(arbiter, folder, 4)
    _ok(arbiter, "-d", folder, "result", gap, "1.1", "none", "--correct")
    done = arbiter("-d", folder, "verify")
    assert done.code == 0
    assert f"rounds/0{gap}.csv: no result on board 1.1 though round 4 is paired (incomplete)" in done.out
    assert "1 earlier round still waiting for results" in done.err
    files = _snapshot(folder)
    done = arbiter("-d", folder, "pair")
    assert done.code == 4 and done.err == f"arbiter: error: round {gap} still needs results: board 1.1\n"
    assert _snapshot(folder) == files
    _ok(arbiter, "-d", folder, "result", gap, "1.1", "1-0")
    _ok(arbiter, "-d", folder, "pair")


def test_team_swiss_pair_refuses_after_an_earlier_match_forfeit_is_cleared_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)
    _fill(arbiter, folder, 4)
    _ok(arbiter, "-d", folder, "result", "3", "10", "none", "--correct")  # its line-up comes back, no results
    assert "rounds/03.csv: no result on boards 10.1, 10.2, 10.3, 10.4 though round 4 is paired (incomplete)" in \
        arbiter("-d", folder, "verify").out
    done = arbiter("-d", folder, "pair")
    assert done.code == 4 and done.err == "arbiter: error: round 3 still needs results: boards 10.1, 10.2, 10.3, 10.4\n"
    assert not (folder / "rounds/05.csv").exists()


# --------------------------------------------------------------------------- 4. finishing early says what goes


def test_finishing_a_team_swiss_early_names_and_journals_the_team_byes_and_line_ups_it_drops_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)
    _fill(arbiter, folder, 4)
    _ok(arbiter, "-d", folder, "team", "bye", "9", "5")
    _ok(arbiter, "-d", folder, "lineup", "6", "8", "36", "37", "38", "40")
    files = _snapshot(folder)
    done = arbiter("-d", folder, "finalize", "--after-round", "4")
    assert done.code == 4
    assert "finish after round 4: the requested HPB of team 9 (Échecs Bourgoin) in round 5 will be dropped" in done.err
    assert "finish after round 4: the line-up of team 8 (Échecs Voiron) for round 6 will be dropped" in done.err
    assert _snapshot(folder) == files
    said = _ok(arbiter, "-d", folder, "finalize", "--after-round", "4", "--yes")
    assert "round 5 requested bye of team 9 (Échecs Bourgoin): HPB -> none" in said
    assert not (folder / "team_byes.csv").exists() and not (folder / "lineups.csv").exists()
    journal = _journal(arbiter, folder)
    assert ("round 5 requested bye of team 9 (Échecs Bourgoin)", "HPB", "") in journal
    assert ("round 6 line-up of team 8", "36 37 38 40", "") in journal


# --------------------------------------------------------------------------- 5. 6. the real reason, no empty row


def test_cancelling_a_team_bye_of_a_paired_round_says_the_round_is_paired_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)
    _fill(arbiter, folder, 4)
    _ok(arbiter, "-d", folder, "team", "bye", "9", "5")
    _ok(arbiter, "-d", folder, "pair")
    done = arbiter("-d", folder, "team", "bye", "9", "5", "--cancel")
    assert done.code == 4
    assert done.err.startswith("arbiter: error: round 5 is already paired (team 9 (Échecs Bourgoin) has its HPB "
                               "there): a requested bye is cancelled only for a round not yet paired")
    assert "has no requested bye" not in done.err


def test_a_team_withdrawal_over_an_existing_match_forfeit_journals_no_unchanged_result_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)
    assert "10,,19,8,+/-" in (folder / "rounds/03.csv").read_text().splitlines()  # team 8 did not show in round 3
    round_3 = (folder / "rounds/03.csv").read_bytes()
    earlier = len(_journal(arbiter, folder))
    said = _ok(arbiter, "-d", folder, "team", "withdraw", "8", "--after-round", "2")
    assert "round 3 match 10" not in said
    assert _journal(arbiter, folder)[earlier:] == [("team 8 (Échecs Voiron) status", "active", "withdrawn after round 2"),
                                                   ("round 4 match 10 result", "", "-/+")]
    assert (folder / "rounds/03.csv").read_bytes() == round_3


# --------------------------------------------------------------------------- 7. 8. the team card


def test_team_card_csv_writes_yes_or_no_and_half_points_as_the_other_csv_outputs_do(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)
    rows = [row for row in _csv(arbiter, "-d", folder, "team", "card", "9") if row["round"]]
    assert {row["counted"] for row in rows} == {"true"}
    draws = [row for row in rows if row["points"] == "0.5" and row["opponent"]]
    assert draws and {row["result"] for row in draws} == {"0.5"}  # not ½ beside 0.5
    assert {row["qualifies"] for row in _csv(arbiter, "-d", folder, "team", "boards")} <= {"true", "false"}
    # the JSON keeps its values: true, and the card's symbol
    assert {seat["counted"] for p in _json(arbiter, "-d", folder, "team", "card", "9") for seat in p["rounds"]} == {True}


def test_team_card_shows_a_round_won_or_lost_by_match_forfeit_end_to_end(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(SWISS)  # round 3, match 10: Oyonnax (19) wins by forfeit, Voiron (8) did not show
    won = [row for row in _csv(arbiter, "-d", folder, "team", "card", "19") if row["role"] == "match"]
    assert [(r["round"], r["opponent_team"], r["opponent_name"], r["result"], r["points"], r["counted"])
            for r in won] == [("3", "8", "Échecs Voiron", "+", "4", "true")]
    lost = [card for card in _json(arbiter, "-d", folder, "team", "card", "8") if card["role"] == "match"]
    assert [(r["round"], r["opponent_team"], r["result"], r["points"]) for card in lost for r in card["rounds"]] == [
        (3, 19, "-", 0)]
    table = arbiter("-d", folder, "team", "card", "8").out
    line = next(line for line in table.splitlines() if "(the team)" in line)
    assert "Échecs Oyonnax" in line and " - " in line and " 3 " in line
    # the team's own line comes before its players (note of issue 28: below the last player it read as theirs)
    rows = [row for row in table.splitlines() if row.startswith("│")]
    assert "(the team)" in rows[0] and "Petit, Lucas" in rows[1]
    assert _json(arbiter, "-d", folder, "team", "card", "8")[0]["role"] == "match"


def test_a_team_round_names_its_missing_boards_shortened_as_the_swiss_does(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    """Trial of issue 29: a team event's ``result`` and ``standings`` listed every board still without a
    result (252 on 200 teams), where an individual event names ten and says how many more."""
    folder = sample(SWISS)  # round 4: 28 boards still to play
    entered = arbiter("-d", folder, "result", "4", "4.1", "1-0")
    assert entered.code == 0
    assert "round 4: 27 results missing (4.2, 4.3, 4.4, 5.1, 5.2, 5.3, 5.4, 6.1, 6.2, 6.3 and 17 more)" in entered.err
    noted = arbiter("-d", folder, "standings")
    assert "no result yet on boards 4.2, 4.3, 4.4, 5.1, 5.2, 5.3, 5.4, 6.1, 6.2, 6.3 and 17 more" in noted.err


def test_c04_2_4_3_a_team_correction_of_a_round_later_rounds_were_paired_on_says_so(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    """Trial of issue 29: a team event's correction of an earlier round said nothing of the rounds paired on
    the old result, where the Swiss names them; their published pairings stand (C.04.2 4.3)."""
    folder = sample(SWISS)  # round 4 is paired
    corrected = arbiter("-d", folder, "result", "3", "1.1", "0-1", "--correct")
    assert corrected.code == 0
    assert ("note: round 4 was paired before this change to round 3; published pairings stand (C.04.2 4.3); "
            "'arbiter trf check' on an export shows whether paired again now it would come out differently"
            ) in corrected.err
    entered = arbiter("-d", folder, "result", "4", "4.1", "1-0")  # the last round: nothing was paired on it
    assert entered.code == 0 and "paired before" not in entered.err


def test_a_line_up_given_by_roster_places_names_the_teams_start_numbers(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    """Trial of issue 30: 'lineup 5 2 1 2 3' (the roster's places) said only "'1' is not on the roster"; a
    line-up takes start numbers or names, and the message gives the team's."""
    folder = sample(SWISS)
    done = arbiter("-d", folder, "lineup", "5", "2", "1", "2", "3")
    assert done.code == 4 and done.err.count("\n") == 1
    assert ("'1' is not on the roster of team 2 (Échecs Annecy): a player is named by start number (6-10, as "
            "'arbiter team roster 2' lists them) or by name") in done.err


def test_team_card_shows_the_teams_bye(arbiter: Runner, tmp_path: Path) -> None:
    """A team's PAB (C.04.6 1.4: a drawn match unless the regulations say a won one) gave it points, yet its
    card showed nothing of the round (trial of issue 29). It is a round of the team's own line: ``bye``, the
    kind, the game points."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--rounds", "3", "--name", "T",
                   "--seed", "3").code == 0
    (tmp_path / "teams.csv").write_text("team,short,name,rating\n" + "".join(
        f'Team{t},T{t},"P{t}{p}, X",{2000 - 10 * p}\n' for t in "ABC" for p in (1, 2)), encoding="utf-8")
    assert arbiter("-d", folder, "team", "import", tmp_path / "teams.csv").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    byes = [t for t in (1, 2, 3) if any(r["role"] == "match" for r in _csv(arbiter, "-d", folder, "team", "card", str(t)))]
    assert len(byes) == 1

    rows = [r for r in _csv(arbiter, "-d", folder, "team", "card", str(byes[0])) if r["role"] == "match"]
    table = arbiter("-d", folder, "team", "card", str(byes[0])).out

    assert [(r["round"], r["opponent_team"], r["result"], r["points"], r["counted"]) for r in rows] == [
        ("1", "", "PAB", "1", "true")]
    line = next(line for line in table.splitlines() if "(the team)" in line)
    assert " bye " in line and " PAB " in line


def test_verify_of_a_team_event_counts_its_teams_and_their_players(arbiter: Runner,
                                                                   sample: Callable[[str], Path]) -> None:
    """trial37: a team event's verify said "100 players", not the 20 teams the arbiter knows it by."""
    done = arbiter("-d", sample("team-swiss20-in-progress"), "verify")
    assert done.code == 0 and "the folder is sound: 20 teams (100 players), 4 rounds" in done.err, done.err
