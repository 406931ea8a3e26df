"""TRF16 §8.1 player records: every field keeps its columns, or the writer refuses."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.core.errors import Refused
from arbiter_cli.trf.reader import TrfGame, TrfPlayer
from arbiter_cli.trf.writer import player_line, points_field


def test_points_field_writes_a_total_of_100_or_more_without_its_decimal() -> None:
    assert points_field(Fraction(99)) == "99.0"
    assert points_field(Fraction(120)) == " 120"
    assert points_field(Fraction(9999)) == "9999"


@pytest.mark.parametrize("points", [Fraction(10000), Fraction(201, 2), Fraction(1, 64)])
def test_points_field_refuses_points_wider_than_its_4_columns(points: Fraction) -> None:
    with pytest.raises(Refused, match="do not fit the 4 characters"):
        points_field(points)


def test_player_line_names_the_player_and_the_field_that_does_not_fit() -> None:
    with pytest.raises(Refused, match=r"player 3 \(Doe, Jane\): field 'rating': 12345 does not fit"):
        player_line(TrfPlayer(3, "Doe, Jane", 12345, points=None), [], Fraction(1), 2)
    with pytest.raises(Refused, match=r"player 3 \(Doe, Jane\): field 'round 1 opponent': 10000 does not fit"):
        player_line(TrfPlayer(3, "Doe, Jane", 2100, points=None), [TrfGame(1, 10000, "w", "1")], Fraction(1), 2)
    assert len(player_line(TrfPlayer(9999, "Doe, Jane", 2100, points=None), [TrfGame(1, 9998, "w", "1")],
                           Fraction(1), 9999)) == 99
