"""Shared fixtures: the FIDE reference data in ../shared and a CLI runner.

The reference data is read from ``../shared`` beside the project (or from
``ARBITER_SHARED``). A missing file is an error, never a skip.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from arbiter_cli.cli.app import main

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("ARBITER_SHARED", ROOT.parent / "shared"))


def shared_file(relative: str) -> Path:
    """A file of the shared reference data; fails the test loudly if it is missing."""
    path = SHARED / relative
    if not path.is_file():
        pytest.fail(f"reference file missing: {path} (set ARBITER_SHARED to the shared/ folder)",
                    pytrace=False)
    return path


@dataclass
class Outcome:
    code: int
    out: str
    err: str


class Runner:
    """Runs ``arbiter`` in this process, as a shell would, and captures everything."""

    def __init__(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
        self.capsys = capsys
        self.monkeypatch = monkeypatch

    def __call__(self, *args: object, stdin: str | None = None) -> Outcome:
        argv = [str(a) for a in args]
        self.capsys.readouterr()
        self.monkeypatch.setattr(sys, "argv", ["arbiter", *argv])
        if stdin is not None:
            self.monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            main(argv)
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        captured = self.capsys.readouterr()
        return Outcome(code, captured.out, captured.err)


@pytest.fixture(autouse=True, scope="session")
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The user's data folder (the rating lists, ``arbiter lists``) is the test session's own,
    never the person's: a list they loaded must not fill the players of a test."""
    os.environ["ARBITER_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))


@pytest.fixture(autouse=True, scope="session")
def _own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The cache of ``publish`` and ``serve`` (``ARBITER_CACHE_DIR``) is the test session's own: the
    suite never writes in the person's ``~/.cache``."""
    os.environ["ARBITER_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(autouse=True, scope="session")
def _one_process_a_publish() -> None:
    """A publish makes its pages in this process (``ARBITER_PROCESSES=1``): the tests already run on
    every core. The tests of pages made by several processes ask for them
    (``tests/publishing/test_pages_made_apart.py``, the warm cache after changes)."""
    os.environ["ARBITER_PROCESSES"] = "1"


@pytest.fixture
def arbiter(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Runner:
    monkeypatch.delenv("ARBITER_DIR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    return Runner(capsys, monkeypatch)


@pytest.fixture
def sample(tmp_path: Path):
    """Copies a folder of sample_events/ into the test's own folder: ``sample("rr10-finished")``."""

    def copy(name: str) -> Path:
        folder = tmp_path / name
        shutil.copytree(ROOT / "sample_events" / name, folder)
        return folder

    return copy


def snapshot(directory: Path) -> dict[str, str]:
    """Every file under ``directory`` (but the lock) with its hash: to prove nothing changed."""
    return {
        str(p.relative_to(directory)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.rglob("*")) if p.is_file() and p.name != ".arbiter.lock"
    }


PLAYERS = [
    ("Aronian, Levon", 2740, "GM"), ("Bacrot, Etienne", 2650, "GM"), ("Carlsen, Magnus", 2830, "GM"),
    ("Dubov, Daniil", 2700, "GM"), ("Erigaisi, Arjun", 2750, "GM"), ("Firouzja, Alireza", 2760, "GM"),
    ("Giri, Anish", 2745, "GM"), ("Harikrishna, Pentala", 2700, "GM"), ("Ivanchuk, Vassily", 2650, "GM"),
    ("Jobava, Baadur", 2600, "GM"), ("Kramnik, Vladimir", 2720, "GM"), ("Le, Quang Liem", 2710, "GM"),
    ("Mamedyarov, Shakhriyar", 2730, "GM"), ("Nakamura, Hikaru", 2790, "GM"), ("Oparin, Grigoriy", 2660, "GM"),
    ("Praggnanandhaa, R", 2760, "GM"),
]


def quiet_arbiter(*args: object) -> int:
    """Run ``arbiter`` in this process without a fixture (for module-scoped set-ups)."""
    import contextlib

    argv = [str(a) for a in args]
    saved = sys.argv
    sys.argv = ["arbiter", *argv]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    finally:
        sys.argv = saved
    return 0


@pytest.fixture
def make_event(arbiter: Runner, tmp_path: Path):
    """A new round robin with ``n`` players; returns its folder."""

    def make(n: int = 6, *extra: str, system: str = "round-robin", seed: int = 1) -> Path:
        folder = tmp_path / f"event-{n}-{system}"
        result = arbiter("new", folder, "--name", "Test Open", "--system", system, "--seed", seed, *extra)
        assert result.code == 0, result.err
        for name, rating, title in PLAYERS[:n]:
            result = arbiter("-d", folder, "player", "add", name, "--rating", rating, "--title", title)
            assert result.code == 0, result.err
        return folder

    return make
