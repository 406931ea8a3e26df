"""Issue 25, a new user's trial of the team events: what one act threw away or said wrongly, pinned
where the rule lives (lifecycle/team_rounds.py, team_finish.py, team_byes.py, team_integrity.py,
team_cards.py). Each test is named after the rule it pins; the events are built by the acts."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Status
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamOutcome
from arbiter_cli.core.team_tournament import BoardGame, LineUpRequest, TeamTournament, match_entries
from arbiter_cli.lifecycle.team_byes import cancel_team_bye, request_team_bye
from arbiter_cli.lifecycle.team_cards import ForfeitedMatch, team_cards
from arbiter_cli.lifecycle.team_finish import finalise_team_event, withdraw_team
from arbiter_cli.lifecycle.team_integrity import team_gaps, team_problems
from arbiter_cli.lifecycle.team_rounds import (TeamResultLine, enter_team_results, pair_team_round, set_line_up,
                                               unpair_team_round)

from .team_events import enter, league, play


def _side(t: TeamTournament, round_number: int, team: int) -> tuple[int | None, ...]:
    """The team's players board by board in the round (None: an empty board)."""
    match = t.rounds[round_number - 1].match_of(team)
    assert match is not None
    side = 0 if match.first == team else 1
    return tuple((g.first, g.second)[side] for g in match.boards)


def _numbers(t: TeamTournament, *names: str) -> tuple[int, ...]:
    by_name = {p.name: p.start_number for p in t.players}
    return tuple(by_name[name] for name in names)


def _forfeit(t: TeamTournament, round_number: int, match: int, result: GameResult | None,
             correct: bool = False) -> TeamTournament:
    return enter_team_results(t, round_number, [TeamResultLine(match, None, result)], correct=correct).tournament


# --------------------------------------------------------------------------- unpair keeps the line-ups


@pytest.mark.parametrize("system", ["swiss", "round-robin"])
def test_unpair_of_round_1_opens_registration_again_as_in_an_individual_event(system: str) -> None:
    """The harness's open fault: a team event's unpair of round 1 left the status 'running' with no round
    paired, and its export came back from import in registration; an individual event and a knockout
    reopen registration."""
    t = pair_team_round(league(4, system=system, rounds=3 if system == "swiss" else None)).tournament
    assert t.settings.status is Status.RUNNING
    after, number, _ = unpair_team_round(t)
    assert number == 1 and after.rounds == () and after.settings.status is Status.REGISTRATION
    again = pair_team_round(after).tournament
    assert again.settings.status is Status.RUNNING and again.rounds[0] == t.rounds[0]


def test_unpair_puts_back_a_line_up_given_on_the_paired_round_and_journals_it() -> None:
    t = play(league(4, system="round-robin"))
    t = pair_team_round(t).tournament
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3", "A5"])  # the reserve on board 4
    after, number, changes = unpair_team_round(t)
    reserve = _numbers(t, "A1", "A2", "A3", "A5")
    assert number == 2 and after.lineups == (LineUpRequest(2, 1, reserve),)
    assert [(c.change, c.old, c.new) for c in changes[1:]] == [("round 2 line-up of team 1", "",
                                                                "1. A1, 2. A2, 3. A3, 4. A5")]
    again = pair_team_round(after).tournament
    assert _side(again, 2, 1) == reserve and again.lineups == ()


def test_unpair_puts_back_a_line_up_given_before_the_pairing_with_its_empty_board() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "BBB", ["B1", "B2", "B3"])  # board 4 left empty
    paired = pair_team_round(t).tournament
    assert paired.lineups == ()  # used up by the pairing: the line-up is on the boards
    after, _, _ = unpair_team_round(paired)
    assert after.lineups == (LineUpRequest(2, 2, _numbers(t, "B1", "B2", "B3")),)
    assert _side(pair_team_round(after).tournament, 2, 2) == (*_numbers(t, "B1", "B2", "B3"), None)


def test_unpair_keeps_no_line_up_for_a_team_that_played_its_default_one() -> None:
    t = play(league(4, system="round-robin"))
    after, _, changes = unpair_team_round(pair_team_round(t).tournament)
    assert after.lineups == () and len(changes) == 1


def test_unpair_journals_the_requested_team_byes_it_puts_back() -> None:
    t = pair_team_round(league(5, system="swiss", rounds=4)).tournament
    t = enter(t)
    t, _ = request_team_bye(t, "DDD", 2, ByeKind.HPB)
    after, _, changes = unpair_team_round(pair_team_round(t).tournament)
    assert [(b.round, b.team, b.kind) for b in after.byes] == [(2, 4, ByeKind.HPB)]
    assert ("round 2 requested bye of team 4 (Team D)", "", "HPB") in [(c.change, c.old, c.new) for c in changes]


def test_a_line_up_the_pairing_cannot_seat_is_journaled_and_noted_not_dropped_silently() -> None:
    t = league(3, boards=1, system="swiss", rounds=3)  # three teams: one has the PAB
    for name in ("AAA", "BBB", "CCC"):
        t, _ = set_line_up(t, 1, name, [f"{name[0]}2"])
    paired = pair_team_round(t)
    pab = next(b.team for b in paired.round.byes if b.kind is ByeKind.PAB)
    assert [(c.change, c.old, c.new) for c in paired.changes if "line-up" in c.change] == [
        (f"round 1 line-up of team {pab}", f"1. {paired.tournament.by_team[pab].short[0]}2", "")]
    assert any(f"team {pab}" in note and "its line-up goes" in note for note in paired.notes)


# --------------------------------------------------------------------------- a match forfeit keeps the line-up


def test_a_match_forfeit_keeps_the_line_up_and_clearing_it_gives_the_match_back_as_it_was() -> None:
    t = play(league(4, system="round-robin"))
    t = pair_team_round(t).tournament
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3", "A5"])
    match = t.rounds[1].match_of(1)
    assert match is not None
    forfeited = _forfeit(t, 2, match.number, GameResult.BLACK_FORFEIT_WIN)
    kept = forfeited.rounds[1].match(match.number)
    assert kept is not None and kept.boards == match.boards and kept.counted_boards == () and kept.complete
    one, two = match_entries(forfeited, 2, kept)  # the forfeit alone counts: 0-4
    assert (one.outcome, two.outcome, one.game_points, two.game_points) == (
        TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_WIN, 0, 4)
    assert team_problems(forfeited) == []
    cleared = _forfeit(forfeited, 2, match.number, None, correct=True)
    assert cleared.rounds[1] == t.rounds[1]  # the reserve on board 4, as before the mistake


def test_a_short_line_ups_empty_board_survives_a_match_forfeit_and_its_clearing() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "BBB", ["B1", "B2", "B3"])
    t = pair_team_round(t).tournament
    match = t.rounds[1].match_of(2)
    assert match is not None and match.board(4) is not None
    empty = match.board(4)
    forfeited = _forfeit(t, 2, match.number, GameResult.DOUBLE_FORFEIT)
    cleared = _forfeit(forfeited, 2, match.number, None, correct=True)
    again = cleared.rounds[1].match(match.number)
    assert again is not None and again.board(4) == empty and isinstance(empty, BoardGame)
    assert None in (empty.first, empty.second) and empty.result is not None  # still the forfeit of the empty board


# --------------------------------------------------------------------------- no pairing over a gap


@pytest.mark.parametrize("system", ["swiss", "round-robin"])
def test_pair_refuses_while_an_earlier_round_has_a_board_without_a_result(system: str) -> None:
    t = play(play(league(4, system=system, rounds=3 if system == "swiss" else None)))
    first = t.rounds[0].matches[0]
    t = enter_team_results(t, 1, [TeamResultLine(first.number, 1, None)], correct=True).tournament
    assert t.rounds[1].complete and not t.rounds[0].complete
    with pytest.raises(Refused, match=f"round 1 still needs results: board {first.number}.1"):
        pair_team_round(t)
    assert [(p.file, p.message, p.severity) for p in team_gaps(t)] == [
        ("rounds/01.csv", f"no result on board {first.number}.1 though round 2 is paired", "incomplete")]
    assert team_problems(t) == []  # no unsoundness: 'result' fills the gap in


def test_pair_refuses_while_an_earlier_match_forfeit_cleared_left_its_boards_without_results() -> None:
    t = pair_team_round(league(4, system="swiss", rounds=3)).tournament
    t = enter(_forfeit(t, 1, 1, GameResult.WHITE_FORFEIT_WIN))  # before any board result of match 1
    t = play(t)
    t = _forfeit(t, 1, 1, None, correct=True)  # the boards come back, their results were never entered
    with pytest.raises(Refused, match="round 1 still needs results: boards 1.1, 1.2, 1.3, 1.4"):
        pair_team_round(t)
    assert len(team_gaps(t)) == 1


# --------------------------------------------------------------------------- finishing early says what goes


def test_finishing_early_names_the_later_team_byes_and_line_ups_it_drops_and_journals_each() -> None:
    t = play(play(league(4, system="swiss", rounds=5)))
    t, _ = request_team_bye(t, "AAA", 3, ByeKind.HPB)
    t, _ = set_line_up(t, 4, "BBB", ["B1", "B2", "B3", "B5"])
    with pytest.raises(Refused) as refused:
        finalise_team_event(t, "2026-12-01", after_round=2)
    assert "finish after round 2: the requested HPB of team 1 (Team A) in round 3 will be dropped" in \
        refused.value.details
    assert "finish after round 2: the line-up of team 2 (Team B) for round 4 will be dropped" in refused.value.details
    final, changes = finalise_team_event(t, "2026-12-01", after_round=2, confirmed=True)
    assert final.byes == () and final.lineups == ()
    journal = [(c.change, c.old, c.new) for c in changes]
    assert ("round 3 requested bye of team 1 (Team A)", "HPB", "") in journal
    assert ("round 4 line-up of team 2", " ".join(map(str, _numbers(t, "B1", "B2", "B3", "B5"))), "") in journal


# --------------------------------------------------------------------------- the real reason, no empty row


def test_cancelling_a_team_bye_of_a_paired_round_says_the_round_is_paired() -> None:
    t = pair_team_round(league(5, system="swiss", rounds=4)).tournament
    t = enter(t)
    t, _ = request_team_bye(t, "DDD", 2, ByeKind.HPB)
    t = pair_team_round(t).tournament
    with pytest.raises(Refused, match=r"round 2 is already paired \(team 4 \(Team D\) has its HPB there\): a "
                                      "requested bye is cancelled only for a round not yet paired"):
        cancel_team_bye(t, "DDD", 2)
    with pytest.raises(Refused, match="has no requested bye in round 3"):
        cancel_team_bye(t, "DDD", 3)


def test_a_withdrawal_over_an_existing_match_forfeit_journals_no_unchanged_result() -> None:
    t = play(league(4, system="round-robin"))
    t = pair_team_round(t).tournament
    match = t.rounds[1].match_of(4)
    assert match is not None
    absent = GameResult.BLACK_FORFEIT_WIN if match.first == 4 else GameResult.WHITE_FORFEIT_WIN
    t = _forfeit(t, 2, match.number, absent)  # team 4 did not show
    after, changes = withdraw_team(t, "4", after_round=1)
    assert [c.change for c in changes] == ["team 4 (Team D) status"]
    assert after.rounds[1].match(match.number) == t.rounds[1].match(match.number)


# --------------------------------------------------------------------------- the card shows a match forfeit


def test_a_round_won_or_lost_by_match_forfeit_is_a_line_of_the_team_card() -> None:
    t = pair_team_round(league(4, system="round-robin")).tournament
    match = t.rounds[0].match_of(1)
    assert match is not None
    other = match.second if match.first == 1 else match.first
    t = enter(_forfeit(t, 1, match.number, GameResult.WHITE_FORFEIT_WIN if match.first == 1
                       else GameResult.BLACK_FORFEIT_WIN))
    winner, = team_cards(t, "1")
    loser, = team_cards(t, str(other))
    assert winner.forfeits == (ForfeitedMatch(1, other, TeamOutcome.FORFEIT_WIN, Fraction(2), Fraction(4)),)
    assert loser.forfeits == (ForfeitedMatch(1, 1, TeamOutcome.FORFEIT_LOSS, Fraction(0), Fraction(0)),)
    assert all(s.round != 1 for p in winner.players for s in p.seats)  # no player sat at a board
    bystander, = team_cards(t, str(next(n for n in (2, 3, 4) if n != other)))
    assert bystander.forfeits == () and any(s.outcome is Outcome.DRAW for p in bystander.players for s in p.seats)


def test_a_match_forfeit_the_half_rule_counts_for_nobody_is_on_the_card_not_counted() -> None:
    t = league(4, system="round-robin")
    t = play(replace(t, settings=t.settings.model_copy(update={"round_robin_withdrawal": "half"})))
    t, _ = withdraw_team(t, "4", after_round=1)  # played 1 of 3: annulled
    t = play(play(t))
    card, = team_cards(t, "4")
    assert [(f.round, f.outcome, f.counted) for f in card.forfeits] == [
        (2, TeamOutcome.FORFEIT_LOSS, False), (3, TeamOutcome.FORFEIT_LOSS, False)]


def test_a_finalised_event_keeps_every_result_when_a_match_forfeit_is_cleared() -> None:
    t = pair_team_round(league(4, system="swiss", rounds=1)).tournament
    t = enter(_forfeit(t, 1, 1, GameResult.WHITE_FORFEIT_WIN))  # the line-up stays under it, without results
    t, _ = finalise_team_event(t, "2026-12-01")
    with pytest.raises(Refused, match="the event is finalised: clearing the forfeit leaves boards 1.1, 1.2, 1.3, "
                                      "1.4 without a result"):
        _forfeit(t, 1, 1, None, correct=True)
    lines = [TeamResultLine(1, None, None)] + [TeamResultLine(1, b, GameResult.DRAW) for b in range(1, 5)]
    cleared = enter_team_results(t, 1, lines, correct=True)
    assert cleared.tournament.rounds[0].complete and cleared.finalised
