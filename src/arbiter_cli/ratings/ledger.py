"""Rating a club tournament, and replaying all of them in the order they were finalised.

A member's state per time control is their rating, their rated games so far,
and whether the rating has ever been 2400 or more (initial rating included),
which fixes K at 10 for good; a junior below 2300 has K 40 (B.02 8.3.3: until the end
of the year of the 18th birthday, read from the member's birth year and the
tournament's date). Only games played on the board count (1-0,
½-½, 0-1, and a 0-0 as a loss for both: B.02 rates a game in which both
players made a move, and each player's change is their own); forfeits and
byes do not, and a game later annulled by a withdrawal still does. Expected
scores use every player's rating from before the tournament.

>>> before = {1: RatingState(2000), 2: RatingState(1900)}
>>> rows = rate_tournament([RatedGame(1, 2, Fraction(1))], before)
>>> [(r.member_id, r.k, r.expected, r.change, r.rating_after) for r in rows]
[(1, 40, Fraction(16, 25), 14, 2014), (2, 40, Fraction(9, 25), -14, 1886)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_cli.ratings.elo import expected_score, k_factor, performance_rating, rating_change

__all__ = ["RatingState", "RatedGame", "RatingRow", "RatedEvent", "rate_tournament", "replay", "junior_in", "JUNIOR_BELOW"]

TIME_CONTROLS = ("standard", "rapid", "blitz")


@dataclass(frozen=True)
class RatingState:
    """A member's club rating in one time control, before a tournament."""

    rating: int
    games: int = 0  # rated games so far
    ever_2400: bool = False

    def __post_init__(self) -> None:
        if self.rating >= 2400 and not self.ever_2400:
            object.__setattr__(self, "ever_2400", True)


@dataclass(frozen=True)
class RatedGame:
    """A game played on the board between two members: White's id, Black's id, White's score,
    and Black's score when it is not the rest of the point (a 0-0: both lost the game they played)."""

    white: int
    black: int
    white_score: Fraction  # 1, 1/2 or 0
    black_score: Fraction | None = None  # None: 1 - white_score

    @property
    def scores(self) -> tuple[Fraction, Fraction]:
        return self.white_score, 1 - self.white_score if self.black_score is None else self.black_score


@dataclass(frozen=True)
class RatingRow:
    """One member's line of a tournament's rating report."""

    member_id: int
    rating_before: int
    k: int
    games: int
    score: Fraction
    expected: Fraction
    change: int
    rating_after: int
    performance: int | None  # TPR, B.02 8.1.1


@dataclass(frozen=True)
class RatedEvent:
    """A finalised club tournament, as the ledger needs it."""

    name: str
    time_control: str
    players: tuple[int, ...]  # member ids of its players
    games: tuple[RatedGame, ...] = field(default_factory=tuple)
    date: str = ""  # the event's date (its last day), YYYY-MM-DD; "" when unknown


#: B.02 8.3.3: a junior's K is 40 while the rating is under this.
JUNIOR_BELOW = 2300


def junior_in(born: int | None, date: str) -> bool:
    """Whether a member born in year ``born`` is a junior for K in a tournament of ``date``
    (YYYY-MM-DD): until the end of the year of the 18th birthday (B.02 8.3.3). False when either is
    not known.

    >>> junior_in(2008, "2026-12-31"), junior_in(2007, "2026-01-01"), junior_in(None, "2026-01-01"), junior_in(2010, "")
    (True, False, False, False)
    """
    return born is not None and len(date) >= 4 and date[:4].isdigit() and int(date[:4]) <= born + 18


def rate_tournament(games: Iterable[RatedGame], before: Mapping[int, RatingState],
                    players: Sequence[int] | None = None, time_control: str = "standard",
                    juniors: Iterable[int] = ()) -> list[RatingRow]:
    """The rating change of every player of one tournament (``players``: default, all in ``before``;
    ``juniors``: the members who are juniors in it, whose K is 40 below 2300)."""
    juniors = frozenset(juniors)
    games = list(games)
    members = list(players) if players is not None else sorted(before)
    opponents: dict[int, list[tuple[int, Fraction]]] = {m: [] for m in members}
    for game in games:
        white_score, black_score = game.scores
        opponents.setdefault(game.white, []).append((game.black, white_score))
        opponents.setdefault(game.black, []).append((game.white, black_score))
    rows = []
    for member in members:
        state = before[member]
        played = opponents.get(member, [])
        score = sum((s for _, s in played), Fraction(0))
        expected = sum((expected_score(state.rating, before[o].rating, time_control) for o, _ in played),
                       Fraction(0))
        k = k_factor(state.ever_2400, state.games, len(played), member in juniors and state.rating < JUNIOR_BELOW)
        change = rating_change(k, score, expected) if played else 0
        rows.append(RatingRow(member, state.rating, k, len(played), score, expected, change,
                              state.rating + change, performance_rating([before[o].rating for o, _ in played], score)))
    return rows


def replay(initial: Mapping[int, Mapping[str, int]], events: Sequence[RatedEvent],
           born: Mapping[int, int | None] | None = None) -> list[tuple[RatedEvent, list[RatingRow]]]:
    """Every event's rating rows, from the members' initial ratings, in the order given (``born``: the
    members' birth years, for a junior's K)."""
    born = born or {}
    states: dict[tuple[int, str], RatingState] = {}

    def state(member: int, control: str) -> RatingState:
        key = (member, control)
        if key not in states:
            states[key] = RatingState(initial[member][control])
        return states[key]

    report = []
    for event in events:
        before = {m: state(m, event.time_control) for m in event.players}
        juniors = [m for m in event.players if junior_in(born.get(m), event.date)]
        rows = rate_tournament(event.games, before, event.players, event.time_control, juniors)
        for row in rows:
            old = before[row.member_id]
            states[(row.member_id, event.time_control)] = RatingState(
                row.rating_after, old.games + row.games, old.ever_2400 or row.rating_after >= 2400)
        report.append((event, rows))
    return report
