"""Crosstables: the square table of a round robin, or round by round.

In a cell, ``1`` ``½`` ``0`` are games played, ``+`` and ``-`` forfeits, ``?``
a result not yet entered; byes show their kind (``PAB`` pairing-allocated,
``FPB`` full-point, ``HPB`` half-point, ``ZPB`` zero-point) and a round-robin
free round shows ``BYE``. A round in which a player has no entry at all
(absent, entered late, withdrawn) shows ``ZPB``, as the tie-breaks count it
(C.07 Art. 16.1). In the square table a double round robin shows both games
against an opponent in round order, for example ``1½``; the diagonal is
``×``. Round by round, a cell reads opponent, colour, result, for example
``7w1`` or ``12b+``. Rank and tie-breaks are those of the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.lifecycle.withdrawals import as_counted
from arbiter_cli.core.outcome import RoundEntry, kept_round_entries
from arbiter_cli.lifecycle.standings import StandingRow, Standings, compute_standings
from arbiter_cli.core.tiebreak_codes import Rules

__all__ = ["CrosstableRow", "Crosstable", "crosstable", "square_crosstable", "round_crosstable"]


class CrosstableRow(NamedTuple):
    """A player's line of the crosstable (a named tuple: a thousand are made for each; issue 29)."""

    player: Player
    points: Fraction
    rank: int | None  # None: listed without a rank
    rank_label: str  # "3-4" for a shared place
    entries: tuple[RoundEntry, ...]
    cells: tuple[str, ...]
    tiebreaks: dict[str, Fraction | int | None]


@dataclass(frozen=True)
class Crosstable:
    after_round: int
    headings: tuple[str, ...]
    rows: tuple[CrosstableRow, ...]
    tiebreaks: tuple[str, ...] = ()


def _base(tournament: Tournament, after_round: int | None, tiebreaks: Sequence[str], rules: Rules | str | None,
          standings: Standings | None = None
          ) -> tuple[Standings, dict[int, StandingRow], dict[int, tuple[RoundEntry, ...]]]:
    if standings is None:
        standings = compute_standings(tournament, after_round, tiebreaks, rules=rules)
    by_tpn = {row.player.start_number: row for row in standings.rows}
    entries = kept_round_entries(tournament, standings.after_round)
    return standings, by_tpn, entries


def _row(by_tpn: dict[int, StandingRow], player: Player, entries: Sequence[RoundEntry], cells: list[str]
         ) -> CrosstableRow:
    row = by_tpn[player.start_number]
    return CrosstableRow(player, row.points, row.rank, row.rank_label, tuple(entries), tuple(cells), row.tiebreaks)


def square_crosstable(tournament: Tournament, after_round: int | None = None, tiebreaks: Sequence[str] = (),
                      rules: Rules | str | None = None, standings: Standings | None = None) -> Crosstable:
    """The round-robin table: one row and one column per start number."""
    tournament = as_counted(tournament)  # the round robin withdrawal rule
    standings, by_tpn, entries = _base(tournament, after_round, tiebreaks, rules, standings)
    numbers = [p.start_number for p in tournament.players]
    rows = []
    for player in tournament.players:
        tpn = player.start_number
        cells = []
        for opponent in numbers:
            if opponent == tpn:
                cells.append("×")
            else:
                cells.append("".join(e.symbol for e in entries[tpn] if e.opponent == opponent))
        rows.append(_row(by_tpn, player, entries[tpn], cells))
    return Crosstable(standings.after_round, tuple(str(n) for n in numbers), tuple(rows), standings.tiebreaks)


def round_crosstable(tournament: Tournament, after_round: int | None = None, tiebreaks: Sequence[str] = (),
                     rules: Rules | str | None = None, standings: Standings | None = None) -> Crosstable:
    """One column per round: opponent, colour and result, or the bye kind."""
    tournament = as_counted(tournament)  # the round robin withdrawal rule
    standings, by_tpn, entries = _base(tournament, after_round, tiebreaks, rules, standings)
    last = standings.after_round
    every_round = list(range(1, last + 1))
    rows = []
    for player in tournament.players:
        tpn = player.start_number
        mine = entries[tpn]
        if len(mine) == last and [e.round for e in mine] == every_round:
            in_rounds: Sequence[RoundEntry | None] = mine  # an entry in every round, in order (most players)
        else:
            by_round = {e.round: e for e in mine}
            in_rounds = [by_round.get(number) for number in every_round]
        cells = []
        for entry in in_rounds:
            if entry is None:
                cells.append("ZPB")
            elif entry.opponent is None:
                cells.append(entry.outcome.symbol)
            else:
                cells.append(f"{entry.opponent}{entry.colour}{entry.outcome.symbol}")
        rows.append(_row(by_tpn, player, mine, cells))
    order = {row.player.start_number: index for index, row in enumerate(standings.rows)}
    ordered = sorted(rows, key=lambda r: order[r.player.start_number])
    return Crosstable(last, tuple(f"R{n}" for n in range(1, last + 1)), tuple(ordered), standings.tiebreaks)


def crosstable(tournament: Tournament, after_round: int | None = None, tiebreaks: Sequence[str] = (),
               rules: Rules | str | None = None, standings: Standings | None = None) -> Crosstable:
    """The crosstable of the event's system: square for a round robin, round by round for a Swiss.
    ``standings``: the event's standings with the same arguments, when the caller has them already
    (computed once for a published site)."""
    build = square_crosstable if tournament.settings.system.is_round_robin else round_crosstable
    return build(tournament, after_round, tiebreaks, rules, standings)
