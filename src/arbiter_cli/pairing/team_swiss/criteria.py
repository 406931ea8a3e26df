"""The pairing criteria of the Swiss Team Pairing System (C.04.6 Art. 2), by their codes.

* Absolute (2.1): **C1** two teams meet at most once (a forfeited match is no meeting,
  C.04.2 3.5); **C2** no PAB to a team that already had one, won a match by forfeit or had a
  full-point bye (:mod:`.bye`).
* Completion (2.2): **C3** the teams not yet paired can all be paired (C1 and C2 kept).
* Quality (2.3), in descending priority: **C4** minimise the upfloaters and **C5** maximise their
  scores (:mod:`.upfloaters` enumerates the sets in that order); **C6** the next scoregroup stays
  pairable with the fewest upfloaters its size allows; **C7** minimise the upfloaters who were
  floaters in the previous round; **C8** minimise the unfulfilled colour preferences; **C9** (Type B)
  minimise the unfulfilled strong preferences; **C10** minimise the upfloaters' opponents who were
  floaters in the previous round. C7 and C10 do not apply in the last two rounds.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from arbiter_cli.pairing.dutch.completion import maximum_matching, pairs_greedily
from arbiter_cli.pairing.team_swiss.state import TeamState

__all__ = ["C1", "C3", "C6", "C7", "C8", "C9", "C10"]


def C1(a: TeamState, b: TeamState) -> bool:
    """2.1.1: the two teams have not met (over the board) before."""
    return b.tpn not in a.met and a.tpn not in b.met


def C3(teams: Sequence[int], apart: Mapping[int, set[int]]) -> bool:
    """2.2.1: ``teams`` can all be paired with one another under C1 (an even number of them, and a
    perfect matching of the graph of the pairs C1 allows). ``apart``: each team's opponents met."""
    if len(teams) % 2:
        return False
    if not teams:
        return True
    if pairs_greedily(teams, apart.__getitem__):
        return True
    index = {t: i for i, t in enumerate(teams)}
    adjacency = [[index[u] for u in teams if u != t and u not in apart[t] and t not in apart[u]] for t in teams]
    return all(m != -1 for m in maximum_matching(adjacency))


def C6(following: Sequence[int], lower: Sequence[int], rest: Collection[int],
       apart: Mapping[int, set[int]]) -> bool:
    """2.3.3: unless the following scoregroup is now empty, the set of upfloaters leaves it pairable
    (C1, C3) with the fewest upfloaters (C4) its size allows: none when what is left of it is even,
    one (from any lower scoregroup) when it is odd, and the rest of the field still pairable.

    ``following``: what is left of the next scoregroup down; ``lower``: the teams left below it;
    ``rest``: every team left after this bracket."""
    if not following:
        return True
    candidates: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in lower]
    for upfloaters in candidates:
        bracket = [*following, *upfloaters]
        if not C3(bracket, apart):
            continue
        taken = set(bracket)
        if C3([t for t in rest if t not in taken], apart):
            return True
    return False


def C7(upfloaters: Sequence[int], states: Mapping[int, TeamState], last_two_rounds: bool) -> int:
    """2.3.4: the upfloaters who were floaters in the previous round (0 in the last two rounds)."""
    if last_two_rounds:
        return 0
    return sum(1 for t in upfloaters if states[t].floated)


def C8(a: TeamState, b: TeamState) -> int:
    """2.3.5: a pair of teams preferring the same colour leaves one preference unfulfilled,
    whatever Art. 4 then does."""
    return 1 if a.preference.colour is not None and a.preference.colour == b.preference.colour else 0


def C9(a: TeamState, b: TeamState) -> int:
    """2.3.6 (Type B): the unfulfilled preference is a strong one when both are strong (4.3.4 grants
    a strong preference against a mild one). Type A preferences count only under C8: the caller
    asks C9 only under Type B."""
    return 1 if C8(a, b) and a.preference.strong and b.preference.strong else 0


def C10(a: TeamState, b: TeamState, upfloaters: Collection[int], last_two_rounds: bool) -> int:
    """2.3.7: each upfloater of the pair whose opponent was a floater in the previous round (both
    teams of a pair may be upfloaters; 0 in the last two rounds)."""
    if last_two_rounds:
        return 0
    return ((1 if a.tpn in upfloaters and b.floated else 0)
            + (1 if b.tpn in upfloaters and a.floated else 0))
