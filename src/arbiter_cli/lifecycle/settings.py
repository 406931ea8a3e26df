"""Changing an event's settings (issue 27, ``arbiter settings``): when each key may change, and the act.

A setting is announced before the event (C.04.1 Art. 1: the system, the rounds; C.07 Art. 2: the
tie-breaks), and a round once paired was paired under the settings of its time. So a change is
allowed only where it cannot make a round already paired wrong. Each key belongs to one class,
declared once in :data:`RULES`:

* :attr:`When.ANY_TIME`: words on the pages and in the TRF header (the name, the place, the
  arbiter): even a finalised event may change them, since its final standings do not show them;
* :attr:`When.UNTIL_FINALISED`: what only the standings and the prize list read (tie-breaks and their
  rules, ``rank_withdrawn``, the prize split): a finalised event's are fixed (C.04.2 4.3 corrects
  results, not rules);
* :attr:`When.UNPAIRED_ROUNDS`: rules that act on rounds not yet paired (the number of rounds, the
  forbidden pairs of one club, the bye rules, the no-show rule): a change may not reach into a
  round already paired, which its check says (:data:`Rule.check`);
* :attr:`When.BEFORE_PAIRING`: what the pairing of every round reads (the system, the scoring, the
  seed, the initial colour, the numbering, acceleration, a kind's own table): fixed once round 1
  is paired;
* :attr:`When.OWN_COMMAND`: kept by its own command (``status`` by ``pair`` and ``finalize``,
  group A by ``acceleration group-a``, the groups by ``groups set``).

**A key that is not in the table** (a new field of a model) is :data:`DEFAULT_RULE`,
``BEFORE_PAIRING``: the safe class, since nothing says what a new setting does to a paired round.
A new field that is safe to change later gets a line in :data:`RULES`; a key of a whole table
(``team.*``) sets the class of every field of the table that has no line of its own.

The words of a key come from its field's ``Field(description=...)`` (what a new field should give),
else from :data:`RULES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from pydantic import ValidationError

from arbiter_cli.core.errors import BadArgument, Refused, pydantic_message
from arbiter_cli.core.group_settings import GroupEvent
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import Player, Scoring, Settings, Status, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.setting_keys import (UNSET, Key, Table, Tables, find_key, parse_text, setting_keys, shown, value_of,
                                           with_value)
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.core.words import count, listed
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.guards import paired_rounds
from arbiter_cli.lifecycle.unfinished import RULE as UNFINISHED_RULE
from arbiter_cli.lifecycle.unfinished import paired_on_unfinished

__all__ = ["When", "Rule", "RULES", "DEFAULT_RULE", "rule_of", "Progress", "progress_of", "team_progress",
           "knockout_progress", "group_progress", "Listed", "listing", "Changed", "Apply", "change_setting", "refusal",
           "PERSON_KEYS", "with_settings"]


class When(str, Enum):
    """When a setting may change (see the module)."""

    ANY_TIME = "any time"
    UNTIL_FINALISED = "until finalised"
    UNPAIRED_ROUNDS = "rounds not yet paired"
    BEFORE_PAIRING = "before round 1"
    OWN_COMMAND = "own command"


@dataclass(frozen=True)
class Progress:
    """How far the event is, as the rules of change read it (each kind makes its own)."""

    paired: int = 0  # rounds paired
    finalised_on: str | None = None  # the date it was finalised (None: it is not)
    closed: str = ""  # why only the keys of ANY_TIME may change (a group event whose groups started)
    rounds_follow: str = ""  # why the number of rounds follows from the players once paired
    kept: Mapping[str, int] = field(default_factory=dict)  # what the folder keeps for later rounds -> its last round
    half_byes: Mapping[str, int] = field(default_factory=dict)  # each player's half-point byes taken or requested
    half_bye_rounds: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # round -> who has an HPB in it
    # a round paired on an unfinished game -> the round and board of that game
    on_unfinished: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    in_club: bool = False  # a club's tournament: once finalised, the club's ratings read its CLUB_RATED keys


#: A check of a key: (old value, new value, progress, the settings after) -> why the change reaches
#: into a round already paired (a key of :attr:`When.UNPAIRED_ROUNDS`), or the value does not fit the
#: other settings (``round_dates``), or "".
Check = Callable[[Any, Any, Progress, Settings | None], str]


@dataclass(frozen=True)
class Rule:
    """When a key may change, what it is (when its field does not say), and why it is fixed: the
    check of a key of unpaired rounds, the command that sets a key of its own command."""

    when: When
    about: str = ""
    why: str = ""  # BEFORE_PAIRING: what the paired rounds took from it
    check: Check | None = None
    command: str = ""


def _rounds(old: Any, new: Any, progress: Progress, settings: Settings | None) -> str:
    """``rounds``: never fewer than the rounds paired, nor than a round the folder keeps something for;
    a round paired on an unfinished game never one of the last two (C.04.2 3.1 and the federation's
    rule, :mod:`arbiter_cli.lifecycle.unfinished`)."""
    if progress.paired and progress.rounds_follow:
        return progress.rounds_follow
    if new is None:
        return ""
    if new < progress.paired:
        return f"{paired_rounds(progress.paired)}; the event cannot have fewer rounds"
    held = sorted((paired, at) for paired, at in progress.on_unfinished.items() if paired >= new - 1)
    if held:
        paired, (number, board) = held[0]
        which = "the last round" if paired == new else "the last round but one"
        return (f"round {paired} was paired on an unfinished game (round {number}, board {board}) and would be {which} "
                f"of {new}: the last two rounds are never paired on one ({UNFINISHED_RULE}); the event needs at least "
                f"{paired + 2} rounds")
    later = {what: last for what, last in progress.kept.items() if last > new}
    if later:
        what, last = max(later.items(), key=lambda item: item[1])
        return f"the {what} name round {last}; cancel them first"
    return ""


def _first_rounds(old: Any, new: Any, progress: Progress, settings: Settings | None) -> str:
    """A rule of the first K rounds (players of one club or federation kept apart): each round already
    paired keeps it as it was paired with, so K may change only where it covers no paired round."""
    paired = progress.paired
    if min(old, paired) == min(new, paired):
        return ""
    if old >= paired:
        return (f"{paired_rounds(paired)} under the rule; it may change only for later rounds (a value of {paired} "
                "or more)")
    under = f"the rule covering rounds 1 to {old}" if old else "without the rule"
    return f"{paired_rounds(paired)}, {under}; it must stay {old}"


def _most_half_byes(old: Any, new: Any, progress: Progress, settings: Settings | None) -> str:
    """``max_half_byes``: no lower than the half-point byes a player already took or requested (C.04.2 3.3)."""
    over = sorted(name for name, taken in progress.half_byes.items() if new is not None and taken > new)
    if not over:
        return ""
    return (f"{listed(over)} already took or requested more than {count(new, 'half-point bye')}; cancel a "
            "requested bye first ('arbiter bye cancel')")


def _closed_last_rounds(old: Any, new: Any, progress: Progress, settings: Settings | None) -> str:
    """``half_byes_closed_last_rounds``: no round closed that already has a half-point bye."""
    last = settings.rounds if settings is not None and settings.rounds else 0
    hit = {number: who for number, who in progress.half_bye_rounds.items() if number > last - new}
    if not new or not hit:
        return ""
    number = min(hit)
    return (f"round {number} has a half-point bye ({listed(hit[number])}); cancel a requested bye first "
            "('arbiter bye cancel'), or close fewer rounds")


def _round_dates(old: Any, new: Any, progress: Progress, settings: Settings | None) -> str:
    """``round_dates`` (TRF 132): one date a round, none before ``start_date`` or after ``end_date``,
    none before the round's before it. An empty slot (``2026-05-01,,2026-05-03``) is a round without a
    date, as ``""`` in ``tournament.toml`` and a blank column of TRF 132 are: it counts as its round's
    slot, so the dates after it keep their rounds (trial51, bug 4)."""
    if not new or settings is None:
        return ""
    if settings.rounds and len(new) != settings.rounds:
        empty = sum(1 for date in new if not date)
        return (f"{count(len(new), 'date')}{f' ({empty} empty)' if empty else ''} for "
                f"{count(settings.rounds, 'round')}: give one date a round (an empty one, as in "
                "2026-05-01,,2026-05-03, for a round without a date)")
    dated = [(number, date) for number, date in enumerate(new, start=1) if date]
    for (before, earlier), (number, date) in zip(dated, dated[1:]):
        if date < earlier:
            return f"round {number}'s date {date} is before round {before}'s, {earlier}"
    for number, date in dated:
        if settings.start_date and date < settings.start_date:
            return f"round {number}'s date {date} is before start_date {settings.start_date}"
        if settings.end_date and date > settings.end_date:
            return f"round {number}'s date {date} is after end_date {settings.end_date}"
    return ""


_PAIRING = "the rounds paired were paired with it"

#: When each key may change, and its words when its field gives none (see the module). A key of a
#: whole table (``team.*``) covers the table's fields without a line of their own; any other key is
#: :data:`DEFAULT_RULE`.
RULES: dict[str, Rule] = {
    # words on the pages and in the TRF header
    "name": Rule(When.ANY_TIME, "the event's name"),
    "place": Rule(When.ANY_TIME, "where it is played"),
    "federation": Rule(When.ANY_TIME, "the organising federation, 3 letters (TRF 032)"),
    "end_date": Rule(When.ANY_TIME, "the last day, YYYY-MM-DD"),
    "chief_arbiter": Rule(When.ANY_TIME, "the chief arbiter's name"),
    "time_control": Rule(When.ANY_TIME, "the time control, as announced (e.g. 90'+30\")"),
    "round_dates": Rule(When.ANY_TIME, "each round's date, a comma list of YYYY-MM-DD, an empty "
                        "one for a round without a date (TRF 132)",
                        check=_round_dates),
    # what the standings and the prizes read
    "start_date": Rule(When.UNTIL_FINALISED, "the first day, YYYY-MM-DD; without tiebreak_rules it chooses "
                       "the C.07 edition"),
    "tiebreaks": Rule(When.UNTIL_FINALISED, "the announced tie-breaks, a comma list of C.07 codes (none: the "
                      "system's default list)"),
    "tiebreak_rules": Rule(When.UNTIL_FINALISED, "the C.07 edition of the tie-breaks: 2026, 2024 or pre2023 "
                           "(none: by start_date)"),
    "tiebreak_lots": Rule(When.UNTIL_FINALISED, "break ties left after the tie-breaks by lot, from the seed"),
    "unrated_rating": Rule(When.UNTIL_FINALISED, "the rating an unrated player counts as in the rating "
                           "tie-breaks (C.07 Art. 10)"),
    "rank_withdrawn": Rule(When.UNTIL_FINALISED, "withdrawn players are ranked with the others (false: listed "
                           "after them without a rank)"),
    "round_robin_withdrawal": Rule(When.UNTIL_FINALISED, "a round robin's withdrawal: half (the games count "
                                   "when half were played) or forfeits"),
    "team.tiebreaks": Rule(When.UNTIL_FINALISED, "the team tie-breaks, a comma list of C.07 codes (none: MP, GP, "
                           "EDE, EMGSB)"),
    "team.board_prize_share": Rule(When.UNTIL_FINALISED, "the share of the rounds a board prize needs (2/3)"),
    "prizes.*": Rule(When.UNTIL_FINALISED),
    "prizes.split": Rule(When.UNTIL_FINALISED, "how tied players share the place prizes: shared, hort or tiebreak"),
    "prizes.currency": Rule(When.UNTIL_FINALISED, "the currency of the prize fund"),
    "prizes.board_share": Rule(When.UNTIL_FINALISED, "the share of the rounds a board prize needs (none: "
                               "team.board_prize_share)"),
    # rules of the rounds still to pair
    "rounds": Rule(When.UNPAIRED_ROUNDS, "the number of rounds (C.04.1 Art. 1)", check=_rounds),
    "avoid_same_club_rounds": Rule(When.UNPAIRED_ROUNDS, "players of one club do not meet in the first K rounds",
                                   check=_first_rounds),
    "avoid_same_federation_rounds": Rule(When.UNPAIRED_ROUNDS, "players of one federation do not meet in the "
                                         "first K rounds", check=_first_rounds),
    "max_half_byes": Rule(When.UNPAIRED_ROUNDS, "the most half-point byes one player may take (none: no limit)",
                          check=_most_half_byes),
    "half_byes_closed_last_rounds": Rule(When.UNPAIRED_ROUNDS, "no half-point bye in the last K rounds",
                                         check=_closed_last_rounds),
    "late_entry_missed": Rule(When.UNPAIRED_ROUNDS, "the rounds a late entry missed score as ZPB or HPB (for "
                              "late entries from now on)"),
    "no_show_rule": Rule(When.UNPAIRED_ROUNDS, "the no-show rule: off, fide (one no-show without notice "
                         "withdraws, C.04.2 2017 D.2) or federation (one without notice, or two in all); for "
                         "results from now on"),
    # what the pairing reads
    "system": Rule(When.BEFORE_PAIRING, "the pairing system: swiss, round-robin or double-round-robin",
                   "the rounds paired were paired by it"),
    "rating_type": Rule(When.BEFORE_PAIRING, "the rating list: standard, rapid or blitz",
                        "the start order came from its ratings"),
    "initial_colour": Rule(When.BEFORE_PAIRING, "the colour of start number 1 in round 1: white, black or random",
                           "round 1's colours came from it, and every later colour from round 1's"),
    "numbering": Rule(When.BEFORE_PAIRING, "start numbers by rating (C.04.2 2.2) or by lot (round robin)",
                      "the start numbers were given by it"),
    "starting_rank": Rule(When.BEFORE_PAIRING, "the rating that orders the starting list (C.04.2 2.2; TRF 172): "
                          "FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, or TFN (title first, the federation's)",
                          "the start numbers were given by it"),
    "seed": Rule(When.BEFORE_PAIRING, "the seed of every draw by lot (colours, numbers, ties)",
                 "the lots drawn at the first pairing came from it"),
    "berger_tables": Rule(When.BEFORE_PAIRING, "a round robin's rounds follow the Berger tables (C.05)",
                          "the paired rounds follow their tables or were imported as played"),
    "acceleration": Rule(When.BEFORE_PAIRING, "Baku acceleration (C.04.7): none or baku",
                         "the virtual points of the paired rounds came from it"),
    "scoring.*": Rule(When.BEFORE_PAIRING, "points for this outcome",
                      "the score groups of the paired rounds were made with these points"),
    "team.*": Rule(When.BEFORE_PAIRING, "", "the matches paired and their line-ups were made with it"),
    "knockout.*": Rule(When.BEFORE_PAIRING, "", "the bracket and its matches were made with it"),
    "groups.*": Rule(When.BEFORE_PAIRING, "", "the groups were made with it"),
    # kept by their own commands
    "status": Rule(When.OWN_COMMAND, "registration, running or finalised", command="'arbiter pair' and "
                   "'arbiter finalize'"),
    "finalised_on": Rule(When.OWN_COMMAND, "the day the event was finalised", command="'arbiter finalize'"),
    "baku_group_a": Rule(When.OWN_COMMAND, "the start number of Baku group A's last player",
                         command="'arbiter acceleration group-a'"),
    "groups.members": Rule(When.OWN_COMMAND, "the groups set by hand", command="'arbiter groups set'"),
}

#: The keys of ``prizes.toml`` a person writes in the file, not on a command line: its lists (the
#: place prizes, read into cents; the categories; the board prizes). Never listed or set.
PERSON_KEYS = frozenset({"prizes.places", "prizes.category", "prizes.board"})

#: The class of a key :data:`RULES` does not name: fixed once round 1 is paired.
DEFAULT_RULE = Rule(When.BEFORE_PAIRING, "", _PAIRING)

#: The words of the fields of a kind's table whose field gives none.
_ABOUT = {
    "scoring.win": "points for a win", "scoring.draw": "points for a draw", "scoring.loss": "points for a loss",
    "scoring.pab": "points for the pairing-allocated bye (C.04.1 Art. 3)",
    "scoring.forfeit_win": "points for a forfeit win", "scoring.forfeit_loss": "points for a forfeit loss",
    "scoring.half_bye": "points for a requested half-point bye", "scoring.full_bye": "points for a full-point bye",
    "team.boards": "the boards of a match", "team.match_win": "match points for a won match",
    "team.match_draw": "match points for a drawn match", "team.match_loss": "match points for a lost match",
    "team.primary": "the primary score: MP or GP", "team.colours": "the first team's colour on each board (WBWB)",
    "team.pab": "a team's PAB scores a drawn match or a won match",
    "team.pab_match_points": "a PAB's match points, when the rules set them",
    "team.pab_game_points": "a PAB's game points, when the rules set them",
    "team.empty_boards": "the boards a team may leave empty in one match",
    "team.empty_matches": "the matches in which a team may leave boards empty",
    "team.roster_tolerance": "a player may stand above one rated up to this many points higher (0-50)",
    "team.numbering": "team numbers by rating or as given",
    "team.roster_rating": "the rating that orders a roster and makes a team's strength: fide or national", "team.colour_model": "a team Swiss's colour "
    "preferences: a, b or none (C.04.6 1.7)",
    "knockout.games_per_match": "the games of a match", "knockout.tiebreak_stages": "what breaks a tied match, "
    "a comma list: rapid:N, blitz:N, armageddon, lower-rating (an unrated player counts as the lowest-rated)",
    "knockout.seeding": "seeded or drawn", "knockout.first_colour": "a match's first colours: lot or seeding",
    "groups.count": "the number of groups", "groups.advance": "how many of each group go on to the final",
    "groups.final": "the final: round-robin or knockout",
}


def rule_of(name: str) -> Rule:
    """The rule of the key ``name``: its own line, else its table's (``team.*``), else :data:`DEFAULT_RULE`."""
    if name in RULES:
        return RULES[name]
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        found = RULES.get(".".join(parts[:cut]) + ".*")
        if found is not None:
            return found
    return DEFAULT_RULE


def _about(key: Key) -> str:
    """The words of a key: its field's, else :data:`_ABOUT`'s (a table inside another, ``groups.knockout.seeding``,
    by its own name, ``knockout.seeding``), else its rule's."""
    parts = key.name.split(".")
    found = next((_ABOUT[name] for name in (".".join(parts[cut:]) for cut in range(len(parts))) if name in _ABOUT), "")
    return key.description or found or rule_of(key.name).about


# --------------------------------------------------------------------------- how far each kind is


def progress_of(tournament: Tournament) -> Progress:
    """An individual event's progress: its paired rounds, what it keeps for later rounds, its half-point byes."""
    from arbiter_cli.lifecycle.byes import half_byes_taken

    settings = tournament.settings
    kept: dict[str, int] = {}
    for what, rounds in (("requested byes", [b.round for b in tournament.byes]),
                         ("forbidden pairs", [r for a in tournament.avoid for r in (a.first, a.last) if r]),
                         ("virtual points", [v.round for v in tournament.virtual])):
        if rounds:
            kept[what] = max(rounds)
    half: dict[int, list[str]] = {}
    for rnd in tournament.rounds:
        for bye in rnd.byes:
            player = tournament.player(bye.player)
            if bye.kind is ByeKind.HPB and player is not None and not (
                    player.entered_round is not None and rnd.number < player.entered_round):
                half.setdefault(rnd.number, []).append(player.name)
    for request in tournament.byes:
        if request.kind is ByeKind.HPB and request.start_number in tournament.by_number:
            half.setdefault(request.round, []).append(tournament.by_number[request.start_number].name)
    follow = ("a round robin's rounds follow from its players (C.05)" if settings.system.is_round_robin else "")
    on_unfinished: dict[int, tuple[int, int]] = {}
    for number, board in paired_on_unfinished(tournament).values():
        on_unfinished.setdefault(number + 1, (number, board))
    return Progress(tournament.last_round, _finalised(settings), "", follow, kept,
                    {p.name: taken for p in tournament.players
                     if (taken := half_byes_taken(tournament, p.start_number))},
                    {number: tuple(names) for number, names in half.items()}, on_unfinished)


def team_progress(tournament: TeamTournament) -> Progress:
    """A team event's progress: its paired rounds, and the line-ups and byes it keeps for later rounds."""
    kept = {what: max(rounds) for what, rounds in (("line-ups given", [r.round for r in tournament.lineups]),
                                                    ("requested team byes", [b.round for b in tournament.byes]))
            if rounds}
    follow = ("a round robin's rounds follow from its teams (C.05)" if tournament.settings.system.is_round_robin
              else "")
    return Progress(tournament.last_round, _finalised(tournament.settings), rounds_follow=follow, kept=kept)


def knockout_progress(tournament: KnockoutTournament) -> Progress:
    """A knockout's progress: its rounds paired (its number of rounds follows from its players)."""
    return Progress(len(tournament.rounds), _finalised(tournament.settings),
                    rounds_follow="a knockout's rounds follow from its players")


def group_progress(event: GroupEvent) -> Progress:
    """A group event's progress: once the groups start, each stage is a folder of its own with the
    settings it started with, so the event's change only in their words."""
    started = event.tournament.settings.status is not Status.REGISTRATION
    return Progress(1 if started else 0, _finalised(event.tournament.settings),
                    "the groups have started, each stage with the settings of that moment" if started else "")


def _finalised(settings: Settings) -> str | None:
    return (settings.finalised_on or "?") if settings.status is Status.FINALISED else None


# --------------------------------------------------------------------------- the listing


@dataclass(frozen=True)
class Listed:
    """A key as ``arbiter settings`` lists it."""

    key: str
    value: Any
    default: Any
    when: When
    about: str
    now: bool  # whether it may change now


def listing(tables: Tables, progress: Progress, hidden: frozenset[str] = frozenset()) -> list[Listed]:
    """Every key of ``tables`` (but the ``hidden`` ones, which the kind does not keep), with its value,
    its default, its class, its words, and whether it may change now."""
    out = []
    hidden = hidden | PERSON_KEYS
    for key in setting_keys(tables):
        rule = rule_of(key.name)
        if key.name in hidden or key.table_of_its_own or (not key.settable and rule.when is not When.OWN_COMMAND):
            continue
        now = key.settable and not _fixed(key, rule, progress)
        out.append(Listed(key.name, value_of(tables, key), _default(tables, key), rule.when, _about(key), now))
    return out


def _holder(tables: Tables, key: Key) -> Any:
    """The model that holds ``key``'s field (None: an absent nested table)."""
    value: Any = tables[key.table]
    for part in key.path[:-1]:
        value = getattr(value, part, None) if value is not None else None
    return value


def _default(tables: Tables, key: Key) -> Any:
    """The value ``settings unset`` gives ``key``: its field's default; a point that follows a win's or
    a draw's (:attr:`Scoring.DERIVED`) that one's value now."""
    holder = _holder(tables, key)
    if isinstance(holder, Scoring) and key.path[-1] in Scoring.DERIVED:
        return getattr(holder, Scoring.DERIVED[key.path[-1]])
    return None if key.field.is_required() else key.field.get_default(call_default_factory=True)


def _following(tables: Tables, after: dict[str, Table], key: Key, apply: Apply
               ) -> tuple[dict[str, Table], tuple[Change, ...], tuple[str, ...]]:
    """The points that follow a win's or a draw's (:attr:`Scoring.DERIVED`: a PAB, a forfeit win and a
    full-point bye a win's, a half-point bye a draw's, C.04.1 Art. 3-4), after ``key`` changed, as
    ``new --scoring`` derives them: each that had the value of the old win (draw) takes the new one;
    one the arbiter set apart stays. Their journal lines and a note on each."""
    before, now = _holder(tables, key), _holder(after, key)
    source = key.path[-1]
    if not isinstance(before, Scoring) or not isinstance(now, Scoring) or source not in Scoring.DERIVED.values():
        return after, (), ()
    prefix = key.name[:-len(source)]
    old, new = getattr(before, source), getattr(now, source)
    changes: list[Change] = []
    notes: list[str] = []
    for name in (name for name, follows in Scoring.DERIVED.items() if follows == source):
        derived, was = find_key(after, prefix + name), getattr(before, name)
        if was == old:
            after = apply(after, derived, new)
            changes.append(Change(f"setting {derived.name}", shown(was), shown(new)))
            notes.append(f"note: {derived.name} follows {key.name}: {shown(was)} -> {shown(new)}")
        else:
            notes.append(f"note: {derived.name} stays {shown(was)}, set apart from {key.name} ({shown(old)}); "
                         f"'arbiter settings set {derived.name} {shown(new)}' makes it follow")
    return after, tuple(changes), tuple(notes)


#: The words a club's ratings read of a finalised tournament: its time control (standard, rapid or
#: blitz, which rating moves) and its last day (the order of the club's history).
CLUB_RATED = ("time_control", "end_date")


def _fixed(key: Key, rule: Rule, progress: Progress) -> str:
    """Why ``key`` may not change at all now, whatever its value ("" when it may)."""
    if rule.when is When.OWN_COMMAND:
        return f"it is set by {rule.command}"
    if rule.when is When.ANY_TIME and progress.in_club and progress.finalised_on is not None \
            and key.name in CLUB_RATED:  # the trial of issue 29: still rated rapid after '5+3', dated anew
        return (f"the event was finalised on {progress.finalised_on} and its club rated it by its {key.name}; "
                "it is fixed now")
    if rule.when is When.ANY_TIME:
        return ""
    words = ", ".join(name for name, each in RULES.items() if each.when is When.ANY_TIME)
    if progress.finalised_on is not None:
        return f"the event was finalised on {progress.finalised_on}; only its words ({words}) may change now"
    if progress.closed:
        return f"{progress.closed}; only its words ({words}) may change now"
    if rule.when is When.BEFORE_PAIRING and progress.paired:
        return (f"{paired_rounds(progress.paired)} and {rule.why or _PAIRING}; it may change only before round 1 is "
                "paired")
    return ""


def refusal(tables: Tables, key: Key, old: Any, new: Any, progress: Progress) -> str:
    """Why setting ``key`` from ``old`` to ``new`` would make a round already paired wrong, or the
    event's rules say it cannot change now ("" when it may)."""
    rule = rule_of(key.name)
    fixed = _fixed(key, rule, progress)
    if fixed or rule.check is None:
        return fixed
    top = tables.get("")
    return rule.check(old, new, progress, top if isinstance(top, Settings) else None)


# --------------------------------------------------------------------------- the act


@dataclass(frozen=True)
class Changed:
    """What a change of a setting made: the tables after it, the key, its value before and after,
    and its journal line (None: it had that value already)."""

    tables: dict[str, Table]
    key: Key
    old: Any
    new: Any
    change: Change | None
    follows: tuple[Change, ...] = ()  # the keys that followed it (a win's points: the PAB's ...)
    notes: tuple[str, ...] = ()


#: How a value is put into the tables: :func:`~arbiter_cli.core.setting_keys.with_value`, or the
#: kind's own way for a table whose file is the model's only true form (``prizes.toml``, whose
#: money is read into cents).
Apply = Callable[[Tables, Key, Any], dict[str, Table]]


def change_setting(tables: Tables, name: str, text: str | None, progress: Progress,
                   hidden: frozenset[str] = frozenset(), apply: Apply = with_value) -> Changed:
    """The act of ``arbiter settings set KEY VALUE`` (``text`` None: ``settings unset KEY``, back to
    the default): the value typed from the key's field, every rule of its model checked again, and
    the change refused when it would make a round already paired wrong (:func:`refusal`); ``apply``
    puts the value in (a :class:`ValueError` with the reason when the model refuses it). A bad
    value is a :class:`BadArgument`, a change the event's state forbids a :class:`Refused`; each
    names the key."""
    key = find_key(tables, name, hidden | PERSON_KEYS)
    keys = {each.name: each for each in setting_keys(tables)}
    if key.table_of_its_own and text is not None:
        raise BadArgument(f"is a table: set its keys ({key.name}.KEY), or 'unset' it whole", field=key.name)
    if not key.settable and not key.table_of_its_own:
        raise BadArgument(f"is not set by a command: {_fixed(key, rule_of(key.name), progress) or 'edit the file'}",
                          field=key.name)
    if rule_of(key.name).when is When.OWN_COMMAND:
        raise Refused(_fixed(key, rule_of(key.name), progress), field=key.name)
    if text is None and key.field.is_required():
        raise BadArgument("has no default; give its value with 'arbiter settings set'", field=key.name)
    old = value_of(tables, key)
    try:
        value = UNSET if text is None else parse_text(key, text)
        after = apply(tables, key, value)
        after, follows, notes = _following(tables, after, key, apply)
    except ValueError as error:
        raise BadArgument(_reason(error, key, keys), field=key.name) from None
    new = value_of(after, key)
    if new == old:
        return Changed(dict(tables), key, old, new, None)
    why = refusal(after, key, old, new, progress)
    if why:
        raise Refused(f"cannot change from {_in_force(tables, key, old)} to {_in_force(after, key, new)}: {why}",
                      field=key.name)
    return Changed(after, key, old, new, Change(f"setting {key.name}", shown(old), shown(new)), follows, notes)


def _in_force(tables: Tables, key: Key, value: object) -> str:
    """A setting's value as a message names it: an empty tie-break list is the system's default list
    (C.07 Art. 2: the announced one), never "none"."""
    text = shown(value)
    if text:
        return text
    effective = getattr(tables.get(key.table), "effective_tiebreaks", None) if key.name == "tiebreaks" else None
    return f"the default ({shown(effective)})" if effective else "none"


def _reason(error: ValueError, key: Key, keys: Mapping[str, Key]) -> str:
    """The one-line reason of a bad value: pydantic's first error (naming the key it is about when that
    is another one, and how to remove a table that may be absent), or the parser's."""
    if not isinstance(error, ValidationError):
        return str(error)
    first = error.errors()[0]
    message = pydantic_message(first)
    where = ".".join(str(part) for part in first["loc"])
    other = ".".join(part for part in (key.table, *key.path[:-1], where) if part)
    if not where or other == key.name:
        return message
    if other in keys and keys[other].table_of_its_own:
        return f"{message} ({other}: 'arbiter settings unset {other}' removes it)"
    return f"{message} ({other})"


def with_settings(tournament: Tournament, settings: Settings) -> tuple[Tournament, tuple[Change, ...], tuple[str, ...]]:
    """``tournament`` under its changed ``settings``. Before round 1 its start numbers follow C.04.2 2.2
    under them (the starting rank that orders the list, TRF-2026 172), as registration numbers them
    (:func:`~arbiter_cli.lifecycle.registration.with_players`): a new order is journalled with its
    numbers, and said. Once a round is paired the numbers stay (the change is refused before this). A
    new rating list (``rating_type``) is said too: the players' ratings are still the old list's."""
    from arbiter_cli.lifecycle.registration import with_players

    after = with_players(replace(tournament, settings=settings), tournament.players)
    moved = [p for p, old in zip(after.players, sorted(tournament.players, key=lambda p: p.start_number))
             if p.model_copy(update={"start_number": old.start_number}) != old]
    notes: tuple[str, ...] = ()
    old_list, new_list = tournament.settings.rating_type.value, settings.rating_type.value
    if old_list != new_list and any(p.rating for p in tournament.players):
        notes = (f"note: the ratings in players.csv are still the {old_list} ones; 'arbiter player update-ratings' "
                 f"takes the {new_list} list's (a player it does not rate in {new_list} keeps the rating registered, "
                 "with a note)",)
    if not moved:
        return after, (), notes

    def numbers(players: tuple[Player, ...]) -> str:
        return " ".join(f"{p.start_number}={p.name}" for p in sorted(players, key=lambda p: p.start_number))

    changes = [Change("start numbers (C.04.2 2.2)", numbers(tournament.players), numbers(after.players))]
    old_a, new_a = tournament.settings.baku_group_a, after.settings.baku_group_a
    if old_a is not None and new_a != old_a:
        changes.append(Change("Baku group A", f"start numbers 1 to {old_a}", f"start numbers 1 to {new_a}"))
    note = (f"note: the players are numbered again by starting_rank {settings.starting_rank.value} (C.04.2 2.2): "
            f"{count(len(moved), 'start number')} changed ('arbiter player list' shows them)")
    return after, tuple(changes), (*notes, note)
