"""The ``arbiter`` command line: parse arguments, call the core, render.

Every command works on the tournament folder in the current directory, or the
one named by ``-d/--dir`` or ``ARBITER_DIR``. Data goes to stdout; messages
and errors go to stderr; exit codes are listed in :mod:`arbiter_cli.core.errors`.
"""

from __future__ import annotations

import csv
import io
import os
import random
import secrets
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.exceptions import TyperException
from pydantic import ValidationError

from arbiter_cli import __version__
from arbiter_cli.core.errors import BadArgument, BrokenFolder, Busy, DomainError, NoPairing, Refused
from arbiter_cli.lifecycle.byes import take_byes
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.store.files import JOURNAL_FILE, atomic_write as _atomic_write
from arbiter_cli.store.tournament import (
    BYES_FILE, FINAL_DIR, PLAYERS_FILE, ROUNDS_DIR, SETTINGS_FILE, TournamentFolder,
)
from arbiter_cli.lifecycle.late_entry import RENUMBER_UNTIL, enter_late, renumbered
from arbiter_cli.lifecycle.noshows import forfeit_losers, withdrawal_reason
from arbiter_cli.lifecycle.withdrawals import withdraw
from arbiter_cli.core.model import (
    InitialColour, Numbering, Player, RatingType, Round, Scoring, Settings, Status, System,
    Tournament,
)
from arbiter_cli.pairing.round_robin import planned_rounds
from arbiter_cli.core.points import parse_points
from arbiter_cli.render import (
    PAGE_WIDTH, RECORD_KEYS, Format, Sheet, crosstable_view, emit, fitting_width, html_page, page_header,
    pairing_sheet_views, pairings_view, players_view, print_sheets, sheet, slow_progress, standings_view,
    stderr_console,
)
from arbiter_cli.core.results import RESULT_HELP, GameResult, parse_result
from arbiter_cli.core.tiebreak_codes import Rules, parse_tiebreak_list
from arbiter_cli.core.tpn import draw_by_lot, initial_order

def _new_app() -> typer.Typer:
    return typer.Typer(
        name="arbiter",
        help="Run chess tournaments from a folder of plain files: players, pairings, results, standings.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )


app = _new_app()
player_app = typer.Typer(help="Register, import, list and withdraw players.", no_args_is_help=True)
app.add_typer(player_app, name="player")
trf_app = typer.Typer(help="Pair and check Tournament Report Files (the FIDE Dutch system, 2026 rules).",
                      no_args_is_help=True)
app.add_typer(trf_app, name="trf")


@dataclass
class State:
    directory: Path = Path(".")


STATE = State()

FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output: table, csv or json.",
                                              case_sensitive=False)]


def _say(message: str) -> None:
    """A message for the person: stderr, never stdout."""
    stderr_console().print(message, markup=False, highlight=False, soft_wrap=True)


def _command_line() -> str:
    return " ".join(shlex.quote(a) for a in ["arbiter", *sys.argv[1:]])


def _folder() -> TournamentFolder:
    return TournamentFolder(STATE.directory)


@contextmanager
def _reading() -> Iterator[Tournament]:
    folder = _folder()
    with folder.lock(exclusive=False):
        yield folder.load()


@contextmanager
def _writing() -> Iterator[tuple[TournamentFolder, Tournament]]:
    folder = _folder()
    with folder.lock(exclusive=True):
        yield folder, folder.load()


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"arbiter {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    directory: Annotated[Optional[Path], typer.Option(
        "--dir", "-d", envvar="ARBITER_DIR", help="The tournament folder (default: the current folder).",
        show_default=False)] = None,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.",
                                          callback=_print_version, is_eager=True)] = False,
) -> None:
    STATE.directory = directory or Path(".")


# --------------------------------------------------------------------------- new


@app.command()
def new(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="The folder to create (must not exist, or be empty).")],
    name: Annotated[str, typer.Option("--name", help="The event's name.")],
    system: Annotated[str, typer.Option("--system", help="swiss (FIDE Dutch), round-robin or double-round-robin.")],
    rounds: Annotated[Optional[int], typer.Option("--rounds", help="Number of rounds (a round robin "
                                                  "computes it from the players).")] = None,
    tiebreaks: Annotated[Optional[str], typer.Option("--tiebreaks", help="C.07 codes, e.g. 'DE,SB,WIN,KS'.")] = None,
    initial_colour: Annotated[InitialColour, typer.Option("--initial-colour", case_sensitive=False,
                                                          help="Colour of start number 1 in round 1.")] = InitialColour.RANDOM,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for the drawing of lots (stored).")] = None,
    numbering: Annotated[Numbering, typer.Option("--numbering", case_sensitive=False,
                                                 help="Start numbers by rating (C.04.2) or drawn by lot.")] = Numbering.RATING,
    scoring: Annotated[Optional[str], typer.Option("--scoring", help="Points for win,draw,loss, e.g. '3,1,0'.")] = None,
    place: Annotated[str, typer.Option("--place")] = "",
    federation: Annotated[str, typer.Option("--federation")] = "",
    start_date: Annotated[Optional[str], typer.Option("--start-date", help="YYYY-MM-DD")] = None,
    end_date: Annotated[Optional[str], typer.Option("--end-date", help="YYYY-MM-DD")] = None,
    chief_arbiter: Annotated[str, typer.Option("--chief-arbiter")] = "",
    time_control: Annotated[str, typer.Option("--time-control", help="e.g. '90+30'.")] = "",
    rating_type: Annotated[RatingType, typer.Option("--rating-type", case_sensitive=False)] = RatingType.STANDARD,
    club: Annotated[Optional[Path], typer.Option("--club", help="Make it a club tournament of this club "
                                                 "folder (in its tournaments/).")] = None,
) -> None:
    """Create a new tournament folder (inside a club's tournaments/: a club tournament)."""
    from arbiter_cli.store.club import club_of

    directory, rating_type = _club_placement(directory, club, time_control, rating_type)
    try:
        chosen = System(system)
    except ValueError:
        raise BadArgument(f"unknown system {system!r}; use swiss, round-robin or double-round-robin",
                           field="--system") from None
    if chosen is System.SWISS and rounds is None:
        raise BadArgument("a Swiss needs the number of rounds (C.04.1 Art. 1)", field="--rounds")
    scoring_data: dict[str, object] = {}
    if scoring:
        parts = [p.strip() for p in scoring.split(",")]
        if len(parts) != 3:
            raise BadArgument("give three values: win,draw,loss (e.g. 3,1,0)", field="--scoring")
        try:
            scoring_data = dict(zip(("win", "draw", "loss"), (parse_points(p) for p in parts)))
        except ValueError as error:
            raise BadArgument(str(error), field="--scoring") from None
        try:
            Scoring(**scoring_data)  # type: ignore[arg-type]
        except ValidationError as error:
            raise BadArgument(str(error.errors()[0]["msg"]).removeprefix("Value error, "),
                               field="--scoring") from None
    try:
        settings = Settings(
            name=name, place=place, federation=federation.strip().upper(), start_date=start_date, end_date=end_date,
            chief_arbiter=chief_arbiter, time_control=time_control, rating_type=rating_type,
            system=chosen, rounds=rounds, initial_colour=initial_colour, numbering=numbering,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            tiebreaks=_tiebreak_option(tiebreaks), scoring=Scoring(**scoring_data),
        )
    except ValidationError as error:
        first = error.errors()[0]
        field = "--" + str(first["loc"][0]).replace("_", "-") if first["loc"] else None
        raise BadArgument(_sentence(str(first["msg"]).removeprefix("Value error, ")), field=field) from None
    TournamentFolder.create(directory, settings, _command_line())
    home = club_of(directory)
    rated = f"; club tournament of {home.name}, rated {settings.rating_type.value}" if home else ""
    _say(f"created {directory}: {settings.name} ({chosen.value}, seed {settings.seed}{rated})")


def _club_placement(directory: Path, club: Path | None, time_control: str,
                    rating_type: RatingType) -> tuple[Path, RatingType]:
    """Where a new tournament goes, and its rating list: ``--club C`` puts a bare name in
    C/tournaments/; ``--time-control standard|rapid|blitz`` names the club rating it counts for."""
    from arbiter_cli.store.club import CLUB_FILE, TOURNAMENTS_DIR, club_of

    if club is not None:
        if not (club / CLUB_FILE).is_file():
            raise BadArgument(f"{club} is not a club folder ({CLUB_FILE} is missing)", field="--club")
        if len(directory.parts) == 1:
            directory = club / TOURNAMENTS_DIR / directory
        elif club_of(directory) != club.resolve():
            raise BadArgument(f"a club tournament lives in {club / TOURNAMENTS_DIR}", field="DIR")
    named = time_control.strip().lower()
    if named in ("standard", "rapid", "blitz"):
        if rating_type is not RatingType.STANDARD and rating_type.value != named:
            raise BadArgument(f"--time-control {named} and --rating-type {rating_type.value} disagree",
                               field="--rating-type")
        rating_type = RatingType(named)
    return directory, rating_type


def _tiebreak_option(text: str | None) -> tuple[str, ...]:
    try:
        return parse_tiebreak_list(text or "")
    except ValueError as error:
        raise BadArgument(str(error), field="--tiebreaks") from None


# --------------------------------------------------------------------------- players


def _not_finalised(tournament: Tournament) -> None:
    """A finalised event changes only by a result correction (``arbiter result --correct``)."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}; only a result "
                      "correction (arbiter result ... --correct) can change it now")


def _registration_open(tournament: Tournament) -> None:
    """Round robins close at the first pairing; a Swiss takes late entries (C.04.2 2.4)."""
    _not_finalised(tournament)
    if tournament.rounds and tournament.settings.system.is_round_robin:
        raise Refused("players cannot join a round robin after round 1 is paired")
    if tournament.settings.rounds is not None and tournament.last_round >= tournament.settings.rounds:
        raise Refused(f"all {tournament.settings.rounds} rounds are paired; a late entry could not play")


def _late_note(tournament: Tournament) -> str:
    paired = tournament.last_round
    kind = tournament.settings.late_entry_missed
    missed = "round 1" if paired == 1 else f"rounds 1-{paired}"
    return (f"late entry: paired from round {paired + 1}; {missed} scored as {kind}"
            + ("" if paired >= RENUMBER_UNTIL else "; start numbers follow C.04.2 2.2 again"))


def _registered(tournament: Tournament, players: list[Player]) -> Tournament:
    """The tournament with this list of players, numbered in C.04.2 order while no round is
    paired. Requested byes follow their players (and go with a removed one)."""
    kept = {p.start_number for p in players}
    after = replace(tournament, players=tuple(players),
                    byes=tuple(b for b in tournament.byes if b.start_number in kept))
    if tournament.rounds:
        return after
    return renumbered(after, {p.start_number: i for i, p in enumerate(initial_order(players), start=1)})


def _check_new_players(existing: tuple[Player, ...], new: list[Player]) -> None:
    ids = {p.fide_id: p for p in existing if p.fide_id is not None}
    for player in new:
        if player.fide_id is not None and player.fide_id in ids:
            raise Refused(f"FIDE ID {player.fide_id} is already registered "
                          f"(start number {ids[player.fide_id].start_number}, {ids[player.fide_id].name})")
        if player.fide_id is not None:
            ids[player.fide_id] = player


def _player_fields(source: str | None, line: int | None, data: dict[str, object], start: int) -> Player:
    try:
        return Player.model_validate({"start_number": start, **data})
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else None
        field = key if source else _OPTION_OF.get(key or "", key)
        message = _sentence(str(first["msg"]).removeprefix("Value error, "))
        raise BadArgument(message, source=source, line=line, field=field) from None


_OPTION_OF = {"name": "NAME", "title": "--title", "rating": "--rating", "fide_id": "--fide-id",
              "federation": "--federation", "sex": "--sex", "birth_date": "--birth", "club": "--club"}


def _sentence(message: str) -> str:
    """Pydantic's messages start with a capital; ours are lower-case clauses."""
    return message[:1].lower() + message[1:]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _sex(value: str | None) -> str | None:
    if value is None:
        return None
    lowered = value.strip().lower()
    return {"f": "w", "female": "w", "male": "m"}.get(lowered, lowered)


def _number_of(tournament: Tournament, players: tuple[Player, ...], new: Player) -> int:
    """The start number ``new`` received: the one player not in the old list."""
    if tournament.rounds:
        return new.start_number
    order = initial_order([*tournament.players, new])
    return next(i for i, p in enumerate(order, start=1) if p is new)


@player_app.command("add")
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
    with _writing() as (folder, tournament):
        _registration_open(tournament)
        fields: dict[str, object] = {
            "name": name, "rating": rating or 0, "title": title, "fide_id": fide_id,
            "federation": federation, "sex": _sex(sex), "birth_date": birth, "club": club,
        }
        fields.update(_member_fields(tournament, member, name, rating))
        player = _player_fields(None, None, fields, len(tournament.players) + 1)
        _check_new_players(tournament.players, [player])
        namesakes = [p for p in tournament.players if p.name.casefold() == player.name.casefold()]
        if tournament.rounds:
            after, (number,) = enter_late(tournament, player)
            _say(_late_note(tournament))
        else:
            after = _registered(tournament, [*tournament.players, player])
            players = after.players
            number = _number_of(tournament, players, player)
        folder.save(tournament, after, _command_line(),
                    [Change("player added", "", f"{number} {player.name}"
                            + (f" (late entry for round {tournament.last_round + 1})" if tournament.rounds else ""))])
    for namesake in namesakes:
        _say(f"note: {namesake.name} was already registered (start number {namesake.start_number} "
             "before this registration); use 'arbiter player remove' if this was a mistake")
    _say(f"added {player.name} as start number {number}")


def _member_fields(tournament: Tournament, member: int | None, name: str | None,
                   rating: int | None) -> dict[str, object]:
    """A club tournament's player is a club member: name and club rating from the club."""
    from arbiter_cli.ratings.club import current_ratings
    from arbiter_cli.store.club import ClubFolder, club_of

    home = club_of(STATE.directory)
    if home is None:
        if member is not None:
            raise BadArgument("--member is for club tournaments (a tournament folder in a club's tournaments/)",
                               field="--member")
        if name is None:
            raise BadArgument("give the player's NAME", field="NAME")
        return {}
    if member is None:
        raise BadArgument(f"{STATE.directory.resolve().name} is a tournament of the club {home.name}: enter members with "
                           "--member ID (see 'arbiter -d CLUB member list')", field="--member")
    if name is not None or rating is not None:
        raise BadArgument("with --member, the name and the rating come from the club; give neither", field="NAME")
    if any(p.member_id == member for p in tournament.players):
        raise Refused(f"member {member} is already registered")
    club_folder = ClubFolder(home)
    with club_folder.lock(exclusive=False):
        club = club_folder.load()
    found = club.member(member)
    if found is None:
        raise BadArgument(f"the club has no member {member}", field="--member")
    current = current_ratings(club)[(member, tournament.settings.rating_type.value)][0]
    return {"name": found.name, "rating": current, "birth_date": found.birth_date, "member_id": member}


IMPORT_COLUMNS = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date", "club")


def _read_bytes(path: str) -> tuple[str, bytes]:
    """An input file's bytes (``-`` is stdin), with its label for messages."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer.read()
    try:
        return path, Path(path).read_bytes()
    except FileNotFoundError:
        raise BadArgument("no such file", source=path) from None
    except OSError as error:
        raise BadArgument(f"cannot read: {error.strerror}", source=path) from None


def _read_input(path: str) -> tuple[str, str]:
    """A UTF-8 text input (``-`` is stdin)."""
    if path == "-":
        return "<stdin>", sys.stdin.read()
    label, data = _read_bytes(path)
    try:
        return label, data.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError:
        raise BadArgument("the file is not UTF-8 text", source=label) from None


@player_app.command("import")
def player_import(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="A CSV file with a header, or - for stdin.")],
) -> None:
    """Register players from CSV. Columns (by name): name, title, rating, fide_id, federation,
    sex, birth_date, club. Only name is required; unknown columns are an error."""
    label, text = _read_input(source)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if not header:
            raise BadArgument("the file is empty; it needs a header line", source=label, line=1)
        columns = [h.strip().lower() for h in header]
        for column in columns:
            if column not in IMPORT_COLUMNS:
                raise BadArgument(f"unknown column; use {', '.join(IMPORT_COLUMNS)}",
                                   source=label, line=1, field=column)
        if len(set(columns)) != len(columns):
            raise BadArgument("a column appears twice", source=label, line=1)
        if "name" not in columns:
            raise BadArgument("the column 'name' is required", source=label, line=1)
        rows: list[tuple[int, dict[str, object]]] = []
        for cells in reader:
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != len(columns):
                raise BadArgument(f"expected {len(columns)} fields, found {len(cells)}",
                                   source=label, line=reader.line_num)
            data: dict[str, object] = {k: v.strip() for k, v in zip(columns, cells)}
            if "sex" in data:
                data["sex"] = _sex(str(data["sex"])) if data["sex"] else ""
            rows.append((reader.line_num, data))
    except csv.Error as error:
        raise BadArgument(f"CSV syntax error: {error}", source=label, line=reader.line_num) from None
    from arbiter_cli.store.club import club_of

    home = club_of(STATE.directory)
    if home is not None:
        raise BadArgument(f"this is a tournament of the club {home.name}: its players are members, entered "
                           "one by one with 'arbiter player add --member ID'", source=label)
    with _writing() as (folder, tournament):
        _registration_open(tournament)
        start = len(tournament.players)
        new = [_player_fields(label, line, data, start + i) for i, (line, data) in enumerate(rows, 1)]
        if not new:
            raise BadArgument("no players in the file", source=label)
        first_line: dict[int, int] = {}
        for (line, _), player in zip(rows, new):
            if player.fide_id is not None:
                if player.fide_id in first_line:
                    raise BadArgument(f"FIDE ID {player.fide_id} is also on line {first_line[player.fide_id]}",
                                       source=label, line=line, field="fide_id")
                first_line[player.fide_id] = line
        _check_new_players(tournament.players, new)
        if tournament.rounds:
            after, late_numbers = enter_late(tournament, *new)
            numbers = {id(p): n for p, n in zip(new, late_numbers)}
            _say(_late_note(tournament))
        else:
            after = _registered(tournament, [*tournament.players, *new])
            numbers = {id(p): i for i, p in enumerate(initial_order([*tournament.players, *new]), start=1)}
        players = after.players
        folder.save(tournament, after, _command_line(),
                    [Change("player added", "", f"{numbers[id(p)]} {p.name}") for p in new])
    _say(f"imported {_count(len(new), 'player')}; {len(players)} registered")


@player_app.command("list")
def player_list(fmt: FormatOption = Format.table) -> None:
    """List the players by start number."""
    with _reading() as tournament:
        emit(players_view(tournament), fmt)


def _find_player(tournament: Tournament, start_number: int) -> Player:
    player = tournament.player(start_number)
    if player is None:
        raise BadArgument(f"there is no player with start number {start_number}", field="ID")
    return player


@player_app.command("remove")
def player_remove(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
) -> None:
    """Remove a registration made by mistake (only before round 1 is paired)."""
    with _writing() as (folder, tournament):
        player = _find_player(tournament, start_number)
        _not_finalised(tournament)
        if tournament.rounds:
            raise Refused("players cannot be removed once round 1 is paired; use 'arbiter player withdraw'")
        rest = [p for p in tournament.players if p.start_number != start_number]
        after = _registered(tournament, rest)
        folder.save(tournament, after, _command_line(),
                    [Change("player removed", f"{start_number} {player.name}", "")])
    _say(f"removed {player.name}; {len(rest)} players registered")


@player_app.command("withdraw")
def player_withdraw(
    start_number: Annotated[int, typer.Argument(metavar="ID", help="The player's start number.")],
    after_round: Annotated[Optional[int], typer.Option("--after-round", help="The last round the player "
                                                       "takes part in (default: the last paired round).")] = None,
) -> None:
    """Withdraw a player: they are not paired after --after-round."""
    with _writing() as (folder, tournament):
        player = _find_player(tournament, start_number)
        _not_finalised(tournament)
        if player.is_withdrawn:
            raise Refused(f"{player.name} already withdrew after round {player.withdrawn_after}")
        if not tournament.rounds:
            raise Refused("round 1 is not paired yet, so registration is open: use "
                          f"'arbiter player remove {start_number}' instead")
        last = tournament.last_round if after_round is None else after_round
        if not 0 <= last <= tournament.last_round:
            raise BadArgument(f"must be between 0 and {tournament.last_round} (the rounds paired so far)",
                               field="--after-round")
        for rnd in tournament.rounds[last:]:
            for board in rnd.games:
                if start_number in board.players and board.result is not None and board.result.played:
                    raise Refused(f"{player.name} played a game in round {rnd.number} (board {board.board}); "
                                  f"a withdrawal after round {last} would contradict it")
        after, dropped = _withdrawn(tournament, start_number, last)
        folder.save(tournament, after, _command_line(),
                    [Change(f"player {start_number} status", "active", f"withdrawn after round {last}"),
                     *dropped])
    _say(f"{player.name} withdrawn after round {last}")
    for change in dropped:
        _say(f"{change.change}: {change.old} dropped")


def _withdrawn(tournament: Tournament, start_number: int, last: int) -> tuple[Tournament, list[Change]]:
    """:func:`withdraw`, with a journal line for each requested bye it drops."""
    after, dropped = withdraw(tournament, start_number, last)
    return after, [Change(f"round {b.round} requested bye of {start_number}", b.kind.value, "") for b in dropped]


# --------------------------------------------------------------------------- pairing


def _first_pairing(tournament: Tournament) -> tuple[Tournament, list[Change]]:
    """Close registration: start numbers by lot if chosen, rounds, initial colour."""
    settings = tournament.settings
    changes: list[Change] = []
    players = tournament.players
    if settings.numbering is Numbering.LOT:
        players = draw_by_lot(players, settings.seed)
        changes.append(Change("start numbers drawn by lot", "",
                              " ".join(f"{p.start_number}={p.name}" for p in players)))
    update: dict[str, object] = {"status": Status.RUNNING}
    if settings.system.is_round_robin:
        total = planned_rounds(settings.system, len(players))
        if settings.rounds is not None and settings.rounds != total:
            raise Refused(f"a {settings.system.value} of {len(players)} players has {total} rounds, "
                          f"but tournament.toml says rounds = {settings.rounds}")
        if settings.rounds is None:
            update["rounds"] = total
            changes.append(Change("rounds", "", str(total)))
    if settings.initial_colour is InitialColour.RANDOM:
        colour = random.Random(f"colour:{settings.seed}").choice([InitialColour.WHITE, InitialColour.BLACK])
        update["initial_colour"] = colour
        changes.append(Change("initial colour drawn", "random", colour.value))
    changes.append(Change("status", settings.status.value, Status.RUNNING.value))
    return replace(tournament, settings=settings.model_copy(update=update), players=players), changes


ExplainOption = Annotated[bool, typer.Option("--explain", help="Explain the pairing bracket by bracket "
                                             "(on stderr): floaters, unmet criteria, colour rules.")]


@app.command()
def pair(fmt: FormatOption = Format.table, explain: ExplainOption = False, print_: PrintOption = False) -> None:
    """Pair the next round and print it."""
    from arbiter_cli.pairing import PairingUnavailable, explain_round, pair_next_round
    from arbiter_cli.pairing.dutch import NoValidPairing

    _check_page(print_, None, fmt)
    with _writing() as (folder, tournament):
        settings = tournament.settings
        _not_finalised(tournament)
        for earlier in tournament.rounds:
            if earlier.missing:
                boards = ", ".join(str(b) for b in earlier.missing)
                raise Refused(f"round {earlier.number} still has no result on board"
                              f"{'s' if len(earlier.missing) > 1 else ''} {boards}")
        if settings.rounds is not None and tournament.last_round >= settings.rounds:
            raise Refused(f"all {settings.rounds} rounds are paired")
        if len(tournament.players) < 2:
            raise Refused("at least 2 players are needed to pair a round")
        prepared, changes = (_first_pairing(tournament) if not tournament.rounds else (tournament, []))
        prepared, requested = take_byes(prepared, prepared.last_round + 1)
        try:
            with slow_progress(f"pairing round {prepared.last_round + 1}", len(prepared.players)) as step:
                new_round = pair_next_round(prepared, requested, step)
        except PairingUnavailable as error:  # a system not implemented yet
            raise Refused(str(error)) from None
        except NoValidPairing as error:
            raise NoPairing(f"round {prepared.last_round + 1}: {error}") from None
        after = replace(prepared, rounds=(*prepared.rounds, new_round))
        changes.append(Change(f"round {new_round.number} paired", "",
                              _count(len(new_round.games), "board") + ", " + _count(len(new_round.byes), "bye")))
        for board in new_round.games:
            if board.result is not None:
                changes.append(Change(f"round {new_round.number} board {board.board} result", "",
                                      f"{board.result.value} (withdrawal)"))
        folder.save(tournament, after, _command_line(), changes)
    total = after.settings.rounds
    _say(f"round {new_round.number} of {total} paired")
    if print_:
        sys.stdout.write(print_sheets(_pairing_sheets(after, new_round)))
    else:
        emit(pairings_view(after, new_round), fmt)
    if explain:
        for line in explain_round(after, new_round.number):
            _say(line)


@app.command()
def pairings(
    round_number: Annotated[Optional[int], typer.Argument(metavar="ROUND", help="Default: the last paired round.")] = None,
    fmt: FormatOption = Format.table,
    explain: ExplainOption = False,
    print_: PrintOption = False,
    html: HtmlOption = None,
) -> None:
    """Print the pairings of a round."""
    from arbiter_cli.pairing import explain_round

    _check_page(print_, html, fmt)
    with _reading() as tournament:
        rnd = _round(tournament, round_number if round_number is not None else tournament.last_round)
    if print_ or html is not None:
        _page(_pairing_sheets(tournament, rnd), html, f"{tournament.settings.name}: round {rnd.number} pairings")
    else:
        emit(pairings_view(tournament, rnd), fmt)
    if explain:
        for line in explain_round(tournament, rnd.number):
            _say(line)


def _pairing_sheets(tournament: Tournament, rnd: Round) -> list[Sheet]:
    """The pairings for the wall: by board, then by name (players look for their own name)."""
    by_board, by_name = pairing_sheet_views(tournament, rnd)
    total = tournament.settings.rounds
    what = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    today = _today()
    return [sheet(by_board, page_header(tournament, f"{what} by board", today), shrink=("white_name", "black_name")),
            sheet(by_name, page_header(tournament, f"{what} by name", today), shrink=("name", "opponent"))]


def _round(tournament: Tournament, number: int) -> Round:
    if tournament.last_round == 0:
        raise Refused("no round has been paired yet (use 'arbiter pair')")
    rnd = tournament.round(number)
    if rnd is None:
        raise BadArgument(f"there is no round {number}; rounds 1 to {tournament.last_round} are paired",
                           field="ROUND")
    return rnd


# --------------------------------------------------------------------------- results


def _parse_result_arg(text: str, source: str | None = None, line: int | None = None,
                      field: str = "result") -> GameResult | None:
    try:
        return parse_result(text)
    except ValueError as error:
        raise BadArgument(str(error), source=source, line=line, field=field if source else "RESULT") from None


def _show(result: GameResult | None) -> str:
    return "none" if result is None else result.display


# ignore_unknown_options lets the forfeit codes -/+ and -/- through as arguments.
@app.command(context_settings={"ignore_unknown_options": True})
def result(
    round_number: Annotated[int, typer.Argument(metavar="ROUND")],
    board: Annotated[Optional[int], typer.Argument(metavar="BOARD")] = None,
    code: Annotated[Optional[str], typer.Argument(metavar="RESULT", help=RESULT_HELP)] = None,
    source: Annotated[Optional[str], typer.Option("--from", metavar="FILE|-", help=(
        "Enter many results: one 'BOARD RESULT' per line, optionally 'BOARD RESULT was OLD' to save "
        "nothing if the stored result is no longer OLD (none for no result)."))] = None,
    correct: Annotated[bool, typer.Option("--correct", help="Allow changing a result already entered.")] = False,
    excused: Annotated[bool, typer.Option("--excused", help="A forfeit whose loser gave notice: it does not "
                                          "count as a no-show without notice.")] = False,
    confirm: Annotated[bool, typer.Option("--confirm", help="Record a forfeit even though the event's "
                                          "no-show rule withdraws the player.")] = False,
) -> None:
    """Enter a result: 'arbiter result 3 5 1-0', or many with --from."""
    from arbiter_cli.final import final_outputs

    entries: list[tuple[int, GameResult | None, int | None, GameResult | None | str]] = []
    label = None
    unset = "unset"  # no 'was' given
    if source is not None:
        if board is not None or code is not None:
            raise BadArgument("give either BOARD RESULT or --from FILE, not both")
        label, text = _read_input(source)
        seen: dict[int, int] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) not in (2, 4) or (len(parts) == 4 and parts[2].lower() != "was"):
                raise BadArgument("expected 'BOARD RESULT' or 'BOARD RESULT was OLD'", source=label, line=number)
            if not parts[0].isdigit() or int(parts[0]) < 1:
                raise BadArgument(f"{parts[0]!r} is not a board number", source=label, line=number, field="board")
            board_number = int(parts[0])
            if board_number in seen:
                raise BadArgument(f"board {board_number} is already given on line {seen[board_number]}",
                                   source=label, line=number, field="board")
            seen[board_number] = number
            was: GameResult | None | str = unset
            if len(parts) == 4:
                was = None if parts[3].lower() == "none" else _parse_result_arg(parts[3], label, number, "was")
            entries.append((board_number, _parse_result_arg(parts[1], label, number), number, was))
        if not entries:
            raise BadArgument("no results in the input", source=label)
    else:
        if board is None or code is None:
            raise BadArgument("give BOARD and RESULT (for example: arbiter result 3 5 1-0), or --from FILE")
        entries.append((board, _parse_result_arg(code), None, unset))

    withdrawn: list[str] = []
    with _writing() as (folder, tournament):
        rnd = _round(tournament, round_number)
        finalised = tournament.settings.status is Status.FINALISED
        if finalised and not correct:
            raise Refused(f"the event was finalised on {tournament.settings.finalised_on}; give --correct "
                          "to change a result (the final standings are then stored again)")
        changes: list[Change] = []
        conflicts: list[str] = []
        stale: list[str] = []
        updated = rnd
        for board_number, new, line, was in entries:
            game = rnd.game(board_number)
            if game is None:
                raise BadArgument(f"round {round_number} has no board {board_number} "
                                   f"(boards 1 to {len(rnd.games)})", source=label, line=line,
                                   field="board" if label else "BOARD")
            if was != unset and game.result != was:
                stale.append(f"board {board_number}: stored {_show(game.result)}, yours {_show(new)} "
                             f"(based on {_show(was)})")  # type: ignore[arg-type]
                continue
            note = "excused" if excused and new is not None and not new.played else None
            if game.result == new and game.note == note:
                continue
            if game.result is not None and game.result != new and not correct and was == unset:
                conflicts.append(f"board {board_number} has {_show(game.result)}, not {_show(new)}")
                continue
            updated = replace(updated, games=tuple(
                replace(g, result=new, note=note) if g.board == board_number else g for g in updated.games))
            what = "correction" if game.result is not None else "result"
            changes.append(Change(f"round {round_number} board {board_number} {what}",
                                  "" if game.result is None else game.result.value,
                                  ("" if new is None else new.value) + (" (excused)" if note else "")))
        if stale:
            raise Refused(f"round {round_number}: nothing saved, because the stored result changed meanwhile: "
                          + "; ".join(stale))
        if conflicts:
            raise Refused(f"round {round_number}: " + "; ".join(conflicts) +
                          " (give --correct to change an entered result)")
        if changes:
            rounds = tuple(updated if r.number == round_number else r for r in tournament.rounds)
            after = replace(tournament, rounds=rounds)
            after, withdrawn, more = _apply_no_show_rule(after, rnd, updated, confirm, excused)
            changes += more
            outputs = None
            if finalised:
                outputs = final_outputs(after)
                changes.append(Change("final standings", "stored before the correction",
                                      "stored again: final/standings.csv, .json"))
            folder.save(tournament, after, _command_line(), changes, outputs=outputs)
    if not changes:
        _say(f"round {round_number}: nothing changed")
        return
    for change in changes:
        _say(f"{change.change}: {change.old or 'none'} -> {change.new or 'none'}")
    if finalised:
        from arbiter_cli.cli_club import update_club_ratings

        for line in update_club_ratings(STATE.directory):
            _say(line)
    for line in withdrawn:
        _say(line)
    for board in updated.games:
        earlier = rnd.game(board.board)
        if earlier is None or board.result is None or not board.result.played:
            continue
        for tpn in forfeit_losers(earlier):
            player = after.player(tpn)
            if player is not None and player.is_withdrawn:
                _say(f"note: {player.name} is still withdrawn (after round {player.withdrawn_after}); "
                     "correcting the forfeit does not undo the withdrawal")
    remaining = updated.missing
    if remaining:
        _say(f"round {round_number}: {len(remaining)} result{'s' if len(remaining) > 1 else ''} missing "
             f"(board{'s' if len(remaining) > 1 else ''} {', '.join(map(str, remaining))})")
    else:
        _say(f"round {round_number}: all results entered")


def _apply_no_show_rule(after: Tournament, old: Round, new: Round,
                        confirm: bool, excused: bool = False) -> tuple[Tournament, list[str], list[Change]]:
    """Withdraw the players whose new forfeit triggers the event's no-show rule (with --confirm)."""
    if after.settings.status is Status.FINALISED or new.number != after.last_round:
        return after, [], []  # a correction of an earlier round: the player has played on since
    newly = []
    for board in new.games:
        was = old.game(board.board)
        previously = set(forfeit_losers(was)) if was is not None else set()
        for loser in forfeit_losers(board):
            player = after.player(loser)
            if loser in previously or player is None or player.is_withdrawn:
                continue
            reason = withdrawal_reason(after, loser)
            if reason:
                newly.append((player, reason))
    if not newly:
        return after, [], []
    if not confirm:
        who = "; ".join(f"{p.name} (start number {p.start_number}): {reason}" for p, reason in newly)
        hint = "" if excused else ", or --excused if notice was given"
        raise Refused(f"this forfeit withdraws {who}. Nothing was saved: give --confirm to record it and "
                      f"withdraw{hint}")
    last = after.last_round
    lines: list[str] = []
    changes: list[Change] = []
    for player, reason in newly:
        after, dropped = _withdrawn(after, player.start_number, last)
        lines.append(f"{player.name} withdrawn after round {last}: {reason}")
        lines += [f"{change.change}: {change.old} dropped" for change in dropped]
        changes.append(Change(f"player {player.start_number} status", "active",
                              f"withdrawn after round {last} ({reason})"))
        changes += dropped
    return after, lines, changes


# --------------------------------------------------------------------------- standings


def _after_round(tournament: Tournament, after_round: int | None) -> int:
    last = tournament.last_round if after_round is None else after_round
    if not 0 <= last <= tournament.last_round:
        raise BadArgument(f"must be between 0 and {tournament.last_round}", field="--after-round")
    return last


RulesOption = Annotated[Optional[Rules], typer.Option(
    "--rules", case_sensitive=False, show_default=False,
    help="C.07 edition: 2026, 2024 or pre2023 (default: the tiebreak_rules setting, else by start date).")]
TiebreaksOption = Annotated[Optional[str], typer.Option(
    "--tiebreaks", help="Comma-separated C.07 codes, e.g. BH/C1,BH,SB,DE,WIN (default: the announced list).")]
PrintOption = Annotated[bool, typer.Option(
    "--print", help="A plain page for the wall: no colours, A4 width, page breaks; pipe it to lp.")]
HtmlOption = Annotated[Optional[str], typer.Option(
    "--html", metavar="FILE", show_default=False,
    help="Write the page for the wall as a standalone HTML file (A4 print styles) instead.")]


def _codes(tournament: Tournament, text: str | None) -> tuple[str, ...]:
    return _tiebreak_option(text) if text is not None else tournament.settings.effective_tiebreaks


def _check_page(print_: bool, html: str | None, fmt: Format) -> None:
    """Refuse the options that cannot go together: a page is not CSV or JSON, and one page is enough."""
    if print_ and html is not None:
        raise BadArgument("--print writes the page to stdout and --html to a file; give one of them")
    if print_ and fmt is not Format.table:
        raise BadArgument("--print makes a page for the printer; it cannot be combined with --format csv or json")
    if html is not None and fmt is not Format.table:
        raise BadArgument("--html makes a page for people; it cannot be combined with --format csv or json")
    if html is not None and not html.strip():
        raise BadArgument("--html needs the name of the file to write")
    if html is not None:
        _not_a_tournament_file(Path(html), html)


def _not_a_tournament_file(path: Path, given: str) -> None:
    """Refuse to overwrite a file of the tournament folder, or to put a page where reading would reject it."""
    try:
        inside = path.resolve().relative_to(STATE.directory.resolve()).parts
    except (ValueError, OSError, RuntimeError):  # outside the folder (or no path at all: writing will say)
        return
    if inside and (inside[0] in (ROUNDS_DIR, FINAL_DIR, SETTINGS_FILE, PLAYERS_FILE, JOURNAL_FILE, BYES_FILE)
                   or inside[0].startswith(".arbiter")):
        raise BadArgument(f"{given} is part of the tournament folder; write the HTML page to another file")


def _page(sheets: list[Sheet], html: str | None, title: str) -> None:
    """The sheets as a plain page on stdout, or as an HTML page written (atomically) to ``html``."""
    if html is None:
        sys.stdout.write(print_sheets(sheets))
        return
    path = Path(html)
    try:
        _atomic_write(path, html_page(sheets, title))
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise BadArgument(f"cannot write the HTML page to {html}: {reason}") from None
    _say(f"wrote {path}")


def _today() -> str:
    import datetime as dt

    return dt.date.today().isoformat()


@app.command()
def standings(
    after_round: Annotated[Optional[int], typer.Option("--after-round", help="Default: the last paired round.")] = None,
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
) -> None:
    """Print the standings: rank, points, record and the C.07 tie-breaks."""
    from arbiter_cli.lifecycle.standings import compute_standings

    _check_page(print_, html, fmt)
    with _reading() as tournament:
        last = _after_round(tournament, after_round)
        codes = _codes(tournament, tiebreaks)
        table = compute_standings(tournament, last, codes, rules=rules)
    notes = _standings_notes(table)
    for note in notes:
        _say(f"note: {note}")
    view = standings_view(tournament, table)
    if print_ or html is not None:
        header = page_header(tournament, f"Standings after round {table.after_round}"
                             f" (tie-breaks: C.07 {table.rules.value} rules)", _today())
        _page([sheet(view, header, notes=notes, leave_out=RECORD_KEYS)], html,
              f"{tournament.settings.name}: standings after round {table.after_round}")
        return
    emit(view, fmt)


def _standings_notes(table) -> list[str]:  # type: ignore[no-untyped-def]
    notes = []
    for number, boards in table.incomplete.items():
        notes.append(f"round {number} is not complete; no result yet on board"
                     f"{'s' if len(boards) > 1 else ''} {', '.join(map(str, boards))}")
    if table.unavailable:
        notes.append(f"{', '.join(table.unavailable)}: team tie-break{'s' if len(table.unavailable) > 1 else ''}, "
                     "not used for individual standings")
    if table.dropped:
        notes.append(f"{', '.join(table.dropped)}: no values, because some players are unrated and no "
                     "unrated_rating was announced (C.07 Art. 10)")
    if table.cautions:
        notes.append(f"{', '.join(table.cautions)}: the 2026 rules do not allow Buchholz tie-breaks in a round "
                     "robin (C.07 Art. 8); computed as asked")
    if table.lots:
        notes.append("players still equal after the tie-breaks are ordered by lot (tiebreak_lots, from the seed)")
    if table.left_out:
        notes.append(f"{', '.join(table.left_out)}: withdrew having played fewer than half of the games; "
                     "their games do not count (round_robin_withdrawal = \"half\")")
    return notes


@app.command()
def crosstable(
    after_round: Annotated[Optional[int], typer.Option("--after-round", help="Default: the last paired round.")] = None,
    tiebreaks: TiebreaksOption = None,
    rules: RulesOption = None,
    fmt: FormatOption = Format.table,
    print_: PrintOption = False,
    html: HtmlOption = None,
) -> None:
    """Print the crosstable (the square table for a round robin), with rank and tie-breaks."""
    from arbiter_cli.lifecycle.crosstable import round_crosstable, square_crosstable

    _check_page(print_, html, fmt)
    with _reading() as tournament:
        last = _after_round(tournament, after_round)
        codes = _codes(tournament, tiebreaks)
        if tournament.settings.system.is_round_robin:
            table = square_crosstable(tournament, last, codes, rules)
        else:
            table = round_crosstable(tournament, last, codes, rules)
    view = crosstable_view(tournament, table)
    if print_ or html is not None:
        if tournament.settings.system is System.DOUBLE_ROUND_ROBIN:
            legend = ["1 ½ 0 games, both games in round order (1½); + - forfeits; ? no result yet"]
        elif tournament.settings.system.is_round_robin:
            legend = ["1 ½ 0 games; + - forfeits; ? no result yet"]
        else:
            legend = ["12w1: against no. 12 with White, won; 1 ½ 0 games; + - forfeits; ? no result yet",
                      "PAB pairing bye; FPB HPB ZPB full-, half-, zero-point bye"]
        header = page_header(tournament, f"Crosstable after round {table.after_round}", _today())
        page = sheet(view, header, notes=legend)
        page.width = fitting_width(page, PAGE_WIDTH, 100 if len(table.headings) <= 10 else 200)
        _page([page], html, f"{tournament.settings.name}: crosstable after round {table.after_round}")
        return
    emit(view, fmt)


# --------------------------------------------------------------------------- trf


def _load_trf(path: str):  # type: ignore[no-untyped-def]
    from arbiter_cli.trf import TrfError, parse_trf

    label, raw = _read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    try:
        return parse_trf(text)
    except TrfError as error:
        raise BadArgument(str(error).split(": ", 1)[-1], source=label, line=error.line, field=error.field) from None


@trf_app.command("pair")
def trf_pair(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF16, TRF-2026 or TRF(x); - for stdin.")],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the pairing here.")] = None,
) -> None:
    """Pair the next round of a TRF; print it in the JaVaFo/bbpPairings format."""
    from arbiter_cli.pairing.dutch import NoValidPairing, pair_round
    from arbiter_cli.trf import TrfError
    from arbiter_cli.trf.engine_output import format_pairs
    from arbiter_cli.trf.swiss import request_from_trf

    trf = _load_trf(source)
    try:
        request = request_from_trf(trf)
    except TrfError as error:
        raise BadArgument(str(error), source=source) from None
    try:
        with slow_progress(f"pairing round {request.round_number}", len(request.entrants)) as step:
            result = pair_round(request, step)
    except NoValidPairing as error:
        raise NoPairing(f"round {request.round_number}: {error}") from None
    text = format_pairs(result.pairs, result.bye)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
        _say(f"round {request.round_number}: {len(result.pairs)} boards written to {output}")


@trf_app.command("check")
def trf_check(
    source: Annotated[str, typer.Argument(metavar="FILE.trf", help="TRF16, TRF-2026 or TRF(x); - for stdin.")],
) -> None:
    """Re-pair every round of a TRF and report each pair that differs (exit 0 only when all agree)."""
    from arbiter_cli.pairing.dutch import NoValidPairing, pair_round
    from arbiter_cli.trf.swiss import paired_rounds, request_from_trf, round_pairing

    from arbiter_cli.trf import TrfError

    trf = _load_trf(source)
    rounds = paired_rounds(trf)
    if trf.total_rounds is None:
        _say(f"note: the file does not give the number of rounds (XXR or 142); taking {rounds}")
    differing = 0
    with slow_progress("checking rounds", rounds) as step:
        for number in range(1, rounds + 1):
            recorded, recorded_bye = round_pairing(trf, number)
            try:
                result = pair_round(request_from_trf(trf, number, default_total=rounds))
                ours, our_bye = set(result.pairs), result.bye
            except NoValidPairing:
                ours, our_bye = set(), None
            except TrfError as error:
                raise BadArgument(str(error), source=source) from None
            step(number)
            if ours == recorded and our_bye == recorded_bye:
                print(f"round {number}: identical ({len(recorded)} boards)", flush=True)
                continue
            differing += 1
            print(f"round {number}: differs")
            for white, black in sorted(recorded - ours):
                print(f"  file only:   {white} - {black}")
            for white, black in sorted(ours - recorded):
                print(f"  arbiter only: {white} - {black}")
            if our_bye != recorded_bye:
                print(f"  PAB: file {recorded_bye or 'none'}, arbiter {our_bye or 'none'}")
            sys.stdout.flush()
    if differing:
        raise Refused(f"{differing} of {rounds} rounds differ from the Dutch system (2026 rules)")
    _say(f"all {rounds} rounds are identical")


@trf_app.command("generate")
def trf_generate(
    output: Annotated[Path, typer.Option("--output", "-o", help="The TRF file to write.")],
    players: Annotated[int, typer.Option("--players", min=2, help="Number of players.")],
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Number of rounds.")],
    seed: Annotated[int, typer.Option("--seed", help="The same seed always gives the same file.")] = 1,
    draw_rate: Annotated[float, typer.Option("--draw-rate", min=0.0, max=1.0)] = 0.3,
    forfeit_rate: Annotated[float, typer.Option("--forfeit-rate", min=0.0, max=1.0)] = 0.02,
    bye_rate: Annotated[float, typer.Option("--bye-rate", min=0.0, max=1.0,
                                            help="Chance that a player asks for a half-point bye.")] = 0.02,
) -> None:
    """Write a random Swiss tournament, paired round by round with arbiter's Dutch engine."""
    from arbiter_cli.trf.generate import generate_tournament

    with slow_progress("generating rounds", rounds) as step:
        text = generate_tournament(players, rounds, seed, draw_rate, forfeit_rate, bye_rate, progress=step)
    output.write_text(text, encoding="utf-8")
    _say(f"wrote {output}: {players} players, {rounds} rounds (seed {seed})")


# The commands of an event's life (bye, unpair, finalize) live in their own module.
from arbiter_cli import cli_event  # noqa: E402,F401  (registers its commands on app)
from arbiter_cli import cli_trf  # noqa: E402,F401  (registers import, export and trf standings)
from arbiter_cli import cli_club  # noqa: E402,F401  (club, member, ratings)

# --------------------------------------------------------------------------- entry point


def _narrowed(argv: list[str]) -> typer.Typer:
    """The app with only the top-level command being run, when the command line
    names one: Typer builds every command's parser at each start (about 35 ms for
    all of them), and a venue laptop runs short commands all day. Anything else
    (help, the version, a group such as ``player``, a typo) gets the whole app,
    so its messages are unchanged."""
    position = 0
    while position < len(argv):
        token = argv[position]
        if token in ("--dir", "-d"):
            position += 2
        elif token.startswith(("--dir=", "-d")):  # --dir=DIR, -dDIR
            position += 1
        else:
            break
    if position >= len(argv) or argv[position].startswith("-"):
        return app
    name = argv[position]
    chosen = [command for command in app.registered_commands
              if (command.name or typer.main.get_command_name(command.callback.__name__)) == name]
    if len(chosen) != 1:
        return app
    narrowed = _new_app()
    narrowed.registered_callback = app.registered_callback
    narrowed.registered_commands = chosen
    return narrowed


def main(argv: list[str] | None = None) -> None:
    """Run the command line; turn every failure into one line on stderr and an exit code."""
    try:
        arguments = sys.argv[1:] if argv is None else list(argv)
        code = _narrowed(arguments)(args=arguments, prog_name="arbiter", standalone_mode=False)
    except DomainError as error:
        _fail(str(error), exit_code(error))
    except TyperException as error:  # the command-line parser's errors (Typer's own click)
        ctx = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and ctx is not None:
            print(ctx.get_help(), file=sys.stderr)
            sys.exit(2)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        _fail(error.format_message() + hint, error.exit_code)
    except typer.Abort:
        _fail("aborted", 130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except Exception as error:  # noqa: BLE001 - the last line of defence
        if os.environ.get("ARBITER_DEBUG"):
            raise
        _fail(f"internal error: {type(error).__name__}: {error} (set ARBITER_DEBUG=1 for the traceback)", 1)
    sys.exit(code if isinstance(code, int) else 0)


def exit_code(error: DomainError) -> int:
    """The exit code of a domain error (the README's table): the one place they are mapped."""
    match error:
        case BadArgument():
            return 2
        case BrokenFolder():
            return 3
        case Refused():
            return 4
        case Busy():
            return 5
        case NoPairing():
            return 6
    return 1  # a DomainError of no listed kind: a bug


def _fail(message: str, code: int) -> None:
    sys.stdout.flush()
    print(f"arbiter: error: {message}", file=sys.stderr)
    sys.exit(code)
