"""The prize list: who gets what, from the final ranking and ``prizes.toml`` (issue 18, "Prizes").

The rules (the federation regulations quoted in the issue; ``fide-rules.md`` §9: FIDE itself
prescribes no split, the regulations decide), each pinned by a test of the same name:

* **One cash prize per player, the largest they can get, whatever the split** (issue 25, fault
  6). Every prize list (the places, then each category in the order of ``prizes.toml``) is worked
  out over the players who may win it and have not taken a prize elsewhere. Players are given
  their prizes one at a time, the largest amount on offer first; a player given a prize leaves
  every other list, and **the next eligible player moves up** there. Then a player who could now
  get more in another list (a share of the places grows as others leave its pool) takes it, the
  best-ranked first, until nobody can get more anywhere else. A player's choice is made on the
  amounts they can get, the place share by the configured split (shared, Hort or none), and is
  made the same way in every split: the split changes the amounts, never the rule.
* **A category prize goes by rank**, as a title does (the tie-breaks decide): the players of a
  category occupy its places in the order of the standings, ties on points included, and each
  place pays its own prize. Only the **places** share money between
  players tied on points (the ``split``). So of two players tied for a category prize, the
  better-ranked has the first claim on it, whether the place prizes are shared, split by Hort or
  not shared at all (before issue 25 a category was split like the places, and a Hort share of
  the places could take a senior prize from the better-ranked senior it belonged to). The same
  holds for a team event's board prizes, each ranked by its own order.
* **The order among prizes of equal value**: when a player could take the same amount from two
  lists, the place prize comes first, then the categories in the order of ``prizes.toml``. Two
  players offered the same share of the places are served from the lower-ranked up (an offer only
  grows while a player waits), two offered the same category prize from the better-ranked down.
* **Why**: each prize given says why (:attr:`Award.why`): the prize taken against the best one
  the player could have taken instead, the others' choices as they stand
  (``"Senior 250.00 > places 4-10 227.50"``; ``"places 4-9 202.50 > Senior (2) 100.00: No 3 ranks
  higher there"``). Only a prize with money is an alternative: a place in another list that pays
  nothing (its prizes taken by players ranked above, ``Senior (2) 0.00``) is none, and a player
  with no other prize worth anything reads ``"no other prize open"``.
* **Shared** (``split = "shared"``, the default, as in the regulations: "players who share
  places on points share the money of those places equally"): players tied on points occupy
  consecutive places; the prizes of those places are pooled and each takes an equal share (a
  place beyond the list pays 0). A player who can get more from a category takes that instead,
  and the pool is worked out again without them.
* **Hort** (``split = "hort"``, §9): each tied player keeps half the prize of the place reached on
  tie-breaks (rounded down to the cent); the rest is pooled and shared equally. A player with no
  tie keeps it all. (§9 says amounts are "normally rounded to whole units"; we keep cents, exact.)
* **Tiebreak** (``split = "tiebreak"``): no sharing on points; the place on tie-breaks pays its
  prize. Players still tied after every tie-break (a shared place in the standings, no lots drawn)
  share the prizes of the places they occupy equally, as under ``shared`` (the trial of issue 29:
  they were paid in start-number order).
* **Money is exact**: integer cents. The cents of a pool that cannot be split equally go one each
  to the tied players in tie-break order, and the prize list says so (:attr:`PrizeList.notes`).
* **Withdrawn and expelled players are left out**: they take no place, and the players below them
  move up. (The folder records both as ``withdrawn``.)
* Ties for a title or a qualification are broken by tie-breaks (the ranking), while money is shared.

The engine (:func:`award_prizes`) knows nothing of tournaments: it reads ranked
:class:`Entrant` values, so the team prizes and the board prizes of a team event use it as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.core.prizes import PLACES, PrizeTable, Split, eligible, format_money
from arbiter_cli.lifecycle.standings import Standings, compute_standings

if TYPE_CHECKING:
    from arbiter_cli.lifecycle.change import Change

__all__ = ["Entrant", "PrizeSpec", "Award", "PrizeList", "award_prizes", "prize_specs", "prize_list",
           "ranked_prize_list", "prize_list_changes"]


class Entrant(NamedTuple):
    """One who may win prizes, in ranking order: a key (start number or team number), a name, the
    score ties are shared on, and the lists (by name) they may win (a list with its own ranking
    reads only the names)."""

    key: int
    name: str
    points: Fraction = Fraction(0)
    lists: frozenset[str] = frozenset()
    place: int | None = None  # the rank in the standings (equal: tied on every tie-break); None: unknown


class PrizeSpec(NamedTuple):
    """One prize list: its name and the amounts of its places, in cents (not increasing).

    ``ranking`` is the list's own order when it has one (a board prize ranks the players of one
    board by their performance): (key, the score ties are shared on), best first. Without it, the
    list ranks the entrants who may win it in the order given, sharing ties on their points."""

    name: str
    amounts: tuple[int, ...]
    ranking: tuple[tuple[int, object], ...] | None = None


class Award(NamedTuple):
    """A prize given: to whom, from which list, for which places (``first``..``last``, from 1;
    more than one when shared), and the amount in cents.

    ``instead`` is the best prize the player could have taken in another list, the others'
    choices as they stand (None: no other list pays them anything), and ``ahead`` the players who
    took that list's prizes ranked above them there (by rank, when the list is a category)."""

    key: int
    name: str
    list_name: str
    first: int
    last: int
    amount: int
    instead: Award | None = None
    ahead: tuple[int, ...] = ()
    odd: bool = False  # the amount holds a cent of a pool that could not be split (it does not count in a choice)

    @property
    def prize(self) -> str:
        """The place or category name, as the JSON's ``prize``: ``"place 1"``, ``"places 2-4"``,
        ``"Best woman"`` (its first prize alone), ``"Best woman (2)"``, ``"U1800 (1-2)"``."""
        places = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        if self.list_name == PLACES:
            return f"place {places}" if self.first == self.last else f"places {places}"
        return self.list_name if places == "1" else f"{self.list_name} ({places})"

    @property
    def why(self) -> str:
        """Why the player got this prize, in full (the CSV's and JSON's ``why``): the prize taken
        against the best one they could have taken instead.

        >>> roth = Award(3, "Roth", "Senior", 1, 1, 25000, Award(3, "Roth", PLACES, 4, 10, 22750))
        >>> roth.why
        'Senior 250.00 > places 4-10 227.50'
        >>> Award(28, "Young", PLACES, 4, 9, 20250, Award(28, "Young", "Senior", 2, 2, 10000), (3,)).why
        'places 4-9 202.50 > Senior (2) 100.00: No 3 ranks higher there'
        >>> Award(28, "Young", PLACES, 4, 9, 20250).why
        'no other prize open'
        """
        other = self.instead
        if other is None:
            return "no other prize open"
        text = f"{self.prize} {format_money(self.amount)} {self._compared()} {other.prize} {format_money(other.amount)}"
        if self._compared() == "=" and other.list_name != PLACES:
            text += ": the place prize first" if self.list_name == PLACES else ": the first in prizes.toml"
        if self.ahead:
            text += f": No {', '.join(str(key) for key in self.ahead)} "
            text += f"{'ranks' if len(self.ahead) == 1 else 'rank'} higher there"
        return text

    @property
    def why_short(self) -> str:
        """:attr:`why` for a table of 80 columns: what the player was offered instead
        (``"> places 4-10 227.50"``), empty when nothing else was open."""
        other = self.instead
        if other is None:
            return ""
        return f"{self._compared()} {other.prize} {format_money(other.amount)}"

    def _compared(self) -> str:
        assert self.instead is not None
        mine, other = self.amount - self.odd, self.instead.amount - self.instead.odd
        return ">" if mine > other else "=" if mine == other else "<"


class PrizeList(NamedTuple):
    """The prizes given, in the order of the lists and places, and notes on how odd cents went."""

    awards: tuple[Award, ...]
    currency: str
    split: Split
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(a.amount for a in self.awards)


class _Share(NamedTuple):
    amount: int
    first: int
    last: int
    odd: bool  # got one of the cents that could not be split


#: The share of a member past a list's paid places (:func:`_paid`): nothing, at no place.
_NOTHING = _Share(0, 0, 0, False)


def _shares(spec: PrizeSpec, members: Sequence[tuple[int, object]], split: Split) -> dict[int, _Share]:
    """Each member's share of one list: members in ranking order occupy its places 1, 2, ...;
    members tied on points pool the places they occupy (shared, hort) when the list is the places;
    a category's (or a board prize's) places are taken by rank, whatever the split."""
    by_rank = spec.name != PLACES  # a category's places by rank; the places' ties (on points, or under
    result: dict[int, _Share] = {}  # "tiebreak" on every tie-break, award_prizes) are shared
    start = 0
    while start < len(members):
        end = start
        while end + 1 < len(members) and members[end + 1][1] == members[start][1]:
            end += 1
        group = members[start:end + 1]
        own = [spec.amounts[i] if i < len(spec.amounts) else 0 for i in range(start, end + 1)]
        first, last = start + 1, end + 1
        if by_rank or len(group) == 1:
            for offset, (key, _) in enumerate(group):
                result[key] = _Share(own[offset], first + offset, first + offset, False)
        else:
            kept = [amount // 2 for amount in own] if split == "hort" else [0] * len(group)
            each, odd = divmod(sum(own) - sum(kept), len(group))
            for offset, (key, _) in enumerate(group):
                result[key] = _Share(kept[offset] + each + (offset < odd), first, last, offset < odd)
        start = end + 1
    return result


def _paid(spec: PrizeSpec, members: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``members`` (in ranking order, with their ties) up to the end of the last tie that
    occupies a place with a prize of ``spec``: those after it occupy places beyond the prizes
    only, and :func:`_shares` gives them nothing in any split (issue 29: the offers need only
    these, and a list of 1000 players has a few)."""
    found: list[tuple[int, int]] = []
    for key, tie in members:
        if len(found) >= len(spec.amounts) and (not found or tie != found[-1][1]):
            break
        found.append((key, tie))
    return found


def _moved(spec: PrizeSpec, key: int, split: Split, ranking: tuple[tuple[int, int], ...], taken: dict[int, str]
           ) -> _Share:
    """What ``key`` gets in ``spec``'s list if they take their prize there, the others' choices as they stand.
    The members after the last tie that occupies a paid place are left out (:func:`_paid`, issue 29):
    ``key`` among them gets nothing (a share of 0, no odd cent, at no place: only its amount is read)."""
    moved = _paid(spec, ((k, score) for k, score in ranking if k == key or taken.get(k, spec.name) == spec.name))
    return _shares(spec, moved, split).get(key, _NOTHING)


def _ties(ranking: Sequence[tuple[int, object]]) -> tuple[tuple[int, int], ...]:
    """A list's ranking with each score replaced by the number of its tie (0, 1, ...): ties are
    runs of equal scores, and comparing numbers is quicker than comparing fractions."""
    numbered: list[tuple[int, int]] = []
    for index, (key, score) in enumerate(ranking):
        tie = numbered[-1][1] + (score != ranking[index - 1][1]) if index else 0
        numbered.append((key, tie))
    return tuple(numbered)


def _settle(entrants: Sequence[Entrant], specs: Sequence[PrizeSpec], split: Split,
            rankings: dict[str, tuple[tuple[int, int], ...]], rank: dict[str, dict[int, int]],
            taken: dict[int, str]) -> None:
    """One cash prize per player, the largest they can get: after the prizes were given largest
    offer first, a player who can now get more in another list (a share of the places grows as
    players leave the pool for a category, and shrinks as they come back) takes it, the
    best-ranked such player first, until nobody can get more elsewhere; a player left with no
    money in their list gives it up. The odd cent of a pool does not count, as in the offers."""

    def value(share: _Share) -> int:
        return share.amount - share.odd

    # the first ranking position of each position's tie: a share of the places is at most the
    # prize of the first place its tie occupies, a category's prize at most its place by rank
    tie_start: dict[str, list[int]] = {}
    for name, ranking in rankings.items():
        tie_start[name] = []
        for index, (_, tie) in enumerate(ranking):
            same = name == PLACES and index > 0 and ranking[index - 1][1] == tie
            tie_start[name].append(tie_start[name][-1] if same else index)
    limit = 4 * (len(entrants) + 1) * (len(specs) + 1)  # far more than any prize list needs
    for _ in range(limit):
        shares: dict[str, dict[int, _Share]] = {}
        above: dict[str, list[int]] = {}  # how many members each list has above a ranking position
        for spec in specs:
            ranking = rankings[spec.name]
            is_member = [taken.get(key, spec.name) == spec.name for key, _ in ranking]
            # the members past the last paid tie get nothing (_paid): they are left out, and read as _NOTHING
            shares[spec.name] = _shares(spec, _paid(spec, (entry for entry, kept in zip(ranking, is_member) if kept)),
                                        split)
            above[spec.name] = [0]
            for kept in is_member:
                above[spec.name].append(above[spec.name][-1] + kept)
        for entrant in entrants:
            key = entrant.key
            own = taken.get(key)
            current = value(shares[own].get(key, _NOTHING)) if own is not None else 0
            best: tuple[int, str] | None = None
            for spec in specs:
                if spec.name == own or key not in rank[spec.name]:
                    continue
                better = above[spec.name][tie_start[spec.name][rank[spec.name][key]]]
                if better >= len(spec.amounts) or spec.amounts[better] <= current:
                    continue  # it cannot pay them more
                offer = value(_moved(spec, key, split, rankings[spec.name], taken))
                if offer > current and (best is None or offer > best[0]):
                    best = offer, spec.name
            if best is not None:
                taken[key] = best[1]
                break
            if own is not None and shares[own].get(key, _NOTHING).amount == 0:
                del taken[key]
                break
        else:
            return
    raise AssertionError(f"the prize list did not settle in {limit} changes")  # a bug, not the arbiter's


def award_prizes(entrants: Sequence[Entrant], specs: Sequence[PrizeSpec], split: Split, currency: str = "",
                 ranked_by: str = "tie-break order") -> PrizeList:
    """The prizes of ``specs`` given to ``entrants`` (in ranking order), one each, by the rules above
    (``ranked_by``: what orders tied entrants, in the note on odd cents).

    >>> people = [Entrant(n, name, Fraction(p), frozenset({PLACES})) for n, name, p in
    ...           [(1, "A", 7), (2, "B", 7), (3, "C", 6)]]
    >>> [(a.name, a.prize, format_money(a.amount)) for a in
    ...  award_prizes(people, [PrizeSpec(PLACES, (100000, 60000, 40000))], "shared").awards]
    [('A', 'places 1-2', '800.00'), ('B', 'places 1-2', '800.00'), ('C', 'place 3', '400.00')]
    """
    order = {spec.name: index for index, spec in enumerate(specs)}
    def tie(index: int, entrant: Entrant) -> object:
        """What the places' ties are shared on: the points, or under "tiebreak" the place in the
        standings (a place shared after every tie-break; unknown: none shared)."""
        if split != "tiebreak":
            return entrant.points
        return entrant.place if entrant.place is not None else -1 - index

    rankings = {spec.name: _ties(spec.ranking if spec.ranking is not None else
                                 [(e.key, tie(i, e)) for i, e in enumerate(entrants) if spec.name in e.lists])
                for spec in specs}
    rank = {name: {key: index for index, (key, _) in enumerate(ranking)} for name, ranking in rankings.items()}
    taken: dict[int, str] = {}  # entrant -> the list they take their prize from

    def members(spec: PrizeSpec) -> Iterator[tuple[int, int]]:
        return ((key, tie) for key, tie in rankings[spec.name] if taken.get(key, spec.name) == spec.name)

    while True:
        shares = {spec.name: _shares(spec, _paid(spec, members(spec)), split) for spec in specs}
        # The largest offer first (a cent of a pool that could not be split does not count); among
        # equal offers the place prize first. Equal place shares are taken from the lowest-ranked
        # player up (waiting never lowers an offer: a pool is shared by fewer), and an equal
        # category offer goes to the best-ranked first. A category's offer is its place by rank,
        # the same in every split, so of two players tied for it the better-ranked has it first.
        offers = [(-(share.amount - share.odd), order[name], rank[name][key] * (-1 if name == PLACES else 1), key,
                   name)
                  for name, by_key in shares.items()
                  for key, share in by_key.items() if key not in taken and share.amount > 0]
        if not offers:
            break
        *_, key, name = min(offers)
        taken[key] = name
    _settle(entrants, specs, split, rankings, rank, taken)
    # every player who took a prize is paid in their list (_settle: one left with nothing gives it up),
    # so within the ties that occupy its paid places (_paid), shared as among all its members
    shares = {spec.name: _shares(spec, _paid(spec, members(spec)), split) for spec in specs}
    names = {e.key: e.name for e in entrants}

    def instead(key: int, own: str) -> tuple[Award | None, tuple[int, ...]]:
        """The best prize ``key`` could take in another list, the others' choices as they stand,
        and who took that list's prizes ranked above them there; none when no other list would pay
        them anything (a place there beyond its prizes is no prize: issue 25)."""
        best: tuple[Award, tuple[int, ...]] | None = None
        for spec in specs:
            if spec.name == own or key not in rank[spec.name]:
                continue
            share = _moved(spec, key, split, rankings[spec.name], taken)
            if share.amount == 0:
                continue
            if best is None or share.amount - share.odd > best[0].amount - best[0].odd:
                ahead = () if spec.name == PLACES else \
                    tuple(k for k, _ in rankings[spec.name][:rank[spec.name][key]] if taken.get(k) == spec.name)
                best = Award(key, names[key], spec.name, share.first, share.last, share.amount, odd=share.odd), ahead
        return best if best is not None else (None, ())

    awards: list[Award] = []
    notes: list[str] = []
    for spec in specs:
        by_key = shares[spec.name]
        given = sorted(((share, key) for key, share in by_key.items() if taken.get(key) == spec.name),
                       key=lambda pair: (pair[0].first, rank[spec.name][pair[1]]))
        awards += [Award(key, names[key], spec.name, share.first, share.last, share.amount, *instead(key, spec.name),
                         odd=share.odd) for share, key in given]
        odd: dict[str, list[str]] = {}  # one note per pool: its odd cents, one each in tie-break order
        for share, key in given:
            if share.odd:
                odd.setdefault(Award(key, "", spec.name, share.first, share.last, 0).prize, []).append(names[key])
        for places, who in odd.items():
            cents = "a cent" if len(who) == 1 else f"{len(who)} cents"
            notes.append(f"{places}: {cents} that could not be split equally {'goes' if len(who) == 1 else 'go'} "
                         f"{'' if len(who) == 1 else 'one each '}to {'; '.join(who)} ({ranked_by})")
    return PrizeList(tuple(awards), currency, split, tuple(notes))


def prize_specs(table: PrizeTable) -> list[PrizeSpec]:
    """The lists of an individual event's ``prizes.toml``: the places, then each category."""
    specs = [PrizeSpec(PLACES, table.places)] if table.places else []
    return specs + [PrizeSpec(category.name, category.amounts) for category in table.category]


def prize_list(tournament: Tournament, table: PrizeTable, standings: Standings | None = None) -> PrizeList:
    """The prize list of an individual event: the standings after the last round by the announced
    tie-breaks (``standings``, when the caller has them already); the withdrawn (and expelled)
    players and those listed without a rank are left out. Kept for the tournament (frozen) and
    this very table: a correction after finalising reads it for its final files and its journal."""
    key = ("prize list", id(table))
    if standings is None and (kept := tournament.derived.get(key)) is not None and kept[0] is table:
        return kept[1]  # type: ignore[no-any-return]
    ranked = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks) \
        if standings is None else standings
    shown = [row for row in ranked.rows if row.rank is not None and not row.player.is_withdrawn]
    listed = ranked_prize_list([(row.player, row.points) for row in shown], table,
                               places={row.player.start_number: row.rank for row in shown if row.rank is not None})
    if standings is None:
        tournament.derived[key] = (table, listed)
    return listed


def ranked_prize_list(ranked: Sequence[tuple[Player, Fraction]], table: PrizeTable,
                      ranked_by: str = "tie-break order", places: Mapping[int, int] | None = None) -> PrizeList:
    """The prize list of players in ranking order, each with the score that ties share on (an
    individual event's points; a knockout's place, whose players are ``ranked_by`` rating), and
    their ``places`` in the standings by start number (equal: tied on every tie-break)."""
    entrants = [Entrant(player.start_number, player.name, score,
                        frozenset({PLACES} | {c.name for c in table.category if eligible(c, player)}),
                        None if places is None else places.get(player.start_number))
                for player, score in ranked]
    listed = award_prizes(entrants, prize_specs(table), table.split, table.currency, ranked_by)
    # a category nobody matches (a misspelt club, an empty band) is not paid: say so, not silently
    unpaid = tuple(f"{c.name}: no player matches its rule, so it is not paid" for c in table.category
                   if not any(c.name in e.lists for e in entrants))
    # one whose players all take other prizes, or too few for its places: said too (the trial of issue 29)
    given = {c.name: sum(1 for a in listed.awards if a.list_name == c.name) for c in table.category}
    short = tuple(f"{c.name}: {format_money(sum(left))} of its prizes not paid ({len(left)} of {len(c.amounts)}): "
                  "no other player it could go to is left" for c in table.category
                  if any(c.name in e.lists for e in entrants) and (left := [a for a in c.amounts[given[c.name]:] if a]))
    return listed._replace(notes=listed.notes + unpaid + short)


def prize_list_changes(before: PrizeList | None, after: PrizeList) -> list[Change]:
    """The journal lines of what a correction changed in the prize list: each player whose prize
    or amount differs, old -> new."""
    from arbiter_cli.lifecycle.change import Change, named  # (start-up: a publish makes none)


    def lines(prizes: PrizeList | None) -> dict[int, tuple[str, str]]:
        if prizes is None:
            return {}
        return {a.key: (a.name, f"{a.prize}, {format_money(a.amount)} {prizes.currency}") for a in prizes.awards}

    old, new = lines(before), lines(after)
    keys = [*new, *(key for key in old if key not in new)]
    return [Change(f"prize list: player {named(key, (new.get(key) or old[key])[0])}", old.get(key, ("", "no prize"))[1],
                   new.get(key, ("", "no prize"))[1]) for key in keys if old.get(key) != new.get(key)]
