"""``python -m arbiter_cli`` and the ``arbiter`` command start here.

Ctrl-C at any moment, start-up and shut-down included, ends the command with
exit status 130 and one line, never a traceback. While the command works, Ctrl-C
raises ``KeyboardInterrupt`` as usual, so that a change being written is undone
(:mod:`arbiter_cli.store.files` writes all or nothing) and the line is
``arbiter: error: interrupted``: nothing changed. Once a change has passed its
commit point (:mod:`arbiter_cli.store.commits`), Ctrl-C waits: the change is
finished on disk and the command's report is complete, and then the command ends
with status 130 and ``arbiter: interrupted after the change was saved (FOLDER)``.
Outside the work (loading, leaving) the process leaves at once. The ``arbiter``
script (``bin/arbiter``) installs a handler before anything else loads.

SIGTERM (``kill``, ``timeout``, a service manager stopping ``arbiter serve``) is
Ctrl-C in every way but its words and its end: the line says ``terminated``, and
once the output is flushed the process ends by the signal itself (status 143 in a
shell), as a program that handles SIGTERM does.
"""

import gc
import os
import signal
import sys
from types import FrameType
from typing import NoReturn

from arbiter_cli.cli.interrupt import INTERRUPT
from arbiter_cli.store.commits import COMMITS, interrupted_line


#: The signals that stop a command as Ctrl-C does.
_STOPS = (signal.SIGINT, signal.SIGTERM)


def _interrupted() -> NoReturn:
    """Leave quietly with status 130 (or by SIGTERM; a second stop while leaving is ignored), saying
    whether a change was saved before the interrupt."""
    for stop in _STOPS:
        signal.signal(stop, signal.SIG_IGN)
    line = interrupted_line(INTERRUPT.word)
    try:
        sys.stderr.write(line + "\n")
    except (OSError, ValueError):
        pass
    _leave(INTERRUPT.code)


def _leave(code: object) -> NoReturn:
    """End the process with ``code`` once the output is flushed. ``os._exit`` skips the
    interpreter's shut-down, during which an interrupt would kill the process by its signal.
    A command stopped by SIGTERM ends by that signal (:func:`_end_by_sigterm`)."""
    for stop in _STOPS:
        signal.signal(stop, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    if INTERRUPT.seen and INTERRUPT.terminated and code == INTERRUPT.code:
        _end_by_sigterm()
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


def _end_by_sigterm() -> None:
    """End the process by SIGTERM, its default action, so that whoever sent it (a shell, ``timeout``, a
    service manager) sees the process ended by the signal it sent; status 143 if that fails."""
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
    except (OSError, ValueError):
        pass


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """SIGINT or SIGTERM: inside the command's work, a ``KeyboardInterrupt`` (cleanups run, the command
    line turns it into exit 130, or the end by SIGTERM); anywhere else, leave at once.

    Raised inside a callback that Python runs on its own (the import system's module-lock
    callback, as a lazy import finishes), the exception would be printed as "Exception ignored"
    and lost: the interrupt is then delivered again a few milliseconds later (SIGALRM, handled
    here too), outside the callback."""
    if signum in _STOPS:
        INTERRUPT.stop(signum)
    else:  # SIGALRM: the interrupt delivered again
        INTERRUPT.seen = True
    if COMMITS.holding:  # a change is past its commit point: the command finishes, then says so (run)
        return
    if frame is not None and frame.f_code.co_name == "cb" and "importlib" in frame.f_code.co_filename:
        signal.setitimer(signal.ITIMER_REAL, 0.005)
        return
    while frame is not None:
        if frame.f_code is _work.__code__:
            raise KeyboardInterrupt
        frame = frame.f_back
    _interrupted()


#: How many new objects the cyclic garbage collector lets come before it looks at the youngest (:func:`_work`).
_YOUNGEST = 10_000


def _work() -> object:
    """Load the command line, run it, and return its exit code.

    The cyclic garbage collector is paused while the modules load: that makes
    tens of thousands of objects and no garbage worth a collection, and the
    collections it would trigger cost about a tenth of a short command's
    start-up. What was loaded is then frozen out of later collections, and the
    command runs with the collector on, a collection of the youngest objects
    coming after every 10,000 new ones rather than Python's 700: a command loads
    most of its modules inside the command (the event's kind, pydantic, the
    rules it applies), and reads a folder into many objects and next to no
    cycles; the collections cost ``arbiter standings`` on 1,000 players about
    a twentieth of its time (issue 29). What a cycle holds is freed as before,
    only later.
    """
    gc.disable()
    try:
        from arbiter_cli.cli.app import main
    finally:
        gc.freeze()
        gc.set_threshold(_YOUNGEST, *gc.get_threshold()[1:])
        gc.enable()
    try:
        main()
    except SystemExit as done:
        return done.code
    return 0


def _closed_streams_write_nowhere() -> None:
    """A command started with its output or its messages closed (``arbiter pair >&-``): Python gives
    ``None`` for the stream, and every write was an internal error with a traceback. They go nowhere,
    as to /dev/null; the command does its work and its exit code says how it went."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process's life
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def _no_pydantic_plugins() -> None:
    """Pydantic looks for plugins (the ``pydantic`` entry points of every installed distribution) the
    first time it builds a model; arbiter uses none, and the search cost a short command about a
    fortieth of its start. ``PYDANTIC_DISABLE_PLUGINS`` (pydantic's own switch, which Typer sets too
    while it builds its validators) turns the search off, unless the person set it: then theirs holds.
    The command starts no other program, so the setting ends with it.

    When the switch is arbiter's own, pydantic's plugin loader is stood in for by a module whose
    ``get_plugins`` gives what the loader gives with the switch on, no plugin: the loader's import of
    ``importlib.metadata`` (with email, zipfile, socket, tempfile) cost a short command a twentieth of
    its start. Any other name a later pydantic asks of it is the real loader's (module ``__getattr__``)."""
    if "PYDANTIC_DISABLE_PLUGINS" in os.environ:
        return
    os.environ["PYDANTIC_DISABLE_PLUGINS"] = "__all__"
    name = "pydantic.plugin._loader"
    if name not in sys.modules:
        import types

        stand_in = types.ModuleType(name, "pydantic's plugin loader while PYDANTIC_DISABLE_PLUGINS is arbiter's")

        def real(attribute: str) -> object:
            import importlib

            if attribute.startswith("__"):  # what the import system asks of a module (__path__...): not there
                raise AttributeError(attribute)
            del sys.modules[name]
            return getattr(importlib.import_module(name), attribute)

        stand_in.get_plugins = lambda: ()  # type: ignore[attr-defined]
        stand_in.__getattr__ = real  # type: ignore[method-assign]
        sys.modules[name] = stand_in


def run() -> NoReturn:
    """The entry point: run the command and leave with its exit code."""
    _no_pydantic_plugins()
    for stop in _STOPS:
        signal.signal(stop, _on_interrupt)
    signal.signal(signal.SIGALRM, _on_interrupt)  # an interrupt delivered again (see _on_interrupt)
    _closed_streams_write_nowhere()
    try:
        code = _work()
    except KeyboardInterrupt:
        _interrupted()
    except Exception:  # a Ctrl-C that a library turned into another error while a module loaded, or a bug
        if INTERRUPT.seen:
            _interrupted()
        raise
    if INTERRUPT.seen and code == 0:  # a Ctrl-C held after a commit point, or swallowed (in a finaliser, say)
        _interrupted()
    _leave(code)


if __name__ == "__main__":
    run()
