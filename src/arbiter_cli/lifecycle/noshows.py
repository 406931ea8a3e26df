"""No-shows: when does a forfeit withdraw the player?

A player who does not come to the board loses by forfeit. Many events treat a
player absent without notice as withdrawn: the 2017 C.04.2 D.2 did, the 2026
General Handling Rules leave it to the event, and FIDE's General Regulations
for Competitions (6.5) keep it. The setting ``no_show_rule`` says when
(:mod:`arbiter_cli.core.no_show_rule`): ``off``, never; ``fide``, one no-show
without notice; ``federation`` (the default, the Turkish federation's rule),
one without notice or two of any kind. A no-show is excused when the forfeit's
board carries the note ``excused``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Game, Round, Status, Tournament
from arbiter_cli.core.results import GameResult
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.withdrawals import withdrawn

__all__ = ["NoShows", "no_shows", "forfeit_losers", "withdrawal_reason", "apply_no_show_rule"]


@dataclass(frozen=True)
class NoShows:
    total: int
    unexcused: int


def forfeit_losers(board: Game) -> tuple[int, ...]:
    """The players who lost this board by not showing up."""
    match board.result:
        case GameResult.WHITE_FORFEIT_WIN:
            return (board.black,)
        case GameResult.BLACK_FORFEIT_WIN:
            return (board.white,)
        case GameResult.DOUBLE_FORFEIT:
            return (board.white, board.black)
    return ()


def no_shows(tournament: Tournament, start_number: int) -> NoShows:
    """The player's forfeit losses so far, and how many of them had no notice."""
    total = unexcused = 0
    for rnd in tournament.rounds:
        for board in rnd.games:
            if start_number in forfeit_losers(board):
                total += 1
                unexcused += board.note != "excused"
    return NoShows(total, unexcused)


def withdrawal_reason(tournament: Tournament, start_number: int) -> str | None:
    """Why the event's no-show rule withdraws this player now, or None.

    >>> from arbiter_cli.core.model import Player, Round, Settings
    >>> t = Tournament(Settings(name="x", system="swiss", rounds=5, seed=1),
    ...                (Player(start_number=1, name="A"), Player(start_number=2, name="B")),
    ...                (Round(1, (Game(1, 2, 1, GameResult.WHITE_FORFEIT_WIN),)),))
    >>> withdrawal_reason(t, 2)
    '1 no-show without notice (the event withdraws a player after 1)'
    >>> withdrawal_reason(t, 1) is None
    True
    """
    limits = tournament.settings.no_show_limits
    counted = no_shows(tournament, start_number)
    limit = limits.unexcused
    if limit and counted.unexcused >= limit:
        return (f"{counted.unexcused} no-show{'s' if counted.unexcused > 1 else ''} without notice "
                f"(the event withdraws a player after {limit})")
    limit = limits.total
    if limit and counted.total >= limit:
        return f"{counted.total} no-show{'s' if counted.total > 1 else ''} (the event withdraws a player after {limit})"
    return None


def apply_no_show_rule(after: Tournament, old: Round, new: Round, confirm: bool,
                       excused: bool = False, source: str | None = None,
                       lines_of: Mapping[int, int] | None = None) -> tuple[Tournament, list[str], list[Change]]:
    """Withdraw the players whose new forfeit in ``new`` (was ``old``) triggers the event's
    no-show rule. Refused unless ``confirm``: the arbiter must see it happen; the refusal names the
    bulk input's ``source`` and the line of the first such board (``lines_of``: board -> line). Returns
    the tournament, the lines to tell and the journal lines."""
    if after.settings.status is Status.FINALISED or new.number != after.last_round:
        return after, [], []  # a correction of an earlier round: the player has played on since
    newly = []
    for game in new.games:
        was = old.game(game.board)
        previously = set(forfeit_losers(was)) if was is not None else set()
        for loser in forfeit_losers(game):
            player = after.player(loser)
            if loser in previously or player is None or player.is_withdrawn:
                continue
            reason = withdrawal_reason(after, loser)
            if reason:
                newly.append((player, reason, game.board))
    if not newly:
        return after, [], []
    if not confirm:
        who = "; ".join(f"{p.name} (start number {p.start_number}): {reason}" for p, reason, _ in newly)
        hint = "" if excused else ", or --excused if notice was given"
        raise Refused(f"this forfeit withdraws {who}. Nothing was saved: give --confirm to record it and "
                      f"withdraw{hint}", source=source, line=(lines_of or {}).get(newly[0][2]))
    last = after.last_round
    lines: list[str] = []
    changes: list[Change] = []
    for player, reason, _ in newly:
        after, dropped = withdrawn(after, player.start_number, last)
        lines.append(f"{player.name} withdrawn after round {last}: {reason}")
        lines += [f"{change.change}: {change.old} dropped" for change in dropped]
        changes.append(Change(f"player {named(player.start_number, player.name)} status", "active",
                              f"withdrawn after round {last} ({reason})"))
        changes += dropped
    return after, lines, changes
