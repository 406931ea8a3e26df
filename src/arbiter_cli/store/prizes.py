"""``prizes.toml``: the prize fund of an event folder, read strictly (issue 18, "Prizes").

The file is the arbiter's (or a script's): commands read it and do not rewrite it. The one exception is
``arbiter settings set prizes.KEY VALUE`` (issue 27), which changes the line of that one top-level key
(:func:`prize_text_with`) and keeps every other line as the person wrote it. A mistake in it
is a :class:`~arbiter_cli.core.errors.BrokenFolder` naming the file, the line and the field
(``prizes.toml, line 9, field 'category[2].rating_max'``), so that nothing is computed from a
fund that was not meant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter_cli.core.errors import BrokenFolder, pydantic_message
from arbiter_cli.store.files import read_optional_text
from arbiter_cli.store.tournament import PRIZES_FILE, read_toml

__all__ = ["PRIZES_FILE", "read_prizes", "parse_prizes", "prize_text_with", "open_categories"]


if TYPE_CHECKING:  # the fund's model (pydantic) loads when a fund is read (start-up, issue 29: verify)
    from arbiter_cli.core.prizes import PrizeTable


def read_prizes(folder: Path, team: bool = False) -> PrizeTable | None:
    """The prize fund of the event in ``folder`` (``team``: a team event's); None when it has no
    ``prizes.toml``."""
    text = read_optional_text(folder / PRIZES_FILE, PRIZES_FILE)
    return None if text is None else parse_prizes(text, team=team)


def parse_prizes(text: str, source: str = PRIZES_FILE, team: bool = False) -> PrizeTable:
    """The prize fund in a ``prizes.toml`` text; the first mistake names the line and the field.
    A team event's has no ``[[category]]`` (its individual prizes are the board prizes), an
    individual event's no ``[[board]]`` nor ``board_share``."""
    listed = ("board",) if team else ("category",)  # the lists of tables a person may write [one] for
    for key in listed:  # before TOML reads it: [category] then [[category]] is a TOML error of its own
        if (line := _table_line(text, key, inline=False)) is not None:
            raise _one_table(key, source, line)
    table = read_toml(text, source)
    foreign = ("category",) if team else ("board", "board_share")
    for key in foreign:
        if key in table:
            what = "a team event's prizes are places (for teams) and [[board]] prizes" if team else \
                "board prizes are for team events"
            loc: tuple[object, ...] = (key, 0) if isinstance(table[key], list) else (key,)
            raise BrokenFolder(what, source=source, line=_line(text, loc), field=key)
    for key in listed:
        if isinstance(table.get(key), dict):  # category = {...}: one table for a list of them
            raise _one_table(key, source, _table_line(text, key))
    from pydantic import ValidationError

    from arbiter_cli.core.prizes import PrizeTable

    try:
        return PrizeTable.model_validate(table)
    except ValidationError as error:
        first = error.errors()[0]
        loc = tuple(first["loc"])
        message = "is missing" if first["type"] == "missing" else pydantic_message(first)
        raise BrokenFolder(message, source=source, line=_line(text, loc), field=_field(loc)) from None


def open_categories(folder: Path, table: PrizeTable | None) -> list[str]:
    """Of the prize fund ``table`` read from ``folder``'s ``prizes.toml``, the categories with no
    condition, open to every player (a condition forgotten?): one line each, naming the file, the
    line and the field, for a warning; nothing is refused, as an open category may be meant."""
    categories = table.category if table is not None else ()
    open_ones = [index for index, category in enumerate(categories) if category.open_to_all]
    text = read_optional_text(folder / PRIZES_FILE, PRIZES_FILE) if open_ones else None
    if text is None:
        return []
    from arbiter_cli.core.prizes import CONDITIONS

    lines = {index: _line(text, ("category", index)) for index in open_ones}
    return [f"{PRIZES_FILE}{'' if lines[index] is None else f', line {lines[index]}'}, field 'category[{index + 1}]': "
            f"{categories[index].name!r} has no condition ({', '.join(CONDITIONS)}): every player may take it"
            for index in open_ones]


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
        if loc[1] >= len(headers):  # written inline (category = [{...}, ...]): the line of the key
            return _line(text, (key,)) if not headers else None
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


def _one_table(key: str, source: str, line: int | None) -> BrokenFolder:
    """``[category]`` written for ``[[category]]``: what to write instead (issue 30)."""
    return BrokenFolder(f"[{key}] is one table, but each {key} is an entry of a list: write [[{key}]], with two "
                        f"brackets, over each {key}", source=source, line=line, field=key)


def _table_line(text: str, key: str, inline: bool = True) -> int | None:
    """The line of the table header ``[key]`` (one bracket; ``inline``: or of ``key = ...``)."""
    header = rf"\[\s*{re.escape(key)}\s*\]\s*(#.*)?$"
    pattern = re.compile(rf"\s*({header}|{re.escape(key)}\s*=)" if inline else rf"\s*{header}")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def prize_text_with(text: str, key: str, value: Any) -> str:
    """``prizes.toml``'s ``text`` with the top-level ``key`` set to ``value`` (a text, a number, a
    list of them; None: the key removed, so that its default holds), on one line of its own, where
    the key was written (a list over several lines replaced whole; the comment after a value on one
    line kept), else after the last top-level key. Every other line, comments included, stays as written.

    >>> print(prize_text_with('# the fund\\nsplit = "shared"  # as announced\\nplaces = [\\n  100,\\n  50]\\n', "places",
    ...                       [200, "12.50"]), end="")
    # the fund
    split = "shared"  # as announced
    places = [200, "12.50"]
    >>> print(prize_text_with('split = "shared"  # as announced\\n', "split", "hort"), end="")
    split = "hort"  # as announced
    >>> print(prize_text_with('places = [100]\\n[[category]]\\nname = "Women"\\n', "split", "hort"), end="")
    places = [100]
    split = "hort"
    [[category]]
    name = "Women"
    """
    lines = text.splitlines()
    start, end, last = None, None, 0
    number = 0
    while number < len(lines):
        stripped = lines[number].strip()
        if stripped.startswith("["):
            break
        found = re.match(r"([A-Za-z0-9_-]+)\s*=(.*)$", stripped)
        if found is None:
            number += 1
            continue
        stop = number + _value_lines(lines, number, found.group(2))
        if found.group(1) == key:
            start, end = number, stop
        last = stop
        number = stop
    line = [] if value is None else [f"{key} = {_toml_value(value)}"]
    if start is not None and end is not None:
        comment = _comment(lines[start]) if end == start + 1 else ""
        lines[start:end] = [text + comment for text in line]
    else:
        lines[last:last] = line
    return "\n".join(lines) + "\n"


def _value_lines(lines: Sequence[str], number: int, value: str) -> int:
    """How many lines the value that starts on line ``number`` (its text after ``=``: ``value``) takes:
    one, or those of a list up to its closing bracket."""
    depth, taken = 0, 0
    text = value
    while True:
        quote = ""
        for char in text:
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char == "#":
                break
            elif char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
        taken += 1
        if depth <= 0 or number + taken >= len(lines):
            return taken
        text = lines[number + taken]


def _comment(line: str) -> str:
    """The comment at the end of a line of TOML (``  # as announced``), with the spaces before it."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[len(line[:index].rstrip()):]
    return ""


def _toml_value(value: Any) -> str:
    """A value as one line of TOML (a list inline)."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    import tomli_w  # a change of the prize fund only (start-up, issue 29)

    return tomli_w.dumps({"v": value}).strip()[len("v = "):]
