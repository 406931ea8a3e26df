"""What a team file says of its standings: the teams that withdrew, and the 310 columns (issue 25).

TRF-2026 has no withdrawal record. A team's withdrawal is carried by the record it has for a
known absence, a zero-point bye (240 Z), in every round after it (:func:`withdrawn_teams`).
The 310 record's MP and GP are the standings' own (TRF-2026 310, cols 55-60 and 62-67): in a
round robin whose withdrawn team played fewer than half of its matches, they say whether its
matches count for nobody (the half rule) or count (:func:`counted_as_declared`).

Used by the team codec (:mod:`.team`) once it has read the file's event. Pure.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from arbiter_cli.core.points import format_points
from arbiter_cli.core.team import TeamEvent, TeamOutcome, TeamRoundEntry, match_outcome
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError

__all__ = ["Declared", "absent", "withdrawn_teams", "counted_as_declared"]

WithdrawalRule = Literal["half", "forfeits"]


@dataclass(frozen=True)
class Declared:
    """The 310 records: each team's MP and GP (None: blank), the teams with a rank, and each line."""

    points: Mapping[int, tuple[Fraction | None, Fraction | None]]
    ranked: Collection[int]
    lines: Mapping[int, int]


def absent(entry: TeamRoundEntry) -> bool:
    """Whether a team was not there in a paired round: a zero-point bye (absent, or a 240 Z on its
    free round), or a match forfeit (330) it lost."""
    return entry.outcome is TeamOutcome.ZPB or (entry.outcome is TeamOutcome.FORFEIT_LOSS and not entry.boards)


def withdrawn_teams(event: TeamEvent, zero: Collection[tuple[int, int]], total: int) -> dict[int, tuple[int, int]]:
    """The teams that withdrew (team -> (its last round present, its first 240 Z)), from ``zero``,
    the (round, team) of the file's zero-point byes (240 Z), in an event of ``total`` rounds.

    A team with a 240 Z in each round from some round to the last of the event, paired or not,
    left the event. The export writes one in every round after the withdrawal (in a paired round
    beside the match forfeit (330) the team lost, or on its free round): the team withdrew after
    the round before its first 240 Z. A file that marks only the rounds still to play (as the
    export did before) has the team withdrawn after its last round present: the paired rounds
    before them in which it was absent (:func:`absent`) are taken as after its withdrawal. A team
    without a 240 Z in one of the rounds still to play did not withdraw: its 240 records are
    requested byes. In a team Swiss a zero-point bye in the last round alone reads as a withdrawal
    after the round before: the standings are the same (C.07 16.2.5 treats both alike).

    A round robin holds no requested byes: there a run of 240 Z to the last round is the withdrawal
    even when it begins after a round still to play (a team withdrawn after a round that was then
    unpaired: the export writes its 240 Z from the round after its withdrawal)."""
    last = event.rounds
    out: dict[int, tuple[int, int]] = {}
    for team in event.teams:
        first = total + 1
        while first > 1 and (first - 1, team.number) in zero:
            first -= 1
        if first > total or (first > last + 1 and not event.round_robin):
            continue
        after = first - 1
        if first == last + 1:
            while after and absent(event.entries[team.number][after - 1]):
                after -= 1
        out[team.number] = (after, first)
    return out


def counted_as_declared(event: TeamEvent, half: frozenset[int], declared: Declared, notes: Notes
                        ) -> tuple[frozenset[int], WithdrawalRule]:
    """The 310 MP and GP columns against the results: they match, or the file is refused on that line.
    A round still being played may be counted as it stands (the MP of each unfinished match from the
    game points entered so far), as programs print standings in the middle of a round.

    ``half``: the withdrawn teams of a round robin that the half rule leaves out of the standings
    (:func:`~arbiter_cli.core.team.half_rule_annulled`: their matches count for nobody; their own
    310 columns sum their matches, with no rank, as the export writes them). The columns say which
    rule the file's standings follow: the half rule when they match the event counted so (the
    default when both readings match, unless a team left out has a rank), else every match counted
    (``round_robin_withdrawal = "forfeits"``). Returns the teams the file's standings leave out,
    and the rule."""
    rule: WithdrawalRule = "half"
    found, standing = _mismatch(event, event.without(half), half, declared)
    if half and (found is not None or set(half) & set(declared.ranked)):
        counted, also = _mismatch(event, event, frozenset(), declared)
        if counted is None:
            names = ", ".join(f"{n} ({event.team(n).name})" for n in sorted(half))
            notes.add("310-forfeits", f"line {declared.lines[min(half)]}: the 310 columns count the matches of "
                                      f"team {names}, which withdrew having played fewer than half of its matches: "
                                      "read as an event that counts them (round_robin_withdrawal = \"forfeits\"), "
                                      "not by the half rule")
            found, standing, half, rule = None, also, frozenset(), "forfeits"
    if found is not None:
        raise found
    for line in standing:
        notes.add("310-standing", f"line {line}: the 310 match points count the unfinished matches as they stand")
    return half, rule


def _mismatch(event: TeamEvent, counted: TeamEvent, left_out: frozenset[int], declared: Declared
              ) -> tuple[TrfError | None, list[int]]:
    """The first team whose 310 MP or GP differ from ``counted`` (a team ``left_out`` of it: from
    ``event``), as the error to raise (None when none does), and the lines of the teams whose MP
    count their unfinished matches as they stand."""
    standing: list[int] = []
    for team in event.teams:
        mp, gp = declared.points.get(team.number, (None, None))
        if mp is None and gp is None:
            continue
        scored = event if team.number in left_out else counted
        got_mp, got_gp = scored.total(team.number, "MP"), scored.total(team.number, "GP")
        standing_mp = got_mp
        for entry in scored.entries[team.number]:
            if entry.outcome is TeamOutcome.PENDING and entry.opponent is not None:
                theirs = next(e for e in scored.entries[entry.opponent] if e.round == entry.round)
                standing_mp += match_outcome(entry.game_points, theirs.game_points, event.scoring)[1]
        line = declared.lines[team.number]
        if mp is not None and mp not in (got_mp, standing_mp):
            return TrfError(f"team {team.number} ({team.name}) has {format_points(mp, ascii=True)} match points "
                            f"in the file, but its matches give {format_points(got_mp, ascii=True)}", line,
                            "310 match points"), standing
        if gp is not None and gp != got_gp:
            return TrfError(f"team {team.number} ({team.name}) has {format_points(gp, ascii=True)} game points "
                            f"in the file, but its boards give {format_points(got_gp, ascii=True)}", line,
                            "310 game points"), standing
        if mp is not None and mp != got_mp:
            standing.append(line)
    return None, standing
