"""A knockout match's stages (issue 18): its own games, then the tie-break stages of the settings'
``tiebreak_stages`` (:mod:`arbiter_cli.core.knockout_settings`), as text and as :class:`Stage` s.
Read by the value and by its pydantic check (:mod:`arbiter_cli.core.knockout_schema`) alike."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["Stage", "StageKind", "parse_stage", "checked_stages", "MAIN", "ARMAGEDDON", "LOWER_RATING",
           "DEFAULT_STAGES", "LOWER_RATING_RULE", "DECIDING"]

MAIN = "main"  # the stage of a match's own games
ARMAGEDDON = "armageddon"
LOWER_RATING = "lower-rating"
DEFAULT_STAGES = (LOWER_RATING,)
#: Who is lower-rated, in words: what every place that shows the ``lower-rating`` rule says.
LOWER_RATING_RULE = ("an unrated player counts as the lowest-rated, so goes through against a rated one; on equal "
                     "ratings, the lower seed")
DECIDING = (ARMAGEDDON, LOWER_RATING)
_GAMES = re.compile(r"^(rapid|blitz|games):([1-9]\d?)$")

StageKind = Literal["main", "rapid", "blitz", "games", "armageddon", "lower-rating"]


@dataclass(frozen=True)
class Stage:
    """One stage of a match: its kind and its games (``lower-rating`` plays none)."""

    kind: StageKind
    games: int

    @property
    def text(self) -> str:
        return self.kind if self.kind in DECIDING else f"{self.kind}:{self.games}"


def parse_stage(text: str) -> Stage:
    """A tie-break stage as the settings write it.

    >>> parse_stage("rapid:2"), parse_stage("armageddon")
    (Stage(kind='rapid', games=2), Stage(kind='armageddon', games=1))
    >>> parse_stage("rapid")
    Traceback (most recent call last):
    ...
    ValueError: 'rapid' is not a tie-break stage: rapid:N, blitz:N, games:N, armageddon or lower-rating
    """
    value = text.strip().lower()
    if value == ARMAGEDDON:
        return Stage("armageddon", 1)
    if value == LOWER_RATING:
        return Stage("lower-rating", 0)
    found = _GAMES.match(value)
    if not found:
        raise ValueError(f"{text!r} is not a tie-break stage: rapid:N, blitz:N, games:N, armageddon or lower-rating")
    kind: StageKind = "rapid" if found.group(1) == "rapid" else "blitz" if found.group(1) == "blitz" else "games"
    return Stage(kind, int(found.group(2)))


def checked_stages(value: object) -> tuple[str, ...]:
    """``tiebreak_stages`` as the settings give it (a list of stages, or one stage's text), checked: each
    stage known, the deciding ones (``armageddon``, ``lower-rating``) last, and the last one deciding."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(v, str) for v in value):
        raise ValueError('must be a list of stages, e.g. ["rapid:2", "blitz:2", "armageddon"], or "lower-rating"')
    stages = [parse_stage(v) for v in value]
    for position, stage in enumerate(stages):
        if stage.kind in DECIDING and position != len(stages) - 1:
            raise ValueError(f"{stage.kind} decides the match: it is the last stage")
    if stages[-1].kind not in DECIDING:
        raise ValueError("the last stage must decide a tied match: armageddon or lower-rating")
    return tuple(s.text for s in stages)
