"""The reference pages of the docs say what the code says: the exit codes, the environment
variables, the tie-break codes, the files and settings of the tournament folder.

Each test reads a page of ``docs/reference/`` and the code it documents, so that a code, a
variable, a setting or a file added to the program fails a test until the page names it.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from pydantic import BaseModel

from arbiter_cli.cli.app import exit_code
from arbiter_cli.core import errors
from arbiter_cli.core.errors import DomainError
from arbiter_cli.core.group_settings import GroupSettings
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Settings
from arbiter_cli.core.prizes import BoardPrize, Category, PrizeTable
from arbiter_cli.core.setting_keys import setting_keys
from arbiter_cli.core.team_settings import DEFAULT_TEAM_TIEBREAKS, TeamSettings
from arbiter_cli.core.tiebreak_codes import (_MODIFIERS_OF, DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, INDIVIDUAL_CODES,
                                             TEAM_CODES)
from arbiter_cli.ratings.club import ClubSettings
from arbiter_cli.store.kinds import KINDS
from arbiter_cli.store.layout import Document, Folders, Hidden, Marker, Outputs, PersonFile
from arbiter_cli.store.tables import RoundFiles, Table

REPOSITORY = Path(__file__).resolve().parent.parent
REFERENCE = REPOSITORY / "docs" / "reference"
SOURCE = REPOSITORY / "src" / "arbiter_cli"


def _page(name: str) -> str:
    return (REFERENCE / name).read_text(encoding="utf-8")


def _quoted(page: str) -> set[str]:
    """Every `code span` of a page."""
    return set(re.findall(r"`([^`\n]+)`", page))


# --------------------------------------------------------------------------- exit codes


def _codes_in_table(page: str) -> set[int]:
    """The codes of the page's table: the rows ``| N | meaning |``."""
    return {int(code) for code in re.findall(r"^\|\s*(\d+)\s*\|", page, re.MULTILINE)}


def test_exit_codes_page_lists_every_code_the_cli_maps() -> None:
    kinds = [value for value in vars(errors).values()
             if inspect.isclass(value) and issubclass(value, DomainError)]
    mapped = {exit_code(kind("a message")) for kind in kinds}
    # 0: success; 1: an internal error (a bug, and a DomainError of no listed kind); 130: Ctrl-C; 143: SIGTERM
    assert _codes_in_table(_page("exit-codes.md")) == mapped | {0, 1, 130, 143}


# --------------------------------------------------------------------------- environment variables

#: Variables the program reads that a person never sets.
TEST_ONLY = {"ARBITER_CRASH_TEST_PAUSE"}


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's top-level names bound to a string (``DATA_DIR_VARIABLE = "ARBITER_DATA_DIR"``)."""
    found: dict[str, str] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.update({target.id: value.value for target in targets if isinstance(target, ast.Name)})
    return found


def _is_environ(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ"


def variables_read(tree: ast.Module) -> set[str]:
    """The environment variables a module reads: ``os.environ.get(X)``, ``os.environ[X]``,
    ``X in os.environ``, ``os.getenv(X)``, and Typer's ``envvar=X``; X a string or a module constant."""
    constants = _constants(tree)

    def text(node: ast.AST | None) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return constants.get(node.id)
        return None

    found: set[str | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            function = node.func
            if isinstance(function, ast.Attribute) and function.attr == "get" and _is_environ(function.value) \
                    or isinstance(function, ast.Attribute) and function.attr == "getenv":
                found.add(text(node.args[0]) if node.args else None)
            found.update(text(keyword.value) for keyword in node.keywords if keyword.arg == "envvar")
        elif isinstance(node, ast.Subscript) and _is_environ(node.value):
            found.add(text(node.slice))
        elif isinstance(node, ast.Compare) and any(_is_environ(c) for c in node.comparators):
            found.add(text(node.left))
    return {name for name in found if name is not None}


def test_environment_page_names_every_variable_the_program_reads() -> None:
    read = set()
    for path in sorted(SOURCE.rglob("*.py")):
        read |= variables_read(ast.parse(path.read_text(encoding="utf-8")))
    assert {"ARBITER_DIR", "ARBITER_USER", "ARBITER_DATA_DIR", "ARBITER_LOCK_TIMEOUT"} <= read  # the scan works
    page = _page("environment.md")
    headings = set(re.findall(r"^## (\S+)$", page, re.MULTILINE))
    missing = sorted(name for name in read - TEST_ONLY if name not in headings)
    assert not missing, f"docs/reference/environment.md has no section for {missing}"
    assert all(f"`{name}`" in page for name in TEST_ONLY), "the page says which variables are for the tests only"


def test_the_variable_scan_finds_each_way_of_reading_one() -> None:
    tree = ast.parse('import os\nNAME = "C"\nos.environ.get("A")\nos.environ["B"]\nos.getenv(NAME)\n'
                     '"D" in os.environ\nf(envvar="E")\n')
    assert variables_read(tree) == {"A", "B", "C", "D", "E"}


# --------------------------------------------------------------------------- tie-break codes


def _first_column_codes(page: str) -> set[str]:
    """The codes in the first column of the page's tables (each `CODE` there, upper-cased)."""
    codes = set()
    for row in re.findall(r"^\|([^|\n]*)\|", page, re.MULTILINE):
        codes |= {code.upper() for code in re.findall(r"`([^`]+)`", row)}
    return codes


def test_tiebreaks_page_lists_every_code_the_program_accepts() -> None:
    listed = _first_column_codes(_page("tiebreaks.md"))
    missing = sorted(code for code in INDIVIDUAL_CODES | TEAM_CODES if code not in listed)
    assert not missing, f"docs/reference/tiebreaks.md has no row for {missing}"


def test_tiebreaks_page_lists_every_modifier_and_the_default_lists() -> None:
    page = _page("tiebreaks.md")
    quoted = _quoted(page)
    letters = set("".join(_MODIFIERS_OF.values())) | {"K"}  # /K: SSSC's, a team code's
    assert {letter for letter in letters if not any(q.startswith(f"/{letter}") for q in quoted)} == set()
    for default in (DEFAULT_SWISS, DEFAULT_ROUND_ROBIN, DEFAULT_TEAM_TIEBREAKS):
        assert f"`{', '.join(default)}`" in page, f"the page gives the default list {', '.join(default)}"


# --------------------------------------------------------------------------- the folder


def _keys(*tables: tuple[str, BaseModel]) -> set[str]:
    return {key.name for key in setting_keys(dict(tables))}


def test_folder_page_lists_every_setting_of_tournament_toml() -> None:
    keys = _keys(("", Settings(name="x", system="swiss", rounds=5, seed=1)), ("team", TeamSettings(boards=4)),
                 ("knockout", KnockoutSettings()), ("groups", GroupSettings(count=2, advance=1)))
    quoted = _quoted(_page("folder.md"))
    missing = sorted(key for key in keys if key not in quoted)
    assert not missing, f"docs/reference/folder.md does not name the settings {missing}"


def test_folder_page_lists_every_key_of_prizes_toml_and_club_toml() -> None:
    page = _page("folder.md")
    fields = {*PrizeTable.model_fields, *Category.model_fields, *BoardPrize.model_fields, *ClubSettings.model_fields}
    missing = sorted(f for f in fields if f"`{f}" not in page and f"`[[{f}]]`" not in page)
    assert not missing, f"docs/reference/folder.md does not name {missing}"


def test_folder_page_names_every_file_each_kind_owns_with_its_columns() -> None:
    page = _page("folder.md")
    quoted = _quoted(page)
    problems = []
    for kind in KINDS:
        for part in kind.layout.parts:
            match part:
                case Document(name) | PersonFile(name) | Marker(name) if name not in quoted:
                    problems.append(f"{kind.name}: {name}")
                case Table(name=name, columns=columns, optional=optional):
                    if name not in quoted:
                        problems.append(f"{kind.name}: {name}")
                    if ",".join(columns) not in page:
                        problems.append(f"{kind.name}: {name}'s columns {','.join(columns)}")
                    problems += [f"{kind.name}: {name}'s optional column {column}" for column in optional
                                 if column not in quoted]
                case RoundFiles(directory=directory, columns=columns):
                    if ",".join(columns) not in page:
                        problems.append(f"{kind.name}: {directory}/NN.csv's columns {','.join(columns)}")
                case Outputs(directory) | Folders(directory, _) if f"{directory}/" not in page:
                    problems.append(f"{kind.name}: {directory}/")
                case Hidden(_, names):
                    problems += [f"{kind.name}: {name}" for name in names if name not in quoted]
    assert not problems, "docs/reference/folder.md misses:\n" + "\n".join(problems)
