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
from fractions import Fraction
from functools import cached_property

from arbiter_cli.core.model import Scoring, Tournament
from arbiter_cli.core.outcome import Outcome, RoundEntry, round_entries
from arbiter_cli.core.points import total
from arbiter_cli.core.tiebreak_codes import Rules

__all__ = ["Event", "Contribution", "event_from_tournament"]


@dataclass(frozen=True)
class Contribution:
    """What one round adds to a player's BH or SB: the opponent's (or dummy's) score and the value
    (C.07 Art. 16: :mod:`arbiter_cli.tiebreaks.unplayed` computes them; the event keeps them)."""

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

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(self.slots)

    @cached_property
    def points(self) -> dict[int, Fraction]:
        """Each player's score from the entered results."""
        return {tpn: total(s.points for s in slots) for tpn, slots in self.slots.items()}

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
    for tpn, player_entries in entries.items():
        by_round = {entry.round: entry for entry in player_entries}
        slots[tpn] = tuple(by_round.get(r) or RoundEntry(r, Outcome.ZPB, Fraction(0)) for r in range(1, last + 1))
    ratings = {p.start_number: (p.rating or None) for p in tournament.players}
    return Event(slots, ratings, last, tournament.settings.system.is_round_robin, tournament.settings.scoring,
                 rules)
