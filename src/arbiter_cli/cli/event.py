"""``arbiter new``: create a tournament folder (in a club's tournaments/: a club tournament)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Literal, Optional

import typer
from pydantic import ValidationError

from arbiter_cli.cli.common import arguments, author, command_line, say, tiebreak_option
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import InitialColour, Numbering, RatingType, Scoring, Settings, System
from arbiter_cli.core.points import parse_points
from arbiter_cli.store.tournament import TournamentFolder

__all__ = ["new"]


def new(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The folder to create (must not exist, or be empty).")],
    name: Annotated[str, typer.Option("--name", help="The event's name.")],
    system: Annotated[str, typer.Option("--system", help=(
        "swiss (FIDE Dutch), round-robin, double-round-robin, knockout, or groups (a group stage and a "
        "final)."))],
    rounds: Annotated[Optional[int], typer.Option("--rounds", help="Number of rounds (a round robin "
                                                  "computes it from the players).")] = None,
    tiebreaks: Annotated[Optional[str], typer.Option("--tiebreaks", help="C.07 codes, e.g. 'DE,SB,WIN,KS'.")] = None,
    initial_colour: Annotated[InitialColour, typer.Option("--initial-colour", case_sensitive=False,
                                                          help="Colour of start number 1 in round 1.")] = InitialColour.RANDOM,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for the drawing of lots (stored).")] = None,
    numbering: Annotated[Numbering, typer.Option("--numbering", case_sensitive=False,
                                                 help="Start numbers by rating (C.04.2) or drawn by lot.")] = Numbering.RATING,
    scoring: Annotated[Optional[str], typer.Option("--scoring", help="Points for win,draw,loss, e.g. '3,1,0'.")] = None,
    place: Annotated[str, typer.Option("--place")] = "",
    federation: Annotated[str, typer.Option("--federation")] = "",
    start_date: Annotated[Optional[str], typer.Option("--start-date", help="YYYY-MM-DD")] = None,
    end_date: Annotated[Optional[str], typer.Option("--end-date", help="YYYY-MM-DD")] = None,
    chief_arbiter: Annotated[str, typer.Option("--chief-arbiter")] = "",
    time_control: Annotated[str, typer.Option("--time-control", help=(
        "e.g. '90+30' (minutes + seconds a move): it decides the rating list by FIDE's definitions "
        "(standard, rapid, blitz); or one of those names."))] = "",
    rating_type: Annotated[Optional[RatingType], typer.Option("--rating-type", case_sensitive=False, help=(
        "The rating list (default: the time control's, else standard)."))] = None,
    club: Annotated[Optional[Path], typer.Option("--club", help="Make it a club tournament of this club "
                                                 "folder (in its tournaments/).")] = None,
    acceleration: Annotated[Optional[str], typer.Option("--acceleration", metavar="baku", help=(
        "Baku acceleration (C.04.7): group A gets virtual points in the first rounds (a Swiss)."))] = None,
    teams: Annotated[bool, typer.Option("--teams", help="A team event: teams with rosters play matches of "
                                        "--boards boards.")] = False,
    boards: Annotated[Optional[int], typer.Option("--boards", help="Team event: the boards of a match.")] = None,
    match_points: Annotated[Optional[str], typer.Option("--match-points", metavar="W,D,L", help=(
        "Team event: match points of a won, drawn and lost match (default 2,1,0)."))] = None,
    primary: Annotated[Optional[str], typer.Option("--primary", metavar="MP|GP", help=(
        "Team event: the primary score, match points (default) or game points."))] = None,
    colours: Annotated[Optional[str], typer.Option("--colours", metavar="WBWB", help=(
        "Team event: the first-named team's colour on each board (default WBWB...)."))] = None,
    colour_model: Annotated[Optional[str], typer.Option("--colour-model", metavar="a|b|none", help=(
        "Team Swiss: the colour preferences of C.04.6 1.7, Type A (default), Type B or none."))] = None,
    pab: Annotated[Optional[str], typer.Option("--pab", metavar="draw|win", help=(
        "Team event: a PAB scores a drawn match (default, C.04.6 1.4) or a won match with a point a board."))] = None,
    roster_tolerance: Annotated[Optional[int], typer.Option("--roster-tolerance", metavar="N", help=(
        "Team event: a player may stand above one rated up to N points higher (0-50, default 0)."))] = None,
    seeding: Annotated[Optional[str], typer.Option("--seeding", metavar="seeded|drawn", help=(
        "Knockout: the standard seeded bracket (default) or drawn by lot, paired 1-2, 3-4, ..."))] = None,
    games_per_match: Annotated[Optional[int], typer.Option("--games-per-match", metavar="N", help=(
        "Knockout (or a knockout final): the games of a match (default 2), colours alternating."))] = None,
    tiebreak_stages: Annotated[Optional[str], typer.Option("--tiebreak-stages", metavar="STAGES", help=(
        "Knockout (or a knockout final): what breaks a tie, e.g. 'rapid:2,blitz:2,armageddon', or 'lower-rating' (the default: the "
        "lower-rated player goes through)."))] = None,
    first_colour: Annotated[Optional[str], typer.Option("--first-colour", metavar="lot|seeding", help=(
        "Knockout (or a knockout final): the colours of a match's first game, by lot (default) or White for the higher seed."))] = None,
    groups: Annotated[Optional[int], typer.Option("--groups", metavar="G", help=(
        "Group stage (--system groups): the number of groups, each a round robin."))] = None,
    advance: Annotated[Optional[int], typer.Option("--advance", metavar="K", help=(
        "Group stage: the first K of each group go on to the final."))] = None,
    final: Annotated[Optional[str], typer.Option("--final", metavar="round-robin|knockout", help=(
        "Group stage: the final's system; a knockout takes --games-per-match, --tiebreak-stages and "
        "--first-colour, and is seeded from the groups."))] = None,
) -> None:
    """Create a new tournament folder (inside a club's tournaments/: a club tournament)."""
    from arbiter_cli.store.club import club_of

    directory, chosen_type, why = _club_placement(directory, club, time_control, rating_type)
    staged = system == "groups"  # a group stage: each group is a round robin, the final one or a knockout
    knockout_options: dict[str, object] = {"--seeding": seeding, "--games-per-match": games_per_match,
                                           "--tiebreak-stages": tiebreak_stages, "--first-colour": first_colour}
    group_settings = None
    if staged or groups is not None or advance is not None or final is not None:
        from arbiter_cli.cli.groups import group_options

        group_settings = group_options(staged, groups, advance, final, rounds, teams or boards is not None,
                                       club is not None, knockout_options)
        knockout_options = {}  # a knockout final's: in [groups.knockout]
    try:
        chosen = System.ROUND_ROBIN if staged else System(system)
    except ValueError:
        raise BadArgument(f"unknown system {system!r}; use swiss, round-robin, double-round-robin, knockout or "
                          "groups",
                          field="--system") from None
    if chosen is System.KNOCKOUT:
        from arbiter_cli.cli.knockout_new import new_knockout_event

        if teams or boards is not None or acceleration is not None or rounds is not None or tiebreaks is not None:
            raise BadArgument("a knockout takes no --teams, --boards, --acceleration, --rounds or --tiebreaks (its "
                              "rounds follow from the players, its ties from --tiebreak-stages)", field="--system")
        new_knockout_event(directory, knockout_options, seed=seed, scoring=_scoring(scoring),
                           name=name, place=place, federation=federation.strip().upper(), start_date=start_date,
                           end_date=end_date, chief_arbiter=chief_arbiter, time_control=time_control,
                           rating_type=chosen_type)
        return
    for option, value in knockout_options.items():
        if value is not None:
            raise BadArgument("is for a knockout (give --system knockout)", field=option)
    if chosen is System.SWISS and rounds is None:
        raise BadArgument("a Swiss needs the number of rounds (C.04.1 Art. 1)", field="--rounds")
    if teams or boards is not None:
        if acceleration is not None:
            raise BadArgument("Baku acceleration is for an individual Swiss here; a team Swiss is paired without it",
                              field="--acceleration")
        if colour_model is not None and chosen.is_round_robin:
            raise BadArgument("is for a team Swiss: a round robin's colours come from the Berger tables",
                              field="--colour-model")
        _new_team_event(directory, teams, boards, chosen, rounds, tiebreaks, seed, scoring, match_points, primary,
                        colours, pab, roster_tolerance, colour_model, name=name, place=place, federation=federation,
                        start_date=start_date, end_date=end_date, chief_arbiter=chief_arbiter,
                        time_control=time_control, rating_type=chosen_type)
        return
    team_options = {"--match-points": match_points, "--primary": primary, "--colours": colours, "--pab": pab,
                    "--roster-tolerance": roster_tolerance, "--colour-model": colour_model}
    for option, value in team_options.items():
        if value is not None:
            raise BadArgument("is for a team event (give --teams --boards N)", field=option)
    if tiebreaks is not None and tiebreaks.strip().lower() == "none":
        raise BadArgument("an event announces its tie-breaks in advance; leave --tiebreaks out for the "
                          "default list", field="--tiebreaks")
    points = _scoring(scoring)
    try:
        settings = Settings(
            name=name, place=place, federation=federation.strip().upper(), start_date=start_date, end_date=end_date,
            chief_arbiter=chief_arbiter, time_control=time_control, rating_type=chosen_type,
            system=chosen, rounds=rounds, initial_colour=initial_colour, numbering=numbering,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            tiebreaks=tiebreak_option(tiebreaks), scoring=points, acceleration=_acceleration(acceleration),
        )
    except ValidationError as error:
        first = error.errors()[0]
        field = "--" + str(first["loc"][0]).replace("_", "-") if first["loc"] else None
        raise BadArgument(_sentence(str(first["msg"]).removeprefix("Value error, ")), field=field) from None
    if group_settings is not None:
        from arbiter_cli.cli.groups import create_group_event

        create_group_event(directory, settings, group_settings)
        return
    TournamentFolder.create(directory, settings, command_line(), author())
    home = club_of(directory)
    rated = f"; club tournament of {home.name}" if home else ""
    say(f"created {directory}: {settings.name} ({chosen.value}, seed {settings.seed}{rated})")
    say(f"{'rated' if home else 'rating list'} {why}")


def _new_team_event(directory: Path, teams: bool, boards: int | None, system: System, rounds: int | None,
                    tiebreaks: str | None, seed: int | None, scoring: str | None, match_points: str | None,
                    primary: str | None, colours: str | None, pab: str | None, roster_tolerance: int | None,
                    colour_model: str | None, **fields: object) -> None:
    """``new --teams --boards N``: a team event's folder."""
    from arbiter_cli.cli.teams import create_team_event
    from arbiter_cli.core.team_settings import TeamSettings
    from arbiter_cli.lifecycle.team_standings import check_team_codes

    if not teams:
        raise BadArgument("is for a team event: give --teams too", field="--boards")
    if boards is None:
        raise BadArgument("a team event needs the boards of a match (e.g. --boards 4)", field="--boards")
    if system is System.SWISS and rounds is None:
        raise BadArgument("a Swiss needs the number of rounds (C.04.1 Art. 1)", field="--rounds")
    team: dict[str, object] = {"boards": boards}
    if match_points is not None:
        parts = [p.strip() for p in match_points.split(",")]
        if len(parts) != 3:
            raise BadArgument("give three values: win,draw,loss (e.g. 2,1,0)", field="--match-points")
        try:
            team.update(zip(("match_win", "match_draw", "match_loss"), (parse_points(p) for p in parts)))
        except ValueError as error:
            raise BadArgument(str(error), field="--match-points") from None
    for key, value in (("primary", primary.upper() if primary else None), ("colours", colours), ("pab", pab),
                       ("roster_tolerance", roster_tolerance),
                       ("colour_model", colour_model.lower() if colour_model else None)):
        if value is not None:
            team[key] = value
    if tiebreaks is not None:
        with arguments(tiebreaks="--tiebreaks"):
            team["tiebreaks"] = list(check_team_codes([c.strip() for c in tiebreaks.split(",") if c.strip()]))
    try:
        settings = Settings.model_validate({**fields, "system": system, "rounds": rounds,
                                            "seed": secrets.randbelow(2**31) if seed is None else seed,
                                            "scoring": _scoring(scoring),
                                            # a round robin's colours come from the tables; a Swiss draws it at round 1
                                            "initial_colour": "white" if system.is_round_robin else "random"})
        team_settings = TeamSettings.model_validate(team)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else ""
        option = {"match_win": "--match-points", "match_draw": "--match-points", "match_loss": "--match-points",
                  "boards": "--boards", "primary": "--primary", "colours": "--colours", "pab": "--pab",
                  "roster_tolerance": "--roster-tolerance", "colour_model": "--colour-model"}.get(key, "--" + key.replace("_", "-") if key else None)
        raise BadArgument(_sentence(str(first["msg"]).removeprefix("Value error, ")), field=option) from None
    create_team_event(directory, settings, team_settings)


def _acceleration(text: str | None) -> Literal["none", "baku"]:
    chosen = (text or "none").strip().lower()
    if chosen == "baku":
        return "baku"
    if chosen != "none":
        raise BadArgument(f"{text!r}: the one FIDE acceleration is baku (C.04.7)", field="--acceleration")
    return "none"


def _scoring(text: str | None) -> Scoring:
    """``--scoring W,D,L``: the points of a win, a draw and a loss."""
    if not text:
        return Scoring()
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 3:
        raise BadArgument("give three values: win,draw,loss (e.g. 3,1,0)", field="--scoring")
    try:
        values = dict(zip(("win", "draw", "loss"), (parse_points(p) for p in parts)))
    except ValueError as error:
        raise BadArgument(str(error), field="--scoring") from None
    try:
        return Scoring.model_validate(values)
    except ValidationError as error:
        raise BadArgument(str(error.errors()[0]["msg"]).removeprefix("Value error, "), field="--scoring") from None


def _sentence(message: str) -> str:
    """Pydantic's messages start with a capital; ours are lower-case clauses."""
    return message[:1].lower() + message[1:]


def _club_placement(directory: Path, club: Path | None, time_control: str,
                    rating_type: RatingType | None) -> tuple[Path, RatingType, str]:
    """Where a new tournament goes, its rating list and why: ``--club C`` puts a bare name in
    C/tournaments/; the time control decides the list by FIDE's definitions
    (:func:`arbiter_cli.core.time_control.rating_type_for`)."""
    from arbiter_cli.core.time_control import rating_type_for
    from arbiter_cli.store.club import CLUB_FILE, TOURNAMENTS_DIR, club_of

    if club is not None:
        if not (club / CLUB_FILE).is_file():
            raise BadArgument(f"{club} is not a club folder ({CLUB_FILE} is missing)", field="--club")
        if len(directory.parts) == 1:
            directory = club / TOURNAMENTS_DIR / directory
        elif club_of(directory) != club.resolve():
            raise BadArgument(f"a club tournament lives in {club / TOURNAMENTS_DIR}", field="DIR")
    with arguments(time_control="--time-control", rating_type="--rating-type"):
        chosen, why = rating_type_for(time_control, rating_type, club=club_of(directory) is not None)
    return directory, chosen, why
