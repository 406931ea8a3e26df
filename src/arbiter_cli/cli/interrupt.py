"""Ctrl-C (or SIGTERM), as the process saw it.

The SIGINT and SIGTERM handler (``arbiter_cli/__main__.py``) records here that the
person (or ``kill``, ``timeout``, a service manager) asked to stop, and by which
signal, before it raises ``KeyboardInterrupt``. Some libraries turn that exception
into another one (pydantic while it builds a model, Python while it builds a
class); the command line then still knows it was an interrupt and leaves quietly:
exit 130 after Ctrl-C, and after SIGTERM the signal's own end (status 143 in a
shell), once the same cleanup has run.
"""

import signal

__all__ = ["Interrupt", "INTERRUPT"]


class Interrupt:
    """Whether Ctrl-C was pressed (or SIGTERM sent) during this command, and which."""

    def __init__(self) -> None:
        self.seen = False
        self.signal: int = signal.SIGINT

    def stop(self, signum: int) -> None:
        """Record the stop asked by ``signum`` (SIGINT or SIGTERM; SIGTERM wins over an earlier Ctrl-C)."""
        if not self.seen or signum == signal.SIGTERM:
            self.signal = signum
        self.seen = True

    @property
    def terminated(self) -> bool:
        """The stop was SIGTERM's."""
        return self.signal == signal.SIGTERM

    @property
    def code(self) -> int:
        """The exit status of the stop: 130 (Ctrl-C), 143 (SIGTERM, which the process then ends by)."""
        return 128 + int(self.signal)

    @property
    def word(self) -> str:
        """How the one line names the stop: ``interrupted`` or ``terminated``."""
        return "terminated" if self.terminated else "interrupted"


INTERRUPT = Interrupt()
