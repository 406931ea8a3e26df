"""A game still being played (``*``) in a TRF: TRF-2026's ``X`` (unknown or adjourned, scored as a draw by
record 162), written for both players and read back as ``*``; ``trf check`` and ``trf pair`` pair on it
as ``arbiter pair`` pairs on a ``*`` (C.04.2 3.1 and the federation's rule)."""

from __future__ import annotations

import pytest

from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.results import ResultLine, enter_results
from arbiter_cli.lifecycle.standings import points_and_ranks
from arbiter_cli.pairing.dutch import pair_round as dutch
from arbiter_cli.trf.exporter import export_trf
from arbiter_cli.trf.importer import import_trf
from arbiter_cli.trf.reader import TrfError, parse_trf
from arbiter_cli.trf.swiss import next_round, request_from_trf
from lifecycle.events import event


D, STAR = GameResult.DRAW, GameResult.UNFINISHED


def _paired_on_a_star():  # type: ignore[no-untyped-def]
    """7 players, round 1 board 1 (1 - 4) still being played, round 2 paired on it."""
    t = pair_round(event(7, initial_colour="white", rounds=5)).tournament
    t = enter_results(t, 1, [ResultLine(1, STAR), ResultLine(2, D), ResultLine(3, D)]).tournament
    return pair_round(t).tournament


def test_trf_check_pairs_on_x_as_arbiter_pair_pairs_on_a_star() -> None:
    t = _paired_on_a_star()
    trf = parse_trf(export_trf(t, standing=points_and_ranks(t)).text)
    again = dutch(request_from_trf(trf, 2))
    stored = t.rounds[1]
    assert set(again.pairs) == {(g.white, g.black) for g in stored.games}
    assert again.bye == next(b.player for b in stored.byes)


def test_trf_pair_on_x_keeps_its_players_in_their_score_groups_without_the_pab() -> None:
    t = pair_round(event(7, initial_colour="white", rounds=5)).tournament
    t = enter_results(t, 1, [ResultLine(1, STAR), ResultLine(2, D), ResultLine(3, D)]).tournament
    trf = parse_trf(export_trf(t, standing=points_and_ranks(t)).text)
    imported = import_trf(trf)
    assert imported.tournament.rounds[0].games[0].result is STAR
    request = next_round(trf, imported).request
    assert request.pab_ineligible == {1, 4}
    paired = dutch(request)
    assert (set(paired.pairs), paired.bye) == ({(g.white, g.black) for g in pair_round(t).round.games},
                                              next(b.player for b in pair_round(t).round.byes))


@pytest.mark.parametrize("answer", ["=", "1", " "])
def test_trf_x_against_another_result_is_refused(answer: str) -> None:
    t = pair_round(event(4, initial_colour="white", rounds=3)).tournament
    t = enter_results(t, 1, [ResultLine(1, STAR), ResultLine(2, D)]).tournament
    text = export_trf(t, standing=points_and_ranks(t)).text
    lines = text.split("\r\n")
    black = next(i for i, line in enumerate(lines) if line.startswith("001") and line[91:99].endswith("b X"))
    lines[black] = lines[black][:98] + answer + lines[black][99:]
    with pytest.raises(TrfError, match="the results contradict each other") as error:
        import_trf(parse_trf("\r\n".join(lines)))
    white = next(i for i, line in enumerate(lines) if line.startswith("001") and line[91:99].endswith("w X"))
    # both lines named: which of the two is wrong, the file does not say (trial of issue 29: only one was)
    assert f"(line {white + 1})" in error.value.message and "(this line)" in error.value.message
    assert error.value.line == black + 1


def test_trf_x_in_a_round_robin_is_not_imported_into_a_folder() -> None:
    t = pair_round(event(4, initial_colour="white", rounds=3)).tournament
    t = enter_results(t, 1, [ResultLine(1, STAR), ResultLine(2, D)]).tournament
    text = export_trf(t, standing=points_and_ranks(t)).text.replace("192 FIDE_DUTCH", "192 BERGER_ROUNDROBIN")
    with pytest.raises(TrfError, match=r"a game still being played \(X\) in round 1 of a round robin"):
        import_trf(parse_trf(text), round_robin=True)
