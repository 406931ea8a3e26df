"""A player's card, the same for an individual and a team event: every round (opponent,
colour, result, the points and the running score), the score-by-round chart, the
performance rating and, where the event is rated, the rating change.

The rounds table is ``<table class="rounds">``; its cells ``data-key="round"``,
``data-key="points"`` (the points of that round) and ``data-key="running_score"`` (the total
so far) hold exact points written as the CSV output writes them (``0.5``, ``3``): see
:func:`arbiter_cli.render.site.parts.points_text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbiter_cli.core.outcome import Outcome
from arbiter_cli.ratings.club import StoredRow
from arbiter_cli.ratings.elo import performance_rating
from arbiter_cli.render.club import hundredths, rating_change
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.site.blocks import Cell, Detail, Fact, Table, details, header, plain, site_page
from arbiter_cli.render.site.charts import Chart, Series, line_chart
from arbiter_cli.render.site.parts import points_text

__all__ = ["CardRound", "Card", "card", "card_page", "performance"]

COLOUR = {"w": "White", "b": "Black", None: ""}


@dataclass(frozen=True)
class CardRound:
    """One round of a card: ``opponent`` the opponent's cell (a link, or a bye's words)."""

    round: int
    opponent: Cell
    colour: str | None
    outcome: Outcome
    points: Fraction
    board: str = ""
    opponent_rating: int = 0


@dataclass(frozen=True)
class Card:
    """What a card shows: the details, the rounds table, the score-by-round chart and, where the
    event is rated, the rating change (its time control)."""

    details: list[Detail]
    rounds: Table
    chart: Chart | None
    rating_change: Table | None = None
    time_control: str = ""


def performance(rounds: Sequence[CardRound]) -> int | None:
    """The performance rating over the games played against rated opponents (B.02 8.1.1:
    the opponents' average rating + dp(p)); None without such a game."""
    games = [(r.opponent_rating, r.outcome.rating_points) for r in rounds
             if r.outcome.played and r.opponent_rating and r.outcome.rating_points is not None]
    if not games:
        return None
    return performance_rating([rating for rating, _ in games], sum((p for _, p in games), Fraction(0)))


def _rating_change(rated: StoredRow) -> Table:
    row = rated.row
    return Table([header("Ro", cls="num"), header("K", cls="num"), header("Games", cls="num"),
                  header("Score", cls="num"), header("We", cls="num"), header("Δ", cls="num"), header("Rn", cls="num")],
                 [[plain(row.rating_before, "rating_before", "num"), plain(row.k, "k", "num"),
                   plain(row.games, "games", "num"), plain(number_texts([row.score])[0], "score", "num"),
                   plain(hundredths(row.expected), "expected", "num"), plain(rating_change(row.change), "change", "num"),
                   plain(row.rating_after, "rating_after", "num")]], cls="rating-change")


def card(rounds: Sequence[CardRound], items: list[Fact], rated: StoredRow | None,
         *, boards: bool = False) -> Card:
    """The card: the details, the rounds table, the chart and the rating change."""
    tpr = performance(rounds)
    total = sum((r.points for r in rounds), Fraction(0))
    facts = details([*items, ("Points", number_texts([total])[0]),
                     ("Games played", str(sum(1 for r in rounds if r.outcome.played))),
                     ("Performance rating", "" if tpr is None else str(tpr))])
    running = Fraction(0)
    rows = []
    for entry in rounds:
        running += entry.points
        rows.append([plain(entry.round, "round", "num"), *([plain(entry.board, "board", "num")] if boards else []),
                     entry.opponent._replace(key="opponent"), plain(COLOUR.get(entry.colour, ""), "colour"),
                     plain(entry.outcome.symbol, "result", "center"), plain(points_text(entry.points), "points", "num"),
                     plain(points_text(running), "running_score", "num")])
    headers = [header("Round", "round", "num"), *([header("Board", "board", "num")] if boards else []),
               header("Opponent", "opponent"), header("Colour", "colour"), header("Result", "result", "center"),
               header("Points", "points", "num"), header("Running score", "running_score", "num")]
    chart = None
    if rounds:
        points: list[tuple[int, Fraction | int]] = [(0, 0)]
        score = Fraction(0)
        for entry in rounds:
            score += entry.points
            points.append((entry.round, score))
        words = ", ".join(f"round {x}: {number_texts([y])[0]}" for x, y in points[1:])
        chart = line_chart("score-by-round", "Score by round", f"The running score after each round: {words}.",
                           [Series("score", tuple(points))], x_label="round", floor=0)
    return Card(facts, Table(headers, rows, cls="rounds"), chart, None if rated is None else _rating_change(rated),
                "" if rated is None else rated.time_control)


def card_page(site: Any, title: str, found: Card) -> str:
    """A player's card page (``players/N.html``)."""
    return site_page(site, "card.html", title, 1, card=found)
