"""Rating lists read as records: FIDE's monthly combined list (its fixed-width TXT and its XML
form) and a national federation's list (a CSV file with a column mapping).

Pure parsing: the lines (bytes, as a file gives them) come in, :class:`ListRecord` values go out,
one at a time, so that FIDE's 1.2 million players never sit in memory at once. A bad line is a
:class:`~arbiter_cli.core.errors.BadArgument` naming the file, the line and the field. The index
kept on disk is :mod:`arbiter_cli.store.rating_lists`.

C.04.2 Art. 2.1: "the rating used is the one in force when the event starts", the list of the
event's rate of play (B.02; rapid and blitz have their own lists, FIDE's combined file holds all
three, each with its games and its K factor, B.02 8.3).

The TXT form's columns are found from its header line, never by fixed positions: FIDE has moved
them over the years (the standard-only list of 2012 wrote ``SEP12 Gms  K``; the combined list
writes ``SRtng SGm SK RRtng RGm Rk BRtng BGm BK``). A field runs from its header word to the
next one.

>>> header = "ID Number      Name             Fed Sex Tit  WTit OTit FOA SRtng SGm SK B-day Flag"
>>> line =   "1503014        Carlsen, Magnus  NOR M   GM                 2830  9   10 1990"
>>> record = next(txt_records([header.encode(), line.encode()], "list.txt"))
>>> record.name, record.fide_id, record.title, record.standard_rating, record.standard_k, record.birth_year
('Carlsen, Magnus', 1503014, 'GM', 2830, 10, 1990)
>>> normalised("Çelik,  Ayşe-Nur")
'celik ayse nur'
"""

from __future__ import annotations

import csv
import operator
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

from arbiter_cli.core.errors import BadArgument, shown_value
from arbiter_cli.core.model import TITLES, RatingType
from arbiter_cli.core.names import folded

__all__ = ["ListRecord", "txt_records", "xml_records", "national_records", "parse_mapping", "normalised",
           "NATIONAL_FIELDS", "national_columns", "list_format", "TXT_LAYOUT", "txt_lines", "xml_lines"]


class ListRecord(NamedTuple):
    """One player of a rating list, every field the list gives (None or "" where it gives none).

    From FIDE's list: the FIDE ID, name, federation, sex (``M``/``F``), the titles (``title``
    the FIDE title, ``w_title`` a woman's title held beside it, ``o_title`` the arbiter's and
    trainer's titles, ``foa_title`` FIDE Online Arena's), per rate of play the rating, the games
    of the last period and the K factor (B.02 8.3), the birth year and the flag (``i`` inactive,
    ``w`` woman). From a national list: ``national_id`` and ``national_rating`` (with the FIDE ID,
    federation, birth year, sex and title when the list has them). ``line``: where the record
    is in its file (the XML form: the how-manieth ``<player>`` it is).
    """

    fide_id: int | None
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    w_title: str = ""
    o_title: str = ""
    foa_title: str = ""
    standard_rating: int | None = None
    standard_games: int | None = None
    standard_k: int | None = None
    rapid_rating: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz_rating: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str = ""
    national_id: str | None = None
    national_rating: int | None = None
    line: int = 0

    def rating(self, rating_type: RatingType) -> int | None:
        """The rating of a rate of play (None: not rated in it)."""
        return {RatingType.STANDARD: self.standard_rating, RatingType.RAPID: self.rapid_rating,
                RatingType.BLITZ: self.blitz_rating}[rating_type] or None

    def k_factor(self, rating_type: RatingType) -> int | None:
        """The K factor the list gives for a rate of play (B.02 8.3.3), None where it gives none."""
        return {RatingType.STANDARD: self.standard_k, RatingType.RAPID: self.rapid_k,
                RatingType.BLITZ: self.blitz_k}[rating_type] or None

    def games(self, rating_type: RatingType) -> int | None:
        """The games rated in the list's last period for a rate of play."""
        return {RatingType.STANDARD: self.standard_games, RatingType.RAPID: self.rapid_games,
                RatingType.BLITZ: self.blitz_games}[rating_type]

    @property
    def fide_title(self) -> str | None:
        """The title C.04.2 2.2 orders by: the FIDE title, else the woman's title, else None."""
        for title in (self.title, self.w_title):
            if title and title.upper() in TITLES:
                return title.upper()
        return None

    @property
    def sex_code(self) -> str | None:
        """``m`` or ``w`` as a player's ``sex`` is written."""
        return {"M": "m", "F": "w", "W": "w"}.get(self.sex.upper()) if self.sex else None

    @property
    def inactive(self) -> bool:
        return "i" in self.flag.lower()

    def player_fields(self, rating_type: RatingType) -> dict[str, object]:
        """The fields of a registered player the list fills: name, title, the rating of the
        event's rate of play (0: unrated in it), FIDE ID, federation, sex, birth year, the national
        rating (a national list's, merged in by FIDE ID) and the K of the event's rate of play
        (B.02 8.3.3, for the rating report)."""
        fields: dict[str, object] = {"name": self.name, "title": self.fide_title,
                                     "rating": self.rating(rating_type) or 0, "fide_id": self.fide_id,
                                     "federation": self.federation or None, "sex": self.sex_code,
                                     "birth_date": f"{self.birth_year:04d}" if self.birth_year else None,
                                     "national_rating": self.national_rating or None,
                                     "k_factor": self.k_factor(rating_type)}
        return fields


_NOT_WORD = re.compile(r"[^\w]+|_")


def normalised(name: str) -> str:
    """A name as the index searches it: without accents, case, punctuation or extra spaces, so
    that "Çelik, Ayşe" is found as "celik ayse", "Øster" as "oster", "O'Brien" as "obrien"
    (:func:`~arbiter_cli.core.names.folded`, as a PGN game's names are matched)."""
    return " ".join(_NOT_WORD.sub(" ", folded(name)).split())


def _text(raw: bytes) -> str:
    """A line of a list: UTF-8, else Windows-1252 (older lists, national lists from spreadsheets)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def list_format(first: bytes) -> str | None:
    """``xml`` or ``txt`` from a file's first bytes; None when it is neither of FIDE's forms."""
    start = first.lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<"):
        return "xml"
    if start.startswith(b"ID"):
        return "txt"
    return None


# -- the fixed-width TXT form ----------------------------------------------------

#: The header words of the TXT forms, and the field each names.
_TXT_FIELDS: dict[str, str] = {
    "ID Number": "fide_id", "ID": "fide_id", "Name": "name", "Fed": "federation", "Sex": "sex", "Tit": "title",
    "WTit": "w_title", "OTit": "o_title", "FOA": "foa_title", "SRtng": "standard_rating", "SGm": "standard_games",
    "SK": "standard_k", "RRtng": "rapid_rating", "RGm": "rapid_games", "Rk": "rapid_k", "RK": "rapid_k",
    "BRtng": "blitz_rating", "BGm": "blitz_games", "BK": "blitz_k", "B-day": "birth_year", "Bday": "birth_year",
    "Born": "birth_year", "Flag": "flag",
    "Gms": "standard_games", "K": "standard_k",  # the standard-only list: MMMYY Gms K
}
_MONTH_COLUMN = re.compile(r"[A-Z]{3}\d{2}")  # SEP12: the standard-only list's rating column

_INTEGER_FIELDS = ("fide_id", "standard_rating", "standard_games", "standard_k", "rapid_rating", "rapid_games",
                   "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birth_year", "national_rating")
_LIMITS = {"fide_id": (1, 10**10), "standard_rating": (0, 3500), "rapid_rating": (0, 3500),
           "blitz_rating": (0, 3500), "national_rating": (0, 3500), "birth_year": (0, 2200)}
_WHAT = {"fide_id": "a FIDE ID", "birth_year": "a year", "national_rating": "a rating"}


def _txt_columns(header: str, source: str) -> list[tuple[str, int, int | None, str]]:
    """(field, start, end, header word) of each column the header line names, in order."""
    words = [(m.group(), m.start()) for m in re.finditer(r"\S+", header)]
    merged: list[tuple[str, int]] = []
    for word, start in words:
        if merged and merged[-1][0] == "ID" and word == "Number" and start == merged[-1][1] + 3:
            merged[-1] = ("ID Number", merged[-1][1])
        else:
            merged.append((word, start))
    columns = []
    for index, (word, start) in enumerate(merged):
        end = merged[index + 1][1] if index + 1 < len(merged) else None
        field = _TXT_FIELDS.get(word) or ("standard_rating" if _MONTH_COLUMN.fullmatch(word) else None)
        if field is not None:
            columns.append((field, start, end, word))
    found = {field for field, *_ in columns}
    for needed, word in (("fide_id", "ID Number"), ("name", "Name")):
        if needed not in found:
            raise BadArgument(f"the header has no '{word}' column: not FIDE's rating list in its TXT form "
                              "(players_list_foa.txt); a national list is loaded with --national NAME",
                              source=source, line=1)
    return columns


def _integer(value: str, field: str, label: str, source: str, line: int) -> int | None:
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        number = -1
    low, high = _LIMITS.get(field, (0, 10**6))
    if not low <= number <= high or not value.isascii():
        what = _WHAT.get(field, "a rating" if field.endswith("rating") else "a number")
        raise BadArgument(f"{shown_value(value)} is not {what}", source=source, line=line, field=label)
    return number


#: The text fields of a record, and (:data:`_INTEGER_FIELDS`) its numbers: each line is read as the
#: two lists, then arranged in the record's order (:data:`_ARRANGE`).
_TEXTS = ("name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "flag", "national_id")
_ARRANGE = operator.itemgetter(*((_TEXTS + _INTEGER_FIELDS).index(field) for field in ListRecord._fields[:-1]))
_SEXES = frozenset(("", "M", "F", "W", "m", "f", "w"))
#: The codes each title column of FIDE's list may hold (empty: none): the FIDE title, the woman's
#: title held beside it (B.01 0.2), FIDE Online Arena's.
_TITLE_CODES: dict[str, frozenset[str]] = {
    "title": frozenset(("", *TITLES)), "w_title": frozenset(("", "WGM", "WIM", "WFM", "WCM")),
    "foa_title": frozenset(("", "AGM", "AIM", "AFM", "ACM")),
}
_TITLE_OF, _W_TITLE_OF, _FOA_OF = _TITLE_CODES["title"], _TITLE_CODES["w_title"], _TITLE_CODES["foa_title"]
#: What every player of FIDE's list has: a national list may leave the federation and sex out.
_FIDE_REQUIRED = ("federation", "sex")


def _fast(texts: list[str | None], texts_of_numbers: list[str], line: int, fide: bool = True) -> ListRecord | None:
    """The fast path of a record: its texts and the texts of its numbers (in the orders of
    :data:`_TEXTS` and :data:`_INTEGER_FIELDS`), or None when any field is not sound (then
    :func:`_record` names it). ``fide``: a record of FIDE's list, which gives every player a
    federation and a sex, and titles only of FIDE's codes."""
    joined = "".join(texts_of_numbers)
    if joined and not (joined.isdigit() and joined.isascii()):
        return None
    numbers = [int(text) if text else None for text in texts_of_numbers]
    fide_id, standard, rapid, blitz, birth, national = (numbers[0], numbers[1], numbers[4], numbers[7], numbers[10],
                                                         numbers[11])
    if fide_id == 0 or (fide_id is not None and fide_id > 10**10) or (birth is not None and birth > 2200) or \
            (standard is not None and standard > 3500) or (rapid is not None and rapid > 3500) or \
            (blitz is not None and blitz > 3500) or (national is not None and national > 3500):
        return None
    name, federation, sex = texts[0], texts[1], texts[2]
    if not name or sex not in _SEXES or (federation and not (len(federation) == 3 and federation.isalpha()
                                                             and federation.isascii())):
        return None
    if fide and (not federation or not sex or texts[3] not in _TITLE_OF or texts[4] not in _W_TITLE_OF
                 or texts[6] not in _FOA_OF):
        return None
    if birth == 0:
        numbers[10] = None  # FIDE writes 0000 for an unknown year
    if not texts[8]:
        texts[8] = None  # no national id
    return ListRecord._make((*_ARRANGE(texts + numbers), line))


def _record(values: dict[str, object], labels: Mapping[str, str], source: str, line: int,
            fide: bool = True) -> ListRecord:
    """A record from a line's text fields (``labels``: each field's name in the file, for errors;
    ``fide``: FIDE's list, whose every player has a federation and a sex, and whose title columns
    hold FIDE's codes only)."""
    if fide:
        for field in _FIDE_REQUIRED:
            if not values.get(field):
                raise BadArgument(f"the {labels.get(field, field)} is empty: every player of FIDE's list has one",
                                  source=source, line=line, field=labels.get(field, field))
        for field, codes in _TITLE_CODES.items():
            title = values.get(field)
            if isinstance(title, str) and title not in codes:
                raise BadArgument(f"{shown_value(title)} is not a title of this column ({', '.join(sorted(codes - {''}))})",
                                  source=source, line=line, field=labels.get(field, field))
    for field in _INTEGER_FIELDS:
        value = values.get(field)
        if isinstance(value, str):
            values[field] = _integer(value, field, labels.get(field, field), source, line)
    if not values.get("name"):
        raise BadArgument("the name is empty", source=source, line=line, field=labels.get("name", "name"))
    sex = values.get("sex")
    if isinstance(sex, str) and sex and sex.upper() not in ("M", "F", "W"):
        raise BadArgument(f"{shown_value(sex)} is not a sex (M or F)", source=source, line=line, field=labels.get("sex", "sex"))
    federation = values.get("federation")
    if isinstance(federation, str) and federation and not re.fullmatch(r"[A-Za-z]{3}", federation):
        raise BadArgument(f"{shown_value(federation)} is not a 3-letter federation code", source=source, line=line,
                          field=labels.get("federation", "federation"))
    if "birth_year" in values and values["birth_year"] == 0:
        values["birth_year"] = None  # FIDE writes 0000 for an unknown year
    return ListRecord(line=line, **values)  # type: ignore[arg-type]


def txt_records(lines: Iterable[bytes], source: str) -> Iterator[ListRecord]:
    """The records of FIDE's list in its fixed-width TXT form (``players_list_foa.txt``): the
    first line is the header, whose words place the columns. Blank lines are skipped."""
    numbered = enumerate(lines, start=1)
    header = ""
    for _, raw in numbered:
        header = _text(raw).lstrip("\ufeff").rstrip("\r\n")
        break
    if not header.strip():
        raise BadArgument("the file is empty; FIDE's TXT list starts with its header line (ID Number  Name ...)",
                          source=source, line=1)
    columns = _txt_columns(header, source)
    labels = {field: word for field, _, _, word in columns}
    spans = [(field, start, end) for field, start, end, _ in columns]
    placed = {field: slice(start, end) for field, start, end in spans}
    nothing = slice(0, 0)  # a field the list does not have
    texts_of = operator.itemgetter(*(placed.get(field, nothing) for field in _TEXTS))
    numbers_of = operator.itemgetter(*(placed.get(field, nothing) for field in _INTEGER_FIELDS))
    strip = str.strip
    shortest: int | None = None  # the shortest line read so far
    last_start = max(start for _, start, _ in spans)  # a line reaches at least into the last column but one
    needed = max((start for _, start, _ in spans if start < last_start), default=0)
    for number, raw in numbered:
        text = _text(raw).rstrip("\r\n")
        if not text.strip():
            continue
        if len(text) <= needed or (not raw.endswith(b"\n") and shortest is not None and len(text) < shortest):
            end = len(text.rstrip())
            cut = next((labels[field] for field, start, _ in reversed(spans) if start < end), labels[spans[0][0]])
            raise BadArgument(f"the line is cut short in its column '{cut}', before the columns every line has "
                              "(a list cut off as it was copied or downloaded?)", source=source, line=number,
                              field=cut)
        shortest = len(text) if shortest is None else min(shortest, len(text))
        record = _fast(list(map(strip, texts_of(text))), list(map(strip, numbers_of(text))), number)
        yield record if record is not None else \
            _record({field: text[start:end].strip() for field, start, end in spans}, labels, source, number)


# -- the XML form ---------------------------------------------------------------------

#: The elements of a ``<player>`` and the field each gives.
_XML_FIELDS: dict[str, str] = {
    "fideid": "fide_id", "name": "name", "country": "federation", "sex": "sex", "title": "title",
    "w_title": "w_title", "o_title": "o_title", "foa_title": "foa_title", "rating": "standard_rating",
    "games": "standard_games", "k": "standard_k", "rapid_rating": "rapid_rating", "rapid_games": "rapid_games",
    "rapid_k": "rapid_k", "blitz_rating": "blitz_rating", "blitz_games": "blitz_games", "blitz_k": "blitz_k",
    "birthday": "birth_year", "flag": "flag",
}
_XML_LABELS = {field: tag for tag, field in _XML_FIELDS.items()}
_XML_ORDER = _TEXTS + _INTEGER_FIELDS
_XML_POSITION = {tag: _XML_ORDER.index(field) for tag, field in _XML_FIELDS.items()}

#: Lines fed to the XML parser at a time: large enough to be fast, small enough that the line of
#: a bad field is found again among them.
_XML_BATCH = 4096


def _xml_line(batches: Sequence[tuple[int, list[bytes]]], tag: str, value: str, fide_id: str) -> int | None:
    """The line of ``<tag>value`` in the player ``fide_id``, among the lines last fed to the parser."""
    lines = [(first + offset, raw) for first, batch in batches for offset, raw in enumerate(batch)]
    needle, player = f"<{tag}>{value}".encode(), f"<fideid>{fide_id}</fideid>".encode()
    start = next((i for i, (_, raw) in enumerate(lines) if player in raw), 0)
    found = [number for number, raw in lines[start:] if needle in raw]
    return found[0] if found else None


class _Players:
    """The target ElementTree's parser feeds: it keeps only the fields of the ``<player>`` being read
    (as text, in the record's order) and each player's fields once its element ends; no element is
    built, so memory holds one batch of players whatever the list's size."""

    def __init__(self) -> None:
        self.root: str | None = None
        self.done: list[list[str]] = []
        self.values: list[str] | None = None  # the texts of the player's fields, _TEXTS then _INTEGER_FIELDS
        self.position: int | None = None
        self.text: list[str] = []
        self.data = self.text.append  # the parser calls it for every piece of text: no Python frame for it
        self.mark = 0  # where the text of the element being read starts in ``text``

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if self.root is None:
            self.root = tag
        if tag == "player":
            self.values = [""] * len(_XML_ORDER)
            self.text.clear()
        else:
            self.position = _XML_POSITION.get(tag) if self.values is not None else None
            self.mark = len(self.text)

    def end(self, tag: str) -> None:
        if tag == "player" and self.values is not None:
            self.done.append(self.values)
            self.values = None
        elif self.position is not None and self.values is not None:
            self.values[self.position] = "".join(self.text[self.mark:]).strip()
        self.position = None

    def close(self) -> None:
        pass


def xml_records(lines: Iterable[bytes], source: str) -> Iterator[ListRecord]:
    """The records of FIDE's list in its XML form (``players_list_xml_foa.xml``), streamed: the
    lines are fed to ElementTree's parser a batch at a time, with a target that keeps only the
    player being read (:class:`_Players`): no tree is built (``iterparse`` builds an element for
    every field, and clearing them afterwards takes twice the time). Unknown elements are left
    out; a missing one is an empty field."""
    players = _Players()
    parser = ET.XMLParser(target=players)
    fed: list[tuple[int, list[bytes]]] = []  # the last two batches, to find a bad field's line
    count = 0
    line = 0

    def flush(batch: list[bytes]) -> Iterator[ListRecord]:
        nonlocal count
        fed.append((line - len(batch) + 1, batch))
        del fed[:-2]
        try:
            parser.feed(b"".join(batch))
        except ET.ParseError as error:
            where, _ = error.position
            raise BadArgument(f"not well-formed XML: {str(error).split(':')[0]}", source=source, line=where) from None
        if players.root is not None and players.root != "playerslist":
            raise BadArgument(f"the root element is <{players.root}>, not <playerslist>: not FIDE's rating list in "
                              "its XML form", source=source)
        done, players.done = players.done, []
        texts = len(_TEXTS)
        for values in done:
            count += 1
            record = _fast(list(values[:texts]), values[texts:], count)
            if record is not None:
                yield record
                continue
            fields: dict[str, object] = {field: values[_XML_ORDER.index(field)] for field in _XML_FIELDS.values()}
            try:
                yield _record(fields, _XML_LABELS, source, count)
            except BadArgument as error:
                tag = error.field or ""
                bad = str(fields.get(_XML_FIELDS.get(tag, ""), ""))
                found = _xml_line(fed, tag, bad, str(fields.get("fide_id", "")))
                message = error.message if found else f"player {count} of the list: {error.message}"
                raise BadArgument(message, source=source, line=found, field=tag or None) from None

    batch: list[bytes] = []
    for line, raw in enumerate(lines, start=1):
        batch.append(raw)
        if len(batch) >= _XML_BATCH:
            yield from flush(batch)
            batch = []
    if batch:
        yield from flush(batch)
    try:
        parser.close()
    except ET.ParseError as error:
        raise BadArgument(f"the XML ends too early: {str(error).split(':')[0]}", source=source,
                          line=error.position[0]) from None
    if players.root is None:
        raise BadArgument("the file is empty; FIDE's XML list is a <playerslist> of <player> elements", source=source)


# -- a national list: CSV with a column mapping ---------------------------------------------

#: The fields a national list may give, and the record's field each fills.
NATIONAL_FIELDS: dict[str, str] = {
    "id": "national_id", "name": "name", "rating": "national_rating", "fide_id": "fide_id",
    "federation": "federation", "birth_year": "birth_year", "sex": "sex", "title": "title",
}
_NATIONAL_REQUIRED = ("id", "name", "rating")


def parse_mapping(text: str | None, option: str = "--map") -> dict[str, str]:
    """``--map id=ID,name=Name,rating=Elo,fide_id=FIDE``: each field of a national list and the
    column of the file that holds it. Without a mapping, none: each field is then the column of its
    own name (:func:`national_columns`).

    >>> parse_mapping("id=ID, name=Name,rating=Elo")
    {'id': 'ID', 'name': 'Name', 'rating': 'Elo'}
    """
    if text is None or not text.strip():
        return {}
    mapping: dict[str, str] = {}
    for part in text.split(","):
        field, equals, column = part.partition("=")
        field, column = field.strip().lower(), column.strip()
        if not equals or not column:
            raise BadArgument(f"{part.strip()!r} is not FIELD=COLUMN", field=option)
        if field not in NATIONAL_FIELDS:
            raise BadArgument(f"{field!r} is not a field of a national list; use {', '.join(NATIONAL_FIELDS)}",
                              field=option)
        if field in mapping:
            raise BadArgument(f"{field!r} is mapped twice", field=option)
        mapping[field] = column
    missing = [field for field in _NATIONAL_REQUIRED if field not in mapping]
    if missing:
        raise BadArgument(f"map {', '.join(missing)} too: a national list gives each player's id, name and rating",
                          field=option)
    return mapping


def national_columns(mapping: Mapping[str, str], header: Sequence[str] = ()) -> dict[str, str]:
    """The column of each field a national list is read by: those ``mapping`` names, ``id``,
    ``name`` and ``rating`` by their own names when not mapped, and each optional field not mapped
    by its own name when ``header`` has a column of that name."""
    columns = {field: mapping.get(field, field) for field in _NATIONAL_REQUIRED} | dict(mapping)
    taken = set(columns.values())
    columns |= {field: field for field in NATIONAL_FIELDS if field not in columns and field in header
                and field not in taken}
    return columns


def _title(value: str) -> str:
    return value.strip().upper()


def national_records(lines: Iterable[bytes], source: str, mapping: Mapping[str, str]) -> Iterator[ListRecord]:
    """The records of a national list: a CSV file with a header, its columns named by ``mapping``
    (field -> column, :func:`parse_mapping`; a field not mapped is the column of its own name,
    :func:`national_columns`); the delimiter is the one (``,``, ``;``, tab, ``|``) whose header
    holds every column needed. Other columns are left out."""
    texts = (_text(raw) for raw in lines)
    first = next(texts, "").lstrip("\ufeff")
    if not first.strip():
        raise BadArgument("the file is empty; a national list needs a header line", source=source, line=1)
    needed = national_columns(mapping)
    wanted = set(needed.values())
    header: list[str] = []
    delimiter = ","
    for delimiter in (",", ";", "\t", "|"):
        header = [cell.strip() for cell in next(csv.reader([first], delimiter=delimiter))]
        if wanted <= set(header):
            break
    else:
        header = [cell.strip() for cell in next(csv.reader([first], delimiter=max(",;\t|", key=first.count)))]
        missing = [f"{field}={column}" if field in mapping else repr(column) for field, column in needed.items()
                   if column not in header]
        raise BadArgument(f"the header has no column {', '.join(missing)} (its columns: {', '.join(header)}); "
                          "name the columns with --map FIELD=COLUMN,...", source=source, line=1)
    mapping = national_columns(mapping, header)
    index = {field: header.index(column) for field, column in mapping.items()}
    labels = {NATIONAL_FIELDS[field]: column for field, column in mapping.items()}
    fix: dict[str, Callable[[str], str]] = {"title": _title}

    def rows() -> Iterator[str]:
        yield first
        yield from texts

    reader = csv.reader(rows(), delimiter=delimiter)
    try:
        next(reader)
        for cells in reader:
            if not cells or all(not cell.strip() for cell in cells):
                continue
            if len(cells) != len(header):
                raise BadArgument(f"expected {len(header)} fields, found {len(cells)}", source=source,
                                  line=reader.line_num)
            values: dict[str, object] = {}
            for field, position in index.items():
                target = NATIONAL_FIELDS[field]
                cell = cells[position].strip()
                values[target] = fix[field](cell) if field in fix else cell
            if not values.get("national_id"):
                raise BadArgument("the national id is empty", source=source, line=reader.line_num,
                                  field=labels["national_id"])
            title = str(values.get("title") or "")
            if title and title not in TITLES:
                values["title"] = ""  # a national title (candidate master of a federation) is not FIDE's
            values.setdefault("fide_id", None)
            yield _record(values, labels, source, reader.line_num, fide=False)
    except csv.Error as error:
        raise BadArgument(f"CSV syntax error: {error}", source=source, line=reader.line_num) from None


# -- the lists written, as FIDE writes them (for tests and the benchmark) --------------------------

#: The columns of FIDE's combined TXT list (players_list_foa.txt): the header word, the width,
#: the record's field.
TXT_LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("ID Number", 15, "fide_id"), ("Name", 61, "name"), ("Fed", 4, "federation"), ("Sex", 4, "sex"),
    ("Tit", 5, "title"), ("WTit", 5, "w_title"), ("OTit", 45, "o_title"), ("FOA", 4, "foa_title"),
    ("SRtng", 6, "standard_rating"), ("SGm", 4, "standard_games"), ("SK", 3, "standard_k"),
    ("RRtng", 6, "rapid_rating"), ("RGm", 4, "rapid_games"), ("Rk", 3, "rapid_k"), ("BRtng", 6, "blitz_rating"),
    ("BGm", 4, "blitz_games"), ("BK", 3, "blitz_k"), ("B-day", 6, "birth_year"), ("Flag", 4, "flag"))


def _cell(record: ListRecord, field: str) -> str:
    value = getattr(record, field)
    if value is None:
        return "0000" if field == "birth_year" else ""
    return f"{value:04d}" if field == "birth_year" else str(value)


def txt_lines(records: Iterable[ListRecord], layout: Sequence[tuple[str, int, str]] = TXT_LAYOUT) -> Iterator[str]:
    """``records`` in FIDE's fixed-width TXT form, the header line first (``layout``: the columns,
    FIDE's of today by default)."""
    yield "".join(word.ljust(width) for word, width, _ in layout).rstrip() + "\n"
    for record in records:
        yield "".join(_cell(record, field).ljust(width) for _, width, field in layout) + "\n"


def xml_lines(records: Iterable[ListRecord]) -> Iterator[str]:
    """``records`` in FIDE's XML form, one element a line."""
    from xml.sax.saxutils import escape

    yield '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
    for record in records:
        cells = "".join(f"<{tag}>{escape(_cell(record, field) if field != 'birth_year' or record.birth_year else '')}"
                        f"</{tag}>\n" for tag, field in _XML_FIELDS.items())
        yield f"<player>\n{cells}</player>\n"
    yield "</playerslist>\n"
