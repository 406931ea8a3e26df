"""A round robin's withdrawals as the standings count them (setting ``round_robin_withdrawal``):
the ``half`` rule (:mod:`arbiter_cli.lifecycle.withdrawals` tells the rule). In core so that the
TRF codec counts an imported file as the standings count the event it was exported from.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.model import Bye, Round, Tournament
from arbiter_cli.core.results import ByeKind

__all__ = ["annulled_players", "as_counted", "games_played", "games_of"]


def annulled_players(tournament: Tournament) -> frozenset[int]:
    """The withdrawn players whose games do not count (the ``half`` rule)."""
    settings = tournament.settings
    if not settings.system.is_round_robin or settings.round_robin_withdrawal != "half":
        return frozenset()
    annulled = set()
    for player in tournament.players:
        if not player.is_withdrawn:
            continue
        if 2 * games_played(tournament, player.start_number) < _games_per_player(tournament):
            annulled.add(player.start_number)
    return frozenset(annulled)


def games_played(tournament: Tournament, number: int) -> int:
    """The games player ``number`` played over the board (a forfeit is not one), what the half
    rule counts against the games a player of the round robin has (:func:`games_of`)."""
    return sum(1 for rnd in tournament.rounds for board in rnd.games
               if number in board.players and board.result is not None and board.result.played)


def games_of(tournament: Tournament) -> int:
    """The games each player of a round robin has: n - 1, twice that in a double one (C.05)."""
    return _games_per_player(tournament)


def _games_per_player(tournament: Tournament) -> int:
    n = len(tournament.players)
    games = n - 1
    return 2 * games if tournament.settings.system.value == "double-round-robin" else games


def as_counted(tournament: Tournament) -> Tournament:
    """The tournament as its standings count it: annulled players removed, and their
    opponents' games against them turned into free rounds (``BYE``, no points).

    >>> from arbiter_cli.core.model import Game, Player, Settings
    >>> from arbiter_cli.core.results import GameResult
    >>> t = Tournament(Settings(name="x", system="round-robin", seed=1, initial_colour="white", rounds=3),
    ...     tuple(Player(start_number=i, name=n) for i, n in enumerate("ABCD", start=1))
    ...     + (), (Round(1, (Game(1, 4, 1, GameResult.WHITE_WINS), Game(2, 3, 2, GameResult.DRAW))),))
    >>> t = replace(t, players=tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": 1})
    ...                              if p.start_number == 4 else p for p in t.players))
    >>> counted = as_counted(t)
    >>> [p.name for p in counted.players], counted.rounds[0].byes
    (['A', 'B', 'C'], (Bye(player=1, kind=<ByeKind.BYE: 'BYE'>),))
    """
    annulled = annulled_players(tournament)
    if not annulled:
        return tournament
    rounds = []
    for rnd in tournament.rounds:
        games = [g for g in rnd.games if not (set(g.players) & annulled)]
        byes = [b for b in rnd.byes if b.player not in annulled]
        for game in rnd.games:
            if set(game.players) & annulled:
                byes += [Bye(p, ByeKind.BYE) for p in game.players if p not in annulled]
        games = [replace(g, board=i) for i, g in enumerate(games, start=1)]
        rounds.append(Round(rnd.number, tuple(games), tuple(byes)))
    players = tuple(p for p in tournament.players if p.start_number not in annulled)
    return replace(tournament, players=players, rounds=tuple(rounds))
