"""``index.html`` of a group event (issue 18): its details, each group with its players (their
points and place so far, and who goes on), the qualifiers once the final is paired, and the
links to every stage's pages (``stages/A/...``, ``stages/final/...``)."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.errors import DomainError
from arbiter_cli.core.group_settings import FINAL
from arbiter_cli.core.model import Tournament
from arbiter_cli.render.site.group_parts import stage_player, stage_root, stage_tables, stage_title
from arbiter_cli.render.site.layout import Cell, Link, csv_text, h, table
from arbiter_cli.render.site.parts import event_details, frame
from arbiter_cli.render.site.sites import EventSite, GroupSite

SITES = frozenset({"groups"})
ORDER = 0


def nav(site: GroupSite) -> Link:
    return Link("Event", "index.html")


def _stage_links(site: GroupSite, name: str) -> str:
    stage = site.stages[name]
    root = stage_root(name)
    links = [f'<a href="{root}index.html">{h(stage_title(name))}</a>']
    links += [f'<a href="{root}rounds/{n}.html">round {n}</a>' for n in range(1, stage.tournament.last_round + 1)]
    if not isinstance(stage, EventSite) and stage.tournament.bracket:
        links.append(f'<a href="{root}bracket.html">bracket</a>')
    links.append(f'<a href="{root}standings.html">standings</a>')
    if isinstance(stage, EventSite):
        links.append(f'<a href="{root}crosstable.html">crosstable</a>')
    return "<li>" + " · ".join(links) + "</li>"


def _complete(stage: Tournament) -> bool:
    from arbiter_cli.lifecycle.group_stages import stage_complete

    return stage_complete(stage) is None


def _groups_before_start(site: GroupSite) -> str:
    from arbiter_cli.lifecycle.group_stages import dealt_groups

    try:
        dealt = dealt_groups(site.event)
    except DomainError as error:
        return f'<p class="note">The groups cannot be dealt yet: {h(error)}</p>'
    how = "as set by hand" if site.event.groups.members is not None else "dealt in snake order by seeding"
    rows = [[Cell(h(name)), Cell(str(p.start_number), cls="num"), Cell(h(p.name)), Cell(str(p.rating or ""), cls="num")]
            for name, players in dealt.items() for p in players]
    return (f'<p class="note">The groups have not started; {how}, they would be these.</p>'
            + table(["Group", Cell("No", cls="num"), "Name", Cell("Rating", cls="num")], rows, cls="groups"))


def pages(site: GroupSite) -> Iterator[tuple[str, str]]:
    event = site.event
    groups = event.groups
    extra = [("Players", str(len(event.tournament.players))),
             ("Stages", h(f"{groups.count} groups (round robins), the first {groups.advance} of each to a "
                          f"{groups.final} final"))]
    body = [event_details(event.tournament.settings, extra, system="groups")]
    if not site.stages:
        body += ["<h2>Groups</h2>", _groups_before_start(site)]
        yield "index.html", frame(site, event.tournament.settings.name, "\n".join(body))
        return
    body += ["<h2>Stages</h2>", '<ul class="stages">' + "".join(_stage_links(site, name) for name in site.stages)
             + "</ul>", '<p><a href="standings.html">Every stage\'s standings</a></p>']
    came_from: dict[str, str] = {}  # a qualifier's name -> group and place (A1)
    for stage_table in stage_tables(site):
        name = stage_table.name
        if name == FINAL:
            continue
        stage = site.stages[name]
        assert isinstance(stage, EventSite)
        complete = _complete(stage.tournament)
        link = stage_player(name)
        rows = []
        going = 0  # the places that go on: a withdrawn player does not, the next one moves up
        for place, record in enumerate(stage_table.view.records, start=1):
            active = stage.tournament.by_number[record["start_number"]].status == "active"
            goes_on = active and going < groups.advance and record.get("rank") is not None
            going += goes_on
            if goes_on and complete:
                came_from[record["name"]] = f"{name}{going}"
            rows.append([Cell(str(place), cls="num"), Cell(link(record)), Cell(str(record.get("rating") or ""), cls="num"),
                         Cell(h(csv_text(record.get("points"))), cls="num"),
                         Cell(("goes on" if complete else "so far") if goes_on else "")])
        state = "complete" if complete else f"not complete; after round {stage_table.after_round}"
        body += [f'<h2 id="group-{h(name)}">{h(stage_title(name))} ({state})</h2>', '<div class="scroll">' + table(
            [Cell("Place", cls="num"), "Name", Cell("Rating", cls="num"), Cell("Pts", cls="num"), "Final"], rows,
            cls="group") + "</div>"]
    if FINAL in site.stages:
        final = site.stages[FINAL]
        rows = [[Cell(str(p.start_number), cls="num"), Cell(stage_player(FINAL)({"start_number": p.start_number,
                                                                                  "name": p.name})),
                 Cell(str(p.rating or ""), cls="num"), Cell(h(came_from.get(p.name, "")))]
                for p in final.tournament.players]
        body += ['<h2 id="qualifiers">The qualifiers: the final\'s players</h2>', '<p class="note">In seeding order '
                 "(the final's start numbers): the group winners first, then the runners-up, and so on; among one "
                 "place, the higher rating first" + ("; in a knockout final, a player may be moved among those of "
                                                     "their place so that no two players of one group meet in their first match"
                                                     if groups.final == "knockout" else "")
                 + ". From: the group and the place in it (A1: group A's winner).</p>",
                 table([Cell("Seed", cls="num"), "Name", Cell("Rating", cls="num"), "From"], rows, cls="qualifiers")]
    else:
        body.append(f'<p class="note">The first {groups.advance} of each group go on to the final, paired once '
                    "every group is complete (\"so far\": in those places now).</p>")
    yield "index.html", frame(site, event.tournament.settings.name, "\n".join(body))
