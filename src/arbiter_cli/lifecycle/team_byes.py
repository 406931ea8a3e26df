"""A team's requested bye in a team Swiss (C.04.6 with C.04.2 3.3; TRF 240): the team does not
play a round not yet paired, and scores a drawn match (``HPB``) or nothing (``ZPB``)."""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Status
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.team_tournament import TeamByeRequest, TeamTournament
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.team_registration import find_team

__all__ = ["request_team_bye", "cancel_team_bye"]


def request_team_bye(tournament: TeamTournament, ref: str, round_number: int, kind: ByeKind
                     ) -> tuple[TeamTournament, list[Change]]:
    """The team asks not to be paired in ``round_number`` (a team Swiss, a round not yet paired); a
    line-up given for that round goes. The same request again changes nothing (no change is returned)."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}")
    if tournament.settings.system.is_round_robin:
        raise Refused("a round robin's rounds come from the Berger tables: a team that does not play forfeits")
    if kind not in (ByeKind.HPB, ByeKind.ZPB):
        raise BadArgument("a requested bye scores a drawn match (HPB) or nothing (ZPB)", field="kind")
    entry = find_team(tournament, ref)
    total = tournament.settings.rounds or 0
    if not tournament.last_round < round_number <= total:
        left = ("every round is paired" if tournament.last_round >= total else
                f"round {total}" if tournament.last_round + 1 == total else f"rounds {tournament.last_round + 1} to {total}")
        raise BadArgument(f"round {round_number} is not a round still to be paired ({left})", field="round_number")
    if not entry.available_in(round_number):
        raise Refused(f"team {entry.number} ({entry.name}) withdrew after round {entry.withdrawn_after}")
    old = next((b for b in tournament.byes if (b.round, b.team) == (round_number, entry.number)), None)
    if old is not None and old.kind is kind:  # asked again: nothing changes, nothing is journalled
        return tournament, []
    kept = tuple(b for b in tournament.byes if b is not old)
    after = replace(tournament, byes=(*kept, TeamByeRequest(round_number, entry.number, kind)),
                    lineups=tuple(r for r in tournament.lineups if (r.round, r.team) != (round_number, entry.number)))
    changes = [Change(f"round {round_number} requested bye of team {entry.number} ({entry.name})",
                      "" if old is None else old.kind.value, kind.value)]
    changes += [Change(f"round {round_number} line-up of team {entry.number}", " ".join(map(str, r.players)),
                       "") for r in tournament.lineups if (r.round, r.team) == (round_number, entry.number)]
    return after, changes


def cancel_team_bye(tournament: TeamTournament, ref: str, round_number: int) -> tuple[TeamTournament, list[Change]]:
    """The team's request for ``round_number`` withdrawn, while that round is not paired (issue 25: a
    paired round was refused as if the team had asked nothing)."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}")
    entry = find_team(tournament, ref)
    rnd = tournament.round(round_number)
    if rnd is not None:
        had = next((b.kind.value for b in rnd.byes if b.team == entry.number), None)
        raise Refused(f"round {round_number} is already paired"
                      + (f" (team {entry.number} ({entry.name}) has its {had} there)" if had else "")
                      + ": a requested bye is cancelled only for a round not yet paired ('arbiter unpair' takes back "
                      "the last round while it has no results)")
    old = next((b for b in tournament.byes if (b.round, b.team) == (round_number, entry.number)), None)
    if old is None:
        raise Refused(f"team {entry.number} ({entry.name}) has no requested bye in round {round_number}")
    after = replace(tournament, byes=tuple(b for b in tournament.byes if b is not old))
    return after, [Change(f"round {round_number} requested bye of team {entry.number} ({entry.name})",
                          old.kind.value, "")]
