"""From a :class:`~arbiter_cli.core.model.Tournament` to TRF-2026 or TRF16 text (pure: no files).

The file has the header records the folder can fill (012-132), the player
lines with points and rank from the standings, and for TRF-2026 the records
142 (rounds), 152 (initial colour), 162 (scoring, when not 1/½/0), 192 (the
system), 202/212 (tie-breaks) and 240 (requested byes for rounds not yet
paired), and 172 with the NRS records of the national ratings (:mod:`.national`). TRF16 gets
JaVaFo's ``XXR``/``XXC`` instead, which engines read, and
its requested byes in the round columns (``0000 - H``). A scoring that record
162 cannot express (a forfeit win or a bye worth another value than a win)
also gets JaVaFo's ``XXS``. Lines end with CR LF (:data:`~arbiter_cli.trf.writer.LINE_END`).

A game still being played (``*``) is TRF-2026's ``X`` (unknown or adjourned), with its opponent and
colour; record 162 scores ``X`` as a draw, so the points column counts it as one (the draw it is for
the pairing, C.04.2 3.1), while the rank is the standings' (which count it as nothing yet). TRF16
has no such code: the game is written as one without a result (blank), and the export says so.

>>> from arbiter_cli.core.model import Settings, Player, Tournament
>>> t = Tournament(Settings(name="Demo", system="swiss", rounds=5, seed=1),
...                (Player(start_number=1, name="A, One"), Player(start_number=2, name="B, Two")))
>>> export_trf(t, standing={}).text.split("\\r\\n")[:3]
['012 Demo', '062 2', '072 0']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_cli.core.half_rule import annulled_players
from arbiter_cli.core.model import DEFAULT_SCORING, MOST_ROUNDS, InitialColour, Player, Scoring, Settings, StartingRank, System, Tournament
from arbiter_cli.pairing.round_robin import planned_rounds
from arbiter_cli.core.points import format_points
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.outcome import Outcome, RoundEntry, round_entries
from arbiter_cli.trf.national import national_lines
from arbiter_cli.trf.reader import TrfGame, TrfPlayer
from arbiter_cli.trf.pairing_rules import pairing_rule_records
from arbiter_cli.trf.writer import LINE_END, player_line, points_field

__all__ = ["Exported", "export_trf", "SYSTEM_CODES", "LINE_END", "header_records", "rounds_records", "scoring_records",
           "trf_player", "lost_settings", "player_warnings"]

#: Record 192 for each system (ETT26; FIDE_DUTCH picks the edition by date). A double round robin
#: is paired with FIDE's swap of the first cycle's last two rounds (``pairing.berger.double_schedule``),
#: which ETT26 names ``FIDE_DOUBLEROUNDROBIN``; ``BERGER_DOUBLEROUNDROBIN`` is the cycle unswapped.
SYSTEM_CODES = {System.SWISS: "FIDE_DUTCH", System.ROUND_ROBIN: "BERGER_ROUNDROBIN",
                System.DOUBLE_ROUND_ROBIN: "FIDE_DOUBLEROUNDROBIN"}
_TYPE_TEXT = {System.SWISS: "Individual: Swiss-System", System.ROUND_ROBIN: "Individual: Round-Robin",
              System.DOUBLE_ROUND_ROBIN: "Individual: Double Round-Robin"}

#: Settings that have no TRF record; exporting a folder that uses them says so.
_NOT_IN_TRF = ("numbering", "tiebreak_rules", "tiebreak_lots", "unrated_rating", "max_half_byes",
               "half_byes_closed_last_rounds", "late_entry_missed", "no_show_rule",
               "round_robin_withdrawal", "finalised_on", "berger_tables", "rank_withdrawn")


@dataclass(frozen=True)
class Exported:
    text: str
    warnings: tuple[str, ...]


def _date(text: str | None) -> str:
    return text.replace("-", "/") if text else ""


def trf_player(player: Player) -> TrfPlayer:
    """A folder's player as a TRF player line's fields (without rounds, points and rank)."""
    return TrfPlayer(tpn=player.start_number, name=player.name, rating=player.rating, sex=player.sex or "",
                     title=player.title or "", federation=player.federation or "",
                     fide_id=str(player.fide_id) if player.fide_id else "", birth=_date(player.birth_date))


def trf_code(outcome: Outcome) -> str:
    """The TRF result code of an outcome (a 0-0 is a loss, "0", for both; a double forfeit "-")."""
    match outcome:
        case Outcome.WIN:
            return "1"
        case Outcome.DRAW:
            return "="
        case Outcome.LOSS:
            return "0"
        case Outcome.FORFEIT_WIN:
            return "+"
        case Outcome.FORFEIT_LOSS:
            return "-"
        case Outcome.PAB:
            return "U"
        case Outcome.FPB:
            return "F"
        case Outcome.HPB:
            return "H"
        case Outcome.ZPB | Outcome.FREE:
            return "Z"
        case Outcome.PENDING:
            return " "
        case Outcome.UNFINISHED:
            return "X"


def _game(entry: RoundEntry) -> TrfGame:
    return TrfGame(entry.round, entry.opponent, entry.colour, trf_code(entry.outcome))


def scoring_records(scoring: Scoring, version: str = "2026") -> list[str]:
    """162 (TRF-2026) for a scoring other than 1/½/0, and JaVaFo's XXS where 162 cannot say it (TRF16: always)."""
    standard = DEFAULT_SCORING
    if scoring == standard:
        return []
    lines = []
    if version == "2026":
        pairs = [(symbol, value) for symbol, value, default in (
            ("W", scoring.win, standard.win), ("D", scoring.draw, standard.draw), ("L", scoring.loss, standard.loss),
            ("A", scoring.forfeit_loss, standard.forfeit_loss), ("P", scoring.pab, scoring.win)) if value != default]
        if pairs:
            lines.append("162 " + "".join(f" {symbol}{points_field(value)}   " for symbol, value in pairs).rstrip())
    simple = (scoring.forfeit_win == scoring.win and scoring.full_bye == scoring.win
              and scoring.half_bye == scoring.draw)
    if version == "16" or not simple:
        items = [("WW", scoring.win), ("BW", scoring.win), ("WD", scoring.draw), ("BD", scoring.draw),
                 ("WL", scoring.loss), ("BL", scoring.loss), ("ZPB", Fraction(0)), ("HPB", scoring.half_bye),
                 ("FPB", scoring.full_bye), ("PAB", scoring.pab), ("FW", scoring.forfeit_win),
                 ("FL", scoring.forfeit_loss)]
        lines.append("XXS " + " ".join(f"{key}={format_points(value, ascii=True)}" for key, value in items))
    return lines


def header_records(settings: Settings, players: Sequence[Player], kind: str, teams: int | None = None) -> list[str]:
    """The records 012-132 of the settings: name, place, federation, dates, the numbers of players
    (062), rated players (072) and teams (082, for a team event), the type of event (092, ``kind``),
    chief arbiter, time control and round dates."""
    lines = [f"012 {settings.name}"]
    for code, value in (("022", settings.place), ("032", settings.federation), ("042", _date(settings.start_date)),
                        ("052", _date(settings.end_date))):
        if value:
            lines.append(f"{code} {value}")
    lines += [f"062 {len(players)}", f"072 {sum(1 for p in players if p.rating)}"]
    if teams is not None:
        lines.append(f"082 {teams}")
    lines.append(f"092 {kind}")
    for code, value in (("102", settings.chief_arbiter), ("122", settings.time_control)):
        if value:
            lines.append(f"{code} {value}")
    if settings.round_dates:
        lines.append(_round_dates(settings.round_dates))
    return lines


def rounds_records(settings: Settings, total: int | None) -> list[str]:
    """TRF-2026 142 (the number of rounds) and 152 (the initial colour), when known."""
    colour = {InitialColour.WHITE: "W", InitialColour.BLACK: "B"}.get(settings.initial_colour)
    return ([f"142 {total}"] if total else []) + ([f"152 {colour}"] if colour else [])


def _round_dates(dates: Sequence[str]) -> str:
    line = "132" + " " * 88
    for date in dates:
        line += (date[2:].replace("-", "/") if date else "").ljust(8) + "  "
    return line.rstrip()


def lost_settings(settings: Settings) -> list[str]:
    """The settings, set to other than their defaults, that no TRF record holds."""
    defaults = Settings.defaults()
    lost = ["seed"] if settings.seed else []
    lost += [key for key in _NOT_IN_TRF if getattr(settings, key) != defaults[key]]
    if settings.rating_type.value != "standard":
        lost.append("rating_type")
    return lost


def player_warnings(players: Sequence[Player]) -> list[str]:
    """What the player lines of a TRF cannot hold of these players."""
    warnings = []
    if any(p.club for p in players):
        warnings.append("players' clubs are not exported: the TRF player line has no club")
    if any(p.member_id is not None and p.rating for p in players):
        warnings.append("the ratings of club members are their club ratings, written in the TRF's FIDE rating field "
                        "(cols 49-52): do not send this file for FIDE rating")
    if any(p.entered_round for p in players):
        warnings.append("late entries are exported as players with byes in the rounds they missed")
    if any(p.k_factor is not None for p in players):
        warnings.append("players' K factors are not exported: the TRF player line has no K (B.02 8.3.3)")
    if any(len(p.name) > 33 for p in players):
        warnings.append("names longer than 33 characters are cut to 33 (cols 15-47)")
    return warnings


def _not_exported(tournament: Tournament) -> list[str]:
    lost = lost_settings(tournament.settings)
    warnings = [f"not in a TRF, so not exported: the settings {', '.join(lost)}"] if lost else []
    if any(g.note == "excused" for r in tournament.rounds for g in r.games):
        warnings.append("the 'excused' notes of forfeits are not exported: a TRF forfeit has no note")
    if any(g.note == "adjourned" for r in tournament.rounds for g in r.games):
        warnings.append("the 'adjourned' notes (games the next round was paired on while still being played, "
                        "C.04.2 3.1) are not exported: a TRF game has no note")
    return warnings + player_warnings(tournament.players)


def _absences(tournament: Tournament, version: str, warnings: list[str]) -> dict[int, dict[int, str]]:
    """Round -> start number -> H/Z for the rounds not yet paired: requested byes and withdrawn players."""
    settings = tournament.settings
    last = tournament.last_round
    total = settings.rounds or last
    out: dict[int, dict[int, str]] = {}
    for request in tournament.byes:
        out.setdefault(request.round, {})[request.start_number] = "H" if request.kind is ByeKind.HPB else "Z"
    withdrawn = [p for p in tournament.players if p.is_withdrawn]
    if withdrawn and last < total and not settings.system.is_round_robin:
        for player in withdrawn:
            for number in range(max(last, player.withdrawn_after or 0) + 1, total + 1):
                out.setdefault(number, {})[player.start_number] = "Z"
        record = "240 Z" if version == "2026" else "0000 - Z in the next round's column"
        warnings.append(f"withdrawn players are written as absent ({record}) in the rounds still to play: "
                        "a TRF has no withdrawal")
        for player in withdrawn:  # read back as the import does (withdrawals.read_withdrawals): no other request
            written = {r: kinds[player.start_number] for r, kinds in out.items() if player.start_number in kinds}
            start = min(written, default=0)
            gone = max(last, player.withdrawn_after or 0)
            if written and not (start > last and all(written.get(r) == "Z" for r in range(start, total + 1))):
                warnings.append(f"the withdrawal of {player.name} after round {gone} comes back as requested "
                                f"zero-point byes from round {gone + 1}: they have other requested byes, and a TRF "
                                "has no withdrawal")
            elif written and start > last + 1 and start - 1 != gone:
                warnings.append(f"the withdrawal of {player.name} after round {gone} comes back after round "
                                f"{start - 1}: their requested zero-point byes before it are read as part of the "
                                "withdrawal, and a TRF has no withdrawal")
    elif withdrawn and settings.system.is_round_robin:
        # the half rule's annulled players come back withdrawn (no rank: importer._round_robin_withdrawals)
        annulled = annulled_players(tournament)
        if len(annulled) == len(tournament.players):
            warnings.append(NOBODY_RANKED)
        kept = [p.name for p in withdrawn if p.start_number not in annulled]
        if kept:
            warnings.append(f"the withdrawals of {', '.join(kept)} are not exported: a TRF has no withdrawal "
                            "(their unplayed games are in it)")
    elif withdrawn:
        warnings.append("withdrawals are not exported: a TRF has no withdrawal (the rounds a withdrawn player "
                        "missed are left blank, which 'arbiter import' reads back as the withdrawal)")
    if not settings.system.is_round_robin:
        for player in withdrawn if last < total else ():
            later = [rnd.number for rnd in tournament.rounds[player.withdrawn_after or 0:]
                     if any(player.start_number in (g.white, g.black) for g in rnd.games)
                     or any(b.player == player.start_number for b in rnd.byes)]
            if later:  # a game or a bye after the withdrawal reads as a round taken part in (withdrawals.py)
                warnings.append(f"the withdrawal of {player.name} after round {player.withdrawn_after or 0} comes back "
                                f"after round {later[-1]}: round {later[-1]} has a game or a bye of theirs, and a TRF has no "
                                "withdrawal")
        for player in tournament.players:
            requests = {b.round: b.kind for b in tournament.byes if b.start_number == player.start_number}
            start = min(requests, default=0)
            if not player.is_withdrawn and requests == {r: ByeKind.ZPB for r in range(start, total + 1)} and start:
                # read_withdrawals reads a zero-point bye in every round to the end as a withdrawal
                warnings.append(f"{player.name}'s zero-point byes in every round from round {start} to the end "
                                "will be imported as a withdrawal: a TRF has no withdrawal")
    return out


#: The warning of a round robin whose every player withdrew having played fewer than half of their
#: games (the half rule): its standings list nobody, and the file ranks nobody, which the import reads
#: as a file without ranks (``importer._round_robin_withdrawals`` knows the annulled by their missing
#: rank among ranked players).
NOBODY_RANKED = ("every player withdrew having played fewer than half of their games: the standings list nobody "
                 "(round_robin_withdrawal = \"half\"), and a TRF cannot say so: 'arbiter import' and 'trf standings' "
                 "read the file as it stands, every game counted, nobody withdrawn")


#: Each player's points and rank from the standings, by start number (players left out of the
#: standings, such as a round robin's annulled withdrawals, get their points summed and no rank).
Standing = Mapping[int, tuple[Fraction, int | None]]


def _read_back_after(player: Player, games: Sequence[TrfGame]) -> list[str]:
    """The warning on a round robin's withdrawal that the half rule annuls, when the import would read it
    back after another round: it reads the last round whose cell is not a forfeit loss, trailing blank
    cells left out (``importer._round_robin_withdrawals``)."""
    cells = list(games)
    while cells and cells[-1].opponent is None and cells[-1].result == " ":
        cells.pop()
    read = max((g.round for g in cells if g.result != "-"), default=0)
    if read == (player.withdrawn_after or 0):
        return []
    return [f"the withdrawal of {player.name} after round {player.withdrawn_after or 0} comes back after round {read}, "
            f"or not at all: a TRF has no withdrawal, and the import reads it from their last round that is not a "
            "forfeit loss"]


def export_trf(tournament: Tournament, version: str = "2026", *, standing: Standing) -> Exported:
    """The TRF text of the tournament (``version`` ``"2026"`` or ``"16"``) and what it could not hold.

    ``standing`` gives the points and rank columns: the standings are computed by the caller
    (:func:`arbiter_cli.lifecycle.standings.points_and_ranks`), not by the codec."""
    if version not in ("2026", "16"):
        raise ValueError(f"unknown TRF version {version!r}; use 2026 or 16")
    settings: Settings = tournament.settings
    warnings = _not_exported(tournament)
    last = tournament.last_round
    total = settings.rounds or last
    if not total and settings.system.is_round_robin and len(tournament.players) > 1:
        planned = planned_rounds(settings.system, len(tournament.players))  # written at the first pairing
        total = planned if planned <= MOST_ROUNDS else 0  # (more cannot be paired: 'pair' refuses)
    entries = round_entries(tournament, last)
    absences = _absences(tournament, version, warnings)
    lines = header_records(settings, tournament.players, _TYPE_TEXT[settings.system])
    colour = {InitialColour.WHITE: "W", InitialColour.BLACK: "B"}.get(settings.initial_colour)
    if version == "2026":
        lines += rounds_records(settings, total)
    lines += scoring_records(settings.scoring, version)
    starting, national = national_lines(settings, tournament.players, warnings) if version == "2026" else ([], [])
    lines += starting
    if version == "2026":
        codes = settings.effective_tiebreaks
        lines += [f"192 {SYSTEM_CODES[settings.system]}", f"202 {','.join(codes)}",
                  f"212 {','.join(('PTS', *codes))}"]
    else:
        if total:
            lines.append(f"XXR {total}")
        if colour:
            lines.append(f"XXC {'white1' if colour == 'W' else 'black1'}")
    later = range(0)
    if version == "16":
        # TRF16 holds absences in the round columns, and an engine reads a column after the next
        # round's as a round played (bbpPairings then pairs the wrong round): only the next round's.
        beyond = sorted({b.round for b in tournament.byes if b.round > last + 1})
        if beyond:
            warnings.append(f"TRF16 holds the requested byes of the next round only: those of "
                            f"{'round' if len(beyond) == 1 else 'rounds'} {', '.join(map(str, beyond))} are not "
                            "exported (TRF-2026 holds them, in its 240 records)")
        absences = {r: a for r, a in absences.items() if r == last + 1}
        later = range(last + 1, max(absences, default=last) + 1)
    # forfeits imported without colours are written without them (TRF: the scheduled colour, when there was one)
    colourless = {(rnd.number, tpn) for rnd in tournament.rounds for g in rnd.games if g.note == "colourless"
                  for tpn in g.players}
    if version == "16" and any(rnd.unfinished for rnd in tournament.rounds):
        warnings.append("games still being played (*) are written without a result: TRF16 has no code for them "
                        "(TRF-2026 writes X)")
    annulled = annulled_players(tournament) if settings.system.is_round_robin else set()
    for player in sorted(tournament.players, key=lambda p: p.start_number):
        games = [_game(e) if (e.round, player.start_number) not in colourless else replace(_game(e), colour=None)
                 for e in entries[player.start_number]]
        if version == "16":
            games = [replace(g, result=" ") if g.result == "X" else g for g in games]
        by_round = {g.round: g for g in games}
        games = [by_round.get(r, TrfGame(r, None, None, " ")) for r in range(1, last + 1)]
        games += [TrfGame(r, None, None, absences.get(r, {}).get(player.start_number, " ")) for r in later]
        points, rank = standing.get(player.start_number) or (
            sum((e.points for e in entries[player.start_number]), Fraction(0)), None)
        if version == "2026":  # 162: X (a game still being played) scores a draw
            points += settings.scoring.draw * sum(1 for g in games if g.result == "X")
        if absences.get(last + 1, {}).get(player.start_number) == "H" and version == "16":
            # the points column counts the next round's half-point bye written in it, as engines
            # read it (bbpPairings' checker wants the columns and the points to agree)
            points += settings.scoring.half_bye
        lines.append(player_line(trf_player(player), games, points, rank))
        if player.start_number in annulled and len(annulled) < len(tournament.players):
            warnings += _read_back_after(player, games)
    rules, more = pairing_rule_records(tournament, version)
    lines += rules
    warnings += more
    if version == "2026":
        for number in sorted(absences):
            for kind in ("H", "Z"):
                ids = sorted(tpn for tpn, k in absences[number].items() if k == kind)
                if ids:
                    lines.append(f"240 {kind} {number:3d}" + "".join(f" {tpn:4d}" for tpn in ids))
        lines += national
    elif any(p.national_rating is not None for p in tournament.players) or \
            settings.starting_rank is not StartingRank.FIDE:
        warnings.append("the national ratings and the starting-rank method are not exported: TRF16 has no national "
                        "rating records (TRF-2026 has them, and record 172)")
    return Exported(LINE_END.join(lines) + LINE_END, tuple(warnings))
