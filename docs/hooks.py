"""MkDocs hooks: the pages made from the program itself at build time, never written by hand.

* ``reference/commands.md``, the command reference: every command, argument and option of the
  Typer app, as Typer's own documentation generator writes it (``typer.cli.get_docs_for_click``).
  It is kept in the repository, so that the guides' links to it work where the Markdown is read
  as it is (on GitHub): ``python docs/hooks.py`` writes it again after a command changes, and a
  test fails while it is not current.
* the JSON schemas of ``reference/json.md``: each ``--format json`` record's pydantic model
  (``arbiter_cli.render.schemas.SCHEMAS``), written between ``<!-- schemas -->`` and ``<!-- end of
  schemas -->``; kept in the repository as the command reference is, and written again by the same
  ``python docs/hooks.py``.
* the man pages, ``man/man1/arbiter.1`` and one per command (``arbiter-pair.1``...), written by
  click-man from the same Click command as the reference.

``tests/test_docs_build.py`` builds the site with ``--strict`` and checks all three.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import typer.main
from typer.cli import get_docs_for_click

COMMANDS_PAGE = "reference/commands.md"
JSON_PAGE = "reference/json.md"
SCHEMAS_MARK = "<!-- schemas -->"
SCHEMAS_END = "<!-- end of schemas -->"
MAN_MACROS = {"TH", "SH", "SS", "B", "I", "BR", "TP", "PP", "IP", "RS", "RE"}  # what click-man writes

INTRO = """\
Every command, argument and option of `arbiter`, generated from the program (`python docs/hooks.py`
writes this page; a test checks it is current): it is what `arbiter --help` and
`arbiter COMMAND --help` print. The guides say when to use
each command; the man pages (`arbiter.1`, `arbiter-pair.1`, ...) are made from the same source (see
[Man pages and shell completion](man-and-completion.md)).
"""


def arbiter_command() -> click.Command:
    """The ``arbiter`` command line as one Click command: the app every run builds."""
    from arbiter_cli.cli.app import build

    return typer.main.get_command(build())


def command_reference() -> str:
    """The command reference page, in Markdown."""
    command = arbiter_command()
    ctx = click.Context(command, info_name="arbiter")
    text = get_docs_for_click(obj=command, ctx=ctx, name="arbiter", title="Command reference")
    title, _, rest = text.partition("\n")
    return f"{title}\n\n{INTRO}{rest}"


def schema_sections() -> str:
    """One section per ``--format json`` record: the commands that print it, and its JSON schema."""
    from arbiter_cli.render.schemas import SCHEMAS

    parts = []
    for schema in SCHEMAS:
        commands = ", ".join(f"`arbiter {command}`" for command in schema.commands)
        parts.append(f"### {schema.name}\n\nPrinted by {commands}. {schema.note}\n\n"
                     f"```json\n{json.dumps(schema.model.model_json_schema(), indent=2)}\n```\n")
    return "\n".join(parts)


def write_man_pages(target: Path) -> list[Path]:
    """``arbiter.1`` and one page per command (``arbiter-player-add.1``...) in ``target``."""
    from click_man.core import write_man_pages as click_man_pages

    from arbiter_cli import __version__

    target.mkdir(parents=True, exist_ok=True)
    click_man_pages("arbiter", arbiter_command(), version=__version__, target_dir=str(target))
    pages = sorted(target.glob("*.1"))
    for page in pages:
        page.write_text(_escaped(page.read_text(encoding="utf-8")), encoding="utf-8")
    return pages


def _escaped(roff: str) -> str:
    """click-man writes the help text as it is; a help line that starts with ' or . (a quoted
    example, ``.arbiter.lock``) would be read by roff as a request, so it gets roff's zero-width
    escape ``\\&`` in front. click-man's own macros are left alone."""
    lines = []
    for line in roff.split("\n"):
        macro = line[1:].split(" ", 1)[0]
        if line.startswith("'") or (line.startswith(".") and macro not in MAN_MACROS):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def with_schemas(markdown: str) -> str:
    """``reference/json.md`` with its schema sections as the program makes them now, between the marks."""
    head, mark, rest = markdown.partition(SCHEMAS_MARK)
    if not mark:
        return markdown
    _, end, tail = rest.partition(SCHEMAS_END)
    return f"{head}{SCHEMAS_MARK}\n\n{schema_sections()}\n{SCHEMAS_END}{tail if end else chr(10)}"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri == JSON_PAGE:
        return with_schemas(markdown)
    return markdown


def on_post_build(config: Any) -> None:
    write_man_pages(Path(config["site_dir"]) / "man" / "man1")


if __name__ == "__main__":  # python docs/hooks.py: write the command reference and the JSON schemas again
    (Path(__file__).parent / COMMANDS_PAGE).write_text(command_reference(), encoding="utf-8")
    json_page = Path(__file__).parent / JSON_PAGE
    json_page.write_text(with_schemas(json_page.read_text(encoding="utf-8")), encoding="utf-8")
