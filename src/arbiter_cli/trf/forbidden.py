"""Forbidden pairs in a Tournament Report File: TRF-2026 record 260, and JaVaFo's ``XXP`` (read only).

* **260** ``fff lll pppp pppp ...``: the first and last round (cols 5-7, 9-11; blank: every
  round), then two or more players (from col 13, in steps of 5): no two of them may meet in those
  rounds.
* **XXP** ``pppp pppp ...``: players no two of whom may meet, in any round.

They are absolute criteria for the pairing, as in bbpPairings. Pure; a bad field is a
:class:`TrfError` naming the line and the field.
"""

from __future__ import annotations

from itertools import combinations

from arbiter_cli.trf.reader import TrfError, TrfFile, read_number

__all__ = ["forbidden_pairs", "ForbiddenRecord", "forbidden_records"]

ForbiddenRecord = tuple[int | None, int | None, tuple[int, ...]]  # first round, last round, players


def forbidden_records(trf: TrfFile) -> list[ForbiddenRecord]:
    """Every 260 and XXP record: (first round, last round, players); None rounds: every round."""
    known = {p.tpn for p in trf.players}
    out: list[ForbiddenRecord] = []
    for code in ("260", "XXP"):
        for value, line in zip(trf.header.get(code, ()), trf.header_lines.get(code, ())):
            if code == "260":
                first = read_number(value[0:3], line, "260 first round")
                last = read_number(value[4:7], line, "260 last round")
                rest = value[8:]
            else:
                first = last = None
                rest = value
            players = []
            for token in rest.split():
                if not token.isdigit() or int(token) not in known:
                    raise TrfError(f"{token!r} is not a player of the file", line, f"{code} players")
                players.append(int(token))
            if len(set(players)) < 2:
                raise TrfError("a forbidden pair needs at least two different players", line, f"{code} players")
            if first is not None and last is not None and first > last:
                raise TrfError(f"rounds {first}-{last} are not in order", line, f"{code} rounds")
            out.append((first, last, tuple(players)))
    return out


def forbidden_pairs(trf: TrfFile, round_number: int) -> frozenset[tuple[int, int]]:
    """The pairs (lower TPN first) that may not meet in ``round_number``."""
    pairs: set[tuple[int, int]] = set()
    for first, last, players in forbidden_records(trf):
        if (first is None or first <= round_number) and (last is None or round_number <= last):
            pairs.update((min(a, b), max(a, b)) for a, b in combinations(sorted(set(players)), 2))
    return frozenset(pairs)
