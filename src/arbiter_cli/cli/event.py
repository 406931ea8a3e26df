"""``arbiter new``: create a tournament folder (in a club's tournaments/: a club tournament).

The options are read into :class:`~arbiter_cli.lifecycle.new_event.NewOptions`; which kind of
event they make, and every check of them, is the life-cycle's
(:func:`~arbiter_cli.lifecycle.new_event.plan_new_event`); the registry makes the folder
(:func:`~arbiter_cli.events.registry.new_event`).
"""

import inspect
from pathlib import Path
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import Terminal, arguments
from arbiter_cli.core.choices import InitialColour, Numbering, RatingType

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
        "lower-rated player goes through; an unrated player counts as the lowest-rated)."))] = None,
    first_colour: Annotated[Optional[str], typer.Option("--first-colour", metavar="lot|seeding", help=(
        "Knockout (or a knockout final): the colours of a match's first game, by lot (default) or White for the higher seed."))] = None,
    groups: Annotated[Optional[int], typer.Option("--groups", metavar="G", help=(
        "Group stage (--system groups): the number of groups, each a round robin."))] = None,
    advance: Annotated[Optional[int], typer.Option("--advance", metavar="K", help=(
        "Group stage: the first K of each group go on to the final."))] = None,
    final: Annotated[Optional[str], typer.Option("--final", metavar="round-robin|knockout", help=(
        "Group stage: the final's system; a knockout takes --games-per-match, --tiebreak-stages and "
        "--first-colour, and is seeded from the groups."))] = None,
    starting_rank: Annotated[Optional[str], typer.Option("--starting-rank", metavar="METHOD", help=(
        "The order of the starting list (TRF-2026 172): FIDE (default: FIDE rating, title, name), NRO "
        "(national rating only), FIDON (FIDE, else national), NIDOF (national, else FIDE), HBFN (the higher), "
        "LBFN (the lower), or TFN (the federation's: title, FIDE rating, national rating, name)."))] = None,
    roster_rating: Annotated[Optional[str], typer.Option("--roster-rating", metavar="fide|national", help=(
        "Team event: the rating that orders the rosters and makes the team rating (default fide)."))] = None,
    no_show_rule: Annotated[Optional[str], typer.Option("--no-show-rule", metavar="off|fide|federation", help=(
        "When a forfeit loss withdraws the player: never, FIDE's wording (C.04.2 2017 D.2: one no-show without "
        "notice), or the federation's (default: one without notice, or two in all)."))] = None,
) -> None:
    """Create a new tournament folder (inside a club's tournaments/: a club tournament)."""
    from arbiter_cli.events.registry import NewOptions, new_event

    options = NewOptions(
        name=name, system=system, seed=seed, rating_type=rating_type, rounds=rounds, tiebreaks=tiebreaks,
        initial_colour=initial_colour, numbering=numbering, scoring=scoring, place=place, federation=federation,
        start_date=start_date, end_date=end_date, chief_arbiter=chief_arbiter, time_control=time_control,
        club=club is not None, acceleration=acceleration, teams=teams, boards=boards, match_points=match_points,
        primary=primary, colours=colours, colour_model=colour_model, pab=pab, roster_tolerance=roster_tolerance,
        seeding=seeding, games_per_match=games_per_match, tiebreak_stages=tiebreak_stages,
        first_colour=first_colour, groups=groups, advance=advance, final=final, starting_rank=starting_rank,
        roster_rating=roster_rating, no_show_rule=no_show_rule)
    named = {name: "--" + name.replace("_", "-") for name in inspect.signature(new).parameters}
    with arguments(**named):
        new_event(directory, options, club, Terminal())
