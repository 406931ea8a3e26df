"""``arbiter avoid`` (forbidden pairs), ``arbiter acceleration`` (Baku's group A and virtual points)
and ``arbiter pairing swap|set`` (a pairing changed by hand)."""

from typing import Annotated, Optional

from arbiter_cli.cli.params import Argument, Option
from arbiter_cli.cli.common import FormatOption, arguments, event
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.render.output import Format

__all__ = ["avoid", "acceleration", "pairing_swap", "pairing_set", "ForceOption", "ReasonOption"]


def avoid(
    players: Annotated[list[str], Argument(metavar="PLAYER... | list | remove N", help=(
        "Two or more start numbers: no two of them are paired with each other. 'list' lists the forbidden "
        "pairs; 'remove N' removes the N-th."))],
    rounds: Annotated[Optional[str], Option("--rounds", metavar="A-B", help=(
        "Only in these rounds (e.g. 1-3; default: every round)."))] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Forbid pairs: 'arbiter avoid 4 9 --rounds 1-3', 'arbiter avoid list', 'arbiter avoid remove 1'."""
    if players == ["list"]:
        if rounds is not None:
            raise BadArgument("'list' takes no --rounds", field="--rounds")
        event(fmt=fmt).avoid_list()
        return
    if players[0] == "remove":
        if len(players) != 2 or not players[1].isdigit():
            raise BadArgument("give the number of the forbidden pair to remove ('arbiter avoid list' numbers them)",
                              field="N")
        with arguments(N="N"):
            event().avoid_remove(int(players[1]))
        return
    bad = [p for p in players if not p.isdigit()]
    if bad:
        raise BadArgument(f"{bad[0]!r} is not a start number (or use 'list', 'remove N')", field="PLAYER")
    with arguments(PLAYER="PLAYER", rounds="--rounds"):
        event().avoid([int(p) for p in players], rounds)


def acceleration(
    action: Annotated[str, Argument(metavar="ACTION", help=(
        "show (the default): each player's virtual points per round; group-a LAST: group A ends with start "
        "number LAST; set PLAYER ROUND POINTS: a player's virtual points in a round ('none': back to the rule)."))]
    = "show",
    values: Annotated[Optional[list[str]], Argument(metavar="VALUE...")] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Baku acceleration (C.04.7): show the virtual points, set group A, or set a player's virtual points."""
    with arguments(start_number="LAST" if action == "group-a" else "PLAYER", round_number="ROUND",
                   points="POINTS"):
        event(fmt=fmt).acceleration(action, values or [])


ForceOption = Annotated[bool, Option("--force", help=(
    "Make a change that breaks an absolute criterion (a rematch, a second PAB, a forbidden pair, an absolute "
    "colour), on the arbiter's responsibility (C.04.1); needs --reason."))]
ReasonOption = Annotated[Optional[str], Option("--reason", metavar="TEXT", help="Why, for the journal.")]


def pairing_swap(
    round_number: Annotated[int, Argument(metavar="ROUND")],
    one: Annotated[int, Argument(metavar="A", help="A start number.")],
    two: Annotated[int, Argument(metavar="B", help="Another start number.")],
    force: ForceOption = False,
    reason: ReasonOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Two players of the last round exchange places (opponents and colours), before any result."""
    with arguments(round_number="ROUND", PLAYER="A"):
        event(fmt=fmt).pairing_swap(round_number, one, two, force, reason)


def pairing_set(
    round_number: Annotated[int, Argument(metavar="ROUND")],
    board: Annotated[int, Argument(metavar="BOARD")],
    white: Annotated[int, Argument(metavar="WHITE")],
    black: Annotated[int, Argument(metavar="BLACK")],
    force: ForceOption = False,
    reason: ReasonOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """A board of the last round gets WHITE against BLACK; the players they leave meet on the other board."""
    with arguments(round_number="ROUND", board="BOARD", BLACK="BLACK"):
        event(fmt=fmt).pairing_set(round_number, board, white, black, force, reason)
