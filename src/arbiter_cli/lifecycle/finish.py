"""Finishing an event: what is still missing, and finishing a Swiss early.

A tournament can be finalised when every planned round is paired and every
board has a result. A Swiss that must stop after round K (weather, a venue
lost, too few players) first becomes a K-round event; :func:`finish_early`
says everything that this changes before anything is done.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter_cli.lifecycle.late_entry import renumbered
from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Avoidance, Status, System, Tournament
from arbiter_cli.lifecycle.avoid import describe
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.core.words import count, listed

__all__ = ["missing_for_final", "finish_early", "Finalised", "finalise"]


def missing_for_final(tournament: Tournament) -> list[str]:
    """What keeps the event from being finalised, one item per line (empty: ready)."""
    missing: list[str] = []
    planned = tournament.settings.rounds or tournament.last_round
    for rnd in tournament.rounds:
        if rnd.missing:
            boards = listed(rnd.missing)
            missing.append(f"round {rnd.number}: no result on board{'s' if len(rnd.missing) > 1 else ''} {boards}")
        if rnd.unfinished:
            missing.append(f"round {rnd.number}: board{'s' if len(rnd.unfinished) > 1 else ''} "
                           f"{listed(rnd.unfinished)} still being played (*): enter the real result")
    if tournament.last_round < planned:
        first = tournament.last_round + 1
        rounds = f"round {first}" if first == planned else f"rounds {first} to {planned}"
        missing.append(f"{rounds} not paired yet")
    if not tournament.rounds:
        missing.append("no round has been paired")
    return missing


def finish_early(tournament: Tournament, after_round: int) -> tuple[Tournament, list[str]]:
    """The event cut to ``after_round`` rounds, and what that does, in words.

    Refused for a round robin and when a later round already has results (complete it
    and finish after that round); a :class:`BadArgument` for K out of range.
    """
    settings = tournament.settings
    planned = settings.rounds or tournament.last_round
    if settings.system is not System.SWISS:
        raise Refused("only a Swiss can finish early; a round robin's rounds are fixed by its table")
    if not 1 <= after_round <= tournament.last_round:
        raise BadArgument(f"must be between 1 and {tournament.last_round} (the rounds paired so far)",
                          field="after_round")
    actions: list[str] = []
    with_results = [rnd for rnd in tournament.rounds[after_round:] if any(b.result is not None for b in rnd.games)]
    if with_results:
        last = with_results[-1]
        if last.missing:
            raise Refused(f"round {last.number} already has results; enter the rest and finish after "
                             f"round {last.number}, or remove them first")
        raise Refused(f"round {last.number} already has results, so it cannot be deleted; finish after "
                         f"round {last.number} or later")
    if planned != after_round:
        actions.append(f"the event will have {count(after_round, 'round')} instead of {planned}")
    for rnd in tournament.rounds[after_round:]:
        actions.append(f"round {rnd.number} (paired, no results) will be deleted")
    later_byes = [b for b in tournament.byes if b.round > after_round]
    for bye in later_byes:
        actions.append(f"the requested {bye.kind.value} of player {bye.start_number} in round {bye.round} "
                       "will be dropped")
    later_virtual = [v for v in tournament.virtual if v.round > after_round]
    for points in later_virtual:
        actions.append(f"the virtual points of player {points.start_number} in round {points.round} will be dropped")
    avoid: list[Avoidance] = []
    for pair in tournament.avoid:  # the forbidden pairs of deleted rounds go; those running on end with the event
        if pair.first is not None and pair.first > after_round:
            actions.append(f"the forbidden pair {describe(pair, tournament)} will be dropped")
        elif pair.last is not None and pair.last > after_round:
            avoid.append(replace(pair, last=after_round))
            actions.append(f"the forbidden pair {describe(pair, tournament)} will end with round {after_round}")
        else:
            avoid.append(pair)
    late = [p for p in tournament.players if p.entered_round is not None and p.entered_round > after_round]
    for player in late:
        actions.append(f"{player.name} (start number {player.start_number}), entered for round "
                       f"{player.entered_round}, will be removed")
    cancelled = [p for p in tournament.players if p.withdrawn_after is not None and p.withdrawn_after >= after_round]
    for player in cancelled:
        actions.append(f"the withdrawal of {player.name} after round {player.withdrawn_after} will be cancelled")

    gone = {p.start_number for p in late}
    players = tuple(p.model_copy(update={"status": "active", "withdrawn_after": None}) if p in cancelled else p
                    for p in tournament.players if p.start_number not in gone)
    rounds = tuple(replace(r, byes=tuple(b for b in r.byes if b.player not in gone))
                   for r in tournament.rounds[:after_round])
    after = replace(tournament, settings=settings.model_copy(update={"rounds": after_round}),
                    players=players, rounds=rounds,
                    byes=tuple(b for b in tournament.byes if b.round <= after_round), avoid=tuple(avoid),
                    virtual=tuple(v for v in tournament.virtual if v.round <= after_round))
    if gone:
        kept = sorted(p.start_number for p in players)
        after = renumbered(after, {old: new for new, old in enumerate(kept, start=1)})
        actions.append("start numbers close the gap: " + ", ".join(
            f"{old}→{new}" for new, old in enumerate(kept, start=1) if old != new) if any(
            old != new for new, old in enumerate(kept, start=1)) else "start numbers stay as they are")
    return after, actions


@dataclass(frozen=True)
class Finalised:
    """The finalised tournament, the journal lines, and what finishing early did, in words."""

    tournament: Tournament
    changes: tuple[Change, ...]
    actions: tuple[str, ...]


def finalise(tournament: Tournament, when: str, after_round: int | None = None, confirmed: bool = False
             ) -> Finalised:
    """The act: close the event on ``when`` (YYYY-MM-DD), first finishing a Swiss after
    ``after_round`` if given (only ``confirmed``: the refusal lists what it would do).

    Refused when already finalised, or while anything is missing (each item is in the
    refusal's ``details``).
    """
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was already finalised on {tournament.settings.finalised_on}")
    start = tournament.settings.start_date
    if start and when < start:
        raise BadArgument(f"{when} is before the event's start date {start}", field="date")
    changes: list[Change] = []
    actions: list[str] = []
    working = tournament
    if after_round is not None:
        working, actions = finish_early(tournament, after_round)
        told = tuple(f"finish after round {after_round}: {action}" for action in actions)
        if not confirmed:
            raise Refused(f"nothing was changed; give --yes to finish the event after round {after_round}",
                          details=told)
        changes += [Change(f"finish after round {after_round}", "", action) for action in actions]
        actions = list(told)
    missing = missing_for_final(working)
    if missing:
        raise Refused(f"the event cannot be finalised yet: {len(missing)} thing"
                      f"{'s' if len(missing) > 1 else ''} missing (listed above)",
                      details=tuple(f"missing: {item}" for item in missing) if not actions
                      else tuple(actions) + tuple(f"missing: {item}" for item in missing))
    settings = working.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": when})
    changes.append(Change("status", tournament.settings.status.value, f"finalised on {when}"))
    return Finalised(replace(working, settings=settings), tuple(changes), tuple(actions))
