"""What a published site is made from: the event (or club) and what the lifecycle computes for
it once (the standings after every round, the crosstable, the team cards), shared by the pages.

The page kinds (:mod:`arbiter_cli.render.site.pages`) read a site; none computes a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbiter_cli.core.points import fraction_terms
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.memo import EventDigests, Memo, Rounds
from arbiter_cli.store.site import Page

if TYPE_CHECKING:  # each kind's models are loaded by its own events only (issue 29: publish)
    from arbiter_cli.core.group_settings import GroupEvent
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.model import Tournament
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.team import BoardEntry, TeamRoundEntry
    from arbiter_cli.core.team_tournament import TeamTournament
    from arbiter_cli.ratings.club import Club, StoredRow
    from arbiter_cli.lifecycle.crosstable import Crosstable
    from arbiter_cli.lifecycle.knockout_standings import KnockoutRow
    from arbiter_cli.lifecycle.standings import Standings
    from arbiter_cli.lifecycle.team_cards import PlayerCard, Seat, TeamCard
    from arbiter_cli.lifecycle.team_crosstable import TeamCrosstable
    from arbiter_cli.lifecycle.team_standings import TeamStandings

__all__ = ["points_after", "SiteOptions", "EventSite", "TeamSite", "ClubSite", "KnockoutSite", "GroupSite", "Site", "event_site", "team_site",
           "club_site", "knockout_site", "group_site", "stage_after", "slug", "frame", "site_inputs", "keyed_page",
           "card_digest", "team_card_parts", "crossed_entries", "seat_values", "board_entry_values",
           "team_entry_values", "Made"]

#: A page as a page kind gives it: its HTML, its UTF-8 bytes, or a :class:`Page` read or made when
#: asked for (:func:`keyed_page`).
Made = str | bytes | Page


@dataclass(frozen=True)
class SiteOptions:
    """What the arbiter chose for a site (issue 26): ``refresh``, the seconds after which the hall
    screen (``hall.html``) reloads itself; ``personal``, whether personal data beyond a name, a title,
    a rating and a federation (a birth date, a FIDE ID's holder's club...) may be published: only when
    the arbiter asks (``arbiter publish --personal-data``)."""

    refresh: int = 30
    personal: bool = False


class _OfAnEvent:
    """A site of an event: it is named after the event."""

    tournament: Tournament | TeamTournament | KnockoutTournament

    @property
    def name(self) -> str:
        return self.tournament.settings.name


@dataclass
class EventSite(_OfAnEvent):
    """An individual event: the standings after each round (0 to the last), the crosstable (made
    by ``crosstable_of`` when first read: a publish that makes no crosstable page does not make it,
    issue 29), and the club's rating report of the event when a club has rated it (member id -> row)."""

    tournament: Tournament
    standings: Mapping[int, Standings]
    crosstable_of: Callable[[], Crosstable]
    rated: dict[int, StoredRow] = field(default_factory=dict)
    nav: list[Link] = field(default_factory=list)
    options: SiteOptions = field(default_factory=SiteOptions)
    kind: str = "event"
    prizes: PrizeTable | None = None
    memo: Memo = field(default_factory=Memo)
    digests: EventDigests | None = None
    _crosstable: Crosstable | None = field(default=None, init=False, repr=False)

    @property
    def crosstable(self) -> Crosstable:
        if self._crosstable is None:
            self._crosstable = self.crosstable_of()
        return self._crosstable


@dataclass
class TeamSite(_OfAnEvent):
    """A team event: the team standings after each round, the team crosstable, the team cards."""

    tournament: TeamTournament
    standings: Mapping[int, TeamStandings]
    crosstable: TeamCrosstable
    cards: tuple[TeamCard, ...]
    nav: list[Link] = field(default_factory=list)
    options: SiteOptions = field(default_factory=SiteOptions)
    kind: str = "team"
    prizes: PrizeTable | None = None
    memo: Memo = field(default_factory=Memo)
    digests: EventDigests | None = None


@dataclass
class KnockoutSite(_OfAnEvent):
    """A knockout event (issue 18): the bracket as plain data
    (:func:`arbiter_cli.render.knockout_views.bracket_data`) and the standings by round reached."""

    tournament: KnockoutTournament
    bracket: dict[str, Any]
    standings: list[KnockoutRow]
    nav: list[Link] = field(default_factory=list)
    options: SiteOptions = field(default_factory=SiteOptions)
    kind: str = "knockout"
    prizes: PrizeTable | None = None
    memo: Memo = field(default_factory=Memo)
    digests: EventDigests | None = None


@dataclass
class GroupSite:
    """A group event (issue 18): its registration and ``[groups]`` on top, and each stage that
    exists (``A``, ``B``, ..., ``final``) as a site of its own: a round robin's
    :class:`EventSite`, or a knockout final's :class:`KnockoutSite`. Its pages are the top ones;
    each stage's are published under ``stages/NAME/``."""

    event: GroupEvent
    stages: dict[str, EventSite | KnockoutSite]
    nav: list[Link] = field(default_factory=list)
    options: SiteOptions = field(default_factory=SiteOptions)
    kind: str = "groups"
    memo: Memo = field(default_factory=Memo)

    @property
    def tournament(self) -> Tournament:
        return self.event.tournament

    @property
    def name(self) -> str:
        return self.event.tournament.settings.name


@dataclass
class ClubSite:
    """A club: its members and ratings, and each rated tournament's report under its page's slug
    (slug -> tournament folder name)."""

    club: Club
    events: dict[str, str]
    nav: list[Link] = field(default_factory=list)
    options: SiteOptions = field(default_factory=SiteOptions)
    kind: str = "club"
    memo: Memo = field(default_factory=Memo)

    @property
    def name(self) -> str:
        return self.club.settings.name


Site = EventSite | TeamSite | ClubSite | KnockoutSite | GroupSite


def event_site(tournament: Tournament, rated: Mapping[int, StoredRow] | None = None,
               prizes: PrizeTable | None = None, memo: Memo | None = None,
               files: tuple[str, Sequence[str]] | None = None) -> EventSite:
    """The site of an individual event: standings with the announced tie-breaks after every round
    (each computed once, when a page first reads it, or found in ``memo``), and the prize fund of
    its ``prizes.toml``, if any. ``files``: the digests of the files it was read from, when its
    folder gives them (:class:`arbiter_cli.render.site.memo.EventDigests`)."""
    from arbiter_cli.lifecycle.crosstable import crosstable
    from arbiter_cli.lifecycle.standings import compute_standings

    memo = memo or Memo()
    codes = tournament.settings.effective_tiebreaks
    digests = EventDigests(tournament, whole=tournament.settings.system.is_round_robin, files=files)
    standings = Rounds(tournament.last_round, "standings", digests, memo,
                       lambda after: compute_standings(tournament, after, codes), stored=False)
    if digests.valid:  # the points before each round are kept, though only a page made late may read them
        for after in range(tournament.last_round + 1):  # (after the build's end, which removes what it did not use)
            memo.keep_value((POINTS_AFTER, after, digests.upto(after)))
    return EventSite(tournament, standings, lambda: crosstable(tournament, tournament.last_round, codes,
                                                              standings=standings[tournament.last_round]),
                     dict(rated or {}), prizes=prizes, memo=memo, digests=digests)


def team_site(tournament: TeamTournament, prizes: PrizeTable | None = None, memo: Memo | None = None,
              files: tuple[str, Sequence[str]] | None = None) -> TeamSite:
    """The site of a team event: team standings with the announced tie-breaks after every round
    (and the prize fund of its ``prizes.toml``, if any; ``files`` as :func:`event_site`'s)."""
    from arbiter_cli.lifecycle.team_cards import team_cards
    from arbiter_cli.lifecycle.team_crosstable import team_crosstable
    from arbiter_cli.lifecycle.team_finish import team_standings_of

    memo = memo or Memo()
    digests = EventDigests(tournament, whole=tournament.settings.system.is_round_robin,  # the half rule reads every round
                           files=files)
    standings = Rounds(tournament.last_round, "team standings", digests, memo,
                       lambda after: team_standings_of(tournament, after))
    last = standings[tournament.last_round]
    return TeamSite(tournament, standings, team_crosstable(tournament, tournament.last_round, None, None, last),
                    team_cards(tournament), prizes=prizes, memo=memo, digests=digests)


def knockout_site(tournament: KnockoutTournament, prizes: PrizeTable | None = None,
                  memo: Memo | None = None) -> KnockoutSite:
    """The site of a knockout event: its bracket and its standings (and the prize fund of its
    ``prizes.toml``, if any)."""
    from arbiter_cli.lifecycle.knockout_standings import knockout_standings
    from arbiter_cli.render.knockout_views import bracket_data

    memo = memo or Memo()
    return KnockoutSite(tournament, bracket_data(tournament), knockout_standings(tournament), prizes=prizes, memo=memo,
                        digests=EventDigests(tournament, whole=True))


def stage_after(stage: Tournament) -> int:
    """The round a group stage's standings are shown after: the last one with a result (every
    round of a stage is paired at once; ``arbiter standings`` of a group event shows the same)."""
    return max((rnd.number for rnd in stage.rounds if any(g.result is not None for g in rnd.games)), default=1)


def group_site(event: GroupEvent, stages: Mapping[str, Tournament | KnockoutTournament],
               prizes: Mapping[str, PrizeTable | None] | None = None, memo: Memo | None = None) -> GroupSite:
    """The site of a group event: each stage's own site, a round robin's or a knockout's (with the
    prize fund of the stage's ``prizes.toml``, if any)."""
    from arbiter_cli.core.knockout import KnockoutTournament

    funds = prizes or {}
    memo = memo or Memo()
    return GroupSite(event, {name: knockout_site(stage, funds.get(name), memo) if isinstance(stage, KnockoutTournament)
                             else event_site(stage, prizes=funds.get(name), memo=memo) for name, stage in stages.items()},
                     memo=memo)


def slug(name: str, taken: Sequence[str] = ()) -> str:
    """A file name for a tournament's page: letters, digits, ``.``, ``_`` and ``-`` kept, any other
    run of characters one ``-``; a name already taken gets ``-2``, ``-3``...

    >>> slug("Rapid 2026/1"), slug("a", ["a"]), slug("..")
    ('Rapid-2026-1', 'a-2', 'event')
    """
    base = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.") or "event"
    found, number = base, 1
    while found in taken:
        number += 1
        found = f"{base}-{number}"
    return found


def club_site(club: Club, memo: Memo | None = None) -> ClubSite:
    """The site of a club: a page per tournament in its rating report."""
    events: dict[str, str] = {}
    for row in club.ratings:
        if row.tournament not in events.values():
            events[slug(row.tournament, list(events))] = row.tournament
    return ClubSite(club, events, memo=memo or Memo())


def frame(site: Site) -> tuple[object, ...]:
    """What every page of a site shows around its body: the site's kind, name and navigation, and
    the arbiter's options (a page's key holds them)."""
    return site.kind, site.name, tuple(site.nav), site.options


def site_inputs(site: Site) -> tuple[object, ...]:
    """Everything a site's pages are made from, but the code: the event's model (its digest) and
    what the event's folder adds to it (the club's rating report, the prize fund), or the club."""
    if isinstance(site, ClubSite):
        return frame(site), site.club, tuple(site.events.items())
    if isinstance(site, GroupSite):
        return frame(site), site.event, tuple((name, site_inputs(stage)) for name, stage in site.stages.items())
    whole = site.digests.everything if site.digests is not None and site.digests.valid else site.tournament
    rated = tuple(site.rated.items()) if isinstance(site, EventSite) else ()
    return frame(site), whole, rated, site.prizes


def keyed_page(site: EventSite | TeamSite | KnockoutSite, path: str, parts: tuple[object, ...],
               make: Callable[[], str], share: int | None = None) -> bytes | Page:
    """A page of a ``KEYED`` page kind (:mod:`arbiter_cli.render.site.pages`), as its UTF-8 bytes:
    ``make()``, or the page made by an earlier build from the same inputs (``parts``: everything the
    page reads of the event, as digests of :attr:`EventSite.digests` and values; the site's frame and
    the code are added). With the site's cache, a :class:`Page` read or made only when asked for
    (:meth:`Memo.page`): ``make`` then reads no loop's variable but as a default argument. ``share``:
    the round whose standings the page reads, and no other (:attr:`arbiter_cli.store.site.Page.share`)."""
    if site.digests is None or not site.digests.valid:
        return make().encode("utf-8")
    return site.memo.page((path, site.memo.summary(frame(site)), *parts), make, share)


#: What the points after a round are kept as (:func:`points_after`).
POINTS_AFTER = "points after"


def points_after(site: EventSite, after: int) -> dict[int, Fraction]:
    """Each player's points after round ``after`` (start number -> points), as the standings after it
    give them: read once per build, and kept on their own under the event's digest up to that round
    (issue 29: the pairings of the last round, the hall screen and the cards read the points before
    it, not the standings, whose tie-breaks cost most of their reading, and which a round's pairings
    no longer wait for: :func:`arbiter_cli.store.site.make_apart`)."""
    def make() -> dict[int, Fraction]:
        from arbiter_cli.lifecycle.standings import points_after_round

        return points_after_round(site.tournament, after)

    def kept() -> dict[int, Fraction]:
        digests = site.digests
        if digests is None or not digests.valid:
            return make()
        # stored as each distinct score's terms and each player's score by its place among them
        terms, places = site.memo.value((POINTS_AFTER, after, digests.upto(after)), lambda: _by_score(make()))
        scores = [Fraction(top, bottom) for top, bottom in terms]
        return {number: scores[place] for number, place in places}

    found: dict[int, Fraction] = site.memo.built(("points after", id(site), after), kept)
    return found


def _by_score(points: dict[int, Fraction]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """Points by player as each distinct score's terms and each player's place among them (each score
    object looked at once: a thousand players' points are a few dozen objects, and a fraction is hashed
    in Python)."""
    scores: dict[tuple[int, int], int] = {}
    seen: dict[int, int] = {}
    places = []
    for number, value in points.items():
        place = seen.get(id(value))  # (the objects live as long as ``points``)
        if place is None:
            terms = fraction_terms(value) if type(value) is Fraction else fraction_terms(Fraction(value))
            place = seen[id(value)] = scores.setdefault(terms, len(scores))
        places.append((number, place))
    return tuple(scores), tuple(places)


def card_digest(site: TeamSite, entry: PlayerCard) -> object:
    """A player's card as the keys of pages read it (their own card's, their team's), its digest made
    once per build: every field but the player, by start number, as the registration's digest
    (:attr:`EventDigests.registration`, in every such key) holds the player's every field."""
    earlier = _earlier_seats(site)
    last = site.tournament.last_round

    def parts() -> tuple[object, ...]:
        values: list[object] = [entry.player.start_number]
        for name in _names_but(type(entry), "player"):
            value = getattr(entry, name)
            if name == "seats" and earlier is not None:  # those before the last round as one digest
                value = (earlier[entry.player.start_number], tuple(seat_values(seat) for seat in value
                                                                   if seat.round == last))
            values.append((name, value))
        return tuple(values)

    return site.memo.once(entry, parts)


def _earlier_seats(site: TeamSite) -> dict[int, object] | None:
    """Each player's seats in the rounds before the last, as one digest a player, for the keys of the
    cards: made once for the event up to the round before the last (its digest; every round with the
    half rule, which a withdrawal reaches back with) and kept with the pages (issue 29: a result in the
    last round changes none of them). None without a store (no key is made) or a faithful digest."""
    digests = site.digests
    if site.memo.store is None or digests is None or not digests.valid:
        return None
    last = site.tournament.last_round
    made: dict[int, object] = site.memo.built(("earlier seats", id(site)), lambda: site.memo.digests(
        ("team player seats", last - 1, digests.upto(max(last - 1, 0))),
        lambda: {entry.player.start_number: tuple(seat_values(seat) for seat in entry.seats if seat.round < last)
                 for card in site.cards for entry in card.players}))
    return made


def crossed_entries(site: TeamSite, number: int, entries: Sequence[Any]) -> object:
    """A team's rounds of the crosstable (``entries``, each with its boards) as the key of its page
    reads them: those before the last round as one digest a team, made once for the event up to the
    round before the last (its digest; every round with the half rule of a round robin, which
    reaches back) and kept with the pages (issue 29: a result in the last round changes none of
    them, and 200 teams' pages read nine rounds of six boards each), then the last round's. Without
    a store or a faithful digest, the entries themselves."""
    digests = site.digests
    if site.memo.store is None or digests is None or not digests.valid:
        return tuple(entries)
    last = site.tournament.last_round
    earlier: dict[int, object] = site.memo.built(("earlier team entries", id(site)), lambda: site.memo.digests(
        ("team crosstable entries", last - 1, digests.upto(max(last - 1, 0))),
        lambda: {row.team.number: tuple(team_entry_values(entry) for entry in row.entries if entry.round < last)
                 for row in site.crosstable.rows}))
    if number not in earlier:
        return tuple(entries)
    return earlier[number], tuple(team_entry_values(entry) for entry in entries if entry.round >= last)


def seat_values(seat: Seat) -> tuple[object, ...]:
    """A player's seat (:class:`~arbiter_cli.lifecycle.team_cards.Seat`) as the plain values a key's
    digest reads, every field in its order, the outcome by its value and points by their terms (issue 29:
    pickle writes these in C, where a seat took it a call into Python for itself, its outcome and
    its points; 11,000 seats after a correction in round 5)."""
    return (seat.round, seat.board, seat.colour, seat.opponent, seat.opponent_team, seat.outcome._value_,
            *_terms(seat.points), seat.counted)


def board_entry_values(board: BoardEntry) -> tuple[object, ...]:
    """A team's board of a match (:class:`~arbiter_cli.core.team.BoardEntry`) as :func:`seat_values`
    writes a seat."""
    return (board.board, board.player, board.opponent, board.outcome._value_, *_terms(board.points), board.colour)


def team_entry_values(entry: TeamRoundEntry) -> tuple[object, ...]:
    """A team's round (:class:`~arbiter_cli.core.team.TeamRoundEntry`) as :func:`seat_values` writes a
    seat, its boards as :func:`board_entry_values` writes them."""
    return (entry.round, entry.outcome._value_, entry.opponent, *_terms(entry.match_points),
            *_terms(entry.game_points), tuple(map(board_entry_values, entry.boards)), entry.colour)


def _terms(points: Fraction | int) -> tuple[int, int]:
    """Points as their two terms (a whole number given as an ``int``: over 1)."""
    return fraction_terms(points) if type(points) is Fraction else (int(points), 1)


def team_card_parts(site: TeamSite, card: TeamCard) -> tuple[object, ...]:
    """A team's card as the key of its page reads it: its players' cards by :func:`card_digest`, and
    its every other field."""
    return (tuple(card_digest(site, entry) for entry in card.players),
            *((name, getattr(card, name)) for name in _names_but(type(card), "players")))


#: The names of a dataclass's fields but one, by the class and that one (:func:`_names_but`).
_NAMES: dict[tuple[type, str], tuple[str, ...]] = {}


def _names_but(kind: type, left_out: str) -> tuple[str, ...]:
    """The names of a dataclass's fields but ``left_out``, read once per class (a key of each of 1,200
    cards reads them)."""
    found = _NAMES.get((kind, left_out))
    if found is None:
        found = _NAMES[kind, left_out] = tuple(f.name for f in fields(kind) if f.name != left_out)
    return found
