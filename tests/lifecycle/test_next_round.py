"""Pairing the next round: the first pairing's draws and the preconditions, on the acts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import ByeRequest, InitialColour, Status
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.next_round import first_pairing_draws, pair_round, ready_to_pair

from .events import event, played, rounds


def test_c04_3_5_1_the_initial_colour_is_drawn_by_lot_at_the_first_pairing_from_the_seed() -> None:
    t = event(6, initial_colour="random")
    drawn, changes = first_pairing_draws(t)
    assert drawn.settings.initial_colour in (InitialColour.WHITE, InitialColour.BLACK)
    assert first_pairing_draws(t)[0].settings.initial_colour is drawn.settings.initial_colour  # the same seed
    assert ("initial colour drawn", "random", drawn.settings.initial_colour.value) in \
        [(c.change, c.old, c.new) for c in changes]
    colours = {first_pairing_draws(event(6, initial_colour="random", seed=s))[0].settings.initial_colour
               for s in range(20)}
    assert colours == {InitialColour.WHITE, InitialColour.BLACK}


def test_c04_3_5_1_a_chosen_initial_colour_stays() -> None:
    drawn, changes = first_pairing_draws(event(6, initial_colour="black"))
    assert drawn.settings.initial_colour is InitialColour.BLACK
    assert [c.change for c in changes] == ["status"] and drawn.settings.status is Status.RUNNING


def test_c05_pairing_numbers_are_drawn_by_lot_when_the_round_robin_chose_it() -> None:
    t = event(8, system="round-robin", numbering="lot", initial_colour="white")
    drawn, changes = first_pairing_draws(t)
    assert sorted(p.start_number for p in drawn.players) == list(range(1, 9))
    assert [p.name for p in drawn.players] != [p.name for p in t.players]  # this seed shuffles
    assert [p.name for p in first_pairing_draws(t)[0].players] == [p.name for p in drawn.players]
    assert changes[0].change == "start numbers drawn by lot"


def test_c05_a_round_robin_has_the_rounds_of_its_berger_table() -> None:
    drawn, changes = first_pairing_draws(event(5, system="round-robin", initial_colour="white"))
    assert drawn.settings.rounds == 5 and ("rounds", "5") in [(c.change, c.new) for c in changes]
    doubled, _ = first_pairing_draws(event(4, system="double-round-robin", initial_colour="white"))
    assert doubled.settings.rounds == 6
    wrong = event(5, system="round-robin", initial_colour="white")
    wrong = replace(wrong, settings=wrong.settings.model_copy(update={"rounds": 4}))
    with pytest.raises(Refused, match="has 5 rounds, but tournament.toml says rounds = 4"):
        first_pairing_draws(wrong)


def test_no_round_is_paired_while_a_result_of_an_earlier_one_is_missing() -> None:
    t = pair_round(event(6, initial_colour="white")).tournament
    with pytest.raises(Refused, match="round 1 still has no result on boards 1, 2, 3"):
        ready_to_pair(t)
    ready_to_pair(played(t))


def test_c04_1_1_no_round_after_the_announced_number() -> None:
    t = rounds(event(4, rounds=2, initial_colour="white"), 2)
    with pytest.raises(Refused, match="all 2 rounds are paired"):
        pair_round(t)


def test_two_players_are_needed() -> None:
    with pytest.raises(Refused, match="at least 2 players"):
        pair_round(event(1, initial_colour="white"))


def test_c04_2_3_3_requested_byes_become_bye_rows_of_their_round() -> None:
    t = event(6, initial_colour="white")
    t = replace(t, byes=(ByeRequest(1, 2, ByeKind.HPB), ByeRequest(2, 3, ByeKind.ZPB)))
    paired = pair_round(t)
    byes = [(b.player, b.kind) for b in paired.round.byes]
    assert (2, ByeKind.HPB) in byes and [kind for _, kind in byes].count(ByeKind.PAB) == 1  # 5 to pair
    assert 2 not in {p for g in paired.round.games for p in g.players}
    assert paired.tournament.byes == (ByeRequest(2, 3, ByeKind.ZPB),)  # the next round's request waits
    assert paired.changes[-1].change == "round 1 paired"


def test_a_round_robin_enters_a_withdrawn_players_games_as_forfeits_at_pairing() -> None:
    from arbiter_cli.lifecycle.withdrawals import withdraw_player

    t = rounds(event(4, system="round-robin", initial_colour="white"), 1)
    t, _, _, _ = withdraw_player(t, 4, 1)
    paired = pair_round(t)
    forfeited = [g for g in paired.round.games if 4 in g.players]
    assert len(forfeited) == 1 and forfeited[0].result in (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
    assert any(c.new.endswith("(withdrawal)") for c in paired.changes)
