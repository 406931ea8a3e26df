"""Team rosters, team rating and numbering, and line-ups: the pure rules (issue 15).

The rules come from the federation regulations we were given, as issue 15 states them
(the FIDE rules leave these to the competition rules; C.04.6 says only that team numbers
come from the competition rules and are then fixed):

* **Roster order.** A team's list of players (main players, then reserves) is in rating
  order, unrated players last. The event may let a player stand above a player rated up
  to N points higher, N from 0 to 50 (:func:`check_roster`).
* **Team rating.** The average of the main players' ratings (the first ``boards`` players;
  reserves left out). An unrated player counts as 50 below the team's lowest-rated rated
  player (:func:`team_rating`).
* **National ratings.** The federation's rules order the rosters by the national rating, and
  make the team rating the mean of the main players' national ratings, an unknown one counting
  50 below the team's lowest known one: the same two rules, read with the national rating
  (a team event's ``[team] roster_rating = "national"``, which
  :meth:`~arbiter_cli.core.team_tournament.TeamTournament.roster` reads).
* **Team numbers** follow the team rating; teams with no rated player go below the rated
  teams, in an order drawn by lot (:func:`number_teams`). The competition rules may set the
  numbers instead (:func:`number_teams_as_given`).
* **Line-ups.** A team's players for a round, board 1 first. Without one, the team plays its
  first ``boards`` available players in roster order (:func:`default_line_up`). A line-up
  keeps the roster's order, names only roster players, and leaves no more boards empty than
  the event allows; an empty board is always the lowest (:func:`check_line_up`).

Ratings are whole numbers and the team rating an exact :class:`~fractions.Fraction`; it is
shown rounded to a whole number, halves up (:func:`format_team_rating`).

>>> roster = Roster((RosterPlayer("Ana", rating=2200), RosterPlayer("Bo", rating=2125),
...                  RosterPlayer("Cy"), RosterPlayer("Di")), boards=3)
>>> check_roster(roster) is roster
True
>>> team_rating(roster)
Fraction(6400, 3)
>>> format_team_rating(team_rating(roster))
'2133'
>>> [p.name for p in default_line_up(roster, unavailable={RosterPlayer("Bo", rating=2125)}).players]
['Ana', 'Cy', 'Di']
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from arbiter_cli.core.errors import BadArgument, Refused

__all__ = [
    "MAX_TOLERANCE", "UNRATED_BELOW", "RosterPlayer", "Roster", "check_roster", "team_rating",
    "format_team_rating", "NumberedTeam", "number_teams", "number_teams_as_given", "EmptyBoards",
    "LineUp", "default_line_up", "check_line_up",
]

#: The most points a player may stand above a higher-rated player, by the regulations we were given.
MAX_TOLERANCE = 50
#: An unrated main player counts this many points below the team's lowest-rated rated player.
UNRATED_BELOW = 50


@dataclass(frozen=True)
class RosterPlayer:
    """One player of a team's list: name, FIDE id, federation and rating (0: unrated, as in
    ``players.csv``). Two entries are the same player when every field is equal."""

    name: str
    fide_id: int | None = None
    federation: str | None = None
    rating: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise BadArgument("a roster player has no name")
        if not 0 <= self.rating <= 3500:
            raise BadArgument(f"{self.name}: rating {self.rating} is not between 0 (unrated) and 3500")
        if self.fide_id is not None and self.fide_id < 1:
            raise BadArgument(f"{self.name}: FIDE id {self.fide_id} is not a positive number")

    @property
    def rated(self) -> bool:
        return self.rating > 0

    def __str__(self) -> str:
        return f"{self.name} ({self.rating if self.rated else 'unrated'})"


@dataclass(frozen=True)
class Roster:
    """A team's ordered list of players: the first ``boards`` are its main players, the rest
    its reserves (issue 15). The order is checked by :func:`check_roster`, not here."""

    players: tuple[RosterPlayer, ...]
    boards: int

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise BadArgument(f"a team plays on at least 1 board (found {self.boards})")

    @property
    def main(self) -> tuple[RosterPlayer, ...]:
        return self.players[:self.boards]

    @property
    def reserves(self) -> tuple[RosterPlayer, ...]:
        return self.players[self.boards:]

    def position(self, player: RosterPlayer) -> int:
        """The player's place on the list, 1 first (ValueError if absent)."""
        return self.players.index(player) + 1


def _entry(position: int, player: RosterPlayer) -> str:
    return f"no. {position} {player}"


def check_roster(roster: Roster, tolerance: int = 0) -> Roster:
    """The roster, if it keeps the rules of issue 15; otherwise :class:`Refused`, naming the
    two players, their places and ratings, and the rule.

    * No player is listed twice (the same entry, or the same FIDE id).
    * Unrated players come last.
    * Rating order: a player stands above a player rated higher only when the difference is
      at most ``tolerance`` points (0 to :data:`MAX_TOLERANCE`; 0: strict rating order).
      Every pair is compared, not only neighbours: with 50, 2100 above 2140 above 2180 is
      refused, since 2100 stands above 2180.
    """
    if not 0 <= tolerance <= MAX_TOLERANCE:
        raise BadArgument(f"the roster tolerance is {tolerance} points; the regulations allow 0 to "
                          f"{MAX_TOLERANCE}")
    players = roster.players
    by_id: dict[int, int] = {}
    for position, player in enumerate(players, start=1):
        if (earlier := players.index(player) + 1) < position:
            raise Refused(f"{_entry(position, player)} is already on the roster as no. {earlier}")
        if player.fide_id is not None:
            if player.fide_id in by_id:
                raise Refused(f"{_entry(position, player)} has the FIDE id {player.fide_id} of "
                              f"{_entry(by_id[player.fide_id], players[by_id[player.fide_id] - 1])}")
            by_id[player.fide_id] = position
    lowest: int | None = None  # the place of the lowest-rated rated player above the current one
    first_unrated: int | None = None
    for position, player in enumerate(players, start=1):
        if not player.rated:
            first_unrated = first_unrated or position
            continue
        if first_unrated is not None:
            raise Refused(f"{_entry(first_unrated, players[first_unrated - 1])} stands above "
                          f"{_entry(position, player)}: unrated players come last on a roster")
        if lowest is not None:
            above = players[lowest - 1]
            if player.rating - above.rating > tolerance:
                allowed = ("a roster is in rating order" if tolerance == 0 else
                           f"a player may stand above one rated at most {tolerance} points higher")
                raise Refused(f"{_entry(lowest, above)} stands above {_entry(position, player)}, rated "
                              f"{player.rating - above.rating} points higher: {allowed}")
        if lowest is None or player.rating < players[lowest - 1].rating:
            lowest = position
    return roster


def team_rating(roster: Roster) -> Fraction | None:
    """The team's rating: the exact average of its main players' ratings, reserves left out;
    None when no main player is rated (issue 15).

    An unrated player counts as :data:`UNRATED_BELOW` (50) points below the team's
    lowest-rated rated player, taken over the whole roster (on a roster that keeps
    :func:`check_roster`, unrated players come last, so that player is a main player). A
    team with fewer players than boards is averaged over the players it has.
    """
    rated = [p.rating for p in roster.players if p.rated]
    main = roster.main
    if not main or not any(p.rated for p in main):
        return None
    stand_in = min(rated) - UNRATED_BELOW
    return Fraction(sum(p.rating if p.rated else stand_in for p in main), len(main))


def format_team_rating(rating: Fraction | None) -> str:
    """A team rating as people read it: a whole number, halves rounded up (as the TRF 310
    strength column shows it); "" for a team with no rating. Order by the exact value."""
    if rating is None:
        return ""
    return str(math.floor(rating + Fraction(1, 2)))


class NumberedTeam(NamedTuple):
    """A team's number (C.04.6: the team TPN, TRF 310), its name and its exact rating."""

    number: int
    name: str
    rating: Fraction | None


def number_teams(rosters: Mapping[str, Roster], seed: int | str) -> tuple[NumberedTeam, ...]:
    """Team numbers by team rating, highest first (issue 15), reproducible from ``seed``.

    Teams with no rated main player (no rating) come after the rated teams, in an order drawn
    by lot. Teams of exactly equal rating are also ordered by lot: the regulations name no
    tie-break, and a lot favours no name. Both come from one draw, made the way
    :func:`arbiter_cli.core.tpn.drawn_numbers` makes one: the names in alphabetical order are
    shuffled by a ``random.Random`` seeded from ``seed``, then sorted by rating (a stable sort,
    so the lot decides only among equals). The result does not depend on the mapping's order.
    """
    ratings = {name: team_rating(roster) for name, roster in rosters.items()}
    order = sorted(ratings)
    random.Random(f"team-numbering:{seed}").shuffle(order)
    order.sort(key=lambda name: (ratings[name] is None, -(ratings[name] or 0)))
    return tuple(NumberedTeam(number, name, ratings[name]) for number, name in enumerate(order, start=1))


def number_teams_as_given(rosters: Mapping[str, Roster], order: Sequence[str]) -> tuple[NumberedTeam, ...]:
    """Team numbers in the order the competition rules set (issue 15: they may set them
    instead of the team rating): ``order`` names every team once, team 1 first; otherwise
    :class:`BadArgument`, naming the teams repeated, unknown or missing."""
    repeated = sorted({name for name in order if list(order).count(name) > 1})
    unknown = [name for name in dict.fromkeys(order) if name not in rosters]
    missing = [name for name in rosters if name not in order]
    problems = [f"{what}: {', '.join(names)}" for what, names in
                (("named twice", repeated), ("not a team", unknown), ("missing", missing)) if names]
    if problems:
        raise BadArgument(f"the team order must name every team once; {'; '.join(problems)}")
    return tuple(NumberedTeam(number, name, team_rating(rosters[name]))
                 for number, name in enumerate(order, start=1))


@dataclass(frozen=True)
class EmptyBoards:
    """How many boards a team may leave empty: at most ``boards`` in one match, in at most
    ``matches`` matches of the event (default: one board, in one match, as the regulations
    we were given say)."""

    boards: int = 1
    matches: int = 1

    def __post_init__(self) -> None:
        if self.boards < 0 or self.matches < 0:
            raise BadArgument(f"empty boards: {self.boards} boards in {self.matches} matches; neither may be "
                              f"negative")


class LineUp(NamedTuple):
    """A team's players for one round, board 1 first, out of ``boards`` boards; the boards
    after the last player are empty (an empty board is always the lowest)."""

    players: tuple[RosterPlayer, ...]
    boards: int

    @property
    def empty_boards(self) -> int:
        return self.boards - len(self.players)

    def board(self, number: int) -> RosterPlayer | None:
        """The player on board ``number`` (1 first); None for an empty board."""
        return self.players[number - 1] if number <= len(self.players) else None


def _boards(count: int) -> str:
    return f"{count} board{'' if count == 1 else 's'}"


def default_line_up(roster: Roster, unavailable: Collection[RosterPlayer] = frozenset()) -> LineUp:
    """The line-up of a team that gave none: its first ``boards`` available players in roster
    order (issue 15). Available means not in ``unavailable``: the caller's set of the team's
    players who cannot play the round (withdrawn, or absent). A team short of players leaves
    its lowest boards empty; :func:`check_line_up` says whether that is allowed."""
    return LineUp(tuple(p for p in roster.players if p not in unavailable)[:roster.boards], roster.boards)


def check_line_up(roster: Roster, players: Sequence[RosterPlayer | None], *,
                  unavailable: Collection[RosterPlayer] = frozenset(), empty: EmptyBoards = EmptyBoards(),
                  earlier_empty_matches: int = 0) -> LineUp:
    """The line-up ``players`` (board 1 first; None or a short list: an empty board) if it keeps
    the rules of issue 15; otherwise :class:`Refused`, naming the players involved.

    * Every player is on the roster, once, and not unavailable (withdrawn or absent).
    * An empty board is always the lowest: no player sits below an empty board.
    * Board order follows the roster: no player sits on a higher board than someone listed
      above them on the roster.
    * At most ``empty.boards`` boards are empty, and only if the team left boards empty in
      fewer than ``empty.matches`` earlier matches (``earlier_empty_matches``: the matches of
      other rounds in which it did).

    More players than boards is a :class:`BadArgument`.
    """
    filled = list(players)
    while filled and filled[-1] is None:
        filled.pop()
    if len(filled) > roster.boards:
        raise BadArgument(f"{len(filled)} boards named for a match of {roster.boards} boards")
    seen: dict[RosterPlayer, int] = {}
    for board, player in enumerate(filled, start=1):
        if player is None:
            raise Refused(f"board {board} is empty but board {board + 1} is not: an empty board is "
                          f"always the lowest")
        if player not in roster.players:
            raise Refused(f"{player} on board {board} is not on the team's roster")
        if player in seen:
            raise Refused(f"{player} is named on boards {seen[player]} and {board}")
        if player in unavailable:
            raise Refused(f"{player} on board {board} cannot play this round (withdrawn or absent)")
        seen[player] = board
    line_up = LineUp(tuple(p for p in filled if p is not None), roster.boards)
    for board, (upper, lower) in enumerate(zip(line_up.players, line_up.players[1:]), start=1):
        if roster.position(upper) > roster.position(lower):
            # the roster's places by name: "no." beside a player reads as the start number the line-up took
            raise Refused(f"{upper}, place {roster.position(upper)} on the roster, sits on board {board}, above "
                          f"{lower}, place {roster.position(lower)} on the roster, on board {board + 1}: the boards "
                          f"follow the roster's order")
    if line_up.empty_boards > empty.boards:
        raise Refused(f"the line-up leaves {_boards(line_up.empty_boards)} empty; at most {_boards(empty.boards)} "
                      f"may be")
    if line_up.empty_boards and earlier_empty_matches >= empty.matches:
        raise Refused(f"the line-up leaves board {len(line_up.players) + 1} empty, and the team already left a "
                      f"board empty in {earlier_empty_matches} "
                      f"match{'es' if earlier_empty_matches != 1 else ''}; at most {empty.matches} may have one")
    return line_up
