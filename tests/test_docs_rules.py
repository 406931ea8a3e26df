"""docs/rules.md names, for each rule, the test that pins it: every test it names must exist.

A plain text and syntax check: each ``tests/FILE.py::test_name`` of the page must be a file of
the repository that defines a test function of that name (at module level or in a class). The
tests themselves are not run here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "rules.md"
REFERENCE = re.compile(r"\b(tests/[\w/]+\.py)::(\w+)")


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {node.name for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")}


def _missing(text: str) -> list[str]:
    """Each ``tests/FILE.py::name`` of ``text`` whose file or test function does not exist."""
    missing = []
    defined: dict[str, set[str]] = {}
    for file, name in REFERENCE.findall(text):
        path = ROOT / file
        if not path.is_file():
            missing.append(f"{file}::{name}: no such file")
            continue
        if file not in defined:
            defined[file] = _test_functions(path)
        if name not in defined[file]:
            missing.append(f"{file}::{name}: no such test")
    return missing


def test_every_test_cited_by_the_rules_page_exists() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert len(set(REFERENCE.findall(text))) >= 100, "the rules page names fewer tests than it did"
    missing = _missing(text)
    assert not missing, "docs/rules.md cites tests that do not exist:\n" + "\n".join(missing)
    # the check itself finds a test that is not there, and a file that is not there
    assert _missing("`tests/test_docs_rules.py::test_not_here`, `tests/nowhere.py::test_x`") == [
        "tests/test_docs_rules.py::test_not_here: no such test", "tests/nowhere.py::test_x: no such file"]
