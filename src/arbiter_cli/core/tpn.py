"""Start numbers (TPN) by C.04.2 Art. 2.2-2.3, or drawn by lot.

The initial order is: rating, highest first; then FIDE title in the order GM,
IM, WGM, FM, WIM, CM, WFM, WCM, none; then name, alphabetically. The TPN is the
position in that list. The rating is the FIDE rating, or the one the event's
starting-rank method names (TRF-2026 record 172, :class:`~arbiter_cli.core.model.StartingRank`);
the federation's order (``TFN``) puts the title first.

>>> from arbiter_cli.core.model import Player
>>> ps = [Player(start_number=1, name="Zed", rating=2100),
...       Player(start_number=2, name="Amy", rating=2100, title="FM"),
...       Player(start_number=3, name="Bob", rating=2300)]
>>> [p.name for p in initial_order(ps)]
['Bob', 'Amy', 'Zed']
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence

from arbiter_cli.core.model import TITLES, Player, StartingRank

__all__ = ["initial_order", "renumber", "drawn_numbers", "ranking_rating"]


def _name_key(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def _title_rank(player: Player) -> int:
    return TITLES.index(player.title) if player.title in TITLES else len(TITLES)


def ranking_rating(player: Player, method: StartingRank = StartingRank.FIDE) -> int:
    """The rating that places ``player`` on the starting list under ``method`` (TRF-2026 172;
    0: none). ``FIDE`` the FIDE rating; ``NRO`` the national rating; ``FIDON`` the FIDE rating,
    else the national one; ``NIDOF`` the national rating, else the FIDE one; ``HBFN`` the higher
    and ``LBFN`` the lower of the two, of those the player has. ``TFN`` orders by more than one
    rating (:func:`initial_order`); its first is the FIDE rating.

    >>> p = Player(start_number=1, name="A", rating=1900, national_rating=2000)
    >>> [ranking_rating(p, m) for m in StartingRank]
    [1900, 2000, 1900, 2000, 2000, 1900, 1900]
    >>> ranking_rating(Player(start_number=1, name="B", national_rating=1700), StartingRank.LBFN)
    1700
    """
    fide, national = player.rating, player.national_rating or 0
    match method:
        case StartingRank.FIDE | StartingRank.TFN:
            return fide
        case StartingRank.NRO:
            return national
        case StartingRank.FIDON:
            return fide or national
        case StartingRank.NIDOF:
            return national or fide
        case StartingRank.HBFN:
            return max(fide, national)
        case StartingRank.LBFN:
            return min(fide, national) if fide and national else fide or national
    raise AssertionError(method)  # pragma: no cover


def _sort_key(player: Player, method: StartingRank = StartingRank.FIDE) -> tuple[int | str, ...]:
    """C.04.2 2.2: rating (the method's), then title, then name. The federation's order
    (``TFN``): title, then FIDE rating, then national rating, then name."""
    name = _name_key(player.name), player.name, player.start_number
    if method is StartingRank.TFN:
        return (_title_rank(player), -player.rating, -(player.national_rating or 0), *name)
    return (-ranking_rating(player, method), _title_rank(player), *name)


def initial_order(players: Iterable[Player], method: StartingRank = StartingRank.FIDE) -> list[Player]:
    """Players in C.04.2 Art. 2.2 order, by the rating the starting-rank ``method`` names
    (TRF-2026 172), or in the federation's order (``TFN``: title, FIDE rating, national rating,
    name).

    >>> ps = [Player(start_number=1, name="Zed", rating=2300),
    ...       Player(start_number=2, name="Amy", rating=1800, title="FM"),
    ...       Player(start_number=3, name="Cem", national_rating=2100),
    ...       Player(start_number=4, name="Bob")]
    >>> [p.name for p in initial_order(ps, StartingRank.TFN)]
    ['Amy', 'Zed', 'Cem', 'Bob']
    >>> [p.name for p in initial_order(ps, StartingRank.NIDOF)]
    ['Zed', 'Cem', 'Amy', 'Bob']
    """
    return sorted(players, key=lambda player: _sort_key(player, method))


def renumber(players: Sequence[Player]) -> tuple[Player, ...]:
    """New start numbers 1..n in the order given."""
    return tuple(p.model_copy(update={"start_number": i}) for i, p in enumerate(players, start=1))


def drawn_numbers(players: Sequence[Player], seed: int | str) -> dict[int, int]:
    """Pairing numbers drawn by lot (C.05), reproducible from ``seed``: old start number -> new."""
    order = list(initial_order(players))
    random.Random(f"numbering:{seed}").shuffle(order)
    return {p.start_number: new for new, p in enumerate(order, start=1)}

