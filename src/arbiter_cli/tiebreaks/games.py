"""Counts of rounds and games: WIN, WON, BPG, BWG, REP (C.07 Art. 7.1-7.4, 7.6).

Only entered results count. A win's points are the event's ``win`` value
(3 in a 3/1/0 event), so WIN counts every round that paid them.
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.core.outcome import NOT_COUNTED, RoundEntry
from arbiter_cli.tiebreaks.event import Event
from arbiter_cli.tiebreaks.unplayed import VUR

__all__ = ["wins", "games_won", "black_games", "black_wins", "rounds_elected"]


def _count(event: Event, keep: Callable[[Event, RoundEntry], bool]) -> dict[int, int]:
    return {tpn: sum(1 for s in slots if keep(event, s)) for tpn, slots in event.slots.items()}


def wins(event: Event, spec: TiebreakSpec) -> dict[int, int]:
    """WIN (Art. 7.1): rounds in which the player got a win's points, played or not."""
    win = event.in_units(event.win)  # read once, not in each of a 1000-player event's 11000 rounds
    # (the outcomes not counted are read here, not through a call a round; the points in whole
    # numbers of the event's unit, not compared as fractions: issue 29)
    round_units = event.round_units
    return {tpn: sum(1 for s, points in zip(slots, round_units[tpn]) if points == win and s.outcome not in NOT_COUNTED)
            for tpn, slots in event.slots.items()}


def games_won(event: Event, spec: TiebreakSpec) -> dict[int, int]:
    """WON (Art. 7.2): games won over the board."""
    win = event.win
    return _count(event, lambda e, s: s.played and s.points == win)


def black_games(event: Event, spec: TiebreakSpec) -> dict[int, int]:
    """BPG (Art. 7.3): games played over the board with Black."""
    return _count(event, lambda e, s: s.played and s.colour == "b")


def black_wins(event: Event, spec: TiebreakSpec) -> dict[int, int]:
    """BWG (Art. 7.4): games won over the board with Black."""
    win = event.win
    return _count(event, lambda e, s: s.played and s.colour == "b" and s.points == win)


def rounds_elected(event: Event, spec: TiebreakSpec) -> dict[int, int]:
    """REP, formerly GE (Art. 7.6): rounds one elected to play.

    The rounds minus half- and zero-point byes and forfeit losses; every round
    after a withdrawal is a zero-point bye.
    """
    return _count(event, lambda e, s: s.counted and s.outcome not in VUR)
