"""Results: a small closed set of outcomes.

A board between two players ends in one :class:`GameResult`. A player without
an opponent in a round has one :class:`ByeKind`. Nothing else exists.

Result codes as the arbiter types them (``arbiter result 3 5 1-0``):

======================  =====================================================
code                    meaning
======================  =====================================================
``1-0`` / ``0-1``       a game played on the board, won by White / Black
``1/2-1/2`` ``½-½``     a draw played on the board (also ``=``, ``1/2``)
``+/-`` / ``-/+``       a forfeit win by White / by Black (``+-``, ``-+``)
``-/-``                 a double forfeit (``--``)
``0-0``                 a double loss awarded by the arbiter
``*``                   still being played (as in PGN): an unfinished game of an
                        individual Swiss, a draw for the next round's pairing only
                        (C.04.2 3.1); no points until its real result replaces it
``none``                clears the result
======================  =====================================================

>>> parse_result("½-½")
<GameResult.DRAW: '1/2-1/2'>
>>> parse_result("+-")
<GameResult.WHITE_FORFEIT_WIN: '+/-'>
>>> parse_result("none") is None
True
>>> parse_result("*"), GameResult.UNFINISHED.final
(<GameResult.UNFINISHED: '*'>, False)
"""

from __future__ import annotations

from enum import Enum

__all__ = ["GameResult", "ByeKind", "parse_result", "parse_final_result", "parse_bye", "RESULT_HELP"]


class GameResult(str, Enum):
    """The outcome of a board with two players; the value is the stored code."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+/-"
    BLACK_FORFEIT_WIN = "-/+"
    DOUBLE_FORFEIT = "-/-"
    DOUBLE_LOSS = "0-0"  # a game played, lost by both (the arbiter's decision)
    UNFINISHED = "*"  # still being played (PGN's "*"): a provisional draw for the next pairing (C.04.2 3.1)

    @property
    def played(self) -> bool:
        """True for a game played on the board: it counts for colours and meetings (C.04.2 3.4-3.5)
        and as a game for the tie-breaks (C.07 16.1). A 0-0 is one: both players lost a game they
        played (see :mod:`arbiter_cli.core.outcome`). An unfinished game (``*``) is one being played over
        the board: its colours and its meeting count for the next pairing (C.04.2 3.1), but as a result it
        is not :attr:`final`."""
        return not self.is_forfeit

    @property
    def final(self) -> bool:
        """False only for ``*``: the game is still being played, its real result comes when it ends."""
        return self is not GameResult.UNFINISHED

    @property
    def is_forfeit(self) -> bool:
        return self in (
            GameResult.WHITE_FORFEIT_WIN,
            GameResult.BLACK_FORFEIT_WIN,
            GameResult.DOUBLE_FORFEIT,
        )

    @property
    def display(self) -> str:
        return "½-½" if self is GameResult.DRAW else self.value


class ByeKind(str, Enum):
    """Why a player has no opponent in a round (C.04.1 Art. 3, C.04.2 3.3, C.05).

    ``PAB``  pairing-allocated bye (Swiss, odd number of players to pair);
    ``FPB``  full-point bye granted on request;
    ``HPB``  half-point bye granted on request;
    ``ZPB``  zero-point bye: absent, known in advance, or withdrawn;
    ``BYE``  the free round of a round robin with an odd number of players
             (the player drawn against the Berger table's dummy); scores 0.
    """

    PAB = "PAB"
    FPB = "FPB"
    HPB = "HPB"
    ZPB = "ZPB"
    BYE = "BYE"


_ALIASES: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "1/2-1/2": GameResult.DRAW,
    "½-½": GameResult.DRAW,
    "1/2": GameResult.DRAW,
    "½": GameResult.DRAW,
    "=": GameResult.DRAW,
    "0.5-0.5": GameResult.DRAW,
    "+/-": GameResult.WHITE_FORFEIT_WIN,
    "+-": GameResult.WHITE_FORFEIT_WIN,
    "-/+": GameResult.BLACK_FORFEIT_WIN,
    "-+": GameResult.BLACK_FORFEIT_WIN,
    "-/-": GameResult.DOUBLE_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,  # in --from files; on the command line -- ends the options
    "0-0": GameResult.DOUBLE_LOSS,
    "*": GameResult.UNFINISHED,
}

RESULT_HELP = "1-0, 0-1, 1/2-1/2 (or ½-½, =), +/-, -/+, -/-, 0-0, * (still playing) or none"


def parse_result(text: str) -> GameResult | None:
    """Read a result code as typed; ``none`` (or an empty text) clears it.

    Raises :class:`ValueError` with the accepted codes for anything else.
    """
    key = text.strip().lower().replace(" ", "")
    if key in ("none", ""):
        return None
    try:
        return _ALIASES[key]
    except KeyError:
        raise ValueError(f"unknown result {text!r}; use {RESULT_HELP}") from None


def parse_final_result(text: str) -> GameResult | None:
    """A result code of an event without unfinished games (a team event, a knockout): ``*`` is an
    individual Swiss's, whose next round may be paired on it (C.04.2 3.1).

    >>> parse_final_result("*")
    Traceback (most recent call last):
    ...
    ValueError: * (a game still being played) is an individual Swiss's result: enter the result when the game ends
    """
    result = parse_result(text)
    if result is GameResult.UNFINISHED:
        raise ValueError("* (a game still being played) is an individual Swiss's result: enter the result when the "
                         "game ends")
    return result


def parse_bye(text: str) -> ByeKind:
    """Read a bye code as stored in a round file."""
    try:
        return ByeKind(text.strip().upper())
    except ValueError:
        kinds = ", ".join(kind.value for kind in ByeKind)
        raise ValueError(f"unknown bye {text!r}; use one of {kinds}") from None
