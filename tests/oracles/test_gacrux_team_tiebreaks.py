"""Our team tie-breaks (C.07 Arts. 11-13) against FIDE's engine, gacrux (a test-only extra).

Small team events are generated here (4 boards, MP 2/1/0; board forfeits, match forfeits,
PABs, half- and zero-point byes), written as a minimal TRF-2026 team file by a writer that
lives in this test only (the real team TRF writer is trf/'s), and handed to gacrux's tie-break
checker; the same events are built as a TeamEvent and ranked by
:func:`arbiter_cli.lifecycle.team_standings.compute_team_standings`. Every value and every rank
must agree, in both editions (the start date picks gacrux's rules: 2024 before 1 Mar 2026),
except where gacrux and the C.07 text disagree: those cases are pinned in named tests below.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.team import (
    BoardEntry, PrimaryScore, Team, TeamEvent, TeamOutcome, TeamRoundEntry, TeamScoring, match_outcome,
)
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.lifecycle.team_standings import compute_team_standings

BOARDS = 4
SCORING = TeamScoring(boards=BOARDS)
_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
_OUTCOME = {"1": Outcome.WIN, "=": Outcome.DRAW, "0": Outcome.LOSS, "+": Outcome.FORFEIT_WIN,
            "-": Outcome.FORFEIT_LOSS}
_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "E": "e", "e": "E"}
#: An empty board (the last one): "E" is our board left empty, "e" the opponent's.
_POINTS |= {"E": Fraction(0), "e": Fraction(1)}
_OUTCOME |= {"E": Outcome.FORFEIT_LOSS, "e": Outcome.FORFEIT_WIN}


class Generated:
    """A generated team Swiss: per round, the matches (white team, black team, white's board
    results or a match forfeit '+-', '-+', '--') and the team without an opponent with its bye."""

    def __init__(self, teams: int, rounds: int, seed: int, primary: PrimaryScore = "MP") -> None:
        self.scoring = TeamScoring(boards=BOARDS, primary=primary)
        draw = random.Random(seed)
        self.teams, self.rounds = teams, rounds
        self.matches: list[list[tuple[int, int, str]]] = []
        self.byes: list[dict[int, str]] = []
        order = list(range(1, teams + 1)) + ([0] if teams % 2 else [])
        size = len(order)
        for rnd in range(rounds):  # the circle method: nobody meets twice
            turn = [order[0]] + order[1:][-rnd:] + order[1:][:-rnd] if rnd else list(order)
            pairs = [(turn[i], turn[size - 1 - i]) for i in range(size // 2)]
            matches, byes = [], {}
            for a, b in pairs:
                if 0 in (a, b):
                    byes[a or b] = draw.choices(["PAB", "HPB", "ZPB"], [6, 2, 2])[0]
                    continue
                white, black = (a, b) if draw.random() < 0.5 else (b, a)
                if draw.random() < 0.06:
                    matches.append((white, black, draw.choice(["+-", "-+", "--"])))
                    continue
                results = draw.choices("1=0", [4, 3, 3])[0] + "".join(
                    draw.choices("1=0+-", [30, 30, 30, 3, 3], k=BOARDS - 2)) + draw.choices("1=0+-Ee", [30, 30, 30, 3, 3, 3, 3])[0]
                matches.append((white, black, results))
            self.matches.append(matches)
            self.byes.append(byes)

    def player(self, team: int, board: int) -> int:
        return (team - 1) * BOARDS + board

    def team_event(self) -> TeamEvent:
        entries: dict[int, list[TeamRoundEntry]] = {t: [] for t in range(1, self.teams + 1)}
        for rnd, (matches, byes) in enumerate(zip(self.matches, self.byes), start=1):
            for white, black, results in matches:
                if results in ("+-", "-+", "--"):
                    for team, other, sign in ((white, black, results[0]), (black, white, results[1])):
                        won = sign == "+"
                        entries[team].append(TeamRoundEntry(
                            rnd, TeamOutcome.FORFEIT_WIN if won else TeamOutcome.FORFEIT_LOSS, other,
                            SCORING.match_win if won else SCORING.match_loss,
                            SCORING.max_game_points if won else Fraction(0)))
                    continue
                theirs = "".join(_OTHER[c] for c in results)
                gp = {white: sum(_POINTS[c] for c in results), black: sum(_POINTS[c] for c in theirs)}
                for team, other, own, first in ((white, black, results, True), (black, white, theirs, False)):
                    boards = tuple(BoardEntry(b, None if c == "E" else self.player(team, b),
                                              None if c == "e" else self.player(other, b), _OUTCOME[c], _POINTS[c],
                                              None if c in "Ee" else "w" if (b % 2 == 1) == first else "b")
                                   for b, c in enumerate(own, start=1))
                    played = any(c in "1=0" for c in results) or (any(c in "+e" for c in results)
                                                                  and any(c in "-E" for c in results))
                    outcome, mp = match_outcome(gp[team], gp[other], SCORING, played)
                    entries[team].append(TeamRoundEntry(rnd, outcome, other, mp, gp[team], boards,
                                                        "w" if first else "b"))
            for team, kind in byes.items():
                mp, gp = {"PAB": SCORING.pab_scores(), "HPB": (SCORING.match_draw, SCORING.max_game_points / 2),
                          "ZPB": (Fraction(0), Fraction(0))}[kind]
                entries[team].append(TeamRoundEntry(rnd, TeamOutcome[kind], None, mp, gp))
        return TeamEvent(tuple(Team(t, f"Team {t}") for t in entries),
                         {t: tuple(sorted(e, key=lambda x: x.round)) for t, e in entries.items()},
                         self.rounds, self.scoring)

    def trf(self, start: str) -> str:
        """A minimal TRF-2026 team file: 001 players, 310 teams, 320 PABs, 330 forfeited
        matches, 240 half-point byes, 362 match points, 352 board colours."""
        games: dict[int, list[str]] = {p: [] for p in range(1, self.teams * BOARDS + 1)}
        for matches, byes in zip(self.matches, self.byes):
            for white, black, results in matches:
                for b in range(1, BOARDS + 1):
                    pw, pb = self.player(white, b), self.player(black, b)
                    if results in ("+-", "-+", "--"):
                        games[pw].append(f"0000 - {results[0]}")
                        games[pb].append(f"0000 - {results[1]}")
                        continue
                    cw, cb = ("w", "b") if b % 2 == 1 else ("b", "w")
                    result = results[b - 1]
                    if result in "Ee":  # an empty board: no game, a forfeit win for the player present
                        games[pw].append(f"0000 - {'-' if result == 'E' else '+'}")
                        games[pb].append(f"0000 - {'+' if result == 'E' else '-'}")
                        continue
                    games[pw].append(f"{pb:4d} {cw} {result}")
                    games[pb].append(f"{pw:4d} {cb} {_OTHER[result]}")
            for team in byes:
                for b in range(1, BOARDS + 1):
                    games[self.player(team, b)].append("0000 - -")
        lines = ["012 Generated team event", f"042 {start}", f"062 {self.teams * BOARDS}",
                 f"142 {self.rounds}", f"192 FIDE_TEAM_{'MP_GP' if self.scoring.primary == 'MP' else 'GP_MP'}", "352 WBWB", "362 TW 2.0   TD 1.0   TL 0.0"]
        for player, cells in games.items():
            line = list(f"001 {player:4d}      {'Player ' + str(player):33s} 2000".ljust(91))
            text = "".join(line) + "".join(f"{cell:10s}" for cell in cells)
            lines.append(text.rstrip())
        for team in range(1, self.teams + 1):
            head = f"310 {team:3d} {'Team ' + str(team):32s} {'T' + str(team):5s} {2000:6d}"
            players = "".join(f" {self.player(team, b):4d}" for b in range(1, BOARDS + 1))
            lines.append(head.ljust(72) + players)
        pab_rounds = "".join(f"{next((t for t, k in byes.items() if k == 'PAB'), 0) or '':>4}"
                             for byes in self.byes)
        lines.append("320  1.0  2.0" + pab_rounds)
        for rnd, byes in enumerate(self.byes, start=1):
            half = [t for t, kind in byes.items() if kind == "HPB"]
            if half:
                lines.append(f"240 H {rnd:3d}" + "".join(f" {t:4d}" for t in half))
        for rnd, matches in enumerate(self.matches, start=1):
            for white, black, results in matches:
                if results in ("+-", "-+", "--"):
                    lines.append(f"330 {results} {rnd:3d} {white:3d} {black:3d}")
        return "\n".join(lines) + "\n"


def _gacrux(tmp_path: Path, event: Generated, start: str, codes: list[str]) -> dict[int, tuple[int, list[str]]]:
    path = tmp_path / f"team_{event.teams}_{event.rounds}_{start[:4]}.trf"
    path.write_text(event.trf(start), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-t", *codes, "-r"],
                          capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    assert answer["status"]["code"] == 0, answer["status"]
    return {c["cid"]: (c["rank"], c["tiebreakScore"]) for c in answer["tiebreakResult"]["competitors"]}


def _ours(code: str) -> str:
    return {"MPTS": "MP", "GPTS": "GP"}.get(code, code)


EDITIONS = [("2024/01/01", Rules.R2024), ("2026/06/01", Rules.R2026)]
EVENTS = [(7, 5, 3), (9, 7, 5), (12, 7, 6)]  # teams, rounds, seed

#: Value tie-breaks both programs compute, by primary score. Not here: ESB (see below).
VALUE_CODES = {
    "MP": ["MPTS", "GPTS", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "SB:MP", "SB:GP", "FB:MP", "EMMSB", "EMGSB",
           "EGMSB", "EGGSB", "EMGSB/C1", "EGGSB/C1", "SSSC", "BC", "MPVGP", "PS:MP", "WIN"],
    "GP": ["GPTS", "MPTS", "BH", "BH:MP", "BH/C1", "SB", "SB:MP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EGGSB/C1",
           "SSSC", "BC", "MPVGP"],
}


@pytest.mark.parametrize("primary", ["MP", "GP"])
@pytest.mark.parametrize("start,rules", EDITIONS)
@pytest.mark.parametrize("teams,rounds,seed", EVENTS)
def test_gacrux_computes_our_team_tiebreaks_and_ranks(tmp_path: Path, teams: int, rounds: int, seed: int,
                                                      start: str, rules: Rules, primary: PrimaryScore) -> None:
    event = Generated(teams, rounds, seed, primary)
    codes = VALUE_CODES[primary]
    gacrux = _gacrux(tmp_path, event, start, codes)
    standings = compute_team_standings(event.team_event(), [_ours(c) for c in codes], rules)
    differences = []
    for row in standings.rows:
        rank, values = gacrux[row.team.number]
        if row.rank != rank:
            differences.append((row.team.number, "rank", row.rank, rank))
        for code, theirs in zip(codes, values):
            mine = row.tiebreaks[_ours(code)]
            if mine is None or abs(Fraction(mine) - Fraction(theirs)) > Fraction(1, 200):  # gacrux prints 2 decimals
                differences.append((row.team.number, code, mine, theirs))
    assert not differences


@pytest.mark.parametrize("codes", [["MPTS", "EDE"], ["MPTS", "EDET"], ["MPTS", "EDEB"], ["MPTS", "EDEBT"],
                                   ["MPTS", "EDEBB"], ["MPTS", "TBR"], ["MPTS", "BBE"],
                                   ["MPTS", "GPTS", "EDE", "EMGSB"]])
@pytest.mark.parametrize("teams,rounds,seed", [(8, 6, 4), (10, 4, 7), (16, 5, 8), (11, 9, 9)])
def test_gacrux_ranks_by_ede_and_the_board_tiebreaks_as_we_do_art_12_13_3(
        tmp_path: Path, teams: int, rounds: int, seed: int, codes: list[str]) -> None:
    event = Generated(teams, rounds, seed)
    gacrux = _gacrux(tmp_path, event, "2024/01/01", codes)
    standings = compute_team_standings(event.team_event(), [_ours(c) for c in codes], Rules.R2024)
    assert {row.team.number: row.rank for row in standings.rows} == {t: rank for t, (rank, _) in gacrux.items()}


@pytest.mark.parametrize("primary,theirs", [("MP", "EMGSB"), ("GP", "EGMSB")])
def test_gacrux_esb_is_primary_times_secondary_where_art_13_2_reads_primary_times_primary(
        tmp_path: Path, primary: PrimaryScore, theirs: str) -> None:
    """C.07 13.2 writes ESB as Σ opponent's score × the score against that opponent, and Art. 13
    makes the primary score the default for both: ESB is EMMSB (MP primary) or EGGSB (GP primary).
    gacrux's ESB multiplies the opponent's primary score by the team's secondary score, which is
    EMGSB or EGMSB. We follow the text; the named variants agree."""
    event = Generated(9, 7, 5, primary)
    gacrux = _gacrux(tmp_path, event, "2024/01/01", ["ESB", theirs])
    ours = compute_team_standings(event.team_event(), ["ESB", theirs, "EMMSB" if primary == "MP" else "EGGSB"],
                                  Rules.R2024)
    for row in ours.rows:
        esb, variant = gacrux[row.team.number][1]
        assert Fraction(esb) == Fraction(variant) == row.tiebreaks[theirs]
        assert row.tiebreaks["ESB"] == row.tiebreaks["EMMSB" if primary == "MP" else "EGGSB"]
    assert any(row.tiebreaks["ESB"] != row.tiebreaks[theirs] for row in ours.rows)
