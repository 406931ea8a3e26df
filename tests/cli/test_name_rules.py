"""A name has a sensible length and no character that reorders the text around it (issue 26):
a player's, a team's, a club member's, a club's (``--club``) and an event's name holds at most
100 characters, no control character (C0 or C1) and no bidirectional control (U+202A-U+202E,
U+2066-U+2069, U+200E, U+200F, U+061C). Registration refuses any other with one line naming
the argument, or the file, line and field of an import (exit 2), and writes nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_cli.core.model import NAME_LENGTH

from conftest import Runner, snapshot

LONG = "x" * 8000
BIDI = ("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f",
        "\u061c")


@pytest.fixture
def folders(arbiter: Runner, tmp_path: Path) -> dict[str, Path]:
    """One folder of each kind that registers names, before its first pairing."""
    made = {"event": ("--system", "swiss", "--rounds", "5"), "knockout": ("--system", "knockout"),
            "groups": ("--system", "groups", "--groups", "2", "--advance", "1"),
            "team": ("--system", "swiss", "--rounds", "5", "--teams", "--boards", "2")}
    found = {}
    for kind, options in made.items():
        folder = tmp_path / kind
        assert arbiter("new", folder, "--name", f"Open {kind}", *options, "--seed", "1").code == 0
        found[kind] = folder
    assert arbiter("-d", found["team"], "team", "add", "Rooks").code == 0
    club = tmp_path / "club"
    assert arbiter("club", "new", club, "--name", "Club").code == 0
    found["club"] = club
    return found


#: Each way a name is registered by hand: the folder, the command before the name, after it, and
#: the argument the error names.
BY_HAND = {
    "player add": ("event", ("player", "add"), ("--rating", "2000"), "NAME"),
    "knockout player add": ("knockout", ("player", "add"), (), "NAME"),
    "group event player add": ("groups", ("player", "add"), (), "NAME"),
    "player add --club": ("event", ("player", "add", "Lee, Ann", "--club"), (), "--club"),
    "team add": ("team", ("team", "add"), (), "NAME"),
    "team roster add": ("team", ("team", "roster", "Rooks", "add"), (), "PLAYER"),
    "member add": ("club", ("member", "add"), (), "NAME"),
}


def refused(arbiter: Runner, folder: Path, args: tuple[object, ...], argument: str) -> str:
    """The one error line of a refused registration, after checking that nothing changed."""
    before = snapshot(folder)
    result = arbiter("-d", folder, *args)
    assert result.code == 2, result.err
    assert snapshot(folder) == before
    line, = result.err.splitlines()
    assert line.startswith("arbiter: error: ") and f"'{argument}'" in line, line
    return line


@pytest.mark.parametrize("way", BY_HAND)
def test_an_8000_character_name_is_refused_with_exit_2_and_nothing_written(arbiter: Runner, folders, way: str) -> None:
    kind, before, after, argument = BY_HAND[way]
    line = refused(arbiter, folders[kind], (*before, LONG, *after), argument)
    assert f"is 8000 characters long; a name has at most {NAME_LENGTH}" in line
    assert len(line) < 400  # the name is not written back whole


@pytest.mark.parametrize("way", BY_HAND)
def test_a_name_of_100_characters_is_registered(arbiter: Runner, folders, way: str) -> None:
    kind, before, after, _ = BY_HAND[way]
    result = arbiter("-d", folders[kind], *before, "y" * NAME_LENGTH, *after)
    assert result.code == 0, result.err
    assert "y" * NAME_LENGTH in (folders[kind] / ("members.csv" if kind == "club" else "teams.csv" if way == "team add"
                                                  else "players.csv")).read_text(encoding="utf-8")


@pytest.mark.parametrize("char", BIDI, ids=[f"U+{ord(c):04X}" for c in BIDI])
def test_a_bidirectional_control_in_a_name_is_refused(arbiter: Runner, folders, char: str) -> None:
    line = refused(arbiter, folders["event"], ("player", "add", f"Smith{char}, John"), "NAME")
    assert f"bidirectional control character (U+{ord(char):04X})" in line


@pytest.mark.parametrize("way", ["team add", "member add", "knockout player add"])
def test_a_right_to_left_override_is_refused_for_every_kind_of_name(arbiter: Runner, folders, way: str) -> None:
    kind, before, after, argument = BY_HAND[way]
    assert "U+202E" in refused(arbiter, folders[kind], (*before, "Evil\u202e1-0", *after), argument)


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f", "\x85", "\x9b"], ids=["NUL", "ESC", "DEL", "NEL", "CSI"])
def test_a_c0_or_c1_control_character_in_a_name_is_refused(arbiter: Runner, folders, char: str) -> None:
    assert "control character" in refused(arbiter, folders["event"], ("player", "add", f"A{char}B"), "NAME")


def test_a_right_to_left_name_without_controls_is_registered(arbiter: Runner, folders) -> None:
    for name in ("כהן, דוד", "حداد، ليلى"):
        result = arbiter("-d", folders["event"], "player", "add", name)
        assert result.code == 0, result.err


def test_an_event_name_has_the_same_rule(arbiter: Runner, tmp_path: Path) -> None:
    for name, words in ((LONG, "is 8000 characters long"), ("Open\u202e", "U+202E")):
        result = arbiter("new", tmp_path / "ev", "--name", name, "--system", "swiss", "--rounds", "5")
        assert result.code == 2 and not (tmp_path / "ev").exists()
        line, = result.err.splitlines()
        assert "'--name'" in line and words in line, line


@pytest.mark.parametrize("kind, command, text, place", [
    ("event", ("player", "import"), f"name,rating\nLee,2000\n{LONG},1900\n", "line 3, field 'name'"),
    ("knockout", ("player", "import"), "name\nLee\nEvil\u202eName\n", "line 3, field 'name'"),
    ("team", ("team", "import"), f"team,name\n{LONG},Lee\n", "line 2, field 'team'"),
    ("team", ("team", "import"), f"team,name\nKnights,Lee\nKnights,{LONG}\n", "line 3, field 'name'"),
    ("club", ("member", "import"), f"name\nLee\n{LONG}\n", "line 3, field 'name'"),
])
def test_an_import_names_the_file_line_and_field_of_a_bad_name(arbiter: Runner, folders, tmp_path: Path, kind: str,
                                                                command: tuple[str, ...], text: str, place: str) -> None:
    source = tmp_path / "names.csv"
    source.write_text(text, encoding="utf-8")
    before = snapshot(folders[kind])
    result = arbiter("-d", folders[kind], *command, source)
    assert result.code == 2 and snapshot(folders[kind]) == before
    line, = result.err.splitlines()
    assert line.startswith(f"arbiter: error: {source}, {place}: "), line
    assert len(line) < 400


def test_a_hand_edited_name_with_a_bidi_control_is_a_broken_folder(arbiter: Runner, folders) -> None:
    """The rule holds when a folder is read too: a hand edit cannot slip a U+202E past it."""
    folder = folders["event"]
    assert arbiter("-d", folder, "player", "add", "Smith, John").code == 0
    players = folder / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace("Smith", "Smith\u202e"), encoding="utf-8")
    result = arbiter("-d", folder, "player", "list")
    assert result.code == 3 and "players.csv, line 2, field 'name'" in result.err and "U+202E" in result.err
