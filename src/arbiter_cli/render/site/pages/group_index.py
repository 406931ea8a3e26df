"""``index.html`` of a group event (issue 18): its details (the winner of the final once known), each
group with its players (their points and place so far, who goes on, a withdrawn player named as such
and the one who goes on in their place), the qualifiers once the final is paired, and the links to
every stage's pages (``stages/A/...``, ``stages/final/...``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.core.errors import DomainError
from arbiter_cli.core.group_settings import FINAL
from arbiter_cli.core.model import Tournament
from arbiter_cli.render.site.blocks import Cell, Fact, Table, header, plain, player_cell, points_cell, site_page
from arbiter_cli.render.site.group_parts import stage_player, stage_root, stage_tables, stage_title
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import event_details
from arbiter_cli.render.site.sites import EventSite, GroupSite, stage_after

SITES = frozenset({"groups"})
ORDER = 0


def nav(site: GroupSite) -> Link:
    return Link("Event", "index.html")


def _stage_links(site: GroupSite, name: str) -> list[Cell]:
    """The links to a stage's pages: its index, each round, the bracket, the standings, the crosstable,
    the prizes."""
    stage = site.stages[name]
    root = stage_root(name)
    links = [Cell(stage_title(name), f"{root}index.html")]
    links += [Cell(f"round {n}", f"{root}rounds/{n}.html") for n in range(1, stage.tournament.last_round + 1)]
    if not isinstance(stage, EventSite) and stage.tournament.bracket:
        links.append(Cell("bracket", f"{root}bracket.html"))
    links.append(Cell("standings", f"{root}standings.html"))
    if isinstance(stage, EventSite):
        links.append(Cell("crosstable", f"{root}crosstable.html"))
    if stage.prizes is not None:  # the stage's prizes.toml (the final's, as a rule): its prize list
        links.append(Cell("prizes", f"{root}prizes.html"))
    return links


def _complete(stage: Tournament) -> bool:
    from arbiter_cli.lifecycle.group_stages import stage_complete

    return stage_complete(stage) is None


def _groups_before_start(site: GroupSite) -> tuple[str, Table | None]:
    """Before the groups start: how they would be dealt, or why they cannot be yet."""
    from arbiter_cli.lifecycle.group_stages import dealt_groups

    try:
        dealt = dealt_groups(site.event)
    except DomainError as error:
        return f"The groups cannot be dealt yet: {error}", None
    how = "as set by hand" if site.event.groups.members is not None else "dealt in snake order by seeding"
    rows = [[plain(name), plain(p.start_number, cls="num"), Cell(p.name, name=True), plain(p.rating or "", cls="num")]
            for name, players in dealt.items() for p in players]
    return (f"The groups have not started; {how}, they would be these.",
            Table([header("Group"), header("No", cls="num"), header("Name"), header("Rating", cls="num")], rows,
                  cls="groups"))


def _group(site: GroupSite, name: str, view: Any, after_round: int | None, came_from: dict[str, str]) -> dict[str, Any]:
    """A group's section: its players in order, who goes on (recorded in ``came_from`` once the group
    is complete: a qualifier's name -> group and place, A1; a withdrawn player above the cut named beside
    the one who goes on in their place, as :func:`~arbiter_cli.lifecycle.group_stages.going_on` has them)."""
    from arbiter_cli.lifecycle.group_stages import going_on

    stage = site.stages[name]
    assert isinstance(stage, EventSite)
    advance = site.event.groups.advance
    complete = _complete(stage.tournament)
    link = stage_player(name)
    standings = stage.standings[min(stage_after(stage.tournament), stage.tournament.last_round)]
    going = {q.player.start_number: q for q in going_on(name, stage.tournament, standings, advance)}
    replaced = {q.instead_of for q in going.values() if q.instead_of}
    rows = []
    for place, record in enumerate(view.records, start=1):
        status = stage.tournament.by_number[record["start_number"]].status
        chosen = going.get(record["start_number"]) if record.get("rank") is not None else None
        said = "" if status == "active" else f"{status}: does not go on" if record["name"] in replaced else status
        if chosen is not None:
            instead = f", in place of {chosen.instead_of}" if chosen.instead_of else ""
            said = ("goes on" if complete else "so far") + instead
            if complete:
                came_from[record["name"]] = f"{name}{chosen.place}{instead}"
        rows.append([plain(place, cls="num"), link(record), plain(record.get("rating") or "", cls="num"),
                     points_cell(record.get("points"), "points"), plain(said)])
    state = "complete" if complete else f"not complete; after round {after_round}"
    table = Table([header("Place", cls="num"), header("Name"), header("Rating", cls="num"), header("Pts", cls="num"),
                   header("Final")], rows, cls="group")
    return {"name": name, "title": f"{stage_title(name)} ({state})", "table": table}


def _winner(site: GroupSite) -> Cell | None:
    """The winner of the final, linked to their card in it, once known: a knockout final's champion, or
    a complete round-robin final's first alone (as ``arbiter finalize`` names them)."""
    final = site.stages.get(FINAL)
    if final is None:
        return None
    if isinstance(final, EventSite):
        if not _complete(final.tournament):
            return None
        first = [row.player for row in final.standings[final.tournament.last_round].rows if row.rank == 1]
        winner = first[0] if len(first) == 1 else None
    else:
        champion = final.bracket["champion"]
        winner = final.tournament.by_number[champion["start_number"]] if champion is not None else None
    return None if winner is None else player_cell(winner.start_number, winner.name, stage_root(FINAL))


def pages(site: GroupSite) -> Iterator[tuple[str, str]]:
    event = site.event
    groups = event.groups
    extra: list[Fact] = [("Players", len(event.tournament.players)),
             ("Stages", f"{groups.count} groups (round robins), the first {groups.advance} of each to a "
                        f"{groups.final} final"), ("Winner of the final", _winner(site))]
    context: dict[str, Any] = {"details": event_details(event.tournament.settings, extra, system="groups"),
                               "before_start": None, "stages": [], "groups": [], "qualifiers": None,
                               "knockout_final": groups.final == "knockout", "advance": groups.advance}
    if not site.stages:
        context["before_start"] = _groups_before_start(site)
        yield "index.html", site_page(site, "group_index.html", event.tournament.settings.name, **context)
        return
    context["stages"] = [_stage_links(site, name) for name in site.stages]
    came_from: dict[str, str] = {}
    context["groups"] = [_group(site, t.name, t.view, t.after_round, came_from) for t in stage_tables(site)
                         if t.name != FINAL]
    if FINAL in site.stages:
        final = site.stages[FINAL]
        rows = [[plain(p.start_number, cls="num"), player_cell(p.start_number, p.name, stage_root(FINAL)),
                 plain(p.rating or "", cls="num"), plain(came_from.get(p.name, ""))]
                for p in final.tournament.players]
        context["qualifiers"] = Table([header("Seed", cls="num"), header("Name"), header("Rating", cls="num"),
                                       header("From")], rows, cls="qualifiers")
    yield "index.html", site_page(site, "group_index.html", event.tournament.settings.name, **context)
