"""Withdrawals, undoing a pairing and finishing an event, on the acts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import ByeRequest, Status
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.byes import request_bye
from arbiter_cli.lifecycle.finish import finalise, finish_early
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.registration import player_from, register
from arbiter_cli.lifecycle.results import ResultLine, enter_results
from arbiter_cli.lifecycle.unpair import unpair
from arbiter_cli.lifecycle.withdrawals import withdraw_player

from .events import event, played, rounds


def test_c04_2_3_2_a_withdrawal_cannot_precede_a_game_the_player_played() -> None:
    t = rounds(event(6, initial_colour="white"), 2)
    with pytest.raises(Refused, match="played a game in round 2 .*a withdrawal after round 1 would contradict it"):
        withdraw_player(t, 1, 1)
    after, player, last, changes = withdraw_player(t, 1)
    assert (player.name, last, after.by_number[1].withdrawn_after) == ("P1", 2, 2)
    assert changes[0].new == "withdrawn after round 2"


def test_a_0_0_is_a_game_played_so_no_withdrawal_before_it() -> None:
    t = pair_round(rounds(event(4, initial_colour="white"), 1)).tournament
    t = enter_results(t, 2, [ResultLine(g.board, GameResult.DOUBLE_LOSS) for g in t.rounds[1].games]).tournament
    with pytest.raises(Refused, match="played a game in round 2"):
        withdraw_player(t, 1, 1)


def test_a_withdrawal_drops_the_requested_byes_of_later_rounds() -> None:
    t = rounds(event(6, initial_colour="white"), 1)
    t, _ = request_bye(t, 3, 3, ByeKind.HPB)
    after, _, _, changes = withdraw_player(t, 3)
    assert after.byes == () and changes[1].change == "round 3 requested bye of 3 (P3)" and changes[1].old == "HPB"


def test_a_withdrawal_is_refused_before_round_1_twice_and_out_of_range() -> None:
    with pytest.raises(Refused, match="registration is open"):
        withdraw_player(event(4), 1)
    t = rounds(event(4, initial_colour="white"), 1)
    with pytest.raises(BadArgument) as error:
        withdraw_player(t, 1, 5)
    assert error.value.field == "after_round"
    t, _, _, _ = withdraw_player(t, 1)
    with pytest.raises(Refused, match="already withdrew after round 1"):
        withdraw_player(t, 1)


def test_c04_2_4_4_a_round_with_results_is_not_unpaired() -> None:
    t = pair_round(event(6, initial_colour="white")).tournament
    t = enter_results(t, 1, [ResultLine(2, GameResult.DRAW)]).tournament
    with pytest.raises(Refused, match="round 1 already has results \\(board 2\\)"):
        unpair(t)


def test_unpairing_gives_back_the_requested_byes_and_reopens_registration_after_round_1() -> None:
    t = replace(event(6, initial_colour="white"), byes=(ByeRequest(1, 4, ByeKind.ZPB),))
    paired = pair_round(t).tournament
    after, removed, restored, changes = unpair(paired)
    assert removed.number == 1 and restored == [ByeRequest(1, 4, ByeKind.ZPB)]
    assert after.rounds == () and after.byes == (ByeRequest(1, 4, ByeKind.ZPB),)
    assert after.settings.status is Status.REGISTRATION
    assert [c.change for c in changes] == ["round 1 unpaired", "round 1 requested bye of 4 (P4)"]


def test_unpairing_brings_a_late_entry_into_the_round_again() -> None:
    t = pair_round(rounds(event(6, initial_colour="white"), 1)).tournament
    t = register(t, [player_from({"name": "Late"}, 7)], by_hand=True).tournament  # after round 2 was paired
    late = next(p.start_number for p in t.players if p.name == "Late")
    after, _, restored, _ = unpair(t)
    assert after.by_number[late].entered_round == 2 and restored == []


def test_a_round_robins_withdrawal_forfeits_do_not_block_unpairing() -> None:
    t = rounds(event(4, system="round-robin", initial_colour="white"), 1)
    t, _, _, _ = withdraw_player(t, 4, 1)
    after, removed, _, _ = unpair(pair_round(t).tournament)
    assert removed.number == 2 and after.last_round == 1


def test_finalising_lists_what_is_missing() -> None:
    t = pair_round(rounds(event(4, rounds=3, initial_colour="white"), 1)).tournament
    with pytest.raises(Refused, match="2 things missing") as error:
        finalise(t, "2026-12-01")
    assert error.value.details == ("missing: round 2: no result on boards 1, 2", "missing: round 3 not paired yet")


def test_finalising_a_complete_event() -> None:
    t = rounds(event(4, rounds=3, initial_colour="white", start_date="2026-11-01"), 3)
    done = finalise(t, "2026-12-01")
    assert done.tournament.settings.status is Status.FINALISED and done.tournament.settings.finalised_on == \
        "2026-12-01"
    with pytest.raises(BadArgument) as error:
        finalise(t, "2026-10-01")
    assert error.value.field == "date"
    with pytest.raises(Refused, match="already finalised on 2026-12-01"):
        finalise(done.tournament, "2026-12-02")


def test_finishing_a_swiss_early_says_what_changes_and_acts_only_when_confirmed() -> None:
    t = pair_round(rounds(event(4, rounds=5, initial_colour="white"), 2)).tournament
    with pytest.raises(Refused, match="give --yes") as error:
        finalise(t, "2026-12-01", after_round=2)
    assert error.value.details == ("finish after round 2: the event will have 2 rounds instead of 5",
                                   "finish after round 2: round 3 (paired, no results) will be deleted")
    done = finalise(t, "2026-12-01", after_round=2, confirmed=True)
    assert done.tournament.settings.rounds == 2 and done.tournament.last_round == 2
    assert done.changes[0].new == "the event will have 2 rounds instead of 5"


def test_a_round_robin_cannot_finish_early_and_a_round_with_results_stays() -> None:
    with pytest.raises(Refused, match="only a Swiss can finish early"):
        finish_early(rounds(event(4, system="round-robin", initial_colour="white"), 1), 1)
    t = played(pair_round(rounds(event(4, rounds=5, initial_colour="white"), 1)).tournament)
    with pytest.raises(Refused, match="round 2 already has results, so it cannot be deleted"):
        finish_early(t, 1)
