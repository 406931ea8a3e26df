"""Board-by-board statistics for the board prizes of a team event (issue 15): for each player,
the board they are counted on, their games, points, percentage and performance rating, and
whether they qualify for the prize.

The rules, and where each comes from (the FIDE digest, ``fide-rules.md`` §9, says nothing
about board prizes; the issue gives the two-thirds rule as the regulations we were given):

* **One board per player.** A player is counted on the board on which they played the most
  games over the board; a tie goes to the higher board (the lower number). All their games
  count there, whichever board they were played on. This is the Olympiad-style rule (the brief's
  choice, the digest being silent); a player who never played over the board is counted on the
  board they were lined up on most often (forfeits), by the same rule.
* **Games over the board only.** ``games``, ``points``, ``percentage``, the performance and the
  qualification read games played over the board, the project's one *played*
  (:mod:`arbiter_cli.core.outcome`: a win, a draw or a loss; a ``0-0`` is a game lost). A forfeit
  (won or lost, or a win against an empty board) is an unplayed round (C.07 Art. 16) and no game
  for the rating (B.02): it is counted apart, in ``forfeit_wins`` and ``forfeit_losses``, and is
  in none of the other columns. A whole match forfeited (TRF 330) seats no player, so it is in
  no row; nor is a bye. A result not entered yet counts nowhere.
* **Points** are 1 / ½ / 0 per game, whatever the event's game scoring (TRF 162): a board prize
  compares players across teams by their chess results, and the performance needs them so.
* **Percentage** = points / games, exact (None without games); the caller shows it with one
  decimal.
* **Performance rating**: FIDE's TPR, Ra + dp(p) (B.02 8.1.1, :func:`ratings.elo.performance_rating`:
  Ra the opponents' average rounded, p rounded to two decimals), over the games against rated
  opponents. A game against an unrated opponent counts in games, points and percentage but not
  in the performance (B.02 rates no game against an unrated player), unless the regulations
  announce a rating for unrated players (``unrated_rating``, as C.07 Art. 10's ``/Un`` and the
  Olympiad's 1000 do). None without such a game. No 400-point cap: B.02 8.1.1 has none.
* **Qualification** (the regulations we were given): "at least two-thirds of the rounds played".
  A player qualifies with ``games`` >= ``share`` x the rounds played (a folder's: up to the last
  round with a result, :func:`rounds_played`; a TRF's: ``TeamEvent.rounds``), free rounds of a round
  robin included (the text says rounds, not matches); games being whole, that is at least ⌈share x rounds⌉ games (:func:`minimum_games`),
  and never fewer than one. ``share`` is a setting, 2/3 by default.
* **Order**: by board; within a board the qualifying players first, then the higher performance
  (None last), the higher percentage, the more points, and the start number last, so that the
  order is total.

:func:`folder_board_prizes` reads a team event's folder: the event as its standings count it
(:func:`~arbiter_cli.lifecycle.team_finish.counted_team_event`: the matches of a team the round
robin's half rule removes count for no one here either), the ratings of ``players.csv`` (0:
unrated), the share of the ``[team]`` settings' ``board_prize_share`` and the rating the event
announces for unrated players (``unrated_rating``).

>>> minimum_games(9), minimum_games(7), minimum_games(11, Fraction(7, 10))
(6, 5, 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
import math
from math import ceil

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.team import TeamEvent
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.team_finish import counted_team_event
from arbiter_cli.ratings.elo import performance_rating

__all__ = ["BoardRow", "board_statistics", "minimum_games", "DEFAULT_SHARE", "BoardPrizes", "folder_board_prizes",
           "rounds_played", "PlayerRecord", "player_records"]

#: The share of the rounds a player must play to qualify (the regulations we were given).
DEFAULT_SHARE = Fraction(2, 3)


@dataclass(frozen=True)
class BoardRow:
    """One player's line in the board statistics: the board they are counted on, their start
    number and team number, games over the board, points (1/½/0) and percentage in them, the
    performance rating (B.02 8.1.1), whether they qualify, and their forfeits, counted apart."""

    board: int
    player: int
    team: int
    games: int
    points: Fraction
    percentage: Fraction | None
    performance: int | None
    qualifies: bool
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    other_boards: tuple[tuple[int, int], ...] = ()  # (board, games) played on another board than ``board``


def minimum_games(rounds: int, share: Fraction = DEFAULT_SHARE) -> int:
    """The fewest games over the board that qualify: ⌈share x rounds⌉, and at least one."""
    if not 0 < share <= 1:
        raise BadArgument(f"the share of rounds to play must be more than 0 and at most 1, not {share}",
                          field="share")
    return max(1, ceil(share * rounds))


@dataclass
class PlayerRecord:
    """One player's games as the board list and the team card count them (:func:`player_records`):
    the team, the games over the board on each board (and the boards sat at, forfeits too), the
    points of those games (1 / ½ / 0), each game's opponent and score in halves of a point (2 / 1 / 0:
    whole numbers, summed without a fraction's arithmetic, issue 29), and the forfeits, counted
    apart."""

    team: int
    boards_played: dict[int, int] = field(default_factory=dict)  # board -> games over the board
    boards_seated: dict[int, int] = field(default_factory=dict)  # board -> rounds sat at it
    points: Fraction = Fraction(0)
    games_against: list[tuple[int, int]] = field(default_factory=list)  # (opponent, 2 / 1 / 0 halves)
    forfeit_wins: int = 0
    forfeit_losses: int = 0

    @property
    def games(self) -> int:
        return sum(self.boards_played.values())

    def board(self) -> int:
        """The board the player is counted on: where they played most (a tie: the higher board)."""
        counts = self.boards_played or self.boards_seated
        if len(counts) == 1:
            return next(iter(counts))
        return min(counts, key=lambda board: (-counts[board], board))

    def other_boards(self) -> tuple[tuple[int, int], ...]:
        """(board, games) of the games played on another board than :meth:`board`, in board order."""
        if len(self.boards_played) < 2:
            return ()
        counted = self.board()
        return tuple((board, games) for board, games in sorted(self.boards_played.items()) if board != counted)


#: A game's score in halves of a point, by its outcome (a game over the board: 1 / ½ / 0).
_HALVES = {outcome: int(outcome.rating_points * 2) for outcome in Outcome if outcome.rating_points is not None}


_MADE: dict[tuple[int, int], Fraction] = {}


def _halves(halves: int, games: int = 1) -> Fraction:
    """``halves`` / (2 x ``games``), each value made once (a board list has a few dozen)."""
    found = _MADE.get((halves, games))
    if found is None:
        found = _MADE[halves, games] = Fraction(halves, 2 * games)
    return found


def player_records(event: TeamEvent) -> dict[int, PlayerRecord]:
    """Every player who sat at a board, by start number: the one count of a player's games, points
    and forfeits that the board statistics and the team cards read (see the module's rules). An
    event's records are counted once and kept for it (:attr:`TeamEvent.derived`: a publish's team
    cards and board prizes read the same event, issue 29); each caller gets a mapping of its own,
    and reads the records without changing them."""
    records: dict[int, PlayerRecord] | None = event.derived.get("player records")
    if records is None:
        records = event.derived["player records"] = _player_records(event)
    return dict(records)


def _player_records(event: TeamEvent) -> dict[int, PlayerRecord]:
    records: dict[int, PlayerRecord] = {}
    halves_of = _HALVES.get
    forfeit_win, forfeit_loss = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
    points: dict[int, int] = {}  # each player's halves of a point in games over the board
    for team, entries in event.entries.items():
        for entry in entries:
            for board, player, opponent, outcome, _, _ in entry.boards:
                if player is None:
                    continue
                record = records.get(player)
                if record is None:  # (not setdefault: a record made for every seat was most of the time)
                    record = records[player] = PlayerRecord(team)
                    points[player] = 0
                seated = record.boards_seated
                seated[board] = seated.get(board, 0) + 1
                halves = halves_of(outcome)
                if halves is not None and opponent is not None:
                    played = record.boards_played
                    played[board] = played.get(board, 0) + 1
                    record.games_against.append((opponent, halves))
                    points[player] += halves
                elif outcome is forfeit_win:
                    record.forfeit_wins += 1
                elif outcome is forfeit_loss:
                    record.forfeit_losses += 1
    for player, record in records.items():  # the points of the games over the board, summed at once
        record.points = _halves(points[player])
    return records


def board_statistics(event: TeamEvent, ratings: Mapping[int, int | None], *, share: Fraction = DEFAULT_SHARE,
                     unrated_rating: int | None = None, rounds: int | None = None) -> tuple[BoardRow, ...]:
    """The board statistics of every player who sat at a board (see the module's rules).

    ``ratings`` gives each player's rating by start number; None, or a player left out, is
    unrated (a TRF's rating 0 is the caller's to map to None). ``rounds``: the rounds played, which
    the share is of (default: the event's rounds)."""
    needed = minimum_games(event.rounds if rounds is None else rounds, share)
    rows: list[tuple[BoardRow, int]] = []  # each row, with its points in halves
    for player, record in player_records(event).items():
        games = record.games
        opponents: list[int] = []  # the rated opponents' ratings
        halves = scored = 0  # the halves of a point against them, and in every game
        for opponent, score in record.games_against:
            rating = ratings.get(opponent)
            if rating is None:
                rating = unrated_rating
            if rating is not None:
                opponents.append(rating)
                halves += score
            scored += score
        performance = performance_rating(opponents, _halves(halves)) if opponents else None
        rows.append((BoardRow(record.board(), player, record.team, games, record.points,
                              _halves(scored, games) if games else None, performance, games >= needed,
                              record.forfeit_wins, record.forfeit_losses, record.other_boards()), scored))
    # The order in whole numbers (issue 29): a percentage, halves / (2 x games), times the least
    # common multiple of every number of games is a whole number, and they compare as those; the
    # points as their halves. The start number last: no two keys are equal.
    scale = math.lcm(*{row.games for row, _ in rows if row.games})
    ordered = sorted(((row.board, not row.qualifies, row.performance is None, -(row.performance or 0), not row.games,
                       -(scored * scale // row.games) if row.games else 0, -scored, row.player), row)
                     for row, scored in rows)
    return tuple(row for _, row in ordered)


@dataclass(frozen=True)
class BoardPrizes:
    """The board statistics of an event, with what qualifies: ``minimum`` games over the board,
    the ``share`` of its ``rounds``, set by ``source`` (the setting's name)."""

    rows: tuple[BoardRow, ...]
    rounds: int
    share: Fraction
    minimum: int
    source: str = "team.board_prize_share"


def rounds_played(tournament: TeamTournament) -> int:
    """The rounds played so far, which a board prize's share is of: up to the last round with a result
    entered (a board's, or a match forfeit). A round paired but not begun is not played: pairing it
    must not take a prize from a player who has played the share of the rounds so far."""
    return max((rnd.number for rnd in tournament.rounds
                if any(m.forfeit is not None or m.has_board_results for m in rnd.matches)), default=0)


def folder_board_prizes(tournament: TeamTournament, board_share: Fraction | None = None) -> BoardPrizes:
    """The board statistics of a team event's folder, after every round paired, qualifying by the
    rounds played (:func:`rounds_played`). The share a prize needs is ``board_share``
    (``prizes.toml``'s, which the prizes are paid by) when given, else the ``[team]`` setting
    ``board_prize_share``."""
    event = counted_team_event(tournament)
    share = tournament.team.board_prize_share if board_share is None else board_share
    ratings = {p.start_number: p.rating or None for p in tournament.players}
    played = rounds_played(tournament)
    rows = board_statistics(event, ratings, share=share, unrated_rating=tournament.settings.unrated_rating,
                            rounds=played)
    return BoardPrizes(rows, played, share, minimum_games(played, share),
                       "team.board_prize_share" if board_share is None else "board_share of prizes.toml")
