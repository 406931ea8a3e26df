"""The scoring of a TRF event: as the file declares it (162, XXS, bbp's BBx), and as its
points column shows it (a file may declare one scoring and add up under another)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from arbiter_cli.core.model import Scoring, Tournament
from arbiter_cli.core.points import format_points
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile

__all__ = ["declared_scoring", "scoring_text", "candidates", "tally", "point_values", "points_under"]


def _decimal(text: str, line: int, name: str) -> Fraction:
    text = text.strip()
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        raise TrfError(f"{text!r} is not a number of points", line, name)
    return Fraction(text)


def declared_scoring(trf: TrfFile, notes: Notes) -> tuple[Scoring, int | None]:
    """The scoring the file declares (162, then XXS and bbp's BBx override), and the line of the first record."""
    values: dict[str, Fraction] = {}
    first_line = None
    if "162" in trf.header:
        line = trf.header_lines["162"][0]
        first_line = line
        raw = trf.header["162"][0]  # starts at col 5
        for m in re.finditer(r"([A-Za-z])\s*(\d+(?:\.\d+)?)", raw):
            symbol = m.group(1).upper()
            key = {"W": "win", "D": "draw", "L": "loss", "A": "absent", "P": "pab", "X": "unknown"}.get(symbol)
            if key is None:
                raise TrfError(f"{symbol!r} is not a scoring symbol (W, D, L, A, P, X)", line, "162 scoring")
            values[key] = Fraction(m.group(2))
        if "absent" in values:
            values["forfeit_loss"] = values.pop("absent")
        values.pop("unknown", None)
    for line, raw in zip(trf.header_lines.get("XXS", ()), trf.header.get("XXS", ())):
        first_line = first_line or line
        for item in raw.split():
            key, _, number = item.partition("=")
            value = _decimal(number, line, f"XXS {key}")
            target = {"WW": "win", "BW": "win", "W": "win", "WD": "draw", "BD": "draw", "D": "draw",
                      "WL": "loss", "BL": "loss", "HPB": "half_bye", "FPB": "full_bye", "PAB": "pab",
                      "FW": "forfeit_win", "FL": "forfeit_loss", "ZPB": "zpb"}.get(key.upper())
            if target is None:
                raise TrfError(f"{key!r} is not an XXS code", line, "XXS")
            if key.upper() == "W":
                values.update(win=value, forfeit_win=value, full_bye=value)
            elif key.upper() == "D":
                values.update(draw=value, half_bye=value)
            else:
                if target in values and key.upper() in ("BW", "BD", "BL") and values[target] != value:
                    notes.add("colour-scoring", f"line {line}: different points for White and Black are not "
                                                f"kept; {key}={number} is used for both")
                values[target] = value
    for code, target in (("BBW", "win"), ("BBD", "draw"), ("BBL", "loss"), ("BBZ", "zpb"),
                         ("BBF", "forfeit_loss"), ("BBU", "pab")):
        for line, raw in zip(trf.header_lines.get(code, ()), trf.header.get(code, ())):
            first_line = first_line or line
            values[target] = _decimal(raw.split()[0] if raw.split() else "", line, code)
    zpb = values.pop("zpb", Fraction(0))
    if zpb:
        notes.add("zpb", f"line {first_line}: a zero-point bye worth {zpb} is not kept: the folder scores it 0")
    from pydantic import ValidationError  # the points are checked (start-up, issue 29: an export needs none)

    try:
        return Scoring(**values), first_line
    except ValidationError as error:
        message = str(error.errors()[0].get("msg", "invalid scoring")).removeprefix("Value error, ")
        raise TrfError(message, first_line, "scoring") from None


def scoring_text(scoring: Scoring) -> str:
    parts = [f"{key.replace('_', ' ')} {format_points(value, ascii=True)}" for key, value in scoring.items()]
    return ", ".join(parts)


def candidates(declared: Scoring) -> Iterable[Scoring]:
    yield declared
    for win, draw in ((Fraction(1), Fraction(1, 2)), (Fraction(3), Fraction(1)), (Fraction(2), Fraction(1))):
        for pab in (win, draw, Fraction(0)):
            for forfeit in (win, draw):
                yield Scoring(win=win, draw=draw, loss=Fraction(0), pab=pab, forfeit_win=forfeit)


def tally(tournament: Tournament) -> dict[int, dict[str, int]]:
    """How many of each outcome every player has (to sum points under any scoring)."""
    counts: dict[int, dict[str, int]] = {p.start_number: {} for p in tournament.players}

    def add(tpn: int, key: str) -> None:
        counts[tpn][key] = counts[tpn].get(key, 0) + 1

    for rnd in tournament.rounds:
        for bye in rnd.byes:
            add(bye.player, bye.kind.value)
        for game in rnd.games:
            if game.result is not None:
                add(game.white, f"{game.result.value}:w")
                add(game.black, f"{game.result.value}:b")
    return counts


def point_values(scoring: Scoring) -> dict[str, Fraction]:
    """The points of each tallied outcome under ``scoring``, as a TRF's points column counts them: a
    game still being played (``*``, TRF-2026 ``X``) as a draw (record 162: X = D)."""
    values = {kind.value: scoring.bye_points(kind) for kind in ByeKind}
    for result in GameResult:
        values[f"{result.value}:w"], values[f"{result.value}:b"] = scoring.game_points(result)
    values[f"{GameResult.UNFINISHED.value}:w"] = values[f"{GameResult.UNFINISHED.value}:b"] = scoring.draw
    return values


def points_under(count: dict[str, int], values: dict[str, Fraction]) -> Fraction:
    return sum((n * values[key] for key, n in count.items()), Fraction(0))
