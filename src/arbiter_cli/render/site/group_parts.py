"""What the top pages of a group event (issue 18) share: where each stage's pages are, a stage's
name for people, and each stage's standings as its own site shows them (a round robin after the
last round with a result, as ``arbiter standings`` of the group event; a knockout final by the
round reached)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arbiter_cli.core.group_settings import FINAL
from arbiter_cli.core.model import Status
from arbiter_cli.render.output import View
from arbiter_cli.render.site.blocks import Cell, player_cell
from arbiter_cli.render.site.sites import GroupSite, KnockoutSite, stage_after

__all__ = ["stage_root", "stage_title", "StageTable", "stage_tables", "stage_player"]


def stage_root(name: str, root: str = "") -> str:
    """The folder of a stage's pages from a top page (``root``: the way up to the site's root)."""
    return f"{root}stages/{name}/"


def stage_title(name: str) -> str:
    """``Group A``, or ``Final``."""
    return "Final" if name == FINAL else f"Group {name}"


@dataclass(frozen=True)
class StageTable:
    """A stage's standings: the view (its records are ``arbiter standings --format json``'s) and
    the round it is after (None for a knockout, which goes by the round reached)."""

    name: str
    view: View
    after_round: int | None
    notes: list[str]
    final: bool = False  # the stage is finalised: its final standings


def stage_tables(site: GroupSite) -> list[StageTable]:
    """Every stage's standings, the groups in order, then the final."""
    from arbiter_cli.lifecycle.group_stages import stand_ins
    from arbiter_cli.render.knockout_views import knockout_standings_view
    from arbiter_cli.render.views import standings_notes, standings_view

    tables = []
    for name, stage in site.stages.items():
        final = stage.tournament.settings.status is Status.FINALISED
        if isinstance(stage, KnockoutSite):
            tables.append(StageTable(name, knockout_standings_view(stage.tournament), None, [], final))
        else:
            after = stage_after(stage.tournament)
            table = stage.standings[min(after, stage.tournament.last_round)]
            withdrawn = [] if name == FINAL else stand_ins(name, stage.tournament, table, site.event.groups.advance)
            tables.append(StageTable(name, standings_view(stage.tournament, table), table.after_round,
                                     standings_notes(table) + withdrawn, final))
    return tables


def stage_player(name: str, root: str = "") -> Callable[[dict[str, Any]], Cell]:
    """A standings record's name, linked to the player's card in the stage ``name``."""
    def link(record: dict[str, Any]) -> Cell:
        return player_cell(record["start_number"], record["name"], stage_root(name, root))
    return link
