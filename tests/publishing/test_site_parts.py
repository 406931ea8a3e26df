"""The pieces of ``arbiter publish``: the page registry, the templates' escaping, the site writer."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arbiter_cli.render.site.pages as registry
from arbiter_cli.core.errors import BadArgument
from arbiter_cli.render.site.blocks import Cell, macro
from arbiter_cli.render.site.pages import page_kinds
from arbiter_cli.store.site import source_fingerprint, MANIFEST, write_site


def test_every_module_of_the_pages_package_is_a_page_kind():
    """Adding a page kind (bracket.html, prizes.html) is adding one module: the registry finds it."""
    modules = {p.stem for p in Path(registry.__file__).parent.glob("*.py") if p.stem != "__init__"}
    found = {kind.name for site in ("event", "team", "club", "knockout", "groups") for kind in page_kinds(site)}
    assert found == modules
    assert [k.name for k in page_kinds("knockout")] == ["knockout_index", "bracket", "knockout_rounds",
                                                        "knockout_standings", "prizes", "knockout_players", "hall"]
    assert [k.name for k in page_kinds("groups")] == ["group_index", "group_standings", "hall"]
    assert [k.name for k in page_kinds("event")] == ["index", "rounds", "standings", "crosstable", "prizes", "players", "hall"]
    assert {k.name for k in page_kinds("club")} == {"club_index", "club_ratings", "club_members", "club_events"}


class _Cell(HTMLParser):
    """A written cell read back: its tags with their attributes, and its text."""

    def __init__(self, written: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(written)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)



def test_each_page_kinds_sites_read_from_its_source_are_the_modules_own() -> None:
    """issue 29: a site imports only its own page kinds (an individual event's publish loads no
    knockout, team, group or club code), told by each module's ``SITES`` read from its source without
    importing it: what is read is what the module declares."""
    import importlib

    for name in registry._names():
        declared = registry.declared_sites(name)
        assert declared is not None, f"{name}: SITES is not declared on one line of names"
        assert declared == importlib.import_module(f"{registry.__name__}.{name}").SITES, name


_LOADED = """
import sys
from pathlib import Path
from arbiter_cli.events.registry import site_pages
dict(site_pages(Path(sys.argv[1])))
print("\\n".join(sorted(name for name in sys.modules if name.startswith("arbiter_cli"))))
"""


def test_an_individual_events_site_loads_no_other_kinds_code(sample, tmp_path: Path) -> None:
    """issue 29: publishing an individual event imports neither the other kinds' page kinds nor their
    models (a team's, a knockout's, a group event's, a club's): their imports were a tenth of a
    publish after one result."""
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _LOADED, str(sample("swiss32-in-progress"))], capture_output=True,
                          text=True, check=True, env={**os.environ, "ARBITER_CACHE_DIR": str(tmp_path / "cache")})
    loaded = set(done.stdout.split())
    assert "arbiter_cli.render.site.pages.players" in loaded
    for name in ("core.team_tournament", "core.knockout", "core.group_settings", "ratings.club",
                 "render.site.pages.bracket", "render.site.pages.team_players", "render.site.pages.club_index",
                 "render.site.pages.group_index", "render.knockout_views", "render.team_views"):
        assert f"arbiter_cli.{name}" not in loaded, name


@settings(max_examples=200)
@given(st.text(), st.text(), st.text(), st.text())
def test_a_cells_texts_read_back_as_themselves_and_open_no_tag(text, before, key, value):
    """Issue 26: Jinja2's autoescaping writes every text of a cell, its attributes too, as text."""
    written = str(macro("cell", "td", Cell(text, href="../players/1.html", key=key, value=value, name=True,
                                          before=before, link_cls="player")))
    cell = _Cell(written)
    assert [tag for tag, _ in cell.tags] == ["td", "a", "bdi"]
    expected = {"data-key": key, "data-value": value}
    assert {k: v for k, v in cell.tags[0][1].items()} == {k: v for k, v in expected.items() if v}
    assert "".join(cell.text) == before + text


def test_write_site_writes_only_what_changed_and_removes_what_is_gone(tmp_path):
    out = tmp_path / "site"
    first = write_site(out, {"index.html": b"a", "rounds/1.html": b"b", "rounds/2.html": b"c"})
    assert sorted(first.written) == ["index.html", "rounds/1.html", "rounds/2.html"]
    second = write_site(out, {"index.html": b"a", "rounds/1.html": b"B"})
    assert second.written == ("rounds/1.html",) and second.unchanged == ("index.html",)
    assert second.removed == ("rounds/2.html",)
    assert (out / "rounds" / "1.html").read_bytes() == b"B" and not (out / "rounds" / "2.html").exists()
    third = write_site(out, {"index.html": b"a"})
    assert third.removed == ("rounds/1.html",) and not (out / "rounds").exists()  # an empty folder goes too


def test_write_site_never_removes_a_file_it_did_not_write(tmp_path):
    out = tmp_path / "site"
    write_site(out, {"index.html": b"a"})
    (out / "notes.txt").write_text("mine")
    (out / MANIFEST).write_text("index.html\n../outside.txt\nnotes-not-listed\n")
    (tmp_path / "outside.txt").write_text("keep")
    write_site(out, {"other.html": b"b"})
    assert (out / "notes.txt").read_text() == "mine" and (tmp_path / "outside.txt").read_text() == "keep"
    assert not (out / "index.html").exists()



def test_write_site_tells_where_each_page_lands_from_the_folders_listings_as_page_by_page(sample, tmp_path):
    """issue 29: where the pages land is told from each folder's listing once (a site of 1,600 pages
    was resolved page by page, twice), with the same answers: a folder of the site that is an
    event's is asked about each page (one beside its files is written, one on its files refused), a
    page or a folder that is a symbolic link out of OUTDIR is refused, whatever the path's spelling."""
    out = tmp_path / "site"
    write_site(out, {"index.html": b"a", "deep/er/x.html": b"x"})
    shutil.copytree(sample("swiss32-in-progress"), out / "event")
    done = write_site(out, {"index.html": b"a", "deep/er/x.html": b"x", "event/page.html": b"p"})
    assert done.written == ("event/page.html",) and (out / "event" / "page.html").read_bytes() == b"p"
    players = (out / "event" / "players.csv").read_bytes()
    with pytest.raises(BadArgument, match="would land in the tournament folder"):
        write_site(out, {"index.html": b"a", "event/players.csv": b"x"})
    assert (out / "event" / "players.csv").read_bytes() == players
    (tmp_path / "elsewhere").mkdir()
    (out / "deep" / "er" / "y.html").symlink_to(tmp_path / "elsewhere" / "y.html")
    for page in ("deep/er/y.html", "deep//er/y.html", "./deep/er/y.html"):
        with pytest.raises(BadArgument, match="leads out of"):
            write_site(out, {"index.html": b"a", page: b"y"})
    (out / "deep" / "er" / "y.html").unlink()
    shutil.rmtree(out / "deep")
    (out / "deep").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(BadArgument, match="leads out of"):
        write_site(out, {"index.html": b"a", "deep/er/x.html": b"x"})
    assert not any((tmp_path / "elsewhere").iterdir())


def test_write_site_keeps_a_site_to_the_folder_it_was_published_from(tmp_path):
    out = tmp_path / "site"
    write_site(out, {"index.html": b"a", "old.html": b"o"}, "/events/one")
    with pytest.raises(BadArgument, match="holds the site of another folder \\(or of this one before it was moved "
                                          "or renamed\\), not of /events/two"):
        write_site(out, {"index.html": b"b"}, "/events/two")
    assert (out / "index.html").read_bytes() == b"a"
    done = write_site(out, {"index.html": b"b"}, "/events/two", replace=True)
    manifest = (out / MANIFEST).read_text()
    assert done.removed == ("old.html",) and f"# source: {source_fingerprint('/events/two')}" in manifest


def test_site_manifest_names_no_path_of_the_arbiters_machine(tmp_path):
    """Issue 26: OUTDIR/.arbiter-site is served by a plain web host; it names its source by a digest."""
    out = tmp_path / "site"
    write_site(out, {"index.html": b"a"}, "/home/arbiter/events/open-2026")
    manifest = (out / MANIFEST).read_text()
    assert "/home/arbiter" not in manifest and "open-2026" not in manifest
    write_site(out, {"index.html": b"b"}, "/home/arbiter/events/open-2026")  # the same folder: no --replace


def test_site_manifest_written_with_a_path_before_issue_26_still_knows_its_folder(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / MANIFEST).write_text("# the files\n# source: /events/one\nindex.html\n")
    (out / "index.html").write_bytes(b"a")
    assert write_site(out, {"index.html": b"b"}, "/events/one").written == ("index.html",)


def test_write_site_takes_a_manifest_without_a_source_as_its_own(tmp_path):
    out = tmp_path / "site"
    write_site(out, {"index.html": b"a"})  # an older publish: no source line
    assert write_site(out, {"index.html": b"b"}, "/events/one").written == ("index.html",)


@pytest.mark.parametrize("path", ["../x.html", "/etc/x", "a/../../x", ".arbiter-site"])
def test_a_page_path_outside_the_site_is_a_bug(tmp_path, path):
    with pytest.raises(ValueError):
        write_site(tmp_path / "site", {path: b"x"})


def test_write_site_refuses_a_file_as_outdir(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    with pytest.raises(BadArgument, match="is a file"):
        write_site(target, {"index.html": b"a"})


_PATHS = st.sampled_from(["index.html", "style.css", "rounds/1.html", "rounds/2.html", "players/1.html",
                          "standings/1.html", "standings.html"])
_SITES = st.dictionaries(_PATHS, st.binary(max_size=4), max_size=7)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_SITES, min_size=1, max_size=5))
def test_after_any_sequence_of_publishes_the_folder_holds_the_last_site_and_only_changes_were_written(
        tmp_path_factory, sites):
    out = tmp_path_factory.mktemp("site") / "out"
    held: dict[str, bytes] = {}
    for files in sites:
        done = write_site(out, files)
        assert set(done.written) == {p for p, data in files.items() if held.get(p) != data}
        assert set(done.removed) == set(held) - set(files)
        held = dict(files)
        on_disk = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*")
                   if p.is_file() and not p.name.startswith(".arbiter")}
        assert on_disk == held


def test_a_publish_interrupted_half_way_is_completed_by_the_next(tmp_path, monkeypatch):
    import arbiter_cli.store.site as site

    out = tmp_path / "site"
    real = site._staged
    calls = []

    def failing(path, data):
        calls.append(path.name)
        if len(calls) == 3:  # two pages staged, then the disk fills up: they are removed (issue 25 trial)
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(site, "_staged", failing)
    with pytest.raises(BadArgument, match="No space left on device; the site is as it was"):
        write_site(out, {"a.html": b"1", "b.html": b"2", "c.html": b"3"})
    assert not out.exists()  # a first publish that failed leaves no folder, not even its lock (trial42)
    monkeypatch.setattr(site, "_staged", real)
    done = write_site(out, {"a.html": b"1", "c.html": b"3"})
    assert set(done.removed) <= {"b.html"} and not (out / "b.html").exists()
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["a.html", "c.html"]


def test_a_distribution_of_match_points_has_no_bar_for_a_half_nobody_can_score():
    """The last trial: a team event's chart of match points (2-1-0) had empty bars at 1½, 2½...; whole
    scores step by one, halves by a half, anything else one bar per score."""
    from fractions import Fraction as F

    from arbiter_cli.render.site.charts import Bar
    from arbiter_cli.render.site.standings_table import distribution_chart

    def bars(scores):
        chart = distribution_chart("distribution", scores, 3, "match points")
        assert chart is not None
        return [shape.title for shape in chart.shapes if isinstance(shape, Bar)]

    assert bars([F(0), F(2), F(2), F(4)]) == ["0: 1", "1: 0", "2: 2", "3: 0", "4: 1"]
    assert bars([F(0), F(1, 2), F(3, 2)]) == ["0: 1", "½: 1", "1: 0", "1½: 1"]
    assert bars([F(0), F(1, 4)]) == ["0: 1", "0.25: 1"]
