"""Jinja2, the one way HTML is written (issue 26): every published page, printout and web page is a
template of a package's ``templates/`` folder, rendered with autoescaping on, so that a name, a
club or any other text from a folder is always shown as text (``<script>`` reads ``&lt;script&gt;``).
No code here or elsewhere escapes by hand.

Python hands templates data (texts, numbers, dataclasses), never HTML: a piece made by one template
and placed in another is a ``Markup`` made by Jinja2 itself (a macro's result, a rendered template).

The filters every template has:

* ``points``: exact points for people, one way everywhere (``2½``, ``3``, ``46.14``:
  :func:`arbiter_cli.core.points.format_points`);
* ``points_value``: the same points as the CSV and JSON outputs write them (``2.5``), for a
  ``data-value`` that scripts read.

>>> render_string("<p>{{ name }}</p>", name="<b>Bold</b>")
'<p>&lt;b&gt;Bold&lt;/b&gt;</p>'
>>> render_string("{{ x|points }} {{ x|points_value }}", x=Fraction(5, 2))
'2½ 2.5'
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup

from arbiter_cli.core.points import format_points, points_to_number

__all__ = ["environment", "render", "render_string", "macros", "Markup", "points_text", "points_value"]


def points_text(value: Fraction | int | float | str | None) -> str:
    """Points for people: ``2½`` (None or ``""``: empty; a text is read as points first)."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            return format_points(Fraction(value))
        except ValueError:
            return value
    return format_points(Fraction(value))


def points_value(value: Fraction | int | float | str | None) -> str:
    """Points as the CSV output writes them: ``2.5``, ``3``, ``1/3`` (None: empty)."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return value
    number = points_to_number(Fraction(value))
    return str(int(number)) if isinstance(number, float) and number.is_integer() else str(number)


class _Compiled(jinja2.BytecodeCache):
    """Jinja2's compiled templates kept in the cache folder (``ARBITER_CACHE_DIR``, issue 29), so that a
    command does not compile its templates again: Jinja2 checks each against its template's source,
    and the cache each entry's bytes against their digest. An entry that does not load is compiled
    again; a cache that cannot be written is left alone."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        from arbiter_cli.store.site_cache import SiteCache

        data = SiteCache.shared("templates").get(bucket.key)
        if data is not None:
            try:
                bucket.bytecode_from_string(data)
            except Exception:  # whatever it holds, an entry that does not load is compiled again
                bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        from arbiter_cli.store.site_cache import SiteCache

        SiteCache.shared("templates").put(bucket.key, bucket.bytecode_to_string())


@cache
def environment(package: str) -> jinja2.Environment:
    """The environment of ``package``'s ``templates/`` folder: autoescape on for every template,
    an undefined name an error (never an empty text), blocks trimmed; compiled templates are kept in
    the cache folder."""
    env = jinja2.Environment(loader=jinja2.PackageLoader(package, "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, bytecode_cache=_Compiled())
    env.filters["points"] = points_text
    env.filters["points_value"] = points_value
    return env


def render(package: str, name: str, **context: Any) -> str:
    """The template ``name`` of ``package`` rendered with ``context``."""
    return environment(package).get_template(name).render(**context)


def macros(package: str, name: str = "macros.html") -> Any:
    """The macros of a template, callable from Python; each returns ``Markup`` made by Jinja2."""
    return environment(package).get_template(name).module


def render_string(source: str, **context: Any) -> str:
    """A template given as text, autoescaped like the others (for tests and doctests)."""
    return _with_filters().from_string(source).render(**context)


@cache
def _with_filters() -> jinja2.Environment:
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    env.filters["points"] = points_text
    env.filters["points_value"] = points_value
    return env
