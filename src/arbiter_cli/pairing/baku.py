"""Baku acceleration (FIDE C.04.7, 2026; earlier C.04.5.1 and C.04.7.1): virtual points for the
pairing of the first rounds.

* **Groups.** Before round 1 the players, in pairing-number order, are split: group A is the
  first 2·⌈n/4⌉ (the first half, rounded up to an even number), group B the others. A late entry
  does not move group A's last player: a late player numbered above that player is in group A.
* **Virtual points.** With R rounds and W points for a win: the accelerated rounds are the first
  A = ⌈R/2⌉; in the first ⌈A/2⌉ of them (= ⌈R/4⌉) every group A player gets W, in the rest W/2.
  Group B gets none, and nobody gets any after round A.
* The pairing score is the score plus the virtual points: it makes the score groups, the order in
  them and the floats. Virtual points never count in the standings or the tie-breaks.
* Baku needs a win worth two draws, and a loss worth 0 (C.04.7 2026).

Note: bbpPairings' automatic mode (192 ``FIDE_DUTCH_BAKU``) puts ⌈n/2⌉ players in group A, which
differs from 2·⌈n/4⌉ when n mod 4 is 1 or 2; we follow the FIDE text.

>>> group_a_size(161), group_a_size(10), group_a_size(9)
(82, 6, 6)
>>> [str(v) for v in baku_points(Fraction(1), 9)]
['1', '1', '1', '1/2', '1/2', '0', '0', '0', '0']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbiter_cli.core.model import Tournament

__all__ = ["group_a_size", "baku_points", "baku_virtual_points", "virtual_points_of", "check_baku_scoring"]


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def group_a_size(players: int) -> int:
    """Group A's size for ``players`` players before round 1: 2·⌈n/4⌉."""
    return 2 * _ceil_div(players, 4)


def baku_points(win: Fraction, rounds: int) -> tuple[Fraction, ...]:
    """A group A player's virtual points in rounds 1..``rounds``: W in the first ⌈R/4⌉ rounds,
    W/2 up to round ⌈R/2⌉, then 0."""
    accelerated = _ceil_div(rounds, 2)
    full = _ceil_div(accelerated, 2)
    return tuple(win if r <= full else win / 2 if r <= accelerated else Fraction(0) for r in range(1, rounds + 1))


def baku_virtual_points(order: Sequence[int], group_a_last: int | None, win: Fraction, rounds: int,
                        overrides: Mapping[tuple[int, int], Fraction] | None = None) -> dict[int, tuple[Fraction, ...]]:
    """Each player's virtual points per round: ``order`` is the players' pairing numbers in order,
    ``group_a_last`` the last player of group A (None: 2·⌈n/4⌉ of ``order``; 0: no group A), ``overrides`` the
    arbiter's values per (player, round)."""
    if group_a_last is None:
        size = group_a_size(len(order))
        members = set(order[:size])
    else:
        members = set(order[:order.index(group_a_last) + 1]) if group_a_last in order else set()
    points = baku_points(win, rounds)
    zero = tuple(Fraction(0) for _ in range(rounds))
    out = {tpn: points if tpn in members else zero for tpn in order}
    for (tpn, rnd), value in (overrides or {}).items():
        if tpn in out and 1 <= rnd <= rounds:
            values = list(out[tpn])
            values[rnd - 1] = value
            out[tpn] = tuple(values)
    return out


def check_baku_scoring(win: Fraction, draw: Fraction, loss: Fraction) -> None:
    """A ValueError unless a win is worth two draws and a loss 0 (C.04.7, 2026)."""
    if win != 2 * draw or loss != 0:
        raise ValueError("Baku acceleration needs a win worth two draws and a loss worth 0 (C.04.7)")


def virtual_points_of(tournament: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """Each player's virtual points per round (acceleration, C.04.7): Baku's by the settings
    (group A up to ``baku_group_a``, else the first 2*ceil(n/4)), with the arbiter's own values
    (``virtual.csv``) over them; empty when the event has neither."""
    settings = tournament.settings
    rounds = settings.rounds or 0
    if (settings.acceleration != "baku" and not tournament.virtual) or rounds == 0:
        return {}
    order = sorted(p.start_number for p in tournament.players)
    overrides = {(v.start_number, v.round): v.points for v in tournament.virtual}
    if settings.acceleration == "baku":
        return baku_virtual_points(order, settings.baku_group_a, settings.scoring.win, rounds, overrides)
    return baku_virtual_points(order, 0, settings.scoring.win, rounds, overrides)
