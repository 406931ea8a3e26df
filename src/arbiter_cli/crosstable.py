"""Crosstables: the square table of a round robin, or round by round.

In a cell, ``1`` ``½`` ``0`` are games played, ``+`` and ``-`` forfeits, ``?``
a result not yet entered; byes show their kind (``PAB``, ``HPB``, ``ZPB``,
``FPB``) and a round-robin free round shows ``BYE``. In the square table a
double round robin shows both games against an opponent in round order, for
example ``1½``; the diagonal is ``×``. Round by round, a cell reads
opponent, colour, result, for example ``7w1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.model import Player, Tournament
from arbiter_cli.standings import RoundEntry, compute_standings, round_entries

__all__ = ["CrosstableRow", "Crosstable", "square_crosstable", "round_crosstable"]


@dataclass(frozen=True)
class CrosstableRow:
    player: Player
    points: Fraction
    rank: int
    rank_label: str  # "3-4" for a shared place
    entries: tuple[RoundEntry, ...]
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Crosstable:
    after_round: int
    headings: tuple[str, ...]
    rows: tuple[CrosstableRow, ...]


def _base(tournament: Tournament, after_round: int | None):  # type: ignore[no-untyped-def]
    standings = compute_standings(tournament, after_round)
    by_tpn = {row.player.start_number: row for row in standings.rows}
    entries = round_entries(tournament, standings.after_round)
    return standings.after_round, by_tpn, entries


def square_crosstable(tournament: Tournament, after_round: int | None = None) -> Crosstable:
    """The round-robin table: one row and one column per start number."""
    last, by_tpn, entries = _base(tournament, after_round)
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
        rows.append(CrosstableRow(player, by_tpn[tpn].points, by_tpn[tpn].rank,
                                  by_tpn[tpn].rank_label, tuple(entries[tpn]), tuple(cells)))
    return Crosstable(last, tuple(str(n) for n in numbers), tuple(rows))


def round_crosstable(tournament: Tournament, after_round: int | None = None) -> Crosstable:
    """One column per round: opponent, colour and result, or the bye kind."""
    last, by_tpn, entries = _base(tournament, after_round)
    rows = []
    for player in tournament.players:
        tpn = player.start_number
        by_round = {e.round: e for e in entries[tpn]}
        cells = []
        for number in range(1, last + 1):
            entry = by_round.get(number)
            if entry is None:
                cells.append("")
            elif entry.opponent is None:
                cells.append(entry.symbol)
            else:
                cells.append(f"{entry.opponent}{entry.colour}{entry.symbol}")
        rows.append(CrosstableRow(player, by_tpn[tpn].points, by_tpn[tpn].rank,
                                  by_tpn[tpn].rank_label, tuple(entries[tpn]), tuple(cells)))
    ordered = sorted(rows, key=lambda r: (r.rank, r.player.start_number))
    return Crosstable(last, tuple(f"R{n}" for n in range(1, last + 1)), tuple(ordered))
