"""The one outcome vocabulary (core/outcome.py) and the domain errors (core/errors.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.core.errors import BadArgument, BrokenFolder, Busy, DomainError, NoPairing, Refused
from arbiter_cli.core.model import Bye, Game, Player, Round, Scoring, Settings, Tournament
from arbiter_cli.core.outcome import Outcome, bye_outcome, game_entries, game_outcomes, kept_round_entries, round_entries
from arbiter_cli.core.results import ByeKind, GameResult


def test_c07_16_1_a_double_loss_is_a_game_played_lost_by_both() -> None:
    """C.07 Art. 16.1: a round is unplayed only when "the participant played no game"; a 0-0 is a
    game both players lost, so it is played (and C.04.2 3.4-3.5 keep it in colours and meetings)."""
    white, black = game_outcomes(GameResult.DOUBLE_LOSS)
    assert white is black is Outcome.LOSS
    assert white.played and white.rating_points == 0
    assert GameResult.DOUBLE_LOSS.played


def test_c04_2_3_5_a_double_forfeit_is_unplayed_for_both() -> None:
    white, black = game_outcomes(GameResult.DOUBLE_FORFEIT)
    assert white is black is Outcome.FORFEIT_LOSS
    assert not white.played and white.forfeit and white.rating_points is None
    assert not GameResult.DOUBLE_FORFEIT.played


@pytest.mark.parametrize("result", [result for result in GameResult if result.final])
def test_every_board_result_gives_each_side_one_outcome(result: GameResult) -> None:
    white, black = game_outcomes(result)
    assert white.played == black.played == result.played
    assert (white.forfeit or black.forfeit) == result.is_forfeit
    assert white.symbol in "1½0+-" and black.symbol in "1½0+-"


def test_c04_2_3_1_a_game_still_being_played_is_on_the_board_but_not_yet_a_game_played() -> None:
    """``*``: the game is played over the board with its colours (what the next pairing reads, as a
    draw: C.04.2 3.1), but it has no result yet: no points, and no tie-break counts it."""
    white, black = game_outcomes(GameResult.UNFINISHED)
    assert white is black is Outcome.UNFINISHED and white.symbol == "*"
    assert GameResult.UNFINISHED.played and not GameResult.UNFINISHED.is_forfeit and not GameResult.UNFINISHED.final
    assert not white.played and not white.forfeit and not white.bye and white.rating_points is None
    assert Scoring().game_points(GameResult.UNFINISHED) == (0, 0)


@pytest.mark.parametrize("kind", list(ByeKind))
def test_every_bye_kind_is_a_bye_outcome(kind: ByeKind) -> None:
    outcome = bye_outcome(kind)
    assert outcome.bye and not outcome.played and not outcome.forfeit
    assert outcome.symbol == kind.value


def test_entries_score_in_the_events_own_points() -> None:
    """3/1/0: a win is 3, a PAB a win's points, a result not entered yet 0 and pending."""
    settings = Settings(name="x", system="swiss", rounds=3, seed=1, scoring=Scoring(win=3, draw=1))
    players = tuple(Player(start_number=i, name=f"P{i}") for i in range(1, 6))
    rounds = (Round(1, (Game(1, 2, 1, GameResult.WHITE_WINS), Game(3, 4, 2)), (Bye(5, ByeKind.PAB),)),)
    entries = round_entries(Tournament(settings, players, rounds))
    assert [(e.outcome, e.points, e.opponent, e.colour) for e in entries[1]] == [(Outcome.WIN, 3, 2, "w")]
    assert entries[3][0].outcome is Outcome.PENDING and entries[3][0].points == 0 and not entries[3][0].counted
    assert entries[5][0].outcome is Outcome.PAB and entries[5][0].points == Fraction(3)


def test_the_entries_are_made_once_per_tournament_each_caller_has_its_own_lists_and_a_new_result_its_own() -> None:
    """issue 29: a publish's standings, crosstable and player cards read the entries made once; a
    caller that changes its lists changes no other caller's, and the tournament a result makes has
    entries made from it."""
    settings = Settings(name="x", system="swiss", rounds=3, seed=1)
    players = tuple(Player(start_number=i, name=f"P{i}") for i in range(1, 5))
    waiting = Tournament(settings, players, (Round(1, (Game(1, 2, 1), Game(3, 4, 2))),))
    first = round_entries(waiting)
    first[1].append(first[2][0])  # a caller's own change
    again = round_entries(waiting)
    assert [e.round for e in again[1]] == [1] and again[1][0] is first[1][0]  # made once, its lists new
    assert round_entries(waiting, 0) == {n: [] for n in range(1, 5)}
    played = Tournament(settings, players, (Round(1, (Game(1, 2, 1, GameResult.WHITE_WINS), Game(3, 4, 2))),))
    assert round_entries(played)[1][0].outcome is Outcome.WIN and round_entries(waiting)[1][0].outcome is Outcome.PENDING


@pytest.mark.parametrize("result", [*GameResult, None])
def test_a_round_s_entries_are_the_entries_of_its_boards_whatever_the_result(result: GameResult | None) -> None:
    """issue 29: round_entries reads each result once and makes its entries without a dataclass's
    __init__; they are the very entries game_entries makes of the board (equal, hashed alike)."""
    settings = Settings(name="x", system="swiss", rounds=3, seed=1, scoring=Scoring(win=3, draw=1))
    players = tuple(Player(start_number=i, name=f"P{i}") for i in range(1, 5))
    games = (Game(1, 2, 1, result), Game(4, 3, 2, result))
    entries = kept_round_entries(Tournament(settings, players, (Round(1, games),)))
    for game in games:
        white, black = game_entries(1, game, settings.scoring)
        assert (entries[game.white], entries[game.black]) == ((white,), (black,))
        assert hash(entries[game.white][0]) == hash(white) and repr(entries[game.black][0]) == repr(black)


@pytest.mark.parametrize("kind", [BadArgument, BrokenFolder, Refused, Busy, NoPairing])
def test_domain_errors_are_value_errors_with_their_location(kind: type[DomainError]) -> None:
    error = kind("no such board", source="r.txt", line=3, field="board")
    assert isinstance(error, ValueError)
    assert str(error) == "r.txt, line 3, field 'board': no such board"
    moved = error.at(field="BOARD")
    assert type(moved) is kind and str(moved) == "r.txt, line 3, field 'BOARD': no such board"


@pytest.mark.parametrize("sample", ["swiss32-in-progress", "rr10-in-progress", "swiss-open-finished-prizes"])
def test_the_entries_up_to_a_round_read_from_a_later_rounds_are_the_entries_made_afresh(sample: str) -> None:
    """Each player's entries up to round k, when those up to a later round were made first, are their
    first ones (issue 29): the same entries as made for round k alone, for every k."""
    from conftest import ROOT

    from arbiter_cli.store.tournament import TournamentFolder

    folder = TournamentFolder(ROOT / "sample_events" / sample)
    fresh = folder.load()
    last = fresh.last_round
    expected = {k: kept_round_entries(folder.load(), k) for k in range(last + 1)}
    assert kept_round_entries(fresh, last) == expected[last]
    for k in range(last - 1, -1, -1):
        assert kept_round_entries(fresh, k) == expected[k], k
