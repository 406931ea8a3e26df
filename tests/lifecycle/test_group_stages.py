"""Group stages (issue 18): the snake deal, groups by hand, every group's games at once, the
qualifiers by the group's tie-breaks, the final's seeding."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from pydantic import ValidationError
from hypothesis import given, strategies as st

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.group_settings import GroupEvent, GroupSettings, group_name
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Player, Settings, Status, System, Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.group_stages import (GroupAssignment, Qualifier, dealt_groups, final_seeding, final_stage,
                                                qualifiers, set_groups, stage_complete, start_groups)
from arbiter_cli.pairing.berger import berger_round
from arbiter_cli.pairing.groups import apart_in_first_round, first_meetings, snake_deal


def event(players: int = 16, count: int = 4, advance: int = 2, **groups: object) -> GroupEvent:
    settings = Settings(name="Cup", system=System.ROUND_ROBIN, seed=3, initial_colour="white")
    entrants = tuple(Player(start_number=i, name=f"Player {i:02d}", rating=2500 - 10 * i)
                     for i in range(1, players + 1))
    return GroupEvent(Tournament(settings, entrants), GroupSettings(count=count, advance=advance, **groups))


def test_snake_order_deals_seeds_1_to_g_then_g_back_to_1() -> None:
    dealt = dealt_groups(event())
    assert {name: [p.start_number for p in players] for name, players in dealt.items()} == {
        "A": [1, 8, 9, 16], "B": [2, 7, 10, 15], "C": [3, 6, 11, 14], "D": [4, 5, 12, 13]}


def test_snake_order_follows_the_seeding_not_the_order_of_registration() -> None:
    # seeding is C.04.2 Art. 2.2 (rating first): a player registered last but rated highest is seed 1
    base = event(8, 2, 1)
    players = (*base.tournament.players[:-1], base.tournament.players[-1].model_copy(update={"rating": 2900}))
    dealt = dealt_groups(replace(base, tournament=replace(base.tournament, players=players)))
    assert [p.start_number for p in dealt["A"]] == [8, 3, 4, 7]


@given(st.integers(2, 60), st.integers(2, 8))
def test_snake_deal_gives_each_group_one_seed_of_every_band(players: int, groups: int) -> None:
    dealt = snake_deal(list(range(players)), groups)
    sizes = [len(g) for g in dealt]
    assert max(sizes) - min(sizes) <= 1 and sum(sizes) == players
    for band in range(players // groups):  # every full band of G seeds: one in each group
        seeds = range(band * groups, (band + 1) * groups)
        assert sorted(sum(1 for s in seeds if s in g) for g in dealt) == [1] * groups


def test_groups_set_by_hand_replace_the_snake_deal() -> None:
    rows = [GroupAssignment(n, "A" if n <= 8 else "B", n + 1) for n in range(1, 17)]
    after, changes = set_groups(event(count=2), rows, "groups.csv")
    assert after.groups.members == {"A": list(range(1, 9)), "B": list(range(9, 17))}
    assert [p.start_number for p in dealt_groups(after)["B"]] == list(range(9, 17))
    assert changes[0].change == "groups set by hand"
    back, _ = set_groups(after, None)
    assert back.groups.members is None and [p.start_number for p in dealt_groups(back)["A"]][:2] == [1, 4]


@pytest.mark.parametrize(("rows", "message", "line", "field"), [
    ([(1, "A", 2), (2, "E", 3)], "no group 'E'", 3, "group"),
    ([(1, "A", 2), (1, "B", 3)], "listed twice", 3, "start_number"),
    ([(99, "A", 2)], "no registered player 99", 2, "start_number"),
    ([(n, "A", n + 1) for n in range(1, 16)], "is in no group", None, "start_number"),
    ([(n, "A", n + 1) for n in range(1, 16)] + [(16, "B", 17)], "group B has 1 player", None, "group"),
])
def test_hand_groups_hold_every_player_once_and_each_group_at_least_two(rows: list[tuple[int, str, int]],
                                                                        message: str, line: int | None,
                                                                        field: str) -> None:
    with pytest.raises(BadArgument) as error:
        set_groups(event(count=2, advance=1), [GroupAssignment(n, g, ln) for n, g, ln in rows], "groups.csv")
    assert message in str(error.value) and error.value.source == "groups.csv"
    assert error.value.line == line and error.value.field == field


def test_each_group_is_a_round_robin_with_all_its_games_created_at_once() -> None:
    after, stages, changes = start_groups(event())
    assert after.tournament.settings.status is Status.RUNNING
    assert after.groups.members == {"A": [1, 8, 9, 16], "B": [2, 7, 10, 15], "C": [3, 6, 11, 14],
                                    "D": [4, 5, 12, 13]}
    for name, stage in stages.items():
        assert stage.settings.system is System.ROUND_ROBIN and stage.settings.rounds == 3
        assert len(stage.rounds) == 3  # every round paired now (C.05 Berger tables for 4)
        for rnd in stage.rounds:
            assert [(g.white, g.black) for g in rnd.games] == list(berger_round(4, rnd.number))
            assert all(g.result is None for g in rnd.games)
        assert stage.settings.name == f"Cup: group {name}"
    assert [p.name for p in stages["A"].players] == ["Player 01", "Player 08", "Player 09", "Player 16"]
    assert [stage.settings.seed for stage in stages.values()] == [3, 4, 5, 6]  # each stage draws its own lots
    assert "groups dealt in snake order by seeding" in changes[0].change


def test_groups_start_once() -> None:
    after, _, _ = start_groups(event())
    with pytest.raises(Refused, match="have started"):
        start_groups(after)


def test_a_group_needs_more_players_than_go_on() -> None:
    with pytest.raises(Refused, match="fewer than the 3 who go on"):
        start_groups(event(8, 4, 3))


def play(stage: Tournament, results: dict[tuple[int, int], GameResult]) -> Tournament:
    """Every game of ``stage``: ``results`` by (white, black), the others drawn."""
    rounds = tuple(replace(rnd, games=tuple(replace(g, result=results.get((g.white, g.black), GameResult.DRAW))
                                             for g in rnd.games)) for rnd in stage.rounds)
    return replace(stage, rounds=rounds)


def test_first_k_of_each_group_by_the_groups_tiebreaks_go_to_the_final() -> None:
    _, stages, _ = start_groups(event(8, 2, 2))
    # group A (1, 4, 5, 8): 4 beats everyone; 8 beats 1; the rest drawn
    a = stages["A"]
    wins = {}
    for rnd in a.rounds:
        for g in rnd.games:
            pair = {a.players[g.white - 1].name, a.players[g.black - 1].name}
            if "Player 04" in pair:
                wins[(g.white, g.black)] = (GameResult.WHITE_WINS if a.players[g.white - 1].name == "Player 04"
                                            else GameResult.BLACK_WINS)
            elif pair == {"Player 01", "Player 08"}:
                wins[(g.white, g.black)] = (GameResult.WHITE_WINS if a.players[g.white - 1].name == "Player 08"
                                            else GameResult.BLACK_WINS)
    stages = {"A": play(a, wins), "B": play(stages["B"], {})}
    chosen = qualifiers(stages, 2)
    assert [(q.group, q.place, q.player.name) for q in chosen][:2] == [("A", 1, "Player 04"), ("A", 2, "Player 08")]
    assert len(chosen) == 4


def test_final_is_not_paired_before_every_group_is_finished() -> None:
    _, stages, _ = start_groups(event(8, 2, 1))
    done = {"A": play(stages["A"], {}), "B": stages["B"]}
    assert stage_complete(done["A"]) is None
    with pytest.raises(Refused, match="group B is not finished: round 1 still has no result on boards 1, 2"):
        qualifiers(done, 1)


def test_withdrawn_player_does_not_go_on_and_the_next_moves_up() -> None:
    _, stages, _ = start_groups(event(8, 2, 1))
    a = play(stages["A"], {})
    first = qualifiers({"A": a}, 1)[0].player
    gone = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": 3}) if p == first else p
                 for p in a.players)
    assert qualifiers({"A": replace(a, players=gone)}, 1)[0].player != first


def test_tie_across_the_cut_left_by_the_tiebreaks_is_refused_without_lots() -> None:
    base = event(8, 2, 1)
    no_lots = base.tournament.settings.model_copy(update={"tiebreak_lots": False})
    _, stages, _ = start_groups(replace(base, tournament=replace(base.tournament, settings=no_lots)))
    with pytest.raises(Refused, match="share place 1 after every tie-break"):
        qualifiers({"A": play(stages["A"], {})}, 1)  # all drawn: all four equal on everything


def test_ties_left_after_the_tiebreaks_are_drawn_by_lot_by_default() -> None:
    _, stages, _ = start_groups(event(8, 2, 1))
    assert stages["A"].settings.tiebreak_lots is True
    assert len(qualifiers({"A": play(stages["A"], {})}, 1)) == 1


def test_final_seeding_puts_group_winners_first_then_runners_up_each_by_rating() -> None:
    def q(group: str, place: int, rating: int) -> Qualifier:
        return Qualifier(group, place, Player(start_number=1, name=f"{group}{place}", rating=rating))

    chosen = [q("A", 1, 2300), q("A", 2, 2450), q("B", 1, 2400), q("B", 2, 2100), q("C", 1, 2300), q("C", 2, 0)]
    assert [x.player.name for x in final_seeding(chosen)] == ["B1", "A1", "C1", "A2", "B2", "C2"]


def test_final_round_robin_numbers_the_qualifiers_in_seeding_order_and_pairs_every_round() -> None:
    base = event(8, 2, 2)
    seeded = [Qualifier(g, p, base.tournament.players[i]) for i, (g, p) in
              enumerate([("A", 1), ("B", 1), ("A", 2), ("B", 2)])]
    final, changes, journal = final_stage(base, list(reversed(seeded)))
    assert isinstance(final, Tournament)
    assert [p.name for p in final.players] == ["Player 04", "Player 03", "Player 02", "Player 01"]
    assert [p.start_number for p in final.players] == [1, 2, 3, 4]
    assert len(final.rounds) == final.settings.rounds == 3
    assert final.settings.name == "Cup: final" and changes[0].change == "final paired"
    assert journal[0] == changes[0] and journal[-1].change == "rounds 1-3 paired"


def winners_and_runners_up(base: GroupEvent) -> list[Qualifier]:
    """The qualifiers of ``base`` (advance 2) in the final's seeding: each group's first two by
    start number, as if the groups had gone by rating."""
    dealt = dealt_groups(base)
    chosen = [Qualifier(name, place, player) for name, players in dealt.items()
              for place, player in enumerate(players[:2], start=1)]
    return final_seeding(chosen)


def test_knockout_final_seeds_group_winners_against_runners_up_in_the_standard_bracket() -> None:
    ko = KnockoutSettings(games_per_match=2, tiebreak_stages=["rapid:2", "armageddon"], first_colour="seeding")
    base = event(16, 4, 2, final="knockout", knockout=ko)
    seeded = winners_and_runners_up(base)
    final, changes, journal = final_stage(base, seeded)
    assert isinstance(final, KnockoutTournament)
    # the seeding: the group winners 1-4, then the runners-up 5-8 by rating (D2, C2, B2, A2); the
    # bracket's 1 v 8 and 3 v 6 would pair A1 with A2 and C1 with C2, so the runners-up 5-6 and
    # 7-8 change places (each runner-up takes the nearest seed that keeps two of a group apart)
    assert [(q.group, q.place) for q in seeded] == [("A", 1), ("B", 1), ("C", 1), ("D", 1),
                                                    ("D", 2), ("C", 2), ("B", 2), ("A", 2)]
    assert [p.name for p in final.players] == [seeded[i].player.name for i in (0, 1, 2, 3, 5, 4, 7, 6)]
    assert [p.start_number for p in final.players] == list(range(1, 9))
    # the seeded bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6): seeds 1 and 2 meet only in the final, and
    # every group winner meets a runner-up in round 1
    assert final.bracket == (1, 8, 4, 5, 2, 7, 3, 6)
    assert [m.players for m in final.rounds[0].matches] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert final.total_rounds == 3 and final.settings.status is Status.RUNNING
    assert final.knockout == ko and final.settings.system is System.KNOCKOUT
    assert final.settings.name == "Cup: final" and final.settings.seed == 3 + 4  # the event's seed + G
    # 2-game matches, White for the higher seed in game 1 (first_colour = "seeding")
    assert [(g.white, g.black) for g in final.rounds[0].matches[0].games] == [(1, 8), (8, 1)]
    assert changes == [journal[0]] and changes[0].change == "final paired"
    assert [c.change for c in journal[1:]] == ["players", "bracket", "status", "round 1 paired"]


def test_knockout_final_gives_the_byes_to_the_top_seeds_the_group_winners() -> None:
    base = event(12, 3, 2, final="knockout")
    final, _, _ = final_stage(base, winners_and_runners_up(base))
    assert isinstance(final, KnockoutTournament)
    assert len(final.bracket) == 8 and final.total_rounds == 3
    walkovers = [m.players for m in final.rounds[0].matches if len(m.players) == 1]
    assert walkovers == [(1,), (2,)]  # 6 qualifiers in 8 slots: seeds 1 and 2 go through
    assert final.knockout == KnockoutSettings()  # no [groups.knockout]: the knockout's defaults


def test_knockout_final_takes_the_qualifiers_as_they_start_the_final() -> None:
    base = event(8, 2, 2, final="knockout")
    seeded = winners_and_runners_up(base)
    gone = seeded[0].player.model_copy(update={"status": "withdrawn", "withdrawn_after": 3})
    final, _, _ = final_stage(base, [replace(seeded[0], player=gone), *seeded[1:]])
    assert isinstance(final, KnockoutTournament)
    assert all(p.status == "active" and p.withdrawn_after is None for p in final.players)


def test_knockout_table_is_for_a_knockout_final_and_is_seeded_from_the_groups() -> None:
    with pytest.raises(ValidationError, match="is for a knockout final"):
        GroupSettings.model_validate({"count": 2, "advance": 1, "knockout": {"games_per_match": 2}})
    with pytest.raises(ValidationError, match="seeded from the group results"):
        GroupSettings.model_validate({"count": 2, "advance": 1, "final": "knockout", "knockout": {"seeding": "drawn"}})
    with pytest.raises(ValidationError, match="last stage must decide"):
        GroupSettings.model_validate({"count": 2, "advance": 1, "final": "knockout",
                                      "knockout": {"tiebreak_stages": ["rapid:2"]}})


@given(st.lists(st.tuples(st.sampled_from("ABCDEF"), st.integers(1, 4), st.integers(0, 2800)), min_size=2,
                max_size=24))
def test_final_seeding_is_place_first_then_rating_then_group(entries: list[tuple[str, int, int]]) -> None:
    chosen = [Qualifier(g, p, Player(start_number=1, name="X", rating=r)) for g, p, r in entries]
    seeded = final_seeding(chosen)
    keys = [(q.place, -q.player.rating, q.group) for q in seeded]
    assert keys == sorted(keys) and sorted(map(id, seeded)) == sorted(map(id, chosen))


def knockout_final_of(groups: int, advance: int, ratings: list[int]) -> KnockoutTournament:
    """The knockout final of ``groups`` groups of ``advance`` qualifiers each, named by group and
    place ("A1", "B2", ...), rated by ``ratings`` in that order."""
    chosen = [Qualifier(group_name(g), place, Player(start_number=1, name=f"{group_name(g)}{place}",
                                                     rating=ratings[g * advance + place - 1]))
              for g in range(groups) for place in range(1, advance + 1)]
    base = event(2 * groups, groups, 1, final="knockout")
    final, _, _ = final_stage(base, final_seeding(chosen))
    assert isinstance(final, KnockoutTournament)
    return final


@given(st.integers(2, 8), st.integers(2, 4), st.lists(st.integers(0, 2800), min_size=32, max_size=32))
def test_knockout_final_never_pairs_two_group_winners_in_round_1(groups: int, advance: int,
                                                                  ratings: list[int]) -> None:
    # the seeded bracket pairs seed i with seed P + 1 - i (P slots, P >= G x K >= 2G): the G group
    # winners, seeds 1 to G, meet runners-up or lower, or go through on a bye, the top seeds first
    final = knockout_final_of(groups, advance, ratings)
    winners = {p.start_number for p in final.players if p.name.endswith("1") and len(p.name) == 2}
    assert winners == set(range(1, groups + 1))
    first = final.rounds[0].matches
    assert all(len(set(m.players) & winners) <= 1 for m in first)
    byes = sorted(m.players[0] for m in first if len(m.players) == 1)
    assert byes == list(range(1, len(final.bracket) - len(final.players) + 1))


@given(st.integers(2, 8), st.integers(1, 4), st.lists(st.integers(0, 2800), min_size=32, max_size=32))
def test_knockout_final_keeps_two_players_of_one_group_apart_in_round_1(groups: int, advance: int,
                                                                        ratings: list[int]) -> None:
    # with at least two groups, moving players among those of one place always finds such a
    # bracket here; each player keeps their place band (winners are seeds 1-G, and so on)
    final = knockout_final_of(groups, advance, ratings)
    group_of = {p.start_number: p.name[0] for p in final.players}
    for match in final.rounds[0].matches:
        if len(match.players) == 2:
            assert group_of[match.players[0]] != group_of[match.players[1]], match.players
    places = [int(p.name[1:]) for p in final.players]
    assert places == sorted(places)


def test_knockout_final_leaves_the_seeding_when_nothing_clashes() -> None:
    chosen = [Qualifier("A", 1, Player(start_number=1, name="A1", rating=2400)),
              Qualifier("B", 1, Player(start_number=1, name="B1", rating=2300)),
              Qualifier("A", 2, Player(start_number=1, name="A2", rating=2200)),
              Qualifier("B", 2, Player(start_number=1, name="B2", rating=2100))]
    base = event(4, 2, 1, final="knockout")
    final, _, _ = final_stage(base, final_seeding(chosen))
    assert isinstance(final, KnockoutTournament)
    assert [p.name for p in final.players] == ["A1", "B1", "A2", "B2"]  # 1 v 4 is A1 v B2, 2 v 3 is B1 v A2


def _clashes(order: list[str], pairs: list[tuple[int, int]]) -> int:
    return sum(order[a][0] == order[b][0] for a, b in pairs)


@given(st.integers(2, 4), st.integers(1, 3), st.randoms(use_true_random=False))
def test_knockout_final_keeps_groups_apart_in_each_players_first_match_when_any_order_can(
        groups: int, advance: int, rng: random.Random) -> None:
    # a brute force over every order that moves players only among those of one place: when one
    # keeps every first match (round 1's, and a bye's round-2 match) free of two of a group, ours
    # does; when one keeps round 1's, ours does
    names = [f"{group_name(g)}{place}" for place in range(1, advance + 1) for g in range(groups)]
    bands = [names[i:i + groups] for i in range(0, len(names), groups)]
    for band in bands:
        rng.shuffle(band)
    seeded = [name for band in bands for name in band]
    ours = apart_in_first_round(seeded, group=lambda q: q[0], band=lambda q: q[1:])
    assert sorted(ours) == sorted(seeded) and [q[1:] for q in ours] == [q[1:] for q in seeded]
    first_round, byes = first_meetings(len(seeded))
    every = [[x for band in choice for x in band] for choice in itertools.product(
        *(itertools.permutations(band) for band in bands))]
    if any(_clashes(order, first_round + byes) == 0 for order in every):
        assert _clashes(ours, first_round + byes) == 0
    elif any(_clashes(order, first_round) == 0 for order in every):
        assert _clashes(ours, first_round) == 0
