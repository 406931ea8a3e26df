"""The views of a folder's history and soundness: ``arbiter log`` and ``arbiter verify``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter_cli.lifecycle.change import Recorded
from arbiter_cli.lifecycle.integrity import Problem
from arbiter_cli.render.output import Column, View, text_cell

__all__ = ["log_view", "problems_view"]


def log_view(title: str, entries: Sequence[Recorded]) -> View:
    """The journal's entries, oldest first: when, who, what changed from what to what, and the command."""
    records: list[dict[str, Any]] = [{"time": e.time, "by": e.by, "change": e.change.change, "old": e.change.old,
                                      "new": e.change.new, "command": e.command} for e in entries]
    columns = [Column("time", "Time", text_cell("time")), Column("by", "By", text_cell("by")),
               Column("change", "Change", text_cell("change"), wrap=True), Column("old", "Old", text_cell("old")),
               Column("new", "New", text_cell("new"), wrap=True),
               Column("command", "Command", text_cell("command"), wrap=True)]
    return View(title, records, columns, optional=frozenset({"by", "old"}), droppable=("command",))


def problems_view(title: str, found: Sequence[Problem], edits: Sequence[tuple[str, str]]) -> View:
    """Each problem (file, line, field, what is wrong), then each file edited by hand, with the last
    change of its folder (``(name, after)``)."""
    records: list[dict[str, Any]] = [{"file": p.file, "line": p.line, "field": p.field, "kind": p.severity,
                                      "message": p.message} for p in found]
    records += [{"file": name.split(" ")[0], "line": None, "field": None, "kind": "hand edit",
                 "message": f"changed outside arbiter after {after}" + (f" ({name.split(' ', 1)[1].strip('()')})"
                                                                       if " " in name else "")}
                for name, after in edits]
    columns = [Column("file", "File", text_cell("file")), Column("line", "Line", text_cell("line"), "right"),
               Column("field", "Field", text_cell("field")), Column("kind", "Kind", text_cell("kind")),
               Column("message", "Problem", text_cell("message"), wrap=True)]
    return View(title, records, columns, optional=frozenset({"line", "field"}))
