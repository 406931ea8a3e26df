"""Pieces several page kinds share: the page frame of a site, exact points as text, the
legend of the tie-break codes and the links between rounds."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from arbiter_cli.core.points import points_to_number
from arbiter_cli.core.tiebreak_codes import parse_spec
from arbiter_cli.render.output import View, column_texts, table_columns
from arbiter_cli.render.printing import event_dates
from arbiter_cli.render.team_printouts import modifier_words
from arbiter_cli.render.site.layout import Cell, align, csv_text, definition_list, h, page, table

__all__ = ["standings_pages", "legend", "crosstable_page", "standings_body", "frame", "team_link", "member_link", "points_text", "tiebreak_legend", "round_links", "event_details", "view_table"]


def frame(site: Any, title: str, body: str, depth: int = 0, *, wide: bool = False) -> str:
    """A page of ``site`` at ``depth`` folders below the site's root."""
    return page(title, body, root="../" * depth, site_name=site.name, nav=site.nav, wide=wide)


def points_text(value: Fraction | int) -> str:
    """Exact points as the CSV output writes them: ``2.5``, ``3``, ``1/3``."""
    return csv_text(points_to_number(Fraction(value)))


#: What each individual tie-break measures, in a few words (C.07 Arts. 6-10).
_INDIVIDUAL = {
    "DE": "direct encounter among the tied players (Art. 6.1)", "WIN": "rounds won, forfeits and byes included "
    "(Art. 7.1)", "WON": "games won over the board (Art. 7.2)", "BPG": "games played with Black (Art. 7.3)",
    "BWG": "games won with Black (Art. 7.4)", "REP": "rounds the player elected to play (Art. 7.5)",
    "PS": "progressive score: the sum of the running scores (Art. 7.6)", "STD": "standard points (Art. 7.7)",
    "TPN": "pairing number, lower first (Art. 7.8)", "BH": "Buchholz: the sum of the opponents' scores (Art. 8.1)",
    "FB": "Fore Buchholz (Art. 8.2)", "AOB": "average of the opponents' Buchholz (Art. 8.3)",
    "SB": "Sonneborn-Berger: the opponents' scores weighted by the result (Art. 9.1)",
    "KS": "Koya: points against the players with at least half the points (Art. 9.2)",
    "ARO": "average rating of the opponents (Art. 10.1)", "TPR": "tournament performance rating (Art. 10.2)",
    "PTP": "perfect tournament performance (Art. 10.3)", "APRO": "average performance of the opponents "
    "(Art. 10.4)", "APPO": "average perfect performance of the opponents (Art. 10.5)",
    "RTNG": "the player's own rating (Art. 10.6)",
}


def tiebreak_legend(codes: Iterable[str]) -> list[str]:
    """A line per individual tie-break code: what it measures, and its modifiers (C.07 Art. 14)."""
    lines = []
    for code in codes:
        spec = parse_spec(code)
        words = [_INDIVIDUAL.get(spec.base, spec.base), *modifier_words(spec)]
        lines.append(f"{code}: {', '.join(words)}")
    return lines


def round_links(numbers: Sequence[int], folder: str, current: int | None, depth: int, what: str) -> str:
    """Links to each round's page of ``folder`` (``rounds`` or ``standings``); the current one bold."""
    root = "../" * depth
    items = [f"<li><strong>{what} {n}</strong></li>" if n == current
             else f'<li><a href="{root}{folder}/{n}.html">{what} {n}</a></li>' for n in numbers]
    return f'<ul class="rounds noprint">{"".join(items)}</ul>' if items else ""


def event_details(settings: Any, extra: Iterable[tuple[str, str]] = (), *, system: str | None = None) -> str:
    """An event's details: place, dates, federation, arbiter, time control, system (``system``
    when the settings' own does not say it: a group event's), rounds, status."""
    items = [("Place", h(settings.place)), ("Dates", h(event_dates(settings.start_date, settings.end_date))),
             ("Federation", h(settings.federation)), ("Chief arbiter", h(settings.chief_arbiter)),
             ("Time control", h(settings.time_control)), ("System", h(system or settings.system.value)),
             ("Rounds", h(settings.rounds or "")), ("Status", h(settings.status.value)), *extra]
    return definition_list(items)


def view_table(view: View, *, cls: str, links: dict[str, Any] | None = None,
               keys: bool = False, leave_out: frozenset[str] = frozenset()) -> str:
    """A view as a table, its cells as the console table writes them (one number style per
    column); ``links`` turns a column's cells into links (key -> record -> HTML), ``keys`` adds
    each column's ``data-key``."""
    columns = [c for c in table_columns(view) if c.key not in leave_out]
    texts = [column_texts(c, view.records) for c in columns]
    rows = []
    for index, record in enumerate(view.records):
        row = []
        for column, cells in zip(columns, texts):
            content = links[column.key](record) if links and column.key in links else h(cells[index])
            row.append(Cell(content, column.key if keys else "", align(column)))
        rows.append(row)
    headers = [Cell(h(c.header), c.key if keys else "", align(c)) for c in columns]
    return '<div class="scroll">' + table(headers, rows, cls=cls) + "</div>"




def team_link(number: int, name: str, root: str) -> str:
    """A team's name, linked to its page (``<a class="team">``)."""
    return f'<a class="team" href="{root}teams/{number}.html">{h(name)}</a>'


def member_link(number: int, name: str, root: str) -> str:
    """A club member's name, linked to the member's page (``<a class="member">``)."""
    return f'<a class="member" href="{root}members/{number}.html">{h(name)}</a>'


def legend(lines: Iterable[str]) -> str:
    """The lines of a legend, escaped."""
    return '<ul class="legend">' + "".join(f"<li>{h(line)}</li>" for line in lines) + "</ul>"


def crosstable_page(site: Any, view: View, name: Any, lines: Sequence[str], title: str) -> Iterator[tuple[str, str]]:
    """``crosstable.html``: the view's table with the names linked (``name``: record -> HTML) and
    its legend, on a wide page (landscape in print)."""
    body = [view_table(view, cls="crosstable", links={"name": name}), legend(lines)]
    yield "crosstable.html", frame(site, title, "\n".join(body), wide=True)


def standings_body(site: Any, view: View, name: Any, after: int, depth: int, codes: Sequence[str], rules: str,
                   notes: Sequence[str], chart: str) -> str:
    """A standings page's body: the links to the other rounds, the tie-breaks used, the table
    (:mod:`arbiter_cli.render.site.standings_table`), the legend and the distribution chart."""
    from arbiter_cli.render.site.standings_table import standings_table

    return "\n".join([round_links([r.number for r in site.tournament.rounds], "standings", after, depth, "After round"),
                      f'<p class="note">Tie-breaks: {h(", ".join(codes) or "none")} (C.07, {h(rules)} rules)</p>',
                      standings_table(view, name), legend(notes), chart])


def standings_pages(site: Any, page: Any) -> Iterator[tuple[str, str]]:
    """``standings/<N>.html`` after each round N, and ``standings.html`` (the latest), each made
    by ``page(site, after_round, depth)``."""
    last = site.tournament.last_round
    for after in range(1, last + 1):
        yield f"standings/{after}.html", page(site, after, 1)
    yield "standings.html", page(site, last, 0)
