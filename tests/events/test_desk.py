"""The desk (issue 26): result entry from the browser, on copies of the sample events.

A round's sheet per kind of event (its places as ``arbiter result`` takes them, the players as the
pairings show them, byes left out); a save is the act of ``arbiter result --from``: only the changed
places, one compare-and-set, journalled ``by`` the person; a place someone changed meanwhile saves
nothing and shows both results; two desks at once never both win one board; an arbiter neither
finalises nor corrects a finalised event, an owner or a manager does.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arbiter_cli.core.errors import DomainError, Refused
from arbiter_cli.core.venue import Clash, Person, Role, Saved, Sheet, turned
from arbiter_cli.events.desk import FolderDesk, open_desk
from arbiter_cli.store.commits import COMMITS
from cli.test_event_life import swiss
from cli.test_group_knockout_final_cli import cup_with_its_final
from conftest import Runner, snapshot
from web.served import command as serve_command

ANN = Person("Ann Arbiter", Role.ARBITER)
BOB = Person("Bob Deputy", Role.ARBITER)
MIA = Person("Mia Manager", Role.MANAGER)
OLA = Person("Ola Owner", Role.OWNER)


def journal(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text(encoding="utf-8"))))


def pairings(arbiter: Runner, folder: Path, rnd: int, *group: str) -> list[dict[str, Any]]:
    done = arbiter("-d", folder, "pairings", str(rnd), *(("--group", *group) if group else ()), "-f", "json")
    assert done.code == 0, done.err
    rows: list[dict[str, Any]] = json.loads(done.out)
    return rows


def on_sheet(sheet: Sheet) -> dict[str, str]:
    return {board.place: board.result for board in sheet.boards}


def besides(err: str) -> list[str]:
    """What the command line said (stderr) beside a save: every line but the echo of each place's own
    journal line (``round 5 board 2 result: none -> 1-0``), which the desk's ``saved`` names."""
    return [line for line in err.splitlines()
            if line and not re.match(r"round \d+ (board|game) \S+ (result|correction): ", line)]


# -- the sheet, kind by kind ------------------------------------------------------------------------

def test_an_individual_sheet_is_the_last_paired_rounds_boards_as_the_pairings_show_them(arbiter: Runner,
                                                                                       sample) -> None:
    folder = sample("swiss32-in-progress")
    sheet = open_desk(folder).sheet(None)
    rows = pairings(arbiter, folder, 5)
    assert (sheet.round, sheet.rounds, sheet.finalised, sheet.title) == (5, (1, 2, 3, 4, 5), False, "Ege Open 2026")
    assert [(b.place, b.label, b.result, b.match) for b in sheet.boards] == [
        (str(r["board"]), f"Board {r['board']}", r["result"] or "", "") for r in rows]
    for board, row in zip(sheet.boards, rows):
        assert board.white.startswith(f"{row['white']}. {row['white_name']}")
        assert board.black.startswith(f"{row['black']}. {row['black_name']}")
    assert on_sheet(open_desk(folder).sheet(2)) == {str(r["board"]): r["result"] or ""
                                                    for r in pairings(arbiter, folder, 2)}


def test_a_bye_is_no_place_on_the_sheet(arbiter: Runner, tmp_path: Path) -> None:
    folder = swiss(arbiter, tmp_path, n=5, rounds=3)
    assert arbiter("-d", folder, "pair").code == 0
    rows = pairings(arbiter, folder, 1)
    assert [r["result"] for r in rows if r["black"] is None] == ["PAB"]
    assert [b.place for b in open_desk(folder).sheet(None).boards] == [str(r["board"]) for r in rows
                                                                      if r["black"] is not None] == ["1", "2"]


@pytest.mark.parametrize("name, rnd", [("team-swiss20-in-progress", 4), ("team-league-in-progress", 4)])
def test_a_team_sheet_has_each_board_under_its_match_white_first_its_result_from_whites_side(
        arbiter: Runner, sample, name: str, rnd: int) -> None:
    folder = sample(name)
    sheet = open_desk(folder).sheet(None)
    rows = pairings(arbiter, folder, rnd)
    teams = {r["match"]: (r["first_name"], r["second_name"]) for r in rows if r["board"] is None and r["match"]}
    boards = [r for r in rows if r["board"] is not None]
    assert sheet.round == rnd and [b.place for b in sheet.boards] == [f"{r['match']}.{r['board']}" for r in boards]
    for board, row in zip(sheet.boards, boards):
        first_black = row["colour"] == "b"
        white, black = ("second", "first") if first_black else ("first", "second")
        assert board.match == f"Match {row['match']}: {teams[row['match']][0]} – {teams[row['match']][1]}"
        assert board.white.startswith(f"{row[white]}. {row[white + '_name']}")
        assert board.black.startswith(f"{row[black]}. {row[black + '_name']}")
        assert board.from_black is first_black
        stored = row["result"] or ""
        assert board.result == (turned(stored) if first_black else stored)
    assert any(b.from_black for b in sheet.boards) and any(not b.from_black for b in sheet.boards)


def test_a_knockout_sheet_has_each_game_under_its_match_and_no_walkover(arbiter: Runner, sample) -> None:
    folder = sample("knockout24-in-progress")
    desk = open_desk(folder)
    for rnd in (1, 2):
        rows = pairings(arbiter, folder, rnd)
        sheet = desk.sheet(rnd)
        games = [r for r in rows if "." in r["board"]]
        assert [(b.place, b.result) for b in sheet.boards] == [(r["board"], r["result"] or "") for r in games]
        assert len(games) < len(rows) if rnd == 1 else len(games) == len(rows)  # round 1 has its walkovers
        assert not sheet.corrections
    sheet = desk.sheet(None)
    assert sheet.round == 2
    rapid = next(b for b in sheet.boards if b.place == "2.3")
    assert rapid.label == "Game 3 (rapid)" and rapid.match.startswith("Match 2: 8. Sahin, Kerem")


def test_a_group_sheet_leads_each_place_with_its_stage_and_opens_the_first_round_still_waiting(
        arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    desk = open_desk(folder)
    sheet = desk.sheet(None)
    expected = {f"{group}:{r['board']}": r["result"] or "" for group in "ABCD"
                for r in pairings(arbiter, folder, 3, group)}
    assert sheet.round == 3 and sheet.rounds == (1, 2, 3) and on_sheet(sheet) == expected
    assert "" in expected.values()  # round 3 still waits; rounds 1 and 2 are whole
    assert all(on_sheet(desk.sheet(1)).values()) and all(on_sheet(desk.sheet(2)).values())
    assert {b.match for b in sheet.boards} == {"Group A", "Group B", "Group C", "Group D"}


def test_a_group_events_knockout_final_is_its_sheet_once_paired_and_takes_its_results(arbiter: Runner,
                                                                                   tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    sheet = open_desk(folder).sheet(None)
    rows = pairings(arbiter, folder, 1, "final")
    assert [b.place for b in sheet.boards] == [f"final:{r['board']}" for r in rows]
    assert sheet.boards[0].match.startswith("Final, match 1: ") and not sheet.corrections
    saved = open_desk(folder).save(ANN, 1, {"final:1.1": ("", "1-0")})
    assert saved == Saved(saved=("final:1.1",))
    assert journal(folder / "stages" / "final")[-1] | {"time": ""} == {
        "time": "", "command": "arbiter serve: result 1 (entered in the browser)", "change": "round 1 game 1.1 result",
        "old": "", "new": "1-0", "by": ANN.name}


def test_a_club_folder_is_refused_as_its_desk_opens_with_the_refusal_of_arbiter_result_and_where_entry_is(
        arbiter: Runner, sample) -> None:
    folder = sample("club-lyon")
    result = arbiter("-d", folder, "result", "1", "1", "1-0")
    refusal = result.err.strip().removeprefix("arbiter: error: ")
    assert result.code != 0 and refusal.startswith(f"{folder} holds a club: 'arbiter result' is for ")
    with pytest.raises(Refused) as raised:
        open_desk(folder)
    assert str(raised.value) == (f"{refusal}; to enter a tournament's results, serve its own folder "
                                 f"({folder}/tournaments/NAME)")
    # so 'serve --entry' on a club stops before it listens, with that one line
    served = subprocess.run(serve_command(folder, "--entry", "--port", "0"), capture_output=True, timeout=120)
    assert served.returncode == result.code
    assert served.stderr.decode().splitlines() == [f"arbiter: error: {raised.value}"]


@pytest.mark.parametrize("name, last", [("swiss32-in-progress", 5), ("team-league-in-progress", 4),
                                        ("knockout24-in-progress", 2), ("groups16-in-progress", 3)])
def test_the_sheet_of_a_round_not_paired_is_refused_in_words_not_as_an_argument(sample, name: str, last: int) -> None:
    desk = open_desk(sample(name))
    with pytest.raises(Refused) as raised:
        desk.sheet(last + 1)
    assert str(raised.value) == f"round {last + 1} is not paired yet (rounds 1-{last})"
    with pytest.raises(Refused) as raised:
        desk.sheet(0)
    assert str(raised.value) == f"there is no round 0 (rounds 1-{last})"
    assert desk.sheet(last).round == last


# -- saving -----------------------------------------------------------------------------------------

def test_a_save_enters_only_the_changed_boards_journalled_by_the_person(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    desk = open_desk(folder)
    before, seen = len(journal(folder)), on_sheet(desk.sheet(5))
    saved = desk.save(ANN, 5, {"1": ("1/2-1/2", "1/2-1/2"), "2": ("", "1-0"), "3": ("1-0", "1-0"),
                               "5": ("", "1/2-1/2"), "9": ("", "")})
    assert saved == Saved(saved=("2", "5"), notes=("round 5: 2 results missing (boards 9, 14)",))
    rows = journal(folder)[before:]
    assert [(r["change"], r["old"], r["new"], r["by"]) for r in rows] == [
        ("round 5 board 2 result", "", "1-0", ANN.name), ("round 5 board 5 result", "", "1/2-1/2", ANN.name)]
    assert on_sheet(desk.sheet(5)) == {**seen, "2": "1-0", "5": "1/2-1/2"}
    # a change after the board's first result: journalled with the old result, the new and who made it
    assert desk.save(BOB, 5, {"2": ("1-0", "0-1")}).saved == ("2",)
    last = journal(folder)[-1]
    assert (last["change"], last["old"], last["new"], last["by"]) == ("round 5 board 2 correction", "1-0", "0-1",
                                                                      BOB.name)
    log = json.loads(arbiter("-d", folder, "log", "--round", "5", "-f", "json").out)
    assert [(e["change"], e["by"]) for e in log[-3:]] == [("round 5 board 2 result", ANN.name),
                                                          ("round 5 board 5 result", ANN.name),
                                                          ("round 5 board 2 correction", BOB.name)]


def test_a_save_is_the_act_of_result_from_a_file_the_same_bytes(arbiter: Runner, sample, tmp_path: Path) -> None:
    by_desk, by_hand = sample("swiss32-in-progress"), tmp_path / "by-hand"
    by_desk.rename(by_hand)
    by_desk = sample("swiss32-in-progress")
    saved = open_desk(by_desk).save(ANN, 5, {"2": ("", "1-0"), "9": ("", "1/2-1/2"), "1": ("1/2-1/2", "0-1")})
    assert saved == Saved(saved=("1", "2", "9"), notes=("round 5: 2 results missing (boards 5, 14)",))
    done = arbiter("-d", by_hand, "--by", ANN.name, "result", "5", "--from", "-",
                   stdin="1 0-1 was 1/2-1/2\n2 1-0 was none\n9 1/2-1/2 was none\n")
    assert done.code == 0, done.err
    assert besides(done.err) == list(saved.notes)  # what the command line says, but the echo of each line
    assert (by_desk / "rounds" / "05.csv").read_bytes() == (by_hand / "rounds" / "05.csv").read_bytes()
    assert [(r["change"], r["old"], r["new"], r["by"]) for r in journal(by_desk)] == \
        [(r["change"], r["old"], r["new"], r["by"]) for r in journal(by_hand)]


def test_a_board_changed_meanwhile_saves_nothing_and_shows_stored_beside_yours(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    desk = open_desk(folder)
    seen = desk.sheet(5)
    assert arbiter("-d", folder, "--by", "Someone", "result", "5", "2", "0-1").code == 0
    before = snapshot(folder)
    saved = desk.save(ANN, 5, {"2": (on_sheet(seen)["2"], "1-0"), "5": (on_sheet(seen)["5"], "1/2-1/2")})
    assert saved == Saved(clashes=(Clash("2", "Board 2", "0-1", "1-0"),))
    assert snapshot(folder) == before
    # seen again, the board saves
    assert desk.save(ANN, 5, {"2": ("0-1", "1-0"), "5": ("", "1/2-1/2")}).saved == ("2", "5")


def test_the_same_result_entered_meanwhile_is_no_clash(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    assert arbiter("-d", folder, "result", "5", "2", "1-0").code == 0
    before = snapshot(folder)
    assert open_desk(folder).save(ANN, 5, {"2": ("", "1-0")}) == Saved(
        notes=("board 2: 1-0 was entered meanwhile, as you chose it; nothing to save there",))
    assert snapshot(folder) == before
    # beside a board to save, it is a note too, and the other board saves
    saved = open_desk(folder).save(ANN, 5, {"2": ("", "1-0"), "9": ("", "0-1")})
    assert (saved.saved, saved.clashes, saved.refused) == (("9",), (), "")
    assert saved.notes[0] == "board 2: 1-0 was entered meanwhile, as you chose it; nothing to save there"


class RacingDesk(FolderDesk):
    """A desk whose first sheet waits for the other desk's: both see the board as it was before
    either saves, so that only the store's lock and the compare-and-set can tell them apart."""

    def __init__(self, path: Path, together: threading.Barrier) -> None:
        super().__init__(path)
        self.together: threading.Barrier | None = together
        self.refusals: list[str] = []

    def _refused(self, round_number: int, error: DomainError, *rest: Any) -> Saved:
        self.refusals.append(error.message)
        return super()._refused(round_number, error, *rest)

    def _sheets(self, round_number: int | None) -> tuple[Sheet, Sheet]:
        sheets = super()._sheets(round_number)
        if self.together is not None:
            self.together.wait(timeout=30)
            self.together = None
        return sheets


def test_two_desks_saving_one_board_at_once_never_both_win(sample) -> None:
    folder = sample("swiss32-in-progress")
    for board in ("2", "5", "9"):
        together = threading.Barrier(2)
        answers: dict[str, Saved] = {}

        def save(person: Person, code: str, desk: FolderDesk) -> None:
            answers[person.name] = desk.save(person, 5, {board: ("", code)})

        desks = [RacingDesk(folder, together), RacingDesk(folder, together)]
        threads = [threading.Thread(target=save, args=(person, code, desk))
                   for (person, code), desk in zip(((ANN, "1-0"), (BOB, "0-1")), desks)]
        before = len(journal(folder))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        won = [name for name, answer in answers.items() if answer.saved == (board,)]
        lost = [answer for answer in answers.values() if answer.clashes]
        assert len(won) == 1 and len(lost) == 1, answers
        winner = ANN if won == [ANN.name] else BOB
        code = "1-0" if winner is ANN else "0-1"
        assert lost[0] == Saved(clashes=(Clash(board, f"Board {board}", code, turned(code)),))
        # both saw the board empty: the life cycle's compare-and-set refused the second, under the lock
        assert [r for desk in desks for r in desk.refusals] == [
            f"round 5: nothing saved, because the stored result changed meanwhile: board {board}: stored {code}, "
            f"yours {turned(code)} (based on none)"]
        assert on_sheet(open_desk(folder).sheet(5))[board] == code
        assert [(r["change"], r["new"], r["by"]) for r in journal(folder)[before:]] == [
            (f"round 5 board {board} result", code, winner.name)]


def test_two_desks_saving_different_boards_at_once_both_save_nothing_lost(sample) -> None:
    folder = sample("swiss32-in-progress")
    together = threading.Barrier(2)
    answers: dict[str, Saved] = {}

    def save(person: Person, board: str) -> None:
        answers[person.name] = RacingDesk(folder, together).save(person, 5, {board: ("", "1-0")})

    threads = [threading.Thread(target=save, args=pair) for pair in ((ANN, "2"), (BOB, "9"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert {name: answer.saved for name, answer in answers.items()} == {ANN.name: ("2",), BOB.name: ("9",)}
    assert (on_sheet(open_desk(folder).sheet(5))["2"], on_sheet(open_desk(folder).sheet(5))["9"]) == ("1-0", "1-0")
    assert sorted((r["change"], r["by"]) for r in journal(folder)[-2:]) == [
        ("round 5 board 2 result", ANN.name), ("round 5 board 9 result", BOB.name)]


class MeanwhileDesk(FolderDesk):
    """A desk that, once it has read the sheets of a save, lets something happen meanwhile, before
    its entry: the entry, under the folder's lock, is then the first to find it."""

    def __init__(self, path: Path, meanwhile: Callable[[], None]) -> None:
        super().__init__(path)
        self.meanwhile: Callable[[], None] | None = meanwhile

    def _sheets(self, round_number: int | None) -> tuple[Sheet, Sheet]:
        sheets = super()._sheets(round_number)
        if self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            meanwhile()
        return sheets


def test_a_board_entered_meanwhile_as_chosen_is_no_clash_when_the_entry_itself_finds_the_change(
        arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")

    def someone() -> None:
        assert arbiter("-d", folder, "result", "5", "--from", "-", stdin="2 1-0\n5 0-1\n").code == 0

    before = len(journal(folder))
    saved = MeanwhileDesk(folder, someone).save(ANN, 5, {"2": ("", "1-0"), "5": ("", "1/2-1/2")})
    assert saved == Saved(clashes=(Clash("5", "Board 5", "0-1", "1/2-1/2"),))  # board 2 holds what Ann chose
    assert len(journal(folder)) == before + 2  # someone's two lines, nothing of Ann's


def test_a_save_leaves_ctrl_c_free_for_the_server(sample) -> None:
    open_desk(sample("swiss32-in-progress")).save(ANN, 5, {"2": ("", "1-0")})
    assert not COMMITS.holding


def test_a_refusal_of_the_act_saves_nothing_and_says_its_one_line(sample) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    saved = open_desk(folder).save(ANN, 5, {"2": ("", "1-0"), "5": ("", "+/-")})  # a no-show without notice
    assert not saved.saved and not saved.clashes and "withdraws Aydin, Emre" in saved.refused
    assert "\n" not in saved.refused and snapshot(folder) == before


def test_a_forfeit_the_no_show_rule_turns_into_a_withdrawal_is_refused_in_words_with_what_it_needs(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    desk = open_desk(folder)
    saved = desk.save(ANN, 5, {"2": ("", "1-0"), "5": ("", "+/-")})
    assert saved == Saved(
        refused="this forfeit withdraws Aydin, Emre (start number 31): 1 no-show without notice (the event withdraws a "
                "player after 1). Nothing was saved: confirm to record it and withdraw, or mark it excused if notice "
                "was given", needs=("confirm", "excused"))
    assert snapshot(folder) == before
    # excused: the loser gave notice, no withdrawal (the command line's --excused)
    assert desk.save(ANN, 5, {"5": ("", "+/-")}, excused=True).saved == ("5",)
    assert (journal(folder)[-1]["new"], journal(folder)[-1]["by"]) == ("+/- (excused)", ANN.name)


def test_a_forfeit_confirmed_withdraws_the_player_and_says_it_as_the_command_line_does(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    by_desk, by_hand = sample("swiss32-in-progress"), tmp_path / "by-hand"
    by_desk.rename(by_hand)
    by_desk = sample("swiss32-in-progress")
    saved = open_desk(by_desk).save(ANN, 5, {"5": ("", "+/-")}, confirm=True)
    done = arbiter("-d", by_hand, "--by", ANN.name, "result", "5", "--from", "-", "--confirm", stdin="5 +/- was none\n")
    assert done.code == 0, done.err
    assert saved.saved == ("5",) and list(saved.notes) == besides(done.err)
    assert "Aydin, Emre withdrawn after round 5: 1 no-show without notice (the event withdraws a player after 1)" \
        in saved.notes
    assert (by_desk / "players.csv").read_bytes() == (by_hand / "players.csv").read_bytes()


def test_an_excused_forfeit_that_still_withdraws_needs_only_the_confirmation(sample) -> None:
    folder = sample("swiss32-in-progress")
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace('status = "running"\n',
                                                                     'status = "running"\nwithdraw_after_no_shows = 1\n'),
                        encoding="utf-8")
    before = snapshot(folder)
    saved = open_desk(folder).save(ANN, 5, {"5": ("", "+/-")}, excused=True)
    assert saved.needs == ("confirm",) and saved.refused.endswith("Nothing was saved: confirm to record it and withdraw")
    assert "--" not in saved.refused and snapshot(folder) == before
    assert open_desk(folder).save(ANN, 5, {"5": ("", "+/-")}, excused=True, confirm=True).saved == ("5",)


def test_a_round_not_paired_is_refused_in_words(sample) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    assert open_desk(folder).save(ANN, 6, {"2": ("", "1-0")}) == Saved(refused="round 6 is not paired yet (rounds 1-5)")
    assert snapshot(folder) == before


@pytest.mark.parametrize("changes, refused", [
    ({"99": ("", "1-0")}, "round 5 has no place '99'"),
    ({"2": ("", "2-0")}, "Board 2: '2-0' is not a result"),
    ({"2": ("", "0-0")}, "Board 2: '0-0' is not a result"),  # the sheet offers ENTRY_RESULTS only
])
def test_a_place_not_on_the_sheet_or_a_result_it_does_not_offer_changes_nothing(
        sample, changes: dict[str, tuple[str, str]], refused: str) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    saved = open_desk(folder).save(ANN, 5, changes)
    assert saved.refused.startswith(refused) and not saved.saved
    assert snapshot(folder) == before


def test_a_team_board_is_saved_under_its_match_from_the_first_teams_side(arbiter: Runner, sample) -> None:
    folder = sample("team-league-in-progress")
    desk = open_desk(folder)
    boards = {b.place: b for b in desk.sheet(4).boards if not b.result}
    black_first = next(b for b in boards.values() if b.from_black)
    white_first = next(b for b in boards.values() if not b.from_black)
    saved = desk.save(ANN, 4, {black_first.place: ("", "1-0"), white_first.place: ("", "1-0")})
    assert saved.saved == tuple(p for p in boards if p in (black_first.place, white_first.place))
    stored = {f"{r['match']}.{r['board']}": r["result"] for r in pairings(arbiter, folder, 4) if r["board"]}
    assert (stored[black_first.place], stored[white_first.place]) == ("0-1", "1-0")  # White won both
    assert on_sheet(desk.sheet(4))[black_first.place] == "1-0"
    rows = {r["change"]: (r["new"], r["by"]) for r in journal(folder)}
    assert rows[f"round 4 board {black_first.place} result"] == ("0-1", ANN.name)
    # a clash is shown from White's side too
    clash = desk.save(BOB, 4, {black_first.place: ("", "0-1")})
    assert clash == Saved(clashes=(Clash(black_first.place, black_first.label, "1-0", "0-1"),))


def test_a_knockout_game_is_entered_and_changed_by_an_arbiter_under_its_match(sample) -> None:
    folder = sample("knockout24-in-progress")
    desk = open_desk(folder)
    assert desk.save(ANN, 2, {"3.2": ("", "1-0")}) == Saved(saved=("3.2",),
                                                           notes=("match 3: 13 (Aydin, Zeynep) goes through",))
    tied = desk.save(BOB, 2, {"1.1": ("0-1", "1-0")})  # the match is tied now: its rapid games are said
    assert tied.saved == ("1.1",) and tied.notes[:2] == ("round 2 game 1.3 added: none -> rapid: 16 v 1",
                                                          "round 2 game 1.4 added: none -> rapid: 1 v 16")
    rows = [(r["change"], r["old"], r["new"], r["by"]) for r in journal(folder)[-4:]]
    assert rows == [("round 2 game 3.2 result", "", "1-0", ANN.name), ("round 2 game 1.1 result", "0-1", "1-0", BOB.name),
                    ("round 2 game 1.3 added", "", "rapid: 16 v 1", BOB.name),
                    ("round 2 game 1.4 added", "", "rapid: 1 v 16", BOB.name)]
    assert {"1.3", "1.4"} <= set(on_sheet(desk.sheet(2)))


def test_a_group_save_goes_to_each_places_stage(sample) -> None:
    folder = sample("groups16-in-progress")
    saved = open_desk(folder).save(ANN, 3, {"D:2": ("", "1/2-1/2"), "A:1": ("1-0", "0-1")})
    assert saved == Saved(saved=("A:1", "D:2"), notes=("A: round 3: all results entered",
                                                       "D: round 3: all results entered"))  # each named by its stage
    last = {group: journal(folder / "stages" / group)[-1] for group in "AD"}
    assert (last["A"]["change"], last["A"]["old"], last["A"]["new"], last["A"]["by"]) == \
        ("round 3 board 1 correction", "1-0", "0-1", ANN.name)
    assert (last["D"]["change"], last["D"]["new"], last["D"]["by"]) == ("round 3 board 2 result", "1/2-1/2", ANN.name)


def test_a_group_save_with_a_stale_place_in_any_stage_saves_nothing(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    assert arbiter("-d", folder, "result", "3", "2", "1-0", "--group", "D").code == 0
    before = snapshot(folder)
    saved = open_desk(folder).save(ANN, 3, {"A:1": ("1-0", "0-1"), "D:2": ("", "0-1")})
    assert saved == Saved(clashes=(Clash("D:2", "Board 2", "1-0", "0-1"),))
    assert snapshot(folder) == before


# -- finalising and corrections ---------------------------------------------------------------------

def test_an_arbiter_cannot_finalise_and_nothing_changes(sample) -> None:
    folder = sample("rr10-finished")
    before = snapshot(folder)
    with pytest.raises(Refused, match="finalising the event is for its owner and its managers"):
        open_desk(folder).finalise(ANN)
    assert snapshot(folder) == before


@pytest.mark.parametrize("person", [MIA, OLA])
def test_a_manager_or_the_owner_finalises_and_corrects_a_finalised_event_an_arbiter_cannot(
        sample, person: Person) -> None:
    folder = sample("rr10-finished")
    desk = open_desk(folder)
    line = desk.finalise(person)
    assert line.startswith("finalised on ") and "after 9 rounds" in line and "\n" not in line
    assert journal(folder)[-1]["by"] == person.name and desk.sheet(None).finalised
    before = snapshot(folder)
    refused = desk.save(ANN, 9, {"1": ("1-0", "0-1")})
    assert refused.refused.startswith("the event is finalised: only its owner or a manager corrects a result")
    assert not refused.saved and snapshot(folder) == before
    standings = (folder / "final" / "standings.csv").read_bytes()
    corrected = desk.save(person, 9, {"1": ("1-0", "0-1")})
    assert corrected.saved == ("1",) and corrected.notes[0].startswith(
        "final standings: stored before the correction -> stored again: final/standings.csv")
    correction = next(r for r in journal(folder) if r["change"] == "round 9 board 1 correction")
    assert (correction["old"], correction["new"], correction["by"]) == ("1-0", "0-1", person.name)
    assert (folder / "final" / "standings.csv").read_bytes() != standings  # stored again (C.04.2 4.3)
    # corrected, never removed
    before = snapshot(folder)
    removed = desk.save(person, 9, {"1": ("0-1", "")})
    assert "corrected, not removed" in removed.refused and snapshot(folder) == before


def test_finalising_an_unfinished_event_is_refused_with_what_is_missing_on_one_line(sample) -> None:
    folder = sample("rr10-in-progress")
    before = snapshot(folder)
    with pytest.raises(Refused) as raised:
        open_desk(folder).finalise(MIA)
    assert "missing" in str(raised.value) and "listed above" not in str(raised.value)
    assert "\n" not in str(raised.value) and snapshot(folder) == before


# -- a round before the current one: later rounds were paired on its results --------------------------

NOT_CURRENT = "round {} is not the current round ({}): its results are changed by the owner or a manager, as a correction"


@pytest.mark.parametrize("chosen", ["0-1", ""])
def test_an_arbiter_neither_changes_nor_clears_an_entered_result_of_a_round_before_the_current_one(
        sample, chosen: str) -> None:
    folder = sample("swiss32-in-progress")
    desk = open_desk(folder)
    assert on_sheet(desk.sheet(2))["1"] == "1/2-1/2"
    before = snapshot(folder)
    assert desk.save(ANN, 2, {"1": ("1/2-1/2", chosen)}) == Saved(refused=NOT_CURRENT.format(2, 5))
    assert snapshot(folder) == before


def test_nobody_clears_a_result_of_a_round_before_the_current_one_an_owner_or_a_manager_corrects_it(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    by_desk, by_hand = sample("swiss32-in-progress"), tmp_path / "by-hand"
    by_desk.rename(by_hand)
    by_desk = sample("swiss32-in-progress")
    desk = open_desk(by_desk)
    before = snapshot(by_desk)
    for person in (OLA, MIA):
        assert desk.save(person, 2, {"1": ("1/2-1/2", ""), "2": ("1-0", "0-1")}) == Saved(
            refused="round 2 is not the current round (5): its results are corrected, never removed (board 1)")
    assert snapshot(by_desk) == before
    corrected = desk.save(OLA, 2, {"2": ("1-0", "0-1")})
    assert corrected.saved == ("2",)
    row = journal(by_desk)[-1]
    assert (row["change"], row["old"], row["new"], row["by"]) == ("round 2 board 2 correction", "1-0", "0-1", OLA.name)
    # what the event says beside it is the command line's, word for word (its --correct)
    done = arbiter("-d", by_hand, "--by", OLA.name, "result", "2", "--from", "-", "--correct", stdin="2 0-1 was 1-0\n")
    assert done.code == 0, done.err
    assert list(corrected.notes) == besides(done.err)
    assert corrected.notes[0].startswith("note: rounds 3-5 were paired before this correction of round 2")


def test_an_arbiter_enters_a_result_still_missing_in_a_round_before_the_current_one(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    assert arbiter("-d", folder, "result", "2", "3", "none", "--correct").code == 0  # the command line cleared it
    saved = open_desk(folder).save(ANN, 2, {"3": ("", "1-0")})
    assert saved.saved == ("3",) and saved.notes[-1] == "round 2: all results entered"
    row = journal(folder)[-1]
    assert (row["change"], row["old"], row["new"], row["by"]) == ("round 2 board 3 result", "", "1-0", ANN.name)


def test_a_page_of_a_round_left_open_while_the_next_was_paired_is_judged_on_the_folder_at_save_time(
        arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    desk = open_desk(folder)
    page = on_sheet(desk.sheet(None))  # round 5, open on a phone
    done = arbiter("-d", folder, "result", "5", "--from", "-", stdin="2 1-0\n5 0-1\n9 1/2-1/2\n14 1-0\n")
    assert done.code == 0, done.err
    assert arbiter("-d", folder, "pair").code == 0  # round 6, paired on round 5's results
    before = snapshot(folder)
    assert desk.save(ANN, 5, {"1": (page["1"], "1-0")}) == Saved(refused=NOT_CURRENT.format(5, 6))
    assert desk.save(MIA, 5, {"3": ("1-0", "")}).refused.startswith("round 5 is not the current round (6): its "
                                                                   "results are corrected, never removed (board 3)")
    assert snapshot(folder) == before
    corrected = desk.save(MIA, 5, {"1": (page["1"], "1-0")})
    assert corrected.saved == ("1",)
    assert corrected.notes[0].startswith("note: round 6 was paired before this correction of round 5")


def test_a_knockout_correction_only_force_would_save_is_sent_to_the_command_line_and_never_offered(sample) -> None:
    folder = sample("knockout24-in-progress")
    desk = open_desk(folder)
    before = snapshot(folder)
    assert desk.save(ANN, 1, {"4.1": ("0-1", "1-0")}) == Saved(refused=NOT_CURRENT.format(1, 2))
    assert desk.save(OLA, 1, {"4.1": ("0-1", "1-0")}) == Saved(
        refused="round 2 match 2 is paired with 9 (Demir, Deniz) from match 4; this correction changes who goes "
                "through. Nothing was saved: only the command line's 'arbiter result --force' would pair again round 2 "
                "match 2 (dropping 2.1 1-0, 2.2 1-0)")
    assert desk.save(OLA, 1, {"4.1": ("0-1", "")}).refused == (
        "round 1 is not the current round (2): its results are corrected, never removed (game 4.1)")
    assert snapshot(folder) == before


def test_a_group_events_current_round_is_the_first_one_waiting_later_rounds_take_results_earlier_ones_corrections(
        arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    desk = open_desk(folder)
    assert desk.sheet(None).round == 3
    before = snapshot(folder)
    assert desk.save(ANN, 2, {"A:1": ("0-1", "1-0")}) == Saved(refused=NOT_CURRENT.format(2, 3))
    assert desk.save(MIA, 2, {"A:1": ("0-1", "")}).refused.endswith("corrected, never removed (A: board 1)")
    assert snapshot(folder) == before
    assert desk.save(MIA, 2, {"A:1": ("0-1", "1-0")}).saved == ("A:1",)
