"""Reading the journal: the changes about a round, a board, a player, or since a moment.

The journal (``journal.csv``) records every change with its time, command and
author. :func:`select` picks the entries that concern what the person asks
about, reading each change's words as the acts write them (``round 3 board 5
result``, ``player 12 status``, ``player added``: ``12 Doe, Jane``, ...). A
board's players are those the tournament pairs on it now; a knockout's match (``round 2 match 3
forfeit``, ``round 2 game 3.1 result``) is its two players, as the caller gives them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.lifecycle.change import Recorded

__all__ = ["select", "since_moment"]

_ROUND = re.compile(r"\bround (\d+)\b")
_BOARD = re.compile(r"\bround (\d+) board (\d+)\b")
_MATCH = re.compile(r"\bround (\d+) (?:match|game) (\d+)\b")
_PLAYER = re.compile(r"\bplayer (\d+)\b|\bbye of (\d+)\b")
_NUMBERED = re.compile(r"^(\d+) (.*?)(?: \(late entry for round \d+\))?$")
_NAMED = re.compile(r"\b(?:player|bye of) \d+ \((.*)\)")


def since_moment(text: str) -> str:
    """``--since``: a date (``2026-03-01``) or a moment (``2026-03-01T14:00``, UTC) as the journal
    writes times, for comparing them.

    >>> since_moment("2026-03-01"), since_moment("2026-03-01 14:05")
    ('2026-03-01T00:00:00Z', '2026-03-01T14:05:00Z')
    """
    value = text.strip().replace(" ", "T").removesuffix("Z")
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise BadArgument(f"{text!r} is not a date or a time (2026-03-01, or 2026-03-01T14:05 in UTC)",
                          field="since") from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return moment.isoformat(timespec="seconds") + "Z"


#: A knockout's matches: (round, match) -> the start numbers of its players.
Matches = Mapping[tuple[int, int], tuple[int, ...]]


def _concerns(entry: Recorded, tournament: Tournament, player: Player, matches: Matches) -> bool:
    """Is the entry about ``player``? By the name where the line names the player (a start number
    may have changed since, with a late entry before round 4), else by the start number; a board's
    players are those the tournament pairs on it now."""
    text = entry.change.change
    named_ = _NAMED.search(text)
    if named_:
        return named_.group(1) == player.name
    if text in ("player added", "player removed"):
        numbered = _NUMBERED.match(entry.change.new or entry.change.old)
        if numbered:
            return numbered.group(2) == player.name
    if player.start_number in {int(a or b) for a, b in _PLAYER.findall(text)}:
        return True
    match = _MATCH.search(text)
    if match:
        return player.start_number in matches.get((int(match.group(1)), int(match.group(2))), ())
    board = _BOARD.search(text)
    if board:
        rnd = tournament.round(int(board.group(1)))
        game = rnd.game(int(board.group(2))) if rnd is not None else None
        return game is not None and player.start_number in game.players
    return False


def select(entries: Sequence[Recorded], tournament: Tournament | None, *, round_number: int | None = None,
           board: int | None = None, player: int | None = None, since: str | None = None,
           matches: Matches | None = None) -> list[Recorded]:
    """The entries about ``round_number`` (and ``board``), ``player``, at or after ``since``;
    ``matches``: a knockout's, for the lines about a match or its games."""
    moment = since_moment(since) if since is not None else None
    wanted = None
    if player is not None:
        wanted = tournament.player(player) if tournament is not None else None
        if wanted is None:
            raise BadArgument(f"there is no player with start number {player}", field="player")
    chosen = []
    for entry in entries:
        text = entry.change.change
        if moment is not None and entry.time < moment:
            continue
        if round_number is not None:
            about = _ROUND.search(text)
            if about is None or int(about.group(1)) != round_number:
                continue
        if board is not None:
            found = _BOARD.search(text)
            if found is None or int(found.group(2)) != board:
                continue
        if wanted is not None and tournament is not None and not _concerns(entry, tournament, wanted, matches or {}):
            continue
        chosen.append(entry)
    return chosen
