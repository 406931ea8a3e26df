"""Words for people: a count with its noun in the right number.

>>> count(1, "round"), count(3, "round"), count(0, "board"), count(2, "match", "matches")
('1 round', '3 rounds', '0 boards', '2 matches')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["count", "signed", "folded", "listed", "rounds_named", "name_problem", "LISTED"]

#: How many items a message names before it counts the rest (:func:`listed`).
LISTED = 10


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def listed(items: Iterable[object], separator: str = ", ", most: int = LISTED) -> str:
    """Items a message names (boards, players, lines), the first ``most`` of them and then how many
    more: one line stays readable when a round of 600 players has 300 of them.

    >>> listed([3, 7]), listed(range(1, 301)), listed(["a", "b", "c"], "; ", 2)
    ('3, 7', '1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 290 more', 'a; b and 1 more')
    """
    texts = [str(item) for item in items]
    shown = separator.join(texts[:most])
    return shown if len(texts) <= most else f"{shown} and {len(texts) - most} more"


def rounds_named(numbers: list[int]) -> str:
    """Rounds as a message names them.

    >>> rounds_named([4]), rounds_named([4, 5, 6]), rounds_named([4, 6])
    ('round 4', 'rounds 4-6', 'rounds 4, 6')
    """
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"rounds {numbers[0]}-{numbers[-1]}"
    return "rounds " + ", ".join(map(str, numbers))


def signed(n: int) -> str:
    """A change as arbiters write it: a sign when it moved, a plain 0 when it did not.

    >>> signed(12), signed(-7), signed(0)
    ('+12', '-7', '0')
    """
    return f"{n:+d}" if n else "0"


def folded(text: str) -> str:
    """A name as people type it to find it: case, accents and outer spaces ignored.

    >>> folded(" Échecs Lyon ") == folded("echecs lyon"), folded("Guérin, Zoé")
    (True, 'guerin, zoe')
    """
    if text.isascii():  # no accent to take off (an import of 1,200 players folds 200 team names 800 times)
        return text.strip().casefold()
    decomposed = unicodedata.normalize("NFKD", text.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def name_problem(name: str) -> str | None:
    """What is wrong with a person's name given as ``Surname, Firstname`` (FIDE's lists and the TRF
    write names so): a part before or after a comma left empty; None for a sound name, or one with
    no comma (a single name, or one the arbiter gave otherwise).

    >>> name_problem("Carlsen, Magnus"), name_problem("Hou Yifan"), name_problem("Doe,")
    (None, None, "'Doe,': the first name after the comma is empty (names are written 'Surname, Firstname')")
    """
    parts = [part.strip() for part in name.split(",")]
    if len(parts) == 1 or all(parts):
        return None
    where = "the surname before the comma" if not parts[0] else "the first name after the comma"
    return f"{name!r}: {where} is empty (names are written 'Surname, Firstname')"

