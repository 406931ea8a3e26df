"""The final standings a finalised event keeps: ``final/standings.csv`` and ``.json``, and its
prize list, ``final/prizes.csv`` and ``.json``, when the folder has a ``prizes.toml`` (without one,
the prize list's files are None: a stored one that no ``prizes.toml`` gives any more is removed).

They are the standings after the last round with every announced tie-break,
in exactly the CSV and JSON that ``arbiter standings --format csv|json``
prints, so scripts read both the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from arbiter_cli.core.model import Tournament
from arbiter_cli.lifecycle.standings import compute_standings
from arbiter_cli.render.output import Format, View, view_text
from arbiter_cli.render.views import standings_view
from arbiter_cli.store.tournament import FINAL_DIR

if TYPE_CHECKING:  # the other kinds' models and the prize fund's, loaded by their readers (start-up, issue 29)
    from arbiter_cli.core.group_settings import GroupEvent
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.team_tournament import TeamTournament

__all__ = ["final_outputs", "team_final_outputs", "knockout_final_outputs", "group_final_outputs", "prize_list_files",
           "PRIZE_LIST_FILES"]

#: The prize list's files in ``final/``.
PRIZE_LIST_FILES = tuple(f"{FINAL_DIR}/prizes.{fmt.value}" for fmt in (Format.csv, Format.json))


def final_outputs(tournament: Tournament, prizes: PrizeTable | None = None, *,
                  standings: bool = True) -> dict[str, str | None]:
    """The files of the final standings, by path inside the tournament folder, with the prize
    list of ``prizes`` (the folder's ``prizes.toml``) when given: the same CSV and JSON as
    ``arbiter prizes --format csv|json``; without it, the prize list's files are None (none stands).
    ``standings=False``: the prize list's files alone (what a correction compares with ``final/``)."""
    from arbiter_cli.lifecycle.prizes import prize_list
    from arbiter_cli.render.prizes import prizes_view

    files: dict[str, str | None] = {}
    if standings:
        table = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks)
        files = _files("standings", standings_view(tournament, table))
    if prizes is None:
        return files | dict.fromkeys(PRIZE_LIST_FILES)
    listed = prizes_view(prize_list(tournament, prizes), f"{tournament.settings.name}: prize list")
    return files | _files("prizes", listed)


def team_final_outputs(tournament: TeamTournament, prizes: PrizeTable | None = None) -> dict[str, str | None]:
    """A team event's final standings files: ``arbiter standings --format csv|json`` of its teams,
    and its prize list (``arbiter prizes --format csv|json``) when ``prizes`` is given (else None)."""
    from arbiter_cli.lifecycle.team_finish import team_standings_of
    from arbiter_cli.lifecycle.team_prizes import team_prize_list
    from arbiter_cli.render.prizes import team_prizes_view
    from arbiter_cli.render.team_views import team_standings_view

    view = team_standings_view(f"{tournament.settings.name}: final team standings", team_standings_of(tournament))
    files = _files("standings", view)
    if prizes is None:
        return files | dict.fromkeys(PRIZE_LIST_FILES)
    listed = team_prizes_view(team_prize_list(tournament, prizes), f"{tournament.settings.name}: prize list")
    return files | _files("prizes", listed)


def knockout_final_outputs(tournament: KnockoutTournament,
                           prizes: PrizeTable | None = None) -> dict[str, str | None]:
    """A knockout's final standings files: ``arbiter standings --format csv|json`` of the knockout
    (by the round reached, then rating), and its prize list when ``prizes`` is given (else None)."""
    from arbiter_cli.lifecycle.knockout_prizes import knockout_prize_list
    from arbiter_cli.render.knockout_views import knockout_standings_view
    from arbiter_cli.render.prizes import prizes_view

    files = _files("standings", knockout_standings_view(tournament))
    if prizes is None:
        return files | dict.fromkeys(PRIZE_LIST_FILES)
    listed = prizes_view(knockout_prize_list(tournament, prizes), f"{tournament.settings.name}: prize list")
    return files | _files("prizes", listed)


def group_final_outputs(event: GroupEvent, stages: Mapping[str, Tournament],
                        knockout: KnockoutTournament | None) -> dict[str, str]:
    """A group event's final standings files, in its top folder: ``arbiter standings --format
    csv|json`` there (each group's standings after its last round with its announced tie-breaks,
    then the final's; every row with its start number in the event)."""
    from arbiter_cli.core.group_settings import FINAL
    from arbiter_cli.lifecycle.group_stages import event_numbers
    from arbiter_cli.render.group_views import stages_json, stages_view, with_event_numbers
    from arbiter_cli.render.knockout_views import knockout_standings_view

    views: dict[str, View] = {}
    after_rounds: dict[str, int] = {}
    players = {}
    for name, stage in stages.items():
        table = compute_standings(stage, stage.last_round, stage.settings.effective_tiebreaks)
        views[name], after_rounds[name], players[name] = standings_view(stage, table), table.after_round, stage.players
    if knockout is not None:
        views[FINAL], after_rounds[FINAL] = knockout_standings_view(knockout), knockout.last_round
        players[FINAL] = knockout.players
    for name, view in views.items():
        with_event_numbers(view, event_numbers(event, players[name]))
    return {f"{FINAL_DIR}/standings.csv": view_text(stages_view(views), Format.csv),
            f"{FINAL_DIR}/standings.json": stages_json(views, after_rounds)}


def prize_list_files(files: Mapping[str, str | None]) -> dict[str, str | None]:
    """Of an event's final files, its prize list's: ``final/prizes.csv`` and ``.json`` (what
    ``finalize`` stores again when ``prizes.toml`` came, or changed, after finalising), each None
    when no ``prizes.toml`` gives one (what ``finalize`` removes)."""
    return {name: files.get(name) for name in PRIZE_LIST_FILES}


def _files(name: str, view: View) -> dict[str, str | None]:
    """``final/NAME.csv`` and ``final/NAME.json`` of a view."""
    return {f"{FINAL_DIR}/{name}.{fmt.value}": view_text(view, fmt) for fmt in (Format.csv, Format.json)}
