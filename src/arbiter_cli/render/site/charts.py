"""Charts drawn by hand as inline SVG: no plotting library, no script, no float in the data.

A chart is a ``<figure>``: the SVG (``role="img"``, with a ``<title>`` and a ``<desc>`` that
says in words what it shows) and a ``<figcaption>``, its text alternative. Coordinates are
whole pixels computed from the exact values (points are fractions, ratings integers). This module
computes a :class:`Chart` as data, its shapes in drawing order; ``templates/charts.html`` writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple
from fractions import Fraction

from arbiter_cli.core.points import format_points

__all__ = ["Series", "Chart", "Line", "Label", "Polyline", "Dot", "Bar", "Swatch", "line_chart", "bar_chart"]

WIDTH, HEIGHT = 480, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 28
#: the colours of the series, in order (print in grey as well: each series has its own dash)
COLOURS = ("#1f5fa8", "#b0413e", "#2e7d32")
DASHES = ("", "6 3", "2 3")


class Series(NamedTuple):
    """One line: its name and its points (x, y), x in order."""

    name: str
    points: tuple[tuple[int, Fraction | int], ...]


class Line(NamedTuple):
    """A straight line: an axis or a grid line (``cls``)."""

    x1: int
    y1: int
    x2: int
    y2: int
    cls: str

    @property
    def kind(self) -> str:
        """What the template draws it as."""
        return "line"


class Label(NamedTuple):
    """A text at (x, y): a tick's value, an axis's name, a series' name (``cls``)."""

    x: int
    y: int
    text: str
    cls: str = "tick"
    anchor: str = "middle"

    @property
    def kind(self) -> str:
        """What the template draws it as."""
        return "label"


class Polyline(NamedTuple):
    """A series drawn as a line through its points (``x,y x,y ...``), its colour and dash."""

    points: str
    colour: str
    dash: str
    name: str

    @property
    def kind(self) -> str:
        """What the template draws it as."""
        return "polyline"


class Dot(NamedTuple):
    """A point of a series."""

    x: int
    y: int
    colour: str

    @property
    def kind(self) -> str:
        """What the template draws it as."""
        return "dot"


class Bar(NamedTuple):
    """A bar of a bar chart, with its label and count as its tooltip."""

    x: int
    y: int
    width: int
    height: int
    title: str

    @property
    def kind(self) -> str:
        """What the template draws it as."""
        return "bar"


class Swatch(NamedTuple):
    """A series' colour in the legend of a chart of several series."""

    x: int
    y: int
    colour: str

    @property
    def kind(self) -> str:
        """What the template draws it as."""
        return "swatch"


Shape = Line | Label | Polyline | Dot | Bar | Swatch


class Chart(NamedTuple):
    """A chart: its id (``name``), title, description in words (the text alternative), size and
    shapes in drawing order (each with its ``kind``, what the template draws it as)."""

    name: str
    title: str
    description: str
    shapes: tuple[Shape, ...]
    width: int = WIDTH
    height: int = HEIGHT


def _scale(value: Fraction | int, low: Fraction | int, high: Fraction | int, size: int) -> int:
    """``value`` between ``low`` and ``high`` as a whole pixel offset in ``size`` (exact: in
    integers over the common denominator, then rounded down).

    >>> _scale(Fraction(5, 2), 0, 5, 100), _scale(1550, 1500, 1600, 80), _scale(3, 3, 3, 10)
    (50, 40, 5)
    """
    if high == low:
        return size // 2
    value, low, high = Fraction(value), Fraction(low), Fraction(high)
    common = value.denominator * low.denominator * high.denominator
    whole = [x.numerator * (common // x.denominator) for x in (value, low, high)]
    return (whole[0] - whole[1]) * size // (whole[2] - whole[1])


def _ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Round tick values from ``low`` to ``high``, at most ``most`` + 1 of them (steps 1, 2, 5, 10, 20, 50...).

    >>> _ticks(0, 11), _ticks(1480, 1630)
    ([0, 2, 4, 6, 8, 10], [1500, 1550, 1600])
    """
    span = max(high - low, 1)
    step, factors = 1, (2, 5, 10)
    magnitude = 1
    while span // step > most:
        for factor in factors:
            step = magnitude * factor
            if span // step <= most:
                break
        magnitude *= 10
    start = -(-low // step) * step
    return list(range(start, high + 1, step))


def line_chart(name: str, title: str, description: str, series: Sequence[Series], *, x_label: str,
               floor: int | None = None, x_texts: Mapping[int, str] | None = None) -> Chart | None:
    """Lines over whole x values (rounds, or the n-th tournament), with the y axis from the
    lowest value (or ``floor``) to the highest; ``x_texts`` names an x value under the axis (a
    tournament's date) instead of the number itself. None without a point."""
    values = [y for s in series for _, y in s.points]
    xs = sorted({x for s in series for x, _ in s.points})
    if not values:
        return None
    low = int(min(values)) if floor is None else min(floor, int(min(values)))
    high = max(int(max(values)) + (0 if max(values) == int(max(values)) else 1), low + 1)
    x_low, x_high = xs[0], max(xs[-1], xs[0] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    shapes: list[Shape] = [Line(LEFT, TOP + plot_h, LEFT + plot_w, TOP + plot_h, "axis"),
                           Line(LEFT, TOP, LEFT, TOP + plot_h, "axis")]
    for tick in _ticks(low, high):
        y = TOP + plot_h - _scale(tick, low, high, plot_h)
        shapes += [Line(LEFT, y, LEFT + plot_w, y, "grid"), Label(LEFT - 4, y + 4, format_points(Fraction(tick)),
                                                                   anchor="end")]
    texts = x_texts or {}
    if texts:  # a date is wider than a round's number: at most 6 of them
        shown = xs if len(xs) <= 6 else xs[::-(-len(xs) // 6)]
    else:
        shown = xs if len(xs) <= 20 else xs[::max(1, len(xs) // 10)]
    for x in shown:
        shapes.append(Label(LEFT + _scale(x, x_low, x_high, plot_w), TOP + plot_h + 14, texts.get(x, str(x))))
    shapes.append(Label(LEFT + plot_w // 2, HEIGHT - 2, x_label, "label"))
    for index, line in enumerate(series):
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        coords = [(LEFT + _scale(x, x_low, x_high, plot_w), TOP + plot_h - _scale(y, low, high, plot_h))
                  for x, y in line.points]
        shapes.append(Polyline(" ".join(f"{x},{y}" for x, y in coords), colour, dash, line.name))
        shapes += [Dot(x, y, colour) for x, y in coords]
    if len(series) > 1:
        for index, line in enumerate(series):
            y = TOP + 12 + 14 * index
            shapes += [Swatch(LEFT + 8, y - 8, COLOURS[index % len(COLOURS)]),
                       Label(LEFT + 22, y + 1, line.name, "legend", "start")]
    return Chart(name, title, description, tuple(shapes))


def bar_chart(name: str, title: str, description: str, bars: Sequence[tuple[str, int]], *,
              x_label: str) -> Chart | None:
    """Bars of counts (how many players on each score), labelled under each bar. None without a bar."""
    if not bars:
        return None
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    high = max(max(count for _, count in bars), 1)
    slot = plot_w // len(bars)
    shapes: list[Shape] = [Line(LEFT, TOP + plot_h, LEFT + plot_w, TOP + plot_h, "axis")]
    for tick in _ticks(0, high):
        y = TOP + plot_h - _scale(tick, 0, high, plot_h)
        shapes += [Line(LEFT, y, LEFT + plot_w, y, "grid"), Label(LEFT - 4, y + 4, str(tick), anchor="end")]
    for index, (label, count) in enumerate(bars):
        bar_h = _scale(count, 0, high, plot_h)
        shapes.append(Bar(LEFT + index * slot + max(slot // 8, 1), TOP + plot_h - bar_h, max(slot - slot // 4, 1),
                          bar_h, f"{label}: {count}"))
        if len(bars) <= 24 or index % 2 == 0:
            shapes.append(Label(LEFT + index * slot + slot // 2, TOP + plot_h + 14, label))
    shapes.append(Label(LEFT + plot_w // 2, HEIGHT - 2, x_label, "label"))
    return Chart(name, title, description, tuple(shapes))
