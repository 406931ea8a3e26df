"""``arbiter prizes``: who gets what, from the standings and the folder's ``prizes.toml``."""

from __future__ import annotations

from arbiter_cli.cli.common import STATE, FormatOption, HtmlOption, PrintOption, reading, say, today
from arbiter_cli.cli.pages import check_page, write_page
from arbiter_cli.core.errors import Refused
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Tournament
from arbiter_cli.core.prizes import PrizeTable
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.render.output import Format, emit

__all__ = ["prizes", "folder_prizes", "corrected_final"]


def folder_prizes(team: bool = False) -> PrizeTable | None:
    """The prize fund of the folder's ``prizes.toml`` (``team``: a team event's; None without
    one); a mistake in it stops the command with the file, line and field."""
    from arbiter_cli.store.prizes import read_prizes

    return read_prizes(STATE.directory, team)


def prizes(
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
) -> None:
    """Show the prize list: who gets what from prizes.toml, by the final ranking (or the standings
    so far), one prize per player, ties on points shared by the file's split."""
    from arbiter_cli.cli.groups import is_groups
    from arbiter_cli.cli.knockout import is_knockout, knockout_reading
    from arbiter_cli.cli.teams import is_team, team_reading
    from arbiter_cli.render.printing import page_header, sheet
    from arbiter_cli.render.prizes import prize_sheet
    from arbiter_cli.store.prizes import PRIZES_FILE

    check_page(print_, html, fmt)
    if is_groups():
        raise Refused("a group event's prize list is worked out on one stage's standings: run 'arbiter -d "
                      "DIR/stages/final prizes' with a prizes.toml in that stage's folder")
    team = is_team()
    reader = knockout_reading() if is_knockout() else team_reading() if team else reading()
    with reader as event:
        table = folder_prizes(team)
        if table is None:
            raise Refused(f"the folder has no {PRIZES_FILE}; write one first (see 'Prizes' in the README)")
        notes, view = prize_sheet(event, table)
    if print_ or html is not None:
        shown = Tournament(event.settings) if isinstance(event, KnockoutTournament) else event
        write_page([sheet(view, page_header(shown, "Prize list", today()), notes=notes)], html, view.title)
        return
    for note in notes:
        say(f"note: {note}")
    emit(view, fmt)


def corrected_final(before: Tournament | TeamTournament, after: Tournament | TeamTournament
                    ) -> tuple[dict[str, str], list[Change]]:
    """A correction to a finalised event: the final files stored again (standings, and the prize
    list when the folder has a ``prizes.toml``) and the journal lines of what changed in the prize list."""
    from arbiter_cli.lifecycle.prizes import prize_list, prize_list_changes
    from arbiter_cli.lifecycle.team_prizes import team_prize_list, team_prize_list_changes
    from arbiter_cli.render.final import final_outputs, team_final_outputs

    if isinstance(before, Tournament) and isinstance(after, Tournament):
        table = folder_prizes()
        changes = [] if table is None else prize_list_changes(prize_list(before, table), prize_list(after, table))
        return final_outputs(after, table), changes
    assert isinstance(before, TeamTournament) and isinstance(after, TeamTournament)
    team_table = folder_prizes(team=True)
    changes = [] if team_table is None else team_prize_list_changes(team_prize_list(before, team_table),
                                                                    team_prize_list(after, team_table))
    return team_final_outputs(after, team_table), changes
