"""From a TRF to a Dutch pairing request (pure: no files).

The round to pair is the one after the last round in which anyone was paired
against an opponent or received the PAB. Entries of that round that are not
pairings (``0000 - H``, ``Z``, ``F`` or ``-``) and ``240`` records mark players
who are absent from it. When a round the file records is paired again (to
check it), a player with no entry in it was not there: a blank cell after a
withdrawal is an absence.

A game still being played (``X``, TRF-2026's unknown or adjourned result) counts as a draw, as record
162 scores it; in the round before the one to pair, its players are kept in their score groups
without the PAB, as ``arbiter pair`` pairs on a ``*`` (C.04.2 3.1 and the federation's rule:
:func:`arbiter_cli.pairing.swiss.in_score_groups`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import Scoring
from arbiter_cli.core.outcome import Outcome, RoundEntry, round_entries
from arbiter_cli.pairing.dutch.state import Entrant, PairingRequest
from arbiter_cli.pairing.swiss import in_score_groups, request_from_tournament
from arbiter_cli.trf.acceleration import accelerated, virtual_points
from arbiter_cli.trf.forbidden import forbidden_pairs
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile, TrfGame
from arbiter_cli.trf.scoring import declared_scoring

if TYPE_CHECKING:
    from arbiter_cli.trf.importer import Imported

__all__ = ["paired_rounds", "request_from_trf", "round_pairing", "check_pairable", "NextRound", "next_round"]

def check_pairable(trf: TrfFile, scoring: Scoring, imported_round_robin: bool = False) -> list[str]:
    """Refuse a file whose next round arbiter would pair differently from what it asks
    (:class:`Refused`, naming the line): acceleration (C.04.5), prohibited pairings, a system
    other than the Dutch one (192), a round robin the file names in 192 or 092 (and the importer
    read as one: ``imported_round_robin``; its rounds come from the Berger tables, while one
    only guessed from everyone meeting everyone is paired). Any point system is paired in its own
    points (C.04.1 Art. 3; 162, XXS, bbp's BBx). ``scoring`` is the one the importer read. Returns
    the warnings: an acceleration that 092's free text names without a
    record giving its virtual points (the pairing is then made without it)."""
    named = " ".join((trf.header.get("192") or ("",))[:1] + (trf.header.get("092") or ("",))[:1]).upper()
    if imported_round_robin and "ROUNDROBIN" in re.sub(r"[^A-Z]", "", named):
        code = "192" if "192" in trf.header_lines else "092"
        raise Refused("a round robin: its rounds come from the Berger tables (C.05), not from the Dutch system; "
                      "'arbiter import' it and pair it with 'arbiter pair'", line=trf.header_lines[code][0],
                      field=code)
    for value, line in zip(trf.header.get("XXC", ()), trf.header_lines.get("XXC", ())):
        if "rank" in value.lower().split():
            raise Refused("pairing by the file's ranks (XXC rank) is not built yet: arbiter would pair by the "
                          "starting ranks, unlike bbpPairings", line=line, field="XXC")
    system = (trf.header.get("192") or ("",))[0].strip().upper()
    if system and "DUTCH" not in system and system != "CUSTOM_SWISS":
        raise Refused(f"{system} is not the Dutch system, the only one 'trf pair' and 'trf check' know",
                      line=trf.header_lines["192"][0], field="192")
    warnings = []
    described = (trf.header.get("092") or ("",))[0]
    if re.search(r"acceler|haley|baku|progressive", described, re.IGNORECASE) and not accelerated(trf):
        warnings.append(f"line {trf.header_lines['092'][0]}: 092 says {described.strip()!r}, but no record gives "
                        "the virtual points (XXA, 250): paired without acceleration")
    return warnings


def paired_rounds(trf: TrfFile) -> int:
    """The last round with a pairing (a game, a forfeit with an opponent, or a PAB)."""
    last = 0
    for player in trf.players:
        for game in player.games:
            if game.opponent is not None or game.result == "U":
                last = max(last, game.round)
    return last


#: A played game's outcome and the scoring's field for its points, by TRF code (W, D, L: games of
#: less than one move; X: a game still being played, a draw for the pairing, C.04.2 3.1).
_GAMES = {"1": (Outcome.WIN, "win"), "W": (Outcome.WIN, "win"), "=": (Outcome.DRAW, "draw"),
          "D": (Outcome.DRAW, "draw"), "0": (Outcome.LOSS, "loss"), "L": (Outcome.LOSS, "loss"),
          "X": (Outcome.DRAW, "draw")}
#: A round without a game: its outcome and points by its TRF code (anything else is an absence, 0).
_UNPLAYED = {"+": (Outcome.FORFEIT_WIN, "forfeit_win"), "-": (Outcome.FORFEIT_LOSS, "forfeit_loss"),
             "U": (Outcome.PAB, "pab"), "F": (Outcome.FPB, "full_bye"), "H": (Outcome.HPB, "half_bye")}


def _record(game: TrfGame, scoring: Scoring) -> RoundEntry:
    """A round of a player's line, scored in the file's own points (162, XXS, BBx; C.04.1 Art. 3)."""
    code = game.result
    if game.opponent is not None and code in _GAMES:
        outcome, field = _GAMES[code]
        if game.colour is None:
            raise TrfError(f"round {game.round}: a game needs a colour")
        return RoundEntry(game.round, outcome, getattr(scoring, field), game.opponent,
                          "w" if game.colour == "w" else "b")
    if code in _UNPLAYED:
        outcome, field = _UNPLAYED[code]
        return RoundEntry(game.round, outcome, getattr(scoring, field), game.opponent if outcome.forfeit else None)
    return RoundEntry(game.round, Outcome.ZPB, Fraction(0))


def _is_pairing(game: TrfGame) -> bool:
    """A round entry made by the pairing: an opponent (game or forfeit) or the PAB."""
    return game.opponent is not None or game.result == "U"


def round_pairing(trf: TrfFile, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    """The pairing of round ``rnd`` as the file records it: (White, Black) pairs and the PAB."""
    pairs: set[tuple[int, int]] = set()
    bye = None
    for player in trf.players:
        for game in player.games:
            if game.round != rnd:
                continue
            if game.result == "U" and game.opponent is None:
                bye = player.tpn
            elif game.opponent is not None and game.colour == "w":
                pairs.add((player.tpn, game.opponent))
            elif game.opponent is not None and game.colour is None and player.tpn < game.opponent:
                pairs.add((player.tpn, game.opponent))
    return pairs, bye


def request_from_trf(trf: TrfFile, round_number: int | None = None,
                     default_total: int | None = None) -> PairingRequest:
    """The request to pair ``round_number`` (default: the round after the last paired one).

    ``default_total`` stands in for a missing XXR/142 (for checking a finished event).
    """
    scoring, _ = declared_scoring(trf, Notes())
    rnd = paired_rounds(trf) + 1 if round_number is None else round_number
    total = trf.total_rounds if trf.total_rounds is not None else default_total
    if total is None:
        raise TrfError("the total number of rounds is missing (XXR or 142)")
    if rnd > total:
        raise Refused(f"all {total} rounds are paired")
    entrants = []
    virtual = virtual_points(trf, scoring.win, total)
    absent = trf.requested_byes.get(rnd, {})
    past = rnd <= paired_rounds(trf)  # re-pairing a round the file records (trf check)
    for player in sorted(trf.players, key=lambda p: p.tpn):
        games = {g.round: g for g in player.games}
        history = tuple(_record(games.get(r, TrfGame(r, None, None, " ")), scoring) for r in range(1, rnd))
        this = games.get(rnd)
        # In a round the file records, a blank cell means the player was not there (a withdrawal);
        # in the round to pair, a player without an entry is present.
        present = player.tpn not in absent and (_is_pairing(this) if this is not None else not past)
        adjustment = Fraction(0)
        if "299" in trf.header and player.points is not None:
            # Abnormal point assignments: the points column carries them; it is the score.
            adjustment = player.points - sum((r.points for r in history), Fraction(0))
        entrants.append(Entrant(player.tpn, history, present, player.rating, adjustment,
                                virtual.get(player.tpn, ())))
    colour = trf.initial_colour or _initial_colour_from_round_one(trf)
    request = PairingRequest(tuple(entrants), rnd, total, "w" if colour == "w" else "b", win=scoring.win,
                             loss=scoring.loss, forbidden=forbidden_pairs(trf, rnd))
    held = {player.tpn for player in trf.players for game in player.games
            if game.round == rnd - 1 and game.result == "X" and game.opponent is not None}
    return in_score_groups(request, held) if held else request


def _initial_colour_from_round_one(trf: TrfFile) -> str:
    """The colour of the highest-ranked player who played in round 1 (TRF-2026 152 default)."""
    for player in sorted(trf.players, key=lambda p: p.tpn):
        for game in player.games:
            if game.round == 1 and game.colour in ("w", "b") and game.opponent is not None:
                return game.colour
    raise TrfError("the initial colour is unknown (XXC or 152) and round 1 does not show it")


@dataclass(frozen=True)
class NextRound:
    """The round after the last paired one of an imported file, as arbiter pairs it: the Dutch
    request in the imported event's start numbers, and each start number's starting rank in the file."""

    request: PairingRequest
    ranks: dict[int, int]

    def in_file(self, pairs: Sequence[tuple[int, int]], bye: int | None) -> tuple[list[tuple[int, int]], int | None]:
        """A pairing of the request written in the file's starting ranks."""
        return [(self.ranks[white], self.ranks[black]) for white, black in pairs], \
            None if bye is None else self.ranks[bye]


def next_round(trf: TrfFile, imported: Imported) -> NextRound:
    """The request to pair the round after the last paired one, made from the event the file was
    imported as (the one conversion of the file: :func:`arbiter_cli.pairing.swiss.request_from_tournament`,
    as ``arbiter pair`` makes it), with what a folder does not keep: the players absent from the
    round to pair (its entries that are no pairing, ``H``, ``Z``, ``F``, ``-``, and the 240
    records: C.04.2 3.3) and the points given or taken outside the games (299)."""
    tournament = imported.tournament
    number = tournament.last_round + 1
    total = tournament.settings.rounds
    if len(tournament.players) < 2:  # as 'arbiter pair' says it of a folder
        raise Refused("at least 2 players are needed to pair a round")
    if trf.total_rounds is None:
        raise TrfError("the total number of rounds is missing (XXR or 142)")
    if total is not None and number > total:
        raise Refused(f"all {total} rounds are paired")
    away = set(trf.requested_byes.get(number, {}))
    away |= {player.tpn for player in trf.players for game in player.games
             if game.round == number and not _is_pairing(game)}
    absent = {bye.start_number for bye in tournament.byes if bye.round == number}
    absent |= {imported.numbers[tpn] for tpn in away if tpn in imported.numbers}
    adjustments: dict[int, Fraction] = {}
    if "299" in trf.header:  # abnormal point assignments: the points column carries them, it is the score
        entries = round_entries(tournament)
        for player in trf.players:
            start = imported.numbers.get(player.tpn)
            if start is not None and player.points is not None:
                adjustments[start] = player.points - sum((e.points for e in entries[start]), Fraction(0))
    request = request_from_tournament(tournament, frozenset(absent), adjustments)
    return NextRound(request, {start: tpn for tpn, start in imported.numbers.items()})
