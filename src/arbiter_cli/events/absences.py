"""Absences of an individual event's players, as one command each: many requested byes or
withdrawals from one input (``bye --from``, ``player withdraw --from``), and a withdrawal undone
(``player reinstate``). The acts are :mod:`arbiter_cli.lifecycle.absences` and
:func:`arbiter_cli.lifecycle.withdrawals.reinstate_player`; each change is saved at once, one
journal entry, under the folder's lock.
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter_cli.core.errors import DomainError
from arbiter_cli.core.words import count
from arbiter_cli.events.registration import Registration

__all__ = ["byes_from", "withdrawals_from", "reinstate"]


def byes_from(event: Registration, source: str) -> None:
    """``arbiter bye --from FILE``: every ``ID ROUND KIND`` line a requested bye, all or nothing."""
    from arbiter_cli.lifecycle.absences import parse_bye_lines, request_byes

    label, text = event.caller.read_text(source)
    lines = parse_bye_lines(text, label)
    with event.registration(exclusive=True) as (folder, tournament):
        after, changes = request_byes(tournament, lines, label)
        folder.save(tournament, after, event.caller.command, changes)
    for item in lines:
        event.caller.say(f"{after.by_number[item.start_number].name}: {item.kind.value} in round {item.round} "
                         "(not paired in that round)")
    event.caller.say(f"{count(len(lines), 'requested bye')} recorded")


def withdrawals_from(event: Registration, source: str, checked: Callable[[int], None]) -> None:
    """``arbiter player withdraw --from FILE``: every ``ID [AFTER_ROUND]`` line a withdrawal, all or
    nothing; ``checked(start_number)`` refuses a withdrawal this folder does not take (before the lock)."""
    from arbiter_cli.lifecycle.absences import parse_withdrawal_lines, withdraw_players

    label, text = event.caller.read_text(source)
    lines = parse_withdrawal_lines(text, label)
    for item in lines:
        try:
            checked(item.start_number)
        except DomainError as error:
            raise type(error)(error.message, source=label, line=item.line, field="ID") from None
    with event.registration(exclusive=True) as (folder, tournament):
        after, withdrawn, changes = withdraw_players(tournament, lines, label)
        folder.save(tournament, after, event.caller.command, changes)
    for player, last in withdrawn:
        event.caller.say(f"{player.name} withdrawn after round {last}" if last or after.rounds else
                         f"{player.name} withdrawn before round 1: on the list, never paired")
    for change in changes:
        if change.old and not change.new:
            event.caller.say(f"{change.change}: {change.old} dropped")
    event.caller.say(f"{count(len(withdrawn), 'player')} withdrawn")


def reinstate(event: Registration, start_number: int) -> None:
    """``arbiter player reinstate ID``: the player's withdrawal undone."""
    from arbiter_cli.lifecycle.withdrawals import reinstate_player

    with event.registration(exclusive=True) as (folder, tournament):
        after, player, changes, notes = reinstate_player(tournament, start_number)
        folder.save(tournament, after, event.caller.command, changes)
    event.caller.say(f"{player.name} reinstated (was withdrawn after round {player.withdrawn_after}): paired again "
                     f"from round {after.last_round + 1}")
    for note in notes:
        event.caller.say(f"note: {note}")
