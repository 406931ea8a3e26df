"""The shell session in which the docs' ``console`` examples run (tests/test_docs_examples.py).

A page's examples run in order in one session. It starts in a fresh temporary folder that holds a
copy of the repository's ``sample_events/``, as if the reader were at the repository's root. Each
command runs in ``bash`` with stdin closed; the current folder and the shell variables it sets carry
over to the next command. ``arbiter`` is the one installed beside the Python running the tests; HOME,
TMPDIR and ARBITER_DATA_DIR are temporary, and the terminal is 80 columns wide without colour.

An example's expected output is compared with what the command printed, stdout and stderr together:
a line holding only ``...`` matches any number of lines, and ``...`` inside a line any text on it.
"""

from __future__ import annotations

import difflib
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
PROMPT = "$ "
CONTINUATION = "> "
ANY_LINES = "..."
TIMEOUT = 120  # seconds, for one command


@dataclass(frozen=True)
class Step:
    """One command of an example and the output the page shows for it."""

    command: str
    expected: list[str]
    line: int  # the command's line in the page


def steps(text: str, first_line: int) -> list[Step]:
    """The commands of a ``console`` block, each with its expected output."""
    found: list[Step] = []
    command: list[str] = []
    expected: list[str] = []
    line = first_line
    for number, row in enumerate(text.splitlines(), start=first_line):
        if row.startswith(PROMPT) or row == PROMPT.rstrip():
            if command:
                found.append(Step("\n".join(command), expected, line))
            command, expected, line = [row[len(PROMPT):]], [], number
        elif (row.startswith(CONTINUATION) or row == CONTINUATION.rstrip()) and command and not expected:
            command.append(row[len(CONTINUATION):])  # a lone '>' (an editor strips the space) is an empty line
        elif not command:
            raise AssertionError(f"line {number}: output before any command ({row!r}); a console block "
                                 f"starts with '$ '")
        else:
            expected.append(row)
    if command:
        found.append(Step("\n".join(command), expected, line))
    return found


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = []
    for row in _trimmed(expected):
        if row.strip() == ANY_LINES:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*?".join(re.escape(piece) for piece in row.split(ANY_LINES)) + r"\n")
    return re.compile("".join(parts))


def _trimmed(lines: list[str]) -> list[str]:
    rows = [row.rstrip() for row in lines]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def matches(expected: list[str], printed: str) -> bool:
    """Whether ``printed`` is what ``expected`` shows, ``...`` standing for what varies."""
    text = "".join(row + "\n" for row in _trimmed(printed.splitlines()))
    return _pattern(expected).fullmatch(text) is not None


class Session:
    """A reader's shell at the repository's root, in a temporary folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        for name in ("home", "tmp", "data", "work"):
            (root / name).mkdir()
        self.cwd = root / "work"
        shutil.copytree(REPOSITORY / "sample_events", self.cwd / "sample_events")
        self.state = root / "state.sh"
        self.state.write_text("")
        self.where = root / "cwd"
        binaries = str(Path(sys.executable).parent)
        self.environment = {
            "PATH": f"{binaries}:/usr/local/bin:/usr/bin:/bin", "HOME": str(root / "home"),
            "TMPDIR": str(root / "tmp"), "ARBITER_DATA_DIR": str(root / "data"), "ARBITER_CACHE_DIR": str(root / "cache"), "COLUMNS": "80", "LINES": "50",
            "NO_COLOR": "1", "TERM": "dumb", "TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PYTHONUNBUFFERED": "1", "USER": "arbiter", "LOGNAME": "arbiter",
        }
        # the shell's own variables, which a command's state never carries over
        self.own = set(subprocess.run(["bash", "--noprofile", "--norc", "-c", "compgen -v"], env=self.environment,
                                      capture_output=True, text=True, check=True).stdout.split())

    def run(self, command: str) -> str:
        """Run one command; what it printed, stdout and stderr together."""
        own = " ".join(sorted(self.own))
        script = (f"source {shlex.quote(str(self.state))} 2>/dev/null\n"
                  f"cd {shlex.quote(str(self.cwd))} || exit 99\n"
                  f"{command}\n"
                  "__docs_status=$?\n"
                  f"__docs_own=' {own} '\n"
                  "for __docs_name in $(compgen -v); do\n"
                  "  case \"$__docs_own\" in *\" $__docs_name \"*) continue ;; esac\n"
                  "  case \"$__docs_name\" in __docs_*) continue ;; esac\n"
                  "  declare -p \"$__docs_name\"\n"
                  f"done > {shlex.quote(str(self.state))}\n"
                  f"pwd > {shlex.quote(str(self.where))}\n"
                  "exit $__docs_status\n")
        done = subprocess.run(["bash", "--noprofile", "--norc", "-c", script], env=self.environment,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=TIMEOUT)
        if self.where.exists():
            self.cwd = Path(self.where.read_text().strip())
        return done.stdout

    def check(self, step: Step, page: str) -> None:
        printed = self.run(step.command)
        if not matches(step.expected, printed):
            diff = "\n".join(difflib.unified_diff(_trimmed(step.expected), _trimmed(printed.splitlines()),
                                                  "the page shows", "the command printed", lineterm=""))
            raise AssertionError(f"{page}:{step.line}: $ {step.command}\n{diff}")

