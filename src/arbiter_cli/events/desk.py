"""The desk (issue 26): result entry from the browser, for ``arbiter serve``.

:func:`open_desk` gives the server a folder's :class:`~arbiter_cli.core.venue.Desk`: a round's
sheet (each kind's :meth:`~arbiter_cli.events.base.Event.sheet`), a save, and finalising. A save is
the act of ``arbiter result ROUND --from FILE``: the event's own ``result``, given the lines
``PLACE CHOSEN was SEEN`` of the places the person changed, so that the life cycle's one
compare-and-set (:func:`arbiter_cli.lifecycle.entry.compare_and_set`) enters them all or none, under
the folder's lock, journalled ``by`` the person. Two desks saving the same board at once are two such
entries: the lock takes one after the other, and the second finds the board no longer as its person
saw it, so nothing of it is saved and the person sees the stored result beside theirs
(:class:`~arbiter_cli.core.venue.Clash`).

Who may do what (C.04.2 4.3, the event's rules): an arbiter enters and changes results while the event
is not finalised; the owner and the managers also correct a finalised event (``--correct``: its final
standings are stored again) and finalise it. A knockout, once finalised, takes no correction at all
(its lines are refused by its own act).

A group event's places are led by their stage (``A:3``, ``final:2.1``: :meth:`GroupEvent.sheet
<arbiter_cli.events.groups.GroupEvent.sheet>`); each stage is a folder of its own, with its own lock
and journal, so a save that spans stages is one compare-and-set per stage, in the sheet's order,
every stage checked for clashes first. Only a change that lands in a later stage between that check
and its own entry can leave the earlier stages saved: the answer then names both (``saved`` and the
``clashes`` or the refusal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from arbiter_cli.core.errors import DomainError, Refused
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.venue import ENTRY_RESULTS, STAGE_MARK, Clash, Desk, Person, Saved, Sheet, SheetBoard, turned
from arbiter_cli.events.base import Event, Silent, today
from arbiter_cli.events.registry import open_event
from arbiter_cli.store.commits import COMMITS

__all__ = ["open_desk", "FolderDesk", "SOURCE"]

#: How a save's lines are named in a refusal that names its input (``arbiter result --from`` names a file).
SOURCE = "the results entered"
_CHOSEN = frozenset(code for code, _ in ENTRY_RESULTS)
_STORED = _CHOSEN | {result.value for result in GameResult}


def open_desk(path: Path) -> Desk:
    """The result entry of the event folder at ``path``, as ``arbiter serve`` hands it to the server.
    Nothing is read here: each call reads the folder afresh (a folder of a kind without results, a
    club, refuses at its first sheet)."""
    return FolderDesk(path)


class _Desk(Silent):
    """The caller an event is run with from the desk: its journal lines are ``by`` the person, its
    input is the generated lines, what it says is kept (the one line of a finalise)."""

    def __init__(self, by: str, command: str, text: str = "") -> None:
        self.by = by
        self.command = command
        self.text = text
        self.said: list[str] = []

    def say(self, message: str) -> None:
        self.said.append(message)

    def read_text(self, source: str) -> tuple[str, str]:
        return source, self.text


class FolderDesk:
    """:class:`~arbiter_cli.core.venue.Desk` on an event folder."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _event(self, caller: Silent, stage: str | None = None) -> Event:
        return open_event(self.path, caller, stage)

    def sheet(self, round_number: int | None) -> Sheet:
        return self._event(Silent()).sheet(round_number)

    def save(self, person: Person, round_number: int, changes: Mapping[str, tuple[str, str]], *,
             confirm: bool = False, excused: bool = False) -> Saved:
        """Save the places whose chosen result differs from the one the person saw, all or nothing
        (see the module). Nothing is saved, and the answer says why, when: a code is not one of the
        sheet's; a place is not on the round's sheet; the event is finalised and the person is an
        arbiter; a place is stored differently from what the person saw (each such place, stored
        and theirs); the event's act refuses the lines (its one line)."""
        try:
            sheet = self.sheet(round_number)
        except DomainError as error:  # a round not paired: its message; a broken folder: its file too
            return Saved(refused=error.message if error.source is None else str(error))
        places = {board.place: board for board in sheet.boards}
        for place, (seen, chosen) in changes.items():
            if place not in places:
                return Saved(refused=f"round {sheet.round} has no place {place!r} to enter a result")
            if chosen not in _CHOSEN or seen not in _STORED:
                bad = chosen if chosen not in _CHOSEN else seen
                return Saved(refused=f"{places[place].label}: {bad!r} is not a result")
        wanted = {place: (seen, chosen) for place, (seen, chosen) in changes.items() if seen != chosen}
        if not wanted:
            return Saved()
        if sheet.finalised and not person.role.may_finalise:
            return Saved(refused=f"the event is finalised: only its owner or a manager corrects a result "
                                 f"({person.name} is an {person.role.value})")
        clashes = _clashes(places, wanted, lambda stored, seen, chosen: stored not in (seen, chosen))
        if clashes:
            return Saved(clashes=clashes)
        # An arbiter's line carries ``was``: that changes an entered result without ``--correct`` in an
        # individual or team event, which, once finalised, takes a line only as a correction; so an
        # arbiter never corrects there, even if a finalise lands between the sheet and the save. A
        # knockout asks ``--correct`` to change an entered game even so, and, finalised, refuses every line.
        correct = person.role.may_finalise or not sheet.corrections
        todo = {place: pair for place, pair in wanted.items() if places[place].result != pair[1]}
        saved: list[str] = []
        for stage, lines in _by_stage(todo, places).items():
            try:
                self._enter(person, round_number, stage, lines, correct)
            except DomainError as error:
                left = {place: pair for place, pair in todo.items() if place not in saved}
                return self._refused(round_number, error, stage, left, tuple(saved))
            saved += lines
        return Saved(saved=tuple(saved))

    def _enter(self, person: Person, round_number: int, stage: str | None,
               lines: dict[str, tuple[str, str, str]], correct: bool) -> None:
        """The lines of one folder (sheet place -> the place in its folder, what was seen and what is
        chosen, as the folder keeps them) entered by its event's own ``result``, as ``--from`` gives them."""
        text = "".join(f"{own} {chosen or 'none'} was {seen or 'none'}\n" for own, seen, chosen in lines.values())
        caller = _Desk(person.name, f"arbiter serve: result {round_number} (entered in the browser)", text)
        try:
            self._event(caller, stage).result(round_number, None, None, SOURCE, correct, False, False, False)
        finally:
            COMMITS.start()  # a server runs on: Ctrl-C must not wait for it to end (store/commits)

    def _refused(self, round_number: int, error: DomainError, stage: str | None, left: dict[str, tuple[str, str]],
                 saved: tuple[str, ...]) -> Saved:
        """An entry refused: the places not saved (``left``) that are stored differently now from what
        the person saw (the sheet read again), else the refusal's one line (its stage named)."""
        try:
            after = {board.place: board for board in self.sheet(round_number).boards}
        except DomainError:
            after = {}
        clashes = _clashes(after, left, lambda stored, seen, chosen: stored != seen)
        if clashes:
            return Saved(saved=saved, clashes=clashes)
        message = error.message if error.source == SOURCE else str(error)  # the lines' numbers mean nothing here
        return Saved(saved=saved, refused=f"{stage}{STAGE_MARK} {message}" if stage else message)

    def finalise(self, person: Person) -> str:
        """Finalise the event today, after every round (an owner's or a manager's; an arbiter is refused
        and nothing changes): the event's own ``finalize``, journalled ``by`` the person. Its refusal
        (a result missing...) is a :class:`Refused` whose one line holds what it lists."""
        if not person.role.may_finalise:
            raise Refused(f"finalising the event is for its owner and its managers ({person.name} is an "
                          f"{person.role.value})")
        caller = _Desk(person.name, "arbiter serve: finalize (in the browser)")
        try:
            self._event(caller).finalize(today(), None, False)
        except DomainError as error:
            if not error.details:
                raise
            raise type(error)("; ".join((*error.details, error.message.replace(" (listed above)", "")))) from None
        finally:
            COMMITS.start()
        return "; ".join(caller.said) or "nothing changed"


def _by_stage(lines: dict[str, tuple[str, str]], places: dict[str, SheetBoard]
              ) -> dict[str | None, dict[str, tuple[str, str, str]]]:
    """The lines by the folder that takes them (a group event's stage, ``A:3``; None: the event's
    own), in the sheet's order: sheet place -> (the place in its folder, what was seen and what is
    chosen, from the side its folder keeps the result from)."""
    stages: dict[str | None, dict[str, tuple[str, str, str]]] = {}
    for place, board in places.items():
        if place not in lines:
            continue
        seen, chosen = lines[place]
        stage, mark, own = place.rpartition(STAGE_MARK)
        if board.from_black:
            seen, chosen = turned(seen), turned(chosen)
        stages.setdefault(stage if mark else None, {})[place] = (own, seen, chosen)
    return stages


def _clashes(places: Mapping[str, SheetBoard], lines: Mapping[str, tuple[str, str]],
             clash: Callable[[str, str, str], bool]) -> tuple[Clash, ...]:
    """The places of ``lines`` whose stored result ``clash``es with what the person saw and chose."""
    return tuple(Clash(place, places[place].label, places[place].result, chosen)
                 for place, (seen, chosen) in lines.items() if place in places
                 and clash(places[place].result, seen, chosen))
