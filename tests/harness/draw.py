"""What the harness draws: names, ratings, results, prize lists, as an arbiter types them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

__all__ = ["Names", "RESULTS", "GAME_RESULTS", "FORFEITS", "UNFINISHED", "ratings", "k_factors", "titles", "prize_lists",
           "pick", "csv_cell"]

T = TypeVar("T")

#: Every result code an arbiter types (the docs, "result"), the aliases included.
GAME_RESULTS = ("1-0", "0-1", "1/2-1/2", "½-½", "=", "0-0")
FORFEITS = ("+/-", "-/+", "-/-")
RESULTS = GAME_RESULTS + FORFEITS
#: A game still being played (the docs, "Unfinished games"): an individual Swiss's, refused elsewhere.
UNFINISHED = "*"

_SURNAMES = ("Aydin", "Berger", "Castro", "Dlamini", "Eriksen", "Fontaine", "Garnier", "Haddad", "Ivanova", "Jensen",
             "Kowalski", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrenko", "Quispe", "Rossi", "Sato", "Tanaka",
             "Ueda", "Varga", "Weber", "Yilmaz", "Zeller")
_GIVEN = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gia", "Hugo", "Ines", "Jon")


class Names:
    """Unique names: a player is known by name across renumbering (see :mod:`harness.views`)."""

    def __init__(self) -> None:
        self.count = itertools.count()

    def next(self, prefix: str = "") -> str:
        n = next(self.count)
        return f"{prefix}{_SURNAMES[n % len(_SURNAMES)]}{'' if n < len(_SURNAMES) else n // len(_SURNAMES)}, " \
               f"{_GIVEN[n % len(_GIVEN)]}"


def ratings() -> st.SearchStrategy[int | None]:
    """A rating, or none (unrated) now and then; ratings repeat, so the tie rules of C.04.2 2.2 count."""
    return st.one_of(st.none(), st.integers(14, 26).map(lambda r: r * 100), st.integers(1400, 2600))


def k_factors() -> st.SearchStrategy[int | None]:
    """A player's K on the FIDE list (B.02 8.3.3), mostly not known."""
    return st.sampled_from((None, None, None, 10, 20, 40))


def titles() -> st.SearchStrategy[str | None]:
    return st.sampled_from((None, None, None, "GM", "IM", "FM", "WFM", "CM"))


def prize_lists(team: bool = False) -> st.SearchStrategy[str]:
    """A ``prizes.toml``: places, a split, and now and then a category (a team event: a board prize)."""
    places = st.lists(st.integers(1, 20).map(lambda n: n * 50), min_size=1, max_size=5).map(
        lambda amounts: sorted(amounts, reverse=True))
    split = st.sampled_from(("shared", "hort", "tiebreak"))
    category = st.sampled_from(("", '[[board]]\nboard = 1\namounts = [50, 25]\n', '[[board]]\namounts = [80]\n')
                               if team else
                               ("", '[[category]]\nname = "U1800"\namounts = [100]\nrating_max = 1799\n',
                                '[[category]]\nname = "Best unrated"\namounts = [50]\nunrated = true\n'))
    return st.tuples(places, split, category).map(
        lambda t: f'split = "{t[1]}"\ncurrency = "EUR"\nplaces = [{", ".join(map(str, t[0]))}]\n{t[2]}')


def pick(data: st.DataObject, options: Sequence[T], label: str) -> T:
    return data.draw(st.sampled_from(list(options)), label=label)


def csv_cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text
