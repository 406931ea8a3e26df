"""Results from PGN (issue 27): a round's games as DGT boards and broadcasts write them, matched to its boards.

``arbiter result ROUND --pgn FILE`` reads only the games' headers (python-chess's
``chess.pgn.read_headers``: the moves are skipped, so a broadcast's file of a whole event reads fast)
and turns each game into a bulk line of the round, entered by the kind's own compare-and-set
(:func:`arbiter_cli.lifecycle.entry.compare_and_set`), as ``--from`` lines are.

**The round.** ``ROUND`` is given, as for every result entry. A game's ``Round`` header (``3``, or
``3.1`` as broadcasts write a round's first game) names its round by the number before the point; a
game of another round is left out, with a note, so that a file of the whole event enters one round
at a time; a game whose ``Round`` says nothing (``?``, missing) is taken as one of ``ROUND``. A file
without a game of ``ROUND`` is refused.

**The players.** Each side of a game is the event's player with its FIDE ID (``WhiteFideId``,
``BlackFideId``); a side without one, or with one no player has, by its name (``White``, ``Black``),
among the players whose FIDE ID does not say otherwise: first as written, then in any order of its
words (FIDE writes ``Surname, Firstname``; a board may say ``Firstname Surname``), both without
regard to case, spacing, commas, points or accents. The game is then the board of the round where
these players meet, White and Black as the game has them (a ``Board`` header, where it is a number,
must agree, and tells apart two boards a name alone would not).

**What is refused**, naming the file, the game's line and the header: a game whose player is no
player of the event, whose players do not meet in the round, meet with the colours the other way
round, or could be more than one board (an *ambiguous* game: two players of the same name); a
``Board`` header that disagrees; a ``Result`` that is not a PGN result; two games of one board. Every
such game is named (the first with what is wrong, the others by their number, line and header, in
the one line of the error), and nothing is entered. ``*`` (a game not finished) is left out, with a note.

**Results.** ``1-0``, ``0-1``, ``1/2-1/2`` (from White's side, as the place keeps them: a team match's
first team with Black there has its result turned). A board already holding the game's result is no
change; a board holding another needs ``--correct``, as every entry does (:mod:`.entry`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import chess.pgn

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import Player
from arbiter_cli.core.names import folded
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.words import listed
from arbiter_cli.lifecycle.entry import UNSET, Seat, Seats, Unset, plays

__all__ = ["PgnGame", "pgn_text", "read_pgn", "pgn_result_lines", "PGN_RESULTS"]

P = TypeVar("P")

#: The results a PGN game ends with (PGN standard 8.1.1.7), and what each enters; ``*`` is a game
#: not finished (left out: see the module).
PGN_RESULTS: Mapping[str, GameResult] = {"1-0": GameResult.WHITE_WINS, "0-1": GameResult.BLACK_WINS,
                                         "1/2-1/2": GameResult.DRAW}
UNFINISHED = "*"

_HEADER = re.compile(r"^[ \t\ufeff]*\[", re.MULTILINE)
_WHITE = re.compile(r"^[ \t\ufeff]*\[White\s", re.MULTILINE)
_WORD = re.compile(r"[^\s,.]+")


@dataclass(frozen=True)
class PgnGame:
    """A game of a PGN file, as its headers say: its number in the file (1 first), the line its headers
    start on, and the headers."""

    number: int
    line: int
    headers: Mapping[str, str]

    def header(self, name: str) -> str:
        """A header's value, stripped; ``?`` and ``-`` (PGN's unknown) are empty."""
        value = self.headers.get(name, "").strip()
        return "" if value in ("?", "-") else value

    @property
    def named(self) -> str:
        """The game as a message names it: ``game 4 (White 'Carlsen, Magnus', Black '...', Round '3')``."""
        return (f"game {self.number} (White {self.header('White')!r}, Black {self.header('Black')!r}, "
                f"Round {self.header('Round')!r})")

    @property
    def round(self) -> int | None:
        """The round its ``Round`` header names (``3``, ``3.1``); None when it names none."""
        head = self.header("Round").partition(".")[0].strip()
        return int(head) if head.isdigit() else None

    @property
    def board(self) -> int | None:
        """The board its ``Board`` header names; None when it has no number."""
        board = self.header("Board")
        return int(board) if board.isdigit() else None

    def fide_id(self, side: str) -> int | None:
        """``WhiteFideId`` or ``BlackFideId``, when it is a FIDE ID (0 and blanks are none)."""
        value = self.header(f"{side}FideId")
        return int(value) if value.isdigit() and int(value) > 0 else None


def pgn_text(data: bytes, source: str) -> str:
    """A PGN file's text: UTF-8 (as DGT boards and broadcasts write it, a byte-order mark allowed), else
    ISO 8859-1, PGN's own character set (PGN standard 4.1)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\x00" in text:
        raise BadArgument("not a PGN file (it holds NUL bytes)", source=source)
    return text.replace("\r\n", "\n")


def read_pgn(text: str, source: str) -> list[PgnGame]:
    """The games of a PGN text, headers only (``chess.pgn.read_headers``), each with the line its
    headers start on; text without headers (a comment between games) is no game. A ``White`` header
    python-chess does not read (headers right after a comment or moves, without a blank line; a
    header line not closed) is a :class:`BadArgument` at its line: no game is left out unsaid."""
    handle = io.StringIO(text)
    games: list[PgnGame] = []
    read: set[int] = set()  # where the White headers read are
    lines = _Lines(text)
    while True:
        start = handle.tell()
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        if not headers:  # a comment or moves without headers between games: no game to enter
            continue
        found = _HEADER.search(text, start)
        at = found.start() if found is not None else start
        games.append(PgnGame(len(games) + 1, lines.at(at), dict(headers)))
        white = _WHITE.search(text, at, handle.tell())
        if white is not None and "White" in headers:
            read.add(white.start())
    lines = _Lines(text)
    for white in _WHITE.finditer(text):
        if white.start() not in read:
            raise BadArgument("a game's headers here are not read: they follow other text (a comment, moves) "
                              "without a blank line, or a header line is not closed with ']'", source=source,
                              line=lines.at(white.start()), field="White")
    return games


class _Lines:
    """The line of a place in a text, for places asked in order (a whole event's file is read once)."""

    def __init__(self, text: str) -> None:
        self.text, self.place, self.line = text, 0, 1

    def at(self, place: int) -> int:
        self.line += self.text.count("\n", self.place, place)
        self.place = place
        return self.line


def _folded(name: str) -> tuple[str, ...]:
    """A name's words, without case, accents, apostrophes, commas or points, as the rating lists
    fold names (:func:`~arbiter_cli.core.names.folded`): ``Šolc,  Jan`` -> ``('solc', 'jan')``."""
    return tuple(_WORD.findall(folded(name)))


class _Roll:
    """The event's players as a PGN game's sides are looked up: by FIDE ID, by name as written, by
    the words of the name in any order."""

    def __init__(self, players: Iterable[Player]) -> None:
        self.by_id: dict[int, list[Player]] = {}
        self.by_words: dict[tuple[str, ...], list[Player]] = {}
        self.by_set: dict[tuple[str, ...], list[Player]] = {}
        for player in players:
            if player.fide_id is not None:
                self.by_id.setdefault(player.fide_id, []).append(player)
            words = _folded(player.name)
            self.by_words.setdefault(words, []).append(player)
            self.by_set.setdefault(tuple(sorted(words)), []).append(player)

    def find(self, name: str, fide_id: int | None) -> list[int]:
        """The start numbers a side may be: the player with its FIDE ID; else those of its name, as
        written, else in any order, who have no other FIDE ID."""
        if fide_id is not None and fide_id in self.by_id:
            return [p.start_number for p in self.by_id[fide_id]]
        words = _folded(name)
        if not words:
            return []
        for found in (self.by_words.get(words, []), self.by_set.get(tuple(sorted(words)), [])):
            fits = [p.start_number for p in found if fide_id is None or p.fide_id in (None, fide_id)]
            if fits:
                return fits
        return []


class _Found(Exception):
    """A game that cannot be entered: what to say, and the header it is about."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message, self.field = message, field


def pgn_result_lines(games: Sequence[PgnGame], source: str, round_number: int, players: Iterable[Player],
                     seats: Seats, place: Callable[[str, int], P]
                     ) -> tuple[list[tuple[int, P, GameResult | None, GameResult | None | Unset]], tuple[str, ...]]:
    """The bulk lines of round ``round_number``'s games (see the module): (the game's line, its place
    as ``place(text, line)`` reads it, the result as the place keeps it, no ``was``), and the notes
    (games left out). A game that cannot be entered is a :class:`BadArgument` naming the file, the
    game's line and its header, the other ones after it (their number, line and header)."""
    if not games:
        raise BadArgument("no game in the file (a PGN game starts with its headers, such as [White \"...\"])",
                          source=source)
    roll = _Roll(players)
    lines: list[tuple[int, P, GameResult | None, GameResult | None | Unset]] = []
    problems: list[tuple[PgnGame, _Found]] = []
    seen: dict[str, PgnGame] = {}
    other_rounds: dict[int, int] = {}
    unfinished: list[str] = []
    for game in games:
        if game.round is not None and game.round != round_number:
            other_rounds[game.round] = other_rounds.get(game.round, 0) + 1
            continue
        try:
            seat = _seat(game, roll, seats, round_number)
            result = _result(game)
            if seat.place in seen:
                raise _Found(f"board {seat.place} of round {round_number} is already the board of "
                             f"{seen[seat.place].named}, on line {seen[seat.place].line}", "White")
        except _Found as found:
            problems.append((game, found))
            continue
        seen[seat.place] = game
        if result is None:
            unfinished.append(f"note: {game.named}: not finished (Result '*'), left out: board {seat.place} "
                              "keeps what it has")
            continue
        lines.append((game.line, place(seat.place, game.line), seat.result(result), UNSET))
    if problems:
        (game, wrong), *others = problems
        more = "" if not others else \
            f" (also {listed([f'game {g.number}, line {g.line}, {f.field}' for g, f in others], '; ')})"
        raise BadArgument(f"{game.named}: {wrong.message}{more}", source=source, line=game.line, field=wrong.field)
    if not seen:
        rounds = sorted(other_rounds)
        raise BadArgument(f"no game of round {round_number} in the file (its games are of "
                          f"{'round' if len(rounds) == 1 else 'rounds'} {listed([str(r) for r in rounds])})",
                          source=source, field="Round")
    notes = list(unfinished)
    if other_rounds:
        left = sum(other_rounds.values())
        notes.append(f"note: {left} game{'s' if left > 1 else ''} of {_rounds(sorted(other_rounds))} in "
                     f"{source} left out: this entry is round {round_number}'s")
    return lines, tuple(notes)


def _rounds(numbers: list[int]) -> str:
    return f"round {numbers[0]}" if len(numbers) == 1 else "rounds " + listed([str(n) for n in numbers])


def _result(game: PgnGame) -> GameResult | None:
    """The game's result (None: not finished, ``*``)."""
    result = game.header("Result").replace(" ", "")
    if "Result" not in game.headers:
        raise _Found("it has no Result header", "Result")
    if result == UNFINISHED:
        return None
    if result not in PGN_RESULTS:
        raise _Found(f"Result {game.header('Result')!r} is not a PGN result (1-0, 0-1, 1/2-1/2, or * for a game "
                     "not finished)", "Result")
    return PGN_RESULTS[result]


def _seat(game: PgnGame, roll: _Roll, seats: Seats, round_number: int) -> Seat:
    """The board of the round where the game's players meet, White and Black as the game has them."""
    sides = {}
    for side in ("White", "Black"):
        name, fide_id = game.header(side), game.fide_id(side)
        if not name and fide_id is None:
            raise _Found(f"it has no {side} header", side)
        sides[side] = roll.find(name, fide_id)
        if not sides[side]:
            who = " or ".join(([f"FIDE ID {fide_id}"] if fide_id is not None else []) +
                              ([f"the name {name!r}"] if name else []))
            raise _Found(f"no player of the event has {who}", side)
    whites, blacks = sides["White"], sides["Black"]
    found = [seats[(w, b)] for w in whites for b in blacks if (w, b) in seats]
    if len(found) > 1 and game.board is not None:
        found = [seat for seat in found if seat.board in (None, game.board)]
    if len(found) > 1:
        boards = listed([f"board {seat.place}" for seat in found], " or ")
        raise _Found(f"ambiguous: it could be {boards} of round {round_number} (players of the same name; "
                     "give WhiteFideId and BlackFideId, or a Board header)", "White")
    if not found:
        turned_round = [seats[(b, w)] for w in whites for b in blacks if (b, w) in seats]
        if turned_round:
            raise _Found(f"the colours are the other way round: at board {turned_round[0].place} of round "
                         f"{round_number} {game.header('White') or 'White'} has Black", "White")
        raise _Found(f"its players do not meet in round {round_number} ({_plays(whites, seats)}; "
                     f"{_plays(blacks, seats)})", "White")
    seat = found[0]
    if game.board is not None and seat.board is not None and seat.board != game.board:
        raise _Found(f"its players meet at board {seat.place} of round {round_number}, not board {game.board}",
                     "Board")
    return seat


def _plays(numbers: list[int], seats: Seats) -> str:
    """Where the player (or each player of a name) meets whom in the round."""
    return listed([plays(number, seats) for number in numbers])
