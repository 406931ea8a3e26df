"""Games still being played (``*``) through the command line, end to end: entered, paired on as a
draw (C.04.2 3.1, the federation's rule: no float, no PAB), shown as unfinished with no points,
exported as TRF-2026's ``X`` and read back, then replaced by the real result; and the kinds of event
and the commands that refuse it, each with its one line and nothing changed."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from conftest import PLAYERS, Runner, snapshot

from arbiter_cli.events.registry import site_pages


def _swiss(arbiter: Runner, folder: Path, players: int = 7, rounds: int = 5) -> Path:
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", rounds, "--seed", "7",
                   "--initial-colour", "white").code == 0
    for name, rating, title in PLAYERS[:players]:
        assert arbiter("-d", folder, "player", "add", name, "--rating", rating, "--title", title).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    return folder


def _json(arbiter: Runner, folder: Path, *args: object) -> list[dict]:
    outcome = arbiter("-d", folder, *args, "-f", "json")
    assert outcome.code == 0, outcome.err
    return json.loads(outcome.out)


def _refused(arbiter: Runner, folder: Path, *args: object, says: str, code: int = 4) -> None:
    before = snapshot(folder)
    outcome = arbiter("-d", folder, *args)
    errors = [line for line in outcome.err.splitlines() if line.startswith("arbiter: error:")]
    assert outcome.code == code and len(errors) == 1 and says in errors[0], outcome.err
    assert snapshot(folder) == before


def _trf_line(text: str, start_number: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"001 {start_number:4d}"))


def test_unfinished_game_end_to_end_paired_on_then_its_real_result(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path / "open")
    board_one = _json(arbiter, folder, "pairings", 1)[0]
    carlsen, giri = board_one["white"], board_one["black"]  # 1 and 4: the game still being played
    done = arbiter("-d", folder, "result", 1, "--from", "-", stdin="1 *\n2 1/2\n3 1/2\n")
    assert done.code == 0 and "round 1: board 1 still being played (*)" in done.err
    assert arbiter("-d", folder, "result", 1, 1, "*").err.strip() == "round 1: nothing changed"

    # shown as unfinished, no points, no game for the tie-breaks; verify accepts it
    assert _json(arbiter, folder, "pairings", 1)[0]["result"] == "*"
    rows = {row["start_number"]: row for row in _json(arbiter, folder, "standings")}
    assert (rows[carlsen]["points"], rows[carlsen]["played"], rows[giri]["points"]) == (0, 0, 0)
    cross = {row["start_number"]: row for row in _json(arbiter, folder, "crosstable")}
    assert cross[carlsen]["games"] == [{"round": 1, "opponent": giri, "colour": "w", "result": "*"}]
    notes = arbiter("-d", folder, "standings").err
    assert "round 1 is not complete; still being played (*, no points yet) on board 1" in notes
    card = site_pages(folder)[f"players/{carlsen}.html"].decode()
    assert ">*<" in card
    assert arbiter("-d", folder, "verify").code == 0

    # paired on as a draw: Carlsen and Giri meet only players of ½, and neither gets the PAB
    assert arbiter("-d", folder, "pair").code == 0
    scores = {carlsen: Fraction(1, 2), giri: Fraction(1, 2)}
    scores.update({row["start_number"]: Fraction(str(row["points"])) for row in rows.values()
                   if row["start_number"] not in scores})
    round_two = _json(arbiter, folder, "pairings", 2)
    for board in round_two:
        if board["black"] is None:
            assert board["white"] not in (carlsen, giri)
        elif {carlsen, giri} & {board["white"], board["black"]}:
            assert scores[board["white"]] == scores[board["black"]] == Fraction(1, 2), board
    assert arbiter("-d", folder, "verify").code == 0

    # TRF-2026: X, with the colours; the points column counts it as 162 does (a draw); read back as *
    trf = tmp_path / "open.trf"
    assert arbiter("-d", folder, "export", "-o", trf).code == 0
    text = trf.read_text()
    assert _trf_line(text, carlsen)[80:84] == " 0.5" and _trf_line(text, carlsen)[91:99] == f"{giri:4d} w X"
    assert _trf_line(text, giri)[91:99] == f"{carlsen:4d} b X"
    assert arbiter("import", trf, tmp_path / "again").code == 0
    again = _json(arbiter, tmp_path / "again", "pairings", 1)
    assert [(b["white"], b["black"], b["result"]) for b in again if b["result"] == "*"] == [(carlsen, giri, "*")]

    # the real result, later: a plain entry, no --correct; the standings and the export follow
    ended = arbiter("-d", folder, "result", 1, 1, "1-0")
    assert ended.code == 0, ended.err
    assert "round 2 was paired with board 1 of round 1 counting as a draw" in ended.err
    journal = (folder / "journal.csv").read_text().splitlines()[-1]
    assert ",round 1 board 1 result,*,1-0," in journal
    assert "1,1,4,1-0,adjourned" in (folder / "rounds" / "01.csv").read_text()
    after = {row["start_number"]: row["points"] for row in _json(arbiter, folder, "standings", "--after-round", 1)}
    assert (after[carlsen], after[giri]) == (1, 0)
    exported = arbiter("-d", folder, "export", "-o", trf)
    assert exported.code == 0 and "the 'adjourned' notes" in exported.err
    assert _trf_line(trf.read_text(), carlsen)[91:99] == f"{giri:4d} w 1"
    assert arbiter("-d", folder, "verify").code == 0
    explained = arbiter("-d", folder, "pairings", 2, "--explain")  # paired again on the draw it was paired on
    assert "Bracket 1" in explained.out + explained.err and "differs" not in explained.out + explained.err


def test_unfinished_game_refusals_of_the_pairing_name_their_reason(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path / "short", rounds=3)
    assert arbiter("-d", folder, "result", 1, "--from", "-", stdin="1 *\n2 1/2\n3 1/2\n").code == 0
    _refused(arbiter, folder, "pair", says="round 2 is the last round but one of 3: the last two rounds are never "
                                           "paired on an unfinished game")
    small = _swiss(arbiter, tmp_path / "five", players=5)
    assert arbiter("-d", small, "result", 1, "--from", "-", stdin="1 1/2\n2 *\n").code == 0
    _refused(arbiter, small, "pair", code=6, says="round 2: no valid pairing keeps")


def test_unfinished_game_keeps_finalize_away(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path / "one", players=4, rounds=1)
    assert arbiter("-d", folder, "result", 1, "--from", "-", stdin="1 *\n2 1-0\n").code == 0
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "finalize")
    assert outcome.code == 4 and "round 1: board 1 still being played (*): enter the real result" in outcome.err
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "result", 1, 1, "0-1").code == 0
    assert arbiter("-d", folder, "finalize").code == 0


def test_unfinished_game_trf16_export_writes_no_result_and_says_so(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path / "open")
    assert arbiter("-d", folder, "result", 1, 1, "*").code == 0
    out = tmp_path / "open16.trf"
    outcome = arbiter("-d", folder, "export", "--trf-version", "16", "-o", out)
    assert outcome.code == 0 and "games still being played (*) are written without a result: TRF16" in outcome.err
    assert _trf_line(out.read_text(), 1)[91:99].rstrip() == "   4 w"


def test_unfinished_game_refused_by_the_kinds_without_it(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    says = "* (a game still being played) is for"
    _refused(arbiter, sample("rr10-in-progress"), "result", 5, 3, "*", says=says)
    _refused(arbiter, sample("knockout24-in-progress"), "result", 1, "4.1", "*", says=says)
    _refused(arbiter, sample("team-swiss20-in-progress"), "result", 4, "1.1", "*", says=says)
