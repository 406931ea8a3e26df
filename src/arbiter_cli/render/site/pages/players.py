"""``players/<start_number>.html`` of an individual event: each player's card
(:mod:`arbiter_cli.render.site.cards`)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from arbiter_cli.core.outcome import RoundEntry, round_entries
from arbiter_cli.ratings.fide import expected_changes
from arbiter_cli.render.printing import BYE_TEXT
from arbiter_cli.render.rating_report import list_name
from arbiter_cli.render.site.blocks import Cell, Fact, name_cell, plain, player_cell
from arbiter_cli.render.site.cards import CardRound, Current, bye_words, card, card_page, points_words
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import personal
from arbiter_cli.render.site.sites import EventSite

SITES = frozenset({"event"})
ORDER = 40


def nav(site: EventSite) -> Link:
    return Link("Players", "index.html#players")


def current(site: EventSite, entry: RoundEntry | None, boards: dict[int, int],
            before: dict[int, Fraction]) -> Current:
    """Where the player is in the last round paired: the board, the colour, the opponent with their
    rating and points before the round (``before``: start number -> points); the bye; or not paired (a
    late entry, a withdrawal)."""
    last = site.tournament.last_round
    if entry is None:
        return Current(last)
    if entry.opponent is None:
        return Current(last, bye=bye_words(entry.outcome.symbol))
    opponent = site.tournament.by_number[entry.opponent]
    return Current(last, str(boards.get(entry.opponent, "")), "White" if entry.colour == "w" else "Black",
                   player_cell(opponent.start_number, opponent.name, "../"), opponent.rating or None,
                   points_words(before.get(opponent.start_number, 0)))


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    by_tpn = tournament.by_number
    entries = round_entries(tournament)
    final = site.standings[tournament.last_round]
    rank = {row.player.start_number: row.rank_label for row in final.rows}
    boards = {rnd.number: {n: g.board for g in rnd.games for n in (g.white, g.black)} for rnd in tournament.rounds}
    before = {row.player.start_number: row.points for row in site.standings[max(tournament.last_round - 1, 0)].rows}
    changes = {row.start_number: row for row in expected_changes(tournament)}  # B.02, on the event's FIDE list
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
                                    str(boards[entry.round].get(player.start_number, "")),
                                    opponent_rating=opponent.rating if opponent else 0))
        details: list[Fact] = [
            ("Start number", player.start_number), ("Title", player.title), ("Rating", player.rating or ""),
            ("FIDE ID", personal(site, player.fide_id)), ("Born", personal(site, player.birth_date)), ("Federation", player.federation),
            ("Club", name_cell(player.club or "")),
            ("Rank", rank.get(player.start_number, "")),
            ("Status", f"withdrawn after round {player.withdrawn_after}" if player.withdrawn_after is not None
             else "withdrawn" if player.is_withdrawn else "")]
        absent = sorted(set(range(1, tournament.last_round + 1)) - {r.round for r in rounds})
        if absent:  # a round with no row: entered later, or gone after a withdrawal
            details.append(("Not in round" + ("s" if len(absent) > 1 else ""), ", ".join(map(str, absent))))
        rated = site.rated.get(player.member_id) if player.member_id is not None else None
        now = next((e for e in entries[player.start_number] if e.round == tournament.last_round), None)
        expected = (list_name(tournament), changes[player.start_number]) if player.member_id is None else None
        yield f"players/{player.start_number}.html", card_page(site, player.name, card(
            current(site, now, boards.get(tournament.last_round, {}), before), rounds, details, rated, expected))
