"""``export`` then ``import`` gives the same event, or the loss is on a short documented list that
``export`` warns of by name; and ``trf standings`` on the export equals ``standings``.

Compared, by the names of players and teams (numbers may be given afresh): every row of
``standings -f json`` (points, match and game points, the record, every tie-break, the rank),
the requested byes, each round's byes, the withdrawals, and the status.

:data:`LOSSES` is the documented list (docs/harness.md, "What an export may lose"): each
warning ``export`` may print, and what it allows to differ after the import. A warning that is
not on the list is itself a violation: an undocumented loss.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from harness import views
from harness.files import round_numbers
from harness.runs import said
from robustness._support import run_here

__all__ = ["LOSSES", "LOSS_PHRASES", "SETTING_LOSSES", "allowed_losses", "roundtrip_violations", "TRF_STANDINGS", "ROUNDTRIP"]

#: The start of each warning ``export`` may print -> what it allows to differ after the import.
LOSSES: dict[str, frozenset[str]] = {
    "not in a TRF, so not exported: the settings": frozenset(),  # see SETTING_LOSSES
    "withdrawals are not exported": frozenset({"withdrawals"}),
    "team withdrawals are not exported": frozenset({"withdrawals"}),
    "withdrawn players are written as absent": frozenset(),
    "withdrawn teams are written as absent": frozenset(),
    "late entries are exported as players with byes in the rounds they missed": frozenset(),
    "late entries are exported as teams with zero-point byes (240 Z) in the rounds they missed": frozenset(),
    "the 'excused' notes of forfeits are not exported": frozenset(),
    # the mark of a game the next round was paired on while it was unfinished: nothing compared
    "the 'adjourned' notes": frozenset(),
    "players' clubs are not exported": frozenset(),
    "players' K factors are not exported": frozenset(),
    "the ratings of club members are their club ratings": frozenset(),
    "the line-ups given for rounds not yet paired are not exported": frozenset(),
    # the harness copies prizes.toml into the imported folder itself
    "prizes.toml is not exported": frozenset(),
    # a match forfeit keeps the boards under it, counting for nothing; the forfeit (330) is exported
    "the board results kept under a match forfeit are not exported": frozenset(),
    "the line-ups kept under a match forfeit are not exported": frozenset(),
    # no round after the last holds a 240 Z: the withdrawal does not survive, the standings do
    "the withdrawal of ": frozenset({"withdrawals"}),
    # a withdrawal after half the games (or one a stage cannot mark): the games are in the file
    "the withdrawals of ": frozenset({"withdrawals"}),
    # a round robin whose every player the half rule leaves out: the file ranks nobody, and is read as
    # it stands (harness seed 4207): nothing of the standings is compared
    "every player withdrew having played fewer than half of their games": frozenset({"withdrawals", "standings"}),
    # a knockout's file holds its games, not its matches (the docs, "Knockout events"): import and
    # trf standings refuse it; export must say so by name
    "the knockout's matches, bracket and tie-break stages are not in a TRF": frozenset({"not read back"}),
    "a knockout is exported as its games": frozenset({"not read back"}),
    # issue 27: national ratings and the starting-rank method need the rating federation (172, NRS);
    # neither changes what is compared (the start numbers are the file's)
    "the national ratings": frozenset(),
    "the starting-rank method": frozenset(),
}

#: A phrase inside a warning that starts with a name -> what it allows to differ: a TRF has no
#: withdrawal record, so zero-point byes to the end are read back as a withdrawal (README, TRF).
LOSS_PHRASES: dict[str, frozenset[str]] = {
    "zero-point byes in every round from round": frozenset({"withdrawals", "requested byes"}),
    "comes back as requested zero-point byes from round": frozenset({"withdrawals", "requested byes"}),
    "requested zero-point byes before it are read as part of the withdrawal": frozenset({"withdrawals", "requested byes"}),
}

#: A setting named in the "not in a TRF" warning -> what it allows to differ.
SETTING_LOSSES: dict[str, frozenset[str]] = {
    "finalised_on": frozenset({"status"}),
    "tiebreak_lots": frozenset({"ranks"}),
    "rank_withdrawn": frozenset({"ranks"}),  # withdrawn players unranked: the file ranks them (harness seed 3703)
    "tiebreak_rules": frozenset({"tiebreaks", "ranks"}),
    "unrated_rating": frozenset({"tiebreaks", "ranks"}),
    "round_robin_withdrawal": frozenset({"points", "tiebreaks", "ranks"}),
    # a team round robin's 192 code says MP is primary: GP primary comes back as MP
    "team.primary": frozenset({"points", "tiebreaks", "ranks"}),
}


def allowed_losses(warnings: Iterable[str]) -> tuple[frozenset[str], list[str]]:
    """What the warnings allow to differ, and the warnings that are on no list."""
    allowed: set[str] = set()
    unknown = []
    for warning in warnings:
        text = warning.removeprefix("warning: ")
        start = next((s for s in LOSSES if text.startswith(s)), None)
        phrase = next((p for p in LOSS_PHRASES if p in text), None)
        if phrase is not None:
            allowed |= LOSS_PHRASES[phrase]
        if start is None and phrase is not None:
            continue
        if start is None:
            unknown.append(text)
            continue
        allowed |= LOSSES[start]
        if start.startswith("not in a TRF"):
            for setting in text[len(start):].split(","):
                allowed |= SETTING_LOSSES.get(setting.strip(), frozenset())
    return frozenset(allowed), unknown


def _rows(text: str) -> dict[str, dict[str, Any]]:
    """Standings JSON rows by name, without the numbers (given afresh by an import)."""
    data = json.loads(text)
    return {row["name"]: {k: v for k, v in row.items() if k not in ("start_number", "team_number")} for row in data}


def _differences(ours: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]], allowed: frozenset[str]
                 ) -> list[str]:
    if "standings" in allowed:
        return []
    out = []
    for name in sorted(ours.keys() | theirs.keys()):
        a, b = ours.get(name), theirs.get(name)
        if a is None or b is None:
            out.append(f"{name!r}: {'missing' if b is None else 'not in the original'}")
            continue
        for key in sorted(a.keys() | b.keys()):
            if key == "rank" and "ranks" in allowed or key == "tiebreaks" and "tiebreaks" in allowed:
                continue
            if key in ("points", "match_points", "game_points") and "points" in allowed:
                continue
            if a.get(key) != b.get(key):
                out.append(f"{name!r}: {key} {a.get(key)} -> {b.get(key)}")
    return out


TRF_STANDINGS = "trf standings on the export equals standings"
ROUNDTRIP = "export then import gives the event back"


def roundtrip_violations(folder: Path, scratch: Path, group: tuple[str, ...] = ()
                         ) -> tuple[list[tuple[str, str]], Path | None]:
    """Export ``folder`` (a group event's stage with ``group``), check the file against ``standings``
    and import it into ``scratch``; returns what is wrong (invariant, message), and the exported file."""
    found, trf = _roundtrip(folder, scratch, group)
    return [(TRF_STANDINGS if text.startswith("trf standings") else ROUNDTRIP, text) for text in found], trf


def _roundtrip(folder: Path, scratch: Path, group: tuple[str, ...]) -> tuple[list[str], Path | None]:
    scratch.mkdir(parents=True, exist_ok=True)
    trf = scratch / "export.trf"
    trf.unlink(missing_ok=True)
    out: list[str] = []
    standings = run_here("-d", folder, "standings", *group, "-f", "json")
    exported = run_here("-d", folder, "export", *group, "-o", trf)
    if exported.code != 0:
        return [f"export refused: {said(exported)}"], None
    warnings = [line for line in exported.err.splitlines() if line.startswith("warning: ")]
    allowed, unknown = allowed_losses(warnings)
    out += [f"export warns of a loss not on the documented list: {text}" for text in unknown]
    if standings.code != 0:
        return out + [f"standings refused: {said(standings)}"], trf
    ours = _rows(standings.out)
    # trf standings on the export equals standings
    from_file = run_here("trf", "standings", trf, "-f", "json")
    if from_file.code != 0:
        if "not read back" not in allowed:
            out.append(f"trf standings refuses the export: {said(from_file)}")
    else:
        out += [f"trf standings of the export differs from standings: {d}"
                for d in _differences(ours, _rows(from_file.out), allowed)[:6]]
    # import gives the same event back
    target = scratch / "imported"
    if target.exists():
        shutil.rmtree(target)
    imported = run_here("import", trf, target)
    if imported.code != 0:
        if "not read back" in allowed:
            return out, trf
        return out + [f"import of the export refused (and export warned of nothing of the kind): "
                      f"{said(imported)}"], trf
    again = run_here("-d", target, "standings", "-f", "json")
    if again.code != 0:
        return out + [f"standings of the imported folder refused: {said(again)}"], trf
    out += [f"standings after export and import differ: {d}" for d in _differences(ours, _rows(again.out), allowed)[:6]]
    source = folder / "stages" / group[1] if group else folder
    out += _folder_differences(source, target, allowed)
    return out, trf


def _folder_differences(source: Path, target: Path, allowed: frozenset[str]) -> list[str]:
    out = []
    if "requested byes" not in allowed and views.requests(source) != views.requests(target):
        out.append(f"requested byes after export and import: {views.requests(source)} -> {views.requests(target)}")
    for number in round_numbers(source):
        # no entry in a round is a zero-point bye (the docs, "crosstable"; a team: core/team_tournament)
        then = {who: code for who, code in views.bye_rows(source, number).items() if code != "ZPB"}
        now = {who: code for who, code in views.bye_rows(target, number).items() if code != "ZPB"}
        if then != now:
            out.append(f"round {number} byes after export and import: {then} -> {now}")
    if "withdrawals" not in allowed and views.withdrawn(source) != views.withdrawn(target):
        out.append(f"withdrawals after export and import: {views.withdrawn(source)} -> {views.withdrawn(target)}")
    if "status" not in allowed and views.status(source) != views.status(target):
        out.append(f"status after export and import: {views.status(source)} -> {views.status(target)}")
    return out

