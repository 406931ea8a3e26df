"""A knockout's acts and match rules (issue 18), pure: no folder."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.knockout import KnockoutMatch, KnockoutTournament
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Player, Settings, Status
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.knockout import (champion, decision, enter_knockout_result, enter_knockout_results,
                                            knockout_event,
                                            pair_knockout_round, withdraw_knockout_player)
from arbiter_cli.lifecycle.knockout_integrity import knockout_problems
from arbiter_cli.lifecycle.knockout_standings import knockout_standings


def event(players: int, **knockout: object) -> KnockoutTournament:
    settings = Settings(name="Cup", system="knockout", seed=7)
    return knockout_event(settings, KnockoutSettings.model_validate(knockout),
                          [Player(start_number=i, name=f"Player {i:02d}", rating=2600 - 10 * i)
                           for i in range(1, players + 1)])


def play(t: KnockoutTournament, round_number: int, match: int, *results: str) -> KnockoutTournament:
    """Enter results for the games still without one, in order."""
    for code in results:
        m = t.rounds[round_number - 1].matches[match - 1]
        game = next(g for g in m.games if g.result is None)
        t = enter_knockout_result(t, round_number, match, game.game, code).tournament
    return t


def white_wins_for(t: KnockoutTournament, round_number: int, match: int, player: int) -> str:
    """The code by which ``player`` wins the next game of the match."""
    m = t.rounds[round_number - 1].matches[match - 1]
    game = next(g for g in m.games if g.result is None)
    return "1-0" if game.white == player else "0-1"


def test_knockout_event_from_seeded_players_numbers_them_by_seed() -> None:
    t = knockout_event(Settings(name="Final", system="swiss", rounds=5, seed=1), KnockoutSettings(),
                       [Player(start_number=9, name="B"), Player(start_number=3, name="A")])
    assert [(p.start_number, p.name) for p in t.players] == [(1, "B"), (2, "A")]
    assert t.settings.system.value == "knockout" and t.settings.rounds is None


def test_round_one_pairs_the_seeded_bracket_with_games_per_match() -> None:
    t, rnd, _ = pair_knockout_round(event(8, games_per_match=2))
    assert [(m.first, m.second) for m in rnd.matches] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert all(len(m.games) == 2 for m in rnd.matches)
    assert t.total_rounds == 3 and not knockout_problems(t)


def test_one_game_a_match_or_a_series_of_four() -> None:
    _, one, _ = pair_knockout_round(event(4, games_per_match=1))
    _, four, _ = pair_knockout_round(event(4, games_per_match=4))
    assert {len(m.games) for m in one.matches} == {1} and {len(m.games) for m in four.matches} == {4}
    m = four.matches[0]
    assert [g.white for g in m.games] == [m.games[0].white, m.games[1].white] * 2
    assert m.games[0].white != m.games[1].white


def test_more_points_goes_through() -> None:
    t, _, _ = pair_knockout_round(event(2))
    t = play(t, 1, 1, "1/2-1/2", white_wins_for(play(t, 1, 1, "1/2-1/2"), 1, 1, 2))
    assert decision(t, t.rounds[0].matches[0]).winner == 2
    assert champion(t) == 2


def test_tied_match_gets_the_next_tiebreak_stage_games() -> None:
    t, _, _ = pair_knockout_round(event(2, tiebreak_stages=["rapid:2", "blitz:2", "armageddon"]))
    t = play(t, 1, 1, "1-0", "1-0")  # each wins with White: 1-1
    games = t.rounds[0].matches[0].games
    assert [g.stage for g in games] == ["main", "main", "rapid", "rapid"]
    t = play(t, 1, 1, "1/2-1/2", "1/2-1/2")
    assert [g.stage for g in t.rounds[0].matches[0].games][4:] == ["blitz", "blitz"]
    t = play(t, 1, 1, "0-1", "0-1")
    assert [g.stage for g in t.rounds[0].matches[0].games][6:] == ["armageddon"]
    assert not decision(t, t.rounds[0].matches[0]).decided


def test_armageddon_draw_counts_as_black_win() -> None:
    t, _, _ = pair_knockout_round(event(2, games_per_match=1, tiebreak_stages="armageddon"))
    t = play(t, 1, 1, "1/2-1/2", "1/2-1/2")
    armageddon = t.rounds[0].matches[0].games[-1]
    assert armageddon.stage == "armageddon"
    assert decision(t, t.rounds[0].matches[0]).winner == armageddon.black


@pytest.mark.parametrize("code", ["0-0", "-/-"])
def test_armageddon_must_decide_the_match_so_a_double_loss_or_double_forfeit_is_refused(code: str) -> None:
    t, _, _ = pair_knockout_round(event(2, games_per_match=1, tiebreak_stages="armageddon"))
    t = play(t, 1, 1, "1/2-1/2")
    with pytest.raises(BadArgument, match="it must decide the match") as error:
        enter_knockout_result(t, 1, 1, 2, code)
    assert error.value.field == "result"
    assert decision(t, t.rounds[0].matches[0]).winner is None  # still open: a real result decides it


def test_armageddon_colours_are_fixed_by_lot_not_bid() -> None:
    whites = set()
    for seed in range(12):
        t, _, _ = pair_knockout_round(replace(event(2, games_per_match=1, tiebreak_stages="armageddon"),
                                              settings=Settings(name="Cup", system="knockout", seed=seed)))
        t = play(t, 1, 1, "1/2-1/2")
        whites.add(t.rounds[0].matches[0].games[-1].white)
    assert whites == {1, 2}


def test_tie_lower_rated_player_goes_through() -> None:
    """The federation rule: on a tie, the lower-rated player goes through (no more games)."""
    t, _, _ = pair_knockout_round(event(2, tiebreak_stages="lower-rating"))
    t = play(t, 1, 1, "1/2-1/2", "1/2-1/2")
    state = decision(t, t.rounds[0].matches[0])
    assert state.winner == 2 and state.how == "lower rating" and len(t.rounds[0].matches[0].games) == 2


def test_lower_rating_is_the_default_tiebreak() -> None:
    assert KnockoutSettings().tiebreak_stages == ("lower-rating",)


def test_tiebreak_stages_must_end_with_a_deciding_stage() -> None:
    with pytest.raises(ValueError, match="last stage must decide"):
        KnockoutSettings(tiebreak_stages=["rapid:2"])
    with pytest.raises(ValueError, match="armageddon decides the match"):
        KnockoutSettings(tiebreak_stages=["armageddon", "rapid:2"])


def test_next_round_waits_for_every_winner() -> None:
    t, _, _ = pair_knockout_round(event(4))
    t = play(t, 1, 1, "1-0", "0-1")  # a white win each
    with pytest.raises(Refused, match="no winner yet in match 2"):
        pair_knockout_round(t)


def test_only_winners_go_on_to_the_next_round() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=1))
    t = play(t, 1, 1, white_wins_for(t, 1, 1, 4))
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t, final, _ = pair_knockout_round(t)
    assert (final.matches[0].first, final.matches[0].second) == (4, 2)
    with pytest.raises(Refused, match="final is paired"):
        pair_knockout_round(play(t, 2, 1, "1-0"))


def test_byes_go_through_without_a_game() -> None:
    t, rnd, _ = pair_knockout_round(event(6))
    byes = [m for m in rnd.matches if m.second is None]
    assert [m.first for m in byes] == [1, 2] and all(not m.games for m in byes)
    assert decision(t, byes[0]).winner == 1


def test_withdrawal_before_a_match_opponent_goes_through_by_forfeit() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=1))
    t, changes = withdraw_knockout_player(t, 4)
    match = t.rounds[0].matches[0]
    assert match.forfeit is GameResult.WHITE_FORFEIT_WIN and decision(t, match).winner == 1
    assert not match.games and t.by_number[4].is_withdrawn and changes
    assert t.by_number[4].withdrawn_after == 0  # before the round's match: after round 0


def test_withdrawal_during_a_begun_match_is_after_that_round() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=2))
    t = play(t, 1, 1, "1/2-1/2")  # game 1.1 played; the player withdraws before game 1.2
    loser = t.rounds[0].matches[0].players[1]
    t, changes = withdraw_knockout_player(t, loser)
    assert t.by_number[loser].withdrawn_after == 1 and changes[0].new == "withdrawn after round 1"
    assert [g.game for g in t.rounds[0].matches[0].games] == [1]  # the game played stays


def test_withdrawal_forfeits_the_withdrawn_players_next_match_when_paired() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=1))
    t = play(t, 1, 1, white_wins_for(t, 1, 1, 1))
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t, _ = withdraw_knockout_player(t, 2)
    t, final, _ = pair_knockout_round(t)
    assert final.matches[0].forfeit is GameResult.WHITE_FORFEIT_WIN and champion(t) == 1


def final_paired() -> tuple[KnockoutTournament, str]:
    """Four players, one game a match: seeds 1 and 2 won and meet in the final; the code that
    would have made seed 4 win match 1 instead."""
    t, _, _ = pair_knockout_round(event(4, games_per_match=1))
    won = white_wins_for(t, 1, 1, 1)
    t = play(t, 1, 1, won)
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t, _, _ = pair_knockout_round(t)
    return t, "0-1" if won == "1-0" else "1-0"


def test_correction_refused_when_later_round_paired_with_the_winner() -> None:
    t, other = final_paired()
    with pytest.raises(Refused, match="give --force"):
        enter_knockout_result(t, 1, 1, 1, other, correct=True)


def test_correction_with_force_pairs_the_match_the_new_winner_goes_on_to_again() -> None:
    t, other = final_paired()
    entered = enter_knockout_result(t, 1, 1, 1, other, correct=True, force=True)
    assert entered.tournament.last_round == 2  # the final stays paired, now with seed 4
    final = entered.tournament.rounds[1].matches[0]
    assert (final.first, final.second) == (4, 2) and [g.players for g in final.games] in ([(4, 2)], [(2, 4)])
    assert [c.change for c in entered.changes] == ["round 1 game 1.1 result", "round 2 match 1 paired again"]
    assert not knockout_problems(entered.tournament)


def eight_in_the_final() -> KnockoutTournament:
    """Eight players, two games a match, ties to rapid:2 then Armageddon: every quarter-final and
    semi-final won 2-0 by the higher seed, the final paired with one result in (1.1)."""
    t, _, _ = pair_knockout_round(event(8, games_per_match=2, tiebreak_stages=["rapid:2", "armageddon"]))
    for rnd in (1, 2):
        for m in t.rounds[rnd - 1].matches:
            top = min(m.players)
            for _ in (1, 2):
                t = play(t, rnd, m.number, white_wins_for(t, rnd, m.number, top))
        t, _, _ = pair_knockout_round(t)
    return play(t, 3, 1, "1/2-1/2")


def results(t: KnockoutTournament) -> dict[tuple[int, int, int], GameResult | None]:
    return {(r.number, m.number, g.game): g.result for r in t.rounds for m in r.matches for g in m.games}


def test_forced_correction_repairs_only_the_matches_the_winner_goes_on_to() -> None:
    """Issue 25 (fault 4): turning round 1's match 2 around (5 beats 4) reaches semi-final 1 (1 v 4,
    played) and the final (1 v 2, begun); semi-final 2 and every other round-1 match keep their results."""
    t = eight_in_the_final()
    match = t.rounds[0].matches[1]
    assert set(match.players) == {4, 5}
    flip = "0-1" if match.games[0].white == 4 else "1-0"
    with pytest.raises(Refused) as refused:
        enter_knockout_result(t, 1, 2, 1, flip, correct=True)
    assert "give --force to pair again round 2 match 1 (dropping 1.1 " in str(refused.value)
    assert "round 3 match 1 (dropping 1.1 1/2-1/2)" in str(refused.value)
    flipped = enter_knockout_result(t, 1, 2, 1, flip, correct=True, force=True)
    flipped = enter_knockout_result(flipped.tournament, 1, 2, 2, "0-1" if flip == "1-0" else "1-0", correct=True,
                                    force=True)
    after = flipped.tournament
    assert decision(after, after.rounds[0].matches[1]).winner == 5
    semi = after.rounds[1].matches[0]
    assert (semi.first, semi.second) == (1, 5) and all(g.result is None for g in semi.games) and len(semi.games) == 2
    final = after.rounds[2].matches[0]
    assert (final.first, final.second, final.waiting, final.games) == (None, 2, (1,), ())
    kept = {key: value for key, value in results(t).items() if key[:2] not in {(1, 2), (2, 1), (3, 1)}}
    assert kept and all(results(after)[key] == value for key, value in kept.items())
    assert not knockout_problems(after)
    # the semi-final played again decides the final's first player
    after = play(after, 2, 1, white_wins_for(after, 2, 1, 5))
    after = play(after, 2, 1, white_wins_for(after, 2, 1, 5))
    final = after.rounds[2].matches[0]
    assert (final.first, final.second, final.waiting) == (5, 2, ()) and len(final.games) == 2
    assert not knockout_problems(after)


def test_a_correction_that_reopens_a_match_leaves_the_match_it_feeds_waiting() -> None:
    """A main game corrected to a draw ties the match: its rapid games are added, and the semi-final it
    feeds waits for its winner (no game) while the other semi-final keeps its results."""
    t = eight_in_the_final()
    t = enter_knockout_result(t, 3, 1, 1, None, correct=True).tournament  # the final's game back to none
    match = t.rounds[0].matches[0]
    loser_wins = "0-1" if match.games[1].white == 1 else "1-0"
    entered = enter_knockout_result(t, 1, 1, 2, loser_wins, correct=True, force=True)
    after = entered.tournament
    assert [g.stage for g in after.rounds[0].matches[0].games] == ["main", "main", "rapid", "rapid"]
    semi = after.rounds[1].matches[0]
    assert semi.first is None and semi.waiting == (1,) and not semi.games
    assert after.rounds[1].matches[1] == t.rounds[1].matches[1]  # untouched, with its results
    final = after.rounds[2].matches[0]
    assert final.first is None and final.waiting == (1,) and not final.games
    assert not knockout_problems(after)
    with pytest.raises(Refused, match="waits for the winner of round 1 match 1"):
        enter_knockout_result(after, 2, 1, 1, "1-0")
    with pytest.raises(Refused, match="no winner yet"):
        pair_knockout_round(replace(after, rounds=after.rounds[:2]))
    # the rapid games decide the match: the semi-final is paired with its winner, and only it
    after = play(after, 1, 1, white_wins_for(after, 1, 1, 8))
    after = play(after, 1, 1, white_wins_for(after, 1, 1, 8))
    semi = after.rounds[1].matches[0]
    assert (semi.first, semi.second, semi.waiting) == (8, 4, ()) and len(semi.games) == 2
    assert after.rounds[2].matches[0].waiting == (1,)
    assert not knockout_problems(after)


def test_an_armageddon_correction_repairs_only_the_next_match() -> None:
    """A tie-break game's correction (the Armageddon turned around) reaches the next match only."""
    t, _, _ = pair_knockout_round(event(4, games_per_match=2, tiebreak_stages=["armageddon"]))
    t = play(t, 1, 1, "1-0", "1-0")  # one win each: Armageddon
    game = t.rounds[0].matches[0].games[2]
    t = play(t, 1, 1, "1/2-1/2")  # a draw: Black goes through
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t, _, _ = pair_knockout_round(t)
    t = play(t, 2, 1, "1/2-1/2")
    entered = enter_knockout_result(t, 1, 1, 3, "1-0", correct=True, force=True)
    final = entered.tournament.rounds[1].matches[0]
    assert (final.first, final.second) == (game.white, 2) and all(g.result is None for g in final.games)
    assert "round 2 match 1: its results dropped (1.1 1/2-1/2)" in " ".join(entered.notes)


def test_a_forced_correction_journals_only_its_net_change() -> None:
    """Issue 25 (trial): two lines that turn a 2-0 match around (game 1, then game 2) made the match
    tied after the first line, so rapid games were added, then dropped by the second: the journal
    said 'added' and 'dropped: none -> none', and the notes 'match tied'. Now the journal and the
    notes are the change from before the lines to after them: two results, the next match paired
    again, who goes through now."""
    t = eight_in_the_final()
    match = t.rounds[0].matches[1]
    flips = [(g.game, g.result, "0-1" if g.result is GameResult.WHITE_WINS else "1-0") for g in match.games]
    text = "".join(f"2.{game} {new} was {old.value}\n" for game, old, new in flips if old is not None)
    entered = enter_knockout_results(t, 1, text, "fix.txt", correct=True, force=True)
    assert [c.change for c in entered.changes] == ["round 1 game 2.1 result", "round 1 game 2.2 result",
                                                   "round 2 match 1 paired again", "round 3 match 1 paired again"]
    assert not any("added" in c.change or "dropped" in c.change for c in entered.changes)
    assert not any("tied" in note for note in entered.notes)
    assert "match 2: now 5 (Player 05) goes through (was 4 (Player 04))" in entered.notes
    assert [g.stage for g in entered.tournament.rounds[0].matches[1].games] == ["main", "main"]


def test_a_game_a_correction_drops_is_journaled_with_its_stage_and_players() -> None:
    """A correction that decides a match before its tie-break games were played drops them: each
    journal line names the game dropped (stage, White v Black), never 'none -> none'."""
    t, _, _ = pair_knockout_round(event(2, games_per_match=2, tiebreak_stages=["rapid:2", "armageddon"]))
    t = play(t, 1, 1, "1-0", "1-0")  # one win each: rapid games 1.3 and 1.4
    rapid = t.rounds[0].matches[0].games[2:]
    entered = enter_knockout_result(t, 1, 1, 2, "0-1", correct=True)
    assert [(c.change, c.old, c.new) for c in entered.changes] == [
        ("round 1 game 1.2 result", "1-0", "0-1"),
        *((f"round 1 game 1.{g.game} dropped", f"rapid: {g.white} v {g.black}", "") for g in rapid)]
    unchanged = enter_knockout_result(entered.tournament, 1, 1, 2, "0-1", correct=True)
    assert unchanged.changes == () and unchanged.notes == ("round 1 game 1.2: nothing changed",)


def test_a_player_withdrawing_from_a_reopened_match_sends_the_opponent_into_the_waiting_match() -> None:
    t = eight_in_the_final()
    t = enter_knockout_result(t, 3, 1, 1, None, correct=True).tournament
    match = t.rounds[0].matches[0]
    t = enter_knockout_result(t, 1, 1, 2, "0-1" if match.games[1].white == 1 else "1-0", correct=True,
                              force=True).tournament
    t, changes = withdraw_knockout_player(t, 8)
    semi = t.rounds[1].matches[0]
    assert (semi.first, semi.second, semi.waiting) == (1, 4, ()) and len(semi.games) == 2
    assert t.by_number[8].withdrawn_after == 1
    assert [c.change for c in changes] == ["player 8 (Player 08) status", "round 1 match 1 forfeit",
                                           "round 2 match 1 paired"]
    assert not knockout_problems(t)


def test_correction_that_keeps_the_winner_needs_no_force() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=2))
    t = play(t, 1, 1, white_wins_for(t, 1, 1, 1))
    t = play(t, 1, 1, white_wins_for(t, 1, 1, 1))
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t, _, _ = pair_knockout_round(t)
    entered = enter_knockout_result(t, 1, 1, 2, "1/2-1/2", correct=True)
    assert entered.tournament.last_round == 2


def test_changing_a_result_needs_correct() -> None:
    t, _, _ = pair_knockout_round(event(2))
    t = play(t, 1, 1, "1-0")
    with pytest.raises(Refused, match="--correct"):
        enter_knockout_result(t, 1, 1, 1, "0-1")


def test_bulk_input_refuses_at_once_a_line_based_on_a_result_no_longer_stored() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=2))
    t = play(t, 1, 1, "1-0")
    # a knockout's lines go one by one: even the result already stored is refused when ``was`` differs
    with pytest.raises(Refused) as error:
        enter_knockout_results(t, 1, "2.1 1-0\n1.1 1-0 was 0-1\n", "r.txt")
    assert str(error.value) == "r.txt, line 2: game 1.1 now has 1-0, not 0-1: nothing was saved"
    entered = enter_knockout_results(t, 1, "1.1 1-0 was 1-0\n1.2 0-1 was none\n", "r.txt")
    assert [c.change for c in entered.changes] == ["round 1 game 1.2 result"]  # the same result: no line


def test_a_finalised_knockout_takes_only_a_correction_and_the_finals_winner_may_change_c04_2_4_3() -> None:
    t, _, _ = pair_knockout_round(event(2, games_per_match=1))
    t = play(t, 1, 1, "1-0")
    final = replace(t, settings=t.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": "2026-03-01"}))
    with pytest.raises(Refused) as error:
        enter_knockout_result(final, 1, 1, 1, "0-1")
    assert str(error.value).startswith("the event was finalised on 2026-03-01; only a correction (--correct)")
    corrected = enter_knockout_result(final, 1, 1, 1, "0-1", correct=True)
    assert champion(corrected.tournament) != champion(final) and corrected.tournament.settings.status is Status.FINALISED


def test_bad_match_or_game_names_the_argument() -> None:
    t, _, _ = pair_knockout_round(event(2))
    with pytest.raises(BadArgument) as error:
        enter_knockout_result(t, 1, 1, 9, "1-0")
    assert error.value.field == "MATCH.GAME"
    with pytest.raises(BadArgument) as error:
        enter_knockout_result(t, 1, 1, 1, "2-0")
    assert error.value.field == "result"


def test_standings_by_round_reached_then_rating() -> None:
    t, _, _ = pair_knockout_round(event(4, games_per_match=1))
    t = play(t, 1, 1, white_wins_for(t, 1, 1, 4))  # 4 knocks out 1
    t = play(t, 1, 2, white_wins_for(t, 1, 2, 2))
    t, _, _ = pair_knockout_round(t)
    t = play(t, 2, 1, white_wins_for(t, 2, 1, 2))
    rows = knockout_standings(t)
    assert [(r.rank, r.rank_to, r.player.start_number) for r in rows] == [(1, 1, 2), (2, 2, 4), (3, 4, 1), (3, 4, 3)]
    assert rows[0].state == "winner"


def test_match_forfeit_double_sends_nobody_through() -> None:
    t = event(2)
    match = KnockoutMatch(1, 1, 2, (), GameResult.DOUBLE_FORFEIT)
    state = decision(t, match)
    assert state.decided and state.winner is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2"]), min_size=4, max_size=4))
def test_more_points_goes_through_else_lower_rating(codes: list[str]) -> None:
    """Any series of 4 games: the player with more points goes through; on a tie the lower-rated."""
    t, _, _ = pair_knockout_round(event(2, games_per_match=4))
    t = play(t, 1, 1, *codes)
    match = t.rounds[0].matches[0]
    points = {1: Fraction(0), 2: Fraction(0)}
    for game in match.games:
        white, black = t.settings.scoring.game_points(game.result)  # type: ignore[arg-type]
        points[game.white] += white
        points[game.black] += black
    expected = 1 if points[1] > points[2] else 2  # a tie: player 2 is the lower-rated
    assert decision(t, match).winner == expected and len(match.games) == 4


def test_withdrawn_player_without_opponent_does_not_go_through() -> None:
    """8 players, one game: both players of round 1's match 1 withdraw before it (a double forfeit:
    nobody goes through); the winner of match 2, who faces nobody in round 2, withdraws too, and
    nobody goes through from that semi-final."""
    t, _, _ = pair_knockout_round(event(8, games_per_match=1))
    t, _ = withdraw_knockout_player(t, 1)
    t, _ = withdraw_knockout_player(t, 8)
    assert decision(t, t.rounds[0].matches[0]).winner is None
    assert t.rounds[0].matches[0].forfeit is GameResult.DOUBLE_FORFEIT
    for number in (2, 3, 4):
        t = play(t, 1, number, "1-0")
    through = decision(t, t.rounds[0].matches[1]).winner
    assert through is not None
    t, _ = withdraw_knockout_player(t, through)
    t, semi, _ = pair_knockout_round(t)
    assert semi.matches[0].players == (through,) and decision(t, semi.matches[0]).winner is None
    assert not knockout_problems(t)
