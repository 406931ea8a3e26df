"""One event, many kinds: the interface every kind of event implements.

An :class:`Event` is a folder opened as its kind (:mod:`arbiter_cli.events.registry`): an
individual Swiss or round robin, a team event, a knockout, a group stage, a club. Every command
makes one call on it. An operation a kind does not have is refused here, in one place, with one
message that names the kind and the kinds that have it (:meth:`Event.lacks`); which kinds have
an operation is read from the kinds themselves (a kind has it when it implements it), never
from a list kept by hand.

What a command shows goes through its :class:`Caller`: the command line implements it (messages
on stderr, tables, CSV and JSON on stdout, pages for the wall), so that this floor decides what
to show and never how.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NoReturn, Protocol

from arbiter_cli.core.errors import BadArgument, BrokenFolder, DomainError, Refused

if TYPE_CHECKING:
    from arbiter_cli.render.site.memo import Memo
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.model import Tournament
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.team_tournament import TeamTournament
    from arbiter_cli.core.results import ByeKind
    from arbiter_cli.render.output import Format, View
    from arbiter_cli.render.printing import Sheet
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.core.venue import Sheet as EntrySheet
    from arbiter_cli.events.settings import Door
    from arbiter_cli.lifecycle.change import Change
    from arbiter_cli.store.files import Derived, FolderStore, Joined

__all__ = ["Caller", "Silent", "Event", "in_stage", "staged", "where", "today", "check_version", "every_kind_from",
           "READ_CACHE_ROOM"]

#: The entries an event folder's read cache keeps before a command removes those it did not use: some
#: hundred states of its files (each result is one), a few MB on a 1,000-player event.
READ_CACHE_ROOM = 256


class Caller(Protocol):
    """Who runs an operation, and where what it shows goes: the command line implements it."""

    @property
    def command(self) -> str:
        """The command as typed, for the journal."""

    @property
    def by(self) -> str:
        """Who makes the change, for the journal."""

    @property
    def format(self) -> Format:
        """``--format``: a table, CSV or JSON."""

    @property
    def page(self) -> bool:
        """Whether a page for the wall is asked for (``--print`` or ``--html``) instead of a table."""

    @property
    def terminal(self) -> bool:
        """Whether stdout is a terminal (a person reads it, not a script)."""

    def say(self, message: str) -> None:
        """A message for the person (stderr)."""

    def show(self, view: View) -> None:
        """A view in the chosen format (stdout)."""

    def show_page(self, sheets: Sequence[Sheet], title: str) -> None:
        """Pages for the wall: printed on stdout, or written as an HTML file (``--html``)."""

    def write(self, text: str) -> None:
        """Text as it is, on stdout (a TRF, a JSON document)."""

    def progress(self, label: str, total: int) -> AbstractContextManager[Callable[..., None]]:
        """A progress bar for work that may take more than a second (stderr): it yields
        ``step(done, total=None)``."""

    def read_text(self, source: str) -> tuple[str, str]:
        """An input file as UTF-8 text (``-``: stdin), with its name for messages."""

    def read_bytes(self, source: str) -> tuple[str, bytes]:
        """An input file's bytes (``-``: stdin), with its name for messages."""

    def waiting(self, message: str) -> None:
        """Say that the command waits for a folder's lock."""


class Silent:
    """A :class:`Caller` that shows nothing and reads no input: an event used by a script or a test
    (:func:`arbiter_cli.events.registry.site_pages`)."""

    command = "arbiter"
    by = ""
    page = False
    terminal = False

    @property
    def format(self) -> Format:
        from arbiter_cli.render.output import Format

        return Format.json

    def say(self, message: str) -> None:
        pass

    def show(self, view: View) -> None:
        pass

    def show_page(self, sheets: Sequence[Sheet], title: str) -> None:
        pass

    def write(self, text: str) -> None:
        pass

    @contextmanager
    def progress(self, label: str, total: int) -> Iterator[Callable[..., None]]:
        yield lambda *done: None

    def read_text(self, source: str) -> tuple[str, str]:
        raise BadArgument("no input is read here", source=source)

    def read_bytes(self, source: str) -> tuple[str, bytes]:
        raise BadArgument("no input is read here", source=source)

    def waiting(self, message: str) -> None:
        pass


def today() -> str:
    """Today's date, YYYY-MM-DD (the date on a printed page)."""
    import datetime as dt

    return dt.date.today().isoformat()


def check_new_folder(directory: Path, kind: str, made: str = "new") -> None:
    """Refuse to make a new folder (of ``kind``: a folder kind's name) where an event or a club
    keeps its own files or folders: in a ``rounds/``, a ``final/``, a group event's ``stages/`` (only
    the pairing makes a stage). A club's ``tournaments/`` takes a new tournament of the kinds it
    declares, made by ``made`` ``new`` (a club tournament: its players are the club's members);
    ``made`` is the command that makes the folder."""
    from arbiter_cli.store.kinds import owner_of

    owner = owner_of(directory)
    if owner is None:
        return
    folder, found = owner
    try:
        inside = directory.resolve().relative_to(folder.resolve()).parts
    except ValueError:
        inside = ()
    places = [part for part in found.layout.folders if found.name == "club" and len(inside) == 2
              and part.directory == inside[0]]
    if places and made != "new":
        raise Refused(f"a club's {inside[0]}/ are made with 'arbiter new --club' (their players are the club's "
                      f"members); {made} elsewhere")
    if any(kind in part.kinds for part in places):
        return  # a club tournament, in the club's tournaments/
    if places:
        raise Refused(f"a club's {inside[0]}/ holds its rated Swiss and round-robin events, not a {kind} event")
    raise Refused(f"{directory} is part of the {found.what} folder {folder}; make the new folder elsewhere")


def check_version(version: str) -> None:
    """``--trf-version``: TRF-2026 or TRF16."""
    if version not in ("2026", "16"):
        raise BadArgument(f"{version!r} is not a TRF version; use 2026 or 16", field="--trf-version")


def where(path: Path) -> str:
    """A folder as messages name it: "this folder" for the current one."""
    return "this folder" if str(path) in (".", "") else str(path)


def staged(error: DomainError, prefix: str) -> DomainError:
    """``error`` with ``prefix`` before its file, when it names a file of the folder (a relative
    path not named so already): a broken ``rounds/02.csv`` of group B is ``stages/B/rounds/02.csv``."""
    if not prefix or not isinstance(error, BrokenFolder) or not error.source or error.source.startswith(prefix) \
            or Path(error.source).is_absolute():
        return error
    return error.at(source=prefix + error.source)


@contextmanager
def in_stage(prefix: str) -> Iterator[None]:
    """Errors of a group event's stage folder name its files from the event's folder (``prefix``:
    ``stages/B/``)."""
    try:
        yield
    except BrokenFolder as error:
        raise staged(error, prefix) from None


class Event:
    """An event folder opened as its kind. Each operation is what one command does; a kind
    implements the operations it has, and the others are refused by :meth:`lacks`.

    ``stage``: a group event's stage opened with ``--group`` (``stages/B/``), which names the
    stage's files from the event's folder in every message; ``group_stage``: the stage's name,
    however it was opened (``--group B`` or ``-d EVENT/stages/B``).
    """

    #: The kind as messages name it ("a team event") and, in the plural, in the list of the
    #: kinds that have an operation ("team events").
    noun: ClassVar[str] = "an event"
    plural: ClassVar[str] = "events"
    #: How a result's place is written (``arbiter result ROUND PLACE RESULT``).
    place_name: ClassVar[str] = "BOARD"

    def __init__(self, path: Path, caller: Caller, stage: str = "") -> None:
        self.path = path
        self.caller = caller
        self.stage = stage
        self.group_stage = ""  # the name of the group event's stage this event is (A, final), if it is one
        #: a stage's correction after finalising (the stage after it, and how to save the stage): saved
        #: with the group event's final standings as one change (``save(joined)``, :class:`Joined
        #: <arbiter_cli.store.files.Joined>`; None: the stage's own change alone); what to say of them
        self.save_with_event: Callable[[object, Callable[[Joined | None], None]], str] | None = None
        #: a stage's writes: the folder around it locked first (a group event's), in the order its own
        #: acts lock them, so that a stage's change may join the event's
        self.outer_writing: Callable[[], AbstractContextManager[None]] | None = None
        #: a group's correction (the stage before and after it): refused where the group event forbids it
        self.stage_correction_check: Callable[[Tournament, Tournament], None] | None = None

    @classmethod
    def create(cls, directory: Path, plan: object, why: str, caller: Caller) -> None:
        """``arbiter new``: make the folder of a new event of this kind (``plan``: what
        :func:`arbiter_cli.lifecycle.new_event.plan_new_event` made of the options; ``why``: why
        its rating list), and say what was made."""
        raise NotImplementedError(f"{cls.__name__} is not made by 'arbiter new'")  # pragma: no cover

    # -- the one refusal ---------------------------------------------------------

    @classmethod
    def has(cls, operation: str) -> bool:
        """Whether this kind implements ``operation`` (a method of :class:`Event`)."""
        return getattr(cls, operation) is not getattr(Event, operation)

    def lacks(self, operation: str, command: str = "") -> NoReturn:
        """Refuse an operation this kind does not have: the kind and the kinds that have it
        (``command``: the command, when it is not named as the operation)."""
        having = [kind.plural for kind in _kinds() if kind.has(operation)
                  and not (self.group_stage and kind.plural == "group events")]  # a stage is in one already
        command = command or operation.replace("_", " ")
        listed = ", ".join(having[:-1]) + f" and {having[-1]}" if len(having) > 1 else "".join(having)
        place = self.stage.rstrip("/") or where(self.path)
        raise Refused(f"{place} holds {self.described()}: 'arbiter {command}' is for {listed or 'no event'}")

    def described(self) -> str:
        """The kind as a refusal names this event ("a team event")."""
        return self.noun

    # -- helpers of every kind ---------------------------------------------------

    @contextmanager
    def reading(self, folder: FolderStore) -> Iterator[None]:
        """``folder`` under its shared lock, read through the read cache (:meth:`kept_reads`)."""
        with folder.lock(exclusive=False, waiting=self.caller.waiting), self.kept_reads(folder):
            yield

    @contextmanager
    def writing(self, folder: FolderStore) -> Iterator[None]:
        """``folder`` under its exclusive lock, its changes journaled as the caller's, read through the
        read cache (:meth:`kept_reads`)."""
        folder.by = self.caller.by
        with self.outer_writing() if self.outer_writing is not None else nullcontext(), \
                folder.lock(exclusive=True, holder=self.caller.command, waiting=self.caller.waiting), \
                self.kept_reads(folder):
            yield

    @staticmethod
    @contextmanager
    def kept_reads(folder: FolderStore) -> Iterator[None]:
        """Let ``folder``, under its lock, read each of its files through the read cache (issue 29:
        :mod:`arbiter_cli.store.read_cache`; a command after one result parses one round file, and
        checks no setting and no player again, so imports no pydantic); then remove the entries of
        files no longer as they were. A cache folder refused, or one that cannot be written: the
        files are read, and nothing is said."""
        from arbiter_cli.store.read_cache import reading_version
        from arbiter_cli.store.site_cache import SiteCache

        entries = SiteCache.reads(folder.path) if folder.kept is None else None
        if entries is None:
            yield
            return
        folder.keep_reads(entries, reading_version())
        try:
            yield
        finally:
            folder.kept = None
            entries.finish(sweep=False, room=READ_CACHE_ROOM)  # a publish removes the folders gone for KEPT_DAYS

    def warn(self, message: str) -> None:
        """A warning for the person (stderr), naming the stage of a group event."""
        self.caller.say(f"warning: {self.stage}{message}")

    def changed(self, changes: Sequence[object]) -> None:
        """Say each journal line of a change: ``what: old -> new``."""
        for change in changes:
            old, new = getattr(change, "old"), getattr(change, "new")
            self.caller.say(f"{getattr(change, 'change')}: {old or 'none'} -> {new or 'none'}")

    def check_target(self, output: Path | None, version: str) -> None:
        """Refuse a TRF version that is none, or an output file (``-o``) that would land on a file a
        folder owns, before any work."""
        from arbiter_cli.store.outputs import check_output

        check_version(version)
        if output is not None:
            check_output(output, what="the TRF")

    def write_trf(self, text: str, warnings: Sequence[str], version: str, output: Path | None, what: str) -> None:
        """An exported TRF on stdout, or written to ``output``, the same bytes (lines end with CR LF:
        :data:`arbiter_cli.trf.writer.LINE_END`); ``what`` says what it holds."""
        from arbiter_cli.store.outputs import write_output
        from arbiter_cli.store.prizes import PRIZES_FILE

        for warning in warnings:
            self.caller.say(f"warning: {warning}")
        if (self.path / PRIZES_FILE).is_file():  # a person's file, read by 'prizes': an import does not make it
            self.caller.say(f"warning: {PRIZES_FILE} is not exported: a TRF has no prize fund (copy it into the "
                            f"folder you import the file into){_club_categories(self.path)}")
        if output is None:
            self.caller.write(text)
            return
        write_output(output, text, what="the TRF")
        self.caller.say(f"wrote {output}: TRF{'-2026' if version == '2026' else '16'}, {what}")

    def show_prizes(self, event: Tournament | TeamTournament | KnockoutTournament, shown: Tournament | TeamTournament,
                    table: PrizeTable | None, behind: Sequence[str] = ()) -> None:
        """The prize list of ``event`` (any kind's) by the folder's prize fund ``table`` (refused
        without one); ``shown``: the tournament a page's header names; ``behind``: the files of a
        finalised event's ``final/`` that do not hold this list (:meth:`prize_list_behind`)."""
        from arbiter_cli.render.printing import page_header, sheet
        from arbiter_cli.render.prizes import prize_sheet
        from arbiter_cli.store.prizes import PRIZES_FILE, open_categories

        if table is None:
            raise Refused(f"the folder has no {PRIZES_FILE}; write one first (see docs/guides/prizes.md)")
        for line in open_categories(self.path, table):
            self.warn(line)
        if behind:
            self.caller.say(f"note: {self.stage}{', '.join(behind)} of the finalised event do not hold this prize list "
                            "yet: 'arbiter finalize' stores it")
        notes, view = prize_sheet(event, table)
        if self.caller.page:
            self.caller.show_page([sheet(view, page_header(shown, "Prize list", today()), notes=notes)], view.title)
            return
        for note in notes:
            self.caller.say(f"note: {note}")
        self.caller.show(view)

    def prize_list_behind(self, finalised: bool, files: Callable[[], Derived]) -> list[str]:
        """Of a finalised event's prize list in ``final/`` (``files``: the event's final files as its
        ``prizes.toml`` gives them now, the prize list's None without one), the files the folder does
        not hold as given: missing, when ``prizes.toml`` came after finalising, or out of date, when it
        changed since (issue 25); or there still, when no ``prizes.toml`` gives one any more. None
        before finalising."""
        from arbiter_cli.render.final import prize_list_files
        from arbiter_cli.store.files import FolderStore

        return FolderStore(self.path).outputs_behind(prize_list_files(files())) if finalised else []

    def final_standings_behind(self, files: Derived) -> list[str]:
        """Of a finalised event's final files other than the prize list (``files``: all of them as the
        folder gives them now), those ``final/`` does not hold as given: a result or a setting changed
        by hand since finalising (the trial of issue 29: ``verify`` said nothing of it)."""
        from arbiter_cli.render.final import PRIZE_LIST_FILES
        from arbiter_cli.store.files import FolderStore

        return FolderStore(self.path).outputs_behind({name: text for name, text in files.items()
                                                      if name not in PRIZE_LIST_FILES})

    def store_prize_list(self, finalised_on: str | None, files: Callable[[], Derived],
                         save: Callable[[list[Change], Derived], None]) -> bool:
        """``arbiter finalize`` on a finalised event: its prize list stored in ``final/`` when
        ``prizes.toml`` gives one the folder does not hold (:meth:`prize_list_behind`), or removed
        from it when no ``prizes.toml`` gives one any more. Only the prize list's files are written
        (``save``, with its journal line); the final standings, the status and the date stay. False
        when ``final/`` holds the prize list as it stands already."""
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.lifecycle.final_correction import prize_list_removed
        from arbiter_cli.render.final import prize_list_files
        from arbiter_cli.store.prizes import PRIZES_FILE

        every = files()
        made = prize_list_files(every)
        behind = self.prize_list_behind(True, lambda: made)
        if standings := self.final_standings_behind(every):
            # changed by hand since finalising: stored again as the folder gives them, with the prize list
            listed = ", ".join(self.stage + name for name in standings)
            save([Change("final standings", "out of date", f"stored again: {listed}")]
                 + ([Change("final prize list", "out of date", f"stored again: {', '.join(behind)}")] if behind else []),
                 {**{name: every[name] for name in standings}, **made})
            self.caller.say(f"the event was finalised on {finalised_on}: {listed} did not hold the standings the "
                            "folder gives now (a file changed by hand?): stored again"
                            + (", with the prize list" if behind else ""))
            return True
        if not behind:
            return False
        stale = [self.stage + name for name in behind]
        if all(text is None for text in made.values()):
            save(prize_list_removed(behind), made)
            self.caller.say(f"the event was finalised on {finalised_on}: {', '.join(stale)} held a prize list that "
                            f"no {self.stage}{PRIZES_FILE} gives any more: removed; nothing else changed")
            return True
        state = "out of date" if any((self.path / name).exists() for name in behind) else "missing"
        save([Change("final prize list", state, f"stored from {PRIZES_FILE}: {', '.join(behind)}")], made)
        self.caller.say(f"the event was finalised on {finalised_on}: the prize list of {self.stage}{PRIZES_FILE} ({state} "
                        f"in final/) is now stored in {', '.join(stale)}; nothing else changed")
        return True

    def prize_list_corrected(self, before: Callable[[], Derived], after: Derived) -> list[Change]:
        """A correction after finalising (C.04.2 4.3) writes the final files ``after`` (the prize
        list's from ``prizes.toml`` as it is now, or None without one): its journal line for the prize
        list as a whole, beside each prize it moves (:mod:`arbiter_cli.lifecycle.final_correction`):
        removed, when no ``prizes.toml`` gives one any more; stored, when ``final/`` did not hold the
        list ``prizes.toml`` gave before the correction (``before``: the final files then), because
        it came or changed after finalising. None when ``final/`` held it."""
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.lifecycle.final_correction import prize_list_removed
        from arbiter_cli.render.final import prize_list_files
        from arbiter_cli.store.files import FolderStore
        from arbiter_cli.store.prizes import PRIZES_FILE

        made = prize_list_files(after)
        store = FolderStore(self.path)
        if all(text is None for text in made.values()):
            return prize_list_removed(store.outputs_behind(made))
        behind = store.outputs_behind(prize_list_files(before()))
        if not behind:
            return []
        state = "out of date" if any((self.path / name).exists() for name in behind) else "missing"
        return [Change("final prize list", state, f"stored from {PRIZES_FILE}: {', '.join(made)}")]

    # -- the rounds ---------------------------------------------------------------

    def pair(self, source: str | None, force: bool, reason: str | None, explain: bool) -> None:
        """``arbiter pair``: pair the next round (``source``: a round paired by hand, ``--from``)."""
        self.lacks("pair")

    def pairings(self, round_number: int | None, explain: bool) -> None:
        """``arbiter pairings``: a round's pairings."""
        self.lacks("pairings")

    def unpair(self) -> None:
        """``arbiter unpair``: remove the last round while it has no results."""
        self.lacks("unpair")

    def result(self, round_number: int, place: str | None, code: str | None, source: str | None, correct: bool,
               excused: bool, confirm: bool, force: bool, pgn: str | None = None) -> None:
        """``arbiter result``: enter results, one or many (``source``: bulk lines; ``pgn``: a PGN file's
        games), compare-and-set."""
        self.lacks("result")

    def sheet(self, round_number: int | None) -> EntrySheet:
        """A round's places for result entry in the browser (``arbiter serve``'s desk,
        :mod:`arbiter_cli.events.desk`): each place as ``arbiter result`` takes it, with its players
        and its stored result (None: the current round, the last one paired)."""
        self.lacks("sheet", "result")

    def bracket(self) -> None:
        """``arbiter bracket``: a knockout's bracket."""
        self.lacks("bracket")

    def bye(self, start_number: int, round_number: int, kind: ByeKind | None) -> None:
        """``arbiter bye``: request a bye of ``kind`` for a round not paired yet (None: cancel it)."""
        self.lacks("bye")

    def bye_list(self) -> None:
        """``arbiter bye list``: the requested byes."""
        self.lacks("bye_list", "bye")

    def bye_from(self, source: str) -> None:
        """``arbiter bye --from``: many requested byes at once (``ID ROUND KIND`` lines), all or nothing."""
        self.lacks("bye_from", "bye --from")

    # -- reports -----------------------------------------------------------------

    def standings(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        """``arbiter standings``."""
        self.lacks("standings")

    def crosstable(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        """``arbiter crosstable``."""
        self.lacks("crosstable")

    def standings_rated(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        """``arbiter standings --rating-change``: the standings with each player's expected Δ."""
        self.lacks("standings_rated", "standings --rating-change")

    def rating_report(self, after_round: int | None, start_number: int | None) -> None:
        """``arbiter rating-report``: each player's expected FIDE rating change (B.02), or one
        player's games as B.02 rates them (``--player``)."""
        self.lacks("rating_report", "rating-report")

    def prizes(self) -> None:
        """``arbiter prizes``: who gets what, from ``prizes.toml``."""
        self.lacks("prizes")

    # -- the end of the event ----------------------------------------------------

    def finalize(self, when: str, after_round: int | None, yes: bool) -> None:
        """``arbiter finalize``: close the event on ``when`` and store its final standings."""
        self.lacks("finalize")

    # -- exchange, checks, history, the site -------------------------------------

    def export(self, version: str, output: Path | None) -> None:
        """``arbiter export``: the event as a Tournament Report File."""
        self.lacks("export")

    def verify(self) -> None:
        """``arbiter verify``: is the folder sound? Every file it owns is checked."""
        self.lacks("verify")

    def log(self, round_number: int | None, board: int | None, player: int | None, since: str | None) -> None:
        """``arbiter log``: the folder's journal."""
        self.lacks("log")

    def site(self, options: SiteOptions | None = None) -> Mapping[str, bytes]:
        """The event's published site: relative POSIX path -> bytes (``publish`` and ``serve``), as the
        arbiter chose (``options``: the hall screen's refresh, personal data)."""
        self.lacks("site", "publish")

    def site_memo(self) -> Memo:
        """What a build of the site finds made by the last one (each round's standings, each page whose
        inputs did not change): the cache of this folder, outside it (``ARBITER_CACHE_DIR``)."""
        from arbiter_cli.render.site.memo import Memo
        from arbiter_cli.store.site_cache import SiteCache

        return Memo(SiteCache(self.path))

    # -- players -----------------------------------------------------------------

    def player_add(self, name: str | None, rating: int | None, details: dict[str, object],
                   member: int | None) -> None:
        """``arbiter player add``."""
        self.lacks("player_add")

    def player_import(self, source: str) -> None:
        """``arbiter player import``: players from a CSV file."""
        self.lacks("player_import")

    def player_list(self) -> None:
        """``arbiter player list``."""
        self.lacks("player_list")

    def player_remove(self, start_number: int) -> None:
        """``arbiter player remove``: a registration made by mistake."""
        self.lacks("player_remove")

    def player_withdraw(self, start_number: int, after_round: int | None) -> None:
        """``arbiter player withdraw``."""
        self.lacks("player_withdraw")

    def player_set_k(self, start_number: int, k: int | None) -> None:
        """``arbiter player set-k``: a player's K on the FIDE list (B.02 8.3.3)."""
        self.lacks("player_set_k", "player set-k")

    def player_update_ratings(self, force: bool) -> None:
        """``arbiter player update-ratings``: ratings, titles and federations from the loaded list."""
        self.lacks("player_update_ratings", "player update-ratings")

    def player_withdraw_from(self, source: str) -> None:
        """``arbiter player withdraw --from``: many withdrawals at once (``ID [AFTER_ROUND]`` lines), all or
        nothing."""
        self.lacks("player_withdraw_from", "player withdraw --from")

    def player_reinstate(self, start_number: int) -> None:
        """``arbiter player reinstate``: undo a withdrawal that no paired round depends on."""
        self.lacks("player_reinstate")

    # -- a Swiss's pairing rules -------------------------------------------------

    def avoid(self, players: Sequence[int], rounds: str | None) -> None:
        """``arbiter avoid P Q ...``: forbid pairs."""
        self.lacks("avoid")

    def avoid_list(self) -> None:
        """``arbiter avoid list``."""
        self.lacks("avoid_list", "avoid")

    def avoid_remove(self, number: int) -> None:
        """``arbiter avoid remove N``."""
        self.lacks("avoid_remove", "avoid")

    def acceleration(self, action: str, values: Sequence[str]) -> None:
        """``arbiter acceleration show|group-a|set``."""
        self.lacks("acceleration")

    def pairing_swap(self, round_number: int, one: int, two: int, force: bool, reason: str | None) -> None:
        """``arbiter pairing swap``: two players of the last round exchange places."""
        self.lacks("pairing_swap")

    def pairing_set(self, round_number: int, board: int, white: int, black: int, force: bool,
                    reason: str | None) -> None:
        """``arbiter pairing set``: a board of the last round gets WHITE against BLACK."""
        self.lacks("pairing_set")

    # -- teams -------------------------------------------------------------------

    def team_add(self, name: str, short: str) -> None:
        """``arbiter team add``."""
        self.lacks("team_add")

    def team_import(self, source: str) -> None:
        """``arbiter team import``."""
        self.lacks("team_import")

    def team_list(self) -> None:
        """``arbiter team list``."""
        self.lacks("team_list")

    def team_remove(self, team: str) -> None:
        """``arbiter team remove``."""
        self.lacks("team_remove")

    def team_roster(self, team: str, action: str, players: Sequence[str], at: int | None = None) -> None:
        """``arbiter team roster``: show, add, remove."""
        self.lacks("team_roster")

    def team_withdraw(self, team: str, after_round: int | None) -> None:
        """``arbiter team withdraw``."""
        self.lacks("team_withdraw")

    def team_bye(self, team: str, round_number: int, zero: bool, cancel: bool) -> None:
        """``arbiter team bye``."""
        self.lacks("team_bye")

    def team_card(self, team: str | None) -> None:
        """``arbiter team card``."""
        self.lacks("team_card")

    def team_boards(self) -> None:
        """``arbiter team boards``: board-by-board statistics for board prizes."""
        self.lacks("team_boards")

    def lineup(self, round_number: int, team: str, players: Sequence[str]) -> None:
        """``arbiter lineup``: a team's line-up for a round."""
        self.lacks("lineup")

    # -- group stages ------------------------------------------------------------

    def groups_show(self) -> None:
        """``arbiter groups show``."""
        self.lacks("groups_show")

    def groups_set(self, source: str | None, snake: bool) -> None:
        """``arbiter groups set``: the groups by hand, or back to the snake deal."""
        self.lacks("groups_set")

    # -- clubs -------------------------------------------------------------------

    def member_add(self, fields: dict[str, object]) -> None:
        """``arbiter member add``."""
        self.lacks("member_add")

    def member_import(self, source: str) -> None:
        """``arbiter member import``."""
        self.lacks("member_import")

    def member_list(self) -> None:
        """``arbiter member list``."""
        self.lacks("member_list")

    def member_set_initial(self, member_id: int, given: dict[str, int]) -> None:
        """``arbiter member set-initial``."""
        self.lacks("member_set_initial")

    def member_remove(self, member_id: int) -> None:
        """``arbiter member remove``."""
        self.lacks("member_remove")

    def ratings(self, time_control: str | None) -> None:
        """``arbiter ratings``: the club's rating list."""
        self.lacks("ratings")

    def ratings_changes(self, tournament: str | None, here: Path) -> None:
        """``arbiter ratings changes``: one tournament's rating changes."""
        self.lacks("ratings_changes")

    def ratings_history(self, member_id: int, time_control: str | None) -> None:
        """``arbiter ratings history``."""
        self.lacks("ratings_history")

    def ratings_recompute(self, yes: bool) -> None:
        """``arbiter ratings recompute``."""
        self.lacks("ratings_recompute")

    # -- the settings (issue 27): every kind that has a tournament.toml opens it as a Door --------------

    def settings(self) -> None:
        """``arbiter settings``: each setting, its value, when it may change and what it means."""
        from arbiter_cli.events.settings import show

        show(self.settings_door, self.caller)

    def settings_set(self, key: str, value: str | None) -> None:
        """``arbiter settings set KEY VALUE``, checked and journalled (None: ``settings unset KEY``)."""
        from arbiter_cli.events.settings import change

        change(self.settings_door, self.caller, self.group_stage, key, value)

    def settings_door(self, exclusive: bool) -> AbstractContextManager[Door]:
        """The event's settings as its folder holds them, under its lock (:class:`~arbiter_cli.events.settings.Door`)."""
        self.lacks("settings_door", "settings")

    # -- the venue's access list (issue 26): every kind's, a group event's stages their event's ---------

    def access_add(self, name: str, role: str | None, url: str | None, new_code: bool) -> None:
        """``arbiter access add``: a person may sign in to result entry as ``role``; their code shown once."""
        from arbiter_cli.events.access import add

        add(self.path, self.caller, name, role, url, new_code)

    def access_list(self) -> None:
        """``arbiter access list``: who may sign in, in which role, since when."""
        from arbiter_cli.events.access import show

        show(self.path, self.caller)

    def access_remove(self, name: str) -> None:
        """``arbiter access remove``: the person's code signs in no more."""
        from arbiter_cli.events.access import remove

        remove(self.path, self.caller, name)


#: Every kind of event, in the order a refusal lists them, as the registry loads them: it imports
#: a kind's module only when a folder of that kind is opened (:func:`every_kind_from`).
_EVERY_KIND: list[Callable[[], list[type[Event]]]] = []


def every_kind_from(load: Callable[[], list[type[Event]]]) -> None:
    """The registry's list of every kind of event, each one imported as it is asked for
    (:mod:`arbiter_cli.events.registry`, which imports this module: it hands the list down)."""
    _EVERY_KIND[:] = [load]


def _kinds() -> list[type[Event]]:
    """Every kind of event: the registry's, in its order; without the registry (a kind used on its
    own), the kinds defined so far, in the order they were defined."""
    if _EVERY_KIND:
        return [kind for kind in _EVERY_KIND[0]() if "plural" in vars(kind)]
    found: list[type[Event]] = []
    stack = list(Event.__subclasses__())
    while stack:
        kind = stack.pop(0)
        if kind not in found:
            found.append(kind)
            stack.extend(kind.__subclasses__())
    return [kind for kind in found if "plural" in vars(kind)]


def _club_categories(path: Path) -> str:
    """What the export's warning about ``prizes.toml`` adds when its categories are for a club's players
    (trial51: a TRF has no clubs, so there they pay nobody); nothing when the fund does not read."""
    from arbiter_cli.store.prizes import read_prizes

    try:
        fund = read_prizes(path)
    except ValueError:  # a broken fund: 'prizes' and 'verify' name its mistake
        return ""
    named = [category.name for category in (fund.category if fund is not None else ()) if category.club is not None]
    if not named:
        return ""
    return (f"; there, the club {'categories' if len(named) > 1 else 'category'} {', '.join(named)} pay"
            f"{'' if len(named) > 1 else 's'} nobody: a TRF has no clubs")
