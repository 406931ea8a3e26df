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
tie-break rules (C.07 Art. 16) handle; nothing changes here. A Swiss player
registered but never present is withdrawn after round 0 (before round 1 is
paired): kept on the list (and in a TRF export), never paired (C.04.2 3.3: a
player known in advance to be absent is not paired).

A withdrawal is undone (:func:`reinstate_player`) while no paired round depends
on it: none was paired without the player after it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.half_rule import annulled_players, as_counted
from arbiter_cli.core.model import ByeRequest, Player, System, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.words import rounds_named
from arbiter_cli.lifecycle.guards import find_player, not_finalised

if TYPE_CHECKING:  # a change's line is made where one is (start-up, issue 29)
    from arbiter_cli.lifecycle.change import Change

__all__ = ["withdraw", "withdraw_player", "reinstate_player", "left_out_after", "annulled_players", "as_counted"]


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
    """The act: the player withdraws after ``after_round`` (default: the last paired round; once every
    round of a round robin is paired and the player still has a game to play, it must be given).

    Refused for a finalised event, a player already withdrawn, and when the player played a
    game after that round (C.04.2 3.2: a withdrawn player is no longer paired). Before round 1
    is paired only a Swiss's ``after_round`` 0 is taken: the player stays on the list, absent
    from round 1 on (C.04.2 3.3); a registration made by mistake is removed instead, and a round
    robin's schedule is drawn for the players it has (C.05). Returns the tournament, the player,
    the last round they take part in and the journal lines (one more for each requested bye the
    withdrawal drops).
    """
    from arbiter_cli.lifecycle.change import Change, named

    player = find_player(tournament, start_number)
    not_finalised(tournament)
    if player.is_withdrawn:
        raise Refused(f"{player.name} already withdrew after round {player.withdrawn_after}")
    if not tournament.rounds and after_round != 0:
        raise Refused(f"round 1 is not paired yet, so registration is open: 'arbiter player remove {start_number}' "
                      "takes the registration off the list"
                      + (f"; '--after-round 0' keeps {player.name} on it, absent from round 1 on"
                         if tournament.settings.system is System.SWISS else ""))
    if not tournament.rounds and tournament.settings.system is not System.SWISS:
        raise Refused(f"a {tournament.settings.system.value}'s schedule is drawn for the players registered when "
                      f"round 1 is paired (C.05): a player who will not play is removed ('arbiter player remove "
                      f"{start_number}')")
    last = tournament.last_round if after_round is None else after_round
    if after_round is None and tournament.settings.system.is_round_robin \
            and tournament.settings.rounds == tournament.last_round:
        # every round is paired (a group's round robin is paired whole): "the last paired round" is the last
        # round of all, and none of the games still to play would be forfeited (the trial of issue 30)
        open_games = [rnd.number for rnd in tournament.rounds for game in rnd.games
                      if start_number in game.players and game.result is None]
        if open_games:
            played = max((rnd.number for rnd in tournament.rounds for game in rnd.games
                          if start_number in game.players and game.result is not None), default=0)  # 0: none
            raise BadArgument(f"every round is paired, and {player.name} has no result yet in "
                              f"{rounds_named(open_games)}: give --after-round N, the last round they take part in "
                              f"(their games after it are forfeits; their last game with a result is in round "
                              f"{played})", field="--after-round")
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
    from arbiter_cli.lifecycle.change import Change, named

    after, dropped = withdraw(tournament, start_number, last)
    name = tournament.by_number[start_number].name
    return after, [Change(f"round {b.round} requested bye of {named(start_number, name)}", b.kind.value, "")
                   for b in dropped]


def reinstate_player(tournament: Tournament, start_number: int) -> tuple[Tournament, Player, list[Change], list[str]]:
    """The act: undo the player's withdrawal (C.04.2 3.2 pairs them again from the next round).

    Refused for a finalised event, a player who is not withdrawn, and when a round paired after
    the withdrawal left the player out: that round depends on it (it is unpaired first, or the
    player stays withdrawn). The results of the player's boards after the withdrawal stay as they
    are (a forfeit entered for it is corrected as any result), and so does the requested bye a
    withdrawal dropped. Returns the tournament, the player as they were, the journal lines and
    notes to tell.
    """
    from arbiter_cli.lifecycle.change import Change, named

    player = find_player(tournament, start_number)
    not_finalised(tournament)
    last = player.withdrawn_after
    if not player.is_withdrawn or last is None:
        raise Refused(f"{player.name} is not withdrawn")
    depending = left_out_after(tournament, player)
    if depending is not None:
        later = f"rounds {depending}-{tournament.last_round}" if depending < tournament.last_round \
            else f"round {depending}"
        raise Refused(f"round {depending} was paired without {player.name}, who withdrew after round {last}: "
                      f"unpair {later} first ('arbiter unpair' removes the last round while it has no results), "
                      "then reinstate")
    notes = []
    for rnd in tournament.rounds[last:]:
        for game in rnd.games:
            if start_number in game.players and game.result is not None and not game.result.played:
                notes.append(f"round {rnd.number} board {game.board} keeps its forfeit ({game.result.value}); if "
                             f"the game is played: 'arbiter result {rnd.number} {game.board} RESULT --correct'")
    players = tuple(p.model_copy(update={"status": "active", "withdrawn_after": None})
                    if p.start_number == start_number else p for p in tournament.players)
    change = Change(f"player {named(start_number, player.name)} status", f"withdrawn after round {last}",
                    "active (reinstated)")
    return replace(tournament, players=players), player, [change], notes


def left_out_after(tournament: Tournament, player: Player) -> int | None:
    """The first round paired after the player's withdrawal that left them out (C.04.2 3.2), which
    depends on the withdrawal; None when there is none (a withdrawal dated back keeps its boards)."""
    last = player.withdrawn_after
    if last is None:
        return None
    for rnd in tournament.rounds[last:]:
        if not any(player.start_number in game.players for game in rnd.games) and \
                not any(bye.player == player.start_number for bye in rnd.byes):
            return rnd.number
    return None
