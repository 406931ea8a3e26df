"""``arbiter groups show|set``: a group event's groups (issue 18). The group side of ``new``,
``pair``, ``standings``, ``verify`` and ``finalize``, and ``--group NAME`` on the commands of one
stage, are the group event's own (:mod:`arbiter_cli.events.groups`)."""

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, event
from arbiter_cli.render.output import Format

__all__ = ["groups_show", "groups_set"]


def groups_show(fmt: FormatOption = Format.table) -> None:
    """List the groups: as dealt (or set by hand) once started, else as they would be dealt now."""
    event(fmt=fmt).groups_show()


def groups_set(
    source: Annotated[Optional[str], typer.Argument(metavar="FILE|-", help=(
        "A CSV with the columns start_number and group (A, B, ...): every player in exactly one group."))] = None,
    snake: Annotated[bool, typer.Option("--snake", help="Forget the groups set by hand: deal them in snake "
                                        "order by seeding.")] = False,
) -> None:
    """Set the groups by hand, before they start (or go back to the snake deal with --snake)."""
    event().groups_set(source, snake)
