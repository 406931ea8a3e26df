"""Pairing by hand (issue 17, part 4; C.04.1): swap, set a board, a whole round from a file; the
absolute criteria refuse unless forced with a reason, the quality criteria are listed beside the
engine's pairing, and trf check flags a round paired by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Runner, snapshot


@pytest.fixture
def event(arbiter: Runner, tmp_path: Path) -> Path:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "4",
                   "--initial-colour", "white").code == 0
    assert arbiter("-d", folder, "player", "import", "-", stdin="name,rating\n" + "".join(
        f"P{i},{2400 - 20 * i}\n" for i in range(1, 9))).code == 0
    assert arbiter("-d", folder, "pair").code == 0  # 1-5, 6-2, 3-7, 8-4
    return folder


def _boards(arbiter: Runner, folder: Path, number: int) -> list[tuple[int, int]]:
    rows = json.loads(arbiter("-d", folder, "pairings", str(number), "-f", "json").out)
    return [(r["white"], r["black"]) for r in rows if r["black"] is not None]


def test_swap_exchanges_two_players_places_and_is_journaled(arbiter: Runner, event: Path) -> None:
    assert _boards(arbiter, event, 1) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    done = arbiter("-d", event, "pairing", "swap", "1", "5", "6", "--reason", "late arrival")
    assert done.code == 0, done.err
    assert _boards(arbiter, event, 1) == [(1, 6), (5, 2), (3, 7), (8, 4)]
    log = arbiter("-d", event, "log", "--round", "1", "-f", "json").out
    assert "(by hand: late arrival)" in log


def test_set_board_pairs_the_two_players_it_leaves_together(arbiter: Runner, event: Path) -> None:
    assert arbiter("-d", event, "pairing", "set", "1", "1", "1", "7").code == 0
    assert _boards(arbiter, event, 1) == [(1, 7), (6, 2), (3, 5), (8, 4)]


def test_a_rematch_is_refused_unless_forced_with_a_reason_c1(arbiter: Runner, event: Path) -> None:
    assert arbiter("-d", event, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n3 ½\n4 1-0\n").code == 0
    assert arbiter("-d", event, "pair").code == 0
    before = snapshot(event)
    refused = arbiter("-d", event, "pairing", "set", "2", "1", "1", "5")
    assert refused.code == 4 and "C1: 1 and 5 have met before" in refused.err
    assert arbiter("-d", event, "pairing", "set", "2", "1", "1", "5", "--force").code == 2  # no reason
    assert snapshot(event) == before
    forced = arbiter("-d", event, "pairing", "set", "2", "1", "1", "5", "--force", "--reason", "venue")
    assert forced.code == 0 and "forced: C1" in forced.err
    assert "quality: bracket" in forced.err  # the engine's pairing of the bracket, beside it


def test_a_later_change_answers_only_for_what_it_breaks_itself_c1(arbiter: Runner, event: Path) -> None:
    """A rematch forced once stands on its own reason: a later change that breaks nothing more needs
    no --force and its journal line blames nothing (it repeated the old breach; found by a new user)."""
    assert arbiter("-d", event, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n3 ½\n4 1-0\n").code == 0
    assert arbiter("-d", event, "pair").code == 0
    assert arbiter("-d", event, "pairing", "set", "2", "1", "1", "5", "--force", "--reason", "venue").code == 0
    boards = _boards(arbiter, event, 2)
    other = next(b for b in boards if 1 not in b and 5 not in b)
    flipped = arbiter("-d", event, "pairing", "set", "2", str(boards.index(other) + 1), str(other[1]), str(other[0]))
    assert flipped.code == 0, flipped.err
    assert "forced" not in flipped.err
    journal = (event / "journal.csv").read_text().splitlines()
    assert "forced" not in journal[-1] and "(by hand)" in journal[-1]


def test_a_change_that_changes_nothing_says_so_and_writes_nothing(arbiter: Runner, event: Path) -> None:
    before = snapshot(event)
    same = arbiter("-d", event, "pairing", "set", "1", "1", "1", "5")  # board 1 is 1-5 already
    assert same.code == 0 and "round 1: nothing changed" in same.err
    assert snapshot(event) == before


def test_a_round_with_results_is_not_changed(arbiter: Runner, event: Path) -> None:
    assert arbiter("-d", event, "result", "1", "1", "1-0").code == 0
    outcome = arbiter("-d", event, "pairing", "swap", "1", "3", "8")
    assert outcome.code == 4 and "has results" in outcome.err


def test_a_whole_round_by_hand_from_a_file(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "odd"
    assert arbiter("new", folder, "--name", "Odd", "--system", "swiss", "--rounds", "3", "--seed", "4",
                   "--initial-colour", "white").code == 0
    assert arbiter("-d", folder, "player", "import", "-", stdin="name,rating\n" + "".join(
        f"P{i},{2400 - 20 * i}\n" for i in range(1, 6))).code == 0
    bad = arbiter("-d", folder, "pair", "--from", "-", stdin="2\n1 2\n3 4\n")
    assert bad.code == 2 and "not paired: 5" in bad.err
    # a mistake on one line names the line (found by a new user: they named none)
    for text, where in (("1 2\n3 3\n4 5\n", "<stdin>, line 2: player 3 is paired with themself"),
                        ("1 2\n3 4\n1 5\n", "<stdin>, line 3: player 1 is paired on line 1 already"),
                        ("1 2\n3 4\n5 9\n", "<stdin>, line 3: there is no player 9 (start numbers 1 to 5)")):
        wrong = arbiter("-d", folder, "pair", "--from", "-", stdin=text)
        assert wrong.code == 2 and f"arbiter: error: {where}" in wrong.err, wrong.err
    moved = arbiter("-d", folder, "pair", "--from", "-", stdin="1 2\n3 5\n4 0\n")
    assert moved.code == 0 and "quality: PAB to 4 (0 points); the engine's to 5 (0 points)" in moved.err, moved.err
    assert arbiter("-d", folder, "unpair").code == 0
    done = arbiter("-d", folder, "pair", "--from", "-", stdin="3\n1 2\n3 4\n5 0\n")
    assert done.code == 0, done.err
    assert "PAB to" not in done.err
    assert _boards(arbiter, folder, 1) == [(1, 2), (3, 4)]
    exported = tmp_path / "odd.trf"
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    check = arbiter("trf", "check", exported)
    assert check.code == 4 and "paired by hand? it breaks no absolute criterion" in check.out


def test_trf_check_names_the_broken_absolute_criterion_of_a_round_by_hand(arbiter: Runner, event: Path,
                                                                          tmp_path: Path) -> None:
    assert arbiter("-d", event, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n3 ½\n4 1-0\n").code == 0
    assert arbiter("-d", event, "pair").code == 0
    assert arbiter("-d", event, "pairing", "set", "2", "1", "1", "5", "--force", "--reason", "test").code == 0
    exported = tmp_path / "open.trf"
    assert arbiter("-d", event, "export", "-o", exported).code == 0
    check = arbiter("trf", "check", exported)
    assert "round 2: differs" in check.out and "paired by hand, breaking: C1: 1 and 5 have met before" in check.out


def test_a_pair_written_with_a_comma_is_named_as_a_bad_pair_line_not_as_a_count(arbiter: Runner, event: Path) -> None:
    """``pair --from`` reads a first line of one number as the number of pairs (``trf pair`` prints it); a first
    line '1,2' is a pair written with a comma, and the error says what a pair line is."""
    arbiter("-d", event, "unpair")
    done = arbiter("-d", event, "pair", "--from", "-", stdin="1,2\n3,4\n")
    assert done.code == 2 and "line 1: '1,2': expected 'WHITE BLACK' (two start numbers, separated by a space)" in done.err
