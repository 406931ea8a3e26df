"""The cut of Art. 14.1-14.4 with 16.5, made on whole numbers of one common fraction of a point (issue
29): it drops the same contributions as the rule read on the fractions themselves."""

from __future__ import annotations

import random
from fractions import Fraction

from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.tiebreaks.event import Contribution
from arbiter_cli.tiebreaks.unplayed import cut


def _cut_as_written(values: list[Contribution], low: int, high: int, rules: Rules) -> list[Contribution]:
    """Art. 14.1-14.4 with 16.5 on the fractions: the least significant value (the lowest score, then
    the lowest value), or the lowest VUR contribution instead unless it is lower."""
    remaining = list(values)
    for _ in range(min(low, len(remaining))):
        least = min(remaining, key=lambda c: (c.score, c.value))
        vurs = [c for c in remaining if c.vur]
        if vurs and rules is not Rules.PRE2023:
            lowest_vur = min(vurs, key=lambda c: (c.value, c.score))
            if lowest_vur.value >= least.value:
                least = lowest_vur
        remaining.remove(least)
    for _ in range(min(high, len(remaining))):
        remaining.remove(max(remaining, key=lambda c: (c.score, c.value)))
    return remaining


def test_the_cut_drops_the_contributions_the_rule_on_fractions_drops() -> None:
    draw = random.Random(29)
    points = [Fraction(n, d) for d in (1, 2, 3, 4) for n in range(0, 4 * d + 1)]
    for _ in range(3000):
        values = []
        for rnd in range(1, draw.randint(1, 11) + 1):
            score = draw.choice(points)
            value = draw.choice([score, score * draw.choice([Fraction(1, 2), Fraction(0), Fraction(1), Fraction(1, 3)])])
            values.append(Contribution(rnd, score, value, draw.random() < 0.2))
        low, high = draw.randint(0, 2), draw.randint(0, 2)
        rules = draw.choice(list(Rules))
        assert cut(values, low, high, rules) == _cut_as_written(values, low, high, rules)


def test_without_a_cut_every_contribution_counts_in_its_order() -> None:
    values = [Contribution(1, Fraction(3), Fraction(3)), Contribution(2, Fraction(1, 2), Fraction(1, 4), True)]
    assert cut(values, 0, 0, Rules.R2026) == values


def test_the_whole_number_cut_without_a_vur_drops_the_ends_of_the_score_order_as_the_rule_does() -> None:
    """Art. 14.1-14.4 without a voluntarily unplayed round (16.5): the least and the most significant
    values are the ends of the (score, value) order; ``whole_cut`` sums what is left of it at once."""
    from arbiter_cli.tiebreaks.whole import whole_cut

    draw = random.Random(14)
    for _ in range(3000):
        size = draw.randint(0, 11)
        scores = [draw.randint(0, 22) for _ in range(size)]
        values = [draw.choice([score, 0, score * 2, draw.randint(0, 44)]) for score in scores]
        low, high = draw.randint(0, 3), draw.randint(0, 3)
        kept = _cut_as_written([Contribution(i, Fraction(s), Fraction(v)) for i, (s, v) in enumerate(zip(scores, values))],
                               low, high, Rules.R2026)
        assert whole_cut(scores, values, (), low, high, Rules.R2026) == sum(c.value for c in kept)
