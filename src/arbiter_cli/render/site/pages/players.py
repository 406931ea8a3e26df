"""``players/<start_number>.html`` of an individual event: each player's card
(:mod:`arbiter_cli.render.site.cards`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter_cli.core.model import Player
from arbiter_cli.core.points import fraction_terms
from arbiter_cli.core.outcome import RoundEntry, kept_round_entries
from arbiter_cli.ratings.fide import expected_change
from arbiter_cli.render.printing import BYE_TEXT
from arbiter_cli.render.rating_report import list_name
from arbiter_cli.render.site.blocks import Cell, Fact, name_cell, plain, player_cell
from arbiter_cli.render.site.cards import CardRound, Current, bye_words, card, card_page, points_words
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import personal
from arbiter_cli.render.site.sites import EventSite, Made, keyed_page, points_after
from arbiter_cli.store.site import Page

if TYPE_CHECKING:  # a club's rating report: loaded by a club's tournament only
    from arbiter_cli.ratings.club import StoredRow

SITES = frozenset({"event"})
ORDER = 40
KEYED = True
#: Where a card's rank goes in the page kept by :func:`ranked_page` (a private-use character and a
#: word, text HTML shows as it is and no name of the event holds but by chance, which is checked).
RANK_MARK = "\ue000rank\ue000"
_MARK_BYTES = RANK_MARK.encode("utf-8")
#: A rank as a card shows it: ``3``, or a shared place ``3-5``.
_PLAIN_RANK = re.compile(r"[0-9]+(-[0-9]+)?")


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


def pages(site: EventSite) -> Iterator[tuple[str, Made]]:
    tournament = site.tournament
    last = tournament.last_round
    entries = kept_round_entries(tournament)  # (the last round's standings read them: made once)
    final = site.standings[last]
    rank = {row.player.start_number: row.rank_label for row in final.rows}
    boards = {rnd.number: {n: g.board for g in rnd.games for n in (g.white, g.black)} for rnd in tournament.rounds}
    before = points_after(site, max(last - 1, 0))
    ratings = {p.start_number: p.rating or None for p in tournament.players}  # B.02, on the event's FIDE list
    registration = site.digests.registration if site.digests is not None else None
    earlier = _earlier_rounds(site, entries, boards, last)
    for player in tournament.players:
        number = player.start_number
        mine = entries[number]
        now = mine[-1] if mine and mine[-1].round == last else None  # (a player's entries are in round order)
        opponent = now.opponent if now is not None else None
        rated = site.rated.get(player.member_id) if player.member_id is not None else None
        path = f"players/{number}.html"
        # A card reads the registration (every player's name and rating, the settings), the player's
        # own rounds and boards (those before the last as one digest), their rank, and their opponent's
        # board and points before the last round.
        parts: tuple[object, ...]
        if earlier is not None:  # the last round's entry and points as their plain values (issue 29: a key
            # of a card written without a reducer of a dataclass, a member or a fraction)
            points = before.get(opponent) if opponent is not None else None
            parts = (registration, last, earlier[number], None if now is None else (
                now.round, now.outcome.value, *fraction_terms(now.points), now.opponent, now.colour,
                boards.get(last, {}).get(number)), boards.get(last, {}).get(opponent) if opponent is not None else None,
                fraction_terms(points) if type(points) is Fraction else points, rated)
        else:
            parts = (registration, last, tuple(mine), tuple(boards[e.round].get(number) for e in mine),
                     boards.get(last, {}).get(opponent) if opponent is not None else None,
                     before.get(opponent) if opponent is not None else None, rated)
        yield path, ranked_page(site, path, parts, rank.get(number, ""),
                                partial(player_page, site, player, mine, now, boards=boards, before=before,
                                        ratings=ratings, rated=rated))


def _earlier_rounds(site: EventSite, entries: Mapping[int, Sequence[RoundEntry]], boards: dict[int, dict[int, int]],
                    last: int) -> dict[int, object] | None:
    """Each player's entries and boards in the rounds before the last, as one digest a player, for the
    keys of their cards: made once for the event up to the round before the last (its digest) and kept
    with the pages (issue 29: a result in the last round changes none of them, and a key then reads one
    round of each player's rather than all). None without a store (no key is made) or a faithful digest.
    Each entry is digested as its fields' plain values (issue 29: a reducer for each of 11,000 entries,
    outcomes and fractions took a publish after a correction 40 ms)."""
    if site.memo.store is None or site.digests is None or not site.digests.valid:
        return None
    return site.memo.digests(("player rounds", last - 1, site.digests.upto(max(last - 1, 0))),
                             lambda: {number: (tuple((e.round, e.outcome._value_, *fraction_terms(e.points), e.opponent,
                                                      e.colour) for e in mine if e.round < last),
                                               tuple(boards[e.round].get(number) for e in mine if e.round < last))
                                      for number, mine in entries.items()})


def ranked_page(site: EventSite, path: str, parts: tuple[object, ...], rank: str,
                make: Callable[[str], str]) -> bytes | Page:
    """A card whose rank is put in after it is made (issue 29): one result of the last round moves the
    ranks of many players whose cards are otherwise the same, so the page is kept with
    :data:`RANK_MARK` where the rank goes (``make(shown)``: the page with the rank ``shown``), and
    the rank, digits and a dash that HTML shows as they are, replaces it. A card without a rank (a
    withdrawn player's shows no line) is kept with it, as is one whose page would show the mark more
    than once (a name holding it). A kept :class:`Page` gives one whose token is its own and the rank,
    the rank put in when its bytes are asked for."""
    if not rank or not _PLAIN_RANK.fullmatch(rank):
        return keyed_page(site, path, (*parts, rank), lambda: make(rank))
    kept = keyed_page(site, path, (*parts, RANK_MARK), lambda: make(RANK_MARK))

    def ranked(kept: bytes) -> bytes:
        if kept.count(_MARK_BYTES) != 1:
            found = keyed_page(site, path, (*parts, rank), lambda: make(rank))
            return found if isinstance(found, bytes) else found.data()
        return kept.replace(_MARK_BYTES, rank.encode("ascii"))  # (UTF-8 bytes: the mark is found as in the text)

    if isinstance(kept, Page):
        return Page(f"{kept.token} {rank}", lambda: ranked(kept.data()))
    return ranked(kept)


def player_page(site: EventSite, player: Player, mine: Sequence[RoundEntry], now: RoundEntry | None, rank: str,
                boards: dict[int, dict[int, int]], before: dict[int, Fraction], ratings: dict[int, int | None],
                rated: StoredRow | None) -> str:
    """``players/N.html``: the card of ``player`` (``mine``: their rounds, ``now``: the last one)."""
    tournament = site.tournament
    by_tpn = tournament.by_number
    rounds = []
    for entry in mine:
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
        ("Rank", rank),
        ("Status", f"withdrawn after round {player.withdrawn_after}" if player.withdrawn_after is not None
         else "withdrawn" if player.is_withdrawn else "")]
    absent = sorted(set(range(1, tournament.last_round + 1)) - {r.round for r in rounds})
    if absent:  # a round with no row: entered later, or gone after a withdrawal
        details.append(("Not in round" + ("s" if len(absent) > 1 else ""), ", ".join(map(str, absent))))
    expected = ((list_name(tournament), expected_change(player, mine, ratings, tournament.settings))
                if player.member_id is None else None)
    return card_page(site, player.name, card(
        current(site, now, boards.get(tournament.last_round, {}), before), rounds, details, rated, expected))
