"""Games still being played (``*``) when the next round is paired: C.04.2 3.1 ("adjourned games count
as draws, for pairing only") and the federation's rules (no float, no PAB, once per player, never for
the last two rounds), one test per rule, on events built by the acts."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_cli.core.errors import NoPairing, Refused
from arbiter_cli.core.model import Tournament
from arbiter_cli.core.outcome import Outcome, round_entries
from arbiter_cli.core.results import GameResult, parse_final_result, parse_result
from arbiter_cli.lifecycle.finish import missing_for_final
from arbiter_cli.lifecycle.integrity import problems
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.results import ResultLine, enter_results
from arbiter_cli.lifecycle.standings import compute_standings
from arbiter_cli.lifecycle.unpair import unpair
from arbiter_cli.pairing import pairs_as_stored
from arbiter_cli.pairing.dutch import pair_round as dutch
from arbiter_cli.pairing.dutch.state import derive_states
from arbiter_cli.pairing.swiss import request_from_tournament

from .events import event, played

W, B, D, STAR = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.UNFINISHED


def _round_one(players: int, results: dict[int, GameResult], rounds: int = 5) -> Tournament:
    """Round 1 of a Swiss of ``players`` paired (White for start number 1) with ``results`` by board."""
    t = pair_round(event(players, initial_colour="white", rounds=rounds)).tournament
    return enter_results(t, 1, [ResultLine(board, result) for board, result in results.items()]).tournament


def _score_of(t: Tournament) -> dict[int, Fraction]:
    return {tpn: state.score for tpn, state in derive_states(request_from_tournament(t)).items()}


def test_star_is_the_result_code_of_a_game_still_being_played() -> None:
    assert parse_result("*") is STAR and not STAR.final and STAR.played and not STAR.is_forfeit
    with pytest.raises(ValueError, match="an individual Swiss's result"):
        parse_final_result("*")


def test_unfinished_game_counts_as_a_draw_for_pairing_only() -> None:
    t = _round_one(7, {1: STAR, 2: D, 3: D})  # board 1: 1 (White) - 4
    assert [(e.outcome, e.points, e.counted) for e in round_entries(t)[1]] == [(Outcome.UNFINISHED, 0, False)]
    standings = {row.player.start_number: (row.points, row.record.played) for row in compute_standings(t).rows}
    assert standings[1] == standings[4] == (0, 0)  # no points, no game yet
    request = request_from_tournament(t)
    history = {e.tpn: e.history[0] for e in request.entrants}
    assert (history[1].outcome, history[1].points, history[1].colour, history[1].opponent) == (
        Outcome.DRAW, Fraction(1, 2), "w", 4)
    assert (history[4].outcome, history[4].colour) == (Outcome.DRAW, "b")
    assert _score_of(t)[1] == _score_of(t)[4] == Fraction(1, 2)


def test_unfinished_game_player_cannot_float() -> None:
    """Without the rule 7 (1 point, the PAB) is paired down to 1, whose game is unfinished (½ for the
    pairing): 1 would float up. With it, 1 and 4 meet only players of their pairing score."""
    t = _round_one(7, {1: STAR, 2: D, 3: D})
    scores = _score_of(t)
    free = dutch(request_from_tournament(t, hold=False))
    assert any(1 in pair and scores[pair[0]] != scores[pair[1]] for pair in free.pairs)
    after = pair_round(t).tournament.rounds[-1]
    for game in after.games:
        if {1, 4} & set(game.players):
            assert scores[game.white] == scores[game.black], game
    assert not {b.player for b in after.byes} & {1, 4}


def test_unfinished_game_player_cannot_float_up_either() -> None:
    """8 players: 2's game is unfinished (½); without the rule 2 is paired up to 1 (1 point)."""
    t = _round_one(8, {1: W, 2: STAR, 3: D, 4: D})
    scores = _score_of(t)
    free = dutch(request_from_tournament(t, hold=False))
    assert (2, 1) in free.pairs and scores[1] > scores[2]
    ruled = pair_round(t).round
    assert all(scores[g.white] == scores[g.black] for g in ruled.games if {2, 6} & set(g.players))


def test_unfinished_game_player_cannot_get_the_pab() -> None:
    """7 players, board 3 (3 - 6) unfinished: without the rule 6 gets the PAB; with it, not."""
    t = _round_one(7, {1: D, 2: D, 3: STAR})
    assert dutch(request_from_tournament(t, hold=False)).bye == 6
    paired = pair_round(t).round
    pab = [b.player for b in paired.byes]
    assert len(pab) == 1 and pab[0] not in (3, 6)


def test_unfinished_game_making_the_round_unpairable_is_refused_naming_the_players() -> None:
    """5 players: 2 and 4 (unfinished, ½) may neither meet again, nor float to 5 (1), nor get the PAB."""
    t = _round_one(5, {1: D, 2: STAR})
    assert dutch(request_from_tournament(t, hold=False)).pairs  # without the rule it pairs
    with pytest.raises(NoPairing) as error:
        pair_round(t)
    message = str(error.value)
    assert message.startswith("round 2: no valid pairing keeps P4 (4), P2 (2) in their score groups")
    assert "round 1 (board 2) is still being played" in message and "enter the result first" in message


def test_unfinished_game_not_allowed_for_the_last_two_rounds() -> None:
    for rounds, which in ((3, "the last round but one of 3"), (2, "the last round of 2")):
        t = _round_one(7, {1: STAR, 2: D, 3: D}, rounds=rounds)
        with pytest.raises(Refused) as error:
            pair_round(t)
        assert f"round 2 is {which}: the last two rounds are never paired on an unfinished game" in str(error.value)
    assert pair_round(_round_one(7, {1: STAR, 2: D, 3: D}, rounds=4)).round.number == 2


def test_unfinished_game_pairs_a_player_at_most_once_in_the_event() -> None:
    t = pair_round(_round_one(7, {1: STAR, 2: D, 3: D}, rounds=7)).tournament
    t = enter_results(t, 1, [ResultLine(1, W)]).tournament  # the real result: 1 won
    assert t.rounds[0].games[0].note == "adjourned"
    board = next(g.board for g in t.rounds[1].games if 1 in g.players)
    lines = [ResultLine(g.board, STAR if g.board == board else D) for g in t.rounds[1].games]
    t = enter_results(t, 2, lines).tournament
    with pytest.raises(Refused) as error:
        pair_round(t)
    assert "a player is paired on an unfinished game at most once in the event" in str(error.value)
    assert f"P1 (1, board {board}) already was, on board 1 of round 1" in str(error.value)
    t = enter_results(t, 2, [ResultLine(board, D)]).tournament
    assert pair_round(t).round.number == 3  # the real result in: paired as usual


def test_unfinished_game_counts_for_the_next_round_only() -> None:
    t = pair_round(_round_one(7, {1: STAR, 2: D, 3: D}, rounds=7)).tournament
    t = played(t)
    with pytest.raises(Refused, match="round 1 still has board 1 being played .*enter its result before pairing "
                                      "round 3"):
        pair_round(t)


def test_unfinished_game_real_result_replaces_the_star_without_correct() -> None:
    t = pair_round(_round_one(7, {1: STAR, 2: D, 3: D})).tournament
    entered = enter_results(t, 1, [ResultLine(1, B)])
    assert [(c.change, c.old, c.new) for c in entered.changes] == [("round 1 board 1 result", "*", "0-1")]
    assert entered.tournament.rounds[0].games[0].result is B
    assert "counting as a draw, as it was still being played (C.04.2 3.1: for pairing only)" in entered.notes[0]
    scores = {row.player.start_number: row.points for row in compute_standings(entered.tournament, 1).rows}
    assert (scores[1], scores[4]) == (0, 1)
    assert pairs_as_stored(entered.tournament, 2)  # round 2 was paired on the draw, and still reads so
    again = enter_results(entered.tournament, 1, [ResultLine(1, B)])
    assert again.changes == ()  # the same result again (the note kept) changes nothing
    with pytest.raises(Refused, match="board 1 has 0-1, not 1-0"):
        enter_results(entered.tournament, 1, [ResultLine(1, W)])  # now a result: a correction needs --correct
    corrected = enter_results(entered.tournament, 1, [ResultLine(1, W)], correct=True).tournament
    assert corrected.rounds[0].games[0].note == "adjourned"
    seen = enter_results(t, 1, [ResultLine(1, D, 1, STAR)])  # compare-and-set: 'board 1 = was *'
    assert seen.round.games[0].result is D
    with pytest.raises(Refused, match="stored 0-1, yours 1/2-1/2 \\(based on \\*\\)"):
        enter_results(entered.tournament, 1, [ResultLine(1, D, 1, STAR)])


def test_unfinished_game_paired_on_ends_over_the_board_not_as_a_forfeit() -> None:
    t = pair_round(_round_one(7, {1: STAR, 2: D, 3: D})).tournament
    with pytest.raises(Refused, match="it ends over the board .*not as a forfeit"):
        enter_results(t, 1, [ResultLine(1, GameResult.WHITE_FORFEIT_WIN)])
    # before the next round is paired, a * may still turn out a forfeit
    before = _round_one(7, {1: STAR, 2: D, 3: D})
    forfeit = enter_results(before, 1, [ResultLine(1, GameResult.WHITE_FORFEIT_WIN)], excused=True).round.games[0]
    assert (forfeit.result, forfeit.note) == (GameResult.WHITE_FORFEIT_WIN, "excused")


def test_unfinished_game_is_entered_only_in_the_round_being_played() -> None:
    t = pair_round(_round_one(7, {1: W, 2: D, 3: D})).tournament
    with pytest.raises(Refused, match=r"\* \(a game still being played\) is for the round being played, round 2"):
        enter_results(t, 1, [ResultLine(1, STAR)], correct=True)


def test_unfinished_game_is_a_swiss_result_a_round_robin_refuses_it() -> None:
    t = pair_round(event(4, system="round-robin", initial_colour="white")).tournament
    with pytest.raises(Refused, match="is for a Swiss.*round-robin's rounds follow the Berger tables"):
        enter_results(t, 1, [ResultLine(1, STAR)])


def test_unfinished_game_keeps_the_event_from_being_finalised() -> None:
    t = _round_one(4, {1: STAR, 2: D}, rounds=1)
    assert missing_for_final(t) == ["round 1: board 1 still being played (*): enter the real result"]
    assert missing_for_final(enter_results(t, 1, [ResultLine(1, D)]).tournament) == []


def test_unpair_forgets_the_adjourned_notes_of_the_round_before() -> None:
    t = pair_round(_round_one(7, {1: STAR, 2: D, 3: D})).tournament
    t = enter_results(t, 1, [ResultLine(1, W)]).tournament
    after, _, _, changes = unpair(t)
    assert after.rounds[0].games[0].note is None
    assert ("round 1 board 1 note", "adjourned", "") in [(c.change, c.old, c.new) for c in changes]


def test_verify_accepts_an_unfinished_game_in_a_paired_on_round() -> None:
    t = pair_round(_round_one(7, {1: STAR, 2: D, 3: D}, rounds=7)).tournament
    assert problems(t) == []
    t = pair_round(played(enter_results(t, 1, [ResultLine(1, D)]).tournament)).tournament
    assert problems(t) == []
    star_kept = replace(t.rounds[0].games[0], result=STAR, note=None)
    stale = replace(t, rounds=(replace(t.rounds[0], games=(star_kept, *t.rounds[0].games[1:])), *t.rounds[1:]))
    found = problems(stale)
    assert [(p.file, p.severity) for p in found] == [("rounds/01.csv", "incomplete")]
    assert "board 1 still being played (*) though round 3 is paired" in found[0].message


def test_unfinished_game_player_paired_by_hand_may_neither_float_nor_get_the_pab() -> None:
    from arbiter_cli.lifecycle.manual_pairing import pair_by_hand

    t = _round_one(7, {1: STAR, 2: D, 3: D})  # 1 and 4 at ½ for the pairing, 7 at 1 (the PAB)
    with pytest.raises(Refused) as error:
        pair_by_hand(t, [(7, 1), (2, 3), (4, 5)], 6)
    assert "float: 1's game of the round before is still being played, so 1 is paired within their score " \
           "group only (C.04.2 3.1)" in "\n".join(error.value.details)
    with pytest.raises(Refused) as error:
        pair_by_hand(t, [(7, 2), (6, 1), (5, 3)], 4)
    assert "PAB: 4's game of the round before is still being played, so 4 gets no PAB" in "\n".join(
        error.value.details)
