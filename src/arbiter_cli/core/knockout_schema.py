"""The pydantic model that checks a knockout's ``[knockout]`` table of ``tournament.toml``
(:class:`arbiter_cli.core.knockout_settings.KnockoutSettings`), imported only when one is checked
(start-up, issue 29; :mod:`arbiter_cli.core.value`). A group event's ``[groups.knockout]`` is this
model too (:class:`arbiter_cli.core.group_settings.GroupSettings`)."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from arbiter_cli.core.knockout_stages import DEFAULT_STAGES, checked_stages

__all__ = ["KnockoutSettings"]


class KnockoutSettings(BaseModel):
    """The check of :class:`arbiter_cli.core.knockout_settings.KnockoutSettings`, ``[knockout]`` in
    ``tournament.toml``: the rules of :mod:`arbiter_cli.core.knockout_settings`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    games_per_match: StrictInt = Field(default=2, ge=1, le=20)
    tiebreak_stages: tuple[str, ...] = DEFAULT_STAGES
    seeding: Literal["seeded", "drawn"] = "seeded"
    first_colour: Literal["lot", "seeding"] = "lot"

    @field_validator("tiebreak_stages", mode="before")
    @classmethod
    def _stages(cls, value: object) -> tuple[str, ...]:
        return checked_stages(value)
