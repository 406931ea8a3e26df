"""A knockout event as TRF-2026 (issue 18): record 192 ``CUSTOM_KNOCKOUT`` (the ETT26 code), and
every game as an ordinary game, so that rating reports read it.

A TRF has rounds, a knockout matches of several games: each knockout round takes as many TRF
round columns as its longest match has games (at least one), and a match's game ``g`` goes in
that round's column ``g``. A bye, and a match that never began, leave the column blank (the
player played no game); a match forfeit (a withdrawal before the match) is a forfeit in the
round's first column. An Armageddon draw is written as the draw it was on the board (the match
rule that counts it as a win for Black is not a game result). The points column sums the game
points, a match forfeit's (a withdrawal) included, so the file reads back; the rank is the standings' place.

>>> from arbiter_cli.core.knockout_settings import KnockoutSettings
>>> from arbiter_cli.core.model import Player, Settings
>>> t = KnockoutTournament(Settings(name="Cup", system="knockout", seed=1), KnockoutSettings(),
...                        (Player(start_number=1, name="A, One"), Player(start_number=2, name="B, Two")))
>>> [line for line in export_knockout_trf(t, {}).splitlines() if line.startswith("192")]
['192 CUSTOM_KNOCKOUT']
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.trf.exporter import LINE_END, header_records, scoring_records, trf_player
from arbiter_cli.trf.reader import TrfGame
from arbiter_cli.trf.writer import player_line

__all__ = ["KNOCKOUT_CODE", "export_knockout_trf", "round_columns"]

KNOCKOUT_CODE = "CUSTOM_KNOCKOUT"
_CODES = {GameResult.WHITE_WINS: ("1", "0"), GameResult.BLACK_WINS: ("0", "1"), GameResult.DRAW: ("=", "="),
          GameResult.WHITE_FORFEIT_WIN: ("+", "-"), GameResult.BLACK_FORFEIT_WIN: ("-", "+"),
          GameResult.DOUBLE_FORFEIT: ("-", "-"), GameResult.DOUBLE_LOSS: ("0", "0")}


def round_columns(tournament: KnockoutTournament) -> list[int]:
    """The first TRF round column of each knockout round (and one past the last)."""
    starts = [1]
    for rnd in tournament.rounds:
        starts.append(starts[-1] + max([len(m.games) for m in rnd.matches] + [1]))
    return starts


def export_knockout_trf(tournament: KnockoutTournament, ranks: Mapping[int, int]) -> str:
    """The TRF-2026 text; ``ranks``: each player's place in the standings."""
    settings = tournament.settings
    starts = round_columns(tournament)
    columns = starts[-1] - 1
    games: dict[int, dict[int, TrfGame]] = {p.start_number: {} for p in tournament.players}
    points = {p.start_number: Fraction(0) for p in tournament.players}
    for rnd, start in zip(tournament.rounds, starts):
        for match in rnd.matches:
            if match.forfeit is not None and match.first is not None and match.second is not None:
                first, second = _CODES[match.forfeit]
                done = {g.game for g in match.games if g.result is not None}
                column = start + len(done)
                games[match.first][column] = TrfGame(column, match.second, None, first)
                games[match.second][column] = TrfGame(column, match.first, None, second)
                got = settings.scoring.game_points(match.forfeit)
                points[match.first] += got[0]
                points[match.second] += got[1]
            for g in match.games:
                if g.result is None:
                    continue
                column = start + g.game - 1
                white, black = _CODES[g.result]
                games[g.white][column] = TrfGame(column, g.black, "w", white)
                games[g.black][column] = TrfGame(column, g.white, "b", black)
                got = settings.scoring.game_points(g.result)
                points[g.white] += got[0]
                points[g.black] += got[1]
    lines = header_records(settings, tournament.players, "Individual: Knockout")
    lines += [f"142 {columns}"] if columns else []
    lines += scoring_records(settings.scoring)
    lines.append(f"192 {KNOCKOUT_CODE}")
    for player in sorted(tournament.players, key=lambda p: p.start_number):
        row = [games[player.start_number].get(c, TrfGame(c, None, None, " ")) for c in range(1, columns + 1)]
        lines.append(player_line(trf_player(player), row, points[player.start_number], ranks.get(player.start_number)))
    return LINE_END.join(lines) + LINE_END
