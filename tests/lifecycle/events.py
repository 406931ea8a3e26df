"""Small events built by the acts themselves, for the lifecycle tests."""

from __future__ import annotations

from arbiter_cli.core.model import Settings, Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.registration import player_from, register
from arbiter_cli.lifecycle.results import ResultLine, enter_results


def event(players: int = 6, system: str = "swiss", rounds: int | None = 5, **settings: object) -> Tournament:
    """An event with ``players`` registered (P1 strongest), nothing paired."""
    t = Tournament(Settings.model_validate({"name": "Open", "system": system, "seed": 3,
                                            "rounds": None if "round-robin" in system else rounds, **settings}))
    new = [player_from({"name": f"P{i}", "rating": 2400 - 10 * i}, i) for i in range(1, players + 1)]
    return register(t, new).tournament if new else t


def played(t: Tournament, result: GameResult = GameResult.DRAW) -> Tournament:
    """The last round with every board given ``result``."""
    lines = [ResultLine(g.board, result) for g in t.rounds[-1].games if g.result is None]
    return enter_results(t, t.last_round, lines).tournament if lines else t


def rounds(t: Tournament, count: int, result: GameResult = GameResult.DRAW) -> Tournament:
    """``count`` more rounds paired and played."""
    for _ in range(count):
        t = played(pair_round(t).tournament, result)
    return t
