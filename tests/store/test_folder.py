"""The tournament folder: strict reading of hand-edited files and safe writing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.store.files import atomic_write as _atomic_write
from arbiter_cli.store.tournament import TournamentFolder

from conftest import PLAYERS, Runner, quiet_arbiter, snapshot


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 6-player round robin, round 1 paired, board 1 entered; built once, copied per test."""
    folder = tmp_path_factory.mktemp("template") / "event"
    assert quiet_arbiter("new", folder, "--name", "Test Open", "--system", "round-robin", "--seed", 1,
                         "--initial-colour", "white") == 0
    for name, rating, title in PLAYERS[:6]:
        assert quiet_arbiter("-d", folder, "player", "add", name, "--rating", rating, "--title", title) == 0
    assert quiet_arbiter("-d", folder, "pair") == 0
    assert quiet_arbiter("-d", folder, "result", "1", "1", "1-0") == 0
    return folder


@pytest.fixture
def event(template: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    shutil.copytree(template, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# Each case: which file to break, how, and what the one-line error must name.
CORRUPTIONS = [
    ("tournament.toml", "system = \"round-robin\"", "system = \"chaos\"", "tournament.toml, line 7, field 'system'"),
    ("tournament.toml", "name = \"Test Open\"", "name = \"Test Open", "tournament.toml, line 1: TOML syntax error"),
    ("tournament.toml", "draw = 0.5", "draw = \"lots\"", "tournament.toml, line 17, field 'scoring.draw'"),
    ("tournament.toml", "seed = 1\n", "seed = 1\ncolour = \"blue\"\n", "tournament.toml, line 12, field 'colour': unknown setting"),
    ("tournament.toml", "name = \"Test Open\"\n", "", "tournament.toml, field 'name': is missing"),
    ("tournament.toml", "rounds = 5", "rounds = 0", "tournament.toml, line 8, field 'rounds'"),
    ("tournament.toml", "tiebreaks = []", "tiebreaks = [\"SB\", \"SBX\"]", "line 12, field 'tiebreaks': unknown tie-break 'SBX'"),
    ("players.csv", ",2830,", ",strong,", "players.csv, line 2, field 'rating'"),
    ("players.csv", "start_number,name", "number,name", "players.csv, line 1: the header must be"),
    ("players.csv", "\n2,", "\n1,", "players.csv, line 3, field 'start_number': start number 1 is already used on line 2"),
    ("players.csv", ",GM,2760", ",XX,2760", "players.csv, line 3, field 'title'"),
    ("players.csv", ",active,\n", ",active\n", "players.csv, line 2: expected 11 fields, found 10"),
    ("players.csv", ",active,\n", ",gone,\n", "players.csv, line 2, field 'status'"),
    ("players.csv", ",active,\n", ",withdrawn,\n", "players.csv, line 2: a withdrawn player needs withdrawn_after"),
    ("rounds/01.csv", "1,1,6,1-0", "1,1,6,1:0", "rounds/01.csv, line 2, field 'result': unknown result '1:0'"),
    ("rounds/01.csv", "1,1,6,1-0", "1,1,16,1-0", "rounds/01.csv, line 2, field 'black': '16' is not the start number of a player"),
    ("rounds/01.csv", "2,2,5,", "2,2,1,", "rounds/01.csv, line 3, field 'black': player 1 is already in this round on line 2"),
    ("rounds/01.csv", "2,2,5,", "2,2,2,",  # (trial42: "on line 3" of line 3 itself)
     "rounds/01.csv, line 3, field 'black': player 2 is already in this round as white on this line"),
    ("rounds/01.csv", "2,2,5,", "7,2,5,", "rounds/01.csv, line 3, field 'board': expected board 2"),
    ("rounds/01.csv", "board,white", "bord,white", "rounds/01.csv, line 1: the header must be"),
    ("journal.csv", "time,command", "when,command", "journal.csv, line 1: the header must be"),
    ("journal.csv", "time,command,change,old,new,by\n", "time,command,change,old,new,by\ngarbage\n",
     "journal.csv, line 2: expected 6 fields, found 1"),
    ("tournament.toml", "rounds = 5", "rounds = 6", "tournament.toml, line 8, field 'rounds': a round-robin of 6 players has 5 rounds, not 6: 'rounds' or 'system' is wrong"),
    ("tournament.toml", "rounds = 5", "rounds = \"5\"", "tournament.toml, line 8, field 'rounds': a whole number is written without quotes: 5, not \"5\""),
    ("tournament.toml", "tiebreaks = []", "tiebreaks = \"DE\"", "field 'tiebreaks': must be a list"),
    ("tournament.toml", "draw = 0.5", "draw = \"1/3\"", "no exact decimal form"),
    ("tournament.toml", "system = \"round-robin\"", "system = \"double-round-robin\"", "a double-round-robin of 6 players has 10 rounds, not 5: 'rounds' or 'system' is wrong"),
    ("tournament.toml", "initial_colour = \"white\"", "initial_colour = \"black\"", "rounds/01.csv, line 2: the Berger table has 6-1 here"),
    ("rounds/01.csv", "1,1,6,1-0", "1,6,1,1-0", "rounds/01.csv, line 2: the Berger table has 1-6 here"),
    ("rounds/01.csv", "3,3,4,\n", "", "rounds/01.csv, line 4: the Berger table has 3 rows in this round, not 2"),
]


@pytest.mark.parametrize("name,old,new,message", CORRUPTIONS, ids=[c[3][:50] for c in CORRUPTIONS])
@pytest.mark.parametrize("command", [
    ["standings"], ["pair"], ["result", "1", "2", "1-0"], ["pairings"], ["crosstable"], ["player", "list"],
    ["player", "add", "Late, Lou"], ["player", "withdraw", "2"], ["player", "remove", "2"],
], ids=lambda c: "-".join(c[:2]))
def test_a_broken_file_is_named_with_line_and_field(arbiter: Runner, event: Path, name: str, old: str,
                                                    new: str, message: str, command: list[str]) -> None:
    edit(event / name, old, new)
    before = snapshot(event)
    result = arbiter("-d", event, *command)
    assert result.code == 3, result.err
    assert result.err.startswith("arbiter: error: ") and result.err.count("\n") == 1
    assert message in result.err, result.err
    assert result.out == ""
    assert snapshot(event) == before


@pytest.mark.parametrize("damage,message", [
    (lambda f: (f / "rounds" / "01.csv").rename(f / "rounds" / "02.csv"), "round 1 is missing"),
    (lambda f: (f / "rounds" / "01.csv").rename(f / "rounds" / "1.csv"), "rounds/1.csv: unexpected file"),
    (lambda f: (f / "rounds" / "notes.txt").write_text("hi"), "rounds/notes.txt: unexpected file"),
    (lambda f: (f / "players.csv").unlink(), "players.csv: the file is missing"),
    (lambda f: (f / "journal.csv").unlink(), "journal.csv: the file is missing"),
    (lambda f: (f / "players.csv").write_bytes(b"start_number,name\n\xff\xfe"), "players.csv, line 2: the file is not valid UTF-8"),
    (lambda f: (f / "players.csv").write_text(""), "players.csv, line 1: the file is empty"),
])
def test_structural_damage(arbiter: Runner, event: Path, damage, message: str) -> None:
    damage(event)
    before = snapshot(event)
    result = arbiter("-d", event, "standings")
    assert result.code == 3 and message in result.err, result.err
    assert snapshot(event) == before


def test_a_gap_in_start_numbers(arbiter: Runner, event: Path) -> None:
    lines = (event / "players.csv").read_text().splitlines(keepends=True)
    (event / "players.csv").write_text("".join(lines[:3] + lines[4:]))
    result = arbiter("-d", event, "standings")
    assert result.code == 3 and "start numbers must run from 1 without gaps; 3 is missing" in result.err


def test_hand_edits_that_keep_the_format_are_accepted(arbiter: Runner, event: Path) -> None:
    edit(event / "tournament.toml", 'place = ""', 'place = "Ankara"  # the venue')
    edit(event / "tournament.toml", "draw = 0.5", 'draw = "½"')
    edit(event / "rounds" / "01.csv", "2,2,5,", "2,2,5,1/2-1/2")
    assert arbiter("-d", event, "standings").code == 0


def test_reading_and_writing_round_trip(event: Path) -> None:
    folder = TournamentFolder(event)
    tournament = folder.load()
    for name, text in folder.files_of(tournament).items():
        assert (event / name).read_text(encoding="utf-8") == text, name


def test_atomic_write_leaves_no_temp_file_and_replaces_whole(tmp_path: Path) -> None:
    target = tmp_path / "f.csv"
    target.write_text("old\n")
    _atomic_write(target, "new\n")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["f.csv"]


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.csv"
    target.write_text("old\n")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        _atomic_write(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["f.csv"]


def test_a_held_lock_makes_a_writer_wait_then_give_up(arbiter: Runner, event: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_LOCK_TIMEOUT", "0.2")
    before = snapshot(event)
    with TournamentFolder(event).lock(exclusive=True):
        result = arbiter("-d", event, "result", "1", "2", "1-0")
    assert result.code == 5 and "another arbiter command is using this tournament" in result.err
    assert snapshot(event) == before
    assert arbiter("-d", event, "result", "1", "2", "1-0").code == 0


def test_a_folder_without_write_permission_can_still_be_read(arbiter: Runner, event: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Readers go on without the lock when the lock file cannot be created; writers refuse."""
    real_open = os.open

    def no_lock_file(path, flags, *args):  # type: ignore[no-untyped-def]
        if str(path).endswith(".arbiter.lock"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", no_lock_file)
    assert arbiter("-d", event, "standings").code == 0
    before = snapshot(event)
    result = arbiter("-d", event, "result", "1", "2", "1-0")
    assert result.code == 3 and "cannot open the lock file" in result.err
    assert snapshot(event) == before


def test_load_raises_folder_error_with_location(event: Path) -> None:
    edit(event / "players.csv", ",2740,", ",x,")
    with pytest.raises(BrokenFolder) as info:
        TournamentFolder(event).load()
    assert (info.value.source, info.value.line, info.value.field) == ("players.csv", 5, "rating")


def test_an_excused_0_0_written_by_an_earlier_version_still_reads(tmp_path: Path) -> None:
    """A 0-0 counted as unplayed before it was settled as a game played (C.07 16.1), so an earlier
    version could store it with the note 'excused': the folder still reads, without the note."""
    import shutil

    from conftest import ROOT

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "double-rr6-ready", folder)
    round_file = folder / "rounds" / "04.csv"
    lines = round_file.read_text(encoding="utf-8").splitlines()
    lines[0] += ",note"
    lines[1] = ",".join(lines[1].split(",")[:3] + ["0-0", "excused"])
    lines[2:] = [line + "," for line in lines[2:]]
    round_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    game = TournamentFolder(folder).load().rounds[3].games[0]
    assert game.result is not None and game.result.value == "0-0" and game.note is None


def test_a_change_that_would_leave_the_event_unsound_is_refused_and_nothing_written(tmp_path: Path) -> None:
    """The net under the acts: save() checks the event it writes (lifecycle/integrity.py)."""
    import shutil
    from dataclasses import replace

    import pytest

    from arbiter_cli.core.errors import Refused
    from arbiter_cli.lifecycle.change import Change
    from arbiter_cli.store.tournament import TournamentFolder
    from conftest import ROOT, snapshot

    path = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", path)
    folder = TournamentFolder(path)
    before = folder.load()
    cut = replace(before.rounds[2], games=before.rounds[2].games[:-1])
    broken = replace(before, rounds=tuple(cut if r.number == 3 else r for r in before.rounds))
    files = snapshot(path)
    with folder.lock(), pytest.raises(Refused, match=r"this change would leave the folder unsound \(rounds/03.csv: "
                                                     r"player \d+ .* is in neither a game nor a bye of round 3"):
        folder.save(before, broken, "test", [Change("round 3 board 16", "", "gone")])
    assert snapshot(path) == files


def test_what_a_killed_new_or_import_left_beside_the_folder_is_cleared(tmp_path: Path) -> None:
    import subprocess

    from arbiter_cli.core.model import Settings
    from arbiter_cli.store.tournament import TournamentFolder

    dead = subprocess.Popen(["true"])
    dead.wait()
    for kind in ("new", "import"):
        (tmp_path / f".ev.{kind}-{dead.pid}" / "rounds").mkdir(parents=True)
    living = tmp_path / ".ev.new-1"  # a process still running (pid 1): left alone
    living.mkdir()
    TournamentFolder.create(tmp_path / "ev", Settings(name="x", system="swiss", rounds=5, seed=1), "test")
    assert sorted(p.name for p in tmp_path.iterdir()) == [living.name, "ev"]


def test_a_key_in_a_nested_table_is_found_on_its_own_line() -> None:
    from arbiter_cli.store.files import toml_line

    text = "name = 'x'\n[groups]\ncount = 4\n\n[groups.knockout]\ngames_per_match = 0\nseeding = 'x'\n"
    assert toml_line(text, ["groups", "knockout", "games_per_match"]) == 6
    assert toml_line(text, ["groups", "count"]) == 3
    assert toml_line(text, ["groups", "knockout"]) == 5  # the table itself: its header
    assert toml_line(text, ["groups", "members", "A"]) == 2  # not written: the nearest table
    assert toml_line(text, ["name"]) == 1 and toml_line(text, ["rounds"]) is None


@pytest.mark.parametrize("folder,old,new,message", [
    ("swiss32-in-progress", "rounds = 7", "rounds = 3",
     "tournament.toml, line 9, field 'rounds': there are 5 round files but the event has 3 rounds"),
    ("swiss32-in-progress", 'system = "swiss"', 'system = "round-robin"',
     "tournament.toml, line 9, field 'rounds': a round-robin of 32 players has 31 rounds, not 7: 'rounds' or "
     "'system' is wrong"),
    ("team-swiss20-in-progress", "[team]\n", "[team]\nmatch_win = -2\n",
     "tournament.toml, line 27, field 'team': match points must satisfy match_win > match_draw >= match_loss >= 0"),
], ids=["round files", "system", "team table rule"])
def test_a_setting_that_contradicts_the_folder_is_named_with_its_line(arbiter: Runner, sample: Callable[[str], Path], folder: str,
                                                                      old: str, new: str, message: str) -> None:
    """Every bad input names the file, the line and the field (trial37: these three had no line)."""
    event = sample(folder)
    edit(event / "tournament.toml", old, new)
    before = snapshot(event)
    result = arbiter("-d", event, "standings")
    assert (result.code, result.err) == (3, f"arbiter: error: {message}\n")
    assert snapshot(event) == before
