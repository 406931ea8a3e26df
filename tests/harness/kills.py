"""A command killed at any moment of its change leaves the state before it or the state after it.

The kill is simulated in this process, cheaply and exactly: the store calls
``_crash_test_pause`` after each step of a change (each temporary file written, each rename:
the moments ``tests/robustness/test_kills.py`` kills a real process at, slowed down by
``ARBITER_CRASH_TEST_PAUSE``). The harness replaces it for the command with a function that
copies the folder's bytes as they are on disk at that moment: what ``kill -9`` would leave
there. After the command, one of those copies is written into a scratch folder, ``arbiter
verify`` reads it (a reader completes a change whose manifest was written, as the next command
would), and then:

* ``verify`` passes;
* the folder is byte for byte as before the command or as after it (the lock, and the temporary
  files of a change that never happened, which the next writer removes, left out).

A club tournament's ``finalize`` and a rebuild of the club's ratings change two folders, each all
or nothing: killed between the two, each folder is as before or as after (test_kills.py's known
state); the harness accepts that only where every folder of the tree is itself before or after.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

import arbiter_cli.store.files as store_files
from harness.files import stores
from harness.runs import listed
from robustness._support import PENDING, run_here, tree, tree_difference

__all__ = ["crash_points", "after_kill"]

#: A folder that ``new``, ``import`` or a group event's start builds beside its place.
_STAGING = re.compile(r"(^|/)\.[^/]+\.(new|import)-\d+(/|$)")
_TEMPORARY = re.compile(r"(^|/)\.[^/]+\.tmp-\d+$")


@contextlib.contextmanager
def crash_points(root: Path) -> Iterator[list[dict[str, bytes]]]:
    """While it is open, every step of a change under ``root`` leaves a copy of the folder's bytes
    (each file, the temporary files and a manifest included) in the list it gives."""
    seen: list[dict[str, bytes]] = []
    real = store_files._crash_test_pause

    def pause() -> None:
        seen.append(tree(root, dirs=False))
        real()

    store_files._crash_test_pause = pause
    try:
        yield seen
    finally:
        store_files._crash_test_pause = real


def settled(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """A tree as the next writer would find it: no temporary files, no staging folders."""
    return {name: data for name, data in files.items()
            if not _TEMPORARY.search(name) and not _STAGING.search(name) and name != PENDING
            and not name.endswith("/" + PENDING)}


def after_kill(point: Mapping[str, bytes], before: Mapping[str, bytes], after: Mapping[str, bytes],
               scratch: Path) -> list[str]:
    """What is wrong with the folder that a kill at ``point`` leaves, once read again."""
    if not settled(before) and not settled(point):
        return []  # killed before the folder was made: there is nothing (``new`` makes it whole)
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    for name, data in point.items():
        path = scratch / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    checked = run_here("-d", scratch, "verify")
    out = []
    now = settled(tree(scratch, dirs=False))
    then, done = settled(before), settled(after)
    if checked.code != 0 and not (now == then and _verify_says(then, scratch) == (checked.code, checked.err)):
        # left as before the command, the folder may fail verify as it did then (a prizes.toml edited
        # after finalising fails until 'finalize' stores it: README): only a new failure is the kill's
        out.append(f"verify after the kill: exit {checked.code}: {listed(checked)}")
    if now in (then, done):
        return out
    if all(_part(now, s) in (_part(then, s), _part(done, s)) for s in stores(now) + stores(done)) and \
            len(set(stores(now) + stores(done))) > 1 and _two_changes(then, done):
        return out  # two folders, each all or nothing (the module's note)
    out.append(f"after the kill the folder is neither as before nor as after: vs before "
               f"{tree_difference(then, now)[:4]}, vs after {tree_difference(done, now)[:4]}")
    return out


def _verify_says(files: Mapping[str, bytes], scratch: Path) -> tuple[int, str]:
    """``verify``'s exit code and message on a folder of these bytes (made beside ``scratch``)."""
    place = scratch.with_name(scratch.name + "-before")
    if place.exists():
        shutil.rmtree(place)
    for name, data in files.items():
        path = place / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    said = run_here("-d", place, "verify")
    return said.code, said.err.replace(str(place), str(scratch))


def _part(files: Mapping[str, bytes], store: str) -> dict[str, bytes]:
    """One store's files (those of the stores inside it left out)."""
    prefix = f"{store}/" if store else ""
    inner = [f"{s}/" for s in stores(files) if s != store and s.startswith(prefix)]
    return {n: d for n, d in files.items() if n.startswith(prefix) and not any(n.startswith(i) for i in inner)}


def _two_changes(before: Mapping[str, bytes], after: Mapping[str, bytes]) -> bool:
    """Whether the command changed a club and one of its tournaments (two changes by design)."""
    changed = {n for n in before.keys() | after.keys() if before.get(n) != after.get(n)}
    return any(n.startswith("tournaments/") for n in changed) and any("/" not in n for n in changed) \
        and "club.toml" in after
