"""Pairing the next round, and the draws made at the first pairing.

Before the first pairing the registration closes: start numbers are drawn by
lot if the event chose that (C.05), a round robin's number of rounds follows
from its players (C.05 Berger tables), and an initial colour left ``random``
is drawn (C.04.3 Art. 5.1: the colour of the first player in round 1). The
draws come from the event's stored seed, so the same folder always gives the
same pairing.

A round is paired only when every earlier result is in (C.04.1 Art. 7) and the
event has rounds left; a game of the last round still being played (``*``) counts
as a draw for it, within the rules of :mod:`.unfinished` (C.04.2 3.1). The requested
byes of the round (C.04.2 3.3) become bye rows of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import NoPairing, Refused
from arbiter_cli.core.model import MOST_ROUNDS, InitialColour, Numbering, Round, Status, Tournament
from arbiter_cli.core.tpn import drawn_numbers
from arbiter_cli.core.words import count, listed
from arbiter_cli.pairing.baku import group_a_size
from arbiter_cli.lifecycle.avoid import forbidding
from arbiter_cli.lifecycle.byes import take_byes
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.guards import not_finalised
from arbiter_cli.lifecycle.late_entry import renumbered
from arbiter_cli.lifecycle.unfinished import check_pairing
from arbiter_cli.pairing import pair_next_round
from arbiter_cli.pairing.round_robin import planned_rounds

__all__ = ["Paired", "first_pairing_draws", "ready_to_pair", "pair_round"]


@dataclass(frozen=True)
class Paired:
    """The tournament with its new round, the round, and the journal lines."""

    tournament: Tournament
    round: Round
    changes: tuple[Change, ...]


def first_pairing_draws(tournament: Tournament) -> tuple[Tournament, list[Change]]:
    """Close registration: start numbers by lot if chosen, the rounds of a round robin, the
    initial colour if it is to be drawn; the status becomes ``running``."""
    settings = tournament.settings
    changes: list[Change] = []
    players = tournament.players
    if settings.numbering is Numbering.LOT:
        # Everything kept by start number (requested byes, forbidden pairs, virtual points) follows
        # its player: one mapping renumbers them all, in the same change as the players.
        tournament = renumbered(tournament, drawn_numbers(players, settings.seed))
        players = tournament.players
        settings = tournament.settings
        changes.append(Change("start numbers drawn by lot", "",
                              " ".join(f"{p.start_number}={p.name}" for p in players)))
    update: dict[str, object] = {"status": Status.RUNNING}
    if settings.system.is_round_robin:
        total = planned_rounds(settings.system, len(players))
        if total > MOST_ROUNDS:
            raise Refused(f"a {settings.system.value} of {len(players)} players has {total} rounds: arbiter handles "
                          f"at most {MOST_ROUNDS}")
        if settings.rounds is not None and settings.rounds != total:
            raise Refused(f"a {settings.system.value} of {len(players)} players has {count(total, 'round')}, "
                          f"but tournament.toml says rounds = {settings.rounds}")
        if settings.rounds is None:
            update["rounds"] = total
            changes.append(Change("rounds", "", str(total)))
    if settings.acceleration == "baku" and settings.baku_group_a is None and players:
        # Group A (C.04.7): the first 2*ceil(n/4) by pairing number; its last player is fixed now.
        last = sorted(p.start_number for p in players)[min(group_a_size(len(players)), len(players)) - 1]
        update["baku_group_a"] = last
        changes.append(Change("Baku group A", "", f"start numbers 1 to {last}"))
    if settings.initial_colour is InitialColour.RANDOM:
        colour = random.Random(f"colour:{settings.seed}").choice([InitialColour.WHITE, InitialColour.BLACK])
        update["initial_colour"] = colour
        changes.append(Change("initial colour drawn", "random", colour.value))
    changes.append(Change("status", settings.status.value, Status.RUNNING.value))
    return replace(tournament, settings=settings.model_copy(update=update), players=players), changes


def ready_to_pair(tournament: Tournament, *, results_first: bool = True) -> None:
    """Refuse to pair while a result is missing (or a game still being played where the rules of
    :mod:`.unfinished` do not allow it), when every round is paired, or with fewer than two players.
    ``results_first=False``: a group's round robin, whose rounds are all paired at once (the Berger
    tables, C.05, read no result), pairs without them."""
    not_finalised(tournament)
    for earlier in tournament.rounds if results_first or not tournament.settings.system.is_round_robin else ():
        if earlier.missing:
            boards = listed(earlier.missing)
            raise Refused(f"round {earlier.number} still has no result on board"
                          f"{'s' if len(earlier.missing) > 1 else ''} {boards}")
    settings = tournament.settings
    if settings.rounds is None or tournament.last_round < settings.rounds:
        check_pairing(tournament)
    if settings.rounds is not None and tournament.last_round >= settings.rounds:
        raise Refused("the round is paired" if settings.rounds == 1 else f"all {settings.rounds} rounds are paired")
    if len(tournament.players) < 2:
        raise Refused("at least 2 players are needed to pair a round")
    if settings.system.is_round_robin and not settings.berger_tables:
        raise Refused(f"this {settings.system.value} was imported as played, with pairings that do not follow the "
                      "Berger tables (C.05): arbiter cannot pair its remaining rounds")


def pair_round(tournament: Tournament, progress: Callable[[int, int], None] | None = None, *,
               results_first: bool = True) -> Paired:
    """The act: pair the round after the last paired one (the first pairing's draws first).

    ``progress`` is called as a Swiss round's brackets are settled. A round robin's games
    against a withdrawn player are entered at once as forfeits, and journalled. ``results_first``:
    see :func:`ready_to_pair`.
    """
    ready_to_pair(tournament, results_first=results_first)
    prepared, changes = first_pairing_draws(tournament) if not tournament.rounds else (tournament, [])
    number = prepared.last_round + 1
    prepared, requested = take_byes(prepared, number)
    try:
        new_round = pair_next_round(prepared, requested, progress)
    except NoPairing as error:
        sources = [f"{a}-{b}: {', '.join(forbidding(prepared, number, (a, b)))}"
                   for a, b in getattr(error, "blocking", ())]
        raise NoPairing(f"round {number}: {error}" + (f" ({'; '.join(sources)})" if sources else "")) from None
    after = replace(prepared, rounds=(*prepared.rounds, new_round))
    changes.append(Change(f"round {number} paired", "",
                          count(len(new_round.games), "board") + ", " + count(len(new_round.byes), "bye")))
    for game in new_round.games:
        if game.result is not None:
            changes.append(Change(f"round {number} board {game.board} result", "",
                                  f"{game.result.value} (withdrawal)"))
    return Paired(after, new_round, tuple(changes))
