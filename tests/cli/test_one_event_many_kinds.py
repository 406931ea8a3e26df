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
        assert f"holds {open_event(folder, Silent()).described()}: 'arbiter {command}' is for " in done.err, \
            (args, done.err)
        having = [k.plural for k in {*KIND_OF_SAMPLE.values()} if k.has(operation)]
        assert all(plural in done.err for plural in having), (args, done.err)
        assert done.err.count("\n") == 1
    assert snapshot(folder) == before


def _finished_groups(arbiter: Runner, sample) -> Path:  # type: ignore[no-untyped-def]
    """groups16-in-progress played to the end of its round-robin final."""
    folder: Path = sample("groups16-in-progress")
    assert arbiter("-d", folder, "result", "3", "2", "1/2", "--group", "D").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    for number in range(1, 8):
        done = arbiter("-d", folder, "result", str(number), "--group", "final", "--from", "-",
                       stdin="1 1-0\n2 1/2\n3 0-1\n4 1/2\n")
        assert done.code == 0, done.err
    return folder


def test_finalizing_a_group_event_changes_nothing_when_a_stage_s_prize_fund_is_broken(arbiter: Runner,  # type: ignore[no-untyped-def]
                                                                                       sample) -> None:
    """Every stage's final files are made before any is written: a broken stages/C/prizes.toml
    stops the whole act, named from the event's folder (found by a new user: groups A and B were
    closed before C failed)."""
    folder = _finished_groups(arbiter, sample)
    (folder / "stages" / "C" / "prizes.toml").write_text("places = [1, 50]\n", encoding="utf-8")
    before = snapshot(folder)
    done = arbiter("-d", folder, "finalize")
    assert done.code == 3 and "stages/C/prizes.toml, line 1, field 'places'" in done.err, done.err
    assert snapshot(folder) == before
    (folder / "stages" / "C" / "prizes.toml").unlink()
    assert arbiter("-d", folder, "finalize").code == 0


def test_a_new_folder_is_never_made_inside_what_an_event_or_a_club_keeps(arbiter: Runner, sample,  # type: ignore[no-untyped-def]
                                                                         tmp_path: Path) -> None:
    """new, import and club new refuse a place an event or club owns (its rounds/, final/, a group
    event's stages/, a club tournament's own folders); a club's tournaments/ takes a new club
    tournament, of the kinds it declares."""
    swiss, groups, club = sample("swiss32-in-progress"), sample("groups16-in-progress"), sample("club-lyon")
    trf = tmp_path / "s.trf"
    assert arbiter("-d", swiss, "export", "-o", trf).code == 0
    kept = {name: snapshot(folder) for name, folder in (("swiss", swiss), ("groups", groups), ("club", club))}
    tournament = next(p for p in sorted((club / "tournaments").iterdir()) if p.is_dir())
    for args in (["new", swiss / "rounds" / "x", "--name", "X", "--system", "swiss", "--rounds", "3"],
                 ["new", swiss / "final", "--name", "X", "--system", "round-robin"],
                 ["new", groups / "stages" / "E", "--name", "X", "--system", "round-robin"],
                 ["new", tournament / "rounds" / "x", "--name", "X", "--system", "round-robin"],
                 ["new", "--club", club, "ko", "--name", "X", "--system", "knockout", "--time-control", "90+30"],
                 ["import", trf, swiss / "rounds" / "imported"],
                 ["club", "new", swiss / "final" / "club", "--name", "C"]):
        done = arbiter(*args)
        assert done.code == 4 and done.err.count("\n") == 1, (args, done.err)
    assert kept == {name: snapshot(folder) for name, folder in (("swiss", swiss), ("groups", groups), ("club", club))}
    made = arbiter("new", "--club", club, "autumn", "--name", "Autumn", "--system", "swiss", "--rounds", "5",
                   "--time-control", "90+30")
    assert made.code == 0 and (club / "tournaments" / "autumn" / "tournament.toml").is_file(), made.err


def test_a_group_stage_opened_by_its_own_folder_keeps_the_group_s_players(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """A stage's players are the event's, dealt when the groups start: none is added, imported or
    removed by hand in the stage, however it is reached (-d EVENT/stages/A or --group A)."""
    folder = sample("groups16-in-progress")
    stage = folder / "stages" / "A"
    before = snapshot(folder)
    for args in (["player", "add", "New, Guy"], ["player", "remove", "1"], ["player", "import", "-"]):
        done = arbiter("-d", stage, *args, stdin="name\nNew, Guy\n")
        assert done.code == 4 and "this is group A of a group event" in done.err, (args, done.err)
    assert snapshot(folder) == before
    assert arbiter("-d", stage, "player", "list").code == 0


def test_a_prize_fund_in_a_group_event_s_own_folder_is_protected_and_said_to_be_unread(arbiter: Runner,  # type: ignore[no-untyped-def]
                                                                                       sample) -> None:
    folder = sample("groups16-in-progress")
    (folder / "prizes.toml").write_text("places = [100, 50]\n", encoding="utf-8")
    before = snapshot(folder)
    done = arbiter("-d", folder, "standings", "--html", folder / "prizes.toml")
    assert done.code == 2 and "prizes.toml is part of the tournament folder" in done.err
    assert snapshot(folder) == before
    checked = arbiter("-d", folder, "verify")
    assert checked.code == 0 and "prizes.toml here is not read" in checked.err and "stages/final/prizes.toml" in checked.err


def test_a_stray_club_toml_does_not_make_an_event_a_club(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    (folder / "club.toml").write_text("", encoding="utf-8")
    done = arbiter("-d", folder, "verify")
    assert done.code == 0 and "the folder is sound" in done.err, done.err
    assert arbiter("-d", folder, "standings", "--format", "csv").code == 0


def test_verify_of_one_stage_names_its_files_from_the_event_s_folder(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("groups16-in-progress")
    (folder / "stages" / "B" / "prizes.toml").write_text("places = [1, 50]\n", encoding="utf-8")
    whole, one = arbiter("-d", folder, "verify"), arbiter("-d", folder, "verify", "--group", "B")
    assert whole.code == one.code == 3
    assert "stages/B/prizes.toml, line 1" in whole.out and "stages/B/prizes.toml, line 1" in one.out


def test_a_refusal_names_the_system_of_an_individual_event(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    assert "holds a round robin: 'arbiter bracket'" in arbiter("-d", sample("rr10-finished"), "bracket").err
    assert "holds a Swiss: 'arbiter team list'" in arbiter("-d", sample("swiss32-in-progress"), "team", "list").err
    assert "holds a double round robin" in arbiter("-d", sample("double-rr6-ready"), "lineup", "1", "1", "1").err


def test_a_club_verifies_its_own_files_and_each_of_its_tournaments(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """Every kind has verify and log (a club's journal too); a club's tournaments are folders of its
    own, checked and named from the club's folder, as a group event's stages are."""
    club = sample("club-lyon")
    sound = arbiter("-d", club, "verify")
    assert sound.code == 0 and "the folder is sound: 8 members, 3 tournaments" in sound.err, sound.err
    assert "club created" in arbiter("-d", club, "log", "--format", "csv").out
    assert arbiter("-d", club, "log", "--round", "1").code == 2
    players = club / "tournaments" / "2026-spring-rapid" / "players.csv"
    players.write_text(players.read_text(encoding="utf-8") + "x,y\n", encoding="utf-8")
    broken = arbiter("-d", club, "verify")  # a tournament that does not read is one problem of the list
    assert broken.code == 3 and "tournaments/2026-spring-rapid/players.csv, line 8" in broken.out, broken.err
    assert "1 problem found" in broken.err


def test_a_club_tournament_is_made_with_new_club_not_imported(arbiter: Runner, sample, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A club's tournaments are its members' (new --club): an imported file would make one whose
    players are no members, rated by no one (found by a new user)."""
    club = sample("club-lyon")
    trf = tmp_path / "t.trf"
    assert arbiter("trf", "generate", "-o", trf, "--players", "8", "--rounds", "3").code == 0
    before = snapshot(club)
    done = arbiter("import", trf, club / "tournaments" / "imported")
    assert done.code == 4 and "made with 'arbiter new --club'" in done.err, done.err
    assert snapshot(club) == before


def test_a_club_command_on_an_event_outside_any_club_is_the_one_refusal(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    done = arbiter("-d", sample("swiss32-in-progress"), "member", "list")
    assert done.code == 4 and "holds a Swiss: 'arbiter member list' is for clubs" in done.err, done.err


def test_a_stage_s_refusal_does_not_send_the_arbiter_to_a_group_event(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    done = arbiter("-d", sample("groups16-in-progress"), "bracket", "--group", "A")
    assert done.code == 4 and done.err.strip().endswith("'arbiter bracket' is for knockouts"), done.err


@pytest.mark.parametrize("args", [["team", "card"], ["team", "boards"], ["team", "list"], ["bracket"]])
@pytest.mark.parametrize("place", ["missing", "empty"])
def test_an_operation_of_another_kind_on_a_folder_of_no_event_says_there_is_none(
        args: list[str], place: str, arbiter: Runner, tmp_path: Path) -> None:
    """A folder with no event opens as an individual event's; an operation that kind lacks said the
    folder held a Swiss (trial41). It says what every command reading it says: there is no event."""
    folder = tmp_path / place
    if place == "empty":
        folder.mkdir()
    before = snapshot(tmp_path)
    done = arbiter("-d", folder, *args)
    assert done.code == 3, done.err
    assert ("no tournament folder at" if place == "missing" else "is not a tournament folder") in done.err
    assert "holds" not in done.err
    assert snapshot(tmp_path) == before
