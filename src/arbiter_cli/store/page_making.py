"""A publish's pages made by several processes at once (issue 29).

A correction in round 5 of an 11-round Swiss changes the standings after rounds 5 to 11 and the
pairings of rounds 6 to 11: seven standings of 1,000 players, each with its tie-breaks, and
fourteen pages of 500 to 1,000 rows. Each of them is the work of its round alone: a page says
which values it shares with others by its :attr:`~arbiter_cli.store.site.Page.share` (the round
whose standings it reads), and pages of different shares read none of the same values.

:func:`make_apart` deals the shares out to ``n`` processes in turn (the first share to this
process, the second to a child, ...): each child (``os.fork``: it holds the site as built so
far, and makes its pages as this process would) makes its pages, then sends their bytes, while
this process makes its own and those of no share. The bytes are those the pages give in one
process: each is made by the same code from the same values. A page a child did not send (it
failed, or was killed) is made here, as it would have been, its error (a bug) raised here. A child
writes nothing but the site's cache entries its pages make, as this process would
(:class:`arbiter_cli.store.site_cache.SiteCache` writes each whole).

How many processes: ``ARBITER_PROCESSES`` (1: one after the other), else the cores this process
may run on, at most :data:`MOST`. Pages are made apart only where that can help: with ``os.fork``,
in a process running no other thread, when two shares or more wait. Ctrl-C ends the children
with this process (each is killed, and waited for).
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections.abc import Sequence
from typing import BinaryIO, Protocol

from arbiter_cli.core.errors import BadArgument

__all__ = ["make_apart", "processes", "PROCESSES_VARIABLE", "MOST"]

#: The environment variable of how many processes make a publish's pages.
PROCESSES_VARIABLE = "ARBITER_PROCESSES"
#: The most processes used by default (a 1,000-player Swiss changes seven rounds at most at once).
MOST = 4


class Page(Protocol):
    """A page whose bytes are made when asked for (:class:`arbiter_cli.store.site.Page`)."""

    @property
    def share(self) -> int | None: ...

    def data(self) -> bytes: ...

    def made(self, data: bytes) -> None: ...


def processes() -> int:
    """How many processes may make a publish's pages: ``ARBITER_PROCESSES`` (a whole number, 1 or
    more), else the cores this process may run on, at most :data:`MOST`."""
    text = os.environ.get(PROCESSES_VARIABLE, "").strip()
    if text:
        try:
            count = int(text)
        except ValueError:
            count = 0
        if count < 1:
            raise BadArgument(f"{PROCESSES_VARIABLE} must be a whole number of processes, 1 or more, not {text!r}")
        return count
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST))


def _alone() -> bool:
    """This process runs no other thread (a fork copies only the calling one)."""
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def make_apart(pending: Sequence[Page], count: int) -> None:
    """Make the bytes of ``pending`` pages in up to ``count`` processes (see the module): when this
    returns, every page's bytes are made, or those of a child that did not send them are made when
    asked for."""
    shares: dict[int, list[Page]] = {}
    for page in pending:
        if page.share is not None:
            shares.setdefault(page.share, []).append(page)
    count = min(count, len(shares))
    if count < 2 or not hasattr(os, "fork") or not _alone():
        return
    dealt: list[list[Page]] = [[] for _ in range(count)]
    for index, share in enumerate(sorted(shares)):
        dealt[index % count].extend(shares[share])
    children: list[tuple[int, BinaryIO, list[Page]]] = []
    try:
        for theirs in dealt[1:]:
            children.append(_child(theirs))
        apart = {id(page) for theirs in dealt[1:] for page in theirs}
        for page in pending:
            if id(page) not in apart:
                page.data()
        for _, found, theirs in children:
            _receive(found, theirs)
    except BaseException:
        for child, _, _ in children:
            _end(child, kill=True)
        raise
    finally:
        for _, found, _ in children:
            found.close()
    for child, _, _ in children:
        _end(child, kill=False)


def _child(theirs: list[Page]) -> tuple[int, BinaryIO, list[Page]]:
    """A child process making ``theirs``: its process id, where its bytes come from, its pages."""
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # the child: its pages all made, then sent, and it ends without its parent's cleanup
        code = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it at once; its parent kills it anyway
            os.close(reader)
            made = [page.data() for page in theirs]  # all made before any is sent: a full pipe waits for the parent
            with os.fdopen(writer, "wb") as out:
                pickle.dump(made, out, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)
    os.close(writer)
    return child, os.fdopen(reader, "rb"), theirs


def _receive(found: BinaryIO, theirs: list[Page]) -> None:
    """The bytes a child sent, given to its pages; nothing when it sent none that read (it failed, or
    was killed): its pages are then made here when asked for."""
    try:
        received = pickle.load(found)
    except Exception:
        return
    if isinstance(received, list) and len(received) == len(theirs) and all(type(data) is bytes for data in received):
        for page, data in zip(theirs, received):
            page.made(data)


def _end(child: int, kill: bool) -> None:
    """Wait for a child (killed first, when this process leaves early)."""
    if kill:
        try:
            os.kill(child, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.waitpid(child, 0)
    except OSError:
        pass
