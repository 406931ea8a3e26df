"""``arbiter standings`` and ``arbiter crosstable``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, HtmlOption, PrintOption, RulesOption, TiebreaksOption, arguments, \
    codes, reading, say, today
from arbiter_cli.cli.groups import GroupOption, use_group
from arbiter_cli.cli.pages import check_page, write_page
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import System
from arbiter_cli.lifecycle.guards import after_round as after_round_of
from arbiter_cli.render.output import Format, emit
from arbiter_cli.render.printing import PAGE_WIDTHS, RECORD_KEYS, fitting_width, page_header, sheet
from arbiter_cli.render.views import crosstable_view, standings_notes, standings_view, table_heading

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
    from arbiter_cli.cli.knockout import is_knockout, knockout_standings
    from arbiter_cli.cli.groups import group_standings, is_groups
    from arbiter_cli.cli.teams import is_team, team_standings
    from arbiter_cli.lifecycle.standings import compute_standings

    check_page(print_, html, fmt)
    if is_groups() and group is None:
        if after_round is not None:
            raise BadArgument("give the stage with --group to see its standings after a round", field="--after-round")
        group_standings(tiebreaks, rules, fmt, print_, html)
        return
    use_group(group)
    if is_knockout():
        if after_round is not None or tiebreaks is not None or rules is not None:
            raise BadArgument("a knockout ranks by the round reached, then rating: no --after-round, --tiebreaks "
                              "or --rules")
        knockout_standings(fmt, print_, html)
        return
    if is_team():
        if print_ or html is not None:
            from arbiter_cli.cli.team_reports import team_standings_page

            team_standings_page(after_round, tiebreaks, rules, html)
        else:
            team_standings(after_round, tiebreaks, rules, fmt)
        return
    with reading() as tournament, arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        table = compute_standings(tournament, after_round_of(tournament, after_round), codes(tournament, tiebreaks),
                                  rules=rules)
    notes = standings_notes(table)
    for note in notes:
        say(f"note: {note}")
    view = standings_view(tournament, table)
    if print_ or html is not None:
        heading = table_heading(tournament, "standings", table.after_round)
        header = page_header(tournament, f"{heading} (tie-breaks: C.07 {table.rules.value} rules)", today())
        write_page([sheet(view, header, notes=notes, leave_out=RECORD_KEYS)], html,
                   f"{tournament.settings.name}: {heading.lower()}")
        return
    emit(view, fmt)


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
    from arbiter_cli.cli.teams import is_team
    from arbiter_cli.lifecycle.crosstable import crosstable as build

    check_page(print_, html, fmt)
    use_group(group)
    if is_team():
        from arbiter_cli.cli.team_reports import team_crosstable

        team_crosstable(after_round, tiebreaks, rules, fmt, print_, html)
        return
    with reading() as tournament, arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        table = build(tournament, after_round_of(tournament, after_round), codes(tournament, tiebreaks), rules)
    view = crosstable_view(tournament, table)
    if print_ or html is not None:
        if tournament.settings.system is System.DOUBLE_ROUND_ROBIN:
            legend = ["1 ½ 0 games, both games in round order (1½); + - forfeits; ? no result yet"]
        elif tournament.settings.system.is_round_robin:
            legend = ["1 ½ 0 games; + - forfeits; ? no result yet"]
        else:
            legend = ["12w1: against no. 12 with White, won; 1 ½ 0 games; + - forfeits; ? no result yet",
                      "PAB pairing bye; FPB HPB ZPB full-, half-, zero-point bye"]
        heading = table_heading(tournament, "crosstable", table.after_round)
        header = page_header(tournament, heading, today())
        page = sheet(view, header, notes=legend)
        page.width = fitting_width(page, *PAGE_WIDTHS)
        write_page([page], html, f"{tournament.settings.name}: {heading.lower()}")
        return
    emit(view, fmt)
