"""The tie-breaks' short ways give the answers of their plain definitions (issue 29: speed).

Each short way (the adjusted scores read off the points, the products of a win or a loss, the
ranking sorted on whole numbers) is checked against the plain C.07 reading, written out here, on
random events with every kind of round: games, forfeits, byes, results not entered yet and games
still being played.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_cli.core.model import Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.lifecycle.standings import compute_standings
from arbiter_cli.tiebreaks.event import Contribution, Event, event_from_tournament
from arbiter_cli.tiebreaks.ranking import REGISTRY, split_groups
from arbiter_cli.core.tiebreak_codes import parse_spec
from arbiter_cli.tiebreaks.unplayed import (_adjusted_scores_in_full, _virtual_opponent, adjusted_scores,
                                            contributions, cut, is_vur)

from .test_tiebreaks_units import random_swiss

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
OUTCOMES = [W, B, D, GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT,
            GameResult.DOUBLE_LOSS, GameResult.UNFINISHED, None]


def any_swiss() -> st.SearchStrategy[Tournament]:
    """A Swiss with any result, none yet, or a game still being played; perhaps not over."""
    return random_swiss(OUTCOMES, more_rounds=2)


def plain_contributions(event: Event, tpn: int, product: bool, fore: bool, forfeits_played: bool
                        ) -> list[tuple[int, Fraction, Fraction, bool]]:
    """Art. 16, round by round: (round, the opponent's or dummy's score, the value, a VUR)."""
    adjusted = _adjusted_scores_in_full(event, fore)

    def points(slot_round: int, slot_points: Fraction) -> Fraction:
        paired = event.rounds > 0 and event.slot(tpn, event.rounds).opponent is not None
        return event.draw if fore and slot_round == event.rounds and paired else slot_points

    slots = event.slots[tpn]
    own = sum((points(s.round, s.points) for s in slots), Fraction(0))
    result = []
    for slot in slots:
        last_paired = fore and slot.round == event.rounds and slot.opponent is not None
        if not slot.counted and not last_paired:
            continue
        if slot.opponent is not None and (slot.played or event.round_robin or forfeits_played or last_paired):
            score, vur = adjusted[slot.opponent], False
        elif event.round_robin:
            continue
        else:
            vur = is_vur(slot)
            if event.rules is Rules.PRE2023:
                score = _virtual_opponent(event, slots, slot)
            elif event.rules is Rules.R2024:
                score = own
            elif slot.opponent is not None:
                score = min(own, adjusted[slot.opponent])
            else:
                score = min(own, event.draw * event.rounds)
        value = score * points(slot.round, slot.points) if product else score
        result.append((slot.round, score, value, vur))
    return result


@settings(max_examples=150, deadline=None)
@given(any_swiss(), st.sampled_from(list(Rules)), st.booleans(), st.booleans())
def test_adjusted_scores_and_contributions_are_art_16_round_by_round(
        tournament: Tournament, rules: Rules, fore: bool, forfeits_played: bool) -> None:
    event = event_from_tournament(tournament, rules=rules)
    assert adjusted_scores(event, fore) == _adjusted_scores_in_full(event, fore)
    for product in (False, True):
        for tpn in event.numbers:
            fast = [(c.round, c.score, c.value, c.vur) for c in contributions(
                event, tpn, product=product, fore=fore, forfeits_played=forfeits_played)]
            assert fast == plain_contributions(event, tpn, product, fore, forfeits_played)


def plain_split(groups: list[list[int]], values: dict[int, object], lower_is_better: bool) -> list[list[int]]:
    """Art. 4.2 with fractions: each tied group sorted by the value (none last), then by number."""
    def key(tpn: int) -> tuple[int, Fraction]:
        value = values.get(tpn)
        if value is None:
            return (1, Fraction(0))
        return (0, Fraction(value) if lower_is_better else -Fraction(value))  # type: ignore[arg-type]

    parts: list[list[int]] = []
    for group in groups:
        mine: list[list[int]] = []
        for tpn in sorted(group, key=lambda t: (key(t), t)):
            if mine and key(mine[-1][0]) == key(tpn):
                mine[-1].append(tpn)
            else:
                mine.append([tpn])
        parts += mine
    return parts


@settings(max_examples=150, deadline=None)
@given(any_swiss(), st.sampled_from(["BH", "SB", "WIN", "PS", "ARO", "AOB", "TPN", "KS"]), st.booleans())
def test_the_ranking_sorted_on_whole_numbers_is_the_order_of_the_fractions(
        tournament: Tournament, code: str, lower_is_better: bool) -> None:
    event = event_from_tournament(tournament)
    values = dict(REGISTRY[parse_spec(code).base](event, parse_spec(code)))
    values.pop(1, None)  # a player without a value ranks last
    everyone = [list(event.numbers)]
    by_points = plain_split(everyone, dict(event.points), lower_is_better=False)
    assert [list(row.player.start_number for row in compute_standings(tournament, None, ()).rows)] == \
        [[tpn for part in by_points for tpn in part]]
    assert split_groups(by_points, values, lower_is_better) == plain_split(by_points, values, lower_is_better)
    assert split_groups(everyone, values, lower_is_better) == plain_split(everyone, values, lower_is_better)



#: Codes that share the contributions of Art. 16: BH's family and SB, with cuts, medians, /F and /P.
_SHARING = ["BH", "BH/C1", "BH/M1", "FB", "BH/F", "BH/P", "BH/F/P", "SB", "SB/C1", "SB/M1", "SB/F", "SB/P", "SB/F/P"]


@settings(max_examples=100, deadline=None)
@given(any_swiss(), st.sampled_from(list(Rules)), st.lists(st.sampled_from(_SHARING), min_size=2, max_size=5))
def test_shared_contributions_give_each_code_its_plain_art_16_values(
        tournament: Tournament, rules: Rules, codes: list[str]) -> None:
    """SB's values are made from BH's once both are asked (one pass over the rounds, issue 29):
    every code, in any order after the others, sums the cut values of Art. 16 read round by round."""
    shared = event_from_tournament(tournament, rules=rules)
    for code in codes:
        spec = parse_spec(code)
        fore = spec.fore or spec.base == "FB"
        plain = {tpn: sum((c.value for c in cut(
                    [Contribution(*values) for values in plain_contributions(
                        shared, tpn, spec.base == "SB", fore, spec.forfeits_played)],
                    spec.cut_low, spec.cut_high, rules)), Fraction(0)) for tpn in shared.numbers}
        assert dict(REGISTRY[spec.base](shared, spec)) == plain
