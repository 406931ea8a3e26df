"""The knockout bracket (issue 18): slots, seeding, the draw by lot, the matches of each round and
the colours of their games.

* **Slots**: the next power of two at or above the number of players; the top seeds get the byes
  (the 2025 World Cup: 206 players in 256 slots, seeds 1-50 with a bye, round 1 from 51 v 206 to
  128 v 129).
* **Seeded** bracket: 1 v N, 2 v N-1, ... placed so that seeds 1 and 2 can meet only in the final,
  1 and 4 (2 and 3) only in a semi-final, and so on (8 slots: 1, 8, 4, 5, 2, 7, 3, 6).
* **Drawn** bracket (the federation's play-off: "drawn at random and paired 1-2, 3-4, ..."): the
  players in an order drawn by lot from the event's stored seed, so the draw can be shown again;
  with byes, the first drawn players get them.
* Each round's match ``m`` is the winners of the previous round's matches ``2m-1`` and ``2m``.
* **Colours**: a match's first game by lot (from the seed, the round and the match) or White for
  the higher seed, as set; then alternating through every game of the match, tie-break games
  included. An Armageddon game has fixed colours, drawn by lot, not bid.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["slots_for", "seeded_order", "seeded_bracket", "drawn_bracket", "first_round_pairs", "next_round_pairs",
           "fed_by", "feeds", "first_game_white", "game_white", "armageddon_white"]


def slots_for(players: int) -> int:
    """The bracket's slots: the next power of two (at least 2).

    >>> slots_for(206), slots_for(24), slots_for(8), slots_for(2)
    (256, 32, 8, 2)
    """
    slots = 2
    while slots < players:
        slots *= 2
    return slots


def seeded_order(slots: int) -> list[int]:
    """The seeds slot by slot in a standard bracket of ``slots`` (a power of two): every round-1
    match is ``s`` v ``slots + 1 - s``, and the better seeds stay apart until the last rounds.

    >>> seeded_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if slots < 2 or slots & (slots - 1):
        raise ValueError(f"{slots} slots: a bracket has a power of two slots, at least 2")
    order = [1, 2]
    while len(order) < slots:
        size = 2 * len(order)
        order = [seed for top in order for seed in (top, size + 1 - top)]
    return order


def seeded_bracket(players: int) -> tuple[int | None, ...]:
    """The start number (= seed) in each slot of a seeded bracket; None for a bye (the seeds past
    the last player, who face the top seeds)."""
    return tuple(seed if seed <= players else None for seed in seeded_order(slots_for(players)))


def drawn_bracket(numbers: Sequence[int], seed: int) -> tuple[int | None, ...]:
    """A bracket drawn by lot: the players in a drawn order, paired 1-2, 3-4, ...; when the slots
    outnumber the players, the first drawn players get the byes. The same seed draws the same."""
    order = list(numbers)
    random.Random(f"knockout-draw:{seed}").shuffle(order)
    byes = slots_for(len(order)) - len(order)
    slots: list[int | None] = []
    for position, number in enumerate(order):
        slots.append(number)
        if position < byes:
            slots.append(None)
    return tuple(slots)


def first_round_pairs(bracket: Sequence[int | None]) -> list[tuple[int | None, int | None]]:
    """Round 1: slots 1-2, 3-4, ..."""
    return [(bracket[i], bracket[i + 1]) for i in range(0, len(bracket), 2)]


def next_round_pairs(winners: Sequence[int | None]) -> list[tuple[int | None, int | None]]:
    """The next round: the winners of matches 1 and 2, 3 and 4, ... (None: nobody went through)."""
    if len(winners) % 2:
        raise ValueError("a round of a bracket has an even number of matches")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def fed_by(match: int) -> tuple[int, int]:
    """The matches of the round before whose winners meet in ``match`` (its upper slot first).

    >>> fed_by(4)
    (7, 8)
    """
    return (2 * match - 1, 2 * match)


def feeds(match: int) -> tuple[int, int]:
    """The match of the next round that the winner of ``match`` goes on to, and its slot there (0:
    the upper slot, ``first``; 1: ``second``).

    >>> feeds(7), feeds(8)
    ((4, 0), (4, 1))
    """
    return ((match + 1) // 2, (match - 1) % 2)


def first_game_white(first: int, second: int, *, by_lot: bool, seed: int, round_number: int, match: int) -> int:
    """Who has White in the first game of a match: drawn by lot, or the higher seed (the lower
    start number)."""
    if by_lot:
        return random.Random(f"knockout-colour:{seed}:{round_number}:{match}").choice((first, second))
    return min(first, second)


def game_white(first_white: int, other: int, game: int) -> int:
    """Colours alternate through a match: game 1, 3, ... as game 1, game 2, 4, ... reversed.

    >>> [game_white(7, 9, g) for g in (1, 2, 3, 4)]
    [7, 9, 7, 9]
    """
    return first_white if game % 2 else other


def armageddon_white(first: int, second: int, *, seed: int, round_number: int, match: int) -> int:
    """The Armageddon game's White, drawn by lot (fixed colours, no bidding)."""
    return random.Random(f"knockout-armageddon:{seed}:{round_number}:{match}").choice((first, second))
