"""Writing TRF16 player records (the layout of fide-rules.md §8.1).

>>> line = player_line(TrfPlayer(3, "Doe, Jane", 2100, points=None), [TrfGame(1, 7, "w", "1")], Fraction(1), 2)
>>> line[:4], line[4:8], line[80:84], line[91:99]
('001 ', '   3', ' 1.0', '   7 w 1')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from arbiter_cli.trf.reader import TrfGame, TrfPlayer

__all__ = ["player_line", "round_block"]


def round_block(game: TrfGame) -> str:
    opponent = f"{game.opponent:4d}" if game.opponent else "0000"
    return f"{opponent} {game.colour or '-'} {game.result}"


def player_line(player: TrfPlayer, games: Sequence[TrfGame], points: Fraction, rank: int) -> str:
    head = (f"001 {player.tpn:4d} {player.sex[:1]:1}{player.title[:3]:>3} {player.name[:33]:<33} "
            f"{player.rating or '':>4} {player.federation[:3]:<3} {player.fide_id[:11]:>11} "
            f"{player.birth[:10]:<10} {float(points):4.1f} {rank:4d}")
    return (head + "".join("  " + round_block(g) for g in games)).rstrip()
