"""The site's tables written from their records, and what a publish after one result reads again
(issue 29): the same bytes as the cells written one by one, and as a site made without a cache."""

from __future__ import annotations

from fractions import Fraction
from operator import itemgetter
from pathlib import Path

import pytest

from arbiter_cli.events.registry import site_pages
from arbiter_cli.render.site.blocks import (CELL, PACKAGE, PLAIN, POINTS, Cell, RecordRows, Table, Way, keyed_cell,
                                            rooted, table_rows)
from arbiter_cli.render.site.memo import Memo
from arbiter_cli.render.site.sites import event_site, points_after
from arbiter_cli.render.templating import macros
from arbiter_cli.store.site_cache import SiteCache
from arbiter_cli.store.tournament import TournamentFolder
from tests.conftest import Runner

#: Records whose texts need escaping, numbers, nothing, points of every kind, and cells of every shape.
RECORDS = [
    ("<b>&\"'", 7, Fraction(5, 2), Cell("Name, A", href="players/1.html", link_cls="player", name=True)),
    (None, True, None, Cell(12)),
    ("12w1", -3, "1/3", Cell("x&y", href="a?b=1&c=2", before="1. ", after=" (<2000>)",
                              more=(Cell("m", href="m.html", before=" & "),))),
    ("", 0, 3, Cell("v", value="1.5", cls="num", span=2)),
    ("2½", 2.5, "", Cell("<bdi>", name=True)),
    ("same", 1, 2.5, Cell("Name, A", href="players/1.html", link_cls="player", name=True)),
]
WAYS = [Way("text", "c<", PLAIN, itemgetter(0)), Way("", "num", PLAIN, itemgetter(1)),
        Way("points", "num", POINTS, itemgetter(2)), Way("name", "", CELL, keyed_cell(itemgetter(3), "name", ""))]


def test_a_table_of_records_writes_the_bytes_of_its_cells_written_one_by_one() -> None:
    """:class:`RecordRows` writes its rows from the records (plain texts escaped or not, numbers, None,
    points, a name's link, a cell with texts around it and further parts): the bytes of the same rows
    read as cells and written by the loop of every table, and by the template alone."""
    rows = RecordRows(RECORDS, WAYS)
    cells = [list(row) for row in rows]
    assert rows == cells and len(rows) == len(RECORDS) and rows[1] == cells[1]
    assert cells[1][0] == Cell("", key="text", cls="c<") and cells[0][3].key == "name"
    fast, slow = Table([Cell("h")], rows), Table([Cell("h")], cells)
    assert str(table_rows(fast)) == str(table_rows(slow))
    module = macros(PACKAGE)
    assert str(module.table(fast)) == str(module.table_jinja(slow)) == str(module.table_jinja(fast))
    linked = rows.linked(3, lambda cell: rooted(cell, "../"))
    assert [row[3].href for row in linked][:2] == ["../players/1.html", "../"]
    assert str(table_rows(Table([], linked))) == str(table_rows(Table([], [list(row) for row in linked])))


def test_a_table_of_records_with_row_classes_is_written_cell_by_cell() -> None:
    """A table whose rows have classes or ids is written by the loop of every table, from the same cells."""
    rows = RecordRows(RECORDS[:2], WAYS)
    table = Table([], rows, row_classes=["a&b", ""], row_ids=["", "r2"])
    module = macros(PACKAGE)
    assert str(module.table(table)) == str(module.table_jinja(table))
    assert '<tr class="a&amp;b">' in str(table_rows(table)) and '<tr id="r2">' in str(table_rows(table))


def _standings_points(site, after: int) -> dict[int, Fraction]:
    return {row.player.start_number: row.points for row in site.standings[after].rows}


def test_the_points_after_a_round_kept_apart_are_the_standings_points_with_a_cache_or_without(
        sample, tmp_path: Path) -> None:
    """The points before a round (the last round's pairings, the hall screen, the cards) are those of the
    standings after the round before, made without a cache, kept in one, read back from it, and made again,
    quietly, from a cache whose entries are damaged."""
    tournament = TournamentFolder(sample("swiss32-in-progress")).load()
    bare = event_site(tournament)
    expected = {after: _standings_points(bare, after) for after in range(tournament.last_round + 1)}
    assert all(points_after(bare, after) == expected[after] for after in expected)
    for _ in range(2):  # made and kept, then read back
        site = event_site(tournament, memo=Memo(SiteCache(tmp_path / "event", tmp_path / "cache")))
        assert all(points_after(site, after) == expected[after] for after in expected)
        site.memo.finish()
    entries = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert entries
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-3] + b"bad")
    site = event_site(tournament, memo=Memo(SiteCache(tmp_path / "event", tmp_path / "cache")))
    assert all(points_after(site, after) == expected[after] for after in expected)


def test_a_result_leaves_the_event_index_as_it_was_and_unmade(sample, arbiter: Runner, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``index.html`` reads the registration and the rounds paired: after a result its key is the same
    (a publish neither reads nor makes it), and its bytes are those of a site made without a cache."""
    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "warm"))
    before = site_pages(event)
    token = before.token("index.html")
    assert token is not None and dict(before)
    assert arbiter("-d", event, "result", "5", "2", "1-0").code == 0
    after = site_pages(event)
    assert after.token("index.html") == token
    assert after.token("crosstable.html") not in (None, before.token("crosstable.html"))  # it reads every round
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cold"))
    assert site_pages(event) == after
