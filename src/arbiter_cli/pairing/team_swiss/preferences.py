"""Colour preferences of the Swiss Team Pairing System (C.04.6 Art. 1.7).

No preference of C.04.6 is absolute (Preface): a colour never keeps two teams apart. The
competition chooses one of three models:

* **Type A** (1.7.1, the default): a *simple* preference for White when the colour difference
  (CD, White minus Black, 1.6.2) is below -1, or is 0 or -1 and the last two matches played were
  with Black; for Black in the mirror cases; otherwise none.
* **Type B** (1.7.2): the same conditions give a *strong* preference; besides, CD -1 gives a
  *mild* preference for White, CD +1 a mild one for Black, and CD 0 a mild preference for the
  colour other than the last one played, except in the last round.
* **None**: no preferences at all.

>>> colour_preference(-2, "bwbb", ColourModel.TYPE_A, False)
Preference(colour='w', strong=True)
>>> colour_preference(1, "wbw", ColourModel.TYPE_A, False)
Preference(colour=None, strong=False)
>>> colour_preference(1, "wbw", ColourModel.TYPE_B, False)
Preference(colour='b', strong=False)
>>> colour_preference(0, "wb", ColourModel.TYPE_B, True)
Preference(colour=None, strong=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arbiter_cli.core.outcome import Colour

__all__ = ["ColourModel", "Preference", "colour_preference", "NO_PREFERENCE"]


class ColourModel(Enum):
    """The three colour models of Art. 1.7 (record 192: ``FIDE_TEAM_TYPEA_*``, ``FIDE_TEAM_TYPEB_*``,
    ``FIDE_TEAM_*`` without a type)."""

    TYPE_A = "a"
    TYPE_B = "b"
    NONE = "none"


@dataclass(frozen=True)
class Preference:
    """A colour preference: the colour (None: no preference) and whether it is simple (Type A) or
    strong (Type B), as opposed to mild (Type B)."""

    colour: Colour | None
    strong: bool = False

    def __str__(self) -> str:
        if self.colour is None:
            return "none"
        return f"{'strong' if self.strong else 'mild'} {'White' if self.colour == 'w' else 'Black'}"


NO_PREFERENCE = Preference(None)


def colour_preference(cd: int, colours: str, model: ColourModel, last_round: bool) -> Preference:
    """The preference of a team with colour difference ``cd`` and played colours ``colours``
    (oldest first) when the round being paired is (or is not) the last one."""
    if model is ColourModel.NONE:
        return NO_PREFERENCE
    if cd < -1 or (cd in (0, -1) and colours[-2:] == "bb"):  # 1.7.1 / 1.7.2 (a), (b)
        return Preference("w", True)
    if cd > 1 or (cd in (0, 1) and colours[-2:] == "ww"):
        return Preference("b", True)
    if model is ColourModel.TYPE_A:
        return NO_PREFERENCE
    if cd == -1:  # 1.7.2 (c), (d): the mild preferences of Type B
        return Preference("w")
    if cd == 1:
        return Preference("b")
    if cd == 0 and not last_round and colours:
        return Preference("w" if colours[-1] == "b" else "b")
    return NO_PREFERENCE
