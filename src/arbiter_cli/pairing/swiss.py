"""From a tournament's rounds to a Dutch pairing request, and the paired round back (pure).

Each player's earlier rounds are their :class:`~arbiter_cli.core.outcome.RoundEntry`
values, the project's one vocabulary: games played on the board (``1-0``,
``½-½``, ``0-1``, and ``0-0``, a game both players lost) carry colours and count
as meetings; forfeits count for neither (C.04.2 3.4-3.5); byes are what their
kind says. A round in which a player has no row (a late entry before arrival)
is a zero-point absence.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations

from arbiter_cli.core.model import Bye, Game, InitialColour, Round, Tournament
from arbiter_cli.core.outcome import Outcome, RoundEntry, round_entries
from arbiter_cli.core.results import ByeKind
from arbiter_cli.pairing.baku import baku_virtual_points
from arbiter_cli.pairing.dutch.state import Entrant, PairingRequest

__all__ = ["request_from_tournament", "round_from_pairing", "forbidden_in_round", "virtual_points_of"]


def forbidden_in_round(tournament: Tournament, round_number: int) -> frozenset[tuple[int, int]]:
    """The pairs (lower start number first) that may not meet in the round: the arbiter's
    (``avoid.csv``) and those of the settings (one club, or one federation, in the first K rounds)."""
    pairs: set[tuple[int, int]] = set()
    for avoidance in tournament.avoid:
        if avoidance.applies_in(round_number):
            pairs.update(combinations(sorted(set(avoidance.players)), 2))
    settings = tournament.settings
    for rounds, key in ((settings.avoid_same_club_rounds, "club"), (settings.avoid_same_federation_rounds, "federation")):
        if round_number <= rounds:
            groups: dict[str, list[int]] = {}
            for player in tournament.players:
                value = getattr(player, key)
                if value:
                    groups.setdefault(value.casefold(), []).append(player.start_number)
            for members in groups.values():
                pairs.update(combinations(sorted(members), 2))
    return frozenset(pairs)


def virtual_points_of(tournament: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """Each player's virtual points per round (acceleration, C.04.7): Baku's by the settings
    (group A up to ``baku_group_a``, else the first 2*ceil(n/4)), with the arbiter's own values
    (``virtual.csv``) over them; empty when the event has neither."""
    settings = tournament.settings
    rounds = settings.rounds or 0
    if (settings.acceleration != "baku" and not tournament.virtual) or rounds == 0:
        return {}
    order = sorted(p.start_number for p in tournament.players)
    overrides = {(v.start_number, v.round): v.points for v in tournament.virtual}
    if settings.acceleration == "baku":
        return baku_virtual_points(order, settings.baku_group_a, settings.scoring.win, rounds, overrides)
    return baku_virtual_points(order, 0, settings.scoring.win, rounds, overrides)


def request_from_tournament(tournament: Tournament, absent: frozenset[int] = frozenset(),
                            adjustments: Mapping[int, Fraction] | None = None) -> PairingRequest:
    """The request for the round after the last paired one. ``absent``: requested byes of that round;
    ``adjustments``: points given or taken outside the games, by start number (a TRF's 299)."""
    settings = tournament.settings
    number = tournament.last_round + 1
    entries = round_entries(tournament)
    virtual = virtual_points_of(tournament)
    entrants = []
    for player in tournament.players:
        by_round = {entry.round: entry for entry in entries[player.start_number]}
        history = tuple(by_round.get(r) or RoundEntry(r, Outcome.ZPB, Fraction(0)) for r in range(1, number))
        present = player.available_in(number) and player.start_number not in absent
        entrants.append(Entrant(player.start_number, history, present, player.rating,
                                (adjustments or {}).get(player.start_number, Fraction(0)),
                                virtual.get(player.start_number, ())))
    if settings.initial_colour is InitialColour.RANDOM:
        raise ValueError("the initial colour has not been drawn")
    return PairingRequest(
        tuple(entrants), number, settings.rounds or number, "w" if settings.initial_colour is InitialColour.WHITE else "b",
        win=settings.scoring.win, loss=settings.scoring.loss, forbidden=forbidden_in_round(tournament, number),
    )


def round_from_pairing(number: int, pairs: list[tuple[int, int]], bye: int | None,
                       absent: dict[int, ByeKind]) -> Round:
    """A stored round: the boards in order, then the PAB, then the absences."""
    games = tuple(Game(w, b, i) for i, (w, b) in enumerate(pairs, start=1))
    byes = [Bye(bye, ByeKind.PAB)] if bye is not None else []
    byes += [Bye(tpn, kind) for tpn, kind in sorted(absent.items())]
    return Round(number, games, tuple(byes))
