"""Commands of a club: ``club new``, ``member add|import|list|set-initial|remove`` and
``ratings [changes|history|recompute]``.

They work on the club folder (the current directory, or ``-d DIR``), or on the club of the club
tournament folder they run in (:func:`arbiter_cli.cli.common.club`).
"""

from pathlib import Path
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import STATE, FormatOption, Terminal, arguments, club
from arbiter_cli.render.output import Format

__all__ = ["club_new", "member_add", "member_import", "member_list", "member_set_initial", "member_remove", "ratings",
           "ratings_changes", "ratings_history", "ratings_recompute"]

TimeControlOption = Annotated[Optional[str], typer.Option(
    "--time-control", help="standard, rapid or blitz (default: all three).")]

#: The option of each field of a member, for the errors of ``member add`` and ``set-initial``.
_OPTION_OF = {"name": "NAME", "birth_date": "--birth", "standard": "--standard", "rapid": "--rapid",
              "blitz": "--blitz", "id": "--id", "member_id": "ID"}


def club_new(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The club folder to create.")],
    name: Annotated[str, typer.Option("--name", help="The club's name.")],
    default_rating: Annotated[int, typer.Option("--default-rating", help="The initial rating of a member "
                                                "whose rating is not given.")] = 1500,
) -> None:
    """Create a club folder: club.toml, members.csv, tournaments/."""
    from arbiter_cli.events.registry import new_club

    new_club(directory, name, default_rating, Terminal())


def member_add(
    name: Annotated[str, typer.Argument(metavar="NAME")],
    birth: Annotated[Optional[str], typer.Option("--birth", help="YYYY-MM-DD or YYYY")] = None,
    standard: Annotated[Optional[int], typer.Option("--standard", help="Initial standard rating.")] = None,
    rapid: Annotated[Optional[int], typer.Option("--rapid", help="Initial rapid rating.")] = None,
    blitz: Annotated[Optional[int], typer.Option("--blitz", help="Initial blitz rating.")] = None,
) -> None:
    """Add a member (initial ratings not given are the club's default_rating)."""
    with arguments(**_OPTION_OF):
        club().member_add({"name": name, "birth_date": birth, "standard": standard, "rapid": rapid, "blitz": blitz})


def member_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="CSV with a header: name, birth_date, "
                                          "standard, rapid, blitz (only name is required).")],
) -> None:
    """Add members from a CSV file (all or none)."""
    club().member_import(source)


def member_list(fmt: FormatOption = Format.table) -> None:
    """List the members with their initial and current club ratings."""
    club(fmt).member_list()


def member_set_initial(
    member_id: Annotated[int, typer.Argument(metavar="ID")],
    standard: Annotated[Optional[int], typer.Option("--standard")] = None,
    rapid: Annotated[Optional[int], typer.Option("--rapid")] = None,
    blitz: Annotated[Optional[int], typer.Option("--blitz")] = None,
) -> None:
    """Change a member's initial rating; every club rating is recomputed from it."""
    given = {k: v for k, v in (("standard", standard), ("rapid", rapid), ("blitz", blitz)) if v is not None}
    with arguments(**_OPTION_OF):
        club().member_set_initial(member_id, given)


def member_remove(
    member_id: Annotated[int, typer.Argument(metavar="ID")],
) -> None:
    """Remove a member entered by mistake: not one who is in a rating report or registered
    in a club tournament."""
    with arguments(**_OPTION_OF):
        club().member_remove(member_id)


def ratings(
    context: typer.Context,
    time_control: TimeControlOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The club's current rating list (subcommands: changes, history, recompute)."""
    if context.invoked_subcommand is not None:
        return
    club(fmt).ratings(time_control)


def ratings_changes(
    tournament: Annotated[Optional[str], typer.Argument(metavar="TOURNAMENT", help=(
        "Its folder name in the club, or its path (default: the club tournament folder you are in)."))] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """One row per player: Ro, K, rated games, score, expected score, change, new rating (and TPR)."""
    club(fmt).ratings_changes(tournament, STATE.directory)


def ratings_history(
    member_id: Annotated[int, typer.Argument(metavar="MEMBER")],
    time_control: TimeControlOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The member's rating after each tournament, per time control."""
    club(fmt).ratings_history(member_id, time_control)


def ratings_recompute(
    yes: Annotated[bool, typer.Option("--yes", help="Also drop the history of tournaments that are gone.")] = False,
) -> None:
    """Rebuild every club rating from the initial ratings and the finalised tournaments,
    and report any difference from what was stored."""
    club().ratings_recompute(yes)
