"""Finalising a knockout (issue 18): the event closes once its final has a winner.

Only winners go on, so a knockout is over when the final is decided; every match before it was
decided to be paired at all. Finalising sets the status and date, as for any event, and the final
standings (by the round reached, then rating) are stored beside it by the store.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Status
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.knockout import champion

__all__ = ["finalise_knockout"]


def finalise_knockout(tournament: KnockoutTournament, when: str) -> tuple[KnockoutTournament, list[Change]]:
    """The act: close the knockout on ``when`` (YYYY-MM-DD). Refused when already finalised, before
    the start date, or while the final has no winner (the rounds left are named)."""
    settings = tournament.settings
    if settings.status is Status.FINALISED:
        raise Refused(f"the event was already finalised on {settings.finalised_on}")
    if settings.start_date and when < settings.start_date:
        raise BadArgument(f"{when} is before the event's start date {settings.start_date}", field="date")
    winner = champion(tournament)
    if winner is None:
        left = tournament.total_rounds - tournament.last_round
        state = ("no round is paired yet" if not tournament.rounds
                 else f"{left} round{'s' if left > 1 else ''} still to pair" if left > 0
                 else "the final has no winner yet")
        if tournament.rounds:  # what holds up the last round paired: its games without a result, named first
            last = tournament.rounds[-1]
            open_games = [f"{m.number}.{g.game}" for m in last.matches for g in m.games if g.result is None]
            if open_games:
                state = (f"round {last.number} still has no result on game{'s' if len(open_games) > 1 else ''} "
                         f"{listed(open_games)}; " + state)
        raise Refused(f"the knockout cannot be finalised yet: {state}")
    closed = settings.model_copy(update={"status": Status.FINALISED, "finalised_on": when})
    return replace(tournament, settings=closed), [Change("status", settings.status.value, f"finalised on {when}")]
