"""``arbiter player add|import|list|remove|withdraw``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from arbiter_cli.cli.common import STATE, FormatOption, arguments, command_line, count, read_input, reading, say, \
    writing
from arbiter_cli.core.csv_input import read_rows
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.lifecycle.registration import IMPORT_COLUMNS, add_player, import_players, remove_player
from arbiter_cli.lifecycle.withdrawals import withdraw_player
from arbiter_cli.render.output import Format, emit
from arbiter_cli.render.views import players_view

__all__ = ["player_add", "player_import", "player_list", "player_remove", "player_withdraw"]

#: The option of each field of a player, for the errors of ``player add``.
_OPTION_OF = {"name": "NAME", "title": "--title", "rating": "--rating", "fide_id": "--fide-id",
              "federation": "--federation", "sex": "--sex", "birth_date": "--birth", "club": "--club",
              "member": "--member", "start_number": "ID", "after_round": "--after-round"}


def player_add(
    name: Annotated[Optional[str], typer.Argument(metavar="NAME", help="'Surname, Firstname', as FIDE writes it "
                                                  "(in a club tournament: give --member instead).")] = None,
    rating: Annotated[Optional[int], typer.Option("--rating")] = None,
    title: Annotated[Optional[str], typer.Option("--title", help="GM IM WGM FM WIM CM WFM WCM")] = None,
    fide_id: Annotated[Optional[int], typer.Option("--fide-id")] = None,
    federation: Annotated[Optional[str], typer.Option("--federation", help="3-letter code")] = None,
    sex: Annotated[Optional[str], typer.Option("--sex", help="m or w")] = None,
    birth: Annotated[Optional[str], typer.Option("--birth", help="YYYY-MM-DD or YYYY")] = None,
    club: Annotated[Optional[str], typer.Option("--club")] = None,
    member: Annotated[Optional[int], typer.Option("--member", help="A club member (club tournaments): the name "
                                                  "and the club rating come from the club.")] = None,
) -> None:
    """Register a player. Start numbers follow C.04.2 until round 1 is paired."""
    from arbiter_cli.store.club import club_of, load_club

    home = club_of(STATE.directory)
    details = {"title": title, "fide_id": fide_id, "federation": federation, "sex": sex, "birth_date": birth,
               "club": club}
    with writing(registration=True) as (folder, tournament), arguments(**_OPTION_OF):
        registered = add_player(tournament, name, rating, details, member=member,
                                members=(lambda: load_club(home)) if home is not None else None,
                                where=(STATE.directory.resolve().name, home.name if home else ""))
        folder.save(tournament, registered.tournament, command_line(), registered.changes)
    for note in registered.notes:
        say(note)
    player = registered.tournament.by_number[registered.numbers[0]]
    say(f"added {player.name} as start number {registered.numbers[0]}")


def player_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="A CSV file with a header, or - for stdin.")],
) -> None:
    """Register players from CSV. Columns (by name): name, title, rating, fide_id, federation,
    sex, birth_date, club. Only name is required; unknown columns are an error."""
    from arbiter_cli.store.club import club_of

    label, text = read_input(source)
    rows = read_rows(text, label, IMPORT_COLUMNS)
    home = club_of(STATE.directory)
    with writing(registration=True) as (folder, tournament):
        registered = import_players(tournament, rows, label, club_name=home.name if home is not None else None)
        folder.save(tournament, registered.tournament, command_line(), registered.changes)
    for note in registered.notes:
        say(note)
    say(f"imported {count(len(registered.numbers), 'player')}; {len(registered.tournament.players)} registered")


def player_list(fmt: FormatOption = Format.table) -> None:
    """List the players by start number."""
    with reading(registration=True) as tournament:
        emit(players_view(tournament), fmt)


def player_remove(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
) -> None:
    """Remove a registration made by mistake (only before round 1 is paired)."""
    with writing(registration=True) as (folder, tournament), arguments(**_OPTION_OF):
        after, player, changes = remove_player(tournament, start_number)
        folder.save(tournament, after, command_line(), changes)
    say(f"removed {player.name}; {len(after.players)} players registered")
    for change in changes[1:]:  # what went with them (a forbidden pair they were in)
        say(f"{change.change}: {change.old} -> {change.new or 'removed'}")


def player_withdraw(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
    after_round: Annotated[Optional[int], typer.Option("--after-round", help="The last round the player "
                                                       "takes part in (default: the last paired round).")] = None,
) -> None:
    """Withdraw a player: they are not paired after --after-round (a knockout: the opponent goes through)."""
    from arbiter_cli.cli.groups import is_groups
    from arbiter_cli.cli.knockout import is_knockout, knockout_withdraw

    if is_groups():
        _group_withdrawal(start_number)
    if is_knockout():
        if after_round is not None:
            raise BadArgument("a knockout player withdraws now: no --after-round", field="--after-round")
        knockout_withdraw(start_number)
        return
    with writing(registration=True) as (folder, tournament), arguments(**_OPTION_OF):
        after, player, last, changes = withdraw_player(tournament, start_number, after_round)
        folder.save(tournament, after, command_line(), changes)
    say(f"{player.name} withdrawn after round {last}")
    for change in changes[1:]:
        say(f"{change.change}: {change.old} dropped")
    for rnd in after.rounds[last:]:
        for game in rnd.games:
            if start_number in game.players and game.result is None:
                say(f"note: round {rnd.number} board {game.board} waits for its forfeit: "
                    f"arbiter result {rnd.number} {game.board} {'-/+' if game.white == start_number else '+/-'}")


def _group_withdrawal(start_number: int) -> None:
    """A group event's top folder: a withdrawal once the groups started goes to the player's stage."""
    from arbiter_cli.cli.groups import group_folder
    from arbiter_cli.lifecycle.group_stages import check_top_level_withdrawal

    with group_folder(exclusive=False) as (_, event):
        check_top_level_withdrawal(event, start_number)
