"""The JaVaFo / bbpPairings output format for a paired round.

The first line is the number of pairs (the PAB counts as a pair); then one
``white black`` line per board; the PAB comes last as ``id 0``.

>>> print(format_pairs([(4, 1), (2, 5)], bye=6), end="")
3
4 1
2 5
6 0
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["format_pairs", "parse_pairs"]


def format_pairs(pairs: Sequence[tuple[int, int]], bye: int | None = None) -> str:
    lines = [str(len(pairs) + (1 if bye is not None else 0))]
    lines += [f"{white} {black}" for white, black in pairs]
    if bye is not None:
        lines.append(f"{bye} 0")
    return "\n".join(lines) + "\n"


def parse_pairs(text: str) -> tuple[list[tuple[int, int]], int | None]:
    """Read engine output back: (pairs in board order, PAB receiver or None)."""
    lines = [line.split() for line in text.replace("\r", "\n").split("\n") if line.strip()]
    if not lines:
        raise ValueError("empty pairing output")
    count = int(lines[0][0])
    pairs: list[tuple[int, int]] = []
    bye = None
    for fields in lines[1:]:
        white, black = int(fields[0]), int(fields[1])
        if black == 0:
            bye = white
        else:
            pairs.append((white, black))
    if count != len(pairs) + (1 if bye is not None else 0):
        raise ValueError(f"the first line says {count} pairs but {len(lines) - 1} follow")
    return pairs, bye
