"""The printouts of a team event (issue 15) on the command line: team pairings and standings as
pages (``--print``, ``--html``), and the team crosstable.

Each parses, calls one function of :mod:`arbiter_cli.lifecycle`, and renders through
:mod:`arbiter_cli.render.team_printouts`.
"""

from __future__ import annotations

from arbiter_cli.cli.common import arguments, say, today
from arbiter_cli.cli.pages import write_page
from arbiter_cli.cli.teams import team_reading
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.render.output import Format, emit

__all__ = ["team_pairings_page", "team_standings_page", "team_crosstable"]


def team_pairings_page(round_number: int | None, html: str | None) -> None:
    """``arbiter pairings --print|--html`` on a team event: the round by match."""
    from arbiter_cli.render.team_printouts import team_pairing_sheets

    with team_reading() as tournament:
        number = round_number if round_number is not None else tournament.last_round
        rnd = tournament.round(number)
        if rnd is None:
            raise BadArgument(f"there is no round {number} (rounds paired: {tournament.last_round})", field="ROUND")
    write_page(team_pairing_sheets(tournament, rnd, today()), html,
               f"{tournament.settings.name}: round {rnd.number} pairings")


def _codes(tiebreaks: str | None) -> tuple[str, ...] | None:
    """``--tiebreaks`` on a team event: the team codes given, else None (the announced ones)."""
    return None if tiebreaks is None else tuple(c.strip() for c in tiebreaks.split(",") if c.strip())


def team_standings_page(after_round: int | None, tiebreaks: str | None, rules: Rules | None, html: str | None
                        ) -> None:
    """``arbiter standings --print|--html`` on a team event, with the legend of the tie-breaks."""
    from arbiter_cli.lifecycle.team_finish import team_standings_of
    from arbiter_cli.render.team_printouts import team_standings_sheet
    from arbiter_cli.render.views import table_heading

    with team_reading() as tournament, arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        table = team_standings_of(tournament, after_round, _codes(tiebreaks), rules)
    for code in table.unavailable:
        say(f"note: {code}: not a team tie-break; left out")
    last = after_round if after_round is not None else tournament.last_round
    heading = table_heading(tournament, "team standings", last)
    write_page([team_standings_sheet(tournament, table, last, today())], html,
               f"{tournament.settings.name}: {heading.lower()}")


def team_crosstable(after_round: int | None, tiebreaks: str | None, rules: Rules | None, fmt: Format, print_: bool,
                    html: str | None) -> None:
    """``arbiter crosstable`` on a team event: teams against teams, MP, GP, rank and tie-breaks."""
    from arbiter_cli.lifecycle.team_crosstable import team_crosstable as build
    from arbiter_cli.render.team_printouts import team_crosstable_sheet, team_crosstable_view
    from arbiter_cli.render.views import table_heading

    with team_reading() as tournament, arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        table = build(tournament, after_round, _codes(tiebreaks), rules)
    for code in table.unavailable:
        say(f"note: {code}: not a team tie-break; left out")
    if print_ or html is not None:
        heading = table_heading(tournament, "team crosstable", table.after_round)
        write_page([team_crosstable_sheet(tournament, table, today())], html,
                   f"{tournament.settings.name}: {heading.lower()}")
        return
    emit(team_crosstable_view(tournament, table), fmt)
