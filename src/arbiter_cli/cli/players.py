"""``arbiter player add|import|list|remove|withdraw|reinstate``."""

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import FormatOption, arguments, event
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.render.output import Format

__all__ = ["player_add", "player_import", "player_list", "player_remove", "player_withdraw", "player_set_k",
           "player_update_ratings", "player_reinstate"]

#: The option of each field of a player, for the errors of ``player add``.
_OPTION_OF = {"name": "NAME", "title": "--title", "rating": "--rating", "fide_id": "--fide-id",
              "federation": "--federation", "sex": "--sex", "birth_date": "--birth", "club": "--club",
              "member": "--member", "start_number": "ID", "after_round": "--after-round", "k_factor": "--k",
              "national_rating": "--national-rating", "national_id": "--national-id"}


def player_add(
    name: Annotated[Optional[str], typer.Argument(metavar="NAME", help="'Surname, Firstname', as FIDE writes it "
                                                  "(in a club tournament: give --member instead).")] = None,
    rating: Annotated[Optional[int], typer.Option("--rating")] = None,
    title: Annotated[Optional[str], typer.Option("--title", help="GM IM WGM FM WIM CM WFM WCM")] = None,
    fide_id: Annotated[Optional[int], typer.Option("--fide-id", help="Without NAME: every field from the loaded "
                                                   "rating list ('arbiter lists load'); options given win.")] = None,
    federation: Annotated[Optional[str], typer.Option("--federation", help="3-letter code")] = None,
    sex: Annotated[Optional[str], typer.Option("--sex", help="m or w")] = None,
    birth: Annotated[Optional[str], typer.Option("--birth", help="YYYY-MM-DD or YYYY")] = None,
    club: Annotated[Optional[str], typer.Option("--club")] = None,
    member: Annotated[Optional[int], typer.Option("--member", help="A club member (club tournaments): the name "
                                                  "and the club rating come from the club.")] = None,
    k: Annotated[Optional[int], typer.Option("--k", help="The player's K on the FIDE list of the event's rate of "
                                             "play (B.02 8.3.3), for the rating report.")] = None,
    national_rating: Annotated[Optional[int], typer.Option("--national-rating", help="The rating of the national "
                                                           "list (see 'arbiter new --starting-rank').")] = None,
    national_id: Annotated[Optional[str], typer.Option("--national-id", help="Without NAME: every field from the "
                                                       "loaded national list ('arbiter lists load FILE --national "
                                                       "NAME'), for a player without a FIDE ID.")] = None,
) -> None:
    """Register a player. Start numbers follow C.04.2 until round 1 is paired."""
    details: dict[str, object] = {"title": title, "fide_id": fide_id, "federation": federation, "sex": sex,
                                  "birth_date": birth, "club": club}
    if k is not None:
        details["k_factor"] = k
    if national_rating is not None:
        details["national_rating"] = national_rating
    if national_id is not None:
        details["national_id"] = national_id
    with arguments(**_OPTION_OF):
        event().player_add(name, rating, details, member)


def player_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="A CSV file with a header, or - for stdin.")],
) -> None:
    """Register players from CSV. Columns (by name): name, title, rating, fide_id, federation,
    sex, birth_date, club, national_rating, k_factor, national_id. A name, a fide_id or a national_id is
    required: a row's blank cells are filled from the loaded rating lists by its fide_id, else by its
    national_id. Unknown columns are an error."""
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


def player_set_k(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
    k: Annotated[str, typer.Argument(metavar="K|none", help="K on the FIDE list of the event's rate of play "
                                     "(B.02 8.3.3: 40, 20, 10), or none when it is not known.")],
) -> None:
    """Set a player's K for the rating report (it changes no pairing and no standing)."""
    with arguments(**{**_OPTION_OF, "k_factor": "K"}):
        event().player_set_k(start_number, k_value(k))


def k_value(text: str) -> int | None:
    """``K|none`` as typed: a whole number, or ``none``."""
    from arbiter_cli.core.errors import BadArgument

    if text.strip().lower() == "none":
        return None
    if not text.strip().isdigit():
        raise BadArgument(f"{text!r} is not a K (a whole number such as 40, 20 or 10) or 'none'", field="K")
    return int(text)


def player_update_ratings(
    force: Annotated[bool, typer.Option("--force", help="Update after round 1 is paired (the start numbers "
                                        "stay).")] = False,
    fmt: FormatOption = Format.table,
) -> None:
    """Refresh each player's rating (of the event's rate of play), title and federation from the
    loaded rating list, by FIDE ID, showing each change; before round 1 is paired."""
    event(fmt=fmt).player_update_ratings(force)


def player_reinstate(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
) -> None:
    """Undo a withdrawal (the no-show rule's, or one made by mistake), while no paired round left the player out."""
    with arguments(**_OPTION_OF):
        event().player_reinstate(start_number)
