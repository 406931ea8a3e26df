"""A correction after finalising (C.04.2 4.3: the correction counts, the final files follow): the
prize list's changes are journaled (issue 24: the rule lives in the life-cycle layer)."""

from __future__ import annotations

from arbiter_cli.core.model import Tournament
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.final_correction import prize_corrections
from arbiter_cli.lifecycle.finish import finalise
from arbiter_cli.lifecycle.results import ResultLine, enter_results

from .events import event, rounds


def finished() -> Tournament:
    """Four players, three rounds, White winning every game, finalised."""
    return finalise(rounds(event(4, rounds=3), 3, GameResult.WHITE_WINS), "2026-03-01").tournament


def test_c04_2_4_3_a_correction_after_finalising_journals_each_prize_it_moves() -> None:
    before = finished()
    winner = next(g for g in before.rounds[-1].games)
    after = enter_results(before, 3, [ResultLine(winner.board, GameResult.BLACK_WINS)], correct=True).tournament
    table = PrizeTable(places=(100, 50))
    changes = prize_corrections(before, after, table)
    assert changes, "a correction that changes the ranking changes the prize list"
    assert all(c.change.startswith("prize list") for c in changes)
    assert any(c.old != c.new for c in changes)


def test_c04_2_4_3_a_correction_that_moves_no_prize_journals_none() -> None:
    before = finished()
    assert prize_corrections(before, before, PrizeTable(places=(100, 50))) == []


def test_without_a_prize_fund_a_correction_journals_no_prize() -> None:
    before = finished()
    winner = next(g for g in before.rounds[-1].games)
    after = enter_results(before, 3, [ResultLine(winner.board, GameResult.BLACK_WINS)], correct=True).tournament
    assert prize_corrections(before, after, None) == []
