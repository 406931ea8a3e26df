"""A player's K on the FIDE list of the event's rate of play (B.02 8.3.3), set by the arbiter.

K comes from the rating list (FIDE publishes it with each player's rating) or from the
arbiter; it decides nothing of the event (no pairing, no standing), only the rating change
the rating report shows (:mod:`arbiter_cli.ratings.fide`), so it may be set or cleared at any
time, after finalising too. A club tournament is rated by its club, by the club's own K
(:func:`arbiter_cli.ratings.elo.k_factor`), so its players take none.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.guards import find_player
from arbiter_cli.lifecycle.registration import player_from

__all__ = ["set_k_factor", "club_rated"]


def club_rated(club_name: str | None, what: str) -> None:
    """Refuse ``what`` (a FIDE rating change, a K) in a tournament of the club ``club_name``: the club
    rates it, by its own K, and shows its changes with 'arbiter ratings changes'."""
    if club_name is not None:
        raise Refused(f"this is a tournament of the club {club_name}, rated by the club's own K (B.02 as the club "
                      f"applies it): {what} is for FIDE-rated events; see 'arbiter ratings changes'")


def set_k_factor(tournament: Tournament, start_number: int, k: int | None) -> tuple[Tournament, Player, list[Change]]:
    """The act of ``player set-k``: the player's K (None: not known, the report's default then).
    Setting the K the player already has is refused, so that every change is a real one."""
    player = find_player(tournament, start_number)
    if k == player.k_factor:
        raise Refused(f"{player.name} already has {'no K' if k is None else f'K {k}'}")
    changed = player_from({**player.model_dump(exclude={"start_number"}), "k_factor": k}, start_number)
    players = tuple(changed if p.start_number == start_number else p for p in tournament.players)
    change = Change(f"player {named(start_number, player.name)} K", "" if player.k_factor is None
                    else str(player.k_factor), "" if k is None else str(k))
    return replace(tournament, players=players), changed, [change]
