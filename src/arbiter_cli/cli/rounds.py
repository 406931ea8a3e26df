"""``arbiter pair``, ``pairings``, ``unpair`` and ``bye``: the rounds and what goes into them."""

from typing import Annotated, Optional

from arbiter_cli.cli.params import Argument, Option
from arbiter_cli.cli.common import ExplainOption, FormatOption, GroupOption, PrintOption, HtmlOption, arguments, \
    event
from arbiter_cli.cli.common import check_page
from arbiter_cli.cli.pairing_rules import ForceOption, ReasonOption
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.results import ByeKind
from arbiter_cli.render.output import Format

__all__ = ["pair", "pairings", "unpair", "bye"]


def pair(fmt: FormatOption = Format.table, explain: ExplainOption = False, print_: PrintOption = False,
         source: Annotated[Optional[str], Option("--from", metavar="FILE|-", help=(
             "Pair the round by hand: 'WHITE BLACK' per line, 'PLAYER 0' for the PAB (checked against the "
             "Dutch criteria; see --force)."))] = None,
         force: ForceOption = False, reason: ReasonOption = None, group: GroupOption = None) -> None:
    """Pair the next round and print it (or take it by hand with --from); a group event: start the
    groups, then the final (a knockout final: its next round; or --group final)."""
    check_page(print_, None, fmt)
    with arguments(round_number="ROUND"):
        event(group, fmt, print_).pair(source, force, reason, explain)


def pairings(
    round_number: Annotated[Optional[int], Argument(metavar="ROUND", help="Default: the last paired round.")] = None,
    fmt: FormatOption = Format.table,
    explain: ExplainOption = False,
    print_: PrintOption = False,
    html: HtmlOption = None,
    group: GroupOption = None,
) -> None:
    """Print the pairings of a round (a group event: of one stage, --group A)."""
    check_page(print_, html, fmt)
    with arguments(round_number="ROUND"):
        event(group, fmt, print_, html).pairings(round_number, explain)


def unpair(group: GroupOption = None) -> None:
    """Remove the last round while it has no results (for example after a wrong late entry; a group
    event: of one stage, --group A)."""
    event(group).unpair()


def bye(
    what: Annotated[Optional[str], Argument(metavar="ID|cancel|list", help=(
        "A start number to request a bye; 'cancel ID' to withdraw a request; 'list' to show them."))] = None,
    player_id: Annotated[Optional[str], Argument(metavar="[ID]", show_default=False)] = None,
    round_number: Annotated[Optional[int], Option("--round", help="The round (not yet paired).")] = None,
    half: Annotated[bool, Option("--half", help="A half-point bye (HPB).")] = False,
    zero: Annotated[bool, Option("--zero", help="A zero-point bye (ZPB).")] = False,
    fmt: FormatOption = Format.table,
    source: Annotated[Optional[str], Option("--from", metavar="FILE|-", help=(
        "Many requests at once: 'ID ROUND half|zero' per line (# comments), all or nothing."))] = None,
) -> None:
    """Requested byes (C.04.2 3.3): 'bye ID --round N --half|--zero', 'bye cancel ID --round N', 'bye list',
    'bye --from FILE'."""
    if source is not None:
        if what is not None or player_id is not None or round_number is not None or half or zero:
            raise BadArgument("give either ID --round N --half|--zero or --from FILE, not both")
        event().bye_from(source)
        return
    if what is None:
        raise BadArgument("give a start number (arbiter bye ID --round N --half|--zero), 'cancel ID', 'list' or "
                          "--from FILE", field="ID")
    if what == "list":
        if player_id is not None or round_number is not None or half or zero:
            raise BadArgument("'arbiter bye list' takes no other arguments")
        event(fmt=fmt).bye_list()
        return
    cancelling = what == "cancel"
    text = player_id if cancelling else what
    if cancelling and player_id is None:
        raise BadArgument("give the start number: arbiter bye cancel ID --round N", field="ID")
    if not cancelling and player_id is not None:
        raise BadArgument(f"unexpected argument {player_id!r}; use 'arbiter bye ID --round N --half|--zero'")
    if text is None or not text.isdigit():
        raise BadArgument(f"{text!r} is not a start number (or 'cancel', 'list')", field="ID")
    if round_number is None:
        raise BadArgument("give the round with --round N", field="--round")
    if cancelling and (half or zero):
        raise BadArgument("--half and --zero are for a request, not for cancel")
    if not cancelling and half == zero:
        raise BadArgument("give exactly one of --half (HPB) and --zero (ZPB)", field="--half/--zero")
    kind = None if cancelling else ByeKind.HPB if half else ByeKind.ZPB
    with arguments(start_number="ID", round_number="--round"):
        event().bye(int(text), round_number, kind)
