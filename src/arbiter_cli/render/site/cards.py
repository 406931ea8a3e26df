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

from arbiter_cli.core.outcome import Outcome
from arbiter_cli.ratings.club import StoredRow
from arbiter_cli.ratings.elo import performance_rating
from arbiter_cli.render.club import hundredths, rating_change
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.site.charts import Series, line_chart
from arbiter_cli.render.site.layout import Cell, definition_list, h, table
from arbiter_cli.render.site.parts import points_text

__all__ = ["CardRound", "card_body", "performance"]

COLOUR = {"w": "White", "b": "Black", None: ""}


@dataclass(frozen=True)
class CardRound:
    """One round of a card: ``opponent`` is HTML already (a link, or a bye's words)."""

    round: int
    opponent: str
    colour: str | None
    outcome: Outcome
    points: Fraction
    board: str = ""
    opponent_rating: int = 0


def performance(rounds: Sequence[CardRound]) -> int | None:
    """The performance rating over the games played against rated opponents (B.02 8.1.1:
    the opponents' average rating + dp(p)); None without such a game."""
    games = [(r.opponent_rating, r.outcome.rating_points) for r in rounds
             if r.outcome.played and r.opponent_rating and r.outcome.rating_points is not None]
    if not games:
        return None
    return performance_rating([rating for rating, _ in games], sum((p for _, p in games), Fraction(0)))


def card_body(rounds: Sequence[CardRound], details: list[tuple[str, str]], rated: StoredRow | None,
              *, boards: bool = False) -> str:
    """The card: the details, the rounds table, the chart and the rating change."""
    tpr = performance(rounds)
    total = sum((r.points for r in rounds), Fraction(0))
    items = [*details, ("Points", h(number_texts([total])[0])),
             ("Games played", str(sum(1 for r in rounds if r.outcome.played))),
             ("Performance rating", "" if tpr is None else str(tpr))]
    body = [definition_list(items)]
    running = Fraction(0)
    rows = []
    for entry in rounds:
        running += entry.points
        rows.append([Cell(str(entry.round), "round", "num"), *([Cell(h(entry.board), "board", "num")] if boards else []),
                     Cell(entry.opponent, "opponent"), Cell(COLOUR.get(entry.colour, ""), "colour"),
                     Cell(h(entry.outcome.symbol), "result", "center"),
                     Cell(points_text(entry.points), "points", "num"),
                     Cell(points_text(running), "running_score", "num")])
    headers = [Cell("Round", "round", "num"), *([Cell("Board", "board", "num")] if boards else []),
               Cell("Opponent", "opponent"), Cell("Colour", "colour"), Cell("Result", "result", "center"),
               Cell("Points", "points", "num"), Cell("Running score", "running_score", "num")]
    body += ["<h2>Rounds</h2>", '<div class="scroll">' + table(headers, rows, cls="rounds") + "</div>",
             '<p class="note">Result: 1 ½ 0 a game; + - a forfeit; PAB FPB HPB ZPB a bye; ? no result yet. '
             "The performance rating counts the games played against rated opponents (FIDE B.02 8.1.1).</p>"]
    if rounds:
        points: list[tuple[int, Fraction | int]] = [(0, 0)]
        score = Fraction(0)
        for entry in rounds:
            score += entry.points
            points.append((entry.round, score))
        words = ", ".join(f"round {x}: {number_texts([y])[0]}" for x, y in points[1:])
        body.append(line_chart("score-by-round", "Score by round", f"The running score after each round: {words}.",
                               [Series("score", tuple(points))], x_label="round", floor=0))
    if rated is not None:
        row = rated.row
        body += [f"<h2>Rating change ({h(rated.time_control)})</h2>", table(
            [Cell("Ro", cls="num"), Cell("K", cls="num"), Cell("Games", cls="num"), Cell("Score", cls="num"),
             Cell("We", cls="num"), Cell("Δ", cls="num"), Cell("Rn", cls="num")],
            [[Cell(str(row.rating_before), "rating_before", "num"), Cell(str(row.k), "k", "num"),
              Cell(str(row.games), "games", "num"), Cell(h(number_texts([row.score])[0]), "score", "num"),
              Cell(hundredths(row.expected), "expected", "num"), Cell(h(rating_change(row.change)), "change", "num"),
              Cell(str(row.rating_after), "rating_after", "num")]], cls="rating-change"),
                 '<p class="note">Ro the rating before; We the expected score; Δ = K × (score − We), rounded; '
                 "Rn the new rating (FIDE B.02, as the club rates).</p>"]
    return "\n".join(body)
