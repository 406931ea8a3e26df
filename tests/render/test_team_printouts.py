"""The team printouts of issue 15 as people see them (render/team_printouts.py): the pairings by
match and the standings with their legend, on the printed page. Each test is named after the rule it pins;
the events are built by the acts (tests/lifecycle/team_events.py)."""

from __future__ import annotations

from arbiter_cli.lifecycle.team_finish import team_standings_of
from arbiter_cli.lifecycle.team_rounds import pair_team_round, set_line_up
from arbiter_cli.render.printing import PAGE_WIDTH, print_sheets
from arbiter_cli.render.team_printouts import team_pairing_sheets, team_standings_sheet, tiebreak_legend

from lifecycle.team_events import enter, league, play

DAY = "2026-05-01"


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
