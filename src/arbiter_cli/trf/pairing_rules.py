"""A folder's pairing rules in a TRF, both ways: virtual points (acceleration; TRF-2026 250,
TRF16 XXA) and forbidden pairs (TRF-2026 260, TRF16 XXP).

* Export: the virtual points the pairing uses (Baku's, and the arbiter's) as 250 records, one
  per run of rounds and players with the same value (TRF16: one XXA line per player); the
  forbidden pairs (the arbiter's, and those of the club and federation settings) as 260
  records (TRF16: XXP, which has no rounds, for those that cover every round).
* Import: 250/XXA become ``acceleration = "baku"`` with group A when they are exactly Baku's,
  and the arbiter's virtual points (``virtual.csv``) otherwise; 260/XXP become ``avoid.csv``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from arbiter_cli.core.model import Avoidance, Tournament, VirtualPoints
from arbiter_cli.pairing.baku import baku_virtual_points
from arbiter_cli.pairing.swiss import forbidden_in_round, virtual_points_of
from arbiter_cli.trf.acceleration import virtual_points
from arbiter_cli.trf.forbidden import forbidden_records
from arbiter_cli.trf.reader import TrfFile
from arbiter_cli.trf.writer import points_field

__all__ = ["pairing_rule_records", "with_pairing_rules"]


def _ranges(numbers: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for number in sorted(numbers):
        if out and out[-1][1] == number - 1:
            out[-1] = (out[-1][0], number)
        else:
            out.append((number, number))
    return out


def _virtual_records(virtual: Mapping[int, tuple[Fraction, ...]]) -> list[str]:
    runs: dict[tuple[Fraction, int, int], list[int]] = {}
    for tpn, values in virtual.items():
        rnd = 1
        while rnd <= len(values):
            value = values[rnd - 1]
            end = rnd
            while end < len(values) and values[end] == value:
                end += 1
            if value:
                runs.setdefault((value, rnd, end), []).append(tpn)
            rnd = end + 1
    lines = []
    for (value, first, last), tpns in sorted(runs.items(), key=lambda item: (item[0][1], min(item[1]))):
        for low, high in _ranges(tpns):
            lines.append(f"250      {points_field(value)} {first:3d} {last:3d} {low:4d} {high:4d}")
    return lines


def pairing_rule_records(tournament: Tournament, version: str) -> tuple[list[str], list[str]]:
    """The records of the folder's virtual points and forbidden pairs, and the warnings."""
    lines: list[str] = []
    warnings: list[str] = []
    virtual = {tpn: values for tpn, values in virtual_points_of(tournament).items() if any(values)}
    if version == "2026":
        lines += _virtual_records(virtual)
    else:
        lines += [f"XXA {tpn:4d}" + "".join(f" {points_field(v)}" for v in values)
                  for tpn, values in sorted(virtual.items())]
    total = tournament.settings.rounds or 0
    by_round = {rnd: forbidden_in_round(tournament, rnd) for rnd in range(1, total + 1)}
    spans: dict[tuple[int, int], list[int]] = {}
    for pair in sorted(set().union(*by_round.values()) if by_round else set()):
        rounds = [rnd for rnd in range(1, total + 1) if pair in by_round[rnd]]
        for first, last in _ranges(rounds):
            spans.setdefault((first, last), []).extend(pair)
    for (first, last), members in sorted(spans.items()):
        pairs = list(zip(members[::2], members[1::2]))
        for one, two in pairs:
            if version == "2026":
                lines.append(f"260 {first:3d} {last:3d} {one:4d} {two:4d}")
            elif (first, last) == (1, total):
                lines.append(f"XXP {one:4d} {two:4d}")
            else:
                warnings.append(f"the forbidden pair {one}-{two} of rounds {first}-{last} is not exported: TRF16's XXP "
                                "has no rounds (TRF-2026's 260 has)")
    return lines, warnings


def with_pairing_rules(trf: TrfFile, tournament: Tournament, numbers: Mapping[int, int]) -> Tournament:
    """The imported tournament with the file's virtual points and forbidden pairs; ``numbers``
    maps the file's player ids to the folder's start numbers."""
    settings = tournament.settings
    total = settings.rounds or 0
    read = {numbers[tpn]: values for tpn, values in virtual_points(trf, settings.scoring.win, total).items()
            if tpn in numbers and any(values)}
    virtual: tuple[VirtualPoints, ...] = ()
    if read:
        order = sorted(p.start_number for p in tournament.players)
        win = settings.scoring.win
        first = [t for t in order if read.get(t, (Fraction(0),))[0] == win]
        baku_like = (bool(first) and first == order[:len(first)] and not settings.system.is_round_robin
                     and win == 2 * settings.scoring.draw and settings.scoring.loss == 0)
        expected = baku_virtual_points(order, first[-1] if baku_like else 0, win, total)
        if baku_like:  # Baku with group A 1..L, and the arbiter's own values where the file differs
            settings = settings.model_copy(update={"acceleration": "baku", "baku_group_a": first[-1]})
        zero = tuple(Fraction(0) for _ in range(total))
        virtual = tuple(VirtualPoints(tpn, rnd, value) for tpn in order
                        for rnd, (value, rule) in enumerate(zip(read.get(tpn, zero), expected[tpn]), start=1)
                        if value != rule)
    avoid = tuple(Avoidance(tuple(numbers[p] for p in players if p in numbers), first, last)
                  for first, last, players in forbidden_records(trf)
                  if sum(p in numbers for p in players) >= 2)
    return replace(tournament, settings=settings, virtual=virtual, avoid=avoid)
