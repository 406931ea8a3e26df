"""The team printouts of issue 15 as people see them (render/team_printouts.py): the pairings by
match, the standings with their legend, the crosstable, the team cards and the board statistics,
on a terminal 80 columns wide and on the printed page. Each test is named after the rule it pins;
the events are built by the acts (tests/lifecycle/team_events.py)."""

from __future__ import annotations

import io
import json

import pytest
from rich.cells import cell_len
from rich.console import Console

from arbiter_cli.core.points import format_points
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.board_prizes import folder_board_prizes
from arbiter_cli.lifecycle.team_cards import team_cards
from arbiter_cli.lifecycle.team_crosstable import team_crosstable
from arbiter_cli.lifecycle.team_finish import team_standings_of
from arbiter_cli.lifecycle.team_rounds import pair_team_round, set_line_up
from arbiter_cli.render.output import Format, View, emit, view_text
from arbiter_cli.render.printing import PAGE_WIDTH, print_sheets
from arbiter_cli.render.team_printouts import board_prizes_sheet, board_prizes_view, team_card_sheets, \
    team_card_view, team_crosstable_sheet, team_crosstable_view, team_pairing_sheets, team_standings_sheet, \
    tiebreak_legend

from lifecycle.team_events import enter, league, play

DAY = "2026-05-01"


def drawn(view: View, width: int = 80) -> list[str]:
    """The lines of ``view``'s table on a console ``width`` characters wide, without colour."""
    out = io.StringIO()
    emit(view, Format.table, Console(file=out, width=width, no_color=True, highlight=False))
    return out.getvalue().splitlines()


def rows(lines: list[str]) -> list[list[str]]:
    """The body rows of a drawn table, a wrapped row's lines joined cell by cell."""
    body = lines[next(i for i, line in enumerate(lines) if line.startswith("┡")) + 1:-1]
    out: list[list[str]] = []
    for line in body:
        cells = [cell.strip() for cell in line[1:-1].split("│")]
        if out and not cells[0]:
            out[-1] = [f"{a} {b}".strip() for a, b in zip(out[-1], cells)]
        else:
            out.append(cells)
    return out


@pytest.fixture(scope="module")
def eight() -> TeamTournament:
    """Eight teams, a double round robin of 4 boards, in round 9 (the second cycle begun): every
    match 2½-1½ for its first-named team but one, won by forfeit."""
    t = league(8)
    for number in range(1, 10):
        t = pair_team_round(t).tournament
        results = {f"{m.number}.1": "1-0" for m in t.rounds[-1].matches}
        if number == 9:
            results = {"1": "+/-"}
        t = enter(t, results)
    return t


# --------------------------------------------------------------------------- pairings


def test_the_pairings_page_gives_each_match_its_score_then_its_boards_with_colours() -> None:
    t = play(league(3, system="round-robin"), {"1.1": "1-0", "1.4": "0-1"})
    text = print_sheets(team_pairing_sheets(t, t.rounds[0], DAY))
    lines = text.splitlines()
    assert lines[:2] == ["League", f"Round 1 of 3: pairings    printed {DAY}"]
    body = lines[lines.index("-" * 53) + 1:]
    assert body[:6] == [
        "  1  2 Team B              2-2    3 Team C",
        "1.1    w B1         2290   1-0      b C1         2190",
        "1.2    b B2         2280   ½-½      w C2         2180",
        "1.3    w B3         2270   ½-½      b C3         2170",
        "1.4    b B4         2260   0-1      w C4         2160",
        "     1 Team A              free"]
    assert all(len(line) <= PAGE_WIDTH for line in lines)


def test_the_pairings_page_shows_an_empty_board_and_a_match_forfeit() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3"])
    t = pair_team_round(t).tournament
    other = next(m for m in t.rounds[1].matches if 1 not in m.teams)
    t = enter(t, {str(other.number): "-/+"})
    text = print_sheets(team_pairing_sheets(t, t.rounds[1], DAY))
    assert "(empty board)" in text
    assert "-/+ (forfeit)" in text


# --------------------------------------------------------------------------- standings


def test_the_standings_page_has_a_legend_line_for_each_tiebreak() -> None:
    t = play(league(4, system="round-robin"))
    table = team_standings_of(t, codes=("MP", "GP", "EDE", "EMGSB", "BH:GP/C1", "SSSC/K4"))
    text = print_sheets([team_standings_sheet(t, table, 1, DAY)])
    assert f"Team standings after round 1 (tie-breaks: C.07 2026 rules)    printed {DAY}" in text
    for line in ("MP: match points", "GP: game points", "EDE: extended direct encounter",
                 "EMGSB: extended Sonneborn-Berger: each opponent's MP × the GP scored against it",
                 "BH:GP/C1: Buchholz on game points, without the 1 lowest", "SSSC/K4: score strength combination"):
        assert any(row.startswith(line) for row in text.splitlines()), line


def test_the_legend_reads_an_individual_code_on_the_primary_score_and_a_rating_one_as_no_value() -> None:
    assert tiebreak_legend(["SB", "SB:GP", "BH/M1", "TPR"], "MP") == [
        "SB: Sonneborn-Berger on match points", "SB:GP: Sonneborn-Berger on game points",
        "BH/M1: Buchholz on match points, without the 1 highest and lowest",
        "TPR: a rating tie-break (C.07 Art. 10): no value for teams"]


# --------------------------------------------------------------------------- crosstable


def test_the_crosstable_fits_80_columns_with_both_cycles_stacked_and_no_number_cut(eight: TeamTournament) -> None:
    table = team_crosstable(eight)
    view = team_crosstable_view(eight, table)
    lines = drawn(view)
    assert max(cell_len(line) for line in lines) <= 80
    drawn_rows = rows(lines)
    assert len(drawn_rows) == 8
    headers = [cell.strip() for cell in next(line for line in lines if line.startswith("┃"))[1:-1].split("┃")]
    for record, row, cells in zip(view.records, table.rows, drawn_rows):
        shown = dict(zip(headers, cells))
        assert shown["No"] == str(record["team_number"])
        assert shown["Team"] == record["name"]
        assert (shown["MP"], shown["GP"], shown["Rank"]) == (
            format_points(row.match_points), format_points(row.game_points), row.rank_label)
        for heading, cell in zip(table.headings, row.cells):
            assert shown[heading] == cell  # both matches, whole: "2½ 1½" drawn as two lines


def test_the_crosstable_page_takes_the_narrowest_width_that_holds_it_and_has_its_legend(
        eight: TeamTournament) -> None:
    page = team_crosstable_sheet(eight, team_crosstable(eight), DAY)
    text = print_sheets([page])
    assert all(len(line) <= page.width for line in text.splitlines())
    assert "2½: the game points the row's team scored against the column's team, both matches in round order" \
        in " ".join(text.split())
    assert "EMGSB: extended Sonneborn-Berger" in text


def test_the_crosstable_json_gives_each_teams_matches(eight: TeamTournament) -> None:
    records = json.loads(view_text(team_crosstable_view(eight, team_crosstable(eight)), Format.json))
    assert set(records[0]) == {"team_number", "name", "match_points", "game_points", "rank", "tiebreaks", "matches"}
    assert set(records[0]["matches"][0]) == {"round", "opponent", "outcome", "colour", "match_points", "game_points"}
    assert all(len(r["matches"]) == 9 for r in records)


# --------------------------------------------------------------------------- team cards


def test_a_card_fits_80_columns_with_a_line_per_round_played(eight: TeamTournament) -> None:
    cards = team_cards(eight, "1")
    lines = drawn(team_card_view(eight, cards))
    assert max(cell_len(line) for line in lines) <= 80
    body = [line for line in lines if line.startswith("│")]
    assert len(body) == 4 * 9 + 1  # four players in 9 rounds (the forfeited match seats no one), the reserve
    first = [cell.strip() for cell in body[0][1:-1].split("│")]
    assert first[:3] == ["1", "1", "A1"]


def test_a_card_in_json_is_a_record_per_player_with_its_rounds(eight: TeamTournament) -> None:
    records = json.loads(view_text(team_card_view(eight, team_cards(eight, "1"), nested=True), Format.json))
    assert [r["name"] for r in records] == ["A1", "A2", "A3", "A4", "A5"]
    assert set(records[0]) == {"team_number", "team", "place", "role", "start_number", "name", "rating", "points",
                               "games", "forfeit_wins", "forfeit_losses", "rounds"}
    assert set(records[0]["rounds"][0]) == {"round", "board", "colour", "opponent", "opponent_name",
                                            "opponent_rating", "opponent_team", "result", "points", "counted"}
    assert records[4]["role"] == "reserve" and records[4]["rounds"] == []


def test_card_pages_are_one_per_team(eight: TeamTournament) -> None:
    text = print_sheets(team_card_sheets(eight, team_cards(eight), DAY))
    assert text.count("\f") == 7
    assert "Team card of 8 Team H after round 9" in text


# --------------------------------------------------------------------------- board prizes


def test_board_statistics_show_the_percentage_with_one_decimal_and_who_qualifies(eight: TeamTournament) -> None:
    prizes = folder_board_prizes(eight)
    view = board_prizes_view(eight, prizes)
    lines = drawn(view)
    assert max(cell_len(line) for line in lines) <= 80
    assert "at least 6 games to qualify" in lines[0]  # 2/3 of 9 rounds
    for record, cells in zip(view.records, rows(lines)):
        assert cells[0] == str(record["board"])
        assert f"{record['percentage']:.1f}" in cells
        assert ("yes" if record["qualifies"] else "no") in cells


def test_the_board_prizes_page_says_what_qualifies(eight: TeamTournament) -> None:
    text = print_sheets([board_prizes_sheet(eight, folder_board_prizes(eight), DAY)])
    assert "a board prize needs at least 6 games over the board: 2/3 of the 9 rounds" in " ".join(text.split())
