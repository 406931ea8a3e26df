"""A TRF file as a :class:`~arbiter_cli.model.Tournament`, for standings and crosstables.

Games become boards numbered in the order of the white players' lines; each
round entry without an opponent becomes a bye: ``U`` (and the old ``+``, ``1``,
``W``) a pairing-allocated bye, ``F`` a full-point bye, ``H`` (and ``=``,
``D``) a half-point bye, anything else a zero-point bye. Scoring is 1/½/0.
"""

from __future__ import annotations

from arbiter_cli.model import TITLES, Board, Player, Round, Settings, System, Tournament
from arbiter_cli.results import ByeKind, GameResult
from arbiter_cli.trf.reader import TrfFile, TrfGame

__all__ = ["tournament_from_trf", "looks_like_round_robin"]

_BYE = {"U": ByeKind.PAB, "+": ByeKind.PAB, "1": ByeKind.PAB, "W": ByeKind.PAB, "F": ByeKind.FPB,
        "H": ByeKind.HPB, "=": ByeKind.HPB, "D": ByeKind.HPB}
_WIN, _DRAW, _LOSS = frozenset("1W+"), frozenset("=D"), frozenset("0L-")


def looks_like_round_robin(trf: TrfFile) -> bool:
    """Every player meets every other as often (n or n - 1 rounds per cycle)."""
    players = len(trf.players)
    rounds = trf.total_rounds or max((len(p.games) for p in trf.players), default=0)
    return players > 1 and rounds > 0 and any(rounds == cycle * size for cycle in (1, 2)
                                              for size in (players - 1, players))


def _result(white: TrfGame, black: TrfGame | None) -> GameResult:
    code, other = white.result, black.result if black is not None else None
    if code == "+" or (code == "-" and other == "+"):
        return GameResult.WHITE_FORFEIT_WIN if code == "+" else GameResult.BLACK_FORFEIT_WIN
    if code == "-":
        return GameResult.DOUBLE_FORFEIT if other in ("-", None) else GameResult.BLACK_FORFEIT_WIN
    if code in _WIN:
        return GameResult.WHITE_WINS
    if code in _DRAW:
        return GameResult.DRAW
    return GameResult.BLACK_WINS if other is None or other in _WIN else GameResult.DOUBLE_LOSS


def _player(trf_player) -> Player:  # type: ignore[no-untyped-def]
    title = trf_player.title.upper()
    title = {"G": "GM", "I": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WI": "WIM", "WF": "WFM",
             "WC": "WCM"}.get(title, title)
    federation = trf_player.federation.upper()
    fide_id = trf_player.fide_id.strip()
    return Player(
        start_number=trf_player.tpn, name=trf_player.name or f"Player {trf_player.tpn}",
        title=title if title in TITLES else None,
        rating=trf_player.rating if 0 < trf_player.rating <= 3500 else 0,
        fide_id=int(fide_id) if fide_id.isdigit() and int(fide_id) > 0 else None,
        federation=federation if len(federation) == 3 and federation.isalpha() else None,
        sex={"m": "m", "w": "w", "f": "w"}.get(trf_player.sex.lower()),
    )


def tournament_from_trf(trf: TrfFile, round_robin: bool | None = None) -> Tournament:
    """The event of a TRF file; ``round_robin`` None guesses from the player and round counts."""
    if round_robin is None:
        round_robin = looks_like_round_robin(trf)
    games = {(p.tpn, g.round): g for p in trf.players for g in p.games}
    last = max((g.round for p in trf.players for g in p.games if g.opponent is not None or g.result != " "),
               default=0)
    total = max(trf.total_rounds or 0, last, 1)
    rounds = []
    for number in range(1, last + 1):
        boards: list[Board] = []
        byes: list[Board] = []
        for player in sorted(trf.players, key=lambda p: p.tpn):
            game = games.get((player.tpn, number))
            if game is None:
                continue
            if game.opponent is None:
                if game.result != " ":
                    byes.append(Board(player.tpn, bye=_BYE.get(game.result, ByeKind.ZPB)))
                continue
            other = games.get((game.opponent, number))
            white_first = game.colour == "w" or (game.colour is None and player.tpn < game.opponent)
            if not white_first:
                continue
            boards.append(Board(player.tpn, game.opponent, len(boards) + 1, _result(game, other)))
        rounds.append(Round(number, tuple(boards + byes)))
    name = (trf.header.get("012") or ("",))[0].strip() or "TRF event"
    start = (trf.header.get("042") or ("",))[0].strip()[:10].replace("/", "-")
    settings = Settings(
        name=name, system=System.ROUND_ROBIN if round_robin else System.SWISS, rounds=min(total, 99), seed=0,
        start_date=start if _is_date(start) else None,
    )
    players = tuple(sorted((_player(p) for p in trf.players), key=lambda p: p.start_number))
    return Tournament(settings, players, tuple(rounds))


def _is_date(text: str) -> bool:
    from datetime import date

    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True
