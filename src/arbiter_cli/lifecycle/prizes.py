"""The prize list: who gets what, from the final ranking and ``prizes.toml`` (issue 18, "Prizes").

The rules (the federation regulations quoted in the issue; ``fide-rules.md`` §9: FIDE itself
prescribes no split, the regulations decide), each pinned by a test of the same name:

* **One prize per player, the largest.** Every prize list (the places, then each category in the
  order of ``prizes.toml``) is worked out over the players who may win it and have not taken a
  prize elsewhere. Players are given their prizes one at a time, the largest amount on offer
  first; a player given a prize leaves every other list, and **the next eligible player moves
  up** there.
* **The order among prizes of equal value**: when a player could take the same amount from two
  lists, the place prize comes first, then the categories in the order of ``prizes.toml``. Two
  players offered the same share of the places are served from the lower-ranked up (an offer only
  grows while a player waits), two offered the same category prize from the better-ranked down:
  so a category prize that players tied on points leave over goes to the **best-ranked** of them
  who may win it, and the others share the places' money.
* **Shared** (``split = "shared"``, the default, as in the regulations: "players who share
  places on points share the money of those places equally"): players of a list tied on points
  occupy consecutive places of it; the prizes of those places are pooled and each takes an equal
  share (a place beyond the list pays 0). A player who can get more from another list takes that
  instead, and the pool is worked out again without them.
* **Hort** (``split = "hort"``, §9): each tied player keeps half the prize of the place reached on
  tie-breaks (rounded down to the cent); the rest is pooled and shared equally. A player with no
  tie keeps it all. (§9 says amounts are "normally rounded to whole units"; we keep cents, exact.)
* **Tiebreak** (``split = "tiebreak"``): no sharing; the place on tie-breaks pays its prize.
* **Money is exact**: integer cents. The cents of a pool that cannot be split equally go one each
  to the tied players in tie-break order, and the prize list says so (:attr:`PrizeList.notes`).
* **Withdrawn and expelled players are left out**: they take no place, and the players below them
  move up. (The folder records both as ``withdrawn``.)
* Ties for a title or a qualification are broken by tie-breaks (the ranking), while money is shared.

The engine (:func:`award_prizes`) knows nothing of tournaments: it reads ranked
:class:`Entrant` values, so the team prizes and the board prizes of a team event use it as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.core.prizes import PLACES, PrizeTable, Split, eligible, format_money
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.standings import compute_standings

__all__ = ["Entrant", "PrizeSpec", "Award", "PrizeList", "award_prizes", "prize_specs", "prize_list",
           "ranked_prize_list", "prize_list_changes"]


@dataclass(frozen=True)
class Entrant:
    """One who may win prizes, in ranking order: a key (start number or team number), a name, the
    score ties are shared on, and the lists (by name) they may win (a list with its own ranking
    reads only the names)."""

    key: int
    name: str
    points: Fraction = Fraction(0)
    lists: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PrizeSpec:
    """One prize list: its name and the amounts of its places, in cents (not increasing).

    ``ranking`` is the list's own order when it has one (a board prize ranks the players of one
    board by their performance): (key, the score ties are shared on), best first. Without it, the
    list ranks the entrants who may win it in the order given, sharing ties on their points."""

    name: str
    amounts: tuple[int, ...]
    ranking: tuple[tuple[int, object], ...] | None = None


@dataclass(frozen=True)
class Award:
    """A prize given: to whom, from which list, for which places (``first``..``last``, from 1;
    more than one when shared), and the amount in cents."""

    key: int
    name: str
    list_name: str
    first: int
    last: int
    amount: int

    @property
    def prize(self) -> str:
        """The place or category name, as the JSON's ``prize``: ``"place 1"``, ``"places 2-4"``,
        ``"Best woman"`` (its first prize alone), ``"Best woman (2)"``, ``"U1800 (1-2)"``."""
        places = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        if self.list_name == PLACES:
            return f"place {places}" if self.first == self.last else f"places {places}"
        return self.list_name if places == "1" else f"{self.list_name} ({places})"


@dataclass(frozen=True)
class PrizeList:
    """The prizes given, in the order of the lists and places, and notes on how odd cents went."""

    awards: tuple[Award, ...]
    currency: str
    split: Split
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(a.amount for a in self.awards)


@dataclass(frozen=True)
class _Share:
    amount: int
    first: int
    last: int
    odd: bool  # got one of the cents that could not be split


def _shares(spec: PrizeSpec, members: Sequence[tuple[int, object]], split: Split) -> dict[int, _Share]:
    """Each member's share of one list: members in ranking order occupy its places 1, 2, ...;
    members tied on points pool the places they occupy (shared, hort)."""
    result: dict[int, _Share] = {}
    start = 0
    while start < len(members):
        end = start
        while end + 1 < len(members) and members[end + 1][1] == members[start][1]:
            end += 1
        group = members[start:end + 1]
        own = [spec.amounts[i] if i < len(spec.amounts) else 0 for i in range(start, end + 1)]
        first, last = start + 1, end + 1
        if split == "tiebreak" or len(group) == 1:
            for offset, (key, _) in enumerate(group):
                result[key] = _Share(own[offset], first + offset, first + offset, False)
        else:
            kept = [amount // 2 for amount in own] if split == "hort" else [0] * len(group)
            each, odd = divmod(sum(own) - sum(kept), len(group))
            for offset, (key, _) in enumerate(group):
                result[key] = _Share(kept[offset] + each + (offset < odd), first, last, offset < odd)
        start = end + 1
    return result


def award_prizes(entrants: Sequence[Entrant], specs: Sequence[PrizeSpec], split: Split, currency: str = ""
                 ) -> PrizeList:
    """The prizes of ``specs`` given to ``entrants`` (in ranking order), one each, by the rules above.

    >>> people = [Entrant(n, name, Fraction(p), frozenset({PLACES})) for n, name, p in
    ...           [(1, "A", 7), (2, "B", 7), (3, "C", 6)]]
    >>> [(a.name, a.prize, format_money(a.amount)) for a in
    ...  award_prizes(people, [PrizeSpec(PLACES, (100000, 60000, 40000))], "shared").awards]
    [('A', 'places 1-2', '800.00'), ('B', 'places 1-2', '800.00'), ('C', 'place 3', '400.00')]
    """
    order = {spec.name: index for index, spec in enumerate(specs)}
    rankings = {spec.name: spec.ranking if spec.ranking is not None else
                tuple((e.key, e.points) for e in entrants if spec.name in e.lists) for spec in specs}
    rank = {name: {key: index for index, (key, _) in enumerate(ranking)} for name, ranking in rankings.items()}
    taken: dict[int, str] = {}  # entrant -> the list they take their prize from

    def members(spec: PrizeSpec) -> list[tuple[int, object]]:
        return [(key, score) for key, score in rankings[spec.name] if taken.get(key, spec.name) == spec.name]

    while True:
        shares = {spec.name: _shares(spec, members(spec), split) for spec in specs}
        # The largest offer first (a cent of a pool that could not be split does not count); among
        # equal offers the place prize first. Equal place shares are taken from the lowest-ranked
        # player up (waiting never lowers an offer: a pool is shared by fewer), and an equal
        # category offer goes to the best-ranked first: a category prize that a tied group leaves
        # over goes to its best-ranked eligible player.
        offers = [(-(share.amount - share.odd), order[name], rank[name][key] * (-1 if name == PLACES else 1), key,
                   name)
                  for name, by_key in shares.items()
                  for key, share in by_key.items() if key not in taken and share.amount > 0]
        if not offers:
            break
        *_, key, name = min(offers)
        taken[key] = name
    names = {e.key: e.name for e in entrants}
    awards: list[Award] = []
    notes: list[str] = []
    for spec in specs:
        by_key = shares[spec.name]
        given = sorted(((share, key) for key, share in by_key.items() if taken.get(key) == spec.name),
                       key=lambda pair: (pair[0].first, rank[spec.name][pair[1]]))
        awards += [Award(key, names[key], spec.name, share.first, share.last, share.amount) for share, key in given]
        odd: dict[str, list[str]] = {}  # one note per pool: its odd cents, one each in tie-break order
        for share, key in given:
            if share.odd:
                odd.setdefault(Award(key, "", spec.name, share.first, share.last, 0).prize, []).append(names[key])
        for places, who in odd.items():
            cents = "a cent" if len(who) == 1 else f"{len(who)} cents"
            notes.append(f"{places}: {cents} that could not be split equally {'goes' if len(who) == 1 else 'go'} "
                         f"{'' if len(who) == 1 else 'one each '}to {'; '.join(who)} (tie-break order)")
    return PrizeList(tuple(awards), currency, split, tuple(notes))


def prize_specs(table: PrizeTable) -> list[PrizeSpec]:
    """The lists of an individual event's ``prizes.toml``: the places, then each category."""
    specs = [PrizeSpec(PLACES, table.places)] if table.places else []
    return specs + [PrizeSpec(category.name, category.amounts) for category in table.category]


def prize_list(tournament: Tournament, table: PrizeTable) -> PrizeList:
    """The prize list of an individual event: the standings after the last round by the announced
    tie-breaks; the withdrawn (and expelled) players and those listed without a rank are left out."""
    standings = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks)
    return ranked_prize_list([(row.player, row.points) for row in standings.rows
                              if row.rank is not None and not row.player.is_withdrawn], table)


def ranked_prize_list(ranked: Sequence[tuple[Player, Fraction]], table: PrizeTable) -> PrizeList:
    """The prize list of players in ranking order, each with the score that ties share on (an
    individual event's points; a knockout's place)."""
    entrants = [Entrant(player.start_number, player.name, score,
                        frozenset({PLACES} | {c.name for c in table.category if eligible(c, player)}))
                for player, score in ranked]
    listed = award_prizes(entrants, prize_specs(table), table.split, table.currency)
    # a category nobody matches (a misspelt club, an empty band) is not paid: say so, not silently
    unpaid = tuple(f"{c.name}: no player matches its rule, so it is not paid" for c in table.category
                   if not any(c.name in e.lists for e in entrants))
    return replace(listed, notes=listed.notes + unpaid)


def prize_list_changes(before: PrizeList | None, after: PrizeList) -> list[Change]:
    """The journal lines of what a correction changed in the prize list: each player whose prize
    or amount differs, old -> new."""

    def lines(prizes: PrizeList | None) -> dict[int, tuple[str, str]]:
        if prizes is None:
            return {}
        return {a.key: (a.name, f"{a.prize}, {format_money(a.amount)} {prizes.currency}") for a in prizes.awards}

    old, new = lines(before), lines(after)
    keys = [*new, *(key for key in old if key not in new)]
    return [Change(f"prize list: player {named(key, (new.get(key) or old[key])[0])}", old.get(key, ("", "no prize"))[1],
                   new.get(key, ("", "no prize"))[1]) for key in keys if old.get(key) != new.get(key)]
