"""A team leaves, or the event ends (issue 15): withdrawals, the round robin's half rule,
finishing early, finalising, and the team standings as they count.

* :func:`withdraw_team`: the team withdraws after a round. Its later matches are forfeited by it
  (entered as match forfeits when their rounds are paired, and in rounds already paired).
* The **half rule** (setting ``round_robin_withdrawal = "half"``, as for players): a team that
  played fewer than half of its matches is removed from the standings and its matches count for
  nobody (its opponents have a free round there); a team that played at least half keeps its
  matches, and the rest count as forfeits (:func:`counted_team_event`).
* :func:`finalise_team_event` ends the event once every result is in; with ``after_round`` it
  finishes early (later rounds paired without a result are dropped).
* :func:`team_standings_of` ranks the teams of the folder by the primary score and the announced
  team tie-breaks (:mod:`.team_standings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Status
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.team import TeamEvent, half_rule_annulled
from arbiter_cli.core.team_tournament import Match, MatchRound, TeamEntry, TeamTournament, team_event
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.standings import settings_rules
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.team_registration import find_team
from arbiter_cli.lifecycle.team_standings import TeamStandings, compute_team_standings

__all__ = ["withdraw_team", "annulled_teams", "counted_team_event", "finalise_team_event", "team_rules",
           "team_standings_of", "missing_results"]


def _played(match: Match) -> bool:
    return match.forfeit is None and any(g.result is not None and g.result.played for g in match.boards)


def withdraw_team(tournament: TeamTournament, ref: str, after_round: int | None = None
                  ) -> tuple[TeamTournament, list[Change]]:
    """The team withdraws after ``after_round`` (default: the last paired round); its matches in
    later rounds already paired become match forfeits, and so will those paired later."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}")
    entry = find_team(tournament, ref)
    if entry.is_withdrawn:
        raise Refused(f"team {entry.number} ({entry.name}) already withdrew after round {entry.withdrawn_after}")
    if not tournament.rounds:
        raise Refused("round 1 is not paired yet: remove the team instead ('arbiter team remove TEAM')")
    last = tournament.last_round if after_round is None else after_round
    if not 0 <= last <= tournament.last_round:
        raise BadArgument(f"must be between 0 and {tournament.last_round} (the rounds paired so far)",
                          field="after_round")
    changes = [Change(f"team {entry.number} ({entry.name}) status", "active", f"withdrawn after round {last}")]
    rounds: list[MatchRound] = list(tournament.rounds)
    for index, rnd in enumerate(tournament.rounds[last:], start=last):
        match = rnd.match_of(entry.number)
        if match is None:
            continue
        if _played(match):
            raise Refused(f"team {entry.number} played match {match.number} of round {rnd.number}; a withdrawal "
                          f"after round {last} would contradict it")
        other_absent = ((GameResult.WHITE_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT) if match.first == entry.number
                        else (GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT))
        forfeit = (GameResult.DOUBLE_FORFEIT if match.forfeit in other_absent else
                   GameResult.BLACK_FORFEIT_WIN if match.first == entry.number else GameResult.WHITE_FORFEIT_WIN)
        if forfeit is match.forfeit:  # the match is forfeited so already: it stays, and nothing is journaled
            continue
        new = Match(match.number, match.first, match.second, (), forfeit)
        rounds[index] = replace(rnd, matches=tuple(new if m is match else m for m in rnd.matches))
        changes.append(Change(f"round {rnd.number} match {match.number} result",
                              "" if match.forfeit is None else match.forfeit.value, forfeit.value))
    teams = tuple(t.model_copy(update={"status": "withdrawn", "withdrawn_after": last}) if t is entry else t
                  for t in tournament.teams)
    lineups = tuple(r for r in tournament.lineups if r.team != entry.number)
    byes = tuple(b for b in tournament.byes if b.team != entry.number)
    changes += [Change(f"round {b.round} requested bye of team {entry.number} ({entry.name})", b.kind.value, "")
                for b in tournament.byes if b.team == entry.number]  # a withdrawn team is in no later round
    changes += [Change(f"round {r.round} line-up of team {r.team}", " ".join(map(str, r.players)), "")
                for r in tournament.lineups if r.team == entry.number]
    return replace(tournament, teams=teams, rounds=tuple(rounds), lineups=lineups, byes=byes), changes


def annulled_teams(tournament: TeamTournament) -> frozenset[int]:
    """The withdrawn teams of a round robin whose matches do not count (the half rule,
    :func:`~arbiter_cli.core.team.half_rule_annulled`)."""
    settings = tournament.settings
    if not settings.system.is_round_robin or settings.round_robin_withdrawal != "half":
        return frozenset()
    withdrawn = [t.number for t in tournament.teams if t.is_withdrawn]
    if not withdrawn:
        return frozenset()
    return half_rule_annulled(team_event(tournament), withdrawn, settings.system.value == "double-round-robin")


def annulled_counts(tournament: TeamTournament) -> list[tuple[TeamEntry, int, int]]:
    """Each team the half rule leaves out of the standings (:func:`annulled_teams`), with the matches
    it played over the board and the matches each team of the round robin has."""
    annulled = annulled_teams(tournament)
    if not annulled:
        return []
    event = team_event(tournament)
    scheduled = (len(event.teams) - 1) * (2 if tournament.settings.system.value == "double-round-robin" else 1)
    return [(team, sum(1 for e in event.entries.get(team.number, ()) if any(b.outcome.played for b in e.boards)),
             scheduled) for team in tournament.teams if team.number in annulled]


def counted_team_event(tournament: TeamTournament, after_round: int | None = None) -> TeamEvent:
    """The event as its standings count it: teams annulled by the half rule removed, and their
    opponents' matches against them free rounds (no points)."""
    return team_event(tournament, after_round).without(annulled_teams(tournament))


def team_rules(tournament: TeamTournament, rules: Rules | str | None = None) -> Rules:
    """The C.07 edition: as asked, else the settings', else by the start date."""
    return settings_rules(tournament.settings, rules)


def team_standings_of(tournament: TeamTournament, after_round: int | None = None, codes: Sequence[str] | None = None,
                      rules: Rules | str | None = None, *, counted: TeamEvent | None = None) -> TeamStandings:
    """The team standings after ``after_round`` (default: every round paired); ``counted`` is its
    :func:`counted_team_event`, when the caller has it already."""
    if after_round is not None and not 0 <= after_round <= tournament.last_round:
        raise BadArgument(f"must be between 0 and {tournament.last_round} (the rounds paired)", field="after_round")
    event = counted if counted is not None else counted_team_event(tournament, after_round)
    chosen = tuple(codes) if codes is not None else tournament.team.effective_tiebreaks
    seed = tournament.settings.seed if tournament.settings.tiebreak_lots else None
    return compute_team_standings(event, chosen, team_rules(tournament, rules), seed)


def missing_results(tournament: TeamTournament, last: int | None = None) -> list[str]:
    """What is still missing before the event can be finalised after round ``last``."""
    rounds = tournament.settings.rounds or 0
    end = rounds if last is None else last
    missing = []
    if tournament.last_round < end:
        missing.append(f"rounds {tournament.last_round + 1} to {end} are not paired" if end > tournament.last_round + 1
                       else f"round {end} is not paired")
    for rnd in tournament.rounds[:end]:
        boards = rnd.missing
        if boards:
            missing.append(f"round {rnd.number}: no result on board{'s' if len(boards) > 1 else ''} {listed(boards)}")
    return missing


def finalise_team_event(tournament: TeamTournament, when: str, after_round: int | None = None,
                        confirmed: bool = False) -> tuple[TeamTournament, list[Change]]:
    """Finalise the event (every result in); ``after_round`` finishes it early after that round,
    only ``confirmed`` (the refusal lists what it would do), as for an individual event."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was already finalised on {tournament.settings.finalised_on}")
    if not tournament.rounds:
        raise Refused("no round is paired yet")
    start = tournament.settings.start_date
    if start and when < start:
        raise BadArgument(f"{when} is before the event's start date {start}", field="date")
    last = after_round if after_round is not None else tournament.settings.rounds or tournament.last_round
    if after_round is not None and not 1 <= after_round <= tournament.last_round:
        raise BadArgument(f"must be between 1 and {tournament.last_round} (the rounds paired)", field="after_round")
    missing = missing_results(tournament, last)
    if missing:
        raise Refused("the event cannot be finalised yet: " + "; ".join(missing))
    dropped = tournament.rounds[last:]
    for rnd in dropped:  # the forfeits a withdrawn team's matches get are no results (as for unpair)
        if any((m.forfeit is not None and all(tournament.by_team[t].available_in(rnd.number) for t in m.teams))
               or any(g.result is not None and None not in (g.first, g.second) for g in m.boards)
               for m in rnd.matches):
            raise Refused(f"round {rnd.number} has results; finish after round {rnd.number} or later")
    changes = [Change(f"round {rnd.number}", "paired", "dropped: the event finished early") for rnd in dropped]
    # What was asked for the rounds that will not be played goes too, told first and journaled
    # (issue 25: finishing early dropped them without a word), as an individual event's byes.
    byes = sorted((b for b in tournament.byes if b.round > last), key=lambda b: (b.round, b.team))
    lineups = sorted((r for r in tournament.lineups if r.round > last), key=lambda r: (r.round, r.team))
    told = [f"the requested {b.kind.value} of team {b.team} ({tournament.by_team[b.team].name}) in round {b.round} "
            "will be dropped" for b in byes]
    told += [f"the line-up of team {r.team} ({tournament.by_team[r.team].name}) for round {r.round} will be dropped"
             for r in lineups]
    changes += [Change(f"round {b.round} requested bye of team {b.team} ({tournament.by_team[b.team].name})",
                       b.kind.value, "") for b in byes]
    changes += [Change(f"round {r.round} line-up of team {r.team}", " ".join(map(str, r.players)), "")
                for r in lineups]
    # A withdrawal after the last round kept means nothing once the event ends there: cancelled, as a
    # player's is (lifecycle.finish), told and journaled.
    cancelled = [t for t in tournament.teams if after_round is not None and t.withdrawn_after is not None
                 and t.withdrawn_after >= last]
    told += [f"the withdrawal of team {t.number} ({t.name}) after round {t.withdrawn_after} will be cancelled"
             for t in cancelled]
    changes += [Change(f"team {t.number} ({t.name}) status", f"withdrawn after round {t.withdrawn_after}", "active")
                for t in cancelled]
    if after_round is not None and not confirmed:
        told = [f"the event has {last} of {tournament.settings.rounds} rounds"] + [
            f"round {rnd.number} (paired, no result) is dropped" for rnd in dropped] + told
        raise Refused(f"nothing was changed; give --yes to finish the event after round {last}",
                      details=[f"finish after round {last}: {line}" for line in told])
    settings = tournament.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": when,
                                                      "rounds": last})
    if last != tournament.settings.rounds:
        changes.append(Change("rounds", str(tournament.settings.rounds), f"{last} (finished early)"))
    changes.append(Change("status", tournament.settings.status.value, f"finalised on {when}"))
    teams = tuple(t.model_copy(update={"status": "active", "withdrawn_after": None}) if t in cancelled else t
                  for t in tournament.teams)
    return replace(tournament, settings=settings, teams=teams, rounds=tournament.rounds[:last], lineups=(),
                   byes=()), changes
