"""Small team events built by the acts themselves, for the lifecycle and render tests."""

from __future__ import annotations

from collections.abc import Mapping

from arbiter_cli.core.model import Settings
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.team_registration import add_team, add_to_roster, parse_roster_entry
from arbiter_cli.lifecycle.team_rounds import enter_team_results, pair_team_round, team_result_line


def league(teams: int = 4, boards: int = 4, system: str = "double-round-robin", reserves: int = 1,
           rounds: int | None = None, **team: object) -> TeamTournament:
    """``teams`` teams named A, B, C... (team A strongest), each with ``boards`` players and
    ``reserves`` reserves rated from 2400 down (A1 2390, A2 2380, ...; B1 2290...); nothing paired
    (a Swiss needs its ``rounds``)."""
    t = TeamTournament(Settings.model_validate({"name": "League", "system": system, "seed": 3, "rounds": rounds}),
                       TeamSettings.model_validate({"boards": boards, **team}))
    for index in range(teams):
        letter = chr(ord("A") + index)
        t, entry, _ = add_team(t, f"Team {letter}", letter * 3)
        players = [parse_roster_entry(f"{letter}{board}/{2400 - 100 * index - 10 * board}")
                   for board in range(1, boards + reserves + 1)]
        t, _, _ = add_to_roster(t, entry.name, players)
    return t


def play(t: TeamTournament, results: Mapping[str, str] | None = None, default: str | None = "1/2") -> TeamTournament:
    """Pair the next round, then enter ``results`` (``"M.B"`` or ``"M"`` -> code) and ``default`` on
    every other board (None: leave them empty)."""
    t = pair_team_round(t).tournament
    return enter(t, results, default)


def enter(t: TeamTournament, results: Mapping[str, str] | None = None, default: str | None = "1/2") -> TeamTournament:
    """Enter ``results`` in the last round, and ``default`` on every other board still empty."""
    given = dict(results or {})
    rnd = t.rounds[-1]
    forfeited = {place for place in given if "." not in place}
    if default is not None:
        for match in rnd.matches:
            if str(match.number) in forfeited or match.forfeit is not None:
                continue
            for board in match.boards:
                if board.result is None and None not in (board.first, board.second):
                    given.setdefault(f"{match.number}.{board.board}", default)
    lines = [team_result_line(place, code) for place, code in given.items()]
    return enter_team_results(t, rnd.number, lines).tournament if lines else t
