"""What every command shares: the folder option, the output options, messages on stderr, reading
input files, and the :class:`Terminal` through which an event shows what it did.

A command parses its arguments, opens the folder as its event (:func:`event`, the one call
that chooses the kind) and makes one call on it. Nothing here decides a rule of the tournament,
nor which kind of event a folder holds: that is :mod:`arbiter_cli.events`.
"""

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

from arbiter_cli.cli.params import Option
from arbiter_cli.core.errors import BadArgument, DomainError
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.render.output import Format, View, emit, say_plain, slow_progress, stderr_console

if TYPE_CHECKING:
    import click

    from arbiter_cli.events.base import Event
    from arbiter_cli.render.printing import Sheet

__all__ = ["STATE", "FormatOption", "RulesOption", "TiebreaksOption", "PrintOption", "HtmlOption", "ExplainOption",
           "GroupOption", "say", "command_line", "output_file", "read_bytes", "read_input", "arguments", "author", "waiting",
           "Terminal", "check_page", "event", "club", "no_such_option", "unknown_option", "output_hint"]


class State:
    """The options of the ``arbiter`` command itself (before the subcommand)."""

    def __init__(self) -> None:
        self.directory = Path(".")
        self.by = ""  # --by, or ARBITER_USER
        self.stage = ""  # a group event's stage the command runs on (--group): 'stages/B/', before its files' names


STATE = State()

FormatOption = Annotated[Format, Option("--format", "-f", help="Output: table, csv or json.",
                                        case_sensitive=False)]
RulesOption = Annotated[Optional[Rules], Option(
    "--rules", case_sensitive=False, show_default=False,
    help="C.07 edition: 2026, 2024 or pre2023 (default: the tiebreak_rules setting, else by start date).")]
TiebreaksOption = Annotated[Optional[str], Option(
    "--tiebreaks", help="Comma-separated C.07 codes, e.g. BH/C1,BH,SB,DE,WIN (default: the announced list).")]
PrintOption = Annotated[bool, Option(
    "--print", help="A plain page for the wall: no colours, A4 width, page breaks; pipe it to lp.")]
HtmlOption = Annotated[Optional[str], Option(
    "--html", metavar="FILE", show_default=False,
    help="Write the page for the wall as a standalone HTML file (A4 print styles) instead.")]
ExplainOption = Annotated[bool, Option("--explain", help="Explain the pairing bracket by bracket "
                                       "(on stderr): floaters, unmet criteria, colour rules.")]
GroupOption = Annotated[Optional[str], Option(
    "--group", metavar="NAME", show_default=False,
    help="A group event: the stage, a group's letter (A, B, ...) or 'final'.")]


def no_such_option(value: str, known: Sequence[str]) -> str:
    """The line for an option the command does not have, with the nearest one it does."""
    import difflib

    near = difflib.get_close_matches(value.split("=", 1)[0], list(known), n=1)
    return f"no such option: {value}" + (f" (did you mean {near[0]}?)" if near else "")


def unknown_option(command: "click.Command", argv: Sequence[str]) -> str | None:
    """The line for the first ``--option`` of ``argv`` that ``command`` does not have, or None.

    A command that takes the forfeit codes (``-/+``) as arguments lets unknown options through as
    arguments too, so the parser's own message blamed the next argument ("Invalid value for
    'ROUND'") or called the option an extra argument; the arbiter mistyped an option."""
    known = [name for parameter in command.params for name in (*parameter.opts, *parameter.secondary_opts)]
    known.append("--help")
    for token in argv:
        if token == "--":
            break
        if token.startswith("--") and token.split("=", 1)[0] not in known:
            return no_such_option(token, [name for name in known if name.startswith("--")])
    return None


def output_hint(command: "click.Command", argv: Sequence[str], message: str) -> str | None:
    """The line for a file named as an argument to a command that writes one with ``-o``
    (``arbiter export out.trf``), or None: the parser only said "unexpected extra argument"."""
    import re

    found = re.search(r"unexpected extra argument.*\((.+)\)$", message)
    writes = any("--output" in parameter.opts for parameter in command.params) and not any(
        word in ("-o", "--output") or word.startswith(("-o", "--output=")) for word in argv)
    if found is None or not writes or (extra := found.group(1).split()[0]).startswith("-"):
        return None
    import shlex

    return f"unexpected argument: {extra} (a file to write is given with -o: -o {shlex.quote(extra)})"


def say(message: str) -> None:
    """A message for the person: stderr, never stdout (as Rich prints it; a plain line without Rich,
    :func:`~arbiter_cli.render.output.say_plain`)."""
    if not say_plain(message):
        stderr_console().print(message, markup=False, highlight=False, soft_wrap=True)


def command_line() -> str:
    """The command as typed, for the journal (shlex and getpass are loaded by the commands that write one
    only: start-up, issue 29)."""
    import shlex

    return " ".join(shlex.quote(a) for a in ["arbiter", *sys.argv[1:]])


def author() -> str:
    """Who makes this change, for the journal: ``--by``, else ``ARBITER_USER``, else the login name."""
    if STATE.by:
        return STATE.by
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name known (a container, say)
        return ""


def waiting(message: str) -> None:
    """Say that the command waits for a folder (see :meth:`FolderStore.lock`)."""
    say(f"note: {message}")


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
            raw = getattr(sys.stdin, "buffer", None)  # a text stream without bytes under it (in process): its text
            data = raw.read(MAX_INPUT_BYTES + 1) if raw is not None else \
                sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8")
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
    """A UTF-8 text input (``-`` is stdin, read as a file is: a byte-order mark a spreadsheet left, and
    Windows line ends, taken as a file's are; the trial of issue 29 met a BOM refused on stdin alone)."""
    label, data = read_bytes(path)
    try:
        return label, data.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError as error:
        raise BadArgument("the file is not UTF-8 text: save it as UTF-8 (a spreadsheet's \"CSV UTF-8\")",
                          source=label, line=data[:error.start].count(b"\n") + 1) from None


class Terminal:
    """The command line as the events' :class:`~arbiter_cli.events.base.Caller`: messages on
    stderr, views in ``--format`` on stdout, pages for the wall printed (``--print``) or written
    as HTML (``--html FILE``), input files and stdin read whole."""

    def __init__(self, fmt: Format = Format.table, print_: bool = False, html: str | None = None) -> None:
        self._format = fmt
        self._print = print_
        self._html = html

    @property
    def command(self) -> str:
        return command_line()

    @property
    def by(self) -> str:
        return author()

    @property
    def format(self) -> Format:
        return self._format

    @property
    def page(self) -> bool:
        return self._print or self._html is not None

    @property
    def terminal(self) -> bool:
        return sys.stdout.isatty()

    def say(self, message: str) -> None:
        say(message)

    def show(self, view: View) -> None:
        emit(view, self._format)

    def show_page(self, sheets: Sequence["Sheet"], title: str) -> None:
        """The sheets as a plain page on stdout, or as an HTML page written (atomically) to ``--html``."""
        from arbiter_cli.render.printing import print_sheets

        if self._html is None:
            sys.stdout.write(print_sheets(sheets))
            return
        from arbiter_cli.render.html import html_page
        from arbiter_cli.store.outputs import write_output

        path = Path(self._html)
        write_output(path, html_page(sheets, title), what="the HTML page")
        say(f"wrote {path}")

    def write(self, text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    def progress(self, label: str, total: int) -> AbstractContextManager[Callable[..., None]]:
        return slow_progress(label, total)

    def read_text(self, source: str) -> tuple[str, str]:
        return read_input(source)

    def read_bytes(self, source: str) -> tuple[str, bytes]:
        return read_bytes(source)

    def waiting(self, message: str) -> None:
        waiting(message)


def output_file(path: Path | None) -> Path | None:
    """An ``-o`` option's file, or None for stdout: none given, or ``-`` (as every Unix tool reads it)."""
    return None if path is None or str(path) == "-" else path


def check_page(print_: bool, html: str | None, fmt: Format) -> None:
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
        from arbiter_cli.store.outputs import check_output

        check_output(Path(html), what="the HTML page")


def event(group: str | None = None, fmt: Format = Format.table, print_: bool = False,
          html: str | None = None) -> "Event":
    """The folder the command works on (``-d``), opened as its kind of event (``group``: a group
    event's stage, ``--group NAME``), showing through a :class:`Terminal`."""
    from arbiter_cli.events.registry import open_event

    opened = open_event(STATE.directory, Terminal(fmt, print_, html), group)
    STATE.stage = opened.stage  # errors of a stage name its files from the event's folder
    return opened


def club(fmt: Format = Format.table) -> "Event":
    """The club a club command works on: the folder (``-d``), or the club of the tournament in it."""
    from arbiter_cli.events.registry import open_club

    return open_club(STATE.directory, Terminal(fmt))
