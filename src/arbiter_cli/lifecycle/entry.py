"""Result entry, one mechanism for every kind of event (issue 24): compare-and-set, all or nothing.

Each line of an input sets one place (a board, a team match's board or the match itself, a knockout
game) to a result, or clears it. A result already entered changes only as a correction
(``--correct``), or by a line that says what the person saw before (``was OLD``): nothing is saved
if the stored result is no longer ``OLD``, so two arbiters entering results at once never overwrite
each other unseen. A finalised event's results are corrected, never removed (C.04.2 4.3).

:func:`compare_and_set` takes the lines in order; a kind of event declares what differs as an
:class:`EntryKind`: ``find``, a line's place (an :class:`Entry`) or a refusal; ``checks``, in its own
order (the shared ones are here: :func:`stale`, :func:`unchanged`, :func:`not_removed`,
:func:`needs_correct`); ``apply``, the result entered; ``finalised_refuses_conflicts``, whether a
finalised event refuses a conflict as a change. After the last line: stale lines first (every one
named, nothing saved), then a finalised event without ``--correct``, then the
conflicts, named together. An error at a line names the input and the line.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from enum import Enum
from typing import Generic, Protocol, TypeVar

from arbiter_cli.core.errors import BadArgument, DomainError, Refused
from arbiter_cli.core.model import Settings, Status
from arbiter_cli.core.results import GameResult, parse_result
from arbiter_cli.core.venue import turned
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.change import Change

__all__ = ["Unset", "UNSET", "read_result", "read_result_lines", "Seat", "Seats", "plays", "Line", "Act", "Entry", "Unchanged",
           "UNCHANGED", "Named", "Stale", "Conflict", "Verdict", "Check", "Applied", "EntryKind", "compare_and_set",
           "stale", "unchanged", "not_removed", "needs_correct", "journal_line"]


class Unset(Enum):
    """No ``was`` given: the line sets the result whatever is stored."""

    UNSET = "unset"


UNSET = Unset.UNSET

P = TypeVar("P", bound=Hashable)
S = TypeVar("S")  # what the lines change: a round, or a whole knockout
A = TypeVar("A")  # what a kind keeps of a place: its game, its match...


def read_result(text: str, *, source: str | None = None, line: int | None = None,
                field: str = "result") -> GameResult | None:
    """A result code as typed (see :mod:`arbiter_cli.core.results`); None clears the result."""
    try:
        return parse_result(text)
    except ValueError as error:
        raise BadArgument(str(error), source=source, line=line, field=field) from None


@dataclass(frozen=True)
class Seat:
    """Where a pair of players meets in a round, for a line that names them (``WHITE BLACK RESULT``)
    or a PGN game: the place as a bulk line names it (``5``; a team event's ``2.3``), the board number a
    PGN ``Board`` header would give (None: not checked), and whether the place keeps its result from
    Black's side (a team match whose first team has Black on that board: ``1-0`` there is the first
    team's player's win)."""

    place: str
    board: int | None = None
    turned: bool = False

    def result(self, result: GameResult | None) -> GameResult | None:
        """A result from White's side, as the place keeps it."""
        return GameResult(turned(result.value)) if result is not None and self.turned else result


#: A round's seats: (White's start number, Black's) -> where they meet.
Seats = Mapping[tuple[int, int], Seat]


def _stored_was(was: GameResult | None | Unset, seat: Seat | None) -> GameResult | None | Unset:
    if seat is None or isinstance(was, Unset) or was is None:
        return was
    return seat.result(was)


def read_result_lines(text: str, source: str, place: Callable[[str, int], P], what: str, named: str = "",
                      seats: Seats | None = None
                      ) -> list[tuple[int, P, GameResult | None, GameResult | None | Unset]]:
    """Bulk input lines ``PLACE RESULT`` or ``PLACE RESULT was OLD`` (``#`` starts a comment), as (line,
    place, result, was); ``place(text, line)`` reads a board (or a team event's ``MATCH.BOARD``), which
    messages call ``named`` and the text.

    With the round's ``seats``, a line may name the place by its players instead, White first, by start
    number: ``WHITE BLACK RESULT`` or ``WHITE BLACK RESULT was OLD``, the results from White's side. A
    line's form is told by its number of fields: 2 or 4 name a place, 3 or 5 a pair of players (the
    two forms may be mixed). A pair that does not meet in the round, or meets with the colours the
    other way round, is a :class:`BadArgument` naming the line and the place where they meet. A place
    given twice (in either form), or no line at all, is a :class:`BadArgument` naming the file and line."""
    seen: dict[P, int] = {}
    out: list[tuple[int, P, GameResult | None, GameResult | None | Unset]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        parts = content.split()
        by_pair = len(parts) in (3, 5)
        at = 2 if by_pair else 1  # where the result is
        if len(parts) not in (2, 3, 4, 5) or (len(parts) > at + 1 and parts[at + 1].lower() != "was") \
                or (by_pair and not parts[1].isdigit()):
            raise BadArgument(_shapes(what, seats is not None), source=source, line=number)
        seat = None
        if by_pair:
            seat = _seat(parts[0], parts[1], seats, what, source, number)
            shown, key = f"{parts[0]} {parts[1]} ({named}{seat.place})", place(seat.place, number)
        else:
            shown, key = f"{named}{parts[0]}", place(parts[0], number)
        if key in seen:
            raise BadArgument(f"{shown} is already given on line {seen[key]}", source=source, line=number,
                              field="board" if what == "BOARD" else what)
        seen[key] = number
        was: GameResult | None | Unset = UNSET
        if len(parts) == at + 3:
            was = None if parts[-1].lower() == "none" else read_result(parts[-1], source=source, line=number,
                                                                        field="was")
        result = read_result(parts[at], source=source, line=number)
        out.append((number, key, result if seat is None else seat.result(result), _stored_was(was, seat)))
    if not out:
        raise BadArgument("no results in the input", source=source)
    return out


def _shapes(what: str, pairs: bool) -> str:
    """The forms a bulk line takes."""
    if not pairs:
        return f"expected '{what} RESULT' or '{what} RESULT was OLD'"
    return f"expected '{what} RESULT' or 'WHITE BLACK RESULT' (start numbers), either optionally followed by 'was OLD'"


def _seat(white: str, black: str, seats: Seats | None, what: str, source: str, line: int) -> Seat:
    """Where the players of a ``WHITE BLACK RESULT`` line meet, White first; a pair that does not meet,
    or meets with the colours the other way round, is refused naming where each of them plays."""
    if seats is None:
        raise BadArgument(f"expected '{what} RESULT' or '{what} RESULT was OLD': this event's results are "
                          f"entered by {what}, not by a pair of start numbers", source=source, line=line)
    for text, field in ((white, "white"), (black, "black")):
        if not text.isdigit() or int(text) < 1:
            raise BadArgument(f"{text!r} is not a start number", source=source, line=line, field=field)
    w, b = int(white), int(black)
    seat = seats.get((w, b))
    if seat is not None:
        return seat
    turned_round = seats.get((b, w))
    if turned_round is not None:
        raise BadArgument(f"{w} has Black and {b} White at {_where(turned_round)}: give White first "
                          f"('{b} {w} RESULT', the result from White's side)", source=source, line=line,
                          field="white")
    raise BadArgument(f"no board of the round has White {w} and Black {b} ({plays(w, seats)}; "
                      f"{plays(b, seats)})", source=source, line=line, field="white")


def _where(seat: Seat) -> str:
    return f"board {seat.place}"


def plays(player: int, seats: Seats) -> str:
    """Where a player meets whom in the round, as a refusal names it: ``12 plays 7 at board 3``."""
    for (white, black), seat in seats.items():
        if player in (white, black):
            return f"{player} plays {black if player == white else white} at {_where(seat)}"
    return f"{player} has no board in the round"


def _show(result: GameResult | None | Unset) -> str:
    return "none" if result is None or isinstance(result, Unset) else result.value


class Line(Protocol):
    """A line of input: its number in the bulk input (None: given as arguments)."""

    @property
    def line(self) -> int | None: ...


L = TypeVar("L", bound=Line)
L_contra = TypeVar("L_contra", bound=Line, contravariant=True)


@dataclass(frozen=True)
class Act:
    """What the arbiter asked: the round, ``--correct``, the event's settings (finalised or not), and
    the name of the bulk input, for errors."""

    round_number: int
    correct: bool
    settings: Settings
    source: str | None = None

    @property
    def finalised(self) -> bool:
        return self.settings.status is Status.FINALISED


@dataclass(frozen=True)
class Entry(Generic[A]):
    """A line as its kind found it: where it is in words (``board 5``, ``board 2.3``, ``match 2``,
    ``game 3.2``), the result stored there, the result the line enters (None clears it), the stored
    result it expects (``was``), and what the kind keeps of the place (``at``: the game, the match...)."""

    where: str
    stored: GameResult | None
    result: GameResult | None
    was: GameResult | None | Unset
    at: A


class Unchanged(Enum):
    """The place has the line's result already."""

    UNCHANGED = "unchanged"


UNCHANGED = Unchanged.UNCHANGED


@dataclass(frozen=True)
class Named:
    """A line to name with the others after the last line: ``text`` says where, and what."""

    text: str


class Stale(Named):
    """The stored result changed since the person saw it (``was``)."""


class Conflict(Named):
    """The line would change an entered result without ``--correct``."""


Verdict = Unchanged | Stale | Conflict | None  # None: the next check, after the last one the change
Check = Callable[[Entry[A], Act], Verdict]


@dataclass(frozen=True)
class Applied(Generic[S]):
    """What lines did: the state after them, the journal lines and the notes to tell."""

    state: S
    changes: tuple[Change, ...] = ()
    notes: tuple[str, ...] = ()


class EntryKind(Protocol[S, L_contra, A]):
    """What a kind of event supplies to :func:`compare_and_set` (see the module)."""

    @property
    def checks(self) -> tuple[Check[A], ...]: ...

    @property
    def finalised_refuses_conflicts(self) -> bool: ...

    def find(self, state: S, line: L_contra, act: Act) -> Entry[A]: ...

    def apply(self, state: S, entry: Entry[A], act: Act) -> Applied[S]: ...


def compare_and_set(kind: EntryKind[S, L, A], state: S, lines: Iterable[L], act: Act) -> Applied[S]:
    """Enter ``lines`` on ``state`` as ``kind`` says, all or nothing: each line is found, judged by
    the kind's checks in order, and applied to the state the lines before it left; then stale lines
    refuse everything, then a finalised event without ``--correct``, then the conflicts."""
    changes: list[Change] = []
    notes: list[str] = []
    stale: list[str] = []
    stale_at: int | None = None  # the input's first stale line
    conflicts: list[str] = []
    conflict_at: int | None = None  # ... and its first line in conflict with a stored result
    for line in lines:
        with _at_line(act.source, line.line):
            entry = kind.find(state, line, act)
            verdict = _verdict(kind.checks, entry, act)
            if verdict is None:
                done = kind.apply(state, entry, act)
                state = done.state
                changes += done.changes
                notes += done.notes
        if isinstance(verdict, Stale):
            stale.append(verdict.text)
            stale_at = line.line if stale_at is None else stale_at
        elif isinstance(verdict, Conflict):
            conflicts.append(verdict.text)
            conflict_at = line.line if conflict_at is None else conflict_at
    with _at_line(act.source, stale_at) if stale_at is not None else nullcontext():  # named by its input's line
        _all_or_nothing(act, stale, bool(changes or (conflicts and kind.finalised_refuses_conflicts)))
    with _at_line(act.source, conflict_at) if conflict_at is not None else nullcontext():
        if conflicts:
            raise Refused(f"round {act.round_number}: " + listed(conflicts, "; ") +
                          " (give --correct to change an entered result)")
    return Applied(state, tuple(changes), tuple(notes))


@contextmanager
def _at_line(source: str | None, line: int | None) -> Iterator[None]:
    """An error at a line names the input and the line; its type and field stay."""
    try:
        yield
    except DomainError as error:
        raise type(error)(error.message, source=source, line=line, field=error.field,
                          details=error.details) from None


def _verdict(checks: Iterable[Check[A]], entry: Entry[A], act: Act) -> Verdict:
    for check in checks:
        verdict = check(entry, act)
        if verdict is not None:
            return verdict
    return None


def _all_or_nothing(act: Act, stale: list[str], changed: bool) -> None:
    if stale:
        raise Refused(f"round {act.round_number}: nothing saved, because the stored result changed meanwhile: "
                      + listed(stale, "; "))
    if changed and act.finalised and not act.correct:  # the same result again changes nothing, even then
        raise Refused(f"the event was finalised on {act.settings.finalised_on}; give --correct to change a "
                      "result (the final standings are then stored again)")


def stale(entry: Entry[A], act: Act) -> Verdict:
    """Compare-and-set: a line that says what it was based on (``was OLD``) is stale when the stored
    result is neither ``OLD`` nor the line's own result already."""
    if not isinstance(entry.was, Unset) and entry.stored != entry.was and entry.stored != entry.result:
        return Stale(f"{entry.where}: stored {_show(entry.stored)}, yours {_show(entry.result)} "
                     f"(based on {_show(entry.was)})")
    return None


def unchanged(entry: Entry[A], act: Act) -> Verdict:
    """The result the place has already: nothing to do, whatever the line expected."""
    return UNCHANGED if entry.stored == entry.result else None


def not_removed(entry: Entry[A], act: Act) -> Verdict:
    """A finalised event's result is corrected, never removed (C.04.2 4.3)."""
    if act.finalised and entry.result is None:
        raise Refused(f"the event was finalised on {act.settings.finalised_on}: {entry.where}'s result can be "
                      "corrected, not removed", field="result")
    return None


def needs_correct(entry: Entry[A], act: Act) -> Verdict:
    """An entered result changes only as a correction (``--correct``), or by a line that says what it
    was based on (``was``). A game still being played (``*``) has no result yet: its result replaces it."""
    if entry.stored is not None and entry.stored.final and entry.stored != entry.result and not act.correct \
            and isinstance(entry.was, Unset):
        return Conflict(f"{entry.where} has {_show(entry.stored)}, not {_show(entry.result)}")
    return None


def journal_line(entry: Entry[A], act: Act, suffix: str = "") -> Change:
    """The journal line of an entry: ``round R WHERE result`` (nothing was stored, or ``*``: the game
    was still being played) or ``... correction``, the old code and the new (``suffix`` after it)."""
    what = "correction" if entry.stored is not None and entry.stored.final else "result"
    return Change(f"round {act.round_number} {entry.where} {what}", "" if entry.stored is None else entry.stored.value,
                  ("" if entry.result is None else entry.result.value) + suffix)
