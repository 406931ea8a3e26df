"""A team event (issue 15): teams with rosters play matches of several boards, as a team round
robin (C.05) or a team Swiss (C.04.6), in a team folder
(:class:`~arbiter_cli.store.team_folder.TeamFolder`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.core.words import count, listed
from arbiter_cli.events.base import Caller, Event, check_version, today
from arbiter_cli.events.checks import Checked, damaged_record, final_prize_problems, input_problems, report
from arbiter_cli.store.team_folder import TeamFolder

if TYPE_CHECKING:
    from arbiter_cli.core.setting_keys import Tables
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.team_tournament import MatchRound
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.core.venue import Sheet as EntrySheet
    from arbiter_cli.events.settings import Door

__all__ = ["TeamEvent"]


def _codes(tiebreaks: str | None) -> tuple[str, ...] | None:
    """``--tiebreaks`` on a team event: the team codes given, else None (the announced ones)."""
    from arbiter_cli.lifecycle.team_standings import check_team_codes

    if tiebreaks is None:
        return None
    try:
        return check_team_codes([c.strip() for c in tiebreaks.split(",") if c.strip()])
    except BadArgument as error:
        raise error.at(field="--tiebreaks") from None


class TeamEvent(Event):
    """A team round robin or a team Swiss."""

    noun = "a team event"
    plural = "team events"
    place_name = "MATCH.BOARD"

    @classmethod
    def create(cls, directory: Path, plan: object, why: str, caller: Caller) -> None:
        from arbiter_cli.lifecycle.new_event import NewTeamEvent

        assert isinstance(plan, NewTeamEvent)
        settings, team = plan.settings, plan.team
        TeamFolder.create(directory, TeamTournament(settings, team), caller.command, caller.by)
        caller.say(f"created {directory}: {settings.name} (team {settings.system.value}, "
                   f"{count(team.boards, 'board')}, seed {settings.seed})")
        caller.say(f"next: 'arbiter -d {directory} team add NAME', then 'team roster TEAM add PLAYER...'")

    @contextmanager
    def loaded(self, *, check: bool = True) -> Iterator[TeamTournament]:
        """The team event, read under the shared lock."""
        folder = TeamFolder(self.path)
        with self.reading(folder):
            yield folder.load(check=check)

    @contextmanager
    def changing(self) -> Iterator[tuple[TeamFolder, TeamTournament]]:
        """The folder and its event under the exclusive lock: save before leaving."""
        folder = TeamFolder(self.path)
        with self.writing(folder):
            yield folder, folder.load()

    @contextmanager
    def settings_door(self, exclusive: bool) -> Iterator[Door]:
        """``tournament.toml`` with its ``[team]``, and ``prizes.toml`` (issue 27); a team event's tie-breaks
        are ``team.tiebreaks``, and it has no Baku acceleration."""
        from dataclasses import replace

        from arbiter_cli.core.model import Settings
        from arbiter_cli.core.team_settings import TeamSettings
        from arbiter_cli.events.settings import Door, table, with_prize_fund
        from arbiter_cli.lifecycle.settings import team_progress
        from arbiter_cli.store.team_folder import team_settings_to_toml

        def read_back(tables: Tables) -> Tables:
            text = team_settings_to_toml(table(tables, "", Settings), table(tables, "team", TeamSettings))
            settings, team = TeamFolder(self.path)._load_settings(text)
            return {"": settings, "team": team}

        folder = TeamFolder(self.path)
        with (self.writing(folder) if exclusive else self.reading(folder)):
            tournament = folder.load()
            yield with_prize_fund(Door(
                {"": tournament.settings, "team": tournament.team}, team_progress(tournament), read_back,
                lambda tables, changes, files: folder.save(tournament, replace(
                    tournament, settings=table(tables, "", Settings), team=table(tables, "team", TeamSettings)),
                    self.caller.command, changes, outputs=files),
                hidden=frozenset({"tiebreaks", "acceleration", "baku_group_a"})), self.path, team=True)

    def prize_table(self, folder: TeamFolder | None = None) -> PrizeTable | None:
        """The folder's team prize fund (``prizes.toml``), None without one. ``folder``: read through its
        read cache, when it keeps one (issue 29: ``team boards``, ``prizes`` and ``verify`` then import
        no pydantic)."""
        from arbiter_cli.store.prizes import PRIZES_FILE, parse_prizes, read_prizes

        if folder is not None and folder.kept is not None:
            return folder.read_optional(PRIZES_FILE, lambda text: parse_prizes(text, team=True))
        return read_prizes(self.path, team=True)

    @staticmethod
    def _round(tournament: TeamTournament, round_number: int | None) -> MatchRound:
        number = round_number if round_number is not None else tournament.last_round
        rnd = tournament.round(number)
        if rnd is None:
            raise BadArgument(f"there is no round {number} (rounds paired: {tournament.last_round})", field="ROUND")
        return rnd

    # -- registration -------------------------------------------------------------

    def team_add(self, name: str, short: str) -> None:
        from arbiter_cli.lifecycle.team_registration import add_team, late_entry_note

        with self.changing() as (folder, tournament):
            after, entry, changes = add_team(tournament, name, short)
            folder.save(tournament, after, self.caller.command, changes)
        self.caller.say(f"team {entry.number}: {entry.name}" + (f" ({entry.short})" if entry.short else ""))
        if (late := late_entry_note(tournament)) is not None:
            self.caller.say(late)

    def team_import(self, source: str) -> None:
        from arbiter_cli.lifecycle.listed_players import RowFiller
        from arbiter_cli.lifecycle.team_registration import import_teams, late_entry_note
        from arbiter_cli.store.rating_lists import listing, open_lists

        label, text = self.caller.read_text(source)
        with self.changing() as (folder, tournament), open_lists() as index:
            lists = listing(index)
            fill = RowFiller(lists, tournament.settings.rating_type, label)
            after, changes = import_teams(tournament, text, label, fill)
            folder.save(tournament, after, self.caller.command, changes)
        self._warn_namesakes(tournament, after)
        if fill.filled and lists is not None:
            self.caller.say(f"{fill.filled} player{'s' if fill.filled != 1 else ''} filled in from {lists.label}")
        added = len(after.teams) - len(tournament.teams)
        players = len(after.players) - len(tournament.players)
        self.caller.say(f"{added} team{'s' if added != 1 else ''} and {players} player{'s' if players != 1 else ''} "
                        "added")
        if (late := late_entry_note(tournament, added)) is not None:
            self.caller.say(late)

    def team_list(self) -> None:
        from arbiter_cli.render.team_views import teams_view

        with self.loaded() as tournament:
            self.caller.show(teams_view(tournament))

    def team_remove(self, team: str) -> None:
        from arbiter_cli.lifecycle.team_registration import remove_team

        with self.changing() as (folder, tournament):
            after, gone, changes = remove_team(tournament, team)
            folder.save(tournament, after, self.caller.command, changes)
        moved = "; the teams after it moved up a number" if gone.number <= len(after.teams) else ""
        self.caller.say(f"team {gone.number} ({gone.name}) removed{moved}")

    def team_roster(self, team: str, action: str, players: Sequence[str], at: int | None = None) -> None:
        from arbiter_cli.lifecycle.team_registration import (add_to_roster, find_team, parse_roster_entry,
                                                             remove_from_roster)
        from arbiter_cli.render.team_views import roster_view

        if action not in ("show", "add", "remove"):
            raise BadArgument(f"{action!r}: use show, add or remove", field="ACTION")
        if at is not None and action != "add":  # before 'show' too: an --at given there would be left unread
            raise BadArgument(f"--at is a place for the players added; '{action}' takes none", field="at")
        if action == "show":
            if players:
                raise BadArgument("'show' takes no players", field="PLAYER")
            with self.loaded() as tournament:
                entry = find_team(tournament, team)
            self.caller.show(roster_view(tournament, entry.number))
            return
        if not players:
            raise BadArgument(f"name the player{'s' if action == 'add' else ''} to {action}", field="PLAYER")
        if action == "remove" and len(players) != 1:
            raise BadArgument("remove one player at a time", field="PLAYER")
        with self.changing() as (folder, tournament):
            if action == "add":
                entries = [parse_roster_entry(text) for text in players]
                after, _, changes = add_to_roster(tournament, team, entries, at=at)
            else:
                after, changes = remove_from_roster(tournament, team, players[0])
            folder.save(tournament, after, self.caller.command, changes)
        self.changed(changes)
        self._warn_namesakes(tournament, after)

    def _warn_namesakes(self, before: TeamTournament, after: TeamTournament) -> None:
        """Warn of the players a registration put in two teams, by name and rating (no FIDE ID), and note
        the names it took without a comma."""
        from arbiter_cli.lifecycle.registration import no_comma_note
        from arbiter_cli.lifecycle.team_registration import new_namesakes

        for line in new_namesakes(before, after):
            self.caller.say(f"warning: {line}")
        added = list((Counter(p.name for p in after.players) - Counter(p.name for p in before.players)).elements())
        if (note := no_comma_note(added)) is not None:
            self.caller.say(note)

    def team_withdraw(self, team: str, after_round: int | None) -> None:
        from arbiter_cli.lifecycle.team_finish import withdraw_team

        with self.changing() as (folder, tournament):
            after, changes = withdraw_team(tournament, team, after_round)
            folder.save(tournament, after, self.caller.command, changes)
        self.changed(changes)

    def team_bye(self, team: str, round_number: int, zero: bool, cancel: bool) -> None:
        from arbiter_cli.core.results import ByeKind
        from arbiter_cli.lifecycle.team_byes import cancel_team_bye, request_team_bye

        with self.changing() as (folder, tournament):
            if cancel:
                after, changes = cancel_team_bye(tournament, team, round_number)
            else:
                after, changes = request_team_bye(tournament, team, round_number, ByeKind.ZPB if zero else ByeKind.HPB)
            if changes:
                folder.save(tournament, after, self.caller.command, changes)
        if not changes:
            self.caller.say(f"round {round_number}: nothing changed (the team has that bye already)")
            return
        self.changed(changes)

    def lineup(self, round_number: int, team: str, players: Sequence[str]) -> None:
        from arbiter_cli.lifecycle.team_rounds import set_line_up

        with self.changing() as (folder, tournament):
            after, changes = set_line_up(tournament, round_number, team, players)
            if changes:
                folder.save(tournament, after, self.caller.command, changes)
        if not changes:
            self.caller.say(f"round {round_number}: the line-up is unchanged")
        for change in changes:
            self.caller.say(f"{change.change}: {change.new}")

    # -- the rounds ---------------------------------------------------------------

    def pair(self, source: str | None, force: bool, reason: str | None, explain: bool) -> None:
        from arbiter_cli.lifecycle.team_rounds import pair_team_round
        from arbiter_cli.render.team_printouts import team_pairing_sheets
        from arbiter_cli.render.team_views import team_pairings_view

        if source is not None or force or reason is not None:
            raise BadArgument("--from, --force and --reason are for an individual Swiss")
        with self.changing() as (folder, tournament):
            paired = pair_team_round(tournament)
            folder.save(tournament, paired.tournament, self.caller.command, paired.changes)
        self.caller.say(f"round {paired.round.number} of {paired.tournament.settings.rounds} paired")
        for note in paired.notes:
            self.caller.say(f"note: {note}")
        if explain:
            for line in paired.explanation or ("a team round robin follows the Berger tables (C.05): no choices "
                                               "were made",):
                self.caller.say(line)
        if self.caller.page:
            self.caller.show_page(team_pairing_sheets(paired.tournament, paired.round, today()), "")
            return
        self.caller.show(team_pairings_view(paired.tournament, paired.round))

    def pairings(self, round_number: int | None, explain: bool) -> None:
        from arbiter_cli.render.team_printouts import team_pairing_sheets
        from arbiter_cli.render.team_views import team_pairings_view

        if explain:
            raise BadArgument("--explain goes with 'arbiter pair' in a team event (a team round robin follows the "
                              "Berger tables; a team Swiss is explained as it is paired)")
        with self.loaded() as tournament:
            rnd = self._round(tournament, round_number)
        for match in rnd.matches:
            if match.forfeit is not None and match.has_board_results:
                self.caller.say(f"note: match {match.number} is forfeited ({match.forfeit.display}) over its board "
                                "results: they stay on file and count for nothing while the forfeit stands ('arbiter "
                                f"result {rnd.number} {match.number} none --correct' clears it)")
        if self.caller.page:
            self.caller.show_page(team_pairing_sheets(tournament, rnd, today()),
                                  f"{tournament.settings.name}: round {rnd.number} pairings")
            return
        self.caller.show(team_pairings_view(tournament, rnd))

    def unpair(self) -> None:
        from arbiter_cli.lifecycle.team_rounds import unpair_team_round

        with self.changing() as (folder, tournament):
            after, number, changes = unpair_team_round(tournament)
            folder.save(tournament, after, self.caller.command, changes)
        for change in changes[1:]:  # what the arbiter asked for the round, kept for its pairing
            self.caller.say(f"{change.change}: {change.new} (kept for the pairing)")
        self.caller.say(f"round {number} removed; pair it again with 'arbiter pair'")

    def result(self, round_number: int, place: str | None, code: str | None, source: str | None, correct: bool,
               excused: bool, confirm: bool, force: bool, pgn: str | None = None) -> None:
        from arbiter_cli.lifecycle.final_correction import team_prize_corrections
        from arbiter_cli.lifecycle.team_rounds import (enter_team_results, parse_team_result_lines, team_pgn_results,
                                                       team_result_line, team_seats)
        from arbiter_cli.render.final import team_final_outputs

        if force:
            raise BadArgument("--force is for a knockout's correction", field="--force")
        if excused or confirm:
            raise BadArgument("--excused and --confirm are for individual Swiss and round-robin events")
        label, data = None, b""
        notes: tuple[str, ...] = ()  # what a PGN's games left out say
        if source is not None or pgn is not None:
            if place is not None or code is not None or (source is not None and pgn is not None):
                raise BadArgument("give one of MATCH.BOARD RESULT, --from FILE or --pgn FILE")
        if source is not None:
            label, text = self.caller.read_text(source)
        elif pgn is not None:
            label, data = self.caller.read_bytes(pgn)
        else:
            lines = [team_result_line(place, code)]
        with self.changing() as (folder, tournament):
            if source is not None:  # the round first: a file for a round not paired yet is no file's fault
                rnd = self._round(tournament, round_number)
                lines = parse_team_result_lines(text, label or source, team_seats(tournament, rnd))
            elif pgn is not None:
                lines, notes = team_pgn_results(data, label or pgn, tournament, self._round(tournament, round_number))
            entered = enter_team_results(tournament, round_number, lines, correct=correct, source=label)
            changes, outputs = list(entered.changes), None
            if entered.changes:
                if entered.finalised:  # C.04.2 4.3: the final files follow the correction
                    prizes = self.prize_table()
                    outputs = team_final_outputs(entered.tournament, prizes)
                    changes += team_prize_corrections(tournament, entered.tournament, prizes)
                    changes += self.prize_list_corrected(lambda: team_final_outputs(tournament, prizes), outputs)
                folder.save(tournament, entered.tournament, self.caller.command, changes, outputs=outputs)
        for line in notes:
            self.caller.say(line)
        if not entered.changes:
            self.caller.say(f"round {round_number}: nothing changed")
            return
        self.changed(changes)
        for note in entered.notes:
            self.caller.say(f"note: {note}")
        if entered.finalised:
            self.caller.say(f"the final standings are stored again: {self.path / 'final'}/standings.csv and "
                            "standings.json")
        missing = entered.round.missing
        if missing:
            self.caller.say(f"round {round_number}: {len(missing)} result{'s' if len(missing) > 1 else ''} missing "
                            f"({listed(missing)})")
        else:
            self.caller.say(f"round {round_number}: all results entered")

    def sheet(self, round_number: int | None) -> EntrySheet:
        """The round's boards under their match (``MATCH.BOARD``), White and Black by the colour pattern;
        an empty board (its result follows the line-up), a team bye and a match forfeit's boards (they
        count for nothing while it stands) are no places to enter a result."""
        from arbiter_cli.core.model import Status
        from arbiter_cli.core.team_tournament import board_colour
        from arbiter_cli.core.venue import Sheet as EntrySheet, SheetBoard, turned
        from arbiter_cli.render.views import player_label

        with self.loaded() as tournament:
            rnd = self._round(tournament, round_number)
        boards = []
        for match in rnd.matches:
            heading = (f"Match {match.number}: {tournament.by_team[match.first].name} – "
                       f"{tournament.by_team[match.second].name}")
            for game in match.counted_boards:
                if game.first is None or game.second is None:
                    continue
                first_black = board_colour(tournament.team.pattern, game.board) == "b"
                white, black = (game.second, game.first) if first_black else (game.first, game.second)
                code = game.result.value if game.result is not None else ""
                boards.append(SheetBoard(f"{match.number}.{game.board}", f"Board {game.board}",
                                         player_label(tournament.by_number[white]),
                                         player_label(tournament.by_number[black]),
                                         turned(code) if first_black else code, heading, first_black))
        return EntrySheet(rnd.number, tuple(range(1, tournament.last_round + 1)), tuple(boards),
                          tournament.settings.status is Status.FINALISED, tournament.settings.name)

    # -- reports -----------------------------------------------------------------

    def standings(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        from arbiter_cli.lifecycle.team_finish import annulled_counts, team_standings_of
        from arbiter_cli.render.team_printouts import team_standings_sheet
        from arbiter_cli.render.team_views import team_standings_view
        from arbiter_cli.render.views import table_heading

        with self.loaded() as tournament:
            table = team_standings_of(tournament, after_round, _codes(tiebreaks), rules)
        for code in table.unavailable:
            self.caller.say(f"note: {code}: not a team tie-break; left out")
        left = annulled_counts(tournament)
        if left:  # as an individual round robin's standings say it (render.views)
            self.caller.say("note: " + "; ".join(f"team {team.number} ({team.name}, {played} of {scheduled} played)"
                                                 for team, played, scheduled in left)
                            + ": withdrew having played fewer than half of its matches over the board (a match "
                            "forfeit is not played); its matches count for nobody (round_robin_withdrawal = \"half\")")
        last = after_round if after_round is not None else tournament.last_round
        if self.caller.page:
            heading = table_heading(tournament, "team standings", last)
            self.caller.show_page([team_standings_sheet(tournament, table, last, today())],
                                  f"{tournament.settings.name}: {heading.lower()}")
            return
        self.caller.show(team_standings_view(f"{tournament.settings.name}: {self._heading(tournament, last)}", table))

    def _heading(self, tournament: TeamTournament, last: int) -> str:
        """``final team standings``, or ``team standings after round N`` (``round N not complete``
        told on stderr as well)."""
        from arbiter_cli.core.model import Status

        if tournament.settings.status is Status.FINALISED and last == tournament.last_round:
            return "final team standings"
        incomplete = [rnd for rnd in tournament.rounds if rnd.number <= last and not rnd.complete]
        for rnd in incomplete:  # an earlier round too: a correction may have cleared a result there
            boards = rnd.missing
            self.caller.say(f"note: round {rnd.number} is not complete; no result yet on "
                            f"board{'s' if len(boards) > 1 else ''} {listed(boards)}")
        if incomplete:
            numbers = [rnd.number for rnd in incomplete]
            return (f"team standings after round {last} (round{'s' if len(numbers) > 1 else ''} "
                    f"{', '.join(map(str, numbers))} not complete)")
        return f"team standings after round {last}"

    def crosstable(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        from arbiter_cli.lifecycle.team_crosstable import team_crosstable as build
        from arbiter_cli.render.team_printouts import team_crosstable_sheet, team_crosstable_view
        from arbiter_cli.render.views import table_heading

        with self.loaded() as tournament:
            table = build(tournament, after_round, _codes(tiebreaks), rules)
        for code in table.unavailable:
            self.caller.say(f"note: {code}: not a team tie-break; left out")
        if self.caller.page:
            heading = table_heading(tournament, "team crosstable", table.after_round)
            self.caller.show_page([team_crosstable_sheet(tournament, table, today())],
                                  f"{tournament.settings.name}: {heading.lower()}")
            return
        self.caller.show(team_crosstable_view(tournament, table))

    def team_card(self, team: str | None) -> None:
        from arbiter_cli.lifecycle.team_cards import team_cards
        from arbiter_cli.render.output import Format
        from arbiter_cli.render.team_printouts import team_card_sheets, team_card_view

        with self.loaded() as tournament:
            cards = team_cards(tournament, team)
        if self.caller.page:
            self.caller.show_page(team_card_sheets(tournament, cards, today()),
                                  f"{tournament.settings.name}: team cards")
        elif self.caller.format is Format.table:
            for card in cards:
                self.caller.show(team_card_view(tournament, [card]))
        else:
            self.caller.show(team_card_view(tournament, cards, nested=self.caller.format is Format.json))

    def team_boards(self) -> None:
        from arbiter_cli.lifecycle.board_prizes import folder_board_prizes
        from arbiter_cli.render.output import Format
        from arbiter_cli.render.team_printouts import (board_moves, board_prizes_notes, board_prizes_sheet,
                                                       board_prizes_view)

        folder = TeamFolder(self.path)
        with self.reading(folder):
            tournament = folder.load()
            table = self.prize_table(folder)  # the share the board prizes are paid by, when it sets one
            prizes = folder_board_prizes(tournament, table.board_share if table is not None else None)
        if self.caller.page:
            self.caller.show_page([board_prizes_sheet(tournament, prizes, today())],
                                  f"{tournament.settings.name}: board prizes after round {prizes.rounds}")
            return
        if self.caller.format is Format.table:
            for note in board_prizes_notes(prizes)[:1] + board_moves(tournament, prizes):
                self.caller.say(f"note: {note}")
        self.caller.show(board_prizes_view(tournament, prizes))

    def prizes(self) -> None:
        from arbiter_cli.core.model import Status
        from arbiter_cli.render.final import team_final_outputs

        folder = TeamFolder(self.path)
        with self.reading(folder):
            tournament = folder.load()
            table = self.prize_table(folder)
            behind = [] if table is None else self.prize_list_behind(
                tournament.settings.status is Status.FINALISED, lambda: team_final_outputs(tournament, table))
        self.show_prizes(tournament, tournament, table, behind)

    # -- the end of the event ----------------------------------------------------

    def finalize(self, when: str, after_round: int | None, yes: bool) -> None:
        from arbiter_cli.core.model import Status
        from arbiter_cli.lifecycle.team_finish import finalise_team_event
        from arbiter_cli.render.final import team_final_outputs

        with self.changing() as (folder, tournament):
            if tournament.settings.status is Status.FINALISED and after_round is None and \
                    self.store_prize_list(tournament.settings.finalised_on,
                                          lambda: team_final_outputs(tournament, self.prize_table()),
                                          lambda changes, files: folder.save(tournament, tournament,
                                                                             self.caller.command, changes,
                                                                             outputs=files)):
                return  # a prize list that came after finalising, stored
            after, changes = finalise_team_event(tournament, when, after_round, yes)
            prizes = self.prize_table()
            folder.save(tournament, after, self.caller.command, changes, outputs=team_final_outputs(after, prizes))
        self.changed([c for c in changes if c.change not in ("rounds", "status")])  # finishing early: what went
        self.caller.say(f"finalised on {when} after {after.last_round} rounds; final standings in "
                        f"{folder.path / 'final'}/standings.csv and standings.json"
                        + (" and the prize list in prizes.csv and prizes.json" if prizes is not None else ""))

    # -- exchange, checks, history, the site -------------------------------------

    def export(self, version: str, output: Path | None) -> None:
        from arbiter_cli.lifecycle.team_finish import team_standings_of
        from arbiter_cli.trf.team_folder import export_team_trf

        check_version(version)
        if version != "2026":
            raise BadArgument("a team event is exported as TRF-2026 (TRF16 has no records for matches)",
                              field="--trf-version")
        self.check_target(output, version)
        with self.loaded() as tournament:
            standing = {row.team.number: (row.match_points, row.game_points, row.rank)
                        for row in team_standings_of(tournament).rows}
            exported = export_team_trf(tournament, standing)
        self.write_trf(exported.text, exported.warnings, version, output,
                       f"{count(len(tournament.teams), 'team')}, {len(tournament.players)} players, "
                       f"{count(tournament.last_round, 'round')}")

    def verify(self) -> None:
        from arbiter_cli.core.model import Status
        from arbiter_cli.lifecycle.integrity import BROKEN
        from arbiter_cli.lifecycle.team_integrity import team_gaps, team_problems
        from arbiter_cli.lifecycle.team_registration import namesakes
        from arbiter_cli.render.final import team_final_outputs

        folder = TeamFolder(self.path)
        with self.reading(folder):  # the prize fund read through the read cache too (issue 29)
            event = folder.load(check=False)
            found, edits = team_problems(event, folder.player_lines) + team_gaps(event), folder.hand_edits()
            found += input_problems(self.path, TeamFolder.layout, team=True, fund=lambda: self.prize_table(folder))
            if not any(problem.severity == BROKEN for problem in found):  # an earlier round's gap is no unsoundness
                found += final_prize_problems(self, event.settings.status is Status.FINALISED,
                                              lambda: self.prize_table(folder),
                                              lambda fund: team_final_outputs(event, fund))
        for line in namesakes(event):
            self.caller.say(f"warning: {line}")
        changed = None if edits is None else [(name, edits[1]) for name in edits[0]]
        counted = (f"{count(len(event.teams), 'team')} ({count(len(event.players), 'player')}), "
                   f"{count(event.last_round, 'round')}")
        report(self.caller, [Checked(event.settings.name, len(event.players), event.last_round, found, changed,
                                     counted, damaged_record(self.path))])

    def log(self, round_number: int | None, board: int | None, player: int | None, since: str | None) -> None:
        from arbiter_cli.lifecycle.audit import select
        from arbiter_cli.render.audit import log_view

        if board is not None or player is not None:
            raise BadArgument("--board and --player are for individual events; a team event's log takes --round "
                              "and --since")
        folder = TeamFolder(self.path)
        with self.reading(folder):
            event = folder.load(check=False)
            entries = select(folder.journal(), None, round_number=round_number, since=since)
        self.caller.show(log_view(f"{event.settings.name}: journal", entries))

    def site(self, options: SiteOptions | None = None) -> Mapping[str, bytes]:
        from arbiter_cli.render.site import build_site
        from arbiter_cli.render.site.sites import team_site

        memo = self.site_memo()
        folder = TeamFolder(self.path)
        with self.reading(folder):
            tournament = folder.load()
            prizes = self.prize_table(folder)
            return build_site(team_site(tournament, prizes, memo, folder.read_digests()), options=options)

