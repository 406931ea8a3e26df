"""Team events on the command line (issue 15): ``team add/import/list/roster/withdraw``, ``lineup``,
and the team side of ``new``, ``pair``, ``pairings``, ``result``, ``standings`` and ``finalize``.

The commands shared with individual events call in here when the folder is a team event
(:func:`is_team`); each parses, calls one act of :mod:`arbiter_cli.lifecycle`, saves through
:class:`~arbiter_cli.store.team_folder.TeamFolder` and renders.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import STATE, FormatOption, arguments, author, command_line, read_input, say, waiting
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import Settings
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.render.output import Format, emit
from arbiter_cli.store.team_folder import TeamFolder, is_team_folder

__all__ = ["is_team", "team_reading", "team_writing", "create_team_event", "team_add", "team_import", "team_list",
           "team_roster", "team_withdraw", "lineup", "pair_teams", "team_pairings", "team_result", "team_standings",
           "team_finalize", "team_bye", "team_unpair", "standings_heading", "team_remove"]


def is_team() -> bool:
    """Whether the folder the command works on is a team event."""
    return is_team_folder(STATE.directory)


@contextmanager
def team_reading(*, check: bool = True) -> Iterator[TeamTournament]:
    folder = TeamFolder(STATE.directory)
    with folder.lock(exclusive=False, waiting=waiting):
        yield folder.load(check=check)


@contextmanager
def team_writing() -> Iterator[tuple[TeamFolder, TeamTournament]]:
    folder = TeamFolder(STATE.directory)
    folder.by = author()
    with folder.lock(exclusive=True, holder=command_line(), waiting=waiting):
        yield folder, folder.load()


def create_team_event(directory: Path, settings: Settings, team: TeamSettings) -> None:
    """``arbiter new DIR --teams``: the folder of a team event with no team yet."""
    TeamFolder.create(directory, TeamTournament(settings, team), command_line(), author())
    say(f"created {directory}: {settings.name} (team {settings.system.value}, {team.boards} boards, seed "
        f"{settings.seed})")
    say(f"next: 'arbiter -d {directory} team add NAME', then 'team roster TEAM add PLAYER...'")


def team_add(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The team's name.")],
    short: Annotated[str, typer.Option("--short", metavar="CODE", help="A short code, e.g. the club's.")] = "",
) -> None:
    """Register a team (a team event)."""
    from arbiter_cli.lifecycle.team_registration import add_team

    with team_writing() as (folder, tournament), arguments(name="NAME", short="--short"):
        after, entry, changes = add_team(tournament, name, short)
        folder.save(tournament, after, command_line(), changes)
    say(f"team {entry.number}: {entry.name}" + (f" ({entry.short})" if entry.short else ""))


def team_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help=(
        "A CSV with the column 'team' (its name) and optionally 'short'; a row with 'name' (and 'rating', "
        "'fide_id', 'federation', 'title') adds that player to the team's roster, in row order."))],
) -> None:
    """Register teams, and their rosters, from a CSV file (or - for stdin)."""
    from arbiter_cli.lifecycle.team_registration import import_teams

    label, text = read_input(source)
    with team_writing() as (folder, tournament):
        after, changes = import_teams(tournament, text, label)
        folder.save(tournament, after, command_line(), changes)
    added = len(after.teams) - len(tournament.teams)
    players = len(after.players) - len(tournament.players)
    say(f"{added} team{'s' if added != 1 else ''} and {players} player{'s' if players != 1 else ''} added")


def team_list(fmt: FormatOption = Format.table) -> None:
    """List the teams: number, name, short code, team rating, players."""
    from arbiter_cli.render.team_views import teams_view

    with team_reading() as tournament:
        emit(teams_view(tournament), fmt)


def team_roster(
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team: its number, name or short code.")],
    action: Annotated[str, typer.Argument(metavar="ACTION", help="show (the default), add or remove.")] = "show",
    players: Annotated[Optional[list[str]], typer.Argument(metavar="PLAYER...", help=(
        "add: players as NAME/RATING/FIDE_ID/FEDERATION (fields after the name may be left out), in roster "
        "order; remove: a start number or name."))] = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Show a team's roster, add players to its end, or remove one before round 1."""
    from arbiter_cli.lifecycle.team_registration import add_to_roster, find_team, parse_roster_entry, \
        remove_from_roster
    from arbiter_cli.render.team_views import roster_view

    if action == "show":
        if players:
            raise BadArgument("'show' takes no players", field="PLAYER")
        with team_reading() as tournament, arguments(TEAM="TEAM"):
            entry = find_team(tournament, team)
        emit(roster_view(tournament, entry.number), fmt)
        return
    if action not in ("add", "remove"):
        raise BadArgument(f"{action!r}: use show, add or remove", field="ACTION")
    if not players:
        raise BadArgument(f"name the player{'s' if action == 'add' else ''} to {action}", field="PLAYER")
    if action == "remove" and len(players) != 1:
        raise BadArgument("remove one player at a time", field="PLAYER")
    with team_writing() as (folder, tournament), arguments(TEAM="TEAM", PLAYER="PLAYER"):
        if action == "add":
            entries = [parse_roster_entry(text) for text in players]
            after, entry, changes = add_to_roster(tournament, team, entries)
        else:
            after, changes = remove_from_roster(tournament, team, players[0])
        folder.save(tournament, after, command_line(), changes)
    for change in changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")


def team_withdraw(
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team: its number, name or short code.")],
    after_round: Annotated[Optional[int], typer.Option("--after-round", help="Its last round (default: the last "
                                                       "paired round).")] = None,
) -> None:
    """Withdraw a team: its later matches are forfeited (a round robin's half rule then applies)."""
    from arbiter_cli.lifecycle.team_finish import withdraw_team

    with team_writing() as (folder, tournament), arguments(TEAM="TEAM", after_round="--after-round"):
        after, changes = withdraw_team(tournament, team, after_round)
        folder.save(tournament, after, command_line(), changes)
    for change in changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")


def lineup(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team: its number, name or short code.")],
    players: Annotated[list[str], typer.Argument(metavar="PLAYER...", help=(
        "The players, board 1 first, by start number or name; name fewer to leave the lowest boards empty."))],
) -> None:
    """Set a team's line-up for a round (before its results are entered)."""
    from arbiter_cli.lifecycle.team_rounds import set_line_up

    with team_writing() as (folder, tournament), arguments(round_number="ROUND", TEAM="TEAM", PLAYER="PLAYER"):
        after, changes = set_line_up(tournament, round_number, team, players)
        if changes:
            folder.save(tournament, after, command_line(), changes)
    if not changes:
        say(f"round {round_number}: the line-up is unchanged")
    for change in changes:
        say(f"{change.change}: {change.new}")


def pair_teams(fmt: Format, print_: bool = False, explain: bool = False) -> None:
    """``arbiter pair`` on a team event (``print_``: the pairings page for the wall; ``explain``: a
    team Swiss's brackets, on stderr)."""
    from arbiter_cli.lifecycle.team_rounds import pair_team_round
    from arbiter_cli.render.team_views import team_pairings_view

    with team_writing() as (folder, tournament):
        paired = pair_team_round(tournament)
        folder.save(tournament, paired.tournament, command_line(), paired.changes)
    say(f"round {paired.round.number} of {paired.tournament.settings.rounds} paired")
    for note in paired.notes:
        say(f"note: {note}")
    if explain:
        for line in paired.explanation or ("a team round robin follows the Berger tables (C.05): no choices "
                                           "were made",):
            say(line)
    if print_:
        from arbiter_cli.cli.common import today
        from arbiter_cli.cli.pages import write_page
        from arbiter_cli.render.team_printouts import team_pairing_sheets

        write_page(team_pairing_sheets(paired.tournament, paired.round, today()), None, "")
        return
    emit(team_pairings_view(paired.tournament, paired.round), fmt)


def team_pairings(round_number: int | None, fmt: Format) -> None:
    """``arbiter pairings`` on a team event."""
    from arbiter_cli.render.team_views import team_pairings_view

    with team_reading() as tournament:
        number = round_number if round_number is not None else tournament.last_round
        rnd = tournament.round(number)
        if rnd is None:
            raise BadArgument(f"there is no round {number} (rounds paired: {tournament.last_round})", field="ROUND")
    emit(team_pairings_view(tournament, rnd), fmt)


def team_result(round_number: int, place: str | None, code: str | None, source: str | None, correct: bool) -> None:
    """``arbiter result`` on a team event: ``MATCH.BOARD RESULT``, ``MATCH FORFEIT`` or ``--from``."""
    from arbiter_cli.lifecycle.team_rounds import enter_team_results, parse_team_result_lines, team_result_line

    label = None
    with arguments(round_number="ROUND", board="MATCH.BOARD", result="RESULT"):
        if source is not None:
            if place is not None or code is not None:
                raise BadArgument("give either MATCH.BOARD RESULT or --from FILE, not both")
            label, text = read_input(source)
            lines = parse_team_result_lines(text, label)
        else:
            lines = [team_result_line(place, code)]
    with team_writing() as (folder, tournament), arguments(round_number="ROUND", board="MATCH.BOARD", result="RESULT"):
        entered = enter_team_results(tournament, round_number, lines, correct=correct, source=label)
        changes, outputs = list(entered.changes), None
        if entered.changes:
            if entered.finalised:
                from arbiter_cli.cli.prizes import corrected_final

                outputs, prize_changes = corrected_final(tournament, entered.tournament)
                changes += prize_changes
            folder.save(tournament, entered.tournament, command_line(), changes, outputs=outputs)
    if not entered.changes:
        say(f"round {round_number}: nothing changed")
        return
    for change in changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")
    if entered.finalised:
        say(f"the final standings are stored again: {STATE.directory / 'final'}/standings.csv and standings.json")
    missing = [f"{m.number}.{b}" for m in entered.round.matches for b in m.missing]
    if missing:
        say(f"round {round_number}: {len(missing)} result{'s' if len(missing) > 1 else ''} missing "
            f"({', '.join(missing)})")
    else:
        say(f"round {round_number}: all results entered")


def team_standings(after_round: int | None, tiebreaks: str | None, rules: Rules | None, fmt: Format) -> None:
    """``arbiter standings`` on a team event."""
    from arbiter_cli.lifecycle.team_finish import team_standings_of
    from arbiter_cli.render.team_views import team_standings_view

    with team_reading() as tournament, arguments(after_round="--after-round", tiebreaks="--tiebreaks"):
        codes = None if tiebreaks is None else tuple(c.strip() for c in tiebreaks.split(",") if c.strip())
        table = team_standings_of(tournament, after_round, codes, rules)
    for code in table.unavailable:
        say(f"note: {code}: not a team tie-break; left out")
    last = after_round if after_round is not None else tournament.last_round
    emit(team_standings_view(f"{tournament.settings.name}: {standings_heading(tournament, last)}", table), fmt)


def standings_heading(tournament: TeamTournament, last: int) -> str:
    """``final team standings``, or ``team standings after round N`` (``round N not complete``
    told on stderr as well)."""
    from arbiter_cli.core.model import Status

    if tournament.settings.status is Status.FINALISED and last == tournament.last_round:
        return "final team standings"
    rnd = tournament.round(last)
    if rnd is not None and not rnd.complete:
        boards = [f"{m.number}.{b}" for m in rnd.matches for b in m.missing]
        say(f"note: round {last} is not complete; no result yet on board{'s' if len(boards) > 1 else ''} "
            f"{', '.join(boards)}")
        return f"team standings after round {last} (round {last} not complete)"
    return f"team standings after round {last}"


def team_finalize(when: str, after_round: int | None, yes: bool = False) -> None:
    """``arbiter finalize`` on a team event."""
    from arbiter_cli.lifecycle.team_finish import finalise_team_event

    from arbiter_cli.cli.prizes import folder_prizes
    from arbiter_cli.render.final import team_final_outputs

    with team_writing() as (folder, tournament), arguments(after_round="--after-round", date="--date"):
        after, changes = finalise_team_event(tournament, when, after_round, yes)
        prizes = folder_prizes(team=True)
        folder.save(tournament, after, command_line(), changes, outputs=team_final_outputs(after, prizes))
    say(f"finalised on {when} after {after.last_round} rounds; final standings in {folder.path / 'final'}/"
        "standings.csv and standings.json" + (" and the prize list in prizes.csv and prizes.json" if prizes is not None else ""))


def team_bye(
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team: its number, name or short code.")],
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="A round not yet paired.")],
    zero: Annotated[bool, typer.Option("--zero", help="A zero-point bye (default: a half-point bye, a drawn "
                                       "match).")] = False,
    cancel: Annotated[bool, typer.Option("--cancel", help="Cancel the team's requested bye.")] = False,
) -> None:
    """A team Swiss: the team asks not to be paired in a round (a half-point bye, or --zero)."""
    from arbiter_cli.core.results import ByeKind
    from arbiter_cli.lifecycle.team_byes import cancel_team_bye, request_team_bye

    with team_writing() as (folder, tournament), arguments(TEAM="TEAM", round_number="ROUND"):
        if cancel:
            after, changes = cancel_team_bye(tournament, team, round_number)
        else:
            after, changes = request_team_bye(tournament, team, round_number, ByeKind.ZPB if zero else ByeKind.HPB)
        folder.save(tournament, after, command_line(), changes)
    for change in changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")


def team_unpair() -> None:
    """``arbiter unpair`` on a team event: remove the last round while it has no results."""
    from arbiter_cli.lifecycle.team_rounds import unpair_team_round

    with team_writing() as (folder, tournament):
        after, number, changes = unpair_team_round(tournament)
        folder.save(tournament, after, command_line(), changes)
    say(f"round {number} removed; pair it again with 'arbiter pair'")


def team_remove(
    team: Annotated[str, typer.Argument(metavar="TEAM", help="The team: its number, name or short code.")],
) -> None:
    """Remove a team registered by mistake, with its players (before round 1 is paired)."""
    from arbiter_cli.lifecycle.team_registration import remove_team

    with team_writing() as (folder, tournament), arguments(TEAM="TEAM"):
        after, gone, changes = remove_team(tournament, team)
        folder.save(tournament, after, command_line(), changes)
    say(f"team {gone.number} ({gone.name}) removed; the teams after it moved up a number")
