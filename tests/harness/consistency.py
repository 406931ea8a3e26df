"""The folder's reports agree with its files and with one another.

* ``verify`` passes, and names no hand edit (the harness edits only ``prizes.toml``, which a
  person writes);
* ``pairings R -f json`` shows every round file as it is: each board's players and result, each
  match line's forfeit, each bye (a match forfeit's kept boards are not shown: they count for nothing);
* ``standings -f json`` lists exactly the players (teams) the half rule keeps, with the points
  (match and game points) that :mod:`harness.oracle` computes from the round files, in rank
  order: a better rank never has fewer points (a knockout: every player once).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from harness.files import is_knockout, is_team, points, round_numbers, round_rows, settings
from harness.oracle import individual_points, team_scores
from harness.runs import listed, said
from robustness._support import run_here

__all__ = ["verify_violations", "pairings_violations", "standings_violations"]


def verify_violations(folder: Path) -> list[str]:
    checked = run_here("-d", folder, "verify")
    out = []
    if checked.code != 0:
        out.append(f"verify exits {checked.code}: {listed(checked)}")
    if ": hand edit" in checked.out:
        out.append(f"verify names a hand edit: {checked.out.strip()[-300:]}")
    return out


def _int(value: object) -> int | None:
    if value is None or value == "":
        return None
    return int(str(value))


def _text(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def _knockout_lines(stage: Path, number: int) -> list[tuple[Any, ...]]:
    """A knockout round's games, and the match lines of matches without games (a bye, a forfeit, a
    match waiting for its second player, read as a bye) or forfeited after some (a withdrawal in the
    middle: its line after its games, as ``pairings`` shows it)."""
    lines: list[tuple[Any, ...]] = []
    matches: dict[str, tuple[Any, ...]] = {}
    played: set[str] = set()
    for row in round_rows(stage, number):
        if row["game"].strip():
            played.add(row["match"])
            lines.append((f"{row['match']}.{row['game']}", row["stage"], _int(row["first"]), _int(row["second"]),
                          _text(row["result"])))
        else:
            # one player and no game: a bye, or (shown "waiting") a match waiting for the winner of a match a
            # correction (--force) reopened; the file does not tell them apart, the bracket does
            # (the player waiting may be in either place: the reopened match's winner fills the other)
            one = not row["first"].strip() or not row["second"].strip()
            matches[row["match"]] = (row["match"], "bye" if one else "forfeit",
                                     _int(row["first"]), _int(row["second"]), _text(row["result"]))
    return lines + [line for match, line in matches.items() if match not in played or line[4] is not None]


def _file_lines(stage: Path, number: int) -> list[tuple[Any, ...]]:
    if is_knockout(stage):
        return _knockout_lines(stage, number)
    lines: list[tuple[Any, ...]] = []
    rows = round_rows(stage, number)
    # a match forfeit keeps the boards under it in the round file, counting for nothing while it
    # stands; pairings shows the forfeit, not those boards (the docs, "Team events")
    forfeited = {row["match"] for row in rows if is_team(stage) and row["match"].strip() and not row["board"].strip()
                 and row["result"].strip()}
    for row in rows:
        if is_team(stage) and row["board"].strip() and row["match"] in forfeited:
            continue
        if is_team(stage):
            lines.append((_int(row["match"]), _int(row["board"]), _int(row["first"]), _int(row["second"]),
                          _text(row["result"])))
        else:
            lines.append((_int(row["board"]), _int(row["white"]), _int(row["black"]), _text(row["result"])))
    return lines


def _shown_lines(stage: Path, shown: Sequence[dict[str, Any]]) -> list[tuple[Any, ...]]:
    if is_knockout(stage):
        # a one-player match shown "waiting" (its second player still to come from a reopened match) is
        # a bye in the file: the two read alike (see _knockout_lines)
        return [(r["board"], "bye" if r["stage"] == "waiting" and None in (r["white"], r["black"]) else r["stage"],
                 r["white"], r["black"], r["result"]) for r in shown]
    if is_team(stage):
        return [(r["match"], r["board"], r["first"], r["second"], r["result"]) for r in shown]
    return [(r["board"], r["white"], r["black"], r["result"]) for r in shown]


def pairings_violations(folder: Path, stage: Path, group: tuple[str, ...] = ()) -> list[str]:
    """``pairings`` of every round of ``stage`` (``folder`` itself, or a group event's stage, named by
    ``group``) against its round files."""
    out = []
    for number in round_numbers(stage):
        shown = run_here("-d", folder, "pairings", number, *group, "-f", "json")
        if shown.code != 0:
            out.append(f"pairings {number} exits {shown.code}: {said(shown)}")
            continue
        ours, theirs = _file_lines(stage, number), _shown_lines(stage, json.loads(shown.out))
        if sorted(map(repr, ours)) != sorted(map(repr, theirs)):
            missing = [line for line in ours if line not in theirs]
            extra = [line for line in theirs if line not in ours]
            out.append(f"pairings {number} does not show rounds/{number:02d}.csv: the file has {missing[:3]}, "
                       f"pairings shows {extra[:3]}")
    return out


def standings_violations(folder: Path, stage: Path, group: tuple[str, ...] = ()) -> list[str]:
    """``standings`` of ``stage`` against the points computed from its round files."""
    shown = run_here("-d", folder, "standings", *group, "-f", "json")
    if shown.code != 0:
        return [f"standings exits {shown.code}: {said(shown)}"]
    rows: list[dict[str, Any]] = json.loads(shown.out)
    if is_knockout(stage):
        names = [r["name"] for r in rows]
        return [] if len(names) == len(set(names)) else [f"standings list a player twice: {sorted(names)}"]
    out = []
    expected: dict[str, tuple[Fraction, ...]]
    got: dict[str, tuple[Fraction, ...]]
    if is_team(stage):
        expected = {name: (s.match_points, s.game_points) for name, s in team_scores(stage).items()}
        got = {r["name"]: (points(r["match_points"]), points(r["game_points"])) for r in rows}
        label = "match and game points"
    else:
        expected = {name: (p,) for name, p in individual_points(stage).items()}
        got = {r["name"]: (points(r["points"]),) for r in rows}
        label = "points"
    if set(expected) != set(got):
        out.append(f"standings list {sorted(set(got) - set(expected))} and leave out "
                   f"{sorted(set(expected) - set(got))} (computed from the round files)")
    wrong = {n: (_show(got[n]), _show(expected[n])) for n in set(expected) & set(got) if got[n] != expected[n]}
    if wrong:
        out.append(f"standings' {label} differ from the round files': "
                   + "; ".join(f"{n}: shown {a}, computed {b}" for n, (a, b) in sorted(wrong.items())[:4]))
    primary = _primary(stage)
    ranked = [(r["rank"], got[r["name"]][primary]) for r in rows if r.get("rank") is not None and r["name"] in got]
    for (rank_a, score_a), (rank_b, score_b) in zip(ranked, ranked[1:]):
        if rank_a > rank_b or (rank_a < rank_b and score_a < score_b):
            out.append(f"standings out of order: rank {rank_a} with {score_a}, then rank {rank_b} with {score_b}")
            break
    return out


def _primary(stage: Path) -> int:
    """Which score ranks first: the only one for players; a team event's MP or GP."""
    if not is_team(stage):
        return 0
    return 1 if settings(stage).get("team", {}).get("primary", "MP") == "GP" else 0


def _show(values: tuple[Fraction, ...]) -> str:
    return " and ".join(str(v) for v in values)
