"""``arbiter settings``: an event's settings as a table, CSV or JSON (issue 27).

One row a key: ``key``, ``value`` (as ``settings set`` takes it; in JSON typed: true/false, numbers,
lists, null), ``default``, ``changes`` (when it may change: any time, until finalised, for rounds
not yet paired, before round 1, by its own command), ``now`` (whether it may change now) and
``description``. The table shows Key, Value, Changes (``(fixed now)`` when it may not change now)
and Description; ``default`` and ``now`` are in CSV and JSON only. In a narrow console the Changes
words are shortened, then Description wraps, then Value wraps between its items (a list is shown
``BH/C1, BH, SB``), never inside a date or a number; Key never wraps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter_cli.core.setting_keys import plain, shown
from arbiter_cli.lifecycle.settings import Listed, When
from arbiter_cli.render.output import Column, View, text_cell

__all__ = ["settings_view"]

#: The Changes words in a narrow console.
_SHORT = {When.ANY_TIME: "any time", When.UNTIL_FINALISED: "to finalise", When.UNPAIRED_ROUNDS: "new rounds",
          When.BEFORE_PAIRING: "before rd 1", When.OWN_COMMAND: "own command"}


def settings_view(title: str, rows: Sequence[Listed]) -> View:
    """The settings ``rows`` (:func:`arbiter_cli.lifecycle.settings.listing`) as a view."""
    records = [{"key": row.key, "value": plain(row.value), "default": plain(row.default), "changes": row.when.value,
                "now": row.now, "description": row.about, "_value": shown(row.value), "_default": shown(row.default),
                "_table": ", ".join(shown(item) for item in row.value) if isinstance(row.value, (tuple, list))
                else shown(row.value), "_when": row.when}
               for row in rows]

    def csv_value(record: dict[str, Any], key: str) -> Any:
        return record[f"_{key}"] if key in ("value", "default") else record.get(key)

    columns = [Column("key", "Key", text_cell("key")),
               Column("value", "Value", text_cell("_table"), wrap=True, fold=False),
               Column("default", "Default", text_cell("_default")),
               Column("changes", "Changes", lambda r: r["changes"] + ("" if r["now"] else " (fixed now)"), narrower=(
                   lambda r: _SHORT[r["_when"]] + ("" if r["now"] else " (fixed)"),
                   lambda r: _SHORT[r["_when"]] if r["now"] else "fixed now")),
               Column("now", "Now", lambda r: "yes" if r["now"] else "no"),
               Column("description", "Description", text_cell("description"), wrap=True)]
    view = View(title, records, columns, csv_value)
    view.hidden = frozenset({"default", "now"})
    return view
