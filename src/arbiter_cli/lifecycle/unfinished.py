"""Games still being played (``*``) when the next round must be paired: the rules of pairing on them.

C.04.2 3.1: "adjourned games count as draws, for pairing only". The federation's rules add: a
player whose game is unfinished when the next round is paired cannot be the floater (they are paired
within their score group) and cannot get the pairing-allocated bye; a player can be paired this way
at most once in the event, and never for the last two rounds; the real result is entered when the
game ends.

How the program keeps them:

* ``*`` is a result of an **individual Swiss** only, entered in its **last paired round** (the round
  being played): a round robin's rounds follow the Berger tables whatever the results, a knockout's
  match and a team's match wait for the game (:func:`no_unfinished`, in the kinds' checks).
* ``pair`` counts each ``*`` of the last round as a draw with its colours, and keeps its players in
  their score groups without the PAB (:mod:`arbiter_cli.pairing.swiss`); it refuses
  (:func:`check_pairing`) a ``*`` in an earlier round, a round to pair that is one of the last two,
  and a player paired this way once already.
* The real result replaces ``*`` by a plain ``arbiter result`` (``*`` is not a result, so no
  ``--correct``); a game that a later round was paired on keeps the note ``adjourned``
  (:func:`adjourned_note`), which is how the program knows, after the result, that its players were
  paired this way once. Such a game ends over the board: a forfeit cannot replace it
  (:func:`ended_over_the_board`).
* The game shows as ``*``, scores no points and no tie-break reads it until then
  (:mod:`arbiter_cli.core.outcome`); ``finalize`` refuses while one remains.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Game, Round, System, Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.words import listed

if TYPE_CHECKING:  # the checks of result entry, named in annotations only: pair loads no result entry (issue 29)
    from arbiter_cli.lifecycle.entry import Act, Check, Entry, Verdict

__all__ = ["paired_on_unfinished", "check_pairing", "no_unfinished", "entering_unfinished",
           "ended_over_the_board", "adjourned_note", "still_playing", "without_adjourned_notes"]

A = TypeVar("A")

#: The rule's reference, in every refusal.
RULE = "C.04.2 3.1 and the federation's rule on unfinished games"


def still_playing(rnd: Round) -> str:
    """A round's boards still being played, in words: 'board 3', 'boards 3, 5'."""
    boards = rnd.unfinished
    return f"board{'s' if len(boards) > 1 else ''} {listed(boards)}"


def paired_on_unfinished(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """The players a round was paired on while their game was unfinished, with the round and board of
    that game: each game marked ``adjourned``, and each ``*`` of a round that a later round was
    paired on (every round but the last)."""
    found: dict[int, tuple[int, int]] = {}
    for rnd in tournament.rounds[:-1]:
        for game in rnd.games:
            if game.note == "adjourned" or game.result is GameResult.UNFINISHED:
                for tpn in game.players:
                    found.setdefault(tpn, (rnd.number, game.board))
    return found


def check_pairing(tournament: Tournament) -> None:
    """Refuse to pair the next round on unfinished games where the rules forbid it: a ``*`` left in a
    round before the last (it counted as a draw for the round after it only), a round to pair that
    is one of the event's last two, a player paired on an unfinished game once already."""
    number = tournament.last_round + 1
    for rnd in tournament.rounds[:-1]:
        if rnd.unfinished:
            raise Refused(f"round {rnd.number} still has {still_playing(rnd)} being played (*): an unfinished "
                          f"game counts as a draw for the pairing of the round after it only ({RULE}); enter "
                          f"its result before pairing round {number}")
    last = tournament.round(tournament.last_round)
    if last is None or not last.unfinished:
        return
    total = tournament.settings.rounds or number
    results = "the results" if len(last.unfinished) > 1 else "the result"
    if number >= total - 1:
        which = "the last round" if number == total else "the last round but one"
        raise Refused(f"round {last.number} still has {still_playing(last)} being played (*), and round {number} "
                      f"is {which} of {total}: the last two rounds are never paired on an unfinished game "
                      f"({RULE}); enter {results} first")
    earlier = paired_on_unfinished(tournament)
    again = [(tpn, game.board, earlier[tpn]) for game in last.games if game.result is GameResult.UNFINISHED
             for tpn in game.players if tpn in earlier]
    if again:
        named = "; ".join(f"{tournament.by_number[tpn].name} ({tpn}, board {now}) already was, on board {board} of "
                          f"round {rnd}" for tpn, now, (rnd, board) in again)
        boards = listed(sorted({now for _, now, _ in again}))
        raise Refused(f"a player is paired on an unfinished game at most once in the event ({RULE}): {named}; "
                      f"enter the result of round {last.number} board{'s' if len(again) > 1 else ''} {boards} "
                      f"before pairing round {number}")


def no_unfinished(entry: Entry[A], act: Act) -> Verdict:
    """The check of a kind of event without unfinished games (a knockout, a team event): ``*`` is
    refused with the reason."""
    if entry.result is GameResult.UNFINISHED:
        raise Refused(f"* (a game still being played) is for an individual Swiss, whose next round may be paired "
                      f"on it ({RULE}); here a result is entered when the game ends", field="result")
    return None


def entering_unfinished(tournament: Tournament) -> Check[Game]:
    """The check of an individual event's board: ``*`` is entered only in a Swiss (a round robin's
    rounds follow the Berger tables, whatever the results), in its last paired round (the round
    being played), while the event is not finalised."""
    def check(entry: Entry[Game], act: Act) -> Verdict:
        if entry.result is not GameResult.UNFINISHED:
            return None
        settings = tournament.settings
        if settings.system is not System.SWISS:
            raise Refused(f"* (a game still being played) is for a Swiss, whose next round may be paired on it "
                          f"({RULE}); a {settings.system.value}'s rounds follow the Berger tables: enter the "
                          "result when the game ends", field="result")
        if act.finalised:
            raise Refused(f"the event was finalised on {settings.finalised_on}: its games are over, none is still "
                          "being played", field="result")
        if act.round_number != tournament.last_round:
            raise Refused(f"* (a game still being played) is for the round being played, round "
                          f"{tournament.last_round}; round {act.round_number} was paired on already", field="result")
        return None
    return check


def ended_over_the_board(tournament: Tournament) -> Check[Game]:
    """A game that a later round was paired on while it was unfinished (``*`` there, or marked
    ``adjourned``) was being played over the board, with its colours: it ends in a game's result,
    not a forfeit."""
    def check(entry: Entry[Game], act: Act) -> Verdict:
        held = entry.stored is GameResult.UNFINISHED or entry.at.note == "adjourned"
        if (held and act.round_number < tournament.last_round and entry.result is not None
                and entry.result.is_forfeit):
            raise Refused(f"{entry.where} of round {act.round_number} was being played when round "
                          f"{act.round_number + 1} was paired on it ({RULE}): it ends over the board (1-0, 0-1, "
                          "1/2-1/2 or 0-0), not as a forfeit", field="result")
        return None
    return check


def adjourned_note(tournament: Tournament, entry: Entry[Game], act: Act) -> bool:
    """Whether the board keeps, or now takes, the note ``adjourned``: a game's result (not a
    forfeit), on a game that a later round was paired on while it was unfinished."""
    paired_on = act.round_number < tournament.last_round
    held = entry.stored is GameResult.UNFINISHED or entry.at.note == "adjourned"
    return paired_on and held and (entry.result is None or not entry.result.is_forfeit)


def without_adjourned_notes(rnd: Round) -> tuple[Round, list[int]]:
    """The round whose next round is unpaired: its ``adjourned`` notes go (the pairing they recorded is
    gone); the boards that had one."""
    boards = [game.board for game in rnd.games if game.note == "adjourned"]
    if not boards:
        return rnd, []
    games = tuple(replace(g, note=None) if g.note == "adjourned" else g for g in rnd.games)
    return replace(rnd, games=games), boards
