"""The registry: a folder opened as its event, a new event made as its kind.

:func:`open_event` is the one place that tells the kinds apart: it asks the store what kind
of folder it is (:func:`arbiter_cli.store.kinds.folder_kind` tells a club, a group event, a
knockout, a team event and an individual event apart) and opens it as that kind. A new kind (an
Olympiad, a Scheveningen) is a new :class:`~arbiter_cli.events.base.Event` subclass in its own
module, a store folder of its own, its name in :data:`KINDS` and its case in :func:`event_kind`;
no command changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.events.base import Caller, Event, Silent, check_new_folder, every_kind_from
from arbiter_cli.store.kinds import KINDS as FOLDER_KINDS
from arbiter_cli.store.kinds import FolderKind, folder_kind
from arbiter_cli.store.names import SETTINGS_FILE, STAGES_DIR

if TYPE_CHECKING:
    from arbiter_cli.events.groups import GroupEvent
    from arbiter_cli.lifecycle.new_event import NewEvent, NewOptions
    from arbiter_cli.render.site.sites import SiteOptions

__all__ = ["KINDS", "event_kind", "made_by", "open_event", "open_club", "NewOptions", "new_event", "new_club", "site_pages"]


#: The kinds of folder (the store's names for them) that hold an event, in the order a refusal
#: lists the kinds that have an operation (:meth:`Event.lacks`).
KINDS: tuple[str, ...] = ("club", "team", "tournament", "knockout", "groups")


def event_kind(name: str) -> type[Event]:
    """The kind of event a kind of folder holds. Its module is imported here, when a folder of that
    kind is opened: a command on a Swiss never loads the team, knockout, group or club code."""
    match name:
        case "club":
            from arbiter_cli.events.club import ClubEvent

            return ClubEvent
        case "team":
            from arbiter_cli.events.team import TeamEvent

            return TeamEvent
        case "knockout":
            from arbiter_cli.events.knockout import KnockoutEvent

            return KnockoutEvent
        case "groups":
            from arbiter_cli.events.groups import GroupEvent

            return GroupEvent
    from arbiter_cli.events.individual import IndividualEvent

    return IndividualEvent


every_kind_from(lambda: [event_kind(name) for name in KINDS])


def __getattr__(name: str) -> object:
    """``NewOptions`` (``arbiter new``'s options), imported when asked for: the plan of a new
    event loads every kind's settings, which no other command needs."""
    if name == "NewOptions":
        from arbiter_cli.lifecycle.new_event import NewOptions

        return NewOptions
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def open_event(path: Path, caller: Caller, group: str | None = None) -> Event:
    """The folder at ``path`` as its kind of event (a folder of no kind: an individual event's,
    whose reading says what is missing). ``group``: a group event's stage (``--group NAME``),
    opened as its own event; any other kind refuses it. A stage opened by its own path (``-d
    EVENT/stages/A``) is opened as the group event's stage too, so that it keeps the group's rules."""
    found = _kind_of(path)
    name = found.name if found is not None else "tournament"
    if group is not None:
        if name != "groups":
            raise BadArgument("is for a group event (arbiter new --system groups)", field="--group")
        return _group_event(path, caller).stage_event(group)
    if name in ("tournament", "knockout"):
        event = _group_of(path, caller)
        if event is not None:
            return event.stage_event(path.resolve().name, prefix="")
    return event_kind(name)(path, caller)


def _group_event(path: Path, caller: Caller) -> GroupEvent:
    """The group event at ``path``, whose stages open as events of their own."""
    from arbiter_cli.events.groups import GroupEvent

    return GroupEvent(path, caller)


def _kind_of(path: Path) -> FolderKind | None:
    """The kind of folder at ``path``. A folder with an event's settings is an event, whatever else
    lies in it (a stray ``club.toml`` does not make it a club: every event command refused it)."""
    found = folder_kind(path)
    if found is not None and found.name == "club" and (path / SETTINGS_FILE).is_file():
        return next((kind for kind in FOLDER_KINDS if kind.name != "club" and kind.detect(path)), None)
    return found


def _group_of(path: Path, caller: Caller) -> GroupEvent | None:
    """The group event whose stage the folder at ``path`` is (``EVENT/stages/NAME``), if it is one."""
    parent = path.resolve().parent
    if parent.name != STAGES_DIR:
        return None
    above = folder_kind(parent.parent)
    return _group_event(parent.parent, caller) if above is not None and above.name == "groups" else None


def open_club(path: Path, caller: Caller) -> Event:
    """The club a club command works on at ``path``: the club folder itself, or, in one of its
    tournaments (``CLUB/tournaments/NAME``), its club."""
    from arbiter_cli.store.club import CLUB_FILE, club_folder_of

    home = club_folder_of(path)
    if not (home / CLUB_FILE).is_file() and (path / SETTINGS_FILE).is_file():
        return open_event(path, caller)  # an event outside any club: its kind refuses a club's command
    return event_kind("club")(home, caller)


def new_event(directory: Path, options: NewOptions, club: Path | None, caller: Caller) -> None:
    """``arbiter new``: make the folder of the event ``options`` describe (``club``: a club
    tournament, in that club's ``tournaments/``)."""
    from arbiter_cli.core.time_control import rating_type_for
    from arbiter_cli.lifecycle.new_event import plan_new_event
    from arbiter_cli.store.club import CLUB_FILE, TOURNAMENTS_DIR, club_of

    if club is not None:
        if not (club / CLUB_FILE).is_file():
            raise BadArgument(f"{club} is not a club folder ({CLUB_FILE} is missing)", field="--club")
        if len(directory.parts) == 1:
            directory = club / TOURNAMENTS_DIR / directory
        elif club_of(directory) != club.resolve():
            raise BadArgument(f"a club tournament lives in {club / TOURNAMENTS_DIR}", field="DIR")
    chosen, why = rating_type_for(options.time_control, options.rating_type, club=club_of(directory) is not None)
    import secrets  # here: only 'new' draws a seed (start-up, issue 29)

    seed = secrets.randbelow(2**31) if options.seed is None else options.seed
    plan = plan_new_event(replace(options, seed=seed, rating_type=chosen, club=club is not None))
    folder = made_by(plan)
    check_new_folder(directory, folder)
    event_kind(folder).create(directory, plan, why, caller)


def made_by(plan: NewEvent) -> str:
    """The kind of folder a new event is (:mod:`arbiter_cli.store.kinds`), and so the kind of
    event (:func:`event_kind`) that makes it."""
    from arbiter_cli.lifecycle.new_event import NewGroupEvent, NewIndividual, NewKnockout, NewTeamEvent

    match plan:
        case NewIndividual():
            return "tournament"
        case NewTeamEvent():
            return "team"
        case NewKnockout():
            return "knockout"
        case NewGroupEvent():
            return "groups"


def site_pages(path: Path, options: SiteOptions | None = None) -> Mapping[str, bytes]:
    """The site of the event or club folder at ``path``, as ``arbiter publish`` writes it: relative
    POSIX path -> bytes (for scripts and tests)."""
    return open_event(path, Silent()).site(options)


def new_club(directory: Path, name: str, default_rating: int, caller: Caller) -> None:
    """``arbiter club new``: a club folder (club.toml, members.csv, tournaments/)."""
    from pydantic import ValidationError

    from arbiter_cli.core.errors import pydantic_message
    from arbiter_cli.ratings.club import ClubSettings
    from arbiter_cli.store.club import ClubFolder

    try:
        settings = ClubSettings(name=name, default_rating=default_rating)
    except ValidationError as error:
        first = error.errors()[0]
        raise BadArgument(pydantic_message(first), field="--" + str(first["loc"][0]).replace("_", "-")) from None
    check_new_folder(directory, "club", "make the club")
    ClubFolder.create(directory, settings, caller.command, caller.by)
    caller.say(f"created club {directory}: {name}; add members with 'arbiter -d {directory} member add'")
