"""The bugs the robustness suites found, one test each, named after what it pins."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from robustness._support import (ARBITER, PENDING, SAMPLES, club_ready_to_finalise, environment,
                                 rule_violations, run_here, run_process, tree, wait_for)


def _club(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    shutil.copytree(SAMPLES / "club-lyon", club)
    return club


# --------------------------------------------------------------------------- fixed


def test_a_correction_in_a_finalised_club_tournament_whose_club_is_broken_is_refused_and_changes_nothing(
        tmp_path: Path) -> None:
    """It used to save the correction, then fail with exit 3 on the club (a failed command that had
    changed the tournament); then to save it and say "club ratings NOT updated" with exit 0, the club's
    ratings left behind the correction (trial38). Now the club is checked first: a broken club is named,
    with its file, line and field, and nothing is changed anywhere."""
    club = _club(tmp_path)
    (club / "club.toml").write_bytes(b"")
    event = club / "tournaments" / "2026-spring-rapid"
    before = tree(club)
    run = run_here("-d", event, "result", "1", "1", "0-1", "--correct")
    assert run.code == 3 and not rule_violations(run), run.err
    assert run.err == (f"arbiter: error: {club / 'club.toml'}, field 'name': field required; the club could not "
                       "rate this tournament again, so nothing was changed: repair the club's folder first\n")
    assert tree(club) == before
    (club / "club.toml").write_text('name = "Lyon Echecs"\ndefault_rating = 1500\n', encoding="utf-8")
    repaired = run_here("-d", event, "result", "1", "1", "0-1", "--correct")
    assert repaired.code == 0 and "round 1 board 1 correction: 1-0 -> 0-1" in repaired.err, repaired.err
    assert "NOT updated" not in repaired.err


def test_a_correction_before_a_club_tournament_is_finalised_does_not_need_its_club(tmp_path: Path) -> None:
    """Only a finalised tournament is rated: a running one's results are entered whatever the club's state."""
    club = _club(tmp_path)
    (club / "club.toml").write_bytes(b"")
    event = club / "tournaments" / "2026-autumn-standard"
    run = run_here("-d", event, "result", "1", "1", "1/2", "--correct")
    assert run.code == 0 and "correction" in run.err, run.err


def test_a_club_toml_syntax_error_names_its_line_as_every_other_toml_file(tmp_path: Path) -> None:
    """The club read its TOML by itself and printed the library's ``(at line 1, column 14)`` after the
    message; now it is read as every TOML file of a folder is, the line in its place."""
    club = _club(tmp_path)
    (club / "club.toml").write_text('name = "Lyon\ndefault_rating = 1500\n', encoding="utf-8")
    before = tree(club)
    run = run_here("-d", club, "verify")
    assert run.code == 3 and "club.toml, line 1: TOML syntax error: " in run.err and "column" not in run.err, run.err
    assert tree(club) == before


def test_a_tournament_is_not_finalised_while_its_club_is_broken(tmp_path: Path) -> None:
    """The trial: finalize said "club ratings NOT updated" (exit 0) and left the club's ratings behind;
    now it is refused, naming the club's fault, and nothing changes (trial38)."""
    club = tmp_path / "club"
    event = club_ready_to_finalise(club)
    kept = (club / "club.toml").read_text(encoding="utf-8")
    (club / "club.toml").write_text(kept.replace('name = "Lyon Echecs"', 'name = "Lyon Echecs'), encoding="utf-8")
    before = tree(club)
    done = run_here("-d", event, "finalize")
    assert done.code == 3 and "club.toml, line 1: TOML syntax error" in done.err, done.err
    assert "nothing was changed: repair the club's folder first" in done.err
    assert tree(club) == before


def test_a_tournament_finalised_outside_its_club_leaves_ratings_verify_warns_of_until_recomputed(
        tmp_path: Path) -> None:
    """A club whose ratings miss a finalised tournament's (its club file away while it was finalised, or a
    command killed between the two folders): the club's verify warns until the ratings are recomputed."""
    club = tmp_path / "club"
    event = club_ready_to_finalise(club)
    kept = (club / "club.toml").read_text(encoding="utf-8")
    (club / "club.toml").unlink()  # no club around the tournament: finalised alone
    done = run_here("-d", event, "finalize")
    assert done.code == 0 and "club ratings" not in done.err, done.err
    (club / "club.toml").write_text(kept, encoding="utf-8")
    stale = run_here("-d", club, "verify")  # a warning: the files are whole (a kill between the folders leaves this)
    assert stale.code == 0 and "warning: ratings.csv: " in stale.err, stale.err
    assert "'arbiter ratings recompute' rebuilds them" in stale.err
    assert run_here("-d", club, "ratings", "recompute").code == 0
    again = run_here("-d", club, "verify")
    assert again.code == 0 and "warning" not in again.err


def test_a_club_journal_that_is_not_utf8_is_a_broken_club_not_an_internal_error(tmp_path: Path) -> None:
    club = _club(tmp_path)
    journal = club / "journal.csv"
    journal.write_bytes(journal.read_text(encoding="utf-8").encode("utf-16"))
    before = tree(club)
    for args in (("member", "add", "Young, New"), ("member", "list"), ("ratings", "recompute")):
        run = run_here("-d", club, *args)
        assert run.code == 3 and not rule_violations(run), run.err
        assert run.err == "arbiter: error: journal.csv, line 1: the file is not valid UTF-8 text\n"
    assert tree(club) == before


def test_a_club_journal_that_is_not_a_journal_is_refused_rather_than_appended_to(tmp_path: Path) -> None:
    """An unclosed quote used to swallow every line a change appended: the club's history was lost."""
    club = _club(tmp_path)
    (club / "journal.csv").write_text('time,command,change,old,new\n2026-01-01T00:00:00Z,"unclosed\n',
                                      encoding="utf-8")
    before = tree(club)
    run = run_here("-d", club, "member", "add", "Young, New")
    assert run.code == 3 and run.err.startswith("arbiter: error: journal.csv, line 2: a quote")
    assert tree(club) == before


def test_a_club_tournament_journal_with_a_bom_still_counts_for_the_club_ratings(tmp_path: Path) -> None:
    """The tournament reads a journal with a BOM; the club's rating replay used to crash on it
    (KeyError: 'time', exit 1)."""
    club = _club(tmp_path)
    journal = club / "tournaments" / "2026-spring-rapid" / "journal.csv"
    journal.write_bytes(b"\xef\xbb\xbf" + journal.read_bytes())
    run = run_here("-d", club, "ratings", "recompute")
    assert run.code == 0 and "every stored rating is as it should be" in run.err, run.err
    changed = run_here("-d", club, "member", "set-initial", "2", "--rapid", "2370")
    assert changed.code == 0 and not rule_violations(changed), changed.err


def test_a_broken_club_tournament_is_named_with_its_folder_by_the_club_commands(tmp_path: Path) -> None:
    """The club's commands read every club tournament; an error used to name 'rounds/03.csv'
    without saying which tournament it belongs to."""
    club = _club(tmp_path)
    (club / "tournaments" / "2026-summer-rapid" / "rounds" / "03.csv").write_text("board,white\n", encoding="utf-8")
    run = run_here("-d", club, "ratings", "recompute")
    assert run.code == 3
    assert run.err.startswith("arbiter: error: tournaments/2026-summer-rapid/rounds/03.csv, line 1: the header ")


@pytest.mark.parametrize("value", ["inf", "-inf", "nan"])
def test_infinite_points_in_tournament_toml_are_a_broken_folder_not_an_internal_error(tmp_path: Path,
                                                                                     value: str) -> None:
    """TOML reads 'win = inf' as a float; turning it into exact points raised OverflowError, which
    every command reported as an internal error (exit 1)."""
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "swiss32-in-progress", folder)
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("\nwin = 1\n", f"\nwin = {value}\n"),
                        encoding="utf-8")
    before = tree(folder)
    for args in (("standings",), ("verify",), ("result", "5", "2", "1-0")):
        run = run_here("-d", folder, *args)
        assert run.code == 3 and not rule_violations(run), run.err
        assert run.err == (f"arbiter: error: tournament.toml, line 23, field 'scoring.win': {value} is not a "
                           "number of points (write 1, 0.5, ½ or 1/2)\n")
    assert tree(folder) == before


def test_negative_points_are_refused_since_no_trf_can_hold_them(tmp_path: Path) -> None:
    """'loss = -1' (or '--scoring 3,1,-1') was accepted, but the folder's export could not be read
    back by any TRF command ('-1' is not a number of points; '-1.0' is not a score)."""
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "swiss32-in-progress", folder)
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("\nloss = 0\n", "\nloss = -1\n"),
                        encoding="utf-8")
    run = run_here("-d", folder, "export")
    assert run.code == 3 and not rule_violations(run)
    assert run.err == "arbiter: error: tournament.toml, line 22, field 'scoring': loss = -1 is negative; points are 0 or more\n"
    created = run_here("new", tmp_path / "new", "--name", "Minus", "--system", "swiss", "--rounds", "5", "--scoring",
                       "3,1,-1")
    assert created.code == 2
    assert created.err.endswith("field '--scoring': loss = -1 is negative; points are 0 or more\n")
    assert not (tmp_path / "new").exists()


def test_points_too_large_for_a_trf_are_refused_and_a_total_over_99_is_written_whole(tmp_path: Path) -> None:
    """'win = 10**30' was accepted (found by CI's fuzz run): the export wrote 35 characters into the
    4 of the points field, shifting every round, and exited 0 with a TRF no command could read."""
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "swiss32-in-progress", folder)
    settings = folder / "tournament.toml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text.replace("\nwin = 1\n", "\nwin = 1000000000000000000000000000000\n"), encoding="utf-8")
    before = tree(folder)
    run = run_here("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert run.code == 3 and not rule_violations(run)
    assert run.err == ("arbiter: error: tournament.toml, line 22, field 'scoring': win = 1000000000000000000000000000000 is "
                       "too large; a game is worth at most 99 points\n")
    assert tree(folder) == before and not (tmp_path / "x.trf").exists()
    # 99 points a win and ½ a draw: a total of 396½ cannot be written in 4 characters, so the export is refused
    settings.write_text(text.replace("\nwin = 1\n", "\nwin = 99\n"), encoding="utf-8")
    refused = run_here("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert refused.code == 4 and not (tmp_path / "x.trf").exists()
    assert refused.err == ("arbiter: error: player 7 (Celik, Aylin): field 'points': 396.5 points do not fit the 4 "
                           "characters a TRF gives them\n")
    # 99 and 33: the totals above 99 are whole, written without their '.0' and read back the same
    settings.write_text(text.replace("\nwin = 1\n", "\nwin = 99\n").replace("\ndraw = 0.5\n", "\ndraw = 33\n")
                        .replace("half_bye = 0.5", "half_bye = 33"), encoding="utf-8")
    assert run_here("-d", folder, "export", "-o", tmp_path / "x.trf").code == 0
    exported = run_here("trf", "standings", tmp_path / "x.trf", "-f", "json")
    ours = run_here("-d", folder, "standings", "-f", "json")
    assert exported.code == 0 and ours.code == 0, exported.err
    assert [row["points"] for row in json.loads(exported.out)] == [row["points"] for row in json.loads(ours.out)]
    assert max(float(row["points"]) for row in json.loads(ours.out)) > 99


def _kill_when(args: list[str], cwd: Path, moment: object) -> None:
    """Run ``arbiter`` slowed down (0.3 s a step) and SIGKILL it as soon as ``moment()`` holds."""
    process = subprocess.Popen([*ARBITER, *args], cwd=cwd, env=environment(ARBITER_CRASH_TEST_PAUSE="0.3"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(moment, timeout=60), "the moment never came"  # type: ignore[arg-type]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)


def test_new_killed_after_its_first_files_leaves_no_half_made_folder(tmp_path: Path) -> None:
    """'new' wrote players.csv and journal.csv into DIR, then tournament.toml: killed in between, DIR was
    no tournament ('tournament.toml is missing') and 'new DIR' refused it ('already exists and is not an
    empty folder') until it was deleted by hand."""
    args = ["new", "ev", "--name", "Kill Open", "--system", "swiss", "--rounds", "5", "--seed", "7"]
    _kill_when(args, tmp_path, lambda: any(p.name == "journal.csv" for p in tmp_path.rglob("journal.csv")))
    assert not (tmp_path / "ev").exists()
    again = run_process(*args, cwd=tmp_path)
    assert again.code == 0, again.err
    assert run_process("-d", "ev", "verify", cwd=tmp_path).code == 0


# --------------------------------------------------------------------------- fixed: the manifest (store/files.py)


_MANIFESTS = {
    "rename is not a list": {"rename": 5, "delete": []},
    "a rename is not a pair": {"rename": [["x"]], "delete": []},
    "a deletion is not a name": {"rename": [], "delete": [None]},
    "delete is a string": {"rename": [], "delete": "players.csv"},
    # the long fuzz run: a byte inserted into a manifest renamed a temporary file to 'journal.cs=v'
    "a rename to a file that is not the folder's": {"rename": [[".journal.csv.tmp-42", "journal.cs=v"]],
                                                    "delete": []},
    "a temporary file not beside its target": {"rename": [["rounds/.players.csv.tmp-42", "players.csv"]],
                                               "delete": []},
    "a deletion of a file that is not the folder's": {"rename": [], "delete": ["notes.txt"]},
}


@pytest.mark.parametrize("shape", sorted(_MANIFESTS))
def test_a_manifest_of_the_wrong_shape_is_a_broken_folder_not_an_internal_error(tmp_path: Path, shape: str) -> None:
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "double-rr6-ready", folder)
    (folder / PENDING).write_text(json.dumps(_MANIFESTS[shape]), encoding="utf-8")
    before = tree(folder)
    run = run_here("-d", folder, "standings")
    assert run.code == 3 and not rule_violations(run), run.err
    assert run.err == ("arbiter: error: .arbiter.pending: an interrupted change cannot be completed: "
                       "its manifest is damaged\n")
    assert tree(folder) == before


@pytest.mark.parametrize("manifest", [{"rename": [], "delete": ["../outside.txt"]},
                                      {"rename": [["../outside.txt", "moved.txt"]], "delete": []}],
                         ids=["delete", "rename"])
def test_a_manifest_never_touches_a_file_outside_its_folder(tmp_path: Path, manifest: dict[str, object]) -> None:
    folder = tmp_path / "ev"
    shutil.copytree(SAMPLES / "double-rr6-ready", folder)
    outside = tmp_path / "outside.txt"
    outside.write_text("not arbiter's\n", encoding="utf-8")
    (folder / PENDING).write_text(json.dumps(manifest), encoding="utf-8")
    run = run_here("-d", folder, "standings")
    assert outside.read_text(encoding="utf-8") == "not arbiter's\n"
    assert run.code == 3 and not rule_violations(run), run.err


# --------------------------------------------------------------------------- fixed: two folders, two changes


def test_a_club_tournament_finalize_killed_between_its_two_changes_still_rates_the_event(tmp_path: Path) -> None:
    event = club_ready_to_finalise(tmp_path / "club")
    settings = event / "tournament.toml"
    _kill_when(["-d", str(event), "finalize", "--date", "2026-12-20"], tmp_path,
               lambda: "finalised" in settings.read_text(encoding="utf-8"))
    assert run_process("-d", event, "verify").code == 0
    stale = run_process("-d", tmp_path / "club", "ratings", "changes", event.name)
    assert stale.code == 4 and "finalize' again completes it" in stale.err
    again = run_process("-d", event, "finalize", "--date", "2026-12-20")  # what a person would try
    assert again.code == 0 and "its club had not rated it (that finalize was interrupted)" in again.err
    changes = run_process("-d", tmp_path / "club", "ratings", "changes", event.name)
    assert changes.code == 0, changes.err
    assert run_process("-d", event, "finalize").code == 4  # and now it is done: finalised already


def test_a_club_rebuild_that_cannot_lock_one_tournament_says_which_and_recompute_writes_it(tmp_path: Path) -> None:
    """The review of issue 14: 'member set-initial' failed with exit 5 after writing the club and
    one tournament, so the pre-event rating was no longer one value, with a failed command that
    had changed files. Now the club is saved, the busy tournament is named, and 'ratings
    recompute' writes it once it is free."""
    import fcntl
    import os

    club = _club(tmp_path)
    busy = club / "tournaments" / "2026-summer-rapid"
    descriptor = os.open(busy / ".arbiter.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH)
        run = run_process("-d", club, "member", "set-initial", "5", "--rapid", "2300", cwd=tmp_path,
                          env=environment(ARBITER_LOCK_TIMEOUT="1"))
    finally:
        os.close(descriptor)
    assert run.code == 0 and not rule_violations(run), run.err
    last = run.err.splitlines()[-1]
    assert last.startswith(f"2026-summer-rapid: its players.csv NOT yet written with the club's ratings ({busy}: "
                           "another arbiter command is using this tournament"), last
    assert last.endswith(f"run 'arbiter -d {club} ratings recompute' once it can be"), last
    recomputed = run_here("-d", club, "ratings", "recompute")
    assert recomputed.code == 0 and "2026-summer-rapid: player 2 (Eriksen, Nils) rating: 2413 -> " in recomputed.err
    assert run_here("-d", club, "ratings", "recompute").err.count("written to its players.csv") == 0
