#!/usr/bin/env python3
"""Time the standings of a large Swiss: players x rounds, with ten C.07 tie-breaks.

The event is random but reproducible (``--seed``): each round pairs neighbours
in the current order of points, with some half-point byes, forfeits and
withdrawals, so that every unplayed-round rule is exercised. Pairing quality
does not matter for the timing.

    python scripts/benchmark_standings.py --players 1000 --rounds 11
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

from arbiter_cli.core.model import Bye, Game, Player, Round, Settings, Tournament
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.standings import compute_standings

CODES = ("BH/C1", "BH", "SB", "DE", "WIN", "ARO", "TPR", "PS", "AOB", "KS")


def random_swiss(players: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    roster = tuple(Player(start_number=i, name=f"Player {i:04d}", rating=2700 - i) for i in range(1, players + 1))
    points = {p.start_number: Fraction(0) for p in roster}
    gone: set[int] = set()
    played: list[Round] = []
    results = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW)
    for number in range(1, rounds + 1):
        gone |= {p.start_number for p in roster if rng.random() < 0.005}
        byes = [Bye(t, ByeKind.HPB) for t in points if t not in gone and rng.random() < 0.02]
        resting = {b.player for b in byes}
        order = sorted((t for t in points if t not in gone and t not in resting), key=lambda t: (-points[t], t))
        if len(order) % 2:
            byes.append(Bye(order.pop(), ByeKind.PAB))
        boards = []
        for index in range(0, len(order), 2):
            white, black = order[index], order[index + 1]
            result = (GameResult.WHITE_FORFEIT_WIN if rng.random() < 0.01
                      else results[rng.randrange(3)])
            boards.append(Game(white, black, index // 2 + 1, result))
            white_points, black_points = {GameResult.WHITE_WINS: (1, 0), GameResult.BLACK_WINS: (0, 1),
                                          GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
                                          GameResult.WHITE_FORFEIT_WIN: (1, 0)}[result]
            points[white] += white_points
            points[black] += black_points
        for bye in byes:
            points[bye.player] += 1 if bye.kind is ByeKind.PAB else Fraction(1, 2)
        played.append(Round(number, tuple(boards), tuple(byes)))
    settings = Settings(name="Benchmark Open", system="swiss", rounds=rounds, seed=seed)
    return Tournament(settings, roster, tuple(played))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tournament = random_swiss(args.players, args.rounds, args.seed)
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        compute_standings(tournament, None, CODES)
        times.append(time.perf_counter() - start)
    print(f"{args.players} players, {args.rounds} rounds, {len(CODES)} tie-breaks ({', '.join(CODES)}): "
          f"best {min(times):.3f} s of {args.repeat}")


if __name__ == "__main__":
    main()
