"""The documentation site builds with no warning, and what it generates from the program is whole.

``mkdocs build --strict`` turns every warning into an error: a broken link, a link to a missing
heading, a page left out of the nav. The command reference and the man pages are generated from the
Typer app (docs/hooks.py), so every command and option is in them; these tests check that they are,
and that the shell completion Typer offers installs and completes for bash, zsh and fish.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import click
import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
ARBITER = str(Path(sys.executable).parent / "arbiter")


def _hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_hooks", REPOSITORY / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _commands(command: click.Command, path: tuple[str, ...] = ("arbiter",)) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    yield path, command
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from _commands(sub, path + (name,))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
                          cwd=REPOSITORY, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})  # Material's notice of its successor
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    return target


def test_the_docs_site_builds_strictly_with_no_warning_or_broken_link(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "reference" / "commands.html").is_file()


def test_the_command_reference_names_every_command_and_option(site: Path) -> None:
    page = (site / "reference" / "commands.html").read_text(encoding="utf-8")
    source = _hooks().command_reference()
    missing = []
    for path, command in _commands(_hooks().arbiter_command()):
        if len(path) > 1 and f"`{' '.join(path)}`" not in source:
            missing.append(" ".join(path))
        for parameter in command.params:
            for option in parameter.opts:
                if isinstance(parameter, click.Option) and option not in source:
                    missing.append(f"{' '.join(path)} {option}")
    assert not missing, missing
    assert 'id="arbiter-player-add"' in page and 'id="arbiter-pair"' in page


def test_the_command_reference_in_the_repository_is_current() -> None:
    """The guides link to reference/commands.md, so it is a file of the repository (read on GitHub, a
    page made only when the site is built was a broken link): it must be what the program says now."""
    kept = (REPOSITORY / "docs" / "reference" / "commands.md").read_text(encoding="utf-8")
    assert kept == _hooks().command_reference(), "docs/reference/commands.md is stale: run python docs/hooks.py"


def test_the_json_schemas_in_the_repository_are_current() -> None:
    """reference/json.md read on GitHub showed only its mark where the records go (the trial): the
    schemas are in the file, as the program makes them now."""
    kept = (REPOSITORY / "docs" / "reference" / "json.md").read_text(encoding="utf-8")
    assert "### " in kept.partition("<!-- schemas -->")[2]
    assert kept == _hooks().with_schemas(kept), "docs/reference/json.md is stale: run python docs/hooks.py"


def test_man_pages_are_made_for_every_command_and_render_with_no_groff_warning(tmp_path: Path) -> None:
    pages = _hooks().write_man_pages(tmp_path)
    names = {page.name for page in pages}
    expected = {"-".join(path) + ".1" for path, _ in _commands(_hooks().arbiter_command())}
    assert expected <= names, sorted(expected - names)
    for page in pages:
        done = subprocess.run(["groff", "-k", "-man", "-Tutf8", "-ww", "-z", str(page)], capture_output=True, text=True)
        assert done.returncode == 0 and not done.stderr, (page.name, done.stderr)
    shown = subprocess.run(["groff", "-k", "-man", "-Tutf8", str(tmp_path / "arbiter-pair.1")], capture_output=True,
                           text=True, check=True).stdout
    assert "Pair the next round" in shown and "--from" in shown


def test_the_site_carries_the_man_pages(site: Path) -> None:
    assert (site / "man" / "man1" / "arbiter.1").is_file()
    assert (site / "man" / "man1" / "arbiter-standings.1").is_file()


def _shell_environment(home: Path) -> dict[str, str]:
    # Typer finds the shell by looking at the parent processes; a test names the shell instead
    return {**os.environ, "HOME": str(home), "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}


@pytest.mark.parametrize(("shell", "script"), [("bash", ".bash_completions/arbiter.sh"), ("zsh", ".zfunc/_arbiter"),
                                                ("fish", ".config/fish/completions/arbiter.fish")])
def test_install_completion_writes_the_shells_completion_script(shell: str, script: str, tmp_path: Path) -> None:
    done = subprocess.run([ARBITER, "--install-completion", shell], env=_shell_environment(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"{shell} completion installed" in done.stdout
    assert "_ARBITER_COMPLETE" in (tmp_path / script).read_text()


def test_bash_completion_completes_a_command_name_and_an_option(tmp_path: Path) -> None:
    environment = _shell_environment(tmp_path)
    subprocess.run([ARBITER, "--install-completion", "bash"], env=environment, check=True, capture_output=True)
    environment["PATH"] = f"{Path(ARBITER).parent}:{environment['PATH']}"
    script = ("source ~/.bash_completions/arbiter.sh\n"
              "COMP_WORDS=(arbiter pla); COMP_CWORD=1; _arbiter_completion arbiter; echo \"${COMPREPLY[@]}\"\n"
              "COMP_WORDS=(arbiter standings --for); COMP_CWORD=2; _arbiter_completion arbiter; echo \"${COMPREPLY[@]}\"\n")
    done = subprocess.run(["bash", "--noprofile", "--norc", "-c", script], env=environment, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split("\n")[:2] == ["player", "--format"], (done.stdout, done.stderr)


@pytest.mark.parametrize(("shell", "extra", "expected"), [
    ("zsh", {}, '"add":"Register a player."'),
    ("fish", {"_TYPER_COMPLETE_FISH_ACTION": "get-args"}, "add\tRegister a player."),
])
def test_zsh_and_fish_completion_answer_the_shells_request(shell: str, extra: dict[str, str], expected: str,
                                                           tmp_path: Path) -> None:
    environment = {**_shell_environment(tmp_path), "_ARBITER_COMPLETE": f"complete_{shell}",
                   "_TYPER_COMPLETE_ARGS": "arbiter player a", **extra}
    done = subprocess.run([ARBITER], env=environment, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and expected in done.stdout, (done.stdout, done.stderr)
