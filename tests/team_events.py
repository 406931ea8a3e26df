"""Random team events, built by our own acts, for the team oracles (issue 15).

:func:`round_robin_event` runs a whole team round robin through the acts a folder's commands
call: teams and rosters registered (``add_team``, ``add_to_roster``), every round paired from
the Berger tables (``pair_team_round``), line-ups given before and after the pairing
(``set_line_up``: reserves in, players left out, an empty lowest board where the event allows
one), board results with board forfeits (``+/-``, ``-/+``, ``-/-``), the arbiter's ``0-0``, and match forfeits
(``enter_team_results``), corrections, and a team withdrawn after some round
(``withdraw_team``, the round robin's half rule).

:func:`swiss_event` covers what a round robin never has, the team PAB: the team Swiss engine is
issue 16, so its rounds are drawn here (nobody meets twice; an odd team out gets the PAB, a
team may ask for a half- or zero-point bye) and put in the model as ``MatchRound`` values with
``TeamBye(team, ByeKind.PAB)``; everything else (registration, numbering, line-ups, results,
withdrawal) is again our acts.

:func:`generated_events` gives a reproducible mix of both, by a seed; each event has an id
(``rr-s17``, ``swiss-s40``) that names the seed that rebuilds it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbiter_cli.core.model import Player, Settings, Status
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamEvent
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import BoardGame, Match, MatchRound, TeamBye, TeamTournament, team_event
from arbiter_cli.lifecycle.team_finish import counted_team_event, finalise_team_event, withdraw_team
from arbiter_cli.lifecycle.team_registration import RosterEntry, add_team, add_to_roster, number_teams_for_play
from arbiter_cli.lifecycle.team_rounds import (TeamResultLine, empty_board_matches, enter_team_results,
                                               pair_team_round, set_line_up)
from arbiter_cli.pairing.team_round_robin import team_round, team_rounds
from arbiter_cli.trf.reader import TrfPlayer

__all__ = ["GeneratedEvent", "round_robin_event", "swiss_event", "generated_event", "generated_events", "trf_players",
           "default_boards"]

_BOARD_RESULTS = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS, GameResult.WHITE_FORFEIT_WIN,
                  GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT, GameResult.DOUBLE_LOSS)
_BOARD_WEIGHTS = (34, 30, 34, 3, 3, 2, 1)
_MATCH_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)
_DATES = ("2025-09-14", "2026-05-02")  # one event in each C.07 edition (2024 rules, 2026 rules)


@dataclass(frozen=True)
class GeneratedEvent:
    """A generated event: its id (the kind and the seed), the folder's model, and what the
    generator put in it (for the reports and the tests that need a case of each kind)."""

    id: str
    tournament: TeamTournament
    features: frozenset[str]

    @property
    def event(self) -> TeamEvent:
        """The event as the standings count it (the half rule applied)."""
        return counted_team_event(self.tournament)


# --------------------------------------------------------------------------- registration


def _roster(draw: random.Random, team: int, size: int, tolerance: int) -> list[RosterEntry]:
    """A team's list in rating order, unrated players last, a neighbour swapped within the
    tolerance now and then."""
    unrated = sum(draw.random() < 0.08 for _ in range(size))
    rated = sorted((draw.randint(1300, 2650) for _ in range(size - unrated)), reverse=True)
    index = 0
    while index < len(rated) - 1:  # swaps of neighbours that do not overlap keep every pair within it
        if rated[index] - rated[index + 1] <= tolerance and draw.random() < 0.5:
            rated[index], rated[index + 1] = rated[index + 1], rated[index]
            index += 1
        index += 1
    ratings = rated + [0] * unrated
    return [RosterEntry(f"Player {team}.{i}", rating, federation=draw.choice(["NOR", "POL", "TUR", None]))
            for i, rating in enumerate(ratings, start=1)]


def _registered(draw: random.Random, settings: Settings, team: TeamSettings, teams: int) -> TeamTournament:
    t = TeamTournament(settings, team=team)
    for number in range(1, teams + 1):
        t, _, _ = add_team(t, f"Team {number}", f"T{number}")
        size = team.boards + draw.choice([0, 0, 1, 1, 2, 3])
        t, _, _ = add_to_roster(t, str(number), _roster(draw, number, size, team.roster_tolerance))
    return t


def _team_settings(draw: random.Random, *, primary: str = "MP") -> TeamSettings:
    boards = draw.randint(2, 6)
    win, draw_points = draw.choice([(2, 1), (2, 1), (3, 1)])
    colours = "" if draw.random() < 0.7 else "".join(draw.choice("WB") for _ in range(boards))
    return TeamSettings.model_validate({
        "boards": boards, "match_win": win, "match_draw": draw_points, "primary": primary, "colours": colours,
        "pab": draw.choice(["draw", "draw", "win"]), "empty_boards": draw.choice([0, 1, 1, 2]),
        "empty_matches": draw.choice([1, 1, 2, 3]), "roster_tolerance": draw.choice([0, 0, 30, 50]),
        "numbering": draw.choice(["rating", "rating", "given"])})


# --------------------------------------------------------------------------- line-ups and results


def _line_up_choice(draw: random.Random, t: TeamTournament, team: int, round_number: int) -> list[str] | None:
    """A line-up other than the default one, or None: players left out for reserves, and the
    lowest board left empty when the event still allows it."""
    members = [p for p in t.members(team) if p.available_in(round_number)]
    boards = t.team.boards
    seated = min(boards, len(members))
    allowed = min(t.team.empty_boards, boards - 1)
    if allowed and empty_board_matches(t, team, round_number) < t.team.empty_matches and draw.random() < 0.3:
        seated = max(1, seated - draw.randint(1, allowed))
    if seated == min(boards, len(members)) and len(members) <= boards:
        return None
    chosen = sorted(draw.sample(range(len(members)), seated))  # the boards follow the roster's order
    return [str(members[i].start_number) for i in chosen]


def _line_ups_after_pairing(draw: random.Random, t: TeamTournament, round_number: int) -> TeamTournament:
    rnd = t.rounds[round_number - 1]
    for match in rnd.matches:
        if match.forfeit is not None:
            continue
        for team in match.teams:
            if draw.random() < 0.25 and (players := _line_up_choice(draw, t, team, round_number)):
                t, _ = set_line_up(t, round_number, str(team), players)
    return t


def _line_ups_before_pairing(draw: random.Random, t: TeamTournament, round_number: int) -> TeamTournament:
    free = None
    if t.rounds:  # team numbers are fixed: the Berger table says who is free (no line-up for it)
        free = team_round(len(t.teams), round_number, boards=t.team.boards,
                          double=t.settings.system.value == "double-round-robin").free
    for entry in t.teams:
        if entry.available_in(round_number) and draw.random() < 0.15 and (
                players := _line_up_choice(draw, t, entry.number, round_number)) and entry.number != free:
            t, _ = set_line_up(t, round_number, str(entry.number), players)
    return t


def _results(draw: random.Random, t: TeamTournament, round_number: int, match_forfeits: float) -> TeamTournament:
    rnd = t.rounds[round_number - 1]
    lines = []
    for match in rnd.matches:
        if match.forfeit is not None:
            continue
        if draw.random() < match_forfeits:
            lines.append(TeamResultLine(match.number, None, draw.choice(_MATCH_FORFEITS)))
            continue
        for game in match.boards:
            if game.first is not None and game.second is not None:
                result = draw.choices(_BOARD_RESULTS, _BOARD_WEIGHTS)[0]
                lines.append(TeamResultLine(match.number, game.board, result))
    if lines:
        t = enter_team_results(t, round_number, lines).tournament
    if lines and draw.random() < 0.15:
        t = _correction(draw, t, round_number)
    return t


def _correction(draw: random.Random, t: TeamTournament, round_number: int) -> TeamTournament:
    """A result of the round corrected: a board's, or a match forfeit's."""
    rnd = t.rounds[round_number - 1]
    places = [(m.number, None, m.forfeit) for m in rnd.matches if m.forfeit is not None] + [
        (m.number, g.board, g.result) for m in rnd.matches for g in m.counted_boards  # not under a forfeit
        if g.first is not None and g.second is not None]
    if not places:
        return t
    match, board, result = draw.choice(places)
    if board is None and not all(t.by_team[n].available_in(round_number) for n in rnd.matches[match - 1].teams):
        return t  # a withdrawn team's forfeit stands
    other = draw.choice([r for r in (_MATCH_FORFEITS if board is None else _BOARD_RESULTS) if r is not result])
    return enter_team_results(t, round_number, [TeamResultLine(match, board, other)], correct=True).tournament


# --------------------------------------------------------------------------- round robin


def round_robin_event(seed: int) -> GeneratedEvent:
    """A team round robin (single or double, odd or even teams), driven through the acts."""
    draw = random.Random(f"team-rr:{seed}")
    teams = draw.randint(3, 10)
    double = teams <= 6 and draw.random() < 0.4
    settings = Settings.model_validate({
        "name": f"Generated team round robin {seed}", "system": "double-round-robin" if double else "round-robin",
        "seed": seed, "start_date": draw.choice(_DATES),
        "round_robin_withdrawal": draw.choice(["half", "half", "forfeits"])})
    t = _registered(draw, settings, _team_settings(draw), teams)
    features = {"double" if double else "single", "odd" if teams % 2 else "even"}
    match_forfeits = draw.choice([0.0, 0.05, 0.12])
    withdraw_after = draw.randint(1, teams - 1) if draw.random() < 0.45 else None
    rounds = team_rounds(teams, double)
    played = rounds if draw.random() < 0.85 else draw.randint(1, rounds)
    if played < rounds:
        features.add("in progress")
    for round_number in range(1, played + 1):
        if round_number > 1:
            t = _line_ups_before_pairing(draw, t, round_number)
        t = pair_team_round(t).tournament
        t = _line_ups_after_pairing(draw, t, round_number)
        t = _results(draw, t, round_number, match_forfeits)
        if withdraw_after == round_number and round_number < played:
            team = draw.choice([e.number for e in t.teams])
            t, _ = withdraw_team(t, str(team), after_round=round_number)
            features.add("withdrawal")
    if played == rounds and draw.random() < 0.3:
        t, _ = finalise_team_event(t, "2026-06-30")
        features.add("finalised")
        if draw.random() < 0.5:  # a correction after finalising
            t = _correction(draw, t, draw.randint(1, t.last_round))
    return GeneratedEvent(f"rr-s{seed}", t, frozenset(features | _seen(t)))


# --------------------------------------------------------------------------- Swiss-like, with PABs


def _pairs(draw: random.Random, teams: Sequence[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """A perfect matching of ``teams`` (even) without a repeated meeting, found by backtracking
    over a random order."""
    if not teams:
        return []
    first, rest = teams[0], list(teams[1:])
    draw.shuffle(rest)
    for other in rest:
        if frozenset((first, other)) in met:
            continue
        found = _pairs(draw, [x for x in rest if x != other], met)
        if found is not None:
            return [(first, other), *found]
    return None


def default_boards(t: TeamTournament, first: int, second: int, round_number: int) -> tuple[BoardGame, ...]:
    """A match's boards with each team's first available players in roster order (the default
    line-up); a board without a player on a side is that side's forfeit."""
    def seated(team: int) -> list[int]:
        return [p.start_number for p in t.members(team) if p.available_in(round_number)][:t.team.boards]
    one, two = seated(first), seated(second)
    return tuple(BoardGame(b, one[b - 1] if b <= len(one) else None, two[b - 1] if b <= len(two) else None,
                           None if b <= min(len(one), len(two)) else GameResult.DOUBLE_FORFEIT if b > max(
                               len(one), len(two)) else GameResult.BLACK_FORFEIT_WIN if b > len(one)
                           else GameResult.WHITE_FORFEIT_WIN)
                 for b in range(1, t.team.boards + 1))


def _swiss_round(draw: random.Random, t: TeamTournament, round_number: int, met: set[frozenset[int]],
                 pabs: set[int]) -> TeamTournament | None:
    """The next round drawn (None when no pairing without a repeat is left)."""
    active = [e.number for e in t.teams if e.available_in(round_number)]
    byes: list[TeamBye] = []
    if draw.random() < 0.2:  # a team asks for a bye
        team = draw.choice(active)
        byes.append(TeamBye(team, draw.choice([ByeKind.HPB, ByeKind.HPB, ByeKind.ZPB])))
        active.remove(team)
    order = list(active)
    draw.shuffle(order)
    pab = None
    pairs = None
    for pab in sorted(order, key=lambda x: x in pabs) if len(order) % 2 else [None]:  # a PAB to a team without one first
        pairs = _pairs(draw, [x for x in order if x != pab], met)
        if pairs is not None:
            break
    if pairs is None:
        return None
    if pab is not None:
        byes.append(TeamBye(pab, ByeKind.PAB))
        pabs.add(pab)
    matches = []
    for index, (a, b) in enumerate(pairs, start=1):
        first, second = (a, b) if draw.random() < 0.5 else (b, a)
        met.add(frozenset((a, b)))
        matches.append(Match(index, first, second, default_boards(t, first, second, round_number)))
    rnd = MatchRound(round_number, tuple(matches), tuple(byes))
    return replace(t, rounds=(*t.rounds, rnd))


def swiss_event(seed: int) -> GeneratedEvent:
    """A Swiss-like team event with PABs (and requested byes), its pairings drawn here, the rest
    done by our acts."""
    draw = random.Random(f"team-swiss:{seed}")
    teams = draw.choice([5, 7, 7, 9, 11, 6, 8, 10])
    rounds = draw.randint(3, min(7, teams - 1))
    primary = draw.choice(["MP", "MP", "GP"])
    settings = Settings.model_validate({
        "name": f"Generated team Swiss {seed}", "system": "swiss", "rounds": rounds, "seed": seed,
        "start_date": draw.choice(_DATES)})
    t = _registered(draw, settings, _team_settings(draw, primary=primary), teams)
    t, _ = number_teams_for_play(t)
    t = replace(t, settings=t.settings.model_copy(update={"status": Status.RUNNING}))
    match_forfeits = draw.choice([0.0, 0.05, 0.1])
    withdraw_after = draw.randint(1, rounds - 1) if draw.random() < 0.3 else None
    met: set[frozenset[int]] = set()
    pabs: set[int] = set()
    features = {"swiss", f"primary {primary}"}
    for round_number in range(1, rounds + 1):
        paired = _swiss_round(draw, t, round_number, met, pabs)
        if paired is None:  # no pairing left without a repeat: the event had fewer rounds
            t = replace(t, settings=t.settings.model_copy(update={"rounds": round_number - 1}))
            break
        t = paired
        t = _line_ups_after_pairing(draw, t, round_number)
        t = _results(draw, t, round_number, match_forfeits)
        if withdraw_after == round_number:
            team = draw.choice([e.number for e in t.teams if e.available_in(round_number)])
            t, _ = withdraw_team(t, str(team), after_round=round_number)
            features.add("withdrawal")
    return GeneratedEvent(f"swiss-s{seed}", t, frozenset(features | _seen(t)))


# --------------------------------------------------------------------------- the mix


def _seen(t: TeamTournament) -> set[str]:
    """What the event holds, read back from its rounds."""
    seen = set()
    for entries in team_event(t).entries.values():
        for entry in entries:
            if entry.boards and not any(b.outcome.played for b in entry.boards):
                seen.add("match without a game")  # played (both teams came) or not
    for rnd in t.rounds:
        for bye in rnd.byes:
            seen.add(bye.kind.value)
        for match in rnd.matches:
            if match.forfeit is not None:
                seen.add("match forfeit")
            for side, team in enumerate(match.teams):
                seated = [p for p in ((g.first, g.second)[side] for g in match.boards) if p is not None]
                if seated != [p.start_number for p in t.members(team)][:len(seated)]:
                    seen.add("line-up")
            for game in match.boards:
                if None in (game.first, game.second):
                    seen.add("empty board")
                elif game.result is not None and game.result.is_forfeit:
                    seen.add("board forfeit")
    return seen


def generated_event(seed: int, index: int, swiss_share: float = 0.3) -> GeneratedEvent:
    """Event ``index`` of the mix of ``seed``: a round robin, or (``swiss_share`` of them) a
    Swiss-like event with PABs; each can be rebuilt alone."""
    event_seed = seed * 10_000 + index
    swiss = random.Random(f"team-events:{seed}:{index}").random() < swiss_share
    return swiss_event(event_seed) if swiss else round_robin_event(event_seed)


def generated_events(count: int, seed: int = 1, swiss_share: float = 0.3) -> list[GeneratedEvent]:
    """Events 0 to ``count`` - 1 of the mix of ``seed`` (:func:`generated_event`)."""
    return [generated_event(seed, index, swiss_share) for index in range(count)]


def trf_players(t: TeamTournament, event: TeamEvent) -> dict[int, TrfPlayer]:
    """The 001 players of the teams in ``event`` (a team the half rule removed takes its players)."""
    kept = {n for team in event.teams for n in team.players}
    return {p.start_number: _trf_player(p) for p in t.players if p.start_number in kept}


def _trf_player(player: Player) -> TrfPlayer:
    return TrfPlayer(tpn=player.start_number, name=player.name, rating=player.rating,
                     federation=player.federation or "", fide_id=str(player.fide_id) if player.fide_id else "")
