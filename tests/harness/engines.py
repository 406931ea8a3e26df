"""The long run's independent engines: each export of an individual Swiss checked with
``bbpPairings --dutch FILE -c`` (when ``bbpPairings`` is on PATH), each of a team Swiss with
gacrux's checker (``python -m gacrux.pairingchecker -c -i FILE``, a test extra).

Both pair every round of the file again from the rounds before it and say where they would have
paired otherwise. Only the rounds that ``pair`` made from the folder as it still is are compared:
a round paired by hand, or one paired before a change that reaches back (a correction of an
earlier round, a withdrawal dated back, a forbidden pair or virtual points set after it), is not
the engine's (see :attr:`harness.common.EventCommands.tainted`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from harness.files import round_rows, settings

__all__ = ["check_with_engines", "bbp_differences", "gacrux_differences", "complete"]

_ROUND = re.compile(r"Round #(\d+)")


def bbp_differences(trf: Path) -> dict[int, str] | str:
    """bbpPairings' checker: round -> what it pairs otherwise; a string when it cannot read the file."""
    done = subprocess.run(["bbpPairings", "--dutch", str(trf), "-c"], capture_output=True, text=True, check=False,
                          timeout=120)
    if done.returncode != 0:
        return f"bbpPairings -c exits {done.returncode}: {(done.stdout + done.stderr).strip()[-300:]}"
    out: dict[int, str] = {}
    current = 0
    for line in (done.stdout + done.stderr).splitlines():
        found = _ROUND.search(line)
        if found:
            current = int(found.group(1))
        elif line.strip() and current:
            out[current] = (out.get(current, "") + " | " + line.strip()).strip(" |")
    return out


def gacrux_differences(trf: Path, folder: Path) -> dict[int, str] | str:
    """gacrux's checker: round -> its pairing where it differs from the folder's (teams, first team White)."""
    environment = dict(os.environ, PYTHONINTMAXSTRDIGITS="0")
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-c", "-i", str(trf)],
                          capture_output=True, text=True, check=False, env=environment, timeout=300)
    try:
        rounds = json.loads(done.stdout)["pairingResult"]["roundpairing"]
    except (ValueError, KeyError, TypeError):
        if "Program error" in done.stdout and _board_empty_on_both_sides(trf):
            return {}  # gacrux's own crash (KeyError: 0 in compute_pairing), not the file's fault: unchecked
        return f"gacrux cannot check the file: {(done.stdout + done.stderr).strip()[-300:]}"
    out: dict[int, str] = {}
    drawn_at_nil = _first_match_at_nil(folder)
    for entry in rounds:
        number = int(entry["round"])
        if drawn_at_nil is not None and number > drawn_at_nil:
            continue  # paired on scores gacrux counts otherwise (tests/team_crosscheck.py): unchecked
        theirs = {(w, b) for w, b in entry["pairs"] if b}
        bye = next((w for w, b in entry["pairs"] if not b), None)
        rows = round_rows(folder, number)
        ours = {(int(r["first"]), int(r["second"])) for r in rows if r["match"].strip() and not r["board"].strip()}
        our_bye = next((int(r["first"]) for r in rows if not r["match"].strip() and r["result"].strip() == "PAB"), None)
        if theirs != ours or bye != our_bye:
            out[number] = f"gacrux {sorted(theirs)} PAB {bye}, the folder {sorted(ours)} PAB {our_bye}"
    return out


def _first_match_at_nil(folder: Path) -> int | None:
    """The first round with a match of 0-0 game points (every board a double loss or a double forfeit, no
    match forfeit): a drawn match by C.04.6 1.2, which gacrux loses for both teams (pinned in
    tests/trf/test_team_trf.py; tests/team_crosscheck.py leaves such events out). Its checker then pairs
    the later rounds on other match points (harness seed 3604: a PAB given to a team with a drawn match)."""
    for number in range(1, 100):
        rows = round_rows(folder, number)
        if not rows:
            return None
        boards: dict[str, list[str]] = {}
        forfeited = set()
        for row in rows:
            if not row["match"].strip():
                continue
            if not row["board"].strip():
                if row["result"].strip():
                    forfeited.add(row["match"])
                continue
            boards.setdefault(row["match"], []).append(row["result"].strip())
        if any(match not in forfeited and results and all(r in ("0-0", "-/-") for r in results)
               for match, results in boards.items()):
            return number
    return None


def _board_empty_on_both_sides(trf: Path) -> bool:
    """Whether a match of the file left one board empty on both sides (its two 300 records, TRF-2026:
    round, team, opponent, then each board's player, 0 for none, both 0 on that board). gacrux's checker
    looks up a game for every board and stops on such a board ("Program error", KeyError: 0), though
    the file is as TRF-2026 writes it (harness run seed 3201)."""
    boards: dict[tuple[int, int], list[int]] = {}
    opponents: dict[tuple[int, int], int] = {}
    for line in trf.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if fields[:1] == ["300"] and len(fields) >= 4 and all(f.isdigit() for f in fields[1:]):
            rnd, team, opponent = int(fields[1]), int(fields[2]), int(fields[3])
            boards[(rnd, team)], opponents[(rnd, team)] = [int(f) for f in fields[4:]], opponent
    return any(mine[i] == 0 and theirs[i] == 0 for (rnd, team), mine in boards.items()
               if (theirs := boards.get((rnd, opponents[(rnd, team)]))) is not None
               for i in range(min(len(mine), len(theirs))))


def _open(result: str) -> bool:
    """No result yet, or a game still being played (``*``: bbpPairings cannot read the TRF's ``X``)."""
    return result.strip() in ("", "*")


def complete(folder: Path, last: int) -> bool:
    """Whether every board of every round has its result (the checkers read finished rounds)."""
    for number in range(1, last + 1):
        forfeited = False
        for row in round_rows(folder, number):
            if "match" in row:
                if not row["board"].strip():
                    forfeited = bool(row["result"].strip())
                elif row["match"].strip() and row["first"].strip() and row["second"].strip() \
                        and _open(row["result"]) and not forfeited:
                    return False
            elif row["black"].strip() and _open(row["result"]):
                return False
    return True


_SEEN: dict[str, str] = {}


def check_with_engines(folder: Path, trf: Path | None, checkable: set[int]) -> list[str]:
    """What the engines pair otherwise than the folder, in the rounds ``checkable``."""
    system, team = settings(folder).get("system"), (folder / "teams.csv").is_file()
    if system != "swiss" or trf is None or not trf.is_file() or not checkable or not complete(folder, max(checkable)):
        return []
    digest = hashlib.sha256(trf.read_bytes() + repr(sorted(checkable)).encode()).hexdigest()
    if digest in _SEEN:
        return [_SEEN[digest]] if _SEEN[digest] else []
    if team:
        found = gacrux_differences(trf, folder)
        engine = "gacrux"
    elif shutil.which("bbpPairings"):
        found = bbp_differences(trf)
        engine = "bbpPairings"
    else:
        return []
    if isinstance(found, str):
        problems = [found]
    else:
        problems = [f"{engine} pairs round {n} otherwise: {text[:300]}" for n, text in sorted(found.items())
                    if n in checkable]
    _SEEN[digest] = "; ".join(problems)
    return problems
