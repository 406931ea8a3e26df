"""The venue's vocabulary (issue 26): who may enter results from a browser, and a round's sheet as
``arbiter serve`` shows it for result entry.

``web/`` knows no tournament and ``events/`` knows no HTTP: both speak these words. ``events/``
implements :class:`Gate` (who signs in, from the folder's access list) and :class:`Desk` (a round's
boards, a save as one compare-and-set entry through the same act as ``arbiter result --from``,
finalising); ``cli/serve.py`` hands both to the server.

Roles, as the federation's event rules give them: the **owner** and the **managers** run the event
(they also correct a finalised event and finalise it); the **arbiters** enter and change results in
rounds that are not finalised.

>>> Role.ARBITER.may_finalise, Role.MANAGER.may_finalise
(False, True)
>>> ENTRY_RESULTS[0]
('', 'none yet')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

__all__ = ["Role", "Person", "SheetBoard", "Sheet", "Clash", "Saved", "Gate", "Desk", "ENTRY_RESULTS", "STAGE_MARK",
           "turned"]


class Role(str, Enum):
    """What a person signed in may do."""

    OWNER = "owner"
    MANAGER = "manager"
    ARBITER = "arbiter"

    @property
    def may_finalise(self) -> bool:
        """Finalising, and correcting a finalised event: the owner's and the managers'."""
        return self is not Role.ARBITER


@dataclass(frozen=True)
class Person:
    """Someone signed in: their name (the journal's ``by``) and their role."""

    name: str
    role: Role


#: The results a sheet offers, as (code as ``arbiter result`` reads it, label shown); ``""`` is no
#: result yet (``none``). The codes are those of :mod:`arbiter_cli.core.results`.
ENTRY_RESULTS: tuple[tuple[str, str], ...] = (
    ("", "none yet"), ("1-0", "1-0"), ("1/2-1/2", "½-½"), ("0-1", "0-1"),
    ("+/-", "+/- (White wins by forfeit)"), ("-/+", "-/+ (Black wins by forfeit)"), ("-/-", "-/- (double forfeit)"),
)


#: What leads a group event's place to its stage, as ``--group`` names it: ``A:3`` is board 3 of group A,
#: ``final:2.1`` game 1 of the knockout final's match 2.
STAGE_MARK = ":"


def turned(code: str) -> str:
    """A result code read from the other player's side: a win and a forfeit win change hands; a
    draw, a double forfeit, a double loss and no result (``""``) stay.

    >>> [turned(code) for code in ("1-0", "-/+", "1/2-1/2", "-/-", "")]
    ['0-1', '+/-', '1/2-1/2', '-/-', '']
    """
    return {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}.get(code, code)


@dataclass(frozen=True)
class SheetBoard:
    """One place of a round's sheet.

    ``place`` is the place as ``arbiter result`` takes it: a board (``3``), a team match's board
    (``2.1``), a knockout match's game (``4.2``). ``match`` heads the boards of one team match or
    knockout match (empty for an individual event). ``result`` is the stored code (``""``: none yet),
    read from White's side as on every sheet. ``from_black``: the folder keeps this place's result
    from Black's side (a team board where the first-named team has Black, whose ``1-0`` is the first
    team's win: the docs "Results"); ``result`` is then the stored code :func:`turned`, and the desk
    turns a save back.
    """

    place: str
    label: str
    white: str
    black: str
    result: str
    match: str = ""
    from_black: bool = False


@dataclass(frozen=True)
class Sheet:
    """A round's places for result entry. ``rounds`` are the rounds a person may open; ``finalised``:
    the event is finalised (only an owner or a manager may change a result, as a correction);
    ``corrections``: whether the event, once finalised, takes corrections at all (a knockout's
    bracket is closed by its final: it takes none)."""

    round: int
    rounds: tuple[int, ...]
    boards: tuple[SheetBoard, ...]
    finalised: bool
    title: str
    corrections: bool = True


@dataclass(frozen=True)
class Clash:
    """A place someone else changed meanwhile: what is stored now, and what this person chose."""

    place: str
    label: str
    stored: str
    yours: str


@dataclass(frozen=True)
class Saved:
    """What a save did: the places saved, or nothing and why. ``clashes`` are the places stored
    differently from what the person saw (nothing is then saved); ``refused`` any other refusal's one
    line (a forfeit the no-show rule would turn into a withdrawal, a finalised event...); ``notes``
    what the event said beside a save (a correction of a round later rounds were paired on, a player
    withdrawn by the no-show rule...), as the command line says it; ``needs`` what a refused save
    would need from the person (``"confirm"``: record a forfeit the no-show rule turns into a
    withdrawal; ``"excused"``: a forfeit whose loser gave notice), so that the page can offer it."""

    saved: tuple[str, ...] = ()
    clashes: tuple[Clash, ...] = ()
    refused: str = ""
    notes: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()


class Gate(Protocol):
    """Who may come in: a sign-in code checked against the folder's access list, read afresh each
    time, so that a removed person's link stops working at once."""

    def sign_in(self, code: str) -> Person | None: ...


class Desk(Protocol):
    """A folder's result entry, as the server asks for it."""

    def sheet(self, round_number: int | None) -> Sheet:
        """The round's sheet (None: the current round, the last one paired)."""
        ...

    def save(self, person: Person, round_number: int, changes: Mapping[str, tuple[str, str]], *,
             confirm: bool = False, excused: bool = False) -> Saved:
        """Save ``changes``, place -> (the result the person saw, the one chosen), as one compare-and-set
        entry journalled ``by`` the person: all or nothing. ``confirm`` and ``excused`` are the command
        line's ``--confirm`` (record a forfeit the no-show rule turns into a withdrawal) and
        ``--excused`` (the forfeits' losers gave notice)."""
        ...

    def finalise(self, person: Person) -> str:
        """Finalise the event (an owner's or a manager's); the one line that says what was done."""
        ...
