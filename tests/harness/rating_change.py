"""The expected FIDE rating change (the docs "Rating changes"), computed by the harness from
``players.csv`` and the round files alone, and held against ``rating-report -f json`` and
``standings --rating-change -f json`` (I17).

Written from the reference digest's B.02 (§7.1-7.2), not from arbiter's code:

* a game is rated for a rated player (a rating in ``players.csv``) when it was played over the board
  (1-0, 0-1, 1/2-1/2, 0-0) against a rated opponent; in rapid and blitz not when the two are 600 or
  more apart and one is rated above 2600; forfeits, byes and games without a result are not rated;
* PD from table 8.1.2 for D = own rating − opponent's, a D beyond ±400 counted as ±400 unless the
  player is rated 2650 or more in standard chess;
* K: the ``k_factor`` column when given, else 10 from 2400, else 40 for a junior below 2300 (the
  event's year at most the birth year + 18), else 20; then the largest K with K × n ≤ 700;
* Δ = K × (W − Σ PD) exactly, Rn = Ro + Δ rounded half away from zero; an unrated player has none,
  and their games against rated opponents are counted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from harness.files import points, round_numbers, round_rows, rows, settings
from harness.runs import said
from robustness._support import run_here

__all__ = ["RATING_CHANGE", "rating_change_violations", "has_rating_report"]

#: The invariant (I17).
RATING_CHANGE = "the rating report counts the round files"

#: Table 8.1.2: the highest D of each row, from PD 0.50 (D 0-3) up to 0.99 (D 620-735); beyond: 1.00.
_UPPER = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179,
          188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456,
          484, 517, 559, 619, 735)
_SCORE = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)),
          "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)), "0-0": (Fraction(0), Fraction(0))}


def _pd(own: int, opponent: int, control: str) -> Fraction:
    d = own - opponent
    if not (own >= 2650 and control == "standard"):
        d = max(-400, min(400, d))
    high = next((Fraction(50 + i, 100) for i, upper in enumerate(_UPPER) if abs(d) <= upper), Fraction(1))
    return high if d >= 0 else 1 - high


def _round(value: Fraction) -> int:
    whole = abs(value).numerator // abs(value).denominator
    whole += 1 if abs(value) - whole >= Fraction(1, 2) else 0
    return -whole if value < 0 else whole


@dataclass
class _Expected:
    rated: bool
    k: int | None
    games: int
    score: Fraction
    change: Fraction | None
    rating_after: int | None


def expected(folder: Path) -> dict[int, _Expected]:
    """Each player's line (by start number), from the files."""
    toml = settings(folder)
    control = str(toml.get("rating_type", "standard"))
    date = str(toml.get("start_date") or toml.get("end_date") or "")
    players = {int(p["start_number"]): p for p in rows(folder / "players.csv")}
    rating = {n: int(p["rating"]) if p["rating"].strip() and int(p["rating"]) else None for n, p in players.items()}
    games: dict[int, list[tuple[int, Fraction]]] = {n: [] for n in players}
    for number in round_numbers(folder):
        for row in round_rows(folder, number):
            result = row["result"].strip()
            if not row["black"].strip() or result not in _SCORE:
                continue
            white, black = int(row["white"]), int(row["black"])
            for own, other, score in ((white, black, _SCORE[result][0]), (black, white, _SCORE[result][1])):
                mine, theirs = rating[own], rating[other]
                if theirs is None:
                    continue
                if mine is not None and control != "standard" and abs(mine - theirs) >= 600 and max(mine, theirs) > 2600:
                    continue
                games[own].append((other, score))
    out = {}
    for number, player in players.items():
        rated = rating[number]
        played = games[number]
        score = sum((s for _, s in played), Fraction(0))
        if rated is None:
            out[number] = _Expected(False, None, len(played), score, None, None)
            continue
        own = rated
        born = player["birth_date"][:4]
        junior = bool(date and born) and int(date[:4]) <= int(born) + 18
        given = player.get("k_factor", "").strip()
        k = int(given) if given else 10 if own >= 2400 else 40 if junior and own < 2300 else 20
        if played and k * len(played) > 700:
            k = 700 // len(played)
        change = k * (score - sum((_pd(own, rating[o] or 0, control) for o, _ in played), Fraction(0)))
        out[number] = _Expected(True, k, len(played), score, change, own + _round(change))
    return out


def has_rating_report(folder: Path) -> bool:
    """An individual event's folder (a Swiss, a round robin, a group event's stage) outside a club."""
    toml = settings(folder)
    in_club = folder.parent.name == "tournaments" and (folder.parent.parent / "club.toml").is_file()
    return (not in_club and not (folder / "teams.csv").is_file()
            and toml.get("system") in ("swiss", "round-robin", "double-round-robin"))


def rating_change_violations(folder: Path, stage: Path, group: tuple[str, ...] = ()) -> list[str]:
    """``rating-report`` and ``standings --rating-change`` of ``stage`` against the harness's B.02."""
    if not has_rating_report(stage):
        return []
    shown = run_here("-d", folder, "rating-report", *group, "-f", "json")
    if shown.code != 0:
        return [f"rating-report exits {shown.code}: {said(shown)}"]
    report: dict[int, dict[str, Any]] = {row["start_number"]: row for row in json.loads(shown.out)}
    ours = expected(stage)
    out = []
    if set(report) != set(ours):
        out.append(f"rating-report lists players {sorted(report)}, players.csv has {sorted(ours)}")
    for number in sorted(set(report) & set(ours)):
        row, mine = report[number], ours[number]
        got = (row["rated"], row["k"], row["games"], points(row["score"]),
               None if row["change"] is None else points(row["change"]), row["rating_after"])
        want = (mine.rated, mine.k, mine.games, mine.score, mine.change, mine.rating_after)
        if got != want:
            out.append(f"rating-report of player {number}: shown (rated, K, games, points, Δ, Rn) {got}, "
                       f"computed {want}")
            break
    standings = run_here("-d", folder, "standings", *group, "--rating-change", "-f", "json")
    if standings.code != 0:
        return out + [f"standings --rating-change exits {standings.code}: {said(standings)}"]
    for row in json.loads(standings.out):
        mine_change = ours.get(row["start_number"])
        want_change = None if mine_change is None or mine_change.change is None else mine_change.change
        got_change = None if row.get("rating_change") is None else points(row["rating_change"])
        if got_change != want_change:
            out.append(f"standings --rating-change shows Δ {got_change} for player {row['start_number']}, "
                       f"computed {want_change}")
            break
    return out
