"""A group event's folder (issue 18, group stages): its registration on top, a round robin per stage inside.

::

    tournament.toml     the settings every stage shares, with system = "groups" and a [groups] table
    players.csv         every player, by start number (the seeding)
    journal.csv         the event's changes: registration, the groups set and started, the final
    stages/A/ ...       one ordinary round-robin tournament folder per group (its own players,
    stages/final/       rounds, journal and lock), and the final's once the groups are over: a
                        round robin, or a knockout folder (:mod:`arbiter_cli.store.knockout_folder`)

The top folder is read as a :class:`~arbiter_cli.store.tournament.TournamentFolder` whose settings
say ``system = "groups"``, so that ``arbiter player add|import|list|remove`` register the players
as in any event; anything else written through it (rounds, byes, finalising) is refused, since the
games live in the stages. A stage is written once, whole, when it starts: the groups are built
beside ``stages/`` and moved in by one rename; the final is built beside ``stages/final``, a
knockout final with its bracket and round 1 paired. :meth:`GroupFolder.start_groups` and
:meth:`GroupFolder.add_final` are the whole step: the new stages and the top folder's change,
the stages taken away again when the top folder cannot be written.

:data:`GROUP_LAYOUT` declares what the folder owns: its stages are folders of their own kinds in it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import shutil
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import tomli_w

from arbiter_cli.core.errors import BrokenFolder, Refused
from arbiter_cli.core.group_settings import FINAL, GroupEvent, GroupSettings, advance_fault, unknown_member
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Settings, Status, Tournament
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.store.files import Derived, Joined, process_alive
from arbiter_cli.store.layout import PENDING_FILE
from arbiter_cli.store.knockout_folder import KnockoutFolder
from arbiter_cli.store.names import is_knockout_folder
from arbiter_cli.store.layout import ACCESS, Document, Folders, Hidden, Layout, Marker, Outputs, PersonFile
from arbiter_cli.store.names import CLUB_FILE, GROUPS_SYSTEM, STAGES_DIR, TEAMS_FILE, is_group_folder
from arbiter_cli.store.tournament import (AVOID, BYES, FINAL_DIR, JOURNAL, PLAYERS, PRIZES_FILE, ROUNDS, SETTINGS_FILE,
                                          VIRTUAL, TournamentFolder, create_with, read_toml, settings_to_toml,
                                          validated_table)
from arbiter_cli.store.tables import toml_line

__all__ = ["GROUP_LAYOUT", "GroupFolder", "is_group_folder", "STAGES_DIR", "GROUPS_SYSTEM", "group_settings_to_toml"]


def group_settings_to_toml(settings: Settings, groups: GroupSettings) -> str:
    """A group event's ``tournament.toml``: the shared settings, ``system = "groups"``, ``[groups]``."""
    data = tomllib.loads(settings_to_toml(settings))
    data["system"] = GROUPS_SYSTEM
    data.pop("rounds", None)  # each stage has its own
    table: dict[str, object] = {"count": groups.count, "advance": groups.advance, "final": groups.final}
    if groups.knockout is not None:
        table["knockout"] = groups.knockout.model_dump(mode="json")
    if groups.members is not None:
        table["members"] = {name: list(numbers) for name, numbers in sorted(groups.members.items())}
    data["groups"] = table
    return tomli_w.dumps(data)


#: A group event's top folder: its registration (read as an individual event's folder, whose rounds,
#: byes and final standings it may hold), and its stages, each a round robin or a knockout final. It
#: reads no prize fund (each stage has its own), but a ``prizes.toml`` a person put there is theirs:
#: no output lands on it, and ``verify`` says where it belongs.
GROUP_LAYOUT = Layout((
    Document(SETTINGS_FILE), PLAYERS, BYES, AVOID, VIRTUAL, JOURNAL, ROUNDS, Outputs(FINAL_DIR),
    Folders(STAGES_DIR, ("tournament", "knockout")), PersonFile(PRIZES_FILE), Marker(TEAMS_FILE),
    Marker(CLUB_FILE), ACCESS, Hidden(),
))


class GroupFolder(TournamentFolder):
    """A group event's top folder."""

    layout = GROUP_LAYOUT

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(path)
        self.groups: GroupSettings | None = None  # the [groups] table, once loaded

    # -- reading -----------------------------------------------------------------

    def _load_settings(self, text: str | None = None) -> Settings:
        text = self._read_text(SETTINGS_FILE) if text is None else text
        data = read_toml(text, SETTINGS_FILE)
        if data.get("system") != GROUPS_SYSTEM:
            raise BrokenFolder(f'is not "{GROUPS_SYSTEM}": not a group event', source=SETTINGS_FILE, field="system")
        table = data.pop("groups", None)
        if not isinstance(table, dict):
            raise BrokenFolder("a group event needs its [groups] table (count, advance, final)", source=SETTINGS_FILE,
                               field="groups")
        self.groups = validated_table(GroupSettings, table, text, ("groups",))
        return validated_table(Settings, {**data, "system": "round-robin"}, text)

    def load_event(self, *, check: bool = True) -> GroupEvent:
        """The registration and the ``[groups]`` table. Call it while holding the lock. Once the groups
        have started, each holds at least ``advance`` players (trial38: ``advance = 5`` written by hand
        over groups of 4 read as sound until ``pair`` refused the final)."""
        tournament = self.load(check=check)
        groups = self.groups
        assert groups is not None
        if check and tournament.settings.status is not Status.REGISTRATION and groups.members:
            unknown = unknown_member(groups.members, {p.start_number for p in tournament.players})
            if unknown is not None:  # (trial38b: read as sound by verify, and the stages' players won silently)
                raise BrokenFolder(unknown[1], source=SETTINGS_FILE, field="groups.members",
                                   line=toml_line(self._read_text(SETTINGS_FILE), ["groups", "members", unknown[0]]))
            fault = advance_fault(groups.advance, groups.members)
            if fault is not None:
                raise BrokenFolder(fault, source=SETTINGS_FILE, field="groups.advance",
                                   line=toml_line(self._read_text(SETTINGS_FILE), ["groups", "advance"]))
        return GroupEvent(tournament, groups)

    def stage_path(self, name: str) -> Path:
        return self.path / STAGES_DIR / name

    def stage_names(self) -> list[str]:
        """The stages that exist, the groups in order and then the final."""
        if self.groups is None:
            raise RuntimeError("load the folder first")
        return [name for name in (*self.groups.names, FINAL) if (self.stage_path(name) / SETTINGS_FILE).is_file()]

    def stage(self, name: str) -> TournamentFolder:
        """A group's folder, or a round-robin final's. A knockout final is :meth:`knockout_final`."""
        return TournamentFolder(self.stage_path(name))

    def knockout_final(self) -> KnockoutFolder | None:
        """The final's folder when it is a knockout (``stages/final`` with a ``[knockout]`` table)."""
        path = self.stage_path(FINAL)
        return KnockoutFolder(path) if is_knockout_folder(path) else None

    # -- writing -----------------------------------------------------------------

    def files_of(self, tournament: Tournament) -> dict[str, str]:
        if self.groups is None:
            raise RuntimeError("load the folder first")
        return self._event_files(GroupEvent(tournament, self.groups))

    def _event_files(self, event: GroupEvent) -> dict[str, str]:
        files = super().files_of(event.tournament)
        files[SETTINGS_FILE] = group_settings_to_toml(event.tournament.settings, event.groups)
        return files

    def save(self, before: Tournament, after: Tournament, command: str, changes: Sequence[Change],
             now: dt.datetime | None = None, outputs: Derived | None = None) -> None:
        """What an individual command writes here: the registration's players, and only before the
        groups start. Anything else (a round, a bye, finalising) belongs to a stage."""
        if (after.settings != before.settings or after.rounds or after.byes or after.avoid or after.virtual
                or outputs):
            raise Refused("this is a group event: its games are in its stages; use --group NAME (pairings, result, "
                          "crosstable, standings) or -d DIR/stages/NAME; nothing was changed")
        if after.players != before.players and before.settings.status is not Status.REGISTRATION:
            raise Refused("the groups have started: a player's change goes into their stage (-d DIR/stages/NAME); "
                          "nothing was changed")
        super().save(before, after, command, changes, now, outputs)

    def save_event(self, before: GroupEvent, after: GroupEvent, command: str, changes: Sequence[Change],
                   outputs: Derived | None = None, moves: Sequence[tuple[str, str]] = (),
                   joined: Joined | None = None) -> None:
        """Write a group act's change of the top folder (the groups, the status) and journal it;
        ``outputs``: files derived from the event (the final standings of a finalised event);
        ``moves``: stages built beside their places, moved in by the same change; ``joined``: the
        stages' changes gathered for it (finalising), made by the same change."""
        self._save_files(self._event_files(before), self._event_files(after), command, changes, outputs=outputs,
                         moves=moves, joined=joined)
        self.groups = after.groups

    @classmethod
    def create_event(cls, path: str | os.PathLike[str], event: GroupEvent, command: str, by: str = "") -> "GroupFolder":
        """A new group event's folder (see :meth:`TournamentFolder.create`)."""
        text = group_settings_to_toml(event.tournament.settings, event.groups)
        TournamentFolder.create(path, event.tournament.settings, command, by, settings_text=text)
        return cls(path)

    def start_groups(self, before: GroupEvent, after: GroupEvent, stages: Mapping[str, Tournament], command: str,
                     changes: Sequence[Change], journals: Mapping[str, Sequence[Change]]) -> None:
        """Start the groups, the whole step: every group's folder written at once
        (:meth:`create_groups`, each with its ``journals`` lines) and the top folder's change from
        ``before`` to ``after`` journalled with ``changes`` (:meth:`save_event`). When the top
        folder cannot be written, the new stages are removed again: the event stays as it was.
        Call it holding the top folder's exclusive lock, with ``before`` as loaded.

        The groups are built in ``.stages.new-PID`` and moved in by the top folder's own change
        (its manifest names the move): a command killed at any moment leaves the event as it was,
        or started whole (the next command completes a change whose manifest was written)."""
        staging = self.create_groups(dict(stages), command, journals)
        with self._unless_recorded(staging):
            self.save_event(before, after, command, changes, moves=[(staging.name, STAGES_DIR)])

    def add_final(self, before: GroupEvent, after: GroupEvent, final: Tournament | KnockoutTournament, command: str,
                  changes: Sequence[Change], journal: Sequence[Change]) -> None:
        """Add the final, the whole step: its folder written whole (:meth:`create_final`, journalled
        with ``journal``) and the top folder's change from ``before`` to ``after`` journalled with
        ``changes``. When the top folder cannot be written, the new final is removed again. Call it
        holding the top folder's exclusive lock, with ``before`` as loaded. As the groups, the final
        is built beside its place (``stages/.final.new-PID``) and moved in by the top folder's change."""
        target = self.stage_path(FINAL)
        if target.exists():
            raise Refused(f"{target} already exists; nothing was changed")
        _remove_stale(target.parent, f".{FINAL}.new-")
        staging = target.with_name(f".{FINAL}.new-{os.getpid()}")
        with self._unless_recorded(staging):
            self.create_final(final, command, journal, staging)
            self.save_event(before, after, command, changes,
                            moves=[(f"{STAGES_DIR}/{staging.name}", f"{STAGES_DIR}/{FINAL}")])

    def create_groups(self, stages: dict[str, Tournament], command: str,
                      journals: Mapping[str, Sequence[Change]]) -> Path:
        """Build every group's folder in a hidden folder beside ``stages/`` (``.stages.new-PID``,
        returned), for :meth:`start_groups` to move in by one rename; a command stopped midway leaves
        no half of the groups."""
        target = self.path / STAGES_DIR
        if target.exists():
            raise Refused(f"{target} already exists; nothing was changed")
        _remove_stale(self.path, f".{STAGES_DIR}.new-")  # left by a 'pair' killed midway
        staging = self.path / f".{STAGES_DIR}.new-{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        with self._unless_recorded(staging):
            try:
                staging.mkdir()
                for name, tournament in stages.items():
                    create_with(staging / name, tournament, command, journals[name], self.by)
            except OSError as error:
                raise BrokenFolder(f"cannot create {target}: {error.strerror or error}; nothing was changed") from None
        return staging

    def create_final(self, final: Tournament | KnockoutTournament, command: str, changes: Sequence[Change],
                     path: Path | None = None) -> None:
        """Write the final's folder, whole, at ``path`` (default ``stages/final``): a round robin
        (:func:`~arbiter_cli.store.tournament.create_with`) or a knockout
        (:meth:`KnockoutFolder.create_knockout`, with its bracket and round 1)."""
        place = path or self.stage_path(FINAL)
        if isinstance(final, KnockoutTournament):
            KnockoutFolder.create_knockout(place, final, command, self.by, changes)
        else:
            create_with(place, final, command, changes, self.by)

    @contextlib.contextmanager
    def _unless_recorded(self, staging: Path) -> Iterator[None]:
        """A stage built beside its place is taken away again when the step fails before the top
        folder's manifest names its move (after that, the next command completes the move)."""
        try:
            yield
        except BaseException:
            if not (self.path / PENDING_FILE).exists():
                shutil.rmtree(staging, ignore_errors=True)
            raise


def _remove_stale(folder: Path, prefix: str) -> None:
    """The stages a 'pair' killed before its change's manifest left built beside their place."""
    for stale in folder.glob(f"{prefix}*"):
        pid = stale.name.rsplit("-", 1)[1]
        if not pid.isdigit() or int(pid) == os.getpid() or not process_alive(int(pid)):
            shutil.rmtree(stale, ignore_errors=True)
