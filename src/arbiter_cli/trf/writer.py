"""Writing TRF16 player records (the layout of fide-rules.md §8.1).

>>> line = player_line(TrfPlayer(3, "Doe, Jane", 2100, points=None), [TrfGame(1, 7, "w", "1")], Fraction(1), 2)
>>> line[:4], line[4:8], line[80:84], line[91:99]
('001 ', '   3', ' 1.0', '   7 w 1')
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from arbiter_cli.core.errors import Refused
from arbiter_cli.trf.reader import TrfGame, TrfPlayer

__all__ = ["player_line", "round_block", "points_field", "LINE_END"]

#: The end of every line of every TRF arbiter writes (``export``, ``trf generate``), on stdout and in
#: a file alike: CR LF. FIDE's text ends each line with a CR and asks readers to take LF and CR LF
#: too (fide-rules.md §8.1); bbpPairings and gacrux read all three, and with the LF after the CR
#: grep, head, wc -l and every editor see the lines (a bare CR is one long line to them).
LINE_END = "\r\n"


def round_block(game: TrfGame) -> str:
    """Cols 92-99 of a round: opponent, colour, result; blank when the player has no entry."""
    if game.opponent is None and game.result == " ":
        return " " * 8
    opponent = _number(game.opponent, f"round {game.round} opponent") if game.opponent else "0000"
    return f"{opponent} {game.colour or '-'} {game.result}"


def points_field(points: Fraction) -> str:
    """The "11.5" format: at least one decimal, exact (``2.5``, ``17.0``, ``0.25``), right-aligned in 4.

    >>> points_field(Fraction(5, 2)), points_field(Fraction(17)), points_field(Fraction(1, 4))
    (' 2.5', '17.0', '0.25')
    """
    if points.denominator == 1:
        text = f"{points.numerator}.0"
        if len(text) > 4:  # 100 to 9999 points: the whole number alone fits
            text = str(points.numerator)
    else:
        text = str(Decimal(points.numerator) / Decimal(points.denominator))
        if text.startswith("0.") and len(text) > 4:
            text = text[1:]
    if len(text) > 4:
        raise Refused(f"{text} points do not fit the 4 characters a TRF gives them", field="points")
    return f"{text:>4}"


def _number(value: int, field: str) -> str:
    """A number in the 4 characters of a TRF field (a pairing number, a rating, a rank)."""
    if not 0 <= value <= 9999:
        raise Refused(f"{value} does not fit the 4 characters a TRF gives it", field=field)
    return f"{value:4d}"


def player_line(player: TrfPlayer, games: Sequence[TrfGame], points: Fraction | None, rank: int | None) -> str:
    """The 001 record of ``player``; :class:`Refused` names the first value that does not fit its columns."""
    try:
        head = (f"001 {_number(player.tpn, 'pairing number')} {player.sex[:1]:1}{player.title[:3]:>3} "
                f"{player.name[:33]:<33} {_number(player.rating, 'rating') if player.rating else '':>4} "
                f"{player.federation[:3]:<3} {player.fide_id[:11]:>11} {player.birth[:10]:<10} "
                f"{points_field(points) if points is not None else '':>4} {_number(rank, 'rank') if rank else '':>4}")
        rounds = "".join("  " + round_block(g) for g in games)
    except Refused as error:
        raise Refused(f"player {player.tpn} ({player.name}): {error}") from None
    return (head + rounds).rstrip()
