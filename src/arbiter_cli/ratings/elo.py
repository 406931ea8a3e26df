"""FIDE B.02 (rating regulations, from 1 Mar 2024, amended 1 Oct 2025) as a club applies them.

Everything is exact: expected scores are hundredths from the FIDE tables,
scores are halves, and sums are :class:`~fractions.Fraction`.

>>> expected_score(2100, 1950)    # D = 150: table 8.1.2 gives 0.70
Fraction(7, 10)
>>> expected_score(1950, 2100)    # D = -150: the L column, 1 - 0.70
Fraction(3, 10)
>>> expected_score(2300, 1700)    # D = 600 counts as 400 below 2650: 0.92
Fraction(23, 25)
>>> expected_score(2700, 2200)    # a 2650+ player uses the true D = 500: 0.96
Fraction(24, 25)
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

__all__ = ["CAP", "CAP_EXEMPT_FROM", "expected_score", "k_factor", "rating_change", "round_half_away",
           "performance_rating", "dp", "capped_k", "K_MAX_PRODUCT", "counted_difference"]

#: B.02 8.3.1: a rating difference of more than 400 points counts as 400 ...
CAP = 400
#: ... except for a player rated 2650 or more, in standard chess (amendment of 1 Oct 2025).
CAP_EXEMPT_FROM = 2650

# Table 8.1.2: the upper end of each D range, and PD (hundredths) for the higher-rated player.
_D_UPPER = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
            170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
            391, 411, 432, 456, 484, 517, 559, 619, 735)
_PD_HIGH = tuple(range(50, 100))  # 0.50 for 0-3 up to 0.99 for 620-735; above 735: 1.00

# Table 8.1.1: dp for p = 0.50 .. 1.00 (hundredths of score -> rating points).
_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166,
       175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401,
       422, 444, 470, 501, 538, 589, 677, 800)


def expected_score(own: int, opponent: int, time_control: str = "standard") -> Fraction:
    """PD for one game (B.02 8.1.2), with the 400-point rule applied to the player rated ``own``.

    The 2650 exception (1 Oct 2025) is for standard chess only; rapid and blitz keep
    the cap for everyone.

    >>> expected_score(2700, 2200, "rapid")   # D = 500 counts as 400: 0.92
    Fraction(23, 25)
    """
    difference = counted_difference(own, opponent, time_control)
    index = bisect_left(_D_UPPER, abs(difference))
    high = Fraction(_PD_HIGH[index], 100) if index < len(_PD_HIGH) else Fraction(1)
    return high if difference >= 0 else 1 - high


def counted_difference(own: int, opponent: int, time_control: str = "standard") -> int:
    """D as the player rated ``own`` counts it (B.02 8.3.1): more than 400 counts as 400, except
    for a player rated 2650 or more in standard chess (1 Oct 2025).

    >>> counted_difference(2300, 1700), counted_difference(1700, 2300), counted_difference(2700, 2200)
    (400, -400, 500)
    >>> counted_difference(2700, 2200, "blitz")
    400
    """
    difference = own - opponent
    if own < CAP_EXEMPT_FROM or time_control != "standard":
        difference = max(-CAP, min(CAP, difference))
    return difference


def k_factor(ever_2400: bool, games_before: int, games_now: int, junior: bool = False) -> int:
    """K for one tournament, in the club's order of precedence (B.02 8.3.3).

    10 once the rating has ever been 2400 or more; otherwise 40 for fewer than 30
    rated games before this tournament, or for a ``junior`` (until the end of the year
    of the 18th birthday, while the rating is under 2300: the caller says); otherwise
    20. Then K x n <= 700 (n the rated games in this tournament): the largest integer
    K that keeps it so.

    >>> k_factor(False, 12, 9), k_factor(False, 30, 9), k_factor(True, 0, 9), k_factor(False, 30, 9, junior=True)
    (40, 20, 10, 40)
    >>> k_factor(False, 5, 20)    # 40 x 20 = 800 > 700: K = 35
    35
    """
    return capped_k(10 if ever_2400 else 40 if games_before < 30 or junior else 20, games_now)


#: B.02 8.3.3: K x n may not exceed 700 (n the player's rated games in the period).
K_MAX_PRODUCT = 700


def capped_k(k: int, games: int) -> int:
    """K after the rule K x n <= 700 (B.02 8.3.3): the largest integer K that keeps it so.

    >>> capped_k(20, 39), capped_k(40, 17), capped_k(40, 18), capped_k(10, 0)
    (17, 40, 38, 10)
    """
    if games and k * games > K_MAX_PRODUCT:
        return K_MAX_PRODUCT // games
    return k


def round_half_away(value: Fraction) -> int:
    """The nearest integer, .5 away from zero (B.02 8.3.4).

    >>> round_half_away(Fraction(5, 2)), round_half_away(Fraction(-5, 2)), round_half_away(Fraction(-12, 5))
    (3, -3, -2)
    """
    return _rounded(value.numerator, value.denominator)  # in integers: a rating report rounds thousands (issue 29)


def rating_change(k: int, score: Fraction, expected: Fraction) -> int:
    """K x (score - expected score) over the tournament, rounded once.

    >>> rating_change(20, Fraction(3), Fraction(51, 20))   # 20 x 0.45 = 9
    9
    """
    return round_half_away(k * (score - expected))


def dp(p: Fraction) -> int:
    """Table 8.1.1: rating difference for the fractional score p, rounded to 2 decimals.

    >>> dp(Fraction(3, 4)), dp(Fraction(1, 4)), dp(Fraction(2, 3))
    (193, -193, 125)
    """
    return _dp_of(round_half_away(p * 100))


def _dp_of(hundredths: int) -> int:
    """Table 8.1.1's dp for p in hundredths (the table gives p >= 0.50; below, the opposite)."""
    return _DP[hundredths - 50] if hundredths >= 50 else -_DP[50 - hundredths]


def performance_rating(opponents: list[int], score: Fraction) -> int | None:
    """The tournament performance rating, Ra + dp (B.02 8.1.1): Ra the opponents'
    average rating, rounded; None without games.

    >>> performance_rating([2000, 2100, 1900, 2000], Fraction(3))
    2193
    """
    if not opponents:
        return None
    games = len(opponents)
    average = _rounded(sum(opponents), games)
    hundredths = _rounded(score.numerator * 100, score.denominator * games)  # p = score / games, as dp rounds it
    return average + _dp_of(hundredths)


def _rounded(top: int, bottom: int) -> int:
    """:func:`round_half_away` of ``top`` / ``bottom`` (``bottom`` > 0) in whole numbers, the fraction
    not made (issue 29: a team event's board list has a performance for each of 1,200 players)."""
    whole, rest = divmod(abs(top), bottom)
    rounded = whole + (1 if 2 * rest >= bottom else 0)
    return rounded if top >= 0 else -rounded
