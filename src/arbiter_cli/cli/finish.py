"""``arbiter finalize``: close the event and store its final standings."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import STATE, arguments, author, command_line, say, writing
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import Status
from arbiter_cli.lifecycle.finish import finalise
from arbiter_cli.core.words import count

__all__ = ["finalize"]


def finalize(
    date: Annotated[Optional[str], typer.Option("--date", metavar="YYYY-MM-DD",
                                                help="The date of finalising (default: today).")] = None,
    after_round: Annotated[Optional[int], typer.Option("--after-round", metavar="K", help=(
        "Finish a Swiss early, after round K: prints what changes, and acts only with --yes."))] = None,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm finishing early.")] = False,
) -> None:
    """Check that every round is paired and every result entered, store the final standings
    (final/standings.csv and .json) and close the event."""
    from arbiter_cli.cli.prizes import folder_prizes
    from arbiter_cli.render.final import final_outputs
    from arbiter_cli.store.club import rated_by_club, update_club_ratings

    from arbiter_cli.cli.teams import is_team, team_finalize

    from arbiter_cli.cli.knockout import is_knockout, knockout_finalize
    from arbiter_cli.cli.group_finish import group_finalize
    from arbiter_cli.cli.groups import is_groups

    when = _date(date)
    if is_groups():
        group_finalize(when, after_round, yes)
        return
    if is_knockout():
        knockout_finalize(when, after_round, yes)
        return
    if is_team():
        team_finalize(when, after_round, yes)
        return
    behind = after_round is None and rated_by_club(STATE.directory) is False  # the club's lock, then the event's
    with writing() as (folder, tournament), arguments(date="--date", after_round="--after-round"):
        if tournament.settings.status is Status.FINALISED and behind:
            done = None  # finalised, but killed before its club rated it: this completes that finalize
        else:
            done = finalise(tournament, when, after_round, yes)
            prizes = folder_prizes()
            for action in done.actions:
                say(action)
            folder.save(tournament, done.tournament, command_line(), done.changes,
                        outputs=final_outputs(done.tournament, prizes))
    if done is None:
        say(f"the event was finalised on {tournament.settings.finalised_on}, but its club had not rated it "
            "(that finalize was interrupted): the club rates it now")
    else:
        say(f"finalised on {when} after {count(done.tournament.last_round, 'round')}; final standings in "
            f"{folder.path / 'final'}/standings.csv and standings.json"
            + (" and the prize list in prizes.csv and prizes.json" if prizes is not None else ""))
    for line in update_club_ratings(folder.path, command_line(), author(), final_outputs):
        say(line)


def _date(text: str | None) -> str:
    if text is None:
        return dt.date.today().isoformat()
    try:
        when = dt.date.fromisoformat(text)
    except ValueError:
        raise BadArgument(f"{text!r} is not a date YYYY-MM-DD", field="--date") from None
    if when > dt.date.today():
        say(f"note: --date {when.isoformat()} is after today ({dt.date.today().isoformat()}); the event is "
            "finalised with that date")
    return when.isoformat()
