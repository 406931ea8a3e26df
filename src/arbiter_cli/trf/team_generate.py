"""A random team Swiss, paired round by round with our C.04.6 engine, written as a TRF-2026 team file.

For ``arbiter trf generate --teams N`` and the comparison with FIDE's engine
(``scripts/team_swiss_compare.py``). The same arguments always give the same file. Teams are
numbered in rating order (the number is the TPN, fixed, C.04.6 1.1); each has one player a board.
Along the way, at the rates given: match forfeits (330, ``+-``, ``-+``, rarely ``--``), requested
byes (240 F, H or Z), withdrawals (the team is absent from then on) and late entries (absent for
the first rounds). Records written: 012, 142, 152 (the initial colour, drawn by lot), 192, 352,
362, 001, 310, 320 (every PAB), 330, 240.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.core.outcome import Colour, Outcome
from arbiter_cli.core.team import (BoardEntry, PrimaryScore, Team, TeamEvent, TeamOutcome, TeamRoundEntry,
                                   TeamScoring, match_outcome)
from arbiter_cli.pairing.team_swiss import ColourModel, pair_team_round
from arbiter_cli.pairing.team_swiss.state import request_from_event
from arbiter_cli.trf.reader import TrfPlayer
from arbiter_cli.trf.team import team_trf_text
from arbiter_cli.trf.team_swiss import team_swiss_code
from arbiter_cli.trf.writer import LINE_END

__all__ = ["TeamSwissShape", "generate_team_swiss"]


@dataclass(frozen=True)
class TeamSwissShape:
    """What to generate: the size, the rules and how often the unusual things happen."""

    teams: int
    boards: int
    rounds: int
    seed: int = 1
    colour_model: ColourModel = ColourModel.TYPE_A
    primary: PrimaryScore = "MP"
    secondary_for_colours: bool = True
    draw_rate: float = 0.3
    forfeit_rate: float = 0.02  # a match forfeit (330)
    bye_rate: float = 0.02  # a requested bye (240 F, H or Z)
    withdraw_rate: float = 0.01  # a team leaves for good (per team and round)
    late_rate: float = 0.0  # a team enters in round 2 or 3
    paired: int | None = None  # the rounds to pair and play (default all): the next one is left to pair


def generate_team_swiss(shape: TeamSwissShape, progress: Callable[[int], None] | None = None) -> str:
    """The TRF-2026 text of a random team Swiss of ``shape``."""
    draw = random.Random(shape.seed)
    boards = shape.boards
    scoring = TeamScoring(boards=boards, primary=shape.primary)
    initial: Colour = draw.choice(("w", "b"))  # C.04.6 4.1: drawn by lot, stored in 152
    pattern = ("WB" * boards)[:boards]
    players: dict[int, TrfPlayer] = {}
    teams: list[Team] = []
    strength: dict[int, int] = {}
    for number in range(1, shape.teams + 1):
        base = 2500 - number * 1200 // max(shape.teams, 1)
        ids = tuple((number - 1) * boards + b for b in range(1, boards + 1))
        for board, tpn in enumerate(ids):
            players[tpn] = TrfPlayer(tpn, f"Player {number}.{board + 1}", rating=max(1000, base - 25 * board))
        strength[number] = base
        teams.append(Team(number, f"Team {number}", f"T{number}", ids))
    late = {t.number: draw.choice((2, 3)) for t in teams if shape.late_rate and draw.random() < shape.late_rate}
    gone: set[int] = set()
    whites: dict[tuple[int, int, int], int] = {}  # (round, team, team): the white team of a match
    entries: dict[int, list[TeamRoundEntry]] = {t.number: [] for t in teams}
    played = shape.rounds if shape.paired is None else min(shape.paired, shape.rounds)
    for rnd in range(1, played + 1):
        absent = _absent(draw, shape, teams, gone, late, rnd)
        event = TeamEvent(tuple(teams), {n: tuple(e) for n, e in entries.items()}, rnd - 1, scoring)
        request = request_from_event(event, rnd, shape.rounds, initial, absent=frozenset(absent),
                                     colour_model=shape.colour_model,
                                     secondary_for_colours=shape.secondary_for_colours)
        pairing = pair_team_round(request)
        done: dict[int, TeamRoundEntry] = {}
        for white, black in pairing.pairs:
            whites[(rnd, min(white, black), max(white, black))] = white
            done.update(_match(draw, shape, scoring, rnd, teams, white, black, strength, pattern))
        if pairing.bye is not None:
            mp, gp = scoring.pab_scores()
            done[pairing.bye] = TeamRoundEntry(rnd, TeamOutcome.PAB, None, mp, gp)
        for number, kind in absent.items():
            mp = {TeamOutcome.FPB: scoring.match_win, TeamOutcome.HPB: scoring.match_draw}.get(kind, Fraction(0))
            gp = {TeamOutcome.FPB: scoring.game.full_bye, TeamOutcome.HPB: scoring.game.half_bye}.get(
                kind, Fraction(0)) * boards
            done[number] = TeamRoundEntry(rnd, kind, None, mp, gp)
        for team in teams:
            entries[team.number].append(done[team.number])
        if progress is not None:
            progress(rnd)
    event = TeamEvent(tuple(teams), {n: tuple(e) for n, e in entries.items()}, played, scoring)
    text = team_trf_text(event, players, name=f"Generated team Swiss {shape.seed}", colours=pattern,
                         total_rounds=shape.rounds)
    code = team_swiss_code(shape.colour_model, shape.primary, shape.secondary_for_colours)
    lines = []
    for line in text.splitlines():
        if line.startswith("192 "):
            line = f"192 {code}"
        elif line.startswith("330 "):
            line = _white_first(line, whites)
        lines.append(line)
        if line.startswith("142 "):
            lines.append(f"152 {initial.upper()}")
    if played < shape.rounds:  # the teams not to pair in the next round (TRF-2026 240)
        following = _absent(draw, shape, teams, gone, late, played + 1)
        for letter in "FHZ":
            named = [n for n, outcome in sorted(following.items()) if outcome.value[0] == letter]
            if named:
                lines.append(f"240 {letter} {played + 1:3d}" + "".join(f" {n:4d}" for n in named))
    return LINE_END.join(lines) + LINE_END


def _absent(draw: random.Random, shape: TeamSwissShape, teams: list[Team], gone: set[int], late: dict[int, int],
            rnd: int) -> dict[int, TeamOutcome]:
    """The teams not paired in round ``rnd``: withdrawn, not yet entered, or a requested bye."""
    absent: dict[int, TeamOutcome] = {}
    for team in teams:
        if team.number in gone or late.get(team.number, 1) > rnd:
            absent[team.number] = TeamOutcome.ZPB
        elif rnd > 1 and draw.random() < shape.withdraw_rate:
            gone.add(team.number)
            absent[team.number] = TeamOutcome.ZPB
        elif draw.random() < shape.bye_rate:
            absent[team.number] = draw.choice((TeamOutcome.HPB, TeamOutcome.HPB, TeamOutcome.FPB, TeamOutcome.ZPB))
    return absent if len(teams) - len(absent) >= 2 else {}


def _white_first(line: str, whites: dict[tuple[int, int, int], int]) -> str:
    """A 330 record with the white team of the match first (the writer puts the smaller number first:
    a forfeited match has no team colour, C.04.6 1.6, but the pairing gave it one)."""
    kind, rnd, one, two = line[4:6], int(line[7:10]), int(line[11:14]), int(line[15:18])
    if whites.get((rnd, min(one, two), max(one, two)), one) == one:
        return line
    return f"330 {kind[::-1]} {rnd:3d} {two:3d} {one:3d}"


def _match(draw: random.Random, shape: TeamSwissShape, scoring: TeamScoring, rnd: int, teams: list[Team],
           white: int, black: int, strength: dict[int, int], pattern: str) -> dict[int, TeamRoundEntry]:
    """A match's two entries: a forfeit now and then, else every board played."""
    if draw.random() < shape.forfeit_rate:
        kind = draw.choice(("+-", "-+", "+-", "-+", "--"))
        win, loss = scoring.game.forfeit_win * scoring.boards, scoring.game.forfeit_loss * scoring.boards
        outcome = {"+": (TeamOutcome.FORFEIT_WIN, scoring.match_win, win),
                   "-": (TeamOutcome.FORFEIT_LOSS, scoring.match_loss, loss)}
        first, second = outcome[kind[0]], outcome[kind[1]]
        return {white: TeamRoundEntry(rnd, first[0], black, first[1], first[2]),
                black: TeamRoundEntry(rnd, second[0], white, second[1], second[2])}
    ours, theirs = teams[white - 1].players, teams[black - 1].players
    expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
    mine: list[BoardEntry] = []
    other: list[BoardEntry] = []
    for board, (p, q) in enumerate(zip(ours, theirs), start=1):
        colour: Colour = "w" if pattern[board - 1] == "W" else "b"
        roll = draw.random()
        if roll < shape.draw_rate:
            a, b = Outcome.DRAW, Outcome.DRAW
        elif roll < shape.draw_rate + (1 - shape.draw_rate) * expected:
            a, b = Outcome.WIN, Outcome.LOSS
        else:
            a, b = Outcome.LOSS, Outcome.WIN
        points = {Outcome.WIN: scoring.game.win, Outcome.DRAW: scoring.game.draw, Outcome.LOSS: scoring.game.loss}
        mine.append(BoardEntry(board, p, q, a, points[a], colour))
        other.append(BoardEntry(board, q, p, b, points[b], "b" if colour == "w" else "w"))
    gp_w = sum((e.points for e in mine), Fraction(0))
    gp_b = sum((e.points for e in other), Fraction(0))
    (ow, mpw), (ob, mpb) = match_outcome(gp_w, gp_b, scoring), match_outcome(gp_b, gp_w, scoring)
    return {white: TeamRoundEntry(rnd, ow, black, mpw, gp_w, tuple(mine), mine[0].colour),
            black: TeamRoundEntry(rnd, ob, white, mpb, gp_b, tuple(other), other[0].colour)}
