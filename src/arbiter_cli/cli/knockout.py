"""Knockout events on the command line (issue 18): ``bracket``, and the knockout side of ``new``,
``pair``, ``pairings``, ``result``, ``standings``, ``export`` and ``player withdraw``.

The commands shared with individual events call in here when the folder is a knockout
(:func:`is_knockout`); each parses, calls one act of :mod:`arbiter_cli.lifecycle.knockout`, saves
through :class:`~arbiter_cli.store.knockout_folder.KnockoutFolder` and renders. Registration
(``player add/import/list/remove``) goes through the individual commands unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter_cli.cli.common import STATE, FormatOption, HtmlOption, PrintOption, arguments, author, command_line, \
    say, today, waiting
from arbiter_cli.cli.groups import GroupOption, use_group
from arbiter_cli.cli.pages import check_page, write_page
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.render.output import Format, emit

if TYPE_CHECKING:  # the knockout's modules load when a knockout command runs, not at every start
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.core.knockout_settings import KnockoutSettings
    from arbiter_cli.core.model import Settings
    from arbiter_cli.store.knockout_folder import KnockoutFolder

__all__ = ["is_knockout", "knockout_reading", "knockout_writing", "create_knockout_folder", "pair_knockout",
           "knockout_pairings", "knockout_unpair", "knockout_result", "knockout_standings", "knockout_export", "knockout_withdraw",
           "bracket"]


def is_knockout() -> bool:
    """Whether the folder the command works on is a knockout event."""
    from arbiter_cli.store.knockout_folder import is_knockout_folder

    return is_knockout_folder(STATE.directory)


@contextmanager
def knockout_reading() -> Iterator[KnockoutTournament]:
    from arbiter_cli.store.knockout_folder import KnockoutFolder

    folder = KnockoutFolder(STATE.directory)
    with folder.lock(exclusive=False, waiting=waiting):
        yield folder.load_knockout()


@contextmanager
def knockout_writing() -> Iterator[tuple[KnockoutFolder, KnockoutTournament]]:
    from arbiter_cli.store.knockout_folder import KnockoutFolder

    folder = KnockoutFolder(STATE.directory)
    folder.by = author()
    with folder.lock(exclusive=True, holder=command_line(), waiting=waiting):
        yield folder, folder.load_knockout()


def create_knockout_folder(directory: Path, settings: Settings, knockout: KnockoutSettings) -> None:
    """``arbiter new DIR --system knockout``: a knockout folder with no player yet."""
    from arbiter_cli.core.knockout import KnockoutTournament
    from arbiter_cli.store.knockout_folder import KnockoutFolder

    KnockoutFolder.create_knockout(directory, KnockoutTournament(settings, knockout), command_line(), author())
    stages = ", ".join(knockout.tiebreak_stages)
    say(f"created {directory}: {settings.name} (knockout, {knockout.seeding}, {knockout.games_per_match} game"
        f"{'s' if knockout.games_per_match > 1 else ''} a match, ties: {stages}; seed {settings.seed})")
    say(f"next: 'arbiter -d {directory} player add NAME --rating R' (or player import), then 'arbiter pair'")


def pair_knockout(fmt: Format, print_: bool) -> None:
    """``arbiter pair`` on a knockout: the next round's matches (round 1: the bracket)."""
    from arbiter_cli.core.knockout import round_name
    from arbiter_cli.lifecycle.knockout import pair_knockout_round
    from arbiter_cli.render.knockout_views import knockout_pairings_view

    with knockout_writing() as (folder, tournament):
        after, rnd, changes = pair_knockout_round(tournament)
        folder.save_knockout(tournament, after, command_line(), changes)
    name = round_name(rnd.number, after.total_rounds)
    say(f"round {rnd.number} of {after.total_rounds} paired" + (f" ({name})" if name != f"round {rnd.number}" else ""))
    view = knockout_pairings_view(after, rnd)
    if print_:
        from arbiter_cli.render.printing import page_header, print_sheets, sheet
        from arbiter_cli.core.model import Tournament

        header = page_header(Tournament(after.settings), f"Round {rnd.number}: pairings", today())
        sys.stdout.write(print_sheets([sheet(view, header, shrink=("white", "black"))]))
    else:
        emit(view, fmt)


def knockout_unpair() -> None:
    """``arbiter unpair`` on a knockout: the last round, while it has no result."""
    from arbiter_cli.lifecycle.knockout import unpair_knockout_round

    with knockout_writing() as (folder, tournament):
        after, last, changes = unpair_knockout_round(tournament)
        folder.save_knockout(tournament, after, command_line(), changes)
    say(f"round {last.number} removed" + ("; the bracket is drawn again at the next 'arbiter pair'"
                                          if last.number == 1 else "; pair it again with 'arbiter pair'"))


def knockout_pairings(round_number: int | None, fmt: Format, print_: bool, html: str | None) -> None:
    from arbiter_cli.core.model import Tournament
    from arbiter_cli.render.knockout_views import knockout_pairings_view
    from arbiter_cli.render.printing import page_header, sheet

    with knockout_reading() as tournament:
        number = round_number if round_number is not None else tournament.last_round
        rnd = tournament.round(number)
        if rnd is None:
            raise BadArgument(f"there is no round {number} (rounds paired: {tournament.last_round})", field="ROUND")
    view = knockout_pairings_view(tournament, rnd)
    if print_ or html is not None:
        header = page_header(Tournament(tournament.settings), f"Round {rnd.number}: pairings", today())
        write_page([sheet(view, header, shrink=("white", "black"))], html,
                   f"{tournament.settings.name}: round {rnd.number} pairings")
        return
    emit(view, fmt)


def knockout_result(round_number: int, board: str | None, code: str | None, source: str | None, correct: bool,
                    force: bool) -> None:
    """``arbiter result ROUND MATCH.GAME CODE`` (or ``--from FILE``) on a knockout."""
    from arbiter_cli.cli.common import read_input
    from arbiter_cli.lifecycle.knockout import enter_knockout_result, enter_knockout_results, parse_match_game

    names = {"round_number": "ROUND", "board": "MATCH.GAME", "result": "RESULT"}
    if source is not None:
        if board is not None or code is not None:
            raise BadArgument("give either MATCH.GAME RESULT or --from FILE, not both")
        label, text = read_input(source)
    elif board is None or code is None:
        raise BadArgument("give ROUND MATCH.GAME RESULT, e.g. 'arbiter result 1 3.2 1-0', or --from FILE")
    else:
        with arguments(**names):
            match, game = parse_match_game(board)
    with knockout_writing() as (folder, tournament), arguments(**names):
        if source is not None:
            entered = enter_knockout_results(tournament, round_number, text, label, correct=correct, force=force)
        else:
            entered = enter_knockout_result(tournament, round_number, match, game, code, correct=correct, force=force)
        if entered.changes:
            folder.save_knockout(tournament, entered.tournament, command_line(), entered.changes)
    for change in entered.changes:
        say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")
    for note in entered.notes:
        say(note)
    if source is not None and not entered.changes:
        say(f"round {round_number}: nothing changed")


def knockout_standings(fmt: Format, print_: bool, html: str | None) -> None:
    from arbiter_cli.render.knockout_views import knockout_standings_sheets, knockout_standings_view

    with knockout_reading() as tournament:
        pass
    if print_ or html is not None:
        write_page(knockout_standings_sheets(tournament, today()), html, f"{tournament.settings.name}: standings")
        return
    emit(knockout_standings_view(tournament), fmt)


def knockout_export(output: Path | None) -> tuple[str, str]:
    """``arbiter export`` on a knockout: the TRF-2026 text and what it holds."""
    from arbiter_cli.lifecycle.knockout_standings import knockout_standings as rows_of
    from arbiter_cli.trf.knockout import export_knockout_trf

    with knockout_reading() as tournament:
        ranks = {row.player.start_number: row.rank for row in rows_of(tournament)}
        text = export_knockout_trf(tournament, ranks)
    games = sum(len(m.games) for r in tournament.rounds for m in r.matches)
    return text, f"{len(tournament.players)} players, {tournament.last_round} rounds, {games} games"


def knockout_withdraw(start_number: int) -> None:
    """``arbiter player withdraw ID`` on a knockout: the opponent goes through by forfeit."""
    from arbiter_cli.lifecycle.knockout import withdraw_knockout_player

    with knockout_writing() as (folder, tournament), arguments(start_number="ID"):
        after, changes = withdraw_knockout_player(tournament, start_number)
        folder.save_knockout(tournament, after, command_line(), changes)
    for change in changes:
        say(f"{change.change}: {change.new}")


def knockout_finalize(when: str, after_round: int | None, yes: bool) -> None:
    """``arbiter finalize`` on a knockout: once the final has a winner, close the event and store
    its final standings (final/standings.csv and .json)."""
    from arbiter_cli.lifecycle.knockout import champion
    from arbiter_cli.lifecycle.knockout_finish import finalise_knockout
    from arbiter_cli.render.final import knockout_final_outputs

    if after_round is not None or yes:
        raise BadArgument("a knockout ends with its final: --after-round and --yes are for a Swiss")
    from arbiter_cli.cli.prizes import folder_prizes

    with knockout_writing() as (folder, tournament), arguments(date="--date"):
        after, changes = finalise_knockout(tournament, when)
        prizes = folder_prizes()
        folder.save_knockout(tournament, after, command_line(), changes,
                             outputs=knockout_final_outputs(after, prizes))
    winner = champion(after)
    name = after.by_number[winner].name if winner is not None else "?"
    say(f"finalised on {when}: {name} won the final; final standings in {folder.path / 'final'}/standings.csv "
        "and standings.json" + (" and the prize list in prizes.csv and prizes.json" if prizes is not None else ""))


def bracket(fmt: FormatOption = Format.table, print_: PrintOption = False, html: HtmlOption = None,
            group: GroupOption = None) -> None:
    """Show a knockout's bracket: each round's matches, scores and who went through (a group event's
    knockout final: --group final)."""
    import json

    from arbiter_cli.render.knockout_views import bracket_data, bracket_sheets, bracket_view

    check_page(print_, html, fmt)
    use_group(group)
    if not is_knockout():
        raise BadArgument("'bracket' is for a knockout event (arbiter new DIR --system knockout)")
    with knockout_reading() as tournament:
        pass
    if print_ or html is not None:
        write_page(bracket_sheets(tournament, today()), html, f"{tournament.settings.name}: bracket")
    elif fmt is Format.json:
        sys.stdout.write(json.dumps(bracket_data(tournament), ensure_ascii=False, indent=2) + "\n")
    else:
        emit(bracket_view(tournament), fmt)
