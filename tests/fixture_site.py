"""A small stand-in site, made from an event folder, for the tests of ``arbiter serve`` and the
browser tests until ``arbiter publish``'s ``site_pages`` is merged (issue 19).

It follows the site's conventions, so that the browser tests written against it hold for
the real site: ``index.html``, ``standings.html`` with ``<table class="standings">`` whose
cells carry ``data-key`` (the key of ``arbiter standings --format json``, the text as the
CSV output writes it), a player card ``players/<n>.html`` with ``<table class="rounds">``
(``data-key`` ``round``, ``points``, ``running_score``), names as ``<a class="player">``,
relative links, ``style.css``. Every text is escaped. It is test scaffolding, not the site.
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import json
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

from arbiter_cli.cli.app import main

__all__ = ["site_pages", "arbiter_output"]

_POINTS = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
           "=": Fraction(1, 2), "U": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0)}

_CSS = """body { font-family: sans-serif; margin: 1em auto; max-width: 60em; padding: 0 0.5em; }
table { border-collapse: collapse; } th, td { padding: 2px 6px; border-bottom: 1px solid #ccc; text-align: left; }
nav a { margin-right: 1em; }
@media (max-width: 600px) { table { font-size: 12px; } }
@media print { nav { display: none; } }
"""


def arbiter_output(folder: Path, *args: str) -> str:
    """What ``arbiter -d FOLDER ARGS`` writes on stdout (run in this process)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(["-d", str(folder), *args])
        except SystemExit as done:
            if done.code:
                raise RuntimeError(f"arbiter {' '.join(args)} failed ({done.code})") from None
    return out.getvalue()


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _page(title: str, body: list[str], up: str = "") -> bytes:
    h = html.escape(title)
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">', f"<title>{h}</title>",
        f'<link rel="stylesheet" href="{up}style.css">', "</head>", "<body>",
        f'<nav><a href="{up}index.html">Event</a><a href="{up}standings.html">Standings</a></nav>',
        f"<h1>{h}</h1>", *body, "</body>", "</html>", ""]).encode()


def _player(number: int, name: str, up: str = "") -> str:
    return f'<a class="player" href="{up}players/{number}.html">{html.escape(name)}</a>'


def site_pages(folder: Path) -> dict[str, bytes]:
    """The stand-in site of an individual event's folder."""
    event = arbiter_output(folder, "standings", "-f", "json")
    standings: list[dict[str, Any]] = json.loads(event)
    rows = list(csv.DictReader(io.StringIO(arbiter_output(folder, "standings", "-f", "csv"))))
    cross: list[dict[str, Any]] = json.loads(arbiter_output(folder, "crosstable", "-f", "json"))
    title = tomllib.loads((folder / "tournament.toml").read_text(encoding="utf-8"))["name"]
    names = {entry["start_number"]: entry["name"] for entry in standings}
    keys = list(rows[0]) if rows else []
    table = ['<table class="standings">', "<thead><tr>" +
             "".join(f'<th data-key="{html.escape(k)}">{html.escape(k)}</th>' for k in keys) + "</tr></thead>", "<tbody>"]
    for row in rows:
        cells = [_player(int(row["start_number"]), row[k]) if k == "name" else html.escape(row[k]) for k in keys]
        table.append("<tr>" + "".join(f'<td data-key="{html.escape(k)}">{c}</td>' for k, c in zip(keys, cells)) + "</tr>")
    table += ["</tbody>", "</table>"]
    pages = {"style.css": _CSS.encode(), "standings.html": _page(f"{title}: standings", table)}
    pages["index.html"] = _page(title, ["<ul>", '<li><a href="standings.html">Standings</a></li>',
                                        *(f"<li>{_player(n, name)}</li>" for n, name in sorted(names.items())),
                                        "</ul>"])
    for player in cross:
        running = Fraction(0)
        lines = ['<table class="rounds">', '<thead><tr><th data-key="round">Rd</th><th data-key="opponent">Opponent</th>'
                 '<th data-key="colour">Colour</th><th data-key="result">Result</th><th data-key="points">Pts</th>'
                 '<th data-key="running_score">Score</th></tr></thead>', "<tbody>"]
        for game in player["games"]:
            points = _POINTS.get(game["result"] or "")
            running += points or 0
            opponent = game.get("opponent")
            lines.append(
                f'<tr><td data-key="round">{game["round"]}</td>'
                f'<td data-key="opponent">{_player(opponent, names[opponent], "../") if opponent else ""}</td>'
                f'<td data-key="colour">{html.escape(game.get("colour") or "")}</td>'
                f'<td data-key="result">{html.escape(game["result"] or "")}</td>'
                f'<td data-key="points">{"" if points is None else _text(points)}</td>'
                f'<td data-key="running_score">{"" if points is None else _text(running)}</td></tr>')
        lines += ["</tbody>", "</table>"]
        pages[f"players/{player['start_number']}.html"] = _page(player["name"], lines, "../")
    return pages
