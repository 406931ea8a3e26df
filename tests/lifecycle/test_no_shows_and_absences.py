"""Issue 27, no-shows and absences, on the acts: the no-show rule as a setting, a withdrawal undone,
a correction that takes a no-show back, a player absent from round 1, absences in bulk, and a round
paired by hand that names a player who is not in it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Settings
from arbiter_cli.core.no_show_rule import NO_SHOW_RULES, NoShowLimits
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.absences import parse_bye_lines, parse_withdrawal_lines, request_byes, withdraw_players
from arbiter_cli.lifecycle.manual_pairing import pair_by_hand
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.noshows import withdrawal_reason
from arbiter_cli.lifecycle.results import ResultLine, enter_results
from arbiter_cli.lifecycle.withdrawals import reinstate_player, withdraw_player

from .events import event, played, rounds

WHITE_FORFEIT, BLACK_FORFEIT = GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN


def _paired(players: int = 6, **settings: object):  # type: ignore[no-untyped-def]
    return pair_round(event(players, initial_colour="white", **settings)).tournament


def _forfeit(t, board: int = 1, *, excused: bool = False, confirm: bool = True):  # type: ignore[no-untyped-def]
    """Board ``board`` of the last round: White wins by forfeit (Black did not come)."""
    return enter_results(t, t.last_round, [ResultLine(board, WHITE_FORFEIT)], excused=excused, confirm=confirm)


# -- the rule as a setting --------------------------------------------------------------------------


def test_no_show_rule_off_never_withdraws() -> None:
    t = _paired(no_show_rule="off")
    black = t.rounds[0].game(1).black
    entered = _forfeit(t, confirm=False)  # nothing to confirm: nobody is withdrawn
    assert not entered.tournament.by_number[black].is_withdrawn and entered.withdrawn == ()


def test_no_show_rule_fide_withdraws_after_one_unexcused_and_never_after_excused_ones() -> None:
    """C.04.2 (2017) D.2: a player absent without notice is withdrawn; one who gave notice is not,
    however often."""
    t = _paired(no_show_rule="fide")
    black = t.rounds[0].game(1).black
    with pytest.raises(Refused, match="1 no-show without notice"):
        _forfeit(t, confirm=False)
    excused = t
    for _ in range(3):
        loser = next(g for g in excused.rounds[-1].games if black in g.players)
        code = WHITE_FORFEIT if loser.black == black else BLACK_FORFEIT
        excused = played(enter_results(excused, excused.last_round, [ResultLine(loser.board, code)],
                                       excused=True).tournament)
        assert not excused.by_number[black].is_withdrawn
        excused = pair_round(excused).tournament


def test_no_show_rule_federation_withdraws_after_one_unexcused_or_two_in_all() -> None:
    t = _paired()  # the default
    assert t.settings.no_show_rule == "federation"
    black = t.rounds[0].game(1).black
    assert withdrawal_reason(_forfeit(t).tournament, black) == \
        "1 no-show without notice (the event withdraws a player after 1)"
    once = played(_forfeit(t, excused=True).tournament)
    assert not once.by_number[black].is_withdrawn
    again = pair_round(once).tournament
    board = next(g for g in again.rounds[-1].games if black in g.players)
    code = WHITE_FORFEIT if board.black == black else BLACK_FORFEIT
    with pytest.raises(Refused, match="2 no-shows \\(the event withdraws a player after 2\\)"):
        enter_results(again, 2, [ResultLine(board.board, code)], excused=True)


def test_the_named_rules_are_the_limits_of_the_older_counts() -> None:
    """How the two forms relate: each rule is the pair (without notice, in all) an older folder kept;
    the pair reads as the rule's name, and a pair of no name as its own text, so that its meaning stays."""
    base = {"name": "x", "system": "swiss", "rounds": 5, "seed": 1}
    for name, (unexcused, total) in NO_SHOW_RULES.items():
        older = Settings.model_validate({**base, "withdraw_after_unexcused": unexcused,
                                         "withdraw_after_no_shows": total})
        assert older.no_show_rule == name and older.no_show_limits == NoShowLimits(unexcused, total)
    assert Settings.model_validate(base).no_show_rule == "federation"  # neither key: both defaults, (1, 2)
    assert Settings.model_validate({**base, "withdraw_after_no_shows": 0}).no_show_rule == "fide"
    custom = Settings.model_validate({**base, "withdraw_after_no_shows": 1})
    assert custom.no_show_rule == "1 without notice, 1 in all" and custom.no_show_limits == NoShowLimits(1, 1)
    assert Settings.model_validate(custom.model_dump()) == custom  # read back as it is written


def test_the_no_show_rule_is_a_plain_field_a_generic_setter_changes() -> None:
    """What ``arbiter settings set no_show_rule X`` does: the settings as they are, one field
    replaced, validated again."""
    settings = Settings.model_validate({"name": "x", "system": "swiss", "rounds": 5, "seed": 1})
    assert Settings.model_validate({**settings.model_dump(), "no_show_rule": "OFF"}).no_show_rule == "off"
    with pytest.raises(ValidationError) as error:
        Settings.model_validate({**settings.model_dump(), "no_show_rule": "always"})
    assert error.value.errors()[0]["loc"] == ("no_show_rule",)


def test_the_older_counts_beside_the_rule_are_refused_naming_the_key() -> None:
    base = {"name": "x", "system": "swiss", "rounds": 5, "seed": 1}
    with pytest.raises(ValidationError) as both:
        Settings.model_validate({**base, "no_show_rule": "off", "withdraw_after_unexcused": 0})
    assert both.value.errors()[0]["loc"] == ("withdraw_after_unexcused",)
    with pytest.raises(ValidationError) as negative:
        Settings.model_validate({**base, "withdraw_after_no_shows": -1})
    assert negative.value.errors()[0]["loc"] == ("withdraw_after_no_shows",)


# -- a withdrawal undone -----------------------------------------------------------------------------


def test_reinstate_undoes_a_withdrawal_no_round_depends_on() -> None:
    t = rounds(event(6, initial_colour="white"), 1)
    t, _, _, _ = withdraw_player(t, 4)
    after, player, changes, notes = reinstate_player(t, 4)
    assert not after.by_number[4].is_withdrawn and player.withdrawn_after == 1 and notes == []
    assert (changes[0].change, changes[0].old, changes[0].new) == ("player 4 (P4) status", "withdrawn after round 1",
                                                                  "active (reinstated)")
    assert 4 in {p for g in pair_round(after).round.games for p in g.players}  # paired again


def test_reinstate_refused_when_a_later_round_left_the_player_out() -> None:
    t = rounds(event(6, initial_colour="white"), 1)
    t, _, _, _ = withdraw_player(t, 4)
    t = pair_round(t).tournament
    with pytest.raises(Refused, match="round 2 was paired without P4, who withdrew after round 1: unpair round 2 "
                                      "first"):
        reinstate_player(t, 4)


def test_reinstate_keeps_the_forfeits_of_a_withdrawal_dated_back_and_names_them() -> None:
    t = pair_round(event(6, initial_colour="white")).tournament
    t, _, _, _ = withdraw_player(t, 2, 0)  # dated back: round 1 is paired, its game not played
    board = next(g for g in t.rounds[0].games if 2 in g.players)
    t = enter_results(t, 1, [ResultLine(board.board, BLACK_FORFEIT if board.white == 2 else WHITE_FORFEIT)],
                      confirm=True).tournament
    after, _, _, notes = reinstate_player(t, 2)
    assert not after.by_number[2].is_withdrawn
    code = "-/+" if board.white == 2 else "+/-"
    assert notes == [f"round 1 board {board.board} keeps its forfeit ({code}); if the game is played: 'arbiter "
                     f"result 1 {board.board} RESULT --correct'"]


def test_reinstate_of_a_player_not_withdrawn_is_refused() -> None:
    with pytest.raises(Refused, match="P1 is not withdrawn"):
        reinstate_player(rounds(event(4, initial_colour="white"), 1), 1)


# -- a correction that takes the no-show back ------------------------------------------------------------


def test_correcting_the_forfeit_that_withdrew_a_player_names_the_reinstate_command() -> None:
    """The choice pinned: the correction does not reinstate; it names the exact command that does."""
    t = _paired()
    black = t.rounds[0].game(1).black
    t = _forfeit(t).tournament
    corrected = enter_results(t, 1, [ResultLine(1, GameResult.DRAW)], correct=True)
    assert corrected.tournament.by_number[black].is_withdrawn  # the withdrawal stays until reinstated
    assert corrected.notes[0] == (f"note: P{black} is still withdrawn (after round 1), though the no-show rule "
                                  f"would not withdraw them now: 'arbiter player reinstate {black}' undoes the "
                                  "withdrawal")


def test_correcting_to_an_excused_forfeit_offers_the_reinstate_under_the_fide_rule() -> None:
    t = _paired(no_show_rule="fide")
    black = t.rounds[0].game(1).black
    t = _forfeit(t).tournament
    corrected = enter_results(t, 1, [ResultLine(1, WHITE_FORFEIT)], correct=True, excused=True)
    assert f"'arbiter player reinstate {black}'" in corrected.notes[0]


def test_correcting_one_no_show_when_the_rule_still_withdraws_says_why() -> None:
    t = _paired(no_show_rule="1 without notice, 1 in all")  # an older folder's counts: any no-show withdraws
    black = t.rounds[0].game(1).black
    t = _forfeit(t).tournament
    corrected = enter_results(t, 1, [ResultLine(1, WHITE_FORFEIT)], correct=True, excused=True)  # notice was given
    assert corrected.notes[0] == (f"note: P{black} is still withdrawn (after round 1): the no-show rule still "
                                  "withdraws them, 1 no-show (the event withdraws a player after 1)")


def test_the_reinstate_offer_names_the_round_paired_without_the_player() -> None:
    t = _paired()
    black = t.rounds[0].game(1).black
    t = pair_round(played(_forfeit(t).tournament)).tournament
    corrected = enter_results(t, 1, [ResultLine(1, GameResult.DRAW)], correct=True)
    assert (f"round 2 was paired without them: 'arbiter unpair' it, then 'arbiter player reinstate {black}'"
            in corrected.notes[0])


# -- absent from round 1 ----------------------------------------------------------------------------------


def test_a_swiss_player_absent_from_round_1_stays_registered_and_is_never_paired() -> None:
    """C.04.2 3.3: a player known in advance to be absent is not paired; the registration stays."""
    t = event(6, initial_colour="white")
    with pytest.raises(Refused, match="'arbiter player remove 3' takes the registration off the list; "
                                      "'--after-round 0' keeps P3 on it, absent from round 1 on"):
        withdraw_player(t, 3)
    after, _, last, changes = withdraw_player(t, 3, 0)
    assert last == 0 and after.by_number[3].withdrawn_after == 0 and len(after.players) == 6
    assert changes[0].new == "withdrawn after round 0"
    paired = pair_round(after).round
    assert 3 not in {p for g in paired.games for p in g.players} | {b.player for b in paired.byes}


def test_absent_from_round_1_is_refused_in_a_round_robin_whose_schedule_is_drawn_for_its_players() -> None:
    with pytest.raises(Refused, match="schedule is drawn for the players registered when round 1 is paired"):
        withdraw_player(event(5, system="round-robin"), 2, 0)


# -- absences in bulk -----------------------------------------------------------------------------------------


def test_bulk_byes_are_every_request_of_the_file_in_order() -> None:
    t = rounds(event(8, initial_colour="white", max_half_byes=1), 1)
    lines = parse_bye_lines("# round 3\n2 3 half\n\n5 3 zero  # exam\n6 4 HPB\n", "absent.txt")
    after, changes = request_byes(t, lines, "absent.txt")
    assert [(b.round, b.start_number, b.kind) for b in after.byes] == [(3, 2, ByeKind.HPB), (3, 5, ByeKind.ZPB),
                                                                      (4, 6, ByeKind.HPB)]
    assert [c.new for c in changes] == ["HPB", "ZPB", "HPB"]


def test_bulk_byes_are_all_or_nothing_naming_the_file_line_and_field() -> None:
    t = rounds(event(8, initial_colour="white", max_half_byes=1), 1)
    lines = parse_bye_lines("2 3 half\n2 4 half\n", "absent.txt")  # the second is over max_half_byes
    with pytest.raises(Refused) as error:
        request_byes(t, lines, "absent.txt")
    assert str(error.value) == ("absent.txt, line 2: P2 has already taken or requested 1 half-point bye, the most "
                                "this event allows")
    with pytest.raises(BadArgument) as round_error:
        request_byes(t, parse_bye_lines("2 9 zero\n", "absent.txt"), "absent.txt")
    assert str(round_error.value).startswith("absent.txt, line 1, field 'ROUND': there is no round 9")


@pytest.mark.parametrize("text, where", [
    ("2 3\n", "a.txt, line 1: expected 'ID ROUND KIND' (KIND: half or zero)"),
    ("x 3 half\n", "a.txt, line 1, field 'ID': 'x' is not a start number"),
    ("2 three half\n", "a.txt, line 1, field 'ROUND': 'three' is not a round number"),
    ("\n# none\n2 3 full\n", "a.txt, line 3, field 'KIND': 'full' is not a requested bye"),
    ("# nothing\n", "a.txt: no byes in the input"),
])
def test_a_bad_bulk_bye_line_is_named_with_its_file_line_and_field(text: str, where: str) -> None:
    with pytest.raises(BadArgument) as error:
        parse_bye_lines(text, "a.txt")
    assert str(error.value).startswith(where)


def test_bulk_withdrawals_are_all_or_nothing_naming_the_file_and_line() -> None:
    t = pair_round(rounds(event(8, initial_colour="white"), 1)).tournament  # round 2 paired, not played
    after, withdrawn, changes = withdraw_players(t, parse_withdrawal_lines("3\n5 1\n", "w.txt"), "w.txt")
    assert [(p.start_number, last) for p, last in withdrawn] == [(3, 2), (5, 1)] and len(changes) == 2
    with pytest.raises(Refused) as error:
        withdraw_players(after, parse_withdrawal_lines("6\n3\n", "w.txt"), "w.txt")
    assert str(error.value) == "w.txt, line 2: P3 already withdrew after round 2"
    with pytest.raises(BadArgument) as bad:
        withdraw_players(t, parse_withdrawal_lines("6 9\n", "w.txt"), "w.txt")
    assert str(bad.value).startswith("w.txt, line 1, field 'AFTER_ROUND': must be between 0 and 2")
    with pytest.raises(BadArgument, match="w.txt, line 2, field 'ID': player 6 is given on line 1 already"):
        parse_withdrawal_lines("6\n6 1\n", "w.txt")


# -- a round paired by hand -------------------------------------------------------------------------------------


def test_pair_by_hand_on_a_round_already_paired_says_to_unpair_it_first() -> None:
    t = _paired()
    with pytest.raises(Refused, match="^round 1 is already paired and has no result yet: to pair it by hand, "
                                      "'arbiter unpair' it first"):
        pair_by_hand(t, [(1, 2), (3, 4), (5, 6)], None)


def test_pair_by_hand_naming_a_withdrawn_player_says_to_reinstate_them() -> None:
    t = rounds(event(6, initial_colour="white"), 1)
    t, _, _, _ = withdraw_player(t, 4)
    t, _ = request_byes(t, parse_bye_lines("6 2 zero\n", "-"), "-")
    with pytest.raises(Refused) as error:
        pair_by_hand(t, [(1, 2), (3, 4), (5, 6)], None)
    assert str(error.value) == ("round 2 by hand pairs players who are not in it: 4 (P4) withdrew after round 1: "
                                "'arbiter player reinstate 4' brings them back; 6 (P6) has a requested bye (ZPB) in "
                                "round 2: 'arbiter bye cancel 6 --round 2' cancels it; or leave them out of the file")


def test_a_player_the_no_show_rule_withdrew_who_played_on_is_reinstated_then_paired_by_hand() -> None:
    """The replay of a real event: the rule withdrew a player after a second forfeit, but the real
    round 3 has them play; reinstating them lets the real round be paired by hand."""
    t = _paired(8)
    black = t.rounds[0].game(1).black
    t = played(pair_round(played(_forfeit(t, excused=True).tournament)).tournament)
    # round 2 was entered as a draw; it was a second forfeit (with notice): two in all withdraw
    second = next(g for g in t.rounds[1].games if black in g.players)
    code = WHITE_FORFEIT if second.black == black else BLACK_FORFEIT
    t = enter_results(t, 2, [ResultLine(second.board, code)], correct=True, excused=True, confirm=True).tournament
    assert t.by_number[black].withdrawn_after == 2
    real = [(1, 2), (3, 4), (5, 6), (7, 8)]  # the real round 3
    with pytest.raises(Refused, match=f"'arbiter player reinstate {black}' brings them back"):
        pair_by_hand(t, real, None, force=True, reason="the real round")
    t, _, _, _ = reinstate_player(t, black)
    done = pair_by_hand(t, real, None, force=True, reason="the real round")
    assert black in {p for g in done.round.games for p in g.players}
