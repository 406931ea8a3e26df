"""Charts drawn by hand as inline SVG: no plotting library, no script, no float in the data.

A chart is a ``<figure>``: the SVG (``role="img"``, with a ``<title>`` and a ``<desc>`` that
says in words what it shows) and a ``<figcaption>``, its text alternative. Coordinates are
whole pixels computed from the exact values (points are fractions, ratings integers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.render.site.layout import h

__all__ = ["Series", "line_chart", "bar_chart"]

WIDTH, HEIGHT = 480, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 28
#: the colours of the series, in order (print in grey as well: each series has its own dash)
COLOURS = ("#1f5fa8", "#b0413e", "#2e7d32")
DASHES = ("", "6 3", "2 3")


@dataclass(frozen=True)
class Series:
    """One line: its name and its points (x, y), x in order."""

    name: str
    points: tuple[tuple[int, Fraction | int], ...]


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


def _figure(name: str, title: str, description: str, body: list[str]) -> str:
    return "\n".join([
        f'<figure class="chart" id="{name}">',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{name}-title {name}-desc">',
        f'<title id="{name}-title">{h(title)}</title>', f'<desc id="{name}-desc">{h(description)}</desc>',
        *body, "</svg>", f"<figcaption>{h(description)}</figcaption>", "</figure>"])


def _number(value: Fraction | int) -> str:
    """An axis label: 2½ or 1500."""
    from arbiter_cli.core.points import format_points

    return format_points(Fraction(value))


def line_chart(name: str, title: str, description: str, series: Sequence[Series], *, x_label: str,
               floor: int | None = None) -> str:
    """Lines over whole x values (rounds, or the n-th tournament), with the y axis from the
    lowest value (or ``floor``) to the highest."""
    values = [y for s in series for _, y in s.points]
    xs = sorted({x for s in series for x, _ in s.points})
    if not values:
        return ""
    low = int(min(values)) if floor is None else min(floor, int(min(values)))
    high = max(int(max(values)) + (0 if max(values) == int(max(values)) else 1), low + 1)
    x_low, x_high = xs[0], max(xs[-1], xs[0] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    body = [f'<line class="axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}"/>',
            f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>']
    for tick in _ticks(low, high):
        y = TOP + plot_h - _scale(tick, low, high, plot_h)
        body += [f'<line class="grid" x1="{LEFT}" y1="{y}" x2="{LEFT + plot_w}" y2="{y}"/>',
                 f'<text class="tick" x="{LEFT - 4}" y="{y + 4}" text-anchor="end">{_number(tick)}</text>']
    for x in xs if len(xs) <= 20 else xs[::max(1, len(xs) // 10)]:
        px = LEFT + _scale(x, x_low, x_high, plot_w)
        body.append(f'<text class="tick" x="{px}" y="{TOP + plot_h + 14}" text-anchor="middle">{x}</text>')
    body.append(f'<text class="label" x="{LEFT + plot_w // 2}" y="{HEIGHT - 2}" text-anchor="middle">'
                f'{h(x_label)}</text>')
    for index, line in enumerate(series):
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        coords = [(LEFT + _scale(x, x_low, x_high, plot_w), TOP + plot_h - _scale(y, low, high, plot_h))
                  for x, y in line.points]
        path = " ".join(f"{x},{y}" for x, y in coords)
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(f'<polyline class="series" points="{path}" stroke="{colour}"{dashing}>'
                    f'<title>{h(line.name)}</title></polyline>')
        body += [f'<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>' for x, y in coords]
    if len(series) > 1:
        for index, line in enumerate(series):
            y = TOP + 12 + 14 * index
            colour = COLOURS[index % len(COLOURS)]
            body += [f'<rect x="{LEFT + 8}" y="{y - 8}" width="10" height="10" fill="{colour}"/>',
                     f'<text class="legend" x="{LEFT + 22}" y="{y + 1}">{h(line.name)}</text>']
    return _figure(name, title, description, body)


def bar_chart(name: str, title: str, description: str, bars: Sequence[tuple[str, int]], *, x_label: str) -> str:
    """Bars of counts (how many players on each score), labelled under each bar."""
    if not bars:
        return ""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    high = max(max(count for _, count in bars), 1)
    slot = plot_w // len(bars)
    body = [f'<line class="axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}"/>']
    for tick in _ticks(0, high):
        y = TOP + plot_h - _scale(tick, 0, high, plot_h)
        body += [f'<line class="grid" x1="{LEFT}" y1="{y}" x2="{LEFT + plot_w}" y2="{y}"/>',
                 f'<text class="tick" x="{LEFT - 4}" y="{y + 4}" text-anchor="end">{tick}</text>']
    for index, (label, count) in enumerate(bars):
        bar_h = _scale(count, 0, high, plot_h)
        x = LEFT + index * slot + max(slot // 8, 1)
        body.append(f'<rect class="bar" x="{x}" y="{TOP + plot_h - bar_h}" width="{max(slot - slot // 4, 1)}" '
                    f'height="{bar_h}"><title>{h(label)}: {count}</title></rect>')
        if len(bars) <= 24 or index % 2 == 0:
            body.append(f'<text class="tick" x="{LEFT + index * slot + slot // 2}" y="{TOP + plot_h + 14}" '
                        f'text-anchor="middle">{h(label)}</text>')
    body.append(f'<text class="label" x="{LEFT + plot_w // 2}" y="{HEIGHT - 2}" text-anchor="middle">'
                f'{h(x_label)}</text>')
    return _figure(name, title, description, body)
