"""One event, many kinds (issue 24): every folder opens as its kind, and an operation a kind does
not have is refused in one place, in one form that names the kind and the kinds that have it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_cli.events.base import Event, Silent
from arbiter_cli.events.club import ClubEvent
from arbiter_cli.events.groups import GroupEvent
from arbiter_cli.events.individual import IndividualEvent
from arbiter_cli.events.knockout import KnockoutEvent
from arbiter_cli.events.registry import open_club, open_event
from arbiter_cli.events.team import TeamEvent

from conftest import Runner, snapshot

KIND_OF_SAMPLE = {"club-lyon": ClubEvent, "double-rr6-ready": IndividualEvent, "groups16-in-progress": GroupEvent,
                  "knockout24-in-progress": KnockoutEvent, "rr10-finished": IndividualEvent,
                  "swiss32-in-progress": IndividualEvent, "swiss-open-finished-prizes": IndividualEvent,
                  "team-league-in-progress": TeamEvent, "team-swiss20-in-progress": TeamEvent}

#: A command of each operation (run with -d on the sample), the operation it calls and the command
#: the refusal names.
COMMANDS = [(["bracket"], "bracket", "bracket"), (["crosstable"], "crosstable", "crosstable"),
            (["bye", "list"], "bye_list", "bye"), (["avoid", "list"], "avoid_list", "avoid"),
            (["team", "list"], "team_list", "team list"), (["team", "boards"], "team_boards", "team boards"),
            (["groups", "show"], "groups_show", "groups show"), (["player", "list"], "player_list", "player list"),
            (["unpair"], "unpair", "unpair"), (["lineup", "1", "1", "1"], "lineup", "lineup"),
            (["acceleration"], "acceleration", "acceleration")]


@pytest.mark.parametrize("name", sorted(KIND_OF_SAMPLE))
def test_open_event_opens_every_sample_folder_as_its_kind(name: str, sample) -> None:  # type: ignore[no-untyped-def]
    opened = open_event(sample(name), Silent())
    assert type(opened) is KIND_OF_SAMPLE[name]


def test_a_club_command_in_a_club_tournament_opens_its_club(sample) -> None:  # type: ignore[no-untyped-def]
    club = sample("club-lyon")
    tournament = next(p for p in (club / "tournaments").iterdir() if p.is_dir())
    opened = open_club(tournament, Silent())
    assert isinstance(opened, ClubEvent) and opened.path.resolve() == club.resolve()


def test_a_stage_of_a_group_event_opens_as_its_own_kind(sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("groups16-in-progress")
    stage = open_event(folder, Silent(), "a")
    assert type(stage) is IndividualEvent and stage.stage == "stages/A/"


def test_which_kinds_have_an_operation_is_read_from_the_kinds_themselves() -> None:
    assert TeamEvent.has("lineup") and not IndividualEvent.has("lineup")
    assert KnockoutEvent.has("bracket") and KnockoutEvent.has("player_add") and not KnockoutEvent.has("avoid")
    assert GroupEvent.has("groups_show") and not ClubEvent.has("pair")
    assert not Event.has("pair")


@pytest.mark.parametrize("name", sorted(KIND_OF_SAMPLE))
def test_an_operation_a_kind_lacks_is_refused_in_one_form_and_changes_nothing(arbiter: Runner, sample,  # type: ignore[no-untyped-def]
                                                                               name: str) -> None:
    folder: Path = sample(name)
    kind = KIND_OF_SAMPLE[name]
    before = snapshot(folder)
    lacking = [(args, operation, command) for args, operation, command in COMMANDS if not kind.has(operation)]
    assert lacking
    for args, operation, command in lacking:
        done = arbiter("-d", folder, *args)
        assert done.code == 4, (args, done.err)
        assert f"holds {kind.noun}: 'arbiter {command}' is for " in done.err, (args, done.err)
        having = [k.plural for k in {*KIND_OF_SAMPLE.values()} if k.has(operation)]
        assert all(plural in done.err for plural in having), (args, done.err)
        assert done.err.count("\n") == 1
    assert snapshot(folder) == before
