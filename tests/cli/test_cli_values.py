"""cli/values.py: the command line's values converted the quick way are the values Typer's own
conversion gives, and a value the quick way does not take goes to Typer's (its error, its words)."""

from __future__ import annotations

import enum
import os
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer import _click as click
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param
from typer.core import _TyperParameter

from arbiter_cli.cli.app import build, main
from arbiter_cli.cli.values import _SLOW, quick_conversion, quicken

#: Values a person (or a default) may give, of every kind the quick way reads, and some it leaves.
_TEXTS = ["abc", "", " x ", "-", "-/+", "1-0", "½", "Ünal, Ayşe", "a\x00b", "x" * 300, "2026-03-01"]
_NUMBERS = ["0", "1", "007", "-3", "+3", "42", "1_000", " 5 ", "5.0", "x", "١٢", "99999999999999999999999",
            "0x10", "", 3, 0, -1, True, 2.0]
_PATHS = ["a/", "", ".", "..", "~/x", " x ", "/", "a\x00b", Path("x"), Path("/tmp")]
_FLAGS = [True, False, "true", "1", "", 1]
_LISTS = [(), ("a",), ("a", "b"), ["1-0"], ("a", 1), "abc"]


def _every_parameter() -> list[tuple[str, click.Command, _TyperParameter]]:
    found = []

    def visit(command: click.Command, path: str) -> None:
        for param in command.params:
            if isinstance(param, _TyperParameter):
                found.append((f"{path}:{param.name}", command, param))
        for name, sub in getattr(command, "commands", {}).items():
            visit(sub, f"{path} {name}")

    visit(typer.main.get_command(build()), "arbiter")
    return found


def _values(param: _TyperParameter) -> list[Any]:
    annotation = param.type_descriptor.annotation
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        members = list(annotation)
        return [*members, *(m.value for m in members), *(str(m.value).upper() for m in members),
                *(m.name for m in members), "xml", "", 1]
    return {str: _TEXTS, int: _NUMBERS, bool: _FLAGS}.get(annotation, _PATHS if annotation is Path else _LISTS)


def _typers_own(param: _TyperParameter, value: Any, ctx: click.Context) -> tuple[str, Any]:
    try:
        return "value", build_runtime_param(param.type_descriptor)._coerce_value(value, param=param, ctx=ctx)
    except BadParameter as error:
        return "error", error.format_message()
    except Exception as error:  # noqa: BLE001 - compared, whatever it is
        return "error", f"{type(error).__name__}: {error}"


@pytest.mark.parametrize(("name", "command", "param"), _every_parameter(), ids=lambda p: p if isinstance(p, str) else "")
def test_quick_conversions_agree_with_typers_own_on_every_parameter(
        name: str, command: click.Command, param: _TyperParameter, tmp_path: Path) -> None:
    """Each value the quick way takes converts to what Typer's own conversion gives (the same value of
    the same type); each value Typer refuses, the quick way leaves to Typer (so its message is Typer's)."""
    quick = quick_conversion(param.type_descriptor)
    if quick is None:
        return
    ctx = click.Context(command, info_name="arbiter")
    os.chdir(tmp_path)  # the paths are read in a folder of the test's own
    (tmp_path / "x").write_text("")
    for value in _values(param):
        found = quick(value, ctx)
        kind, own = _typers_own(param, value, ctx)
        if found is _SLOW:
            continue
        assert kind == "value", (name, value, own)
        assert found == own and type(found) is type(own), (name, value, found, own)


def test_the_kinds_the_quick_way_reads_cover_the_short_commands_options() -> None:
    """Every option and argument of ``pair``, ``pairings``, ``standings``, ``result``, ``publish`` (its
    ``--refresh`` a whole number in a range) and the global ones has a quick conversion (a new kind of
    option there would build pydantic validators again)."""
    for name, _, param in _every_parameter():
        if name.split(":")[0] in ("arbiter", "arbiter pair", "arbiter pairings", "arbiter standings", "arbiter result",
                                  "arbiter publish"):
            assert quick_conversion(param.type_descriptor) is not None, name


def test_a_parameter_whose_conversion_typer_built_is_left_as_it_is() -> None:
    _, _, param = _every_parameter()[0]
    built = build_runtime_param(param.type_descriptor)
    param._runtime_param = built
    quicken(param)
    assert param._runtime_param is built


@pytest.mark.parametrize(("args", "message"), [
    (["pairings", "2x"], "field 'ROUND': give a whole number (found '2x') (see 'arbiter pairings --help')"),
    (["player", "add", "Doe, J", "--rating", "abc"], "field '--rating': give a whole number (found 'abc')"),
    (["pairings", "--format", "xml"], "field '--format' / '-f': 'xml' is not one of 'table', 'csv', 'json'"),
    (["standings", "--rules", "2025"], "field '--rules': '2025' is not one of"),
    (["standings", "--group"], "field '--group': give it a value"),
    (["publish", "site", "--refresh", "2"], "field '--refresh': at least 5 (see 'arbiter publish --help')"),
])
def test_a_value_the_quick_way_leaves_gets_typers_check_in_the_words_of_every_bad_value(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as done:
        main(["-d", str(tmp_path), *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"arbiter: error: {message}"), err
    assert "Value error" not in err and "Input should be" not in err and len(err.splitlines()) == 1
