"""``arbiter result``: enter one result, or many with ``--from``."""

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import GroupOption, arguments, event, no_such_option
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.results import RESULT_HELP

__all__ = ["result"]


def result(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    board: Annotated[Optional[str], typer.Argument(metavar="BOARD", help=(
        "The board; in a team event MATCH.BOARD (2.3), or MATCH for a whole match's forfeit; in a knockout "
        "MATCH.GAME, or MATCH for a whole match's forfeit (+/-: the match's first player, as bracket names "
        "them, goes through)."))] = None,
    code: Annotated[Optional[str], typer.Argument(metavar="RESULT", help=RESULT_HELP)] = None,
    source: Annotated[Optional[list[str]], typer.Option("--from", metavar="FILE|-", help=(
        "Enter many results: one 'BOARD RESULT' per line, or 'WHITE BLACK RESULT' by the players' start "
        "numbers (White first, the result from White's side), optionally followed by 'was OLD' to save "
        "nothing if the stored result is no longer OLD (none for no result)."))] = None,
    pgn: Annotated[Optional[list[str]], typer.Option("--pgn", metavar="FILE|-", help=(
        "Enter the round's finished games of a PGN file (a DGT board's, a broadcast's): each game's players "
        "found by WhiteFideId/BlackFideId, else by name, on the round's boards; games of other rounds (by "
        "their Round header) and unfinished ones (*) are left out. All or nothing."))] = None,
    correct: Annotated[bool, typer.Option("--correct", help="Allow changing a result already entered.")] = False,
    excused: Annotated[bool, typer.Option("--excused", help="A forfeit whose loser gave notice: it does not "
                                          "count as a no-show without notice.")] = False,
    confirm: Annotated[bool, typer.Option("--confirm", help="Record a forfeit even though the event's "
                                          "no-show rule withdraws the player.")] = False,
    force: Annotated[bool, typer.Option("--force", help="A knockout: make a correction that changes who went "
                                        "through, pairing again the later match the winner goes on to.")] = False,
    group: GroupOption = None,
) -> None:
    """Enter a result: 'arbiter result 3 5 1-0' (a team event: 'arbiter result 3 2.1 1-0'), or many with --from
    or --pgn."""
    _no_mistyped_option(board, code)
    one_source, one_pgn = _once("--from", source), _once("--pgn", pgn)
    opened = event(group)
    names = {"round_number": "ROUND", "board": opened.place_name, "result": "RESULT"}
    with arguments(**names):
        opened.result(round_number, board, code, one_source, correct, excused, confirm, force, one_pgn)


def _once(option: str, given: list[str] | None) -> str | None:
    """The one input of ``--from`` or ``--pgn``: given twice, the parser kept the last and the first
    file's results were never entered, without a word."""
    if given and len(given) > 1:
        raise BadArgument(f"{option} is given {len(given)} times: one input at a time (several files: "
                          f"cat A B | arbiter result ROUND {option} -)")
    return given[0] if given else None


def _no_mistyped_option(*values: str | None) -> None:
    """The forfeit codes (``-/+``, ``+/-``) reach ``result`` as arguments, so an option it does not
    know (``--corect``) would too: it is named as an unknown option, with the nearest one."""
    for value in values:
        if value is not None and value.startswith("--"):
            known = [name for parameter in typer.main.get_command(_alone()).params
                     for name in parameter.opts if name.startswith("--")]
            raise BadArgument(no_such_option(value, known) + "; see 'arbiter result --help'")


def _alone() -> typer.Typer:
    """``result`` as an app of its own, for its options' names (made only when one is mistyped)."""
    app = typer.Typer()
    app.command()(result)
    return app
