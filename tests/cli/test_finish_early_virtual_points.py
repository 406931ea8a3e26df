"""Finishing a Swiss early (``finalize --after-round K``) with the arbiter's virtual points
(``virtual.csv``, Baku acceleration, C.04.5.1) set for rounds after K: those rounds no longer
exist, so their virtual points go with them (harness fault: "individual Swiss: a killed command
leaves the folder before or after: finalize: verify after the kill: ... virtual.csv, line N,
field 'round': '2' is not a round of the event" -- the finalised folder itself failed verify)."""

from __future__ import annotations

from pathlib import Path

from conftest import Runner


def test_finalize_after_round_drops_the_virtual_points_of_the_rounds_it_deletes(arbiter: Runner,
                                                                                 make_event) -> None:
    folder: Path = make_event(8, "--rounds", "4", "--initial-colour", "white", "--acceleration", "baku",
                              system="swiss")
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "acceleration", "set", "1", "3", "0").code == 0
    assert arbiter("-d", folder, "acceleration", "set", "1", "2", "0").code == 0
    assert (folder / "virtual.csv").read_text(encoding="utf-8").splitlines()[1:] == ["1,2,0", "1,3,0"]
    entered = arbiter("-d", folder, "result", "1", "--from", "-", "--confirm",
                      stdin="1 1-0\n2 1-0\n3 1/2-1/2\n4 0-1\n")
    assert entered.code == 0, entered.err

    done = arbiter("-d", folder, "finalize", "--after-round", "1", "--date", "2026-12-31", "--yes")

    assert done.code == 0, done.err
    assert "the virtual points of player 1 in round 2 will be dropped" in done.err + done.out
    assert "the virtual points of player 1 in round 3 will be dropped" in done.err + done.out
    assert not (folder / "virtual.csv").exists()  # no virtual points left: the file goes
    verified = arbiter("-d", folder, "verify")
    assert verified.code == 0, verified.err
    assert "the folder is sound" in verified.out + verified.err


def test_finalize_after_round_drops_or_ends_the_forbidden_pairs_of_the_rounds_it_deletes(arbiter: Runner,
                                                                                         make_event) -> None:
    """avoid.csv after finishing early: a forbidden pair from a deleted round goes, one running past
    the new last round ends there, so that the finalised folder still passes verify (it named round 3
    of a 1-round event before)."""
    folder: Path = make_event(8, "--rounds", "4", "--initial-colour", "white", system="swiss")
    assert arbiter("-d", folder, "avoid", "5", "6", "--rounds", "1-3").code == 0  # runs past round 1
    assert arbiter("-d", folder, "avoid", "7", "8").code == 0  # every round: kept as it is
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "avoid", "1", "2", "--rounds", "3-4").code == 0  # a deleted round's: dropped
    entered = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 1-0\n3 1/2-1/2\n4 0-1\n")
    assert entered.code == 0, entered.err

    done = arbiter("-d", folder, "finalize", "--after-round", "1", "--date", "2026-12-31", "--yes")

    assert done.code == 0, done.err
    said = done.err + done.out
    assert "will be dropped" in said and "will end with round 1" in said
    rows = (folder / "avoid.csv").read_text(encoding="utf-8").splitlines()[1:]
    assert sorted(rows) == ["5 6,1,1", "7 8,,"], rows
    verified = arbiter("-d", folder, "verify")
    assert verified.code == 0, verified.err
