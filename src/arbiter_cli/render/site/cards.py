"""A player's card, the same for an individual and a team event: the current round first (the
board, the colour and the opponent, or the bye: :class:`Current`), then every round (board,
opponent, colour, result, the points and the running score), the score-by-round chart, the
performance rating and, where the event is rated, the rating change.

The current round is ``<p class="current-round" data-round="N" data-board="B">``. The rounds
table is ``<table class="rounds">``; its cells ``data-key="round"``, ``data-key="board"``,
``data-key="points"`` (the points of that round) and ``data-key="running_score"`` (the total so
far) show points as people read them (``½``, ``2½``) and hold them in ``data-value`` as the CSV
output writes them (``0.5``, ``3``): see :func:`arbiter_cli.render.templating.points_value`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from arbiter_cli.core.outcome import Outcome
from arbiter_cli.ratings.elo import performance_rating
from arbiter_cli.ratings.fide import ExpectedChange
from arbiter_cli.render.club import hundredths, rating_change
from arbiter_cli.render.rating_report import k_text, signed_hundredths
from arbiter_cli.render.printing import BYE_TEXT
from arbiter_cli.render.site.blocks import Cell, Detail, Fact, Table, details, header, plain, points_cell, site_page
from arbiter_cli.render.site.charts import Chart, Series, line_chart
from arbiter_cli.render.templating import points_text

if TYPE_CHECKING:  # a club's rating report: loaded by a club's tournament only
    from arbiter_cli.ratings.club import StoredRow

__all__ = ["CardRound", "Current", "Card", "card", "card_page", "performance", "points_words", "bye_words"]

COLOUR = {"w": "White", "b": "Black", None: ""}


class CardRound(NamedTuple):
    """One round of a card: ``opponent`` the opponent's cell (a link, or a bye's words)."""

    round: int
    opponent: Cell
    colour: str | None
    outcome: Outcome
    points: Fraction
    board: str = ""
    opponent_rating: int = 0


class Current(NamedTuple):
    """The line a card begins with: the current round (the last one paired; 0: none yet) and where
    the player is in it. A game: the ``board`` (``12``, or a team's ``2.3``, a knockout's
    ``MATCH.GAME``), the ``colour``, the ``opponent`` (a link) with their ``rating`` and their
    ``points`` before the round (``3½ points``), and ``more`` after it (the opponent's team, a
    knockout's match score);
    a bye: ``bye`` (``PAB: pairing-allocated bye``); otherwise ``absent`` says why not
    (``not paired``)."""

    round: int
    board: str = ""
    colour: str = ""
    opponent: Cell | None = None
    rating: int | None = None
    points: str = ""
    bye: str = ""
    absent: str = "not paired"
    more: tuple[Cell, ...] = ()


def points_words(value: Fraction | int) -> str:
    """Points with their word: ``½ point``, ``1 point``, ``3½ points``.

    >>> points_words(Fraction(1, 2)), points_words(1), points_words(Fraction(7, 2)), points_words(0)
    ('½ point', '1 point', '3½ points', '0 points')
    """
    return f"{points_text(value)} point{'' if 0 < value <= 1 else 's'}"


def bye_words(code: str) -> str:
    """A bye's code and what it is: ``PAB: pairing-allocated bye`` (a round robin's free round: its words)."""
    words = BYE_TEXT.get(code, "")
    return words if code == "BYE" else f"{code}: {words}" if words else code


class Card(NamedTuple):
    """What a card shows: the details, the rounds table, the score-by-round chart and, where the
    event is rated, the rating change (its time control)."""

    current: Current
    details: list[Detail]
    rounds: Table
    chart: Chart | None
    rating_change: Table | None = None
    time_control: str = ""
    #: The heading and the note of the rating change: the club's, or the expected FIDE one (B.02).
    rating_heading: str = "Rating change"
    rating_note: str = "Ro the rating before; We the expected score; Δ = K × (score − We), rounded; Rn the new " \
                       "rating (FIDE B.02, as the club rates)."


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
                   plain(row.games, "games", "num"), points_cell(row.score, "score"),
                   plain(hundredths(row.expected), "expected", "num"), plain(rating_change(row.change), "change", "num"),
                   plain(row.rating_after, "rating_after", "num")]], cls="rating-change")


def _expected_change(row: ExpectedChange) -> Table:
    """The expected FIDE rating change (B.02): Δ exact, Rn = Ro + Δ rounded once."""
    return Table([header("Ro", cls="num"), header("K", cls="num"), header("Games", cls="num"),
                  header("Score", cls="num"), header("We", cls="num"), header("Δ", cls="num"), header("Rn", cls="num")],
                 [[plain(row.rating, "rating_before", "num"), plain(k_text(row), "k", "num"),
                   plain(len(row.games), "games", "num"), points_cell(row.score, "score"),
                   plain(hundredths(row.expected or Fraction(0)), "expected", "num"),
                   plain(signed_hundredths(row.change or Fraction(0)), "change", "num"),
                   plain(row.rating_after, "rating_after", "num")]], cls="rating-change")


def card(current: Current, rounds: Sequence[CardRound], items: list[Fact], rated: StoredRow | None,
         expected: tuple[str, ExpectedChange] | None = None) -> Card:
    """The card: the current round, the details, the rounds table, the chart and the rating change:
    the club's (``rated``), or else the expected change on the FIDE list ``expected`` names (an
    unrated player's says they have none)."""
    tpr = performance(rounds)
    total = sum((r.points for r in rounds), Fraction(0))
    unrated = [("Rating change", f"none: unrated ({expected[0]}, B.02 gives a first rating instead)")] \
        if expected is not None and rated is None and not expected[1].rated else []
    facts = details([*items, ("Points", points_text(total)),
                     ("Games played", str(sum(1 for r in rounds if r.outcome.played))),
                     ("Performance rating", "" if tpr is None else str(tpr)), *unrated])
    running = Fraction(0)
    rows = []
    for entry in rounds:
        running += entry.points
        rows.append([plain(entry.round, "round", "num"), plain(entry.board, "board", "num"),
                     entry.opponent._replace(key="opponent"), plain(COLOUR.get(entry.colour, ""), "colour"),
                     plain(entry.outcome.symbol, "result", "center"), points_cell(entry.points, "points"),
                     points_cell(running, "running_score")])
    headers = [header("Round", "round", "num"), header("Board", "board", "num"),
               header("Opponent", "opponent"), header("Colour", "colour"), header("Result", "result", "center"),
               header("Points", "points", "num"), header("Running score", "running_score", "num")]
    chart = None
    if rounds:
        points: list[tuple[int, Fraction | int]] = [(0, 0)]
        score = Fraction(0)
        for entry in rounds:
            score += entry.points
            points.append((entry.round, score))
        words = ", ".join(f"round {x}: {points_text(y)}" for x, y in points[1:])
        chart = line_chart("score-by-round", "Score by round", f"The running score after each round: {words}.",
                           [Series("score", tuple(points))], x_label="round", floor=0)
    if rated is None and expected is not None and expected[1].rated:
        return Card(current, facts, Table(headers, rows, cls="rounds"), chart, _expected_change(expected[1]),
                    expected[0], "Expected rating change",
                    "Ro the rating; K the player's K (marked * when not known: B.02 8.3.3's 20); the games "
                    "rated are those played against rated opponents; We the expected score from the FIDE table "
                    "with the 400-point rule; Δ = K × (score − We), exact; Rn = Ro + Δ rounded (FIDE B.02 8.3).")
    return Card(current, facts, Table(headers, rows, cls="rounds"), chart,
                None if rated is None else _rating_change(rated),
                "" if rated is None else rated.time_control)


def card_page(site: Any, title: str, found: Card) -> str:
    """A player's card page (``players/N.html``)."""
    return site_page(site, "card.html", title, 1, card=found)
