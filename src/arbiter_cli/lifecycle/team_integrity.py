"""Is a team event sound? The checks every command runs on a team folder (issue 15).

Reading the folder already refuses a line that cannot be read. What a file cannot see alone is
checked here, on the whole event:

* every paired round accounts for every team that had not withdrawn before it: in a match, or
  with a bye; a round robin's free round only there, and the PAB only in a Swiss;
* a match has one line per board, no more than the event's boards; a match forfeit has none, or
  keeps them all (the boards it was entered over: their line-up and any results);
* a team robin's matches follow the Berger tables (C.05, teams as participants);
* no player is born after the event's start date (when it has one).

:func:`team_gaps` lists what is no unsoundness but holds the event up: an earlier round with a
board (or a match) still without a result while a later round is paired ('arbiter pair' refuses
until it is entered; 'arbiter verify' lists it as incomplete, as for an individual event).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.integrity import BROKEN, Problem, birth_problems, status_problems
from arbiter_cli.pairing.team_round_robin import team_round

__all__ = ["team_problems", "team_gaps"]


def _file(number: int) -> str:
    return f"rounds/{number:02d}.csv"


def team_problems(tournament: TeamTournament, lines: Mapping[int, int] | None = None) -> list[Problem]:
    """Everything unsound in the team event, in file order. ``lines`` gives each start number's line
    in ``players.csv`` (for the messages), when the caller knows it."""
    found: list[Problem] = birth_problems(tournament.players, tournament.settings.start_date, lines)
    found += status_problems(tournament.settings.status, tournament.last_round)
    boards = tournament.team.boards
    round_robin = tournament.settings.system.is_round_robin
    for rnd in tournament.rounds:
        name = _file(rnd.number)
        present = {team for match in rnd.matches for team in match.teams} | {bye.team for bye in rnd.byes}
        for entry in tournament.teams:
            if entry.number not in present and entry.available_in(rnd.number):
                found.append(Problem(name, f"team {entry.number} ({entry.name}) has no match and no bye"))
        for match in rnd.matches:
            if (match.forfeit is None or match.boards) and len(match.boards) != boards:  # kept under a forfeit: all
                found.append(Problem(name, f"match {match.number} has {len(match.boards)} boards; the event has "
                                           f"{boards}", field="board"))
        for bye in rnd.byes:
            if round_robin and bye.kind is ByeKind.PAB:
                found.append(Problem(name, "a round robin has no pairing-allocated bye", field="result"))
            if not round_robin and bye.kind is ByeKind.BYE:
                found.append(Problem(name, "only a round robin has a free round (BYE)", field="result"))
        if round_robin and tournament.settings.berger_tables:
            try:
                expected = team_round(len(tournament.teams), rnd.number, boards=boards,
                                      double=tournament.settings.system.value == "double-round-robin")
            except ValueError as error:
                found.append(Problem(name, str(error)))
                continue
            want = [(m.first, m.second) for m in expected.matches]
            have = [match.teams for match in rnd.matches]
            if want != have:
                found.append(Problem(name, "the matches do not follow the Berger table: it has "
                                     + ", ".join(f"{a}-{b}" for a, b in want)))
            free = [bye.team for bye in rnd.byes if bye.kind is ByeKind.BYE]
            if expected.free is not None and free != [expected.free]:
                found.append(Problem(name, f"the Berger table gives team {expected.free} the free round"))
    return [p for p in found if p.severity == BROKEN]


def team_gaps(tournament: TeamTournament) -> list[Problem]:
    """The rounds before the last with boards still without a result (a correction cleared one, issue
    25), as ``incomplete`` problems: the folder is sound, but the next round waits for them."""
    last = tournament.last_round
    found = []
    for rnd in tournament.rounds[:-1]:
        boards = rnd.missing
        if boards:
            found.append(Problem(_file(rnd.number), f"no result on board{'s' if len(boards) > 1 else ''} "
                                 f"{listed(boards)} though round {last} is paired", severity="incomplete"))
    return found
