"""What a publish left in its OUTDIR, recorded in the site's cache (issue 29): a page whose token (the
digest of everything it is made from) and whose file did not change since the last publish is neither
read from the cache nor made; any change to the file, or a record that is missing, damaged or of
another OUTDIR, only costs the reading: the site is always the site made from nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arbiter_cli.store.site import Page, SiteFiles, write_site
from tests.conftest import Runner


def _site(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".arbiter-site.lock"}


def _publish(arbiter: Runner, event: Path, site: Path) -> str:
    done = arbiter("-d", event, "publish", site)
    assert done.code == 0, done.err
    assert done.err.startswith("published ") and done.err.count("\n") == 1  # nothing said of the cache
    return done.err


def _counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """The rounds ``module.name(tournament, after, ...)`` is asked for from now on (a standings' maker)."""
    computed: list[int] = []
    original = getattr(module, name)

    def counted(tournament: object, after: int, *args: object, **kwargs: object) -> object:
        computed.append(after)
        return original(tournament, after, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return computed


def _cold(arbiter: Runner, event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cold-cache"))
    _publish(arbiter, event, tmp_path / "cold-site")
    return _site(tmp_path / "cold-site")


def _made_pages(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the pages (:class:`Page`) whose bytes are asked for from now on."""
    asked: list[str] = []
    original = SiteFiles.__getitem__

    def get(self: SiteFiles, path: str) -> bytes:
        if isinstance(self.entry(path), Page):
            asked.append(path)
        return original(self, path)

    monkeypatch.setattr(SiteFiles, "__getitem__", get)
    return asked


def _records(cache: Path) -> list[Path]:
    return sorted(cache.rglob("published-*"))


def test_a_page_the_last_publish_left_as_it_is_is_neither_read_from_the_cache_nor_made(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    _publish(arbiter, event, tmp_path / "site")
    assert len(_records(cache)) == 1
    assert arbiter("-d", event, "result", "5", "2", "1-0").code == 0
    asked = _made_pages(monkeypatch)
    _publish(arbiter, event, tmp_path / "site")
    assert {"rounds/5.html", "standings/5.html", "standings.html", "players/2.html"} <= set(asked)
    assert not {f"{kind}/{n}.html" for kind in ("rounds", "standings") for n in range(1, 5)} & set(asked)
    assert _site(tmp_path / "site") == {**_cold(arbiter, event, tmp_path, monkeypatch), ".arbiter-site":
                                        (tmp_path / "site" / ".arbiter-site").read_bytes()}


def test_a_page_file_changed_since_the_last_publish_is_written_again_whatever_its_size_and_time(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    site = tmp_path / "site"
    _publish(arbiter, event, site)
    page = site / "rounds" / "1.html"
    kept, stat = page.read_bytes(), page.stat()
    page.write_bytes(kept.replace(b"<", b"[", 1))  # the same size, and the same times put back
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    _publish(arbiter, event, site)
    assert page.read_bytes() == kept
    replaced = site / "rounds" / "2.html"  # a file put in its place (another inode), times and size kept
    kept, stat = replaced.read_bytes(), replaced.stat()
    other = tmp_path / "other.html"
    other.write_bytes(kept.replace(b"<", b"[", 1))
    os.utime(other, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    os.replace(other, replaced)
    _publish(arbiter, event, site)
    assert replaced.read_bytes() == kept


@pytest.mark.parametrize("damage", ["garbage", "empty", "not a record", "removed"])
def test_a_record_that_is_damaged_or_missing_only_costs_the_reading(
        damage: str, sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle

    from arbiter_cli.store import site_cache

    event = sample("swiss32-in-progress")
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    _publish(arbiter, event, tmp_path / "site")
    [record] = _records(cache)
    if damage == "garbage":
        record.write_bytes(record.read_bytes()[:-7] + b"garbage")
    elif damage == "empty":
        record.write_bytes(b"")
    elif damage == "not a record":  # an entry whose check holds, of another shape: {path: "token"}
        body = pickle.dumps({"index.html": "token"})
        record.write_bytes(site_cache._MAGIC + site_cache._check(record.name, body) + body)
    else:
        record.unlink()
    (tmp_path / "site" / "rounds" / "1.html").write_bytes(b"edited")
    assert arbiter("-d", event, "result", "5", "2", "1-0").code == 0
    _publish(arbiter, event, tmp_path / "site")
    assert _records(cache) == [record]  # recorded again
    site = _site(tmp_path / "site")
    assert site == {**_cold(arbiter, event, tmp_path, monkeypatch), ".arbiter-site": site[".arbiter-site"]}


def test_a_record_is_of_one_outdir_and_one_event_folder(sample, arbiter: Runner, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A site published to a second OUTDIR reads every page (that folder's files are not the first's),
    and each OUTDIR keeps a record of its own."""
    event = sample("swiss32-in-progress")
    cache = tmp_path / "cache"
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(cache))
    _publish(arbiter, event, tmp_path / "one")
    asked = _made_pages(monkeypatch)
    said = _publish(arbiter, event, tmp_path / "two")
    assert asked and " 0 unchanged" in said  # every page read or made, and written
    assert len(_records(cache)) == 2
    assert _site(tmp_path / "one").keys() == _site(tmp_path / "two").keys()


def test_write_site_reads_a_page_only_when_its_token_or_its_file_changed(tmp_path: Path) -> None:
    """:func:`write_site` given :class:`SiteFiles` with a record: a page of the same token whose file
    is as recorded is left unread; one of another token is read and compared (the same bytes: left
    as it is, its time kept)."""

    class Records:
        def __init__(self) -> None:
            self.kept: dict[Path, dict[str, tuple[str, int, int, int, int]]] = {}

        def published(self, outdir: Path) -> dict[str, tuple[str, int, int, int, int]]:
            return dict(self.kept.get(outdir, {}))

        def keep_published(self, outdir: Path, seen: dict[str, tuple[str, int, int, int, int]]) -> None:
            self.kept[outdir] = dict(seen)

    records, read = Records(), []

    def files(tokens: dict[str, str]) -> SiteFiles:
        made = SiteFiles(records)
        made.put("style.css", b"css")
        for name, token in tokens.items():
            made.put(name, Page(token, lambda name=name: read.append(name) or f"<p>{name}</p>".encode()))
        return made

    out = tmp_path / "site"
    first = write_site(out, files({"a.html": "1", "b.html": "1"}))
    assert sorted(first.written) == ["a.html", "b.html", "style.css"] and sorted(read) == ["a.html", "b.html"]
    read.clear()
    second = write_site(out, files({"a.html": "1", "b.html": "2"}))  # b's inputs changed, not its bytes
    assert read == ["b.html"] and second.written == () and len(second.unchanged) == 3
    read.clear()
    write_site(out, files({"a.html": "1", "b.html": "2"}))
    assert read == []
    assert set(records.kept[out]) == {"a.html", "b.html"}  # pages with a token only


def test_each_rounds_standings_stay_in_the_cache_though_a_publish_that_made_no_page_read_none(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A publish that finds every page as it left it reads no standings of a team event; those of the
    round before the last, which the last round's page reads when a result changes it, are kept all
    the same: after the result only the last round's standings are computed."""
    from arbiter_cli.lifecycle import team_finish

    event = sample("team-swiss20-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    _publish(arbiter, event, tmp_path / "site")
    _publish(arbiter, event, tmp_path / "site")
    assert arbiter("-d", event, "result", "4", "4.1", "1-0").code == 0
    computed = _counted(monkeypatch, team_finish, "team_standings_of")
    _publish(arbiter, event, tmp_path / "site")
    assert computed == [4]


def test_a_publish_after_a_correction_makes_the_standings_of_the_corrected_round_and_after_only(
        sample, arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The points before each round are kept in the cache, though only a page made after the build's end
    reads them: the build's end removed them, and every publish after a correction in round 3 made the
    standings after round 2 again (issue 29). Standings themselves are made for the build alone."""
    from arbiter_cli.lifecycle import standings

    event = sample("swiss32-in-progress")
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ARBITER_PROCESSES", "1")  # all counted in this process
    _publish(arbiter, event, tmp_path / "site")
    computed = _counted(monkeypatch, standings, "_compute_standings")
    for code in ("0-1", "1-0"):
        assert arbiter("-d", event, "result", "3", "1", code, "--correct").code == 0
        computed.clear()
        _publish(arbiter, event, tmp_path / "site")
        assert sorted(computed) == [3, 4, 5], code
