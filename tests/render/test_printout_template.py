"""The ``--print``/``--html`` pages are the Jinja2 template ``render/templates/printout.html``
(issue 26): every text of a sheet is escaped by autoescaping, none by hand."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import arbiter_cli.render.html as printout
from arbiter_cli.render.html import html_page
from arbiter_cli.render.output import Column, text_cell
from arbiter_cli.render.printing import PRINTED, Sheet

MARKUP = '<script>alert("x")</script> & \'y\''


class Texts(HTMLParser):
    """The page's texts, unescaped, and its elements."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


def test_every_text_of_a_printout_is_escaped_by_the_template() -> None:
    columns = [Column("name", f"Name {MARKUP}", text_cell("name")), Column("pts", "Pts", text_cell("pts"), "right")]
    sheet = Sheet([f"Event {MARKUP}", f"Standings {MARKUP}{PRINTED}2026-05-01 {MARKUP}", f"Place {MARKUP}"],
                  columns, [[f"Player {MARKUP}", "2½"]], [f"Note {MARKUP}"])
    page = html_page([sheet], f"Title {MARKUP}")
    parsed = Texts()
    parsed.feed(page)
    assert "script" not in parsed.tags and "<script>" not in page
    for text in (f"Title {MARKUP}", f"Event {MARKUP}", f"Standings {MARKUP}", f"printed 2026-05-01 {MARKUP}",
                 f"Place {MARKUP}", f"Name {MARKUP}", f"Player {MARKUP}", f"Note {MARKUP}"):
        assert text in parsed.texts, text
    assert '<td class="right">2½</td>' in page and "size: A4 portrait" in page


def test_the_printout_module_escapes_nothing_by_hand() -> None:
    source = Path(printout.__file__).read_text(encoding="utf-8")
    assert "import html" not in source and "escape(" not in source and "<td" not in source
