"""Registering a team event (issue 15): teams, their rosters, and the team numbers.

* :func:`add_team` registers a team (name, short code); :func:`import_teams` many, from a CSV
  whose rows may also list each team's players in roster order.
* :func:`add_to_roster` appends players to a team's list (main players, then reserves). The
  whole list must keep the roster rules (:func:`arbiter_cli.core.team_roster.check_roster`):
  rating order, unrated last, the event's tolerance; the rating is the FIDE rating, or the
  national one when the event says so (``[team] roster_rating = "national"``, the federation's
  rule), an unknown national rating counting as unrated.
* :func:`number_teams_for_play` fixes the team numbers at the first pairing: by team rating
  (teams with no rated player below, by lot) or as registered; the players are then numbered
  team by team, in roster order.

Until round 1 is paired the start numbers follow the teams (team 1's roster first), so that
they read like a team TRF.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from arbiter_cli.core.csv_input import read_rows
from arbiter_cli.core.errors import BadArgument, Refused, pydantic_message, shown_value
from arbiter_cli.core.model import Player, Status
from arbiter_cli.core.team_roster import Roster, check_roster, format_team_rating, number_teams, team_rating
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.team_tournament import LineUpRequest, TeamBye, TeamEntry, TeamTournament
from arbiter_cli.core.words import folded, name_problem
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.late_entry import missed_rounds_note, room_for_late_entry

__all__ = ["remove_team", "RosterEntry", "parse_roster_entry", "find_team", "add_team", "add_to_roster", "remove_from_roster",
           "import_teams", "number_teams_for_play", "TEAM_IMPORT_COLUMNS", "namesakes", "new_namesakes"]

TEAM_IMPORT_COLUMNS = ("team", "short", "name", "rating", "fide_id", "federation", "title", "national_rating")


@dataclass(frozen=True)
class RosterEntry:
    """A player to put on a roster: name, rating (0: unrated), FIDE id, federation, title, and
    national rating (None: none known)."""

    name: str
    rating: int = 0
    fide_id: int | None = None
    federation: str | None = None
    title: str | None = None
    national_rating: int | None = None


def parse_roster_entry(text: str) -> RosterEntry:
    """A player as typed on the command line: ``NAME[/RATING[/FIDE_ID[/FED[/NATIONAL]]]]``, fields
    empty when unknown: ``"Kowalski, Jan/2250/1101234/POL"``, ``"Nowak, Ewa/2190"``, ``"Lis, Ola//"``,
    ``"Kaya, Ali////1850"`` (a national rating only)."""
    parts = [part.strip() for part in text.split("/")]
    if len(parts) > 5:
        raise BadArgument(f"{shown_value(text)}: write a player as NAME/RATING/FIDE_ID/FEDERATION/NATIONAL_RATING",
                          field="PLAYER")
    parts += [""] * (5 - len(parts))
    name, rating, fide_id, federation, national = parts
    if (problem := name_problem(name)) is not None:
        raise BadArgument(problem, field="PLAYER")
    from pydantic import ValidationError  # a new entry is checked (start-up, issue 29)

    try:
        player = Player.model_validate({"start_number": 1, "name": name, "rating": rating or 0,
                                        "fide_id": fide_id or None, "federation": federation or None,
                                        "national_rating": national or None})
    except ValidationError as error:
        first = error.errors()[0]
        raise BadArgument(f"{shown_value(text)}: {first['loc'][0]}: {pydantic_message(first)}", field="PLAYER") from None
    return RosterEntry(player.name, player.rating, player.fide_id, player.federation,
                       national_rating=player.national_rating)


def find_team(tournament: TeamTournament, ref: str) -> TeamEntry:
    """A team by its number, its name or its short code (any case)."""
    text = ref.strip()
    if text.isdigit() and (entry := tournament.entry(int(text))) is not None:
        return entry
    wanted = folded(text)
    for entry in tournament.teams:
        if wanted in (folded(entry.name), folded(entry.short)) and wanted:
            return entry
    raise BadArgument(f"no team {ref!r} (give its number, name or short code; 'arbiter team list' lists them)",
                      field="TEAM")


def _registration_open(tournament: TeamTournament, what: str) -> None:
    if tournament.settings.status is Status.FINALISED:
        raise Refused("the event is finalised")
    if tournament.rounds and tournament.settings.system.is_round_robin:
        raise Refused(f"round 1 is paired: a round robin cannot {what}")


def add_team(tournament: TeamTournament, name: str, short: str = "") -> tuple[TeamTournament, TeamEntry, list[Change]]:
    """Register a team (numbered after the others until the first pairing numbers them); a team Swiss
    takes a late entry while a round is still to be paired."""
    _registration_open(tournament, "take a new team")
    room_for_late_entry(tournament.settings.rounds, len(tournament.rounds))
    from pydantic import ValidationError  # a new entry is checked (start-up, issue 29)

    try:
        entry = TeamEntry(number=len(tournament.teams) + 1, name=name.strip(), short=short.strip(),
                          entered_round=len(tournament.rounds) + 1 if tournament.rounds else None)
    except ValidationError as error:
        first = error.errors()[0]
        raise BadArgument(pydantic_message(first), field=str(first["loc"][0]) if first["loc"] else None) from None
    if entry.name.isdigit() or entry.short.isdigit():
        raise BadArgument("a team's name or short code is not a number (numbers name teams by their number)",
                          field="name" if entry.name.isdigit() else "short")
    for other in tournament.teams:
        for mine, theirs in ((entry.name, other.name), (entry.name, other.short), (entry.short, other.name),
                             (entry.short, other.short)):
            if mine and theirs and folded(mine) == folded(theirs):
                raise Refused(f"{mine!r} already names team {other.number} ({other.name}"
                              + (f", {other.short}" if other.short else "") + "): a team is found by its name or "
                              "short code, so each names one team")
    # A late entry to a team Swiss takes the next number (C.04.6: team numbers are fixed) and a
    # zero-point bye in the rounds already paired.
    rounds = tuple(replace(r, byes=(*r.byes, TeamBye(entry.number, ByeKind.ZPB))) for r in tournament.rounds)
    after = replace(tournament, teams=(*tournament.teams, entry), rounds=rounds)
    late = f" (late entry: rounds 1-{len(rounds)} scored as ZPB)" if rounds else ""
    return after, entry, [Change(f"team {entry.number}", "", entry.name + (f" ({entry.short})" if entry.short else "")
                                 + late)]


def late_entry_note(tournament: TeamTournament, teams: int = 1) -> str | None:
    """What a team Swiss's late entry means, as ``player add`` says it for a player: None before round 1."""
    paired = len(tournament.rounds)
    if not paired or not teams:
        return None
    return missed_rounds_note(paired, ByeKind.ZPB.value, "" if teams == 1 else f" of {teams} teams")


def _players_team_by_team(tournament: TeamTournament, players: Sequence[tuple[int, Player]]) -> TeamTournament:
    """The tournament with ``players`` (team, player) numbered team by team, roster order kept;
    line-ups given for later rounds follow the new numbers."""
    order = sorted(range(len(players)), key=lambda i: (players[i][0], i))
    renumber = {players[i][1].start_number: new for new, i in enumerate(order, start=1)}
    new_players = tuple(players[i][1] if players[i][1].start_number == new  # most keep theirs: no copy
                        else players[i][1].model_copy(update={"start_number": new}) for new, i in enumerate(order, start=1))
    team_of = {new: players[i][0] for new, i in enumerate(order, start=1)}
    lineups = tuple(LineUpRequest(r.round, r.team, tuple(renumber[p] for p in r.players)) for r in tournament.lineups)
    return replace(tournament, players=new_players, team_of=team_of, lineups=lineups)


def _with_players(tournament: TeamTournament, team: int, entries: Sequence[RosterEntry], *,
                  renumber: bool = True, at: int | None = None) -> TeamTournament:
    """The tournament with ``entries`` on ``team``'s list: at its end, or from place ``at`` (1: the
    top; before round 1 only, where the players are numbered team by team in roster order)."""
    known = [(tournament.team_of[p.start_number], p) for p in tournament.players]
    fide_ids = {p.fide_id: (t, p) for t, p in known if p.fide_id is not None}
    given: dict[int, str] = {}  # this command's own players' FIDE ids
    next_number = len(known) + 1
    places = [index for index, (t, _) in enumerate(known) if t == team]
    insert = places[at - 1] if at is not None and at <= len(places) else None
    added: list[tuple[int, Player]] = []
    for entry in entries:
        if entry.fide_id is not None and entry.fide_id in given:
            raise Refused(f"{entry.name}: FIDE id {entry.fide_id} is given twice, for {given[entry.fide_id]} too")
        if entry.fide_id is not None and entry.fide_id in fide_ids:
            holder, other = fide_ids[entry.fide_id]
            held = tournament.by_team[holder]
            raise Refused(f"{entry.name}: FIDE id {entry.fide_id} is already {other.name}'s, of {held.name}")
        player = Player(start_number=next_number, name=entry.name, rating=entry.rating, fide_id=entry.fide_id,
                        federation=entry.federation, title=entry.title, national_rating=entry.national_rating)
        if entry.fide_id is not None:
            given[entry.fide_id] = entry.name
        added.append((team, player))
        next_number += 1
    if insert is None:
        known += added
    else:
        known[insert:insert] = added
    if tournament.rounds or not renumber:  # late reserves keep everyone's numbers: they take the next ones
        return replace(tournament, players=tuple(p for _, p in known),
                       team_of={p.start_number: t for t, p in known})
    return _players_team_by_team(tournament, known)


def _check(tournament: TeamTournament, team: TeamEntry) -> Roster:
    roster = tournament.roster(team.number)
    try:
        return check_roster(roster, tournament.team.roster_tolerance)
    except Refused as error:
        raise Refused(f"team {team.number} ({team.name}): {error.message}") from None


def add_to_roster(tournament: TeamTournament, ref: str, entries: Sequence[RosterEntry], *, renumber: bool = True,
                  at: int | None = None) -> tuple[TeamTournament, TeamEntry, list[Change]]:
    """Put ``entries`` on a team's list, in the order given: at its end, or from place ``at`` (1: the
    top; the players from that place on move down). The whole list must keep the roster rules (rating
    order, unrated last, the tolerance), or nothing changes. Before round 1 the players are numbered
    team by team; ``renumber=False`` leaves that to the caller (an import of many rows numbers them
    once, at its end: the same numbers).

    A place inside the list is taken only before round 1 is paired. From then on the start numbers
    are fixed (C.04.2 / C.04.6: the rounds played name the players by them) and a team's list is its
    players in start-number order, so a player added later joins at the end, the roster rules
    checked as ever; ``at`` inside the list is refused, naming the place it may take."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused("the event is finalised")
    team = find_team(tournament, ref)
    if not entries:
        raise BadArgument("name at least one player", field="PLAYER")
    end = len(tournament.members(team.number)) + 1
    if at is not None:
        if not 1 <= at <= end:
            raise BadArgument(f"{at} is not a place on the roster of team {team.number} ({team.name}): 1 (the top) to "
                              f"{end} (the end)", field="at")
        if at < end and tournament.rounds:
            raise Refused(f"round {tournament.last_round} is paired: the start numbers are fixed, and a roster is its "
                          f"players in start-number order, so a player added now joins team {team.number} at its "
                          f"end, place {end} (leave out --at)")
    names = [folded(p.name) for p in tournament.members(team.number)]
    for entry in entries:
        if folded(entry.name) in names:
            raise Refused(f"{entry.name} is already on the roster of team {team.number} ({team.name}): a line-up names "
                          "players by name or start number, so names differ within a team")
        names.append(folded(entry.name))
    place = at if at is not None and at < end else None  # the end: an append, as without --at
    after = _with_players(tournament, team.number, entries, renumber=renumber, at=place)
    _check(after, team)
    national = tournament.team.roster_rating == "national"
    changes = [Change(f"team {team.number} roster", "",
                      f"{e.name} ({(e.national_rating or 'no national rating') if national else e.rating or 'unrated'})"
                      + (f" at no. {place + index}" if place is not None else ""))
               for index, e in enumerate(entries)]
    return after, team, changes


def namesakes(tournament: TeamTournament) -> list[str]:
    """The players of two teams with the same name (case and accents aside) and the same rating,
    one of them at least without a FIDE ID: perhaps one player registered twice, though a player
    plays for one team. One line each, for a warning: nothing is refused, as two people may share a
    name and a rating (the same FIDE ID twice is refused when it is given)."""
    seen: dict[tuple[str, int], list[Player]] = {}
    found = []
    for player in tournament.players:
        key = (folded(player.name), player.rating)
        team = tournament.team_of[player.start_number]
        for other in seen.get(key, []):
            if tournament.team_of[other.start_number] != team and (player.fide_id is None or other.fide_id is None):
                found.append(f"{_who(tournament, other)} and {_who(tournament, player)} have the same name and rating "
                             "and not both a FIDE ID: the same player in two teams? (give the FIDE ID to tell them "
                             "apart)")
        seen.setdefault(key, []).append(player)
    return found


def _who(tournament: TeamTournament, player: Player) -> str:
    team = tournament.by_team[tournament.team_of[player.start_number]]
    return f"{player.name} ({player.rating or 'unrated'}) of team {team.number} ({team.name})"


def new_namesakes(before: TeamTournament, after: TeamTournament) -> list[str]:
    """The :func:`namesakes` of ``after`` that ``before`` did not have: those a registration made."""
    known = set(namesakes(before))
    return [line for line in namesakes(after) if line not in known]


def remove_team(tournament: TeamTournament, ref: str) -> tuple[TeamTournament, TeamEntry, list[Change]]:
    """Remove a team registered by mistake, with its players, while round 1 is not paired; the teams
    after it move up a number (team numbers are fixed only at the first pairing)."""
    if tournament.settings.status is Status.FINALISED:
        raise Refused("the event is finalised")
    if tournament.rounds:
        raise Refused("round 1 is paired: a team that leaves withdraws ('arbiter team withdraw TEAM')")
    gone = find_team(tournament, ref)
    renumber = {t.number: new for new, t in enumerate((t for t in tournament.teams if t is not gone), start=1)}
    teams = tuple(t.model_copy(update={"number": renumber[t.number]}) for t in tournament.teams if t is not gone)
    kept = [(renumber[tournament.team_of[p.start_number]], p) for p in tournament.players
            if tournament.team_of[p.start_number] != gone.number]
    out = replace(tournament, teams=teams, lineups=tuple(
        LineUpRequest(r.round, renumber[r.team], r.players) for r in tournament.lineups if r.team != gone.number),
        byes=tuple(replace(b, team=renumber[b.team]) for b in tournament.byes if b.team != gone.number))
    players = len(tournament.members(gone.number))
    return _players_team_by_team(out, kept), gone, [Change(f"team {gone.number}", gone.name,
                                                           f"removed, with {players} player{'s' if players != 1 else ''}")]


def remove_from_roster(tournament: TeamTournament, ref: str, player: str) -> tuple[TeamTournament, list[Change]]:
    """Take a player off a team's list before round 1 is paired (a player named by start number or name)."""
    _registration_open(tournament, "change a roster")
    if tournament.rounds:
        raise Refused("round 1 is paired: the roster's players keep their places (a player who does not play is "
                      "left out of the line-ups)")
    team = find_team(tournament, ref)
    members = tournament.members(team.number)
    found = [p for p in members if str(p.start_number) == player.strip() or folded(p.name) == folded(player)]
    if not found:
        raise BadArgument(f"no player {player!r} on the roster of team {team.number} ({team.name})", field="PLAYER")
    gone = found[0].start_number
    if any(gone in r.players for r in tournament.lineups):
        raise Refused(f"{found[0].name} is in a line-up given for a later round; change the line-up first")
    kept = [(tournament.team_of[p.start_number], p) for p in tournament.players if p.start_number != gone]
    after = _players_team_by_team(replace(tournament, lineups=()), kept)
    lineups = tuple(LineUpRequest(r.round, r.team, tuple(p - (p > gone) for p in r.players)) for r in tournament.lineups)
    return replace(after, lineups=lineups), [Change(f"team {team.number} roster", found[0].name, "")]


def import_teams(tournament: TeamTournament, text: str, source: str,
                 listed: Callable[[int, dict[str, str]], dict[str, str]] | None = None
                 ) -> tuple[TeamTournament, list[Change]]:
    """Teams (and their players) from a CSV: the column ``team`` (its name) is required; ``short``
    gives its short code; a row with ``name`` adds that player to the team's roster, in row order
    (with ``rating``, ``fide_id``, ``federation``, ``title``, ``national_rating``). ``listed(line, row)``: the row with its
    blank cells filled from the rating lists by its ``fide_id`` (a row with a FIDE ID and no name
    adds the listed player). Every problem names the line."""
    rows = read_rows(text, source, TEAM_IMPORT_COLUMNS, required="team")
    if not rows:
        raise BadArgument("the file has no team", source=source)
    changes: list[Change] = []
    after = tournament
    waiting: list[tuple[int, RosterEntry]] = []  # (line, player) of the last rows, all of one team

    def put_waiting() -> None:
        """The players waiting put on their team's roster at once, as one ``add_to_roster`` a row would
        (issue 29: each call copies the whole event); a refusal is named at its row, found row by row."""
        nonlocal after, changes
        batch = list(waiting)
        waiting.clear()
        if not batch:
            return
        team = str(waiting_team[0])
        try:
            after, _, added = add_to_roster(after, team, [entry for _, entry in batch], renumber=False)
            changes += added
        except (BadArgument, Refused):
            for line, entry in batch:
                try:
                    after, _, added = add_to_roster(after, team, [entry], renumber=False)
                except (BadArgument, Refused) as error:
                    raise type(error)(error.message, source=source, line=line,
                                      field=error.field if error.field not in (None, "PLAYER", "TEAM") else None
                                      ) from None
                changes += added
            raise AssertionError("a roster refused at once was taken row by row")  # pragma: no cover

    waiting_team: list[int] = [0]
    teams: dict[str, TeamEntry] = {}  # a team by its folded name or short code; the first one registered wins
    for team in tournament.teams:
        for key in (folded(team.name), folded(team.short)):
            teams.setdefault(key, team)
    teams.pop("", None)
    for line, row in rows:
        name = row.get("team", "")
        existing = teams.get(folded(name)) if folded(name) else None
        if existing is None or existing.number != waiting_team[0]:
            put_waiting()
        try:
            if existing is None:
                try:
                    after, existing, added = add_team(after, name, row.get("short", ""))
                except BadArgument as error:  # the team's name is the file's column 'team'
                    raise BadArgument(error.message, field="team" if error.field == "name" else error.field) from None
                changes += added
                for key in (folded(existing.name), folded(existing.short)):
                    if key:
                        teams.setdefault(key, existing)
            elif row.get("short") and row["short"].casefold() != existing.short.casefold():
                where = ("is registered already" if any(t.number == existing.number for t in tournament.teams)
                         else "is on an earlier line")
                same = "" if existing.name == name else " (team names match without case and accents)"
                raise BadArgument(f"team {existing.name!r} {where} with the short code {existing.short!r}, not "
                                  f"{row['short']!r}{same}", field="short")
            if listed is not None and row.get("fide_id"):
                row = listed(line, row)
            given = [key for key in ("rating", "title", "federation", "national_rating") if row.get(key)]
            if not row.get("name") and given:  # a team-only row has nothing but the team (and its short code)
                raise BadArgument(f"missing: the row gives a player's {given[0]} but no name (a row with only the "
                                  "team registers the team alone)", field="name")
            if row.get("name"):
                waiting_team[0] = existing.number
                waiting.append((line, _import_entry(row)))
        except (BadArgument, Refused) as error:
            put_waiting()  # a refusal of an earlier row comes first
            raise type(error)(error.message, source=source, line=line,
                              field=error.field if error.field not in (None, "PLAYER", "TEAM") else None) from None
    put_waiting()
    if not after.rounds:  # numbered team by team once, as each row's own numbering would have left them
        after = _players_team_by_team(after, [(after.team_of[p.start_number], p) for p in after.players])
    return after, changes


def _import_entry(row: dict[str, str]) -> RosterEntry:
    if (problem := name_problem(row["name"])) is not None:
        raise BadArgument(problem, field="name")
    from pydantic import ValidationError  # a new entry is checked (start-up, issue 29)

    try:
        player = Player.model_validate({"start_number": 1, "name": row["name"], "rating": row.get("rating") or 0,
                                        "fide_id": row.get("fide_id") or None,
                                        "federation": row.get("federation") or None,
                                        "title": row.get("title") or None,
                                        "national_rating": row.get("national_rating") or None})
    except ValidationError as error:
        first = error.errors()[0]
        raise BadArgument(pydantic_message(first), field=str(first["loc"][0]) if first["loc"] else None) from None
    return RosterEntry(player.name, player.rating, player.fide_id, player.federation, player.title,
                       player.national_rating)


def number_teams_for_play(tournament: TeamTournament) -> tuple[TeamTournament, list[Change]]:
    """The team numbers fixed at the first pairing: by team rating (the setting ``numbering =
    "rating"``; no rated player: below, by lot from the event's seed; the rating the rosters use,
    ``roster_rating``), or as registered
    (``"given"``). The players are numbered team by team; line-ups and requested team byes follow
    their teams."""
    teams = tournament.teams
    if tournament.team.numbering == "given":
        order = [t.number for t in teams]
    else:
        rosters = {t.name: tournament.roster(t.number) for t in teams}
        by_name = {t.name: t.number for t in teams}
        order = [by_name[n.name] for n in number_teams(rosters, tournament.settings.seed)]
    new_number = {old: new for new, old in enumerate(order, start=1)}
    changes = []
    for entry in teams:
        if new_number[entry.number] != entry.number:
            rating = format_team_rating(team_rating(tournament.roster(entry.number))) or "no rating"
            changes.append(Change(f"team {entry.name} number ({rating})", str(entry.number),
                                  str(new_number[entry.number])))
    renumbered = tuple(sorted((e.model_copy(update={"number": new_number[e.number]}) for e in teams),
                              key=lambda e: e.number))
    players = [(new_number[tournament.team_of[p.start_number]], p) for p in tournament.players]
    # Everything kept by team number follows its team, in the same change as teams.csv (one save
    # writes them all or none): line-ups and requested byes for rounds still to pair.
    lineups = tuple(LineUpRequest(r.round, new_number[r.team], r.players) for r in tournament.lineups)
    byes = tuple(replace(b, team=new_number[b.team]) for b in tournament.byes)
    after = replace(tournament, teams=renumbered, lineups=lineups, byes=byes)
    return _players_team_by_team(after, players), changes

