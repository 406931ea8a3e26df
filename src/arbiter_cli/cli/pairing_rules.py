"""``arbiter avoid`` (forbidden pairs) and ``arbiter acceleration`` (Baku's group A and virtual points)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, arguments, command_line, reading, say, writing
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.points import parse_points
from arbiter_cli.render.output import Format, emit

__all__ = ["avoid", "acceleration", "pairing_swap", "pairing_set", "ForceOption", "ReasonOption", "report_by_hand"]


def avoid(
    players: Annotated[list[str], typer.Argument(metavar="PLAYER... | list | remove N", help=(
        "Two or more start numbers: no two of them are paired with each other. 'list' lists the forbidden "
        "pairs; 'remove N' removes the N-th."))],
    rounds: Annotated[Optional[str], typer.Option("--rounds", metavar="A-B", help=(
        "Only in these rounds (e.g. 1-3; default: every round)."))] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Forbid pairs: 'arbiter avoid 4 9 --rounds 1-3', 'arbiter avoid list', 'arbiter avoid remove 1'."""
    from arbiter_cli.lifecycle.avoid import add_avoidance, parse_rounds, remove_avoidance
    from arbiter_cli.render.views import avoid_view

    if players == ["list"]:
        if rounds is not None:
            raise BadArgument("'list' takes no --rounds", field="--rounds")
        with reading() as tournament:
            emit(avoid_view(tournament), fmt)
        return
    if players[0] == "remove":
        if len(players) != 2 or not players[1].isdigit():
            raise BadArgument("give the number of the forbidden pair to remove ('arbiter avoid list' numbers them)",
                              field="N")
        with writing() as (folder, tournament), arguments(N="N"):
            after, _, changes = remove_avoidance(tournament, int(players[1]))
            folder.save(tournament, after, command_line(), changes)
        say(f"removed: {changes[0].old}")
        return
    bad = [p for p in players if not p.isdigit()]
    if bad:
        raise BadArgument(f"{bad[0]!r} is not a start number (or use 'list', 'remove N')", field="PLAYER")
    with writing() as (folder, tournament), arguments(PLAYER="PLAYER", rounds="--rounds"):
        first, last = parse_rounds(rounds, tournament.settings.rounds)
        after, _, changes = add_avoidance(tournament, [int(p) for p in players], first, last)
        folder.save(tournament, after, command_line(), changes)
    say(f"forbidden: {changes[0].new}")


def acceleration(
    action: Annotated[str, typer.Argument(metavar="ACTION", help=(
        "show (the default): each player's virtual points per round; group-a LAST: group A ends with start "
        "number LAST; set PLAYER ROUND POINTS: a player's virtual points in a round ('none': back to the rule)."))]
    = "show",
    values: Annotated[Optional[list[str]], typer.Argument(metavar="VALUE...")] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Baku acceleration (C.04.7): show the virtual points, set group A, or set a player's virtual points."""
    from arbiter_cli.lifecycle.acceleration import set_group_a, set_virtual
    from arbiter_cli.render.views import group_a_note, virtual_points_view

    values = values or []
    if action == "show":
        if values:
            raise BadArgument("'show' takes no values", field="VALUE")
        with reading() as tournament:
            note = group_a_note(tournament)
            if note is not None:
                say(f"note: {note}")
            emit(virtual_points_view(tournament), fmt)
        return
    if action == "group-a":
        if len(values) != 1 or not values[0].isdigit():
            raise BadArgument("give the start number of group A's last player: 'acceleration group-a 24'",
                              field="VALUE")
        with writing() as (folder, tournament), arguments(start_number="LAST"):
            after, changes = set_group_a(tournament, int(values[0]))
            folder.save(tournament, after, command_line(), changes)
    elif action == "set":
        if len(values) != 3 or not values[0].isdigit() or not values[1].isdigit():
            raise BadArgument("give PLAYER ROUND POINTS: 'acceleration set 12 2 0.5' ('none' for the rule's value)",
                              field="VALUE")
        try:
            points = None if values[2].lower() == "none" else parse_points(values[2])
        except ValueError as error:
            raise BadArgument(str(error), field="POINTS") from None
        with writing() as (folder, tournament), arguments(start_number="PLAYER", round_number="ROUND",
                                                          points="POINTS"):
            after, changes = set_virtual(tournament, int(values[0]), int(values[1]), points)
            folder.save(tournament, after, command_line(), changes)
    else:
        raise BadArgument(f"{action!r}: use show, group-a or set", field="ACTION")
    if not changes:
        say("nothing changed")
    for change in changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")


ForceOption = Annotated[bool, typer.Option("--force", help=(
    "Make a change that breaks an absolute criterion (a rematch, a second PAB, a forbidden pair, an absolute "
    "colour), on the arbiter's responsibility (C.04.1); needs --reason."))]
ReasonOption = Annotated[Optional[str], typer.Option("--reason", metavar="TEXT", help="Why, for the journal.")]


def pairing_swap(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    one: Annotated[int, typer.Argument(metavar="A", help="A start number.")],
    two: Annotated[int, typer.Argument(metavar="B", help="Another start number.")],
    force: ForceOption = False,
    reason: ReasonOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Two players of the last round exchange places (opponents and colours), before any result."""
    from arbiter_cli.lifecycle.manual_pairing import swap_players

    with writing() as (folder, tournament), arguments(round_number="ROUND", PLAYER="A"):
        done = swap_players(tournament, round_number, one, two, force=force, reason=reason)
        folder.save(tournament, done.tournament, command_line(), done.changes)
    report_by_hand(done, fmt)


def pairing_set(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    board: Annotated[int, typer.Argument(metavar="BOARD")],
    white: Annotated[int, typer.Argument(metavar="WHITE")],
    black: Annotated[int, typer.Argument(metavar="BLACK")],
    force: ForceOption = False,
    reason: ReasonOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """A board of the last round gets WHITE against BLACK; the players they leave meet on the other board."""
    from arbiter_cli.lifecycle.manual_pairing import set_board

    with writing() as (folder, tournament), arguments(round_number="ROUND", board="BOARD", BLACK="BLACK"):
        done = set_board(tournament, round_number, board, white, black, force=force, reason=reason)
        folder.save(tournament, done.tournament, command_line(), done.changes)
    report_by_hand(done, fmt)


def report_by_hand(done: "ByHand", fmt: Format) -> None:
    from arbiter_cli.render.views import pairings_view

    if not done.changes:
        say(f"round {done.round.number}: nothing changed")
    for change in done.changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new}")
    for line in done.forced:
        say(f"forced: {line}")
    for line in done.notes:
        say(f"quality: {line}")
    emit(pairings_view(done.tournament, done.round), fmt)


if TYPE_CHECKING:
    from arbiter_cli.lifecycle.manual_pairing import ByHand
