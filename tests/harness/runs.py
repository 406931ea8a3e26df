"""What a command said, for a violation's message: its error line (or the end of its output), whole,
so that the work folder's path in it can be replaced."""

from __future__ import annotations

from robustness._support import Run

__all__ = ["said", "listed"]


def said(run: Run, limit: int = 400) -> str:
    errors = [line for line in run.err.splitlines() if line.startswith("arbiter: error: ")]
    if errors:
        return errors[-1][:limit]
    text = (run.out + run.err).strip()
    return text[-limit:]


def listed(run: Run) -> str:
    """What ``verify`` listed (its first problem) and its error line."""
    first = (run.out.strip().splitlines() or [""])[0][:300]
    return f"{first} {said(run)}".strip()
