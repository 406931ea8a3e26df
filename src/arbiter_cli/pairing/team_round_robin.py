"""Pairing a round of a team round robin from the Berger tables (C.05, with teams as participants).

The teams' numbers are the table's pairing numbers. In each match the team the
table names first plays the board colour pattern (TRF 352, ``WBWB…`` by
default): White on board 1, and the boards alternate from there. A double
round robin plays the table twice, the second cycle with the teams' places,
and so every board's colour, reversed (:func:`~arbiter_cli.pairing.berger.double_schedule`,
with FIDE's swap of the first cycle's last two rounds). With an odd number of
teams the one drawn against the table's dummy has a free round.

>>> r = team_round(4, 1, boards=4)
>>> [(m.first, m.second, "".join(m.colours)) for m in r.matches], r.free
([(1, 4, 'wbwb'), (2, 3, 'wbwb')], None)
>>> r = team_round(4, 4, boards=4, double=True)
>>> [(m.first, m.second) for m in r.matches]
[(4, 1), (3, 2)]
>>> team_round(3, 1, boards=2).free  # the table of 4: 1 meets the dummy 4
1
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_cli.core.outcome import Colour
from arbiter_cli.pairing.berger import berger_round, double_schedule, round_robin_rounds, table_size

__all__ = ["TeamMatch", "TeamRound", "team_round", "team_rounds", "board_colours"]


@dataclass(frozen=True)
class TeamMatch:
    """A match: the team named first, the other team, and the first team's colour on each board
    (the other team has the opposite one)."""

    first: int
    second: int
    colours: tuple[Colour, ...]


@dataclass(frozen=True)
class TeamRound:
    """A round of a team round robin: its matches in the table's order, and the team with a free
    round (None with an even number of teams)."""

    number: int
    matches: tuple[TeamMatch, ...]
    free: int | None = None


def board_colours(boards: int, pattern: str = "") -> tuple[Colour, ...]:
    """The first team's colour on each board: ``pattern`` (``W``/``B`` per board, TRF 352), by
    default White on board 1 and alternating.

    >>> board_colours(4), board_colours(4, "WBBW")
    (('w', 'b', 'w', 'b'), ('w', 'b', 'b', 'w'))
    """
    if boards < 1:
        raise ValueError("a match has at least one board")
    text = pattern.upper() if pattern else ("WB" * boards)[:boards]
    if len(text) != boards or set(text) - {"W", "B"}:
        raise ValueError(f"the board colour pattern {pattern!r} is not W or B on each of {boards} boards")
    return tuple("w" if letter == "W" else "b" for letter in text)


def team_rounds(teams: int, double: bool = False) -> int:
    """The rounds of a (double) team round robin of ``teams`` teams."""
    return round_robin_rounds(teams, double)


def team_round(teams: int, round_number: int, *, boards: int, double: bool = False, pattern: str = "") -> TeamRound:
    """Round ``round_number`` of a team round robin of ``teams`` teams numbered 1..``teams``."""
    if teams < 2:
        raise ValueError("a round robin needs at least two teams")
    total = team_rounds(teams, double)
    if not 1 <= round_number <= total:
        raise ValueError(f"round {round_number} is not a round of this round robin (1 to {total})")
    pairs = double_schedule(teams)[round_number - 1] if double else berger_round(teams, round_number)
    dummy = table_size(teams) if teams % 2 else None
    colours = board_colours(boards, pattern)
    matches: list[TeamMatch] = []
    free = None
    for first, second in pairs:
        if dummy in (first, second):
            free = second if first == dummy else first
            continue
        matches.append(TeamMatch(first, second, colours))
    return TeamRound(round_number, tuple(matches), free)
