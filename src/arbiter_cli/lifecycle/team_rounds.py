"""A team event's rounds (issue 15): pairing a team round robin, line-ups, and results.

* :func:`pair_team_round` pairs the next round: a team round robin from the Berger tables (C.05,
  teams as participants; :mod:`arbiter_cli.pairing.team_round_robin`), a team Swiss by C.04.6
  (:mod:`arbiter_cli.pairing.team_swiss`; the team with White on board 1 is named first). At the first
  pairing the team numbers are fixed (:func:`~.team_registration.number_teams_for_play`). Each
  team plays its line-up for the round, or its first ``boards`` available players in roster
  order. A board left empty is a forfeit for the player facing it; a withdrawn team forfeits
  its matches.
* :func:`set_line_up` gives a team's players for a round, board 1 first: for a round not yet
  paired it is kept until the pairing; for a paired round it replaces the team's boards while
  none of the match's results is entered. The roster rules of
  :func:`~arbiter_cli.core.team_roster.check_line_up` apply.
* :func:`enter_team_results` enters board results (``MATCH.BOARD CODE``) and match forfeits
  (``MATCH CODE``: a team did not show), one or many, with compare-and-set (:mod:`.entry`, a team
  event's kind of it); a result entered is changed only as a correction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import random

from arbiter_cli.core.errors import BadArgument, NoPairing, Refused
from arbiter_cli.core.model import MOST_ROUNDS, InitialColour, Status
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team_roster import LineUp, RosterPlayer, check_line_up, default_line_up
from arbiter_cli.core.team_tournament import (BoardGame, LineUpRequest, Match, MatchRound, TeamBye, TeamByeRequest,
                                              TeamEntry, TeamTournament, board_colour, roster_player, team_event)
from arbiter_cli.core.words import count, folded, listed, rounds_named
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.entry import (UNSET, Act, Applied, Check, Conflict, Entry, Seat, Seats, Unset, Verdict,
                                         compare_and_set, journal_line, needs_correct, not_removed, read_result,
                                         read_result_lines, stale, unchanged)
from arbiter_cli.lifecycle.team_registration import find_team, number_teams_for_play
from arbiter_cli.lifecycle.unfinished import no_unfinished
from arbiter_cli.pairing.team_round_robin import team_round, team_rounds
from arbiter_cli.pairing.team_swiss import ColourModel, pair_team_round as pair_swiss_round
from arbiter_cli.pairing.team_swiss.explain import explain_team_round
from arbiter_cli.pairing.team_swiss.state import request_from_event

__all__ = ["unpair_team_round", "pair_team_round", "set_line_up", "TeamResultLine", "parse_team_result_lines", "team_result_line",
           "enter_team_results", "empty_board_matches", "team_seats", "team_pgn_results"]

_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)


def _not_finalised(tournament: TeamTournament) -> None:
    if tournament.settings.status is Status.FINALISED:
        raise Refused(f"the event was finalised on {tournament.settings.finalised_on}")


def empty_board_matches(tournament: TeamTournament, team: int, skip_round: int | None = None) -> int:
    """The matches (other than round ``skip_round``'s) in which ``team`` left a board empty."""
    total = 0
    for rnd in tournament.rounds:
        if rnd.number == skip_round:
            continue
        match = rnd.match_of(team)
        if match is None or match.forfeit is not None:
            continue
        side = 0 if match.first == team else 1
        if any((game.first, game.second)[side] is None for game in match.boards):
            total += 1
    return total


def _unavailable(tournament: TeamTournament, team: int, round_number: int) -> set[RosterPlayer]:
    return {tournament.roster_player(p) for p in tournament.members(team) if not p.available_in(round_number)}


def _line_up(tournament: TeamTournament, entry: TeamEntry, round_number: int,
             players: Sequence[int] | None, notes: list[str] | None = None) -> tuple[LineUp, tuple[int, ...]]:
    """The checked line-up of ``entry`` in the round (``players``: start numbers, else the default),
    and its players' start numbers, board 1 first.

    A default line-up (no line-up given) that leaves more boards empty than the event allows is
    still played, with a note in ``notes`` when the caller passes a list: a team short of players
    is the arbiter's decision (a match forfeit, or a player added to the roster), not a reason to
    stop pairing the other matches."""
    members = tournament.members(entry.number)
    by_player = {tournament.roster_player(p): p.start_number for p in members}
    roster = tournament.roster(entry.number)
    unavailable = _unavailable(tournament, entry.number, round_number)
    default = default_line_up(roster, unavailable)
    if players is None:
        chosen: Sequence[RosterPlayer | None] = default.players
    else:
        by_number = {p.start_number: tournament.roster_player(p) for p in members}
        chosen = [by_number[n] for n in players]
    earlier = empty_board_matches(tournament, entry.number, round_number)
    try:
        line_up = check_line_up(roster, chosen, unavailable=unavailable, empty=tournament.team.empty,
                                earlier_empty_matches=earlier)
        if players is None and notes is not None and line_up.empty_boards:  # said before the allowance runs out
            allowed = tournament.team.empty.matches
            notes.append(f"round {round_number}, team {entry.number} ({entry.name}): "
                         f"{count(line_up.empty_boards, 'board')} left empty, as only {len(line_up.players)} of its "
                         f"players can play (empty boards in {count(earlier + 1, 'match', 'matches')} so far; the "
                         f"event allows {allowed}, team.empty_matches): add a player to its roster or give a line-up")
    except Refused as error:
        given = "line-up" if players is not None else "default line-up (its first available players)"
        message = f"round {round_number}, team {entry.number} ({entry.name}), {given}: {error.message}"
        if players is not None or notes is None:
            raise Refused(message) from None
        notes.append(message + "; it is paired so, and the arbiter decides (a match forfeit is entered with "
                     "'arbiter result ROUND MATCH +/-' or '-/+')")
        line_up = default
    return line_up, tuple(by_player[p] for p in line_up.players)


def _boards(first: Sequence[int], second: Sequence[int], boards: int) -> tuple[BoardGame, ...]:
    games = []
    for board in range(1, boards + 1):
        one = first[board - 1] if board <= len(first) else None
        two = second[board - 1] if board <= len(second) else None
        result = (None if one is not None and two is not None else GameResult.DOUBLE_FORFEIT if one is None and
                  two is None else GameResult.BLACK_FORFEIT_WIN if one is None else GameResult.WHITE_FORFEIT_WIN)
        games.append(BoardGame(board, one, two, result))
    return tuple(games)


@dataclass(frozen=True)
class TeamPaired:
    tournament: TeamTournament
    round: MatchRound
    changes: tuple[Change, ...]
    notes: tuple[str, ...] = ()
    explanation: tuple[str, ...] = ()  # a team Swiss: why each bracket is paired so (C.04.6; --explain)


def pair_team_round(tournament: TeamTournament) -> TeamPaired:
    """Pair the next round of a team round robin; the first pairing fixes the team numbers."""
    _not_finalised(tournament)
    settings = tournament.settings
    if len(tournament.teams) < 2:
        raise Refused(f"at least 2 teams are needed to pair a round; there {'is' if len(tournament.teams) == 1 else 'are'} "
                      f"{len(tournament.teams)} ('arbiter team add NAME')")
    for earlier in tournament.rounds:  # every round, not only the last (issue 25: a corrected round 3)
        if not earlier.complete:
            missing = earlier.missing
            raise Refused(f"round {earlier.number} still needs results: board{'s' if len(missing) > 1 else ''} "
                          f"{listed(missing)}")
    changes: list[Change] = []
    double = settings.system.value == "double-round-robin"
    if not tournament.rounds:
        planned = team_rounds(len(tournament.teams), double) if settings.system.is_round_robin else 0
        if planned > MOST_ROUNDS:
            raise Refused(f"a team {settings.system.value} of {len(tournament.teams)} teams has {planned} rounds: "
                          f"arbiter handles at most {MOST_ROUNDS}")
        short = [t for t in tournament.teams if not tournament.members(t.number)]
        if short:
            raise Refused(f"team {short[0].number} ({short[0].name}) has no players; 'arbiter team roster "
                          f"{short[0].number} add PLAYER...'")
        tournament, changes = number_teams_for_play(tournament)
        update: dict[str, object] = {"status": Status.RUNNING}
        if settings.system.is_round_robin:
            update["rounds"] = team_rounds(len(tournament.teams), double)
            changes.append(Change("rounds", "", str(update["rounds"])))
        elif settings.initial_colour is InitialColour.RANDOM:  # the team Swiss's first colour, by lot (C.04.6)
            drawn = random.Random(f"colour:{settings.seed}").choice([InitialColour.WHITE, InitialColour.BLACK])
            update["initial_colour"] = drawn
            changes.append(Change("initial colour drawn", "random", drawn.value))
        settings = settings.model_copy(update=update)
        tournament = replace(tournament, settings=settings)
    number = tournament.last_round + 1
    if settings.rounds is not None and number > settings.rounds:
        raise Refused(f"all {settings.rounds} rounds are paired; 'arbiter finalize' ends the event")
    requested = {r.team: r.players for r in tournament.lineups if r.round == number}
    notes: list[str] = []
    matches = []
    byes: tuple[TeamBye, ...] = ()
    explanation: tuple[str, ...] = ()
    if settings.system.is_round_robin:
        table = team_round(len(tournament.teams), number, boards=tournament.team.boards, double=double)
        pairs = [(m.first, m.second) for m in table.matches]
        byes = (TeamBye(table.free, ByeKind.BYE),) if table.free is not None else ()
    else:
        pairs, byes, explanation = _swiss_pairs(tournament, number)
    for index, (first_team, second_team) in enumerate(pairs, start=1):
        one, two = tournament.by_team[first_team], tournament.by_team[second_team]
        away = [not team.available_in(number) for team in (one, two)]
        if any(away):
            forfeit = (GameResult.DOUBLE_FORFEIT if all(away) else
                       GameResult.BLACK_FORFEIT_WIN if away[0] else GameResult.WHITE_FORFEIT_WIN)
            matches.append(Match(index, one.number, two.number, (), forfeit))
            continue
        _, first = _line_up(tournament, one, number, requested.get(one.number), notes)
        _, second = _line_up(tournament, two, number, requested.get(two.number), notes)
        matches.append(Match(index, one.number, two.number, _boards(first, second, tournament.team.boards)))
    rnd = MatchRound(number, tuple(matches), byes)
    seated = {team for match in matches if match.boards for team in match.teams}
    for request in tournament.lineups:  # the others are on the boards now (and back at 'unpair')
        if request.round == number and request.team not in seated:
            entry = tournament.by_team[request.team]
            changes.append(Change(f"round {number} line-up of team {entry.number}",
                                  _names(tournament, request.players), ""))
            notes.append(f"team {entry.number} ({entry.name}) plays no match in round {number}: its line-up goes")
    after = replace(tournament, rounds=(*tournament.rounds, rnd),
                    lineups=tuple(r for r in tournament.lineups if r.round != number),
                    byes=tuple(b for b in tournament.byes if b.round != number))
    changes.append(Change(f"round {number}", "", f"paired: {len(matches)} match{'es' if len(matches) != 1 else ''}"
                          + "".join(f", team {b.team} {b.kind.value}" for b in byes)))
    return TeamPaired(after, rnd, tuple(changes), tuple(notes), explanation)


def _swiss_pairs(tournament: TeamTournament, number: int
                 ) -> tuple[list[tuple[int, int]], tuple[TeamBye, ...], tuple[str, ...]]:
    """Round ``number`` of a team Swiss by C.04.6 (:mod:`arbiter_cli.pairing.team_swiss`): the
    (White team, Black team) matches in board order, the PAB, and the withdrawn teams' absences."""
    settings = tournament.settings
    if settings.rounds is None:
        raise Refused("a team Swiss needs its number of rounds (rounds in tournament.toml)")
    withdrawn = frozenset(t.number for t in tournament.teams if not t.available_in(number))
    requested = {b.team: b.kind for b in tournament.byes if b.round == number and b.team not in withdrawn}
    absent = withdrawn | frozenset(requested)
    request = request_from_event(team_event(tournament), number, settings.rounds,
                                 "w" if settings.initial_colour is InitialColour.WHITE else "b", absent=absent,
                                 colour_model=ColourModel(tournament.team.colour_model))
    try:
        pairing = pair_swiss_round(request)
    except NoPairing as error:
        raise NoPairing(f"round {number}: {error}") from None
    byes = ((TeamBye(pairing.bye, ByeKind.PAB),) if pairing.bye is not None else ()) + tuple(
        TeamBye(team, requested.get(team, ByeKind.ZPB)) for team in sorted(absent))
    return list(pairing.pairs), byes, tuple(explain_team_round(request, pairing))


def _member(tournament: TeamTournament, entry: TeamEntry, text: str) -> int:
    """A player of ``entry`` by start number or name."""
    members = tournament.members(entry.number)
    value = text.strip()
    for player in members:
        if (value.isdigit() and player.start_number == int(value)) or folded(player.name) == folded(value):
            return player.start_number
    numbers = sorted(p.start_number for p in members)
    shown = (f"{numbers[0]}-{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1))
             else ", ".join(map(str, numbers))) if numbers else "none"
    # a roster place (1, 2, 3...) is the likely slip: the players go by start number or name
    raise Refused(f"{text!r} is not on the roster of team {entry.number} ({entry.name}): a player is named by "
                  f"start number ({shown}, as 'arbiter team roster {entry.number}' lists them) or by name")


def set_line_up(tournament: TeamTournament, round_number: int, team_ref: str, players: Sequence[str]
                ) -> tuple[TeamTournament, list[Change]]:
    """A team's players for a round, board 1 first (start numbers or names)."""
    _not_finalised(tournament)
    entry = find_team(tournament, team_ref)
    if round_number < 1 or (tournament.settings.rounds is not None and round_number > tournament.settings.rounds):
        raise BadArgument(f"there is no round {round_number}", field="round_number")
    if not players:
        raise BadArgument("name the players, board 1 first", field="PLAYER")
    if len(players) > tournament.team.boards:
        raise BadArgument(f"{len(players)} players named for {tournament.team.boards} boards", field="PLAYER")
    numbers = [_member(tournament, entry, text) for text in players]
    _, chosen = _line_up(tournament, entry, round_number, numbers)
    names = _names(tournament, chosen)
    if round_number > tournament.last_round:
        if tournament.settings.system.is_round_robin and tournament.rounds:  # team numbers are fixed
            table = team_round(len(tournament.teams), round_number, boards=tournament.team.boards,
                               double=tournament.settings.system.value == "double-round-robin")
            if table.free == entry.number:
                raise Refused(f"team {entry.number} ({entry.name}) has the free round in round {round_number} "
                              "(the Berger table): it plays no match")
        asked = next((b for b in tournament.byes if (b.round, b.team) == (round_number, entry.number)), None)
        if asked is not None:
            raise Refused(f"team {entry.number} ({entry.name}) asked for a {asked.kind.value} in round {round_number}: "
                          f"it plays no match (cancel it first: 'arbiter team bye {entry.number} {round_number} "
                          "--cancel')")
        old = next((r for r in tournament.lineups if r.round == round_number and r.team == entry.number), None)
        if old is not None and old.players == chosen:  # the same line-up again: nothing changes
            return tournament, []
        kept = tuple(r for r in tournament.lineups if r is not old)
        after = replace(tournament, lineups=(*kept, LineUpRequest(round_number, entry.number, chosen)))
        return after, [Change(f"round {round_number} line-up of team {entry.number}",
                              "" if old is None else " ".join(map(str, old.players)), names)]
    rnd = tournament.rounds[round_number - 1]
    match = rnd.match_of(entry.number)
    if match is None:
        raise Refused(f"team {entry.number} ({entry.name}) has no match in round {round_number}")
    if match.forfeit is not None:
        raise Refused(f"match {match.number} of round {round_number} was forfeited")
    side = 0 if match.first == entry.number else 1
    other = tuple(n for n in ((g.second, g.first)[side] for g in match.boards) if n is not None)
    if any(g.result is not None and None not in (g.first, g.second) for g in match.boards):
        raise Refused(f"match {match.number} of round {round_number} has results: the line-up is played")
    old_players = tuple((g.first, g.second)[side] for g in match.boards)
    first, second = (chosen, other) if side == 0 else (other, chosen)
    new = replace(match, boards=_boards(first, second, tournament.team.boards))
    if new == match:
        return tournament, []
    rounds = tuple(replace(r, matches=tuple(new if m is match else m for m in r.matches)) if r is rnd else r
                   for r in tournament.rounds)
    return replace(tournament, rounds=rounds), [Change(
        f"round {round_number} line-up of team {entry.number}",
        " ".join("-" if p is None else str(p) for p in old_players), names)]


@dataclass(frozen=True)
class TeamResultLine:
    """One result: the match, the board (None: a match forfeit), the result (None clears it), the
    line of the bulk input, and the stored result it expects (``was``)."""

    match: int
    board: int | None
    result: GameResult | None
    line: int | None = None
    was: GameResult | None | Unset = UNSET

    @property
    def where(self) -> str:
        return f"match {self.match}" if self.board is None else f"board {self.match}.{self.board}"


def _place(text: str, source: str | None = None, line: int | None = None) -> tuple[int, int | None]:
    match, _, board = text.partition(".")
    if not match.isdigit() or int(match) < 1 or (board and (not board.isdigit() or int(board) < 1)) or (
            _ and not board):
        raise BadArgument(f"{text!r} is not MATCH.BOARD (e.g. 2.3) or a MATCH for a match forfeit", source=source,
                          line=line, field="board")
    return int(match), int(board) if board else None


def team_result_line(place: str | None, code: str | None) -> TeamResultLine:
    """The one result of ``arbiter result ROUND MATCH.BOARD RESULT`` (or ``ROUND MATCH RESULT``)."""
    if place is None or code is None:
        raise BadArgument("give MATCH.BOARD and RESULT (for example: arbiter result 3 2.1 1-0), "
                          "MATCH and a forfeit for a team that did not show (arbiter result 3 2 +/-), or --from FILE")
    match, board = _place(place)
    return TeamResultLine(match, board, read_result(code))


def parse_team_result_lines(text: str, source: str, seats: Seats | None = None) -> list[TeamResultLine]:
    """Bulk input: ``MATCH.BOARD RESULT`` or ``MATCH RESULT`` (a match forfeit) per line, optionally
    followed by ``was OLD``; ``#`` starts a comment. Given the round's :func:`team_seats`, a board may
    be named by its players' start numbers, White first: ``WHITE BLACK RESULT`` (from White's side;
    stored from the first team's, :func:`.entry.read_result_lines`)."""
    return [TeamResultLine(match, board, result, line, was) for line, (match, board), result, was in
            read_result_lines(text, source, lambda text, line: _place(text, source, line), "MATCH.BOARD",
                              seats=seats)]


def team_seats(tournament: TeamTournament, rnd: MatchRound) -> dict[tuple[int, int], Seat]:
    """The round's boards that take a result (both players there, no match forfeit) by their players,
    White first as the colour pattern gives it (C.04.6 1.6); a board where the first team has Black
    keeps its result turned."""
    seats = {}
    for match in rnd.matches:
        for game in match.counted_boards:
            if game.first is None or game.second is None:
                continue
            first_black = board_colour(tournament.team.pattern, game.board) == "b"
            white, black = (game.second, game.first) if first_black else (game.first, game.second)
            seats[(white, black)] = Seat(f"{match.number}.{game.board}", None, first_black)
    return seats


def team_pgn_results(data: bytes, source: str, tournament: TeamTournament, rnd: MatchRound
                     ) -> tuple[list[TeamResultLine], tuple[str, ...]]:
    """``result ROUND --pgn FILE`` in a team event: the round's games matched to its boards by their
    players (:mod:`.pgn`); a ``Board`` header is not checked (a team event's PGN numbers its boards in
    more than one way)."""
    from arbiter_cli.lifecycle.pgn import pgn_result_lines, pgn_text, read_pgn

    lines, notes = pgn_result_lines(read_pgn(pgn_text(data, source), source), source, rnd.number, tournament.players,
                                    team_seats(tournament, rnd), lambda text, line: _place(text, source, line))
    return [TeamResultLine(match, board, result, line, was) for line, (match, board), result, was in lines], notes


@dataclass(frozen=True)
class TeamEntered:
    tournament: TeamTournament
    round: MatchRound
    changes: tuple[Change, ...]
    finalised: bool
    notes: tuple[str, ...] = ()


_Place = tuple[Match, TeamResultLine]  # what a team line's entry keeps: the match, and the line


def _board_not_removed(entry: Entry[_Place], act: Act) -> Verdict:
    """A finalised event's board result is corrected, never removed (C.04.2 4.3); a match forfeit may be
    cleared (the match counts as played after all)."""
    return None if entry.at[1].board is None else not_removed(entry, act)


def _forfeit_over_board_results(entry: Entry[_Place], act: Act) -> Verdict:
    """A match forfeit replaces the match's board results only as a correction."""
    match, line = entry.at
    if line.board is None and line.result is not None and match.has_board_results and not act.correct:
        return Conflict(f"match {line.match} has board results; a forfeit replaces them only with --correct")
    return None


@dataclass(frozen=True)
class _Matches:
    """A team event's result entry: a line is a board of a match (``MATCH.BOARD``) or the whole match
    (``MATCH``: a forfeit, a team did not show). Each line reads the round as the lines before left it."""

    tournament: TeamTournament
    finalised_refuses_conflicts = True  # a finalised event takes only corrections: it says so first

    @property
    def checks(self) -> tuple[Check[_Place], ...]:
        return (no_unfinished, unchanged, _board_not_removed, stale, needs_correct, _forfeit_over_board_results)

    def find(self, rnd: MatchRound, line: TeamResultLine, act: Act) -> Entry[_Place]:
        match = rnd.match(line.match)
        if match is None:
            raise BadArgument(f"round {act.round_number} has no match {line.match} (matches 1 to {len(rnd.matches)})",
                              field="board")
        if line.board is None:
            if line.result is not None and line.result not in _FORFEITS:
                raise BadArgument(f"a whole match takes only a forfeit (+/-: the second team did not show, -/+: "
                                  f"the first, -/-: neither); {line.result.value} is a board result: give "
                                  f"{line.match}.BOARD", field="result")
            return Entry(line.where, match.forfeit, line.result, line.was, (match, line))
        return Entry(line.where, _board(match, line.board, act).result, line.result, line.was, (match, line))

    def apply(self, rnd: MatchRound, entry: Entry[_Place], act: Act) -> Applied[MatchRound]:
        match, line = entry.at
        new = self.forfeit(match, line, act) if line.board is None else replace(match, boards=tuple(
            replace(g, result=line.result) if g.board == line.board else g for g in match.boards))
        matches = tuple(new if m.number == match.number else m for m in rnd.matches)
        suffix, notes = _kept_boards(match, new, act)
        return Applied(replace(rnd, matches=matches), (journal_line(entry, act, suffix),), notes)

    def forfeit(self, match: Match, line: TeamResultLine, act: Act) -> Match:
        """The match with its forfeit entered or cleared."""
        if line.result is not None:
            # The boards stay as they are, results or only the line-up with its empty boards: they
            # count for nothing while the forfeit stands, and come back as they were if it is
            # cleared (issue 25: a forfeit entered by mistake and cleared lost the line-up).
            return replace(match, forfeit=line.result)
        if match.boards:  # the match counts as played after all: its boards as they were
            return replace(match, forfeit=None)
        # paired as a forfeit (a withdrawn team): the teams' line-ups for the round, by default
        teams = [self.tournament.by_team[n] for n in match.teams]
        if not all(t.available_in(act.round_number) for t in teams):
            raise Refused(f"match {line.match}: a withdrawn team plays no match")
        first, second = (_line_up(self.tournament, t, act.round_number, None, [])[1] for t in teams)
        return Match(match.number, match.first, match.second, _boards(first, second, self.tournament.team.boards))


def _kept_boards(before: Match, after: Match, act: Act) -> tuple[str, tuple[str, ...]]:
    """What a match forfeit did to the board results (the journal's suffix, the notes): kept under a
    forfeit entered over them, counting for nothing while it stands; counted again once it is cleared."""
    if not after.has_board_results:
        return "", ()
    if after.forfeit is not None and before.forfeit is None:
        return " (over the board results, kept on file and not counted)", (
            f"match {after.number}'s board results stay on file and count for nothing while the forfeit stands "
            f"('arbiter result {act.round_number} {after.number} none --correct' clears it)",)
    if after.forfeit is None and before.forfeit is not None:
        return "", (f"match {after.number}'s board results count again",)
    return "", ()


def _board(match: Match, number: int, act: Act) -> BoardGame:
    """Board ``number`` of the match, while the match is not forfeited and the board has both its players."""
    if match.forfeit is not None:
        kept = " (its board results stay on file and count for nothing while it stands)" if match.has_board_results else ""
        raise Refused(f"match {match.number} was forfeited ({match.forfeit.display}){kept}; a board result is "
                      f"entered once the forfeit is cleared ('arbiter result {act.round_number} {match.number} none "
                      "--correct')")
    game = match.board(number)
    if game is None:
        raise BadArgument(f"match {match.number} has no board {number} (boards 1 to {len(match.boards)})",
                          field="board")
    if None in (game.first, game.second):
        raise Refused(f"board {match.number}.{number} is empty: its forfeit stands (change the line-up to fill it)")
    return game


def enter_team_results(tournament: TeamTournament, round_number: int, lines: Sequence[TeamResultLine], *,
                       correct: bool = False, source: str | None = None) -> TeamEntered:
    """Enter ``lines`` in round ``round_number``, all or nothing (:mod:`.entry`). A result entered changes
    only with ``correct``; a finalised event takes only corrections (its final standings follow)."""
    rnd = tournament.round(round_number)
    if rnd is None:
        raise BadArgument(f"there is no round {round_number} (rounds paired: {tournament.last_round})",
                          field="round_number")
    act = Act(round_number, correct, tournament.settings, source)
    entered = compare_and_set(_Matches(tournament), rnd, lines, act)
    if not entered.changes:
        return TeamEntered(tournament, rnd, (), act.finalised)
    missing = entered.state.missing
    if act.finalised and missing:  # a forfeit cleared: its boards come back, every one needs its result
        raise Refused(f"the event is finalised: clearing the forfeit leaves board{'s' if len(missing) > 1 else ''} "
                      f"{', '.join(missing)} without a result; give their results in the same input (--from FILE: "
                      f"'MATCH none', then a line per board)")
    after = replace(tournament, rounds=tuple(entered.state if r.number == round_number else r
                                             for r in tournament.rounds))
    return TeamEntered(after, entered.state, entered.changes, act.finalised,
                       entered.notes + _paired_on_the_old_result(after, round_number))


def _paired_on_the_old_result(after: TeamTournament, round_number: int) -> tuple[str, ...]:
    """A change to a round that later rounds were paired on: published pairings stand (C.04.2 4.3), but
    say which rounds were paired on the old result, and how to check whether they would now come out
    differently (``arbiter trf check`` on an export re-pairs every round, C.04.6 as the Swiss does)."""
    later = list(range(round_number + 1, after.last_round + 1))
    if not later or after.settings.system.is_round_robin:  # a round robin's rounds follow the tables
        return ()
    return (f"{rounds_named(later)} {'was' if len(later) == 1 else 'were'} paired before this change to "
            f"round {round_number}; published pairings stand (C.04.2 4.3); 'arbiter trf check' on an export "
            f"shows whether paired again now {'it' if len(later) == 1 else 'they'} would come out differently",)


def unpair_team_round(tournament: TeamTournament) -> tuple[TeamTournament, int, list[Change]]:
    """Remove the last round while none of its results is entered (a round paired too early). The
    forfeits a withdrawn team's matches get at the pairing are no results. What the arbiter asked
    for the round goes back, journaled, to be paired again: its requested byes to the list, and
    every line-up other than the team's default one (given before the pairing, or on the paired
    round) to the line-ups (issue 25: unpair lost them). A team that entered after the round was paired
    (``entered_round``) enters a round earlier: its bye there was its late entry's, not asked for."""
    _not_finalised(tournament)
    if not tournament.rounds:
        raise Refused("no round is paired")
    rnd = tournament.rounds[-1]
    entered: list[str] = []
    for match in rnd.matches:
        withdrawn = not all(tournament.by_team[t].available_in(rnd.number) for t in match.teams)
        if match.forfeit is not None and not withdrawn:
            entered.append(str(match.number))
        entered += [f"{match.number}.{g.board}" for g in match.boards
                    if g.result is not None and None not in (g.first, g.second)]
    if entered:
        raise Refused(f"round {rnd.number} has results ({', '.join(entered)}); a round with results is not removed")
    # a team entered after this round was paired (its bye here is the late entry's) enters a round earlier
    late = {t.number for t in tournament.teams if t.entered_round == rnd.number + 1}
    teams = tuple(t.model_copy(update={"entered_round": rnd.number if rnd.number > 1 else None})
                  if t.number in late else t for t in tournament.teams)
    before = replace(tournament, teams=teams, rounds=tournament.rounds[:-1])
    if rnd.number == 1:  # registration opens again, as after an individual event's or a knockout's unpair
        before = replace(before, settings=before.settings.model_copy(update={"status": Status.REGISTRATION}))
    byes = tuple(TeamByeRequest(rnd.number, b.team, b.kind) for b in rnd.byes if b.kind in (ByeKind.HPB, ByeKind.ZPB)
                 and b.team not in late and tournament.by_team[b.team].available_in(rnd.number))
    lineups = _given_line_ups(before, rnd)
    restored = {(r.round, r.team) for r in lineups}
    after = replace(before, byes=(*tournament.byes, *byes),
                    lineups=(*(r for r in tournament.lineups if (r.round, r.team) not in restored), *lineups))
    changes = [Change(f"round {rnd.number}", "paired", "removed (unpaired)")]
    changes += [Change(f"round {rnd.number} requested bye of team {b.team} ({tournament.by_team[b.team].name})", "",
                       b.kind.value) for b in byes]
    changes += [Change(f"round {rnd.number} line-up of team {r.team}", "", _names(tournament, r.players))
                for r in lineups]
    return after, rnd.number, changes


def _names(tournament: TeamTournament, players: Sequence[int]) -> str:
    """A line-up in the journal's words: ``1. Michel, Louis, 2. ...``, board 1 first."""
    return ", ".join(f"{b}. {tournament.by_number[n].name}" for b, n in enumerate(players, start=1))


def _given_line_ups(before: TeamTournament, rnd: MatchRound) -> tuple[LineUpRequest, ...]:
    """The line-ups round ``rnd`` was played with that are not the team's default one (its first
    available players in roster order, which the pairing gives without a line-up): those the
    arbiter gave, before the pairing or on the paired round. ``before``: the event without the round."""
    given = []
    for match in rnd.matches:
        for side, team in enumerate(match.teams):
            players = [(g.first, g.second)[side] for g in match.boards]
            while players and players[-1] is None:  # an empty board is always the lowest
                players.pop()
            if not players or None in players:
                continue
            played = tuple(p for p in players if p is not None)
            if played != before.default_players(team, rnd.number):
                given.append(LineUpRequest(rnd.number, team, played))
    return tuple(given)
