"""A long table's rows are laid out by ``render/output.py`` (``_row_lines``), not cell by cell by Rich:
``team card`` of 180 teams took 7 s of CPU in Rich (issue 25, fault 8). The characters must be
Rich's own, byte for byte: on a plain console and on a colour terminal, at the table's natural
width and fitted to a narrow console, with every justification, wide and accented characters,
empty cells, an ASCII-only console (Rich's substitute box); and a table whose cells Rich must
lay out itself (markup, a space at an end, a name that wraps) is still drawn by Rich.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from arbiter_cli.render import output, table_lines
from arbiter_cli.render.output import Column, Format, View, emit, number_column, text_cell

WORDS = st.text(st.sampled_from("abcdeXYZ 0123456789½éÉßø,.-()+/漢字"), max_size=14).map(str.strip)
# a board's line ("  w Name") is indented; a space at the end, Rich takes away
INDENTED = st.tuples(st.sampled_from(["", " ", "   "]), WORDS, st.sampled_from(["", "", " "])).map("".join)


def _view(rows: list[tuple[str, str, str, int]], title: str = "Tournament: a table") -> View:
    records = [{"name": name, "team": team, "note": note, "points": points} for name, team, note, points in rows]
    return View(title, records, [
        Column("name", "Player", text_cell("name"), wrap=True), Column("team", "Team", text_cell("team"), "center"),
        Column("note", "", text_cell("note"), "right"), number_column("points", "Pts")],
        droppable=("note",))


def _drawn(view: View, fast: bool, monkeypatch: pytest.MonkeyPatch, **console: Any) -> str:
    file = io.StringIO()
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(output, "_one_line_body", lambda fitted: None)
        emit(view, Format.table, Console(file=file, **{"highlight": False, "emoji": False, **console}))
    return file.getvalue()


CONSOLES = [{"width": 240, "color_system": None}, {"width": 36, "color_system": None},
            {"width": 80, "color_system": None, "emoji": True},
            {"width": 120, "force_terminal": True, "color_system": "truecolor"},
            {"width": 40, "force_terminal": True, "color_system": "standard"},
            {"width": 100, "color_system": None, "safe_box": False}]


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(INDENTED, INDENTED, INDENTED, st.integers(0, 40)), max_size=6),
       title=st.sampled_from(["Tournament: a table", "Club 001: team card :smile:", "[bold]Marked[/bold] up",
                              " Spaced ", "A title far too long for a narrow table, so that Rich wraps it"]) | INDENTED)
def test_a_table_of_one_line_cells_is_drawn_as_rich_draws_it(rows: list[tuple[str, str, str, int]], title: str) -> None:
    """The rows, and the title and the head on a console without colours (issue 29), as Rich draws them."""
    view = _view(rows, title)
    with pytest.MonkeyPatch.context() as monkeypatch:
        for console in CONSOLES:
            assert _drawn(view, True, monkeypatch, **console) == _drawn(view, False, monkeypatch, **console)


class _AsciiFile(io.StringIO):
    """A file whose encoding is ASCII: Rich then draws its ASCII box."""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "ascii"


def test_an_ascii_console_gets_rich_s_ascii_box_in_the_rows_too(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view([("Garnier, Jules", "LOE", "x", 3), ("Robert, Louis", "VIL", "", 12)])
    drawn = {}
    for fast in (True, False):
        file = _AsciiFile()
        with monkeypatch.context() as patch:
            if not fast:
                patch.setattr(output, "_one_line_body", lambda fitted: None)
            emit(view, Format.table, Console(file=file, width=80, highlight=False, emoji=False, color_system=None))
        drawn[fast] = file.getvalue()
    assert drawn[True] == drawn[False]
    assert drawn[True].splitlines()[1].startswith("+") and drawn[True].splitlines()[-1].startswith("+")


@pytest.mark.parametrize("cell", ["[bold]Bold[/bold]", "trailing ", "two\nlines", "tab\there", "\u3000wide space"])
def test_a_cell_rich_must_lay_out_itself_leaves_the_table_to_rich(cell: str) -> None:
    fitted = output.fit_table(_view([(cell, "T", "", 1), ("Other", "T", "", 2)]), 240)
    assert output._one_line_body(fitted) is None


@pytest.mark.parametrize("name", ["A very long name, First Names", "Averyveryverylongwordthatmustfold x",
                                  "漢字漢字漢字 漢字漢字 Name", "Two  spaces   inside, Names", "  Indented long name here"])
def test_a_name_that_wraps_is_wrapped_as_rich_wraps_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long cell of a name column wraps in Rich's own words (issue 29: the knockout's log of 256
    players has one such cell, the seeding, and Rich then drew its 1,100 rows cell by cell)."""
    view = _view([(name, "Team", "note", 1), ("Short", "T", "", 22)])
    assert output._one_line_body(output.fit_table(view, 30)) is not None
    for justify in ("left", "center", "right"):
        view.columns[0] = Column("name", "Player", text_cell("name"), justify, wrap=True)
        for console in ({"width": 30, "color_system": None}, {"width": 24, "color_system": None},
                        {"width": 30, "force_terminal": True, "color_system": "truecolor"}):
            assert _drawn(view, True, monkeypatch, **console) == _drawn(view, False, monkeypatch, **console)


def test_the_rows_of_a_card_like_table_are_laid_out_here_and_drawn_as_rich_draws_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view([("Garnier, Jules", "LOE", "½", 3), ("Müller, Ærø", "漢字", "", 12), ("", "", "(empty board)", 0)])
    assert output._one_line_body(output.fit_table(view, 120)) is not None
    for console in CONSOLES:
        assert _drawn(view, True, monkeypatch, **console) == _drawn(view, False, monkeypatch, **console)


@given(st.text(max_size=20) | st.text(st.characters(codec="ascii"), max_size=20))
def test_the_width_of_a_cell_is_rich_s_own_measure(text: str) -> None:
    """The short way for printable ASCII (a cell per character) measures as Rich does: a cell's
    width and a text's longest line, which decide every column's width (issue 29: speed)."""
    from rich.cells import cell_len

    assert table_lines.cell_width(text) == cell_len(text)
    assert output._longest_line(text) == max((cell_len(line) for line in text.splitlines()), default=0)


@pytest.mark.parametrize("title", ["Club 001: team card :smile:", "[bold]Marked[/bold] up", "Plain: round 9"])
def test_the_head_of_a_plain_console_is_rich_s_with_markup_and_emoji_codes(title: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view([("Garnier, Jules", "LOE", "x", 3), ("Robert, Louis Antoine Marie", "VIL", "", 12)], title)
    for console in ({"width": 120, "color_system": None, "emoji": True}, {"width": 120, "color_system": None}):
        assert _drawn(view, True, monkeypatch, **console) == _drawn(view, False, monkeypatch, **console)


def _piped(view: View, rich: bool, monkeypatch: pytest.MonkeyPatch, columns: str | None) -> str:
    """``view`` as ``emit`` writes it to a stdout that is a pipe: through Rich's console, or (the
    command line's way, no console given) without Rich when it can."""
    file = io.StringIO()
    with monkeypatch.context() as patch:
        for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE", "COLUMNS"):
            patch.delenv(name, raising=False)
        if columns is not None:
            patch.setenv("COLUMNS", columns)
        patch.setattr("sys.stdout", file)
        emit(view, Format.table, output.stdout_console() if rich else None)
    return file.getvalue()


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(INDENTED, INDENTED, INDENTED, st.integers(0, 40)), max_size=6),
       title=st.sampled_from(["Tournament: a table", "Club 001: team card :smile:", "[bold]Marked[/bold] up",
                              " Spaced ", "A title far too long for a narrow table, so that Rich wraps it"]) | INDENTED,
       columns=st.sampled_from([None, "36", "80", "200", "0", "x"]))
def test_a_table_piped_without_rich_is_what_rich_s_console_writes(rows: list[tuple[str, str, str, int]], title: str,
                                                                  columns: str | None) -> None:
    """Issue 29 (start-up): a table written to a pipe or a file is written without loading Rich when
    Rich would write it as plain lines; byte for byte what Rich's console writes, at every width
    ``COLUMNS`` gives (a table Rich must lay out itself is still left to it)."""
    view = _view(rows, title)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _piped(view, False, monkeypatch, columns) == _piped(view, True, monkeypatch, columns)


def test_a_plain_table_on_a_pipe_is_written_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """The short way is taken for a table of one-line cells (``pair``'s, ``standings``'): the Rich
    path is never reached."""
    view = _view([("Garnier, Jules", "LOE", "x", 3), ("Müller, Ærø", "漢字", "", 12)])
    monkeypatch.setattr(output, "stdout_console", lambda: pytest.fail("Rich's console was made"))
    assert _piped(view, False, monkeypatch, None).splitlines()[1].startswith("┏")


def test_a_terminal_or_a_forced_colour_is_left_to_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert not output.plain_stream(Tty())
    assert not output.plain_stream(None)  # stderr closed when the command started: Rich writes nowhere
    assert output.plain_stream(io.StringIO())
    assert not output.plain_stream(_AsciiFile())
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        with monkeypatch.context() as patch:
            patch.setenv(name, "0")
            assert not output.plain_stream(io.StringIO())


@pytest.mark.parametrize("width", [0, 1, 3, 17])
def test_the_box_of_a_table_written_without_rich_is_rich_s_heavy_head(width: int) -> None:
    from rich import box

    widths = [width, 1, width + 2]
    plain, heavy = table_lines.HEAVY_HEAD_PLAIN, box.HEAVY_HEAD
    assert plain.get_top(widths) == heavy.get_top(widths)
    assert plain.get_row(widths, "head") == heavy.get_row(widths, "head")
    assert plain.get_bottom(widths) == heavy.get_bottom(widths)
    for name in ("head_left", "head_vertical", "head_right", "mid_left", "mid_vertical", "mid_right", "foot_left",
                 "foot_vertical", "foot_right"):
        assert getattr(plain, name) == getattr(heavy, name), name


@given(st.text(max_size=40) | st.sampled_from(["note: 1 column left out", " spaced ", "[bold]x[/bold] :smile:",
                                               "漢字 Müller, Ærø", "tab\there", "two\nlines", "bell\a", "cr\r"]))
def test_a_message_is_written_as_rich_s_console_prints_it(message: str) -> None:
    """``say``'s plain line (issue 29: no Rich on a pipe) is what Rich's console prints; a message
    Rich changes (control codes, tabs, lines) is left to Rich."""
    from rich.console import Console

    with pytest.MonkeyPatch.context() as patch:
        for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE"):
            patch.delenv(name, raising=False)
        plain = io.StringIO()
        patch.setattr("sys.stderr", plain)
        written = output.say_plain(message)
        rich = io.StringIO()
        patch.setattr("sys.stderr", rich)
        Console(stderr=True, highlight=False, emoji=False).print(message, markup=False, highlight=False,
                                                                 soft_wrap=True)
    assert written == message.isprintable()
    if written:
        assert plain.getvalue() == rich.getvalue()
    else:
        assert plain.getvalue() == ""


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from("ab XY-,.(0"), min_size=1, max_size=40), width=st.integers(1, 14),
       justify=st.sampled_from(["left", "right", "center"]))
def test_a_line_of_ascii_wraps_where_and_as_rich_s_text_wrap_wraps_it(text: str, width: int, justify: Any) -> None:
    """Issue 29: ``log``'s 7,000 long cells, each once, were most of its time on an 80-column
    terminal in ``Text.wrap``; a line of printable ASCII is broken at Rich's own ``divide_line``
    offsets and aligned here, the same lines, spaces included, as ``Text.wrap`` gives."""
    from rich.text import Text

    console = Console(width=80, highlight=False, emoji=False, color_system=None)
    rich = [line.plain for line in Text(text).wrap(console, width, justify=justify, overflow="fold", no_wrap=False)]
    ours = table_lines.ascii_wrapped(text, width, justify)
    if ours is not None:
        assert ours == [f" {line}{' ' * (width - len(line))} " for line in rich]
    assert table_lines.wrapped_cell(console, text, width, justify, {}) == [
        f" {line}{' ' * (width - len(line))} " for line in rich]


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("colours", [{"COLORTERM": "truecolor", "TERM": "xterm-256color"}, {"TERM": "xterm"},
                                     {"NO_COLOR": "1", "TERM": "xterm"}, {"TERM": "dumb"}])
def test_tables_on_a_terminal_draw_their_head_title_and_names_once_and_write_rich_s_characters(
        colours: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: ``team card`` draws 200 tables of a handful of heads on a terminal, where the head
    and the title have colours; Rich draws a head once, the title's codes once, each wrapped name
    once, and what ``emit`` writes for the tables after them is still Rich's own, byte for byte."""
    views = [_view([("Garnier, Jules Antoine Marie", "LOE", "½", 3), ("Müller, Ærø", "漢字", "", 12),
                    (f"Robert, Louis {n}", "VIL", "x", n)], f"Club {n:03}: team card after round 9") for n in range(4)]
    views.append(_view([("Garnier, Jules Antoine Marie", "LOE", "½", 3)], "[bold]Marked[/bold] up"))
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE", "NO_COLOR", "COLORTERM", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in colours.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(table_lines, "KEPT", {})
    for columns in ("30", "80"):
        monkeypatch.setenv("COLUMNS", columns)
        for view in views:
            fast, rich = _Tty(), _Tty()
            monkeypatch.setattr("sys.stdout", fast)
            emit(view, Format.table)
            monkeypatch.setattr("sys.stdout", rich)
            with monkeypatch.context() as patch:
                patch.setattr(output, "_one_line_body", lambda fitted: None)
                emit(view, Format.table)
            assert fast.getvalue() == rich.getvalue()
    assert table_lines.KEPT, "nothing was kept for the next tables"


@pytest.mark.parametrize("env", [{}, {"FORCE_COLOR": "1"}, {"TERM": "xterm-256color", "COLORTERM": "truecolor"}])
@pytest.mark.parametrize("message", ["the folder is sound: 1400 players, 9 rounds", "note: [bold]x[/bold] :smile:",
                                     "漢字 Müller, Ærø", " spaced "])
def test_a_message_on_a_terminal_is_written_as_rich_s_console_prints_it(message: str, env: dict[str, str],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: ``verify`` on a terminal loaded Rich for its one line; a line of printable text has
    no style, and Rich's console writes it to a terminal as it is, whatever colours it may show."""
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE", "NO_COLOR", "COLORTERM", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    plain, rich = _Tty(), _Tty()
    monkeypatch.setattr("sys.stderr", plain)
    assert output.say_plain(message)
    monkeypatch.setattr("sys.stderr", rich)
    console = output.stderr_console()
    assert console.is_terminal
    console.print(message, markup=False, highlight=False, soft_wrap=True)
    assert plain.getvalue() == rich.getvalue()


def test_a_long_table_reaches_windows_console_in_pieces_of_whole_lines_as_rich_writes_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich writes to Windows' console at most 8,192 characters at a time (a longer write fails,
    bpo-37871); the table written at once elsewhere is written so there too."""
    writes: list[str] = []

    class File:
        def write(self, text: str) -> None:
            writes.append(text)

    text = "".join(f"│ {n:5} │ {'x' * (n % 70)} │\n" for n in range(2000))
    monkeypatch.setattr("sys.platform", "win32")
    table_lines.write_text(File(), text)
    assert "".join(writes) == text and len(writes) > 1
    assert all(len(piece) <= 8192 and piece.endswith("\n") for piece in writes)
    monkeypatch.setattr("sys.platform", "linux")
    writes.clear()
    table_lines.write_text(File(), text)
    assert writes == [text]
