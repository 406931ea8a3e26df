"""``arbiter result``: enter one result, or many with ``--from``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.groups import GroupOption, use_group
from arbiter_cli.cli.common import STATE, arguments, author, command_line, read_input, say, writing
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.results import RESULT_HELP
from arbiter_cli.lifecycle.results import enter_results, parse_result_lines, result_line
from arbiter_cli.lifecycle.guards import find_round

__all__ = ["result"]


def result(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    board: Annotated[Optional[str], typer.Argument(metavar="BOARD", help=(
        "The board; in a team event MATCH.BOARD (2.3), or MATCH for a whole match's forfeit; in a knockout "
        "MATCH.GAME."))] = None,
    code: Annotated[Optional[str], typer.Argument(metavar="RESULT", help=RESULT_HELP)] = None,
    source: Annotated[Optional[str], typer.Option("--from", metavar="FILE|-", help=(
        "Enter many results: one 'BOARD RESULT' per line, optionally 'BOARD RESULT was OLD' to save "
        "nothing if the stored result is no longer OLD (none for no result)."))] = None,
    correct: Annotated[bool, typer.Option("--correct", help="Allow changing a result already entered.")] = False,
    excused: Annotated[bool, typer.Option("--excused", help="A forfeit whose loser gave notice: it does not "
                                          "count as a no-show without notice.")] = False,
    confirm: Annotated[bool, typer.Option("--confirm", help="Record a forfeit even though the event's "
                                          "no-show rule withdraws the player.")] = False,
    force: Annotated[bool, typer.Option("--force", help="A knockout: make a correction that changes who went "
                                        "through, unpairing the later rounds.")] = False,
    group: GroupOption = None,
) -> None:
    """Enter a result: 'arbiter result 3 5 1-0' (a team event: 'arbiter result 3 2.1 1-0'), or many with --from."""
    from arbiter_cli.cli.knockout import is_knockout, knockout_result
    from arbiter_cli.cli.teams import is_team, team_result

    use_group(group)
    if is_knockout():
        if excused or confirm:
            raise BadArgument("--excused and --confirm are for Swiss and round-robin events (a knockout's "
                              "withdrawal is 'arbiter player withdraw')")
        knockout_result(round_number, board, code, source, correct, force)
        return
    if force:
        raise BadArgument("--force is for a knockout's correction", field="--force")
    if is_team():
        if excused or confirm:
            raise BadArgument("--excused and --confirm are for individual Swiss and round-robin events")
        team_result(round_number, board, code, source, correct)
        return
    if board is not None and not board.isdigit():
        raise BadArgument(f"Invalid value for 'BOARD': {board!r} is not a valid integer.")
    names = {"round_number": "ROUND", "board": "BOARD", "result": "RESULT"}
    label = None
    with arguments(**names):
        if source is not None:
            if board is not None or code is not None:
                raise BadArgument("give either BOARD RESULT or --from FILE, not both")
            label, text = read_input(source)
        else:
            lines = [result_line(None if board is None else int(board), code)]
    with writing() as (folder, tournament), arguments(**names):
        if source is not None:  # the round first: a file for a round not paired yet is no file's fault
            find_round(tournament, round_number)
            lines = parse_result_lines(text, label or source)
        entered = enter_results(tournament, round_number, lines, correct=correct, excused=excused, confirm=confirm,
                                source=label)
        changes, outputs = list(entered.changes), None
        if entered.changes:
            if entered.finalised:
                from arbiter_cli.cli.prizes import corrected_final

                outputs, prize_changes = corrected_final(tournament, entered.tournament)
                changes += prize_changes
            folder.save(tournament, entered.tournament, command_line(), changes, outputs=outputs)
    if not entered.changes:
        say(f"round {round_number}: nothing changed")
        return
    for change in changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")
    if entered.finalised:
        from arbiter_cli.render.final import final_outputs
        from arbiter_cli.store.club import update_club_ratings

        for line in update_club_ratings(STATE.directory, command_line(), author(), final_outputs):
            say(line)
    for line in (*entered.withdrawn, *entered.notes):
        say(line)
    remaining = entered.round.missing
    if remaining:
        say(f"round {round_number}: {len(remaining)} result{'s' if len(remaining) > 1 else ''} missing "
            f"(board{'s' if len(remaining) > 1 else ''} {', '.join(map(str, remaining))})")
    else:
        say(f"round {round_number}: all results entered")
