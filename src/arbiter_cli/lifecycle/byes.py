"""Requested byes (C.04.2 Art. 3.3): players known in advance to be absent.

A player who asks to miss a round is not paired in it. They score zero (a
zero-point bye, ``ZPB``), or half a win's points (a half-point bye, ``HPB``)
where the event allows it. How many half-point byes one player may take, and
whether they are closed for the last rounds, are event rules: the settings
``max_half_byes`` and ``half_byes_closed_last_rounds``.

Requests are kept for rounds not yet paired; pairing the round turns them into
bye rows of the round (see :func:`take_byes`).
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import ByeRequest, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.guards import not_finalised
from arbiter_cli.core.words import count

__all__ = ["request_bye", "cancel_bye", "take_byes", "half_byes_taken"]


def half_byes_taken(tournament: Tournament, start_number: int) -> int:
    """Half-point byes the player has taken or requested so far."""
    taken = sum(1 for rnd in tournament.rounds for bye in rnd.byes
                if bye.player == start_number and bye.kind is ByeKind.HPB and not _missed_before_entry(
                    tournament, start_number, rnd.number))
    return taken + sum(1 for b in tournament.byes if b.start_number == start_number and b.kind is ByeKind.HPB)


def _missed_before_entry(tournament: Tournament, start_number: int, number: int) -> bool:
    """A late entry's missed rounds may be scored as HPB (``late_entry_missed``); those are not requests."""
    player = tournament.player(start_number)
    return player is not None and player.entered_round is not None and number < player.entered_round


def request_bye(tournament: Tournament, start_number: int, round_number: int, kind: ByeKind
                ) -> tuple[Tournament, Change]:
    """The act: add a requested bye; raises :class:`Refused` with the reason when the rules forbid it.

    >>> from arbiter_cli.core.model import Player, Settings
    >>> t = Tournament(Settings(name="x", system="swiss", rounds=5, seed=1, max_half_byes=1),
    ...                (Player(start_number=1, name="A"), Player(start_number=2, name="B")))
    >>> t, change = request_bye(t, 1, 2, ByeKind.HPB)
    >>> try:
    ...     request_bye(t, 1, 3, ByeKind.HPB)
    ... except Refused as refusal:
    ...     print(refusal)
    A has already taken or requested 1 half-point bye, the most this event allows
    """
    settings = tournament.settings
    not_finalised(tournament)
    player = tournament.player(start_number)
    if player is None:
        raise BadArgument(f"there is no player with start number {start_number}", field="start_number")
    if kind not in (ByeKind.HPB, ByeKind.ZPB):
        raise BadArgument("a requested bye is a half-point bye (HPB) or a zero-point bye (ZPB)", field="kind")
    if not settings.system.value == "swiss":
        raise Refused("requested byes are for Swiss events; in a round robin the game is scheduled "
                         "and a missed game is a forfeit")
    last = settings.rounds or 0
    if round_number < 1:
        raise BadArgument(f"there is no round {round_number}; rounds are numbered from 1", field="round_number")
    if round_number <= tournament.last_round:
        raise Refused(f"round {round_number} is already paired; a bye can only be requested "
                         "before its round is paired")
    if round_number > last:
        raise BadArgument(f"there is no round {round_number}; the event has {count(last, 'round')}", field="round_number")
    if not player.available_in(round_number):
        raise Refused(f"{player.name} withdrew after round {player.withdrawn_after}")
    for existing in tournament.byes:
        if existing.start_number == start_number and existing.round == round_number:
            raise Refused(f"{player.name} already has a {_describe(existing.kind)} in round {round_number}"
                             " (cancel it first with 'arbiter bye cancel')")
    if kind is ByeKind.HPB:
        closed = settings.half_byes_closed_last_rounds
        if closed and round_number > last - closed:
            which = f"round {last}" if closed == 1 else f"rounds {last - closed + 1} to {last}"
            raise Refused(f"half-point byes are not allowed in the last {closed} round"
                             f"{'s' if closed > 1 else ''} ({which})")
        limit = settings.max_half_byes
        if limit is not None and half_byes_taken(tournament, start_number) >= limit:
            raise Refused(f"{player.name} has already taken or requested {limit} half-point "
                             f"bye{'s' if limit != 1 else ''}, the most this event allows")
    return (replace(tournament, byes=(*tournament.byes, ByeRequest(round_number, start_number, kind))),
            Change(f"round {round_number} requested bye of {named(start_number, player.name)}", "", kind.value))


def cancel_bye(tournament: Tournament, start_number: int, round_number: int
               ) -> tuple[Tournament, ByeRequest, Change]:
    """The act: remove a requested bye for a round not yet paired."""
    not_finalised(tournament)
    if tournament.player(start_number) is None:
        raise BadArgument(f"there is no player with start number {start_number}", field="start_number")
    if round_number <= tournament.last_round:
        raise Refused(f"round {round_number} is already paired; its byes are part of the published pairing")
    for existing in tournament.byes:
        if existing.start_number == start_number and existing.round == round_number:
            rest = tuple(b for b in tournament.byes if b is not existing)
            name = tournament.by_number[start_number].name
            change = Change(f"round {round_number} requested bye of {named(start_number, name)}",
                            existing.kind.value, "")
            return replace(tournament, byes=rest), existing, change
    raise BadArgument(f"player {start_number} has no requested bye in round {round_number}", field="round_number")


def take_byes(tournament: Tournament, round_number: int) -> tuple[Tournament, dict[int, ByeKind]]:
    """The requests for ``round_number``, removed from the pending list, for pairing that round."""
    available = {p.start_number for p in tournament.players if p.available_in(round_number)}
    taken = {b.start_number: b.kind for b in tournament.byes
             if b.round == round_number and b.start_number in available}
    rest = tuple(b for b in tournament.byes if b.round != round_number)
    return replace(tournament, byes=rest), taken


def _describe(kind: ByeKind) -> str:
    return "half-point bye" if kind is ByeKind.HPB else "zero-point bye"
