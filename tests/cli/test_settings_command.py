"""``arbiter settings`` (issue 27, part 7): the settings shown, changed with a check and a journal line,
and refused when a change would make a round already paired wrong; every kind of event."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from arbiter_cli.core.model import Scoring, Settings
from conftest import Runner, snapshot


def _swiss(arbiter: Runner, tmp_path: Path, players: int = 6, rounds: int = 5, *options: str) -> Path:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", rounds, "--seed", "3",
                   *options).code == 0
    lines = "".join(f"P{i},{2000 + 10 * i},{'Lyon' if i % 2 else 'Nice'}\n" for i in range(1, players + 1))
    assert arbiter("-d", folder, "player", "import", "-", stdin="name,rating,club\n" + lines).code == 0
    return folder


def _play_round(arbiter: Runner, folder: Path) -> None:
    assert arbiter("-d", folder, "pair").code == 0
    boards = [r["board"] for r in json.loads(arbiter("-d", folder, "pairings", "-f", "json").out) if r["black"]]
    number = max(int(p.stem) for p in (folder / "rounds").glob("*.csv"))
    assert arbiter("-d", folder, "result", number, "--from", "-", stdin="".join(f"{b} 1-0\n" for b in boards)).code == 0


def _settings(arbiter: Runner, folder: Path, *options: str) -> dict[str, dict[str, object]]:
    shown = arbiter("-d", folder, "settings", *options, "-f", "json")
    assert shown.code == 0, shown.err
    return {row["key"]: row for row in json.loads(shown.out)}


def _journal(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text(encoding="utf-8"))))


def _refused(arbiter: Runner, folder: Path, *args: object) -> str:
    """A refused ``settings`` command: one error line, a non-zero exit, nothing changed on disk."""
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "settings", *args)
    assert outcome.code != 0
    assert outcome.err.count("\n") == 1 and outcome.err.startswith("arbiter: error: "), outcome.err
    assert snapshot(folder) == before
    return outcome.err


# --------------------------------------------------------------------------- showing


def test_settings_lists_every_field_of_the_model_with_its_value_when_it_may_change_and_what_it_means(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path)
    rows = _settings(arbiter, folder)
    expected = {name for name in Settings.model_fields if name != "scoring"} | {
        f"scoring.{name}" for name in Scoring.model_fields}
    assert set(rows) == expected
    assert rows["rounds"] == {"key": "rounds", "value": 5, "default": None, "changes": "rounds not yet paired",
                              "now": True, "description": "the number of rounds (C.04.1 Art. 1)"}
    assert rows["scoring.draw"]["value"] == 0.5 and rows["rank_withdrawn"]["value"] is True
    assert rows["status"]["changes"] == "own command" and rows["status"]["now"] is False
    assert all(row["description"] for row in rows.values())
    table = arbiter("-d", folder, "settings")
    assert table.code == 0 and "rank_withdrawn" in table.out and "Description" in table.out
    lines = arbiter("-d", folder, "settings", "-f", "csv").out.splitlines()
    assert lines[0] == "key,value,default,changes,now,description"
    assert "scoring.draw,0.5,0.5,before round 1,true,points for a draw" in lines


# --------------------------------------------------------------------------- setting: typed, checked, journalled


def test_a_change_is_typed_from_the_model_written_and_journalled(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path)
    for key, value, stored in (("tiebreaks", "BH/C1, BH,SB", ["BH/C1", "BH", "SB"]), ("rank_withdrawn", "false", False),
                               ("max_half_byes", "2", 2), ("scoring.win", "3", 3), ("scoring.draw", "1", 1),
                               ("scoring.draw", "1/2", 0.5), ("name", "Spring Open 2026", "Spring Open 2026")):
        outcome = arbiter("-d", folder, "settings", "set", key, *value.split(" "))
        assert outcome.code == 0, outcome.err
        assert _settings(arbiter, folder)[key]["value"] == stored
    assert 'tiebreaks = [\n    "BH/C1",\n    "BH",\n    "SB",\n]' in (folder / "tournament.toml").read_text()
    rows = [(r["command"], r["change"], r["old"], r["new"]) for r in _journal(folder)
            if r["command"].split("settings set ")[-1].split(" ")[0] == r["change"].removeprefix("setting ")][-7:]
    assert rows[0][0].endswith("settings set tiebreaks BH/C1, BH,SB")
    assert rows[0][1:] == ("setting tiebreaks", "", "BH/C1,BH,SB")
    assert rows[1][1:] == ("setting rank_withdrawn", "true", "false")
    assert rows[5][1:] == ("setting scoring.draw", "1", "0.5")
    assert arbiter("-d", folder, "verify").code == 0


def test_the_same_value_again_changes_nothing(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path)
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "settings", "set", "rank_withdrawn", "true")
    assert outcome.code == 0 and "rank_withdrawn is true already: nothing changed" in outcome.err
    assert snapshot(folder) == before


def test_an_unknown_key_is_named_with_the_nearest_key(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path)
    assert _refused(arbiter, folder, "set", "rank_withdraw", "false") == \
        "arbiter: error: unknown setting 'rank_withdraw'; did you mean 'rank_withdrawn'?\n"
    assert "did you mean 'scoring.draw'?" in _refused(arbiter, folder, "set", "scoring.drawn", "1")
    # a name far from every key is offered none (the trial: "nonsense" was offered 'seed')
    assert _refused(arbiter, folder, "set", "nonsense", "1") == \
        "arbiter: error: unknown setting 'nonsense' ('arbiter settings' lists them)\n"


@pytest.mark.parametrize("key, value, reason", [
    ("rank_withdrawn", "maybe", "'maybe' is not true or false"),
    ("rounds", "five", "give a whole number (found 'five')"),
    ("rounds", "0", "at least 1 (found 0)"),
    ("tiebreaks", "BH,XX", "unknown tie-break 'XX'"),
    ("scoring.draw", "1", "points must satisfy win > draw >= loss"),
    ("scoring.draw", "1/3", "has no exact decimal form"),
    ("initial_colour", "green", "'white', 'black' or 'random'"),
    ("federation", "France", "not a 3-letter FIDE federation code"),
    ("numbering", "lot", "numbering by lot is only for round robins"),
    ("start_date", "2026-02-30", "not a real date"),
])
def test_a_bad_value_names_the_key_and_the_reason_and_changes_nothing(arbiter: Runner, tmp_path: Path, key: str,
                                                                      value: str, reason: str) -> None:
    folder = _swiss(arbiter, tmp_path)
    error = _refused(arbiter, folder, "set", key, value)
    assert f"field '{key}'" in error and reason in error


def test_unset_returns_a_setting_to_its_default_derived_ones_too(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path)
    assert arbiter("-d", folder, "settings", "set", "scoring.pab", "0.5").code == 0
    assert arbiter("-d", folder, "settings", "set", "scoring.win", "2").code == 0
    assert arbiter("-d", folder, "settings", "set", "scoring.draw", "1").code == 0
    assert arbiter("-d", folder, "settings", "unset", "scoring.pab").code == 0
    assert _settings(arbiter, folder)["scoring.pab"]["value"] == 2  # a PAB is worth a win, unless given (C.04.1 Art. 3)
    assert arbiter("-d", folder, "settings", "set", "tiebreak_lots", "true").code == 0
    assert arbiter("-d", folder, "settings", "unset", "tiebreak_lots").code == 0
    assert _settings(arbiter, folder)["tiebreak_lots"]["value"] is None
    assert "has no default" in _refused(arbiter, folder, "unset", "name")


# --------------------------------------------------------------------------- when a key may change


def test_words_change_at_any_time_even_after_finalising(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 4, 1)
    _play_round(arbiter, folder)
    assert arbiter("-d", folder, "finalize", "--date", "2026-03-01").code == 0
    final = snapshot(folder / "final")
    for key, value in (("name", "Spring Open"), ("place", "Lyon"), ("chief_arbiter", "A. Arbiter"),
                       ("end_date", "2026-03-02"), ("round_dates", "2026-03-01")):
        assert arbiter("-d", folder, "settings", "set", key, value).code == 0
    assert snapshot(folder / "final") == final  # the final standings do not show them
    assert arbiter("-d", folder, "verify").code == 0


def test_a_finalised_event_keeps_its_standings_rules(arbiter: Runner, tmp_path: Path) -> None:
    """C.04.2 4.3: after finalising, only results are corrected; the tie-breaks stay as announced."""
    folder = _swiss(arbiter, tmp_path, 4, 1)
    _play_round(arbiter, folder)
    assert arbiter("-d", folder, "finalize", "--date", "2026-03-01").code == 0
    error = _refused(arbiter, folder, "set", "rank_withdrawn", "false")
    assert "the event was finalised on 2026-03-01; only its words (name, place" in error
    error = _refused(arbiter, folder, "set", "tiebreaks", "SB,BH")  # trial37: said "from none"
    assert "cannot change from the default (BH/C1,BH,SB,DE,WIN) to SB,BH: the event was finalised" in error


def test_the_standings_rules_change_until_finalised_and_the_standings_follow(arbiter: Runner, tmp_path: Path) -> None:
    """rank_withdrawn and the tie-breaks are read by the standings only: free while the event runs."""
    folder = _swiss(arbiter, tmp_path, 6, 3)
    _play_round(arbiter, folder)
    assert arbiter("-d", folder, "player", "withdraw", "1").code == 0
    _play_round(arbiter, folder)
    ranked = {r["name"]: r["rank"] for r in json.loads(arbiter("-d", folder, "standings", "-f", "json").out)}
    assert ranked["P6"] is not None  # start number 1, the highest rated
    assert arbiter("-d", folder, "settings", "set", "rank_withdrawn", "false").code == 0
    assert arbiter("-d", folder, "settings", "set", "tiebreaks", "SB,DE").code == 0
    rows = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert {r["name"]: r["rank"] for r in rows}["P6"] is None
    assert list(rows[0]["tiebreaks"]) == ["SB", "DE"]


@pytest.mark.parametrize("key, value, why", [
    ("system", "round-robin", "were paired by it"),
    ("seed", "7", "the lots drawn at the first pairing came from it"),
    ("initial_colour", "white", "round 1's colours came from it"),
    ("scoring.win", "2", "the score groups of the paired rounds were made with these points"),
    ("acceleration", "baku", "the virtual points of the paired rounds came from it"),
    ("rating_type", "rapid", "the start order came from its ratings"),
])
def test_what_the_pairing_reads_is_frozen_once_round_1_is_paired(arbiter: Runner, tmp_path: Path, key: str,
                                                                  value: str, why: str) -> None:
    folder = _swiss(arbiter, tmp_path)
    assert arbiter("-d", folder, "pair").code == 0
    error = _refused(arbiter, folder, "set", key, value)
    assert f"field '{key}'" in error and "only round 1 is paired" in error and why in error
    assert "it may change only before round 1 is paired" in error
    assert _settings(arbiter, folder)[key]["now"] is False
    assert arbiter("-d", folder, "unpair").code == 0  # before round 1 again: the same change is allowed
    assert arbiter("-d", folder, "settings", "set", key, value).code == 0


def test_rounds_are_never_fewer_than_the_rounds_paired(arbiter: Runner, tmp_path: Path) -> None:
    """C.04.1 Art. 1: the rounds are announced; the arbiter may shorten the event, not undo rounds played."""
    folder = _swiss(arbiter, tmp_path, 6, 5)
    _play_round(arbiter, folder)
    _play_round(arbiter, folder)
    error = _refused(arbiter, folder, "set", "rounds", "1")
    assert "rounds 1 to 2 are paired; the event cannot have fewer rounds" in error
    assert arbiter("-d", folder, "settings", "set", "rounds", "2").code == 0
    assert arbiter("-d", folder, "settings", "set", "rounds", "7").code == 0
    assert arbiter("-d", folder, "pair").code == 0


def test_rounds_are_never_fewer_than_a_round_a_requested_bye_names(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 6, 5)
    assert arbiter("-d", folder, "bye", "2", "--round", "5", "--half").code == 0
    assert "the requested byes name round 5; cancel them first" in _refused(arbiter, folder, "set", "rounds", "4")


def test_the_first_rounds_of_the_club_rule_may_change_only_above_the_rounds_paired(arbiter: Runner,
                                                                                    tmp_path: Path) -> None:
    """Forbidden pairs by rule (players of one club in the first K rounds): a paired round keeps the rule
    it was paired with, so K may not cover it now, nor stop covering it."""
    folder = _swiss(arbiter, tmp_path, 8, 5)
    _play_round(arbiter, folder)
    assert arbiter("-d", folder, "pair").code == 0
    error = _refused(arbiter, folder, "set", "avoid_same_club_rounds", "1")
    assert "rounds 1 to 2 are paired, without the rule; it must stay 0" in error
    assert "it must stay 0" in _refused(arbiter, folder, "set", "avoid_same_federation_rounds", "3")
    assert arbiter("-d", folder, "unpair").code == 0
    assert "only round 1 is paired, without the rule" in _refused(arbiter, folder, "set", "avoid_same_club_rounds", "3")
    ruled = tmp_path / "ruled"
    assert arbiter("new", ruled, "--name", "Ruled", "--system", "swiss", "--rounds", "5", "--seed", "3").code == 0
    assert arbiter("-d", ruled, "player", "import", "-", stdin="name,rating,club\n" + "".join(
        f"R{i},{2000 + 10 * i},{'Lyon' if i % 2 else 'Nice'}\n" for i in range(1, 9))).code == 0
    assert arbiter("-d", ruled, "settings", "set", "avoid_same_club_rounds", "3").code == 0
    _play_round(arbiter, ruled)
    _play_round(arbiter, ruled)
    error = _refused(arbiter, ruled, "set", "avoid_same_club_rounds", "1")
    assert "rounds 1 to 2 are paired under the rule; it may change only for later rounds (a value of 2 or more)" in error
    assert arbiter("-d", ruled, "settings", "set", "avoid_same_club_rounds", "2").code == 0
    assert arbiter("-d", ruled, "settings", "set", "avoid_same_club_rounds", "5").code == 0
    assert arbiter("-d", ruled, "pair").code == 0


def test_the_half_point_bye_limit_never_goes_below_a_players_byes(arbiter: Runner, tmp_path: Path) -> None:
    """C.04.2 3.3: a bye granted or requested under the old limit is not taken back by a new one."""
    folder = _swiss(arbiter, tmp_path, 6, 5)
    assert arbiter("-d", folder, "bye", "2", "--round", "1", "--half").code == 0
    assert arbiter("-d", folder, "bye", "2", "--round", "3", "--half").code == 0
    _play_round(arbiter, folder)
    error = _refused(arbiter, folder, "set", "max_half_byes", "1")
    assert "already took or requested more than 1 half-point bye" in error
    assert arbiter("-d", folder, "settings", "set", "max_half_byes", "2").code == 0


def test_no_round_that_has_a_half_point_bye_is_closed_to_them(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 6, 5)
    assert arbiter("-d", folder, "bye", "3", "--round", "4", "--half").code == 0
    assert "round 4 has a half-point bye" in _refused(arbiter, folder, "set", "half_byes_closed_last_rounds", "2")
    assert arbiter("-d", folder, "settings", "set", "half_byes_closed_last_rounds", "1").code == 0


def test_the_no_show_rule_and_the_late_entries_rule_act_on_what_comes_next(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 6, 5)
    _play_round(arbiter, folder)
    for key, value in (("no_show_rule", "off"), ("no_show_rule", "fide"), ("late_entry_missed", "HPB")):
        assert arbiter("-d", folder, "settings", "set", key, value).code == 0


def test_a_round_robins_rounds_follow_from_its_players_once_paired(arbiter: Runner, make_event) -> None:
    folder = make_event(4)
    assert arbiter("-d", folder, "pair").code == 0
    assert "a round robin's rounds follow from its players (C.05)" in _refused(arbiter, folder, "set", "rounds", "5")


def test_keys_kept_by_their_own_command_are_refused_with_the_command(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 8, 5, "--acceleration", "baku")
    assert "it is set by 'arbiter pair' and 'arbiter finalize'" in _refused(arbiter, folder, "set", "status",
                                                                            "finalised")
    assert "'arbiter acceleration group-a'" in _refused(arbiter, folder, "set", "baku_group_a", "4")
    assert "'arbiter finalize'" in _refused(arbiter, folder, "unset", "finalised_on")


def test_a_change_the_pairing_cannot_use_is_refused_by_the_folders_reader(arbiter: Runner, tmp_path: Path) -> None:
    """What the next command would refuse to read is never written: a knockout is made by 'new'."""
    folder = _swiss(arbiter, tmp_path)
    error = _refused(arbiter, folder, "set", "system", "knockout")
    assert "field 'system'" in error and "[knockout]" in error


# --------------------------------------------------------------------------- the prize split


def test_the_prize_split_is_set_in_prizes_toml_and_every_other_line_stays(arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 4, 3)
    assert "has no prizes.toml; write the prize fund first" in _refused(arbiter, folder, "set", "prizes.split", "hort")
    text = ('# the fund, as announced\nsplit = "shared"  # decided on 1 May\ncurrency = "EUR"\nplaces = [\n  100,\n'
            '  50,\n]\n\n[[category]]\nname = "Best woman"\namounts = [20]\nsex = "F"\n')
    (folder / "prizes.toml").write_text(text, encoding="utf-8")
    assert _settings(arbiter, folder)["prizes.split"]["value"] == "shared"
    assert "prizes.places" not in _settings(arbiter, folder)  # the lists are the person's, in the file
    assert arbiter("-d", folder, "settings", "set", "prizes.split", "hort").code == 0
    assert (folder / "prizes.toml").read_text(encoding="utf-8") == text.replace(
        'split = "shared"  # decided', 'split = "hort"  # decided')
    assert _journal(folder)[-1]["change"] == "setting prizes.split"
    assert "Hort system" in arbiter("-d", folder, "prizes").err
    assert "'shared', 'hort' or 'tiebreak'" in _refused(arbiter, folder, "set", "prizes.split", "halves")
    assert "board prizes are for team events" in _refused(arbiter, folder, "set", "prizes.board_share", "2/3")
    assert arbiter("-d", folder, "verify").code == 0


def test_a_change_of_prizes_toml_cut_short_after_its_manifest_is_completed_by_the_next_command(
        arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """prizes.toml is a person's file, but a change of it by 'settings set' is one all-or-nothing change
    with the journal: a writer stopped after its manifest is completed by the next command."""
    from arbiter_cli.store.files import FolderStore

    folder = _swiss(arbiter, tmp_path, 4, 3)
    (folder / "prizes.toml").write_text('split = "shared"\nplaces = [100]\n', encoding="utf-8")
    applied = FolderStore._apply

    def stopped(self: FolderStore, renames: object, deletions: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(FolderStore, "_apply", stopped)
    outcome = arbiter("-d", folder, "settings", "set", "prizes.split", "tiebreak")
    assert outcome.code == 3 and "the next arbiter command in this folder completes it" in outcome.err
    monkeypatch.setattr(FolderStore, "_apply", applied)
    assert arbiter("-d", folder, "verify").code == 0
    assert 'split = "tiebreak"' in (folder / "prizes.toml").read_text(encoding="utf-8")
    assert _journal(folder)[-1]["new"] == "tiebreak"


# --------------------------------------------------------------------------- every kind


def test_a_team_events_settings_include_its_team_table(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "league"
    assert arbiter("new", folder, "--name", "League", "--system", "swiss", "--rounds", "5", "--seed", "1", "--teams",
                   "--boards", "4").code == 0
    rows = _settings(arbiter, folder)
    assert rows["team.boards"]["value"] == 4 and "tiebreaks" not in rows
    assert arbiter("-d", folder, "settings", "set", "team.tiebreaks", "MP,GP,EDE").code == 0
    assert "unknown tie-break 'XX'" in _refused(arbiter, folder, "set", "team.tiebreaks", "MP,XX")
    assert "is not a setting of this kind of event" in _refused(arbiter, folder, "set", "tiebreaks", "BH")
    assert "the colour pattern 'WBW' has 3 letters for 4 boards" in _refused(arbiter, folder, "set", "team.colours",
                                                                             "WBW")
    for team in ("A", "B"):
        assert arbiter("-d", folder, "team", "add", team).code == 0
        assert arbiter("-d", folder, "team", "roster", team, "add", *(f"{team}{i}" for i in range(1, 5))).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    error = _refused(arbiter, folder, "set", "team.match_win", "3")
    assert "only round 1 is paired and the matches paired and their line-ups were made with it" in error
    assert arbiter("-d", folder, "settings", "set", "team.tiebreaks", "MP,GP").code == 0
    assert arbiter("-d", folder, "verify").code == 0


def test_a_knockouts_settings_include_its_knockout_table(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--seed", "1").code == 0
    for index in range(1, 5):
        assert arbiter("-d", folder, "player", "add", f"K{index}", "--rating", str(2000 + index)).code == 0
    rows = _settings(arbiter, folder)
    assert rows["knockout.tiebreak_stages"]["value"] == ["lower-rating"] and "rounds" not in rows
    assert arbiter("-d", folder, "settings", "set", "knockout.tiebreak_stages", "rapid:2,armageddon").code == 0
    assert "armageddon decides the match" in _refused(arbiter, folder, "set", "knockout.tiebreak_stages",
                                                      "armageddon,rapid:2")
    assert "is not a setting of this kind of event" in _refused(arbiter, folder, "set", "rounds", "3")
    assert arbiter("-d", folder, "pair").code == 0
    assert "the bracket and its matches were made with it" in _refused(arbiter, folder, "set",
                                                                       "knockout.games_per_match", "4")
    assert arbiter("-d", folder, "verify").code == 0


def test_a_group_events_settings_are_fixed_when_the_groups_start_and_a_stage_has_none_of_its_own(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "groups"
    assert arbiter("new", folder, "--name", "Groups", "--system", "groups", "--groups", "2", "--advance", "1",
                   "--seed", "1").code == 0
    for index in range(1, 7):
        assert arbiter("-d", folder, "player", "add", f"G{index}", "--rating", str(2000 + index)).code == 0
    rows = _settings(arbiter, folder)
    assert rows["groups.count"]["value"] == 2 and "system" not in rows and "rounds" not in rows
    assert arbiter("-d", folder, "settings", "set", "groups.final", "knockout").code == 0
    assert arbiter("-d", folder, "settings", "set", "groups.knockout.games_per_match", "1").code == 0
    error = _refused(arbiter, folder, "set", "groups.final", "round-robin")
    assert "'arbiter settings unset groups.knockout' removes it" in error
    assert arbiter("-d", folder, "settings", "unset", "groups.knockout").code == 0
    assert arbiter("-d", folder, "settings", "set", "groups.final", "round-robin").code == 0
    assert "it is set by 'arbiter groups set'" in _refused(arbiter, folder, "set", "groups.members", "A=1")
    assert arbiter("-d", folder, "settings", "set", "tiebreaks", "DE,SB").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert "the groups have started" in _refused(arbiter, folder, "set", "tiebreaks", "SB")
    assert arbiter("-d", folder, "settings", "set", "place", "Lyon").code == 0
    assert arbiter("-d", folder, "settings", "--group", "A", "-f", "json").code == 0
    error = _refused(arbiter, folder, "set", "--group", "A", "rank_withdrawn", "false")
    assert "this is group A of a group event: its settings are the event's" in error
    # before the subcommand, the same stage (trial43: the group event's own name was changed)
    error = _refused(arbiter, folder, "--group", "A", "set", "name", "Group A")
    assert "this is group A of a group event: its settings are the event's" in error
    assert "two groups: 'A' before the subcommand and 'B' after it" in _refused(
        arbiter, folder, "--group", "A", "unset", "--group", "B", "place")


def test_a_club_has_no_settings_command(arbiter: Runner, tmp_path: Path) -> None:
    club = tmp_path / "club"
    assert arbiter("club", "new", club, "--name", "Club").code == 0
    outcome = arbiter("-d", club, "settings")
    assert outcome.code == 4 and "'arbiter settings' is for" in outcome.err and "clubs" not in outcome.err.split(
        "is for")[1]


# --------------------------------------------------------------------------- the points that follow a win's or a draw's


def _scoring(folder: Path) -> dict[str, str]:
    text = (folder / "tournament.toml").read_text(encoding="utf-8").split("[scoring]", 1)[1].split("[", 1)[0]
    return {name.strip(): value.strip().strip('"') for name, value in
            (line.split("=", 1) for line in text.splitlines() if "=" in line)}


def test_a_pab_forfeit_win_and_byes_follow_a_new_win_and_draw_as_new_scoring_derives_them(
        arbiter: Runner, tmp_path: Path) -> None:
    """C.04.1 Art. 3: the PAB scores a win's points; ``settings set scoring.win 3`` and ``scoring.draw 1``
    leave the event as ``new --scoring 3,1,0`` makes it, and the PAB player gets 3."""
    folder = _swiss(arbiter, tmp_path, 5, 3)
    win = arbiter("-d", folder, "settings", "set", "scoring.win", "3")
    assert win.code == 0, win.err
    for name in ("scoring.pab", "scoring.forfeit_win", "scoring.full_bye"):
        assert f"note: {name} follows scoring.win: 1 -> 3" in win.err
    assert "note: scoring.half_bye follows scoring.draw: 0.5 -> 1" in arbiter(
        "-d", folder, "settings", "set", "scoring.draw", "1").err
    reference = tmp_path / "reference"
    assert arbiter("new", reference, "--name", "R", "--system", "swiss", "--rounds", 3, "--seed", 3,
                   "--scoring", "3,1,0").code == 0
    assert _scoring(folder) == _scoring(reference)
    assert {row["change"]: row["new"] for row in _journal(folder) if row["change"].startswith("setting scoring.")} == {
        "setting scoring.win": "3", "setting scoring.pab": "3", "setting scoring.forfeit_win": "3",
        "setting scoring.full_bye": "3", "setting scoring.draw": "1", "setting scoring.half_bye": "1"}
    rows = _settings(arbiter, folder)
    assert rows["scoring.pab"]["default"] == 3 and rows["scoring.half_bye"]["default"] == 1
    assert arbiter("-d", folder, "pair").code == 0
    standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert sorted(row["points"] for row in standings) == [0, 0, 0, 0, 3]


def test_a_point_the_arbiter_set_apart_from_the_win_stays_when_the_win_changes_and_an_unset_one_follows_again(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 5, 3)
    assert arbiter("-d", folder, "settings", "set", "scoring.full_bye", "1/2").code == 0
    win = arbiter("-d", folder, "settings", "set", "scoring.win", "3")
    assert "note: scoring.full_bye stays 0.5, set apart from scoring.win (1)" in win.err
    assert _scoring(folder)["full_bye"] == "0.5" and _scoring(folder)["pab"] == "3"
    assert arbiter("-d", folder, "settings", "unset", "scoring.pab").code == 0  # the default: the win's 3
    assert arbiter("-d", folder, "settings", "set", "scoring.win", "2").code == 0
    assert _scoring(folder)["pab"] == "2" and _scoring(folder)["forfeit_win"] == "2"


# --------------------------------------------------------------------------- the start numbers before round 1


def test_a_new_starting_rank_before_round_1_numbers_the_players_again_and_round_1_is_paired_on_it(
        arbiter: Runner, tmp_path: Path) -> None:
    """C.04.2 2.2: the starting list is ordered by the rating the starting rank names (TRF-2026 172);
    changed before round 1, the start numbers follow it, journalled, and the export says NRO."""
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", 5, "--seed", 1).code == 0
    rows = "name,rating,national_rating\nAda,2300,1500\nBora,2100,1900\nCan,1900,2200\nDeniz,1700,2000\n"
    assert arbiter("-d", folder, "player", "import", "-", stdin=rows).code == 0
    outcome = arbiter("-d", folder, "settings", "set", "starting_rank", "nro")
    assert outcome.code == 0, outcome.err
    assert "note: the players are numbered again by starting_rank NRO (C.04.2 2.2): 4 start numbers changed" \
        in outcome.err
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert [(p["start_number"], p["name"]) for p in players] == [(1, "Can"), (2, "Deniz"), (3, "Bora"), (4, "Ada")]
    line = [row for row in _journal(folder) if row["change"] == "start numbers (C.04.2 2.2)"]
    assert [(row["old"], row["new"]) for row in line] == [("1=Ada 2=Bora 3=Can 4=Deniz", "1=Can 2=Deniz 3=Bora 4=Ada")]
    assert arbiter("-d", folder, "pair").code == 0
    pairings = json.loads(arbiter("-d", folder, "pairings", "-f", "json").out)
    assert {frozenset((row["white"], row["black"])) for row in pairings} == {frozenset((1, 3)), frozenset((2, 4))}
    assert arbiter("-d", folder, "settings", "set", "federation", "GER").code == 0
    assert "172 GER NRO" in arbiter("-d", folder, "export").out
    assert arbiter("-d", folder, "verify").code == 0


def test_rounds_never_make_a_round_paired_on_an_unfinished_game_one_of_the_last_two(
        arbiter: Runner, tmp_path: Path) -> None:
    """C.04.2 3.1 and the federation's rule: the last two rounds are never paired on an unfinished game,
    so an event keeps at least two rounds after the round paired on one (``pair`` refuses the same)."""
    folder = _swiss(arbiter, tmp_path, 8, 7)
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 *\n2 1/2-1/2\n3 1-0\n4 0-1\n").code == 0
    paired = arbiter("-d", folder, "pair")
    assert paired.code == 0, paired.err
    for rounds, which in (("2", "the last round of 2"), ("3", "the last round but one of 3")):
        error = _refused(arbiter, folder, "set", "rounds", rounds)
        assert (f"round 2 was paired on an unfinished game (round 1, board 1) and would be {which}: the last two "
                "rounds are never paired on one") in error and "needs at least 4 rounds" in error
    assert arbiter("-d", folder, "result", "1", "1", "1-0").code == 0  # the game ended: round 2 still was paired on it
    _refused(arbiter, folder, "set", "rounds", "3")
    assert arbiter("-d", folder, "settings", "set", "rounds", "4").code == 0


def test_a_new_rating_type_says_the_ratings_registered_are_of_the_old_list_and_update_ratings_takes_the_new(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = _swiss(arbiter, tmp_path, 4, 5)
    outcome = arbiter("-d", folder, "settings", "set", "rating_type", "rapid")
    assert outcome.code == 0, outcome.err
    assert ("note: the ratings in players.csv are still the standard ones; 'arbiter player update-ratings' takes the "
            "rapid list's") in outcome.err


@pytest.mark.parametrize(("dates", "reason"), [
    ("2026-03-01,2026-03-02,2026-03-03", "3 dates for 5 rounds: give one date a round"),
    ("2026-03-01,2026-03-02,2026-03-03,2026-03-04,2026-03-05,2026-03-06", "6 dates for 5 rounds"),
    ("2026-02-28,2026-03-02,2026-03-03,2026-03-04,2026-03-05", "round 1's date 2026-02-28 is before start_date "
     "2026-03-01"),
    ("2026-03-01,2026-03-03,2026-03-02,2026-03-04,2026-03-05", "round 3's date 2026-03-02 is before round 2's"),
    ("2026-03-01,2026-03-02,2026-03-03,2026-03-04,2026-03-09", "round 5's date 2026-03-09 is after end_date"),
])
def test_round_dates_give_one_date_a_round_within_the_events_days_in_order(arbiter: Runner, tmp_path: Path,
                                                                            dates: str, reason: str) -> None:
    """TRF record 132: a date for each round, of the event's days (042 to 052)."""
    folder = _swiss(arbiter, tmp_path, 4, 5)
    for key, value in (("start_date", "2026-03-01"), ("end_date", "2026-03-05")):
        assert arbiter("-d", folder, "settings", "set", key, value).code == 0
    assert reason in _refused(arbiter, folder, "set", "round_dates", dates)
    assert arbiter("-d", folder, "settings", "set", "round_dates",
                   "2026-03-01,2026-03-02,2026-03-03,2026-03-04,2026-03-05").code == 0


def test_an_empty_round_date_is_a_round_without_a_date_kept_in_its_place(arbiter: Runner, tmp_path: Path) -> None:
    """trial51, bug 4: ``2026-03-01,,2026-03-03`` dropped its empty slot, so the later dates moved to
    earlier rounds (or the count of dates was wrong). An empty slot is a round without a date, as
    ``""`` in tournament.toml and a blank column of TRF 132 are."""
    folder = _swiss(arbiter, tmp_path, 4, 5)
    assert "3 dates (1 empty) for 5 rounds" in _refused(arbiter, folder, "set", "round_dates",
                                                        "2026-03-01,,2026-03-03")
    assert "2 dates for 5 rounds" in _refused(arbiter, folder, "set", "round_dates", "2026-03-01,2026-03-03")
    result = arbiter("-d", folder, "settings", "set", "round_dates", "2026-03-01,,2026-03-03,2026-03-04,")
    assert result.code == 0, result.err
    assert result.err == "setting round_dates: none -> 2026-03-01,,2026-03-03,2026-03-04,\n"
    assert 'round_dates = [\n    "2026-03-01",\n    "",\n    "2026-03-03",\n    "2026-03-04",\n    "",\n]' in (
        folder / "tournament.toml").read_text(encoding="utf-8")


def test_the_settings_table_is_readable_at_80_columns_with_no_value_or_date_cut(arbiter: Runner,
                                                                                tmp_path: Path) -> None:
    """At 80 columns the Changes words shorten, Description wraps, Value wraps between its items only;
    CSV and JSON keep every word."""
    folder = _swiss(arbiter, tmp_path, 4, 5)
    for args in (("name", "Spring", "Open", "2026"), ("tiebreaks", "BH/C1,BH,SB,DE"),
                 ("round_dates", "2026-03-01,2026-03-02,2026-03-03,2026-03-04,2026-03-05")):
        assert arbiter("-d", folder, "settings", "set", *args).code == 0
    arbiter.monkeypatch.setenv("COLUMNS", "80")
    shown = arbiter("-d", folder, "settings")
    assert shown.code == 0 and "left out" not in shown.err
    lines = shown.out.splitlines()
    assert max(len(line) for line in lines) <= 80
    cells = {line.split("│")[1].strip(): line.split("│")[2].strip() for line in lines if line.count("│") == 5}
    values = [cell for line in lines if line.count("│") == 5 for cell in [line.split("│")[2].strip()] if cell]
    for date in ("2026-03-01", "2026-03-05"):
        assert any(cell.startswith(date) for cell in values)
    assert "Spring" in cells["name"] and cells["rounds"] == "5" and cells["scoring.draw"] == "0.5"
    assert all(word in " ".join(values) for word in ("Spring", "Open", "2026", "BH/C1,", "DE"))
    assert "before rd 1" in shown.out and "before round 1" not in shown.out
    rows = _settings(arbiter, folder)
    assert rows["round_dates"]["changes"] == "any time" and rows["scoring.draw"]["changes"] == "before round 1"
