"""What the Dutch system needs to know about each player before a round.

The input is neutral: each entrant's record of earlier rounds, one
:class:`~arbiter_cli.core.outcome.RoundEntry` per round, whether it was a game,
a forfeit or a bye (the project's one outcome vocabulary; a ``0-0`` is a game
played, C.04.2 3.4-3.5).
From it this module derives, by the definitions of C.04.3 (2026) Art. 1 and
C.04.2 Art. 3.4:

* the score (1.2) under the event's scoring;
* the colour history of games actually played, unplayed rounds removed (C.04.2 3.4);
* the colour difference (1.6) and the colour preference (1.7);
* the float history by round (1.4, 2026 wording: a PAB, or points above a loss
  without playing, is a downfloat; a zero-point bye or forfeit loss is no float);
* the opponents met over the board (C1; forfeits are not meetings, C.04.2 3.5);
* eligibility for the PAB (C2: no earlier PAB, and no round scored a win's
  points without playing; and none for a player the request names in
  ``pab_ineligible``: one whose game is still being played, by the federation's
  rule on adjourned games, C.04.2 3.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction

from arbiter_cli.core.outcome import Colour, Outcome, RoundEntry

__all__ = ["Entrant", "PairingRequest", "Strength", "PlayerState", "derive_states"]


@dataclass(frozen=True)
class Entrant:
    """A player of the event with their history. ``present`` is False when absent this round."""

    tpn: int
    history: tuple[RoundEntry, ...]
    present: bool = True
    rating: int = 0
    adjustment: Fraction = Fraction(0)  # points awarded or deducted outside the games (TRF-2026 299)
    #: virtual points per round 1..R (acceleration, C.04.7): the pairing score of round r is the
    #: score before it plus virtual[r - 1]; they never count in the standings.
    virtual: tuple[Fraction, ...] = ()

    def virtual_in(self, round_number: int) -> Fraction:
        return self.virtual[round_number - 1] if 0 < round_number <= len(self.virtual) else Fraction(0)


@dataclass(frozen=True)
class PairingRequest:
    """Everything the engine needs to pair round ``round_number``."""

    entrants: tuple[Entrant, ...]
    round_number: int
    total_rounds: int
    initial_colour: Colour
    win: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    #: pairs of players who must not meet this round (TRF 260, XXP; an absolute criterion like C1)
    forbidden: frozenset[tuple[int, int]] = frozenset()
    #: players who may not get the PAB this round besides C2's (a game still being played, C.04.2 3.1)
    pab_ineligible: frozenset[int] = frozenset()


class Strength(IntEnum):
    """Strength of a colour preference (C.04.3 Art. 1.7)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass
class PlayerState:
    tpn: int
    score: Fraction
    colours: tuple[Colour, ...]  # played games only, in order
    floats: tuple[str | None, ...]  # per round: 'down', 'up' or None
    opponents: frozenset[int]
    pab_eligible: bool
    unplayed: int  # rounds not played over the board (C9)
    rating: int = 0
    virtual: Fraction = Fraction(0)  # the virtual points in ``score`` (acceleration, C.04.7)

    @property
    def standing(self) -> Fraction:
        """The score without virtual points (the board order reads it, as bbpPairings does)."""
        return self.score - self.virtual

    @property
    def colour_difference(self) -> int:
        """C.04.3 1.6: games with White minus games with Black."""
        return sum(1 if c == "w" else -1 for c in self.colours)

    @property
    def preference(self) -> tuple[Colour | None, Strength]:
        """C.04.3 1.7: the preferred colour and how strong the preference is."""
        if not self.colours:
            return None, Strength.NONE
        cd = self.colour_difference
        last_two = self.colours[-2:]
        if cd < -1 or cd > 1 or (len(last_two) == 2 and last_two[0] == last_two[1]):
            if cd < -1:
                return "w", Strength.ABSOLUTE
            if cd > 1:
                return "b", Strength.ABSOLUTE
            return ("b" if last_two[0] == "w" else "w"), Strength.ABSOLUTE
        if cd == 1:
            return "b", Strength.STRONG
        if cd == -1:
            return "w", Strength.STRONG
        return ("b" if self.colours[-1] == "w" else "w"), Strength.MILD


def derive_states(request: PairingRequest) -> dict[int, PlayerState]:
    """The state of every entrant before ``request.round_number``."""
    rounds = request.round_number - 1
    scores_before: dict[int, list[Fraction]] = {}
    for entrant in request.entrants:
        running = entrant.adjustment
        before = []
        for record in entrant.history[:rounds]:
            before.append(running)
            running += record.points
        before.append(running)
        scores_before[entrant.tpn] = before
    states: dict[int, PlayerState] = {}
    by_tpn = {entrant.tpn: entrant for entrant in request.entrants}
    for entrant in request.entrants:
        history = entrant.history[:rounds]
        colours = tuple(r.colour for r in history if r.played and r.colour is not None)
        floats: list[str | None] = []
        for index, record in enumerate(history):
            if record.played and record.opponent is not None:
                # Floats compare pairing scores, virtual points included (C.04.7; bbpPairings)
                own = scores_before[entrant.tpn][index] + entrant.virtual_in(index + 1)
                other = (scores_before.get(record.opponent, [Fraction(0)] * (index + 1))[index]
                         + (by_tpn[record.opponent].virtual_in(index + 1) if record.opponent in by_tpn else 0))
                floats.append("down" if own > other else "up" if own < other else None)
            elif record.outcome is Outcome.PAB or (not record.played and record.points > request.loss):
                floats.append("down")
            else:
                floats.append(None)
        won_without_playing = any(
            r.outcome is Outcome.PAB or (not r.played and r.points >= request.win) for r in history)
        virtual = entrant.virtual_in(request.round_number)
        states[entrant.tpn] = PlayerState(
            tpn=entrant.tpn,
            score=scores_before[entrant.tpn][len(history)] + virtual,
            virtual=virtual,
            colours=colours,
            floats=tuple(floats),
            opponents=frozenset(r.opponent for r in history if r.played and r.opponent is not None),
            pab_eligible=not won_without_playing and entrant.tpn not in request.pab_ineligible,
            unplayed=sum(1 for r in history if not r.played),
            rating=entrant.rating,
        )
    return states
