"""The knockout bracket (issue 18): slots, seeding, byes, the draw by lot, colours."""

from __future__ import annotations

from hypothesis import given, strategies as st

from arbiter_cli.pairing.knockout import (drawn_bracket, first_game_white, first_round_pairs, game_white,
                                          next_round_pairs, seeded_bracket, seeded_order, slots_for)


def test_seeded_bracket_of_eight_slot_order() -> None:
    assert seeded_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_seeded_bracket_pairs_one_against_n() -> None:
    assert first_round_pairs(seeded_bracket(8)) == [(1, 8), (4, 5), (2, 7), (3, 6)]


@given(st.integers(min_value=1, max_value=7))
def test_seeds_one_and_two_meet_only_in_the_final(power: int) -> None:
    order = seeded_order(2 ** power)
    half = len(order) // 2
    assert 1 in order[:half] and 2 in order[half:]


@given(st.integers(min_value=2, max_value=7))
def test_better_seeds_stay_apart_until_their_round(power: int) -> None:
    """With every favourite winning, the round of 2k players holds exactly seeds 1 to 2k."""
    winners: list[int | None] = list(seeded_order(2 ** power))
    while len(winners) > 1:
        winners = [min(a, b) for a, b in next_round_pairs(winners)]  # type: ignore[type-var]
        assert sorted(winners) == list(range(1, len(winners) + 1))  # type: ignore[type-var]


def test_world_cup_2025_206_players_in_256_slots() -> None:
    """The 2025 World Cup: 206 players, 256 slots, 50 byes for seeds 1-50, round 1 from 51 v 206 to 128 v 129."""
    bracket = seeded_bracket(206)
    assert len(bracket) == slots_for(206) == 256
    pairs = first_round_pairs(bracket)
    byes = sorted(a if b is None else b for a, b in pairs if a is None or b is None)
    assert byes == list(range(1, 51))
    played = sorted(tuple(sorted((a, b))) for a, b in pairs if a is not None and b is not None)  # type: ignore[type-var]
    assert len(played) == 78
    assert played[0] == (51, 206) and played[-1] == (128, 129)
    assert all(a + b == 257 for a, b in played)


def test_any_number_of_players_top_seeds_get_byes() -> None:
    pairs = first_round_pairs(seeded_bracket(24))
    byes = sorted(a for a, b in pairs if b is None and a is not None)
    assert byes == list(range(1, 9))


def test_drawn_bracket_is_paired_one_two_three_four_by_lot() -> None:
    bracket = drawn_bracket(range(1, 9), seed=5)
    assert sorted(bracket) == list(range(1, 9))  # type: ignore[type-var]
    assert bracket != tuple(range(1, 9))


def test_drawn_bracket_is_shown_again_from_its_stored_seed() -> None:
    assert drawn_bracket(range(1, 25), seed=11) == drawn_bracket(range(1, 25), seed=11)
    assert drawn_bracket(range(1, 25), seed=11) != drawn_bracket(range(1, 25), seed=12)


def test_drawn_bracket_gives_byes_without_two_empty_slots_meeting() -> None:
    pairs = first_round_pairs(drawn_bracket(range(1, 25), seed=3))
    assert sum(1 for a, b in pairs if b is None) == 8 and all(a is not None for a, _ in pairs)


def test_colours_alternate_through_a_match() -> None:
    assert [game_white(4, 5, g) for g in range(1, 7)] == [4, 5, 4, 5, 4, 5]


def test_first_game_colours_follow_the_seeding_when_set() -> None:
    assert first_game_white(9, 2, by_lot=False, seed=1, round_number=1, match=1) == 2


def test_first_game_colours_by_lot_are_drawn_from_the_seed() -> None:
    draws = {first_game_white(1, 2, by_lot=True, seed=s, round_number=1, match=1) for s in range(20)}
    assert draws == {1, 2}
    assert first_game_white(1, 2, by_lot=True, seed=3, round_number=2, match=4) == \
        first_game_white(1, 2, by_lot=True, seed=3, round_number=2, match=4)
