"""The ``[knockout]`` table of a knockout event's ``tournament.toml`` (issue 18).

What the competition rules decide for a knockout ("play-off": the loser of each match is out):

* ``games_per_match``: the games of a match (1, 2, or a series), colours alternating;
* ``tiebreak_stages``: what breaks a tied match, stage after stage: ``"rapid:N"`` / ``"blitz:N"``
  (N more games, colours alternating), ``"armageddon"`` (one game, a draw counts as a win for
  Black), or ``"lower-rating"`` (the federation rule: on a tie the lower-rated player goes
  through; :data:`LOWER_RATING_RULE`: an unrated player counts as the lowest-rated, a decision of
  this program, not a setting: a rating an unrated player counts as, changed during the event, would
  change matches already decided). The last stage must decide: ``armageddon`` or ``lower-rating``;
  those two come last.
  The default is the federation rule, ``["lower-rating"]``;
* ``seeding``: ``"seeded"`` (the standard bracket, 1 v N, 2 v N-1, seeds 1 and 2 meet only in the
  final) or ``"drawn"`` (by lot from the stored seed, paired 1-2, 3-4, ...);
* ``first_colour``: the colours of a match's first game, drawn by lot (``"lot"``) or White for the
  higher seed (``"seeding"``).

>>> KnockoutSettings(tiebreak_stages=["rapid:2", "blitz:2", "armageddon"]).stages[2]  # after the main games, rapid
Stage(kind='blitz', games=2)
>>> KnockoutSettings(tiebreak_stages="lower-rating").tiebreak_stages
('lower-rating',)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

__all__ = ["KnockoutSettings", "Stage", "parse_stage", "MAIN", "ARMAGEDDON", "LOWER_RATING", "DEFAULT_STAGES",
           "LOWER_RATING_RULE"]

MAIN = "main"  # the stage of a match's own games
ARMAGEDDON = "armageddon"
LOWER_RATING = "lower-rating"
DEFAULT_STAGES = (LOWER_RATING,)
#: Who is lower-rated, in words: what every place that shows the ``lower-rating`` rule says.
LOWER_RATING_RULE = ("an unrated player counts as the lowest-rated, so goes through against a rated one; on equal "
                     "ratings, the lower seed")
_DECIDING = (ARMAGEDDON, LOWER_RATING)
_GAMES = re.compile(r"^(rapid|blitz|games):([1-9]\d?)$")

StageKind = Literal["main", "rapid", "blitz", "games", "armageddon", "lower-rating"]


@dataclass(frozen=True)
class Stage:
    """One stage of a match: its kind and its games (``lower-rating`` plays none)."""

    kind: StageKind
    games: int

    @property
    def text(self) -> str:
        return self.kind if self.kind in _DECIDING else f"{self.kind}:{self.games}"


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


class KnockoutSettings(BaseModel):
    """``[knockout]`` in ``tournament.toml``: the event is a knockout."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    games_per_match: StrictInt = Field(default=2, ge=1, le=20)
    tiebreak_stages: tuple[str, ...] = DEFAULT_STAGES
    seeding: Literal["seeded", "drawn"] = "seeded"
    first_colour: Literal["lot", "seeding"] = "lot"

    @field_validator("tiebreak_stages", mode="before")
    @classmethod
    def _stages(cls, value: object) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)) or not value or not all(isinstance(v, str) for v in value):
            raise ValueError('must be a list of stages, e.g. ["rapid:2", "blitz:2", "armageddon"], or "lower-rating"')
        stages = [parse_stage(v) for v in value]
        for position, stage in enumerate(stages):
            if stage.kind in _DECIDING and position != len(stages) - 1:
                raise ValueError(f"{stage.kind} decides the match: it is the last stage")
        if stages[-1].kind not in _DECIDING:
            raise ValueError("the last stage must decide a tied match: armageddon or lower-rating")
        return tuple(s.text for s in stages)

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The stages of a match: its own games, then the tie-break stages in order."""
        return (Stage("main", self.games_per_match), *(parse_stage(s) for s in self.tiebreak_stages))
