"""The views of a club: members, the rating list, a tournament's rating changes, a member's history."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbiter_cli.core.points import points_to_number
from arbiter_cli.core.words import signed
from arbiter_cli.render.output import Column, View, number_column, text_cell

if TYPE_CHECKING:  # a club's model, loaded by a club's commands (a card's rating change needs only the words)
    from arbiter_cli.ratings.club import Club, Member, StoredRow

__all__ = ["members_view", "rating_list_view", "changes_view", "history_view", "sparkline", "rating_change",
           "hundredths"]


def rating_change(change: int) -> str:
    """A rating change as arbiters write it (:func:`arbiter_cli.core.words.signed`)."""
    return signed(change)


def hundredths(value: Fraction) -> str:
    """An expected score with two decimals, as the FIDE tables give it (exact: no float on the way).

    >>> hundredths(Fraction(7, 10)), hundredths(Fraction(3)), hundredths(Fraction(123, 100))
    ('0.70', '3.00', '1.23')
    """
    cents = value * 100
    whole = round(cents)  # a sum of table values is whole hundredths; anything else rounds half to even
    sign = "-" if whole < 0 else ""
    return f"{sign}{abs(whole) // 100}.{abs(whole) % 100:02d}"


def members_view(club: Club) -> View:
    """The members with their initial and current club ratings."""
    from arbiter_cli.ratings.club import current_ratings
    from arbiter_cli.ratings.ledger import TIME_CONTROLS

    current = current_ratings(club)
    records = []
    for m in club.members:
        record: dict[str, Any] = {"id": m.id, "name": m.name, "birth_date": m.birth_date}
        for control in TIME_CONTROLS:
            record[f"{control}_initial"] = m.initial(control, club.settings.default_rating)
            record[control] = current[(m.id, control)][0]
        records.append(record)
    columns = [Column("id", "Id", lambda r: str(r["id"]), "right"),
               Column("name", "Name", lambda r: str(r["name"]), wrap=True),
               Column("birth_date", "Born", lambda r: r["birth_date"] or "")]
    for control in TIME_CONTROLS:
        columns.append(Column(f"{control}_initial", f"{control.title()} (initial)",
                              text_cell(f"{control}_initial"), "right"))
        columns.append(Column(control, control.title(), text_cell(control), "right"))
    # On a narrow console the initial ratings go first (the last time control's first), then the birth date.
    droppable = (*(f"{control}_initial" for control in reversed(TIME_CONTROLS)), "birth_date")
    return View(f"{club.settings.name}: members", records, columns, droppable=droppable)


def rating_list_view(club: Club, controls: Sequence[str]) -> View:
    """The current ratings and rated games; for one time control, a rating list (strongest first)."""
    from arbiter_cli.ratings.club import current_ratings

    current = current_ratings(club)
    records: list[dict[str, Any]] = []
    for m in club.members:
        record: dict[str, Any] = {"member_id": m.id, "name": m.name}
        for control in controls:
            record[control], record[f"{control}_games"] = current[(m.id, control)]
        records.append(record)
    if len(controls) == 1:
        records.sort(key=lambda r: (-int(r[controls[0]]), str(r["name"])))
    columns = [Column("member_id", "Id", lambda r: str(r["member_id"]), "right"),
               Column("name", "Name", lambda r: str(r["name"]), wrap=True)]
    for control in controls:
        columns.append(Column(control, control.title(), text_cell(control), "right"))
        columns.append(Column(f"{control}_games", "Games", text_cell(f"{control}_games"), "right"))
    # On a narrow console the counts of games go first (the last time control's first).
    droppable = tuple(f"{control}_games" for control in reversed(controls))
    return View(f"{club.settings.name}: club ratings", records, columns, droppable=droppable)


def changes_view(name: str, rows: Sequence[StoredRow]) -> View:
    """One row per player of a rated tournament: Ro, K, games, score, We, change, Rn, TPR."""
    records = [{"member_id": s.row.member_id, "name": s.name, "rating_before": s.row.rating_before, "k": s.row.k,
                "games": s.row.games, "score": s.row.score, "expected": s.row.expected, "change": s.row.change,
                "rating_after": s.row.rating_after, "performance": s.row.performance} for s in rows]
    columns = [
        Column("member_id", "Id", lambda r: str(r["member_id"]), "right"),
        Column("name", "Name", lambda r: str(r["name"]), wrap=True),
        Column("rating_before", "Ro", lambda r: str(r["rating_before"]), "right"),
        Column("k", "K", lambda r: str(r["k"]), "right"),
        Column("games", "Games", lambda r: str(r["games"]), "right"),
        number_column("score", "Score"),
        Column("expected", "Expected", lambda r: hundredths(r["expected"]), "right"),
        Column("change", "Δ", lambda r: rating_change(r["change"]), "right"),
        Column("rating_after", "Rn", lambda r: str(r["rating_after"]), "right"),
        Column("performance", "TPR", lambda r: "" if r["performance"] is None else str(r["performance"]), "right"),
    ]
    # On a narrow console: the performance first, then the games, K, the expected score and the id.
    return View(f"{name}: rating changes ({rows[0].time_control})", records, columns,
                csv_value=lambda r, k: points_to_number(r[k]) if isinstance(r[k], Fraction) else r[k],
                droppable=("performance", "games", "k", "expected", "member_id"))


def history_view(club: Club, member: Member, controls: Sequence[str]) -> View:
    """The member's rating after each tournament, per time control, from the initial rating; the
    date is the tournament's (its last day, see :func:`arbiter_cli.ratings.club.event_date`)."""
    initial = club.initial_ratings()[member.id]
    rows = [s for s in club.ratings if s.row.member_id == member.id and s.time_control in controls]
    records: list[dict[str, Any]] = [{"time_control": c, "tournament": "(initial)", "date": None,
                                      "rating": initial[c], "change": None} for c in controls]
    records += [{"time_control": s.time_control, "tournament": s.tournament, "date": s.date or None,
                 "rating": s.row.rating_after, "change": s.row.change} for s in rows]
    records.sort(key=lambda r: list(controls).index(str(r["time_control"])))
    columns = [Column("time_control", "Time control", lambda r: str(r["time_control"])),
               Column("tournament", "Tournament", lambda r: str(r["tournament"]), wrap=True),
               Column("date", "Date", lambda r: r["date"] or ""),
               Column("rating", "Rating", lambda r: str(r["rating"]), "right"),
               Column("change", "Δ", lambda r: "" if r["change"] is None else rating_change(r["change"]), "right")]
    return View(f"{member.name}: club rating history", records, columns)


def sparkline(values: list[int]) -> str:
    """A one-line chart of a rating over time.

    >>> sparkline([1500, 1520, 1510, 1560])
    '▁▃▂█'
    """
    bars = "▁▂▃▄▅▆▇█"
    low, high = min(values), max(values)
    if high == low:
        return bars[3] * len(values)
    return "".join(bars[(v - low) * (len(bars) - 1) // (high - low)] for v in values)
