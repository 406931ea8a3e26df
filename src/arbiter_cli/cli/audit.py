"""``arbiter verify`` (is the folder sound?) and ``arbiter log`` (who changed what, when)."""

from typing import Annotated, Optional

from arbiter_cli.cli.params import Option
from arbiter_cli.cli.common import FormatOption, GroupOption, arguments, event
from arbiter_cli.render.output import Format

__all__ = ["verify", "log"]


def verify(fmt: FormatOption = Format.table, group: GroupOption = None) -> None:
    """Check the folder: every round accounts for every player, numbers, boards and results agree,
    late entries have their round, every file the folder owns reads (prizes.toml too); name the
    files edited by hand since the last change.
    One line per problem; exit 0 only when the folder is sound (a result still missing in an
    earlier round is listed, marked incomplete, but is no unsoundness: 'result' fills it in).
    A group event: its registration and every stage, or one stage with --group A."""
    event(group, fmt).verify()


def log(
    round_number: Annotated[Optional[int], Option("--round", help="Only the changes of this round.")] = None,
    board: Annotated[Optional[int], Option("--board", help="Only the changes of this board.")] = None,
    player: Annotated[Optional[int], Option("--player", metavar="ID",
                                            help="Only the changes about this start number.")] = None,
    since: Annotated[Optional[str], Option("--since", metavar="TIME",
                                           help="Only the changes since then: 2026-03-01 or "
                                                "2026-03-01T14:05 (UTC).")] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The folder's history from its journal: every change, who made it and with which command."""
    with arguments(since="--since", player="--player"):
        event(fmt=fmt).log(round_number, board, player, since)
