"""Team tie-break codes: the score a code reads and its K (C.07 Art. 13, TRF-2026 syntax).

A team code is ``NAME[:MP|:GP][/modifiers]`` (fide-rules.md §6.5): ``BH:MP/C1``,
``SB:GP``, ``SSSC/K4``. The score suffix may also follow the modifiers
(``BH/C1:GP``) or be written as a modifier (``BH/C1/GP``). Without it, an
individual tie-break applied to a team reads the event's primary score
(Art. 13: "the default is the primary score").

>>> spec = parse_team_code("BH/C1:GP")
>>> spec.base, spec.score, spec.spec.cut_low
('BH', 'GP', 1)
>>> parse_team_code("SSSC/K4").k, parse_team_code("mpvgp").base
(4, 'MPVGP')
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, replace

from arbiter_cli.core.team import PrimaryScore
from arbiter_cli.core.tiebreak_codes import TiebreakSpec, parse_spec

__all__ = ["TeamSpec", "parse_team_code", "team_code_meaning"]

_SCORE = re.compile(r":(MP|GP)\b|/(MP|GP)(?=/|$)", re.IGNORECASE)
_K = re.compile(r"/K(\d+)(?=/|$)", re.IGNORECASE)


@dataclass(frozen=True)
class TeamSpec:
    """A team tie-break code read: the individual spec (base and Art. 14 modifiers), the score
    it reads (None: the primary score), and SSSC's K when ``/Kx`` sets it."""

    code: str
    spec: TiebreakSpec
    score: PrimaryScore | None = None
    k: int | None = None

    @property
    def base(self) -> str:
        return self.spec.base


def parse_team_code(code: str) -> TeamSpec:
    """Read a team tie-break code; a ValueError names what is wrong with it."""
    text = code.strip()
    scores = {(m.group(1) or m.group(2)).upper() for m in _SCORE.finditer(text)}
    if len(scores) > 1:
        raise ValueError(f"tie-break {text!r} names both MP and GP")
    score: PrimaryScore | None = None
    if scores:
        score = "MP" if scores == {"MP"} else "GP"
    bare = _SCORE.sub("", text)
    found = _K.search(bare)
    k = int(found.group(1)) if found else None
    if k is not None and k < 1:
        raise ValueError(f"/K{k} in tie-break {text!r}: K must be at least 1")
    spec = parse_spec(bare)
    if k is not None and spec.base != "SSSC":
        raise ValueError(f"the modifier /K applies only to SSSC, not to {spec.base}")
    return TeamSpec(text, spec, score, k)


def team_code_meaning(code: str) -> Hashable:
    """What a team code computes, for finding one listed twice
    (:func:`arbiter_cli.core.tiebreak_codes.check_repeats`): its individual spec whatever order its
    modifiers are written in, the score it reads and SSSC's K.

    >>> team_code_meaning("BH:MP/C1") == team_code_meaning("bh/c1:mp") != team_code_meaning("BH/C1:GP")
    True
    """
    team = parse_team_code(code)
    return replace(team.spec, code=""), team.score, team.k
