"""From a tournament folder's rounds to a Dutch pairing request, and back (pure).

A board's result becomes a :class:`RoundRecord` for each of its players:
games played on the board (``1-0``, ``½-½``, ``0-1``, and ``0-0``, a game
both players lost) carry colours and count as meetings; forfeits carry
neither (C.04.2 3.4-3.5); byes are what their kind says. A round in which a
player has no row (a late entry before arrival) is a zero-point absence.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.model import Board, InitialColour, Round, Tournament
from arbiter_cli.pairing.dutch.state import Entrant, PairingRequest, RoundRecord
from arbiter_cli.core.results import ByeKind, GameResult

__all__ = ["request_from_tournament", "round_from_pairing"]

_BYE_KIND = {ByeKind.PAB: "pab", ByeKind.FPB: "fpb", ByeKind.HPB: "hpb", ByeKind.ZPB: "zpb", ByeKind.BYE: "zpb"}


def _records(tournament: Tournament, rnd: Round) -> dict[int, RoundRecord]:
    scoring = tournament.settings.scoring
    records: dict[int, RoundRecord] = {}
    for board in rnd.boards:
        if board.bye is not None:
            records[board.white] = RoundRecord(_BYE_KIND[board.bye], scoring.bye_points(board.bye))  # type: ignore[arg-type]
            continue
        assert board.black is not None and board.result is not None
        white_points, black_points = scoring.game_points(board.result)
        if board.result.played or board.result is GameResult.DOUBLE_LOSS:
            records[board.white] = RoundRecord("game", white_points, board.black, "w")
            records[board.black] = RoundRecord("game", black_points, board.white, "b")
        else:
            white_kind = "forfeit_win" if board.result is GameResult.WHITE_FORFEIT_WIN else "forfeit_loss"
            black_kind = "forfeit_win" if board.result is GameResult.BLACK_FORFEIT_WIN else "forfeit_loss"
            records[board.white] = RoundRecord(white_kind, white_points, board.black)  # type: ignore[arg-type]
            records[board.black] = RoundRecord(black_kind, black_points, board.white)  # type: ignore[arg-type]
    return records


def request_from_tournament(tournament: Tournament, absent: frozenset[int] = frozenset()) -> PairingRequest:
    """The request for the round after the last paired one. ``absent``: requested byes of that round."""
    settings = tournament.settings
    number = tournament.last_round + 1
    per_round = [_records(tournament, rnd) for rnd in tournament.rounds]
    absence = RoundRecord("zpb", Fraction(0))
    entrants = []
    for player in tournament.players:
        history = tuple(records.get(player.start_number, absence) for records in per_round)
        present = player.available_in(number) and player.start_number not in absent
        entrants.append(Entrant(player.start_number, history, present, player.rating))
    if settings.initial_colour is InitialColour.RANDOM:
        raise ValueError("the initial colour has not been drawn")
    return PairingRequest(
        tuple(entrants), number, settings.rounds or number, "w" if settings.initial_colour is InitialColour.WHITE else "b",
        win=settings.scoring.win, loss=settings.scoring.loss,
    )


def round_from_pairing(number: int, pairs: list[tuple[int, int]], bye: int | None,
                       absent: dict[int, ByeKind]) -> Round:
    """A stored round: the boards in order, then the PAB, then the absences."""
    boards = [Board(white=w, black=b, board=i) for i, (w, b) in enumerate(pairs, start=1)]
    byes = [Board(white=bye, bye=ByeKind.PAB)] if bye is not None else []
    byes += [Board(white=tpn, bye=kind) for tpn, kind in sorted(absent.items())]
    return Round(number, tuple(boards + byes))
