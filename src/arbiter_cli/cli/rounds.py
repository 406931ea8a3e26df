"""``arbiter pair``, ``pairings``, ``unpair`` and ``bye``: the rounds and what goes into them."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import ExplainOption, FormatOption, HtmlOption, PrintOption, arguments, command_line, \
    read_input, reading, say, today, writing
from arbiter_cli.cli.pairing_rules import ForceOption, ReasonOption
from arbiter_cli.cli.groups import GroupOption, use_group
from arbiter_cli.cli.pages import check_page, write_page
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import Round, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.lifecycle.byes import cancel_bye, request_bye
from arbiter_cli.lifecycle.guards import find_round
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.unpair import unpair as unpair_round
from arbiter_cli.render.output import Format, emit, slow_progress
from arbiter_cli.render.printing import Sheet, page_header, pairing_sheet_views, print_sheets, sheet
from arbiter_cli.render.views import byes_view, pairings_view

__all__ = ["pair", "pairings", "unpair", "bye"]


def pair(fmt: FormatOption = Format.table, explain: ExplainOption = False, print_: PrintOption = False,
         source: Annotated[Optional[str], typer.Option("--from", metavar="FILE|-", help=(
             "Pair the round by hand: 'WHITE BLACK' per line, 'PLAYER 0' for the PAB (checked against the "
             "Dutch criteria; see --force)."))] = None,
         force: ForceOption = False, reason: ReasonOption = None, group: GroupOption = None) -> None:
    """Pair the next round and print it (or take it by hand with --from); a group event: start the
    groups, then the final (a knockout final: its next round; or --group final)."""
    from arbiter_cli.cli.knockout import is_knockout, pair_knockout
    from arbiter_cli.cli.groups import is_groups, pair_groups
    from arbiter_cli.cli.teams import is_team, pair_teams
    from arbiter_cli.pairing import explain_round

    check_page(print_, None, fmt)
    if group is not None:
        use_group(group)
    if is_knockout():
        if source is not None or force or reason is not None or explain:
            raise BadArgument("--from, --force, --reason and --explain are for an individual Swiss")
        pair_knockout(fmt, print_)
        return
    if is_team():
        if source is not None or force or reason is not None:
            raise BadArgument("--from, --force and --reason are for an individual Swiss")
        pair_teams(fmt, print_, explain)
        return
    if is_groups():
        if source is not None or force or reason is not None or explain:
            raise BadArgument("--from, --force, --reason and --explain are for an individual Swiss")
        pair_groups(fmt, print_)
        return
    if source is not None:
        from arbiter_cli.cli.pairing_rules import report_by_hand
        from arbiter_cli.lifecycle.manual_pairing import pair_by_hand, parse_pairing_text

        if explain or print_:
            raise BadArgument("--from takes the round as written: no --explain or --print")
        label, text = read_input(source)
        with writing() as (folder, tournament), arguments(round_number="ROUND"):
            pairs, bye = parse_pairing_text(text, label, {p.start_number for p in tournament.players})
            done = pair_by_hand(tournament, pairs, bye, force=force, reason=reason)
            folder.save(tournament, done.tournament, command_line(), done.changes)
        report_by_hand(done, fmt)
        return
    if force or reason is not None:
        raise BadArgument("--force and --reason go with --from (a round paired by hand)")
    with writing() as (folder, tournament):
        with slow_progress(f"pairing round {tournament.last_round + 1}", len(tournament.players)) as step:
            paired = pair_round(tournament, step)
        folder.save(tournament, paired.tournament, command_line(), paired.changes)
    after, new_round = paired.tournament, paired.round
    say(f"round {new_round.number} of {after.settings.rounds} paired")
    if print_:
        sys.stdout.write(print_sheets(_pairing_sheets(after, new_round)))
    else:
        emit(pairings_view(after, new_round), fmt)
    if explain:
        for line in explain_round(after, new_round.number):
            say(line)


def pairings(
    round_number: Annotated[Optional[int], typer.Argument(metavar="ROUND", help="Default: the last paired round.")] = None,
    fmt: FormatOption = Format.table,
    explain: ExplainOption = False,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Print the pairings of a round (a group event: of one stage, --group A)."""
    from arbiter_cli.cli.knockout import is_knockout, knockout_pairings
    from arbiter_cli.cli.teams import is_team, team_pairings
    from arbiter_cli.pairing import explain_round

    check_page(print_, html, fmt)
    use_group(group)
    if is_knockout():
        if explain:
            raise BadArgument("--explain is for an individual Swiss: a knockout follows its bracket")
        knockout_pairings(round_number, fmt, print_, html)
        return
    if is_team():
        if explain:
            raise BadArgument("--explain goes with 'arbiter pair' in a team event (a team round robin follows the Berger "
                              "tables; a team Swiss is explained as it is paired)")
        if print_ or html is not None:
            from arbiter_cli.cli.team_reports import team_pairings_page

            team_pairings_page(round_number, html)
        else:
            team_pairings(round_number, fmt)
        return
    with reading() as tournament, arguments(round_number="ROUND"):
        rnd = find_round(tournament, round_number if round_number is not None else tournament.last_round)
    if print_ or html is not None:
        write_page(_pairing_sheets(tournament, rnd), html, f"{tournament.settings.name}: round {rnd.number} pairings")
    else:
        emit(pairings_view(tournament, rnd), fmt)
    if explain:
        for line in explain_round(tournament, rnd.number):
            say(line)


def _pairing_sheets(tournament: Tournament, rnd: Round) -> list[Sheet]:
    """The pairings for the wall: by board, then by name (players look for their own name)."""
    by_board, by_name = pairing_sheet_views(tournament, rnd)
    total = tournament.settings.rounds
    what = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    day = today()
    return [sheet(by_board, page_header(tournament, f"{what} by board", day), shrink=("white_name", "black_name")),
            sheet(by_name, page_header(tournament, f"{what} by name", day), shrink=("name", "opponent"))]


def unpair() -> None:
    """Remove the last round while it has no results (for example after a wrong late entry)."""
    from arbiter_cli.cli.knockout import is_knockout, knockout_unpair
    from arbiter_cli.cli.teams import is_team, team_unpair

    if is_knockout():
        knockout_unpair()
        return
    if is_team():
        team_unpair()
        return
    with writing() as (folder, tournament):
        after, last, restored, changes = unpair_round(tournament)
        folder.save(tournament, after, command_line(), changes)
    say(f"round {last.number} removed; {len(restored)} requested bye{'s' if len(restored) != 1 else ''} "
        "kept for it; pair it again with 'arbiter pair'")


def bye(
    what: Annotated[str, typer.Argument(metavar="ID|cancel|list", help=(
        "A start number to request a bye; 'cancel ID' to withdraw a request; 'list' to show them."))],
    player_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", show_default=False)] = None,
    round_number: Annotated[Optional[int], typer.Option("--round", help="The round (not yet paired).")] = None,
    half: Annotated[bool, typer.Option("--half", help="A half-point bye (HPB).")] = False,
    zero: Annotated[bool, typer.Option("--zero", help="A zero-point bye (ZPB).")] = False,
    fmt: FormatOption = Format.table,
) -> None:
    """Requested byes (C.04.2 3.3): 'bye ID --round N --half|--zero', 'bye cancel ID --round N', 'bye list'."""
    if what == "list":
        if player_id is not None or round_number is not None or half or zero:
            raise BadArgument("'arbiter bye list' takes no other arguments")
        with reading() as tournament:
            emit(byes_view(tournament), fmt)
        return
    cancelling = what == "cancel"
    text = player_id if cancelling else what
    if cancelling and player_id is None:
        raise BadArgument("give the start number: arbiter bye cancel ID --round N", field="ID")
    if not cancelling and player_id is not None:
        raise BadArgument(f"unexpected argument {player_id!r}; use 'arbiter bye ID --round N --half|--zero'")
    if text is None or not text.isdigit():
        raise BadArgument(f"{text!r} is not a start number (or 'cancel', 'list')", field="ID")
    start_number = int(text)
    if round_number is None:
        raise BadArgument("give the round with --round N", field="--round")
    if cancelling and (half or zero):
        raise BadArgument("--half and --zero are for a request, not for cancel")
    if not cancelling and half == zero:
        raise BadArgument("give exactly one of --half (HPB) and --zero (ZPB)", field="--half/--zero")
    with writing() as (folder, tournament), arguments(start_number="ID", round_number="--round"):
        if cancelling:
            after, _, change = cancel_bye(tournament, start_number, round_number)
        else:
            after, change = request_bye(tournament, start_number, round_number, ByeKind.HPB if half else ByeKind.ZPB)
        folder.save(tournament, after, command_line(), [change])
    name = after.by_number[start_number].name
    if cancelling:
        say(f"cancelled the {change.old} of {name} in round {round_number}")
    else:
        say(f"{name}: {change.new} in round {round_number} (not paired in that round)")
