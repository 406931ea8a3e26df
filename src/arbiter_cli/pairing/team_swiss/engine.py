"""The pairing process of the Swiss Team Pairing System (C.04.6 Art. 3.3.2).

1. the PAB is assigned (3.4, :mod:`.bye`);
2. the top scoregroup of the teams not yet paired is combined with the first set of upfloaters
   that complies (3.5, :func:`choose_upfloaters`), and the bracket is paired (3.6,
   :mod:`.identifier`): every team of the bracket is paired in it, there are no downfloaters;
3. step 2 is repeated until every team is paired;
4. the colours are allocated (Art. 4, :mod:`.colours`).

If no legal pairing exists, the Chief Arbiter decides (3.3.3): :class:`NoPairing`.
The matches are then ordered on the boards as the General Handling Rules do (C.04.2 3.6): the
higher score of the pair, then the sum of the scores, then the smaller TPN; the PAB last.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.core.errors import NoPairing
from arbiter_cli.pairing.team_swiss.bye import assign_pab
from arbiter_cli.pairing.team_swiss.colours import ColouredMatch, allocate_colours
from arbiter_cli.pairing.team_swiss.criteria import C3, C6, C7
from arbiter_cli.pairing.team_swiss.identifier import BracketPairing, pair_bracket
from arbiter_cli.pairing.team_swiss.preferences import ColourModel
from arbiter_cli.pairing.team_swiss.state import TeamState, TeamSwissRequest, derive_states
from arbiter_cli.pairing.team_swiss.upfloaters import score_profiles, upfloater_sets

__all__ = ["TeamPairing", "Bracket", "Rejected", "pair_team_round", "choose_upfloaters"]

#: At most this many rejected sets are kept per bracket for the explanation.
_KEEP_REJECTED = 12


@dataclass(frozen=True)
class Rejected:
    """A set of upfloaters tried before the one chosen, and the criterion it failed."""

    upfloaters: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class Bracket:
    """A bracket as paired: its score, the top scoregroup (residents), the upfloaters chosen, the
    sets tried before them (the first few), whether C6 is met, the C7 count, and the pairing."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    rejected: tuple[Rejected, ...]
    rejected_count: int
    c6: bool
    c7: int
    pairing: BracketPairing


@dataclass(frozen=True)
class TeamPairing:
    """A round of a team Swiss: the matches in board order, the PAB team, the brackets, the states."""

    round_number: int
    matches: tuple[ColouredMatch, ...]
    bye: int | None
    brackets: tuple[Bracket, ...]
    states: Mapping[int, TeamState]

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """(white team, black team), board by board."""
        return tuple((m.white, m.black) for m in self.matches)


@dataclass
class _Choice:
    key: tuple[int, int, int]
    upfloaters: list[int]
    pairing: BracketPairing
    c6: bool
    c7: int


def pair_team_round(request: TeamSwissRequest, progress: Callable[[int, int], None] | None = None) -> TeamPairing:
    """Pair round ``request.round_number`` by C.04.6 (3.3.2). Pure.

    ``progress(done, total)`` is called as teams are paired."""
    states = derive_states(request)
    present = sorted(e.tpn for e in request.entrants if e.present)
    apart = {t: set(states[t].met) for t in present}
    levels = sorted({states[t].score for t in present})
    level = {t: levels.index(states[t].score) for t in present}
    remaining = list(present)
    bye = None
    if len(remaining) % 2:
        bye = assign_pab(remaining, states, apart)
        remaining.remove(bye)
    brackets: list[Bracket] = []
    for lv in reversed(range(len(levels))):
        residents = [t for t in remaining if level[t] == lv]
        if not residents:
            continue
        bracket = choose_upfloaters(lv, residents, remaining, level, states, apart, request)
        brackets.append(bracket)
        taken = {*bracket.residents, *bracket.upfloaters}
        remaining = [t for t in remaining if t not in taken]
        if progress is not None:
            progress(len(present) - len(remaining), len(present))
    secondary = request.secondary_for_colours
    coloured = [allocate_colours(states[a], states[b], model=request.colour_model, secondary=secondary,
                                 initial=request.initial_colour)
                for bracket in brackets for a, b in bracket.pairing.pairs]
    return TeamPairing(request.round_number, tuple(board_order(coloured, states)), bye, tuple(brackets), states)


def choose_upfloaters(lv: int, residents: Sequence[int], remaining: Sequence[int], level: Mapping[int, int],
                      states: Mapping[int, TeamState], apart: Mapping[int, set[int]],
                      request: TeamSwissRequest) -> Bracket:
    """3.5: the first set of upfloaters that, with the top scoregroup (level ``lv``), gives a legal
    pairing (C1, C3) and complies with C6 and C7.

    C4 and C5 are the outer loops: the number of upfloaters grows from the fewest the parity
    allows, and for each number the score profiles are tried best first (C5). The first number
    and profile with a legal set decides; among its legal sets the one chosen meets C6 if any
    does, then has the fewest C7 floaters, then comes first in the order of 3.5.4."""
    lower = [t for t in remaining if level[t] < lv]
    by_level: dict[int, list[int]] = {}
    for t in lower:  # remaining is in TPN order
        by_level.setdefault(level[t], []).append(t)
    available = {x: len(ts) for x, ts in by_level.items()}
    last_two = request.last_two_rounds
    type_b = request.colour_model is ColourModel.TYPE_B
    rejected: list[Rejected] = []
    count = 0
    for number in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in score_profiles(available, number):
            best: _Choice | None = None
            for index, upfloaters in enumerate(upfloater_sets(by_level, profile)):
                c7 = C7(upfloaters, states, last_two)
                if best is not None and best.c6 and c7 >= best.c7:
                    continue  # cannot come before the best set found
                bracket = [*residents, *upfloaters]
                taken = set(bracket)
                rest = [t for t in remaining if t not in taken]
                reason = ""
                if not C3(bracket, apart):
                    reason = "C3: the bracket cannot be paired (C1)"
                elif not C3(rest, apart):
                    reason = "C3: the teams left could not all be paired"
                if reason:
                    count += 1
                    if len(rejected) < _KEEP_REJECTED:
                        rejected.append(Rejected(tuple(upfloaters), reason))
                    continue
                following = [t for t in rest if level[t] == lv - 1]
                below = [t for t in rest if level[t] < lv - 1]
                c6 = C6(following, below, rest, apart)
                key = (0 if c6 else 1, c7, index)
                if best is None or key < best.key:
                    if best is not None:
                        count += 1
                        if len(rejected) < _KEEP_REJECTED:
                            rejected.append(Rejected(tuple(best.upfloaters), _why(best)))
                    pairing = pair_bracket(bracket, states, taken - set(residents), type_b=type_b,
                                           last_two_rounds=last_two)
                    assert pairing is not None  # C3 held for the bracket
                    best = _Choice(key, list(upfloaters), pairing, c6, c7)
                else:
                    count += 1
                    if len(rejected) < _KEEP_REJECTED:
                        rejected.append(Rejected(tuple(upfloaters), _why(_Choice(key, [], best.pairing, c6, c7))))
                if c6 and c7 == 0:
                    break  # 3.5.5: the first set that complies
            if best is not None:
                return Bracket(states[residents[0]].score, tuple(residents), tuple(best.upfloaters),
                               tuple(rejected), count, best.c6, best.c7, best.pairing)
    raise NoPairing(f"the scoregroup of team {residents[0]} cannot be paired with any set of upfloaters "
                    "(C.04.6 3.5): the Chief Arbiter decides (3.3.3)")


def _why(choice: _Choice) -> str:
    if not choice.c6:
        return "C6: the next scoregroup would not stay pairable"
    return f"C7: {choice.c7} upfloater(s) floated in the previous round"


def board_order(matches: Sequence[ColouredMatch], states: Mapping[int, TeamState]) -> list[ColouredMatch]:
    """C.04.2 3.6 (left to the competition rules by C.04.6): the higher score of the pair, the sum
    of the scores, the smaller TPN."""
    def key(match: ColouredMatch) -> tuple[Fraction, Fraction, int]:
        a, b = states[match.white], states[match.black]
        return -max(a.score, b.score), -(a.score + b.score), min(a.tpn, b.tpn)

    return sorted(matches, key=key)
