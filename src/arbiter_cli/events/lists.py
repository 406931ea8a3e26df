"""``arbiter lists load|find|show``: the rating lists kept in the user's data folder (not an
event's folder), loaded, searched and listed (:mod:`arbiter_cli.store.rating_lists`)."""

from __future__ import annotations

from pathlib import Path

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.events.base import Caller

__all__ = ["load", "find", "show"]

#: The most players counted beyond ``--limit`` to say how many more match.
_MORE = 1000


def load(caller: Caller, source: str, national: str | None, mapping: str | None, date: str | None) -> None:
    """Load FIDE's list (TXT or XML, or a ZIP of either) or, with ``national``, a national list's
    CSV read by ``mapping`` (``--map``): the previous load of the same list is replaced whole."""
    import datetime as dt

    from arbiter_cli.ratings.fide_list import parse_mapping
    from arbiter_cli.store.rating_lists import data_dir, load_list, previous_load

    if mapping is not None and national is None:
        raise BadArgument("--map names the columns of a national list; give --national NAME too", field="--map")
    columns = parse_mapping(mapping) if national is not None else None
    if date is not None:
        try:
            date = dt.date.fromisoformat(date if len(date) > 7 else f"{date}-01").isoformat()
        except ValueError:
            raise BadArgument(f"{date!r} is not a date (YYYY-MM-DD or YYYY-MM)", field="--date") from None
    path = Path(source)
    previous = previous_load(national)
    with caller.progress(f"loading {path.name}", 1) as step:  # the store gives the size as it reads
        loaded = load_list(path, national=national, mapping=columns, date=date, progress=step)
    caller.say(f"loaded {loaded.label}: {loaded.players:,} players from {source} ({loaded.form.upper()}), "
               f"in {data_dir()}")
    if previous is not None and loaded.date < previous.date:
        caller.say(f"note: it replaced a newer list, of {previous.date}: the list in force when an event starts is "
                   "the latest one dated before it (C.04.2 2.1); load the newer one again if this was a mistake")


def find(caller: Caller, query: str, limit: int) -> None:
    """The players of the loaded lists found by FIDE ID (or national id) or name."""
    from arbiter_cli.render.lists import found_view
    from arbiter_cli.store.rating_lists import open_lists, require_lists

    if limit < 1:
        raise BadArgument("give 1 or more", field="--limit")
    with open_lists() as index:
        require_lists(index)
        found = index.search(query, limit + _MORE)
    found, more = found[:limit], len(found) - limit
    if not found:
        caller.say(f"note: no player of the loaded lists matches {query!r}")
    if more > 0:
        caller.say(f"note: {more}{'+' if more == _MORE else ''} more match; --limit {limit + more} shows them, or give "
                   "more of the name")
    caller.show(found_view(query, [(item.list.name, item.record) for item in found]))


def show(caller: Caller) -> None:
    """The lists loaded: name, date, players, the file each came from."""
    from arbiter_cli.render.lists import lists_view
    from arbiter_cli.store.rating_lists import lists_dir, loaded_lists

    lists = loaded_lists()
    if not lists:
        caller.say(f"note: no rating list is loaded (in {lists_dir()}); load one with 'arbiter lists load FILE'")
    caller.show(lists_view(lists))
