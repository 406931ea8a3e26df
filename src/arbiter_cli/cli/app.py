"""The ``arbiter`` command line: the table of commands, the entry point, and the exit codes.

Every command works on the tournament folder in the current directory, or the
one named by ``-d/--dir`` or ``ARBITER_DIR``. Data goes to stdout; messages and
errors go to stderr. Each command parses its arguments, opens the folder as its
kind of event and makes one call on it (:mod:`arbiter_cli.events`), which shows
what it did through the command line's :class:`~arbiter_cli.cli.common.Terminal`. A domain error becomes one line
on stderr and its exit code (:func:`exit_code`, docs/reference/exit-codes.md).
"""

import errno
import os
import sys
from importlib import import_module
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, NoReturn, Optional, TextIO, cast

from arbiter_cli import __version__
from arbiter_cli.cli.common import STATE, no_such_option, output_hint, say, unknown_option
from arbiter_cli.cli.interrupt import INTERRUPT
from arbiter_cli.cli.params import Option, path_as_typer_reads, typed
from arbiter_cli.store.commits import COMMITS
from arbiter_cli.core.errors import BadArgument, BrokenFolder, Busy, DomainError, NoPairing, Refused
from arbiter_cli.core.text import printable

if TYPE_CHECKING:
    import typer

__all__ = ["COMMANDS", "GROUPS", "QUICK", "QUICK_IN_GROUPS", "QUICK_WITH_PATH", "build", "main", "exit_code", "interrupted"]


class Command(NamedTuple):
    """A command: its name, the function that runs it (``module.function`` of this package: the
    module is imported when the command is built, so that a command loads its own module only),
    and its Click context settings, if any. (A named tuple: made at every start, it costs a sixth
    of a frozen dataclass, issue 29.)"""

    name: str
    function: str
    context: dict[str, Any] | None = None

    @property
    def run(self) -> Callable[..., None]:
        """The function that runs the command."""
        return _function(self.function)


class Group(NamedTuple):
    """A group of commands (``arbiter player add``), with its help; ``run`` runs when it is
    called without a subcommand (``arbiter ratings``)."""

    name: str
    help: str
    commands: tuple[Command, ...]
    function: str | None = None

    @property
    def run(self) -> Callable[..., None] | None:
        """The function that runs the group without a subcommand, if it has one."""
        return None if self.function is None else _function(self.function)


def _function(name: str) -> Callable[..., None]:
    """A function of this package's modules by its name, ``module.function``, its module imported now."""
    module, _, function = name.partition(".")
    found: Callable[..., None] = getattr(import_module(f"{__package__}.{module}"), function)
    return found


#: The commands, in the order ``arbiter --help`` lists them.
COMMANDS: tuple[Command, ...] = (
    Command("new", "event.new"),
    Command("pair", "rounds.pair"),
    Command("pairings", "rounds.pairings"),
    # ignore_unknown_options lets the forfeit codes -/+ and -/- through as arguments.
    Command("result", "results.result", {"ignore_unknown_options": True}),
    Command("standings", "reports.standings"),
    Command("crosstable", "reports.crosstable"),
    Command("rating-report", "reports.rating_report"),
    Command("bracket", "knockout.bracket"),
    Command("bye", "rounds.bye", {"ignore_unknown_options": False}),
    Command("lineup", "teams.lineup"),
    Command("avoid", "pairing_rules.avoid"),
    Command("acceleration", "pairing_rules.acceleration", {"ignore_unknown_options": True}),  # set P R -1
    Command("unpair", "rounds.unpair"),
    Command("prizes", "prizes.prizes"),
    Command("finalize", "finish.finalize"),
    Command("import", "trf.import_command"),
    Command("export", "trf.export_command"),
    Command("verify", "audit.verify"),
    Command("log", "audit.log"),
    Command("publish", "publish.publish"),
    Command("serve", "serve.serve"),
)

GROUPS: tuple[Group, ...] = (
    Group("player", "Register, import, list and withdraw players.", (
        Command("add", "players.player_add"), Command("import", "players.player_import"),
        Command("list", "players.player_list"), Command("remove", "players.player_remove"),
        Command("withdraw", "players.player_withdraw"), Command("set-k", "players.player_set_k"),
        Command("update-ratings", "players.player_update_ratings"), Command("reinstate", "players.player_reinstate"))),
    Group("team", "A team event: register teams and their rosters, list them, withdraw a team.", (
        Command("add", "teams.team_add"), Command("import", "teams.team_import"), Command("list", "teams.team_list"),
        Command("remove", "teams.team_remove"),
        Command("roster", "teams.team_roster"), Command("withdraw", "teams.team_withdraw"), Command("bye", "teams.team_bye"),
        Command("card", "teams.team_card"), Command("boards", "teams.team_boards"))),
    Group("groups", "A group stage: show the groups, or set them by hand before they start.", (
        Command("show", "groups.groups_show"), Command("set", "groups.groups_set"))),
    Group("pairing", "Change the last round's pairing by hand (checked against the Dutch criteria).", (
        Command("swap", "pairing_rules.pairing_swap"), Command("set", "pairing_rules.pairing_set"))),
    Group("trf", "Pair and check Tournament Report Files (the FIDE Dutch system, 2026 rules).", (
        Command("pair", "trf.trf_pair"), Command("check", "trf.trf_check"), Command("generate", "trf.trf_generate"),
        Command("standings", "trf.trf_standings"))),
    Group("club", "Create a club: members with club ratings per time control.", (
        Command("new", "club.club_new"),)),
    Group("member", "The club's members and their initial ratings.", (
        Command("add", "club.member_add"), Command("import", "club.member_import"), Command("list", "club.member_list"),
        Command("set-initial", "club.member_set_initial"), Command("remove", "club.member_remove"))),
    Group("ratings", "Club ratings (FIDE B.02) from the club's finalised tournaments.", (
        Command("changes", "club.ratings_changes"), Command("history", "club.ratings_history"),
        Command("recompute", "club.ratings_recompute")), function="club.ratings"),
    Group("lists", "FIDE's and national rating lists, kept in the user's data folder: load, find, show.", (
        Command("load", "lists.lists_load"), Command("find", "lists.lists_find"), Command("show", "lists.lists_show"))),
    Group("access", "Who may sign in to result entry in the browser (arbiter serve): add, list, remove.", (
        Command("add", "access.access_add"), Command("list", "access.access_list"),
        Command("remove", "access.access_remove"))),
    Group("settings", "The event's settings: show them, or change one with a check and a journal line (set, unset).", (
        Command("set", "settings.settings_set", {"ignore_unknown_options": True}),  # scoring.loss -1 reaches the check
        Command("unset", "settings.settings_unset")), function="settings.settings"),
)


def _print_version(value: bool) -> None:
    if value:
        import typer

        typer.echo(f"arbiter {__version__}")
        raise typer.Exit(0)


def _options(
    directory: Annotated[Optional[Path], Option(
        "--dir", "-d", envvar="ARBITER_DIR", help="The tournament folder (default: the current folder).",
        show_default=False)] = None,
    by: Annotated[Optional[str], Option(
        "--by", envvar="ARBITER_USER", metavar="NAME", show_default=False,
        help="Who makes the change, for the journal (default: the login name).")] = None,
    version: Annotated[bool, Option("--version", help="Print the version and exit.",
                                    callback=_print_version, is_eager=True)] = False,
) -> None:
    STATE.directory = directory or Path(".")
    STATE.by = (by or "").strip()
    STATE.stage = ""
    try:
        printable(STATE.by)
    except ValueError as error:
        raise BadArgument(str(error), field="--by") from None


def build(commands: Sequence[Command] = COMMANDS, groups: Sequence[Group] = GROUPS) -> "typer.Typer":
    """The ``arbiter`` app with these commands and groups."""
    import typer

    from arbiter_cli.cli.values import QuickCommand, QuickGroup

    app = typer.Typer(name="arbiter", help="Run chess tournaments from a folder of plain files: players, pairings, "
                      "results, standings.", no_args_is_help=True, add_completion=True,
                      pretty_exceptions_enable=False, rich_markup_mode=None, cls=QuickGroup)
    app.callback()(typed(_options))
    for command in commands:
        app.command(command.name, context_settings=command.context or None, cls=QuickCommand)(typed(command.run))
    for group in groups:
        run = group.run
        sub = (typer.Typer(help=group.help, invoke_without_command=True, cls=QuickGroup) if run is not None
               else typer.Typer(help=group.help, no_args_is_help=True, cls=QuickGroup))
        if run is not None:
            sub.callback()(typed(run))
        for command in group.commands:
            sub.command(command.name, context_settings=command.context or None, cls=QuickCommand)(typed(command.run))
        app.add_typer(sub, name=group.name)
    return app


def _narrowed(argv: list[str]) -> "typer.Typer":
    """The app with only the top-level command or group being run, when the command line
    names one: Typer builds every command's parser at each start, and a venue laptop runs
    short commands all day. Anything else (help, the version, a typo) gets the whole app,
    so its messages are unchanged."""
    position = 0
    while position < len(argv):
        token = argv[position]
        if token in ("--dir", "-d", "--by"):
            position += 2
        elif token.startswith(("--dir=", "-d", "--by=")):  # --dir=DIR, -dDIR, --by=NAME
            position += 1
        else:
            break
    if position >= len(argv) or argv[position].startswith("-"):
        return build()
    name = argv[position]
    commands = [command for command in COMMANDS if command.name == name]
    groups = [group for group in GROUPS if group.name == name]
    if len(commands) + len(groups) != 1:
        return build()
    return build(commands, groups)


def _after(name: str | None, argv: list[str]) -> list[str]:
    """The command line's words after the command ``name`` (the global options come before it)."""
    return argv[argv.index(name) + 1:] if name in argv else []


def exit_code(error: DomainError) -> int:
    """The exit code of a domain error (docs/reference/exit-codes.md): the one place they are mapped."""
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


#: The commands run without Typer when nothing but ``-d/--dir`` and ``--by`` comes before their name and
#: nothing after it (``arbiter pair``, ``arbiter -d FOLDER standings``): their function is called as Typer
#: calls it then, with its defaults (tests/cli/test_quick_commands.py checks that Typer passes those),
#: after :func:`_options`. A venue laptop runs them all day, and Typer was about a tenth of their start
#: (issue 29). Anything else on the command line goes through Typer, whose messages it keeps.
QUICK: frozenset[str] = frozenset({"pair", "pairings", "standings", "crosstable", "verify", "log", "prizes"})
#: The commands of a group run without Typer, as :data:`QUICK`'s (``arbiter team card``: every team's card).
QUICK_IN_GROUPS: frozenset[tuple[str, str]] = frozenset({("team", "card"), ("team", "boards")})
#: The commands run without Typer, as :data:`QUICK`'s, when one word follows their name and nothing else:
#: their argument, a path (``arbiter publish SITE``; its function's first parameter), which does not
#: start with ``-`` and which Typer would take (:func:`path_as_typer_reads`).
QUICK_WITH_PATH: frozenset[str] = frozenset({"publish"})


def _quick(argv: list[str]) -> Callable[[], object] | None:
    """The command of ``argv`` that runs without Typer (:data:`QUICK`, :data:`QUICK_IN_GROUPS`, :data:`QUICK_WITH_PATH`), with the
    global options given, or None: Typer's then. An option repeated, a value that is empty or looks like an
    option, a path Typer would refuse, or shell completion asked for (``_ARBITER_COMPLETE``) is Typer's."""
    if not argv or os.environ.get("_ARBITER_COMPLETE"):
        return None
    argument: Path | None = None
    group = ""
    if argv[-1] in QUICK:
        command_name, words = argv[-1], argv[:-1]
    elif len(argv) >= 2 and (argv[-2], argv[-1]) in QUICK_IN_GROUPS:
        group, command_name, words = argv[-2], argv[-1], argv[:-2]
    elif len(argv) >= 2 and argv[-2] in QUICK_WITH_PATH and argv[-1] and not argv[-1].startswith("-"):
        command_name, words = argv[-2], argv[:-2]
        argument = path_as_typer_reads(Path(argv[-1]))
        if argument is None:
            return None
    else:
        return None
    given: dict[str, str] = {}
    position = 0
    while position < len(words):
        name, equals, value = words[position].partition("=")
        if equals and name in ("--dir", "--by"):  # --dir=DIR, --by=NAME
            position += 1
        elif not equals and name in ("--dir", "-d", "--by") and position + 1 < len(words):
            name, value = "--dir" if name == "-d" else name, words[position + 1]
            position += 2
        else:
            return None
        if name in given or not value or value.startswith("-"):
            return None
        given[name] = value
    # Given, or else from the environment when set and not empty (as Typer reads them).
    folder = given.get("--dir") or os.environ.get("ARBITER_DIR") or None
    by = given.get("--by") or os.environ.get("ARBITER_USER") or None
    directory = None if folder is None else path_as_typer_reads(Path(folder))
    if folder is not None and directory is None:
        return None
    commands = next(g.commands for g in GROUPS if g.name == group) if group else COMMANDS
    run = next(command for command in commands if command.name == command_name).run

    def quick() -> object:
        _options(directory, by, False)
        return run() if argument is None else run(argument)
    return quick


def _run_quick(quick: Callable[[], object]) -> object:
    """Run a command without Typer as Typer's ``main`` runs one: Ctrl-C is exit code 130, the end of the
    input an abort (after an empty line), a broken pipe exit 1 with the streams quiet from then on."""
    try:
        return quick()
    except KeyboardInterrupt:
        return INTERRUPT.code
    except EOFError:
        print(file=sys.stderr)
        _fail("aborted", 130)
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        from typer._click.utils import PacifyFlushWrapper

        sys.stdout = cast(TextIO, PacifyFlushWrapper(sys.stdout))
        sys.stderr = cast(TextIO, PacifyFlushWrapper(sys.stderr))
        sys.exit(1)
    return None  # pragma: no cover - _fail leaves


def _run_typer(arguments: list[str]) -> object:
    """Run the command line through Typer; its parser's errors become one line on stderr and an exit code."""
    import typer
    from typer.exceptions import TyperException

    try:
        return _narrowed(arguments)(args=arguments, prog_name="arbiter", standalone_mode=False)
    except TyperException as error:  # the command-line parser's errors (Typer's own click)
        ctx = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and ctx is not None:
            print(ctx.get_help(), file=sys.stderr)
            sys.exit(2)
        if type(error).__name__ == "NoSuchOption" and ctx is not None:  # in the words of every other unknown option
            name = str(getattr(error, "option_name", ""))
            known = [option for parameter in ctx.command.params
                     for option in (*parameter.opts, *parameter.secondary_opts) if option.startswith("--")]
            _fail(no_such_option(name, [*known, "--help"]) + f"; see '{ctx.command_path} --help'", 2)
        # The parser names an unknown option itself, but not where a command lets them through as arguments.
        words = _after(ctx.info_name, arguments) if ctx is not None else []
        if ctx is not None and (told := unknown_option(ctx.command, words) or output_hint(
                ctx.command, words, error.format_message())) is not None:
            _fail(told + f"; see '{ctx.command_path} --help'", 2)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        _fail(parser_words(error.format_message()) + hint, error.exit_code)
    except typer.Abort:
        _fail("aborted", 130)
    return None  # pragma: no cover - _fail leaves


def main(argv: list[str] | None = None) -> None:
    """Run the command line; turn every failure into one line on stderr and an exit code."""
    STATE.stage = ""
    COMMITS.start()
    try:
        arguments = sys.argv[1:] if argv is None else list(argv)
        quick = _quick(arguments)
        code = _run_quick(quick) if quick is not None else _run_typer(arguments)
    except DomainError as raised:
        from arbiter_cli.events.base import staged

        error = staged(raised, STATE.stage)  # --group B: a stage's files named from the event's folder
        for line in error.details:
            say(line)
        _fail(str(error), exit_code(error))
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except KeyboardInterrupt:
        _interrupted()
    except Exception as error:  # noqa: BLE001 - the last line of defence
        if INTERRUPT.seen or interrupted(error):  # a Ctrl-C that a library turned into another error
            _interrupted()
        if isinstance(error, OSError) and error.errno in _CANNOT_WRITE:  # a full disk is no bug: bad usage, 2
            _cannot_write(error)
        if isinstance(error, FileNotFoundError) and _no_current_folder():  # the trial of issue 29
            _fail("the current folder no longer exists (removed while this shell was in it): 'cd' to a folder, "
                  "or give the event with -d DIR as a full path", 2)
        if os.environ.get("ARBITER_DEBUG"):
            raise
        _fail(f"internal error: {type(error).__name__}: {error} (set ARBITER_DEBUG=1 for the traceback)", 1)
    if code == 130 or (INTERRUPT.seen and code == INTERRUPT.code):  # Typer turns Ctrl-C (SIGTERM) inside a
        _interrupted()  # command into a quiet exit 130; a quick command's is its code: say so, as everywhere
    sys.exit(code if isinstance(code, int) else 0)


def parser_words(message: str) -> str:
    """The parser's message in the words of every other bad value: ``field 'X': ...``. Typer checks a
    value with pydantic, whose words ("Value error, ...", "Input should be a valid integer, unable to
    parse string as an integer") are not the command line's.

    >>> parser_words("Option '--group' requires an argument.")
    "field '--group': give it a value"
    >>> parser_words("Invalid value for '--refresh': Input should be greater than or equal to 5")
    "field '--refresh': at least 5"
    >>> parser_words("Missing option '--name'.")
    "field '--name': missing: give it"
    >>> parser_words("Invalid value for 'ROUND': Input should be a valid integer, unable to parse string as an integer")
    "field 'ROUND': give a whole number"
    >>> parser_words("Invalid value for '--rating': Input should be a valid integer, unable to parse string as an "
    ...              "integer (found 'abc')")
    "field '--rating': give a whole number (found 'abc')"
    >>> parser_words("Invalid value for '--format' / '-f': 'xml' is not one of 'table', 'csv', 'json'.")
    "field '--format' / '-f': 'xml' is not one of 'table', 'csv', 'json'"
    """
    import re

    if (needs := re.fullmatch(r"Option ('[^']+') requires (an argument|\d+ arguments)\.", message)) is not None:
        return f"field {needs[1]}: " + ("give it a value" if needs[2] == "an argument"
                                         else f"give it {needs[2].split()[0]} values")
    if (missing := re.fullmatch(r"Missing (argument|option) ('[^']+'(?: / '[^']+')*)\.", message)) is not None:
        return f"field {missing[2]}: missing: give it"
    if (bad := re.fullmatch(r"Invalid value for ('.+?'(?: / '[^']+')*): (.*)", message, re.DOTALL)) is not None:
        why = bad[2].replace("Value error, ", "")
        if (bound := re.fullmatch(r"Input should be (greater|less) than or equal to (\S+?)\.?", why)) is not None:
            why = f"{'at least' if bound[1] == 'greater' else 'at most'} {bound[2]}"
        elif why.startswith("Input should be a valid integer"):
            why = "give a whole number" + _found(why)
        elif why.startswith("Input should be a valid number"):
            why = "give a number" + _found(why)
        return f"field {bad[1]}: {why.rstrip('.')}"
    return message.replace("Value error, ", "")


def _no_current_folder() -> bool:
    """Whether the process's current folder has been removed (a relative path cannot be resolved)."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def _found(why: str) -> str:
    """The ``(found ...)`` at the end of a parser's message, with its space, or nothing."""
    at = why.rfind(" (found ")
    return why[at:] if at >= 0 and why.endswith(")") else ""


def interrupted(error: BaseException) -> bool:
    """Whether ``error`` is, or was caused by, a Ctrl-C (``KeyboardInterrupt``)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _interrupted() -> None:
    """Ctrl-C (or SIGTERM): exit 130 (143) with the one line that says whether a change was saved before
    it (``arbiter serve``'s result entry saves and runs on)."""
    from arbiter_cli.store.commits import interrupted_line

    sys.stdout.flush()
    print(interrupted_line(INTERRUPT.word), file=sys.stderr)
    sys.exit(INTERRUPT.code)


#: The errors of a write the system refused (a full disk, a read-only or failing file system): the
#: output redirected to ``/dev/full`` says so in one line, as a page written there does.
_CANNOT_WRITE = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "EROFS")
                          if hasattr(errno, name))


def _cannot_write(error: OSError) -> NoReturn:
    """The output could not be written: one line, exit 2; what is still buffered for stdout is dropped
    (flushing it again at exit would only fail again)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    where = f"to {error.filename}" if error.filename else "the output (standard output)"
    print(f"arbiter: error: cannot write {where}: {error.strerror or error}", file=sys.stderr)
    sys.exit(2)


def _fail(message: str, code: int) -> None:
    sys.stdout.flush()
    print(f"arbiter: error: {message}", file=sys.stderr)
    sys.exit(code)
