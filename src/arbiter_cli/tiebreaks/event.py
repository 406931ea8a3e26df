"""The event as the tie-breaks see it: one :class:`~arbiter_cli.core.outcome.RoundEntry` per
player and round.

Built from a :class:`~arbiter_cli.core.model.Tournament` after any round. Only
entered results count: a game still without a result is a ``PENDING`` entry,
which every tie-break leaves out. A player with no entry in a round (absent,
entered late, withdrawn) has a zero-point bye there (C.07 Art. 16.1: "every
round after a withdrawal is a zero-point bye").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
import math
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple

from arbiter_cli.core.model import Scoring, Tournament
from arbiter_cli.core.outcome import Outcome, RoundEntry, round_entries
from arbiter_cli.core.tiebreak_codes import Rules

__all__ = ["Event", "Contribution", "event_from_tournament"]


class Contribution(NamedTuple):
    """What one round adds to a player's BH or SB: the opponent's (or dummy's) score and the value
    (C.07 Art. 16: :mod:`arbiter_cli.tiebreaks.unplayed` computes them; the event keeps them). A named
    tuple: one for each round of each player (issue 29)."""

    round: int
    score: Fraction
    value: Fraction
    vur: bool = False


@dataclass(frozen=True)
class Event:
    """Everything a tie-break reads, after round ``rounds``: each player's entries, one per round.

    ``ratings`` holds None for an unrated player. ``rules`` is the C.07 edition.
    """

    slots: dict[int, tuple[RoundEntry, ...]]
    ratings: dict[int, int | None]
    rounds: int
    round_robin: bool
    scoring: Scoring
    rules: Rules = Rules.R2026
    # Results the tie-breaks share, computed once (see .unplayed): the adjusted scores by ``fore``,
    # and every player's contributions by (product, fore, forfeits played).
    adjusted: dict[bool, dict[int, Fraction]] = field(default_factory=dict, compare=False, repr=False)
    contributions: dict[tuple[bool, bool, bool], dict[int, list[Contribution]]] = field(
        default_factory=dict, compare=False, repr=False)
    # The contributions in whole numbers of :attr:`unit` (see .whole), by (fore, forfeits played).
    whole: dict[tuple[bool, bool], Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(self.slots)

    @cached_property
    def points(self) -> dict[int, Fraction]:
        """Each player's score from the entered results."""
        unit = self.unit
        made: dict[int, Fraction] = {}  # each score once: a thousand players have a few dozen
        points: dict[int, Fraction] = {}
        for tpn, score in self.whole_points.items():
            value = made.get(score)
            if value is None:
                value = made[score] = Fraction(score, unit)
            points[tpn] = value
        return points

    @cached_property
    def unit(self) -> int:
        """The event's unit, a fraction of a point whose whole numbers are every point value of the
        event: the least common multiple of the denominators of every round's points and of the
        scoring's values (a half in a 1/½/0 event). Sums, cuts and products of points read in it are
        whole numbers, exact without a fraction's arithmetic (issue 29)."""
        scoring = self.scoring
        return math.lcm(*{value.denominator for value in (
            *self._values.values(), scoring.win, scoring.draw, scoring.loss, scoring.pab, scoring.forfeit_win,
            scoring.forfeit_loss, scoring.half_bye, scoring.full_bye)})

    @cached_property
    def _values(self) -> dict[int, Fraction]:
        """The rounds' point values by identity: a few objects (the scoring's), each read once."""
        return {id(slot.points): slot.points for slots in self.slots.values() for slot in slots}

    @cached_property
    def units(self) -> dict[int, int]:
        """Each round's points in :attr:`unit`, by the identity of its value (``units[id(slot.points)]``;
        the event holds every one of them)."""
        unit = self.unit
        return {key: value.numerator * (unit // value.denominator) for key, value in self._values.items()}

    @cached_property
    def round_units(self) -> dict[int, list[int]]:
        """Each player's points of each round, in :attr:`unit` (do not change the lists)."""
        units = self.units
        return {tpn: [units[id(slot.points)] for slot in slots] for tpn, slots in self.slots.items()}

    @cached_property
    def whole_points(self) -> dict[int, int]:
        """Each player's score in :attr:`unit`."""
        return {tpn: sum(scored) for tpn, scored in self.round_units.items()}

    def in_units(self, value: Fraction) -> int:
        """A point value of the event (a multiple of its :attr:`unit`) as a whole number of it."""
        return value.numerator * (self.unit // value.denominator)

    def slot(self, tpn: int, rnd: int) -> RoundEntry:
        return self.slots[tpn][rnd - 1]

    @property
    def win(self) -> Fraction:
        return self.scoring.win

    @property
    def draw(self) -> Fraction:
        return self.scoring.draw


def event_from_tournament(tournament: Tournament, after_round: int | None = None,
                          rules: Rules = Rules.R2026,
                          entries: Mapping[int, Sequence[RoundEntry]] | None = None) -> Event:
    """The entries of every player in rounds 1 to ``after_round`` (default: all paired rounds).

    ``entries`` are the :func:`~arbiter_cli.core.outcome.round_entries` of the same
    rounds, when the caller has them already.
    """
    last = tournament.last_round if after_round is None else after_round
    if entries is None:
        entries = round_entries(tournament, last)
    slots: dict[int, tuple[RoundEntry, ...]] = {}
    every_round = list(range(1, last + 1))
    for tpn, player_entries in entries.items():
        if len(player_entries) == last and [entry.round for entry in player_entries] == every_round:
            slots[tpn] = tuple(player_entries)  # an entry in every round, in order (most players)
            continue
        by_round = {entry.round: entry for entry in player_entries}
        slots[tpn] = tuple(by_round.get(r) or RoundEntry(r, Outcome.ZPB, Fraction(0)) for r in range(1, last + 1))
    ratings = {p.start_number: (p.rating or None) for p in tournament.players}
    return Event(slots, ratings, last, tournament.settings.system.is_round_robin, tournament.settings.scoring,
                 rules)
