"""Checking a TRF's pairings: each round paired again by the Dutch system and compared.

A round agrees when the same pairs met with the same colours and the same
player received the PAB. A round the engine cannot pair (no valid pairing)
differs from any recorded round. A round that differs is read as paired by hand
(C.04.1): it is checked against the absolute criteria, and its quality compared
with the engine's pairing, bracket by bracket.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from arbiter_cli.pairing.dutch import DutchResult, NoValidPairing, pair_round
from arbiter_cli.pairing.dutch.manual import check_manual_pairing
from arbiter_cli.trf.reader import TrfFile
from arbiter_cli.trf.swiss import paired_rounds, request_from_trf, round_pairing

__all__ = ["RoundCheck", "check_rounds"]

Pair = tuple[int, int]


@dataclass(frozen=True)
class RoundCheck:
    """One round: the (White, Black) pairs and the PAB in the file and as the engine pairs them."""

    number: int
    recorded: frozenset[Pair]
    recorded_bye: int | None
    ours: frozenset[Pair]
    our_bye: int | None
    #: a differing round read as paired by hand (C.04.1): the absolute criteria it breaks, and the
    #: quality criteria on which it does worse than the engine (see pairing/dutch/manual.py)
    absolute: tuple[str, ...] = ()
    quality: tuple[str, ...] = ()

    @property
    def identical(self) -> bool:
        return self.ours == self.recorded and self.our_bye == self.recorded_bye

    @property
    def file_only(self) -> list[Pair]:
        return sorted(self.recorded - self.ours)

    @property
    def engine_only(self) -> list[Pair]:
        return sorted(self.ours - self.recorded)


def check_rounds(trf: TrfFile) -> Iterator[RoundCheck]:
    """Every paired round of ``trf``, re-paired from the rounds before it, one at a time (a slow
    event shows each round as it is checked). Without a number of rounds in the file (XXR or
    142), the rounds paired are taken as the event's."""
    rounds = paired_rounds(trf)
    for number in range(1, rounds + 1):
        recorded, recorded_bye = round_pairing(trf, number)
        request = request_from_trf(trf, number, default_total=rounds)
        result: DutchResult | None
        try:
            result = pair_round(request)
            ours, our_bye = frozenset(result.pairs), result.bye
        except NoValidPairing:
            result, ours, our_bye = None, frozenset(), None
        check = RoundCheck(number, frozenset(recorded), recorded_bye, ours, our_bye)
        if not check.identical:
            manual = check_manual_pairing(request, sorted(recorded), recorded_bye, result)
            check = replace(check, absolute=manual.errors + manual.absolute, quality=manual.quality)
        yield check
