"""``arbiter verify`` (is the folder sound?) and ``arbiter log`` (who changed what, when)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.groups import GroupOption
from arbiter_cli.cli.common import STATE, FormatOption, arguments, in_stage, reading, say, waiting
from arbiter_cli.core.errors import BadArgument, BrokenFolder
from arbiter_cli.lifecycle.integrity import Problem
from arbiter_cli.store.group_folder import STAGES_DIR
from arbiter_cli.core.words import count
from arbiter_cli.render.output import Format, emit

__all__ = ["verify", "log"]


@dataclass
class _Checked:
    """One folder's check: its name, players and rounds, its problems and the files edited by hand
    (``(path, after)``; ``edits`` None: the folder keeps no record of its files yet)."""

    name: str
    players: int
    rounds: int
    found: list[Problem]
    edits: list[tuple[str, str]] | None


def _check(path: Path, prefix: str = "") -> _Checked:
    """Check the folder at ``path`` (an event, a team event, a knockout, a group event's top
    folder or one stage); ``prefix`` goes before every file name (``stages/B/``)."""
    from arbiter_cli.lifecycle.integrity import problems
    from arbiter_cli.lifecycle.team_integrity import team_problems
    from arbiter_cli.store.group_folder import GroupFolder, is_group_folder
    from arbiter_cli.store.knockout_folder import KnockoutFolder, is_knockout_folder
    from arbiter_cli.store.team_folder import TeamFolder, is_team_folder
    from arbiter_cli.store.tournament import TournamentFolder

    with in_stage(prefix):
        if is_knockout_folder(path):
            cup = KnockoutFolder(path)
            with cup.lock(exclusive=False, waiting=waiting):
                knockout = cup.load_knockout(check=False)
                found, edits = cup.located(knockout), cup.hand_edits()
            name, players, rounds = knockout.settings.name, len(knockout.players), knockout.last_round
        elif is_team_folder(path):
            teams = TeamFolder(path)
            with teams.lock(exclusive=False, waiting=waiting):
                event = teams.load(check=False)
                found, edits = team_problems(event), teams.hand_edits()
            name, players, rounds = event.settings.name, len(event.players), event.last_round
        else:
            folder = (GroupFolder if is_group_folder(path) else TournamentFolder)(path)
            with folder.lock(exclusive=False, waiting=waiting):
                tournament = folder.load(check=False)
                found, edits = problems(tournament, folder.player_lines), folder.hand_edits()
            name, players, rounds = tournament.settings.name, len(tournament.players), tournament.last_round
    placed = [replace(p, file=prefix + p.file) for p in found]
    changed = None if edits is None else [(prefix + edited, edits[1]) for edited in edits[0]]
    return _Checked(name, players, rounds, placed, changed)


def verify(fmt: FormatOption = Format.table, group: GroupOption = None) -> None:
    """Check the folder: every round accounts for every player, numbers, boards and results agree,
    late entries have their round; name the files edited by hand since the last change.
    One line per problem; exit 0 only when the folder is sound (a result still missing in an
    earlier round is listed, marked incomplete, but is no unsoundness: 'result' fills it in).
    A group event: its registration and every stage, or one stage with --group A."""
    from arbiter_cli.cli.groups import group_folder, is_groups, use_group
    from arbiter_cli.lifecycle.integrity import BROKEN
    from arbiter_cli.render.audit import problems_view

    if group is not None:
        use_group(group)
    checked = [_check(STATE.directory)]
    stages: list[str] = []
    if group is None and is_groups():  # the registration, then every stage
        with group_folder(exclusive=False) as (event_folder, _):
            stages = event_folder.stage_names()
        checked += [_check(STATE.directory / STAGES_DIR / stage, f"{STAGES_DIR}/{stage}/") for stage in stages]
    found = [problem for one in checked for problem in one.found]
    changed = [edit for one in checked for edit in one.edits or []]
    view = problems_view(f"{checked[0].name}: verify", found, changed)
    if fmt is not Format.table:
        emit(view, fmt)
    else:
        for problem in found:
            sys.stdout.write(f"{problem}{'' if problem.severity == 'broken' else ' (' + problem.severity + ')'}\n")
        for name, after in changed:
            sys.stdout.write(f"{name.split(' ')[0]}: hand edit: changed outside arbiter after {after}"
                             f"{' ' + name.split(' ', 1)[1] if ' ' in name else ''}\n")
        sys.stdout.flush()
    if any(one.edits is None for one in checked):
        say("note: the folder has no record of its files yet (it was written by an earlier version); "
            "the next change makes one, and hand edits are named from then on")
    broken = [p for p in found if p.severity == BROKEN]
    if broken:
        raise BrokenFolder(f"{count(len(broken), 'problem')} found (listed above); the folder is not sound")
    incomplete = len(found) - len(broken)
    top = checked[0]
    say(f"the folder is sound: {count(top.players, 'player')}, "
        + (f"{count(len(stages), 'stage')} ({', '.join(stages)})" if stages else count(top.rounds, 'round'))
        + (f"; {count(incomplete, 'earlier round')} still waiting for results (listed above)" if incomplete else "")
        + (f"; {count(len(changed), 'file')} edited by hand since the last change (named above)" if changed else ""))


def log(
    round_number: Annotated[Optional[int], typer.Option("--round", help="Only the changes of this round.")] = None,
    board: Annotated[Optional[int], typer.Option("--board", help="Only the changes of this board.")] = None,
    player: Annotated[Optional[int], typer.Option("--player", metavar="ID",
                                                  help="Only the changes about this start number.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", metavar="TIME",
                                                 help="Only the changes since then: 2026-03-01 or "
                                                      "2026-03-01T14:05 (UTC).")] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """The folder's history from its journal: every change, who made it and with which command."""
    from arbiter_cli.lifecycle.audit import select
    from arbiter_cli.render.audit import log_view
    from arbiter_cli.store.tournament import TournamentFolder

    from arbiter_cli.store.team_folder import TeamFolder, is_team_folder

    if is_team_folder(STATE.directory):
        if board is not None or player is not None:
            raise BadArgument("--board and --player are for individual events; a team event's log takes --round "
                              "and --since")
        teams = TeamFolder(STATE.directory)
        with teams.lock(exclusive=False, waiting=waiting), arguments(since="--since"):
            event = teams.load(check=False)
            entries = select(teams.journal(), None, round_number=round_number, since=since)
        emit(log_view(f"{event.settings.name}: journal", entries), fmt)
        return
    folder = TournamentFolder(STATE.directory)
    with reading(check=False, registration=True) as tournament, arguments(since="--since", player="--player"):  # the history helps mend a broken folder
        entries = select(folder.journal(), tournament, round_number=round_number, board=board, player=player,
                         since=since, matches=_knockout_matches() if player is not None else None)
    emit(log_view(f"{tournament.settings.name}: journal", entries), fmt)


def _knockout_matches() -> dict[tuple[int, int], tuple[int, ...]] | None:
    """A knockout's matches, (round, match) -> players, for ``log --player`` (None: no knockout, or
    one that does not read now: the log helps mend a broken folder)."""
    from arbiter_cli.core.errors import DomainError
    from arbiter_cli.store.knockout_folder import KnockoutFolder, is_knockout_folder

    if not is_knockout_folder(STATE.directory):
        return None
    try:
        knockout = KnockoutFolder(STATE.directory).load_knockout()
    except DomainError:
        return None
    return {(rnd.number, match.number): tuple(match.players) for rnd in knockout.rounds for match in rnd.matches}
