"""The club folder: members, their initial ratings, and the ratings its events produce.

A club is one folder::

    club.toml          the name and settings (:class:`~arbiter_cli.ratings.club.ClubSettings`)
    members.csv        id,name,birth_date,standard,rapid,blitz (initial ratings)
    ratings.csv        every finalised club tournament's rating report, in rating order
    journal.csv        the club's log of changes
    tournaments/NAME/  the club's tournament folders

Like the tournament folder, reading is strict (file, line and field in every
error) and writing is all or nothing under the folder's lock (:mod:`.files`).
``ratings.csv`` is derived: ``arbiter ratings recompute`` rebuilds it from the
initial ratings and the finalised tournaments (see :func:`rated_events`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import tomli_w

from arbiter_cli.core.errors import BrokenFolder, DomainError, Refused, pydantic_message
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.core.words import count
from arbiter_cli.lifecycle.club_ratings import pre_event_ratings, rate_as_the_club, recompute
from arbiter_cli.lifecycle.final_correction import prize_corrections, prize_list_removed
from arbiter_cli.lifecycle.standings import final_standing_changes
from arbiter_cli.ratings.club import Club, ClubSettings, Member, StoredRow, event_of
from arbiter_cli.ratings.ledger import TIME_CONTROLS, RatedEvent, RatingRow
from arbiter_cli.store.files import Derived, FolderStore, csv_text
from arbiter_cli.store.layout import ACCESS, Document, Folders, Hidden, Layout, Marker
from arbiter_cli.store.names import CLUB_FILE, SETTINGS_FILE, TEAMS_FILE, TOURNAMENTS_DIR, club_of
from arbiter_cli.store.prizes import read_prizes
from arbiter_cli.store.tables import Line, Table
from arbiter_cli.store.tournament import JOURNAL, TournamentFolder, read_toml

__all__ = ["CLUB_FILE", "MEMBERS_FILE", "RATINGS_FILE", "TOURNAMENTS_DIR", "CLUB_LAYOUT", "ClubFolder", "club_of", "club_folder_of", "club_tournaments", "club_tournament_paths", "rated_events",
           "rated_in_order", "finalised_at",
           "registrations",
           "update_club_ratings", "club_fault", "show_club_ratings", "rated_by_club", "load_club"]

MEMBERS_FILE = "members.csv"
RATINGS_FILE = "ratings.csv"
MEMBER_COLUMNS = ("id", "name", "birth_date", "standard", "rapid", "blitz")
RATING_COLUMNS = ("tournament", "time_control", "member_id", "name", "rating_before", "k", "games", "score",
                  "expected", "change", "rating_after", "performance")
RATING_OPTIONAL = ("date",)  # a club rated before dates were kept: 'ratings recompute' adds them


class _MemberRows:
    """``members.csv``: a member per row, each id once."""

    def __init__(self, _: None = None) -> None:
        self.members: list[Member] = []
        self.seen: dict[int, int] = {}

    def row(self, line: Line) -> None:
        member = line.validated(Member)
        if member.id in self.seen:
            raise line.fault(f"member id {member.id} is already used on line {self.seen[member.id]}", "id")
        self.seen[member.id] = line.number
        self.members.append(member)

    def result(self) -> tuple[Member, ...]:
        return tuple(sorted(self.members, key=lambda m: m.id))


class _RatingRows:
    """``ratings.csv``: the rating report of every finalised club tournament, each line a member's."""

    def __init__(self, known: set[int]) -> None:
        self.known = known
        self.rows: list[StoredRow] = []

    def row(self, line: Line) -> None:
        try:
            member = int(line["member_id"])
            if member not in self.known:
                raise ValueError(f"member {member} is not in {MEMBERS_FILE}")
            if line["time_control"] not in TIME_CONTROLS:
                raise ValueError(f"{line['time_control']!r} is not a time control")
            values = {key: int(line[key]) for key in ("rating_before", "k", "games", "change", "rating_after")}
            rating = RatingRow(member, values["rating_before"], values["k"], values["games"],
                               parse_points(line["score"]), parse_points(line["expected"]), values["change"],
                               values["rating_after"], int(line["performance"]) if line["performance"] else None)
        except (ValueError, TypeError) as error:
            raise line.fault(f"not a rating report line: {error}") from None
        self.rows.append(StoredRow(line["tournament"], line["time_control"], rating, line["name"], line.get("date")))

    def result(self) -> tuple[StoredRow, ...]:
        return tuple(self.rows)


MEMBERS = Table(MEMBERS_FILE, MEMBER_COLUMNS, _MemberRows)
RATINGS = Table(RATINGS_FILE, RATING_COLUMNS, _RatingRows, RATING_OPTIONAL, required=False)
#: An older club may have no journal yet; a change appends to it, so one that is there must be a journal.
CLUB_JOURNAL = JOURNAL._replace(required=False)

#: A club's folder: its tournaments are individual events, each in ``tournaments/NAME``.
CLUB_LAYOUT = Layout((
    Document(CLUB_FILE), MEMBERS, RATINGS, CLUB_JOURNAL, Folders(TOURNAMENTS_DIR, ("tournament",)),
    Marker(SETTINGS_FILE), Marker(TEAMS_FILE), ACCESS, Hidden(),
))


def _club_settings(text: str) -> ClubSettings:
    """``club.toml``, checked; the first problem names its field."""
    from pydantic import ValidationError  # a check imports pydantic (start-up, issue 29)

    data = read_toml(text, CLUB_FILE)
    try:
        return ClubSettings.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise BrokenFolder(pydantic_message(first), source=CLUB_FILE,
                          field=".".join(str(p) for p in first["loc"]) or None) from None


class ClubFolder(FolderStore):
    """A club folder on disk."""

    layout = CLUB_LAYOUT

    def _require_folder(self) -> None:
        if not (self.path / CLUB_FILE).is_file():
            raise BrokenFolder(f"{self.path} is not a club folder: {CLUB_FILE} is missing "
                              "(use -d DIR, or create one with 'arbiter club new')")

    def load(self) -> Club:
        self._require_folder()
        settings = self._parsed(CLUB_FILE, _club_settings, alone=True)  # through the read cache (issue 29)
        members = self.read_table(MEMBERS, None)
        ratings = self.read_table(RATINGS, {m.id for m in members})
        self.read_table(CLUB_JOURNAL, None)
        return Club(settings, members, ratings)

    def files_of(self, club: Club) -> dict[str, str]:
        files = {
            CLUB_FILE: tomli_w.dumps(club.settings.model_dump()),
            MEMBERS_FILE: csv_text(MEMBER_COLUMNS, [[m.id, m.name, m.birth_date, m.standard, m.rapid, m.blitz]
                                                     for m in club.members]),
        }
        if club.ratings:
            files[RATINGS_FILE] = csv_text((*RATING_COLUMNS, *RATING_OPTIONAL), [
                [s.tournament, s.time_control, s.row.member_id, s.name, s.row.rating_before, s.row.k,
                 s.row.games, format_points(s.row.score, ascii=True), format_points(s.row.expected, ascii=True), s.row.change,
                 s.row.rating_after, s.row.performance, s.date] for s in club.ratings])
        return files

    def save(self, before: Club, after: Club, command: str, changes: Sequence[Change]) -> None:
        """Write what changed, all or nothing, and journal it. Hold the exclusive lock."""
        self._save_files(self.files_of(before), self.files_of(after), command, changes)

    @classmethod
    def create(cls, path: str | os.PathLike[str], settings: ClubSettings, command: str, by: str = ""
               ) -> "ClubFolder":
        folder = cls(path)
        folder.by = by
        if folder.path.exists() and (not folder.path.is_dir() or any(folder.path.iterdir())):
            raise Refused(f"{folder.path} already exists and is not an empty folder")
        folder.path.mkdir(parents=True, exist_ok=True)
        (folder.path / TOURNAMENTS_DIR).mkdir()
        folder._create(folder.files_of(Club(settings)), CLUB_FILE, command, Change("club created", "", settings.name))
        return folder


def load_club(path: Path) -> Club:
    """The club folder at ``path``, read under its shared lock."""
    folder = ClubFolder(path)
    with folder.lock(exclusive=False):
        return folder.load()


def club_folder_of(path: Path) -> Path:
    """The club folder a club command run at ``path`` works on: ``path`` itself, or, in one of
    the club's tournament folders (``CLUB/tournaments/NAME``), its club."""
    if not (path / CLUB_FILE).is_file():
        home = club_of(path)
        if home is not None:
            return home
    return path


def _finalised_at(store: TournamentFolder) -> str:
    """When the tournament was finalised: the time of its journal's finalising entry."""
    stamps = [entry.time for entry in store.journal()
              if entry.change.change == "status" and entry.change.new.startswith("finalised")]
    return stamps[-1] if stamps else ""


def club_tournament_paths(club_path: Path) -> list[Path]:
    """The club's tournament folders (each with its settings), in name order."""
    directory = club_path / TOURNAMENTS_DIR
    if not directory.is_dir():
        return []
    return [folder for folder in sorted(p for p in directory.iterdir() if p.is_dir())
            if (folder / "tournament.toml").is_file()]


def club_tournaments(club_path: Path) -> Iterator[tuple[TournamentFolder, Tournament, str]]:
    """Each tournament folder of the club, in name order: its store, the tournament (read under
    its shared lock) and when it was finalised ("" if it is not)."""
    for folder in club_tournament_paths(club_path):
        store = TournamentFolder(folder)
        try:
            with store.lock(exclusive=False):
                tournament = store.load()
                when = finalised_at(store, tournament)
        except DomainError as error:  # name the tournament: the club's command did not
            raise error.at(source=f"{TOURNAMENTS_DIR}/{folder.name}/{error.source or ''}".rstrip("/")) from None
        yield store, tournament, when


def rated_events(club_path: Path) -> list[RatedEvent]:
    """The club's finalised tournaments, in the order they were finalised, as the ledger needs them."""
    return rated_in_order((store.path.name, tournament, finalised_at) for store, tournament, finalised_at
                          in club_tournaments(club_path))


def finalised_at(store: TournamentFolder, tournament: Tournament) -> str:
    """When ``tournament`` (read from ``store``, under its lock) was finalised ("" if it is not)."""
    return _finalised_at(store) if tournament.settings.status is Status.FINALISED else ""


def rated_in_order(tournaments: Iterable[tuple[str, Tournament, str]]) -> list[RatedEvent]:
    """The finalised ones of ``tournaments`` (each its folder's name, the tournament and when it was
    finalised), in the order they were finalised, as the ledger needs them."""
    found = [(when, name, tournament) for name, tournament, when in tournaments
             if tournament.settings.status is Status.FINALISED]
    found.sort(key=lambda item: (item[0], item[1]))
    return [event_of(name, tournament) for _, name, tournament in found]


def registrations(club_path: Path) -> dict[str, dict[int, int]]:
    """The members registered in each of the club's tournaments (by its folder name): member id
    -> start number."""
    return {store.path.name: {p.member_id: p.start_number for p in tournament.players if p.member_id is not None}
            for store, tournament, _ in club_tournaments(club_path)}


def rated_by_club(tournament_path: Path) -> bool | None:
    """Has the club of this tournament rated it (has ratings.csv a line of it)? None outside a club."""
    club_path = club_of(tournament_path)
    if club_path is None:
        return None
    folder = ClubFolder(club_path)
    try:
        with folder.lock(exclusive=False):
            club = folder.load()
    except DomainError:  # a broken club: the club's own commands say what is wrong
        return None
    name = tournament_path.resolve().name
    return any(row.tournament == name for row in club.ratings)


def club_fault(tournament_path: Path, finalised_only: bool = False) -> BrokenFolder | None:
    """What keeps the club of this tournament from rating it again (:func:`update_club_ratings`): the
    first fault of the club's folder, as a refusal to make the change at all (trial38: a correction was
    saved and the club's ratings left behind it); None outside a club, for a sound club, and, with
    ``finalised_only``, for a tournament not finalised (only a finalised one is rated)."""
    club_path = club_of(tournament_path)
    if club_path is None:
        return None
    if finalised_only:
        try:
            status = read_toml((tournament_path / SETTINGS_FILE).read_text(encoding="utf-8"), SETTINGS_FILE)
        except (OSError, UnicodeDecodeError, DomainError):
            return None  # the tournament's own reading says what is wrong
        if status.get("status") != Status.FINALISED.value:
            return None
    folder = ClubFolder(club_path)
    try:
        with folder.lock(exclusive=False):
            folder.load()
    except DomainError as error:
        return BrokenFolder(f"{error.message}; the club could not rate this tournament again, so nothing was "
                            "changed: repair the club's folder first", line=error.line, field=error.field,
                            source=str(club_path / error.source) if error.source else str(club_path))
    return None


#: The final standings files of a finalised tournament, with the prize list of its prize fund (None
#: without one), rendered above the store: render.final.
Outputs = Callable[[Tournament, PrizeTable | None], Derived]


def update_club_ratings(tournament_path: Path, command: str, by: str = "",
                        outputs: Outputs | None = None) -> list[str]:
    """After a club tournament is finalised or corrected: rebuild the club's ratings, under the
    club folder's lock, and make every club tournament show the rebuilt pre-event ratings
    (:func:`show_club_ratings`). Returns the lines to show; nothing for a tournament outside any club."""
    club_path = club_of(tournament_path)
    if club_path is None:
        return []
    folder = ClubFolder(club_path)
    folder.by = by
    try:
        with folder.lock(exclusive=True, holder=command):
            club = folder.load()
            rebuilt = recompute(club, rated_events(club_path))
            if rebuilt.gone:
                return [f"club ratings NOT updated: {', '.join(rebuilt.gone)} rated before but no longer finalised "
                        f"in {club_path / 'tournaments'}; see 'arbiter -d {club_path} ratings recompute'"]
            folder.save(club, rebuilt.club, command, rebuilt.changes())
            shown = show_club_ratings(club_path, rebuilt.club, command, by, outputs)
    except DomainError as error:  # the tournament's change is made already: say so, do not fail it
        return [f"club ratings NOT updated: {club_path}: {error}; once that is repaired, run "
                f"'arbiter -d {club_path} ratings recompute'"]
    return [*rebuilt.report(), *shown]


def show_club_ratings(club_path: Path, club: Club, command: str, by: str = "",
                      outputs: Outputs | None = None) -> list[str]:
    """Write the club's pre-event rating of each member into every club tournament whose
    players.csv shows another (:func:`~arbiter_cli.lifecycle.club_ratings.pre_event_ratings`),
    each under its own lock with a journal line per player; a finalised one's final standings
    are stored again. Call it holding the club's lock. Returns the lines to show."""
    lines: list[str] = []
    for store, tournament, _ in club_tournaments(club_path):
        name = store.path.name
        if not rate_as_the_club(tournament, pre_event_ratings(club, name, tournament))[1]:
            continue
        store.by = by
        try:
            with store.lock(exclusive=True, holder=command):
                before = store.load()
                after, changes = rate_as_the_club(before, pre_event_ratings(club, name, before))
                finalised = before.settings.status is Status.FINALISED
                moved = final_standing_changes(before, after) if finalised and changes else []
                files = None
                if changes and finalised and outputs is not None:  # its prize list follows, or goes
                    prizes = read_prizes(store.path)
                    files = outputs(after, prizes)
                    moved += prize_corrections(before, after, prizes)
                    moved += prize_list_removed(store.outputs_behind({n: t for n, t in files.items() if t is None}))
                if changes:
                    store.save(before, after, command, [*changes, *moved], outputs=files)
        except DomainError as error:  # the club is saved: say which tournament still shows the old ratings
            lines.append(f"{name}: its players.csv NOT yet written with the club's ratings ({error}); run "
                         f"'arbiter -d {club_path} ratings recompute' once it can be")
            continue
        if not changes:
            continue
        lines.append(f"{name}: {count(len(changes), 'pre-event rating')} written to its players.csv (its standings "
                     "and export show them)" + ("; final standings stored again" if finalised else
                                                ": the club ratings its finalisation will start from"))
        lines += [f"{name}: {c.change}: {c.old or 'unrated'} -> {c.new}" for c in (*changes, *moved)]
    return lines
