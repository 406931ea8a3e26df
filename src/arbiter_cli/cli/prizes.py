"""``arbiter prizes``: who gets what, from the standings and the folder's ``prizes.toml``."""

from arbiter_cli.cli.common import FormatOption, GroupOption, HtmlOption, PrintOption, event
from arbiter_cli.cli.common import check_page
from arbiter_cli.render.output import Format

__all__ = ["prizes"]


def prizes(
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Show the prize list: who gets what from prizes.toml, by the final ranking (or the standings
    so far), one prize per player, ties on points shared by the file's split (a group event: of one
    stage, --group final)."""
    check_page(print_, html, fmt)
    event(group, fmt, print_, html).prizes()
