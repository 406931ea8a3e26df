"""``players/<start_number>.html`` of a team event: each player's card (board, opponent,
colour, result, running score), from the team cards of the lifecycle."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from fractions import Fraction

from arbiter_cli.core.points import total
from arbiter_cli.lifecycle.team_cards import PlayerCard
from arbiter_cli.render.site.blocks import Fact, plain, player_cell, team_cell
from arbiter_cli.render.site.cards import CardRound, Current, bye_words, card as player_card, card_page, points_words
from arbiter_cli.render.site.parts import personal
from arbiter_cli.lifecycle.team_cards import TeamCard
from arbiter_cli.render.site.sites import TeamSite, Made, card_digest, keyed_page

SITES = frozenset({"team"})
ORDER = 40
KEYED = True


class _LastRound:
    """What every card's current round reads of the last round paired, read once for a site's cards
    (issue 29: 1,200 players): the round, each team's bye in it, and the words of each opponent's
    points before it (``3½ points``), each made once."""

    def __init__(self, site: TeamSite, cards: dict[int, PlayerCard]) -> None:
        tournament = site.tournament
        self.number = tournament.last_round
        self.round = tournament.round(self.number)
        self.byes = {bye.team: bye for bye in reversed(self.round.byes)} if self.round is not None else {}  # the first
        self.cards = cards
        self._words: dict[Fraction, str] = {}

    def points_before(self, player: int) -> str:
        """The words of ``player``'s points before the round (none without a card: 0 points)."""
        their = self.cards.get(player)
        last = self.number
        before = total([s.points for s in their.seats if s.round < last]) if their else Fraction(0)
        found = self._words.get(before)
        if found is None:
            found = self._words[before] = points_words(before)
        return found


def current(site: TeamSite, team: int, entry: PlayerCard, cards: dict[int, PlayerCard],
            now: _LastRound | None = None) -> Current:
    """Where the player is in the last round paired: the board (``MATCH.BOARD``, as the round's page
    numbers it), the colour, the opponent with their rating and points before the round and their
    team; the team's bye; or why not (not in the line-up, a match forfeit). ``now``: the last round
    as every card reads it, when the caller has it."""
    tournament = site.tournament
    if now is None:
        now = _LastRound(site, cards)
    last, rnd = now.number, now.round
    if rnd is None:
        return Current(last)
    bye = now.byes.get(team)
    if bye is not None:
        return Current(last, bye=f"the team's {bye_words(bye.kind.value)}")
    match = rnd.match_of(team)
    seat = None
    for sat in reversed(entry.seats):  # in round order: the first of the last round's
        if sat.round < last:
            break
        if sat.round == last:
            seat = sat
    if match is None or seat is None:
        why = "the match is forfeited" if match is not None and match.forfeit is not None else "not in the line-up"
        return Current(last, absent=why)
    board = f"{match.number}.{seat.board}"
    colour = _COLOURS.get(seat.colour, "")
    other = tournament.by_team.get(seat.opponent_team) if seat.opponent_team is not None else None
    if seat.opponent is None:
        team_of = (team_cell(other.number, other.name, "../", before=" (", after=")"),) if other is not None else ()
        return Current(last, board, colour, absent=f"board {board}, {colour}: the opponent's board is empty",
                       more=team_of)
    more = (team_cell(other.number, other.name, "../", before=" of "),) if other is not None else ()
    opponent = tournament.by_number[seat.opponent]
    return Current(last, board, colour, player_cell(opponent.start_number, opponent.name, "../"),
                   opponent.rating or None, now.points_before(seat.opponent), more=more)


_COLOURS: dict[str | None, str] = {"w": "White", "b": "Black"}


def pages(site: TeamSite) -> Iterator[tuple[str, Made]]:
    tournament = site.tournament
    cards = {entry.player.start_number: entry for card in site.cards for entry in card.players}
    registration = site.digests.registration if site.digests is not None else None
    last = _LastRound(site, cards)
    for card in site.cards:
        for entry in card.players:
            now = current(site, card.team.number, entry, cards, last)
            path = f"players/{entry.player.start_number}.html"
            # A card reads the registration (every team, player and rating), the player's own card
            # (team, place, every round's seat and result) and where they are in the last round.
            parts = (registration, tournament.last_round, card.team.number, card_digest(site, entry), now)
            yield path, keyed_page(site, path, parts, partial(player_page, site, card, entry, now))


def player_page(site: TeamSite, card: TeamCard, entry: PlayerCard, now: Current) -> str:
    """``players/N.html``: the card of a player of ``card``'s team (``now``: the last round)."""
    tournament = site.tournament
    by_tpn, by_team = tournament.by_number, tournament.by_team
    team = card.team
    player = entry.player
    rounds = []
    for seat in entry.seats:
        opponent = by_tpn.get(seat.opponent) if seat.opponent is not None else None
        other = by_team.get(seat.opponent_team) if seat.opponent_team is not None else None
        text = (player_cell(opponent.start_number, opponent.name, "../",
                            after=f" ({opponent.rating})" if opponent.rating else "")
                if opponent is not None else plain("(empty board)"))
        if other is not None:
            text = text._replace(more=(team_cell(other.number, other.name, "../", before=" · "),))
        rounds.append(CardRound(seat.round, text, seat.colour, seat.outcome, seat.points, str(seat.board),
                                opponent.rating if opponent is not None else 0))
    details: list[Fact] = [
        ("Team", team_cell(team.number, team.name, "../")),
        ("Place on the roster", f"{entry.place}{' (reserve)' if entry.reserve else ''}"),
        ("Start number", player.start_number), ("Title", player.title), ("Rating", player.rating or ""),
        ("FIDE ID", personal(site, player.fide_id)), ("Born", personal(site, player.birth_date)), ("Federation", player.federation)]
    return card_page(site, player.name, player_card(now, rounds, details, None))
