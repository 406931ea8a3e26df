"""Undoing the last pairing while its round has no results (C.04.2 4.4: a published round
with results is never re-paired).

The requested byes of the round go back to the requests, the late entries made
after it was paired enter it again, and the first round's undoing reopens the
registration.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import ByeRequest, Round, Status, Tournament
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.guards import not_finalised
from arbiter_cli.lifecycle.unfinished import without_adjourned_notes
from arbiter_cli.pairing.round_robin import pair_round as berger_round

__all__ = ["unpair"]


def unpair(tournament: Tournament) -> tuple[Tournament, Round, list[ByeRequest], list[Change]]:
    """The act: the tournament without its last round, the round removed, the requested byes
    kept for it, and the journal lines."""
    not_finalised(tournament)
    if not tournament.rounds:
        raise Refused("no round has been paired")
    last = tournament.rounds[-1]
    automatic = _automatic_results(tournament, last)
    entered = [g.board for g in last.games if g.result is not None and automatic.get(g.board) != g.result]
    if entered:
        raise Refused(f"round {last.number} already has results (board{'s' if len(entered) > 1 else ''} "
                      f"{listed(entered)}); a published round with results is not re-paired")
    after, restored = _without_last_round(tournament)
    changes = [Change(f"round {last.number} unpaired", f"{len(last.games)} boards", "")]
    if after.rounds:  # the games that round was paired on while unfinished were paired on by nothing now
        before, boards = without_adjourned_notes(after.rounds[-1])
        after = replace(after, rounds=(*after.rounds[:-1], before))
        changes += [Change(f"round {before.number} board {board} note", "adjourned", "") for board in boards]
    changes += [Change(f"round {last.number} requested bye of "
                       f"{named(b.start_number, tournament.by_number[b.start_number].name)}", "", b.kind.value)
                for b in restored]
    return after, last, restored, changes


def _automatic_results(tournament: Tournament, rnd: Round) -> dict[int, GameResult]:
    """Results the program itself entered at pairing (a round robin's withdrawal forfeits)."""
    if not tournament.settings.system.is_round_robin:
        return {}
    before = replace(tournament, rounds=tournament.rounds[:-1])
    return {g.board: g.result for g in berger_round(before, rnd.number).games if g.result is not None}


def _without_last_round(tournament: Tournament) -> tuple[Tournament, list[ByeRequest]]:
    last = tournament.rounds[-1]
    number = last.number
    players = []
    late = set()
    for player in tournament.players:
        if player.entered_round == number + 1:  # entered after this round was paired
            late.add(player.start_number)
            player = player.model_copy(update={"entered_round": number if number > 1 else None})
        players.append(player)
    restored = [ByeRequest(number, b.player, b.kind) for b in last.byes
                if b.kind in (ByeKind.HPB, ByeKind.ZPB) and b.player not in late
                and tournament.by_number[b.player].available_in(number)]
    settings = tournament.settings
    if number == 1:
        settings = settings.model_copy(update={"status": Status.REGISTRATION})
    after = replace(tournament, settings=settings, players=tuple(players), rounds=tournament.rounds[:-1],
                    byes=(*tournament.byes, *restored))
    return after, restored
