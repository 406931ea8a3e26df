"""A QR code in the terminal (issue 26): the sign-in link of ``arbiter access add``, for a phone
to scan off the arbiter's screen.

Drawn with segno in Unicode half blocks (two rows of modules a line, so that a 37-module code
fits 23 lines of an 80-column terminal), light modules in white on black by ANSI colours of their
own, so that it scans whether the terminal's theme is dark or light; the quiet zone of four modules
is drawn too. Read back from the terminal's text and decoded by OpenCV's QR detector, it gives the
link (measured on this branch; ``tests/cli/test_access_cli.py`` checks the modules against segno's).

>>> text = qr_text("http://127.0.0.1:8000/signin?code=abc")
>>> lines = text.splitlines()
>>> lines[0].startswith(LIGHT_ON_DARK) and lines[0].endswith(RESET), len(lines) < 30
(True, True)
>>> plain = qr_text("x", colours=False)
>>> set(plain) <= set(" \\u2580\\u2584\\u2588\\n")
True
"""

from __future__ import annotations

import io
import os

import segno

__all__ = ["qr_text", "terminal_qr", "LIGHT_ON_DARK", "RESET"]

#: White (bright) blocks on a black background: a light module is a block, a dark one the background.
LIGHT_ON_DARK = "\033[97;40m"
RESET = "\033[0m"


def qr_text(data: str, colours: bool = True) -> str:
    """``data`` as a QR code (error correction M) in half blocks, one text line per two rows of
    modules; ``colours``: each line in :data:`LIGHT_ON_DARK` (for a terminal), else the blocks alone."""
    buffer = io.StringIO()
    segno.make(data, error="m").terminal(out=buffer, compact=True)
    lines = buffer.getvalue().splitlines()
    if colours:
        lines = [f"{LIGHT_ON_DARK}{line}{RESET}" for line in lines]
    return "\n".join(lines) + "\n"


def terminal_qr(data: str) -> str:
    """:func:`qr_text` for the terminal: in its colours, unless ``NO_COLOR`` is set (then the blocks
    alone, which scan on a dark theme)."""
    return qr_text(data, colours="NO_COLOR" not in os.environ)
