"""``arbiter bracket``: a knockout's bracket (a group event's knockout final: ``--group final``)."""

from arbiter_cli.cli.common import FormatOption, GroupOption, HtmlOption, PrintOption, event
from arbiter_cli.cli.common import check_page
from arbiter_cli.render.output import Format

__all__ = ["bracket"]


def bracket(fmt: FormatOption = Format.table, print_: PrintOption = False, html: HtmlOption = None,
            group: GroupOption = None) -> None:
    """Show a knockout's bracket: each round's matches, scores and who went through (a group event's
    knockout final: --group final)."""
    check_page(print_, html, fmt)
    event(group, fmt, print_, html).bracket()
