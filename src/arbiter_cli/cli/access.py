"""``arbiter access add|list|remove``: who may sign in to result entry in the browser (issue 26).
The folder's event does it (:mod:`arbiter_cli.events.access`): every kind keeps its list; a group
event's stages (``--group NAME``) use the event's."""

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, GroupOption, arguments, event
from arbiter_cli.render.output import Format

__all__ = ["access_add", "access_list", "access_remove"]

#: The argument or option the person typed, for each parameter an act names in its errors.
_TYPED = {"name": "NAME", "role": "--role", "url": "--url"}

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help=(
    "The person, as the journal's 'by' shows their changes (at most 100 characters, plain text)."))]


def access_add(
    name: NameArgument,
    role: Annotated[Optional[str], typer.Option("--role", metavar="owner|manager|arbiter", show_default=False, help=(
        "arbiter: enters and changes results in rounds that are not finalised; manager and owner: also "
        "finalise the event and correct it after. Needed, but with --new-code (the role stays)."))] = None,
    url: Annotated[Optional[str], typer.Option("--url", metavar="URL", show_default=False, help=(
        "Where phones reach 'arbiter serve' (default: http://127.0.0.1:8000): the sign-in link is "
        "URL/signin?code=CODE."))] = None,
    new_code: Annotated[bool, typer.Option("--new-code", help=(
        "A person on the list lost their code: give them a new one; the old one signs in no more."))] = False,
    fmt: FormatOption = Format.table,
    group: GroupOption = None,
) -> None:
    """Let a person sign in to result entry: their code and sign-in link are shown once (a QR code on a
    terminal; --format json for scripts); only the code's hash is kept, in the folder."""
    with arguments(**_TYPED):
        event(group, fmt=fmt).access_add(name, role, url, new_code)


def access_list(fmt: FormatOption = Format.table, group: GroupOption = None) -> None:
    """List who may sign in, their role and when they were added (never a code or its hash)."""
    event(group, fmt=fmt).access_list()


def access_remove(name: NameArgument, group: GroupOption = None) -> None:
    """Remove a person from the access list: their code signs in no more, at once."""
    with arguments(**_TYPED):
        event(group).access_remove(name)
