"""``prizes.html``: the prize list of an individual, team or knockout event whose folder has a
``prizes.toml`` (issue 18), as ``arbiter prizes`` shows it, with its notes (the split, the total,
each cent given by tie-break order). No page and no link when the event has no prize fund."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.render.site.layout import Link, player_link
from arbiter_cli.render.site.parts import frame, legend, team_link, view_table
from arbiter_cli.render.site.sites import EventSite, KnockoutSite, TeamSite

SITES = frozenset({"event", "team", "knockout"})
ORDER = 35


def nav(site: EventSite | TeamSite | KnockoutSite) -> Link | None:
    return Link("Prizes", "prizes.html") if site.prizes is not None else None


def pages(site: EventSite | TeamSite | KnockoutSite) -> Iterator[tuple[str, str]]:
    from arbiter_cli.lifecycle.knockout_prizes import knockout_prize_list
    from arbiter_cli.lifecycle.prizes import prize_list
    from arbiter_cli.lifecycle.team_prizes import team_prize_list
    from arbiter_cli.render.prizes import prize_notes, prizes_view, team_prize_notes, team_prizes_view

    if site.prizes is None:
        return
    tournament = site.tournament
    title = f"{tournament.settings.name}: prize list"
    if isinstance(tournament, Tournament):
        listed = prize_list(tournament, site.prizes)
        notes, view = prize_notes(listed), prizes_view(listed, title)
    elif isinstance(tournament, KnockoutTournament):
        listed = knockout_prize_list(tournament, site.prizes)
        notes, view = prize_notes(listed), prizes_view(listed, title)
    else:
        both = team_prize_list(tournament, site.prizes)
        notes, view = team_prize_notes(both), team_prizes_view(both, title)
    if tournament.settings.status is not Status.FINALISED:
        notes.insert(0, "not final: by the round each player has reached so far" if isinstance(
            tournament, KnockoutTournament) else f"not final: by the standings after round {tournament.last_round}")

    def name(record: dict[str, Any]) -> str:
        if record.get("kind") == "team":
            return team_link(record["start_number"], record["name"], "")
        return player_link(record["start_number"], record["name"], "")

    body = [view_table(view, cls="prizes", links={"name": name}, keys=True), legend(notes)]
    yield "prizes.html", frame(site, title, "\n".join(body))
