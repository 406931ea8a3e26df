"""The README's promises: short, its two set-up commands work, and CI runs the second one.

The first set-up command installs the package into a new virtual environment and runs a sample; the
test runs it as written, in a copy of the repository's tracked files, and compares what it prints
with the block the README shows under it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from docs_session import REPOSITORY, matches

README = REPOSITORY / "README.md"
SETUP = re.compile(r"<!-- illustration -->\n```sh\n(python3 -m venv .venv && [^\n]*)\n```", re.MULTILINE)
SHOWN = re.compile(r"```text\n(.*?)```", re.DOTALL)


def _setup_commands() -> list[str]:
    return SETUP.findall(README.read_text(encoding="utf-8"))


def test_readme_is_at_most_about_250_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_readme_has_two_setup_commands_and_ci_runs_the_second_exactly() -> None:
    first, second = _setup_commands()
    assert ".venv/bin/pip install -q . " in first and "[test]" in second
    ci = (REPOSITORY / ".ci" / "run").read_text(encoding="utf-8")
    assert second in ci.splitlines()


def test_readme_first_setup_command_installs_and_pairs_the_sample_as_shown(tmp_path: Path) -> None:
    copy = tmp_path / "arbiter"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPOSITORY, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        source = REPOSITORY / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    first = _setup_commands()[0]
    text = README.read_text(encoding="utf-8")
    shown = SHOWN.search(text, text.index(first)).group(1)  # type: ignore[union-attr]
    (tmp_path / "tmp").mkdir()
    done = subprocess.run(["bash", "--noprofile", "--norc", "-c", first], cwd=copy, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=900,
                          env={"PATH": os.environ["PATH"], "HOME": str(tmp_path), "COLUMNS": "80",
                               "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1",
                               "TMPDIR": str(tmp_path / "tmp"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    printed = "\n".join(line for line in done.stdout.splitlines() if not line.startswith("WARNING: Location"))
    assert done.returncode == 0, done.stdout
    assert matches(shown.splitlines(), printed + "\n"), printed


def test_quick_start_copies_the_sample_to_a_fresh_temporary_folder_never_a_fixed_tmp_path() -> None:
    """Issue 30: the README's demo copied to a fixed ``/tmp/arbiter-demo``; on a shared machine another
    user's run paired it between ``cp`` and ``pair``. Every quick-start command (the README's and
    docs/getting-started.md's) that copies a sample copies it into a folder of its own from
    ``mktemp -d``, and none names a fixed path under /tmp."""
    copies = 0
    for page in (README, REPOSITORY / "docs" / "getting-started.md"):
        text = page.read_text(encoding="utf-8")
        blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", text, re.DOTALL)
        for block in blocks:
            assert not re.search(r"(?<![\w$])/tmp\b", block), f"{page.name}: a fixed /tmp path in {block!r}"
            for command in re.findall(r"[^\n]*cp -r sample_events/[^\n]*", block):
                copies += 1
                target = re.search(r"cp -r sample_events/\S+ (\S+)", command)
                assert target is not None, command
                variable = re.fullmatch(r'"?\$\{?(\w+)\}?"?', target.group(1))
                assert variable is not None, f"{page.name}: {command!r} copies to a fixed folder"
                assert re.search(rf'{variable.group(1)}="\$\(mktemp -d\)[^"]*"', command), command
    assert copies >= 2  # the README's set-up command and its walk-through
