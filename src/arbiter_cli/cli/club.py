"""Commands of a club: ``club new``, ``member add|import|list|set-initial|remove`` and
``ratings [changes|history|recompute]``.

They work on the club folder (the current directory, or ``-d DIR``). The
ratings are computed by the pure :mod:`arbiter_cli.ratings` modules from the
initial ratings and the club's finalised tournaments
(:func:`arbiter_cli.store.club.rated_events`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from pydantic import ValidationError

from arbiter_cli.cli.common import STATE, FormatOption, arguments, author, command_line, read_input, say
from arbiter_cli.cli.common import waiting as _waiting
from arbiter_cli.core.errors import BadArgument, Refused, pydantic_message
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.render.output import Format, emit

if TYPE_CHECKING:  # the club modules are loaded by the commands that need them (start-up time)
    from arbiter_cli.ratings.club import Club
    from arbiter_cli.store.club import ClubFolder

__all__ = ["club_new", "member_add", "member_import", "member_list", "member_set_initial", "member_remove", "ratings",
           "ratings_changes", "ratings_history", "ratings_recompute"]

TimeControlOption = Annotated[Optional[str], typer.Option(
    "--time-control", help="standard, rapid or blitz (default: all three).")]

#: The option of each field of a member, for the errors of ``member add`` and ``set-initial``.
_OPTION_OF = {"name": "NAME", "birth_date": "--birth", "standard": "--standard", "rapid": "--rapid",
              "blitz": "--blitz", "id": "--id", "member_id": "ID"}


@contextmanager
def _club(exclusive: bool) -> Iterator[tuple[ClubFolder, Club]]:
    from arbiter_cli.store.club import ClubFolder, club_folder_of

    folder = ClubFolder(club_folder_of(STATE.directory))
    folder.by = author()
    with folder.lock(exclusive=exclusive, holder=command_line() if exclusive else "", waiting=_waiting):
        yield folder, folder.load()


def _control(text: str | None) -> tuple[str, ...]:
    """``--time-control``: a list's name in any case, or a time control such as 15+10 (FIDE's definitions)."""
    from arbiter_cli.core.time_control import classify
    from arbiter_cli.ratings.club import TIME_CONTROLS

    if text is None:
        return TIME_CONTROLS
    found = classify(text)
    if found is not None and found.rating_type is None:
        raise BadArgument(f"{found.reason}: no club rating either; use standard, rapid or blitz (or e.g. 15+10)",
                          field="--time-control")
    if found is None or found.rating_type is None:
        raise BadArgument(f"{text!r} is not a time control; use standard, rapid or blitz (or e.g. 15+10)",
                          field="--time-control")
    return (found.rating_type.value,)


def club_new(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The club folder to create.")],
    name: Annotated[str, typer.Option("--name", help="The club's name.")],
    default_rating: Annotated[int, typer.Option("--default-rating", help="The initial rating of a member "
                                                "whose rating is not given.")] = 1500,
) -> None:
    """Create a club folder: club.toml, members.csv, tournaments/."""
    from arbiter_cli.ratings.club import ClubSettings
    from arbiter_cli.store.club import ClubFolder

    try:
        settings = ClubSettings(name=name, default_rating=default_rating)
    except ValidationError as error:
        first = error.errors()[0]
        raise BadArgument(pydantic_message(first), field="--" + str(first["loc"][0]).replace("_", "-")) from None
    ClubFolder.create(directory, settings, command_line(), author())
    say(f"created club {directory}: {name}; add members with 'arbiter -d {directory} member add'")


def member_add(
    name: Annotated[str, typer.Argument(metavar="NAME")],
    birth: Annotated[Optional[str], typer.Option("--birth", help="YYYY-MM-DD or YYYY")] = None,
    standard: Annotated[Optional[int], typer.Option("--standard", help="Initial standard rating.")] = None,
    rapid: Annotated[Optional[int], typer.Option("--rapid", help="Initial rapid rating.")] = None,
    blitz: Annotated[Optional[int], typer.Option("--blitz", help="Initial blitz rating.")] = None,
) -> None:
    """Add a member (initial ratings not given are the club's default_rating)."""
    from arbiter_cli.lifecycle.members import add_member

    with _club(True) as (folder, club), arguments(**_OPTION_OF):
        after, member, changes, notes = add_member(club, {"name": name, "birth_date": birth, "standard": standard,
                                                          "rapid": rapid, "blitz": blitz})
        folder.save(club, after, command_line(), changes)
    for note in notes:
        say(note)
    say(f"added {member.name} as member {member.id}")


def member_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="CSV with a header: name, birth_date, "
                                          "standard, rapid, blitz (only name is required).")],
) -> None:
    """Add members from a CSV file (all or none)."""
    from arbiter_cli.core.csv_input import read_rows
    from arbiter_cli.lifecycle.members import MEMBER_IMPORT_COLUMNS, import_members

    label, text = read_input(source)
    rows = read_rows(text, label, MEMBER_IMPORT_COLUMNS)
    with _club(True) as (folder, club):
        after, new, changes = import_members(club, rows, label)
        folder.save(club, after, command_line(), changes)
    say(f"imported {len(new)} member{'s' if len(new) != 1 else ''}; {len(after.members)} in the club")


def member_list(fmt: FormatOption = Format.table) -> None:
    """List the members with their initial and current club ratings."""
    from arbiter_cli.render.club import members_view

    with _club(False) as (_, club):
        emit(members_view(club), fmt)


def member_set_initial(
    member_id: Annotated[int, typer.Argument(metavar="ID")],
    standard: Annotated[Optional[int], typer.Option("--standard")] = None,
    rapid: Annotated[Optional[int], typer.Option("--rapid")] = None,
    blitz: Annotated[Optional[int], typer.Option("--blitz")] = None,
) -> None:
    """Change a member's initial rating; every club rating is recomputed from it."""
    from arbiter_cli.lifecycle.members import set_initial
    from arbiter_cli.render.final import final_outputs
    from arbiter_cli.store.club import rated_events, show_club_ratings

    given = {k: v for k, v in (("standard", standard), ("rapid", rapid), ("blitz", blitz)) if v is not None}
    if not given:
        raise BadArgument("give at least one of --standard, --rapid, --blitz")
    with _club(True) as (folder, club), arguments(**_OPTION_OF):
        after, member, changes, rebuilt = set_initial(club, member_id, given, lambda: rated_events(folder.path))
        folder.save(club, after, command_line(), changes)
        shown = show_club_ratings(folder.path, after, command_line(), author(), final_outputs)
    say(f"{member.name}: initial " + ", ".join(f"{k} {v}" for k, v in given.items()))
    for line in (*rebuilt.report(), *shown):
        say(line)


def member_remove(
    member_id: Annotated[int, typer.Argument(metavar="ID")],
) -> None:
    """Remove a member entered by mistake: not one who is in a rating report or registered
    in a club tournament."""
    from arbiter_cli.lifecycle.members import remove_member
    from arbiter_cli.store.club import registrations

    with _club(True) as (folder, club), arguments(**_OPTION_OF):
        after, member, changes = remove_member(club, member_id, lambda: registrations(folder.path))
        folder.save(club, after, command_line(), changes)
    say(f"removed member {member.id} ({member.name}); {len(after.members)} in the club")


def ratings(
    context: typer.Context,
    time_control: TimeControlOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The club's current rating list (subcommands: changes, history, recompute)."""
    from arbiter_cli.render.club import rating_list_view

    if context.invoked_subcommand is not None:
        return
    controls = _control(time_control)
    with _club(False) as (_, club):
        emit(rating_list_view(club, controls), fmt)


def _tournament_name(club_path: Path, text: str) -> str:
    from arbiter_cli.store.club import club_of

    candidate = Path(text)
    if candidate.exists() and club_of(candidate) == club_path.resolve():
        return candidate.resolve().name
    return candidate.name


def ratings_changes(
    tournament: Annotated[Optional[str], typer.Argument(metavar="TOURNAMENT", help=(
        "Its folder name in the club, or its path (default: the club tournament folder you are in)."))] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """One row per player: Ro, K, rated games, score, expected score, change, new rating (and TPR)."""
    from arbiter_cli.render.club import changes_view
    from arbiter_cli.store.club import TOURNAMENTS_DIR, club_of

    if tournament is None:
        if club_of(STATE.directory) is None:
            raise BadArgument("give the TOURNAMENT (its folder name in the club's tournaments/)", field="TOURNAMENT")
        tournament = str(STATE.directory)
    with _club(False) as (folder, club):
        name = _tournament_name(folder.path, tournament)
        rows = [s for s in club.ratings if s.tournament == name]
        if not rows:
            if not (folder.path / TOURNAMENTS_DIR / name).is_dir():
                known = sorted({s.tournament for s in club.ratings})
                raise BadArgument(f"there is no tournament {name!r} in {folder.path / TOURNAMENTS_DIR}"
                                  + (f" (rated: {', '.join(known)})" if known else ""), field="TOURNAMENT")
            raise Refused(f"tournament {name} has changed no rating: it is not finalised yet (its ratings change "
                          "when 'arbiter finalize' ends it), or its finalize was interrupted before the club rated it "
                          f"('arbiter -d {folder.path / TOURNAMENTS_DIR / name} finalize' again completes it)")
    emit(changes_view(name, rows), fmt)


def ratings_history(
    member_id: Annotated[int, typer.Argument(metavar="MEMBER")],
    time_control: TimeControlOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The member's rating after each tournament, per time control."""
    from arbiter_cli.render.club import history_view, sparkline

    controls = _control(time_control)
    with _club(False) as (_, club):
        member = club.member(member_id)
        if member is None:
            raise BadArgument(f"there is no member {member_id}", field="MEMBER")
    view = history_view(club, member, controls)
    emit(view, fmt)
    if fmt is Format.table and sys.stdout.isatty():
        for control in controls:
            values = [int(r["rating"]) for r in view.records if r["time_control"] == control]
            if len(values) > 1:
                print(f"{control:>8} {sparkline(values)} {values[0]} -> {values[-1]}")


def ratings_recompute(
    yes: Annotated[bool, typer.Option("--yes", help="Also drop the history of tournaments that are gone.")] = False,
) -> None:
    """Rebuild every club rating from the initial ratings and the finalised tournaments,
    and report any difference from what was stored."""
    from arbiter_cli.lifecycle.club_ratings import recompute
    from arbiter_cli.render.final import final_outputs
    from arbiter_cli.store.club import rated_events, show_club_ratings

    with _club(True) as (folder, club):
        rebuilt = recompute(club, rated_events(folder.path))
        if rebuilt.gone and not yes:
            raise Refused(f"{', '.join(rebuilt.gone)}: in ratings.csv but no longer a finalised tournament in "
                          f"{folder.path / 'tournaments'}; rebuilding would delete that history and change "
                          "every later rating. Nothing was changed; give --yes to do it")
        if rebuilt.differences:
            folder.save(club, rebuilt.club, command_line(),
                        [Change("club ratings rebuilt", "", line) for line in rebuilt.differences])
        # Also completes a rebuild whose tournaments were not all written (an interrupted command).
        shown = show_club_ratings(folder.path, rebuilt.club, command_line(), author(), final_outputs)
    if not rebuilt.differences:
        say("recomputed: every stored rating is as it should be")
    else:
        lines = rebuilt.differences
        say(f"recomputed: {len(lines)} stored line{'s' if len(lines) != 1 else ''} differed, now rebuilt")
        for line in (*lines, *rebuilt.moved):
            say(line)
    for line in shown:
        say(line)
