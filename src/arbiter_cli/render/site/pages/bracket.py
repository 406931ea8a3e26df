"""``bracket.html`` of a knockout event (issue 18): the bracket drawn in HTML and CSS from the
bracket as plain data (:func:`arbiter_cli.render.knockout_views.bracket_data`).

One column per round, from the first to the final, each match a box with its two players
(the seed, the name linked to the card, the points in the match; the one who went through in
bold) and how it was decided; a round not paired yet shows its empty boxes, so the whole bracket
is seen from the start. On a desktop the columns stand side by side, each match level with the
two it follows from; on a phone they stack, round after round, so a link at the top leads to the
current round (an anchor: no script); printed, the page is a landscape A4 without navigation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from arbiter_cli.core.knockout import round_name
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.render.knockout_views import empty_slot
from arbiter_cli.render.site.blocks import Cell, site_page, titled
from arbiter_cli.render.site.knockout_parts import entrant, how_text, rules_legend
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 5


def nav(site: KnockoutSite) -> Link | None:
    return Link("Bracket", "bracket.html") if site.tournament.bracket else None


@dataclass(frozen=True)
class Side:
    """A player's line in a match box: the seed (None: nobody yet), the name, the points in the match,
    and whether the player went through."""

    seed: int | None
    who: Cell
    points: str = ""
    through: bool = False


@dataclass(frozen=True)
class Box:
    """A match box: its two sides, the link to the match on its round's page (``M3``) and how it was
    decided; an empty box (a round not paired yet) has neither."""

    sides: tuple[Side, ...]
    match: int | None = None
    href: str = ""
    how: str = ""


@dataclass(frozen=True)
class Column:
    """A round of the bracket: its title and its boxes (the champion's column: one box of one side)."""

    title: str
    boxes: tuple[Box, ...]
    champion: bool = False
    anchor: str = ""


def _match_box(round_number: int, match: dict[str, Any]) -> Box:
    first, second = match["first"], match["second"]
    alone = first is None or second is None
    points = ["", ""] if alone or not match["games"] else [format_points(parse_points(p)) for p in match["score"]]
    if match["forfeit"] and not alone:  # a match forfeit (a withdrawal) as the CLI's bracket shows it: -/+
        points = match["forfeit"].split("/")
    winner = match["winner"]
    sides = tuple(Side(player["start_number"] if player else None,
                       entrant(player, "", empty_slot(match, index, "bye" if index else "-")), text,
                       winner is not None and player is not None and player["start_number"] == winner)
                  for index, (player, text) in enumerate(zip((first, second), points)))
    return Box(sides, match["match"], f"rounds/{round_number}.html#match-{match['match']}", how_text(match))


def bracket_columns(site: KnockoutSite) -> list[Column]:
    """The bracket, every round of it (the rounds not paired yet as empty boxes), and its winner."""
    data = site.bracket
    total = data["rounds_total"]
    slots = len(data["slots"])
    empty = Side(None, Cell("to be decided", cls="nobody"))
    columns = []
    for number in range(1, total + 1):
        paired = data["rounds"][number - 1] if number <= len(data["rounds"]) else None
        boxes = (tuple(_match_box(number, match) for match in paired["matches"]) if paired is not None
                 else tuple(Box((empty, empty)) for _ in range(slots >> number)))
        title = round_name(number, total)
        columns.append(Column(title[:1].upper() + title[1:], boxes, anchor=f"round-{number}"))
    champion = data["champion"]
    if champion is not None:
        columns.append(Column("Winner", (Box((Side(champion["start_number"], entrant(champion, ""), through=True),)),),
                              champion=True, anchor="winner"))
    return columns


def current_round(site: KnockoutSite) -> tuple[str, str] | None:
    """The link at the top of the bracket to where it stands (on a phone the rounds stack, round 1
    first, and a large bracket's current round is far down the page): the first round still with a
    match not decided, else the winner; None before round 2, when the page starts there anyway. An
    anchor in the page (``#round-3``, ``#winner``): no script."""
    data = site.bracket
    undecided = next((rnd for rnd in data["rounds"] if not all(m["decided"] for m in rnd["matches"])), None)
    if undecided is not None:
        if undecided["round"] == 1:
            return None
        return f"#round-{undecided['round']}", f"Current round: {undecided['name']}"
    if data["champion"] is not None:
        return "#winner", "The final and the winner"
    last = data["rounds"][-1] if data["rounds"] else None
    return None if last is None or last["round"] == 1 else (f"#round-{last['round']}", f"Latest round: {last['name']}")


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    if not site.tournament.bracket:
        return
    notes = ["Each box is a match: the seeds, the names, the points each scored in the match; the player who went "
             "through is in bold. M3: match 3 of the round, with its games.", *rules_legend(site)]
    yield "bracket.html", site_page(site, "bracket.html", f"{site.tournament.settings.name}: bracket", wide=True,
                                    heading=titled(site.tournament.settings.name, ": bracket"),
                                    columns=bracket_columns(site), current=current_round(site), legend=notes)
