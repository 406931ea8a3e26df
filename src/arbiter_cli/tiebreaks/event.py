"""The event as the tie-breaks see it: one :class:`Slot` per player and round.

Built from a :class:`~arbiter_cli.core.model.Tournament` after any round. Only
entered results count: a game still without a result is a ``pending`` slot,
which every tie-break leaves out. A player with no entry in a round (absent,
entered late, withdrawn) has a zero-point bye there (C.07 Art. 16.1: "every
round after a withdrawal is a zero-point bye").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from arbiter_cli.core.model import Scoring, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.points import total
from arbiter_cli.core.tiebreak_codes import Rules

if TYPE_CHECKING:
    from arbiter_cli.standings import RoundEntry

__all__ = ["Slot", "Event", "event_from_tournament"]

Kind = Literal["game", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb", "free", "pending"]


@dataclass(frozen=True)
class Slot:
    """One round of one player.

    ``kind`` is ``game`` for a game played on the board, ``forfeit_win`` /
    ``forfeit_loss`` for a forfeit (a double forfeit is a forfeit loss for
    both), ``pab`` ``fpb`` ``hpb`` ``zpb`` for byes, ``free`` for the free round
    of a round robin and ``pending`` for a game without a result yet.
    ``rating_points`` is the game's 1 / ½ / 0 for the rating tie-breaks.
    """

    round: int
    kind: Kind
    points: Fraction
    opponent: int | None = None
    colour: Literal["w", "b"] | None = None
    rating_points: Fraction | None = None

    @property
    def played(self) -> bool:
        """A game played over the board."""
        return self.kind == "game"

    @property
    def counted(self) -> bool:
        """False only for a result not yet entered."""
        return self.kind != "pending"


@dataclass(frozen=True)
class Event:
    """Everything a tie-break reads, after round ``rounds``.

    ``ratings`` holds None for an unrated player. ``rules`` is the C.07 edition.
    """

    slots: dict[int, tuple[Slot, ...]]
    ratings: dict[int, int | None]
    rounds: int
    round_robin: bool
    scoring: Scoring
    rules: Rules = Rules.R2026
    cache: dict = field(default_factory=dict, compare=False, repr=False)  # shared results of the tie-breaks

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(self.slots)

    @cached_property
    def points(self) -> dict[int, Fraction]:
        """Each player's score from the entered results."""
        return {tpn: total(s.points for s in slots) for tpn, slots in self.slots.items()}

    def slot(self, tpn: int, rnd: int) -> Slot:
        return self.slots[tpn][rnd - 1]

    @property
    def win(self) -> Fraction:
        return self.scoring.win

    @property
    def draw(self) -> Fraction:
        return self.scoring.draw


_KINDS: dict[str, Kind] = {"win": "game", "draw": "game", "loss": "game", "double_loss": "game",
                          "forfeit_win": "forfeit_win", "forfeit_loss": "forfeit_loss",
                          "double_forfeit": "forfeit_loss", "pending": "pending"}
_RATING_POINTS = {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0), "double_loss": Fraction(0)}
_BYES: dict[ByeKind, Kind] = {ByeKind.PAB: "pab", ByeKind.FPB: "fpb", ByeKind.HPB: "hpb",
                              ByeKind.ZPB: "zpb", ByeKind.BYE: "free"}


def event_from_tournament(tournament: Tournament, after_round: int | None = None,
                          rules: Rules = Rules.R2026, entries: Mapping[int, Sequence[RoundEntry]] | None = None) -> Event:
    """The slots of every player in rounds 1 to ``after_round`` (default: all paired rounds).

    ``entries`` are the :func:`~arbiter_cli.standings.round_entries` of the same
    rounds, when the caller has them already.
    """
    from arbiter_cli.standings import round_entries  # the standings use this module

    last = tournament.last_round if after_round is None else after_round
    if entries is None:
        entries = round_entries(tournament, last)
    slots: dict[int, tuple[Slot, ...]] = {}
    for tpn, player_entries in entries.items():
        by_round = {}
        for entry in player_entries:
            kind = _BYES[entry.bye] if entry.bye is not None else _KINDS[entry.outcome]
            by_round[entry.round] = Slot(entry.round, kind, entry.points or Fraction(0), entry.opponent,
                                         entry.colour, _RATING_POINTS.get(entry.outcome))
        slots[tpn] = tuple(by_round.get(r, Slot(r, "zpb", Fraction(0))) for r in range(1, last + 1))
    ratings = {p.start_number: (p.rating or None) for p in tournament.players}
    return Event(slots, ratings, last, tournament.settings.system.is_round_robin, tournament.settings.scoring,
                 rules)
