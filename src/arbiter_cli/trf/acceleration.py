"""Virtual points in a Tournament Report File (acceleration, C.04.7): record 250 (TRF-2026),
JaVaFo's ``XXA``, and Baku by the FIDE text when record 192 names it (``..._BAKU``).

* **250** ``MMMM GGGG RRR RRR PPPP PPPP``: virtual match points (cols 5-8), virtual game points
  (cols 10-13), the first and last round (15-17, 19-21) and the first and last player (23-26,
  28-31). An individual event reads the game points (the match points when they are blank).
  Several records add up.
* **XXA** ``PPPP pp.p pp.p ...``: a player's virtual points in each round, the value of round r
  at cols 10 + 5(r-1) to 13 + 5(r-1) (JaVaFo's record; read only).
* **192** ``FIDE_DUTCH_BAKU`` (or any ``..._BAKU``) without 250 or XXA: Baku by the FIDE text,
  group A the first 2·⌈n/4⌉ players by pairing number (:mod:`arbiter_cli.pairing.baku`; note that
  bbpPairings' automatic mode takes ⌈n/2⌉).

Pure: the file in, the virtual points per player and round out; a bad field is a
:class:`TrfError` naming the line and the field.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.pairing.baku import baku_virtual_points
from arbiter_cli.trf.reader import TrfError, TrfFile, read_number, read_points

__all__ = ["virtual_points", "accelerated"]


def accelerated(trf: TrfFile) -> bool:
    """Whether the file gives virtual points (250, XXA, or a Baku 192)."""
    system = (trf.header.get("192") or ("",))[0].strip().upper()
    return "250" in trf.header or "XXA" in trf.header or system.endswith("_BAKU")


def _field(value: str, first: int, last: int) -> str:
    """Columns ``first``-``last`` (1-based, inclusive) of a header record whose value starts at col 5."""
    return value[first - 5:last - 4]


def virtual_points(trf: TrfFile, win: Fraction, rounds: int) -> dict[int, tuple[Fraction, ...]]:
    """Each player's virtual points in rounds 1..``rounds`` (players without any: absent)."""
    tpns = sorted(p.tpn for p in trf.players)
    out: dict[int, list[Fraction]] = {}

    def add(tpn: int, rnd: int, value: Fraction) -> None:
        if 1 <= rnd <= rounds:
            out.setdefault(tpn, [Fraction(0)] * rounds)[rnd - 1] += value

    for value, line in zip(trf.header.get("250", ()), trf.header_lines.get("250", ())):
        mp = read_points(_field(value, 5, 8), line, "250 match points", "a number of points")
        gp = read_points(_field(value, 10, 13), line, "250 game points", "a number of points")
        points = gp if gp is not None else mp
        if points is None:
            raise TrfError("neither the match points (cols 5-8) nor the game points (cols 10-13) are given", line,
                           "250 points")
        first = read_number(_field(value, 15, 17), line, "250 first round")
        last = read_number(_field(value, 19, 21), line, "250 last round")
        low = read_number(_field(value, 23, 26), line, "250 first player")
        high = read_number(_field(value, 28, 31), line, "250 last player")
        if None in (first, last, low, high):
            raise TrfError("the rounds (cols 15-17, 19-21) and players (cols 23-26, 28-31) are required", line,
                           "250")
        assert first is not None and last is not None and low is not None and high is not None
        if first > last or low > high:
            raise TrfError(f"rounds {first}-{last} or players {low}-{high} are not in order", line, "250")
        for tpn in tpns:
            if low <= tpn <= high:
                for rnd in range(first, last + 1):
                    add(tpn, rnd, points)
    for value, line in zip(trf.header.get("XXA", ()), trf.header_lines.get("XXA", ())):
        who = read_number(_field(value, 5, 8), line, "XXA player")
        if who is None or who not in tpns:
            raise TrfError(f"{_field(value, 5, 8).strip()!r} is not a player of the file", line, "XXA player")
        for rnd in range(1, rounds + 1):
            start = 10 + 5 * (rnd - 1)
            text = _field(value, start, start + 3)
            points = read_points(text, line, f"XXA round {rnd}", "a number of points")
            if points is not None:
                add(who, rnd, points)
    system = (trf.header.get("192") or ("",))[0].strip().upper()
    if not out and system.endswith("_BAKU"):
        return baku_virtual_points(tpns, None, win, rounds)
    return {tpn: tuple(values) for tpn, values in out.items()}
