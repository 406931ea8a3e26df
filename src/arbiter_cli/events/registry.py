"""The registry: a folder opened as its event, a new event made as its kind.

:func:`open_event` is the one place that tells the kinds apart: it asks the store what kind
of folder it is (:func:`arbiter_cli.store.kinds.folder_kind` tells a club, a group event, a
knockout, a team event and an individual event apart) and opens it as that kind. A new kind (an
Olympiad, a Scheveningen) is a new :class:`~arbiter_cli.events.base.Event` subclass in its own
module, a store folder of its own, and one line in :data:`KINDS`; no command changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import secrets
from dataclasses import replace
from pathlib import Path

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.events.base import Caller, Event, Silent, check_new_folder
from arbiter_cli.events.club import ClubEvent
from arbiter_cli.events.groups import GroupEvent
from arbiter_cli.events.individual import IndividualEvent
from arbiter_cli.events.knockout import KnockoutEvent
from arbiter_cli.events.team import TeamEvent
from arbiter_cli.lifecycle.new_event import (NewEvent, NewGroupEvent, NewIndividual, NewKnockout, NewOptions,
                                             NewTeamEvent, plan_new_event)
from arbiter_cli.store.kinds import KINDS as FOLDER_KINDS
from arbiter_cli.store.kinds import FolderKind, folder_kind
from arbiter_cli.store.names import SETTINGS_FILE

if TYPE_CHECKING:
    from arbiter_cli.render.site.sites import SiteOptions

__all__ = ["KINDS", "MADE_BY", "open_event", "open_club", "NewOptions", "new_event", "new_club", "site_pages"]

#: Each kind of folder (the store's name for it) and the kind of event it holds.
KINDS: dict[str, type[Event]] = {"club": ClubEvent, "groups": GroupEvent, "knockout": KnockoutEvent,
                                 "team": TeamEvent, "tournament": IndividualEvent}


def open_event(path: Path, caller: Caller, group: str | None = None) -> Event:
    """The folder at ``path`` as its kind of event (a folder of no kind: an individual event's,
    whose reading says what is missing). ``group``: a group event's stage (``--group NAME``),
    opened as its own event; any other kind refuses it. A stage opened by its own path (``-d
    EVENT/stages/A``) is opened as the group event's stage too, so that it keeps the group's rules."""
    found = _kind_of(path)
    kind = KINDS[found.name] if found is not None else IndividualEvent
    if group is not None:
        if kind is not GroupEvent:
            raise BadArgument("is for a group event (arbiter new --system groups)", field="--group")
        return GroupEvent(path, caller).stage_event(group)
    event = _group_of(path, caller)
    if event is not None and kind in (IndividualEvent, KnockoutEvent):
        return event.stage_event(path.resolve().name, prefix="")
    return kind(path, caller)


def _kind_of(path: Path) -> FolderKind | None:
    """The kind of folder at ``path``. A folder with an event's settings is an event, whatever else
    lies in it (a stray ``club.toml`` does not make it a club: every event command refused it)."""
    found = folder_kind(path)
    if found is not None and found.name == "club" and (path / SETTINGS_FILE).is_file():
        return next((kind for kind in FOLDER_KINDS if kind.name != "club" and kind.detect(path)), None)
    return found


def _group_of(path: Path, caller: Caller) -> GroupEvent | None:
    """The group event whose stage the folder at ``path`` is (``EVENT/stages/NAME``), if it is one."""
    from arbiter_cli.store.group_folder import STAGES_DIR

    parent = path.resolve().parent
    if parent.name != STAGES_DIR:
        return None
    above = folder_kind(parent.parent)
    return GroupEvent(parent.parent, caller) if above is not None and above.name == "groups" else None


def open_club(path: Path, caller: Caller) -> Event:
    """The club a club command works on at ``path``: the club folder itself, or, in one of its
    tournaments (``CLUB/tournaments/NAME``), its club."""
    from arbiter_cli.store.club import CLUB_FILE, club_folder_of

    home = club_folder_of(path)
    if not (home / CLUB_FILE).is_file() and (path / SETTINGS_FILE).is_file():
        return open_event(path, caller)  # an event outside any club: its kind refuses a club's command
    return ClubEvent(home, caller)


def new_event(directory: Path, options: NewOptions, club: Path | None, caller: Caller) -> None:
    """``arbiter new``: make the folder of the event ``options`` describe (``club``: a club
    tournament, in that club's ``tournaments/``)."""
    from arbiter_cli.core.time_control import rating_type_for
    from arbiter_cli.store.club import CLUB_FILE, TOURNAMENTS_DIR, club_of

    if club is not None:
        if not (club / CLUB_FILE).is_file():
            raise BadArgument(f"{club} is not a club folder ({CLUB_FILE} is missing)", field="--club")
        if len(directory.parts) == 1:
            directory = club / TOURNAMENTS_DIR / directory
        elif club_of(directory) != club.resolve():
            raise BadArgument(f"a club tournament lives in {club / TOURNAMENTS_DIR}", field="DIR")
    chosen, why = rating_type_for(options.time_control, options.rating_type, club=club_of(directory) is not None)
    seed = secrets.randbelow(2**31) if options.seed is None else options.seed
    plan = plan_new_event(replace(options, seed=seed, rating_type=chosen, club=club is not None))
    check_new_folder(directory, FOLDER_OF[type(plan)])
    MADE_BY[type(plan)].create(directory, plan, why, caller)


#: The kind of folder each new event is (:mod:`arbiter_cli.store.kinds`).
FOLDER_OF: dict[type[NewEvent], str] = {NewIndividual: "tournament", NewTeamEvent: "team", NewKnockout: "knockout",
                                        NewGroupEvent: "groups"}

#: The kind that makes each new event.
MADE_BY: dict[type[NewEvent], type[Event]] = {NewIndividual: IndividualEvent, NewTeamEvent: TeamEvent,
                                              NewKnockout: KnockoutEvent, NewGroupEvent: GroupEvent}


def site_pages(path: Path, options: SiteOptions | None = None) -> dict[str, bytes]:
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
