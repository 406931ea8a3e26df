"""``standings.html`` of a group event (issue 18): every group's standings, then the final's,
as ``arbiter standings`` shows them (a group after its last round with a result).

Each stage's table is ``<table class="standings">`` inside ``<section class="stage"
data-stage="NAME">``; its cells follow the standings convention
(:mod:`arbiter_cli.render.site.standings_table`): they equal the stage's ``standings`` in
``arbiter standings --format json`` (a list of ``{"stage", "after_round", "standings"}``), as the
CSV output writes them. Each name links to the player's card in that stage."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.blocks import site_page, titled
from arbiter_cli.render.site.group_parts import stage_player, stage_root, stage_tables, stage_title
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import GroupSite
from arbiter_cli.render.site.standings_table import shared_places, standings_table

SITES = frozenset({"groups"})
ORDER = 20


def nav(site: GroupSite) -> Link | None:
    return Link("Standings", "standings.html") if site.stages else None


def pages(site: GroupSite) -> Iterator[tuple[str, str]]:
    if not site.stages:
        return
    stages = []
    for stage in stage_tables(site):
        after = "" if stage.after_round is None else f" after round {stage.after_round}"
        stages.append({"name": stage.name, "title": stage_title(stage.name),
                       "heading": "final standings" if stage.final else f"standings{after}",
                       "table": shared_places(standings_table(stage.view, stage_player(stage.name)), stage.view),
                       "legend": stage.notes,
                       "root": stage_root(stage.name)})
    title = f"{site.event.tournament.settings.name}: standings"
    yield "standings.html", site_page(site, "group_standings.html", title, stages=stages,
                                      heading=titled(site.event.tournament.settings.name, ": standings"))
