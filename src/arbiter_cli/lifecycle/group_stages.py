"""A group event's acts (issue 18, group stages): setting the groups, starting them, and the final.

* **The groups.** The players are dealt into the groups by seeding in snake order
  (:func:`arbiter_cli.pairing.groups.snake_deal`: seeds 1, 2, ..., G, then G, ..., 1); the
  seeding is the C.04.2 Art. 2.2 order (rating, title, name), which is the start-number order
  of a registration numbered by rating. The arbiter may set the groups by hand instead
  (:func:`set_groups`).
* **Each group is a round robin** (C.05, the Berger tables) with **all its games created at
  once** (:func:`start_groups`): every round of every group is paired when the groups start.
  Each group is an ordinary round-robin event: its pairing numbers follow the seeding (or are
  drawn by lot with ``numbering = "lot"``), its tie-breaks are the event's announced list.
* **The first K of each group go on** (:func:`qualifiers`), ranked by the group's standings and
  tie-breaks (C.07 Art. 4.2); ties left after the list are broken by a drawing of lots from the
  stage's seed (the ``tiebreak_lots`` setting, on in every stage), unless the event set
  ``tiebreak_lots = false``, in which case a tie across the cut is refused for the arbiter to decide.
* **The final's seeding**: the group winners first, then the runners-up, and so on; among the
  players of one place, highest rating first, then by group (A before B). The final's start
  numbers are that order (:func:`final_seeding`). In a knockout final, no player meets one of
  their own group in their first match (round 1, or round 2 after a bye) when that can be avoided
  by moving players among those of one place (a group's winner would otherwise meet its own
  runner-up: 1 v 8 in 4 groups of 2).
* **The final** (:func:`final_stage`): a round robin of the qualifiers, all its games created at
  once, or a knockout (``final = "knockout"``) seeded in that order, its bracket and round 1 made
  at once and each later round paired when the one before has its winners.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from arbiter_cli.core.csv_input import read_rows
from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.group_settings import FINAL, GroupEvent, GroupSettings, advance_fault
from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.model import InitialColour, Numbering, Player, Round, Settings, Status, System, Tournament
from arbiter_cli.core.tpn import initial_order, renumber
from arbiter_cli.core.words import count, listed
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.knockout import knockout_event, pair_knockout_round
from arbiter_cli.lifecycle.next_round import first_pairing_draws, pair_round as pair_round_after
from arbiter_cli.lifecycle.standings import Standings, compute_standings
from arbiter_cli.pairing.groups import apart_in_first_round, snake_deal
from arbiter_cli.pairing.round_robin import pair_round

__all__ = ["event_numbers", "check_top_level_withdrawal", "Qualifier", "GroupAssignment", "dealt_groups", "set_groups",
           "parse_group_assignments", "start_groups", "round_robin_stage", "stage_changes", "qualifiers",
           "going_on", "stand_ins", "final_seeding", "final_order", "moved_seeds", "final_stage", "stage_complete", "GroupStep",
           "next_step", "pair_group_rounds"]


@dataclass(frozen=True)
class Qualifier:
    """A player who goes on to the final: their group, their place in it, and their record."""

    group: str
    place: int
    player: Player
    instead_of: str = ""  # the withdrawn player above them whose place they take (the next one moves up)


@dataclass(frozen=True)
class GroupAssignment:
    """One row of a hand-made list of groups: the player's start number and group, and the line."""

    start_number: int
    group: str
    line: int | None = None


def _entrants(tournament: Tournament) -> list[Player]:
    """The registered players still in, in seeding order (C.04.2 Art. 2.2)."""
    return initial_order((p for p in tournament.players if p.status == "active" and p.withdrawn_after is None),
                         tournament.settings.starting_rank)


def dealt_groups(event: GroupEvent) -> dict[str, tuple[Player, ...]]:
    """Each group's players in seeding order: as set by hand (``[groups.members]``), else dealt
    in snake order by seeding."""
    groups = event.groups
    entrants = _entrants(event.tournament)
    if groups.members is not None:
        by_number = {p.start_number: p for p in entrants}
        missing = [p for p in entrants if groups.group_of(p.start_number) is None]
        if missing:
            raise Refused(f"player {named(missing[0].start_number, missing[0].name)} is in no group; set the "
                          "groups again ('arbiter groups set FILE') or clear them ('arbiter groups set --snake')")
        for name, numbers in groups.members.items():
            unknown = [n for n in numbers if n not in by_number]
            if unknown:
                raise Refused(f"group {name} holds start number {unknown[0]}, who is not a registered player still "
                              "in the event; set the groups again ('arbiter groups set FILE')")
        order = {p.start_number: i for i, p in enumerate(entrants)}
        return {name: tuple(sorted((by_number[n] for n in groups.members[name]), key=lambda p: order[p.start_number]))
                for name in groups.names}
    if len(entrants) < 2 * groups.count:
        raise Refused(f"{count(len(entrants), 'player')} cannot make {groups.count} groups of at least 2")
    return dict(zip(groups.names, (tuple(g) for g in snake_deal(entrants, groups.count))))


def set_groups(event: GroupEvent, rows: Sequence[GroupAssignment] | None, source: str | None = None
               ) -> tuple[GroupEvent, list[Change]]:
    """The act: set the groups by hand (``rows``), or go back to the snake deal (``None``).

    Every player still in the event must be in exactly one group, and every group needs at least
    two players (a round robin). Refused once the groups have started."""
    _not_started(event)
    before = _members_text(event.groups.members)
    if rows is None:
        if event.groups.members is None:  # dealt in snake order already: nothing to change, nothing to journal
            return event, []
        groups = event.groups.model_copy(update={"members": None})
        return replace(event, groups=groups), [Change("groups", before, "dealt in snake order by seeding")]
    names = event.groups.names
    by_number = {p.start_number: p for p in _entrants(event.tournament)}
    members: dict[str, list[int]] = {name: [] for name in names}
    seen: dict[int, int | None] = {}
    for row in rows:
        if row.start_number not in by_number:
            raise BadArgument(f"no registered player {row.start_number} still in the event", source=source,
                              line=row.line, field="start_number")
        if row.start_number in seen:
            raise BadArgument(f"player {row.start_number} is listed twice (first on line {seen[row.start_number]})",
                              source=source, line=row.line, field="start_number")
        group = row.group.strip().upper()
        if group not in members:
            raise BadArgument(f"no group {row.group!r}; the groups are {', '.join(names)}", source=source,
                              line=row.line, field="group")
        seen[row.start_number] = row.line
        members[group].append(row.start_number)
    missing = [p for n, p in sorted(by_number.items()) if n not in seen]
    if missing:
        raise BadArgument(f"player {named(missing[0].start_number, missing[0].name)} is in no group", source=source,
                          field="start_number")
    for name, numbers in members.items():
        if len(numbers) < 2:
            raise BadArgument(f"group {name} has {count(len(numbers), 'player')}; a round robin needs at least 2",
                              source=source, field="group")
    _check_advance(event.groups, members)
    if _members_text(members) == before:  # the groups it has already: nothing to journal
        return event, []
    groups = GroupSettings.model_validate({**event.groups.model_dump(), "members": members})
    return replace(event, groups=groups), [Change("groups set by hand", before, _members_text(members))]


def parse_group_assignments(text: str, source: str) -> list[GroupAssignment]:
    """The groups set by hand: a CSV with the columns ``start_number`` and ``group`` (A, B, ...);
    a mistake names the file, the line and the field."""
    rows = []
    for line, row in read_rows(text, source, ("start_number", "group"), required="start_number"):
        if "group" not in row:
            raise BadArgument("the column 'group' is required", source=source, line=1)
        if not row["start_number"].isdigit():
            raise BadArgument(f"{row['start_number']!r} is not a start number", source=source, line=line,
                              field="start_number")
        rows.append(GroupAssignment(int(row["start_number"]), row["group"], line))
    return rows


class GroupStep(Enum):
    """What ``arbiter pair`` does next in a group event."""

    START_GROUPS = "start the groups"
    PAIR_FINAL = "pair the final"
    NEXT_KNOCKOUT_ROUND = "pair the knockout final's next round"


def next_step(event: GroupEvent, stages: Sequence[str], knockout_final: bool) -> GroupStep:
    """The next pairing of a group event: the groups start first, every round of every group paired
    at once; once they are over, the final is made from the qualifiers, all at once for a round
    robin; a knockout final then pairs one round after another. A round-robin final, once paired,
    has nothing left to pair (``stages``: the stages that exist)."""
    if knockout_final:
        return GroupStep.NEXT_KNOCKOUT_ROUND
    if event.tournament.settings.status is Status.REGISTRATION:
        return GroupStep.START_GROUPS
    if FINAL in stages:
        raise Refused("the final is paired; its results go in with --group final")
    return GroupStep.PAIR_FINAL


def start_groups(event: GroupEvent) -> tuple[GroupEvent, dict[str, Tournament], list[Change]]:
    """The act: start the groups. Each group becomes a round robin with every round paired at
    once; the groups as dealt are written into ``[groups.members]`` and the event is running."""
    _not_started(event)
    dealt = dealt_groups(event)
    _check_advance(event.groups, {name: [p.start_number for p in players] for name, players in dealt.items()})
    stages: dict[str, Tournament] = {}
    for index, (name, players) in enumerate(dealt.items()):
        stages[name] = round_robin_stage(event.tournament.settings, f"group {name}", players, index)
    members = {name: [p.start_number for p in players] for name, players in dealt.items()}
    how = "set by hand" if event.groups.members is not None else "dealt in snake order by seeding"
    settings = event.tournament.settings.model_copy(update={"status": Status.RUNNING})
    after = GroupEvent(replace(event.tournament, settings=settings),
                       event.groups.model_copy(update={"members": members}))
    changes = [Change(f"groups {how}", "", _members_text(members)),
               *(Change(f"group {name} paired", "", f"{count(len(players), 'player')}, "
                        f"{count(stages[name].settings.rounds or 0, 'round')}") for name, players in dealt.items()),
               Change("status", event.tournament.settings.status.value, Status.RUNNING.value)]
    return after, stages, changes


def round_robin_stage(settings: Settings, label: str, players: Sequence[Player], position: int, *,
                      numbering: Numbering | None = None) -> Tournament:
    """A round robin of ``players`` (in seeding order: start numbers 1, 2, ...) with every round
    paired from the Berger tables (C.05). The stage keeps the event's settings (scoring,
    tie-breaks); its name says which stage it is; its seed is the event's plus its ``position``
    (group A: + 0, B: + 1, ..., the final: + the number of groups), so that each stage draws its
    own lots (initial colour, numbers by lot, ties); ties left after the tie-breaks are broken by
    lot unless the event said ``tiebreak_lots = false`` (a qualification must be decided)."""
    stage_settings = _stage_settings(settings, label, position).model_copy(update={
        "system": System.ROUND_ROBIN, "rounds": None, "numbering": numbering or settings.numbering,
        "tiebreak_lots": True if settings.tiebreak_lots is None else settings.tiebreak_lots})
    fresh = _fresh(players)
    tournament, _ = first_pairing_draws(Tournament(stage_settings, renumber(fresh)))
    rounds = tuple(pair_round(tournament, number) for number in range(1, (tournament.settings.rounds or 0) + 1))
    return replace(tournament, rounds=rounds)


def _fresh(players: Sequence[Player]) -> list[Player]:
    """The players as they start a stage: in, from its first round."""
    return [p.model_copy(update={"status": "active", "withdrawn_after": None, "entered_round": None})
            for p in players]


def _stage_settings(settings: Settings, label: str, position: int) -> Settings:
    """A stage's settings: the event's, named after the stage, with its own seed (the event's plus
    the stage's ``position``), not yet started."""
    return settings.model_copy(update={"name": f"{settings.name}: {label}", "seed": settings.seed + position,
                                       "status": Status.REGISTRATION, "finalised_on": None})


def stage_changes(settings: Settings, stage: Tournament) -> list[Change]:
    """The journal lines of a stage's own folder when it is created: its players, the draws made
    for it, and its rounds, all paired at once."""
    changes = [Change("players", "", "; ".join(named(p.start_number, p.name) for p in stage.players))]
    if settings.numbering is Numbering.LOT and stage.settings.numbering is Numbering.LOT:
        changes.append(Change("start numbers drawn by lot", "", f"seed {stage.settings.seed}"))
    if settings.initial_colour is InitialColour.RANDOM:
        changes.append(Change("initial colour drawn", "random", stage.settings.initial_colour.value))
    total = stage.settings.rounds or 0
    changes.append(Change(f"rounds 1-{total} paired" if total > 1 else "round 1 paired", "",
                          "every round at once, from the Berger tables (C.05)"))
    return changes


def stage_complete(stage: Tournament, name: str | None = None) -> str | None:
    """Why a stage is not complete yet (None: every round paired and every result in); ``name``: the
    group's, to say how to pair rounds that ``unpair`` took away."""
    for rnd in stage.rounds:
        if rnd.missing:
            return (f"round {rnd.number} still has no result on board{'s' if len(rnd.missing) > 1 else ''} "
                    f"{listed(rnd.missing)}")
    total = stage.settings.rounds or 0
    if stage.last_round < total:
        again = f" ('arbiter pair --group {name}' pairs them again)" if name is not None else ""
        return f"{count(stage.last_round, 'round')} of {total} paired{again}"
    return None


def qualifiers(stages: Mapping[str, Tournament], advance: int) -> list[Qualifier]:
    """The first ``advance`` of each group by its standings and tie-breaks, group by group.

    Every group must be complete. A withdrawn player does not go on; the next one moves up, and
    their :attr:`Qualifier.instead_of` names the withdrawn player. A tie across the cut that the
    tie-breaks (and lots, when drawn) leave is refused."""
    chosen: list[Qualifier] = []
    for name, stage in stages.items():
        why = stage_complete(stage, name)
        if why is not None:
            raise Refused(f"group {name} is not finished: {why}")
        table = compute_standings(stage, stage.last_round, stage.settings.effective_tiebreaks)
        ranked = [row for row in table.rows if row.rank is not None
                  and stage.by_number[row.player.start_number].status == "active"]
        chosen += going_on(name, stage, table, advance)
        if len(ranked) > advance and ranked[advance - 1].rank == ranked[advance].rank:
            tied = [r.player.name for r in ranked if r.rank == ranked[advance].rank]
            raise Refused(f"group {name}: {', '.join(tied)} share place {ranked[advance].rank} after every tie-break, "
                          f"across the cut of {advance}; set tiebreak_lots = true in the group's tournament.toml to "
                          "draw lots, or decide it over the board first")
    return chosen


def going_on(group: str, stage: Tournament, table: Standings, advance: int) -> list[Qualifier]:
    """The first ``advance`` of ``group`` by its standings ``table`` (so far, while it is not complete):
    a withdrawn player does not go on, the next one moves up and their :attr:`Qualifier.instead_of`
    names the withdrawn player."""
    chosen: list[Qualifier] = []
    gone: list[str] = []  # the withdrawn above the cut, each named by the one who takes their place
    for row in table.rows:
        if len(chosen) == advance:
            break
        if row.rank is None:
            continue
        if stage.by_number[row.player.start_number].status != "active":
            gone.append(row.player.name)
            continue
        chosen.append(Qualifier(group, len(chosen) + 1, row.player, gone.pop(0) if gone else ""))
    return chosen


def stand_ins(group: str, stage: Tournament, table: Standings, advance: int) -> list[str]:
    """In words, each withdrawn player of ``group`` above the cut and who goes on in their place (so
    far, while the group is not complete): what the standings say under the group's table."""
    so_far = "" if stage_complete(stage) is None else " (so far)"
    return [f"{q.instead_of} withdrew: {q.player.name} goes on in their place{so_far}"
            for q in going_on(group, stage, table, advance) if q.instead_of]


def final_seeding(chosen: Sequence[Qualifier]) -> list[Qualifier]:
    """The final's seeding: by place in the group (winners first), then rating (highest first),
    then group (A first)."""
    return sorted(chosen, key=lambda q: (q.place, -q.player.rating, q.group))


def final_order(event: GroupEvent, chosen: Sequence[Qualifier]) -> list[Qualifier]:
    """The final's start numbers: :func:`final_seeding`, and in a knockout final two players of one
    group kept apart in round 1 (:func:`~arbiter_cli.pairing.groups.apart_in_first_round`), as
    :func:`final_stage` numbers them."""
    seeded = final_seeding(chosen)
    if event.groups.final == "knockout" and len(seeded) >= 2:  # (fewer: final_stage refuses the final)
        return apart_in_first_round(seeded, group=lambda q: q.group, band=lambda q: q.place)
    return seeded


def moved_seeds(chosen: Sequence[Qualifier], ordered: Sequence[Qualifier]) -> list[tuple[int, Qualifier]]:
    """The qualifiers whose seed (from 1) in ``ordered`` (:func:`final_order`) is not the one
    :func:`final_seeding` gives them: those moved to keep a group apart in a knockout final."""
    return [(seed, q) for seed, (q, plain) in enumerate(zip(ordered, final_seeding(chosen)), start=1)
            if q is not plain]


def final_stage(event: GroupEvent, seeded: Sequence[Qualifier]) -> tuple[Tournament | KnockoutTournament,
                                                                          list[Change], list[Change]]:
    """The act: the final stage of the qualifiers in seeding order (:func:`final_seeding`); the
    final's start numbers are that order. Returns the final, the event's journal lines and the
    final folder's own.

    ``final = "round-robin"``: a round robin, every round paired at once (C.05, the Berger tables).
    ``final = "knockout"``: a knockout of ``[groups.knockout]`` (:func:`~arbiter_cli.lifecycle.knockout.knockout_event`)
    with the seeded bracket (1 v N, 2 v N-1, ..., seeds 1 and 2 meeting only in the final), so the
    group winners meet the runners-up in round 1, and two players of one group do not meet in
    their first match where moving players among those of one place can avoid it
    (:func:`~arbiter_cli.pairing.groups.apart_in_first_round`); its bracket and round 1 are paired at once, which
    closes its registration, and the later rounds are paired as the winners come
    (:func:`~arbiter_cli.lifecycle.knockout.pair_knockout_round`)."""
    if len(seeded) < 2:
        raise Refused(f"{count(len(seeded), 'qualifier')}: a final needs at least 2")
    if event.groups.final == "knockout":
        seeded = apart_in_first_round(seeded, group=lambda q: q.group, band=lambda q: q.place)
    listed = "; ".join(f"{i}. {q.player.name} ({q.group}{q.place})" for i, q in enumerate(seeded, start=1))
    changes = [Change("final paired", "", listed)]
    players = [q.player for q in seeded]
    if event.groups.final == "knockout":
        settings = _stage_settings(event.tournament.settings, FINAL, event.groups.count).model_copy(
            update={"tiebreaks": (), "tiebreak_lots": None, "numbering": Numbering.RATING})
        drawn = knockout_event(settings, event.groups.final_knockout, _fresh(players))
        knockout, _, paired = pair_knockout_round(drawn)
        journal = [*changes, Change("players", "", "; ".join(named(p.start_number, p.name) for p in knockout.players)),
                   *paired]
        return knockout, changes, journal
    final = round_robin_stage(event.tournament.settings, FINAL, players, event.groups.count,
                              numbering=Numbering.RATING)
    return final, changes, [*changes, *stage_changes(event.tournament.settings, final)]


def _not_started(event: GroupEvent) -> None:
    if event.tournament.settings.status is not Status.REGISTRATION:
        raise Refused("the groups have started: their players and games are in their stages (--group NAME)")


def _check_advance(groups: GroupSettings, members: Mapping[str, Sequence[int]]) -> None:
    fault = advance_fault(groups.advance, members)
    if fault is not None:
        raise Refused(fault)


def _members_text(members: Mapping[str, Sequence[int]] | None) -> str:
    if members is None:
        return ""
    return "; ".join(f"{name}: {' '.join(map(str, numbers))}" for name, numbers in sorted(members.items()))


def event_numbers(event: GroupEvent, players: Sequence[Player]) -> dict[int, int]:
    """Each stage player's start number in the event (a stage numbers its players afresh, C.05 /
    C.04.2): the same person in the registration, by name, FIDE id, birth date and federation."""
    def person(p: Player) -> tuple[str, object, object, object]:
        return p.name, p.fide_id, p.birth_date, p.federation

    by_person = {person(p): p.start_number for p in event.tournament.players}
    return {p.start_number: by_person[person(p)] for p in players if person(p) in by_person}


def check_top_level_withdrawal(event: GroupEvent, start_number: int, folder: str = "DIR") -> None:
    """A withdrawal at the event's top folder: open during registration; once the groups have
    started, a player withdraws from the group (or final) they play in, where they have that
    stage's own number, so it is refused with the group named (``folder``: the event's, as the
    arbiter gave it)."""
    if event.tournament.settings.status is Status.REGISTRATION:
        return
    group = event.groups.group_of(start_number)
    where = f"group {group}" if group is not None else "its group"
    raise Refused(f"the groups have started: player {start_number} plays in {where}; withdraw them there, "
                  f"with the group's own number: 'arbiter -d {folder}/stages/{group or 'X'} player list', then "
                  f"'player withdraw ID' in that folder")


def correction_keeps_who_goes_on(group: str, before: Tournament, after: Tournament, advance: int) -> None:
    """Once the final is paired, a group's correction must keep who went on from it, in their places (the
    final was seeded by them, A1, A2...): refused otherwise, naming who would go on instead. A correction
    that leaves them as they were (points, tie-breaks below the cut) is taken."""
    def chosen(stage: Tournament) -> list[tuple[int, str]]:
        table = compute_standings(stage, stage.last_round, stage.settings.effective_tiebreaks)
        return [(q.player.start_number, q.player.name) for q in going_on(group, stage, table, advance)]

    was, now = chosen(before), chosen(after)
    if was != now:
        place = next(i for i, (old, new) in enumerate(zip(was, now)) if old != new) if len(was) == len(now) else 0
        raise Refused(f"the final is paired with {was[place][1] if place < len(was) else 'nobody'} as {group}{place + 1}; "
                      f"this correction would put {now[place][1] if place < len(now) else 'nobody'} there: once the "
                      "final is paired, a group's correction must keep who went on")


def pair_group_rounds(tournament: Tournament) -> tuple[Tournament, tuple[Round, ...], tuple[Change, ...]]:
    """A group's rounds paired again after ``unpair``: every round left at once, as the groups
    started (the Berger tables, C.05, read no result), each as ``arbiter pair`` pairs a round."""
    after, rounds, changes = tournament, list[Round](), list[Change]()
    while True:
        paired = pair_round_after(after, results_first=False)
        after = paired.tournament
        rounds.append(paired.round)
        changes += paired.changes
        if after.settings.rounds is None or after.last_round >= after.settings.rounds:
            return after, tuple(rounds), tuple(changes)
