"""A group event's folder writes a stage and its own change as one step, all or nothing (issue 24)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from conftest import snapshot
from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.group_settings import FINAL, GroupEvent, GroupSettings
from arbiter_cli.core.model import Player, Settings, Status, System, Tournament
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.group_stages import round_robin_stage, stage_changes, start_groups
from arbiter_cli.store.group_folder import STAGES_DIR, GroupFolder
from arbiter_cli.store.kinds import folder_kind


def registered(path: Path, players: int = 8) -> GroupFolder:
    """A group event of two groups (the first two of each to the final) with ``players`` registered."""
    settings = Settings(name="Cup", system=System.ROUND_ROBIN, seed=3)
    folder = GroupFolder.create_event(path, GroupEvent(Tournament(settings), GroupSettings(count=2, advance=2)),
                                      "arbiter new")
    with folder.lock():
        before = folder.load()
        entrants = tuple(Player(start_number=i, name=f"Player {i:02d}", rating=2500 - 10 * i)
                         for i in range(1, players + 1))
        folder.save(before, replace(before, players=entrants), "arbiter player import", [Change("players", "", "8")])
    return folder


def started(folder: GroupFolder) -> tuple[GroupEvent, GroupEvent, dict[str, Tournament], list[Change],
                                          dict[str, list[Change]]]:
    event = folder.load_event()
    after, stages, changes = start_groups(event)
    journals = {name: stage_changes(event.tournament.settings, stage) for name, stage in stages.items()}
    return event, after, stages, changes, journals


def test_starting_the_groups_writes_every_stage_and_the_events_change_in_one_step(tmp_path: Path) -> None:
    folder = registered(tmp_path / "cup")
    with folder.lock():
        event, after, stages, changes, journals = started(folder)
        folder.start_groups(event, after, stages, "arbiter pair", changes, journals)
    with folder.lock(exclusive=False):
        assert folder.load_event().tournament.settings.status is Status.RUNNING
        assert folder.stage_names() == ["A", "B"]
    for name in ("A", "B"):
        stage = folder.stage(name)
        assert folder_kind(stage.path).name == "tournament"
        with stage.lock(exclusive=False):
            assert len(stage.load().rounds) == 3
        assert [entry.change.change for entry in stage.journal()][-1] == "rounds 1-3 paired"
    assert [entry.change.change for entry in folder.journal()][-4:] == [
        "groups dealt in snake order by seeding", "group A paired", "group B paired", "status"]


def test_the_new_stages_go_again_when_the_events_own_write_fails(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder = registered(tmp_path / "cup")
    before = snapshot(folder.path)

    def full_disk(*_: object, **__: object) -> None:
        raise BrokenFolder("cannot write the file: No space left on device; nothing was changed",
                           source="tournament.toml")

    with folder.lock():
        event, after, stages, changes, journals = started(folder)
        monkeypatch.setattr(folder, "save_event", full_disk)
        with pytest.raises(BrokenFolder, match="No space left"):
            folder.start_groups(event, after, stages, "arbiter pair", changes, journals)
    assert not (folder.path / STAGES_DIR).exists()
    assert snapshot(folder.path) == before


def interrupted(*_: object, **__: object) -> None:
    raise KeyboardInterrupt  # Ctrl-C while the event's own change is written


def test_adding_the_final_writes_its_folder_and_the_events_journal_or_neither(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    folder = registered(tmp_path / "cup")
    with folder.lock():
        event, after, stages, changes, journals = started(folder)
        folder.start_groups(event, after, stages, "arbiter pair", changes, journals)
    with folder.lock():
        event = folder.load_event()
        final = round_robin_stage(event.tournament.settings, "final", event.tournament.players[:4], 2)
        journal = stage_changes(event.tournament.settings, final)
        before = snapshot(folder.path)
        real_save = folder.save_event
        monkeypatch.setattr(folder, "save_event", interrupted)
        with pytest.raises(KeyboardInterrupt):
            folder.add_final(event, event, final, "arbiter pair", [Change("final paired", "", "4 players")], journal)
        assert not folder.stage_path(FINAL).exists() and snapshot(folder.path) == before
        monkeypatch.setattr(folder, "save_event", real_save)
        folder.add_final(event, event, final, "arbiter pair", [Change("final paired", "", "4 players")], journal)
    assert folder.journal()[-1].change == Change("final paired", "", "4 players")
    with folder.stage(FINAL).lock(exclusive=False):
        assert len(folder.stage(FINAL).load().players) == 4
