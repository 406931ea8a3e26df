"""The board tie-breaks BC, TBR and BBE: C.07 Art. 12 (team knock-out, usable in other team
events too).

* **BC**, board count: Σ board number × the GP scored on that board. Lower is
  better (a team that scored on the top boards ranks first).
* **TBR**, top board result: the GP on board 1, then on board 2, and so on.
* **BBE**, bottom board elimination: the GP without the last board, then
  without the last two, and so on.

Here "a team PAB counts as a standard win on every board", even though C.04.6
credits a drawn match, and individual forfeits count as normal wins and losses
(their points are already the board's points). A match forfeit or a bye
without boards spreads its GP evenly over the boards (a forfeit win is a win on
every board). A match played whose boards are not known gives no value.

Over the whole event, BC is a value per team and TBR and BBE divide a tied
group; inside the EDE chains of Art. 13.3.2 (:mod:`.extended_direct_encounter`)
the same comparisons read only the matches between the two teams still tied.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from arbiter_cli.core.team import TeamOutcome, TeamRoundEntry, TeamScoring
from arbiter_cli.tiebreaks.ranking import order_parts
from arbiter_cli.tiebreaks.team.codes import TeamSpec
from arbiter_cli.tiebreaks.team.event import TeamView

__all__ = ["round_board_points", "board_totals", "board_count", "bc_of", "tbr_key", "bbe_key",
           "top_board_result", "bottom_board_elimination"]

BoardPoints = tuple[Fraction, ...]


def round_board_points(entry: TeamRoundEntry, scoring: TeamScoring) -> BoardPoints | None:
    """The GP a team scored on each board (board 1 first) in one round; None for a match played
    whose boards are not known.

    >>> from arbiter_cli.core.team import TeamScoring
    >>> pab = TeamRoundEntry(3, TeamOutcome.PAB, None, Fraction(1), Fraction(2))
    >>> round_board_points(pab, TeamScoring(boards=4))
    (Fraction(1, 1), Fraction(1, 1), Fraction(1, 1), Fraction(1, 1))
    """
    boards = scoring.boards
    if entry.outcome is TeamOutcome.PAB:  # Art. 12: a standard win on every board
        return (scoring.game.win,) * boards
    if entry.boards:
        points = [Fraction(0)] * boards
        for board in entry.boards:
            if 1 <= board.board <= boards:
                points[board.board - 1] += board.points
        return tuple(points)
    if entry.outcome.played:
        return None
    return (entry.game_points / boards,) * boards


def _sum(rounds: Iterable[BoardPoints | None], boards: int) -> BoardPoints | None:
    totals = [Fraction(0)] * boards
    for points in rounds:
        if points is None:
            return None
        totals = [a + b for a, b in zip(totals, points)]
    return tuple(totals)


def board_totals(view: TeamView, number: int, against: int | None = None) -> BoardPoints | None:
    """A team's GP on each board over the event, or (``against``) over its matches played
    against that team; None when a match counted has no known boards."""
    scoring = view.event.scoring
    entries = view.entries(number)
    if against is not None:
        entries = tuple(e for e in entries if e.opponent == against and e.outcome.played)
    return _sum((round_board_points(entry, scoring) for entry in entries), scoring.boards)


def bc_of(points: BoardPoints) -> Fraction:
    """Σ board number × GP on that board."""
    return sum((board * gp for board, gp in enumerate(points, start=1)), Fraction(0))


def tbr_key(points: BoardPoints) -> tuple[Fraction, ...]:
    """TBR's comparisons in order: board 1, board 2, ... (higher first)."""
    return points


def bbe_key(points: BoardPoints) -> tuple[Fraction, ...]:
    """BBE's comparisons in order: without the last board, without the last two, ..."""
    return tuple(sum(points[:kept], Fraction(0)) for kept in range(len(points) - 1, 0, -1))


def board_count(view: TeamView, spec: TeamSpec) -> dict[int, Fraction | None]:
    """BC (Art. 12): Σ board number × GP on that board over the event; lower is better."""
    result: dict[int, Fraction | None] = {}
    for number in view.numbers:
        totals = board_totals(view, number)
        result[number] = None if totals is None else bc_of(totals)
    return result


def _divide(view: TeamView, group: list[int], bbe: bool) -> list[list[int]]:
    totals = {number: board_totals(view, number) for number in group}
    if any(t is None for t in totals.values()):
        return [list(group)]
    keys = {n: tuple(-v for v in (bbe_key(t) if bbe else tbr_key(t))) for n, t in totals.items() if t is not None}
    return order_parts(group, keys)


def top_board_result(view: TeamView, group: list[int], spec: TeamSpec) -> list[list[int]]:
    """TBR (Art. 12) over the event: divide a tied group by board 1's GP, then board 2's, ..."""
    return _divide(view, group, bbe=False)


def bottom_board_elimination(view: TeamView, group: list[int], spec: TeamSpec) -> list[list[int]]:
    """BBE (Art. 12) over the event: divide a tied group by the GP without the last board, then
    without the last two, ..."""
    return _divide(view, group, bbe=True)
