"""A team TRF as a team folder's event and back (issue 15, trf/team_folder.py).

Oracles: the two real team files of ../shared (FIDE's 50-team sample, with its line 345
corrected, and Sharly-Chess's import test) and FIDE's sample read as TRF16 013 teams: each
imports, exports and imports again to the same folder files, with the matches, byes and board
lines the file says; generated team events (tests/trf/test_team_trf.py) do the same with the MP
and GP the file gives; team round robins keep the Berger tables' order, or are kept as played.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings

from arbiter_cli.core.model import Player, Settings, Status, System
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamEvent
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import (BoardGame, Match, MatchRound, TeamBye, TeamEntry, TeamTournament,
                                              team_event)
from arbiter_cli.pairing.team_round_robin import team_round, team_rounds
from arbiter_cli.store.team_folder import team_files
from arbiter_cli.trf.reader import TrfError, TrfGame, TrfPlayer, decode_trf, parse_trf
from arbiter_cli.trf.team import team_trf_text
from arbiter_cli.trf.team_folder import ImportedTeams, export_team_trf, import_team_trf
from arbiter_cli.trf.writer import player_line

from conftest import shared_file

from .test_team_trf import EXAMPLE, EXAMPLE_FIX, SHARLY, team_events


def _text(relative: str) -> str:
    return decode_trf(shared_file(relative).read_bytes())[0]


def _example() -> str:
    return _text(EXAMPLE).replace(*EXAMPLE_FIX)


def _import(text: str) -> ImportedTeams:
    return import_team_trf(parse_trf(text))


def _again(tournament: TeamTournament) -> ImportedTeams:
    """The event exported (with no ranks) and imported again."""
    return _import(export_team_trf(tournament, {}).text)


def _totals(event: TeamEvent) -> dict[int, tuple[Fraction, Fraction]]:
    return {t.number: (event.total(t.number, "MP"), event.total(t.number, "GP")) for t in event.teams}


# --------------------------------------------------------------------------- the real files


@pytest.mark.parametrize("source", ["example", "sharly", "example-013"])
def test_real_team_file_imports_exports_and_imports_again_to_the_same_folder(source: str) -> None:
    text = {"example": _example, "sharly": lambda: _text(SHARLY),
            "example-013": lambda: "\n".join(x for x in _example().splitlines() if not x.startswith("310"))}[source]()
    first = _import(text).tournament
    second = _again(first)
    assert team_files(second.tournament) == team_files(first)
    assert not [w for w in second.warnings if "renumbered" in w]  # the export numbers players as the folder does


def test_fide_sample_becomes_a_folder_of_its_50_teams_and_14_rounds() -> None:
    imported = _import(_example())
    t = imported.tournament
    assert (len(t.teams), len(t.players), t.last_round, t.settings.rounds) == (50, 249, 14, 14)
    assert (t.settings.system, t.settings.status, t.settings.name, t.settings.start_date) == (
        System.SWISS, Status.RUNNING, "Grandmommy's Cup", "2024-01-01")
    assert t.team == TeamSettings(boards=4, colour_model="none", tiebreaks=("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"))
    # 330 -+ 6 36 27: a match forfeit named White team first; 330 -- 6 24 2: a double one
    forfeits = [m for m in t.round(6).matches if m.forfeit is not None]
    assert [(m.first, m.second, m.forfeit) for m in forfeits] == [
        (24, 2, GameResult.DOUBLE_FORFEIT), (36, 27, GameResult.BLACK_FORFEIT_WIN)]
    # 300 6 18 3 leaves Serbia's board 4 empty: Georgia's player wins it by forfeit
    georgia = t.round(6).match_of(3)
    assert georgia is not None and (georgia.first, georgia.second) == (3, 18)
    assert georgia.boards[3] == BoardGame(4, 14, None, GameResult.WHITE_FORFEIT_WIN)
    assert t.round(3).byes == (TeamBye(50, ByeKind.PAB), TeamBye(8, ByeKind.FPB), TeamBye(26, ByeKind.HPB),
                               TeamBye(47, ByeKind.HPB))
    assert TeamBye(15, ByeKind.ZPB) in t.round(2).byes  # absent: nothing in the file for team 15 in round 2
    # the team that plays the 352 colours (White on board 1) is named first
    assert all(b.colour == "w" for e in team_event(t).entries.values() for x in e for b in x.boards[:1]
               if x.opponent is not None and b.colour is not None and t.round(x.round).match_of(x.opponent).first
               != x.opponent)
    assert _totals(team_event(t)) == {n: mp_gp for n, mp_gp in _declared(_example()).items()}
    warnings = " | ".join(imported.warnings)
    for words in ("801 records are left out", "(299) are not applied", "Baku acceleration (FIDE_TEAM_BAKU) not "
                  "kept", "players are renumbered team by team", "acceleration (250) not kept"):
        assert words in warnings


def _declared(text: str) -> dict[int, tuple[Fraction, Fraction]]:
    """The 310 MP and GP columns."""
    return {int(line[4:7]): (Fraction(line[54:60].strip()), Fraction(line[61:67].strip()))
            for line in text.splitlines() if line.startswith("310")}


def test_fide_sample_keeps_each_team_list_in_start_number_order() -> None:
    t = _import(_example()).tournament
    poland = [p.name for p in t.members(4)]  # 310 lists 6 23 41 31 78: the list's order is kept
    assert poland == [f"Test{n:04d} Player{n:04d}" for n in (6, 23, 41, 31, 78)]
    assert [p.start_number for p in t.members(4)] == [16, 17, 18, 19, 20]


def test_sharly_file_keeps_its_pab_scores_tie_breaks_and_colours() -> None:
    imported = _import(_text(SHARLY))
    t = imported.tournament
    assert t.team == TeamSettings(boards=4, match_win=Fraction(3), colours="WBBW", pab_match_points=Fraction(2),
                                  pab_game_points=Fraction(5), tiebreaks=("WIN", "BH", "AOB"))
    assert t.settings.scoring.pab == 5 and (t.last_round, t.settings.rounds) == (2, 3)
    assert t.round(1).byes == (TeamBye(5, ByeKind.PAB),) and t.round(2).byes == (TeamBye(3, ByeKind.PAB),)
    lyon = t.round(2).match_of(4)  # Lyon has White on board 1 of the WBBW pattern; ERP A left 3 and 4 empty
    assert lyon is not None and (lyon.first, lyon.second, lyon.complete) == (4, 1, False)
    assert [(g.second, g.result) for g in lyon.boards[2:]] == [(None, GameResult.WHITE_FORFEIT_WIN)] * 2
    # the file scores those two boards as PABs (162 P 5.0): a folder's empty board is a forfeit win
    assert _totals(team_event(t))[4] == (0, Fraction(7, 2))
    warnings = " | ".join(imported.warnings)
    assert "a player facing an empty board has 'U' (round 2): read as a forfeit win" in warnings
    assert "board colours that do not follow the 352 pattern WBBW are not kept" in warnings
    assert "player 3 is in no team: left out" in warnings


# --------------------------------------------------------------------------- generated events


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(team_events())
def test_generated_team_file_becomes_a_folder_with_its_mp_and_gp_and_comes_back(case) -> None:
    event, players, pattern = case
    imported = _import(team_trf_text(event, players, colours=pattern))
    folder = imported.tournament
    assert _totals(team_event(folder)) == {folder.entry(n).number: v for n, v in _totals(event).items()}
    assert team_files(_again(folder).tournament) == team_files(folder)


def _round_robin(teams: int, *, double: bool = False, reverse: int | None = None,
                 withdrawn: int | None = None) -> TeamTournament:
    """A team round robin of ``teams`` teams of 2 boards, every round paired by the Berger tables and
    played (``reverse``: that round's first match named the other way round)."""
    rounds = []
    for number in range(1, team_rounds(teams, double) + 1):
        table = team_round(teams, number, boards=2, double=double)
        matches = []
        for index, pair in enumerate(table.matches, start=1):
            first, second = (pair.second, pair.first) if number == reverse and index == 1 else (pair.first, pair.second)
            if withdrawn is not None and number > 2 and withdrawn in (first, second):
                won = GameResult.WHITE_FORFEIT_WIN if second == withdrawn else GameResult.BLACK_FORFEIT_WIN
                matches.append(Match(index, first, second, (), won))
                continue
            boards = (BoardGame(1, 2 * first - 1, 2 * second - 1, GameResult.WHITE_WINS),
                      BoardGame(2, 2 * first, 2 * second, GameResult.DRAW))
            matches.append(Match(index, first, second, boards))
        byes = (TeamBye(table.free, ByeKind.BYE),) if table.free else ()
        rounds.append(MatchRound(number, tuple(matches), byes))
    system = System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
    settings_ = Settings(name="League", system=system, rounds=len(rounds), seed=0, status=Status.RUNNING)
    entries = tuple(TeamEntry(number=n, name=f"Team {n}") if n != withdrawn else
                    TeamEntry(number=n, name=f"Team {n}", status="withdrawn", withdrawn_after=2)
                    for n in range(1, teams + 1))
    players = tuple(Player(start_number=n, name=f"Player {n}") for n in range(1, 2 * teams + 1))
    return TeamTournament(settings_, TeamSettings(boards=2), entries, players,
                          {n: (n + 1) // 2 for n in range(1, 2 * teams + 1)}, tuple(rounds))


@pytest.mark.parametrize("teams, double", [(4, False), (5, False), (4, True), (3, True)])
def test_team_round_robin_comes_back_in_the_order_of_the_berger_tables(teams: int, double: bool) -> None:
    event = _round_robin(teams, double=double)
    text = export_team_trf(event, {}).text
    assert f"192 FIDE_TEAM_{'DOUBLE' if double else ''}ROUNDROBIN" in text.splitlines()
    back = _import(text)
    assert team_files(back.tournament) == team_files(event)
    assert back.tournament.settings.berger_tables and not [w for w in back.warnings if "Berger" in w]


def test_match_forfeit_written_the_other_way_round_fits_its_berger_table_match() -> None:
    event = _round_robin(4, withdrawn=4)  # round 3: 2 - 4 in the table, a forfeit
    text = export_team_trf(event, {}).text
    assert "330 +-   3   2   4" in text.splitlines()
    back = _import(text.replace("330 +-   3   2   4", "330 -+   3   4   2"))
    assert back.tournament.settings.berger_tables
    assert back.tournament.round(3).match_of(4) == event.round(3).match_of(4) == Match(
        1, 2, 4, (), GameResult.WHITE_FORFEIT_WIN)


def test_team_round_robin_paired_otherwise_is_kept_as_played() -> None:
    event = _round_robin(4, reverse=2)  # round 2's first match: the other team has White on board 1
    back = _import(export_team_trf(event, {}).text)
    assert not back.tournament.settings.berger_tables
    assert any("do not follow the Berger tables of C.05: imported as played" in w for w in back.warnings)
    kept, played = back.tournament.rounds[1].match_of(2), event.rounds[1].match_of(2)
    assert kept is not None and played is not None and (kept.teams, kept.boards) == (played.teams, played.boards)
    assert team_files(_again(back.tournament).tournament) == team_files(back.tournament)


def test_team_round_robin_with_a_pab_is_imported_as_a_swiss() -> None:
    text = export_team_trf(_import(_text(SHARLY)).tournament, {}).text
    back = _import(text.replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_ROUNDROBIN"))
    assert back.tournament.settings.system is System.SWISS
    assert any("a round robin (FIDE_TEAM_ROUNDROBIN) with a pairing-allocated bye (320): imported as a Swiss" in w
               for w in back.warnings)


def test_withdrawn_team_comes_back_withdrawn_whether_rounds_remain_or_not() -> None:
    from arbiter_cli.lifecycle.team_finish import team_standings_of

    whole = _round_robin(5, withdrawn=3)
    running = TeamTournament(whole.settings, whole.team, whole.teams, whole.players, whole.team_of, whole.rounds[:3])
    text = export_team_trf(running, {}).text
    assert {"240 Z   3    3", "240 Z   4    3", "240 Z   5    3"} <= set(text.splitlines())
    back = _import(text)
    assert team_files(back.tournament) == team_files(running)
    assert back.tournament.entry(3) == TeamEntry(number=3, name="Team 3", status="withdrawn", withdrawn_after=2)
    # with no round left to play, the 240 Z beside each match forfeit it lost still say it (fault 3 of issue 25)
    standing = {r.team.number: (r.match_points, r.game_points, r.rank) for r in team_standings_of(whole).rows}
    finished = export_team_trf(whole, standing)
    assert {"240 Z   3    3", "240 Z   4    3", "240 Z   5    3"} <= set(finished.text.splitlines())
    again = _import(finished.text).tournament
    assert team_files(again) == team_files(whole)
    assert again.entry(3) == TeamEntry(number=3, name="Team 3", status="withdrawn", withdrawn_after=2)


def test_a_zero_point_bye_beside_a_match_forfeit_the_team_won_is_refused() -> None:
    """A 240 Z beside the match forfeit (330) a team lost says it was absent (a withdrawal); beside
    one it won, the two records contradict each other."""
    text = export_team_trf(_round_robin(4, withdrawn=4), {}).text
    assert "330 +-   3   2   4" in text.splitlines() and "240 Z   3    4" in text.splitlines()
    line = text.splitlines().index("240 Z   3    4") + 1
    with pytest.raises(TrfError) as refused:
        _import(text.replace("240 Z   3    4", "240 Z   3    2    4"))
    assert (refused.value.line, str(refused.value.field)) == (line, "240 round 3")
    assert "team 2 has a requested bye in round 3 and a match forfeit (330, line" in str(refused.value)


def test_generated_team_events_keep_their_standings_and_withdrawals_through_a_trf() -> None:
    """Team events our own acts make (tests/team_events.py: round robins with withdrawals and the half
    rule, Swiss-like events with PABs, byes and withdrawals), exported with the standings' 310 columns
    and imported again: the same teams.csv (the withdrawals), the same standings and tie-breaks, and
    the same rule of a round robin's withdrawals, or a warning that names what was not exported."""
    import tomllib

    from arbiter_cli.lifecycle.team_finish import annulled_teams, team_standings_of
    from team_events import generated_events

    def table(t: TeamTournament) -> list[tuple[object, ...]]:
        return [(r.team.number, r.match_points, r.game_points, r.rank, r.tiebreaks) for r in team_standings_of(t).rows]

    seen = {"withdrawn": 0, "annulled": 0}
    for generated in generated_events(40, seed=25):
        t = generated.tournament
        exported = export_team_trf(t, {r.team.number: (r.match_points, r.game_points, r.rank)
                                       for r in team_standings_of(t).rows})
        back = _import(exported.text).tournament
        assert table(back) == table(t), generated.id
        before, after = team_files(t), team_files(back)
        late = [e for e in t.teams if e.is_withdrawn and (e.withdrawn_after or 0) >= (t.settings.rounds or 0)]
        assert after["teams.csv"] == before["teams.csv"] or any(
            "after the last round is not exported" in w for w in exported.warnings) and late, generated.id
        rule = [tomllib.loads(text).get("round_robin_withdrawal", "half") for text in (before["tournament.toml"],
                                                                                         after["tournament.toml"])]
        assert rule[0] == rule[1] or any("round_robin_withdrawal" in w for w in exported.warnings), generated.id
        seen["withdrawn"] += any(e.is_withdrawn for e in t.teams)
        seen["annulled"] += bool(annulled_teams(t))
    assert seen["withdrawn"] >= 5 and seen["annulled"] >= 3, seen


def test_a_bye_asked_for_a_round_robins_round_not_yet_paired_is_left_out_with_a_warning() -> None:
    running = _round_robin(4)
    running = TeamTournament(running.settings, running.team, running.teams, running.players, running.team_of,
                             running.rounds[:1])
    back = _import(export_team_trf(running, {}).text + "240 H   2    1\r\n")
    assert not back.tournament.entry(1).is_withdrawn and back.tournament.byes == ()
    assert any("byes requested for rounds not yet paired (240)" in w and "left out" in w for w in back.warnings)


def test_a_team_swiss_requested_bye_for_a_later_round_goes_through_240_and_back() -> None:
    from arbiter_cli.core.team_tournament import TeamByeRequest
    from arbiter_cli.lifecycle.team_byes import request_team_bye
    from arbiter_cli.lifecycle.team_rounds import pair_team_round

    running = _round_robin(4)
    from arbiter_cli.core.model import InitialColour, System

    swiss = TeamTournament(running.settings.model_copy(update={"system": System.SWISS, "rounds": 5,
                                                               "initial_colour": InitialColour.WHITE}),
                           running.team, running.teams, running.players, running.team_of)
    swiss = pair_team_round(swiss).tournament
    swiss, _ = request_team_bye(swiss, "2", 3, ByeKind.HPB)
    back = _import(export_team_trf(swiss, {}).text)
    assert back.tournament.byes == (TeamByeRequest(3, 2, ByeKind.HPB),)


# --------------------------------------------------------------------------- bad files


def _damaged(old: str, new: str) -> str:
    text = _example()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, line, field, words", [
    ("310   2 Ukraine ", "310   2 India   ", 289, "310 team name", "the team name 'India' is also on line 288"),
    ("240 F   1    3", "240 F   1    3\n240 H  15    3", 341, "240 round",
     "round 15 is not a round of the event (1 to 14)"),
    ("142 14", "142 12", 23, "142", "the file has round 14 but the event has 12 rounds"),
    ("15.0   28.0  11     1    5", "15.0   28.0  11     1    1", 288, "310 player 2 (cols 79-82)",
     "player 1 is also in team 1 (line 288)"),
    ("001    2      Test0002 Player0002               2540 UKR 70223454321",
     "001    2      Test0002 Player0002               2540 UKR 70123454321", None, "FIDE ID",
     "FIDE ID 70123454321 is also on line"),
])
def test_damaged_team_file_is_refused_on_its_line_and_field(old: str, new: str, line: int | None, field: str,
                                                             words: str) -> None:
    text = _damaged(old, new)
    with pytest.raises(TrfError) as error:
        _import(text)
    if line is None:  # a player line: the one the message names
        line = next(n for n, x in enumerate(text.splitlines(), start=1) if x.startswith(new[:12]))
    assert (error.value.line, error.value.field) == (line, field) and words in error.value.message, str(error.value)


def _two_teams(games: dict[int, TrfGame]) -> str:
    """Teams 1 (players 1, 2) and 2 (players 3, 4) of two boards, without standing columns."""
    rows = [player_line(TrfPlayer(tpn, f"Player{tpn}, Test", 2000 - tpn), [games[tpn]] if tpn in games else [],
                        None, None) for tpn in (1, 2, 3, 4)]
    return "\n".join(["012 Two teams", "142 1", "352 WB", *rows,
                      "310   1 Alpha                            ALPHA                           1    2",
                      "310   2 Beta                             BETA                            3    4"])


def test_board_results_that_contradict_each_other_are_refused_on_the_second_line() -> None:
    games = {1: TrfGame(1, 3, "w", "1"), 3: TrfGame(1, 1, "b", "1"), 2: TrfGame(1, 4, "b", "="),
             4: TrfGame(1, 2, "w", "=")}
    with pytest.raises(TrfError) as error:
        _import(_two_teams(games))
    assert (error.value.line, error.value.field) == (6, "round 1 result")
    assert error.value.message == ("the results contradict each other: player 1 (line 4) has '1' and player 3 "
                                   "(this line) has '1'")
    games[3] = TrfGame(1, 1, "b", "0")
    match = _import(_two_teams(games)).tournament.round(1).matches[0]
    assert match == Match(1, 1, 2, (BoardGame(1, 1, 3, GameResult.WHITE_WINS), BoardGame(2, 2, 4, GameResult.DRAW)))


def test_fide_sample_uncorrected_is_refused_on_line_345() -> None:
    with pytest.raises(TrfError) as error:
        _import(_text(EXAMPLE))
    assert (error.value.line, error.value.field) == (345, "240 round 3")
