"""The Swiss Team Pairing System (C.04.6, 2026): each test names the article it pins."""

from __future__ import annotations

import random
from fractions import Fraction
from collections.abc import Iterator

import pytest

from arbiter_cli.core.errors import NoPairing
from arbiter_cli.core.outcome import Colour
from arbiter_cli.core.team import TeamOutcome, TeamRoundEntry
from arbiter_cli.pairing.team_swiss import ColourModel, TeamEntrant, TeamSwissRequest, pair_team_round
from arbiter_cli.pairing.team_swiss.colours import allocate_colours
from arbiter_cli.pairing.team_swiss.criteria import C1, C8, C9, C10
from arbiter_cli.pairing.team_swiss.identifier import pair_bracket
from arbiter_cli.pairing.team_swiss.preferences import NO_PREFERENCE, Preference, colour_preference
from arbiter_cli.pairing.team_swiss.bye import pab_order
from arbiter_cli.pairing.team_swiss.state import TeamState, derive_states
from arbiter_cli.pairing.team_swiss.upfloaters import score_profiles, upfloater_sets


def _state(tpn: int, colours: str = "", score: int = 0, *, met: tuple[int, ...] = (), floated: bool = False,
           preference: Preference = NO_PREFERENCE, secondary: int = 0, barred: bool = False) -> TeamState:
    return TeamState(tpn, Fraction(score), Fraction(secondary), colours, frozenset(met), barred, floated, preference)


def _won(rnd: int, opponent: int, colour: Colour) -> TeamRoundEntry:
    return TeamRoundEntry(rnd, TeamOutcome.WIN, opponent, Fraction(2), Fraction(3), (), colour)


def _lost(rnd: int, opponent: int, colour: Colour) -> TeamRoundEntry:
    return TeamRoundEntry(rnd, TeamOutcome.LOSS, opponent, Fraction(0), Fraction(1), (), colour)


def _request(histories: dict[int, tuple[TeamRoundEntry, ...]], round_number: int, total: int = 9,
             initial: Colour = "w", absent: frozenset[int] = frozenset(),
             model: ColourModel = ColourModel.TYPE_A) -> TeamSwissRequest:
    entrants = tuple(TeamEntrant(t, h, t not in absent) for t, h in sorted(histories.items()))
    return TeamSwissRequest(entrants, round_number, total, initial, model)


def test_the_sets_of_upfloaters_follow_the_example_of_3_5_4() -> None:
    sets = [tuple(s) for s in upfloater_sets({3: [2, 6, 8], 2: [1, 3, 5]}, (2, 3, 3))]
    assert sets[:4] == [(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1)]
    assert sets[-1] == (6, 8, 5) and len(sets) == 9


def test_score_profiles_maximise_the_lowest_upfloater_score_first_c5() -> None:
    assert list(score_profiles({5: 2, 4: 2, 3: 2}, 2)) == [(5, 5), (4, 5), (4, 4), (3, 5), (3, 4), (3, 3)]


def test_type_a_has_simple_preferences_only_and_type_b_adds_mild_ones_1_7() -> None:
    assert colour_preference(-1, "wbb", ColourModel.TYPE_A, False) == Preference("w", True)
    assert colour_preference(-1, "bwb", ColourModel.TYPE_A, False) == NO_PREFERENCE
    assert colour_preference(-1, "bwb", ColourModel.TYPE_B, False) == Preference("w", False)
    assert colour_preference(0, "bw", ColourModel.TYPE_B, False) == Preference("b", False)
    assert colour_preference(0, "bw", ColourModel.TYPE_B, True) == NO_PREFERENCE  # not in the last round
    assert colour_preference(-3, "bbb", ColourModel.NONE, False) == NO_PREFERENCE


def test_round_one_pairs_the_top_half_against_the_bottom_half_and_odd_tpns_get_the_initial_colour_4_3_1() -> None:
    request = _request({t: () for t in range(1, 9)}, 1, initial="b")
    pairing = pair_team_round(request)
    assert pairing.pairs == ((5, 1), (2, 6), (7, 3), (4, 8))
    assert {m.rule for m in pairing.matches} == {"4.3.1"}


def test_the_pab_goes_first_to_the_lowest_score_then_most_matches_then_largest_tpn_3_4() -> None:
    histories = {1: (_won(1, 2, "w"),), 2: (_lost(1, 1, "b"),), 3: (_won(1, 4, "w"),), 4: (_lost(1, 3, "b"),),
                 5: (TeamRoundEntry(1, TeamOutcome.ZPB, None, Fraction(0), Fraction(0)),)}
    assert pair_team_round(_request(histories, 2)).bye == 4  # 2 and 4 played, 5 did not; 4 is the larger TPN


def test_no_pab_after_a_pab_a_match_won_by_forfeit_or_a_full_point_bye_c2() -> None:
    histories = {1: (TeamRoundEntry(1, TeamOutcome.FORFEIT_WIN, 2, Fraction(2), Fraction(4)),),
                 2: (TeamRoundEntry(1, TeamOutcome.FORFEIT_LOSS, 1, Fraction(0), Fraction(0)),),
                 3: (TeamRoundEntry(1, TeamOutcome.PAB, None, Fraction(1), Fraction(2)),),
                 4: (TeamRoundEntry(1, TeamOutcome.FPB, None, Fraction(2), Fraction(4)),),
                 5: (TeamRoundEntry(1, TeamOutcome.HPB, None, Fraction(1), Fraction(2)),)}
    states = derive_states(_request(histories, 2))
    assert [t for t, state in states.items() if state.pab_barred] == [1, 3, 4]
    states = {t: _state(t, score=0 if t in (1, 3, 4) else 1, barred=states[t].pab_barred) for t in states}
    assert pab_order([1, 2, 3, 4, 5], states) == [5, 2]


def test_no_legal_pairing_is_left_to_the_chief_arbiter_3_3_3() -> None:
    histories = {1: (_won(1, 2, "w"),), 2: (_lost(1, 1, "b"),)}
    with pytest.raises(NoPairing):
        pair_team_round(_request(histories, 2))


def test_c7_does_not_count_in_the_last_two_rounds_2_3_4() -> None:
    request = _request({1: ()}, 8, total=9)
    assert request.last_two_rounds and not _request({1: ()}, 7, total=9).last_two_rounds


def test_white_goes_to_the_lower_colour_difference_4_3_5() -> None:
    a, b = _state(1, "wwb", 2), _state(2, "bwb", 2)
    assert allocate_colours(a, b, model=ColourModel.NONE, secondary=True, initial="w").white == 2


def test_colours_alternate_from_the_last_round_they_differed_4_3_6() -> None:
    a = _state(1, "bwb", 2, secondary=5)
    b = _state(2, "wbb", 2, secondary=4)
    match = allocate_colours(a, b, model=ColourModel.NONE, secondary=True, initial="w")
    assert match.rule == "4.3.6" and match.white == 2  # two matches ago 1 had White and 2 Black


def test_the_other_team_alternates_when_the_first_has_not_played_4_3_9() -> None:
    first, other = _state(1, "", 4), _state(2, "wb", 2)
    match = allocate_colours(first, _state(3, "w", 2), model=ColourModel.NONE, secondary=True, initial="w")
    assert match.rule == "4.3.5"  # CD 0 against +1: the lower CD takes White
    match = allocate_colours(first, other, model=ColourModel.NONE, secondary=True, initial="w")
    assert match.rule == "4.3.9" and match.white == 2  # 2 last had Black: White now


def test_a_strong_preference_beats_a_mild_one_4_3_4() -> None:
    a = _state(1, "bb", 2, preference=Preference("w", True))
    b = _state(2, "wbb", 2, preference=Preference("w", False))
    match = allocate_colours(b, a, model=ColourModel.TYPE_B, secondary=True, initial="w")
    assert match.rule == "4.3.4" and match.white == 1


def _pairings(teams: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not teams:
        yield []
        return
    first = teams[0]
    for other in teams[1:]:
        for rest in _pairings([t for t in teams[1:] if t != other]):
            yield [(first, other), *rest]


def _brute_force(states: dict[int, TeamState], upfloaters: set[int], type_b: bool, last_two: bool
                 ) -> tuple[tuple[int, int, int], tuple[int, ...]] | None:
    """The rule of 3.6 read literally: every pairing, the least (C8, C9, C10), then the first identifier."""
    best = None
    for pairs in _pairings(sorted(states)):
        if any(not C1(states[a], states[b]) for a, b in pairs):
            continue
        values = (sum(C8(states[a], states[b]) for a, b in pairs),
                  sum(C9(states[a], states[b]) for a, b in pairs) if type_b else 0,
                  sum(C10(states[a], states[b], upfloaters, last_two) for a, b in pairs))
        tops = sorted(pairs)
        identifier = tuple(a for a, _ in tops) + tuple(b for _, b in tops)
        if best is None or (values, identifier) < best:
            best = (values, identifier)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_the_bracket_pairing_is_the_first_identifier_that_best_meets_c8_c10_3_6(seed: int) -> None:
    draw = random.Random(seed)
    size = draw.choice((4, 6, 8, 10))
    teams = draw.sample(range(1, 20), size)
    colours = [NO_PREFERENCE, Preference("w", True), Preference("b", True), Preference("w"), Preference("b")]
    states = {t: _state(t, floated=draw.random() < 0.3, preference=draw.choice(colours)) for t in teams}
    for a in teams:  # some earlier meetings (C1)
        for b in teams:
            if a < b and draw.random() < 0.25:
                states[a] = _state(a, met=(*states[a].met, b), floated=states[a].floated,
                                   preference=states[a].preference)
                states[b] = _state(b, met=(*states[b].met, a), floated=states[b].floated,
                                   preference=states[b].preference)
    upfloaters = set(draw.sample(teams, draw.choice((0, 1, 2))))
    type_b = draw.random() < 0.5
    expected = _brute_force(states, upfloaters, type_b, False)
    got = pair_bracket(teams, states, upfloaters, type_b=type_b, last_two_rounds=False)
    if expected is None:
        assert got is None
        return
    assert got is not None
    tops = sorted(got.pairs)
    assert ((got.c8, got.c9, got.c10), tuple(a for a, _ in tops) + tuple(b for _, b in tops)) == expected
