"""A knockout's standings (issue 18): the players by the round they reached, then by rating.

Players knocked out in the same round share the places of that round (the losers of the
quarter-finals share 5-8); the winner of the final is first, its loser second. A player still in
a match of the last paired round has reached it.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_cli.core.knockout import KnockoutTournament, round_name
from arbiter_cli.core.model import Player
from arbiter_cli.lifecycle.knockout import champion, decision

__all__ = ["KnockoutRow", "knockout_standings"]


@dataclass(frozen=True)
class KnockoutRow:
    """A player's line: the place (``rank`` to ``rank_to`` when shared), the round reached, and
    what became of them there (``winner``, ``out``, ``in`` the match, ``through`` to the next round,
    ``withdrawn``: out by their withdrawal, who takes no prize place)."""

    rank: int
    rank_to: int
    player: Player
    reached: int  # the last round the player was in (0: none paired yet)
    reached_name: str
    state: str


def knockout_standings(tournament: KnockoutTournament) -> list[KnockoutRow]:
    total = tournament.total_rounds
    reached = {p.start_number: 0 for p in tournament.players}
    state = {p.start_number: "registered" for p in tournament.players}
    for rnd in tournament.rounds:
        for match in rnd.matches:
            result = decision(tournament, match)
            for number in match.players:
                reached[number] = rnd.number
                state[number] = ("in" if not result.decided else "through" if result.winner == number else "out")
    winner = champion(tournament)
    going_on = {p.start_number for p in tournament.players if not p.is_withdrawn}  # a withdrawal goes no further
    key = {n: (2 * total + 2 if n == winner else r * 2 + (state[n] in ("in", "through") and n in going_on))
           for n, r in reached.items()}
    ordered = sorted(tournament.players, key=lambda p: (-key[p.start_number], -p.rating, p.start_number))
    rows: list[KnockoutRow] = []
    position = 0
    while position < len(ordered):
        group = [p for p in ordered[position:] if key[p.start_number] == key[ordered[position].start_number]]
        for player in group:
            number = player.start_number
            name = "winner" if number == winner else round_name(reached[number], total) if reached[number] else "-"
            now = "winner" if number == winner else state[number]
            if player.is_withdrawn and now != "winner":  # as the index names them (through or out); no prize place
                now = "withdrawn"
            rows.append(KnockoutRow(position + 1, position + len(group), player, reached[number], name, now))
        position += len(group)
    return rows
