"""The prize list as people and scripts see it: ``arbiter prizes`` and ``final/prizes.csv|json``.

A record per prize given, in the order of the lists (the places, then the categories of
``prizes.toml``) and places: ``start_number`` (a team event: the team number; a board prize:
the player's start number; its ``kind`` says which: ``team`` or ``board``), ``name``, ``prize`` (the place or category name, ``"places 2-4"``
when shared) and ``amount`` (a decimal string, ``"233.33"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.core.prizes import PrizeTable, format_money
from arbiter_cli.lifecycle.prizes import PrizeList
from arbiter_cli.lifecycle.standings import Standings

if TYPE_CHECKING:  # a team's and a knockout's models, loaded by their own events only (issue 29: publish)
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.team_tournament import TeamTournament
    from arbiter_cli.lifecycle.team_prizes import TeamPrizeList
    from arbiter_cli.lifecycle.team_standings import TeamStandings
from arbiter_cli.render.output import Column, View, text_cell

__all__ = ["prizes_view", "prize_notes", "SPLIT_WORDS", "KNOCKOUT_SPLIT_WORDS", "KNOCKOUT_ORDER", "CHOICE_WORDS",
           "team_prizes_view", "team_prize_notes", "prize_sheet"]

#: How ties on points share money, in words, for the notes under the list.
SPLIT_WORDS = {
    "shared": "players tied on points share the prizes of their places equally",
    "hort": "Hort system: tied players keep half the prize of their place on tie-breaks, the other halves "
            "are shared equally",
    "tiebreak": "ties on points are broken by the tie-breaks; prizes are not shared",
}

#: The same for a knockout, whose players share a place when they are knocked out in the same round
#: (the standings rank them by rating within it): no points, no tie-breaks.
KNOCKOUT_SPLIT_WORDS = {
    "shared": "players knocked out in the same round share its places and their prizes equally",
    "hort": "Hort system: players knocked out in the same round keep half the prize of their place in the "
            "standings (by rating), the other halves are shared equally",
    "tiebreak": "players knocked out in the same round are placed by rating; prizes are not shared",
}
#: What orders a knockout's prize list, the note before its split's.
KNOCKOUT_ORDER = "the places go by the round each player reached, then by rating"


def prizes_view(prizes: PrizeList, title: str, key_header: str = "No") -> View:
    """The prize list: one row per player (or team) given a prize, with why they got it (issue 25):
    the CSV's and JSON's ``why`` in full (``"Senior 250.00 > places 4-10 227.50"``), the table's
    "Instead" column what the player could have taken instead (``"> places 4-10 227.50"``), so that
    it stays readable at 80 columns."""
    records: list[dict[str, Any]] = [
        {"start_number": award.key, "name": award.name, "prize": award.prize, "amount": format_money(award.amount),
         "why": award.why, "_instead": award.why_short}
        for award in prizes.awards]
    columns = [
        Column("start_number", key_header, text_cell("start_number"), "right"),
        Column("name", "Name", text_cell("name"), wrap=True),
        Column("prize", "Prize", text_cell("prize"), wrap=True),
        Column("amount", f"Amount ({prizes.currency})" if prizes.currency else "Amount", text_cell("amount"), "right"),
        Column("why", "Instead", text_cell("_instead"), wrap=True),
    ]
    anything_instead = any(record["_instead"] for record in records)
    return View(title, records, columns, hidden=frozenset() if anything_instead else frozenset({"why"}))


#: The rule of a choice between prizes, under a list where some player had one (issue 25).
CHOICE_WORDS = ("one prize per player, the largest they can get; a category prize goes by rank, whatever the "
                "split (Instead: the best other prize open to them)")


def prize_notes(prizes: PrizeList, knockout: bool = False) -> list[str]:
    """The notes under a prize list: the split (a ``knockout``'s in its own words, after what orders
    it: its players share places by the round they are knocked out in, not by points), the rule of a choice
    between prizes when some player had one, the total, and each cent given by tie-break order."""
    total = f"total paid: {format_money(prizes.total)} {prizes.currency}".rstrip()
    choice = [CHOICE_WORDS] if any(award.instead is not None for award in prizes.awards) else []
    order = [KNOCKOUT_ORDER] if knockout else []
    split = (KNOCKOUT_SPLIT_WORDS if knockout else SPLIT_WORDS)[prizes.split]
    return [*order, split, *choice, total, *prizes.notes]


def team_prizes_view(prizes: TeamPrizeList, title: str) -> View:
    """A team event's prize list: the team prizes (``start_number`` is the team number), then the
    board prizes (the player's start number); ``kind`` says which."""
    view = prizes_view(PrizeList(prizes.teams.awards + prizes.boards.awards, prizes.teams.currency,
                                 prizes.teams.split), title)
    kinds = ["team"] * len(prizes.teams.awards) + ["board"] * len(prizes.boards.awards)
    view.records = [{"kind": kind, **record} for kind, record in zip(kinds, view.records)]
    view.columns.insert(0, Column("kind", "Kind", text_cell("kind")))
    return view


def team_prize_notes(prizes: TeamPrizeList) -> list[str]:
    """The notes under a team event's prize list."""
    total = PrizeList(prizes.teams.awards + prizes.boards.awards, prizes.teams.currency, prizes.teams.split,
                      prizes.teams.notes + prizes.boards.notes)
    return prize_notes(total)


def prize_sheet(event: Tournament | TeamTournament | KnockoutTournament, table: PrizeTable,
                standings: Standings | TeamStandings | None = None) -> tuple[list[str], View]:
    """The prize list of an individual, team or knockout event as ``arbiter prizes`` and the
    published ``prizes.html`` show it: its notes (first, while the event is not finalised, what
    it goes by) and its view (``standings``: an individual or a team event's after its last round,
    when the caller has them already)."""
    from arbiter_cli.render.views import table_heading

    title = f"{event.settings.name}: prize list"
    # Each kind's prize list and models are loaded for its own events only (issue 29: publish).
    if isinstance(event, Tournament):
        from arbiter_cli.lifecycle.prizes import prize_list

        listed = prize_list(event, table, standings if isinstance(standings, Standings) else None)
        notes, view = prize_notes(listed), prizes_view(listed, title)
    else:
        from arbiter_cli.core.team_tournament import TeamTournament

        if not isinstance(event, TeamTournament):
            from arbiter_cli.lifecycle.knockout_prizes import knockout_prize_list

            ko = knockout_prize_list(event, table)
            notes, view = prize_notes(ko, knockout=True), prizes_view(ko, title)
            if event.settings.status is not Status.FINALISED:
                notes.insert(0, "not final: by the round each player has reached so far")
            return notes, view
        from arbiter_cli.lifecycle.team_prizes import team_prize_list
        from arbiter_cli.lifecycle.team_standings import TeamStandings

        both = team_prize_list(event, table, standings if isinstance(standings, TeamStandings) else None)
        notes, view = team_prize_notes(both), team_prizes_view(both, title)
    heading = table_heading(event, "standings", event.last_round)
    so_far = heading[0].lower() + heading[1:]
    if event.settings.status is not Status.FINALISED:
        notes.insert(0, f"not final: by the {so_far}")
    return notes, view
