"""A new event: which kind the options make, and the checks of ``arbiter new`` (pure).

:func:`plan_new_event` reads the options as given and returns the event to create, one of
:class:`NewIndividual` (a Swiss or a round robin), :class:`NewTeamEvent`, :class:`NewKnockout`
and :class:`NewGroupEvent`, or refuses them with the option at fault. The rules it keeps:

* a Swiss needs its number of rounds (C.04.1 Art. 1: the rounds are announced in advance); a
  round robin's follow from its players (C.05), and so do a knockout's and each group's;
* an option of one kind is refused for another (``--boards`` without ``--teams``, ``--seeding``
  without ``--system knockout``, ...), naming the option;
* the tie-breaks are announced in advance (C.07 Art. 2): ``none`` is not an announced list;
* Baku acceleration (C.04.7) is for an individual Swiss; the team Swiss's colour model (C.04.6
  1.7) is for a team Swiss, a round robin's colours coming from the Berger tables;
* the starting-rank method (C.04.2 2.2, TRF-2026 172) orders the players of an individual event;
  a team event numbers its players team by team, and its rosters follow ``--roster-rating``.

Errors name the option by its parameter (``rounds``, ``games_per_match``); the command line
renames it to what the person typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError

from arbiter_cli.core.errors import BadArgument, pydantic_message
from arbiter_cli.core.group_settings import GroupSettings
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import InitialColour, Numbering, RatingType, Scoring, Settings, System
from arbiter_cli.core.points import parse_points
from arbiter_cli.core.team_settings import TeamSettings

__all__ = ["NewOptions", "NewIndividual", "NewTeamEvent", "NewKnockout", "NewGroupEvent", "NewEvent",
           "plan_new_event", "knockout_settings", "scoring_option"]


@dataclass(frozen=True)
class NewOptions:
    """The options of ``arbiter new``, as given (None: not given); ``club``: a club tournament.
    Before :func:`plan_new_event` reads them, ``seed`` is drawn when not given, and
    ``rating_type`` is the list the time control decides."""

    name: str
    system: str
    seed: int | None = None
    rating_type: RatingType | None = None
    rounds: int | None = None
    tiebreaks: str | None = None
    initial_colour: InitialColour = InitialColour.RANDOM
    numbering: Numbering = Numbering.RATING
    scoring: str | None = None
    place: str = ""
    federation: str = ""
    start_date: str | None = None
    end_date: str | None = None
    chief_arbiter: str = ""
    time_control: str = ""
    club: bool = False
    acceleration: str | None = None
    teams: bool = False
    boards: int | None = None
    match_points: str | None = None
    primary: str | None = None
    colours: str | None = None
    colour_model: str | None = None
    pab: str | None = None
    roster_tolerance: int | None = None
    seeding: str | None = None
    games_per_match: int | None = None
    tiebreak_stages: str | None = None
    first_colour: str | None = None
    groups: int | None = None
    advance: int | None = None
    final: str | None = None
    starting_rank: str | None = None
    roster_rating: str | None = None
    no_show_rule: str | None = None

    @property
    def event_fields(self) -> dict[str, object]:
        """The settings every kind shares, as given."""
        return {"name": self.name, "place": self.place, "federation": self.federation.strip().upper(),
                "start_date": self.start_date, "end_date": self.end_date, "chief_arbiter": self.chief_arbiter,
                "time_control": self.time_control, "rating_type": self.rating_type,
                **({"starting_rank": self.starting_rank} if self.starting_rank is not None else {})}

    @property
    def knockout_options(self) -> dict[str, object]:
        """The options of a knockout (or a knockout final), as given."""
        return {"seeding": self.seeding, "games_per_match": self.games_per_match,
                "tiebreak_stages": self.tiebreak_stages, "first_colour": self.first_colour}

    @property
    def team_options(self) -> dict[str, object]:
        """The options of a team event, as given."""
        return {"match_points": self.match_points, "primary": self.primary, "colours": self.colours,
                "pab": self.pab, "roster_tolerance": self.roster_tolerance, "colour_model": self.colour_model,
                "roster_rating": self.roster_rating}


@dataclass(frozen=True)
class NewIndividual:
    """A Swiss or a round robin."""

    settings: Settings


@dataclass(frozen=True)
class NewTeamEvent:
    """A team round robin or a team Swiss."""

    settings: Settings
    team: TeamSettings


@dataclass(frozen=True)
class NewKnockout:
    """A knockout."""

    settings: Settings
    knockout: KnockoutSettings


@dataclass(frozen=True)
class NewGroupEvent:
    """Groups played as round robins, then a final."""

    settings: Settings
    groups: GroupSettings


NewEvent = NewIndividual | NewTeamEvent | NewKnockout | NewGroupEvent


def plan_new_event(options: NewOptions) -> NewEvent:
    """The event ``arbiter new`` creates from ``options``, all of them checked."""
    staged = options.system == "groups"  # a group stage: each group is a round robin, the final one or a knockout
    knockout_options = options.knockout_options
    group_settings = None
    if staged or options.groups is not None or options.advance is not None or options.final is not None:
        group_settings = _group_settings(options, staged)
        knockout_options = {}  # a knockout final's: in [groups.knockout]
    try:
        chosen = System.ROUND_ROBIN if staged else System(options.system)
    except ValueError:
        raise BadArgument(f"unknown system {options.system!r}; use swiss, round-robin, double-round-robin, knockout "
                          "or groups", field="system") from None
    if options.no_show_rule is not None and (chosen is System.KNOCKOUT or options.teams or options.boards is not None):
        raise BadArgument("is for an individual Swiss or round robin (a knockout's or a team's forfeit is its "
                          "match's)", field="no_show_rule")
    if chosen is System.KNOCKOUT:
        return _knockout(options)
    for option, value in knockout_options.items():
        if value is not None:
            raise BadArgument("is for a knockout (give --system knockout)", field=option)
    if chosen is System.SWISS and options.rounds is None:
        raise BadArgument("a Swiss needs the number of rounds (C.04.1 Art. 1)", field="rounds")
    if options.teams or options.boards is not None:
        if options.acceleration is not None:
            raise BadArgument("Baku acceleration is for an individual Swiss here; a team Swiss is paired without it",
                              field="acceleration")
        if options.colour_model is not None and chosen.is_round_robin:
            raise BadArgument("is for a team Swiss: a round robin's colours come from the Berger tables",
                              field="colour_model")
        if options.starting_rank is not None:
            raise BadArgument("is for an individual event: a team event numbers its players team by team, and its "
                              "rosters and team ratings follow --roster-rating (fide or national)",
                              field="starting_rank")
        return _team_event(options, chosen)
    for option, value in options.team_options.items():
        if value is not None:
            raise BadArgument("is for a team event (give --teams --boards N)", field=option)
    if options.tiebreaks is not None and options.tiebreaks.strip().lower() == "none":
        raise BadArgument("an event announces its tie-breaks in advance; leave --tiebreaks out for the default list",
                          field="tiebreaks")
    scoring = scoring_option(options.scoring)
    settings = _settings({**options.event_fields, "system": chosen, "rounds": options.rounds,
                          "initial_colour": options.initial_colour, "numbering": options.numbering,
                          "seed": options.seed, "tiebreaks": _tiebreaks(options.tiebreaks), "scoring": scoring,
                          "acceleration": _acceleration(options.acceleration),
                          **({} if options.no_show_rule is None else {"no_show_rule": options.no_show_rule})})
    if group_settings is not None:
        return NewGroupEvent(settings, group_settings)
    return NewIndividual(settings)


def _settings(values: dict[str, object]) -> Settings:
    try:
        return Settings.model_validate(values)
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else None
        raise BadArgument(pydantic_message(first), field=field) from None


def _tiebreaks(text: str | None) -> tuple[str, ...]:
    from arbiter_cli.lifecycle.guards import tiebreak_option

    return tiebreak_option(text)


def _knockout(options: NewOptions) -> NewKnockout:
    """``new --system knockout``: a knockout takes no rounds, teams, acceleration or tie-break list."""
    if options.teams or options.boards is not None or options.acceleration is not None or \
            options.rounds is not None or options.tiebreaks is not None:
        raise BadArgument("a knockout takes no --teams, --boards, --acceleration, --rounds or --tiebreaks (its "
                          "rounds follow from the players, its ties from --tiebreak-stages)", field="system")
    scoring = scoring_option(options.scoring)
    knockout = knockout_settings(options.knockout_options)
    try:
        settings = Settings.model_validate({**options.event_fields, "system": System.KNOCKOUT, "scoring": scoring,
                                            "seed": options.seed})
    except ValidationError as error:
        first = error.errors()[0]
        raise BadArgument(pydantic_message(first), field=str(first["loc"][0]) if first["loc"] else None) from None
    return NewKnockout(settings, knockout)


def knockout_settings(options: Mapping[str, object]) -> KnockoutSettings:
    """The ``[knockout]`` table from the knockout options (``games_per_match``, ...) as given; a bad
    one is a :class:`BadArgument` naming the option."""
    table: dict[str, object] = {}
    for key in ("seeding", "games_per_match", "tiebreak_stages", "first_colour"):
        value = options.get(key)
        if value is None:
            continue
        if key == "tiebreak_stages":
            assert isinstance(value, str)
            value = [part.strip() for part in value.split(",") if part.strip()]
        elif isinstance(value, str):
            value = value.strip().lower()
        table[key] = value
    try:
        return KnockoutSettings.model_validate(table)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        raise BadArgument(pydantic_message(first), field=key if key in options else None) from None


def _group_settings(options: NewOptions, staged: bool) -> GroupSettings:
    """The group-stage options: all of them with ``--system groups``, none without; a knockout
    final's options only with ``--final knockout``. The ``[groups]`` table they make."""
    groups, advance, final = options.groups, options.advance, options.final
    if not staged:
        option = "groups" if groups is not None else "advance" if advance is not None else "final"
        raise BadArgument("is for a group stage (give --system groups)", field=option)
    team = options.teams or options.boards is not None
    for value, option, why in ((options.rounds, "rounds", "each group's rounds follow from its players (C.05)"),
                               (team or None, "teams", "a group stage is an individual event here"),
                               (options.club or None, "club", "a group stage is not a club tournament here")):
        if value is not None:
            raise BadArgument(f"not for a group stage: {why}", field=option)
    if groups is None:
        raise BadArgument("a group stage needs the number of groups (e.g. --groups 4)", field="groups")
    if advance is None:
        raise BadArgument("a group stage needs how many of each group go on (e.g. --advance 2)", field="advance")
    if final not in (None, "round-robin", "knockout"):
        raise BadArgument(f"{final!r}: use round-robin or knockout", field="final")
    knockout = options.knockout_options
    given = [option for option, value in knockout.items() if value is not None]
    table: dict[str, object] = {"count": groups, "advance": advance, "final": final or "round-robin"}
    if final == "knockout":
        seeding = knockout.get("seeding")
        if isinstance(seeding, str) and seeding.strip().lower() != "seeded":
            raise BadArgument("a knockout final is seeded from the group results (the group winners first, then the "
                              "runners-up, ...): leave --seeding out", field="seeding")
        table["knockout"] = knockout_settings(knockout)
    elif given:
        raise BadArgument("is for a knockout final (give --final knockout); a round-robin final plays every "
                          "pairing once", field=given[0])
    try:
        return GroupSettings.model_validate(table)
    except ValidationError as error:
        first = error.errors()[0]
        flag = {"count": "groups", "advance": "advance", "final": "final"}.get(str(first["loc"][0]))
        raise BadArgument(pydantic_message(first), field=flag) from None


#: The option that sets each field of the ``[team]`` table.
_TEAM_OPTION = {"match_win": "match_points", "match_draw": "match_points", "match_loss": "match_points",
                "boards": "boards", "primary": "primary", "colours": "colours", "pab": "pab",
                "roster_tolerance": "roster_tolerance", "colour_model": "colour_model",
                "roster_rating": "roster_rating"}


def _team_event(options: NewOptions, system: System) -> NewTeamEvent:
    """``new --teams --boards N``: a team event's settings and its ``[team]`` table."""
    from arbiter_cli.lifecycle.team_standings import check_team_codes

    if not options.teams:
        raise BadArgument("is for a team event: give --teams too", field="boards")
    if options.boards is None:
        raise BadArgument("a team event needs the boards of a match (e.g. --boards 4)", field="boards")
    if system is System.SWISS and options.rounds is None:
        raise BadArgument("a Swiss needs the number of rounds (C.04.1 Art. 1)", field="rounds")
    team: dict[str, object] = {"boards": options.boards}
    if options.match_points is not None:
        parts = [p.strip() for p in options.match_points.split(",")]
        if len(parts) != 3:
            raise BadArgument("give three values: win,draw,loss (e.g. 2,1,0)", field="match_points")
        try:
            team.update(zip(("match_win", "match_draw", "match_loss"), (parse_points(p) for p in parts)))
        except ValueError as error:
            raise BadArgument(str(error), field="match_points") from None
    primary, model = options.primary, options.colour_model
    for key, value in (("primary", primary.upper() if primary else None), ("colours", options.colours),
                       ("pab", options.pab), ("roster_tolerance", options.roster_tolerance),
                       ("colour_model", model.lower() if model else None),
                       ("roster_rating", options.roster_rating.strip().lower() if options.roster_rating else None)):
        if value is not None:
            team[key] = value
    if system.is_round_robin and options.initial_colour is not InitialColour.RANDOM:
        raise BadArgument("a team round robin's colours come from the Berger tables and the board colour pattern "
                          "(--colours, e.g. WBWB), not from --initial-colour", field="initial_colour")
    if options.tiebreaks is not None:
        team["tiebreaks"] = list(check_team_codes([c.strip() for c in options.tiebreaks.split(",") if c.strip()]))
    try:
        settings = Settings.model_validate({**options.event_fields, "system": system, "rounds": options.rounds,
                                            "seed": options.seed, "scoring": scoring_option(options.scoring),
                                            # a round robin's colours come from the tables and the board
                                            # pattern; a team Swiss's first colour is the arbiter's, else by lot
                                            "initial_colour": "white" if system.is_round_robin
                                            else options.initial_colour})
        team_settings = TeamSettings.model_validate(team)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        raise BadArgument(pydantic_message(first), field=_TEAM_OPTION.get(key, key or None)) from None
    return NewTeamEvent(settings, team_settings)


def _acceleration(text: str | None) -> Literal["none", "baku"]:
    """``--acceleration``: the one FIDE acceleration, Baku (C.04.7), or none."""
    chosen = (text or "none").strip().lower()
    if chosen == "baku":
        return "baku"
    if chosen != "none":
        raise BadArgument(f"{text!r}: the one FIDE acceleration is baku (C.04.7)", field="acceleration")
    return "none"


def scoring_option(text: str | None) -> Scoring:
    """``--scoring W,D,L``: the points of a win, a draw and a loss (C.04.1 Art. 3: any point
    system; default 1, ½, 0)."""
    if not text:
        return Scoring()
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 3:
        raise BadArgument("give three values: win,draw,loss (e.g. 3,1,0)", field="scoring")
    try:
        values = dict(zip(("win", "draw", "loss"), (parse_points(p) for p in parts)))
    except ValueError as error:
        raise BadArgument(str(error), field="scoring") from None
    try:
        return Scoring.model_validate(values)
    except ValidationError as error:
        raise BadArgument(str(error.errors()[0]["msg"]).removeprefix("Value error, "), field="scoring") from None

