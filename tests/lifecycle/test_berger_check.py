"""FIDE C.05 (Annex 1, the Berger tables): a paired round robin keeps to its table."""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.model import Bye, Game, InitialColour, Round, Tournament
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.berger_check import berger_table_problem
from arbiter_cli.lifecycle.integrity import Problem

from lifecycle.events import event, rounds


def _with_round(t: Tournament, number: int, games: list[tuple[int, int]],
                byes: tuple[tuple[int, ByeKind], ...] | list[tuple[int, ByeKind]] = ()) -> Tournament:
    """``t`` with round ``number`` made of these games (every one drawn) and byes."""
    new = Round(number, tuple(Game(w, b, i, GameResult.DRAW) for i, (w, b) in enumerate(games, start=1)),
                tuple(Bye(p, kind) for p, kind in byes))
    return replace(t, rounds=tuple(new if r.number == number else r for r in t.rounds))


def test_c05_a_round_robin_round_follows_the_berger_table() -> None:
    t = rounds(event(6, "round-robin"), 3)
    assert t.settings.initial_colour is InitialColour.BLACK and berger_table_problem(t) is None
    games = [(g.white, g.black) for g in t.rounds[1].games]
    swapped = _with_round(t, 2, [games[0], games[2], games[1]])
    wanted = f"{games[1][0]}-{games[1][1]}"
    assert berger_table_problem(swapped) == Problem("rounds/02.csv", f"the Berger table has {wanted} here", 3)
    colours = _with_round(t, 1, [(b, w) for w, b in ((g.white, g.black) for g in t.rounds[0].games)])
    assert berger_table_problem(colours).message.startswith("the Berger table has 6-1 here")


def test_c05_annex_1_board_1_of_round_1_is_number_1_against_the_last_number() -> None:
    registered = event(4, "round-robin")
    settings = registered.settings.model_copy(update={"rounds": 3, "initial_colour": InitialColour.WHITE})
    t = Tournament(settings, registered.players, (Round(1),))
    assert berger_table_problem(_with_round(t, 1, [(1, 4), (2, 3)])) is None
    assert berger_table_problem(_with_round(t, 1, [(2, 3), (1, 4)])) == Problem(
        "rounds/01.csv", "the Berger table has 1-4 here", 2)


def test_c05_a_round_has_exactly_the_rows_of_the_table() -> None:
    t = rounds(event(6, "round-robin"), 1)
    games = [(g.white, g.black) for g in t.rounds[0].games]
    assert berger_table_problem(_with_round(t, 1, games[:2])) == Problem(
        "rounds/01.csv", "the Berger table has 3 rows in this round, not 2", 4)


def test_c05_the_number_of_rounds_is_the_tables_once_paired() -> None:
    t = rounds(event(6, "round-robin"), 1)
    assert berger_table_problem(replace(t, settings=t.settings.model_copy(update={"rounds": 7}))) == Problem(
        "tournament.toml", "a round-robin of 6 players has 5 rounds, not 7: 'rounds' or 'system' is wrong", field="rounds")
    double = rounds(event(4, "double-round-robin"), 1)
    assert double.settings.rounds == 6 and berger_table_problem(double) is None


def test_c05_the_initial_colour_is_drawn_once_round_1_is_paired() -> None:
    t = rounds(event(4, "round-robin"), 1)
    drawn = t.settings.model_copy(update={"initial_colour": InitialColour.RANDOM})
    assert berger_table_problem(replace(t, settings=drawn)) == Problem(
        "tournament.toml", "must be white or black once round 1 is paired", field="initial_colour")


def test_c05_annex_1_the_player_meeting_the_dummy_of_an_odd_table_has_the_free_round_written_bye() -> None:
    t = rounds(event(5, "round-robin"), 2)
    assert [b.kind for r in t.rounds for b in r.byes] == [ByeKind.BYE, ByeKind.BYE]
    rnd = t.rounds[0]
    pab = _with_round(t, 1, [(g.white, g.black) for g in rnd.games], [(rnd.byes[0].player, ByeKind.PAB)])
    assert berger_table_problem(pab) == Problem("rounds/01.csv", "a round robin's free round is written BYE",
                                                field="result")
    moved = _with_round(t, 1, [(g.white, g.black) for g in rnd.games[1:]], [(rnd.byes[0].player, ByeKind.BYE)])
    assert berger_table_problem(moved).message.startswith("the Berger table has ")


def test_c05_the_double_round_robins_second_cycle_is_the_table_with_colours_reversed() -> None:
    t = rounds(event(4, "double-round-robin"), 6)
    assert berger_table_problem(t) is None
    first = [(g.white, g.black) for g in t.rounds[0].games]
    assert [(g.white, g.black) for g in t.rounds[3].games] == [(b, w) for w, b in first]
    assert berger_table_problem(_with_round(t, 4, first)) == Problem(
        "rounds/04.csv", f"the Berger table has {first[0][1]}-{first[0][0]} here", 2)


def test_a_round_robin_imported_as_played_keeps_only_its_free_rounds_written_bye() -> None:
    t = rounds(event(5, "round-robin"), 1)
    played = replace(t, settings=t.settings.model_copy(update={"berger_tables": False}))
    games = [(g.black, g.white) for g in t.rounds[0].games]
    assert berger_table_problem(_with_round(played, 1, games, [(t.rounds[0].byes[0].player, ByeKind.BYE)])) is None
    assert berger_table_problem(_with_round(played, 1, games, [(t.rounds[0].byes[0].player, ByeKind.ZPB)])) == \
        Problem("rounds/01.csv", "a round robin's free round is written BYE", field="result")


def test_a_swiss_and_an_unpaired_round_robin_have_no_table_to_keep() -> None:
    assert berger_table_problem(rounds(event(6), 2)) is None
    assert berger_table_problem(event(6, "round-robin")) is None
