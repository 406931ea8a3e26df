"""A team event as the individual tie-breaks read it: the teams are the "players".

C.07 Art. 13 applies the individual tie-breaks of Arts. 6-10 to a team score,
match points (MP) or game points (GP). The natural reading is an individual
:class:`~arbiter_cli.tiebreaks.event.Event` whose participants are the teams,
whose rounds are the matches and whose points are the team's MP (or GP) in
that round, with a :class:`~arbiter_cli.core.model.Scoring` saying what a won,
drawn and lost match is worth on that score. The unplayed-round rules of Arts.
15-16 (:mod:`arbiter_cli.tiebreaks.unplayed`) then apply unchanged: a category
.5 round counts as a draw (16.3), the dummy of 16.4 is capped at a draw's
points times the rounds from 2026, "for teams [...] both MP and GP"
(fide-rules.md §6.5). On GP, a draw is half of every board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_cli.core.model import Scoring
from arbiter_cli.core.outcome import Outcome, RoundEntry
from arbiter_cli.core.team import PrimaryScore, TeamEvent, TeamOutcome, TeamRoundEntry
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.tiebreaks.event import Event

__all__ = ["individual_outcome", "score_scoring", "individual_event", "TeamView"]


def individual_outcome(outcome: TeamOutcome) -> Outcome:
    """A team's round as an individual outcome: the two closed sets have the same members.

    >>> [individual_outcome(o).symbol for o in (TeamOutcome.WIN, TeamOutcome.FORFEIT_LOSS, TeamOutcome.PAB)]
    ['1', '-', 'PAB']
    >>> all(individual_outcome(o).played == o.played for o in TeamOutcome)
    True
    """
    return Outcome[outcome.name]


def score_scoring(event: TeamEvent, kind: PrimaryScore) -> Scoring:
    """What a won, drawn and lost match is worth on ``kind`` (MP: TRF 362; GP: every board).

    >>> from arbiter_cli.core.team import TeamScoring
    >>> team = TeamEvent((), {}, 0, TeamScoring(boards=4))
    >>> gp = score_scoring(team, "GP")
    >>> gp.win, gp.draw, gp.pab
    (Fraction(4, 1), Fraction(2, 1), Fraction(2, 1))
    """
    scoring = event.scoring
    pab_mp, pab_gp = scoring.pab_scores()
    if kind == "MP":
        win, draw, loss, pab = scoring.match_win, scoring.match_draw, scoring.match_loss, pab_mp
    else:
        boards = scoring.boards
        win, draw, loss = scoring.game.win * boards, scoring.game.draw * boards, scoring.game.loss * boards
        pab = pab_gp
    return Scoring.made(dict(win=win, draw=draw, loss=loss, pab=pab, forfeit_win=win, forfeit_loss=loss,
                             half_bye=draw, full_bye=win).items())  # made of checked points: no check again


#: :func:`individual_outcome` of every team outcome, read once.
_INDIVIDUAL = {outcome: Outcome[outcome.name] for outcome in TeamOutcome}


def _entry(entry: TeamRoundEntry, kind: PrimaryScore) -> RoundEntry:
    points = entry.match_points if kind == "MP" else entry.game_points  # entry.score(kind)
    return RoundEntry(entry.round, _INDIVIDUAL[entry.outcome], points, entry.opponent, entry.colour)


_new = object.__new__
_SETS = tuple(getattr(RoundEntry, name).__set__ for name in ("round", "outcome", "points", "opponent", "colour"))


def _slots(entries: tuple[TeamRoundEntry, ...], kind: PrimaryScore, rounds: int) -> tuple[RoundEntry, ...] | None:
    """A team's entries as the individual event's, when it has one a round in round order (always,
    from a folder): each made by setting its slots, as :func:`arbiter_cli.core.outcome.round_entries`
    makes a player's (issue 29: 200 teams over 9 rounds, on MP and on GP); else None."""
    if len(entries) != rounds:
        return None
    set_round, set_outcome, set_points, set_opponent, set_colour = _SETS
    match_points = kind == "MP"
    made: list[RoundEntry] = []
    for number, (played, outcome, opponent, mp, gp, _, colour) in enumerate(entries, start=1):
        if played != number:
            return None
        entry: RoundEntry = _new(RoundEntry)
        set_round(entry, played)
        set_outcome(entry, _INDIVIDUAL[outcome])
        set_points(entry, mp if match_points else gp)
        set_opponent(entry, opponent)
        set_colour(entry, colour)
        made.append(entry)
    return tuple(made)


def individual_event(event: TeamEvent, kind: PrimaryScore, rules: Rules = Rules.R2026) -> Event:
    """The individual event whose players are the teams and whose points are ``kind``.

    A round a team has no entry for is a zero-point bye, as for players
    (Art. 16.1: every round after a withdrawal is one). No team has a rating.
    """
    slots: dict[int, tuple[RoundEntry, ...]] = {}
    for team in event.teams:
        entries = event.entries.get(team.number, ())
        found = _slots(tuple(entries), kind, event.rounds)
        if found is None:
            by_round = {entry.round: entry for entry in entries}
            found = tuple(_entry(by_round[r], kind) if r in by_round else RoundEntry(r, Outcome.ZPB, Fraction(0))
                          for r in range(1, event.rounds + 1))
        slots[team.number] = found
    ratings: dict[int, int | None] = {team.number: None for team in event.teams}
    return Event(slots, ratings, event.rounds, event.round_robin, score_scoring(event, kind), rules)


@dataclass
class TeamView:
    """A team event with the C.07 edition whose unplayed-round rules apply, and its two
    individual events (on MP and on GP), built once and shared by every team tie-break."""

    event: TeamEvent
    rules: Rules = Rules.R2026
    _individual: dict[str, Event] = field(default_factory=dict, repr=False, compare=False)

    @property
    def primary(self) -> PrimaryScore:
        return self.event.scoring.primary

    @property
    def secondary(self) -> PrimaryScore:
        return self.event.scoring.secondary

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(team.number for team in self.event.teams)

    def on(self, kind: PrimaryScore | None = None) -> Event:
        """The individual event on ``kind`` (default: the primary score)."""
        kind = self.primary if kind is None else kind
        if kind not in self._individual:
            self._individual[kind] = individual_event(self.event, kind, self.rules)
        return self._individual[kind]

    def totals(self, kind: PrimaryScore) -> dict[int, Fraction]:
        """Each team's MP or GP over the event's rounds."""
        return dict(self.on(kind).points)

    def entries(self, number: int) -> tuple[TeamRoundEntry, ...]:
        return tuple(self.event.entries.get(number, ()))
