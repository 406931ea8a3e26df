"""A TRF file as a :class:`~arbiter_cli.core.model.Tournament`, for standings and crosstables.

This is the importer (:mod:`.importer`) in its reading mode: a team event's
players and games are read, a round robin stays one even when its rounds do not
follow the Berger tables, a dummy line for the bye is kept as a player, byes
written for rounds not yet paired count as rounds (as the points column counts
them), and the warnings are dropped. ``round_robin`` says
what the event is when the caller knows better than the file.
"""

from __future__ import annotations

from arbiter_cli.core.model import Tournament
from arbiter_cli.trf.importer import import_trf
from arbiter_cli.trf.reader import TrfFile

__all__ = ["tournament_from_trf"]


def tournament_from_trf(trf: TrfFile, round_robin: bool | None = None) -> Tournament:
    """The event of a TRF file; ``round_robin`` None: as the file says (192) or suggests."""
    return import_trf(trf, for_folder=False, teams=True, round_robin=round_robin, dummies=True,
                      byes_ahead=True).tournament
