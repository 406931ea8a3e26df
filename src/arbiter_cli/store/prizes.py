"""``prizes.toml``: the prize fund of an event folder, read strictly (issue 18, "Prizes").

The file is the arbiter's (or a script's): commands read it and never rewrite it. A mistake in it
is a :class:`~arbiter_cli.core.errors.BrokenFolder` naming the file, the line and the field
(``prizes.toml, line 9, field 'category[2].rating_max'``), so that nothing is computed from a
fund that was not meant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from arbiter_cli.core.errors import BrokenFolder, pydantic_message
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.store.files import read_optional_text
from arbiter_cli.store.tournament import PRIZES_FILE, read_toml

__all__ = ["PRIZES_FILE", "read_prizes", "parse_prizes"]


def read_prizes(folder: Path, team: bool = False) -> PrizeTable | None:
    """The prize fund of the event in ``folder`` (``team``: a team event's); None when it has no
    ``prizes.toml``."""
    text = read_optional_text(folder / PRIZES_FILE, PRIZES_FILE)
    return None if text is None else parse_prizes(text, team=team)


def parse_prizes(text: str, source: str = PRIZES_FILE, team: bool = False) -> PrizeTable:
    """The prize fund in a ``prizes.toml`` text; the first mistake names the line and the field.
    A team event's has no ``[[category]]`` (its individual prizes are the board prizes), an
    individual event's no ``[[board]]`` nor ``board_share``."""
    table = read_toml(text, source)
    foreign = ("category",) if team else ("board", "board_share")
    for key in foreign:
        if key in table:
            what = "a team event's prizes are places (for teams) and [[board]] prizes" if team else \
                "board prizes are for team events"
            loc: tuple[object, ...] = (key, 0) if isinstance(table[key], list) else (key,)
            raise BrokenFolder(what, source=source, line=_line(text, loc), field=key)
    try:
        return PrizeTable.model_validate(table)
    except ValidationError as error:
        first = error.errors()[0]
        loc = tuple(first["loc"])
        message = "is missing" if first["type"] == "missing" else pydantic_message(first)
        raise BrokenFolder(message, source=source, line=_line(text, loc), field=_field(loc)) from None


def _field(loc: Sequence[object]) -> str | None:
    """``('category', 1, 'rating_max')`` -> ``category[2].rating_max`` (the tables counted from 1, as
    a person counts them in the file)."""
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            if parts:
                parts[-1] += f"[{part + 1}]"
        else:
            parts.append(str(part))
    return ".".join(parts) or None


def _line(text: str, loc: Sequence[object]) -> int | None:
    """The line of the key ``loc`` names: a top-level key, or a key inside the n-th ``[[table]]``
    (the table's header when the key is missing)."""
    lines = text.splitlines()
    if not loc:
        return None
    key = str(loc[0])
    if len(loc) >= 2 and isinstance(loc[1], int) and key in ("category", "board"):
        headers = [n for n, line in enumerate(lines, start=1) if line.strip() == f"[[{key}]]"]
        if loc[1] >= len(headers):
            return None
        start = headers[loc[1]]
        inner = str(loc[2]) if len(loc) > 2 else None
        for number in range(start + 1, len(lines) + 1):
            stripped = lines[number - 1].strip()
            if stripped.startswith("["):
                break
            if inner is not None and re.match(rf"{re.escape(inner)}\s*=", stripped):
                return number
        return start
    in_table = False
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            in_table = True
        if not in_table and re.match(rf"{re.escape(key)}\s*=", stripped):
            return number
    return None
