"""A knockout (issue 18): matches of one or more games, tie-break stages, a bracket, in a knockout
folder (:class:`~arbiter_cli.store.knockout_folder.KnockoutFolder`). Its players are registered as
an individual event's (:class:`~arbiter_cli.events.registration.Registration`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.knockout import KnockoutRound, KnockoutTournament
from arbiter_cli.core.model import Settings, Status, Tournament
from arbiter_cli.events.base import Caller, today
from arbiter_cli.events.checks import Checked, damaged_record, final_prize_problems, input_problems, report
from arbiter_cli.events.registration import Registration
from arbiter_cli.render.output import Format
from arbiter_cli.store.knockout_folder import KnockoutFolder

if TYPE_CHECKING:
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.core.setting_keys import Tables
    from arbiter_cli.core.venue import Sheet as EntrySheet
    from arbiter_cli.events.settings import Door
    from arbiter_cli.store.files import Joined

__all__ = ["KnockoutEvent"]

#: The keys of an individual event a knockout does not have: its rounds follow from its players,
#: its ties are broken by its tie-break stages (``knockout.tiebreak_stages``).
_NOT_A_KNOCKOUTS = frozenset({"rounds", "tiebreaks", "acceleration", "baku_group_a", "avoid_same_club_rounds",
                              "avoid_same_federation_rounds", "berger_tables", "round_robin_withdrawal",
                              "max_half_byes", "half_byes_closed_last_rounds"})


def _round(tournament: KnockoutTournament, round_number: int | None) -> KnockoutRound:
    """A paired round (None: the last one), or a :class:`BadArgument` for ``ROUND``."""
    number = round_number if round_number is not None else tournament.last_round
    rnd = tournament.round(number)
    if rnd is None:
        raise BadArgument(f"there is no round {number} (rounds paired: {tournament.last_round})", field="ROUND")
    return rnd


class KnockoutEvent(Registration):
    """A knockout event (or a group event's knockout final, opened as its stage)."""

    noun = "a knockout"
    plural = "knockouts"
    place_name = "MATCH.GAME"

    @classmethod
    def create(cls, directory: Path, plan: object, why: str, caller: Caller) -> None:
        from arbiter_cli.lifecycle.new_event import NewKnockout

        assert isinstance(plan, NewKnockout)
        settings, knockout = plan.settings, plan.knockout
        KnockoutFolder.create_knockout(directory, KnockoutTournament(settings, knockout), caller.command, caller.by)
        stages = ", ".join(knockout.tiebreak_stages)
        caller.say(f"created {directory}: {settings.name} (knockout, {knockout.seeding}, {knockout.games_per_match} "
                   f"game{'s' if knockout.games_per_match > 1 else ''} a match, ties: {stages}; seed {settings.seed})")
        caller.say(f"next: 'arbiter -d {directory} player add NAME --rating R' (or player import), then 'arbiter pair'")

    def registration_folder(self) -> KnockoutFolder:
        return KnockoutFolder(self.path)

    @contextmanager
    def loaded(self, *, check: bool = True) -> Iterator[KnockoutTournament]:
        """The knockout, read under the shared lock."""
        folder = KnockoutFolder(self.path)
        with self.reading(folder):
            yield folder.load_knockout(check=check)

    @contextmanager
    def changing(self) -> Iterator[tuple[KnockoutFolder, KnockoutTournament]]:
        """The folder and its knockout under the exclusive lock: save before leaving."""
        folder = KnockoutFolder(self.path)
        with self.writing(folder):
            yield folder, folder.load_knockout()

    @contextmanager
    def settings_door(self, exclusive: bool) -> Iterator[Door]:
        """``tournament.toml`` with its ``[knockout]``, and ``prizes.toml`` (issue 27)."""
        from dataclasses import replace

        from arbiter_cli.core.knockout_settings import KnockoutSettings
        from arbiter_cli.events.settings import Door, table, with_prize_fund
        from arbiter_cli.lifecycle.settings import knockout_progress
        from arbiter_cli.store.knockout_folder import knockout_settings_to_toml

        def read_back(tables: Tables) -> Tables:
            text = knockout_settings_to_toml(table(tables, "", Settings), table(tables, "knockout", KnockoutSettings))
            settings, knockout = KnockoutFolder(self.path)._load_knockout_settings(text)
            return {"": settings, "knockout": knockout}

        folder = KnockoutFolder(self.path)
        with (self.writing(folder) if exclusive else self.reading(folder)):
            tournament = folder.load_knockout()
            yield with_prize_fund(Door(
                {"": tournament.settings, "knockout": tournament.knockout}, knockout_progress(tournament), read_back,
                lambda tables, changes, files: folder.save_knockout(tournament, replace(
                    tournament, settings=table(tables, "", Settings), knockout=table(tables, "knockout",
                                                                                     KnockoutSettings)),
                    self.caller.command, changes, outputs=files),
                hidden=_NOT_A_KNOCKOUTS), self.path)

    def prize_table(self, folder: KnockoutFolder | None = None) -> PrizeTable | None:
        """The prize fund of the folder's ``prizes.toml`` (None without one). ``folder``: read through
        its read cache, when it keeps one (issue 29: a publish or a verify then imports no pydantic)."""
        from arbiter_cli.store.prizes import PRIZES_FILE, parse_prizes, read_prizes

        if folder is not None and folder.kept is not None:
            return folder.read_optional(PRIZES_FILE, parse_prizes)
        return read_prizes(self.path)

    # -- the rounds ---------------------------------------------------------------

    def pair(self, source: str | None, force: bool, reason: str | None, explain: bool) -> None:
        from arbiter_cli.core.knockout import round_name
        from arbiter_cli.lifecycle.knockout import pair_knockout_round
        from arbiter_cli.render.knockout_views import knockout_pairings_view
        from arbiter_cli.render.printing import page_header, sheet

        if source is not None or force or reason is not None or explain:
            raise BadArgument("--from, --force, --reason and --explain are for an individual Swiss")
        with self.changing() as (folder, tournament):
            after, rnd, changes = pair_knockout_round(tournament)
            folder.save_knockout(tournament, after, self.caller.command, changes)
        name = round_name(rnd.number, after.total_rounds)
        self.caller.say(f"round {rnd.number} of {after.total_rounds} paired"
                        + (f" ({name})" if name != f"round {rnd.number}" else ""))
        view = knockout_pairings_view(after, rnd)
        if self.caller.page:
            header = page_header(Tournament(after.settings), f"Round {rnd.number}: pairings", today())
            self.caller.show_page([sheet(view, header, shrink=("white", "black"))], "")
        else:
            self.caller.show(view)

    def pairings(self, round_number: int | None, explain: bool) -> None:
        from arbiter_cli.render.knockout_views import knockout_pairings_view
        from arbiter_cli.render.printing import page_header, sheet

        if explain:
            raise BadArgument("--explain is for an individual Swiss: a knockout follows its bracket")
        with self.loaded() as tournament:
            rnd = _round(tournament, round_number)
        view = knockout_pairings_view(tournament, rnd)
        if self.caller.page:
            header = page_header(Tournament(tournament.settings), f"Round {rnd.number}: pairings", today())
            self.caller.show_page([sheet(view, header, shrink=("white", "black"))],
                                  f"{tournament.settings.name}: round {rnd.number} pairings")
            return
        self.caller.show(view)

    def unpair(self) -> None:
        from arbiter_cli.lifecycle.knockout import unpair_knockout_round

        with self.changing() as (folder, tournament):
            after, last, changes = unpair_knockout_round(tournament)
            folder.save_knockout(tournament, after, self.caller.command, changes)
        self.caller.say(f"round {last.number} removed" + ("; the bracket is drawn again at the next 'arbiter pair'"
                                                          if last.number == 1 else "; pair it again with 'arbiter pair'"))

    def result(self, round_number: int, place: str | None, code: str | None, source: str | None, correct: bool,
               excused: bool, confirm: bool, force: bool, pgn: str | None = None) -> None:
        from arbiter_cli.lifecycle.knockout import enter_knockout_result, enter_knockout_results, parse_place

        if excused or confirm:
            raise BadArgument("--excused and --confirm are for Swiss and round-robin events (a knockout's "
                              "withdrawal is 'arbiter player withdraw')")
        if pgn is not None:
            raise BadArgument("a knockout's results come by MATCH.GAME: its players meet in several games of a match, "
                              "so a PGN game does not say which game it is; give 'MATCH.GAME RESULT' lines with --from",
                              field="--pgn")
        if source is not None:
            if place is not None or code is not None:
                raise BadArgument("give either MATCH.GAME RESULT or --from FILE, not both")
            label, text = self.caller.read_text(source)
        elif place is None or code is None:
            raise BadArgument("give ROUND MATCH.GAME RESULT, e.g. 'arbiter result 1 3.2 1-0' (a whole match's "
                              "forfeit: ROUND MATCH +/-), or --from FILE")
        else:
            match, game = parse_place(place)
        followed = ""  # what the group event's final standings did (its knockout final corrected after finalising)
        with self.changing() as (folder, tournament):
            if source is not None:
                entered = enter_knockout_results(tournament, round_number, text, label, correct=correct, force=force)
            else:
                entered = enter_knockout_result(tournament, round_number, match, game, code, correct=correct,
                                                force=force)
            changes, outputs = list(entered.changes), None
            if changes and tournament.settings.status is Status.FINALISED:
                # C.04.2 4.3: the final files follow the correction (only the final's winner may have changed)
                from arbiter_cli.lifecycle.final_correction import knockout_prize_corrections
                from arbiter_cli.render.final import knockout_final_outputs

                prizes = self.prize_table()
                outputs = knockout_final_outputs(entered.tournament, prizes)
                changes += knockout_prize_corrections(tournament, entered.tournament, prizes)
                changes += self.prize_list_corrected(lambda: knockout_final_outputs(tournament, prizes), outputs)
            if changes:
                def save(joined: Joined | None) -> None:
                    folder.joined = joined
                    folder.save_knockout(tournament, entered.tournament, self.caller.command, changes, outputs=outputs)

                if outputs is not None and self.save_with_event is not None:  # a group event's knockout final
                    followed = self.save_with_event(entered.tournament, save)
                else:
                    save(None)
        for change in entered.changes:
            self.caller.say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")
        for note in entered.notes:
            self.caller.say(note)
        if source is not None and not entered.changes:
            self.caller.say(f"round {round_number}: nothing changed")
        if outputs is not None:
            held = [name for name, text in outputs.items() if text is not None]
            self.caller.say(f"the event was finalised on {tournament.settings.finalised_on}: its final files are stored "
                            f"again ({', '.join(self.stage + name for name in held)})")
        if followed:
            self.caller.say(followed)

    def sheet(self, round_number: int | None) -> EntrySheet:
        """The round's games under their match (``MATCH.GAME``), tie-break games as the match has them
        so far; a match without a game (a walkover, a forfeit, one waiting for its players) is no place
        to enter a result. A finalised knockout takes its corrections on the command line only."""
        from arbiter_cli.core.venue import Sheet as EntrySheet, SheetBoard
        from arbiter_cli.render.views import player_label

        with self.loaded() as tournament:
            rnd = _round(tournament, round_number)
        boards = []
        for match in rnd.matches:
            first, second = (player_label(tournament.by_number[p]) if p is not None else "-"
                             for p in (match.first, match.second))
            for game in match.games:
                stage = "" if game.stage == "main" else f" ({game.stage})"
                boards.append(SheetBoard(f"{match.number}.{game.game}", f"Game {game.game}{stage}",
                                         player_label(tournament.by_number[game.white]),
                                         player_label(tournament.by_number[game.black]),
                                         game.result.value if game.result is not None else "",
                                         f"Match {match.number}: {first} – {second}"))
        return EntrySheet(rnd.number, tuple(range(1, tournament.last_round + 1)), tuple(boards),
                          tournament.settings.status is Status.FINALISED, tournament.settings.name, corrections=False)

    def bracket(self) -> None:
        from arbiter_cli.render.knockout_views import bracket_data, bracket_sheets, bracket_view

        with self.loaded() as tournament:
            pass
        if self.caller.page:
            self.caller.show_page(bracket_sheets(tournament, today()), f"{tournament.settings.name}: bracket")
        elif self.caller.format is Format.json:
            self.caller.write(json.dumps(bracket_data(tournament), ensure_ascii=False, indent=2) + "\n")
        else:
            self.caller.show(bracket_view(tournament))

    def player_withdraw(self, start_number: int, after_round: int | None) -> None:
        from arbiter_cli.lifecycle.knockout import withdraw_knockout_player

        if after_round is not None:
            raise BadArgument("a knockout player withdraws now: no --after-round", field="--after-round")
        with self.changing() as (folder, tournament):
            after, changes = withdraw_knockout_player(tournament, start_number)
            folder.save_knockout(tournament, after, self.caller.command, changes)
        for change in changes:
            self.caller.say(f"{change.change}: {change.new}")

    # -- reports -----------------------------------------------------------------

    def standings(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        from arbiter_cli.render.knockout_views import knockout_standings_sheets, knockout_standings_view

        if after_round is not None or tiebreaks is not None or rules is not None:
            raise BadArgument("a knockout ranks by the round reached, then rating: no --after-round, --tiebreaks "
                              "or --rules")
        with self.loaded() as tournament:
            pass
        if self.caller.page:
            self.caller.show_page(knockout_standings_sheets(tournament, today()),
                                  f"{tournament.settings.name}: standings")
            return
        self.caller.show(knockout_standings_view(tournament))

    def prizes(self) -> None:
        from arbiter_cli.render.final import knockout_final_outputs

        folder = KnockoutFolder(self.path)
        with self.reading(folder):
            tournament = folder.load_knockout()
            table = self.prize_table(folder)
            behind = [] if table is None else self.prize_list_behind(
                tournament.settings.status is Status.FINALISED, lambda: knockout_final_outputs(tournament, table))
        self.show_prizes(tournament, Tournament(tournament.settings), table, behind)

    # -- the end of the event ----------------------------------------------------

    def finalize(self, when: str, after_round: int | None, yes: bool) -> None:
        from arbiter_cli.lifecycle.knockout import champion
        from arbiter_cli.lifecycle.knockout_finish import finalise_knockout
        from arbiter_cli.render.final import knockout_final_outputs

        if after_round is not None or yes:
            raise BadArgument("a knockout ends with its final: --after-round and --yes are for a Swiss")
        with self.changing() as (folder, tournament):
            if tournament.settings.status is Status.FINALISED and \
                    self.store_prize_list(tournament.settings.finalised_on,
                                          lambda: knockout_final_outputs(tournament, self.prize_table()),
                                          lambda changes, files: folder.save_knockout(tournament, tournament,
                                                                                      self.caller.command, changes,
                                                                                      outputs=files)):
                return  # a prize list that came after finalising, stored
            after, changes = finalise_knockout(tournament, when)
            prizes = self.prize_table()
            folder.save_knockout(tournament, after, self.caller.command, changes,
                                 outputs=knockout_final_outputs(after, prizes))
        winner = champion(after)
        name = after.by_number[winner].name if winner is not None else "?"
        self.caller.say(f"finalised on {when}: {name} won the final; final standings in {folder.path / 'final'}/"
                        "standings.csv and standings.json"
                        + (" and the prize list in prizes.csv and prizes.json" if prizes is not None else ""))

    # -- exchange, checks, history, the site -------------------------------------

    def export(self, version: str, output: Path | None) -> None:
        from arbiter_cli.lifecycle.knockout_standings import knockout_standings as rows_of
        from arbiter_cli.trf.knockout import export_knockout_trf

        self.check_target(output, version)
        if version != "2026":
            raise BadArgument("a knockout is exported as TRF-2026 (192 CUSTOM_KNOCKOUT)", field="--trf-version")
        with self.loaded() as tournament:
            ranks = {row.player.start_number: row.rank for row in rows_of(tournament)}
            text = export_knockout_trf(tournament, ranks)
        games = sum(len(m.games) for r in tournament.rounds for m in r.matches)
        # the importer refuses 192 CUSTOM_KNOCKOUT (trf/importer): the loss is named, not left to the import
        lost = ("a knockout is exported as its games (192 CUSTOM_KNOCKOUT): 'arbiter import' and 'trf standings' "
                "do not read the file back as the event (a TRF has no matches, bracket or tie-break stages)",)
        self.write_trf(text, lost, version, output,
                       f"{len(tournament.players)} players, {tournament.last_round} rounds, {games} games")

    def check(self) -> Checked:
        """This folder's problems and hand edits (``arbiter verify``), each with its file and line."""
        from arbiter_cli.render.final import knockout_final_outputs

        folder = KnockoutFolder(self.path)
        with self.reading(folder):  # the prize fund read through the read cache too (issue 29)
            knockout = folder.load_knockout(check=False)
            found, edits = folder.located(knockout), folder.hand_edits()
            found += input_problems(self.path, KnockoutFolder.layout, warn=self.warn,
                                    fund=lambda: self.prize_table(folder))
            if not found:
                found += final_prize_problems(self, knockout.settings.status is Status.FINALISED,
                                              lambda: self.prize_table(folder),
                                              lambda fund: knockout_final_outputs(knockout, fund))
        changed = None if edits is None else [(name, edits[1]) for name in edits[0]]
        return Checked(knockout.settings.name, len(knockout.players), knockout.last_round, found, changed,
                       damaged=damaged_record(self.path))

    def verify(self) -> None:
        report(self.caller, [self.check().placed(self.stage)])

    def log(self, round_number: int | None, board: int | None, player: int | None, since: str | None) -> None:
        from arbiter_cli.core.errors import DomainError
        from arbiter_cli.lifecycle.audit import select
        from arbiter_cli.render.audit import log_view

        with self.registration(exclusive=False, check=False) as (folder, tournament):
            matches: dict[tuple[int, int], tuple[int, ...]] | None = None
            if player is not None:  # a knockout that does not read now has none: the log helps mend it
                try:
                    knockout = KnockoutFolder(self.path).load_knockout()
                    matches = {(rnd.number, match.number): tuple(match.players) for rnd in knockout.rounds
                               for match in rnd.matches}
                except DomainError:
                    matches = None
            entries = select(folder.journal(), tournament, round_number=round_number, board=board, player=player,
                             since=since, matches=matches)
        self.caller.show(log_view(f"{tournament.settings.name}: journal", entries))

    def site(self, options: SiteOptions | None = None) -> Mapping[str, bytes]:
        from arbiter_cli.render.site import build_site
        from arbiter_cli.render.site.sites import knockout_site

        folder = KnockoutFolder(self.path)
        with self.reading(folder):
            tournament = folder.load_knockout()
            prizes = self.prize_table(folder)
        return build_site(knockout_site(tournament, prizes, self.site_memo()), options=options)
