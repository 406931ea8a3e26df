"""``arbiter player add|import|list|remove|withdraw|reinstate``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, arguments, event
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.render.output import Format

__all__ = ["player_add", "player_import", "player_list", "player_remove", "player_withdraw", "player_reinstate"]

#: The option of each field of a player, for the errors of ``player add``.
_OPTION_OF = {"name": "NAME", "title": "--title", "rating": "--rating", "fide_id": "--fide-id",
              "federation": "--federation", "sex": "--sex", "birth_date": "--birth", "club": "--club",
              "member": "--member", "start_number": "ID", "after_round": "--after-round"}


def player_add(
    name: Annotated[Optional[str], typer.Argument(metavar="NAME", help="'Surname, Firstname', as FIDE writes it "
                                                  "(in a club tournament: give --member instead).")] = None,
    rating: Annotated[Optional[int], typer.Option("--rating")] = None,
    title: Annotated[Optional[str], typer.Option("--title", help="GM IM WGM FM WIM CM WFM WCM")] = None,
    fide_id: Annotated[Optional[int], typer.Option("--fide-id")] = None,
    federation: Annotated[Optional[str], typer.Option("--federation", help="3-letter code")] = None,
    sex: Annotated[Optional[str], typer.Option("--sex", help="m or w")] = None,
    birth: Annotated[Optional[str], typer.Option("--birth", help="YYYY-MM-DD or YYYY")] = None,
    club: Annotated[Optional[str], typer.Option("--club")] = None,
    member: Annotated[Optional[int], typer.Option("--member", help="A club member (club tournaments): the name "
                                                  "and the club rating come from the club.")] = None,
) -> None:
    """Register a player. Start numbers follow C.04.2 until round 1 is paired."""
    details: dict[str, object] = {"title": title, "fide_id": fide_id, "federation": federation, "sex": sex,
                                  "birth_date": birth, "club": club}
    with arguments(**_OPTION_OF):
        event().player_add(name, rating, details, member)


def player_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="A CSV file with a header, or - for stdin.")],
) -> None:
    """Register players from CSV. Columns (by name): name, title, rating, fide_id, federation,
    sex, birth_date, club. Only name is required; unknown columns are an error."""
    event().player_import(source)


def player_list(fmt: FormatOption = Format.table) -> None:
    """List the players by start number."""
    event(fmt=fmt).player_list()


def player_remove(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
) -> None:
    """Remove a registration made by mistake (only before round 1 is paired)."""
    with arguments(**_OPTION_OF):
        event().player_remove(start_number)


def player_withdraw(
    start_number: Annotated[Optional[int], typer.Argument(metavar="ID", help="The player's start number.")] = None,
    after_round: Annotated[Optional[int], typer.Option("--after-round", help="The last round the player "
                                                       "takes part in (default: the last paired round; 0 before "
                                                       "round 1 is paired: on the list, never paired).")] = None,
    source: Annotated[Optional[str], typer.Option("--from", metavar="FILE|-", help=(
        "Many withdrawals at once: 'ID' or 'ID AFTER_ROUND' per line (# comments), all or nothing."))] = None,
) -> None:
    """Withdraw a player: they are not paired after --after-round (a knockout: the opponent goes through)."""
    with arguments(**_OPTION_OF):
        if source is not None:
            if start_number is not None or after_round is not None:
                raise BadArgument("give either ID [--after-round K] or --from FILE, not both")
            event().player_withdraw_from(source)
            return
        if start_number is None:
            raise BadArgument("give the start number (arbiter player withdraw ID), or --from FILE", field="ID")
        event().player_withdraw(start_number, after_round)


def player_reinstate(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
) -> None:
    """Undo a withdrawal (the no-show rule's, or one made by mistake), while no paired round left the player out."""
    with arguments(**_OPTION_OF):
        event().player_reinstate(start_number)
