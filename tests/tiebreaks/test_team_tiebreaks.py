"""The team tie-breaks of C.07 Arts. 11-13 (arbiter_cli.tiebreaks.team), against the FIDE TEC
team exercise and worked examples.

The exercise (14 teams, 7 rounds, 4 boards, MP 2/1/0) is built from
``team_crosstable_TEAM_ROWS`` of ../shared/tiebreaks/fide-tec/held_expected_values.json:
"8w2.5" is opponent 8, team colour white, 2.5 GP of 4; "+F"/"-F" a match forfeit (the two
teams without an opponent in that round met); "PAB" a drawn match (1 MP, 2 GP, C.04.6 1.4),
"HPB" 1 MP and 2 GP, "ZPB" nothing. Boards are not known there. Its expected values are the
2024 rules' (gacrux's /V1); the 2026 rules change only what Art. 16.4.1 caps.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from conftest import shared_file

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.team import (
    BoardEntry, Team, TeamEvent, TeamOutcome, TeamRoundEntry, TeamScoring, match_outcome,
)
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.lifecycle.team_standings import DEFAULT_TEAM_TIEBREAKS, compute_team_standings, team_row_json
from arbiter_cli.tiebreaks.team.boards import board_count, bottom_board_elimination, top_board_result
from arbiter_cli.tiebreaks.team.codes import parse_team_code
from arbiter_cli.tiebreaks.team.event import TeamView
from arbiter_cli.tiebreaks.team.extended_direct_encounter import extended_direct_encounter
from arbiter_cli.tiebreaks.team.extended_sonneborn_berger import extended_contributions
from arbiter_cli.tiebreaks.team.ranking import rank_teams, team_tiebreak
from arbiter_cli.tiebreaks.team.score_strength import sssc_k
from arbiter_cli.tiebreaks.unplayed import Contribution

SCORING = TeamScoring(boards=4)



def held() -> dict[str, object]:
    path = shared_file("tiebreaks/fide-tec/held_expected_values.json")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _entry(rows: dict[str, list[str]], team: str, rnd: int, cell: str) -> TeamRoundEntry:
    game = re.fullmatch(r"(\d+)([wb])([\d.]+)", cell)
    if game:
        gp = Fraction(game[3])
        outcome, mp = match_outcome(gp, SCORING.max_game_points - gp, SCORING)
        return TeamRoundEntry(rnd, outcome, int(game[1]), mp, gp, colour="w" if game[2] == "w" else "b")
    if cell in ("+F", "-F"):
        opponent = next(int(other) for other, cells in rows.items()
                        if other != team and cells[rnd - 1] in ("+F", "-F"))
        if cell == "+F":
            return TeamRoundEntry(rnd, TeamOutcome.FORFEIT_WIN, opponent, SCORING.match_win, SCORING.max_game_points)
        return TeamRoundEntry(rnd, TeamOutcome.FORFEIT_LOSS, opponent, Fraction(0), Fraction(0))
    if cell == "PAB":
        return TeamRoundEntry(rnd, TeamOutcome.PAB, None, *SCORING.pab_scores())
    if cell == "HPB":
        return TeamRoundEntry(rnd, TeamOutcome.HPB, None, SCORING.match_draw, SCORING.max_game_points / 2)
    assert cell == "ZPB", cell
    return TeamRoundEntry(rnd, TeamOutcome.ZPB, None, Fraction(0), Fraction(0))


def held_team_event() -> TeamEvent:
    rows: dict[str, list[str]] = held()["team_crosstable_TEAM_ROWS"]  # type: ignore[assignment]
    entries = {int(team): tuple(_entry(rows, team, rnd, cell) for rnd, cell in enumerate(cells, start=1))
               for team, cells in rows.items()}
    return TeamEvent(tuple(Team(int(team), f"Team {team}") for team in rows), entries, 7, SCORING)


def _values(key: str) -> dict[int, Fraction]:
    table: dict[str, dict[str, str]] = held()["team_values"]  # type: ignore[assignment]
    return {int(team): Fraction(value) for team, value in table[key].items()}


HELD_CODES = [("MP", "MP"), ("GP", "GP"), ("BH_MP", "BH:MP"), ("BH_C1_MP", "BH:MP/C1"), ("BH_GP", "BH:GP"),
              ("BH_C1_GP", "BH:GP/C1")]


@pytest.mark.parametrize("key,code", HELD_CODES)
def test_tec_team_exercise_art_11_and_13_with_2024_rules(key: str, code: str) -> None:
    view = TeamView(held_team_event(), Rules.R2024)
    assert dict(team_tiebreak(view, parse_team_code(code)) or {}) == _values(key)


#: Team 1's round-6 forfeit win over team 6 (7 MP, 12.5 GP): from 2026 its dummy is capped at
#: team 6's adjusted score (Art. 16.4.1) instead of team 1's own 10 MP / 17.5 GP; with Cut-1 the
#: capped dummy (12.5 GP) is then team 1's least significant value and goes.
TEAM_1_2026 = {"MP": 10, "GP": Fraction(35, 2), "BH_MP": 64 - 10 + 7, "BH_C1_MP": 57 - 10 + 7,
               "BH_GP": 114 - Fraction(35, 2) + Fraction(25, 2), "BH_C1_GP": 109 - Fraction(25, 2)}


@pytest.mark.parametrize("key,code", HELD_CODES)
def test_tec_team_exercise_with_2026_rules_caps_only_the_forfeit_dummy_art_16_4_1(key: str, code: str) -> None:
    view = TeamView(held_team_event(), Rules.R2026)
    expected = _values(key) | {1: Fraction(TEAM_1_2026[key])}
    assert dict(team_tiebreak(view, parse_team_code(code)) or {}) == expected


def test_mpvgp_is_the_secondary_score_art_13_1() -> None:
    event = held_team_event()
    assert dict(team_tiebreak(TeamView(event), parse_team_code("MPvGP")) or {}) == _values("GP")
    gp_first = TeamEvent(event.teams, event.entries, event.rounds, TeamScoring(boards=4, primary="GP"))
    assert dict(team_tiebreak(TeamView(gp_first), parse_team_code("MPvGP")) or {}) == _values("MP")


def test_individual_tiebreak_reads_the_primary_score_by_default_art_13() -> None:
    view = TeamView(held_team_event(), Rules.R2024)
    assert team_tiebreak(view, parse_team_code("BH")) == team_tiebreak(view, parse_team_code("BH:MP"))
    assert team_tiebreak(view, parse_team_code("BH/C1:GP")) == team_tiebreak(view, parse_team_code("BH:GP/C1"))



@pytest.mark.parametrize("code", ["SB:XX", "BH:MPX", "BH:GPP", "bh:mp2"])
def test_a_team_score_suffix_is_mp_or_gp_art_13(code: str) -> None:
    """C.07 Art. 13 (fide-rules.md 6.5): a team tie-break reads the MP or the GP; any other suffix is
    refused, never read as the primary score (a typo of :GP would silently rank on match points)."""
    with pytest.raises(ValueError, match="unknown score"):
        parse_team_code(code)

@pytest.mark.parametrize("rules", [Rules.R2024, Rules.R2026])
def test_esb_counts_a_pab_against_the_dummy_art_16_4(rules: Rules) -> None:
    """C.07 16.4: every unplayed round of the team's own, a PAB included, is a game against a
    dummy with the team's own final score (capped from 2026 at a draw × rounds, here 7 MP, 14 GP,
    above these teams' scores); its result is what the PAB gave: a drawn match, 1 MP and 2 GP."""
    view = TeamView(held_team_event(), rules)
    assert extended_contributions(view, 12, "EMMSB")[4] == Contribution(5, Fraction(2), Fraction(2))
    assert extended_contributions(view, 12, "EMGSB")[4] == Contribution(5, Fraction(2), Fraction(4))
    assert extended_contributions(view, 14, "EGGSB")[6] == Contribution(7, Fraction(23, 2), Fraction(23))
    # team 12: lost every match played but drew team 11 (4 MP): 4 × 1, and the PAB 2 × 1
    assert team_tiebreak(view, parse_team_code("ESB"))[12] == 6  # type: ignore[index]


def test_esb_variants_multiply_the_opponents_score_by_the_score_against_them_art_13_2() -> None:
    view = TeamView(held_team_event(), Rules.R2024)
    mp, gp = view.totals("MP"), view.totals("GP")
    mp[7], gp[7] = mp[7] + 1, gp[7] + 2  # team 7's last-round ZPB counts as a draw for its opponents (16.3)
    # team 13: 6w2 D, 14b2.5 W, 4w1 L, 11w2.5 W, 2b1 L, 7b2 D, 5w0.5 L
    rounds = [(6, 1, 2), (14, 2, Fraction(5, 2)), (4, 0, 1), (11, 2, Fraction(5, 2)), (2, 0, 1), (7, 1, 2),
              (5, 0, Fraction(1, 2))]
    expected = {
        "EMMSB": sum(mp[o] * m for o, m, _ in rounds), "EMGSB": sum(mp[o] * g for o, _, g in rounds),
        "EGMSB": sum(gp[o] * m for o, m, _ in rounds), "EGGSB": sum(gp[o] * g for o, _, g in rounds),
    }
    expected["ESB"] = expected["EMMSB"]
    for code, value in expected.items():
        assert team_tiebreak(view, parse_team_code(code))[13] == value, code  # type: ignore[index]


def test_esb_cut_1_drops_the_lowest_opponent_art_14_1() -> None:
    view = TeamView(held_team_event(), Rules.R2024)
    full = team_tiebreak(view, parse_team_code("EMGSB"))
    cut = team_tiebreak(view, parse_team_code("EMGSB/C1"))
    assert full is not None and cut is not None
    # team 13's lowest-scoring opponent is team 14 (4 MP), against whom it scored 2.5 GP
    assert full[13] - cut[13] == 4 * Fraction(5, 2)  # type: ignore[operator]


def test_sssc_is_the_secondary_score_plus_buchholz_over_k_art_13_4() -> None:
    view = TeamView(held_team_event(), Rules.R2024)
    assert sssc_k(view) == 3  # ⌊7 × 2 MP / 4 GP⌋
    sssc = team_tiebreak(view, parse_team_code("SSSC"))
    assert sssc is not None and sssc[1] == Fraction(35, 2) + Fraction(64, 3)
    assert team_tiebreak(view, parse_team_code("SSSC/K4"))[1] == Fraction(35, 2) + 16  # type: ignore[index]


# --------------------------------------------------------------------------- small events

_BOARD = {"1": (Outcome.WIN, Fraction(1)), "=": (Outcome.DRAW, Fraction(1, 2)), "0": (Outcome.LOSS, Fraction(0)),
          "+": (Outcome.FORFEIT_WIN, Fraction(1)), "-": (Outcome.FORFEIT_LOSS, Fraction(0))}
_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _match(rnd: int, first: int, second: int, boards: str) -> dict[int, TeamRoundEntry]:
    """A match played: ``boards`` are ``first``'s results, board 1 first."""
    entries = {}
    for team, opponent, results in ((first, second, boards), (second, first, "".join(_OTHER[c] for c in boards))):
        board_entries = tuple(BoardEntry(b, None, None, *_BOARD[c]) for b, c in enumerate(results, start=1))
        gp = sum((b.points for b in board_entries), Fraction(0))
        outcome, mp = match_outcome(gp, len(boards) - gp, SCORING)
        entries[team] = TeamRoundEntry(rnd, outcome, opponent, mp, gp, board_entries, "w" if team == first else "b")
    return entries


def _event(rounds: list[dict[int, TeamRoundEntry]], teams: int, round_robin: bool = True) -> TeamEvent:
    entries = {t: tuple(r.get(t, TeamRoundEntry(n, TeamOutcome.FREE, None, Fraction(0), Fraction(0)))
                        for n, r in enumerate(rounds, start=1)) for t in range(1, teams + 1)}
    return TeamEvent(tuple(Team(t, f"T{t}") for t in range(1, teams + 1)), entries, len(rounds), SCORING, round_robin)


def _pab(rnd: int, team: int) -> dict[int, TeamRoundEntry]:
    return {team: TeamRoundEntry(rnd, TeamOutcome.PAB, None, *SCORING.pab_scores())}


def test_ede_uses_the_secondary_score_when_the_primary_divides_nothing_art_13_3_1() -> None:
    # a cycle: every team won one match 2 MP, but the GP among them differ: 2 4½, 1 4, 3 3½
    event = _event([_match(1, 1, 2, "1=10"), _match(2, 2, 3, "11=="), _match(3, 3, 1, "1=10")], 3)
    assert extended_direct_encounter(TeamView(event), [1, 2, 3], parse_team_code("EDE")) == [[2], [1], [3]]


@pytest.mark.parametrize("code,first", [("EDE", None), ("EDET", 1), ("EDEBT", 1), ("EDEB", 2), ("EDEBB", 2)])
def test_ede_chains_apply_art_12_to_the_match_of_two_teams_still_tied_art_13_3_2(code: str, first: int | None) -> None:
    # a 2-2 match: team 1 won board 1 and board 4, team 2 boards 2 and 3. BC ties (1 + 4 = 2 + 3),
    # TBR prefers team 1 (board 1), BBE team 2 (boards 1-3: 1 against 2)
    event = _event([_match(1, 1, 2, "1001")], 2)
    parts = extended_direct_encounter(TeamView(event), [1, 2], parse_team_code(code))
    assert parts == ([[1, 2]] if first is None else [[first], [3 - first]])


def test_board_tiebreaks_count_a_team_pab_as_a_win_on_every_board_art_12() -> None:
    event = _event([_match(1, 2, 3, "1100") | _pab(1, 1), _match(2, 1, 2, "10==") | _pab(2, 3)], 3,
                   round_robin=False)
    view = TeamView(event)
    # team 1: PAB [1,1,1,1] + [1,0,½,½]; team 2: [1,1,0,0] + [0,1,½,½]; team 3: [0,0,1,1] + PAB
    assert board_count(view, parse_team_code("BC")) == {1: Fraction(29, 2), 2: Fraction(17, 2), 3: 17}
    # board 1: 2, 1, 1; board 2 between teams 2 and 3: 2 against 1
    assert top_board_result(view, [1, 2, 3], parse_team_code("TBR")) == [[1], [2], [3]]
    assert bottom_board_elimination(view, [1, 3], parse_team_code("BBE")) == [[1], [3]]


def test_bc_ranks_the_lower_board_count_first_art_12() -> None:
    event = _event([_match(1, 1, 2, "0=1=")], 2)  # 2-2; team 1 BC 0 + 1 + 3 + 2 = 6, team 2 1 + 1 + 0 + 2 = 4
    ranking = rank_teams(TeamView(event), ["GP", "BC"])
    assert ranking.groups == ((2,), (1,))
    assert ranking.values["BC"] == {1: 6, 2: 4}


def test_board_tiebreaks_need_the_boards_of_every_match_played_art_12() -> None:
    assert set(board_count(TeamView(held_team_event()), parse_team_code("BC")).values()) == {None}


# --------------------------------------------------------------------------- codes and standings

def test_team_codes_name_their_score_and_k() -> None:
    assert parse_team_code("BH:MP/C1").score == "MP"
    assert parse_team_code("BH/C1/GP").score == "GP"
    assert parse_team_code("SSSC/K4").k == 4
    with pytest.raises(ValueError):
        parse_team_code("BH:MP:GP")
    with pytest.raises(ValueError):
        parse_team_code("BH/K3")


def test_team_standings_rank_by_mp_then_the_default_list_issue_15() -> None:
    standings = compute_team_standings(held_team_event(), rules=Rules.R2024)
    assert standings.tiebreaks == DEFAULT_TEAM_TIEBREAKS == ("MP", "GP", "EDE", "EMGSB")
    assert [row.team.number for row in standings.rows[:5]] == [5, 1, 2, 4, 3]  # 10 MP; GP 18, 17½, 17, 17, 16
    assert standings.rows[2].tiebreaks["EDE"] == 3  # team 2 beat team 4 2½-1½ in round 6
    row = team_row_json(standings.rows[1])
    assert row == {"team_number": 1, "name": "Team 1", "match_points": 10, "game_points": 17.5, "rank": 2,
                   "tiebreaks": {"MP": 10, "GP": 17.5, "EDE": None, "EMGSB": 158.5}}
    json.dumps(row)


def test_team_standings_refuse_an_unknown_code() -> None:
    with pytest.raises(BadArgument):
        compute_team_standings(held_team_event(), ["MP", "XYZ"])
