"""The team round robin (issue 15, C.05 with teams): Berger tables, board colours, cycles, free rounds."""

from __future__ import annotations

import itertools

import pytest

from arbiter_cli.pairing.berger import berger_round
from arbiter_cli.pairing.team_round_robin import board_colours, team_round, team_rounds


@pytest.mark.parametrize("teams", range(2, 15))
def test_every_team_meets_every_other_once_per_cycle_c05(teams: int) -> None:
    for double in (False, True):
        met: dict[tuple[int, int], int] = {}
        firsts: dict[tuple[int, int], list[int]] = {}
        for number in range(1, team_rounds(teams, double) + 1):
            rnd = team_round(teams, number, boards=4, double=double)
            for match in rnd.matches:
                key = (min(match.first, match.second), max(match.first, match.second))
                met[key] = met.get(key, 0) + 1
                firsts.setdefault(key, []).append(match.first)
        assert set(met) == set(itertools.combinations(range(1, teams + 1), 2))
        assert set(met.values()) == {2 if double else 1}
        if double:  # each team is named first once: the second cycle reverses every board's colour
            assert all(sorted(f) == list(k) for k, f in firsts.items())


def test_the_team_named_first_has_white_on_board_1_and_the_boards_alternate() -> None:
    rnd = team_round(8, 1, boards=6)
    assert all(match.colours == ("w", "b", "w", "b", "w", "b") for match in rnd.matches)
    assert [(m.first, m.second) for m in rnd.matches] == list(berger_round(8, 1))


def test_the_board_colour_pattern_of_the_event_is_played_by_the_team_named_first() -> None:
    assert team_round(4, 2, boards=4, pattern="WBBW").matches[0].colours == ("w", "b", "b", "w")
    with pytest.raises(ValueError, match="not W or B on each of 4 boards"):
        board_colours(4, "WBW")
    with pytest.raises(ValueError, match="not W or B"):
        board_colours(2, "WX")


@pytest.mark.parametrize("teams", [3, 5, 7, 9])
def test_an_odd_number_of_teams_gives_each_team_one_free_round_per_cycle(teams: int) -> None:
    free = [team_round(teams, n, boards=2).free for n in range(1, team_rounds(teams) + 1)]
    assert None not in free and sorted(f for f in free if f is not None) == list(range(1, teams + 1))


def test_a_round_outside_the_round_robin_is_refused() -> None:
    with pytest.raises(ValueError, match="round 8 is not a round of this round robin \\(1 to 7\\)"):
        team_round(8, 8, boards=4)
    with pytest.raises(ValueError, match="at least two teams"):
        team_round(1, 1, boards=4)
