"""A group event's views (issue 18, group stages): the groups, the qualifiers, and the standings
of every stage in one table for scripts.

Each stage's own standings are the ordinary :func:`~arbiter_cli.render.views.standings_view`;
:func:`stages_view` puts them one after the other with a ``stage`` column (``A``, ``B``, ...,
``final``) for ``--format csv``, and :func:`stages_json` nests them for ``--format json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from arbiter_cli.core.model import Player
from arbiter_cli.render.output import Column, Format, View, text_cell, view_text

if TYPE_CHECKING:
    from arbiter_cli.lifecycle.group_stages import Qualifier

__all__ = ["with_event_numbers", "groups_view", "qualifiers_view", "stages_view", "stages_json"]


def groups_view(title: str, groups: Mapping[str, Sequence[Player]]) -> View:
    """Who plays in which group: each group's players in seeding order, by their start numbers in
    the event (``seed``: the place in the group, which is the group's pairing number when numbered
    by rating)."""
    records: list[dict[str, Any]] = []
    for name, players in groups.items():
        for seed, player in enumerate(players, start=1):
            records.append({"group": name, "seed": seed, "start_number": player.start_number, "name": player.name,
                            "title": player.title, "rating": player.rating or None})
    columns = [
        Column("group", "Group", text_cell("group")),
        Column("seed", "Seed", text_cell("seed"), "right"),
        Column("start_number", "No", text_cell("start_number"), "right"),
        Column("title", "Title", text_cell("title")),
        Column("name", "Name", text_cell("name"), wrap=True),
        Column("rating", "Rating", text_cell("rating"), "right"),
    ]
    return View(title, records, columns, optional=frozenset({"title", "rating"}))


def qualifiers_view(title: str, seeded: Sequence[Qualifier], numbers: Sequence[int | None] = ()) -> View:
    """The final's players in seeding order (their start numbers in the final) and where they
    came from; for scripts (CSV, JSON), each one's ``event_number`` too (``numbers``, in the
    same order: their start numbers in the event)."""
    records = [{"seed": i, "event_number": numbers[i - 1] if i <= len(numbers) else None, "group": q.group,
                "place": q.place, "name": q.player.name, "title": q.player.title,
                "rating": q.player.rating or None} for i, q in enumerate(seeded, start=1)]
    columns = [
        Column("seed", "Seed", text_cell("seed"), "right"),
        Column("event_number", "", text_cell("event_number")),
        Column("title", "Title", text_cell("title")),
        Column("name", "Name", text_cell("name"), wrap=True),
        Column("rating", "Rating", text_cell("rating"), "right"),
        Column("group", "Group", text_cell("group")),
        Column("place", "Place", text_cell("place"), "right"),
    ]
    view = View(title, records, columns, optional=frozenset({"title", "rating"}))
    view.hidden = view.hidden | {"event_number"}
    return view


def stages_view(views: Mapping[str, View]) -> View:
    """The stages' standings as one CSV: a ``stage`` column, then each stage's columns (every
    round-robin stage of one event announces the same tie-breaks, so their columns agree; a
    knockout final's own columns, such as the round reached, come after them, empty for the groups)."""
    first = next(iter(views.values()))
    columns = [Column("stage", "Stage", text_cell("stage")), *first.columns]
    for view in views.values():
        columns += [c for c in view.columns if c.key not in {k.key for k in columns}]
    records: list[dict[str, Any]] = []
    for stage, view in views.items():
        records += [{"stage": stage, **record} for record in view.records]

    def cell(record: dict[str, Any], key: str) -> Any:
        if key == "stage":
            return record["stage"]
        view = views[record["stage"]]
        if key not in {c.key for c in view.columns}:
            return ""
        value = view.csv_value(record, key) if view.csv_value is not None else record.get(key)
        return "" if value is None else value

    return View(first.title, records, columns, cell)


def stages_json(views: Mapping[str, View], after_rounds: Mapping[str, int]) -> str:
    """The stages' standings for scripts: a list of ``{"stage", "after_round", "standings"}``."""
    data = [{"stage": stage, "after_round": after_rounds[stage], "standings": json.loads(view_text(view, Format.json))}
            for stage, view in views.items()]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def with_event_numbers(view: View, numbers: Mapping[int, int]) -> None:
    """A stage's standings for scripts: each row's ``event_number`` (the player's number in the
    event, ``numbers``: stage number -> event number) after the stage's own ``start_number``, in
    CSV and JSON only."""
    view.records = [{**r, "event_number": numbers.get(r["start_number"])} for r in view.records]
    at = next(i for i, c in enumerate(view.columns) if c.key == "start_number") + 1
    view.columns.insert(at, Column("event_number", "", text_cell("event_number")))
    view.hidden = view.hidden | {"event_number"}
