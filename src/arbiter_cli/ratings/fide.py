"""Each player's expected rating change in one event, on the FIDE list of its rate of play (B.02 8.3).

What an open prints per player: Δ on the list of the event's rate of play
(``settings.rating_type``: standard, rapid or blitz), by the rules of the reference
digest, §7.2 (B.02 from 1 Mar 2024, amended 1 Oct 2025):

* **Ro** is the player's rating in ``players.csv`` (the list in force when the event
  started). A blank or 0 is **unrated**: B.02 gives an unrated player no Δ (a first rating
  comes from their games against rated opponents by the initial-rating rules, §7.3), so
  their row has no K, expected score, Δ or Rn; it counts their games against rated
  opponents, which that first rating will rest on.
* **The games rated**: games played over the board (1-0, ½-½, 0-1; a 0-0 is a game lost by
  both) against a **rated** opponent. Forfeits and byes are unplayed and never rated; a
  game without its result yet counts for nothing. In rapid and blitz a game between players
  **600 or more** points apart is not rated when either is rated **above 2600** (from 1 Dec
  2024).
* **PD** per game from table 8.1.2 with the **400-point rule**, applied per player
  (:func:`arbiter_cli.ratings.elo.expected_score`: a difference of more than 400 counts as
  400, except for a player rated 2650 or more in standard chess).
* **K** (8.3.3): the player's ``k_factor`` (filled from the list, or set by the arbiter with
  ``player add --k``, ``player set-k`` or an import's ``k_factor`` column). When none is
  known, what the folder can tell by 8.3.3's order: **10** for a rating of 2400 or more (a
  published 2400 fixes K at 10), **40** for a junior rated below 2300 (to the end of the year
  of their 18th birthday, the event's year taken from its start date), otherwise
  :data:`DEFAULT_K` = **20**, the K of a player below 2400 with 30 rated games or more. A
  player with fewer than 30 games has 40 and one who once reached 2400 has 10, which only
  the list knows: such a K is marked as not known, and the arbiter sets it. Then K × n ≤ 700
  (:func:`arbiter_cli.ratings.elo.capped_k`, n the games rated here).
* **Δ = K × Σ(W − PD)**, exact (the PDs are hundredths, so Δ is a whole number of
  hundredths); **Rn = Ro + Δ rounded once**, to the nearest integer with .5 away from zero
  (8.3.4, the digest: "Period change = K × ΣΔR, rounded"; not each game's change rounded).
  Rn is the new rating if this event were the only one of the rating period.

>>> from arbiter_cli.core.model import Settings, System, Player, Round, Game, Tournament
>>> from arbiter_cli.core.results import GameResult
>>> players = (Player(start_number=1, name="A", rating=2100), Player(start_number=2, name="B", rating=1950))
>>> event = Tournament(Settings(name="Open", system=System.SWISS, seed=1, rounds=5),
...                    players, (Round(1, (Game(1, 2, 1, GameResult.DRAW),)),))
>>> [(row.k, row.expected, row.change, row.rating_after) for row in expected_changes(event)]
[(20, Fraction(7, 10), Fraction(-4, 1), 2096), (20, Fraction(3, 10), Fraction(4, 1), 1954)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from arbiter_cli.core.model import Player, RatingType, Settings, Tournament
from arbiter_cli.core.outcome import RoundEntry, round_entries
from arbiter_cli.ratings.elo import capped_k, counted_difference, expected_score, round_half_away

__all__ = ["DEFAULT_K", "K_GIVEN", "K_2400", "K_JUNIOR", "K_DEFAULT", "GAP", "GAP_ABOVE", "RatedGame", "NotRated",
           "ExpectedChange", "expected_changes", "changes_of", "expected_change", "k_when_unknown", "junior", "not_rated_reason"]

#: The K used when neither the list nor the arbiter gave one and the rating is below 2400 and the
#: player no junior: a player below 2400 with 30 rated games or more (B.02 8.3.3).
DEFAULT_K = 20

#: Where a player's K comes from: ``players.csv``'s ``k_factor`` (the list, or the arbiter) ...
K_GIVEN = "given"
#: ... or, none given, B.02 8.3.3 from what the folder holds: a rating of 2400 or more (K = 10),
K_2400 = "2400+"
#: a junior below 2300 (K = 40),
K_JUNIOR = "junior"
#: and otherwise :data:`DEFAULT_K`, which the list may contradict (40 below 30 games, 10 after a 2400).
K_DEFAULT = "default"

#: Rapid and blitz (from 1 Dec 2024): a game between players this many points apart or more ...
GAP = 600
#: ... is not rated when either player is rated above this.
GAP_ABOVE = 2600


class RatedGame(NamedTuple):
    """A game rated for the player: the round, the opponent (start number) and their rating, the
    player's score W, the difference D after the 400-point rule and PD (None: the player is
    unrated, and has no expected score)."""

    round: int
    opponent: int
    opponent_rating: int
    score: Fraction
    difference: int | None = None
    expected: Fraction | None = None


class NotRated(NamedTuple):
    """A round that is not rated for the player, and why (``bye``, ``forfeit``, ...)."""

    round: int
    opponent: int | None
    reason: str


@dataclass(frozen=True)
class ExpectedChange:
    """One player's line of the rating report: Ro (None: unrated), K and where it comes from (None
    and "" for an unrated player), the games rated, and the rounds not rated with their reason."""

    start_number: int
    rating: int | None
    k: int | None
    k_source: str
    games: tuple[RatedGame, ...] = ()
    not_rated: tuple[NotRated, ...] = ()
    capped: bool = False  # K lowered by K x n <= 700

    @property
    def rated(self) -> bool:
        return self.rating is not None

    # The sums are kept once made (a frozen line's games never change): Δ, its rounding and Rn read
    # them again, and a published site reads them for every player.
    @cached_property
    def score(self) -> Fraction:
        """The points W in the games rated."""
        return sum((game.score for game in self.games), Fraction(0))

    @cached_property
    def expected(self) -> Fraction | None:
        """The expected score, Σ PD; None for an unrated player."""
        if not self.rated:
            return None
        return sum((game.expected or Fraction(0) for game in self.games), Fraction(0))

    @property
    def change(self) -> Fraction | None:
        """Δ = K × (W − Σ PD), exact; None for an unrated player."""
        if self.k is None or self.expected is None:
            return None
        return self.k * (self.score - self.expected)

    @property
    def rounded(self) -> int | None:
        """Δ rounded once, .5 away from zero (B.02 8.3.4)."""
        return None if self.change is None else round_half_away(self.change)

    @property
    def rating_after(self) -> int | None:
        """Rn = Ro + Δ rounded."""
        if self.rating is None or self.rounded is None:
            return None
        return self.rating + self.rounded


def junior(player: Player, settings: Settings) -> bool:
    """Whether the player is a junior for K (B.02 8.3.3): the event's year (its start date, else its
    end date) is at most the year of their 18th birthday. False when a date is not known.

    >>> from arbiter_cli.core.model import System
    >>> event = Settings(name="Open", system=System.SWISS, seed=1, rounds=5, start_date="2026-07-01")
    >>> [junior(Player(start_number=1, name="A", birth_date=born), event) for born in ("2008", "2007-12-31", None)]
    [True, False, False]
    """
    date = settings.start_date or settings.end_date
    if date is None or player.birth_date is None:
        return False
    return int(date[:4]) <= int(player.birth_date[:4]) + 18


def k_when_unknown(rating: int, is_junior: bool) -> tuple[int, str]:
    """K and its source for a rated player whose K neither the list nor the arbiter gave (B.02 8.3.3).

    >>> k_when_unknown(2405, False), k_when_unknown(2250, True), k_when_unknown(2350, True), k_when_unknown(1800, False)
    ((10, '2400+'), (40, 'junior'), (20, 'default'), (20, 'default'))
    """
    if rating >= 2400:
        return 10, K_2400
    if is_junior and rating < 2300:
        return 40, K_JUNIOR
    return DEFAULT_K, K_DEFAULT


def not_rated_reason(entry: RoundEntry, own: int | None, opponent: int | None, rating_type: RatingType) -> str | None:
    """Why a round is not rated for a player rated ``own`` (None: unrated) against ``opponent``'s
    rating (None: unrated); None when it is rated.

    >>> from arbiter_cli.core.outcome import Outcome
    >>> win = RoundEntry(1, Outcome.WIN, Fraction(1), 2, "w")
    >>> not_rated_reason(win, 2650, 2000, RatingType.BLITZ), not_rated_reason(win, 2600, 2000, RatingType.BLITZ)
    ('rapid and blitz: 600 or more apart, a player above 2600', None)
    """
    outcome = entry.outcome
    if entry.opponent is None or outcome.bye:
        return "bye"
    if outcome.forfeit:
        return "forfeit"
    if not outcome.played or outcome.rating_points is None:  # no result yet, or none final (a game still played)
        return "no result yet" if outcome.symbol == "?" else f"no final result ({outcome.symbol})"
    if opponent is None:
        return "the opponent is unrated"
    if (own is not None and rating_type is not RatingType.STANDARD and abs(own - opponent) >= GAP
            and max(own, opponent) > GAP_ABOVE):
        return "rapid and blitz: 600 or more apart, a player above 2600"
    return None


def expected_changes(tournament: Tournament, after_round: int | None = None) -> tuple[ExpectedChange, ...]:
    """Every player's line of the rating report over rounds 1 to ``after_round`` (default: every
    paired round), in start-number order."""
    return changes_of(tournament.players, round_entries(tournament, after_round), tournament.settings)


def changes_of(players: Sequence[Player], entries: Mapping[int, Sequence[RoundEntry]],
               settings: Settings) -> tuple[ExpectedChange, ...]:
    """Every player's line from their rounds (start number -> entries, as
    :func:`arbiter_cli.core.outcome.round_entries` gives them), in start-number order: what any kind
    of event whose games are read as :class:`RoundEntry` values can be rated by."""
    ratings = {p.start_number: p.rating or None for p in players}
    return tuple(_player(player, entries.get(player.start_number, ()), ratings, settings, settings.rating_type)
                 for player in sorted(players, key=lambda p: p.start_number))


def expected_change(player: Player, entries: Sequence[RoundEntry], ratings: Mapping[int, int | None],
                    settings: Settings) -> ExpectedChange:
    """One player's line of the rating report, as :func:`changes_of` gives it, from their rounds and
    every player's rating (start number -> rating, None when unrated): a page of one player makes
    only their own."""
    return _player(player, entries, ratings, settings, settings.rating_type)


def _player(player: Player, entries: Sequence[RoundEntry], ratings: Mapping[int, int | None], settings: Settings,
            rating_type: RatingType) -> ExpectedChange:
    own = ratings[player.start_number]
    games: list[RatedGame] = []
    skipped: list[NotRated] = []
    for entry in entries:
        opponent = ratings.get(entry.opponent) if entry.opponent is not None else None
        reason = not_rated_reason(entry, own, opponent, rating_type)
        if reason is not None or opponent is None or entry.opponent is None or entry.outcome.rating_points is None:
            skipped.append(NotRated(entry.round, entry.opponent, reason or "not rated"))
            continue
        score = entry.outcome.rating_points
        if own is None:
            games.append(RatedGame(entry.round, entry.opponent, opponent, score))
            continue
        expected = expected_score(own, opponent, rating_type.value)
        games.append(RatedGame(entry.round, entry.opponent, opponent, score, counted_difference(own, opponent, rating_type.value),
                               expected))
    if own is None:
        return ExpectedChange(player.start_number, None, None, "", tuple(games), tuple(skipped))
    if player.k_factor is not None:
        k, source = player.k_factor, K_GIVEN
    else:
        k, source = k_when_unknown(own, junior(player, settings))
    used = capped_k(k, len(games))
    return ExpectedChange(player.start_number, own, used, source, tuple(games), tuple(skipped), used != k)

