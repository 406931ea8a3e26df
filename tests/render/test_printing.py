"""Pages for the wall: pairings --print (by board and by name), pair --print, and --html pages
of the standings, the crosstable and the pairings."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arbiter_cli.render.html import html_page
from arbiter_cli.render.output import Column, View
from arbiter_cli.render.printing import print_sheets, sheet

from conftest import ROOT, Runner, quiet_arbiter, snapshot

SAMPLES = ROOT / "sample_events"
BYES = ("PAB", "FPB", "HPB", "ZPB", "BYE")
ODD_NAME = "O'Neil <&> Sons, Pat"


# --------------------------------------------------------------------------- events


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 121-player Swiss in round 2: a PAB, a requested HPB and ZPB, results of round 1 entered."""
    base = tmp_path_factory.mktemp("big")
    folder = base / "open"
    assert quiet_arbiter("new", folder, "--name", "Big Open 2026", "--system", "swiss", "--rounds", 9,
                         "--seed", 11, "--place", "Antalya", "--start-date", "2026-07-01") == 0
    draw = random.Random(5)
    lines = ["name,rating"] + [f'"Player{i:03d}, {draw.choice(["Ada", "Ece", "Can", "Mert"])}",'
                               f"{draw.randint(1200, 2600)}" for i in range(120)]
    lines.append(f'"{ODD_NAME}",1500')
    (base / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert quiet_arbiter("-d", folder, "player", "import", base / "players.csv") == 0
    assert quiet_arbiter("-d", folder, "pair") == 0
    (base / "results.txt").write_text("".join(f"{b} {draw.choice(['1-0', '0-1', '1/2'])}\n" for b in range(1, 61)))
    assert quiet_arbiter("-d", folder, "result", 1, "--from", base / "results.txt") == 0
    assert quiet_arbiter("-d", folder, "bye", 3, "--round", 2, "--half") == 0
    assert quiet_arbiter("-d", folder, "bye", 4, "--round", 2, "--zero") == 0
    assert quiet_arbiter("-d", folder, "pair") == 0
    return folder


@pytest.fixture
def small(arbiter: Runner, tmp_path: Path) -> Path:
    """A 7-player Swiss in round 1 with every Swiss bye: PAB, HPB, ZPB and (by hand) FPB."""
    folder = tmp_path / "small"
    assert arbiter("new", folder, "--name", "Club <Rapid> & Co", "--system", "swiss", "--rounds", 5,
                   "--seed", 3, "--place", "Lyon").code == 0
    for i, name in enumerate(["Roux, Anna", "Petit, Luc", "Élie, Marc", "Moreau, Paul", "Durand, Marie",
                              ODD_NAME, "Bernard, Hugo", "Zola, Emile"]):
        assert arbiter("-d", folder, "player", "add", name, "--rating", 2000 - 10 * i).code == 0
    assert arbiter("-d", folder, "bye", 2, "--round", 1, "--half").code == 0
    assert arbiter("-d", folder, "bye", 5, "--round", 1, "--zero").code == 0
    assert arbiter("-d", folder, "bye", 6, "--round", 1, "--half").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    round_file = folder / "rounds" / "01.csv"
    text = round_file.read_text(encoding="utf-8")
    assert text.count(",HPB") == 2
    round_file.write_text(text.replace(",HPB", ",FPB", 1), encoding="utf-8")  # an FPB, as a hand edit
    return folder


def pages(text: str) -> list[list[str]]:
    assert text.endswith("\n")
    return [page.splitlines() for page in text[:-1].split("\f")]


def section(all_pages: list[list[str]], title: str) -> list[list[str]]:
    return [page for page in all_pages if any(title in line for line in page[:4])]


def rows(page: list[str]) -> list[str]:
    """The lines of a page between the dashes under the headings and the blank line after them."""
    start = next(i for i, line in enumerate(page) if line.startswith("---")) + 1
    end = page.index("", start)
    return page[start:end]


# --------------------------------------------------------------------------- the pairings page


def test_the_pairings_page_lists_by_board_then_by_name_with_every_bye(arbiter: Runner, small: Path) -> None:
    result = arbiter("-d", small, "pairings", "--print")
    assert result.code == 0, result.err
    assert result.err == ""
    printed = pages(result.out)
    assert len(printed) == 2
    board_page, name_page = printed
    assert board_page[:3] == ["Club <Rapid> & Co", "Lyon", board_page[2]]
    assert re.fullmatch(r"Round 1 of 5: pairings by board    printed \d{4}-\d\d-\d\d", board_page[2])
    assert name_page[2].startswith("Round 1 of 5: pairings by name")
    assert board_page[-1] == "page 1/2" and name_page[-1] == "page 2/2"

    games, byes = [r for r in rows(board_page) if r[:2].strip()], [r for r in rows(board_page) if not r[:2].strip()]
    assert [int(r.split()[0]) for r in games] == [1, 2]
    assert sorted(re.search(r"\b(PAB|FPB|HPB|ZPB)\b", r).group(1) for r in byes) == ["FPB", "HPB", "PAB", "ZPB"]
    assert all(re.search(r"(pairing-allocated|full-point|half-point|zero-point) bye$", r) for r in byes)

    by_name = rows(name_page)
    names = [re.split(r"\s{2,}", r)[0] for r in by_name]
    assert len(names) == 8 and set(names) >= {"Élie, Marc", ODD_NAME, "Zola, Emile"}
    assert names == sorted(names, key=lambda n: n.replace("É", "E").casefold())  # Élie among the Es
    for code in ("PAB", "FPB", "HPB", "ZPB"):
        assert sum(f"({code})" in r for r in by_name) == 1
    # each player's line: the board, the colour and the opponent, as the board list has them
    for row in games:
        board, white_no, rest = row.split(maxsplit=2)
        white, black_no, black = re.split(r"\s{2,}", rest.strip())
        assert any(r.startswith(white) and re.search(rf"\b{board}\s+White\s+{re.escape(black)} \({black_no}\)$", r)
                   for r in by_name), (white, by_name)
        assert any(r.startswith(black) and re.search(rf"\b{board}\s+Black\s+{re.escape(white)} \({white_no}\)$", r)
                   for r in by_name), (black, by_name)


def test_the_free_round_of_a_round_robin_is_in_both_lists(arbiter: Runner, make_event) -> None:
    folder = make_event(5)
    assert arbiter("-d", folder, "pair").code == 0
    board_page, name_page = pages(arbiter("-d", folder, "pairings", "--print").out)
    assert sum(line.split()[-2:] == ["free", "round"] and "BYE" in line for line in rows(board_page)) == 1
    assert sum(line.endswith("free round (BYE)") for line in rows(name_page)) == 1
    assert len(rows(name_page)) == 5 and len(rows(board_page)) == 3


def test_a_long_round_breaks_into_a4_pages(arbiter: Runner, big: Path) -> None:
    result = arbiter("-d", big, "pairings", "--print")
    assert result.code == 0, result.err
    printed = pages(result.out)
    by_board, by_name = section(printed, "pairings by board"), section(printed, "pairings by name")
    assert len(by_board) == 2 and len(by_name) == 3 and len(printed) == 5
    assert printed == by_board + by_name  # by board first, every list on pages of its own
    for number, page in enumerate(printed, start=1):
        assert len(page) <= 60, number
        assert page[0] == "Big Open 2026" and page[1] == "Antalya, 2026-07-01"
        assert page[2].startswith("Round 2 of 9: pairings by")
        assert page[4].split()[:2] in (["Bd", "No"], ["Name", "No"])  # the column headings on every page
        assert page[-1] == f"page {number}/5"
    board_rows = [row for page in by_board for row in rows(page)]
    name_rows = [row for page in by_name for row in rows(page)]
    assert len(name_rows) == 121  # every player once
    assert len([r for r in board_rows if r[:3].strip()]) == 59 and len(board_rows) == 62  # 118 play, 3 byes
    for code in ("PAB", "HPB", "ZPB"):
        assert sum(code in r for r in board_rows) == 1 and sum(r.endswith(f"({code})") for r in name_rows) == 1
    names = [re.split(r"\s{2,}", row)[0] for row in name_rows]
    assert names == sorted(names, key=str.casefold)
    assert "Pts" in by_board[0][4] and "Pts" in by_name[0][4]  # points before the round, from round 2


def test_the_page_has_no_escape_codes_and_fits_the_width(arbiter: Runner, big: Path, monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "300")
    for command in (["pairings", "--print"], ["pairings", "1", "--print"], ["standings", "--print"]):
        out = arbiter("-d", big, *command).out
        assert "\x1b" not in out and not set("┃━│") & set(out)
        assert max(len(line) for line in out.replace("\f", "\n").splitlines()) <= 80, command


def test_long_names_are_cut_on_paper_but_whole_in_html(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("swiss32-in-progress")
    players = folder / "players.csv"
    text = players.read_text(encoding="utf-8")
    long_name = "Papadopoulou-Konstantinidou, Alexandra-Maria"
    players.write_text(text.replace('"Celik, Aylin"', f'"{long_name}"'), encoding="utf-8")
    printed = arbiter("-d", folder, "pairings", "--print").out
    assert max(len(line) for line in printed.replace("\f", "\n").splitlines()) <= 80
    assert "Papadopoulou-Konstantin" in printed and long_name not in printed
    assert arbiter("-d", folder, "pairings", "--html", tmp_path / "p.html").code == 0
    tables = parse(tmp_path / "p.html").tables
    assert [long_name in row for row in tables[1]].count(True) == 1  # by name: the player's own line
    assert sum(long_name in cell for row in tables[0] for cell in row) == 1


def test_pair_print_pairs_and_prints_the_page(arbiter: Runner, sample) -> None:
    folder = sample("double-rr6-ready")
    before = snapshot(folder)
    refused = arbiter("-d", folder, "pair", "--print", "-f", "json")
    assert refused.code == 2 and refused.err.count("\n") == 1 and snapshot(folder) == before
    result = arbiter("-d", folder, "pair", "--print")
    assert result.code == 0 and result.err == "round 5 of 10 paired\n"
    assert (folder / "rounds" / "05.csv").is_file()
    board_page, name_page = pages(result.out)
    assert board_page[0] == "Winter Six 2026" and "Round 5 of 10: pairings by board" in board_page[2]
    assert len(rows(board_page)) == 3 and len(rows(name_page)) == 6
    assert pages(arbiter("-d", folder, "pairings", "--print").out)[1][3:] == name_page[3:]


# --------------------------------------------------------------------------- HTML


class Page(HTMLParser):
    """Parses a page and checks that it is well formed: every element closed, in order.

    ``tables`` holds the body rows of each table (cell texts), ``headings`` the
    last row of each table's head (the column headings), ``tops`` the text of
    the head's first row (the sheet's header).
    """

    VOID = {"meta", "br", "hr", "img", "link", "col", "input"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.heads: list[list[list[str]]] = []
        self.tables: list[list[list[str]]] = []
        self.text: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.doctype = ""
        self.cell: list[str] | None = None

    @property
    def headings(self) -> list[list[str]]:
        return [head[-1] for head in self.heads]

    @property
    def tops(self) -> list[str]:
        return [head[0][0] for head in self.heads]

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in self.VOID:
            return
        self.stack.append(tag)
        if tag == "table":
            self.heads.append([])
            self.tables.append([])
        elif tag == "tr":
            (self.tables if "tbody" in self.stack else self.heads)[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        assert tag not in self.VOID, tag
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()
        if tag in ("td", "th") and self.cell is not None:
            (self.tables if "tbody" in self.stack else self.heads)[-1][-1].append(" ".join(self.cell))
            self.cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)


def parse(path: Path) -> Page:
    raw = path.read_bytes()
    text = raw.decode("utf-8")  # UTF-8, or this fails
    page = Page()
    page.feed(text)
    page.close()
    assert page.stack == [], page.stack
    assert page.doctype.lower() == "doctype html"
    assert ("meta", {"charset": "utf-8"}) in page.tags
    assert not re.search(r"<(link|script|img|iframe)\b|@import|url\(|https?://", text)  # nothing from outside
    assert "@page { size: A4" in text and "break-before: page" in text
    return page


def test_the_html_pairings_page(arbiter: Runner, small: Path, tmp_path: Path) -> None:
    target = tmp_path / "pairings.html"
    result = arbiter("-d", small, "pairings", "--html", target)
    assert result.code == 0 and result.out == "" and result.err == f"wrote {target}\n"
    raw = target.read_text(encoding="utf-8")
    assert "O&#39;Neil &lt;&amp;&gt; Sons, Pat" in raw and ODD_NAME not in raw
    assert "<h1>Club &lt;Rapid&gt; &amp; Co</h1>" in raw
    page = parse(target)
    assert len(page.tables) == 2 and raw.count("<section>") == 2
    by_board, by_name = page.tables
    assert page.headings[0] == ["Bd", "No", "White", "Result", "No", "Black"]
    assert page.headings[1] == ["Name", "No", "Bd", "Colour", "Opponent"]
    assert len(by_board) == 6 and len(by_name) == 8
    assert sorted(row[3] for row in by_board if not row[0]) == ["FPB", "HPB", "PAB", "ZPB"]
    assert [row[0] for row in by_name if row[0] == ODD_NAME] == [ODD_NAME]  # unescaped by the parser
    assert {row[4] for row in by_name if not row[2]} == {f"{text} ({code})" for code, text in [
        ("PAB", "pairing-allocated bye"), ("FPB", "full-point bye"), ("HPB", "half-point bye"),
        ("ZPB", "zero-point bye")]}
    # the same content as the printed page
    printed = pages(arbiter("-d", small, "pairings", "--print").out)
    assert [re.split(r"\s{2,}", r.strip())[0] for r in rows(printed[1])] == [row[0] for row in by_name]


def test_the_html_standings_and_crosstable(arbiter: Runner, sample, tmp_path: Path) -> None:
    swiss = sample("swiss32-in-progress")
    result = arbiter("-d", swiss, "standings", "--html", tmp_path / "s.html")
    assert result.code == 0 and result.out == ""
    assert result.err.splitlines()[-1] == f"wrote {tmp_path / 's.html'}"  # after the notes on stderr
    page = parse(tmp_path / "s.html")
    assert page.headings == [["Rank", "No", "Name", "Rating", "Pts", "BH/C1", "BH", "SB", "DE", "WIN"]]
    assert len(page.tables[0]) == 32 and page.tables[0][0][:3] == ["1", "7", "Celik, Aylin"]
    assert "round 5 is not complete; no result yet on boards 2, 5, 9, 14" in page.text
    assert "Standings after round 5 (tie-breaks: C.07 2026 rules)" in page.text

    assert arbiter("-d", swiss, "crosstable", "--html", tmp_path / "c.html").code == 0
    page = parse(tmp_path / "c.html")
    assert page.headings[0][3:8] == ["R1", "R2", "R3", "R4", "R5"] and len(page.tables[0]) == 32
    assert page.tables[0][0][3:8] == ["23w1", "29b1", "4w1", "5w1", "25b½"]
    assert "size: A4 portrait" in (tmp_path / "c.html").read_text(encoding="utf-8")  # it fits 80 columns

    finished = sample("rr10-finished")
    assert arbiter("-d", finished, "crosstable", "--html", tmp_path / "rr.html").code == 0
    page = parse(tmp_path / "rr.html")
    assert page.headings[0][3:13] == [str(i) for i in range(1, 11)]
    assert [row[3 + i] for i, row in enumerate(page.tables[0])] == ["×"] * 10


def test_a_sheet_wider_than_portrait_is_printed_landscape() -> None:
    columns = [Column(f"R{i}", f"R{i}", lambda r, i=i: r[i], "center") for i in range(30)]
    view = View("t", [{i: f"{i}w1" for i in range(30)}], columns)
    wide = sheet(view, ["Event", "Crosstable after round 30"], width=200)
    assert "size: A4 landscape" in html_page([wide], "t")
    assert "size: A4 portrait" in html_page([sheet(view, ["Event"])], "t")
    assert max(len(line) for line in print_sheets([wide]).splitlines()) > 80


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.iterdir() if (p / "tournament.toml").is_file()))
def test_every_sample_prints_within_80_columns(arbiter: Runner, sample, name: str) -> None:
    folder = sample(name)
    knockout = "[knockout]" in (folder / "tournament.toml").read_text()  # a bracket instead of a crosstable
    for command in ("standings", "bracket" if knockout else "crosstable", "pairings"):
        # a group event's standings print every stage; its crosstable and pairings one stage each
        stage = ("--group", "A") if name.startswith("groups") and command != "standings" else ()
        result = arbiter("-d", folder, command, "--print", *stage)
        assert result.code == 0, result.err
        printed = pages(result.out)
        assert all(len(page) <= 60 for page in printed)
        assert max(len(line) for page in printed for line in page) <= 80, command
        assert printed[-1][-1] == f"page {len(printed)}/{len(printed)}"


def test_writing_the_html_replaces_the_file_at_once(arbiter: Runner, sample, tmp_path: Path, monkeypatch) -> None:
    folder = sample("rr10-finished")
    target = tmp_path / "standings.html"
    target.write_text("the old page", encoding="utf-8")
    import arbiter_cli.store.files

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(arbiter_cli.store.files.os, "replace", fail)
    result = arbiter("-d", folder, "standings", "--html", target)
    assert result.code == 2 and result.out == ""
    assert result.err == f"arbiter: error: cannot write the HTML page to {target}: No space left on device\n"
    assert target.read_text(encoding="utf-8") == "the old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rr10-finished", "standings.html"]  # no temp file
    monkeypatch.undo()
    assert arbiter("-d", folder, "standings", "--html", target).code == 0
    assert "Fontaine, Claire" in target.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rr10-finished", "standings.html"]


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("command", ["standings", "crosstable", "pairings"])
@pytest.mark.parametrize("options,message", [
    (["--html", "{out}", "-f", "csv"], "--html makes a page for people; it cannot be combined with --format csv"),
    (["--html", "{out}", "--format", "json"], "--html makes a page for people; it cannot be combined with"),
    (["--html", "{out}", "--print"], "--print writes the page to stdout and --html to a file; give one of them"),
    (["--print", "-f", "csv"], "--print makes a page for the printer; it cannot be combined with --format csv"),
    (["--html", ""], "--html needs the name of the file to write"),
    (["--html", "{tmp}/no/such/folder/x.html"], "cannot write the HTML page to {tmp}/no/such/folder/x.html: "
                                                "No such file or directory"),
    (["--html", "{tmp}"], "cannot write the HTML page to {tmp}: Is a directory"),
    (["--html", "{folder}/players.csv"], "{folder}/players.csv is part of the tournament folder"),
    (["--html", "{folder}/rounds/page.html"], "{folder}/rounds/page.html is part of the tournament folder"),
])
def test_refusals_are_one_line(arbiter: Runner, sample, tmp_path: Path, command: str, options: list[str],
                               message: str) -> None:
    folder = sample("double-rr6-ready")
    names = {"out": str(tmp_path / "out.html"), "tmp": str(tmp_path), "folder": str(folder)}
    before, listing = snapshot(folder), sorted(tmp_path.iterdir())
    result = arbiter("-d", folder, command, *(o.format(**names) for o in options))
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"arbiter: error: {message.format(**names)}")
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert snapshot(folder) == before and sorted(tmp_path.iterdir()) == listing


def test_notes_that_do_not_fit_below_the_last_rows_get_a_page_of_their_own() -> None:
    view = View("t", [{"n": str(i)} for i in range(53)], [Column("n", "No", lambda r: r["n"], "right")])
    notes = ["a note " * 30, "another note"]  # the first is wrapped to 80 characters: 3 lines
    full = pages(print_sheets([sheet(view, ["Event", "Standings"], notes=notes)]))
    assert [len(page) for page in full] == [60, 8]  # 53 rows fill the first page
    assert full[0][-3:] == ["52", "", "page 1/2"]
    assert full[1][:3] == ["Event", "Standings", ""] and full[1][-2:] == ["another note", "page 2/2"]
    assert all(len(line) <= 80 for line in full[1]) and " ".join(full[1][3:6]) == ("a note " * 30).strip()
    short = pages(print_sheets([sheet(View("t", view.records[:49], view.columns), ["Event", "Standings"],
                                      notes=notes)]))
    assert len(short) == 1 and len(short[0]) == 60 and short[0][-7:] == ["48", "", *full[1][3:7], "page 1/1"]


# --------------------------------------------------------------------------- progress bars

def test_a_progress_bar_shows_only_on_a_terminal_and_only_when_slow() -> None:
    import io

    from rich.console import Console

    from arbiter_cli.render.output import slow_progress

    terminal = io.StringIO()
    with slow_progress("pairing round 9", 10, after=0.0,
                       console=Console(file=terminal, force_terminal=True, width=70)) as step:
        for done in range(1, 11):
            step(done)
    assert "pairing round 9" in terminal.getvalue() and "100%" in terminal.getvalue()

    quick = io.StringIO()
    with slow_progress("pairing round 9", 10, after=60.0,
                       console=Console(file=quick, force_terminal=True, width=70)) as step:
        step(5)
    assert quick.getvalue() == ""  # done within the delay: no bar at all

    piped = io.StringIO()
    with slow_progress("pairing round 9", 10, after=0.0, console=Console(file=piped)) as step:
        step(5)
    assert piped.getvalue() == ""  # not a terminal: nothing


def test_pair_reports_progress_per_bracket() -> None:
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.trf import parse_trf
    from arbiter_cli.trf.swiss import request_from_trf

    from conftest import shared_file

    request = request_from_trf(parse_trf(shared_file(
        "corpus/dutch-2026/cases/n0040_R09_s0914446417_r06.trf").read_text()))
    seen: list[tuple[int, int]] = []
    result = pair_round(request, lambda settled, total: seen.append((settled, total)))
    assert len(seen) >= 3
    assert [s for s, _ in seen] == sorted(s for s, _ in seen)
    players = seen[0][1]
    assert {t for _, t in seen} == {players} and seen[-1] == (players, players)
    assert seen[-2][0] == 2 * len(result.pairs) == players - (result.bye is not None)
