"""Issue 26: HTML is written by Jinja2 templates with autoescaping, and by nothing else.

No module escapes by hand (``html.escape``, a function ``h``), no piece of HTML is made from data
in Python (``Markup(f"...")``), and no template turns escaping off for a value (``|safe``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter_cli.render.site.blocks import PACKAGE
from arbiter_cli.render.templating import environment

SOURCE = Path(__file__).resolve().parents[2] / "src" / "arbiter_cli"

#: What a hand-written escaping path or an unescaped value looks like.
FORBIDDEN = re.compile(r"html\.escape|def h\(|Markup\(f['\"]|\|\s*safe\b")


def _sources() -> list[Path]:
    return sorted(p for p in SOURCE.rglob("*") if p.suffix in (".py", ".html") and p.is_file())


def test_no_module_or_template_escapes_by_hand_or_writes_data_unescaped() -> None:
    found = [f"{path.relative_to(SOURCE)}:{number}: {line.strip()}"
             for path in _sources()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if FORBIDDEN.search(line)]
    assert not found, "\n".join(found)


def test_the_check_would_see_each_forbidden_way() -> None:
    for line in ('return html.escape(text)', 'def h(text):', 'Markup(f"<b>{name}</b>")', "{{ name|safe }}",
                 "{{ name | safe }}"):
        assert FORBIDDEN.search(line), line


def test_the_site_templates_escape_every_value() -> None:
    """Every template of the site is made with autoescaping on for all of them (a name is text, never
    markup), and an undefined name is an error rather than an empty text."""
    env = environment(PACKAGE)
    assert env.autoescape is True
    assert {"base.html", "macros.html", "charts.html", "card.html", "standings.html"} <= set(env.list_templates())
    page = env.from_string("{{ name }}").render(name="<script>alert(1)</script>")
    assert page == "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.mark.parametrize("folder", ["render/site/templates", "render/templates"])
def test_the_templates_are_package_data_the_wheel_carries(folder: str) -> None:
    """pyproject.toml declares ``templates/*.html``: a template in a subfolder would be left out of a
    wheel, so every template lies directly in its folder."""
    templates = SOURCE / folder
    assert all(p.parent == templates for p in templates.rglob("*") if p.is_file())
    assert all(p.suffix == ".html" for p in templates.iterdir())


def test_the_table_macro_unpacks_a_cell_by_its_fields_in_order() -> None:
    """macros.html's table writes a body cell from its fields unpacked (a blocks.Cell is a tuple, read
    fast): a field added to Cell must be added there too, in the same place."""
    from arbiter_cli.render.site.blocks import Cell

    text = (SOURCE / "render" / "site" / "templates" / "macros.html").read_text(encoding="utf-8")
    unpacked = re.search(r"\{%- for ([\w, ]+) in row %\}", text)
    assert unpacked and tuple(unpacked.group(1).split(", ")) == Cell._fields


@pytest.mark.parametrize("text", ["12w1", "", "½", "Éva", "a&b", "<b>", "x>y", "it's", 'say "hi"', "&amp;", "a\u200fb"])
def test_a_text_is_written_as_markupsafe_escapes_it_whether_it_holds_a_character_to_replace_or_not(text: str) -> None:
    """issue 29: a text without ``&<>'"`` is written as it is, without calling ``escape``: the same bytes."""
    from markupsafe import escape

    from arbiter_cli.render.site.blocks import _text

    assert _text(text) == str(escape(text))
    assert _text(text) == str(escape(text))  # and once kept
