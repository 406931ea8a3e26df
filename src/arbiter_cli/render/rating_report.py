"""The views of an event's expected FIDE rating changes (:mod:`arbiter_cli.ratings.fide`): the rating
report (Ro, K, games, points, expected score, Δ, Rn per player), one player's games as B.02 rates
them, and the Δ column ``standings --rating-change`` adds.

Δ is exact, K × (W − Σ PD): the PDs are hundredths, so it is written with two decimals and no
rounding (``+8.40``); Rn is Ro + Δ rounded once, .5 away from zero (B.02 8.3.4). JSON and CSV
hold the same exact numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from arbiter_cli.core.model import Tournament
from arbiter_cli.core.points import format_points, points_to_number
from arbiter_cli.core.words import count
from arbiter_cli.ratings.elo import K_MAX_PRODUCT
from arbiter_cli.ratings.fide import DEFAULT_K, K_DEFAULT, ExpectedChange
from arbiter_cli.render.club import hundredths
from arbiter_cli.render.output import Column, View, number_column, text_cell

__all__ = ["signed_hundredths", "rating_report_view", "rating_report_notes", "player_rating_view", "with_rating_change",
           "list_name", "player_summary", "k_text", "UNRATED"]

#: What an unrated player's row says where a rated player's has Ro.
UNRATED = "unrated"


def signed_hundredths(value: Fraction) -> str:
    """A rating change with its sign and two decimals, exactly: ``+8.40``, ``-4.60``, ``0.00``.

    >>> signed_hundredths(Fraction(42, 5)), signed_hundredths(Fraction(-23, 5)), signed_hundredths(Fraction(0))
    ('+8.40', '-4.60', '0.00')
    """
    return f"+{hundredths(value)}" if value > 0 else hundredths(value)


def list_name(tournament: Tournament) -> str:
    """The FIDE list the event is rated on: ``FIDE standard``, ``FIDE rapid``, ``FIDE blitz``."""
    return f"FIDE {tournament.settings.rating_type.value}"


def k_text(row: ExpectedChange) -> str:
    if row.k is None:
        return ""
    return f"{row.k}*" if row.k_source == K_DEFAULT else str(row.k)


def _number(value: Fraction | None) -> int | float | None:
    return None if value is None else points_to_number(value)


def _csv(record: dict[str, Any], key: str) -> Any:
    value = record.get(key)
    if value is None:
        return ""
    return points_to_number(value) if isinstance(value, Fraction) else value


def rating_report_view(tournament: Tournament, rows: Sequence[ExpectedChange], title: str) -> View:
    """One row per player, by start number: Ro, K (and where it comes from), the games rated, the
    points W in them, the expected score Σ PD, Δ and Rn; an unrated player's row says so."""
    by_number = tournament.by_number
    records: list[dict[str, Any]] = []
    for row in rows:
        player = by_number[row.start_number]
        records.append({
            "start_number": row.start_number, "name": player.name, "fide_id": player.fide_id,
            "rating_before": row.rating, "rated": row.rated, "k": row.k, "k_source": row.k_source or None,
            "games": len(row.games), "score": row.score, "expected": row.expected, "change": row.change,
            "change_rounded": row.rounded, "rating_after": row.rating_after,
            "_k": k_text(row)})
    columns = [
        Column("start_number", "No", text_cell("start_number"), "right"),
        Column("name", "Name", text_cell("name"), wrap=True),
        Column("fide_id", "FIDE ID", text_cell("fide_id"), "right"),
        Column("rating_before", "Ro", lambda r: UNRATED if not r["rated"] else str(r["rating_before"]), "right"),
        Column("k", "K", lambda r: str(r["_k"]), "right"),
        Column("k_source", "K from", text_cell("k_source")),
        Column("games", "Games", text_cell("games"), "right"),
        number_column("score", "Points"),
        Column("expected", "Expected", lambda r: "" if r["expected"] is None else hundredths(r["expected"]), "right"),
        Column("change", "Δ", lambda r: "" if r["change"] is None else signed_hundredths(r["change"]), "right"),
        Column("change_rounded", "Δ rounded", text_cell("change_rounded"), "right"),
        Column("rating_after", "Rn", text_cell("rating_after"), "right"),
    ]
    return View(title, records, columns, csv_value=_csv, hidden=frozenset({"k_source", "change_rounded"}),
                optional=frozenset({"fide_id"}), droppable=("fide_id", "expected", "games"))


def rating_report_notes(tournament: Tournament, rows: Sequence[ExpectedChange]) -> list[str]:
    """The legend of the rating report, and what the person should know of its rows: the K not
    known, the K × n ≤ 700 rule applied, the unrated players."""
    notes = [f"{list_name(tournament)} list (B.02 8.3): Ro the rating; games rated: played against rated opponents "
             "(forfeits and byes are not rated); Expected = Σ PD from table 8.1.2 with the 400-point rule; "
             "Δ = K × (Points − Expected), exact; Rn = Ro + Δ rounded once (8.3.4)"]
    guessed = [row for row in rows if row.k_source == K_DEFAULT]
    if guessed:
        notes.append(f"K*: not known for {count(len(guessed), 'player')}: {DEFAULT_K}, B.02 8.3.3's K below 2400 "
                     "after 30 rated games (40 before them, 10 once rated 2400): set it with 'arbiter player set-k "
                     "N K'")
    capped = [row for row in rows if row.capped]
    if capped:
        notes.append(f"K × games ≤ {K_MAX_PRODUCT} (B.02 8.3.3): K lowered for {count(len(capped), 'player')}")
    unrated = [row for row in rows if not row.rated]
    if unrated:
        notes.append(f"unrated: {count(len(unrated), 'player')}, no Δ: B.02 rates an unrated player by its "
                     "initial-rating rules (Games: their games against rated opponents)")
    return notes


def player_summary(row: ExpectedChange) -> str:
    """One player's line of the report in words: ``Ro 2365, K 20*, 5 games rated, 2 points, expected
    4.37: Δ -47.40, Rn 2318``; an unrated player's games against rated opponents."""
    games = f"{count(len(row.games), 'game')} rated" if row.rated else \
        f"{count(len(row.games), 'game')} against rated opponents"
    points = f"{format_points(row.score)} point{'' if row.score == 1 else 's'}"
    if row.change is None or row.expected is None:
        return f"unrated, no Δ (B.02's initial-rating rules give a first rating): {games}, {points}"
    return (f"Ro {row.rating}, K {k_text(row)}, {games}, {points}, expected {hundredths(row.expected)}: "
            f"Δ {signed_hundredths(row.change)}, Rn {row.rating_after}")


def player_rating_view(tournament: Tournament, row: ExpectedChange, title: str) -> View:
    """One player's rounds as B.02 rates them: each game rated with the opponent's rating, the
    player's score W, D after the 400-point rule, PD and K × (W − PD); each round not rated with why."""
    by_number = tournament.by_number
    records: list[dict[str, Any]] = []
    for game in row.games:
        opponent = by_number[game.opponent]
        records.append({"round": game.round, "opponent": game.opponent, "opponent_name": opponent.name,
                        "opponent_rating": game.opponent_rating, "score": game.score,
                        "difference": game.difference, "expected": game.expected,
                        "change": None if game.expected is None or row.k is None
                        else row.k * (game.score - game.expected), "rated": True, "reason": None})
    for skipped in row.not_rated:
        opponent_name = by_number[skipped.opponent].name if skipped.opponent is not None else None
        records.append({"round": skipped.round, "opponent": skipped.opponent, "opponent_name": opponent_name,
                        "opponent_rating": by_number[skipped.opponent].rating or None
                        if skipped.opponent is not None else None, "score": None, "difference": None,
                        "expected": None, "change": None, "rated": False, "reason": skipped.reason})
    records.sort(key=lambda r: int(r["round"]))
    columns = [
        Column("round", "Round", text_cell("round"), "right"),
        Column("opponent", "No", text_cell("opponent"), "right"),
        Column("opponent_name", "Opponent", text_cell("opponent_name"), wrap=True),
        Column("opponent_rating", "Rating", text_cell("opponent_rating"), "right"),
        number_column("score", "W"),
        Column("difference", "D", text_cell("difference"), "right"),
        Column("expected", "PD", lambda r: "" if r["expected"] is None else hundredths(r["expected"]), "right"),
        Column("change", "K×(W−PD)", lambda r: "" if r["change"] is None else signed_hundredths(r["change"]), "right"),
        Column("reason", "Not rated", text_cell("reason")),
    ]
    return View(title, records, columns, csv_value=_csv, hidden=frozenset({"rated"}),
                optional=frozenset({"reason", "difference", "expected", "change"}))


def with_rating_change(view: View, rows: Mapping[int, ExpectedChange]) -> View:
    """A standings view with each player's Δ (``rating_change``, exact; None for an unrated player),
    after the rating. The person asked for it, so a narrow table keeps it and drops other columns."""
    for record in view.records:
        row = rows.get(int(record["start_number"]))
        record["rating_change"] = _number(row.change) if row is not None else None
        record["_rating_change"] = row.change if row is not None else None
    column = Column("rating_change", "Δ", lambda r: "" if r["_rating_change"] is None
                    else signed_hundredths(r["_rating_change"]), "right")
    keys = [c.key for c in view.columns]
    at = keys.index("rating") + 1 if "rating" in keys else len(keys)
    view.columns.insert(at, column)
    return view
