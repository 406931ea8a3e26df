"""A knockout event through the folder workflow (issue 18): 24 players, 2-game matches, tie-break
stages; bad input is refused with one line naming the argument or file, and nothing changes."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from fractions import Fraction
import random
import shutil
from pathlib import Path

from conftest import ROOT, Runner

STAGES = "rapid:2,blitz:2,armageddon"


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.startswith(".")}


def players_csv(n: int) -> str:
    return "name,rating,federation\n" + "".join(f"\"Player, {i:02d}\",{2700 - 15 * i},TUR\n" for i in range(1, n + 1))


def new_cup(arbiter: Runner, folder: Path, players: int = 24, *extra: str) -> None:
    assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--seed", "2026",
                   "--tiebreak-stages", STAGES, *extra).code == 0
    assert arbiter("-d", folder, "player", "import", "-", stdin=players_csv(players)).code == 0


def bracket(arbiter: Runner, folder: Path) -> dict:
    out = arbiter("-d", folder, "bracket", "--format", "json")
    assert out.code == 0, out.err
    return json.loads(out.out)


def finish_round(arbiter: Runner, folder: Path, round_number: int, tie_every: int = 3) -> None:
    """Enter the round's games: the higher seed wins each game, except that every ``tie_every``-th
    match is drawn through its games until the Armageddon, which Black draws."""
    while True:
        data = bracket(arbiter, folder)
        rnd = data["rounds"][round_number - 1]
        open_ = [(m, g) for m in rnd["matches"] if not m["decided"] for g in m["games"] if g["result"] is None]
        if not open_:
            return
        match, game = open_[0]
        if match["match"] % tie_every == 0:
            code = "1/2-1/2"
        else:
            code = "1-0" if game["white"] < game["black"] else "0-1"
        result = arbiter("-d", folder, "result", round_number, game["board"], code)
        assert result.code == 0, result.err


def test_knockout_of_24_players_with_two_game_matches_and_tiebreak_stages(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder)
    text = (folder / "tournament.toml").read_text()
    assert "[knockout]" in text and 'system = "knockout"' in text
    first = arbiter("-d", folder, "pair")
    assert first.code == 0 and "round 1 of 5 paired" in first.err
    data = bracket(arbiter, folder)
    assert len(data["slots"]) == 32 and data["rounds_total"] == 5
    byes = [m["first"]["start_number"] for m in data["rounds"][0]["matches"] if m["second"] is None]
    assert sorted(byes) == list(range(1, 9))
    played = [m for m in data["rounds"][0]["matches"] if m["second"] is not None]
    assert sorted((m["first"]["start_number"], m["second"]["start_number"]) for m in played)[0] == (9, 24)
    assert all(len(m["games"]) == 2 for m in played)
    for round_number in range(1, 6):
        if round_number > 1:
            assert arbiter("-d", folder, "pair").code == 0
        finish_round(arbiter, folder, round_number)
    data = bracket(arbiter, folder)
    stages = {g["stage"] for r in data["rounds"] for m in r["matches"] for g in m["games"]}
    assert stages == {"main", "rapid", "blitz", "armageddon"}
    for r in data["rounds"]:
        for m in r["matches"]:
            armageddon = [g for g in m["games"] if g["stage"] == "armageddon"]
            if armageddon:  # drawn: Black goes through
                assert m["winner"] == armageddon[0]["black"] and m["how"] == "armageddon"
    assert data["champion"] is not None
    standings = json.loads(arbiter("-d", folder, "standings", "--format", "json").out)
    assert standings[0]["start_number"] == data["champion"]["start_number"] and standings[0]["state"] == "winner"
    assert [s["reached"] for s in standings] == sorted((s["reached"] for s in standings), reverse=True)
    assert {(s["rank"], s["rank_to"]) for s in standings if s["reached"] == 1} == {(17, 24)}
    assert arbiter("-d", folder, "pair").code == 4
    assert arbiter("-d", folder, "verify").code == 0


def test_knockout_trf_export_custom_knockout_and_ordinary_games(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 8)
    arbiter("-d", folder, "pair")
    finish_round(arbiter, folder, 1)
    out = arbiter("-d", folder, "export")
    assert out.code == 0, out.err
    lines = out.out.splitlines()
    assert "192 CUSTOM_KNOCKOUT" in lines
    player_lines = [line for line in lines if line.startswith("001")]
    assert len(player_lines) == 8
    # every game is an ordinary game: opponent, colour, 1 / = / 0 in the round columns
    games = sum(len(line[91:].split()) // 3 for line in player_lines)
    data = bracket(arbiter, folder)
    assert games == 2 * sum(len(m["games"]) for m in data["rounds"][0]["matches"])
    assert arbiter("-d", folder, "export", "--trf-version", "16").code == 2
    # not read back as a Swiss: not imported, paired or ranked by points (its game columns are no rounds)
    trf = tmp_path / "cup.trf"
    trf.write_text(out.out, newline="")
    for command in (("import", trf, tmp_path / "copy"), ("trf", "pair", trf), ("trf", "check", trf),
                    ("trf", "standings", trf, "-f", "json")):
        refused = arbiter(*command)
        assert refused.code == 4 and "a knockout (CUSTOM_KNOCKOUT)" in refused.err, (command, refused.err)
        assert len(refused.err.strip().splitlines()) == 1 and refused.out == ""
    assert not (tmp_path / "copy").exists()


def test_knockout_export_warns_by_name_that_the_file_is_not_imported_back(arbiter: Runner, tmp_path: Path) -> None:
    """Issue 25 (harness fault 3): 'import' refuses a CUSTOM_KNOCKOUT file (and, before round 1,
    one with no round count), so the export of a knockout, paired or not, names that loss."""
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 8)
    for paired in (False, True):
        if paired:
            assert arbiter("-d", folder, "pair").code == 0
        out = arbiter("-d", folder, "export", "-o", tmp_path / "cup.trf")
        assert out.code == 0, out.err
        assert ("warning: a knockout is exported as its games (192 CUSTOM_KNOCKOUT): 'arbiter import' and "
                "'trf standings' do not read the file back as the event") in " ".join(out.err.split())
        assert arbiter("import", tmp_path / "cup.trf", tmp_path / "copy").code != 0


def test_knockout_drawn_by_lot_is_shown_again(arbiter: Runner, tmp_path: Path) -> None:
    slots = []
    for name in ("a", "b"):
        folder = tmp_path / name
        new_cup(arbiter, folder, 8, "--seeding", "drawn")
        arbiter("-d", folder, "pair")
        slots.append(bracket(arbiter, folder)["slots"])
    assert slots[0] == slots[1] != [1, 8, 4, 5, 2, 7, 3, 6]


def test_knockout_bracket_print_and_html(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 6)
    arbiter("-d", folder, "pair")
    printed = arbiter("-d", folder, "bracket", "--print")
    assert printed.code == 0 and "Bracket, round 1" in printed.out and "Cup" in printed.out
    page = tmp_path / "bracket.html"
    assert arbiter("-d", folder, "bracket", "--html", page).code == 0
    assert "<html" in page.read_text().lower()
    table = arbiter("-d", folder, "bracket")
    assert table.code == 0 and "bye" in table.out
    assert arbiter("-d", folder, "standings", "--print").code == 0


def test_knockout_correction_refused_then_forced_through_the_journal(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4, "--games-per-match", "1", "--first-colour", "seeding")
    arbiter("-d", folder, "pair")
    assert arbiter("-d", folder, "result", "1", "1.1", "1-0").code == 0  # seed 1 (White) beats 4
    assert arbiter("-d", folder, "result", "1", "2.1", "1-0").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    before = snapshot(folder)
    refused = arbiter("-d", folder, "result", "1", "1.1", "0-1", "--correct")
    assert refused.code == 4 and "--force" in refused.err and refused.err.count("\n") == 1
    assert snapshot(folder) == before
    forced = arbiter("-d", folder, "result", "1", "1.1", "0-1", "--correct", "--force")
    assert forced.code == 0 and "round 2 match 1 paired again" in forced.err
    log = arbiter("-d", folder, "log", "--format", "json")
    assert "round 2 match 1 paired again" in log.out
    final = bracket(arbiter, folder)["rounds"][1]["matches"][0]  # the final, paired again with seed 4
    assert final["first"]["start_number"] == 4 and [g["result"] for g in final["games"]] == [None]


def test_forced_knockout_correction_repairs_only_the_matches_it_feeds(arbiter: Runner, sample) -> None:
    """Issue 25 (fault 4): a forced correction in round 1 of the sample pairs again only the round-2
    match its new winner goes on to; the 11 results of the other round-2 matches stay."""
    folder = sample("knockout24-in-progress")
    more = "3.2 1/2\n5.2 0-1\n6.1 1-0\n6.2 1/2\n7.1 0-1\n"
    assert arbiter("-d", folder, "result", "2", "--from", "-", stdin=more).code == 0

    def games() -> dict[str, str | None]:
        rows = json.loads(arbiter("-d", folder, "pairings", "2", "-f", "json").out)
        return {row["board"]: row["result"] for row in rows}

    before = games()
    others = {board: result for board, result in before.items() if not board.startswith("4.") and result}
    assert len(others) == 11 and before["4.1"] and before["4.2"]
    unchanged = snapshot(folder)
    refused = arbiter("-d", folder, "result", "1", "8.1", "0-1", "--correct")
    assert refused.code == 4 and "give --force to pair again round 2 match 4 (dropping 4.1 1-0, 4.2 1/2-1/2)" \
        in refused.err
    assert snapshot(folder) == unchanged
    forced = arbiter("-d", folder, "result", "1", "8.1", "0-1", "--correct", "--force")
    assert forced.code == 0, forced.err
    assert "round 2 match 4: its results dropped (4.1 1-0, 4.2 1/2-1/2)" in forced.err
    after = games()
    assert {board: after[board] for board in others} == others  # the other 11 results survive
    match = bracket(arbiter, folder)["rounds"][1]["matches"][3]  # re-paired with the new winner, Yilmaz (21)
    assert (match["first"]["start_number"], match["second"]["start_number"]) == (5, 21)
    assert [g["result"] for g in match["games"]] == [None, None] and {g["white"] for g in match["games"]} == {5, 21}
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    assert [(row["change"], row["old"]) for row in journal[-2:]] == [
        ("round 1 game 8.1 result", "1-0"),
        ("round 2 match 4 paired again", "5 (Dogan, Burak) v 12 (Kaya, Ahmet); 4.1 1-0; 4.2 1/2-1/2")]
    assert arbiter("-d", folder, "verify").code == 0
    # the tie-break games: the Armageddon of round 1's match 10 turned around reaches match 5 only
    forced = arbiter("-d", folder, "result", "1", "10.7", "1-0", "--correct", "--force")
    assert forced.code == 0, forced.err
    match = bracket(arbiter, folder)["rounds"][1]["matches"][4]
    assert (match["first"]["start_number"], match["second"]["start_number"]) == (2, 18)
    assert {board: games()[board] for board in others if not board.startswith("5.")} == \
        {board: result for board, result in others.items() if not board.startswith("5.")}
    # a rapid game corrected so that the match is tied again: blitz games follow, and match 1 waits
    reopened = arbiter("-d", folder, "result", "1", "2.4", "1/2", "--correct", "--force")
    assert reopened.code == 0, reopened.err
    match = bracket(arbiter, folder)["rounds"][1]["matches"][0]
    assert match["second"] is None and match["waiting"] == [2] and match["games"] == []
    assert "winner of match 2" in arbiter("-d", folder, "pairings", "2").out
    assert arbiter("-d", folder, "verify").code == 0
    assert arbiter("-d", folder, "result", "1", "2.5", "1-0").code == 0
    assert arbiter("-d", folder, "result", "1", "2.6", "1-0").code == 0  # one win each: on to the next stage
    assert arbiter("-d", folder, "result", "1", "2.7", "1-0").code == 0
    match = bracket(arbiter, folder)["rounds"][1]["matches"][0]
    assert match["waiting"] == [] and match["second"] is not None and len(match["games"]) == 2
    assert arbiter("-d", folder, "verify").code == 0


def test_a_forced_knockout_correction_from_a_file_says_and_journals_only_the_net_change(arbiter: Runner,
                                                                                       sample) -> None:
    """Issue 25 (trial): '4.1 1-0 was 0-1' and '4.2 0-1 was 1-0' turn round 1's match 4 around; the
    summary said 'match 4 tied: rapid game 4.3 added' though the second line dropped 4.3 and 4.4 again,
    and the journal held 'round 1 game 4.3 dropped: none -> none'. Now both say the net change only; a
    correction that changes nothing names the game, not a match."""
    folder = sample("knockout24-in-progress")
    before = len(list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text()))))
    fix = folder.parent / "fix.txt"
    fix.write_text("4.1 1-0 was 0-1\n4.2 0-1 was 1-0\n", encoding="utf-8")
    done = arbiter("-d", folder, "result", "1", "--from", fix, "--correct", "--force")
    assert done.code == 0, done.err
    assert "tied" not in done.err and "4.3" not in done.err and "none -> none" not in done.err
    assert "match 4: now 24 (Sahin, Onur) goes through (was 9 (Demir, Deniz))" in done.err
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))[before:]
    assert [(row["change"], row["old"], row["new"]) for row in journal] == [
        ("round 1 game 4.1 result", "0-1", "1-0"), ("round 1 game 4.2 result", "1-0", "0-1"),
        ("round 2 match 2 paired again", "8 (Sahin, Kerem) v 9 (Demir, Deniz); 2.1 1-0; 2.2 1-0",
         "8 (Sahin, Kerem) v 24 (Sahin, Onur)")]
    assert [g["stage"] for g in bracket(arbiter, folder)["rounds"][0]["matches"][3]["games"]] == ["main", "main"]
    assert arbiter("-d", folder, "verify").code == 0
    same = arbiter("-d", folder, "result", "1", "2.4", "1-0", "--correct", "--force")
    assert same.code == 0 and same.err == "round 1 game 2.4: nothing changed\n"


def test_knockout_withdrawal_opponent_goes_through_by_forfeit(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    out = arbiter("-d", folder, "player", "withdraw", "4")
    assert out.code == 0, out.err
    match = bracket(arbiter, folder)["rounds"][0]["matches"][0]
    assert match["forfeit"] == "+/-" and match["winner"] == 1 and match["how"] == "forfeit"
    table = arbiter("-d", folder, "bracket", "--format", "csv").out  # the score is the forfeit, not 0-0
    assert any(row.startswith("1,1,") and ",+/-,1," in row for row in table.splitlines())


def test_knockout_pairings_show_a_match_forfeited_after_its_games_began(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """A player who withdraws in the middle of a match forfeits it: the bracket said so, the pairings showed
    only its games, as if still playing (trial of issue 29). The match's own line follows its games, as a
    walkover's does: ``MATCH``, stage ``forfeit``, the code."""
    folder = sample("knockout24-in-progress")
    assert arbiter("-d", folder, "result", "2", "2.3", "0-1").code == 0
    assert arbiter("-d", folder, "player", "withdraw", "8").code == 0

    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "pairings", "2", "-f", "csv").out)))

    boards = [row["board"] for row in rows if row["board"].split(".")[0] == "2"]
    assert boards == ["2.1", "2.2", "2.3", "2"]
    line = next(row for row in rows if row["board"] == "2")
    assert (line["stage"], line["white"], line["black"], line["result"]) == ("forfeit", "8", "9", "-/+")


def test_knockout_registration_closes_at_the_draw(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    before = snapshot(folder)
    late = arbiter("-d", folder, "player", "add", "Late, Comer", "--rating", "2000")
    assert late.code == 4 and late.err.count("\n") == 1
    assert snapshot(folder) == before


def test_knockout_bad_input_one_line_nonzero_no_change(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    before = snapshot(folder)
    for args, code, words in (
            (("result", "1", "1", "1-0"), 2, "MATCH.GAME"),
            (("result", "1", "1.9", "1-0"), 2, "MATCH.GAME"),
            (("result", "1", "9.1", "1-0"), 2, "MATCH.GAME"),
            (("result", "1", "1.1", "3-0"), 2, "RESULT"),
            (("result", "7", "1.1", "1-0"), 2, "ROUND"),
            (("standings", "--tiebreaks", "BH"), 2, "knockout"),
            (("pair", "--explain"), 2, "Swiss"),
            (("pair",), 4, "no winner yet"),
            (("player", "withdraw", "99"), 2, "ID"),
    ):
        out = arbiter("-d", folder, *args)
        assert out.code == code, (args, out.err)
        assert words in out.err and out.err.count("\n") == 1, (args, out.err)
        assert snapshot(folder) == before, args


def test_knockout_new_refuses_bad_settings(arbiter: Runner, tmp_path: Path) -> None:
    for args, words in ((("--tiebreak-stages", "rapid:2"), "--tiebreak-stages"),
                        (("--tiebreak-stages", "rapid"), "not a tie-break stage"),
                        (("--games-per-match", "0"), "--games-per-match"),
                        (("--seeding", "random"), "--seeding"),
                        (("--rounds", "5"), "--system"),
                        ):
        out = arbiter("new", tmp_path / "x", "--name", "X", "--system", "knockout", *args)
        assert out.code == 2 and words in out.err and out.err.count("\n") == 1, (args, out.err)
        assert not (tmp_path / "x").exists()
    out = arbiter("new", tmp_path / "y", "--name", "Y", "--system", "swiss", "--rounds", "5", "--seeding", "drawn")
    assert out.code == 2 and "--seeding" in out.err


def test_knockout_broken_round_file_names_file_line_field(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    path = folder / "rounds" / "01.csv"
    lines = path.read_text().splitlines()
    lines[2] = lines[2].replace(",main,", ",main,") .rsplit(",", 3)[0] + ",99,1,"
    path.write_text("\n".join(lines) + "\n")
    out = arbiter("-d", folder, "bracket")
    assert out.code == 3 and "rounds/01.csv, line 3, field 'first'" in out.err
    toml = folder / "tournament.toml"
    path.write_text("\n".join(lines[:2] + lines[3:]) + "\n")
    toml.write_text(toml.read_text().replace("games_per_match = 2", "games_per_match = 0"))
    out = arbiter("-d", folder, "bracket")
    assert out.code == 3 and "tournament.toml" in out.err and "knockout.games_per_match" in out.err


def test_knockout_unpair_round_one_takes_the_bracket_back(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    before = snapshot(folder)
    arbiter("-d", folder, "pair")
    out = arbiter("-d", folder, "unpair")
    assert out.code == 0, out.err
    assert not (folder / "bracket.csv").exists() and not (folder / "rounds" / "01.csv").exists()
    assert {k: v for k, v in snapshot(folder).items() if k != "journal.csv"} == \
        {k: v for k, v in before.items() if k != "journal.csv"}
    assert arbiter("-d", folder, "player", "add", "Late, Comer", "--rating", "2000").code == 0


def test_knockout_folder_refuses_swiss_commands(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    for args in (("crosstable",), ("bye", "1", "--round", "2", "--half")):
        out = arbiter("-d", folder, *args)
        assert out.code == 4 and "holds a knockout" in out.err, args
    early = arbiter("-d", folder, "finalize")  # a knockout's own finalize: not before its final
    assert early.code == 4 and "no round is paired yet" in early.err


def test_knockout_sample_24_players_in_progress(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("knockout24-in-progress")
    assert arbiter("-d", folder, "verify").code == 0
    data = bracket(arbiter, folder)
    assert len(data["slots"]) == 32 and sum(s is not None for s in data["slots"]) == 24
    first = data["rounds"][0]["matches"]
    assert {g["stage"] for m in first for g in m["games"]} == {"main", "rapid", "blitz", "armageddon"}
    armageddon = next(m for m in first if any(g["stage"] == "armageddon" for g in m["games"]))
    assert armageddon["winner"] == armageddon["games"][-1]["black"]  # drawn: Black goes through
    tied = data["rounds"][1]["matches"][1]
    assert not tied["decided"] and [g["stage"] for g in tied["games"]] == ["main", "main", "rapid", "rapid"]
    assert arbiter("-d", folder, "pair").code == 4  # round 2 still has matches without a winner
    assert arbiter("-d", folder, "result", "2", "2.3", "1-0").code == 0
    assert arbiter("-d", folder, "standings").code == 0
    assert "192 CUSTOM_KNOCKOUT" in arbiter("-d", folder, "export").out


def test_knockout_hand_edits_that_break_the_bracket_are_named(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    bracket_file = folder / "bracket.csv"
    good = bracket_file.read_text()
    bracket_file.write_text(good.replace("2,4", "2,x"))
    out = arbiter("-d", folder, "pairings")
    assert out.code == 3 and "bracket.csv, line 3, field 'start_number'" in out.err
    bracket_file.write_text(good)
    rounds = folder / "rounds" / "01.csv"
    good_round = rounds.read_text()
    rounds.write_text(good_round.replace("1,,,1,4,", "1,,,1,3,", 1))
    out = arbiter("-d", folder, "verify")
    assert out.code == 3 and "rounds/01.csv, line 2: round 1 must have the 2 matches of the bracket" in out.out
    rounds.write_text(good_round)
    toml = folder / "tournament.toml"
    toml.write_text(toml.read_text().split("[knockout]")[0])
    out = arbiter("-d", folder, "pairings")
    assert out.code == 3 and "tournament.toml, line" in out.err and "[knockout] table" in out.err


def test_knockout_hand_edited_cells_are_named_never_an_internal_error(arbiter: Runner, tmp_path: Path) -> None:
    """Seeded edits of one cell of a knockout's files: each command reads the folder or names what is
    wrong (exit 3), never an internal error (exit 1)."""
    rng = random.Random(18)
    values = ["", "0", "99", "x", "1", "3", "5", "16", "1-0", "+/-", "main", "rapid", "armageddon", "=", "none"]
    for attempt in range(30):
        folder = tmp_path / f"cup{attempt}"
        shutil.copytree(ROOT / "sample_events" / "knockout24-in-progress", folder)
        path = folder / rng.choice(["rounds/01.csv", "rounds/02.csv", "bracket.csv", "players.csv"])
        lines = path.read_text().splitlines()
        row = rng.randrange(1, len(lines))
        cells = lines[row].split(",")
        cells[rng.randrange(len(cells))] = rng.choice(values)
        lines[row] = ",".join(cells)
        path.write_text("\n".join(lines) + "\n")
        for command in (("bracket",), ("verify",), ("standings",)):
            out = arbiter("-d", folder, *command)
            assert out.code in (0, 3), (path.name, lines[row], command, out.err)
            assert out.code == 0 or out.err.splitlines()[-1].startswith("arbiter: error: "), out.err


def test_a_knockout_results_file_for_a_round_not_paired_names_round_as_the_command_line_does(arbiter: Runner,
                                                                                           sample) -> None:  # type: ignore[no-untyped-def]
    """The round is the command's argument, not a line of the file: ``--from`` said ``<stdin>, line 1, field
    'round_number'`` where ``result 5 1.1 1-0`` says ``field 'ROUND'`` (trial of issue 29)."""
    folder = sample("knockout24-in-progress")
    from_file = arbiter("-d", folder, "result", "5", "--from", "-", stdin="1.1 1-0\n")
    one = arbiter("-d", folder, "result", "5", "1.1", "1-0")
    assert from_file.code == one.code == 2
    assert from_file.err == one.err == "arbiter: error: field 'ROUND': there is no round 5; rounds 1 to 2 are paired\n"


def test_knockout_results_from_a_file_all_or_nothing(arbiter: Runner, tmp_path: Path) -> None:
    """``result ROUND --from FILE``: MATCH.GAME RESULT lines in order, a tie-break game added by one line
    given on a later one; a bad line names the file and line, and nothing is saved."""
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4, "--first-colour", "seeding")
    arbiter("-d", folder, "pair")
    before = snapshot(folder)
    bad = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1.1 1-0\n1.2 1-0\n2.x 1-0\n")
    assert bad.code == 2 and "<stdin>, line 3, field 'MATCH.GAME'" in bad.err and bad.err.count("\n") == 1
    assert snapshot(folder) == before
    stale = arbiter("-d", folder, "result", "1", "--from", "-", stdin="1.1 1-0 was 0-1\n")
    assert stale.code == 4 and "line 1" in stale.err and snapshot(folder) == before
    good = arbiter("-d", folder, "result", "1", "--from", "-",
                   stdin="1.1 1-0\n1.2 1-0   # 1-1\n1.3 1/2-1/2  # the first rapid game\n2.1 0-1\n2.2 1-0\n")
    assert good.code == 0, good.err
    data = bracket(arbiter, folder)["rounds"][0]["matches"]
    assert [g["result"] for g in data[0]["games"]][:3] == ["1-0", "1-0", "1/2-1/2"]
    assert data[1]["decided"] and data[1]["winner"] == 3


def test_knockout_trf_points_count_a_match_forfeit_so_the_points_column_adds_up(arbiter: Runner, tmp_path: Path) -> None:
    """TRF points column (TRF-2026 001, cols 81-84) is the sum of the round results: a match won by
    forfeit (a withdrawal before it) counts the forfeit win. Found by a new user: the export said
    1.0 beside three '+' (our reader refused it then; it now refuses every knockout TRF)."""
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    assert arbiter("-d", folder, "player", "withdraw", "4").code == 0
    exported = tmp_path / "cup.trf"
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    lines = [x for x in exported.read_text().splitlines() if x.startswith("001")]
    assert next(x for x in lines if x.startswith("001    1"))[80:84].strip() == "1.0"
    worth = {"1": 1.0, "+": 1.0, "W": 1.0, "=": 0.5, "D": 0.5, "H": 0.5, "F": 1.0, "U": 1.0}
    for line in lines:  # every player's points column is the sum of their round entries (cols 92 + 10(r-1))
        entries = [line[i:i + 8] for i in range(91, len(line), 10) if line[i:i + 8].strip()]
        assert float(line[80:84]) == sum(worth.get(entry[7], 0.0) for entry in entries), line


def test_a_knockout_player_already_out_cannot_withdraw(arbiter: Runner, sample) -> None:
    """Only winners go on: a player who lost a match is out of the event, so a withdrawal has nothing
    to withdraw from (a new user saw it accepted and recorded after a later round)."""
    folder = sample("knockout24-in-progress")
    before = snapshot(folder)
    out = arbiter("-d", folder, "player", "withdraw", "17")
    assert out.code == 4 and "already out" in out.err and out.err.count("\n") == 1
    assert snapshot(folder) == before


def test_a_knockout_is_finalised_once_its_final_has_a_winner(arbiter: Runner, tmp_path: Path) -> None:
    """Only winners go on: the event is over when the final is decided. Before that, finalize is
    refused and nothing changes; after it, the final standings are stored and results are closed."""
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    finish_round(arbiter, folder, 1)
    before = snapshot(folder)
    early = arbiter("-d", folder, "finalize", "--date", "2026-12-01")
    assert early.code == 4 and "1 round still to pair" in early.err and snapshot(folder) == before
    assert arbiter("-d", folder, "pair").code == 0
    finish_round(arbiter, folder, 2)
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-01")
    assert done.code == 0, done.err
    assert "won the final" in done.err
    standings = arbiter("-d", folder, "standings", "--format", "json").out
    assert json.loads((folder / "final" / "standings.json").read_text()) == json.loads(standings)
    assert 'status = "finalised"' in (folder / "tournament.toml").read_text()
    assert "Cup: final standings" in arbiter("-d", folder, "standings").out  # as any finalised event's table
    after = snapshot(folder)
    assert arbiter("-d", folder, "finalize").code == 4 and snapshot(folder) == after
    assert arbiter("-d", folder, "result", "2", "1.1", "0-1", "--correct").code == 4


def test_knockout_bracket_json_scores_are_numbers(arbiter: Runner, sample) -> None:
    """Points are JSON numbers everywhere (README, JSON output): a match's score too (2.5, not "2.5")."""
    data = bracket(arbiter, sample("knockout24-in-progress"))
    scores = [value for rnd in data["rounds"] for m in rnd["matches"] for value in m["score"]]
    assert scores and all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in scores)
    assert [2.5, 1.5] in [m["score"] for m in data["rounds"][0]["matches"]]


def test_a_results_file_names_match_game_as_the_field_of_a_bad_line(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    results = tmp_path / "results.txt"
    results.write_text("1.1 1-0\n9.1 1-0\n")
    done = arbiter("-d", folder, "result", "1", "--from", results)
    assert done.code == 2
    assert done.err.strip() == f"arbiter: error: {results}, line 2, field 'MATCH.GAME': round 1 has matches 1 to 2"
    results.write_text("1.1 1-0\n1.1 0-1\n")
    twice = arbiter("-d", folder, "result", "1", "--from", results)
    assert twice.code == 2 and f"{results}, line 2, field 'MATCH.GAME': 1.1 is already given on line 1" in twice.err
    assert all(g["result"] is None for m in bracket(arbiter, folder)["rounds"][0]["matches"] for g in m["games"])


def test_log_player_finds_a_knockout_players_games_forfeit_and_withdrawal(arbiter: Runner, tmp_path: Path) -> None:
    """The journal names a withdrawal 'player N (NAME) status', as every event's does, and a match's
    lines (its games, its forfeit) concern its two players (a new user's --player found none)."""
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    arbiter("-d", folder, "pair")
    first = bracket(arbiter, folder)["rounds"][0]["matches"][0]
    white, black = first["games"][0]["white"], first["games"][0]["black"]
    assert arbiter("-d", folder, "result", "1", "1.1", "1-0").code == 0
    assert arbiter("-d", folder, "player", "withdraw", str(black)).code == 0
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "log", "--player", str(black), "-f", "csv").out)))
    changes = [r["change"] for r in rows]
    assert "round 1 game 1.1 result" in changes and "round 1 match 1 forfeit" in changes
    assert any(c.startswith(f"player {black} (") and c.endswith(") status") for c in changes), changes
    other = [r["change"] for r in csv.DictReader(io.StringIO(
        arbiter("-d", folder, "log", "--player", str(white), "-f", "csv").out))]
    assert "round 1 match 1 forfeit" in other and not any(c.endswith(" status") for c in other)


def test_knockout_prizes_share_the_money_of_the_places_its_losers_share(arbiter: Runner, tmp_path: Path) -> None:
    """Prizes (issue 18): players who share places share their money. In a knockout the losers of
    one round share its places (the losing semi-finalists 3-4, the quarter-finalists 5-8); one
    prize each, the largest; finalize stores the prize list beside the final standings."""
    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 8)
    (folder / "prizes.toml").write_text('currency = "EUR"\nplaces = [500, 300, 150, 50, 40, 40, 40, 40]\n'
                                        '[[category]]\nname = "Best rated 2600 or under"\namounts = [100]\n'
                                        'rating_max = 2600\n')
    for rnd in (1, 2, 3):
        if rnd > 1:
            assert arbiter("-d", folder, "pair").code == 0
        else:
            arbiter("-d", folder, "pair")
        finish_round(arbiter, folder, rnd)
    standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    rows = json.loads(arbiter("-d", folder, "prizes", "-f", "json").out)
    amount = {row["start_number"]: row["amount"] for row in rows}
    place = {row["start_number"]: row["prize"] for row in rows}
    by_rank = {s["start_number"]: (s["rank"], s.get("rank_to")) for s in standings}
    semis = [n for n, (rank, _) in by_rank.items() if rank == 3]
    assert len(semis) == 2 and {place[n] for n in semis} == {"places 3-4"}
    assert {amount[n] for n in semis} == {"100.00"}  # (150 + 50) / 2
    first = next(n for n, (rank, _) in by_rank.items() if rank == 1)
    assert (place[first], amount[first]) == ("place 1", "500.00")
    quarter = [n for n, (rank, _) in by_rank.items() if rank == 5]
    players = {int(p["start_number"]): int(p["rating"] or 0) for p in
               json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)}
    # players 7 (2595) and 8 (2580) may win the category. 7 won match 2 v 7 by the Armageddon and
    # lost a semi-final: a share of 3-4 (100) equals the category prize, and a place prize comes
    # first among equal prizes, so the category passes to 8, out in round 1 (a share of 5-8 is 40);
    # the other three quarter-finalists then occupy places 5-7 and share their 120
    assert by_rank[7][0] == 3 and 8 in quarter
    assert (place[7], amount[7]) == ("places 3-4", "100.00")
    assert (place[8], amount[8]) == ("Best rated 2600 or under", "100.00")
    assert {place[n] for n in quarter if n != 8} == {"places 5-7"}
    assert [amount[n] for n in quarter if n != 8] == ["40.00"] * 3
    assert sum(Fraction(a) for a in amount.values()) == 500 + 300 + 150 + 50 + 40 * 3 + 100
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-04")
    assert done.code == 0 and "prize list in prizes.csv and prizes.json" in done.err, done.err
    assert json.loads((folder / "final" / "prizes.json").read_text()) == rows
    site = tmp_path / "site"
    assert arbiter("-d", folder, "publish", site).code == 0
    page = (site / "prizes.html").read_text()
    assert 'href="prizes.html"' in (site / "index.html").read_text() and "Best rated 2600 or under" in page
