"""The docs' shell examples: every ``console`` block runs, and prints what the page shows.

A ``console`` block in ``README.md`` or ``docs/`` is run by :class:`docs_session.Session` (see its
docstring for the session a page's examples share). Any other block that shows shell commands is an
illustration, and must say so with ``<!-- illustration -->`` on the line before its fence: then a
documented command whose output changes fails a test, and an example nobody runs is marked as one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser

from docs_session import REPOSITORY, Session, matches, steps

GENERATED = {REPOSITORY / "docs" / "reference" / "commands.md"}  # usage lines, not examples (docs/hooks.py)
PAGES = sorted([REPOSITORY / "README.md", *(REPOSITORY / "docs").rglob("*.md")])
PAGES = [page for page in PAGES if page not in GENERATED]
SHELLS = {"sh", "bash", "shell", "zsh", "fish", "console"}
ILLUSTRATION = "<!-- illustration -->"


def _page_name(page: Path) -> str:
    return page.relative_to(REPOSITORY).as_posix()


def _evaluate(example: Example) -> None:
    session: Session = example.namespace["session"]
    page: str = example.namespace["page"]
    for step in steps(str(example.parsed), example.line + 1):
        session.check(step, page)


def _fences(page: Path) -> list[tuple[str, str, int, bool]]:
    """Each fenced block of a page: its language, text, first line, and whether an illustration
    mark stands just before it."""
    tokens = MarkdownIt("commonmark").parse(page.read_text(encoding="utf-8"))
    found = []
    for index, token in enumerate(tokens):
        if token.type != "fence" or token.map is None:
            continue
        before = tokens[index - 1] if index else None
        marked = (before is not None and before.type == "html_block" and before.content.strip() == ILLUSTRATION
                  and before.map is not None and before.map[1] == token.map[0])
        found.append((token.info.split()[0] if token.info.strip() else "", token.content, token.map[0] + 1, marked))
    return found


TESTED = [page for page in PAGES if any(language == "console" for language, _, _, _ in _fences(page))]


@pytest.mark.parametrize("page", TESTED, ids=_page_name)
def test_console_examples_print_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    document = Sybil(parsers=[CodeBlockParser(language="console", evaluator=_evaluate)]).parse(page)
    document.namespace["session"] = Session(tmp_path)
    document.namespace["page"] = _page_name(page)
    examples = list(document.examples())
    assert examples, f"{_page_name(page)} has console blocks but Sybil found none"
    for example in examples:
        example.evaluate()


def test_every_shell_example_is_tested_or_marked_as_illustration() -> None:
    unmarked = []
    for page in PAGES:
        for language, text, line, marked in _fences(page):
            if language == "console" or marked:
                continue
            shows_commands = language in SHELLS or any(row.startswith(("$ ", "arbiter ")) for row in text.splitlines())
            if shows_commands:
                unmarked.append(f"{_page_name(page)}:{line}: a ```{language} block of commands is neither "
                                f"```console (tested) nor marked {ILLUSTRATION}")
    assert not unmarked, "\n".join(unmarked)


def test_illustration_marks_stand_before_a_block() -> None:
    stray = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        marks = text.count(ILLUSTRATION)
        placed = sum(1 for _, _, _, marked in _fences(page) if marked)
        if marks != placed:
            stray.append(f"{_page_name(page)}: {marks - placed} {ILLUSTRATION} not on the line before a fence")
    assert not stray, "\n".join(stray)


def test_the_output_matcher_takes_dots_for_lines_and_for_text_within_a_line() -> None:
    assert matches(["a", "...", "d"], "a\nb\nc\nd\n")
    assert matches(["a", "...", "b"], "a\nb\n")
    assert matches(["paired in ... s"], "paired in 0.31 s\n")
    assert not matches(["a", "d"], "a\nb\nd\n")
    assert not matches(["paired in ... s"], "paired in 0.31 s\nmore\n")
    assert matches(["x   "], "x\n\n\n")


def test_a_console_block_splits_into_commands_their_continuations_and_their_output() -> None:
    found = steps("$ cat <<EOF\n> one\n>\n> EOF\none\n$ true\n", 10)
    assert [(s.command, s.expected, s.line) for s in found] == [("cat <<EOF\none\n\nEOF", ["one"], 10),
                                                                ("true", [], 15)]


def test_the_session_keeps_the_folder_and_the_variables_from_one_command_to_the_next(tmp_path: Path) -> None:
    session = Session(tmp_path)
    assert session.run('d="$(mktemp -d)/demo" && mkdir "$d" && cd "$d" && echo made') == "made\n"
    assert session.run('[ "$PWD" = "$d" ] && echo same && ls ~ && echo "$COLUMNS"') == "same\n80\n"
    assert session.run("cd -P ~ && ls -d ../work/sample_events/swiss32-in-progress") == "../work/sample_events/swiss32-in-progress\n"
