"""``arbiter settings`` (issue 27): show the event's settings, ``set KEY VALUE``, ``unset KEY``."""

from typing import Annotated

import typer

from arbiter_cli.cli.common import FormatOption, GroupOption, event
from arbiter_cli.core.errors import BadArgument
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
    _BEFORE[:] = [group]  # 'settings --group final set ...': the stage's (trial43: the top's was set)
    if context.invoked_subcommand is not None:
        return
    event(group, fmt=fmt).settings()


#: The ``--group`` given before ``set`` or ``unset``, by this invocation's ``settings``.
_BEFORE: list[str | None] = [None]


def _stage(group: str | None) -> str | None:
    """The stage named after ``set`` or ``unset``, else before it (``settings --group final set``); both,
    when they differ, a refusal."""
    before = _BEFORE[0]
    if group is not None and before is not None and group != before:
        raise BadArgument(f"two groups: {before!r} before the subcommand and {group!r} after it; give one",
                          field="--group")
    return group if group is not None else before


def settings_set(
    key: KeyArgument,
    value: Annotated[list[str], typer.Argument(metavar="VALUE", help=(
        "true or false, a number, a comma list (BH/C1,BH,SB), points (1/2), a choice, 'none' for no value; "
        "words after the first are joined by spaces (a name)."))],
    group: GroupOption = None,
) -> None:
    """Change a setting: checked against its model and the rounds already paired, and journalled."""
    event(_stage(group)).settings_set(key, " ".join(value))


def settings_unset(
    key: KeyArgument,
    group: GroupOption = None,
) -> None:
    """Set a setting back to its default, checked and journalled as 'set' is."""
    event(_stage(group)).settings_set(key, None)
