"""``--print`` and ``--html``: pages for the wall, on stdout or in a file outside the folder."""

from __future__ import annotations

import sys
from pathlib import Path

from arbiter_cli.cli.common import say
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.render.html import html_page
from arbiter_cli.render.output import Format
from arbiter_cli.render.printing import Sheet, print_sheets
from arbiter_cli.store.outputs import check_output, write_output

__all__ = ["check_page", "write_page"]


def check_page(print_: bool, html: str | None, fmt: Format) -> None:
    """Refuse the options that cannot go together: a page is not CSV or JSON, and one page is enough."""
    if print_ and html is not None:
        raise BadArgument("--print writes the page to stdout and --html to a file; give one of them")
    if print_ and fmt is not Format.table:
        raise BadArgument("--print makes a page for the printer; it cannot be combined with --format csv or json")
    if html is not None and fmt is not Format.table:
        raise BadArgument("--html makes a page for people; it cannot be combined with --format csv or json")
    if html is not None and not html.strip():
        raise BadArgument("--html needs the name of the file to write")
    if html is not None:
        check_output(Path(html), what="the HTML page")


def write_page(sheets: list[Sheet], html: str | None, title: str) -> None:
    """The sheets as a plain page on stdout, or as an HTML page written (atomically) to ``html``."""
    if html is None:
        sys.stdout.write(print_sheets(sheets))
        return
    path = Path(html)
    write_output(path, html_page(sheets, title), what="the HTML page")
    say(f"wrote {path}")
