"""The soundness checks of lifecycle/integrity.py, one per rule, on events built by hand."""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.model import Bye, ByeRequest, Game, Round
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.lifecycle.integrity import problems

from .events import event, rounds

W = GameResult.WHITE_WINS


def _messages(t) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(p) for p in problems(t)]


def test_an_event_made_by_the_acts_is_sound() -> None:
    assert problems(rounds(event(7, initial_colour="white"), 3)) == []
    assert problems(rounds(event(5, system="round-robin", initial_colour="white"), 2)) == []


def test_every_round_accounts_for_every_player_present() -> None:
    t = rounds(event(6, initial_colour="white"), 2)
    cut = replace(t.rounds[1], games=t.rounds[1].games[:-1])
    missing = _messages(replace(t, rounds=(t.rounds[0], cut)))
    assert len(missing) == 2 and all(m.startswith("rounds/02.csv: player ") for m in missing)
    assert all("is in neither a game nor a bye of round 2" in m for m in missing)


def test_c04_2_2_4_a_player_missing_from_the_first_rounds_needs_entered_round() -> None:
    t = rounds(event(6, initial_colour="white"), 2)
    extra = t.players[0].model_copy(update={"start_number": 7, "name": "Late, Lou"})
    found = problems(replace(t, players=(*t.players, extra)), {7: 8})
    assert [(p.file, p.line, p.field) for p in found] == [("players.csv", 8, "entered_round")]
    assert "is in no game and no bye of rounds 1-2; a late entry needs entered_round = 3" in found[0].message
    entered = extra.model_copy(update={"entered_round": 3})
    assert problems(replace(t, players=(*t.players, entered))) == []


def test_c04_2_2_4_a_round_cut_short_is_not_taken_for_late_entries() -> None:
    """A player missing from round 1 who plays later: a lost row first, then (maybe) a late entry."""
    t = rounds(event(6, initial_colour="white"), 2)
    cut = replace(t.rounds[0], games=t.rounds[0].games[:-1])
    found = _messages(replace(t, rounds=(cut, t.rounds[1])))
    assert len(found) == 2 and all(m.startswith("rounds/01.csv: player ") for m in found)
    assert all("is in neither a game nor a bye of round 1: a row is missing (a file cut short?), or a late entry "
               "was added by hand: a late entry needs entered_round = 2" in m for m in found)


def test_c04_2_3_2_a_withdrawn_player_plays_no_game_after_the_withdrawal_in_a_swiss() -> None:
    t = rounds(event(6, initial_colour="white"), 2)
    gone = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": 1}) if p.start_number == 1 else p
                 for p in t.players)
    assert any("player 1 (P1) withdrew after round 1 but played on board" in m
               for m in _messages(replace(t, players=gone)))


def test_c04_2_3_2_a_withdrawal_after_the_next_round_is_paired_is_sound() -> None:
    """The withdrawal comes once round 2 is paired: the board waits for its forfeit."""
    t = rounds(event(6, initial_colour="white"), 2)
    waiting = replace(t.rounds[1], games=tuple(replace(g, result=None) for g in t.rounds[1].games))
    board = next(g for g in waiting.games if 1 in g.players)
    gone = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": 1}) if p.start_number == 1 else p
                 for p in t.players)
    assert problems(replace(t, players=gone, rounds=(t.rounds[0], waiting))) == []
    forfeit = GameResult.BLACK_FORFEIT_WIN if board.white == 1 else GameResult.WHITE_FORFEIT_WIN
    forfeited = replace(waiting, games=tuple(replace(g, result=forfeit) if g is board else g for g in waiting.games))
    assert problems(replace(t, players=gone, rounds=(t.rounds[0], forfeited))) == []


def test_c04_1_3_at_most_one_pab_and_only_in_a_swiss() -> None:
    t = event(4, initial_colour="white")
    two = Round(1, (Game(1, 2, 1, W),), (Bye(3, ByeKind.PAB), Bye(4, ByeKind.PAB)))
    assert any("2 pairing-allocated byes (players 3, 4); a round has at most one" in m
               for m in _messages(replace(t, rounds=(two,))))
    free = Round(1, (Game(1, 2, 1, W), Game(3, 4, 2, W)), ())
    robin = event(5, system="round-robin", initial_colour="white")
    pab = Round(1, free.games, (Bye(5, ByeKind.PAB),))
    assert any("pairing-allocated bye in a round robin" in m for m in _messages(replace(robin, rounds=(pab,))))
    swiss = event(5, initial_colour="white")
    berger = Round(1, free.games, (Bye(5, ByeKind.BYE),))
    assert any("free round (BYE) in a Swiss" in m for m in _messages(replace(swiss, rounds=(berger,))))


def test_a_requested_bye_is_for_a_player_still_in_the_event() -> None:
    t = rounds(event(4, initial_colour="white"), 1)
    gone = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": 1}) if p.start_number == 2 else p
                 for p in t.players)
    found = _messages(replace(t, players=gone, byes=(ByeRequest(3, 2, ByeKind.HPB),)))
    assert found == ["byes.csv: player 2 (P2) withdrew after round 1 but has a requested bye in round 3"]


def test_a_missing_result_before_a_later_round_is_incomplete_not_broken() -> None:
    t = rounds(event(4, initial_colour="white"), 2)
    cleared = replace(t.rounds[0], games=(replace(t.rounds[0].games[0], result=None), *t.rounds[0].games[1:]))
    found = problems(replace(t, rounds=(cleared, t.rounds[1])))
    assert [(p.file, p.severity) for p in found] == [("rounds/01.csv", "incomplete")]
    assert found[0].message == "no result on board 1 though round 2 is paired"
