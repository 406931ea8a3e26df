"""An individual event: a Swiss (FIDE Dutch, C.04.3) or a round robin (C.05), in a tournament folder.

Each operation reads the folder under its lock (:class:`~arbiter_cli.store.tournament.TournamentFolder`),
calls one act of :mod:`arbiter_cli.lifecycle`, saves, and shows what happened through the caller.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from arbiter_cli.core.errors import BadArgument, BrokenFolder
from arbiter_cli.core.model import Round, Status, System, Tournament
from arbiter_cli.core.words import count, listed
from arbiter_cli.events.base import Caller, today
from arbiter_cli.events.checks import Checked, damaged_record, final_prize_problems, input_problems, report
from arbiter_cli.events.registration import Registration
from arbiter_cli.lifecycle.guards import tiebreak_codes
from arbiter_cli.lifecycle.integrity import BROKEN, Problem
from arbiter_cli.store.tournament import SETTINGS_FILE, TournamentFolder

if TYPE_CHECKING:
    from arbiter_cli.render.output import View
    from arbiter_cli.render.printing import Sheet
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.results import ByeKind
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.core.venue import Sheet as EntrySheet
    from arbiter_cli.store.files import Derived
    from arbiter_cli.events.settings import Door
    from arbiter_cli.lifecycle.manual_pairing import ByHand
    from arbiter_cli.store.files import Joined

__all__ = ["IndividualEvent", "pairing_sheets"]


class IndividualEvent(Registration):
    """A Swiss or a round robin: its folder is a :class:`TournamentFolder`."""

    noun = "a Swiss or round robin"
    plural = "Swiss and round-robin events"

    @classmethod
    def create(cls, directory: Path, plan: object, why: str, caller: Caller) -> None:
        from arbiter_cli.lifecycle.new_event import NewIndividual
        from arbiter_cli.store.club import club_of

        assert isinstance(plan, NewIndividual)
        settings = plan.settings
        TournamentFolder.create(directory, settings, caller.command, caller.by)
        home = club_of(directory)
        rated = f"; club tournament of {home.name}" if home else ""
        caller.say(f"created {directory}: {settings.name} ({settings.system.value}, seed {settings.seed}{rated})")
        caller.say(f"{'rated' if home else 'rating list'} {why}")

    def described(self) -> str:
        """The system its settings name: a Swiss, a round robin, a double round robin."""
        from arbiter_cli.store.names import read_settings

        settings = read_settings(self.path)
        system = settings.get("system") if settings is not None else None
        return {"swiss": "a Swiss", "round-robin": "a round robin",
                "double-round-robin": "a double round robin"}.get(str(system), self.noun)

    def folder(self) -> TournamentFolder:
        """The event's folder on disk."""
        return TournamentFolder(self.path)

    def lacks(self, operation: str, command: str = "") -> NoReturn:
        """Refuse an operation an individual event does not have; a folder that holds no event at all
        (an individual event's is what such a folder opens as) is said to be none first, as a command
        that reads it says (trial41: ``arbiter -d nowhere team card`` said nowhere held a Swiss)."""
        if not self.stage and not (self.path / SETTINGS_FILE).is_file():
            with self.reading(self.folder()):  # raises: no folder, or no event in it
                pass
        super().lacks(operation, command)

    def registration_folder(self) -> TournamentFolder:
        return self.folder()

    @contextmanager
    def loaded(self, *, check: bool = True) -> Iterator[Tournament]:
        """The tournament, read under the shared lock (``check``: refuse an unsound event)."""
        folder = self.folder()
        with self.reading(folder):
            yield folder.load(check=check)

    @contextmanager
    def changing(self) -> Iterator[tuple[TournamentFolder, Tournament]]:
        """The folder and its tournament under the exclusive lock: save before leaving."""
        folder = self.folder()
        with self.writing(folder):
            yield folder, folder.load()

    @contextmanager
    def settings_door(self, exclusive: bool) -> Iterator[Door]:
        """``tournament.toml`` and ``prizes.toml`` (issue 27, ``arbiter settings``)."""
        from arbiter_cli.core.model import Settings
        from arbiter_cli.core.setting_keys import Tables
        from arbiter_cli.events.settings import Door, table, with_prize_fund
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.lifecycle.settings import progress_of, with_settings
        from arbiter_cli.store.names import club_of
        from arbiter_cli.store.tournament import settings_to_toml

        folder = self.folder()

        def save(tables: Tables, changes: Sequence[Change], files: Mapping[str, str]) -> Sequence[str]:
            after, renumbering, notes = with_settings(tournament, table(tables, "", Settings))
            folder.save(tournament, after, self.caller.command, [*changes, *renumbering], outputs=files)
            return notes

        in_club = club_of(self.path) is not None  # a path's test: no club lock inside the event's
        with (self.writing(folder) if exclusive else self.reading(folder)):
            tournament = folder.load()
            yield with_prize_fund(Door(
                {"": tournament.settings}, replace(progress_of(tournament), in_club=in_club),
                lambda tables: {"": TournamentFolder(self.path)._load_settings(
                    settings_to_toml(table(tables, "", Settings)))},
                save), self.path)

    # -- the rounds ---------------------------------------------------------------

    def pair(self, source: str | None, force: bool, reason: str | None, explain: bool) -> None:
        from arbiter_cli.lifecycle.next_round import pair_round

        if source is not None:
            self._pair_by_hand(source, force, reason, explain)
            return
        if force or reason is not None:
            raise BadArgument("--force and --reason go with --from (a round paired by hand)")
        if self.group_stage:  # a stage of a group event (its top folder's model loaded only then)
            from arbiter_cli.core.group_settings import FINAL

            if self.group_stage != FINAL:
                self._pair_group(explain)
                return
        with self.changing() as (folder, tournament):
            with self.caller.progress(f"pairing round {tournament.last_round + 1}", len(tournament.players)) as step:
                paired = pair_round(tournament, step)
            folder.save(tournament, paired.tournament, self.caller.command, paired.changes)
        after, new_round = paired.tournament, paired.round
        self.caller.say(f"round {new_round.number} of {after.settings.rounds} paired")
        self._show_paired(after, new_round, explain)

    def _show_paired(self, after: Tournament, new_round: Round, explain: bool) -> None:
        """A round just paired: its pairings (a printable page with ``--print``), then why (``--explain``)."""
        from arbiter_cli.pairing import explain_round
        from arbiter_cli.render.views import pairings_view

        if self.caller.page:
            self.caller.show_page(pairing_sheets(after, new_round), "")
        else:
            self.caller.show(pairings_view(after, new_round))
        if explain:
            for line in explain_round(after, new_round.number):
                self.caller.say(line)

    def _pair_group(self, explain: bool) -> None:
        """A group of a group event paired again after ``unpair``: every round left at once."""
        from arbiter_cli.lifecycle.group_stages import pair_group_rounds

        with self.changing() as (folder, tournament):
            after, rounds, changes = pair_group_rounds(tournament)
            folder.save(tournament, after, self.caller.command, changes)
        numbers = f"round {rounds[0].number}" if len(rounds) == 1 else f"rounds {rounds[0].number}-{rounds[-1].number}"
        self.caller.say(f"{numbers} of {after.settings.rounds} paired: a group pairs every round at once")
        for new_round in rounds:
            self._show_paired(after, new_round, explain)

    def _pair_by_hand(self, source: str, force: bool, reason: str | None, explain: bool) -> None:
        """``pair --from FILE``: the round as written, checked against the Dutch criteria."""
        from arbiter_cli.lifecycle.manual_pairing import pair_by_hand, parse_pairing_text

        if explain or self.caller.page:
            raise BadArgument("--from takes the round as written: no --explain or --print")
        label, text = self.caller.read_text(source)
        with self.changing() as (folder, tournament):
            pairs, bye = parse_pairing_text(text, label, {p.start_number for p in tournament.players})
            done = pair_by_hand(tournament, pairs, bye, force=force, reason=reason)
            folder.save(tournament, done.tournament, self.caller.command, done.changes)
        self._by_hand(done)

    def pairings(self, round_number: int | None, explain: bool) -> None:
        from arbiter_cli.lifecycle.guards import find_round
        from arbiter_cli.pairing import explain_round
        from arbiter_cli.render.views import pairings_view

        with self.loaded() as tournament:
            rnd = find_round(tournament, round_number if round_number is not None else tournament.last_round)
        if self.caller.page:
            self.caller.show_page(pairing_sheets(tournament, rnd),
                                  f"{tournament.settings.name}: round {rnd.number} pairings")
        else:
            self.caller.show(pairings_view(tournament, rnd))
        if explain:
            for line in explain_round(tournament, rnd.number):
                self.caller.say(line)

    def unpair(self) -> None:
        from arbiter_cli.lifecycle.unpair import unpair as unpair_round

        with self.changing() as (folder, tournament):
            after, last, restored, changes = unpair_round(tournament)
            folder.save(tournament, after, self.caller.command, changes)
        again = f"arbiter pair --group {self.group_stage}" if self.group_stage else "arbiter pair"
        self.caller.say(f"round {last.number} removed; {len(restored)} requested bye{'s' if len(restored) != 1 else ''} "
                        f"kept for it; pair it again with '{again}'")

    def bye(self, start_number: int, round_number: int, kind: ByeKind | None) -> None:
        from arbiter_cli.lifecycle.byes import cancel_bye, request_bye

        with self.changing() as (folder, tournament):
            if kind is None:
                after, _, change = cancel_bye(tournament, start_number, round_number)
            else:
                after, change = request_bye(tournament, start_number, round_number, kind)
            folder.save(tournament, after, self.caller.command, [change])
        name = after.by_number[start_number].name
        if kind is None:
            self.caller.say(f"cancelled the {change.old} of {name} in round {round_number}")
        else:
            self.caller.say(f"{name}: {change.new} in round {round_number} (not paired in that round)")

    def bye_list(self) -> None:
        from arbiter_cli.render.views import byes_view

        with self.loaded() as tournament:
            self.caller.show(byes_view(tournament))

    # -- absences: many at once, and a withdrawal undone (events/absences.py) -------------

    def bye_from(self, source: str) -> None:
        from arbiter_cli.events.absences import byes_from

        byes_from(self, source)

    def player_withdraw_from(self, source: str) -> None:
        from arbiter_cli.events.absences import withdrawals_from

        withdrawals_from(self, source, self.withdrawal_checked)

    def withdrawal_checked(self, start_number: int) -> None:
        """Whether the player may withdraw here, before the act's own checks (a group event's top folder
        sends a withdrawal to the group the player plays in)."""

    def player_reinstate(self, start_number: int) -> None:
        from arbiter_cli.events.absences import reinstate

        reinstate(self, start_number)

    def result(self, round_number: int, place: str | None, code: str | None, source: str | None, correct: bool,
               excused: bool, confirm: bool, force: bool, pgn: str | None = None) -> None:
        from arbiter_cli.lifecycle.final_correction import prize_corrections
        from arbiter_cli.lifecycle.guards import find_round
        from arbiter_cli.lifecycle.results import enter_results, parse_result_lines, pgn_results, result_line
        from arbiter_cli.render.final import final_outputs

        if force:
            raise BadArgument("--force is for a knockout's correction", field="--force")
        if place is not None and not place.isdigit():
            raise BadArgument(f"{place!r} is not a board number: give a whole number", field="BOARD")
        label, data = None, b""
        notes: tuple[str, ...] = ()  # what a PGN's games left out say
        if source is not None or pgn is not None:
            if place is not None or code is not None or (source is not None and pgn is not None):
                raise BadArgument("give one of BOARD RESULT, --from FILE or --pgn FILE")
        if source is not None:
            label, text = self.caller.read_text(source)
        elif pgn is not None:
            label, data = self.caller.read_bytes(pgn)
        else:
            lines = [result_line(None if place is None else int(place), code)]
        followed = ""  # what the group event's final standings did (a stage's correction after finalising)
        self.refuse_a_broken_club(finalised_only=True)  # (the club's lock before the event's, as it rates)
        with self.changing() as (folder, tournament):
            if source is not None:  # the round first: a file for a round not paired yet is no file's fault
                lines = parse_result_lines(text, label or source, find_round(tournament, round_number))
            elif pgn is not None:
                lines, notes = pgn_results(data, label or pgn, tournament, find_round(tournament, round_number))
            entered = enter_results(tournament, round_number, lines, correct=correct, excused=excused,
                                    confirm=confirm, source=label)
            if entered.changes and self.stage_correction_check is not None:
                self.stage_correction_check(tournament, entered.tournament)
            changes, outputs = list(entered.changes), None
            if entered.changes:
                if entered.finalised:  # C.04.2 4.3: the final files follow the correction
                    prizes = self.prize_table()
                    outputs = final_outputs(entered.tournament, prizes)
                    changes += prize_corrections(tournament, entered.tournament, prizes)
                    changes += self.prize_list_corrected(lambda: final_outputs(tournament, prizes, standings=False),
                                                         outputs)

                def save(joined: Joined | None) -> None:
                    folder.joined = joined
                    folder.save(tournament, entered.tournament, self.caller.command, changes, outputs=outputs)

                if entered.finalised and self.save_with_event is not None:  # a group event's stage
                    followed = self.save_with_event(entered.tournament, save)
                else:
                    save(None)
        for note in notes:
            self.caller.say(note)
        if not entered.changes:
            self.caller.say(f"round {round_number}: nothing changed")
            return
        self.changed(changes)
        if entered.finalised:
            self.rate_by_club()
        if followed:
            self.caller.say(followed)
        for line in (*entered.withdrawn, *entered.notes):
            self.caller.say(line)
        remaining, playing = entered.round.missing, entered.round.unfinished
        if remaining:
            self.caller.say(f"round {round_number}: {len(remaining)} result{'s' if len(remaining) > 1 else ''} "
                            f"missing (board{'s' if len(remaining) > 1 else ''} {listed(remaining)})")
        if playing:
            self.caller.say(f"round {round_number}: board{'s' if len(playing) > 1 else ''} {listed(playing)} still "
                            "being played (*)")
        if not remaining and not playing:
            self.caller.say(f"round {round_number}: all results entered")

    def sheet(self, round_number: int | None) -> EntrySheet:
        """The round's boards, as the pairings show them; a bye is no place to enter a result."""
        from arbiter_cli.core.venue import Sheet as EntrySheet, SheetBoard
        from arbiter_cli.lifecycle.guards import find_round
        from arbiter_cli.render.views import player_label

        with self.loaded() as tournament:
            rnd = find_round(tournament, round_number if round_number is not None else tournament.last_round)
        boards = tuple(SheetBoard(str(game.board), f"Board {game.board}", player_label(tournament.player(game.white)),
                                  player_label(tournament.player(game.black)), game.result_code or "")
                       for game in rnd.games)
        return EntrySheet(rnd.number, tuple(range(1, tournament.last_round + 1)), boards,
                          tournament.settings.status is Status.FINALISED, tournament.settings.name)

    def refuse_a_broken_club(self, finalised_only: bool = False) -> None:
        """A club tournament is neither finalised nor corrected after finalising while its club's folder
        is broken: the club could not rate it again (trial38: the correction was saved, and the club's
        ratings left behind it). ``finalised_only``: only when the tournament is finalised."""
        from arbiter_cli.store.names import club_of

        if club_of(self.path) is None:  # no club: its module (and pydantic, start-up, issue 29) stays unloaded
            return
        from arbiter_cli.store.club import club_fault

        fault = club_fault(self.path, finalised_only)
        if fault is not None:
            raise fault

    def rate_by_club(self) -> None:
        """A club tournament finalised or corrected: the club rates it again (B.02)."""
        from arbiter_cli.render.final import final_outputs
        from arbiter_cli.store.club import update_club_ratings

        for line in update_club_ratings(self.path, self.caller.command, self.caller.by, final_outputs):
            self.caller.say(line)

    # -- reports -----------------------------------------------------------------

    def standings(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        self.show_standings(after_round, tiebreaks, rules)

    def show_standings(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None,
                       rating_change: bool = False) -> None:
        """The standings (``rating_change``: with each player's expected Δ)."""
        from arbiter_cli.lifecycle.guards import after_round as after_round_of
        from arbiter_cli.lifecycle.standings import compute_standings
        from arbiter_cli.render.printing import RECORD_KEYS, page_header, sheet
        from arbiter_cli.render.views import standings_notes, standings_view, table_heading

        with self.loaded() as tournament:
            table = compute_standings(tournament, after_round_of(tournament, after_round),
                                      tiebreak_codes(tournament, tiebreaks), rules=rules)
        notes = standings_notes(table)
        view = standings_view(tournament, table)
        if rating_change:
            notes += self.with_rating_change(tournament, table.after_round, view)
        for note in notes:
            self.caller.say(f"note: {note}")
        if self.caller.page:
            heading = table_heading(tournament, "standings", table.after_round)
            header = page_header(tournament, f"{heading} (tie-breaks: C.07 {table.rules.value} rules)", today())
            self.caller.show_page([sheet(view, header, notes=notes, leave_out=RECORD_KEYS)],
                                  f"{tournament.settings.name}: {heading.lower()}")
            return
        self.caller.show(view)

    def standings_rated(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        self.show_standings(after_round, tiebreaks, rules, rating_change=True)

    def with_rating_change(self, tournament: Tournament, last: int, view: View) -> list[str]:
        """The Δ column of ``standings --rating-change`` added to ``view``, and its note."""
        from arbiter_cli.ratings.fide import expected_changes
        from arbiter_cli.render.rating_report import list_name, with_rating_change

        self.not_club_rated("the FIDE rating change")
        with_rating_change(view, {row.start_number: row for row in expected_changes(tournament, last)})
        return [f"Δ: the expected {list_name(tournament)} rating change (B.02 8.3), exact; blank for an unrated "
                "player; 'arbiter rating-report' shows K, the games rated and the expected score"]

    def not_club_rated(self, what: str) -> None:
        """Refuse ``what`` in a club tournament: its club rates it (:func:`.k_factors.club_rated`)."""
        from arbiter_cli.lifecycle.k_factors import club_rated
        from arbiter_cli.store.club import club_of

        home = club_of(self.path)
        club_rated(home.name if home is not None else None, what)

    def rating_report(self, after_round: int | None, start_number: int | None) -> None:
        from arbiter_cli.lifecycle.guards import after_round as after_round_of, find_player
        from arbiter_cli.ratings.fide import expected_changes
        from arbiter_cli.render.printing import page_header, sheet
        from arbiter_cli.render.rating_report import (list_name, player_rating_view, player_summary,
                                                      rating_report_notes, rating_report_view)
        from arbiter_cli.render.views import table_heading

        self.not_club_rated("the rating report")
        with self.loaded() as tournament:
            last = after_round_of(tournament, after_round)
            player = find_player(tournament, start_number) if start_number is not None else None
            rows = expected_changes(tournament, last)
        heading = table_heading(tournament, "rating report", last)
        rated_on = f"({list_name(tournament)}, B.02)"
        if player is not None:
            row = next(r for r in rows if r.start_number == player.start_number)
            title = f"{player.name}: {heading.lower()} {rated_on}"
            view = player_rating_view(tournament, row, title)
            notes = rating_report_notes(tournament, [row]) + [player_summary(row)]
        else:
            title = f"{tournament.settings.name}: {heading.lower()} {rated_on}"
            view = rating_report_view(tournament, rows, title)
            notes = rating_report_notes(tournament, rows)
        if self.caller.page:
            what = f"{heading} {rated_on}" if player is None else f"{player.name}: {heading.lower()} {rated_on}"
            self.caller.show_page([sheet(view, page_header(tournament, what, today()), notes=notes)], title)
            return
        for note in notes[1:]:
            self.caller.say(f"note: {note}")
        self.caller.show(view)

    def crosstable(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        from arbiter_cli.lifecycle.crosstable import crosstable as build
        from arbiter_cli.lifecycle.guards import after_round as after_round_of
        from arbiter_cli.render.printing import PAGE_WIDTHS, fitting_width, page_header, sheet
        from arbiter_cli.render.views import crosstable_view, table_heading

        with self.loaded() as tournament:
            table = build(tournament, after_round_of(tournament, after_round), tiebreak_codes(tournament, tiebreaks),
                          rules)
        view = crosstable_view(tournament, table)
        if not self.caller.page:
            self.caller.show(view)
            return
        if tournament.settings.system is System.DOUBLE_ROUND_ROBIN:
            legend = ["1 ½ 0 games, both games in round order (1½); + - forfeits; ? no result yet"]
        elif tournament.settings.system.is_round_robin:
            legend = ["1 ½ 0 games; + - forfeits; ? no result yet"]
        else:
            legend = ["12w1: against no. 12 with White, won; 1 ½ 0 games; + - forfeits; ? no result yet",
                      "PAB pairing bye; FPB HPB ZPB full-, half-, zero-point bye"]
        heading = table_heading(tournament, "crosstable", table.after_round)
        page = sheet(view, page_header(tournament, heading, today()), notes=legend)
        page.width = fitting_width(page, *PAGE_WIDTHS)
        self.caller.show_page([page], f"{tournament.settings.name}: {heading.lower()}")

    def prize_table(self, folder: TournamentFolder | None = None) -> PrizeTable | None:
        """The prize fund of the folder's ``prizes.toml`` (None without one); a mistake in it stops
        the command with the file, line and field. ``folder``: read through its read cache, when it
        keeps one (a club's ``verify`` reads fifty funds: issue 29)."""
        from arbiter_cli.store.prizes import PRIZES_FILE, parse_prizes, read_prizes

        if folder is not None and folder.kept is not None:
            return folder.read_optional(PRIZES_FILE, parse_prizes)
        return read_prizes(self.path)

    def prizes(self) -> None:
        from arbiter_cli.render.final import final_outputs

        folder = self.folder()
        with self.reading(folder):  # the prize fund through the read cache (issue 29: no pydantic)
            tournament = folder.load()
            table = self.prize_table(folder)
            behind = [] if table is None else self.prize_list_behind(
                tournament.settings.status is Status.FINALISED, lambda: final_outputs(tournament, table))
        self.show_prizes(tournament, tournament, table, behind)

    # -- the end of the event ----------------------------------------------------

    def finalize(self, when: str, after_round: int | None, yes: bool) -> None:
        from arbiter_cli.lifecycle.finish import finalise
        from arbiter_cli.render.final import final_outputs
        from arbiter_cli.store.club import rated_by_club

        self.refuse_a_broken_club()
        behind = after_round is None and rated_by_club(self.path) is False  # the club's lock, then the event's
        prizes = None
        stored = False
        with self.changing() as (folder, tournament):
            finalised = tournament.settings.status is Status.FINALISED and after_round is None
            if finalised:  # a prize list that came, changed or went after finalising
                before, fund = tournament, self.prize_table()
                stored = self.store_prize_list(before.settings.finalised_on, lambda: final_outputs(before, fund),
                                               lambda changes, files: folder.save(before, before, self.caller.command,
                                                                                  changes, outputs=files))
            if finalised and (behind or stored):
                done = None  # finalised, but killed before its club rated it: this completes that finalize
            else:
                done = finalise(tournament, when, after_round, yes)
                prizes = self.prize_table()
                for action in done.actions:
                    self.caller.say(action)
                folder.save(tournament, done.tournament, self.caller.command, done.changes,
                            outputs=final_outputs(done.tournament, prizes))
        if done is None and not behind:
            return  # only the prize list was stored
        if done is None:
            self.caller.say(f"the event was finalised on {tournament.settings.finalised_on}, but its club had not "
                            "rated it (that finalize was interrupted): the club rates it now")
        else:
            self.caller.say(f"finalised on {when} after {count(done.tournament.last_round, 'round')}; final standings "
                            f"in {folder.path / 'final'}/standings.csv and standings.json"
                            + (" and the prize list in prizes.csv and prizes.json" if prizes is not None else ""))
        self.rate_by_club()

    # -- exchange, checks, history, the site -------------------------------------

    def export(self, version: str, output: Path | None) -> None:
        from arbiter_cli.lifecycle.standings import points_and_ranks
        from arbiter_cli.trf.exporter import export_trf

        self.check_target(output, version)
        with self.loaded() as tournament:
            exported = export_trf(tournament, version, standing=points_and_ranks(tournament))
        self.write_trf(exported.text, exported.warnings, version, output,
                          f"{count(len(tournament.players), 'player')}, {count(tournament.last_round, 'round')}")

    def check(self, read: Callable[[TournamentFolder, Tournament], object] | None = None,
              members: Collection[int] | None = None) -> Checked:
        """This folder's problems and hand edits (``arbiter verify``). ``read(folder, tournament)`` is
        given the tournament as read, under the folder's lock (a club's verify: its ratings read it too).
        ``members``: the ids of the club's members, when a club's verify has read them (a club
        tournament's own verify reads its club's)."""
        from arbiter_cli.lifecycle.integrity import problems
        from arbiter_cli.lifecycle.members import unknown_members

        club_faults: list[Problem] = []
        if members is None:  # (read before this folder's lock: a club's lock is taken before its tournaments')
            members, club_faults = self._club_members(club_faults)
        folder = self.folder()
        with self.reading(folder):
            tournament = folder.load(check=False)
            # a group's stage is paired whole (C.05 tables): its rounds wait for results side by side
            found = problems(tournament, folder.player_lines, at_once=bool(self.group_stage)) + club_faults
            edits = folder.hand_edits()
            if read is not None:
                read(folder, tournament)
            if members is not None:  # a club tournament: each member_id is one of the club's members
                found = sorted(found + unknown_members(tournament.players, members, folder.player_lines),
                               key=lambda p: (p.file != "players.csv", p.file, p.line or 0))
            found += self.inputs_checked(folder)  # (under the lock: the prize fund through the read cache)
            if not any(problem.severity == BROKEN for problem in found):
                found += self.final_checked(tournament, folder)
        changed = None if edits is None else [(name, edits[1]) for name in edits[0]]
        return Checked(tournament.settings.name, len(tournament.players), tournament.last_round, found, changed,
                       damaged=damaged_record(self.path))

    def _club_members(self, found: list[Problem]) -> tuple[Collection[int] | None, list[Problem]]:
        """The ids of the members of the club this tournament belongs to (None: it belongs to none), and
        ``found`` with the club's first fault when its members do not read."""
        from arbiter_cli.store.club import load_club
        from arbiter_cli.store.names import club_of

        home = club_of(self.path)
        if home is None:
            return None, found
        try:
            return {member.id for member in load_club(home).members}, found
        except BrokenFolder as error:  # the club's own verify lists its problems
            where = os.path.relpath(home / (error.source or ""), self.path.resolve())
            return None, [*found, Problem(where, error.message, error.line, error.field)]

    def inputs_checked(self, folder: TournamentFolder | None = None) -> list[Problem]:
        """The problems of the files a person writes here and commands read (``prizes.toml``; ``folder``:
        read through its read cache, :meth:`prize_table`)."""
        return input_problems(self.path, self.folder().layout, warn=self.warn, fund=lambda: self.prize_table(folder))

    def final_checked(self, tournament: Tournament, folder: TournamentFolder | None = None) -> list[Problem]:
        """A finalised event's ``final/`` that does not hold the prize list its ``prizes.toml`` gives."""
        from arbiter_cli.render.final import final_outputs

        def made(fund: PrizeTable | None) -> Derived:
            if folder is None:
                return final_outputs(tournament, fund)
            import pickle  # kept with the folder as read and the fund as read (issue 29: a club's fifty)

            given = pickle.dumps(fund, protocol=pickle.HIGHEST_PROTOCOL)
            return folder.derived("final outputs", given, lambda: final_outputs(tournament, fund))

        return final_prize_problems(self, tournament.settings.status is Status.FINALISED,
                                    lambda: self.prize_table(folder), made)

    def verify(self) -> None:
        report(self.caller, [self.check().placed(self.stage)])

    def log(self, round_number: int | None, board: int | None, player: int | None, since: str | None) -> None:
        from arbiter_cli.lifecycle.audit import select
        from arbiter_cli.render.audit import log_view

        with self.registration(exclusive=False, check=False) as (folder, tournament):  # the history helps mend it
            entries = select(folder.journal(), tournament, round_number=round_number, board=board, player=player,
                             since=since)
        self.caller.show(log_view(f"{tournament.settings.name}: journal", entries))

    def site(self, options: SiteOptions | None = None) -> Mapping[str, bytes]:
        from arbiter_cli.render.site import build_site
        from arbiter_cli.render.site.sites import event_site
        from arbiter_cli.store.names import CLUB_FILE, club_of
        from arbiter_cli.store.tournament import SETTINGS_FILE

        if not (self.path / SETTINGS_FILE).is_file():
            raise BrokenFolder(f"{self.path} holds no event ({SETTINGS_FILE}) and no club ({CLUB_FILE}): nothing to "
                               "publish (use -d DIR)")
        folder = self.folder()
        memo = self.site_memo()
        with self.reading(folder):
            tournament = folder.load()
            prizes = self.prize_table(folder)
            digests = folder.read_digests()
        rated = {}
        home = club_of(self.path)
        if home is not None:
            from arbiter_cli.store.club import load_club

            name = self.path.resolve().name
            rated = {row.row.member_id: row for row in load_club(home).ratings if row.tournament == name}
        return build_site(event_site(tournament, rated, prizes, memo, digests), options=options)

    # -- a player's K (the rating report) ----------------------------------------

    def player_set_k(self, start_number: int, k: int | None) -> None:
        from arbiter_cli.lifecycle.k_factors import set_k_factor

        self.not_club_rated("a K factor")
        with self.registration(exclusive=True) as (folder, tournament):
            after, player, changes = set_k_factor(tournament, start_number, k)
            folder.save(tournament, after, self.caller.command, changes)
        self.caller.say(f"{player.name}: K {'not known (the rating report uses B.02 8.3.3)' if k is None else k}")

    # -- a Swiss's pairing rules -------------------------------------------------

    def avoid(self, players: Sequence[int], rounds: str | None) -> None:
        from arbiter_cli.lifecycle.avoid import add_avoidance, parse_rounds

        with self.changing() as (folder, tournament):
            first, last = parse_rounds(rounds, tournament.settings.rounds)
            after, _, changes = add_avoidance(tournament, list(players), first, last)
            folder.save(tournament, after, self.caller.command, changes)
        self.caller.say(f"forbidden: {changes[0].new}")

    def avoid_list(self) -> None:
        from arbiter_cli.render.views import avoid_view

        with self.loaded() as tournament:
            self.caller.show(avoid_view(tournament))

    def avoid_remove(self, number: int) -> None:
        from arbiter_cli.lifecycle.avoid import remove_avoidance

        with self.changing() as (folder, tournament):
            after, _, changes = remove_avoidance(tournament, number)
            folder.save(tournament, after, self.caller.command, changes)
        self.caller.say(f"removed: {changes[0].old}")

    def acceleration(self, action: str, values: Sequence[str]) -> None:
        from arbiter_cli.core.points import parse_points
        from arbiter_cli.lifecycle.acceleration import set_group_a, set_virtual
        from arbiter_cli.render.views import group_a_note, virtual_points_view

        if action == "show":
            if values:
                raise BadArgument("'show' takes no values", field="VALUE")
            with self.loaded() as tournament:
                note = group_a_note(tournament)
                if note is not None:
                    self.caller.say(f"note: {note}")
                self.caller.show(virtual_points_view(tournament))
            return
        if action == "group-a":
            if len(values) != 1 or not values[0].isdigit():
                raise BadArgument("give the start number of group A's last player: 'acceleration group-a 24'",
                                  field="VALUE")
            with self.changing() as (folder, tournament):
                after, changes = set_group_a(tournament, int(values[0]))
                folder.save(tournament, after, self.caller.command, changes)
        elif action == "set":
            if len(values) != 3 or not values[0].isdigit() or not values[1].isdigit():
                raise BadArgument("give PLAYER ROUND POINTS: 'acceleration set 12 2 0.5' ('none' for the rule's "
                                  "value)", field="VALUE")
            try:
                points = None if values[2].lower() == "none" else parse_points(values[2])
            except ValueError as error:
                raise BadArgument(str(error), field="POINTS") from None
            with self.changing() as (folder, tournament):
                after, changes = set_virtual(tournament, int(values[0]), int(values[1]), points)
                folder.save(tournament, after, self.caller.command, changes)
        else:
            raise BadArgument(f"{action!r}: use show, group-a or set", field="ACTION")
        if not changes:
            self.caller.say("nothing changed")
        self.changed(changes)

    def pairing_swap(self, round_number: int, one: int, two: int, force: bool, reason: str | None) -> None:
        from arbiter_cli.lifecycle.manual_pairing import swap_players

        with self.changing() as (folder, tournament):
            done = swap_players(tournament, round_number, one, two, force=force, reason=reason)
            folder.save(tournament, done.tournament, self.caller.command, done.changes)
        self._by_hand(done)

    def pairing_set(self, round_number: int, board: int, white: int, black: int, force: bool,
                    reason: str | None) -> None:
        from arbiter_cli.lifecycle.manual_pairing import set_board

        with self.changing() as (folder, tournament):
            done = set_board(tournament, round_number, board, white, black, force=force, reason=reason)
            folder.save(tournament, done.tournament, self.caller.command, done.changes)
        self._by_hand(done)

    def _by_hand(self, done: ByHand) -> None:
        """What a pairing changed by hand did: its journal lines, what it forced, its quality notes."""
        from arbiter_cli.render.views import pairings_view

        if not done.changes:
            self.caller.say(f"round {done.round.number}: nothing changed")
        for change in done.changes:
            self.caller.say(f"{change.change}: {change.old or 'none'} -> {change.new}")
        for line in done.forced:
            self.caller.say(f"forced: {line}")
        for line in done.notes:
            self.caller.say(f"quality: {line}")
        self.caller.show(pairings_view(done.tournament, done.round))


def pairing_sheets(tournament: Tournament, rnd: Round) -> list[Sheet]:
    """The pairings for the wall: by board, then by name (players look for their own name)."""
    from arbiter_cli.render.printing import page_header, pairing_sheet_views, sheet

    by_board, by_name = pairing_sheet_views(tournament, rnd)
    total = tournament.settings.rounds
    what = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    day = today()
    return [sheet(by_board, page_header(tournament, f"{what} by board", day), shrink=("white_name", "black_name")),
            sheet(by_name, page_header(tournament, f"{what} by name", day), shrink=("name", "opponent"))]
