"""Finalising a group event (issue 18, group stages): the event closes once its final is over.

A group event is its groups (each a round robin) and a final (a round robin, or a knockout).
``arbiter finalize`` in its top folder closes every stage as the stage's own ``finalize`` would
(:func:`~arbiter_cli.lifecycle.finish.finalise`: every round paired and every result in;
:func:`~arbiter_cli.lifecycle.knockout_finish.finalise_knockout`: the final has a winner), then the
event. A stage finalised before (with ``-d DIR/stages/NAME``) stays as it is. Nothing is closed
while any stage is not over: the refusal names the stage and what it misses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import BadArgument, DomainError, Refused
from arbiter_cli.core.group_settings import FINAL, GroupEvent
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.finish import finalise
from arbiter_cli.lifecycle.group_stages import stage_complete
from arbiter_cli.lifecycle.knockout_finish import finalise_knockout

__all__ = ["GroupsFinalised", "finalise_groups", "final_winner"]


@dataclass(frozen=True)
class GroupsFinalised:
    """The finalised event and stages; each stage's journal lines (none for one finalised before)
    and the event's own."""

    event: GroupEvent
    stages: dict[str, Tournament]
    knockout: KnockoutTournament | None
    stage_changes: dict[str, tuple[Change, ...]]
    changes: tuple[Change, ...]


def _stage_label(name: str) -> str:
    return "the final" if name == FINAL else f"group {name}"


def finalise_groups(event: GroupEvent, stages: Mapping[str, Tournament], knockout: KnockoutTournament | None,
                    when: str) -> GroupsFinalised:
    """The act: close every stage and then the event on ``when`` (YYYY-MM-DD). ``stages`` are the
    groups and a round-robin final; ``knockout`` a knockout final. Refused when the event is
    finalised already, before its final is paired, or while a stage is not over."""
    settings = event.tournament.settings
    if settings.status is Status.FINALISED:
        raise Refused(f"the event was already finalised on {settings.finalised_on}")
    if settings.start_date and when < settings.start_date:
        raise BadArgument(f"{when} is before the event's start date {settings.start_date}", field="date")
    if settings.status is Status.REGISTRATION:
        raise Refused("the groups have not started ('arbiter pair' starts them)")
    if FINAL not in stages and knockout is None:
        unfinished = [(name, why) for name, stage in stages.items() if (why := stage_complete(stage, name)) is not None]
        raise Refused("the final is not paired yet: " + (f"group {unfinished[0][0]} is not finished: {unfinished[0][1]}"
                                                         if unfinished else "'arbiter pair' pairs it"))
    closed: dict[str, Tournament] = {}
    journals: dict[str, tuple[Change, ...]] = {}
    for name, stage in stages.items():
        if stage.settings.status is Status.FINALISED:
            closed[name], journals[name] = stage, ()
            continue
        try:
            done = finalise(stage, when)
        except DomainError as error:
            raise type(error)(f"{_stage_label(name)}: {error.message}", field=error.field,
                              details=error.details) from None
        closed[name], journals[name] = done.tournament, done.changes
    final_knockout = knockout
    if knockout is not None and knockout.settings.status is not Status.FINALISED:
        try:
            final_knockout, changed = finalise_knockout(knockout, when)
        except DomainError as error:
            raise type(error)(f"the final: {error.message}", field=error.field, details=error.details) from None
        journals[FINAL] = tuple(changed)
    elif knockout is not None:
        journals[FINAL] = ()
    top = settings.model_copy(update={"status": Status.FINALISED, "finalised_on": when})
    after = replace(event, tournament=replace(event.tournament, settings=top))
    return GroupsFinalised(after, closed, final_knockout, journals,
                           (Change("status", settings.status.value, f"finalised on {when}"),))


def final_winner(done: GroupsFinalised) -> str | None:
    """Who won the final: a knockout final's champion, or a round-robin final's first alone
    (None: shared first place, or no final)."""
    from arbiter_cli.lifecycle.knockout import champion
    from arbiter_cli.lifecycle.standings import compute_standings

    if done.knockout is not None:
        number = champion(done.knockout)
        return done.knockout.by_number[number].name if number is not None else None
    final = done.stages.get(FINAL)
    if final is None:
        return None
    table = compute_standings(final, final.last_round, final.settings.effective_tiebreaks)
    first = [row for row in table.rows if row.rank == 1]
    return first[0].player.name if len(first) == 1 else None
