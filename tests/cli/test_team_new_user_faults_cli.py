"""Issue 30, "Teams": what new users tripped over in team events, tried as an arbiter would from the
command line. Each test is named after the fault it pins: the roster's place for a late strong
player (``team roster TEAM add --at N``), the match points of the pairing sheet, the colour of an
empty board's opponent, and the same player registered in two teams."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.core.points import format_points
from conftest import Runner, snapshot


@pytest.fixture
def league(arbiter: Runner, tmp_path: Path) -> Path:
    """A team round robin of 2 boards, three teams registered, nothing paired."""
    folder = tmp_path / "league"
    assert arbiter("new", folder, "--teams", "--boards", 2, "--system", "round-robin", "--name", "League",
                   "--seed", 7).code == 0
    for name, short, players in (("Lyon", "LOE", ["Ash, Ann/2300", "Birch, Bo/2100", "Cole, Cy/2000"]),
                                 ("Bron", "BRO", ["Dale, Di/2250", "Elm, Ed/2050"]),
                                 ("Caen", "CAE", ["Fir, Fay/2200", "Gale, Gus/2150"])):
        assert arbiter("-d", folder, "team", "add", name, "--short", short).code == 0
        assert arbiter("-d", folder, "team", "roster", short, "add", *players).code == 0
    return folder


def _roster(arbiter: Runner, folder: Path, team: str) -> list[tuple[str, str]]:
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "team", "roster", team, "-f", "csv").out)))
    return [(row["place"], row["name"]) for row in rows]


# ---------------------------------------------------------------- (1) a place on the roster


def test_roster_add_at_a_place_puts_a_strong_late_player_mid_roster_before_round_1(arbiter: Runner,
                                                                                      league: Path) -> None:
    result = arbiter("-d", league, "team", "roster", "LOE", "add", "Late, Lou/2200", "--at", 2)
    assert result.code == 0, result.err
    assert result.err == "team 1 roster: none -> Late, Lou (2200) at no. 2\n"
    assert _roster(arbiter, league, "LOE") == [("1", "Ash, Ann"), ("2", "Late, Lou"), ("3", "Birch, Bo"),
                                               ("4", "Cole, Cy")]
    numbers = list(csv.DictReader(io.StringIO(arbiter("-d", league, "team", "roster", "LOE", "-f", "csv").out)))
    assert [row["start_number"] for row in numbers] == ["1", "2", "3", "4"]  # numbered team by team, in roster order
    assert "Late, Lou (2200) at no. 2" in arbiter("-d", league, "log", "-f", "csv").out


def test_roster_add_at_a_place_that_breaks_the_rating_order_is_refused_and_changes_nothing(
        arbiter: Runner, league: Path) -> None:
    before = snapshot(league)
    result = arbiter("-d", league, "team", "roster", "LOE", "add", "Late, Lou/2200", "--at", 3)
    assert result.code == 4 and result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("arbiter: error: ")
    assert "no. 2 Birch, Bo (2100) stands above no. 3 Late, Lou (2200)" in result.err
    assert "a roster is in rating order" in result.err
    assert snapshot(league) == before


@pytest.mark.parametrize("place", [0, 5, -1])
def test_roster_add_at_a_place_off_the_roster_names_the_option_and_the_places(arbiter: Runner, league: Path,
                                                                              place: int) -> None:
    before = snapshot(league)
    result = arbiter("-d", league, "team", "roster", "LOE", "add", "Late, Lou/1900", "--at", place)
    assert result.code == 2 and result.err == (
        f"arbiter: error: field '--at': {place} is not a place on the roster of team 1 (Lyon): 1 (the top) to 4 "
        "(the end)\n")
    assert snapshot(league) == before


def test_roster_add_at_the_end_is_an_append(arbiter: Runner, league: Path) -> None:
    result = arbiter("-d", league, "team", "roster", "LOE", "add", "Dew, Dot/1900", "--at", 4)
    assert result.code == 0 and result.err == "team 1 roster: none -> Dew, Dot (1900)\n"
    assert _roster(arbiter, league, "LOE")[-1] == ("4", "Dew, Dot")


def test_roster_remove_takes_no_place(arbiter: Runner, league: Path) -> None:
    before = snapshot(league)
    result = arbiter("-d", league, "team", "roster", "LOE", "remove", "Cole, Cy", "--at", 2)
    assert result.code == 2 and "field '--at'" in result.err and result.err.count("\n") == 1
    assert snapshot(league) == before


def test_roster_add_at_a_place_inside_the_roster_is_refused_once_round_1_is_paired(arbiter: Runner,
                                                                                   league: Path) -> None:
    """The rounds played name the players by start number and a roster is its players in
    start-number order: once round 1 is paired the places stand, and a late player joins at the
    end, the rating order checked as ever."""
    assert arbiter("-d", league, "pair").code == 0
    before = snapshot(league)
    result = arbiter("-d", league, "team", "roster", "LOE", "add", "Late, Lou/1900", "--at", 2)
    assert result.code == 4 and result.out == ""
    assert result.err == ("arbiter: error: round 1 is paired: the start numbers are fixed, and a roster is its "
                          "players in start-number order, so a player added now joins team 1 at its end, place 4 "
                          "(leave out --at)\n")
    assert snapshot(league) == before
    strong = arbiter("-d", league, "team", "roster", "LOE", "add", "Late, Lou/2200")
    assert strong.code == 4 and "a roster is in rating order" in strong.err
    assert snapshot(league) == before
    late = arbiter("-d", league, "team", "roster", "LOE", "add", "Late, Lou/1900", "--at", 4)
    assert late.code == 0, late.err
    assert _roster(arbiter, league, "LOE")[-1] == ("4", "Late, Lou")
    assert arbiter("-d", league, "verify").code == 0


# ---------------------------------------------------------------- (2) match points on the pairing sheet


def _played(arbiter: Runner, league: Path) -> None:
    assert arbiter("-d", league, "pair").code == 0
    assert arbiter("-d", league, "result", 1, "--from", "-", stdin="1.1 1-0\n1.2 1/2\n").code == 0
    assert arbiter("-d", league, "pair").code == 0


def test_team_pairing_sheet_shows_each_teams_match_and_game_points_before_the_round(arbiter: Runner,
                                                                                    league: Path) -> None:
    _played(arbiter, league)
    standings = {row["name"]: (row["match_points"], row["game_points"]) for row in
                 csv.DictReader(io.StringIO(arbiter("-d", league, "standings", "-f", "csv").out))}
    result = arbiter("-d", league, "pairings", 2, "--print")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert re.search(r"Bd +Team / player +Rtg/Pts +Result +Team / player +Rtg/Pts", result.out)
    assert ("Rtg/Pts: a player's rating, and on a team's line its match points before the round, its game points "
            "in brackets") in " ".join(lines)
    for name, (mp, gp) in standings.items():  # nothing entered in round 2: the standings are those before it
        line, = [line for line in lines if re.search(rf"\d {name} ", line)]  # its match's line, or its bye's
        assert re.search(rf"{name} +{re.escape(mp)} \({re.escape(format_points(Fraction(gp)))}\)", line), line
    records = list(csv.DictReader(io.StringIO(arbiter("-d", league, "pairings", 2, "-f", "csv").out)))
    match = next(r for r in records if r["board"] == "")
    assert (match["first_mp"], match["first_gp"]) == standings[match["first_name"]]
    assert (match["second_mp"], match["second_gp"]) == standings[match["second_name"]]


def test_team_pairing_sheet_of_round_1_has_no_points_column(arbiter: Runner, league: Path) -> None:
    assert arbiter("-d", league, "pair").code == 0
    out = arbiter("-d", league, "pairings", 1, "--print").out
    assert "Pts" not in out and re.search(r"Bd +Team / player +Rtg +Result", out)


def test_team_pairing_sheet_published_shows_the_points_before_the_round(arbiter: Runner, league: Path,
                                                                       tmp_path: Path) -> None:
    _played(arbiter, league)
    site = tmp_path / "site"
    assert arbiter("-d", league, "publish", site).code == 0
    page = (site / "rounds" / "2.html").read_text(encoding="utf-8")
    standings = list(csv.DictReader(io.StringIO(arbiter("-d", league, "standings", "-f", "csv").out)))
    for row in standings:  # nothing entered in round 2: the standings are those before it
        shown = (f'<a class="team" href="../teams/{row["team_number"]}.html"><bdi>{row["name"]}</bdi></a> '
                 f'({format_points(Fraction(row["match_points"]))} MP, {format_points(Fraction(row["game_points"]))} GP)')
        assert shown in page, shown
    assert " MP, " not in (site / "rounds" / "1.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- (3) an empty board's opponent's colour


def test_empty_boards_opponent_has_the_same_colour_on_the_team_card_as_in_the_pairings(arbiter: Runner,
                                                                                       league: Path) -> None:
    assert arbiter("-d", league, "team", "roster", "BRO", "remove", "Dale, Di").code == 0  # Bron: one player
    assert arbiter("-d", league, "pair").code == 0
    records = list(csv.DictReader(io.StringIO(arbiter("-d", league, "pairings", 1, "-f", "csv").out)))
    empty = [r for r in records if r["board"] and (r["first"] == "" or r["second"] == "")]
    pairings = {}
    for row in empty:
        player_first = row["first"] != ""
        colour = row["colour"] if player_first else ("b" if row["colour"] == "w" else "w")
        pairings[row["first_name"] if player_first else row["second_name"]] = colour
    assert pairings, records
    for name, colour in pairings.items():
        team = next(short for short in ("LOE", "BRO", "CAE") if any(
            n == name for _, n in _roster(arbiter, league, short)))
        cards = list(csv.DictReader(io.StringIO(arbiter("-d", league, "team", "card", team, "-f", "csv").out)))
        seat = next(r for r in cards if r["name"] == name and r["round"] == "1")
        assert seat["colour"] == colour and colour in ("w", "b"), seat


# ---------------------------------------------------------------- (4) the same player in two teams


NAMESAKE = ("warning: Cole, Cy (2000) of team 1 (Lyon) and Cole, Cy (2000) of team 2 (Bron) have the same name and "
            "rating and not both a FIDE ID: the same player in two teams? (give the FIDE ID to tell them apart)\n")


def test_same_name_and_rating_in_two_teams_without_fide_id_warns_on_roster_add(arbiter: Runner,
                                                                              league: Path) -> None:
    result = arbiter("-d", league, "team", "roster", "BRO", "add", "COLE, Cy/2000")
    assert result.code == 0
    assert result.err == "team 2 roster: none -> COLE, Cy (2000)\n" + NAMESAKE.replace(
        "Cole, Cy (2000) of team 2", "COLE, Cy (2000) of team 2")
    assert "COLE, Cy" in arbiter("-d", league, "team", "roster", "BRO").out  # registered all the same
    again = arbiter("-d", league, "team", "roster", "CAE", "add", "Hill, Hal/1900")
    assert again.code == 0 and "warning" not in again.err  # only the registration that made it warns


def test_same_name_and_rating_in_two_teams_without_fide_id_warns_on_team_import_and_verify(arbiter: Runner,
                                                                                          league: Path) -> None:
    result = arbiter("-d", league, "team", "import", "-",
                     stdin='team,short,name,rating,fide_id\nBron,BRO,"Cole, Cy",2000,\nDijon,DIJ,"Fir, Fay",2200,\n')
    assert result.code == 0, result.err
    warnings = [line for line in result.err.splitlines() if line.startswith("warning: ")]
    assert warnings == [NAMESAKE.strip(), NAMESAKE.strip().replace("Cole, Cy (2000) of team 1 (Lyon)",
                        "Fir, Fay (2200) of team 3 (Caen)").replace("Cole, Cy (2000) of team 2 (Bron)",
                                                                     "Fir, Fay (2200) of team 4 (Dijon)")]
    verify = arbiter("-d", league, "verify")
    assert verify.code == 0 and [line for line in verify.err.splitlines() if line.startswith("warning: ")] == warnings


def test_same_name_and_rating_in_two_teams_with_fide_ids_is_no_warning(arbiter: Runner, league: Path) -> None:
    assert arbiter("-d", league, "team", "roster", "LOE", "add", "Hale, Hu/1900/1001").code == 0
    result = arbiter("-d", league, "team", "roster", "BRO", "add", "Hale, Hu/1900/1002")
    assert result.code == 0 and "warning" not in result.err
    assert "warning" not in arbiter("-d", league, "verify").err


def test_a_fide_id_already_on_another_team_names_that_team_by_name(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("team-swiss20-in-progress")
    assert arbiter("-d", folder, "team", "roster", "1", "add", "A, B/1500/12345678").code == 0
    before = snapshot(folder)
    done = arbiter("-d", folder, "team", "roster", "2", "add", "E, F/1400/12345678")
    assert done.code == 4 and done.err == ("arbiter: error: E, F: FIDE id 12345678 is already A, B's, "
                                           "of Échecs Grenoble\n")  # by name: a team import numbers none yet
    assert snapshot(folder) == before


def test_the_same_fide_id_given_twice_in_one_roster_add_is_refused_in_one_line(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("team-swiss20-in-progress")
    before = snapshot(folder)
    done = arbiter("-d", folder, "team", "roster", "1", "add", "A, B/1500/12345678", "C, D/1400/12345678")
    assert done.code == 4 and done.err == "arbiter: error: C, D: FIDE id 12345678 is given twice, for A, B too\n"
    assert snapshot(folder) == before


def test_roster_show_with_at_is_refused_as_remove_is_rather_than_left_unread(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("team-swiss20-in-progress")
    for args in (("1", "--at", "2"), ("1", "show", "--at", "2")):
        done = arbiter("-d", folder, "team", "roster", *args)
        assert done.code == 2 and "--at is a place for the players added; 'show' takes none" in done.err, args


def test_team_standings_name_an_earlier_round_a_correction_left_without_a_result(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """The trial: with round 1's result cleared, the standings spoke of round 4 only (and, after round 2,
    of nothing), while an individual event's say "(round 2 not complete)"."""
    folder = sample("team-swiss20-in-progress")
    assert arbiter("-d", folder, "result", "1", "1.1", "none", "--correct").code == 0
    after_2 = arbiter("-d", folder, "standings", "--after-round", "2", "-f", "csv")
    assert after_2.code == 0 and "note: round 1 is not complete; no result yet on board 1.1" in after_2.err
    table = arbiter("-d", folder, "standings")
    assert "note: round 1 is not complete" in table.err and "note: round 4 is not complete" in table.err
    assert "(rounds 1, 4 not complete)" in " ".join(table.out.split())
