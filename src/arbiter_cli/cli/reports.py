"""``arbiter standings`` and ``arbiter crosstable``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, GroupOption, HtmlOption, PrintOption, RulesOption, \
    TiebreaksOption, arguments, event
from arbiter_cli.cli.common import check_page
from arbiter_cli.render.output import Format

__all__ = ["standings", "crosstable"]

AfterRoundOption = Annotated[Optional[int], typer.Option("--after-round", help="Default: the last paired round.")]


def standings(
    after_round: AfterRoundOption = None,
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Print the standings: rank, points, record and the C.07 tie-breaks (a group event: every stage)."""
    check_page(print_, html, fmt)
    with arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        event(group, fmt, print_, html).standings(after_round, tiebreaks, rules)


def crosstable(
    after_round: AfterRoundOption = None,
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Print the crosstable (the square table for a round robin), with rank and tie-breaks (a group
    event: of one stage, --group A)."""
    check_page(print_, html, fmt)
    with arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        event(group, fmt, print_, html).crosstable(after_round, tiebreaks, rules)
