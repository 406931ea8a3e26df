"""What the Swiss Team Pairing System needs to know about each team before a round (C.04.6 Art. 1).

The input is neutral: every team of the event with its record of earlier rounds, one
:class:`~arbiter_cli.core.team.TeamRoundEntry` per round (the project's one team-outcome
vocabulary), and whether it is to be paired this round. From it this module derives, by the
definitions of C.04.6 (2026) Art. 1 and C.04.2 Art. 3.4-3.5:

* the primary and the secondary score (1.2), PABs counted at their own value (1.4);
* the colour history of the matches actually played (1.6: the colour of the board-1 player),
  unplayed rounds removed (C.04.2 3.4), the colour difference and the colour preference (1.7);
* whether the team was a floater in the previous round (1.5: it played an opponent with a
  different score; a bye or a forfeited match is no float);
* the teams met over the board (C1; a forfeited match is no meeting, C.04.2 3.5);
* whether it may still receive the PAB (C2: no earlier PAB, match won by forfeit or FPB).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.core.outcome import Colour
from arbiter_cli.core.team import PrimaryScore, TeamEvent, TeamOutcome, TeamRoundEntry
from arbiter_cli.pairing.team_swiss.preferences import ColourModel, Preference, colour_preference

__all__ = ["TeamEntrant", "TeamSwissRequest", "TeamState", "derive_states", "request_from_event"]


@dataclass(frozen=True)
class TeamEntrant:
    """A team of the event: its TPN (fixed, C.04.6 1.1.3), its rounds so far, and whether it is
    to be paired this round (False: withdrawn, or a requested bye, record 240)."""

    tpn: int
    history: tuple[TeamRoundEntry, ...]
    present: bool = True


@dataclass(frozen=True)
class TeamSwissRequest:
    """Everything the engine needs to pair round ``round_number`` of a team Swiss.

    ``primary``: match points or game points (1.2.1, record 192 ``MP_*`` / ``GP_*``);
    ``secondary_for_colours``: whether the other score decides the first team (4.2.2; record 192
    ``MP_GP`` / ``GP_MP`` say yes, ``MP`` / ``GP`` no); ``initial_colour``: the colour drawn by lot
    before round 1 (4.1), which 4.3.1 gives to a first team with an odd TPN."""

    entrants: tuple[TeamEntrant, ...]
    round_number: int
    total_rounds: int
    initial_colour: Colour
    colour_model: ColourModel = ColourModel.TYPE_A
    primary: PrimaryScore = "MP"
    secondary_for_colours: bool = True

    @property
    def last_two_rounds(self) -> bool:
        """C7 and C10 do not apply in the last two rounds (2.3.4, 2.3.7)."""
        return self.round_number > self.total_rounds - 2

    @property
    def last_round(self) -> bool:
        return self.round_number >= self.total_rounds


@dataclass(frozen=True)
class TeamState:
    """A team as the pairing of one round sees it."""

    tpn: int
    score: Fraction  # the primary score (1.2)
    secondary: Fraction  # the other score
    colours: str  # "w"/"b", one per match played, oldest first (1.6; C.04.2 3.4)
    met: frozenset[int]  # the teams met over the board (C1)
    pab_barred: bool  # C2
    floated: bool  # a floater in the previous round (1.5)
    preference: Preference  # 1.7

    @property
    def played(self) -> int:
        """The number of matches played (3.4.3)."""
        return len(self.colours)

    @property
    def colour_difference(self) -> int:
        """White matches minus Black matches (1.6.2)."""
        return self.colours.count("w") - self.colours.count("b")


def _played(entry: TeamRoundEntry) -> bool:
    """A match over the board (a match still being entered counts as one)."""
    return entry.opponent is not None and (entry.outcome.played or entry.outcome is TeamOutcome.PENDING)


def _score(history: tuple[TeamRoundEntry, ...], kind: PrimaryScore, rounds: int) -> Fraction:
    return sum((entry.score(kind) for entry in history[:rounds]), Fraction(0))


def derive_states(request: TeamSwissRequest) -> dict[int, TeamState]:
    """Every team's state (present or not: a floater's opponent may have left since)."""
    histories = {e.tpn: e.history for e in request.entrants}
    previous = request.round_number - 1
    secondary: PrimaryScore = "GP" if request.primary == "MP" else "MP"
    states: dict[int, TeamState] = {}
    for entrant in request.entrants:
        history = entrant.history[:previous]
        colours = "".join(e.colour for e in history if _played(e) and e.colour is not None)
        met = frozenset(e.opponent for e in history if _played(e) and e.opponent is not None)
        barred = any(e.outcome in (TeamOutcome.PAB, TeamOutcome.FORFEIT_WIN, TeamOutcome.FPB) for e in history)
        floated = False
        if previous >= 1 and len(history) >= previous:
            last = history[previous - 1]
            if _played(last) and last.opponent in histories:
                mine = _score(history, request.primary, previous - 1)
                theirs = _score(histories[last.opponent], request.primary, previous - 1)
                floated = mine != theirs
        cd = colours.count("w") - colours.count("b")
        states[entrant.tpn] = TeamState(
            tpn=entrant.tpn,
            score=_score(history, request.primary, previous),
            secondary=_score(history, secondary, previous),
            colours=colours,
            met=met,
            pab_barred=barred,
            floated=floated,
            preference=colour_preference(cd, colours, request.colour_model, request.last_round),
        )
    return states


def request_from_event(event: TeamEvent, round_number: int, total_rounds: int, initial_colour: Colour, *,
                       absent: frozenset[int] = frozenset(), colour_model: ColourModel = ColourModel.TYPE_A,
                       secondary_for_colours: bool = True) -> TeamSwissRequest:
    """The request to pair round ``round_number`` of ``event`` (its rounds before that one are read):
    every team, present unless in ``absent`` (withdrawn, or a requested bye)."""
    entrants = tuple(TeamEntrant(team.number, tuple(event.entries[team.number][:round_number - 1]),
                                 team.number not in absent) for team in event.teams)
    return TeamSwissRequest(entrants, round_number, total_rounds, initial_colour, colour_model,
                            event.scoring.primary, secondary_for_colours)
