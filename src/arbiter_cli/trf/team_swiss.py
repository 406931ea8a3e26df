"""A team Swiss in a TRF-2026 file, as the Swiss Team Pairing System (C.04.6) reads it.

* record 192 ``FIDE_TEAM_{TYPEA_|TYPEB_|}{MP_GP|GP_MP|MP|GP}``: the colour model (Type A, Type B,
  or none when no type is named; ``FIDE_TEAM`` alone is Type A with MP then GP), the primary score,
  and whether the other score decides the first team of a pair (C.04.6 4.2.2: ``MP_GP`` and
  ``GP_MP`` say yes, ``MP`` and ``GP`` no);
* 142 the number of rounds (C7 and C10 are off in the last two); 152 / XXC the initial colour,
  else the one round 1 shows (4.3.1: a first team with an odd TPN had it);
* the teams (310), their rounds (001, 300, 320 PABs, 330 match forfeits) through
  :func:`arbiter_cli.trf.team.team_event_from_trf`; 240 the teams not to pair in the next round.

Pure: a parsed file in, a request or a comparison out.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from arbiter_cli.core.errors import BadArgument, NoPairing
from arbiter_cli.core.outcome import Colour
from arbiter_cli.core.team import PrimaryScore, TeamOutcome, TeamRoundEntry
from arbiter_cli.pairing.team_swiss import ColourModel, TeamPairing, TeamSwissRequest, pair_team_round
from arbiter_cli.pairing.team_swiss.state import request_from_event
from arbiter_cli.trf.reader import TrfError, TrfFile
from arbiter_cli.trf.team import TeamTrf, team_event_from_trf

__all__ = ["TeamSwissFile", "read_team_swiss", "team_swiss_code", "is_team_swiss", "TeamRoundCheck",
           "check_team_rounds", "recorded_round"]

_CODE = re.compile(r"FIDE_TEAM(?:_(TYPEA|TYPEB))?(?:_(MP_GP|GP_MP|MP|GP))?(_BAKU)?")


def team_swiss_code(model: ColourModel, primary: PrimaryScore, secondary_for_colours: bool = True) -> str:
    """The 192 code of a team Swiss: ``FIDE_TEAM_TYPEA_MP_GP``, ``FIDE_TEAM_TYPEB_GP``, ``FIDE_TEAM_MP_GP``..."""
    kind = {ColourModel.TYPE_A: "TYPEA_", ColourModel.TYPE_B: "TYPEB_", ColourModel.NONE: ""}[model]
    scores = f"{primary}_{'GP' if primary == 'MP' else 'MP'}" if secondary_for_colours else primary
    return f"FIDE_TEAM_{kind}{scores}"


def is_team_swiss(trf: TrfFile) -> bool:
    """Whether record 192 names a FIDE team Swiss (a team file without 192 is taken as one too)."""
    codes = [v.strip().upper() for v in trf.header.get("192", ())]
    return not codes or any(_CODE.fullmatch(c) for c in codes)


@dataclass(frozen=True)
class TeamSwissFile:
    """A team Swiss read from a TRF: the event and what the pairing needs besides."""

    read: TeamTrf
    colour_model: ColourModel
    secondary_for_colours: bool
    total_rounds: int | None
    initial_colour: Colour | None
    requested: dict[int, frozenset[int]]  # 240: round -> the teams with a bye (any type) in it
    forfeit_white: dict[tuple[int, int], int]  # 330: (round, team) -> the white team of its forfeited match

    @property
    def paired_rounds(self) -> int:
        return self.read.event.rounds

    def next_request(self) -> tuple[TeamSwissRequest, Colour | None]:
        """The request to pair the next round, and the initial colour when it had to be drawn by lot
        (C.04.6 4.1: the file has no 152 and round 1 does not show it; the caller tells it, so that
        152 can store it). The number of rounds (142) is needed: C7 and C10 are off in the last two."""
        number = self.paired_rounds + 1
        if self.total_rounds is None:
            raise BadArgument("the file does not give the number of rounds (record 142): C7 and C10 are off in "
                              "the last two rounds (C.04.6 2.3.4, 2.3.7), so the engine must know them", field="142")
        if number > self.total_rounds:
            raise BadArgument(f"all {self.total_rounds} rounds are paired (record 142)", field="142")
        drawn: Colour | None = None
        if self.initial_colour is None:
            drawn = random.SystemRandom().choice(("w", "b"))
        return self.request(number, drawn), drawn

    def request(self, number: int, initial_colour: Colour | None = None) -> TeamSwissRequest:
        """The request to pair round ``number`` (a round already paired, to check it, or the next)."""
        event = self.read.event
        if number <= event.rounds:
            absent = frozenset(t.number for t in event.teams if not _paired_in(event.entries[t.number][number - 1]))
        else:
            absent = self.requested.get(number, frozenset())
        colour = initial_colour or self.initial_colour
        if colour is None:
            raise BadArgument("the initial colour is unknown: give it in record 152 (W or B)", field="152")
        total = self.total_rounds if self.total_rounds is not None else max(number, event.rounds)
        return request_from_event(event, number, total, colour, absent=absent, colour_model=self.colour_model,
                                  secondary_for_colours=self.secondary_for_colours)


def _paired_in(entry: TeamRoundEntry) -> bool:
    return entry.opponent is not None or entry.outcome is TeamOutcome.PAB


def read_team_swiss(trf: TrfFile) -> TeamSwissFile:
    """The team Swiss of a team TRF; a :class:`TrfError` names what is wrong or not supported."""
    read = team_event_from_trf(trf)
    if read.event.round_robin:
        raise TrfError("record 192 names a team round robin, not a team Swiss", trf.header_lines["192"][0], "192")
    model, secondary = ColourModel.TYPE_A, True
    for value, line in zip(trf.header.get("192", ()), trf.header_lines.get("192", ())):
        match = _CODE.fullmatch(value.strip().upper())
        if match is None:
            raise TrfError(f"{value.strip()!r} is not a FIDE team Swiss (FIDE_TEAM_...)", line, "192")
        if match.group(3):
            raise TrfError("the Baku acceleration of a team Swiss is not supported", line, "192")
        model = {"TYPEA": ColourModel.TYPE_A, "TYPEB": ColourModel.TYPE_B}.get(
            match.group(1) or "", ColourModel.NONE if match.group(2) else ColourModel.TYPE_A)
        secondary = match.group(2) is None or "_" in match.group(2)
    requested: dict[int, frozenset[int]] = {r: frozenset(teams) for r, teams in trf.requested_byes.items()}
    initial: Colour | None = "w" if trf.initial_colour == "w" else "b" if trf.initial_colour == "b" else None
    return TeamSwissFile(read, model, secondary, trf.total_rounds, initial or _initial_from_round_1(read),
                         requested, _forfeit_whites(trf))


def _initial_from_round_1(read: TeamTrf) -> Colour | None:
    """The initial colour round 1 shows (4.3.1): in its played match with the smallest TPN, the
    first team (the smaller TPN, 4.2.3) had it if its TPN is odd, the other colour if even."""
    event = read.event
    if event.rounds < 1:
        return None
    for team in sorted(t.number for t in event.teams):
        entry = event.entries[team][0]
        if entry.outcome.played and entry.opponent is not None and entry.colour is not None:
            first = min(team, entry.opponent)
            colour = entry.colour if first == team else ("b" if entry.colour == "w" else "w")
            return colour if first % 2 else ("b" if colour == "w" else "w")
    return None


def _forfeit_whites(trf: TrfFile) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for value in trf.header.get("330", ()):
        rnd, white, black = (int(value[a:b]) for a, b in ((3, 6), (7, 10), (11, 14)))
        out[(rnd, white)] = out[(rnd, black)] = white
    return out


def recorded_round(file: TeamSwissFile, number: int) -> tuple[set[tuple[int, int]], int | None]:
    """Round ``number`` as the file has it: (white team, black team) pairs and the PAB team."""
    event = file.read.event
    pairs: set[tuple[int, int]] = set()
    bye = None
    for team in event.teams:
        entry = event.entries[team.number][number - 1]
        if entry.outcome is TeamOutcome.PAB:
            bye = team.number
        elif entry.opponent is not None:
            if entry.colour is not None:
                white = team.number if entry.colour == "w" else entry.opponent
            else:
                white = file.forfeit_white.get((number, team.number), min(team.number, entry.opponent))
            pairs.add((white, entry.opponent if white == team.number else team.number))
    return pairs, bye


@dataclass(frozen=True)
class TeamRoundCheck:
    """A round paired again: what the file has, what the engine pairs (None: no pairing, ``error``)."""

    number: int
    recorded: set[tuple[int, int]]
    recorded_bye: int | None
    paired: TeamPairing | None
    error: str = ""

    @property
    def identical(self) -> bool:
        return (self.paired is not None and set(self.paired.pairs) == self.recorded
                and self.paired.bye == self.recorded_bye)


def check_team_rounds(file: TeamSwissFile) -> Iterator[TeamRoundCheck]:
    """Every paired round of the file, paired again from the rounds before it."""
    for number in range(1, file.paired_rounds + 1):
        recorded, bye = recorded_round(file, number)
        try:
            paired: TeamPairing | None = pair_team_round(file.request(number))
            error = ""
        except NoPairing as problem:
            paired, error = None, str(problem)
        yield TeamRoundCheck(number, recorded, bye, paired, error)
