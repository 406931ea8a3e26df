"""The views of an event: pairings, players, standings and crosstables, with their notes.

Each view is built from a tournament and what the lifecycle computed (the
standings, a crosstable) and is shown by :func:`arbiter_cli.render.output.emit`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbiter_cli.pairing.baku import group_a_size, virtual_points_of
from arbiter_cli.core.model import Player, Round, Status, Tournament
from arbiter_cli.core.points import fraction_terms, points_to_number
from arbiter_cli.core.words import count, listed
from arbiter_cli.render.output import Column, View, number_column, number_texts, text_cell

if TYPE_CHECKING:  # the views take them; importing them here would load every tie-break at start-up
    from rich.console import JustifyMethod

    from arbiter_cli.core.team_tournament import TeamTournament
    from arbiter_cli.lifecycle.crosstable import Crosstable
    from arbiter_cli.lifecycle.standings import Standings

__all__ = ["round_rows", "csv_text", "player_label", "pairings_view", "players_view", "standings_view", "crosstable_view",
           "standings_notes", "byes_view", "tiebreak_text", "tiebreak_json", "csv_plain", "table_heading", "tiebreak_csv",
           "TiebreakCsv"]


def round_rows(rnd: Round) -> Iterator[tuple[int | None, int, int | None, str | None]]:
    """A round's rows as (board, White, Black, result code): the games, then the byes (no board, no Black)."""
    for game in rnd.games:
        yield game.board, game.white, game.black, game.result_code
    for bye in rnd.byes:
        yield None, bye.player, None, bye.result_code


def player_label(player: Player | None, *, title: bool = True, rating: bool = True) -> str:
    """``12. GM Name, First (2500)``; without the title or the rating when the table is narrow."""
    if player is None:
        return ""
    title_text = f"{player.title} " if player.title and title else ""
    rating_text = f" ({player.rating})" if player.rating and rating else ""
    return f"{player.start_number}. {title_text}{player.name}{rating_text}"


def pairings_view(tournament: Tournament, rnd: Round) -> View:
    records: list[dict[str, Any]] = []
    for board_number, white_number, black_number, code in round_rows(rnd):
        white = tournament.player(white_number)
        black = tournament.player(black_number) if black_number is not None else None
        records.append({
            "board": board_number,
            "white": white_number,
            "black": black_number,
            "result": code,
            "white_name": white.name if white else None,
            "black_name": black.name if black else None,
        })
    by_tpn = {p.start_number: p for p in tournament.players}

    def result_text(r: dict[str, Any]) -> str:
        if r["black"] is None:
            return {"BYE": "free", "PAB": "bye", "FPB": "bye (1)", "HPB": "bye (½)",
                    "ZPB": "bye (0)"}.get(r["result"], r["result"] or "")
        return "" if r["result"] is None else ("½-½" if r["result"] == "1/2-1/2" else r["result"])

    def label(side: str, **short: bool) -> Callable[[dict[str, Any]], str]:
        return lambda r: player_label(by_tpn.get(r[side]), **short) if r[side] else ""

    # On a narrow console the labels lose the rating, then the title, before a name wraps.
    narrower = ({"rating": False}, {"rating": False, "title": False})
    columns = [
        Column("board", "Bd", text_cell("board"), "right"),
        Column("white", "White", label("white"), narrower=tuple(label("white", **n) for n in narrower), wrap=True),
        Column("black", "Black", label("black"), narrower=tuple(label("black", **n) for n in narrower), wrap=True),
        Column("result", "Result", result_text, "center"),
        Column("white_name", "", text_cell("white_name")),
        Column("black_name", "", text_cell("black_name")),
    ]
    order: tuple[str, ...] = ("board", "white", "result", "black")
    virtual = _virtual_in(tournament, rnd.number)
    if virtual:  # acceleration: each player's virtual points in this round, apart from the label
        for record in records:
            for side in ("white", "black"):
                number = record[side]
                record[f"{side}_virtual"] = (points_to_number(virtual.get(number, Fraction(0)))
                                             if number is not None else None)
        columns += [number_column("white_virtual", "VP"), number_column("black_virtual", "VP")]
        order = ("board", "white", "white_virtual", "result", "black", "black_virtual")
    # The names are in the CSV and JSON; the table shows them in the player labels.
    return View(f"{tournament.settings.name}: round {rnd.number}", records, columns,
                hidden=frozenset({"white_name", "black_name"}), table_order=order)


def _virtual_in(tournament: Tournament, round_number: int) -> dict[int, Fraction]:
    """The players' virtual points in a round (acceleration), when any player has some."""
    virtual = virtual_points_of(tournament)
    values = {tpn: points[round_number - 1] for tpn, points in virtual.items() if 0 < round_number <= len(points)}
    return values if any(values.values()) else {}


PLAYER_KEYS = ("start_number", "name", "title", "rating", "fide_id", "federation", "sex",
               "birth_date", "club", "status", "withdrawn_after")


def players_view(tournament: Tournament) -> View:
    records = [{key: getattr(p, key) for key in PLAYER_KEYS} for p in tournament.players]
    for record in records:
        record["rating"] = record["rating"] or None
    headers = {"start_number": "No", "name": "Name", "title": "Title", "rating": "Rating",
               "fide_id": "FIDE ID", "federation": "Fed", "sex": "Sex", "birth_date": "Born",
               "club": "Club", "status": "Status", "withdrawn_after": "Withdrawn after"}
    right = {"start_number", "rating", "fide_id", "withdrawn_after"}
    keys: tuple[str, ...] = PLAYER_KEYS
    for extra, header in (("entered_round", "Entered"), ("member_id", "Member"),  # players.csv's optional columns
                          ("national_rating", "National"), ("k_factor", "K")):
        if any(getattr(p, extra) is not None for p in tournament.players):
            keys += (extra,)
            headers[extra] = header
            right.add(extra)
            for record, player in zip(records, tournament.players):
                record[extra] = getattr(player, extra)
    columns = [Column(k, headers[k], text_cell(k), "right" if k in right else "left", wrap=k == "name")
               for k in keys]
    optional = frozenset({"title", "fide_id", "federation", "sex", "birth_date", "club",
                          "withdrawn_after", "rating"})
    # On a narrow console: No, Name, Rating and FIDE ID stay longest.
    droppable = ("sex", "birth_date", "club", "member_id", "entered_round", "k_factor", "federation", "title",
                 "withdrawn_after", "status", "national_rating")
    return View(f"{tournament.settings.name}: players", records, columns, optional=optional, droppable=droppable)


def standings_view(tournament: Tournament, standings: Standings) -> View:
    records: list[dict[str, Any]] = []
    for row in standings.rows:
        record: dict[str, Any] = {
            "rank": row.rank,
            "start_number": row.player.start_number,
            "name": row.player.name,
            "rating": row.player.rating or None,
            "points": _number(row.points),
            "played": row.record.played,
            "wins": row.record.wins,
            "draws": row.record.draws,
            "losses": row.record.losses,
            "forfeit_wins": row.record.forfeit_wins,
            "forfeit_losses": row.record.forfeit_losses,
            "byes": row.record.byes,
            "tiebreaks": {code: tiebreak_json(v) for code, v in row.tiebreaks.items()},
            "_rank_label": row.rank_label,
        }
        records.append(record)
    columns = [
        Column("rank", "Rank", lambda r: r["_rank_label"], "right"),
        Column("start_number", "No", text_cell("start_number"), "right"),
        Column("name", "Name", text_cell("name"), wrap=True),
        Column("rating", "Rating", text_cell("rating"), "right"),
        number_column("points", "Pts"),
        Column("played", "Games", text_cell("played"), "right"),
        Column("wins", "W", text_cell("wins"), "right"),
        Column("draws", "D", text_cell("draws"), "right"),
        Column("losses", "L", text_cell("losses"), "right"),
        Column("forfeit_wins", "+", text_cell("forfeit_wins"), "right"),
        Column("forfeit_losses", "-", text_cell("forfeit_losses"), "right"),
        Column("byes", "Byes", text_cell("byes"), "right"),
    ]
    columns += [_tiebreak_column(code) for code in standings.tiebreaks]
    virtual = _virtual_in(tournament, standings.after_round + 1)
    if virtual:  # acceleration: the virtual points the next round is paired with, apart from the points
        for record in records:
            record["virtual_points"] = points_to_number(virtual.get(record["start_number"], Fraction(0)))
        columns.insert(5, number_column("virtual_points", "VP"))

    title = f"{tournament.settings.name}: {table_heading(tournament, 'standings', standings.after_round).lower()}"
    if standings.incomplete:
        title += f" (round{'s' if len(standings.incomplete) > 1 else ''} " \
                 f"{', '.join(map(str, standings.incomplete))} not complete)"
    optional = frozenset({"rating", "forfeit_wins", "forfeit_losses", "byes"})
    # On a narrow console the record goes first (it is in the crosstable), then the rating, then the
    # tie-breaks from the last announced; Rank, No, Name and Pts stay.
    droppable = ("byes", "forfeit_losses", "forfeit_wins", "losses", "draws", "wins", "played", "rating",
                 *reversed(standings.tiebreaks))
    return View(title, records, columns, tiebreak_csv(standings.tiebreaks), optional=optional, droppable=droppable)


def table_heading(tournament: Tournament | TeamTournament, what: str, after_round: int) -> str:
    """What a table of standings or a crosstable shows: ``Final standings`` for a finalised event's
    table after its last round, else ``Standings after round 5``.

    >>> from arbiter_cli.core.model import Settings, System
    >>> running = Tournament(Settings(name="Open", system=System.SWISS, seed=1, rounds=7))
    >>> table_heading(running, "standings", 5)
    'Standings after round 5'
    """
    if tournament.settings.status is Status.FINALISED and after_round == tournament.last_round:
        return f"Final {what}"
    return f"{what[:1].upper()}{what[1:]} after round {after_round}"


def tiebreak_csv(tiebreaks: Sequence[str], headings: Sequence[str] = ()) -> TiebreakCsv:
    """The CSV cells of a table with tie-breaks (and a crosstable's cells under ``headings``): a
    tie-break's value from the record's ``tiebreaks`` (empty when it has none), a cell from its
    ``_cells``, any other column plain."""
    return TiebreakCsv(tuple(tiebreaks), tuple(headings))


class TiebreakCsv:
    """:func:`tiebreak_csv`'s cells: called with a record and a column's key, or :meth:`text_getter` of one
    column, the same value read without asking which kind of column it is for each record (issue 29: a
    standings page of 1,000 players reads 16,000 cells)."""

    __slots__ = ("tiebreaks", "headings")

    def __init__(self, tiebreaks: tuple[str, ...], headings: tuple[str, ...]) -> None:
        self.tiebreaks, self.headings = tiebreaks, headings

    def __call__(self, record: dict[str, Any], key: str) -> Any:
        if key in self.headings:
            return record["_cells"][self.headings.index(key)]
        if key in self.tiebreaks:
            found = record["tiebreaks"].get(key)
            return "" if found is None else found
        return csv_plain(record.get(key))

    def text_getter(self, key: str) -> Callable[[dict[str, Any]], str]:
        """The column ``key`` of a record as the CSV writes it (:func:`csv_text` of the value
        :meth:`__call__` reads: None and "" empty, a whole float as an int), read and written in one
        call, without asking which kind of column it is for each record (issue 29)."""
        if key in self.headings:
            index = self.headings.index(key)
            return lambda record: csv_text(record["_cells"][index])
        if key in self.tiebreaks:  # (None, its value when the tie-break has none, is written empty)
            return lambda record: csv_text(record["tiebreaks"].get(key))
        return lambda record: csv_text(record.get(key))


def csv_text(value: Any) -> str:
    """A JSON value as the CSV output writes it (:func:`arbiter_cli.render.output.view_text`):
    ``None`` is empty, a whole float is an int (``3.0`` -> ``3``), anything else its ``str``
    (``2.5``, ``"1/3"``, ``17``). The standings and the player cards write their cells so
    (:func:`csv_plain`'s value written the same).

    >>> [csv_text(v) for v in (None, 3.0, 2.5, "1/3", 17)]
    ['', '3', '2.5', '1/3', '17']
    """
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def csv_plain(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def tiebreak_json(value: Fraction | int | None) -> int | float | None:
    if value is None:
        return None
    if type(value) is int:  # its own JSON number
        return value
    return _number(value if type(value) is Fraction else Fraction(value))


def _number(value: Fraction) -> int | float:
    """:func:`~arbiter_cli.core.points.points_to_number` of ``value``, a whole number or a number of halves,
    quarters... (a power of two below it: a finite decimal, its float the division's) at once (issue 29:
    the standings of 1,000 players write 6,000 values)."""
    if type(value) is not Fraction:
        return points_to_number(value)
    top, bottom = fraction_terms(value)
    if bottom == 1:
        return top
    if bottom & (bottom - 1) == 0:
        return top / bottom
    return points_to_number(value)


def _crosstable_cell(index: int) -> Callable[[dict[str, Any]], str]:
    return lambda record: str(record["_cells"][index])


def _tiebreak_column(code: str) -> Column:
    """A tie-break's column: its values in one style (:func:`arbiter_cli.render.output.number_texts`)."""
    return number_column(code, code, lambda record: record["tiebreaks"].get(code))


def tiebreak_text(value: Any) -> str:
    """One tie-break value alone for people: 2½, 13.25, 1888; an empty cell for no value. In a
    table a value is written with the rest of its column, by :func:`number_texts`."""
    return number_texts([value])[0]


def crosstable_view(tournament: Tournament, table: Crosstable, games: bool = True) -> View:
    """The crosstable as a view; its records' ``games`` (each round's opponent, colour and result, for
    ``--format json``) only when ``games`` (issue 29: the site's page shows the cells, not them)."""
    records: list[dict[str, Any]] = []
    for row in table.rows:
        record = {
            "start_number": row.player.start_number,
            "name": row.player.name,
            "rating": row.player.rating or None,
            "points": _number(row.points),
            "rank": row.rank,
            "games": [
                {"round": e.round, "opponent": e.opponent, "colour": e.colour, "result": e.symbol}
                for e in row.entries
            ] if games else None,
            "_cells": row.cells,
            "_rank_label": row.rank_label,
        }
        if not games:
            del record["games"]
        records.append(record)
    columns = [
        Column("start_number", "No", text_cell("start_number"), "right"),
        Column("name", "Name", text_cell("name"), wrap=True),
        Column("rating", "Rtg", text_cell("rating"), "right"),
    ]
    # Round by round, a cell ends in its colour and result ("12w1", " 7b½"): right-aligned, they
    # stand in columns. In the square table each cell is one symbol per game, under the opponent's number.
    justify: JustifyMethod = "center" if tournament.settings.system.is_round_robin else "right"
    for index, heading in enumerate(table.headings):
        columns.append(Column(heading, heading, _crosstable_cell(index), justify))
    columns += [
        number_column("points", "Pts"),
        Column("rank", "Rank", lambda r: r["_rank_label"], "right"),
    ]
    columns += [_tiebreak_column(code) for code in table.tiebreaks]
    for record, row in zip(records, table.rows):
        record["tiebreaks"] = {code: tiebreak_json(v) for code, v in row.tiebreaks.items()}

    title = f"{tournament.settings.name}: {table_heading(tournament, 'crosstable', table.after_round).lower()}"
    # On a narrow console the rating goes first, then the tie-breaks from the last announced; the
    # games, the points and the rank stay.
    return View(title, records, columns, tiebreak_csv(table.tiebreaks, table.headings),
                droppable=("rating", *reversed(table.tiebreaks)))


def standings_notes(table: Standings) -> list[str]:
    """What the person should know about a table of standings: rounds not complete, codes left
    out or not computable, cautions, lots, players left out."""
    notes = []
    for number, boards in table.incomplete.items():
        playing = table.unfinished.get(number, ())
        missing = [board for board in boards if board not in playing]
        notes.append(f"round {number} is not complete; " + "; ".join(
            ([f"no result yet on board{'s' if len(missing) > 1 else ''} {listed(missing)}"] if missing else [])
            + ([f"still being played (*, no points yet) on board{'s' if len(playing) > 1 else ''} {listed(playing)}"]
               if playing else [])))
    if table.unavailable:
        notes.append(f"{', '.join(table.unavailable)}: team tie-break{'s' if len(table.unavailable) > 1 else ''}, "
                     "not used for individual standings")
    if table.dropped:
        notes.append(f"{', '.join(table.dropped)}: no values, because some players are unrated and no "
                     "unrated_rating was announced (C.07 Art. 10)")
    if table.cautions:
        notes.append(f"{', '.join(table.cautions)}: the 2026 rules do not allow Buchholz tie-breaks in a round "
                     "robin (C.07 Art. 8); computed as asked")
    if table.lots:
        names = sum(len(group) for group in table.lots)
        sep = " / " if any("," in name for group in table.lots for name in group) else ", "  # "Surname, First"
        tied = ("; ".join(sep.join(group) for group in table.lots) if names <= 6
                else f"{count(names, 'player')} in {count(len(table.lots), 'tie')}")
        notes.append(f"{tied}: still equal after the tie-breaks, ordered by lot (tiebreak_lots, from the seed)")
    left = [row.player for row in table.rows if row.rank is not None and row.player.is_withdrawn]
    if left:  # ranked with the others (rank_withdrawn = true): say who, as the prize list leaves them out
        notes.append("withdrawn, ranked with the others: " + ("; ".join(
            f"{p.start_number} {p.name}" + (f" (after round {p.withdrawn_after})" if p.withdrawn_after is not None
                                            else "") for p in left) if len(left) <= 6 else count(len(left), "player")))
    if table.unranked:
        notes.append(f"{', '.join(table.unranked)}: withdrawn, listed without a rank (rank_withdrawn = false)")
    if table.left_out:
        notes.append(f"{'; '.join(table.left_out)}: withdrew having played fewer than half of their games over "
                     "the board (a forfeit is not played); their games do not count (round_robin_withdrawal = \"half\")")
    return notes


def byes_view(tournament: Tournament) -> View:
    """The requested byes of the rounds not yet paired."""
    records = []
    for request in sorted(tournament.byes, key=lambda b: (b.round, b.start_number)):
        player = tournament.player(request.start_number)
        records.append({"round": request.round, "start_number": request.start_number,
                        "name": player.name if player else "", "kind": request.kind.value})
    columns = [Column("round", "Round", lambda r: str(r["round"]), "right"),
               Column("start_number", "No.", lambda r: str(r["start_number"]), "right"),
               Column("name", "Name", lambda r: str(r["name"]), wrap=True),
               Column("kind", "Bye", lambda r: str(r["kind"]))]
    return View("Requested byes", records, columns)


def avoid_view(tournament: Tournament) -> View:
    """The forbidden pairs, numbered as 'avoid remove N' takes them, and the settings' rules (``rule``:
    the setting's name, with no players of its own; in CSV the players are start numbers apart)."""
    records: list[dict[str, Any]] = []
    for number, avoidance in enumerate(tournament.avoid, start=1):
        records.append({"n": number, "players": list(avoidance.players),
                        "names": "; ".join(tournament.by_number[p].name for p in avoidance.players
                                           if p in tournament.by_number),
                        "first_round": avoidance.first, "last_round": avoidance.last, "rule": None})
    settings = tournament.settings
    for rounds, what in ((settings.avoid_same_club_rounds, "club"), (settings.avoid_same_federation_rounds, "federation")):
        if rounds:
            records.append({"n": None, "players": [], "names": f"players of one {what}", "first_round": 1,
                            "last_round": rounds, "rule": f"avoid_same_{what}_rounds"})

    def players(record: dict[str, Any]) -> str:
        return " ".join(map(str, record["players"])) if record["players"] else f"({record['rule']})"

    columns = [Column("n", "N", text_cell("n"), "right"),
               Column("players", "Players", players),
               Column("names", "Names", text_cell("names"), wrap=True),
               Column("first_round", "From", lambda r: str(r["first_round"] or 1), "right"),
               Column("last_round", "To", lambda r: str(r["last_round"] or settings.rounds or "end"), "right"),
               Column("rule", "", text_cell("rule"))]

    def csv_value(record: dict[str, Any], key: str) -> Any:
        return " ".join(map(str, record["players"])) if key == "players" else record.get(key)

    view = View(f"{settings.name}: forbidden pairs", records, columns, csv_value)
    view.hidden = view.hidden | {"rule"}
    return view


def virtual_points_view(tournament: Tournament) -> View:
    """Each player's virtual points per round, while any apply (acceleration, C.04.7)."""
    virtual = virtual_points_of(tournament)
    rounds = max((len(v) for v in virtual.values()), default=0)
    last = max((r for v in virtual.values() for r, p in enumerate(v, start=1) if p), default=0)
    records: list[dict[str, Any]] = []
    for player in tournament.players:
        values = virtual.get(player.start_number, ())
        record: dict[str, Any] = {"start_number": player.start_number, "name": player.name}
        for rnd in range(1, min(rounds, last) + 1):
            missed = player.entered_round is not None and rnd < player.entered_round  # a late entry's rounds before
            record[f"round_{rnd}"] = points_to_number(values[rnd - 1]) if rnd <= len(values) and not missed else 0
        records.append(record)
    columns = [Column("start_number", "No", text_cell("start_number"), "right"),
               Column("name", "Name", text_cell("name"), wrap=True)]
    columns += [number_column(f"round_{rnd}", f"R{rnd}") for rnd in range(1, min(rounds, last) + 1)]
    return View(f"{tournament.settings.name}: virtual points", records, columns)


def group_a_note(tournament: Tournament) -> str | None:
    """Where Baku's group A ends (C.04.7), as set or as round 1 will set it: 2·⌈n/4⌉."""
    if tournament.settings.acceleration != "baku":
        return None
    group = tournament.settings.baku_group_a
    if group is not None:
        return f"group A: start numbers 1 to {group}"
    size = min(group_a_size(len(tournament.players)), len(tournament.players))
    return (f"group A: start numbers 1 to {size} (2·⌈n/4⌉ of {len(tournament.players)} players, fixed when round 1 "
            "is paired; 'acceleration group-a LAST' sets it by hand)")
