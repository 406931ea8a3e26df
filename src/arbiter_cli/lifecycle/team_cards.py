"""A team's card (issue 15): its roster with each player's results, round by round.

* A player's **seats** are the boards they were lined up on, one per round in which they sat at
  a board: the round, the board, their colour (by the board's number, the pairings' colour, also
  when the opponent's board was empty), the opponent (None: the opponent's board was
  empty) and the opposing team, the outcome (:class:`~arbiter_cli.core.outcome.Outcome`: ``1 ½ 0``
  over the board, ``+ -`` forfeits, ``?`` no result yet) and the game points it gave the team
  (the event's game scoring, TRF 162). A round in which the player did not sit (a reserve left
  out, the team's free round or bye, a match forfeited as a whole) has no seat.
* A player's **games**, **points** and **forfeits** are those of the board statistics, counted by
  the one function both read (:func:`~arbiter_cli.lifecycle.board_prizes.player_records`; issue 25,
  fault 8: a card said 9 games / 4½ where the board list said 8 / 3½): games played over the board
  (the project's one *played*: a win, a draw or a loss), their points 1 / ½ / 0, and the forfeits
  won and lost, counted apart, in the event as its standings count it.
* Every round paired is a seat, as it was played, the matches the round robin's half rule takes
  out of the standings included (a card is the record of who played whom); such a seat is marked
  not ``counted``, and is in none of the totals.
* A round the team won or lost by a **match forfeit** (a team did not show: C.04.6 with C.07 16.2)
  has no seat, as no board was played; it is one of the team's own :class:`ForfeitedMatch` lines:
  the round, the opposing team, ``+`` or ``-``, and the match and game points it gave the team,
  ``counted`` as the standings count it (issue 25: such a round was on no line of the card).
* A round the team had no match in (a PAB, a requested bye, the round robin's free round) is one
  of its :class:`ByeRound` lines: the round, the bye's kind and the points it gave the team (trial of
  issue 29: the card showed nothing of the round).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from arbiter_cli.core.model import Player
from arbiter_cli.core.outcome import Colour, Outcome
from arbiter_cli.core.team import TeamOutcome
from arbiter_cli.core.team_tournament import TeamEntry, TeamTournament, board_colour, team_event
from arbiter_cli.lifecycle.board_prizes import player_records
from arbiter_cli.lifecycle.team_finish import annulled_teams
from arbiter_cli.lifecycle.team_registration import find_team

__all__ = ["Seat", "PlayerCard", "ForfeitedMatch", "ByeRound", "TeamCard", "team_cards"]


class Seat(NamedTuple):
    """One round at a board for one player (a named tuple: 200 teams of 6 boards over 9 rounds have
    10,800 seats, made in C, issue 29)."""

    round: int
    board: int
    colour: Colour | None
    opponent: int | None
    opponent_team: int | None
    outcome: Outcome
    points: Fraction
    counted: bool = True  # False: a match the half rule counts for nobody


@dataclass(frozen=True)
class PlayerCard:
    """A player of the team: the place on the roster (1 first; past the boards, a reserve), the
    seats in round order, the games played over the board and their points (1 / ½ / 0), and the
    forfeits won and lost, as the board statistics count them."""

    player: Player
    place: int
    reserve: bool
    seats: tuple[Seat, ...]
    points: Fraction
    games: int
    forfeit_wins: int = 0
    forfeit_losses: int = 0


@dataclass(frozen=True)
class ForfeitedMatch:
    """A round the team won (``+``) or lost (``-``) by a match forfeit, no player of it at a board:
    the opposing team, the match and game points the forfeit gave the team, and whether the
    standings count it (False: a match the half rule counts for nobody)."""

    round: int
    opponent_team: int
    outcome: TeamOutcome
    match_points: Fraction
    game_points: Fraction
    counted: bool = True


@dataclass(frozen=True)
class ByeRound:
    """A round the team had no match in: the bye's kind (PAB, FPB, HPB, ZPB, or the round robin's free
    round BYE), the match and game points it gave the team, and whether the standings count it."""

    round: int
    outcome: TeamOutcome
    match_points: Fraction
    game_points: Fraction
    counted: bool = True


@dataclass(frozen=True)
class TeamCard:
    """A team and its players' cards in roster order, after ``rounds`` rounds, and the rounds it won
    or lost by a match forfeit, in round order."""

    team: TeamEntry
    players: tuple[PlayerCard, ...]
    rounds: int
    forfeits: tuple[ForfeitedMatch, ...] = ()
    byes: tuple[ByeRound, ...] = ()


def _board_colour(tournament: TeamTournament, round_number: int, team: int, board: int) -> Colour | None:
    """The colour of ``team``'s player on ``board`` in a round's match, by the board's number: the
    colour pattern gives the first-named team's (C.04.6 1.6, TRF 352), the other team has the other
    one. An empty board's opponent has it too, as the pairings show it (issue 30)."""
    rnd = tournament.round(round_number)
    for match in rnd.matches if rnd is not None else ():
        if team in match.teams:
            shade = board_colour(tournament.team.pattern, board)
            return shade if team == match.first else ("b" if shade == "w" else "w")
    return None


def team_cards(tournament: TeamTournament, team: str | None = None) -> tuple[TeamCard, ...]:
    """The card of ``team`` (its number, name or short code), or of every team in number order."""
    event = team_event(tournament)
    annulled = annulled_teams(tournament)
    records = player_records(event.without(annulled))  # = counted_team_event, as folder_board_prizes reads it
    chosen = [find_team(tournament, team).number] if team is not None else sorted(t.number for t in tournament.teams)
    boards, last = tournament.team.boards, tournament.last_round
    cards = []
    for number in chosen:
        seats: dict[int, list[Seat]] = {}
        forfeits, byes = [], []
        for entry in event.entries[number]:
            counted = number not in annulled and entry.opponent not in annulled
            if entry.opponent is None:
                byes.append(ByeRound(entry.round, entry.outcome, entry.match_points, entry.game_points, counted))
            elif entry.outcome.forfeit and all(b.player is None for b in entry.boards):
                forfeits.append(ForfeitedMatch(entry.round, entry.opponent, entry.outcome, entry.match_points,
                                               entry.game_points, counted))
            played, other = entry.round, entry.opponent
            for board, sitter, opponent, outcome, points, colour in entry.boards:
                if sitter is not None:
                    if colour is None:
                        colour = _board_colour(tournament, played, number, board)
                    seat = _seat(Seat, (played, board, colour, opponent, other, outcome, points, counted))
                    found = seats.get(sitter)
                    if found is None:
                        seats[sitter] = [seat]
                    else:
                        found.append(seat)
        players = []
        for place, player in enumerate(tournament.members(number), start=1):
            record = records.get(player.start_number)
            players.append(PlayerCard(player, place, place > boards, tuple(seats.get(player.start_number, ())),
                                      record.points if record else Fraction(0), record.games if record else 0,
                                      record.forfeit_wins if record else 0, record.forfeit_losses if record else 0))
        cards.append(TeamCard(tournament.by_team[number], tuple(players), last, tuple(forfeits), tuple(byes)))
    return tuple(cards)


_seat = tuple.__new__
