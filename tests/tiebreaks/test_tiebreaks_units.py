"""Each tie-break on small events built by hand, and the ranking of C.07 Art. 4.2."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_cli.core.model import Bye, Game, Player, Round, Scoring, Settings, Tournament
from arbiter_cli.core.outcome import Outcome, RoundEntry
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.standings import compute_standings
from arbiter_cli.core.tiebreak_codes import Rules, default_rules, parse_spec
from arbiter_cli.tiebreaks.direct_encounter import direct_encounter
from arbiter_cli.tiebreaks.event import Event, event_from_tournament
from arbiter_cli.tiebreaks.koya import koya_limit
from arbiter_cli.tiebreaks.ranking import REGISTRY, rank_players
from arbiter_cli.tiebreaks.ratings import perfect_performance_of
from arbiter_cli.tiebreaks.unplayed import Contribution, adjusted_scores, category, contributions, cut
from arbiter_cli.trf.reader import parse_trf
from arbiter_cli.trf.tournament import tournament_from_trf

HALF = Fraction(1, 2)
W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def swiss(rounds: list[list[tuple]], players: int, *, total: int | None = None, scoring: Scoring | None = None,
          ratings: dict[int, int] | None = None) -> Tournament:
    """A Swiss from rounds of (white, black, result) games and (tpn, ByeKind) byes."""
    built = []
    for number, items in enumerate(rounds, start=1):
        games = [Game(w, b, i, r) for i, (w, b, r) in enumerate((x for x in items if len(x) == 3), start=1)]
        byes = [Bye(t, k) for t, k in (x for x in items if len(x) == 2)]
        built.append(Round(number, tuple(games), tuple(byes)))
    ratings = ratings or {}
    roster = tuple(Player(start_number=i, name=f"P{i}", rating=ratings.get(i, 2000 - 10 * i))
                   for i in range(1, players + 1))
    config = Settings(name="T", system="swiss", rounds=total or len(rounds), seed=7, scoring=scoring or Scoring())
    return Tournament(config, roster, tuple(built))


def values(tournament: Tournament, code: str, rules: str = "2026") -> dict[int, object]:
    table = compute_standings(tournament, None, [code], rules=rules)
    return {row.player.start_number: row.tiebreaks[code] for row in table.rows}


# A 3/1/0 event: 1 beats 2, 3 draws 4, 5 gets the PAB; then 1 beats 3 by forfeit, 2 beats 4 with Black,
# 5 has a half-point bye.
THREE_ONE = Scoring(win=3, draw=1, loss=0)
SMALL = [[(1, 2, W), (3, 4, D), (5, ByeKind.PAB)],
         [(1, 3, GameResult.WHITE_FORFEIT_WIN), (4, 2, B), (5, ByeKind.HPB)]]


def test_counting_tie_breaks_follow_the_scoring() -> None:
    event = swiss(SMALL, 5, scoring=THREE_ONE)
    assert values(event, "WIN") == {1: 2, 2: 1, 3: 0, 4: 0, 5: 1}  # the PAB and the forfeit pay a win
    assert values(event, "WON") == {1: 1, 2: 1, 3: 0, 4: 0, 5: 0}
    assert values(event, "BPG") == {1: 0, 2: 2, 3: 0, 4: 1, 5: 0}
    assert values(event, "BWG") == {1: 0, 2: 1, 3: 0, 4: 0, 5: 0}
    assert values(event, "REP") == values(event, "GE") == {1: 2, 2: 2, 3: 1, 4: 2, 5: 1}
    assert values(event, "STD") == {1: 2, 2: 1, 3: HALF, 4: HALF, 5: Fraction(3, 2)}  # HPB = 1 = a draw's points
    assert values(event, "PS") == {1: 9, 2: 3, 3: 2, 4: 2, 5: 7}
    assert values(event, "PS/C1") == {1: 6, 2: 3, 3: 1, 4: 1, 5: 4}
    assert values(event, "TPN") == {n: n for n in range(1, 6)}


def test_tpn_ranks_low_numbers_first_and_r_reverses() -> None:
    event = swiss([[(1, 2, D), (3, 4, D)]], 4)
    assert [r.player.start_number for r in compute_standings(event, None, ["TPN"]).rows] == [1, 2, 3, 4]
    assert [r.player.start_number for r in compute_standings(event, None, ["TPN/R"]).rows] == [4, 3, 2, 1]
    assert [r.player.start_number for r in compute_standings(event, None, ["RTNG"]).rows] == [1, 2, 3, 4]
    assert [r.player.start_number for r in compute_standings(event, None, ["RTNG/R"]).rows] == [4, 3, 2, 1]


_GAME = {Fraction(1): Outcome.WIN, HALF: Outcome.DRAW, Fraction(0): Outcome.LOSS}


def _entry(number: int, kind: str, points: Fraction, *rest: object) -> RoundEntry:
    """An entry from a short spec: ("game", points, opponent, colour) or ("hpb", points), ("forfeit_loss", 0, 3)."""
    outcome = _GAME[points] if kind == "game" else Outcome[kind.upper()]
    return RoundEntry(number, outcome, points, *rest)  # type: ignore[arg-type]


def _slots(*kinds: tuple) -> tuple[RoundEntry, ...]:
    return tuple(_entry(r, *k) for r, k in enumerate(kinds, start=1))


def test_unplayed_round_categories() -> None:
    event = Event({1: _slots(("hpb", HALF), ("game", Fraction(1), 2, "w"), ("zpb", Fraction(0))),
                   2: _slots(("pab", Fraction(1)), ("game", Fraction(0), 1, "b"), ("forfeit_loss", Fraction(0), 3)),
                   3: _slots(("fpb", Fraction(1)), ("zpb", Fraction(0)), ("forfeit_win", Fraction(1), 2))},
                  {1: None, 2: None, 3: None}, 3, False, Scoring())
    assert [category(event, 1, r) for r in (1, 2, 3)] == [3, None, 5]
    assert [category(event, 2, r) for r in (1, 2, 3)] == [1, None, 4]
    assert [category(event, 3, r) for r in (1, 2, 3)] == [1, 3, 2]
    # 16.3: the final zero-point bye of player 1 counts as a draw; a forfeit loss counts as it was.
    assert adjusted_scores(event) == {1: 2, 2: 1, 3: 2}


def test_a_withdrawal_counts_as_draws_for_the_opponents() -> None:
    event = swiss([[(1, 2, W)], [(1, 3, D)], [(3, 4, W), (1, ByeKind.ZPB)], [(3, 4, W), (1, ByeKind.ZPB)]], 4)
    adjusted = adjusted_scores(event_from_tournament(event, rules=Rules.R2026))
    assert adjusted[1] == Fraction(5, 2)  # 1 + ½ + two rounds after the withdrawal as draws
    old = adjusted_scores(event_from_tournament(event, rules=Rules.PRE2023))
    assert old[1] == Fraction(5, 2) and old[2] == Fraction(3, 2)  # player 2 sat out rounds 2-4: draws


def test_the_2026_dummy_is_capped() -> None:
    # Player 1 wins rounds 1-2, gets a PAB in round 3 and wins round 4: 4 points of 4.
    event = swiss([[(1, 2, W), (3, 4, W)], [(1, 3, W), (2, 4, W)], [(1, ByeKind.PAB), (2, 3, W)],
                   [(4, 1, B), (2, 3, W)]], 4)
    dummy = {rules: next(c.score for c in contributions(event_from_tournament(event, rules=rules), 1,
                                                         product=False) if c.round == 3)
             for rules in Rules}
    assert dummy[Rules.R2024] == 4  # the own final score
    assert dummy[Rules.R2026] == 2  # capped at draw points × rounds (16.4.2)
    assert dummy[Rules.PRE2023] == 2 + 0 + HALF  # virtual opponent: 2 before, lost to the bye, drew round 4


def test_the_virtual_opponent_of_the_digest() -> None:
    """fide-rules.md §6.6: a PAB in round 3 of 9 with 1.5 points before gives 1.5 + 0 + 3 = 4.5."""
    slots = _slots(("game", Fraction(1), 2, "w"), ("game", HALF, 2, "b"), ("pab", Fraction(1)),
                   *[("game", HALF, 2, "w")] * 6)
    other = tuple(RoundEntry(s.round, _GAME[1 - s.points] if s.played else s.outcome,
                             1 - s.points if s.played else Fraction(0),
                             1 if s.played else None, "b" if s.colour == "w" else "w") for s in slots)
    event = Event({1: slots, 2: other}, {1: None, 2: None}, 9, False, Scoring(), Rules.PRE2023)
    assert next(c for c in contributions(event, 1, product=True) if c.round == 3).score == Fraction(9, 2)


def test_the_cut_exception_of_16_5() -> None:
    low_vur = [Contribution(1, Fraction(2), Fraction(2)), Contribution(2, Fraction(4), Fraction(2), vur=True),
               Contribution(3, Fraction(3), Fraction(3))]
    assert [c.round for c in cut(low_vur, 1, 0, Rules.R2026)] == [1, 3]  # the VUR goes although it scored more
    assert [c.round for c in cut(low_vur, 1, 0, Rules.PRE2023)] == [2, 3]  # old rules: the lowest score goes
    below = [Contribution(1, Fraction(2), Fraction(2)), Contribution(2, Fraction(4), Fraction(1), vur=True)]
    assert [c.round for c in cut(below, 1, 0, Rules.R2026)] == [2]  # SB: a VUR product below the least stays
    assert [c.round for c in cut(low_vur, 1, 1, Rules.R2026)] == [1]  # median: the highest goes as well


def test_direct_encounter_in_a_swiss_needs_a_sure_leader() -> None:
    # 1, 2, 3 end equal; 1 beat 2, 3 met neither: 3 could still reach 1's score, so nobody is ahead.
    event = event_from_tournament(swiss([[(1, 2, W), (3, 4, W)], [(2, 4, W), (3, 1, D)]], 4))
    spec = parse_spec("DE")
    assert direct_encounter(event, [1, 2], spec) == [[1], [2]]
    open_group = event_from_tournament(swiss([[(1, 2, W), (3, 4, W)], [(2, 4, W), (1, 4, D)],
                                             [(3, 2, D), (4, 1, D)]], 4))
    assert [sorted(part) for part in direct_encounter(open_group, [1, 2, 3], spec)] == [[1, 2, 3]]


def test_de_gives_the_rank_it_decides_or_none() -> None:
    event = swiss([[(1, 2, B), (3, 4, D)]], 4)
    table = compute_standings(event, None, ["DE"])
    assert {r.player.start_number: r.tiebreaks["DE"] for r in table.rows} == {2: None, 1: None, 3: None, 4: None}
    not_met = swiss([[(1, 2, B), (3, 4, W)], [(1, 3, D), (2, 4, D)]], 4)  # 2 and 3 equal, not met
    rows = compute_standings(not_met, None, ["DE"]).rows
    assert [(r.player.start_number, r.rank, r.tiebreaks["DE"]) for r in rows][:2] == [(2, 1, None), (3, 1, None)]
    met = swiss([[(3, 2, B), (1, 4, W)], [(2, 1, B), (3, 4, W)]], 4)  # 2 and 3 equal, 2 beat 3
    rows = compute_standings(met, None, ["DE"]).rows
    assert [(r.player.start_number, r.rank, r.tiebreaks["DE"]) for r in rows] == [
        (1, 1, None), (2, 2, 2), (3, 3, 3), (4, 4, None)]


def test_koya_limit() -> None:
    odd = tournament_from_trf(parse_trf(
        "001    1      A                                 2000                             1.0    1  "
        "   2 w 1     3 b 0  0000 - -\n"
        "001    2      B                                 2000                             1.0    2  "
        "   1 b 0  0000 - -     3 w 1\n"
        "001    3      C                                 2000                             1.0    3  "
        "0000 - -     1 w 1     2 b 0\nXXR 3\n"), round_robin=True)
    event = event_from_tournament(odd)
    assert koya_limit(event, parse_spec("KS")) == 1  # 2 games each: 50 % is 1
    assert koya_limit(event, parse_spec("KS/L+1")) == Fraction(3, 2)
    assert koya_limit(event, parse_spec("KS/L-2")) == 0


def test_perfect_performance() -> None:
    assert perfect_performance_of([(1800, Fraction(0)), (2000, Fraction(0))]) == 1000
    assert perfect_performance_of([(2000, Fraction(1))]) == 2736  # PD reaches 1.00 above 735
    assert perfect_performance_of([]) is None


def test_rating_tie_breaks_are_dropped_with_unrated_players_unless_a_value_is_announced() -> None:
    event = swiss([[(1, 2, W), (3, 4, D)]], 4, ratings={1: 2100, 2: 0, 3: 1900, 4: 1800})
    table = compute_standings(event, None, ["ARO", "TPR"])
    assert table.dropped == ("ARO", "TPR") and all(r.tiebreaks["ARO"] is None for r in table.rows)
    assert values(event, "ARO/U1500")[1] == 1500
    announced = replace(event, settings=event.settings.model_copy(update={"unrated_rating": 1600}))
    table = compute_standings(announced, None, ["ARO"])
    assert table.dropped == () and {r.player.start_number: r.tiebreaks["ARO"] for r in table.rows}[1] == 1600


def test_editions() -> None:
    assert default_rules("2026-02-28") is Rules.R2024 and default_rules("2026-03-01") is Rules.R2026
    event = swiss([[(1, 2, W)]], 2)
    assert compute_standings(event).rules is Rules.R2026
    dated = replace(event, settings=event.settings.model_copy(update={"start_date": "2025-10-01"}))
    assert compute_standings(dated).rules is Rules.R2024
    chosen = replace(dated, settings=dated.settings.model_copy(update={"tiebreak_rules": "pre2023"}))
    assert compute_standings(chosen).rules is Rules.PRE2023
    assert compute_standings(chosen, rules="2026").rules is Rules.R2026


def test_team_codes_are_reported_not_computed() -> None:
    table = compute_standings(swiss([[(1, 2, W)]], 2), None, ["MPVGP", "WIN"])
    assert table.unavailable == ("MPVGP",) and table.tiebreaks == ("WIN",)


def test_every_individual_code_is_registered() -> None:
    assert set(REGISTRY) | {"DE", "GE"} == {
        "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN", "BH", "AOB", "FB", "SB", "KS",
        "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "GE"}


# --------------------------------------------------------------------------- properties of the ranking

CODES = ["BH/C1", "BH", "SB", "DE", "WIN", "PS", "KS", "AOB", "ARO", "FB", "SB/M1"]


@st.composite
def random_swiss(draw: st.DrawFn, results: Sequence[GameResult | None] = (
        W, B, D, GameResult.WHITE_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT), more_rounds: int = 0) -> Tournament:
    """A Swiss of 2-9 players and 1-5 rounds with these ``results``, of up to ``more_rounds`` more
    rounds than it has paired."""
    players = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 5))
    outcomes = st.sampled_from(list(results))
    built = []
    for _ in range(rounds):
        order = draw(st.permutations(list(range(1, players + 1))))
        absent = draw(st.sets(st.sampled_from(order), max_size=2))
        present = [p for p in order if p not in absent]
        items: list[tuple] = [(p, draw(st.sampled_from([ByeKind.HPB, ByeKind.ZPB, ByeKind.FPB]))) for p in absent]
        if len(present) % 2:
            items.append((present.pop(), ByeKind.PAB))
        items += [(present[i], present[i + 1], draw(outcomes)) for i in range(0, len(present), 2)]
        built.append(items)
    return swiss(built, players, total=rounds + draw(st.integers(0, more_rounds)))


@settings(max_examples=80, deadline=None)
@given(random_swiss(), st.sampled_from(list(Rules)), st.booleans())
def test_ranking_is_a_permutation_and_ties_share_the_rank(tournament: Tournament, rules: Rules, lots: bool) -> None:
    rounds = tournament.settings.rounds or 0
    codes = [c for c in CODES if parse_spec(c).cut_low + parse_spec(c).cut_high <= rounds]  # no nonsense cuts
    table = compute_standings(tournament, None, codes, rules=rules, lots=lots)
    numbers = [row.player.start_number for row in table.rows]
    assert sorted(numbers) == [p.start_number for p in tournament.players]
    for index, row in enumerate(table.rows):
        assert row.rank == 1 + sum(1 for other in table.rows if other.rank < row.rank)
        assert row.rank <= index + 1 <= row.rank_to
        if index:
            before = table.rows[index - 1]
            assert before.points >= row.points
            if before.rank == row.rank:  # shared: equal points and equal on every tie-break
                played = any(g.result is not None for rnd in tournament.rounds for g in rnd.games)
                assert not (lots and played)  # no lot is drawn before any game has a result
                assert before.points == row.points
                assert all(before.tiebreaks[c] == row.tiebreaks[c] for c in table.tiebreaks if c != "DE")


@settings(max_examples=40, deadline=None)
@given(random_swiss())
def test_tie_breaks_do_not_depend_on_the_listing_order(tournament: Tournament) -> None:
    event = event_from_tournament(tournament)
    reordered = replace(tournament, players=tuple(reversed(tournament.players)))
    again = event_from_tournament(reordered)
    for code in ("BH/C1", "SB", "AOB", "PS", "KS", "TPR"):
        spec = parse_spec(code)
        assert dict(REGISTRY[spec.base](event, spec)) == dict(REGISTRY[spec.base](again, spec))
    assert rank_players(event, CODES).groups == rank_players(again, CODES).groups


@pytest.mark.parametrize("seed", [1, 2])
def test_lots_are_drawn_from_the_stored_seed(seed: int) -> None:
    event = swiss([[(1, 2, D), (3, 4, D)]], 4)
    seeded = replace(event, settings=event.settings.model_copy(update={"seed": seed, "tiebreak_lots": True}))
    first = [r.player.start_number for r in compute_standings(seeded).rows]
    assert first == [r.player.start_number for r in compute_standings(seeded).rows]
    assert [r.rank for r in compute_standings(seeded).rows] == [1, 2, 3, 4]


def test_fore_buchholz_counts_the_paired_last_round_as_drawn_even_before_the_results() -> None:
    first = [(1, 2, W), (3, 4, D), (5, ByeKind.PAB)]
    pending = swiss([first, [(1, 3, None), (4, 5, None), (2, ByeKind.HPB)]], 5)
    drawn = swiss([first, [(1, 3, D), (4, 5, D), (2, ByeKind.HPB)]], 5)
    won = swiss([first, [(1, 3, W), (4, 5, B), (2, ByeKind.HPB)]], 5)
    assert values(pending, "FB") == values(drawn, "FB") == values(won, "FB")
    assert values(drawn, "FB") == values(drawn, "BH")
    assert values(won, "BH") != values(won, "FB")


def test_lots_break_only_ties_left_after_the_tiebreaks_and_the_note_names_them() -> None:
    """C.07 Art. 4.2 (tiebreak_lots): a drawing of lots orders the players still tied at the end;
    the standings say whom it ordered, and say nothing when no tie was left."""
    from arbiter_cli.core.model import Player, Settings, Tournament
    from arbiter_cli.lifecycle.standings import compute_standings
    from arbiter_cli.render.views import standings_notes

    from dataclasses import replace

    from arbiter_cli.core.model import Game, Round
    from arbiter_cli.core.results import GameResult

    players = (Player(start_number=1, name="A"), Player(start_number=2, name="B"))
    unplayed = Tournament(Settings(name="x", system="round-robin", seed=1, tiebreak_lots=True), players)
    assert compute_standings(unplayed).lots == ()  # nothing played: one shared place, no lot
    tied = replace(unplayed, rounds=(Round(1, (Game(1, 2, 1, GameResult.DRAW),)),))
    table = compute_standings(tied)
    assert table.lots == (("A", "B"),) and [r.rank for r in table.rows] == [1, 2]
    assert "A, B: still equal after the tie-breaks, ordered by lot (tiebreak_lots, from the seed)" in \
        standings_notes(table)
    apart = compute_standings(tied, lots=False)
    assert apart.lots == () and not any("lot" in note for note in standings_notes(apart))


def test_standings_notes_name_a_withdrawn_player_still_ranked_and_set_tied_surnames_apart() -> None:
    """Trial: a withdrawn player ranked with the others (rank_withdrawn = true) stood in the table
    with no mark, and the prize list left him out without a word; the standings now say who. Tied
    names written "Surname, First" are set apart by " / " in the lot note (they read as four names)."""
    from dataclasses import replace

    from arbiter_cli.core.model import Game, Player, Round, Settings, Tournament
    from arbiter_cli.core.results import GameResult
    from arbiter_cli.lifecycle.standings import compute_standings
    from arbiter_cli.render.views import standings_notes

    players = (Player(start_number=1, name="Nuñez, José"), Player(start_number=2, name="O'Brien, Seán"),
               Player(start_number=3, name="Kurt, Can", status="withdrawn", withdrawn_after=1))
    event = Tournament(Settings(name="x", system="swiss", rounds=3, seed=1, tiebreak_lots=True), players,
                       (Round(1, (Game(1, 2, 1, GameResult.DRAW),)),))
    notes = standings_notes(compute_standings(event))
    assert "withdrawn, ranked with the others: 3 Kurt, Can (after round 1)" in notes, notes
    assert any(note.startswith("Nuñez, José / O'Brien, Seán: still equal after the tie-breaks") for note in notes), notes
    assert not any("withdrawn" in note for note in standings_notes(compute_standings(replace(event, players=players[:2]))))
