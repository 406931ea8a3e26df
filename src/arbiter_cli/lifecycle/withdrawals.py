"""Withdrawals: what withdrawing changes, and how a withdrawal counts in a round robin.

A round robin's schedule never changes: the games of a player who withdrew are
still on the table, entered as forfeits when their rounds are paired. The
event's rule (setting ``round_robin_withdrawal``) then says how they count.

``half`` (the default, the usual rule in FIDE events, e.g. the Olympiad and
many federations' regulations): a player who played fewer than half of their
games is removed from the standings, and their games do not count for anyone
(the results stay for rating); a player who played at least half keeps
their games, and the unplayed ones count as forfeits.

``forfeits``: the unplayed games always count as forfeits.

In a Swiss the rounds after a withdrawal are zero-point absences, which the
tie-break rules (C.07 Art. 16) handle; nothing changes here.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.half_rule import annulled_players, as_counted
from arbiter_cli.core.model import ByeRequest, Player, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.guards import find_player, not_finalised

__all__ = ["withdraw", "withdraw_player", "annulled_players", "as_counted"]


def withdraw(tournament: Tournament, start_number: int, last: int) -> tuple[Tournament, list[ByeRequest]]:
    """The player withdrawn after round ``last`` (C.04.2 3.2: no longer paired), and the
    requested byes for later rounds this drops: a withdrawn player is not in those rounds.

    >>> from arbiter_cli.core.model import Player, Settings
    >>> t = Tournament(Settings(name="x", system="swiss", rounds=5, seed=1), (Player(start_number=1, name="A"),),
    ...                byes=(ByeRequest(4, 1, ByeKind.HPB),))
    >>> after, dropped = withdraw(t, 1, 2)
    >>> after.players[0].withdrawn_after, after.byes, dropped
    (2, (), [ByeRequest(round=4, start_number=1, kind=<ByeKind.HPB: 'HPB'>)])
    """
    players = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": last})
                    if p.start_number == start_number else p for p in tournament.players)
    dropped = [b for b in tournament.byes if b.start_number == start_number and b.round > last]
    return replace(tournament, players=players, byes=tuple(b for b in tournament.byes if b not in dropped)), dropped


def withdraw_player(tournament: Tournament, start_number: int, after_round: int | None = None
                    ) -> tuple[Tournament, Player, int, list[Change]]:
    """The act: the player withdraws after ``after_round`` (default: the last paired round).

    Refused for a finalised event, a player already withdrawn, before round 1 (then the
    registration is removed instead), and when the player played a game after that round
    (C.04.2 3.2: a withdrawn player is no longer paired). Returns the tournament, the
    player, the last round they take part in and the journal lines (one more for each
    requested bye the withdrawal drops).
    """
    player = find_player(tournament, start_number)
    not_finalised(tournament)
    if player.is_withdrawn:
        raise Refused(f"{player.name} already withdrew after round {player.withdrawn_after}")
    if not tournament.rounds:
        raise Refused("round 1 is not paired yet, so registration is open: use "
                      f"'arbiter player remove {start_number}' instead")
    last = tournament.last_round if after_round is None else after_round
    if not 0 <= last <= tournament.last_round:
        raise BadArgument(f"must be between 0 and {tournament.last_round} (the rounds paired so far)",
                          field="after_round")
    for rnd in tournament.rounds[last:]:
        for game in rnd.games:
            if start_number in game.players and game.result is not None and game.result.played:
                raise Refused(f"{player.name} played a game in round {rnd.number} (board {game.board}); "
                              f"a withdrawal after round {last} would contradict it")
    after, dropped = withdrawn(tournament, start_number, last)
    return after, player, last, [Change(f"player {named(start_number, player.name)} status", "active",
                                        f"withdrawn after round {last}"),
                                 *dropped]


def withdrawn(tournament: Tournament, start_number: int, last: int) -> tuple[Tournament, list[Change]]:
    """:func:`withdraw`, with a journal line for each requested bye it drops."""
    after, dropped = withdraw(tournament, start_number, last)
    name = tournament.by_number[start_number].name
    return after, [Change(f"round {b.round} requested bye of {named(start_number, name)}", b.kind.value, "")
                   for b in dropped]
