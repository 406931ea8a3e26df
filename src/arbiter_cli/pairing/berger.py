"""Round-robin schedules from the Berger tables (FIDE C.05, Annex 1).

The schedule is built with the rule of C.05 Annex 1 as Milvang explains it:

1. with an odd number of players, a dummy numbered n+1 is added; whoever meets
   the dummy has no game that round;
2. round 1: on board b, player b has White against player n+1-b;
3. each later round: players 1..n-1 are listed in the order they stood in the
   previous round (board by board, White before Black, leaving out n);
   player n meets the last of them on board 1, with Black in odd rounds and
   White in even rounds; then the last two remaining players are paired
   repeatedly, the second-last with White.

For a double round robin FIDE recommends swapping the last two rounds of the
first cycle; the second cycle then repeats the table with colours reversed, so
that no player has the same colour three times in a row.

>>> berger_round(4, 1)
((1, 4), (2, 3))
>>> berger_round(4, 2)
((4, 3), (1, 2))
>>> berger_round(5, 1)
((1, 6), (2, 5), (3, 4))
>>> len(berger_schedule(6))
5
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["table_size", "cycle_rounds", "berger_round", "berger_schedule",
           "double_schedule", "round_robin_rounds"]

Pair = tuple[int, int]


def table_size(players: int) -> int:
    """The even table used for ``players`` (odd counts add the dummy).

    >>> table_size(5), table_size(6)
    (6, 6)
    """
    if players < 2:
        raise ValueError("a round robin needs at least 2 players")
    return players + (players % 2)


def cycle_rounds(players: int) -> int:
    """Rounds in one cycle: n-1 for the table size n."""
    return table_size(players) - 1


def round_robin_rounds(players: int, double: bool) -> int:
    """Total rounds of a single or double round robin.

    >>> round_robin_rounds(10, False), round_robin_rounds(9, True)
    (9, 18)
    """
    return cycle_rounds(players) * (2 if double else 1)


@lru_cache(maxsize=64)
def berger_schedule(players: int) -> tuple[tuple[Pair, ...], ...]:
    """All rounds of one cycle, each a tuple of (White, Black) in board order.

    With an odd ``players`` the dummy ``players + 1`` stays in the pairs;
    :func:`arbiter_cli.pairing.round_robin.pair_round` turns it into a bye.
    """
    n = table_size(players)
    rounds: list[tuple[Pair, ...]] = []
    current = tuple((b, n + 1 - b) for b in range(1, n // 2 + 1))
    rounds.append(current)
    for r in range(2, n):
        order = [p for pair in current for p in pair if p != n]
        last = order.pop()
        pairs: list[Pair] = [(n, last) if r % 2 == 0 else (last, n)]
        while order:
            black = order.pop()
            white = order.pop()
            pairs.append((white, black))
        current = tuple(pairs)
        rounds.append(current)
    return tuple(rounds)


def berger_round(players: int, round_number: int) -> tuple[Pair, ...]:
    """Round ``round_number`` (1-based) of one cycle."""
    schedule = berger_schedule(players)
    if not 1 <= round_number <= len(schedule):
        raise ValueError(f"a {players}-player round robin has rounds 1 to {len(schedule)}")
    return schedule[round_number - 1]


@lru_cache(maxsize=64)
def double_schedule(players: int, swap_last_two: bool = True) -> tuple[tuple[Pair, ...], ...]:
    """Both cycles of a double round robin.

    With ``swap_last_two`` (FIDE's recommendation, ETT26
    ``FIDE_DOUBLEROUNDROBIN``) the last two rounds of the first cycle change
    places; the second cycle is the Berger table again with colours reversed.
    With the swap nobody has the same colour three times in a row, for any
    number of players (the tests check this up to 40).
    """
    table = berger_schedule(players)
    first = list(table)
    if swap_last_two and len(first) >= 2:
        first[-1], first[-2] = first[-2], first[-1]
    second = [tuple((b, w) for w, b in pairs) for pairs in table]
    return tuple(first + second)
