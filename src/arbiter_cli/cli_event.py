"""Commands for an event's life: requested byes, unpairing a round, finalising.

They are registered on the main ``arbiter`` app when :mod:`arbiter_cli.cli`
loads this module; like every command they parse, call the pure core
(:mod:`.byes`, :mod:`.finish`) and save through :mod:`.folder`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Annotated, Optional

import typer

from arbiter_cli.lifecycle.byes import ByeRefused, cancel_bye, request_bye
from arbiter_cli.cli import (
    FormatOption, _command_line, _find_player, _not_finalised, _reading, _say, _writing, app,
)
from arbiter_cli.core.errors import Refused, BadArgument
from arbiter_cli.lifecycle.finish import finish_early, missing_for_final
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.core.model import ByeRequest, Round, Status, Tournament
from arbiter_cli.pairing.round_robin import pair_round as berger_round
from arbiter_cli.render import Column, Format, View, emit
from arbiter_cli.core.results import ByeKind

__all__ = ["bye", "unpair", "finalize"]


# --------------------------------------------------------------------------- byes


@app.command(context_settings={"ignore_unknown_options": False})
def bye(
    what: Annotated[str, typer.Argument(metavar="ID|cancel|list", help=(
        "A start number to request a bye; 'cancel ID' to withdraw a request; 'list' to show them."))],
    player_id: Annotated[Optional[str], typer.Argument(metavar="[ID]", show_default=False)] = None,
    round_number: Annotated[Optional[int], typer.Option("--round", help="The round (not yet paired).")] = None,
    half: Annotated[bool, typer.Option("--half", help="A half-point bye (HPB).")] = False,
    zero: Annotated[bool, typer.Option("--zero", help="A zero-point bye (ZPB).")] = False,
    fmt: FormatOption = Format.table,
) -> None:
    """Requested byes (C.04.2 3.3): 'bye ID --round N --half|--zero', 'bye cancel ID --round N', 'bye list'."""
    if what == "list":
        if player_id is not None or round_number is not None or half or zero:
            raise BadArgument("'arbiter bye list' takes no other arguments")
        with _reading() as tournament:
            emit(_byes_view(tournament), fmt)
        return
    cancelling = what == "cancel"
    text = player_id if cancelling else what
    if cancelling and player_id is None:
        raise BadArgument("give the start number: arbiter bye cancel ID --round N", field="ID")
    if not cancelling and player_id is not None:
        raise BadArgument(f"unexpected argument {player_id!r}; use 'arbiter bye ID --round N --half|--zero'")
    if text is None or not text.isdigit():
        raise BadArgument(f"{text!r} is not a start number (or 'cancel', 'list')", field="ID")
    start_number = int(text)
    if round_number is None:
        raise BadArgument("give the round with --round N", field="--round")
    if cancelling and (half or zero):
        raise BadArgument("--half and --zero are for a request, not for cancel")
    if not cancelling and half == zero:
        raise BadArgument("give exactly one of --half (HPB) and --zero (ZPB)", field="--half/--zero")
    with _writing() as (folder, tournament):
        _not_finalised(tournament)
        player = _find_player(tournament, start_number)
        try:
            if cancelling:
                after, request = cancel_bye(tournament, start_number, round_number)
                change = Change(f"round {round_number} requested bye of {start_number}", request.kind.value, "")
            else:
                kind = ByeKind.HPB if half else ByeKind.ZPB
                after = request_bye(tournament, start_number, round_number, kind)
                change = Change(f"round {round_number} requested bye of {start_number}", "", kind.value)
        except ByeRefused as refusal:
            raise Refused(str(refusal)) from None
        except LookupError as error:
            raise BadArgument(str(error).strip("'\""), field="--round" if "round" in str(error) else "ID") from None
        folder.save(tournament, after, _command_line(), [change])
    if cancelling:
        _say(f"cancelled the {change.old} of {player.name} in round {round_number}")
    else:
        _say(f"{player.name}: {change.new} in round {round_number} (not paired in that round)")


def _byes_view(tournament: Tournament) -> View:
    records = []
    for request in sorted(tournament.byes, key=lambda b: (b.round, b.start_number)):
        player = tournament.player(request.start_number)
        records.append({"round": request.round, "start_number": request.start_number,
                        "name": player.name if player else "", "kind": request.kind.value})
    columns = [Column("round", "Round", lambda r: str(r["round"]), "right"),
               Column("start_number", "No.", lambda r: str(r["start_number"]), "right"),
               Column("name", "Name", lambda r: r["name"]),
               Column("kind", "Bye", lambda r: r["kind"])]
    return View("Requested byes", records, columns)


# --------------------------------------------------------------------------- unpair


@app.command()
def unpair() -> None:
    """Remove the last round while it has no results (for example after a wrong late entry)."""
    with _writing() as (folder, tournament):
        _not_finalised(tournament)
        if not tournament.rounds:
            raise Refused("no round has been paired")
        last = tournament.rounds[-1]
        automatic = _automatic_results(tournament, last)
        entered = [b.board for b in last.games if b.result is not None and automatic.get(b.board) != b.result]
        if entered:
            raise Refused(f"round {last.number} already has results (board{'s' if len(entered) > 1 else ''} "
                          f"{', '.join(map(str, entered))}); a published round with results is not re-paired")
        after, restored = _without_last_round(tournament)
        changes = [Change(f"round {last.number} unpaired", f"{len(last.games)} boards", "")]
        changes += [Change(f"round {last.number} requested bye of {b.start_number}", "", b.kind.value)
                    for b in restored]
        folder.save(tournament, after, _command_line(), changes)
    _say(f"round {last.number} removed; {len(restored)} requested bye{'s' if len(restored) != 1 else ''} "
         "kept for it; pair it again with 'arbiter pair'")


def _automatic_results(tournament: Tournament, rnd: Round) -> dict[int, object]:
    """Results the program itself entered at pairing (a round robin's withdrawal forfeits)."""
    if not tournament.settings.system.is_round_robin:
        return {}
    before = replace(tournament, rounds=tournament.rounds[:-1])
    return {b.board: b.result for b in berger_round(before, rnd.number).games if b.result is not None}


def _without_last_round(tournament: Tournament) -> tuple[Tournament, list[ByeRequest]]:
    last = tournament.rounds[-1]
    number = last.number
    players = []
    late = set()
    for player in tournament.players:
        if player.entered_round == number + 1:  # entered after this round was paired
            late.add(player.start_number)
            player = player.model_copy(update={"entered_round": number if number > 1 else None})
        players.append(player)
    restored = [ByeRequest(number, b.player, b.kind) for b in last.byes
                if b.kind in (ByeKind.HPB, ByeKind.ZPB) and b.player not in late
                and tournament.by_number[b.player].available_in(number)]
    settings = tournament.settings
    if number == 1:
        settings = settings.model_copy(update={"status": Status.REGISTRATION})
    after = replace(tournament, settings=settings, players=tuple(players), rounds=tournament.rounds[:-1],
                    byes=(*tournament.byes, *restored))
    return after, restored


# --------------------------------------------------------------------------- finalize


@app.command()
def finalize(
    date: Annotated[Optional[str], typer.Option("--date", metavar="YYYY-MM-DD",
                                                help="The date of finalising (default: today).")] = None,
    after_round: Annotated[Optional[int], typer.Option("--after-round", metavar="K", help=(
        "Finish a Swiss early, after round K: prints what changes, and acts only with --yes."))] = None,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm finishing early.")] = False,
) -> None:
    """Check that every round is paired and every result entered, store the final standings
    (final/standings.csv and .json) and close the event."""
    from arbiter_cli.final import final_outputs

    when = _date(date)
    with _writing() as (folder, tournament):
        if tournament.settings.status is Status.FINALISED:
            raise Refused(f"the event was already finalised on {tournament.settings.finalised_on}")
        start = tournament.settings.start_date
        if start and when < start:
            raise BadArgument(f"{when} is before the event's start date {start}", field="--date")
        changes: list[Change] = []
        working = tournament
        if after_round is not None:
            try:
                working, actions = finish_early(tournament, after_round)
            except ValueError as error:
                raise (Refused if "results" in str(error) or "round robin" in str(error) else BadArgument)(
                    str(error), **({} if "results" in str(error) or "round robin" in str(error)
                                   else {"field": "--after-round"})) from None
            for action in actions:
                _say(f"finish after round {after_round}: {action}")
            if not yes:
                raise Refused(f"nothing was changed; give --yes to finish the event after round {after_round}")
            changes += [Change(f"finish after round {after_round}", "", action) for action in actions]
        missing = missing_for_final(working)
        if missing:
            for item in missing:
                _say(f"missing: {item}")
            raise Refused(f"the event cannot be finalised yet: {len(missing)} thing"
                          f"{'s' if len(missing) > 1 else ''} missing (listed above)")
        settings = working.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": when})
        after = replace(working, settings=settings)
        changes.append(Change("status", tournament.settings.status.value, f"finalised on {when}"))
        folder.save(tournament, after, _command_line(), changes, outputs=final_outputs(after))
    _say(f"finalised on {when} after {after.last_round} rounds; final standings in "
         f"{folder.path / 'final'}/standings.csv and standings.json")
    from arbiter_cli.cli_club import update_club_ratings

    for line in update_club_ratings(folder.path):
        _say(line)


def _date(text: str | None) -> str:
    if text is None:
        return dt.date.today().isoformat()
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise BadArgument(f"{text!r} is not a date YYYY-MM-DD", field="--date") from None
