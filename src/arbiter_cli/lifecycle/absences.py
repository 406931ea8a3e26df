"""Absences in bulk: many requested byes (C.04.2 3.3) or withdrawals (3.2) from one input.

An arbiter gets the absences of a round as a list, and a replayed or imported event has hundreds;
one command takes them all. Each line is what one command takes, in the same order:

* ``bye --from``: ``ID ROUND KIND`` (``arbiter bye ID --round ROUND --half|--zero``), KIND ``half``
  or ``zero`` (also ``HPB``, ``ZPB``);
* ``player withdraw --from``: ``ID [AFTER_ROUND]`` (``arbiter player withdraw ID [--after-round K]``).

Blank lines are skipped and ``#`` starts a comment. The lines go through the act of the one
command (:func:`~arbiter_cli.lifecycle.byes.request_bye`,
:func:`~arbiter_cli.lifecycle.withdrawals.withdraw_player`) in order, each on the event as the
lines before it left it: all or nothing, and every error names the input, its line and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from arbiter_cli.core.errors import BadArgument, DomainError
from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.lifecycle.byes import request_bye
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.withdrawals import withdraw_player

__all__ = ["ByeLine", "WithdrawalLine", "parse_bye_lines", "parse_withdrawal_lines", "request_byes",
           "withdraw_players"]

#: A line's fields as the messages name them (the acts' parameters, as the input's columns).
_FIELDS = {"start_number": "ID", "round_number": "ROUND", "kind": "KIND", "after_round": "AFTER_ROUND"}
_KINDS = {"half": ByeKind.HPB, "hpb": ByeKind.HPB, "zero": ByeKind.ZPB, "zpb": ByeKind.ZPB}

T = TypeVar("T")


@dataclass(frozen=True)
class ByeLine:
    """A requested bye of the input: its line, the player, the round, HPB or ZPB."""

    line: int
    start_number: int
    round: int
    kind: ByeKind


@dataclass(frozen=True)
class WithdrawalLine:
    """A withdrawal of the input: its line, the player, the last round they take part in (None:
    the last paired round)."""

    line: int
    start_number: int
    after_round: int | None


def _lines(text: str) -> list[tuple[int, list[str]]]:
    """The input's lines with something on them, split, with their numbers (``#`` starts a comment)."""
    found = [(number, raw.split("#", 1)[0].split()) for number, raw in enumerate(text.splitlines(), start=1)]
    return [(number, fields) for number, fields in found if fields]


def _number(text: str, source: str, line: int, field: str, what: str) -> int:
    if not text.isdigit():
        raise BadArgument(f"{text!r} is not {what}", source=source, line=line, field=field)
    return int(text)


def parse_bye_lines(text: str, source: str) -> list[ByeLine]:
    """``ID ROUND KIND`` per line.

    >>> parse_bye_lines("# round 3\\n12 3 half\\n\\n7 3 ZPB  # ill", "-")
    [ByeLine(line=2, start_number=12, round=3, kind=<ByeKind.HPB: 'HPB'>), ByeLine(line=4, start_number=7, round=3, kind=<ByeKind.ZPB: 'ZPB'>)]
    >>> parse_bye_lines("12 3 half\\n12 3 zero", "absent.txt")
    Traceback (most recent call last):
    ...
    arbiter_cli.core.errors.BadArgument: absent.txt, line 2, field 'ID': player 12's bye in round 3 is given on line 1 already
    """
    out: list[ByeLine] = []
    seen: dict[tuple[int, int], int] = {}
    for number, fields in _lines(text):
        if len(fields) != 3:
            raise BadArgument("expected 'ID ROUND KIND' (KIND: half or zero)", source=source, line=number)
        player = _number(fields[0], source, number, "ID", "a start number")
        round_number = _number(fields[1], source, number, "ROUND", "a round number")
        kind = _KINDS.get(fields[2].lower().lstrip("-"))
        if kind is None:
            raise BadArgument(f"{fields[2]!r} is not a requested bye: half (HPB) or zero (ZPB)", source=source,
                              line=number, field="KIND")
        if (player, round_number) in seen:
            raise BadArgument(f"player {player}'s bye in round {round_number} is given on line "
                              f"{seen[(player, round_number)]} already", source=source, line=number, field="ID")
        seen[(player, round_number)] = number
        out.append(ByeLine(number, player, round_number, kind))
    if not out:
        raise BadArgument("no byes in the input (lines 'ID ROUND KIND')", source=source)
    return out


def parse_withdrawal_lines(text: str, source: str) -> list[WithdrawalLine]:
    """``ID [AFTER_ROUND]`` per line.

    >>> parse_withdrawal_lines("5\\n9 0  # never came", "-")
    [WithdrawalLine(line=1, start_number=5, after_round=None), WithdrawalLine(line=2, start_number=9, after_round=0)]
    """
    out: list[WithdrawalLine] = []
    seen: dict[int, int] = {}
    for number, fields in _lines(text):
        if len(fields) not in (1, 2):
            raise BadArgument("expected 'ID' or 'ID AFTER_ROUND'", source=source, line=number)
        player = _number(fields[0], source, number, "ID", "a start number")
        after = _number(fields[1], source, number, "AFTER_ROUND", "a round number") if len(fields) == 2 else None
        if player in seen:
            raise BadArgument(f"player {player} is given on line {seen[player]} already", source=source, line=number,
                              field="ID")
        seen[player] = number
        out.append(WithdrawalLine(number, player, after))
    if not out:
        raise BadArgument("no withdrawals in the input (lines 'ID' or 'ID AFTER_ROUND')", source=source)
    return out


def _at_line(act: Callable[[], T], source: str, line: int) -> T:
    """``act()``, its error located at the input's line (the field named as the input's column)."""
    try:
        return act()
    except DomainError as error:
        field = _FIELDS.get(error.field or "", error.field)
        raise type(error)(error.message, source=source, line=line, field=field, details=error.details) from None


def request_byes(tournament: Tournament, lines: list[ByeLine], source: str) -> tuple[Tournament, list[Change]]:
    """The act: every requested bye of ``lines``, as ``arbiter bye`` requests one, all or nothing."""
    changes = []
    for item in lines:
        tournament, change = _at_line(lambda: request_bye(tournament, item.start_number, item.round, item.kind),
                                      source, item.line)
        changes.append(change)
    return tournament, changes


def withdraw_players(tournament: Tournament, lines: list[WithdrawalLine], source: str
                     ) -> tuple[Tournament, list[tuple[Player, int]], list[Change]]:
    """The act: every withdrawal of ``lines``, as ``arbiter player withdraw`` makes one, all or nothing.
    Returns the tournament, each player withdrawn with the last round they take part in, and the
    journal lines."""
    changes: list[Change] = []
    withdrawn = []
    for item in lines:
        tournament, player, last, more = _at_line(
            lambda: withdraw_player(tournament, item.start_number, item.after_round), source, item.line)
        withdrawn.append((player, last))
        changes += more
    return tournament, withdrawn, changes
