"""A group stage run through the folder workflow (issue 18): 16 players in 4 groups, the first 2
of each to a round-robin final; bad input leaves the folder as it was."""

from __future__ import annotations

import csv
import io
import json
import random
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Status
from arbiter_cli.store.group_folder import GroupFolder

from conftest import Runner, snapshot

NAMES = [f"Player {chr(65 + i)}, {i + 1:02d}" for i in range(16)]


def new_event(arbiter: Runner, folder: Path, *extra: str) -> None:
    done = arbiter("new", folder, "--name", "Group Cup", "--system", "groups", "--groups", "4", "--advance", "2",
                   "--final", "round-robin", "--seed", "5", *extra)
    assert done.code == 0, done.err
    lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES)]
    done = arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n")
    assert done.code == 0, done.err


def play_stage(arbiter: Runner, folder: Path, group: str, rng: random.Random) -> None:
    rounds = tomllib.loads((folder / "stages" / group / "tournament.toml").read_text())["rounds"]
    for rnd in range(1, rounds + 1):
        boards = json.loads(arbiter("-d", folder, "pairings", str(rnd), "--group", group, "-f", "json").out)
        lines = [f"{b['board']} {rng.choice(['1-0', '0-1', '=', '1-0'])}" for b in boards if b["black"]]
        done = arbiter("-d", folder, "result", str(rnd), "--from", "-", "--group", group,
                       stdin="\n".join(lines) + "\n")
        assert done.code == 0, done.err


def test_a_group_stage_of_16_players_in_4_groups_with_a_final_runs_through_the_folder(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_event(arbiter, folder)
    assert tomllib.loads((folder / "tournament.toml").read_text())["groups"] == {
        "count": 4, "advance": 2, "final": "round-robin"}
    started = arbiter("-d", folder, "pair", "-f", "json")
    assert started.code == 0, started.err
    groups = json.loads(started.out)
    assert [(g["group"], g["start_number"]) for g in groups if g["group"] == "A"] == [
        ("A", 1), ("A", 8), ("A", 9), ("A", 16)]
    for group in "ABCD":  # every round of every group is paired at once
        assert sorted(p.name for p in (folder / "stages" / group / "rounds").iterdir()) == ["01.csv", "02.csv",
                                                                                            "03.csv"]
    stage_journal = (folder / "stages" / "A" / "journal.csv").read_text()
    assert "rounds 1-3 paired" in stage_journal and "initial colour drawn" in stage_journal
    early = arbiter("-d", folder, "pair")
    assert early.code == 4 and "group A is not finished" in early.err
    rng = random.Random(1)
    for group in "ABCD":
        play_stage(arbiter, folder, group, rng)
    final = arbiter("-d", folder, "pair", "-f", "json")
    assert final.code == 0, final.err
    seeded = json.loads(final.out)
    assert [(q["place"]) for q in seeded] == [1, 1, 1, 1, 2, 2, 2, 2]
    # the qualifiers are the first two of each group's own standings
    for group in "ABCD":
        table = json.loads(arbiter("-d", folder, "standings", "--group", group, "-f", "json").out)
        assert {q["name"] for q in seeded if q["group"] == group} == {row["name"] for row in table[:2]}
    assert (folder / "stages" / "final" / "rounds" / "07.csv").is_file()
    play_stage(arbiter, folder, "final", rng)
    twice = arbiter("-d", folder, "pair")
    assert twice.code == 4 and "the final is paired" in twice.err
    every = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert [s["stage"] for s in every] == ["A", "B", "C", "D", "final"]
    assert sum(row["points"] for row in every[-1]["standings"]) == 28  # 28 games of the final
    journal = (folder / "journal.csv").read_text()
    assert "groups dealt in snake order by seeding" in journal and "final paired" in journal
    # a round-robin final: finalize closes the groups and the final, then the event
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-04")
    assert done.code == 0, done.err
    assert "5 stages closed (A, B, C, D, final)" in done.err
    assert json.loads((folder / "final" / "standings.json").read_text()) == every
    site = folder.parent / "site"
    assert arbiter("-d", folder, "publish", site).code == 0
    page = (site / "standings.html").read_text()
    assert "Group A: final standings</h2>" in page and "after round" not in page


def test_standings_show_each_group_then_the_final(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    assert arbiter("-d", folder, "result", "3", "2", "1/2", "--group", "D").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    table = arbiter("-d", folder, "standings")
    assert table.code == 0
    titles = [line for line in table.out.splitlines() if "standings after" in line]
    assert [t.split(":")[1].strip() for t in titles] == ["group A", "group B", "group C", "group D", "final"]
    rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "standings", "-f", "csv").out)))
    assert [r["stage"] for r in rows] == ["A"] * 4 + ["B"] * 4 + ["C"] * 4 + ["D"] * 4 + ["final"] * 8
    assert list(rows[0])[:5] == ["stage", "rank", "start_number", "event_number", "name"]
    # a stage numbers its players afresh: event_number is the player's number in the event
    registration = {r["name"]: r["start_number"]
                    for r in csv.DictReader(io.StringIO((folder / "players.csv").read_text()))}
    assert all(r["event_number"] == registration[r["name"]] for r in rows)
    printed = arbiter("-d", folder, "standings", "--print")
    assert printed.code == 0 and printed.out.count("\f") == 4 and "Final: standings after round 1" in printed.out
    page = folder.parent / "standings.html"
    assert arbiter("-d", folder, "standings", "--html", page).code == 0
    assert "Group D: standings after round 3" in page.read_text()


def test_group_option_works_on_one_stage_and_is_required_in_a_group_event(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    crosstable = arbiter("-d", folder, "crosstable", "--group", "b", "-f", "json")
    assert crosstable.code == 0 and len(json.loads(crosstable.out)) == 4
    missing = arbiter("-d", folder, "result", "3", "2", "1-0")
    assert missing.code == 2
    assert missing.err == "arbiter: error: field '--group': this is a group event: give the stage with --group " \
                          "(A, B, C, D, final)\n"
    unknown = arbiter("-d", folder, "pairings", "1", "--group", "E")
    assert unknown.code == 2 and "no stage 'E'" in unknown.err
    early = arbiter("-d", folder, "pairings", "1", "--group", "final")
    assert early.code == 4 and "the final has not been paired yet" in early.err
    elsewhere = arbiter("-d", sample("rr10-finished"), "standings", "--group", "A")
    assert elsewhere.code == 2 and "is for a group event" in elsewhere.err


def test_sample_group_d_is_one_board_short_of_the_final(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    before = snapshot(folder)
    refused = arbiter("-d", folder, "pair")
    assert refused.code == 4
    assert refused.err == "arbiter: error: group D is not finished: round 3 still has no result on board 2\n"
    assert snapshot(folder) == before


def test_groups_set_by_hand_from_a_csv(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    new_event(arbiter, folder)
    rows = "start_number,group\n" + "".join(f"{n},{'ABCD'[(n - 1) // 4]}\n" for n in range(1, 17))
    done = arbiter("-d", folder, "groups", "set", "-", stdin=rows)
    assert done.code == 0, done.err
    shown = json.loads(arbiter("-d", folder, "groups", "show", "-f", "json").out)
    assert [r["start_number"] for r in shown if r["group"] == "A"] == [1, 2, 3, 4]
    assert arbiter("-d", folder, "pair").code == 0
    players = list(csv.DictReader(io.StringIO((folder / "stages" / "B" / "players.csv").read_text())))
    assert [p["name"] for p in players] == NAMES[4:8]
    late = arbiter("-d", folder, "groups", "set", "--snake")
    assert late.code == 4 and "have started" in late.err


@pytest.mark.parametrize(("rows", "error"), [
    ("start_number,group\n1,A\n2,Q\n", "groups.csv, line 3, field 'group': no group 'Q'; the groups are A, B, C, D"),
    ("start_number,group\n1,A\nx,B\n", "groups.csv, line 3, field 'start_number': 'x' is not a start number"),
    ("start_number,team\n1,A\n", "groups.csv, line 1, field 'team': unknown column; use start_number, group"),
    ("start_number,group\n1,A\n", "groups.csv, field 'start_number': player 2 (Player B, 02) is in no group"),
])
def test_bad_groups_file_is_one_line_naming_file_line_field_and_changes_nothing(
        arbiter: Runner, tmp_path: Path, rows: str, error: str) -> None:
    folder = tmp_path / "cup"
    new_event(arbiter, folder)
    source = tmp_path / "groups.csv"
    source.write_text(rows)
    before = snapshot(folder)
    done = arbiter("-d", folder, "groups", "set", str(source))
    assert done.code == 2
    assert done.err == f"arbiter: error: {error.replace('groups.csv', str(source))}\n"
    assert snapshot(folder) == before


@pytest.mark.parametrize(("options", "code", "error"), [
    (["--groups", "1", "--advance", "1"], 2, "field '--groups': at least 2"),
    (["--groups", "4", "--advance", "0"], 2, "field '--advance': at least 1"),
    (["--groups", "4"], 2, "field '--advance': a group stage needs how many of each group go on"),
    (["--groups", "4", "--advance", "2", "--final", "swiss"], 2, "field '--final': 'swiss': use round-robin or "
                                                                 "knockout"),
    (["--groups", "4", "--advance", "2", "--rounds", "5"], 2, "field '--rounds': not for a group stage"),
    (["--groups", "4", "--advance", "2", "--final", "knockout", "--games-per-match", "0"], 2,
     "field '--games-per-match': at least 1"),
])
def test_bad_new_options_are_one_line_and_create_nothing(arbiter: Runner, tmp_path: Path, options: list[str],
                                                         code: int, error: str) -> None:
    done = arbiter("new", tmp_path / "cup", "--name", "Cup", "--system", "groups", *options)
    assert done.code == code
    assert done.err.startswith("arbiter: error: ") and error in done.err and done.err.count("\n") == 1
    assert not (tmp_path / "cup").exists()


def test_group_options_without_system_groups_are_refused(arbiter: Runner, tmp_path: Path) -> None:
    done = arbiter("new", tmp_path / "x", "--name", "X", "--system", "round-robin", "--groups", "4")
    assert done.code == 2 and "field '--groups': is for a group stage (give --system groups)" in done.err


def test_the_top_folder_takes_only_registration_and_refuses_a_stage_command(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    before = snapshot(folder)
    finalize = arbiter("-d", folder, "finalize")
    assert finalize.code == 4 and ("the final is not paired yet: group D is not finished: round 3 still has no result on board 2"
                                    in finalize.err), finalize.err
    store = GroupFolder(folder)
    with store.lock():
        registration = store.load()
        running = registration.settings.model_copy(update={"status": Status.FINALISED})
        with pytest.raises(Refused, match="this is a group event: its games are in its stages"):
            store.save(registration, replace(registration, settings=running), "test", [])
    late = arbiter("-d", folder, "player", "add", "Late, Larry", "--rating", "2000")
    assert late.code == 4 and "the groups have started" in late.err
    assert snapshot(folder) == before
    listed = arbiter("-d", folder, "player", "list", "-f", "json")
    assert listed.code == 0 and len(json.loads(listed.out)) == 16


def test_a_broken_groups_table_names_file_line_and_field(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")
    path = folder / "tournament.toml"
    text = path.read_text()
    assert "advance = 2" in text
    path.write_text(text.replace("advance = 2", "advance = 0"))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), start=1) if row.startswith("advance"))
    done = arbiter("-d", folder, "standings")
    assert done.code == 3
    assert done.err == (f"arbiter: error: tournament.toml, line {line}, field 'groups.advance': at least 1 "
                        "(found 0)\n")


def test_verify_and_export_work_on_the_registration_or_one_stage(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("groups16-in-progress")
    top = arbiter("-d", folder, "verify")
    assert top.code == 0 and "the folder is sound: 16 players, 4 stages (A, B, C, D)" in top.err
    stage = arbiter("-d", folder, "verify", "--group", "D")
    assert stage.code == 0 and "the folder is sound: 4 players, 3 rounds" in stage.err
    exported = arbiter("-d", folder, "export", "--group", "A")
    assert exported.code == 0 and exported.out.startswith("012 Spring Masters 2026: group A")
    assert arbiter("-d", folder, "export").code == 2


def test_verify_of_the_event_checks_every_stage_and_names_a_stage_file_from_the_event(arbiter: Runner,
                                                                                        sample) -> None:
    folder = sample("groups16-in-progress")
    rounds = folder / "stages" / "B" / "rounds" / "02.csv"
    lines = rounds.read_text().splitlines(keepends=True)
    white_won = next(i for i, row in enumerate(lines) if row.rstrip().endswith(",1-0"))
    edited = lines.copy()
    edited[white_won] = edited[white_won].replace(",1-0", ",0-1")
    rounds.write_text("".join(edited))  # a valid result, changed by hand
    hand = arbiter("-d", folder, "verify", "-f", "json")
    assert hand.code == 0 and [p["file"] for p in json.loads(hand.out)] == ["stages/B/rounds/02.csv"]
    broken = lines.copy()
    broken[white_won] = broken[white_won].replace(",1-0", ",9-9")
    rounds.write_text("".join(broken))
    before = snapshot(folder)
    where = f"stages/B/rounds/02.csv, line {white_won + 1}, field 'result': unknown result '9-9'"
    for command in (["verify"], ["verify", "--group", "B"], ["standings"], ["pairings", "2", "--group", "B"]):
        done = arbiter("-d", folder, *command)
        assert done.code == 3 and done.err.startswith(f"arbiter: error: {where}"), (command, done.err)
    assert snapshot(folder) == before


def test_groups_start_whole_or_not_at_all(arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cup"
    new_event(arbiter, folder)
    (folder / ".stages.new-999999999").mkdir()  # what a 'pair' killed midway left
    before = snapshot(folder)
    import arbiter_cli.store.group_folder as store

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "replace", fail)
    done = arbiter("-d", folder, "pair")
    assert done.code == 3 and not (folder / "stages").exists()
    assert "No space left on device" in done.err and done.err.count("\n") == 1
    assert snapshot(folder) == {k: v for k, v in before.items() if not k.startswith(".stages.new")}
    monkeypatch.undo()
    assert arbiter("-d", folder, "pair").code == 0
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".stages")) == []
    assert sorted(p.name for p in (folder / "stages").iterdir()) == ["A", "B", "C", "D"]


def test_a_withdrawal_once_the_groups_started_is_sent_to_the_players_group(arbiter: Runner, sample) -> None:
    """Once the groups have started, a player withdraws from the group they play in (with that
    stage's own number); the top folder says which group, and changes nothing (found by a new user:
    it advised 'player remove', which the started groups then refused)."""
    folder = sample("groups16-in-progress")
    before = snapshot(folder)
    out = arbiter("-d", folder, "player", "withdraw", "3")
    assert out.code == 4 and "plays in group C" in out.err and "stages/C" in out.err
    assert out.err.count("\n") == 1 and snapshot(folder) == before


def test_groups_set_snake_when_already_dealt_in_snake_order_writes_no_journal_line(
        arbiter: Runner, tmp_path: Path) -> None:
    """Issue 25 (harness fault 4): 'groups set --snake' on groups already dealt in snake order wrote
    "groups: '' -> 'dealt in snake order by seeding'"; a no-op journals nothing and says so, as
    does setting by hand the groups it has already."""
    folder = tmp_path / "cup"
    new_event(arbiter, folder)
    journal = (folder / "journal.csv").read_text()
    done = arbiter("-d", folder, "groups", "set", "--snake")
    assert done.code == 0 and "nothing changed" in done.err, done.err
    assert (folder / "journal.csv").read_text() == journal
    rows = "start_number,group\n" + "".join(f"{n},{'ABCD'[(n - 1) // 4]}\n" for n in range(1, 17))
    assert arbiter("-d", folder, "groups", "set", "-", stdin=rows).code == 0
    journal = (folder / "journal.csv").read_text()
    again = arbiter("-d", folder, "groups", "set", "-", stdin=rows)
    assert again.code == 0 and "nothing changed" in again.err, again.err
    assert (folder / "journal.csv").read_text() == journal
    assert arbiter("-d", folder, "groups", "set", "--snake").code == 0
    assert "dealt in snake order by seeding" in (folder / "journal.csv").read_text()


def test_a_group_withdrawal_survives_the_stage_export_and_import(arbiter: Runner, tmp_path: Path) -> None:
    """Issue 25 (harness fault 3, 'Dlamini, Dan: byes 2 -> 1'): a player withdrawn from a group (a
    round robin) before playing counts for no one (the half rule), so their opponents have a free
    round; after the stage's export and import the withdrawal was lost and the games were unplayed
    games again. Now the import's standings and 'trf standings' equal the stage's."""
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "groups", "--groups", "3", "--advance", "1",
                   "--final", "round-robin", "--seed", "18").code == 0
    lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES[:9])]
    assert arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    stage = folder / "stages" / "B"
    assert arbiter("-d", stage, "player", "withdraw", "1", "--after-round", "3").code == 0
    exported = tmp_path / "b.trf"
    assert arbiter("-d", stage, "export", "-o", exported).code == 0
    assert arbiter("import", exported, tmp_path / "back").code == 0
    standings = json.loads(arbiter("-d", stage, "standings", "-f", "json").out)
    assert json.loads(arbiter("-d", tmp_path / "back", "standings", "-f", "json").out) == standings
    assert json.loads(arbiter("trf", "standings", exported, "-f", "json").out) == standings
    players = list(csv.DictReader(io.StringIO((tmp_path / "back" / "players.csv").read_text())))
    assert [(p.status, p.withdrawn_after) for p in GroupFolder(folder).stage("B").load().players] == [
        (p["status"], int(p["withdrawn_after"]) if p["withdrawn_after"] else None) for p in players]


def test_unpair_in_a_group_event_takes_the_stage_with_group_as_every_stage_command(arbiter: Runner,
                                                                                   tmp_path: Path) -> None:
    """Note of issue 28: 'unpair' in the top folder said "no round has been paired", though the groups had
    three rounds each; it names the stages, and --group A unpairs in group A as '-d stages/A unpair' does."""
    folder = tmp_path / "cup"
    new_event(arbiter, folder)
    assert arbiter("-d", folder, "pair").code == 0
    before = snapshot(folder)
    top = arbiter("-d", folder, "unpair")
    assert top.code == 2 and "give the stage with --group (A, B, C, D, final)" in top.err
    assert snapshot(folder) == before
    done = arbiter("-d", folder, "unpair", "--group", "A")
    assert done.code == 0, done.err
    assert sorted(p.name for p in (folder / "stages" / "A" / "rounds").iterdir()) == ["01.csv", "02.csv"]
    assert sorted(p.name for p in (folder / "stages" / "B" / "rounds").iterdir()) == ["01.csv", "02.csv", "03.csv"]


def test_standings_of_a_group_unpaired_back_to_no_round_show_it_after_round_0(arbiter: Runner,
                                                                            tmp_path: Path) -> None:
    """Harness open fault: a group of two has one round; unpaired back to no round, the event's
    standings stopped on an internal error ('after_round must be between 0 and 0'). That group's
    table is now shown after round 0, beside the other group's after round 1."""
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "groups", "--groups", "2", "--advance", "1",
                   "--seed", "5").code == 0
    lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES[:4])]
    assert arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder / "stages" / "A", "unpair").code == 0
    shown = arbiter("-d", folder, "standings")
    assert shown.code == 0, shown.err
    assert "group A: standings after round 0" in shown.out and "group B: standings after round 1" in shown.out
    assert arbiter("-d", folder, "standings", "-f", "json").code == 0


def test_a_group_unpaired_is_paired_again_whole_by_pair_group(arbiter: Runner, tmp_path: Path) -> None:
    """Trial: after 'unpair --group A' back to no round, the hint said 'arbiter pair', which the top
    folder refuses, and 'pair --group A' paired one round at a time and wanted results in between,
    though the groups start with every round paired at once (C.05: the Berger tables read no
    result). Now the hint names 'pair --group A', and it pairs every round left at once, the same
    rounds as before."""
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "groups", "--groups", "2", "--advance", "1",
                   "--seed", "4").code == 0
    lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES[:7])]
    assert arbiter("-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    rounds = folder / "stages" / "A" / "rounds"
    before = {p.name: p.read_bytes() for p in rounds.iterdir()}
    assert len(before) == 3
    for _ in before:
        done = arbiter("-d", folder, "unpair", "--group", "A")
        assert done.code == 0 and "pair it again with 'arbiter pair --group A'" in done.err, done.err
    top = arbiter("-d", folder, "pair")
    assert top.code == 4 and "('arbiter pair --group A' pairs them again)" in top.err, top.err
    again = arbiter("-d", folder, "pair", "--group", "A")
    assert again.code == 0 and "rounds 1-3 of 3 paired: a group pairs every round at once" in again.err, again.err
    assert {p.name: p.read_bytes() for p in rounds.iterdir()} == before
    assert arbiter("-d", folder, "verify").code == 0


def test_a_withdrawal_in_a_group_paired_whole_asks_for_the_round_not_the_last_round_of_all(
        arbiter: Runner, sample) -> None:
    """Trial of issue 30: a group's rounds are all paired when it starts, so the default "after the last paired
    round" withdrew a player after round 3, none of their games still to play became a forfeit, and the final
    could not be paired; with a game still to play, the round is asked for, naming the player's last game. The
    refusal at the top names the event's own folder, not DIR."""
    folder = sample("groups16-in-progress")
    top = arbiter("-d", folder, "player", "withdraw", "12")
    assert top.code == 4 and f"'arbiter -d {folder}/stages/D player list'" in top.err and "DIR" not in top.err
    stage = folder / "stages" / "D"
    before = snapshot(folder)
    asked = arbiter("-d", stage, "player", "withdraw", "3")  # Tanaka: rounds 1-2 played, round 3 to play
    assert asked.code == 2 and asked.err.count("\n") == 1
    assert ("every round is paired, and Tanaka, Yuki has no result yet in round 3: give --after-round N, the last "
            "round they take part in (their games after it are forfeits; their last game with a result is in "
            "round 2)") in asked.err
    assert snapshot(folder) == before
    done = arbiter("-d", stage, "player", "withdraw", "3", "--after-round", "2")
    assert done.code == 0 and "withdrawn after round 2" in done.err
    assert "note: round 3 board 2 waits for its forfeit: arbiter result 3 2 -/+" in done.err
    prizes = arbiter("-d", folder, "prizes")
    assert prizes.code == 4 and f"'arbiter -d {folder}/stages/final prizes'" in prizes.err


def test_verify_of_groups_paired_at_once_lists_no_round_as_waiting_for_a_later_one(arbiter: Runner,
                                                                                   tmp_path: Path) -> None:
    """A group's rounds are all paired at once (C.05 tables), so rounds 1 and 2 without results while round
    3 is paired are no round left behind: verify listed them as incomplete on every stage (trial of issue 29)."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "M", "--system", "groups", "--groups", "2", "--advance", "1",
                   "--final", "round-robin", "--seed", "0").code == 0
    names = "".join(f'"P{i}, x",\n' for i in range(1, 9))
    assert arbiter("-d", folder, "player", "import", "-", stdin="name,rating\n" + names).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    checked = arbiter("-d", folder, "verify")
    assert (checked.code, checked.err) == (0, "the folder is sound: 8 players, 2 stages (A, B)\n")


def _refused_by_every_command(arbiter: Runner, folder: Path, commands: list[list[str]], message: str) -> None:
    """Each of ``commands`` exits 3 with the one line ``message`` and leaves the folder as it was."""
    before = snapshot(folder)
    for args in commands:
        done = arbiter("-d", folder, *args)
        assert done.code == 3, (args, done.err)
        assert done.err == f"arbiter: error: {message}\n", (args, done.err)
    assert snapshot(folder) == before


def test_a_hand_edited_advance_above_a_started_groups_size_is_a_broken_folder_named_at_its_line(
        arbiter: Runner, sample) -> None:
    """Once the groups have started, each must hold at least the players who go on (trial38: ``advance = 5``
    over groups of 4, written by hand, read as sound by ``groups show`` and ``verify`` until ``pair``)."""
    folder = sample("groups16-in-progress")
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("advance = 2", "advance = 5"), encoding="utf-8")
    line = settings.read_text(encoding="utf-8").splitlines().index("advance = 5") + 1
    _refused_by_every_command(arbiter, folder, [["groups", "show"], ["verify"], ["standings"]],
                              f"tournament.toml, line {line}, field 'groups.advance': group A has 4 players, fewer "
                              "than the 5 who go on (advance)")


def test_a_toml_syntax_error_in_a_group_events_settings_is_named_by_every_command(arbiter: Runner, sample) -> None:
    """The group-only commands told the kind from the settings, and a syntax error made the folder no group
    event for them: 'groups show' said it was for group events (trial38b). Every command names the line."""
    folder = sample("groups16-in-progress")
    settings = folder / "tournament.toml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text + "x = = 1\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    _refused_by_every_command(arbiter, folder, [["groups", "show"], ["groups", "set", "--snake"],
                                                ["pairings", "1", "--group", "A"], ["verify"]],
                              f"tournament.toml, line {line}: TOML syntax error: Invalid value")


def test_a_hand_edited_group_member_who_is_no_registered_player_is_a_broken_folder_named_at_its_line(
        arbiter: Runner, sample) -> None:
    """Once the groups have started, a start number written by hand into a group that no player has was
    read as sound by verify, and the stages' players won silently (trial38b)."""
    folder = sample("groups16-in-progress")
    settings = folder / "tournament.toml"
    lines = settings.read_text(encoding="utf-8").splitlines(keepends=True)
    at = lines.index("A = [\n")
    lines[at + 1] = "    99,\n"
    settings.write_text("".join(lines), encoding="utf-8")
    _refused_by_every_command(arbiter, folder, [["groups", "show"], ["verify"], ["standings"]],
                              f"tournament.toml, line {at + 1}, field 'groups.members': group A holds start number 99, "
                              "who is no registered player")


@pytest.mark.parametrize("command", [["verify"], ["standings"], ["standings", "--group", "A"],
                                     ["pairings", "--group", "B"], ["pair"]])
def test_a_folder_a_killed_pair_was_building_is_removed_by_the_next_command_that_opens_the_event(
        arbiter: Runner, sample, command: list[str]) -> None:
    """A new-user trial: a kill -9 while 'pair' built a group event's final left
    stages/..final.new-PID.import-PID, which only the next 'result' removed (a reader left it, and
    verify did not see it). Any command that opens the event removes such a folder of a process no
    longer running; a running process's is left alone."""
    import os

    folder = sample("groups16-in-progress")
    dead = 2 ** 22 + 12345  # above any pid this machine gives (pid_max is at most 2^22)
    left = [folder / "stages" / f"..final.new-{dead}.import-{dead}", folder / "stages" / f".final.new-{dead}",
            folder / f".stages.new-{dead}"]
    running = folder / "stages" / f"..final.new-{os.getpid()}.import-{os.getpid()}"
    for path in (*left, running):
        (path / "rounds").mkdir(parents=True)
        (path / "tournament.toml").write_text('name = "Final"\n', encoding="utf-8")
    arbiter("-d", folder, *command)  # 'pair' is refused here (group D has a result missing): it opened the event
    assert [path for path in left if path.exists()] == []
    assert running.is_dir()
