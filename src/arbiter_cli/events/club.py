"""A club (issue 12): members with club ratings per time control, rated from the club's finalised
tournaments by the FIDE rules (B.02), in a club folder (:class:`~arbiter_cli.store.club.ClubFolder`).
The club's tournaments are events of their own in its ``tournaments/``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.time_control import classify
from arbiter_cli.events.base import Event, today
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.render.output import Format

if TYPE_CHECKING:
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.core.model import Tournament
    from arbiter_cli.ratings.club import Club
    from arbiter_cli.ratings.ledger import RatedEvent
    from arbiter_cli.store.club import ClubFolder

__all__ = ["ClubEvent"]


def time_controls(text: str | None) -> tuple[str, ...]:
    """``--time-control``: a list's name in any case, or a time control such as 15+10 (FIDE's
    definitions); none: all three lists."""
    from arbiter_cli.ratings.club import TIME_CONTROLS

    if text is None:
        return TIME_CONTROLS
    found = classify(text)
    if found is not None and found.rating_type is None:
        raise BadArgument(f"{found.reason}: no club rating either; use standard, rapid or blitz (or e.g. 15+10)",
                          field="--time-control")
    if found is None or found.rating_type is None:
        raise BadArgument(f"{text!r} is not a time control; use standard, rapid or blitz (or e.g. 15+10)",
                          field="--time-control")
    return (found.rating_type.value,)


class ClubEvent(Event):
    """A club folder: its members, their ratings, and the site of the club."""

    noun = "a club"
    plural = "clubs"

    @contextmanager
    def club(self, *, exclusive: bool) -> Iterator[tuple[ClubFolder, Club]]:
        """The club folder and the club, under its lock."""
        from arbiter_cli.store.club import ClubFolder

        folder = ClubFolder(self.path)
        with (self.writing(folder) if exclusive else self.reading(folder)):
            yield folder, folder.load()

    def member_add(self, fields: dict[str, object]) -> None:
        from arbiter_cli.lifecycle.members import add_member

        with self.club(exclusive=True) as (folder, club):
            after, member, changes, notes = add_member(club, fields, today())
            folder.save(club, after, self.caller.command, changes)
        for note in notes:
            self.caller.say(note)
        self.caller.say(f"added {member.name} as member {member.id}")

    def member_import(self, source: str) -> None:
        from arbiter_cli.core.csv_input import read_rows
        from arbiter_cli.lifecycle.members import MEMBER_IMPORT_COLUMNS, import_members

        label, text = self.caller.read_text(source)
        rows = read_rows(text, label, MEMBER_IMPORT_COLUMNS)
        with self.club(exclusive=True) as (folder, club):
            after, new, changes, notes = import_members(club, rows, label, today())
            folder.save(club, after, self.caller.command, changes)
        for note in notes:
            self.caller.say(note)
        self.caller.say(f"imported {len(new)} member{'s' if len(new) != 1 else ''}; {len(after.members)} in the club")

    def member_list(self) -> None:
        from arbiter_cli.render.club import members_view

        with self.club(exclusive=False) as (_, club):
            self.caller.show(members_view(club))

    def member_set_initial(self, member_id: int, given: dict[str, int]) -> None:
        from arbiter_cli.lifecycle.members import set_initial
        from arbiter_cli.render.final import final_outputs
        from arbiter_cli.store.club import rated_events, show_club_ratings

        if not given:
            raise BadArgument("give at least one of --standard, --rapid, --blitz")
        with self.club(exclusive=True) as (folder, club):
            after, member, changes, rebuilt = set_initial(club, member_id, given, lambda: rated_events(folder.path))
            folder.save(club, after, self.caller.command, changes)
            shown = show_club_ratings(folder.path, after, self.caller.command, self.caller.by, final_outputs)
        self.caller.say(f"{member.name}: initial " + ", ".join(f"{k} {v}" for k, v in given.items())
                        + ("" if changes else ": nothing changed"))
        for line in (*rebuilt.report(), *shown):
            self.caller.say(line)

    def member_remove(self, member_id: int) -> None:
        from arbiter_cli.lifecycle.members import remove_member
        from arbiter_cli.store.club import registrations

        with self.club(exclusive=True) as (folder, club):
            after, member, changes = remove_member(club, member_id, lambda: registrations(folder.path))
            folder.save(club, after, self.caller.command, changes)
        self.caller.say(f"removed member {member.id} ({member.name}); {len(after.members)} in the club")

    def _warn_if_behind(self, path: Path, club: Club, rated: list[RatedEvent] | None = None) -> None:
        """Warn when ``ratings.csv`` is not as the finalised tournaments give it: one finalised or corrected
        while the club could not be read, or a command stopped between the two folders (the trial of
        issue 29: ``ratings`` showed such ratings without a word). A warning, not a fault: the files
        are whole, and one command brings the ratings up to date. ``rated``: the club's finalised
        tournaments as already read (:func:`arbiter_cli.store.club.rated_events`: read here)."""
        from arbiter_cli.core.words import count
        from arbiter_cli.lifecycle.club_ratings import recompute
        from arbiter_cli.store.club import RATINGS_FILE, rated_events

        if behind := recompute(club, rated_events(path) if rated is None else rated).differences:
            self.caller.say(f"warning: {RATINGS_FILE}: {count(len(behind), 'stored line')} not as the finalised "
                            "tournaments give them (one finalised or corrected while the club could not be read, or "
                            "a command stopped between the two folders); 'arbiter ratings recompute' rebuilds them")

    def ratings(self, time_control: str | None) -> None:
        from arbiter_cli.render.club import rating_list_view

        controls = time_controls(time_control)
        with self.club(exclusive=False) as (folder, club):
            self._warn_if_behind(folder.path, club)
            self.caller.show(rating_list_view(club, controls))

    def ratings_changes(self, tournament: str | None, here: Path) -> None:
        from arbiter_cli.render.club import changes_view
        from arbiter_cli.store.club import TOURNAMENTS_DIR, club_of

        if tournament is None:
            if club_of(here) is None:
                raise BadArgument("give the TOURNAMENT (its folder name in the club's tournaments/)",
                                  field="TOURNAMENT")
            tournament = str(here)
        with self.club(exclusive=False) as (folder, club):
            name = _tournament_name(folder.path, tournament)
            rows = [s for s in club.ratings if s.tournament == name]
            if not rows:
                if not (folder.path / TOURNAMENTS_DIR / name).is_dir():
                    known = sorted({s.tournament for s in club.ratings})
                    raise BadArgument(f"there is no tournament {name!r} in {folder.path / TOURNAMENTS_DIR}"
                                      + (f" (rated: {', '.join(known)})" if known else ""), field="TOURNAMENT")
                raise Refused(f"tournament {name} has changed no rating: it is not finalised yet (its ratings change "
                              "when 'arbiter finalize' ends it), or its finalize was interrupted before the club "
                              f"rated it ('arbiter -d {folder.path / TOURNAMENTS_DIR / name} finalize' again "
                              "completes it)")
        self.caller.show(changes_view(name, rows))

    def ratings_history(self, member_id: int, time_control: str | None) -> None:
        from arbiter_cli.render.club import history_view, sparkline

        controls = time_controls(time_control)
        with self.club(exclusive=False) as (_, club):
            member = club.member(member_id)
            if member is None:
                raise BadArgument(f"there is no member {member_id}", field="MEMBER")
        view = history_view(club, member, controls)
        self.caller.show(view)
        if self.caller.format is Format.table and self.caller.terminal:
            for control in controls:
                values = [int(r["rating"]) for r in view.records if r["time_control"] == control]
                if len(values) > 1:
                    self.caller.write(f"{control:>8} {sparkline(values)} {values[0]} -> {values[-1]}\n")

    def ratings_recompute(self, yes: bool) -> None:
        from arbiter_cli.lifecycle.club_ratings import recompute
        from arbiter_cli.render.final import final_outputs
        from arbiter_cli.store.club import rated_events, show_club_ratings

        with self.club(exclusive=True) as (folder, club):
            rebuilt = recompute(club, rated_events(folder.path))
            if rebuilt.gone and not yes:
                raise Refused(f"{', '.join(rebuilt.gone)}: in ratings.csv but no longer a finalised tournament in "
                              f"{folder.path / 'tournaments'}; rebuilding would delete that history and change "
                              "every later rating. Nothing was changed; give --yes to do it")
            if rebuilt.differences:
                folder.save(club, rebuilt.club, self.caller.command,
                            [Change("club ratings rebuilt", "", line) for line in rebuilt.differences])
            # Also completes a rebuild whose tournaments were not all written (an interrupted command).
            shown = show_club_ratings(folder.path, rebuilt.club, self.caller.command, self.caller.by, final_outputs)
        if not rebuilt.differences:
            self.caller.say("recomputed: every stored rating is as it should be")
        else:
            lines = rebuilt.differences
            self.caller.say(f"recomputed: {len(lines)} stored line{'s' if len(lines) != 1 else ''} differed, now "
                            "rebuilt")
            for line in (*lines, *rebuilt.moved):
                self.caller.say(line)
        for line in shown:
            self.caller.say(line)

    def verify(self) -> None:
        """The club's own files, then each of its tournaments, named from the club's folder (its
        ratings come from them). A tournament that does not read is one problem, its first; the others
        are checked all the same. A folder of ``tournaments/`` that holds files but no
        ``tournament.toml`` is a problem (a tournament that lost it). The ratings are compared with the
        finalised tournaments only while every finalised tournament is sound."""
        from arbiter_cli.core.errors import BrokenFolder
        from arbiter_cli.core.model import Status
        from arbiter_cli.core.words import count
        from arbiter_cli.events.access import access_problems
        from arbiter_cli.events.base import in_stage
        from arbiter_cli.events.checks import Checked, damaged_record, report
        from arbiter_cli.events.individual import IndividualEvent
        from arbiter_cli.lifecycle.integrity import BROKEN, Problem
        from arbiter_cli.store.club import TOURNAMENTS_DIR, club_tournament_paths, finalised_at, rated_in_order

        with self.club(exclusive=False) as (folder, club):
            edits = folder.hand_edits()
        changed = None if edits is None else [(name, edits[1]) for name in edits[0]]
        tournaments = club_tournament_paths(self.path)
        counted = f"{count(len(club.members), 'member')}, {count(len(tournaments), 'tournament')}"
        found = access_problems(self.path) + [
            Problem(f"{TOURNAMENTS_DIR}/{stray}", "no tournament.toml: not a tournament's folder, though it holds "
                    "files (a tournament's folder in tournaments/ holds its tournament.toml)")
            for stray in _strays(self.path / TOURNAMENTS_DIR, tournaments)]
        checked = [Checked(club.settings.name, len(club.members), 0, found, changed, counted,
                           damaged_record(self.path))]
        members = {member.id for member in club.members}  # each tournament's member_id is one of them
        read: list[tuple[str, Tournament, str]] = []  # each tournament read once (issue 29), for the ratings too
        unsure = bool(found)  # a tournament that may be a finalised one is not sound
        for path in tournaments:
            prefix = f"{TOURNAMENTS_DIR}/{path.name}/"
            try:
                with in_stage(prefix):
                    one = IndividualEvent(path, self.caller).check(
                        lambda store, tournament: read.append((store.path.name, tournament,
                                                               finalised_at(store, tournament))),
                        members).placed(prefix)
            except BrokenFolder as error:  # it does not read: its first fault, and the next tournament
                one = Checked(path.name, 0, 0, [Problem(error.source or prefix.rstrip("/"), error.message, error.line,
                                                        error.field)], [])
                unsure = True
            else:
                finalised = bool(read) and read[-1][0] == path.name and read[-1][1].settings.status is Status.FINALISED
                unsure |= finalised and any(problem.severity == BROKEN for problem in one.found)
            checked.append(one)
        if unsure:
            self.caller.say("note: ratings.csv is not compared with the finalised tournaments while one of them "
                            "may not be sound (listed below)")
        else:
            self._warn_if_behind(self.path, club, rated_in_order(read))
        report(self.caller, checked)

    def log(self, round_number: int | None, board: int | None, player: int | None, since: str | None) -> None:
        """The club's journal: its members, their initial ratings, the ratings rebuilt."""
        from arbiter_cli.lifecycle.audit import select
        from arbiter_cli.render.audit import log_view
        from arbiter_cli.store.journal import JOURNAL_FILE

        if round_number is not None or board is not None or player is not None:
            raise BadArgument("a club's log takes --since; --round, --board and --player are for a tournament's "
                              "('arbiter -d CLUB/tournaments/NAME log')")
        with self.club(exclusive=False) as (folder, club):
            entries = select(folder.journal(), None, since=since) if (self.path / JOURNAL_FILE).exists() else []
        self.caller.show(log_view(f"{club.settings.name}: journal", entries))

    def site(self, options: SiteOptions | None = None) -> Mapping[str, bytes]:
        from arbiter_cli.render.site import build_site
        from arbiter_cli.render.site.sites import club_site
        from arbiter_cli.store.club import load_club

        return build_site(club_site(load_club(self.path), self.site_memo()), options=options)


def _tournament_name(club_path: Path, text: str) -> str:
    from arbiter_cli.store.club import club_of

    candidate = Path(text)
    if candidate.exists() and club_of(candidate) == club_path.resolve():
        return candidate.resolve().name
    return candidate.name


def _strays(directory: Path, tournaments: list[Path]) -> list[str]:
    """The folders of a club's ``tournaments/`` that hold files but are none of its ``tournaments``
    (no ``tournament.toml``): by name. A hidden one is a command's own (``.NAME.new-PID``, the folder
    ``arbiter new`` fills before it is renamed in, which a killed ``new`` leaves behind: no tournament)."""
    if not directory.is_dir():
        return []
    known = {path.name for path in tournaments}
    return [folder.name for folder in sorted(directory.iterdir())
            if folder.is_dir() and not folder.name.startswith(".") and folder.name not in known
            and any(folder.iterdir())]
