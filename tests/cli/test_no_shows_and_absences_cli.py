"""Issue 27, no-shows and absences, on the command line: ``new --no-show-rule``, an older folder's
no-show counts, ``player reinstate``, the correction that names it, ``player withdraw --after-round
0`` before round 1, ``bye --from`` and ``player withdraw --from``, ``pair --from`` on a paired round
or naming a withdrawn player, and the kinds that lack these commands."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from arbiter_cli.events.base import Silent
from arbiter_cli.events.registry import open_event

from conftest import Runner, snapshot
from cli.test_event_life import pairings, play, refused, swiss


def _players(arbiter: Runner, folder: Path) -> dict[int, dict[str, object]]:
    return {p["start_number"]: p for p in json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)}


def _journal(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text(encoding="utf-8"))))


def _loser_of_board_1(arbiter: Runner, folder: Path, number: int = 1) -> int:
    return int(pairings(arbiter, folder, number)[0]["black"])


# -- the rule at new, and an older folder ---------------------------------------------------------------


def test_new_takes_the_no_show_rule_and_fide_withdraws_only_a_player_absent_without_notice(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "7",
                   "--initial-colour", "white", "--no-show-rule", "FIDE").code == 0
    assert 'no_show_rule = "fide"' in (folder / "tournament.toml").read_text()
    for i in range(6):
        assert arbiter("-d", folder, "player", "add", f"Player, {i}", "--rating", 2000 - i).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "1", "+/-", "--excused").code == 0  # notice given: not withdrawn
    refused(arbiter, folder, "result", "1", "2", "+/-", says="1 no-show without notice")


def test_new_refuses_a_no_show_rule_it_does_not_know_or_a_kind_without_one(arbiter: Runner, tmp_path: Path) -> None:
    bad = arbiter("new", tmp_path / "a", "--name", "A", "--system", "swiss", "--rounds", "5",
                  "--no-show-rule", "sometimes")
    assert bad.code == 2 and "field '--no-show-rule': 'sometimes' is no no-show rule: use off, fide" in bad.err
    knockout = arbiter("new", tmp_path / "b", "--name", "B", "--system", "knockout", "--no-show-rule", "off")
    assert knockout.code == 2 and "field '--no-show-rule': is for an individual Swiss or round robin" in knockout.err
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_an_older_folder_keeps_its_no_show_counts_and_writes_them_as_the_rule(arbiter: Runner,
                                                                               tmp_path: Path) -> None:
    """A folder made before ``no_show_rule`` means what it meant: ``withdraw_after_no_shows = 0`` is
    FIDE's wording; the first change of its settings writes the rule in place of the counts."""
    folder = swiss(arbiter, tmp_path, 6, settings="withdraw_after_no_shows = 0")
    assert arbiter("-d", folder, "verify").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    text = (folder / "tournament.toml").read_text()
    assert 'no_show_rule = "fide"' in text and "withdraw_after" not in text
    assert arbiter("-d", folder, "result", "1", "1", "+/-", "--excused").code == 0


def test_the_older_counts_beside_the_rule_name_the_file_line_and_field(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 4)
    path = folder / "tournament.toml"
    head, _, tail = path.read_text().partition("[scoring]")
    path.write_text(head + 'no_show_rule = "off"\nwithdraw_after_unexcused = 1\n\n[scoring]' + tail)
    line = refused(arbiter, folder, "pair", code=3, says="tournament.toml, line")
    assert "field 'withdraw_after_unexcused': is the older form of no_show_rule, which is given too" in line


# -- player reinstate, and the correction that names it ---------------------------------------------------


def test_correcting_the_no_show_names_the_reinstate_command_which_undoes_the_withdrawal(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    loser = _loser_of_board_1(arbiter, folder)
    assert arbiter("-d", folder, "result", "1", "1", "+/-", "--confirm").code == 0
    corrected = arbiter("-d", folder, "result", "1", "1", "1-0", "--correct")
    assert corrected.code == 0
    assert (f"though the no-show rule would not withdraw them now: 'arbiter player reinstate {loser}' undoes the "
            "withdrawal") in corrected.err
    assert _players(arbiter, folder)[loser]["status"] == "withdrawn"
    done = arbiter("-d", folder, "player", "reinstate", loser)
    assert done.code == 0 and "reinstated (was withdrawn after round 1): paired again from round 2" in done.err
    assert _players(arbiter, folder)[loser]["status"] == "active"
    last = _journal(folder)[-1]
    assert (last["command"], last["old"], last["new"]) == (f"arbiter -d {folder} player reinstate {loser}",
                                                           "withdrawn after round 1", "active (reinstated)")
    play(arbiter, folder, 1)
    assert arbiter("-d", folder, "pair").code == 0
    assert any(loser in (b["white"], b["black"]) for b in pairings(arbiter, folder, 2))


def test_reinstate_is_refused_naming_the_round_that_left_the_player_out(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1)
    assert arbiter("-d", folder, "player", "withdraw", "3").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    refused(arbiter, folder, "player", "reinstate", "3", says="round 2 was paired without")
    refused(arbiter, folder, "player", "reinstate", "4", says="is not withdrawn")
    refused(arbiter, folder, "player", "reinstate", "99", code=2, says="no player with start number 99")
    assert arbiter("-d", folder, "unpair").code == 0
    assert arbiter("-d", folder, "player", "reinstate", "3").code == 0


# -- absent from round 1 -------------------------------------------------------------------------------------


def test_a_registered_player_marked_absent_from_round_1_stays_listed_and_exported_never_paired(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 6)
    line = refused(arbiter, folder, "player", "withdraw", "6", says="player remove 6")
    assert "'--after-round 0' keeps" in line
    assert arbiter("-d", folder, "player", "withdraw", "6", "--after-round", "0").code == 0
    assert _players(arbiter, folder)[6]["status"] == "withdrawn" and len(_players(arbiter, folder)) == 6
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1)
    seated = {p for b in pairings(arbiter, folder, 1) for p in (b["white"], b["black"])}
    assert 6 not in seated
    trf = arbiter("-d", folder, "export").out
    assert any(row.startswith("001    6 ") for row in trf.splitlines())
    (tmp_path / "exported.trf").write_text(trf)
    assert arbiter("import", tmp_path / "exported.trf", tmp_path / "back").code == 0
    assert _players(arbiter, tmp_path / "back")[6]["withdrawn_after"] == 0


# -- absences in bulk ---------------------------------------------------------------------------------------------


def test_bye_from_records_every_request_in_one_journal_entry(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    before = len(_journal(folder))
    done = arbiter("-d", folder, "bye", "--from", "-", stdin="# round 2\n3 2 half\n\n4 2 zero  # ill\n5 3 ZPB\n")
    assert done.code == 0 and "3 requested byes recorded" in done.err
    rows = _journal(folder)[before:]
    assert len(rows) == 3 and len({(r["time"], r["command"]) for r in rows}) == 1
    listed = json.loads(arbiter("-d", folder, "bye", "list", "-f", "json").out)
    assert [(b["round"], b["start_number"], b["kind"]) for b in listed] == [(2, 3, "HPB"), (2, 4, "ZPB"),
                                                                            (3, 5, "ZPB")]


def test_bye_from_is_all_or_nothing_naming_the_file_and_line(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    (tmp_path / "absent.txt").write_text("3 2 half\n4 9 zero\n")
    refused(arbiter, folder, "bye", "--from", tmp_path / "absent.txt", code=2,
            says=f"{tmp_path / 'absent.txt'}, line 2, field 'ROUND': there is no round 9")
    refused(arbiter, folder, "bye", "--from", "-", stdin="3 2 half\n3 2 zero\n", code=2,
            says="<stdin>, line 2, field 'ID': player 3's bye in round 2 is given on line 1 already")
    refused(arbiter, folder, "bye", "3", "--from", "-", stdin="3 2 half\n", code=2, says="not both")


def test_player_withdraw_from_withdraws_every_line_in_one_journal_entry(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1)
    before = len(_journal(folder))
    done = arbiter("-d", folder, "player", "withdraw", "--from", "-", stdin="2\n# left early\n7 1\n")
    assert done.code == 0 and "2 players withdrawn" in done.err
    rows = _journal(folder)[before:]
    assert [r["new"] for r in rows] == ["withdrawn after round 1", "withdrawn after round 1"]
    assert len({(r["time"], r["command"]) for r in rows}) == 1


def test_player_withdraw_from_is_all_or_nothing_naming_the_file_and_line(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    play(arbiter, folder, 1)
    refused(arbiter, folder, "player", "withdraw", "--from", "-", stdin="2\n77\n", code=2,
            says="<stdin>, line 2, field 'ID': there is no player with start number 77")
    refused(arbiter, folder, "player", "withdraw", "--from", "-", stdin="2\n3 x\n", code=2,
            says="<stdin>, line 2, field 'AFTER_ROUND': 'x' is not a round number")
    refused(arbiter, folder, "player", "withdraw", "2", "--from", "-", stdin="2\n", code=2, says="not both")


# -- pair --from -------------------------------------------------------------------------------------------------------


def test_pair_from_on_a_round_already_paired_says_to_unpair_it_first(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, 4)
    assert arbiter("-d", folder, "pair").code == 0
    refused(arbiter, folder, "pair", "--from", "-", stdin="1 2\n3 4\n",
            says="round 1 is already paired and has no result yet: to pair it by hand, 'arbiter unpair' it first")


def test_a_replayed_round_with_a_player_the_rule_withdrew_is_paired_by_hand_after_reinstating_them(
        arbiter: Runner, tmp_path: Path) -> None:
    """The 581-player replay: the rule withdrew a player after their second forfeit, but the real round
    3 has them play. pair --from names them and the command that brings them back; then it pairs."""
    folder = swiss(arbiter, tmp_path, 8)
    assert arbiter("-d", folder, "pair").code == 0
    loser = _loser_of_board_1(arbiter, folder)
    assert arbiter("-d", folder, "result", "1", "1", "+/-", "--excused").code == 0
    play(arbiter, folder, 1)
    assert arbiter("-d", folder, "pair").code == 0
    board = next(b for b in pairings(arbiter, folder, 2) if loser in (b["white"], b["black"]))
    code = "-/+" if board["white"] == loser else "+/-"
    assert arbiter("-d", folder, "result", "2", board["board"], code, "--excused", "--confirm").code == 0
    play(arbiter, folder, 2)
    real = "1 2\n3 4\n5 6\n7 8\n"
    refused(arbiter, folder, "pair", "--from", "-", "--force", "--reason", "the real round", stdin=real,
            says=f"withdrew after round 2: 'arbiter player reinstate {loser}' brings them back")
    assert arbiter("-d", folder, "player", "reinstate", loser).code == 0
    assert arbiter("-d", folder, "pair", "--from", "-", "--force", "--reason", "the real round", stdin=real).code == 0
    assert any(loser in (b["white"], b["black"]) for b in pairings(arbiter, folder, 3))


# -- the kinds that lack them ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["knockout24-in-progress", "team-swiss20-in-progress", "club-lyon"])
@pytest.mark.parametrize("args, operation, command", [
    (["bye", "--from", "-"], "bye_from", "bye --from"),
    (["player", "withdraw", "--from", "-"], "player_withdraw_from", "player withdraw --from"),
    (["player", "reinstate", "1"], "player_reinstate", "player reinstate")])
def test_bulk_absences_and_reinstate_are_refused_in_one_form_by_the_kinds_that_lack_them(  # type: ignore[no-untyped-def]
        arbiter: Runner, sample, name: str, args: list[str], operation: str, command: str) -> None:
    folder: Path = sample(name)
    assert not type(open_event(folder, Silent())).has(operation)
    before = snapshot(folder)
    done = arbiter("-d", folder, *args, stdin="1 2 half\n")
    assert done.code == 4, done.err
    assert (f"holds {open_event(folder, Silent()).described()}: 'arbiter {command}' is for Swiss and round-robin "
            "events and group events") in done.err
    assert snapshot(folder) == before


def test_a_no_show_refused_under_from_names_the_file_s_line(arbiter: Runner, tmp_path: Path) -> None:
    """The trial of issue 29: the refusal of a forfeit the no-show rule turns into a withdrawal named
    the player, not where it stood in the ``--from`` input; it names the line now, and saves nothing."""
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "7",
                   "--initial-colour", "white", "--no-show-rule", "FIDE").code == 0
    for i in range(6):
        assert arbiter("-d", folder, "player", "add", f"Player, {i}", "--rating", 2000 - i).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    before = snapshot(folder)
    told = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n# a comment\n2 +/-\n")
    assert told.code == 4 and told.err.startswith("arbiter: error: <stdin>, line 3: this forfeit withdraws ")
    assert snapshot(folder) == before
