"""Standings: points, rank and record after any round.

Only entered results count; a round that is only partly entered, or has games still being played
(``*``: no points until their result), is reported in :attr:`Standings.incomplete`. Ranking is by
points, then by the tie-breaks of
:mod:`arbiter_cli.tiebreaks` in the order announced (C.07 Art. 4.2): each
tie-break only separates players still tied. Players equal on everything share
the rank, unless the settings ask for a drawing of lots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

from arbiter_cli.core.model import Player, Settings, Status, Tournament
from arbiter_cli.core.outcome import Outcome, RoundEntry, kept_round_entries
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.points import format_points
from arbiter_cli.core.tiebreak_codes import Rules, check_cuts, default_rules, parse_spec
from arbiter_cli.tiebreaks.event import Event, event_from_tournament
from arbiter_cli.tiebreaks.ranking import TiebreakFunction, rank_players
from arbiter_cli.core.half_rule import games_of, games_played
from arbiter_cli.lifecycle.withdrawals import as_counted

if TYPE_CHECKING:  # a change's line is made where one is (start-up, issue 29)
    from arbiter_cli.lifecycle.change import Change

__all__ = ["Record", "StandingRow", "Standings", "compute_standings", "points_after_round", "points_and_ranks", "tiebreak_rules", "settings_rules",
           "TiebreakFunction", "final_standing_changes"]


class Record(NamedTuple):
    """Games and unplayed rounds of a player (a named tuple: a thousand are made for each standings, and
    kept in the site's cache; issue 29)."""

    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    byes: int = 0

    @classmethod
    def of(cls, entries: Sequence[RoundEntry], annulled: int = 0) -> Record:
        """Count a player's entries: games played (a 0-0 is one, and a loss), forfeits, byes; ``annulled``
        of the free rounds are a round robin's games the half rule annulled (no bye: the opponent left
        the event, :func:`arbiter_cli.core.half_rule.as_counted`)."""
        count = list(map(_outcome, entries)).count  # counted in C: 1000 players' 11000 rounds (issue 29)
        wins, draws, losses = count(Outcome.WIN), count(Outcome.DRAW), count(Outcome.LOSS)
        return cls(wins + draws + losses, wins, draws, losses, count(Outcome.FORFEIT_WIN),
                   count(Outcome.FORFEIT_LOSS), sum(map(count, _BYES)) - annulled)


_outcome = attrgetter("outcome")
_BYES = tuple(outcome for outcome in Outcome if outcome.bye)


class StandingRow(NamedTuple):
    """A player's line of the standings (a named tuple, as :class:`Record`)."""

    rank: int | None  # None: listed without a rank (a withdrawn player, rank_withdrawn = false)
    rank_to: int | None  # the last rank of a shared place (== rank when not shared)
    player: Player
    points: Fraction
    record: Record
    tiebreaks: dict[str, Fraction | int | None]

    @property
    def rank_label(self) -> str:
        if self.rank is None:
            return ""
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}-{self.rank_to}"


@dataclass(frozen=True)
class Standings:
    after_round: int
    rows: tuple[StandingRow, ...]
    incomplete: dict[int, tuple[int, ...]]  # round -> boards without a result (or still being played)
    tiebreaks: tuple[str, ...]  # the codes computed, in order
    unavailable: tuple[str, ...]  # codes announced but not computed (team tie-breaks)
    rules: Rules = Rules.R2026
    dropped: tuple[str, ...] = ()  # rating-based codes without values: unrated players (Art. 10)
    lots: tuple[tuple[str, ...], ...] = ()  # the names of each tie left at the end and broken by lot
    cautions: tuple[str, ...] = ()  # tie-breaks the edition does not allow for this event
    left_out: tuple[str, ...] = ()  # round robin: withdrawn players whose games do not count
    unranked: tuple[str, ...] = ()  # withdrawn players listed without a rank (rank_withdrawn = false)
    unfinished: dict[int, tuple[int, ...]] = field(default_factory=dict)  # round -> boards still being played (*)


def tiebreak_rules(tournament: Tournament, rules: Rules | str | None = None) -> Rules:
    """The C.07 edition: as asked, else the settings', else by the start date."""
    return settings_rules(tournament.settings, rules)


def settings_rules(settings: Settings, rules: Rules | str | None = None) -> Rules:
    """The C.07 edition of an event with these settings (an individual or a team event)."""
    if rules is not None:
        return Rules(rules)
    if settings.tiebreak_rules is not None:
        return Rules(settings.tiebreak_rules)
    return default_rules(settings.start_date)


def compute_standings(
    tournament: Tournament,
    after_round: int | None = None,
    tiebreaks: Sequence[str] = (),
    registry: Mapping[str, TiebreakFunction] | None = None,
    rules: Rules | str | None = None,
    lots: bool | None = None,
) -> Standings:
    """Rank the players after ``after_round`` (default: the last paired round), C.07 Art. 4.2.

    ``registry`` maps base codes to tie-break functions (default: every C.07
    individual tie-break); ``rules`` picks the C.07 edition (default:
    :func:`tiebreak_rules`); ``lots`` (default: the ``tiebreak_lots`` setting)
    orders players still tied at the end by lot, from the tournament's seed, once a game has a
    result (before that everyone shares one place).

    >>> from arbiter_cli.core.model import Settings, Tournament, Player
    >>> t = Tournament(Settings(name="x", system="round-robin", seed=1),
    ...                (Player(start_number=1, name="A"), Player(start_number=2, name="B")))
    >>> [row.rank_label for row in compute_standings(t).rows]
    ['1-2', '1-2']
    """
    last = tournament.last_round if after_round is None else after_round
    if not 0 <= last <= tournament.last_round:
        raise ValueError(f"after_round must be between 0 and {tournament.last_round}")
    # kept for the tournament (frozen) with what it was asked: a correction after finalising reads the same
    # standings for its final files, its prize list and its journal (issue 29: 4 computations each, 3.3 s)
    key = ("standings", last, tuple(tiebreaks), rules, lots) if registry is None else None
    if key is not None and (kept := tournament.derived.get(key)) is not None:
        return kept  # type: ignore[no-any-return]
    table = _compute_standings(tournament, last, tiebreaks, registry, rules, lots)
    if key is not None:
        tournament.derived[key] = table
    return table


def _compute_standings(tournament: Tournament, last: int, tiebreaks: Sequence[str],
                       registry: Mapping[str, TiebreakFunction] | None, rules: Rules | str | None,
                       lots: bool | None) -> Standings:
    counted = as_counted(tournament)  # the round robin withdrawal rule
    kept = {p.start_number for p in counted.players}
    left_out = tuple(f"{p.name} ({games_played(tournament, p.start_number)} of {games_of(tournament)} played)"
                     for p in tournament.players if p.start_number not in kept)
    paired = tournament  # the rounds as paired: their boards are the ones the arbiter sees
    gone = frozenset(p.start_number for p in tournament.players) - kept
    annulled = Counter(n for rnd in tournament.rounds[:last] for g in rnd.games if gone & set(g.players)
                       for n in g.players if n not in gone) if gone else Counter()  # as_counted's free rounds: no bye
    # (trial37); none but in a round robin whose half rule left a player out
    tournament = counted
    edition = tiebreak_rules(tournament, rules)
    settings = tournament.settings
    if lots is None:
        lots = bool(settings.tiebreak_lots)
    if not any(g.result is not None for rnd in tournament.rounds[:last] for g in rnd.games):
        lots = False  # nothing played yet: everyone shares one place, no lot is drawn
    codes = tuple(tiebreaks)
    planned = settings.rounds or tournament.last_round
    finished_early = settings.status is Status.FINALISED and codes == settings.effective_tiebreaks
    if planned and not finished_early:  # an event finished early keeps its announced list
        try:
            check_cuts(codes, planned)
        except ValueError as error:
            raise BadArgument(str(error), field="tiebreaks") from None
    if settings.unrated_rating is not None:
        codes_for_ranking = tuple(_with_unrated(code, settings.unrated_rating) for code in codes)
    else:
        codes_for_ranking = codes
    entries, event = _counted_event(tournament, last, edition)
    ranking = rank_players(event, codes_for_ranking, registry, settings.seed if lots else None)
    values = {code: ranking.values.get(ranked) for code, ranked in zip(codes, codes_for_ranking)}
    unavailable = tuple(code for code, ranked in zip(codes, codes_for_ranking) if ranked in ranking.unavailable)
    computed = tuple(code for code in codes if code not in unavailable)
    unrated_present = any(rating is None for rating in event.ratings.values())
    dropped = tuple(code for code, ranked in zip(codes, codes_for_ranking) if code in computed and unrated_present
                    and parse_spec(ranked).base in _RATING_BASED and parse_spec(ranked).unrated is None)
    by_tpn = {p.start_number: p for p in tournament.players}
    # Withdrawn players left unranked (rank_withdrawn = false) still count as opponents in every
    # tie-break; they only take no place.
    unranked = {p.start_number for p in tournament.players if not settings.rank_withdrawn
                and not settings.system.is_round_robin and p.withdrawn_after is not None and p.withdrawn_after < last}
    rows: list[StandingRow] = []
    after: list[StandingRow] = []
    position = 1
    for group in ranking.groups:
        placed = [tpn for tpn in group if tpn not in unranked]
        last_place = position + len(placed) - 1
        for tpn in group:
            shown = tpn not in unranked
            row = StandingRow(
                rank=position if shown else None, rank_to=last_place if shown else None, player=by_tpn[tpn],
                points=event.points[tpn], record=Record.of(entries[tpn], annulled[tpn]),
                tiebreaks={code: (values[code] or {}).get(tpn) for code in computed},
            )
            (rows if shown else after).append(row)
        position += len(placed)
    rows += after
    incomplete = {rnd.number: tuple(sorted(rnd.missing + rnd.unfinished)) for rnd in paired.rounds[:last]
                  if not rnd.complete}
    unfinished = {rnd.number: rnd.unfinished for rnd in paired.rounds[:last] if rnd.unfinished}
    cautions = tuple(code for code in computed if parse_spec(code).base in ("BH", "FB", "AOB")
                     and edition is Rules.R2026 and settings.system.is_round_robin)
    drawn = tuple(tuple(by_tpn[tpn].name for tpn in group) for group in ranking.drawn)
    return Standings(last, tuple(rows), incomplete, computed, unavailable, edition, dropped, drawn, cautions,
                     left_out, tuple(row.player.name for row in after), unfinished)


def _counted_event(counted: Tournament, last: int, edition: Rules) -> tuple[dict[int, tuple[RoundEntry, ...]], Event]:
    """The entries after round ``last`` of the tournament as its standings count it (``counted``:
    :func:`~arbiter_cli.core.half_rule.as_counted`'s), and the event the tie-breaks read of them."""
    entries = kept_round_entries(counted, last)
    return entries, event_from_tournament(counted, last, edition, entries)


def points_after_round(tournament: Tournament, after_round: int) -> dict[int, Fraction]:
    """Each player's points after ``after_round`` as :func:`compute_standings` gives them (its rows'
    points, by start number: the round robin withdrawal rule applied), without ranking anyone: the
    points before a round that its pairings show (issue 29: a tenth of the standings' work)."""
    counted = as_counted(tournament)
    return _counted_event(counted, after_round, tiebreak_rules(counted))[1].points


def points_and_ranks(tournament: Tournament) -> dict[int, tuple[Fraction, int | None]]:
    """Each ranked player's points and rank after the last round, by the announced tie-breaks
    (the points and rank columns of a TRF export)."""
    table = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks)
    return {row.player.start_number: (row.points, row.rank) for row in table.rows}


_RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})


def _with_unrated(code: str, rating: int) -> str:
    """Add the announced rating of unrated players to a rating-based code that gives none."""
    spec = parse_spec(code)
    if spec.base in _RATING_BASED and spec.unrated is None:
        return f"{code}/U{rating}"
    return code


def final_standing_changes(before: Tournament, after: Tournament) -> list[Change]:
    """The lines of the final standings (after the last round, by the announced tie-breaks) that
    a change moved: each player whose rank, points or rating-based place differs, old -> new,
    in the new order. Nothing when every player keeps rank and points."""
    from arbiter_cli.lifecycle.change import Change, named


    def table(tournament: Tournament) -> dict[int, str]:
        standings = compute_standings(tournament, tournament.last_round, tournament.settings.effective_tiebreaks)
        return {row.player.start_number: f"{'rank ' + row.rank_label if row.rank else 'no rank'}, "
                f"{format_points(row.points)} "
                f"point{'' if row.points == 1 else 's'}" for row in standings.rows}

    old, new = table(before), table(after)
    names = {p.start_number: p.name for p in after.players}
    order = [*new, *(tpn for tpn in old if tpn not in new)]
    return [Change(f"final standings: player {named(tpn, names[tpn])}", old.get(tpn, "not ranked"),
                   new.get(tpn, "not ranked")) for tpn in order if old.get(tpn) != new.get(tpn)]
