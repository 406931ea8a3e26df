"""``arbiter`` run in the test's own process, for tests that compare a page with a command's output."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from arbiter_cli.cli.app import main

__all__ = ["arbiter_output"]


def arbiter_output(folder: Path, *args: str) -> str:
    """What ``arbiter -d FOLDER ARGS`` writes on stdout (run in this process)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(["-d", str(folder), *args])
        except SystemExit as done:
            if done.code:
                raise RuntimeError(f"arbiter {' '.join(args)} failed ({done.code})") from None
    return out.getvalue()
