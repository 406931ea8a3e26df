"""A time control and the FIDE rating list it belongs to: standard, rapid or blitz.

FIDE counts the time each player has for 60 moves: the minutes on the clock
plus 60 × the increment in seconds, that is, minutes + increment (15+10 is
15 + 60 × 10 s = 25 minutes). By the definitions of the rating regulations
(the reference digest, B.02 with the rapid and blitz regulations of 1 Mar 2024):

* **rapid**: more than 10 and less than 60 minutes;
* **blitz**: more than 3 and at most 10 minutes;
* **standard**: 60 minutes or more;
* 3 minutes or less is none of them: no FIDE list rates it.

A time control is written ``MINUTES``, ``MINUTES+SECONDS`` (the increment per
move), or with periods ``90/40+30+30`` (90 minutes for 40 moves, then 30
minutes, 30 seconds a move): the periods' minutes are added up. The names
``standard``, ``rapid`` and ``blitz`` (in any case) name the list directly.

>>> str(classify("15+10"))
'rapid: 15+10 is 25 minutes for 60 moves (minutes + 60 × the increment in seconds); rapid is more than 10 and less than 60'
>>> [classify(text).rating_type for text in ("90+30", "10+5", "10", "3+2", "Rapid")]
[<RatingType.STANDARD: 'standard'>, <RatingType.RAPID: 'rapid'>, <RatingType.BLITZ: 'blitz'>, <RatingType.BLITZ: 'blitz'>, <RatingType.RAPID: 'rapid'>]
>>> classify("3") is None, classify("G/90") is None
(False, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import RatingType

__all__ = ["Classified", "classify", "rating_type_for"]

_PERIOD = re.compile(r"(\d{1,3})(?:/(\d{1,3}))?")
_NUMBER = re.compile(r"\d{1,3}")


@dataclass(frozen=True)
class Classified:
    """A time control's list: ``rating_type`` is None for 3 minutes or less (no FIDE list);
    ``minutes`` is the time for 60 moves, None when the list was named."""

    text: str
    rating_type: RatingType | None
    minutes: int | None = None

    @property
    def reason(self) -> str:
        """Why it is in its list: its minutes for 60 moves and FIDE's range."""
        if self.minutes is None:
            return "as named"
        per = f"{self.text} is {self.minutes} minute{'s' if self.minutes != 1 else ''} for 60 moves"
        if "+" in self.text:
            per += " (minutes + 60 × the increment in seconds)"
        return f"{per}; {_RANGE[self.rating_type]}"

    def __str__(self) -> str:
        return f"{self.rating_type.value if self.rating_type else 'unrated'}: {self.reason}"


_RANGE = {RatingType.STANDARD: "standard is 60 or more", RatingType.RAPID: "rapid is more than 10 and less than 60",
          RatingType.BLITZ: "blitz is more than 3 and at most 10",
          None: "no FIDE rating list rates 3 or less (its blitz list needs more than 3)"}


def _minutes(text: str) -> int | None:
    """The time for 60 moves, or None if ``text`` is not a time control written as above."""
    parts = [part.strip() for part in text.replace(" ", "").split("+")]
    if not parts or not all(parts):
        return None
    periods, increment = (parts, "0") if len(parts) == 1 else (parts[:-1], parts[-1])
    if not _NUMBER.fullmatch(increment):
        return None
    total = int(increment)  # 60 moves × the increment in seconds, in minutes
    for period in periods:
        found = _PERIOD.fullmatch(period)
        if found is None:
            return None
        total += int(found.group(1))
    return total


def classify(text: str) -> Classified | None:
    """The list of the time control ``text``; None when it is not written as a time control."""
    named = text.strip().lower()
    if named in {t.value for t in RatingType}:
        return Classified(text.strip(), RatingType(named))
    minutes = _minutes(text)
    if minutes is None:
        return None
    if minutes >= 60:
        kind: RatingType | None = RatingType.STANDARD
    elif minutes > 10:
        kind = RatingType.RAPID
    elif minutes > 3:
        kind = RatingType.BLITZ
    else:
        kind = None
    return Classified(text.strip(), kind, minutes)


def rating_type_for(time_control: str, rating_type: RatingType | None, *, club: bool
                    ) -> tuple[RatingType, str]:
    """The rating list of a new event, and the line that says why.

    The time control decides when it can be read (a ``rating_type`` given as well must agree).
    A club tournament must say which club rating it moves: a time control that cannot be
    read, or one that no FIDE list rates, is refused there, and so is giving neither. Outside
    a club the time control stays free text, and the list is ``rating_type`` (default standard).
    Errors name the parameters ``time_control`` and ``rating_type``.
    """
    found = classify(time_control) if time_control.strip() else None
    if found is not None and found.rating_type is not None:
        if rating_type is not None and rating_type is not found.rating_type:
            raise BadArgument(f"the time control is {found.rating_type.value}, not {rating_type.value}, by FIDE's "
                              f"definitions: {found.reason}; leave --rating-type out", field="rating_type")
        return found.rating_type, str(found)
    if club:
        if found is not None:  # 3 minutes or less
            raise BadArgument(f"{found.reason}; a club tournament must count for a club rating", field="time_control")
        if time_control.strip():
            raise BadArgument(f"cannot read {time_control.strip()!r} as a time control: write MINUTES+SECONDS "
                              "(e.g. 90+30, 15+10, 3+2; with periods 90/40+30+30) or standard, rapid or blitz",
                              field="time_control")
        if rating_type is None:
            raise BadArgument("a club tournament moves the club rating of its time control: give it, e.g. "
                              "--time-control 90+30 (standard), 15+10 (rapid), 3+2 (blitz), or the name "
                              "standard, rapid or blitz", field="time_control")
        return rating_type, f"{rating_type.value}: as named"
    if found is not None:  # 3 minutes or less: a blitz game by the Laws of Chess (10 minutes or less)
        chosen = rating_type or RatingType.BLITZ
        return chosen, f"{chosen.value}: {found.reason}; a blitz game by the Laws of Chess (10 minutes or less)"
    chosen = rating_type or RatingType.STANDARD
    given = f"; {time_control.strip()!r} is not read as a time control" if time_control.strip() else ""
    return chosen, chosen.value + (f": as named{given}" if rating_type else f": the default{given}")
