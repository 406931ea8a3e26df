"""Entering an individual event's results: one board, or many at once, with compare-and-set.

The mechanism is :mod:`.entry`'s (a result already entered changes only as a correction; a bulk
line ``BOARD RESULT was OLD`` is saved only while the stored result is still ``OLD``); this module
is the individual event's kind of it: a line is a board of the round. A forfeit may trigger the
event's no-show rule (:mod:`.noshows`), which the arbiter must confirm. A correction of a finalised
event stores its final standings again (C.04.2 4.3: late corrections count for rating only; the
standings follow).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Game, Round, Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.words import listed, rounds_named
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.entry import (UNCHANGED, UNSET, Act, Applied, Check, Entry, Seat, Unset, Verdict,
                                         compare_and_set, journal_line, needs_correct, not_removed, read_result,
                                         read_result_lines, stale)
from arbiter_cli.lifecycle.guards import find_round
from arbiter_cli.lifecycle.noshows import apply_no_show_rule, forfeit_losers, withdrawal_reason
from arbiter_cli.lifecycle.standings import final_standing_changes
from arbiter_cli.lifecycle.unfinished import adjourned_note, ended_over_the_board, entering_unfinished
from arbiter_cli.lifecycle.withdrawals import left_out_after
from arbiter_cli.pairing import pairs_as_stored

__all__ = ["Unset", "UNSET", "ResultLine", "read_result", "result_line", "parse_result_lines", "read_result_lines",
           "round_seats", "pgn_results",
           "Entered",
           "enter_results", "standing_changes_said"]


@dataclass(frozen=True)
class ResultLine:
    """One result to enter: the board, the result (None clears it), the line of the bulk
    input it came from, and the stored result it expects (``was``), if any."""

    board: int
    result: GameResult | None
    line: int | None = None
    was: GameResult | None | Unset = UNSET


def result_line(board: int | None, code: str | None) -> ResultLine:
    """The one result of ``arbiter result ROUND BOARD RESULT``."""
    if board is None or code is None:
        raise BadArgument("give BOARD and RESULT (for example: arbiter result 3 5 1-0), or --from FILE")
    return ResultLine(board, read_result(code))


def parse_result_lines(text: str, source: str, rnd: Round | None = None) -> list[ResultLine]:
    """Bulk input: one ``BOARD RESULT`` or ``BOARD RESULT was OLD`` per line; ``#`` starts a comment.
    Given the round, a line may name the board by its players' start numbers, White first: ``WHITE
    BLACK RESULT`` (or ``... was OLD``), told apart by its three (five) fields (:func:`.entry.read_result_lines`).

    >>> [(r.board, r.result, r.was) for r in parse_result_lines("1 1-0\\n# note\\n2 = was none", "-")]
    [(1, <GameResult.WHITE_WINS: '1-0'>, <Unset.UNSET: 'unset'>), (2, <GameResult.DRAW: '1/2-1/2'>, None)]
    """
    return [ResultLine(place, result, line, was) for line, place, result, was in
            read_result_lines(text, source, _board_reader(source), "BOARD", "board ",
                              None if rnd is None else round_seats(rnd))]


def _board_reader(source: str) -> Callable[[str, int], int]:
    def board(text: str, line: int) -> int:
        if not text.isdigit() or int(text) < 1:
            raise BadArgument(f"{text!r} is not a board number", source=source, line=line, field="board")
        return int(text)
    return board


def pgn_results(data: bytes, source: str, tournament: Tournament, rnd: Round
                ) -> tuple[list[ResultLine], tuple[str, ...]]:
    """``result ROUND --pgn FILE``: the round's games of a PGN file as its lines, and the notes of the
    games left out (:mod:`.pgn`: matched by FIDE ID, then by name; a ``Board`` header is checked)."""
    from arbiter_cli.lifecycle.pgn import pgn_result_lines, pgn_text, read_pgn

    lines, notes = pgn_result_lines(read_pgn(pgn_text(data, source), source), source, rnd.number, tournament.players,
                                    round_seats(rnd), _board_reader(source))
    return [ResultLine(place, result, line, was) for line, place, result, was in lines], notes


def round_seats(rnd: Round) -> dict[tuple[int, int], Seat]:
    """The round's boards by their players, White first (a bye is no board)."""
    return {(game.white, game.black): Seat(str(game.board), game.board) for game in rnd.games}


@dataclass(frozen=True)
class Entered:
    """What entering results did: the tournament, the round after, the journal
    lines (none: nothing changed), the players withdrawn by the no-show rule, notes to tell,
    and whether the event is finalised (its final standings are then to be stored again)."""

    tournament: Tournament
    round: Round
    changes: tuple[Change, ...]
    withdrawn: tuple[str, ...]
    notes: tuple[str, ...]
    finalised: bool


@dataclass(frozen=True)
class _Boards:
    """An individual event's result entry (Swiss or round robin): a line is a board of the round.
    Every line reads the stored result of the round as it was before the input."""

    tournament: Tournament
    rnd: Round
    excused: bool
    finalised_refuses_conflicts = False  # the conflicts are named, even in a finalised event

    @property
    def checks(self) -> tuple[Check[Game], ...]:
        return (stale, self.unchanged, not_removed, entering_unfinished(self.tournament),
                ended_over_the_board(self.tournament), needs_correct, self.not_after_withdrawal)

    def find(self, rnd: Round, line: ResultLine, act: Act) -> Entry[Game]:
        game = self.rnd.game(line.board)
        if game is None:
            raise BadArgument(f"round {act.round_number} has no board {line.board} (boards 1 to {len(self.rnd.games)})",
                              field="board")
        return Entry(f"board {line.board}", game.result, line.result, line.was, game)

    def note(self, entry: Entry[Game], act: Act) -> Literal["excused", "colourless", "adjourned"] | None:
        """A forfeit whose loser gave notice is ``excused``; a colourless forfeit stays so; a game a later
        round was paired on while it was unfinished is ``adjourned`` (:mod:`.unfinished`)."""
        forfeit = entry.result is not None and not entry.result.played
        if not forfeit and adjourned_note(self.tournament, entry, act):
            return "adjourned"
        return "excused" if self.excused and forfeit else "colourless" if forfeit and entry.at.note == "colourless" \
            else None

    def unchanged(self, entry: Entry[Game], act: Act) -> Verdict:
        """The same result (and note) again changes nothing."""
        return UNCHANGED if entry.stored == entry.result and entry.at.note == self.note(entry, act) else None

    def not_after_withdrawal(self, entry: Entry[Game], act: Act) -> Verdict:
        """A withdrawn player is no longer paired (C.04.2 3.2): in a Swiss, a board of theirs after the
        withdrawal was not played, so it takes a forfeit, not a game's result."""
        if entry.result is None or not entry.result.played or self.tournament.settings.system.is_round_robin:
            return None
        for tpn in entry.at.players:
            player = self.tournament.player(tpn)
            if player is not None and player.withdrawn_after is not None and act.round_number > player.withdrawn_after:
                raise Refused(f"{player.name} withdrew after round {player.withdrawn_after}, so board "
                              f"{entry.at.board} of round {act.round_number} was not played: enter a forfeit "
                              f"({'-/+' if tpn == entry.at.white else '+/-'}) or -/-", field="result")
        return None

    def apply(self, rnd: Round, entry: Entry[Game], act: Act) -> Applied[Round]:
        note = self.note(entry, act)
        games = tuple(replace(g, result=entry.result, note=note) if g.board == entry.at.board else g for g in rnd.games)
        return Applied(replace(rnd, games=games), (journal_line(entry, act, " (excused)" if note == "excused" else ""),))


def enter_results(tournament: Tournament, round_number: int, lines: Sequence[ResultLine], *,
                  correct: bool = False, excused: bool = False, confirm: bool = False,
                  source: str | None = None) -> Entered:
    """The act: enter ``lines`` in round ``round_number``, all or nothing (:mod:`.entry`).

    ``correct`` allows changing an entered result; ``excused`` marks a forfeit whose loser
    gave notice (it is not a no-show without notice); ``confirm`` records a forfeit that
    the no-show rule turns into a withdrawal. ``source`` names the bulk input in errors.
    """
    rnd = find_round(tournament, round_number)
    act = Act(round_number, correct, tournament.settings, source)
    entered = compare_and_set(_Boards(tournament, rnd, excused), rnd, lines, act)
    if not entered.changes:
        return Entered(tournament, rnd, (), (), (), act.finalised)
    updated = entered.state
    after = replace(tournament, rounds=tuple(updated if r.number == round_number else r for r in tournament.rounds))
    after, withdrawn, more = apply_no_show_rule(after, rnd, updated, confirm, excused, source,
                                                {r.board: r.line for r in lines if r.line is not None})
    changes = [*entered.changes, *more]
    if act.finalised:
        changes += _final_standings(tournament, after)
    notes = _undone_forfeits(tournament, after, rnd, updated) + _paired_on_the_old_result(after, rnd, updated)
    return Entered(after, updated, tuple(changes), tuple(withdrawn), notes, act.finalised)


def _final_standings(before: Tournament, after: Tournament) -> list[Change]:
    """A correction of a finalised event stores its final standings again (C.04.2 4.3): say so, and
    who moved."""
    changed = final_standing_changes(before, after)
    return [Change("final standings", "stored before the correction",
                   "stored again: final/standings.csv, .json; " + standing_changes_said(changed)), *changed]


def standing_changes_said(changed: Sequence[Change]) -> str:
    """How many players of the final standings moved (another rank), and how many kept their rank
    with other points: the lines of :func:`final_standing_changes` ("rank 2-3, 1 point")."""
    moved = sum(c.old.partition(", ")[0] != c.new.partition(", ")[0] for c in changed)
    same_rank = len(changed) - moved
    if not changed:
        return "no rank or score changed"
    said = f"{moved} player{'s' if moved != 1 else ''} moved" if moved else "no rank changed"
    return said + (f", {same_rank} player{'s have' if same_rank != 1 else ' has'} other points at the same rank"
                   if same_rank else "")


#: The largest field whose later rounds a correction pairs again, to say which would now come out
#: differently: each is a whole pairing (about 2 s a round at 1000 players), so beyond this a
#: correction at the venue would take seconds; ``arbiter trf check`` on an export makes the check.
PAIRED_AGAIN_AT_MOST = 100


def _paired_on_the_old_result(after: Tournament, old: Round, new: Round) -> tuple[str, ...]:
    """A correction of a round that later rounds were paired on: published pairings stand (C.04.2
    4.3), but say which rounds were paired on the old result, and (for a field of at most
    :data:`PAIRED_AGAIN_AT_MOST` players) which of them the system would now pair differently (what
    ``arbiter trf check`` on an export reports)."""
    later = list(range(new.number + 1, after.last_round + 1))
    if after.settings.system.is_round_robin:  # a round robin's rounds follow the tables, not the results
        return ()
    if not later or [g.result for g in old.games] == [g.result for g in new.games]:
        return ()
    ended = [g.board for g, h in zip(old.games, new.games) if g.result != h.result]
    if all(old.games[board - 1].result is GameResult.UNFINISHED for board in ended):
        return (f"note: round {new.number + 1} was paired with board{'s' if len(ended) > 1 else ''} {listed(ended)} "
                f"of round {new.number} counting as {'draws' if len(ended) > 1 else 'a draw'}, as "
                f"{'they were' if len(ended) > 1 else 'it was'} still being played (C.04.2 3.1: for pairing "
                "only); that pairing stands",)
    named = rounds_named(later)
    if len(after.players) > PAIRED_AGAIN_AT_MOST:
        return (f"note: {named} {'was' if len(later) == 1 else 'were'} paired before this correction of round "
                f"{new.number}; published pairings stand (C.04.2 4.3); whether paired again now "
                f"{'it' if len(later) == 1 else 'they'} would come out differently is not checked above "
                f"{PAIRED_AGAIN_AT_MOST} players: 'arbiter trf check' on an export shows it",)
    differ = [number for number in later if not pairs_as_stored(after, number)]
    if not differ:
        return (f"note: {named} {'was' if len(later) == 1 else 'were'} paired before this correction of round "
                f"{new.number}; paired again now, {'it comes' if len(later) == 1 else 'they come'} out the same "
                "('arbiter trf check' on an export shows no difference)",)
    return (f"note: {named} {'was' if len(later) == 1 else 'were'} paired before this correction of round "
            f"{new.number}; published pairings stand (C.04.2 4.3), but paired again now {rounds_named(differ)} "
            f"would come out differently: 'arbiter trf check' on an export will report "
            f"{'it' if len(differ) == 1 else 'them'}",)


def _undone_forfeits(before: Tournament, after: Tournament, old: Round, new: Round) -> tuple[str, ...]:
    """A correction that takes back a no-show of a withdrawn player (the forfeit loss is now a game, an
    excused forfeit, or no result) leaves the withdrawal in place: a withdrawal is its own act, undone by
    another (``arbiter player reinstate``), never as a side effect of a result. Say so, and what to do:
    when the event's no-show rule withdrew the player and would not now, the command that undoes it, or
    the round paired since that depends on it; when the rule still withdraws them, why."""
    notes = []
    for game in new.games:
        earlier = old.game(game.board)
        if earlier is None:
            continue
        for tpn in forfeit_losers(earlier):
            taken_back = tpn not in forfeit_losers(game) or (game.note == "excused" and earlier.note != "excused")
            player = after.player(tpn)
            if not taken_back or player is None or player.withdrawn_after is None \
                    or new.number > player.withdrawn_after:
                continue
            last = player.withdrawn_after
            was, now = (withdrawal_reason(replace(t, rounds=t.rounds[:last]), tpn) for t in (before, after))
            still = f"note: {player.name} is still withdrawn (after round {last})"
            if was is None:
                notes.append(f"{still}; correcting the forfeit does not undo the withdrawal ('arbiter player "
                             f"reinstate {tpn}' does)")
            elif now is not None:
                notes.append(f"{still}: the no-show rule still withdraws them, {now}")
            elif (depending := left_out_after(after, player)) is not None:
                notes.append(f"{still}, though the no-show rule would not withdraw them now; round {depending} was "
                             f"paired without them: 'arbiter unpair' it, then 'arbiter player reinstate {tpn}'")
            else:
                notes.append(f"{still}, though the no-show rule would not withdraw them now: 'arbiter player "
                             f"reinstate {tpn}' undoes the withdrawal")
    return tuple(notes)
