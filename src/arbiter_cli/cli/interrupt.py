"""Ctrl-C, as the process saw it.

The SIGINT handler (``arbiter_cli/__main__.py``) records here that the person
asked to stop, before it raises ``KeyboardInterrupt``. Some libraries turn that
exception into another one (pydantic while it builds a model, Python while it
builds a class); the command line then still knows it was an interrupt and
exits 130 quietly.
"""

__all__ = ["Interrupt", "INTERRUPT"]


class Interrupt:
    """Whether Ctrl-C was pressed during this command."""

    def __init__(self) -> None:
        self.seen = False


INTERRUPT = Interrupt()
