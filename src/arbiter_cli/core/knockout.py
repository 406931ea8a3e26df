"""A knockout event as its folder holds it (issue 18): the bracket, and rounds of matches whose
games are boards.

A match is two players of the bracket (``first`` the upper slot's); a player with no opponent
(a bye, or an opponent who was knocked out by a double forfeit) goes through without a game.
Each game of a match is a board, ``MATCH.GAME``; ``stage`` says which stage of the match it
belongs to (:mod:`arbiter_cli.core.knockout_settings`). ``forfeit`` is a whole match's forfeit
(a withdrawal before the match: the opponent goes through).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Player, Settings
from arbiter_cli.core.results import GameResult

__all__ = ["KnockoutGame", "KnockoutMatch", "KnockoutRound", "KnockoutTournament", "round_name"]


@dataclass(frozen=True)
class KnockoutGame:
    """A game of a match: its number in the match, its stage, the players by colour, the result."""

    game: int
    stage: str
    white: int
    black: int
    result: GameResult | None = None

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


@dataclass(frozen=True)
class KnockoutMatch:
    """A match of the bracket: ``first`` (upper slot) and ``second``, None for nobody.

    ``waiting``: the matches of the round before whose winner it still waits for, because a correction
    reopened them after this round was paired (their slot is empty until they are decided, and the
    match has no game meanwhile)."""

    number: int
    first: int | None
    second: int | None
    games: tuple[KnockoutGame, ...] = ()
    forfeit: GameResult | None = None
    waiting: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for p in (self.first, self.second) if p is not None)

    def game(self, number: int) -> KnockoutGame | None:
        for item in self.games:
            if item.game == number:
                return item
        return None


@dataclass(frozen=True)
class KnockoutRound:
    number: int
    matches: tuple[KnockoutMatch, ...] = ()

    def match(self, number: int) -> KnockoutMatch | None:
        return self.matches[number - 1] if 1 <= number <= len(self.matches) else None


@dataclass(frozen=True)
class KnockoutTournament:
    """The whole knockout event: settings, ``[knockout]``, players (start number = seed), the
    bracket (the start number in each slot, None for a bye; empty until round 1 is paired) and
    the rounds."""

    settings: Settings
    knockout: KnockoutSettings
    players: tuple[Player, ...] = ()
    bracket: tuple[int | None, ...] = ()
    rounds: tuple[KnockoutRound, ...] = field(default_factory=tuple)

    @cached_property
    def by_number(self) -> dict[int, Player]:
        return {p.start_number: p for p in self.players}

    @property
    def last_round(self) -> int:
        return len(self.rounds)

    @property
    def total_rounds(self) -> int:
        """The rounds of the bracket: log2 of its slots (0 before the draw)."""
        return max(len(self.bracket).bit_length() - 1, 0)

    def round(self, number: int) -> KnockoutRound | None:
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None


def round_name(number: int, total: int) -> str:
    """The round as people name it: final, semi-final, quarter-final, else round N.

    >>> [round_name(n, 4) for n in (1, 2, 3, 4)]
    ['round 1', 'quarter-final', 'semi-final', 'final']
    """
    left = total - number
    return {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left, f"round {number}")
