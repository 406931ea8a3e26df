"""Results entered the way they arrive (issue 27): ``result --from`` lines by the players' start numbers,
and ``result --pgn`` of a DGT board's or a broadcast's games, through the folder, all or nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from conftest import Runner, snapshot

#: Players as FIDE's list writes them, with their FIDE IDs (two of them without one).
ROSTER = [("Carlsen, Magnus", 2830, 1503014), ("Caruana, Fabiano", 2800, 2020009),
          ("Nakamura, Hikaru", 2790, 2016192), ("Giri, Anish", 2745, 24116068),
          ("Šolc, Jan", 2300, None), ("Müller, Jörg", 2250, None)]


@pytest.fixture
def open6(arbiter: Runner, tmp_path: Path) -> Path:
    """A Swiss of six players with round 1 paired (White on board 1 for the top seed)."""
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "1",
                   "--initial-colour", "white").code == 0
    rows = "name,rating,fide_id\n" + "".join(f'"{n}",{r},{i or ""}\n' for n, r, i in ROSTER)
    assert arbiter("-d", folder, "player", "import", "-", stdin=rows).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    return folder


def boards(folder: Path, number: int = 1) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / "rounds" / f"{number:02d}.csv").read_text(encoding="utf-8"))))


def people(folder: Path) -> dict[int, dict[str, str]]:
    rows = csv.DictReader(io.StringIO((folder / "players.csv").read_text(encoding="utf-8")))
    return {int(row["start_number"]): row for row in rows}


def broadcast(folder: Path, results: list[str], *, ids: bool = True, names: str = "as listed", number: int = 1,
              board_header: bool = True) -> str:
    """The round's games as a DGT broadcast writes them: Round "R.B", Board, FIDE IDs, the result."""
    who = people(folder)
    games = []
    for row, result in zip(boards(folder, number), results):
        tags = {"Event": "Open", "Site": "Live", "Round": f"{number}.{row['board']}"}
        for side in ("White", "Black"):
            person = who[int(row[side.lower()])]
            name = person["name"]
            if names == "first name first":
                surname, _, given = name.partition(", ")
                name = f"{given} {surname.upper()}"
            tags[side] = name
            if ids and person["fide_id"]:
                tags[f"{side}FideId"] = person["fide_id"]
        if board_header:
            tags["Board"] = row["board"]
        tags["Result"] = result
        games.append("".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + f"\n1. d4 Nf6 2. c4 e6 {result}\n\n")
    return "".join(games)


def test_a_dgt_broadcast_pgn_enters_the_round_by_fide_id_and_is_no_change_the_second_time(
        arbiter: Runner, open6: Path, tmp_path: Path) -> None:
    pgn = tmp_path / "round1.pgn"
    pgn.write_text(broadcast(open6, ["1-0", "1/2-1/2", "0-1"]), encoding="utf-8")
    done = arbiter("-d", open6, "result", "1", "--pgn", pgn)
    assert done.code == 0, done.err
    assert [row["result"] for row in boards(open6)] == ["1-0", "1/2-1/2", "0-1"]
    assert "round 1: all results entered" in done.err
    journal = (open6 / "journal.csv").read_text(encoding="utf-8")
    assert "round 1 board 3 result,,0-1" in journal and f"result 1 --pgn {pgn}" in journal
    before = snapshot(open6)
    again = arbiter("-d", open6, "result", "1", "--pgn", pgn)
    assert again.code == 0 and "round 1: nothing changed" in again.err and snapshot(open6) == before


def test_a_pgn_result_other_than_the_stored_one_needs_correct(arbiter: Runner, open6: Path, tmp_path: Path) -> None:
    assert arbiter("-d", open6, "result", "1", "--from", "-", stdin="1 1-0\n2 =\n3 0-1\n").code == 0
    pgn = tmp_path / "round1.pgn"
    pgn.write_text(broadcast(open6, ["0-1", "1/2-1/2", "0-1"]), encoding="utf-8")
    before = snapshot(open6)
    refused = arbiter("-d", open6, "result", "1", "--pgn", pgn)
    assert refused.code == 4 and "board 1 has 1-0, not 0-1 (give --correct" in refused.err
    assert snapshot(open6) == before
    assert arbiter("-d", open6, "result", "1", "--pgn", pgn, "--correct").code == 0
    assert boards(open6)[0]["result"] == "0-1"


def test_a_pgn_with_names_only_in_firstname_surname_order_is_matched_by_name(arbiter: Runner, open6: Path) -> None:
    text = broadcast(open6, ["1-0", "0-1", "1/2-1/2"], ids=False, names="first name first", board_header=False)
    assert "FideId" not in text and "Magnus CARLSEN" in text
    done = arbiter("-d", open6, "result", "1", "--pgn", "-", stdin=text)
    assert done.code == 0, done.err
    assert [row["result"] for row in boards(open6)] == ["1-0", "0-1", "1/2-1/2"]


def test_an_unfinished_game_is_left_out_with_a_note_and_its_board_waits(arbiter: Runner, open6: Path) -> None:
    done = arbiter("-d", open6, "result", "1", "--pgn", "-", stdin=broadcast(open6, ["1-0", "*", "0-1"]))
    assert done.code == 0, done.err
    assert [row["result"] for row in boards(open6)] == ["1-0", "", "0-1"]
    assert "not finished (Result '*'), left out: board 2 keeps what it has" in done.err
    assert "round 1: 1 result missing (board 2)" in done.err


def test_an_ambiguous_game_is_named_and_nothing_is_entered(arbiter: Runner, tmp_path: Path) -> None:
    """Two players of one name against two of another, no FIDE IDs, no Board header: a game between
    those names could be either board, White and Black alike."""
    folder = tmp_path / "twins"
    assert arbiter("new", folder, "--name", "Twins", "--system", "swiss", "--rounds", "3", "--seed", "1",
                   "--initial-colour", "white").code == 0
    names = ["Twin, Tom", "Other, One", "Twin, Tom", "Other, Two", "Alpha, Al", "Other, Three", "Alpha, Al",
             "Other, Four"]
    rows = "name,rating\n" + "".join(f'"{name}",{2400 - 10 * i}\n' for i, name in enumerate(names))
    assert arbiter("-d", folder, "player", "import", "-", stdin=rows).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert [(row["white"], row["black"]) for row in boards(folder)][0::2] == [("1", "5"), ("3", "7")]
    text = broadcast(folder, ["1-0", "0-1", "1-0", "0-1"], ids=False, board_header=False)
    before = snapshot(folder)
    refused = arbiter("-d", folder, "result", "1", "--pgn", "-", stdin=text)
    assert refused.code == 2
    assert refused.err == ("arbiter: error: <stdin>, line 1, field 'White': game 1 (White 'Twin, Tom', Black "
                           "'Alpha, Al', Round '1.1'): ambiguous: it could be board 1 or board 3 of round 1 "
                           "(players of the same name; give WhiteFideId and BlackFideId, or a Board header) "
                           "(also game 3, line 19, White)\n")
    assert snapshot(folder) == before
    with_boards = broadcast(folder, ["1-0", "0-1", "1-0", "0-1"], ids=False)
    assert arbiter("-d", folder, "result", "1", "--pgn", "-", stdin=with_boards).code == 0
    assert [row["result"] for row in boards(folder)] == ["1-0", "0-1", "1-0", "0-1"]


def test_an_unmatched_game_is_refused_naming_file_line_and_header_and_nothing_changes(
        arbiter: Runner, open6: Path, tmp_path: Path) -> None:
    text = broadcast(open6, ["1-0", "0-1", "1-0"]).replace("Caruana, Fabiano", "Nobody, Else").replace(
        "2020009", "7")
    pgn = tmp_path / "r1.pgn"
    pgn.write_text(text, encoding="utf-8")
    before = snapshot(open6)
    refused = arbiter("-d", open6, "result", "1", "--pgn", pgn)
    assert refused.code == 2 and refused.err.count("\n") == 1
    line = [n for n, text_line in enumerate(text.splitlines(), 1) if text_line.startswith("[Event")][1]
    assert refused.err.startswith(f"arbiter: error: {pgn}, line {line}, field 'Black': game 2 (White ")
    assert "no player of the event has FIDE ID 7 or the name 'Nobody, Else'" in refused.err
    assert snapshot(open6) == before


def test_a_pgn_of_the_wrong_round_is_refused_and_other_rounds_games_are_left_out(
        arbiter: Runner, open6: Path) -> None:
    refused = arbiter("-d", open6, "result", "1", "--pgn", "-", stdin=broadcast(open6, ["1-0"]).replace(
        '[Round "1.1"]', '[Round "2.1"]'))
    assert refused.code == 2 and "field 'Round': no game of round 1 in the file (its games are of round 2)" \
        in refused.err
    text = broadcast(open6, ["1-0", "0-1", "1-0"]) + broadcast(open6, ["1-0"]).replace('[Round "1.1"]',
                                                                                      '[Round "2.1"]')
    done = arbiter("-d", open6, "result", "1", "--pgn", "-", stdin=text)
    assert done.code == 0 and "note: 1 game of round 2 in <stdin> left out: this entry is round 1's" in done.err


def test_result_lines_by_white_and_black_start_numbers_enter_all_or_nothing(arbiter: Runner, open6: Path) -> None:
    rows = boards(open6)
    pairs = [(row["white"], row["black"]) for row in rows]
    before = snapshot(open6)
    text = f"{pairs[0][0]} {pairs[0][1]} 1-0\n{pairs[1][1]} {pairs[1][0]} 1-0\n"
    refused = arbiter("-d", open6, "result", "1", "--from", "-", stdin=text)
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert (f"<stdin>, line 2, field 'white': {pairs[1][1]} has Black and {pairs[1][0]} White at board 2: give "
            f"White first ('{pairs[1][0]} {pairs[1][1]} RESULT', the result from White's side)") in refused.err
    assert snapshot(open6) == before
    text = f"{pairs[0][0]} {pairs[0][1]} 1-0\n{pairs[1][0]} {pairs[1][1]} 0-1\n3 = was none\n"
    done = arbiter("-d", open6, "result", "1", "--from", "-", stdin=text)
    assert done.code == 0, done.err
    assert [row["result"] for row in boards(open6)] == ["1-0", "0-1", "1/2-1/2"]
    assert "round 1 board 2 result: none -> 0-1" in done.err


def test_a_team_events_lines_and_pgn_find_the_board_in_its_match_by_the_colour_pattern(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    """The first team has Black on board 2 (pattern WB): White's win there is stored 0-1 (first team's side)."""
    folder = sample("team-swiss20-in-progress")
    rows = [row for row in boards(folder, 4) if row["match"] == "9" and row["board"]]
    one, two = rows[0], rows[1]
    text = f"{one['first']} {one['second']} 1-0\n{two['second']} {two['first']} 1-0\n"
    done = arbiter("-d", folder, "result", "4", "--from", "-", stdin=text)
    assert done.code == 0, done.err
    assert "round 4 board 9.1 result: none -> 1-0" in done.err and "round 4 board 9.2 result: none -> 0-1" in done.err
    who = people(folder)
    three, four = rows[2], rows[3]
    game = ('[Round "4"]\n[White "{}"]\n[Black "{}"]\n[Result "{}"]\n\n{}\n\n')
    pgn = (game.format(who[int(three["first"])]["name"], who[int(three["second"])]["name"], "1/2-1/2", "1/2-1/2")
           + game.format(who[int(four["second"])]["name"], who[int(four["first"])]["name"], "1-0", "1-0"))
    done = arbiter("-d", folder, "result", "4", "--pgn", "-", stdin=pgn)
    assert done.code == 0, done.err
    assert "round 4 board 9.3 result: none -> 1/2-1/2" in done.err and "round 4 board 9.4 result: none -> 0-1" \
        in done.err


def test_a_knockout_takes_neither_lines_by_players_nor_pgn(arbiter: Runner, sample) -> None:
    folder = sample("knockout24-in-progress")
    before = snapshot(folder)
    pgn = arbiter("-d", folder, "result", "1", "--pgn", "-", stdin='[White "A"]\n')
    assert pgn.code == 2 and "field '--pgn': a knockout's results come by MATCH.GAME" in pgn.err
    lines = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 2 1-0\n")
    assert lines.code == 2 and "this event's results are entered by MATCH.GAME, not by a pair of start numbers" \
        in lines.err
    assert snapshot(folder) == before


def test_pgn_and_from_and_a_board_go_one_at_a_time(arbiter: Runner, open6: Path) -> None:
    before = snapshot(open6)
    for args in (["--pgn", "-", "--from", "-"], ["1", "1-0", "--pgn", "-"]):
        refused = arbiter("-d", open6, "result", "1", *args, stdin="")
        assert refused.code == 2 and "give one of BOARD RESULT, --from FILE or --pgn FILE" in refused.err
    assert snapshot(open6) == before


def test_a_from_file_line_in_conflict_with_a_stored_result_is_named_by_file_and_line(arbiter: Runner, sample,
                                                                                     tmp_path: Path) -> None:
    """Trial finding: ``result 5 --from r5.txt`` whose second line gives board 1 another result than the
    stored one said "round 5: board 1 has 1/2-1/2, not 0-1" without the file or the line; syntax errors
    named both. Now the first line in conflict is named, and nothing is saved."""
    folder = sample("swiss32-in-progress")
    given = tmp_path / "r5.txt"
    given.write_text("2 1-0\n1 0-1\n", encoding="utf-8")
    before = snapshot(folder)
    done = arbiter("-d", folder, "result", "5", "--from", given)
    assert done.code == 4
    assert done.err == (f"arbiter: error: {given}, line 2: round 5: board 1 has 1/2-1/2, not 0-1 (give --correct to "
                        "change an entered result)\n")
    assert snapshot(folder) == before
