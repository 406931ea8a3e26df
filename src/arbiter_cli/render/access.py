"""The venue's access list as people and scripts see it (issue 26): ``arbiter access list``, and
what ``arbiter access add`` shows once (the code, the sign-in link, its QR code on a terminal).

Never a hash: the list shows who, in which role, since when.
"""

from __future__ import annotations

import json
from typing import Any

from arbiter_cli.lifecycle.access import AccessList
from arbiter_cli.render.output import Column, Format, View, csv_line, text_cell

__all__ = ["access_view", "issued_text"]


def access_view(access: AccessList, title: str) -> View:
    """The people on the list, in the order they were added: ``name``, ``role``, ``added``."""
    records: list[dict[str, Any]] = [{"name": p.name, "role": p.role.value, "added": p.added} for p in access.people]
    return View(title, records, [Column("name", "Name", text_cell("name"), wrap=True),
                                 Column("role", "Role", text_cell("role")),
                                 Column("added", "Added", text_cell("added"))])


def issued_text(name: str, role: str, code: str, link: str, fmt: Format) -> str:
    """What ``access add`` writes on stdout, once: JSON ``{name, role, code, link}``, a CSV line of
    them under their header, or lines for a person.

    >>> print(issued_text("Doe, Jane", "arbiter", "abc", "http://h/signin?code=abc", Format.json), end="")
    {"name": "Doe, Jane", "role": "arbiter", "code": "abc", "link": "http://h/signin?code=abc"}
    >>> print(issued_text("Doe, Jane", "arbiter", "abc", "http://h/signin?code=abc", Format.table), end="")
    Doe, Jane (arbiter) signs in with
      code: abc
      link: http://h/signin?code=abc
    """
    if fmt is Format.json:
        return json.dumps({"name": name, "role": role, "code": code, "link": link}, ensure_ascii=False) + "\n"
    if fmt is Format.csv:
        return csv_line(["name", "role", "code", "link"]) + csv_line([name, role, code, link])
    return f"{name} ({role}) signs in with\n  code: {code}\n  link: {link}\n"
