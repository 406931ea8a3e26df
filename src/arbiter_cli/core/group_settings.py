"""The ``[groups]`` table of a group event's ``tournament.toml`` (issue 18, group stages).

A group event (``system = "groups"``) splits its players into groups; each group plays a
round robin (C.05, the Berger tables), and the first ``advance`` of each group go on to a
final stage. The table holds what the organiser decided:

* ``count``: the number of groups (2 to 26, named ``A``, ``B``, ...);
* ``advance``: how many of each group go on to the final (at least 1);
* ``final``: the final stage's system, ``"round-robin"`` or ``"knockout"``;
* ``knockout``: a knockout final's table, ``[groups.knockout]`` (games per match, tie-break
  stages, first colour: :class:`~arbiter_cli.core.knockout_settings.KnockoutSettings`); its
  ``seeding`` is ``"seeded"``, since the final's seeding follows the group results. Only with
  ``final = "knockout"``; absent there, the knockout's defaults;
* ``members``: the groups set by hand, ``A = [1, 8, 9, 16]`` by start number (absent: the
  players are dealt in snake order by seeding when the groups start; once they start, the
  groups as dealt are written here, so the folder says who plays in which group).

>>> GroupSettings(count=4, advance=2).names
('A', 'B', 'C', 'D')
>>> GroupSettings(count=2, advance=1, members={"A": [1, 4], "B": [2, 3]}).group_of(4)
'A'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from string import ascii_uppercase
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationInfo, field_validator, model_validator

from arbiter_cli.core.knockout_schema import KnockoutSettings as KnockoutTable
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Tournament
from arbiter_cli.core.value import plain_input

__all__ = ["GroupSettings", "GroupEvent", "FINAL", "MAX_GROUPS", "group_name", "FinalSystem", "advance_fault",
           "unknown_member"]

#: The name of the final stage (its folder is ``stages/final``).
FINAL = "final"
#: Groups are named by one capital letter.
MAX_GROUPS = len(ascii_uppercase)

FinalSystem = Literal["round-robin", "knockout"]


def group_name(index: int) -> str:
    """The name of the ``index``-th group (0: ``A``)."""
    return ascii_uppercase[index]


class GroupSettings(BaseModel):
    """``[groups]`` in ``tournament.toml``: the event is a group stage with a final."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: StrictInt = Field(ge=2, le=MAX_GROUPS)
    advance: StrictInt = Field(ge=1)
    final: FinalSystem = "round-robin"
    knockout: KnockoutTable | None = None  # the check of a knockout's [knockout] table: final_knockout its value
    members: dict[str, list[StrictInt]] | None = None

    @field_validator("knockout", mode="before")
    @classmethod
    def _knockout_value(cls, value: object) -> object:
        return plain_input(value)  # a knockout's settings given as their value: their schema's model, as it is

    @field_validator("knockout")
    @classmethod
    def _knockout(cls, value: KnockoutTable | None, info: ValidationInfo) -> KnockoutTable | None:
        if value is not None:
            if info.data.get("final") != "knockout":
                raise ValueError('is for a knockout final (final = "knockout")')
            if value.seeding != "seeded":
                raise ValueError('a knockout final is seeded from the group results: seeding is "seeded"')
        return value

    @model_validator(mode="after")
    def _check(self) -> "GroupSettings":
        if self.members is None:
            return self
        names = set(self.names)
        for name, numbers in self.members.items():
            if name not in names:
                raise ValueError(f"no group {name!r}: the groups are {', '.join(self.names)}")
            if len(numbers) < 2:
                raise ValueError(f"group {name} has {len(numbers)} player(s); a round robin needs at least 2")
        missing = names - set(self.members)
        if missing:
            raise ValueError(f"group {min(missing)} has no players")
        seen: set[int] = set()
        for name in self.names:
            for number in self.members[name]:
                if number in seen:
                    raise ValueError(f"start number {number} is in two groups")
                seen.add(number)
        return self

    @property
    def final_knockout(self) -> KnockoutSettings:
        """A knockout final's settings: ``[groups.knockout]``, or the knockout's defaults."""
        return KnockoutSettings.of_schema(self.knockout) if self.knockout is not None else KnockoutSettings()

    @property
    def names(self) -> tuple[str, ...]:
        """The groups' names, ``A`` to the last."""
        return tuple(group_name(i) for i in range(self.count))

    def group_of(self, start_number: int) -> str | None:
        """The group a player was set in by hand (None: not set)."""
        for name, numbers in (self.members or {}).items():
            if start_number in numbers:
                return name
        return None


@dataclass(frozen=True)
class GroupEvent:
    """A group event's top folder: its registration (settings shared by every stage, and all the
    players, by start number) and its ``[groups]`` table. The stages' games live in the stages."""

    tournament: Tournament
    groups: GroupSettings


def advance_fault(advance: int, members: Mapping[str, Sequence[int]]) -> str | None:
    """Why groups with these ``members`` cannot send ``advance`` players each on to the final: the
    smallest group has fewer (None: every group has enough)."""
    name, smallest = min(members.items(), key=lambda item: (len(item[1]), item[0]))
    if advance > len(smallest):
        return (f"group {name} has {len(smallest)} player{'' if len(smallest) == 1 else 's'}, fewer than the "
                f"{advance} who go on (advance)")
    return None


def unknown_member(members: Mapping[str, Sequence[int]], registered: Collection[int]) -> tuple[str, str] | None:
    """The first group holding a start number no registered player has, and why (None: none does)."""
    for name, numbers in members.items():
        unknown = [n for n in numbers if n not in registered]
        if unknown:
            return name, f"group {name} holds start number {unknown[0]}, who is no registered player"
    return None
