"""The checks many acts begin with: the event is not finalised, the player and the round exist."""

from __future__ import annotations

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Player, Round, Status, Tournament

__all__ = ["not_finalised", "find_player", "find_round", "after_round", "paired_rounds", "tiebreak_option",
           "tiebreak_codes"]


def not_finalised(tournament: Tournament) -> None:
    """A finalised event changes only by a result correction (``arbiter result --correct``)."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}; only a result "
                      "correction (arbiter result ... --correct) can change it now")


def find_player(tournament: Tournament, start_number: int) -> Player:
    """The player with this start number, or a :class:`BadArgument` for the field ``start_number``."""
    player = tournament.player(start_number)
    if player is None:
        raise BadArgument(f"there is no player with start number {start_number}", field="start_number")
    return player


def paired_rounds(last: int) -> str:
    """The rounds paired so far, in words: 'only round 1 is paired', 'rounds 1 to 4 are paired'."""
    return "only round 1 is paired" if last == 1 else f"rounds 1 to {last} are paired"


def find_round(tournament: Tournament, number: int) -> Round:
    """A paired round, or a refusal (nothing paired) or a :class:`BadArgument` for ``round_number``."""
    if tournament.last_round == 0:
        raise Refused("no round has been paired yet (use 'arbiter pair')")
    rnd = tournament.round(number)
    if rnd is None:
        raise BadArgument(f"there is no round {number}; {paired_rounds(tournament.last_round)}",
                          field="round_number")
    return rnd


def after_round(tournament: Tournament, number: int | None) -> int:
    """The round a report is for: ``number``, or the last paired round; 0 is before round 1."""
    last = tournament.last_round if number is None else number
    if not 0 <= last <= tournament.last_round:
        raise BadArgument(f"must be between 0 and {tournament.last_round}", field="after_round")
    return last


def tiebreak_option(text: str | None) -> tuple[str, ...]:
    """``--tiebreaks``: C.07 codes, or ``none`` for no tie-break at all (an empty list is a mistake)."""
    from arbiter_cli.core.tiebreak_codes import check_repeats, parse_tiebreak_list

    if text is not None and not text.replace(",", " ").strip():
        raise BadArgument("give at least one tie-break code, or 'none' for no tie-break", field="--tiebreaks")
    if text is not None and text.strip().lower() == "none":
        return ()
    try:
        codes = parse_tiebreak_list(text or "")
        check_repeats(codes)
        return codes
    except ValueError as error:
        raise BadArgument(str(error), field="--tiebreaks") from None


def tiebreak_codes(tournament: Tournament, text: str | None) -> tuple[str, ...]:
    """The tie-breaks asked for with ``--tiebreaks``, else the announced ones (C.07 Art. 2: announced
    in advance)."""
    return tiebreak_option(text) if text is not None else tournament.settings.effective_tiebreaks
