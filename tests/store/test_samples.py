"""The sample events are valid folders in the states the README promises."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arbiter_cli.store.knockout_folder import KnockoutFolder
from arbiter_cli.store.tournament import TournamentFolder

from conftest import ROOT, Runner

SAMPLES = ROOT / "sample_events"


def test_every_sample_reads_cleanly() -> None:
    names = sorted(p.name for p in SAMPLES.iterdir() if p.is_dir())
    assert names == ["club-lyon", "double-rr6-ready", "groups16-in-progress", "knockout24-in-progress", "rr10-finished",
                     "rr10-in-progress", "swiss-open-finished-prizes", "swiss32-in-progress", "team-league-in-progress",
                     "team-swiss20-in-progress"]
    for name in ("double-rr6-ready", "rr10-finished", "rr10-in-progress", "swiss-open-finished-prizes",
                 "swiss32-in-progress"):
        TournamentFolder(SAMPLES / name).load()
    KnockoutFolder(SAMPLES / "knockout24-in-progress").load_knockout()


def test_the_group_stage_sample_has_four_groups_played_but_one_board_as_the_readme_says() -> None:
    from arbiter_cli.store.group_folder import GroupFolder

    folder = GroupFolder(SAMPLES / "groups16-in-progress")
    event = folder.load_event()
    assert (len(event.tournament.players), event.groups.count, event.groups.advance, event.groups.final) == (
        16, 4, 2, "round-robin")
    assert folder.stage_names() == ["A", "B", "C", "D"]
    missing = {name: [(r.number, r.missing) for r in folder.stage(name).load().rounds if r.missing]
               for name in folder.stage_names()}
    assert missing == {"A": [], "B": [], "C": [], "D": [(3, (2,))]}


def test_the_team_league_is_a_round_robin_in_round_4_as_the_readme_says(arbiter: Runner, tmp_path: Path) -> None:
    from arbiter_cli.store.team_folder import TeamFolder

    league = TeamFolder(SAMPLES / "team-league-in-progress").load()
    assert (len(league.teams), league.team.boards, league.last_round, league.settings.rounds) == (6, 4, 4, 5)
    fourth = league.rounds[3]
    assert fourth.matches[0].complete and not fourth.complete
    third = league.rounds[2]
    assert any(None in (g.first, g.second) for m in third.matches for g in m.boards)  # the empty board
    copy = tmp_path / "league"
    shutil.copytree(SAMPLES / "team-league-in-progress", copy)
    assert arbiter("-d", copy, "pair").code == 4  # round 4 still needs results
    assert arbiter("-d", copy, "verify").code == 0


def test_the_sample_club_has_two_finalised_tournaments_and_one_running(arbiter: Runner, tmp_path: Path) -> None:
    from arbiter_cli.store.club import ClubFolder
    from arbiter_cli.core.model import Status

    club = ClubFolder(SAMPLES / "club-lyon").load()
    assert len(club.members) == 8
    statuses = {p.name: TournamentFolder(p).load().settings.status
                for p in (SAMPLES / "club-lyon" / "tournaments").iterdir()}
    assert statuses == {"2026-spring-rapid": Status.FINALISED, "2026-summer-rapid": Status.FINALISED,
                        "2026-autumn-standard": Status.RUNNING}
    assert {s.tournament for s in club.ratings} == {"2026-spring-rapid", "2026-summer-rapid"}
    copy = tmp_path / "club"
    shutil.copytree(SAMPLES / "club-lyon", copy)
    outcome = arbiter("-d", copy, "ratings", "recompute")
    assert outcome.code == 0 and "every stored rating is as it should be" in outcome.err
    summer = {r["member_id"]: r for r in json.loads(arbiter("-d", copy, "ratings", "changes",
                                                            "2026-summer-rapid", "-f", "json").out)}
    spring = {r["member_id"]: r for r in json.loads(arbiter("-d", copy, "ratings", "changes",
                                                            "2026-spring-rapid", "-f", "json").out)}
    assert all(summer[m]["rating_before"] == spring[m]["rating_after"] for m in spring)


def test_the_finished_round_robin_is_complete() -> None:
    tournament = TournamentFolder(SAMPLES / "rr10-finished").load()
    assert len(tournament.players) == 10
    assert tournament.settings.rounds == tournament.last_round == 9
    assert all(rnd.complete for rnd in tournament.rounds)


def test_the_round_robin_in_progress_misses_one_result() -> None:
    tournament = TournamentFolder(SAMPLES / "rr10-in-progress").load()
    assert tournament.last_round == 5
    assert [rnd.missing for rnd in tournament.rounds] == [(), (), (), (), (3,)]


def test_the_readme_demo_pairs_the_next_round(arbiter: Runner, tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    shutil.copytree(SAMPLES / "double-rr6-ready", demo)
    paired = arbiter("-d", demo, "pair")
    assert paired.code == 0 and "round 5 of 10 paired" in paired.err
    standings = arbiter("-d", demo, "standings")
    assert standings.code == 0 and "standings after round 5" in standings.out


@pytest.mark.parametrize("command", [["pair"], ["standings"], ["crosstable"], ["pairings"]])
def test_the_samples_answer_the_main_commands(arbiter: Runner, tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "in-progress"
    shutil.copytree(SAMPLES / "rr10-in-progress", folder)
    result = arbiter("-d", folder, *command)
    if command == ["pair"]:
        assert result.code == 4 and "round 5 still has no result on board 3" in result.err
    else:
        assert result.code == 0 and result.out


def test_the_swiss_open_is_in_progress() -> None:
    tournament = TournamentFolder(SAMPLES / "swiss32-in-progress").load()
    assert len(tournament.players) == 32 and tournament.settings.rounds == 7
    assert tournament.last_round == 5 and tournament.rounds[-1].missing == (2, 5, 9, 14)
    assert all(rnd.complete for rnd in tournament.rounds[:4])


def test_the_team_swiss_is_20_teams_in_round_4_as_the_readme_says(arbiter: Runner, tmp_path: Path) -> None:
    from arbiter_cli.store.team_folder import TeamFolder

    swiss = TeamFolder(SAMPLES / "team-swiss20-in-progress").load()
    assert (len(swiss.teams), swiss.team.boards, swiss.last_round, swiss.settings.rounds) == (20, 4, 4, 7)
    assert not swiss.rounds[3].complete and swiss.rounds[2].match(10).forfeit is not None  # a match forfeit
    copy = tmp_path / "swiss"
    shutil.copytree(SAMPLES / "team-swiss20-in-progress", copy)
    assert arbiter("-d", copy, "pair").code == 4  # round 4 still needs results
    assert arbiter("-d", copy, "verify").code == 0

def test_the_finished_open_is_finalised_with_its_prize_list_stored() -> None:
    from arbiter_cli.core.model import Status
    from arbiter_cli.store.prizes import read_prizes

    folder = SAMPLES / "swiss-open-finished-prizes"
    event = TournamentFolder(folder).load()
    assert event.settings.status is Status.FINALISED and len(event.players) == 40
    table = read_prizes(folder)
    assert table is not None and table.split == "shared" and len(table.category) == 5
    assert (folder / "final" / "prizes.json").is_file() and (folder / "final" / "prizes.csv").is_file()
