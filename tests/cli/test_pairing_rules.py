"""Forbidden pairs and Baku acceleration in a tournament folder (issue 17, parts 2 and 3): the
commands, what the pairing does with them, and their TRF records both ways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Runner, snapshot


def _open(arbiter: Runner, tmp_path: Path, players: int, *options: str) -> Path:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "7", "--seed", "9",
                   "--initial-colour", "white", *options).code == 0
    for index in range(1, players + 1):
        club = ("--club", "Lyon") if index in (1, 5, 9) else ()
        assert arbiter("-d", folder, "player", "add", f"P{index:02d}", "--rating", str(2400 - 10 * index),
                       *club).code == 0
    return folder


def _pairs(arbiter: Runner, folder: Path, round_number: int) -> set[frozenset[int]]:
    rows = json.loads(arbiter("-d", folder, "pairings", str(round_number), "-f", "json").out)
    return {frozenset((r["white"], r["black"])) for r in rows if r["black"] is not None}


def test_a_forbidden_pair_is_never_paired_c1_absolute(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 10)
    # without the rule, round 1 pairs 1 against 6 (S1 against S2, C.04.3 Art. 4)
    other = tmp_path / "other"
    assert arbiter("new", other, "--name", "O", "--system", "swiss", "--rounds", "7", "--seed", "9",
                   "--initial-colour", "white").code == 0
    assert arbiter("-d", other, "player", "import", "-", stdin="name,rating\n" + "".join(
        f"P{i:02d},{2400 - 10 * i}\n" for i in range(1, 11))).code == 0
    assert arbiter("-d", other, "pair").code == 0 and frozenset((1, 6)) in _pairs(arbiter, other, 1)
    outcome = arbiter("-d", folder, "avoid", "1", "6", "--rounds", "1-2")
    assert outcome.code == 0 and "forbidden: 1 P01, 6 P06 (rounds 1-2)" in outcome.err
    assert arbiter("-d", folder, "pair").code == 0
    assert frozenset((1, 6)) not in _pairs(arbiter, folder, 1)
    listed = json.loads(arbiter("-d", folder, "avoid", "list", "-f", "json").out)
    assert listed == [{"n": 1, "players": [1, 6], "names": "P01; P06", "first_round": 1, "last_round": 2,
                       "rule": None}]
    rows = arbiter("-d", folder, "avoid", "list", "-f", "csv").out.splitlines()
    assert rows == ["n,players,names,first_round,last_round,rule", "1,1 6,P01; P06,1,2,"]  # numbers, not a list
    assert arbiter("-d", folder, "avoid", "remove", "1").code == 0
    assert arbiter("-d", folder, "avoid", "list", "-f", "json").out.strip() == "[]"


def test_players_of_one_club_do_not_meet_in_the_first_k_rounds(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 10)
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text().replace('status = "registration"\n',
                                                     'status = "registration"\navoid_same_club_rounds = 3\n'))
    assert arbiter("-d", folder, "pair").code == 0
    lyon = {1, 5, 9}
    assert not any(pair <= lyon for pair in _pairs(arbiter, folder, 1))


def test_no_legal_pairing_names_the_pairs_that_block_it(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 2)
    assert arbiter("-d", folder, "avoid", "1", "2").code == 0
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "pair")
    assert outcome.code == 6 and "the forbidden pair 1-2 block" in outcome.err
    assert "(1-2: avoid 1)" in outcome.err  # where the rule comes from: 'avoid list' entry 1
    assert snapshot(folder) == before


def test_a_pair_blocked_by_the_club_setting_names_the_setting_and_the_club(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert arbiter("new", folder, "--name", "Club", "--system", "swiss", "--rounds", "3", "--seed", "9").code == 0
    for name in ("A", "B"):
        assert arbiter("-d", folder, "player", "add", name, "--rating", "2000", "--club", "Lyon").code == 0
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text().replace('status = "registration"\n',
                                                     'status = "registration"\navoid_same_club_rounds = 1\n'))
    outcome = arbiter("-d", folder, "pair")
    assert outcome.code == 6 and "(1-2: avoid_same_club_rounds: club Lyon)" in outcome.err, outcome.err


def test_a_forbidden_pair_that_meets_in_the_paired_round_is_refused(arbiter: Runner, tmp_path: Path) -> None:
    """It would leave the round paired against the rule (and every hand change to it refused)."""
    folder = _open(arbiter, tmp_path, 10)
    assert arbiter("-d", folder, "pair").code == 0
    white, black = sorted(_pairs(arbiter, folder, 1), key=min)[0]
    before = snapshot(folder)
    refused = arbiter("-d", folder, "avoid", str(white), str(black))
    assert refused.code == 4 and "which is paired: unpair it first" in refused.err and "--rounds 2-" in refused.err
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "avoid", str(white), str(black), "--rounds", "2-").code == 0


@pytest.mark.parametrize("args,message", [
    (["avoid", "1"], "name at least two different players"),
    (["avoid", "1", "99"], "99"),
    (["avoid", "1", "x"], "'x' is not a start number"),
    (["avoid", "1", "2", "--rounds", "5-2"], "the first round is after the last"),
    (["avoid", "remove", "3"], "there is no forbidden pair 3"),
])
def test_bad_forbidden_pairs_are_refused(arbiter: Runner, tmp_path: Path, args: list[str], message: str) -> None:
    folder = _open(arbiter, tmp_path, 4)
    outcome = arbiter("-d", folder, *args)
    assert outcome.code == 2 and message in outcome.err, outcome.err


def test_baku_group_a_is_2_ceil_n_over_4_and_late_entries_do_not_move_its_last_player(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 13, "--acceleration", "baku")
    shown = arbiter("-d", folder, "acceleration")  # before round 1: as round 1 will fix it
    assert "note: group A: start numbers 1 to 8 (2·⌈n/4⌉ of 13 players" in shown.err
    assert "group A" not in shown.out  # the title is the event's and 'virtual points' only
    assert arbiter("-d", folder, "pair").code == 0
    assert "baku_group_a = 8" in (folder / "tournament.toml").read_text()  # 2 * ceil(13 / 4)
    rows = json.loads(arbiter("-d", folder, "acceleration", "-f", "json").out)
    assert [r["round_1"] for r in rows] == [1] * 8 + [0] * 5
    assert [rows[0][f"round_{r}"] for r in range(1, 5)] == [1, 1, 0.5, 0.5]  # R = 7: ceil(7/4) = 2 at W, to 4
    # a late entry rated above group A's last player enters group A; the last player stays P08
    board = next(r for r in json.loads(arbiter("-d", folder, "pairings", "-f", "json").out) if r["black"])
    assert arbiter("-d", folder, "result", "1", "--from", "-",
                   stdin="".join(f"{b} 1-0\n" for b in range(1, 7))).code == 0, board
    late = arbiter("-d", folder, "player", "add", "Late", "--rating", "2395")
    assert late.code == 0 and "Baku group A now ends with start number 9" in late.err
    text = (folder / "tournament.toml").read_text()
    assert "baku_group_a = 9" in text  # P08 is now number 9
    assert "Baku group A,start numbers 1 to 8,start numbers 1 to 9 (P08 is now number 9)" in \
        (folder / "journal.csv").read_text()
    rows = json.loads(arbiter("-d", folder, "acceleration", "-f", "json").out)
    assert [r["name"] for r in rows if r["round_2"]][:9] == ["Late", "P01", "P02", "P03", "P04", "P05", "P06", "P07",
                                                            "P08"]


def test_virtual_points_show_apart_and_never_count_in_the_standings(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 8, "--acceleration", "baku")
    assert arbiter("-d", folder, "pair").code == 0
    pairings = json.loads(arbiter("-d", folder, "pairings", "-f", "json").out)
    assert {r["white_virtual"] for r in pairings} <= {0, 1}
    printed = arbiter("-d", folder, "pairings", "--print").out  # the wall sheet: the VP beside the points
    assert " VP  Result  VP " in printed
    standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert all(r["points"] == 0 for r in standings)
    assert sorted(r["virtual_points"] for r in standings) == [0, 0, 0, 0, 1, 1, 1, 1]


def test_the_arbiter_overrides_virtual_points_and_sets_group_a(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 8, "--acceleration", "baku")
    assert arbiter("-d", folder, "acceleration", "group-a", "6").code == 0
    assert arbiter("-d", folder, "acceleration", "set", "8", "1", "1").code == 0
    rows = {r["start_number"]: r for r in json.loads(arbiter("-d", folder, "acceleration", "-f", "json").out)}
    assert [rows[n]["round_1"] for n in range(1, 9)] == [1, 1, 1, 1, 1, 1, 0, 1]
    assert (folder / "virtual.csv").read_text() == "start_number,round,points\n8,1,1\n"
    assert arbiter("-d", folder, "pair").code == 0
    refused = arbiter("-d", folder, "acceleration", "set", "8", "1", "0")
    assert refused.code == 4 and "round 1 is paired" in refused.err
    assert arbiter("-d", folder, "acceleration", "group-a", "4").code == 4


def test_baku_group_a_out_of_the_players_range_is_named(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 8, "--acceleration", "baku")
    toml = folder / "tournament.toml"
    toml.write_text(toml.read_text().replace('acceleration = "baku"', 'acceleration = "baku"\nbaku_group_a = 99'))
    done = arbiter("-d", folder, "verify")
    assert done.code == 3 and ("tournament.toml, field 'baku_group_a': Baku group A ends with start number 99, "
                               "but the players are numbered 1 to 8") in done.out
    assert arbiter("-d", folder, "pair").code == 3


def test_virtual_points_take_only_values_a_trf_can_write(arbiter: Runner, tmp_path: Path) -> None:
    """Record 250 writes virtual points as decimals: 1/3 has none (it broke 'export' later)."""
    folder = _open(arbiter, tmp_path, 8, "--acceleration", "baku")
    before = snapshot(folder)
    negative = arbiter("-d", folder, "acceleration", "set", "8", "2", "-1")  # a value, not an option
    assert negative.code == 2 and "virtual points are 0 to a win's points" in negative.err, negative.err
    refused = arbiter("-d", folder, "acceleration", "set", "8", "2", "1/3")
    assert refused.code == 2 and "1/3 has no exact decimal form" in refused.err and snapshot(folder) == before
    (folder / "virtual.csv").write_text("start_number,round,points\n8,2,1/3\n")
    broken = arbiter("-d", folder, "standings")
    assert broken.code == 3 and "virtual.csv, line 2, field 'points': 1/3 has no exact decimal form" in broken.err


def test_baku_needs_a_win_worth_two_draws(arbiter: Runner, tmp_path: Path) -> None:
    outcome = arbiter("new", tmp_path / "x", "--name", "X", "--system", "swiss", "--rounds", "5",
                      "--acceleration", "baku", "--scoring", "3,1,0")
    assert outcome.code == 2 and "win worth two draws" in outcome.err


def test_virtual_points_and_forbidden_pairs_go_through_trf_2026_and_back(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 13, "--acceleration", "baku")
    assert arbiter("-d", folder, "avoid", "2", "7", "--rounds", "2-3").code == 0
    assert arbiter("-d", folder, "acceleration", "set", "10", "3", "1").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    exported = tmp_path / "open.trf"
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    text = exported.read_text()
    # TRF-2026 250: game points right-aligned in columns 10-13, rounds in 15-17 and 19-21, players in
    # 23-26 and 28-31 (as bbpPairings writes them in the Baku corpus)
    assert "250       1.0   1   2    1    8" in text and "250       1.0   3   3   10   10" in text
    assert "260   2   3    2    7" in text
    again = tmp_path / "again"
    assert arbiter("import", exported, again).code == 0
    assert 'acceleration = "baku"' in (again / "tournament.toml").read_text()
    assert (again / "avoid.csv").read_text() == (folder / "avoid.csv").read_text()
    assert (again / "virtual.csv").read_text() == (folder / "virtual.csv").read_text()
    # the next round pairs the same from the folder, from its export, and from the import
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="".join(f"{b} ½\n" for b in range(1, 7))).code == 0
    assert arbiter("-d", again, "result", "1", "--from", "-", stdin="".join(f"{b} ½\n" for b in range(1, 7))).code == 0
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    from_trf = arbiter("trf", "pair", exported).out
    assert arbiter("-d", folder, "pair").code == 0 and arbiter("-d", again, "pair").code == 0
    assert _pairs(arbiter, folder, 2) == _pairs(arbiter, again, 2)
    by_trf = {frozenset(map(int, line.split())) for line in from_trf.splitlines()[1:] if not line.endswith(" 0")}
    assert by_trf == _pairs(arbiter, folder, 2)


def test_removing_a_player_of_a_forbidden_pair_says_what_became_of_the_pair(arbiter: Runner, tmp_path: Path) -> None:
    folder = _open(arbiter, tmp_path, 6)
    assert arbiter("-d", folder, "avoid", "1", "2").code == 0
    assert arbiter("-d", folder, "avoid", "3", "4", "5").code == 0
    done = arbiter("-d", folder, "player", "remove", "1")
    assert done.code == 0 and "forbidden pair: 1 P01, 2 P02 (every round) -> removed" in done.err, done.err
    again = arbiter("-d", folder, "player", "remove", "2")  # P03, now number 2: the group keeps P04, P05
    assert again.code == 0 and "-> 3 P04, 4 P05 (every round)" in again.err, again.err
    journal = (folder / "journal.csv").read_text()
    assert journal.count("forbidden pair,") >= 4  # two added, two changed by the removals


@pytest.mark.parametrize("rows,message", [
    ("1 99,,\n", "avoid.csv, line 2, field 'players': there is no player 99 (start numbers 1 to 6)"),
    ("1 2,,\n2 1,,\n", "avoid.csv, line 3, field 'players': the same forbidden pair as on line 2"),
])
def test_a_hand_edited_avoid_csv_is_read_as_strictly_as_the_command(arbiter: Runner, tmp_path: Path, rows: str,
                                                                     message: str) -> None:
    folder = _open(arbiter, tmp_path, 6)
    (folder / "avoid.csv").write_text("players,first_round,last_round\n" + rows)
    done = arbiter("-d", folder, "avoid", "list")
    assert done.code == 3 and message in done.err, done.err
