"""``arbiter lists load|find|show``: FIDE's monthly rating list and national lists, kept as an
index in the user's data folder (``ARBITER_DATA_DIR`` overrides it), not in an event's folder;
``player add --fide-id`` and ``player import`` fill players from it."""

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, Terminal
from arbiter_cli.render.output import Format

__all__ = ["lists_load", "lists_find", "lists_show"]


def lists_load(
    source: Annotated[str, typer.Argument(metavar="FILE", help="FIDE's list: players_list_foa.txt or "
                                          "players_list_xml_foa.xml (or the ZIP FIDE ships); with --national, a CSV.")],
    national: Annotated[Optional[str], typer.Option("--national", metavar="NAME", show_default=False,
                                                    help="A national list, known by NAME (e.g. ger).")] = None,
    mapping: Annotated[Optional[str], typer.Option("--map", metavar="FIELD=COLUMN,...", show_default=False, help=(
        "The national list's columns: id, name and rating, and optionally fide_id, federation, birth_year, sex, "
        "title (default: columns of those names), e.g. id=ID,name=Name,rating=Elo,fide_id=FIDE."))] = None,
    date: Annotated[Optional[str], typer.Option("--date", metavar="DATE", show_default=False,
                                                help="The list's date, YYYY-MM(-DD) (default: the file's).")] = None,
) -> None:
    """Load a rating list into the index, replacing the previous load of the same list."""
    from arbiter_cli.events.lists import load

    load(Terminal(), source, national, mapping, date)


def lists_find(
    query: Annotated[str, typer.Argument(metavar="NAME|ID", help="A FIDE ID (or national id), or a name or its "
                                         "start: 'Carlsen, Magnus', 'carlsen m', 'Magnus Carlsen'.")],
    limit: Annotated[int, typer.Option("--limit", help="The most players shown.")] = 20,
    fmt: FormatOption = Format.table,
) -> None:
    """Find players in the loaded lists."""
    from arbiter_cli.events.lists import find

    find(Terminal(fmt), query, limit)


def lists_show(fmt: FormatOption = Format.table) -> None:
    """The lists loaded: name, date, players, the file each came from."""
    from arbiter_cli.events.lists import show

    show(Terminal(fmt))
