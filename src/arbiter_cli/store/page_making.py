"""A publish's pages made by several processes at once (issue 29).

A correction in round 5 of an 11-round Swiss changes the standings after rounds 5 to 11 and the
pairings of rounds 6 to 11: seven standings of 1,000 players, each with its tie-breaks, and
fourteen pages of 500 to 1,000 rows. Each of them is the work of its round alone: a page says
which values it shares with others by its :attr:`~arbiter_cli.store.site.Page.share` (the round
whose standings it reads), and pages of different shares read none of the same values.

:func:`make_apart` cuts the pages to make into pieces of work (the pages of one share, or a few
pages of none) and starts children (``os.fork``: each holds the site as built so far, and makes
its pages as this process would). Every process, this one too, takes the next piece when it is
done with one, until none is left; each child then sends the bytes it made. The bytes are those
the pages give in one process: each is made by the same code from the same values. A page a child
did not send (it failed, or was killed) is made here, as it would have been, its error (a bug)
raised here. A child writes nothing but the site's cache entries its pages make, as this process
would (:class:`arbiter_cli.store.site_cache.SiteCache` writes each whole).

How many processes: ``ARBITER_PROCESSES`` (1: one after the other), else the cores this process
may run on, at most :data:`MOST`. Pages are made apart only where that can help: with ``os.fork``,
in a process running no other thread, when two shares or more wait. Ctrl-C ends the children
with this process (each is killed, and waited for).
"""

from __future__ import annotations

import os
import pickle
import re
import signal
import struct
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import BinaryIO, Protocol

from arbiter_cli.core.errors import BadArgument

__all__ = ["make_apart", "Children", "processes", "alone", "PROCESSES_VARIABLE", "MOST", "MOST_ASKED"]

#: The environment variable of how many processes make a publish's pages.
PROCESSES_VARIABLE = "ARBITER_PROCESSES"
#: The most processes used by default (a 1,000-player Swiss changes seven rounds at most at once).
MOST = 4
#: The most processes ``ARBITER_PROCESSES`` may ask for.
MOST_ASKED = 64


class Page(Protocol):
    """A page whose bytes are made when asked for (:class:`arbiter_cli.store.site.Page`)."""

    @property
    def share(self) -> int | None: ...

    def data(self) -> bytes: ...

    def made(self, data: bytes) -> None: ...


def processes() -> int:
    """How many processes may make a publish's pages: ``ARBITER_PROCESSES`` (a whole number of 1 to
    :data:`MOST_ASKED`, written in digits), else the cores this process may run on, at most :data:`MOST`."""
    text = os.environ.get(PROCESSES_VARIABLE)
    if text is not None:
        if not re.fullmatch(r"[0-9]{1,6}", text) or not 1 <= int(text) <= MOST_ASKED:
            raise BadArgument(f"{PROCESSES_VARIABLE} must be a whole number of processes from 1 to {MOST_ASKED}, "
                              f"not {text!r}")
        return int(text)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST))


def alone() -> bool:
    """This process runs no other thread (a fork copies only the calling one)."""
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


#: How many pages of no share make one piece of work (a player's card is a few milliseconds).
_CHUNK = 8
#: The most pieces of work (each four bytes in a pipe, which holds 64 KiB before a writer waits).
_MOST_PIECES = 8192


def make_apart(pending: Sequence[Page], count: int,
               done: Callable[[Sequence[Page]], None] | None = None) -> Children | None:
    """Make the bytes of ``pending`` pages in up to ``count`` processes (see the module): the pages of
    one share are one piece of work, the others a piece of a few; each process takes the next piece
    when it is done with one (the later rounds first: they are the most work). When this returns, the
    pages this process took are made; the children's, when their :meth:`Children.finish` is (those a
    child did not send made when asked for). None: nothing made apart, every page made when asked for.
    ``done``: given the pages of each piece this process made, as soon as they are made (a publish
    writes them while the children work, and takes fewer pieces: issue 29)."""
    shares: dict[int, list[Page]] = {}
    loose: list[Page] = []
    for page in pending:
        if page.share is None:
            loose.append(page)
        else:
            shares.setdefault(page.share, []).append(page)
    if count < 2 or len(shares) < 2 or not hasattr(os, "fork") or not alone():
        return None
    size = max(_CHUNK, -(-len(loose) // (_MOST_PIECES - len(shares))))
    pieces = [shares[share] for share in sorted(shares, reverse=True)]
    pieces += [loose[start:start + size] for start in range(0, len(loose), size)]
    reader, writer = os.pipe()  # the pieces of work, by number, each taken by one process
    try:  # (at most 32 KiB: all in the pipe at once, before anyone reads)
        work = memoryview(b"".join(_PIECE.pack(number) for number in range(len(pieces))))
        while work:
            work = work[os.write(writer, work):]
    finally:
        os.close(writer)
    children = Children(pieces)
    try:
        for _ in range(min(count, len(pieces)) - 1):
            try:
                children.start(reader)
            except OSError:  # no process to be had (a limit, memory): the others make the pages
                break
        for number in _taken(reader):
            for page in pieces[number]:
                page.data()
            if done is not None:
                done(pieces[number])
    except BaseException:
        children.abort()
        raise
    finally:
        os.close(reader)
    return children


class Children:
    """The child processes making pieces of work (``pieces``, by number): :meth:`finish` gives their
    pages the bytes they sent, :meth:`abort` kills them; either waits for them."""

    def __init__(self, pieces: list[list[Page]]) -> None:
        self.pieces = pieces
        self._running: list[tuple[int, BinaryIO]] = []

    def start(self, work: int) -> None:
        self._running.append(_child(work, self.pieces))

    def finish(self) -> None:
        try:
            for _, found in self._running:
                _receive(found, self.pieces)
        except BaseException:
            self.abort()
            raise
        self._end(kill=False)

    def abort(self) -> None:
        self._end(kill=True)

    def _end(self, kill: bool) -> None:
        running, self._running = self._running, []
        for child, found in running:
            found.close()
            _end(child, kill)


_PIECE = struct.Struct("!I")


def _taken(work: int) -> Iterator[int]:
    """The numbers of the pieces of work this process takes, one at a time, until none is left (a read of
    four bytes from the pipe is whole: every piece was written before any process read one)."""
    while True:
        taken = os.read(work, _PIECE.size)
        if len(taken) < _PIECE.size:
            return
        yield _PIECE.unpack(taken)[0]


def _child(work: int, pieces: list[list[Page]]) -> tuple[int, BinaryIO]:
    """A child process taking pieces of work from ``work``: its process id, where its pages' bytes come
    from (each piece's number and bytes)."""
    reader, writer = os.pipe()
    try:
        child = os.fork()
    except OSError:
        os.close(reader)
        os.close(writer)
        raise
    if child == 0:  # the child: its pages all made, then sent, and it ends without its parent's cleanup
        code = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it at once; its parent kills it anyway
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.close(reader)
            made = [(number, [page.data() for page in pieces[number]]) for number in _taken(work)]
            with os.fdopen(writer, "wb") as out:  # all made before any is sent: a full pipe waits for the parent
                pickle.dump(made, out, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)
    os.close(writer)
    return child, os.fdopen(reader, "rb")


def _receive(found: BinaryIO, pieces: list[list[Page]]) -> None:
    """The bytes a child sent, given to its pages; nothing when it sent none that read (it failed, or
    was killed): its pages are then made here when asked for."""
    try:
        received = pickle.load(found)
    except Exception:
        return
    if not isinstance(received, list):
        return
    for item in received:
        if not (isinstance(item, tuple) and len(item) == 2 and type(item[0]) is int and 0 <= item[0] < len(pieces)
                and isinstance(item[1], list) and len(item[1]) == len(pieces[item[0]])
                and all(type(data) is bytes for data in item[1])):
            return
    for number, made in received:
        for page, data in zip(pieces[number], made):
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
