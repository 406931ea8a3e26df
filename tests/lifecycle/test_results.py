"""Entering results: the bulk parser, compare-and-set, corrections and the no-show rule."""

from __future__ import annotations

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Status
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.results import (UNSET, ResultLine, enter_results, parse_result_lines, result_line,
                                           standing_changes_said)

from .events import event, played

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def _paired(players: int = 6, **settings: object):  # type: ignore[no-untyped-def]
    return pair_round(event(players, initial_colour="white", **settings)).tournament


def test_bulk_input_reads_board_result_and_what_was_seen() -> None:
    lines = parse_result_lines("1 1-0\n  # a comment\n2 ½-½ was none\n3 -/+ was 1-0  # with a comment\n", "r.txt")
    assert [(r.board, r.result, r.line, r.was) for r in lines] == [
        (1, W, 1, UNSET), (2, D, 3, None), (3, GameResult.BLACK_FORFEIT_WIN, 4, W)]


@pytest.mark.parametrize("text, where", [
    ("1 1-0 0-1\n", "r.txt, line 1: expected 'BOARD RESULT' or 'BOARD RESULT was OLD'"),
    ("x 1-0\n", "r.txt, line 1, field 'board': 'x' is not a board number"),
    ("1 1-0\n1 0-1\n", "r.txt, line 2, field 'board': board 1 is already given on line 1"),
    ("1 2-1\n", "r.txt, line 1, field 'result': unknown result '2-1'"),
    ("1 1-0 was x\n", "r.txt, line 1, field 'was': unknown result 'x'"),
    ("# nothing\n", "r.txt: no results in the input"),
])
def test_bulk_input_names_the_line_and_field_of_a_bad_line(text: str, where: str) -> None:
    with pytest.raises(BadArgument) as error:
        parse_result_lines(text, "r.txt")
    assert str(error.value).startswith(where)


def test_one_result_needs_a_board_and_a_code() -> None:
    assert result_line(2, "0-1") == ResultLine(2, B)
    with pytest.raises(BadArgument, match="give BOARD and RESULT"):
        result_line(None, "1-0")
    with pytest.raises(BadArgument) as error:
        result_line(1, "1:0")
    assert error.value.field == "result"


def test_compare_and_set_saves_nothing_when_the_stored_result_moved() -> None:
    t = enter_results(_paired(), 1, [ResultLine(1, W)]).tournament
    with pytest.raises(Refused, match="nothing saved, because the stored result changed meanwhile: board 1: "
                                      "stored 1-0, yours 0-1 \\(based on none\\)"):
        enter_results(t, 1, [ResultLine(2, D, was=None), ResultLine(1, B, was=None)])
    entered = enter_results(t, 1, [ResultLine(1, B, was=W)])
    assert entered.round.game(1).result is B and entered.changes[0].change == "round 1 board 1 correction"  # type: ignore[union-attr]


def test_a_stale_was_old_line_is_named_by_its_input_and_line() -> None:
    """Trial of issue 29: a ``was OLD`` that no longer holds named the board but not the file or the line
    of ``--from``; the input's first stale line is named as every other bad line is."""
    t = enter_results(_paired(), 1, [ResultLine(1, W)]).tournament
    lines = parse_result_lines("2 ½-½\n1 0-1 was none\n", "r.txt")
    with pytest.raises(Refused) as error:
        enter_results(t, 1, lines, source="r.txt")
    assert (error.value.source, error.value.line) == ("r.txt", 2)
    assert str(error.value) == ("r.txt, line 2: round 1: nothing saved, because the stored result changed meanwhile: "
                                "board 1: stored 1-0, yours 0-1 (based on none)")


def test_c04_2_4_3_an_entered_result_changes_only_as_a_correction() -> None:
    t = enter_results(_paired(), 1, [ResultLine(1, W)]).tournament
    with pytest.raises(Refused, match="board 1 has 1-0, not 0-1 \\(give --correct"):
        enter_results(t, 1, [ResultLine(1, B)])
    assert enter_results(t, 1, [ResultLine(1, B)], correct=True).round.game(1).result is B  # type: ignore[union-attr]
    assert enter_results(t, 1, [ResultLine(1, W)]).changes == ()  # the same result: nothing changes


def test_a_board_the_round_does_not_have_is_a_bad_argument() -> None:
    with pytest.raises(BadArgument) as error:
        enter_results(_paired(), 1, [ResultLine(9, W, line=4)], source="r.txt")
    assert str(error.value) == "r.txt, line 4, field 'board': round 1 has no board 9 (boards 1 to 3)"
    with pytest.raises(BadArgument) as missing:
        enter_results(_paired(), 7, [ResultLine(1, W)])
    assert missing.value.field == "round_number"


def test_a_finalised_event_takes_only_corrections_and_stores_its_final_standings_again() -> None:
    t = played(_paired())
    t = t.__class__(t.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": "2026-02-01"}),
                    t.players, t.rounds)
    with pytest.raises(Refused, match="give --correct"):
        enter_results(t, 1, [ResultLine(1, W)])
    entered = enter_results(t, 1, [ResultLine(1, W)], correct=True)
    assert entered.finalised and "final standings" in [c.change for c in entered.changes]
    # ... and says whose final rank or points the correction changed, old -> new
    assert entered.changes[-1].change.startswith("final standings: player ")


def test_a_finalised_event_names_each_change_not_marked_as_a_correction() -> None:
    t = played(_paired())
    t = t.__class__(t.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": "2026-02-01"}),
                    t.players, t.rounds)
    with pytest.raises(Refused) as error:
        enter_results(t, 1, [ResultLine(1, W), ResultLine(2, B)])
    assert str(error.value) == ("round 1: board 1 has 1/2-1/2, not 1-0; board 2 has 1/2-1/2, not 0-1 "
                                "(give --correct to change an entered result)")
    # a line based on a result no longer stored is stale, before it is a removal refused
    with pytest.raises(Refused, match="^round 1: nothing saved, because the stored result changed meanwhile: "
                                      "board 1: stored 1/2-1/2, yours none \\(based on 0-1\\)$"):
        enter_results(t, 1, [ResultLine(1, None, was=B)])


def test_excused_marks_a_forfeit_only() -> None:
    entered = enter_results(_paired(), 1, [ResultLine(1, GameResult.WHITE_FORFEIT_WIN), ResultLine(2, W)],
                            excused=True)
    assert entered.round.game(1).note == "excused" and entered.round.game(2).note is None  # type: ignore[union-attr]
    assert entered.changes[0].new == "+/- (excused)"


def test_grc_6_5_an_unexcused_no_show_withdraws_the_player_only_when_confirmed() -> None:
    t = _paired()
    forfeit = [ResultLine(1, GameResult.WHITE_FORFEIT_WIN)]
    loser = t.rounds[0].game(1).black  # type: ignore[union-attr]
    with pytest.raises(Refused, match="this forfeit withdraws .*Nothing was saved: give --confirm"):
        enter_results(t, 1, forfeit)
    entered = enter_results(t, 1, forfeit, confirm=True)
    assert entered.tournament.by_number[loser].withdrawn_after == 1
    assert entered.withdrawn[0].endswith("1 no-show without notice (the event withdraws a player after 1)")
    excused = enter_results(t, 1, forfeit, excused=True)
    assert not excused.tournament.by_number[loser].is_withdrawn  # one excused no-show: the rule needs 2


def test_correcting_a_forfeit_leaves_its_no_show_withdrawal_and_says_so() -> None:
    t = _paired()
    t = enter_results(t, 1, [ResultLine(1, GameResult.WHITE_FORFEIT_WIN)], confirm=True).tournament
    corrected = enter_results(t, 1, [ResultLine(1, W)], correct=True)
    assert corrected.notes and "is still withdrawn (after round 1)" in corrected.notes[0]


def test_c04_2_4_3_a_correction_in_a_big_field_names_the_later_rounds_without_pairing_them_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: a correction in round 5 of a 1000-player event paired rounds 6-11 again (17 s) to say
    which would now come out differently. Above ``PAIRED_AGAIN_AT_MOST`` players the note names the
    rounds paired on the old result and points to ``trf check``; no round is paired again."""
    import arbiter_cli.lifecycle.results as results

    t = pair_round(played(_paired(8))).tournament
    small = enter_results(t, 1, [ResultLine(1, W)], correct=True)
    assert small.notes and "paired again now" in small.notes[0]
    monkeypatch.setattr(results, "PAIRED_AGAIN_AT_MOST", 7)

    def never(*_: object) -> bool:
        raise AssertionError("a big field's later rounds are not paired again")
    monkeypatch.setattr(results, "pairs_as_stored", never)
    big = enter_results(t, 1, [ResultLine(1, W)], correct=True)
    assert big.notes == ("note: round 2 was paired before this correction of round 1; published pairings "
                         "stand (C.04.2 4.3); whether paired again now it would come out differently is not "
                         "checked above 7 players: 'arbiter trf check' on an export shows it",)


def test_a_finalised_correction_counts_as_moved_only_the_players_whose_rank_changed() -> None:
    """C.04.2 4.3 (a correction after finalising stores the final standings again): the summary said
    "3 players moved" when one of the three only had other points at the same rank."""
    gupta = Change("final standings: player 1 (Gupta, Arjun)", "rank 2, 1 point", "rank 2-3, 1 point")
    castro = Change("final standings: player 4 (Castro, Lucia)", "rank 3, ½ points", "rank 2-3, 1 point")
    eriksen = Change("final standings: player 2 (Eriksen, Nils)", "rank 4, ½ points", "rank 4, 0 points")
    assert standing_changes_said([gupta, castro, eriksen]) == "2 players moved, 1 player has other points at the same rank"
    assert standing_changes_said([gupta]) == "1 player moved"
    assert standing_changes_said([eriksen, eriksen]) == "no rank changed, 2 players have other points at the same rank"
    assert standing_changes_said([]) == "no rank or score changed"
