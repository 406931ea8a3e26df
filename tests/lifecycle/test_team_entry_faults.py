"""Issue 25, team events: what one command left for a later one to read wrongly. Each test is named
after the fault it pins (fault 1: a requested team bye and the first pairing's numbers; fault 2: a
match forfeit over board results; fault 11c: a bye asked again)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Avoidance, ByeRequest, Player, Settings, Tournament, VirtualPoints
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamOutcome
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament, match_entries, team_event
from arbiter_cli.lifecycle.next_round import first_pairing_draws
from arbiter_cli.lifecycle.team_byes import request_team_bye
from arbiter_cli.lifecycle.team_integrity import team_problems
from arbiter_cli.lifecycle.team_registration import RosterEntry, add_team, add_to_roster
from arbiter_cli.lifecycle.team_rounds import TeamResultLine, enter_team_results, pair_team_round, set_line_up
from arbiter_cli.store.team_folder import TeamFolder


def _swiss(teams: dict[str, list[int]], rounds: int = 5) -> TeamTournament:
    event = TeamTournament(Settings(name="Open", system="swiss", seed=3, initial_colour="white", rounds=rounds),
                           TeamSettings(boards=2))
    for name, ratings in teams.items():
        event, _, _ = add_team(event, name)
        event, _, _ = add_to_roster(event, name, [RosterEntry(f"{name}{i}", r) for i, r in enumerate(ratings, 1)])
    return event


# Registered weakest first: the first pairing numbers them by team rating, so every number moves.
CLUBS = {"Low": [1500, 1490], "Mid": [1900, 1890], "Top": [2300, 2290], "Four": [1700, 1690], "Five": [1600, 1590]}


def _number(event: TeamTournament, name: str) -> int:
    return next(t.number for t in event.teams if t.name == name)


def _all_results(event: TeamTournament) -> TeamTournament:
    rnd = event.rounds[-1]
    lines = [TeamResultLine(m.number, b, GameResult.WHITE_WINS) for m in rnd.matches for b in m.missing]
    return enter_team_results(event, rnd.number, lines).tournament if lines else event


# --------------------------------------------------------------------------- fault 1


def test_team_bye_requested_before_round_1_stays_with_its_team_after_renumbering() -> None:
    event = _swiss(CLUBS)
    event, _ = request_team_bye(event, "Low", 1, ByeKind.HPB)   # Low is team 1 now, team 5 once numbered
    event, _ = request_team_bye(event, "Mid", 2, ByeKind.ZPB)   # Mid is team 2 now, team 2 after as well
    assert _number(event, "Low") == 1
    first = pair_team_round(event)
    after = first.tournament
    low, mid = _number(after, "Low"), _number(after, "Mid")
    assert low != 1  # the renumbering did move the team
    # round 1: Low has its half-point bye, and whoever holds Low's old number is paired
    byes = {b.team: b.kind for b in first.round.byes}
    assert byes[low] is ByeKind.HPB
    assert first.round.match_of(1) is not None
    # the request for round 2 still names Mid, by its new number
    assert [(b.round, b.team, b.kind) for b in after.byes] == [(2, mid, ByeKind.ZPB)]
    second = pair_team_round(_all_results(after))
    assert {b.team: b.kind for b in second.round.byes}.get(mid) is ByeKind.ZPB
    assert second.round.match_of(mid) is None


def test_requested_bye_and_other_start_number_keys_follow_their_player_when_numbers_are_drawn_by_lot() -> None:
    """An individual event's first pairing renumbers players only by lot (C.05); everything kept by
    start number follows the player in the same change."""
    players = tuple(Player(start_number=n, name=f"P{n}", rating=2400 - 10 * n) for n in range(1, 7))
    event = Tournament(Settings(name="RR", system="round-robin", seed=5, numbering="lot"), players,
                       byes=(ByeRequest(2, 1, ByeKind.HPB),), avoid=(Avoidance((1, 2)),),
                       virtual=(VirtualPoints(2, 1, Fraction(1)),))
    drawn, _ = first_pairing_draws(event)
    number = {p.name: p.start_number for p in drawn.players}
    assert number != {p.name: p.start_number for p in players}  # the lot moved someone
    assert [(b.round, b.start_number) for b in drawn.byes] == [(2, number["P1"])]
    assert drawn.avoid[0].players == (number["P1"], number["P2"])
    assert drawn.virtual[0].start_number == number["P2"]


# --------------------------------------------------------------------------- fault 2


def _forfeited(tmp_path: Path) -> tuple[TeamTournament, TeamTournament]:
    """A round with board results, then a match forfeit entered over them as a correction."""
    event = _all_results(pair_team_round(_swiss({"A": [2000, 1990], "B": [2300, 2250]})).tournament)
    forfeited = enter_team_results(event, 1, [TeamResultLine(1, None, GameResult.BLACK_FORFEIT_WIN)],
                                   correct=True).tournament
    return event, forfeited


def test_a_round_file_keeps_a_match_forfeit_entered_over_board_results(tmp_path: Path) -> None:
    _, forfeited = _forfeited(tmp_path)
    folder = TeamFolder.create(tmp_path / "ev", forfeited, "test")
    read = folder.load()
    match = read.rounds[0].matches[0]
    assert match.forfeit is GameResult.BLACK_FORFEIT_WIN
    assert len(match.boards) == 2 and match.counted_boards == ()
    assert read.rounds == forfeited.rounds


def test_match_forfeit_overrides_the_board_results_in_the_one_reading_of_a_match(tmp_path: Path) -> None:
    event, forfeited = _forfeited(tmp_path)
    match = forfeited.rounds[0].matches[0]
    one, two = match_entries(forfeited, 1, match)
    assert (one.outcome, two.outcome) == (TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_WIN)
    assert (one.match_points, two.match_points) == (0, 2) and (one.game_points, two.game_points) == (0, 2)
    assert one.boards == () and two.boards == ()  # the kept boards count for no player either
    assert team_event(forfeited).entries[match.second][0] == two
    before = match_entries(event, 1, event.rounds[0].matches[0])
    assert before[0].outcome is TeamOutcome.WIN  # what the boards said


def test_match_forfeit_over_board_results_is_cleared_by_none_and_the_boards_count_again(tmp_path: Path) -> None:
    event, forfeited = _forfeited(tmp_path)
    cleared = enter_team_results(forfeited, 1, [TeamResultLine(1, None, None)], correct=True)
    assert [(c.old, c.new) for c in cleared.changes] == [("-/+", "")]
    assert cleared.notes == ("match 1's board results count again",)
    assert cleared.tournament.rounds == event.rounds


def test_a_board_correction_under_a_match_forfeit_is_refused_naming_the_forfeit(tmp_path: Path) -> None:
    _, forfeited = _forfeited(tmp_path)
    with pytest.raises(Refused, match=r"match 1 was forfeited \(-/\+\) \(its board results stay on file and count "
                                      r"for nothing while it stands\); .*'arbiter result 1 1 none --correct'"):
        enter_team_results(forfeited, 1, [TeamResultLine(1, 2, GameResult.DRAW)], correct=True)


def test_a_match_forfeit_keeps_all_its_boards_or_none(tmp_path: Path) -> None:
    from dataclasses import replace

    _, forfeited = _forfeited(tmp_path)
    rnd = forfeited.rounds[0]
    match = rnd.matches[0]
    cut = replace(forfeited, rounds=(replace(rnd, matches=(replace(match, boards=match.boards[:1]),)),))
    assert [p.message for p in team_problems(cut)] == ["match 1 has 1 boards; the event has 2"]
    assert team_problems(forfeited) == []


# --------------------------------------------------------------------------- fault 11c


def test_a_team_bye_asked_again_changes_nothing() -> None:
    event = pair_team_round(_swiss(CLUBS)).tournament
    event, changes = request_team_bye(event, "Mid", 3, ByeKind.HPB)
    assert len(changes) == 1
    again, changes = request_team_bye(event, "Mid", 3, ByeKind.HPB)
    assert again is event and changes == []
    zero, changes = request_team_bye(event, "Mid", 3, ByeKind.ZPB)  # another kind is a change
    assert [(c.old, c.new) for c in changes] == [("HPB", "ZPB")]


def test_a_line_up_given_again_changes_nothing_and_none_is_given_for_a_round_the_team_asked_a_bye_for() -> None:
    event = pair_team_round(_swiss(CLUBS)).tournament
    event, changes = set_line_up(event, 3, "Top", ["Top1", "Top2"])
    assert len(changes) == 1
    again, changes = set_line_up(event, 3, "Top", ["Top1", "Top2"])
    assert again is event and changes == []
    asked, changes = request_team_bye(event, "Top", 3, ByeKind.HPB)  # the bye takes the line-up's place
    assert asked.lineups == () and [c.change for c in changes][1:] == [f"round 3 line-up of team {_number(event, 'Top')}"]
    with pytest.raises(Refused, match="asked for a HPB in round 3: it plays no match"):
        set_line_up(asked, 3, "Top", ["Top1", "Top2"])
