"""The views of a team event: its standings (C.07 Arts. 11-13).

A table for people (rank, number, team, MP, GP and the tie-break columns), and
for scripts the row shape of :func:`arbiter_cli.lifecycle.team_standings.team_row_json`:
``team_number``, ``name``, ``match_points``, ``game_points``, ``rank``, ``tiebreaks``.
"""

from __future__ import annotations

from typing import Any

from arbiter_cli.lifecycle.team_standings import TeamStandings, team_row_json
from arbiter_cli.render.output import Column, View, number_column, text_cell
from arbiter_cli.render.views import csv_plain

__all__ = ["team_standings_view"]


def _tiebreak_column(code: str) -> Column:
    return number_column(code, code, lambda record: record["tiebreaks"].get(code))


def team_standings_view(title: str, table: TeamStandings) -> View:
    """Team standings: one row per team, ranked (a shared place shows as ``3-4``)."""
    records: list[dict[str, Any]] = []
    for row in table.rows:
        record = team_row_json(row)
        record["_rank_label"] = str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"
        records.append(record)
    columns = [
        Column("rank", "Rank", lambda r: r["_rank_label"], "right"),
        Column("team_number", "No", text_cell("team_number"), "right"),
        Column("name", "Team", text_cell("name"), wrap=True),
        number_column("match_points", "MP"),
        number_column("game_points", "GP"),
    ]
    # MP and GP as tie-breaks are the columns already shown (JSON keeps every code in "tiebreaks")
    shown = tuple(code for code in table.tiebreaks if code not in ("MP", "GP"))
    columns += [_tiebreak_column(code) for code in shown]

    def csv_value(record: dict[str, Any], key: str) -> Any:
        if key in table.tiebreaks:
            value = record["tiebreaks"].get(key)
            return "" if value is None else value
        return csv_plain(record.get(key))

    return View(title, records, columns, csv_value, droppable=tuple(reversed(shown)))
