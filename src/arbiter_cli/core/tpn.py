"""Start numbers (TPN) by C.04.2 Art. 2.2-2.3, or drawn by lot.

The initial order is: rating, highest first; then FIDE title in the order GM,
IM, WGM, FM, WIM, CM, WFM, WCM, none; then name, alphabetically. The TPN is the
position in that list.

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

from arbiter_cli.core.model import TITLES, Player

__all__ = ["initial_order", "renumber", "drawn_numbers"]


def _name_key(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def _sort_key(player: Player) -> tuple[int, int, str, str, int]:
    title_rank = TITLES.index(player.title) if player.title in TITLES else len(TITLES)
    return (-player.rating, title_rank, _name_key(player.name), player.name, player.start_number)


def initial_order(players: Iterable[Player]) -> list[Player]:
    """Players in C.04.2 Art. 2.2 order."""
    return sorted(players, key=_sort_key)


def renumber(players: Sequence[Player]) -> tuple[Player, ...]:
    """New start numbers 1..n in the order given."""
    return tuple(p.model_copy(update={"start_number": i}) for i, p in enumerate(players, start=1))


def drawn_numbers(players: Sequence[Player], seed: int | str) -> dict[int, int]:
    """Pairing numbers drawn by lot (C.05), reproducible from ``seed``: old start number -> new."""
    order = list(initial_order(players))
    random.Random(f"numbering:{seed}").shuffle(order)
    return {p.start_number: new for new, p in enumerate(order, start=1)}

