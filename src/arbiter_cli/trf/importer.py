"""From a parsed TRF to a :class:`~arbiter_cli.core.model.Tournament` (pure: no files, no terminal).

:func:`import_trf` checks the file as a whole and keeps what a tournament
folder can hold:

* every player line must agree with its opponents' lines: the same opponent,
  opposite colours, results that fit together (``1``/``0``, ``=``/``=``,
  ``+``/``-``, ``-``/``-``, ``0``/``0``, blank/blank for a game without its result,
  ``X``/``X`` for a game still being played: TRF-2026's adjourned result, read as ``*``);
* the points column must add up: under the scoring the file declares (``162``,
  ``XXS``, ``BBx``), or else under another usual scoring, which is then taken
  with a warning that shows it;
* requested byes for rounds not yet paired (``240`` or ``0000 - H|Z`` in the
  round columns) become the folder's requested byes.

Every problem is a :class:`~arbiter_cli.trf.reader.TrfError` naming the line
and the field. Whatever the folder cannot hold, or had to be guessed, is one
warning line per kind of thing in :attr:`Imported.warnings`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from arbiter_cli.core.errors import Refused, pydantic_message
from arbiter_cli.core.fields import birth_problem
from arbiter_cli.core.model import (
    MOST_ROUNDS, TITLES, Bye, ByeRequest, Game, InitialColour, Player, Round, Scoring, Settings, StartingRank, Status,
    System, Tournament,
)
from arbiter_cli.pairing.round_robin import pair_round as berger_round, planned_rounds
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.tiebreak_codes import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, check_repeats, parse_tiebreak
from arbiter_cli.trf.header import header_settings, parse_trf_date
from arbiter_cli.trf.national import is_nrs_code, starting_rank, with_national_ratings, with_rating_federation
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile, TrfGame, TrfPlayer
from arbiter_cli.trf.pairing_rules import with_pairing_rules
from arbiter_cli.trf.withdrawals import read_withdrawals
from arbiter_cli.core.half_rule import annulled_players, as_counted
from arbiter_cli.trf.scoring import candidates, declared_scoring, point_values, points_under, scoring_text, tally

__all__ = ["Imported", "TrfUnsupported", "import_trf", "TEAM_RECORDS", "parse_trf_date", "declared_tiebreaks",
           "standings_tiebreaks", "folder_player", "note_unread_records"]

#: Records that only a team event has (TRF16 013; TRF-2026 300-362, 801/802).
TEAM_RECORDS = ("013", "300", "310", "320", "330", "352", "362", "801", "802")

#: Header records read into the folder, or used to check the file.
_READ = {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122", "132", "142", "152", "162",
         "172", "192", "202", "212", "222", "240", "250", "260", "XXA", "XXP", "XXR", "XXC", "XXS", "BBW", "BBD", "BBL",
         "BBZ", "BBF", "BBU"}
#: Header records the folder cannot hold: what each one is, for the warning.
_DROPPED = {"112": "deputy chief arbiters (112)",
            "182": "the pairing controller (182)", "299": "abnormal point assignments (299)",
            "XXZ": "absences (XXZ)"}

#: Column rulers that Swiss-Manager and others write (harmless): their first three characters.
_RULERS = {"DDD", "123"}
_DUMMY_NAMES = {"spielfrei", "bye", "free", "freilos", "exempt", "libre", "dummy", "pab"}
_OLD_TITLES = {"G": "GM", "M": "IM", "I": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WI": "WIM",
               "WF": "WFM", "WC": "WCM"}

# How the two results of a game fit together: (White's code, Black's code) -> result.
_PAIRS = {("1", "0"): GameResult.WHITE_WINS, ("0", "1"): GameResult.BLACK_WINS, ("=", "="): GameResult.DRAW,
          ("+", "-"): GameResult.WHITE_FORFEIT_WIN, ("-", "+"): GameResult.BLACK_FORFEIT_WIN,
          ("-", "-"): GameResult.DOUBLE_FORFEIT, ("0", "0"): GameResult.DOUBLE_LOSS, ("X", "X"): GameResult.UNFINISHED}
_SHORT_GAME = {"W": "1", "D": "=", "L": "0"}  # games of less than one move: read as played games
# A round without an opponent: the bye it is, and whether the code is an irregular one.
_BYES = {"U": (ByeKind.PAB, False), "F": (ByeKind.FPB, False), "H": (ByeKind.HPB, False),
         "Z": (ByeKind.ZPB, False), "+": (ByeKind.PAB, True), "1": (ByeKind.PAB, True), "W": (ByeKind.PAB, True),
         "=": (ByeKind.HPB, True), "D": (ByeKind.HPB, True), "-": (ByeKind.ZPB, True), "0": (ByeKind.ZPB, True),
         "L": (ByeKind.ZPB, True)}


class TrfUnsupported(Refused):
    """A file that arbiter cannot import as an individual event (a team event without its teams, a
    knockout)."""

    def __init__(self, message: str, line: int | None = None, field: str | None = None) -> None:
        super().__init__(message, line=line, field=field)


@dataclass(frozen=True)
class Imported:
    """The tournament read from a TRF, the warnings, and the start number of each kept starting rank."""

    tournament: Tournament
    warnings: tuple[str, ...]
    numbers: dict[int, int] = field(default_factory=dict)  # the file's starting rank -> start number
    official: dict[int, tuple[Fraction | None, int | None]] = field(default_factory=dict)  # points, rank


# --------------------------------------------------------------------------- small readers


def _birth(text: str) -> str | None:
    text = text.strip()
    if re.fullmatch(r"\d{4}", text):
        return text if 1850 < int(text) < 2100 else None
    if re.fullmatch(r"0000\D00\D00", text):
        return None
    if re.fullmatch(r"\d{4}[/.\-]00[/.\-]00", text):
        return _birth(text[:4])
    return parse_trf_date(text)


def standings_tiebreaks(trf: TrfFile, tournament: Tournament) -> tuple[str, ...]:
    """The tie-breaks a TRF's standings use: the file's (212, else 202), else the system's default."""
    return declared_tiebreaks(trf) or tournament.settings.effective_tiebreaks


def declared_tiebreaks(trf: TrfFile, notes: Notes | None = None, parse: Callable[[str], object] = parse_tiebreak,
                       meaning: Callable[[str], Hashable] | None = None) -> tuple[str, ...]:
    """The tie-breaks of record 212 (without its leading ``PTS``), else of 202; codes that ``parse``
    refuses (an individual tie-break's by default, a team tie-break's for a team event) dropped. A
    list that names one twice is refused on its line (``meaning``: what a code computes, an
    individual code's spec by default; :func:`~arbiter_cli.core.tiebreak_codes.check_repeats`)."""
    for code in ("212", "202"):
        if code not in trf.header:
            continue
        line = trf.header_lines[code][0]
        items = [item.strip() for item in trf.header[code][0].split(",") if item.strip()]
        if code == "212" and items and items[0].upper().split("/")[0] in ("PTS", "MP", "GP"):
            items = items[1:]
        kept = []
        for item in items:
            try:
                parse(item)
            except ValueError as error:
                if notes is not None:
                    notes.add("tiebreak", f"line {line}: {error}: left out of the tie-break list")
                continue
            kept.append(item)
        try:
            check_repeats(kept, meaning)
        except ValueError as error:
            raise TrfError(str(error), line, code) from None
        return tuple(kept)
    return ()


# --------------------------------------------------------------------------- the import


@dataclass
class _Context:
    trf: TrfFile
    notes: Notes
    numbers: dict[int, int]  # starting rank -> start number
    by_tpn: dict[int, TrfPlayer]
    pending: dict[int, dict[int, tuple[str, int]]] = field(default_factory=dict)  # byes in rounds not paired
    as_played: bool = False  # a round robin kept as played (its pairings do not follow the Berger tables)
    rank_withdrawn: bool = True  # False: the file ranks its withdrawn players 0


def import_trf(trf: TrfFile, *, name: str = "TRF event", for_folder: bool = True,
               teams: bool = False, round_robin: bool | None = None, dummies: bool = False,
               byes_ahead: bool = False) -> Imported:
    """Read a parsed TRF into a tournament.

    ``for_folder``: a round robin whose rounds do not follow the Berger tables is
    imported as a Swiss (a folder's round robin must follow them); otherwise it
    stays a round robin (for standings). ``teams``: read a team event's players
    and games, ignoring its team records, instead of refusing it. ``round_robin``:
    True or False says what the event is, whatever the file says or suggests.
    ``dummies``: keep a dummy line for the bye (``spielfrei``) as a player.
    ``byes_ahead``: the byes written for rounds not yet paired make rounds of
    their own (as a points column that counts them does) instead of requests.
    """
    notes = Notes()
    _check_teams(trf, teams, notes)
    note_unread_records(trf, notes, TEAM_RECORDS)
    if not trf.players and "012" not in trf.header:  # no player, and not even an event's name
        raise TrfError("the file has no player lines (001)", None, "001")
    if not trf.players:  # an event exported before anyone registered: given back as it is
        notes.add("no players", "the file has no player lines (001): an event with no players yet")
    players = sorted(trf.players, key=lambda p: p.tpn) if dummies else _kept_players(trf, notes)
    numbers = {p.tpn: i for i, p in enumerate(players, start=1)}
    if any(tpn != number for tpn, number in numbers.items()):
        notes.add("renumber", "the starting ranks are not 1 to n: players renumbered 1 to "
                              f"{len(numbers)} in the order of the file's starting ranks")
    ctx = _Context(trf, notes, numbers, {p.tpn: p for p in players})
    rounds, pending = _rounds(ctx)
    rounds = [_absences_written(ctx, rnd) for rnd in rounds]
    if byes_ahead:
        rounds += [_bye_round(ctx, number, pending.pop(number)) for number in sorted(pending)]
    ctx.pending = pending
    last = len(rounds)
    total = _total_rounds(ctx, last, pending)
    system, rounds, colour = _system(ctx, rounds, total, for_folder, round_robin)
    if for_folder and system.is_round_robin:
        _no_unfinished_games(ctx, rounds)
    if colour is None:
        colour = _initial_colour(ctx, rounds)
    byes = _requested_byes(ctx, last, total, pending)
    official = {numbers[p.tpn]: (p.points, p.rank) for p in players}
    start = start_date(trf)
    folder_players = with_national_ratings(trf, [folder_player(p, numbers[p.tpn], notes, start) for p in players],
                                           numbers, notes)
    if not system.is_round_robin:
        rounds, folder_players, byes = read_withdrawals(list(ctx.by_tpn.values()), ctx.numbers, ctx.notes, rounds,
                                                        folder_players, byes, total)
        left = [official[p.start_number][1] for p in folder_players if p.withdrawn_after is not None]
        if left and not any(left) and any(rank for number, (_, rank) in official.items() if number not in
                                          {p.start_number for p in folder_players if p.withdrawn_after is not None}):
            ctx.rank_withdrawn = False
            ctx.notes.add("unranked", "the file ranks the players who left 0: they are listed after the others "
                                      "without a rank (rank_withdrawn = false)")
    else:
        folder_players = _round_robin_withdrawals(ctx, system, total, folder_players, tuple(rounds), official)
    draft = Tournament(Settings(name="x", system=System.SWISS, rounds=max(total, 1), seed=0), folder_players,
                       tuple(rounds), byes)
    scoring = _scoring(ctx, draft, official, system)
    if not system.is_round_robin:
        rounds = _board_order(rounds, scoring)
    settings = _settings(ctx, name, system, total, colour, scoring, bool(rounds), starting_rank(trf, folder_players,
                                                                                                 notes))
    tournament = with_pairing_rules(trf, Tournament(settings, folder_players, tuple(rounds), byes), numbers)
    return Imported(tournament, notes.lines(), numbers, official)


def note_unread_records(trf: TrfFile, notes: Notes, also_read: Iterable[str] = ()) -> None:
    """A warning for each kind of header record a folder does not keep (``also_read``: records the
    caller reads, or warns of, itself)."""
    read = _READ | set(also_read)
    for code, lines in trf.header_lines.items():
        if code in read or code in _RULERS or not code.strip():
            continue
        if code in _DROPPED:
            notes.add(code, f"line {lines[0]}: {_DROPPED[code]} not kept: a tournament folder has no place for it")
        elif is_nrs_code(trf, code):
            continue  # national rating records: kept, or named, by trf.national
        else:
            notes.add("unknown", f"line {lines[0]}: record {code!r} is not a TRF record arbiter reads; left out")


def _check_teams(trf: TrfFile, teams: bool, notes: Notes) -> None:
    found = [code for code in TEAM_RECORDS if code in trf.header]
    count = (trf.header.get("082") or ("",))[0].strip()
    kind = (trf.header.get("192") or ("",))[0].strip().upper()
    if not found and count.isdigit() and int(count) > 0:
        found = ["082"]
    if not found and "TEAM" in kind:
        found = ["192"]
    if not found:
        return
    line = trf.header_lines[found[0]][0]
    if not teams:
        if found[0] in ("013", "310"):
            raise TrfUnsupported(f"a team event (record {found[0]}): 'import' and 'trf standings' read it, not as "
                                 "an individual event", line, found[0])
        raise TrfUnsupported(f"a team event (record {found[0]}) without team records (310 or 013): its teams "
                             "cannot be read", line, found[0])
    notes.add("teams", f"line {line}: a team event: the team records are left out, the players' games are read")


def _is_dummy(trf: TrfFile, player: TrfPlayer, met: set[int]) -> bool:
    """A line for the bye, as some programs write (FIDE's TRF16 example has 'spielfrei')."""
    if player.tpn in met or player.points:
        return False
    if any(g.result in "U+1WF=DH" and g.result != " " for g in player.games):
        return False
    return player.name.strip().lower() in _DUMMY_NAMES


def _kept_players(trf: TrfFile, notes: Notes) -> list[TrfPlayer]:
    met = {g.opponent for p in trf.players for g in p.games if g.opponent is not None}
    kept = []
    for player in sorted(trf.players, key=lambda p: p.tpn):
        if _is_dummy(trf, player, met):
            notes.add("dummy", f"line {player.line}: player {player.tpn} {player.name!r} is a dummy for the bye "
                               "(no opponent, no points): left out")
            continue
        kept.append(player)
    if not kept and trf.players:
        raise TrfError("the file has no real players (only dummies)", None, "001")
    return kept


def _rounds(ctx: _Context) -> tuple[list[Round], dict[int, dict[int, tuple[str, int]]]]:
    """The paired rounds, and the bye codes in the rounds after them: round -> tpn -> (code, line)."""
    players = list(ctx.by_tpn.values())
    games = {(p.tpn, g.round): g for p in players for g in p.games}
    width = max((g.round for p in players for g in p.games), default=0)
    built: list[Round] = []
    later: dict[int, dict[int, tuple[str, int]]] = {}
    for number in range(1, width + 1):
        boards: list[Game] = []
        byes: list[Bye] = []
        codes: dict[int, tuple[str, int]] = {}
        for player in players:
            game = games.get((player.tpn, number))
            if game is None or (game.opponent is None and game.result == " "):
                continue
            if game.opponent is None:
                codes[player.tpn] = (game.result, player.line)
                continue
            if game.opponent not in ctx.by_tpn:
                raise TrfError(f"opponent {game.opponent} is a dummy or missing", player.line,
                               f"round {number} opponent")
            if game.opponent == player.tpn:
                raise TrfError(f"player {player.tpn} cannot meet themself", player.line,
                               f"round {number} opponent")
            other = ctx.by_tpn[game.opponent]
            answer = games.get((other.tpn, number))
            if answer is None or answer.opponent != player.tpn:
                shown = "nothing" if answer is None or (answer.opponent is None and answer.result == " ") else (
                    f"opponent {answer.opponent}" if answer.opponent else f"a bye ({answer.result.strip() or '-'})")
                raise TrfError(f"player {player.tpn} meets {other.tpn}, but line {other.line} "
                               f"(player {other.tpn}) has {shown} in round {number}", player.line,
                               f"round {number} opponent")
            if player.tpn < other.tpn:
                boards.append(_board(ctx, number, player, game, other, answer, len(boards) + 1))
        paired = bool(boards) or any(code == "U" for code, _ in codes.values())
        if paired:
            for _ in range(len(later)):  # a round with games after rounds without: those were paired too
                built.append(_bye_round(ctx, len(built) + 1, later.pop(len(built) + 1)))
            for tpn, (code, line) in codes.items():
                byes.append(Bye(ctx.numbers[tpn], _bye_kind(ctx, code, line, number)))
            built.append(Round(number, tuple(boards), tuple(byes)))
        else:
            later[number] = codes
    return built, later


def _no_unfinished_games(ctx: _Context, rounds: list[Round]) -> None:
    """A round robin's folder has no game still being played (``X``): its rounds follow the Berger
    tables, not the results (``*`` is a Swiss's, C.04.2 3.1)."""
    for rnd in rounds:
        for game in rnd.games:
            if game.result is GameResult.UNFINISHED:
                tpn = next(t for t, number in ctx.numbers.items() if number == game.white)
                raise TrfError(f"a game still being played (X) in round {rnd.number} of a round robin: a round "
                               "robin's folder takes the result when the game ends (X is a Swiss's, C.04.2 3.1)",
                               ctx.by_tpn[tpn].line, f"round {rnd.number} result")


def _absences_written(ctx: _Context, rnd: Round) -> Round:
    """A blank cell in a paired round: the player was not there. A folder writes that as a zero-point
    bye (a folder's round accounts for every player), as the tie-breaks count it (C.07 16.1)."""
    present = {p for game in rnd.games for p in game.players} | {bye.player for bye in rnd.byes}
    absent = tuple(Bye(number, ByeKind.ZPB) for number in sorted(ctx.numbers.values()) if number not in present)
    return replace(rnd, byes=rnd.byes + absent) if absent else rnd


def _bye_round(ctx: _Context, number: int, codes: dict[int, tuple[str, int]]) -> Round:
    return Round(number, (), tuple(Bye(ctx.numbers[tpn], _bye_kind(ctx, code, line, number))
                                   for tpn, (code, line) in codes.items()))


def _bye_kind(ctx: _Context, code: str, line: int, number: int) -> ByeKind:
    if code not in _BYES:
        raise TrfError(f"{code!r} is not a result code", line, f"round {number} result")
    kind, irregular = _BYES[code]
    if irregular:
        ctx.notes.add(f"bye-{code}", f"line {line}: '{code}' without an opponent (round {number}) is read as "
                                     f"a {kind.value} ({'U' if kind is ByeKind.PAB else kind.value[0]})")
    return kind


def _board(ctx: _Context, number: int, player: TrfPlayer, game: TrfGame, other: TrfPlayer, answer: TrfGame,
           board: int) -> Game:
    codes = [game.result, answer.result]
    if any(c in _SHORT_GAME for c in codes):
        ctx.notes.add("short", f"line {player.line}: W, D, L (games of less than one move) are read as played "
                               "games 1, =, 0")
        codes = [_SHORT_GAME.get(c, c) for c in codes]
    for code, who in zip(codes, (player, other)):
        if code in "UFHZ" and code != " ":
            raise TrfError(f"a bye code ({code}) with an opponent", who.line,
                           f"round {number} result")
    colours = (game.colour, answer.colour)
    if colours[0] is not None and colours[0] == colours[1]:
        raise TrfError(f"players {player.tpn} and {other.tpn} both have "
                       f"{'White' if colours[0] == 'w' else 'Black'} (line {player.line} and this line)",
                       other.line, f"round {number} colour")
    white_first = colours[0] == "w" or colours[1] == "b" or colours == (None, None)
    forfeit = codes[0] in "+-" and codes[0] != " "
    if colours == (None, None) and not forfeit:
        ctx.notes.add("colourless-games", f"line {player.line}: games without colours (round {number}): "
                                          "the lower starting rank is taken as White")
    pair = (codes[0], codes[1]) if white_first else (codes[1], codes[0])
    if pair == (" ", " "):
        result = None
    elif pair in _PAIRS:
        result = _PAIRS[pair]
    else:
        raise TrfError(f"the results contradict each other: player {player.tpn} (line {player.line}) has "
                       f"{codes[0].strip() or 'none'!r} and player {other.tpn} (this line) has "
                       f"{codes[1].strip() or 'none'!r}", other.line, f"round {number} result")
    white, black = (player, other) if white_first else (other, player)
    # a forfeit without colours keeps none (the lower starting rank is only listed first)
    note: Literal["colourless"] | None = "colourless" if colours == (None, None) and forfeit else None
    return Game(ctx.numbers[white.tpn], ctx.numbers[black.tpn], board, result, note)


def _board_order(rounds: list[Round], scoring: Scoring) -> list[Round]:
    """Each round's boards in the order of C.04.2 3.6, as the Dutch engine numbers them: the higher
    score of the pair, then the lower score (both before the round), then the higher player's start
    number; then the PAB, then the other byes by start number."""
    scores: dict[int, Fraction] = {}
    out = []
    for rnd in rounds:
        def key(board: Game) -> tuple[Fraction, Fraction, int]:
            pair = sorted(board.players, key=lambda tpn: (-scores.get(tpn, Fraction(0)), tpn))
            return -scores.get(pair[0], Fraction(0)), -scores.get(pair[1], Fraction(0)), pair[0]

        games = [replace(b, board=i) for i, b in enumerate(sorted(rnd.games, key=key), start=1)]
        byes = sorted(rnd.byes, key=lambda b: (b.kind is not ByeKind.PAB, b.player))
        out.append(Round(rnd.number, tuple(games), tuple(byes)))
        for game in rnd.games:
            if game.result is GameResult.UNFINISHED:  # paired on as a draw (C.04.2 3.1)
                white = black = scoring.draw
            elif game.result is not None:
                white, black = scoring.game_points(game.result)
                scores[game.white] = scores.get(game.white, Fraction(0)) + white
                scores[game.black] = scores.get(game.black, Fraction(0)) + black
        for bye in rnd.byes:
            scores[bye.player] = scores.get(bye.player, Fraction(0)) + scoring.bye_points(bye.kind)
    return out


def _total_rounds(ctx: _Context, last: int, pending: dict[int, dict[int, tuple[str, int]]]) -> int:
    trf = ctx.trf
    seen = max([last, *pending.keys(), *trf.requested_byes.keys()])
    if trf.total_rounds is None:
        if seen < 1 and (berger := _round_robin_unpaired(ctx)) is not None:
            return berger
        if seen < 1:
            raise TrfError("the number of rounds is missing (record 142 or XXR) and no round is paired", None, "142")
        ctx.notes.add("rounds", f"the number of rounds is not given (142 or XXR): taking {seen}, the rounds in "
                                "the file")
        return seen
    code = "142" if "142" in trf.header_lines else "XXR"
    line = trf.header_lines[code][0]
    if trf.total_rounds < seen:
        raise TrfError(f"the file has round {seen} but the event has {trf.total_rounds} rounds", line, code)
    if not 1 <= trf.total_rounds <= MOST_ROUNDS:
        raise TrfError(f"{trf.total_rounds} rounds: arbiter handles 1 to {MOST_ROUNDS}", line, code)
    return trf.total_rounds


def _planned(system: System, n: int) -> int:
    """A round robin's rounds for ``n`` players (C.05), 0 for fewer than two: no round to play."""
    return planned_rounds(system, n) if n > 1 else 0


def _round_robin_unpaired(ctx: _Context) -> int | None:
    """A round robin's number of rounds, given by its players (C.05: n - 1, or 2(n - 1) for a double one,
    with a dummy for an odd n), for a file with no 142 and no round paired, when 192 (or 092's text)
    names a round robin: an event of one player, whose export has 0 rounds and so no 142; else None."""
    code = re.sub(r"[^A-Z]", "", " ".join((*ctx.trf.header.get("192", ()), *ctx.trf.header.get("092", ()))).upper())
    if "ROUNDROBIN" not in code:
        return None
    system = System.DOUBLE_ROUND_ROBIN if "DOUBLE" in code else System.ROUND_ROBIN
    planned = _planned(system, len(ctx.numbers))
    return planned if planned <= MOST_ROUNDS else 0  # too many to pair ('pair' refuses): no rounds yet


def _system(ctx: _Context, rounds: list[Round], total: int, for_folder: bool, force: bool | None = None
            ) -> tuple[System, list[Round], InitialColour | None]:
    trf = ctx.trf
    code = (trf.header.get("192") or ("",))[0].strip().upper()
    line = trf.header_lines["192"][0] if "192" in trf.header_lines else None
    n = len(ctx.numbers)
    if force is not None:
        if not force:
            return System.SWISS, rounds, None
        double = max(_meetings(rounds).values(), default=1) > 1 or "DOUBLE" in code
        system = System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
        berger = _berger(ctx, system, rounds, total) if rounds else None
        return (system, berger[0], berger[1]) if berger else (system, rounds, None)
    if not code:  # 092, the type of tournament in free text, may say it (ROUND_ROBIN_BERGER, "Round robin")
        said = _round_robin_in_092(ctx, rounds, total)
        if said is not None:
            code, line = said, trf.header_lines["092"][0]
    if "KNOCKOUT" in code:
        raise TrfUnsupported(f"a knockout ({code}): the file has its games, not its matches, bracket or tie-break "
                             "stages, so it is not imported, paired or ranked as a Swiss; 'arbiter standings' in the "
                             "knockout's folder ranks it by the round reached", line, "192")
    if "ROUNDROBIN" in code:
        system = System.DOUBLE_ROUND_ROBIN if "DOUBLE" in code else System.ROUND_ROBIN
        declared = True
    elif code:
        if "DUTCH" not in code and code not in ("CUSTOM_SWISS",):
            ctx.notes.add("system", f"line {line}: the pairing system {code} is not the Dutch system: "
                                    "imported as a Dutch Swiss")
        return System.SWISS, rounds, None
    else:
        if "SWISS" in re.sub(r"[^A-Z]", "", (trf.header.get("092") or ("",))[0].upper()):
            return System.SWISS, rounds, None  # 092 says so: everyone meeting everyone is no round robin
        meetings = _meetings(rounds)
        cycles = set(meetings.values())
        complete = len(meetings) == n * (n - 1) // 2 and len(cycles) == 1
        if not (complete and n > 2 and total == planned_rounds(
                System.DOUBLE_ROUND_ROBIN if cycles == {2} else System.ROUND_ROBIN, n) and cycles <= {1, 2}):
            return System.SWISS, rounds, None
        system = System.DOUBLE_ROUND_ROBIN if cycles == {2} else System.ROUND_ROBIN
        declared = False
    if not rounds:
        return system, rounds, None
    berger = _berger(ctx, system, rounds, total)
    if berger is not None:
        if not declared:
            ctx.notes.add("guess", f"no record 192: every player met every other in the order of the Berger "
                                   f"tables, so the event is imported as a {system.value}")
        return system, berger[0], berger[1]
    if not declared:
        if for_folder:
            ctx.notes.add("guess", "no record 192: every player met every other, but not in the order of the "
                                   "Berger tables: imported as a Swiss")
            return System.SWISS, rounds, None
        ctx.notes.add("guess", f"no record 192: every player met every other, so the event is ranked as a "
                               f"{system.value}")
        return system, rounds, None
    if for_folder:
        played = _free_rounds(ctx, rounds)
        if all(b.kind is ByeKind.BYE for rnd in played for b in rnd.byes) and total == planned_rounds(system, n):
            ctx.notes.add("as-played", (f"line {line}: " if line else "") + f"a {system.value} whose pairings do "
                          "not follow the Berger tables of C.05: imported as played (its games and free rounds are "
                          "kept; arbiter cannot pair its remaining rounds)")
            ctx.as_played = True
            return system, played, None
        ctx.notes.add("berger", (f"line {line}: " if line else "") + f"a {system.value} whose pairings do not "
                      "follow the Berger tables of C.05, with absences besides its free rounds: imported as a Swiss "
                      f"(the games are kept as they are, the tie-breaks are the round robin's "
                      f"{', '.join(DEFAULT_ROUND_ROBIN)})")
        return System.SWISS, rounds, None
    return system, rounds, None


def _round_robin_in_092(ctx: _Context, rounds: list[Round], total: int) -> str | None:
    """A round robin that 092's free text names (``ROUND_ROBIN_BERGER``, "Round robin", "double
    round robin"): its code, when the event has a round robin's number of rounds (single, or double
    when the text says so or players met twice); else None (the text is taken for a description)."""
    text = re.sub(r"[^A-Z]", "", (ctx.trf.header.get("092") or ("",))[0].upper())
    if "ROUNDROBIN" not in text:
        return None
    n = len(ctx.numbers)
    double = "DOUBLE" in text or max(_meetings(rounds).values(), default=1) > 1 or (
        total == _planned(System.DOUBLE_ROUND_ROBIN, n) and total != _planned(System.ROUND_ROBIN, n))
    system = System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
    if total != _planned(system, n):
        return None
    return ("DOUBLE" if double else "") + "ROUNDROBIN"


def _free_rounds(ctx: _Context, rounds: list[Round]) -> list[Round]:
    """A round robin's free round (the player drawn against the table's dummy, odd counts) written
    as a zero-point bye or a blank cell: the one player of the round without a game."""
    if len(ctx.numbers) % 2 == 0:
        return rounds
    out = []
    for rnd in rounds:
        if len(rnd.byes) == 1 and rnd.byes[0].kind is ByeKind.ZPB:
            rnd = replace(rnd, byes=(Bye(rnd.byes[0].player, ByeKind.BYE),))
        out.append(rnd)
    return out


def _meetings(rounds: Iterable[Round]) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for board in rnd.games:
            key = (min(board.white, board.black), max(board.white, board.black))
            counts[key] = counts.get(key, 0) + 1
    return counts


#: A board's result with the players' places exchanged.
_SWAPPED = {GameResult.WHITE_WINS: GameResult.BLACK_WINS, GameResult.BLACK_WINS: GameResult.WHITE_WINS,
            GameResult.WHITE_FORFEIT_WIN: GameResult.BLACK_FORFEIT_WIN,
            GameResult.BLACK_FORFEIT_WIN: GameResult.WHITE_FORFEIT_WIN}


def _swapped(result: GameResult | None) -> GameResult | None:
    return _SWAPPED.get(result, result) if result is not None else None


def _berger(ctx: _Context, system: System, rounds: list[Round], total: int
            ) -> tuple[list[Round], InitialColour] | None:
    """The rounds in Berger-table order (with the free round as BYE), if they follow the table."""
    n = len(ctx.numbers)
    if n < 2 or total != planned_rounds(system, n):
        return None
    order = [InitialColour.WHITE, InitialColour.BLACK]
    if ctx.trf.initial_colour == "b":
        order.reverse()
    players = tuple(Player(start_number=i, name=f"P{i}") for i in range(1, n + 1))
    for colour in order:
        bare = Tournament(Settings(name="x", system=system, rounds=total, initial_colour=colour, seed=0), players)
        out = []
        for rnd in rounds:
            table = berger_round(bare, rnd.number)
            have: dict[tuple[int, int], Game] = {}
            for game in rnd.games:
                have[(game.white, game.black)] = game
                if game.note == "colourless":  # White and Black are only the order of the board
                    have[(game.black, game.white)] = replace(game, white=game.black, black=game.white,
                                                             result=_swapped(game.result))
            free = {b.player: b.kind for b in rnd.byes}
            if len(rnd.games) != len(table.games) or any((b.white, b.black) not in have for b in table.games):
                break
            if any(free.get(b.player) not in (None, ByeKind.ZPB) for b in table.byes) or \
                    len(free) > len(table.byes):
                break
            out.append(Round(rnd.number, tuple(replace(g, result=have[(g.white, g.black)].result,
                                                       note=have[(g.white, g.black)].note) for g in table.games),
                             tuple(Bye(b.player, ByeKind.BYE) for b in table.byes)))
        else:
            return out, colour
    return None


def _initial_colour(ctx: _Context, rounds: list[Round]) -> InitialColour:
    if ctx.trf.initial_colour is not None:
        return InitialColour.WHITE if ctx.trf.initial_colour == "w" else InitialColour.BLACK
    if rounds:
        for board in sorted(rounds[0].games, key=lambda b: min(b.white, b.black)):
            return InitialColour.WHITE if board.white < board.black else InitialColour.BLACK
    return InitialColour.RANDOM


def _requested_byes(ctx: _Context, last: int, total: int, pending: dict[int, dict[int, tuple[str, int]]]
                    ) -> tuple[ByeRequest, ...]:
    requests: dict[tuple[int, int], ByeKind] = {}
    sources = [(rnd, tpn, code, line) for rnd, codes in pending.items() for tpn, (code, line) in codes.items()]
    for line, raw in zip(ctx.trf.header_lines.get("240", ()), ctx.trf.header.get("240", ())):
        rnd = int(raw[2:5]) if raw[2:5].strip().isdigit() else 0
        for token in raw[6:].split():
            sources.append((rnd, int(token), raw[0].upper(), line))
    for rnd, tpn, code, line in sources:
        if tpn not in ctx.by_tpn:
            raise TrfError(f"player {tpn} does not exist", line, "240 player")
        if rnd <= last:
            continue  # a paired round: its round column says what happened
        if not 1 <= rnd <= total:
            raise TrfError(f"round {rnd} is not a round of the event (1 to {total})", line, "240 round")
        kind = {"H": ByeKind.HPB, "Z": ByeKind.ZPB, " ": ByeKind.ZPB, "-": ByeKind.ZPB}.get(code)
        if kind is None:
            ctx.notes.add(f"request-{code}", f"line {line}: a requested '{code}' for round {rnd}, not yet paired, "
                                             "is left out: a folder's requested byes are HPB or ZPB")
            continue
        requests[(rnd, ctx.numbers[tpn])] = kind
    return tuple(ByeRequest(rnd, tpn, kind) for (rnd, tpn), kind in sorted(requests.items()))


def start_date(trf: TrfFile) -> str | None:
    """The event's start date (042), None when the file gives none or no date."""
    text = (trf.header.get("042") or ("",))[0].strip()
    return parse_trf_date(text) if text else None


def folder_player(source: TrfPlayer, number: int, notes: Notes, start: str | None = None) -> Player:
    """A player line as a folder's player with start number ``number``: old title letters and sex
    'f' read, what is not a title, a sex, a federation, a FIDE ID or a date left out with a warning
    (a birth date after the event's ``start`` too)."""
    title = source.title.strip().upper()
    if title and title not in TITLES:
        if title in _OLD_TITLES:
            notes.add("old-title", f"line {source.line}: old TRF06 title letters (g, m, f, wg, ...) are read as "
                                   "GM, IM, FM, WGM, ...")
            title = _OLD_TITLES[title]
        else:
            notes.add(f"title-{title}", f"line {source.line}: title {source.title.strip()!r} is not a FIDE title: "
                                        "left out")
            title = ""
    sex = source.sex.strip().lower()
    if sex == "f":
        notes.add("sex-f", f"line {source.line}: sex 'f' is read as 'w'")
        sex = "w"
    elif sex not in ("", "m", "w"):
        notes.add("sex", f"line {source.line}: sex {source.sex!r} is not m or w: left out")
        sex = ""
    federation = source.federation.strip().upper()
    if federation and not re.fullmatch(r"[A-Z]{3}", federation):
        notes.add("federation", f"line {source.line}: federation {source.federation!r} is not 3 letters: left out")
        federation = ""
    fide_id = source.fide_id.strip()
    if fide_id and not fide_id.isdigit():
        notes.add("fide-id", f"line {source.line}: FIDE ID {fide_id!r} is not a number: left out")
        fide_id = ""
    birth = _birth(source.birth) if source.birth.strip() else None
    if source.birth.strip() and birth is None:
        notes.add("birth", f"line {source.line}: birth date {source.birth.strip()!r} is not a date: left out")
    elif (problem := birth_problem(birth, start)) is not None:
        notes.add("birth-later", f"line {source.line}: birth date {problem}: left out")
        birth = None
    rating = source.rating
    if rating > 3500:
        raise TrfError(f"{rating} is not a rating (0 to 3500)", source.line, "rating")
    name = re.sub(r"\s+", " ", source.name.strip())
    if not name:
        raise TrfError("the name is empty", source.line, "name")
    from pydantic import ValidationError  # each player is checked (start-up, issue 29: an export needs none)

    try:
        return Player(start_number=number, name=name, title=title or None, rating=rating,
                      fide_id=int(fide_id) if fide_id and int(fide_id) > 0 else None, federation=federation or None,
                      sex="m" if sex == "m" else "w" if sex == "w" else None, birth_date=birth)
    except ValidationError as error:  # a field the checks above let through (a control character)
        first = error.errors()[0]
        raise TrfError(pydantic_message(first), source.line, str(first["loc"][0]) if first["loc"] else None) from None


def _round_robin_withdrawals(ctx: _Context, system: System, total: int, players: tuple[Player, ...],
                             rounds: tuple[Round, ...], official: dict[int, tuple[Fraction | None, int | None]]
                             ) -> tuple[Player, ...]:
    """A round robin's players the half rule left out of the standings (:mod:`arbiter_cli.core.half_rule`),
    as an export writes them: no rank while the others have one. Each is read as withdrawn after the
    last round whose cell is not a forfeit loss, when they played fewer than half of their games (else
    the file is read as it stands)."""
    ranked = {n for n, (_, rank) in official.items() if rank}
    if not ranked or len(ranked) == len(official):
        return players
    lost = {ctx.numbers[p.tpn]: p for p in ctx.by_tpn.values() if ctx.numbers[p.tpn] not in ranked}
    after = {n: max((g.round for g in p.games if g.result != "-"), default=0) for n, p in lost.items()}
    marked = tuple(p.model_copy(update={"status": "withdrawn", "withdrawn_after": after[p.start_number]})
                   if p.start_number in after else p for p in players)
    draft = Tournament(Settings(name="x", system=system, rounds=max(total, 1), seed=0), marked, rounds)
    if annulled_players(draft) != set(after):
        return players
    for number, source in sorted(lost.items()):
        ctx.notes.add(f"withdrawn-{number}", f"line {source.line}: player {source.tpn} ({source.name.strip()}) has "
                                             "no rank while the others have one and no game "
                                             f"but forfeit losses after round {after[number]}: imported as withdrawn after round {after[number]}, "
                                             "their games not counted (round_robin_withdrawal = \"half\")")
    return marked


def _scoring(ctx: _Context, draft: Tournament, official: dict[int, tuple[Fraction | None, int | None]],
             system: System) -> Scoring:
    declared, line = declared_scoring(ctx.trf, ctx.notes)
    stated = {tpn: points for tpn, (points, _) in official.items() if points is not None}
    if "299" in ctx.trf.header or not stated:
        return declared
    counts = tally(draft)
    if system.is_round_robin:  # the half rule's annulled games count for no one but the annulled (the export)
        as_ranked = as_counted(replace(draft, settings=draft.settings.model_copy(update={"system": system})))
        counts = {**counts, **tally(as_ranked)}
    # Some programs count a requested bye of the round about to be paired already (JaVaFo's sample does).
    ahead: dict[int, dict[str, int]] = {tpn: dict(count) for tpn, count in counts.items()}
    for codes in ctx.pending.values():
        for tpn, (code, _) in codes.items():
            kind = _BYES.get(code, (None,))[0]
            if kind is not None:
                key = ctx.numbers[tpn]
                ahead[key][kind.value] = ahead[key].get(kind.value, 0) + 1
    lines = {ctx.numbers[p.tpn]: p.line for p in ctx.by_tpn.values()}
    for candidate in candidates(declared):
        values = point_values(candidate)
        if all(points in (points_under(counts[tpn], values), points_under(ahead[tpn], values))
               for tpn, points in stated.items()):
            if candidate != declared:
                ctx.notes.add("scoring", f"the points column adds up under another scoring than the file "
                                         f"declares: {scoring_text(candidate)}; the event is imported with it")
            return candidate
    values = point_values(declared)
    tpn = next(t for t, points in stated.items() if points_under(counts[t], values) != points)
    counted = points_under(counts[tpn], values)
    raise TrfError(f"the points column says {float(stated[tpn]):.1f} but the results add up to {float(counted):.1f} "
                   f"(scoring: {scoring_text(declared)})", lines[tpn], "points")


def _settings(ctx: _Context, default_name: str, system: System, total: int, colour: InitialColour,
              scoring: Scoring, paired: bool, method: StartingRank) -> Settings:
    tiebreaks = declared_tiebreaks(ctx.trf, ctx.notes)
    if tiebreaks == (DEFAULT_ROUND_ROBIN if system.is_round_robin else DEFAULT_SWISS):
        tiebreaks = ()  # the default list: the folder writes it as []
    if not tiebreaks and "berger" in ctx.notes and not system.is_round_robin:
        tiebreaks = DEFAULT_ROUND_ROBIN
    return with_rating_federation(ctx.trf, header_settings(ctx.trf, ctx.notes, default_name, total, {
        "system": system, "rounds": total or None, "initial_colour": colour, "seed": 0, "tiebreaks": tiebreaks,
        "scoring": scoring, "status": Status.RUNNING if paired else Status.REGISTRATION,
        "berger_tables": not ctx.as_played, "rank_withdrawn": ctx.rank_withdrawn, "starting_rank": method}),
        ctx.notes)
