"""The final standings a finalised event keeps: ``final/standings.csv`` and ``.json``.

They are the standings after the last round with every announced tie-break,
in exactly the CSV and JSON that ``arbiter standings --format csv|json``
prints, so scripts read both the same way.
"""

from __future__ import annotations

import contextlib
import io

from arbiter_cli.store.tournament import FINAL_DIR
from arbiter_cli.core.model import Tournament
from arbiter_cli.render import Format, emit, standings_view
from arbiter_cli.lifecycle.standings import compute_standings

__all__ = ["final_outputs"]


def final_outputs(tournament: Tournament) -> dict[str, str]:
    """The files of the final standings, by path inside the folder."""
    table = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks)
    view = standings_view(tournament, table)
    files = {}
    for fmt in (Format.csv, Format.json):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            emit(view, fmt)
        files[f"{FINAL_DIR}/standings.{fmt.value}"] = buffer.getvalue()
    return files
