"""National ratings in a TRF-2026 file: the NRS records and record 172 (fide-rules.md §8.2).

**NRS records** (National Rating Support) have the static part of the 001 layout, with the code
of the rating federation in cols 1-3 instead of ``001``: the starting rank (cols 5-8) links the
record to its 001 record, the national rating is in cols 49-52; the national sex, name and birth
date (cols 10, 15-47, 70-79) are left blank when they are those of the 001 record, and the
national classification, origin and number (cols 11-13, 54-56, 58-68) are the federation's.

**Record 172** names the starting-rank method when there are NRS records: the federation in cols
5-7, the method in cols 9-13, one of ``FIDE NRO FIDON NIDOF HBFN LBFN OTHER``
(:class:`~arbiter_cli.core.model.StartingRank`; the federation's own order, ``TFN``, is written
``OTHER``). Some programs write the method alone (``172 NIDOF``): it is read too.

A team event's 172 says whether its rosters follow the national rating: ``NRO`` is ``[team]
roster_rating = "national"`` (:func:`team_roster_rating`).

A folder keeps one national rating a player (``players.csv``'s ``national_rating``): an import
keeps the NRS records of one federation (172's, else the event's (032), else the first in the
file) and says which others it leaves out; an export writes the event's federation's (032).
Pure: text in, values out.

>>> from arbiter_cli.core.model import Player
>>> nrs_line("TUR", Player(start_number=3, name="A", national_rating=1850))
'TUR    3                                        1850'
>>> starting_rank_line("TUR", StartingRank.TFN)
'172 TUR OTHER'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from arbiter_cli.core.model import Player, Settings, StartingRank
from arbiter_cli.core.tpn import initial_order
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile, read_number

__all__ = ["NationalRecord", "is_nrs_code", "national_records", "kept_federation", "with_national_ratings",
           "starting_rank", "with_rating_federation", "team_roster_rating", "starting_rank_line", "nrs_line", "national_lines"]

#: Record codes of three capital letters that are not federations: JaVaFo's and bbpPairings' own
#: records, and the column rulers some programs write.
_NOT_FEDERATIONS = frozenset({"XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU",
                              "DDD"})
_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")


def is_nrs_code(trf: TrfFile, code: str) -> bool:
    """Whether a record code is a federation's, introducing NRS records: three capital letters
    (not a record of JaVaFo or bbpPairings), each of its lines with a starting rank in cols 5-8
    (a column ruler, ``CCC SSS NNNN...``, has none)."""
    return (bool(re.fullmatch(r"[A-Z]{3}", code)) and code not in _NOT_FEDERATIONS
            and all(value[:4].strip().isdigit() for value in trf.header.get(code, ())))


@dataclass(frozen=True)
class NationalRecord:
    """One NRS record: the rating federation, the starting rank it links to, the national rating
    (None: none given), whether it holds more than that (a classification, an origin, a national
    number), and its line."""

    federation: str
    tpn: int
    rating: int | None
    more: bool
    line: int


def _record(federation: str, value: str, line: int) -> NationalRecord:
    """An NRS record from its text after cols 1-4 (``value``: col 5 on)."""
    text = value.ljust(76)  # cols 5-80
    tpn = read_number(text[0:4], line, "NRS starting rank")
    if tpn is None or tpn < 1:
        raise TrfError("the starting rank (cols 5-8) of the national rating record is missing", line,
                       "NRS starting rank")
    rating = read_number(text[44:48], line, "national rating", blank=0) or None
    if rating is not None and rating > 3500:
        raise TrfError(f"{rating} is not a rating (0 to 3500)", line, "national rating")
    more = bool(text[6:9].strip() or text[49:52].strip() or text[53:64].strip())
    return NationalRecord(federation, tpn, rating, more, line)


def national_records(trf: TrfFile) -> dict[str, tuple[NationalRecord, ...]]:
    """The file's NRS records by federation, in the file's order; a starting rank given twice for
    one federation, or one without a 001 record, is a :class:`TrfError` on its line."""
    known = {p.tpn for p in trf.players}
    out: dict[str, tuple[NationalRecord, ...]] = {}
    for code, values in trf.header.items():
        if not is_nrs_code(trf, code):
            continue
        records = tuple(_record(code, value, line) for value, line in zip(values, trf.header_lines[code]))
        seen: dict[int, int] = {}
        for record in records:
            if record.tpn in seen:
                raise TrfError(f"starting rank {record.tpn} already has a {code} national rating record on line "
                               f"{seen[record.tpn]}", record.line, "NRS starting rank")
            if record.tpn not in known:
                raise TrfError(f"starting rank {record.tpn} has no player record (001)", record.line,
                               "NRS starting rank")
            seen[record.tpn] = record.line
        out[code] = records
    return out


def _record_172(trf: TrfFile) -> tuple[str | None, str | None, int | None]:
    """Record 172's federation and method as written (either may be None), and its line."""
    if "172" not in trf.header:
        return None, None, None
    line = trf.header_lines["172"][0]
    words = trf.header["172"][0].split()
    if len(words) >= 2 and re.fullmatch(r"[A-Za-z]{3}", words[0]):
        return words[0].upper(), words[1].upper(), line
    return None, (words[0].upper() if words else None), line


def kept_federation(trf: TrfFile, notes: Notes | None = None) -> str | None:
    """The federation whose NRS records a folder keeps: 172's, else the event's (032), else the
    first in the file; None when there are none. The others are left out (a note says so)."""
    found = national_records(trf)
    if not found:
        return None
    named, _, line = _record_172(trf)
    event = (trf.header.get("032") or ("",))[0].strip().upper()
    if named is not None and named not in found and notes is not None:
        notes.add("172-federation", f"line {line}: record 172 names {named}, whose national ratings (NRS records) "
                                    "the file does not have")
    kept = next(code for code in (named, event, *found) if code in found)
    if notes is not None:
        for code in found:
            if code != kept:
                notes.add(f"nrs-{code}", f"line {trf.header_lines[code][0]}: national rating records ({code}) not "
                                         f"kept: a folder keeps one national rating a player, {kept}'s")
    return kept


def with_national_ratings(trf: TrfFile, players: Sequence[Player], numbers: dict[int, int],
                          notes: Notes) -> tuple[Player, ...]:
    """``players`` (a folder's, by start number; ``numbers``: the file's starting rank -> start
    number) with the national ratings of the kept federation's NRS records. A record of a player
    the import left out (a dummy for the bye) is left out with it."""
    federation = kept_federation(trf, notes)
    if federation is None:
        return tuple(players)
    ratings: dict[int, int | None] = {}
    for record in national_records(trf)[federation]:
        if record.tpn not in numbers:
            notes.add("nrs-dummy", f"line {record.line}: the national rating of starting rank {record.tpn}, a player "
                                   "the import leaves out, is left out with them")
            continue
        if record.more:
            notes.add("nrs-more", f"line {record.line}: the national classification, origin and number of the "
                                  f"{federation} records (cols 11-13, 54-56, 58-68) are not kept: a folder keeps the "
                                  "national rating")
        ratings[numbers[record.tpn]] = record.rating
    return tuple(p.model_copy(update={"national_rating": ratings[p.start_number]})
                 if ratings.get(p.start_number) is not None else p for p in players)


def with_rating_federation(trf: TrfFile, settings: Settings, notes: Notes) -> Settings:
    """The settings with the event's federation: 032's, else the federation whose national ratings
    the folder keeps (a note says so), which an export names again in 172 and the NRS records."""
    kept = kept_federation(trf)
    if settings.federation or kept is None:
        return settings
    notes.add("032-nrs", f"line {trf.header_lines[kept][0]}: the event's federation (032) is taken as {kept}, whose "
                         "national ratings the file gives")
    return settings.model_copy(update={"federation": kept})


def team_roster_rating(trf: TrfFile, notes: Notes) -> Literal["fide", "national"]:
    """A team event's ``[team] roster_rating`` from record 172: ``NRO`` (the national rating only)
    is the federation's rule, ``"national"``; FIDE's (or none) ``"fide"``; another method is not
    one a team folder keeps (a note says so)."""
    _, method, line = _record_172(trf)
    if method == "NRO":
        return "national"
    if method not in (None, "FIDE"):
        notes.add("172", f"line {line}: the starting-rank method {method} is not kept: a team folder orders its "
                         "rosters by the FIDE rating, or by the national rating only (172 NRO)")
    return "fide"


def starting_rank(trf: TrfFile, players: Sequence[Player], notes: Notes) -> StartingRank:
    """The starting-rank method of record 172 (FIDE's order without one). ``OTHER`` is the
    federation's order (``TFN``) when the file's starting ranks (``players``, by start number)
    follow it, and FIDE's otherwise: the ranks are kept as the file gives them, and the method
    orders only the players registered later."""
    _, method, line = _record_172(trf)
    if method is None:
        return StartingRank.FIDE
    if method not in _METHODS:
        notes.add("172", f"line {line}: {method!r} is not a starting-rank method ({' '.join(_METHODS)}): FIDE's "
                         "order kept")
        return StartingRank.FIDE
    if method != "OTHER":
        return StartingRank(method)
    order = sorted(players, key=lambda p: p.start_number)
    if order == initial_order(order, StartingRank.TFN):
        notes.add("172-other", f"line {line}: the starting-rank method OTHER: the starting ranks follow the "
                               "federation's order (title, FIDE rating, national rating, name), kept as "
                               "starting_rank = TFN")
        return StartingRank.TFN
    notes.add("172-other", f"line {line}: the starting-rank method OTHER is not one a folder knows: the starting "
                           "ranks are kept as the file gives them, and players registered later follow FIDE's "
                           "order (starting_rank = FIDE)")
    return StartingRank.FIDE


def starting_rank_line(federation: str, method: StartingRank) -> str:
    """Record 172: the federation in cols 5-7, the method in cols 9-13."""
    return f"172 {federation:<3} {method.trf_code}"


def nrs_line(federation: str, player: Player) -> str:
    """The NRS record of ``player``'s national rating: the federation (cols 1-3), the starting rank
    (5-8), the rating (49-52); the rest blank, being the 001 record's."""
    return f"{federation:<3} {player.start_number:4d}".ljust(48) + f"{player.national_rating or '':>4}"


def national_lines(settings: Settings, players: Sequence[Player], warnings: list[str],
                   method: StartingRank | None = None) -> tuple[list[str], list[str]]:
    """Record 172, and the NRS records of the players' national ratings, when the event has some or
    a starting-rank method (``method``, else the settings') other than FIDE's. Both name the rating
    federation, the event's (032): without it, 172 gives the method alone (``172     NIDOF``, which
    an import reads back) when no player has a national rating; else neither is written, and
    ``warnings`` says so."""
    rated = [p for p in sorted(players, key=lambda p: p.start_number) if p.national_rating is not None]
    method = settings.starting_rank if method is None else method
    if not rated and method is StartingRank.FIDE:
        return [], []
    federation = settings.federation
    if not federation and not rated:  # 172 gives the method alone, as some programs write it (172 NIDOF)
        return [starting_rank_line("", method)], []
    if not federation:
        lost = ["the national ratings", *([f"the starting-rank method {method.value}"]
                                          if method is not StartingRank.FIDE else [])]
        warnings.append(f"{' and '.join(lost)} are not exported: a TRF names the rating federation (172, NRS "
                        "records), and the event has none (set federation in tournament.toml)")
        return [], []
    if method is StartingRank.TFN:
        warnings.append("the starting-rank method TFN is written as 172 OTHER (TRF-2026 has no code for the "
                        "federation's order): an import takes it back when the starting ranks follow it")
    return [starting_rank_line(federation, method)], [nrs_line(federation, p) for p in rated]
