"""The vocabulary of tie-breaks (FIDE C.07): codes, modifiers, rule editions and default lists.

The codes are read here, in the core, because the settings name them; the
tie-breaks themselves live in :mod:`arbiter_cli.tiebreaks`, one module per
family, found by their FIDE code.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from enum import Enum

__all__ = ["INDIVIDUAL_CODES", "TEAM_CODES", "parse_tiebreak", "parse_tiebreak_list",
           "DEFAULT_SWISS", "DEFAULT_ROUND_ROBIN", "Rules", "default_rules", "TiebreakSpec", "parse_spec", "check_cuts",
           "check_repeats"]

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


class Rules(str, Enum):
    """The C.07 edition whose unplayed-round rules apply (fide-rules.md §6.1)."""

    R2026 = "2026"  # from 1 Mar 2026: the dummy opponent is capped (Art. 16.4.1-16.4.2)
    R2024 = "2024"  # Sep 2023 - Feb 2026: the dummy scores the player's own final score
    PRE2023 = "pre2023"  # the virtual opponent of the old C.02 13.15 / pre-2023 C.07


#: The day the 2026 edition came into force.
RULES_2026_FROM = dt.date(2026, 3, 1)


def default_rules(start_date: str | None) -> Rules:
    """The edition for an event starting on ``start_date`` (``YYYY-MM-DD`` or ``YYYY/MM/DD``).

    Events that start on or after 1 Mar 2026 use the 2026 rules, earlier ones the
    2024 rules; an event without a readable date takes the rules in force.

    >>> default_rules("2026-02-28").value, default_rules("2026/03/01").value, default_rules(None).value
    ('2024', '2026', '2026')
    """
    if start_date:
        try:
            day = dt.date.fromisoformat(start_date.strip()[:10].replace("/", "-"))
        except ValueError:
            return Rules.R2026
        return Rules.R2026 if day >= RULES_2026_FROM else Rules.R2024
    return Rules.R2026


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
    >>> parse_tiebreak("SB:XX")
    Traceback (most recent call last):
    ...
    ValueError: unknown score ':XX' in tie-break 'SB:XX': a team tie-break reads ':MP' or ':GP'
    """
    text = code.strip().upper()
    if not text:
        raise ValueError("empty tie-break code")
    separator = "/" if "/" in text else "-"
    base, _, rest = text.partition(separator)
    modifiers = tuple(m for m in rest.split("/") if m) if separator == "/" else ((rest,) if rest else ())
    base, colon, score = base.partition(":")
    if colon and score not in ("MP", "GP"):  # a team score (C.07 Art. 13): fide-rules.md 6.5
        raise ValueError(f"unknown score ':{score}' in tie-break {code.strip()!r}: a team tie-break reads ':MP' or ':GP'")
    if base not in INDIVIDUAL_CODES and base not in TEAM_CODES:
        raise ValueError(f"unknown tie-break {code.strip()!r}")
    for modifier in modifiers:
        if not _MODIFIER.match(modifier):
            raise ValueError(f"unknown modifier {modifier!r} in tie-break {code.strip()!r}")
        allowed = _MODIFIERS_OF.get("REP" if base == "GE" else base)
        if allowed is not None and modifier[0] not in allowed:
            takes = " ".join(f"/{letter}" for letter in allowed) if allowed else "no modifier"
            raise ValueError(f"the modifier /{modifier} does not apply to {base} (it takes {takes})")
        if modifier[0] in "CM" and modifier[1:].isdigit() and int(modifier[1:]) < 1:
            raise ValueError(f"/{modifier} in tie-break {code.strip()!r} drops nothing; use at least 1")
    return base, modifiers


#: The modifiers each individual tie-break takes (C.07 Art. 14 and the TRF-2026 syntax): cuts and
#: medians for the sums of values, /P for forfeits as games, /F for Fore Buchholz, /L for the Koya
#: limit, /U for the unrated players' rating, /R to reverse any order. Team codes are not checked here.
_MODIFIERS_OF: dict[str, str] = {
    "BH": "CMPFR", "FB": "CMPFR", "SB": "CMPFR", "AOB": "FPR", "PS": "CR", "KS": "LR", "DE": "PR",
    "ARO": "CMUR", "TPR": "CMUR", "PTP": "CMUR", "APRO": "UR", "APPO": "UR", "RTNG": "UR",
    "WIN": "R", "WON": "R", "BPG": "R", "BWG": "R", "REP": "R", "STD": "R", "TPN": "R",
}


def check_cuts(codes: Iterable[str], rounds: int) -> None:
    """Refuse a cut or median that drops more values than a ``rounds``-round event has (the
    default BH/C1 of a one-round event drops its one value: allowed, and harmless).

    >>> check_cuts(["BH/C1", "BH/M1"], 7)
    >>> check_cuts(["BH/C9"], 7)
    Traceback (most recent call last):
    ...
    ValueError: the cut of BH/C9 drops 9 values, but a 7-round event has 7: nothing is left to compare
    """
    for code in codes:
        spec = parse_spec(code)
        dropped = spec.cut_low + spec.cut_high
        if dropped > rounds:
            raise ValueError(f"the cut of {spec.code} drops {dropped} values, but a {rounds}-round event has {rounds}: "
                             "nothing is left to compare")


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


def _meaning(code: str) -> Hashable:
    """What a code computes: its base (REP for GE), its modifiers whatever their order or case, and
    the score a team code reads (``BH:GP``)."""
    base, modifiers = parse_tiebreak(code)
    score = code.strip().upper().partition("/" if "/" in code else "-")[0].partition(":")[2]
    return "REP" if base == "GE" else base, frozenset(modifiers), score


def check_repeats(codes: Iterable[str], meaning: Callable[[str], Hashable] | None = None) -> None:
    """Refuse a list that names a tie-break twice (the second breaks no tie the first left): the
    same code, or one that computes the same (``meaning``: an individual code's spec by default;
    a team event passes its own). Each code has been read already.

    >>> check_repeats(["BH/C1", "BH", "SB"])
    >>> check_repeats(["BH", "SB", "bh"])
    Traceback (most recent call last):
    ...
    ValueError: the tie-break 'bh' is listed twice (a repeat breaks no tie)
    >>> check_repeats(["BH/C1/P", "BH/P/C1"])
    Traceback (most recent call last):
    ...
    ValueError: the tie-break 'BH/P/C1' is 'BH/C1/P' again (a repeat breaks no tie)
    """
    seen: dict[Hashable, str] = {}
    for code in codes:
        key = (meaning or _meaning)(code)
        if key not in seen:
            seen[key] = code
            continue
        earlier = seen[key]
        if earlier.strip().upper() == code.strip().upper():
            raise ValueError(f"the tie-break {code.strip()!r} is listed twice (a repeat breaks no tie)")
        raise ValueError(f"the tie-break {code.strip()!r} is {earlier.strip()!r} again (a repeat breaks no tie)")


@dataclass(frozen=True)
class TiebreakSpec:
    """A tie-break code with its modifiers read (C.07 Art. 14, TRF-2026 syntax)."""

    code: str  # as written
    base: str  # REP for GE
    cut_low: int = 0  # /Cn drops n lowest values; /Mn drops n lowest ...
    cut_high: int = 0  # ... and n highest
    limit_shift: int = 0  # /L±n: the Koya limit moves by n half-points (Art. 14.5)
    forfeits_played: bool = False  # /P: forfeits count as games against the scheduled opponent
    fore: bool = False  # /F: Fore Buchholz (Art. 8.3), for AOB
    reverse: bool = False  # /R: the order is reversed
    unrated: int | None = None  # /Un: the rating given to unrated players (Art. 10)

    @property
    def lower_is_better(self) -> bool:
        """TPN ranks the lower number first; /R reverses any order."""
        return (self.base == "TPN") != self.reverse


def parse_spec(code: str) -> TiebreakSpec:
    """Read a code into a :class:`TiebreakSpec`.

    >>> parse_spec("BH/M1/P")
    TiebreakSpec(code='BH/M1/P', base='BH', cut_low=1, cut_high=1, limit_shift=0, forfeits_played=True, fore=False, reverse=False, unrated=None)
    >>> parse_spec("KS/L+2").limit_shift, parse_spec("ARO/U1000").unrated, parse_spec("GE").base
    (2, 1000, 'REP')
    """
    base, modifiers = parse_tiebreak(code)
    spec = TiebreakSpec(code=code.strip(), base="REP" if base == "GE" else base)
    for modifier in modifiers:
        letter, number = modifier[0], modifier[1:]
        if letter == "C":
            spec = replace(spec, cut_low=int(number))
        elif letter == "M" and number.isdigit():
            spec = replace(spec, cut_low=int(number), cut_high=int(number))
        elif letter == "L":
            spec = replace(spec, limit_shift=int(number))
        elif modifier == "P":
            spec = replace(spec, forfeits_played=True)
        elif modifier == "F":
            spec = replace(spec, fore=True)
        elif modifier == "R":
            spec = replace(spec, reverse=True)
        elif letter == "U" and number:
            spec = replace(spec, unrated=int(number))
    return spec
