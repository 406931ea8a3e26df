"""Reading TRF16, TRF-2026 and TRF(x) text (fide-rules.md §8).

Accepts CR, LF and CRLF line endings and ``###`` comments. Each problem is a
:class:`TrfError` naming the line and the field.

>>> text = ("012 Demo\\n"
...         "001    1      A, One                            2000                             1.0    1     2 w 1\\n"
...         "001    2      B, Two                            1900                             0.0    2     1 b 0\\n"
...         "XXR 5\\nXXC black1\\n")
>>> trf = parse_trf(text)
>>> trf.total_rounds, trf.initial_colour, trf.players[0].games[0]
(5, 'b', TrfGame(round=1, opponent=2, colour='w', result='1'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_cli.core.errors import BadArgument

__all__ = ["TrfError", "TrfGame", "TrfPlayer", "TrfFile", "parse_trf", "decode_trf", "RESULT_CODES", "read_number", "read_points"]

#: Round result codes (case-insensitive in files; stored upper-case here, ``" "`` for blank). ``X`` is
#: TRF-2026's unknown or adjourned result (record 162: scored as a draw unless it says otherwise).
RESULT_CODES = frozenset("10=+-WDLHFUZX ")


class TrfError(BadArgument):
    """A TRF problem, with the 1-based line number and the field."""

    def __init__(self, message: str, line: int | None = None, field: str | None = None, *,
                 source: str | None = None) -> None:
        super().__init__(message, source=source, line=line, field=field)


@dataclass(frozen=True)
class TrfGame:
    """One round of a player: opponent (None for ``0000``), colour, result code."""

    round: int
    opponent: int | None
    colour: str | None  # 'w', 'b' or None
    result: str  # one of RESULT_CODES


@dataclass(frozen=True)
class TrfPlayer:
    tpn: int
    name: str
    rating: int = 0
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Fraction | None = None
    rank: int | None = None
    games: tuple[TrfGame, ...] = ()
    line: int = 0


@dataclass(frozen=True)
class TrfFile:
    players: tuple[TrfPlayer, ...]
    header: dict[str, tuple[str, ...]] = field(default_factory=dict)
    total_rounds: int | None = None
    initial_colour: str | None = None  # 'w' or 'b' (XXC / 152)
    requested_byes: dict[int, dict[int, str]] = field(default_factory=dict)  # 240: round -> tpn -> H/F/Z
    header_lines: dict[str, tuple[int, ...]] = field(default_factory=dict)  # record code -> its line numbers

    def player(self, tpn: int) -> TrfPlayer | None:
        for p in self.players:
            if p.tpn == tpn:
                return p
        return None


def read_number(text: str, line: int, name: str, blank: int | None = None) -> int | None:
    """A whole number in a TRF field (``blank`` when the field is empty); a :class:`TrfError`
    naming the line and field otherwise."""
    text = text.strip()
    if not text:
        return blank
    if not text.isdigit():
        raise TrfError(f"{text!r} is not a number", line, name)
    return int(text)


def read_points(text: str, line: int, name: str = "points", what: str = "a score") -> Fraction | None:
    """Points in a TRF field (``11.5``; None when the field is empty); a :class:`TrfError` saying
    the text is not ``what`` otherwise."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        raise TrfError(f"{text!r} is not {what}", line, name)
    return Fraction(text)


def decode_trf(raw: bytes) -> tuple[str, str]:
    """The text of a TRF file and the encoding found: UTF-8 (with or without BOM), else Latin-1.

    >>> decode_trf("012 Zürich".encode("latin-1"))
    ('012 Zürich', 'latin-1')
    >>> decode_trf("012 X".encode("utf-16"))
    Traceback (most recent call last):
    ...
    arbiter_cli.trf.reader.TrfError: the file is UTF-16 (or binary): a TRF is text in UTF-8 or Latin-1
    """
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in raw[:4096]:
        raise TrfError("the file is UTF-16 (or binary): a TRF is text in UTF-8 or Latin-1")
    try:
        return raw.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return raw.decode("latin-1"), "latin-1"


def _player(raw: str, number: int) -> TrfPlayer:
    raw = raw.rstrip()
    if len(raw) < 15:
        raise TrfError(f"the line is too short ({len(raw)} characters): it ends before the name (cols 15-47)",
                       number, "name")
    line = raw.ljust(91)
    tpn = read_number(line[4:8], number, "starting rank")
    if tpn is None or tpn < 1:
        raise TrfError("the starting rank (cols 5-8) is missing", number, "starting rank")
    games: list[TrfGame] = []
    rest = raw[91:]
    index = 0
    while index * 10 < len(rest):
        block = rest[index * 10: index * 10 + 10].ljust(8)
        rnd = index + 1
        index += 1
        if not block.strip():
            games.append(TrfGame(rnd, None, None, " "))
            continue
        opponent = read_number(block[0:4], number, f"round {rnd} opponent", blank=0)
        if opponent and not block[5:].strip() and index * 10 >= len(rest):
            raise TrfError(f"the line is cut short in round {rnd}: opponent {opponent} without colour or result "
                           f"(cols {92 + 10 * (rnd - 1) + 5}-{92 + 10 * (rnd - 1) + 7})", number, f"round {rnd} colour")
        colour = block[5].lower()
        result = block[7].upper()
        if colour not in ("w", "b", "-", " "):
            raise TrfError(f"{block[5]!r} is not a colour (w, b or -)", number, f"round {rnd} colour")
        if result not in RESULT_CODES:
            raise TrfError(f"{block[7]!r} is not a result code", number, f"round {rnd} result")
        games.append(TrfGame(rnd, opponent or None, colour if colour in ("w", "b") else None, result))
    while games and games[-1].opponent is None and games[-1].result == " ":
        games.pop()
    return TrfPlayer(
        tpn=tpn, sex=line[9].strip(), title=line[10:13].strip(), name=line[14:47].strip(),
        rating=read_number(line[48:52], number, "rating", blank=0) or 0, federation=line[53:56].strip(),
        fide_id=line[57:68].strip(), birth=line[69:79].strip(), points=read_points(line[80:84], number),
        rank=read_number(line[85:89], number, "rank"), games=tuple(games), line=number,
    )


def parse_trf(text: str) -> TrfFile:
    """Parse TRF text. Lines end with CR, LF or CRLF."""
    lines = re.split(r"\r\n|\r|\n", text)
    players: list[TrfPlayer] = []
    header: dict[str, list[str]] = {}
    where: dict[str, list[int]] = {}
    total_rounds: int | None = None
    colour: str | None = None
    byes: dict[int, dict[int, str]] = {}
    for number, raw in enumerate(lines, start=1):
        if not raw.strip() or raw.startswith("###"):
            continue
        code = raw[:3]
        if code != "001" and raw.lstrip().startswith("001 "):
            raise TrfError("a player line starts in column 1 ('001' in cols 1-3); this one is indented",
                           number, "001")
        if code == "001":
            players.append(_player(raw, number))
            continue
        value = raw[4:].rstrip() if len(raw) > 3 else ""
        if code in ("XXR", "142"):
            total_rounds = read_number(value.split()[0] if value.split() else "", number, code)
        elif code in ("XXC",):
            for word in value.lower().split():
                if word in ("white1", "black1"):
                    colour = word[0]
        elif code == "152":
            letter = value.strip()[:1].lower()
            if letter not in ("w", "b"):
                raise TrfError(f"{value.strip()!r} is not W or B", number, "152 initial colour")
            colour = letter
        elif code == "240":
            kind = raw[4:5].upper()
            if kind not in ("F", "H", "Z"):
                raise TrfError(f"{kind!r} is not a bye type (F, H or Z)", number, "240 type")
            rnd = read_number(raw[6:9], number, "240 round")
            for token in raw[10:].split():
                tpn = read_number(token, number, "240 player")
                byes.setdefault(rnd or 0, {})[tpn or 0] = kind
        header.setdefault(code, []).append(value)
        where.setdefault(code, []).append(number)
    seen: dict[int, int] = {}
    for player in players:
        if player.tpn in seen:
            raise TrfError(f"starting rank {player.tpn} is also on line {seen[player.tpn]}", player.line,
                           "starting rank")
        seen[player.tpn] = player.line
    for player in players:
        for game in player.games:
            if game.opponent is not None and game.opponent not in seen:
                raise TrfError(f"round {game.round}: opponent {game.opponent} does not exist", player.line,
                               f"round {game.round} opponent")
    return TrfFile(tuple(players), {k: tuple(v) for k, v in header.items()}, total_rounds, colour, byes,
                   {k: tuple(v) for k, v in where.items()})
