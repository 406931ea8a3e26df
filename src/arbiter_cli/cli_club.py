"""Commands of a club: members, and the club ratings its finalised tournaments produce.

``arbiter club new``, ``arbiter member add|import|list|set-initial`` and
``arbiter ratings [changes|history|recompute]`` work on the club folder (the
current directory, or ``-d DIR``). The ratings are computed by the pure
:mod:`arbiter_cli.ratings` modules from the initial ratings and the club's
finalised tournaments (:func:`arbiter_cli.store.club.rated_events`).
"""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from pydantic import ValidationError

from arbiter_cli.cli import STATE, FormatOption, _command_line, _read_input, _say, app
from arbiter_cli.core.errors import Refused, BadArgument
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.store.files import pydantic_message as _pydantic_message
from arbiter_cli.core.points import format_points, points_to_json
from arbiter_cli.render import Column, Format, View, emit

if TYPE_CHECKING:  # the club module is loaded by the commands that need it (start-up time)
    from arbiter_cli.ratings.club import Club, Member
    from arbiter_cli.store.club import ClubFolder

__all__ = ["club_app", "member_app", "ratings_app", "update_club_ratings"]

club_app = typer.Typer(help="Create a club: members with club ratings per time control.", no_args_is_help=True)
member_app = typer.Typer(help="The club's members and their initial ratings.", no_args_is_help=True)
ratings_app = typer.Typer(help="Club ratings (FIDE B.02) from the club's finalised tournaments.",
                          invoke_without_command=True)
app.add_typer(club_app, name="club")
app.add_typer(member_app, name="member")
app.add_typer(ratings_app, name="ratings")

TimeControlOption = Annotated[Optional[str], typer.Option(
    "--time-control", help="standard, rapid or blitz (default: all three).")]


@contextmanager
def _club(exclusive: bool) -> Iterator[tuple[ClubFolder, Club]]:
    from arbiter_cli.store.club import ClubFolder

    folder = ClubFolder(STATE.directory)
    with folder.lock(exclusive=exclusive):
        yield folder, folder.load()


def _control(text: str | None) -> tuple[str, ...]:
    from arbiter_cli.ratings.ledger import TIME_CONTROLS

    if text is None:
        return TIME_CONTROLS
    if text not in TIME_CONTROLS:
        raise BadArgument(f"{text!r} is not a time control; use standard, rapid or blitz", field="--time-control")
    return (text,)


# --------------------------------------------------------------------------- club new

@club_app.command("new")
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
        raise BadArgument(_pydantic_message(first), field="--" + str(first["loc"][0]).replace("_", "-")) from None
    ClubFolder.create(directory, settings, _command_line())
    _say(f"created club {directory}: {name}; add members with 'arbiter -d {directory} member add'")


# --------------------------------------------------------------------------- members

def _member(data: dict[str, object], source: str | None = None, line: int | None = None) -> Member:
    from arbiter_cli.ratings.club import Member

    try:
        return Member.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else None
        field = key if source else {"name": "NAME", "birth_date": "--birth"}.get(key or "", f"--{key}")
        raise BadArgument(_pydantic_message(first), source=source, line=line, field=field) from None


@member_app.command("add")
def member_add(
    name: Annotated[str, typer.Argument(metavar="NAME")],
    birth: Annotated[Optional[str], typer.Option("--birth", help="YYYY-MM-DD or YYYY")] = None,
    standard: Annotated[Optional[int], typer.Option("--standard", help="Initial standard rating.")] = None,
    rapid: Annotated[Optional[int], typer.Option("--rapid", help="Initial rapid rating.")] = None,
    blitz: Annotated[Optional[int], typer.Option("--blitz", help="Initial blitz rating.")] = None,
) -> None:
    """Add a member (initial ratings not given are the club's default_rating)."""
    with _club(True) as (folder, club):
        number = max((m.id for m in club.members), default=0) + 1
        member = _member({"id": number, "name": name, "birth_date": birth, "standard": standard,
                          "rapid": rapid, "blitz": blitz})
        namesakes = [m for m in club.members if m.name.casefold() == member.name.casefold()]
        after = replace(club, members=(*club.members, member))
        folder.save(club, after, _command_line(), [Change("member added", "", f"{number} {member.name}")])
    for namesake in namesakes:
        _say(f"note: {namesake.name} is already member {namesake.id}; members are told apart by their id")
    _say(f"added {member.name} as member {number}")


@member_app.command("import")
def member_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="CSV with a header: name, birth_date, "
                                          "standard, rapid, blitz (only name is required).")],
) -> None:
    """Add members from a CSV file (all or none)."""
    label, text = _read_input(source)
    reader = csv.reader(io.StringIO(text, newline=""))
    allowed = ("name", "birth_date", "standard", "rapid", "blitz")
    try:
        header = [h.strip().lower() for h in next(reader, [])]
        if not header:
            raise BadArgument("the file is empty; it needs a header line", source=label, line=1)
        for column in header:
            if column not in allowed:
                raise BadArgument(f"unknown column; use {', '.join(allowed)}", source=label, line=1, field=column)
        if "name" not in header or len(set(header)) != len(header):
            raise BadArgument("the header needs 'name', and each column once", source=label, line=1)
        rows = []
        for cells in reader:
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                raise BadArgument(f"expected {len(header)} fields, found {len(cells)}", source=label,
                                   line=reader.line_num)
            rows.append((reader.line_num, {k: v.strip() for k, v in zip(header, cells)}))
    except csv.Error as error:
        raise BadArgument(f"CSV syntax error: {error}", source=label, line=reader.line_num) from None
    with _club(True) as (folder, club):
        first = max((m.id for m in club.members), default=0) + 1
        new = [_member({"id": first + i, **data}, label, line) for i, (line, data) in enumerate(rows)]
        if not new:
            raise BadArgument("no members in the file", source=label)
        after = replace(club, members=(*club.members, *new))
        folder.save(club, after, _command_line(), [Change("member added", "", f"{m.id} {m.name}") for m in new])
    _say(f"imported {len(new)} member{'s' if len(new) != 1 else ''}; {len(after.members)} in the club")


def _members_view(club: Club) -> View:
    from arbiter_cli.ratings.club import current_ratings
    from arbiter_cli.ratings.ledger import TIME_CONTROLS

    current = current_ratings(club)
    records = []
    for m in club.members:
        record: dict[str, object] = {"id": m.id, "name": m.name, "birth_date": m.birth_date}
        for control in TIME_CONTROLS:
            record[f"{control}_initial"] = m.initial(control, club.settings.default_rating)
            record[control] = current[(m.id, control)][0]
        records.append(record)
    columns = [Column("id", "Id", lambda r: str(r["id"]), "right"), Column("name", "Name", lambda r: str(r["name"])),
               Column("birth_date", "Born", lambda r: r["birth_date"] or "")]
    for control in TIME_CONTROLS:
        columns.append(Column(f"{control}_initial", f"{control.title()} (initial)",
                              lambda r, c=control: str(r[f"{c}_initial"]), "right"))
        columns.append(Column(control, control.title(), lambda r, c=control: str(r[c]), "right"))
    return View(f"{club.settings.name}: members", records, columns)


@member_app.command("list")
def member_list(fmt: FormatOption = Format.table) -> None:
    """List the members with their initial and current club ratings."""
    with _club(False) as (_, club):
        emit(_members_view(club), fmt)


@member_app.command("set-initial")
def member_set_initial(
    member_id: Annotated[int, typer.Argument(metavar="ID")],
    standard: Annotated[Optional[int], typer.Option("--standard")] = None,
    rapid: Annotated[Optional[int], typer.Option("--rapid")] = None,
    blitz: Annotated[Optional[int], typer.Option("--blitz")] = None,
) -> None:
    """Change a member's initial rating; every club rating is recomputed from it."""
    given = {k: v for k, v in (("standard", standard), ("rapid", rapid), ("blitz", blitz)) if v is not None}
    if not given:
        raise BadArgument("give at least one of --standard, --rapid, --blitz")
    with _club(True) as (folder, club):
        member = club.member(member_id)
        if member is None:
            raise BadArgument(f"there is no member {member_id}", field="ID")
        updated = _member({**member.model_dump(), **given})
        after = replace(club, members=tuple(updated if m.id == member_id else m for m in club.members))
        after, report, _ = _recomputed(after, folder.path)
        changes = [Change(f"member {member_id} initial {k}", str(getattr(member, k) or ""), str(v))
                   for k, v in given.items()]
        changes += [Change("club rating", "", line) for line in report]
        folder.save(club, after, _command_line(), changes)
    _say(f"{member.name}: initial " + ", ".join(f"{k} {v}" for k, v in given.items()))
    for line in report or ["no club rating changed"]:
        _say(line)


# --------------------------------------------------------------------------- ratings

def _recomputed(club: Club, club_path: Path) -> tuple[Club, list[str], list[str]]:
    """The club with its rating report rebuilt from the initial ratings and the finalised
    tournaments; the members whose current rating changed, and every report line that did."""
    from arbiter_cli.ratings.club import StoredRow, current_ratings
    from arbiter_cli.store.club import rated_events
    from arbiter_cli.ratings.ledger import replay

    names = {m.id: m.name for m in club.members}
    events = rated_events(club_path)
    for name, _, event in events:
        for member in event.players:
            if member not in names:
                raise Refused(f"tournament {name} has member {member}, who is not in members.csv")
    rows = tuple(StoredRow(event.name, event.time_control, row, names[row.member_id])
                 for event, report in replay(club.initial_ratings(), [e for _, _, e in events]) for row in report)
    after = replace(club, ratings=rows)
    before_now, after_now = current_ratings(club), current_ratings(after)
    members = [f"{names[m]} ({m}), {c}: {before_now[(m, c)][0]} -> {after_now[(m, c)][0]}"
               for (m, c) in sorted(after_now) if before_now[(m, c)][0] != after_now[(m, c)][0]]
    stored = {(s.tournament, s.row.member_id): s for s in club.ratings}
    fresh = {(s.tournament, s.row.member_id): s for s in rows}
    lines = []
    for key in sorted(stored.keys() | fresh.keys()):
        old, new = stored.get(key), fresh.get(key)
        if old is None or new is None or old.row != new.row or old.time_control != new.time_control:
            show = lambda s: "none" if s is None else f"{s.row.rating_before}{s.row.change:+d}={s.row.rating_after}"  # noqa: E731
            lines.append(f"{key[0]}: member {key[1]}: stored {show(old)}, recomputed {show(new)}")
    return after, members, lines


def update_club_ratings(tournament_path: Path) -> list[str]:
    """After a club tournament is finalised or corrected: rebuild the club's ratings.

    Returns the lines to show (whose ratings changed); nothing for a tournament
    outside any club.
    """
    from arbiter_cli.store.club import ClubFolder, club_of

    club_path = club_of(tournament_path)
    if club_path is None:
        return []
    folder = ClubFolder(club_path)
    with folder.lock(exclusive=True):
        club = folder.load()
        after, members, _ = _recomputed(club, club_path)
        gone = sorted({s.tournament for s in club.ratings} - {s.tournament for s in after.ratings})
        if gone:
            return [f"club ratings NOT updated: {', '.join(gone)} rated before but no longer finalised in "
                    f"{club_path / 'tournaments'}; see 'arbiter -d {club_path} ratings recompute'"]
        folder.save(club, after, _command_line(), [Change("club rating", "", line) for line in members])
    return [f"club rating: {line}" for line in members] or ["club ratings: no rating changed"]


@ratings_app.callback()
def ratings(
    context: typer.Context,
    time_control: TimeControlOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The club's current rating list (subcommands: changes, history, recompute)."""
    from arbiter_cli.ratings.club import current_ratings

    if context.invoked_subcommand is not None:
        return
    controls = _control(time_control)
    with _club(False) as (_, club):
        current = current_ratings(club)
        records = []
        for m in club.members:
            record: dict[str, object] = {"member_id": m.id, "name": m.name}
            for control in controls:
                record[control], record[f"{control}_games"] = current[(m.id, control)]
            records.append(record)
    if len(controls) == 1:  # a rating list: strongest first
        records.sort(key=lambda r: (-int(r[controls[0]]), str(r["name"])))  # type: ignore[call-overload]
    columns = [Column("member_id", "Id", lambda r: str(r["member_id"]), "right"),
               Column("name", "Name", lambda r: str(r["name"]))]
    for control in controls:
        columns.append(Column(control, control.title(), lambda r, c=control: str(r[c]), "right"))
        columns.append(Column(f"{control}_games", "Games", lambda r, c=control: str(r[f"{c}_games"]), "right"))
    emit(View(f"{club.settings.name}: club ratings", records, columns), fmt)


def _tournament_name(club_path: Path, text: str) -> str:
    from arbiter_cli.store.club import club_of

    candidate = Path(text)
    if candidate.exists() and club_of(candidate) == club_path.resolve():
        return candidate.resolve().name
    return candidate.name


@ratings_app.command("changes")
def ratings_changes(
    tournament: Annotated[str, typer.Argument(metavar="TOURNAMENT", help="Its folder name in the club, or its path.")],
    fmt: FormatOption = Format.table,
) -> None:
    """One row per player: Ro, K, rated games, score, expected score, change, new rating (and TPR)."""
    from arbiter_cli.store.club import TOURNAMENTS_DIR

    with _club(False) as (folder, club):
        name = _tournament_name(folder.path, tournament)
        rows = [s for s in club.ratings if s.tournament == name]
        if not rows:
            exists = (folder.path / TOURNAMENTS_DIR / name).is_dir()
            raise Refused(f"tournament {name} is not finalised yet, so it has changed no rating" if exists
                          else f"there is no tournament {name!r} in {folder.path / TOURNAMENTS_DIR}")
    records = [{"member_id": s.row.member_id, "name": s.name, "rating_before": s.row.rating_before, "k": s.row.k,
                "games": s.row.games, "score": s.row.score, "expected": s.row.expected, "change": s.row.change,
                "rating_after": s.row.rating_after, "performance": s.row.performance} for s in rows]
    columns = [
        Column("member_id", "Id", lambda r: str(r["member_id"]), "right"),
        Column("name", "Name", lambda r: str(r["name"])),
        Column("rating_before", "Ro", lambda r: str(r["rating_before"]), "right"),
        Column("k", "K", lambda r: str(r["k"]), "right"),
        Column("games", "Games", lambda r: str(r["games"]), "right"),
        Column("score", "Score", lambda r: format_points(r["score"]), "right"),
        Column("expected", "Expected", lambda r: format_points(r["expected"], ascii=True), "right"),
        Column("change", "Δ", lambda r: f"{r['change']:+d}", "right"),
        Column("rating_after", "Rn", lambda r: str(r["rating_after"]), "right"),
        Column("performance", "TPR", lambda r: "" if r["performance"] is None else str(r["performance"]), "right"),
    ]
    view = View(f"{name}: rating changes ({rows[0].time_control})", records, columns,
                csv_value=lambda r, k: points_to_json(r[k]) if isinstance(r[k], Fraction) else r[k])
    emit(view, fmt)


@ratings_app.command("history")
def ratings_history(
    member_id: Annotated[int, typer.Argument(metavar="MEMBER")],
    time_control: TimeControlOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The member's rating after each tournament, per time control."""
    controls = _control(time_control)
    with _club(False) as (_, club):
        member = club.member(member_id)
        if member is None:
            raise BadArgument(f"there is no member {member_id}", field="MEMBER")
        initial = club.initial_ratings()[member_id]
        rows = [s for s in club.ratings if s.row.member_id == member_id and s.time_control in controls]
    records = [{"time_control": c, "tournament": "(initial)", "rating": initial[c], "change": None} for c in controls]
    records += [{"time_control": s.time_control, "tournament": s.tournament, "rating": s.row.rating_after,
                 "change": s.row.change} for s in rows]
    records.sort(key=lambda r: controls.index(str(r["time_control"])))
    columns = [Column("time_control", "Time control", lambda r: str(r["time_control"])),
               Column("tournament", "Tournament", lambda r: str(r["tournament"])),
               Column("rating", "Rating", lambda r: str(r["rating"]), "right"),
               Column("change", "Δ", lambda r: "" if r["change"] is None else f"{r['change']:+d}", "right")]
    emit(View(f"{member.name}: club rating history", records, columns), fmt)
    if fmt is Format.table and sys.stdout.isatty():
        for control in controls:
            values = [int(r["rating"]) for r in records if r["time_control"] == control]  # type: ignore[arg-type]
            if len(values) > 1:
                print(f"{control:>8} {sparkline(values)} {values[0]} -> {values[-1]}")


def sparkline(values: list[int]) -> str:
    """A one-line chart of a rating over time.

    >>> sparkline([1500, 1520, 1510, 1560])
    '▁▃▂█'
    """
    bars = "▁▂▃▄▅▆▇█"
    low, high = min(values), max(values)
    if high == low:
        return bars[3] * len(values)
    return "".join(bars[(v - low) * (len(bars) - 1) // (high - low)] for v in values)


@ratings_app.command("recompute")
def ratings_recompute(
    yes: Annotated[bool, typer.Option("--yes", help="Also drop the history of tournaments that are gone.")] = False,
) -> None:
    """Rebuild every club rating from the initial ratings and the finalised tournaments,
    and report any difference from what was stored."""
    with _club(True) as (folder, club):
        after, members, lines = _recomputed(club, folder.path)
        gone = sorted({s.tournament for s in club.ratings} - {s.tournament for s in after.ratings})
        if gone and not yes:
            raise Refused(f"{', '.join(gone)}: in ratings.csv but no longer a finalised tournament in "
                          f"{folder.path / 'tournaments'}; rebuilding would delete that history and change "
                          "every later rating. Nothing was changed; give --yes to do it")
        if lines:
            folder.save(club, after, _command_line(), [Change("club ratings rebuilt", "", line) for line in lines])
    if not lines:
        _say("recomputed: every stored rating is as it should be")
        return
    _say(f"recomputed: {len(lines)} stored line{'s' if len(lines) != 1 else ''} differed, now rebuilt")
    for line in lines + members:
        _say(line)
