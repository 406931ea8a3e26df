"""Explaining a Dutch pairing, bracket by bracket (C.04.1 Art. 9: the pairing must be explainable).

For each bracket: who came down into it (MDPs), who moved down out of it and
why, which quality criteria (C12-C21) could not be fully met and how often,
and for each board the colour rule (5.2.1-5.2.5) that decided.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.pairing.dutch.engine import BracketReport, DutchResult
from arbiter_cli.pairing.dutch.state import PairingRequest, PlayerState, Strength, derive_states
from arbiter_cli.core.points import format_points

__all__ = ["explain"]


def _compatible(a: PlayerState, b: PlayerState, last_round: bool, threshold: Fraction) -> bool:
    if b.tpn in a.opponents:
        return False
    (pa, sa), (pb, sb) = a.preference, b.preference
    if sa == sb == Strength.ABSOLUTE and pa == pb:
        return last_round and (a.score > threshold or b.score > threshold)
    return True


def explain(request: PairingRequest, result: DutchResult) -> list[str]:
    """Readable lines, one block per bracket."""
    states = derive_states(request)
    rounds = request.round_number - 1
    last_round = rounds >= request.total_rounds - 1
    threshold = rounds * request.win / 2
    colour_of: dict[int, str] = {}
    for white, black in result.pairs:
        colour_of[white], colour_of[black] = "w", "b"
    lines: list[str] = [f"Round {request.round_number}: Dutch system (C.04.3, 2026 rules)"]
    for number, bracket in enumerate(result.brackets, start=1):
        size = len(bracket.mdps) + len(bracket.residents)
        head = f"Bracket {number}: score {format_points(bracket.score)}, {len(bracket.residents)} residents"
        if bracket.mdps:
            head += f", MDPs {', '.join(map(str, bracket.mdps))}"
        lines.append(head + f"; {len(bracket.pairs)} board{'' if len(bracket.pairs) == 1 else 's'}")
        for tpn in bracket.downfloaters:
            if tpn == result.bye and number == len(result.brackets):
                reason = "gets the PAB (C5: the lowest score possible; C2 eligible; C9 fewest unplayed games)"
            elif tpn in bracket.mdps and not any(
                    _compatible(states[tpn], states[r], last_round, threshold) for r in bracket.residents):
                reason = "no compatible resident (C1: already met, or C3: same absolute colour preference)"
            elif size % 2 and len(bracket.downfloaters) == 1:
                reason = "odd number of players in the bracket"
            else:
                reason = "needed for completion (C4) or for more and higher pairs here and below (C6-C8)"
            lines.append(f"  moves down: {tpn} ({format_points(states[tpn].score)}): {reason}")
        misses = _quality(bracket, states, colour_of, rounds)
        lines.append("  criteria not fully met: " + (", ".join(misses) if misses else "none of C12-C21"))
        boards = []
        for white, black in result.pairs:
            if (min(white, black), max(white, black)) in {(min(a, b), max(a, b)) for a, b in bracket.pairs}:
                boards.append(f"{white}-{black} {result.colour_rules.get((white, black), '')}".strip())
        if boards:
            lines.append("  colours: " + "; ".join(boards))
    return lines


def _quality(bracket: BracketReport, states: dict[int, PlayerState], colour_of: dict[int, str], rounds: int
             ) -> list[str]:
    players = [p for pair in bracket.pairs for p in pair]
    not_granted = [p for p in players if states[p].preference[0] and colour_of.get(p) != states[p].preference[0]]
    strong = [p for p in not_granted if states[p].preference[1] >= Strength.STRONG]
    counts = [("C12 colour preference not granted", len(not_granted)),
              ("C13 strong or absolute preference not granted", len(strong))]
    mdps = set(bracket.mdps)
    resident_floaters = [p for p in bracket.downfloaters if p not in mdps]
    mdp_opponents = [b if a in mdps else a for a, b in bracket.pairs if (a in mdps) != (b in mdps)]
    for back, down_code, up_code in ((1, "C14", "C15"), (2, "C16", "C17")):
        if rounds >= back:
            down = sum(1 for p in resident_floaters if states[p].floats[rounds - back] == "down")
            up = sum(1 for p in mdp_opponents if states[p].floats[rounds - back] == "up")
            when = "last round" if back == 1 else "two rounds ago"
            counts.append((f"{down_code} downfloaters who also floated down {when}", down))
            counts.append((f"{up_code} MDP opponents who floated up {when}", up))
    lines = [f"{name}: {count}" for name, count in counts if count]
    # C18-C21: the same floats, weighed by the score differences of the MDP pairs (largest first).
    mdp_pairs = [(a, b) if a in mdps else (b, a) for a, b in bracket.pairs if (a in mdps) != (b in mdps)]
    for back, down_code, up_code in ((1, "C18", "C19"), (2, "C20", "C21")):
        if rounds < back:
            continue
        when = "last round" if back == 1 else "two rounds ago"
        for code, who, floated, direction in ((down_code, "MDPs", 0, "down"), (up_code, "MDP opponents", 1, "up")):
            differences = sorted((states[m].score - states[o].score for m, o in mdp_pairs
                                  if states[(m, o)[floated]].floats[rounds - back] == direction), reverse=True)
            if differences:
                shown = ", ".join(format_points(d) for d in differences)
                lines.append(f"{code} {who} paired here who floated {direction} {when}: {len(differences)} "
                             f"(score differences {shown})")
    return lines
