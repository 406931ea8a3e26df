"""A knockout's prize list (issue 18, "Prizes"): the prizes of ``prizes.toml`` by the knockout's
standings.

A knockout ranks its players by the round they reached, then by rating
(:func:`~arbiter_cli.lifecycle.knockout_standings.knockout_standings`): the losers of one round
share its places (the two losing semi-finalists places 3-4, the quarter-finalists 5-8). Those
shared places are the ties the regulations speak of: "players who share places share the money
of those places equally", by the file's ``split`` (``tiebreak``: by the rating order of the
standings). Every other rule is the individual prize list's
(:func:`~arbiter_cli.lifecycle.prizes.ranked_prize_list`): one prize each, the largest;
categories; a player who withdrew loses any prize, and the next one moves up.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.lifecycle.knockout_standings import knockout_standings
from arbiter_cli.lifecycle.prizes import PrizeList, ranked_prize_list

__all__ = ["knockout_prize_list"]


def knockout_prize_list(tournament: KnockoutTournament, table: PrizeTable) -> PrizeList:
    """The prizes by the knockout's standings: players sharing a place (the losers of one round)
    share its money; the withdrawn are left out."""
    return ranked_prize_list([(row.player, Fraction(-row.rank)) for row in knockout_standings(tournament)
                              if not row.player.is_withdrawn], table, "rating order")
