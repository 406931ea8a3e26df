"""A team's card (issue 15): its roster with each player's results, round by round.

* A player's **seats** are the boards they were lined up on, one per round in which they sat at
  a board: the round, the board, their colour, the opponent (None: the opponent's board was
  empty) and the opposing team, the outcome (:class:`~arbiter_cli.core.outcome.Outcome`: ``1 ½ 0``
  over the board, ``+ -`` forfeits, ``?`` no result yet) and the game points it gave the team
  (the event's game scoring, TRF 162). A round in which the player did not sit (a reserve left
  out, the team's free round or bye, a match forfeited as a whole) has no seat.
* A player's **points** are the sum of their seats' points, forfeits included: what they scored
  for the team. **Games** are the games played over the board (the project's one *played*:
  a win, a draw or a loss), so a forfeit is in the points but not in the games.
* Every round paired is read as it was played, the matches the round robin's half rule takes
  out of the standings included: a card is the record of who played whom.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.core.model import Player
from arbiter_cli.core.outcome import Colour, Outcome
from arbiter_cli.core.team_tournament import TeamEntry, TeamTournament, team_event
from arbiter_cli.lifecycle.team_registration import find_team

__all__ = ["Seat", "PlayerCard", "TeamCard", "team_cards"]


@dataclass(frozen=True)
class Seat:
    """One round at a board for one player."""

    round: int
    board: int
    colour: Colour | None
    opponent: int | None
    opponent_team: int | None
    outcome: Outcome
    points: Fraction


@dataclass(frozen=True)
class PlayerCard:
    """A player of the team: the place on the roster (1 first; past the boards, a reserve), the
    seats in round order, the points scored and the games played over the board."""

    player: Player
    place: int
    reserve: bool
    seats: tuple[Seat, ...]
    points: Fraction
    games: int


@dataclass(frozen=True)
class TeamCard:
    """A team and its players' cards in roster order, after ``rounds`` rounds."""

    team: TeamEntry
    players: tuple[PlayerCard, ...]
    rounds: int


def team_cards(tournament: TeamTournament, team: str | None = None) -> tuple[TeamCard, ...]:
    """The card of ``team`` (its number, name or short code), or of every team in number order."""
    event = team_event(tournament)
    chosen = [find_team(tournament, team).number] if team is not None else sorted(t.number for t in tournament.teams)
    cards = []
    for number in chosen:
        seats: dict[int, list[Seat]] = {}
        for entry in event.entries[number]:
            for board in entry.boards:
                if board.player is not None:
                    seats.setdefault(board.player, []).append(Seat(entry.round, board.board, board.colour,
                                                                   board.opponent, entry.opponent, board.outcome,
                                                                   board.points))
        players = []
        for place, player in enumerate(tournament.members(number), start=1):
            own = tuple(seats.get(player.start_number, ()))
            players.append(PlayerCard(player, place, place > tournament.team.boards, own,
                                      sum((s.points for s in own), Fraction(0)), sum(1 for s in own if s.outcome.played)))
        cards.append(TeamCard(tournament.by_team[number], tuple(players), tournament.last_round))
    return tuple(cards)
