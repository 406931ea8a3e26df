"""The printouts of a team event (issue 15) on the command line: team pairings and standings as
pages (``--print``, ``--html``), the team crosstable, each team's card, and the board statistics.

Each parses, calls one function of :mod:`arbiter_cli.lifecycle`, and renders through
:mod:`arbiter_cli.render.team_printouts`.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, HtmlOption, PrintOption, arguments, say, today
from arbiter_cli.cli.pages import check_page, write_page
from arbiter_cli.cli.teams import team_reading
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.render.output import Format, emit

__all__ = ["team_pairings_page", "team_standings_page", "team_crosstable", "team_card", "team_boards"]


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


def team_card(
    team: Annotated[Optional[str], typer.Argument(metavar="TEAM", show_default=False, help=(
        "The team: its number, name or short code (default: every team, a page each)."))] = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
) -> None:
    """A team's card: each player's board, colour, opponent and result round by round, points and games.

    A command of its own rather than a flag of 'team roster': the roster is the list a team
    hands in and 'team roster' changes it, while the card only reads what was played, for one
    team or for every team at once (a page each with --print).
    """
    from arbiter_cli.lifecycle.team_cards import team_cards
    from arbiter_cli.render.team_printouts import team_card_sheets, team_card_view

    check_page(print_, html, fmt)
    with team_reading() as tournament, arguments(TEAM="TEAM"):
        cards = team_cards(tournament, team)
    if print_ or html is not None:
        write_page(team_card_sheets(tournament, cards, today()), html, f"{tournament.settings.name}: team cards")
    elif fmt is Format.table:
        for card in cards:
            emit(team_card_view(tournament, [card]), fmt)
    else:
        emit(team_card_view(tournament, cards, nested=fmt is Format.json), fmt)


def team_boards(fmt: FormatOption = Format.table, print_: PrintOption = False, html: HtmlOption = None) -> None:
    """Board-by-board statistics for board prizes: games, points, percentage, performance, who qualifies.

    A player qualifies with at least the [team] setting board_prize_share of the rounds played
    over the board (two-thirds by default).
    """
    from arbiter_cli.lifecycle.board_prizes import folder_board_prizes
    from arbiter_cli.render.team_printouts import board_prizes_notes, board_prizes_sheet, board_prizes_view

    check_page(print_, html, fmt)
    with team_reading() as tournament:
        prizes = folder_board_prizes(tournament)
    if print_ or html is not None:
        write_page([board_prizes_sheet(tournament, prizes, today())], html,
                   f"{tournament.settings.name}: board prizes after round {prizes.rounds}")
        return
    if fmt is Format.table:
        for note in board_prizes_notes(prizes)[:1]:
            say(f"note: {note}")
    emit(board_prizes_view(tournament, prizes), fmt)
