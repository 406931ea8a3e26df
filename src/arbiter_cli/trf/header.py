"""The header records a folder keeps, read into its settings: 012 name, 022 place, 032 federation,
042 and 052 dates, 102 chief arbiter, 122 (or 222) time control and 132 round dates
(fide-rules.md §8). Shared by the importer of individual events (:mod:`.importer`) and of team
events (:mod:`.team_folder`). Pure: text in, values out.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping

from arbiter_cli.core.errors import pydantic_message
from arbiter_cli.core.model import Settings
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile

__all__ = ["parse_trf_date", "header_settings"]

_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), start=1)}


def parse_trf_date(text: str, century: int = 2000) -> str | None:
    """A TRF date in any of the forms met in practice, as ``YYYY-MM-DD``; None if unreadable.

    >>> [parse_trf_date(t) for t in ("2024/07/19", "28. 07. 2005", "May 29, 2020", "24/01/06", "1969.12.06", "x")]
    ['2024-07-19', '2005-07-28', '2020-05-29', '2024-01-06', '1969-12-06', None]
    """
    text = text.strip()
    if not text:
        return None
    day = month = year = None
    if m := re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})", text):
        year, month, day = (int(g) for g in m.groups())
    elif m := re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})", text):
        day, month, year = (int(g) for g in m.groups())
    elif m := re.fullmatch(r"(\d{2})/(\d{2})/(\d{2})", text):
        year, month, day = century + int(m.group(1)), int(m.group(2)), int(m.group(3))
    elif m := re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", text):
        month, day, year = _MONTHS.get(m.group(1).lower()), int(m.group(2)), int(m.group(3))
    if day is None or month is None or year is None:
        return None
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def header_settings(trf: TrfFile, notes: Notes, default_name: str, total: int, values: Mapping[str, object]
                    ) -> Settings:
    """The settings of the header records a folder keeps (012 name, 022 place, 032 federation, 042
    and 052 dates, 102 chief arbiter, 122 or 222 time control, 132 the dates of the ``total``
    rounds) with ``values``, the settings the caller read (system, rounds, scoring...); what
    cannot be kept is a warning, a text the settings refuse a :class:`TrfError` on its line."""

    def first(code: str) -> str:
        return (trf.header.get(code) or ("",))[0].strip()

    name = first("012")
    if not name:
        notes.add("name", f"no tournament name (012): named {default_name!r}")
        name = default_name
    dates = {}
    for code in ("042", "052"):
        text = first(code)
        dates[code] = parse_trf_date(text) if text else None
        if text and dates[code] is None:
            notes.add(f"date-{code}", f"line {trf.header_lines[code][0]}: {text!r} is not a date: left out")
    if dates["042"] and dates["052"] and dates["052"] < dates["042"]:
        notes.add("end", f"line {trf.header_lines['052'][0]}: the end date is before the start date: left out")
        dates["052"] = None
    federation = first("032").upper()
    if federation and not re.fullmatch(r"[A-Z]{3}", federation):
        notes.add("fed", f"line {trf.header_lines['032'][0]}: {first('032')!r} is not a federation code: left out")
        federation = ""
    time_control = first("122")
    if "222" in trf.header:
        if time_control:
            notes.add("222", f"line {trf.header_lines['222'][0]}: the coded time control (222) is not kept; "
                             "the text of 122 is")
        else:
            time_control = first("222")
    from pydantic import ValidationError  # the header is checked (start-up, issue 29: an export needs none)

    try:
        return Settings.model_validate({
            "name": name, "place": first("022"), "federation": federation, "start_date": dates["042"],
            "end_date": dates["052"], "chief_arbiter": first("102"), "time_control": time_control,
            "round_dates": _round_dates(trf, notes, total, dates["042"]), **values})
    except ValidationError as error:  # a header text the reader let through (a control character)
        problem = error.errors()[0]
        key = str(problem["loc"][0]) if problem["loc"] else ""
        code = {"name": "012", "place": "022", "chief_arbiter": "102", "time_control": "122"}.get(key, "")
        line = trf.header_lines[code][0] if code in trf.header_lines else None
        raise TrfError(pydantic_message(problem), line, code or key or None) from None


def _round_dates(trf: TrfFile, notes: Notes, total: int, start: str | None) -> tuple[str, ...] | None:
    if "132" not in trf.header:
        return None
    line = trf.header_lines["132"][0]
    raw = trf.header["132"][0]
    century = int(start[:2]) * 100 if start else 2000
    dates: list[str] = []
    column = 87  # col 92 of the line; the record's text starts at col 5
    while column < len(raw):
        text = raw[column:column + 8].strip()
        column += 10
        if not text:
            dates.append("")
            continue
        dates.append(parse_trf_date(text, century) or "")
    if any(text and not date for text, date in zip(_columns(raw), dates)):
        tokens = raw[60:].split()
        parsed = [parse_trf_date(t, century) for t in tokens]
        if tokens and all(parsed):
            notes.add("132-columns", f"line {line}: the round dates are not in their columns (92-99, 102-109, "
                                         "...): read in order")
            dates = [d for d in parsed if d]
        else:
            notes.add("132", f"line {line}: round dates that are not dates YY/MM/DD are left out")
    while dates and not dates[-1]:
        dates.pop()
    if len(dates) > total:
        notes.add("132-extra", f"line {line}: {len(dates)} round dates for {total} rounds: the extra ones "
                                   "are left out")
        dates = dates[:total]
    return tuple(dates) if dates else None


def _columns(raw: str) -> list[str]:
    """The texts of record 132's round columns (cols 92-99, 102-109, ...)."""
    return [raw[c:c + 8].strip() for c in range(87, len(raw), 10)]
