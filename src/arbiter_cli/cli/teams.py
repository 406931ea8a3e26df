"""Team events on the command line (issue 15): ``team add|import|list|remove|roster|withdraw|bye|card|boards``
and ``lineup``. The team side of ``new``, ``pair``, ``pairings``, ``result``, ``standings``,
``crosstable`` and ``finalize`` is the team event's own (:mod:`arbiter_cli.events.team`)."""

from typing import Annotated, Optional


from arbiter_cli.cli.params import Argument, Option
from arbiter_cli.cli.common import FormatOption, HtmlOption, PrintOption, arguments, event
from arbiter_cli.cli.common import check_page
from arbiter_cli.render.output import Format

__all__ = ["team_add", "team_import", "team_list", "team_remove", "team_roster", "team_withdraw", "team_bye",
           "team_card", "team_boards", "lineup"]

TeamArgument = Annotated[str, Argument(metavar="TEAM", help="The team: its number, name or short code.")]


def team_add(
    name: Annotated[str, Argument(metavar="NAME", help="The team's name.")],
    short: Annotated[str, Option("--short", metavar="CODE", help="A short code, e.g. the club's.")] = "",
) -> None:
    """Register a team (a team event)."""
    with arguments(name="NAME", short="--short"):
        event().team_add(name, short)


def team_import(
    source: Annotated[str, Argument(metavar="FILE|-", help=(
        "A CSV with the column 'team' (its name) and optionally 'short'; a row with 'name' (and 'rating', "
        "'fide_id', 'federation', 'title', 'national_rating') adds that player to the team's roster, in row order; a row's blank "
        "cells come from the loaded rating list by its 'fide_id' (arbiter lists load)."))],
) -> None:
    """Register teams, and their rosters, from a CSV file (or - for stdin)."""
    event().team_import(source)


def team_list(fmt: FormatOption = Format.table) -> None:
    """List the teams: number, name, short code, team rating, players."""
    event(fmt=fmt).team_list()


def team_remove(team: TeamArgument) -> None:
    """Remove a team registered by mistake, with its players (before round 1 is paired)."""
    with arguments(TEAM="TEAM"):
        event().team_remove(team)


def team_roster(
    team: TeamArgument,
    action: Annotated[str, Argument(metavar="ACTION", help="show (the default), add or remove.")] = "show",
    players: Annotated[Optional[list[str]], Argument(metavar="PLAYER...", help=(
        "add: players as NAME/RATING/FIDE_ID/FEDERATION/NATIONAL_RATING (fields after the name may be left "
        "out), in roster order; remove: a start number or name."))] = None,
    at: Annotated[Optional[int], Option("--at", metavar="N", show_default=False, help=(
        "add: the place of the first player added, 1 the top (default: the end); before round 1 is "
        "paired, as start numbers are fixed from then on."))] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Show a team's roster, add players (at its end, or --at a place), or remove one before round 1."""
    with arguments(TEAM="TEAM", PLAYER="PLAYER", at="--at"):
        event(fmt=fmt).team_roster(team, action, players or [], at)


def team_withdraw(
    team: TeamArgument,
    after_round: Annotated[Optional[int], Option("--after-round", help="Its last round (default: the last "
                                                       "paired round).")] = None,
) -> None:
    """Withdraw a team: its later matches are forfeited (a round robin's half rule then applies)."""
    with arguments(TEAM="TEAM", after_round="--after-round"):
        event().team_withdraw(team, after_round)


def team_bye(
    team: TeamArgument,
    round_number: Annotated[int, Argument(metavar="ROUND", help="A round not yet paired.")],
    zero: Annotated[bool, Option("--zero", help="A zero-point bye (default: a half-point bye, a drawn "
                                       "match).")] = False,
    cancel: Annotated[bool, Option("--cancel", help="Cancel the team's requested bye.")] = False,
) -> None:
    """A team Swiss: the team asks not to be paired in a round (a half-point bye, or --zero)."""
    with arguments(TEAM="TEAM", round_number="ROUND"):
        event().team_bye(team, round_number, zero, cancel)


def team_card(
    team: Annotated[Optional[str], Argument(metavar="TEAM", show_default=False, help=(
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
    check_page(print_, html, fmt)
    with arguments(TEAM="TEAM"):
        event(None, fmt, print_, html).team_card(team)


def team_boards(fmt: FormatOption = Format.table, print_: PrintOption = False, html: HtmlOption = None) -> None:
    """Board-by-board statistics for board prizes: games, points, percentage, performance, who qualifies.

    A player qualifies with at least the [team] setting board_prize_share of the rounds played
    over the board (two-thirds by default).
    """
    check_page(print_, html, fmt)
    event(None, fmt, print_, html).team_boards()


def lineup(
    round_number: Annotated[int, Argument(metavar="ROUND")],
    team: TeamArgument,
    players: Annotated[list[str], Argument(metavar="PLAYER...", help=(
        "The players, board 1 first, by start number or name; name fewer to leave the lowest boards empty."))],
) -> None:
    """Set a team's line-up for a round (before its results are entered)."""
    with arguments(round_number="ROUND", TEAM="TEAM", PLAYER="PLAYER"):
        event().lineup(round_number, team, players)
