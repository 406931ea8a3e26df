"""The harness's own reading of a folder's plain files, with ``csv`` and ``tomllib`` only.

Nothing here imports arbiter: it is the second reader that the commands' outputs are held
against (the docs, "The tournament folder": the formats of ``tournament.toml``, ``players.csv``,
``teams.csv``, ``rounds/NN.csv``, ``byes.csv``, ``team_byes.csv`` and ``journal.csv``).
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["Row", "rows", "settings", "points", "round_numbers", "round_rows", "names", "team_names",
           "stores", "JournalRow", "journal_rows", "is_team", "is_knockout", "is_groups", "is_club"]

Row = dict[str, str]

#: What a spreadsheet runs as a formula; a folder's CSV writes such a text with a single quote in front
#: (docs/reference/folder.md), and a reader takes it off.
_QUOTED_FORMULA = re.compile(r"^'+[=+\-@\t\r]")


def unquoted(cell: str) -> str:
    """A folder's CSV cell as the text it stands for: a quote in front of a formula taken off."""
    return cell[1:] if _QUOTED_FORMULA.match(cell) else cell


def _read(text: str) -> list[Row]:
    return [{key: unquoted(value) if isinstance(value, str) else value for key, value in row.items()}
            for row in csv.DictReader(io.StringIO(text))]


def rows(path: Path) -> list[Row]:
    """The rows of a CSV file with a header (no file: no rows)."""
    if not path.is_file():
        return []
    return _read(path.read_text(encoding="utf-8-sig"))


def settings(folder: Path) -> dict[str, Any]:
    """``tournament.toml`` (or a club's ``club.toml``) as TOML."""
    for name in ("tournament.toml", "club.toml"):
        path = folder / name
        if path.is_file():
            return tomllib.loads(path.read_text(encoding="utf-8"))
    return {}


_MIXED = re.compile(r"^(\d*)\s*½$")


def points(value: object) -> Fraction:
    """Points as the folder writes them (1, 0.5, "1/2", "½", "2½") or a JSON number, exactly."""
    if isinstance(value, bool):
        raise ValueError(f"not points: {value!r}")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    text = str(value).strip()
    mixed = _MIXED.match(text)
    if mixed:
        return Fraction(int(mixed.group(1) or 0)) + Fraction(1, 2)
    return Fraction(text)


def round_numbers(folder: Path) -> list[int]:
    """The paired rounds: the numbers of ``rounds/NN.csv``."""
    directory = folder / "rounds"
    if not directory.is_dir():
        return []
    return sorted(int(p.stem) for p in directory.glob("*.csv") if p.stem.isdigit())


def round_rows(folder: Path, number: int) -> list[Row]:
    return rows(folder / "rounds" / f"{number:02d}.csv")


def names(folder: Path) -> dict[int, str]:
    """Start number -> name, from ``players.csv``."""
    return {int(r["start_number"]): r["name"] for r in rows(folder / "players.csv")}


def team_names(folder: Path) -> dict[int, str]:
    """Team number -> name, from ``teams.csv``."""
    return {int(r["number"]): r["name"] for r in rows(folder / "teams.csv")}


def is_team(folder: Path) -> bool:
    return (folder / "teams.csv").is_file()


def is_knockout(folder: Path) -> bool:
    return settings(folder).get("system") == "knockout"


def is_groups(folder: Path) -> bool:
    return settings(folder).get("system") == "groups"


def is_club(folder: Path) -> bool:
    return (folder / "club.toml").is_file()


def stores(files: Mapping[str, bytes]) -> list[str]:
    """The folders of a tree that keep their own journal (an event, a stage, a club's tournament,
    the club): each is written all or nothing, on its own. '' is the top folder."""
    out = []
    for name in files:
        if name == "journal.csv":
            out.append("")
        elif name.endswith("/journal.csv"):
            out.append(name.removesuffix("/journal.csv"))
    return sorted(out)


@dataclass(frozen=True)
class JournalRow:
    """One line of ``journal.csv``: time, command, change, old, new, by."""

    time: str
    command: str
    change: str
    old: str
    new: str


def journal_rows(data: bytes) -> list[JournalRow]:
    reader = _read(data.decode("utf-8-sig"))
    return [JournalRow(r.get("time", ""), r.get("command", ""), r.get("change", ""), r.get("old", ""),
                       r.get("new", "")) for r in reader]
