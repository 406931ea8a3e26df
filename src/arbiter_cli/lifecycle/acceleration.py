"""Acceleration in a tournament folder (issue 17; FIDE C.04.7, Baku): group A and the arbiter's
virtual points.

* The setting ``acceleration = "baku"`` gives group A virtual points in the first rounds
  (:mod:`arbiter_cli.pairing.baku`). Group A is fixed at the first pairing: the first 2·⌈n/4⌉
  players, stored as the start number of its last player (``baku_group_a``). A late entry does
  not move that player: one numbered above is in group A.
* The arbiter may set group A by hand (:func:`set_group_a`), and override a player's virtual
  points in a round not yet paired (:func:`set_virtual`, ``virtual.csv``).
* Virtual points count for the pairing only, never in the standings or the tie-breaks.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Tournament, VirtualPoints, is_finite_decimal
from arbiter_cli.core.points import format_points
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.guards import find_player, not_finalised

__all__ = ["set_group_a", "set_virtual"]


def set_group_a(tournament: Tournament, last: int) -> tuple[Tournament, list[Change]]:
    """Group A ends with the player numbered ``last`` (while round 1 is not paired)."""
    not_finalised(tournament)
    if tournament.settings.acceleration != "baku":
        raise Refused("the event has no Baku acceleration (acceleration = \"baku\" in tournament.toml, or "
                      "'new --acceleration baku')")
    if tournament.rounds:
        raise Refused("group A is fixed once round 1 is paired (C.04.7)")
    find_player(tournament, last)
    old = tournament.settings.baku_group_a
    settings = tournament.settings.model_copy(update={"baku_group_a": last})
    return replace(tournament, settings=settings), [Change("Baku group A", "" if old is None else
                                                           f"start numbers 1 to {old}", f"start numbers 1 to {last}")]


def set_virtual(tournament: Tournament, start_number: int, round_number: int, points: Fraction | None
                ) -> tuple[Tournament, list[Change]]:
    """A player's virtual points in a round not yet paired (None: back to the rule's value)."""
    not_finalised(tournament)
    player = find_player(tournament, start_number)
    total = tournament.settings.rounds or 0
    if not 1 <= round_number <= total:
        raise BadArgument(f"there is no round {round_number} (1 to {total})", field="round_number")
    if round_number <= tournament.last_round:
        raise Refused(f"round {round_number} is paired: its virtual points made that pairing")
    win = tournament.settings.scoring.win
    if points is not None and not 0 <= points <= win:
        raise BadArgument(f"virtual points are 0 to a win's points ({format_points(win, ascii=True)})",
                          field="points")
    if points is not None and not is_finite_decimal(points):  # a TRF writes them as decimals (record 250)
        raise BadArgument(f"{points} has no exact decimal form; use values such as 1, 0.5 or 0.25", field="points")
    old = next((v for v in tournament.virtual if (v.start_number, v.round) == (start_number, round_number)), None)
    if (old.points if old is not None else None) == points:
        return tournament, []
    kept = tuple(v for v in tournament.virtual if v is not old)
    virtual = kept if points is None else (*kept, VirtualPoints(start_number, round_number, points))
    what = f"round {round_number} virtual points of {named(start_number, player.name)}"
    return replace(tournament, virtual=virtual), [Change(what, "" if old is None else format_points(old.points, ascii=True),
                                                        "" if points is None else format_points(points, ascii=True))]
