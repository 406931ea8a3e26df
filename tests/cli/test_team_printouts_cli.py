"""The team printouts of issue 15 on the command line: ``pairings`` and ``standings`` with
``--print``/``--html`` on a team folder, ``crosstable`` on a team folder, ``team card`` and
``team boards``, each as a table (80 columns wide), CSV, JSON, a printed page and an HTML page.
Each test is named after what it pins.

The league: four teams, a double round robin of 4 boards, in round 3: round 1 all played, round
2 with a reserve in a line-up and an empty board, round 3 with a match forfeit and a board still
to enter."""

from __future__ import annotations

import csv
import io
import json
import shutil
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from conftest import Runner, quiet_arbiter, snapshot

TEAMS = """team,short,name,rating
Alpha Knights,ALK,"Aalto, Ann",2210
Alpha Knights,ALK,"Berg, Bo",2150
Alpha Knights,ALK,"Carr, Cid",2100
Alpha Knights,ALK,"Dahl, Dan",2000
Alpha Knights,ALK,"Ek, Eve",1900
Bishops <&> Bergen,BOB,Fay,2250
Bishops <&> Bergen,BOB,Gus,2100
Bishops <&> Bergen,BOB,Hal,2050
Bishops <&> Bergen,BOB,Ian,1950
Castle Rooks,CAS,Jo,2000
Castle Rooks,CAS,Kim,1980
Castle Rooks,CAS,Lee,1900
Castle Rooks,CAS,Max,
Dragons,DRA,Nia,2300
Dragons,DRA,Oz,2200
Dragons,DRA,Pia,1800
Dragons,DRA,Quin,1700
"""
ESCAPE = re.compile(r"\x1b\[")


ROUNDS = {1: "1.1 1-0\n1.2 1/2\n1.3 1/2\n1.4 0-1\n2.1 1/2\n2.2 1-0\n2.3 1-0\n2.4 1/2\n",
          2: "1.1 1-0\n1.2 0-1\n1.3 1/2\n2.1 0-1\n2.2 1/2\n2.3 1-0\n2.4 1-0\n",  # 1.4: an empty board
          3: "1 -/+\n2.1 1-0\n2.2 1/2\n2.3 0-1\n"}  # a match forfeit; 2.4 still to enter


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("league")
    league = base / "league"
    assert quiet_arbiter("new", league, "--teams", "--boards", 4, "--system", "double-round-robin", "--name",
                         "Club League 2026", "--place", "Bergen", "--start-date", "2026-03-01", "--seed", 1) == 0
    (base / "teams.csv").write_text(TEAMS, encoding="utf-8")
    assert quiet_arbiter("-d", league, "team", "import", base / "teams.csv") == 0
    for number, results in ROUNDS.items():
        if number == 2:
            assert quiet_arbiter("-d", league, "lineup", 2, "ALK", "Aalto, Ann", "Berg, Bo", "Carr, Cid", "Ek, Eve") == 0
            assert quiet_arbiter("-d", league, "lineup", 2, "CAS", "Jo", "Kim", "Lee") == 0
        assert quiet_arbiter("-d", league, "pair") == 0
        (base / f"r{number}.txt").write_text(results, encoding="utf-8")
        assert quiet_arbiter("-d", league, "result", number, "--from", base / f"r{number}.txt") == 0
    return league


def lines_of(text: str) -> list[str]:
    return text.replace("\f", "\n").splitlines()


def fits(out: str, width: int = 80) -> bool:
    return max(cell_len(line) for line in out.splitlines()) <= width


# --------------------------------------------------------------------------- pairings


def test_pairings_print_gives_the_round_by_match_under_the_page_header(arbiter: Runner, folder: Path) -> None:
    result = arbiter("-d", folder, "pairings", 3, "--print")
    assert result.code == 0, result.err
    lines = lines_of(result.out)
    assert lines[:3] == ["Club League 2026", "Bergen, 2026-03-01", lines[2]]
    assert lines[2].startswith("Round 3 of 6: pairings    printed ")
    body = [line.split() for line in lines[lines.index(next(x for x in lines if x.startswith("---"))) + 1:]][:6]
    assert body[0][:4] == ["1", "4", "Castle", "Rooks"] and "-/+" in body[0] and "(forfeit)" in body[0]
    assert body[1][:3] == ["2", "1", "Alpha"] and "1½-1½" in body[1]
    assert body[2] == ["2.1", "w", "Aalto,", "Ann", "2210", "1-0", "b", "Fay", "2250"]
    assert body[5] == ["2.4", "b", "Dahl,", "Dan", "2000", "w", "Ian", "1950"]  # no result yet
    assert lines[-1] == "page 1/1" and fits(result.out)


def test_pairings_print_shows_an_empty_board(arbiter: Runner, folder: Path) -> None:
    out = arbiter("-d", folder, "pairings", 2, "--print").out
    assert re.search(r"1\.4 +b Ian +1950 +\+/- +\(empty board\)", out)


def test_pairings_html_is_a_standalone_page_with_the_names_escaped(arbiter: Runner, folder: Path,
                                                                   tmp_path: Path) -> None:
    page = tmp_path / "r3.html"
    before = snapshot(folder)
    result = arbiter("-d", folder, "pairings", "--html", page)
    assert result.code == 0 and result.out == ""
    text = page.read_text(encoding="utf-8")
    assert "<title>Club League 2026: round 3 pairings</title>" in text
    assert "2 Bishops &lt;&amp;&gt; Bergen" in text and "Bishops <&>" not in text
    assert '<p class="what">Round 3 of 6: pairings</p>' in text
    assert snapshot(folder) == before


def test_pairings_csv_and_json_keep_their_shape(arbiter: Runner, folder: Path) -> None:
    records = json.loads(arbiter("-d", folder, "pairings", 3, "-f", "json").out)
    assert set(records[0]) == {"match", "board", "first", "second", "first_name", "second_name", "result", "score",
                               "finished", "colour", "first_mp", "first_gp", "second_mp", "second_gp"}
    assert next(csv.reader(io.StringIO(arbiter("-d", folder, "pairings", 3, "-f", "csv").out))) == [
        "match", "first", "result", "second", "board", "first_name", "second_name", "score", "finished", "colour",
        "first_mp", "first_gp", "second_mp", "second_gp"]


def test_a_page_is_not_csv_or_json_and_explain_is_for_the_dutch_system(arbiter: Runner, folder: Path) -> None:
    for command in (["pairings"], ["standings"], ["crosstable"], ["team", "card"], ["team", "boards"]):
        result = arbiter("-d", folder, *command, "--print", "-f", "json")
        assert result.code == 2 and "--print" in result.err, command
    result = arbiter("-d", folder, "pairings", "--explain")
    assert result.code == 2 and "Berger" in result.err


# --------------------------------------------------------------------------- standings


def test_standings_print_has_the_tiebreak_legend(arbiter: Runner, folder: Path) -> None:
    result = arbiter("-d", folder, "standings", "--print")
    assert result.code == 0, result.err
    lines = lines_of(result.out)
    assert lines[2].startswith("Team standings after round 3 (tie-breaks: C.07 2026 rules)    printed ")
    assert [line.split()[:3] for line in lines[6:10]] == [["1", "3", "Dragons"], ["2", "2", "Bishops"],
                                                          ["3", "1", "Alpha"], ["4", "4", "Castle"]]
    legend = [line.split(":")[0] for line in lines if re.match(r"^(MP|GP|EDE|EMGSB): ", line)]
    assert legend == ["MP", "GP", "EDE", "EMGSB"]


def test_standings_html_has_the_legend_in_its_footer(arbiter: Runner, folder: Path, tmp_path: Path) -> None:
    page = tmp_path / "s.html"
    assert arbiter("-d", folder, "standings", "--html", page, "--tiebreaks", "MP,GP,BH:MP").code == 0
    text = page.read_text(encoding="utf-8")
    assert "<title>Club League 2026: team standings after round 3</title>" in text
    assert "<p>BH:MP: Buchholz on match points</p>" in text


# --------------------------------------------------------------------------- crosstable


def test_crosstable_cells_are_the_game_points_against_each_team(arbiter: Runner, folder: Path) -> None:
    records = json.loads(arbiter("-d", folder, "crosstable", "-f", "json").out)
    assert [(r["team_number"], r["match_points"], r["game_points"], r["rank"]) for r in records] == [
        (1, 1, 5, 3), (2, 4, 7, 2), (3, 4, 7.5, 1), (4, 1, 3.5, 4)]
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "crosstable", "-f", "csv").out)))
    assert [[row[str(n)] for n in range(1, 5)] for row in rows] == [
        ["×", "1½?", "1½", "2"], ["1½?", "×", "3", "2½"], ["2½", "1", "×", "+"], ["2", "1½", "-", "×"]]


def test_crosstable_json_gives_each_match_of_each_team(arbiter: Runner, folder: Path) -> None:
    records = json.loads(arbiter("-d", folder, "crosstable", "-f", "json").out)
    assert set(records[0]) == {"team_number", "name", "match_points", "game_points", "rank", "tiebreaks", "matches"}
    assert records[3]["matches"] == [
        {"round": 1, "opponent": 1, "outcome": "D", "colour": "b", "match_points": 1, "game_points": 2},
        {"round": 2, "opponent": 2, "outcome": "L", "colour": "b", "match_points": 0, "game_points": 1.5},
        {"round": 3, "opponent": 3, "outcome": "-", "colour": None, "match_points": 0, "game_points": 0}]


def test_crosstable_table_fits_80_columns(arbiter: Runner, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = arbiter("-d", folder, "crosstable")
    assert result.code == 0 and fits(result.out)
    assert "│  3 │ Dragons            │ 2½  │  1  │ ×  │ +  │  4 │ 7½ │    1 │" in result.out


def test_crosstable_print_and_html_have_the_legend(arbiter: Runner, folder: Path, tmp_path: Path) -> None:
    out = arbiter("-d", folder, "crosstable", "--print").out
    assert lines_of(out)[2].startswith("Team crosstable after round 3    printed ")
    assert "both matches in round order" in " ".join(out.split()) and fits(out)
    page = tmp_path / "x.html"
    assert arbiter("-d", folder, "crosstable", "--html", page).code == 0
    text = page.read_text(encoding="utf-8")
    assert "<title>Club League 2026: team crosstable after round 3</title>" in text
    assert '<td class="center">1½?</td>' in text


# --------------------------------------------------------------------------- team card


def test_team_card_gives_each_players_rounds_in_80_columns(arbiter: Runner, folder: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = arbiter("-d", folder, "team", "card", "ALK")
    assert result.code == 0 and fits(result.out)
    assert result.out.splitlines()[0].startswith("Club League 2026: team card of 1 Alpha Knights after round 3")
    assert "│ 5 │  5 │ Ek, Eve   │ 1900 │   0 │     1 │  2 │  4 │ w │  3 │ Quin 1700 │  0  │" in result.out


def test_team_card_json_is_a_record_per_player_with_its_rounds(arbiter: Runner, folder: Path) -> None:
    records = json.loads(arbiter("-d", folder, "team", "card", "Alpha Knights", "-f", "json").out)
    assert [(r["name"], r["role"], r["points"], r["games"]) for r in records] == [
        ("Aalto, Ann", "main", 3, 3), ("Berg, Bo", "main", 1.5, 3), ("Carr, Cid", "main", 0.5, 3),
        ("Dahl, Dan", "main", 0, 1), ("Ek, Eve", "reserve", 0, 1)]
    assert records[3]["rounds"][1] == {"round": 3, "board": 4, "colour": "b", "opponent": 9, "opponent_name": "Ian",
                                       "opponent_rating": 1950, "opponent_team": 2, "result": "?", "points": 0,
                                       "counted": True}


def test_team_card_csv_has_a_line_per_round_played_for_every_team(arbiter: Runner, folder: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "team", "card", "-f", "csv").out)))
    assert {row["team_number"] for row in rows} == {"1", "2", "3", "4"}
    ian = [row for row in rows if row["name"] == "Ian"]  # the forfeit of round 2 apart, as team boards counts it
    assert [(row["round"], row["opponent"], row["result"], row["total_points"], row["forfeit_wins"]) for row in ian] == [
        ("1", "13", "0.5", "0.5", "1"), ("2", "", "+", "0.5", "1"), ("3", "4", "?", "0.5", "1")]


def test_team_card_print_is_a_page_per_team_and_html_a_section_each(arbiter: Runner, folder: Path,
                                                                  tmp_path: Path) -> None:
    out = arbiter("-d", folder, "team", "card", "--print").out
    assert out.count("\f") == 3 and fits(out)
    assert "Team card of 2 Bishops <&> Bergen after round 3    printed " in out
    page = tmp_path / "cards.html"
    assert arbiter("-d", folder, "team", "card", "--html", page).code == 0
    assert page.read_text(encoding="utf-8").count("<section") == 4


def test_team_card_of_an_unknown_team_is_a_bad_argument(arbiter: Runner, folder: Path) -> None:
    result = arbiter("-d", folder, "team", "card", "Nobody")
    assert result.code == 2 and "TEAM" in result.err and "no team 'Nobody'" in result.err


# --------------------------------------------------------------------------- board prizes


def test_team_boards_json_gives_each_players_board_statistics(arbiter: Runner, folder: Path) -> None:
    records = json.loads(arbiter("-d", folder, "team", "boards", "-f", "json").out)
    assert set(records[0]) == {"board", "start_number", "name", "team_number", "team", "rating", "games", "points",
                               "percentage", "performance", "qualifies", "forfeit_wins", "forfeit_losses",
                               "other_boards"}
    by_name = {r["name"]: r for r in records}
    assert by_name["Aalto, Ann"] == {
        "board": 1, "start_number": 1, "name": "Aalto, Ann", "team_number": 1, "team": "Alpha Knights",
        "rating": 2210, "games": 3, "points": 3, "percentage": 100.0, "performance": 2983, "qualifies": True,
        "forfeit_wins": 0, "forfeit_losses": 0, "other_boards": ""}
    assert (by_name["Ian"]["games"], by_name["Ian"]["forfeit_wins"], by_name["Ian"]["qualifies"]) == (1, 1, False)


def test_team_boards_table_fits_80_columns_and_says_who_qualifies(arbiter: Runner, folder: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = arbiter("-d", folder, "team", "boards")
    assert result.code == 0 and fits(result.out)
    assert "at least 2 games over the board: 2/3 of the 3 rounds" in result.err


def test_team_boards_print_and_html(arbiter: Runner, folder: Path, tmp_path: Path) -> None:
    out = arbiter("-d", folder, "team", "boards", "--print").out
    assert lines_of(out)[2].startswith("Board prizes after round 3    printed ") and fits(out)
    page = tmp_path / "b.html"
    assert arbiter("-d", folder, "team", "boards", "--html", page).code == 0
    assert "<title>Club League 2026: board prizes after round 3</title>" in page.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- NO_COLOR, a pipe


@pytest.mark.parametrize("command", [["pairings"], ["standings"], ["crosstable"], ["team", "card", "1"],
                                     ["team", "boards"]])
def test_a_table_in_a_pipe_has_no_colour_codes_with_or_without_no_color(
        arbiter: Runner, folder: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.delenv("NO_COLOR")
    plain = arbiter("-d", folder, *command)
    monkeypatch.setenv("NO_COLOR", "1")
    assert plain.code == 0 and not ESCAPE.search(plain.out)
    assert arbiter("-d", folder, *command).out == plain.out


# --------------------------------------------------------------------------- the card and the board list agree


@pytest.fixture(scope="module")
def moved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four teams in a single round robin (3 rounds): Dragons withdraw after round 1, having
    played 1 of their 3 matches (the half rule counts them for nobody); in round 2 Alpha Knights
    play without Carr, so Dahl moves up to board 3 and Ek plays board 4; in round 3 Castle Rooks
    leave board 4 empty (a forfeit win for Ian, facing it)."""
    base = tmp_path_factory.mktemp("moved")
    league = base / "league"
    assert quiet_arbiter("new", league, "--teams", "--boards", 4, "--system", "round-robin", "--name", "Cup",
                         "--start-date", "2026-03-01", "--seed", 1) == 0
    (base / "teams.csv").write_text(TEAMS, encoding="utf-8")
    assert quiet_arbiter("-d", league, "team", "import", base / "teams.csv") == 0
    for number, results in {1: "1.1 1-0\n1.2 1/2\n1.3 1/2\n1.4 0-1\n2.1 1-0\n2.2 1-0\n2.3 1-0\n2.4 1/2\n",
                            2: "2.1 1-0\n2.2 0-1\n2.3 1-0\n2.4 1-0\n", 3: "1.1 1/2\n1.2 1-0\n1.3 0-1\n"}.items():
        if number == 2:
            assert quiet_arbiter("-d", league, "team", "withdraw", "DRA") == 0
            assert quiet_arbiter("-d", league, "lineup", 2, "ALK", "Aalto, Ann", "Berg, Bo", "Dahl, Dan", "Ek, Eve") == 0
        if number == 3:
            assert quiet_arbiter("-d", league, "lineup", 3, "CAS", "Jo", "Kim", "Lee") == 0
        assert quiet_arbiter("-d", league, "pair") == 0
        (base / f"r{number}.txt").write_text(results, encoding="utf-8")
        assert quiet_arbiter("-d", league, "result", number, "--from", base / f"r{number}.txt") == 0
    return league


def test_team_card_and_team_boards_count_the_same_games(arbiter: Runner, moved: Path) -> None:
    """Fault 8 of issue 25: a card said 9 games / 4½ where the board list said 8 / 3½. The card
    counted the games of a match the half rule counts for nobody and a forfeit in its points; both
    now read one count (lifecycle/board_prizes.player_records): every player who sat at a board has
    the same games, points and forfeits on both."""
    cards = json.loads(arbiter("-d", moved, "team", "card", "-f", "json").out)
    boards = {row["start_number"]: row for row in json.loads(arbiter("-d", moved, "team", "boards", "-f", "json").out)}
    seated = [card for card in cards if card["rounds"] and card["team"] != "Dragons" and card["role"] != "match"]
    assert {card["start_number"] for card in seated} == set(boards)
    assert {card["name"]: (card["games"], card["points"]) for card in seated} == {
        card["name"]: (boards[card["start_number"]]["games"], boards[card["start_number"]]["points"]) for card in seated}
    assert {card["name"]: (card.get("forfeit_wins"), card.get("forfeit_losses")) for card in seated} == {
        card["name"]: (boards[card["start_number"]]["forfeit_wins"], boards[card["start_number"]]["forfeit_losses"])
        for card in seated}
    dragons = [card for card in cards if card["team"] == "Dragons" and card["role"] != "match"]
    assert dragons and all(not seat["counted"] for card in dragons for seat in card["rounds"])
    assert {seat["result"] for card in dragons for seat in card["rounds"]} == {"0", "½"}  # played, counted for nobody
    assert any(card["forfeit_wins"] for card in seated)  # the board facing Castle Rooks' empty one
    assert any(seat["opponent_team"] == 4 for card in seated for seat in card["rounds"])  # they met the Dragons


def test_team_boards_notes_a_player_counted_on_another_board_than_one_they_played(arbiter: Runner,
                                                                                  moved: Path) -> None:
    """Fault 8 of issue 25: a board-3 game was counted under board 4 with no note. A player is counted
    on the board played most (a tie: the higher board), with every game; the list says where the
    others were played, on the screen, on the page and in CSV and JSON (``other_boards``, board:games)."""
    result = arbiter("-d", moved, "team", "boards")
    assert result.code == 0
    assert "note: Dahl, Dan (ALK) is counted on board 3 with all 2 games, 1 played there and 1 on board 4" in (
        result.err)  # one game on each: the higher board
    rows = {row["name"]: row for row in json.loads(arbiter("-d", moved, "team", "boards", "-f", "json").out)}
    assert (rows["Dahl, Dan"]["board"], rows["Dahl, Dan"]["games"], rows["Dahl, Dan"]["other_boards"]) == (3, 2, "4:1")
    assert rows["Aalto, Ann"]["other_boards"] == ""
    page = arbiter("-d", moved, "team", "boards", "--print").out
    assert "Dahl, Dan (ALK) is counted on board 3 with all 2 games, 1 played there and 1 on board 4" in " ".join(
        page.split())


def test_team_boards_counts_by_the_board_share_of_prizes_toml_and_names_it(arbiter: Runner, folder: Path,
                                                                           tmp_path: Path) -> None:
    """The prizes are paid by ``prizes.toml``'s ``board_share`` when it sets one: ``team boards`` says who
    qualifies by the same share, and its note names where the share comes from (last trial: it said
    ``board_prize_share`` and counted by it while the prizes went by the other)."""
    event = tmp_path / "league"
    shutil.copytree(folder, event)
    (event / "prizes.toml").write_text('board_share = "1/3"\n\n[[board]]\nboard = 4\namounts = [50]\n',
                                       encoding="utf-8")
    result = arbiter("-d", event, "team", "boards", "-f", "json")
    assert result.code == 0, result.err
    assert {r["name"]: r["qualifies"] for r in json.loads(result.out)}["Ian"] is True  # 1 game of 3 rounds
    table = arbiter("-d", event, "team", "boards")
    assert "at least 1 game over the board: 1/3 of the 3 rounds (board_share of prizes.toml)" in table.err
    (event / "prizes.toml").unlink()
    assert "2/3 of the 3 rounds (team.board_prize_share)" in arbiter("-d", event, "team", "boards").err


def test_a_board_prize_share_is_of_the_rounds_played_so_pairing_the_next_round_takes_no_prize(
        arbiter: Runner, folder: Path, tmp_path: Path) -> None:
    """The trial: pairing round 4, before any of its games, raised the games a board prize needs (the
    share of 4 rounds, not of the 3 played) and took a prize from a player; the regulations say "of the
    rounds played"."""
    event = tmp_path / "league"
    shutil.copytree(folder, event)
    assert arbiter("-d", event, "result", "3", "2.4", "1-0").code == 0
    (event / "prizes.toml").write_text('board_share = "1/2"\n\n[[board]]\nboard = 1\namounts = [50]\n',
                                       encoding="utf-8")
    before = (arbiter("-d", event, "team", "boards", "-f", "json").out, arbiter("-d", event, "prizes", "-f", "json").out)
    note = arbiter("-d", event, "team", "boards").err
    assert "1/2 of the 3 rounds" in note
    assert arbiter("-d", event, "pair").code == 0  # round 4: paired, nothing played
    assert (arbiter("-d", event, "team", "boards", "-f", "json").out,
            arbiter("-d", event, "prizes", "-f", "json").out) == before
    assert arbiter("-d", event, "team", "boards").err == note
    assert arbiter("-d", event, "result", "4", "1.1", "1-0").code == 0  # round 4 begun: now it counts
    assert "1/2 of the 4 rounds" in arbiter("-d", event, "team", "boards").err
