"""Colour allocation of the Swiss Team Pairing System (C.04.6 Art. 4), after the whole round is paired.

4.1 the initial colour is drawn by lot before round 1.
4.2 the *first team* of a pair has the higher primary score, then (unless the competition rules
say not to use it) the higher secondary score, then the smaller TPN.
4.3 the first rule that applies decides (none of them is absolute):

1. neither team has played a match: the first team takes the initial colour if its TPN is odd,
   the other colour if it is even;
2. only one team has a colour preference: it is granted;
3. the two preferences are for opposite colours: both are granted;
4. (Type B) only one of the two preferences is strong: it is granted;
5. White to the team with the lower colour difference;
6. alternate the colours from the most recent match in which one team had White and the other
   Black (the histories of matches played, compared from their ends, C.04.2 3.4);
7. the first team's preference is granted;
8. the first team alternates from its last match played;
9. the other team alternates from its last match played.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_cli.core.outcome import Colour
from arbiter_cli.pairing.team_swiss.preferences import ColourModel
from arbiter_cli.pairing.team_swiss.state import TeamState

__all__ = ["ColouredMatch", "first_team", "allocate_colours"]

_OTHER: dict[Colour, Colour] = {"w": "b", "b": "w"}


@dataclass(frozen=True)
class ColouredMatch:
    """A match with its colours (the white team has White on board 1) and the rule of 4.3 that decided."""

    white: int
    black: int
    rule: str


def first_team(a: TeamState, b: TeamState, secondary: bool) -> bool:
    """4.2: whether ``a`` is the first team of the pair."""
    if a.score != b.score:
        return a.score > b.score  # 4.2.1
    if secondary and a.secondary != b.secondary:
        return a.secondary > b.secondary  # 4.2.2
    return a.tpn < b.tpn  # 4.2.3


def allocate_colours(a: TeamState, b: TeamState, *, model: ColourModel, secondary: bool,
                     initial: Colour) -> ColouredMatch:
    """The colours of the pair ``a``-``b`` by 4.3."""
    first, other = (a, b) if first_team(a, b, secondary) else (b, a)

    def give(colour: Colour, rule: str) -> ColouredMatch:
        return (ColouredMatch(first.tpn, other.tpn, rule) if colour == "w"
                else ColouredMatch(other.tpn, first.tpn, rule))

    if first.played == 0 and other.played == 0:
        return give(initial if first.tpn % 2 else _OTHER[initial], "4.3.1")
    mine, theirs = first.preference, other.preference
    if mine.colour is not None and theirs.colour is None:
        return give(mine.colour, "4.3.2")
    if mine.colour is None and theirs.colour is not None:
        return give(_OTHER[theirs.colour], "4.3.2")
    if mine.colour is not None and theirs.colour is not None:
        if mine.colour != theirs.colour:
            return give(mine.colour, "4.3.3")
        if model is ColourModel.TYPE_B and mine.strong != theirs.strong:
            return give(mine.colour if mine.strong else _OTHER[mine.colour], "4.3.4")
    if first.colour_difference != other.colour_difference:
        return give("w" if first.colour_difference < other.colour_difference else "b", "4.3.5")
    for mine_then, theirs_then in zip(reversed(first.colours), reversed(other.colours)):
        if mine_then != theirs_then:
            return give(_OTHER[_colour(mine_then)], "4.3.6")
    if mine.colour is not None:
        return give(mine.colour, "4.3.7")
    if first.colours:
        return give(_OTHER[_colour(first.colours[-1])], "4.3.8")
    return give(_colour(other.colours[-1]), "4.3.9")


def _colour(letter: str) -> Colour:
    return "w" if letter == "w" else "b"
