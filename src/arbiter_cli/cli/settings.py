"""``arbiter settings`` (issue 27): show the event's settings, ``set KEY VALUE``, ``unset KEY``."""

from typing import Annotated

import typer

from arbiter_cli.cli.common import FormatOption, GroupOption, event
from arbiter_cli.render.output import Format

__all__ = ["settings", "settings_set", "settings_unset"]

KeyArgument = Annotated[str, typer.Argument(metavar="KEY", help=(
    "A setting as 'arbiter settings' lists it: rank_withdrawn, tiebreaks, scoring.draw, team.boards, prizes.split."))]


def settings(
    context: typer.Context,
    group: GroupOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The event's settings: each key, its value, when it may change, what it means (subcommands: set, unset)."""
    if context.invoked_subcommand is not None:
        return
    event(group, fmt=fmt).settings()


def settings_set(
    key: KeyArgument,
    value: Annotated[list[str], typer.Argument(metavar="VALUE", help=(
        "true or false, a number, a comma list (BH/C1,BH,SB), points (1/2), a choice, 'none' for no value; "
        "words after the first are joined by spaces (a name)."))],
    group: GroupOption = None,
) -> None:
    """Change a setting: checked against its model and the rounds already paired, and journalled."""
    event(group).settings_set(key, " ".join(value))


def settings_unset(
    key: KeyArgument,
    group: GroupOption = None,
) -> None:
    """Set a setting back to its default, checked and journalled as 'set' is."""
    event(group).settings_set(key, None)
