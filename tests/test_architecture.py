"""The floors of docs/architecture.md, as far as the import contracts cannot see them.

``lint-imports`` checks the layers and keeps Typer and Rich out of the core;
it does not see the standard library. These tests keep files, processes and
terminals out of the pure floors, and every module short enough to read.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "arbiter_cli"

#: The floors that touch no file, no process and no terminal.
PURE = ("core", "pairing", "tiebreaks", "ratings", "trf", "lifecycle")
#: What only the store, the rendering and the command line may use.
OUTSIDE_WORLD = {"os", "sys", "pathlib", "shutil", "subprocess", "fcntl", "tomllib", "tempfile", "signal"}


def _modules(*floors: str) -> list[Path]:
    return sorted(p for floor in floors for p in (PACKAGE / floor).rglob("*.py"))


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", _modules(*PURE), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_pure_floors_touch_no_file_process_or_terminal(path: Path) -> None:
    assert not _imports(path) & OUTSIDE_WORLD
    calls = {node.func.id for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not calls & {"open", "print", "input"}


def test_no_module_outside_the_dutch_solver_is_longer_than_800_lines() -> None:
    solver = PACKAGE / "pairing" / "dutch"
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
            if solver not in p.parents and (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert not long


def test_the_command_line_decides_through_one_act_per_command() -> None:
    """cli/ imports the lifecycle's acts and the store, never the rules' building blocks directly:
    no pairing engine, tie-break or rating module is called from a command."""
    for path in _modules("cli"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("arbiter_cli.tiebreaks", "arbiter_cli.ratings.ledger",
                                                   "arbiter_cli.ratings.elo")), (path.name, node.module)
