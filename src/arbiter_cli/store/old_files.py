"""The files a publish replaces, let go of by another process (issue 29).

A page renamed over the one it replaces frees the old file: on this project's machine (ext4) that
took a 1,000-player Swiss's publish after a correction in round 5 a tenth of a second for its 186
pages, all of it in the rename, while the site's new pages were already whole. :class:`OldFiles`
opens each file about to be replaced before the renames (``hold``): a rename then only unlinks a
name, and the old file lives on, unseen, held open. Once the site is written and fsync'ed,
:meth:`OldFiles.release` starts a process (``os.fork``) that holds them too, closes everything
else it was given (the command's output, its locks), then closes them, which frees them, and ends;
this process closes its own at once and goes on. The command answers without waiting for it.

Only where a publish may use other processes (``ARBITER_PROCESSES`` above 1: see
:mod:`arbiter_cli.store.page_making`), with ``os.fork``, in a process running no other thread;
otherwise, or when the process cannot start, each file is closed here, as a rename would have freed
it. Nothing a reader sees depends on it: the pages are in place, and their folders fsync'ed, before
it starts. A process that ends first (killed) still frees them as it ends.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterable

from arbiter_cli.store import page_making

__all__ = ["OldFiles"]

#: The processes started to free old files, not yet waited for (waited for when the next starts).
_STARTED: list[int] = []


class OldFiles:
    """The files of a site about to be replaced, held open until :meth:`release` (see the module).
    ``apart``: they may be freed by another process."""

    def __init__(self, apart: bool) -> None:
        self.apart = apart and hasattr(os, "fork")
        self._held: list[int] = []

    def hold(self, paths: Iterable[str]) -> None:
        """Hold each of ``paths`` that is a file (none that a link leads to, nor a pipe that would wait)."""
        if not self.apart:
            return
        for path in paths:
            with contextlib.suppress(OSError):
                self._held.append(os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC))

    def release(self) -> None:
        """Let the held files go: freed by another process where one can start, else here."""
        held, self._held = self._held, []
        if not held:
            return
        _wait_for_started()
        if page_making.alone():  # (a fork copies only the calling thread)
            with contextlib.suppress(OSError):
                child = os.fork()
                if child == 0:  # the child: nothing of its parent's but the old files, closed, then gone
                    try:
                        signal.signal(signal.SIGINT, signal.SIG_DFL)
                        signal.signal(signal.SIGTERM, signal.SIG_DFL)
                        _close_all_but(held)
                        _free(held)
                    finally:
                        os._exit(0)
                _STARTED.append(child)
        for fd in held:
            with contextlib.suppress(OSError):
                os.close(fd)


def _free(held: list[int]) -> None:
    """Close the held files, the last hold of each: the system frees them."""
    for fd in held:
        with contextlib.suppress(OSError):
            os.close(fd)


def _close_all_but(kept: list[int]) -> None:
    """Close every file descriptor of this process but ``kept``: the command's output and its locks
    stay its parent's alone (a shell reading the output waits for every process holding it)."""
    low = 0
    for fd in sorted(kept):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 65536)


def _wait_for_started() -> None:
    """Wait for those started before that have ended (a command runs one publish; a long process,
    ``arbiter serve`` or the tests, runs many, and an ended process not waited for stays listed)."""
    for child in list(_STARTED):
        with contextlib.suppress(ChildProcessError):
            done, _ = os.waitpid(child, os.WNOHANG)
            if done == 0:
                continue
        _STARTED.remove(child)
