"""A random Swiss tournament, paired round by round with our Dutch engine.

The same arguments always give the same file: every random choice comes from
one seeded generator. Results follow the rating difference (the stronger
player wins more often), with a chosen share of draws; some games are
forfeited and some players ask for half-point byes, at the rates given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from arbiter_cli.pairing.dutch import pair_round
from arbiter_cli.trf.reader import TrfFile, TrfGame, TrfPlayer, parse_trf
from arbiter_cli.trf.swiss import request_from_trf
from arbiter_cli.trf.writer import LINE_END, player_line

__all__ = ["generate_tournament"]

POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
          "H": Fraction(1, 2), "U": Fraction(1), "Z": Fraction(0)}


def _text(players: list[TrfPlayer], games: dict[int, list[TrfGame]], rounds: int, colour: str, seed: int) -> str:
    points = {p.tpn: sum((POINTS[g.result] for g in games[p.tpn]), Fraction(0)) for p in players}
    order = sorted(players, key=lambda p: (-points[p.tpn], p.tpn))
    rank = {p.tpn: i for i, p in enumerate(order, start=1)}
    lines = [f"012 Generated tournament (seed {seed})"]
    lines += [player_line(p, games[p.tpn], points[p.tpn], rank[p.tpn]) for p in players]
    lines += [f"XXR {rounds}", f"XXC {'white1' if colour == 'w' else 'black1'}"]
    return LINE_END.join(lines) + LINE_END


def generate_tournament(players: int, rounds: int, seed: int = 1, draw_rate: float = 0.3,
                        forfeit_rate: float = 0.02, bye_rate: float = 0.02,
                        progress: Callable[[int], None] | None = None) -> str:
    """The TRF text of a complete random tournament."""
    if players < 2 or rounds < 1:
        raise ValueError("a tournament needs at least 2 players and 1 round")
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(players)), reverse=True)
    roster = [TrfPlayer(i, f"Player {i:04d}", ratings[i - 1], sex=rng.choice("mw")) for i in range(1, players + 1)]
    games: dict[int, list[TrfGame]] = {p.tpn: [] for p in roster}
    colour = rng.choice("wb")
    for rnd in range(1, rounds + 1):
        absent = set()
        if rnd < rounds:
            absent = {p.tpn for p in roster if rng.random() < bye_rate}
        for tpn in absent:
            games[tpn].append(TrfGame(rnd, None, None, "H"))
        trf: TrfFile = parse_trf(_text(roster, games, rounds, colour, seed))
        result = pair_round(request_from_trf(trf, rnd))
        for white, black in result.pairs:
            gap = roster[white - 1].rating - roster[black - 1].rating
            draw = rng.random()
            if rng.random() < forfeit_rate:
                w, b = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            elif draw < draw_rate:
                w, b = "=", "="
            else:
                white_wins = rng.random() < 1 / (1 + 10 ** (-gap / 400))
                w, b = ("1", "0") if white_wins else ("0", "1")
            games[white].append(TrfGame(rnd, black, "w", w))
            games[black].append(TrfGame(rnd, white, "b", b))
        if result.bye is not None:
            games[result.bye].append(TrfGame(rnd, None, None, "U"))
        for tpn, record in games.items():  # anyone unpaired and not on a bye is absent
            if len(record) < rnd:
                record.append(TrfGame(rnd, None, None, "Z"))
        if progress:
            progress(rnd)
    return _text(roster, games, rounds, colour, seed)
