"""Tie-breaks (FIDE C.07).

This package will hold one module per tie-break, each found by its FIDE code
(``tiebreaks/buchholz.py`` for ``BH``, ...). For now it knows the codes, so a
tie-break list in the settings is checked when it is written, and the default
lists. The computation arrives with the tie-break issue; until then the
standings rank by points alone and say so.
"""

from __future__ import annotations

import re

__all__ = ["INDIVIDUAL_CODES", "TEAM_CODES", "parse_tiebreak", "parse_tiebreak_list",
           "DEFAULT_SWISS", "DEFAULT_ROUND_ROBIN"]

#: C.07 (Mar 2026) Art. 6-10 individual tie-breaks, by code.
INDIVIDUAL_CODES = frozenset({
    "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN",
    "BH", "AOB", "FB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG",
    "GE",  # the Sep 2023 name of REP
})

#: C.07 Art. 11-13 team tie-breaks, by code.
TEAM_CODES = frozenset({
    "MP", "GP", "MPVGP", "BC", "TBR", "BBE", "ESB", "EMMSB", "EMGSB", "EGMSB",
    "EGGSB", "EDE", "EDEBT", "EDEBB", "EDET", "EDEB", "SSSC",
})

#: C.07 Art. 14 modifiers: cut (C), median (M), forfeits counted (P), Fore
#: Buchholz (F), limit (L with a signed number), reverse (R), unrated value (U).
_MODIFIER = re.compile(r"^(C\d+|M\d+|P|F|L[+-]?\d+|R|U\d*|K\d+|MP|GP)$")

DEFAULT_SWISS = ("BH/C1", "BH", "SB", "DE", "WIN")
DEFAULT_ROUND_ROBIN = ("DE", "SB", "WIN", "KS")


def parse_tiebreak(code: str) -> tuple[str, tuple[str, ...]]:
    """Split a TRF-2026 tie-break code into its base and modifiers.

    Both the ``/`` of TRF-2026 and the ``-`` of C.07's prose are accepted.

    >>> parse_tiebreak("BH/C1")
    ('BH', ('C1',))
    >>> parse_tiebreak("ks/l-1")
    ('KS', ('L-1',))
    >>> parse_tiebreak("XYZ")
    Traceback (most recent call last):
    ...
    ValueError: unknown tie-break 'XYZ'
    """
    text = code.strip().upper()
    if not text:
        raise ValueError("empty tie-break code")
    separator = "/" if "/" in text else "-"
    base, _, rest = text.partition(separator)
    modifiers = tuple(m for m in rest.split("/") if m) if separator == "/" else ((rest,) if rest else ())
    base = base.split(":")[0]
    if base not in INDIVIDUAL_CODES and base not in TEAM_CODES:
        raise ValueError(f"unknown tie-break {code.strip()!r}")
    for modifier in modifiers:
        if not _MODIFIER.match(modifier):
            raise ValueError(f"unknown modifier {modifier!r} in tie-break {code.strip()!r}")
    return base, modifiers


def parse_tiebreak_list(text: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Read a comma- or space-separated list of codes, keeping each as written.

    >>> parse_tiebreak_list("BH/C1, BH, SB,DE WIN")
    ('BH/C1', 'BH', 'SB', 'DE', 'WIN')
    """
    items = re.split(r"[,\s]+", text) if isinstance(text, str) else list(text)
    codes = tuple(item.strip() for item in items if item.strip())
    for code in codes:
        parse_tiebreak(code)
    return codes
