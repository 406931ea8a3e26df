"""A group event (issue 18): groups played as round robins, then a final (a round robin or a
knockout), in a group folder (:class:`~arbiter_cli.store.group_folder.GroupFolder`).

The top folder holds the registration, read as an individual event's (so every individual
command that only reads or registers works on it); each stage is an ordinary round-robin or
knockout folder in ``stages/NAME``, opened as its own event with ``--group NAME``
(:meth:`GroupEvent.stage_event`), so every round-robin and knockout operation is the one the
other events use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.group_settings import FINAL, GroupEvent as GroupModel
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.core.words import count
from arbiter_cli.events.base import Caller, Event, in_stage, today
from arbiter_cli.events.checks import Checked, report
from arbiter_cli.events.individual import IndividualEvent
from arbiter_cli.events.knockout import KnockoutEvent
from arbiter_cli.lifecycle.guards import tiebreak_codes
from arbiter_cli.lifecycle.integrity import Problem
from arbiter_cli.render.output import Format, View
from arbiter_cli.store.files import Joined
from arbiter_cli.store.group_folder import STAGES_DIR, GroupFolder
from arbiter_cli.store.kinds import folder_kind
from arbiter_cli.store.tournament import TournamentFolder

if TYPE_CHECKING:
    from arbiter_cli.render.site.sites import SiteOptions
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.store.knockout_folder import KnockoutFolder
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.core.setting_keys import Tables
    from arbiter_cli.core.venue import Sheet as EntrySheet
    from arbiter_cli.events.settings import Door

__all__ = ["GroupEvent"]


class GroupEvent(IndividualEvent):
    """A group event's top folder: its registration, its groups and the pairing of its stages."""

    noun = "a group event"
    _top_held = 0  # how deep this command holds the top folder's lock (a stage's write takes it first)
    plural = "group events"

    @classmethod
    def create(cls, directory: Path, plan: object, why: str, caller: Caller) -> None:
        from arbiter_cli.lifecycle.new_event import NewGroupEvent

        assert isinstance(plan, NewGroupEvent)
        settings, groups = plan.settings, plan.groups
        GroupFolder.create_event(directory, GroupModel(Tournament(settings), groups), caller.command, caller.by)
        final = f"a {groups.final} final"
        if groups.final == "knockout":
            ko = groups.final_knockout
            final += (f" ({ko.games_per_match} game{'s' if ko.games_per_match > 1 else ''} a match, ties: "
                      f"{', '.join(ko.tiebreak_stages)})")
        caller.say(f"created {directory}: {settings.name} (groups: {groups.count} round robins, the first "
                   f"{groups.advance} of each to {final}; seed {settings.seed})")
        caller.say(f"next: 'arbiter -d {directory} player import FILE', then 'arbiter -d {directory} pair' to start "
                   "the groups")

    def described(self) -> str:
        return self.noun

    @property
    def shown_path(self) -> str:
        """The event's folder as a command names it, for the commands a message gives."""
        import shlex

        return shlex.quote(str(self.path))

    def folder(self) -> GroupFolder:
        return GroupFolder(self.path)

    @contextmanager
    def event(self, *, exclusive: bool) -> Iterator[tuple[GroupFolder, GroupModel]]:
        """The top folder and what it holds (the registration and ``[groups]``), under its lock."""
        folder = self.folder()
        with (self.writing(folder) if exclusive else self.reading(folder)):
            self._top_held += 1
            try:
                yield folder, folder.load_event()
            finally:
                self._top_held -= 1

    @contextmanager
    def settings_door(self, exclusive: bool) -> Iterator[Door]:
        """``tournament.toml`` with its ``[groups]`` (issue 27): the settings every stage starts with; its
        system is the groups' (each a round robin) and each stage's rounds follow from its players. It
        reads no prize fund (each stage has its own)."""
        from dataclasses import replace

        from arbiter_cli.core.group_settings import GroupSettings
        from arbiter_cli.core.model import Settings
        from arbiter_cli.events.settings import Door, table
        from arbiter_cli.lifecycle.settings import group_progress
        from arbiter_cli.store.group_folder import group_settings_to_toml

        def read_back(tables: Tables) -> Tables:
            reader = GroupFolder(self.path)
            settings = reader._load_settings(group_settings_to_toml(table(tables, "", Settings),
                                                                    table(tables, "groups", GroupSettings)))
            assert reader.groups is not None
            return {"": settings, "groups": reader.groups}

        def after(tables: Tables) -> GroupModel:
            return GroupModel(replace(event.tournament, settings=table(tables, "", Settings)),
                              table(tables, "groups", GroupSettings))

        with self.event(exclusive=exclusive) as (folder, event):
            yield Door({"": event.tournament.settings, "groups": event.groups}, group_progress(event), read_back,
                       lambda tables, changes, files: folder.save_event(event, after(tables), self.caller.command,
                                                                        changes, outputs=files),
                       hidden=frozenset({"system", "rounds", "acceleration", "baku_group_a"}))

    # -- the stages -------------------------------------------------------------

    def stage_event(self, group: str, prefix: str | None = None) -> Event:
        """The stage ``group`` (a group's letter or ``final``) opened as its own event, its files
        named from this folder in every message (``prefix``: from another place, "" for the stage's
        own folder)."""
        with self.event(exclusive=False) as (folder, event):
            names = (*event.groups.names, FINAL)
            existing = folder.stage_names()
        name = FINAL if group.strip().lower() == FINAL else group.strip().upper()
        if name not in names:
            raise BadArgument(f"no stage {group!r}; the stages are {', '.join(names)}", field="--group")
        if name not in existing:
            started = "the final has not been paired yet" if name == FINAL else "the groups have not started"
            raise Refused(f"{started} ('arbiter pair' starts it)")
        return self._stage(folder, name, prefix)

    def _stage(self, folder: GroupFolder, name: str, prefix: str | None = None) -> IndividualEvent | KnockoutEvent:
        """A stage as its own event: a round robin, or a knockout final."""
        path = folder.stage_path(name)
        found = folder_kind(path)
        kind = KnockoutEvent if found is not None and found.name == "knockout" else IndividualEvent
        stage = kind(path, self.caller, f"{STAGES_DIR}/{name}/" if prefix is None else prefix)
        stage.group_stage = name
        stage.outer_writing = self._top_writing
        stage.save_with_event = partial(self._save_with_event, name)
        if name != FINAL:
            stage.stage_correction_check = partial(self._group_correction_checked, folder, name)
        return stage

    def _group_correction_checked(self, folder: GroupFolder, name: str, before: Tournament, after: Tournament) -> None:
        """A group's correction once the final is paired keeps who went on from it (its folder is there: it
        is made whole by one rename, so it is read without the top folder's lock, which the group's act
        must not wait for while it holds its own)."""
        from arbiter_cli.lifecycle.group_stages import correction_keeps_who_goes_on

        if folder.stage_path(FINAL).is_dir():
            assert folder.groups is not None  # read with the event, as every stage is opened
            correction_keeps_who_goes_on(name, before, after, folder.groups.advance)

    def give_stage(self) -> NoReturn:
        """A stage's command run on the whole event: name the stages to choose from."""
        with self.event(exclusive=False) as (_, event):
            names = (*event.groups.names, FINAL)
        raise BadArgument(f"this is a group event: give the stage with --group ({', '.join(names)})", field="--group")

    def pairings(self, round_number: int | None, explain: bool) -> None:
        self.give_stage()

    def unpair(self) -> None:  # the top folder has no round of its own: each stage has its rounds
        self.give_stage()

    def result(self, round_number: int, place: str | None, code: str | None, source: str | None, correct: bool,
               excused: bool, confirm: bool, force: bool, pgn: str | None = None) -> None:
        self.give_stage()

    def sheet(self, round_number: int | None) -> EntrySheet:
        """The round's places in every stage that is running (the groups until the final is paired,
        then the final), each led by its stage as ``--group`` names it (``A:3``, ``final:2.1``: :data:`STAGE_MARK
        <arbiter_cli.core.venue.STAGE_MARK>`), under
        its stage (``Group A``; a knockout final's matches as ``Final, match 2: ...``). Every round of
        a group is paired at once: the current round is the first one a running stage still waits for
        a result in, else the last."""
        from dataclasses import replace

        from arbiter_cli.core.venue import STAGE_MARK, Sheet as EntrySheet

        with self.event(exclusive=False) as (folder, event):
            names = folder.stage_names()
        running = [FINAL] if FINAL in names else names
        if not running:
            raise Refused("the groups have not started ('arbiter pair' starts them)")
        stages = {name: self._stage(folder, name) for name in running}

        read: dict[int | None, dict[str, EntrySheet]] = {}

        def sheets(number: int | None) -> dict[str, EntrySheet]:
            """Each running stage's sheet of round ``number`` (a stage without that round left out)."""
            if number not in read:
                read[number] = {}
                for name, stage in stages.items():
                    if number is None or number in read[None][name].rounds:
                        with in_stage(stage.stage):
                            read[number][name] = stage.sheet(number)
            return read[number]

        last = sheets(None)
        rounds = sorted({number for one in last.values() for number in one.rounds})
        if round_number is not None and round_number not in rounds:
            raise BadArgument(f"there is no round {round_number} (rounds paired: {rounds[-1]})", field="ROUND")
        chosen = round_number if round_number is not None else next(
            (number for number in rounds if any(not board.result for one in sheets(number).values()
                                                for board in one.boards)), rounds[-1])

        def heading(name: str, match: str) -> str:
            stage = "Final" if name == FINAL else f"Group {name}"
            return f"{stage}, {match[:1].lower()}{match[1:]}" if match else stage

        boards = tuple(replace(board, place=f"{name}{STAGE_MARK}{board.place}", match=heading(name, board.match))
                       for name, one in sheets(chosen).items() for board in one.boards)
        return EntrySheet(chosen, tuple(rounds), boards, event.tournament.settings.status is Status.FINALISED,
                          event.tournament.settings.name, all(one.corrections for one in last.values()))

    def crosstable(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        self.give_stage()

    def standings_rated(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        self.give_stage()

    def rating_report(self, after_round: int | None, start_number: int | None) -> None:
        self.give_stage()

    def bracket(self) -> None:
        """A group event's one bracket, its knockout final's: shown without ``--group`` (a group is a round
        robin, with no bracket); refused, saying why, with a round-robin final or before the final."""
        with self.event(exclusive=False) as (folder, event):
            knockout = event.groups.final == "knockout"
            paired = FINAL in folder.stage_names()
        if not knockout:
            raise Refused("this group event has no bracket: its groups and its final are round robins "
                          "('arbiter standings', 'arbiter crosstable --group NAME')")
        if not paired:
            raise Refused("the knockout final has no bracket yet: 'arbiter pair' makes it once every group is "
                          "complete")
        self._stage(folder, FINAL).bracket()

    def export(self, version: str, output: Path | None) -> None:
        self.give_stage()

    @contextmanager
    def _stages(self, folder: GroupFolder, names: Sequence[str]) -> Iterator[dict[str, Tournament]]:
        """The round-robin stages' tournaments, each read under its own shared lock."""
        with ExitStack() as stack:
            stages: dict[str, Tournament] = {}
            for name in names:
                stage = folder.stage(name)
                stack.enter_context(self.reading(stage))
                with in_stage(f"{STAGES_DIR}/{name}/"):
                    stages[name] = stage.load()
            yield stages

    # -- the groups --------------------------------------------------------------

    def groups_show(self) -> None:
        from arbiter_cli.lifecycle.group_stages import dealt_groups
        from arbiter_cli.render.group_views import groups_view

        with self.event(exclusive=False) as (_, event):
            dealt = dealt_groups(event)  # once started, the groups as written in [groups.members]
        if event.tournament.settings.status is Status.REGISTRATION:
            how = "set by hand" if event.groups.members is not None else "dealt in snake order by seeding"
            self.caller.say(f"note: the groups have not started; {how}, they would be these ('arbiter pair' starts "
                            "them)")
        self.caller.show(groups_view(f"{event.tournament.settings.name}: groups", dealt))

    def groups_set(self, source: str | None, snake: bool) -> None:
        from arbiter_cli.lifecycle.group_stages import parse_group_assignments, set_groups

        if (source is None) == (not snake):
            raise BadArgument("give either FILE (the groups) or --snake")
        rows = None
        label = None
        if source is not None:
            label, text = self.caller.read_text(source)
            rows = parse_group_assignments(text, label)
        with self.event(exclusive=True) as (folder, event):
            after, changes = set_groups(event, rows, label)
            folder.save_event(event, after, self.caller.command, changes)
        if not changes:
            self.caller.say("nothing changed")
        for change in changes:
            self.caller.say(f"{change.change}: {change.new}")

    def pair(self, source: str | None, force: bool, reason: str | None, explain: bool) -> None:
        """Start the groups (every round of every group at once), or, once every group is over, pair
        the final with the qualifiers; a knockout final's later rounds are paired here too."""
        from arbiter_cli.lifecycle.group_stages import GroupStep, next_step

        if source is not None or force or reason is not None or explain:
            raise BadArgument("--from, --force, --reason and --explain are for an individual Swiss")
        with self.event(exclusive=False) as (folder, event):
            step = next_step(event, folder.stage_names(), folder.knockout_final() is not None)
        if step is GroupStep.NEXT_KNOCKOUT_ROUND:  # the final is a knockout folder: its next round
            self._stage(folder, FINAL).pair(None, False, None, False)
            return
        if self.caller.page:
            raise BadArgument("--print: print each stage's pairings with 'arbiter pairings --group NAME --print'")
        with self.event(exclusive=True) as (folder, event):
            step = next_step(event, folder.stage_names(), folder.knockout_final() is not None)
            view = self._start_groups(folder, event) if step is GroupStep.START_GROUPS else \
                self._pair_final(folder, event)
        self.caller.show(view)

    def _start_groups(self, folder: GroupFolder, event: GroupModel) -> View:
        from arbiter_cli.lifecycle.group_stages import dealt_groups, stage_changes, start_groups
        from arbiter_cli.render.group_views import groups_view

        after, stages, changes = start_groups(event)
        folder.start_groups(event, after, stages, self.caller.command, changes, {
            name: stage_changes(event.tournament.settings, stage) for name, stage in stages.items()})
        rounds = sorted({stage.settings.rounds or 0 for stage in stages.values()})
        self.caller.say(f"groups {', '.join(stages)} paired: every round at once ({' or '.join(map(str, rounds))} "
                        "rounds); see 'arbiter pairings --group A ROUND'")
        return groups_view(f"{event.tournament.settings.name}: groups", dealt_groups(after))

    def _pair_final(self, folder: GroupFolder, event: GroupModel) -> View:
        from arbiter_cli.lifecycle.group_stages import event_numbers, final_order, final_stage, moved_seeds, \
            qualifiers
        from arbiter_cli.render.group_views import qualifiers_view

        with self._stages(folder, event.groups.names) as stages:
            chosen = qualifiers(stages, event.groups.advance)
            seeded = final_order(event, chosen)
        final, changes, journal = final_stage(event, seeded)
        folder.add_final(event, event, final, self.caller.command, changes, journal)
        view = qualifiers_view(f"{event.tournament.settings.name}: final", seeded,  # each from their own group
                               [event_numbers(event, [q.player]).get(q.player.start_number) for q in seeded])
        for q in chosen:
            if q.instead_of:
                self.caller.say(f"note: group {q.group}: {q.player.name} goes on in place of {q.instead_of}, "
                                "withdrawn")
        moved = [f"{q.player.name} ({q.group}{q.place}) seed {seed}" for seed, q in moved_seeds(chosen, seeded)]
        if moved:
            self.caller.say(f"note: {'; '.join(moved)}: moved among the players of their place, so that no two "
                            "players of one group meet in their first match")
        if isinstance(final, Tournament):
            self.caller.say(f"final paired: {len(seeded)} players, every round at once ({final.settings.rounds} "
                            "rounds); see 'arbiter pairings --group final ROUND'")
        else:
            self.caller.say(f"final paired: {len(seeded)} players, a knockout of {final.total_rounds} rounds, seeded "
                            "from the groups; round 1 paired (see 'arbiter pairings --group final 1', 'arbiter "
                            "bracket --group final'); 'arbiter pair' pairs each next round once the one before has "
                            "its winners")
        return view

    # -- registration -------------------------------------------------------------

    def player_withdraw(self, start_number: int, after_round: int | None) -> None:
        self.withdrawal_checked(start_number)
        super().player_withdraw(start_number, after_round)

    def withdrawal_checked(self, start_number: int) -> None:
        from arbiter_cli.lifecycle.group_stages import check_top_level_withdrawal

        with self.event(exclusive=False) as (_, event):
            check_top_level_withdrawal(event, start_number, self.shown_path)

    def player_set_k(self, start_number: int, k: int | None) -> None:
        """K before the groups start, for every stage the player plays in; after it, in the stage."""
        from arbiter_cli.lifecycle.group_stages import check_top_level_withdrawal

        with self.event(exclusive=False) as (_, event):
            try:
                check_top_level_withdrawal(event, start_number, self.shown_path)
            except Refused:
                group = event.groups.group_of(start_number)
                raise Refused(f"the groups have started: player {start_number} plays in group {group or 'X'}, "
                              f"under its own number; set K there: 'arbiter -d {self.shown_path}/stages/{group or 'X'} player "
                              "set-k ID K'") from None
        super().player_set_k(start_number, k)

    # -- reports -----------------------------------------------------------------

    def standings(self, after_round: int | None, tiebreaks: str | None, rules: Rules | None) -> None:
        """Each group's standings, then the final's (a stage's alone: ``--group NAME``)."""
        from arbiter_cli.lifecycle.group_stages import event_numbers, stand_ins
        from arbiter_cli.lifecycle.standings import compute_standings
        from arbiter_cli.render.group_views import stages_json, stages_view, with_event_numbers
        from arbiter_cli.render.knockout_views import knockout_standings_view
        from arbiter_cli.render.output import view_text
        from arbiter_cli.render.printing import RECORD_KEYS, page_header, sheet
        from arbiter_cli.render.views import standings_notes, standings_view, table_heading

        if after_round is not None:
            raise BadArgument("give the stage with --group to see its standings after a round", field="--after-round")
        fmt, page = self.caller.format, self.caller.page
        with self.event(exclusive=False) as (folder, event):
            names = folder.stage_names()
            if not names:
                raise Refused("the groups have not started ('arbiter groups show' lists them; 'arbiter pair' starts "
                              "them)")
            views: dict[str, View] = {}
            after_rounds: dict[str, int] = {}
            pages = []
            cup = folder.knockout_final()
            if cup is not None:  # the final is a knockout: its standings come after the groups'
                names.remove(FINAL)
            with self._stages(folder, names) as stages:
                for name, stage in stages.items():
                    table = compute_standings(stage, _played_to(stage), tiebreak_codes(stage, tiebreaks), rules=rules)
                    views[name] = standings_view(stage, table)
                    after_rounds[name] = table.after_round
                    notes = standings_notes(table)
                    if name != FINAL:  # a withdrawn player above the cut, and who goes on instead
                        notes += stand_ins(name, stage, table, event.groups.advance)
                    for note in notes if fmt is Format.table and not page else ():
                        self.caller.say(f"note: {'final' if name == FINAL else 'group ' + name}: {note}")
                    heading = table_heading(stage, "standings", table.after_round)
                    what = "Final" if name == FINAL else f"Group {name}"
                    pages.append(sheet(views[name], page_header(stage, f"{what}: {heading.lower()} (C.07 "
                                                                       f"{table.rules.value} rules)", today()),
                                       notes=notes, leave_out=RECORD_KEYS))
            if cup is not None:
                with self.reading(cup), in_stage(f"{STAGES_DIR}/{FINAL}/"):
                    knockout = cup.load_knockout()
                views[FINAL] = knockout_standings_view(knockout)
                after_rounds[FINAL] = knockout.last_round
                pages.append(sheet(views[FINAL], page_header(Tournament(knockout.settings), "Final: standings by the "
                                                             "round reached, then rating (knockout)", today())))
        if fmt is not Format.table:  # for scripts: each row's start number in the event besides the stage's own
            players = {name: stage.players for name, stage in stages.items()}
            if cup is not None:
                players[FINAL] = knockout.players
            for name, view in views.items():
                with_event_numbers(view, event_numbers(event, players[name]))
        if page:
            self.caller.show_page(pages, f"{event.tournament.settings.name}: standings")
        elif fmt is Format.json:
            self.caller.write(stages_json(views, after_rounds))
        elif fmt is Format.csv:
            self.caller.write(view_text(stages_view(views), Format.csv))
        else:
            for view in views.values():
                self.caller.show(view)

    def prizes(self) -> None:
        raise Refused("a group event's prize list is worked out on one stage's standings: 'arbiter prizes "
                      f"--group final' (or 'arbiter -d {self.shown_path}/stages/final prizes'), with a prizes.toml "
                      "in that stage's folder")

    # -- the end of the event ----------------------------------------------------

    def finalize(self, when: str, after_round: int | None, yes: bool) -> None:
        """Close every stage and the event on ``when``, once the final is over: each stage in its own
        folder as its own ``finalize`` would, and the top folder's final standings, as one change
        (:class:`~arbiter_cli.store.files.Joined`: the top folder's manifest names every stage's files);
        every folder locked for the whole act, the top one first."""
        from arbiter_cli.lifecycle.group_finish import final_winner, finalise_groups
        from arbiter_cli.render.final import final_outputs, group_final_outputs, knockout_final_outputs
        from arbiter_cli.store.prizes import read_prizes

        if after_round is not None or yes:
            raise BadArgument("a group event ends with its final: --after-round and --yes are for a Swiss")
        command = self.caller.command
        with self.event(exclusive=True) as (folder, event), ExitStack() as stack:
            cup = folder.knockout_final()
            folders: dict[str, TournamentFolder] = {}
            stages: dict[str, Tournament] = {}
            for name in folder.stage_names():
                if cup is not None and name == FINAL:
                    continue
                stage = folders[name] = folder.stage(name)
                stack.enter_context(self.writing(stage))
                with in_stage(f"{STAGES_DIR}/{name}/"):
                    stages[name] = stage.load()
            knockout: KnockoutTournament | None = None
            if cup is not None:
                stack.enter_context(self.writing(cup))
                with in_stage(f"{STAGES_DIR}/{FINAL}/"):
                    knockout = cup.load_knockout()
            if event.tournament.settings.status is Status.FINALISED:
                stored = self._store_prize_lists(folders, stages, cup, knockout)
                if self._store_top_standings(folder, event, stages, knockout) or stored:
                    return  # only the prize lists that came after finalising, or the standings after a correction
            done = finalise_groups(event, stages, knockout, when)
            saves: list[tuple[str, Callable[[], None]]] = []  # every file made before anything is written
            for name, changes in done.stage_changes.items():
                prefix = f"{STAGES_DIR}/{name}/"
                if not changes:
                    continue
                with in_stage(prefix):
                    if name in folders:
                        stage_folder, after = folders[name], done.stages[name]
                        outputs = final_outputs(after, read_prizes(stage_folder.path))
                        saves.append((prefix, partial(stage_folder.save, stages[name], after, command, changes,
                                                      outputs=outputs)))
                    elif cup is not None and knockout is not None and done.knockout is not None:
                        outputs = knockout_final_outputs(done.knockout, read_prizes(cup.path))
                        saves.append((prefix, partial(cup.save_knockout, knockout, done.knockout, command, changes,
                                                      outputs=outputs)))
            top = group_final_outputs(done.event, done.stages, done.knockout)
            joined = Joined(folder.path)  # one change of every folder: a kill leaves all before or all after
            for stage_store in [*folders.values(), *([cup] if cup is not None else [])]:
                stage_store.joined = joined
            for prefix, save in saves:
                with in_stage(prefix):
                    save()
            folder.save_event(event, done.event, command, done.changes, outputs=top, joined=joined)
        closed = [name for name, changes in done.stage_changes.items() if changes]
        winner = final_winner(done)
        self.caller.say(f"finalised on {when}: {count(len(closed), 'stage')} closed ({', '.join(closed) or 'none'})"
                        + (f"; {winner} won the final" if winner else "")
                        + f"; final standings in {folder.path / 'final'}/standings.csv and standings.json")

    def _store_prize_lists(self, folders: dict[str, TournamentFolder], stages: dict[str, Tournament],
                           cup: KnockoutFolder | None, knockout: KnockoutTournament | None) -> bool:
        """``finalize`` again on a finalised group event: each stage's prize list stored in its
        ``final/`` when its ``prizes.toml`` gives one the stage does not hold (it came, or changed, after
        finalising), as the stage's own ``finalize`` stores it; every folder is locked already. False
        when no stage had one to store."""
        from arbiter_cli.render.final import final_outputs, knockout_final_outputs

        stored = False
        for name, stage in stages.items():
            prefix = f"{STAGES_DIR}/{name}/"
            one = self._stage(self.folder(), name)
            with in_stage(prefix):
                fund = one.prize_table()
                held, tournament = folders[name], stage
                stored |= one.store_prize_list(
                    tournament.settings.finalised_on, lambda: final_outputs(tournament, fund),
                    lambda changes, files: held.save(tournament, tournament, self.caller.command, changes,
                                                     outputs=files))
        if cup is not None and knockout is not None:
            one = self._stage(self.folder(), FINAL)
            with in_stage(f"{STAGES_DIR}/{FINAL}/"):
                fund = one.prize_table()
                final = knockout
                stored |= one.store_prize_list(
                    final.settings.finalised_on, lambda: knockout_final_outputs(final, fund),
                    lambda changes, files: cup.save_knockout(final, final, self.caller.command, changes,
                                                             outputs=files))
        return stored

    def _store_top_standings(self, folder: GroupFolder, event: GroupModel, stages: dict[str, Tournament],
                             knockout: KnockoutTournament | None) -> bool:
        """A finalised event's final standings (the top folder's ``final/``) stored again when a stage's
        correction after finalising (C.04.2 4.3) changed them; the top folder is locked, and the stages
        (``stages``, ``knockout``) read. False when they hold as they are."""
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.render.final import group_final_outputs
        from arbiter_cli.store.files import FolderStore

        top = group_final_outputs(event, stages, knockout)
        behind = FolderStore(folder.path).outputs_behind(top)
        if not behind:
            return False
        folder.save_event(event, event, self.caller.command,
                          [Change("final standings", "out of date", f"stored again: {', '.join(behind)}")], outputs=top)
        self.caller.say(f"the event was finalised on {event.tournament.settings.finalised_on}: its final standings "
                        f"({', '.join(behind)}) now hold the stages as corrected")
        return True

    @contextmanager
    def _every_stage(self, exclusive: bool) -> Iterator[tuple[GroupFolder, GroupModel, dict[str, Tournament],
                                                              KnockoutTournament | None]]:
        """The top folder (under its lock), its event, and every stage read under its own shared lock: the
        round robins, and the knockout final if there is one."""
        with self.event(exclusive=exclusive) as (folder, event):
            cup = folder.knockout_final()
            names = [name for name in folder.stage_names() if cup is None or name != FINAL]
            with self._stages(folder, names) as stages:
                knockout = None
                if cup is not None:
                    with self.reading(cup), in_stage(f"{STAGES_DIR}/{FINAL}/"):
                        knockout = cup.load_knockout()
                yield folder, event, stages, knockout

    def _top_final_files(self) -> dict[str, str]:
        """The top folder's final standings as the stages give them now."""
        from arbiter_cli.render.final import group_final_outputs

        with self._every_stage(exclusive=False) as (_, event, stages, knockout):
            return group_final_outputs(event, stages, knockout)

    @contextmanager
    def _top_writing(self) -> Iterator[None]:
        """A stage's write: the top folder locked first, as the event's own acts lock it before a stage's
        (``finalize``), so that no two commands wait for each other's folder; not again when this command
        holds it already."""
        if self._top_held:
            yield
            return
        with self.writing(self.folder()):
            self._top_held += 1
            try:
                yield
            finally:
                self._top_held -= 1

    def _save_with_event(self, name: str, after: object, save: Callable[[Joined | None], None]) -> str:
        """A correction of stage ``name`` after finalising (C.04.2 4.3), the stage ``after`` it: saved with
        the top folder's final standings as the stages give them now, as one change (:class:`Joined`: a kill
        leaves every folder before or every one after); the stage's change alone when they hold as they are
        or the event is not finalised. The top folder is locked (:meth:`_top_writing`); the other stages are
        read under their shared locks. What to say of the final standings ("" when they did not change)."""
        from arbiter_cli.lifecycle.change import Change
        from arbiter_cli.render.final import group_final_outputs
        from arbiter_cli.store.files import FolderStore

        folder = self.folder()
        event = folder.load_event()
        if event.tournament.settings.status is not Status.FINALISED:
            save(None)
            return ""
        cup = folder.knockout_final()
        stages: dict[str, Tournament] = {}
        knockout: KnockoutTournament | None = None
        with ExitStack() as stack:
            for other in folder.stage_names():
                if other == name:
                    if isinstance(after, KnockoutTournament):
                        knockout = after
                    else:
                        assert isinstance(after, Tournament)
                        stages[other] = after
                    continue
                prefix = f"{STAGES_DIR}/{other}/"
                if cup is not None and other == FINAL:
                    stack.enter_context(self.reading(cup))
                    with in_stage(prefix):
                        knockout = cup.load_knockout()
                    continue
                stage = folder.stage(other)
                stack.enter_context(self.reading(stage))
                with in_stage(prefix):
                    stages[other] = stage.load()
            top = group_final_outputs(event, stages, knockout)
            behind = FolderStore(folder.path).outputs_behind(top)
            if not behind:
                save(None)
                return ""
            joined = Joined(folder.path)
            save(joined)
            folder.save_event(event, event, self.caller.command,
                              [Change("final standings", "out of date", f"stored again: {', '.join(behind)}")],
                              outputs=top, joined=joined)
        return (f"the event was finalised on {event.tournament.settings.finalised_on}: its final standings "
                f"({', '.join(behind)}) now hold the stages as corrected")

    # -- checks and the site -----------------------------------------------------

    def inputs_checked(self, folder: TournamentFolder | None = None) -> list[Problem]:
        """The top folder reads no file a person writes (each stage reads its own prize fund); its
        access list, which every stage uses, is read as the Gate reads it."""
        from arbiter_cli.events.access import access_problems

        return access_problems(self.path)

    def final_checked(self, tournament: Tournament, folder: TournamentFolder | None = None) -> list[Problem]:
        """The top folder's ``final/`` holds no prize list (each stage's ``final/`` holds its own), and, once
        finalised, the final standings as the stages give them now (a stage corrected after finalising)."""
        from arbiter_cli.store.files import FolderStore

        if tournament.settings.status is not Status.FINALISED:
            return self._finalize_stopped()
        return [Problem(name, "not the final standings the stages give now (a stage was corrected after "
                              "finalising); 'arbiter finalize' stores them again")
                for name in FolderStore(self.path).outputs_behind(self._top_final_files())]

    def _finalize_stopped(self) -> list[Problem]:
        """Stages finalised while the event is not: a ``finalize`` stopped between its folders (each stage,
        then the top one; the trial of issue 29 met 1 to 5 of 6 finalised, and ``verify`` said sound).
        Nothing is lost: ``finalize`` again completes it."""
        import tomllib

        from arbiter_cli.store.tournament import SETTINGS_FILE

        stages = self.path / STAGES_DIR
        names = sorted((p.name for p in stages.iterdir() if (p / SETTINGS_FILE).is_file()) if stages.is_dir() else (),
                       key=lambda name: (name == FINAL, name))
        done = []
        for name in names:
            try:  # the one key, read as it stands: the stage's own check names whatever else is wrong
                status = tomllib.loads((stages / name / SETTINGS_FILE).read_text(encoding="utf-8")).get("status")
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue
            if status == Status.FINALISED.value:
                done.append(name)
        if not done:
            return []
        return [Problem(SETTINGS_FILE, f"{count(len(done), 'stage')} finalised ({', '.join(done)}) and the event not: "
                                       "a finalize was stopped between its folders; 'arbiter finalize' again completes "
                                       "it")]

    def verify(self) -> None:
        """The registration, then every stage (a stage alone: ``--group NAME``)."""
        from arbiter_cli.store.prizes import PRIZES_FILE

        with self.event(exclusive=False) as (folder, _):
            stages = folder.stage_names()
        if (self.path / PRIZES_FILE).exists():
            self.caller.say(f"note: {PRIZES_FILE} here is not read: a group event's prize list is worked out on its "
                            f"final's standings; once the final is paired, put the prize fund in "
                            f"{STAGES_DIR}/final/{PRIZES_FILE}")
        checked = [self.check()]
        for name in stages:
            prefix = f"{STAGES_DIR}/{name}/"
            stage = self._stage(folder, name)
            with in_stage(prefix):
                checked.append(stage.check().placed(prefix))
        report(self.caller, checked, stages)

    def site(self, options: SiteOptions | None = None) -> Mapping[str, bytes]:
        """The event's top pages, and each stage's as a round robin's or, for a knockout final, a
        knockout's (each stage read under its own shared lock)."""
        from arbiter_cli.render.site import build_site
        from arbiter_cli.render.site.sites import group_site
        top = self.folder()
        with ExitStack() as stack:
            stack.enter_context(self.reading(top))
            event = top.load_event()
            stages: dict[str, Tournament | KnockoutTournament] = {}
            prizes: dict[str, PrizeTable | None] = {}
            for name in top.stage_names():
                stage = self._stage(top, name)
                loaded: AbstractContextManager[Tournament | KnockoutTournament] = stage.loaded()
                with in_stage(stage.stage):
                    stages[name] = stack.enter_context(loaded)
                    prizes[name] = stage.prize_table()
        return build_site(group_site(event, stages, prizes, self.site_memo()), options=options)


def _played_to(stage: Tournament) -> int:
    """The last round of a stage with a result in (every round is paired at once): its standings
    are shown after it, not after rounds nobody has played yet. With no result in yet, round 1 if it
    is paired, else round 0 (a group unpaired back to no round)."""
    return max((rnd.number for rnd in stage.rounds if any(g.result is not None for g in rnd.games)),
               default=min(1, stage.last_round))
