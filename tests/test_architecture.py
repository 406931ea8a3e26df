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


#: What the command line may import: its own modules, the vocabulary, the rendering, the events
#: floor (the one call), the web server, and the store's kind-neutral places (an output file, a
#: published site, a folder's fingerprint).
CLI_MAY_IMPORT = ("arbiter_cli.cli", "arbiter_cli.core", "arbiter_cli.render", "arbiter_cli.events",
                  "arbiter_cli.web", "arbiter_cli.store.outputs", "arbiter_cli.store.site", "arbiter_cli.store.watch",
                  "arbiter_cli.store.commits")
#: The names that tell the kinds of event apart.
KIND_TESTS = {"is_team", "is_knockout", "is_groups", "is_team_folder", "is_knockout_folder", "is_group_folder",
              "is_team_trf", "folder_kind"}


@pytest.mark.parametrize("path", _modules("cli"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_command_line_never_tells_the_kinds_of_event_apart(path: Path) -> None:
    """Issue 24: a command parses, makes one call on the folder's event (the registry chose its
    kind) and renders; no kind is branched on, and no kind's store, model or act is imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("arbiter_cli."):
            assert node.module.startswith(CLI_MAY_IMPORT), (path.name, node.module)
            assert not {alias.name for alias in node.names} & KIND_TESTS, (path.name, node.module)
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            assert name not in KIND_TESTS, (path.name, node.lineno, name)
        if isinstance(node, (ast.Attribute, ast.Name)) and isinstance(node.ctx, ast.Load):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            assert name not in ("System", "TeamTournament", "KnockoutTournament", "GroupEvent"), (path.name, name)


def test_no_module_imports_itself_back_through_a_circle() -> None:
    """No circle of imports between the package's modules, counting the imports inside functions
    (grimp reads every import statement wherever it sits; lint-imports' acyclic_siblings contract
    checks the packages)."""
    import grimp

    graph = grimp.build_graph("arbiter_cli")
    modules = sorted(graph.modules)
    edges = {m: {i for i in graph.find_modules_directly_imported_by(m) if i in graph.modules} for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(start: str) -> None:  # Tarjan's strongly connected components, iteratively
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == node:
                            break
                    if len(members) > 1:
                        circles.append(sorted(members))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])

    for module in modules:
        if module not in index:
            visit(module)
    assert not circles
