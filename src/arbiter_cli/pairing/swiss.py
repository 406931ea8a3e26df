"""From a tournament's rounds to a Dutch pairing request, and the paired round back (pure).

Each player's earlier rounds are their :class:`~arbiter_cli.core.outcome.RoundEntry`
values, the project's one vocabulary: games played on the board (``1-0``,
``½-½``, ``0-1``, and ``0-0``, a game both players lost) carry colours and count
as meetings; forfeits count for neither (C.04.2 3.4-3.5); byes are what their
kind says. A round in which a player has no row (a late entry before arrival)
is a zero-point absence.

A game of the last round still being played (``*``) counts as a draw, for the pairing only
(C.04.2 3.1: "adjourned games count as draws, for pairing only"), played with its colours. By the
federation's rule its players are paired within their score group (neither down- nor up-floated)
and get no PAB: forbidden pairs with every player of another pairing score, and PAB
ineligibility, both of which the Dutch engine already has (:func:`in_score_groups`). A request
without such a game is the one it always was. When a round is paired again (``explain``, ``trf
check``), a game of the round before it whose real result came after the pairing (note
``adjourned``) counts as it did then.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from arbiter_cli.core.model import Bye, Game, InitialColour, Round, Tournament
from arbiter_cli.core.outcome import Outcome, RoundEntry, round_entries
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.pairing.baku import virtual_points_of
from arbiter_cli.pairing.dutch.state import Entrant, PairingRequest, derive_states

__all__ = ["request_from_tournament", "round_from_pairing", "forbidden_in_round", "virtual_points_of",
           "held_games", "in_score_groups"]


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


def held_games(tournament: Tournament) -> tuple[Game, ...]:
    """The games of the last paired round that the next round is paired on as draws (C.04.2 3.1):
    those still being played (``*``), and those whose real result came after that pairing (note
    ``adjourned``, when the round after them is paired again)."""
    last = tournament.round(tournament.last_round)
    if last is None:
        return ()
    return tuple(g for g in last.games if g.result is GameResult.UNFINISHED or g.note == "adjourned")


def in_score_groups(request: PairingRequest, held: Collection[int]) -> PairingRequest:
    """The request with the federation's rule for the players of unfinished games (``held``): each
    is paired within their score group, neither down- nor up-floated, as forbidden pairs with every
    present player of another pairing score (virtual points included, as the engine reads them), and
    gets no PAB (as C2 keeps it from a player who had one)."""
    states = derive_states(request)
    present = [e.tpn for e in request.entrants if e.present]
    kept = sorted(tpn for tpn in held if tpn in present)
    pairs = set(request.forbidden)
    for tpn in kept:
        for other in present:
            if other != tpn and states[other].score != states[tpn].score:
                pairs.add((min(tpn, other), max(tpn, other)))
    return replace(request, forbidden=frozenset(pairs), pab_ineligible=request.pab_ineligible | frozenset(kept))


def request_from_tournament(tournament: Tournament, absent: frozenset[int] = frozenset(),
                            adjustments: Mapping[int, Fraction] | None = None, *,
                            hold: bool = True) -> PairingRequest:
    """The request for the round after the last paired one. ``absent``: requested byes of that round;
    ``adjustments``: points given or taken outside the games, by start number (a TRF's 299).

    The games of :func:`held_games` count as draws with their colours, and with ``hold`` (the rule;
    False only to tell whether it is what makes a round unpairable) their players stay in their
    score groups without the PAB (:func:`in_score_groups`)."""
    settings = tournament.settings
    number = tournament.last_round + 1
    entries = round_entries(tournament)
    virtual = virtual_points_of(tournament)
    draws = {tpn for game in held_games(tournament) for tpn in game.players}
    entrants = []
    for player in tournament.players:
        by_round = {entry.round: entry for entry in entries[player.start_number]}
        if player.start_number in draws:
            by_round[number - 1] = _provisional_draw(by_round[number - 1], settings.scoring.draw)
        history = tuple(by_round.get(r) or RoundEntry(r, Outcome.ZPB, Fraction(0)) for r in range(1, number))
        present = player.available_in(number) and player.start_number not in absent
        entrants.append(Entrant(player.start_number, history, present, player.rating,
                                (adjustments or {}).get(player.start_number, Fraction(0)),
                                virtual.get(player.start_number, ())))
    if settings.initial_colour is InitialColour.RANDOM:
        raise ValueError("the initial colour has not been drawn")
    request = PairingRequest(
        tuple(entrants), number, settings.rounds or number, "w" if settings.initial_colour is InitialColour.WHITE else "b",
        win=settings.scoring.win, loss=settings.scoring.loss, forbidden=forbidden_in_round(tournament, number),
    )
    return in_score_groups(request, draws) if draws and hold else request


def _provisional_draw(entry: RoundEntry, draw: Fraction) -> RoundEntry:
    """A game still being played, as the next pairing reads it: a draw played with its colours (C.04.2 3.1)."""
    return replace(entry, outcome=Outcome.DRAW, points=draw)


def round_from_pairing(number: int, pairs: list[tuple[int, int]], bye: int | None,
                       absent: dict[int, ByeKind]) -> Round:
    """A stored round: the boards in order, then the PAB, then the absences."""
    games = tuple(Game(w, b, i) for i, (w, b) in enumerate(pairs, start=1))
    byes = [Bye(bye, ByeKind.PAB)] if bye is not None else []
    byes += [Bye(tpn, kind) for tpn, kind in sorted(absent.items())]
    return Round(number, games, tuple(byes))
