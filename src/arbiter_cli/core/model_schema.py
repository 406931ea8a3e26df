"""The pydantic models that check the event's values (:mod:`arbiter_cli.core.model`): the settings,
the scoring and a player, as a file or a person gives them.

A command imports this module only when it checks a value (start-up, issue 29): each model here is
the *schema* of the plain value of the same name (:class:`arbiter_cli.core.value.Value`), which
holds what it made. The annotations are evaluated as the classes are made (no ``from __future__
import annotations``): pydantic would otherwise parse and compile each field's annotation text.
"""

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, ClassVar, Literal

from pydantic import (
    AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictInt, ValidationError,
    field_validator, model_validator,
)
from pydantic_core import InitErrorDetails

from arbiter_cli.core.choices import InitialColour, Numbering, RatingType, StartingRank, Status, System
from arbiter_cli.core.fields import (BLANK_ITEMS, MAX_GAME_POINTS, MOST_ROUNDS, TITLES, blank_to_none, check_date,
                                     is_finite_decimal, no_rating)
from arbiter_cli.core.no_show_rule import DEFAULT_NO_SHOW_RULE, no_show_rule_text, older_keys_read
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.core.text import name_text, printable
from arbiter_cli.core.tiebreak_codes import check_cuts, check_repeats, parse_tiebreak_list

__all__ = ["Scoring", "Settings", "Player", "Text", "Name", "DateText", "PointsValue", "NoShowRule"]


PointsValue = Annotated[Fraction, BeforeValidator(parse_points)]


#: A text field: any printable text, on one line.
Text = Annotated[str, AfterValidator(printable)]
#: A name: printable text of at most :data:`NAME_LENGTH` characters.
Name = Annotated[str, AfterValidator(name_text)]




class Scoring(BaseModel):
    """The check of :class:`arbiter_cli.core.model.Scoring`, points per outcome (C.04.1 Art. 3).
    Its validator is built when one is first checked (``defer_build``), as the settings' is."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    win: PointsValue = Fraction(1)
    draw: PointsValue = Fraction(1, 2)
    loss: PointsValue = Fraction(0)
    pab: PointsValue = Fraction(1)
    forfeit_win: PointsValue = Fraction(1)
    forfeit_loss: PointsValue = Fraction(0)
    half_bye: PointsValue = Fraction(1, 2)
    full_bye: PointsValue = Fraction(1)

    #: The points that follow others unless given: a PAB, a forfeit win and a full-point bye are
    #: worth a win, a half-point bye a draw (derived field -> the field it follows).
    DERIVED: ClassVar[Mapping[str, str]] = {"pab": "win", "forfeit_win": "win", "half_bye": "draw", "full_bye": "win"}

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: object) -> object:
        """A PAB, a forfeit win and a full-point bye are worth a win, a half-point bye a draw,
        unless given (:attr:`DERIVED`)."""
        if isinstance(data, dict):
            data = dict(data)
            for name, source in cls.DERIVED.items():
                if data.get(name) is None:
                    data[name] = data.get(source, cls.model_fields[source].default)
        return data

    @model_validator(mode="after")
    def _check(self) -> "Scoring":
        if not (self.win > self.draw >= self.loss):
            raise ValueError("points must satisfy win > draw >= loss")
        for name in type(self).model_fields:
            value = getattr(self, name)
            if value < 0:  # no event scores below nothing, and a TRF cannot say it (162, XXS, points)
                raise ValueError(f"{name} = {format_points(value, ascii=True)} is negative; points are 0 or more")
            if value > MAX_GAME_POINTS:  # a TRF writes each value in 4 characters (record 162)
                raise ValueError(f"{name} = {format_points(value, ascii=True)} is too large; a game is worth at most "
                                 f"{MAX_GAME_POINTS} points")
            if not is_finite_decimal(value):
                raise ValueError(f"{name} = {value} has no exact decimal form; use values such as 1, 0.5 or 0.25")
        return self


def _default_scoring() -> Scoring:
    """``Scoring()``, without building its validator (start-up, issue 29): the default points, each
    derived one the very value it follows (:attr:`Scoring.DERIVED`), as the validator gives them."""
    fields = Scoring.model_fields
    values = {name: fields[name].default for name in fields}
    values.update({name: values[source] for name, source in Scoring.DERIVED.items()})
    return Scoring.model_construct(_fields_set=set(Scoring.DERIVED), **values)


DateText = Annotated[str | None, BeforeValidator(check_date)]


#: The no-show rule's type: a rule's name, or the text of an older folder's pair
#: (:func:`arbiter_cli.core.no_show_rule.no_show_rule_text`).
NoShowRule = Annotated[str, AfterValidator(no_show_rule_text)]


class Settings(BaseModel):
    """The check of :class:`arbiter_cli.core.model.Settings`, ``tournament.toml``. Its validator is
    built when settings are first checked (``defer_build``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False, defer_build=True)

    name: Name = Field(min_length=1)
    place: Text = ""
    federation: str = ""
    start_date: DateText = None
    end_date: DateText = None
    chief_arbiter: Text = ""
    time_control: Text = ""
    rating_type: RatingType = RatingType.STANDARD
    system: System
    rounds: StrictInt | None = Field(default=None, ge=1, le=MOST_ROUNDS)
    initial_colour: InitialColour = InitialColour.RANDOM
    numbering: Numbering = Numbering.RATING
    seed: StrictInt = Field(ge=0)
    tiebreaks: tuple[str, ...] = ()
    tiebreak_rules: Literal["2026", "2024", "pre2023"] | None = None  # C.07 edition; None: by start_date
    tiebreak_lots: StrictBool | None = None  # break ties left after the list by lot, from the seed
    unrated_rating: StrictInt | None = Field(default=None, ge=0, le=3500)  # for Art. 10 tie-breaks
    status: Status = Status.REGISTRATION
    finalised_on: DateText = None  # set by 'arbiter finalize'
    # Requested byes (C.04.2 3.3): how many half-point byes one player may take
    # (None: no limit), and how many of the last rounds allow none.
    max_half_byes: StrictInt | None = Field(default=None, ge=0)
    half_byes_closed_last_rounds: StrictInt = Field(default=0, ge=0)
    # Late entries (C.04.2 2.4): the rounds a player missed score as this bye.
    late_entry_missed: Literal["ZPB", "HPB"] = "ZPB"
    # No-shows: when a forfeit loss withdraws the player (core/no_show_rule.py): "off", "fide" (C.04.2
    # 2017 D.2: one without notice) or "federation" (the default: one without notice, or two in all).
    # An older folder's withdraw_after_unexcused and withdraw_after_no_shows are read as it.
    no_show_rule: NoShowRule = DEFAULT_NO_SHOW_RULE
    # Round robin withdrawals: "half" keeps the games of a player who played at
    # least half and scores the rest as forfeits, and otherwise removes the player
    # from the standings; "forfeits" always scores the rest as forfeits.
    round_robin_withdrawal: Literal["half", "forfeits"] = "half"
    # A round robin's rounds follow the Berger tables (C.05); false for one imported as it was
    # played from a program that used other tables: its games are kept, and it cannot be paired on.
    berger_tables: StrictBool = True
    # Withdrawn players of a Swiss are ranked with the others (true), or listed after them without
    # a rank (false), as programs do that rank them 0 in a TRF.
    rank_withdrawn: StrictBool = True
    # The date of each round (TRF record 132), "" for a round without one (kept in its place, also
    # when set on the command line: BLANK_ITEMS; trial51, bug 4); absent: none known.
    round_dates: Annotated[tuple[str, ...] | None, BLANK_ITEMS] = None
    # Acceleration (C.04.7): "baku" gives group A virtual points in the first rounds (pairing only).
    acceleration: Literal["none", "baku"] = "none"
    # The start number of group A's last player (fixed at the first pairing, or set by the arbiter).
    baku_group_a: StrictInt | None = Field(default=None, ge=1)
    # Forbidden pairs set by rule: players of one club, or one federation, do not meet in the first K rounds.
    avoid_same_club_rounds: StrictInt = Field(default=0, ge=0)
    avoid_same_federation_rounds: StrictInt = Field(default=0, ge=0)
    scoring: Scoring = _default_scoring()
    # The rating that orders the starting list (C.04.2 2.2; TRF-2026 172), or the federation's
    # title-first order (StartingRank). FIDE: FIDE's own order.
    starting_rank: StartingRank = StartingRank.FIDE

    @model_validator(mode="before")
    @classmethod
    def _older_no_show_keys(cls, data: object) -> object:
        """A folder made before ``no_show_rule`` keeps the rule's limits as two counts: read as the rule
        they make (:func:`~arbiter_cli.core.no_show_rule.older_keys_read`)."""
        if not isinstance(data, dict):
            return data
        table, found = older_keys_read(data)
        for key, message in found:
            raise ValidationError.from_exception_data("Settings", [InitErrorDetails(
                type="value_error", loc=(key,), input=data.get(key), ctx={"error": ValueError(message)})])
        return table

    @field_validator("federation")
    @classmethod
    def _federation(cls, value: str) -> str:
        value = value.strip().upper()
        if value and not re.fullmatch(r"[A-Z]{3}", value):
            raise ValueError(f"{value!r} is not a 3-letter FIDE federation code")
        return value

    @field_validator("starting_rank", mode="before")
    @classmethod
    def _starting_rank(cls, value: object) -> object:
        """Any case: ``fidon`` is ``FIDON``; a wrong one is named with the methods there are."""
        if isinstance(value, str):
            value = value.strip().upper()
            if value not in StartingRank.__members__:
                methods = ", ".join(StartingRank.__members__)
                raise ValueError(f"{value!r} is not a starting-rank method ({methods})")
        return value

    @field_validator("round_dates", mode="before")
    @classmethod
    def _round_dates(cls, value: object) -> object:
        if value is None:
            return None
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise ValueError('must be a list of dates, e.g. ["2026-03-01", "2026-03-02"]')
        if len(value) > 99:
            raise ValueError("more dates than rounds (at most 99)")
        return tuple("" if not v else check_date(v) for v in value)

    @field_validator("tiebreaks", mode="before")
    @classmethod
    def _tiebreaks(cls, value: object) -> tuple[str, ...]:
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return parse_tiebreak_list(value)
        raise ValueError('must be a list of tie-break codes, e.g. ["DE", "SB"]')

    @model_validator(mode="after")
    def _check(self) -> "Settings":
        if self.system is System.SWISS and self.rounds is None:
            raise ValueError("a Swiss needs the number of rounds (C.04.1 Art. 1): set rounds")
        if self.numbering is Numbering.LOT and not self.system.is_round_robin:
            raise ValueError("numbering by lot is only for round robins")
        if self.acceleration == "baku":
            if self.system.is_round_robin:
                raise ValueError("acceleration is for a Swiss (C.04.7), not a round robin")
            if self.scoring.win != 2 * self.scoring.draw or self.scoring.loss != 0:
                raise ValueError("Baku acceleration needs a win worth two draws and a loss worth 0 (C.04.7)")
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValueError("end_date is before start_date")
        if self.status is not Status.FINALISED:  # an event finished early keeps its list
            try:
                check_repeats(self.tiebreaks)
                if self.rounds:
                    check_cuts(self.tiebreaks, self.rounds)
            except ValueError as error:
                raise ValidationError.from_exception_data("Settings", [InitErrorDetails(
                    type="value_error", loc=("tiebreaks",), input=list(self.tiebreaks), ctx={"error": error})]
                ) from None
        return self


class Player(BaseModel):
    """The check of :class:`arbiter_cli.core.model.Player`, a row of ``players.csv``. Its validator is
    built when a row is first checked (``defer_build``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    start_number: int = Field(ge=1)
    name: Name = Field(min_length=1)
    title: Annotated[str | None, BeforeValidator(blank_to_none)] = None
    rating: Annotated[int, BeforeValidator(lambda v: 0 if v in ("", None) else v)] = Field(default=0, ge=0, le=3500)
    fide_id: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=1)
    federation: Annotated[str | None, BeforeValidator(blank_to_none)] = None
    sex: Annotated[Literal["m", "w"] | None, BeforeValidator(blank_to_none)] = None
    birth_date: Annotated[str | None, BeforeValidator(blank_to_none)] = None
    club: Annotated[Name | None, BeforeValidator(blank_to_none)] = None
    status: Literal["active", "withdrawn"] = "active"
    withdrawn_after: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=0)
    entered_round: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=2)  # late entry
    member_id: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=1)  # club member
    # The rating of the national list (TRF-2026's NRS records); None: none known.
    national_rating: Annotated[int | None, BeforeValidator(no_rating)] = Field(default=None, ge=1, le=3500)
    # The player's K on the FIDE list of the event's rate of play (B.02 8.3.3): from the list, or set by the
    # arbiter; None: not known (see ratings/fide.py for the K used then).
    k_factor: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=1, le=100)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("the name is empty")
        return value

    @field_validator("title")
    @classmethod
    def _title(cls, value: str | None) -> str | None:
        if value is None:
            return None
        upper = value.strip().upper()
        if upper not in TITLES:
            raise ValueError(f"{value!r} is not a FIDE title ({', '.join(TITLES)})")
        return upper

    @field_validator("federation")
    @classmethod
    def _federation(cls, value: str | None) -> str | None:
        if value is None:
            return None
        upper = value.strip().upper()
        if not re.fullmatch(r"[A-Z]{3}", upper):
            raise ValueError(f"{value!r} is not a 3-letter FIDE federation code")
        return upper

    @field_validator("birth_date")
    @classmethod
    def _birth(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if re.fullmatch(r"\d{4}", value):
            return value
        return check_date(value)

    @model_validator(mode="after")
    def _status(self) -> "Player":
        if self.status == "withdrawn" and self.withdrawn_after is None:
            raise ValueError("a withdrawn player needs withdrawn_after (the last round played)")
        if self.status == "active" and self.withdrawn_after is not None:
            raise ValueError("withdrawn_after is set but the status is active")
        return self
