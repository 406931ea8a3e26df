"""A group stage with a knockout final, through the folder workflow (issue 18): 16 players in 4
groups, the first 2 of each to a knockout of 2-game matches with a rapid tie-break stage and an
Armageddon; its options on ``new``, its seeding, its rounds, its standings; bad input changes nothing."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import tomllib
from pathlib import Path

import pytest

from conftest import Outcome, Runner, snapshot

NAMES = [f"Player {chr(65 + i)}, {i + 1:02d}" for i in range(16)]


def knockout_cup(arbiter: Runner, folder: Path, *extra: str) -> None:
    done = arbiter("new", folder, "--name", "Group Cup", "--system", "groups", "--groups", "4", "--advance", "2",
                   "--final", "knockout", "--games-per-match", "2", "--tiebreak-stages", "rapid:2,armageddon",
                   "--seed", "5", *extra)
    assert done.code == 0, done.err
    lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES)]
    assert arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n").code == 0


def play_groups(arbiter: Runner, folder: Path) -> None:
    """Every group's games, the higher seed of each game winning (White on a draw-free day)."""
    for group in "ABCD":
        for rnd in (1, 2, 3):
            boards = json.loads(arbiter("-d", folder, "pairings", str(rnd), "--group", group, "-f", "json").out)
            lines = [f"{b['board']} {'1-0' if b['white'] < b['black'] else '0-1'}" for b in boards]
            done = arbiter("-d", folder, "result", str(rnd), "--from", "-", "--group", group,
                           stdin="\n".join(lines) + "\n")
            assert done.code == 0, done.err


def cup_with_its_final(arbiter: Runner, folder: Path) -> Outcome:
    """The cup with its groups played and the final paired: what that 'pair' printed (JSON)."""
    knockout_cup(arbiter, folder)
    assert arbiter("-d", folder, "pair").code == 0
    play_groups(arbiter, folder)
    paired = arbiter("-d", folder, "pair", "-f", "json")
    assert paired.code == 0, paired.err
    return paired


def games_to_play(arbiter: Runner, folder: Path, rnd: int) -> list[dict[str, object]]:
    boards = json.loads(arbiter("-d", folder, "pairings", str(rnd), "--group", "final", "-f", "json").out)
    return [b for b in boards if not b["result"]]


def test_knockout_final_options_are_stored_in_the_groups_knockout_table(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    knockout_cup(arbiter, folder, "--first-colour", "seeding")
    table = tomllib.loads((folder / "tournament.toml").read_text())["groups"]
    assert table == {"count": 4, "advance": 2, "final": "knockout",
                     "knockout": {"games_per_match": 2, "tiebreak_stages": ["rapid:2", "armageddon"],
                                  "seeding": "seeded", "first_colour": "seeding"}}


def test_16_players_in_4_groups_with_a_knockout_final_run_through_the_folder_to_a_champion(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    paired = cup_with_its_final(arbiter, folder)
    seeded = json.loads(paired.out)
    assert [q["place"] for q in seeded] == [1, 1, 1, 1, 2, 2, 2, 2]  # group winners first
    registered = {int(p["start_number"]): p["name"] for p in
                  csv.DictReader(io.StringIO((folder / "players.csv").read_text()))}
    assert all(registered[q["event_number"]] == q["name"] for q in seeded)  # each one's number in the event
    assert "a knockout of 3 rounds" in paired.err
    # stages/final is a knockout folder: its players are the seeding, its bracket the standard one
    players = list(csv.DictReader(io.StringIO((folder / "stages" / "final" / "players.csv").read_text())))
    assert [p["name"] for p in players] == [q["name"] for q in seeded]
    slots = list(csv.DictReader(io.StringIO((folder / "stages" / "final" / "bracket.csv").read_text())))
    assert [s["start_number"] for s in slots] == ["1", "8", "4", "5", "2", "7", "3", "6"]
    # no round-1 match pairs two players of one group (a winner and its own runner-up)
    group_of = {seed: q["group"] for seed, q in enumerate(seeded, start=1)}
    pairs = [(int(slots[i]["start_number"]), int(slots[i + 1]["start_number"])) for i in range(0, 8, 2)]
    assert all(group_of[a] != group_of[b] for a, b in pairs), pairs
    moved = re.search(r"note: (.*): moved among the players of their place", paired.err)
    assert moved is not None, paired.err  # seeds 5-8 by rating pair A1 with A2 here: the note names who moved
    rng = random.Random(7)
    tied = 0
    for rnd in (1, 2, 3):
        if rnd > 1:  # 'arbiter pair' on the event pairs the final's next round; so does --group final
            done = arbiter("-d", folder, "pair", *(["--group", "final"] if rnd == 3 else []), "-f", "json")
            assert done.code == 0, done.err
        while games := games_to_play(arbiter, folder, rnd):
            for game in games:
                # the main games often tie (a draw and a win each); the tie-break games follow by themselves
                code = rng.choice(["1-0", "0-1", "1/2"]) if game["stage"] != "armageddon" else "1/2"
                done = arbiter("-d", folder, "result", str(rnd), str(game["board"]), code, "--group", "final")
                assert done.code == 0, done.err
                tied += "tied" in done.err
    assert tied > 0  # a 2-game match went to its tie-break stage
    bracket = json.loads(arbiter("-d", folder, "bracket", "--group", "final", "-f", "json").out)
    assert bracket["champion"] is not None and bracket["rounds_total"] == 3
    over = arbiter("-d", folder, "pair")
    assert over.code == 4 and "no round left" in over.err
    every = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert [s["stage"] for s in every] == ["A", "B", "C", "D", "final"]
    final = every[-1]
    assert final["after_round"] == 3
    alone = json.loads(arbiter("-d", folder / "stages" / "final", "standings", "-f", "json").out)
    # the knockout's own standings, by the round reached, with each player's number in the event
    assert [{k: v for k, v in row.items() if k != "event_number"} for row in final["standings"]] == alone
    assert final["standings"][0]["state"] == "winner"
    assert final["standings"][0]["start_number"] == bracket["champion"]["start_number"]
    assert [row["rank"] for row in final["standings"]] == [1, 2, 3, 3, 5, 5, 5, 5]
    journal = (folder / "journal.csv").read_text()
    assert "final paired" in journal
    # finalize in the top folder closes every stage, then the event, and keeps its final standings
    standings = arbiter("-d", folder, "standings", "-f", "json").out
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-04")
    assert done.code == 0, done.err
    assert "5 stages closed (A, B, C, D, final)" in done.err and "won the final" in done.err
    assert (folder / "final" / "standings.json").read_text() == standings
    assert (folder / "final" / "standings.csv").read_text() == arbiter("-d", folder, "standings", "-f", "csv").out
    for stage in ("A", "B", "C", "D", "final"):
        toml = tomllib.loads((folder / "stages" / stage / "tournament.toml").read_text())
        assert toml["status"] == "finalised" and (folder / "stages" / stage / "final" / "standings.json").is_file()
    assert tomllib.loads((folder / "tournament.toml").read_text())["status"] == "finalised"
    again = arbiter("-d", folder, "finalize")
    assert again.code == 4 and "already finalised on 2026-12-04" in again.err


def test_finalize_of_a_group_event_waits_for_its_final_and_changes_nothing(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    knockout_cup(arbiter, folder)
    early = arbiter("-d", folder, "finalize")
    assert early.code == 4 and "the groups have not started" in early.err
    assert arbiter("-d", folder, "pair").code == 0
    play_groups(arbiter, folder)
    before = snapshot(folder)
    unpaired = arbiter("-d", folder, "finalize")
    assert unpaired.code == 4 and "the final is not paired yet" in unpaired.err and snapshot(folder) == before
    assert arbiter("-d", folder, "pair").code == 0
    before = snapshot(folder)
    playing = arbiter("-d", folder, "finalize")
    assert playing.code == 4 and "the final: the knockout cannot be finalised yet" in playing.err, playing.err
    assert snapshot(folder) == before
    swiss_only = arbiter("-d", folder, "finalize", "--after-round", "1")
    assert swiss_only.code == 2 and snapshot(folder) == before


def test_standings_show_the_groups_then_the_knockout_final_as_table_csv_and_json(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    table = arbiter("-d", folder, "standings")
    assert table.code == 0
    titles = [line.strip() for line in table.out.splitlines() if "standings" in line]
    assert titles[-1] == "Group Cup: final: standings" and len(titles) == 5
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "standings", "-f", "csv").out)))
    assert [r["stage"] for r in rows] == ["A"] * 4 + ["B"] * 4 + ["C"] * 4 + ["D"] * 4 + ["final"] * 8
    assert {r["reached_name"] for r in rows if r["stage"] == "final"} == {"quarter-final"}
    assert {r["reached_name"] for r in rows if r["stage"] == "A"} == {""}
    assert rows[-1]["points"] == ""  # a knockout ranks by the round reached, not by points
    every = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert every[-1]["after_round"] == 1 and {r["state"] for r in every[-1]["standings"]} == {"in"}
    printed = arbiter("-d", folder, "standings", "--print")
    assert printed.code == 0 and printed.out.count("\f") == 4 and "Final: standings by the round reached" in printed.out


@pytest.mark.parametrize("option", [["--games-per-match", "2"], ["--tiebreak-stages", "rapid:2,armageddon"],
                                    ["--first-colour", "seeding"], ["--seeding", "seeded"]])
def test_knockout_options_are_refused_with_a_round_robin_final(arbiter: Runner, tmp_path: Path,
                                                               option: list[str]) -> None:
    done = arbiter("new", tmp_path / "cup", "--name", "Cup", "--system", "groups", "--groups", "4", "--advance", "2",
                   "--final", "round-robin", *option)
    assert done.code == 2
    assert done.err == (f"arbiter: error: field '{option[0]}': is for a knockout final (give --final knockout); a "
                        "round-robin final plays every pairing once\n")
    assert not (tmp_path / "cup").exists()


def test_knockout_final_is_seeded_from_the_groups_not_drawn(arbiter: Runner, tmp_path: Path) -> None:
    done = arbiter("new", tmp_path / "cup", "--name", "Cup", "--system", "groups", "--groups", "4", "--advance", "2",
                   "--final", "knockout", "--seeding", "drawn")
    assert done.code == 2 and done.err.count("\n") == 1
    assert "field '--seeding': a knockout final is seeded from the group results" in done.err
    assert not (tmp_path / "cup").exists()


def test_bad_input_to_a_knockout_final_leaves_the_folder_unchanged(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    before = snapshot(folder)
    for args, code, error in [
        (["result", "1", "9.1", "1-0", "--group", "final"], 2, "round 1 has matches 1 to 4"),
        (["result", "1", "1.1", "2-0", "--group", "final"], 2, "field 'RESULT'"),
        (["result", "1", "1", "1-0", "--group", "final"], 2, "1-0 on match 1: a whole match takes only a forfeit"),
        (["result", "1", "1x", "1-0", "--group", "final"], 2, "'1x' is neither MATCH.GAME"),
        (["pair"], 4, "round 1 has no winner yet in matches 1, 2, 3, 4"),
        (["pair", "--group", "final"], 4, "round 1 has no winner yet"),
        (["bracket", "--group", "E"], 2, "no stage 'E'"),
        (["bracket", "--group", "A"], 4, "stages/A holds a round robin: 'arbiter bracket' is for knockouts"),
    ]:
        done = arbiter("-d", folder, *args)
        assert done.code == code and error in done.err and done.err.count("\n") == 1, (args, done.err)
    assert snapshot(folder) == before


def test_a_broken_groups_knockout_table_names_file_line_and_field(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    knockout_cup(arbiter, folder)
    path = folder / "tournament.toml"
    path.write_text(path.read_text().replace("games_per_match = 2", "games_per_match = 0"))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), start=1) if row.startswith("games_per"))
    before = snapshot(folder)
    done = arbiter("-d", folder, "pair")
    assert done.code == 3
    assert done.err == (f"arbiter: error: tournament.toml, line {line}, field 'groups.knockout.games_per_match': "
                        "at least 1 (found 0)\n")
    assert snapshot(folder) == before


def test_a_group_stage_with_its_knockout_final_publishes_with_every_link_leading_to_a_page(
        arbiter: Runner, tmp_path: Path) -> None:
    """Issue 19 on issue 18: the site of a group event whose final is a knockout made by the
    workflow (not by hand): the final's bracket under stages/final, and every link resolves."""
    from arbiter_cli.events.registry import site_pages

    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    files = site_pages(folder)
    assert {"index.html", "standings.html", "stages/final/bracket.html", "stages/A/standings.html"} <= set(files)
    for path, body in files.items():
        if not path.endswith(".html"):
            continue
        for link in re.findall(r'href="([^"#]+)"', body.decode()):
            target = (Path(path).parent / link).as_posix()
            parts: list[str] = []
            for part in target.split("/"):
                if part == "..":
                    parts.pop()
                elif part != ".":
                    parts.append(part)
            assert "/".join(parts) in files, f"{path}: {link}"


def test_a_forced_correction_in_a_knockout_final_repairs_only_the_match_it_feeds(arbiter: Runner,
                                                                                  tmp_path: Path) -> None:
    """Issue 25 (fault 4) in a group event's knockout final: a forced correction of a quarter-final
    pairs again only the semi-final its new winner goes on to; the other semi-final keeps its result."""
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    for game in games_to_play(arbiter, folder, 1):  # the upper slot's player wins every game
        code = "1-0" if game["white"] < game["black"] else "0-1"
        assert arbiter("-d", folder, "result", "1", str(game["board"]), code, "--group", "final").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "2", "2.1", "1-0", "--group", "final").code == 0
    semi = bracket_of(arbiter, folder)["rounds"][1]["matches"]
    quarter = bracket_of(arbiter, folder)["rounds"][0]["matches"][0]
    loser = quarter["second"]["start_number"]
    flip = {"1-0": "0-1", "0-1": "1-0"}
    for game in quarter["games"]:
        done = arbiter("-d", folder, "result", "1", game["board"], flip[game["result"]], "--correct", "--force",
                       "--group", "final")
        assert done.code == 0, done.err
    after = bracket_of(arbiter, folder)["rounds"][1]["matches"]
    assert after[0]["first"]["start_number"] == loser and after[0]["second"] == semi[0]["second"]
    assert after[1] == semi[1] and after[1]["games"][0]["result"] == "1-0"  # untouched, with its result
    assert arbiter("-d", folder, "verify").code == 0


def bracket_of(arbiter: Runner, folder: Path) -> dict:
    out = arbiter("-d", folder, "bracket", "--group", "final", "-f", "json")
    assert out.code == 0, out.err
    return json.loads(out.out)


def test_prizes_of_a_group_event_take_the_final_with_group(arbiter: Runner, tmp_path: Path) -> None:
    """Trial of issue 30: the prize list is the final's, but 'prizes --group final' was not accepted and the
    refusal said 'arbiter -d DIR/stages/final prizes' with DIR as it stood."""
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    (folder / "stages" / "final" / "prizes.toml").write_text(
        'currency = "EUR"\nsplit = "hort"\nplaces = [100, 50]\n', encoding="utf-8")
    top = arbiter("-d", folder, "prizes")
    assert top.code == 4 and "'arbiter prizes --group final'" in top.err and "DIR" not in top.err
    staged = arbiter("-d", folder, "prizes", "--group", "final", "-f", "json")
    direct = arbiter("-d", folder / "stages" / "final", "prizes", "-f", "json")
    assert staged.code == 0 and staged.out == direct.out and json.loads(staged.out)


def _finalised_group_cup(arbiter: Runner, folder: Path) -> None:
    """The cup played to its champion (the first-named player wins every game) and finalised."""
    cup_with_its_final(arbiter, folder)
    for rnd in (1, 2, 3):
        if rnd > 1:
            assert arbiter("-d", folder, "pair").code == 0
        while games := games_to_play(arbiter, folder, rnd):
            for game in games:
                done = arbiter("-d", folder, "result", str(rnd), str(game["board"]), "1-0", "--group", "final")
                assert done.code == 0, done.err
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-04")
    assert done.code == 0, done.err


def test_a_correction_in_a_stage_after_finalising_stores_the_group_events_final_standings_again(
        arbiter: Runner, tmp_path: Path) -> None:
    """C.04.2 4.3 in a group event: a stage's correction after finalising (the final's winner, a group's
    result) changed the stage's final files but left the event's own final standings as they were, and
    ``verify`` called the folder sound; now they follow, and ``verify`` names any that do not."""
    folder = tmp_path / "cup"
    _finalised_group_cup(arbiter, folder)
    final = json.loads(arbiter("-d", folder, "bracket", "--group", "final", "-f", "json").out)["rounds"][-1]["matches"][0]
    last = final["games"][-1]  # the Armageddon: its winner won the final
    assert last["stage"] == "armageddon" and last["result"] == "1-0"
    done = arbiter("-d", folder, "result", "3", last["board"], "0-1", "--correct", "--group", "final")
    assert done.code == 0, done.err
    assert "its final standings (final/standings.csv, final/standings.json) now hold the stages as corrected" in done.err
    top = json.loads((folder / "final" / "standings.json").read_text())
    assert top == json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert top[-1]["standings"][0]["state"] == "winner" and top[-1]["standings"][0]["start_number"] != final["winner"]
    # a group's result, corrected by its own folder's path
    board = json.loads(arbiter("-d", folder, "pairings", "1", "--group", "A", "-f", "json").out)[0]
    done = arbiter("-d", folder / "stages" / "A", "result", "1", str(board["board"]),
                   "0-1" if board["result"] == "1-0" else "1-0", "--correct")
    assert done.code == 0, done.err
    assert (folder / "final" / "standings.json").read_text() == arbiter("-d", folder, "standings", "-f", "json").out
    assert arbiter("-d", folder, "verify").code == 0
    # should the event's files lag behind (a kill between the two folders), verify names them, finalize mends
    (folder / "final" / "standings.json").write_text("[]\n", encoding="utf-8")
    stale = arbiter("-d", folder, "verify")
    assert stale.code != 0 and "final/standings.json: not the final standings the stages give now" in stale.out
    assert "'arbiter finalize' stores them again" in stale.out
    mended = arbiter("-d", folder, "finalize")
    assert mended.code == 0, mended.err
    assert arbiter("-d", folder, "verify").code == 0


def test_a_knockout_final_with_one_qualifier_left_is_refused_with_nothing_written(arbiter: Runner,
                                                                                  tmp_path: Path) -> None:
    """Every player of group A withdrew, so one player goes on: 'pair' crashed (IndexError) seeding a bracket
    of one before the final's own check refused it (harness seed 3509). It now refuses, the folder unchanged."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "M", "--system", "groups", "--groups", "2", "--advance", "1", "--final",
                   "knockout", "--seed", "0", "--games-per-match", "1", "--tiebreak-stages", "armageddon").code == 0
    assert arbiter("-d", folder, "player", "import", "-", stdin='name,rating\n"A, a",\n"B, b",\n"C, c",\n"D, d",\n'
                   ).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    for group in ("A", "B"):
        assert arbiter("-d", folder, "result", "1", "1", "1-0", "--group", group).code == 0
    for stage, number in (("A", "1"), ("B", "1"), ("A", "2")):
        assert arbiter("-d", folder / "stages" / stage, "player", "withdraw", number).code == 0
    before = snapshot(folder)
    refused = arbiter("-d", folder, "pair")
    assert (refused.code, refused.err) == (4, "arbiter: error: 1 qualifier: a final needs at least 2\n")
    assert snapshot(folder) == before
