"""Pairing a round of a (double) round robin from the Berger tables (C.05).

Start numbers are the table's pairing numbers. The stored initial colour is
the colour of number 1 in round 1: ``black`` reverses every board's colours.
A player who withdrew keeps their place in the table (the schedule never
changes); their later games are entered at once as forfeit wins for the
opponent (or double forfeits when both withdrew), and the standings rule for
withdrawals decides later how those count.
"""

from __future__ import annotations

from functools import lru_cache

from arbiter_cli.core.model import Bye, Game, InitialColour, Round, System, Tournament
from arbiter_cli.pairing.berger import berger_round, double_schedule, round_robin_rounds, table_size
from arbiter_cli.core.results import ByeKind, GameResult

__all__ = ["planned_rounds", "pair_round", "table_rows"]


def planned_rounds(system: System, players: int) -> int:
    """Rounds of a round robin with ``players`` entrants."""
    return round_robin_rounds(players, system is System.DOUBLE_ROUND_ROBIN)


@lru_cache(maxsize=1024)
def table_rows(system: System, players: int, initial_colour: InitialColour, round_number: int
               ) -> tuple[tuple[int, int | None], ...]:
    """Round ``round_number`` of the Berger table of ``players`` (numbered 1 to n) as its rows:
    (White, Black) board by board, then (player, None) for the one without a game (C.05 Annex 1:
    whoever meets the dummy of an odd table). ``initial_colour`` is number 1's colour in round 1,
    already drawn (``black`` reverses every board).

    >>> table_rows(System.ROUND_ROBIN, 5, InitialColour.WHITE, 1)
    ((2, 5), (3, 4), (1, None))
    """
    if initial_colour is InitialColour.RANDOM:
        raise ValueError("the initial colour has not been drawn")
    if system is System.DOUBLE_ROUND_ROBIN:
        pairs = double_schedule(players)[round_number - 1]
    else:
        pairs = berger_round(players, round_number)
    reverse = initial_colour is InitialColour.BLACK
    dummy = table_size(players) if players % 2 else None
    games: list[tuple[int, int | None]] = []
    byes: list[tuple[int, int | None]] = []
    for white, black in pairs:
        if reverse:
            white, black = black, white
        if dummy in (white, black):
            byes.append((black if white == dummy else white, None))
        else:
            games.append((white, black))
    return (*games, *byes)


def pair_round(tournament: Tournament, round_number: int) -> Round:
    """The pairing of ``round_number`` for a round-robin tournament.

    The initial colour must already be drawn (``white`` or ``black``).
    """
    settings = tournament.settings
    players = sorted(p.start_number for p in tournament.players)
    n = len(players)
    if players != list(range(1, n + 1)):
        raise ValueError("start numbers must run 1..n before a round robin is paired")
    games: list[Game] = []
    byes: list[Bye] = []
    for white, black in table_rows(settings.system, n, settings.initial_colour, round_number):
        if black is None:
            byes.append(Bye(white, ByeKind.BYE))
            continue
        result = _withdrawal_result(tournament, round_number, white, black)
        games.append(Game(white, black, len(games) + 1, result))
    return Round(round_number, tuple(games), tuple(byes))


def _withdrawal_result(tournament: Tournament, round_number: int, white: int, black: int) -> GameResult | None:
    white_gone = not tournament.by_number[white].available_in(round_number)
    black_gone = not tournament.by_number[black].available_in(round_number)
    if white_gone and black_gone:
        return GameResult.DOUBLE_FORFEIT
    if white_gone:
        return GameResult.BLACK_FORFEIT_WIN
    if black_gone:
        return GameResult.WHITE_FORFEIT_WIN
    return None

