"""Entering results: one board, or many at once, with compare-and-set.

A result already entered changes only as a correction (``correct``). In bulk
input a line may say what the person saw before (``BOARD RESULT was OLD``):
nothing is saved if the stored result is no longer ``OLD``, so two arbiters
entering results at once never overwrite each other unseen. A forfeit may
trigger the event's no-show rule (:mod:`.noshows`), which the arbiter must
confirm. A correction of a finalised event stores its final standings again
(C.04.2 4.3: late corrections count for rating only; the standings follow).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal, TypeVar

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Round, Status, Tournament
from arbiter_cli.core.results import GameResult, parse_result
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.guards import find_round
from arbiter_cli.lifecycle.noshows import apply_no_show_rule, forfeit_losers
from arbiter_cli.lifecycle.standings import final_standing_changes
from arbiter_cli.pairing import pairs_as_stored

__all__ = ["Unset", "UNSET", "ResultLine", "read_result", "result_line", "parse_result_lines", "read_result_lines",
           "Entered",
           "enter_results"]


class Unset(Enum):
    """No ``was`` given: the line sets the result whatever is stored."""

    UNSET = "unset"


UNSET = Unset.UNSET

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class ResultLine:
    """One result to enter: the board, the result (None clears it), the line of the bulk
    input it came from, and the stored result it expects (``was``), if any."""

    board: int
    result: GameResult | None
    line: int | None = None
    was: GameResult | None | Unset = UNSET


def read_result(text: str, *, source: str | None = None, line: int | None = None,
                field: str = "result") -> GameResult | None:
    """A result code as typed (see :mod:`arbiter_cli.core.results`); None clears the result."""
    try:
        return parse_result(text)
    except ValueError as error:
        raise BadArgument(str(error), source=source, line=line, field=field) from None


def result_line(board: int | None, code: str | None) -> ResultLine:
    """The one result of ``arbiter result ROUND BOARD RESULT``."""
    if board is None or code is None:
        raise BadArgument("give BOARD and RESULT (for example: arbiter result 3 5 1-0), or --from FILE")
    return ResultLine(board, read_result(code))


def parse_result_lines(text: str, source: str) -> list[ResultLine]:
    """Bulk input: one ``BOARD RESULT`` or ``BOARD RESULT was OLD`` per line; ``#`` starts a comment.

    >>> [(r.board, r.result, r.was) for r in parse_result_lines("1 1-0\\n# note\\n2 = was none", "-")]
    [(1, <GameResult.WHITE_WINS: '1-0'>, <Unset.UNSET: 'unset'>), (2, <GameResult.DRAW: '1/2-1/2'>, None)]
    """
    def board(text: str, line: int) -> int:
        if not text.isdigit() or int(text) < 1:
            raise BadArgument(f"{text!r} is not a board number", source=source, line=line, field="board")
        return int(text)

    return [ResultLine(place, result, line, was) for line, place, result, was in
            read_result_lines(text, source, board, "BOARD", "board ")]


def read_result_lines(text: str, source: str, place: Callable[[str, int], P], what: str, named: str = ""
                      ) -> list[tuple[int, P, GameResult | None, GameResult | None | Unset]]:
    """Bulk input lines ``PLACE RESULT`` or ``PLACE RESULT was OLD`` (``#`` starts a comment), as (line,
    place, result, was); ``place(text, line)`` reads a board (or a team event's ``MATCH.BOARD``), which
    messages call ``named`` and the text. A
    place given twice, or no line at all, is a :class:`BadArgument` naming the file and line."""
    seen: dict[P, int] = {}
    out: list[tuple[int, P, GameResult | None, GameResult | None | Unset]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        parts = content.split()
        if len(parts) not in (2, 4) or (len(parts) == 4 and parts[2].lower() != "was"):
            raise BadArgument(f"expected '{what} RESULT' or '{what} RESULT was OLD'", source=source, line=number)
        key = place(parts[0], number)
        if key in seen:
            raise BadArgument(f"{named}{parts[0]} is already given on line {seen[key]}", source=source, line=number,
                              field="board" if what == "BOARD" else what)
        seen[key] = number
        was: GameResult | None | Unset = UNSET
        if len(parts) == 4:
            was = None if parts[3].lower() == "none" else read_result(parts[3], source=source, line=number,
                                                                       field="was")
        out.append((number, key, read_result(parts[1], source=source, line=number), was))
    if not out:
        raise BadArgument("no results in the input", source=source)
    return out


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


def _show(result: GameResult | None | Unset) -> str:
    return "none" if result is None or isinstance(result, Unset) else result.display


def enter_results(tournament: Tournament, round_number: int, lines: Sequence[ResultLine], *,
                  correct: bool = False, excused: bool = False, confirm: bool = False,
                  source: str | None = None) -> Entered:
    """The act: enter ``lines`` in round ``round_number``, all or nothing.

    ``correct`` allows changing an entered result; ``excused`` marks a forfeit whose loser
    gave notice (it is not a no-show without notice); ``confirm`` records a forfeit that
    the no-show rule turns into a withdrawal. ``source`` names the bulk input in errors.
    """
    rnd = find_round(tournament, round_number)
    finalised = tournament.settings.status is Status.FINALISED
    changes: list[Change] = []
    conflicts: list[str] = []
    stale: list[str] = []
    updated = rnd
    for entry in lines:
        game = rnd.game(entry.board)
        if game is None:
            raise BadArgument(f"round {round_number} has no board {entry.board} (boards 1 to {len(rnd.games)})",
                              source=source, line=entry.line, field="board")
        if not isinstance(entry.was, Unset) and game.result != entry.was and game.result != entry.result:
            stale.append(f"board {entry.board}: stored {_show(game.result)}, yours {_show(entry.result)} "
                         f"(based on {_show(entry.was)})")
            continue
        forfeit = entry.result is not None and not entry.result.played
        note: Literal["excused", "colourless"] | None = (
            "excused" if excused and forfeit else "colourless" if forfeit and game.note == "colourless" else None)
        if game.result == entry.result and game.note == note:
            continue
        if finalised and entry.result is None:
            raise Refused(f"the event was finalised on {tournament.settings.finalised_on}: board {entry.board}'s "
                          "result can be corrected, not removed", source=source, line=entry.line, field="result")
        if game.result is not None and game.result != entry.result and not correct and isinstance(entry.was, Unset):
            conflicts.append(f"board {entry.board} has {_show(game.result)}, not {_show(entry.result)}")
            continue
        if entry.result is not None and entry.result.played and not tournament.settings.system.is_round_robin:
            for tpn in game.players:
                player = tournament.player(tpn)
                if player is not None and player.withdrawn_after is not None and round_number > player.withdrawn_after:
                    raise Refused(f"{player.name} withdrew after round {player.withdrawn_after}, so board "
                                  f"{entry.board} of round {round_number} was not played: enter a forfeit "
                                  f"({'-/+' if tpn == game.white else '+/-'}) or -/-", source=source,
                                  line=entry.line, field="result")
        updated = replace(updated, games=tuple(replace(g, result=entry.result, note=note)
                                               if g.board == entry.board else g for g in updated.games))
        what = "correction" if game.result is not None else "result"
        changes.append(Change(f"round {round_number} board {entry.board} {what}",
                              "" if game.result is None else game.result.value,
                              ("" if entry.result is None else entry.result.value) + (" (excused)" if note == "excused" else "")))
    if stale:
        raise Refused(f"round {round_number}: nothing saved, because the stored result changed meanwhile: "
                      + "; ".join(stale))
    if changes and finalised and not correct:  # the same result again changes nothing, even then
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}; give --correct "
                      "to change a result (the final standings are then stored again)")
    if conflicts:
        raise Refused(f"round {round_number}: " + "; ".join(conflicts) +
                      " (give --correct to change an entered result)")
    if not changes:
        return Entered(tournament, rnd, (), (), (), finalised)
    after = replace(tournament, rounds=tuple(updated if r.number == round_number else r for r in tournament.rounds))
    after, withdrawn, more = apply_no_show_rule(after, rnd, updated, confirm, excused)
    changes += more
    if finalised:
        moved = final_standing_changes(tournament, after)
        changes.append(Change("final standings", "stored before the correction",
                              "stored again: final/standings.csv, .json; "
                              + (f"{len(moved)} player{'s' if len(moved) != 1 else ''} moved" if moved
                                 else "no rank or score changed")))
        changes += moved
    notes = _undone_forfeits(after, rnd, updated) + _paired_on_the_old_result(after, rnd, updated)
    return Entered(after, updated, tuple(changes), tuple(withdrawn), notes, finalised)


def _paired_on_the_old_result(after: Tournament, old: Round, new: Round) -> tuple[str, ...]:
    """A correction of a round that later rounds were paired on: published pairings stand (C.04.2
    4.3), but say which rounds were paired on the old result, and which of them the system would
    now pair differently (what ``arbiter trf check`` on an export reports)."""
    later = list(range(new.number + 1, after.last_round + 1))
    if after.settings.system.is_round_robin:  # a round robin's rounds follow the tables, not the results
        return ()
    if not later or [g.result for g in old.games] == [g.result for g in new.games]:
        return ()
    differ = [number for number in later if not pairs_as_stored(after, number)]
    named = _rounds(later)
    if not differ:
        return (f"note: {named} {'was' if len(later) == 1 else 'were'} paired before this correction of round "
                f"{new.number}; paired again now, {'it comes' if len(later) == 1 else 'they come'} out the same "
                "('arbiter trf check' on an export shows no difference)",)
    return (f"note: {named} {'was' if len(later) == 1 else 'were'} paired before this correction of round "
            f"{new.number}; published pairings stand (C.04.2 4.3), but paired again now {_rounds(differ)} "
            f"would come out differently: 'arbiter trf check' on an export will report "
            f"{'it' if len(differ) == 1 else 'them'}",)


def _rounds(numbers: list[int]) -> str:
    """round 4, rounds 4-6, rounds 4, 6."""
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"rounds {numbers[0]}-{numbers[-1]}"
    return "rounds " + ", ".join(map(str, numbers))


def _undone_forfeits(after: Tournament, old: Round, new: Round) -> tuple[str, ...]:
    """A forfeit corrected to a game played leaves its no-show withdrawal in place: say so."""
    notes = []
    for game in new.games:
        earlier = old.game(game.board)
        if earlier is None or game.result is None or not game.result.played:
            continue
        for tpn in forfeit_losers(earlier):
            player = after.player(tpn)
            if player is not None and player.is_withdrawn:
                notes.append(f"note: {player.name} is still withdrawn (after round {player.withdrawn_after}); "
                             "correcting the forfeit does not undo the withdrawal")
    return tuple(notes)
