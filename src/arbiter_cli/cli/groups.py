"""Group stages on the command line (issue 18): ``groups show|set``, and the group side of ``new``,
``pair`` and ``standings``; ``--group NAME`` on ``pair``, ``pairings``, ``result``, ``bracket``,
``crosstable`` and ``standings`` works on one stage. A knockout final (``stages/final``, a knockout
folder) is run by the knockout's commands (:mod:`arbiter_cli.cli.knockout`) through ``--group final``.

A group event's stages are ordinary round-robin folders (``stages/A``, ..., ``stages/final``):
``--group A`` runs the individual command on ``stages/A`` (:func:`use_group`), so every
round-robin command, report and check is the one the other events use. The commands shared with
individual events ask :func:`is_groups` first, as they ask ``cli.teams.is_team()``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer
from pydantic import ValidationError

from arbiter_cli.cli.common import STATE, FormatOption, arguments, author, codes, command_line, in_stage, read_input, \
    say, today, waiting
from arbiter_cli.core.csv_input import read_rows
from arbiter_cli.core.errors import BadArgument, Refused, pydantic_message
from arbiter_cli.core.group_settings import FINAL, GroupEvent, GroupSettings
from arbiter_cli.core.model import Settings, Status, Tournament
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.render.output import Format, View, emit, view_text
from arbiter_cli.store.group_folder import STAGES_DIR, GroupFolder, is_group_folder

__all__ = ["is_groups", "group_options", "create_group_event", "use_group", "pair_groups", "groups_show",
           "groups_set", "group_standings", "GroupOption"]

GroupOption = Annotated[Optional[str], typer.Option(
    "--group", metavar="NAME", show_default=False,
    help="A group event: the stage, a group's letter (A, B, ...) or 'final'.")]


def is_groups() -> bool:
    """Whether the folder the command works on is a group event."""
    return is_group_folder(STATE.directory)


@contextmanager
def group_folder(*, exclusive: bool) -> Iterator[tuple[GroupFolder, GroupEvent]]:
    """The group event's top folder and what it holds, under its lock."""
    folder = GroupFolder(STATE.directory)
    folder.by = author()
    with folder.lock(exclusive=exclusive, holder=command_line(), waiting=waiting):
        yield folder, folder.load_event()


def group_options(staged: bool, groups: int | None, advance: int | None, final: str | None, rounds: int | None,
                  team: bool, club: bool, knockout: Mapping[str, object]) -> GroupSettings:
    """``new``'s group-stage options: all of them with ``--system groups``, none without; a knockout
    final's options (``--games-per-match``, ``--tiebreak-stages``, ``--first-colour``) only with
    ``--final knockout``. The ``[groups]`` table they make."""
    if not staged:
        option = "--groups" if groups is not None else "--advance" if advance is not None else "--final"
        raise BadArgument("is for a group stage (give --system groups)", field=option)
    for value, option, why in ((rounds, "--rounds", "each group's rounds follow from its players (C.05)"),
                               (team or None, "--teams", "a group stage is an individual event here"),
                               (club or None, "--club", "a group stage is not a club tournament here")):
        if value is not None:
            raise BadArgument(f"not for a group stage: {why}", field=option)
    if groups is None:
        raise BadArgument("a group stage needs the number of groups (e.g. --groups 4)", field="--groups")
    if advance is None:
        raise BadArgument("a group stage needs how many of each group go on (e.g. --advance 2)", field="--advance")
    if final not in (None, "round-robin", "knockout"):
        raise BadArgument(f"{final!r}: use round-robin or knockout", field="--final")
    given = [option for option, value in knockout.items() if value is not None]
    table: dict[str, object] = {"count": groups, "advance": advance, "final": final or "round-robin"}
    if final == "knockout":
        from arbiter_cli.cli.knockout_new import knockout_settings

        seeding = knockout.get("--seeding")
        if isinstance(seeding, str) and seeding.strip().lower() != "seeded":
            raise BadArgument("a knockout final is seeded from the group results (the group winners first, then the "
                              "runners-up, ...): leave --seeding out", field="--seeding")
        table["knockout"] = knockout_settings(knockout)
    elif given:
        raise BadArgument("is for a knockout final (give --final knockout); a round-robin final plays every "
                          "pairing once", field=given[0])
    try:
        return GroupSettings.model_validate(table)
    except ValidationError as error:
        first = error.errors()[0]
        flag = {"count": "--groups", "advance": "--advance", "final": "--final"}.get(str(first["loc"][0]))
        raise BadArgument(pydantic_message(first), field=flag) from None


def create_group_event(directory: Path, settings: Settings, groups: GroupSettings) -> None:
    """``arbiter new DIR --system groups``: a group event's folder with no player yet."""
    GroupFolder.create_event(directory, GroupEvent(Tournament(settings), groups), command_line(), author())
    final = f"a {groups.final} final"
    if groups.final == "knockout":
        ko = groups.final_knockout
        final += (f" ({ko.games_per_match} game{'s' if ko.games_per_match > 1 else ''} a match, ties: "
                  f"{', '.join(ko.tiebreak_stages)})")
    say(f"created {directory}: {settings.name} (groups: {groups.count} round robins, the first {groups.advance} of "
        f"each to {final}; seed {settings.seed})")
    say(f"next: 'arbiter -d {directory} player import FILE', then 'arbiter -d {directory} pair' to start the groups")


def use_group(group: str | None) -> None:
    """``--group NAME``: run the command on that stage's folder. A group event needs it; any other
    event refuses it."""
    if not is_groups():
        if group is not None:
            raise BadArgument("is for a group event (arbiter new --system groups)", field="--group")
        return
    with group_folder(exclusive=False) as (folder, event):
        names = (*event.groups.names, FINAL)
        existing = folder.stage_names()
    if group is None:
        raise BadArgument(f"this is a group event: give the stage with --group ({', '.join(names)})", field="--group")
    name = FINAL if group.strip().lower() == FINAL else group.strip().upper()
    if name not in names:
        raise BadArgument(f"no stage {group!r}; the stages are {', '.join(names)}", field="--group")
    if name not in existing:
        started = "the final has not been paired yet" if name == FINAL else "the groups have not started"
        raise Refused(f"{started} ('arbiter pair' starts it)")
    STATE.directory = folder.stage_path(name)
    STATE.stage = f"{STAGES_DIR}/{name}/"


def pair_groups(fmt: Format, print_: bool) -> None:
    """``arbiter pair`` on a group event: start the groups (every round of every group at once), or,
    once every group is finished, pair the final with the qualifiers; a knockout final's later
    rounds are paired here too (as by ``pair --group final``)."""
    from arbiter_cli.lifecycle.group_stages import (dealt_groups, event_numbers, final_order, final_stage,
                                                    moved_seeds, qualifiers, stage_changes, start_groups)
    from arbiter_cli.render.group_views import groups_view, qualifiers_view

    with group_folder(exclusive=False) as (folder, event):
        knockout = folder.knockout_final() is not None
    if knockout:  # the final is a knockout folder: its next round
        from arbiter_cli.cli.knockout import pair_knockout

        STATE.directory, STATE.stage = folder.stage_path(FINAL), f"{STAGES_DIR}/{FINAL}/"
        pair_knockout(fmt, print_)
        return
    if print_:
        raise BadArgument("--print: print each stage's pairings with 'arbiter pairings --group NAME --print'")
    with group_folder(exclusive=True) as (folder, event):
        if event.tournament.settings.status is Status.REGISTRATION:
            after, stages, changes = start_groups(event)
            folder.create_groups(stages, command_line(), {
                name: stage_changes(event.tournament.settings, stage) for name, stage in stages.items()})
            with _removed_on_failure(folder.path / STAGES_DIR):
                folder.save_event(event, after, command_line(), changes)
            view = groups_view(f"{event.tournament.settings.name}: groups", dealt_groups(after))
            rounds = sorted({stage.settings.rounds or 0 for stage in stages.values()})
            say(f"groups {', '.join(stages)} paired: every round at once ({' or '.join(map(str, rounds))} rounds); "
                "see 'arbiter pairings --group A ROUND'")
        else:
            if FINAL in folder.stage_names():
                raise Refused("the final is paired; its results go in with --group final")
            with _stages(folder, event.groups.names) as stages:
                chosen = qualifiers(stages, event.groups.advance)
                seeded = final_order(event, chosen)
            final, changes, journal = final_stage(event, seeded)
            folder.create_final(final, command_line(), journal)
            with _removed_on_failure(folder.stage_path(FINAL)):
                folder.save_event(event, event, command_line(), changes)
            view = qualifiers_view(f"{event.tournament.settings.name}: final", seeded,  # each from their own group
                                   [event_numbers(event, [q.player]).get(q.player.start_number) for q in seeded])
            moved = [f"{q.player.name} ({q.group}{q.place}) seed {seed}" for seed, q in moved_seeds(chosen, seeded)]
            if moved:
                say(f"note: {'; '.join(moved)}: moved among the players of their place, so that no two players of "
                    "one group meet in their first match")
            if isinstance(final, Tournament):
                say(f"final paired: {len(seeded)} players, every round at once ({final.settings.rounds} rounds); "
                    "see 'arbiter pairings --group final ROUND'")
            else:
                say(f"final paired: {len(seeded)} players, a knockout of {final.total_rounds} rounds, seeded from the "
                    "groups; round 1 paired (see 'arbiter pairings --group final 1', 'arbiter bracket --group final'); "
                    "'arbiter pair' pairs each next round once the one before has its winners")
    emit(view, fmt)


@contextmanager
def _removed_on_failure(path: Path) -> Iterator[None]:
    """A stage just created is taken away again when the event's own write fails after it."""
    try:
        yield
    except BaseException:
        import shutil

        shutil.rmtree(path, ignore_errors=True)
        raise


@contextmanager
def _stages(folder: GroupFolder, names: tuple[str, ...] | list[str]) -> Iterator[dict[str, Tournament]]:
    """The stages' tournaments, each read under its own shared lock."""
    with ExitStack() as stack:
        stages: dict[str, Tournament] = {}
        for name in names:
            stage = folder.stage(name)
            stack.enter_context(stage.lock(exclusive=False, waiting=waiting))
            with in_stage(f"{STAGES_DIR}/{name}/"):
                stages[name] = stage.load()
        yield stages


def groups_show(fmt: FormatOption = Format.table) -> None:
    """List the groups: as dealt (or set by hand) once started, else as they would be dealt now."""
    from arbiter_cli.lifecycle.group_stages import dealt_groups
    from arbiter_cli.render.group_views import groups_view

    _require_groups()
    with group_folder(exclusive=False) as (folder, event):
        dealt = dealt_groups(event)  # once started, the groups as written in [groups.members]
    if event.tournament.settings.status is Status.REGISTRATION:
        how = "set by hand" if event.groups.members is not None else "dealt in snake order by seeding"
        say(f"note: the groups have not started; {how}, they would be these ('arbiter pair' starts them)")
    emit(groups_view(f"{event.tournament.settings.name}: groups", dealt), fmt)


def groups_set(
    source: Annotated[Optional[str], typer.Argument(metavar="FILE|-", help=(
        "A CSV with the columns start_number and group (A, B, ...): every player in exactly one group."))] = None,
    snake: Annotated[bool, typer.Option("--snake", help="Forget the groups set by hand: deal them in snake "
                                        "order by seeding.")] = False,
) -> None:
    """Set the groups by hand, before they start (or go back to the snake deal with --snake)."""
    from arbiter_cli.lifecycle.group_stages import GroupAssignment, set_groups

    _require_groups()
    if (source is None) == (not snake):
        raise BadArgument("give either FILE (the groups) or --snake")
    rows: list[GroupAssignment] | None = None
    label = None
    if source is not None:
        label, text = read_input(source)
        rows = []
        for line, row in read_rows(text, label, ("start_number", "group"), required="start_number"):
            if "group" not in row:
                raise BadArgument("the column 'group' is required", source=label, line=1)
            if not row["start_number"].isdigit():
                raise BadArgument(f"{row['start_number']!r} is not a start number", source=label, line=line,
                                  field="start_number")
            rows.append(GroupAssignment(int(row["start_number"]), row["group"], line))
    with group_folder(exclusive=True) as (folder, event):
        after, changes = set_groups(event, rows, label)
        folder.save_event(event, after, command_line(), changes)
    for change in changes:
        say(f"{change.change}: {change.new}")


def group_standings(tiebreaks: str | None, rules: Rules | None, fmt: Format, print_: bool, html: str | None) -> None:
    """``arbiter standings`` on a group event: each group's standings, then the final's."""
    from arbiter_cli.cli.pages import write_page
    from arbiter_cli.lifecycle.standings import compute_standings
    from arbiter_cli.render.group_views import stages_json, stages_view
    from arbiter_cli.render.printing import RECORD_KEYS, page_header, sheet
    from arbiter_cli.render.views import standings_notes, standings_view, table_heading

    with group_folder(exclusive=False) as (folder, event):
        names = folder.stage_names()
        if not names:
            raise Refused("the groups have not started ('arbiter groups show' lists them; 'arbiter pair' starts them)")
        views: dict[str, View] = {}
        after_rounds: dict[str, int] = {}
        pages = []
        cup = folder.knockout_final()
        if cup is not None:  # the final is a knockout: its standings come after the groups'
            names.remove(FINAL)
        with _stages(folder, names) as stages, arguments(tiebreaks="--tiebreaks"):
            for name, stage in stages.items():
                table = compute_standings(stage, _played_to(stage), codes(stage, tiebreaks), rules=rules)
                views[name] = standings_view(stage, table)
                after_rounds[name] = table.after_round
                notes = standings_notes(table)
                for note in notes if fmt is Format.table and not print_ and html is None else ():
                    say(f"note: {'final' if name == FINAL else 'group ' + name}: {note}")
                heading = table_heading(stage, "standings", table.after_round)
                what = "Final" if name == FINAL else f"Group {name}"
                pages.append(sheet(views[name], page_header(stage, f"{what}: {heading.lower()} (C.07 "
                                                                   f"{table.rules.value} rules)", today()),
                                   notes=notes, leave_out=RECORD_KEYS))
        if cup is not None:
            from arbiter_cli.render.knockout_views import knockout_standings_view

            with cup.lock(exclusive=False, waiting=waiting):
                with in_stage(f"{STAGES_DIR}/{FINAL}/"):
                    knockout = cup.load_knockout()
            views[FINAL] = knockout_standings_view(knockout)
            after_rounds[FINAL] = knockout.last_round
            pages.append(sheet(views[FINAL], page_header(Tournament(knockout.settings), "Final: standings by the "
                                                         "round reached, then rating (knockout)", today())))
    if fmt is not Format.table:  # for scripts: each row's start number in the event besides the stage's own
        from arbiter_cli.lifecycle.group_stages import event_numbers
        from arbiter_cli.render.group_views import with_event_numbers

        players = {name: stage.players for name, stage in stages.items()}
        if cup is not None:
            players[FINAL] = knockout.players
        for name, view in views.items():
            with_event_numbers(view, event_numbers(event, players[name]))
    if print_ or html is not None:
        write_page(pages, html, f"{event.tournament.settings.name}: standings")
    elif fmt is Format.json:
        sys.stdout.write(stages_json(views, after_rounds))
    elif fmt is Format.csv:
        sys.stdout.write(view_text(stages_view(views), Format.csv))
    else:
        for view in views.values():
            emit(view, fmt)


def _played_to(stage: Tournament) -> int:
    """The last round of a stage with a result in (every round is paired at once): its standings
    are shown after it, not after rounds nobody has played yet."""
    return max((rnd.number for rnd in stage.rounds if any(g.result is not None for g in rnd.games)), default=1)


def _require_groups() -> None:
    if not is_groups():
        raise Refused("this folder holds no group event (arbiter new DIR --system groups)")
