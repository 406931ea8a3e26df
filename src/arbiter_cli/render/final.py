"""The final standings a finalised event keeps: ``final/standings.csv`` and ``.json``.

They are the standings after the last round with every announced tie-break,
in exactly the CSV and JSON that ``arbiter standings --format csv|json``
prints, so scripts read both the same way.
"""

from __future__ import annotations

from arbiter_cli.core.model import Tournament
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.standings import compute_standings
from arbiter_cli.render.output import Format, view_text
from arbiter_cli.render.views import standings_view
from arbiter_cli.store.tournament import FINAL_DIR

__all__ = ["final_outputs", "team_final_outputs"]


def final_outputs(tournament: Tournament) -> dict[str, str]:
    """The files of the final standings, by path inside the tournament folder."""
    table = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks)
    view = standings_view(tournament, table)
    return {f"{FINAL_DIR}/standings.{fmt.value}": view_text(view, fmt) for fmt in (Format.csv, Format.json)}


def team_final_outputs(tournament: TeamTournament) -> dict[str, str]:
    """A team event's final standings files: ``arbiter standings --format csv|json`` of its teams."""
    from arbiter_cli.lifecycle.team_finish import team_standings_of
    from arbiter_cli.render.team_views import team_standings_view

    view = team_standings_view(f"{tournament.settings.name}: final team standings", team_standings_of(tournament))
    return {f"{FINAL_DIR}/standings.{fmt.value}": view_text(view, fmt) for fmt in (Format.csv, Format.json)}
