"""``arbiter prizes``: who gets what, from the standings and the folder's ``prizes.toml``."""

from __future__ import annotations

from arbiter_cli.cli.common import STATE, FormatOption, HtmlOption, PrintOption, reading, say, today
from arbiter_cli.cli.pages import check_page, write_page
from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.render.output import Format, emit

__all__ = ["prizes", "folder_prizes", "corrected_prizes"]


def folder_prizes() -> PrizeTable | None:
    """The prize fund of the folder's ``prizes.toml`` (None without one); a mistake in it stops
    the command with the file, line and field."""
    from arbiter_cli.store.prizes import read_prizes

    return read_prizes(STATE.directory)


def prizes(
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
) -> None:
    """Show the prize list: who gets what from prizes.toml, by the final ranking (or the standings
    so far), one prize per player, ties on points shared by the file's split."""
    from arbiter_cli.lifecycle.prizes import prize_list
    from arbiter_cli.render.printing import page_header, sheet
    from arbiter_cli.render.prizes import prize_notes, prizes_view
    from arbiter_cli.render.views import table_heading
    from arbiter_cli.store.prizes import PRIZES_FILE

    check_page(print_, html, fmt)
    with reading() as tournament:
        table = folder_prizes()
        if table is None:
            raise Refused(f"the folder has no {PRIZES_FILE}; write one first (see 'Prizes' in the README)")
        listed = prize_list(tournament, table)
    heading = table_heading(tournament, "standings", tournament.last_round)
    notes = prize_notes(listed)
    if tournament.settings.status is not Status.FINALISED:
        notes.insert(0, f"not final: by the {heading[0].lower() + heading[1:]}")
    view = prizes_view(listed, f"{tournament.settings.name}: prize list")
    if print_ or html is not None:
        header = page_header(tournament, "Prize list", today())
        write_page([sheet(view, header, notes=notes)], html, f"{tournament.settings.name}: prize list")
        return
    for note in notes:
        say(f"note: {note}")
    emit(view, fmt)


def corrected_prizes(before: Tournament, after: Tournament) -> tuple[PrizeTable | None, list[Change]]:
    """The folder's prize fund and, when it has one, the journal lines of what a correction to a
    finalised event changed in its prize list (stored again with the final standings)."""
    from arbiter_cli.lifecycle.prizes import prize_list, prize_list_changes

    table = folder_prizes()
    if table is None:
        return None, []
    return table, prize_list_changes(prize_list(before, table), prize_list(after, table))
