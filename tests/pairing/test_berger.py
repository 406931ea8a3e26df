"""Berger tables (C.05 Annex 1) against the published tables and the closed form."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from arbiter_cli.pairing.berger import berger_round, berger_schedule, double_schedule, round_robin_rounds

from conftest import shared_file


def published_tables() -> dict[int, list[list[tuple[int, int]]]]:
    """The tables of fide-rules.md §5.2, keyed by the even table size."""
    text = shared_file("reference/fide-rules.md").read_text(encoding="utf-8")
    start = text.index("### 5.2")
    section = text[start:text.index("### 5.3", start)]
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    for match in re.finditer(r"\*\*(\d+) or (\d+) players\*\*.*?```\n(.*?)```", section, re.S):
        size = int(match.group(2))
        rounds = []
        for line in match.group(3).strip().splitlines():
            pairs = re.findall(r"(\d+)-(\d+)", line.split(":", 1)[1])
            rounds.append([(int(w), int(b)) for w, b in pairs])
        tables[size] = rounds
    return tables


TABLES = published_tables()


def test_the_digest_has_every_table_from_4_to_16() -> None:
    assert sorted(TABLES) == [4, 6, 8, 10, 12, 14, 16]


@pytest.mark.parametrize("players", range(3, 17))
def test_every_round_matches_the_published_table(players: int) -> None:
    table = TABLES[players + players % 2]
    assert len(berger_schedule(players)) == len(table)
    for number, expected in enumerate(table, start=1):
        assert list(berger_round(players, number)) == expected, f"n={players} round {number}"


def closed_form_opponent(n: int, player: int, rnd: int) -> tuple[int, str]:
    """fide-rules.md §5.1 closed form: (opponent, colour of ``player``) in round ``rnd``."""
    m = n - 1
    residue = lambda x: (x - 1) % m + 1  # noqa: E731 - residues 1..n-1
    if player == n:
        for i in range(1, n):
            if residue(2 * i) == residue(rnd + 1):
                return i, ("w" if rnd % 2 == 0 else "b")
    for j in range(1, n + 1):
        if j == player:
            continue
        if j == n:
            if residue(2 * player) == residue(rnd + 1):
                return n, ("b" if rnd % 2 == 0 else "w")
            continue
        if residue(player + j) == residue(rnd + 1):
            low_white = (player + j) % 2 == 1
            white = min(player, j) if low_white else max(player, j)
            return j, ("w" if white == player else "b")
    raise AssertionError("no opponent")


@pytest.mark.parametrize("n", [18, 20, 24, 30, 40, 64])
def test_larger_tables_follow_the_closed_form(n: int) -> None:
    for rnd, pairs in enumerate(berger_schedule(n), start=1):
        for white, black in pairs:
            assert closed_form_opponent(n, white, rnd) == (black, "w")
            assert closed_form_opponent(n, black, rnd) == (white, "b")


@pytest.mark.parametrize("players", range(2, 41))
def test_everyone_meets_everyone_once(players: int) -> None:
    n = players + players % 2
    meetings = Counter(frozenset(pair) for rnd in berger_schedule(players) for pair in rnd)
    assert len(meetings) == n * (n - 1) // 2
    assert set(meetings.values()) == {1}
    for rnd in berger_schedule(players):
        assert sorted(p for pair in rnd for p in pair) == list(range(1, n + 1))


@pytest.mark.parametrize("players", range(3, 41))
def test_double_round_robin_never_gives_a_colour_three_times_in_a_row(players: int) -> None:
    n = players + players % 2
    schedule = double_schedule(players)
    assert len(schedule) == round_robin_rounds(players, double=True) == 2 * (n - 1)
    colours: dict[int, str] = {p: "" for p in range(1, n + 1)}
    for rnd in schedule:
        for white, black in rnd:
            colours[white] += "W"
            colours[black] += "B"
    for player, sequence in colours.items():
        assert "WWW" not in sequence and "BBB" not in sequence, (players, player, sequence)
    # each pair meets twice, once with each colour
    games = Counter(pair for rnd in schedule for pair in rnd)
    assert all(count == 1 for count in games.values())
    assert all((b, w) in games for (w, b) in games)


def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle() -> None:
    single = berger_schedule(6)
    double = double_schedule(6)
    assert double[:3] == single[:3]
    assert double[3] == single[4] and double[4] == single[3]
    assert double[5] == tuple((b, w) for w, b in single[0])


def test_a_round_robin_needs_two_players() -> None:
    with pytest.raises(ValueError):
        berger_schedule(1)
    with pytest.raises(ValueError):
        berger_round(6, 6)
