"""What every published page shares besides its template: the entries of the navigation and the
text of a JSON value as the CSV output writes it.

The page frame, the tables and every text of a page are written by the Jinja2 templates of
``templates/`` with autoescaping (:mod:`arbiter_cli.render.site.blocks`). Links are relative
(``../players/3.html`` from ``rounds/2.html``), so a site works from a USB stick (``file://``) as
well as under a web server. A page holds no date or time of its making: the same event gives the
same bytes, so re-publishing rewrites only what changed.
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter_cli.render.views import csv_text  # (the site writes its cells as the CSV does)

__all__ = ["csv_text", "Link"]


class Link(NamedTuple):
    """An entry of the navigation: its text and the site path it leads to."""

    text: str
    path: str
