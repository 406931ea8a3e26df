"""``arbiter finalize``: close the event and store its final standings."""

import datetime as dt
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import arguments, event, say
from arbiter_cli.core.errors import BadArgument

__all__ = ["finalize"]


def finalize(
    date: Annotated[Optional[str], typer.Option("--date", metavar="YYYY-MM-DD",
                                                help="The date of finalising (default: today).")] = None,
    after_round: Annotated[Optional[int], typer.Option("--after-round", metavar="K", help=(
        "Finish a Swiss early, after round K: prints what changes, and acts only with --yes."))] = None,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm finishing early.")] = False,
) -> None:
    """Check that every round is paired and every result entered, store the final standings
    (final/standings.csv and .json) and close the event. Run again on a finalised event, it stores
    the prize list of a prizes.toml written or changed since (final/prizes.csv and .json)."""
    when = _date(date)
    with arguments(date="--date", after_round="--after-round"):
        event().finalize(when, after_round, yes)


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
