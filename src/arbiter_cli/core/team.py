"""Team events as the core sees them: teams, matches, and what one round was for a team.

The rules: C.04.6 (the team Swiss, 2026) Art. 1 for scores, the PAB and the team
colour; C.07 (2024 and 2026) Arts. 11-13 for the team tie-breaks, which read a
team event as one :class:`TeamRoundEntry` per team and round, the way the
individual tie-breaks read :class:`~arbiter_cli.core.outcome.RoundEntry` values.

* A match is won by the team with more game points (GP) on its boards; match
  points (MP) follow from that (2 / 1 / 0 by default, TRF record 362).
* A PAB has no opponent and no colour, and scores a drawn match unless the
  competition rules say otherwise (C.04.6 1.4): the MP of a draw and half the
  boards in GP (``pab_match_points`` and ``pab_game_points`` override them).
* The team colour is the colour of the team's board-1 player, in matches
  actually played (C.04.6 1.6).

>>> scoring = TeamScoring(boards=4)
>>> match_outcome(Fraction(5, 2), Fraction(3, 2), scoring)
(<TeamOutcome.WIN: 'W'>, Fraction(2, 1))
>>> scoring.pab_scores()
(Fraction(1, 1), Fraction(2, 1))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property
from typing import Any, Literal, NamedTuple

from arbiter_cli.core.model import DEFAULT_SCORING, Scoring
from arbiter_cli.core.outcome import Colour, Outcome

__all__ = ["TeamOutcome", "TeamScoring", "BoardEntry", "TeamRoundEntry", "Team", "TeamEvent", "match_outcome",
           "match_played", "PrimaryScore", "half_rule_annulled"]

PrimaryScore = Literal["MP", "GP"]


class TeamOutcome(Enum):
    """The closed set of what a round can be for a team.

    A match is *played* when both teams came to it: a game was played over the
    board, or each team won a board by forfeit (C.07 16.1: a round is unplayed when
    the team played no game, or match; :func:`match_played`). A match forfeit (TRF
    330: a team did not show) is ``FORFEIT_WIN`` / ``FORFEIT_LOSS`` (a double match
    forfeit is a ``FORFEIT_LOSS`` for both), and so is a match entered board by
    board that one team, or neither, came to (:func:`match_outcome`).
    """

    WIN = "W"
    DRAW = "D"
    LOSS = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "PAB"  # pairing-allocated bye (C.04.6 1.4)
    FPB = "FPB"  # full-point bye, requested
    HPB = "HPB"  # half-point bye, requested
    ZPB = "ZPB"  # zero-point bye: absent, or withdrawn
    FREE = "BYE"  # the free round of a team round robin (the Berger table's dummy)
    PENDING = "?"  # a match with a board result still to enter

    #: A member's hash is its identity (each member is one object, equal only to itself), not Enum's hash
    #: of its name in Python, as :class:`~arbiter_cli.core.outcome.Outcome`'s (issue 29).
    __hash__ = object.__hash__

    def __init__(self, code: str) -> None:
        #: A match played against an opponent (C.07 Art. 16: not an unplayed round).
        self.played = code in ("W", "D", "L")
        #: A match won or lost by forfeit.
        self.forfeit = code in ("+", "-")
        #: A round without a match: a bye or the round robin's free round.
        self.bye = code in ("PAB", "FPB", "HPB", "ZPB", "BYE")


@dataclass(frozen=True)
class TeamScoring:
    """How a team event scores: ``boards`` per match, match points for a won, drawn and lost
    match (TRF 362: TW, TD, TL), the game scoring of each board (TRF 162), the primary score
    (MP or GP; the other one is the secondary score), and the PAB's MP and GP when the
    competition rules set them (None: a drawn match, C.04.6 1.4)."""

    boards: int
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    game: Scoring = DEFAULT_SCORING
    primary: PrimaryScore = "MP"
    pab_match_points: Fraction | None = None
    pab_game_points: Fraction | None = None

    @property
    def secondary(self) -> PrimaryScore:
        return "GP" if self.primary == "MP" else "MP"

    def pab_scores(self) -> tuple[Fraction, Fraction]:
        """The (MP, GP) of a PAB: a drawn match unless the rules set them (C.04.6 1.4)."""
        mp = self.match_draw if self.pab_match_points is None else self.pab_match_points
        gp = self.game.draw * self.boards if self.pab_game_points is None else self.pab_game_points
        return mp, gp

    @property
    def max_game_points(self) -> Fraction:
        """The most game points one match can give a team."""
        return self.game.win * self.boards


def match_played(ours: Iterable[Outcome], theirs: Iterable[Outcome]) -> bool:
    """Whether a match entered board by board was played, from its boards' outcomes (each team's
    side): a game was played over the board, or both teams came, each winning a board by forfeit
    (a player at the board facing an absent one). A match that one team, or neither, came to is
    not played (C.07 16.1: the team played no match).

    >>> W, L = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
    >>> match_played([W, L], [L, W]), match_played([W, W], [L, L]), match_played([Outcome.DRAW, L], [Outcome.DRAW, W])
    (True, False, True)
    """
    mine, other = tuple(ours), tuple(theirs)
    if any(o.played for o in mine):
        return True
    return Outcome.FORFEIT_WIN in mine and Outcome.FORFEIT_WIN in other


def match_outcome(ours: Fraction, theirs: Fraction, scoring: TeamScoring, played: bool = True
                  ) -> tuple[TeamOutcome, Fraction]:
    """A match's outcome and match points for the team that scored ``ours`` GP (C.04.6 1.2).

    ``played``: see :func:`match_played`. A match not played is won and lost by forfeit (C.07
    16.1, 16.2.2 and 16.2.4), with the MP its boards give; one that neither team came to is a
    double forfeit, lost by both, as a ``-/-`` match forfeit is.

    >>> match_outcome(Fraction(2), Fraction(0), TeamScoring(boards=2), played=False)
    (<TeamOutcome.FORFEIT_WIN: '+'>, Fraction(2, 1))
    >>> match_outcome(Fraction(0), Fraction(0), TeamScoring(boards=2), played=False)
    (<TeamOutcome.FORFEIT_LOSS: '-'>, Fraction(0, 1))
    """
    if ours > theirs:
        return TeamOutcome.WIN if played else TeamOutcome.FORFEIT_WIN, scoring.match_win
    if ours < theirs or not played:
        return TeamOutcome.LOSS if played else TeamOutcome.FORFEIT_LOSS, scoring.match_loss
    return TeamOutcome.DRAW, scoring.match_draw


class BoardEntry(NamedTuple):
    """One board of a match, from one team's side: its player (None: an empty board), the
    opposing player (None: their board was empty), the player's colour and individual outcome,
    and the game points the team scored on it. A named tuple (issue 29: a team event of 200 teams
    on 6 boards over 9 rounds has 10,800, made and read in C)."""

    board: int
    player: int | None
    opponent: int | None
    outcome: Outcome
    points: Fraction
    colour: Colour | None = None


class TeamRoundEntry(NamedTuple):
    """One round of one team: the outcome, the opposing team (None for a bye), the MP and GP it
    scored, its boards (empty for a bye or a match forfeit), and the team colour (the board-1
    player's colour in a match played, C.04.6 1.6). A named tuple, as :class:`BoardEntry`."""

    round: int
    outcome: TeamOutcome
    opponent: int | None
    match_points: Fraction
    game_points: Fraction
    boards: tuple[BoardEntry, ...] = ()
    colour: Colour | None = None

    def score(self, kind: PrimaryScore) -> Fraction:
        return self.match_points if kind == "MP" else self.game_points


@dataclass(frozen=True)
class Team:
    """A team: its number (TRF 310's team number, in team-rating order), name, short name,
    and its players' start numbers in roster order (main players, then reserves)."""

    number: int
    name: str
    short: str = ""
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class TeamEvent:
    """A team event after ``rounds`` rounds: each team's entries, one per round 1..``rounds``."""

    teams: tuple[Team, ...]
    entries: Mapping[int, tuple[TeamRoundEntry, ...]]
    rounds: int
    scoring: TeamScoring
    round_robin: bool = False

    @cached_property
    def derived(self) -> dict[object, Any]:
        """What a pure function computes from the event, kept for it by that function, as the event is
        frozen (as :attr:`arbiter_cli.core.model.Tournament.derived`): a publish's team cards and board
        prizes read one count of the players' games."""
        return {}

    def team(self, number: int) -> Team:
        for team in self.teams:
            if team.number == number:
                return team
        raise KeyError(number)

    def total(self, number: int, kind: PrimaryScore) -> Fraction:
        """A team's MP or GP after the event's rounds."""
        return sum((entry.score(kind) for entry in self.entries[number]), Fraction(0))

    def without(self, annulled: Collection[int]) -> TeamEvent:
        """The event as its standings count it when the matches of the ``annulled`` teams count for
        nobody (a round robin's half rule, :func:`half_rule_annulled`): those teams left out, and
        each of their opponents' rounds against them a free round without points."""
        if not annulled:
            return self
        free = {n: tuple(TeamRoundEntry(e.round, TeamOutcome.FREE, None, Fraction(0), Fraction(0))
                         if e.opponent in annulled else e for e in entries)
                for n, entries in self.entries.items() if n not in annulled}
        return TeamEvent(tuple(t for t in self.teams if t.number not in annulled), free, self.rounds, self.scoring,
                         self.round_robin)


def half_rule_annulled(event: TeamEvent, withdrawn: Collection[int], double: bool = False) -> frozenset[int]:
    """The withdrawn teams of a round robin (``double``: a double one) that played fewer than half
    of their matches: under the half rule (``round_robin_withdrawal = "half"``, as for players)
    their matches count for nobody, the results staying for rating. A match counts as played when
    a game of it was played over the board (a match forfeit, or boards all forfeited, is not)."""
    scheduled = (len(event.teams) - 1) * (2 if double else 1)
    played = {n: sum(1 for e in event.entries.get(n, ()) if any(b.outcome.played for b in e.boards))
              for n in withdrawn}
    return frozenset(n for n in withdrawn if 2 * played[n] < scheduled)
