"""A team event's prizes (issue 18, "Prizes"): team prizes shared as players' are, board prizes
open only to players who played the set share of the rounds (two-thirds by default)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Runner, snapshot

FUND = """places = [500, 300, 200]
[[board]]
board = 1
amounts = [50, 25]
[[board]]
amounts = [80]
"""


def team_event(sample, fund: str = FUND) -> Path:
    folder: Path = sample("team-swiss20-in-progress")
    (folder / "prizes.toml").write_text(fund, encoding="utf-8")
    return folder


def prizes(arbiter: Runner, folder: Path) -> list[dict]:
    outcome = arbiter("-d", folder, "prizes", "--format", "json")
    assert outcome.code == 0, outcome.err
    return json.loads(outcome.out)


def boards(arbiter: Runner, folder: Path) -> dict[int, dict]:
    return {r["start_number"]: r for r in json.loads(arbiter("-d", folder, "team", "boards", "-f", "json").out)}


def test_teams_tied_on_match_points_share_the_prizes_of_their_places(arbiter: Runner, sample) -> None:
    folder = team_event(sample)
    teams = [(r["start_number"], r["prize"], r["amount"]) for r in prizes(arbiter, folder) if r["kind"] == "team"]
    # Bourgoin 8 MP alone; Annecy and Romans both 6 MP: places 2-3, (300 + 200) / 2 each.
    assert teams == [(9, "place 1", "500.00"), (2, "places 2-3", "250.00"), (17, "places 2-3", "250.00")]


def test_board_prizes_are_open_only_to_players_with_two_thirds_of_the_rounds(arbiter: Runner, sample) -> None:
    folder = team_event(sample)
    stats = boards(arbiter, folder)
    board_rows = [r for r in prizes(arbiter, folder) if r["kind"] == "board"]
    assert board_rows and all(stats[r["start_number"]]["qualifies"] for r in board_rows)
    assert [(r["name"], r["prize"], r["amount"]) for r in board_rows if r["prize"].startswith("Board 1")] == [
        ("Laurent, Arthur", "Board 1", "50.00"), ("David, Lucas", "Board 1 (2)", "25.00")]


def test_best_percentage_in_team_events_needs_the_set_share_of_rounds(arbiter: Runner, sample) -> None:
    folder = team_event(sample)
    best = [r for r in prizes(arbiter, folder) if r["prize"].startswith("Best percentage")]
    # 100 %: players 2 and 14 from 3 games (2/3 of 4 rounds is 3 games: they qualify), 43 from 4.
    # The prize goes by the list's order (percentage, performance, points), not shared (issue 25).
    order = [row["start_number"] for row in json.loads(arbiter("-d", folder, "team", "boards", "-f", "json").out)]
    stats = boards(arbiter, folder)
    perfect = sorted((n for n in (2, 14, 43)), key=lambda n: (-stats[n]["performance"], -float(stats[n]["points"]),
                                                                order.index(n)))
    assert [(r["start_number"], r["prize"], r["amount"]) for r in best] == [(perfect[0], "Best percentage", "80.00")]
    (folder / "prizes.toml").write_text(FUND.replace("places", 'board_share = "1/1"\nplaces'), encoding="utf-8")
    stats = boards(arbiter, folder)
    best = [r for r in prizes(arbiter, folder) if r["prize"].startswith("Best percentage")]
    assert [(r["start_number"], r["amount"]) for r in best] == [(43, "80.00")]  # all 4 rounds asked: 2, 14 out
    assert stats[2]["games"] == stats[14]["games"] == 3


def test_a_player_takes_one_board_prize_the_largest(arbiter: Runner, sample) -> None:
    folder = team_event(sample, "[[board]]\nboard = 1\namounts = [50]\n[[board]]\namounts = [80]\n"
                                "[[board]]\nboard = 2\namounts = [10]\n")
    rows = prizes(arbiter, folder)
    assert len({r["start_number"] for r in rows}) == len(rows)


def test_a_withdrawn_team_takes_no_prize_and_the_next_moves_up(arbiter: Runner, sample) -> None:
    folder = team_event(sample)
    assert arbiter("-d", folder, "team", "withdraw", "9").code == 0
    teams = [r["start_number"] for r in prizes(arbiter, folder) if r["kind"] == "team"]
    assert 9 not in teams and teams[0] in (2, 17)


def test_categories_in_a_team_event_prizes_toml_name_the_line_and_change_nothing(arbiter: Runner, sample) -> None:
    folder = team_event(sample, 'places = [100]\n\n[[category]]\nname = "Best woman"\namounts = [50]\nsex = "F"\n')
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 3
    assert "prizes.toml, line 3, field 'category': a team event's prizes are places" in outcome.err
    assert snapshot(folder) == before


def test_board_prizes_in_an_individual_event_are_refused(arbiter: Runner, sample) -> None:
    folder: Path = sample("swiss-open-finished-prizes")
    (folder / "prizes.toml").write_text("places = [100]\n[[board]]\namounts = [50]\n", encoding="utf-8")
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 3 and "prizes.toml, line 2, field 'board': board prizes are for team events" in outcome.err


def test_team_finalize_stores_the_prize_list_and_a_correction_shows_what_changed(arbiter: Runner, sample) -> None:
    folder = team_event(sample, "places = [500, 300, 200]\n[[board]]\namounts = [80]\n")
    rows = json.loads(arbiter("-d", folder, "pairings", "4", "-f", "json").out)
    missing = "".join(f"{r['match']}.{r['board']} 1/2\n" for r in rows if r["board"] is not None and r["result"] is None)
    assert arbiter("-d", folder, "result", "4", "--from", "-", stdin=missing).code == 0
    done = arbiter("-d", folder, "finalize", "--after-round", "4", "--yes", "--date", "2026-11-15")
    assert done.code == 0 and "prizes.csv" in done.err
    stored = json.loads((folder / "final" / "prizes.json").read_text())
    assert [(r["kind"], r["start_number"], r["amount"]) for r in stored if r["kind"] == "board"] == [
        ("board", 43, "80.00")]
    # Lambert, Léa (43) won match 1.3 of round 4 (33 - 43, 0-1): turned into a loss, she is no longer best.
    corrected = arbiter("-d", folder, "result", "4", "1.3", "1-0", "--correct")
    assert corrected.code == 0, corrected.err
    assert "prize list: player 43 (Lambert, Léa): Best percentage, 80.00 EUR -> no prize" in corrected.err
    again = json.loads((folder / "final" / "prizes.json").read_text())
    assert 43 not in {r["start_number"] for r in again if r["kind"] == "board"}


def test_a_board_prize_past_its_prizes_is_not_named_as_a_declined_prize(arbiter: Runner, sample) -> None:
    """Issue 25 (trial): a board prize winner's why read "Best percentage (7) 0.00": a rank past the
    list's prizes pays nothing and is no alternative; no why names an amount of 0.00."""
    folder = team_event(sample)
    rows = prizes(arbiter, folder)
    assert rows and not any(" 0.00" in row["why"] for row in rows)
    assert {row["name"]: row["why"] for row in rows}["Laurent, Arthur"] == "no other prize open"
