"""A team TRF as the event of a team folder, and the folder's event as a team TRF (issue 15).

Pure: a parsed file in, a :class:`~arbiter_cli.core.team_tournament.TeamTournament` out
(:func:`import_team_trf`), and back to TRF-2026 text (:func:`export_team_trf`). The team
codec (:mod:`.team`) reads and checks the file; this module keeps what a folder holds:

* the header the individual import keeps (012-132, :mod:`.header`), 142 rounds, 152 the
  initial colour, 162/``XXS`` the board scoring; 192 the system (``…_TEAM_ROUNDROBIN``,
  ``…_TEAM_DOUBLEROUNDROBIN``: a round robin, any other team code a Swiss) and the primary
  score; 202/212 the team tie-breaks; 352 the board colours, 362 match points, 320 the PAB's
  values;
* the teams (310, or TRF16 013), numbered 1 to n, and their players in start-number order (the
  file's starting ranks when each team's list is in their order, else numbered team by team);
* each round: a match names first the team that plays the 352 colours (the colour the pattern
  gives a board, the lowest board with a colour deciding), a match forfeit (330) its White team
  (in a round robin it fits its table's match either way round), a match without any colour the
  lower number; its boards come from the games, an empty board is a forfeit won by the player facing it; the PAB
  (320), requested byes (240 F/H/Z) and a team with nothing in a round (a zero-point bye) are
  team byes; a round robin's one team without a match (odd numbers) has its free round (BYE);
* a round robin that does not follow the Berger tables (C.05, teams as participants) is kept as
  played (``berger_tables = false``), one with a PAB is imported as a Swiss;
* a team withdrew when every round still to play is a zero-point bye for it (240 Z, what the
  export writes for a withdrawal), after its last round there: the rounds after it are absences,
  matches it forfeited by not showing, or free rounds a 240 Z marks.

What the folder cannot hold is one warning per kind of thing. The export writes the header
records of the individual export, then the team records of :func:`~.team.team_records`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from arbiter_cli.core.errors import pydantic_message
from arbiter_cli.core.model import MOST_ROUNDS, InitialColour, Player, Settings, StartingRank, Status, System
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamEvent, TeamOutcome, TeamRoundEntry, half_rule_annulled
from arbiter_cli.core.team_settings import DEFAULT_TEAM_TIEBREAKS, TeamSettings
from arbiter_cli.core.team_tournament import (BoardGame, Match, MatchRound, TeamBye, TeamByeRequest, TeamEntry,
                                              TeamTournament, board_colour, team_event)
from arbiter_cli.core.tiebreak_codes import Rules, default_rules
from arbiter_cli.pairing.team_round_robin import team_round, team_rounds
from arbiter_cli.tiebreaks.team.codes import parse_team_code, team_code_meaning
from arbiter_cli.trf.exporter import (LINE_END, Exported, header_records, lost_settings, player_warnings,
                                      rounds_records, scoring_records, trf_player)
from arbiter_cli.trf.header import header_settings, parse_trf_date
from arbiter_cli.trf.importer import (TEAM_RECORDS, declared_tiebreaks, folder_player, note_unread_records,
                                      start_date)
from arbiter_cli.trf.national import national_lines, team_roster_rating, with_national_ratings, with_rating_federation
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile, read_number
from arbiter_cli.pairing.team_swiss import ColourModel
from arbiter_cli.trf.team_swiss import team_swiss_code
from arbiter_cli.trf.team_standing import withdrawn_teams
from arbiter_cli.trf.team import (TeamStanding, TeamTrf, team_code, team_event_from_trf, team_records,
                                  team_scoring_records)

__all__ = ["ImportedTeams", "import_team_trf", "export_team_trf", "team_tiebreaks", "team_standings_rules"]

#: The first team's and the second team's board outcomes -> the board's result.
_RESULTS = {(Outcome.WIN, Outcome.LOSS): GameResult.WHITE_WINS, (Outcome.LOSS, Outcome.WIN): GameResult.BLACK_WINS,
            (Outcome.DRAW, Outcome.DRAW): GameResult.DRAW, (Outcome.LOSS, Outcome.LOSS): GameResult.DOUBLE_LOSS,
            (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS): GameResult.WHITE_FORFEIT_WIN,
            (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN): GameResult.BLACK_FORFEIT_WIN,
            (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS): GameResult.DOUBLE_FORFEIT,
            (Outcome.PENDING, Outcome.PENDING): None}
#: A match forfeit's outcomes (first team, second team) -> the match line's result.
_FORFEITS = {(TeamOutcome.FORFEIT_WIN, TeamOutcome.FORFEIT_LOSS): GameResult.WHITE_FORFEIT_WIN,
             (TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_WIN): GameResult.BLACK_FORFEIT_WIN,
             (TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_LOSS): GameResult.DOUBLE_FORFEIT}
_BYES = {TeamOutcome.PAB: ByeKind.PAB, TeamOutcome.FPB: ByeKind.FPB, TeamOutcome.HPB: ByeKind.HPB,
         TeamOutcome.ZPB: ByeKind.ZPB, TeamOutcome.FREE: ByeKind.BYE}
_ROUND_ROBIN = re.compile(r"[A-Z]+_TEAM_(DOUBLE)?ROUNDROBIN")
_TYPE_TEXT = {System.SWISS: "Team: Swiss-System", System.ROUND_ROBIN: "Team: Round-Robin",
              System.DOUBLE_ROUND_ROBIN: "Team: Double Round-Robin"}
#: Team settings that have no TRF record; exporting a folder that uses them says so.
_TEAM_NOT_IN_TRF = ("empty_boards", "empty_matches", "roster_tolerance", "board_prize_share", "numbering")


@dataclass(frozen=True)
class ImportedTeams:
    """The team event read from a TRF and what the folder could not hold (one warning per kind)."""

    tournament: TeamTournament
    warnings: tuple[str, ...]


# --------------------------------------------------------------------------- import


def team_tiebreaks(trf: TrfFile, notes: Notes | None = None) -> tuple[str, ...]:
    """The team tie-breaks the file announces (212 without its leading ``PTS``, else 202; codes that
    are no team tie-break left out), or () for none or for the default list (MP, GP, EDE, EMGSB)."""
    codes = declared_tiebreaks(trf, notes, parse_team_code, team_code_meaning)
    return () if codes == DEFAULT_TEAM_TIEBREAKS else codes


def team_standings_rules(trf: TrfFile) -> Rules:
    """The C.07 edition of the file's event, as its folder takes it: by its start date (042)."""
    return default_rules(parse_trf_date((trf.header.get("042") or ("",))[0]))


@dataclass
class _Import:
    """What the import works from: the file, the team codec's reading, and the new numbers."""

    trf: TrfFile
    read: TeamTrf
    notes: Notes
    teams: dict[int, int]  # the file's team number -> the folder's
    players: dict[int, int]  # the file's starting rank -> the folder's start number
    pattern: str
    round_robin: bool
    double: bool


def import_team_trf(trf: TrfFile, *, name: str = "TRF event") -> ImportedTeams:
    """The team event of a team TRF (TRF-2026 310, or TRF16 013) as a folder holds it; each
    inconsistency is a :class:`TrfError` naming the line and the field."""
    read = team_event_from_trf(trf)
    notes = Notes()
    note_unread_records(trf, notes, (*TEAM_RECORDS, "299"))
    for code, what in (("250", "acceleration"), ("XXA", "virtual points"), ("260", "prohibited pairings"),
                       ("XXP", "prohibited pairings")):  # an individual folder keeps these; a team folder not yet
        if code in trf.header_lines:
            notes.add(code, f"line {trf.header_lines[code][0]}: {what} ({code}) not kept: a team folder has no place "
                            "for it")
    event = read.event
    system, double = _system(trf, read, notes)
    ctx = _Import(trf, read, notes, _team_numbers(read, notes), _player_numbers(read, notes),
                  (read.colours or ("WB" * event.scoring.boards)[:event.scoring.boards]), system.is_round_robin,
                  double)
    last = event.rounds
    total = _total_rounds(ctx, last)
    rounds = [_round(ctx, number) for number in range(1, last + 1)]
    berger = ctx.round_robin and _berger_order(ctx, rounds, total)
    if ctx.round_robin and not berger and last:
        notes.add("as-played", f"a {system.value} whose matches do not follow the Berger tables of C.05: imported "
                               "as played (its matches and free rounds are kept; arbiter cannot pair its remaining "
                               "rounds)")
    if not berger:
        rounds = _score_order(ctx, rounds)
    teams = _team_entries(ctx)
    rounds, teams, requested = _withdrawals(ctx, rounds, teams, last, total, system is System.SWISS)
    players = with_national_ratings(trf, _players(ctx), ctx.players, notes)
    settings = _settings(ctx, name, system, total, last, bool(berger) or not ctx.round_robin or not last)
    tournament = TeamTournament(settings, _team_settings(ctx), tuple(teams), players,
                                {ctx.players[tpn]: ctx.teams[team.number] for team in event.teams
                                 for tpn in team.players}, tuple(rounds), byes=requested)
    return ImportedTeams(tournament, (*read.warnings, *notes.lines()))


def _system(trf: TrfFile, read: TeamTrf, notes: Notes) -> tuple[System, bool]:
    """192: a team round robin (single or double), else a Swiss; what a Swiss code says that a
    folder does not keep is a warning."""
    code = (trf.header.get("192") or ("",))[0].strip().upper()
    line = trf.header_lines["192"][0] if "192" in trf.header_lines else None
    found = _ROUND_ROBIN.fullmatch(code)
    if found is None:
        for word, what in (("BAKU", "Baku acceleration"),):
            if word in code:
                notes.add(word, f"line {line}: {what} ({code}) not kept: a team folder has no place for it")
        return System.SWISS, False
    if any(e.outcome is TeamOutcome.PAB for entries in read.event.entries.values() for e in entries):
        notes.add("rr-pab", f"line {line}: a round robin ({code}) with a pairing-allocated bye (320): imported as a "
                            "Swiss (a round robin's team without a match has a free round)")
        return System.SWISS, False
    double = found.group(1) is not None
    return (System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN), double


def _team_numbers(read: TeamTrf, notes: Notes) -> dict[int, int]:
    numbers = {team.number: index for index, team in enumerate(read.event.teams, start=1)}
    if any(old != new for old, new in numbers.items()):
        notes.add("team-numbers", f"the team numbers are not 1 to {len(numbers)}: teams renumbered 1 to "
                                  f"{len(numbers)} in the order of the file's numbers")
    return numbers


def _player_numbers(read: TeamTrf, notes: Notes) -> dict[int, int]:
    """The file's starting ranks when they run from 1 and each team's list is in their order;
    else the players numbered team by team, each team's in the order of its list."""
    lists = [team.players for team in read.event.teams]
    kept = sorted(tpn for players in lists for tpn in players)
    if kept == list(range(1, len(kept) + 1)) and all(list(p) == sorted(p) for p in lists):
        return {tpn: tpn for tpn in kept}
    notes.add("renumber", "the players are renumbered team by team, each team's in the order of its list (310 or "
                          "013): a team folder keeps a team's players in start-number order")
    return {tpn: number for number, tpn in enumerate((tpn for players in lists for tpn in players), start=1)}


def _total_rounds(ctx: _Import, last: int) -> int:
    total = ctx.read.total_rounds
    trf = ctx.trf
    if total is None:
        planned = max(last, team_rounds(len(ctx.teams), ctx.double) if ctx.round_robin and len(ctx.teams) > 1
                      else 0)
        if (planned < 1 or planned > MOST_ROUNDS) and ctx.round_robin and last == 0:
            return 0  # a round robin of one team (or none, or too many to pair): its export has no 142
        if planned < 1:
            raise TrfError("the number of rounds is missing (record 142 or XXR) and no round is paired", None, "142")
        ctx.notes.add("rounds", f"the number of rounds is not given (142 or XXR): taking {planned}")
        return planned
    code = "142" if "142" in trf.header_lines else "XXR"
    line = trf.header_lines[code][0]
    if total < last:
        raise TrfError(f"the file has round {last} but the event has {total} rounds", line, code)
    if not 1 <= total <= MOST_ROUNDS:
        raise TrfError(f"{total} rounds: arbiter handles 1 to {MOST_ROUNDS}", line, code)
    return total


def _round(ctx: _Import, number: int) -> MatchRound:
    """Round ``number``: its matches (not yet numbered, named in no order) and its team byes."""
    event = ctx.read.event
    entries = {team.number: event.entries[team.number][number - 1] for team in event.teams}
    matches: list[Match] = []
    byes: list[TeamBye] = []
    for team, entry in entries.items():
        if entry.opponent is None:
            byes.append(TeamBye(ctx.teams[team], _BYES[entry.outcome]))
        elif team < entry.opponent:
            matches.append(_match(ctx, number, entry, entries[entry.opponent], team))
    free = [bye for bye in byes if bye.kind is ByeKind.ZPB]
    if ctx.round_robin and len(ctx.teams) % 2 and len(byes) == 1 and free:
        byes = [TeamBye(free[0].team, ByeKind.BYE)]  # the table's dummy: the team's free round
    return MatchRound(number, tuple(matches), tuple(byes))


def _match(ctx: _Import, number: int, one: TeamRoundEntry, two: TeamRoundEntry, team: int) -> Match:
    """The match of the file's team ``team`` (entry ``one``) and its opponent (``two``)."""
    a, b = ctx.teams[team], ctx.teams[one.opponent or 0]
    if one.outcome.forfeit and not one.boards and not two.boards:  # a match forfeit (330); a match whose boards
        if (number, team) in ctx.read.first_teams:                 # were all forfeited keeps its boards
            return Match(0, a, b, (), _FORFEITS[(one.outcome, two.outcome)])
        return Match(0, b, a, (), _FORFEITS[(two.outcome, one.outcome)])
    decided = sorted([(e.board, (e.colour == board_colour(ctx.pattern, e.board)) == (side == 0))
                      for side, entry in enumerate((one, two)) for e in entry.boards if e.colour is not None])
    first = decided[0][1] if decided else a < b
    if decided and any(named != first for _, named in decided):
        ctx.notes.add("colours", f"round {number}, teams {a} and {b}: board colours that do not follow the 352 "
                                 f"pattern {ctx.pattern} are not kept (board 1 says which team plays it)")
    ours, theirs = (one, two) if first else (two, one)
    return Match(0, *((a, b) if first else (b, a)), _boards(ctx, number, ours, theirs))


def _boards(ctx: _Import, number: int, first: TeamRoundEntry, second: TeamRoundEntry) -> tuple[BoardGame, ...]:
    """The board lines, first team first: a result from both players' codes, an empty board a
    forfeit won by the player facing it."""
    ours = {e.board: e for e in first.boards}
    theirs = {e.board: e for e in second.boards}
    games = []
    for board in range(1, ctx.read.event.scoring.boards + 1):
        one, two = ours.get(board), theirs.get(board)
        result: GameResult | None
        player = one.player if one is not None else None
        other = two.player if two is not None else None
        if player is None or other is None:
            facing = one if player is not None else two
            if facing is not None and facing.outcome is Outcome.PAB and facing.player is not None:
                ctx.notes.add("empty-pab", f"line {ctx.read.players[facing.player].line}: a player facing an empty "
                                           f"board has 'U' (round {number}): read as a forfeit win, as a folder "
                                           "scores an empty board (the file scores it as a PAB, 162 P)")
            result = (GameResult.DOUBLE_FORFEIT if player is None and other is None else
                      GameResult.BLACK_FORFEIT_WIN if player is None else GameResult.WHITE_FORFEIT_WIN)
        else:
            assert one is not None and two is not None
            result = _result(ctx, number, board, (player, one.outcome, one.colour), (other, two.outcome))
        games.append(BoardGame(board, _number(ctx, player), _number(ctx, other), result))
    return tuple(games)


def _result(ctx: _Import, number: int, board: int, first: tuple[int, Outcome, str | None],
            second: tuple[int, Outcome]) -> GameResult | None:
    (player, mine, colour), (other, theirs) = first, second
    codes = [next((g.result for g in ctx.read.players[tpn].games if g.round == number), " ") for tpn in (player, other)]
    if (mine, theirs) not in _RESULTS:
        raise TrfError(f"the results contradict each other: player {player} (line {ctx.read.players[player].line}) "
                       f"has {codes[0].strip() or 'none'!r} and player {other} (this line) has "
                       f"{codes[1].strip() or 'none'!r}", ctx.read.players[other].line, f"round {number} result")
    if any(code in "WDL" and code != " " for code in codes):
        ctx.notes.add("short", f"line {ctx.read.players[player].line}: W, D, L (games of less than one move) are "
                               "read as played games 1, =, 0")
    if colour is not None and colour != board_colour(ctx.pattern, board):
        ctx.notes.add("colours", f"round {number}: board colours that do not follow the 352 pattern {ctx.pattern} "
                                 "are not kept (board 1 says which team plays it)")
    return _RESULTS[(mine, theirs)]


def _number(ctx: _Import, tpn: int | None) -> int | None:
    return None if tpn is None else ctx.players[tpn]


def _berger_order(ctx: _Import, rounds: list[MatchRound], total: int) -> bool:
    """Whether the round robin follows the Berger tables (the number of rounds, each round's
    matches, the free team); if so its rounds take the table's order, in place. A match forfeit
    has no colours: it fits its table match either way round."""
    count = len(ctx.teams)
    if count < 2 or total != team_rounds(count, ctx.double):
        return False
    ordered = []
    for rnd in rounds:
        table = team_round(count, rnd.number, boards=ctx.read.event.scoring.boards, double=ctx.double)
        have = {m.teams: m for m in rnd.matches}
        have.update({(m.second, m.first): _reversed(m) for m in rnd.matches if m.forfeit is not None})
        wanted = [have.get((m.first, m.second)) for m in table.matches]
        free = [(bye.team, bye.kind) for bye in rnd.byes]
        if None in wanted or len(wanted) != len(rnd.matches) or free != (
                [(table.free, ByeKind.BYE)] if table.free else []):
            return False
        ordered.append(replace(rnd, matches=tuple(replace(m, number=i) for i, m in enumerate(wanted, start=1)
                                                  if m is not None)))
    rounds[:] = ordered
    return True


def _reversed(match: Match) -> Match:
    swap = {GameResult.WHITE_FORFEIT_WIN: GameResult.BLACK_FORFEIT_WIN,
            GameResult.BLACK_FORFEIT_WIN: GameResult.WHITE_FORFEIT_WIN}
    return Match(match.number, match.second, match.first, (), swap.get(match.forfeit, match.forfeit)
                 if match.forfeit is not None else None)


def _score_order(ctx: _Import, rounds: list[MatchRound]) -> list[MatchRound]:
    """Each round's matches in C.04.2 3.6 order, with teams: the higher primary score of the two
    before the round, then the lower, then the smaller number; the PAB first of the byes."""
    event = ctx.read.event
    kind = event.scoring.primary
    before = {ctx.teams[t.number]: Fraction(0) for t in event.teams}
    out = []
    for rnd in rounds:
        def key(match: Match) -> tuple[Fraction, Fraction, int]:
            top, bottom = sorted(match.teams, key=lambda t: (-before[t], t))
            return -before[top], -before[bottom], top

        matches = tuple(replace(m, number=i) for i, m in enumerate(sorted(rnd.matches, key=key), start=1))
        out.append(MatchRound(rnd.number, matches, tuple(sorted(rnd.byes, key=lambda b: (b.kind is not ByeKind.PAB,
                                                                                           b.team)))))
        for team in event.teams:
            before[ctx.teams[team.number]] += event.entries[team.number][rnd.number - 1].score(kind)
    return out


def _team_entries(ctx: _Import) -> list[TeamEntry]:
    from pydantic import ValidationError  # the teams of an imported TRF are checked (start-up, issue 29)

    out: list[TeamEntry] = []
    names: dict[str, int] = {}
    for team in ctx.read.event.teams:
        line = ctx.read.team_lines.get(team.number)
        record = "310" if "310" in ctx.trf.header else "013"
        if team.name.casefold() in names:
            raise TrfError(f"the team name {team.name!r} is also on line {names[team.name.casefold()]}", line,
                           f"{record} team name")
        names[team.name.casefold()] = line or 0
        try:
            out.append(TeamEntry(number=ctx.teams[team.number], name=team.name, short=team.short))
        except ValidationError as error:
            raise TrfError(pydantic_message(error.errors()[0]), line, f"{record} team name") from None
    return out


def _withdrawals(ctx: _Import, rounds: list[MatchRound], teams: list[TeamEntry], last: int, total: int,
                 swiss: bool) -> tuple[list[MatchRound], list[TeamEntry], tuple[TeamByeRequest, ...]]:
    """The teams that withdrew, as the team codec reads them (:func:`~.team._withdrawn`: a 240 Z in
    every round from some round to the last, what the export writes); their zero-point byes after
    the withdrawal are dropped (a withdrawn team needs none). Other 240 H and Z records of rounds not
    yet paired are a team Swiss's requested byes (``team_byes.csv``)."""
    left = {ctx.teams[number]: after for number, (after, _) in ctx.read.withdrawn.items()}
    ahead: dict[int, dict[int, str]] = {}
    for value, line in zip(ctx.trf.header.get("240", ()), ctx.trf.header_lines.get("240", ())):
        rnd = read_number(value[2:5], line, "240 round") or 0
        if rnd > total:
            raise TrfError(f"round {rnd} is not a round of the event (1 to {total})", line, "240 round")
        for word in value[6:].split():
            if rnd > last and ctx.teams[int(word)] not in left:
                ahead.setdefault(ctx.teams[int(word)], {})[rnd] = value[0].upper()
    by_number = {t.number: t for t in teams}
    for number, (after, since) in sorted(ctx.read.withdrawn.items()):
        entry = by_number[ctx.teams[number]]
        where = "still to play" if since > last else f"from round {since} on"
        ctx.notes.add(f"withdrawn-{entry.number}", f"team {entry.number} ({entry.name}) has a zero-point bye (240 Z) "
                                                   f"in every round {where}: imported as withdrawn after round {after}")
    asked: list[TeamByeRequest] = []
    for number, wanted in sorted(ahead.items()):
        for rnd, kind in sorted(wanted.items()):
            if swiss and kind in ("H", "Z"):
                asked.append(TeamByeRequest(rnd, number, ByeKind.HPB if kind == "H" else ByeKind.ZPB))
            else:
                ctx.notes.add("ahead", "byes requested for rounds not yet paired (240) that a team folder cannot "
                                       "hold (a full-point bye, or in a round robin) are left out")
    teams = [t.model_copy(update={"status": "withdrawn", "withdrawn_after": left[t.number]}) if t.number in left
             else t for t in teams]
    rounds = [replace(rnd, byes=tuple(b for b in rnd.byes if not (b.kind is ByeKind.ZPB and b.team in left
                                                                  and rnd.number > left[b.team]))) for rnd in rounds]
    return rounds, teams, tuple(asked)


def _players(ctx: _Import) -> tuple[Player, ...]:
    players = sorted((number, ctx.read.players[tpn]) for tpn, number in ctx.players.items())
    out: list[Player] = []
    seen: dict[int, int] = {}
    for number, source in players:
        player = folder_player(source, number, ctx.notes, start_date(ctx.trf))
        if player.fide_id is not None and player.fide_id in seen:
            raise TrfError(f"FIDE ID {player.fide_id} is also on line {seen[player.fide_id]}", source.line, "FIDE ID")
        if player.fide_id is not None:
            seen[player.fide_id] = source.line
        out.append(player)
    return tuple(out)


def _settings(ctx: _Import, name: str, system: System, total: int, last: int, berger: bool) -> Settings:
    colour = {"w": InitialColour.WHITE, "b": InitialColour.BLACK}.get(ctx.trf.initial_colour or "")
    values: dict[str, object] = {"system": system, "rounds": total or None, "seed": 0, "scoring": ctx.read.event.scoring.game,
                                 "status": Status.RUNNING if last else Status.REGISTRATION, "berger_tables": berger}
    if colour is not None:
        values["initial_colour"] = colour
    if ctx.read.withdrawal_rule != "half":  # the 310 columns count a withdrawn team's matches (team._check_declared)
        values["round_robin_withdrawal"] = ctx.read.withdrawal_rule
    return with_rating_federation(ctx.trf, header_settings(ctx.trf, ctx.notes, name, total, values), ctx.notes)


def _team_settings(ctx: _Import) -> TeamSettings:
    scoring = ctx.read.event.scoring
    pab = scoring.pab_scores()
    kind: Literal["draw", "win"] = "win" if pab == (scoring.match_win, scoring.game.win * scoring.boards) else "draw"
    own = pab not in ((scoring.match_win, scoring.game.win * scoring.boards),
                      (scoring.match_draw, scoring.game.draw * scoring.boards))
    default = ("WB" * scoring.boards)[:scoring.boards]
    return TeamSettings(boards=scoring.boards, match_win=scoring.match_win, match_draw=scoring.match_draw,
                        match_loss=scoring.match_loss, primary=scoring.primary,
                        colours="" if ctx.pattern == default else ctx.pattern, pab=kind,
                        pab_match_points=pab[0] if own else None, pab_game_points=pab[1] if own else None,
                        colour_model=_colour_model(ctx.trf), tiebreaks=team_tiebreaks(ctx.trf, ctx.notes),
                        roster_rating=team_roster_rating(ctx.trf, ctx.notes))


def _colour_model(trf: TrfFile) -> Literal["a", "b", "none"]:
    """A team Swiss's colour preferences by its 192 code (C.04.6 1.7): ``FIDE_TEAM_TYPEA_*``,
    ``FIDE_TEAM_TYPEB_*``, or ``FIDE_TEAM_*`` without a type (none); Type A without a 192."""
    code = (trf.header.get("192") or ("",))[0].strip().upper()
    if not code.startswith("FIDE_TEAM") or "TYPEA" in code or "ROUNDROBIN" in code:
        return "a"  # (a round robin's colours come from the tables)
    return "b" if "TYPEB" in code else "none"


# --------------------------------------------------------------------------- export


def export_team_trf(tournament: TeamTournament, standing: TeamStanding) -> Exported:
    """The TRF-2026 text of a team event and what it could not hold; ``standing`` (team -> MP, GP
    and rank of the team standings, computed by the caller) fills the 310 columns, so a team the
    half rule leaves out of them has none there (its matches summed, no rank) and its opponents the
    points the standings give them. A withdrawn team is absent (240 Z) in every round after its
    withdrawal, paired or not (:func:`_absent_rounds`): what the import reads back as withdrawn."""
    settings, team = tournament.settings, tournament.team
    system = settings.system
    last = tournament.last_round
    total = settings.rounds or last
    double = system is System.DOUBLE_ROUND_ROBIN
    if not total and system.is_round_robin and len(tournament.teams) > 1:
        planned = team_rounds(len(tournament.teams), double)  # written at the first pairing
        total = planned if planned <= MOST_ROUNDS else 0  # (more cannot be paired: 'pair' refuses)
    event = team_event(tournament)
    lines = header_records(settings, tournament.players, _TYPE_TEXT[system], len(tournament.teams))
    lines += rounds_records(settings, total)
    lines += scoring_records(settings.scoring)
    warnings: list[str] = []
    method = StartingRank.NRO if team.roster_rating == "national" else StartingRank.FIDE
    starting, national = national_lines(settings, tournament.players, warnings, method)
    lines += starting
    # a round robin's 192 code says MP is primary: GP primary is a setting the file cannot carry (warned of)
    code = (team_code(replace(event.scoring, primary="MP"), True, double) if system.is_round_robin else
            team_swiss_code(ColourModel(team.colour_model), event.scoring.primary))
    lines += [f"192 {code}",
              f"202 {','.join(team.effective_tiebreaks)}"]
    lines += team_scoring_records(event.scoring, team.colours)
    first = {(rnd.number, m.first) for rnd in tournament.rounds for m in rnd.matches if m.forfeit is not None}
    lines += team_records(event, {p.start_number: trf_player(p) for p in tournament.players}, first=first,
                          standing=standing, absent=_absent_rounds(tournament, total))
    for (number, kind), asking in sorted(_requested(tournament).items()):  # requested team byes still to come (240)
        lines.append(f"240 {kind} {number:3d}" + "".join(f" {t:4d}" for t in asking))
    lines += national
    return Exported(LINE_END.join(lines) + LINE_END, (*_not_exported(tournament, event, total), *warnings))


def _absent_rounds(tournament: TeamTournament, total: int) -> dict[int, list[int]]:
    """Round -> the withdrawn teams absent in it (240 Z): every round after a team's withdrawal, a
    paired one when the team was not there (its match forfeited by it, its free round, or nothing;
    not a team Swiss's PAB or a bye it was given, which a second 240 cannot stand beside)."""
    out: dict[int, list[int]] = {}
    for team in tournament.teams:
        if not team.is_withdrawn:
            continue
        for number in range((team.withdrawn_after or 0) + 1, total + 1):
            rnd = tournament.round(number)
            match = rnd.match_of(team.number) if rnd is not None else None
            gone = (GameResult.BLACK_FORFEIT_WIN if match is not None and match.first == team.number else
                    GameResult.WHITE_FORFEIT_WIN)
            given = rnd is not None and any(b.team == team.number and b.kind is not ByeKind.BYE for b in rnd.byes)
            if given:  # the PAB (320) or the bye (240 H/Z) it was given stands: a second 240 beside it is refused
                continue
            if match is None or match.forfeit in (gone, GameResult.DOUBLE_FORFEIT):
                out.setdefault(number, []).append(team.number)
    return out


def _requested(tournament: TeamTournament) -> dict[tuple[int, str], list[int]]:
    out: dict[tuple[int, str], list[int]] = {}
    for bye in tournament.byes:
        out.setdefault((bye.round, "H" if bye.kind is ByeKind.HPB else "Z"), []).append(bye.team)
    return {key: sorted(teams) for key, teams in out.items()}


def _line_up_given(tournament: TeamTournament, rnd: MatchRound, match: Match) -> bool:
    """Whether a side of the match has boards other than its default line-up (what the pairing gives):
    a line-up the arbiter gave, lost under a match forfeit's 330. The default one, lost too, is no choice of
    the arbiter's, and counts for nothing under the forfeit: no warning for it (the trial of issue 29)."""
    for side, team in enumerate(match.teams):
        players = tuple(p for p in ((g.first, g.second)[side] for g in match.boards) if p is not None)
        if players and players != tournament.default_players(team, rnd.number):
            return True
    return False


def _not_exported(tournament: TeamTournament, event: TeamEvent, total: int) -> list[str]:
    team = tournament.team
    defaults = TeamSettings.defaults()
    lost = lost_settings(tournament.settings)
    withdrawn = [t.number for t in tournament.teams if t.is_withdrawn]
    if "round_robin_withdrawal" in lost and event.round_robin and half_rule_annulled(
            event, withdrawn, tournament.settings.system is System.DOUBLE_ROUND_ROBIN):
        lost.remove("round_robin_withdrawal")  # the 310 columns say which rule counts (team._check_declared)
    lost += [f"team.{key}" for key in _TEAM_NOT_IN_TRF if getattr(team, key) != defaults[key]]
    if event.round_robin and team.primary != "MP":  # FIDE_TEAM_ROUNDROBIN: MP primary (TRF-2026 192)
        lost.append("team.primary")
    warnings = [f"not in a TRF, so not exported: the settings {', '.join(lost)}"] if lost else []
    if any(t.entered_round is not None for t in tournament.teams):
        warnings.append("late entries are exported as teams with zero-point byes (240 Z) in the rounds they missed")
    late = [t for t in tournament.teams if t.is_withdrawn and (t.withdrawn_after or 0) >= total]
    if any(t.is_withdrawn and t not in late for t in tournament.teams):
        warnings.append("withdrawn teams are written as absent (240 Z) in every round after their withdrawal: a TRF "
                        "has no withdrawal record (arbiter's import reads them back as withdrawn)")
    if late:
        warnings.append(f"the withdrawal of {', '.join(f'team {t.number} ({t.name})' for t in late)} after the last "
                        "round is not exported: no round after it holds a 240 Z")
    # what the import reads back from the 240 Z written (team_standing.withdrawn_teams), said where it differs
    zero = {(rnd, number) for rnd, numbers in _absent_rounds(tournament, total).items() for number in numbers}
    zero |= {(rnd, number) for (rnd, kind), numbers in _requested(tournament).items() if kind == "Z"
             for number in numbers}
    read_back = withdrawn_teams(event, zero, total)
    for gone in (t for t in tournament.teams if t.is_withdrawn and t not in late):
        asked = gone.withdrawn_after or 0
        present = [rnd for rnd in range(asked + 1, len(tournament.rounds) + 1) if (rnd, gone.number) not in zero]
        if gone.number not in read_back and present:  # a match of its own in the last round (a forfeit it won)
            warnings.append(f"the withdrawal of team {gone.number} ({gone.name}) after round {asked} does not come "
                            f"back: it was not absent in round {present[-1]}, and a TRF has no withdrawal")
            continue
        if gone.number not in read_back:  # a team Swiss's 240 Z that begin after a round still to play
            warnings.append(f"the withdrawal of team {gone.number} ({gone.name}) after round {asked} comes back as "
                            f"requested zero-point byes from round {asked + 1}: round {asked} is not paired yet, and a "
                            "TRF has no withdrawal")
            continue
        read = read_back[gone.number][0]
        if read < asked:  # absent before it: the import walks back over its absences
            warnings.append(f"the withdrawal of team {gone.number} ({gone.name}) after round {asked} comes back after "
                            f"round {read}: it had no match from round {read + 1} on, and a TRF has no withdrawal")
        elif read > asked:  # a match of its own after the withdrawal (a forfeit it won, say)
            warnings.append(f"the withdrawal of team {gone.number} ({gone.name}) after round {asked} comes back after "
                            f"round {read}: it was not absent in round {read}, and a TRF has no withdrawal")
    last = len(tournament.rounds)
    for each in tournament.teams if last < total else ():
        requests = {b.round: b.kind for b in tournament.byes if b.team == each.number}
        start = total + 1
        while requests.get(start - 1) is ByeKind.ZPB:
            start -= 1
        if start <= last + 1 and not each.is_withdrawn:
            # a 240 Z in every round still to play reads as a withdrawal (team_standing.withdrawn_teams)
            warnings.append(f"team {each.number} ({each.name})'s zero-point byes in every round from round {start} to "
                            "the end will be imported as a withdrawal: a TRF has no withdrawal")
    if tournament.lineups:
        warnings.append("the line-ups given for rounds not yet paired are not exported: a TRF has no place for them")
    kept = [f"round {rnd.number} match {m.number}" for rnd in tournament.rounds for m in rnd.matches
            if m.forfeit is not None and m.has_board_results]
    if kept:
        warnings.append(f"the board results kept under a match forfeit are not exported ({', '.join(kept)}): they count "
                        "for nothing while it stands, and the forfeit (330) is exported in their place")
    lined = [f"round {rnd.number} match {m.number}" for rnd in tournament.rounds for m in rnd.matches
             if m.forfeit is not None and m.boards and not m.has_board_results and _line_up_given(tournament, rnd, m)]
    if lined:
        warnings.append(f"the line-ups kept under a match forfeit are not exported ({', '.join(lined)}): they count "
                        "for nothing while it stands, and the forfeit (330) is exported in their place")
    if any(len(t.name) > 32 or len(t.short) > 5 for t in tournament.teams):
        warnings.append("team names longer than 32 characters and short names longer than 5 are cut (310 cols 9-40, "
                        "42-46)")
    return warnings + player_warnings(tournament.players)

