"""What every command shares: the folder option, the output options, messages on stderr,
reading input files, and loading and saving the folder under its lock.

Nothing here decides a rule of the tournament: that is the lifecycle's job.
"""

from __future__ import annotations

import getpass
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer

from arbiter_cli.core.errors import BadArgument, BrokenFolder, DomainError, Refused
from arbiter_cli.core.model import Tournament
from arbiter_cli.core.tiebreak_codes import Rules, parse_tiebreak_list
from arbiter_cli.core.words import count
from arbiter_cli.render.output import Format, stderr_console
from arbiter_cli.store.tournament import TournamentFolder

__all__ = ["STATE", "FormatOption", "RulesOption", "TiebreaksOption", "PrintOption", "HtmlOption", "ExplainOption",
           "say", "command_line", "reading", "writing", "read_bytes", "read_input", "arguments", "tiebreak_option",
           "codes", "today", "count", "author", "waiting"]


@dataclass
class State:
    """The options of the ``arbiter`` command itself (before the subcommand)."""

    directory: Path = Path(".")
    by: str = ""  # --by, or ARBITER_USER
    stage: str = ""  # a group event's stage the command runs on (--group): 'stages/B/', before its files' names


STATE = State()

FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output: table, csv or json.",
                                              case_sensitive=False)]
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
ExplainOption = Annotated[bool, typer.Option("--explain", help="Explain the pairing bracket by bracket "
                                             "(on stderr): floaters, unmet criteria, colour rules.")]


def say(message: str) -> None:
    """A message for the person: stderr, never stdout."""
    stderr_console().print(message, markup=False, highlight=False, soft_wrap=True)


def command_line() -> str:
    """The command as typed, for the journal."""
    return " ".join(shlex.quote(a) for a in ["arbiter", *sys.argv[1:]])


def today() -> str:
    import datetime as dt

    return dt.date.today().isoformat()


def _individual(folder: TournamentFolder, registration: bool = False) -> TournamentFolder:
    """The folder, if it holds an individual event; a team event's folder is refused with what to use.
    A knockout's folder is read as an individual event's settings and players by the registration
    commands (``registration``), and refused by the others. A group event's top folder is read as its
    registration (:mod:`arbiter_cli.store.group_folder`)."""
    from arbiter_cli.store.group_folder import GroupFolder, is_group_folder
    from arbiter_cli.store.knockout_folder import KnockoutFolder, is_knockout_folder
    from arbiter_cli.store.team_folder import is_team_folder

    if is_group_folder(folder.path):
        return GroupFolder(folder.path)
    if is_knockout_folder(folder.path):
        if registration:
            return KnockoutFolder(folder.path)
        where = "this folder" if str(folder.path) in (".", "") else str(folder.path)
        raise Refused(f"{where} holds a knockout: this command is for Swiss and round-robin events (a knockout "
                      "takes player add/import/list/remove/withdraw, pair, pairings, result, bracket, standings, "
                      "export, verify, log, finalize)")
    if is_team_folder(folder.path):
        where = "this folder" if str(folder.path) in (".", "") else str(folder.path)
        raise Refused(f"{where} holds a team event: this command is for individual events (see 'arbiter team "
                      "--help'; pair, pairings, result, standings, crosstable, unpair, finalize work on teams too)")
    return folder


@contextmanager
def reading(*, check: bool = True, registration: bool = False) -> Iterator[Tournament]:
    """The tournament, read under a shared lock (``check``: refuse an unsound event, see
    :meth:`TournamentFolder.load`; ``registration``: a knockout's players too)."""
    folder = _individual(TournamentFolder(STATE.directory), registration)
    with folder.lock(exclusive=False, waiting=waiting):
        yield folder.load(check=check)


@contextmanager
def writing(*, registration: bool = False) -> Iterator[tuple[TournamentFolder, Tournament]]:
    """The folder and its tournament, under the exclusive lock: save before leaving (``registration``:
    a knockout's players too)."""
    folder = _individual(TournamentFolder(STATE.directory), registration)
    folder.by = author()
    with folder.lock(exclusive=True, holder=command_line(), waiting=waiting):
        yield folder, folder.load()


def author() -> str:
    """Who makes this change, for the journal: ``--by``, else ``ARBITER_USER``, else the login name."""
    if STATE.by:
        return STATE.by
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name known (a container, say)
        return ""


def waiting(message: str) -> None:
    """Say that the command waits for a folder (see :meth:`FolderStore.lock`)."""
    say(f"note: {message}")


@contextmanager
def in_stage(prefix: str) -> Iterator[None]:
    """Errors of a group event's stage folder name its files from the event's folder: a broken
    ``rounds/02.csv`` of group B is ``stages/B/rounds/02.csv`` (``prefix``: ``stages/B/``)."""
    try:
        yield
    except BrokenFolder as error:
        raise staged(error, prefix) from None


def staged(error: DomainError, prefix: str) -> DomainError:
    """``error`` with ``prefix`` before its file, when it names a file of the folder (a relative
    path not named so already)."""
    if not prefix or not isinstance(error, BrokenFolder) or not error.source or error.source.startswith(prefix) \
            or Path(error.source).is_absolute():
        return error
    return error.at(source=prefix + error.source)


@contextmanager
def arguments(**names: str) -> Iterator[None]:
    """Name the command-line arguments in the errors of the acts called inside.

    An act names a bad argument by its parameter (``after_round``); the person typed an
    option or an argument (``--after-round``, ``ID``). An error that names a file keeps
    its fields: they are the file's columns.
    """
    try:
        yield
    except DomainError as error:
        if error.source is None and error.field in names:
            raise error.at(field=names[error.field]) from error.__cause__
        raise


#: The largest input file read (a TRF of 10,000 players and 99 rounds is about 10 MB): a bigger
#: one, or an endless stream such as /dev/urandom, is refused rather than read until memory runs out.
MAX_INPUT_BYTES = 64 * 1024 * 1024


def read_bytes(path: str) -> tuple[str, bytes]:
    """An input file's bytes (``-`` is stdin), with its label for messages."""
    label = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                data = stream.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        raise BadArgument("no such file", source=path) from None
    except OSError as error:
        raise BadArgument(f"cannot read: {error.strerror}", source=path) from None
    if len(data) > MAX_INPUT_BYTES:
        raise BadArgument(f"the input is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB: not a file arbiter reads",
                          source=label)
    return label, data


def read_input(path: str) -> tuple[str, str]:
    """A UTF-8 text input (``-`` is stdin)."""
    if path == "-":
        return "<stdin>", sys.stdin.read()
    label, data = read_bytes(path)
    try:
        return label, data.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError:
        raise BadArgument("the file is not UTF-8 text", source=label) from None


def tiebreak_option(text: str | None) -> tuple[str, ...]:
    """``--tiebreaks``: C.07 codes, or ``none`` for no tie-break at all (an empty list is a mistake)."""
    if text is not None and not text.replace(",", " ").strip():
        raise BadArgument("give at least one tie-break code, or 'none' for no tie-break", field="--tiebreaks")
    if text is not None and text.strip().lower() == "none":
        return ()
    try:
        return parse_tiebreak_list(text or "")
    except ValueError as error:
        raise BadArgument(str(error), field="--tiebreaks") from None


def codes(tournament: Tournament, text: str | None) -> tuple[str, ...]:
    """The tie-breaks asked for with ``--tiebreaks``, else the announced ones."""
    return tiebreak_option(text) if text is not None else tournament.settings.effective_tiebreaks
