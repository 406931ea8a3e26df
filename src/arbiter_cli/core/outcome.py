"""What one round was for one player: the project's one vocabulary for it.

A round is stored board by board (:class:`~arbiter_cli.core.model.Game` with a
:class:`~arbiter_cli.core.results.GameResult`, or a
:class:`~arbiter_cli.core.model.Bye` with a
:class:`~arbiter_cli.core.results.ByeKind`). Everything that reads rounds per
player (standings, crosstables, tie-breaks, the Dutch pairing state, the TRF
export) reads them as :class:`RoundEntry` values with one :class:`Outcome`,
built here and nowhere else.

**Played** means a game played over the board: a win, a draw or a loss. A
``0-0`` (both players lose a game they played, as the arbiter decides) is a
loss for each player *and a game played*: C.07 Art. 16.1 calls a round
unplayed only when "the participant played no game", and C.04.2 Art. 3.4-3.5
make only unplayed games (forfeits, byes) drop out of the colour history and
the meetings. A double forfeit (``-/-``) is a forfeit loss for each player.

An **unfinished** game (``*``, still being played) is ``UNFINISHED`` for each player: like a
result not entered yet it counts no points and no tie-break reads it (``counted`` is False), but
it shows as ``*``. Only the pairing of the next round reads it otherwise, as a draw with its
colours (C.04.2 3.1: :func:`arbiter_cli.pairing.swiss.request_from_tournament`).

>>> [o.name for o in game_outcomes(GameResult.DOUBLE_LOSS)], Outcome.LOSS.played
(['LOSS', 'LOSS'], True)
>>> bye_outcome(ByeKind.HPB).symbol, Outcome.FORFEIT_LOSS.played
('HPB', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Literal

from arbiter_cli.core.model import Game, Scoring, Tournament
from arbiter_cli.core.results import ByeKind, GameResult

__all__ = ["Colour", "Outcome", "NOT_COUNTED", "RoundEntry", "game_outcomes", "bye_outcome", "game_entries", "round_entries",
           "kept_round_entries"]

Colour = Literal["w", "b"]


class Outcome(Enum):
    """The closed set of what a round can be for a player.

    Each member knows whether it is a game played over the board (``played``),
    a forfeit, a bye (a round without an opponent), how it reads in a
    crosstable (``symbol``) and, for a game played, its 1 / ½ / 0 for the
    rating tie-breaks (``rating_points``).
    """

    WIN = "1"
    DRAW = "½"
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "PAB"  # pairing-allocated bye
    FPB = "FPB"  # full-point bye
    HPB = "HPB"  # half-point bye
    ZPB = "ZPB"  # zero-point bye: absent, known in advance, or withdrawn
    FREE = "BYE"  # the free round of a round robin (the Berger table's dummy)
    PENDING = "?"  # a game whose result is not entered yet
    UNFINISHED = "*"  # a game still being played (C.04.2 3.1: a draw for the next pairing only)

    #: A member's hash is its identity (each member is one object, equal only to itself), not Enum's
    #: hash of its name in Python: the standings of 1,000 players hash 60,000 outcomes (issue 29).
    __hash__ = object.__hash__

    def __init__(self, symbol: str) -> None:
        self.symbol = symbol
        self.played = symbol in ("1", "½", "0")
        self.forfeit = symbol in ("+", "-")
        self.bye = symbol in ("PAB", "FPB", "HPB", "ZPB", "BYE")
        self.rating_points: Fraction | None = (
            {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0)}.get(symbol))


#: The outcomes that count no points and that no tie-break reads (:attr:`RoundEntry.counted` is False).
NOT_COUNTED = frozenset({Outcome.PENDING, Outcome.UNFINISHED})


def game_outcomes(result: GameResult | None) -> tuple[Outcome, Outcome]:
    """White's and Black's outcome of a board result (None: not entered yet)."""
    match result:
        case None:
            return Outcome.PENDING, Outcome.PENDING
        case GameResult.WHITE_WINS:
            return Outcome.WIN, Outcome.LOSS
        case GameResult.BLACK_WINS:
            return Outcome.LOSS, Outcome.WIN
        case GameResult.DRAW:
            return Outcome.DRAW, Outcome.DRAW
        case GameResult.WHITE_FORFEIT_WIN:
            return Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
        case GameResult.BLACK_FORFEIT_WIN:
            return Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN
        case GameResult.DOUBLE_FORFEIT:
            return Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS
        case GameResult.DOUBLE_LOSS:
            return Outcome.LOSS, Outcome.LOSS
        case GameResult.UNFINISHED:
            return Outcome.UNFINISHED, Outcome.UNFINISHED


def bye_outcome(kind: ByeKind) -> Outcome:
    """The outcome of a round without an opponent."""
    match kind:
        case ByeKind.PAB:
            return Outcome.PAB
        case ByeKind.FPB:
            return Outcome.FPB
        case ByeKind.HPB:
            return Outcome.HPB
        case ByeKind.ZPB:
            return Outcome.ZPB
        case ByeKind.BYE:
            return Outcome.FREE


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round of one player: the outcome, the points it scored, and the opponent and
    colour of a game or a forfeit (None for a bye). A result not yet entered, or a game still
    being played, scores 0."""

    round: int
    outcome: Outcome
    points: Fraction
    opponent: int | None = None
    colour: Colour | None = None

    @property
    def played(self) -> bool:
        """A game played over the board (see the module's note on 0-0)."""
        return self.outcome.played

    @property
    def counted(self) -> bool:
        """False only for a result not entered yet, or a game still being played (``*``)."""
        return self.outcome not in (Outcome.PENDING, Outcome.UNFINISHED)

    @property
    def symbol(self) -> str:
        """Crosstable notation: 1 ½ 0 for games, + - for forfeits, ? for no result, * for a game still
        being played, the bye code."""
        return self.outcome.symbol


_new = object.__new__
_SET_ROUND, _SET_OUTCOME, _SET_POINTS, _SET_OPPONENT, _SET_COLOUR = (
    getattr(RoundEntry, name).__set__ for name in ("round", "outcome", "points", "opponent", "colour"))
assert tuple(RoundEntry.__slots__) == ("round", "outcome", "points", "opponent", "colour")


def _game_entry(number: int, outcome: Outcome, points: Fraction, opponent: int, colour: Colour) -> RoundEntry:
    """``RoundEntry(number, outcome, points, opponent, colour)``, made by setting its slots: a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, four times slower, and
    a standings of 1,000 players over 11 rounds makes 11,000 entries (issue 29)."""
    entry: RoundEntry = _new(RoundEntry)
    _SET_ROUND(entry, number)
    _SET_OUTCOME(entry, outcome)
    _SET_POINTS(entry, points)
    _SET_OPPONENT(entry, opponent)
    _SET_COLOUR(entry, colour)
    return entry


def game_entries(number: int, game: Game, scoring: Scoring) -> tuple[RoundEntry, RoundEntry]:
    """White's and Black's entries for one board of round ``number``."""
    white, black = game_outcomes(game.result)
    if game.result is None:
        white_points = black_points = Fraction(0)
    else:
        white_points, black_points = scoring.game_points(game.result)
    return (RoundEntry(number, white, white_points, game.black, "w"),
            RoundEntry(number, black, black_points, game.white, "b"))


def round_entries(tournament: Tournament, after_round: int | None = None) -> dict[int, list[RoundEntry]]:
    """Every player's entries in rounds 1 to ``after_round`` (default: every paired round).

    A round in which a player has no row (entered late, absent after a
    withdrawal) has no entry: each reader says what such a round is for it.
    """
    return {number: list(entries) for number, entries in kept_round_entries(tournament, after_round).items()}


def kept_round_entries(tournament: Tournament, after_round: int | None = None) -> dict[int, tuple[RoundEntry, ...]]:
    """:func:`round_entries` as kept for the tournament (frozen), made once: the same entries, in
    tuples that every reader shares (no copy for each: issue 29). Do not change the mapping."""
    last = tournament.last_round if after_round is None else after_round
    kept: dict[int, tuple[RoundEntry, ...]] | None = tournament.derived.get(("round_entries", last))
    if kept is None:
        longer = min((key[1] for key in tournament.derived if type(key) is tuple and len(key) == 2
                      and key[0] == "round_entries" and key[1] > last), default=None)
        if longer is not None:  # each player's entries up to a later round, in round order, one a round at most:
            kept = {number: _upto(entries, last)  # those up to this one are their first (issue 29: a correction
                    for number, entries in tournament.derived[("round_entries", longer)].items()}  # in round 5 of 11)
        else:
            kept = {number: tuple(entries) for number, entries in _round_entries(tournament, last).items()}
        tournament.derived[("round_entries", last)] = kept
    return kept


def _upto(entries: tuple[RoundEntry, ...], last: int) -> tuple[RoundEntry, ...]:
    """The entries (in round order) of rounds 1 to ``last``: the first of them."""
    end = len(entries)
    while end and entries[end - 1].round > last:
        end -= 1
    return entries if end == len(entries) else entries[:end]


def _round_entries(tournament: Tournament, last: int) -> dict[int, list[RoundEntry]]:
    scoring = tournament.settings.scoring
    entries: dict[int, list[RoundEntry]] = {p.start_number: [] for p in tournament.players}
    # each result's outcomes and points, read once (as game_entries reads them), not once a board (issue 29)
    scored: dict[GameResult | None, tuple[Outcome, Outcome, Fraction, Fraction]] = {}
    for rnd in tournament.rounds[:last]:
        number = rnd.number
        for game in rnd.games:
            result = game.result
            found = scored.get(result)
            if found is None:
                white, black = game_outcomes(result)
                points = (Fraction(0), Fraction(0)) if result is None else scoring.game_points(result)
                found = scored[result] = (white, black, *points)
            entries[game.white].append(_game_entry(number, found[0], found[2], game.black, "w"))
            entries[game.black].append(_game_entry(number, found[1], found[3], game.white, "b"))
        for bye in rnd.byes:
            entries[bye.player].append(RoundEntry(number, bye_outcome(bye.kind), scoring.bye_points(bye.kind)))
    return entries
