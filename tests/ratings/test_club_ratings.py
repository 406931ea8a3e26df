"""Club ratings (FIDE B.02 as a club applies them), with the arithmetic written out."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_cli.ratings.elo import expected_score, k_factor, performance_rating, rating_change
from arbiter_cli.ratings.ledger import RatedEvent, RatedGame, RatingState, rate_tournament, replay
from arbiter_cli.store.tournament import TournamentFolder

from conftest import Runner, snapshot

F = Fraction


# --------------------------------------------------------------------------- worked examples (pure)

def test_the_400_point_rule() -> None:
    # 2300 beats 1700. D = 600 counts as 400 for both (neither is 2650+): PD 0.92 and 0.08.
    assert expected_score(2300, 1700) == F(92, 100) and expected_score(1700, 2300) == F(8, 100)
    rows = rate_tournament([RatedGame(1, 2, F(1))], {1: RatingState(2300), 2: RatingState(1700)})
    # K = 40 for both (fewer than 30 games). 40 x (1 - 0.92) = 3.2 -> 3; 40 x (0 - 0.08) = -3.2 -> -3.
    assert [(r.k, r.change, r.rating_after) for r in rows] == [(40, 3, 2303), (40, -3, 1697)]


def test_a_2650_player_uses_the_true_difference() -> None:
    # 2700 draws with 2200. For the 2700 player D = 500 (no cap): PD 0.96 (485-517).
    # For the 2200 player D = -500 capped at -400: PD 1 - 0.92 = 0.08.
    rows = rate_tournament([RatedGame(1, 2, F(1, 2))], {1: RatingState(2700, 50), 2: RatingState(2200, 50)})
    first, second = rows
    assert (first.expected, first.k) == (F(96, 100), 10)  # ever 2400: K = 10
    assert first.change == -5  # 10 x (0.5 - 0.96) = -4.6 -> -5
    assert (second.expected, second.k) == (F(8, 100), 20)  # 50 games, below 2400: K = 20
    assert second.change == 8  # 20 x (0.5 - 0.08) = 8.4 -> 8


def test_the_2650_exception_is_for_standard_chess_only() -> None:
    # The same 2700 - 2200 draw in rapid: D = 500 counts as 400 for both players (0.92 / 0.08).
    rows = rate_tournament([RatedGame(1, 2, F(1, 2))], {1: RatingState(2700, 50), 2: RatingState(2200, 50)},
                           time_control="rapid")
    assert rows[0].expected == F(92, 100) and rows[0].change == -4  # 10 x (0.5 - 0.92) = -4.2 -> -4
    assert rows[1].expected == F(8, 100)


def test_each_k_case() -> None:
    assert k_factor(ever_2400=True, games_before=0, games_now=5) == 10  # 2400 once, even as an initial rating
    assert k_factor(ever_2400=False, games_before=29, games_now=5) == 40  # fewer than 30 games before
    assert k_factor(ever_2400=False, games_before=30, games_now=5) == 20
    assert k_factor(ever_2400=False, games_before=0, games_now=25) == 28  # 40 x 25 = 1000 > 700: 700 // 25
    assert k_factor(ever_2400=False, games_before=40, games_now=39) == 17  # B.02's example: 20 x 39 > 700
    assert k_factor(ever_2400=True, games_before=0, games_now=70) == 10  # 10 x 70 = 700: allowed
    # A rating that was 2400 once keeps K = 10 after falling below it.
    report = replay({1: {"standard": 2400, "rapid": 1500, "blitz": 1500},
                     2: {"standard": 2000, "rapid": 1500, "blitz": 1500}},
                    [RatedEvent("a", "standard", (1, 2), (RatedGame(1, 2, F(0)),)),
                     RatedEvent("b", "standard", (1, 2), (RatedGame(1, 2, F(0)),))])
    assert report[0][1][0].rating_after < 2400 and report[1][1][0].k == 10


def test_b02_8_3_3_a_junior_below_2300_keeps_k_40_after_30_games_until_the_year_of_the_18th_birthday() -> None:
    """The trial of issue 29: a member born in 2012, rated 1559 after 30 games, got K 20 in the club;
    B.02 8.3.3 gives K 40 until the end of the year of the 18th birthday while the rating is under
    2300 (as the rating report of a FIDE event already does)."""
    assert k_factor(ever_2400=False, games_before=30, games_now=5, junior=True) == 40
    seasoned = {n: {"standard": rating, "rapid": 1500, "blitz": 1500}
                for n, rating in ((1, 1600), (2, 2350), (3, 1600), (4, 2350))}
    warm_up = [RatedEvent(f"w{i}", "standard", (1, 2, 3, 4), tuple(RatedGame(a, b, F(1, 2)) for a, b in
                                                                     ((1, 3), (2, 4), (3, 1), (4, 2))), "2026-01-01")
               for i in range(15)]  # 30 draws each between equals before the last event: no rating moves
    last = RatedEvent("last", "standard", (1, 2, 3), (RatedGame(1, 3, F(1)), RatedGame(2, 3, F(1))), "2030-12-31")
    born = {1: 2012, 2: 2012, 3: 1990, 4: 1990}
    rows = {row.member_id: row for row in replay(seasoned, [*warm_up, last], born)[-1][1]}
    assert rows[1].k == 40  # 2030 is the year of the 18th birthday; rated under 2300
    assert rows[2].k == 20  # a junior rated 2300 or more: K 20
    assert rows[3].k == 20  # no junior
    later = RatedEvent("later", "standard", (1, 3), (RatedGame(1, 3, F(1)),), "2031-01-01")
    assert replay(seasoned, [*warm_up, later], born)[-1][1][0].k == 20  # the year after: K 20
    assert replay(seasoned, [*warm_up, last])[-1][1][0].k == 20  # no birth year known: no junior


def test_rounding_is_once_per_tournament_and_half_away_from_zero() -> None:
    # D = 190 (189-197): PD 0.75 / 0.25. K = 10 for a 2400+ player.
    win = rate_tournament([RatedGame(1, 2, F(1))], {1: RatingState(2490, 40), 2: RatingState(2300, 40)})
    assert win[0].expected == F(3, 4) and win[0].change == 3  # 10 x 0.25 = 2.5 -> 3
    loss = rate_tournament([RatedGame(1, 2, F(0))], {1: RatingState(2490, 40), 2: RatingState(2300, 40)})
    assert loss[0].change == -8  # 10 x -0.75 = -7.5 -> -8
    # Two games: 10 x (0.25 + 0.25) = 5 exactly; rounding each game first would also give 3 + 3 = 6.
    twice = rate_tournament([RatedGame(1, 2, F(1)), RatedGame(1, 2, F(1))],
                            {1: RatingState(2490, 40), 2: RatingState(2300, 40)})
    assert twice[0].change == 5


def test_the_performance_rating() -> None:
    # Ra = (2000 + 2100 + 1900 + 2000) / 4 = 2000; p = 3/4 -> dp 193.
    assert performance_rating([2000, 2100, 1900, 2000], F(3)) == 2193
    assert performance_rating([], F(0)) is None


@settings(max_examples=200, deadline=None)
@given(st.integers(1000, 2800), st.lists(st.integers(1000, 2800), min_size=1, max_size=11),
       st.integers(0, 60), st.data())
def test_the_change_is_monotone_in_the_score(own: int, opponents: list[int], games_before: int, data) -> None:
    """With the same opponents, a better result never gives a smaller change."""
    results = data.draw(st.lists(st.sampled_from([F(0), F(1, 2), F(1)]), min_size=len(opponents),
                                 max_size=len(opponents)))
    better = list(results)
    index = data.draw(st.integers(0, len(results) - 1))
    better[index] = min(F(1), better[index] + F(1, 2))
    before = {0: RatingState(own, games_before), **{i + 1: RatingState(r, 40) for i, r in enumerate(opponents)}}

    def change(scores: list[Fraction]) -> int:
        games = [RatedGame(0, i + 1, s) for i, s in enumerate(scores)]
        return rate_tournament(games, before, [0])[0].change

    assert change(better) >= change(results)
    assert rating_change(20, F(3), F(3)) == 0


# --------------------------------------------------------------------------- the club folder, end to end

def _club(arbiter: Runner, tmp_path: Path) -> Path:
    club = tmp_path / "club"
    assert arbiter("club", "new", club, "--name", "Lyon Echecs").code == 0
    for name, rapid in (("Alpha, Anna", 2100), ("Brun, Bob", 1950), ("Costa, Cid", 1700), ("Dahl, Dan", 1600)):
        assert arbiter("-d", club, "member", "add", name, "--rapid", rapid, "--standard", rapid + 50).code == 0
    return club


def _tournament(arbiter: Runner, club: Path, name: str, results: dict[int, list[str]],
                finalise: bool = True) -> Path:
    """A 4-player rapid round robin of members 1-4 with the given results per round."""
    assert arbiter("-d", club, "new", club / "tournaments" / name, "--name", name, "--system", "round-robin",
                   "--time-control", "rapid", "--seed", "1", "--initial-colour", "white").code == 0
    folder = club / "tournaments" / name
    for member in (1, 2, 3, 4):
        assert arbiter("-d", folder, "player", "add", "--member", member).code == 0
    for number, codes in results.items():
        assert arbiter("-d", folder, "pair").code == 0
        text = "".join(f"{board} {code}\n" for board, code in enumerate(codes, start=1))
        assert arbiter("-d", folder, "result", number, "--from", "-", "--confirm", stdin=text).code == 0
    if finalise:
        assert arbiter("-d", folder, "finalize", "--date", "2026-04-01").code == 0
    return folder


def changes(arbiter: Runner, club: Path, name: str) -> dict[int, dict]:
    return {row["member_id"]: row for row in json.loads(arbiter("-d", club, "ratings", "changes", name, "-f", "json").out)}


def test_a_finalised_club_tournament_moves_the_club_ratings(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    # Berger 4: round 1 is 1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1.
    _tournament(arbiter, club, "spring", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    rows = changes(arbiter, club, "spring")
    # Alpha (2100) beat Dahl (1600), beat Brun (1950), beat Costa (1700): 3 / 3.
    # D: 500 -> 400 (0.92), 150 (0.70), 400 (0.92): expected 2.54. K 40: 40 x 0.46 = 18.4 -> 18.
    assert rows[1] == {"member_id": 1, "name": "Alpha, Anna", "rating_before": 2100, "k": 40, "games": 3,
                       "score": 3, "expected": 2.54, "change": 18, "rating_after": 2118, "performance": 2550}
    listed = {r["member_id"]: r for r in json.loads(arbiter("-d", club, "ratings", "--time-control", "rapid",
                                                            "-f", "json").out)}
    assert listed[1]["rapid"] == 2118 and listed[1]["rapid_games"] == 3
    assert sum(r["change"] for r in rows.values()) in (-1, 0, 1)  # zero-sum up to rounding
    # The standard list did not move: a rapid event.
    assert json.loads(arbiter("-d", club, "ratings", "--time-control", "standard", "-f", "json").out)[0]["standard"] == 2150


def test_forfeits_do_not_count_and_withdrawn_players_games_do(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    # Round 1: Dahl (4) beats Alpha (1) over the board; Costa (3) does not come (+/-) and the
    # no-show rule withdraws him (--confirm). Dahl then withdraws too.
    folder = _tournament(arbiter, club, "forfeits", {1: ["0-1", "+/-"]}, finalise=False)
    assert arbiter("-d", folder, "player", "withdraw", "4", "--after-round", "1").code == 0
    for number in (2, 3):  # 4-3 and 3-1, 2-4 are entered as forfeits at pairing; 1-2 is drawn
        assert arbiter("-d", folder, "pair").code == 0
        boards = json.loads(arbiter("-d", folder, "pairings", number, "-f", "json").out)
        text = "".join(f"{b['board']} 1/2\n" for b in boards if b["board"] and b["result"] is None)
        if text:
            assert arbiter("-d", folder, "result", number, "--from", "-", stdin=text).code == 0
    assert arbiter("-d", folder, "finalize", "--date", "2026-04-02").code == 0
    rows = changes(arbiter, club, "forfeits")
    # Rated games: 1-4 (round 1) and 1-2 (round 2) only.
    assert {m: r["games"] for m, r in rows.items()} == {1: 2, 2: 1, 3: 0, 4: 1}
    # Dahl's win counts although his games leave the standings (1 of 3 played):
    # 1600 vs 2100, D = -500 -> -400: PD 0.08; K 40 x (1 - 0.08) = 36.8 -> 37.
    assert (rows[4]["expected"], rows[4]["change"]) == (0.08, 37)
    assert rows[3]["change"] == 0
    standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert sorted(r["start_number"] for r in standings) == [1, 2]


def test_a_correction_recomputes_the_later_tournaments(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    first = _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    _tournament(arbiter, club, "t2", {1: ["1/2", "1/2"], 2: ["1-0", "1-0"], 3: ["0-1", "1/2"]})
    _tournament(arbiter, club, "t3", {1: ["0-1", "1-0"], 2: ["1/2", "0-1"], 3: ["1/2", "1/2"]})
    before = {name: changes(arbiter, club, name) for name in ("t1", "t2", "t3")}
    assert before["t2"][1]["rating_before"] == before["t1"][1]["rating_after"]  # in finalising order
    outcome = arbiter("-d", first, "result", "1", "1", "0-1", "--correct")
    assert outcome.code == 0 and "club rating: Alpha, Anna (1), rapid:" in outcome.err
    after = {name: changes(arbiter, club, name) for name in ("t1", "t2", "t3")}
    assert after["t1"][1]["score"] == 2 and after["t1"][1]["change"] != before["t1"][1]["change"]
    assert after["t2"][1]["rating_before"] == after["t1"][1]["rating_after"]
    assert after["t3"][1]["rating_before"] == after["t2"][1]["rating_after"]
    assert after["t3"][1]["rating_after"] != before["t3"][1]["rating_after"]
    same = arbiter("-d", club, "ratings", "recompute")
    assert same.code == 0 and "every stored rating is as it should be" in same.err


def test_changing_an_initial_rating_recomputes_and_reports(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    outcome = arbiter("-d", club, "member", "set-initial", "2", "--rapid", "2000")
    assert outcome.code == 0 and "Brun, Bob (2), rapid:" in outcome.err
    assert changes(arbiter, club, "t1")[2]["rating_before"] == 2000
    history = json.loads(arbiter("-d", club, "ratings", "history", "2", "--time-control", "rapid", "-f", "json").out)
    assert [h["tournament"] for h in history] == ["(initial)", "t1"] and history[0]["rating"] == 2000


def test_recompute_reports_a_tampered_report(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    path = club / "ratings.csv"
    lines = path.read_text().splitlines()
    cells = lines[1].split(",")
    cells[-2] = str(int(cells[-2]) + 100)  # rating_after of the first row
    path.write_text("\n".join([lines[0], ",".join(cells), *lines[2:]]) + "\n")
    listed = arbiter("-d", club, "ratings")  # the trial of issue 29: shown without a word
    assert listed.code == 0 and "warning: ratings.csv: 1 stored line not as the finalised tournaments give them" \
        in listed.err
    outcome = arbiter("-d", club, "ratings", "recompute")
    assert outcome.code == 0 and "differed" in outcome.err and "t1: member 1: stored" in outcome.err
    assert "every stored rating is as it should be" in arbiter("-d", club, "ratings", "recompute").err


def test_club_tournaments_take_members_only(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    assert arbiter("new", "spring", "--club", club, "--name", "S", "--system", "swiss", "--rounds", "3",
                   "--time-control", "blitz").code == 0
    folder = club / "tournaments" / "spring"
    assert 'rating_type = "blitz"' in (folder / "tournament.toml").read_text()
    before = snapshot(folder)
    for args, says in ((["player", "add", "Guest, G"], "--member ID"),
                       (["player", "add", "--member", "9"], "no member 9"),
                       (["player", "add", "--member", "1", "--rating", "2000"], "come from the club")):
        outcome = arbiter("-d", folder, *args)
        assert outcome.code == 2 and says in outcome.err
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "player", "add", "--member", "1").code == 0
    assert arbiter("-d", folder, "player", "add", "--member", "1").code == 4
    players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
    assert players[0]["name"] == "Alpha, Anna" and players[0]["rating"] == 1500  # the club's blitz default
    refused = arbiter("-d", folder, "player", "import", "-", stdin="name,rating\n\"New, Guy\",1700\n")
    assert refused.code == 2 and "--member" in refused.err
    outside = tmp_path / "open"
    assert arbiter("new", outside, "--name", "O", "--system", "swiss", "--rounds", "3").code == 0
    assert arbiter("-d", outside, "player", "add", "--member", "1").code == 2


def test_bad_member_input_is_refused(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    before = snapshot(club)
    assert arbiter("-d", club, "member", "add", "X", "--rapid", "4000").code == 2
    outcome = arbiter("-d", club, "member", "import", "-", stdin="name,rapid\n\"A, B\",abc\n")
    assert outcome.code == 2 and "line 2" in outcome.err and "rapid" in outcome.err
    assert arbiter("-d", club, "member", "set-initial", "99", "--rapid", "1500").code == 2
    assert arbiter("-d", club, "ratings", "changes", "nothing").code == 2
    assert snapshot(club) == before
    (club / "members.csv").write_text("id,name,birth_date,standard,rapid,blitz\n1,A,,x,,\n")
    outcome = arbiter("-d", club, "member", "list")
    assert outcome.code == 3 and "members.csv, line 2, field 'standard'" in outcome.err


def test_a_vanished_tournament_is_not_dropped_from_the_history_silently(arbiter: Runner, tmp_path: Path) -> None:
    import shutil

    club = _club(arbiter, tmp_path)
    _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    shutil.rmtree(club / "tournaments" / "t1")
    before = snapshot(club)
    outcome = arbiter("-d", club, "ratings", "recompute")
    assert outcome.code == 4 and "t1: in ratings.csv but no longer" in outcome.err
    assert snapshot(club) == before
    assert arbiter("-d", club, "ratings", "recompute", "--yes").code == 0
    assert not (club / "ratings.csv").exists()


def test_finalize_refuses_a_date_before_the_start(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "e"
    assert arbiter("new", folder, "--name", "E", "--system", "round-robin", "--seed", "1",
                   "--start-date", "2026-10-01", "--initial-colour", "white").code == 0
    for name in ("A, A", "B, B"):
        assert arbiter("-d", folder, "player", "add", name).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "1", "1-0").code == 0
    outcome = arbiter("-d", folder, "finalize", "--date", "2026-09-01")
    assert outcome.code == 2 and "before the event's start date 2026-10-01" in outcome.err


# --------------------------------------------------------------------------- club housekeeping (issue 14, item 10)

def test_a_member_entered_by_mistake_can_be_removed_but_not_one_with_rated_games(arbiter: Runner,
                                                                                tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    assert arbiter("-d", club, "member", "add", "Extra, Eve").code == 0  # member 5
    assert arbiter("new", "open", "--club", club, "--name", "Open", "--system", "swiss", "--rounds", "3",
                   "--time-control", "rapid").code == 0
    assert arbiter("-d", club / "tournaments" / "open", "player", "add", "--member", "5").code == 0
    before = snapshot(club)
    rated = arbiter("-d", club, "member", "remove", "2")
    assert rated.code == 4 and "member 2 (Brun, Bob) is in the rating report of t1 (3 rated games)" in rated.err
    assert "Nothing was changed" in rated.err
    entered = arbiter("-d", club, "member", "remove", "5")
    assert entered.code == 4 and "registered in tournaments/open as player 1" in entered.err
    assert "'arbiter -d tournaments/open player remove 1'" in entered.err  # the command to run, not a template
    assert arbiter("-d", club, "member", "remove", "9").code == 2
    assert snapshot(club) == before
    assert arbiter("-d", club / "tournaments" / "open", "player", "remove", "1").code == 0
    removed = arbiter("-d", club, "member", "remove", "5")
    assert removed.code == 0 and "removed member 5 (Extra, Eve)" in removed.err
    assert [m["id"] for m in json.loads(arbiter("-d", club, "member", "list", "-f", "json").out)] == [1, 2, 3, 4]
    assert "member removed" in (club / "journal.csv").read_text()
    assert "every stored rating is as it should be" in arbiter("-d", club, "ratings", "recompute").err


def test_ratings_work_inside_a_club_tournament_folder(arbiter: Runner, tmp_path: Path, monkeypatch) -> None:
    club = _club(arbiter, tmp_path)
    folder = _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    listed = arbiter("-d", folder, "ratings", "--time-control", "rapid", "-f", "json")
    assert listed.code == 0 and json.loads(listed.out)[0]["rapid"] == 2118
    here = arbiter("-d", folder, "ratings", "changes", "-f", "json")  # TOURNAMENT: the folder you are in
    assert here.code == 0 and here.out == arbiter("-d", club, "ratings", "changes", "t1", "-f", "json").out
    monkeypatch.chdir(folder)
    assert arbiter("ratings", "history", "1", "-f", "json").code == 0
    assert arbiter("member", "list", "-f", "json").code == 0
    outside = arbiter("-d", club, "ratings", "changes")
    assert outside.code == 2 and "give the TOURNAMENT" in outside.err


def test_ratings_history_gives_each_tournaments_date(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})  # no dates given
    dated = club / "tournaments" / "t2"
    assert arbiter("new", dated, "--name", "t2", "--system", "round-robin", "--time-control", "rapid", "--seed", "1",
                   "--start-date", "2026-05-02", "--end-date", "2026-05-03").code == 0
    for member in (1, 2):
        assert arbiter("-d", dated, "player", "add", "--member", member).code == 0
    assert arbiter("-d", dated, "pair").code == 0 and arbiter("-d", dated, "result", "1", "1", "1/2").code == 0
    assert arbiter("-d", dated, "finalize", "--date", "2026-05-04").code == 0
    history = json.loads(arbiter("-d", club, "ratings", "history", "1", "--time-control", "rapid", "-f", "json").out)
    # The event's last day; without dates, the day it was finalised.
    assert [(h["tournament"], h["date"]) for h in history] == [("(initial)", None), ("t1", "2026-04-01"),
                                                              ("t2", "2026-05-03")]
    table = arbiter("-d", club, "ratings", "history", "1")
    assert "Date" in table.out and "2026-05-03" in table.out


def test_ratings_changes_of_no_such_tournament_is_a_bad_argument(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    missing = arbiter("-d", club, "ratings", "changes", "NOSUCH")
    assert missing.code == 2 and "field 'TOURNAMENT': there is no tournament 'NOSUCH'" in missing.err
    assert "(rated: t1)" in missing.err
    _tournament(arbiter, club, "t2", {}, finalise=False)
    unrated = arbiter("-d", club, "ratings", "changes", "t2")  # there, but not rated yet: a state, exit 4
    assert unrated.code == 4 and "not finalised yet" in unrated.err


# --------------------------------------------------------------------------- the time control (issue 14, item 9)

def test_the_time_control_is_classified_by_the_fide_definitions() -> None:
    from arbiter_cli.core.model import RatingType as R
    from arbiter_cli.core.time_control import classify

    # minutes + 60 x the increment in seconds: rapid more than 10 and less than 60, blitz more than 3
    # and at most 10, standard 60 or more (the reference digest, rapid and blitz regulations).
    cases = {"90+30": R.STANDARD, "60": R.STANDARD, "50+10": R.STANDARD, "90/40+30+30": R.STANDARD,
             "59": R.RAPID, "15+10": R.RAPID, "10+1": R.RAPID, "11": R.RAPID, "25": R.RAPID,
             "10": R.BLITZ, "3+2": R.BLITZ, "5": R.BLITZ, "4": R.BLITZ, "Rapid": R.RAPID, " BLITZ ": R.BLITZ}
    assert {text: classify(text).rating_type for text in cases} == cases
    assert classify("3").rating_type is None and classify("1+2").rating_type is None  # bullet: no list
    assert classify("15+10").minutes == 25
    assert all(classify(text) is None for text in ("G/90", "1 hour", "15+", "+10", "15+10s"))


def test_a_club_time_control_of_15_plus_10_makes_a_rapid_event_and_says_so(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    made = arbiter("new", "quick", "--club", club, "--name", "Q", "--system", "swiss", "--rounds", "3",
                   "--time-control", "15+10")
    assert made.code == 0 and "rated rapid: 15+10 is 25 minutes for 60 moves" in made.err
    assert "rapid is more than 10 and less than 60" in made.err
    toml = (club / "tournaments" / "quick" / "tournament.toml").read_text()
    assert 'rating_type = "rapid"' in toml and 'time_control = "15+10"' in toml
    capital = arbiter("new", "named", "--club", club, "--name", "N", "--system", "swiss", "--rounds", "3",
                      "--time-control", "Rapid")
    assert capital.code == 0 and 'rating_type = "rapid"' in (club / "tournaments" / "named" / "tournament.toml").read_text()
    assert arbiter("-d", club, "ratings", "--time-control", "Rapid").code == 0
    assert json.loads(arbiter("-d", club, "ratings", "--time-control", "3+2", "-f", "json").out)[0].keys() >= {"blitz"}
    # Outside a club the time control still decides the list when it can be read.
    assert arbiter("new", tmp_path / "open", "--name", "O", "--system", "swiss", "--rounds", "3",
                   "--time-control", "3+2").code == 0
    assert 'rating_type = "blitz"' in (tmp_path / "open" / "tournament.toml").read_text()


def test_a_club_tournament_without_a_readable_time_control_is_refused(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    before = snapshot(club)
    for extra, field, says in (([], "--time-control", "give it, e.g. --time-control 90+30"),
                               (["--time-control", "G/90"], "--time-control", "cannot read 'G/90'"),
                               (["--time-control", "1+0"], "--time-control", "no FIDE rating list rates 3 or less"),
                               (["--time-control", "15+10", "--rating-type", "standard"], "--rating-type",
                                "the time control is rapid, not standard")):
        outcome = arbiter("new", "bad", "--club", club, "--name", "B", "--system", "swiss", "--rounds", "3", *extra)
        assert outcome.code == 2 and f"field '{field}'" in outcome.err and says in outcome.err, outcome.err
    assert snapshot(club) == before
    assert arbiter("new", "named", "--club", club, "--name", "N", "--system", "swiss", "--rounds", "3",
                   "--rating-type", "blitz").code == 0  # the list named without a time control: as before


# --------------------------------------------------------------------------- what a correction changed (issue 14, item 8)

def _three_rated(arbiter: Runner, club: Path) -> Path:
    first = _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    _tournament(arbiter, club, "t2", {1: ["1/2", "1/2"], 2: ["1-0", "1-0"], 3: ["0-1", "1/2"]})
    _tournament(arbiter, club, "t3", {1: ["0-1", "1-0"], 2: ["1/2", "0-1"], 3: ["1/2", "1/2"]})
    return first


def test_a_correction_names_every_later_tournament_it_re_rated_with_old_and_new_ratings(
        arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    first = _three_rated(arbiter, club)
    before = {name: changes(arbiter, club, name) for name in ("t1", "t2", "t3")}
    outcome = arbiter("-d", first, "result", "1", "1", "0-1", "--correct")  # Alpha lost to Dahl after all
    assert outcome.code == 0
    after = {name: changes(arbiter, club, name) for name in ("t1", "t2", "t3")}
    assert "club ratings rebuilt: rated again t1, t2, t3" in outcome.err
    for name in ("t1", "t2", "t3"):
        for member, row in after[name].items():
            old = before[name][member]
            if old == row:
                continue
            line = f"rated again: {name} (rapid): {row['name']} ({member}): Ro {old['rating_before']}"
            if old["rating_before"] != row["rating_before"]:
                line += f" -> {row['rating_before']}"
            assert line in outcome.err, line
            rn = f"Rn {old['rating_after']}" + ("" if old["rating_after"] == row["rating_after"]
                                                else f" -> {row['rating_after']}")
            assert rn in outcome.err.split(line, 1)[1].splitlines()[0]
    # Every member whose current rating moved is still named, and the club's journal keeps it all.
    assert "club rating: Alpha, Anna (1), rapid:" in outcome.err
    journal = (club / "journal.csv").read_text()
    assert "rated again" in journal and "t3 (rapid): Alpha, Anna (1)" in journal


def test_a_correction_says_which_final_ranks_it_changed(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    first = _three_rated(arbiter, club)
    ranks = {r["start_number"]: r["rank"] for r in json.loads((first / "final" / "standings.json").read_text())}
    assert ranks == {1: 1, 2: 2, 3: 2, 4: 4}  # Brun and Costa share 2nd-3rd on 1½
    outcome = arbiter("-d", first, "result", "1", "2", "0-1", "--correct")  # Costa beat Brun: not a draw
    assert outcome.code == 0
    now = {r["start_number"]: r["rank"] for r in json.loads((first / "final" / "standings.json").read_text())}
    assert now == {1: 1, 3: 2, 2: 3, 4: 4}
    lines = outcome.err.splitlines()
    assert "final standings: stored before the correction -> stored again: final/standings.csv, .json; " \
           "2 players moved" in lines
    assert "final standings: player 3 (Costa, Cid): rank 2-3, 1½ points -> rank 2, 2 points" in lines
    assert "final standings: player 2 (Brun, Bob): rank 2-3, 1½ points -> rank 3, 1 point" in lines
    assert not any(line.startswith("final standings: player 1 ") for line in lines)  # Alpha kept both
    journal = (first / "journal.csv").read_text()
    assert '"final standings: player 3 (Costa, Cid)","rank 2-3, 1½ points","rank 2, 2 points"' in journal


def test_the_pre_event_rating_is_one_value_wherever_it_is_shown(arbiter: Runner, tmp_path: Path) -> None:
    club = _club(arbiter, tmp_path)
    first = _three_rated(arbiter, club)
    _tournament(arbiter, club, "t4", {}, finalise=False)  # registered at today's ratings
    outcome = arbiter("-d", first, "result", "1", "1", "0-1", "--correct")
    assert outcome.code == 0
    assert "t2: 2 pre-event ratings written to its players.csv" in outcome.err
    current = {r["member_id"]: r["rapid"] for r in json.loads(arbiter("-d", club, "ratings", "-f", "json").out)}
    for name in ("t2", "t3", "t4"):
        folder = club / "tournaments" / name
        wanted = ({m: r["rating_before"] for m, r in changes(arbiter, club, name).items()} if name != "t4"
                  else current)  # a running event: the rating its finalisation will start from
        players = json.loads(arbiter("-d", folder, "player", "list", "-f", "json").out)
        assert {p["member_id"]: p["rating"] for p in players} == wanted, name
        by_number = {p["start_number"]: wanted[p["member_id"]] for p in players}
        standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
        assert all(r["rating"] == by_number[r["start_number"]] for r in standings), name
        if name != "t4":
            stored = json.loads((folder / "final" / "standings.json").read_text())
            assert all(r["rating"] == by_number[r["start_number"]] for r in stored), name
        export = arbiter("-d", folder, "export").out
        ratings = {int(line[4:8]): int(line[48:52]) for line in export.splitlines() if line.startswith("001")}
        assert ratings == by_number, name
        assert '"player 1 (Alpha, Anna) rating"' in (folder / "journal.csv").read_text()
    assert arbiter("-d", club / "tournaments" / "t3", "verify").code == 0
    assert "every stored rating is as it should be" in arbiter("-d", club, "ratings", "recompute").err
    assert arbiter("-d", club, "ratings", "recompute").err.count("pre-event") == 0  # nothing left to write


def test_three_minutes_or_less_outside_a_club_is_a_blitz_game_by_the_laws_of_chess(arbiter: Runner) -> None:
    """It was stored as a standard event ('3 or less is not even blitz'): the Laws of Chess call
    every game of 10 minutes or less blitz; no FIDE list rates it, and a club refuses it."""
    from arbiter_cli.core.model import RatingType
    from arbiter_cli.core.time_control import rating_type_for

    chosen, why = rating_type_for("3+0", None, club=False)
    assert chosen is RatingType.BLITZ and why.endswith("a blitz game by the Laws of Chess (10 minutes or less)")
    result = arbiter("-d", Path(__file__).resolve().parents[2] / "sample_events" / "club-lyon", "ratings",
                     "--time-control", "3")
    assert result.code == 2 and "no FIDE rating list rates 3 or less" in result.err


def test_set_initial_to_the_rating_a_member_has_writes_no_journal_line(arbiter: Runner, tmp_path: Path) -> None:
    """Issue 25 (harness fault 4): 'member set-initial 1 --rapid R' when R is already the member's
    initial rapid rating wrote "member 1 initial rapid: 'R' -> 'R'"; a no-op journals nothing and
    says so."""
    club = _club(arbiter, tmp_path)
    rapid = json.loads(arbiter("-d", club, "member", "list", "-f", "json").out)[0]
    journal = (club / "journal.csv").read_text()
    done = arbiter("-d", club, "member", "set-initial", str(rapid["id"]), "--rapid", str(rapid["rapid_initial"]))
    assert done.code == 0, done.err
    assert "nothing changed" in done.err
    assert (club / "journal.csv").read_text() == journal
    moved = arbiter("-d", club, "member", "set-initial", str(rapid["id"]), "--rapid", str(rapid["rapid_initial"] + 10))
    assert moved.code == 0 and "nothing changed" not in moved.err
    assert f"member {rapid['id']} initial rapid" in (club / "journal.csv").read_text()


def test_a_finalised_club_tournament_s_time_control_and_last_day_are_fixed(arbiter: Runner, sample) -> None:
    """The trial of issue 29: ``settings set time_control 5+3`` on a finalised club rapid event was
    taken (it stayed rated rapid), and a new ``end_date`` moved it in the ratings history after a
    tournament rated later. The club's ratings read both: once finalised they are fixed; the other
    words (the name) may still change, and outside a club both may."""
    club = sample("club-lyon")
    event = club / "tournaments" / "2026-spring-rapid"
    before = snapshot(club)
    for key, value in (("time_control", "5+3"), ("end_date", "2026-09-30")):
        refused = arbiter("-d", event, "settings", "set", key, value)
        assert refused.code == 4 and f"its club rated it by its {key}; it is fixed now" in refused.err
    assert snapshot(club) == before
    assert arbiter("-d", event, "settings", "set", "name", "Spring Rapid").code == 0
    alone = sample("swiss-open-finished-prizes")
    assert arbiter("-d", alone, "settings", "set", "time_control", "90+30 (corrected)").code == 0


def test_a_clubs_verify_reads_each_tournament_once(arbiter: Runner, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the club's verify read every tournament twice, for its checks and for the ratings."""
    club = _club(arbiter, tmp_path)
    for name in ("t1", "t2"):
        _tournament(arbiter, club, name, {1: ["1-0", "1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]})
    read: list[str] = []
    load = TournamentFolder.load

    def counted(self: TournamentFolder, *args: Any, **kwargs: Any) -> Any:
        read.append(self.path.name)
        return load(self, *args, **kwargs)

    monkeypatch.setattr(TournamentFolder, "load", counted)
    done = arbiter("-d", club, "verify")
    assert done.code == 0 and "the folder is sound: 4 members, 2 tournaments" in done.err, done.err
    assert sorted(read) == ["t1", "t2"]


def test_a_clubs_verify_lists_a_broken_tournaments_problems(arbiter: Runner, tmp_path: Path) -> None:
    """A tournament of the club that reads but is not sound: the club's verify lists its problems, as the
    tournament's own verify does (it stopped at the first, and said to run verify)."""
    club = _club(arbiter, tmp_path)
    folder = _tournament(arbiter, club, "t1", {1: ["1-0", "1/2"], 2: ["0-1", "1-0"]}, finalise=False)
    players = folder / "players.csv"
    rows = list(csv.DictReader(io.StringIO(players.read_text(encoding="utf-8"))))
    rows[0]["entered_round"] = "2"  # player 1, who plays round 1
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    players.write_text(out.getvalue(), encoding="utf-8")
    own = arbiter("-d", folder, "verify")
    done = arbiter("-d", club, "verify")
    assert own.code == done.code != 0, (own.err, done.err)
    assert "entered in round 2 but plays" in own.out + own.err
    assert "tournaments/t1/rounds/01.csv" in done.out + done.err and "entered in round 2 but plays" in done.out + done.err
    assert "'arbiter verify' lists the problems" not in done.err


def _with_entered_round(players: Path, start_number: int, entered: int) -> None:
    """players.csv with a player entered in a later round than one they played: not sound."""
    rows = list(csv.DictReader(io.StringIO(players.read_text(encoding="utf-8"))))
    next(row for row in rows if row["start_number"] == str(start_number))["entered_round"] = str(entered)
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    players.write_text(out.getvalue(), encoding="utf-8")


def _verified(arbiter: Runner, club: Path) -> Any:
    """``arbiter verify`` of ``club``, which changes nothing in it."""
    before = snapshot(club)
    done = arbiter("-d", club, "verify")
    assert snapshot(club) == before
    return done


def test_a_clubs_verify_still_warns_of_ratings_behind_when_a_running_tournament_is_not_sound(
        arbiter: Runner, sample) -> None:
    """The ratings come from the finalised tournaments only: a running one's problems are listed, and
    the ratings are still compared (trial41: the warning was left out)."""
    club = sample("club-lyon")
    ratings = club / "ratings.csv"
    ratings.write_text("".join(line for line in ratings.read_text(encoding="utf-8").splitlines(keepends=True)
                               if "summer-rapid" not in line), encoding="utf-8")
    _with_entered_round(club / "tournaments" / "2026-autumn-standard" / "players.csv", 1, 3)
    done = _verified(arbiter, club)
    assert done.code == 3 and "tournaments/2026-autumn-standard/rounds/01.csv, line 2: player 1" in done.out
    assert "warning: ratings.csv: 8 stored lines not as the finalised tournaments give them" in done.err


def test_a_club_tournament_that_does_not_read_leaves_the_others_checked(arbiter: Runner, sample) -> None:
    """One tournament's CSV that does not read is its one problem; the other tournaments' problems are
    listed all the same, and a finalised one that is not sound keeps the ratings from being compared."""
    club = sample("club-lyon")
    with (club / "tournaments" / "2026-autumn-standard" / "rounds" / "02.csv").open("a", encoding="utf-8") as file:
        file.write('5,1,"2,\n')
    _with_entered_round(club / "tournaments" / "2026-spring-rapid" / "players.csv", 1, 3)  # finalised
    done = _verified(arbiter, club)
    assert done.code == 3 and "3 problems found" in done.err, done.err
    assert "tournaments/2026-autumn-standard/rounds/02.csv, line 6: a quote" in done.out
    assert "tournaments/2026-spring-rapid/rounds/01.csv, line 2: player 1" in done.out
    assert "note: ratings.csv is not compared" in done.err and "warning" not in done.err


def test_a_folder_of_a_clubs_tournaments_without_its_settings_is_a_problem(arbiter: Runner, sample,
                                                                         tmp_path: Path) -> None:
    """A tournament that lost its tournament.toml was left out without a word (trial41); an empty folder
    is nobody's tournament, and is left alone."""
    club = sample("club-lyon")
    (club / "tournaments" / "2026-summer-rapid" / "tournament.toml").rename(tmp_path / "tournament.toml")
    (club / "tournaments" / "empty").mkdir()
    done = _verified(arbiter, club)
    assert done.code == 3, done.err
    assert done.out.startswith("tournaments/2026-summer-rapid: no tournament.toml: not a tournament's folder")
    assert "empty" not in done.out and "warning" not in done.err


def _with_member_id(players: Path, start_number: int, member: str) -> None:
    """players.csv with a player's member_id changed by hand."""
    rows = list(csv.DictReader(io.StringIO(players.read_text(encoding="utf-8"))))
    next(row for row in rows if row["start_number"] == str(start_number))["member_id"] = member
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    players.write_text(out.getvalue(), encoding="utf-8")


def test_verify_names_a_member_id_that_is_no_member_of_the_club(arbiter: Runner, sample) -> None:
    """A new-user trial: a member_id edited to one the club's members.csv does not hold was not noticed,
    by the tournament's verify nor by the club's."""
    club = sample("club-lyon")
    event = club / "tournaments" / "2026-autumn-standard"
    _with_member_id(event / "players.csv", 2, "999")
    message = "players.csv, line 3, field 'member_id': there is no member 999 in the club's members.csv"
    before = snapshot(club)
    own = arbiter("-d", event, "verify")
    assert own.code == 3 and own.out.splitlines()[0] == message, own.out
    whole = arbiter("-d", club, "verify")
    assert whole.code == 3 and f"tournaments/2026-autumn-standard/{message}" in whole.out.splitlines(), whole.out
    assert snapshot(club) == before


def test_a_club_tournaments_verify_names_the_clubs_members_file_when_it_does_not_read(arbiter: Runner,
                                                                                       sample) -> None:
    club = sample("club-lyon")
    members = club / "members.csv"
    members.write_text(members.read_text(encoding="utf-8").replace(",2312,", ",99999,", 1), encoding="utf-8")
    done = arbiter("-d", club / "tournaments" / "2026-spring-rapid", "verify")
    assert done.code == 3
    assert "../../members.csv, line 2, field 'standard': at most 3500 (found '99999')" in done.out.splitlines()


def test_the_members_of_a_sound_club_are_all_known(arbiter: Runner, sample) -> None:
    club = sample("club-lyon")
    assert arbiter("-d", club, "verify").code == 0
    for event in sorted((club / "tournaments").iterdir()):
        assert arbiter("-d", event, "verify").code == 0
