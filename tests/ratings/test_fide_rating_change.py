"""The expected FIDE rating change of an individual event (B.02 8.3), each rule with its arithmetic
written out from the B.02 tables (the reference digest §7.1-7.2): table 8.1.2 for PD, the 400-point
rule and its 2650 exception, K from the player or B.02 8.3.3, K × n ≤ 700, and Δ rounded once."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from arbiter_cli.core.model import Game, Player, RatingType, Round, Settings, System, Tournament, Bye
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.ratings.fide import DEFAULT_K, K_2400, K_DEFAULT, K_GIVEN, K_JUNIOR, ExpectedChange, expected_changes

from conftest import Runner, snapshot

F = Fraction
WIN, DRAW, LOSS = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def event(players: list[tuple[int, int | None]], rounds: list[list[Game | Bye]],
          rating_type: RatingType = RatingType.STANDARD, start_date: str | None = None,
          births: dict[int, str] | None = None) -> Tournament:
    """A Swiss of ``players`` (rating, K or None) numbered from 1, with these rounds."""
    settings = Settings(name="Open", system=System.SWISS, seed=1, rounds=max(len(rounds), 1),
                        rating_type=rating_type, start_date=start_date)
    made = tuple(Player(start_number=n, name=f"Player {n}", rating=rating, k_factor=k,
                        birth_date=(births or {}).get(n))
                 for n, (rating, k) in enumerate(players, start=1))
    return Tournament(settings, made, tuple(
        Round(number, tuple(b for b in boards if isinstance(b, Game)), tuple(b for b in boards if isinstance(b, Bye)))
        for number, boards in enumerate(rounds, start=1)))


def game(white: int, black: int, result: GameResult | None = None, board: int = 1) -> Game:
    return Game(white, black, board, result)


def rows(tournament: Tournament) -> dict[int, ExpectedChange]:
    return {row.start_number: row for row in expected_changes(tournament)}


# --------------------------------------------------------------------------- the rules, pure


def test_rating_change_applies_the_400_point_rule() -> None:
    # 2300 beats 1800: D = 500 counts as 400 for both (neither is 2650+): PD 0.92 (392-411) and 0.08.
    # K 20 each: 20 x (1 - 0.92) = +1.60 -> Rn 2302; 20 x (0 - 0.08) = -1.60 -> Rn 1798.
    found = rows(event([(2300, 20), (1800, 20)], [[game(1, 2, WIN)]]))
    assert [(r.games[0].difference, r.expected, r.change, r.rating_after) for r in found.values()] == [
        (400, F(92, 100), F(8, 5), 2302), (-400, F(8, 100), F(-8, 5), 1798)]


def test_rating_change_uses_the_true_difference_for_a_2650_player_in_standard_chess_only() -> None:
    # 2700 draws with 2200 (standard). The 2700 player uses D = 500: PD 0.96 (485-517); K 10 (2400+):
    # 10 x (0.5 - 0.96) = -4.60 -> -5, Rn 2695. The 2200 player's D = -500 counts as -400: PD 0.08;
    # K 20: 20 x (0.5 - 0.08) = +8.40 -> +8, Rn 2208.
    standard = rows(event([(2700, None), (2200, 20)], [[game(1, 2, DRAW)]]))
    assert (standard[1].games[0].difference, standard[1].expected, standard[1].k, standard[1].change,
            standard[1].rating_after) == (500, F(96, 100), 10, F(-23, 5), 2695)
    assert (standard[2].expected, standard[2].change, standard[2].rating_after) == (F(8, 100), F(42, 5), 2208)
    # Rapid: the cap for everyone, D = 400: PD 0.92; 10 x (0.5 - 0.92) = -4.20 -> -4, Rn 2696.
    rapid = rows(event([(2700, None), (2200, 20)], [[game(1, 2, DRAW)]], RatingType.RAPID))
    assert (rapid[1].expected, rapid[1].change, rapid[1].rating_after) == (F(92, 100), F(-21, 5), 2696)


def test_rating_change_ignores_forfeits_and_byes() -> None:
    # Round 1: player 1 wins by forfeit against 2; round 2: a half-point bye for 1, a pairing bye for 2
    # (and 3 and 4 forfeit both); round 3: 1 beats 3 over the board, 1900 v 1800: D 100, PD 0.64.
    # Only round 3 is rated: 20 x (1 - 0.64) = +7.20.
    found = rows(event([(1900, 20), (1850, 20), (1800, 20), (1750, 20)], [
        [game(1, 2, GameResult.WHITE_FORFEIT_WIN), game(3, 4, DRAW, 2)],
        [Bye(1, ByeKind.HPB), Bye(2, ByeKind.PAB), game(3, 4, GameResult.DOUBLE_FORFEIT)],
        [game(1, 3, WIN), game(2, 4, GameResult.BLACK_FORFEIT_WIN, 2)]]))
    first = found[1]
    assert [g.round for g in first.games] == [3] and first.change == F(36, 5)
    assert [(n.round, n.reason) for n in first.not_rated] == [(1, "forfeit"), (2, "bye")]
    assert len(found[2].games) == 0 and found[2].change == 0 and found[2].rating_after == 1850
    assert [g.round for g in found[4].games] == [1]  # the one game 4 played: a draw with 3


def test_rating_change_counts_a_0_0_as_a_game_lost_by_both() -> None:
    # A 0-0 is played and lost by both (README): 2000 v 2000, D 0, PD 0.50 each; 20 x -0.50 = -10.
    found = rows(event([(2000, 20), (2000, 20)], [[game(1, 2, GameResult.DOUBLE_LOSS)]]))
    assert [(r.score, r.change) for r in found.values()] == [(0, -10), (0, -10)]


def test_rating_change_counts_a_game_without_its_result_for_nothing() -> None:
    found = rows(event([(2000, 20), (1900, 20)], [[game(1, 2)]]))
    assert all(not r.games and r.change == 0 for r in found.values())
    assert found[1].not_rated[0].reason == "no result yet"


def test_rating_change_rates_players_only_against_rated_opponents_and_gives_an_unrated_player_none() -> None:
    # 1 (2000) beats 3 (unrated): not rated for 1. 2 (1900) loses to 3: not rated for 2.
    # Round 2: 1 beats 2: D 100, PD 0.64: 20 x 0.36 = +7.20 for 1; 2: PD 0.36, 20 x -0.36 = -7.20.
    found = rows(event([(2000, 20), (1900, 20), (0, None)], [
        [game(1, 3, WIN), Bye(2, ByeKind.PAB)], [game(1, 2, WIN), Bye(3, ByeKind.PAB)],
        [game(2, 3, LOSS), Bye(1, ByeKind.PAB)]]))
    assert (len(found[1].games), found[1].change) == (1, F(36, 5))
    assert found[1].not_rated[0].reason == "the opponent is unrated"
    assert (len(found[2].games), found[2].change) == (1, F(-36, 5))
    unrated = found[3]
    assert not unrated.rated and unrated.k is None and unrated.expected is None
    assert unrated.change is None and unrated.rating_after is None
    assert [(g.opponent, g.score) for g in unrated.games] == [(1, 0), (2, 1)]  # what a first rating rests on


def test_rating_change_rounds_the_total_once_half_away_from_zero() -> None:
    # B.02 8.3.4: K x Σ(W - PD), rounded once, .5 away from zero. 2490 v 2300: D 190, PD 0.75 (189-197).
    # Two wins, K 10: 10 x (0.25 + 0.25) = 5.00 -> +5 (each game rounded first would give 3 + 3).
    twice = rows(event([(2490, None), (2300, 20)], [[game(1, 2, WIN)], [game(2, 1, LOSS)]]))
    assert (twice[1].k, twice[1].change, twice[1].rounded) == (10, 5, 5)
    # One loss: 10 x (0 - 0.75) = -7.50 -> -8; one win: 10 x 0.25 = +2.50 -> +3.
    loss = rows(event([(2490, None), (2300, 20)], [[game(1, 2, LOSS)]]))
    assert (loss[1].change, loss[1].rounded, loss[1].rating_after) == (F(-15, 2), -8, 2482)
    win = rows(event([(2490, None), (2300, 20)], [[game(1, 2, WIN)]]))
    assert (win[1].change, win[1].rounded, win[1].rating_after) == (F(5, 2), 3, 2493)


def test_rating_change_takes_k_from_the_player_else_10_from_2400_40_for_a_junior_below_2300_else_20() -> None:
    # Event of 2026: a player born in 2008 is a junior to the end of 2026 (the year of the 18th birthday).
    tournament = event([(2100, 40), (2400, None), (2250, None), (2350, None), (2000, None)], [[]],
                       start_date="2026-05-01", births={3: "2008-12-31", 4: "2010", 5: "2007"})
    found = rows(tournament)
    assert [(found[n].k, found[n].k_source) for n in range(1, 6)] == [
        (40, K_GIVEN), (10, K_2400), (40, K_JUNIOR), (DEFAULT_K, K_DEFAULT), (20, K_DEFAULT)]
    # 4 is a junior but rated 2300 or more: 20; 5 turned 19 in 2026: no junior. Without a start date,
    # no one is a junior.
    undated = rows(event([(2250, None)], [[]], births={1: "2012"}))
    assert (undated[1].k, undated[1].k_source) == (20, K_DEFAULT)


def test_rating_change_keeps_k_times_games_at_most_700() -> None:
    # 18 games with K 40: 40 x 18 = 720 > 700, so K = 700 // 18 = 38 (B.02 8.3.3); 17 games keep 40.
    # Every game a draw at D 0 (PD 0.50): Δ 0 whatever K, so K alone is checked.
    games = [[game(1, 2, DRAW)] for _ in range(18)]
    found = rows(event([(2000, 40), (2000, 20)], games))
    assert (found[1].k, found[1].capped, found[2].k, found[2].capped) == (38, True, 20, False)
    assert rows(event([(2000, 40), (2000, 20)], games[:17]))[1].k == 40


def test_rating_change_in_rapid_and_blitz_leaves_out_games_600_apart_when_a_player_is_above_2600() -> None:
    # From 1 Dec 2024 (rapid and blitz): 2650 v 2050 is 600 apart with a player above 2600: not rated.
    apart = rows(event([(2650, 10), (2050, 20)], [[game(1, 2, WIN)]], RatingType.BLITZ))
    assert not apart[1].games and not apart[2].games
    assert apart[2].not_rated[0].reason.startswith("rapid and blitz: 600 or more apart")
    # 2600 is not above 2600: rated (D 550 counts as 400, PD 0.92: 10 x 0.08 = +0.80).
    at = rows(event([(2600, 10), (2000, 20)], [[game(1, 2, WIN)]], RatingType.RAPID))
    assert at[1].change == F(4, 5)
    # In standard chess the rule does not apply: 2650 (true D 600: PD 0.98) v 2050.
    standard = rows(event([(2650, 10), (2050, 20)], [[game(1, 2, WIN)]]))
    assert standard[1].expected == F(98, 100) and standard[1].change == F(1, 5)


# --------------------------------------------------------------------------- the folder, end to end


def _score(arbiter: Runner, folder: Path, number: int, wins: dict[frozenset[int], tuple[int, str]]) -> None:
    """Enter round ``number``'s results: for each pair, (the player it is told from, 1 / ½ / 0)."""
    boards = json.loads(arbiter("-d", folder, "pairings", number, "-f", "json").out)
    lines = []
    for board in boards:
        if not board.get("black"):
            continue
        white, black = board["white"], board["black"]
        player, score = wins[frozenset((white, black))]
        white_score = score if player == white else {"1": "0", "0": "1", "½": "½"}[score]
        lines.append(f"{board['board']} {({'1': '1-0', '0': '0-1', '½': '1/2'})[white_score]}\n")
    assert arbiter("-d", folder, "result", number, "--from", "-", stdin="".join(lines)).code == 0


def _four(arbiter: Runner, tmp_path: Path) -> Path:
    """A 4-player round robin of 2026: 1 (2100, K 40 given), 2 (1950, K unknown), 3 (1700, born 2010:
    a junior), 4 (unrated), played to the end."""
    folder = tmp_path / "rr"
    assert arbiter("new", folder, "--name", "Spring Open", "--system", "round-robin", "--seed", "1",
                   "--start-date", "2026-05-01").code == 0
    assert arbiter("-d", folder, "player", "add", "Alpha, Anna", "--rating", 2100, "--k", 40).code == 0
    assert arbiter("-d", folder, "player", "add", "Brun, Bob", "--rating", 1950).code == 0
    assert arbiter("-d", folder, "player", "add", "Costa, Cid", "--rating", 1700, "--birth", "2010").code == 0
    assert arbiter("-d", folder, "player", "add", "Dahl, Dan").code == 0
    results = {frozenset((1, 2)): (1, "1"), frozenset((1, 3)): (1, "½"), frozenset((1, 4)): (1, "1"),
               frozenset((2, 3)): (2, "½"), frozenset((2, 4)): (4, "1"), frozenset((3, 4)): (3, "1")}
    for number in (1, 2, 3):
        assert arbiter("-d", folder, "pair").code == 0
        _score(arbiter, folder, number, results)
    return folder


#: The hand-computed report of :func:`_four` (table 8.1.2):
#: 1: v 2 D 150 PD 0.70, v 3 D 400 PD 0.92 (v 4 unrated: not rated): W 1.5, We 1.62; 40 x -0.12 = -4.80 -> 2095.
#: 2: v 1 D -150 PD 0.30, v 3 D 250 PD 0.81: W 0.5, We 1.11; K 20 (not known): 20 x -0.61 = -12.20 -> 1938.
#: 3: v 1 D -400 PD 0.08, v 2 D -250 PD 0.19: W 1, We 0.27; K 40 (a junior): 40 x 0.73 = +29.20 -> 1729.
#: 4: unrated; against rated opponents 3 games, 1 point (beat 2); no Δ.
EXPECTED = {
    1: {"rating_before": 2100, "rated": True, "k": 40, "k_source": "given", "games": 2, "score": 1.5,
        "expected": 1.62, "change": -4.8, "change_rounded": -5, "rating_after": 2095},
    2: {"rating_before": 1950, "rated": True, "k": 20, "k_source": "default", "games": 2, "score": 0.5,
        "expected": 1.11, "change": -12.2, "change_rounded": -12, "rating_after": 1938},
    3: {"rating_before": 1700, "rated": True, "k": 40, "k_source": "junior", "games": 2, "score": 1,
        "expected": 0.27, "change": 29.2, "change_rounded": 29, "rating_after": 1729},
    4: {"rating_before": None, "rated": False, "k": None, "k_source": None, "games": 3, "score": 1,
        "expected": None, "change": None, "change_rounded": None, "rating_after": None},
}


def _report(arbiter: Runner, folder: Path, *extra: object) -> dict[int, dict[str, Any]]:
    result = arbiter("-d", folder, "rating-report", "-f", "json", *extra)
    assert result.code == 0, result.err
    return {row["start_number"]: row for row in json.loads(result.out)}


def test_rating_report_lists_ro_k_games_points_expected_score_change_and_rn(arbiter: Runner, tmp_path: Path) -> None:
    folder = _four(arbiter, tmp_path)
    report = _report(arbiter, folder)
    for number, expected in EXPECTED.items():
        assert {key: report[number][key] for key in expected} == expected, number
    table = arbiter("-d", folder, "rating-report")
    assert "unrated" in table.out and "-4.80" in table.out and "+29.20" in table.out and "20*" in table.out
    assert "K*: not known for 1 player" in table.err
    csv_text = arbiter("-d", folder, "rating-report", "-f", "csv").out.splitlines()
    assert csv_text[0] == ("start_number,name,fide_id,rating_before,k,k_source,games,score,expected,change,"
                           "change_rounded,rating_after")
    assert csv_text[2] == '2,"Brun, Bob",,1950,20,default,2,0.5,1.11,-12.2,-12,1938'
    page = arbiter("-d", folder, "rating-report", "--print")
    assert page.code == 0 and "Final rating report" not in page.out and "Rating report after round 3" in page.out
    assert "Rn = Ro + Δ rounded once (8.3.4)" in page.out.replace("\n", " ")


def test_rating_report_after_a_round_counts_the_rounds_up_to_it(arbiter: Runner, tmp_path: Path) -> None:
    folder = _four(arbiter, tmp_path)
    before = _report(arbiter, folder, "--after-round", 0)
    assert all(row["games"] == 0 for row in before.values()) and before[1]["change"] == 0
    assert arbiter("-d", folder, "rating-report", "--after-round", 4).code == 2


def test_rating_report_of_one_player_shows_each_game_as_b02_rates_it(arbiter: Runner, tmp_path: Path) -> None:
    folder = _four(arbiter, tmp_path)
    result = arbiter("-d", folder, "rating-report", "--player", 1, "-f", "json")
    games = {row["opponent"]: row for row in json.loads(result.out)}
    assert (games[2]["difference"], games[2]["expected"], games[2]["change"]) == (150, 0.7, 12)  # 40 x 0.30
    assert (games[3]["difference"], games[3]["expected"], games[3]["change"]) == (400, 0.92, -16.8)  # 40 x -0.42
    assert games[4]["rated"] is False and games[4]["reason"] == "the opponent is unrated"
    summary = arbiter("-d", folder, "rating-report", "--player", 1)
    assert "Ro 2100, K 40, 2 games rated, 1½ points, expected 1.62: Δ -4.80, Rn 2095" in summary.err
    assert arbiter("-d", folder, "rating-report", "--player", 9).code == 2


def test_standings_rating_change_shows_each_players_expected_change(arbiter: Runner, tmp_path: Path) -> None:
    folder = _four(arbiter, tmp_path)
    plain = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert all("rating_change" not in row for row in plain)  # only when asked
    rows_ = {row["start_number"]: row for row in json.loads(arbiter("-d", folder, "standings", "--rating-change",
                                                                      "-f", "json").out)}
    assert {n: row["rating_change"] for n, row in rows_.items()} == {1: -4.8, 2: -12.2, 3: 29.2, 4: None}
    table = arbiter("-d", folder, "standings", "--rating-change")
    assert "Δ" in table.out and "+29.20" in table.out and "note: Δ: the expected FIDE standard" in table.err


def test_the_published_player_card_shows_the_expected_rating_change(arbiter: Runner, tmp_path: Path) -> None:
    folder = _four(arbiter, tmp_path)
    assert arbiter("-d", folder, "publish", tmp_path / "site").code == 0
    card = (tmp_path / "site" / "players" / "3.html").read_text(encoding="utf-8")
    assert "Expected rating change (FIDE standard)" in card
    assert 'data-key="change" class="num">+29.20<' in card and 'data-key="rating_after" class="num">1729<' in card
    unrated = (tmp_path / "site" / "players" / "4.html").read_text(encoding="utf-8")
    assert "Expected rating change" not in unrated and "none: unrated (FIDE standard" in unrated


def test_player_k_factor_is_an_optional_last_column_written_only_when_a_player_has_one(arbiter: Runner,
                                                                                      tmp_path: Path) -> None:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", 5, "--seed", 1).code == 0
    assert arbiter("-d", folder, "player", "add", "Alpha, Anna", "--rating", 2100).code == 0
    players = folder / "players.csv"
    plain = players.read_bytes()
    assert plain.splitlines()[0] == (b"start_number,name,title,rating,fide_id,federation,sex,birth_date,club,status,"
                                     b"withdrawn_after")
    assert arbiter("-d", folder, "player", "set-k", 1, 40).code == 0
    assert players.read_text(encoding="utf-8").splitlines() == [
        "start_number,name,title,rating,fide_id,federation,sex,birth_date,club,status,withdrawn_after,"
        "entered_round,member_id,national_rating,k_factor", '1,"Alpha, Anna",,2100,,,,,,active,,,,,40']
    assert arbiter("-d", folder, "player", "set-k", 1, "none").code == 0
    assert players.read_bytes() == plain  # back to the old columns, byte for byte
    log = arbiter("-d", folder, "log", "-f", "json")
    assert [(row["change"], row["old"], row["new"]) for row in json.loads(log.out)][-2:] == [
        ("player 1 (Alpha, Anna) K", "", "40"), ("player 1 (Alpha, Anna) K", "40", "")]


def test_an_old_folder_without_k_stays_byte_identical(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    before = (folder / "players.csv").read_bytes()
    assert arbiter("-d", folder, "player", "set-k", 1, 20).code == 0
    assert arbiter("-d", folder, "player", "set-k", 1, "none").code == 0
    assert (folder / "players.csv").read_bytes() == before


def test_player_add_and_import_take_k(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", 5, "--seed", 1).code == 0
    assert arbiter("-d", folder, "player", "add", "Alpha, Anna", "--rating", 2100, "--k", 10).code == 0
    text = "name,rating,k_factor\n\"Brun, Bob\",1950,40\n\"Costa, Cid\",1700,\n"
    assert arbiter("-d", folder, "player", "import", "-", stdin=text).code == 0
    listed = {row["name"]: row.get("k_factor") for row in json.loads(arbiter("-d", folder, "player", "list",
                                                                              "-f", "json").out)}
    assert listed == {"Alpha, Anna": 10, "Brun, Bob": 40, "Costa, Cid": None}


def test_a_bad_k_is_refused_naming_its_field_and_changes_nothing(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", 5, "--seed", 1).code == 0
    assert arbiter("-d", folder, "player", "add", "Alpha, Anna", "--rating", 2100).code == 0
    before = snapshot(folder)
    for args, field in ((("player", "set-k", 1, 0), "'K'"), (("player", "set-k", 1, "x"), "'K'"),
                        (("player", "set-k", 1, 101), "'K'"), (("player", "add", "Brun, Bob", "--k", 0), "'--k'")):
        result = arbiter("-d", folder, *args)
        assert result.code == 2 and result.err.count("\n") == 1 and field in result.err, (args, result.err)
    bad = arbiter("-d", folder, "player", "import", "-", stdin="name,k_factor\n\"Brun, Bob\",forty\n")
    assert bad.code == 2 and "line 2" in bad.err and "k_factor" in bad.err
    assert arbiter("-d", folder, "player", "set-k", 1, "none").code == 4  # no K to clear: nothing to change
    assert arbiter("-d", folder, "player", "set-k", 9, 20).code == 2
    assert snapshot(folder) == before


def test_a_club_tournament_is_rated_by_its_club_not_by_the_rating_report(arbiter: Runner, sample) -> None:
    club = sample("club-lyon")
    tournament = next(p for p in sorted((club / "tournaments").iterdir()) if p.is_dir())
    before = snapshot(club)
    for args in (("rating-report",), ("standings", "--rating-change"), ("player", "set-k", 1, 20),
                 ("player", "add", "--member", 1, "--k", 20)):
        result = arbiter("-d", tournament, *args)
        assert result.code == 4 and "arbiter ratings changes" in result.err, (args, result.err)
    assert snapshot(club) == before


def test_rating_report_is_refused_by_kinds_without_it(arbiter: Runner, sample) -> None:
    team = sample("team-league-in-progress")
    result = arbiter("-d", team, "rating-report")
    assert result.code == 4 and "'arbiter rating-report' is for Swiss and round-robin events" in result.err
    groups = sample("groups16-in-progress")
    assert arbiter("-d", groups, "rating-report").code == 2  # give the stage
    assert arbiter("-d", groups, "rating-report", "--group", "A", "-f", "json").code == 0


def test_export_says_that_a_trf_has_no_k(arbiter: Runner, tmp_path: Path) -> None:
    folder = _four(arbiter, tmp_path)
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "rr.trf")
    assert exported.code == 0 and "players' K factors are not exported" in exported.err
    assert arbiter("import", tmp_path / "rr.trf", tmp_path / "back").code == 0
    assert "k_factor" not in (tmp_path / "back" / "players.csv").read_text(encoding="utf-8")


def test_a_group_events_k_is_set_in_the_stage_once_the_groups_have_started(arbiter: Runner, sample) -> None:
    groups = sample("groups16-in-progress")
    before = snapshot(groups)
    refused = arbiter("-d", groups, "player", "set-k", 1, 40)
    assert refused.code == 4 and f"set K there: 'arbiter -d {groups}/stages/A player set-k" in refused.err
    assert snapshot(groups) == before
    assert arbiter("-d", groups / "stages" / "A", "player", "set-k", 1, 40).code == 0
    report = _report(arbiter, groups, "--group", "A")
    assert (report[1]["k"], report[1]["k_source"]) == (40, "given")
    assert arbiter("-d", groups, "verify").code == 0


def test_rating_change_counts_an_unfinished_game_for_nothing() -> None:
    """A game still being played (``*``) has no final result: B.02 rates it when it ends."""
    found = rows(event([(2000, 20), (1900, 20)], [[game(1, 2, GameResult.UNFINISHED)]]))
    assert all(not r.games and r.change == 0 for r in found.values())
    assert found[1].not_rated[0].reason == "no final result (*)"


def test_standings_rating_change_keeps_the_asked_for_column_at_80_columns(arbiter: Runner, sample,
                                                                          monkeypatch: Any) -> None:
    """``standings --rating-change`` asks for Δ: a table narrowed to 80 columns drops other columns first."""
    monkeypatch.setenv("COLUMNS", "80")
    done = arbiter("-d", sample("swiss32-in-progress"), "standings", "--rating-change")
    header = next(line for line in done.out.splitlines() if "Rank" in line)
    assert "Δ" in header and "columns left out" in done.err


def test_rounding_half_away_from_zero_in_integers_is_the_rounding_of_the_fraction() -> None:
    """B.02 8.3.4: the nearest whole number, .5 away from zero, made on the numerator and denominator
    (issue 29) as it reads on the fraction."""
    from fractions import Fraction

    from arbiter_cli.ratings.elo import round_half_away

    for numerator in range(-250, 251):
        for denominator in range(1, 41):
            value = Fraction(numerator, denominator)
            magnitude = abs(value)
            expected = int(magnitude) + (1 if magnitude - int(magnitude) >= Fraction(1, 2) else 0)
            assert round_half_away(value) == (expected if value >= 0 else -expected)
