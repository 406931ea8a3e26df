"""A round robin run end to end through the command line."""

from __future__ import annotations

import csv
import io
import json
import random
import tomllib
from pathlib import Path

import pytest

from arbiter_cli.pairing.berger import berger_round, double_schedule

from conftest import Runner, snapshot


def play_round(arbiter: Runner, folder: Path, rnd: int, rng: random.Random) -> None:
    pairing = json.loads(arbiter("-d", folder, "pairings", rnd, "--format", "json").out)
    lines = [f"{b['board']} {rng.choice(['1-0', '0-1', '=', '1-0'])}" for b in pairing if b["black"]]
    result = arbiter("-d", folder, "result", rnd, "--from", "-", stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err


def test_a_ten_player_round_robin_from_start_to_finish(arbiter: Runner, make_event) -> None:
    folder = make_event(10)
    rng = random.Random(5)
    for rnd in range(1, 10):
        result = arbiter("-d", folder, "pair", "--format", "json")
        assert result.code == 0, result.err
        boards = json.loads(result.out)
        assert [(b["white"], b["black"]) for b in boards] == list(_rr(10, rnd, folder))
        play_round(arbiter, folder, rnd, rng)
    refused = arbiter("-d", folder, "pair")
    assert refused.code == 4 and "all 9 rounds are paired" in refused.err

    standings = json.loads(arbiter("-d", folder, "standings", "--format", "json").out)
    assert len(standings) == 10
    assert sum(row["points"] for row in standings) == 45  # 45 games, one point each
    assert all(row["played"] == 9 for row in standings)
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True)

    cross = json.loads(arbiter("-d", folder, "crosstable", "--format", "json").out)
    assert {row["start_number"]: row["points"] for row in cross} == \
        {row["start_number"]: row["points"] for row in standings}
    assert all(len(row["games"]) == 9 for row in cross)


def _rr(n: int, rnd: int, folder: Path):
    settings = tomllib.loads((folder / "tournament.toml").read_text())
    pairs = berger_round(n, rnd)
    if settings["initial_colour"] == "black":
        pairs = tuple((b, w) for w, b in pairs)
    return pairs


def test_odd_players_get_the_free_round_of_the_dummy(arbiter: Runner, make_event) -> None:
    folder = make_event(5, "--initial-colour", "white")
    result = arbiter("-d", folder, "pair", "--format", "json")
    boards = json.loads(result.out)
    # 5 players use the 6-player table: 1-6 2-5 3-4; 6 is the dummy, so 1 is free
    assert boards == [
        {"board": 1, "white": 2, "black": 5, "result": None, "white_name": boards[0]["white_name"],
         "black_name": boards[0]["black_name"]},
        {"board": 2, "white": 3, "black": 4, "result": None, "white_name": boards[1]["white_name"],
         "black_name": boards[1]["black_name"]},
        {"board": None, "white": 1, "black": None, "result": "BYE", "white_name": boards[2]["white_name"],
         "black_name": None},
    ]
    assert (folder / "rounds" / "01.csv").read_text() == "board,white,black,result\n1,2,5,\n2,3,4,\n,1,,BYE\n"
    settings = tomllib.loads((folder / "tournament.toml").read_text())
    assert settings["rounds"] == 5


def test_initial_colour_black_reverses_every_board(arbiter: Runner, make_event) -> None:
    folder = make_event(4, "--initial-colour", "black")
    boards = json.loads(arbiter("-d", folder, "pair", "--format", "json").out)
    assert [(b["white"], b["black"]) for b in boards] == [(4, 1), (3, 2)]


def test_random_initial_colour_is_drawn_once_and_stored(arbiter: Runner, make_event, tmp_path: Path) -> None:
    colours = set()
    for seed in range(8):
        folder = tmp_path / f"s{seed}"
        arbiter("new", folder, "--name", "X", "--system", "round-robin", "--seed", seed)
        for name in "ABCD":
            arbiter("-d", folder, "player", "add", name)
        arbiter("-d", folder, "pair")
        colour = tomllib.loads((folder / "tournament.toml").read_text())["initial_colour"]
        assert colour in ("white", "black")
        colours.add(colour)
        # the same seed draws the same colour
        again = tmp_path / f"again{seed}"
        arbiter("new", again, "--name", "X", "--system", "round-robin", "--seed", seed)
        for name in "ABCD":
            arbiter("-d", again, "player", "add", name)
        arbiter("-d", again, "pair")
        assert tomllib.loads((again / "tournament.toml").read_text())["initial_colour"] == colour
    assert colours == {"white", "black"}


def test_double_round_robin_follows_fides_schedule(arbiter: Runner, make_event) -> None:
    folder = make_event(4, "--initial-colour", "white", system="double-round-robin")
    rng = random.Random(1)
    for rnd in range(1, 7):
        boards = json.loads(arbiter("-d", folder, "pair", "--format", "json").out)
        assert [(b["white"], b["black"]) for b in boards] == list(double_schedule(4)[rnd - 1])
        play_round(arbiter, folder, rnd, rng)
    assert arbiter("-d", folder, "pair").code == 4
    cross = arbiter("-d", folder, "crosstable", "--format", "csv").out
    rows = list(csv.DictReader(io.StringIO(cross)))
    assert all(len(row["1"]) == 2 for row in rows if row["start_number"] != "1")  # two games each


def test_lot_numbering_draws_start_numbers_at_the_first_pairing(arbiter: Runner, make_event) -> None:
    folder = make_event(8, "--numbering", "lot", seed=3)
    before = json.loads(arbiter("-d", folder, "player", "list", "--format", "json").out)
    assert [p["rating"] for p in before] == sorted((p["rating"] for p in before), reverse=True)
    arbiter("-d", folder, "pair")
    after = json.loads(arbiter("-d", folder, "player", "list", "--format", "json").out)
    assert sorted(p["name"] for p in after) == sorted(p["name"] for p in before)
    assert [p["name"] for p in after] != [p["name"] for p in before]
    assert "start numbers drawn by lot" in (folder / "journal.csv").read_text()


def test_withdrawn_players_games_are_forfeited(arbiter: Runner, make_event) -> None:
    folder = make_event(4, "--initial-colour", "white")
    arbiter("-d", folder, "pair")
    arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n")
    assert arbiter("-d", folder, "player", "withdraw", "3", "--after-round", "1").code == 0
    boards = json.loads(arbiter("-d", folder, "pair", "--format", "json").out)
    # round 2 of the 4-table is 4-3 1-2: player 3 withdrew, so 4 wins by forfeit
    assert [(b["white"], b["black"], b["result"]) for b in boards] == [(4, 3, "+/-"), (1, 2, None)]
    players = json.loads(arbiter("-d", folder, "player", "list", "--format", "json").out)
    assert players[2]["status"] == "withdrawn" and players[2]["withdrawn_after"] == 1


def test_half_rule_standings_name_the_board_still_without_a_result_as_paired(arbiter: Runner, make_event) -> None:
    """C.05 / the round robin withdrawal rule: a player who withdrew before half their games has those
    games left out of the standings, but the note of a round still without results names its boards
    as they were paired (here board 2, not the renumbered board 1)."""
    folder = make_event(4, "--initial-colour", "white")
    arbiter("-d", folder, "pair")
    arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n")
    assert arbiter("-d", folder, "player", "withdraw", "3", "--after-round", "1").code == 0
    arbiter("-d", folder, "pair")  # round 2: board 1 is 4-3 +/-, board 2 (1-2) waits for its result
    done = arbiter("-d", folder, "standings")
    assert "round 2 is not complete; no result yet on board 2" in done.err, done.err


@pytest.mark.parametrize("scoring,expected", [("3,1,0", [3, 1, 1, 0]), ("2,1,0", [2, 1, 1, 0])])
def test_configurable_scoring(arbiter: Runner, make_event, scoring: str, expected: list[int]) -> None:
    folder = make_event(4, "--initial-colour", "white", "--scoring", scoring)
    arbiter("-d", folder, "pair")
    arbiter("-d", folder, "result", "1", "1", "1-0")
    arbiter("-d", folder, "result", "1", "2", "1/2-1/2")
    standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert [row["points"] for row in standings] == expected


def test_a_round_robin_with_more_rounds_than_the_folder_holds_is_refused_at_pair_with_nothing_written(
        arbiter: Runner, tmp_path: Path) -> None:
    """52 players in a double round robin make 102 rounds (C.05), past ``rounds``' limit of 99. 'pair' wrote
    them to tournament.toml, which every command then refused to read (harness seed 3502). It now refuses
    the pairing, with the folder unchanged; the export writes no 142, and imports back."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "X", "--system", "double-round-robin", "--seed", "1").code == 0
    names = "".join(f'"P{i}, x"\n' for i in range(1, 53))
    assert arbiter("-d", folder, "player", "import", "-", stdin="name\n" + names).code == 0
    before = snapshot(folder)
    refused = arbiter("-d", folder, "pair")
    assert refused.code == 4
    assert refused.err == "arbiter: error: a double-round-robin of 52 players has 102 rounds: arbiter handles at most 99\n"
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "verify").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert "142 " not in (tmp_path / "x.trf").read_text()
    assert arbiter("trf", "standings", tmp_path / "x.trf").code == 0
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0


def _withdrawn_after_one_game(arbiter: Runner, tmp_path: Path) -> Path:
    """A 6-player round robin whose P2 withdrew after round 1: 1 of 5 games played, under the half rule."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "X", "--system", "round-robin", "--seed", "1").code == 0
    names = "".join(f'"P{i}, x"\n' for i in range(1, 7))
    assert arbiter("-d", folder, "player", "import", "-", stdin="name\n" + names).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 1-0\n3 0-1\n").code == 0
    assert arbiter("-d", folder, "player", "withdraw", "2").code == 0
    return folder


def test_the_half_rule_note_names_each_player_left_out_with_the_games_played_over_the_board(
        arbiter: Runner, tmp_path: Path) -> None:
    """The half rule counts games played over the board, a forfeit not among them: the note said only
    who was left out, and a new user could not tell how a forfeit was counted (trial of issue 29)."""
    folder = _withdrawn_after_one_game(arbiter, tmp_path)
    shown = arbiter("-d", folder, "standings")
    assert shown.code == 0, shown.err
    assert ("note: P2, x (1 of 5 played): withdrew having played fewer than half of their games over the board "
            "(a forfeit is not played); their games do not count" in shown.err)


def test_a_game_the_half_rule_annuls_is_no_bye_of_the_opponent(arbiter: Runner, tmp_path: Path) -> None:
    """The half rule (round_robin_withdrawal = "half"): the games of a player who withdrew having played
    fewer than half count for no one. Their opponent had no bye: the standings said "byes 1" (trial37)."""
    folder = _withdrawn_after_one_game(arbiter, tmp_path)
    rows = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert len(rows) == 5 and all(row["byes"] == 0 for row in rows), rows
    assert sorted(row["played"] for row in rows) == [0, 1, 1, 1, 1]  # P2's opponent: no game, no bye
