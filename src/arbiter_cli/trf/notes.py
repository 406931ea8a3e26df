"""The warnings of a TRF import: one per kind of thing, with a count of the others."""

from __future__ import annotations

__all__ = ["Notes"]


class Notes:
    """One warning per kind of thing: the first case, with a count of the others."""

    def __init__(self) -> None:
        self._first: dict[str, str] = {}
        self._count: dict[str, int] = {}

    def add(self, kind: str, message: str) -> None:
        self._first.setdefault(kind, message)
        self._count[kind] = self._count.get(kind, 0) + 1

    def __contains__(self, kind: str) -> bool:
        return kind in self._first

    def lines(self) -> tuple[str, ...]:
        out = []
        for kind, message in self._first.items():
            more = self._count[kind] - 1
            out.append(message + (f" (and {more} more like it)" if more else ""))
        return tuple(out)
