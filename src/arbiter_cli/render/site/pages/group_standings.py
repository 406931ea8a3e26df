"""``standings.html`` of a group event (issue 18): every group's standings, then the final's,
as ``arbiter standings`` shows them (a group after its last round with a result).

Each stage's table is ``<table class="standings">`` inside ``<section class="stage"
data-stage="NAME">``; its cells follow the standings convention
(:mod:`arbiter_cli.render.site.standings_table`): they equal the stage's ``standings`` in
``arbiter standings --format json`` (a list of ``{"stage", "after_round", "standings"}``), as the
CSV output writes them. Each name links to the player's card in that stage."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.group_parts import stage_player, stage_root, stage_tables, stage_title
from arbiter_cli.render.site.layout import Link, h
from arbiter_cli.render.site.parts import frame, legend
from arbiter_cli.render.site.sites import GroupSite
from arbiter_cli.render.site.standings_table import standings_table

SITES = frozenset({"groups"})
ORDER = 20


def nav(site: GroupSite) -> Link | None:
    return Link("Standings", "standings.html") if site.stages else None


def pages(site: GroupSite) -> Iterator[tuple[str, str]]:
    if not site.stages:
        return
    body = []
    for stage in stage_tables(site):
        after = "" if stage.after_round is None else f" after round {stage.after_round}"
        heading = "final standings" if stage.final else f"standings{after}"
        body += [f'<section class="stage" data-stage="{h(stage.name)}">',
                 f'<h2 id="stage-{h(stage.name)}">{h(stage_title(stage.name))}: {heading}</h2>',
                 standings_table(stage.view, stage_player(stage.name)),
                 legend(stage.notes) if stage.notes else "",
                 f'<p class="noprint"><a href="{stage_root(stage.name)}standings.html">{h(stage_title(stage.name))}\'s '
                 "standings page</a>, with its tie-break codes and chart</p>", "</section>"]
    title = f"{site.event.tournament.settings.name}: standings"
    yield "standings.html", frame(site, title, "\n".join(body))
