"""``players/<start_number>.html`` of an individual event: each player's card
(:mod:`arbiter_cli.render.site.cards`)."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.outcome import round_entries
from arbiter_cli.render.printing import BYE_TEXT
from arbiter_cli.render.site.blocks import Cell, Fact, player_cell, plain
from arbiter_cli.render.site.cards import CardRound, card, card_page
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import EventSite

SITES = frozenset({"event"})
ORDER = 40


def nav(site: EventSite) -> Link:
    return Link("Players", "index.html#players")


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    by_tpn = tournament.by_number
    entries = round_entries(tournament)
    final = site.standings[tournament.last_round]
    rank = {row.player.start_number: row.rank_label for row in final.rows}
    for player in tournament.players:
        rounds = []
        for entry in entries[player.start_number]:
            opponent = by_tpn.get(entry.opponent) if entry.opponent is not None else None
            text: Cell
            if opponent is not None:
                text = player_cell(opponent.start_number, opponent.name, "../", before=f"{opponent.start_number}. ",
                                   after=f" ({opponent.rating})" if opponent.rating else "")
            else:
                text = plain(BYE_TEXT.get(entry.outcome.symbol, entry.outcome.symbol))
            rounds.append(CardRound(entry.round, text, entry.colour, entry.outcome, entry.points,
                                    opponent_rating=opponent.rating if opponent else 0))
        details: list[Fact] = [
            ("Start number", player.start_number), ("Title", player.title), ("Rating", player.rating or ""),
            ("FIDE ID", player.fide_id or ""), ("Federation", player.federation), ("Club", player.club),
            ("Rank", rank.get(player.start_number, "")),
                   ("Status", f"withdrawn after round {player.withdrawn_after}" if player.withdrawn_after is not None
                    else "withdrawn" if player.is_withdrawn else "")]
        absent = sorted(set(range(1, tournament.last_round + 1)) - {r.round for r in rounds})
        if absent:  # a round with no row: entered later, or gone after a withdrawal
            details.append(("Not in round" + ("s" if len(absent) > 1 else ""), ", ".join(map(str, absent))))
        rated = site.rated.get(player.member_id) if player.member_id is not None else None
        yield f"players/{player.start_number}.html", card_page(site, player.name, card(rounds, details, rated))
