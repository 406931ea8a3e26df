"""Pairing systems.

:func:`pair_next_round` is the one entry point the command line calls. It
dispatches on the tournament's system:

* ``round-robin`` and ``double-round-robin``: :mod:`.round_robin` (C.05 Berger tables);
* ``swiss``: the FIDE Dutch system (C.04.3, 2026 rules): :mod:`.dutch`, fed by
  :mod:`.swiss` from the folder's rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter_cli.core.errors import NoPairing
from arbiter_cli.core.model import Game, Round, System, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.pairing import round_robin

if TYPE_CHECKING:  # the Dutch engine loads with the commands that pair (start-up time)
    from arbiter_cli.pairing.dutch import DutchResult, PairingRequest
    from arbiter_cli.pairing.dutch.manual import ManualCheck

__all__ = ["pair_next_round", "explain_round", "pairs_as_stored", "check_by_hand"]


def pair_next_round(tournament: Tournament, absent: dict[int, ByeKind] | None = None,
                    progress: Callable[[int, int], None] | None = None) -> Round:
    """Pair the round after the last paired one. Pure: returns the new round.

    ``absent``: the requested byes of that round (C.04.2 3.3), written into it.
    ``progress``: called as a Swiss round's brackets are settled (see the Dutch ``pair_round``).
    """
    number = tournament.last_round + 1
    match tournament.settings.system:
        case System.ROUND_ROBIN | System.DOUBLE_ROUND_ROBIN:
            return round_robin.pair_round(tournament, number)
        case System.SWISS:
            from arbiter_cli.pairing.dutch import pair_round
            from arbiter_cli.pairing.swiss import request_from_tournament, round_from_pairing

            absent = absent or {}
            try:
                result = pair_round(request_from_tournament(tournament, frozenset(absent)), progress)
            except NoPairing as error:
                _held_apart(tournament, frozenset(absent), error)
                raise
            return round_from_pairing(number, list(result.pairs), result.bye, absent)
        case System.KNOCKOUT:  # a knockout folder is paired by lifecycle/knockout.py, never here
            raise ValueError("a knockout is paired by its bracket (pairing/knockout.py)")


def _held_apart(tournament: Tournament, absent: frozenset[int], error: NoPairing) -> None:
    """A round that has no valid pairing only because the players of unfinished games may neither
    float nor get the PAB (the federation's rule, C.04.2 3.1): refuse, naming the games whose rule
    alone blocks it (all of them when none does alone). Otherwise return: the engine's reason stands."""
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.pairing.swiss import held_games, request_from_tournament

    held = held_games(tournament)
    if not held:
        return
    try:
        pair_round(request_from_tournament(tournament, absent, hold=False))
    except NoPairing:
        return
    blocking = [game for game in held if len(held) > 1 and _pairs(tournament, absent, game)] or list(held)
    names = ", ".join(f"{tournament.by_number[tpn].name} ({tpn})" for game in blocking for tpn in game.players
                      if tpn not in absent)
    several = len(blocking) > 1
    boards = ", ".join(str(game.board) for game in blocking)
    raise NoPairing(f"no valid pairing keeps {names} in their score groups without the PAB: "
                    f"{'their games' if several else 'their game'} of round {tournament.last_round} "
                    f"(board{'s' if several else ''} {boards}) {'are' if several else 'is'} still being played, "
                    "and a player paired on an unfinished game may neither float nor get the PAB (C.04.2 3.1); "
                    f"enter the result{'s' if several else ''} first") from error


def _pairs(tournament: Tournament, absent: frozenset[int], free: Game) -> bool:
    """Whether the round pairs with the rule kept for every unfinished game but ``free``."""
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.pairing.swiss import held_games, in_score_groups, request_from_tournament

    others = {tpn for game in held_games(tournament) if game is not free for tpn in game.players}
    try:
        pair_round(in_score_groups(request_from_tournament(tournament, absent, hold=False), others))
    except NoPairing:
        return False
    return True


def explain_round(tournament: Tournament, number: int) -> list[str]:
    """Why round ``number`` of a Swiss is paired as it is: the engine's account, bracket by bracket.

    The round is paired again from the rounds before it; if the stored round differs
    (changed by hand), the explanation says so and describes the engine's pairing.
    """
    if tournament.settings.system is not System.SWISS:
        return [f"round {number} comes from the Berger table (C.05): no choices were made"]
    from arbiter_cli.pairing.dutch.explain import explain

    request, result = _paired_again(tournament, number)
    lines = explain(request, result)
    if tournament.round(number) is not None and not pairs_as_stored(tournament, number):
        lines.insert(0, f"note: the stored round {number} differs from the engine's pairing; "
                        "this explains the engine's pairing")
    return lines


def _paired_again(tournament: Tournament, number: int) -> tuple[PairingRequest, DutchResult]:
    """Round ``number`` of a Swiss paired again from the rounds before it (its requested byes kept)."""
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.pairing.swiss import request_from_tournament

    before = replace(tournament, rounds=tournament.rounds[: number - 1], byes=())
    stored = tournament.round(number)
    requested = (ByeKind.HPB, ByeKind.ZPB, ByeKind.FPB)
    absent = frozenset(b.player for b in stored.byes if b.kind in requested) if stored is not None else frozenset()
    request = request_from_tournament(before, absent)
    return request, pair_round(request)


def pairs_as_stored(tournament: Tournament, number: int) -> bool:
    """Whether round ``number`` is what the system pairs today from the rounds before it: the same
    boards with the same colours and the same PAB (a round robin's table never changes). This is
    what ``arbiter trf check`` compares."""
    if tournament.settings.system is not System.SWISS:
        return True
    stored = tournament.round(number)
    if stored is None:
        raise ValueError(f"round {number} is not paired")
    try:
        _, result = _paired_again(tournament, number)
    except NoPairing:
        return False
    pab = [b.player for b in stored.byes if b.kind is ByeKind.PAB]
    return (set(result.pairs) == {(g.white, g.black) for g in stored.games}
            and result.bye == (pab[0] if pab else None))


def check_by_hand(tournament: Tournament, number: int, pairs: list[tuple[int, int]], bye: int | None,
                  absent: frozenset[int] = frozenset()) -> ManualCheck:
    """Check a Swiss round ``number`` paired by hand (``pairs`` of White and Black, the PAB) against
    the Dutch criteria, beside the engine's own pairing of the round (C.04.1: the arbiter's change)."""
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.pairing.dutch.manual import check_manual_pairing
    from arbiter_cli.pairing.swiss import request_from_tournament

    before = replace(tournament, rounds=tournament.rounds[: number - 1], byes=())
    request = request_from_tournament(before, absent)
    try:
        engine: DutchResult | None = pair_round(request)
    except NoPairing:
        engine = None
    return check_manual_pairing(request, pairs, bye, engine)
