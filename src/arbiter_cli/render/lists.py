"""The rating lists as people and scripts see them: the lists loaded, the players found in them,
and the changes ``player update-ratings`` makes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter_cli.ratings.fide_list import ListRecord
from arbiter_cli.render.output import Column, View, text_cell

__all__ = ["lists_view", "found_view", "rating_changes_view", "RECORD_KEYS"]

#: A found player's keys, in the order of CSV and JSON: every field of the list.
RECORD_KEYS = ("fide_id", "national_id", "name", "federation", "sex", "title", "w_title", "o_title", "foa_title",
               "standard_rating", "standard_games", "standard_k", "rapid_rating", "rapid_games", "rapid_k",
               "blitz_rating", "blitz_games", "blitz_k", "national_rating", "birth_year", "flag")
_HEADERS = {"list": "List", "fide_id": "FIDE ID", "national_id": "Nat. ID", "name": "Name", "federation": "Fed",
            "sex": "Sex", "title": "Tit", "w_title": "WTit", "o_title": "OTit", "foa_title": "FOA",
            "standard_rating": "Std", "standard_games": "SGm", "standard_k": "SK", "rapid_rating": "Rapid",
            "rapid_games": "RGm", "rapid_k": "RK", "blitz_rating": "Blitz", "blitz_games": "BGm", "blitz_k": "BK",
            "national_rating": "Nat.", "birth_year": "Born", "flag": "Flag"}
_NUMBERS = {"fide_id", "standard_rating", "standard_games", "standard_k", "rapid_rating", "rapid_games", "rapid_k",
            "blitz_rating", "blitz_games", "blitz_k", "national_rating", "birth_year"}
#: The table's columns: the rest are in CSV and JSON only.
_SHOWN = ("list", "fide_id", "national_id", "name", "federation", "sex", "title", "w_title", "standard_rating",
          "standard_k", "rapid_rating", "rapid_k", "blitz_rating", "blitz_k", "national_rating", "birth_year", "flag")


def _record(list_name: str, record: ListRecord) -> dict[str, Any]:
    """A found player's values: an empty text, and a rating or K of 0 (not rated), are None; the
    games keep their 0."""
    values: dict[str, Any] = {"list": list_name}
    for key in RECORD_KEYS:
        value = getattr(record, key)
        values[key] = value if key.endswith("_games") else (value or None)
    return values


def found_view(query: str, found: Sequence[tuple[str, ListRecord]]) -> View:
    """The players found for ``query``: each with its list (``fide`` or a national list's name)."""
    records = [_record(name, record) for name, record in found]
    keys = ("list", *RECORD_KEYS)
    columns = [Column(key, _HEADERS[key], text_cell(key), "right" if key in _NUMBERS else "left", wrap=key == "name")
               for key in keys]
    hidden = frozenset(key for key in keys if key not in _SHOWN)
    optional = frozenset(key for key in _SHOWN if key not in ("fide_id", "name"))
    droppable = ("flag", "birth_year", "w_title", "sex", "blitz_k", "rapid_k", "standard_k", "national_id", "list")
    return View(f"rating lists: {query}", records, columns, hidden=hidden, optional=optional, droppable=droppable)


def lists_view(lists: Sequence[Any]) -> View:
    """The lists loaded (:class:`~arbiter_cli.store.rating_lists.LoadedList`)."""
    records = [{"list": item.name, "date": item.date, "players": item.players, "form": item.form,
                "source": item.source, "loaded": item.loaded} for item in lists]
    headers = {"list": "List", "date": "Date", "players": "Players", "form": "Form", "source": "Loaded from",
               "loaded": "Loaded (UTC)"}
    columns = [Column(key, header, text_cell(key), "right" if key == "players" else "left", wrap=key == "source")
               for key, header in headers.items()]
    return View("rating lists loaded", records, columns)


def rating_changes_view(title: str, rows: Sequence[dict[str, Any]]) -> View:
    """``player update-ratings``: each player's field that changes, old -> new."""
    headers = {"start_number": "No", "name": "Name", "fide_id": "FIDE ID", "field": "Field", "old": "Old",
               "new": "New"}
    columns = [Column(key, header, text_cell(key), "right" if key in ("start_number", "fide_id") else "left",
                      wrap=key == "name") for key, header in headers.items()]
    return View(title, [dict(row) for row in rows], columns)
