"""What every published page shares besides its template: the entries of the navigation and the
text of a JSON value as the CSV output writes it.

The page frame, the tables and every text of a page are written by the Jinja2 templates of
``templates/`` with autoescaping (:mod:`arbiter_cli.render.site.blocks`). Links are relative
(``../players/3.html`` from ``rounds/2.html``), so a site works from a USB stick (``file://``) as
well as under a web server. A page holds no date or time of its making: the same event gives the
same bytes, so re-publishing rewrites only what changed.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["csv_text", "Link"]


def csv_text(value: Any) -> str:
    """A JSON value as the CSV output writes it (:func:`arbiter_cli.render.output.view_text`):
    ``None`` is empty, a whole float is an int (``3.0`` -> ``3``), anything else its ``str``
    (``2.5``, ``"1/3"``, ``17``). The standings and the player cards write their cells so.

    >>> [csv_text(v) for v in (None, 3.0, 2.5, "1/3", 17)]
    ['', '3', '2.5', '1/3', '17']
    """
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Link(NamedTuple):
    """An entry of the navigation: its text and the site path it leads to."""

    text: str
    path: str
