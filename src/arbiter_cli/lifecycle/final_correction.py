"""A correction to a finalised event: what its prize list journals (C.04.2 4.3).

A result corrected after the event was finalised counts (for the standings, and for rating), so
the final standings are stored again (:mod:`arbiter_cli.lifecycle.results` journals the moves in
the standings). When the folder has a prize fund, each player (or team) whose prize or amount the
correction changes is journaled too, old -> new, so that the prize money paid can be put right. A
prize list stored in ``final/`` that no ``prizes.toml`` gives any more goes, with its own line
(:func:`prize_list_removed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from arbiter_cli.core.model import Tournament
from arbiter_cli.lifecycle.change import Change

if TYPE_CHECKING:  # a team event's model, loaded by team events only; the prize fund's, by a fund's reader
    from arbiter_cli.core.prizes import PrizeTable
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.team_tournament import TeamTournament

__all__ = ["prize_corrections", "team_prize_corrections", "knockout_prize_corrections", "prize_list_removed"]


def prize_corrections(before: Tournament, after: Tournament, table: PrizeTable | None) -> list[Change]:
    """The journal lines of an individual event's prize list changed by a correction after
    finalising (C.04.2 4.3): none without a prize fund."""
    from arbiter_cli.lifecycle.prizes import prize_list, prize_list_changes

    if table is None:
        return []
    return prize_list_changes(prize_list(before, table), prize_list(after, table))


def team_prize_corrections(before: TeamTournament, after: TeamTournament, table: PrizeTable | None) -> list[Change]:
    """The same for a team event: its team places, then its board prizes."""
    from arbiter_cli.lifecycle.team_prizes import team_prize_list, team_prize_list_changes

    if table is None:
        return []
    return team_prize_list_changes(team_prize_list(before, table), team_prize_list(after, table))


def knockout_prize_corrections(before: KnockoutTournament, after: KnockoutTournament,
                               table: PrizeTable | None) -> list[Change]:
    """The same for a knockout, whose places go by the round reached (only the final's winner may
    change after finalising)."""
    from arbiter_cli.lifecycle.knockout_prizes import knockout_prize_list
    from arbiter_cli.lifecycle.prizes import prize_list_changes

    if table is None:
        return []
    return prize_list_changes(knockout_prize_list(before, table), knockout_prize_list(after, table))


def prize_list_removed(held: Sequence[str]) -> list[Change]:
    """The journal line of a finalised event's prize list files ``held`` in ``final/`` that no
    ``prizes.toml`` gives any more (it was removed after they were stored), removed with the change
    that writes the final files again, or by ``finalize`` run again: none when none was held."""
    return [Change("final prize list", "stored", f"removed (no prizes.toml): {', '.join(held)}")] if held else []
