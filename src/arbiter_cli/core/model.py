"""Typed models of a tournament: settings, players, rounds and boards.

These are plain values with no knowledge of files or terminals. The folder
module (:mod:`arbiter_cli.store`) reads and writes them; the pairing and
standings modules compute with them.

The settings, the scoring and a player are checked by pydantic models, their schemas
(:mod:`arbiter_cli.core.model_schema`), imported only when one is checked: a command that reads them
back from the read cache imports no pydantic (start-up, issue 29; :mod:`arbiter_cli.core.value`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

from arbiter_cli.core.choices import InitialColour, Numbering, RatingType, StartingRank, Status, System
from arbiter_cli.core.fields import MAX_GAME_POINTS, MOST_ROUNDS, TITLES, is_finite_decimal
from arbiter_cli.core.no_show_rule import DEFAULT_NO_SHOW_RULE, NoShowLimits, no_show_limits
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.text import BIDI_CONTROLS, NAME_LENGTH, name_text, printable
from arbiter_cli.core.tiebreak_codes import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS
from arbiter_cli.core.value import Value

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "System", "RatingType", "InitialColour", "Numbering", "StartingRank", "Status", "Scoring", "Settings",
    "TITLES", "Player", "Game", "Bye", "Round", "ByeRequest", "Avoidance", "VirtualPoints", "Tournament", "printable",
    "is_finite_decimal", "name_text", "NAME_LENGTH", "BIDI_CONTROLS", "MOST_ROUNDS", "MAX_GAME_POINTS", "DEFAULT_SCORING",
]


@dataclass(frozen=True, init=False)
class Scoring(Value):
    """Points per outcome (C.04.1 Art. 3: the rules speak of "a win's points").

    Defaults are 1 / ½ / 0 with a win's points for a pairing-allocated bye and a
    forfeit win. ``half_bye`` and ``full_bye`` are the requested byes. Checked by
    :class:`arbiter_cli.core.model_schema.Scoring`.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    half_bye: Fraction = Fraction(1, 2)
    full_bye: Fraction = Fraction(1)

    #: The points that follow others unless given: a PAB, a forfeit win and a full-point bye are
    #: worth a win, a half-point bye a draw (derived field -> the field it follows).
    DERIVED: ClassVar[Mapping[str, str]] = {"pab": "win", "forfeit_win": "win", "half_bye": "draw", "full_bye": "win"}

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import model_schema

        return model_schema.Scoring

    def game_points(self, result: GameResult) -> tuple[Fraction, Fraction]:
        """Points of (White, Black) for a board result."""
        match result:
            case GameResult.WHITE_WINS:
                return self.win, self.loss
            case GameResult.BLACK_WINS:
                return self.loss, self.win
            case GameResult.DRAW:
                return self.draw, self.draw
            case GameResult.WHITE_FORFEIT_WIN:
                return self.forfeit_win, self.forfeit_loss
            case GameResult.BLACK_FORFEIT_WIN:
                return self.forfeit_loss, self.forfeit_win
            case GameResult.DOUBLE_FORFEIT:
                return self.forfeit_loss, self.forfeit_loss
            case GameResult.DOUBLE_LOSS:
                return self.loss, self.loss
            case GameResult.UNFINISHED:  # no points until the game ends (a draw for the pairing only, C.04.2 3.1)
                return Fraction(0), Fraction(0)
        raise AssertionError(result)  # pragma: no cover

    def bye_points(self, kind: ByeKind) -> Fraction:
        """Points for a round without an opponent."""
        match kind:
            case ByeKind.PAB:
                return self.pab
            case ByeKind.FPB:
                return self.full_bye
            case ByeKind.HPB:
                return self.half_bye
            case ByeKind.ZPB | ByeKind.BYE:
                return Fraction(0)
        raise AssertionError(kind)  # pragma: no cover


#: ``Scoring()``, unchecked: the defaults are points the schema takes (the settings' default).
DEFAULT_SCORING = Scoring.made((f.name, getattr(Scoring, f.name)) for f in Scoring.__dataclass_fields__.values())


@dataclass(frozen=True, init=False)
class Settings(Value):
    """``tournament.toml``: everything decided about the event, checked by
    :class:`arbiter_cli.core.model_schema.Settings` (which says what each field holds)."""

    _: KW_ONLY
    name: str
    place: str = ""
    federation: str = ""
    start_date: str | None = None
    end_date: str | None = None
    chief_arbiter: str = ""
    time_control: str = ""
    rating_type: RatingType = RatingType.STANDARD
    system: System
    rounds: int | None = None
    initial_colour: InitialColour = InitialColour.RANDOM
    numbering: Numbering = Numbering.RATING
    seed: int
    tiebreaks: tuple[str, ...] = ()
    tiebreak_rules: Literal["2026", "2024", "pre2023"] | None = None
    tiebreak_lots: bool | None = None
    unrated_rating: int | None = None
    status: Status = Status.REGISTRATION
    finalised_on: str | None = None
    max_half_byes: int | None = None
    half_byes_closed_last_rounds: int = 0
    late_entry_missed: Literal["ZPB", "HPB"] = "ZPB"
    no_show_rule: str = DEFAULT_NO_SHOW_RULE
    round_robin_withdrawal: Literal["half", "forfeits"] = "half"
    berger_tables: bool = True
    rank_withdrawn: bool = True
    round_dates: tuple[str, ...] | None = None
    acceleration: Literal["none", "baku"] = "none"
    baku_group_a: int | None = None
    avoid_same_club_rounds: int = 0
    avoid_same_federation_rounds: int = 0
    scoring: Scoring = DEFAULT_SCORING
    starting_rank: StartingRank = StartingRank.FIDE

    NESTED: ClassVar[Mapping[str, type[Value]]] = {"scoring": Scoring}

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import model_schema

        return model_schema.Settings

    @property
    def no_show_limits(self) -> NoShowLimits:
        """The no-show rule's limits (:mod:`arbiter_cli.core.no_show_rule`)."""
        return no_show_limits(self.no_show_rule)

    @property
    def effective_tiebreaks(self) -> tuple[str, ...]:
        """The announced list, or the default for the system."""
        if self.tiebreaks:
            return self.tiebreaks
        return DEFAULT_ROUND_ROBIN if self.system.is_round_robin else DEFAULT_SWISS


@dataclass(frozen=True, init=False)
class Player(Value):
    """A row of ``players.csv``. ``start_number`` is the TPN. Checked by
    :class:`arbiter_cli.core.model_schema.Player`."""

    start_number: int
    name: str
    title: str | None = None
    rating: int = 0
    fide_id: int | None = None
    federation: str | None = None
    sex: Literal["m", "w"] | None = None
    birth_date: str | None = None
    club: str | None = None
    status: Literal["active", "withdrawn"] = "active"
    withdrawn_after: int | None = None
    entered_round: int | None = None  # late entry
    member_id: int | None = None  # club member
    # The rating of the national list (TRF-2026's NRS records); None: none known.
    national_rating: int | None = None
    # The player's K on the FIDE list of the event's rate of play (B.02 8.3.3): from the list, or set by the
    # arbiter; None: not known (see ratings/fide.py for the K used then).
    k_factor: int | None = None

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import model_schema

        return model_schema.Player

    @property
    def is_withdrawn(self) -> bool:
        return self.status == "withdrawn"

    def available_in(self, round_number: int) -> bool:
        """False before a late entry's first round (C.04.2 2.4) and from the round
        after a withdrawal on (C.04.2 3.2)."""
        if self.entered_round is not None and round_number < self.entered_round:
            return False
        return self.withdrawn_after is None or round_number <= self.withdrawn_after


@dataclass(frozen=True)
class Game:
    """A board of a round: two players and, once entered, the result.

    ``note`` is ``"excused"`` on a forfeit whose loser gave notice (the no-show rule), and
    ``"colourless"`` on a forfeit imported without colours (TRF ``-``): White and Black are then
    only the order of the board, and the export writes no colour. ``"adjourned"`` is on a game
    that was still being played (``*``) when the next round was paired, once its real result is
    in: that round was paired on it as a draw (C.04.2 3.1), which a player may be once in the event.
    """

    white: int
    black: int
    board: int
    result: GameResult | None = None
    note: Literal["excused", "colourless", "adjourned"] | None = None

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)

    @property
    def result_code(self) -> str | None:
        """The code stored and shown in pairings, None while there is no result."""
        return self.result.value if self.result is not None else None


@dataclass(frozen=True)
class Bye:
    """A player without an opponent in a round; ``kind`` fixes the points."""

    player: int
    kind: ByeKind

    @property
    def players(self) -> tuple[int]:
        return (self.player,)

    @property
    def result_code(self) -> str:
        return self.kind.value


@dataclass(frozen=True)
class Round:
    """A paired round: its games in board order, and its byes."""

    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()

    @property
    def missing(self) -> tuple[int, ...]:
        """Board numbers still without a result."""
        return tuple(g.board for g in self.games if g.result is None)

    @property
    def unfinished(self) -> tuple[int, ...]:
        """Board numbers whose game is still being played (``*``, C.04.2 3.1)."""
        return tuple(g.board for g in self.games if g.result is GameResult.UNFINISHED)

    @property
    def complete(self) -> bool:
        """Every board has its final result (none missing, none still being played)."""
        return not self.missing and not self.unfinished

    def game(self, board: int) -> Game | None:
        if 0 < board <= len(self.games) and self.games[board - 1].board == board:
            return self.games[board - 1]  # boards are numbered 1, 2, ... in order: found at once
        for item in self.games:
            if item.board == board:
                return item
        return None


class ByeRequest(NamedTuple):
    """A requested bye for a round not yet paired (C.04.2 3.3): ``HPB`` or ``ZPB``."""

    round: int
    start_number: int
    kind: ByeKind


@dataclass(frozen=True)
class Avoidance:
    """Players no two of whom may be paired (``avoid.csv``; TRF 260), in rounds ``first`` to
    ``last`` (None: from the first, or to the last round)."""

    players: tuple[int, ...]
    first: int | None = None
    last: int | None = None

    def applies_in(self, round_number: int) -> bool:
        return (self.first is None or self.first <= round_number) and (self.last is None or round_number <= self.last)


@dataclass(frozen=True)
class VirtualPoints:
    """The arbiter's virtual points for a player in a round (``virtual.csv``; acceleration, C.04.7)."""

    start_number: int
    round: int
    points: Fraction


@dataclass(frozen=True)
class Tournament:
    """The whole event as read from its folder."""

    settings: Settings
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = field(default_factory=tuple)
    byes: tuple[ByeRequest, ...] = ()  # requested byes for rounds not yet paired
    avoid: tuple[Avoidance, ...] = ()  # forbidden pairs set by the arbiter
    virtual: tuple[VirtualPoints, ...] = ()  # the arbiter's virtual points (acceleration)

    @cached_property
    def by_number(self) -> dict[int, Player]:
        """The players by start number."""
        return {player.start_number: player for player in self.players}

    def player(self, start_number: int) -> Player | None:
        return self.by_number.get(start_number)

    @cached_property
    def derived(self) -> dict[object, Any]:
        """What a pure function computes from the tournament, kept for it by that function, as the
        tournament is frozen (:func:`~arbiter_cli.core.outcome.round_entries`, by round): one command's
        standings, crosstable and player cards read the same."""
        return {}

    @property
    def last_round(self) -> int:
        return len(self.rounds)

    def round(self, number: int) -> Round | None:
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None
