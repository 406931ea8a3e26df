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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from arbiter_cli.core.knockout_stages import (ARMAGEDDON, DEFAULT_STAGES, LOWER_RATING, LOWER_RATING_RULE, MAIN, Stage,
                                              StageKind, checked_stages, parse_stage)
from arbiter_cli.core.value import Value

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["KnockoutSettings", "Stage", "StageKind", "parse_stage", "checked_stages", "MAIN", "ARMAGEDDON", "LOWER_RATING",
           "DEFAULT_STAGES", "LOWER_RATING_RULE"]


@dataclass(frozen=True, init=False)
class KnockoutSettings(Value):
    """``[knockout]`` in ``tournament.toml``: the event is a knockout. Checked by
    :class:`arbiter_cli.core.knockout_schema.KnockoutSettings` (imported only when a value is checked:
    a knockout's commands read their settings back from the read cache without pydantic, issue 29)."""

    games_per_match: int = 2
    tiebreak_stages: tuple[str, ...] = DEFAULT_STAGES
    seeding: Literal["seeded", "drawn"] = "seeded"
    first_colour: Literal["lot", "seeding"] = "lot"

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import knockout_schema

        return knockout_schema.KnockoutSettings

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The stages of a match: its own games, then the tie-break stages in order."""
        return (Stage("main", self.games_per_match), *(parse_stage(s) for s in self.tiebreak_stages))
