"""Explaining a team Swiss pairing, bracket by bracket (C.04.1 Art. 9: the pairing must be explainable).

For the PAB: who received it and why (3.4). For each bracket: its top scoregroup, the set of
upfloaters chosen and why the sets before it failed (C3, C6, C7), whether C6 is met and the C7
count, the values of C8, C9 and C10 reached; for each match the colour rule of 4.3 that decided.
"""

from __future__ import annotations

from arbiter_cli.core.points import format_points
from arbiter_cli.pairing.team_swiss.engine import TeamPairing
from arbiter_cli.pairing.team_swiss.preferences import ColourModel, Preference
from arbiter_cli.pairing.team_swiss.state import TeamSwissRequest

__all__ = ["explain_team_round"]

_MODEL = {ColourModel.TYPE_A: "Type A colour preferences", ColourModel.TYPE_B: "Type B colour preferences",
          ColourModel.NONE: "no colour preferences"}


def _preference(preference: Preference, model: ColourModel) -> str:
    """1.7: Type A knows one strength ("simple"), Type B two (strong, mild)."""
    if preference.colour is None or model is not ColourModel.TYPE_A:
        return str(preference)
    return f"simple {'White' if preference.colour == 'w' else 'Black'}"


def _teams(numbers: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(n) for n in numbers) if numbers else "none"


def explain_team_round(request: TeamSwissRequest, pairing: TeamPairing) -> list[str]:
    """Readable lines, one block per bracket."""
    states = pairing.states
    model = request.colour_model
    lines = [f"Round {request.round_number} of {request.total_rounds}: Swiss Team Pairing System (C.04.6, 2026), "
             f"{request.primary} primary, {_MODEL[request.colour_model]}"
             + ("; C7 and C10 do not apply in the last two rounds" if request.last_two_rounds else "")]
    if pairing.bye is not None:
        team = states[pairing.bye]
        lines.append(f"PAB: team {team.tpn} (3.4: the lowest score that leaves a legal pairing, "
                     f"{format_points(team.score)}; {team.played} matches played; then the largest TPN)")
    colour = {m.white: m for m in pairing.matches}
    for number, bracket in enumerate(pairing.brackets, start=1):
        lines.append(f"Bracket {number}: score {format_points(bracket.score)}, top scoregroup "
                     f"{_teams(bracket.residents)}; upfloaters {_teams(bracket.upfloaters)}")
        for rejected in bracket.rejected:
            lines.append(f"  set {{{_teams(rejected.upfloaters)}}} not taken: {rejected.reason}")
        if bracket.rejected_count > len(bracket.rejected):
            lines.append(f"  ... and {bracket.rejected_count - len(bracket.rejected)} more sets not taken")
        criteria = f"C6 {'met' if bracket.c6 else 'not met'}, C7 {bracket.c7}"
        result = bracket.pairing
        lines.append(f"  {criteria}; C8 {result.c8}, C9 {result.c9}, C10 {result.c10}")
        for top, bottom in result.pairs:
            match = colour.get(top) or colour[bottom]
            white, black = states[match.white], states[match.black]
            lines.append(f"  {match.white} - {match.black}: colours by {match.rule} "
                         f"(preferences {_preference(white.preference, model)} / {_preference(black.preference, model)}, "
                         f"CD {white.colour_difference:+d} / {black.colour_difference:+d})")
    return lines
