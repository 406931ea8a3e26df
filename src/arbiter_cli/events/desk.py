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

Who may do what (C.04.2 4.3, the event's rules): an arbiter enters and changes results of the current
round while the event is not finalised; the owner and the managers also correct a finalised event
(``--correct``: its final standings are stored again) and finalise it. A knockout, once finalised,
takes no correction at all (its lines are refused by its own act).

The **current round** is the one the desk opens when no round is asked for: the last one paired (a group
event's: the first round a running stage still waits for a result in, since all its rounds are paired at
once). It is judged on the folder as it is when the save comes, not as the page showed it: a page of
round 5 left open while ``arbiter pair`` made round 6 saves as a page of an earlier round (the folder is
read just before the entry, not under its lock: only a round paired in those milliseconds goes unseen).
In a round before the current one, later rounds were paired on its results (C.04.2 4.3: published
pairings stand):

- an arbiter may enter a result still missing there, but neither changes nor clears one entered: the
  save is refused (``round 2 is not the current round (5): its results are changed by the owner or a
  manager, as a correction``) and nothing is saved;
- nobody clears one: a result later rounds were paired on is corrected, never removed (``round 2 is not
  the current round (5): its results are corrected, never removed (board 3)``); the owner and the
  managers change it, as a correction (``--correct``).

What the event says while saving, as the command line says it (``note: rounds 3-5 were paired before
this correction of round 2; ...``, a player withdrawn by the no-show rule, the results still missing),
is the answer's ``notes``; the echo of each saved place's own journal line is left out (``saved`` names
those places). A save that the no-show rule refuses says so without the command line's flags, and
``needs`` what the person may give (``confirm``, ``excused``: the command line's ``--confirm`` and
``--excused``); a knockout correction that only ``--force`` would save is refused in words that send it
to the command line (the browser never forces). A place whose stored result is already the one chosen
is no clash: it is left out, with a note.

A group event's places are led by their stage (``A:3``, ``final:2.1``: :meth:`GroupEvent.sheet
<arbiter_cli.events.groups.GroupEvent.sheet>`); each stage is a folder of its own, with its own lock
and journal, so a save that spans stages is one compare-and-set per stage, in the sheet's order,
every stage checked for clashes first. Only a change that lands in a later stage between that check
and its own entry can leave the earlier stages saved: the answer then names both (``saved`` and the
``clashes`` or the refusal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from arbiter_cli.core.errors import DomainError, Refused
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.venue import ENTRY_RESULTS, STAGE_MARK, Clash, Desk, Person, Saved, Sheet, SheetBoard, turned
from arbiter_cli.events.base import Event, Silent, today, where
from arbiter_cli.events.club import ClubEvent
from arbiter_cli.events.registry import open_event
from arbiter_cli.store.commits import COMMITS

__all__ = ["open_desk", "FolderDesk", "SOURCE"]

#: How a save's lines are named in a refusal that names its input (``arbiter result --from`` names a file).
SOURCE = "the results entered"
_CHOSEN = frozenset(code for code, _ in ENTRY_RESULTS)
_STORED = _CHOSEN | {result.value for result in GameResult}
#: The echo of a place's own journal line, as the command line says it (``round 5 board 2 result: none -> 1-0``).
_ECHO = re.compile(r"round \d+ (?:board|game) (\S+) (?:result|correction): ")
#: The command line's words for what a refused save needs, as the page offers it (the no-show rule,
#: :func:`arbiter_cli.lifecycle.noshows.apply_no_show_rule`): (the words, the page's, what is needed).
_NEEDS = (("give --confirm to", "confirm to", "confirm"), ("or --excused if", "or mark it excused if", "excused"))
#: A knockout correction that only ``--force`` saves (:mod:`arbiter_cli.lifecycle.knockout`): never from the browser.
_FORCE = "give --force to "


def open_desk(path: Path) -> Desk:
    """The result entry of the event folder at ``path``, as ``arbiter serve`` hands it to the server.
    Only the folder's kind is read here: a folder whose kind takes no result (a club) is refused at
    once, with the refusal ``arbiter result`` gets there and where result entry is (a club's tournament
    is served from its own folder); each call of the desk reads the folder afresh."""
    event = open_event(path, Silent())
    if not type(event).has("sheet"):
        try:
            event.lacks("sheet", "result")
        except Refused as error:
            if not isinstance(event, ClubEvent):
                raise
            from arbiter_cli.store.club import TOURNAMENTS_DIR

            raise Refused(f"{error.message}; to enter a tournament's results, serve its own folder "
                          f"({where(path)}/{TOURNAMENTS_DIR}/NAME)") from None
    return FolderDesk(path)


class _Desk(Silent):
    """The caller an event is run with from the desk: its journal lines are ``by`` the person, its
    input is the generated lines, what it says is kept (the notes of a save, the one line of a finalise)."""

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
    """:class:`~arbiter_cli.core.venue.Desk` on an event folder.

    A save is judged on the folder as it is then (see the module): the round asked is refused while it
    is not paired; a round before the current one takes only its missing results from an arbiter, and
    no cleared result from anyone; an owner or a manager changes its results as a correction. The
    answer's ``notes`` are what the event said, ``needs`` what a refused save would need."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _event(self, caller: Silent, stage: str | None = None) -> Event:
        return open_event(self.path, caller, stage)

    def sheet(self, round_number: int | None) -> Sheet:
        """The round's sheet (None: the current round); a round not paired is refused in words."""
        return self._sheets(round_number)[1]

    def _sheets(self, round_number: int | None) -> tuple[Sheet, Sheet]:
        """The current round's sheet and the asked round's (the same sheet when it is the current one),
        read from the folder now; a round not paired is a :class:`Refused` in words (``round 6 is not
        paired yet (rounds 1-5)``), never the command line's argument."""
        event = self._event(Silent())
        current = event.sheet(None)
        if round_number is None or round_number == current.round:
            return current, current
        if round_number not in current.rounds:
            paired = f"round {current.rounds[0]}" if len(current.rounds) == 1 else \
                f"rounds {current.rounds[0]}-{current.rounds[-1]}"
            raise Refused(f"round {round_number} is not paired yet ({paired})" if round_number > current.rounds[-1]
                          else f"there is no round {round_number} ({paired})")
        return current, event.sheet(round_number)

    def save(self, person: Person, round_number: int, changes: Mapping[str, tuple[str, str]], *,
             confirm: bool = False, excused: bool = False) -> Saved:
        """Save the places whose chosen result differs from the one the person saw, all or nothing
        (see the module). Nothing is saved, and the answer says why, when: the round is not paired; a
        code is not one of the sheet's; a place is not on the round's sheet; the event is finalised and
        the person is an arbiter; the round is before the current one and the save changes or clears an
        entered result (an arbiter), or clears one (anyone); a place is stored differently from what the
        person saw, and from what they chose (each such place, stored and theirs); the event's act
        refuses the lines (its one line, and what it would need). ``confirm`` and ``excused`` are given
        to the act as the command line's ``--confirm`` and ``--excused``."""
        try:
            current, sheet = self._sheets(round_number)
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
        if sheet.round < current.round:
            refused = _earlier(person, sheet.round, current.round, places, wanted)
            if refused:
                return Saved(refused=refused)
        clashes = _clashes(places, wanted, lambda stored, seen, chosen: stored not in (seen, chosen))
        if clashes:
            return Saved(clashes=clashes)
        # An arbiter's line carries ``was``: that changes an entered result without ``--correct`` in an
        # individual or team event, which, once finalised, takes a line only as a correction; so an
        # arbiter never corrects there, even if a finalise lands between the sheet and the save. A
        # knockout asks ``--correct`` to change an entered game even so, and, finalised, refuses every line.
        correct = person.role.may_finalise or not sheet.corrections
        todo = {place: pair for place, pair in wanted.items() if places[place].result != pair[1]}
        notes = [_already(places[place], chosen) for place, (_, chosen) in wanted.items() if place not in todo]
        saved: list[str] = []
        for stage, lines in _by_stage(todo, places).items():
            try:
                notes += self._enter(person, round_number, stage, lines, correct, confirm, excused)
            except DomainError as error:
                left = {place: pair for place, pair in todo.items() if place not in saved}
                return self._refused(round_number, error, stage, left, tuple(saved), tuple(notes))
            saved += lines
        return Saved(saved=tuple(saved), notes=tuple(notes))

    def _enter(self, person: Person, round_number: int, stage: str | None, lines: dict[str, tuple[str, str, str]],
               correct: bool, confirm: bool, excused: bool) -> list[str]:
        """The lines of one folder (sheet place -> the place in its folder, what was seen and what is
        chosen, as the folder keeps them) entered by its event's own ``result``, as ``--from`` gives them;
        what the event said beside them (its stage named; a file of the folder named from the folder)."""
        text = "".join(f"{own} {chosen or 'none'} was {seen or 'none'}\n" for own, seen, chosen in lines.values())
        caller = _Desk(person.name, f"arbiter serve: result {round_number} (entered in the browser)", text)
        try:
            self._event(caller, stage).result(round_number, None, None, SOURCE, correct, excused, confirm, False)
        finally:
            COMMITS.release()  # a server runs on: Ctrl-C must not wait for it to end (store/commits)
        own = {place for place, _, _ in lines.values()}
        return [f"{stage}{STAGE_MARK} {line}" if stage else line
                for line in (said.replace(f"{self.path}/", "") for said in caller.said)
                if not ((echo := _ECHO.match(line)) and echo.group(1) in own)]

    def _refused(self, round_number: int, error: DomainError, stage: str | None, left: dict[str, tuple[str, str]],
                 saved: tuple[str, ...], notes: tuple[str, ...] = ()) -> Saved:
        """An entry refused: the places not saved (``left``) that are stored differently now from what
        the person saw and from what they chose (the sheet read again), else the refusal's one line (its
        stage named), in the page's words, with what it would need (:func:`_plainly`)."""
        try:
            after = {board.place: board for board in self.sheet(round_number).boards}
        except DomainError:
            after = {}
        clashes = _clashes(after, left, lambda stored, seen, chosen: stored not in (seen, chosen))
        if clashes:
            return Saved(saved=saved, clashes=clashes, notes=notes)
        message = error.message if error.source == SOURCE else str(error)  # the lines' numbers mean nothing here
        message, needs = _plainly(message)
        return Saved(saved=saved, refused=f"{stage}{STAGE_MARK} {message}" if stage else message, notes=notes,
                     needs=needs)

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
            COMMITS.release()
        return "; ".join(caller.said) or "nothing changed"


def _earlier(person: Person, number: int, current: int, places: Mapping[str, SheetBoard],
             wanted: Mapping[str, tuple[str, str]]) -> str:
    """Of a save in round ``number``, before the ``current`` round, the refusal (empty: none): an
    arbiter enters only the results still missing there; nobody clears one entered (it is corrected,
    never removed). The stored results are the folder's now."""
    entered = {place: chosen for place, (_, chosen) in wanted.items()
               if places[place].result and places[place].result != chosen}
    if entered and not person.role.may_finalise:
        return (f"round {number} is not the current round ({current}): its results are changed by the owner or a "
                "manager, as a correction")
    cleared = [_named(places[place]) for place, chosen in entered.items() if not chosen]
    if cleared:
        return f"round {number} is not the current round ({current}): its results are corrected, never removed " \
               f"({', '.join(cleared)})"
    return ""


def _named(board: SheetBoard) -> str:
    """A place as a message names it: ``board 3``, ``board 2.1``, ``game 4.2``, ``A: board 3``."""
    stage, mark, own = board.place.rpartition(STAGE_MARK)
    named = f"{board.label.split(' ', 1)[0].lower()} {own}"
    return f"{stage}{STAGE_MARK} {named}" if mark else named


def _already(board: SheetBoard, chosen: str) -> str:
    """The note of a place whose stored result is already the one chosen: someone saved it meanwhile."""
    if chosen:
        return f"{_named(board)}: {chosen} was entered meanwhile, as you chose it; nothing to save there"
    return f"{_named(board)}: its result was cleared meanwhile, as you chose; nothing to save there"


def _plainly(message: str) -> tuple[str, tuple[str, ...]]:
    """A refusal in the page's words, and what it needs from the person: the no-show rule's
    ``--confirm`` and ``--excused`` become words the page offers (``confirm``, ``excused``); a
    correction that only ``--force`` saves is sent to the command line, and never offered."""
    needs = []
    for flag, words, need in _NEEDS:
        if flag in message:
            message = message.replace(flag, words)
            needs.append(need)
    head, forced, rest = message.partition(_FORCE)
    if forced:
        message = f"{head.rstrip(' ;:')}. Nothing was saved: only the command line's 'arbiter result --force' " \
                  f"would {rest}"
    return message, tuple(needs)


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
